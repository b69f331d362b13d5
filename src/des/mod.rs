//! The `.des` compilers: a special-level file in one of NetHack's level
//! languages (a [`Dialect`]) in, `.lev` blobs out, byte-identical to that
//! game's own `lev_comp`.
//!
//! ```
//! # #[cfg(feature = "compile")] {
//! let src = "MAZE: \"mini\", ' '\nGEOMETRY: center, center\nMAP\n...\nENDMAP\n";
//! let file = levbuild::des::compile(src, "mini.des").unwrap();
//! assert_eq!(file.levels[0].name, "mini");
//! let layout = levbuild::Layout::host();
//! let game = levbuild::Game::nethack_343();
//! let level = levbuild::des::decode(&file.levels[0].bytes, "mini", &game, layout).unwrap();
//! assert_eq!(level, file.levels[0].level);
//! # }
//! ```
//!
//! Each dialect is a module: [`nh343`] (NetHack 3.4.3's language, its typed
//! [`Level`] and `.lev` records; re-exported here, as the default) and
//! [`nh36`] (NetHack 3.6's language and opcode programs). What they share
//! is here: with the `compile` feature,
#![cfg_attr(feature = "compile", doc = "[`Options`], [`compile_levels`]")]
#![cfg_attr(not(feature = "compile"), doc = "`Options`, `compile_levels`")]
//! for a file of any dialect, and the scanner both lexers are built on.

mod dialect;
pub(crate) mod map_text;
pub mod nh343;
pub mod nh36;
#[cfg(feature = "compile")]
pub(crate) mod scan;
#[cfg(feature = "compile")]
mod sniff;

pub use dialect::{Dialect, UnknownDialect};
pub use nh343::ir::{self, *};
#[cfg(feature = "compile")]
pub use nh343::{compile, compile_with, CompiledFile, CompiledLevel};
pub use nh343::{decode, encode, EncodeError, LevelDisplay};

#[cfg(feature = "compile")]
use crate::diag::Diagnostics;
#[cfg(feature = "compile")]
use crate::game::Game;
#[cfg(feature = "compile")]
use crate::layout::Layout;
#[cfg(feature = "compile")]
use std::sync::Arc;

#[cfg(feature = "compile")]
#[cfg_attr(docsrs, doc(cfg(feature = "compile")))]
/// Compiler settings: the game, whose language a file is read in, the
/// layout and whether to report `-w` warnings.
///
/// ```
/// use levbuild::{des, Game, Layout};
/// let options = des::Options::for_game(Game::nethack_367())
///     .with_layout(Layout::ILP32)
///     .with_extra_warnings(true);
/// assert_eq!(options.dialect(), des::Dialect::NetHack36);
/// ```
///
/// It is `#[non_exhaustive]`, so that a new setting is no breaking change:
///
/// ```compile_fail,E0639
/// use levbuild::{des, Game, Layout};
/// let options = des::Options { extra_warnings: true, layout: Layout::LP64, game: Game::nethack_343() };
/// ```
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Also report lev_comp's `-w` warnings (`Rock in room`, `NonRock edge
    /// in room`); in the 3.6 language, which has no `-w`, levbuild's notes
    /// on what 3.6's `lev_comp` writes for the game's own files throughout
    /// (`maze-filler-invalid-terrain`, `room-flags-from-alignment`).
    pub extra_warnings: bool,
    /// The C data layout to write (default: the host's, as `lev_comp`
    /// built on it would).
    pub layout: Layout,
    /// The game whose monster and object tables names resolve against,
    /// whose header the files carry and whose language
    /// ([`Game::dialect`]) they are written in (default: NetHack 3.4.3).
    pub game: Arc<Game>,
}

#[cfg(feature = "compile")]
impl Default for Options {
    fn default() -> Self {
        Options::for_game(Game::nethack_343())
    }
}

#[cfg(feature = "compile")]
impl Options {
    /// The options of `game`: the host's layout, no `-w` warnings.
    pub fn for_game(game: Arc<Game>) -> Options {
        Options {
            extra_warnings: false,
            layout: Layout::default(),
            game,
        }
    }

    /// These options, writing for `layout`.
    pub fn with_layout(mut self, layout: Layout) -> Options {
        self.layout = layout;
        self
    }

