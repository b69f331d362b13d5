//! `levbuild build` and `levbuild check`: whole source trees through
//! [`levbuild::Build`].

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use levbuild::diag::Severity;
use levbuild::{Build, ErrorKind};

use crate::args::{unknown, Arg, Args};
use crate::diag_json;

pub const USAGE: &str = "levbuild build|check [DIR...] [-o OUT] [-j N] [--no-cache | --cache-dir DIR] [--no-rust-index] [--no-c-index] [--rust-decoder] [--c-prefix PREFIX] [-w] [--deny-warnings] [--format rich|short|json] [--target TRIPLE] [--game-tree ROOT | --game FILE] [--dialect 3.4.3|3.6] [--dungeon-file GLOB] [--include GLOB] [--exclude GLOB] [--define NAME] [--undefine NAME]";

/// How `build` and `check` print their diagnostics.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    /// Source snippets for errors, one line per warning.
    Rich,
    /// One `file:line:col: severity: message` line each.
    Short,
    /// One JSON object each (see `diag_json`).
    Json,
}

/// What a failed build prints: its errors in `style`, the headline saying
/// which command failed.
fn error_text(e: &levbuild::Error, style: Style, command: &str) -> String {
    let headline = |full: &str| {
        full.lines().next().unwrap_or_default().replacen(
            "level build failed",
            &format!("{command} failed"),
            1,
        )
    };
    match (e.kind(), style) {
        (
            ErrorKind::Failed {
                diagnostics,
                duplicates,
                clashes,
            },
            Style::Json,
        ) => {
            let mut lines: Vec<String> = diagnostics.iter().flat_map(diag_json::lines).collect();
            lines.extend(duplicates.iter().map(|d| {
                diag_json::unlocated(
                    Some(&d.second.to_string_lossy()),
                    Severity::Error,
                    &d.to_string(),
                )
            }));
            lines.extend(
                clashes
                    .iter()
                    .map(|c| diag_json::unlocated(None, Severity::Error, &c.to_string())),
            );
            lines.join("\n")
        }
        (ErrorKind::WarningsDenied(warnings), Style::Json) => warnings
            .iter()
            .map(|w| diag_json::warning(w, Severity::Error))
            .collect::<Vec<_>>()
            .join("\n"),
        (_, Style::Json) => diag_json::unlocated(None, Severity::Error, &headline(&e.to_string())),
        (
            ErrorKind::Failed {
                diagnostics,
                duplicates,
                clashes,
            },
            Style::Short,
        ) => {
            let mut text = headline(&e.to_string());
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
        _ => {
            let full = e.to_string();
            full.replacen("level build failed", &format!("{command} failed"), 1)
        }
    }
}

/// Prints the notes and warnings of a successful build in `style`.
fn print_warnings(report: &levbuild::Report, style: Style) {
    for note in &report.notes {
        match style {
            Style::Json => eprintln!("{}", diag_json::note(note)),
            _ => eprintln!("{note}"),
        }
    }
    for w in &report.warnings {
        match style {
            Style::Json => eprintln!("{}", diag_json::warning(w, Severity::Warning)),
            _ => eprintln!("{w}"),
        }
    }
}

/// Refuses a directory that is a game's source tree given as a plain
/// source directory: its levels would silently be built for NetHack 3.4.3
/// rather than for the game the tree is.
fn refuse_tree_roots(dirs: &[PathBuf]) -> Result<()> {
    for dir in dirs {
        if dir.join("include/patchlevel.h").is_file() && dir.join("dat").exists() {
            anyhow::bail!(
                "{} is a game's source tree: build it with --game-tree {0} (its own tables and \
                 header), or with --game FILE (its identity file); to build its levels for the \
                 built-in game anyway, name {}",
                dir.display(),
                dir.join("dat").display()
            );
        }
    }
    Ok(())
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
    let mut game_file: Option<PathBuf> = None;
    let mut style = Style::Rich;
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
            Arg::Flag("--cache-dir") => {
                build.cache_dir(PathBuf::from(scan.value("--cache-dir")?));
            }
            Arg::Flag("--no-rust-index") => {
                build.rust_index(false);
            }
            Arg::Flag("--no-c-index") => {
                build.c_index(false);
            }
            Arg::Flag("--rust-decoder") => {
                build.rust_decoder(true);
            }
            Arg::Flag("--c-prefix") => {
                build.c_prefix(scan.text("--c-prefix")?);
            }
            Arg::Flag("-w") => {
                build.extra_warnings(true);
            }
            Arg::Flag("--format") => {
                style = match scan.text("--format")? {
                    "rich" => Style::Rich,
                    "short" => Style::Short,
                    "json" => Style::Json,
                    other => anyhow::bail!("--format takes rich, short or json, not {other:?}"),
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
            Arg::Flag("--game") => {
                game_file = Some(PathBuf::from(scan.value("--game")?));
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
    match (game_tree, game_file) {
        (Some(_), Some(_)) => anyhow::bail!("give --game-tree or --game, not both"),
        // The tree's dat/ unless directories are given.
        (Some(root), None) => {
            build.game_tree(root);
        }
        (None, file) => {
            if dirs.is_empty() {
                dirs.push(PathBuf::from("."));
            }
            match file {
                Some(file) => {
                    build.game_file(file);
                }
                None => refuse_tree_roots(&dirs)?,
            }
        }
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
            if check_only || style == Style::Json {
                print_warnings(&report, style);
            }
            match (check_only, style) {
                (_, Style::Json) => {}
                (true, _) => eprintln!(
                    "levbuild check: {} file(s), no errors, {} warning(s)",
                    report.sources,
                    report.warnings.len()
                ),
                (false, _) => eprint!("{report}"),
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            let command = if check_only { "check" } else { "level build" };
            eprintln!("{}", error_text(&e, style, command));
            Ok(ExitCode::FAILURE)
        }
    }
}
