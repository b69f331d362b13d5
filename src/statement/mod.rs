//! Statements as data: a dialect describes each statement form as a
//! [`Row`] (its keyword, its argument [`Pat`]tern with human labels, where
//! it may appear, and the function that builds its typed statement), and
//! its words and map characters as a [`Language`]; one matcher applies a
//! row's pattern to the tokens of one statement.
//!
//! A dialect that extends another (SLASH'EM's extra `FLAGS` words, its
//! `OBJFLAGS:` statement, another map character) adds rows and words to
//! the other's lists: no lexer or parser code is its own.
//!
//! * [`signature`]: the argument patterns ([`Pat`]).
//! * [`matcher`]: applying a pattern to tokens ([`apply`]), the captured
//!   arguments ([`Args`]) and the furthest failure ([`explain`],
//!   [`Failure`]).
//! * [`language`]: the statement rows and words of a dialect
//!   ([`Row`], [`Language`]).

mod language;
mod matcher;
mod signature;

pub(crate) use language::{Language, Row};
pub(crate) use matcher::{apply, explain, span_of, Args, Failure, Token, END};
#[cfg(feature = "nethack36")]
pub(crate) use matcher::{apply_prefix, Reader};
pub(crate) use signature::Pat;

#[cfg(test)]
mod tests;
