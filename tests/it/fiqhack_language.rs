//! FIQHack's language and records (issue #33), compiled with its committed
//! identity file: every level stores a hallucination message after its
//! message (`HALLUMSG` lines in a maze level, after its `MESSAGE`s), the
//! lighting `mineslight` (2), `levregion()` for the place off its 79 by 21
//! map, level regions from x 0, `ROOM` positions as map coordinates, and
//! monsters' female names. Each is read from its tree's sources into the
//! identity file; NetHack 3.4.3 keeps refusing them, and its files keep
//! their bytes.

use std::sync::Arc;

use levbuild::des::{self, LevelBody, Lighting};
use levbuild::{Game, Layout};

use crate::common::variant::{self, errors, level, options};

fn fiqhack() -> Arc<Game> {
    variant::game("fiqhack-4.3.1")
}

const MAZE: &str = "MAZE: \"t\", ' '\n";
const PART: &str = "GEOMETRY: center, center\nMAP\n.....\n.....\n.....\nENDMAP\n";

#[test]
fn the_identity_file_says_what_the_tree_says() {
    let game = fiqhack();
    let f = game.format();
    assert!(
        f.hallucination_messages,
        "its lev_main.c writes tmphallumsg"
    );
    let r = &f.level_rules;
    assert_eq!(r.map_size, (79, 21));
    assert_eq!(r.level_region_min_x, 0);
    assert!(r.empty_level_regions);
    assert_eq!(r.room_positions, (0, 79, 21));
    assert_eq!(
        &*r.room_position_error,
        "Room position should be real coordinates!"
    );
    assert_eq!(f.numbering.light_state_name(2), Some("mineslight"));
    let vanilla = Game::nethack_343();
    let v = vanilla.format();
    assert!(!v.hallucination_messages && !v.level_rules.empty_level_regions);
    assert_eq!(v.level_rules.map_size, (80, 21));
    assert_eq!(v.numbering.light_state_name(2), None);
}

#[test]
fn hallucination_messages_follow_the_message() {
    let game = fiqhack();
    let src = format!(
        "{MAZE}MESSAGE: \"hi\"\nHALLUMSG: \"You hear a voice say:\"\nHALLUMSG: \"Thank you\"\n{PART}"
    );
    let (maze, bytes, dump) = level(&game, &src);
    assert_eq!(maze.message, "hi");
    assert_eq!(
        maze.hallucination_message,
        "You hear a voice say:\nThank you"
    );
    // 12-byte header, type, lev_init, flags (8), message, then its own.
    let at = 12 + 1 + 8 + 8;
    assert_eq!(&bytes[at..at + 3], b"\x02hi");
    assert_eq!(bytes[at + 3], 31);
    assert_eq!(&bytes[at + 4..at + 4 + 21], b"You hear a voice say:");
    assert!(dump.contains("hallucination message"), "{dump}");
    // A game whose levels store none cannot hold one.
    let err = des::encode(&maze, &Game::nethack_343(), Layout::LP64).unwrap_err();
    assert!(err.to_string().contains("hallucination message"), "{err}");
    // A room level has none of its own, but the byte all the same.
    let (rooms, bytes, _) = level(
        &game,
        "LEVEL: \"r\"\nROOM: \"ordinary\", lit, random, random, random\nRANDOM_CORRIDORS\n",
    );
    assert!(rooms.hallucination_message.is_empty());
    assert_eq!(&bytes[at..at + 2], b"\x00\x00");
}

#[test]
fn hallucination_messages_out_of_place_are_errors() {
    let game = fiqhack();
    // After its MESSAGEs only, and in maze levels only (lev_comp.y).
    let err = errors(
        game.clone(),
        &format!("{MAZE}HALLUMSG: \"a\"\nMESSAGE: \"b\"\n{PART}"),
    );
    assert!(
        err.contains("t.des:3:1: error") && err.contains("MESSAGE is out of place"),
        "{err}"
    );
    let err = errors(
        game.clone(),
        "LEVEL: \"r\"\nHALLUMSG: \"a\"\nROOM: \"ordinary\", lit, random, random, random\nRANDOM_CORRIDORS\n",
    );
    assert!(
        err.contains("t.des:2:1: error") && err.contains("HALLUMSG is not allowed in a LEVEL"),
        "{err}"
    );
    // lev_comp's limit, as for MESSAGE.
    let long = "x".repeat(200);
    let err = errors(
        game,
        &format!("{MAZE}HALLUMSG: \"{long}\"\nHALLUMSG: \"{long}\"\n{PART}"),
    );
    assert!(
        err.contains("t.des:3:11: error") && err.contains("Message string too long"),
        "{err}"
    );
    // NetHack 3.4.3 has no such statement.
    let err = errors(
        Game::nethack_343(),
        &format!("{MAZE}HALLUMSG: \"a\"\n{PART}"),
    );
    assert!(err.contains("t.des:2:1: error"), "{err}");
}

