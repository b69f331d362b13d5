//! `levbuild dgn-comp`: `makedefs -e` and `dgn_comp` in one step.
//!
//! Writes `OUTDIR/dungeon` (atomically) from a `dungeon.def` or an already
//! preprocessed `dungeon.pdf`; standard input when FILE is `-` or absent.
//! Unlike dgn_comp, nothing is written when there is an error, and OUTDIR
//! is created if missing.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use levbuild::diag::{Diagnostics, LegacyTool};
use levbuild::dungeon;

use crate::args::{allowed, unknown, usage_hint, Arg, Args, GameChoice};
use crate::output::{
    print_diagnostics, print_file_message, print_stdout, read_source, report_open_failure,
    write_atomic, Format,
};

/// `levbuild dgn-comp --help`.
pub const HELP: &str = "usage: levbuild dgn-comp [--dialect 3.4.3|3.6] [--game-tree ROOT | --game FILE] [-o OUTDIR] [--allow NAME]... [--deny-warnings] [--target TRIPLE] [--define NAME]... [--undefine NAME]... [--preprocess-only] [--format rich|short|legacy|json] [FILE]";

pub fn run(args: &[OsString]) -> Result<ExitCode> {
    let mut overrides: Vec<(String, bool)> = Vec::new();
    let mut game = GameChoice::default();
    let mut out_dir = PathBuf::from(".");
    let mut format = Format::Rich;
    let mut preprocess_only = false;
    let mut deny_warnings = false;
    let mut silenced: Vec<&'static str> = Vec::new();
    let mut layout = levbuild::Layout::host();
    let mut file: Option<OsString> = None;
    let mut scan = Args::new(args);
    while let Some(arg) = scan.next_arg() {
        match arg {
            Arg::Flag("-o" | "--out-dir") => out_dir = PathBuf::from(scan.value("-o")?),
            Arg::Flag("--define" | "-D") => overrides.push((scan.text("--define")?.into(), true)),
            Arg::Flag("--undefine" | "-U") => {
                overrides.push((scan.text("--undefine")?.into(), false))
            }
            Arg::Flag("--preprocess-only" | "-E") => preprocess_only = true,
            Arg::Flag("--deny-warnings") => deny_warnings = true,
            Arg::Flag("--allow") => silenced.push(allowed(&mut scan)?),
            Arg::Flag("--target") => {
                layout = scan.layout("--target")?;
                game.target(scan.last());
            }
            Arg::Flag(f) if game.accept(f, &mut scan)? => {}
            Arg::Flag("--format") => {
                format = Format::parse(scan.text("--format")?, LegacyTool::DgnComp)?
            }
            Arg::Flag(f) => return unknown(f, HELP),
            Arg::Positional(p) if file.is_none() => file = Some(p.to_owned()),
            Arg::Positional(p) => {
                bail!(
                    "unexpected argument {p:?}: dgn-comp takes one file\n{}",
                    usage_hint(HELP)
                )
            }
        }
    }
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
    match dungeon::compile(&source, &name, &dungeon::Options { layout, game }) {
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
