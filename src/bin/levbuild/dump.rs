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
use levbuild::{Game, Layout, TreeOptions};
use std::sync::Arc;

use crate::args::{unknown, Arg, Args};
use crate::output::print_stdout;

pub const USAGE: &str =
    "levbuild dump [--json] [--target TRIPLE] [--game-tree ROOT] [--dialect 3.4.3|3.6] FILE.lev|dungeon";

pub fn run(args: &[OsString]) -> Result<ExitCode> {
    let mut json = false;
    let mut layout = levbuild::Layout::host();
    let mut game_tree: Option<PathBuf> = None;
    let mut target: Option<String> = None;
    let mut file: Option<PathBuf> = None;
    let mut dialect: Option<des::Dialect> = None;
    let mut scan = Args::new(args);
    while let Some(arg) = scan.next_arg() {
        match arg {
            Arg::Flag("--json") => json = true,
            Arg::Flag("--target") => {
                let triple = scan.text("--target")?;
                layout = triple.parse().map_err(|e| anyhow!("--target: {e}"))?;
                target = Some(triple.to_string());
            }
            Arg::Flag("--game-tree") => game_tree = Some(PathBuf::from(scan.value("--game-tree")?)),
            Arg::Flag("--dialect") => dialect = Some(scan.dialect("--dialect")?),
            Arg::Flag(f) => return unknown(f, USAGE),
            Arg::Positional(p) if file.is_none() => file = Some(PathBuf::from(p)),
            Arg::Positional(p) => bail!("unexpected argument {p:?}\nusage: {USAGE}"),
        }
    }
    let file = file.ok_or_else(|| anyhow!("no file given\nusage: {USAGE}"))?;
    let bytes = std::fs::read(&file).with_context(|| format!("cannot read {}", file.display()))?;
    // Without --dialect, the version in the header says which format it is.
    let dialect = dialect.unwrap_or_else(|| header_dialect(&bytes, layout));
    let game = match game_tree {
        None => Game::builtin(dialect),
        Some(root) => {
            let mut options = TreeOptions::new();
            options.target = target.filter(|t| !Layout::ALL.iter().any(|l| l.name() == t));
            Arc::new(Game::from_tree(&root, &options)?)
        }
    };
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
            serde_json::to_string_pretty(&level)? + "\n"
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
fn map_char(t: i8) -> char {
    const CHARS: &[(i8, char)] = &[
        (0, ' '),
        (1, '|'),
        (2, '-'),
        (7, 'B'),
        (13, 'T'),
        (14, 'S'),
        (15, 'H'),
        (16, 'P'),
        (17, '}'),
        (18, 'W'),
        (20, 'L'),
        (21, 'F'),
        (22, '+'),
        (23, '#'),
        (24, '.'),
        (27, '{'),
        (28, '\\'),
        (29, 'K'),
        (32, 'I'),
        (34, 'A'),
        (35, 'C'),
    ];
    CHARS
        .iter()
        .find(|&&(v, _)| v == t)
        .map_or('?', |&(_, c)| c)
}

fn draw(out: &mut String, map: &TerrainMap) {
    for row in map.cells.chunks(usize::from(map.width.max(1))) {
        let line: String = row.iter().map(|&t| map_char(t)).collect();
        let _ = writeln!(out, "    |{}|", line);
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
                maze.filling,
                maze.parts.len()
            );
            for (i, part) in maze.parts.iter().enumerate() {
                let _ = writeln!(
                    out,
                    "  part {i}: align ({}, {}), map {}x{}",
                    part.halign, part.valign, part.map.width, part.map.height
                );
                draw(&mut out, &part.map);
                let mut rest = part.clone();
                rest.map = TerrainMap::default();
                let _ = writeln!(out, "{}", indent(&format!("{rest:#?}")));
            }
        }
        LevelBody::Rooms(rooms) => {
            let _ = writeln!(
                out,
                "  room level, {} room(s), {} corridor(s)",
                rooms.rooms.len(),
                rooms.corridors.len()
            );
            let _ = writeln!(out, "{}", indent(&format!("{rooms:#?}")));
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

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
