//! How a game of the NetHack 3.4.3 family lays out and numbers its `.lev`
//! and `dungeon` records: what [`crate::des::encode`], [`crate::des::decode`],
//! [`crate::dungeon::encode`] and [`crate::dungeon::decode`] take from the
//! [`Game`](super::Game) instead of assuming NetHack 3.4.3.
//!
//! A variant changes records in a few ways only, each of them data here:
//! members appended to a record ([`ExtraMember`]: SLASH'EM's door key and
//! object flags, notnotdNetHack's altar god), whole lists the vanilla file
//! does not have ([`RecordFormat::forges`], [`RecordFormat::random_regions`],
//! [`RecordFormat::place_sets`]), the int members of the dungeon records in
//! their order ([`DungeonMember`]), the type of the header words, and the
//! numbers its `rm.h`, `mkroom.h` and `trap.h` give terrain, room types and
//! traps ([`Numbering`]). The encoder's control flow is the same for every
//! game.

use std::fmt;

use super::facts::{facts, within};

/// A table of words and their numbers, as the format holds it.
fn names_of<T: Copy>(table: &[(&str, T)]) -> Vec<(Box<str>, T)> {
    table.iter().map(|&(w, v)| (w.into(), v)).collect()
}

/// The check of a header word's type: `int` (the NetHack4 family's
/// `unsigned int` words), `long` or `long-long`.
fn header_word_type(t: &CType) -> Result<(), String> {
    match t {
        CType::Int | CType::Long | CType::LongLong => Ok(()),
        _ => Err("a header word is `int`, `long` or `long-long`".into()),
    }
}

/// A C integer type of a record member or a header word. Its size and
/// alignment are the target [`Layout`](crate::Layout)'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CType {
    /// `char` (`xchar`, `schar`): one byte.
    Char,
    /// `short`: two bytes.
    Short,
    /// `int`: four bytes.
    Int,
    /// `long`: four or eight bytes, by the data model.
    Long,
    /// `long long`: eight bytes on every target (header words only).
    LongLong,
}

impl CType {
    /// The name identity files give it (`char`, `short`, `int`, `long`,
    /// `long-long`).
    pub fn as_str(self) -> &'static str {
        match self {
            CType::Char => "char",
            CType::Short => "short",
            CType::Int => "int",
            CType::Long => "long",
            CType::LongLong => "long-long",
        }
    }

    /// The type `name` names ([`CType::as_str`]).
    pub fn from_name(name: &str) -> Option<CType> {
        [
            CType::Char,
            CType::Short,
            CType::Int,
            CType::Long,
            CType::LongLong,
        ]
        .into_iter()
        .find(|t| t.as_str() == name)
    }
}

/// A `.lev` record that may carry members beyond NetHack 3.4.3's (its
/// `extra` values, in the order of the game's [`ExtraMember`]s).
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordKind {
    /// A maze part's `door`.
    Door,
    /// A room's `room_door`.
    RoomDoor,
    /// `altar`.
    Altar,
    /// `monster`.
    Monster,
    /// `object`.
    Object,
}

impl RecordKind {
    /// Every kind, in the order identity files list them.
    pub const ALL: [RecordKind; 5] = [
        RecordKind::Door,
        RecordKind::RoomDoor,
        RecordKind::Altar,
        RecordKind::Monster,
        RecordKind::Object,
    ];

    /// The C struct's name (`door`, `room_door`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            RecordKind::Door => "door",
            RecordKind::RoomDoor => "room_door",
            RecordKind::Altar => "altar",
            RecordKind::Monster => "monster",
            RecordKind::Object => "object",
        }
    }

    /// The kind whose struct is called `name`.
    pub fn from_name(name: &str) -> Option<RecordKind> {
        RecordKind::ALL.into_iter().find(|k| k.as_str() == name)
    }
}

/// A member a game's record has after NetHack 3.4.3's members (the C
/// compiler pads before it as its type requires).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ExtraMember {
    /// The record it belongs to.
    pub record: RecordKind,
    /// Its C name (`arti_key`, `oflags`, `god`): what dumps call it.
    pub name: Box<str>,
    /// Its C type.
    pub ctype: CType,
}

/// An int-sized member of `dgn_comp`'s `tmpdungeon` or `tmpbranch`
/// record, after the names and the `base`/`rand` couple.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DungeonMember {
    /// `flags` (dungeon).
    Flags,
    /// `chance` (dungeon).
    Chance,
    /// `levels`: how many level records follow (dungeon).
    Levels,
    /// `alternates`: how many times the name was defined (notnotdNetHack).
    Alternates,
    /// `branches`: how many branch records follow (dungeon).
    Branches,
    /// `entry_lev`: the entry level (dungeon in 3.4.3, branch in SLASH'EM).
    EntryLevel,
    /// `chain` (branch).
    Chain,
    /// `type` (branch).
    Type,
    /// `up` (branch).
    Up,
}

impl DungeonMember {
    const ALL: [DungeonMember; 9] = [
        DungeonMember::Flags,
        DungeonMember::Chance,
        DungeonMember::Levels,
        DungeonMember::Alternates,
        DungeonMember::Branches,
        DungeonMember::EntryLevel,
        DungeonMember::Chain,
        DungeonMember::Type,
        DungeonMember::Up,
    ];

    /// Its C name (`flags`, `entry_lev`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            DungeonMember::Flags => "flags",
            DungeonMember::Chance => "chance",
            DungeonMember::Levels => "levels",
            DungeonMember::Alternates => "alternates",
            DungeonMember::Branches => "branches",
            DungeonMember::EntryLevel => "entry_lev",
            DungeonMember::Chain => "chain",
            DungeonMember::Type => "type",
            DungeonMember::Up => "up",
        }
    }

    /// The member called `name`.
    pub fn from_name(name: &str) -> Option<DungeonMember> {
        DungeonMember::ALL.into_iter().find(|m| m.as_str() == name)
    }
}

