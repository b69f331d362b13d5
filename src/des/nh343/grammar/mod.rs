//! The 3.4.3 language as data: one [`Row`](crate::statement::Row) per
//! statement form ([`rows`]), the patterns their arguments share
//! ([`patterns`]), the value words and map characters ([`words`]), and
//! how a matched argument's tokens read as a value ([`read`]).
//!
//! A dialect of the family (SLASH'EM's extra words and statements) is
//! [`ROWS`] and [`WORDS`] with rows and words of its own added, given to
//! [`Language::new`](crate::statement::Language::new).

mod dnethack;
pub(crate) mod patterns;
pub(crate) mod read;
mod rows;
mod slashem;
pub(crate) mod words;

use std::sync::{Mutex, OnceLock};

use super::lexer::{Language, Tok};
use super::syntax::StmtKind;
use crate::game::{Game, RecordFormat, RecordKind};
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

/// What a game's language takes from the game: the words and map
/// characters of its numbering, and the records that call for rows of
/// their own.
type GameWords = (
    Vec<(Box<str>, i64)>,
    Vec<(Box<str>, i8)>,
    Vec<(u8, i8)>,
    RecordRows,
);

/// Which of the family's extra rows a game's records call for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RecordRows {
    /// SLASH'EM's door keys (doors with an `arti_key`).
    door_keys: bool,
    /// dNetHack's door texts (doors with an `arti_text`).
    door_texts: bool,
    /// notnotdNetHack's `FORGE` (a forge list).
    forges: bool,
    /// notnotdNetHack's altar gods (altars with a `god`).
    altar_gods: bool,
    /// notnotdNetHack's `[skipcheck]` (its lexer's sanity flags).
    sanity_flags: bool,
}

fn game_words(format: &RecordFormat) -> GameWords {
    let n = &format.numbering;
    (
        n.level_flags.clone(),
        n.engravings.clone(),
        n.map_chars.clone(),
        RecordRows {
            door_keys: format.extra_index(RecordKind::Door, "arti_key").is_some(),
            door_texts: format.extra_index(RecordKind::Door, "arti_text").is_some(),
            forges: format.forges,
            altar_gods: format.extra_index(RecordKind::Altar, "god").is_some(),
            sanity_flags: format.level_rules.sanity_flags,
        },
    )
}

/// The language of `game`: 3.4.3's rows with the `FLAGS` words,
/// engraving types and map characters of its numbering (SLASH'EM's
/// `spooky` and `scrawl`, dNetHack's `,` for grass), and the rows of the
/// records it has (SLASH'EM's door keys where its doors have an
/// `arti_key`, dNetHack's door texts where they have an `arti_text`). One language is made for each such set and kept.
pub(crate) fn for_game(game: &Game) -> &'static Language {
    static VANILLA: OnceLock<GameWords> = OnceLock::new();
    static MADE: Mutex<Vec<(GameWords, &'static Language)>> = Mutex::new(Vec::new());
    let key = game_words(game.format());
    if key == *VANILLA.get_or_init(|| game_words(&RecordFormat::nethack_343())) {
        return nethack_343();
    }
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, lang)) = made.iter().find(|(k, _)| *k == key) {
        return lang;
    }
    let leak = |w: &str| -> &'static str { Box::leak(w.into()) };
    let mut words: Vec<(&'static str, Tok<'static>)> = WORDS
        .iter()
        .filter(|(_, t)| !matches!(t, Tok::Flag(_) | Tok::Val(words::ENGRAVING_TYPE, _)))
        .cloned()
        .collect();
    words.extend(key.0.iter().map(|(w, bit)| (leak(w), Tok::Flag(*bit))));
    words.extend((key.1.iter()).map(|(w, v)| (leak(w), Tok::Val(words::ENGRAVING_TYPE, *v))));
    let mut map_chars = MAP_CHARS.to_vec();
    map_chars.extend(key.2.iter().map(|&(c, _)| c));
    let mut rows = ROWS.to_vec();
    let r = key.3;
    // A dialect's rows replace 3.4.3's of the same keywords.
    for (wanted, extra) in [
        (r.door_keys, slashem::DOOR_KEY_ROWS),
        (r.door_texts && !r.door_keys, dnethack::DOOR_TEXT_ROWS),
        (r.altar_gods, dnethack::ALTAR_GOD_ROWS),
        (r.forges, dnethack::FORGE_ROWS),
        (r.sanity_flags, dnethack::SANITY_ROWS),
    ] {
        if wanted {
            rows.retain(|row| !extra.iter().any(|e| e.keyword == row.keyword));
            rows.extend_from_slice(extra);
        }
    }
    if r.sanity_flags {
        words.push(("skipcheck", Tok::Val(words::SANITY_FLAG, 0)));
        words.push(("noskipcheck", Tok::Val(words::SANITY_FLAG, 1)));
    }
    let lang = Language::new(rows, &words, &map_chars, |k| Tok::Kw(super::lexer::Kw(k)));
    let lang: &'static Language = Box::leak(Box::new(lang));
    made.push((key, lang));
    lang
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
