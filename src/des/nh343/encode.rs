//! Writes a [`Level`] as a `.lev` file as NetHack 3.4.3's `lev_comp`
//! writes it for a target [`Layout`], which the game's reader `sp_lev.c`
//! built for that target reads back. Records are packed one after
//! another; padding inside a record (a C struct) is zero.

use super::ir::*;
use crate::binary::{EncodeError, Writer};
use crate::game::{Game, RecordFormat, RecordKind};
use crate::layout::Layout;
use crate::text;

/// The `.lev` bytes of `level` for `game` built for `layout`.
///
/// # Errors
///
/// A hand-built level the format cannot hold (more than 127 records of a
/// kind, a message over 255 bytes, map cells that do not match its size).
pub fn encode(level: &Level, game: &Game, layout: Layout) -> Result<Vec<u8>, EncodeError> {
    let f = game.format();
    // Most levels take under 4 kB (vanilla's: 1.9 kB on average): one
    // allocation, not a dozen doublings, then trimmed.
    let mut w = Writer::with_capacity(layout, 4096);
    w.version_info(&game.version_info(layout)?, f.header_word);
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
    message(&mut w, "message", &level.message)?;
    if f.hallucination_messages {
        message(
            &mut w,
            "hallucination message",
            &level.hallucination_message,
        )?;
    } else if !level.hallucination_message.is_empty() {
        return Err(EncodeError::cannot_hold(format!(
            "a hallucination message, which {}'s levels do not store",
            game.name()
        )));
    }
    match &level.body {
        LevelBody::Maze(m) => maze(&mut w, f, m, level.init.is_some())?,
        LevelBody::Rooms(r) => rooms(&mut w, f, r)?,
    }
    w.bytes.shrink_to_fit();
    Ok(w.bytes)
}

