//! What a game tree costs a build: reading a game's identity from its
//! tree with no cache (the C probe compiled and run), the first build with
//! the tree, and a no-op build with the tree beside a no-op build of the
//! same sources for the built-in game (the probe must not run again: the
//! difference is hashing the tree's files), and the same no-op build with
//! the game's identity file instead of its tree. Best of several runs, in
//! process. Run: `cargo bench --bench game_tree` (GruntHack 0.2.2's tree
//! when `LEVBUILD_TREES` holds it, else the project's fixture tree).

use std::path::{Path, PathBuf};
use std::time::Duration;

mod common;
use common::best;

use levbuild::{Build, Game, TreeOptions};

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.path().is_dir() {
            copy_tree(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::write(to.join(e.file_name()), std::fs::read(e.path()).unwrap()).unwrap();
        }
    }
}

fn main() {
    let real = std::env::var_os("LEVBUILD_TREES")
        .map(|d| PathBuf::from(d).join("grunthack-0.2.2"))
        .filter(|t| t.join("include").is_dir());
    let tree = real.clone().unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/tree/fixturehack")
    });
    let work = std::env::temp_dir().join(format!("levbuild-bench-game-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    let root = work.join("grunthack");
    copy_tree(&tree, &root);
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;

    let probe = best(
        3,
        || {},
        || {
            Game::from_tree(&root, &TreeOptions::new()).unwrap();
        },
    );
    let identity = work.join("game.txt");
    std::fs::write(
        &identity,
        Game::from_tree(&root, &TreeOptions::new())
            .unwrap()
            .to_identity(),
    )
    .unwrap();
    let build = |out: &str, with_tree: bool| {
        let mut b = Build::new();
        if with_tree {
            b.game(levbuild::GameSource::tree(&root));
        } else {
            b.source_dir(root.join("dat"));
        }
        if out.ends_with("file") {
            b.game(levbuild::GameSource::identity_file(&identity));
        }
        b.out_dir(work.join(out)).cargo_directives(false);
        b.try_compile().unwrap()
    };
    let mut n = 0;
    let first = best(
        3,
        || {},
        || {
            n += 1;
            build(&format!("cold{n}"), true);
        },
    );
    build("noop-tree", true);
    build("noop-plain", false);
    // Let the sources age past the window in which stamps are not trusted.
    std::thread::sleep(Duration::from_millis(150));
    build("noop-tree", true);
    build("noop-plain", false);
    let noop_tree = best(
        30,
        || {},
        || assert_eq!(build("noop-tree", true).compiled, 0),
    );
    let noop_plain = best(
        30,
        || {},
        || assert_eq!(build("noop-plain", false).compiled, 0),
    );
    build("noop-file", false);
    let noop_file = best(
        30,
        || {},
        || assert_eq!(build("noop-file", false).compiled, 0),
    );
    println!(
        "game tree ({}):",
        match real {
            Some(_) => "GruntHack 0.2.2: 25 sources, 127 outputs",
            None => "the fixture tree; set LEVBUILD_TREES for GruntHack 0.2.2's",
        }
    );
    println!(
        "  reading the identity, no cache (C probe compiled and run): {:.1} ms",
        ms(probe)
    );
    println!(
        "  first build with the tree (probe + compile + write):     {:.1} ms",
        ms(first)
    );
    println!(
        "  no-op build: with the tree {:.2} ms, built-in game {:.2} ms (difference {:.2} ms)",
        ms(noop_tree),
        ms(noop_plain),
        ms(noop_tree) - ms(noop_plain)
    );
    println!(
        "  no-op build with its identity file: {:.2} ms",
        ms(noop_file)
    );
    let _ = std::fs::remove_dir_all(&work);
}
