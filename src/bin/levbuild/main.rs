//! `levbuild`: the command-line face of the crate (feature `cli`).
//!
//! ```text
//! levbuild build [DIR...] [-o OUT] [-j N] [--no-cache]
//! levbuild check [DIR... | FILE...]
//! levbuild lev-comp [-w] [-o OUTDIR] [--format rich|short|legacy|json] [FILE.des ...]
//! levbuild dgn-comp [-o OUTDIR] [--define NAME]... [--undefine NAME]... [FILE]
//! levbuild dump [--json] FILE
//! ```

use std::ffi::OsString;
use std::process::ExitCode;

mod args;
mod build;
mod check_files;
mod dgn_comp;
mod diag_json;
mod dump;
mod dump_json;
mod game;
mod lev_comp;
mod output;

const USAGE: &str = "\
usage: levbuild <command> [options]

commands:
  build [DIR...] [-o OUT] [-j N] [--no-cache | --cache-dir DIR] [-w] [--allow NAME]... [--deny-warnings]
        [--no-rust-index] [--no-c-index] [--rust-decoder] [--c-prefix PREFIX]
        [--game-tree ROOT | --game FILE] [--dialect 3.4.3|3.6] [--dungeon-file GLOB]
        [--include GLOB] [--exclude GLOB] [--define NAME] [--undefine NAME]
                 compile every .des and dungeon.def under each DIR (one level
                 set each) into OUT (default target/levels), with the cache,
                 and write levels.rs, levels.h and levels.c there
  check [DIR... | FILE...]
                 same options; report diagnostics only, write nothing; a FILE
                 (.des, .def) is checked on its own
                 (--format short: one line per diagnostic; --format json: one
                 JSON object per diagnostic on standard output, for editors
                 and CI)
  lev-comp [-w] [--allow NAME]... [--deny-warnings] [-o OUTDIR] [--format rich|short|legacy|json]
        [--game-tree ROOT | --game FILE | --dialect 3.4.3|3.6] [FILE.des ...]
                 compile special levels like NetHack 3.4.3's lev_comp
                 (standard input when no file is given)
  dgn-comp [-o OUTDIR] [--allow NAME]... [--deny-warnings] [--define NAME]... [--undefine NAME]... [-E]
        [--game-tree ROOT | --game FILE | --dialect 3.4.3|3.6] [FILE]
                 compile dungeon.def (or dungeon.pdf) into OUTDIR/dungeon
                 like makedefs -e + dgn_comp; -E prints the preprocessed text
  dump [--json] [--game-tree ROOT | --game FILE | --dialect 3.4.3|3.6] FILE
                 print a decoded .lev or dungeon file
  game (--game-tree ROOT [--target TRIPLE]... | --builtin NAME | --game FILE) [-o FILE]
                 write a game's identity file: its tables, features and
                 headers, so that --game FILE builds the same bytes as
                 --game-tree ROOT with no tree and no C compiler
  help, --version
                 this text, the version; COMMAND --help shows its usage

Every command takes --target TRIPLE (a Rust target triple such as
i686-unknown-linux-gnu, or lp64, ilp32, llp64 with an optional -be): the
C data layout of the game the files are for (default: this machine's).";

fn main() -> ExitCode {
    let mut args: Vec<OsString> = std::env::args_os().skip(1).collect();
    if args.is_empty() {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    let command = args.remove(0);
    // `--help` anywhere before `--` shows the command's usage.
    let wants_help = args
        .iter()
        .take_while(|a| *a != "--")
        .any(|a| a == "--help" || a == "-h");
    let usage = match command.to_str() {
        Some("lev-comp") => Some(lev_comp::HELP),
        Some("build") => Some(build::BUILD_HELP),
        Some("check") => Some(build::CHECK_HELP),
        Some("dgn-comp") => Some(dgn_comp::HELP),
        Some("dump") => Some(dump::HELP),
        Some("game") => Some(game::HELP),
        _ => None,
    };
    if let (true, Some(usage)) = (wants_help, usage) {
        return exit_after(output::print_stdout(&format!("{usage}\n\n{USAGE}\n")));
    }
    let result = match command.to_str() {
        Some("lev-comp") => lev_comp::run(&args),
        Some("build") => build::run(&args, false),
        Some("check") => build::run(&args, true),
        Some("dgn-comp") => dgn_comp::run(&args),
        Some("dump") => dump::run(&args),
        Some("game") => game::run(&args),
        Some("help" | "-h" | "--help") => {
            output::print_stdout(&format!("{USAGE}\n")).map(|()| ExitCode::SUCCESS)
        }
        Some("--version" | "-V" | "version") => {
            output::print_stdout(&format!("levbuild {}\n", env!("CARGO_PKG_VERSION")))
                .map(|()| ExitCode::SUCCESS)
        }
        _ => {
            eprintln!("levbuild: unknown command {command:?}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    result.unwrap_or_else(|e| {
        eprintln!("levbuild: {e:#}");
        ExitCode::from(2)
    })
}

/// The exit status after printing: success, or 2 with the error.
fn exit_after(printed: anyhow::Result<()>) -> ExitCode {
    match printed {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("levbuild: {e:#}");
            ExitCode::from(2)
        }
    }
}
