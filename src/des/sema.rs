//! Meaning of the statements: applies the grammar's order rules to the flat
//! statement list, resolves names, encodes `random` and registers, runs
//! every check of lev_comp (same messages, same severity) and builds the
//! typed [`Level`]s.
//!
//! Deviations from lev_comp, where it silently overflows or corrupts:
//! record counts above 127, more than 9 map parts, more than 80 rooms,
//! values that do not fit their field (room names longer than 32767
//! bytes included), negative register indices,
//! unsafe level names and a level defined twice in one file are errors.
//! Register lists belong to their own map part (lev_comp accumulates them
//! across the parts of a level; no real level has two lists of a kind).
//! Map-content checks are skipped for `NOMAP` parts (lev_comp reads a stale
//! or missing map there).

use std::collections::HashMap;

use super::ir::*;
use super::lexer::{Kw, MapBlock};
use super::map;
use super::syntax::*;
use super::Options;
use crate::diag::{Reporter, Span};
use crate::game::Game;
use crate::suggest;
use crate::tables::{self, terrain};

/// Records of one kind a room or map part may hold.
const MAX_OF_TYPE: usize = 127;
/// Entries in a register list.
const MAX_REGISTERS: i64 = 10;
/// Map parts the game accepts in one maze level.
const MAX_PARTS: usize = 9;
/// Rooms and subrooms lev_comp's table holds.
const MAX_ROOMS: usize = 80;
/// Subrooms one room may have.
const MAX_SUBROOMS: usize = 24;
/// Longest level message.
const MAX_MESSAGE: usize = 255;
/// `random` coordinates and classes.
const RANDOM: i8 = RANDOM_COORD;
/// A monster alignment that was not given.
const ALIGN_UNSPECIFIED: i8 = -12;

/// Builds the levels of a file from its statements. Diagnostics go to
/// `report`; the caller discards the levels if any error was reported.
pub(crate) fn build<'m>(
    source: &'m str,
    stmts: &[Stmt<'_>],
    maps: &'m [MapBlock<'m>],
    opts: &Options,
    report: &mut Reporter,
) -> Vec<Level> {
    let mut b = Builder {
        report,
        opts,
        maps,
        levels: Vec::new(),
        names: HashMap::new(),
        source,
        cur: None,
        skipping_level: false,
    };
    for s in stmts {
        b.statement(s);
    }
    b.finish_level();
    b.levels
}

struct Builder<'r, 'm, 's> {
    report: &'r mut Reporter,
    opts: &'r Options,
    maps: &'m [MapBlock<'s>],
    levels: Vec<Level>,
    /// Names of the levels of this file with where they were defined.
    names: HashMap<String, Span>,
    /// The source text, for pointing at an earlier line in a message.
    source: &'m str,
    cur: Option<LevelState>,
    /// The current level's header had a syntax error: its statements are
    /// skipped rather than checked against a level they do not belong to.
    skipping_level: bool,
}

/// How far a level definition has got: each statement may only appear
/// while the stage is at most a certain value, and moves it forward.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    Start,
    Flags,
    InitMap,
    Messages,
    /// Room levels: RANDOM_OBJECTS / RANDOM_MONSTERS.
    Registers,
    /// Maze: inside map parts; rooms: inside rooms.
    Body,
    Corridors,
    RandomCorridors,
}

struct LevelState {
    /// A map part statement of this level failed to parse.
    broken_part: bool,
    /// ROOM/SUBROOM statements of this level that failed to parse.
    broken_rooms: usize,
    /// The current map part or room did not parse: its statements are
    /// skipped rather than checked against the previous one.
    skipping_block: bool,
    level: Level,
    name_span: Span,
    stage: Stage,
    body: BodyState,
}

/// The body being built. One exists per level at a time, so the size
/// difference between the variants does not matter.
#[allow(clippy::large_enum_variant)]
enum BodyState {
    Maze {
        filling: i8,
        parts: Vec<MazePart>,
        part: Option<PartState>,
    },
    Rooms {
        rooms: RoomLevel,
        subrooms: Vec<(usize, Span)>,
    },
}

struct PartState {
    part: MazePart,
    nomap: bool,
    /// A 1x1 map on an INIT_MAP level: its cell is not stored, but the
    /// checks of the part's statements still see it, as in lev_comp.
    drops_cell: bool,
    /// A statement other than a register list was seen.
    details: bool,
    max_x: i64,
    max_y: i64,
}

impl PartState {
    /// The part as it is stored.
    fn into_part(mut self) -> MazePart {
        if self.drops_cell {
            self.part.map.cells[0] = terrain::STONE;
        }
        self.part
    }
}

/// What coordinates are checked against.
struct Place<'a> {
    in_room: bool,
    has_init: bool,
    max_x: i64,
    max_y: i64,
    /// The map for content checks (`None` in rooms and NOMAP parts).
    map: Option<&'a TerrainMap>,
}

