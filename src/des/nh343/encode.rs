//! Writes a [`Level`] as a `.lev` file as NetHack 3.4.3's `lev_comp`
//! writes it for a target [`Layout`], which the game's reader `sp_lev.c`
//! built for that target reads back. Records are packed one after
//! another; padding inside a record (a C struct) is zero.

use std::fmt;

use super::ir::*;
use crate::binary::Writer;
use crate::game::Game;
use crate::layout::Layout;
use crate::text;

/// A level that the `.lev` format cannot hold (only possible for a
/// hand-built [`Level`]; the compiler rejects such input with a diagnostic).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodeError(pub String);

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EncodeError {}

impl From<crate::game::MissingHeader> for EncodeError {
    fn from(e: crate::game::MissingHeader) -> EncodeError {
        EncodeError(e.to_string())
    }
}

/// The `.lev` bytes of `level` for `game` built for `layout`.
///
/// # Errors
///
/// A hand-built level the format cannot hold (more than 127 records of a
/// kind, a message over 255 bytes, map cells that do not match its size).
pub fn encode(level: &Level, game: &Game, layout: Layout) -> Result<Vec<u8>, EncodeError> {
    let mut w = Writer::new(layout);
    w.version_info(&game.version_info(layout)?);
    w.i8(match level.body {
        LevelBody::Rooms(_) => 1,
        LevelBody::Maze(_) => 2,
    });
    match &level.init {
        Some(i) => {
            for b in [
                1,
                0,
                i.fg.code(),
                i.bg.code(),
                i.smoothed as i8,
                i.joined as i8,
                i.lit.code(),
                i.walled.code(),
            ] {
                w.i8(b);
            }
        }
        None => w.zeros(8),
    }
    w.long(level.flags.code());
    let msg = text::bytes(&level.message);
    let msg_len = u8::try_from(msg.len())
        .map_err(|_| EncodeError(format!("message of {} bytes (at most 255)", msg.len())))?;
    w.u8(msg_len);
    w.raw(&msg);
    match &level.body {
        LevelBody::Maze(m) => maze(&mut w, m, level.init.is_some())?,
        LevelBody::Rooms(r) => rooms(&mut w, r)?,
    }
    Ok(w.bytes)
}

/// Writes a signed-byte count followed by each item.
fn list<T>(
    w: &mut Writer,
    what: &str,
    items: &[T],
    mut each: impl FnMut(&mut Writer, &T),
) -> Result<(), EncodeError> {
    count(w, what, items.len())?;
    for item in items {
        each(w, item);
    }
    Ok(())
}

fn count(w: &mut Writer, what: &str, n: usize) -> Result<(), EncodeError> {
    let n = i8::try_from(n).map_err(|_| EncodeError(format!("{n} {what} (at most 127)")))?;
    w.i8(n);
    Ok(())
}

fn point(w: &mut Writer, p: &Point) {
    w.i8(p.x);
    w.i8(p.y);
}

fn area(w: &mut Writer, a: &Area) {
    for v in [a.x1, a.y1, a.x2, a.y2] {
        w.i8(v);
    }
}

/// A `Str_or_Len` union holding the length of `s`.
fn str_len(w: &mut Writer, s: &str) {
    w.str_or_len(text::byte_len(s) as i32);
}

fn maze(w: &mut Writer, m: &Maze, has_init: bool) -> Result<(), EncodeError> {
    w.i8(m.filling.code());
    count(w, "map parts", m.parts.len())?;
    for p in &m.parts {
        w.i8(p.halign);
        w.i8(p.valign);
        w.u8(p.map.width);
        w.u8(p.map.height);
        if p.map.cells.len() != usize::from(p.map.width) * usize::from(p.map.height) {
            return Err(EncodeError("map cells do not match its size".into()));
        }
        if !(has_init && p.map.width == 1 && p.map.height == 1) {
            for &c in &p.map.cells {
                w.i8(c.code());
            }
        }
        part_body(w, p)?;
    }
    Ok(())
}

fn part_body(w: &mut Writer, p: &MazePart) -> Result<(), EncodeError> {
    list(w, "level regions", &p.level_regions, |w, r| {
        w.record(|w| {
            area(w, &r.area);
            area(w, &r.exclude);
            w.i8(r.area_in_level as i8);
            w.i8(r.exclude_in_level as i8);
            w.i8(r.kind);
            w.i8(0); // the `padding` member
            str_len(w, &r.destination);
        });
        w.raw(&text::bytes(&r.destination));
    })?;
    list(w, "random objects", &p.random_objects, |w, &c| w.i8(c))?;
    count(w, "random places", p.random_places.len())?;
    for pl in &p.random_places {
        w.i8(pl.x);
    }
    for pl in &p.random_places {
        w.i8(pl.y);
    }
    list(w, "random monsters", &p.random_monsters, |w, &c| w.i8(c))?;
    list(w, "regions", &p.regions, |w, r| {
        area(w, &r.area);
        w.i8(region_type(r));
        w.i8(r.lit.code());
        w.i8(r.irregular as i8);
    })?;
    list(w, "doors", &p.doors, |w, d| {
        point(w, &d.pos);
        w.i8(d.state.code());
    })?;
    list(w, "drawbridges", &p.drawbridges, |w, d| {
        point(w, &d.pos);
        w.i8(drawbridge_dir(d.dir));
        w.i8(d.open as i8);
    })?;
    list(w, "mazewalks", &p.mazewalks, |w, m| {
        point(w, &m.pos);
        w.i8(m.dir.code());
    })?;
    list(w, "non-diggable areas", &p.non_diggable, area)?;
    list(w, "non-passwall areas", &p.non_passwall, area)?;
    list(w, "ladders", &p.ladders, stair)?;
    list(w, "stairs", &p.stairs, stair)?;
    list(w, "altars", &p.altars, altar)?;
    list(w, "fountains", &p.fountains, point)?;
    list(w, "traps", &p.traps, trap)?;
    list(w, "monsters", &p.monsters, monster)?;
    list(w, "objects", &p.objects, object)?;
    list(w, "gold piles", &p.gold, gold)?;
    list(w, "engravings", &p.engravings, engraving)
}

