//! Reads a `.lev` file in a target [`Layout`] back into a [`Level`]:
//! `decode(&encode(&level, layout)?, &level.name, layout) == level`.

use super::ir::*;
use crate::binary::{DecodeError, Reader};
use crate::game::{Game, RecordFormat, RecordKind};
use crate::layout::Layout;

/// Decodes the `.lev` bytes, written for `game` built for `layout`, of
/// the level called `name` (the file stem; the format itself does not
/// store the name).
///
/// # Errors
///
/// Bytes that are not a level of that game and layout: a wrong
/// header, a record cut short, impossible values, trailing bytes.
pub fn decode(bytes: &[u8], name: &str, game: &Game, layout: Layout) -> Result<Level, DecodeError> {
    let f = game.format();
    let mut r = Reader::new(bytes, layout);
    r.version_info(&game.version_info(layout)?, f.header_word)?;
    let kind = r.i8("level type")?;
    let present = r.i8("lev_init")?;
    r.skip(1, "lev_init")?;
    let init_bytes = r.take(6, "lev_init")?;
    let init = match present {
        0 => {
            if init_bytes.iter().any(|&b| b != 0) {
                return Err(r.error("lev_init has values but is marked absent"));
            }
            None
        }
        1 => Some(LevelInit {
            fg: Terrain(init_bytes[0] as i8),
            bg: Terrain(init_bytes[1] as i8),
            smoothed: boolean(&r, init_bytes[2], "smoothed")?,
            joined: boolean(&r, init_bytes[3], "joined")?,
            lit: Lighting::from_code(init_bytes[4] as i8),
            walled: Boolean::from_code(init_bytes[5] as i8),
        }),
        v => return Err(r.error(format!("init_present is {v}"))),
    };
    let flags = LevelFlags::from_code(r.long("level flags")?);
    let msg_len = usize::from(r.u8("message length")?);
    let message = r.text(msg_len, "message")?;
    let hallucination_message = match f.hallucination_messages {
        true => {
            let len = usize::from(r.u8("hallucination message length")?);
            r.text(len, "hallucination message")?
        }
        false => String::new(),
    };
    let body = match kind {
        1 => LevelBody::Rooms(rooms(&mut r, f)?),
        2 => LevelBody::Maze(maze(&mut r, f, init.is_some())?),
        v => return Err(r.error(format!("unknown level type {v} (1 = rooms, 2 = maze)"))),
    };
    r.finish()?;
    Ok(Level {
        name: name.to_string(),
        init,
        flags,
        message,
        hallucination_message,
        body,
    })
}

fn boolean(r: &Reader<'_>, b: u8, what: &str) -> Result<bool, DecodeError> {
    match b {
        0 => Ok(false),
        1 => Ok(true),
        v => Err(r.error(format!("{what} is {v}, expected 0 or 1"))),
    }
}

fn flag(r: &mut Reader<'_>, what: &str) -> Result<bool, DecodeError> {
    let b = r.u8(what)?;
    boolean(r, b, what)
}

