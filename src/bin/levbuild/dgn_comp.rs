//! `levbuild dgn-comp`: `makedefs -e` and `dgn_comp` in one step.
//!
//! Writes `OUTDIR/dungeon` (atomically) from a `dungeon.def` or an already
//! preprocessed `dungeon.pdf`; standard input when FILE is `-` or absent.
//! Unlike dgn_comp, nothing is written when there is an error.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Result};
use levbuild::diag::LegacyTool;
use levbuild::dungeon;

use crate::args::{unknown, Arg, Args, GameChoice};
use crate::output::{
    print_diagnostics, print_file_message, print_stdout, read_source, report_open_failure,
    write_atomic, Format,
};

pub const USAGE: &str =
    "levbuild dgn-comp [--dialect 3.4.3|3.6] [--game-tree ROOT | --game FILE] [-o OUTDIR] [--deny-warnings] [--target TRIPLE] [--define NAME]... [--undefine NAME]... [--preprocess-only] [--format rich|short|legacy|json] [FILE]";

pub fn run(args: &[OsString]) -> Result<ExitCode> {
    let mut overrides: Vec<(String, bool)> = Vec::new();
    let mut game = GameChoice::default();
    let mut out_dir = PathBuf::from(".");
    let mut format = Format::Rich;
    let mut preprocess_only = false;
    let mut deny_warnings = false;
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
            Arg::Flag("--target") => {
                layout = scan.layout("--target")?;
                game.target(scan.last());
            }
            Arg::Flag(f) if game.accept(f, &mut scan)? => {}
            Arg::Flag("--format") => {
                format = Format::parse(scan.text("--format")?, LegacyTool::DgnComp)?
            }
            Arg::Flag(f) => return unknown(f, USAGE),
            Arg::Positional(p) if file.is_none() => file = Some(p.to_owned()),
            Arg::Positional(p) => {
                bail!("unexpected argument {p:?}: dgn-comp takes one file\nusage: {USAGE}")
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
            report_open_failure(&path, &e);
            return Ok(ExitCode::FAILURE);
        }
    };
    if preprocess_only {
        return Ok(match dungeon::preprocess(&source, &name, &game) {
            Ok(text) => {
                print_stdout(&text)?;
                ExitCode::SUCCESS
            }
            Err(d) => {
                print_diagnostics(&d, format);
                ExitCode::FAILURE
            }
        });
    }
    match dungeon::compile(&source, &name, &dungeon::Options { layout, game }) {
        Ok(out) if deny_warnings && !out.warnings.is_empty() => {
            print_diagnostics(&out.warnings, format);
            print_file_message(
                format,
                &name,
                &format!("{name}: warnings denied (--deny-warnings); nothing written"),
            );
            Ok(ExitCode::FAILURE)
        }
        Ok(out) => {
            print_diagnostics(&out.warnings, format);
            // Like dgn_comp, write only into a directory that exists.
            if !out_dir.is_dir() {
                bail!("output directory {} does not exist", out_dir.display());
            }
            write_atomic(&out_dir, "dungeon", &out.bytes)?;
            Ok(ExitCode::SUCCESS)
        }
        Err(d) => {
            print_diagnostics(&d, format);
            Ok(ExitCode::FAILURE)
        }
    }
}
