//! SLASH'EM's statement forms beside 3.4.3's: a `DOOR` may end with the
//! names of the artifacts that open it (`DOOR: locked, (8,3), "The Key of
//! Chaos"`, the room form likewise). A game whose door records carry an
//! `arti_key` reads these rows in place of 3.4.3's `DOOR` rows.
//!
//! A game whose objects carry `oflags` reads `OBJFLAGS: o_lit, o_buried`
//! ([`OBJECT_FLAG_ROWS`]); one with random regions `RANDOM_REGION[n]`
//! ([`RANDOM_REGION_ROWS`]); one with numbered place lists
//! `RANDOM_PLACES[n]`, whose entries may be `none` ([`PLACE_SET_ROWS`], in
//! place of 3.4.3's `RANDOM_PLACES`).

use super::patterns::*;
use super::read;
use super::rows::{
    arg, args, door, door_rows, room_door, row, DETAIL, MAP_DETAIL, R, REGISTER_LIST, ROOM_DETAIL,
};
use super::Place;
use crate::des::nh343::lexer::Tok;
use crate::des::nh343::syntax::StmtKind;
use crate::statement::Pat;

/// `OBJFLAGS: flag, flag, …`: the flags of the object before it.
pub(crate) const OBJECT_FLAG_ROWS: &[R] = &[row(
    "OBJFLAGS",
    "OBJFLAGS",
    Pat::Seq(&[
        COLON,
        Pat::SepBy {
            item: &Pat::Arg("flag", &OBJECT_FLAG_WORD),
            sep: &COMMA,
            min: 1,
            max: usize::MAX,
        },
    ]),
    |a| {
        StmtKind::ObjFlags(
            a.all("flag")
                .filter_map(|t| match t.first() {
                    Some((Tok::Val(_, v), _)) => Some(i64::from(*v)),
                    _ => None,
                })
                .collect(),
        )
    },
    DETAIL,
)];

/// Where a maze part's register lists go (not in room levels).
const MAZE_REGISTER_LIST: Place = Place {
    rooms: None,
    ..REGISTER_LIST
};

/// `RANDOM_REGION[n]: area, excluded area`.
pub(crate) const RANDOM_REGION_ROWS: &[R] = &[row(
    "RANDOM_REGION",
    "RANDOM_REGION",
    Pat::Seq(&[
        Pat::Arg("number", &INDEX),
        COLON,
        Pat::Arg("area", &LEV_RECT),
        COMMA,
        Pat::Arg("excluded area", &LEV_RECT),
    ]),
    |a| StmtKind::RandomRegion {
        index: read::int(a.get("number").get(1..).unwrap_or(&[])),
        area: read::lev_rect(a.get("area")),
        exclude: read::lev_rect(a.get("excluded area")),
    },
    MAZE_REGISTER_LIST,
)];

/// `RANDOM_PLACES[n]: place, …` (plain `RANDOM_PLACES:` is list 0), a
/// place being `(x,y)` or `none`.
pub(crate) const PLACE_SET_ROWS: &[R] = &[row(
    "RANDOM_PLACES",
    "RANDOM_PLACES",
    Pat::Seq(&[
        Pat::Opt(&Pat::Arg("number", &INDEX)),
        COLON,
        Pat::SepBy {
            item: &Pat::Arg("place", &PAIR_OR_NONE),
            sep: &COMMA,
            min: 1,
            max: usize::MAX,
        },
    ]),
    |a| {
        let set = a.get("number");
        StmtKind::RandomPlaces {
            set: (!set.is_empty()).then(|| read::int(&set[1..])),
            places: a.all("place").map(read::pair_or_none).collect(),
        }
    },
    MAZE_REGISTER_LIST,
)];

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
