//! Turning chumsky's errors into diagnostics, for both parsers.

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