facts! {
/// The numbers a game gives its terrain, room types, traps, level flags
/// and engraving types, with the words `.des` files and dumps use for
/// them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Numbering {
    /// `rm.h` location type names, indexed by their number.
    pub terrain: Vec<Box<str>> = Vec::new()
        => indexed "terrain",
    /// `.des` map characters and the terrain number each stands for; the
    /// first character of a number is the one dumps print.
    pub map_chars: Vec<(u8, i8)> = Vec::new()
        => each "map-char",
    /// The map characters `lev_comp` reads with a warning, and the
    /// warning (`K` where the game was built without `SINKS`: "Sinks are
    /// not allowed in this version!  Ignoring..."); what they stand for is
    /// in [`Numbering::map_chars`] (none: stone in a map).
    pub map_char_warnings: Vec<(u8, Box<str>)> = Vec::new()
        => each "map-char-warning",
    /// The bytes `lev_comp.l` lets into a `MAP` row, sorted (digits too:
    /// `lev_comp` drops them from the row). One that is no map character
    /// (dNetHack's `N`) is read as stone, with lev_comp's warning.
    pub map_row_chars: Vec<u8> = Vec::new()
        => line "map-row-chars",
    /// Room type words (`"throne"`, `"black market"`) and their numbers.
    pub room_types: Vec<(Box<str>, i8)> = Vec::new()
        => each "room-type",
    /// Trap words (`"hole"`) and their numbers.
    pub traps: Vec<(Box<str>, i8)> = Vec::new()
        => each "trap",
    /// `FLAGS` words and their bits.
    pub level_flags: Vec<(Box<str>, i64)> = Vec::new()
        => each "level-flag",
    /// Engraving type words (`dust`, `scrawl`) and their numbers.
    pub engravings: Vec<(Box<str>, i8)> = Vec::new()
        => each "engraving",
    /// `OBJFLAGS` words (`o_lit`, `o_buried`) and their bits: SLASH'EM's
    /// object flags (empty for a game without).
    pub object_flags: Vec<(Box<str>, i64)> = Vec::new()
        => each "object-flag",
    /// `artilist.h`'s artifact names, indexed by their number (SLASH'EM's
    /// door keys name one; empty for a built-in game).
    pub artifacts: Vec<Box<str>> = Vec::new()
        => each "artifact",
    /// The female names of `mons[]` entries that have one of their own
    /// (FIQHack's `fname`, which its `get_monster_id` matches too: "succubus"
    /// is its incubus), with the entry's number.
    pub monster_female_names: Vec<(Box<str>, i16)> = Vec::new()
        => each "monster-female-name",
    /// `godlist.h`'s god names, indexed by their number (0 is none:
    /// notnotdNetHack's altars name one; empty for a game without).
    pub gods: Vec<Box<str>> = Vec::new()
        => each "god",
    /// Curse state words (`blessed`, AceHack's `identified`) and their
    /// numbers.
    pub curse_states: Vec<(Box<str>, i8)> = names_of(CURSE_STATES_343)
        => each "curse-state",
    /// `lev_comp.l`'s lighting words (`lit`, FIQHack's `mineslight`) and
    /// their numbers.
    pub light_states: Vec<(Box<str>, i8)> = names_of(LIGHT_STATES_343)
        => each "light-state",
    /// The `dungeon.h` level region types `lev_comp.y` stores (`LR_PORTAL`,
    /// AceHack's `LR_UPLADDER`), by C name, with their numbers.
    pub level_regions: Vec<(Box<str>, i8)> = names_of(LEVEL_REGIONS_343)
        => each "level-region",
    /// `dgn_comp.l`'s `DESCRIPTOR` words and their values (`town` 1,
    /// `chaotic` 16; EvilHack's `iceq` 16 and `chaotic` 512).
    pub dungeon_descriptors: Vec<(Box<str>, i32)> = Vec::new()
        => each "dungeon-descriptor",
}
}

/// NetHack 3.4.3's curse state words.
const CURSE_STATES_343: &[(&str, i8)] = &[("blessed", 1), ("uncursed", 2), ("cursed", 3)];

/// NetHack 3.4.3's lighting words.
const LIGHT_STATES_343: &[(&str, i8)] = &[("lit", 1), ("unlit", 0)];

/// The `dungeon.h` level region types NetHack 3.4.3's `lev_comp.y` stores.
const LEVEL_REGIONS_343: &[(&str, i8)] = &[
    ("LR_DOWNSTAIR", 0),
    ("LR_UPSTAIR", 1),
    ("LR_PORTAL", 2),
    ("LR_BRANCH", 3),
    ("LR_TELE", 4),
    ("LR_UPTELE", 5),
    ("LR_DOWNTELE", 6),
];

/// NetHack 3.4.3's `DESCRIPTOR` words (3.6.7's are the same).
pub(crate) const DUNGEON_DESCRIPTORS_343: &[(&str, i32)] = &[
    ("town", 1),
    ("hellish", 2),
    ("mazelike", 4),
    ("roguelike", 8),
    ("unaligned", 0),
    ("noalign", 0),
    ("lawful", 64),
    ("neutral", 32),
    ("chaotic", 16),
];

impl Numbering {
    /// NetHack 3.4.3's.
    pub fn nethack_343() -> Numbering {
        use crate::tables::data;
        let named = names_of;
        Numbering {
            terrain: data::TERRAIN_NAMES.iter().map(|&n| n.into()).collect(),
            map_chars: data::MAP_CHARS.to_vec(),
            map_char_warnings: Vec::new(),
            map_row_chars: sorted_bytes(MAP_ROW_CHARS_343.iter().copied()),
            room_types: named(data::ROOM_TYPES),
            traps: named(data::TRAPS),
            level_flags: [
                ("noteleport", 1),
                ("hardfloor", 2),
                ("nommap", 4),
                ("arboreal", 16),
                ("shortsighted", 8),
            ]
            .iter()
            .map(|&(n, v)| (n.into(), v))
            .collect(),
            engravings: [("dust", 1), ("engrave", 2), ("burn", 3), ("mark", 4)]
                .iter()
                .map(|&(n, v)| (n.into(), v))
                .collect(),
            object_flags: Vec::new(),
            artifacts: Vec::new(),
            monster_female_names: Vec::new(),
            gods: Vec::new(),
            curse_states: named(CURSE_STATES_343),
            light_states: named(LIGHT_STATES_343),
            level_regions: named(LEVEL_REGIONS_343),
            dungeon_descriptors: names_of(DUNGEON_DESCRIPTORS_343),
        }
    }

    /// A numbering with nothing in it, for a tree's probe to fill, but
    /// for the facts of the 3.4.3 family's records, which a 3.6 tree's
    /// probe need not print (its `lev_comp.y` stores no level region by
    /// name): 3.4.3's curse and light states and level regions.
    pub(crate) fn empty() -> Numbering {
        Numbering::declared()
    }

