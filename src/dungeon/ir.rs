//! The typed dungeon layout: what `dungeon.def` means, independent of the
//! `dungeon` file's byte layout. Its records are `#[non_exhaustive]` (a
//! variant may add fields: build one from its `Default`); [`Couple`] is a
//! plain pair.

/// A level position: `base` (negative counts from the bottom) plus up to
/// `rand` random levels (-1: anywhere below `base`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Couple {
    /// Base level.
    pub base: i16,
    /// Random range added to the base.
    pub rand: i16,
}

/// Dungeon and level flag bits.
pub mod flags {
    /// A town level (`LEVELDESC: town`).
    pub const TOWN: i32 = 1;
    /// `DESCRIPTION: hellish`.
    pub const HELLISH: i32 = 2;
    /// `DESCRIPTION: mazelike`.
    pub const MAZELIKE: i32 = 4;
    /// `DESCRIPTION: roguelike`.
    pub const ROGUELIKE: i32 = 8;
    /// Chaotic alignment.
    pub const CHAOTIC: i32 = 16;
    /// Neutral alignment.
    pub const NEUTRAL: i32 = 32;
    /// Lawful alignment.
    pub const LAWFUL: i32 = 64;
}

/// The whole layout: dungeons in definition order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Dungeon {
    /// The dungeons.
    pub dungeons: Vec<DungeonDef>,
}

impl Dungeon {
    /// Every level of every dungeon in definition order (the order chain
    /// indices count in).
    pub fn all_levels(&self) -> impl Iterator<Item = &LevelDef> {
        self.dungeons.iter().flat_map(|d| d.levels.iter())
    }
}

/// One `DUNGEON:` and what follows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct DungeonDef {
    /// Dungeon name.
    pub name: String,
    /// Bones letter, or `None` for `"none"`.
    #[cfg_attr(feature = "serde", serde(serialize_with = "bones_letter"))]
    pub bones: Option<u8>,
    /// `PROTOFILE` prefix of its level files ("" for none).
    pub protofile: String,
    /// Depth couple.
    pub depth: Couple,
    /// [`flags`] bits: hellish/mazelike/roguelike and alignment.
    pub flags: i32,
    /// Percent chance that the dungeon exists; 0 means always.
    pub chance: i32,
    /// `ENTRY` level (0 = default; a game whose dungeon records have no
    /// entry level, SLASH'EM, keeps it in the branch instead).
    pub entry: i32,
    /// How many times the dungeon's name was defined (notnotdNetHack's
    /// `alternates`; 0 in games without it).
    pub alternates: i32,
    /// Special levels.
    pub levels: Vec<LevelDef>,
    /// Branches out of this dungeon.
    pub branches: Vec<BranchDef>,
}

/// A special level (`LEVEL`, `RNDLEVEL`, `CHAINLEVEL`, `RNDCHLEVEL`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct LevelDef {
    /// Level name (its `.lev` file stem, or the stem of `NAME-1` … `NAME-N`).
    pub name: String,
    /// Bones letter, or `None`.
    #[cfg_attr(feature = "serde", serde(serialize_with = "bones_letter"))]
    pub bones: Option<u8>,
    /// Position: absolute for plain levels, relative to `chain` for chained ones.
    pub at: Couple,
    /// Percent chance of existing (100 = always).
    pub chance: i32,
    /// Number of random variants (`RNDLEVEL`), 0 for a fixed level.
    pub rndlevs: i32,
    /// Global index (over all dungeons' levels) of the level this one is
    /// chained to.
    pub chain: Option<usize>,
    /// [`flags`] bits: town and alignment.
    pub flags: i32,
}

/// How a branch connects two dungeons.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BranchKind {
    /// Two-way stairs.
    #[default]
    Stair,
    /// No up stairs.
    NoUp,
    /// No down stairs.
    NoDown,
    /// A magic portal.
    Portal,
}

impl BranchKind {
    /// The word `dungeon.def` writes for it: `"stair"`, `"no_up"`,
    /// `"no_down"` or `"portal"`.
    pub fn name(self) -> &'static str {
        match self {
            BranchKind::Stair => "stair",
            BranchKind::NoUp => "no_up",
            BranchKind::NoDown => "no_down",
            BranchKind::Portal => "portal",
        }
    }
}

/// Its `dungeon.def` word ([`BranchKind::name`]).
#[cfg(feature = "serde")]
impl serde::Serialize for BranchKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// A bones letter as a one-character string (a byte past ASCII as the
/// library keeps source bytes, see [`crate::source_text`]), or none.
#[cfg(feature = "serde")]
fn bones_letter<S: serde::Serializer>(bones: &Option<u8>, s: S) -> Result<S::Ok, S::Error> {
    match bones {
        Some(b) => s.serialize_str(&crate::text::decode(&[*b])),
        None => s.serialize_none(),
    }
}

/// A `BRANCH` or `CHAINBRANCH`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct BranchDef {
    /// Destination dungeon name.
    pub dest: String,
    /// Position: absolute, or relative to `chain`.
    pub at: Couple,
    /// Global level index the branch is chained to.
    pub chain: Option<usize>,
    /// Stairs or portal.
    pub kind: BranchKind,
    /// The branch goes up.
    pub up: bool,
    /// The entry level of the dungeon it leads to (SLASH'EM's optional
    /// number after `BRANCH`; 0 in games without it).
    pub entry: i32,
}

/// Longest name a 24-byte record field holds.
pub(crate) const MAX_NAME: usize = 23;
