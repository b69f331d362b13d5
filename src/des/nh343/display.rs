//! A 3.4.3-family level as text for a person ([`Level::display`]): each
//! maze part's map drawn with what is placed on it and a legend under it,
//! rooms and corridors one line each, monsters and objects by name.

use std::fmt::{self, Write as _};

use super::ir::{
    Alignment, Altar, Area, Boolean, Contents, Corridor, Direction, LevRegion, Level, LevelBody,
    LevelInit, Lighting, MazePart, Point, Room, Terrain, TerrainMap, RANDOM_COORD,
};
use crate::des::map_text;
use crate::game::Game;
use crate::game::RecordKind;
use crate::text::quoted;

/// A [`Level`] as the text `levbuild dump FILE.lev` prints, monsters and
/// objects named from a [`Game`]'s tables: made by [`Level::display`].
///
/// A maze part's map is drawn under a ruler, each row after its number:
///
/// ```text
///       01234
///     0 -----
///     1 |D^.|
///     2 -----
/// ```
///
/// The digits and the one space after the row number are the frame, not
/// the map: the cells start after that space, one character each (a
/// space is stone), with what is placed on a cell drawn over it and
/// listed in the legend under the map, whose `(x,y)` are the ruler's
/// column and row.
#[derive(Clone, Copy, Debug)]
pub struct LevelDisplay<'a> {
    level: &'a Level,
    game: &'a Game,
}

impl Level {
    /// The level as text for a person, monsters and objects named from
    /// `game`'s tables (the game the level was compiled for): what
    /// `levbuild dump FILE.lev` prints.
    ///
    /// ```
    /// # #[cfg(feature = "compile")] {
    /// let src = "MAZE: \"mini\", ' '\nGEOMETRY: center, center\nMAP\n.|.\nENDMAP\n\
    ///            MONSTER: 'D', \"red dragon\", (0,0)\n";
    /// let file = levbuild::des::compile(src, "mini.des").unwrap();
    /// let game = levbuild::Game::nethack_343();
    /// let layout = levbuild::Layout::host();
    /// let level = levbuild::des::decode(&file.levels[0].bytes, "mini", &game, layout).unwrap();
    /// let text = level.display(&game).to_string();
    /// assert!(text.starts_with("level \"mini\"\n"));
    /// assert!(text.contains("monster red dragon (class 'D')"));
    /// # }
    /// ```
    pub fn display<'a>(&'a self, game: &'a Game) -> LevelDisplay<'a> {
        LevelDisplay { level: self, game }
    }
}

impl fmt::Display for LevelDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (level, game) = (self.level, self.game);
        writeln!(f, "level {}", quoted(&level.name))?;
        let code = level.flags.code();
        let names: Vec<&str> = (game.format().numbering.level_flags.iter())
            .filter(|&&(_, bit)| code & bit != 0)
            .map(|(n, _)| &**n)
            .collect();
        writeln!(f, "  flags {code:#x} [{}]", names.join(", "))?;
        if let Some(init) = &level.init {
            writeln!(f, "  init map: {}", init_map(init, game))?;
        }
        if !level.message.is_empty() {
            writeln!(f, "  message {}", quoted(&level.message))?;
        }
        if !level.hallucination_message.is_empty() {
            writeln!(
                f,
                "  hallucination message {}",
                quoted(&level.hallucination_message)
            )?;
        }
        match &level.body {
            LevelBody::Maze(maze) => {
                writeln!(
                    f,
                    "  maze, filling {}, {} part(s)",
                    game.format()
                        .numbering
                        .terrain_name(maze.filling.code())
                        .unwrap_or("random"),
                    maze.parts.len()
                )?;
                for (i, part) in maze.parts.iter().enumerate() {
                    writeln!(
                        f,
                        "  part {i}: align ({}, {}), map {}x{}",
                        part.halign, part.valign, part.map.width, part.map.height
                    )?;
                    maze_part(f, part, game)?;
                }
            }
            LevelBody::Rooms(rooms) => {
                writeln!(
                    f,
                    "  room level, {} room(s), {} corridor(s)",
                    rooms.rooms.len(),
                    rooms.corridors.len()
                )?;
                registers(f, game, &rooms.random_objects, &rooms.random_monsters, &[])?;
                for (i, r) in rooms.rooms.iter().enumerate() {
                    room(f, i, r, game)?;
                }
                for c in &rooms.corridors {
                    writeln!(f, "  {}", corridor(c))?;
                }
            }
        }
        legend(f, level, game)
    }
}