    #[cfg(feature = "build")]
    /// What a level compiler needs that this numbering lacks: the kinds
    /// of which it has nothing (terrain, map characters, room types,
    /// traps, level flags).
    pub(crate) fn missing(&self) -> Vec<&'static str> {
        [
            (self.terrain.is_empty(), "rm.h location types"),
            (self.map_chars.is_empty(), "what_map_char's map characters"),
            (self.room_types.is_empty(), "lev_main.c's room_types[]"),
            (self.traps.is_empty(), "lev_main.c's trap_types[]"),
            (self.level_flags.is_empty(), "lev_comp.l's FLAG_TYPE words"),
            (
                self.dungeon_descriptors.is_empty(),
                "dgn_comp.l's DESCRIPTOR words",
            ),
        ]
        .into_iter()
        .filter_map(|(missing, what)| missing.then_some(what))
        .collect()
    }

    /// The `rm.h` name of terrain number `code`.
    pub fn terrain_name(&self, code: i8) -> Option<&str> {
        usize::try_from(code)
            .ok()
            .and_then(|i| self.terrain.get(i))
            .map(|n| &**n)
    }

    /// The number of the terrain `rm.h` calls `name`.
    pub fn terrain_code(&self, name: &str) -> Option<i8> {
        self.terrain
            .iter()
            .position(|n| &**n == name)
            .and_then(|i| i8::try_from(i).ok())
    }

    /// The map character that stands for terrain number `code`.
    pub fn map_char(&self, code: i8) -> Option<u8> {
        self.map_chars
            .iter()
            .find(|&&(_, t)| t == code)
            .map(|&(c, _)| c)
    }

    /// The terrain number map character `c` stands for (`None`: no map
    /// character, `lev_comp`'s `INVALID_TYPE`).
    pub fn map_char_terrain(&self, c: u8) -> Option<i8> {
        self.map_chars
            .iter()
            .find(|&&(m, _)| m == c)
            .map(|&(_, t)| t)
    }

    /// The warning `lev_comp` gives when it reads map character `c`.
    pub fn map_char_warning(&self, c: u8) -> Option<&str> {
        (self.map_char_warnings.iter())
            .find(|(m, _)| *m == c)
            .map(|(_, w)| &**w)
    }

    /// Whether `lev_comp.l` lets byte `c` into a `MAP` row.
    pub fn is_map_row_char(&self, c: u8) -> bool {
        self.map_row_chars.binary_search(&c).is_ok()
    }

    /// The `MAP` row bytes of a game whose lexer is not known: NetHack
    /// 3.4.3's and every map character of `map_chars` (a variant's lexer
    /// adds the characters its `what_map_char` adds).
    #[cfg(any(feature = "build", test))]
    pub(crate) fn map_row_chars_of(map_chars: &[(u8, i8)]) -> Vec<u8> {
        let extra = map_chars.iter().map(|&(c, _)| c);
        sorted_bytes(MAP_ROW_CHARS_343.iter().copied().chain(extra))
    }

    /// The word of room type `code`.
    pub fn room_type_name(&self, code: i8) -> Option<&str> {
        word_of(&self.room_types, code)
    }

    /// The number of the room type `word` (lev_comp's `get_room_type`).
    pub fn room_type(&self, word: &str) -> Option<i8> {
        number_of(&self.room_types, word)
    }

    /// The word of trap number `code`.
    pub fn trap_name(&self, code: i8) -> Option<&str> {
        word_of(&self.traps, code)
    }

    /// The number of the trap `word` (lev_comp's `get_trap_type`).
    pub fn trap(&self, word: &str) -> Option<i8> {
        number_of(&self.traps, word)
    }

    /// The word of engraving type `code`.
    pub fn engraving_name(&self, code: i8) -> Option<&str> {
        word_of(&self.engravings, code)
    }

    /// The number of the artifact called `name` (lev_comp's
    /// `get_artifact_id`).
    pub fn artifact(&self, name: &str) -> Option<i16> {
        self.artifacts
            .iter()
            .position(|a| &**a == name)
            .and_then(|i| i16::try_from(i).ok())
    }

    /// The number of the god called `name` (lev_comp's `get_god_id`:
    /// never 0, which is no god).
    pub fn god(&self, name: &str) -> Option<i32> {
        (self.gods.iter().skip(1))
            .position(|g| &**g == name)
            .and_then(|i| i32::try_from(i + 1).ok())
    }

    /// The word of lighting `code` (`lit`, FIQHack's `mineslight`).
    pub fn light_state_name(&self, code: i8) -> Option<&str> {
        word_of(&self.light_states, code)
    }

    /// The word of curse state `code` (`blessed`).
    pub fn curse_state_name(&self, code: i8) -> Option<&str> {
        word_of(&self.curse_states, code)
    }

    /// The number of the level region type `dungeon.h` calls `name`
    /// (`LR_PORTAL`).
    pub fn level_region(&self, name: &str) -> Option<i8> {
        number_of(&self.level_regions, name)
    }

    /// The `dungeon.h` name of level region type `code`.
    pub fn level_region_name(&self, code: i8) -> Option<&str> {
        word_of(&self.level_regions, code)
    }

    /// The highest room type number (`MAXRTYPE`).
    pub fn max_room_type(&self) -> i8 {
        self.room_types.iter().map(|&(_, v)| v).max().unwrap_or(0)
    }
}

/// NetHack 3.6.7's `FLAGS` words and their bits (`sp_lev.h`), in
/// `lev_comp.l`'s order.
const LEVEL_FLAGS_367: &[(&str, i64)] = &[
    ("noteleport", 0x1),
    ("hardfloor", 0x2),
    ("nommap", 0x4),
    ("arboreal", 0x10),
    ("shortsighted", 0x8),
    ("mazelevel", 0x20),
    ("premapped", 0x40),
    ("shroud", 0x80),
    ("graveyard", 0x100),
    ("icedpools", 0x200),
    ("solidify", 0x400),
    ("corrmaze", 0x800),
    ("inaccessibles", 0x1000),
];

/// The bytes NetHack 3.4.3's `lev_comp.l` lets into a `MAP` row.
pub(crate) const MAP_ROW_CHARS_343: &[u8] = b"-|}{+ABCISHKPLWTF\\#. 0123456789";

/// `bytes` sorted, each once.
pub(crate) fn sorted_bytes(bytes: impl IntoIterator<Item = u8>) -> Vec<u8> {
    let mut v: Vec<u8> = bytes.into_iter().collect();
    v.sort_unstable();
    v.dedup();
    v
}

fn word_of<T: Copy + PartialEq>(table: &[(Box<str>, T)], code: T) -> Option<&str> {
    table.iter().find(|(_, v)| *v == code).map(|(n, _)| &**n)
}

fn number_of<T: Copy>(table: &[(Box<str>, T)], word: &str) -> Option<T> {
    table.iter().find(|(n, _)| &**n == word).map(|&(_, v)| v)
}

facts! {
/// What `dgn_comp` allows a game's dungeon description to hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Limits {
    /// Dungeons (`MAXDUNGEON`).
    pub dungeons: usize = 16
        => line "limit-dungeons" if within(0, 1 << 20),
    /// Special levels in the whole file (`LEV_LIMIT`).
    pub special_levels: usize = 50
        => line "limit-special-levels" if within(0, 1 << 20),
    /// A dungeon's depth and a level's placement (`MAXLEVEL`).
    pub depth: i64 = 32
        => line "limit-depth" if within(0, 1 << 20),
    /// Branches in the whole file (`BRANCH_LIMIT`).
    pub branches: usize = 32
        => line "limit-branches" if within(0, 1 << 20),
}
}

impl Limits {
    /// NetHack 3.4.3's: 16 dungeons, 50 special levels, depth 32, 32
    /// branches.
    pub fn nethack_343() -> Limits {
        Limits::declared()
    }
}

