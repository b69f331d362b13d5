//! Whole-tree builds for `build.rs` and xtasks: discovery, parallel
//! compilation, a content-hash cache, atomic writes, and a generated Rust
//! module and C header indexing the blobs.
//!
//! ```no_run
//! // build.rs: blobs and index in $OUT_DIR/levels
//! levbuild::Build::new().source_dir("dat").compile();
//! // src/levels.rs:
//! // include!(concat!(env!("OUT_DIR"), "/levels/levels.rs"));
//! ```
//!
//! Each source directory is a *level set*. With one set, its blobs go
//! straight into the output directory; with several, each set's blobs go
//! to its path relative to the deepest directory containing all sets
//! (`variants/a/dat` and `variants/b/dat` → `OUT/a/dat/`, `OUT/b/dat/`),
//! and `levels.rs` has one module per set.

mod cache;
mod cargo;
mod discover;
mod error;
mod glob;
mod index;
mod output;
mod stamp;

pub use error::{DuplicateLevel, Error, ErrorKind};

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::des;
use crate::diag::Diagnostics;
use crate::dungeon::{self, Features};
use cache::{Cache, Entry};
use discover::{LevelSet, Source, SourceKind};

/// Configures and runs a tree build, in the style of `cc::Build`.
#[derive(Clone, Debug)]
pub struct Build {
    source_dirs: Vec<PathBuf>,
    out_dir: Option<PathBuf>,
    dungeon_patterns: Vec<String>,
    include: Vec<String>,
    exclude: Vec<String>,
    features: Features,
    extra_warnings: bool,
    jobs: Option<usize>,
    cache_dir: Option<PathBuf>,
    use_cache: bool,
    rust_index: bool,
    c_index: bool,
    compile_c: bool,
    cargo: Option<bool>,
    check_only: bool,
}

impl Default for Build {
    fn default() -> Self {
        Self::new()
    }
}

/// What a build did. `Display` is a readable summary.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Where the outputs went.
    pub out_dir: PathBuf,
    /// Level sets (source directories).
    pub sets: usize,
    /// Source files found.
    pub sources: usize,
    /// Files compiled by this build.
    pub compiled: usize,
    /// Files whose result came from the cache.
    pub cached: usize,
    /// Levels produced.
    pub levels: usize,
    /// Dungeon files produced.
    pub dungeons: usize,
    /// Files written (blobs, index, manifest not counted).
    pub written: Vec<PathBuf>,
    /// Outputs already up to date.
    pub unchanged: usize,
    /// Outputs removed because their source went away.
    pub removed: Vec<PathBuf>,
    /// Every warning, one `file:line:col: warning: …` line each.
    pub warnings: Vec<String>,
    /// Things discovery skipped (unreadable entries, symlink loops).
    pub notes: Vec<String>,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "levbuild: {} file(s) in {} level set(s): {} compiled, {} from cache; {} level(s), {} dungeon file(s) in {}",
            self.sources,
            self.sets,
            self.compiled,
            self.cached,
            self.levels,
            self.dungeons,
            self.out_dir.display()
        )?;
        writeln!(
            f,
            "levbuild: {} written, {} unchanged, {} removed; {} warning(s)",
            self.written.len(),
            self.unchanged,
            self.removed.len(),
            self.warnings.len()
        )?;
        for w in self.notes.iter().chain(&self.warnings) {
            writeln!(f, "  {w}")?;
        }
        Ok(())
    }
}

/// One source file's result.
struct Compiled {
    entry: Entry,
    from_cache: bool,
    /// The cache key: what the outputs are a function of.
    key: blake3::Hash,
    /// The source's stamp when it was looked at.
    stamp: Option<stamp::Stamp>,
}

/// What can go wrong with one file without stopping the others.
enum FileFailure {
    Io(PathBuf, std::io::Error),
    Diagnostics(Diagnostics),
}

