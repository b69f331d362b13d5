//! What the `.des` scanners of every dialect share: flex-style keyword
//! tables matched by longest prefix, `MAP` … `ENDMAP` blocks collected row
//! by row, comment lines, newlines and blanks, and the number rules. Each
//! dialect's lexer gives its own token type, keyword table, map characters
//! and comment rule, and its rule for the rest of a token.

use crate::diag::{warn, Span};

/// A map block: its rows (digits still in, CR removed) and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MapBlock<'s> {
    pub rows: Vec<&'s str>,
    /// Where each row starts in the source.
    pub row_starts: Vec<usize>,
    /// The bytes lev_comp copies into its map buffer for the block: each
    /// row with its line end.
    pub bytes: usize,
    /// From `MAP` to the end of `ENDMAP`.
    pub span: Span,
}

/// The tokens of a file and its map blocks.
#[derive(Debug)]
pub(crate) struct Lexed<'s, T> {
    /// The tokens of a whole-file [`scan`] (the compilers read a file's
    /// tokens a chunk at a time from a [`Scanner`], which leaves this
    /// empty).
    #[cfg_attr(not(test), allow(dead_code))]
    pub tokens: Vec<(T, Span)>,
    #[cfg_attr(not(test), allow(dead_code))]
    pub maps: Vec<MapBlock<'s>>,
    /// Where the scanner stopped before the end: a NUL byte or a byte over
    /// 0x7F where a token would start (see [`crate::parsing::ends_input`];
    /// a UTF-8 byte-order mark at the start leaves nothing to compile).
    pub ends_at: Option<usize>,
    /// A `MAP` block the file ends in without `ENDMAP`: flex's map state
    /// ends with the input and its rows go nowhere, so it gives no token.
    pub open_map: Option<Span>,
    /// Comment lines of 3.6's scanner too long for its token buffer (see
    /// [`TOKEN_BUFFER`]).
    #[cfg(feature = "nethack36")]
    pub long_comments: Vec<Span>,
}

/// The size of 3.6's `lev_comp.l` token buffer (`curr_token[512]`): it
/// copies every token and comment line into it, a NUL after.
#[cfg(feature = "nethack36")]
pub(crate) const TOKEN_BUFFER: usize = 512;

/// Which lines are comments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Comments {
    /// `^#.*\n`: a `#` in the first column, to the end of the line (a
    /// last line without its newline is no comment: its `#` is a token,
    /// which the parser refuses, as `lev_comp` does).
    FirstColumn,
    /// `^[ \t]*#.*\n`: blanks may come first, and the newline must follow.
    #[cfg(feature = "nethack36")]
    IndentedWithNewline,
}

/// A dialect's scanning rules.
pub(crate) struct Rules<'r, 's, T> {
    /// The bytes a map row may consist of.
    pub map_chars: &'r [bool; 256],
    pub comments: Comments,
    /// The token of map block `n`.
    pub map: fn(usize) -> T,
    /// The longest token at a position that is no blank, newline, comment
    /// or map, and its length.
    pub token_at: &'r dyn Fn(&'s str, usize) -> (T, usize),
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
        Comments::FirstColumn => {
            if rest.first() != Some(&b'#') {
                return None;
            }
            rest.iter().position(|&c| c == b'\n').map(|i| i + 1)
        }
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

/// The size of lev_comp's map buffer (`map[4096]` of `lev_comp.l`, NetHack
/// 3.4.3's and 3.6.7's alike).
const MAP_BUFFER: usize = 4096;

