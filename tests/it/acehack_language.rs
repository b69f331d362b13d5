//! AceHack's language and records (issue #33), compiled with its committed
//! identity file: the curse state `identified` (4), `LADDER` in the rooms
//! of a room-type level (its rooms carry a ladder list after their stairs,
//! so every room record has the count), and `LADDER: levregion(…), …,
//! up|down`, a level region of its `dungeon.h` type `LR_UPLADDER` (7) or
//! `LR_DOWNLADDER` (8). Each is read from its tree's sources (its
//! `lev_comp.l` word, its `sp_lev.h` room member, its `lev_comp.y` rule)
//! into the identity file, compiles to the level lev_comp's grammar
//! describes, and decodes back; NetHack 3.4.3 keeps refusing them.

use std::sync::Arc;

use levbuild::des::{self, LevelBody, Point};
use levbuild::{Game, Layout};

use crate::common::variant::{self, errors, level};

fn acehack() -> Arc<Game> {
    variant::game("acehack-3.6.0")
}

const MAZE: &str = "MAZE: \"t\", ' '\nGEOMETRY: center, center\nMAP\n.....\n.....\n.....\nENDMAP\n";
const ROOMS: &str = "LEVEL: \"t\"\nROOM: \"ordinary\", lit, (3,3), (center,center), (5,5)\n";

#[test]
fn the_identity_file_says_what_the_tree_says() {
    let game = acehack();
    let f = game.format();
    assert!(f.room_ladders, "its sp_lev.h room has nlad");
    let n = &f.numbering;
    assert_eq!(n.curse_state_name(4), Some("identified"));
    assert_eq!(n.level_region("LR_UPLADDER"), Some(7));
    assert_eq!(n.level_region("LR_DOWNLADDER"), Some(8));
    // NetHack 3.4.3 has none of them.
    let vanilla = Game::nethack_343();
    let v = vanilla.format();
    assert!(!v.room_ladders && v.numbering.level_region("LR_UPLADDER").is_none());
    assert_eq!(v.numbering.curse_state_name(4), None);
}

#[test]
fn identified_is_a_curse_state() {
    let game = acehack();
    let (level, _, dump) = level(
        &game,
        &format!("{MAZE}OBJECT: '*', \"diamond\", (1,1), identified, random\n"),
    );
    let LevelBody::Maze(m) = &level.body else {
        panic!("not a maze")
    };
    assert_eq!(m.parts[0].objects[0].curse_state, 4);
    assert!(dump.contains("identified"), "{dump}");
    let err = errors(
        Game::nethack_343(),
        &format!("{MAZE}OBJECT: '*', \"diamond\", (1,1), identified, random\n"),
    );
    assert!(err.contains("error"), "{err}");
}

#[test]
fn rooms_have_ladders_after_their_stairs() {
    let game = acehack();
    let src = format!(
        "{ROOMS}STAIR: (1,1), up\nLADDER: (2,2), down\nLADDER: random, up\n\
         ROOM: \"ordinary\", random, random, random, random\nRANDOM_CORRIDORS\n"
    );
    let (level, bytes, dump) = level(&game, &src);
    let LevelBody::Rooms(r) = &level.body else {
        panic!("not a room level")
    };
    let random = game.format().random_coordinate;
    let ladders: Vec<(Point, bool)> = r.rooms[0].ladders.iter().map(|l| (l.pos, l.up)).collect();
    assert_eq!(
        ladders,
        [
            (Point { x: 2, y: 2 }, false),
            (
                Point {
                    x: random,
                    y: random
                },
                true
            ),
        ]
    );
    assert!(r.rooms[1].ladders.is_empty());
    assert!(dump.contains("ladder down"), "{dump}");
    // Every room record has the count, after the stairs and before the
    // altars: the same rooms without ladders are one byte a room longer
    // than NetHack 3.4.3's.
    let plain = format!(
        "{ROOMS}STAIR: (1,1), up\nROOM: \"ordinary\", random, random, random, random\n\
         RANDOM_CORRIDORS\n"
    );
    let (level, ours, _) = self::level(&game, &plain);
    let vanilla = Game::nethack_343();
    let theirs = des::encode(&level, &vanilla, Layout::LP64).unwrap();
    assert_eq!(ours.len(), theirs.len() + 2);
    // Two ladders of three bytes each.
    assert_eq!(bytes.len(), ours.len() + 6);
    // NetHack 3.4.3's rooms have none.
    let err = errors(vanilla.clone(), &src);
    assert!(
        err.contains("LADDER is not allowed in a LEVEL (room) level"),
        "{err}"
    );
}

#[test]
fn a_ladder_region_is_a_level_region_of_the_games_ladder_types() {
    let game = acehack();
    let src = format!(
        "{MAZE}LADDER: levregion(01,03,20,19), (0,0,2,2), up\n\
         LADDER: levregion(61,03,75,19), (0,0,2,2), down\nLADDER: (1,1), up\n"
    );
    let (level, _, dump) = level(&game, &src);
    let LevelBody::Maze(m) = &level.body else {
        panic!("not a maze")
    };
    let p = &m.parts[0];
    let kinds: Vec<i8> = p.level_regions.iter().map(|r| r.kind).collect();
    assert_eq!(kinds, [7, 8]);
    let r = &p.level_regions[0];
    assert!(r.area_in_level && !r.exclude_in_level);
    assert_eq!((r.area.x1, r.area.y1, r.area.x2, r.area.y2), (1, 3, 20, 19));
    assert_eq!(p.ladders.len(), 1, "the coordinate form is still a ladder");
    assert!(
        dump.contains("level region LR_UPLADDER in level (1,3)-(20,19)"),
        "{dump}"
    );
    assert!(dump.contains("LR_DOWNLADDER"), "{dump}");
    let err = errors(Game::nethack_343(), &src);
    assert!(err.contains("error"), "{err}");
}