/// The record lists a statement may append to: a maze part or a room.
enum Target<'a> {
    Part(&'a mut MazePart),
    Room(&'a mut Room),
}

fn stmt_name(k: &StmtKind<'_>) -> &'static str {
    match k {
        StmtKind::Maze { .. } => "MAZE",
        StmtKind::Level { .. } => "LEVEL",
        StmtKind::Flags(_) => "FLAGS",
        StmtKind::InitMap { .. } => "INIT_MAP",
        StmtKind::Message(_) => "MESSAGE",
        StmtKind::RandomObjects(_) => "RANDOM_OBJECTS",
        StmtKind::RandomMonsters(_) => "RANDOM_MONSTERS",
        StmtKind::RandomPlaces(_) => "RANDOM_PLACES",
        StmtKind::NoMap => "NOMAP",
        StmtKind::Geometry { .. } => "GEOMETRY",
        StmtKind::Monster { .. } => "MONSTER",
        StmtKind::Object {
            container: false, ..
        } => "OBJECT",
        StmtKind::Object {
            container: true, ..
        } => "CONTAINER",
        StmtKind::Trap { .. } => "TRAP",
        StmtKind::Door { .. } => "DOOR (map form: state, coordinate)",
        StmtKind::RoomDoor { .. } => "DOOR (room form: secret, state, wall, position)",
        StmtKind::Drawbridge { .. } => "DRAWBRIDGE",
        StmtKind::Mazewalk { .. } => "MAZEWALK",
        StmtKind::Wallify => "WALLIFY",
        StmtKind::Ladder { .. } => "LADDER",
        StmtKind::Stair { .. } => "STAIR",
        StmtKind::StairRegion { .. } => "STAIR (region form)",
        StmtKind::Portal { .. } => "PORTAL",
        StmtKind::Teleport { .. } => "TELEPORT_REGION",
        StmtKind::Branch { .. } => "BRANCH",
        StmtKind::Altar { .. } => "ALTAR",
        StmtKind::Fountain { .. } => "FOUNTAIN",
        StmtKind::Sink { .. } => "SINK",
        StmtKind::Pool { .. } => "POOL",
        StmtKind::NonDiggable(_) => "NON_DIGGABLE",
        StmtKind::NonPasswall(_) => "NON_PASSWALL",
        StmtKind::Region { .. } => "REGION",
        StmtKind::Gold { .. } => "GOLD",
        StmtKind::Engraving { .. } => "ENGRAVING",
        StmtKind::Room { .. } => "ROOM",
        StmtKind::Subroom { .. } => "SUBROOM",
        StmtKind::Name(_) => "NAME",
        StmtKind::Chance(_) => "CHANCE",
        StmtKind::RandomCorridors => "RANDOM_CORRIDORS",
        StmtKind::Corridor { .. } => "CORRIDOR",
        StmtKind::Error(_) => "statement",
    }
}

/// True for statements that may appear inside a ROOM/SUBROOM.
fn is_room_detail(k: &StmtKind<'_>) -> bool {
    matches!(
        k,
        StmtKind::Name(_)
            | StmtKind::Chance(_)
            | StmtKind::RoomDoor { .. }
            | StmtKind::Monster { .. }
            | StmtKind::Object { .. }
            | StmtKind::Trap { .. }
            | StmtKind::Altar { .. }
            | StmtKind::Fountain { .. }
            | StmtKind::Sink { .. }
            | StmtKind::Pool { .. }
            | StmtKind::Gold { .. }
            | StmtKind::Engraving { .. }
            | StmtKind::Stair { .. }
    )
}

/// True for statements that may appear in a maze part after its registers.
fn is_map_detail(k: &StmtKind<'_>) -> bool {
    matches!(
        k,
        StmtKind::Monster { .. }
            | StmtKind::Object { .. }
            | StmtKind::Door { .. }
            | StmtKind::Trap { .. }
            | StmtKind::Drawbridge { .. }
            | StmtKind::Region { .. }
            | StmtKind::StairRegion { .. }
            | StmtKind::Portal { .. }
            | StmtKind::Teleport { .. }
            | StmtKind::Branch { .. }
            | StmtKind::Altar { .. }
            | StmtKind::Fountain { .. }
            | StmtKind::Mazewalk { .. }
            | StmtKind::Wallify
            | StmtKind::Ladder { .. }
            | StmtKind::Stair { .. }
            | StmtKind::Gold { .. }
            | StmtKind::Engraving { .. }
            | StmtKind::NonDiggable(_)
            | StmtKind::NonPasswall(_)
    )
}

/// Appends `item` unless `list` already holds `limit` records.
fn push_limited<T>(
    report: &mut Reporter,
    list: &mut Vec<T>,
    item: T,
    limit: usize,
    span: &Span,
    message: &str,
) {
    if list.len() >= limit {
        report
            .error(span.clone(), message)
            .label(format!("at most {limit} allowed"));
    } else {
        list.push(item);
    }
}

/// `v` in a signed byte field, as lev_comp stores it (C's conversion keeps
/// the low bits), with a warning saying what is stored when it does not
/// fit.
fn byte(report: &mut Reporter, v: &Sp<i64>) -> i8 {
    converted(report, v, "-128..127")
}

/// `v` converted to the field type `T` as C converts an `int` (the low
/// bits kept), with a warning when that changes the value.
fn converted<T>(report: &mut Reporter, v: &Sp<i64>, range: &str) -> T
where
    T: TryFrom<i64> + WrappingFrom + std::fmt::Display + Copy,
{
    T::try_from(v.v).unwrap_or_else(|_| {
        let stored = T::wrapping_from(v.v);
        report
            .warning(
                v.span.clone(),
                format!(
                    "Value {} does not fit in its field: stored as {stored}",
                    v.v
                ),
            )
            .label(format!("the field holds {range}"))
            .help("lev_comp keeps the low bits of the number, as C does");
        stored
    })
}

/// C's conversion of an integer to a narrower signed type.
trait WrappingFrom {
    fn wrapping_from(v: i64) -> Self;
}

impl WrappingFrom for i8 {
    fn wrapping_from(v: i64) -> i8 {
        v as i8
    }
}

impl WrappingFrom for i16 {
    fn wrapping_from(v: i64) -> i16 {
        v as i16
    }
}

impl WrappingFrom for i32 {
    fn wrapping_from(v: i64) -> i32 {
        v as i32
    }
}

/// `-(n+1)` for a register index below `limit`.
fn register(report: &mut Reporter, n: &Sp<i64>, limit: i64) -> i8 {
    if n.v >= limit {
        report
            .error(n.span.clone(), "Register Index overflow!")
            .label(format!("expected 0..{}", limit - 1));
        0
    } else if n.v < 0 {
        // lev_comp stores -n-1 all the same (as a C char): a plain value.
        let stored = (-n.v).wrapping_sub(1) as i8;
        report
            .warning(
                n.span.clone(),
                format!("Register index {} is negative", n.v),
            )
            .label(format!("stored as {stored}, a plain value, not a register"))
            .help("lev_comp stores -n-1 for register n; registers are 0..9 (alignments 0..2)");
        stored
    } else {
        -(n.v as i8) - 1
    }
}

fn chance(report: &mut Reporter, c: &Option<Sp<i64>>) -> i8 {
    match c {
        None => 100,
        Some(c) => {
            if c.v <= 0 || c.v > 100 {
                report
                    .error(c.span.clone(), "Expected percentile chance.")
                    .label("expected 1..100");
                0
            } else {
                c.v as i8
            }
        }
    }
}

/// A class argument: a valid class character, `random` or a register.
fn class_value(
    report: &mut Reporter,
    c: &Class,
    valid: impl Fn(u8) -> bool,
    message: &str,
    kind: &str,
) -> i8 {
    match c {
        Class::Char(ch) if valid(ch.v) => ch.v as i8,
        Class::Char(ch) => {
            report
                .error(ch.span.clone(), message)
                .label(format!("'{}' is not {kind}", char::from(ch.v)));
            -1
        }
        Class::Random => RANDOM,
        Class::Register(n) => register(report, n, MAX_REGISTERS),
    }
}

fn monster_class(report: &mut Reporter, game: &Game, c: &Class) -> i8 {
    class_value(
        report,
        c,
        |ch| game.is_monster_class(ch),
        "Unknown monster class!",
        "a monster class",
    )
}

fn object_class(report: &mut Reporter, game: &Game, c: &Class) -> i8 {
    class_value(
        report,
        c,
        |ch| game.is_object_class(ch),
        "Unknown char class!",
        "an object class",
    )
}

fn alignment(report: &mut Reporter, a: &Align) -> i8 {
    match a {
        Align::Value(v) => *v,
        Align::Register(n) => register(report, n, 3),
        Align::Random => RANDOM,
    }
}

fn room_type(report: &mut Reporter, t: &NameOrRandom<'_>) -> i8 {
    match t {
        None => -1,
        Some(name) => tables::room_type(name.v).unwrap_or_else(|| {
            report
                .warning(
                    name.span.clone(),
                    "Unknown room type!  Making ordinary room...",
                )
                .label(format!("\"{}\" is not a room type", name.v));
            if let Some(s) = suggest::closest(name.v, tables::room_type_names()) {
                report.help(format!("did you mean \"{s}\"?"));
            }
            0
        }),
    }
}

/// A string stored with a length field of `max` at most.
fn text(report: &mut Reporter, s: &Sp<&str>, what: &str, max: usize) -> String {
    let len = crate::text::byte_len(s.v);
    if len > max {
        report
            .error(s.span.clone(), format!("{what} is too long"))
            .label(format!("{len} bytes, at most {max} fit"));
    }
    s.v.to_string()
}

/// Room and parent names are stored with a 16-bit length.
const MAX_ROOM_NAME: usize = i16::MAX as usize;
/// Engravings are stored with a 32-bit length.
const MAX_TEXT: usize = i32::MAX as usize;

impl Place<'_> {
    /// Encodes a coordinate, checking it against the map range.
    fn point(&self, report: &mut Reporter, c: &Sp<Coord>) -> Point {
        match &c.v {
            Coord::At(x, y) => {
                if !self.in_room
                    && !self.has_init
                    && (x.v < 0 || x.v > self.max_x || y.v < 0 || y.v > self.max_y)
                {
                    report
                        .error(c.span.clone(), "Coordinates out of map range!")
                        .label(format!(
                            "the map spans (0,0) to ({},{})",
                            self.max_x, self.max_y
                        ));
                }
                Point {
                    x: byte(report, x),
                    y: byte(report, y),
                }
            }
            Coord::Place(n) => {
                let r = register(report, n, MAX_REGISTERS);
                Point { x: r, y: r }
            }
            Coord::Random => Point {
                x: RANDOM,
                y: RANDOM,
            },
        }
    }

    /// lev_comp's `check_coord`: warns about things placed in rock or doors.
    fn check_in_wall(&self, report: &mut Reporter, c: &Sp<Coord>, what: &str) {
        let (Some(map), Coord::At(x, y)) = (self.map, &c.v) else {
            return;
        };
        if x.v > self.max_x || y.v > self.max_y {
            return;
        }
        if let Some(t) = map.get(x.v, y.v) {
            if map::is_rock(t) || t == terrain::DOOR {
                report
                    .warning(
                        c.span.clone(),
                        format!("{what} placed in wall at ({:02},{:02})?!", x.v, y.v),
                    )
                    .label(format!("the map has {} here", terrain_name(t)));
            }
        }
    }

    /// A map-relative region, each corner checked against the map range.
    fn area(&self, report: &mut Reporter, r: &Rect) -> Area {
        let [x1, y1, x2, y2] = r.v;
        let out = |v: i64, max: i64| v < 0 || v > max;
        if out(x1, self.max_x) || out(y1, self.max_y) || out(x2, self.max_x) || out(y2, self.max_y)
        {
            report
                .error(r.span.clone(), "Region out of map range!")
                .label(format!(
                    "the map spans (0,0) to ({},{})",
                    self.max_x, self.max_y
                ));
        }
        rect_area(report, r)
    }
}

fn terrain_name(t: i8) -> &'static str {
    usize::try_from(t)
        .ok()
        .and_then(|i| tables::TERRAIN_NAMES.get(i))
        .copied()
        .unwrap_or("?")
}

