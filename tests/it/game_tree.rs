//! Game identities read from source trees: GruntHack's tree gives its own
//! golden files with and without its `date.h`, the vanilla tree gives
//! vanilla's, configuration changes follow through to tables, features and
//! header, a changed tree source rebuilds every level while an unchanged
//! tree never runs the C compiler again, and bad trees are clear errors.
#![cfg(feature = "cli")]

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::TempDir;
use levbuild::{Build, Game, Layout, TreeOptions};

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

/// Copies a directory tree; a `dat` that git checked out as a link file is
/// copied as the directory it names.
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let mut src = e.path();
        if e.file_name() == "dat" && src.is_file() {
            let link = std::fs::read_to_string(&src).unwrap();
            src = from.join(link.trim());
        }
        if src.is_dir() {
            copy_tree(&src, &to.join(e.file_name()));
        } else {
            std::fs::copy(&src, to.join(e.file_name())).unwrap();
            let mut perms = std::fs::metadata(to.join(e.file_name()))
                .unwrap()
                .permissions();
            #[allow(clippy::permissions_set_readonly_false)]
            perms.set_readonly(false);
            std::fs::set_permissions(to.join(e.file_name()), perms).unwrap();
        }
    }
}

/// A writable copy of `trees/NAME`.
fn tree_copy(shared: &Path, name: &str, tmp: &TempDir) -> PathBuf {
    let root = tmp.path().join(name);
    copy_tree(&shared.join("trees").join(name), &root);
    root
}

/// How many outputs of `golden/SET/MANIFEST.tsv` are in `out` (anywhere
/// below it) with the recorded sha256, and how many there are.
fn golden_matches(shared: &Path, set: &str, out: &Path) -> (usize, usize) {
    let manifest =
        std::fs::read_to_string(shared.join("golden").join(set).join("MANIFEST.tsv")).unwrap();
    let golden = shared.join("golden").join(set);
    let (mut same, mut total) = (0, 0);
    for line in manifest.lines().skip(1) {
        let output = line.split('\t').nth(1).unwrap();
        if output == "dungeon.pdf" {
            continue;
        }
        total += 1;
        let want = std::fs::read(golden.join(output)).unwrap();
        if std::fs::read(out.join(output)).is_ok_and(|got| got == want) {
            same += 1;
        }
    }
    (same, total)
}

