//! The 3.4.3 language as data: one [`Row`](crate::statement::Row) per
//! statement form ([`rows`]), the patterns their arguments share
//! ([`patterns`]), the value words and map characters ([`words`]), and
//! how a matched argument's tokens read as a value ([`read`]).
//!
//! A dialect of the family (SLASH'EM's extra words and statements) is
//! [`ROWS`] and [`WORDS`] with rows and words of its own added, given to
//! [`Language::new`](crate::statement::Language::new).

mod acehack;
mod dnethack;
mod fiqhack;
pub(crate) mod patterns;
pub(crate) mod read;
mod rows;
mod slashem;
pub(crate) mod words;

use std::sync::{Mutex, OnceLock};

use super::ir::Lighting;
use super::lexer::{Class, Language, Tok};
use super::syntax::StmtKind;
use crate::game::{Game, RecordFormat, RecordKind};
use crate::statement::{Args, Pat};

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
    /// Maze levels: FIQHack's HALLUMSG, after the messages.
    HallucinationMessages,
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
/// Borrowed from the game's format, so that finding the language made for
/// it allocates nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct GameWords<'f> {
    level_flags: &'f [(Box<str>, i64)],
    engravings: &'f [(Box<str>, i8)],
    object_flags: &'f [(Box<str>, i64)],
    curse_states: &'f [(Box<str>, i8)],
    light_states: &'f [(Box<str>, i8)],
    map_row_chars: &'f [u8],
    rows: RecordRows,
}

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
    /// SLASH'EM's `OBJFLAGS` (objects with `oflags`).
    object_flags: bool,
    /// SLASH'EM's `RANDOM_REGION` and `region[n]` (a random region list).
    random_regions: bool,
    /// SLASH'EM's `RANDOM_PLACES[n]`, `none` and `place[i][j]` (numbered
    /// place lists).
    place_sets: bool,
    /// AceHack's `LADDER` in rooms (a room ladder list).
    room_ladders: bool,
    /// AceHack's `LADDER: levregion(…), …` (its `lev_comp.y` stores
    /// `LR_UPLADDER` and `LR_DOWNLADDER`).
    ladder_regions: bool,
    /// FIQHack's `HALLUMSG` (levels with a hallucination message).
    hallucination_messages: bool,
    /// FIQHack's `levregion()`.
    empty_level_regions: bool,
}

fn game_words(format: &RecordFormat) -> GameWords<'_> {
    let n = &format.numbering;
    GameWords {
        level_flags: &n.level_flags,
        engravings: &n.engravings,
        object_flags: &n.object_flags,
        curse_states: &n.curse_states,
        light_states: &n.light_states,
        map_row_chars: &n.map_row_chars,
        rows: RecordRows {
            door_keys: format.extra_index(RecordKind::Door, "arti_key").is_some(),
            door_texts: format.extra_index(RecordKind::Door, "arti_text").is_some(),
            forges: format.forges,
            altar_gods: format.extra_index(RecordKind::Altar, "god").is_some(),
            sanity_flags: format.level_rules.sanity_flags,
            object_flags: format.extra_index(RecordKind::Object, "oflags").is_some(),
            random_regions: format.random_regions,
            place_sets: format.place_sets,
            room_ladders: format.room_ladders,
            ladder_regions: n.level_region("LR_UPLADDER").is_some()
                && n.level_region("LR_DOWNLADDER").is_some(),
            hallucination_messages: format.hallucination_messages,
            empty_level_regions: format.level_rules.empty_level_regions,
        },
    }
}

