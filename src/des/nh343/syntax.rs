//! The `.des` syntax tree: one [`Stmt`] per statement, as written, with
//! spans. The parser produces a flat list; the order rules of the grammar
//! (which statements may follow which) are applied by [`super::sema`],
//! which can then say precisely what is out of place.

use super::grammar::Place;
use super::ir::{Alignment, Direction, DoorState, Lighting};
use super::lexer::Kw;
use crate::diag::Span;

pub(crate) use crate::diag::Sp;

/// A coordinate argument: `(x,y)`, `place[n]` or `random` (and SLASH'EM's
/// `place[i][j]` and `region[n]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Coord {
    At(Sp<i64>, Sp<i64>),
    Place(Sp<i64>),
    /// `place[i][j]`: entry `j` of place list `i` (SLASH'EM).
    PlaceIn(Sp<i64>, Sp<i64>),
    /// `region[n]`: somewhere in random region `n` (SLASH'EM).
    Region(Sp<i64>),
    Random,
}

/// `(x1,y1,x2,y2)`.
pub(crate) type Rect = Sp<[i64; 4]>;

/// A level-region argument: map-relative `(…)` or `levregion(…)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LevRect {
    Map(Rect),
    Level(Rect),
    /// FIQHack's `levregion()`: the place off the map (`COLNO`, `ROWNO`).
    OffMap(Span),
}

/// A monster or object class argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    Char(Sp<u8>),
    Random,
    /// `monster[n]` / `object[n]`.
    Register(Sp<i64>),
}

/// An alignment argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Align {
    Value(Alignment),
    Register(Sp<i64>),
    Random,
}

/// A value keyword or `random` (stored as -1 unless said otherwise).
pub(crate) type OrRandom = Option<i8>;

/// One trailing `, info` of a MONSTER statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum MonInfo<'s> {
    Name(&'s str),
    Attitude(i8),
    Alertness(i8),
    Align(Align),
    Appear(i8, &'s str),
}

/// The optional tail of an OBJECT/CONTAINER statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ObjTail<'s> {
    /// `None` when the form has no curse state; `Some(None)` for `random`.
    pub curse: Option<OrRandom>,
    pub montype: Option<Sp<&'s str>>,
    /// `None` for `random`.
    pub spe: Option<Sp<i64>>,
    /// `, "name"`; `, none` is accepted and ignored.
    pub name: Option<&'s str>,
}

/// Where a CORRIDOR ends: another room's wall, or a number (`ncorr` form).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CorrEnd {
    Room(CorrSpec),
    Number(Sp<i64>),
}

/// `(room, wall, door)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CorrSpec {
    pub room: Sp<i64>,
    pub wall: Direction,
    pub door: Option<Sp<i64>>,
}

/// An `(a, b)` pair of integers, or `random`.
pub(crate) type PairOrRandom = Option<Sp<(i64, i64)>>;

/// A name argument: a string or `random`.
pub(crate) type NameOrRandom<'s> = Option<Sp<&'s str>>;

/// One statement; the span covers the whole statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Stmt<'s> {
    pub kind: StmtKind<'s>,
    pub span: Span,
    /// The name of its form in messages (its row's).
    pub name: &'static str,
    /// Where its form may appear (its row's).
    pub place: Place,
}

