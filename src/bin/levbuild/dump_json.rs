//! `levbuild dump --json`: the typed level, program or dungeon as JSON
//! (the library's `serde` form: symbolic values by their `.des` words),
//! with what the format stores as plain numbers named as the text dump
//! names it: monsters, objects and traps by name, classes as
//! one-character strings, positions as `{"x": …, "y": …}`, `"random"` or
//! `{"register": n}`, curse states, three-state flags, alignments and
//! kinds by word, each map as rows of map characters. A string that is
//! not UTF-8 (raw bytes a source held) is `{"bytes": [...]}`, every byte
//! as stored. The numbers stay reachable through the library's types.

use levbuild::des::{self, Contents, Level};
use levbuild::Game;
use serde_json::{json, Map, Value};

/// `level` as JSON, codes replaced by names.
pub fn level_json(level: &Level, game: &Game) -> serde_json::Result<Value> {
    let mut value = serde_json::to_value(level)?;
    if let Some(maze) = value
        .pointer_mut("/body/maze")
        .and_then(Value::as_object_mut)
    {
        if let des::LevelBody::Maze(typed) = &level.body {
            if typed.filling.code() == -1 {
                maze.insert("filling".into(), "random".into());
            }
            set_each(maze, "parts", &typed.parts, |part, typed| {
                name_maze_part(part, typed, game);
            });
        }
    }
    if let Some(rooms) = value
        .pointer_mut("/body/rooms")
        .and_then(Value::as_object_mut)
    {
        if let des::LevelBody::Rooms(typed) = &level.body {
            set_classes(rooms, "random_objects", &typed.random_objects);
            set_classes(rooms, "random_monsters", &typed.random_monsters);
            set_each(rooms, "rooms", &typed.rooms, |room, typed| {
                name_room(room, typed, game);
            });
            set_each(rooms, "corridors", &typed.corridors, |o, c| {
                // The numbered form keeps a number where a wall goes.
                if c.dest_room == -1 {
                    o.insert("dest_wall".into(), c.dest_wall.code().into());
                }
                o.insert("src_door".into(), or_random(c.src_door));
                o.insert("dest_door".into(), or_random(c.dest_door));
            });
        }
    }
    keep_bytes(&mut value);
    Ok(value)
}

/// Any other value (a 3.6 program, a dungeon) as JSON, strings that are
/// not UTF-8 as their bytes.
pub fn json<T: serde::Serialize>(value: &T) -> serde_json::Result<Value> {
    let mut value = serde_json::to_value(value)?;
    keep_bytes(&mut value);
    Ok(value)
}

/// Every string of `value` that holds raw source bytes (see
/// `levbuild::source_text`) as `{"bytes": [...]}`, so no byte is lost to
/// a character that only stands for it.
fn keep_bytes(value: &mut Value) {
    match value {
        Value::String(s) => {
            let bytes = levbuild::source_bytes(s);
            if bytes.as_ref() != s.as_bytes() {
                *value = json!({ "bytes": bytes.as_ref() });
            }
        }
        Value::Array(items) => items.iter_mut().for_each(keep_bytes),
        Value::Object(fields) => fields.values_mut().for_each(keep_bytes),
        _ => {}
    }
}

