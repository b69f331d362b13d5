//! The `dungeon.def` compiler: NetHack 3.4.3's `makedefs -e` followed by
//! `dgn_comp`, in process, writing the `dungeon` blob byte-identical to the
//! reference tools.
//!
//! ```
//! # #[cfg(feature = "compile")] {
//! use levbuild::dungeon::{compile, decode, Options};
//! use levbuild::Layout;
//! let src = "DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)\nLEVEL: \"oracle\" \"O\" @ (5, 5)\n";
//! let options = Options::default().with_layout(Layout::ILP32);
//! let out = compile(src, "dungeon.def", &options).unwrap();
//! assert_eq!(decode(&out.bytes, &options.game, Layout::ILP32).unwrap(), out.dungeon);
//! assert_eq!(out.dungeon.dungeons[0].levels[0].name, "oracle");
//! # }
//! ```
//!
//! Pipeline (the `compile` feature's):
#![cfg_attr(feature = "compile", doc = "[`preprocess()`]")]
#![cfg_attr(not(feature = "compile"), doc = "`preprocess()`")]
//! (`%NAME` conditionals, with a map back to
//! the source so messages point into the original file) → lexer → parser
//! (its statement table on the shared matcher) → semantics (dgn_comp's
//! checks) → [`encode()`].

mod crosscheck;
mod decode;
pub(crate) mod display;
mod encode;
#[cfg(feature = "compile")]
mod grammar;
pub mod ir;
#[cfg(feature = "compile")]
mod lexer;
#[cfg(feature = "compile")]
mod parser;
#[cfg(feature = "compile")]
mod preprocess;
#[cfg(feature = "compile")]
mod sema;

pub use crosscheck::{missing_levels, required_levels, RequiredLevel};
pub use decode::decode;
pub use encode::encode;
pub use ir::*;

#[cfg(feature = "compile")]
use crate::diag::{Diagnostics, Reporter};
#[cfg(feature = "compile")]
use crate::game::DungeonMember;
#[cfg(feature = "compile")]
use crate::game::Game;
#[cfg(feature = "compile")]
use crate::layout::Layout;
#[cfg(feature = "compile")]
use std::sync::Arc;

/// The `%NAME` conditionals `makedefs -e` knows, each defined or not.
///
/// The default is NetHack 3.4.3's default configuration: `REINCARNATION`
/// defined. A `%NAME` line whose NAME is not known here is an error.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Features {
    names: Vec<(String, bool)>,
}

impl Default for Features {
    fn default() -> Self {
        Features {
            names: vec![("REINCARNATION".to_string(), true)],
        }
    }
}

impl Features {
    /// No known feature at all: every `%NAME` line is an error.
    pub fn none() -> Self {
        Features { names: Vec::new() }
    }

    /// Makes `name` known and defined: its `%name` lines are kept.
    pub fn define(mut self, name: &str) -> Self {
        self.set(name, true);
        self
    }

    /// Makes `name` known and undefined: its `%name` lines are dropped.
    pub fn undefine(mut self, name: &str) -> Self {
        self.set(name, false);
        self
    }

    fn set(&mut self, name: &str, defined: bool) {
        match self.names.iter_mut().find(|(n, _)| n == name) {
            Some(entry) => entry.1 = defined,
            None => self.names.push((name.to_string(), defined)),
        }
    }

    /// Whether `name` is known and defined.
    pub fn is_defined(&self, name: &str) -> bool {
        self.names.iter().any(|(n, d)| n == name && *d)
    }

    /// Every known feature name.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.names.iter().map(|(n, _)| n.as_str())
    }

    /// Every known feature with whether it is defined.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&str, bool)> {
        self.names.iter().map(|(n, d)| (n.as_str(), *d))
    }
}

#[cfg(feature = "compile")]
#[cfg_attr(docsrs, doc(cfg(feature = "compile")))]
/// Compiler settings: the game and the layout.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// The game whose `makedefs -e` features preprocess the file and whose
    /// header the `dungeon` file carries (default: NetHack 3.4.3).
    pub game: Arc<Game>,
    /// The C data layout to write (default: the host's).
    pub layout: Layout,
}

#[cfg(feature = "compile")]
impl Default for Options {
    fn default() -> Self {
        Options::for_game(Game::nethack_343())
    }
}

