//! Whole-tree builds for `build.rs` and xtasks: discovery, parallel
//! compilation, a content-hash cache, atomic writes, and a generated Rust
//! module and C header indexing the blobs ([`Build`] shows its use).
//!
//! Each source directory is a *level set*. With one set, its blobs go
//! straight into the output directory; with several, each set's blobs go
//! to its path relative to the deepest directory containing all sets
//! (`variants/a/dat` and `variants/b/dat` → `OUT/a/dat/`, `OUT/b/dat/`),
//! and `levels.rs` has one module per set.
//!
//! A build runs in phases (`run`, one function each, over a record per
//! set and per source), each spread over the build's threads:
//! 1. per set, find its sources, read its manifest and *probe* each
//!    source (`job`, `output`): proven unchanged with its outputs intact,
//!    or to be produced;
//! 2. produce every source not proven unchanged from its cache entry or
//!    the compiler, each distinct content once (`produce`, `cache`);
//! 3. sort the results per set, fail with every diagnostic, check level
//!    names and the dungeon's needs (`gather`);
//! 4. write each changed set's blobs, `levels.c` and manifest, then the
//!    index files and the output directory's manifest (`write`, `index`),
//!    while the new cache entries are saved.

mod cache;
mod cargo;
mod claim;
mod discover;
mod error;
#[cfg(feature = "render")]
mod gallery;
mod gather;
mod glob;
mod index;
mod job;
mod language;
mod output;
mod produce;
mod run;
mod stamp;
mod stat_dir;
mod warning;
mod workers;
mod write;

pub use error::{CCompileError, DuplicateLevel, Error, ErrorKind, OutputClash};
pub use warning::{Position, Warning};

pub(crate) use cache::write_atomic;
use std::fmt;
use std::path::{Path, PathBuf};

use crate::game::{Game, TreeOptions};
use crate::layout::{Layout, Target, UnknownTarget};
use discover::{output_file, LevelSet};
use job::Probe;
use std::sync::Arc;

/// Where a level set's game comes from ([`Build::game`],
/// [`Build::source_dir_for`]): the one way a build chooses its game, whose
/// own language (3.4.3's or 3.6's) its `.des` files are compiled in.
///
/// ```no_run
/// use levbuild::{Build, Game, GameSource};
/// Build::new().source_dir("dat").game(Game::nethack_367()).compile();
/// Build::new().game(GameSource::tree("../slashem")).compile();
/// Build::new()
///     .source_dir_for("variants/grunthack/dat", GameSource::identity_file("grunthack.game"))
///     .source_dir_for("variants/vanilla/dat", Game::nethack_343())
///     .compile();
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "build")))]
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameSource {
    /// A game's source tree, read by [`Game::from_tree`] (with a C
    /// compiler the first time; cached after).
    Tree(PathBuf),
    /// An identity file written by `levbuild game`
    /// ([`Game::to_identity`]), read by [`Game::from_identity_file`]: the
    /// same bytes as with the tree, with no tree and no C compiler. Its
    /// contents are part of every level's cache key.
    IdentityFile(PathBuf),
    /// A game in hand: a built-in one ([`Game::nethack_343`], the
    /// default; [`Game::nethack_367`], whose 3.6 language needs the
    /// `nethack36` feature) or one the program read or made.
    Game(Arc<Game>),
}

impl GameSource {
    /// [`GameSource::Tree`] at `root`.
    pub fn tree(root: impl AsRef<Path>) -> GameSource {
        GameSource::Tree(root.as_ref().to_path_buf())
    }

    /// [`GameSource::IdentityFile`] at `path`.
    pub fn identity_file(path: impl AsRef<Path>) -> GameSource {
        GameSource::IdentityFile(path.as_ref().to_path_buf())
    }
}

impl From<Arc<Game>> for GameSource {
    fn from(game: Arc<Game>) -> GameSource {
        GameSource::Game(game)
    }
}

