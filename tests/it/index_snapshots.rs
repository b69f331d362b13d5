//! The generated `levels.rs`, `levels.h`, `levels.c` and the data files
//! it includes (`levels.c.d/`) of a single-set
//! and of a multi-set tree, byte for byte against the files in
//! `tests/it/snapshots/`. A deliberate change of the generated code is
//! accepted by running the tests with `LEVBUILD_BLESS=1`, which rewrites
//! the snapshots (review them in the diff).

use crate::common::TempDir;
use std::path::{Path, PathBuf};

const TOWER: &str = "MAZE: \"tower\", ' '\nGEOMETRY: center, center\nMAP\n---\n|.|\n---\nENDMAP\n";
const CRYPT: &str = "LEVEL: \"crypt-1\"\nROOM: \"ordinary\", lit, random, random, random\n\
                     RANDOM_CORRIDORS\nLEVEL: \"crypt-2\"\n\
                     ROOM: \"ordinary\", lit, random, random, random\nRANDOM_CORRIDORS\n";
const DUNGEON: &str =
    "DUNGEON: \"D\" \"D\" (2, 0)\nLEVEL: \"tower\" \"T\" @ (1, 0)\nRNDLEVEL: \"crypt\" \"C\" @ (2, 0) 2\n";

fn set(root: &Path, name: &str, with_dungeon: bool) -> PathBuf {
    let dir = root.join(name);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("tower.des"), TOWER).unwrap();
    std::fs::write(dir.join("crypt.des"), CRYPT).unwrap();
    if with_dungeon {
        std::fs::write(dir.join("dungeon.def"), DUNGEON).unwrap();
    }
    dir
}

/// Builds `dirs` into a fresh output directory and compares (or, with
/// `LEVBUILD_BLESS`, writes) its index `files` with `snapshots/NAME/`. The
/// temporary directory's path, which the files name, reads `<tmp>`.
fn check(tmp: &TempDir, name: &str, dirs: &[PathBuf], files: &[&str]) {
    let out = tmp.path().join(format!("out-{name}"));
    let mut build = levbuild::Build::new();
    for d in dirs {
        build.source_dir(d);
    }
    build
        .out_dir(&out)
        .target(levbuild::Layout::LP64)
        .c_prefix("snap_")
        .cargo_directives(false)
        .try_compile()
        .unwrap();
    let snapshots = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/it/snapshots")
        .join(name);
    let bless = std::env::var_os("LEVBUILD_BLESS").is_some();
    let tmp_path = tmp.path().display().to_string();
    // Each levels.c with the data files it includes.
    let mut files: Vec<String> = files.iter().map(|f| f.to_string()).collect();
    for c in files.clone().iter().filter(|f| f.ends_with("levels.c")) {
        let data_dir = format!("{c}.d");
        let mut data: Vec<String> = std::fs::read_dir(out.join(&data_dir))
            .unwrap()
            .map(|e| format!("{data_dir}/{}", e.unwrap().file_name().to_string_lossy()))
            .collect();
        data.sort();
        assert!(!data.is_empty(), "{c} has no data files");
        files.extend(data);
    }
    for file in &files {
        let got = std::fs::read_to_string(out.join(file))
            .unwrap_or_else(|e| panic!("{file}: {e}"))
            .replace(&tmp_path, "<tmp>");
        let path = snapshots.join(file);
        if bless {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (run with LEVBUILD_BLESS=1 to create it)",
                path.display()
            )
        });
        assert!(
            got == want,
            "{name}/{file} differs from its snapshot; if the change is meant, rerun with \
             LEVBUILD_BLESS=1 and review the diff\n--- generated ---\n{got}"
        );
    }
}

#[test]
fn single_set_index_matches_its_snapshot() {
    let tmp = TempDir::new("snap-single");
    let dat = set(tmp.path(), "dat", true);
    check(
        &tmp,
        "single",
        &[dat],
        &["levels.rs", "levels.h", "levels.c"],
    );
}

#[test]
fn multi_set_index_matches_its_snapshot() {
    let tmp = TempDir::new("snap-multi");
    let a = set(tmp.path(), "vanilla", true);
    let b = set(tmp.path(), "variant", false);
    // One Rust module and header for the build, a C table per set.
    let files = [
        "levels.rs",
        "levels.h",
        "vanilla/levels.c",
        "variant/levels.c",
    ];
    check(&tmp, "multi", &[a, b], &files);
}
