//! `levbuild build`, `levbuild check` and `levbuild gallery`: whole
//! source trees through [`levbuild::Build`]; `check FILE...` through
//! `check_files`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::{Arg, ArgAction, ArgMatches};
use levbuild::diag::Severity;
use levbuild::{Build, ErrorKind, Warning};

use crate::args::{self, GameChoice};
use crate::output::print_stdout;
use crate::{diag_github, diag_json};

/// The options `build`, `check` and `gallery` share.
fn shared_options() -> Vec<Arg> {
    let [game_tree, game, dialect] = args::game_options(
        "build for the game whose source tree is ROOT\n\
         (its tables, makedefs features and version\n\
         header); without DIR, ROOT/dat is the level set",
        "build for the game an identity file describes\n\
         (written by levbuild game): the same bytes as\n\
         with its tree, with no tree and no C compiler",
        "the level language of the built-in game, for\n\
         sets without --game-tree or --game (default\n\
         3.4.3)",
    );
    let [define, undefine] = args::defines(
        "define the makedefs feature NAME for dungeon.def\n(its %NAME lines are kept)",
        "undefine the makedefs feature NAME (its %NAME\nlines are dropped)",
    );
    vec![
        args::jobs(),
        Arg::new("w").short('w').action(ArgAction::SetTrue).help(
            "also report lev_comp's -w warnings\n\
             (rock-in-room and non-rock-edge; for 3.6,\n\
             maze-filler-invalid-terrain and\n\
             room-flags-from-alignment)",
        ),
        args::allow(),
        args::flag(
            "deny-warnings",
            "fail on any warning not silenced by --allow",
        ),
        args::format(
            &["rich", "short", "json", "github"],
            "rich (the default): errors with their source\n\
             lines and warnings one line each, on standard\n\
             error; short: one line each, on standard error;\n\
             json: one JSON object a line, on standard output;\n\
             github: GitHub Actions annotations (::error\n\
             file=…,line=…::…), on standard output",
        ),
        args::target(args::TARGET_HELP),
        game_tree,
        game,
        dialect,
        args::option(
            "dungeon-file",
            "GLOB",
            "also read the files matching GLOB as dungeon\n\
             descriptions (every *.def always is; repeatable)",
        )
        .action(ArgAction::Append),
        args::option(
            "include",
            "GLOB",
            "compile only the files whose path under DIR\n\
             matches GLOB (*, ?, **, [2-8], [!a-z], {a,b};\n\
             repeatable)",
        )
        .action(ArgAction::Append),
        args::option(
            "exclude",
            "GLOB",
            "skip the files whose path under DIR matches GLOB\n(repeatable)",
        )
        .action(ArgAction::Append),
        define,
        undefine,
        args::flag(
            "watch",
            "after the run, watch the source directories (or\n\
             the game tree) and run again whenever a source\n\
             changes, until interrupted (Ctrl-C)",
        ),
    ]
}

/// What `build` writes and how: its own options, which `check` and
/// `gallery` accept and ignore.
fn output_options() -> Vec<Arg> {
    vec![
        args::flag(
            "no-cache",
            "compile every file, and neither read nor write\nthe cache",
        ),
        args::option(
            "cache-dir",
            "DIR",
            "keep the cache in DIR (default:\n\
             OUT/.levbuild-cache); builds may share one",
        )
        .value_parser(clap::value_parser!(PathBuf))
        .value_hint(clap::ValueHint::DirPath),
        args::flag(
            "no-rust-index",
            "write no levels.rs (nor the levels.game files it\nembeds)",
        ),
        args::flag(
            "no-c-index",
            "write no levels.h and levels.c; with\n\
             --no-rust-index, OUT gets the blobs alone (and\n\
             levbuild's hidden manifest and cache)",
        ),
        args::flag(
            "rust-decoder",
            "give levels.rs functions that decode its blobs\n\
             at run time (layout, game, decode,\n\
             decode_dungeon)",
        ),
        args::option(
            "c-prefix",
            "PREFIX",
            "start every symbol of levels.h and levels.c with\n\
             PREFIX (default: levbuild_)",
        ),
    ]
}

