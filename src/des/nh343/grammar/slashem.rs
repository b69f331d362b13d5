//! SLASH'EM's statement forms beside 3.4.3's: a `DOOR` may end with the
//! names of the artifacts that open it (`DOOR: locked, (8,3), "The Key of
//! Chaos"`, the room form likewise). A game whose door records carry an
//! `arti_key` reads these rows in place of 3.4.3's `DOOR` rows.

use super::patterns::*;
use super::rows::{door, room_door, row, MAP_DETAIL, R, ROOM_DETAIL};
use crate::statement::Pat;

/// `(, "artifact name")*`: the last one counts.
const KEYS: Pat<crate::des::nh343::lexer::Class> = Pat::Many(&Pat::Seq(&[
    COMMA,
    Pat::Arg("key", &Pat::Label("an artifact name", &STRING)),
]));

/// `DOOR` with artifact keys, both forms.
pub(crate) const DOOR_KEY_ROWS: &[R] = &[
    row(
        "DOOR",
        "DOOR (room form: secret, state, wall, position, keys)",
        Pat::Seq(&[
            COLON,
            Pat::Arg("secret flag", &BOOLEAN_OR_RANDOM),
            COMMA,
            Pat::Arg("state", &DOOR_STATE),
            COMMA,
            Pat::Arg("wall", &DIRECTION_OR_RANDOM),
            COMMA,
            Pat::Arg("position", &INT_OR_RANDOM),
            KEYS,
        ]),
        room_door,
        ROOM_DETAIL,
    ),
    row(
        "DOOR",
        "DOOR (map form: state, coordinate, keys)",
        Pat::Seq(&[
            COLON,
            Pat::Arg("state", &DOOR_STATE),
            COMMA,
            Pat::Arg("place", &COORD),
            KEYS,
        ]),
        door,
        MAP_DETAIL,
    ),
];
