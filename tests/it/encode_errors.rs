//! One error type for every encoder (#35 item 16): why a level or a
//! dungeon cannot be written for a game, as one non-exhaustive enum.

use levbuild::des;
use levbuild::{dungeon, EncodeError, Game, Layout};

const MAZE: &str = "MAZE: \"m\", ' '\nGEOMETRY: center, center\nMAP\n...\nENDMAP\n";

#[test]
fn a_level_the_format_cannot_hold_is_unrepresentable() {
    let options = des::Options::default().with_layout(Layout::LP64);
    let mut level = des::compile_with(MAZE, "m.des", &options).unwrap().levels[0]
        .level
        .clone();
    level.message = "x".repeat(300);
    match des::encode(&level, &Game::nethack_343(), Layout::LP64) {
        Err(EncodeError::Unrepresentable(what)) => {
            assert!(what.contains("at most 255"), "{what}")
        }
        other => panic!("{other:?}"),
    }
}

#[cfg(feature = "nethack36")]
#[test]
fn a_program_for_a_game_without_opcodes_names_the_opcode() {
    use levbuild::des::nh36;
    let options = des::Options::for_game(Game::nethack_367()).with_layout(Layout::LP64);
    let file = nh36::compile_with("LEVEL: \"p\"\n", "p.des", &options).unwrap();
    let e = nh36::encode(&file.levels[0].program, &Game::nethack_343(), Layout::LP64).unwrap_err();
    assert!(matches!(e, EncodeError::MissingOpcode { .. }), "{e:?}");
    assert!(e.to_string().contains("has no opcode SPO_"), "{e}");
}

#[test]
fn a_game_without_the_layouts_header_is_a_missing_header() {
    // A game whose identity file has words for LP64 only.
    let text = std::fs::read_to_string(crate::common::identity_file("nethack-3.4.3")).unwrap();
    let lp64_only: String = (text.lines())
        .filter(|l| !l.starts_with("header ilp32"))
        .map(|l| match l.starts_with("checksum ") {
            true => "checksum none",
            false => l,
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let game = Game::from_identity(&lp64_only).unwrap();
    assert!(game.version_info(Layout::ILP32).is_err());
    let d = dungeon::compile(
        "DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)\n",
        "dungeon.def",
        &dungeon::Options::default().with_layout(Layout::LP64),
    )
    .unwrap();
    let e = dungeon::encode(&d.dungeon, &game, Layout::ILP32).unwrap_err();
    assert!(matches!(e, EncodeError::MissingHeader(_)), "{e:?}");
}
