//! The `dungeon.def` statement parser: the rows of [`super::grammar`]
//! applied by the shared matcher to [`super::lexer`] tokens. As for
//! `.des` files, statement keywords only start statements, so the tokens
//! are cut before each one and each piece is matched against its
//! keyword's row; a piece that does not match is reported and skipped.

use super::grammar::{R, ROWS};
use super::lexer::{closest_keyword, word_text, Tok};
use crate::diag::{Reporter, Sp, Span};
use crate::parsing::{report_expected, statements};
use crate::statement::{apply, explain, Args, Failure, END};

/// `(base, rand)`.
pub(crate) type CoupleArg = Sp<(i64, i64)>;

/// One statement; the span covers all of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Stmt<'s> {
    pub kind: StmtKind<'s>,
    pub span: Span,
}

/// Statement kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum StmtKind<'s> {
    Dungeon {
        name: Sp<&'s str>,
        bones: Sp<&'s str>,
        depth: CoupleArg,
        chance: Option<Sp<i64>>,
    },
    Entry(Sp<i64>),
    Protofile(Sp<&'s str>),
    Description(Sp<i32>),
    Alignment(Sp<i32>),
    LevelDesc(Sp<i32>),
    LevAlign(Sp<i32>),
    /// LEVEL / RNDLEVEL (`rndlevs` is `Some` for RNDLEVEL).
    Level {
        name: Sp<&'s str>,
        bones: Sp<&'s str>,
        at: CoupleArg,
        chance: Option<Sp<i64>>,
        rndlevs: Option<Sp<i64>>,
    },
    /// CHAINLEVEL / RNDCHLEVEL.
    ChainLevel {
        name: Sp<&'s str>,
        bones: Sp<&'s str>,
        chain: Sp<&'s str>,
        at: CoupleArg,
        chance: Option<Sp<i64>>,
        rndlevs: Option<Sp<i64>>,
    },
    /// BRANCH (`chain` is `None`) / CHAINBRANCH.
    Branch {
        dest: Sp<&'s str>,
        chain: Option<Sp<&'s str>>,
        at: CoupleArg,
        kind: i32,
        up: bool,
        /// SLASH'EM's entry level after the direction.
        entry: Option<Sp<i64>>,
    },
    /// A statement that did not parse (already reported).
    Error,
}

/// Parses the tokens of a file into statements; the game's own rows
/// (`dialect_rows`) replace [`ROWS`] of the same keyword.
pub(crate) fn parse<'a>(
    tokens: &'a [(Tok<'a>, Span)],
    dialect_rows: &[R],
    report: &mut Reporter,
) -> Vec<Stmt<'a>> {
    let mut stmts = Vec::new();
    let mut captured = Vec::new();
    for (piece, span) in statements(tokens, |t| matches!(t[0].0, Tok::Kw(_))) {
        let (start, end) = (span.start, span.end);
        let first = &piece[0];
        let keyword = match first.0 {
            Tok::Kw(_) => word_text(&first.0).unwrap_or_default(),
            _ => {
                let (_, word, _) = word_at(piece, 0);
                let found = match word.len() > 1 {
                    true => format!("`{word}`"),
                    false => first.0.to_string(),
                };
                report
                    .error(start..end, "syntax error")
                    .label(format!("found {found}, expected a statement keyword"));
                if let Some(k) = misspelt(&word, true) {
                    report.help(format!("did you mean `{k}`?"));
                }
                continue;
            }
        };
        let own = dialect_rows.iter().any(|r| r.keyword == keyword);
        let rows = if own { dialect_rows } else { ROWS };
        let forms = || rows.iter().filter(|r| r.keyword == keyword);
        let kind = forms().find_map(|row| {
            captured.clear();
            apply(&row.args, piece, 1, &mut captured)
                .then(|| (row.build)(&Args::new(piece, &captured)))
        });
        let kind = kind.unwrap_or_else(|| {
            let mut failure = Failure::default();
            for row in forms() {
                explain(&row.args, piece, 1, &mut failure);
            }
            report_failure(piece, end, keyword, &failure, report);
            StmtKind::Error
        });
        stmts.push(Stmt {
            kind,
            span: start..end,
        });
    }
    stmts
}

/// Reports where a statement stopped matching. A word that is no keyword
/// is scanned a character at a time (`LEVLE` is `L`, `E`, …): it is
/// reported whole, and the keyword it most likely stands for suggested.
fn report_failure(
    piece: &[(Tok<'_>, Span)],
    end: usize,
    keyword: &str,
    failure: &Failure,
    report: &mut Reporter,
) {
    let (span, word, colon) = word_at(piece, failure.at);
    if word.len() > 1 {
        report_expected(report, span, &format!("`{word}`"), failure, Some(keyword));
        if let Some(k) = misspelt(&word, colon) {
            report.help(format!("did you mean `{k}`?"));
        }
        return;
    }
    let (found, span) = match piece.get(failure.at) {
        Some((t, s)) => (t.to_string(), s.clone()),
        None => (END.to_string(), end..end),
    };
    report_expected(report, span, &found, failure, Some(keyword));
}

/// The word the token `piece[i]` is part of: the tokens around it that
/// touch it and may be part of a word (see `word_text`), their span, and
/// whether a `:` follows. Empty for a token that is no part of a word.
fn word_at(piece: &[(Tok<'_>, Span)], i: usize) -> (Span, String, bool) {
    let in_word = |j: usize| piece.get(j).and_then(|(t, _)| word_text(t));
    let Some(_) = in_word(i) else {
        let span = piece.get(i).map_or(0..0, |(_, s)| s.clone());
        return (span, String::new(), false);
    };
    let touches = |a: usize, b: usize| piece[a].1.end == piece[b].1.start;
    let mut first = i;
    while first > 0 && in_word(first - 1).is_some() && touches(first - 1, first) {
        first -= 1;
    }
    let mut last = i;
    while in_word(last + 1).is_some() && touches(last, last + 1) {
        last += 1;
    }
    let word: String = (first..=last).filter_map(in_word).collect();
    let colon = piece.get(last + 1).map(|(t, _)| t) == Some(&Tok::Punct(b':'));
    (piece[first].1.start..piece[last].1.end, word, colon)
}

/// The keyword a word that is none most likely stands for.
fn misspelt(word: &str, statement: bool) -> Option<&'static str> {
    match word.is_empty() {
        true => None,
        false => closest_keyword(word, statement),
    }
}
