//! Source files are bytes, not UTF-8: a `.des` string may hold Latin-1
//! bytes (translated variants write them), and lev_comp stores them byte
//! for byte. levbuild reads a file as text with every byte kept: valid
//! UTF-8 as the characters it spells, and each byte of an invalid sequence
//! as one character of a private-use block (U+F780 + the byte − 0x80),
//! which [`bytes`] turns back into that byte when the text is written. So
//! any file round-trips to its exact bytes, and the compilers work on
//! `str` as before.

use std::borrow::Cow;
use std::fmt::{self, Write as _};

/// The character standing for raw byte 0x80; 0xFF is `RAW_BASE + 0x7F`.
const RAW_BASE: u32 = 0xF780;

/// The text of `bytes`, every byte kept (see the module documentation).
pub(crate) fn decode(bytes: &[u8]) -> Cow<'_, str> {
    let mut rest = match std::str::from_utf8(bytes) {
        Ok(text) => return Cow::Borrowed(text),
        Err(_) => bytes,
    };
    let mut text = String::with_capacity(bytes.len() + 16);
    loop {
        match std::str::from_utf8(rest) {
            Ok(valid) => {
                text.push_str(valid);
                return Cow::Owned(text);
            }
            Err(e) => {
                let (valid, after) = rest.split_at(e.valid_up_to());
                // `valid` is UTF-8 by construction.
                text.push_str(std::str::from_utf8(valid).unwrap_or_default());
                let bad = e.error_len().unwrap_or(after.len());
                for &b in &after[..bad] {
                    text.push(raw_char(b));
                }
                rest = &after[bad..];
            }
        }
    }
}

/// The bytes `text` stands for: the inverse of [`decode`].
pub(crate) fn bytes(text: &str) -> Cow<'_, [u8]> {
    if !text.chars().any(is_raw) {
        return Cow::Borrowed(text.as_bytes());
    }
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        match raw_byte(c) {
            Some(b) => out.push(b),
            None => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
        }
    }
    Cow::Owned(out)
}

/// How many bytes `text` stands for (what a length field in a file counts).
pub(crate) fn byte_len(text: &str) -> usize {
    text.len() - 2 * text.chars().filter(|&c| is_raw(c)).count()
}

/// `text` quoted as Rust's `{:?}` quotes a string, except that each raw
/// byte (see the module documentation) is written `\xHH`, as a person
/// reads the byte the source held: `"caf\xE9"`.
pub(crate) fn quoted(text: &str) -> Quoted<'_> {
    Quoted(text)
}

/// The `Display` of [`quoted`].
pub(crate) struct Quoted<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('"')?;
        let mut rest = self.0;
        while !rest.is_empty() {
            let end = rest.find(is_raw).unwrap_or(rest.len());
            let (plain, after) = rest.split_at(end);
            if !plain.is_empty() {
                // `{:?}` escapes character by character: a run quoted alone
                // reads as it does inside the whole string.
                let debug = format!("{plain:?}");
                f.write_str(&debug[1..debug.len() - 1])?;
            }
            let mut chars = after.chars();
            if let Some(b) = chars.next().and_then(raw_byte) {
                write!(f, "\\x{b:02X}")?;
            }
            rest = chars.as_str();
        }
        f.write_char('"')
    }
}

