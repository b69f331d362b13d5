//! What the parsers share: their input (a lexed token list), cutting the
//! token stream into statements, and turning chumsky's errors into
//! diagnostics.

use std::fmt;
use std::ops::{Range, RangeFrom};

use chumsky::error::{Rich, RichPattern, RichReason};
use chumsky::input::{ExactSizeInput, Input, ValueInput};
use chumsky::span::SimpleSpan;

use crate::diag::{Reporter, Sp};

/// A lexed token list as chumsky input: tokens by value, spans in bytes of
/// the source.
///
/// It behaves as chumsky's `split_token_span` over the same list would (a
/// span runs from the start of its first token to the end of the last one
/// consumed; past the last token it is `eoi`), but it is one plain type:
/// every combinator over it is type-checked and instantiated over
/// `usize` cursors instead of a mapped input's nested generic types, which
/// is most of what the parsers cost a user's clean build.
#[derive(Clone, Copy)]
pub(crate) struct Tokens<'a, T> {
    tokens: &'a [(T, SimpleSpan)],
    eoi: usize,
}

impl<'a, T> Tokens<'a, T> {
    /// `tokens`, ending at byte `eoi` (where the end of input is reported).
    pub(crate) fn new(tokens: &'a [(T, SimpleSpan)], eoi: usize) -> Self {
        Tokens { tokens, eoi }
    }
}

impl<'a, T: Clone + 'a> Input<'a> for Tokens<'a, T> {
    type Span = SimpleSpan;
    type Token = T;
    type MaybeToken = T;
    type Cursor = usize;
    type Cache = Self;

    fn begin(self) -> (usize, Self) {
        (0, self)
    }

    fn cursor_location(cursor: &usize) -> usize {
        *cursor
    }

    unsafe fn next_maybe(this: &mut Self, cursor: &mut usize) -> Option<T> {
        let (token, _) = this.tokens.get(*cursor)?;
        *cursor += 1;
        Some(token.clone())
    }

    unsafe fn span(this: &mut Self, range: Range<&usize>) -> SimpleSpan {
        match this.tokens.get(*range.start) {
            Some((_, first)) => {
                let end = match *range.end {
                    0 => this.eoi,
                    n => this.tokens[n - 1].1.end,
                };
                SimpleSpan::from(first.start..end)
            }
            None => SimpleSpan::from(this.eoi..this.eoi),
        }
    }
}

impl<'a, T: Clone + 'a> ExactSizeInput<'a> for Tokens<'a, T> {
    unsafe fn span_from(this: &mut Self, range: RangeFrom<&usize>) -> SimpleSpan {
        let start = this
            .tokens
            .get(*range.start)
            .map_or(this.eoi, |(_, s)| s.start);
        SimpleSpan::from(start..this.eoi)
    }
}

impl<'a, T: Clone + 'a> ValueInput<'a> for Tokens<'a, T> {
    unsafe fn next(this: &mut Self, cursor: &mut usize) -> Option<T> {
        Self::next_maybe(this, cursor)
    }
}

/// Reports a chumsky error as `syntax error`, labelled with what was found
/// and what was expected.
pub(crate) fn report_syntax_error<T: fmt::Display>(
    e: &Rich<'_, T, SimpleSpan>,
    report: &mut Reporter,
) {
    let found = match e.found() {
        Some(t) => t.to_string(),
        None => "the end of the statement".to_string(),
    };
    let span = e.span().into_range();
    // A parser's own message (it names no token found): lev_comp's text
    // (`Register Index overflow!`) is the error; any other says what was
    // expected.
    if let RichReason::Custom(message) = e.reason() {
        if message.ends_with('!') {
            report.error(span, message.clone());
        } else {
            report.error(span, "syntax error").label(message.clone());
        }
        return;
    }
    let expected = e
        .expected()
        .map(|p| match p {
            RichPattern::Token(t) => t.to_string(),
            RichPattern::Label(l) => l.to_string(),
            RichPattern::EndOfInput => "the end of the statement".to_string(),
            other => other.to_string(),
        })
        .collect();
    report_expected(report, span, &found, expected, None);
}

