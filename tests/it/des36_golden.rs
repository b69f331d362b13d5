//! NetHack 3.6.7's corpus (`corpus/nethack-3.6.7/dat`) compiles to the 120
//! golden `.lev` files and the golden `dungeon` of 3.6.7's own tools, byte
//! for byte, and every output decodes back to the program it encodes.

use crate::common;

use levbuild::des::{self, nh36};
use levbuild::{dungeon, Game, Layout};

fn options() -> des::Options {
    des::Options::for_game(Game::nethack_367()).with_layout(Layout::LP64)
}

fn tree_dat(shared: &std::path::Path) -> std::path::PathBuf {
    shared.join("corpus/nethack-3.6.7/dat")
}

#[test]
fn corpus_matches_golden_and_round_trips() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let golden = shared.join("golden/nethack-3.6.7");
    let mut files: Vec<_> = std::fs::read_dir(tree_dat(&shared))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "des"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 24);
    let game = Game::nethack_367();
    let mut written = std::collections::BTreeSet::new();
    for path in &files {
        let source = levbuild::source_text(&std::fs::read(path).unwrap()).into_owned();
        let file = nh36::compile_with(&source, &path.display().to_string(), &options())
            .unwrap_or_else(|d| panic!("{d}"));
        for level in &file.levels {
            let want = std::fs::read(golden.join(format!("{}.lev", level.name))).unwrap();
            if level.bytes != want {
                let golden_program = nh36::decode(&want, &level.name, &game, Layout::LP64).unwrap();
                let at = golden_program
                    .code
                    .iter()
                    .zip(&level.program.code)
                    .position(|(a, b)| a != b);
                panic!("{} differs from golden at instruction {at:?}", level.name);
            }
            let back = nh36::decode(&level.bytes, &level.name, &game, Layout::LP64).unwrap();
            assert_eq!(back, level.program, "{} does not round-trip", level.name);
            written.insert(level.name.clone());
        }
        // The same bytes through the dialect-neutral entry point.
        let blobs = des::compile_levels(&source, "x.des", &options()).unwrap();
        assert_eq!(blobs.levels.len(), file.levels.len());
    }
    let manifest = std::fs::read_to_string(golden.join("MANIFEST.tsv")).unwrap();
    let expected = manifest.lines().filter(|l| l.contains(".lev")).count();
    assert_eq!(written.len(), expected, "every golden level is written");
}

#[test]
fn dungeon_matches_golden() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let source = std::fs::read_to_string(tree_dat(&shared).join("dungeon.def")).unwrap();
    let out = dungeon::compile(
        &source,
        "dungeon.def",
        &dungeon::Options::for_game(Game::nethack_367()).with_layout(Layout::LP64),
    )
    .unwrap_or_else(|d| panic!("{d}"));
    let want = std::fs::read(shared.join("golden/nethack-3.6.7/dungeon")).unwrap();
    assert!(out.bytes == want, "dungeon differs from 3.6.7's");
}
