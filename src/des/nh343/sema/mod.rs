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
//!
//! The checks live by concern: [`values`] converts argument values to
//! their stored form, [`details`] builds the statements maze parts and
//! rooms share, [`rooms`] the ROOM/SUBROOM levels and [`maze`] the maze
//! parts; this module applies the order rules and opens and closes levels.

mod details;
mod maze;
mod rooms;
mod values;

use std::collections::HashMap;

use super::ir::*;
use super::lexer::{Kw, MapBlock};
use super::syntax::*;
use crate::des::Options;
use crate::diag::{warn, Reporter, Span};
use crate::tables::{self, terrain};
use maze::{is_map_detail, PartState};
use rooms::is_room_detail;

/// Records of one kind a room or map part may hold.
const MAX_OF_TYPE: usize = 127;
/// Map parts the game accepts in one maze level.
const MAX_PARTS: usize = 9;
/// Longest level message.
const MAX_MESSAGE: usize = 255;

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
                            .warning(
                                warn::INVALID_FILL_CHARACTER,
                                c.span.clone(),
                                "Invalid fill character in MAZE declaration",
                            )
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
                level.body = LevelBody::Maze(Maze {
                    filling: Terrain(filling),
                    parts,
                });
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

    /// FLAGS, INIT_MAP and MESSAGE, common to both level kinds.
    fn header_statement(report: &mut Reporter, level: &mut Level, s: &Stmt<'_>) {
        match &s.kind {
            StmtKind::Flags(words) => {
                level.flags = LevelFlags::default();
                for &w in words {
                    level.flags.set(w);
                }
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
                    fg: Terrain(fgt),
                    bg: Terrain(bgt),
                    smoothed: *smoothed,
                    joined: joined.v,
                    lit: *lit,
                    walled: Boolean::from_code(walled.unwrap_or(-1)),
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
}
