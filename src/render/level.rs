//! A 3.4.3-family [`Level`] drawn: each maze part's map with what is
//! placed on it (a `NOMAP` part on the whole level, whose terrain the
//! game makes), or a room level's rooms whose place and size are fixed.

use crate::des::ir::{
    Area as DesArea, Contents, Direction, DoorState, Level, LevelBody, Lighting, MazePart, Point,
    Stair, Terrain, RANDOM_COORD,
};
use crate::des::nh343::display as words;
use crate::game::Game;
use crate::text::quoted;

use super::symbols::{self, ANY_MONSTER, ANY_OBJECT};
use super::{Area, AreaKind, Cell, Colour, Drawing, Entry, Picture};

/// The level's columns and rows (`COLNO`, `ROWNO`).
pub(super) const COLNO: usize = 80;
pub(super) const ROWNO: usize = 21;

/// `level` drawn with `game`'s symbols and names (the game it was
/// compiled for).
pub fn level(level: &Level, game: &Game) -> Drawing {
    let mut notes = Vec::new();
    let flags = game.format().numbering.level_flags.iter();
    let code = level.flags.code();
    let set: Vec<&str> = flags
        .filter(|&&(_, bit)| code & bit != 0)
        .map(|(n, _)| &**n)
        .collect();
    if !set.is_empty() {
        notes.push(format!("flags: {}", set.join(", ")));
    }
    if !level.message.is_empty() {
        notes.push(format!("message: {}", quoted(&level.message)));
    }
    if let Some(init) = &level.init {
        notes.push(format!(
            "random map (INIT_MAP): {}",
            words::init_map(init, game)
        ));
    }
    let pictures = match &level.body {
        LevelBody::Maze(maze) => {
            let filling = match game.format().numbering.terrain_name(maze.filling.code()) {
                Some(name) => name.to_string(),
                None => "random".to_string(),
            };
            notes.insert(
                0,
                format!("maze level, filled with {filling} where no map is"),
            );
            let count = maze.parts.len();
            (maze.parts.iter().enumerate())
                .map(|(i, part)| maze_part(part, game, i, count))
                .collect()
        }
        LevelBody::Rooms(rooms) => {
            notes.insert(0, "room level".to_string());
            vec![super::rooms::draw(rooms, game, &mut notes)]
        }
    };
    Drawing {
        name: level.name.clone(),
        file: String::new(),
        notes,
        pictures,
    }
}

/// The words for a horizontal and vertical alignment.
pub(super) fn alignment(halign: i8, valign: i8) -> String {
    let h = match halign {
        1 => "left",
        2 => "half-left",
        3 => "center",
        4 => "half-right",
        5 => "right",
        _ => "random",
    };
    let v = match valign {
        1 => "top",
        3 => "center",
        5 => "bottom",
        _ => "random",
    };
    format!("{h}, {v}")
}

/// One maze part: its map, or the whole level for `NOMAP` (a map of one
/// cell, as `sp_lev.c` tells them apart, whose coordinates are the
/// level's from column 1).
fn maze_part(part: &MazePart, game: &Game, i: usize, count: usize) -> Picture {
    let map = &part.map;
    let nomap = map.width <= 1 && map.height <= 1;
    let of = if count > 1 {
        format!("part {} of {count}: ", i + 1)
    } else {
        String::new()
    };
    let mut picture = if nomap {
        Picture::new(
            format!("{of}no map: coordinates on the whole level, from column 1"),
            COLNO - 1,
            ROWNO,
            Cell::default(),
        )
    } else {
        let mut p = Picture::new(
            format!(
                "{of}map {}x{}, placed {}",
                map.width,
                map.height,
                alignment(part.halign, part.valign)
            ),
            usize::from(map.width),
            usize::from(map.height),
            Cell::default(),
        );
        for y in 0..i32::from(map.height) {
            for x in 0..i32::from(map.width) {
                if let Some(t) = map.get(x.into(), y.into()) {
                    let (glyph, colour) = terrain_at(game, part, t, x, y);
                    p.paint(x, y, glyph, colour);
                }
            }
        }
        p
    };
    areas(&mut picture, part, game, nomap);
    features(&mut picture, part, game);
    let places = |p: &Point| candidates(game, &part.random_places, p);
    things(&mut picture, part.contents(), game, (0, 0), true, &places);
    registers(&mut picture, &part.random_objects, &part.random_monsters);
    for w in &part.mazewalks {
        let dir = words::word(w.dir.name(), w.dir.code());
        listed(&mut picture, &w.pos, game, format!("mazewalk {dir}"));
    }
    picture
}

