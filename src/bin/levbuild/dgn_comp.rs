//! `levbuild dgn-comp`: `makedefs -e` and `dgn_comp` in one step.
//!
//! Writes `OUTDIR/dungeon` (atomically) from a `dungeon.def` or an already
//! preprocessed `dungeon.pdf`; standard input when FILE is `-` or absent.
//! Unlike dgn_comp, nothing is written when there is an error, and OUTDIR
//! is created if missing.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Arg, ArgMatches};
use levbuild::diag::{Diagnostics, LegacyTool};
use levbuild::dungeon;

use crate::args::{self, GameChoice};
use crate::output::{
    print_diagnostics, print_file_message, print_stdout, read_source, report_open_failure,
    write_atomic, Format,
};

/// The command line of `dgn-comp`.
pub fn command() -> clap::Command {
    let [game_tree, game, dialect] = args::game_options(
        "compile for the game whose source tree is ROOT\n\
         (its makedefs features and version header)",
        "compile for the game an identity file describes\n(written by levbuild game)",
        "the built-in game to compile for (default 3.4.3)",
    );
    args::subcommand(
        "dgn-comp",
        "levbuild dgn-comp [OPTIONS] [FILE]",
        "compile dungeon.def like makedefs -e + dgn_comp\n\
         into OUTDIR/dungeon (-o, --out-dir OUTDIR)",
        "Compiles a dungeon description as makedefs -e and dgn_comp do in two\n\
         steps: FILE (dungeon.def, or an already preprocessed dungeon.pdf; standard\n\
         input when absent or -) into OUTDIR/dungeon, byte for byte as dgn_comp\n\
         writes it. Nothing is written when there is an error (exit status 1).",
    )
    .arg(
        Arg::new("file")
            .value_name("FILE")
            .value_parser(clap::value_parser!(OsString))
            .value_hint(clap::ValueHint::FilePath)
            .help("dungeon.def or dungeon.pdf (- or none: standard\ninput)"),
    )
    .arg(args::out_dir(
        "OUTDIR",
        "write OUTDIR/dungeon (default: the current\n\
         directory), creating OUTDIR if missing",
    ))
    .args(args::defines(
        "define the makedefs feature NAME (its %NAME\n\
         lines are kept), on top of the game's own",
        "undefine the makedefs feature NAME (its %NAME\nlines are dropped)",
    ))
    .arg(
        args::flag(
            "preprocess-only",
            "print the text makedefs -e would write\n\
         (dungeon.pdf) on standard output, and stop",
        )
        .short('E'),
    )
    .arg(args::allow())
    .arg(args::flag(
        "deny-warnings",
        "a warning not silenced by --allow fails the file,\nand nothing is written",
    ))
    .arg(args::format(
        &["rich", "short", "legacy", "json", "github"],
        "rich (the default): source lines with a caret;\n\
         short: one line each; legacy: dgn_comp's own\n\
         lines; all on standard error; json: one JSON\n\
         object a line, on standard output; github:\n\
         GitHub Actions annotations, on standard output",
    ))
    .arg(args::target(args::TARGET_HELP))
    .args([game_tree, game, dialect])
}

pub fn run(m: &ArgMatches) -> Result<ExitCode> {
    let overrides = args::overrides(m);
    let mut game = GameChoice::of(m);
    let out_dir = (m.get_one::<PathBuf>("out-dir").cloned()).unwrap_or_else(|| PathBuf::from("."));
    let format = Format::of(m, LegacyTool::DgnComp);
    let preprocess_only = m.get_flag("preprocess-only");
    let deny_warnings = m.get_flag("deny-warnings");
    let silenced = args::allowed(m);
    let layout = game.read_target(m)?;
    let file = m.get_one::<OsString>("file").cloned();
    // The game's own features, with those asked for on top.
    let game = game.load(levbuild::des::Dialect::NetHack343, layout)?;
    let features = overrides
        .iter()
        .fold(game.features().clone(), |f, (name, on)| match on {
            true => f.define(name),
            false => f.undefine(name),
        });
    let game = std::sync::Arc::new(game.with_features(features.clone()));
    let path = file.unwrap_or_else(|| OsString::from("-"));
    let (name, source) = match read_source(&path) {
        Ok(x) => x,
        Err(e) => {
            report_open_failure(format, &path, &e)?;
            return Ok(ExitCode::FAILURE);
        }
    };
    let silence = |mut d: Diagnostics| {
        d.retain(|d| d.code.is_none_or(|c| !silenced.contains(&c)));
        d
    };
    if preprocess_only {
        return Ok(match dungeon::preprocess(&source, &name, &game) {
            Ok(text) => {
                print_stdout(&text)?;
                ExitCode::SUCCESS
            }
            Err(d) => {
                print_diagnostics(&silence(d), format)?;
                ExitCode::FAILURE
            }
        });
    }
    match dungeon::compile(
        &source,
        &name,
        &dungeon::Options::for_game(game).with_layout(layout),
    ) {
        Ok(out) => {
            let warnings = silence(out.warnings);
            print_diagnostics(&warnings, format)?;
            if deny_warnings && !warnings.is_empty() {
                print_file_message(
                    format,
                    &name,
                    &format!("{name}: warnings denied (--deny-warnings); nothing written"),
                )?;
                return Ok(ExitCode::FAILURE);
            }
            // As build -o does (dgn_comp needs an existing directory).
            std::fs::create_dir_all(&out_dir)
                .with_context(|| format!("cannot create output directory {}", out_dir.display()))?;
            write_atomic(&out_dir, "dungeon", &out.bytes)?;
            Ok(ExitCode::SUCCESS)
        }
        Err(d) => {
            print_diagnostics(&silence(d), format)?;
            Ok(ExitCode::FAILURE)
        }
    }
}
