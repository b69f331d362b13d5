//! The numbers behind the names of a 3.6 `.des` file, as the game numbers
//! them ([`crate::Numbering`], [`crate::ProgramFormat`]): terrain types
//! (`rm.h`) and map characters (`what_map_char`), room types, traps, and
//! the ends of the monster and object property lists.

use crate::game::{Game, Numbering};

/// `INVALID_TYPE`: what `what_map_char` gives a character it does not
/// know.
pub(crate) const INVALID_TYPE: i64 = 127;
/// The largest map `MAP` … `ENDMAP` may hold.
pub(crate) const MAP_X_LIM: i64 = 76;
pub(crate) const MAP_Y_LIM: i64 = 21;

/// A game's numbers as code generation looks them up.
pub(crate) struct Numbers<'g> {
    numbering: &'g Numbering,
    /// The terrain a joined `INIT_MAP` may have in front.
    joined_foregrounds: &'g [i8],
    /// `what_map_char` of every byte.
    map_chars: [i8; 256],
    /// `STONE`, `HWALL`, `MAX_TYPE` (one past the last location type).
    pub stone: i64,
    pub hwall: i64,
    pub max_type: i64,
    /// `MAXRTYPE`: the largest room type.
    pub max_room_type: i64,
    /// `SP_M_V_END`, `SP_O_V_END`.
    pub monster_end: i64,
    pub object_end: i64,
}

impl<'g> Numbers<'g> {
    /// `game`'s numbers.
    pub(crate) fn of(game: &'g Game) -> Numbers<'g> {
        let format = game.format();
        let numbering = &format.numbering;
        let mut map_chars = [INVALID_TYPE as i8; 256];
        for &(c, t) in numbering.map_chars.iter().rev() {
            map_chars[usize::from(c)] = t;
        }
        let terrain = |name| numbering.terrain_code(name).map_or(0, i64::from);
        let program = format.program.as_ref();
        Numbers {
            numbering,
            joined_foregrounds: &format.level_rules.joined_foregrounds,
            map_chars,
            stone: terrain("STONE"),
            hwall: terrain("HWALL"),
            max_type: numbering.terrain.len() as i64,
            max_room_type: i64::from(numbering.max_room_type()),
            monster_end: program.map_or(0, |p| p.monster_properties.len() as i64),
            object_end: program.map_or(0, |p| p.object_properties.len() as i64),
        }
    }

    /// `what_map_char`: the terrain type of map character `c`
    /// ([`INVALID_TYPE`] for none).
    pub(crate) fn what_map_char(&self, c: u8) -> i64 {
        i64::from(self.map_chars[usize::from(c)])
    }

    /// Whether terrain type `t` may be the foreground of a joined
    /// `INIT_MAP` (3.6.7: corridor and room).
    pub(crate) fn is_joined_foreground(&self, t: i64) -> bool {
        self.joined_foregrounds.iter().any(|&j| i64::from(j) == t)
    }

    /// `get_room_type`.
    pub(crate) fn room_type(&self, name: &str) -> Option<i64> {
        self.numbering.room_type(name).map(i64::from)
    }

    /// `get_trap_type`.
    pub(crate) fn trap_type(&self, name: &str) -> Option<i64> {
        self.numbering.trap(name).map(i64::from)
    }

    /// Every room type name, for suggestions.
    pub(crate) fn room_type_names(&self) -> impl Iterator<Item = &'g str> + Clone {
        self.numbering.room_types.iter().map(|(n, _)| &**n)
    }

    /// Every trap name, for suggestions and lists.
    pub(crate) fn trap_names(&self) -> impl Iterator<Item = &'g str> + Clone {
        self.numbering.traps.iter().map(|(n, _)| &**n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_types_are_3_4_3_s_with_the_health_food_shop_inserted() {
        let game = Game::nethack_367();
        let numbers = Numbers::of(&game);
        let got: Vec<_> = [
            "ordinary",
            "book shop",
            "health food shop",
            "candle shop",
            "tavern",
        ]
        .map(|n| numbers.room_type(n))
        .into();
        assert_eq!(got, [Some(0), Some(23), Some(24), Some(25), None]);
        assert_eq!(numbers.max_room_type, 25);
        assert_eq!((numbers.stone, numbers.hwall, numbers.max_type), (0, 2, 36));
        assert_eq!(numbers.what_map_char(b'x'), 36);
        assert_eq!(numbers.what_map_char(b'Q'), INVALID_TYPE);
        assert_eq!((numbers.monster_end, numbers.object_end), (16, 15));
        assert_eq!(numbers.trap_type("vibrating square"), Some(23));
    }
}