/// Configures and runs a tree build, in the style of `cc::Build`.
///
/// In a build script, every `.des` and `dungeon.def` under `dat/` is
/// compiled into `$OUT_DIR/levels`, with the index files `levels.rs`,
/// `levels.h` and `levels.c`:
///
/// ```no_run
/// // build.rs
/// fn main() {
///     levbuild::Build::new()
///         .source_dir("dat")
///         .compile(); // on an error: every diagnostic, then exit status 1
/// }
/// ```
///
/// The crate then includes `levels.rs` as a module with
/// [`include_levels!`](crate::include_levels) (`include_levels!("DIR")`
/// for an [`out_dir`](Build::out_dir) of `$OUT_DIR/DIR`), which gives
/// `LEVELS`, `level(name)`, `dungeon()` and the other items of the index:
///
/// ```ignore
/// mod levels {
///     levbuild::include_levels!();
/// }
///
/// let tower = levels::level("tower").expect("tower is indexed");
/// ```
///
/// (Not a doc test: only a crate with a build script has an `OUT_DIR`.
/// `tests/fixture` is such a crate, built and run by the tests.)
///
/// Outside a build script (an xtask, a tool) an output directory is
/// required, and [`try_compile`](Build::try_compile) returns what
/// happened instead of exiting:
///
/// ```no_run
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let report = levbuild::Build::new()
///     .source_dir("dat")
///     .out_dir("target/levels")
///     .try_compile()?;
/// print!("{report}");
/// # Ok(())
/// # }
/// ```
#[cfg_attr(docsrs, doc(cfg(feature = "build")))]
#[derive(Clone, Debug)]
pub struct Build {
    source_dirs: Vec<PathBuf>,
    out_dir: Option<PathBuf>,
    dungeon_patterns: Vec<String>,
    only: Vec<String>,
    exclude: Vec<String>,
    /// `define`/`undefine` calls, applied to each game's own features.
    feature_overrides: Vec<(String, bool)>,
    extra_warnings: bool,
    warnings_into_errors: bool,
    /// The names of the warnings [`Build::allow`] silences.
    allowed: Vec<String>,
    layout: Option<Result<Layout, UnknownTarget>>,
    /// The triple given to [`Build::target`].
    target: Option<String>,
    /// The game of sets without one of their own (none: NetHack 3.4.3).
    game: Option<GameSource>,
    c_prefix: Option<String>,
    /// Each source directory's own game, if it has one.
    set_games: Vec<Option<GameSource>>,
    jobs: Option<usize>,
    cache_dir: Option<PathBuf>,
    use_cache: bool,
    rust_index: bool,
    rust_decoder: bool,
    c_index: bool,
    compile_c: bool,
    cargo: Option<bool>,
    check_only: bool,
    allow_empty: bool,
    /// Where [`Build::gallery`] writes the gallery.
    #[cfg(feature = "render")]
    gallery: Option<PathBuf>,
}

impl Default for Build {
    fn default() -> Self {
        Self::new()
    }
}

/// What a build did. `Display` is a readable summary.
#[cfg_attr(docsrs, doc(cfg(feature = "build")))]
#[non_exhaustive]
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
    /// Files whose result came from the cache, from the last build's
    /// manifest, or from an identical file compiled by this build.
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
    /// Every warning but those [`Build::allow`] silences (its `Display` is
    /// the one-line `file:line:col: warning[NAME]: …` form).
    pub warnings: Vec<Warning>,
    /// Things discovery skipped (unreadable entries, symlink loops).
    pub notes: Vec<String>,
    /// The game each level set was built for: `DIR: NAME VERSION (header
    /// ORIGIN)`.
    pub games: Vec<String>,
    /// The C data layout the blobs were written in (`None` only for a
    /// report made before the build chose one).
    pub layout: Option<Layout>,
    /// The gallery page [`Build::gallery`] wrote, if it asked for one.
    pub gallery: Option<PathBuf>,
    /// Source directories in which no level or dungeon file was found.
    /// Outside a build script each is also a `warning:` line of
    /// [`Report::notes`]; in one it is an error unless
    /// [`Build::allow_empty`].
    pub empty_sets: Vec<PathBuf>,
}

