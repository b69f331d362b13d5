//! Builds and runs `tests/fixture`, a crate that uses levbuild from a real
//! `build.rs` (blobs and index in `$OUT_DIR/levels`, the C table compiled
//! with `cc` and linked), includes the generated module with
//! `levbuild::include_levels!` under `#![deny(warnings)]` and checks that
//! the embedded blobs decode.

#[path = "it/common/mod.rs"]
mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use levbuild::Layout;

/// `cargo ARGS` in `dir`, sharing one target directory with the other
/// fixture builds (and without the caller's RUSTFLAGS).
fn cargo_in(dir: &Path, args: &[&str]) -> std::process::Output {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .current_dir(dir)
        .args(args)
        .env("CARGO_TARGET_DIR", root.join("target/fixture"))
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs")
}

#[test]
fn build_script_fixture_builds_and_runs() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let out = cargo_in(
        &root.join("tests/fixture"),
        &["run", "--offline", "--quiet"],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "fixture failed:\n{stderr}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "fixture ok: 2 levels\n"
    );
    build_script_for_i686_embeds_ilp32_blobs(&root);
    fixture_runs_on_an_installed_32_bit_target(&root);
    build_script_errors_read_as_errors(&root);
    build_script_warnings_keep_their_name_and_hint(&root);
    build_script_refuses_an_empty_source_dir(&root);
    build_script_prints_its_summary_where_cargo_vv_shows_it(&root);
}

