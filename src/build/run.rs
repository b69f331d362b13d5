//! One run of [`Build::try_compile`], phase by phase (see the module
//! docs of `build`): the settings it resolves, the level sets it scans,
//! the results it gets for their sources (from the manifest, a cache entry
//! or the compiler), and what it writes. Each phase is a function over a
//! record per set ([`SetRun`]) and per source ([`SourceRun`]).

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Arc;

use super::cache::Cache;
use super::cargo::{self, Directives};
use super::claim::Claim;
use super::discover::LevelSet;
use super::job::{self, Done, FileFailure, Job, Probe};
use super::produce::{entries_to_save, produce};
use super::workers::Workers;
use super::write::Written;
use super::{
    c_identifier, check_set_places, gather, Build, Error, ErrorKind, GameSource, Report, SetSpec,
};
use crate::layout::Layout;

/// What a run resolves before it looks at any source.
pub(super) struct Plan {
    env: cargo::CargoEnv,
    /// Whether to print Cargo directives.
    emit: bool,
    out_dir: PathBuf,
    layout: Layout,
    /// The prefix of the C index's symbols and library.
    c_prefix: String,
    source_dirs: Vec<PathBuf>,
    /// Per set: the options its sources compile with.
    options: Vec<job::Options>,
    /// How manifests name the options their records were made with.
    fingerprint_hex: String,
    cache: Option<Cache>,
    /// The build's claim on `out_dir`, taken before its first write.
    claim: Arc<Claim>,
    workers: Workers,
    /// The names of the warnings silenced.
    allowed: Vec<&'static str>,
}

/// A level set during a run.
struct SetRun {
    /// Its manifest, as read; written again with its new outputs.
    manifest: super::output::Outputs,
    /// True unless the manifest proves every source unchanged.
    changed: bool,
}

/// The level sets of a run after their walk.
struct Scanned {
    sets: Vec<LevelSet>,
    set_runs: Vec<SetRun>,
    /// What the manifests prove about each source, in order across sets.
    probes: Vec<Probe>,
}

/// A source during a run.
struct SourceRun<'s> {
    job: Job<'s>,
    /// What the manifest proves about it, until that is used.
    probe: Option<Probe>,
    /// Its result, once there is one.
    result: Option<Result<Done, FileFailure>>,
}

