//! Meaning of the statements: applies the grammar's order rules to the flat
//! statement list, resolves names, encodes `random` and registers, runs
//! every check of lev_comp (same messages, same severity) and builds the
//! typed [`Level`]s.
//!
//! Deviations from lev_comp, where it silently overflows or corrupts:
//! record counts above 127, more than 9 map parts, more than 80 rooms,
//! values that do not fit their field (room names longer than 32767
//! bytes included), negative register indices,
//! unsafe level names are errors. A level defined twice in one file is
//! a warning: lev_comp writes the later definition over the earlier one's
//! file, which it opens without truncating (see [`crate::des::Blobs`]).
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

use super::grammar::{Order, Stage, Starts};
use super::ir::*;
use super::lexer::MapBlock;
use super::map::Kinds;
use super::syntax::*;
use crate::des::Options;
use crate::diag::{warn, Reporter, Span};
use crate::game::Game;
use crate::tables;
use maze::PartState;

/// Records of one kind a room or map part may hold.
const MAX_OF_TYPE: usize = 127;
/// Map parts the game accepts in one maze level: every 3.4.3-family
/// `sp_lev.c`'s `load_maze` panics on a level of more (`numpart > 9`).
const MAX_PARTS: usize = 9;
/// Map parts every 3.4.3-family `lev_comp` holds (`tmppart[10]`): a level
/// of 10 is written; its 11th part is written past the table.
const PART_TABLE: usize = 10;
/// Longest level message.
const MAX_MESSAGE: usize = 255;

/// Builds the levels of a file from its statements, given one at a time
/// ([`Builder::statement`]) so that a long file's statements need not all
/// be held. Diagnostics go to the reporter it is given; the caller
/// discards the levels if any error was reported.
pub(crate) struct Builder<'r, 'm> {
    report: &'r mut Reporter,
    opts: &'r Options,
    /// The game's location types the checks name (looked up once).
    kinds: Kinds,
    levels: Vec<Level>,
    /// Names of the levels of this file with where they were defined.
    names: HashMap<String, Span>,
    /// The source text, for pointing at an earlier line in a message.
    source: &'m str,
    cur: Option<LevelState>,
    /// The current level's header had a syntax error: its statements are
    /// skipped rather than checked against a level they do not belong to.
    skipping_level: bool,
    /// Where each finished level goes instead of [`Builder::finish`]'s
    /// list.
    sink: Option<&'r mut dyn FnMut(Level)>,
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
        /// What lev_comp's `tmpmap` holds: what a NOMAP part's checks read.
        scratch: maze::Scratch,
    },
    Rooms {
        rooms: RoomLevel,
        subrooms: Vec<(usize, Span)>,
    },
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

impl<'r, 'm> Builder<'r, 'm> {
    /// A builder of the levels of `source`, reporting to `report`.
    pub(crate) fn new(source: &'m str, opts: &'r Options, report: &'r mut Reporter) -> Self {
        Builder {
            report,
            opts,
            kinds: Kinds::of(&opts.game.format().numbering),
            levels: Vec::new(),
            names: HashMap::new(),
            source,
            cur: None,
            skipping_level: false,
            sink: None,
        }
    }

    /// This builder, giving each level to `sink` as it is finished (the
    /// list [`Builder::finish`] returns is then empty).
    pub(crate) fn sending(self, sink: &'r mut dyn FnMut(Level)) -> Self {
        Builder {
            sink: Some(sink),
            ..self
        }
    }

    /// The levels, once every statement was given.
    pub(crate) fn finish(mut self) -> Vec<Level> {
        self.finish_level();
        self.levels
    }