impl Build {
    /// A build with the defaults: no source directory yet, output in
    /// `$OUT_DIR/levels` inside a build script, dungeon files named
    /// `dungeon.def`, NetHack 3.4.3's `makedefs` features, no `-w`
    /// warnings, cache inside the output directory, Rust and C indexes,
    /// Cargo directives when run by Cargo as a build script.
    pub fn new() -> Self {
        Build {
            source_dirs: Vec::new(),
            out_dir: None,
            dungeon_patterns: vec!["dungeon.def".to_string()],
            include: Vec::new(),
            exclude: Vec::new(),
            features: Features::default(),
            extra_warnings: false,
            jobs: None,
            cache_dir: None,
            use_cache: true,
            rust_index: true,
            c_index: true,
            compile_c: false,
            cargo: None,
            check_only: false,
        }
    }

    /// Adds a source directory: one level set.
    pub fn source_dir(&mut self, dir: impl AsRef<Path>) -> &mut Self {
        self.source_dirs.push(dir.as_ref().to_path_buf());
        self
    }

    /// Where blobs and index go (default: `$OUT_DIR/levels` in a build
    /// script; required elsewhere).
    pub fn out_dir(&mut self, dir: impl AsRef<Path>) -> &mut Self {
        self.out_dir = Some(dir.as_ref().to_path_buf());
        self
    }

    /// Also treats files whose name matches `pattern` (`*`, `?`) as
    /// dungeon descriptions, e.g. `dngnch*.def`. `dungeon.def` always is.
    pub fn dungeon_file(&mut self, pattern: &str) -> &mut Self {
        self.dungeon_patterns.push(pattern.to_string());
        self
    }

    /// Only compiles files whose path relative to their source directory
    /// matches one of the include globs (`*`, `?`, `**`).
    pub fn include(&mut self, glob: &str) -> &mut Self {
        self.include.push(glob.to_string());
        self
    }

    /// Skips files whose relative path matches `glob`.
    pub fn exclude(&mut self, glob: &str) -> &mut Self {
        self.exclude.push(glob.to_string());
        self
    }

    /// The `%NAME` features for `makedefs -e` preprocessing.
    pub fn features(&mut self, features: Features) -> &mut Self {
        self.features = features;
        self
    }

    /// Reports lev_comp's `-w` warnings too.
    pub fn extra_warnings(&mut self, on: bool) -> &mut Self {
        self.extra_warnings = on;
        self
    }

    /// Threads to compile with (default: the machine's, capped by Cargo's
    /// `NUM_JOBS` in a build script).
    pub fn jobs(&mut self, n: usize) -> &mut Self {
        self.jobs = Some(n.max(1));
        self
    }

    /// Where the cache lives (default: `.levbuild-cache` in the output
    /// directory). Several profiles or targets may share one.
    pub fn cache_dir(&mut self, dir: impl AsRef<Path>) -> &mut Self {
        self.cache_dir = Some(dir.as_ref().to_path_buf());
        self
    }

    /// Uses the cache (default) or compiles everything every time.
    pub fn cache(&mut self, on: bool) -> &mut Self {
        self.use_cache = on;
        self
    }

    /// Writes `levels.rs` (default on).
    pub fn rust_index(&mut self, on: bool) -> &mut Self {
        self.rust_index = on;
        self
    }

    /// Writes `levels.h` and `levels.c` (default on).
    pub fn c_index(&mut self, on: bool) -> &mut Self {
        self.c_index = on;
        self
    }

    /// Compiles `levels.c` into a static library with the `cc` crate and
    /// links it (build scripts only; implies [`Build::c_index`]).
    pub fn compile_c_index(&mut self, on: bool) -> &mut Self {
        self.compile_c = on;
        if on {
            self.c_index = true;
        }
        self
    }

    /// Prints `cargo:` directives (default: only when run as a build script).
    pub fn cargo_directives(&mut self, on: bool) -> &mut Self {
        self.cargo = Some(on);
        self
    }

