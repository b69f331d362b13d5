//! The argument patterns the statements share, each with the label a
//! message names it by: tokens, values, coordinates, regions, chances,
//! classes, alignments and justifications.

use super::words::*;
use crate::des::nh343::lexer::{Class, Val};
use crate::statement::Pat;

/// A pattern over 3.4.3 tokens.
pub(crate) type P = Pat<Class>;

pub(crate) const COLON: P = Pat::Tok(Class::Punct(b':'), "`:`");
pub(crate) const COMMA: P = Pat::Tok(Class::Punct(b','), "`,`");
pub(crate) const OPEN: P = Pat::Tok(Class::Punct(b'('), "`(`");
pub(crate) const CLOSE: P = Pat::Tok(Class::Punct(b')'), "`)`");
pub(crate) const OPEN_BRACKET: P = Pat::Tok(Class::Punct(b'['), "`[`");
pub(crate) const CLOSE_BRACKET: P = Pat::Tok(Class::Punct(b']'), "`]`");

pub(crate) const INT: P = Pat::Tok(Class::Int, "an integer");
pub(crate) const STRING: P = Pat::Tok(Class::Str, "a string");
pub(crate) const CHAR: P = Pat::Tok(Class::Char, "a character like 'x'");
pub(crate) const RANDOM_WORD: P = Pat::Tok(Class::Word(RANDOM), "`random`");
pub(crate) const MAP_BLOCK: P = Pat::Tok(Class::Map, "a MAP … ENDMAP block");
pub(crate) const FLAG: P = Pat::Tok(Class::Flag, "a level flag");
pub(crate) const NONE_WORD: P = Pat::Tok(Class::Word(NONE), "`none`");
pub(crate) const CONTAINED_WORD: P = Pat::Tok(Class::Word(CONTAINED), "`contained`");
pub(crate) const DIRECTION: P = Pat::Tok(Class::Dir, "a direction");

/// A value keyword of class `v`.
pub(crate) const fn val(v: Val, label: &'static str) -> P {
    Pat::Tok(Class::Val(v), label)
}

pub(crate) const BOOLEAN_WORD: P = val(BOOLEAN, "`true` or `false`");
pub(crate) const UP_DOWN: P = val(UP_OR_DOWN, "`up` or `down`");
pub(crate) const ATTITUDE_WORD: P = val(ATTITUDE, "`peaceful` or `hostile`");
pub(crate) const ALERTNESS_WORD: P = val(ALERTNESS, "`asleep` or `awake`");
pub(crate) const APPEARANCE_WORD: P = val(APPEARANCE, "an appearance");
pub(crate) const FILLING_WORD: P = val(FILLING, "`filled` or `unfilled`");
pub(crate) const CURSE: P = Pat::Alt(&[val(CURSE_TYPE, "a curse state"), RANDOM_WORD]);
pub(crate) const BOOLEAN_OR_RANDOM: P = Pat::Alt(&[BOOLEAN_WORD, RANDOM_WORD]);
pub(crate) const ALTAR_KIND: P = Pat::Alt(&[val(ALTAR_TYPE, "an altar type"), RANDOM_WORD]);
pub(crate) const ENGRAVING_KIND: P =
    Pat::Alt(&[val(ENGRAVING_TYPE, "an engraving type"), RANDOM_WORD]);
pub(crate) const INT_OR_RANDOM: P = Pat::Alt(&[INT, RANDOM_WORD]);
pub(crate) const CHAR_OR_RANDOM: P = Pat::Alt(&[CHAR, RANDOM_WORD]);

// The registers `place[n]`, `monster[n]`, `object[n]`, `align[n]`.
const PLACE_REGISTER: P = Pat::Seq(&[
    Pat::Tok(Class::Word(PLACE), "`place`"),
    OPEN_BRACKET,
    INT,
    CLOSE_BRACKET,
]);

/// `( INT , INT )`.
pub(crate) const PAIR: P = Pat::Seq(&[OPEN, INT, COMMA, INT, CLOSE]);
pub(crate) const PAIR_OR_RANDOM: P = Pat::Alt(&[PAIR, RANDOM_WORD]);

/// `(x,y)`, `place[n]` or `random`.
pub(crate) const COORD: P =
    Pat::Label(COORD_LABEL, &Pat::Alt(&[PAIR, PLACE_REGISTER, RANDOM_WORD]));

