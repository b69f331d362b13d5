//! `levbuild dump`: a decoded `.lev` or `dungeon` file as text (the
//! library's `Level::display`, `Program::display` and `Dungeon`'s
//! `Display`) or JSON. A file whose name starts with `dungeon` and does
//! not end in `.lev` is read as a dungeon file.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::ArgMatches;
use levbuild::des;
use levbuild::dungeon;
use levbuild::Layout;

use crate::args::{self, GameChoice};
use crate::output::print_stdout;

/// The command line of `dump`.
pub fn command() -> clap::Command {
    args::subcommand(
        "dump",
        "levbuild dump [OPTIONS] FILE",
        "print a .lev or dungeon file as text (--json: as\nJSON)",
        "Prints a compiled file as text: a .lev file in the words of the .des file\n\
         it came from, each map drawn with its monsters, objects and traps; a\n\
         dungeon file (one whose name starts with dungeon and does not end in .lev)\n\
         as its dungeons, levels and branches. A file's header says whether it is a\n\
         NetHack 3.4.3 or 3.6 file.",
    )
    .arg(args::input_file("a .lev file, or a dungeon file"))
    .arg(args::flag(
        "json",
        "print the same as JSON (keys in alphabetical\norder) instead of text",
    ))
    .arg(args::target(
        "the C data layout the file was written in: a\n\
         Rust target triple such as\n\
         i686-unknown-linux-gnu, or lp64, ilp32, llp64\n\
         with an optional -be (default: this machine's)",
    ))
    .args(args::game_options(
        "read the file as the game whose source tree is\n\
         ROOT writes it (its tables and header)",
        "read the file as the game an identity file\ndescribes writes it",
        "read the file as the built-in game of that\n\
         language (default: the one its header names)",
    ))
}

