//! `levbuild dump --json` of a 3.4.3 level: the typed level as JSON, with
//! names where the format stores codes (monsters, objects, traps, map
//! cells, random and register encodings, curse states…), as the text dump
//! shows them. The numbers stay reachable through the library's types.

use levbuild::des::{self, Contents, Level};
use levbuild::Game;
use serde_json::{Map, Value};

/// `level` as JSON, codes replaced by names.
pub fn level_json(level: &Level, game: &Game) -> serde_json::Result<Value> {
    let mut value = serde_json::to_value(level)?;
    if let Some(parts) = value
        .pointer_mut("/body/Maze/parts")
        .and_then(Value::as_array_mut)
    {
        for (part, typed) in parts.iter_mut().zip(maze_parts(level)) {
            if let Some(part) = part.as_object_mut() {
                name_maze_part(part, typed, game);
            }
        }
    }
    if let Some(rooms) = value
        .pointer_mut("/body/Rooms/rooms")
        .and_then(Value::as_array_mut)
    {
        for (room, typed) in rooms.iter_mut().zip(room_list(level)) {
            if let Some(room) = room.as_object_mut() {
                name_room(room, typed, game);
            }
        }
    }
    Ok(value)
}

fn maze_parts(level: &Level) -> &[des::MazePart] {
    match &level.body {
        des::LevelBody::Maze(m) => &m.parts,
        _ => &[],
    }
}

fn room_list(level: &Level) -> &[des::Room] {
    match &level.body {
        des::LevelBody::Rooms(r) => &r.rooms,
        _ => &[],
    }
}

fn name_maze_part(part: &mut Map<String, Value>, typed: &des::MazePart, game: &Game) {
    // The map as rows of map characters instead of a list of codes.
    let width = usize::from(typed.map.width.max(1));
    let rows: Vec<Value> = typed
        .map
        .cells
        .chunks(width)
        .map(|row| Value::String(row.iter().map(|&t| map_char(t.code())).collect()))
        .collect();
    part.insert(
        "map".into(),
        serde_json::json!({
            "width": typed.map.width,
            "height": typed.map.height,
            "rows": rows,
        }),
    );
    let classes = |v: &[i8]| Value::from(v.iter().map(|&c| class(c)).collect::<Vec<_>>());
    part.insert("random_objects".into(), classes(&typed.random_objects));
    part.insert("random_monsters".into(), classes(&typed.random_monsters));
    part.insert(
        "random_places".into(),
        Value::from(typed.random_places.iter().map(at).collect::<Vec<_>>()),
    );
    set_each(part, "level_regions", &typed.level_regions, |o, r| {
        let kind = r
            .kind_name()
            .map_or_else(|| format!("kind {}", r.kind), str::to_string);
        o.insert("kind".into(), kind.into());
    });
    set_each(part, "regions", &typed.regions, |o, r| {
        o.insert("lit".into(), tristate(r.lit.code(), "lit", "unlit").into());
    });
    set_points(part, "fountains", &typed.fountains);
    set_each(part, "doors", &typed.doors, |o, d| {
        o.insert("pos".into(), at(&d.pos).into());
    });
    set_each(part, "drawbridges", &typed.drawbridges, |o, d| {
        o.insert("pos".into(), at(&d.pos).into());
    });
    set_each(part, "mazewalks", &typed.mazewalks, |o, w| {
        o.insert("pos".into(), at(&w.pos).into());
    });
    set_each(part, "ladders", &typed.ladders, |o, l| {
        o.insert("pos".into(), at(&l.pos).into());
    });
    name_contents(part, typed.contents(), game);
}

fn name_room(room: &mut Map<String, Value>, typed: &des::Room, game: &Game) {
    room.insert(
        "lit".into(),
        tristate(typed.lit.code(), "lit", "unlit").into(),
    );
    room.insert(
        "filled".into(),
        tristate(typed.filled.code(), "filled", "unfilled").into(),
    );
    set_each(room, "doors", &typed.doors, |o, d| {
        o.insert(
            "secret".into(),
            tristate(d.secret, "secret", "not secret").into(),
        );
    });
    set_points(room, "fountains", &typed.fountains);
    set_points(room, "sinks", &typed.sinks);
    set_points(room, "pools", &typed.pools);
    name_contents(room, typed.contents(), game);
}