    /// These options, with lev_comp's `-w` warnings reported or not.
    pub fn with_extra_warnings(mut self, on: bool) -> Options {
        self.extra_warnings = on;
        self
    }

    /// The language files are read in: the game's.
    pub fn dialect(&self) -> Dialect {
        self.game.dialect()
    }
}

#[cfg(feature = "compile")]
#[cfg_attr(docsrs, doc(cfg(feature = "compile")))]
/// A level of a file of any dialect: its name and its `.lev` bytes.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blob {
    /// Level name; the blob's file name is `NAME.lev`.
    pub name: String,
    /// The `.lev` bytes.
    pub bytes: Vec<u8>,
    /// The level is a random vault (EvilHack's `FLAGS: rndvault`): its
    /// line of the set's `vaults.dat`.
    pub random_vault: Option<RandomVault>,
}

/// What a random vault's `VAULTGEN` and `MINDEPTH` say, which its
/// `lev_comp` appends to `vaults.dat` as `MINDEPTH FREQUENCY NAME`
/// (EvilHack; `FREQUENCY NAME` in a game without `MINDEPTH`, SporkHack)
/// instead of writing it into the level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RandomVault {
    /// `MINDEPTH` (0 when not given; `None` for a game without it).
    pub min_depth: Option<i64>,
    /// `VAULTGEN` (1 when not given).
    pub frequency: i64,
}

impl RandomVault {
    /// The line `lev_comp` appends to `vaults.dat` for level `name`.
    pub fn line(&self, name: &str) -> String {
        match self.min_depth {
            Some(depth) => format!("{depth} {} {name}\n", self.frequency),
            None => format!("{} {name}\n", self.frequency),
        }
    }
}

#[cfg(feature = "compile")]
#[cfg_attr(docsrs, doc(cfg(feature = "compile")))]
/// The levels and warnings of a file of any dialect.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blobs {
    /// The levels, in definition order, one per name: the files lev_comp
    /// leaves. A level defined twice in a 3.4.3-family file is where it
    /// was first defined, with the bytes lev_comp leaves in its file: it
    /// writes the later definition over the earlier one's file without
    /// truncating it, so the earlier one's bytes past the later one's end
    /// remain.
    pub levels: Vec<Blob>,
    /// Warnings (never errors).
    pub warnings: Diagnostics,
}

#[cfg(feature = "compile")]
impl Blobs {
    /// Levels in definition order as lev_comp leaves their files: each
    /// written over any earlier level of its name, untruncated.
    pub(crate) fn written_over(levels: Vec<Blob>) -> Vec<Blob> {
        let mut files: Vec<Blob> = Vec::with_capacity(levels.len());
        let mut at: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
        for level in levels {
            match at.get(&level.name) {
                Some(&i) => {
                    let file = &mut files[i].bytes;
                    let tail = file.get(level.bytes.len()..).unwrap_or_default().to_vec();
                    *file = level.bytes;
                    file.extend_from_slice(&tail);
                }
                None => {
                    at.insert(level.name.clone(), files.len());
                    files.push(level);
                }
            }
        }
        files
    }
}

#[cfg(feature = "compile")]
#[cfg_attr(docsrs, doc(cfg(feature = "compile")))]
/// Compiles a `.des` file in the language of `options.game` into
/// its levels' bytes: what a build needs from any dialect. The typed
/// results are [`compile_with`] (3.4.3) and `nh36::compile_with` (with
/// the `nethack36` feature).
///
/// # Errors
/// Every error of the file, with its warnings; a 3.6 game's file
/// compiled without the `nethack36` feature is one.
pub fn compile_levels(source: &str, path: &str, options: &Options) -> Result<Blobs, Diagnostics> {
    let mut levels = Vec::new();
    let warnings = compile_levels_each(source, path, options, &mut |level| levels.push(level))?;
    Ok(Blobs {
        levels: Blobs::written_over(levels),
        warnings,
    })
}

