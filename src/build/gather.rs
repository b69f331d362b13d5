//! Results sorted per set: counts, failures, level names defined twice
//! within a set, and the dungeon cross-check.

use std::collections::HashSet;

use crate::key_hash::KeyMap as HashMap;

/// File names levbuild writes for itself in the output directory and in
/// each set's: no source's output may take them, nor any name starting
/// with `.` (manifests, the cache, temporary files).
const RESERVED: [&str; 4] = ["levels.rs", "levels.h", "levels.c", super::index::GAME_FILE];

use super::discover::{LevelSet, Source};
use super::error::{DuplicateLevel, Error, ErrorKind, OutputClash};
use super::job::{Done, FileFailure, Job};
use super::language::Language;
use super::warning::Warning;
use super::workers::Workers;
use super::Report;
use crate::dungeon::RequiredLevel;

/// Sorts the results per set, in discovery order, and counts them in
/// `report`; fails with every diagnostic and every level name defined twice
/// within a set. Adds the dungeon cross-check warnings.
pub(super) fn gather<'s>(
    workers: &Workers,
    sets: &'s [LevelSet],
    jobs: &[Job<'s>],
    results: Vec<Option<Result<Done, FileFailure>>>,
    report: &mut Report,
) -> Result<Vec<Vec<(&'s Source, Done)>>, Error> {
    let mut diagnostics = Vec::new();
    let mut io_failure = None;
    let mut per_set: Vec<Vec<(&Source, Done)>> = sets.iter().map(|_| Vec::new()).collect();
    for (j, result) in jobs.iter().zip(results) {
        match result {
            Some(Ok(done)) => {
                if done.from_cache {
                    report.cached += 1;
                } else {
                    report.compiled += 1;
                }
                per_set[j.set].push((j.source, done));
            }
            Some(Err(FileFailure::Diagnostics(d))) => diagnostics.push(d),
            Some(Err(FileFailure::Io(path, e))) => io_failure = io_failure.or(Some((path, e))),
            None => {}
        }
    }
    let checks = workers.map(sets.iter().zip(&per_set).collect(), |(set, done)| {
        check_set(set, done)
    });
    let mut duplicates = Vec::new();
    let mut clashes = Vec::new();
    for (done, (dups, missing)) in per_set.iter().zip(checks) {
        for (_, d) in done {
            report.warnings.extend(d.warnings.iter().cloned());
        }
        report.warnings.extend(missing);
        duplicates.extend(dups);
    }
    // Output files are unique across sets too: one set's directory may
    // lie inside another's.
    let outputs = (per_set.iter().flatten())
        .map(|(_, d)| d.outputs.len())
        .sum();
    let mut files: HashMap<&str, &Source> =
        HashMap::with_capacity_and_hasher(outputs, Default::default());
    for (source, d) in per_set.iter().flatten() {
        for o in &d.outputs {
            let file = o.path.file();
            let own_name = file.rsplit('/').next().unwrap_or(file);
            if RESERVED.contains(&own_name) || own_name.starts_with('.') {
                clashes.push(OutputClash {
                    file: file.to_string(),
                    source: source.path.clone(),
                    other: None,
                });
            } else if let Some(other) = files.insert(file, source) {
                // Two levels of one name are reported as duplicates.
                if !(other.language.makes_levels() && source.language.makes_levels()) {
                    clashes.push(OutputClash {
                        file: file.to_string(),
                        source: source.path.clone(),
                        other: Some(other.path.clone()),
                    });
                }
            }
        }
    }
    if let Some((path, e)) = io_failure {
        return Err(Error::io(path, e));
    }
    if !diagnostics.is_empty() || !duplicates.is_empty() || !clashes.is_empty() {
        return Err(Error::new(ErrorKind::Failed {
            diagnostics,
            duplicates,
            clashes,
        }));
    }
    for (source, d) in per_set.iter().flatten() {
        match source.language.makes_levels() {
            true => report.levels += d.outputs.len(),
            false => report.dungeons += d.outputs.len(),
        }
    }
    Ok(per_set)
}

/// The level names `done` (the results of one set) defines twice, and the
/// warnings for the special levels its dungeon needs that none defines.
fn check_set(set: &LevelSet, done: &[(&Source, Done)]) -> (Vec<DuplicateLevel>, Vec<Warning>) {
    let mut duplicates = Vec::new();
    let des: Vec<&(&Source, Done)> = done
        .iter()
        .filter(|(s, _)| s.language.makes_levels())
        .collect();
    let mut levels: HashSet<&str> =
        HashSet::with_capacity(des.iter().map(|(_, d)| d.outputs.len()).sum());
    for (i, (source, d)) in des.iter().enumerate() {
        for o in &d.outputs {
            let name = o.path.name();
            if levels.insert(name) {
                continue;
            }
            // Rare: only now look for the file before this one that
            // defined it (a file defining a level twice fails to compile).
            let first = des[..i]
                .iter()
                .rev()
                .find(|(_, d)| d.outputs.iter().any(|o| o.path.name() == name))
                .map_or(&source.path, |(s, _)| &s.path);
            duplicates.push(DuplicateLevel {
                name: name.to_string(),
                first: first.clone(),
                second: source.path.clone(),
            });
        }
    }
    let mut missing = Vec::new();
    for (source, d) in done.iter().filter(|(s, _)| s.language == Language::Dungeon) {
        let file = set.dir.join(&source.rel);
        // The variants of one RNDLEVEL (or fillers of one PROTOFILE) are
        // one warning listing them.
        let mut groups: Vec<(&RequiredLevel, Vec<&str>)> = Vec::new();
        for need in d.needs.iter().filter(|n| !n.is_met_by(&levels)) {
            let statement = |n: &RequiredLevel| n.needed_by.split(", ").next().map(str::to_owned);
            match groups.last_mut() {
                Some((first, names))
                    if first.dungeon == need.dungeon && statement(first) == statement(need) =>
                {
                    names.push(&need.level)
                }
                _ => groups.push((need, vec![&need.level])),
            }
        }
        // All of a dungeon file's missing levels are one warning: a
        // partial `dat/` would otherwise print one per level on every
        // build.
        let warning = match groups.as_slice() {
            [] => continue,
            [(first, names)] if names.len() == 1 => {
                format!("{first}, but no .des file defines it")
            }
            [(first, names)] => format!(
                "dungeon \"{}\" needs {} levels for {} ({}), but no .des file defines them",
                first.dungeon,
                names.len(),
                first.needed_by.split(", ").next().unwrap_or_default(),
                names.join(", ")
            ),
            _ => {
                let count: usize = groups.iter().map(|(_, names)| names.len()).sum();
                let mut by_dungeon: Vec<(&str, Vec<&str>)> = Vec::new();
                for (first, names) in &groups {
                    match by_dungeon.last_mut() {
                        Some((d, all)) if *d == first.dungeon => all.extend(names),
                        _ => by_dungeon.push((&first.dungeon, names.clone())),
                    }
                }
                let lists: Vec<String> = (by_dungeon.iter())
                    .map(|(d, names)| format!("\"{d}\": {}", names.join(", ")))
                    .collect();
                format!(
                    "the dungeons need {count} levels that no .des file defines ({})",
                    lists.join("; ")
                )
            }
        };
        let mut w = Warning::about(
            file.clone(),
            crate::diag::warn::DUNGEON_MISSING_LEVEL,
            warning,
        );
        w.help = Some(
            "for a dat/ that leaves levels out on purpose, Build::allow(\"dungeon-missing-level\") \
             (--allow dungeon-missing-level) silences this"
                .to_string(),
        );
        missing.push(w);
    }
    (duplicates, missing)
}
