//! The `dungeon.pdf` tokenizer, reproducing `dgn_comp.l`: longest match,
//! case-sensitive keywords, integers as runs of `-` and digits read with
//! `atoi`, `#` comment lines.

use std::fmt;

use crate::diag::Span;

/// Statement keywords.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Kw {
    Dungeon,
    Entry,
    Protofile,
    Description,
    Alignment,
    LevelDesc,
    LevAlign,
    Level,
    RndLevel,
    ChainLevel,
    RndChainLevel,
    Branch,
    ChainBranch,
}

/// One token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok<'s> {
    Kw(Kw),
    /// `up` (true) / `down`.
    UpDown(bool),
    /// `stair` 0, `no_up` 1, `no_down` 2, `portal` 3.
    BranchType(i32),
    /// `town`, `hellish`, …, alignment words, with their flag value.
    /// A `DESCRIPTOR` word of the game (`town`, `lawful`) and its value.
    Descriptor(&'s str, i32),
    Int(i64),
    Str(&'s str),
    Punct(u8),
    Invalid(&'s str),
}

const KEYWORDS: &[(&str, Tok<'static>)] = &[
    ("DUNGEON", Tok::Kw(Kw::Dungeon)),
    ("up", Tok::UpDown(true)),
    ("down", Tok::UpDown(false)),
    ("ENTRY", Tok::Kw(Kw::Entry)),
    ("stair", Tok::BranchType(0)),
    ("no_up", Tok::BranchType(1)),
    ("no_down", Tok::BranchType(2)),
    ("portal", Tok::BranchType(3)),
    ("PROTOFILE", Tok::Kw(Kw::Protofile)),
    ("DESCRIPTION", Tok::Kw(Kw::Description)),
    ("LEVELDESC", Tok::Kw(Kw::LevelDesc)),
    ("ALIGNMENT", Tok::Kw(Kw::Alignment)),
    ("LEVALIGN", Tok::Kw(Kw::LevAlign)),
    ("BRANCH", Tok::Kw(Kw::Branch)),
    ("CHAINBRANCH", Tok::Kw(Kw::ChainBranch)),
    ("LEVEL", Tok::Kw(Kw::Level)),
    ("RNDLEVEL", Tok::Kw(Kw::RndLevel)),
    ("CHAINLEVEL", Tok::Kw(Kw::ChainLevel)),
    ("RNDCHLEVEL", Tok::Kw(Kw::RndChainLevel)),
];

/// Splits `src` into tokens, and says where the scanner stopped if it
/// stopped before the end (a byte over 0x7F where a token would start, as
/// dgn_comp's flex scanner stops; see [`crate::parsing::ends_input`]).
/// Never fails: text no rule accepts becomes [`Tok::Invalid`] for the
/// parser to report.
///
/// `descriptors` are the game's `DESCRIPTOR` words (its `dgn_comp.l`'s).
pub(crate) fn lex<'s>(
    src: &'s str,
    descriptors: &[(Box<str>, i32)],
) -> (Vec<(Tok<'s>, Span)>, Option<usize>) {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < b.len() {
        let rest = &b[pos..];
        let at_line_start = pos == 0 || b[pos - 1] == b'\n';
        if crate::parsing::ends_input(rest[0]) {
            return (out, Some(pos));
        }
        let (tok, len) = match rest[0] {
            b'#' if at_line_start => {
                pos += rest
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(rest.len(), |i| i + 1);
                continue;
            }
            b' ' | b'\t' | b'\n' => {
                pos += 1;
                continue;
            }
            b'\r' if rest.get(1) == Some(&b'\n') => {
                pos += 2;
                continue;
            }
            b'-' | b'0'..=b'9' => {
                let n = rest
                    .iter()
                    .take_while(|&&c| c == b'-' || c.is_ascii_digit())
                    .count();
                (Tok::Int(crate::c_number::atoi(&src[pos..pos + n])), n)
            }
            b'"' => match rest[1..].iter().position(|&q| q == b'"') {
                Some(end) => (Tok::Str(&src[pos + 1..pos + 1 + end]), end + 2),
                None => {
                    let n = rest.iter().position(|&q| q == b'\n').unwrap_or(rest.len());
                    (Tok::Invalid(&src[pos..pos + n]), n)
                }
            },
            c => {
                let keyword = (KEYWORDS.iter())
                    .filter(|(w, _)| rest.starts_with(w.as_bytes()))
                    .map(|(w, tok)| (w.len(), tok.clone()));
                let descriptor = (descriptors.iter())
                    .filter(|(w, _)| rest.starts_with(w.as_bytes()))
                    .map(|(w, v)| (w.len(), Tok::Descriptor(&src[pos..pos + w.len()], *v)));
                // The longest; on a tie the earlier rule (keywords come
                // first in dgn_comp.l but for the descriptors' own ties).
                let best = keyword.chain(descriptor).fold(
                    None,
                    |best: Option<(usize, Tok<'_>)>, (n, t)| match best {
                        Some((m, _)) if m >= n => best,
                        _ => Some((n, t)),
                    },
                );
                match best {
                    Some((n, tok)) => (tok, n),
                    None if matches!(c, b':' | b',' | b'(' | b')' | b'@' | b'+') => {
                        (Tok::Punct(c), 1)
                    }
                    None => {
                        let len = src[pos..].chars().next().map_or(1, char::len_utf8);
                        (Tok::Invalid(&src[pos..pos + len]), len)
                    }
                }
            }
        };
        out.push((tok, pos..pos + len));
        pos += len;
    }
    (out, None)
}

/// The text of a token that may be part of a word: a keyword's, or a
/// letter, digit or `_` no keyword starts with (the scanner reads a word
/// that is no keyword a character at a time).
pub(crate) fn word_text<'s>(t: &Tok<'s>) -> Option<&'s str> {
    match t {
        Tok::Invalid(s) => s
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_')
            .then_some(*s),
        Tok::Int(_) | Tok::Str(_) | Tok::Punct(_) => None,
        Tok::Descriptor(word, _) => Some(word),
        other => KEYWORDS.iter().find(|(_, k)| k == other).map(|(w, _)| *w),
    }
}