facts! {
/// Where a game's `dgn_comp` checks differently from NetHack 3.4.3's
/// (what its records hold is in the rest of the [`RecordFormat`]: an
/// entry level after `BRANCH` where `tmpbranch` has `entry_lev`, `ENTRY`
/// an error where `tmpdungeon` has none, repeated dungeon names counted
/// where it has `alternates`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct DungeonRules {
    /// The chance of a `DUNGEON:` that gives none (0, "always", in 3.4.3;
    /// 100 in notnotdNetHack).
    pub default_chance: i32 = 0
        => line "dungeon-default-chance",
    /// A branch to a dungeon defined earlier is an error ("Reverse
    /// branching not allowed."; SLASH'EM allows it).
    pub reverse_branch_check: bool = true
        => line "dungeon-reverse-branch-check",
    /// Each `DUNGEON:` must have a depth of at least (1, 0) ("Invalid
    /// dungeon depth specified."; notnotdNetHack).
    pub depth_check: bool = false
        => line "dungeon-depth-check",
    /// Names too long for their fields are the game's own errors
    /// ("Level name is too long"; SLASH'EM). Elsewhere levbuild's (the
    /// reference overruns the field).
    pub name_length_checks: bool = false
        => line "dungeon-name-length-check",
    /// The game's `makedefs -e` is 3.4.3's, with `%NAME` conditionals
    /// (its `makedefs.c` has `check_control`: the 3.4.3 family, and
    /// SporkHack and UnNetHack, whose levels are 3.6's opcodes); 3.6's
    /// has none.
    pub percent_conditionals: bool = true
        => line "dungeon-conditionals",
}
}

impl DungeonRules {
    /// NetHack 3.4.3's.
    pub fn nethack_343() -> DungeonRules {
        DungeonRules::declared()
    }
}

facts! {
/// Where a game's `lev_comp` checks differently from NetHack 3.4.3's.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct LevelRules {
    /// The terrain numbers a joined `INIT_MAP` may have in front (3.4.3:
    /// corridor and room; dNetHack adds puddle, grass, soil and sand).
    pub joined_foregrounds: Vec<i8> = vec![23, 24]
        => each "joined-foreground",
    /// The smallest `ROOM` position, and the largest x and y (3.4.3: 1,
    /// 5, 5, a grid cell; dNetHack: 0, 80, 20, a map cell).
    pub room_positions: (i64, i64, i64) = (1, 5, 5)
        => line "room-positions",
    /// `lev_comp`'s error for a `ROOM` position outside them ("Room
    /// position should be between 1 & 5!"; FIQHack's "… should be real
    /// coordinates!").
    pub room_position_error: Box<str> = "Room position should be between 1 & 5!".into()
        => line "room-position-error",
    /// Object class `'#'`: the object is named by a string the game
    /// parses at run time (dNetHack).
    pub named_objects: bool = false
        => line "named-objects",
    /// Monster class `'#'` likewise (notnotdNetHack).
    pub named_monsters: bool = false
        => line "named-monsters",
    /// `CHANCE` may be given to an ordinary room (notnotdNetHack; 3.4.3:
    /// "Only typed rooms can have a chance!").
    pub ordinary_room_chance: bool = false
        => line "ordinary-room-chance",
    /// `[skipcheck]`/`[noskipcheck]` may follow the place of a monster,
    /// object or engraving (notnotdNetHack).
    pub sanity_flags: bool = false
        => line "sanity-flags",
    /// The map's size (`COLNO`, `ROWNO`): 80 by 21, FIQHack's 79 by 21.
    /// A level region's x is below `COLNO`, its y below `ROWNO`; a
    /// `NOMAP` part's places are within `COLNO - 1` and `ROWNO`.
    pub map_size: (i64, i64) = (80, 21)
        => line "map-size" if within(1, 127),
    /// The smallest x of a `levregion(…)` (3.4.3: 1; FIQHack: 0).
    pub level_region_min_x: i64 = 1
        => line "level-region-min-x" if within(0, 1),
    /// `levregion()` with no coordinates stands for the place off the map
    /// (`COLNO`, `ROWNO`) a level region may name (FIQHack).
    pub empty_level_regions: bool = false
        => line "empty-level-regions",
    /// A chance follows the keyword of `MONSTER`, `OBJECT`, `CONTAINER`,
    /// `TRAP` and `TERRAIN` (`MONSTER[90%]: …`, SporkHack's `MONSTER_ID
    /// chance ':'`), as 3.6.7's `[90%]: MONSTER: …` stores it.
    pub keyword_chance: bool = false
        => line "keyword-chance",
    /// A statement may be a chance and a statement (`[90%]: MONSTER: …`,
    /// 3.6.7's `chancestatement`); SporkHack's chances follow a keyword
    /// only, and its `lev_comp` refuses this form.
    pub chance_statement: bool = true
        => line "chance-statement",
    /// `WALLIFY` takes a region and stores no selection flag
    /// (SporkHack's `WALLIFY_ID ':' region_or_var`), not 3.6.7's
    /// selection and flag.
    pub wallify_region: bool = false
        => line "wallify-region",
    /// `lev_comp.l`'s catch-all word takes `-` (3.6.7's
    /// `[-_a-zA-Z0-9]+`); SporkHack's `[a-zA-Z_][a-zA-Z_0-9]*` does not,
    /// so `random-random` is two coordinates and a `-` (and starts with a
    /// letter or `_`: `3d6x` is dice and a name).
    pub dash_in_words: bool = true
        => line "dash-in-words",
    /// A variable name may hold digits after its first letter
    /// (SporkHack's `\$[a-zA-Z_][a-zA-Z_0-9]*`; 3.6.7's `\$[a-zA-Z_]+`).
    pub digits_in_variables: bool = false
        => line "digits-in-variables",
    /// `line` and `randline` join their ends with `-` (SporkHack's
    /// `line (x,y)-(x,y)`), not 3.6.7's `,`.
    pub line_dash: bool = false
        => line "line-dash",
    /// `SWITCH` draws `rn2` of its value even when that is dice or a
    /// variable (SporkHack); 3.6.7 only of a constant.
    pub switch_rn2_always: bool = false
        => line "switch-rn2-always",
    /// A `BREAK` jumps past the `POP` that ends its `SWITCH` (SporkHack
    /// patches it to `n_opcodes - at`, 3.6.7 to one less).
    pub break_past_pop: bool = false
        => line "break-past-pop",
    /// A random vault has a `MINDEPTH`, written first on its `vaults.dat`
    /// line (EvilHack); SporkHack's line is `FREQUENCY NAME`.
    pub vault_min_depth: bool = true
        => line "vault-min-depth",
    /// `lev_comp.l` refuses a percentage outside 0 to 100 as it reads it
    /// ("Unexpected percentile", 3.6.7); SporkHack's takes any.
    pub percent_checked: bool = true
        => line "percent-check",
    /// A random vault stays one for the rest of the file: `LEVEL:` does
    /// not reset it (SporkHack's `is_rnd_vault` is only ever set), and
    /// `FLAGS: rndvault` starts a new one at frequency 1; EvilHack's
    /// `LEVEL:` resets it.
    pub vault_kept_by_level: bool = false
        => line "vault-kept-by-level",
    /// `FOR` runs between two integers it knows (SporkHack's `FOR_ID
    /// intvar_or_unk '=' INTEGER int_span INTEGER`): the step is theirs
    /// and the loop tests its end after each pass, not 3.6.7's computed
    /// bounds.
    pub for_integer_bounds: bool = false
        => line "for-integer-bounds",
    /// `$a = $b` stores `$b`'s name, not its value (SporkHack's
    /// `add_opvars(splev, "siso", $3, -1, $1, SPO_VAR_INIT)`), for a
    /// variable of any type.
    pub var_copy_by_name: bool = false
        => line "var-copy-by-name",
    /// The words `lev_comp.l`'s rules spell out (`MESSAGE`, `montype`,
    /// `NAME`), for a 3.6-language tree: a word of 3.6.7's language that
    /// its lexer does not have is not the game's (SporkHack has no `MAZE`,
    /// `MINERALIZE`, lower-case `name`, `gradient`). Empty: 3.6.7's words.
    pub lexer_words: Vec<Box<str>> = Vec::new()
        => each "lexer-word",
    /// `BREAK` stands only among a `CASE`'s own statements (SporkHack's
    /// `breakstatements`), not in any block `SWITCH`, `LOOP` or `FOR`
    /// holds.
    pub break_in_case_only: bool = false
        => line "break-in-case-only",
    /// A room's, subroom's or region's flags give each of their bits
    /// once (SporkHack's "Room flag defined twice."; its `unfilled` is
    /// the filled bit, its `filled` none).
    pub room_flags_once: bool = false
        => line "room-flags-once",
    /// The `BREAK`s one `SWITCH` may hold (SporkHack's
    /// `MAX_SWITCH_BREAKS`, past which its `lev_comp` writes beyond its
    /// list); 0: as many as it has (3.6.7's list grows).
    pub switch_break_limit: usize = 0
        => line "switch-break-limit" if within(0, 1 << 20),
    /// `REPLACE_TERRAIN`'s chance is clamped to 0..=100 (SporkHack, whose
    /// scanner takes any percentage).
    pub replace_terrain_clamped: bool = false
        => line "replace-terrain-clamped",
    /// `GOLD`'s amount, `randline`'s roughness and `circle`'s and
    /// `ellipse`'s radii take no variable (SporkHack's `math_expr`, not
    /// 3.6.7's `math_expr_var`).
    pub constant_amounts: bool = false
        => line "constant-amounts",
}
}