/// SLASH'EM's coordinates: `(x,y)`, `place[n]`, `place[i][j]` (entry `j`
/// of place list `i`), `region[n]` or `random`. Its label is
/// [`COORD_SETS_LABEL`]; a game with numbered place lists reads it in
/// place of [`COORD`].
pub(crate) const COORD_SETS: P = Pat::Label(
    COORD_SETS_LABEL,
    &Pat::Alt(&[
        PAIR,
        Pat::Seq(&[
            Pat::Tok(Class::Word(PLACE), "`place`"),
            OPEN_BRACKET,
            INT,
            CLOSE_BRACKET,
            Pat::Opt(&Pat::Seq(&[OPEN_BRACKET, INT, CLOSE_BRACKET])),
        ]),
        Pat::Seq(&[
            Pat::Tok(Class::Word(REGION), "`region`"),
            OPEN_BRACKET,
            INT,
            CLOSE_BRACKET,
        ]),
        RANDOM_WORD,
    ]),
);
/// What [`COORD_SETS`] expects.
pub(crate) const COORD_SETS_LABEL: &str =
    "a coordinate: (x,y), place[n], place[i][j], region[n] or random";
/// The label [`COORD`] expects.
pub(crate) const COORD_LABEL: &str = "a coordinate: (x,y), place[n] or random";

/// `[n]`, as SLASH'EM numbers its place lists and random regions.
pub(crate) const INDEX: P = Pat::Seq(&[OPEN_BRACKET, INT, CLOSE_BRACKET]);

/// A SLASH'EM place list entry: `(x,y)` or `none`.
pub(crate) const PAIR_OR_NONE: P = Pat::Alt(&[PAIR, NONE_WORD]);

/// SLASH'EM's object flag words.
pub(crate) const OBJECT_FLAG_WORD: P = val(OBJECT_FLAG, "an object flag");

/// `(x1,y1,x2,y2)`.
pub(crate) const RECT: P = Pat::Label(
    "a region (x1,y1,x2,y2)",
    &Pat::Seq(&[
        OPEN,
        Pat::SepBy {
            item: &INT,
            sep: &COMMA,
            min: 4,
            max: 4,
        },
        CLOSE,
    ]),
);

/// A region of the map, or `levregion(…)` of the whole level.
pub(crate) const LEV_RECT: P = Pat::Alt(&[
    RECT,
    Pat::Seq(&[Pat::Tok(Class::Word(LEVREGION), "`levregion`"), RECT]),
]);

/// `[50%]`, or nothing.
pub(crate) const CHANCE: P = Pat::Opt(&Pat::Tok(Class::Percent, "a chance like [50%]"));

pub(crate) const MONSTER_CLASS: P = Pat::Alt(&[CHAR, RANDOM_WORD, MONSTER_REGISTER]);
const MONSTER_REGISTER: P = Pat::Seq(&[
    Pat::Tok(Class::Word(MONSTER), "`monster`"),
    OPEN_BRACKET,
    INT,
    CLOSE_BRACKET,
]);
pub(crate) const OBJECT_CLASS: P = Pat::Alt(&[CHAR, RANDOM_WORD, OBJECT_REGISTER]);
const OBJECT_REGISTER: P = Pat::Seq(&[
    Pat::Tok(Class::Word(OBJECT), "`object`"),
    OPEN_BRACKET,
    INT,
    CLOSE_BRACKET,
]);

pub(crate) const NAME_OR_RANDOM: P = Pat::Alt(&[STRING, RANDOM_WORD]);

pub(crate) const ALIGNMENT: P = Pat::Alt(&[
    Pat::Tok(Class::Align, "an alignment"),
    ALIGN_REGISTER,
    RANDOM_WORD,
]);
const ALIGN_REGISTER: P = Pat::Seq(&[
    Pat::Tok(Class::Word(ALIGN), "`align`"),
    OPEN_BRACKET,
    INT,
    CLOSE_BRACKET,
]);

/// A door state keyword or `random`.
pub(crate) const DOOR_STATE: P = Pat::Alt(&[Pat::Tok(Class::Door, "a door state"), RANDOM_WORD]);
pub(crate) const DIRECTION_OR_RANDOM: P = Pat::Alt(&[DIRECTION, RANDOM_WORD]);
/// `lit`, `unlit` or `random`.
pub(crate) const LIGHT: P = Pat::Alt(&[Pat::Tok(Class::Light, "`lit` or `unlit`"), RANDOM_WORD]);

const CENTER_WORD: P = val(CENTER, "`center`");
pub(crate) const HJUST: P = Pat::Alt(&[
    val(LEFT_OR_RIGHT, "a horizontal justification"),
    CENTER_WORD,
]);
pub(crate) const VJUST: P =
    Pat::Alt(&[val(TOP_OR_BOTTOM, "a vertical justification"), CENTER_WORD]);