    /// Only reports diagnostics: compiles everything, writes nothing (not
    /// even the cache).
    pub fn check_only(&mut self, on: bool) -> &mut Self {
        self.check_only = on;
        self
    }

    /// Runs the build; on failure prints every diagnostic and exits with
    /// status 1, as `cc::Build::compile` does. For build scripts.
    pub fn compile(&self) -> Report {
        match self.try_compile() {
            Ok(report) => report,
            Err(e) => {
                let emit = self
                    .cargo
                    .unwrap_or_else(|| cargo::CargoEnv::read().is_build_script());
                if emit {
                    let mut d = cargo::Directives::default();
                    for diags in e.diagnostics() {
                        for line in diags.short() {
                            d.warning(&line);
                        }
                    }
                    d.print();
                }
                eprintln!("\nerror occurred: {e}");
                std::process::exit(1);
            }
        }
    }

    /// Runs the build. A failing file does not stop the others from being
    /// compiled, but then nothing is written and the error lists every
    /// diagnostic.
    pub fn try_compile(&self) -> Result<Report, Error> {
        let env = cargo::CargoEnv::read();
        let emit = self.cargo.unwrap_or(env.is_build_script());
        if self.source_dirs.is_empty() {
            return Err(Error::new(ErrorKind::Config(
                "no source directory: call source_dir()".into(),
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
        let mut directives = cargo::Directives::default();
        let mut report = Report {
            out_dir: out_dir.clone(),
            sets: self.source_dirs.len(),
            ..Report::default()
        };

        let sets = self.discover(&mut report, &mut directives)?;
        report.sources = sets.iter().map(|s| s.sources.len()).sum();

        let cache = (self.use_cache && !self.check_only).then(|| {
            Cache::new(
                self.cache_dir
                    .clone()
                    .unwrap_or_else(|| out_dir.join(".levbuild-cache")),
            )
        });
        let jobs: Vec<&Source> = sets.iter().flat_map(|s| &s.sources).collect();
        let mut outputs = output::Outputs::open(&out_dir);
        let results = self.compile_all(&jobs, cache.as_ref(), &outputs, env.num_jobs);

        // Gather, per set, in discovery order: failures, duplicates, warnings.
        let mut diagnostics = Vec::new();
        let mut io_failure = None;
        let mut duplicates = Vec::new();
        let mut per_set: Vec<Vec<(&Source, Compiled)>> = Vec::new();
        let mut results = results.into_iter();
        for set in &sets {
            let mut done = Vec::new();
            let mut seen: HashMap<String, &Path> = HashMap::new();
            for source in &set.sources {
                match results.next() {
                    Some(Ok(c)) => {
                        if c.from_cache {
                            report.cached += 1;
                        } else {
                            report.compiled += 1;
                        }
                        report
                            .warnings
                            .extend(c.entry.warnings_short.iter().cloned());
                        if source.kind == SourceKind::Des {
                            for (name, _) in &c.entry.outputs {
                                if let Some(first) = seen.insert(name.clone(), &source.path) {
                                    duplicates.push(DuplicateLevel {
                                        name: name.clone(),
                                        first: first.to_path_buf(),
                                        second: source.path.clone(),
                                    });
                                }
                            }
                        }
                        if let Some(st) = c.stamp {
                            outputs.record_source(
                                &source.path.to_string_lossy(),
                                st,
                                &c.key.to_hex(),
                            );
                        }
                        done.push((source, c));
                    }
                    Some(Err(FileFailure::Diagnostics(d))) => diagnostics.push(d),
                    Some(Err(FileFailure::Io(path, e))) => {
                        io_failure = io_failure.or(Some((path, e)))
                    }
                    None => {}
                }
            }
            per_set.push(done);
        }
        if let Some((path, e)) = io_failure {
            return Err(Error::io(path, e));
        }
        if !diagnostics.is_empty() || !duplicates.is_empty() {
            return Err(Error::new(ErrorKind::Failed {
                diagnostics,
                duplicates,
            }));
        }
        // Special levels the dungeon needs that no file of the set defines.
        for (set, done) in sets.iter().zip(&per_set) {
            let levels: Vec<&str> = done
                .iter()
                .filter(|(s, _)| s.kind == SourceKind::Des)
                .flat_map(|(_, c)| c.entry.outputs.iter().map(|(n, _)| n.as_str()))
                .collect();
            for (source, c) in done.iter().filter(|(s, _)| s.kind == SourceKind::Dungeon) {
                for (_, bytes) in &c.entry.outputs {
                    let Ok(d) = dungeon::decode(bytes) else {
                        continue;
                    };
                    for m in dungeon::missing_levels(&d, levels.iter().copied()) {
                        report.warnings.push(format!(
                            "{}: warning: {m}",
                            set.dir.join(&source.rel).display()
                        ));
                    }
                }
            }
        }
        if let Some(w) = env.layout_warning() {
            report.warnings.push(format!("warning: {w}"));
        }
        for (source, Compiled { entry, .. }) in per_set.iter().flatten() {
            match source.kind {
                SourceKind::Des => report.levels += entry.outputs.len(),
                SourceKind::Dungeon => report.dungeons += entry.outputs.len(),
            }
        }
        if !self.check_only {
            self.write(outputs, &out_dir, &sets, &per_set, &env, &mut report)?;
            if self.compile_c {
                self.compile_c_library(&out_dir, &sets, &env)?;
            }
        }
        if emit {
            for w in report.notes.iter().chain(&report.warnings) {
                directives.warning(w);
            }
            if !self.check_only && self.c_index {
                directives.include_dir(&out_dir);
            }
            directives.print();
        }
        Ok(report)
    }

    fn discover(
        &self,
        report: &mut Report,
        directives: &mut cargo::Directives,
    ) -> Result<Vec<LevelSet>, Error> {
        let filter = discover::Filter {
            dungeon_patterns: &self.dungeon_patterns,
            include: &self.include,
            exclude: &self.exclude,
        };
        let layout = discover::set_layout(&self.source_dirs);
        let mut sets = Vec::new();
        let mut names: Vec<String> = Vec::new();
        for (dir, (out_rel, name)) in self.source_dirs.iter().zip(layout) {
            let discover::Walk {
                sources,
                dirs,
                notes,
            } = discover::walk(dir, &filter).map_err(|e| Error::io(dir, e))?;
            report.notes.extend(notes);
            let mut name = name;
            if names.contains(&name) || is_keyword(&name) {
                name = format!("{name}_{}", names.len());
            }
            names.push(name.clone());
            for d in &dirs {
                directives.rerun_if_changed(d);
            }
            for s in &sources {
                directives.rerun_if_changed(&s.path);
            }
            sets.push(LevelSet {
                dir: dir.clone(),
                out_rel,
                name,
                sources,
            });
        }
        Ok(sets)
    }

    /// Compiles every source, in parallel when it pays; results come back
    /// in the order of `jobs` whatever the thread count.
    fn compile_all(
        &self,
        jobs: &[&Source],
        cache: Option<&Cache>,
        known: &output::Outputs,
        cargo_jobs: Option<usize>,
    ) -> Vec<Result<Compiled, FileFailure>> {
        let available = std::thread::available_parallelism().map_or(1, |n| n.get());
        let threads = self
            .jobs
            .unwrap_or_else(|| cargo_jobs.unwrap_or(available))
            .min(jobs.len())
            .max(1);
        let one = |s: &&Source| self.compile_one(s, cache, known);
        if threads <= 1 || jobs.len() <= 2 {
            return jobs.iter().map(one).collect();
        }
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| jobs.par_iter().map(one).collect()),
            Err(_) => jobs.iter().map(one).collect(),
        }
    }

    fn cache_key(&self, source: &Source, bytes: &[u8]) -> blake3::Hash {
        let mut h = blake3::Hasher::new();
        h.update(b"levbuild cache key\0");
        h.update(env!("CARGO_PKG_VERSION").as_bytes());
        h.update(&[0, source.kind as u8, u8::from(self.extra_warnings)]);
        if source.kind == SourceKind::Dungeon {
            for (name, on) in self.features.iter() {
                h.update(name.as_bytes());
                h.update(&[0, u8::from(on)]);
            }
        }
        h.update(b"\0path\0");
        h.update(source.path.to_string_lossy().as_bytes());
        h.update(b"\0source\0");
        h.update(bytes);
        h.finalize()
    }

    fn compile_one(
        &self,
        source: &Source,
        cache: Option<&Cache>,
        known: &output::Outputs,
    ) -> Result<Compiled, FileFailure> {
        let failed = |e| FileFailure::Io(source.path.clone(), e);
        let stamp = std::fs::metadata(&source.path).map_err(failed)?;
        let stamp = stamp::Stamp::of(&stamp);
        let shown = source.path.to_string_lossy();
        // An unchanged source (by its stamp) need not even be read.
        let known_key = stamp
            .and_then(|st| known.known_key(&shown, &st))
            .and_then(|k| blake3::Hash::from_hex(k).ok());
        if let (Some(key), Some(cache)) = (known_key, cache) {
            if let Some(entry) = cache.get(&key) {
                return Ok(Compiled {
                    entry,
                    from_cache: true,
                    key,
                    stamp,
                });
            }
        }
        let bytes = std::fs::read(&source.path).map_err(failed)?;
        let key = self.cache_key(source, &bytes);
        if let Some(entry) = cache.and_then(|c| c.get(&key)) {
            return Ok(Compiled {
                entry,
                from_cache: true,
                key,
                stamp,
            });
        }
        let text = String::from_utf8_lossy(&bytes);
        let entry = match source.kind {
            SourceKind::Des => {
                let options = des::Options {
                    extra_warnings: self.extra_warnings,
                };
                let file =
                    des::compile_with(&text, &shown, &options).map_err(FileFailure::Diagnostics)?;
                Entry {
                    outputs: file.levels.into_iter().map(|l| (l.name, l.bytes)).collect(),
                    warnings_short: file.warnings.short(),
                    warnings_rendered: file.warnings.render(false),
                }
            }
            SourceKind::Dungeon => {
                let out = dungeon::compile(&text, &shown, &self.features)
                    .map_err(FileFailure::Diagnostics)?;
                let stem = Path::new(&source.rel)
                    .file_stem()
                    .map_or_else(|| "dungeon".into(), |s| s.to_string_lossy().into_owned());
                Entry {
                    outputs: vec![(stem, out.bytes)],
                    warnings_short: out.warnings.short(),
                    warnings_rendered: out.warnings.render(false),
                }
            }
        };
        if let Some(c) = cache {
            // A cache that cannot be written only costs a recompile later.
            let _ = c.put(&key, &entry);
        }
        Ok(Compiled {
            entry,
            from_cache: false,
            key,
            stamp,
        })
    }

    fn write(
        &self,
        mut outputs: output::Outputs,
        out_dir: &Path,
        sets: &[LevelSet],
        per_set: &[Vec<(&Source, Compiled)>],
        env: &cargo::CargoEnv,
        report: &mut Report,
    ) -> Result<(), Error> {
        let mut indexes = Vec::new();
        for (set, done) in sets.iter().zip(per_set) {
            let prefix: String = set
                .out_rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            let file_of = |name: &str, ext: &str| {
                if prefix.is_empty() {
                    format!("{name}{ext}")
                } else {
                    format!("{prefix}/{name}{ext}")
                }
            };
            let mut levels = Vec::new();
            let mut dungeons = Vec::new();
            for (source, c) in done {
                for (name, bytes) in &c.entry.outputs {
                    let (ext, list) = match source.kind {
                        SourceKind::Des => (".lev", &mut levels),
                        SourceKind::Dungeon => ("", &mut dungeons),
                    };
                    let file = file_of(name, ext);
                    // The bytes are a function of the source's key and the name.
                    let identity = format!("{}:{name}", c.key.to_hex());
                    outputs.put(&file, bytes, &identity)?;
                    list.push(index::Blob {
                        name,
                        source: &source.rel,
                        file,
                        data: bytes,
                        identity,
                    });
                }
            }
            levels.sort_by(|a, b| a.name.cmp(b.name));
            indexes.push(index::SetIndex {
                module: set.name.clone(),
                dir: set.dir.display().to_string(),
                levels,
                dungeons,
            });
        }
        let sources = self
            .source_dirs
            .iter()
            .map(|d| d.display().to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let style = match env
            .out_dir
            .as_ref()
            .and_then(|o| out_dir.strip_prefix(o).ok())
        {
            Some(rel) => index::PathStyle::OutDir(
                rel.components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join("/"),
            ),
            None => index::PathStyle::Relative,
        };
        if self.rust_index {
            let key = index::key(&indexes, &style, &sources, true, "rs");
            if !outputs.is_current("levels.rs", &key) {
                outputs.put(
                    "levels.rs",
                    index::rust(&indexes, &style, &sources).as_bytes(),
                    &format!("{key}:rs"),
                )?;
            }
        }
        if self.c_index {
            let key = index::key(&indexes, &style, &sources, false, "h");
            if !outputs.is_current("levels.h", &key) {
                outputs.put(
                    "levels.h",
                    index::c_header(&indexes, &sources).as_bytes(),
                    &format!("{key}:h"),
                )?;
            }
            // One levels.c per set, next to its blobs: a change rewrites only its own.
            for (n, set) in sets.iter().enumerate() {
                let file = c_source_path(set);
                let key = index::key(
                    &indexes[n..=n],
                    &style,
                    &format!("{sources}\0{n}\0{}", sets.len()),
                    true,
                    "c",
                );
                if !outputs.is_current(&file, &key) {
                    outputs.put(
                        &file,
                        index::c_source(&indexes, n, &sources).as_bytes(),
                        &format!("{key}:c"),
                    )?;
                }
            }
        }
        let (written, removed, unchanged) = outputs.finish()?;
        report.written = written;
        report.removed = removed;
        report.unchanged = unchanged;
        Ok(())
    }

    fn compile_c_library(
        &self,
        out_dir: &Path,
        sets: &[LevelSet],
        env: &cargo::CargoEnv,
    ) -> Result<(), Error> {
        if !env.is_build_script() {
            return Err(Error::new(ErrorKind::Config(
                "compile_c_index(true) works only inside a build script".into(),
            )));
        }
        cc::Build::new()
            .files(sets.iter().map(|s| out_dir.join(c_source_path(s))))
            .include(out_dir)
            .try_compile("levbuild_levels")
            .map_err(|e| Error::new(ErrorKind::CCompile(e.to_string())))
    }
}

/// Where a set's `levels.c` goes, relative to the output directory.
fn c_source_path(set: &LevelSet) -> String {
    let prefix: Vec<String> = set
        .out_rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if prefix.is_empty() {
        "levels.c".to_string()
    } else {
        format!("{}/levels.c", prefix.join("/"))
    }
}

/// Rust keywords a level-set module must not be named.
fn is_keyword(name: &str) -> bool {
    const KEYWORDS: &[&str] = &[
        "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum",
        "extern", "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move",
        "mut", "pub", "ref", "return", "self", "static", "struct", "super", "trait", "true",
        "type", "unsafe", "use", "where", "while", "gen",
    ];
    KEYWORDS.contains(&name)
}
