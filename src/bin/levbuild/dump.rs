//! `levbuild dump`: a decoded `.lev` or `dungeon` file as text (maps drawn
//! with their `.des` characters) or JSON. A file whose name starts with
//! `dungeon` and does not end in `.lev` is read as a dungeon file.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use levbuild::des::{self, Level, LevelBody, TerrainMap};
use levbuild::dungeon::{self, Dungeon};
use levbuild::{Game, Layout};

use crate::args::{unknown, Arg, Args, GameChoice};
use crate::output::print_stdout;

pub const USAGE: &str =
    "levbuild dump [--json] [--target TRIPLE] [--game-tree ROOT | --game FILE | --dialect 3.4.3|3.6] FILE.lev|dungeon";

pub fn run(args: &[OsString]) -> Result<ExitCode> {
    let mut json = false;
    let mut layout = levbuild::Layout::host();
    let mut game = GameChoice::default();
    let mut file: Option<PathBuf> = None;
    let mut scan = Args::new(args);
    while let Some(arg) = scan.next_arg() {
        match arg {
            Arg::Flag("--json") => json = true,
            Arg::Flag("--target") => {
                layout = scan.layout("--target")?;
                game.target(scan.last());
            }
            Arg::Flag(f) if game.accept(f, &mut scan)? => {}
            Arg::Flag(f) => return unknown(f, USAGE),
            Arg::Positional(p) if file.is_none() => file = Some(PathBuf::from(p)),
            Arg::Positional(p) => bail!("unexpected argument {p:?}\nusage: {USAGE}"),
        }
    }
    let file = file.ok_or_else(|| anyhow!("no file given\nusage: {USAGE}"))?;
    let bytes = std::fs::read(&file).with_context(|| format!("cannot read {}", file.display()))?;
    // Without --dialect, the version in the header says which format it is.
    let game = game.load(header_dialect(&bytes, layout), layout)?;
    let name = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let is_dungeon = file.extension().is_none_or(|e| e != "lev") && name.starts_with("dungeon");
    let text = if is_dungeon {
        let d = dungeon::decode(&bytes, &game, layout)
            .with_context(|| format!("{} is not a valid dungeon file", file.display()))?;
        if json {
            serde_json::to_string_pretty(&d)? + "\n"
        } else {
            dungeon_text(&d)
        }
    } else if game.dialect() == des::Dialect::NetHack36 {
        let program = des::nh36::decode(&bytes, &name, &game, layout)
            .with_context(|| format!("{} is not a valid 3.6 .lev file", file.display()))?;
        if json {
            serde_json::to_string_pretty(&program)? + "\n"
        } else {
            program_text(&program, &game)
        }
    } else {
        let level = des::decode(&bytes, &name, &game, layout)
            .with_context(|| format!("{} is not a valid .lev file", file.display()))?;
        if json {
            serde_json::to_string_pretty(&crate::dump_json::level_json(&level, &game)?)? + "\n"
        } else {
            level_text(&level, &game)
        }
    };
    print_stdout(&show_raw_bytes(&text))?;
    Ok(ExitCode::SUCCESS)
}

/// `text` with each raw source byte (a private-use character, see
/// `levbuild::source_text`) written as `\xHH`, as a person reads it.
fn show_raw_bytes(text: &str) -> String {
    let mut out = text.to_string();
    for b in 0x80u32..=0xff {
        let escaped = format!("\\u{{{:x}}}", 0xf780 + b - 0x80);
        if out.contains(&escaped) {
            out = out.replace(&escaped, &format!("\\x{b:02X}"));
        }
    }
    out
}

/// The dialect whose version the file's first header word names (3.6 for
/// `0x0306….`, else 3.4.3).
fn header_dialect(bytes: &[u8], layout: Layout) -> des::Dialect {
    let size = if layout.model == levbuild::DataModel::Lp64 {
        8
    } else {
        4
    };
    let Some(word) = bytes.get(..size) else {
        return des::Dialect::NetHack343;
    };
    let mut v: u64 = 0;
    for (i, &b) in word.iter().enumerate() {
        match layout.byte_order {
            levbuild::ByteOrder::Little => v |= u64::from(b) << (8 * i),
            levbuild::ByteOrder::Big => v = v << 8 | u64::from(b),
        }
    }
    des::Dialect::for_version((v >> 24) as u32 & 0xff, (v >> 16) as u32 & 0xff)
}

