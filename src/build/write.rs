//! The writing half of a build: each set's blobs, `levels.c` and
//! manifest (sets in parallel), then `levels.rs`, `levels.h`, the output
//! directory's manifest and the removal of sets no longer built.

use std::path::Path;

use super::cargo;
use super::discover::{output_file, slash_path, LevelSet, Source};
use super::error::{Error, ErrorKind};
use super::index;
use super::job::{Content, Done};
use super::output;
use super::workers::Workers;
use super::{Build, Report};
use crate::layout::Layout;

/// What a build writes, for [`Build::write`].
pub(super) struct Written<'a> {
    pub out_dir: &'a Path,
    /// The build options' fingerprint, for the manifests.
    pub fingerprint: String,
    /// The build's claim on `out_dir`.
    pub claim: &'a std::sync::Arc<super::claim::Claim>,
    pub sets: &'a [LevelSet],
    /// Each set's directory in the output directory.
    pub prefixes: &'a [String],
    /// Each set's results, in discovery order.
    pub per_set: &'a [Vec<(&'a Source, Done)>],
    /// The C data layout of every blob.
    pub layout: Layout,
    /// What every C symbol, macro and type starts with.
    pub c_prefix: &'a str,
    /// Each set's game.
    pub games: Vec<&'a crate::Game>,
}

impl Report {
    /// Counts what one manifest's [`output::Outputs::finish`] reported:
    /// files written, files removed, outputs already up to date.
    fn add(&mut self, finished: output::Finished) {
        self.written.extend(finished.written);
        self.removed.extend(finished.removed);
        self.unchanged += finished.unchanged;
        for path in finished.kept {
            self.notes.push(format!(
                "left {} in place: levbuild wrote it for a source that is gone, but something \
                 else has changed it since",
                path.display()
            ));
        }
    }
}

/// What writing one set did: its manifest's report, the digest the
/// output directory's index files take from it, and its index if the
/// write needed it (a set proven unchanged needs none).
type SetWritten<'a> = (output::Finished, blake3::Hash, Option<index::SetIndex<'a>>);

impl Build {
    pub(super) fn write(
        &self,
        manifests: Vec<output::Outputs>,
        workers: &Workers,
        w: &Written<'_>,
        env: &cargo::CargoEnv,
        report: &mut Report,
    ) -> Result<(), Error> {
        // Each set's blobs, levels.c and manifest, in parallel.
        let several = w.sets.len() > 1;
        let done = workers.map(manifests.into_iter().enumerate().collect(), |(n, m)| {
            self.write_set(n, m, workers, w)
        });
        let mut digests = Vec::with_capacity(done.len());
        let mut indexes = Vec::with_capacity(done.len());
        for d in done {
            let (finished, digest, index) = d?;
            report.add(finished);
            digests.push(digest);
            indexes.push(index);
        }
        // The index of every set, made only if levels.rs or levels.h is
        // written.
        let mut all_indexes = || -> Vec<index::SetIndex<'_>> {
            (std::mem::take(&mut indexes).into_iter().enumerate())
                .map(|(n, index)| index.unwrap_or_else(|| self.set_index(w, n, true)))
                .collect()
        };
        let mut all: Option<Vec<index::SetIndex<'_>>> = None;

        // The index of every set, and the outputs of sets that are gone.
        let mut top =
            output::Outputs::open(w.out_dir, output::MANIFEST, w.fingerprint.clone(), w.claim);
        for gone in top.record_sets(w.prefixes) {
            let rel = output_file(&gone, output::SET_MANIFEST);
            let old = output::Outputs::open(w.out_dir, &rel, w.fingerprint.clone(), w.claim);
            report.add(old.finish()?);
            // Its directories go too, as far up as they are empty (a user's
            // file in one keeps it).
            let mut dir = std::path::PathBuf::from(&gone);
            while !dir.as_os_str().is_empty() && std::fs::remove_dir(w.out_dir.join(&dir)).is_ok() {
                dir.pop();
            }
        }
        // The directories the sets were read from (a game tree's `dat`
        // when no source directory was named).
        let sources = w
            .sets
            .iter()
            .map(|s| s.dir.display().to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let style = match env
            .out_dir
            .as_ref()
            .and_then(|o| w.out_dir.strip_prefix(o).ok())
        {
            Some(rel) => index::PathStyle::OutDir(slash_path(rel)),
            None => index::PathStyle::Relative,
        };
        if self.rust_index {
            let key = index::key(&digests, several, &style, &sources, "rs");
            if !top.index_is_current("levels.rs", &key) {
                let indexes = all.get_or_insert_with(&mut all_indexes);
                top.put(
                    "levels.rs",
                    index::rust(indexes, &style, &sources)
                        .map_err(template_error)?
                        .as_bytes(),
                )?;
            }
        }
        if self.c_index {
            let key = index::key(&digests, several, &style, &sources, "h");
            if !top.index_is_current("levels.h", &key) {
                let indexes = all.get_or_insert_with(&mut all_indexes);
                let header = index::c_header(indexes, &sources).map_err(template_error)?;
                top.put("levels.h", header.as_bytes())?;
            }
        }
        report.add(top.finish()?);
        Ok(())
    }

