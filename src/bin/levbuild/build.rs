//! `levbuild build`, `levbuild check` and `levbuild gallery`: whole
//! source trees through [`levbuild::Build`]; `check FILE...` through
//! `check_files`.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Result};
use levbuild::diag::Severity;
use levbuild::{Build, ErrorKind, Warning};

use crate::args::{allowed, is_jobs_flag, jobs_value, unknown, Arg, Args, GameChoice};
use crate::output::print_stdout;
use crate::{diag_github, diag_json};

/// The options `build` and `check` share, for both helps.
macro_rules! shared_options {
    () => {
        "  -j, --jobs N               compile with N threads (default: one per core;
                             -jN also works)
  -w                         also report lev_comp's -w warnings
                             (rock-in-room and non-rock-edge; for 3.6,
                             maze-filler-invalid-terrain and
                             room-flags-from-alignment)
  --allow NAME               silence the warnings named NAME (repeat it for
                             more names; levbuild help warnings lists them)
  --deny-warnings            fail on any warning not silenced by --allow
  --format FORMAT            rich (the default): errors with their source
                             lines and warnings one line each, on standard
                             error; short: one line each, on standard error;
                             json: one JSON object a line, on standard output;
                             github: GitHub Actions annotations (::error
                             file=…,line=…::…), on standard output
  --target TRIPLE            the C data layout of the game: a Rust target
                             triple such as i686-unknown-linux-gnu, or lp64,
                             ilp32, llp64 with an optional -be (default: this
                             machine's)
  --game-tree ROOT           build for the game whose source tree is ROOT
                             (its tables, makedefs features and version
                             header); without DIR, ROOT/dat is the level set
  --game FILE                build for the game an identity file describes
                             (written by levbuild game): the same bytes as
                             with its tree, with no tree and no C compiler
  --dialect 3.4.3|3.6        the level language of the built-in game, for
                             sets without --game-tree or --game (default
                             3.4.3)
  --dungeon-file GLOB        also read the files matching GLOB as dungeon
                             descriptions (every *.def always is)
  --include GLOB             compile only the files whose path under DIR
                             matches GLOB (*, ?, **, [2-8], [!a-z], {a,b};
                             repeatable)
  --exclude GLOB             skip the files whose path under DIR matches GLOB
                             (repeatable)
  -D, --define NAME          define the makedefs feature NAME for dungeon.def
                             (its %NAME lines are kept)
  -U, --undefine NAME        undefine the makedefs feature NAME (its %NAME
                             lines are dropped)
  --watch                    after the run, watch the source directories (or
                             the game tree) and run again whenever a source
                             changes, until interrupted (Ctrl-C)
  -h, --help                 print this help
  -V, --version              print levbuild's version"
    };
}

/// `levbuild build --help`.
pub const BUILD_HELP: &str = concat!(
    "\
usage: levbuild build [OPTIONS] [DIR...]

Compiles every .des file and dungeon.def under each DIR (one level set
each; the current directory when none is given) into OUT, and writes the
index files levels.rs, levels.h and levels.c there. A file whose result is
in the cache is not compiled again, and an output whose bytes did not
change is not written again. A level set's blobs go straight into OUT; with
several sets, each set's go under its path below their common directory.

Options:
  -o, --out-dir OUT          write into OUT (default: target/levels), which
                             is created if missing
  --no-cache                 compile every file, and neither read nor write
                             the cache
  --cache-dir DIR            keep the cache in DIR (default:
                             OUT/.levbuild-cache); builds may share one
  --no-rust-index            write no levels.rs (nor the levels.game files it
                             embeds)
  --no-c-index               write no levels.h and levels.c; with
                             --no-rust-index, OUT gets the blobs alone (and
                             levbuild's hidden manifest and cache)
  --rust-decoder             give levels.rs functions that decode its blobs
                             at run time (layout, game, decode,
                             decode_dungeon)
  --c-prefix PREFIX          start every symbol of levels.h and levels.c with
                             PREFIX (default: levbuild_)
",
    shared_options!()
);

/// `levbuild check --help`.
pub const CHECK_HELP: &str = concat!(
    "\
usage: levbuild check [OPTIONS] [DIR... | FILE...]

Compiles as build does and reports every error and warning of every file,
but writes nothing: no blob, no index, no cache. Each DIR is a level set
(the current directory when none is given), whose dungeon.def is checked
against its .des files. A FILE is checked on its own: a .des file, or a
dungeon description (.def or .pdf). The exit status is 1 when a file has
an error (or a warning, with --deny-warnings).

Options:
  -o, --out-dir OUT, --no-cache, --cache-dir DIR, --no-rust-index,
  --no-c-index, --rust-decoder, --c-prefix PREFIX
                             build's options for what it writes: accepted,
                             and change nothing (check writes nothing)
",
    shared_options!()
);

/// `levbuild gallery --help`.
pub const GALLERY_HELP: &str = concat!(
    "\
usage: levbuild gallery [OPTIONS] DIR... -o SITE

Compiles as check does (writing no blob) and draws every level of every
DIR (a level set) as its game draws a map into SITE/index.html: one
self-contained page (no network, no external file; it opens from file://)
with every level grouped by its .des file, a search by level name, and
each dungeon.def drawn as a branch diagram. The pictures are drawn from
the compiled levels themselves, as levbuild render draws one file.

Options:
  -o, --out-dir SITE         write SITE/index.html (default: target/gallery)
",
    shared_options!()
);

/// Which of the tree commands runs.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// `build`: blobs and indexes.
    Build,
    /// `check`: diagnostics only.
    Check,
    /// `gallery`: diagnostics and the gallery page.
    Gallery,
}

/// How `build` and `check` print their diagnostics.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Source snippets for errors, one line per warning.
    Rich,
    /// One `file:line:col: severity: message` line each.
    Short,
    /// One JSON object each (see `diag_json`), on standard output.
    Json,
    /// One GitHub Actions workflow command each (see `diag_github`), on
    /// standard output; summaries on standard error.
    Github,
}

