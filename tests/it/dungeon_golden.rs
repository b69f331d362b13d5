//! The vanilla `dungeon.def` compiles to the golden `dungeon` file byte for
//! byte, and preprocessing alone gives the golden `dungeon.pdf`.

use crate::common;

use levbuild::dungeon;
use levbuild::{Game, Layout};

/// Compiles `source` (named `path` in diagnostics) for vanilla 3.4.3 and `layout`.
fn compile_for(
    source: &str,
    path: &str,
    layout: Layout,
) -> Result<dungeon::CompiledDungeon, levbuild::Diagnostics> {
    dungeon::compile(
        source,
        path,
        &dungeon::Options::default().with_layout(layout),
    )
}

#[test]
fn vanilla_dungeon_def_matches_golden() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let src = std::fs::read_to_string(common::corpus_dat(&shared).join("dungeon.def")).unwrap();
    let golden = common::golden_dir(&shared);
    let want_pdf = std::fs::read_to_string(golden.join("dungeon.pdf")).unwrap();
    let want = std::fs::read(golden.join("dungeon")).unwrap();

    let pdf = dungeon::preprocess(&src, "dungeon.def", &Game::nethack_343()).unwrap();
    assert_eq!(pdf, want_pdf);

    let out = compile_for(&src, "dungeon.def", Layout::LP64).unwrap_or_else(|d| panic!("{d}"));
    assert!(out.warnings.is_empty());
    assert!(out.bytes == want, "dungeon differs from golden");
    assert_eq!(
        dungeon::decode(&out.bytes, &Game::nethack_343(), Layout::LP64).unwrap(),
        out.dungeon
    );

    // The preprocessed text compiles to the same bytes.
    let again = compile_for(&want_pdf, "dungeon.pdf", Layout::LP64).unwrap();
    assert!(again.bytes == want);

    let d = &out.dungeon;
    assert_eq!(d.dungeons.len(), 8);
    assert_eq!(d.dungeons[0].name, "The Dungeons of Doom");
    let rogue = d.dungeons[0].levels.iter().find(|l| l.name == "rogue");
    assert!(
        rogue.is_some(),
        "the %REINCARNATION line is kept by default"
    );
}

#[test]
fn vanilla_dungeon_def_for_i686_matches_the_ilp32_golden() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let src = std::fs::read_to_string(common::corpus_dat(&shared).join("dungeon.def")).unwrap();
    let want = std::fs::read(shared.join("golden/nethack-3.4.3-ilp32/dungeon")).unwrap();
    let out = compile_for(&src, "dungeon.def", Layout::ILP32).unwrap_or_else(|d| panic!("{d}"));
    assert!(out.bytes == want, "ILP32 dungeon differs from golden");
    assert_eq!(
        dungeon::decode(&out.bytes, &Game::nethack_343(), Layout::ILP32).unwrap(),
        out.dungeon
    );
    // An LP64 reader refuses it: the header words are 4 bytes here.
    assert!(dungeon::decode(&out.bytes, &Game::nethack_343(), Layout::LP64).is_err());
}

#[test]
fn vanilla_levels_cover_every_level_the_dungeon_names() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let src = std::fs::read_to_string(common::corpus_dat(&shared).join("dungeon.def")).unwrap();
    let out = compile_for(&src, "dungeon.def", Layout::LP64).unwrap();
    let mut names = Vec::new();
    for path in common::corpus_des_files(&shared) {
        let text = std::fs::read_to_string(&path).unwrap();
        names.extend(
            levbuild::des::compile(&text, "x.des")
                .unwrap()
                .levels
                .into_iter()
                .map(|l| l.name),
        );
    }
    let missing = dungeon::missing_levels(&out.dungeon, names.iter().map(String::as_str));
    assert!(missing.is_empty(), "{missing:?}");
    // Without the big rooms, each variant is reported.
    let fewer = names
        .iter()
        .map(String::as_str)
        .filter(|n| !n.starts_with("bigrm"));
    let missing: Vec<String> = dungeon::missing_levels(&out.dungeon, fewer)
        .iter()
        .map(|m| m.level.clone())
        .collect();
    assert_eq!(
        missing,
        ["bigrm-1", "bigrm-2", "bigrm-3", "bigrm-4", "bigrm-5"]
    );
}
