//! Applying a [`Pat`] to the tokens of one statement: the arguments it
//! captured, or the furthest failure with what was expected there.
//!
//! The rule is chumsky's: every token that does not match records what
//! was expected at its position; the failure that got furthest wins, the
//! expectations at that position merged. An optional part that does not
//! match leaves its failure behind, so a statement that ends too early
//! or goes on too long says what could have come there
//! (`` expected `,` or the end of the statement ``). A [`Pat::Label`]
//! names what it expected in place of its parts' tokens when it fails
//! where it starts. A statement's forms are first matched without
//! recording any of this ([`apply`]); only one that matches none of
//! them is matched again to explain why ([`explain`]).
//!
//! The matcher is one function per token type, not one per statement:
//! the patterns are data. A dialect whose operands nest (3.6's
//! expressions, selections and blocks) reads them with a `Reader` of
//! its own (`Pat::Read`), and its statements, which no token ends, are
//! matched as the longest prefix their pattern takes (`apply_prefix`);
//! only the 3.6 grammar does, so they exist with its feature.

use std::borrow::Cow;
use std::ops::Range;

use super::Pat;
use crate::diag::Span;

/// A dialect's token, as the matcher sees it.
pub(crate) trait Token {
    /// The classes [`Pat::Tok`] names.
    type Class: 'static;
    /// Whether the token is of `class`.
    fn is(&self, class: &Self::Class) -> bool;
}

/// What was expected where matching got furthest.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Failure {
    /// The index of the token there (the token count: the end).
    pub at: usize,
    /// The labels expected there, without repeats, in the order met.
    pub expected: Vec<Cow<'static, str>>,
    /// The arguments ([`Pat::Arg`]) that start there and were expected:
    /// all of them when [`Failure::unnamed`] is false.
    pub args: Vec<&'static str>,
    /// Some of what was expected there is no argument's start (a `,`,
    /// the end of the statement).
    pub unnamed: bool,
}

/// What [`apply`] expects where a statement has to end.
pub(crate) const END: &str = "the end of the statement";

impl Failure {
    /// Records that `label` was expected at token `at`.
    pub(crate) fn expect(&mut self, at: usize, label: impl Into<Cow<'static, str>>) {
        let label = label.into();
        if at < self.at && !self.expected.is_empty() {
            return;
        }
        if at > self.at || self.expected.is_empty() {
            self.at = at;
            self.expected.clear();
            self.args.clear();
        }
        if !self.expected.contains(&label) {
            self.expected.push(label);
        }
        self.unnamed = true;
    }

    /// Merges another failure in: the furthest wins, equal ones merge.
    pub(crate) fn merge(&mut self, other: Failure) {
        if other.expected.is_empty() || (other.at < self.at && !self.expected.is_empty()) {
            return;
        }
        if other.at > self.at || self.expected.is_empty() {
            *self = other;
            return;
        }
        for label in other.expected {
            if !self.expected.contains(&label) {
                self.expected.push(label);
            }
        }
        for arg in other.args {
            if !self.args.contains(&arg) {
                self.args.push(arg);
            }
        }
        self.unnamed |= other.unnamed;
    }

    /// Merges a copy of `other` in, copying only what is kept.
    #[cfg(feature = "nethack36")]
    pub(crate) fn merge_from(&mut self, other: &Failure) {
        if other.expected.is_empty() || (other.at < self.at && !self.expected.is_empty()) {
            return;
        }
        self.merge(other.clone());
    }

    /// What was expected where it failed, named by the arguments of
    /// statement `keyword` that start there (`the state of DOOR`), if
    /// nothing else was expected there.
    pub(crate) fn what_for(&self, keyword: &str) -> Option<String> {
        if self.unnamed || self.args.is_empty() {
            return None;
        }
        let args: Vec<_> = self.args.iter().map(|a| format!("the {a}")).collect();
        Some(format!("{} of {keyword}", args.join(" or ")))
    }
}

/// The arguments a pattern captured: for each [`Pat::Arg`] that matched,
/// its name and its tokens.
pub(crate) struct Args<'t, T> {
    tokens: &'t [(T, Span)],
    captured: &'t [(&'static str, Range<usize>)],
}

