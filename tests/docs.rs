//! The rendered documentation: `cargo doc` is free of warnings, and the
//! public types do not list foreign blanket impls such as `yansi`'s
//! `Paint`.

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
