//! Drop-in cases checked byte for byte against the games' own `lev_comp`:
//! each `tests/data/reference/CASE/` holds a source file and, per game,
//! `GAME.lev`, what that game's `lev_comp` (built on x86_64 Linux from the
//! tree named in `../shared/README.md`) wrote for it.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use levbuild::des;
use levbuild::{Game, Layout};

fn case_dir(case: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/reference")
        .join(case)
}

fn game(name: &str) -> Arc<Game> {
    match name {
        "nethack-3.4.3" => Game::nethack_343(),
        _ => Arc::new(Game::from_identity_file(&common::identity_file(name)).unwrap()),
    }
}

/// Compiles `CASE/CASE.des` for each game that has a `GAME.lev` there and
/// checks its one level against it; returns the warnings' messages.
fn check_case(case: &str, games: &[&str]) -> Vec<String> {
    let dir = case_dir(case);
    let source = std::fs::read_to_string(dir.join(format!("{case}.des"))).unwrap();
    let mut messages = Vec::new();
    for name in games {
        let options = des::Options::for_game(game(name)).with_layout(Layout::LP64);
        let file = des::compile_levels(&source, &format!("{case}.des"), &options)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected = std::fs::read(dir.join(format!("{name}.lev"))).unwrap();
        assert_eq!(file.levels.len(), 1, "{name}");
        assert!(
            file.levels[0].bytes == expected,
            "{name}: {case} differs from its lev_comp's output"
        );
        messages.extend(file.warnings.iter().map(|w| w.message.clone()));
    }
    messages
}

/// Ten map parts fit every 3.4.3-family `lev_comp`'s `tmppart[10]`, which
/// writes the level; the game's `load_maze` panics on it (#34 item 4).
#[test]
fn ten_map_parts_are_written_as_each_lev_comp_writes_them() {
    let games = [
        "nethack-3.4.3",
        "slashem-0.0.7E7F3",
        "dnethack-3.18.0",
        "notnotdnethack-2025.05.16",
    ];
    let warnings = check_case("ten-map-parts", &games);
    assert_eq!(
        warnings,
        vec!["Level has 10 map parts: the game loads at most 9".to_string(); games.len()]
    );
}

/// "Object placed in wall at (x,y)?!" is a warning in every 3.4.3-family
/// `lev_comp`, dNetHack's too: each `check_coord` calls `yywarning`
/// (dNetHack's `lev_main.c` line 730), and each writes the level, also
/// for a place checked after `NOMAP` against the last map (#34 item 2: the
/// rejection reported there did not reproduce).
#[test]
fn an_object_placed_in_wall_is_a_warning_and_written_in_every_game() {
    let games = [
        "nethack-3.4.3",
        "slashem-0.0.7E7F3",
        "dnethack-3.18.0",
        "notnotdnethack-2025.05.16",
    ];
    let warnings = check_case("object-in-wall", &games);
    let expected: Vec<String> = games
        .iter()
        .flat_map(|_| {
            [
                "Object placed in wall at (00,00)?!".to_string(),
                "Object placed in wall at (02,02)?!".to_string(),
            ]
        })
        .collect();
    assert_eq!(warnings, expected);
}

/// A room name of 65,536 bytes or more: every 3.4.3-family `lev_comp`
/// writes its length as a `short` (`size = (short) strlen(name)`) and that
/// many bytes of it, so the level keeps the bytes the wrapped length
/// counts, with a warning; a length that wraps negative (32,768 to 65,535
/// bytes, and so on) has `write` read past the name, an error.
#[test]
fn a_room_name_whose_length_wraps_is_cut_as_lev_comp_cuts_it() {
    let source = format!(
        "LEVEL: \"wrapped\"\n\
         ROOM: \"ordinary\", lit, (1,1), (center,center), (5,5)\nNAME: \"{}\"\n\
         ROOM: \"ordinary\", random, random, random, random\nNAME: \"{}\"\n",
        "na".repeat(32_769),
        "x".repeat(65_536 + 7)
    );
    let dir = case_dir("room-name-wrapped");
    for name in [
        "nethack-3.4.3",
        "slashem-0.0.7E7F3",
        "dnethack-3.18.0",
        "notnotdnethack-2025.05.16",
    ] {
        let options = des::Options::for_game(game(name)).with_layout(Layout::LP64);
        let file = des::compile_levels(&source, "w.des", &options)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let expected = std::fs::read(dir.join(format!("{name}.lev"))).unwrap();
        assert!(
            file.levels[0].bytes == expected,
            "{name}: differs from its lev_comp's"
        );
        let wrapped = (file.warnings.iter())
            .filter(|w| w.message.contains("its length is written as a short"))
            .count();
        assert_eq!(wrapped, 2, "{name}: {:?}", file.warnings);
    }
    let negative = source.replace(&"x".repeat(65_536 + 7), &"x".repeat(40_000));
    let e = des::compile_levels(&negative, "w.des", &des::Options::default()).unwrap_err();
    assert!(e.to_string().contains("Room name is too long"), "{e}");
}
