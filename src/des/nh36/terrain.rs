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

/// `get_room_type`: 3.4.3's room types, with the health food shop 3.6
/// inserted before the candle shop (which moved up one).
pub(crate) fn room_type(name: &str) -> Option<i64> {
    const HEALTH_FOOD_SHOP: i64 = 24;
    if name == "health food shop" {
        return Some(HEALTH_FOOD_SHOP);
    }
    crate::tables::room_type(name).map(|t| match i64::from(t) {
        t if t >= HEALTH_FOOD_SHOP => t + 1,
        t => t,
    })
}

/// `get_trap_type`: 3.4.3's traps, numbered alike, and the vibrating
/// square after them.
pub(crate) fn trap_type(name: &str) -> Option<i64> {
    match name {
        "vibrating square" => Some(23),
        name => crate::tables::trap_type(name).map(i64::from),
    }
}

/// Every room type name 3.6 knows, for suggestions.
pub(crate) fn room_type_names() -> impl Iterator<Item = &'static str> {
    crate::tables::room_type_names().chain(["health food shop"])
}

/// Every trap name 3.6 knows, for suggestions and lists.
pub(crate) fn trap_names() -> impl Iterator<Item = &'static str> {
    crate::tables::trap_names().chain(["vibrating square"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_types_are_3_4_3_s_with_the_health_food_shop_inserted() {
        let got: Vec<_> = [
            "ordinary",
            "book shop",
            "health food shop",
            "candle shop",
            "tavern",
        ]
        .map(room_type)
        .into();
        assert_eq!(got, [Some(0), Some(23), Some(24), Some(25), None]);
    }
}
