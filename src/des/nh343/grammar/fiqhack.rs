//! FIQHack's statement forms beside 3.4.3's: `HALLUMSG: "…"` after a maze
//! level's messages, for a game whose levels store a hallucination
//! message, and `levregion()` with no coordinates, for a game whose
//! `lev_comp.y` takes an empty level region (the place off the map).

use super::patterns::*;
use super::read;
use super::rows::{arg, args, row, R};
use super::{Place, Stage, Starts};
use crate::des::nh343::lexer::Class;
use crate::des::nh343::syntax::StmtKind;
use crate::statement::Pat;

/// `HALLUMSG: "text"`: a line of the hallucination message, in a maze
/// level after its `MESSAGE`s (its `lev_comp.y` has no room-level form).
pub(super) const HALLUCINATION_ROWS: &[R] = &[row(
    "HALLUMSG",
    "HALLUMSG",
    args![COLON, arg!("text", STRING)],
    |a| StmtKind::HallucinationMessage(read::string(a.get("text"))),
    Place {
        maze: Some(super::Order {
            until: Stage::HallucinationMessages,
            then: Stage::HallucinationMessages,
        }),
        rooms: None,
        starts: Starts::Nothing,
        too_late: "HALLUMSG must come after MESSAGE and before the level's contents",
    },
)];

/// `levregion(x1,y1,x2,y2)` or `levregion()`.
const LEVREGION_OR_EMPTY: P = Pat::Seq(&[
    Pat::Tok(
        Class::Word(crate::des::nh343::grammar::words::LEVREGION),
        "`levregion`",
    ),
    Pat::Alt(&[RECT, Pat::Seq(&[OPEN, CLOSE])]),
]);

/// [`LEVREGION_OR_EMPTY`] in place of `p` where `p` is 3.4.3's
/// `levregion(…)`.
pub(super) fn empty_level_region(p: &P) -> Option<P> {
    let Pat::Seq(ps) = p else { return None };
    matches!(ps.first(), Some(Pat::Tok(Class::Word(w), _)) if *w == crate::des::nh343::grammar::words::LEVREGION)
        .then_some(LEVREGION_OR_EMPTY)
}
