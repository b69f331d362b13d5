//! Thousands of generated valid sources (`common::gen343`): every one
//! compiles without an error and without a panic, and every output decodes
//! back to what it encodes.

use crate::common;

use levbuild::{des, dungeon, Game, Layout};

#[test]
fn generated_des_files_compile_and_round_trip() {
    let game = Game::nethack_343();
    for seed in 0..2000 {
        let src = common::gen343::des_file(seed);
        let file = des::compile_with(
            &src,
            "g.des",
            &des::Options::default().with_layout(Layout::LP64),
        )
        .unwrap_or_else(|d| panic!("seed {seed}:\n{src}\n{d}"));
        for l in &file.levels {
            let back = des::decode(&l.bytes, &l.name, &game, Layout::LP64)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            assert_eq!(back, l.level, "seed {seed}");
        }
    }
}

#[test]
fn generated_dungeon_files_compile_and_round_trip() {
    let game = Game::nethack_343();
    for seed in 0..2000 {
        let src = common::gen343::dungeon_file(seed);
        let options = dungeon::Options::default().with_layout(Layout::LP64);
        let out = dungeon::compile(&src, "d.def", &options)
            .unwrap_or_else(|d| panic!("seed {seed}:\n{src}\n{d}"));
        let back = dungeon::decode(&out.bytes, &game, Layout::LP64)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(back, out.dungeon, "seed {seed}");
    }
}

#[cfg(feature = "nethack36")]
#[test]
fn generated_36_files_compile_and_round_trip() {
    let game = Game::nethack_367();
    let options = des::Options::for_game(Game::nethack_367()).with_layout(Layout::LP64);
    for seed in 0..1500 {
        let src = common::gen36::des_file(seed);
        let file = des::nh36::compile_with(&src, "g.des", &options)
            .unwrap_or_else(|d| panic!("seed {seed}:\n{src}\n{d}"));
        for l in &file.levels {
            let back = des::nh36::decode(&l.bytes, &l.name, &game, Layout::LP64)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            assert_eq!(back, l.program, "seed {seed}");
        }
    }
}
