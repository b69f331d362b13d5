//! Every warning has a name from `levbuild::diag::WARNINGS`: each name is
//! given by a small input that raises it, every warning of the corpora
//! (each game's `.des` files with `-w`, and its `dungeon.def`) has a listed
//! name, and a build's cross-check warnings are named too.

use crate::common;

use levbuild::des::{self, Dialect};
use levbuild::diag::{Diagnostics, WARNINGS};
use levbuild::{dungeon, Build, Game};

/// The names of the warnings of `d` (of a result, failed or not).
fn names(d: &Diagnostics) -> Vec<&'static str> {
    d.warnings()
        .map(|w| {
            w.code
                .unwrap_or_else(|| panic!("a warning without a name: {w:?}"))
        })
        .collect()
}

/// The warnings of a `.des` file compiled with `-w` for `dialect`'s game.
fn des_warnings(src: &str, dialect: Dialect) -> Diagnostics {
    let options = des::Options::for_game(Game::builtin(dialect)).with_extra_warnings(true);
    match des::compile_levels(src, "t.des", &options) {
        Ok(file) => file.warnings,
        Err(d) => d,
    }
}

/// The warnings of a `dungeon.def` compiled for `dialect`'s game.
fn dungeon_warnings(src: &str, dialect: Dialect) -> Diagnostics {
    let options = dungeon::Options::for_game(Game::builtin(dialect));
    match dungeon::compile(src, "dungeon.def", &options) {
        Ok(out) => out.warnings,
        Err(d) => d,
    }
}

const MAZE: &str = "MAZE: \"t\", ' '\nGEOMETRY: center, center\nMAP\n.....\n.+.|.\n.....\nENDMAP\n";
const MAZE36: &str = "MAZE: \"t\", ' '\nGEOMETRY: center, center\nMAP\n.....\n.....\nENDMAP\n";
const DUNGEON: &str = "DUNGEON: \"D\" \"D\" (25, 5)\n";

