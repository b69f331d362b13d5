//! Results for the sources of the level sets that changed: from a cache
//! pack where one holds the key, else compiled, each distinct content
//! once; and the packs to save afterwards.

use std::collections::HashMap;
use std::sync::Arc;

use super::cache::{Entry, Pack};
use super::discover::LevelSet;
use super::job::{self, Done, FileFailure, Job, Probe};
use super::workers::Workers;

/// Names a set's cache pack: its directory and the build options.
pub(super) fn set_id(fingerprint: &blake3::Hash, set: &LevelSet) -> blake3::Hash {
    let mut h = blake3::Hasher::new();
    h.update(b"levbuild set\0");
    h.update(fingerprint.as_bytes());
    h.update(set.dir.to_string_lossy().as_bytes());
    h.finalize()
}

/// The entries of one set's cache pack, with their keys.
type PackEntries = Vec<(blake3::Hash, Arc<Entry>)>;

/// The changed sets whose pack does not hold exactly the entries of their
/// current sources, with those entries.
pub(super) fn packs_to_save(
    jobs: &[Job<'_>],
    results: &[Option<&Result<Done, FileFailure>>],
    changed_sets: &[usize],
    packs: &[Option<&Pack>],
) -> Vec<(usize, PackEntries)> {
    let mut entries: HashMap<usize, PackEntries> =
        changed_sets.iter().map(|&n| (n, Vec::new())).collect();
    for (j, r) in jobs.iter().zip(results) {
        if let (Some(list), Some(Ok(done))) = (entries.get_mut(&j.set), r) {
            if let Some(entry) = &done.entry {
                list.push((done.key, entry.clone()));
            }
        }
    }
    let mut saves: Vec<_> = entries
        .into_iter()
        .filter(|(n, list)| {
            let keys: Vec<blake3::Hash> = list.iter().map(|(k, _)| *k).collect();
            !packs[*n].as_ref().is_some_and(|p| p.holds_exactly(&keys))
        })
        .collect();
    saves.sort_by_key(|(n, _)| *n);
    saves
}

/// The results of the sources of the changed sets (`work`: job index and
/// probe): from a cache pack where one holds the key, else compiled, each
/// distinct content once (a tree of variants shares many files).
pub(super) fn produce(
    workers: &Workers,
    jobs: &[Job<'_>],
    prefixes: &[String],
    work: Vec<(usize, Probe)>,
    packs: &[&Pack],
    options: &[job::Options],
) -> Vec<(usize, Result<Done, FileFailure>)> {
    let cached: HashMap<blake3::Hash, &Arc<Entry>> = packs
        .iter()
        .flat_map(|p| p.entries())
        .map(|(k, e)| (*k, e))
        .collect();
    let done = |i: usize, id: job::Identified, entry: Arc<Entry>, from_cache: bool| {
        let j = &jobs[i];
        job::from_entry(
            j.source,
            &prefixes[j.set],
            id,
            entry,
            from_cache,
            &options[j.set],
        )
    };
    let mut results = Vec::new();
    // Keys come from the manifest where a stamp proves them, else from
    // reading the file; a proven key the cache lacks means a read after all.
    let identified = workers.map(work, |(i, probe)| {
        let options = &options[jobs[i].set];
        let id = job::identify(jobs[i].source, probe, options).and_then(|id| {
            if id.bytes.is_none() && !cached.contains_key(&id.key) {
                job::read(jobs[i].source, id.stamp, options)
            } else {
                Ok(id)
            }
        });
        (i, id)
    });
    let mut groups: Vec<Vec<(usize, job::Identified)>> = Vec::new();
    let mut group_of: HashMap<blake3::Hash, usize> = HashMap::new();
    for (i, id) in identified {
        match id {
            Err(e) => results.push((i, Err(e))),
            Ok(id) => match cached.get(&id.key) {
                Some(entry) => results.push((i, Ok(done(i, id, Arc::clone(entry), true)))),
                None => {
                    let g = *group_of.entry(id.key).or_insert_with(|| {
                        groups.push(Vec::new());
                        groups.len() - 1
                    });
                    groups[g].push((i, id));
                }
            },
        }
    }
    let compiled = workers.map(groups, |members| {
        let mut shared: Option<Arc<Entry>> = None;
        let mut out = Vec::with_capacity(members.len());
        for (i, mut id) in members {
            if let Some(entry) = &shared {
                out.push((i, Ok(done(i, id, Arc::clone(entry), true))));
                continue;
            }
            // After a failure each copy is compiled again, so that every
            // file reports its own errors under its own name.
            let source = jobs[i].source;
            let bytes = match id.bytes.take() {
                Some(bytes) => bytes,
                None => match job::read_source(&source.path) {
                    Ok(bytes) => bytes,
                    Err(e) => {
                        out.push((i, Err(e)));
                        continue;
                    }
                },
            };
            match job::compile(source, &bytes, &options[jobs[i].set]) {
                Ok(entry) => {
                    let entry = Arc::new(entry);
                    shared = Some(Arc::clone(&entry));
                    out.push((i, Ok(done(i, id, entry, false))));
                }
                Err(e) => out.push((i, Err(e))),
            }
        }
        out
    });
    results.extend(compiled.into_iter().flatten());
    results
}
