//! The `.des` tokenizer, reproducing `lev_comp.l`: longest match at each
//! position (keywords are not delimited, so `MAZEWALK` beats `MAZE` and
//! `randomly` is `random` followed by junk), line-start comments, and
//! `MAP` … `ENDMAP` blocks collected row by row.

use super::grammar::{Build, Place};
use super::ir::{Alignment, Direction, DoorState, Lighting};
use crate::c_number::atoi;
use crate::des::scan::{self, percent, Comments, Rules};
use crate::diag::Span;
use crate::statement::Token;

/// A statement keyword (upper case in the language), as spelt: the
/// keyword of one or more rows of the dialect's statement table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Kw(pub &'static str);

/// A class of value keywords lev_comp's grammar reads as a plain number
/// (each keyword also carries its number), named for messages. A dialect
/// may add classes of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Val(pub &'static str);

/// One token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok<'s> {
    Kw(Kw),
    Val(Val, i8),
    /// A door state keyword (`open`, `locked`, …).
    Door(DoorState),
    /// A direction keyword (`north`, …).
    Dir(Direction),
    /// An alignment keyword (`law`, `noalign`, …).
    Align(Alignment),
    /// `lit` or `unlit`.
    Light(Lighting),
    /// A `FLAGS` keyword: its bit.
    Flag(i64),
    /// A keyword that stands for itself: `random`, `none`, `contained`,
    /// `levregion`, a register's name (`object` of `object[n]`).
    Word(&'static str),
    Int(i64),
    Percent(i64),
    Str(&'s str),
    Char(u8),
    /// A `MAP` … `ENDMAP` block: index into [`Lexed::maps`].
    Map(usize),
    Punct(u8),
    /// Text no rule accepts (a stray character, an unterminated string…).
    Invalid(&'s str),
}

pub(crate) use crate::des::scan::MapBlock;

/// The tokens of a file and its map blocks.
pub(crate) type Lexed<'s> = scan::Lexed<'s, Tok<'s>>;

/// The token classes a statement's arguments name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    Punct(u8),
    Int,
    Percent,
    Str,
    Char,
    Map,
    Val(Val),
    Door,
    Dir,
    Align,
    Light,
    Flag,
    Word(&'static str),
}

impl Token for Tok<'_> {
    type Class = Class;

    #[inline]
    fn is(&self, class: &Class) -> bool {
        match (self, class) {
            (Tok::Punct(a), Class::Punct(b)) => a == b,
            (Tok::Val(a, _), Class::Val(b)) => a == b,
            (Tok::Word(a), Class::Word(b)) => a == b,
            (Tok::Int(_), Class::Int)
            | (Tok::Percent(_), Class::Percent)
            | (Tok::Str(_), Class::Str)
            | (Tok::Char(_), Class::Char)
            | (Tok::Map(_), Class::Map)
            | (Tok::Door(_), Class::Door)
            | (Tok::Dir(_), Class::Dir)
            | (Tok::Align(_), Class::Align)
            | (Tok::Light(_), Class::Light)
            | (Tok::Flag(_), Class::Flag) => true,
            _ => false,
        }
    }
}

/// The statement table, words and map characters a 3.4.3-family lexer
/// and parser read.
pub(crate) type Language = crate::statement::Language<Tok<'static>, Class, Build, Place>;

/// The keyword a misspelt `word` most likely stands for (a statement
/// keyword when `statement`).
pub(crate) fn closest_keyword(
    lang: &'static Language,
    word: &str,
    statement: bool,
) -> Option<&'static str> {
    crate::parsing::closest_keyword(word, lang.words().words(), statement)
}

/// Splits `src` into tokens. Never fails: text that matches no rule
/// becomes [`Tok::Invalid`] for the parser to report. (The tests'
/// whole-file scan; the compiler reads [`Chunks`].)
#[cfg(test)]
pub(crate) fn lex<'s>(src: &'s str, lang: &Language) -> Lexed<'s> {
    scan::scan(
        src,
        &Rules {
            map_chars: lang.map_chars(),
            comments: Comments::FirstColumn,
            map: Tok::Map,
            token_at: &|src, pos| token_at(lang, src, pos),
        },
    )
}

/// Tokens a chunk of [`Chunks`] holds at least.
pub(crate) const CHUNK_TOKENS: usize = 16_384;