/// A map cell's symbol: a secret door as the wall it is in.
fn terrain_at(game: &Game, part: &MazePart, t: Terrain, x: i32, y: i32) -> (char, Colour) {
    let (glyph, colour) = symbols::terrain(game, t.code());
    if game.format().numbering.terrain_name(t.code()) == Some("SDOOR")
        && in_horizontal_wall(game, part, x, y)
    {
        return ('-', colour);
    }
    (glyph, colour)
}

/// True when the cell's neighbours east or west are walls: a door there
/// is in a wall that runs east–west.
fn in_horizontal_wall(game: &Game, part: &MazePart, x: i32, y: i32) -> bool {
    [x - 1, x + 1].into_iter().any(|nx| {
        part.map
            .get(nx.into(), y.into())
            .is_some_and(|t| symbols::is_horizontal_wall(game, t.code()))
    })
}

/// Regions, non-diggable and non-passwall areas, level regions and the
/// candidates of `RANDOM_PLACES`, marked.
fn areas(picture: &mut Picture, part: &MazePart, game: &Game, nomap: bool) {
    let rect = |a: &DesArea| {
        (
            i32::from(a.x1),
            i32::from(a.y1),
            i32::from(a.x2),
            i32::from(a.y2),
        )
    };
    for r in &part.regions {
        let kind = match r.lit {
            Lighting::Lit => AreaKind::Lit,
            Lighting::Unlit => AreaKind::Unlit,
            _ => AreaKind::RandomLight,
        };
        let mut text = format!(
            "region {}: {}, {}",
            words::area(&r.area),
            words::room_type(game, r.rtype),
            words::tristate(r.lit.code(), "lit", "unlit")
        );
        if r.unfilled {
            text.push_str(", unfilled");
        }
        if r.irregular {
            text.push_str(", irregular");
        }
        picture.areas.push(area(kind, rect(&r.area), text));
    }
    for a in &part.non_diggable {
        let text = format!("non-diggable walls {}", words::area(a));
        picture
            .areas
            .push(area(AreaKind::NonDiggable, rect(a), text));
    }
    for a in &part.non_passwall {
        let text = format!("non-passwall walls {}", words::area(a));
        picture
            .areas
            .push(area(AreaKind::NonPasswall, rect(a), text));
    }
    for (random, r) in words::level_regions(part) {
        let text = words::level_region(game, random, r);
        let kind = match random {
            Some(i) => format!("random region [{i}]"),
            None => r.kind_name().unwrap_or("level region").to_string(),
        };
        // Level coordinates are drawn on a picture of the whole level
        // (column 1 is its first); on a map they lie elsewhere.
        let drawn = match (r.area_in_level, nomap) {
            (false, _) => Some(rect(&r.area)),
            (true, true) => {
                let (x1, y1, x2, y2) = rect(&r.area);
                Some((x1 - 1, y1, x2 - 1, y2))
            }
            (true, false) => None,
        };
        match drawn {
            Some(rect) => picture
                .areas
                .push(area(AreaKind::LevelRegion(kind), rect, text)),
            None => picture.legend.push(note(text)),
        }
    }
    for (n, list) in part.random_places.iter().enumerate() {
        let points: Vec<String> = list.iter().map(|p| words::at(game, p)).collect();
        for (i, p) in list.iter().enumerate() {
            let (x, y) = (i32::from(p.x), i32::from(p.y));
            if x >= 0 && y >= 0 {
                let text = format!("random place {i} of list {n}: {}", words::at(game, p));
                picture
                    .areas
                    .push(area(AreaKind::Place(n, i), (x, y, x, y), text));
            }
        }
        picture.legend.push(note(format!(
            "random places{}: {}",
            if part.random_places.len() > 1 {
                format!(" [{n}]")
            } else {
                String::new()
            },
            points.join(" ")
        )));
    }
}

/// An area of `kind`, not conditional.
fn area(kind: AreaKind, rect: (i32, i32, i32, i32), text: String) -> Area {
    Area {
        kind,
        rect,
        conditional: false,
        text,
    }
}

/// A legend line with no symbol or place: a note on the map.
pub(super) fn note(text: String) -> Entry {
    Entry {
        glyph: ' ',
        colour: super::NO_COLOUR,
        at: None,
        place: String::new(),
        text,
        conditional: false,
    }
}

