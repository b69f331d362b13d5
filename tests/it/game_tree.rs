//! Game identities. In CI, with no game's C tree: the project's own small
//! tree (`tests/data/tree/fixturehack`) is read by the C probe (tables,
//! features, header computed for the target or taken from `date.h`,
//! configuration changes, rebuilds, bad trees), an identity file written
//! from it builds the same bytes as the tree, and the committed identity
//! files of GruntHack 0.2.2, NetHack 3.4.3 and 3.6.7 build those games'
//! golden sets. Opt-in (`LEVBUILD_TREES`): the real trees give exactly the
//! committed identity files and build their golden sets themselves.
#![cfg(feature = "cli")]

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::{copy_tree, fixture_tree, golden_matches, identity_file, TempDir};
use levbuild::{Build, CType, Game, Layout, RecordKind, TreeOptions};

/// A C compiler is needed to read a tree; without one (outside CI) the
/// calling test is skipped.
fn have_cc() -> bool {
    let found = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()))
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        common::skip("no C compiler: game trees are read by compiling their C");
    }
    found
}

/// A writable copy of the fixture tree.
fn fixture_copy(tmp: &TempDir) -> PathBuf {
    let root = tmp.path().join("fixturehack");
    copy_tree(&fixture_tree(), &root);
    root
}

