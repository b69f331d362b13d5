//! SLASH'EM's statement forms beside 3.4.3's: a `DOOR` may end with the
//! names of the artifacts that open it (`DOOR: locked, (8,3), "The Key of
//! Chaos"`, the room form likewise). A game whose door records carry an
//! `arti_key` reads these rows in place of 3.4.3's `DOOR` rows.

use super::patterns::*;
use super::rows::{arg, args, door, door_rows, room_door, row, MAP_DETAIL, R, ROOM_DETAIL};
use crate::statement::Pat;

/// `(, "artifact name")*`: the last one counts.
const KEYS: Pat<crate::des::nh343::lexer::Class> = Pat::Many(&Pat::Seq(&[
    COMMA,
    Pat::Arg("key", &Pat::Label("an artifact name", &STRING)),
]));

/// `DOOR` with artifact keys, both forms.
pub(crate) const DOOR_KEY_ROWS: &[R] = &door_rows!(
    "DOOR (room form: secret, state, wall, position, keys)",
    "DOOR (map form: state, coordinate, keys)",
    KEYS
);
