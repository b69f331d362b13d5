//! `levbuild lev-comp`: `lev_comp`'s command line (NetHack 3.4.3's, or
//! 3.6's with `--dialect 3.6`).
//!
//! Like `lev_comp`, `-w` turns on the extra warnings for every file after
//! it, each file is compiled independently, standard input is read when no
//! file is given, and the exit status is 1 if any file had an error. Unlike
//! it, a file with an error writes none of its levels, files are written
//! atomically, level names cannot escape OUTDIR, OUTDIR is created if
//! missing, and the files are compiled in parallel (reported and written
//! in their order).

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Arg, ArgAction, ArgMatches};
use levbuild::des;
use levbuild::diag::{Diagnostics, LegacyTool};

use crate::args::{self, GameChoice};
use crate::output::{
    print_diagnostics, print_file_message, read_source, report_open_failure, write_atomic, Format,
};
use crate::pending::PendingLevels;

/// The command line of `lev-comp`.
pub fn command() -> clap::Command {
    let [game_tree, game, dialect] = args::game_options(
        "compile for the game whose source tree is ROOT\n\
         (its monster and object tables, its language and\n\
         version header)",
        "compile for the game an identity file describes\n(written by levbuild game)",
        "the language of the built-in game the files are\ncompiled for (default 3.4.3)",
    );
    args::subcommand(
        "lev-comp",
        "levbuild lev-comp [OPTIONS] [FILE.des ...]",
        "compile like lev_comp: one NAME.lev per level\n\
         into OUTDIR (-o, --out-dir OUTDIR; standard\n\
         input without FILE)",
        "Compiles special-level files as lev_comp does: each level of each file\n\
         into OUTDIR/NAME.lev, byte for byte as lev_comp writes it (and the\n\
         random vaults of the files, as EvilHack's lev_comp lists them, into\n\
         OUTDIR/vaults.dat). Standard input is read when no file is given (or\n\
         for -). Each file is compiled on its own (in parallel; reported and\n\
         written in the order given); a file with an error writes none of its\n\
         levels, and the exit status is then 1.",
    )
    .arg(
        Arg::new("files")
            .value_name("FILE.des")
            .action(ArgAction::Append)
            .value_parser(clap::value_parser!(OsString))
            .value_hint(clap::ValueHint::FilePath)
            .help("a level file (- or none: standard input)"),
    )
    .arg(args::out_dir(
        "OUTDIR",
        "write the levels into OUTDIR (default: the\n\
         current directory), which is created if missing",
    ))
    .arg(args::jobs())
    .arg(
        // Counted, not set: where it first stands is read.
        Arg::new("w").short('w').action(ArgAction::Count).help(
            "also report lev_comp's -w warnings (rock-in-room\n\
             and non-rock-edge) for the files after it, as\n\
             lev_comp's -w does; for 3.6, whose lev_comp has\n\
             no -w, levbuild's maze-filler-invalid-terrain\n\
             and room-flags-from-alignment",
        ),
    )
    .arg(args::allow())
    .arg(args::flag(
        "deny-warnings",
        "a file with a warning not silenced by --allow\nfails and writes nothing",
    ))
    .arg(args::format(
        &["rich", "short", "legacy", "json", "github"],
        "rich (the default): source lines with a caret;\n\
         short: one line each; legacy: lev_comp's own\n\
         lines (3.4.3's or 3.6's); all on standard error;\n\
         json: one JSON object a line, on standard output;\n\
         github: GitHub Actions annotations, on standard\n\
         output",
    ))
    .arg(args::target(args::TARGET_HELP))
    .args([game_tree, game, dialect])
}