/// Doors, drawbridges, ladders and fountains of a maze part.
fn features(picture: &mut Picture, part: &MazePart, game: &Game) {
    for d in &part.doors {
        let state = words::word(d.state.name(), d.state.code());
        let horizontal = in_horizontal_wall(game, part, d.pos.x.into(), d.pos.y.into());
        let (glyph, colour) = door(d.state, horizontal);
        let text = format!(
            "door, {state}{}",
            words::extras(game, crate::RecordKind::Door, &d.extra)
        );
        put(picture, game, &d.pos, (0, 0), glyph, colour, text);
    }
    for d in &part.drawbridges {
        let (dx, dy) = step(d.dir);
        let dir = words::word(d.dir.name(), d.dir.code());
        let state = if d.open { "lowered" } else { "raised" };
        let wall = Point {
            x: d.pos.x.saturating_add(dx),
            y: d.pos.y.saturating_add(dy),
        };
        let (span, gate) = if d.open {
            (('.', symbols::DOOR), ('.', symbols::PLAIN))
        } else {
            (('}', symbols::WATER), ('#', symbols::DOOR))
        };
        let text = format!("drawbridge {state}, its portcullis to the {dir}");
        put(picture, game, &d.pos, (0, 0), span.0, span.1, text.clone());
        put(picture, game, &wall, (0, 0), gate.0, gate.1, text);
    }
    ladders(picture, game, &part.ladders, (0, 0));
    for p in &part.fountains {
        let text = "fountain".to_string();
        put(picture, game, p, (0, 0), '{', symbols::WATER, text);
    }
    for p in &part.forges {
        put(picture, game, p, (0, 0), '{', 9, "forge".to_string());
    }
}

/// The step from a drawbridge to its portcullis.
fn step(dir: Direction) -> (i8, i8) {
    match dir {
        Direction::North => (0, -1),
        Direction::South => (0, 1),
        Direction::East => (1, 0),
        Direction::West => (-1, 0),
        _ => (0, 0),
    }
}

/// A door's symbol by its state (`defsyms`): a doorway or broken door
/// `.`, an open door across its wall, closed, locked and random `+`.
pub(super) fn door(state: DoorState, horizontal_wall: bool) -> (char, Colour) {
    match state {
        DoorState::NoDoor | DoorState::Broken => ('.', symbols::PLAIN),
        DoorState::Open if horizontal_wall => ('|', symbols::DOOR),
        DoorState::Open => ('-', symbols::DOOR),
        _ => ('+', symbols::DOOR),
    }
}

/// Ladders, brown `<` and `>`.
pub(super) fn ladders(picture: &mut Picture, game: &Game, list: &[Stair], origin: (i32, i32)) {
    for l in list {
        let (glyph, dir) = if l.up { ('<', "up") } else { ('>', "down") };
        let text = format!("ladder {dir}");
        put(picture, game, &l.pos, origin, glyph, symbols::LADDER, text);
    }
}

/// A thing at `p` (relative to `origin` in the picture), drawn when its
/// place is fixed.
pub(super) fn put(
    picture: &mut Picture,
    game: &Game,
    p: &Point,
    origin: (i32, i32),
    glyph: char,
    colour: Colour,
    text: String,
) {
    let fixed = p.x >= 0 && p.y >= 0;
    picture.place(Entry {
        glyph,
        colour,
        at: fixed.then(|| (origin.0 + i32::from(p.x), origin.1 + i32::from(p.y))),
        place: words::at(game, p),
        text,
        conditional: false,
    });
}

/// A thing with no symbol of its own on the map (an engraving, a
/// mazewalk): listed, not drawn.
fn listed(picture: &mut Picture, p: &Point, game: &Game, text: String) {
    picture.legend.push(Entry {
        place: words::at(game, p),
        ..note(text)
    });
}

/// The candidates a place register stands for, in words: `place[1]`
/// is any of its `RANDOM_PLACES` list, shuffled (`random` has none).
fn candidates(game: &Game, lists: &[Vec<Point>], p: &Point) -> String {
    let register = |v: i8| usize::try_from(-i16::from(v) - 1).unwrap_or(0);
    let list = match (p.x, p.y) {
        (x, _) if x == game.format().random_coordinate || x >= 0 => None,
        (x, _) if !game.format().place_sets => Some((0, register(x))),
        (-1, y) => Some((register(y), 0)),
        (RANDOM_COORD, _) => None,
        (x, _) => Some((register(x), 0)),
    };
    match list.and_then(|(n, _)| lists.get(n)) {
        Some(list) => {
            let points: Vec<String> = list.iter().map(|q| words::at(game, q)).collect();
            format!("{}, one of {}", words::at(game, p), points.join(" "))
        }
        None => words::at(game, p),
    }
}