fn levbuild(args: &[&str], tree: &Path, out: &Path, env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_levbuild"));
    cmd.args(args)
        .arg("--game-tree")
        .arg(tree)
        .arg("-o")
        .arg(out);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn grunthack_tree_gives_grunthacks_golden_files_with_and_without_date_h() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    if !have_cc() {
        return;
    }
    let tmp = TempDir::new("grunt");
    let root = tree_copy(&shared, "grunthack-0.2.2", &tmp);
    // Without date.h: the header is computed as GruntHack's makedefs -v does.
    let o = levbuild(&["build"], &root, &tmp.path().join("computed"), &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("computed as makedefs -v does"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        golden_matches(&shared, "grunthack-0.2.2", &tmp.path().join("computed")),
        (127, 127)
    );
    // With the date.h GruntHack's makedefs wrote.
    std::fs::copy(
        shared.join("golden/grunthack-0.2.2/date.h"),
        root.join("include/date.h"),
    )
    .unwrap();
    let o = levbuild(&["build"], &root, &tmp.path().join("date_h"), &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("header include/date.h"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        golden_matches(&shared, "grunthack-0.2.2", &tmp.path().join("date_h")),
        (127, 127)
    );
    // A GruntHack level decodes with GruntHack's names and header only.
    let game = Game::from_tree(&root, &TreeOptions::new()).unwrap();
    let bytes = std::fs::read(tmp.path().join("date_h/oracle.lev")).unwrap();
    levbuild::des::decode(&bytes, "oracle", &game, Layout::LP64).unwrap();
    assert!(levbuild::des::decode(&bytes, "oracle", &Game::nethack_343(), Layout::LP64).is_err());
    let dump = Command::new(env!("CARGO_BIN_EXE_levbuild"))
        .args(["dump", "--game-tree"])
        .arg(&root)
        .arg(tmp.path().join("date_h/oracle.lev"))
        .output()
        .unwrap();
    assert!(dump.status.success(), "{}", stderr(&dump));
    let text = String::from_utf8_lossy(&dump.stdout);
    assert!(text.contains("names (grunthack-0.2.2 0.2.2)"), "{text}");
}

#[test]
fn vanilla_tree_reads_as_the_built_in_game() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    if !have_cc() {
        return;
    }
    let root = shared.join("trees/nethack-3.4.3");
    let game = Game::from_tree(&root, &TreeOptions::new()).unwrap();
    let built_in = Game::nethack_343();
    assert!(game.monsters().eq(built_in.monsters()));
    assert!(game.objects().eq(built_in.objects()));
    assert_eq!(
        game.version_info(Layout::LP64),
        built_in.version_info(Layout::LP64)
    );
    assert_eq!(game.features(), built_in.features());
    assert_eq!(game.version(), "3.4.3");
    // Its dat/ (a link git checked out as a file) builds the golden set.
    let out = TempDir::new("vanilla-tree");
    let o = levbuild(&["build"], &root, out.path(), &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        golden_matches(&shared, "nethack-3.4.3", out.path()),
        (114, 114)
    );
}

#[test]
fn configuration_changes_reach_tables_features_and_header() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    if !have_cc() {
        return;
    }
    let tmp = TempDir::new("config");
    let root = tree_copy(&shared, "nethack-3.4.3", &tmp);
    let config = root.join("include/config.h");
    let text = std::fs::read_to_string(&config).unwrap();
    let off = text
        .replace("#define TOURIST", "/* #define TOURIST */")
        .replace("#define REINCARNATION", "/* #define REINCARNATION */");
    assert_ne!(off, text, "config.h defines TOURIST and REINCARNATION");
    std::fs::write(&config, off).unwrap();
    let game = Game::from_tree(&root, &TreeOptions::new()).unwrap();
    let vanilla = Game::nethack_343();
    assert_eq!(game.monster_id("tourist", None), None);
    assert_eq!(vanilla.monster_id("tourist", None).map(|_| ()), Some(()));
    assert_eq!(game.object_id("expensive camera", None), None);
    // Entries after the removed ones shift down.
    assert!(game.object_id("magic marker", None) < vanilla.object_id("magic marker", None));
    assert!(!game.features().is_defined("REINCARNATION"));
    let features = game.version_info(Layout::LP64)[1];
    assert_eq!(features & (1 << 10), 0, "TOURIST bit");
    assert_eq!(features & (1 << 1), 0, "REINCARNATION bit");
    // The dungeon drops the %REINCARNATION level.
    let dungeon = levbuild::dungeon::compile(
        &std::fs::read_to_string(root.join("dat/dungeon.def")).unwrap(),
        "dungeon.def",
        &levbuild::dungeon::Options {
            game: std::sync::Arc::new(game),
            layout: Layout::LP64,
        },
    )
    .unwrap();
    assert!(!dungeon.dungeon.all_levels().any(|l| l.name == "rogue"));
}

#[test]
fn a_changed_tree_source_rebuilds_every_level_and_an_unchanged_tree_runs_no_compiler() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    if !have_cc() {
        return;
    }
    let tmp = TempDir::new("rebuild");
    let root = tree_copy(&shared, "grunthack-0.2.2", &tmp);
    let out = tmp.path().join("out");
    let build = || {
        Build::new()
            .game_tree(&root)
            .out_dir(&out)
            .cargo_directives(false)
            .try_compile()
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let first = build();
    assert_eq!(first.compiled, first.sources);
    assert!(
        first.games[0].contains("grunthack-0.2.2 0.2.2"),
        "{:?}",
        first.games
    );
    let oracle = std::fs::read(out.join("oracle.lev")).unwrap();

    // No-op: no C compiler is needed (CC points nowhere, through the CLI).
    let o = levbuild(&["build"], &root, &out, &[("CC", "/nonexistent/cc")]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("0 compiled"), "{}", stderr(&o));

    // A comment only changes the tree's hash: the probe runs again but the
    // identity, and so every level, is the same.
    let monst = root.join("src/monst.c");
    let text = std::fs::read_to_string(&monst).unwrap();
    std::fs::write(&monst, format!("{text}\n/* x */\n")).unwrap();
    let second = build();
    assert_eq!(second.compiled, 0, "same identity, cached results");
    assert_eq!(std::fs::read(out.join("oracle.lev")).unwrap(), oracle);
    // Renaming a monster changes the tables: every level is rebuilt.
    std::fs::write(&monst, text.replacen("\"jackal\"", "\"jackalwere\"", 1)).unwrap();
    let third = build();
    assert_eq!(third.compiled, third.sources);
}

