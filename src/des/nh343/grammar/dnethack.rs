//! The dNetHack family's statement forms beside 3.4.3's: a `DOOR` may end
//! with the numbers of the texts written on it (`DOOR: locked, (57,9), 3`,
//! the room form likewise). A game whose door records carry an
//! `arti_text` reads these rows in place of 3.4.3's `DOOR` rows.

use super::patterns::*;
use super::rows::{door, room_door, row, MAP_DETAIL, R, ROOM_DETAIL};
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
