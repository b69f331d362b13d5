//! `levbuild`: the command-line face of the crate (feature `cli`).
//!
//! ```text
//! levbuild build [OPTIONS] [DIR...]
//! levbuild check [OPTIONS] [DIR... | FILE...]
//! levbuild lev-comp [OPTIONS] [FILE.des ...]
//! levbuild dgn-comp [OPTIONS] [FILE]
//! levbuild dump [OPTIONS] FILE
//! levbuild render [OPTIONS] FILE
//! levbuild gallery [OPTIONS] DIR...
//! levbuild game [OPTIONS]
//! levbuild help [COMMAND | warnings]
//! ```
//!
//! Each subcommand's module has its `HELP`, which `COMMAND --help` and
//! `help COMMAND` print, and its `run`.

use std::ffi::OsString;
use std::process::ExitCode;

mod args;
mod build;
mod check_files;
mod dgn_comp;
mod diag_github;
mod diag_json;
mod dump;
mod dump_json;
mod game;
mod lev_comp;
mod output;
mod pending;
mod render;
mod watch;

const HELP: &str = "\
usage: levbuild COMMAND [OPTIONS] [ARGS]

Compiles NetHack special levels (.des) and dungeon.def into the game's
binary files, byte for byte as lev_comp and makedefs -e + dgn_comp write
them.

Commands:
  build [DIR...]             compile each DIR (a level set; default: the
                             current directory) into OUT (-o, --out-dir OUT;
                             default target/levels) with the index files
                             levels.rs, levels.h and levels.c, through the
                             cache
  check [DIR... | FILE...]   compile as build does and report every error
                             and warning; write nothing. A FILE is a .des
                             file or a dungeon description (.def, .pdf)
  lev-comp [FILE.des...]     compile like lev_comp: one NAME.lev per level
                             into OUTDIR (-o, --out-dir OUTDIR; standard
                             input without FILE)
  dgn-comp [FILE]            compile dungeon.def like makedefs -e + dgn_comp
                             into OUTDIR/dungeon (-o, --out-dir OUTDIR)
  dump FILE                  print a .lev or dungeon file as text (--json: as
                             JSON)
  render FILE                draw every level of a .des or .lev file as the
                             game draws a map (--format text, ansi, svg or
                             html)
  gallery DIR... -o SITE     draw every level of each DIR (a level set) and
                             its dungeon into one page, SITE/index.html
  game                       write a game's identity file (its tables,
                             features and headers), which --game FILE reads
  help [COMMAND | warnings]  this help, COMMAND's help (the same as
                             levbuild COMMAND --help), or the warning names

Options most commands take (levbuild COMMAND --help explains them all):
  --game-tree ROOT           the game whose source tree is ROOT: its tables,
                             features and version header
  --game FILE                the game an identity file describes (written by
                             levbuild game)
  --dialect 3.4.3|3.6        the level language of the built-in game (default
                             3.4.3)
  --target TRIPLE            the C data layout of the game: a Rust target
                             triple such as i686-unknown-linux-gnu, or lp64,
                             ilp32, llp64 with an optional -be (default: this
                             machine's)
  --format FORMAT            how build, check, lev-comp and dgn-comp print
                             diagnostics: rich (the default), short or json;
                             lev-comp and dgn-comp also legacy
  --allow NAME               silence the warnings named NAME (build, check,
                             lev-comp, dgn-comp; levbuild help warnings lists
                             the names)
  --deny-warnings            make the remaining warnings errors (build, check,
                             lev-comp, dgn-comp)
  -h, --help                 print help
  -V, --version              print levbuild's version";

/// The help of `command`, if it is one.
fn help_of(command: &str) -> Option<&'static str> {
    Some(match command {
        "build" => build::BUILD_HELP,
        "check" => build::CHECK_HELP,
        "lev-comp" => lev_comp::HELP,
        "dgn-comp" => dgn_comp::HELP,
        "dump" => dump::HELP,
        "game" => game::HELP,
        "render" => render::HELP,
        "gallery" => build::GALLERY_HELP,
        _ => return None,
    })
}

/// Every warning name with its description, for `levbuild help warnings`.
fn warnings_help() -> String {
    let mut text = String::from(
        "Warnings, by the name --allow NAME and Build::allow take (those marked -w are only \
         reported with -w):\n",
    );
    for (name, description) in levbuild::diag::WARNINGS {
        text.push_str(&format!("  {name:<32} {description}\n"));
    }
    text
}

fn main() -> ExitCode {
    let mut args: Vec<OsString> = std::env::args_os().skip(1).collect();
    if args.is_empty() {
        eprintln!("{HELP}");
        return ExitCode::from(2);
    }
    let command = args.remove(0);
    let options = || args.iter().take_while(|a| *a != "--");
    // `--version` and `--help` anywhere before `--`, after any command.
    if command == "--version" || command == "-V" || options().any(|a| a == "--version" || a == "-V")
    {
        let version = format!("levbuild {}\n", env!("CARGO_PKG_VERSION"));
        return exit_after(output::print_stdout(&version));
    }
    let command = command.to_string_lossy().into_owned();
    let wants_help = options().any(|a| a == "--help" || a == "-h");
    if let (true, Some(help)) = (wants_help, help_of(&command)) {
        return exit_after(output::print_stdout(&format!("{help}\n")));
    }
    let result = match command.as_str() {
        "lev-comp" => lev_comp::run(&args),
        "build" => build::run(&args, build::Command::Build),
        "check" => build::run(&args, build::Command::Check),
        "gallery" => build::run(&args, build::Command::Gallery),
        "dgn-comp" => dgn_comp::run(&args),
        "dump" => dump::run(&args),
        "game" => game::run(&args),
        "render" => render::run(&args),
        "help" | "-h" | "--help" => help(&args),
        _ => {
            eprintln!("levbuild: unknown command {command:?}\n\n{HELP}");
            return ExitCode::from(2);
        }
    };
    result.unwrap_or_else(|e| {
        eprintln!("levbuild: {e:#}");
        ExitCode::from(2)
    })
}

/// `levbuild help [COMMAND | warnings]`.
fn help(args: &[OsString]) -> anyhow::Result<ExitCode> {
    let text = match args.first().map(|a| a.to_string_lossy()) {
        // `levbuild help --help`, `levbuild help -h`: the general help.
        None => format!("{HELP}\n"),
        Some(topic) if topic == "--help" || topic == "-h" || topic == "help" => {
            format!("{HELP}\n")
        }
        Some(topic) if topic == "warnings" => warnings_help(),
        Some(topic) => match help_of(&topic) {
            Some(help) => format!("{help}\n"),
            None => anyhow::bail!(
                "no help on {topic:?}: the commands are build, check, lev-comp, dgn-comp, dump, \
                 render, gallery and game; levbuild help warnings lists the warnings"
            ),
        },
    };
    output::print_stdout(&text)?;
    Ok(ExitCode::SUCCESS)
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