/// The `.des` character of a terrain type in `game`, for drawing maps.
fn map_char(game: &Game, t: Terrain) -> char {
    game.format()
        .numbering
        .map_char(t.code())
        .map_or('?', char::from)
}

/// The map, with each placed thing's symbol over its cell.
fn draw_marked(
    f: &mut fmt::Formatter<'_>,
    game: &Game,
    map: &TerrainMap,
    marks: &[(Point, char)],
) -> fmt::Result {
    let width = usize::from(map.width.max(1));
    let mut rows = Vec::new();
    for (y, row) in map.cells.chunks(width).enumerate() {
        let mut line: Vec<char> = row.iter().map(|&t| map_char(game, t)).collect();
        for (p, mark) in marks {
            if usize::try_from(p.y).ok() == Some(y) {
                if let Some(c) = usize::try_from(p.x).ok().and_then(|x| line.get_mut(x)) {
                    *c = *mark;
                }
            }
        }
        rows.push(line.into_iter().collect::<String>());
    }
    map_text::draw(f, 4, &rows)
}

/// Every monster and object the level names, with its name in `game`.
fn legend(f: &mut fmt::Formatter<'_>, level: &Level, game: &Game) -> fmt::Result {
    let (monsters, objects): (Vec<_>, Vec<_>) = match &level.body {
        LevelBody::Maze(m) => (
            m.parts.iter().flat_map(|p| &p.monsters).collect(),
            m.parts.iter().flat_map(|p| &p.objects).collect(),
        ),
        LevelBody::Rooms(r) => (
            r.rooms.iter().flat_map(|p| &p.monsters).collect(),
            r.rooms.iter().flat_map(|p| &p.objects).collect(),
        ),
    };
    let mut ids: Vec<(&str, i16, Option<&str>)> = monsters
        .iter()
        .filter(|m| m.id >= 0)
        .map(|m| ("monster", m.id, game.monster_name(m.id)))
        .chain(
            objects
                .iter()
                .filter(|o| o.id >= 0)
                .map(|o| ("object", o.id, game.object_name(o.id))),
        )
        .collect();
    ids.sort();
    ids.dedup();
    if !ids.is_empty() {
        writeln!(f, "  names ({} {}):", game.name(), game.version())?;
        for (kind, id, name) in ids {
            writeln!(f, "    {kind} {id}: {}", name.unwrap_or("(no such entry)"))?;
        }
    }
    Ok(())
}

/// A `MONSTER` in words: `monster NAME (class C) chance N%`, its name,
/// disguise, alignment, peacefulness, sleep and extra members.
pub(crate) fn monster_text(m: &super::ir::Monster, game: &Game) -> String {
    let name = if m.id >= 0 {
        game.monster_name(m.id).unwrap_or("?")
    } else {
        "random"
    };
    let mut text = format!(
        "monster {name} (class {}) chance {}%",
        class(m.class, "monster"),
        m.chance
    );
    if !m.name.is_empty() {
        let _ = write!(text, " named {}", quoted(&m.name));
    }
    if !m.appear_as.is_empty() {
        let _ = write!(text, " appearing as {}", quoted(&m.appear_as));
    }
    if m.align != Alignment::Unspecified {
        let _ = write!(text, " align {}", alignment(m.align));
    }
    if m.peaceful >= 0 {
        let _ = write!(text, ", {}", tristate(m.peaceful, "peaceful", "hostile"));
    }
    if m.asleep >= 0 {
        let _ = write!(text, ", {}", tristate(m.asleep, "asleep", "awake"));
    }
    text + &extras(game, RecordKind::Monster, &m.extra)
}