/// The tokens of a file a chunk of whole statements at a time, so that a
/// long file is parsed and checked as it is read and its tokens and
/// statements are never all held at once. A chunk ends before a
/// statement keyword ([`Tok::Kw`]): the parser cuts the tokens there
/// too, and the other place it cuts (a misspelt keyword and its `:`)
/// looks one token ahead, never past such a keyword, so the chunks parse
/// as the whole file would.
pub(crate) struct Chunks<'r, 's> {
    scanner: scan::Scanner<'r, 's, Tok<'s>>,
    /// The first token of the next chunk, read ahead.
    ahead: Option<(Tok<'s>, Span)>,
    /// Tokens a chunk holds at least ([`CHUNK_TOKENS`]; the tests make
    /// every statement a chunk).
    min_tokens: usize,
    done: bool,
    /// How many map blocks have had their rows freed ([`Chunks::release_maps`]).
    released: usize,
}

impl<'s> Chunks<'_, 's> {
    /// The map blocks read so far ([`Tok::Map`] indexes them).
    pub(crate) fn maps(&self) -> &[MapBlock<'s>] {
        &self.scanner.maps
    }

    /// Frees the rows of the map blocks read so far, once the statements
    /// of the chunks that named them have been checked: a file of 50,000
    /// levels held every block's rows to its end (about 0.4 kB a map).
    /// What the end of the scan still reads of a block, its size and
    /// place ([`Lexed::warn_if_ended`]), is kept.
    pub(crate) fn release_maps(&mut self) {
        for block in &mut self.scanner.maps[self.released..] {
            block.rows = Vec::new();
            block.row_starts = Vec::new();
        }
        self.released = self.scanner.maps.len();
    }

    /// The next chunk's tokens; `None` after the last.
    pub(crate) fn next_chunk(&mut self) -> Option<Vec<(Tok<'s>, Span)>> {
        if self.done {
            return None;
        }
        let mut tokens = Vec::with_capacity(self.scanner.chunk_capacity(self.min_tokens));
        tokens.extend(self.ahead.take());
        for (tok, span) in self.scanner.by_ref() {
            if tokens.len() >= self.min_tokens && matches!(tok, Tok::Kw(_)) {
                self.ahead = Some((tok, span));
                return Some(tokens);
            }
            tokens.push((tok, span));
        }
        self.done = true;
        Some(tokens)
    }

    /// What the scan found besides the tokens, once the last chunk was
    /// read.
    pub(crate) fn finish(self) -> Lexed<'s> {
        self.scanner.finish(Vec::new())
    }
}

/// Calls `f` with the [`Chunks`] of `src` in `lang`, each of at least
/// `min_tokens` tokens but the last.
pub(crate) fn chunks<'s, R>(
    src: &'s str,
    lang: &Language,
    min_tokens: usize,
    f: impl FnOnce(Chunks<'_, 's>) -> R,
) -> R {
    let token_at = |src: &'s str, pos: usize| token_at(lang, src, pos);
    let rules = Rules {
        map_chars: lang.map_chars(),
        comments: Comments::FirstColumn,
        map: Tok::Map,
        token_at: &token_at,
    };
    f(Chunks {
        scanner: scan::Scanner::new(src, &rules),
        ahead: None,
        min_tokens,
        done: false,
        released: 0,
    })
}

/// The longest token starting at `pos` (not whitespace, newline or comment).
fn token_at<'s>(lang: &Language, src: &'s str, pos: usize) -> (Tok<'s>, usize) {
    let rest = &src.as_bytes()[pos..];
    let c = rest[0];
    // By the first byte, the commonest tokens first: punctuation, then
    // keywords (the longest one that is a prefix of the text here).
    match c {
        b':' | b',' | b'(' | b')' | b']' => return (Tok::Punct(c), 1),
        b'a'..=b'z' | b'A'..=b'Z' => {
            if let Some((tok, n)) = lang.words().longest(rest) {
                return (tok.clone(), n);
            }
        }
        b'0'..=b'9' | b'+' | b'-' => {
            let sign = usize::from(!c.is_ascii_digit());
            let digits = rest[sign..]
                .iter()
                .take_while(|d| d.is_ascii_digit())
                .count();
            if digits > 0 {
                let n = sign + digits;
                return (Tok::Int(atoi(&src[pos..pos + n])), n);
            }
        }
        b'[' => {
            return match percent(rest) {
                Some((value, n)) => (Tok::Percent(value), n),
                None => (Tok::Punct(c), 1),
            };
        }
        b'"' => {
            return match rest[1..].iter().position(|&q| q == b'"') {
                Some(end) => (
                    Tok::Str(scan::c_string(&src[pos + 1..pos + 1 + end])),
                    end + 2,
                ),
                None => {
                    let n = rest.iter().position(|&q| q == b'\n').unwrap_or(rest.len());
                    (Tok::Invalid(&src[pos..pos + n]), n)
                }
            };
        }
        b'\'' => {
            if let Some((ch, n)) = scan::char_literal(rest) {
                return (Tok::Char(ch), n);
            }
        }
        _ => {}
    }
    // A word that is no keyword is reported whole (`BOGUS`, not `B`); any
    // other character is returned as itself.
    let len = if c.is_ascii_alphabetic() {
        rest.iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
            .count()
    } else {
        src[pos..].chars().next().map_or(1, char::len_utf8)
    };
    (Tok::Invalid(&src[pos..pos + len]), len)
}

