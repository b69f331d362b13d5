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
    "levbuild dump [--json] [--target TRIPLE] [--game-tree ROOT] FILE.lev|dungeon";

pub fn run(args: &[OsString]) -> Result<ExitCode> {
    let mut json = false;
    let mut layout = levbuild::Layout::host();
    let mut game_tree: Option<PathBuf> = None;
    let mut target: Option<String> = None;
    let mut file: Option<PathBuf> = None;
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
            Arg::Flag(f) => return unknown(f, USAGE),
            Arg::Positional(p) if file.is_none() => file = Some(PathBuf::from(p)),
            Arg::Positional(p) => bail!("unexpected argument {p:?}\nusage: {USAGE}"),
        }
    }
    let file = file.ok_or_else(|| anyhow!("no file given\nusage: {USAGE}"))?;
    let game = match game_tree {
        None => Game::nethack_343(),
        Some(root) => {
            let mut options = TreeOptions::new();
            options.target = target.filter(|t| !Layout::ALL.iter().any(|l| l.name() == t));
            Arc::new(Game::from_tree(&root, &options)?)
        }
    };
    let bytes = std::fs::read(&file).with_context(|| format!("cannot read {}", file.display()))?;
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
    let _ = writeln!(out, "  flags {:#x}", level.flags);
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