/// An `OBJECT` or `CONTAINER` in words: `object NAME (class C) chance
/// N%, CURSE, spe N`, its name, corpse monster, extra members, and
/// whether it is a container.
pub(crate) fn object_text(o: &super::ir::Object, game: &Game) -> String {
    let name = if o.id >= 0 {
        game.object_name(o.id).unwrap_or("?")
    } else {
        "random"
    };
    let mut text = format!(
        "object {name} (class {}) chance {}%, {}, spe {}",
        class(o.class, "object"),
        o.chance,
        curse(o, game),
        spe(o.spe)
    );
    if !o.name.is_empty() {
        let _ = write!(text, " named {}", quoted(&o.name));
    }
    if o.corpsenm >= 0 {
        let c = game.monster_name(o.corpsenm as i16).unwrap_or("?");
        let _ = write!(text, " of {c}");
    }
    text += &extras(game, RecordKind::Object, &o.extra);
    match o.containment {
        0 | 1 => {}
        2 => text.push_str(", a container"),
        c => {
            let _ = write!(text, ", containment {c}");
        }
    }
    text
}

/// A position as the `.des` writes it in `game`: `(x,y)`, `random`,
/// `place[n]`, and with numbered place lists (SLASH'EM) `place[i][j]`
/// and `region[n]`.
pub(crate) fn at(game: &Game, p: &Point) -> String {
    let format = game.format();
    let register = |v: i8| -i16::from(v) - 1;
    match (p.x, p.y) {
        (x, _) if x == format.random_coordinate => "random".to_string(),
        (x, _) if !format.place_sets && x < 0 => format!("place[{}]", register(x)),
        (-1, y) if y < 0 => format!("place[{}]", register(y)),
        (RANDOM_COORD, y) if y < 0 => format!("region[{}]", register(y)),
        (x, y) if x < 0 && y < 0 => format!("place[{}][{}]", register(x), register(y)),
        (x, y) => format!("({x},{y})"),
    }
}

/// The extra members of a record (`, arti_key 3`), nothing for a game
/// whose records have none.
pub(crate) fn extras(game: &Game, record: RecordKind, values: &[i64]) -> String {
    let mut text = String::new();
    for (m, v) in game.format().extra_members(record).zip(values) {
        let _ = write!(text, ", {} {v}", m.name);
    }
    text
}

/// A class as the `.des` writes it: a character, `random` or a register,
/// `monster[n]` or `object[n]` as `register` says.
pub(crate) fn class(c: i8, register: &str) -> String {
    match c {
        RANDOM_COORD => "random".to_string(),
        c if c < 0 => format!("{register}[{}]", -i16::from(c) - 1),
        c => format!("'{}'", char::from(c as u8).escape_default()),
    }
}

/// A symbolic value's `.des` word, or `code N` for a code no word
/// stands for.
pub(crate) fn word(name: Option<&str>, code: i8) -> String {
    name.map_or_else(|| format!("code {code}"), str::to_string)
}

/// An alignment as the `.des` writes it: a keyword or `align[n]`.
pub(crate) fn alignment(a: Alignment) -> String {
    match a {
        Alignment::Register(n) => format!("align[{n}]"),
        a => word(a.name(), a.code()),
    }
}

/// A terrain type as the `.des` writes it: its map character, else its
/// `rm.h` name or number, in `game`.
fn terrain(game: &Game, t: Terrain) -> String {
    let numbering = &game.format().numbering;
    match (
        numbering.map_char(t.code()),
        numbering.terrain_name(t.code()),
    ) {
        (Some(c), _) => format!("'{}'", char::from(c).escape_default()),
        (None, Some(name)) => name.to_string(),
        (None, None) => format!("terrain {}", t.code()),
    }
}