fn rect_area(report: &mut Reporter, r: &Rect) -> Area {
    let mut v = |i: usize| {
        byte(
            report,
            &Sp {
                v: r.v[i],
                span: r.span.clone(),
            },
        )
    };
    Area {
        x1: v(0),
        y1: v(1),
        x2: v(2),
        y2: v(3),
    }
}

/// The accessors of [`Target`]: the same list of a maze part or a room.
macro_rules! target_lists {
    ($($list:ident: $item:ty),* $(,)?) => {
        impl Target<'_> {
            $(
                fn $list(&mut self) -> &mut Vec<$item> {
                    match self {
                        Target::Part(p) => &mut p.$list,
                        Target::Room(r) => &mut r.$list,
                    }
                }
            )*
        }
    };
}

target_lists!(
    monsters: Monster,
    objects: Object,
    traps: Trap,
    altars: Altar,
    fountains: Point,
    stairs: Stair,
    gold: Gold,
    engravings: Engraving,
);

impl Builder<'_, '_, '_> {
    fn statement(&mut self, s: &Stmt<'_>) {
        match &s.kind {
            StmtKind::Error(Kw::Maze | Kw::Level) => {
                // The header did not parse: still open a level so that its
                // statements are not blamed on the previous one.
                self.finish_level();
                self.cur = None;
                self.skipping_level = true;
                return;
            }
            StmtKind::Error(k @ (Kw::Geometry | Kw::NoMap | Kw::Room | Kw::Subroom)) => {
                if let Some(cur) = self.cur.as_mut() {
                    let is_maze = matches!(cur.body, BodyState::Maze { .. });
                    if is_maze == matches!(k, Kw::Geometry | Kw::NoMap) {
                        // Do not add "no map part", "outside a room" or
                        // errors of the previous part or room.
                        cur.broken_part |= is_maze;
                        cur.broken_rooms += usize::from(!is_maze);
                        cur.skipping_block = true;
                        cur.stage = cur.stage.max(Stage::Body);
                    }
                }
                return;
            }
            StmtKind::Error(_) => return,
            StmtKind::Maze { name, fill } => {
                self.finish_level();
                self.skipping_level = false;
                let filling = match fill {
                    None => -1,
                    Some(c) => tables::terrain_of_map_char(c.v).unwrap_or_else(|| {
                        self.report
                            .warning(c.span.clone(), "Invalid fill character in MAZE declaration")
                            .label(format!("'{}' is not a map character", char::from(c.v)));
                        -1
                    }),
                };
                self.start_level(
                    name,
                    BodyState::Maze {
                        filling,
                        parts: Vec::new(),
                        part: None,
                    },
                );
                return;
            }
            StmtKind::Level { name } => {
                self.finish_level();
                self.skipping_level = false;
                let body = BodyState::Rooms {
                    rooms: RoomLevel::default(),
                    subrooms: Vec::new(),
                };
                self.start_level(name, body);
                return;
            }
            _ => {}
        }
        if self.skipping_level {
            return;
        }
        let Some(cur) = self.cur.as_mut() else {
            self.report
                .error(
                    s.span.clone(),
                    format!("{} outside a level", stmt_name(&s.kind)),
                )
                .label("expected `MAZE:` or `LEVEL:` first");
            return;
        };
        if cur.skipping_block {
            let starts_block = matches!(
                s.kind,
                StmtKind::NoMap
                    | StmtKind::Geometry { .. }
                    | StmtKind::Room { .. }
                    | StmtKind::Subroom { .. }
                    | StmtKind::Corridor { .. }
                    | StmtKind::RandomCorridors
            );
            if !starts_block {
                return;
            }
            cur.skipping_block = false;
        }
        let is_maze = matches!(cur.body, BodyState::Maze { .. });
        // Order rules of the grammar.
        let (max_stage, next) = match &s.kind {
            StmtKind::Flags(_) => (Stage::Start, Stage::Flags),
            StmtKind::InitMap { .. } => (Stage::Flags, Stage::InitMap),
            StmtKind::Message(_) => (Stage::Messages, Stage::Messages),
            StmtKind::NoMap | StmtKind::Geometry { .. } if is_maze => (Stage::Body, Stage::Body),
            StmtKind::RandomObjects(_)
            | StmtKind::RandomMonsters(_)
            | StmtKind::RandomPlaces(_)
                if is_maze =>
            {
                (Stage::Body, Stage::Body)
            }
            k if is_maze && is_map_detail(k) => (Stage::Body, Stage::Body),
            StmtKind::RandomObjects(_) | StmtKind::RandomMonsters(_) if !is_maze => {
                (Stage::Registers, Stage::Registers)
            }
            StmtKind::Room { .. } | StmtKind::Subroom { .. } if !is_maze => {
                (Stage::Body, Stage::Body)
            }
            k if !is_maze && is_room_detail(k) => (Stage::Body, Stage::Body),
            StmtKind::Corridor { .. } if !is_maze => (Stage::Corridors, Stage::Corridors),
            StmtKind::RandomCorridors if !is_maze => (Stage::Body, Stage::RandomCorridors),
            k => {
                let kind = if is_maze {
                    "a MAZE level"
                } else {
                    "a LEVEL (room) level"
                };
                self.report
                    .error(
                        s.span.clone(),
                        format!("{} is not allowed in {kind}", stmt_name(k)),
                    )
                    .label(if is_maze {
                        "room-level statement in a maze level"
                    } else {
                        "maze-level statement in a room level"
                    });
                return;
            }
        };
        if cur.stage > max_stage {
            let want = match &s.kind {
                StmtKind::Flags(_) => "FLAGS must come right after the MAZE/LEVEL line",
                StmtKind::InitMap { .. } => {
                    "INIT_MAP must come after FLAGS and before messages and contents"
                }
                StmtKind::Message(_) => "MESSAGE must come before the level's contents",
                StmtKind::RandomObjects(_) | StmtKind::RandomMonsters(_) => {
                    "register lists must come before the first ROOM"
                }
                StmtKind::Corridor { .. } => "CORRIDOR cannot follow RANDOM_CORRIDORS",
                StmtKind::RandomCorridors => {
                    "RANDOM_CORRIDORS must come after the rooms, instead of any CORRIDOR"
                }
                _ => "it cannot follow the level's corridors",
            };
            self.report
                .error(
                    s.span.clone(),
                    format!("{} is out of place", stmt_name(&s.kind)),
                )
                .label(want);
            return;
        }
        if max_stage == Stage::Body && next == Stage::Body && !is_maze {
            let starts_room = matches!(s.kind, StmtKind::Room { .. } | StmtKind::Subroom { .. });
            if !starts_room && cur.stage < Stage::Body {
                self.report
                    .error(
                        s.span.clone(),
                        format!("{} outside a room", stmt_name(&s.kind)),
                    )
                    .label("expected a ROOM or SUBROOM first");
                return;
            }
        }
        if is_maze && next == Stage::Body {
            let starts_part = matches!(s.kind, StmtKind::NoMap | StmtKind::Geometry { .. });
            if !starts_part && cur.stage < Stage::Body {
                self.report
                    .error(
                        s.span.clone(),
                        format!("{} before the first map part", stmt_name(&s.kind)),
                    )
                    .label("expected NOMAP or GEOMETRY first");
                return;
            }
        }
        cur.stage = cur.stage.max(next);
        if is_maze {
            self.maze_statement(s);
        } else {
            self.room_statement(s);
        }
    }

    fn start_level(&mut self, name: &Sp<&str>, body: BodyState) {
        self.check_level_name(name);
        let level = Level {
            name: name.v.to_string(),
            ..Level::default()
        };
        self.cur = Some(LevelState {
            broken_part: false,
            broken_rooms: 0,
            skipping_block: false,
            level,
            name_span: name.span.clone(),
            stage: Stage::Start,
            body,
        });
    }

    fn check_level_name(&mut self, name: &Sp<&str>) {
        let n = name.v;
        if n.contains('.') {
            self.report
                .error(name.span.clone(), "Invalid dot ('.') in level name.");
        }
        let len = crate::text::byte_len(n);
        if len > 8 {
            self.report
                .error(name.span.clone(), "Level names limited to 8 characters.")
                .label(format!("{len} characters"));
        }
        let unsafe_char = n
            .chars()
            .find(|&c| c.is_control() || "/\\:*?\"<>|".contains(c));
        if n.is_empty() || unsafe_char.is_some() {
            let why = match unsafe_char {
                Some(c) => format!("contains {c:?}"),
                None => "is empty".to_string(),
            };
            self.report
                .error(name.span.clone(), "Level name is not a safe file name")
                .label(format!(
                    "the name {why}; it becomes the output file NAME.lev"
                ));
        }
        if let Some(first) = self.names.get(n) {
            let line = self
                .source
                .get(..first.start)
                .map_or(0, |s| s.matches('\n').count())
                + 1;
            let line_hint = format!("first defined on line {line}");
            self.report
                .error(
                    name.span.clone(),
                    format!("Level \"{n}\" is defined twice in this file"),
                )
                .label(line_hint);
        }
        self.names
            .entry(n.to_string())
            .or_insert_with(|| name.span.clone());
    }

    fn finish_level(&mut self) {
        let Some(cur) = self.cur.take() else { return };
        let LevelState {
            mut level,
            name_span,
            body,
            broken_part,
            broken_rooms,
            ..
        } = cur;
        match body {
            BodyState::Maze {
                filling,
                mut parts,
                part,
            } => {
                if let Some(p) = part {
                    parts.push(p.into_part());
                }
                if parts.is_empty() && !broken_part {
                    self.report
                        .error(name_span, "Maze level has no map part")
                        .label("expected NOMAP or GEOMETRY … MAP … ENDMAP after the header");
                } else if parts.len() > MAX_PARTS {
                    self.report
                        .error(
                            name_span,
                            format!("Too many map parts in level ({})!", parts.len()),
                        )
                        .label(format!("the game loads at most {MAX_PARTS}"));
                }
                level.body = LevelBody::Maze(Maze { filling, parts });
            }
            BodyState::Rooms { rooms, subrooms } => {
                // A parent may be among the rooms that did not parse.
                if broken_rooms == 0 {
                    self.check_subrooms(&rooms, &subrooms);
                }
                level.body = LevelBody::Rooms(rooms);
            }
        }
        self.levels.push(level);
    }

    /// lev_comp's `check_subrooms`: each parent exists, at most 24
    /// children (reported at the 25th).
    fn check_subrooms(&mut self, rooms: &RoomLevel, subrooms: &[(usize, Span)]) {
        let mut children: HashMap<&str, usize> = HashMap::new();
        for (i, span) in subrooms {
            let parent = rooms.rooms[*i].parent.as_str();
            if !rooms
                .rooms
                .iter()
                .any(|r| !r.name.is_empty() && r.name == parent)
            {
                self.report
                    .error(
                        span.clone(),
                        format!("Subroom error : parent room '{parent}' not found!"),
                    )
                    .label("no ROOM has this NAME");
                continue;
            }
            let n = children.entry(parent).or_default();
            *n += 1;
            if *n == MAX_SUBROOMS + 1 {
                self.report
                    .error(
                        span.clone(),
                        format!(
                            "Subroom error: too many subrooms attached to parent room '{parent}'!"
                        ),
                    )
                    .label(format!("this is subroom {n}; at most {MAX_SUBROOMS}"));
            }
        }
    }

    /// FLAGS, INIT_MAP and MESSAGE, common to both level kinds.
    fn header_statement(report: &mut Reporter, level: &mut Level, s: &Stmt<'_>) {
        match &s.kind {
            StmtKind::Flags(words) => {
                level.flags = words.iter().fold(0, |acc, &w| acc | i64::from(w))
            }
            StmtKind::InitMap {
                fg,
                bg,
                smoothed,
                joined,
                lit,
                walled,
            } => {
                let fgt = tables::terrain_of_map_char(fg.v).unwrap_or_else(|| {
                    report
                        .error(fg.span.clone(), "Invalid foreground type.")
                        .label("not a map character");
                    tables::INVALID_TERRAIN
                });
                let bgt = tables::terrain_of_map_char(bg.v).unwrap_or_else(|| {
                    report
                        .error(bg.span.clone(), "Invalid background type.")
                        .label("not a map character");
                    tables::INVALID_TERRAIN
                });
                if joined.v && fgt != terrain::CORR && fgt != terrain::ROOM {
                    report
                        .error(
                            joined.span.clone(),
                            "Invalid foreground type for joined map.",
                        )
                        .label("a joined map needs '.' or '#' as foreground");
                }
                level.init = Some(LevelInit {
                    fg: fgt,
                    bg: bgt,
                    smoothed: *smoothed,
                    joined: joined.v,
                    lit: lit.unwrap_or(-1),
                    walled: walled.unwrap_or(-1),
                });
            }
            StmtKind::Message(m) => {
                let needed = crate::text::byte_len(m.v) + 1 + crate::text::byte_len(&level.message);
                if needed > MAX_MESSAGE {
                    report
                        .error(m.span.clone(), "Message string too long (>256 characters)")
                        .label(format!(
                            "the level's messages would need {needed} bytes, at most 254 fit"
                        ));
                } else {
                    if !level.message.is_empty() {
                        level.message.push('\n');
                    }
                    level.message.push_str(m.v);
                }
            }
            _ => {}
        }
    }

    fn maze_statement(&mut self, s: &Stmt<'_>) {
        let Some(cur) = self.cur.as_mut() else { return };
        let report = &mut *self.report;
        let has_init = cur.level.init.is_some();
        if matches!(
            s.kind,
            StmtKind::Flags(_) | StmtKind::InitMap { .. } | StmtKind::Message(_)
        ) {
            Self::header_statement(report, &mut cur.level, s);
            return;
        }
        let BodyState::Maze { parts, part, .. } = &mut cur.body else {
            return;
        };
        match &s.kind {
            StmtKind::NoMap => {
                parts.extend(part.take().map(PartState::into_part));
                let map = TerrainMap {
                    width: 1,
                    height: 1,
                    cells: vec![terrain::STONE],
                };
                let p = MazePart {
                    halign: 1,
                    valign: 1,
                    map,
                    ..MazePart::default()
                };
                *part = Some(PartState {
                    part: p,
                    nomap: true,
                    drops_cell: false,
                    details: false,
                    max_x: 79,
                    max_y: 21,
                });
                return;
            }
            StmtKind::Geometry {
                halign,
                valign,
                map: index,
                map_span,
            } => {
                parts.extend(part.take().map(PartState::into_part));
                let rows = self.maps.get(*index).map_or(&[][..], |m| &m.rows[..]);
                let mut map = match map::scan(rows) {
                    Ok(m) => m,
                    Err((w, h)) => {
                        report
                            .error(map_span.clone(), "Map too large! (max 76 x 21)")
                            .label(format!("this map is {w} x {h}"));
                        TerrainMap {
                            width: 1,
                            height: 1,
                            cells: vec![0],
                        }
                    }
                };
                if map.width == 0 || map.height == 0 {
                    report
                        .warning(map_span.clone(), "Empty map")
                        .label("no map character between MAP and ENDMAP")
                        .help("lev_comp stores a 0x0 map: the part places no terrain");
                    map = TerrainMap::default();
                }
                let drops_cell = has_init && map.width == 1 && map.height == 1;
                if drops_cell && map.cells[0] != terrain::STONE {
                    report
                        .warning(
                            map_span.clone(),
                            "A 1x1 map on an INIT_MAP level is stored without its cell",
                        )
                        .label("the game treats it like NOMAP");
                }
                let (max_x, max_y) = (i64::from(map.width) - 1, i64::from(map.height) - 1);
                let p = MazePart {
                    halign: *halign,
                    valign: *valign,
                    map,
                    ..MazePart::default()
                };
                *part = Some(PartState {
                    part: p,
                    nomap: false,
                    drops_cell,
                    details: false,
                    max_x,
                    max_y,
                });
                return;
            }
            _ => {}
        }
        let Some(ps) = part.as_mut() else { return };
        let is_register = matches!(
            s.kind,
            StmtKind::RandomObjects(_) | StmtKind::RandomMonsters(_) | StmtKind::RandomPlaces(_)
        );
        if is_register && ps.details {
            report
                .error(s.span.clone(), format!("{} is out of place", stmt_name(&s.kind)))
                .label("register lists must come right after NOMAP or MAP, before the part's other statements");
            return;
        }
        ps.details |= !is_register;
        let opts = self.opts;
        maze_detail(report, opts, ps, has_init, s);
    }

    fn room_statement(&mut self, s: &Stmt<'_>) {
        let Some(cur) = self.cur.as_mut() else { return };
        let report = &mut *self.report;
        let opts = self.opts;
        if matches!(
            s.kind,
            StmtKind::Flags(_) | StmtKind::InitMap { .. } | StmtKind::Message(_)
        ) {
            Self::header_statement(report, &mut cur.level, s);
            return;
        }
        let broken_rooms = cur.broken_rooms;
        let BodyState::Rooms { rooms, subrooms } = &mut cur.body else {
            return;
        };
        match &s.kind {
            StmtKind::RandomObjects(list) => {
                if !rooms.random_objects.is_empty() {
                    report.error(s.span.clone(), "Object registers already initialized!");
                } else {
                    rooms.random_objects = class_list(
                        report,
                        &opts.game,
                        list,
                        "Object list too long!",
                        object_class_char,
                    );
                }
            }
            StmtKind::RandomMonsters(list) => {
                if !rooms.random_monsters.is_empty() {
                    report.error(s.span.clone(), "Monster registers already initialized!");
                } else {
                    rooms.random_monsters = class_list(
                        report,
                        &opts.game,
                        list,
                        "Monster list too long!",
                        monster_class_char,
                    );
                }
            }
            StmtKind::Room {
                rtype,
                lit,
                pos,
                align,
                size,
                filled,
            } => {
                let rtype = room_type(report, rtype);
                let (x, y) = match pos {
                    None => (-1, -1),
                    Some(p) => {
                        if !(1..=5).contains(&p.v.0) || !(1..=5).contains(&p.v.1) {
                            report
                                .error(p.span.clone(), "Room position should be between 1 & 5!")
                                .label("expected (1..5,1..5)");
                        }
                        pair_bytes(report, p)
                    }
                };
                let (xalign, yalign) = align.unwrap_or((-1, -1));
                let (w, h) = size.as_ref().map_or((-1, -1), |p| pair_bytes(report, p));
                let room = Room {
                    x,
                    y,
                    w,
                    h,
                    xalign,
                    yalign,
                    rtype,
                    lit: lit.unwrap_or(-1),
                    filled: filled.map_or(1, i8::from),
                    ..Room::default()
                };
                push_limited(
                    report,
                    &mut rooms.rooms,
                    room,
                    MAX_ROOMS,
                    &s.span,
                    "Too many rooms in level!",
                );
            }
            StmtKind::Subroom {
                rtype,
                lit,
                pos,
                size,
                parent,
                filled,
            } => {
                let rtype = room_type(report, rtype);
                let (x, y) = match pos {
                    None => (-1, -1),
                    Some(p) => {
                        if p.v.0 < 0 || p.v.1 < 0 {
                            report
                                .error(p.span.clone(), "Invalid subroom position !")
                                .label("expected non-negative coordinates");
                        }
                        pair_bytes(report, p)
                    }
                };
                let (w, h) = size.as_ref().map_or((-1, -1), |p| pair_bytes(report, p));
                let room = Room {
                    parent: text(report, parent, "Parent room name", MAX_ROOM_NAME),
                    x,
                    y,
                    w,
                    h,
                    xalign: -1,
                    yalign: -1,
                    rtype,
                    lit: lit.unwrap_or(-1),
                    filled: filled.map_or(1, i8::from),
                    ..Room::default()
                };
                if rooms.rooms.len() < MAX_ROOMS {
                    subrooms.push((rooms.rooms.len(), parent.span.clone()));
                }
                push_limited(
                    report,
                    &mut rooms.rooms,
                    room,
                    MAX_ROOMS,
                    &s.span,
                    "Too many rooms in level!",
                );
            }
            StmtKind::RandomCorridors => rooms.corridors.push(Corridor {
                src_room: -1,
                ..Corridor::default()
            }),
            StmtKind::Corridor { from, to } => {
                // Rooms that did not parse still count, so that the
                // corridors to the rooms after them are not wrong.
                let nrooms = rooms.rooms.len() + broken_rooms;
                let (src_room, src_wall, src_door) = corr_spec(report, from, nrooms);
                let (dest_room, dest_wall, dest_door) = match to {
                    CorrEnd::Room(spec) => corr_spec(report, spec, nrooms),
                    CorrEnd::Number(n) => (-1, byte(report, n), 0),
                };
                let c = Corridor {
                    src_room,
                    src_wall,
                    src_door,
                    dest_room,
                    dest_wall,
                    dest_door,
                };
                push_limited(
                    report,
                    &mut rooms.corridors,
                    c,
                    MAX_OF_TYPE,
                    &s.span,
                    "Too many corridors in level!",
                );
            }
            _ => {
                let Some(room) = rooms.rooms.last_mut() else {
                    return;
                };
                room_detail(report, &opts.game, room, s);
            }
        }
    }
}