impl LevelRules {
    /// NetHack 3.4.3's (and NetHack 3.6.7's).
    pub fn nethack_343() -> LevelRules {
        LevelRules::declared()
    }
}

facts! {
/// A game's `.lev` and `dungeon` record format (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct RecordFormat {
    /// The C type of the `version_info` words every file starts with.
    pub header_word: CType = CType::Long
        => line "header-word" if header_word_type,
    /// Members records have after NetHack 3.4.3's.
    pub extra_members: Vec<ExtraMember> = Vec::new()
        => each "member",
    /// A forge list (`char nforge`, then `x`, `y` each) after the
    /// fountains of every maze part and room (notnotdNetHack).
    pub forges: bool = false
        => line "forges",
    /// A `RANDOM_REGION` list (level-region records) after the level
    /// regions of every maze part (SLASH'EM).
    pub random_regions: bool = false
        => line "random-regions",
    /// Several numbered `RANDOM_PLACES` lists (`char nlocset`, the list
    /// lengths, then each list's x and y) instead of one (SLASH'EM).
    pub place_sets: bool = false
        => line "place-sets",
    /// A ladder list (`char nlad`, then `x`, `y`, `up` each) after the
    /// stairs of every room, as maze parts have (AceHack).
    pub room_ladders: bool = false
        => line "room-ladders",
    /// A hallucination message (a length byte and its text) after every
    /// level's message (FIQHack: its `write_common_data` writes
    /// `tmphallumsg`, which `HALLUMSG` lines fill).
    pub hallucination_messages: bool = false
        => line "hallucination-messages",
    /// The coordinate `random` is stored as (-11; SLASH'EM -12).
    pub random_coordinate: i8 = -11
        => line "random-coordinate",
    /// `tmpdungeon`'s int members after `base`/`rand`, in order.
    pub dungeon_members: Vec<DungeonMember> = vec![DungeonMember::Flags, DungeonMember::Chance, DungeonMember::Levels, DungeonMember::Branches, DungeonMember::EntryLevel]
        => line "dungeon-members",
    /// `tmpbranch`'s int members after `base`/`rand`, in order.
    pub branch_members: Vec<DungeonMember> = vec![DungeonMember::Chain, DungeonMember::Type, DungeonMember::Up]
        => line "branch-members",
    /// Terrain, room type, trap, flag and engraving numbers.
    pub numbering: Numbering = Numbering::nethack_343()
        => nested,
    /// `dgn_comp`'s limits.
    pub limits: Limits = Limits::nethack_343()
        => nested,
    /// `dgn_comp`'s checks.
    pub dungeon_rules: DungeonRules = DungeonRules::nethack_343()
        => nested,
    /// `lev_comp`'s checks.
    pub level_rules: LevelRules = LevelRules::nethack_343()
        => nested,
    /// A NetHack 3.6-family game's opcode program format (`None` for the
    /// 3.4.3 family, whose files are records).
    pub program: Option<ProgramFormat> = None
        => nested,
}
}