/// `INIT_MAP: fg, bg, smoothed, joined, lit, walled` in words.
pub(crate) fn init_map(init: &LevelInit, game: &Game) -> String {
    let yes_no = |set: bool, word: &str| {
        if set {
            word.to_string()
        } else {
            format!("not {word}")
        }
    };
    let lit = match init.lit {
        Lighting::Random => "lit at random".to_string(),
        l => lighting(l, game),
    };
    let walled = match init.walled {
        Boolean::True => "walled".to_string(),
        Boolean::False => "not walled".to_string(),
        Boolean::Random => "walled at random".to_string(),
        Boolean::Other(c) => format!("walled code {c}"),
    };
    format!(
        "foreground {}, background {}, {}, {}, {lit}, {walled}",
        terrain(game, init.fg),
        terrain(game, init.bg),
        yes_no(init.smoothed, "smoothed"),
        yes_no(init.joined, "joined"),
    )
}

/// A lev_comp three-state flag: 1, 0 or -1 (`random`, or left to the game).
pub(crate) fn tristate(v: i8, yes: &str, no: &str) -> String {
    match v {
        1 => yes.to_string(),
        0 => no.to_string(),
        -1 => "random".to_string(),
        v => format!("{v}"),
    }
}

/// A lighting as the `.des` writes it, in the game's words (FIQHack's
/// `mineslight`).
fn lighting(l: Lighting, game: &Game) -> String {
    match game.format().numbering.light_state_name(l.code()) {
        Some(w) => w.to_string(),
        None => tristate(l.code(), "lit", "unlit"),
    }
}

/// An object's curse state as the `.des` writes it, in the game's words
/// (AceHack's `identified`).
fn curse(o: &super::ir::Object, game: &Game) -> String {
    match (
        o.curse_state,
        game.format().numbering.curse_state_name(o.curse_state),
    ) {
        (-1, _) => "curse random".to_string(),
        (0, _) | (_, None) => format!("curse {}", o.curse_state),
        (_, Some(name)) => name.to_string(),
    }
}

/// An object's enchantment, `random` for lev_comp's -127.
fn spe(v: i16) -> String {
    if v == -127 {
        "random".to_string()
    } else {
        format!("{v:+}")
    }
}

fn registers(
    f: &mut fmt::Formatter<'_>,
    game: &Game,
    objects: &[i8],
    monsters: &[i8],
    places: &[Vec<Point>],
) -> fmt::Result {
    let list = |v: &[i8], register: &str| {
        v.iter()
            .map(|&c| class(c, register))
            .collect::<Vec<_>>()
            .join(" ")
    };
    if !objects.is_empty() {
        writeln!(f, "    random objects: {}", list(objects, "object"))?;
    }
    if !monsters.is_empty() {
        writeln!(f, "    random monsters: {}", list(monsters, "monster"))?;
    }
    for (i, set) in places.iter().enumerate() {
        let sets = game.format().place_sets;
        // SLASH'EM's `none` entry is stored as (-1,-1).
        let entry = |p: &Point| match (p.x, p.y) {
            (-1, -1) if sets => "none".to_string(),
            _ => at(game, p),
        };
        let p: Vec<String> = set.iter().map(entry).collect();
        match game.format().place_sets {
            true => writeln!(f, "    random places [{i}]: {}", p.join(" "))?,
            false => writeln!(f, "    random places: {}", p.join(" "))?,
        }
    }
    Ok(())
}

/// The things placed on a map or in a room, one line each, with the
/// symbol each has on the drawn map.
struct Placed<'g> {
    game: &'g Game,
    lines: Vec<String>,
    marks: Vec<(Point, char)>,
}

impl<'g> Placed<'g> {
    fn new(game: &'g Game) -> Self {
        Placed {
            game,
            lines: Vec::new(),
            marks: Vec::new(),
        }
    }

    fn add(&mut self, p: &Point, mark: char, text: String) {
        self.lines
            .push(format!("{mark} {} {text}", at(self.game, p)));
        if p.x >= 0 && p.y >= 0 {
            self.marks.push((*p, mark));
        }
    }