/// lev_comp's `REGION` type: the room type, plus 25 when unfilled
/// (`MAXRTYPE + 1`, which the game's reader subtracts again).
pub(super) fn region_type(r: &Region) -> i8 {
    r.rtype
        .code()
        .wrapping_add(if r.unfilled { UNFILLED } else { 0 })
}

/// What lev_comp adds to an unfilled region's room type.
pub(super) const UNFILLED: i8 = 25;

/// A drawbridge's direction as lev_comp stores it (north 0, south 1,
/// east 2, west 3), unlike the wall codes of doors and mazewalks.
fn drawbridge_dir(d: Direction) -> i8 {
    match d {
        Direction::North => 0,
        Direction::South => 1,
        Direction::East => 2,
        Direction::West => 3,
        other => other.code(),
    }
}

fn stair(w: &mut Writer, s: &Stair) {
    point(w, &s.pos);
    w.i8(s.up as i8);
}

fn altar(w: &mut Writer, a: &Altar) {
    point(w, &a.pos);
    w.i8(a.align.code());
    w.i8(a.shrine);
}

fn trap(w: &mut Writer, t: &Trap) {
    point(w, &t.pos);
    w.i8(t.chance);
    w.i8(t.kind);
}

fn monster(w: &mut Writer, m: &Monster) {
    w.record(|w| {
        str_len(w, &m.name);
        str_len(w, &m.appear_as);
        w.i16(m.id);
        for b in [
            m.align.code(),
            m.pos.x,
            m.pos.y,
            m.chance,
            m.class,
            m.appear,
            m.peaceful,
            m.asleep,
        ] {
            w.i8(b);
        }
    });
    w.raw(&text::bytes(&m.name));
    w.raw(&text::bytes(&m.appear_as));
}

fn object(w: &mut Writer, o: &Object) {
    w.record(|w| {
        str_len(w, &o.name);
        w.i32(o.corpsenm);
        w.i16(o.id);
        w.i16(o.spe);
        for b in [
            o.pos.x,
            o.pos.y,
            o.chance,
            o.class,
            o.containment,
            o.curse_state,
        ] {
            w.i8(b);
        }
    });
    w.raw(&text::bytes(&o.name));
}

fn gold(w: &mut Writer, g: &Gold) {
    w.record(|w| {
        point(w, &g.pos);
        w.i32(g.amount);
    });
}

fn engraving(w: &mut Writer, e: &Engraving) {
    w.record(|w| {
        point(w, &e.pos);
        str_len(w, &e.text);
        w.i8(e.kind);
    });
    w.raw(&text::bytes(&e.text));
}

fn short_string(w: &mut Writer, what: &str, s: &str) -> Result<(), EncodeError> {
    let bytes = text::bytes(s);
    let n = i16::try_from(bytes.len())
        .map_err(|_| EncodeError(format!("{what} of {} bytes", bytes.len())))?;
    w.i16(n);
    w.raw(&bytes);
    Ok(())
}

fn rooms(w: &mut Writer, r: &RoomLevel) -> Result<(), EncodeError> {
    list(w, "random objects", &r.random_objects, |w, &c| w.i8(c))?;
    list(w, "random monsters", &r.random_monsters, |w, &c| w.i8(c))?;
    count(w, "rooms", r.rooms.len())?;
    for room in &r.rooms {
        short_string(w, "room name", &room.name)?;
        short_string(w, "parent name", &room.parent)?;
        for b in [
            room.x,
            room.y,
            room.w,
            room.h,
            room.xalign,
            room.yalign,
            room.rtype.code(),
            room.chance,
            room.lit.code(),
            room.filled.code(),
        ] {
            w.i8(b);
        }
        list(w, "doors", &room.doors, |w, d| {
            for b in [d.wall.code(), d.pos, d.secret, d.state.code()] {
                w.i8(b);
            }
        })?;
        list(w, "stairs", &room.stairs, stair)?;
        list(w, "altars", &room.altars, altar)?;
        list(w, "fountains", &room.fountains, point)?;
        list(w, "sinks", &room.sinks, point)?;
        list(w, "pools", &room.pools, point)?;
        list(w, "traps", &room.traps, trap)?;
        list(w, "monsters", &room.monsters, monster)?;
        list(w, "objects", &room.objects, object)?;
        list(w, "gold piles", &room.gold, gold)?;
        list(w, "engravings", &room.engravings, engraving)?;
    }
    list(w, "corridors", &r.corridors, |w, c| {
        for b in [
            c.src_room,
            c.src_wall.code(),
            c.src_door,
            c.dest_room,
            c.dest_wall.code(),
            c.dest_door,
        ] {
            w.i8(b);
        }
    })
}

#[cfg(test)]
mod tests {
    use super::super::decode;
    use super::*;

    #[test]
    fn drawbridge_and_region_codes_read_back_to_themselves() {
        for c in i8::MIN..=i8::MAX {
            assert_eq!(drawbridge_dir(decode::drawbridge_dir_from(c)), c);
            let (rtype, unfilled) = decode::region_type(c);
            let r = Region {
                rtype,
                unfilled,
                ..Region::default()
            };
            assert_eq!(region_type(&r), c);
        }
    }
}