impl Report {
    /// The build in one line: `levbuild: 27 file(s) in 1 level set(s): 3
    /// compiled, 24 from cache; 4 written, 116 unchanged, 0 removed; 0
    /// warning(s) (OUT)`. A build script prints it on standard output,
    /// where `cargo build -vv` shows it.
    pub fn summary(&self) -> String {
        if self.is_up_to_date() {
            return format!(
                "levbuild: {} file(s) in {} level set(s) up to date: nothing compiled or written ({})",
                self.sources,
                self.sets,
                self.out_dir.display()
            );
        }
        format!(
            "levbuild: {} file(s) in {} level set(s): {} compiled, {} from cache; {} written, {} \
             unchanged, {} removed; {} warning(s) ({})",
            self.sources,
            self.sets,
            self.compiled,
            self.cached,
            self.written.len(),
            self.unchanged,
            self.removed.len(),
            self.warnings.len(),
            self.out_dir.display()
        )
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_up_to_date() {
            writeln!(
                f,
                "levbuild: {} file(s) in {} level set(s) up to date: nothing compiled or written; {} level(s), {} dungeon file(s) in {}; {} warning(s){}",
                self.sources,
                self.sets,
                self.levels,
                self.dungeons,
                self.out_dir.display(),
                self.warnings.len(),
                self.layout
                    .map_or_else(String::new, |l| format!("; layout {l}"))
            )?;
            return self.fmt_rest(f);
        }
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
            "levbuild: {} written, {} unchanged, {} removed; {} warning(s){}",
            self.written.len(),
            self.unchanged,
            self.removed.len(),
            self.warnings.len(),
            self.layout
                .map_or_else(String::new, |l| format!("; layout {l}"))
        )?;
        self.fmt_rest(f)
    }
}

impl Report {
    /// True for a build that compiled, wrote and removed nothing: every
    /// output was already up to date.
    pub fn is_up_to_date(&self) -> bool {
        self.compiled == 0 && self.written.is_empty() && self.removed.is_empty()
    }