facts! {
/// How a NetHack 3.6-family game numbers what its `.lev` opcode programs
/// hold, by the names its `include/sp_lev.h` gives them: the `SPO_`
/// opcodes, the `SP_M_V_` monster and `SP_O_V_` object properties (each
/// list in enum order, so a name's position is its number and the
/// length is the list's `_END`), and the words a statement stores beyond
/// 3.6.7's.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ProgramFormat {
    /// `SPO_` opcode names without the prefix (`"LEVEL_FLAGS"`), by number.
    pub opcodes: Vec<Box<str>> = Vec::new()
        => each "opcode",
    /// `SP_M_V_` names without the prefix (`"PEACEFUL"`), by number.
    pub monster_properties: Vec<Box<str>> = Vec::new()
        => each "monster-property",
    /// `SP_O_V_` names without the prefix (`"SPE"`), by number.
    pub object_properties: Vec<Box<str>> = Vec::new()
        => each "object-property",
    /// `DOOR_MATERIAL` words of `lev_comp.l` and their numbers (EvilHack's
    /// `iron`, `wooden`; empty for a game whose doors have no material).
    pub door_materials: Vec<(Box<str>, i64)> = Vec::new()
        => each "door-material",
    /// `SP_REGION_PACK` makes an `int` of a region (EvilHack's: a region
    /// whose y2 is 128 or more is stored negative), not 3.6.7's `long`.
    pub region_pack_int: bool = false
        => line "region-pack-int",
    /// The forms the game's `lev_comp.y` and `lev_comp.l` have beyond or
    /// instead of NetHack 3.6.7's (UnNetHack's), each once.
    pub grammar: Vec<GrammarForm> = Vec::new()
        => each "grammar",
    /// The core functions `lev_main.c`'s `core_vars[]` lists, in its
    /// order (UnNetHack's `time.night`, `rnd`; empty for a game without
    /// `SPO_COREFUNC`).
    pub core_functions: Vec<CoreFunction> = Vec::new()
        => each "core-function",
    /// The variable methods `lev_main.c`'s `core_methods[]` lists, in its
    /// order (UnNetHack's `$c.x`, `$a.length`).
    pub core_methods: Vec<CoreMethod> = Vec::new()
        => each "core-method",
    /// `lev_comp.l`'s `MSG_OUTPUT_TYPE` words of `SOUNDS` and their
    /// `LVLSND_` values (`hear` 0, `feel` 3; empty for a game without).
    pub sound_types: Vec<(Box<str>, i64)> = Vec::new()
        => each "sound-type",
    /// What `SP_MONST_PACK`, `SP_OBJ_PACK` and `SP_MAPCHAR_PACK` add to a
    /// monster or object index and a map character's lit state before
    /// shifting it (10 in 3.6.7; 0 in the early opcode games, SporkHack
    /// and UnNetHack, whose -1 is stored as is).
    pub value_offset: i64 = VALUE_OFFSET_367
        => line "value-offset" if within(0, 255),
    /// `SP_COORD_IS_RANDOM`, the bit a random coordinate is stored with
    /// (with its flags, 3.6.7's 0x01000000); `None` where `sp_lev.h` has
    /// none and `lev_comp` stores `random` as `SP_COORD_PACK(-1,-1)`,
    /// 0x00FF00FF (SporkHack, UnNetHack).
    pub random_coord_flag: Option<i64> = Some(COORD_RANDOM_367)
        => line "random-coord-flag",
    /// `lev_comp` passes `-1` to `add_opvars` as an `int`, which reads a
    /// `long` (no `VA_PASS` casts, SporkHack and UnNetHack): an x86-64
    /// caller's register holds it zero-extended, so such a `-1` among the
    /// first four values of a call is stored as 0xFFFFFFFF (`CORRIDOR`,
    /// `SUBROOM`, `erodeproof`); one passed on the stack, and every one
    /// where `long` is 32 bits, as -1.
    pub int_varargs: bool = false
        => line "int-varargs",
    /// `lev_comp.y` writes a `ROOM`'s flags from its vertical alignment
    /// (3.6.7's `rflags = $8`, which levbuild warns about), not from its
    /// flags (SporkHack's `$10`).
    pub room_flags_from_alignment: bool = true
        => line "room-flags-from-alignment",
    /// The flags of a `REGION` that gives none: 3.6.7's `filled` (1),
    /// SporkHack's none (0).
    pub region_default_flags: i64 = 1
        => line "region-default-flags" if within(0, 3),
    /// An unfilled `REGION`'s room type is stored plus `MAXRTYPE + 1`
    /// (3.6.7); SporkHack stores it as it is.
    pub region_unfilled_offset: bool = true
        => line "region-unfilled-offset",
    /// `lev_comp.l`'s `FILLING` words and their values: 3.6.7's `filled`
    /// 1 and `unfilled` 0; SporkHack's the other way round (so that its
    /// `unfilled` region is stored filled, as its `lev_comp` stores it).
    pub filling_words: Vec<(Box<str>, i64)> = names_of(FILLING_WORDS_367)
        => each "filling-word",
    /// `sp_lev.h`'s `LVLINIT_` kinds of `INIT_MAP` and their numbers
    /// (`"ROGUE"` 4 in 3.6.7; UnNetHack inserts `SHEOL` before it).
    pub level_inits: Vec<(Box<str>, i64)> = names_of(LEVEL_INITS_367)
        => each "level-init",
}
}

/// A form of a game's level language that NetHack 3.6.7's `lev_comp` does
/// not have, or does not have that way: what its `lev_comp.y` and
/// `lev_comp.l` say (in identity files, its [`GrammarForm::as_str`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GrammarForm {
    /// `FUNCTION` definitions and `INCLUDE "file"` before the first level
    /// (`header_stmts`).
    HeaderStatements,
    /// `INIT_MAP: sheollev` (`LVLINIT_SHEOL`).
    SheolInit,
    /// Words that are no keyword are names (`[a-zA-Z_](\.?[a-zA-Z_0-9]+)*`:
    /// functions' and core functions', `time.night`), a variable's name
    /// may hold digits and a method (`$c.x`), and there are no
    /// `[-_a-zA-Z0-9]+` words (3.6.7's): `1 - 5` is a subtraction.
    DottedNames,
    /// A level name's `%i` (`%04i`) is a counter of the file's levels so
    /// named, from 1 (`lev_main.c`'s `mangle_fname`: `"vlt-%04i"` names
    /// `vlt-0001.lev`, `vlt-0002.lev`, …).
    CountedNames,
    /// `SPILL: place, map character, direction, count` of operands (a map
    /// character or its variable, an expression), which it pushes
    /// (UnNetHack's `spill_detail`; SporkHack's stores the character's
    /// terrain and a fixed count).
    SpillOperands,
}

impl GrammarForm {
    /// Every form, in the order identity files list them.
    pub const ALL: [GrammarForm; 5] = [
        GrammarForm::HeaderStatements,
        GrammarForm::SheolInit,
        GrammarForm::DottedNames,
        GrammarForm::CountedNames,
        GrammarForm::SpillOperands,
    ];

    /// Its name in identity files (`header-statements`).
    pub fn as_str(self) -> &'static str {
        match self {
            GrammarForm::HeaderStatements => "header-statements",
            GrammarForm::SheolInit => "sheollev",
            GrammarForm::DottedNames => "dotted-names",
            GrammarForm::CountedNames => "counted-names",
            GrammarForm::SpillOperands => "spill-operands",
        }
    }

    /// The form called `name`.
    pub fn from_name(name: &str) -> Option<GrammarForm> {
        GrammarForm::ALL.into_iter().find(|f| f.as_str() == name)
    }
}

/// One of a game's core functions (`lev_main.c`'s `core_vars[]`): the
/// word a `.des` file calls it by, its `COREFUNC_` number, what it takes
/// and what it gives.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct CoreFunction {
    /// Its word (`"time.night"`, `"rnd"`).
    pub word: Box<str>,
    /// Its `enum corefuncs` number, which `SPO_COREFUNC` takes.
    pub number: i64,
    /// Its parameters, one letter each as `lev_comp` writes them (`i`
    /// integer, `s` string, `c` coordinate, `r` region, `O` object, `M`
    /// monster; `""`: called without parentheses).
    pub params: Box<str>,
    /// What it returns (`i`, `s`, `c` or `r`).
    pub returns: u8,
}

/// One of a game's variable methods (`lev_main.c`'s `core_methods[]`):
/// `$var.WORD` on a variable of type `on`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct CoreMethod {
    /// Its word (`"x"`, `"length"`).
    pub word: Box<str>,
    /// The `SPOVAR_` type of the variable it is called on (with
    /// `SPOVAR_ARRAY`, 0x40, for an array's).
    pub on: i64,
    /// Its `enum corefuncs` number.
    pub number: i64,
    /// The `SPOVAR_` type it returns.
    pub returns: i64,
}

/// What 3.6.7's `SP_MONST_PACK`, `SP_OBJ_PACK` and `SP_MAPCHAR_PACK` add.
pub(crate) const VALUE_OFFSET_367: i64 = 10;

/// 3.6.7's `FILLING` words.
pub(crate) const FILLING_WORDS_367: &[(&str, i64)] = &[("filled", 1), ("unfilled", 0)];

/// 3.6.7's `LVLINIT_` kinds.
pub(crate) const LEVEL_INITS_367: &[(&str, i64)] = &[
    ("NONE", 0),
    ("SOLIDFILL", 1),
    ("MAZEGRID", 2),
    ("MINES", 3),
    ("ROGUE", 4),
];