/// Reports `syntax error` at `span`: found `found`, expected one of
/// `expected` (sorted, without repeats, joined with commas and `or`),
/// and what for, if the grammar names it (`the state of DOOR`).
pub(crate) fn report_expected(
    report: &mut Reporter,
    span: Range<usize>,
    found: &str,
    mut expected: Vec<String>,
    what_for: Option<&str>,
) {
    expected.sort();
    expected.dedup();
    let wanted = match expected.len() {
        0 => "something else".to_string(),
        1 => expected.remove(0),
        _ => {
            let last = expected.pop().unwrap_or_default();
            format!("{} or {}", expected.join(", "), last)
        }
    };
    let what_for = what_for.map_or_else(String::new, |w| format!(" for {w}"));
    report
        .error(span, "syntax error")
        .label(format!("found {found}, expected {wanted}{what_for}"));
}

/// The keyword of `words` a misspelt `word` most likely stands for: a
/// statement keyword (upper case) when `statement` (a `:` follows the
/// word), else a value keyword. Suggested as "did you mean `WORD`?".
pub(crate) fn closest_keyword<'w>(
    word: &str,
    words: impl IntoIterator<Item = &'w str>,
    statement: bool,
) -> Option<&'w str> {
    let is_statement = |w: &str| !w.bytes().any(|b| b.is_ascii_lowercase());
    crate::suggest::closest(
        word,
        words.into_iter().filter(|w| is_statement(w) == statement),
    )
}

/// True for a word a misspelt keyword may be: letters, digits, `_`, `-`.
pub(crate) fn is_word(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_alphabetic())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// The token stream cut before every token `is_head` accepts (it is given
/// the tokens from that one on): each piece is one statement (the first
/// piece may start with junk), with the byte span from its first to its
/// last token.
pub(crate) fn statements<T, S: chumsky::span::Span<Offset = usize>>(
    tokens: &[(T, S)],
    is_head: impl Fn(&[(T, S)]) -> bool,
) -> impl Iterator<Item = (&[(T, S)], std::ops::Range<usize>)> {
    let mut rest = tokens;
    std::iter::from_fn(move || {
        let first = rest.first()?;
        let len = (1..rest.len())
            .find(|&i| is_head(&rest[i..]))
            .unwrap_or(rest.len());
        let (piece, tail) = rest.split_at(len);
        rest = tail;
        let start = first.1.start();
        let end = piece.last().map_or(start, |(_, s)| s.end());
        Some((piece, start..end))
    })
}

/// A parsed value with the source span chumsky gives it.
pub(crate) fn sp<T>(v: T, span: SimpleSpan) -> Sp<T> {
    Sp {
        v,
        span: span.into_range(),
    }
}

/// Whether the C tools' flex scanners stop at `byte` where a token would
/// start: a NUL is flex's end of input, and a byte over 0x7F indexes
/// flex's 7-bit tables out of bounds, which ends the input too (the tool
/// compiles what came before and exits 0). Inside strings, character
/// literals and comments such bytes are text.
pub(crate) fn ends_input(byte: u8) -> bool {
    byte == 0 || byte >= 0x80
}

/// Warns that `source` was read only up to `at`, as `tool`'s scanner
/// reads it (see [`ends_input`]).
pub(crate) fn warn_input_ended(source: &str, at: usize, tool: &str, report: &mut Reporter) {
    let c = source
        .get(at..)
        .and_then(|s| s.chars().next())
        .unwrap_or('\0');
    let what = match (c, crate::text::raw_byte(c)) {
        ('\0', _) => "a NUL byte".to_string(),
        (_, Some(byte)) => format!("the byte {byte:#04X}"),
        ('\u{feff}', _) => "a byte-order mark".to_string(),
        _ => format!("the character {c:?} (bytes over 0x7F)"),
    };
    report
        .warning(
            crate::diag::warn::REST_OF_FILE_IGNORED,
            at..at + c.len_utf8(),
            "the rest of the file is ignored",
        )
        .label(format!("{tool}'s scanner stops at {what} outside a string"))
        .help(format!(
            "{tool} compiles what comes before it and exits as if the file ended here; put \
             such bytes inside a string, or remove them"
        ));
}