    /// The games, notes and warnings of `Display`.
    fn fmt_rest(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for game in &self.games {
            writeln!(f, "levbuild: for {game}")?;
        }
        for note in &self.notes {
            writeln!(f, "  {note}")?;
        }
        for w in &self.warnings {
            writeln!(f, "  {w}")?;
        }
        Ok(())
    }
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
            dungeon_patterns: Vec::new(),
            only: Vec::new(),
            exclude: Vec::new(),
            feature_overrides: Vec::new(),
            extra_warnings: false,
            warnings_into_errors: false,
            allowed: Vec::new(),
            layout: None,
            target: None,
            game: None,
            c_prefix: None,
            set_games: Vec::new(),
            jobs: None,
            cache_dir: None,
            use_cache: true,
            rust_index: true,
            rust_decoder: false,
            c_index: true,
            compile_c: false,
            cargo: None,
            check_only: false,
            allow_empty: false,
            #[cfg(feature = "render")]
            gallery: None,
        }
    }

    /// Adds a source directory: one level set.
    pub fn source_dir(&mut self, dir: impl AsRef<Path>) -> &mut Self {
        self.source_dirs.push(dir.as_ref().to_path_buf());
        self.set_games.push(None);
        self
    }

    /// Where blobs and index go (default: `$OUT_DIR/levels` in a build
    /// script; required elsewhere).
    pub fn out_dir(&mut self, dir: impl AsRef<Path>) -> &mut Self {
        self.out_dir = Some(dir.as_ref().to_path_buf());
        self
    }

    /// Also treats files whose name matches `pattern` (`*`, `?`) as
    /// dungeon descriptions. Every `*.def` always is (`dungeon.def`, and
    /// dNetHack's `dngnch1.def`..`dngnch3.def`), each written as its stem,
    /// but in the `dat/` of a game tree whose Makefile says which dungeon
    /// files its build compiles: there those are
    /// ([`Game::tree_dungeon_files`]; SLASH'EM Extended's build compiles
    /// `dungeon.def`, not the `dungeon2.def`..`dungeon8.def` beside it).
    pub fn dungeon_file(&mut self, pattern: &str) -> &mut Self {
        self.dungeon_patterns.push(pattern.to_string());
        self
    }

    /// Compiles only the files whose path relative to their source
    /// directory matches `glob` or another pattern given to `only` (the
    /// `glob` crate's syntax: `*` and `?` within a path component, `**`
    /// across directories, `[2-8]`, `[!a-z]`, with `{a,b}` alternatives; a
    /// bad pattern fails the build). The command line's `--include`.
    pub fn only(&mut self, glob: &str) -> &mut Self {
        self.only.push(glob.to_string());
        self
    }

    /// Skips files whose relative path matches `glob` (the syntax of
    /// [`Build::only`]), also among those `only` takes.
    pub fn exclude(&mut self, glob: &str) -> &mut Self {
        self.exclude.push(glob.to_string());
        self
    }

    /// Makes every warning an error, as `cc::Build::warnings_into_errors`
    /// does: a build with a warning fails and writes nothing. Off by
    /// default (warnings say what surprising bytes mean; the bytes are the
    /// reference tools').
    pub fn warnings_into_errors(&mut self, on: bool) -> &mut Self {
        self.warnings_into_errors = on;
        self
    }

    /// Silences the warnings named `name` (one of [`crate::diag::WARNINGS`],
    /// e.g. `"rock-in-room"`): they are not in the [`Report`], not printed
    /// as Cargo warnings, and not made errors by
    /// [`Build::warnings_into_errors`]. The cache and the outputs are the
    /// same with or without it. A name that is no warning's makes the build
    /// fail with a configuration error listing the names.
    pub fn allow(&mut self, name: &str) -> &mut Self {
        self.allowed.push(name.to_string());
        self
    }

    /// What the blobs are written for: a game reads them only if it was
    /// built for their C data layout. A Rust target triple
    /// (`"i686-unknown-linux-gnu"`, `"x86_64-pc-windows-msvc"`, …), whose
    /// layout is rustc's ([`Layout::for_target`]; a triple rustc does not
    /// know makes the build fail with a configuration error naming the
    /// closest known one), or a [`Layout`] named outright
    /// (`Layout::ILP32`). The default is the target Cargo builds for in a
    /// build script (from `CARGO_CFG_TARGET_*`, so a custom target works
    /// there too, also when its triple is given here), else the host's.
    pub fn target(&mut self, target: impl Into<Target>) -> &mut Self {
        match target.into() {
            Target::Layout(layout) => {
                self.layout = Some(Ok(layout));
                self.target = None;
            }
            Target::Triple(triple) => {
                let env = cargo::CargoEnv::read();
                let cargo = match env.target {
                    Some(t) if t == triple => env.layout,
                    _ => None,
                };
                self.layout = Some(cargo.unwrap_or_else(|| Layout::for_target(&triple)));
                self.target = Some(triple);
            }
        }
        self
    }

    /// What every symbol, macro, type and library of the C index starts
    /// with (letters, digits and `_`; anything else becomes `_`). The
    /// default is unique per package in a build script (`PACKAGE_levbuild_`
    /// from Cargo's package name), so two crates that each link their own
    /// table into one program do not clash; elsewhere `levbuild_`.
    pub fn c_prefix(&mut self, prefix: &str) -> &mut Self {
        self.c_prefix = Some(c_identifier(prefix));
        self
    }

    /// The game of every level set without a game of its own (default:
    /// NetHack 3.4.3, built in): a [`GameSource`] — its tree, its identity
    /// file, or a [`Game`] in hand such as [`Game::nethack_367`]. Its
    /// `.des` files are compiled in the game's language (3.6's needs the
    /// `nethack36` feature; without it each 3.6 file is an error naming
    /// the feature). With no source directory, a tree's `dat/` is the one.
    ///
    /// ```no_run
    /// // build.rs of a NetHack 3.6 game
    /// levbuild::Build::new()
    ///     .source_dir("dat")
    ///     .game(levbuild::Game::nethack_367())
    ///     .compile();
    /// ```
    pub fn game(&mut self, game: impl Into<GameSource>) -> &mut Self {
        self.game = Some(game.into());
        self
    }

    /// A level set (as [`Build::source_dir`]) built for a game of its own:
    /// a workspace holding several variants builds each with its own
    /// identity.
    pub fn source_dir_for(
        &mut self,
        dir: impl AsRef<Path>,
        game: impl Into<GameSource>,
    ) -> &mut Self {
        self.source_dir(dir);
        if let Some(last) = self.set_games.last_mut() {
            *last = Some(game.into());
        }
        self
    }

    /// Defines the `makedefs -e` feature `name` (its `%name` lines of
    /// `dungeon.def` are kept), on top of the game's own features (NetHack
    /// 3.4.3's, or a game tree's `config.h`). Named as `cc::Build::define`.
    pub fn define(&mut self, name: &str) -> &mut Self {
        self.feature_overrides.push((name.to_string(), true));
        self
    }

    /// Undefines the `makedefs -e` feature `name` (its `%name` lines are
    /// dropped), on top of the game's own features.
    pub fn undefine(&mut self, name: &str) -> &mut Self {
        self.feature_overrides.push((name.to_string(), false));
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

    /// Gives `levels.rs` functions that decode its blobs at run time:
    /// `layout()`, `game()`, `decode(name)` and `decode_dungeon()` of
    /// each set, for the game and layout they were built for (default
    /// off). They call `::levbuild`, so the crate that includes
    /// `levels.rs` depends on levbuild at run time too;
    /// `default-features = false` is enough and has no dependencies.
    pub fn rust_decoder(&mut self, on: bool) -> &mut Self {
        self.rust_decoder = on;
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

    /// Lets a source directory hold no level or dungeon file. In a build
    /// script such a directory is an error by default (a mistyped or
    /// moved `dat/` would otherwise build nothing, successfully); outside
    /// one it is a warning in [`Report::notes`]. Either way it is listed
    /// in [`Report::empty_sets`]. A set that is empty on
    /// purpose, such as one whose every file a pattern excludes on some
    /// targets, says so with `allow_empty(true)`.
    pub fn allow_empty(&mut self, on: bool) -> &mut Self {
        self.allow_empty = on;
        self
    }

    /// Also writes a gallery of every level into `dir` (feature
    /// `render`): one self-contained `dir/index.html` (nothing fetched; it
    /// works from `file://`) with every level drawn as its game draws it
    /// ([`crate::render`]), grouped by `.des` file and searchable by name,
    /// and each dungeon file as a branch diagram. It is drawn from the
    /// build's own results, the blobs it writes (or, with
    /// [`Build::check_only`], would write): nothing is parsed twice.
    ///
    /// ```no_run
    /// levbuild::Build::new()
    ///     .source_dir("dat")
    ///     .out_dir("target/levels")
    ///     .gallery("target/gallery")
    ///     .try_compile()?;
    /// # Ok::<(), levbuild::Error>(())
    /// ```
    #[cfg(feature = "render")]
    #[cfg_attr(docsrs, doc(cfg(feature = "render")))]
    pub fn gallery(&mut self, dir: impl AsRef<Path>) -> &mut Self {
        self.gallery = Some(dir.as_ref().to_path_buf());
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
                    // An error reads as an error where Cargo can show one;
                    // older Cargo gets one warning line per diagnostic.
                    let errors_as_errors = cargo::supports_error_directive();
                    let mut d = cargo::Directives::default();
                    for diags in e.diagnostics() {
                        for (diagnostic, line) in diags.iter().zip(diags.short()) {
                            match diagnostic.severity {
                                crate::Severity::Error if errors_as_errors => d.error(&line),
                                _ => d.warning(&line),
                            }
                        }
                    }
                    if errors_as_errors && e.diagnostics().is_empty() {
                        d.error(&e.to_string());
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
    ///
    /// # Errors
    /// [`ErrorKind::Failed`] with every error of every file (and level
    /// names or outputs that clash); [`ErrorKind::WarningsDenied`] when
    /// warnings are errors; [`ErrorKind::Config`] for settings that cannot
    /// work; [`ErrorKind::GameTree`] when the game tree cannot be read;
    /// [`ErrorKind::Io`] when an output cannot be written;
    /// [`ErrorKind::CCompile`] when the C index does not compile.
    pub fn try_compile(&self) -> Result<Report, Error> {
        self.run()
    }

    /// The source directories; with none and a game tree, its `dat`. A
    /// directory link that git checked out as a file is followed.
    fn source_dirs_or_tree_dat(&self) -> Vec<PathBuf> {
        let dirs = match (&self.game, self.source_dirs.is_empty()) {
            (Some(GameSource::Tree(root)), true) => {
                vec![crate::game::tree::level_root(root).join("dat")]
            }
            _ => self.source_dirs.clone(),
        };
        dirs.iter()
            .map(|d| discover::follow_checked_out_link(d))
            .collect()
    }

    /// The game of each source directory: its own, the build's, or NetHack
    /// 3.4.3; each tree or file is read
    /// once, and each must have a header for the build's layout.
    fn games(
        &self,
        source_dirs: &[PathBuf],
        target: Option<String>,
        layout: Layout,
        cache_dir: &Path,
    ) -> Result<Vec<Arc<Game>>, Error> {
        let mut read: Vec<(&GameSource, Arc<Game>)> = Vec::new();
        let mut games = Vec::with_capacity(source_dirs.len());
        for n in 0..source_dirs.len() {
            let source = self
                .set_games
                .get(n)
                .and_then(Option::as_ref)
                .or(self.game.as_ref());
            let game = match source {
                None => Game::nethack_343(),
                Some(source) => match read.iter().find(|(r, _)| *r == source) {
                    Some((_, game)) => Arc::clone(game),
                    None => {
                        let game = match source {
                            GameSource::Tree(root) => {
                                let mut options = TreeOptions::new().cache_dir(cache_dir);
                                options.target = target.clone();
                                Arc::new(
                                    Game::from_tree(root, &options)
                                        .map_err(|e| Error::new(ErrorKind::GameTree(e)))?,
                                )
                            }
                            GameSource::IdentityFile(path) => Arc::new(
                                Game::from_identity_file(path)
                                    .map_err(|e| Error::new(ErrorKind::GameFile(e)))?,
                            ),
                            GameSource::Game(game) => Arc::clone(game),
                        };
                        if let Err(e) = game.version_info(layout) {
                            return Err(Error::new(ErrorKind::Config(match source {
                                GameSource::IdentityFile(path) => {
                                    format!("{}: {e}", path.display())
                                }
                                _ => e.to_string(),
                            })));
                        }
                        read.push((source, Arc::clone(&game)));
                        game
                    }
                },
            };
            games.push(match self.feature_overrides.is_empty() {
                true => game,
                false => {
                    let features = self.feature_overrides.iter().fold(
                        game.features().clone(),
                        |f, (name, on)| {
                            if *on {
                                f.define(name)
                            } else {
                                f.undefine(name)
                            }
                        },
                    );
                    Arc::new(game.with_features(features))
                }
            });
        }
        Ok(games)
    }

    /// Each source directory with where its outputs go and its module name.
    fn set_specs<'s>(&self, source_dirs: &'s [PathBuf]) -> Vec<SetSpec<'s>> {
        let mut names: Vec<String> = Vec::new();
        source_dirs
            .iter()
            .zip(discover::set_layout(source_dirs))
            .map(|(dir, (out_rel, name))| {
                let mut name = name;
                if names.contains(&name) || is_keyword(&name) {
                    name = format!("{name}_{}", names.len());
                }
                names.push(name.clone());
                SetSpec { dir, out_rel, name }
            })
            .collect()
    }

    /// Finds a set's sources and reads its manifest; if `at` trusts it,
    /// probes each source through it.
    fn scan(
        &self,
        spec: SetSpec<'_>,
        at: &ScanPlace<'_>,
        options: &job::Options,
        fingerprint_hex: &str,
    ) -> Result<Scan, Error> {
        let ScanPlace {
            out_dir,
            claim,
            workers,
            trust,
        } = *at;
        // Every `*.def`, or in a game tree's `dat/` the dungeon files its
        // own build compiles; and the build's own patterns.
        let mut dungeon_patterns: Vec<glob::Glob> = match options.game.tree_dungeon_files(spec.dir)
        {
            Some(files) => files.iter().map(|f| glob::Glob::literal(f)).collect(),
            None => vec![glob::Glob::new("*.def").expect("a pattern")],
        };
        dungeon_patterns.extend(patterns("dungeon_file", &self.dungeon_patterns)?);
        // In a game tree's `dat/`, the `.des` files its own build compiles.
        let level_patterns: Option<Vec<glob::Glob>> =
            options.game.tree_level_files(spec.dir).map(|files| {
                (files.iter())
                    .map(|f| glob::Glob::new(f).unwrap_or_else(|_| glob::Glob::literal(f)))
                    .collect()
            });
        let (only, exclude) = (
            patterns("only", &self.only)?,
            patterns("exclude", &self.exclude)?,
        );
        let filter = discover::Filter {
            dungeon_patterns: &dungeon_patterns,
            level_patterns: level_patterns.as_deref(),
            only: &only,
            exclude: &exclude,
        };
        let walk = discover::walk(spec.dir, &filter).map_err(|e| Error::io(spec.dir, e))?;
        let set = LevelSet {
            dir: spec.dir.clone(),
            out_rel: spec.out_rel,
            name: spec.name,
            sources: walk.sources,
        };
        let prefix = set.out_prefix();
        let mut outputs = output::Outputs::open(
            out_dir,
            &output_file(&prefix, output::SET_MANIFEST),
            fingerprint_hex.to_string(),
            claim,
        );
        let probes: Vec<Probe> = match trust {
            true => {
                // Looked at in parallel, a few dozen sources a task, then
                // their records taken in order.
                let source_dir = stat_dir::StatDir::open(&set.dir);
                let chunks: Vec<&[discover::Source]> = set.sources.chunks(LOOKS_PER_TASK).collect();
                let looks = workers.map(chunks, |sources| {
                    (sources.iter())
                        .map(|s| job::look(s, &source_dir, &prefix, &outputs, options))
                        .collect::<Vec<_>>()
                });
                (set.sources.iter())
                    .zip(looks.into_iter().flatten())
                    .map(|(s, look)| job::probe(s, look, &mut outputs))
                    .collect()
            }
            false => set.sources.iter().map(|_| Probe::Unknown(None)).collect(),
        };
        // A set whose sources are all proven unchanged may need no write:
        // its index files are looked at now, through its open directory.
        if probes.iter().all(|p| matches!(p, Probe::Known(_))) {
            outputs.check_index_files();
        }
        outputs.close_dir();
        Ok(Scan {
            set,
            dirs: walk.dirs,
            notes: walk.notes,
            outputs,
            probes,
        })
    }
}

/// What the scans of a build's sets share.
#[derive(Clone, Copy)]
struct ScanPlace<'a> {
    out_dir: &'a Path,
    /// The build's claim on `out_dir`, for the manifests.
    claim: &'a std::sync::Arc<claim::Claim>,
    workers: &'a workers::Workers,
    /// Whether the manifests may prove sources unchanged (only with a
    /// cache).
    trust: bool,
}