    /// Adds the next statement of the file; `maps` holds the map blocks
    /// read so far (a [`StmtKind::Geometry`] names one by index).
    pub(crate) fn statement(&mut self, s: &Stmt<'_>, maps: &[MapBlock<'_>]) {
        match &s.kind {
            StmtKind::Error(_) if s.place.starts == Starts::Level => {
                // The header did not parse: still open a level so that its
                // statements are not blamed on the previous one.
                self.finish_level();
                self.cur = None;
                self.skipping_level = true;
                return;
            }
            StmtKind::Error(_) if matches!(s.place.starts, Starts::MapPart | Starts::Room) => {
                if let Some(cur) = self.cur.as_mut() {
                    let is_maze = matches!(cur.body, BodyState::Maze { .. });
                    if is_maze == (s.place.starts == Starts::MapPart) {
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
                    Some(c) => terrain_of_char(self.report, &self.opts.game, c.v, &c.span)
                        .unwrap_or_else(|| {
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
                        scratch: maze::Scratch::default(),
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
                .error(s.span.clone(), format!("{} outside a level", s.name))
                .label("expected `MAZE:` or `LEVEL:` first");
            return;
        };
        if cur.skipping_block {
            if s.place.starts == Starts::Nothing {
                return;
            }
            cur.skipping_block = false;
        }
        let is_maze = matches!(cur.body, BodyState::Maze { .. });
        // Order rules of the grammar.
        let order = if is_maze { s.place.maze } else { s.place.rooms };
        let Some(Order {
            until: max_stage,
            then: next,
        }) = order
        else {
            let kind = if is_maze {
                "a MAZE level"
            } else {
                "a LEVEL (room) level"
            };
            self.report
                .error(
                    s.span.clone(),
                    format!("{} is not allowed in {kind}", s.name),
                )
                .label(if is_maze {
                    "room-level statement in a maze level"
                } else {
                    "maze-level statement in a room level"
                });
            return;
        };
        if cur.stage > max_stage {
            self.report
                .error(s.span.clone(), format!("{} is out of place", s.name))
                .label(s.place.too_late);
            return;
        }
        if max_stage == Stage::Body
            && next == Stage::Body
            && !is_maze
            && s.place.starts != Starts::Room
            && cur.stage < Stage::Body
        {
            self.report
                .error(s.span.clone(), format!("{} outside a room", s.name))
                .label("expected a ROOM or SUBROOM first");
            return;
        }
        if is_maze
            && next == Stage::Body
            && s.place.starts != Starts::MapPart
            && cur.stage < Stage::Body
        {
            self.report
                .error(
                    s.span.clone(),
                    format!("{} before the first map part", s.name),
                )
                .label("expected NOMAP or GEOMETRY first");
            return;
        }
        cur.stage = cur.stage.max(next);
        if is_maze {
            self.maze_statement(s, maps);
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
                .warning(
                    warn::LEVEL_DEFINED_TWICE,
                    name.span.clone(),
                    format!("Level \"{n}\" is defined twice in this file"),
                )
                .label(line_hint)
                .help(
                    "lev_comp writes this definition over the earlier one's file without \
                     truncating it: the output is this level, then the earlier one's bytes \
                     past its end",
                );
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
                ..
            } => {
                if let Some(p) = part {
                    parts.push(p.into_part());
                }
                if parts.is_empty() && !broken_part {
                    self.report
                        .error(name_span, "Maze level has no map part")
                        .label("expected NOMAP or GEOMETRY … MAP … ENDMAP after the header");
                } else if parts.len() > PART_TABLE {
                    self.report
                        .error(
                            name_span,
                            format!("Too many map parts in level ({})!", parts.len()),
                        )
                        .label(format!(
                            "lev_comp's table holds {PART_TABLE} and it writes the next past it; \
                             the game loads at most {MAX_PARTS}"
                        ));
                } else if parts.len() > MAX_PARTS {
                    self.report
                        .warning(
                            warn::MAP_PARTS_PAST_LOADER,
                            name_span,
                            format!(
                                "Level has {} map parts: the game loads at most {MAX_PARTS}",
                                parts.len()
                            ),
                        )
                        .label(format!(
                            "lev_comp writes it; the game panics when it makes this level \
                             (\"load_maze error: numpart = {}\")",
                            parts.len()
                        ))
                        .help("draw two of its parts in one MAP, or drop one");
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
        match &mut self.sink {
            Some(sink) => sink(level),
            None => self.levels.push(level),
        }
    }

    /// FLAGS, INIT_MAP and MESSAGE, common to both level kinds.
    fn header_statement(report: &mut Reporter, game: &Game, level: &mut Level, s: &Stmt<'_>) {
        match &s.kind {
            StmtKind::Flags(bits) => {
                level.flags = LevelFlags::from_code(bits.iter().fold(0, |all, bit| all | bit));
            }
            StmtKind::InitMap {
                fg,
                bg,
                smoothed,
                joined,
                lit,
                walled,
            } => {
                let fgt = terrain_of_char(report, game, fg.v, &fg.span).unwrap_or_else(|| {
                    report
                        .error(fg.span.clone(), "Invalid foreground type.")
                        .label("not a map character");
                    tables::INVALID_TERRAIN
                });
                let bgt = terrain_of_char(report, game, bg.v, &bg.span).unwrap_or_else(|| {
                    report
                        .error(bg.span.clone(), "Invalid background type.")
                        .label("not a map character");
                    tables::INVALID_TERRAIN
                });
                let in_front = &game.format().level_rules.joined_foregrounds;
                if joined.v && !in_front.contains(&fgt) {
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
            StmtKind::Message(m) => add_message(report, &mut level.message, m),
            // Its own buffer, with MESSAGE's check and error.
            StmtKind::HallucinationMessage(m) => {
                add_message(report, &mut level.hallucination_message, m)
            }
            _ => {}
        }
    }
}

/// Adds a line to a level's `MESSAGE`s (or `HALLUMSG`s), if it fits.
fn add_message(report: &mut Reporter, message: &mut String, m: &Sp<&str>) {
    let needed = crate::text::byte_len(m.v) + 1 + crate::text::byte_len(message);
    if needed > MAX_MESSAGE {
        report
            .error(m.span.clone(), "Message string too long (>256 characters)")
            .label(format!(
                "the level's messages would need {needed} bytes, at most 254 fit"
            ));
    } else {
        if !message.is_empty() {
            message.push('\n');
        }
        message.push_str(m.v);
    }
}

/// The terrain `game`'s map character `c` stands for, with the warning
/// lev_comp gives reading it, if any, at `span` (its `what_map_char`
/// warns about the characters of features the game was built without).
fn terrain_of_char(report: &mut Reporter, game: &Game, c: u8, span: &Span) -> Option<i8> {
    let n = &game.format().numbering;
    let t = n.map_char_terrain(c);
    if let Some(warning) = n.map_char_warning(c) {
        warn_disabled_map_char(report, game, c, t, warning, span);
    }
    t
}

/// lev_comp's `warning` reading map character `c` (terrain `t`).
fn warn_disabled_map_char(
    report: &mut Reporter,
    game: &Game,
    c: u8,
    t: Option<i8>,
    warning: &str,
    span: &Span,
) {
    let n = &game.format().numbering;
    let c = char::from(c);
    let w = report.warning(warn::DISABLED_MAP_CHARACTER, span.clone(), warning);
    match t.map(|t| n.terrain_name(t).map_or(t.to_string(), str::to_string)) {
        Some(name) => w
            .label(format!("`{c}` is read as {name}"))
            .help(format!(
                "this game's own lev_comp gives this warning and stores {name}: the level has {name} where the file has `{c}`"
            )),
        None => w.label(format!("`{c}` has no terrain in this game")),
    };
}