/// The language of `game`: 3.4.3's rows with the `FLAGS` words,
/// engraving types and map characters of its numbering (SLASH'EM's
/// `spooky` and `scrawl`, dNetHack's `,` for grass), and the rows of the
/// records it has (SLASH'EM's door keys where its doors have an
/// `arti_key`, dNetHack's door texts where they have an `arti_text`;
/// SLASH'EM's `OBJFLAGS` and its words where its objects have `oflags`,
/// `RANDOM_REGION` and `region[n]` where its parts have random regions,
/// `RANDOM_PLACES[n]`, `none` and `place[i][j]` where they have numbered
/// place lists; AceHack's curse state `identified`, `LADDER` in rooms where
/// its rooms have ladders and `LADDER: levregion(…)` where its `lev_comp.y`
/// stores ladder regions; FIQHack's lighting `mineslight`, `HALLUMSG` where
/// its levels have a hallucination message and `levregion()` where its
/// `lev_comp.y` takes one). One language is made for each such set and
/// kept.
pub(crate) fn for_game(game: &Game) -> &'static Language {
    static VANILLA: OnceLock<RecordFormat> = OnceLock::new();
    // The formats languages were made for (kept as long as the languages).
    static MADE: Mutex<Vec<(&'static RecordFormat, &'static Language)>> = Mutex::new(Vec::new());
    let key = game_words(game.format());
    if key == game_words(VANILLA.get_or_init(RecordFormat::nethack_343)) {
        return nethack_343();
    }
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, lang)) = made.iter().find(|(f, _)| game_words(f) == key) {
        return lang;
    }
    let leak = |w: &str| -> &'static str { Box::leak(w.into()) };
    let mut words: Vec<(&'static str, Tok<'static>)> = WORDS
        .iter()
        .filter(|(_, t)| {
            !matches!(
                t,
                Tok::Flag(_)
                    | Tok::Light(_)
                    | Tok::Val(words::ENGRAVING_TYPE, _)
                    | Tok::Val(words::CURSE_TYPE, _)
            )
        })
        .cloned()
        .collect();
    words.extend((key.level_flags.iter()).map(|(w, bit)| (leak(w), Tok::Flag(*bit))));
    words.extend(
        (key.engravings.iter()).map(|(w, v)| (leak(w), Tok::Val(words::ENGRAVING_TYPE, *v))),
    );
    // Its curse states (AceHack's `identified`, 4).
    words
        .extend((key.curse_states.iter()).map(|(w, v)| (leak(w), Tok::Val(words::CURSE_TYPE, *v))));
    // Its lighting words (FIQHack's `mineslight`, 2).
    words.extend(
        (key.light_states.iter()).map(|(w, v)| (leak(w), Tok::Light(Lighting::from_code(*v)))),
    );
    let r = key.rows;
    if r.object_flags {
        // lev_comp's OBJFLAG_TYPE words: their bits (SLASH'EM's fit a byte).
        words.extend(key.object_flags.iter().filter_map(|(w, bit)| {
            Some((
                leak(w),
                Tok::Val(words::OBJECT_FLAG, i8::try_from(*bit).ok()?),
            ))
        }));
    }
    if r.random_regions {
        words.push((words::REGION, Tok::Word(words::REGION)));
    }
    // The characters its lexer lets into a map row (dNetHack's `,`; its
    // `N`, which is no map character: stone, with lev_comp's warning).
    let map_chars = key.map_row_chars;
    let mut rows = ROWS.to_vec();
    // A dialect's rows replace 3.4.3's of the same keywords.
    for (wanted, extra) in [
        (r.door_keys, slashem::DOOR_KEY_ROWS),
        (r.door_texts && !r.door_keys, dnethack::DOOR_TEXT_ROWS),
        (r.altar_gods, dnethack::ALTAR_GOD_ROWS),
        (r.forges, dnethack::FORGE_ROWS),
        (r.sanity_flags, dnethack::SANITY_ROWS),
        (r.object_flags, slashem::OBJECT_FLAG_ROWS),
        (r.random_regions, slashem::RANDOM_REGION_ROWS),
        (r.place_sets, slashem::PLACE_SET_ROWS),
        (
            r.room_ladders || r.ladder_regions,
            acehack::ladder_rows(r.room_ladders, r.ladder_regions),
        ),
        (r.hallucination_messages, fiqhack::HALLUCINATION_ROWS),
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
    if r.place_sets || r.random_regions {
        // Every coordinate may also be `place[i][j]` or `region[n]`.
        let coordinates = |p: &Pat<Class>| match p {
            Pat::Label(l, _) if *l == patterns::COORD_LABEL => Some(patterns::COORD_SETS),
            _ => None,
        };
        for row in &mut rows {
            row.args = replaced(&row.args, &coordinates);
        }
    }
    if r.empty_level_regions {
        for row in &mut rows {
            row.args = replaced(&row.args, &fiqhack::empty_level_region);
        }
    }
    let lang = Language::new(rows, &words, map_chars, |k| Tok::Kw(super::lexer::Kw(k)));
    let lang: &'static Language = Box::leak(Box::new(lang));
    let format: &'static RecordFormat = Box::leak(Box::new(game.format().clone()));
    made.push((format, lang));
    lang
}

/// `pat` with every part `by` gives a replacement for replaced (its
/// parts are not looked into). The new patterns live as long as the
/// language.
fn replaced(pat: &Pat<Class>, by: &dyn Fn(&Pat<Class>) -> Option<Pat<Class>>) -> Pat<Class> {
    fn leak(p: Pat<Class>) -> &'static Pat<Class> {
        Box::leak(Box::new(p))
    }
    fn all(
        ps: &[Pat<Class>],
        by: &dyn Fn(&Pat<Class>) -> Option<Pat<Class>>,
    ) -> &'static [Pat<Class>] {
        Box::leak(ps.iter().map(|p| replaced(p, by)).collect())
    }
    if let Some(new) = by(pat) {
        return new;
    }
    match *pat {
        Pat::Tok(..) => *pat,
        #[cfg(feature = "nethack36")]
        Pat::Read(..) => *pat,
        Pat::Seq(ps) => Pat::Seq(all(ps, by)),
        Pat::Alt(ps) => Pat::Alt(all(ps, by)),
        Pat::Opt(p) => Pat::Opt(leak(replaced(p, by))),
        Pat::Many(p) => Pat::Many(leak(replaced(p, by))),
        Pat::SepBy {
            item,
            sep,
            min,
            max,
        } => Pat::SepBy {
            item: leak(replaced(item, by)),
            sep,
            min,
            max,
        },
        Pat::Label(l, p) => Pat::Label(l, leak(replaced(p, by))),
        Pat::Arg(n, p) => Pat::Arg(n, leak(replaced(p, by))),
    }
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