impl Build {
    /// Runs the build (see [`Build::try_compile`]).
    pub(super) fn run(&self) -> Result<Report, Error> {
        let mut report = Report::default();
        let mut directives = Directives::default();
        let mut plan = self.plan(&mut report, &mut directives)?;
        let Scanned {
            sets,
            mut set_runs,
            probes,
        } = self.scan_sets(&mut plan, &mut report, &mut directives)?;
        let mut sources = sources(&sets, probes);
        for s in &sources {
            set_runs[s.job.set].changed |= !matches!(s.probe, Some(Probe::Known(_)));
        }
        produce_results(&plan, &sets, &set_runs, &mut sources);
        let results: Vec<_> = sources.iter().map(|s| s.result.as_ref()).collect();
        let saves = match &plan.cache {
            Some(_) => entries_to_save(&results),
            None => Vec::new(),
        };
        // Every source's key: what a cache of this build alone keeps.
        let live: HashSet<blake3::Hash> = (results.iter().flatten())
            .filter_map(|r| r.as_ref().ok().map(|done| done.key))
            .collect();
        let manifests: Vec<_> = set_runs.into_iter().map(|s| s.manifest).collect();
        // A failed build (gather) writes nothing, not even the cache.
        let (jobs, results): (Vec<Job<'_>>, Vec<_>) =
            sources.into_iter().map(|s| (s.job, s.result)).unzip();
        // Silenced warnings are dropped here, as they are reported: the
        // cache and the manifests keep every warning.
        let allowed = |code: Option<&str>| code.is_some_and(|c| plan.allowed.contains(&c));
        let per_set = gather::gather(&plan.workers, &sets, &jobs, results, &mut report)
            .map_err(|e| e.without_warnings(|d| allowed(d.code)))?;
        report.warnings.retain(|w| !allowed(w.code));
        if self.warnings_into_errors && !report.warnings.is_empty() {
            return Err(Error::new(ErrorKind::WarningsDenied(report.warnings)));
        }
        let prefixes: Vec<String> = sets.iter().map(LevelSet::out_prefix).collect();
        let entries_saved = !saves.is_empty();
        // The cache entries are saved while the outputs are written; what a
        // killed build left in the cache goes even when nothing is saved
        // (the default cache's with the output directory's, see `Claim`).
        if !self.check_only {
            plan.claim.take_if_a_build_was_killed();
        }
        let save_entries = || {
            if let Some(cache) = plan.cache.as_ref() {
                match self.cache_dir.is_some() {
                    true => cache.remove_leftovers(),
                    false if !saves.is_empty() => plan.claim.take(),
                    false => {}
                }
                plan.workers.map(saves, |(key, entry)| {
                    // An entry that cannot be written only costs a recompile later.
                    let _ = cache.put(&key, &entry);
                });
            }
        };
        let write = || -> Result<Report, Error> {
            let mut report = report;
            if !self.check_only {
                let written = Written {
                    out_dir: &plan.out_dir,
                    fingerprint: plan.fingerprint_hex.clone(),
                    claim: &plan.claim,
                    sets: &sets,
                    prefixes: &prefixes,
                    per_set: &per_set,
                    layout: plan.layout,
                    c_prefix: &plan.c_prefix,
                    games: plan.options.iter().map(|o| &*o.game).collect(),
                };
                self.write(manifests, &plan.workers, &written, &plan.env, &mut report)?;
            }
            Ok(report)
        };
        let report = plan.workers.join(save_entries, write).1?;
        #[cfg(feature = "render")]
        let report = self.draw_gallery(&plan, &sets, &per_set, report)?;
        self.finish(&plan, report, &live, &prefixes, entries_saved, directives)
    }

    /// The settings of the run: where outputs go, for which layout and
    /// games, with which cache and threads. Reports the games and layout.
    fn plan(&self, report: &mut Report, directives: &mut Directives) -> Result<Plan, Error> {
        let env = cargo::CargoEnv::read();
        let emit = self.cargo.unwrap_or(env.is_build_script());
        let allowed = self
            .allowed
            .iter()
            .map(|name| crate::diag::warning_name(name))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| Error::new(ErrorKind::Config(e.to_string())))?;
        if self.source_dirs.is_empty() && !matches!(self.game, Some(GameSource::Tree(_))) {
            return Err(Error::new(ErrorKind::Config(
                "no source directory: call source_dir(), or game() with a GameSource::Tree (whose dat/ is the one)".into(),
            )));
        }
        let out_dir = match (&self.out_dir, &env.out_dir) {
            (Some(d), _) => d.clone(),
            (None, Some(o)) => o.join("levels"),
            (None, None) => {
                return Err(Error::new(ErrorKind::Config(
                    "no output directory: call out_dir() (only build scripts default to $OUT_DIR/levels)".into(),
                )))
            }
        };
        report.out_dir.clone_from(&out_dir);
        let layout = match self.layout.clone().or(env.layout.clone()) {
            Some(Ok(layout)) => layout,
            Some(Err(e)) => return Err(Error::new(ErrorKind::Config(e.to_string()))),
            None => Layout::host(),
        };
        report.layout = Some(layout);
        let c_prefix = match (&self.c_prefix, &env.package) {
            (Some(p), _) => p.clone(),
            (None, Some(package)) => format!("{}_levbuild_", c_identifier(package)),
            (None, None) => "levbuild_".to_string(),
        };
        let source_dirs = self.source_dirs_or_tree_dat();
        report.sets = source_dirs.len();
        let cache_dir = self
            .cache_dir
            .clone()
            .unwrap_or_else(|| out_dir.join(".levbuild-cache"));
        let target = self.target.clone().or(env.target.clone());
        let games = self.games(&source_dirs, target, layout, &cache_dir)?;
        for (dir, game) in source_dirs.iter().zip(&games) {
            if emit {
                for f in game.tree_files() {
                    directives.rerun_if_changed(f);
                }
            }
            report.games.push(format!("{}: {game}", dir.display()));
        }
        let options: Vec<job::Options> = games
            .into_iter()
            .map(|game| job::Options::new(self.extra_warnings, game, layout))
            .collect();
        let fingerprint = {
            let mut h = blake3::Hasher::new();
            for o in &options {
                h.update(o.fingerprint.as_bytes());
            }
            h.finalize()
        };
        // The default cache is inside the output directory, and swept with
        // it after a killed build.
        let default_cache = self.cache_dir.is_none().then_some(cache_dir.as_path());
        let claim = Arc::new(Claim::new(&out_dir, default_cache));
        let cache = (self.use_cache && !self.check_only).then(|| Cache::new(cache_dir));
        let available = std::thread::available_parallelism().map_or(1, |n| n.get());
        let threads = self
            .jobs
            .unwrap_or_else(|| env.num_jobs.unwrap_or(available));
        Ok(Plan {
            env,
            emit,
            out_dir,
            layout,
            c_prefix,
            source_dirs,
            options,
            fingerprint_hex: fingerprint.to_hex().to_string(),
            cache,
            claim,
            workers: Workers::new(threads),
            allowed,
        })
    }

