//! The 3.6 language's statements as data: one [`Row`] per statement form
//! ([`rows`]), matched by the matcher every grammar shares
//! ([`crate::statement`]). What nests (expressions, selections, values,
//! conditions, and the blocks and statements inside statements) is an
//! operand ([`Class`]'s operand classes), which the parser reads: the
//! first group with chumsky, the second by parsing statements.
//!
//! [`read`] turns a matched row's arguments into its typed statement.
//! The lexer reads the rows' keywords as statement keywords
//! ([`Tok::Stmt`]): a row is all a new statement needs.

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

/// The 3.6 language: its statement rows, the words of its lexer (the rows'
/// keywords, read as [`Tok::Stmt`], and [`super::lexer::WORDS`]) and its
/// map characters.
pub(crate) type Language = crate::statement::Language<Tok<'static>, Class, Build, ()>;

/// The NetHack 3.6.7 language.
pub(crate) fn language() -> &'static Language {
    static LANGUAGE: OnceLock<Language> = OnceLock::new();
    LANGUAGE.get_or_init(|| {
        Language::new(
            rows::ROWS.to_vec(),
            super::lexer::WORDS,
            super::lexer::MAP_CHARS,
            Tok::Stmt,
        )
    })
}

/// The statement forms keyword `word` starts, in the order they are tried.
pub(crate) fn forms(word: &str) -> impl Iterator<Item = &'static Form> {
    language().forms(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row's keyword is a keyword of the lexer, and every form is
    /// reached from it.
    #[test]
    fn every_row_is_found_by_its_keyword() {
        for row in rows::ROWS {
            assert!(
                forms(row.keyword).any(|r| r.name == row.name),
                "{}",
                row.name
            );
            let lexed = super::super::lexer::lex(row.keyword);
            assert_eq!(
                lexed.tokens.first().map(|t| &t.0),
                Some(&Tok::Stmt(row.keyword))
            );
        }
        assert_eq!(forms("rect").count(), 0);
    }
}