impl<T> Lexed<'_, T> {
    /// Reports what the scan found beyond the tokens: a map block larger
    /// than lev_comp's map buffer (an error), a scan stopped before the
    /// end of `source` (see [`Lexed::ends_at`]) and a file ending inside a
    /// map block (warnings).
    pub(crate) fn warn_if_ended(&self, source: &str, report: &mut crate::diag::Reporter) {
        if let Some(at) = self.ends_at {
            crate::parsing::warn_input_ended(source, at, "lev_comp", report);
        }
        // lev_comp.l copies a block's rows into `char map[4096]` and ends
        // them with a NUL: past 4,095 bytes it writes past its buffer.
        for block in self.maps.iter().filter(|b| b.bytes > MAP_BUFFER - 1) {
            report
                .error(
                    block.span.start..block.span.start + 3,
                    format!(
                        "MAP block of {} bytes: lev_comp's map buffer holds {}",
                        block.bytes,
                        MAP_BUFFER - 1
                    ),
                )
                .label(
                    "lev_comp copies a map block's rows into a buffer of 4096 bytes and writes \
                     past it here (it corrupts its own memory)",
                );
        }
        if let Some(span) = &self.open_map {
            report
                .warning(
                    warn::MAP_WITHOUT_ENDMAP,
                    span.start..span.start + 3,
                    "MAP block without ENDMAP",
                )
                .label("the file ends inside this map block")
                .help(
                    "lev_comp ignores a map block that the file ends in: the statements \
                     before it are compiled as if it were not there",
                );
        }
    }
}

/// Splits `src` into tokens by `rules`. Never fails: text that matches no
/// rule is a token for the parser to report. (The tests' whole-file scan.)
#[cfg(test)]
pub(crate) fn scan<'s, T>(src: &'s str, rules: &Rules<'_, 's, T>) -> Lexed<'s, T> {
    let mut scanner = Scanner::new(src, rules);
    let tokens = scanner.by_ref().collect();
    scanner.finish(tokens)
}

/// [`scan`] one token at a time, so a caller can compile a long file's
/// statements as they are read instead of holding all of its tokens; the
/// map blocks accumulate in [`Scanner::maps`].
pub(crate) struct Scanner<'r, 's, T> {
    src: &'s str,
    map_chars: &'r [bool; 256],
    comments: Comments,
    map: fn(usize) -> T,
    token_at: &'r dyn Fn(&'s str, usize) -> (T, usize),
    pos: usize,
    /// Inside MAP … ENDMAP: the index of the block being collected.
    in_map: Option<usize>,
    /// Where the last failed row attempt's run of map characters ended: a
    /// row cannot start before it either (its run ends at the same byte,
    /// which is no newline), so each run is scanned once, not once per
    /// token in it.
    no_row_before: usize,
    /// The map blocks read so far.
    pub maps: Vec<MapBlock<'s>>,
    ends_at: Option<usize>,
    #[cfg(feature = "nethack36")]
    long_comments: Vec<Span>,
}

impl<'r, 's, T> Scanner<'r, 's, T> {
    pub(crate) fn new(src: &'s str, rules: &Rules<'r, 's, T>) -> Self {
        Scanner {
            src,
            map_chars: rules.map_chars,
            comments: rules.comments,
            map: rules.map,
            token_at: rules.token_at,
            pos: 0,
            in_map: None,
            no_row_before: 0,
            maps: Vec::new(),
            ends_at: None,
            #[cfg(feature = "nethack36")]
            long_comments: Vec::new(),
        }
    }

    /// Room for a chunk of at least `min_tokens` tokens of what is left
    /// of the source: about a token every 4 bytes (vanilla's files hold
    /// one every 5.4), so that most chunks take one allocation, not a
    /// dozen doublings.
    pub(crate) fn chunk_capacity(&self, min_tokens: usize) -> usize {
        min_tokens.min((self.src.len() - self.pos) / 4 + 1)
    }

    /// What the scan found besides `tokens`, once it has ended.
    pub(crate) fn finish(self, tokens: Vec<(T, Span)>) -> Lexed<'s, T> {
        Lexed {
            tokens,
            open_map: self.in_map.map(|m| self.maps[m].span.start..self.src.len()),
            maps: self.maps,
            ends_at: self.ends_at,
            #[cfg(feature = "nethack36")]
            long_comments: self.long_comments,
        }
    }
}

impl<T> Iterator for Scanner<'_, '_, T> {
    type Item = (T, Span);

