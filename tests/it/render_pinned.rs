//! The `text` render of every vanilla NetHack 3.4.3 level and of a set of
//! NetHack 3.6.7 levels, pinned: each `.des` file of the corpus is
//! compiled, its blobs drawn (`render::blob`, as `levbuild render` and the
//! gallery draw them) and compared with `tests/data/render/GAME/FILE.txt`.
//! `LEVBUILD_BLESS=1` rewrites them (review the diff).
//!
//! A second test holds the pictures to their sources: every row of every
//! vanilla `MAP` block appears in its picture as the game draws it, where
//! nothing placed overlays a cell (its map characters through the tty
//! symbols of `drawing.c`, written out here), and verbatim in the text
//! where all its characters are their own symbols.
//!
//! A third draws the gallery of every game whose corpus levbuild builds
//! (with its identity file): every level has its section, none fails to
//! be drawn.

use std::path::{Path, PathBuf};

use levbuild::render::{self, Drawing, Format};
use levbuild::{des, Game, Layout};

use crate::common;

fn data_dir(game: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/render")
        .join(game)
}

fn blessing() -> bool {
    std::env::var_os("LEVBUILD_BLESS").is_some()
}

/// The drawings of one `.des` file compiled for `game`.
fn drawings(path: &Path, game: &std::sync::Arc<Game>) -> Vec<Drawing> {
    let bytes = std::fs::read(path).expect("corpus file readable");
    let source = levbuild::source_text(&bytes);
    let options = des::Options::for_game(game.clone()).with_layout(Layout::LP64);
    let file = path.file_name().unwrap().to_string_lossy().into_owned();
    let blobs = des::compile_levels(&source, &file, &options).expect("corpus file compiles");
    blobs
        .levels
        .iter()
        .map(|l| render::blob(&l.bytes, &l.name, &file, game, Layout::LP64).expect("reads back"))
        .collect()
}

/// Compares the text render of each of `files` with its pinned file,
/// or rewrites them when blessing; fails listing every difference.
fn check_pinned(game_dir: &str, game: std::sync::Arc<Game>, files: &[PathBuf]) {
    let dir = data_dir(game_dir);
    if blessing() {
        std::fs::create_dir_all(&dir).expect("render data dir");
    }
    let mut stale = Vec::new();
    for path in files {
        let text = Format::Text.write(&drawings(path, &game));
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let pinned = dir.join(format!("{stem}.txt"));
        if blessing() {
            std::fs::write(&pinned, &text).expect("write pinned render");
            continue;
        }
        match std::fs::read_to_string(&pinned) {
            Ok(want) if want == text => {}
            Ok(want) => {
                let line = want
                    .lines()
                    .zip(text.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or(want.lines().count().min(text.lines().count()));
                stale.push(format!(
                    "{}: differs from line {}",
                    pinned.display(),
                    line + 1
                ));
            }
            Err(e) => stale.push(format!("{}: {e}", pinned.display())),
        }
    }
    assert!(
        stale.is_empty(),
        "renders differ from their pinned text (LEVBUILD_BLESS=1 rewrites them; review the \
         diff):\n{}",
        stale.join("\n")
    );
}

#[test]
fn text_renders_of_every_vanilla_343_level_are_pinned() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let files = common::corpus_des_files(&shared);
    assert_eq!(files.len(), 24, "the vanilla corpus has 24 .des files");
    check_pinned("nethack-3.4.3", Game::nethack_343(), &files);
}

#[cfg(feature = "nethack36")]
#[test]
fn text_renders_of_a_set_of_367_levels_are_pinned() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let dat = common::corpus_dat_of(&shared, "nethack-3.6.7");
    let files: Vec<PathBuf> = [
        "bigroom.des",
        "castle.des",
        "medusa.des",
        "mines.des",
        "oracle.des",
        "sokoban.des",
        "tower.des",
        "Valkyrie.des",
    ]
    .iter()
    .map(|f| dat.join(f))
    .collect();
    check_pinned("nethack-3.6.7", Game::nethack_367(), &files);
}

/// How the game shows each 3.4.3 map character (`drawing.c`'s defsyms,
/// DECgraphics off): the characters a secret door may show as.
fn shown_as(c: char) -> &'static [char] {
    match c {
        ' ' | 'A' | 'H' => &[' '],
        '#' | 'C' | 'K' | 'T' | 'F' => &['#'],
        '.' | 'I' => &['.'],
        '-' | 'B' => &['-'],
        '|' => &['|'],
        'S' => &['|', '-'],
        '+' => &['+'],
        '{' => &['{'],
        '\\' => &['\\'],
        '}' | 'P' | 'L' | 'W' => &['}'],
        _ => &[],
    }
}

/// The `MAP` blocks of a 3.4.3 source, each as its rows, and whether its
/// level has `WALLIFY` (which lev_comp applies to the map it writes: stone
/// beside floor becomes wall).
fn map_blocks(source: &str) -> Vec<(Vec<String>, bool)> {
    let mut blocks: Vec<(Vec<String>, bool)> = Vec::new();
    let mut level_start = 0;
    let mut current: Option<Vec<String>> = None;
    for line in source.lines() {
        match (&mut current, line.trim_end()) {
            (None, "MAP") => current = Some(Vec::new()),
            (Some(_), "ENDMAP") => blocks.extend(current.take().map(|rows| (rows, false))),
            (Some(rows), _) => rows.push(line.to_string()),
            (None, l) if l.starts_with("MAZE") || l.starts_with("LEVEL") => {
                level_start = blocks.len()
            }
            (None, l) if l.starts_with("WALLIFY") => {
                for block in &mut blocks[level_start..] {
                    block.1 = true;
                }
            }
            (None, _) => {}
        }
    }
    blocks
}