/// What a failed build prints: its errors in `style`, the headline saying
/// which command failed (`levbuild: check failed: …`).
fn error_text(e: &levbuild::Error, style: Style, command: &str) -> String {
    // The library's words in the command line's: the command that failed,
    // the option that denies warnings.
    let in_cli_words = |text: &str| {
        text.replacen("level build failed", &format!("{command} failed"), 1)
            .replacen(
                "which warnings_into_errors makes errors",
                "which --deny-warnings makes errors",
                1,
            )
    };
    let headline = |full: &str| in_cli_words(full.lines().next().unwrap_or_default());
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
        (ErrorKind::WarningsDenied(warnings), Style::Json) => warnings_json(warnings),
        (
            ErrorKind::Failed {
                diagnostics,
                duplicates,
                clashes,
            },
            Style::Github,
        ) => {
            let mut lines: Vec<String> = diagnostics.iter().flat_map(diag_github::lines).collect();
            lines.extend(duplicates.iter().map(|d| {
                diag_github::unlocated(
                    Some(&d.second.to_string_lossy()),
                    Severity::Error,
                    &d.to_string(),
                )
            }));
            lines.extend(
                (clashes.iter())
                    .map(|c| diag_github::unlocated(None, Severity::Error, &c.to_string())),
            );
            lines.join("\n")
        }
        (ErrorKind::WarningsDenied(warnings), Style::Github) => (warnings.iter())
            .map(|w| diag_github::warning(w, Severity::Error))
            .collect::<Vec<_>>()
            .join("\n"),
        (ErrorKind::Io { path, source }, Style::Github) => diag_github::unlocated(
            Some(&path.to_string_lossy()),
            Severity::Error,
            &source.to_string(),
        ),
        (_, Style::Github) => {
            diag_github::unlocated(None, Severity::Error, &headline(&e.to_string()))
        }
        // A file or directory that cannot be read is the error's file.
        (ErrorKind::Io { path, source }, Style::Json) => diag_json::unlocated(
            Some(&path.to_string_lossy()),
            Severity::Error,
            &source.to_string(),
        ),
        (_, Style::Json) => diag_json::unlocated(None, Severity::Error, &headline(&e.to_string())),
        (
            ErrorKind::Failed {
                diagnostics,
                duplicates,
                clashes,
            },
            Style::Short,
        ) => {
            let mut text = format!("levbuild: {}\n", headline(&e.to_string()));
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
            format!("levbuild: {}", in_cli_words(&e.to_string()))
        }
    }
}