pub fn run(m: &ArgMatches) -> Result<ExitCode> {
    let json = m.get_flag("json");
    let mut game = GameChoice::of(m);
    let layout = game.read_target(m)?;
    let file = m.get_one::<PathBuf>("file").cloned().unwrap_or_default();
    let bytes = std::fs::read(&file).with_context(|| format!("cannot read {}", file.display()))?;
    if is_source(&file, &bytes) {
        bail!(
            "{} is a source file, not a compiled one: levbuild lev-comp (a .des file) or \
             levbuild dgn-comp (dungeon.def) compiles it, levbuild check {0} checks it",
            file.display()
        );
    }
    let chosen = game.tree().is_some() || game.file().is_some() || game.dialect().is_some();
    if !chosen {
        refuse_unknown_header(&file, &bytes, layout)?;
    }
    // Without --dialect, the version in the header says which format it is.
    let game = game.load(header_dialect(&bytes, layout), layout)?;
    let not_valid = |what: &str| {
        format!(
            "{} is not a valid {what} of {} {} for {layout} (for another game's file pass \
             --game FILE or --game-tree ROOT; for another machine's, --target)",
            file.display(),
            game.name(),
            game.version()
        )
    };
    let name = file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let is_dungeon = file.extension().is_none_or(|e| e != "lev") && name.starts_with("dungeon");
    let text = if is_dungeon {
        let d =
            dungeon::decode(&bytes, &game, layout).with_context(|| not_valid("dungeon file"))?;
        if json {
            serde_json::to_string_pretty(&crate::dump_json::json(&d)?)? + "\n"
        } else {
            d.display(&game).to_string()
        }
    } else if game.dialect() == des::Dialect::NetHack36 {
        let program = des::nh36::decode(&bytes, &name, &game, layout)
            .with_context(|| not_valid("3.6 .lev file"))?;
        if json {
            serde_json::to_string_pretty(&crate::dump_json::json(&program)?)? + "\n"
        } else {
            program.display(&game).to_string()
        }
    } else {
        let level =
            des::decode(&bytes, &name, &game, layout).with_context(|| not_valid(".lev file"))?;
        if json {
            serde_json::to_string_pretty(&crate::dump_json::level_json(&level, &game)?)? + "\n"
        } else {
            level.display(&game).to_string()
        }
    };
    print_stdout(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// True for a source file: a `.des` or `.def` file, or text (a compiled
/// file starts with a version word holding NUL bytes; a source has none,
/// nor other control characters than blanks).
fn is_source(file: &std::path::Path, bytes: &[u8]) -> bool {
    let by_name = file
        .extension()
        .is_some_and(|e| e == "des" || e == "def" || e == "pdf");
    let text = !bytes.is_empty()
        && bytes
            .iter()
            .all(|&b| b >= 0x20 || matches!(b, b'\t' | b'\n' | b'\r' | 0x0c));
    by_name || text
}

/// Without a game named, a file whose first word is neither built-in
/// game's version for `layout` is no compiled file levbuild can read as
/// it stands: says so, what the file looks like when it is a common kind
/// of file, and what to pass.
fn refuse_unknown_header(file: &std::path::Path, bytes: &[u8], layout: Layout) -> Result<()> {
    let word = first_word(bytes, layout);
    let known: Vec<(std::sync::Arc<levbuild::Game>, u64)> =
        [levbuild::Game::nethack_343(), levbuild::Game::nethack_367()]
            .into_iter()
            .filter_map(|g| {
                let v = g.version_info(layout).ok()?.first().copied()?;
                Some((g, v))
            })
            .collect();
    if known.iter().any(|(_, v)| Some(*v) == word) {
        return Ok(());
    }
    let versions: Vec<String> = (known.iter())
        .map(|(g, v)| format!("{} {}'s {v:#x}", g.name(), g.version()))
        .collect();
    let seen = match (file_kind(bytes), word) {
        (Some(kind), _) => format!("it is {kind}"),
        (None, Some(w)) => format!(
            "its first word, {w:#x}, is not {} for {layout}",
            versions.join(" or ")
        ),
        (None, None) => format!("it is {} byte(s) long, shorter than a header", bytes.len()),
    };
    bail!(
        "{} is not a compiled level or dungeon file of NetHack 3.4.3 or 3.6.7 ({seen}); dump \
         reads what lev_comp, dgn_comp or levbuild wrote: for a variant's file pass --game FILE \
         (its identity file) or --game-tree ROOT, for a file written on another machine \
         --target TRIPLE",
        file.display()
    )
}

/// What a file is by its first bytes, for a few kinds a mistaken path
/// often names.
fn file_kind(bytes: &[u8]) -> Option<&'static str> {
    const KINDS: [(&[u8], &str); 7] = [
        (b"\x7fELF", "an ELF executable or library"),
        (b"MZ", "a Windows executable"),
        (b"\xcf\xfa\xed\xfe", "a Mach-O executable"),
        (b"\x1f\x8b", "gzip-compressed data"),
        (b"PK\x03\x04", "a zip archive"),
        (b"\x89PNG", "a PNG image"),
        (b"%PDF", "a PDF document"),
    ];
    KINDS
        .iter()
        .find(|(magic, _)| bytes.starts_with(magic))
        .map(|(_, kind)| *kind)
}

/// The file's first `long` in `layout`, if it has one.
fn first_word(bytes: &[u8], layout: Layout) -> Option<u64> {
    let size = layout.long_size();
    let word = bytes.get(..size)?;
    let mut v: u64 = 0;
    for (i, &b) in word.iter().enumerate() {
        match layout.byte_order {
            levbuild::ByteOrder::Little => v |= u64::from(b) << (8 * i),
            levbuild::ByteOrder::Big => v = v << 8 | u64::from(b),
        }
    }
    Some(v)
}

/// The dialect whose version the file's first header word names (3.6 for
/// `0x0306….`, else 3.4.3).
pub fn header_dialect(bytes: &[u8], layout: Layout) -> des::Dialect {
    match first_word(bytes, layout) {
        Some(v) => des::Dialect::for_version((v >> 24) as u32 & 0xff, (v >> 16) as u32 & 0xff),
        None => des::Dialect::NetHack343,
    }
}
