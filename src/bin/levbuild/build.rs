//! `levbuild build` and `levbuild check`: whole source trees through
//! [`levbuild::Build`].

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use levbuild::Build;

use crate::args::{unknown, Arg, Args};

pub const USAGE: &str = "levbuild build|check [DIR...] [-o OUT] [-j N] [--no-cache] [-w] [--deny-warnings] [--format rich|short] [--target TRIPLE] [--game-tree ROOT] [--dialect 3.4.3|3.6] [--dungeon-file GLOB] [--include GLOB] [--exclude GLOB] [--define NAME] [--undefine NAME]";

/// `e` with one `file:line:col: severity: message` line per diagnostic,
/// the format warnings are printed in.
fn short_error(e: &levbuild::Error) -> String {
    let levbuild::ErrorKind::Failed {
        diagnostics,
        duplicates,
        clashes,
    } = e.kind()
    else {
        return e.to_string();
    };
    let full = e.to_string();
    let mut text = full.lines().next().unwrap_or_default().to_string();
    text.push('\n');
    for line in diagnostics.iter().flat_map(|d| d.short()) {
        text.push_str(&line);
        text.push('\n');
    }
    for d in duplicates {
        text.push_str(&format!("error: {d}\n"));
    }
    for c in clashes {
        text.push_str(&format!("error: {c}\n"));
    }
    text.trim_end().to_string()
}

/// The thread count of `-j N`.
fn jobs(text: &str) -> Result<usize> {
    text.parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| anyhow::anyhow!("-j takes a number of threads, not {text:?}"))
}

/// Runs `build` (writes blobs and index) or, with `check_only`, `check`
/// (diagnostics only, writes nothing).
pub fn run(args: &[OsString], check_only: bool) -> Result<ExitCode> {
    let mut build = Build::new();
    let mut game_tree: Option<PathBuf> = None;
    let mut short = false;
    let mut out = PathBuf::from("target/levels");
    let mut dirs = Vec::new();
    let mut scan = Args::new(args);
    while let Some(arg) = scan.next_arg() {
        match arg {
            Arg::Flag("-o" | "--out-dir") => out = PathBuf::from(scan.value("-o")?),
            Arg::Flag("-j" | "--jobs") => {
                build.jobs(jobs(scan.text("-j")?)?);
            }
            // `-j4`, as make and cargo take it.
            Arg::Flag(f) if f.starts_with("-j") && f.len() > 2 => {
                build.jobs(jobs(&f[2..])?);
            }
            Arg::Flag("--no-cache") => {
                build.cache(false);
            }
            Arg::Flag("-w") => {
                build.extra_warnings(true);
            }
            Arg::Flag("--format") => {
                short = match scan.text("--format")? {
                    "short" => true,
                    "rich" => false,
                    other => anyhow::bail!("--format takes rich or short, not {other:?}"),
                };
            }
            Arg::Flag("--deny-warnings") => {
                build.warnings_into_errors(true);
            }
            Arg::Flag("--target") => {
                let triple = scan.text("--target")?;
                match triple.parse::<levbuild::Layout>() {
                    // A layout name has no triple; a triple also sets the
                    // game tree probe's target.
                    Ok(layout) if levbuild::Layout::ALL.iter().any(|l| l.name() == triple) => {
                        build.layout(layout);
                    }
                    _ => {
                        build.target(triple);
                    }
                }
            }
            Arg::Flag("--game-tree") => {
                game_tree = Some(PathBuf::from(scan.value("--game-tree")?));
            }
            Arg::Flag("--dialect") => {
                build.dialect(scan.dialect("--dialect")?);
            }
            Arg::Flag("--dungeon-file") => {
                build.dungeon_file(scan.text("--dungeon-file")?);
            }
            Arg::Flag("--include") => {
                build.include(scan.text("--include")?);
            }
            Arg::Flag("--exclude") => {
                build.exclude(scan.text("--exclude")?);
            }
            Arg::Flag("--define" | "-D") => {
                build.define(scan.text("--define")?);
            }
            Arg::Flag("--undefine" | "-U") => {
                build.undefine(scan.text("--undefine")?);
            }
            Arg::Flag(f) => return unknown(f, USAGE),
            Arg::Positional(p) => dirs.push(PathBuf::from(p)),
        }
    }
    match game_tree {
        // The tree's dat/ unless directories are given.
        Some(root) => {
            build.game_tree(root);
        }
        None if dirs.is_empty() => dirs.push(PathBuf::from(".")),
        None => {}
    }
    for d in &dirs {
        build.source_dir(d);
    }
    build
        .out_dir(&out)
        .check_only(check_only)
        .cargo_directives(false);
    match build.try_compile() {
        Ok(report) => {
            if check_only {
                for w in report.notes.iter().chain(&report.warnings) {
                    eprintln!("{w}");
                }
                eprintln!(
                    "levbuild check: {} file(s), no errors, {} warning(s)",
                    report.sources,
                    report.warnings.len()
                );
            } else {
                eprint!("{report}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            let text = if short {
                short_error(&e)
            } else {
                e.to_string()
            };
            match check_only {
                true => eprintln!("{}", text.replacen("level build failed", "check failed", 1)),
                false => eprintln!("{text}"),
            }
            Ok(ExitCode::FAILURE)
        }
    }
}