    fn next(&mut self) -> Option<(T, Span)> {
        let (src, b) = (self.src, self.src.as_bytes());
        while self.pos < b.len() && self.ends_at.is_none() {
            let pos = self.pos;
            let rest = &b[pos..];
            if let Some(m) = self.in_map {
                if rest.starts_with(b"ENDMAP") {
                    self.pos += 6;
                    let block = &mut self.maps[m];
                    block.span.end = self.pos;
                    self.in_map = None;
                    return Some(((self.map)(m), block.span.clone()));
                }
                // A map row: map characters up to the end of the line. Like
                // flex's rule it is not anchored: where no row matches (a
                // tab is no map character), flex's longest match is the
                // white space rule `[ \t]+`, which takes every blank in a
                // row (`\t ---` is the row `---`), and the rest of the line
                // is a row.
                if pos >= self.no_row_before {
                    let n = (rest.iter())
                        .take_while(|&&c| self.map_chars[usize::from(c)])
                        .count();
                    if let Some(nl) = newline_len(&rest[n..]) {
                        self.maps[m].rows.push(&src[pos..pos + n]);
                        self.maps[m].row_starts.push(pos);
                        self.maps[m].bytes += n + nl;
                        self.pos += n + nl;
                        continue;
                    }
                    self.no_row_before = pos + n;
                }
                let blanks = rest
                    .iter()
                    .take_while(|&&c| c == b' ' || c == b'\t')
                    .count();
                if blanks > 0 {
                    self.pos += blanks;
                    continue;
                }
            }
            // By the first byte: only a blank, `#` or `M` at a line start
            // may start a comment line or a map block.
            let c = rest[0];
            if matches!(c, b' ' | b'\t' | b'#' | b'M') && (pos == 0 || b[pos - 1] == b'\n') {
                if let Some(n) = comment_len(rest, self.comments) {
                    #[cfg(feature = "nethack36")]
                    if self.comments == Comments::IndentedWithNewline && n >= TOKEN_BUFFER {
                        self.long_comments.push(pos..pos + n);
                    }
                    self.pos += n;
                    continue;
                }
                // `^MAP\n` is flex's rule in the map state too: inside a
                // block it starts nothing new (the rows before and after
                // it are one map).
                if rest.starts_with(b"MAP") {
                    if let Some(nl) = newline_len(&rest[3..]) {
                        if self.in_map.is_none() {
                            self.maps.push(MapBlock {
                                rows: Vec::new(),
                                row_starts: Vec::new(),
                                bytes: 0,
                                span: pos..pos + 3,
                            });
                            self.in_map = Some(self.maps.len() - 1);
                        }
                        self.pos += 3 + nl;
                        continue;
                    }
                }
            }
            match c {
                b'\n' => {
                    self.pos += 1;
                    continue;
                }
                b'\r' if rest.get(1) == Some(&b'\n') => {
                    self.pos += 2;
                    continue;
                }
                b' ' | b'\t' => {
                    let blanks = rest.iter().take_while(|&&c| c == b' ' || c == b'\t');
                    self.pos += blanks.count();
                    continue;
                }
                _ => {}
            }
            if crate::parsing::ends_input(c) {
                self.ends_at = Some(pos);
                break;
            }
            let (tok, len) = (self.token_at)(src, pos);
            self.pos += len;
            return Some((tok, pos..pos + len));
        }
        None
    }
}