#[test]
fn each_warning_name_is_given_by_its_input() {
    use Dialect::{NetHack343 as V343, NetHack36 as V36};
    let many = "MONSTER: 'd', \"jackl\", random\n".repeat(201);
    let long_comment = format!("{DUNGEON}{:<255}#x\n", "LEVEL: \"a\" \"A\" @ (2, 3)");
    let cases: Vec<(&str, String, Option<Dialect>)> = vec![
        ("number-read-as", format!("{MAZE}TRAP: \"arrow\", (4294967297, 1)\n"), Some(V343)),
        ("value-does-not-fit", format!("{MAZE}TRAP: \"arrow\", (300, 1)\n"), Some(V343)),
        ("rest-of-file-ignored", format!("{MAZE}\u{e9}\n"), Some(V343)),
        ("too-many-warnings", format!("{MAZE}{many}"), Some(V343)),
        ("negative-register", format!("{MAZE}TRAP: \"arrow\", place[-2]\n"), Some(V343)),
        ("level-defined-twice", format!("{MAZE}{MAZE}"), Some(V343)),
        ("unknown-room-type", format!("{MAZE}REGION: (0,0,1,1), lit, \"kitchn\"\n"), Some(V343)),
        ("empty-map", "MAZE: \"m\", ' '\nGEOMETRY: center, center\nMAP\nENDMAP\n".into(), Some(V343)),
        ("map-without-endmap", format!("{MAZE}MAP\n..\n"), Some(V343)),
        (
            "single-cell-map-dropped",
            "MAZE: \"m\", ' '\nINIT_MAP: '.', ' ', true, true, lit, false\nGEOMETRY: center, center\nMAP\n.\nENDMAP\n".into(),
            Some(V343),
        ),
        ("invalid-fill-character", MAZE.replace("' '", "'Z'"), Some(V343)),
        ("rock-in-room", format!("{MAZE}REGION: (1,1,3,1), lit, \"ordinary\"\n"), Some(V343)),
        ("non-rock-edge", format!("{MAZE}REGION: (1,1,3,1), lit, \"ordinary\"\n"), Some(V343)),
        ("placed-in-wall", format!("{MAZE}TRAP: \"arrow\", (3,1)\n"), Some(V343)),
        ("map-parts-past-loader", format!("MAZE: \"t\", ' '\n{}", "NOMAP\n".repeat(10)), Some(V343)),
        (
            "room-name-length-wrapped",
            format!(
                "LEVEL: \"t\"\nROOM: \"ordinary\", lit, (1,1), (center,center), (5,5)\nNAME: \"{}\"\n",
                "n".repeat(65_538)
            ),
            Some(V343),
        ),
        ("invalid-monster-name", format!("{MAZE}MONSTER: 'd', \"jackl\", (0,0)\n"), Some(V343)),
        ("invalid-object-name", format!("{MAZE}OBJECT: ')', \"lng sword\", (0,0)\n"), Some(V343)),
        ("maze-filler-invalid-terrain", MAZE36.replace("' '", "'.'"), Some(V36)),
        (
            "humidity-flag-twice",
            format!("{MAZE36}OBJECT: random, random[dry, wet, dry]\n"),
            Some(V36),
        ),
        (
            "room-flags-from-alignment",
            "LEVEL: \"r\"\nROOM: \"ordinary\", lit, (1,1), (center,center), (5,5) {\n}\n".into(),
            Some(V36),
        ),
        (
            "unknown-room-type",
            "LEVEL: \"r\"\nROOM: \"ordinry\", lit, (1,1), (center,top), (5,5) {\n}\n".into(),
            Some(V36),
        ),
        ("no-dungeons", "# nothing\n".into(), None),
        (
            "protofile-twice",
            format!("{DUNGEON}PROTOFILE: \"longername\"\nPROTOFILE: \"ab\"\nLEVEL: \"a\" \"A\" @ (2, 3)\n"),
            None,
        ),
        ("describes-no-level", format!("{DUNGEON}LEVELDESC: roguelike\nLEVEL: \"a\" \"A\" @ (2, 3)\n"), None),
        (
            "describes-other-dungeon",
            format!("{DUNGEON}LEVEL: \"a\" \"A\" @ (2, 3)\nBRANCH: \"E\" @ (2,0)\nDUNGEON: \"E\" \"E\" (5, 0)\nLEVELDESC: roguelike\nLEVEL: \"c\" \"C\" @ (2,0)\n"),
            None,
        ),
        (
            "branch-from-probabilistic-level",
            "DUNGEON: \"A\" \"A\" (5, 0)\nLEVEL: \"a\" \"A\" @ (1, 0)\nDUNGEON: \"B\" \"B\" (5, 0)\nLEVEL: \"b\" \"B\" @ (1, 0)\nDUNGEON: \"C\" \"C\" (5, 0)\nLEVEL: \"x\" \"X\" @ (1,0)\nLEVEL: \"c\" \"C\" @ (2, 0) 50\nCHAINBRANCH: \"D\" \"c\" + (1,0)\nDUNGEON: \"D\" \"D\" (5,0)\n".into(),
            None,
        ),
        ("value-does-not-fit", format!("{DUNGEON}LEVEL: \"a\" \"A\" @ (2, 3)\nCHAINLEVEL: \"b\" \"B\" \"a\" + (1, 65537)\n"), None),
        (
            "feature-name-runs-on",
            "DUNGEON: \"D\" \"D\" (5, 0)\n%REINCARNATIONLEVEL: \"x\" \"y\" @ (1,1)\n".into(),
            None,
        ),
        ("long-line-piece", long_comment, None),
    ];
    let mut given: Vec<&str> = vec!["dungeon-missing-level"];
    for (name, src, dialect) in &cases {
        let d = match dialect {
            Some(dialect) => des_warnings(src, *dialect),
            None => dungeon_warnings(src, Dialect::NetHack343),
        };
        assert!(
            names(&d).contains(name),
            "{name} not given by:\n{src}\n{:?}",
            names(&d)
        );
        given.push(name);
    }
    // 3.6's makedefs drops the rest of the file after a long line.
    let long = format!(
        "{DUNGEON}# {}\nLEVEL: \"a\" \"A\" @ (2, 3)\n",
        "x".repeat(300)
    );
    assert!(names(&dungeon_warnings(&long, Dialect::NetHack36)).contains(&"rest-of-file-ignored"));
    let nul = format!("{DUNGEON}LEVEL: \"a\" \"A\" @ (2, 3)\0junk\n");
    assert!(names(&dungeon_warnings(&nul, Dialect::NetHack36)).contains(&"nul-drops-rest-of-line"));
    given.push("nul-drops-rest-of-line");
    // notnotdNetHack's altars name a god of its godlist.h.
    let nnd =
        Game::from_identity_file(&common::identity_file("notnotdnethack-2025.05.16")).unwrap();
    let options = des::Options::for_game(std::sync::Arc::new(nnd));
    let src = format!("{MAZE}ALTAR: (0,0), law, altar, \"Quetzalcoatl\"\nALTAR: (1,0), law, altar, \"Quetzlcoatl\"\n");
    let file = des::compile_levels(&src, "t.des", &options).unwrap();
    assert_eq!(
        names(&file.warnings),
        ["unknown-god"],
        "{:?}",
        file.warnings
    );
    given.push("unknown-god");
    // A game's map characters: dNetHack's lexer lets `N` into a map row,
    // which is no map character (stone); a NetHack 3.4.3 built without
    // SINKS reads `K` with a warning. (3.6's scanner lets no character
    // into a map that is no terrain.)
    for (game, c, name) in [
        ("dnethack-3.18.0", "N", "invalid-map-character"),
        ("nethack-3.4.3-nosinks", "K", "disabled-map-character"),
    ] {
        let options = des::Options::for_game(std::sync::Arc::new(
            Game::from_identity_file(&common::identity_file(game)).unwrap(),
        ));
        let src = MAZE.replace(".+.|.", &format!(".+{c}|."));
        let file = des::compile_levels(&src, "t.des", &options).unwrap();
        assert_eq!(names(&file.warnings), [name], "{:?}", file.warnings);
        given.push(name);
    }
    // EvilHack's lev_comp keeps a random vault's state until a LEVEL.
    let evilhack = Game::from_identity_file(&common::identity_file("evilhack-0.9.3")).unwrap();
    let options = des::Options::for_game(std::sync::Arc::new(evilhack));
    let src = "MAZE: \"a\", random\nFLAGS: rndvault\nMAZE: \"b\", random\n";
    let file = des::compile_levels(src, "t.des", &options).unwrap();
    assert_eq!(names(&file.warnings), ["random-vault-carried-over"]);
    given.push("random-vault-carried-over");
    let missing: Vec<&str> = WARNINGS
        .iter()
        .map(|(n, _)| *n)
        .filter(|n| !given.contains(n))
        .collect();
    assert!(missing.is_empty(), "no input gives {missing:?}");
}