fn name_contents(obj: &mut Map<String, Value>, c: Contents<'_>, game: &Game) {
    set_each(obj, "monsters", c.monsters, |o, m| {
        let name = if m.id >= 0 {
            game.monster_name(m.id).unwrap_or("?")
        } else {
            "random"
        };
        o.insert("id".into(), name.into());
        o.insert("class".into(), class(m.class).into());
        o.insert("pos".into(), at(&m.pos).into());
        o.insert(
            "peaceful".into(),
            tristate(m.peaceful, "peaceful", "hostile").into(),
        );
        o.insert(
            "asleep".into(),
            tristate(m.asleep, "asleep", "awake").into(),
        );
    });
    set_each(obj, "objects", c.objects, |o, ob| {
        let name = if ob.id >= 0 {
            game.object_name(ob.id).unwrap_or("?")
        } else {
            "random"
        };
        o.insert("id".into(), name.into());
        o.insert("class".into(), class(ob.class).into());
        o.insert("pos".into(), at(&ob.pos).into());
        let curse = match ob.curse_name() {
            Some("random") => "curse random".to_string(),
            Some(name) => name.to_string(),
            None => format!("curse {}", ob.curse_state),
        };
        o.insert("curse_state".into(), curse.into());
        let enchantment = if ob.spe == -127 {
            Value::from("random")
        } else {
            Value::from(ob.spe)
        };
        o.insert("spe".into(), enchantment);
        let containment = match ob.containment {
            0 => Value::from("placed"),
            1 => Value::from("in the previous container"),
            2 => Value::from("a container"),
            n => Value::from(n),
        };
        o.insert("containment".into(), containment);
        let corpse = match ob.corpsenm {
            -1 => "none".to_string(),
            -2 => "unknown".to_string(),
            n => i16::try_from(n)
                .ok()
                .and_then(|n| game.monster_name(n))
                .unwrap_or("?")
                .to_string(),
        };
        o.insert("corpsenm".into(), corpse.into());
    });
    set_each(obj, "traps", c.traps, |o, t| {
        let name = if t.kind < 0 {
            "random"
        } else {
            levbuild::tables::trap_name(t.kind).unwrap_or("?")
        };
        o.insert("kind".into(), name.into());
        o.insert("pos".into(), at(&t.pos).into());
    });
    set_each(obj, "stairs", c.stairs, |o, s| {
        o.insert("pos".into(), at(&s.pos).into());
    });
    set_each(obj, "altars", c.altars, |o, a| {
        o.insert("pos".into(), at(&a.pos).into());
        o.insert("shrine".into(), a.kind_name().unwrap_or("random").into());
    });
    set_each(obj, "gold", c.gold, |o, g| {
        o.insert("pos".into(), at(&g.pos).into());
    });
    set_each(obj, "engravings", c.engravings, |o, e| {
        o.insert("pos".into(), at(&e.pos).into());
        let kind = e
            .kind_name()
            .map_or_else(|| format!("kind {}", e.kind), str::to_string);
        o.insert("kind".into(), kind.into());
    });
}

/// Applies `f` to the JSON object of each item of `obj[key]` with its
/// typed value.
fn set_each<T>(
    obj: &mut Map<String, Value>,
    key: &str,
    typed: &[T],
    f: impl Fn(&mut Map<String, Value>, &T),
) {
    if let Some(list) = obj.get_mut(key).and_then(Value::as_array_mut) {
        for (item, t) in list.iter_mut().zip(typed) {
            if let Some(o) = item.as_object_mut() {
                f(o, t);
            }
        }
    }
}

/// `obj[key]` as positions written as the `.des` writes them.
fn set_points(obj: &mut Map<String, Value>, key: &str, points: &[des::Point]) {
    obj.insert(
        key.into(),
        Value::from(points.iter().map(at).collect::<Vec<_>>()),
    );
}

/// The `.des` character of a terrain type.
fn map_char(t: i8) -> char {
    des::Terrain(t).map_char().unwrap_or('?')
}

/// A position as the `.des` writes it: `(x,y)`, `random` or `place[n]`.
fn at(p: &des::Point) -> String {
    match p.x {
        des::RANDOM_COORD => "random".to_string(),
        x if x < 0 => format!("place[{}]", -i16::from(x) - 1),
        x => format!("({x},{})", p.y),
    }
}

/// A class as the `.des` writes it: a character, `random` or `register[n]`.
fn class(c: i8) -> String {
    match c {
        des::RANDOM_COORD => "random".to_string(),
        c if c < 0 => format!("register[{}]", -i16::from(c) - 1),
        c => format!("'{}'", char::from(c as u8).escape_default()),
    }
}

/// A lev_comp three-state flag: 1, 0 or -1 (`random`, or left to the game).
fn tristate(v: i8, yes: &str, no: &str) -> String {
    match v {
        1 => yes.to_string(),
        0 => no.to_string(),
        -1 => "random".to_string(),
        v => format!("{v}"),
    }
}