/// The command line of `build`, `check` or `gallery`.
pub fn command(which: Command) -> clap::Command {
    let dirs = Arg::new("dirs")
        .value_name("DIR")
        .action(ArgAction::Append)
        .value_parser(clap::value_parser!(PathBuf))
        .value_hint(clap::ValueHint::DirPath);
    match which {
        Command::Build => args::subcommand(
            "build",
            "levbuild build [OPTIONS] [DIR...]",
            "compile each DIR (a level set; default: the\n\
             current directory) into OUT (-o, --out-dir OUT;\n\
             default target/levels) with the index files\n\
             levels.rs, levels.h and levels.c, through the\n\
             cache",
            "Compiles every .des file and dungeon.def under each DIR (one level set\n\
             each; the current directory when none is given) into OUT, and writes the\n\
             index files levels.rs, levels.h and levels.c there. A file whose result is\n\
             in the cache is not compiled again, and an output whose bytes did not\n\
             change is not written again. A level set's blobs go straight into OUT; with\n\
             several sets, each set's go under its path below their common directory.",
        )
        .arg(dirs.help("a level set (default: the current directory)"))
        .arg(args::out_dir(
            "OUT",
            "write into OUT (default: target/levels), which\nis created if missing",
        ))
        .args(output_options())
        .args(shared_options()),
        Command::Check => args::subcommand(
            "check",
            "levbuild check [OPTIONS] [DIR... | FILE...]",
            "compile as build does and report every error\n\
             and warning; write nothing. A FILE is a .des\n\
             file or a dungeon description (.def, .pdf)",
            "Compiles as build does and reports every error and warning of every file,\n\
             but writes nothing: no blob, no index, no cache. Each DIR is a level set\n\
             (the current directory when none is given), whose dungeon.def is checked\n\
             against its .des files. A FILE is checked on its own: a .des file, or a\n\
             dungeon description (.def or .pdf). The exit status is 1 when a file has\n\
             an error (or a warning, with --deny-warnings).",
        )
        .arg(
            dirs.value_name("DIR|FILE")
                .value_hint(clap::ValueHint::AnyPath)
                .help("a level set, or a .des, .def or .pdf file"),
        )
        .args(shared_options())
        .next_help_heading("build's options for what it writes (accepted; they change nothing)")
        .arg(args::out_dir("OUT", "build's output directory"))
        .args(output_options()),
        Command::Gallery => args::subcommand(
            "gallery",
            "levbuild gallery [OPTIONS] DIR... -o SITE",
            "draw every level of each DIR (a level set) and\n\
             its dungeon into one page, SITE/index.html",
            "Compiles as check does (writing no blob) and draws every level of every\n\
             DIR (a level set) as its game draws a map into SITE/index.html: one\n\
             self-contained page (no network, no external file; it opens from file://)\n\
             with every level grouped by its .des file, a search by level name, and\n\
             each dungeon.def drawn as a branch diagram. The pictures are drawn from\n\
             the compiled levels themselves, as levbuild render draws one file.",
        )
        .arg(dirs.help("a level set (default: the current directory)"))
        .arg(args::out_dir(
            "SITE",
            "write SITE/index.html (default: target/gallery)",
        ))
        .args(shared_options())
        .next_help_heading("build's options for what it writes (accepted; they change nothing)")
        .args(output_options()),
    }
}

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
pub fn run(m: &ArgMatches, which: Command) -> Result<ExitCode> {
    let command = match which {
        Command::Check => "check",
        Command::Build => "build",
        Command::Gallery => "gallery",
    };
    let check_only = which != Command::Build;
    let mut build = Build::new();
    let mut files = FileOptions {
        game: GameChoice::of(m),
        extra_warnings: m.get_flag("w"),
        allowed: args::allowed(m),
        deny_warnings: m.get_flag("deny-warnings"),
        overrides: args::overrides(m),
        ..FileOptions::default()
    };
    let style = match m.get_one::<String>("format").map(String::as_str) {
        Some("short") => Style::Short,
        Some("json") => Style::Json,
        Some("github") => Style::Github,
        _ => Style::Rich,
    };
    let out = m.get_one::<PathBuf>("out-dir").cloned().unwrap_or_else(|| {
        PathBuf::from(match which {
            Command::Gallery => "target/gallery",
            _ => "target/levels",
        })
    });
    let mut paths: Vec<PathBuf> = m
        .get_many::<PathBuf>("dirs")
        .map_or_else(Vec::new, |dirs| dirs.cloned().collect());
    let watch = m.get_flag("watch");
    if let Some(&jobs) = m.get_one::<usize>("jobs") {
        build.jobs(jobs);
    }
    if m.get_flag("no-cache") {
        build.cache(false);
    }
    if let Some(dir) = m.get_one::<PathBuf>("cache-dir") {
        build.cache_dir(dir);
    }
    if m.get_flag("no-rust-index") {
        build.rust_index(false);
    }
    if m.get_flag("no-c-index") {
        build.c_index(false);
    }
    if m.get_flag("rust-decoder") {
        build.rust_decoder(true);
    }
    if let Some(prefix) = m.get_one::<String>("c-prefix") {
        build.c_prefix(prefix);
    }
    build.extra_warnings(files.extra_warnings);
    for name in &files.allowed {
        build.allow(name);
    }
    build.warnings_into_errors(files.deny_warnings);
    if let Some(triple) = m.get_one::<String>("target") {
        // A layout name has no triple; a triple also sets the game tree
        // probe's target.
        match args::named_layout(triple) {
            Some(layout) => build.target(layout),
            None => build.target(triple.as_str()),
        };
        files.game.target(triple);
        files.target = Some(triple.clone());
    }
    for pattern in m.get_many::<String>("dungeon-file").into_iter().flatten() {
        build.dungeon_file(pattern);
    }
    for pattern in m.get_many::<String>("include").into_iter().flatten() {
        build.only(pattern);
    }
    for pattern in m.get_many::<String>("exclude").into_iter().flatten() {
        build.exclude(pattern);
    }
    for (name, on) in &files.overrides {
        match on {
            true => build.define(name),
            false => build.undefine(name),
        };
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