/// 3.6.7's `SP_COORD_IS_RANDOM`.
pub(crate) const COORD_RANDOM_367: i64 = 0x0100_0000;

/// How many of an `add_opvars` call's values x86-64 passes in registers
/// (six integer registers, less the stack and format arguments).
const INT_VARARG_REGISTERS: usize = 4;

/// NetHack 3.6.7's `SPO_` opcodes, in `sp_lev.h` order.
const OPCODES_367: &[&str] = &[
    "NULL",
    "MESSAGE",
    "MONSTER",
    "OBJECT",
    "ENGRAVING",
    "ROOM",
    "SUBROOM",
    "DOOR",
    "STAIR",
    "LADDER",
    "ALTAR",
    "FOUNTAIN",
    "SINK",
    "POOL",
    "TRAP",
    "GOLD",
    "CORRIDOR",
    "LEVREGION",
    "DRAWBRIDGE",
    "MAZEWALK",
    "NON_DIGGABLE",
    "NON_PASSWALL",
    "WALLIFY",
    "MAP",
    "ROOM_DOOR",
    "REGION",
    "MINERALIZE",
    "CMP",
    "JMP",
    "JL",
    "JLE",
    "JG",
    "JGE",
    "JE",
    "JNE",
    "TERRAIN",
    "REPLACETERRAIN",
    "EXIT",
    "ENDROOM",
    "POP_CONTAINER",
    "PUSH",
    "POP",
    "RN2",
    "DEC",
    "INC",
    "MATH_ADD",
    "MATH_SUB",
    "MATH_MUL",
    "MATH_DIV",
    "MATH_MOD",
    "MATH_SIGN",
    "COPY",
    "END_MONINVENT",
    "GRAVE",
    "FRAME_PUSH",
    "FRAME_POP",
    "CALL",
    "RETURN",
    "INITLEVEL",
    "LEVEL_FLAGS",
    "VAR_INIT",
    "SHUFFLE_ARRAY",
    "DICE",
    "SEL_ADD",
    "SEL_POINT",
    "SEL_RECT",
    "SEL_FILLRECT",
    "SEL_LINE",
    "SEL_RNDLINE",
    "SEL_GROW",
    "SEL_FLOOD",
    "SEL_RNDCOORD",
    "SEL_ELLIPSE",
    "SEL_FILTER",
    "SEL_GRADIENT",
    "SEL_COMPLEMENT",
];

/// NetHack 3.6.7's `SP_M_V_` monster properties, in `sp_lev.h` order.
const MONSTER_PROPERTIES_367: &[&str] = &[
    "PEACEFUL",
    "ALIGN",
    "ASLEEP",
    "APPEAR",
    "NAME",
    "FEMALE",
    "INVIS",
    "CANCELLED",
    "REVIVED",
    "AVENGE",
    "FLEEING",
    "BLINDED",
    "PARALYZED",
    "STUNNED",
    "CONFUSED",
    "SEENTRAPS",
];

/// NetHack 3.6.7's `SP_O_V_` object properties, in `sp_lev.h` order.
const OBJECT_PROPERTIES_367: &[&str] = &[
    "SPE",
    "CURSE",
    "CORPSENM",
    "NAME",
    "QUAN",
    "BURIED",
    "LIT",
    "ERODED",
    "LOCKED",
    "TRAPPED",
    "RECHARGED",
    "INVIS",
    "GREASED",
    "BROKEN",
    "COORD",
];

impl ProgramFormat {
    /// NetHack 3.6.7's.
    pub fn nethack_367() -> ProgramFormat {
        let names = |t: &[&str]| t.iter().map(|&n| n.into()).collect();
        ProgramFormat {
            opcodes: names(OPCODES_367),
            monster_properties: names(MONSTER_PROPERTIES_367),
            object_properties: names(OBJECT_PROPERTIES_367),
            ..ProgramFormat::empty()
        }
    }

    /// A format with no opcodes or properties, to be read; its value
    /// packing is 3.6.7's (what an identity file without a line of it
    /// says).
    pub(crate) fn empty() -> ProgramFormat {
        ProgramFormat::declared()
    }

    /// The number of `INIT_MAP` kind `LVLINIT_name`, if the game has it.
    pub fn level_init(&self, name: &str) -> Option<i64> {
        self.level_inits
            .iter()
            .find(|(n, _)| &**n == name)
            .map(|&(_, v)| v)
    }

    /// The packed monster or object `index` of `class`
    /// (`SP_MONST_PACK`, `SP_OBJ_PACK`).
    pub fn pack_thing(&self, index: i64, class: i64) -> i64 {
        ((self.value_offset + index) << 8) | (class & 0xff)
    }

    /// The index of a packed monster or object (`SP_MONST_PM`,
    /// `SP_OBJ_TYP`).
    pub fn thing_index(&self, packed: i64) -> i64 {
        ((packed >> 8) & 0xffff) - self.value_offset
    }

    /// The packed map character of terrain `typ`, lit state `lit`
    /// (`SP_MAPCHAR_PACK`).
    pub fn pack_map_char(&self, typ: i64, lit: i64) -> i64 {
        ((self.value_offset + lit) << 8) | (typ & 0xff)
    }

    /// The lit state of a packed map character (`SP_MAPCHAR_LIT`).
    pub fn map_char_lit(&self, packed: i64) -> i64 {
        ((packed >> 8) & 0xffff) - self.value_offset
    }

    /// A random coordinate with `flags` (`SP_COORD_PACK_RANDOM`; where
    /// the game has no random bit, `SP_COORD_PACK(-1,-1)`, whose flags
    /// its language cannot give).
    pub fn random_coord(&self, flags: i64) -> i64 {
        match self.random_coord_flag {
            Some(bit) => bit | flags,
            None => 0x00ff_00ff,
        }
    }

    /// Whether `packed` is a random coordinate, and its flags.
    pub fn random_coord_flags(&self, packed: i64) -> Option<i64> {
        match self.random_coord_flag {
            Some(bit) => (packed & bit != 0).then_some(packed & (bit - 1)),
            None => (packed == 0x00ff_00ff).then_some(0),
        }
    }

    /// `-1` as an `add_opvars` call stores it as its `slot`th value (from
    /// 0): see [`ProgramFormat::int_varargs`].
    pub fn minus_one_at(&self, slot: usize) -> i64 {
        self.int_at(slot, -1)
    }

    /// An `int` expression `v` as an `add_opvars` call stores it as its
    /// `slot`th value: zero-extended from 32 bits where the game passes
    /// ints and an x86-64 register holds it ([`ProgramFormat::int_varargs`]).
    pub fn int_at(&self, slot: usize, v: i64) -> i64 {
        match self.int_varargs && slot < INT_VARARG_REGISTERS {
            true => i64::from(v as u32),
            false => v,
        }
    }

    /// Whether the game's language has `form`.
    pub fn has(&self, form: GrammarForm) -> bool {
        self.grammar.contains(&form)
    }

    /// The packed value of region `(x1, y1, x2, y2)` (`SP_REGION_PACK`).
    pub fn pack_region(&self, [x1, y1, x2, y2]: [i64; 4]) -> i64 {
        let packed = (x1 & 0xff) | ((y1 & 0xff) << 8) | ((x2 & 0xff) << 16) | ((y2 & 0xff) << 24);
        match self.region_pack_int {
            true => i64::from(packed as i32),
            false => packed,
        }
    }