    /// Per set, in parallel: its sources, its manifest, and what that
    /// proves about each source (the probes, in source order across sets).
    fn scan_sets(
        &self,
        plan: &mut Plan,
        report: &mut Report,
        directives: &mut Directives,
    ) -> Result<Scanned, Error> {
        let specs: Vec<(usize, SetSpec<'_>)> = self
            .set_specs(&plan.source_dirs)
            .into_iter()
            .enumerate()
            .collect();
        check_set_places(&specs)?;
        let place = super::ScanPlace {
            out_dir: &plan.out_dir,
            claim: &plan.claim,
            workers: &plan.workers,
            trust: plan.cache.is_some(),
        };
        let scans = plan.workers.map(specs, |(n, spec)| {
            let options = &plan.options[n];
            let hex = options.fingerprint.to_hex().to_string();
            self.scan(spec, &place, options, &hex)
        });
        let (mut sets, mut set_runs, mut probes) = (Vec::new(), Vec::new(), Vec::new());
        for scan in scans {
            let scan = scan?;
            report.notes.extend(scan.notes);
            if plan.emit {
                for d in &scan.dirs {
                    directives.rerun_if_changed(d);
                }
                for s in &scan.set.sources {
                    directives.rerun_if_changed(&s.path);
                }
            }
            set_runs.push(SetRun {
                manifest: scan.outputs,
                changed: false,
            });
            sets.push(scan.set);
            probes.extend(scan.probes);
        }
        report.empty_sets = (sets.iter())
            .filter(|s| s.sources.is_empty())
            .map(|s| s.dir.clone())
            .collect();
        match report.empty_sets.first() {
            Some(_) if self.allow_empty => {}
            Some(dir) if plan.env.is_build_script() => {
                return Err(Error::new(ErrorKind::Config(format!(
                    "{}; call allow_empty(true) if the directory is empty on purpose",
                    super::empty_set_message(dir)
                ))));
            }
            _ => (report.notes).extend(
                (report.empty_sets.iter())
                    .map(|dir| format!("warning: {}", super::empty_set_message(dir))),
            ),
        }
        report.sources = probes.len();
        if report.sources <= 2 {
            // One or two files: not worth a thread.
            plan.workers = Workers::new(1);
        }
        Ok(Scanned {
            sets,
            set_runs,
            probes,
        })
    }

    /// With [`Build::gallery`], the gallery of the levels the run compiled
    /// (or proved unchanged), written; `report` says where.
    #[cfg(feature = "render")]
    fn draw_gallery(
        &self,
        plan: &Plan,
        sets: &[LevelSet],
        per_set: &[Vec<(&super::discover::Source, Done)>],
        mut report: Report,
    ) -> Result<Report, Error> {
        if let Some(site) = &self.gallery {
            let games: Vec<_> = plan.options.iter().map(|o| o.game.clone()).collect();
            let at = super::gallery::Site {
                dir: site,
                workers: &plan.workers,
                layout: plan.layout,
                out_dir: &plan.out_dir,
            };
            report.gallery = Some(at.write(sets, per_set, &games)?);
        }
        Ok(report)
    }

    /// After the outputs are written: prunes the default cache, compiles
    /// the C index, and prints the Cargo directives.
    fn finish(
        &self,
        plan: &Plan,
        report: Report,
        live: &HashSet<blake3::Hash>,
        prefixes: &[String],
        entries_saved: bool,
        mut directives: Directives,
    ) -> Result<Report, Error> {
        if let Some(cache) = plan.cache.as_ref().filter(|_| self.cache_dir.is_none()) {
            // The default cache is this output directory's alone: what no
            // source built refers to goes whenever the cache or the outputs
            // changed (one directory listing).
            if !report.removed.is_empty() || entries_saved {
                cache.prune(live);
            }
        }
        if self.compile_c && !self.check_only {
            self.compile_c_library(&plan.out_dir, prefixes, &plan.env, &plan.c_prefix)?;
        }
        if plan.emit {
            for note in &report.notes {
                directives.warning(note);
            }
            for w in &report.warnings {
                directives.warning(&w.to_string());
            }
            if !self.check_only && self.c_index {
                directives.include_dir(&plan.out_dir);
            }
            // What `cargo build -vv` shows of the build (never a warning).
            directives.plain(&report.summary());
            directives.print();
        }
        Ok(report)
    }
}

/// Every source of every set, in order, with its probe.
fn sources(sets: &[LevelSet], probes: Vec<Probe>) -> Vec<SourceRun<'_>> {
    sets.iter()
        .enumerate()
        .flat_map(|(set, s)| s.sources.iter().map(move |source| Job { set, source }))
        .zip(probes)
        .map(|(job, probe)| SourceRun {
            job,
            probe: Some(probe),
            result: None,
        })
        .collect()
}

/// The result of every source: what its set's manifest proves (a source
/// proven unchanged, outputs intact), else from the cache or the compiler
/// for the sources of the sets that changed.
fn produce_results(
    plan: &Plan,
    sets: &[LevelSet],
    set_runs: &[SetRun],
    sources: &mut [SourceRun<'_>],
) {
    let mut work = Vec::new();
    for (i, s) in sources.iter_mut().enumerate() {
        match s.probe.take() {
            Some(Probe::Known(done)) => s.result = Some(Ok(done)),
            Some(probe) if set_runs[s.job.set].changed => work.push((i, probe)),
            _ => {}
        }
    }
    let prefixes: Vec<String> = sets.iter().map(LevelSet::out_prefix).collect();
    let jobs: Vec<Job<'_>> = sources.iter().map(|s| s.job).collect();
    let cache = plan.cache.as_ref();
    for (i, r) in produce(&plan.workers, &jobs, &prefixes, work, cache, &plan.options) {
        sources[i].result = Some(r);
    }
}
