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
    let mut blocks = Vec::new();
    let mut open: Option<Vec<String>> = None;
    for line in doc_lines {
        let fence = line.trim_start().starts_with("```");
        match (&mut open, fence) {
            (None, true) if line.contains("ignore") => open = Some(Vec::new()),
            (Some(_), true) => blocks.extend(open.take()),
            (Some(block), false) => block.push(line.to_string()),
            _ => {}
        }
    }
    blocks
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
    for file in ["README.md", "src/lib.rs", "src/build/mod.rs"] {
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
    assert_eq!(examples, 3, "the README's, include_levels!'s and Build's");
}
