//! NetHack 3.4.3's name tables as compiled (monsters, objects, classes,
//! traps, room types, map characters) and the lookups lev_comp performs on
//! the ones every game of the 3.4.3 family shares (traps, room types, map
//! characters; the monster and object tables are a [`crate::Game`]'s). The data is generated from the reference tables by
//! `build-support/gen_tables.py`.

pub(crate) mod data;
/// NetHack 3.6.7's monster and object tables and class symbols, generated
/// by `build-support/gen_tables_36.py`.
pub(crate) mod nethack367;

pub use data::{
    MONSTERS, MONSTER_CLASS_CHARS, OBJECTS, OBJECT_CLASS_CHARS, TERRAIN_NAMES, VERSION_INFO,
};

use crate::layout::{DataModel, Layout};

/// The four `version_info` words of NetHack 3.4.3 (default Unix
/// configuration) built for `layout`: [`VERSION_INFO`] (the LP64 build)
/// with the struct-sizes word of that data model. The word packs
/// `sizeof` of the game's `struct flag`, `obj`, `monst` and `you`
/// (`flag << 24 | obj << 17 | monst << 10 | you`), which byte order does
/// not change:
///
/// * LP64: 184, 104, 144, 2384 (`golden/nethack-3.4.3/date.h`);
/// * ILP32: 164, 64, 100, 1480 (`golden/nethack-3.4.3-ilp32/date.h`,
///   made by the reference tools built with `gcc -m32`);
/// * LLP64: 164, 80, 120, 1496, derived: the game's headers in that
///   configuration compiled by `x86_64-w64-mingw32-gcc` (64-bit Windows
///   ABI). No reference build is at hand for it.
pub fn version_info(layout: Layout) -> [u64; 4] {
    let struct_sizes: [u64; 4] = match layout.model {
        DataModel::Lp64 => [184, 104, 144, 2384],
        DataModel::Ilp32 => [164, 64, 100, 1480],
        DataModel::Llp64 => [164, 80, 120, 1496],
    };
    let [flag, obj, monst, you] = struct_sizes;
    let mut words = VERSION_INFO;
    words[3] = flag << 24 | obj << 17 | monst << 10 | you;
    words
}

/// The terrain value lev_comp gives a character with no map meaning.
pub const INVALID_TERRAIN: i8 = 127;

/// Terrain values the compiler's checks refer to by name.
pub mod terrain {
    /// Solid rock.
    pub const STONE: i8 = 0;
    /// Vertical wall.
    pub const VWALL: i8 = 1;
    /// Horizontal wall.
    pub const HWALL: i8 = 2;
    /// Crossing wall, treated like a room for WALLIFY.
    pub const CROSSWALL: i8 = 7;
    /// Last wall type (`IS_WALL` is `1..=DBWALL`).
    pub const DBWALL: i8 = 12;
    /// Secret door.
    pub const SDOOR: i8 = 14;
    /// First non-rock type (`IS_ROCK` is `< POOL`).
    pub const POOL: i8 = 16;
    /// Door.
    pub const DOOR: i8 = 22;
    /// Corridor.
    pub const CORR: i8 = 23;
    /// Room floor: this and every larger value is "room-like".
    pub const ROOM: i8 = 24;
}

/// The terrain type a `.des` map character stands for (also used for the
/// `MAZE` fill character and `INIT_MAP`), or `None` for any other byte.
pub fn terrain_of_map_char(c: u8) -> Option<i8> {
    let t = TERRAIN_BY_CHAR[usize::from(c)];
    (t != NO_TERRAIN).then_some(t)
}

/// The `.des` map character of terrain type `t` (the first one, for a
/// type two characters stand for), or `None`.
pub fn map_char_of_terrain(t: i8) -> Option<u8> {
    data::MAP_CHARS
        .iter()
        .find(|&&(_, terrain)| terrain == t)
        .map(|&(c, _)| c)
}

/// Marks a byte that is no map character in [`TERRAIN_BY_CHAR`].
const NO_TERRAIN: i8 = i8::MIN;

/// [`data::MAP_CHARS`] as a table indexed by the byte (maps are scanned a
/// character at a time, so this lookup is hot).
static TERRAIN_BY_CHAR: [i8; 256] = {
    let mut table = [NO_TERRAIN; 256];
    let mut i = 0;
    while i < data::MAP_CHARS.len() {
        let (c, t) = data::MAP_CHARS[i];
        table[c as usize] = t;
        i += 1;
    }
    table
};

/// lev_comp's `get_trap_type`: the trap number of `name`.
pub fn trap_type(name: &str) -> Option<i8> {
    data::TRAPS
        .iter()
        .find(|&&(n, _)| n == name)
        .map(|&(_, v)| v)
}

/// lev_comp's `get_room_type`: the room type number of `name`.
pub fn room_type(name: &str) -> Option<i8> {
    data::ROOM_TYPES
        .iter()
        .find(|&&(n, _)| n == name)
        .map(|&(_, v)| v)
}

/// The name of a trap number, for listings.
pub fn trap_name(value: i8) -> Option<&'static str> {
    data::TRAPS
        .iter()
        .find(|&&(_, v)| v == value)
        .map(|&(n, _)| n)
}

/// The name of a room type number, for listings.
pub fn room_type_name(value: i8) -> Option<&'static str> {
    data::ROOM_TYPES
        .iter()
        .find(|&&(_, v)| v == value)
        .map(|&(n, _)| n)
}

/// Every trap name, in table order (for "expected one of" hints).
pub fn trap_names() -> impl Iterator<Item = &'static str> {
    data::TRAPS.iter().map(|&(n, _)| n)
}

/// Every room type name, in table order (for "expected one of" hints).
pub fn room_type_names() -> impl Iterator<Item = &'static str> {
    data::ROOM_TYPES.iter().map(|&(n, _)| n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_info_matches_the_reference_builds() {
        assert_eq!(version_info(Layout::LP64), VERSION_INFO);
        assert_eq!(version_info(Layout::LP64)[3], 0xb8d24950);
        assert_eq!(version_info(Layout::ILP32)[3], 0xa48195c8);
        assert_eq!(version_info(Layout::LLP64)[3], 0xa4a1e5d8);
        for l in Layout::ALL {
            assert_eq!(version_info(l)[..3], VERSION_INFO[..3]);
        }
    }

    #[test]
    fn lookups_follow_lev_comp_rules() {
        assert_eq!(room_type("leprehall"), Some(11));
        assert_eq!(trap_type("polymorph"), Some(22));
        assert_eq!(terrain_of_map_char(b'K'), Some(29));
        assert_eq!(terrain_of_map_char(b'x'), None);
    }
}
