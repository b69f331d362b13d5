//! AceHack's statement forms beside 3.4.3's: `LADDER: (x,y), up` may be
//! in a room as well as a maze part, for a game whose rooms have a ladder
//! list (its `sp_lev.h` room has `nlad`), and `LADDER: levregion(…),
//! levregion(…), up` is a level region, for a game whose `lev_comp.y`
//! stores the `dungeon.h` types `LR_UPLADDER` and `LR_DOWNLADDER`. Either
//! reads [`ladder_rows`] in place of 3.4.3's `LADDER`.

use super::patterns::*;
use super::read;
use super::rows::{arg, args, row, DETAIL, DIRECTED_LEVEL_REGION, MAP_DETAIL, R};
use super::Place;
use crate::des::nh343::syntax::StmtKind;
use crate::statement::Pat;

/// `LADDER: coordinate, up|down`.
const PLACE_ARGS: P = args![
    COLON,
    arg!("place", COORD),
    COMMA,
    arg!("direction", UP_DOWN)
];

const fn region_row() -> R {
    row(
        "LADDER",
        "LADDER (region form)",
        DIRECTED_LEVEL_REGION,
        |a| StmtKind::LadderRegion {
            area: read::lev_rect(a.get("area")),
            exclude: read::lev_rect(a.get("excluded area")),
            up: read::flag(a.get("direction")),
        },
        MAP_DETAIL,
    )
}

const fn place_row(place: Place) -> R {
    row(
        "LADDER",
        "LADDER",
        PLACE_ARGS,
        |a| StmtKind::Ladder {
            at: read::coord(a.get("place")),
            up: read::flag(a.get("direction")),
        },
        place,
    )
}

const ROOM_LADDERS: &[R] = &[place_row(DETAIL)];
const LADDER_REGIONS: &[R] = &[region_row(), place_row(MAP_DETAIL)];
const BOTH: &[R] = &[region_row(), place_row(DETAIL)];

/// The `LADDER` rows of a game whose rooms have ladders
/// (`room_ladders`) or whose maze parts take ladder regions
/// (`ladder_regions`), the region form first (as `STAIR`'s).
pub(crate) fn ladder_rows(room_ladders: bool, ladder_regions: bool) -> &'static [R] {
    match (room_ladders, ladder_regions) {
        (true, true) => BOTH,
        (true, false) => ROOM_LADDERS,
        _ => LADDER_REGIONS,
    }
}
