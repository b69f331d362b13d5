//! What both parsers share: cutting the token stream into statements, and
//! turning chumsky's errors into diagnostics.

use std::fmt;

use chumsky::error::{Rich, RichPattern};
use chumsky::span::SimpleSpan;

use crate::diag::Reporter;

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
    let mut expected: Vec<String> = e
        .expected()
        .map(|p| match p {
            RichPattern::Token(t) => t.to_string(),
            RichPattern::Label(l) => l.to_string(),
            RichPattern::EndOfInput => "the end of the statement".to_string(),
            other => other.to_string(),
        })
        .collect();
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
    report
        .error(e.span().into_range(), "syntax error")
        .label(format!("found {found}, expected {wanted}"));
}

/// The token stream cut before every token `is_head` accepts: each piece is
/// one statement (the first piece may start with junk), with the byte span
/// from its first to its last token.
pub(crate) fn statements<T>(
    tokens: &[(T, SimpleSpan)],
    is_head: impl Fn(&T) -> bool,
) -> impl Iterator<Item = (&[(T, SimpleSpan)], std::ops::Range<usize>)> {
    let mut rest = tokens;
    std::iter::from_fn(move || {
        let first = rest.first()?;
        let len = 1 + rest[1..]
            .iter()
            .position(|(t, _)| is_head(t))
            .unwrap_or(rest.len() - 1);
        let (piece, tail) = rest.split_at(len);
        rest = tail;
        let start = first.1.start;
        let end = piece.last().map_or(start, |(_, s)| s.end);
        Some((piece, start..end))
    })
}
