//! ROOM/SUBROOM levels: the register lists, rooms, subrooms, corridors and
//! the statements inside a room, and lev_comp's subroom checks.

use std::collections::HashMap;

use super::details::{shared_detail, Coords, Place, Target};
use super::values::*;
use super::{push_limited, BodyState, Builder, MAX_OF_TYPE};
use crate::des::nh343::ir::*;
use crate::des::nh343::map::Kinds;
use crate::des::nh343::syntax::*;
use crate::diag::{Reporter, Span};
use crate::game::{Game, RecordKind};

/// Rooms and subrooms lev_comp's table holds.
const MAX_ROOMS: usize = 80;
/// Subrooms one room may have.
const MAX_SUBROOMS: usize = 24;

impl Builder<'_, '_> {
    /// lev_comp's `check_subrooms`: each parent exists, at most 24
    /// children (reported at the 25th).
    pub(super) fn check_subrooms(&mut self, rooms: &RoomLevel, subrooms: &[(usize, Span)]) {
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

    pub(super) fn room_statement(&mut self, s: &Stmt<'_>) {
        let Some(cur) = self.cur.as_mut() else { return };
        let report = &mut *self.report;
        let opts = self.opts;
        if matches!(
            s.kind,
            StmtKind::Flags(_) | StmtKind::InitMap { .. } | StmtKind::Message(_)
        ) {
            Self::header_statement(report, &self.opts.game, &mut cur.level, s);
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
                let rtype = room_type(report, &opts.game, rtype);
                let (x, y) = match pos {
                    None => (-1, -1),
                    Some(p) => {
                        let rules = &opts.game.format().level_rules;
                        let (lo, hx, hy) = rules.room_positions;
                        if !(lo..=hx).contains(&p.v.0) || !(lo..=hy).contains(&p.v.1) {
                            report
                                .error(p.span.clone(), &*rules.room_position_error)
                                .label(format!("expected ({lo}..{hx},{lo}..{hy})"));
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
                    lit: *lit,
                    filled: Boolean::from_code(filled.map_or(1, i8::from)),
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
                let rtype = room_type(report, &opts.game, rtype);
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
                    parent: room_name(report, parent, "Parent room name"),
                    x,
                    y,
                    w,
                    h,
                    xalign: -1,
                    yalign: -1,
                    rtype,
                    lit: *lit,
                    filled: Boolean::from_code(filled.map_or(1, i8::from)),
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
                    // The number is stored in the destination wall's field.
                    CorrEnd::Number(n) => (-1, Direction::from_code(byte(report, n)), 0),
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
                room_detail(report, &opts.game, self.kinds, room, s);
            }
        }
    }
}

fn corr_spec(report: &mut Reporter, c: &CorrSpec, nrooms: usize) -> (i8, Direction, i8) {
    if c.room.v < 0 || c.room.v as u64 >= nrooms as u64 {
        report
            .error(c.room.span.clone(), "Wrong room number!")
            .label(format!("rooms are numbered 0..{}", nrooms as i64 - 1));
    }
    let door = c.door.as_ref().map_or(-1, |d| byte(report, d));
    (byte(report, &c.room), c.wall, door)
}

fn room_detail(report: &mut Reporter, game: &Game, kinds: Kinds, room: &mut Room, s: &Stmt<'_>) {
    let span = &s.span;
    match &s.kind {
        StmtKind::Name(n) => {
            if !room.name.is_empty() {
                report
                    .error(n.span.clone(), "This room already has a name!")
                    .label(format!("it is already called \"{}\"", room.name));
            } else {
                room.name = room_name(report, n, "Room name");
            }
        }
        StmtKind::Chance(c) => {
            if room.chance != 0 {
                report.error(c.span.clone(), "This room already assigned a chance!");
            } else if room.rtype == RoomType::ORDINARY
                && !game.format().level_rules.ordinary_room_chance
            {
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
            key,
            text,
        } => {
            let extra = door_extras(report, game, RecordKind::RoomDoor, key, text);
            if *wall == Direction::Random && pos.is_some() {
                report
                    .error(
                        span.clone(),
                        "If the door wall is random, so must be its pos!",
                    )
                    .label("use `random` for the position too");
            } else {
                let d = RoomDoor {
                    extra,
                    wall: *wall,
                    pos: pos.as_ref().map_or(-1, |p| byte(report, p)),
                    secret: secret.unwrap_or(-1),
                    state: *state,
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
            let pos = room_place(game, kinds).point(report, at);
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
            let pos = room_place(game, kinds).point(report, at);
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
            let place = room_place(game, kinds);
            shared_detail(report, game, &mut Target::Room(room), &place, s);
        }
    }
}

/// Coordinates in rooms are never range-checked.
fn room_place(game: &Game, kinds: Kinds) -> Place<'static> {
    Place {
        in_room: true,
        has_init: false,
        max_x: 0,
        max_y: 0,
        map: None,
        coords: Coords::of(game.format()),
        kinds,
        random_regions: 0,
    }
}