fn list<T>(
    r: &mut Reader<'_>,
    what: &str,
    mut each: impl FnMut(&mut Reader<'_>) -> Result<T, DecodeError>,
) -> Result<Vec<T>, DecodeError> {
    let n = r.count(what)?;
    (0..n).map(|_| each(r)).collect()
}

fn point(r: &mut Reader<'_>) -> Result<Point, DecodeError> {
    Ok(Point {
        x: r.i8("x")?,
        y: r.i8("y")?,
    })
}

fn area(r: &mut Reader<'_>) -> Result<Area, DecodeError> {
    Ok(Area {
        x1: r.i8("x1")?,
        y1: r.i8("y1")?,
        x2: r.i8("x2")?,
        y2: r.i8("y2")?,
    })
}

/// The values of `record`'s extra members, inside the record being read.
fn extra(
    r: &mut Reader<'_>,
    f: &RecordFormat,
    record: RecordKind,
) -> Result<Vec<i64>, DecodeError> {
    f.extra_members(record)
        .map(|m| r.int_of(m.ctype, &m.name))
        .collect()
}

/// A list the game's format may not have (none when it has not).
fn optional_list<T>(
    r: &mut Reader<'_>,
    has: bool,
    what: &str,
    each: impl FnMut(&mut Reader<'_>) -> Result<T, DecodeError>,
) -> Result<Vec<T>, DecodeError> {
    if has {
        list(r, what, each)
    } else {
        Ok(Vec::new())
    }
}

fn maze(r: &mut Reader<'_>, f: &RecordFormat, has_init: bool) -> Result<Maze, DecodeError> {
    let filling = Terrain(r.i8("filling")?);
    let parts = list(r, "map parts", |r| part(r, f, has_init))?;
    Ok(Maze { filling, parts })
}

fn level_region(r: &mut Reader<'_>) -> Result<LevRegion, DecodeError> {
    let (area, exclude, area_in_level, exclude_in_level, kind, len) = r.record(|r| {
        let area = area(r)?;
        let exclude = self::area(r)?;
        let area_in_level = flag(r, "in_islev")?;
        let exclude_in_level = flag(r, "del_islev")?;
        let kind = r.i8("level region type")?;
        r.skip(1, "level region padding member")?;
        let len = r.str_or_len("portal name length")?;
        Ok((area, exclude, area_in_level, exclude_in_level, kind, len))
    })?;
    let destination = r.text(len, "portal name")?;
    Ok(LevRegion {
        area,
        exclude,
        area_in_level,
        exclude_in_level,
        kind,
        destination,
    })
}

/// One list of `n` places: the x coordinates, then the y.
fn places(r: &mut Reader<'_>, n: usize) -> Result<Vec<Point>, DecodeError> {
    let xs = r.take(n, "random place x")?;
    let ys = r.take(n, "random place y")?;
    Ok(xs
        .iter()
        .zip(ys)
        .map(|(&x, &y)| Point {
            x: x as i8,
            y: y as i8,
        })
        .collect())
}

/// `RANDOM_PLACES`: one list (none when empty), or numbered lists.
fn random_places(r: &mut Reader<'_>, f: &RecordFormat) -> Result<Vec<Vec<Point>>, DecodeError> {
    if f.place_sets {
        let lengths = list(r, "random place lists", |r| r.count("random places"))?;
        return lengths.into_iter().map(|n| places(r, n)).collect();
    }
    let n = r.count("random places")?;
    Ok(if n == 0 {
        Vec::new()
    } else {
        vec![places(r, n)?]
    })
}

fn part(r: &mut Reader<'_>, f: &RecordFormat, has_init: bool) -> Result<MazePart, DecodeError> {
    let halign = r.i8("halign")?;
    let valign = r.i8("valign")?;
    let width = r.u8("xsize")?;
    let height = r.u8("ysize")?;
    let cells = if has_init && width == 1 && height == 1 {
        vec![Terrain::STONE]
    } else {
        r.take(usize::from(width) * usize::from(height), "map")?
            .iter()
            .map(|&b| Terrain(b as i8))
            .collect()
    };
    let level_regions = list(r, "level regions", level_region)?;
    let random_regions = optional_list(r, f.random_regions, "random regions", level_region)?;
    let random_objects = list(r, "random objects", |r| r.i8("object class"))?;
    let random_places = random_places(r, f)?;
    let random_monsters = list(r, "random monsters", |r| r.i8("monster class"))?;
    let regions = list(r, "regions", |r| {
        let area = area(r)?;
        let (rtype, unfilled) = region_type(r.i8("rtype")?, f.numbering.max_room_type());
        Ok(Region {
            area,
            rtype,
            unfilled,
            lit: Lighting::from_code(r.i8("rlit")?),
            irregular: flag(r, "rirreg")?,
        })
    })?;
    let doors = list(r, "doors", |r| {
        r.record(|r| {
            Ok(Door {
                pos: point(r)?,
                state: DoorState::from_code(r.i8("door state")?),
                extra: extra(r, f, RecordKind::Door)?,
            })
        })
    })?;
    let drawbridges = list(r, "drawbridges", |r| {
        Ok(Drawbridge {
            pos: point(r)?,
            dir: drawbridge_dir_from(r.i8("direction")?),
            open: flag(r, "db_open")?,
        })
    })?;
    let mazewalks = list(r, "mazewalks", |r| {
        Ok(Walk {
            pos: point(r)?,
            dir: Direction::from_code(r.i8("direction")?),
        })
    })?;
    let non_diggable = list(r, "non-diggable areas", area)?;
    let non_passwall = list(r, "non-passwall areas", area)?;
    let ladders = list(r, "ladders", stair)?;
    let stairs = list(r, "stairs", stair)?;
    let altars = list(r, "altars", |r| altar(r, f))?;
    let fountains = list(r, "fountains", point)?;
    let forges = optional_list(r, f.forges, "forges", point)?;
    let traps = list(r, "traps", trap)?;
    let monsters = list(r, "monsters", |r| monster(r, f))?;
    let objects = list(r, "objects", |r| object(r, f))?;
    let gold = list(r, "gold piles", gold)?;
    let engravings = list(r, "engravings", engraving)?;
    Ok(MazePart {
        halign,
        valign,
        map: TerrainMap {
            width,
            height,
            cells,
        },
        level_regions,
        random_regions,
        random_objects,
        random_places,
        random_monsters,
        regions,
        doors,
        drawbridges,
        mazewalks,
        non_diggable,
        non_passwall,
        ladders,
        stairs,
        altars,
        fountains,
        forges,
        traps,
        monsters,
        objects,
        gold,
        engravings,
    })
}

/// The direction a drawbridge's stored number stands for (north 0,
/// south 1, east 2, west 3).
pub(super) fn drawbridge_dir_from(code: i8) -> Direction {
    match code {
        0 => Direction::North,
        1 => Direction::South,
        2 => Direction::East,
        3 => Direction::West,
        code => Direction::Other(code),
    }
}

/// A `REGION`'s stored type as the game reads it: a type above the
/// last one (`max_room_type`) is an unfilled room of the type
/// `max_room_type + 1` below. The sum is stored in a `char`: past 127
/// it is negative (SLASH'EM Extended's unfilled black market, 66 + 67,
/// is -123); only -1 is a type of its own (random).
pub(super) fn region_type(code: i8, max_room_type: i8) -> (RoomType, bool) {
    let stored = i16::from(code);
    let sum = if stored < -1 { stored + 256 } else { stored };
    let unfilled = sum > i16::from(max_room_type);
    let offset = max_room_type.wrapping_add(1);
    let rtype = RoomType::from_code(if unfilled {
        code.wrapping_sub(offset)
    } else {
        code
    });
    (rtype, unfilled)
}

fn stair(r: &mut Reader<'_>) -> Result<Stair, DecodeError> {
    Ok(Stair {
        pos: point(r)?,
        up: flag(r, "up")?,
    })
}

fn altar(r: &mut Reader<'_>, f: &RecordFormat) -> Result<Altar, DecodeError> {
    r.record(|r| {
        Ok(Altar {
            pos: point(r)?,
            align: Alignment::from_code(r.i8("align")?),
            shrine: r.i8("shrine")?,
            extra: extra(r, f, RecordKind::Altar)?,
        })
    })
}

fn trap(r: &mut Reader<'_>) -> Result<Trap, DecodeError> {
    Ok(Trap {
        pos: point(r)?,
        chance: r.i8("chance")?,
        kind: r.i8("trap type")?,
    })
}

fn monster(r: &mut Reader<'_>, f: &RecordFormat) -> Result<Monster, DecodeError> {
    let (name_len, appear_len, mut m) = r.record(|r| {
        let name_len = r.str_or_len("monster name length")?;
        let appear_len = r.str_or_len("appear_as length")?;
        let m = Monster {
            name: String::new(),
            appear_as: String::new(),
            id: r.i16("monster id")?,
            align: Alignment::from_code(r.i8("align")?),
            pos: point(r)?,
            chance: r.i8("chance")?,
            class: r.i8("class")?,
            appear: r.i8("appear")?,
            peaceful: r.i8("peaceful")?,
            asleep: r.i8("asleep")?,
            extra: extra(r, f, RecordKind::Monster)?,
        };
        Ok((name_len, appear_len, m))
    })?;
    m.name = r.text(name_len, "monster name")?;
    m.appear_as = r.text(appear_len, "appear_as")?;
    Ok(m)
}

fn object(r: &mut Reader<'_>, f: &RecordFormat) -> Result<Object, DecodeError> {
    let (name_len, mut o) = r.record(|r| {
        let name_len = r.str_or_len("object name length")?;
        let o = Object {
            name: String::new(),
            corpsenm: r.i32("corpsenm")?,
            id: r.i16("object id")?,
            spe: r.i16("spe")?,
            pos: point(r)?,
            chance: r.i8("chance")?,
            class: r.i8("class")?,
            containment: r.i8("containment")?,
            curse_state: r.i8("curse state")?,
            extra: extra(r, f, RecordKind::Object)?,
        };
        Ok((name_len, o))
    })?;
    o.name = r.text(name_len, "object name")?;
    Ok(o)
}

fn gold(r: &mut Reader<'_>) -> Result<Gold, DecodeError> {
    r.record(|r| {
        Ok(Gold {
            pos: point(r)?,
            amount: r.i32("amount")?,
        })
    })
}

fn engraving(r: &mut Reader<'_>) -> Result<Engraving, DecodeError> {
    let (pos, len, kind) = r.record(|r| {
        let pos = point(r)?;
        let len = r.str_or_len("engraving length")?;
        Ok((pos, len, r.i8("engraving type")?))
    })?;
    let text = r.text(len, "engraving text")?;
    Ok(Engraving { pos, text, kind })
}

fn short_string(r: &mut Reader<'_>, what: &str) -> Result<String, DecodeError> {
    let n = r.i16(what)?;
    let n = usize::try_from(n).map_err(|_| r.error(format!("negative {what} length {n}")))?;
    r.text(n, what)
}

fn rooms(r: &mut Reader<'_>, f: &RecordFormat) -> Result<RoomLevel, DecodeError> {
    let random_objects = list(r, "random objects", |r| r.i8("object class"))?;
    let random_monsters = list(r, "random monsters", |r| r.i8("monster class"))?;
    let rooms = list(r, "rooms", |r| {
        let name = short_string(r, "room name")?;
        let parent = short_string(r, "parent name")?;
        let b = r.take(10, "room")?;
        let [x, y, w, h, xalign, yalign, rtype, chance, lit, filled] =
            std::array::from_fn(|i| b[i] as i8);
        Ok(Room {
            name,
            parent,
            x,
            y,
            w,
            h,
            xalign,
            yalign,
            rtype: RoomType::from_code(rtype),
            chance,
            lit: Lighting::from_code(lit),
            filled: Boolean::from_code(filled),
            doors: list(r, "doors", |r| {
                r.record(|r| {
                    Ok(RoomDoor {
                        wall: Direction::from_code(r.i8("wall")?),
                        pos: r.i8("pos")?,
                        secret: r.i8("secret")?,
                        state: DoorState::from_code(r.i8("door state")?),
                        extra: extra(r, f, RecordKind::RoomDoor)?,
                    })
                })
            })?,
            stairs: list(r, "stairs", stair)?,
            ladders: optional_list(r, f.room_ladders, "ladders", stair)?,
            altars: list(r, "altars", |r| altar(r, f))?,
            fountains: list(r, "fountains", point)?,
            forges: optional_list(r, f.forges, "forges", point)?,
            sinks: list(r, "sinks", point)?,
            pools: list(r, "pools", point)?,
            traps: list(r, "traps", trap)?,
            monsters: list(r, "monsters", |r| monster(r, f))?,
            objects: list(r, "objects", |r| object(r, f))?,
            gold: list(r, "gold piles", gold)?,
            engravings: list(r, "engravings", engraving)?,
        })
    })?;
    let corridors = list(r, "corridors", |r| {
        let b = r.take(6, "corridor")?;
        Ok(Corridor {
            src_room: b[0] as i8,
            src_wall: Direction::from_code(b[1] as i8),
            src_door: b[2] as i8,
            dest_room: b[3] as i8,
            dest_wall: Direction::from_code(b[4] as i8),
            dest_door: b[5] as i8,
        })
    })?;
    Ok(RoomLevel {
        random_objects,
        random_monsters,
        rooms,
        corridors,
    })
}