pub fn run(m: &ArgMatches) -> Result<ExitCode> {
    let mut options = des::Options::default();
    let mut game = GameChoice::of(m);
    let out_dir = (m.get_one::<PathBuf>("out-dir").cloned()).unwrap_or_else(|| PathBuf::from("."));
    let mut format = Format::of(m, LegacyTool::LevComp);
    let deny_warnings = m.get_flag("deny-warnings");
    let silenced = args::allowed(m);
    let threads = (m.get_one::<usize>("jobs").copied())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    options.layout = game.read_target(m)?;
    // As lev_comp's -w, for the files after it.
    let warn_from = m.indices_of("w").and_then(|mut at| at.next());
    let mut jobs: Vec<(OsString, des::Options)> = Vec::new();
    if let (Some(files), Some(at)) = (m.get_many::<OsString>("files"), m.indices_of("files")) {
        for (file, i) in files.zip(at) {
            let mut options = options.clone();
            options.extra_warnings = warn_from.is_some_and(|w| w < i);
            jobs.push((file.clone(), options));
        }
    }
    if jobs.is_empty() {
        options.extra_warnings = warn_from.is_some();
        jobs.push((OsString::from("-"), options.clone()));
    }
    // One game for every file, whatever options came before it.
    options.game = game.load(des::Dialect::NetHack343, options.layout)?;
    for (_, o) in &mut jobs {
        o.game = options.game.clone();
        o.layout = options.layout;
    }
    // 3.6's lev_comp words its messages its own way.
    if format == Format::Legacy(LegacyTool::LevComp) && options.dialect() == des::Dialect::NetHack36
    {
        format = Format::Legacy(LegacyTool::LevComp36);
    }
    // As build -o does (lev_comp needs an existing directory).
    std::fs::create_dir_all(&out_dir)
        .with_context(|| format!("cannot create output directory {}", out_dir.display()))?;
    let silence = |d: &mut Diagnostics| {
        d.retain(|d| d.code.is_none_or(|c| !silenced.contains(&c)));
    };
    let mut failed = false;
    // The random vaults' lines, what the game's lev_comp appends to
    // vaults.dat (its Makefile deletes the file first).
    let mut vaults = String::new();
    for ((path, options), compiled) in jobs.iter().zip(compile_all(&jobs, &out_dir, threads)) {
        let (name, source, result, levels) = match compiled {
            Ok(x) => x,
            Err(e) => {
                report_open_failure(format, path, &e)?;
                failed = true;
                continue;
            }
        };
        match result {
            Ok(mut warnings) => {
                silence(&mut warnings);
                print_diagnostics(&warnings, format)?;
                if deny_warnings && !warnings.is_empty() {
                    let n = warnings.warnings().count();
                    print_file_message(
                        format,
                        &name,
                        &format!(
                            "{name} : {n} warnings denied (--deny-warnings). No output created!"
                        ),
                    )?;
                    failed = true;
                    continue;
                }
                vaults.push_str(&levels.commit()?);
            }
            Err(mut diagnostics) => {
                silence(&mut diagnostics);
                print_diagnostics(&diagnostics, format)?;
                if options.dialect() == des::Dialect::NetHack36 {
                    // 3.6's lev_comp counts the errors of each level, and
                    // stops at a syntax error without a count.
                    let syntax = diagnostics.errors().any(|d| d.message == "syntax error");
                    for (level, errors) in errors_by_level(&source, &diagnostics)
                        .into_iter()
                        .filter(|_| !syntax)
                    {
                        print_file_message(
                            format,
                            &name,
                            &format!(
                                "{name}: {errors} errors detected for level \"{level}\". No output created!"
                            ),
                        )?;
                    }
                } else {
                    let errors = diagnostics.errors().count();
                    print_file_message(
                        format,
                        &name,
                        &format!("{name} : {errors} errors detected. No output created!"),
                    )?;
                }
                failed = true;
            }
        }
    }
    if !vaults.is_empty() {
        write_atomic(&out_dir, "vaults.dat", &levbuild::source_bytes(&vaults))?;
    }
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// A file read and compiled: its name, text, result (its warnings, or
/// its errors) and its levels, written as they were compiled and moved
/// into place only if the file is committed.
type Compiled = (
    String,
    String,
    Result<Diagnostics, Diagnostics>,
    PendingLevels,
);

/// Reads and compiles every job's file on up to `threads` threads (one
/// file a thread at a time, the next file to whichever thread is free),
/// writing its levels into `out_dir` as they are compiled; the results in
/// job order.
fn compile_all(
    jobs: &[(OsString, des::Options)],
    out_dir: &std::path::Path,
    threads: usize,
) -> Vec<std::io::Result<Compiled>> {
    let compile = |i: usize| {
        let (path, options) = &jobs[i];
        read_source(path).map(|(name, source)| {
            let mut levels = PendingLevels::new(out_dir, i);
            let result = des::compile_levels_each(&source, &name, options, &mut |l| levels.put(l));
            (name, source, result, levels)
        })
    };
    let threads = threads.min(jobs.len());
    if threads <= 1 {
        return (0..jobs.len()).map(compile).collect();
    }
    // The largest files first, so that no thread is left with a large
    // one while the others have finished (a file that cannot be sized,
    // such as standard input, last).
    let mut order: Vec<usize> = (0..jobs.len()).collect();
    order.sort_by_key(|&i| {
        let size = std::fs::metadata(&jobs[i].0).map_or(0, |m| m.len());
        std::cmp::Reverse(size)
    });
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut results: Vec<(usize, std::io::Result<Compiled>)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let n = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&i) = order.get(n) else {
                            break done;
                        };
                        done.push((i, compile(i)));
                    }
                })
            })
            .collect();
        // A compiler that panics is a bug of levbuild's: said as such.
        (workers.into_iter())
            .flat_map(|w| w.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

/// The errors of a file counted by the level (`LEVEL:` or `MAZE:` line)
/// they follow, in file order.
fn errors_by_level(source: &str, diagnostics: &levbuild::Diagnostics) -> Vec<(String, usize)> {
    let mut starts: Vec<(usize, String)> = Vec::new();
    let mut offset = 0;
    for line in source.split_inclusive('\n') {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix("LEVEL").or_else(|| t.strip_prefix("MAZE")) {
            if let Some(name) = rest
                .trim_start()
                .strip_prefix(':')
                .and_then(|r| r.split('"').nth(1))
            {
                starts.push((offset, name.to_string()));
            }
        }
        offset += line.len();
    }
    let mut counts: Vec<(String, usize)> = Vec::new();
    for d in diagnostics.errors() {
        let level = starts
            .iter()
            .rev()
            .find(|(at, _)| *at <= d.span.start)
            .map_or_else(String::new, |(_, n)| n.clone());
        match counts.last_mut() {
            Some((l, n)) if *l == level => *n += 1,
            _ => counts.push((level, 1)),
        }
    }
    counts
}