fn name_maze_part(part: &mut Map<String, Value>, typed: &des::MazePart, game: &Game) {
    // The map as rows of map characters instead of a list of codes.
    let width = usize::from(typed.map.width.max(1));
    let rows: Vec<Value> = typed
        .map
        .cells
        .chunks(width)
        .map(|row| Value::String(row.iter().map(|&t| map_char(game, t.code())).collect()))
        .collect();
    part.insert(
        "map".into(),
        json!({
            "width": typed.map.width,
            "height": typed.map.height,
            "rows": rows,
        }),
    );
    part.insert(
        "halign".into(),
        named(
            typed.halign,
            &["left", "half-left", "center", "half-right", "right"],
        ),
    );
    part.insert(
        "valign".into(),
        named(typed.valign, &["top", "", "center", "", "bottom"]),
    );
    set_classes(part, "random_objects", &typed.random_objects);
    set_classes(part, "random_monsters", &typed.random_monsters);
    // One list of places, or with numbered lists (SLASH'EM) a list of lists.
    let lists = typed.random_places.iter().map(|set| points(game, set));
    let places = match game.format().place_sets {
        true => Value::Array(lists.collect()),
        false => lists.last().unwrap_or_else(|| Value::Array(Vec::new())),
    };
    part.insert("random_places".into(), places);
    set_each(part, "level_regions", &typed.level_regions, |o, r| {
        o.insert(
            "kind".into(),
            r.kind_name().map_or(r.kind.into(), Value::from),
        );
    });
    set_points(part, "fountains", &typed.fountains, game);
    set_points(part, "forges", &typed.forges, game);
    set_each(part, "regions", &typed.regions, |o, r| {
        o.insert("rtype".into(), room_type(game, r.rtype));
    });
    set_each(part, "doors", &typed.doors, |o, d| {
        o.insert("pos".into(), point(game, &d.pos));
    });
    set_each(part, "drawbridges", &typed.drawbridges, |o, d| {
        o.insert("pos".into(), point(game, &d.pos));
    });
    set_each(part, "mazewalks", &typed.mazewalks, |o, w| {
        o.insert("pos".into(), point(game, &w.pos));
    });
    set_each(part, "ladders", &typed.ladders, |o, l| {
        o.insert("pos".into(), point(game, &l.pos));
    });
    name_contents(part, typed.contents(), game);
}