#[test]
fn bad_trees_are_clear_errors() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    if !have_cc() {
        return;
    }
    let tmp = TempDir::new("bad");
    let out = tmp.path().join("out");

    // Not a tree.
    let empty = tmp.path().join("empty");
    std::fs::create_dir_all(empty.join("dat")).unwrap();
    let o = levbuild(&["build"], &empty, &out, &[]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("missing include/config.h"),
        "{}",
        stderr(&o)
    );

    // No C compiler.
    let root = tree_copy(&shared, "grunthack-0.2.2", &tmp);
    let o = levbuild(
        &["build", "--no-cache"],
        &root,
        &out,
        &[("CC", "/nonexistent/cc")],
    );
    assert!(!o.status.success());
    assert!(stderr(&o).contains("set CC"), "{}", stderr(&o));

    // C that does not compile: the compiler's own error is shown.
    let decl = root.join("src/decl.c");
    let good = std::fs::read_to_string(&decl).unwrap();
    std::fs::write(&decl, format!("{good}\nthis is not C;\n")).unwrap();
    let o = levbuild(&["build"], &root, &out, &[]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("does not compile"), "{}", stderr(&o));
    assert!(stderr(&o).contains("decl.c"), "{}", stderr(&o));
    std::fs::write(&decl, good).unwrap();

    // A date.h that does not parse.
    std::fs::write(
        root.join("include/date.h"),
        "#define VERSION_NUMBER 0x00020200UL\n#define VERSION_FEATURES soon\n",
    )
    .unwrap();
    let o = levbuild(&["build"], &root, &out, &[]);
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("include/date.h does not parse: VERSION_FEATURES is \"soon\""),
        "{}",
        stderr(&o)
    );

    assert!(!out.join("oracle.lev").exists(), "no error writes anything");
}

#[test]
fn a_36_tree_builds_in_the_36_language_with_its_own_header() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    if !have_cc() {
        return;
    }
    let tmp = TempDir::new("nh367");
    let root = tree_copy(&shared, "nethack-3.6.7", &tmp);
    // Without date.h: the five header words are computed as 3.6.7's
    // makedefs -v computes them.
    let out = tmp.path().join("computed");
    let o = levbuild(&["build"], &root, &out, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("the 3.6 level language"),
        "{}",
        stderr(&o)
    );
    assert_eq!(golden_matches(&shared, "nethack-3.6.7", &out), (121, 121));
    // With 3.6.7's date.h, whose VERSION_SANITY3 is the fifth word.
    std::fs::copy(
        shared.join("golden/nethack-3.6.7/date.h"),
        root.join("include/date.h"),
    )
    .unwrap();
    let out = tmp.path().join("date_h");
    let o = levbuild(&["build"], &root, &out, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(golden_matches(&shared, "nethack-3.6.7", &out), (121, 121));
}

#[test]
fn each_level_set_can_have_its_own_game() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    if !have_cc() {
        return;
    }
    let tmp = TempDir::new("two-games");
    let grunt = tree_copy(&shared, "grunthack-0.2.2", &tmp);
    let vanilla = tree_copy(&shared, "nethack-3.4.3", &tmp);
    let out = tmp.path().join("out");
    let report = Build::new()
        .source_dir(vanilla.join("dat"))
        .source_dir_for_game(grunt.join("dat"), &grunt)
        .out_dir(&out)
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
fn the_header_is_computed_for_the_games_target() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    if !have_cc() {
        return;
    }
    // i686 code runs here when the multilib C library is installed (CI
    // installs gcc-multilib).
    let options = TreeOptions::new().target("i686-unknown-linux-gnu");
    let game = match Game::from_tree(&shared.join("trees/nethack-3.4.3"), &options) {
        Ok(game) => game,
        Err(e) if e.to_string().contains("does not compile") => {
            common::skip(&format!("no i686 C library (gcc-multilib): {e}"));
            return;
        }
        Err(e) => panic!("{e}"),
    };
    assert_eq!(
        game.version_info(Layout::ILP32),
        Game::nethack_343().version_info(Layout::ILP32)
    );
    assert!(game.header_origin().contains("i686-unknown-linux-gnu"));
}

#[test]
fn the_built_in_367_header_is_the_one_its_tree_computes_for_i686() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    if !have_cc() {
        return;
    }
    let options = TreeOptions::new().target("i686-unknown-linux-gnu");
    let game = match Game::from_tree(&shared.join("trees/nethack-3.6.7"), &options) {
        Ok(game) => game,
        Err(e) if e.to_string().contains("does not compile") => {
            common::skip(&format!("no i686 C library (gcc-multilib): {e}"));
            return;
        }
        Err(e) => panic!("{e}"),
    };
    assert_eq!(
        game.version_info(Layout::ILP32),
        Game::nethack_367().version_info(Layout::ILP32)
    );
    // LLP64's words are derived (see Game::version_info); they keep
    // makedefs' 32-bit arithmetic.
    assert!(Game::nethack_367()
        .version_info(Layout::LLP64)
        .iter()
        .all(|&w| w <= u64::from(u32::MAX)));
}