/// The build script's one-line summary is a plain line of its standard
/// output (which `cargo build -vv` shows), not a `cargo:warning`.
fn build_script_prints_its_summary_where_cargo_vv_shows_it(root: &Path) {
    let script = newest_build_script(root);
    let tmp = common::TempDir::new("fixture-summary");
    let crate_dir = tmp.path().join("fixture");
    common::copy_dir(&root.join("tests/fixture/dat"), &crate_dir.join("dat"));
    let out_dir = tmp.path().join("out");
    let out = run_build_script(&script, &crate_dir, &out_dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: Vec<&str> = stdout
        .lines()
        .filter(|l| l.contains("levbuild: "))
        .collect();
    assert_eq!(summary.len(), 1, "{stdout}");
    assert!(
        summary[0].starts_with("levbuild: 3 file(s) in 1 level set(s): 3 compiled, 0 from cache; "),
        "{stdout}"
    );
    assert!(
        summary[0].contains(&format!("({})", out_dir.join("levels").display())),
        "{stdout}"
    );
}

/// The fixture's build script with its environment from Cargo, in `dir`.
fn run_build_script(script: &Path, dir: &Path, out_dir: &Path) -> std::process::Output {
    std::fs::create_dir_all(out_dir).unwrap();
    Command::new(script)
        .current_dir(dir)
        .env("OUT_DIR", out_dir)
        .env("CARGO_MANIFEST_DIR", dir)
        .env("TARGET", "x86_64-unknown-linux-gnu")
        .env("HOST", "x86_64-unknown-linux-gnu")
        .env("CARGO_PKG_NAME", "fixture")
        .env("OPT_LEVEL", "0")
        .env("DEBUG", "false")
        .env("PROFILE", "debug")
        .env("NUM_JOBS", "2")
        .output()
        .expect("the build script runs")
}

/// A build script whose `dat/` holds no level (moved, mistyped, not yet
/// checked out) fails, naming the directory and `allow_empty`, instead of
/// building nothing successfully.
fn build_script_refuses_an_empty_source_dir(root: &Path) {
    let script = newest_build_script(root);
    let tmp = common::TempDir::new("fixture-empty");
    let crate_dir = tmp.path().join("fixture");
    std::fs::create_dir_all(crate_dir.join("dat")).unwrap();
    std::fs::write(crate_dir.join("dat/README"), "levels go here\n").unwrap();
    let out = run_build_script(&script, &crate_dir, &tmp.path().join("out"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success(),
        "an empty dat/ built:\n{stdout}{stderr}"
    );
    assert!(
        stderr.contains("dat: no level (`*.des`) or dungeon (`*.def`) file found")
            && stderr.contains("allow_empty(true)"),
        "{stdout}{stderr}"
    );
}

/// The fixture's compiled build script, run on a copy of its levels with
/// a misspelt monster: the warning is one `cargo:warning=` line with its
/// name and its hint.
fn build_script_warnings_keep_their_name_and_hint(root: &Path) {
    let script = newest_build_script(root);
    let tmp = common::TempDir::new("fixture-warnings");
    let crate_dir = tmp.path().join("fixture");
    common::copy_dir(&root.join("tests/fixture/dat"), &crate_dir.join("dat"));
    let tower = std::fs::read_to_string(crate_dir.join("dat/tower.des")).unwrap();
    std::fs::write(
        crate_dir.join("dat/tower.des"),
        tower.replace("\"bat\"", "\"bta\""),
    )
    .unwrap();
    let out_dir = tmp.path().join("out");
    std::fs::create_dir_all(&out_dir).unwrap();
    let out = Command::new(&script)
        .current_dir(&crate_dir)
        .env("OUT_DIR", &out_dir)
        .env("CARGO_MANIFEST_DIR", &crate_dir)
        .env("TARGET", "x86_64-unknown-linux-gnu")
        .env("HOST", "x86_64-unknown-linux-gnu")
        .env("CARGO_PKG_NAME", "fixture")
        .env("OPT_LEVEL", "0")
        .env("DEBUG", "false")
        .env("PROFILE", "debug")
        .env("NUM_JOBS", "2")
        .output()
        .expect("the build script runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = stdout
        .lines()
        .find(|l| l.contains("tower.des:12:"))
        .unwrap_or_else(|| panic!("no warning line:\n{stdout}"));
    assert!(
        line.starts_with("cargo:warning=")
            && line.contains(": warning[invalid-monster-name]: Invalid monster name!")
            && line.ends_with("; help: did you mean \"bat\"?"),
        "{line}"
    );
}

/// The fixture's compiled build script, run on a broken copy of its
/// levels: with a Cargo that knows `cargo::error` (1.84+) each error is
/// one, with an older Cargo (a stand-in that says 1.80) a warning line.
fn build_script_errors_read_as_errors(root: &Path) {
    let script = newest_build_script(root);
    let tmp = common::TempDir::new("fixture-errors");
    let crate_dir = tmp.path().join("fixture");
    common::copy_dir(&root.join("tests/fixture/dat"), &crate_dir.join("dat"));
    std::fs::write(
        crate_dir.join("dat/tower.des"),
        "MAZE: \"tower\", ' '\nBOGUS\n",
    )
    .unwrap();
    let old_cargo = tmp.path().join("old-cargo");
    std::fs::write(&old_cargo, "#!/bin/sh\necho 'cargo 1.80.0 (stand-in)'\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&old_cargo, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let real_cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    for (cargo, directive) in [
        (real_cargo.as_str(), "cargo::error="),
        (old_cargo.to_str().unwrap(), "cargo:warning="),
    ] {
        let out_dir = tmp.path().join("out");
        let _ = std::fs::remove_dir_all(&out_dir);
        std::fs::create_dir_all(&out_dir).unwrap();
        let out = Command::new(&script)
            .current_dir(&crate_dir)
            .env("CARGO", cargo)
            .env("OUT_DIR", &out_dir)
            .env("CARGO_MANIFEST_DIR", &crate_dir)
            .env("TARGET", "x86_64-unknown-linux-gnu")
            .env("HOST", "x86_64-unknown-linux-gnu")
            .env("CARGO_PKG_NAME", "fixture")
            .output()
            .expect("the build script runs");
        assert!(!out.status.success(), "a broken level fails the build");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let line = stdout
            .lines()
            .find(|l| l.contains("tower.des:2:1: error: syntax error"))
            .unwrap_or_else(|| panic!("no error line:\n{stdout}"));
        assert!(line.starts_with(directive), "with {cargo}: {line}");
    }
}

/// The most recently built build script of the fixture (of its package:
/// the other tests build crates into the same target directory at the
/// same time, and a dependency's script may be newer).
fn newest_build_script(root: &Path) -> PathBuf {
    std::fs::read_dir(root.join("target/fixture/debug/build"))
        .expect("the fixture's build scripts were built")
        .map(|e| e.unwrap().path())
        .filter(|dir| {
            dir.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("levbuild-fixture-"))
        })
        .map(|dir| dir.join("build-script-build"))
        .filter(|p| p.is_file())
        .max_by_key(|p| p.metadata().and_then(|m| m.modified()).ok())
        .expect("a fixture build script")
}

/// The fixture's compiled build script, run with the environment Cargo
/// gives a build script for an i686 target, writes ILP32 blobs and says so
/// in the index (and compiles `levels.c` for that target with `cc`).
fn build_script_for_i686_embeds_ilp32_blobs(root: &Path) {
    let script = newest_build_script(root);
    let out_dir = root.join("target/fixture/i686-out");
    let _ = std::fs::remove_dir_all(&out_dir);
    std::fs::create_dir_all(&out_dir).unwrap();
    let out = Command::new(&script)
        .current_dir(root.join("tests/fixture"))
        .env("OUT_DIR", &out_dir)
        .env("CARGO_MANIFEST_DIR", root.join("tests/fixture"))
        .env("TARGET", "i686-unknown-linux-gnu")
        .env("HOST", "x86_64-unknown-linux-gnu")
        .env("CARGO_CFG_TARGET_ARCH", "x86")
        .env("CARGO_CFG_TARGET_POINTER_WIDTH", "32")
        .env("CARGO_CFG_TARGET_ENDIAN", "little")
        .env("CARGO_CFG_TARGET_OS", "linux")
        .env("CARGO_CFG_TARGET_ENV", "gnu")
        .env("OPT_LEVEL", "0")
        .env("DEBUG", "false")
        .env("PROFILE", "debug")
        .env("NUM_JOBS", "2")
        .output()
        .expect("the build script runs");
    assert!(
        out.status.success(),
        "build script for i686 failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let levels = out_dir.join("levels");
    for name in ["tower", "crypt"] {
        let bytes = std::fs::read(levels.join(format!("{name}.lev"))).unwrap();
        levbuild::des::decode(&bytes, name, &levbuild::Game::nethack_343(), Layout::ILP32)
            .expect("an ILP32 blob");
        assert!(
            levbuild::des::decode(&bytes, name, &levbuild::Game::nethack_343(), Layout::LP64)
                .is_err()
        );
    }
    let rs = std::fs::read_to_string(levels.join("levels.rs")).unwrap();
    assert!(rs.contains("\"ILP32 little-endian\""), "{rs}");
}

/// With a 32-bit Rust target installed, the fixture builds and runs for it
/// (its `main` decodes the embedded blobs with its own layout).
fn fixture_runs_on_an_installed_32_bit_target(root: &Path) {
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    let Some(target) = installed
        .lines()
        .find(|t| t.starts_with("i686-unknown-linux"))
    else {
        common::skip_unavailable("no 32-bit Rust target installed: the fixture is not run as i686");
        return;
    };
    let out = cargo_in(
        &root.join("tests/fixture"),
        &["run", "--offline", "--quiet", "--target", target],
    );
    assert!(
        out.status.success(),
        "fixture for {target} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn xtask_example_builds_the_example_tree() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let out_dir = root.join("target/xtask-levels");
    let _ = std::fs::remove_dir_all(&out_dir);
    let out = cargo_in(
        &root,
        &[
            "run",
            "--offline",
            "--quiet",
            "--manifest-path",
            "build-support/xtask/Cargo.toml",
            "--",
            "levels",
            "examples/dat",
            &out_dir.to_string_lossy(),
        ],
    );
    assert!(
        out.status.success(),
        "xtask failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // It says what it compiles before it starts, then what it did.
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains(&format!(
            "xtask levels: compiling examples/dat into {}",
            out_dir.display()
        )),
        "{said}"
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

/// Two crates whose build scripts each link their own C level table, in
/// one program: each reads its own table (the symbols are prefixed with
/// the package name by default), and the link does not clash.
#[test]
fn two_crates_with_c_tables_link_into_one_program() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let work = root.join("target/fixture-two-crates");
    let _ = std::fs::remove_dir_all(&work);
    for (name, level) in [("alpha_levels", "aardvark"), ("beta_levels", "bee")] {
        let dir = work.join(name);
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::create_dir_all(dir.join("dat")).unwrap();
        std::fs::write(
            dir.join("dat/one.des"),
            format!("MAZE: \"{level}\", ' '\nGEOMETRY: center, center\nMAP\n...\nENDMAP\n"),
        )
        .unwrap();
        std::fs::write(
            dir.join("Cargo.toml"),
            format!(
                "[package]\nname = \"{name}\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\n\
                 [build-dependencies]\nlevbuild = {{ path = {:?} }}\n",
                root
            ),
        )
        .unwrap();
        std::fs::write(
            dir.join("build.rs"),
            "fn main() { levbuild::Build::new().source_dir(\"dat\").compile_c_index(true).compile(); }\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("src/lib.rs"),
            format!(
                "#[repr(C)]\npub struct Blob {{ name: *const std::ffi::c_char, data: *const u8, size: std::ffi::c_ulong }}\n\
                 extern \"C\" {{ static {name}_levbuild_levels: [Blob; 2]; }}\n\
                 pub fn first_level() -> &'static str {{\n\
                 unsafe {{ std::ffi::CStr::from_ptr({name}_levbuild_levels[0].name) }}.to_str().unwrap()\n}}\n"
            ),
        )
        .unwrap();
    }
    let app = work.join("app");
    std::fs::create_dir_all(app.join("src")).unwrap();
    std::fs::write(
        app.join("Cargo.toml"),
        "[package]\nname = \"app\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\n[workspace]\n\n\
         [dependencies]\nalpha_levels = { path = \"../alpha_levels\" }\nbeta_levels = { path = \"../beta_levels\" }\n",
    )
    .unwrap();
    std::fs::write(
        app.join("src/main.rs"),
        "fn main() { println!(\"{} {}\", alpha_levels::first_level(), beta_levels::first_level()); }\n",
    )
    .unwrap();
    // The fixture's lock file pins the same dependency versions.
    std::fs::copy(
        root.join("tests/fixture/Cargo.lock"),
        app.join("Cargo.lock"),
    )
    .unwrap();
    let out = cargo_in(&app, &["run", "--offline", "--quiet"]);
    assert!(
        out.status.success(),
        "two crates failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "aardvark bee\n");
}