fn name_room(room: &mut Map<String, Value>, typed: &des::Room, game: &Game) {
    room.insert(
        "filled".into(),
        tristate(typed.filled.code(), "filled", "unfilled"),
    );
    for (key, v) in [
        ("x", typed.x),
        ("y", typed.y),
        ("w", typed.w),
        ("h", typed.h),
    ] {
        room.insert(key.into(), or_random(v));
    }
    room.insert(
        "xalign".into(),
        named(
            typed.xalign,
            &["left", "half-left", "center", "half-right", "right"],
        ),
    );
    room.insert(
        "yalign".into(),
        named(typed.yalign, &["top", "", "center", "", "bottom"]),
    );
    set_each(room, "doors", &typed.doors, |o, d| {
        o.insert("secret".into(), tristate(d.secret, "secret", "not secret"));
        o.insert("pos".into(), or_random(d.pos));
    });
    room.insert("rtype".into(), room_type(game, typed.rtype));
    set_points(room, "fountains", &typed.fountains, game);
    set_points(room, "forges", &typed.forges, game);
    set_points(room, "sinks", &typed.sinks, game);
    set_points(room, "pools", &typed.pools, game);
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
        o.insert("class".into(), class(m.class));
        o.insert("pos".into(), point(game, &m.pos));
        o.insert(
            "peaceful".into(),
            tristate(m.peaceful, "peaceful", "hostile"),
        );
        o.insert("asleep".into(), tristate(m.asleep, "asleep", "awake"));
        let appear = match m.appear {
            0 => Value::Null,
            n => named(n, &["feature", "object", "monster"]),
        };
        o.insert("appear".into(), appear);
    });
    set_each(obj, "objects", c.objects, |o, ob| {
        let name = if ob.id >= 0 {
            game.object_name(ob.id).unwrap_or("?")
        } else {
            "random"
        };
        o.insert("id".into(), name.into());
        o.insert("class".into(), class(ob.class));
        o.insert("pos".into(), point(game, &ob.pos));
        let curse = ob.curse_name().map_or(ob.curse_state.into(), Value::from);
        o.insert("curse_state".into(), curse);
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
            -1 => Value::Null,
            -2 => Value::from("unknown"),
            n => i16::try_from(n)
                .ok()
                .and_then(|n| game.monster_name(n))
                .map_or(n.into(), Value::from),
        };
        o.insert("corpsenm".into(), corpse);
    });
    set_each(obj, "traps", c.traps, |o, t| {
        let name = if t.kind < 0 {
            Value::from("random")
        } else {
            (game.format().numbering.trap_name(t.kind)).map_or(t.kind.into(), Value::from)
        };
        o.insert("kind".into(), name);
        o.insert("pos".into(), point(game, &t.pos));
    });
    set_each(obj, "stairs", c.stairs, |o, s| {
        o.insert("pos".into(), point(game, &s.pos));
    });
    set_each(obj, "altars", c.altars, |o, a| {
        o.insert("pos".into(), point(game, &a.pos));
        o.insert(
            "shrine".into(),
            a.kind_name().map_or(a.shrine.into(), Value::from),
        );
    });
    set_each(obj, "gold", c.gold, |o, g| {
        o.insert("pos".into(), point(game, &g.pos));
        if g.amount == -1 {
            o.insert("amount".into(), "random".into());
        }
    });
    set_each(obj, "engravings", c.engravings, |o, e| {
        o.insert("pos".into(), point(game, &e.pos));
        let kind = game.format().numbering.engraving_name(e.kind);
        o.insert("kind".into(), kind.map_or(e.kind.into(), Value::from));
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

/// `obj[key]` as a list of positions (see [`point`]); absent when empty
/// and the key is one only some games' records have.
fn set_points(obj: &mut Map<String, Value>, key: &str, list: &[des::Point], game: &Game) {
    if obj.contains_key(key) {
        obj.insert(key.into(), points(game, list));
    }
}

/// A list of positions (see [`point`]).
fn points(game: &Game, list: &[des::Point]) -> Value {
    list.iter().map(|p| point(game, p)).collect()
}

/// A room type's word in `game`, or its number.
fn room_type(game: &Game, t: des::RoomType) -> Value {
    (game.format().numbering.room_type_name(t.code())).map_or(t.code().into(), Value::from)
}

/// `obj[key]` as a list of classes (see [`class`]).
fn set_classes(obj: &mut Map<String, Value>, key: &str, classes: &[i8]) {
    obj.insert(key.into(), classes.iter().map(|&c| class(c)).collect());
}

/// The `.des` character of a terrain type in `game`.
fn map_char(game: &Game, t: i8) -> char {
    game.format().numbering.map_char(t).map_or('?', char::from)
}

/// A position: `{"x": x, "y": y}`, `"random"` or `{"register": n}` for
/// `place[n]` (with numbered place lists, `{"register": [i, j]}` for
/// `place[i][j]` and `{"region": n}` for `region[n]`).
fn point(game: &Game, p: &des::Point) -> Value {
    let format = game.format();
    let register = |v: i8| -i16::from(v) - 1;
    match (p.x, p.y) {
        (x, _) if x == format.random_coordinate => "random".into(),
        (x, _) if !format.place_sets && x < 0 => json!({ "register": register(x) }),
        (-1, y) if y < 0 => json!({ "register": register(y) }),
        (des::RANDOM_COORD, y) if y < 0 => json!({ "region": register(y) }),
        (x, y) if x < 0 && y < 0 => json!({ "register": [register(x), register(y)] }),
        (x, y) => json!({ "x": x, "y": y }),
    }
}

/// A monster or object class: its character as a one-character string,
/// `"random"` or `{"register": n}` for `monster[n]`/`object[n]`.
fn class(c: i8) -> Value {
    match c {
        des::RANDOM_COORD => "random".into(),
        c if c < 0 => json!({ "register": -i16::from(c) - 1 }),
        // A byte past ASCII as the library keeps source bytes, so that
        // `keep_bytes` writes it as one.
        c => Value::from(levbuild::source_text(&[c as u8]).into_owned()),
    }
}

/// A lev_comp three-state flag: 1, 0 or -1 (`random`, or left to the
/// game); any other number as itself.
fn tristate(v: i8, yes: &str, no: &str) -> Value {
    match v {
        1 => yes.into(),
        0 => no.into(),
        -1 => "random".into(),
        v => v.into(),
    }
}

/// `v`, or `"random"` for lev_comp's -1.
fn or_random(v: i8) -> Value {
    if v == -1 {
        "random".into()
    } else {
        v.into()
    }
}

/// The name of a code numbered from 1 in `names`, `"random"` for -1, any
/// other number as itself.
fn named(v: i8, names: &[&str]) -> Value {
    let name = usize::try_from(v)
        .ok()
        .and_then(|i| i.checked_sub(1))
        .and_then(|i| names.get(i))
        .filter(|n| !n.is_empty());
    match (v, name) {
        (-1, _) => "random".into(),
        (_, Some(n)) => Value::from(*n),
        (v, None) => v.into(),
    }
}
