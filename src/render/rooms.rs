//! A room level drawn: the rooms whose place and size the level fixes,
//! where `sp_lev.c`'s `create_room` and `create_subroom` put them on the
//! 80×21 level, with their doors and contents; the other rooms and the
//! corridors listed.

use crate::des::ir::{Point, Room, RoomLevel, RoomType};
use crate::des::nh343::display as words;
use crate::game::Game;
use crate::text::quoted;

use super::level::{door, ladders, note, put, registers, things, COLNO, ROWNO};
use super::{symbols, Area, AreaKind, Cell, Entry, Picture};

/// A room's interior on the level: left, top, right, bottom.
pub(super) type Interior = (i32, i32, i32, i32);

/// The fixed rooms of `rooms` drawn on the level; what is not drawn goes
/// to the legend, and the corridors to `notes`.
pub(super) fn draw(rooms: &RoomLevel, game: &Game, notes: &mut Vec<String>) -> Picture {
    let mut picture = Picture::new(
        "the rooms whose place and size are fixed, on the whole level".to_string(),
        COLNO,
        ROWNO,
        Cell::default(),
    );
    let mut placed: Vec<Option<Interior>> = Vec::with_capacity(rooms.rooms.len());
    for (i, room) in rooms.rooms.iter().enumerate() {
        let interior = if room.parent.is_empty() {
            top_level(room, game)
        } else {
            // The parent is the last room of that name before it.
            let parent = (rooms.rooms[..i].iter().enumerate().rev())
                .find(|(_, r)| r.name == room.parent)
                .and_then(|(j, _)| placed[j]);
            parent.and_then(|p| subroom(room, p))
        };
        placed.push(interior);
        let label = label(i, room, game);
        match interior {
            Some(rect) => {
                walls(&mut picture, rect);
                let kind = match room.lit.code() {
                    1 => AreaKind::Lit,
                    0 => AreaKind::Unlit,
                    _ => AreaKind::RandomLight,
                };
                picture.areas.push(Area {
                    kind,
                    rect,
                    conditional: false,
                    text: label.clone(),
                });
                contents(&mut picture, room, game, rect, &label);
            }
            None => {
                picture.legend.push(note(format!(
                    "{label}: not drawn, its place or size is random"
                )));
                contents(&mut picture, room, game, (0, 0, -1, -1), &label);
            }
        }
    }
    registers(&mut picture, &rooms.random_objects, &rooms.random_monsters);
    notes.extend(rooms.corridors.iter().map(words::corridor));
    picture
}

/// A room in words: `room 2 "name": throne room (50% chance, else
/// ordinary), lit, at (3,3) align (3,3) size 10x5`.
fn label(i: usize, room: &Room, game: &Game) -> String {
    let value = |v: i8| match v {
        -1 => "random".to_string(),
        v => v.to_string(),
    };
    let mut text = format!("room {i}");
    if !room.name.is_empty() {
        text.push_str(&format!(" {}", quoted(&room.name)));
    }
    if !room.parent.is_empty() {
        text.push_str(&format!(" in {}", quoted(&room.parent)));
    }
    text.push_str(&format!(": {}", words::room_type(game, room.rtype)));
    if room.chance != 0 {
        text.push_str(&format!(" ({}% chance, else ordinary)", room.chance));
    }
    text.push_str(&format!(
        ", {}, {}, at ({},{}) align ({},{}) size {}x{}",
        words::tristate(room.lit.code(), "lit", "unlit"),
        words::tristate(room.filled.code(), "filled", "unfilled"),
        value(room.x),
        value(room.y),
        value(room.xalign),
        value(room.yalign),
        value(room.w),
        value(room.h),
    ));
    text
}

/// Where `create_room` puts a top-level room whose grid cell, size and
/// alignments are all given (3.4.3's 5×5 grid of the level); `None` for
/// a vault (always placed at random) or anything random.
pub(super) fn top_level(room: &Room, game: &Game) -> Option<Interior> {
    let fixed = [room.x, room.y, room.w, room.h, room.xalign, room.yalign]
        .iter()
        .all(|&v| v >= 0);
    if !fixed
        || room.rtype == RoomType::VAULT
        || game.format().level_rules.room_positions != (1, 5, 5)
    {
        return None;
    }
    let (colno, rowno) = (COLNO as i32, ROWNO as i32);
    let (w, h) = (i32::from(room.w), i32::from(room.h));
    let mut x = ((i32::from(room.x) - 1) * colno) / 5 + 1;
    let mut y = ((i32::from(room.y) - 1) * rowno) / 5 + 1;
    // LEFT 1, CENTER 3, RIGHT 5 (TOP 1, BOTTOM 5); the half alignments
    // move nothing.
    match room.xalign {
        5 => x += colno / 5 - w,
        3 => x += (colno / 5 - w) / 2,
        _ => {}
    }
    match room.yalign {
        5 => y += rowno / 5 - h,
        3 => y += (rowno / 5 - h) / 2,
        _ => {}
    }
    if x + w - 1 > colno - 2 {
        x = colno - w - 3;
    }
    x = x.max(2);
    if y + h - 1 > rowno - 2 {
        y = rowno - h - 3;
    }
    y = y.max(2);
    Some((x, y, x + w - 1, y + h - 1))
}