/// Denied warnings as JSON errors, one a line.
pub fn warnings_json(warnings: &[Warning]) -> String {
    warnings
        .iter()
        .map(|w| diag_json::warning(w, Severity::Error))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Prints the notes and warnings of a successful build in `style`: JSON
/// on standard output, the rest on standard error.
pub fn print_warnings(notes: &[String], warnings: &[Warning], style: Style) -> Result<()> {
    if style == Style::Json {
        let mut text = String::new();
        for note in notes {
            text.push_str(&diag_json::note(note));
            text.push('\n');
        }
        for w in warnings {
            text.push_str(&diag_json::warning(w, Severity::Warning));
            text.push('\n');
        }
        return print_stdout(&text);
    }
    if style == Style::Github {
        let mut text = String::new();
        for note in notes {
            text.push_str(&diag_github::note(note));
            text.push('\n');
        }
        for w in warnings {
            text.push_str(&diag_github::warning(w, Severity::Warning));
            text.push('\n');
        }
        return print_stdout(&text);
    }
    for note in notes {
        eprintln!("{note}");
    }
    for w in warnings {
        eprintln!("{w}");
    }
    Ok(())
}

/// Refuses a directory that is a game's source tree given as a plain
/// source directory: its levels would silently be built for NetHack 3.4.3
/// rather than for the game the tree is.
fn refuse_tree_roots(dirs: &[PathBuf]) -> Result<()> {
    for dir in dirs {
        if dir.join("include/patchlevel.h").is_file() && dir.join("dat").exists() {
            bail!(
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

/// What `check FILE...` needs of the options (a build takes them all).
#[derive(Default)]
pub struct FileOptions {
    /// `--game-tree`, `--game`, `--dialect`.
    pub game: GameChoice,
    /// The value of `--target`.
    pub target: Option<String>,
    /// `-w`.
    pub extra_warnings: bool,
    /// The names of `--allow`.
    pub allowed: Vec<&'static str>,
    /// `--deny-warnings`.
    pub deny_warnings: bool,
    /// `--define` (true) and `--undefine` (false), in order.
    pub overrides: Vec<(String, bool)>,
}

/// Runs `build` (writes blobs and index), `check` (diagnostics only,
/// writes nothing) or `gallery` (diagnostics and the gallery).
pub fn run(args: &[OsString], which: Command) -> Result<ExitCode> {
    let (command, help) = match which {
        Command::Check => ("check", CHECK_HELP),
        Command::Build => ("build", BUILD_HELP),
        Command::Gallery => ("gallery", GALLERY_HELP),
    };
    let check_only = which != Command::Build;
    let mut build = Build::new();
    let mut files = FileOptions::default();
    let mut style = Style::Rich;
    let mut out = PathBuf::from(match which {
        Command::Gallery => "target/gallery",
        _ => "target/levels",
    });
    let mut paths = Vec::new();
    let mut watch = false;
    let mut scan = Args::new(args);
    while let Some(arg) = scan.next_arg() {
        match arg {
            Arg::Flag("-o" | "--out-dir") => out = PathBuf::from(scan.value("-o")?),
            Arg::Flag("--watch") => watch = true,
            Arg::Flag(f) if is_jobs_flag(f) => {
                build.jobs(jobs_value(f, &mut scan)?);
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
                files.extra_warnings = true;
            }
            Arg::Flag("--allow") => {
                let name = allowed(&mut scan)?;
                build.allow(name);
                files.allowed.push(name);
            }
            Arg::Flag("--format") => {
                style = match scan.text("--format")? {
                    "rich" => Style::Rich,
                    "short" => Style::Short,
                    "json" => Style::Json,
                    "github" => Style::Github,
                    other => bail!("--format takes rich, short, json or github, not {other:?}"),
                };
            }
            Arg::Flag("--deny-warnings") => {
                build.warnings_into_errors(true);
                files.deny_warnings = true;
            }
            Arg::Flag("--target") => {
                let triple = scan.text("--target")?;
                match triple.parse::<levbuild::Layout>() {
                    // A layout name has no triple; a triple also sets the
                    // game tree probe's target.
                    Ok(layout) if levbuild::Layout::ALL.iter().any(|l| l.name() == triple) => {
                        build.target(layout);
                    }
                    _ => {
                        build.target(triple);
                    }
                }
                files.game.target(triple);
                files.target = Some(triple.to_string());
            }
            Arg::Flag(f) if files.game.accept(f, &mut scan)? => {}
            Arg::Flag("--dungeon-file") => {
                build.dungeon_file(scan.text("--dungeon-file")?);
            }
            Arg::Flag("--include") => {
                build.only(scan.text("--include")?);
            }
            Arg::Flag("--exclude") => {
                build.exclude(scan.text("--exclude")?);
            }
            Arg::Flag("--define" | "-D") => {
                let name = scan.text("--define")?;
                build.define(name);
                files.overrides.push((name.to_string(), true));
            }
            Arg::Flag("--undefine" | "-U") => {
                let name = scan.text("--undefine")?;
                build.undefine(name);
                files.overrides.push((name.to_string(), false));
            }
            Arg::Flag(f) => return unknown(f, help),
            Arg::Positional(p) => paths.push(PathBuf::from(p)),
        }
    }
    // Files rather than directories: `check` compiles each on its own.
    let given_files: Vec<&PathBuf> = paths.iter().filter(|p| p.is_file()).collect();
    if let Some(file) = given_files.first() {
        if which != Command::Check {
            bail!(
                "{} is a file: {command} takes source directories (levbuild check {0} checks \
                 the file, levbuild render {0} draws a .des file, levbuild lev-comp or \
                 dgn-comp compiles it)",
                file.display()
            );
        }
        if given_files.len() < paths.len() {
            bail!("check takes source directories or files, not both");
        }
        if watch {
            bail!("--watch watches source directories, not files");
        }
        return crate::check_files::run(&paths, &files, style);
    }
    if let Some(dialect) = files.game.dialect() {
        build.game(levbuild::Game::builtin(dialect));
    }
    match (files.game.tree(), files.game.file()) {
        (Some(_), Some(_)) => bail!("give --game-tree or --game, not both"),
        // The tree's dat/ unless directories are given.
        (Some(root), None) => {
            build.game(levbuild::GameSource::tree(root));
        }
        (None, file) => {
            if paths.is_empty() {
                paths.push(PathBuf::from("."));
            }
            match file {
                Some(file) => {
                    build.game(levbuild::GameSource::identity_file(file));
                }
                None => refuse_tree_roots(&paths)?,
            }
        }
    }
    for d in &paths {
        build.source_dir(d);
    }
    build
        .out_dir(&out)
        .check_only(check_only)
        .cargo_directives(false);
    if which == Command::Gallery {
        build.gallery(&out);
    }
    if !watch {
        return run_once(&build, which, style, &out, command);
    }
    let watched = match files.game.tree() {
        Some(root) if paths.is_empty() => vec![root.to_path_buf()],
        _ => paths.clone(),
    };
    let watcher = crate::watch::Watch::new(&watched, &out)?;
    loop {
        run_once(&build, which, style, &out, command)?;
        let shown: Vec<String> = watched.iter().map(|d| d.display().to_string()).collect();
        eprintln!(
            "levbuild: watching {} for changes (Ctrl-C stops)",
            shown.join(", ")
        );
        let changed = watcher.next_change()?;
        let first = changed
            .first()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        match changed.len() {
            1 => eprintln!("levbuild: {first} changed"),
            n => eprintln!("levbuild: {first} and {} more changed", n - 1),
        }
    }
}

/// One run of the tree command `which` with `build`, its report printed;
/// the exit status it calls for.
fn run_once(
    build: &Build,
    which: Command,
    style: Style,
    out: &std::path::Path,
    command: &str,
) -> Result<ExitCode> {
    let check_only = which != Command::Build;
    match build.try_compile() {
        Ok(report) => {
            if check_only || matches!(style, Style::Json | Style::Github) {
                print_warnings(&report.notes, &report.warnings, style)?;
            }
            match (check_only, style) {
                (_, Style::Json) => {}
                (true, _) if which == Command::Gallery => eprintln!(
                    "levbuild gallery: {} level(s) of {} file(s) drawn into {}; {} warning(s)",
                    report.levels,
                    report.sources,
                    report.gallery.as_deref().unwrap_or(out).display(),
                    report.warnings.len()
                ),
                (false, Style::Github) => eprintln!("{}", report.summary()),
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
            let command = if check_only { command } else { "level build" };
            let text = error_text(&e, style, command);
            if style == Style::Json {
                print_stdout(&format!("{text}\n"))?;
            } else if style == Style::Github {
                print_stdout(&format!("{text}\n"))?;
                let headline = e.to_string();
                let headline = headline.lines().next().unwrap_or_default();
                eprintln!("levbuild: {}", headline.replacen("level build", command, 1));
            } else {
                eprintln!("{text}");
            }
            Ok(ExitCode::FAILURE)
        }
    }
}