/// A keyword table indexed by first byte, for longest-prefix matching.
pub(crate) struct Keywords<T> {
    table: Vec<(&'static str, T)>,
    /// For each first byte, the words it starts, longest first (of equal
    /// lengths, in table order): the first that the text starts with is
    /// the longest match.
    by_first_byte: Vec<Vec<Candidate>>,
}

/// A word of a [`Keywords`] bucket with its first bytes at hand, so that
/// most words that the text does not start with are refused by one
/// comparison, without reading the table.
struct Candidate {
    /// The word's first [`HEAD`] bytes (fewer for a shorter word), as
    /// [`head`] reads them.
    head: u64,
    /// Ones over the bytes of `head` that the word has.
    mask: u64,
    len: usize,
    /// Its entry in the table.
    index: usize,
}

/// How many first bytes of a word a [`Candidate`] holds.
const HEAD: usize = 8;

/// The first [`HEAD`] bytes of `text` as one number (zeros past its end).
fn head(text: &[u8]) -> u64 {
    if let Some(bytes) = text.first_chunk::<HEAD>() {
        return u64::from_le_bytes(*bytes);
    }
    let mut bytes = [0; HEAD];
    bytes[..text.len()].copy_from_slice(text);
    u64::from_le_bytes(bytes)
}

impl<T> Keywords<T> {
    /// Indexes `table` (earlier entries of equal words win).
    pub(crate) fn new(table: Vec<(&'static str, T)>) -> Self {
        let mut by_first_byte: Vec<Vec<Candidate>> = (0..128).map(|_| Vec::new()).collect();
        for (index, (word, _)) in table.iter().enumerate() {
            let word = word.as_bytes();
            let kept = word.len().min(HEAD);
            by_first_byte[usize::from(word[0] & 0x7f)].push(Candidate {
                head: head(word),
                mask: u64::MAX >> (8 * (HEAD - kept)),
                len: word.len(),
                index,
            });
        }
        for candidates in &mut by_first_byte {
            candidates.sort_by_key(|c| std::cmp::Reverse(c.len));
        }
        Keywords {
            table,
            by_first_byte,
        }
    }

    /// The longest keyword that `rest` starts with, and its length.
    pub(crate) fn longest(&self, rest: &[u8]) -> Option<(&T, usize)> {
        let first = *rest.first()?;
        if !first.is_ascii() {
            return None;
        }
        let text = head(rest);
        self.by_first_byte[usize::from(first)]
            .iter()
            .find(|c| {
                text & c.mask == c.head
                    && c.len <= rest.len()
                    && (c.len <= HEAD || starts_with(rest, self.table[c.index].0.as_bytes()))
            })
            .map(|c| (&self.table[c.index].1, c.len))
    }

    /// Every keyword, for suggestions.
    pub(crate) fn words(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.table.iter().map(|(w, _)| *w)
    }

    /// The word of the first entry `is` accepts, for messages.
    #[cfg(feature = "nethack36")]
    pub(crate) fn word_of(&self, is: impl Fn(&T) -> bool) -> &'static str {
        self.table
            .iter()
            .find(|(_, t)| is(t))
            .map_or("?", |(w, _)| w)
    }
}

/// Whether `text` starts with `word`, a short one: compared a byte at a
/// time (a library `memcmp` call costs more than the comparison).
fn starts_with(text: &[u8], word: &[u8]) -> bool {
    text.len() >= word.len() && word.iter().zip(text).all(|(a, b)| a == b)
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

/// A character literal at the start of `rest` (a `'`): `'\c'` or `'c'`,
/// `c` any source byte but a newline, as flex's `\'\\.\'` and `\'.\'`
/// match it (a raw byte of the source text, such as a Latin-1 `é`, is the
/// byte it stands for); its byte and its length in the text.
pub(crate) fn char_literal(rest: &[u8]) -> Option<(u8, usize)> {
    let quoted = |at: usize| {
        let (byte, n) = source_byte(rest.get(at..)?)?;
        (byte != b'\n' && rest.get(at + n) == Some(&b'\'')).then_some((byte, at + n + 1))
    };
    match rest.get(1) {
        Some(b'\\') => quoted(2).or_else(|| quoted(1)),
        _ => quoted(1),
    }
}

/// The source byte `text` starts with: a byte, or the raw byte a
/// private-use character of the text stands for (see [`crate::text`]).
fn source_byte(text: &[u8]) -> Option<(u8, usize)> {
    let first = *text.first()?;
    if first.is_ascii() {
        return Some((first, 1));
    }
    let raw = text
        .get(..3)
        .and_then(|c| std::str::from_utf8(c).ok())
        .and_then(|c| crate::text::raw_byte(c.chars().next()?));
    Some(raw.map_or((first, 1), |b| (b, 3)))
}

/// A string token's value as `lev_comp` keeps it: it copies the text
/// with `strcpy`, so a NUL byte ends it.
pub(crate) fn c_string(text: &str) -> &str {
    // A byte search: `str::find` of a char costs several times more on
    // the short strings of a level.
    let nul = text.bytes().position(|b| b == 0);
    nul.map_or(text, |nul| &text[..nul])
}
