//! NetHack 3.6.7's numbers behind the names of a `.des` file: terrain
//! types (`rm.h`), room types (`mkroom.h`) and traps (`trap.h`), with
//! `lev_main.c`'s name tables.

/// `STONE`, `HWALL`, `CORR`, `ROOM`, `MAX_TYPE`, `INVALID_TYPE`.
pub(crate) const STONE: i64 = 0;
pub(crate) const HWALL: i64 = 2;
pub(crate) const CORR: i64 = 23;
pub(crate) const ROOM: i64 = 24;
pub(crate) const MAX_TYPE: i64 = 36;
pub(crate) const INVALID_TYPE: i64 = 127;
/// The largest map `MAP` … `ENDMAP` may hold.
pub(crate) const MAP_X_LIM: i64 = 76;
pub(crate) const MAP_Y_LIM: i64 = 21;

/// `what_map_char`: the terrain type of a map character.
pub(crate) fn what_map_char(c: u8) -> i64 {
    match c {
        b' ' => STONE,
        b'#' => CORR,
        b'.' => ROOM,
        b'-' => HWALL,
        b'|' => 1,
        b'+' => 22,
        b'A' => 34,
        b'B' => 7,
        b'C' => 35,
        b'S' => 14,
        b'H' => 15,
        b'{' => 27,
        b'\\' => 28,
        b'K' => 29,
        b'}' => 17,
        b'P' => 16,
        b'L' => 20,
        b'I' => 32,
        b'W' => 18,
        b'T' => 13,
        b'F' => 21,
        b'x' => MAX_TYPE,
        _ => INVALID_TYPE,
    }
}

/// `get_room_type`.
pub(crate) fn room_type(name: &str) -> Option<i64> {
    const ROOMS: [(&str, i64); 25] = [
        ("ordinary", 0),
        ("throne", 2),
        ("swamp", 3),
        ("vault", 4),
        ("beehive", 5),
        ("morgue", 6),
        ("barracks", 7),
        ("zoo", 8),
        ("delphi", 9),
        ("temple", 10),
        ("anthole", 13),
        ("cocknest", 12),
        ("leprehall", 11),
        ("shop", 14),
        ("armor shop", 15),
        ("scroll shop", 16),
        ("potion shop", 17),
        ("weapon shop", 18),
        ("food shop", 19),
        ("ring shop", 20),
        ("wand shop", 21),
        ("tool shop", 22),
        ("book shop", 23),
        ("health food shop", 24),
        ("candle shop", 25),
    ];
    ROOMS.iter().find(|(n, _)| *n == name).map(|&(_, t)| t)
}

/// `get_trap_type`.
pub(crate) fn trap_type(name: &str) -> Option<i64> {
    const TRAPS: [&str; 23] = [
        "arrow",
        "dart",
        "falling rock",
        "board",
        "bear",
        "land mine",
        "rolling boulder",
        "sleep gas",
        "rust",
        "fire",
        "pit",
        "spiked pit",
        "hole",
        "trap door",
        "teleport",
        "level teleport",
        "magic portal",
        "web",
        "statue",
        "magic",
        "anti magic",
        "polymorph",
        "vibrating square",
    ];
    TRAPS.iter().position(|n| *n == name).map(|i| i as i64 + 1)
}