#[cfg(feature = "compile")]
impl Options {
    /// The options of `game`, writing for the host's layout.
    pub fn for_game(game: Arc<Game>) -> Options {
        Options {
            game,
            layout: Layout::default(),
        }
    }

    /// These options, writing for `layout`.
    pub fn with_layout(mut self, layout: Layout) -> Options {
        self.layout = layout;
        self
    }

    /// The default options with other `makedefs -e` features.
    pub fn with_features(features: Features) -> Options {
        Options::for_game(Arc::new(Game::nethack_343().with_features(features)))
    }
}

#[cfg(feature = "compile")]
#[cfg_attr(docsrs, doc(cfg(feature = "compile")))]
/// The result of compiling a `dungeon.def`.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompiledDungeon {
    /// The typed layout.
    pub dungeon: Dungeon,
    /// The `dungeon` file bytes.
    pub bytes: Vec<u8>,
    /// Warnings (never errors).
    pub warnings: Diagnostics,
}

#[cfg(feature = "compile")]
#[cfg_attr(docsrs, doc(cfg(feature = "compile")))]
/// `makedefs -e` of `game`: the `dungeon.pdf` text of `source`, with
/// the game's features (NetHack 3.4.3's `%NAME` conditionals; 3.6's
/// `makedefs` has none).
///
/// # Errors
/// The preprocessor's errors (a `%` line naming no known feature), with
/// its warnings.
pub fn preprocess(source: &str, path: &str, game: &Game) -> Result<String, Diagnostics> {
    let mut report = Reporter::default();
    let makedefs = preprocess::Makedefs::of(game);
    let pre = preprocess::run(source, game.features(), makedefs, &mut report);
    let d = report.finish(path, source);
    if d.has_errors() {
        return Err(d);
    }
    Ok(pre.text)
}

#[cfg(feature = "compile")]
#[cfg_attr(docsrs, doc(cfg(feature = "compile")))]
/// Compiles `dungeon.def` (or an already preprocessed `dungeon.pdf`) into
/// the `dungeon` file for the game and layout of `options`. Any error
/// means no output: the `Err` holds every diagnostic, located in `source`.
///
/// # Errors
///
/// Every error and warning of the file, when it has an error.
pub fn compile(
    source: &str,
    path: &str,
    options: &Options,
) -> Result<CompiledDungeon, Diagnostics> {
    let mut report = Reporter::default();
    let makedefs = preprocess::Makedefs::of(&options.game);
    let pre = preprocess::run(source, options.game.features(), makedefs, &mut report);
    let descriptors = &options.game.format().numbering.dungeon_descriptors;
    let (tokens, ends_at) = lexer::lex(&pre.text, descriptors);
    if let Some(at) = ends_at {
        let at = preprocess::remap(&(at..at), &pre).start;
        crate::parsing::warn_input_ended(source, at, "dgn_comp", &mut report);
    }
    let tokens: Vec<_> = tokens
        .into_iter()
        .map(|(t, s)| (t, preprocess::remap(&s, &pre)))
        .collect();
    for (t, span) in &tokens {
        if matches!(t, lexer::Tok::Int(_)) {
            crate::c_number::warn_if_changed(source, span.clone(), "dgn_comp", &mut report);
        }
    }
    let format = options.game.format();
    // A game whose tmpbranch has an entry level reads one after BRANCH.
    let dialect_rows = match format.branch_members.contains(&DungeonMember::EntryLevel) {
        true => grammar::ENTRY_LEVEL_ROWS,
        false => &[],
    };
    let stmts = parser::parse(&tokens, dialect_rows, &mut report);
    let dungeon = sema::build(&stmts, format, &mut report);
    // No dungeon at all: dgn_comp's file is empty (said in a warning).
    let bytes = if report.has_errors() || dungeon.dungeons.is_empty() {
        Vec::new()
    } else {
        match encode(&dungeon, &options.game, options.layout) {
            Ok(b) => b,
            Err(e) => {
                report.error(0..0, format!("The dungeon cannot be encoded: {e}"));
                Vec::new()
            }
        }
    };
    let diagnostics = report.finish(path, source);
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    Ok(CompiledDungeon {
        dungeon,
        bytes,
        warnings: diagnostics,
    })
}