/// The token `tok`, whose text is `text`, as a message names it: a
/// keyword as written, a literal by its kind and value.
pub(crate) fn describe(tok: &Tok<'_>, text: &str) -> String {
    match tok {
        Tok::Kw(_)
        | Tok::Val(..)
        | Tok::Door(_)
        | Tok::Dir(_)
        | Tok::Align(_)
        | Tok::Light(_)
        | Tok::Flag(_)
        | Tok::Word(_) => format!("`{text}`"),
        Tok::Int(v) => format!("integer {v}"),
        Tok::Percent(v) => format!("chance [{v}%]"),
        Tok::Str(s) => format!("string \"{s}\""),
        Tok::Char(c) => format!("character '{}'", char::from(*c)),
        Tok::Map(_) => "a MAP block".to_string(),
        Tok::Punct(c) => format!("`{}`", char::from(*c)),
        Tok::Invalid(s) if s.starts_with('"') => format!("unterminated string {s}"),
        Tok::Invalid(s) => format!("`{}`", s.escape_debug()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::des::nh343::grammar::words::LEFT_OR_RIGHT;

    fn lex(src: &str) -> Lexed<'_> {
        super::lex(src, crate::des::nh343::grammar::nethack_343())
    }

    fn toks(src: &str) -> Vec<Tok<'_>> {
        lex(src).tokens.into_iter().map(|(t, _)| t).collect()
    }

    #[test]
    fn longest_keyword_prefix_wins() {
        assert_eq!(toks("MAZEWALK"), [Tok::Kw(Kw("MAZEWALK"))]);
        assert_eq!(toks("MAZE"), [Tok::Kw(Kw("MAZE"))]);
        assert_eq!(toks("half-left"), [Tok::Val(LEFT_OR_RIGHT, 2)]);
        assert_eq!(toks("randomx"), [Tok::Word("random"), Tok::Invalid("x")]);
        assert_eq!(
            toks("unlit lit"),
            [Tok::Light(Lighting::Unlit), Tok::Light(Lighting::Lit)]
        );
    }

    #[test]
    fn literals() {
        assert_eq!(
            toks("-5 +7 [ 50% ] [50%]"),
            [
                Tok::Int(-5),
                Tok::Int(7),
                Tok::Percent(50),
                Tok::Percent(50)
            ]
        );
        assert_eq!(
            toks(r"'\'' 'a' '\x'"),
            [Tok::Char(b'\''), Tok::Char(b'a'), Tok::Char(b'x')]
        );
        assert_eq!(toks("\"a\nb\""), [Tok::Str("a\nb")]);
        assert_eq!(toks("\"a\0b\" 1"), [Tok::Str("a"), Tok::Int(1)]);
        assert_eq!(toks("\"open"), [Tok::Invalid("\"open")]);
        assert_eq!(
            toks("[ 5 ]"),
            [Tok::Punct(b'['), Tok::Int(5), Tok::Punct(b']')]
        );
    }

    #[test]
    fn comments_only_at_line_start() {
        assert_eq!(toks("# c\n  # x"), [Tok::Invalid("#"), Tok::Invalid("x")]);
        // flex's `^#.*\n` needs the newline: without it `#` is a token.
        assert_eq!(toks("# at end\n"), []);
        assert_eq!(toks("# no newline")[0], Tok::Invalid("#"));
    }

    #[test]
    fn map_blocks_collect_rows_and_skip_comment_lines() {
        let l = lex("MAP\r\n-|-\r\n#.#\n# comment\n\n12.\nENDMAP\nWALLIFY");
        assert_eq!(
            l.tokens.iter().map(|t| t.0.clone()).collect::<Vec<_>>(),
            [Tok::Map(0), Tok::Kw(Kw("WALLIFY"))]
        );
        assert_eq!(l.maps[0].rows, ["-|-", "#.#", "", "12."]);
        assert_eq!(
            l.maps[0].row_starts,
            [5, 10, 24, 25],
            "where each row starts"
        );
        // A block the file ends in gives no token (flex's map state ends
        // with the input); the compilers warn of it.
        assert_eq!(toks("MAP\n..\n"), []);
        assert_eq!(lex("MAP\n..\n").open_map, Some(0..7));
        // Not at a line start, MAP is no block start: an unknown word.
        assert_eq!(toks("  MAP\n"), [Tok::Invalid("MAP")]);
        assert_eq!(toks("BOGUS,"), [Tok::Invalid("BOGUS"), Tok::Punct(b',')]);
    }
}
