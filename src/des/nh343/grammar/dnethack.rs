//! The dNetHack family's statement forms beside 3.4.3's: a `DOOR` may end
//! with the numbers of the texts written on it (`DOOR: locked, (57,9), 3`,
//! the room form likewise), for a game whose door records carry an
//! `arti_text`; notnotdNetHack's `FORGE: (x,y)`, for a game with a forge
//! list, and `ALTAR: …, "god"`, for a game whose altars carry a `god`.

use super::patterns::*;
use super::read;
use super::rows::{altar, door, room_door, row, DETAIL, MAP_DETAIL, R, ROOM_DETAIL};
use crate::des::nh343::syntax::StmtKind;
use crate::statement::Pat;

/// `(, number)*`: the last one counts.
const TEXTS: Pat<crate::des::nh343::lexer::Class> = Pat::Many(&Pat::Seq(&[
    COMMA,
    Pat::Arg("text", &Pat::Label("a door text number", &INT)),
]));

/// `DOOR` with door texts, both forms.
pub(crate) const DOOR_TEXT_ROWS: &[R] = &[
    row(
        "DOOR",
        "DOOR (room form: secret, state, wall, position, texts)",
        Pat::Seq(&[
            COLON,
            Pat::Arg("secret flag", &BOOLEAN_OR_RANDOM),
            COMMA,
            Pat::Arg("state", &DOOR_STATE),
            COMMA,
            Pat::Arg("wall", &DIRECTION_OR_RANDOM),
            COMMA,
            Pat::Arg("position", &INT_OR_RANDOM),
            TEXTS,
        ]),
        room_door,
        ROOM_DETAIL,
    ),
    row(
        "DOOR",
        "DOOR (map form: state, coordinate, texts)",
        Pat::Seq(&[
            COLON,
            Pat::Arg("state", &DOOR_STATE),
            COMMA,
            Pat::Arg("place", &COORD),
            TEXTS,
        ]),
        door,
        MAP_DETAIL,
    ),
];

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