fn object_class_char(report: &mut Reporter, game: &Game, c: &Sp<u8>) -> i8 {
    object_class(report, game, &Class::Char(c.clone()))
}

fn monster_class_char(report: &mut Reporter, game: &Game, c: &Sp<u8>) -> i8 {
    monster_class(report, game, &Class::Char(c.clone()))
}

/// A register list of class characters, stored last-listed first.
fn class_list(
    report: &mut Reporter,
    game: &Game,
    list: &[Sp<u8>],
    too_long: &str,
    class: fn(&mut Reporter, &Game, &Sp<u8>) -> i8,
) -> Vec<i8> {
    let mut out: Vec<i8> = list.iter().rev().map(|c| class(report, game, c)).collect();
    if out.len() > MAX_REGISTERS as usize {
        let extra = &list[MAX_REGISTERS as usize];
        report
            .error(extra.span.clone(), too_long)
            .label(format!("at most {MAX_REGISTERS} entries"));
        out.truncate(MAX_REGISTERS as usize);
    }
    out
}

fn pair_bytes(report: &mut Reporter, p: &Sp<(i64, i64)>) -> (i8, i8) {
    let a = byte(
        report,
        &Sp {
            v: p.v.0,
            span: p.span.clone(),
        },
    );
    let b = byte(
        report,
        &Sp {
            v: p.v.1,
            span: p.span.clone(),
        },
    );
    (a, b)
}

