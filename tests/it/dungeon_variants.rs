//! `dgn_comp` as SLASH'EM, dNetHack and notnotdNetHack have it, from their
//! committed identity files: their dungeon descriptions compile to the
//! bytes their own tools wrote, and their rules (SLASH'EM's entry level
//! after `BRANCH` and obsolete `ENTRY`, its unchecked reverse branches;
//! notnotdNetHack's default chance, counted alternates and depth check;
//! each game's limits) hold on files the corpora never use.

use std::path::Path;
use std::sync::Arc;

use levbuild::{dungeon, Game, Layout};

use crate::common;

fn identity(name: &str) -> Arc<Game> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/games")
        .join(format!("{name}.game"));
    Arc::new(Game::from_identity_file(&path).unwrap())
}

fn compile(game: &Arc<Game>, src: &str) -> Result<dungeon::CompiledDungeon, String> {
    let options = dungeon::Options::for_game(Arc::clone(game)).with_layout(Layout::LP64);
    dungeon::compile(src, "dungeon.def", &options).map_err(|d| d.to_string())
}

#[test]
fn every_variants_dungeon_files_compile_to_their_golden_bytes() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    for (name, files) in [
        ("slashem-0.0.7E7F3", &["dungeon"][..]),
        ("notnotdnethack-2025.05.16", &["dungeon"][..]),
        ("dnethack-3.18.0", &["dngnch1", "dngnch2", "dngnch3"][..]),
    ] {
        let game = identity(name);
        for file in files {
            let src = std::fs::read(shared.join(format!("corpus/{name}/dat/{file}.def"))).unwrap();
            let src = levbuild::source_text(&src);
            let golden = std::fs::read(shared.join(format!("golden/{name}/{file}"))).unwrap();
            let out = compile(&game, &src).unwrap_or_else(|e| panic!("{name} {file}: {e}"));
            assert!(out.bytes == golden, "{name} {file}: bytes differ");
        }
    }
}

#[test]
fn slashem_takes_the_entry_level_after_the_branch() {
    let slashem = identity("slashem-0.0.7E7F3");
    let src = "DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)\n\
               BRANCH: \"Vlad's Tower\" @ (3, 2) up -1\n\
               DUNGEON: \"Vlad's Tower\" \"T\" (3, 0)\n\
               BRANCH: \"The Dungeons of Doom\" @ (1, 0)\n";
    let d = compile(&slashem, src).unwrap().dungeon;
    assert_eq!(d.dungeons[0].branches[0].entry, -1);
    assert!(d.dungeons[0].branches[0].up);
    // A branch back to an earlier dungeon is SLASH'EM's to allow.
    assert_eq!(d.dungeons[1].branches[0].dest, "The Dungeons of Doom");
    let vanilla = Arc::new(Game::nethack_343().with_format(levbuild::RecordFormat::nethack_343()));
    let err = compile(&vanilla, src).unwrap_err();
    assert!(err.contains("syntax error"), "{err}");
    let err = compile(&vanilla, &src.replace(" up -1", " up")).unwrap_err();
    assert!(err.contains("Reverse branching not allowed."), "{err}");
    // Its tmpdungeon has no entry level: ENTRY is its lev_comp's error.
    let err = compile(&slashem, "DUNGEON: \"A\" \"a\" (2, 0)\nENTRY: 2\n").unwrap_err();
    assert!(err.contains("ENTRY is obsolete!"), "{err}");
    // Its limits: 32 dungeons, depth 50.
    let deep = compile(&slashem, "DUNGEON: \"A\" \"a\" (42, 5)\n").unwrap();
    assert_eq!(deep.dungeon.dungeons[0].depth.base, 42);
    let vanilla_err = compile(&vanilla, "DUNGEON: \"A\" \"a\" (42, 5)\n").unwrap_err();
    assert!(
        vanilla_err.contains("expected a base of -32..32"),
        "{vanilla_err}"
    );
    let many: String = (0..33)
        .map(|i| format!("DUNGEON: \"D{i}\" \"a\" (2, 0)\n"))
        .collect();
    let err = compile(&slashem, &many).unwrap_err();
    assert!(err.contains("Too many dungeons (limit: 32)."), "{err}");
    assert!(compile(&slashem, &many[..many.rfind("DUNGEON").unwrap()]).is_ok());
}

#[test]
fn notnotdnethack_counts_alternates_and_checks_depths() {
    let nnd = identity("notnotdnethack-2025.05.16");
    let src = "DUNGEON: \"Quest\" \"Q\" (5, 2)\n\
               DUNGEON: \"Quest\" \"Q\" (5, 2) 40\n\
               DUNGEON: \"Quest\" \"Q\" (5, 2)\n";
    let d = compile(&nnd, src).unwrap().dungeon;
    let counted: Vec<(i32, i32)> = d
        .dungeons
        .iter()
        .map(|d| (d.alternates, d.chance))
        .collect();
    // check_dungeon: each later definition adds one to every earlier one
    // of the name and takes the last count, so all three end at 2. A
    // chance not given is 100.
    assert_eq!(counted, [(2, 100), (2, 40), (2, 100)]);
    let err = compile(&nnd, "DUNGEON: \"A\" \"a\" (0, 0)\n").unwrap_err();
    assert!(err.contains("Invalid dungeon depth specified."), "{err}");
    // 3.4.3 has neither: a missing chance is 0, a depth of 0 passes.
    let vanilla = Arc::new(Game::nethack_343().with_format(levbuild::RecordFormat::nethack_343()));
    let d = compile(&vanilla, "DUNGEON: \"A\" \"a\" (0, 0)\n")
        .unwrap()
        .dungeon;
    assert_eq!((d.dungeons[0].chance, d.dungeons[0].alternates), (0, 0));
}
