//! Builds and runs `tests/fixture`, a crate that uses levbuild from a real
//! `build.rs` (blobs and index in `$OUT_DIR/levels`, the C table compiled
//! with `cc` and linked), `include!`s the generated module under
//! `#![deny(warnings)]` and checks that the embedded blobs decode.

use std::path::PathBuf;
use std::process::Command;

#[test]
fn build_script_fixture_builds_and_runs() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(root.join("tests/fixture"))
        .args(["run", "--offline", "--quiet"])
        .env("CARGO_TARGET_DIR", root.join("target/fixture"))
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "fixture failed:\n{stderr}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "fixture ok: 2 levels\n"
    );
}

#[test]
fn xtask_example_builds_the_example_tree() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let out_dir = root.join("target/xtask-levels");
    let _ = std::fs::remove_dir_all(&out_dir);
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(&root)
        .args([
            "run",
            "--offline",
            "--quiet",
            "--manifest-path",
            "build-support/xtask/Cargo.toml",
            "--",
            "levels",
            "examples/dat",
        ])
        .arg(&out_dir)
        .env("CARGO_TARGET_DIR", root.join("target/fixture"))
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "xtask failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(report.contains("3 file(s) in 1 level set(s)"), "{report}");
    for f in [
        "lhouse.lev",
        "cellars.lev",
        "dungeon",
        "levels.rs",
        "levels.h",
        "levels.c",
    ] {
        assert!(out_dir.join(f).is_file(), "{f}");
    }
}