/// Where `create_subroom` puts a subroom of fixed place and size in its
/// parent's interior `parent`.
pub(super) fn subroom(room: &Room, parent: Interior) -> Option<Interior> {
    if [room.x, room.y, room.w, room.h].iter().any(|&v| v < 0) {
        return None;
    }
    let (width, height) = (parent.2 - parent.0 + 1, parent.3 - parent.1 + 1);
    let (w, h) = (i32::from(room.w), i32::from(room.h));
    let (mut x, mut y) = (i32::from(room.x), i32::from(room.y));
    // sp_lev.c's adjustments, as they are.
    if x == 1 {
        x = 0;
    }
    if y == 1 {
        y = 0;
    }
    if x + w + 1 == width {
        x += 1;
    }
    if y + h + 1 == height {
        y += 1;
    }
    let (lx, ly) = (parent.0 + x, parent.1 + y);
    Some((lx, ly, lx + w - 1, ly + h - 1))
}

/// A room's floor and the walls around it.
pub(super) fn walls(picture: &mut Picture, (lx, ly, hx, hy): Interior) {
    let (floor, floor_colour) = ('.', symbols::PLAIN);
    for y in ly - 1..=hy + 1 {
        for x in lx - 1..=hx + 1 {
            let (glyph, colour) = if y == ly - 1 || y == hy + 1 {
                ('-', symbols::PLAIN)
            } else if x == lx - 1 || x == hx + 1 {
                ('|', symbols::PLAIN)
            } else {
                (floor, floor_colour)
            };
            picture.paint(x, y, glyph, colour);
        }
    }
}

/// A room's doors and contents, at `interior` (drawn when it has cells).
fn contents(picture: &mut Picture, room: &Room, game: &Game, interior: Interior, label: &str) {
    let (lx, ly, hx, hy) = interior;
    let drawable = hx >= lx;
    let in_room = |p: &Point| format!("{} in room {}", words::at(game, p), short(label));
    for d in &room.doors {
        let state = words::word(d.state.name(), d.state.code());
        let wall = words::word(d.wall.name(), d.wall.code());
        let secret = words::tristate(d.secret, "secret", "not secret");
        let text = format!("door on the {wall} wall, {state}, {secret}");
        let horizontal = matches!(wall.as_str(), "north" | "south");
        let at = (d.pos >= 0 && drawable)
            .then(|| {
                let pos = i32::from(d.pos);
                match wall.as_str() {
                    "north" => Some((lx + pos, ly - 1)),
                    "south" => Some((lx + pos, hy + 1)),
                    "west" => Some((lx - 1, ly + pos)),
                    "east" => Some((hx + 1, ly + pos)),
                    _ => None,
                }
            })
            .flatten();
        let (glyph, colour) = match d.secret {
            1 if horizontal => ('-', symbols::PLAIN),
            1 => ('|', symbols::PLAIN),
            _ => door(d.state, horizontal),
        };
        let place = match d.pos {
            -1 => format!("random place on the {wall} wall of room {}", short(label)),
            p => format!("{p} along the {wall} wall of room {}", short(label)),
        };
        picture.place(Entry {
            glyph,
            colour,
            at,
            place,
            text,
            conditional: false,
        });
    }
    let origin = (lx, ly);
    let fixed_or_listed = |picture: &mut Picture, list: &[Point], glyph, colour, what: &str| {
        for p in list {
            match drawable {
                true => put(picture, game, p, origin, glyph, colour, what.to_string()),
                false => picture.legend.push(Entry {
                    glyph,
                    colour,
                    place: in_room(p),
                    ..note(what.to_string())
                }),
            }
        }
    };
    fixed_or_listed(picture, &room.fountains, '{', symbols::WATER, "fountain");
    fixed_or_listed(picture, &room.sinks, '#', symbols::PLAIN, "sink");
    fixed_or_listed(picture, &room.pools, '}', symbols::WATER, "pool");
    fixed_or_listed(picture, &room.forges, '{', 9, "forge");
    if drawable {
        ladders(picture, game, &room.ladders, origin);
    }
    let places = |p: &Point| match drawable && p.x >= 0 {
        true => words::at(game, p),
        false => in_room(p),
    };
    things(picture, room.contents(), game, origin, drawable, &places);
}

/// A room's label up to its colon: `2 "name"`.
fn short(label: &str) -> &str {
    let label = label.strip_prefix("room ").unwrap_or(label);
    label.split(':').next().unwrap_or(label)
}