    fn contents(&mut self, c: Contents<'_>) {
        let game = self.game;
        let Contents {
            monsters,
            objects,
            traps,
            stairs,
            altars,
            gold,
            engravings,
        } = c;
        for m in monsters {
            let mark = if m.class > 0 {
                m.class as u8 as char
            } else {
                'M'
            };
            self.add(&m.pos, mark, monster_text(m, game));
        }
        for o in objects {
            let mark = if o.class > 0 {
                o.class as u8 as char
            } else {
                'O'
            };
            let text = object_text(o, game);
            match o.containment {
                0 | 2 => self.add(&o.pos, mark, text),
                1 => self
                    .lines
                    .push(format!("{mark}   inside the container above: {text}")),
                _ => self.add(&o.pos, mark, text),
            }
        }
        for t in traps {
            let name = if t.kind < 0 {
                "random"
            } else {
                game.format().numbering.trap_name(t.kind).unwrap_or("?")
            };
            self.add(&t.pos, '^', format!("trap {name} chance {}%", t.chance));
        }
        for st in stairs {
            let (mark, dir) = if st.up { ('<', "up") } else { ('>', "down") };
            self.add(&st.pos, mark, format!("stair {dir}"));
        }
        for a in altars {
            let text = altar(a) + &extras(game, RecordKind::Altar, &a.extra);
            self.add(&a.pos, '_', text);
        }
        for g in gold {
            self.add(&g.pos, '$', format!("gold {}", g.amount));
        }
        for e in engravings {
            let kind = (game.format().numbering.engraving_name(e.kind))
                .map_or_else(|| format!("kind {}", e.kind), str::to_string);
            self.add(
                &e.pos,
                '~',
                format!("engraving ({kind}) {}", quoted(&e.text)),
            );
        }
    }

    /// The legend lines, indented by six spaces.
    fn write_lines(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for l in &self.lines {
            writeln!(f, "      {l}")?;
        }
        Ok(())
    }
}

pub(crate) fn altar(a: &Altar) -> String {
    let kind = a.kind_name().unwrap_or("random");
    format!("{kind}, alignment {}", alignment(a.align))
}

fn ladders(placed: &mut Placed<'_>, ladders: &[super::ir::Stair]) {
    for l in ladders {
        placed.add(
            &l.pos,
            '#',
            format!("ladder {}", if l.up { "up" } else { "down" }),
        );
    }
}

fn maze_part(f: &mut fmt::Formatter<'_>, part: &MazePart, game: &Game) -> fmt::Result {
    let mut placed = Placed::new(game);
    placed.contents(part.contents());
    ladders(&mut placed, &part.ladders);
    for p in &part.fountains {
        placed.add(p, '{', "fountain".to_string());
    }
    for p in &part.forges {
        placed.add(p, '&', "forge".to_string());
    }
    for d in &part.doors {
        let state = word(d.state.name(), d.state.code());
        let text = format!("door {state}{}", extras(game, RecordKind::Door, &d.extra));
        placed.add(&d.pos, '+', text);
    }
    for d in &part.drawbridges {
        let state = if d.open { "open" } else { "closed" };
        let dir = word(d.dir.name(), d.dir.code());
        placed.add(&d.pos, '#', format!("drawbridge {dir} {state}"));
    }
    for w in &part.mazewalks {
        let dir = word(w.dir.name(), w.dir.code());
        placed.add(&w.pos, '*', format!("mazewalk {dir}"));
    }
    draw_marked(f, game, &part.map, &placed.marks)?;
    if !placed.lines.is_empty() {
        writeln!(f, "    legend (positions relative to the map):")?;
        placed.write_lines(f)?;
    }
    registers(
        f,
        game,
        &part.random_objects,
        &part.random_monsters,
        &part.random_places,
    )?;
    for r in &part.regions {
        writeln!(
            f,
            "    region {}: {}{}{}, {}",
            area(&r.area),
            room_type(game, r.rtype),
            if r.unfilled { ", unfilled" } else { "" },
            if r.irregular { ", irregular" } else { "" },
            lighting(r.lit, game)
        )?;
    }
    for (random, r) in level_regions(part) {
        writeln!(f, "    {}", level_region(game, random, r))?;
    }
    for a in &part.non_diggable {
        writeln!(f, "    non-diggable {}", area(a))?;
    }
    for a in &part.non_passwall {
        writeln!(f, "    non-passwall {}", area(a))?;
    }
    Ok(())
}