fn corr_spec(report: &mut Reporter, c: &CorrSpec, nrooms: usize) -> (i8, i8, i8) {
    if c.room.v < 0 || c.room.v as u64 >= nrooms as u64 {
        report
            .error(c.room.span.clone(), "Wrong room number!")
            .label(format!("rooms are numbered 0..{}", nrooms as i64 - 1));
    }
    let door = c.door.as_ref().map_or(-1, |d| byte(report, d));
    (byte(report, &c.room), c.wall, door)
}

/// A MONSTER, OBJECT, TRAP, ALTAR, FOUNTAIN, STAIR, GOLD or ENGRAVING: the
/// statements maze parts and rooms share. Returns false for other kinds.
fn shared_detail(
    report: &mut Reporter,
    game: &Game,
    target: &mut Target<'_>,
    place: &Place<'_>,
    s: &Stmt<'_>,
) -> bool {
    let span = &s.span;
    match &s.kind {
        StmtKind::Monster {
            chance: c,
            class,
            name,
            at,
            infos,
        } => {
            let class = monster_class(report, game, class);
            let pos = place.point(report, at);
            if !place.in_room {
                place.check_in_wall(report, at, "Monster");
            }
            let mut m = Monster {
                id: -1,
                align: ALIGN_UNSPECIFIED,
                pos,
                chance: chance(report, c),
                class,
                peaceful: -1,
                asleep: -1,
                ..Monster::default()
            };
            if let Some(n) = name {
                let class_char = u8::try_from(class).ok().filter(|&c| c > 0);
                match class_char.and_then(|c| game.monster_id(n.v, Some(c))) {
                    Some(id) => m.id = id,
                    None => {
                        let r = report
                            .warning(
                                n.span.clone(),
                                "Invalid monster name!  Making random monster.",
                            )
                            .label(if class_char.is_some() {
                                "no monster of this class has that name"
                            } else {
                                "a named monster needs its class letter"
                            });
                        let other_class = game
                            .monster_id(n.v, None)
                            .and_then(|id| game.monsters().nth(usize::try_from(id).ok()?));
                        if let Some((_, c)) = other_class {
                            r.help(format!("\"{}\" is of class '{}'", n.v, char::from(c)));
                        } else if let Some(s) = suggest::closest(
                            n.v,
                            game.monsters()
                                .filter(|(_, c)| class_char.is_none_or(|k| k == *c))
                                .map(|(name, _)| name),
                        ) {
                            r.help(format!("did you mean \"{s}\"?"));
                        }
                    }
                }
            }
            for info in infos {
                match info {
                    MonInfo::Name(n) => m.name = n.to_string(),
                    MonInfo::Attitude(v) => m.peaceful = *v,
                    MonInfo::Alertness(v) => m.asleep = *v,
                    MonInfo::Align(a) => m.align = alignment(report, a),
                    MonInfo::Appear(kind, text) => {
                        m.appear = *kind;
                        m.appear_as = text.to_string();
                    }
                }
            }
            push_limited(
                report,
                target.monsters(),
                m,
                MAX_OF_TYPE,
                span,
                "Too many monsters in room or mazepart!",
            );
        }
        StmtKind::Object {
            container,
            chance: c,
            class,
            name,
            at,
            tail,
        } => {
            let class = object_class(report, game, class);
            let mut o = Object {
                corpsenm: -1,
                id: -1,
                spe: -127,
                chance: chance(report, c),
                class,
                curse_state: -1,
                ..Object::default()
            };
            if let Some(n) = name {
                let class_char = u8::try_from(class).ok().filter(|&c| c > 0);
                match game.object_id(n.v, class_char) {
                    Some(id) => o.id = id,
                    None => {
                        let r = report
                            .warning(
                                n.span.clone(),
                                "Illegal object name!  Making random object.",
                            )
                            .label("no object has that name");
                        let candidates = game
                            .objects()
                            .filter(|(_, c)| class_char.is_none_or(|k| k == *c))
                            .map(|(name, _)| name);
                        if let Some(s) = suggest::closest(n.v, candidates) {
                            r.help(format!("did you mean \"{s}\"?"));
                        }
                    }
                }
            }
            match at {
                Some(at) => {
                    o.pos = place.point(report, at);
                    if !place.in_room {
                        place.check_in_wall(report, at, "Object");
                    }
                }
                None => {
                    o.containment = 1;
                    o.pos = Point {
                        x: RANDOM,
                        y: RANDOM,
                    };
                }
            }
            if let Some(t) = tail {
                if let Some(curse) = t.curse {
                    o.curse_state = curse.unwrap_or(-1);
                }
                if let Some(m) = &t.montype {
                    o.corpsenm = game.monster_id(m.v, None).map_or(-2, i32::from);
                }
                if let Some(spe) = &t.spe {
                    o.spe = converted(report, spe, "-32768..32767");
                }
                if let Some(n) = t.name {
                    o.name = n.to_string();
                }
            }
            if *container {
                o.containment = 2;
            }
            push_limited(
                report,
                target.objects(),
                o,
                MAX_OF_TYPE,
                span,
                "Too many objects in room or mazepart!",
            );
        }
        StmtKind::Trap {
            chance: c,
            kind,
            at,
        } => {
            let kind = match kind {
                None => -1,
                Some(n) => tables::trap_type(n.v).unwrap_or_else(|| {
                    report
                        .error(n.span.clone(), "Unknown trap type!")
                        .label("not a trap name")
                        .help(format!(
                            "{}trap names: {}",
                            suggest::closest(n.v, tables::trap_names())
                                .map_or_else(String::new, |s| format!("did you mean \"{s}\"? ")),
                            tables::trap_names().collect::<Vec<_>>().join(", ")
                        ));
                    -1
                }),
            };
            let pos = place.point(report, at);
            if !place.in_room {
                place.check_in_wall(report, at, "Trap");
            }
            let t = Trap {
                pos,
                chance: chance(report, c),
                kind,
            };
            push_limited(
                report,
                target.traps(),
                t,
                MAX_OF_TYPE,
                span,
                "Too many traps in room or mazepart!",
            );
        }
        StmtKind::Altar { at, align, kind } => {
            let pos = place.point(report, at);
            if !place.in_room {
                place.check_in_wall(report, at, "Altar");
            }
            let a = Altar {
                pos,
                align: alignment(report, align),
                shrine: kind.unwrap_or(-1),
            };
            push_limited(
                report,
                target.altars(),
                a,
                MAX_OF_TYPE,
                span,
                "Too many altars in room or mazepart!",
            );
        }
        StmtKind::Fountain { at } => {
            let pos = place.point(report, at);
            if !place.in_room {
                place.check_in_wall(report, at, "Fountain");
            }
            push_limited(
                report,
                target.fountains(),
                pos,
                MAX_OF_TYPE,
                span,
                "Too many fountains in room or mazepart!",
            );
        }
        StmtKind::Stair { at, up } => {
            let pos = place.point(report, at);
            if !place.in_room {
                place.check_in_wall(report, at, "Stairway");
            }
            push_limited(
                report,
                target.stairs(),
                Stair { pos, up: *up },
                MAX_OF_TYPE,
                span,
                "Too many stairs in room or mazepart!",
            );
        }
        StmtKind::Gold { amount, at } => {
            let amount = match amount {
                None => -1,
                Some(a) => converted(report, a, "a 32-bit integer"),
            };
            let pos = place.point(report, at);
            if !place.in_room {
                place.check_in_wall(report, at, "Gold");
            }
            push_limited(
                report,
                target.gold(),
                Gold { pos, amount },
                MAX_OF_TYPE,
                span,
                "Too many golds in room or mazepart!",
            );
        }
        StmtKind::Engraving { at, kind, text: t } => {
            let pos = place.point(report, at);
            if !place.in_room {
                place.check_in_wall(report, at, "Engraving");
            }
            let e = Engraving {
                pos,
                text: text(report, t, "Engraving", MAX_TEXT),
                kind: kind.unwrap_or(-1),
            };
            push_limited(
                report,
                target.engravings(),
                e,
                MAX_OF_TYPE,
                span,
                "Too many engravings in room or mazepart!",
            );
        }
        _ => return false,
    }
    true
}

