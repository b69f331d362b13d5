//! `levbuild render`: every level of a `.des` or `.lev` file drawn as the
//! game draws a map (the library's `render`). A `.des` file is compiled
//! and its blobs drawn, as a build's gallery draws them.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::ArgMatches;
use levbuild::des;
use levbuild::render::{self, Format as RenderFormat};

use crate::args::{self, GameChoice};
use crate::output::{print_diagnostics, print_stdout, Format};

/// The command line of `render`.
pub fn command() -> clap::Command {
    args::subcommand(
        "render",
        "levbuild render [OPTIONS] FILE.des|FILE.lev",
        "draw every level of a .des or .lev file as the\n\
         game draws a map (--format text, ansi, svg or\n\
         html)",
        "Draws every level of a file as the game draws a map, in its default tty\n\
         symbols: terrain, doors by state, stairs, ladders, altars, fountains,\n\
         traps, monsters (their class letter in its colour) and objects (their\n\
         class symbol) where the level fixes their place, with a legend of\n\
         everything, what is random listed as random (with the places it may take\n\
         where the level names them). A .des file is compiled first (its errors\n\
         are reported and nothing is drawn); a .lev file is read as dump reads it.",
    )
    .arg(args::input_file("a .des or .lev file"))
    .arg(args::option(
        "level",
        "NAME",
        "draw only the level NAME of the file",
    ))
    .arg(
        args::option(
            "format",
            "FORMAT",
            "text (the default; plain, for a wiki), ansi\n\
             (the game's 16 tty colours), svg (one image)\n\
             or html (a page with a legend and hover text)",
        )
        .value_parser(args::checked(
            |v| {
                v.parse::<RenderFormat>()
                    .map_err(|e| format!("--format: {e}"))
            },
            RenderFormat::ALL.map(|f| clap::builder::PossibleValue::new(f.name())),
        ))
        .hide_possible_values(true),
    )
    .arg(args::target(
        "the C data layout of a .lev file (default:\nthis machine's)",
    ))
    .args(args::game_options(
        "draw for the game whose source tree is ROOT",
        "draw for the game an identity file describes",
        "the built-in game of that language (default\n\
         3.4.3, or what a .lev file's header names)",
    ))
}

pub fn run(m: &ArgMatches) -> Result<ExitCode> {
    let format = m
        .get_one::<RenderFormat>("format")
        .copied()
        .unwrap_or(RenderFormat::Text);
    let mut game = GameChoice::of(m);
    let layout = game.read_target(m)?;
    let file = m.get_one::<PathBuf>("file").cloned().unwrap_or_default();
    let only = m.get_one::<String>("level").cloned();
    let bytes = levbuild::read_source(
        std::fs::File::open(&file).with_context(|| format!("cannot read {}", file.display()))?,
    )
    .with_context(|| format!("cannot read {}", file.display()))?;
    let shown = file.display().to_string();
    let is_lev = file.extension().is_some_and(|e| e == "lev");
    let drawings = if is_lev {
        let name = file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let dialect = crate::dump::header_dialect(&bytes, layout);
        let game = game.load(dialect, layout)?;
        let drawing = render::blob(&bytes, &name, &shown, &game, layout).with_context(|| {
            format!(
                "{shown} is not a valid .lev file of {} {} for {layout} (for another game's file \
                 pass --game FILE or --game-tree ROOT; for another machine's, --target)",
                game.name(),
                game.version()
            )
        })?;
        vec![drawing]
    } else {
        let game = game.load(des::Dialect::NetHack343, layout)?;
        let options = des::Options::for_game(game.clone()).with_layout(layout);
        let source = levbuild::source_text(&bytes);
        let blobs = match des::compile_levels(&source, &shown, &options) {
            Ok(blobs) => blobs,
            Err(diagnostics) => {
                print_diagnostics(&diagnostics, Format::Rich)?;
                return Ok(ExitCode::FAILURE);
            }
        };
        let file_name = file
            .file_name()
            .map_or_else(|| shown.clone(), |n| n.to_string_lossy().into_owned());
        blobs
            .levels
            .iter()
            .map(|level| render::blob(&level.bytes, &level.name, &file_name, &game, layout))
            .collect::<Result<Vec<_>, _>>()
            .with_context(|| format!("{shown}: a level levbuild compiled does not read back"))?
    };
    let drawings = match only {
        None => drawings,
        Some(name) => {
            let names: Vec<String> = drawings.iter().map(|d| d.name.clone()).collect();
            let one: Vec<_> = drawings.into_iter().filter(|d| d.name == name).collect();
            if one.is_empty() {
                bail!(
                    "{shown} has no level {name:?} (its levels: {})",
                    names.join(", ")
                );
            }
            one
        }
    };
    print_stdout(&format.write(&drawings))?;
    Ok(ExitCode::SUCCESS)
}
