//! Results for the sources the manifests cannot prove unchanged: from the
//! cache where it holds their key, else compiled, each distinct content
//! once; and the entries to save afterwards.

use std::collections::HashMap;
use std::sync::Arc;

use super::cache::{Cache, Entry};
use super::job::{self, Done, FileFailure, Job, Probe};
use super::workers::Workers;

/// The entries compiled by this build, each once, to be saved in the
/// cache.
pub(super) fn entries_to_save(
    results: &[Option<&Result<Done, FileFailure>>],
) -> Vec<(blake3::Hash, Arc<Entry>)> {
    let mut saves: HashMap<blake3::Hash, Arc<Entry>> = HashMap::new();
    for done in results.iter().flatten().filter_map(|r| r.as_ref().ok()) {
        if let (Some(entry), false) = (&done.entry, done.from_cache) {
            saves.entry(done.key).or_insert_with(|| Arc::clone(entry));
        }
    }
    saves.into_iter().collect()
}

/// The results of the sources the manifests cannot prove unchanged
/// (`work`: job index and probe): from `cache` where it holds the key, else
/// compiled, each distinct content once (a tree of variants shares many
/// files).
pub(super) fn produce(
    workers: &Workers,
    jobs: &[Job<'_>],
    prefixes: &[String],
    work: Vec<(usize, Probe)>,
    cache: Option<&Cache>,
    options: &[job::Options],
) -> Vec<(usize, Result<Done, FileFailure>)> {
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
        let found = job::identify(jobs[i].source, probe, options).and_then(|id| {
            match cache.and_then(|c| c.get(&id.key)) {
                Some(entry) => Ok((id, Some(entry))),
                None if id.bytes.is_none() => {
                    Ok((job::read(jobs[i].source, id.stamp, options)?, None))
                }
                None => Ok((id, None)),
            }
        });
        (i, found)
    });
    let mut groups: Vec<Vec<(usize, job::Identified)>> = Vec::new();
    let mut group_of: HashMap<blake3::Hash, usize> = HashMap::new();
    for (i, found) in identified {
        match found {
            Err(e) => results.push((i, Err(e))),
            Ok((id, Some(entry))) => results.push((i, Ok(done(i, id, entry, true)))),
            Ok((id, None)) => {
                let g = *group_of.entry(id.key).or_insert_with(|| {
                    groups.push(Vec::new());
                    groups.len() - 1
                });
                groups[g].push((i, id));
            }
        }
    }
    // The largest first, so that no thread is left compiling a large file
    // while the others have finished.
    groups.sort_by_cached_key(|members| {
        let (_, id) = &members[0];
        let size = (id.bytes.as_ref().map(|b| b.len() as u64))
            .or(id.stamp.as_ref().map(|s| s.size))
            .unwrap_or(0);
        std::cmp::Reverse(size)
    });
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