fn room_detail(report: &mut Reporter, game: &Game, room: &mut Room, s: &Stmt<'_>) {
    let span = &s.span;
    match &s.kind {
        StmtKind::Name(n) => {
            if !room.name.is_empty() {
                report
                    .error(n.span.clone(), "This room already has a name!")
                    .label(format!("it is already called \"{}\"", room.name));
            } else {
                room.name = text(report, n, "Room name", MAX_ROOM_NAME);
            }
        }
        StmtKind::Chance(c) => {
            if room.chance != 0 {
                report.error(c.span.clone(), "This room already assigned a chance!");
            } else if room.rtype == 0 {
                report
                    .error(c.span.clone(), "Only typed rooms can have a chance!")
                    .label("this room is ordinary");
            } else if !(1..=99).contains(&c.v) {
                report
                    .error(c.span.clone(), "The chance is supposed to be percentile.")
                    .label("expected 1..99");
            } else {
                room.chance = c.v as i8;
            }
        }
        StmtKind::RoomDoor {
            secret,
            state,
            wall,
            pos,
        } => {
            if wall.is_none() && pos.is_some() {
                report
                    .error(
                        span.clone(),
                        "If the door wall is random, so must be its pos!",
                    )
                    .label("use `random` for the position too");
            } else {
                let d = RoomDoor {
                    wall: wall.unwrap_or(-1),
                    pos: pos.as_ref().map_or(-1, |p| byte(report, p)),
                    secret: secret.unwrap_or(-1),
                    state: state.unwrap_or(-1),
                };
                push_limited(
                    report,
                    &mut room.doors,
                    d,
                    MAX_OF_TYPE,
                    span,
                    "Too many doors in room!",
                );
            }
        }
        StmtKind::Sink { at } => {
            let pos = ROOM_PLACE.point(report, at);
            push_limited(
                report,
                &mut room.sinks,
                pos,
                MAX_OF_TYPE,
                span,
                "Too many sinks in room!",
            );
        }
        StmtKind::Pool { at } => {
            let pos = ROOM_PLACE.point(report, at);
            push_limited(
                report,
                &mut room.pools,
                pos,
                MAX_OF_TYPE,
                span,
                "Too many pools in room!",
            );
        }
        _ => {
            shared_detail(report, game, &mut Target::Room(room), &ROOM_PLACE, s);
        }
    }
}

