//! The `.des` statement parser (chumsky, over the tokens of
//! [`super::lexer`]).
//!
//! Statement keywords (`MONSTER`, `MAP`'s `GEOMETRY`, …) never appear inside
//! a statement, so the token stream is first cut before each of them and
//! every piece is parsed by the one parser its keyword selects. A piece
//! that does not parse is reported and skipped, so every syntax error of a
//! file is found in one run, and no time is spent trying the ~40 statement
//! forms that cannot match.
//!
//! [`args`] holds the parsers of the arguments statements share
//! (coordinates, regions, classes, alignments, …), [`stmts`] one
//! parser for each statement keyword.

mod args;
mod stmts;

use chumsky::prelude::*;

use super::lexer::{Kw, Tok};
use super::syntax::*;
use crate::diag::Reporter;
use crate::parsing::{report_syntax_error, statements, Tokens};
use stmts::{creature_statements, feature_statements, level_statements, room_statements};

type In<'a> = Tokens<'a, Tok<'a>>;
type Extra<'a> = extra::Err<Rich<'a, Tok<'a>, SimpleSpan>>;

/// A boxed parser over `.des` tokens.
type P<'a, T> = Boxed<'a, 'a, In<'a>, T, Extra<'a>>;

/// Parses `tokens` into statements, reporting syntax errors to `report`.
pub(crate) fn parse<'a>(
    tokens: &'a [(Tok<'a>, SimpleSpan)],
    report: &mut Reporter,
) -> Vec<Stmt<'a>> {
    let mut parsers: Vec<Option<P<'a, StmtKind<'a>>>> = Vec::new();
    let mut stmts = Vec::new();
    for (piece, span) in statements(tokens, is_head) {
        let (start, end) = (span.start, span.end);
        let first = &piece[0];
        let parser = match first.0 {
            Tok::Kw(head) if is_head(&first.0) => {
                let slot = head as usize;
                if parsers.len() <= slot {
                    parsers.resize_with(slot + 1, || None);
                }
                parsers[slot].get_or_insert_with(|| statement(head))
            }
            _ => {
                report
                    .error(start..end, "syntax error")
                    .label(format!("found {}, expected a statement keyword", first.0));
                if let Some(k) = misspelt(piece, 0, true) {
                    report.help(format!("did you mean `{k}`?"));
                }
                continue;
            }
        };
        let Tok::Kw(head) = first.0 else { continue };
        let (kind, errors) = parser.parse(Tokens::new(piece, end)).into_output_errors();
        for e in &errors {
            report_syntax_error(e, report);
            // A misspelt keyword: a statement keyword if a `:` follows.
            let at = piece.iter().position(|(_, s)| s.start == e.span().start);
            let colon =
                at.and_then(|i| piece.get(i + 1)).map(|(t, _)| t) == Some(&Tok::Punct(b':'));
            if let Some(k) = at.and_then(|i| misspelt(piece, i, colon)) {
                report.help(format!("did you mean `{k}`?"));
            }
            if matches!(e.found(), Some(Tok::Map(_))) {
                report
                    .help("a MAP block follows `GEOMETRY: halign, valign`, which is missing here");
            }
        }
        let kind = match kind {
            Some(kind) if errors.is_empty() => kind,
            _ => StmtKind::Error(head),
        };
        stmts.push(Stmt {
            kind,
            span: start..end,
        });
    }
    stmts
}

/// The keyword that the word at `piece[i]`, no keyword, most likely
/// stands for (a statement keyword when `statement`).
fn misspelt(piece: &[(Tok<'_>, SimpleSpan)], i: usize, statement: bool) -> Option<&'static str> {
    match piece.get(i)?.0 {
        Tok::Invalid(word) if crate::parsing::is_word(word) => {
            super::lexer::closest_keyword(word, statement)
        }
        _ => None,
    }
}

/// True for the keywords that start a statement.
fn is_head(t: &Tok<'_>) -> bool {
    matches!(t, Tok::Kw(k) if *k != Kw::LevRegion)
}

/// The parser for the statement that keyword `k` starts; it must consume
/// the whole piece.
fn statement<'a>(k: Kw) -> P<'a, StmtKind<'a>> {
    let parser = level_statements(k)
        .or_else(|| creature_statements(k))
        .or_else(|| feature_statements(k))
        .or_else(|| room_statements(k));
    // Every head keyword has a parser; `levregion` (the only other keyword
    // token) is never a head, and an empty parser would just report it.
    parser
        .unwrap_or_else(|| empty().to(StmtKind::Error(k)).boxed())
        .then_ignore(end())
        .boxed()
}
