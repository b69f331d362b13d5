//! The matcher's rules on a toy language whose tokens are characters and
//! whose classes are the characters themselves.

use super::*;
use crate::diag::Span;

impl Token for char {
    type Class = char;

    fn is(&self, class: &char) -> bool {
        self == class
    }
}

fn toks(s: &str) -> Vec<(char, Span)> {
    s.chars().enumerate().map(|(i, c)| (c, i..i + 1)).collect()
}

/// Matches `pat` against all of `s`: the captures, or the failure.
fn run(pat: &Pat<char>, s: &str) -> Result<Vec<(&'static str, String)>, Failure> {
    let t = toks(s);
    let mut captured = Vec::new();
    if apply(pat, &t, 0, &mut captured) {
        Ok(captured
            .iter()
            .map(|(n, r)| (*n, s[r.clone()].to_string()))
            .collect())
    } else {
        let mut failure = Failure::default();
        explain(pat, &t, 0, &mut failure);
        Err(failure)
    }
}

/// What `f` expected, as plain strings.
fn expected(f: &Failure) -> Vec<&str> {
    f.expected.iter().map(|e| e.as_ref()).collect()
}

const A: Pat<char> = Pat::Tok('a', "`a`");
const B: Pat<char> = Pat::Tok('b', "`b`");
const COMMA: Pat<char> = Pat::Tok(',', "`,`");

#[test]
fn the_furthest_failure_wins_and_merges_what_was_expected_there() {
    // `a` then an optional `,b`: at the end, `,` or the end.
    let pat = Pat::Seq(&[A, Pat::Opt(&Pat::Seq(&[COMMA, B]))]);
    assert_eq!(run(&pat, "a,b").map(|c| c.len()), Ok(0));
    let f = run(&pat, "ab").unwrap_err();
    assert_eq!((f.at, expected(&f)), (1, vec!["`,`", END]));
    // Inside the option, further in: only what was expected there.
    let f = run(&pat, "a,a").unwrap_err();
    assert_eq!((f.at, expected(&f)), (2, vec!["`b`"]));
}

#[test]
fn a_label_stands_for_its_parts_only_where_it_starts() {
    let pair = Pat::Label("a pair", &Pat::Seq(&[A, COMMA, A]));
    let f = run(&pair, "b").unwrap_err();
    assert_eq!(expected(&f), ["a pair"]);
    let f = run(&pair, "a;").unwrap_err();
    assert_eq!((f.at, expected(&f)), (1, vec!["`,`"]));
}

#[test]
fn arguments_are_captured_and_named_in_failures() {
    let pat = Pat::Seq(&[
        Pat::Arg("first", &A),
        COMMA,
        Pat::SepBy {
            item: &Pat::Arg("item", &B),
            sep: &COMMA,
            min: 2,
            max: 3,
        },
    ]);
    let caps = run(&pat, "a,b,b,b").unwrap();
    assert_eq!(caps.len(), 4);
    assert_eq!(caps[0], ("first", "a".to_string()));
    // The fourth item is one too many: the end was expected there.
    let f = run(&pat, "a,b,b,b,b").unwrap_err();
    assert_eq!(
        (f.at, &expected(&f)[..], f.what_for("X")),
        (7, &[END][..], None)
    );
    // Too few: the item was expected, and is named.
    let f = run(&pat, "a,b,a").unwrap_err();
    assert_eq!(f.what_for("X").as_deref(), Some("the item of X"));
    let f = run(&pat, "b").unwrap_err();
    assert_eq!(f.what_for("X").as_deref(), Some("the first of X"));
}

#[test]
fn a_repeat_stops_at_the_first_item_that_does_not_match() {
    let pat = Pat::Many(&Pat::Seq(&[COMMA, Pat::Arg("x", &Pat::Alt(&[A, B]))]));
    assert_eq!(run(&pat, ",a,b,a").unwrap().len(), 3);
    let f = run(&pat, ",a,c").unwrap_err();
    assert_eq!((f.at, &expected(&f)[..]), (3, &["`a`", "`b`"][..]));
    assert_eq!(f.what_for("X").as_deref(), Some("the x of X"));
}

/// Reads `(…)` with anything but parentheses inside as one operand; fails
/// at the end of the tokens, expecting `)`.
#[cfg(feature = "nethack36")]
struct Parens;

#[cfg(feature = "nethack36")]
impl Reader<char> for Parens {
    fn read(
        &mut self,
        _: &char,
        tokens: &[(char, Span)],
        at: usize,
        failure: &mut Failure,
    ) -> Option<usize> {
        if tokens.get(at).map(|t| t.0) != Some('(') {
            failure.expect(at, "`(`");
            return None;
        }
        match tokens[at..].iter().position(|t| t.0 == ')') {
            Some(n) => Some(at + n + 1),
            None => {
                failure.expect(tokens.len(), "`)`".to_string());
                None
            }
        }
    }
}

#[cfg(feature = "nethack36")]
#[test]
fn operands_are_read_by_the_reader_and_a_prefix_match_says_where_it_ends() {
    let pat = Pat::Seq(&[
        A,
        Pat::Arg("p", &Pat::Read('p', "a group")),
        Pat::Opt(&COMMA),
    ]);
    let t = toks("a(bb)b");
    let mut captured = Vec::new();
    let mut failure = Failure::default();
    let end = apply_prefix(&pat, &t, 0, &mut captured, &mut failure, &mut Parens);
    assert_eq!(end, Some(5));
    assert_eq!(captured, [("p", 1..5)]);
    // Where the match stopped, what could have continued it.
    assert_eq!((failure.at, expected(&failure)), (5, vec!["`,`"]));
    // An operand that fails where it starts is expected by its label;
    // one that fails further in keeps its own expectation.
    for (s, at, what) in [("ab", 1, "a group"), ("a(b", 3, "`)`")] {
        let t = toks(s);
        let mut failure = Failure::default();
        let end = apply_prefix(&pat, &t, 0, &mut Vec::new(), &mut failure, &mut Parens);
        assert_eq!(
            (end, failure.at, expected(&failure)),
            (None, at, vec![what])
        );
    }
}