#[test]
fn every_warning_of_the_corpora_has_a_listed_name() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let listed: Vec<&str> = WARNINGS.iter().map(|(n, _)| *n).collect();
    let mut seen: Vec<&str> = Vec::new();
    for game in std::fs::read_dir(shared.join("corpus")).unwrap() {
        let dat = game.unwrap().path().join("dat");
        let dialect = match dat.to_string_lossy().contains("nethack-3.6") {
            true => Dialect::NetHack36,
            false => Dialect::NetHack343,
        };
        for file in std::fs::read_dir(&dat).unwrap() {
            let path = file.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let src = levbuild::source_text(&std::fs::read(&path).unwrap()).into_owned();
            let d = match path.extension().and_then(|e| e.to_str()) {
                Some("des") => des_warnings(&src, dialect),
                _ if name == "dungeon.def" => dungeon_warnings(&src, dialect),
                _ => continue,
            };
            for code in names(&d) {
                assert!(
                    listed.contains(&code),
                    "{}: {code} is not listed",
                    path.display()
                );
                seen.push(code);
            }
        }
    }
    // The variants' names against vanilla tables, and -w, give some.
    assert!(seen.contains(&"invalid-monster-name"), "{seen:?}");
    assert!(seen.contains(&"rock-in-room"), "{seen:?}");
}

#[test]
fn a_builds_cross_check_warnings_are_named_and_can_be_allowed() {
    let tmp = common::TempDir::new("warning-names");
    let src = tmp.path().join("dat");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::write(
        src.join("dungeon.def"),
        "DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)\nLEVEL: \"gamma\" \"none\" @ (2, 0)\n",
    )
    .unwrap();
    std::fs::write(
        src.join("a.des"),
        format!("{MAZE}TRAP: \"arrow\", place[-2]\n"),
    )
    .unwrap();
    let out = tmp.path().join("out");
    let build = || {
        let mut b = Build::new();
        b.source_dir(&src).out_dir(&out).cargo_directives(false);
        b
    };
    let report = build().try_compile().unwrap();
    let mut codes: Vec<_> = report.warnings.iter().map(|w| w.code).collect();
    codes.sort();
    assert_eq!(
        codes,
        [Some("dungeon-missing-level"), Some("negative-register")]
    );
    assert!(
        report.warnings.iter().any(|w| w
            .to_string()
            .contains("dungeon.def: warning[dungeon-missing-level]: ")),
        "{:?}",
        report.warnings
    );
    // Silenced at report time: from the manifest (a no-op build), from
    // the cache and compiled alike, and warnings_into_errors spares them.
    for cache in [true, false] {
        let report = build()
            .cache(cache)
            .allow("dungeon-missing-level")
            .allow("negative-register")
            .warnings_into_errors(true)
            .try_compile()
            .unwrap();
        assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    }
    let e = build()
        .allow("dungeon-missing-level")
        .warnings_into_errors(true)
        .try_compile()
        .unwrap_err();
    assert!(
        matches!(e.kind(), levbuild::ErrorKind::WarningsDenied(w) if w.len() == 1),
        "{e}"
    );
    // The warnings are still cached: without allow they are back.
    assert_eq!(build().try_compile().unwrap().warnings.len(), 2);
    let e = build().allow("no-such-warning").try_compile().unwrap_err();
    assert!(
        e.to_string()
            .starts_with("unknown warning name `no-such-warning`; the warnings are: "),
        "{e}"
    );
    // A failing file's warnings are silenced too.
    std::fs::write(
        src.join("b.des"),
        format!("{MAZE}TRAP: \"arrow\", place[-2]\nBOGUS\n"),
    )
    .unwrap();
    let e = build()
        .allow("negative-register")
        .try_compile()
        .unwrap_err();
    assert!(
        e.diagnostics()
            .iter()
            .all(|d| d.warnings().next().is_none()),
        "{e}"
    );
}