    /// The number of opcode `name` (`SPO_` dropped), if the game has it.
    pub fn opcode(&self, name: &str) -> Option<i32> {
        position(&self.opcodes, name)
    }

    /// The number of monster property `name` (`SP_M_V_` dropped).
    pub fn monster_property(&self, name: &str) -> Option<i32> {
        position(&self.monster_properties, name)
    }

    /// The number of object property `name` (`SP_O_V_` dropped).
    pub fn object_property(&self, name: &str) -> Option<i32> {
        position(&self.object_properties, name)
    }
}

fn position(names: &[Box<str>], name: &str) -> Option<i32> {
    (names.iter().position(|n| &**n == name)).and_then(|i| i32::try_from(i).ok())
}

impl RecordFormat {
    /// NetHack 3.4.3's format (also GruntHack's, and that of every variant
    /// that kept its records).
    pub fn nethack_343() -> RecordFormat {
        RecordFormat::declared()
    }

    /// What a game of `dialect` has where its identity file has no line:
    /// NetHack 3.4.3's records; for a 3.6-family game, whose numbers and
    /// opcodes are all its own, none of them (but 3.4.3's dungeon
    /// descriptors, and the facts of records only the 3.4.3 family
    /// writes), 3.6.7's value packing, and 3.6's `makedefs -e`, which has
    /// no `%` conditionals.
    pub(crate) fn identity_base(dialect: crate::des::Dialect) -> RecordFormat {
        let mut f = RecordFormat::nethack_343();
        if dialect == crate::des::Dialect::NetHack36 {
            f.numbering = Numbering {
                dungeon_descriptors: names_of(DUNGEON_DESCRIPTORS_343),
                ..Numbering::empty()
            };
            f.dungeon_rules.percent_conditionals = false;
            f.program = Some(ProgramFormat::empty());
        }
        f
    }

    /// NetHack 3.6.7's format: its opcodes and properties, and its
    /// numbering (3.4.3's terrain and map characters with `x`, "see
    /// through"; the health food shop inserted among the room types; the
    /// vibrating square after 3.4.3's traps; 3.6's `FLAGS` words).
    pub fn nethack_367() -> RecordFormat {
        let mut f = RecordFormat::nethack_343();
        let n = &mut f.numbering;
        n.map_chars.push((b'x', 36));
        n.map_row_chars = sorted_bytes(n.map_row_chars.iter().copied().chain([b'x']));
        for (_, v) in &mut n.room_types {
            if *v >= 24 {
                *v += 1;
            }
        }
        n.room_types.push(("health food shop".into(), 24));
        n.traps.push(("vibrating square".into(), 23));
        n.level_flags = LEVEL_FLAGS_367
            .iter()
            .map(|&(w, b)| (w.into(), b))
            .collect();
        n.engravings.push(("blood".into(), 5));
        f.dungeon_rules.percent_conditionals = false;
        f.program = Some(ProgramFormat::nethack_367());
        f
    }

    /// The extra members of `record`, in order.
    pub fn extra_members(&self, record: RecordKind) -> impl Iterator<Item = &ExtraMember> {
        self.extra_members
            .iter()
            .filter(move |m| m.record == record)
    }

    /// The position of `record`'s extra member `name` in its `extra`
    /// values.
    pub fn extra_index(&self, record: RecordKind, name: &str) -> Option<usize> {
        self.extra_members(record).position(|m| &*m.name == name)
    }

    /// What lev_comp adds to an unfilled region's room type
    /// (`MAXRTYPE + 1`, which the game's reader subtracts again).
    pub fn unfilled_offset(&self) -> i8 {
        self.numbering.max_room_type().wrapping_add(1)
    }
}

impl Default for RecordFormat {
    fn default() -> RecordFormat {
        RecordFormat::nethack_343()
    }
}

impl fmt::Display for CType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vanilla_numbering_reads_its_own_tables() {
        let f = RecordFormat::nethack_343();
        assert_eq!(f.unfilled_offset(), 25);
        assert_eq!(f.numbering.terrain_code("ROOM"), Some(24));
        assert_eq!(f.numbering.terrain_name(30), Some("GRAVE"));
        assert_eq!(f.numbering.map_char(24), Some(b'.'));
        assert_eq!(f.numbering.room_type("candle shop"), Some(24));
        assert_eq!(f.numbering.room_type_name(8), Some("zoo"));
        assert_eq!(f.numbering.trap("hole"), Some(13));
        assert_eq!(f.numbering.trap_name(22), Some("polymorph"));
        assert_eq!(f.numbering.engraving_name(4), Some("mark"));
        let n = &f.numbering;
        assert_eq!(n.map_char_terrain(b'K'), Some(29));
        assert_eq!(n.map_char_terrain(b'5'), None);
        assert!(n.is_map_row_char(b'5') && n.is_map_row_char(b'\\'));
        assert!(!n.is_map_row_char(b'N') && n.map_char_warnings.is_empty());
        assert_eq!(Numbering::map_row_chars_of(&n.map_chars), n.map_row_chars);
    }

    #[test]
    fn early_opcode_packing_has_no_offset_and_no_random_bit() {
        let vanilla = ProgramFormat::nethack_367();
        assert_eq!(vanilla.pack_thing(-1, b'C' as i64), (9 << 8) | 67);
        assert_eq!(vanilla.random_coord(2), 0x0100_0002);
        assert_eq!(vanilla.random_coord_flags(0x0100_0002), Some(2));
        assert_eq!(vanilla.minus_one_at(1), -1);
        let early = ProgramFormat {
            value_offset: 0,
            random_coord_flag: None,
            int_varargs: true,
            ..ProgramFormat::nethack_367()
        };
        assert_eq!(early.pack_thing(282, b'@' as i64), (282 << 8) | 64);
        assert_eq!(early.thing_index(early.pack_thing(-1, 33)), 0xffff);
        assert_eq!(early.map_char_lit(early.pack_map_char(14, 1)), 1);
        assert_eq!(early.random_coord(0), 0x00ff_00ff);
        assert_eq!(early.random_coord_flags(0x00ff_00ff), Some(0));
        assert_eq!(early.random_coord_flags(0x0001_0001), None);
        // In an x86-64 register, zero-extended; on the stack, as -1.
        assert_eq!(early.minus_one_at(3), 0xffff_ffff);
        assert_eq!(early.minus_one_at(4), -1);
    }

    #[test]
    fn names_read_back() {
        for t in [
            CType::Char,
            CType::Short,
            CType::Int,
            CType::Long,
            CType::LongLong,
        ] {
            assert_eq!(CType::from_name(t.as_str()), Some(t));
        }
        for k in RecordKind::ALL {
            assert_eq!(RecordKind::from_name(k.as_str()), Some(k));
        }
        for m in DungeonMember::ALL {
            assert_eq!(DungeonMember::from_name(m.as_str()), Some(m));
        }
        assert_eq!(CType::from_name("float"), None);
    }
}
