//! `levbuild check FILE...`: each file compiled on its own (a `.des`
//! file, or a dungeon description), with the options of `check` and its
//! output: the warnings and a summary, or every error of the failing files.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{anyhow, bail, Result};
use levbuild::diag::{Diagnostics, Severity};
use levbuild::{des, dungeon, Layout, Warning};

use crate::build::{print_warnings, warnings_json, FileOptions, Style};
use crate::output::{print_stdout, read_source};

/// What a file is compiled as.
enum Kind {
    Level,
    Dungeon,
}

/// The kind of `file` by its name: `.des`, or `.def` / `.pdf`.
fn kind(file: &Path) -> Result<Kind> {
    match file.extension().and_then(|e| e.to_str()) {
        Some("des") => Ok(Kind::Level),
        Some("def" | "pdf") => Ok(Kind::Dungeon),
        _ => bail!(
            "{}: check takes .des files and dungeon descriptions (.def, .pdf), or directories",
            file.display()
        ),
    }
}

/// Checks `files`, printing in `style` what `check` prints for a tree.
pub fn run(files: &[PathBuf], options: &FileOptions, style: Style) -> Result<ExitCode> {
    let layout = match &options.target {
        Some(t) => t.parse::<Layout>().map_err(|e| anyhow!("--target: {e}"))?,
        None => Layout::host(),
    };
    let game = options.game.load(des::Dialect::NetHack343, layout)?;
    let features =
        options
            .overrides
            .iter()
            .fold(game.features().clone(), |f, (name, on)| match on {
                true => f.define(name),
                false => f.undefine(name),
            });
    let dungeon_game = Arc::new(game.with_features(features));
    let level_options = des::Options::for_game(game)
        .with_extra_warnings(options.extra_warnings)
        .with_layout(layout);
    let silenced = |d: &levbuild::Diagnostic| {
        d.severity == Severity::Warning && d.code.is_some_and(|c| options.allowed.contains(&c))
    };
    let mut failed: Vec<Diagnostics> = Vec::new();
    let mut warnings: Vec<Warning> = Vec::new();
    for file in files {
        let kind = kind(file)?;
        let (name, source) = read_source(file.as_os_str())
            .map_err(|e| anyhow!("cannot read {}: {e}", file.display()))?;
        let result = match kind {
            Kind::Level => des::compile_levels(&source, &name, &level_options).map(|f| f.warnings),
            Kind::Dungeon => dungeon::compile(
                &source,
                &name,
                &dungeon::Options::for_game(dungeon_game.clone()).with_layout(layout),
            )
            .map(|out| out.warnings),
        };
        match result {
            Ok(mut d) => {
                d.retain(|d| !silenced(d));
                warnings.extend(d.iter().map(|w| Warning::of(file, w)));
            }
            Err(mut d) => {
                d.retain(|d| !silenced(d));
                failed.push(d);
            }
        }
    }
    if !failed.is_empty() {
        let errors: usize = failed.iter().map(|d| d.errors().count()).sum();
        let headline = format!(
            "levbuild: check failed: {errors} error(s) in {} file(s)",
            failed.len()
        );
        match style {
            Style::Json => {
                let lines: Vec<String> = failed.iter().flat_map(crate::diag_json::lines).collect();
                print_stdout(&(lines.join("\n") + "\n"))?;
            }
            Style::Github => {
                let lines: Vec<String> =
                    failed.iter().flat_map(crate::diag_github::lines).collect();
                print_stdout(&(lines.join("\n") + "\n"))?;
                eprintln!("{headline}");
            }
            Style::Short => {
                eprintln!("{headline}");
                for line in failed.iter().flat_map(Diagnostics::short) {
                    eprintln!("{line}");
                }
            }
            Style::Rich => {
                eprintln!("{headline}");
                for d in &failed {
                    eprint!("{d}");
                }
            }
        }
        return Ok(ExitCode::FAILURE);
    }
    if options.deny_warnings && !warnings.is_empty() {
        match style {
            Style::Json => print_stdout(&(warnings_json(&warnings) + "\n"))?,
            Style::Github => {
                let lines: Vec<String> = (warnings.iter())
                    .map(|w| crate::diag_github::warning(w, Severity::Error))
                    .collect();
                print_stdout(&(lines.join("\n") + "\n"))?;
            }
            _ => {
                eprintln!(
                    "levbuild: check failed: {} warning(s), which --deny-warnings makes errors",
                    warnings.len()
                );
                for w in &warnings {
                    eprintln!("{}", w.line_as(Severity::Error));
                }
            }
        }
        return Ok(ExitCode::FAILURE);
    }
    print_warnings(&[], &warnings, style)?;
    if style != Style::Json {
        eprintln!(
            "levbuild check: {} file(s), no errors, {} warning(s)",
            files.len(),
            warnings.len()
        );
    }
    Ok(ExitCode::SUCCESS)
}
