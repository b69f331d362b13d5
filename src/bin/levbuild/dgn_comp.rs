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
use levbuild::dungeon::{self, Features};

use crate::args::{unknown, Arg, Args};
use crate::output::{
    print_diagnostics, print_file_message, print_stdout, read_source, report_open_failure,
    write_atomic, Format,
};

pub const USAGE: &str =
    "levbuild dgn-comp [--dialect 3.4.3|3.6] [-o OUTDIR] [--deny-warnings] [--target TRIPLE] [--define NAME]... [--undefine NAME]... [--preprocess-only] [--format rich|short|legacy|json] [FILE]";

pub fn run(args: &[OsString]) -> Result<ExitCode> {
    let mut features = Features::default();
    let mut out_dir = PathBuf::from(".");
    let mut format = Format::Rich;
    let mut preprocess_only = false;
    let mut deny_warnings = false;
    let mut layout = levbuild::Layout::host();
    let mut dialect = levbuild::des::Dialect::default();
    let mut file: Option<OsString> = None;
    let mut scan = Args::new(args);
    while let Some(arg) = scan.next_arg() {
        match arg {
            Arg::Flag("-o" | "--out-dir") => out_dir = PathBuf::from(scan.value("-o")?),
            Arg::Flag("--define" | "-D") => features = features.define(scan.text("--define")?),
            Arg::Flag("--undefine" | "-U") => {
                features = features.undefine(scan.text("--undefine")?)
            }
            Arg::Flag("--preprocess-only" | "-E") => preprocess_only = true,
            Arg::Flag("--deny-warnings") => deny_warnings = true,
            Arg::Flag("--target") => layout = scan.layout("--target")?,
            Arg::Flag("--dialect") => dialect = scan.dialect("--dialect")?,
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
    let path = file.unwrap_or_else(|| OsString::from("-"));
    let (name, source) = match read_source(&path) {
        Ok(x) => x,
        Err(e) => {
            report_open_failure(&path, &e);
            return Ok(ExitCode::FAILURE);
        }
    };
    if preprocess_only {
        return Ok(match dungeon::preprocess(&source, &name, &features) {
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
    match dungeon::compile(
        &source,
        &name,
        &dungeon::Options {
            layout,
            // The built-in game of the dialect (its header), with the
            // features asked for.
            game: std::sync::Arc::new(levbuild::Game::builtin(dialect).with_features(features)),
        },
    ) {
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