/// Writes a length byte and the text of `what`.
fn message(w: &mut Writer, what: &str, text: &str) -> Result<(), EncodeError> {
    let bytes = text::bytes(text);
    let len = u8::try_from(bytes.len()).map_err(|_| {
        EncodeError::cannot_hold(format!("{what} of {} bytes (at most 255)", bytes.len()))
    })?;
    w.u8(len);
    w.raw(&bytes);
    Ok(())
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
    let n = i8::try_from(n)
        .map_err(|_| EncodeError::cannot_hold(format!("{n} {what} (at most 127)")))?;
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

/// The values of `record`'s extra members (missing ones are 0), each
/// aligned as its type is, inside the record being written.
fn extra(w: &mut Writer, f: &RecordFormat, record: RecordKind, values: &[i64]) {
    for (i, m) in f.extra_members(record).enumerate() {
        w.int_of(m.ctype, values.get(i).copied().unwrap_or(0));
    }
}

/// Fails when a record holds more extra values than its game's format
/// has members for (only a hand-built level can).
fn check_extra(f: &RecordFormat, record: RecordKind, values: &[i64]) -> Result<(), EncodeError> {
    let n = f.extra_members(record).count();
    if values.len() > n {
        return Err(EncodeError::cannot_hold(format!(
            "a {} record with {} extra values; the game's format has {n}",
            record.as_str(),
            values.len()
        )));
    }
    Ok(())
}

fn maze(w: &mut Writer, f: &RecordFormat, m: &Maze, has_init: bool) -> Result<(), EncodeError> {
    w.i8(m.filling.code());
    count(w, "map parts", m.parts.len())?;
    for p in &m.parts {
        w.i8(p.halign);
        w.i8(p.valign);
        w.u8(p.map.width);
        w.u8(p.map.height);
        if p.map.cells.len() != usize::from(p.map.width) * usize::from(p.map.height) {
            return Err(EncodeError::cannot_hold("map cells do not match its size"));
        }
        if !(has_init && p.map.width == 1 && p.map.height == 1) {
            for &c in &p.map.cells {
                w.i8(c.code());
            }
        }
        part_body(w, f, p)?;
    }
    Ok(())
}

fn level_region(w: &mut Writer, r: &LevRegion) {
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
}

/// A list the game's format may not have: written when it has it, an
/// error when it has not and the list is not empty.
fn optional_list<T>(
    w: &mut Writer,
    has: bool,
    what: &str,
    items: &[T],
    each: impl FnMut(&mut Writer, &T),
) -> Result<(), EncodeError> {
    match (has, items.is_empty()) {
        (true, _) => list(w, what, items, each),
        (false, true) => Ok(()),
        (false, false) => Err(EncodeError::cannot_hold(format!(
            "{what} in a game whose format has none"
        ))),
    }
}

/// `RANDOM_PLACES`: one list (its length, its x, its y) or, with numbered
/// lists, their count, each length, then each list's x and y.
fn random_places(w: &mut Writer, f: &RecordFormat, sets: &[Vec<Point>]) -> Result<(), EncodeError> {
    let xy = |w: &mut Writer, places: &[Point]| {
        places.iter().for_each(|p| w.i8(p.x));
        places.iter().for_each(|p| w.i8(p.y));
    };
    if f.place_sets {
        count(w, "random place lists", sets.len())?;
        for set in sets {
            count(w, "random places", set.len())?;
        }
        sets.iter().for_each(|set| xy(w, set));
        return Ok(());
    }
    let places = match sets {
        [] => &[][..],
        [one] => &one[..],
        _ => {
            return Err(EncodeError::cannot_hold(format!(
                "{} random place lists in a game whose format has one",
                sets.len()
            )))
        }
    };
    count(w, "random places", places.len())?;
    xy(w, places);
    Ok(())
}

fn part_body(w: &mut Writer, f: &RecordFormat, p: &MazePart) -> Result<(), EncodeError> {
    list(w, "level regions", &p.level_regions, level_region)?;
    optional_list(
        w,
        f.random_regions,
        "random regions",
        &p.random_regions,
        level_region,
    )?;
    list(w, "random objects", &p.random_objects, |w, &c| w.i8(c))?;
    random_places(w, f, &p.random_places)?;
    list(w, "random monsters", &p.random_monsters, |w, &c| w.i8(c))?;
    list(w, "regions", &p.regions, |w, r| {
        area(w, &r.area);
        w.i8(region_type(r, f.unfilled_offset()));
        w.i8(r.lit.code());
        w.i8(r.irregular as i8);
    })?;
    for d in &p.doors {
        check_extra(f, RecordKind::Door, &d.extra)?;
    }
    list(w, "doors", &p.doors, |w, d| {
        w.record(|w| {
            point(w, &d.pos);
            w.i8(d.state.code());
            extra(w, f, RecordKind::Door, &d.extra);
        });
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
    check_things(f, &p.altars, &p.monsters, &p.objects)?;
    list(w, "altars", &p.altars, |w, a| altar(w, f, a))?;
    list(w, "fountains", &p.fountains, point)?;
    optional_list(w, f.forges, "forges", &p.forges, point)?;
    list(w, "traps", &p.traps, trap)?;
    list(w, "monsters", &p.monsters, |w, m| monster(w, f, m))?;
    list(w, "objects", &p.objects, |w, o| object(w, f, o))?;
    list(w, "gold piles", &p.gold, gold)?;
    list(w, "engravings", &p.engravings, engraving)
}

/// Checks the extra values of altars, monsters and objects.
fn check_things(
    f: &RecordFormat,
    altars: &[Altar],
    monsters: &[Monster],
    objects: &[Object],
) -> Result<(), EncodeError> {
    let extras = (altars.iter().map(|a| (RecordKind::Altar, &a.extra)))
        .chain(monsters.iter().map(|m| (RecordKind::Monster, &m.extra)))
        .chain(objects.iter().map(|o| (RecordKind::Object, &o.extra)));
    for (record, values) in extras {
        check_extra(f, record, values)?;
    }
    Ok(())
}

/// lev_comp's `REGION` type: the room type, plus `unfilled` (the game's
/// `MAXRTYPE + 1`, which its reader subtracts again) when unfilled.
pub(super) fn region_type(r: &Region, unfilled: i8) -> i8 {
    r.rtype
        .code()
        .wrapping_add(if r.unfilled { unfilled } else { 0 })
}

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

fn altar(w: &mut Writer, f: &RecordFormat, a: &Altar) {
    w.record(|w| {
        point(w, &a.pos);
        w.i8(a.align.code());
        w.i8(a.shrine);
        extra(w, f, RecordKind::Altar, &a.extra);
    });
}

fn trap(w: &mut Writer, t: &Trap) {
    point(w, &t.pos);
    w.i8(t.chance);
    w.i8(t.kind);
}

fn monster(w: &mut Writer, f: &RecordFormat, m: &Monster) {
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
        extra(w, f, RecordKind::Monster, &m.extra);
    });
    w.raw(&text::bytes(&m.name));
    w.raw(&text::bytes(&m.appear_as));
}

fn object(w: &mut Writer, f: &RecordFormat, o: &Object) {
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
        extra(w, f, RecordKind::Object, &o.extra);
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
        .map_err(|_| EncodeError::cannot_hold(format!("{what} of {} bytes", bytes.len())))?;
    w.i16(n);
    w.raw(&bytes);
    Ok(())
}

fn rooms(w: &mut Writer, f: &RecordFormat, r: &RoomLevel) -> Result<(), EncodeError> {
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
        for d in &room.doors {
            check_extra(f, RecordKind::RoomDoor, &d.extra)?;
        }
        list(w, "doors", &room.doors, |w, d| {
            w.record(|w| {
                for b in [d.wall.code(), d.pos, d.secret, d.state.code()] {
                    w.i8(b);
                }
                extra(w, f, RecordKind::RoomDoor, &d.extra);
            });
        })?;
        check_things(f, &room.altars, &room.monsters, &room.objects)?;
        list(w, "stairs", &room.stairs, stair)?;
        optional_list(w, f.room_ladders, "ladders", &room.ladders, stair)?;
        list(w, "altars", &room.altars, |w, a| altar(w, f, a))?;
        list(w, "fountains", &room.fountains, point)?;
        optional_list(w, f.forges, "forges", &room.forges, point)?;
        list(w, "sinks", &room.sinks, point)?;
        list(w, "pools", &room.pools, point)?;
        list(w, "traps", &room.traps, trap)?;
        list(w, "monsters", &room.monsters, |w, m| monster(w, f, m))?;
        list(w, "objects", &room.objects, |w, o| object(w, f, o))?;
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
            // NetHack 3.4.3's last room type, and SLASH'EM Extended's,
            // whose unfilled types go past what a char holds.
            for max in [24, 66] {
                let (rtype, unfilled) = decode::region_type(c, max);
                let r = Region {
                    rtype,
                    unfilled,
                    ..Region::default()
                };
                assert_eq!(region_type(&r, max + 1), c);
            }
        }
        // An unfilled black market (66) is stored as 66 + 67, -123.
        assert_eq!(
            decode::region_type(-123, 66),
            (RoomType::from_code(66), true)
        );
        assert_eq!(
            decode::region_type(-1, 66),
            (RoomType::from_code(-1), false)
        );
    }
}