/// A maze part's level regions, then its random regions (SLASH'EM's
/// `region[n]`, which have no kind of their own) with their numbers.
pub(crate) fn level_regions(part: &MazePart) -> impl Iterator<Item = (Option<usize>, &LevRegion)> {
    (part.level_regions.iter().map(|r| (None, r))).chain(
        part.random_regions
            .iter()
            .enumerate()
            .map(|(i, r)| (Some(i), r)),
    )
}

/// A level region in words: `level region up stair in map (…) except map
/// (…)`, its destination; `random region [n]` for SLASH'EM's numbered
/// random region `random` (which has no kind of its own).
pub(crate) fn level_region(game: &Game, random: Option<usize>, r: &LevRegion) -> String {
    let scope = |level: bool| if level { "level" } else { "map" };
    let (what, kind) = match random {
        Some(i) if r.kind == 0 => ("random region".to_string(), format!("[{i}]")),
        Some(i) => (format!("random region [{i}]"), format!("kind {}", r.kind)),
        None => (
            "level region".to_string(),
            // Beyond 3.4.3's, the game's own `LR_` name (AceHack's
            // LR_UPLADDER).
            (r.kind_name())
                .or_else(|| game.format().numbering.level_region_name(r.kind))
                .map_or_else(|| format!("kind {}", r.kind), str::to_string),
        ),
    };
    let mut text = format!(
        "{what} {kind} in {} {} except {} {}",
        scope(r.area_in_level),
        area(&r.area),
        scope(r.exclude_in_level),
        area(&r.exclude),
    );
    if !r.destination.is_empty() {
        let _ = write!(text, " to {}", quoted(&r.destination));
    }
    text
}

/// A corridor between two room walls, random corridors, or a corridor
/// to the nearest room (the numbered form).
pub(crate) fn corridor(c: &Corridor) -> String {
    let door = |d: i8| {
        if d < 0 {
            "random".to_string()
        } else {
            d.to_string()
        }
    };
    if c.src_room == -1 {
        return "random corridors".to_string();
    }
    let wall = |w: Direction| word(w.name(), w.code());
    let from = format!(
        "room {} {} wall door {}",
        c.src_room,
        wall(c.src_wall),
        door(c.src_door)
    );
    if c.dest_room == -1 {
        return format!("corridor from {from}, kind {}", c.dest_wall.code());
    }
    format!(
        "corridor from {from} to room {} {} wall door {}",
        c.dest_room,
        wall(c.dest_wall),
        door(c.dest_door)
    )
}

/// A room type's word in `game`, or its number.
pub(crate) fn room_type(game: &Game, t: super::ir::RoomType) -> String {
    word(game.format().numbering.room_type_name(t.code()), t.code())
}

pub(crate) fn area(a: &Area) -> String {
    format!("({},{})-({},{})", a.x1, a.y1, a.x2, a.y2)
}

