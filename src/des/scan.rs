//! What the `.des` scanners of every dialect share: flex-style keyword
//! tables matched by longest prefix, `MAP` … `ENDMAP` blocks collected row
//! by row, comment lines, newlines and blanks, and the number rules. Each
//! dialect's lexer gives its own token type, keyword table, map characters
//! and comment rule, and its rule for the rest of a token.

use crate::diag::Span;

/// A map block: its rows (digits still in, CR removed) and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MapBlock<'s> {
    pub rows: Vec<&'s str>,
    /// From `MAP` to the end of `ENDMAP`.
    pub span: Span,
}

/// The tokens of a file and its map blocks.
#[derive(Debug)]
pub(crate) struct Lexed<'s, T> {
    pub tokens: Vec<(T, Span)>,
    pub maps: Vec<MapBlock<'s>>,
}

/// Which lines are comments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Comments {
    /// `^#.*\n?`: a `#` in the first column, to the end of the line or file.
    FirstColumn,
    /// `^[ \t]*#.*\n`: blanks may come first, and the newline must follow.
    #[cfg(feature = "nethack36")]
    IndentedWithNewline,
}

/// A dialect's scanning rules.
pub(crate) struct Rules<'s, T> {
    /// Characters a map row may consist of.
    pub is_map_char: fn(u8) -> bool,
    pub comments: Comments,
    /// The token of map block `n`.
    pub map: fn(usize) -> T,
    /// The token for an unterminated map block.
    pub unterminated: fn(&'s str) -> T,
    /// The longest token at a position that is no blank, newline, comment
    /// or map, and its length.
    pub token_at: fn(&'s str, usize) -> (T, usize),
}

/// Length of a newline (`\n` or `\r\n`) at the start of `rest`, if any.
fn newline_len(rest: &[u8]) -> Option<usize> {
    match rest {
        [b'\n', ..] => Some(1),
        [b'\r', b'\n', ..] => Some(2),
        _ => None,
    }
}

/// Length of a comment line at the start of `rest` (which starts a line).
fn comment_len(rest: &[u8], comments: Comments) -> Option<usize> {
    match comments {
        Comments::FirstColumn => (rest.first() == Some(&b'#')).then(|| {
            rest.iter()
                .position(|&c| c == b'\n')
                .map_or(rest.len(), |i| i + 1)
        }),
        #[cfg(feature = "nethack36")]
        Comments::IndentedWithNewline => {
            let blanks = rest
                .iter()
                .take_while(|&&c| c == b' ' || c == b'\t')
                .count();
            if rest.get(blanks) != Some(&b'#') {
                return None;
            }
            rest.iter().position(|&c| c == b'\n').map(|i| i + 1)
        }
    }
}

/// Splits `src` into tokens by `rules`. Never fails: text that matches no
/// rule is a token for the parser to report.
pub(crate) fn scan<'s, T>(src: &'s str, rules: &Rules<'s, T>) -> Lexed<'s, T> {
    let b = src.as_bytes();
    let mut out = Lexed {
        tokens: Vec::new(),
        maps: Vec::new(),
    };
    let mut pos = 0;
    // Inside MAP … ENDMAP: the index of the block being collected.
    let mut in_map: Option<usize> = None;
    while pos < b.len() {
        let at_line_start = pos == 0 || b[pos - 1] == b'\n';
        let rest = &b[pos..];
        if let Some(m) = in_map {
            if rest.starts_with(b"ENDMAP") {
                pos += 6;
                let block = &mut out.maps[m];
                block.span.end = pos;
                out.tokens.push(((rules.map)(m), block.span.clone()));
                in_map = None;
                continue;
            }
            // A map row: map characters up to the end of the line. Like
            // flex's rule it is not anchored: a tab (not a map character)
            // is skipped as white space and the rest of the line is a row.
            let n = rest.iter().take_while(|&&c| (rules.is_map_char)(c)).count();
            if let Some(nl) = newline_len(&rest[n..]) {
                out.maps[m].rows.push(&src[pos..pos + n]);
                pos += n + nl;
                continue;
            }
        }
        if at_line_start {
            if let Some(n) = comment_len(rest, rules.comments) {
                pos += n;
                continue;
            }
        }
        if let Some(nl) = newline_len(rest) {
            pos += nl;
            continue;
        }
        if rest[0] == b' ' || rest[0] == b'\t' {
            pos += 1;
            continue;
        }
        if at_line_start && in_map.is_none() && rest.starts_with(b"MAP") {
            if let Some(nl) = newline_len(&rest[3..]) {
                out.maps.push(MapBlock {
                    rows: Vec::new(),
                    span: pos..pos + 3,
                });
                in_map = Some(out.maps.len() - 1);
                pos += 3 + nl;
                continue;
            }
        }
        let (tok, len) = (rules.token_at)(src, pos);
        out.tokens.push((tok, pos..pos + len));
        pos += len;
    }
    if let Some(m) = in_map {
        let span = out.maps[m].span.clone();
        out.tokens
            .push(((rules.unterminated)(&src[span.clone()]), span));
    }
    out
}

/// A keyword table indexed by first byte, for longest-prefix matching.
pub(crate) struct Keywords<T: 'static> {
    table: &'static [(&'static str, T)],
    by_first_byte: Vec<Vec<usize>>,
}

impl<T> Keywords<T> {
    pub(crate) fn new(table: &'static [(&'static str, T)]) -> Self {
        let mut by_first_byte = vec![Vec::new(); 128];
        for (i, (word, _)) in table.iter().enumerate() {
            by_first_byte[usize::from(word.as_bytes()[0] & 0x7f)].push(i);
        }
        Keywords {
            table,
            by_first_byte,
        }
    }

    /// The longest keyword that `rest` starts with, and its length.
    pub(crate) fn longest(&self, rest: &[u8]) -> Option<(&'static T, usize)> {
        let first = *rest.first()?;
        if !first.is_ascii() {
            return None;
        }
        let mut best: Option<(&'static T, usize)> = None;
        for &i in &self.by_first_byte[usize::from(first)] {
            let (word, tok) = &self.table[i];
            let w = word.as_bytes();
            if rest.starts_with(w) && best.is_none_or(|(_, n)| w.len() > n) {
                best = Some((tok, w.len()));
            }
        }
        best
    }

    /// The word of the first entry `is` accepts, for messages.
    pub(crate) fn word_of(&self, is: impl Fn(&T) -> bool) -> &'static str {
        self.table
            .iter()
            .find(|(_, t)| is(t))
            .map_or("?", |(w, _)| w)
    }
}

/// `\[\ *[0-9]+\%\ *\]` at the start of `rest`: the value and the length.
pub(crate) fn percent(rest: &[u8]) -> Option<(i64, usize)> {
    let mut i = 1;
    while rest.get(i) == Some(&b' ') {
        i += 1;
    }
    let start = i;
    while rest.get(i).is_some_and(u8::is_ascii_digit) {
        i += 1;
    }
    if i == start || rest.get(i) != Some(&b'%') {
        return None;
    }
    let digits = std::str::from_utf8(&rest[start..i]).ok()?;
    i += 1;
    while rest.get(i) == Some(&b' ') {
        i += 1;
    }
    (rest.get(i) == Some(&b']')).then(|| (crate::c_number::atoi(digits), i + 1))
}
