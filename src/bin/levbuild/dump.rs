//! `levbuild dump`: a decoded `.lev` file as text (maps drawn with their
//! `.des` characters) or JSON.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use levbuild::des::{self, Level, LevelBody, TerrainMap};

use crate::args::{unknown, Arg, Args};

const USAGE: &str = "levbuild dump [--json] FILE";

pub fn run(args: &[OsString]) -> Result<ExitCode> {
    let mut json = false;
    let mut file: Option<PathBuf> = None;
    let mut scan = Args::new(args);
    while let Some(arg) = scan.next_arg() {
        match arg {
            Arg::Flag("--json") => json = true,
            Arg::Flag(f) => return unknown(f, USAGE),
            Arg::Positional(p) if file.is_none() => file = Some(PathBuf::from(p)),
            Arg::Positional(p) => bail!("unexpected argument {p:?}\nusage: {USAGE}"),
        }
    }
    let file = file.ok_or_else(|| anyhow!("no file given\nusage: {USAGE}"))?;
    let bytes = std::fs::read(&file).with_context(|| format!("cannot read {}", file.display()))?;
    let name = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let level = des::decode(&bytes, &name)
        .with_context(|| format!("{} is not a valid .lev file", file.display()))?;
    let text = if json {
        serde_json::to_string_pretty(&level)? + "\n"
    } else {
        level_text(&level)
    };
    print!("{text}");
    Ok(ExitCode::SUCCESS)
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

fn level_text(level: &Level) -> String {
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
    out
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}
