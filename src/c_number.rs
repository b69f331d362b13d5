//! How the C tools read a number: `atoi`, which NetHack's scanners call
//! on every integer they see. On the 64-bit hosts the reference tools run
//! on, `atoi` is `(int) strtol(text)`: the number saturates at the
//! bounds of a 64-bit `long`, then keeps its low 32 bits. `4294967297`
//! is 1, `2147483648` is -2147483648, `99999999999999999999` is -1.

use std::ops::Range;

use crate::diag::{warn, Reporter};

/// C's `atoi` of `text`: an optional sign and the digits after it, up to
/// the first other character (none: 0).
pub(crate) fn atoi(text: &str) -> i64 {
    let (negative, digits) = split(text);
    let magnitude: i128 = digits.bytes().fold(0, |n: i128, d| {
        n.saturating_mul(10).saturating_add(i128::from(d - b'0'))
    });
    let value = if negative { -magnitude } else { magnitude };
    // strtol saturates at the bounds of `long`, then `int` keeps the low
    // 32 bits.
    let long = value.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64;
    i64::from(long as i32)
}

/// The sign and the run of digits `atoi` reads from `text`.
fn split(text: &str) -> (bool, &str) {
    let (negative, rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let n = rest.bytes().take_while(u8::is_ascii_digit).count();
    (negative, &rest[..n])
}

/// Whether the number written as `text` is the number `atoi` reads.
fn read_as_written(text: &str) -> bool {
    let (negative, digits) = split(text);
    let significant = digits.trim_start_matches('0');
    // Nine digits are under 2^31: read as written.
    significant.len() <= 9
        || (significant.len() == 10 && {
            let magnitude: i64 = significant.parse().unwrap_or(0);
            let written = if negative { -magnitude } else { magnitude };
            written == atoi(text)
        })
}

/// Warns of each number of a token (`span` of `source`; a token can hold
/// two, as a dice `3d6`, or sit in brackets, as a chance `[ 50% ]`) that
/// `atoi` does not read as written: the tool stores what it reads.
pub(crate) fn warn_if_changed(source: &str, span: Range<usize>, tool: &str, report: &mut Reporter) {
    // Nine bytes hold no number of ten digits: every token of a level
    // but a rare long one is done here.
    if span.len() <= 9 {
        return;
    }
    let Some(text) = source.get(span.clone()) else {
        return;
    };
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let signed = i > 0 && matches!(bytes[i - 1], b'-' | b'+');
        let start = if signed { i - 1 } else { i };
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let number = &text[start..i];
        if !read_as_written(number) {
            let at = span.start + start..span.start + i;
            report
                .warning(
                    warn::NUMBER_READ_AS,
                    at,
                    format!("{number} is read as {}", atoi(number)),
                )
                .label("a number past the range of a 32-bit int")
                .help(format!(
                    "{tool} reads numbers with C's atoi, which keeps the low 32 bits of the \
                     number (past the range of a 64-bit long, of that long's limit)"
                ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atoi_keeps_the_low_bits_of_a_saturated_long() {
        assert_eq!(atoi("42"), 42);
        assert_eq!(atoi("-5"), -5);
        assert_eq!(atoi("+5"), 5);
        assert_eq!(atoi("007"), 7);
        assert_eq!(atoi("4294967297"), 1);
        assert_eq!(atoi("4294967296"), 0);
        assert_eq!(atoi("2147483648"), -2_147_483_648);
        assert_eq!(atoi("-2147483649"), 2_147_483_647);
        // Past i64: strtol gives LONG_MAX / LONG_MIN.
        assert_eq!(atoi("99999999999999999999"), -1);
        assert_eq!(atoi("-99999999999999999999"), 0);
        assert_eq!(atoi(&"9".repeat(500)), -1);
        assert_eq!(atoi("12abc"), 12);
        assert_eq!(atoi("-"), 0);
        assert_eq!(atoi(""), 0);
    }

    #[test]
    fn numbers_read_otherwise_are_warned_of_once_each() {
        let mut report = Reporter::default();
        let src = "x (4294967297, 1) 3d99999999999 [ 50% ] 0000000000000012";
        for (start, end) in [(3, 13), (15, 16), (18, 31), (32, 40), (41, src.len())] {
            warn_if_changed(src, start..end, "lev_comp", &mut report);
        }
        let d = report.finish("t", src);
        let messages: Vec<&str> = d.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "4294967297 is read as 1",
                "99999999999 is read as 1215752191"
            ]
        );
    }
}