/// A 3.6 level as a listing: one instruction a line, monsters and objects
/// by name, each map drawn under its `MAP`.
fn program_text(program: &des::nh36::Program, game: &Game) -> String {
    use des::nh36::{Instr, Opcode, Operand};
    let mut out = format!(
        "level \"{}\": {} instructions\n",
        program.name,
        program.code.len()
    );
    let code = &program.code;
    for (i, instr) in code.iter().enumerate() {
        let note = match instr {
            Instr::Push(Operand::Monster(m)) if *m != -1 => game
                .monster_name(((m >> 8) & 0xffff) as i16 - 10)
                .map(|n| format!("  ({n})")),
            Instr::Push(Operand::Object(o)) if *o != -1 => game
                .object_name(((o >> 8) & 0xffff) as i16 - 10)
                .map(|n| format!("  ({n})")),
            _ => None,
        };
        match instr {
            Instr::Push(Operand::Str(s)) if code.get(i + 3) == Some(&Instr::Op(Opcode::Map)) => {
                let _ = writeln!(out, "{i:5}  PUSH str (map, drawn below)");
            }
            _ => {
                let _ = writeln!(out, "{i:5}  {instr}{}", note.unwrap_or_default());
            }
        }
        if *instr == Instr::Op(Opcode::Map) && i >= 3 {
            if let (Instr::Push(Operand::Str(cells)), Instr::Push(Operand::Int(w))) =
                (&code[i - 3], &code[i - 1])
            {
                // Cells are terrain types + 1, all ASCII.
                for row in cells.as_bytes().chunks((*w).max(1) as usize) {
                    let line: String = row
                        .iter()
                        .map(|&t| if t == 37 { 'x' } else { map_char(t as i8 - 1) })
                        .collect();
                    let _ = writeln!(out, "         |{line}|");
                }
            }
        }
    }
    out
}

/// The `.des` character of a terrain type, for drawing maps.
pub(crate) fn map_char(t: i8) -> char {
    des::Terrain(t).map_char().unwrap_or('?')
}

/// The map, with each placed thing's symbol over its cell.
fn draw_marked(out: &mut String, map: &TerrainMap, marks: &[(des::Point, char)]) {
    let width = usize::from(map.width.max(1));
    for (y, row) in map.cells.chunks(width).enumerate() {
        let mut line: Vec<char> = row.iter().map(|&t| map_char(t.code())).collect();
        for (p, mark) in marks {
            if usize::try_from(p.y).ok() == Some(y) {
                if let Some(c) = usize::try_from(p.x).ok().and_then(|x| line.get_mut(x)) {
                    *c = *mark;
                }
            }
        }
        let _ = writeln!(out, "    |{}|", line.into_iter().collect::<String>());
    }
}

/// Every monster and object the level names, with its name in `game`.
fn legend(out: &mut String, level: &Level, game: &Game) {
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
        let _ = writeln!(out, "  names ({} {}):", game.name(), game.version());
        for (kind, id, name) in ids {
            let _ = writeln!(
                out,
                "    {kind} {id}: {}",
                name.unwrap_or("(no such entry)")
            );
        }
    }
}

fn level_text(level: &Level, game: &Game) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "level {:?}", level.name);
    let f = level.flags;
    let named = [
        (f.noteleport, "noteleport"),
        (f.hardfloor, "hardfloor"),
        (f.nommap, "nommap"),
        (f.shortsighted, "shortsighted"),
        (f.arboreal, "arboreal"),
    ];
    let names: Vec<&str> = named
        .iter()
        .filter(|(set, _)| *set)
        .map(|&(_, n)| n)
        .collect();
    let _ = writeln!(out, "  flags {:#x} [{}]", f.code(), names.join(", "));
    if let Some(init) = &level.init {
        let _ = writeln!(out, "  init {init:?}");
    }
    if !level.message.is_empty() {
        let _ = writeln!(out, "  message {:?}", level.message);
    }
    match &level.body {
        LevelBody::Maze(maze) => {
            let _ = writeln!(
                out,
                "  maze, filling {}, {} part(s)",
                maze.filling.name().unwrap_or("random"),
                maze.parts.len()
            );
            for (i, part) in maze.parts.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "  part {i}: align ({}, {}), map {}x{}",
                    part.halign, part.valign, part.map.width, part.map.height
                );
                maze_part_text(&mut out, part, game);
            }
        }
        LevelBody::Rooms(rooms) => {
            let _ = writeln!(
                out,
                "  room level, {} room(s), {} corridor(s)",
                rooms.rooms.len(),
                rooms.corridors.len()
            );
            registers(&mut out, &rooms.random_objects, &rooms.random_monsters, &[]);
            for (i, room) in rooms.rooms.iter().enumerate() {
                room_text(&mut out, i, room, game);
            }
            for c in &rooms.corridors {
                let _ = writeln!(out, "  {}", corridor_text(c));
            }
        }
    }
    legend(&mut out, level, game);
    out
}

