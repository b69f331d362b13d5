//! EvilHack 0.9.3, a NetHack 3.6 variant, from its identity file
//! (`tests/data/games/evilhack-0.9.3.game`, written by `levbuild game`
//! from its tree): its opcode numbers, properties and numbering are its
//! own, and every `.des` of its corpus compiles to the `.lev` files its
//! own `lev_comp` wrote, byte for byte, each decoding back to its program.

use crate::common;

use levbuild::des::{self, nh36};
use levbuild::{Game, Layout, RecordFormat};

fn identity(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/games/{name}.game"))
}

/// EvilHack's game, from its identity file, and options that compile for
/// it (LP64, as its golden set was written).
fn evilhack() -> (std::sync::Arc<Game>, des::Options) {
    let game = std::sync::Arc::new(Game::from_identity_file(&identity("evilhack-0.9.3")).unwrap());
    let options = des::Options::for_game(game.clone()).with_layout(Layout::LP64);
    (game, options)
}

#[test]
fn evilhack_levels_match_its_own_lev_comp() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let (game, options) = evilhack();
    let program = game.format().program.as_ref().unwrap();
    // Its own numbers, not 3.6.7's.
    assert_eq!(program.opcode("FORGE"), Some(11));
    assert_eq!(program.opcode("FOUNTAIN"), Some(13));
    assert_eq!(program.monster_properties.len(), 17);
    assert_eq!(program.object_properties.len(), 17);
    assert_eq!(game.format().numbering.terrain.len(), 43);
    let golden = shared.join("golden/evilhack-0.9.3");
    let levels = common::golden_36_levels(&shared, "evilhack-0.9.3", &options, &[]);
    assert_eq!(levels, 233);
    // Listed in its own words: its terrain by its rm.h names, its maps
    // drawn with its map characters.
    let want = std::fs::read(golden.join("vlt-0001.lev")).unwrap();
    let listing = nh36::decode(&want, "vlt-0001", &game, Layout::LP64)
        .unwrap()
        .display(&game)
        .to_string();
    assert!(
        listing.contains("PUSH mapchar typ 14 lit -2  (DEADTREE)"),
        "{listing}"
    );
}

#[test]
fn a_3_6_game_is_refused_its_levels_in_another_games_numbers() {
    // A 3.4.3-family game has no opcode numbers: no 3.6.7 numbers stand in.
    let program = nh36::Program::default();
    let err = nh36::encode(&program, &Game::nethack_343(), Layout::LP64).unwrap_err();
    assert!(err.to_string().contains("has no opcode SPO_PUSH"), "{err}");
}

#[test]
fn the_built_in_3_6_7_is_its_trees_format() {
    // The committed identity file was written from NetHack 3.6.7's tree.
    // Its numbers are the built-in's (the tables' order and the names
    // 3.6 levels never look up aside).
    let from_tree = Game::from_identity_file(&identity("nethack-3.6.7")).unwrap();
    let (tree, built_in) = (from_tree.format(), RecordFormat::nethack_367());
    assert_eq!(tree.program, built_in.program);
    assert_eq!(tree.limits, built_in.limits);
    let (a, b) = (&tree.numbering, &built_in.numbering);
    assert_eq!(a.terrain, b.terrain);
    for c in 0..=255u8 {
        assert_eq!(
            a.map_char_terrain(c),
            b.map_char_terrain(c),
            "map character {c}"
        );
    }
    assert_eq!(a.map_row_chars, b.map_row_chars);
    let sorted = |t: &[(Box<str>, i8)]| {
        let mut t = t.to_vec();
        t.sort();
        t
    };
    assert_eq!(sorted(&a.room_types), sorted(&b.room_types));
    assert_eq!(sorted(&a.traps), sorted(&b.traps));
    assert_eq!(sorted(&a.engravings), sorted(&b.engravings));
    assert_eq!(a.level_flags, b.level_flags);
    assert_eq!(
        tree.level_rules.joined_foregrounds,
        built_in.level_rules.joined_foregrounds
    );
}

/// A build of EvilHack's corpus from its identity file writes all 235 of
/// its golden outputs, `vaults.dat` and `dungeon` included; a rebuild
/// writes nothing; a changed `VAULTGEN` rewrites `vaults.dat` alone.
#[test]
fn evilhack_build_writes_its_vaults_dat() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let tmp = common::TempDir::new("evilhack");
    let src = tmp.path().join("dat");
    common::copy_dir(&shared.join("corpus/evilhack-0.9.3/dat"), &src);
    let out = tmp.path().join("out");
    let build = || {
        let mut b = levbuild::Build::new();
        b.source_dir(&src)
            .out_dir(&out)
            .game(levbuild::GameSource::identity_file(identity(
                "evilhack-0.9.3",
            )))
            .cargo_directives(false);
        b.try_compile().unwrap()
    };
    let first = build();
    assert_eq!((first.levels, first.dungeons), (233, 1));
    assert_eq!(
        common::golden_matches(&shared, "evilhack-0.9.3", &out),
        (235, 235)
    );
    let levels_rs = std::fs::read_to_string(out.join("levels.rs")).unwrap();
    assert!(levels_rs.contains("pub const VAULTS: &str = include_str!(\"vaults.dat\");"));
    let again = build();
    assert!(again.written.is_empty(), "{:?}", again.written);
    // vlt-0000's VAULTGEN: 200 becomes 300: the level's bytes are the same.
    let vaults = src.join("vaults.des");
    let text = std::fs::read_to_string(&vaults).unwrap();
    assert_eq!(
        text.matches("VAULTGEN:200").count(),
        1,
        "the corpus changed"
    );
    std::fs::write(&vaults, text.replace("VAULTGEN:200", "VAULTGEN:300")).unwrap();
    let edited = build();
    let written: Vec<_> = (edited.written.iter())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(written, ["vaults.dat"]);
    let listed = std::fs::read_to_string(out.join("vaults.dat")).unwrap();
    assert!(listed.starts_with("0 300 vlt-0000\n"), "{listed}");
}

/// Generated files using every EvilHack extension (`common::gen36`'s
/// files for its game) compile, and decode back to their programs.
#[test]
fn generated_evilhack_files_compile_and_round_trip() {
    let (game, options) = evilhack();
    let words = [
        "FORGE:",
        "MAGIC_CHEST:",
        "PUDDLE:",
        "SEWAGE:",
        ", dead",
        "affixed_gem:",
        "forged_qual:",
        "rndvault",
        "VAULTGEN:",
        "MINDEPTH:",
        "DOOR: iron, ",
        "crossbow bolt",
        "lemurepit",
    ];
    common::generated_36_round_trip(
        &options,
        |s| common::gen36::des_file_for(s, &game),
        &words,
        150,
    );
}

/// Opt-in: the same files compiled by EvilHack's own `lev_comp`, built
/// outside the repository (`LEVBUILD_REF_LEV_COMP_EVILHACK`): both accept
/// or refuse alike, write the same bytes, and list the same random vaults
/// (what the reference appends to `vaults.dat`).
#[test]
fn generated_evilhack_files_match_evilhacks_lev_comp() {
    let (game, options) = evilhack();
    common::generated_differential_36(
        "EvilHack",
        "LEVBUILD_REF_LEV_COMP_EVILHACK",
        &options,
        |seed| common::gen36::des_file_for(seed, &game),
    );
}
