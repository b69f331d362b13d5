//! What the parsers share: cutting the token stream into statements,
//! reporting what was expected, keyword suggestions, the end of the
//! scanners' input; and (3.6's chumsky grammar) its token-list input.

use std::ops::Range;

use crate::diag::{Reporter, Span};
use crate::statement::Failure;

#[cfg(feature = "nethack36")]
mod chumsky_input;
#[cfg(feature = "nethack36")]
pub(crate) use chumsky_input::{sp, Tokens};

/// Reports `syntax error` at `span` for the matcher's `failure` of
/// statement `keyword`: found `found`, expected what it expected there
/// (sorted, without repeats, joined with commas and `or`), and what for,
/// if the grammar names it (`the state of DOOR`).
pub(crate) fn report_expected(
    report: &mut Reporter,
    span: Range<usize>,
    found: &str,
    failure: &Failure,
    keyword: Option<&str>,
) {
    let mut expected: Vec<&str> = failure.expected.iter().map(|e| e.as_ref()).collect();
    expected.sort_unstable();
    expected.dedup();
    let wanted = match expected.split_last() {
        None => "something else".to_string(),
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    };
    let what_for = keyword
        .and_then(|k| failure.what_for(k))
        .map_or_else(String::new, |w| format!(" for {w}"));
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
pub(crate) fn statements<T>(
    tokens: &[(T, Span)],
    is_head: impl Fn(&[(T, Span)]) -> bool,
) -> impl Iterator<Item = (&[(T, Span)], Span)> {
    let mut rest = tokens;
    std::iter::from_fn(move || {
        let first = rest.first()?;
        let len = (1..rest.len())
            .find(|&i| is_head(&rest[i..]))
            .unwrap_or(rest.len());
        let (piece, tail) = rest.split_at(len);
        rest = tail;
        let start = first.1.start;
        let end = piece.last().map_or(start, |(_, s)| s.end);
        Some((piece, start..end))
    })
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