fn dungeon_text(d: &Dungeon) -> String {
    let mut out = String::new();
    let mut index = 0;
    for dg in &d.dungeons {
        let bones = dg
            .bones
            .map_or("none".to_string(), |b| char::from(b).to_string());
        let _ = writeln!(
            out,
            "dungeon {:?} bones {bones} depth ({}, {}) flags {:#x} chance {} entry {}{}",
            dg.name,
            dg.depth.base,
            dg.depth.rand,
            dg.flags,
            dg.chance,
            dg.entry,
            if dg.protofile.is_empty() {
                String::new()
            } else {
                format!(" protofile {:?}", dg.protofile)
            }
        );
        for l in &dg.levels {
            let chain = l
                .chain
                .map_or(String::new(), |c| format!(" chained to #{c}"));
            let _ = writeln!(
                out,
                "  level #{index} {:?} at ({}, {}) chance {} rndlevs {} flags {:#x}{chain}",
                l.name, l.at.base, l.at.rand, l.chance, l.rndlevs, l.flags
            );
            index += 1;
        }
        for b in &dg.branches {
            let chain = b
                .chain
                .map_or(String::new(), |c| format!(" chained to #{c}"));
            let dir = if b.up { "up" } else { "down" };
            let _ = writeln!(
                out,
                "  branch to {:?} at ({}, {}) {:?} {dir}{chain}",
                b.dest, b.at.base, b.at.rand, b.kind
            );
        }
    }
    out
}

/// A position as the `.des` writes it: `(x,y)`, `random` or `place[n]`.
pub(crate) fn at(p: &des::Point) -> String {
    match p.x {
        des::RANDOM_COORD => "random".to_string(),
        x if x < 0 => format!("place[{}]", -i16::from(x) - 1),
        x => format!("({x},{})", p.y),
    }
}