impl<'t, T> Args<'t, T> {
    /// The arguments `captured` (by [`apply`]) from `tokens`.
    pub(crate) fn new(
        tokens: &'t [(T, Span)],
        captured: &'t [(&'static str, Range<usize>)],
    ) -> Self {
        Args { tokens, captured }
    }

    /// The tokens of argument `name` (empty if it was not given).
    pub(crate) fn get(&self, name: &str) -> &'t [(T, Span)] {
        self.all(name).next().unwrap_or(&[])
    }

    /// The tokens of every argument `name`, in order (a list's items).
    pub(crate) fn all<'n>(&self, name: &'n str) -> impl Iterator<Item = &'t [(T, Span)]> + 'n
    where
        't: 'n,
    {
        let tokens = self.tokens;
        self.captured
            .iter()
            .filter(move |(n, _)| *n == name)
            .filter_map(move |(_, r)| tokens.get(r.clone()))
    }
}

/// The span from the first of `tokens` to the end of the last (`0..0`
/// for none): an argument's span.
pub(crate) fn span_of<T>(tokens: &[(T, Span)]) -> Span {
    match (tokens.first(), tokens.last()) {
        (Some((_, a)), Some((_, b))) => a.start..b.end,
        _ => 0..0,
    }
}

/// Matches `pat` against `tokens[from..]`, which it must consume to the
/// end: on success the captured arguments are appended to `captured`.
/// No failure is recorded on the way (most statements match, and what
/// was expected where is only needed for one that does not): a statement
/// that matches none of its forms is matched again by [`explain`].
pub(crate) fn apply<T: Token>(
    pat: &Pat<T::Class>,
    tokens: &[(T, Span)],
    from: usize,
    captured: &mut Vec<(&'static str, Range<usize>)>,
) -> bool {
    let mut failure = Failure::default();
    let mut m = Matcher::<T, false> {
        tokens,
        captured,
        failure: &mut failure,
        #[cfg(feature = "nethack36")]
        reader: &mut NoOperands,
    };
    let mark = m.captured.len();
    let matched = m.run(pat, from) == Some(tokens.len());
    if !matched {
        m.captured.truncate(mark);
    }
    matched
}

/// Why `pat` does not match `tokens[from..]` to the end, as [`apply`]
/// matches it: the furthest failure, merged into `failure` (a statement's
/// forms are explained in turn into one failure).
pub(crate) fn explain<T: Token>(
    pat: &Pat<T::Class>,
    tokens: &[(T, Span)],
    from: usize,
    failure: &mut Failure,
) {
    let mut m = Matcher::<T, true> {
        tokens,
        captured: &mut Vec::new(),
        failure,
        #[cfg(feature = "nethack36")]
        reader: &mut NoOperands,
    };
    if let Some(end) = m.run(pat, from).filter(|&end| end < tokens.len()) {
        m.failure.expect(end, END);
    }
}

/// Matches `pat` against `tokens[from..]` as far as it goes: the index
/// after the longest match its (greedy, ordered) alternatives and
/// repetitions make, with its arguments appended to `captured`; `None`
/// if it does not match. Either way `failure` holds the furthest failure
/// met (where a match stops, what could have continued it). `reader`
/// reads the [`Pat::Read`] operands.
#[cfg(feature = "nethack36")]
pub(crate) fn apply_prefix<T: Token>(
    pat: &Pat<T::Class>,
    tokens: &[(T, Span)],
    from: usize,
    captured: &mut Vec<(&'static str, Range<usize>)>,
    failure: &mut Failure,
    reader: &mut dyn Reader<T>,
) -> Option<usize> {
    Matcher::<T, true> {
        tokens,
        captured,
        failure,
        reader,
    }
    .run(pat, from)
}

/// Reads a dialect's operands of several tokens ([`Pat::Read`]).
#[cfg(feature = "nethack36")]
pub(crate) trait Reader<T: Token> {
    /// Reads operand `class` at `tokens[at..]`: the index after it, or
    /// `None` with what was expected recorded in `failure`.
    fn read(
        &mut self,
        class: &T::Class,
        tokens: &[(T, Span)],
        at: usize,
        failure: &mut Failure,
    ) -> Option<usize>;
}

/// The reader of dialects without [`Pat::Read`] operands.
#[cfg(feature = "nethack36")]
struct NoOperands;

#[cfg(feature = "nethack36")]
impl<T: Token> Reader<T> for NoOperands {
    fn read(&mut self, _: &T::Class, _: &[(T, Span)], _: usize, _: &mut Failure) -> Option<usize> {
        None
    }
}

/// A match in progress; `TRACK`: whether it records what was expected
/// where tokens did not match (in [`Matcher::failure`]).
struct Matcher<'m, 't, T, const TRACK: bool> {
    tokens: &'t [(T, Span)],
    captured: &'m mut Vec<(&'static str, Range<usize>)>,
    failure: &'m mut Failure,
    #[cfg(feature = "nethack36")]
    reader: &'m mut dyn Reader<T>,
}

impl<T: Token, const TRACK: bool> Matcher<'_, '_, T, TRACK> {
    /// Matches `pat` at token `at`: the index after it, or `None` (with
    /// the captures it made removed). A token, most patterns' parts, is
    /// matched here, in its caller; the rest by [`Matcher::run_compound`].
    #[inline(always)]
    fn run(&mut self, pat: &Pat<T::Class>, at: usize) -> Option<usize> {
        match pat {
            Pat::Tok(class, label) => self.token(class, label, at),
            _ => self.run_compound(pat, at),
        }
    }

    /// A token of `class` at `at`.
    #[inline(always)]
    fn token(&mut self, class: &T::Class, label: &'static str, at: usize) -> Option<usize> {
        match self.tokens.get(at) {
            Some((t, _)) if t.is(class) => Some(at + 1),
            _ => {
                if TRACK {
                    self.failure.expect(at, label);
                }
                None
            }
        }
    }

    #[inline(never)]
    fn run_compound(&mut self, pat: &Pat<T::Class>, at: usize) -> Option<usize> {
        let mark = self.captured.len();
        let end = self.run_inner(pat, at);
        if end.is_none() {
            self.captured.truncate(mark);
        }
        end
    }

    fn run_inner(&mut self, pat: &Pat<T::Class>, at: usize) -> Option<usize> {
        match pat {
            Pat::Tok(class, label) => self.token(class, label, at),
            #[cfg(feature = "nethack36")]
            Pat::Read(class, label) => {
                let outer = std::mem::take(self.failure);
                let end = self.reader.read(class, self.tokens, at, self.failure);
                let mut inner = std::mem::replace(self.failure, outer);
                if end.is_none() && (inner.expected.is_empty() || inner.at == at) {
                    inner = Failure::default();
                    inner.expect(at, *label);
                }
                self.failure.merge(inner);
                end
            }
            Pat::Seq(parts) => parts.iter().try_fold(at, |at, p| self.run(p, at)),
            Pat::Alt(choices) => choices.iter().find_map(|p| self.run(p, at)),
            Pat::Opt(p) => Some(self.run(p, at).unwrap_or(at)),
            Pat::Many(p) => {
                let mut at = at;
                // An item that matches nothing would repeat forever.
                while let Some(next) = self.run(p, at).filter(|&n| n > at) {
                    at = next;
                }
                Some(at)
            }
            Pat::SepBy {
                item,
                sep,
                min,
                max,
            } => {
                let mut count = 0;
                let mut at = at;
                if *max > 0 {
                    if let Some(next) = self.run(item, at) {
                        at = next;
                        count = 1;
                    }
                }
                while count > 0 && count < *max {
                    let Some(next) = self.run(sep, at).and_then(|n| self.run(item, n)) else {
                        break;
                    };
                    if next == at {
                        break;
                    }
                    at = next;
                    count += 1;
                }
                (count >= *min).then_some(at)
            }
            Pat::Label(_, p) if !TRACK => self.run(p, at),
            Pat::Label(label, p) => {
                let outer = std::mem::take(self.failure);
                let end = self.run(p, at);
                let mut inner = std::mem::replace(self.failure, outer);
                if !inner.expected.is_empty() && inner.at == at {
                    // The label stands for its parts, arguments included.
                    inner.expected.clear();
                    inner.expected.push(Cow::Borrowed(label));
                    inner.args.clear();
                    inner.unnamed = true;
                }
                self.failure.merge(inner);
                end
            }
            Pat::Arg(name, p) if !TRACK => {
                let end = self.run(p, at)?;
                self.captured.push((name, at..end));
                Some(end)
            }
            Pat::Arg(name, p) => {
                let outer = std::mem::take(self.failure);
                let end = self.run(p, at);
                let mut inner = std::mem::replace(self.failure, outer);
                if !inner.expected.is_empty() && inner.at == at {
                    inner.args = vec![name];
                    inner.unnamed = false;
                }
                self.failure.merge(inner);
                let end = end?;
                self.captured.push((name, at..end));
                Some(end)
            }
        }
    }
}