/// Coordinates in rooms are never range-checked.
const ROOM_PLACE: Place<'static> = Place {
    in_room: true,
    has_init: false,
    max_x: 0,
    max_y: 0,
    map: None,
};

fn maze_detail(
    report: &mut Reporter,
    opts: &Options,
    ps: &mut PartState,
    has_init: bool,
    s: &Stmt<'_>,
) {
    let span = &s.span;
    // Register lists.
    match &s.kind {
        StmtKind::RandomObjects(list) => {
            if !ps.part.random_objects.is_empty() {
                report.error(span.clone(), "Object registers already initialized!");
            } else {
                ps.part.random_objects = class_list(
                    report,
                    &opts.game,
                    list,
                    "Object list too long!",
                    object_class_char,
                );
            }
            return;
        }
        StmtKind::RandomMonsters(list) => {
            if !ps.part.random_monsters.is_empty() {
                report.error(span.clone(), "Monster registers already initialized!");
            } else {
                ps.part.random_monsters = class_list(
                    report,
                    &opts.game,
                    list,
                    "Monster list too long!",
                    monster_class_char,
                );
            }
            return;
        }
        StmtKind::RandomPlaces(list) => {
            if !ps.part.random_places.is_empty() {
                report.error(span.clone(), "Location registers already initialized!");
                return;
            }
            let place = Place {
                in_room: false,
                has_init,
                max_x: ps.max_x,
                max_y: ps.max_y,
                map: None,
            };
            let mut points = Vec::new();
            for (i, p) in list.iter().enumerate() {
                let (x, y) = (
                    Sp {
                        v: p.v.0,
                        span: p.span.clone(),
                    },
                    Sp {
                        v: p.v.1,
                        span: p.span.clone(),
                    },
                );
                let pt = place.point(
                    report,
                    &Sp {
                        v: Coord::At(x, y),
                        span: p.span.clone(),
                    },
                );
                if i == MAX_REGISTERS as usize {
                    report
                        .error(p.span.clone(), "Location list too long!")
                        .label(format!("at most {MAX_REGISTERS} entries"));
                }
                points.push(pt);
            }
            points.truncate(MAX_REGISTERS as usize);
            ps.part.random_places = points;
            return;
        }
        StmtKind::Wallify => {
            if !ps.nomap {
                map::wallify(&mut ps.part.map);
            }
            return;
        }
        _ => {}
    }
    // The map is moved out while the part's lists are appended to, so that
    // the checks can read it without copying it for every statement.
    let map = std::mem::take(&mut ps.part.map);
    let place = Place {
        in_room: false,
        has_init,
        max_x: ps.max_x,
        max_y: ps.max_y,
        map: (!ps.nomap).then_some(&map),
    };
    map_detail(report, opts, &mut ps.part, &place, s);
    ps.part.map = map;
}