/// A class as the `.des` writes it: a character, `random` or `register[n]`.
pub(crate) fn class(c: i8) -> String {
    match c {
        des::RANDOM_COORD => "random".to_string(),
        c if c < 0 => format!("register[{}]", -i16::from(c) - 1),
        c => format!("'{}'", char::from(c as u8).escape_default()),
    }
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

/// An object's curse state as the `.des` writes it.
pub(crate) fn curse(v: i8) -> String {
    match v {
        -1 => "curse random".to_string(),
        1 => "blessed".to_string(),
        2 => "uncursed".to_string(),
        3 => "cursed".to_string(),
        v => format!("curse {v}"),
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

fn registers(out: &mut String, objects: &[i8], monsters: &[i8], places: &[des::Point]) {
    let list = |v: &[i8]| v.iter().map(|&c| class(c)).collect::<Vec<_>>().join(" ");
    if !objects.is_empty() {
        let _ = writeln!(out, "    random objects: {}", list(objects));
    }
    if !monsters.is_empty() {
        let _ = writeln!(out, "    random monsters: {}", list(monsters));
    }
    if !places.is_empty() {
        let p: Vec<String> = places.iter().map(at).collect();
        let _ = writeln!(out, "    random places: {}", p.join(" "));
    }
}

/// The things placed on a map or in a room, one line each, with the
/// symbol each has on the drawn map.
struct Placed {
    lines: Vec<String>,
    marks: Vec<(des::Point, char)>,
}

impl Placed {
    fn add(&mut self, p: &des::Point, mark: char, text: String) {
        self.lines.push(format!("{mark} {} {text}", at(p)));
        if p.x >= 0 && p.y >= 0 {
            self.marks.push((*p, mark));
        }
    }
}

/// What maze parts and rooms both hold.
pub(crate) struct Contents<'a> {
    pub monsters: &'a [des::Monster],
    pub objects: &'a [des::Object],
    pub traps: &'a [des::Trap],
    pub stairs: &'a [des::Stair],
    pub altars: &'a [des::Altar],
    pub gold: &'a [des::Gold],
    pub engravings: &'a [des::Engraving],
}

impl<'a> Contents<'a> {
    pub(crate) fn of_part(p: &'a des::MazePart) -> Self {
        Contents {
            monsters: &p.monsters,
            objects: &p.objects,
            traps: &p.traps,
            stairs: &p.stairs,
            altars: &p.altars,
            gold: &p.gold,
            engravings: &p.engravings,
        }
    }

    pub(crate) fn of_room(r: &'a des::Room) -> Self {
        Contents {
            monsters: &r.monsters,
            objects: &r.objects,
            traps: &r.traps,
            stairs: &r.stairs,
            altars: &r.altars,
            gold: &r.gold,
            engravings: &r.engravings,
        }
    }
}

fn place_contents(placed: &mut Placed, game: &Game, c: Contents<'_>) {
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
        let name = if m.id >= 0 {
            game.monster_name(m.id).unwrap_or("?")
        } else {
            "random"
        };
        let mark = if m.class > 0 {
            m.class as u8 as char
        } else {
            'M'
        };
        let mut text = format!(
            "monster {name} (class {}) chance {}%",
            class(m.class),
            m.chance
        );
        if !m.name.is_empty() {
            let _ = write!(text, " named {:?}", m.name);
        }
        if !m.appear_as.is_empty() {
            let _ = write!(text, " appearing as {:?}", m.appear_as);
        }
        if m.align != des::Alignment::Unspecified {
            let _ = write!(text, " align {:?}", m.align);
        }
        if m.peaceful >= 0 {
            let _ = write!(text, ", {}", tristate(m.peaceful, "peaceful", "hostile"));
        }
        if m.asleep >= 0 {
            let _ = write!(text, ", {}", tristate(m.asleep, "asleep", "awake"));
        }
        placed.add(&m.pos, mark, text);
    }
    for o in objects {
        let name = if o.id >= 0 {
            game.object_name(o.id).unwrap_or("?")
        } else {
            "random"
        };
        let mark = if o.class > 0 {
            o.class as u8 as char
        } else {
            'O'
        };
        let mut text = format!(
            "object {name} (class {}) chance {}%, {}, spe {}",
            class(o.class),
            o.chance,
            curse(o.curse_state),
            spe(o.spe)
        );
        if !o.name.is_empty() {
            let _ = write!(text, " named {:?}", o.name);
        }
        if o.corpsenm >= 0 {
            let c = game.monster_name(o.corpsenm as i16).unwrap_or("?");
            let _ = write!(text, " of {c}");
        }
        match o.containment {
            0 => placed.add(&o.pos, mark, text),
            1 => placed
                .lines
                .push(format!("{mark}   inside the container above: {text}")),
            c => {
                if c == 2 {
                    text.push_str(", a container");
                } else {
                    let _ = write!(text, ", containment {c}");
                }
                placed.add(&o.pos, mark, text);
            }
        }
    }
    for t in traps {
        let name = if t.kind < 0 {
            "random"
        } else {
            levbuild::tables::trap_name(t.kind).unwrap_or("?")
        };
        placed.add(&t.pos, '^', format!("trap {name} chance {}%", t.chance));
    }
    for st in stairs {
        let (mark, dir) = if st.up { ('<', "up") } else { ('>', "down") };
        placed.add(&st.pos, mark, format!("stair {dir}"));
    }
    for a in altars {
        let kind = ["altar", "shrine", "sanctum"]
            .get(a.shrine as usize)
            .copied()
            .unwrap_or("random");
        placed.add(&a.pos, '_', format!("{kind}, alignment {:?}", a.align));
    }
    for g in gold {
        placed.add(&g.pos, '$', format!("gold {}", g.amount));
    }
    for e in engravings {
        let kind = engraving_kind(e.kind);
        placed.add(&e.pos, '~', format!("engraving ({kind}) {:?}", e.text));
    }
}

fn maze_part_text(out: &mut String, part: &des::MazePart, game: &Game) {
    let mut placed = Placed {
        lines: Vec::new(),
        marks: Vec::new(),
    };
    place_contents(&mut placed, game, Contents::of_part(part));
    for l in &part.ladders {
        placed.add(
            &l.pos,
            '#',
            format!("ladder {}", if l.up { "up" } else { "down" }),
        );
    }
    for f in &part.fountains {
        placed.add(f, '{', "fountain".to_string());
    }
    for d in &part.doors {
        placed.add(&d.pos, '+', format!("door {:?}", d.state));
    }
    for d in &part.drawbridges {
        let state = if d.open { "open" } else { "closed" };
        placed.add(&d.pos, '#', format!("drawbridge {:?} {state}", d.dir));
    }
    for w in &part.mazewalks {
        placed.add(&w.pos, '*', format!("mazewalk {:?}", w.dir));
    }
    draw_marked(out, &part.map, &placed.marks);
    if !placed.lines.is_empty() {
        let _ = writeln!(out, "    legend (positions relative to the map):");
        for l in &placed.lines {
            let _ = writeln!(out, "      {l}");
        }
    }
    registers(
        out,
        &part.random_objects,
        &part.random_monsters,
        &part.random_places,
    );
    for r in &part.regions {
        let _ = writeln!(
            out,
            "    region {}: {:?}{}{}, {}",
            area(&r.area),
            r.rtype,
            if r.unfilled { ", unfilled" } else { "" },
            if r.irregular { ", irregular" } else { "" },
            tristate(r.lit.code(), "lit", "unlit")
        );
    }
    for r in &part.level_regions {
        let scope = |level: bool| if level { "level" } else { "map" };
        let _ = writeln!(
            out,
            "    level region {} in {} {} except {} {}{}",
            level_region_kind(r.kind),
            scope(r.area_in_level),
            area(&r.area),
            scope(r.exclude_in_level),
            area(&r.exclude),
            if r.destination.is_empty() {
                String::new()
            } else {
                format!(" to {:?}", r.destination)
            }
        );
    }
    for a in &part.non_diggable {
        let _ = writeln!(out, "    non-diggable {}", area(a));
    }
    for a in &part.non_passwall {
        let _ = writeln!(out, "    non-passwall {}", area(a));
    }
}

/// A corridor between two room walls, random corridors, or a corridor
/// to the nearest room (the numbered form).
fn corridor_text(c: &des::Corridor) -> String {
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
    let from = format!(
        "room {} {:?} wall door {}",
        c.src_room,
        c.src_wall,
        door(c.src_door)
    );
    if c.dest_room == -1 {
        return format!("corridor from {from}, kind {}", c.dest_wall.code());
    }
    format!(
        "corridor from {from} to room {} {:?} wall door {}",
        c.dest_room,
        c.dest_wall,
        door(c.dest_door)
    )
}

/// An engraving's kind as the `.des` writes it.
pub(crate) fn engraving_kind(kind: i8) -> String {
    match kind {
        1 => "dust".to_string(),
        2 => "engrave".to_string(),
        3 => "burn".to_string(),
        4 => "mark".to_string(),
        -1 => "random".to_string(),
        k => format!("kind {k}"),
    }
}

/// A level region's purpose (sp_lev.c's `LR_*`).
pub(crate) fn level_region_kind(kind: i8) -> String {
    let names = [
        "down stair",
        "up stair",
        "portal",
        "branch",
        "teleport",
        "up teleport",
        "down teleport",
    ];
    usize::try_from(kind)
        .ok()
        .and_then(|k| names.get(k))
        .map_or_else(|| format!("kind {kind}"), |n| (*n).to_string())
}

fn area(a: &des::Area) -> String {
    format!("({},{})-({},{})", a.x1, a.y1, a.x2, a.y2)
}

fn room_text(out: &mut String, i: usize, room: &des::Room, game: &Game) {
    let pos = |x: i8, y: i8| {
        if x < 0 {
            "random".to_string()
        } else {
            format!("({x},{y})")
        }
    };
    let _ = writeln!(
        out,
        "  room {i}{}{}: {:?} chance {}%, {}, {}, at {} align {} size {}",
        if room.name.is_empty() {
            String::new()
        } else {
            format!(" {:?}", room.name)
        },
        if room.parent.is_empty() {
            String::new()
        } else {
            format!(" in {:?}", room.parent)
        },
        room.rtype,
        room.chance,
        tristate(room.lit.code(), "lit", "unlit"),
        tristate(room.filled.code(), "filled", "unfilled"),
        pos(room.x, room.y),
        pos(room.xalign, room.yalign),
        pos(room.w, room.h),
    );
    let mut placed = Placed {
        lines: Vec::new(),
        marks: Vec::new(),
    };
    place_contents(&mut placed, game, Contents::of_room(room));
    for f in &room.fountains {
        placed.add(f, '{', "fountain".to_string());
    }
    for s in &room.sinks {
        placed.add(s, '#', "sink".to_string());
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
            "+ door on the {:?} wall at {pos}: {:?}, {}",
            d.wall,
            d.state,
            tristate(d.secret, "secret", "not secret")
        ));
    }
    for l in &placed.lines {
        let _ = writeln!(out, "      {l}");
    }
}