#[test]
fn mineslight_is_a_lighting() {
    let game = fiqhack();
    let src = format!(
        "{MAZE}INIT_MAP: '.', ' ', true, true, mineslight, true\nNOMAP\n\
         REGION: (1,1,3,3), mineslight, \"ordinary\"\n"
    );
    let (level, bytes, dump) = level(&game, &src);
    assert_eq!(level.init.unwrap().lit, Lighting::Other(2));
    // lev_init's lit byte.
    assert_eq!(bytes[12 + 1 + 6], 2);
    assert!(dump.contains("mineslight"), "{dump}");
    let err = errors(Game::nethack_343(), &src);
    assert!(err.contains("t.des:2:"), "{err}");
}

#[test]
fn level_regions_span_its_79_column_map() {
    let game = fiqhack();
    // `levregion()` stores COLNO, ROWNO; an x of 0 is in range.
    let src = format!(
        "{MAZE}{PART}BRANCH: (1,1,1,1), levregion()\n\
         TELEPORT_REGION: levregion(0,0,78,20), (0,0,4,2)\n"
    );
    let (level, _, _) = level(&game, &src);
    let LevelBody::Maze(m) = &level.body else {
        panic!("not a maze")
    };
    let lr = &m.parts[0].level_regions;
    assert_eq!((lr[0].exclude.x1, lr[0].exclude.y1), (79, 21));
    assert!(lr[0].exclude_in_level);
    assert_eq!(lr[1].area.x1, 0);
    // x 79 is off its map; NetHack 3.4.3's is 80 wide but starts at 1.
    let err = errors(
        game.clone(),
        &format!("{MAZE}{PART}TELEPORT_REGION: levregion(1,0,79,20), (0,0,0,0)\n"),
    );
    assert!(
        err.contains("t.des:8:27: error") && err.contains("Region out of level range!"),
        "{err}"
    );
    assert!(err.contains("expected 0 <= x <= 78"), "{err}");
    let vanilla = Game::nethack_343();
    let ok = format!("{MAZE}{PART}TELEPORT_REGION: levregion(1,0,79,20), (0,0,0,0)\n");
    assert!(des::compile_with(&ok, "t.des", &options(&vanilla)).is_ok());
    for bad in ["levregion()", "levregion(0,0,78,20)"] {
        let err = errors(
            vanilla.clone(),
            &format!("{MAZE}{PART}TELEPORT_REGION: {bad}, (0,0,0,0)\n"),
        );
        assert!(err.contains("t.des:8:"), "{bad}: {err}");
    }
}

#[test]
fn rooms_are_placed_by_map_coordinates() {
    let game = fiqhack();
    let src = "LEVEL: \"r\"\nROOM: \"ordinary\", lit, (40,10), (center,center), (5,5)\n\
               ROOM: \"ordinary\", random, (0,0), random, random\nRANDOM_CORRIDORS\n";
    let (level, _, _) = level(&game, src);
    let LevelBody::Rooms(r) = &level.body else {
        panic!("not a room level")
    };
    assert_eq!((r.rooms[0].x, r.rooms[0].y), (40, 10));
    let err = errors(
        game,
        "LEVEL: \"r\"\nROOM: \"ordinary\", lit, (80,10), random, random\nRANDOM_CORRIDORS\n",
    );
    assert!(
        err.contains("t.des:2:24: error")
            && err.contains("Room position should be real coordinates!"),
        "{err}"
    );
    let err = errors(Game::nethack_343(), src);
    assert!(
        err.contains("Room position should be between 1 & 5!"),
        "{err}"
    );
}

#[test]
fn a_female_name_is_its_monster() {
    let game = fiqhack();
    assert_eq!(
        game.monster_id("succubus", Some(b'&')),
        game.monster_id("incubus", Some(b'&'))
    );
    assert_eq!(game.monster_id("succubus", Some(b'a')), None);
    let (level, _, _) = level(
        &game,
        &format!("{MAZE}{PART}MONSTER: '&', \"succubus\", (1,1)\n"),
    );
    let LevelBody::Maze(m) = &level.body else {
        panic!("not a maze")
    };
    assert_eq!(
        Some(m.parts[0].monsters[0].id),
        game.monster_id("incubus", None)
    );
}
