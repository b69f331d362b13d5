//! `levbuild render` and `levbuild gallery` from the command line: every
//! format of a `.des` and of a `.lev` file, one level of a file, and what
//! a bad file, format or level name is told (never a panic: the file,
//! line and column of an error).
#![cfg(feature = "cli")]

use crate::cli_lev_comp::{run_in, scratch, GOOD};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn render_draws_a_des_and_a_lev_file_in_every_format() {
    let dir = scratch("render");
    let source = format!("{GOOD}MONSTER: 'd', \"jackal\", (1,0)\nTRAP: \"magic\", (0,2)\n");
    std::fs::write(dir.join("good.des"), &source).unwrap();
    let o = run_in(&dir, &["render", "good.des"], None);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    // The map as the game shows it, with what is placed on it.
    assert!(out.contains("\n    0 .d.\n    1 .|.\n    2 ^..\n"), "{out}");
    assert!(out.contains("d (1,0): monster jackal"), "{out}");
    assert!(out.contains("region (0,0)-(2,2): ordinary, lit"), "{out}");
    let ansi = text(&run_in(&dir, &["render", "--format", "ansi", "good.des"], None).stdout);
    assert!(ansi.contains("\x1b[33md"), "a jackal is brown: {ansi:?}");
    let svg = text(&run_in(&dir, &["render", "--format", "svg", "good.des"], None).stdout);
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"")
            && svg.trim_end().ends_with("</svg>")
    );
    let html = text(&run_in(&dir, &["render", "--format", "html", "good.des"], None).stdout);
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("title=\"(1,0): monster jackal"));
    // The compiled file draws the same.
    let o = run_in(&dir, &["lev-comp", "good.des"], None);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let lev = text(&run_in(&dir, &["render", "good.lev"], None).stdout);
    assert_eq!(lev.replace("(good.lev)", "(good.des)"), out);
}

#[test]
fn render_refuses_what_it_cannot_draw() {
    let dir = scratch("render-bad");
    std::fs::write(
        dir.join("bad.des"),
        "MAZE: \"bad\", ' '\nMONSTER: 'd', \"jackal\", (1,0\n",
    )
    .unwrap();
    let o = run_in(&dir, &["render", "bad.des"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("bad.des:2:"),
        "{}",
        text(&o.stderr)
    );
    std::fs::write(dir.join("good.des"), GOOD).unwrap();
    let o = run_in(&dir, &["render", "--format", "png", "good.des"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("expected text, ansi, svg or html"));
    let o = run_in(&dir, &["render", "--level", "other", "good.des"], None);
    assert!(text(&o.stderr).contains("has no level \"other\" (its levels: good)"));
    std::fs::write(dir.join("junk.lev"), b"\x00\x01not a level").unwrap();
    let o = run_in(&dir, &["render", "junk.lev"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("junk.lev is not a valid .lev file"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn gallery_writes_one_page_of_every_level_and_the_dungeon() {
    let dir = scratch("gallery");
    std::fs::create_dir_all(dir.join("dat")).unwrap();
    std::fs::write(dir.join("dat/good.des"), GOOD).unwrap();
    std::fs::write(
        dir.join("dat/dungeon.def"),
        "DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)\nLEVEL: \"good\" \"none\" @ (2, 3)\n",
    )
    .unwrap();
    let o = run_in(&dir, &["gallery", "dat", "-o", "site"], None);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stderr).contains("1 level(s) of 2 file(s) drawn into site/index.html"));
    let page = std::fs::read_to_string(dir.join("site/index.html")).unwrap();
    assert!(page.contains("<section class=\"level\" data-name=\"good\""));
    assert!(
        page.contains("The Dungeons of Doom") && page.contains("href=\"#level-good_des-good\"")
    );
    assert!(
        !dir.join("site/good.lev").exists(),
        "the gallery writes no blob"
    );
}
