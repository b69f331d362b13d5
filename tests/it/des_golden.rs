//! The whole vanilla corpus compiles to the 113 golden `.lev` files, byte
//! for byte, for x86_64 (LP64) and i686 (ILP32), and with `-w` gives
//! exactly lev_comp's warnings.

use crate::common;

use levbuild::des::{self, Options};
use levbuild::diag::LegacyTool;
use levbuild::{Game, Layout};

/// Compiles the corpus for `layout` and compares every level with the
/// golden set `set` (113 levels), byte for byte, and checks that each
/// decodes back to the level it encodes.
fn corpus_matches(set: &str, layout: Layout) {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let golden = shared.join("golden").join(set);
    let opts = Options::default().with_layout(layout);
    let mut produced = Vec::new();
    let mut mismatches = Vec::new();
    for path in common::corpus_des_files(&shared) {
        let src = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let file = match des::compile_with(&src, &name, &opts) {
            Ok(f) => f,
            Err(d) => panic!("{name} failed:\n{d}"),
        };
        assert!(
            file.warnings.is_empty(),
            "{name}: unexpected warnings without -w:\n{}",
            file.warnings
        );
        for level in file.levels {
            let want = std::fs::read(golden.join(format!("{}.lev", level.name)))
                .unwrap_or_else(|e| panic!("{name}: no golden file for level {}: {e}", level.name));
            if want != level.bytes {
                mismatches.push(level.name.clone());
            }
            assert_eq!(
                des::decode(&level.bytes, &level.name, &Game::nethack_343(), layout).as_ref(),
                Ok(&level.level),
                "{}: decode(encode) differs",
                level.name
            );
            produced.push(level.name);
        }
    }
    assert!(
        mismatches.is_empty(),
        "{set}: {} levels differ from golden: {mismatches:?}",
        mismatches.len()
    );
    let golden_count = std::fs::read_dir(&golden)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "lev")
        })
        .count();
    assert_eq!(
        produced.len(),
        golden_count,
        "every golden level is produced exactly once"
    );
    assert_eq!(golden_count, 113);
}

#[test]
fn corpus_matches_golden_levels_byte_for_byte() {
    corpus_matches("nethack-3.4.3", Layout::LP64);
}

#[test]
fn corpus_for_i686_matches_the_ilp32_golden_levels() {
    corpus_matches("nethack-3.4.3-ilp32", Layout::ILP32);
}

#[test]
fn extra_warnings_match_lev_comp_w_output() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let want =
        std::fs::read_to_string(common::golden_dir(&shared).join("lev_comp-w.stderr.txt")).unwrap();
    let mut got = String::new();
    let opts = Options::default().with_extra_warnings(true);
    for path in common::corpus_des_files(&shared) {
        let src = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let file = des::compile_with(&src, &name, &opts).unwrap();
        for line in file.warnings.legacy_lines(LegacyTool::LevComp) {
            got.push_str(&line);
            got.push('\n');
        }
    }
    assert_eq!(got, want);
}
