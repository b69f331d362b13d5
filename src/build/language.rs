//! What a source file is written in, and everything the tree build does
//! differently for each: its outputs' file names, its compiler, what its
//! cache key holds, and what a compiled dungeon needs (the language a
//! `.des` file is written in is its game's). A new kind of source is a
//! variant here, not a `match` in every phase of the build.

use std::path::Path;
use std::sync::Arc;

use super::warning::Warning;
use crate::des;
use crate::diag::Diagnostics;
use crate::dungeon::{self, RequiredLevel};
use crate::game::Game;
use crate::layout::Layout;

/// What every level's file name ends with (a dungeon's has no suffix).
pub(crate) const LEVEL_SUFFIX: &str = ".lev";

/// The language of a source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Language {
    /// Special levels (`*.des`), in their game's language: one
    /// `NAME.lev` per level.
    Des,
    /// A dungeon description (`dungeon.def`): one file named after it.
    Dungeon,
}

/// What compiling one source gives: `(output name, bytes)` and warnings
/// (without their file, which the build adds).
pub(crate) type Compiled = (Vec<(String, Arc<[u8]>)>, Vec<Warning>, Vec<String>);

impl Language {
    /// What follows an output's name in its file name: `NAME.lev` for a
    /// level, the name alone for a dungeon.
    pub(crate) fn output_suffix(self) -> &'static str {
        match self {
            Language::Des => LEVEL_SUFFIX,
            Language::Dungeon => "",
        }
    }

    /// True for special levels, whose names must be unique in a set and
    /// which are the levels a dungeon needs.
    pub(crate) fn makes_levels(self) -> bool {
        matches!(self, Language::Des)
    }

    /// Adds what the cache key of a source in this language holds beyond
    /// its bytes and the build's options (which name the game and so the
    /// dialect): the kind, and a dungeon's file stem, which names its
    /// output.
    pub(crate) fn key_into(self, h: &mut blake3::Hasher, rel: &str) {
        match self {
            Language::Des => {
                h.update(&[0]);
            }
            Language::Dungeon => {
                h.update(&[1]);
                h.update(dungeon_name(rel).as_bytes());
            }
        }
    }

    /// Compiles `text` (shown in messages as `shown`; `rel` is its path in
    /// its set) for `game`, `layout` and `extra_warnings`.
    pub(crate) fn compile(
        self,
        text: &str,
        shown: &str,
        rel: &str,
        game: &Arc<Game>,
        layout: Layout,
        extra_warnings: bool,
    ) -> Result<Compiled, Diagnostics> {
        let no_file = Path::new("");
        match self {
            Language::Des => {
                let options = des::Options::for_game(Arc::clone(game))
                    .with_layout(layout)
                    .with_extra_warnings(extra_warnings);
                let file = des::compile_levels(text, shown, &options)?;
                let vaults = (file.levels.iter())
                    .filter_map(|l| l.random_vault.map(|v| v.line(&l.name)))
                    .collect();
                let outputs = file
                    .levels
                    .into_iter()
                    .map(|l| (l.name, l.bytes.into()))
                    .collect();
                Ok((outputs, Warning::all_of(no_file, &file.warnings), vaults))
            }
            Language::Dungeon => {
                let options = dungeon::Options::for_game(Arc::clone(game)).with_layout(layout);
                let out = dungeon::compile(text, shown, &options)?;
                let outputs = vec![(dungeon_name(rel), out.bytes.into())];
                Ok((outputs, Warning::all_of(no_file, &out.warnings), Vec::new()))
            }
        }
    }

    /// The special levels that compiled `outputs` need (a dungeon's
    /// `LEVEL`s and `RNDLEVEL`s; nothing for level files).
    pub(crate) fn needs(
        self,
        outputs: &[(String, Arc<[u8]>)],
        game: &Game,
        layout: Layout,
    ) -> Vec<RequiredLevel> {
        match self {
            Language::Des => Vec::new(),
            Language::Dungeon => outputs
                .first()
                .and_then(|(_, bytes)| dungeon::decode(bytes, game, layout).ok())
                .map(|d| dungeon::required_levels(&d))
                .unwrap_or_default(),
        }
    }
}

/// A dungeon file's output name: its file stem (`dungeon.def` → `dungeon`).
fn dungeon_name(rel: &str) -> String {
    Path::new(rel)
        .file_stem()
        .map_or_else(|| "dungeon".into(), |s| s.to_string_lossy().into_owned())
}
