//! The 3.4.3 language as data: one [`Row`](crate::statement::Row) per
//! statement form ([`rows`]), the patterns their arguments share
//! ([`patterns`]), the value words and map characters ([`words`]), and
//! how a matched argument's tokens read as a value ([`read`]).
//!
//! A dialect of the family (SLASH'EM's extra words and statements) is
//! [`ROWS`] and [`WORDS`] with rows and words of its own added, given to
//! [`Language::new`](crate::statement::Language::new).

pub(crate) mod patterns;
pub(crate) mod read;
mod rows;
pub(crate) mod words;

use std::sync::OnceLock;

use super::lexer::{Language, Tok};
use super::syntax::StmtKind;
use crate::statement::Args;

pub(crate) use rows::ROWS;
pub(crate) use words::{MAP_CHARS, WORDS};

/// Builds a statement from its matched arguments.
pub(crate) type Build = for<'t, 'a> fn(&Args<'t, Tok<'a>>) -> StmtKind<'a>;

/// How far a level definition has got: each statement may only appear
/// while the stage is at most a certain value, and moves it forward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Stage {
    Start,
    Flags,
    InitMap,
    Messages,
    /// Room levels: RANDOM_OBJECTS / RANDOM_MONSTERS.
    Registers,
    /// Maze: inside map parts; rooms: inside rooms.
    Body,
    Corridors,
    RandomCorridors,
}

/// An order rule: a statement may appear while the level's stage is at
/// most `until`, and moves it to `then`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Order {
    pub until: Stage,
    pub then: Stage,
}

/// What a statement begins, for the levels and blocks it opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Starts {
    /// A level (`MAZE`, `LEVEL`).
    Level,
    /// A map part of a maze level (`NOMAP`, `GEOMETRY`).
    MapPart,
    /// A room (`ROOM`, `SUBROOM`).
    Room,
    /// The corridors of a room level.
    Corridors,
    /// Nothing: it belongs to the level, part or room it is in.
    Nothing,
}

/// Where a statement form may appear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Place {
    /// Its order rule in a `MAZE` level; `None`: not allowed there.
    pub maze: Option<Order>,
    /// Its order rule in a `LEVEL` (room) level; `None`: not allowed.
    pub rooms: Option<Order>,
    /// What it begins.
    pub starts: Starts,
    /// Why it is out of place when it comes after its stage.
    pub too_late: &'static str,
}

/// NetHack 3.4.3's language.
pub(crate) fn nethack_343() -> &'static Language {
    static LANGUAGE: OnceLock<Language> = OnceLock::new();
    LANGUAGE.get_or_init(|| {
        Language::new(ROWS.to_vec(), WORDS, MAP_CHARS, |k| {
            Tok::Kw(super::lexer::Kw(k))
        })
    })
}