    /// The index of set `n`: its settings, and with `blobs` its levels
    /// and dungeons too.
    fn set_index<'a>(&self, w: &Written<'a>, n: usize, blobs: bool) -> index::SetIndex<'a> {
        let (set, done) = (&w.sets[n], &w.per_set[n]);
        let mut levels = Vec::new();
        let mut dungeons = Vec::new();
        for (source, d) in done.iter().filter(|_| blobs) {
            for output in &d.outputs {
                let list = match source.language.makes_levels() {
                    true => &mut levels,
                    false => &mut dungeons,
                };
                list.push(index::Blob {
                    source: &source.rel,
                    output,
                });
            }
        }
        levels.sort_by(|a, b| a.output.path.name().cmp(b.output.path.name()));
        index::SetIndex {
            module: set.name.clone(),
            dir: set.dir.display().to_string(),
            levels,
            dungeons,
            layout: w.layout,
            c_prefix: w.c_prefix.to_string(),
            game: w.games[n],
            game_file: output_file(&w.prefixes[n], index::GAME_FILE),
            decoder: self.rust_decoder,
            vaults_file: (done.iter().any(|(_, d)| !d.vaults.is_empty()))
                .then(|| output_file(&w.prefixes[n], index::VAULTS_FILE)),
        }
    }

    /// Writes set `n`: its blobs (those whose bytes are at hand; the others
    /// are proven intact already), its `levels.c` and the data files it
    /// includes, its manifest.
    fn write_set<'a>(
        &self,
        n: usize,
        mut outputs: output::Outputs,
        workers: &Workers,
        w: &Written<'a>,
    ) -> Result<SetWritten<'a>, Error> {
        let several = w.sets.len() > 1;
        let done = &w.per_set[n];
        let blobs: usize = done.iter().map(|(_, d)| d.outputs.len()).sum();
        let settings =
            (self.set_index(w, n, false)).settings(several, self.c_index, self.rust_index);
        // A set proven unchanged, source by source, with the same settings
        // and its index files as written, is left as it is: its index
        // files' keys are those its manifest holds.
        if done.iter().all(|(_, d)| d.entry.is_none()) {
            if let Some(digest) = outputs.replays(done.len(), blobs, &settings) {
                let finished = output::Finished {
                    written: Vec::new(),
                    removed: Vec::new(),
                    unchanged: blobs + outputs.index_count(),
                    kept: Vec::new(),
                };
                return Ok((finished, digest, None));
            }
        }
        let set = self.set_index(w, n, true);
        let digest = set.digest();
        let c_file = output_file(&w.prefixes[n], "levels.c");
        // levels.c names its arrays; their bytes are in its data files.
        let c_key = index::key(
            [&digest],
            several,
            &index::PathStyle::Relative,
            &set.dir,
            "c",
        );
        let game = set.game;
        let game_key = game.fingerprint().to_hex();
        let game_file = &set.game_file;
        // The random vaults' lines, in the order the sources are built:
        // what the game's Makefile leaves in `vaults.dat` (it deletes the
        // file, and each `lev_comp` run appends to it). No random vault,
        // no file.
        let vaults: String = (done.iter())
            .flat_map(|(_, d)| &d.vaults)
            .map(String::as_str)
            .collect();
        let vaults_file = (set.vaults_file.clone()).unwrap_or_default();
        let vaults_key = blake3::hash(vaults.as_bytes()).to_hex();
        // The data file of a source proven unchanged has the key the last
        // build recorded when the set's settings are the same: an edit
        // keys its own source's file, not every other's (each is still
        // checked on disk, so that one damaged in place is restored).
        let trusted = outputs.indexed_with(&settings);
        let proven: std::collections::HashSet<&str> = (done.iter())
            .filter(|(_, d)| trusted && d.entry.is_none())
            .map(|(s, _)| s.rel.as_str())
            .collect();
        let c_data: Vec<(index::CDataFile<'_, '_>, String, Option<String>)> = match self.c_index {
            true => (set.c_data_files().into_iter())
                .map(|d| {
                    let file = output_file(&w.prefixes[n], &d.file);
                    let key = (!proven.contains(d.source)).then(|| d.key(&set, several));
                    (d, file, key)
                })
                .collect(),
            false => Vec::new(),
        };
        outputs.begin_writing();
        let mut to_store = Vec::new();
        // A source the manifest proved (no cache entry) keeps its record and
        // outputs as they are (see `Outputs::take_source`).
        for (source, done) in done.iter().filter(|(_, d)| d.entry.is_some()) {
            for o in &done.outputs {
                if let Content::Bytes(bytes) = &o.content {
                    to_store.push((o, &**bytes));
                }
            }
            if let Some(record) = done.record() {
                outputs.record_source(source.path.to_string_lossy().into_owned(), record);
            }
        }
        let shared = &outputs;
        let stored = workers.map(to_store, |(o, bytes)| {
            shared.store(o.path.file(), bytes, o.identity)
        });
        for s in stored {
            outputs.commit(s?);
        }
        // The data files of the sources whose blobs changed, then levels.c
        // if its table did.
        let mut stale = Vec::new();
        for (d, file, key) in &c_data {
            let current = match key {
                Some(key) => outputs.index_is_current(file, key),
                None => outputs.keeps_index(file),
            };
            if !current {
                stale.push((d, file));
            }
        }
        let shared = &outputs;
        let stored = workers.map(stale, |(d, file)| {
            let text = c_data_text(&set, d, several, w.out_dir)?;
            shared.store(file, text.as_bytes(), output::Identity::of(text.as_bytes()))
        });
        for s in stored {
            match s {
                Ok(s) => outputs.commit(s),
                Err(e) => {
                    // An output changed behind levbuild's back without a
                    // trace in its size or time: forget the set's record,
                    // so that the next build produces every output again
                    // instead of failing too.
                    outputs.forget();
                    return Err(e);
                }
            }
        }
        if self.c_index && !outputs.index_is_current(&c_file, &c_key) {
            let text = index::c_source(&set, several).map_err(template_error)?;
            outputs.put(&c_file, text.as_bytes())?;
        }
        if self.rust_index && !outputs.index_is_current(game_file, &game_key) {
            outputs.put(game_file, game.to_identity().as_bytes())?;
        }
        if !vaults.is_empty() && !outputs.index_is_current(&vaults_file, &vaults_key) {
            // Level names as the source's bytes (a Latin-1 name is written
            // as lev_comp writes it).
            outputs.put(&vaults_file, &crate::text::bytes(&vaults))?;
        }
        outputs.record_indexed(settings, digest);
        Ok((outputs.finish()?, digest, Some(set)))
    }

    pub(super) fn compile_c_library(
        &self,
        out_dir: &Path,
        prefixes: &[String],
        env: &cargo::CargoEnv,
        c_prefix: &str,
    ) -> Result<(), Error> {
        if !env.is_build_script() {
            return Err(Error::new(ErrorKind::Config(
                "compile_c_index(true) works only inside a build script".into(),
            )));
        }
        cc::Build::new()
            .files(
                prefixes
                    .iter()
                    .map(|p| out_dir.join(output_file(p, "levels.c"))),
            )
            .include(out_dir)
            .try_compile(&format!("{c_prefix}levels"))
            .map_err(|e| Error::new(ErrorKind::CCompile(super::error::CCompileError::new(e))))
    }
}

/// A template that does not fit its values: a bug of levbuild's, reported
/// rather than written out half-filled.
fn template_error(why: String) -> Error {
    Error::new(ErrorKind::Config(format!(
        "levbuild's index templates: {why}"
    )))
}

/// The text of the data file `d` of `set`, its blobs' bytes read back
/// from `out_dir` where they are not at hand.
fn c_data_text(
    set: &index::SetIndex<'_>,
    d: &index::CDataFile<'_, '_>,
    several: bool,
    out_dir: &Path,
) -> Result<String, Error> {
    let data = (d.blobs.iter())
        .map(|b| {
            (b.output.bytes(out_dir)).map_err(|e| Error::io(out_dir.join(b.output.path.file()), e))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let data: Vec<&[u8]> = data.iter().map(|b| &**b).collect();
    d.text(set, several, &data).map_err(template_error)
}