fn levbuild(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_levbuild"));
    cmd.args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Every file below `dir` (relative path, bytes), manifests and cache left
/// out.
fn outputs(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<(PathBuf, Vec<u8>)> = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.file_type().is_file())
        .filter(|e| !e.path().to_string_lossy().contains(".levbuild"))
        .map(|e| {
            let rel = e.path().strip_prefix(dir).unwrap().to_path_buf();
            (rel, std::fs::read(e.path()).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn the_fixture_tree_reads_as_its_c_says() {
    if !have_cc() {
        return;
    }
    let game = Game::from_tree(&fixture_tree(), &TreeOptions::new()).unwrap();
    assert_eq!(game.name(), "fixturehack");
    assert_eq!(game.version(), "0.1.2");
    let monsters: Vec<(&str, u8)> = game.monsters().collect();
    assert_eq!(monsters.len(), 7, "{monsters:?}");
    assert_eq!(monsters[4], ("tourist", b'@'), "TOURIST is defined");
    // lev_comp's lookups: the lowest index, restricted to the class.
    assert_eq!(game.monster_id("werejackal", None), Some(3));
    assert_eq!(game.monster_id("werejackal", Some(b'@')), Some(5));
    assert_eq!(game.object_id("light", Some(b'/')), Some(11));
    assert_eq!(game.object_id("light", None), Some(9));
    assert_eq!(game.object_name(13), None, "the nameless glass gem");
    assert!(game.is_monster_class(b'd') && !game.is_monster_class(b'x'));
    assert!(game.is_object_class(b'(') && !game.is_object_class(b'%'));
    assert!(game.features().is_defined("REINCARNATION"));
    // makedefs -v's words: version, feature bits (REINCARNATION 1 << 1,
    // TOURIST 1 << 10), entity counts (artifacts, objects, monsters) and
    // the struct sizes of this host.
    let words = game.version_info(Layout::host()).unwrap();
    assert_eq!(words[0], 0x0001_0200);
    assert_eq!(words[1], 1 << 1 | 1 << 10);
    let objects = game.objects().count() as u64;
    assert_eq!(words[2], 1 << 24 | objects << 12 | 7);
    assert!(game
        .header_origin()
        .contains("computed as makedefs -v does"));
    // Its records and numbering, from its level compiler's sources and
    // headers (include/sp_lev.h, rm.h, mkroom.h, trap.h, dgn_file.h,
    // global.h; util/lev_main.c, lev_comp.l, lev_comp.y).
    let format = game.format();
    let door_key = format.extra_members(RecordKind::Door).next().unwrap();
    assert_eq!((&*door_key.name, door_key.ctype), ("key", CType::Short));
    assert_eq!(format.extra_members(RecordKind::Object).count(), 0);
    assert!(format.forges && !format.random_regions && !format.place_sets);
    assert_eq!(format.random_coordinate, -11);
    assert_eq!(format.header_word, CType::Long);
    let n = &format.numbering;
    assert_eq!(n.terrain_code("FORGE"), Some(8));
    assert_eq!(n.map_char(8), Some(b'O'));
    // Its what_map_char reads `F` with a warning (FOUNTAINS is not
    // defined), and its lexer's map rows take `X`, which is no map
    // character, but not the forge `O`.
    assert_eq!(n.map_char_terrain(b'F'), n.terrain_code("ROOM"));
    assert_eq!(
        n.map_char_warning(b'F'),
        Some("fixturehack has no fountains; a floor instead")
    );
    assert_eq!(n.map_char_warnings.len(), 1);
    assert!(n.is_map_row_char(b'X') && n.map_char_terrain(b'X').is_none());
    assert!(!n.is_map_row_char(b'O') && n.is_map_row_char(b'7'));
    assert_eq!(n.terrain.len(), 9);
    assert_eq!(n.room_type("smithy"), Some(4));
    assert_eq!(n.max_room_type(), 6);
    assert_eq!(n.trap("bellows"), Some(3));
    // DEEP_PIT is 200; lev_comp stores a trap type in its record's
    // `xchar`: -56, as SLASH'EM Extended's trap 180 is -76.
    assert_eq!(n.trap("deep pit"), Some(-56));
    assert_eq!(n.trap_name(-56), Some("deep pit"));
    assert_eq!(n.engraving_name(3), Some("soot"));
    assert_eq!(n.level_flags.last(), Some(&("smoky".into(), 4)));
    assert_eq!(
        (
            format.limits.dungeons,
            format.limits.special_levels,
            format.limits.depth
        ),
        (8, 30, 20)
    );
}

#[test]
fn an_identity_file_builds_what_its_tree_builds_with_no_tree_and_no_compiler() {
    if !have_cc() {
        return;
    }
    let tmp = TempDir::new("identity");
    let root = fixture_copy(&tmp);
    let file = tmp.path().join("fixturehack.game");
    let o = levbuild(&["game", "--game-tree", s(&root), "-o", s(&file)], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let from_file = Game::from_identity_file(&file).unwrap();
    let from_tree = Game::from_tree(&root, &TreeOptions::new()).unwrap();
    assert_eq!(from_file, from_tree);
    assert_eq!(from_file.tree_files(), std::slice::from_ref(&file));

    let by_tree = tmp.path().join("by-tree");
    let o = levbuild(&["build", "--game-tree", s(&root), "-o", s(&by_tree)], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The tree is gone and there is no C compiler: the file is enough.
    let dat = tmp.path().join("dat");
    std::fs::rename(root.join("dat"), &dat).unwrap();
    std::fs::remove_dir_all(&root).unwrap();
    let no_cc = [("CC", "/nonexistent/cc")];
    let by_file = tmp.path().join("by-file");
    let o = levbuild(
        &["build", "--game", s(&file), s(&dat), "-o", s(&by_file)],
        &no_cc,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("fixturehack 0.1.2"), "{}", stderr(&o));
    let same: Vec<_> = outputs(&by_tree)
        .into_iter()
        .filter(|(p, _)| p.extension().is_some_and(|e| e == "lev") || p.ends_with("dungeon"))
        .collect();
    assert_eq!(same.len(), 2);
    for (path, bytes) in &same {
        assert_eq!(
            &std::fs::read(by_file.join(path)).unwrap(),
            bytes,
            "{}",
            path.display()
        );
    }
    // lev-comp, dgn-comp and dump take it too.
    let single = tmp.path().join("single");
    std::fs::create_dir_all(&single).unwrap();
    let des = dat.join("fixture.des");
    let o = levbuild(
        &["lev-comp", "--game", s(&file), "-o", s(&single), s(&des)],
        &no_cc,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let def = dat.join("dungeon.def");
    let o = levbuild(
        &["dgn-comp", "--game", s(&file), "-o", s(&single), s(&def)],
        &no_cc,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    for name in ["fixture.lev", "dungeon"] {
        assert_eq!(
            std::fs::read(single.join(name)).unwrap(),
            std::fs::read(by_tree.join(name)).unwrap(),
            "{name}"
        );
    }
    let o = levbuild(
        &["dump", "--game", s(&file), s(&single.join("fixture.lev"))],
        &no_cc,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("monster tourist (class '@')"), "{text}");
    // The built-in game numbers monsters and objects its own way.
    let o = levbuild(&["lev-comp", "-o", s(&single), s(&des)], &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_ne!(
        std::fs::read(single.join("fixture.lev")).unwrap(),
        std::fs::read(by_tree.join("fixture.lev")).unwrap()
    );
}

#[test]
fn the_identity_is_part_of_every_levels_cache_key() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let tmp = TempDir::new("identity-key");
    let file = tmp.path().join("grunt.game");
    std::fs::copy(identity_file("grunthack-0.2.2"), &file).unwrap();
    let dat = tmp.path().join("dat");
    common::copy_dir(&common::corpus_dat_of(&shared, "grunthack-0.2.2"), &dat);
    let out = tmp.path().join("out");
    let build = || {
        Build::new()
            .source_dir(&dat)
            .game(levbuild::GameSource::identity_file(&file))
            .out_dir(&out)
            .cache_dir(tmp.path().join("cache"))
            .cargo_directives(false)
            .try_compile()
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let first = build();
    assert_eq!(first.compiled, first.sources);
    assert_eq!(build().compiled, 0);
    // A monster renamed in the identity: every level is compiled again.
    let text = std::fs::read_to_string(&file).unwrap();
    let renamed = common::hand_edited(&text.replacen("\"jackal\"", "\"jackalx\"", 1));
    std::fs::write(&file, renamed).unwrap();
    let third = build();
    assert_eq!(third.compiled, third.sources);
    std::fs::write(&file, text).unwrap();
    assert_eq!(build().compiled, 0, "the old identity's results are cached");
}

#[test]
fn damaged_identity_files_and_missing_headers_are_clear_errors() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let tmp = TempDir::new("identity-bad");
    let dat = tmp.path().join("dat");
    common::copy_dir(&common::corpus_dat_of(&shared, "grunthack-0.2.2"), &dat);
    let out = tmp.path().join("out");
    let file = tmp.path().join("bad.game");
    let text = std::fs::read_to_string(identity_file("grunthack-0.2.2")).unwrap();
    let line = text
        .lines()
        .position(|l| l.starts_with("monster "))
        .unwrap()
        + 1;
    std::fs::write(&file, text.replacen("monster 'a'", "monster a", 1)).unwrap();
    let o = levbuild(&["build", "--game", s(&file), s(&dat), "-o", s(&out)], &[]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains(&format!(
            "identity file {}:{line}: expected a class symbol",
            s(&file)
        )),
        "{}",
        stderr(&o)
    );
    // An identity with no header for the target's data model.
    let lp64_only: String = text
        .lines()
        .filter(|l| !l.starts_with("header ilp32"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&file, common::hand_edited(&lp64_only)).unwrap();
    let o = levbuild(
        &[
            "build",
            "--game",
            s(&file),
            "--target",
            "i686-unknown-linux-gnu",
            s(&dat),
            "-o",
            s(&out),
        ],
        &[],
    );
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("no version header for the ilp32 data model"),
        "{}",
        stderr(&o)
    );
    let o = levbuild(
        &[
            "lev-comp",
            "--game",
            s(&file),
            "--target",
            "ilp32",
            "-o",
            s(tmp.path()),
        ],
        &[],
    );
    assert!(
        stderr(&o).contains("no version header for the ilp32 data model"),
        "{}",
        stderr(&o)
    );
    assert!(!out.exists(), "no error writes anything");
    // A game and a dialect that disagree.
    let lev = tmp.path().join("x.lev");
    std::fs::write(&lev, [0; 64]).unwrap();
    let o = levbuild(
        &[
            "dump",
            "--game",
            s(&identity_file("nethack-3.6.7")),
            "--dialect",
            "3.4.3",
            s(&lev),
        ],
        &[],
    );
    assert!(
        stderr(&o).contains("is written in the 3.6 language"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn identity_files_build_the_golden_sets_without_the_games_trees() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let tmp = TempDir::new("identity-golden");
    for (game, set, target) in [
        (
            "grunthack-0.2.2",
            "grunthack-0.2.2",
            "x86_64-unknown-linux-gnu",
        ),
        ("nethack-3.6.7", "nethack-3.6.7", "x86_64-unknown-linux-gnu"),
        ("nethack-3.4.3", "nethack-3.4.3", "x86_64-unknown-linux-gnu"),
        // Its room ladders, ladder regions and `identified` objects.
        ("acehack-3.6.0", "acehack-3.6.0", "x86_64-unknown-linux-gnu"),
        (
            "nethack-3.4.3",
            "nethack-3.4.3-ilp32",
            "i686-unknown-linux-gnu",
        ),
    ] {
        let out = tmp.path().join(set);
        let report = Build::new()
            .source_dir(shared.join("corpus").join(game).join("dat"))
            .game(levbuild::GameSource::identity_file(identity_file(game)))
            .target(target)
            .out_dir(&out)
            .cargo_directives(false)
            .try_compile()
            .unwrap_or_else(|e| panic!("{set}: {e}"));
        assert!(report.games[0].contains(game), "{:?}", report.games);
        let (same, total) = golden_matches(&shared, set, &out);
        assert_eq!(same, total, "{set}");
    }
    // A GruntHack level decodes with GruntHack's identity only, which the
    // build leaves beside the blobs for levels.rs to embed.
    let game = Game::from_identity_file(&identity_file("grunthack-0.2.2")).unwrap();
    let beside = Game::from_identity_file(&tmp.path().join("grunthack-0.2.2/levels.game")).unwrap();
    assert_eq!(beside, game);
    let rust = std::fs::read_to_string(tmp.path().join("grunthack-0.2.2/levels.rs")).unwrap();
    assert!(
        rust.contains("pub const GAME: &str = include_str!(\"levels.game\");"),
        "{rust}"
    );
    let bytes = std::fs::read(tmp.path().join("grunthack-0.2.2/oracle.lev")).unwrap();
    levbuild::des::decode(&bytes, "oracle", &beside, Layout::LP64).unwrap();
    assert!(levbuild::des::decode(&bytes, "oracle", &Game::nethack_343(), Layout::LP64).is_err());
}

#[test]
fn a_trees_makefile_says_which_dungeon_files_its_dat_builds() {
    if !have_cc() {
        return;
    }
    let tmp = TempDir::new("makefile-dungeon");
    let root = fixture_copy(&tmp);
    // A dungeon file the tree's build does not compile, as SLASH'EM
    // Extended's dat/ holds dungeon2.def..dungeon8.def.
    let def = std::fs::read_to_string(root.join("dat/dungeon.def")).unwrap();
    std::fs::write(root.join("dat/dungeon2.def"), &def).unwrap();
    let dungeons = |root: &Path, dir: Option<&Path>, out: &str| {
        let out = tmp.path().join(out);
        let mut b = Build::new();
        b.game(levbuild::GameSource::tree(root))
            .out_dir(&out)
            .cargo_directives(false);
        if let Some(dir) = dir {
            b.source_dir(dir);
        }
        b.try_compile().unwrap_or_else(|e| panic!("{e}"));
        ["dungeon", "dungeon2"].map(|d| out.join(d).is_file())
    };
    // No Makefile: every *.def.
    assert_eq!(dungeons(&root, None, "none"), [true, true]);
    // Its Makefile's `dungeon` target depends on dungeon.def only.
    let makefile = root.join("sys/unix/Makefile.dat");
    std::fs::create_dir_all(makefile.parent().unwrap()).unwrap();
    std::fs::write(
        &makefile,
        "all: dungeon\n\ndungeon: dungeon.def ../util/makedefs \\\n\t../util/dgn_comp\n\
         \t../util/makedefs -e\n\t../util/dgn_comp dungeon.pdf\n\
         dungeon2: dungeon2.def\n",
    )
    .unwrap();
    let game = Game::from_tree(&root, &TreeOptions::new()).unwrap();
    assert_eq!(
        game.tree_dungeon_files(&root.join("dat")),
        Some(&["dungeon.def".to_string()][..])
    );
    assert!(game.tree_files().contains(&makefile));
    assert_eq!(dungeons(&root, None, "rule"), [true, false]);
    // Another directory built for the tree's game: every *.def.
    let other = tmp.path().join("other");
    copy_tree(&root.join("dat"), &other);
    assert_eq!(game.tree_dungeon_files(&other), None);
    assert_eq!(dungeons(&root, Some(&other), "other"), [true, true]);
    // A rule naming no file dat/ has (dNetHack's names vanilla's
    // dungeon.def; its dngnch*.def are its makedefs' own list).
    std::fs::write(&makefile, "dungeon: nothere.def ../util/dgn_comp\n").unwrap();
    assert_eq!(dungeons(&root, None, "stale"), [true, true]);
}

#[test]
fn slashem_extended_builds_its_golden_set_from_its_identity_file() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let tmp = TempDir::new("slashem-extended-golden");
    let out = tmp.path().join("levels");
    let report = Build::new()
        .source_dir(shared.join("corpus/slashem-extended-1.6.5/dat"))
        .game(levbuild::GameSource::identity_file(identity_file(
            "slashem-extended-1.6.5",
        )))
        .target("x86_64-unknown-linux-gnu")
        .out_dir(&out)
        .cargo_directives(false)
        .try_compile()
        .unwrap_or_else(|e| panic!("{e}"));
    let (same, total) = golden_matches(&shared, "slashem-extended-1.6.5", &out);
    assert_eq!((same, total), (2853, 2853), "2852 levels and the dungeon");
    // Its kwests.des defines 23 levels twice, which its lev_comp writes
    // one over the other.
    let twice = (report.warnings.iter())
        .filter(|w| w.code == Some("level-defined-twice"))
        .count();
    assert_eq!(twice, 23);
    // Its trap numbers go past 127, as a char stores them.
    let game = Game::from_identity_file(&identity_file("slashem-extended-1.6.5")).unwrap();
    let n = &game.format().numbering;
    assert_eq!(n.traps.len(), 221);
    assert!(n.traps.iter().any(|(_, v)| *v < 0));
    assert_eq!(game.format().limits.special_levels, 200);
}

#[test]
fn slashem_builds_its_golden_set_from_its_identity_file() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let tmp = TempDir::new("slashem-golden");
    let dat = shared.join("corpus/slashem-0.0.7E7F3/dat");
    let build = |out: &Path, exclude: bool| {
        let mut b = Build::new();
        b.source_dir(&dat)
            .game(levbuild::GameSource::identity_file(identity_file(
                "slashem-0.0.7E7F3",
            )))
            .target("x86_64-unknown-linux-gnu")
            .out_dir(out)
            .cargo_directives(false);
        if exclude {
            b.exclude("template.des");
        }
        b.try_compile()
    };
    // Its template.des is no level (its Makefile skips it, its lev_comp
    // refuses it): a whole-tree build says so.
    let err = build(&tmp.path().join("all"), false)
        .unwrap_err()
        .to_string();
    assert!(err.contains("template.des"), "{err}");
    let out = tmp.path().join("levels");
    build(&out, true).unwrap();
    let (same, total) = golden_matches(&shared, "slashem-0.0.7E7F3", &out);
    assert_eq!((same, total), (186, 186), "185 levels and the dungeon");
}

#[test]
fn notnotdnethack_builds_its_golden_set_from_its_identity_file() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let tmp = TempDir::new("nnd-golden");
    let out = tmp.path().join("levels");
    Build::new()
        .source_dir(shared.join("corpus/notnotdnethack-2025.05.16/dat"))
        .game(levbuild::GameSource::identity_file(identity_file(
            "notnotdnethack-2025.05.16",
        )))
        .target("x86_64-unknown-linux-gnu")
        .out_dir(&out)
        .cargo_directives(false)
        .try_compile()
        .unwrap();
    let (same, total) = golden_matches(&shared, "notnotdnethack-2025.05.16", &out);
    assert_eq!((same, total), (381, 381), "380 levels and the dungeon");
}

#[test]
fn dnethack_builds_its_golden_set_from_its_identity_file() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let tmp = TempDir::new("dnethack-golden");
    let out = tmp.path().join("levels");
    // Its three dungeon files (dngnch1..3.def) are found as every *.def is.
    Build::new()
        .source_dir(shared.join("corpus/dnethack-3.18.0/dat"))
        .game(levbuild::GameSource::identity_file(identity_file(
            "dnethack-3.18.0",
        )))
        .target("x86_64-unknown-linux-gnu")
        .out_dir(&out)
        .cargo_directives(false)
        .try_compile()
        .unwrap();
    let (same, total) = golden_matches(&shared, "dnethack-3.18.0", &out);
    assert_eq!(
        (same, total),
        (332, 332),
        "329 levels and three dungeon files"
    );
}

#[test]
fn each_level_set_can_have_its_own_game() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let tmp = TempDir::new("two-games");
    let vanilla = tmp.path().join("nethack-3.4.3/dat");
    let grunt = tmp.path().join("grunthack-0.2.2/dat");
    common::copy_dir(&common::corpus_dat(&shared), &vanilla);
    common::copy_dir(&common::corpus_dat_of(&shared, "grunthack-0.2.2"), &grunt);
    let out = tmp.path().join("out");
    let report = Build::new()
        .source_dir(&vanilla)
        .source_dir_for(
            &grunt,
            levbuild::GameSource::identity_file(identity_file("grunthack-0.2.2")),
        )
        .out_dir(&out)
        .target("x86_64-unknown-linux-gnu")
        .cargo_directives(false)
        .try_compile()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(report.games.len(), 2);
    assert!(report.games[0].contains("NetHack 3.4.3 (header built in)"));
    assert!(report.games[1].contains("grunthack-0.2.2"));
    let sets: Vec<PathBuf> = ["nethack-3.4.3", "grunthack-0.2.2"]
        .iter()
        .map(|t| out.join(t).join("dat"))
        .collect();
    assert_eq!(
        golden_matches(&shared, "nethack-3.4.3", &sets[0]),
        (114, 114)
    );
    assert_eq!(
        golden_matches(&shared, "grunthack-0.2.2", &sets[1]),
        (127, 127)
    );
}

#[test]
fn configuration_changes_reach_tables_features_and_header() {
    if !have_cc() {
        return;
    }
    let tmp = TempDir::new("config");
    let root = fixture_copy(&tmp);
    let before = Game::from_tree(&root, &TreeOptions::new()).unwrap();
    let config = root.join("include/config.h");
    let text = std::fs::read_to_string(&config).unwrap();
    let off = text
        .replace("#define TOURIST", "/* #define TOURIST */")
        .replace("#define REINCARNATION", "/* #define REINCARNATION */");
    assert_ne!(off, text, "config.h defines TOURIST and REINCARNATION");
    std::fs::write(&config, off).unwrap();
    let game = Game::from_tree(&root, &TreeOptions::new()).unwrap();
    assert_eq!(game.monster_id("tourist", None), None);
    assert_eq!(before.monster_id("tourist", None), Some(4));
    assert_eq!(game.object_id("expensive camera", None), None);
    // Entries after the removed ones shift down.
    assert_eq!(game.object_id("water", None), Some(7));
    assert_eq!(before.object_id("water", None), Some(8));
    assert!(!game.features().is_defined("REINCARNATION"));
    let features = game.version_info(Layout::host()).unwrap()[1];
    assert_eq!(features & (1 << 10), 0, "TOURIST bit");
    assert_eq!(features & (1 << 1), 0, "REINCARNATION bit");
    // The dungeon drops the %REINCARNATION level.
    let dungeon = levbuild::dungeon::compile(
        &std::fs::read_to_string(root.join("dat/dungeon.def")).unwrap(),
        "dungeon.def",
        &levbuild::dungeon::Options::for_game(std::sync::Arc::new(game))
            .with_layout(Layout::host()),
    )
    .unwrap();
    assert!(!dungeon.dungeon.all_levels().any(|l| l.name == "rogue"));
}

#[test]
fn a_changed_tree_source_rebuilds_every_level_and_an_unchanged_tree_runs_no_compiler() {
    if !have_cc() {
        return;
    }
    let tmp = TempDir::new("rebuild");
    let root = fixture_copy(&tmp);
    let out = tmp.path().join("out");
    let build = || {
        Build::new()
            .game(levbuild::GameSource::tree(&root))
            .out_dir(&out)
            .cargo_directives(false)
            .try_compile()
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let first = build();
    assert_eq!(first.compiled, first.sources);
    assert!(
        first.games[0].contains("fixturehack 0.1.2"),
        "{:?}",
        first.games
    );
    let level = std::fs::read(out.join("fixture.lev")).unwrap();
    // The index says where the sources were: the tree's dat/.
    let rust = std::fs::read_to_string(out.join("levels.rs")).unwrap();
    let from = format!("from {}. Do not edit.", root.join("dat").display());
    assert!(rust.lines().next().unwrap().ends_with(&from), "{rust}");

    // No-op: no C compiler is needed (CC points nowhere, through the CLI).
    let o = levbuild(
        &["build", "--game-tree", s(&root), "-o", s(&out)],
        &[("CC", "/nonexistent/cc")],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("up to date: nothing compiled or written"),
        "{}",
        stderr(&o)
    );

    // A comment only changes the tree's hash: the probe runs again but the
    // identity, and so every level, is the same.
    let monst = root.join("src/monst.c");
    let text = std::fs::read_to_string(&monst).unwrap();
    std::fs::write(&monst, format!("{text}\n/* x */\n")).unwrap();
    let second = build();
    assert_eq!(second.compiled, 0, "same identity, cached results");
    assert_eq!(std::fs::read(out.join("fixture.lev")).unwrap(), level);
    // Renaming a monster changes the tables: every level is rebuilt.
    std::fs::write(&monst, text.replacen("\"giant ant\"", "\"giant ant2\"", 1)).unwrap();
    let third = build();
    assert_eq!(third.compiled, third.sources);
}

#[test]
fn bad_trees_are_clear_errors() {
    if !have_cc() {
        return;
    }
    let tmp = TempDir::new("bad");
    let out = tmp.path().join("out");
    let build = |root: &Path, env: &[(&str, &str)]| {
        levbuild(
            &["build", "--no-cache", "--game-tree", s(root), "-o", s(&out)],
            env,
        )
    };

    // Not a tree.
    let empty = tmp.path().join("empty");
    std::fs::create_dir_all(empty.join("dat")).unwrap();
    let o = build(&empty, &[]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("missing include/config.h"),
        "{}",
        stderr(&o)
    );

    // No C compiler.
    let root = fixture_copy(&tmp);
    let o = build(&root, &[("CC", "/nonexistent/cc")]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("set CC"), "{}", stderr(&o));

    // C that does not compile: the compiler's own error is shown.
    let decl = root.join("src/decl.c");
    let good = std::fs::read_to_string(&decl).unwrap();
    std::fs::write(&decl, format!("{good}\nthis is not C;\n")).unwrap();
    let o = build(&root, &[]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("does not compile"), "{}", stderr(&o));
    assert!(stderr(&o).contains("decl.c"), "{}", stderr(&o));
    std::fs::write(&decl, good).unwrap();

    // A date.h that does not parse.
    std::fs::write(
        root.join("include/date.h"),
        "#define VERSION_NUMBER 0x00010200UL\n#define VERSION_FEATURES soon\n",
    )
    .unwrap();
    let o = build(&root, &[]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("include/date.h does not parse: VERSION_FEATURES is \"soon\""),
        "{}",
        stderr(&o)
    );
    assert!(
        !out.join("fixture.lev").exists(),
        "no error writes anything"
    );

    // A tree's root given as a plain source directory.
    let o = levbuild(&["build", s(&root), "-o", s(&out)], &[]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("is a game's source tree: build it with --game-tree"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_date_h_gives_the_header_for_every_target() {
    if !have_cc() {
        return;
    }
    let tmp = TempDir::new("date-h");
    let root = fixture_copy(&tmp);
    std::fs::write(
        root.join("include/date.h"),
        "#define BUILD_TIME (1L)\n#define VERSION_NUMBER 0x00010200UL\n\
         #define VERSION_FEATURES 0x00000402UL\n#define VERSION_SANITY1 0x0100f007UL\n\
         #define VERSION_SANITY2 0x12345678UL\n",
    )
    .unwrap();
    let game = Game::from_tree(&root, &TreeOptions::new()).unwrap();
    assert_eq!(game.header_origin(), "include/date.h");
    for layout in Layout::ALL {
        assert_eq!(game.version_info(layout).unwrap()[3], 0x1234_5678);
    }
    let text = game.to_identity();
    assert!(
        text.contains("header any 0x10200 0x402 0x100f007 0x12345678\n"),
        "{text}"
    );
    // A lev_comp that includes verinfo.h (makedefs -w: SLASH'EM Extended,
    // notnotdNetHack) writes the header from there.
    let lev_main = root.join("util/lev_main.c");
    let text = std::fs::read_to_string(&lev_main).unwrap();
    std::fs::write(&lev_main, format!("#include \"verinfo.h\"\n{text}")).unwrap();
    let game = Game::from_tree(&root, &TreeOptions::new()).unwrap();
    assert!(
        game.header_origin().contains("computed"),
        "no verinfo.h yet"
    );
    let verinfo = std::fs::read_to_string(root.join("include/date.h")).unwrap();
    std::fs::write(
        root.join("include/verinfo.h"),
        verinfo.replace("0x12345678", "0x9abc"),
    )
    .unwrap();
    let game = Game::from_tree(&root, &TreeOptions::new()).unwrap();
    assert_eq!(game.header_origin(), "include/verinfo.h");
    assert_eq!(game.version_info(Layout::LP64).unwrap()[3], 0x9abc);
}

#[test]
fn the_header_is_computed_for_the_games_target() {
    if !have_cc() {
        return;
    }
    // i686 code runs here when the multilib C library is installed (CI
    // installs gcc-multilib).
    let options = TreeOptions::new().target("i686-unknown-linux-gnu");
    let game = match Game::from_tree(&fixture_tree(), &options) {
        Ok(game) => game,
        Err(e) if e.to_string().contains("does not compile") => {
            assert!(e.to_string().contains("C library headers for i686"), "{e}");
            common::skip(&format!("no i686 C library (gcc-multilib): {e}"));
            return;
        }
        Err(e) => panic!("{e}"),
    };
    let host = Game::from_tree(&fixture_tree(), &TreeOptions::new()).unwrap();
    let ilp32 = game.version_info(Layout::ILP32).unwrap();
    assert_eq!(ilp32[..3], host.version_info(Layout::host()).unwrap()[..3]);
    if Layout::host().model == levbuild::DataModel::Lp64 {
        // Pointers and longs are 4 bytes: every struct is smaller.
        assert!(ilp32[3] < host.version_info(Layout::LP64).unwrap()[3]);
        assert!(
            game.version_info(Layout::LP64).is_err(),
            "computed for one target"
        );
    }
    assert!(game.header_origin().contains("i686-unknown-linux-gnu"));
    // Both targets in one identity file.
    let both = host.with_headers_of(&game).unwrap();
    assert_eq!(both.version_info(Layout::ILP32).unwrap(), ilp32);
    assert_eq!(
        both.version_info(Layout::host()),
        host.version_info(Layout::host())
    );
    assert!(host.with_headers_of(&Game::nethack_343()).is_err());
}

/// The identity a real tree gives for x86_64 and i686, as `levbuild game`
/// writes it.
fn real_identity(root: &Path) -> String {
    let read = |t: &str| Game::from_tree(root, &TreeOptions::new().target(t)).unwrap();
    read("x86_64-unknown-linux-gnu")
        .with_headers_of(&read("i686-unknown-linux-gnu"))
        .unwrap()
        .to_identity()
}

/// FIQHack 4.3.1 (#33): its identity file (read from its tree: the
/// NetHack4 layout under `libnethack/`, a 12-byte header of three
/// `unsigned int`, makedefs -e's deflist, a hallucination message after
/// each level's message, `HALLUMSG`, `levregion()`, `mineslight`, a
/// 79-column map, real `ROOM` positions, monsters' female names) builds
/// its whole golden set.
#[test]
fn fiqhacks_identity_file_builds_its_golden_set() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let tmp = TempDir::new("identity-fiqhack");
    let out = tmp.path().join("fiqhack-4.3.1");
    Build::new()
        .source_dir(shared.join("corpus/fiqhack-4.3.1/dat"))
        .game(levbuild::GameSource::identity_file(identity_file(
            "fiqhack-4.3.1",
        )))
        .target("x86_64-unknown-linux-gnu")
        .out_dir(&out)
        .cargo_directives(false)
        .try_compile()
        .unwrap();
    assert_eq!(golden_matches(&shared, "fiqhack-4.3.1", &out), (114, 114));
    let want = std::fs::read(shared.join("golden/fiqhack-4.3.1/dungeon")).unwrap();
    assert_eq!(
        &want[..12],
        b"\x00\x01\x03\x04\x00\x00\x00\x00\x7c\x81\x1b\x21"
    );
    // The endgame's hallucination messages, after the level's message.
    let astral = std::fs::read(out.join("astral.lev")).unwrap();
    let game = Game::from_identity_file(&identity_file("fiqhack-4.3.1")).unwrap();
    let level = levbuild::des::decode(&astral, "astral", &game, levbuild::Layout::LP64).unwrap();
    assert!(
        level
            .hallucination_message
            .starts_with("You enter Oma's Diner."),
        "{:?}",
        level.hallucination_message
    );
}

#[test]
fn real_trees_give_the_committed_identity_files() {
    // (identity file, tree, whether its config.h leaves SINKS undefined)
    for (name, tree, no_sinks) in [
        ("grunthack-0.2.2", "grunthack-0.2.2", false),
        ("nethack-3.4.3", "nethack-3.4.3", false),
        ("nethack-3.4.3-nosinks", "nethack-3.4.3", true),
        ("nethack-3.6.7", "nethack-3.6.7", false),
        ("slashem-0.0.7E7F3", "slashem-0.0.7E7F3", false),
        ("slashem-extended-1.6.5", "slashem-extended-1.6.5", false),
        ("evilhack-0.9.3", "evilhack-0.9.3", false),
        ("acehack-3.6.0", "acehack-3.6.0", false),
        // The NetHack4 layout: its tree is the repository's root.
        ("fiqhack-4.3.1", "fiqhack-4.3.1", false),
        ("dnethack-3.18.0", "dnethack-3.18.0", false),
        (
            "notnotdnethack-2025.05.16",
            "notnotdnethack-2025.05.16",
            false,
        ),
        // 3.4.3's version_info and class symbols, 3.6's opcode lev_comp.
        ("sporkhack-0.7.0", "sporkhack-0.7.0", false),
        // Also built by its configure script (no hints file).
        ("unnethack-5.3.2", "unnethack-5.3.2", false),
    ] {
        let Some(root) = common::real_tree(tree) else {
            continue;
        };
        if !have_cc() {
            return;
        }
        let tmp = TempDir::new("real-identity");
        let copy = tmp.path().join(name);
        copy_tree(&root, &copy);
        let _ = std::fs::remove_file(copy.join("include/date.h"));
        if no_sinks {
            // The game built without sinks: its lev_comp reads `K` with
            // a warning.
            let config = copy.join("include/config.h");
            let text = std::fs::read_to_string(&config).unwrap();
            assert!(text.contains("\n#define SINKS"), "{name}");
            let text = text.replace("\n#define SINKS", "\n/* #define SINKS */");
            std::fs::write(&config, text).unwrap();
        }
        let written = real_identity(&copy);
        // `LEVBUILD_BLESS=1` writes them again (after a change of the
        // identity format), as `levbuild game` would.
        if std::env::var_os("LEVBUILD_BLESS").is_some() {
            std::fs::write(identity_file(name), &written).unwrap();
            continue;
        }
        let committed = std::fs::read_to_string(identity_file(name)).unwrap();
        assert_eq!(
            written, committed,
            "{name}: write it again with `levbuild game` (or LEVBUILD_BLESS=1)"
        );
    }
}

#[test]
fn real_trees_build_their_golden_sets_with_and_without_date_h() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    // (game, outputs, files to leave out, the header its makedefs writes
    // that its lev_comp includes and levbuild reads: SLASH'EM Extended's
    // includes verinfo.h; notnotdNetHack's too, not checked here)
    for (name, outputs, exclude, header) in [
        ("grunthack-0.2.2", 127, None, Some("date.h")),
        ("nethack-3.6.7", 121, None, Some("date.h")),
        ("nethack-3.4.3", 114, None, Some("date.h")),
        (
            "slashem-0.0.7E7F3",
            186,
            Some("template.des"),
            Some("date.h"),
        ),
        // 2852 levels and dungeon.def, not its dungeon2..8.def.
        ("slashem-extended-1.6.5", 2853, None, Some("verinfo.h")),
        // 233 levels, vaults.dat and its dungeon; its header's
        // SCORE_ON_BOTL bit is its hints file's.
        ("evilhack-0.9.3", 235, None, Some("date.h")),
        // Read without running its configure (see README).
        ("acehack-3.6.0", 114, None, Some("date.h")),
        ("dnethack-3.18.0", 332, None, Some("date.h")),
        ("notnotdnethack-2025.05.16", 381, None, None),
        // The repository's root; its headers are under libnethack/.
        ("fiqhack-4.3.1", 114, None, Some("date.h")),
    ] {
        let Some(tree) = common::real_tree(name) else {
            continue;
        };
        if !have_cc() {
            return;
        }
        let tmp = TempDir::new("real-golden");
        let root = tmp.path().join(name);
        copy_tree(&tree, &root);
        // A NetHack4 repository keeps its include/ under libnethack/.
        let include = match root.join("libnethack/include").is_dir() {
            true => root.join("libnethack/include"),
            false => root.join("include"),
        };
        let _ = std::fs::remove_file(include.join("date.h"));
        // Without date.h: the header is computed as the game's makedefs -v
        // does; then with the date.h the game's makedefs wrote.
        let builds_golden = |out: &str, origin: &str| {
            let out = tmp.path().join(out);
            let mut args = vec!["build", "--game-tree", s(&root), "-o", s(&out)];
            if let Some(file) = exclude {
                args.extend(["--exclude", file]);
            }
            let o = levbuild(&args, &[]);
            assert!(o.status.success(), "{}", stderr(&o));
            assert!(stderr(&o).contains(origin), "{}", stderr(&o));
            assert_eq!(
                golden_matches(&shared, name, &out),
                (outputs, outputs),
                "{name}"
            );
        };
        builds_golden("computed", "computed as makedefs -v does");
        let Some(header) = header else {
            continue;
        };
        std::fs::copy(
            shared.join("golden").join(name).join(header),
            include.join(header),
        )
        .unwrap();
        builds_golden("date_h", &format!("header include/{header}"));
    }
}

#[test]
fn the_level_format_not_the_version_number_says_the_language() {
    // notnotdNetHack's VERSION_MAJOR is 2025, and it is of the 3.4.3
    // family: its sp_lev.h, not its version, decides.
    if !have_cc() {
        return;
    }
    let tmp = TempDir::new("version-2025");
    let root = fixture_copy(&tmp);
    let patchlevel = root.join("include/patchlevel.h");
    let text = std::fs::read_to_string(&patchlevel).unwrap();
    std::fs::write(
        &patchlevel,
        text.replace("#define VERSION_MAJOR 0", "#define VERSION_MAJOR 2025"),
    )
    .unwrap();
    let game = Game::from_tree(&root, &TreeOptions::new()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.dialect(), levbuild::des::Dialect::NetHack343);
    assert_eq!(game.version(), "2025.1.2");
    let words = game.version_info(Layout::host()).unwrap();
    assert_eq!(words.len(), 4, "the 3.4.3 family's four header words");
    if Layout::host().model == levbuild::DataModel::Lp64 {
        // makedefs' `unsigned long` arithmetic keeps every bit on LP64.
        assert_eq!(words[0], 2025 << 24 | 1 << 16 | 2 << 8);
    }
}
