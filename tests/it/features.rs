//! The crate's feature layers: with `default-features = false` levbuild
//! is the level and dungeon models with `encode`/`decode` and depends on
//! nothing; `compile` adds the compilers; the default (`build`) adds the
//! tree build; `nethack36`, the 3.6 compiler and chumsky. Each layer compiles on its own and pulls in only its own
//! dependencies.

use std::path::PathBuf;
use std::process::Command;

fn cargo(args: &[&str]) -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .current_dir(&root)
        .args(args)
        .env("CARGO_TARGET_DIR", root.join("target/features"))
        // Every layer builds without a warning: a user's build shows them.
        .env("RUSTFLAGS", "-D warnings")
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The crates a feature set depends on (normal dependencies, this target).
fn dependencies(features: &[&str]) -> Vec<String> {
    let mut args = vec!["tree", "--offline", "-e", "normal", "--prefix", "none"];
    args.extend_from_slice(features);
    let mut deps: Vec<String> = cargo(&args)
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|name| name != "levbuild")
        .collect();
    deps.sort();
    deps.dedup();
    deps
}

#[test]
fn reading_levels_needs_no_dependency_and_each_layer_builds_alone() {
    assert_eq!(
        dependencies(&["--no-default-features"]),
        Vec::<String>::new()
    );
    let compile = dependencies(&["--no-default-features", "--features", "compile"]);
    assert!(compile.contains(&"ariadne".to_string()), "{compile:?}");
    // The 3.4.3-family compilers are statement tables on levbuild's own
    // matcher; only the 3.6 grammar is chumsky's.
    for absent in ["chumsky", "rayon", "walkdir", "blake3", "cc", "anyhow"] {
        assert!(
            !compile.iter().any(|d| d == absent),
            "{absent} in {compile:?}"
        );
    }
    let default = dependencies(&[]);
    assert!(default.contains(&"rayon".to_string()), "{default:?}");
    // The 3.6 compiler is asked for: no chumsky by default.
    assert!(!default.contains(&"chumsky".to_string()), "{default:?}");
    let with_36 = dependencies(&["--features", "nethack36"]);
    assert!(with_36.contains(&"chumsky".to_string()), "{with_36:?}");
    // The command line's own crates (its errors, its argument parser and
    // completions) are the `cli` feature's only.
    for cli_only in ["anyhow", "clap", "clap_complete"] {
        assert!(
            !default.iter().any(|d| d == cli_only),
            "{cli_only} is the CLI's only: {default:?}"
        );
    }
    // Every target (unit tests, integration tests and benchmarks declare
    // the features they need) and the doc examples, layer by layer.
    for layer in [
        &[][..],
        &["--features", "compile"][..],
        &["--features", "build"][..],
    ] {
        let mut check = vec![
            "check",
            "--offline",
            "--quiet",
            "--all-targets",
            "--no-default-features",
        ];
        check.extend_from_slice(layer);
        cargo(&check);
    }
    cargo(&[
        "test",
        "--offline",
        "--quiet",
        "--doc",
        "--no-default-features",
    ]);
}

#[test]
fn the_36_compiler_can_be_left_out_and_says_so() {
    let default = cargo(&[
        "tree",
        "--offline",
        "-e",
        "features",
        "-i",
        "levbuild",
        "--prefix",
        "none",
    ]);
    assert!(
        !default.contains("nethack36"),
        "not a default feature:\n{default}"
    );
    // The default build: the tree build without the 3.6 compiler, whose
    // dialect then gives an error naming the feature.
    let out = cargo(&["test", "--offline", "--quiet", "--lib", "without_nethack36"]);
    assert!(out.contains("2 passed"), "{out}");
}
