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
pub const HELP: &str = "\
usage: levbuild dgn-comp [OPTIONS] [FILE]

Compiles a dungeon description as makedefs -e and dgn_comp do in two
steps: FILE (dungeon.def, or an already preprocessed dungeon.pdf; standard
input when absent or -) into OUTDIR/dungeon, byte for byte as dgn_comp
writes it. Nothing is written when there is an error (exit status 1).

Options:
  -o, --out-dir OUTDIR       write OUTDIR/dungeon (default: the current
                             directory), creating OUTDIR if missing
  -D, --define NAME          define the makedefs feature NAME (its %NAME
                             lines are kept), on top of the game's own
  -U, --undefine NAME        undefine the makedefs feature NAME (its %NAME
                             lines are dropped)
  -E, --preprocess-only      print the text makedefs -e would write
                             (dungeon.pdf) on standard output, and stop
  --allow NAME               silence the warnings named NAME (repeat it for
                             more names; levbuild help warnings lists them)
  --deny-warnings            a warning not silenced by --allow fails the file,
                             and nothing is written
  --format FORMAT            rich (the default): source lines with a caret;
                             short: one line each; legacy: dgn_comp's own
                             lines; all on standard error; json: one JSON
                             object a line, on standard output; github:
                             GitHub Actions annotations, on standard output
  --target TRIPLE            the C data layout of the game: a Rust target
                             triple such as i686-unknown-linux-gnu, or lp64,
                             ilp32, llp64 with an optional -be (default: this
                             machine's)
  --game-tree ROOT           compile for the game whose source tree is ROOT
                             (its makedefs features and version header)
  --game FILE                compile for the game an identity file describes
                             (written by levbuild game)
  --dialect 3.4.3|3.6        the built-in game to compile for (default 3.4.3)
  -h, --help                 print this help
  -V, --version              print levbuild's version";

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
                layout = game.read_target(&mut scan)?;
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
