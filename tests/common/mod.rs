//! Helpers shared by the integration tests: locating `../shared`.

#![allow(dead_code)]

use std::path::PathBuf;

/// `../shared` beside the project root, or `None` (after printing why the
/// calling test is skipped) when it is absent.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("shared");
    if dir.join("corpus").is_dir() && dir.join("golden").is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "skipped: {} not found (NetHack reference data lives beside the repo, never in it)",
            dir.display()
        );
        None
    }
}

/// The vanilla `dat/` directory of the corpus.
pub fn corpus_dat(shared: &std::path::Path) -> PathBuf {
    shared.join("corpus/nethack-3.4.3/dat")
}

/// The golden outputs directory.
pub fn golden_dir(shared: &std::path::Path) -> PathBuf {
    shared.join("golden/nethack-3.4.3")
}

/// Every `.des` file of the corpus, sorted by name.
pub fn corpus_des_files(shared: &std::path::Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dat(shared))
        .expect("corpus dir readable")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "des"))
        .collect();
    files.sort();
    files
}
