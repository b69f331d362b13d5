//! The `.des` statement parser: the statement table of
//! [`super::grammar`] applied by the shared matcher
//! ([`crate::statement`]) to the tokens of [`super::lexer`].
//!
//! Statement keywords (`MONSTER`, `MAP`'s `GEOMETRY`, …) never appear inside
//! a statement, so the token stream is first cut before each of them (and
//! before a misspelt one followed by its `:`) and
//! every piece is matched against the forms its keyword starts. A piece
//! that matches none is reported and skipped, so every syntax error of a
//! file is found in one run.

use super::lexer::{describe, Kw, Language, Tok};
use super::syntax::*;
use crate::diag::{Reporter, Span};
use crate::parsing::{report_expected, statements};
use crate::statement::{apply, explain, Args, Failure, END};

/// Parses `tokens` of `source` in `lang` into statements, reporting
/// syntax errors to `report`.
pub(crate) fn parse<'a>(
    source: &str,
    tokens: &'a [(Tok<'a>, Span)],
    lang: &'static Language,
    report: &mut Reporter,
) -> Vec<Stmt<'a>> {
    // At most one statement a keyword (and a misspelt one, rarely more).
    let keywords = tokens.iter().filter(|(t, _)| matches!(t, Tok::Kw(_)));
    let mut stmts = Vec::with_capacity(keywords.count());
    let mut captured = Vec::new();
    for (piece, span) in statements(tokens, |t| starts_statement(lang, t)) {
        let (start, end) = (span.start, span.end);
        let first = &piece[0];
        let Tok::Kw(head) = first.0 else {
            report.error(first.1.clone(), "syntax error").label(format!(
                "found {}, expected a statement keyword",
                describe(&first.0, &source[first.1.clone()])
            ));
            // A misspelt keyword: its statement did not parse, as far as
            // the order rules go (a misspelt GEOMETRY is a broken map
            // part, not a missing one).
            let meant = misspelt(lang, piece, 0, true);
            if let Some(k) = meant {
                report.help(format!("did you mean `{k}`?"));
            }
            if let Some(row) = meant.and_then(|k| lang.forms(k).next()) {
                stmts.push(Stmt {
                    kind: StmtKind::Error(Kw(row.keyword)),
                    span: start..end,
                    name: row.name,
                    place: row.place,
                });
            }
            continue;
        };
        let form = lang.forms(head.0).find_map(|row| {
            captured.clear();
            apply(&row.args, piece, 1, &mut captured)
                .then(|| ((row.build)(&Args::new(piece, &captured)), row))
        });
        let (kind, row) = match form {
            Some(built) => built,
            None => {
                let mut failure = Failure::default();
                for row in lang.forms(head.0) {
                    explain(&row.args, piece, 1, &mut failure);
                }
                report_failure(source, piece, end, head.0, &failure, lang, report);
                let Some(row) = lang.forms(head.0).next() else {
                    continue;
                };
                (StmtKind::Error(head), row)
            }
        };
        stmts.push(Stmt {
            kind,
            span: start..end,
            name: row.name,
            place: row.place,
        });
    }
    stmts
}

/// Reports where a statement stopped matching: what was found there and
/// what was expected.
fn report_failure(
    source: &str,
    piece: &[(Tok<'_>, Span)],
    end: usize,
    keyword: &str,
    failure: &Failure,
    lang: &'static Language,
    report: &mut Reporter,
) {
    let at = failure.at;
    let (found, span) = match piece.get(at) {
        Some((t, s)) => (describe(t, &source[s.clone()]), s.clone()),
        None => (END.to_string(), end..end),
    };
    report_expected(report, span, &found, failure, Some(keyword));
    // A misspelt keyword: a statement keyword if a `:` follows.
    let colon = piece.get(at + 1).map(|(t, _)| t) == Some(&Tok::Punct(b':'));
    if let Some(k) = misspelt(lang, piece, at, colon) {
        report.help(format!("did you mean `{k}`?"));
    }
    if matches!(piece.get(at), Some((Tok::Map(_), _))) {
        report.help("a MAP block follows `GEOMETRY: halign, valign`, which is missing here");
    }
    if let Some(help) = broken_map_row(source, piece, at, lang) {
        report.help(help);
    }
}

/// Why the token at `piece[at]`, inside a MAP block, is a token at all: its
/// line holds a character the game's lexer does not let into a map row,
/// so the line was read as tokens, not as a row of the map.
fn broken_map_row(
    source: &str,
    piece: &[(Tok<'_>, Span)],
    at: usize,
    lang: &'static Language,
) -> Option<String> {
    let found = piece.get(at)?.1.start;
    piece[at..]
        .iter()
        .find(|(t, s)| matches!(t, Tok::Map(_)) && s.start < found && found < s.end)?;
    let line_start = source[..found].rfind('\n').map_or(0, |i| i + 1);
    let line = source[line_start..].lines().next()?;
    let c = line
        .chars()
        .find(|&c| !c.is_ascii() || !lang.is_map_char(c as u8))?;
    Some(format!(
        "this line of the MAP block holds `{}`, which this game's lexer does not let into a \
         map row: its lev_comp reads the line as tokens, not as a row of the map",
        c.escape_debug()
    ))
}

/// Whether the first of `tokens` starts a statement: a statement keyword,
/// or a word followed by `:` that is most likely a misspelt one (which
/// is reported as such, rather than as the end of the statement before
/// it).
fn starts_statement(lang: &'static Language, tokens: &[(Tok<'_>, Span)]) -> bool {
    match tokens {
        [(Tok::Kw(_), _), ..] => true,
        [(Tok::Invalid(word), _), (Tok::Punct(b':'), _), ..] => {
            crate::parsing::is_word(word)
                && super::lexer::closest_keyword(lang, word, true).is_some()
        }
        _ => false,
    }
}

/// The keyword that the word at `piece[i]`, no keyword, most likely
/// stands for (a statement keyword when `statement`).
fn misspelt(
    lang: &'static Language,
    piece: &[(Tok<'_>, Span)],
    i: usize,
    statement: bool,
) -> Option<&'static str> {
    match piece.get(i)?.0 {
        Tok::Invalid(word) if crate::parsing::is_word(word) => {
            super::lexer::closest_keyword(lang, word, statement)
        }
        _ => None,
    }
}