fn room(f: &mut fmt::Formatter<'_>, i: usize, room: &Room, game: &Game) -> fmt::Result {
    let pos = |x: i8, y: i8| {
        if x < 0 {
            "random".to_string()
        } else {
            format!("({x},{y})")
        }
    };
    write!(f, "  room {i}")?;
    if !room.name.is_empty() {
        write!(f, " {}", quoted(&room.name))?;
    }
    if !room.parent.is_empty() {
        write!(f, " in {}", quoted(&room.parent))?;
    }
    write!(f, ": {}", room_type(game, room.rtype))?;
    // sp_lev.c gives the room its type with this chance, else makes it an
    // ordinary room; 0 (no CHANCE line) is always its type.
    if room.chance != 0 {
        write!(f, " ({}% chance, else ordinary)", room.chance)?;
    }
    writeln!(
        f,
        ", {}, {}, at {} align {} size {}",
        lighting(room.lit, game),
        tristate(room.filled.code(), "filled", "unfilled"),
        pos(room.x, room.y),
        pos(room.xalign, room.yalign),
        pos(room.w, room.h),
    )?;
    let mut placed = Placed::new(game);
    placed.contents(room.contents());
    ladders(&mut placed, &room.ladders);
    for p in &room.fountains {
        placed.add(p, '{', "fountain".to_string());
    }
    for p in &room.forges {
        placed.add(p, '&', "forge".to_string());
    }
    for p in &room.sinks {
        placed.add(p, '#', "sink".to_string());
    }
    for p in &room.pools {
        placed.add(p, '}', "pool".to_string());
    }
    for d in &room.doors {
        let pos = if d.pos < 0 {
            "random".to_string()
        } else {
            d.pos.to_string()
        };
        placed.lines.push(format!(
            "+ door on the {} wall at {pos}: {}, {}{}",
            word(d.wall.name(), d.wall.code()),
            word(d.state.name(), d.state.code()),
            tristate(d.secret, "secret", "not secret"),
            extras(game, RecordKind::RoomDoor, &d.extra)
        ));
    }
    placed.write_lines(f)
}

#[cfg(test)]
mod tests {
    use super::super::ir::*;
    use crate::game::Game;

    /// A 3x2 maze part with a monster, a door, a region and a level
    /// region, made by hand (no compiler: this is the runtime layer).
    fn maze() -> Level {
        let cells = [24, 1, 22, 24, 24, 24].map(Terrain).to_vec();
        let part = MazePart {
            halign: 3,
            valign: 3,
            map: TerrainMap {
                width: 3,
                height: 2,
                cells,
            },
            monsters: vec![Monster {
                id: 143,
                class: b'D' as i8,
                pos: Point { x: 0, y: 1 },
                chance: 100,
                align: Alignment::Register(0),
                peaceful: -1,
                asleep: 1,
                ..Monster::default()
            }],
            doors: vec![Door {
                pos: Point { x: 2, y: 0 },
                state: DoorState::NoDoor,
                extra: Vec::new(),
            }],
            mazewalks: vec![Walk {
                pos: Point { x: 1, y: 1 },
                dir: Direction::East,
            }],
            regions: vec![Region {
                area: Area {
                    x1: 0,
                    y1: 0,
                    x2: 2,
                    y2: 1,
                },
                rtype: RoomType(8),
                lit: Lighting::Lit,
                ..Region::default()
            }],
            ..MazePart::default()
        };
        Level {
            name: "mini".to_string(),
            init: Some(LevelInit {
                fg: Terrain::ROOM,
                bg: Terrain::STONE,
                smoothed: true,
                joined: true,
                lit: Lighting::Random,
                walled: Boolean::True,
            }),
            body: LevelBody::Maze(Maze {
                filling: Terrain::STONE,
                parts: vec![part],
            }),
            ..Level::default()
        }
    }

