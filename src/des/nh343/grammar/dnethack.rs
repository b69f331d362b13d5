//! The dNetHack family's statement forms beside 3.4.3's: a `DOOR` may end
//! with the numbers of the texts written on it (`DOOR: locked, (57,9), 3`,
//! the room form likewise), for a game whose door records carry an
//! `arti_text`; notnotdNetHack's `FORGE: (x,y)`, for a game with a forge
//! list, `ALTAR: …, "god"`, for a game whose altars carry a `god`, and
//! `[skipcheck]`/`[noskipcheck]` after the place of `MONSTER`, `OBJECT`,
//! `CONTAINER` and `ENGRAVING`, for a game whose lexer has them.

use super::patterns::*;
use super::read;
use super::rows::{
    altar, arg, args, door, door_rows, engraving, engraving_args, monster, monster_args, object,
    object_args, room_door, row, DETAIL, MAP_DETAIL, OBJECT_NAME, R, ROOM_DETAIL,
};
use super::words::SANITY_FLAG;
use crate::des::nh343::syntax::StmtKind;
use crate::statement::Pat;

/// `(, number)*`: the last one counts.
const TEXTS: Pat<crate::des::nh343::lexer::Class> = Pat::Many(&Pat::Seq(&[
    COMMA,
    Pat::Arg("text", &Pat::Label("a door text number", &INT)),
]));

/// `DOOR` with door texts, both forms.
pub(crate) const DOOR_TEXT_ROWS: &[R] = &door_rows!(
    "DOOR (room form: secret, state, wall, position, texts)",
    "DOOR (map form: state, coordinate, texts)",
    TEXTS
);

/// `FORGE: coordinate`.
pub(crate) const FORGE_ROWS: &[R] = &[row(
    "FORGE",
    "FORGE",
    Pat::Seq(&[COLON, Pat::Arg("place", &COORD)]),
    |a| StmtKind::Forge {
        at: read::coord(a.get("place")),
    },
    DETAIL,
)];

/// `ALTAR` with an optional god's name (in place of 3.4.3's `ALTAR`).
pub(crate) const ALTAR_GOD_ROWS: &[R] = &[row(
    "ALTAR",
    "ALTAR",
    Pat::Seq(&[
        COLON,
        Pat::Arg("place", &COORD),
        COMMA,
        Pat::Arg("alignment", &ALIGNMENT),
        COMMA,
        Pat::Arg("type", &ALTAR_KIND),
        Pat::Opt(&Pat::Seq(&[
            COMMA,
            Pat::Arg("god", &Pat::Label("a god's name", &STRING)),
        ])),
    ]),
    altar,
    DETAIL,
)];

/// A coordinate with its sanity flag: `(x,y) [skipcheck]`.
const CHECKED_PLACE: P = Pat::Seq(&[
    COORD,
    OPEN_BRACKET,
    Pat::Arg(
        "sanity flag",
        &val(SANITY_FLAG, "`skipcheck` or `noskipcheck`"),
    ),
    CLOSE_BRACKET,
]);

/// `MONSTER`, `OBJECT`, `CONTAINER` and `ENGRAVING` whose place may carry
/// a sanity flag (in place of 3.4.3's).
pub(crate) const SANITY_ROWS: &[R] = &[
    row(
        "OBJECT",
        "OBJECT",
        object_args!(Pat::Alt(&[CHECKED_PLACE, COORD, CONTAINED_WORD])),
        |a| object(a, false),
        DETAIL,
    ),
    row(
        "CONTAINER",
        "CONTAINER",
        object_args!(Pat::Alt(&[CHECKED_PLACE, COORD, CONTAINED_WORD])),
        |a| object(a, true),
        DETAIL,
    ),
    row(
        "MONSTER",
        "MONSTER",
        monster_args!(Pat::Alt(&[CHECKED_PLACE, COORD])),
        monster,
        DETAIL,
    ),
    row(
        "ENGRAVING",
        "ENGRAVING",
        engraving_args!(Pat::Alt(&[CHECKED_PLACE, COORD])),
        engraving,
        DETAIL,
    ),
];
