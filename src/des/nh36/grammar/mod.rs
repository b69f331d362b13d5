//! The 3.6 language's statements as data: one [`Row`] per statement form
//! ([`rows`]), matched by the matcher every grammar shares
//! ([`crate::statement`]). What nests (expressions, selections, values,
//! conditions, and the blocks and statements inside statements) is an
//! operand ([`Class`]'s operand classes), which the parser reads: the
//! first group with chumsky, the second by parsing statements.
//!
//! [`read`] turns a matched row's arguments into its typed statement.
//! The rows are found by their keyword token (3.6's lexer reads its
//! keywords as [`Kw`]), not through a
//! [`Language`](crate::statement::Language) of words.

mod read;
mod rows;

use std::sync::OnceLock;

use super::lexer::{Kw, Tok, Val};
use super::syntax::StmtKind;
use crate::statement::{Row, Token};

pub(crate) use read::{chance, define, Operand, Operands, Read, Reading};
pub(crate) use rows::{CHANCE, DEFINE};

/// What a pattern of the 3.6 grammar expects: one token of a kind, or an
/// operand of several.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Class {
    /// That keyword.
    Kw(Kw),
    /// A value keyword of that class.
    Val(Val),
    /// `random`.
    Random,
    /// An unsigned integer.
    Int,
    /// An integer with or without a sign.
    AnyInt,
    /// `NdM`.
    Dice,
    /// A string literal.
    Str,
    /// A character literal.
    Char,
    /// A variable (array or not).
    Var,
    /// `[50%]`.
    Percent,
    /// `50%`.
    SPercent,
    /// A `MAP` block.
    Map,
    /// That punctuation.
    Punct(u8),
    /// Operands, read by the parser: an integer expression, …
    Expr,
    /// … a string expression (`"a" . $b`), …
    StrExpr,
    Coord,
    Region,
    MapChar,
    Monster,
    Object,
    Sel,
    /// … `[50%]` or `[expression]`, …
    Cond,
    /// … the value of a variable definition, …
    Value,
    /// … `{ statements }`, …
    Block,
    /// … `SWITCH`'s `{ CASE n: … DEFAULT: … }`, …
    Cases,
    /// … and one statement (after a chance).
    Stmt,
}

impl Token for Tok<'_> {
    type Class = Class;

    fn is(&self, class: &Class) -> bool {
        match (class, self) {
            (Class::Kw(k), Tok::Kw(t)) => k == t,
            (Class::Val(k), Tok::Val(t, _)) => k == t,
            (Class::Random, Tok::Random)
            | (Class::Int, Tok::Int(_))
            | (Class::AnyInt, Tok::Int(_) | Tok::MinusInt(_) | Tok::PlusInt(_))
            | (Class::Dice, Tok::Dice(..))
            | (Class::Str, Tok::Str(_))
            | (Class::Char, Tok::Char(_))
            | (Class::Var, Tok::Var(_) | Tok::ArrayVar(_))
            | (Class::Percent, Tok::Percent(_))
            | (Class::SPercent, Tok::SPercent(_))
            | (Class::Map, Tok::Map(_)) => true,
            (Class::Punct(c), Tok::Punct(t)) => c == t,
            _ => false,
        }
    }
}

/// Builds a statement from its matched arguments.
pub(crate) type Build = for<'t, 'a> fn(&mut Read<'t, 'a>) -> StmtKind<'a>;

/// A 3.6 statement form (3.6 has no order rules a form carries: where a
/// statement may appear is the code generator's check).
pub(crate) type Form = Row<Class, Build, ()>;

/// The statement forms keyword `k` starts, in the order they are tried
/// (none for a keyword that starts no statement).
pub(crate) fn forms(k: Kw) -> &'static [Form] {
    /// The rows' range by keyword (`Kw as usize`): looked up for every
    /// statement and every token a skipped statement passes. The forms of
    /// a keyword are neighbours in [`rows::ROWS`].
    static BY_KEYWORD: OnceLock<Vec<(usize, usize)>> = OnceLock::new();
    let by_keyword = BY_KEYWORD.get_or_init(|| {
        let mut table = Vec::new();
        for (i, row) in rows::ROWS.iter().enumerate() {
            if let Some(k) = super::lexer::keyword_of(row.keyword) {
                let slot = k as usize;
                if table.len() <= slot {
                    table.resize(slot + 1, (0, 0));
                }
                let (first, end) = &mut table[slot];
                if *end == 0 {
                    *first = i;
                }
                *end = i + 1;
            }
        }
        table
    });
    let (first, end) = by_keyword.get(k as usize).copied().unwrap_or_default();
    &rows::ROWS[first..end]
}

/// Whether `k` starts a statement, or is read where one starts (`CASE`,
/// `DEFAULT`, and `FUNCTION`, which no form of 3.6.7's takes).
pub(crate) fn is_statement_keyword(k: Kw) -> bool {
    matches!(k, Kw::Case | Kw::Default | Kw::Function) || !forms(k).is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row's keyword is a keyword of the lexer, and every form is
    /// reached from it.
    #[test]
    fn every_row_is_found_by_its_keyword() {
        for row in rows::ROWS {
            let k = super::super::lexer::keyword_of(row.keyword).unwrap();
            assert!(forms(k).iter().any(|r| r.name == row.name), "{}", row.name);
            // A keyword's forms are neighbours (`forms` takes a range).
            let count = rows::ROWS
                .iter()
                .filter(|r| r.keyword == row.keyword)
                .count();
            assert_eq!(forms(k).len(), count, "{}", row.keyword);
        }
        assert!(is_statement_keyword(Kw::Monster));
        assert!(!is_statement_keyword(Kw::Rect));
    }
}