#[cfg(feature = "compile")]
#[cfg_attr(docsrs, doc(cfg(feature = "compile")))]
/// Compiles a `.des` file as [`compile_levels`] does, handing each level
/// to `each` as soon as it is encoded (a 3.6 file's once the whole file
/// is), so that a file of many levels is never held whole: its levels in
/// definition order, each as the game's `lev_comp` writes it, a level
/// defined again coming again (to be written over the earlier one's file
/// without truncating it, as `lev_comp` does). Returns the warnings.
///
/// # Errors
/// As [`compile_levels`]: then what was handed over is not the file's
/// result, and is to be dropped.
pub fn compile_levels_each(
    source: &str,
    path: &str,
    options: &Options,
    each: &mut dyn FnMut(Blob),
) -> Result<Diagnostics, Diagnostics> {
    match options.dialect() {
        Dialect::NetHack343 => nh343::compile_each(source, path, options, each),
        #[cfg(not(feature = "nethack36"))]
        Dialect::NetHack36 => {
            let mut report = crate::diag::Reporter::default();
            report
                .error(
                    0..0,
                    "this levbuild was built without its NetHack 3.6 compiler (the `nethack36` feature)",
                )
                .help("enable levbuild's `nethack36` feature (`features = [\"nethack36\"]`) to compile 3.6 files");
            Err(report.finish(path, source))
        }
        #[cfg(feature = "nethack36")]
        Dialect::NetHack36 => {
            let blobs = nh36::compile_blobs(source, path, options)?;
            blobs.levels.into_iter().for_each(each);
            Ok(blobs.warnings)
        }
    }
}

#[cfg(all(test, feature = "compile", not(feature = "nethack36")))]
mod without_nethack36 {
    use super::*;

    /// Run by `tests/it/features.rs` with the feature off.
    #[test]
    fn a_36_file_is_an_error_naming_the_feature() {
        let options = Options::for_game(crate::Game::nethack_367());
        let err = compile_levels("LEVEL: \"x\"\n", "x.des", &options).unwrap_err();
        let text = err.to_string();
        assert!(
            err.has_errors() && text.contains("`nethack36` feature"),
            "{text}"
        );
    }

    /// A 3.6 file compiled as 3.4.3 in a build without the 3.6 compiler
    /// names the feature.
    #[test]
    fn a_36_file_compiled_as_343_names_the_feature() {
        let source = "MAZE: \"x\", ' '\n$x = 1\nIF [50%] {\n}\n";
        let err = compile_levels(source, "x.des", &Options::default()).unwrap_err();
        let first = err.iter().next().unwrap();
        assert!(first.message.contains("looks like a NetHack 3.6"), "{err}");
        assert!(
            first
                .help
                .as_deref()
                .unwrap_or("")
                .contains("features = [\"nethack36\"]"),
            "{err}"
        );
    }
}

/// The `.des` sources of a chunking test: every pinned diagnostics case
/// of `grammar` (`nh343`, `nh36`) and every file of `game`'s corpus in
/// `../shared`, when it is there, with their paths.
#[cfg(all(test, feature = "compile"))]
pub(crate) fn test_sources(grammar: &str, game: &str) -> Vec<(std::path::PathBuf, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    // As the integration tests' `common::shared_dir`: `LEVBUILD_SHARED`
    // moves it, its absence is said, and under `CI` it is a failure.
    let shared = match std::env::var_os("LEVBUILD_SHARED") {
        Some(dir) if !dir.is_empty() => std::path::PathBuf::from(dir),
        _ => root.join("../shared"),
    };
    let corpus = shared.join("corpus").join(game).join("dat");
    if !corpus.is_dir() {
        let why = format!(
            "{} not found: only the pinned diagnostics cases are compiled",
            corpus.display()
        );
        if std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false") {
            panic!("CI is set, so this test may not skip: {why}");
        }
        use std::io::Write;
        let line = format!("levbuild test skipped in part: {why}\n");
        let _ = std::io::stderr().lock().write_all(line.as_bytes());
    }
    let dirs = [root.join("tests/data/diagnostics").join(grammar), corpus];
    let mut sources = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for path in entries.map(|e| e.unwrap().path()) {
            if path.extension().is_some_and(|e| e == "des") {
                let text = crate::text::decode(&std::fs::read(&path).unwrap()).into_owned();
                sources.push((path, text));
            }
        }
    }
    sources
}