fn raw_char(b: u8) -> char {
    char::from_u32(RAW_BASE + u32::from(b) - 0x80).unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// The byte a private-use character of the text stands for, if it is one.
pub(crate) fn raw_byte(c: char) -> Option<u8> {
    let v = u32::from(c).checked_sub(RAW_BASE)?;
    (v < 0x80).then(|| (v + 0x80) as u8)
}

fn is_raw(c: char) -> bool {
    raw_byte(c).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_sequence_round_trips() {
        let cases: [&[u8]; 5] = [
            b"plain",
            "caf\u{e9} in UTF-8".as_bytes(),
            b"caf\xe9 in Latin-1",
            b"\xff\xfe\x80 and \xc3",
            b"",
        ];
        for bytes in cases {
            let text = decode(bytes);
            assert_eq!(&*super::bytes(&text), bytes, "{text:?}");
            assert_eq!(byte_len(&text), bytes.len());
        }
        assert!(matches!(decode(b"ok"), Cow::Borrowed(_)));
        assert_eq!(decode(b"caf\xe9"), "caf\u{f7e9}");
    }

    #[test]
    fn quoted_text_shows_raw_bytes_as_hex_escapes() {
        let text = decode(b"caf\xe9 \"\\\n\xff");
        assert_eq!(quoted(&text).to_string(), r#""caf\xE9 \"\\\n\xFF""#);
        assert_eq!(quoted("").to_string(), r#""""#);
        assert_eq!(
            quoted("d\u{e9}j\u{e0}").to_string(),
            format!("{:?}", "d\u{e9}j\u{e0}")
        );
    }
}

/// How a character of a source or message is shown to a person, when not
/// as itself: control characters (C0 but tab and newline, a carriage
/// return not before a newline, DEL, C1), Unicode's bidirectional
/// overrides and isolates, and the raw bytes of the module documentation.
/// A terminal would act on them (`\x1b[31m` colours what follows, an OSC
/// sequence sets the window title) or draw them in no column, putting a
/// caret under the wrong character; escaped, each is plain ASCII.
#[cfg(feature = "compile")]
fn escaped(c: char, next: Option<char>) -> Option<String> {
    match c {
        '\t' | '\n' => None,
        '\r' if next == Some('\n') => None,
        c if c.is_control() => Some(match u32::from(c) {
            n @ 0..=0xff => format!("\\x{n:02x}"),
            n => format!("\\u{{{n:x}}}"),
        }),
        '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => {
            Some(format!("\\u{{{:x}}}", u32::from(c)))
        }
        c => raw_byte(c).map(|b| format!("\\x{b:02X}")),
    }
}

/// How many characters `line` (a part of one line) takes once escaped.
#[cfg(feature = "compile")]
pub(crate) fn shown_width(line: &str) -> usize {
    let mut chars = line.chars().peekable();
    let mut width = 0;
    while let Some(c) = chars.next() {
        width += escaped(c, chars.peek().copied()).map_or(1, |e| e.chars().count());
    }
    width
}

/// `text` with the characters [`escaped`] names written as escapes.
#[cfg(feature = "compile")]
pub(crate) fn escape_controls(text: &str) -> Cow<'_, str> {
    escape_controls_span(text, 0..0).0
}

/// `text` as [`escape_controls`] writes it, and where the byte range
/// `span` of `text` lies in it.
#[cfg(feature = "compile")]
pub(crate) fn escape_controls_span(
    text: &str,
    span: std::ops::Range<usize>,
) -> (Cow<'_, str>, std::ops::Range<usize>) {
    let escaped = Escaped::of(text);
    let span = escaped.span(span);
    (escaped.text, span)
}

/// A text with its control characters escaped ([`escape_controls`]), and
/// where its escapes grew it, to place spans of the text in it: made once
/// for the many spans of a file's diagnostics.
#[cfg(feature = "compile")]
pub(crate) struct Escaped<'t> {
    /// The escaped text.
    pub text: Cow<'t, str>,
    /// Each escaped character's byte offset in the text and the bytes
    /// the escapes up to and including it added, in order.
    growth: Vec<(usize, usize)>,
}

#[cfg(feature = "compile")]
impl<'t> Escaped<'t> {
    pub(crate) fn of(text: &'t str) -> Escaped<'t> {
        let mut chars = text.char_indices().peekable();
        let mut out: Option<String> = None;
        let mut growth = Vec::new();
        let mut grown = 0;
        while let Some((i, c)) = chars.next() {
            let next = chars.peek().map(|&(_, n)| n);
            match escaped(c, next) {
                Some(e) => {
                    let out = out.get_or_insert_with(|| text[..i].to_string());
                    grown += e.len() - c.len_utf8();
                    growth.push((i, grown));
                    out.push_str(&e);
                }
                None => {
                    if let Some(out) = &mut out {
                        out.push(c);
                    }
                }
            }
        }
        Escaped {
            text: out.map_or(Cow::Borrowed(text), Cow::Owned),
            growth,
        }
    }

    /// Where the byte range `span` of the text lies in the escaped text.
    pub(crate) fn span(&self, span: std::ops::Range<usize>) -> std::ops::Range<usize> {
        // What the escapes of the characters before `at` added.
        let before = |at: usize| {
            let n = self.growth.partition_point(|&(i, _)| i < at);
            n.checked_sub(1).map_or(0, |k| self.growth[k].1)
        };
        span.start + before(span.start)..span.end + before(span.end)
    }
}

#[cfg(all(test, feature = "compile"))]
mod escape_tests {
    use super::*;

    #[test]
    fn controls_are_escaped_and_spans_follow() {
        assert!(matches!(
            escape_controls("plain\ttext\r\n"),
            Cow::Borrowed(_)
        ));
        assert_eq!(escape_controls("a\x1b[31mb"), "a\\x1b[31mb");
        assert_eq!(escape_controls("\x1b]0;title\x07"), "\\x1b]0;title\\x07");
        assert_eq!(
            escape_controls("a\rb\u{85}\u{202e}"),
            "a\\x0db\\x85\\u{202e}"
        );
        assert_eq!(escape_controls(&decode(b"caf\xe9")), "caf\\xE9");
        // The span `MONSTER` after three control bytes.
        let (text, span) = escape_controls_span("\x01\x02\x03MONSTER x", 3..10);
        assert_eq!(text, "\\x01\\x02\\x03MONSTER x");
        assert_eq!(&text[span], "MONSTER");
        let (text, span) = escape_controls_span("ab\x1b", 1..3);
        assert_eq!(&text[span], "b\\x1b");
    }
}