    #[test]
    fn a_maze_reads_with_its_map_legend_and_names() {
        let game = Game::nethack_343();
        assert_eq!(
            maze().display(&game).to_string(),
            "level \"mini\"\n\
             \x20 flags 0x0 []\n\
             \x20 init map: foreground '.', background ' ', smoothed, joined, lit at random, walled\n\
             \x20 maze, filling STONE, 1 part(s)\n\
             \x20 part 0: align (3, 3), map 3x2\n\
             \x20     012\n\
             \x20   0 .|+\n\
             \x20   1 D*.\n\
             \x20   legend (positions relative to the map):\n\
             \x20     D (0,1) monster red dragon (class 'D') chance 100% align align[0], asleep\n\
             \x20     + (2,0) door nodoor\n\
             \x20     * (1,1) mazewalk east\n\
             \x20   region (0,0)-(2,1): zoo, lit\n\
             \x20 names (NetHack 3.4.3):\n\
             \x20   monster 143: red dragon\n"
        );
    }
    /// A room level with what only rooms have: walls, corridors, room
    /// doors, registers.
    fn rooms() -> Level {
        let temple = Room {
            name: "temple".to_string(),
            rtype: RoomType(10),
            chance: 50,
            lit: Lighting::Lit,
            filled: Boolean::True,
            x: 3,
            y: 3,
            xalign: 3,
            yalign: 3,
            w: 5,
            h: 4,
            doors: vec![RoomDoor {
                wall: Direction::North,
                pos: -1,
                secret: 0,
                state: DoorState::Locked,
                extra: Vec::new(),
            }],
            altars: vec![Altar {
                pos: Point { x: 2, y: 2 },
                align: Alignment::NonCoaligned,
                shrine: 1,
                extra: Vec::new(),
            }],
            monsters: vec![Monster {
                id: -1,
                class: -3,
                pos: Point { x: -11, y: -11 },
                chance: 100,
                align: Alignment::Unspecified,
                peaceful: -1,
                asleep: -1,
                ..Monster::default()
            }],
            objects: vec![Object {
                id: -1,
                class: -2,
                pos: Point { x: -1, y: -1 },
                chance: 100,
                spe: -127,
                curse_state: -1,
                corpsenm: -1,
                ..Object::default()
            }],
            ..Room::default()
        };
        let plain = Room {
            rtype: RoomType(24),
            lit: Lighting::Random,
            filled: Boolean::True,
            x: -1,
            xalign: -1,
            w: -1,
            ..Room::default()
        };
        Level {
            name: "rooms".to_string(),
            body: LevelBody::Rooms(RoomLevel {
                random_monsters: vec![b'D' as i8, b'L' as i8, b'V' as i8],
                rooms: vec![temple, plain],
                corridors: vec![Corridor {
                    src_room: 0,
                    src_wall: Direction::South,
                    src_door: -1,
                    dest_room: 1,
                    dest_wall: Direction::West,
                    dest_door: 0,
                }],
                ..RoomLevel::default()
            }),
            ..Level::default()
        }
    }

    #[test]
    fn values_read_as_the_des_writes_them_not_as_rust_debug_names() {
        let game = Game::nethack_343();
        let text = rooms().display(&game).to_string();
        for line in [
            "room 0 \"temple\": temple (50% chance, else ordinary), lit, filled",
            "M random monster random (class monster[2]) chance 100%\n",
            "O place[0] object random (class object[1]) chance 100%, curse random, spe random\n",
            "_ (2,2) shrine, alignment noncoaligned\n",
            "+ door on the north wall at random: locked, not secret\n",
            "corridor from room 0 south wall door random to room 1 west wall door 0\n",
        ] {
            assert!(text.contains(line), "missing {line:?} in\n{text}");
        }
        let text = text + &maze().display(&game).to_string();
        for debug in [
            "Register(",
            "NoDoor",
            "Some(",
            "North",
            "South",
            "Temple",
            "CandleShop",
            "Zoo",
            "LevelInit",
            "Terrain(",
            "East",
            "NonCoaligned",
            "register[",
        ] {
            assert!(!text.contains(debug), "{debug:?} in\n{text}");
        }
    }
    #[test]
    fn a_room_has_a_chance_only_when_it_has_one() {
        let text = rooms().display(&Game::nethack_343()).to_string();
        assert!(
            text.contains(
                "room 0 \"temple\": temple (50% chance, else ordinary), lit, filled, at (3,3)"
            ),
            "{text}"
        );
        // CHANCE 0 (none given): the room always has its type.
        assert!(
            text.contains("room 1: candle shop, random, filled, at random"),
            "{text}"
        );
        assert!(!text.contains("chance 0%"), "{text}");
    }
}
