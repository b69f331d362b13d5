//! The game's default tty symbols and colours (NetHack 3.4.3's
//! `drawing.c` `defsyms`, `DECgraphics` off), looked up by the `rm.h`
//! and `.des` names a game's numbering gives, so a variant that renumbers
//! its terrain or traps draws alike.

use super::monster_colours::{CLASSES, MONSTERS};
use super::{Colour, NO_COLOUR};
use crate::game::Game;

const BLACK: Colour = 0;
const RED: Colour = 1;
const GREEN: Colour = 2;
const BROWN: Colour = 3;
const BLUE: Colour = 4;
const MAGENTA: Colour = 5;
const CYAN: Colour = 6;
const GRAY: Colour = 7;
const ORANGE: Colour = 9;
const BRIGHT_GREEN: Colour = 10;
const YELLOW: Colour = 11;
const BRIGHT_BLUE: Colour = 12;
const BRIGHT_MAGENTA: Colour = 13;

/// Doors and drawbridges are brown (`CLR_BROWN`).
pub(super) const DOOR: Colour = BROWN;
/// Gold is `HI_GOLD`.
pub(super) const GOLD: Colour = YELLOW;
/// Stairs, altars, sinks: `CLR_GRAY`.
pub(super) const PLAIN: Colour = GRAY;
/// Ladders: `CLR_BROWN`.
pub(super) const LADDER: Colour = BROWN;
/// Fountains and pools: `CLR_BLUE`.
pub(super) const WATER: Colour = BLUE;

/// The symbol and colour of terrain type `code` of `game` as the game
/// shows it on a map, by its `rm.h` name; a type with no name levbuild
/// knows is drawn as its `.des` map character, `?` if it has none.
pub(super) fn terrain(game: &Game, code: i8) -> (char, Colour) {
    let numbering = &game.format().numbering;
    let by_name = numbering.terrain_name(code).and_then(terrain_symbol);
    by_name.unwrap_or_else(|| {
        let c = numbering.map_char(code).map_or('?', char::from);
        (c, NO_COLOUR)
    })
}

/// `defsyms` by `rm.h` location type.
fn terrain_symbol(name: &str) -> Option<(char, Colour)> {
    Some(match name {
        "STONE" | "SCORR" => (' ', NO_COLOUR),
        "VWALL" | "TLWALL" | "TRWALL" => ('|', GRAY),
        "HWALL" | "TLCORNER" | "TRCORNER" | "BLCORNER" | "BRCORNER" | "CROSSWALL" | "TUWALL"
        | "TDWALL" | "DBWALL" => ('-', GRAY),
        "TREE" => ('#', GREEN),
        // A secret door looks like the wall it is in; which wall is the
        // picture's business (see `secret_door`).
        "SDOOR" => ('|', GRAY),
        "POOL" | "MOAT" | "WATER" => ('}', BLUE),
        // A raised drawbridge's span shows what is under it: the moat.
        "DRAWBRIDGE_UP" => ('}', BLUE),
        "LAVAPOOL" => ('}', RED),
        "IRONBARS" => ('#', CYAN),
        "DOOR" => ('+', DOOR),
        "CORR" => ('#', GRAY),
        "ROOM" => ('.', GRAY),
        "STAIRS" => ('>', GRAY),
        "LADDER" => ('>', BROWN),
        "FOUNTAIN" => ('{', BLUE),
        "THRONE" => ('\\', YELLOW),
        "SINK" => ('#', GRAY),
        "GRAVE" => ('|', GRAY),
        "ALTAR" => ('_', GRAY),
        "ICE" => ('.', CYAN),
        "DRAWBRIDGE_DOWN" => ('.', BROWN),
        "AIR" => (' ', CYAN),
        "CLOUD" => ('#', GRAY),
        _ => return None,
    })
}

/// True for the wall types that run east–west as the game shows them
/// (`-`), for placing a door's or secret door's symbol.
pub(super) fn is_horizontal_wall(game: &Game, code: i8) -> bool {
    matches!(
        game.format().numbering.terrain_name(code),
        Some(
            "HWALL"
                | "TLCORNER"
                | "TRCORNER"
                | "BLCORNER"
                | "BRCORNER"
                | "CROSSWALL"
                | "TUWALL"
                | "TDWALL"
                | "DBWALL"
        )
    )
}

/// The symbol and colour of a trap by its `.des` name (`defsyms`); a
/// random or unknown trap is a gray `^`.
pub(super) fn trap(name: Option<&str>) -> (char, Colour) {
    let colour = match name {
        Some("arrow" | "dart" | "bear") => CYAN,
        Some("board" | "hole" | "trap door") => BROWN,
        Some("land mine") => RED,
        Some("sleep gas" | "magic" | "anti magic") => BRIGHT_BLUE,
        Some("rust") => BLUE,
        Some("fire") => ORANGE,
        Some("pit" | "spiked pit") => BLACK,
        Some("teleport" | "level teleport") => MAGENTA,
        Some("magic portal") => BRIGHT_MAGENTA,
        Some("polymorph") => BRIGHT_GREEN,
        _ => GRAY,
    };
    (if name == Some("web") { '"' } else { '^' }, colour)
}

/// The colour of a monster: its own in NetHack 3.4.3's `mons[]` when a
/// monster of its name and class is there (a variant's jackal is brown
/// too), else its class's (the colour of the class's first monster).
pub(super) fn monster_colour(name: Option<&str>, class: u8) -> Colour {
    let own = name.and_then(|name| {
        MONSTERS
            .binary_search_by(|&(n, c, _)| (n, c).cmp(&(name, class)))
            .ok()
            .map(|i| MONSTERS[i].2)
    });
    own.or_else(|| CLASSES.iter().find(|&&(c, _)| c == class).map(|&(_, k)| k))
        .unwrap_or(NO_COLOUR)
}

/// The symbol drawn for a monster of any class (the game's "remembered,
/// unseen monster").
pub(super) const ANY_MONSTER: char = 'I';
/// The symbol drawn for an object of any class (the game's "strange
/// object" class).
pub(super) const ANY_OBJECT: char = ']';

/// The colour of an object of class `class`: `HI_GOLD` for coins, else
/// the terminal's own (objects of one class differ in colour; a level
/// names the class).
pub(super) fn object_colour(class: u8) -> Colour {
    if class == b'$' {
        GOLD
    } else {
        NO_COLOUR
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_are_the_games_defaults() {
        let game = Game::nethack_343();
        let t = |name: &str| terrain(&game, game.format().numbering.terrain_code(name).unwrap());
        assert_eq!(t("POOL"), ('}', BLUE));
        assert_eq!(t("TREE"), ('#', GREEN));
        assert_eq!(t("IRONBARS"), ('#', CYAN));
        assert_eq!(t("SCORR"), (' ', NO_COLOUR));
        assert_eq!(t("ICE"), ('.', CYAN));
        assert_eq!(trap(Some("magic portal")), ('^', BRIGHT_MAGENTA));
        assert_eq!(trap(Some("web")), ('"', GRAY));
        assert_eq!(trap(None), ('^', GRAY));
        assert_eq!(monster_colour(Some("jackal"), b'd'), BROWN);
        assert_eq!(monster_colour(Some("Medusa"), b'@'), BRIGHT_GREEN);
        assert_eq!(monster_colour(Some("werewolf"), b'@'), ORANGE);
        assert_eq!(
            monster_colour(None, b'D'),
            monster_colour(Some("baby gray dragon"), b'D')
        );
        assert_eq!(monster_colour(Some("no such"), b'\x01'), NO_COLOUR);
    }
}
