//! The documentation: `cargo doc` is free of warnings with every feature
//! and with none (a link to an item of a feature resolves, or is plain
//! text without it), the public types do not list foreign blanket impls
//! such as `yansi`'s `Paint`, and the examples that cannot be doc tests
//! are code that is compiled elsewhere.

use std::path::{Path, PathBuf};
use std::process::Command;

/// `cargo doc --no-deps ARGS` of this crate with warnings denied, in a
/// target directory of its own; the documentation directory.
fn cargo_doc(root: &Path, args: &[&str]) -> PathBuf {
    let target = root.join("target/doc-check");
    let out = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .current_dir(root)
        .args(["doc", "--offline", "--no-deps", "--lib"])
        .args(args)
        .env("CARGO_TARGET_DIR", &target)
        .env("RUSTDOCFLAGS", "-D warnings")
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo doc {args:?} failed or warned:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    target.join("doc/levbuild")
}

#[test]
fn docs_build_without_warnings_and_without_foreign_blanket_impls() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    cargo_doc(&root, &["--no-default-features"]);
    let doc = cargo_doc(&root, &["--all-features"]);
    for page in [
        "struct.Build.html",
        "struct.Report.html",
        "struct.Game.html",
    ] {
        let html = std::fs::read_to_string(doc.join(page)).expect(page);
        for foreign in ["impl-Paint-for-T", "impl-Fmt-for-T"] {
            assert!(!html.contains(foreign), "{page} lists {foreign}");
        }
    }
    // The front page is what a user needs to start, not the whole README
    // with its measurements and history (#35); `Build::game` names the
    // feature a 3.6 game's language needs.
    let front = std::fs::read_to_string(doc.join("index.html")).expect("index.html");
    for history in ["Performance", "mutants", "Architecture", "Drop-in"] {
        assert!(!front.contains(history), "the front page has {history}");
    }
    assert!(front.contains("nethack36") && front.contains("include_levels!"));
    let build = std::fs::read_to_string(doc.join("struct.Build.html")).unwrap();
    let game = &build[build.find("id=\"method.game\"").expect("Build::game")..];
    let game = &game[..game[1..].find("id=\"method.").unwrap_or(game.len())];
    assert!(
        game.contains("nethack36"),
        "Build::game does not name the feature"
    );
}

/// The fenced code blocks of a Markdown text: each one's info string
/// (`rust,ignore`) and lines.
fn code_blocks<'t>(lines: impl Iterator<Item = &'t str>) -> Vec<(String, Vec<String>)> {
    let mut blocks = Vec::new();
    let mut open: Option<(String, Vec<String>)> = None;
    for line in lines {
        let fence = line.trim_start().strip_prefix("```");
        match (&mut open, fence) {
            (None, Some(info)) => open = Some((info.to_string(), Vec::new())),
            (Some(_), Some(_)) => blocks.extend(open.take()),
            (Some((_, block)), None) => block.push(line.to_string()),
            (None, None) => {}
        }
    }
    blocks
}

/// The code blocks marked `ignore` in `text` (a Markdown file, or the doc
/// comments of a Rust file), each as its lines.
fn ignored_examples(text: &str, rust: bool) -> Vec<Vec<String>> {
    let doc_lines = text.lines().filter_map(|line| match rust {
        true => {
            let line = line.trim_start();
            let doc = line
                .strip_prefix("///")
                .or_else(|| line.strip_prefix("//!"))?;
            Some(doc.strip_prefix(' ').unwrap_or(doc))
        }
        false => Some(line),
    });
    code_blocks(doc_lines)
        .into_iter()
        .filter(|(info, _)| info.contains("ignore"))
        .map(|(_, lines)| lines)
        .collect()
}

/// The examples of `include_levels!` cannot be doc tests: only a crate
/// with a build script has the `OUT_DIR` it reads. Each of their lines but
/// comments is a line of `tests/fixture`, which `tests/fixture_crate.rs`
/// builds and runs.
#[test]
fn examples_that_are_not_doc_tests_are_the_fixture_crates_code() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let fixture: Vec<String> = ["tests/fixture/build.rs", "tests/fixture/src/main.rs"]
        .iter()
        .flat_map(|f| {
            let text = std::fs::read_to_string(root.join(f)).expect(f);
            text.lines()
                .map(|l| l.trim().to_string())
                .collect::<Vec<_>>()
        })
        .collect();
    let mut examples = 0;
    for file in [
        "README.md",
        "docs/crate.md",
        "src/lib.rs",
        "src/build/mod.rs",
    ] {
        let text = std::fs::read_to_string(root.join(file)).expect(file);
        for example in ignored_examples(&text, file.ends_with(".rs")) {
            for line in example.iter().map(|l| l.trim()) {
                if !line.is_empty() && !line.starts_with("//") {
                    assert!(
                        fixture.iter().any(|f| f == line),
                        "{file}: `{line}` is in no line of tests/fixture"
                    );
                }
            }
            examples += 1;
        }
    }
    assert_eq!(
        examples, 6,
        "the README's and the crate page's two (include_levels!, \
         levels::decode), include_levels!'s and Build's"
    );
}

