//! NetHack 3.6.7's numbers behind the names of a `.des` file: terrain
//! types (`rm.h`) and traps (`trap.h`) as 3.4.3's plus what 3.6 added,
//! and its own room types (`mkroom.h`: 3.6 inserted the health food shop).

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

/// `what_map_char`: the terrain type of a map character. 3.6 keeps
/// 3.4.3's characters and types and adds `x`, "see-through" (`MAX_TYPE`).
pub(crate) fn what_map_char(c: u8) -> i64 {
    match c {
        b'x' => MAX_TYPE,
        c => crate::tables::terrain_of_map_char(c).map_or(INVALID_TYPE, i64::from),
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

/// `get_trap_type`: 3.4.3's traps, numbered alike, and the vibrating
/// square after them.
pub(crate) fn trap_type(name: &str) -> Option<i64> {
    match name {
        "vibrating square" => Some(23),
        name => crate::tables::trap_type(name).map(i64::from),
    }
}