/// How many sources one task of a set's scan looks at: a set of a few
/// dozen files is looked at on one thread.
const LOOKS_PER_TASK: usize = 48;

/// Refuses level sets that would share files: a source directory inside
/// another (its files would belong to both sets) or two sets whose output
/// directories have one name (directory names that differ only in bytes
/// that are not UTF-8, which the generated index cannot tell apart).
fn check_set_places(specs: &[(usize, SetSpec<'_>)]) -> Result<(), Error> {
    let real: Vec<PathBuf> = specs
        .iter()
        .map(|(_, s)| std::fs::canonicalize(s.dir).unwrap_or_else(|_| s.dir.clone()))
        .collect();
    // Each directory's sets: a set's conflicts are the sets at it or at
    // one of its ancestors (a lookup per ancestor, not a comparison with
    // every other set: a build of a hundred sets made ten thousand).
    let mut at: std::collections::HashMap<&Path, Vec<usize>> =
        std::collections::HashMap::with_capacity(real.len());
    for (n, dir) in real.iter().enumerate() {
        at.entry(dir.as_path()).or_default().push(n);
    }
    let mut places: std::collections::HashMap<String, &PathBuf> = std::collections::HashMap::new();
    for (n, (_, spec)) in specs.iter().enumerate() {
        let first_other = (real[n].ancestors())
            .filter_map(|dir| at.get(dir))
            .flat_map(|sets| sets.iter().copied().filter(|&m| m != n))
            .min();
        if let Some(m) = first_other {
            let what = if real[n] == real[m] {
                "is given twice".to_string()
            } else {
                format!("is inside source directory {}", specs[m].1.dir.display())
            };
            return Err(Error::new(ErrorKind::Config(format!(
                "source directory {} {what}: its files would belong to two level sets",
                spec.dir.display()
            ))));
        }
        let place = discover::slash_path(&spec.out_rel);
        if let Some(first) = places.insert(place.clone(), spec.dir) {
            return Err(Error::new(ErrorKind::Config(format!(
                "source directories {} and {} would both write to `{place}` in the output \
                 directory (their names differ only in bytes that are not UTF-8): rename one",
                first.display(),
                spec.dir.display()
            ))));
        }
    }
    Ok(())
}

/// The patterns given to `what` (`include`, `exclude`, `dungeon_file`),
/// read; a pattern the syntax does not allow is a configuration error.
fn patterns(what: &str, given: &[String]) -> Result<Vec<glob::Glob>, Error> {
    given
        .iter()
        .map(|p| {
            glob::Glob::new(p).map_err(|why| {
                Error::new(ErrorKind::Config(format!(
                    "{what} pattern `{}` is not a glob: {why} (`*`, `?`, `**`, `[a-z]`, \
                     `[!a-z]`, `{{a,b}}`; `[*]` matches a `*`)",
                    p.escape_debug()
                )))
            })
        })
        .collect()
}

/// What a source directory with no source file is told.
pub(crate) fn empty_set_message(dir: &Path) -> String {
    format!(
        "{}: no level (`*.des`) or dungeon (`*.def`) file found, so nothing is built from it \
         (is it the game's `dat/` directory? do the include/exclude patterns leave nothing?)",
        dir.display()
    )
}

fn c_identifier(text: &str) -> String {
    let mut s: String = text
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    s
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

/// One source directory before its walk.
struct SetSpec<'a> {
    dir: &'a PathBuf,
    out_rel: PathBuf,
    name: String,
}

/// A level set after its walk, with its manifest and probes.
struct Scan {
    set: LevelSet,
    /// Every directory walked (for `rerun-if-changed`).
    dirs: Vec<PathBuf>,
    notes: Vec<String>,
    outputs: output::Outputs,
    probes: Vec<Probe>,
}