/// Monsters, objects, traps, stairs, altars, gold and engravings, in the
/// order the game shows them over each other: what is under first.
pub(super) fn things(
    picture: &mut Picture,
    c: Contents<'_>,
    game: &Game,
    origin: (i32, i32),
    drawable: bool,
    places: &dyn Fn(&Point) -> String,
) {
    let add = |picture: &mut Picture, p: &Point, glyph: char, colour: Colour, text: String| {
        let fixed = drawable && p.x >= 0 && p.y >= 0;
        picture.place(Entry {
            glyph,
            colour,
            at: fixed.then(|| (origin.0 + i32::from(p.x), origin.1 + i32::from(p.y))),
            place: places(p),
            text,
            conditional: false,
        });
    };
    for s in c.stairs {
        let (glyph, dir) = if s.up { ('<', "up") } else { ('>', "down") };
        add(
            picture,
            &s.pos,
            glyph,
            symbols::PLAIN,
            format!("stair {dir}"),
        );
    }
    for a in c.altars {
        let text = words::altar(a) + &words::extras(game, crate::RecordKind::Altar, &a.extra);
        add(picture, &a.pos, '_', symbols::PLAIN, text);
    }
    for e in c.engravings {
        let kind = (game.format().numbering.engraving_name(e.kind))
            .map_or_else(|| format!("kind {}", e.kind), str::to_string);
        let text = format!("engraving ({kind}) {}", quoted(&e.text));
        picture.legend.push(Entry {
            place: places(&e.pos),
            ..note(text)
        });
    }
    for t in c.traps {
        let name = (t.kind >= 0)
            .then(|| game.format().numbering.trap_name(t.kind))
            .flatten();
        let (glyph, colour) = symbols::trap(name);
        let text = format!("trap: {}, chance {}%", name.unwrap_or("random"), t.chance);
        add(picture, &t.pos, glyph, colour, text);
    }
    for g in c.gold {
        let amount = match g.amount {
            -1 => "a random amount of".to_string(),
            n => n.to_string(),
        };
        add(
            picture,
            &g.pos,
            '$',
            symbols::GOLD,
            format!("{amount} gold"),
        );
    }
    for o in c.objects {
        let class = u8::try_from(o.class).ok().filter(|&c| c > 0);
        let glyph = class.map_or(ANY_OBJECT, char::from);
        let colour = class.map_or(super::NO_COLOUR, symbols::object_colour);
        let text = words::object_text(o, game);
        match o.containment {
            // In the container listed before it: not on the map.
            1 => picture.legend.push(Entry {
                glyph,
                colour,
                place: "in the container above".to_string(),
                ..note(text)
            }),
            _ => add(picture, &o.pos, glyph, colour, text),
        }
    }
    for m in c.monsters {
        let class = u8::try_from(m.class).ok().filter(|&c| c > 0);
        let name = (m.id >= 0).then(|| game.monster_name(m.id)).flatten();
        let glyph = class.map_or(ANY_MONSTER, char::from);
        let colour = class.map_or(super::NO_COLOUR, |c| symbols::monster_colour(name, c));
        add(picture, &m.pos, glyph, colour, words::monster_text(m, game));
    }
}

/// `RANDOM_OBJECTS` and `RANDOM_MONSTERS`, which `object[n]` and
/// `monster[n]` pick from.
pub(super) fn registers(picture: &mut Picture, objects: &[i8], monsters: &[i8]) {
    let list = |v: &[i8], register: &str| {
        // Stored last-listed first: in the order the level lists them.
        v.iter()
            .rev()
            .map(|&c| words::class(c, register))
            .collect::<Vec<_>>()
            .join(" ")
    };
    if !objects.is_empty() {
        let text = format!("random objects (object[n]): {}", list(objects, "object"));
        picture.legend.push(note(text));
    }
    if !monsters.is_empty() {
        let text = format!(
            "random monsters (monster[n]): {}",
            list(monsters, "monster")
        );
        picture.legend.push(note(text));
    }
}