/// The README's xtask, to be copied, is this repository's xtask (which
/// `tests/fixture_crate.rs` runs): its `src/main.rs` but for the lines a
/// doc test would hide (none), its `Cargo.toml` but for comments and where levbuild
/// comes from, and its alias but for the crate's place.
#[test]
fn readme_xtask_is_the_repository_xtask() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let read = |f: &str| std::fs::read_to_string(root.join(f)).expect(f);
    let readme = read("README.md");
    let blocks = code_blocks(readme.lines());
    let block = |info: &str, first: &str| {
        blocks
            .iter()
            .find(|(i, lines)| i == info && lines.iter().any(|l| l.contains(first)))
            .map(|(_, lines)| lines.clone())
            .unwrap_or_else(|| panic!("no {info} block with {first}"))
    };
    let code = |lines: Vec<String>| -> Vec<String> {
        lines
            .into_iter()
            .filter(|l| !l.trim().starts_with('#') && !l.trim().is_empty())
            .collect()
    };

    let main: Vec<String> = block("rust,no_run", "xtask levels")
        .into_iter()
        .filter(|l| l.trim() != "#" && !l.trim_start().starts_with("# "))
        .collect();
    let ours: Vec<String> = read("build-support/xtask/src/main.rs")
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(main, ours, "README's xtask/src/main.rs");

    let manifest = code(block("toml", "# xtask/Cargo.toml"));
    let ours =
        read("build-support/xtask/Cargo.toml").replace(r#"path = "../..""#, r#"version = "0.1""#);
    assert_eq!(
        manifest,
        code(ours.lines().map(String::from).collect()),
        "README's xtask/Cargo.toml"
    );

    let alias = code(block("toml", "xtask = "));
    let ours = read(".cargo/config.toml").replace("build-support/xtask", "xtask");
    assert_eq!(alias, code(ours.lines().map(String::from).collect()));
}

/// The README's Rust code is what a user pastes (#35): no line rustdoc
/// hides (`# …`: pasted, `# #[cfg(feature = "build")]` is a syntax error),
/// and no `cfg(feature = …)` (which, its `# ` deleted, would silently turn
/// the build off). Its blocks are doc tests as they are, compiled with the
/// features they need.
#[test]
fn readme_code_pastes_as_it_is() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let mut rust = 0;
    for (info, lines) in code_blocks(readme.lines()) {
        if !info.starts_with("rust") {
            continue;
        }
        rust += 1;
        for line in &lines {
            let t = line.trim_start();
            assert!(
                t != "#" && !t.starts_with("# "),
                "README: a line rustdoc hides: {line:?}"
            );
            assert!(
                !line.contains("cfg(feature"),
                "README: a feature cfg: {line:?}"
            );
        }
    }
    assert!(rust >= 6, "the README's Rust blocks: {rust}");
}

/// The README starts with the two commands a fresh clone runs (the main
/// job on the example tree, then the tests), and its measurements and
/// history live in files of their own, which it links (#35).
#[test]
fn readme_starts_with_the_two_commands_and_links_its_history() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let (info, first) = &code_blocks(readme.lines())[0];
    assert_eq!(info, "sh");
    assert_eq!(
        first,
        &[
            "cargo run --release --features cli -- build examples/dat -o target/levels",
            "cargo test --all-features",
        ]
    );
    for doc in [
        "docs/performance.md",
        "docs/drop-in.md",
        "docs/architecture.md",
    ] {
        assert!(readme.contains(&format!("]({doc})")), "README links {doc}");
        let text = std::fs::read_to_string(root.join(doc)).expect(doc);
        assert!(text.starts_with("# "), "{doc}");
    }
    let performance = std::fs::read_to_string(root.join("docs/performance.md")).unwrap();
    assert!(performance.contains("## Memory"));
    assert!(!readme.contains("## Memory") && !readme.contains("mutation_diff"));
}