/// A statement of a maze part other than the register lists and WALLIFY.
fn map_detail(
    report: &mut Reporter,
    opts: &Options,
    part: &mut MazePart,
    place: &Place<'_>,
    s: &Stmt<'_>,
) {
    let span = &s.span;
    if shared_detail(report, &opts.game, &mut Target::Part(part), place, s) {
        return;
    }
    match &s.kind {
        StmtKind::Door { state, at } => {
            let pos = place.point(report, at);
            if let (Some(map), Coord::At(x, y)) = (place.map, &at.v) {
                if x.v >= 0 && y.v >= 0 {
                    let t = map.get(x.v, y.v);
                    // Outside the map the range check has already spoken,
                    // except on INIT_MAP levels, where it does not run.
                    let checked = t.is_some() || place.has_init;
                    if checked && t != Some(terrain::DOOR) && t != Some(terrain::SDOOR) {
                        report
                            .error(at.span.clone(), "Door decl doesn't match the map")
                            .label(format!(
                                "the map has {} here, not '+' or 'S'",
                                t.map_or("nothing", terrain_name)
                            ));
                    }
                }
            }
            push_limited(
                report,
                &mut part.doors,
                Door {
                    pos,
                    state: state.unwrap_or(-1),
                },
                MAX_OF_TYPE,
                span,
                "Too many doors in mazepart!",
            );
        }
        StmtKind::Drawbridge { at, dir, state } => {
            let pos = place.point(report, at);
            let open = match state.v {
                Some(2) => true,
                Some(4) => false,
                _ => {
                    report
                        .error(
                            state.span.clone(),
                            "A drawbridge can only be open or closed!",
                        )
                        .label("expected `open` or `closed`");
                    false
                }
            };
            let (db_dir, dx, dy) = match dir {
                1 => (0, 0, -1),
                2 => (1, 0, 1),
                4 => (2, 1, 0),
                _ => (3, -1, 0),
            };
            if let (Some(map), Coord::At(x, y)) = (place.map, &at.v) {
                if x.v >= 0 && y.v >= 0 && !map.get(x.v + dx, y.v + dy).is_some_and(map::is_wall) {
                    report
                        .error(
                            at.span.clone(),
                            format!("Wall needed for drawbridge ({:02}, {:02})", x.v, y.v),
                        )
                        .label("the cell beyond the drawbridge in its direction must be a wall");
                }
            }
            let d = Drawbridge {
                pos,
                dir: db_dir,
                open,
            };
            push_limited(
                report,
                &mut part.drawbridges,
                d,
                MAX_OF_TYPE,
                span,
                "Too many drawbridges in mazepart!",
            );
        }
        StmtKind::Mazewalk { at, dir } => {
            let pos = place.point(report, at);
            push_limited(
                report,
                &mut part.mazewalks,
                Walk { pos, dir: *dir },
                MAX_OF_TYPE,
                span,
                "Too many mazewalks in mazepart!",
            );
        }
        StmtKind::Ladder { at, up } => {
            let pos = place.point(report, at);
            place.check_in_wall(report, at, "Ladder");
            push_limited(
                report,
                &mut part.ladders,
                Stair { pos, up: *up },
                MAX_OF_TYPE,
                span,
                "Too many ladders in mazepart!",
            );
        }
        StmtKind::StairRegion { area, exclude, up } => {
            let r = lev_region(report, place, area, exclude, i8::from(*up), "");
            push_limited(
                report,
                &mut part.level_regions,
                r,
                MAX_OF_TYPE,
                span,
                "Too many levregions in mazepart!",
            );
        }
        StmtKind::Portal {
            area,
            exclude,
            dest,
        } => {
            let r = lev_region(report, place, area, exclude, 2, dest.v);
            push_limited(
                report,
                &mut part.level_regions,
                r,
                MAX_OF_TYPE,
                span,
                "Too many levregions in mazepart!",
            );
        }
        StmtKind::Teleport { area, exclude, up } => {
            let kind = match up {
                None => 4,
                Some(true) => 5,
                Some(false) => 6,
            };
            let r = lev_region(report, place, area, exclude, kind, "");
            push_limited(
                report,
                &mut part.level_regions,
                r,
                MAX_OF_TYPE,
                span,
                "Too many levregions in mazepart!",
            );
        }
        StmtKind::Branch { area, exclude } => {
            let r = lev_region(report, place, area, exclude, 3, "");
            push_limited(
                report,
                &mut part.level_regions,
                r,
                MAX_OF_TYPE,
                span,
                "Too many levregions in mazepart!",
            );
        }
        StmtKind::NonDiggable(r) => {
            let a = place.area(report, r);
            push_limited(
                report,
                &mut part.non_diggable,
                a,
                MAX_OF_TYPE,
                span,
                "Too many diggables in mazepart!",
            );
        }
        StmtKind::NonPasswall(r) => {
            let a = place.area(report, r);
            push_limited(
                report,
                &mut part.non_passwall,
                a,
                31,
                span,
                "Too many passwalls in mazepart!",
            );
        }
        StmtKind::Region {
            area,
            lit,
            rtype,
            unfilled,
            irregular,
        } => {
            let a = place.area(report, area);
            let mut rtype = room_type(report, rtype);
            if *unfilled == Some(true) {
                rtype += 25;
            }
            let irregular = irregular.unwrap_or(false);
            let [x1, y1, x2, y2] = area.v;
            if x1 > x2 || y1 > y2 {
                report
                    .error(area.span.clone(), "Region start > end!")
                    .label("expected x1 <= x2 and y1 <= y2");
            }
            if rtype == 4 && (irregular || x2 - x1 != 1 || y2 - y1 != 1) {
                report.error(area.span.clone(), "Vaults must be exactly 2x2!");
            }
            region_map_checks(report, opts, place, area, irregular);
            let r = Region {
                area: a,
                rtype,
                lit: lit.unwrap_or(-1),
                irregular,
            };
            push_limited(
                report,
                &mut part.regions,
                r,
                MAX_OF_TYPE,
                span,
                "Too many regions in mazepart!",
            );
        }
        _ => {}
    }
}

/// REGION's map checks: `-w` warnings for regular regions strictly inside
/// the map, the irregular-region error otherwise.
fn region_map_checks(
    report: &mut Reporter,
    opts: &Options,
    place: &Place<'_>,
    area: &Rect,
    irregular: bool,
) {
    let Some(map) = place.map else { return };
    let [x1, y1, x2, y2] = area.v;
    let inside = x1 > 0 && y1 > 0 && x2 < place.max_x && y2 < place.max_y;
    if opts.extra_warnings && !irregular && inside {
        let cell = |x: i64, y: i64| map.get(x, y).unwrap_or(terrain::STONE);
        let rock = (y1..=y2)
            .any(|y| (x1..=x2).any(|x| map::is_rock(cell(x, y)) || cell(x, y) == terrain::DOOR));
        let coords = format!("({x1:02},{y1:02},{x2:02},{y2:02})");
        if rock {
            report
                .warning(area.span.clone(), format!("Rock in room {coords}?!"))
                .label("the region holds rock or a door");
        }
        let corners = [
            (x1 - 1, y1 - 1),
            (x1 - 1, y2 + 1),
            (x2 + 1, y1 - 1),
            (x2 + 1, y2 + 1),
        ];
        if corners.iter().any(|&(x, y)| !map::is_rock(cell(x, y))) {
            report
                .warning(
                    area.span.clone(),
                    format!("NonRock edge in room {coords}?!"),
                )
                .label("a corner just outside the region is not rock");
        }
    } else if irregular && !map.get(x1, y1).is_some_and(map::is_room) {
        report
            .error(
                area.span.clone(),
                format!("Rock in irregular room ({x1:02},{y1:02})?!"),
            )
            .label("an irregular region must start on a floor cell");
    }
}

fn lev_region(
    report: &mut Reporter,
    place: &Place<'_>,
    area: &LevRect,
    exclude: &LevRect,
    kind: i8,
    dest: &str,
) -> LevRegion {
    let mut one = |r: &LevRect| match r {
        LevRect::Map(rect) => (place.area(report, rect), false),
        LevRect::Level(rect) => {
            let limits = [(1, 79), (0, 20), (1, 79), (0, 20)];
            if rect
                .v
                .iter()
                .zip(limits)
                .any(|(&v, (lo, hi))| v < lo || v > hi)
            {
                report
                    .error(rect.span.clone(), "Region out of level range!")
                    .label("expected 1 <= x <= 79 and 0 <= y <= 20");
            }
            (rect_area(report, rect), true)
        }
    };
    let (a, a_lev) = one(area);
    let (e, e_lev) = one(exclude);
    LevRegion {
        area: a,
        exclude: e,
        area_in_level: a_lev,
        exclude_in_level: e_lev,
        kind,
        destination: dest.to_string(),
    }
}