/// Statement kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum StmtKind<'s> {
    Maze {
        name: Sp<&'s str>,
        fill: Option<Sp<u8>>,
    },
    Level {
        name: Sp<&'s str>,
    },
    /// The bits of the `FLAGS` words.
    Flags(Vec<i64>),
    InitMap {
        fg: Sp<u8>,
        bg: Sp<u8>,
        smoothed: bool,
        joined: Sp<bool>,
        lit: Lighting,
        walled: OrRandom,
    },
    Message(Sp<&'s str>),
    /// FIQHack's `HALLUMSG`: a line of the hallucination message.
    HallucinationMessage(Sp<&'s str>),
    RandomObjects(Vec<Sp<u8>>),
    RandomMonsters(Vec<Sp<u8>>),
    RandomPlaces {
        /// SLASH'EM's `[n]`: the number of the list.
        set: Option<Sp<i64>>,
        /// The places; `None` is SLASH'EM's `none`.
        places: Vec<Sp<Option<(i64, i64)>>>,
    },
    /// SLASH'EM's `RANDOM_REGION[n]: area, excluded area`.
    RandomRegion {
        index: Sp<i64>,
        area: LevRect,
        exclude: LevRect,
    },
    /// SLASH'EM's `OBJFLAGS`: the bits of its words.
    ObjFlags(Vec<i64>),
    NoMap,
    Geometry {
        halign: i8,
        valign: i8,
        map: usize,
        map_span: Span,
    },
    Monster {
        chance: Option<Sp<i64>>,
        class: Class,
        name: NameOrRandom<'s>,
        at: Sp<Coord>,
        infos: Vec<MonInfo<'s>>,
        /// notnotdNetHack's `[noskipcheck]`/`[skipcheck]`.
        check: Option<bool>,
    },
    Object {
        container: bool,
        chance: Option<Sp<i64>>,
        class: Class,
        name: NameOrRandom<'s>,
        /// `None` for `contained`.
        at: Option<Sp<Coord>>,
        tail: Option<ObjTail<'s>>,
        /// notnotdNetHack's `[noskipcheck]`/`[skipcheck]`.
        check: Option<bool>,
    },
    Trap {
        chance: Option<Sp<i64>>,
        kind: NameOrRandom<'s>,
        at: Sp<Coord>,
    },
    Door {
        state: DoorState,
        at: Sp<Coord>,
        /// SLASH'EM: the artifact that opens it.
        key: Option<Sp<&'s str>>,
        /// dNetHack: the number of the text written on it.
        text: Option<Sp<i64>>,
    },
    RoomDoor {
        secret: OrRandom,
        state: DoorState,
        wall: Direction,
        pos: Option<Sp<i64>>,
        /// SLASH'EM: the artifact that opens it.
        key: Option<Sp<&'s str>>,
        /// dNetHack: the number of the text written on it.
        text: Option<Sp<i64>>,
    },
    Drawbridge {
        at: Sp<Coord>,
        dir: Direction,
        state: Sp<DoorState>,
    },
    Mazewalk {
        at: Sp<Coord>,
        dir: Direction,
    },
    Wallify,
    Ladder {
        at: Sp<Coord>,
        up: bool,
    },
    Stair {
        at: Sp<Coord>,
        up: bool,
    },
    StairRegion {
        area: LevRect,
        exclude: LevRect,
        up: bool,
    },
    /// AceHack's `LADDER: levregion(…), levregion(…), up`.
    LadderRegion {
        area: LevRect,
        exclude: LevRect,
        up: bool,
    },
    Portal {
        area: LevRect,
        exclude: LevRect,
        dest: Sp<&'s str>,
    },
    Teleport {
        area: LevRect,
        exclude: LevRect,
        up: Option<bool>,
    },
    Branch {
        area: LevRect,
        exclude: LevRect,
    },
    Altar {
        at: Sp<Coord>,
        align: Align,
        kind: OrRandom,
        /// notnotdNetHack: the god's name.
        god: Option<Sp<&'s str>>,
    },
    Fountain {
        at: Sp<Coord>,
    },
    /// notnotdNetHack's `FORGE`.
    Forge {
        at: Sp<Coord>,
    },
    Sink {
        at: Sp<Coord>,
    },
    Pool {
        at: Sp<Coord>,
    },
    NonDiggable(Rect),
    NonPasswall(Rect),
    Region {
        area: Rect,
        lit: Lighting,
        rtype: NameOrRandom<'s>,
        unfilled: Option<bool>,
        irregular: Option<bool>,
    },
    Gold {
        amount: Option<Sp<i64>>,
        at: Sp<Coord>,
    },
    Engraving {
        at: Sp<Coord>,
        kind: OrRandom,
        text: Sp<&'s str>,
        /// notnotdNetHack's `[noskipcheck]`/`[skipcheck]`.
        check: Option<bool>,
    },
    Room {
        rtype: NameOrRandom<'s>,
        lit: Lighting,
        pos: PairOrRandom,
        align: Option<(i8, i8)>,
        size: PairOrRandom,
        filled: Option<bool>,
    },
    Subroom {
        rtype: NameOrRandom<'s>,
        lit: Lighting,
        pos: PairOrRandom,
        size: PairOrRandom,
        parent: Sp<&'s str>,
        filled: Option<bool>,
    },
    Name(Sp<&'s str>),
    Chance(Sp<i64>),
    RandomCorridors,
    Corridor {
        from: CorrSpec,
        to: CorrEnd,
    },
    /// A statement the parser could not read (already reported), by its
    /// keyword.
    Error(Kw),
}