/// The keyword a misspelt `word` most likely stands for (a statement
/// keyword when `statement`).
pub(crate) fn closest_keyword(word: &str, statement: bool) -> Option<&'static str> {
    crate::parsing::closest_keyword(word, KEYWORDS.iter().map(|(w, _)| *w), statement)
}

impl fmt::Display for Tok<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Int(v) => write!(f, "integer {v}"),
            Tok::Str(s) => write!(f, "string \"{s}\""),
            Tok::Punct(c) => write!(f, "`{}`", char::from(*c)),
            Tok::Invalid(s) if s.starts_with('"') => write!(f, "unterminated string {s}"),
            Tok::Invalid(s) => write!(f, "`{}`", s.escape_debug()),
            Tok::Descriptor(word, _) => write!(f, "`{word}`"),
            other => {
                let word = KEYWORDS
                    .iter()
                    .find(|(_, t)| t == other)
                    .map_or("?", |(w, _)| w);
                write!(f, "`{word}`")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_follow_dgn_comp_l() {
        let toks: Vec<_> = lex("RNDCHLEVEL: \"x\" -5 - 1-2 no_down\r\n# c\nLEVELDESC", &[])
            .0
            .into_iter()
            .map(|t| t.0)
            .collect();
        assert_eq!(
            toks,
            [
                Tok::Kw(Kw::RndChainLevel),
                Tok::Punct(b':'),
                Tok::Str("x"),
                Tok::Int(-5),
                Tok::Int(0),
                Tok::Int(1),
                Tok::BranchType(2),
                Tok::Kw(Kw::LevelDesc)
            ]
        );
    }
}