#[test]
fn map_rows_appear_in_the_render_as_in_the_source() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let game = Game::nethack_343();
    let (mut cells, mut verbatim_rows) = (0, 0);
    for path in common::corpus_des_files(&shared) {
        let source = std::fs::read_to_string(&path).expect("corpus file readable");
        let drawings = drawings(&path, &game);
        let text = Format::Text.write(&drawings);
        let maps: Vec<&render::Picture> = (drawings.iter().flat_map(|d| &d.pictures))
            .filter(|p| p.title.contains("map ") && !p.title.contains("no map"))
            .collect();
        let blocks = map_blocks(&source);
        assert_eq!(
            maps.len(),
            blocks.len(),
            "{}: a picture per MAP",
            path.display()
        );
        for ((block, wallified), picture) in blocks.iter().zip(maps) {
            assert_eq!(picture.height, block.len(), "{}", path.display());
            for (y, row) in block.iter().enumerate() {
                let mut overlaid = false;
                for x in 0..picture.width {
                    let c = row.chars().nth(x).unwrap_or(' ');
                    let cell = picture.cell(x as i32, y as i32).unwrap();
                    if cell.entry.is_some() {
                        overlaid = true;
                        continue;
                    }
                    let walled = *wallified && c == ' ' && "-|".contains(cell.glyph);
                    assert!(
                        walled || shown_as(c).contains(&cell.glyph),
                        "{} row {y} column {x}: {c:?} drawn as {:?}",
                        path.display(),
                        cell.glyph
                    );
                    cells += 1;
                }
                let own = !wallified && row.chars().all(|c| shown_as(c) == [c]);
                if own && !overlaid {
                    let padded = format!("{row:<width$}", width = picture.width);
                    assert!(
                        text.lines().any(|l| l.ends_with(&format!(" {padded}"))),
                        "{}: MAP row {y} {row:?} is not a line of the render",
                        path.display()
                    );
                    verbatim_rows += 1;
                }
            }
        }
    }
    assert!(
        cells > 10_000 && verbatim_rows > 200,
        "{cells} cells, {verbatim_rows} rows"
    );
}

/// Every game levbuild builds from its corpus and identity file has its
/// gallery: every level drawn (none "not drawn"), each under its file.
/// (Several are 3.6-family games.)
#[cfg(feature = "nethack36")]
#[test]
fn every_supported_games_gallery_draws_every_level() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games");
    let cases: &[(&str, Option<&str>, usize)] = &[
        ("nethack-3.4.3", None, 113),
        ("nethack-3.6.7", Some("nethack-3.6.7"), 120),
        ("acehack-3.6.0", Some("acehack-3.6.0"), 113),
        ("dnethack-3.18.0", Some("dnethack-3.18.0"), 329),
        ("evilhack-0.9.3", Some("evilhack-0.9.3"), 233),
        ("grunthack-0.2.2", Some("grunthack-0.2.2"), 126),
        (
            "notnotdnethack-2025.05.16",
            Some("notnotdnethack-2025.05.16"),
            380,
        ),
        (
            "slashem-extended-1.6.5",
            Some("slashem-extended-1.6.5"),
            2852,
        ),
    ];
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("render-games");
    for &(corpus, identity, levels) in cases {
        let site = tmp.join(corpus);
        let mut build = levbuild::Build::new();
        build
            .source_dir(common::corpus_dat_of(&shared, corpus))
            .out_dir(site.join("levels"))
            .check_only(true)
            .cargo_directives(false)
            .gallery(&site);
        if let Some(g) = identity {
            build.game(levbuild::GameSource::identity_file(
                games.join(format!("{g}.game")),
            ));
        }
        let report = build
            .try_compile()
            .unwrap_or_else(|e| panic!("{corpus}: {e}"));
        assert_eq!(report.levels, levels, "{corpus}");
        let page = std::fs::read_to_string(site.join("index.html")).unwrap();
        assert_eq!(
            page.matches("<section class=\"level\"").count(),
            levels,
            "{corpus}: a section a level"
        );
        assert!(!page.contains("not drawn:"), "{corpus}: a level not drawn");
    }
    let _ = std::fs::remove_dir_all(&tmp);
}

/// A build that writes its blobs draws its gallery from them; built again
/// with nothing changed, it draws the same page from the blobs on disk.
#[test]
fn a_no_op_builds_gallery_is_drawn_from_the_blobs_on_disk() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let tmp = common::TempDir::new("render-no-op");
    let build = || {
        levbuild::Build::new()
            .source_dir(common::corpus_dat(&shared))
            .out_dir(tmp.path().join("levels"))
            .cargo_directives(false)
            .gallery(tmp.path().join("site"))
            .try_compile()
            .expect("the vanilla tree builds")
    };
    let first = build();
    assert!(tmp.path().join("levels/castle.lev").is_file());
    let page = std::fs::read_to_string(first.gallery.unwrap()).unwrap();
    let again = build();
    assert!(again.is_up_to_date(), "{again}");
    let same = std::fs::read_to_string(again.gallery.unwrap()).unwrap();
    assert_eq!(page.matches("<section class=\"level\"").count(), 113);
    assert!(page == same, "the no-op build's gallery is the same page");
}
