//! Hand-written `dungeon.def` inputs for what the vanilla file never uses,
//! and every reachable message, each checked on the decoded output or on
//! the message text and its line.

use levbuild::dungeon::{self, BranchKind, CompiledDungeon, Couple, Features};
use levbuild::{Diagnostics, Severity};
use levbuild::{Game, Layout};

fn compile(src: &str) -> CompiledDungeon {
    let out = dungeon::compile(
        src,
        "t.def",
        &dungeon::Options::default().with_layout(Layout::host()),
    )
    .unwrap_or_else(|d| panic!("{d}"));
    // Everything is checked on what the file decodes to.
    assert_eq!(
        dungeon::decode(&out.bytes, &Game::nethack_343(), Layout::host()).unwrap(),
        out.dungeon
    );
    out
}

fn errors(src: &str) -> Diagnostics {
    match dungeon::compile(
        src,
        "t.def",
        &dungeon::Options::default().with_layout(Layout::host()),
    ) {
        Ok(_) => panic!("expected errors for:\n{src}"),
        Err(d) => d,
    }
}

/// The (line, message) of every error.
fn messages(src: &str) -> Vec<(usize, String)> {
    let d = errors(src);
    assert!(d.iter().all(|d| d.severity == Severity::Error));
    d.iter().map(|d| (d.line, d.message.clone())).collect()
}

const HEAD: &str = "DUNGEON: \"Main\" \"M\" (20, 5)\n";

#[test]
fn dungeon_with_chance_and_descriptions() {
    let out = compile(
        "DUNGEON: \"Main\" \"M\" (20, 5)\nDUNGEON: \"Side\" \"none\" (3, 1) 60\nDESCRIPTION: roguelike\nDESCRIPTION: hellish\nALIGNMENT: lawful\nENTRY: -1\nPROTOFILE: \"side\"\n",
    );
    let d = &out.dungeon.dungeons;
    assert_eq!((d[0].chance, d[1].chance), (0, 60));
    assert_eq!(d[1].bones, None);
    assert_eq!(d[1].flags, 8 | 2 | 64);
    assert_eq!(d[1].entry, -1);
    assert_eq!(d[1].protofile, "side");
    assert_eq!(d[1].depth, Couple { base: 3, rand: 1 });
}

#[test]
fn level_forms_with_chance_and_random_variants() {
    let src = format!(
        "{HEAD}LEVEL: \"a\" \"A\" @ (2, 1) 50\nLEVEL: \"b\" \"none\" @ (5, 0)\nLEVELDESC: town\nLEVALIGN: chaotic\nRNDLEVEL: \"c\" \"C\" @ (-3, 2) 4\nRNDLEVEL: \"d\" \"D\" @ (7, 0) 30 3\nCHAINLEVEL: \"e\" \"E\" \"b\" + (1, 0) 75\nRNDCHLEVEL: \"f\" \"F\" \"b\" + (-1, 2) 6\nRNDCHLEVEL: \"g\" \"none\" \"b\" + (2, 0) 20 2\nCHAINLEVEL: \"h\" \"H\" \"b\" + (3, 1)\n"
    );
    let out = compile(&src);
    let l = &out.dungeon.dungeons[0].levels;
    let summary: Vec<_> = l
        .iter()
        .map(|l| (l.name.as_str(), l.chance, l.rndlevs, l.chain))
        .collect();
    assert_eq!(
        summary,
        [
            ("a", 50, 0, None),
            ("b", 100, 0, None),
            ("c", 100, 4, None),
            ("d", 30, 3, None),
            ("e", 75, 0, Some(1)),
            ("f", 100, 6, Some(1)),
            ("g", 20, 2, Some(1)),
            ("h", 100, 0, Some(1)),
        ]
    );
    assert_eq!(l[1].flags, 1 | 16);
    assert_eq!(l[2].at, Couple { base: -3, rand: 2 });
    assert_eq!(l[5].at, Couple { base: -1, rand: 2 });
    assert_eq!((l[0].bones, l[1].bones), (Some(b'A'), None));
}

#[test]
fn every_branch_type_and_direction() {
    let src = format!(
        "{HEAD}LEVEL: \"x\" \"X\" @ (5, 0)\nBRANCH: \"A\" @ (2, 0)\nBRANCH: \"B\" @ (3, 0) stair up\nBRANCH: \"C\" @ (4, 0) no_up\nBRANCH: \"D\" @ (5, 0) no_down down\nCHAINBRANCH: \"E\" \"x\" + (1, 0) portal up\nCHAINBRANCH: \"F\" \"x\" + (-1, 0)\n"
    );
    let out = compile(&src);
    let b = &out.dungeon.dungeons[0].branches;
    let summary: Vec<_> = b
        .iter()
        .map(|b| (b.dest.as_str(), b.kind, b.up, b.chain))
        .collect();
    assert_eq!(
        summary,
        [
            ("A", BranchKind::Stair, false, None),
            ("B", BranchKind::Stair, true, None),
            ("C", BranchKind::NoUp, false, None),
            ("D", BranchKind::NoDown, false, None),
            ("E", BranchKind::Portal, true, Some(0)),
            ("F", BranchKind::Stair, false, Some(0)),
        ]
    );
}

#[test]
fn chain_indices_count_levels_of_all_dungeons() {
    let src = "DUNGEON: \"One\" \"O\" (5, 0)\nLEVEL: \"a\" \"A\" @ (1, 0)\nLEVEL: \"b\" \"B\" @ (2, 0)\nDUNGEON: \"Two\" \"T\" (5, 0)\nLEVEL: \"c\" \"C\" @ (1, 0)\nLEVEL: \"d\" \"D\" @ (3, 0)\nCHAINLEVEL: \"e\" \"E\" \"d\" + (1, 0)\nCHAINBRANCH: \"Three\" \"c\" + (0, 0)\n";
    let out = compile(src);
    assert_eq!(out.dungeon.dungeons[1].levels[2].chain, Some(3));
    assert_eq!(out.dungeon.dungeons[1].branches[0].chain, Some(2));
}

#[test]
fn reincarnation_conditional_and_features() {
    let src = format!(
        "{HEAD}%REINCARNATION LEVEL: \"rogue\" \"R\" @ (15, 4)\nLEVEL: \"oracle\" \"O\" @ (5, 5)\n"
    );
    let on = compile(&src);
    let names: Vec<_> = on.dungeon.all_levels().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["rogue", "oracle"]);
    let off = dungeon::compile(
        &src,
        "t.def",
        &dungeon::Options::with_features(Features::default().undefine("REINCARNATION").clone())
            .with_layout(Layout::host()),
    )
    .unwrap();
    let names: Vec<_> = off.dungeon.all_levels().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["oracle"]);
    let game = Game::nethack_343().with_features(Features::default().undefine("REINCARNATION"));
    let pdf = dungeon::preprocess(&src, "t.def", &game).unwrap();
    assert!(!pdf.contains("rogue"));
    assert!(pdf.starts_with("#\tThis data file is generated by 'makedefs'.  Do not edit. \n"));
    // A feature of a variant.
    let custom = format!("{HEAD}%MYVARIANT LEVEL: \"extra\" \"none\" @ (3, 0)\n");
    let out = dungeon::compile(
        &custom,
        "t.def",
        &dungeon::Options::with_features(Features::default().define("MYVARIANT").clone())
            .with_layout(Layout::host()),
    )
    .unwrap();
    assert_eq!(out.dungeon.dungeons[0].levels[0].name, "extra");
}

#[test]
fn unknown_control_is_an_error_at_its_line() {
    let d = errors(&format!(
        "{HEAD}LEVEL: \"a\" \"A\" @ (1, 0)\n%NOSUCH LEVEL: \"b\" \"B\" @ (2, 0)\n"
    ));
    let e = d.iter().next().unwrap();
    assert_eq!(
        (e.line, e.column, e.message.as_str()),
        (3, 1, "Unknown control option '%NOSUCH'")
    );
}

#[test]
fn messages_point_into_the_original_file_after_preprocessing() {
    // Comment lines are dropped by the preprocessor; the error must still
    // name line 5 of the original, at the bones string.
    let src =
        "# one\n# two\nDUNGEON: \"Main\" \"M\" (20, 5)\n# three\nLEVEL: \"a\" \"AB\" @ (1, 0)\n";
    let d = errors(src);
    let e = d.iter().next().unwrap();
    assert_eq!((e.line, e.column), (5, 12));
    assert_eq!(
        e.message,
        "Bones marker must be a single char, or \"none\"!"
    );
}

#[test]
fn every_reachable_dgn_comp_message_with_its_line() {
    let cases: &[(&str, (usize, &str))] = &[
        ("LEVEL: \"a\" \"A\" @ (1, 0)\n", (1, "Level defined outside of dungeon.")),
        ("BRANCH: \"x\" @ (1, 0)\n", (1, "Branch defined outside of dungeon.")),
        ("CHAINLEVEL: \"a\" \"A\" \"b\" + (1, 0)\n", (1, "Level defined outside of dungeon.")),
        ("ENTRY: 3\n", (1, "Statement outside of dungeon.")),
        ("DUNGEON: \"M\" \"MM\" (1, 0)\n", (1, "Bones marker must be a single char, or \"none\"!")),
        ("DUNGEON: \"M\" \"M\" (40, 0)\n", (1, "Rel base out of dlevel range - zeroing!")),
        ("DUNGEON: \"M\" \"M\" (1, 0)\nLEVEL: \"a\" \"A\" @ (33, 0)\n", (2, "Abs base out of dlevel range - zeroing!")),
        ("DUNGEON: \"M\" \"M\" (1, 0)\nLEVEL: \"a\" \"A\" @ (30, 5)\n", (2, "Abs range out of dlevel range - zeroing!")),
        ("DUNGEON: \"M\" \"M\" (1, 0)\nLEVEL: \"a\" \"A\" @ (-2, 2)\n", (2, "Abs range out of dlevel range - zeroing!")),
        ("DUNGEON: \"M\" \"M\" (1, 0)\nLEVEL: \"a\" \"A\" @ (3, -2)\n", (2, "Abs range out of dlevel range - zeroing!")),
        ("DUNGEON: \"M\" \"M\" (1, 0)\nDESCRIPTION: town\n", (2, "Illegal description - ignoring!")),
        ("DUNGEON: \"M\" \"M\" (1, 0)\nDESCRIPTION: lawful\n", (2, "Illegal description - ignoring!")),
        ("DUNGEON: \"M\" \"M\" (1, 0)\nALIGNMENT: mazelike\n", (2, "Illegal alignment - ignoring!")),
        ("DUNGEON: \"M\" \"M\" (1, 0)\nLEVEL: \"a\" \"A\" @ (1, 0)\nLEVELDESC: chaotic\n", (3, "Illegal description - ignoring!")),
        ("DUNGEON: \"M\" \"M\" (1, 0)\nLEVEL: \"a\" \"A\" @ (1, 0)\nLEVALIGN: town\n", (3, "Illegal alignment - ignoring!")),
        (
            "DUNGEON: \"M\" \"M\" (1, 0)\nLEVEL: \"a\" \"A\" @ (1, 0)\nLEVEL: \"b\" \"B\" @ (2, 0)\nCHAINLEVEL: \"a\" \"C\" \"b\" + (1, 0)\n",
            (4, "Duplicate level name."),
        ),
        (
            "DUNGEON: \"M\" \"M\" (1, 0)\nLEVEL: \"a\" \"A\" @ (1, 0)\nCHAINLEVEL: \"c\" \"C\" \"zz\" + (1, 0)\n",
            (3, "Can't locate the specified chain level."),
        ),
        (
            // The chain window of a chained level leaves out the dungeon's first level.
            "DUNGEON: \"M\" \"M\" (1, 0)\nLEVEL: \"a\" \"A\" @ (1, 0)\nCHAINLEVEL: \"c\" \"C\" \"a\" + (1, 0)\n",
            (3, "Can't locate the specified chain level."),
        ),
        (
            "DUNGEON: \"M\" \"M\" (1, 0)\nLEVEL: \"a\" \"A\" @ (1, 0)\nLEVEL: \"b\" \"B\" @ (2, 0) 50\nCHAINLEVEL: \"c\" \"C\" \"b\" + (1, 0)\n",
            (4, "Level cannot chain from a probabilistic level."),
        ),
        (
            "DUNGEON: \"M\" \"M\" (1, 0)\nLEVEL: \"a\" \"A\" @ (1, 0)\nCHAINLEVEL: \"c\" \"C\" \"c\" + (1, 0)\n",
            (3, "A level cannot chain to itself!"),
        ),
        ("DUNGEON: \"M\" \"M\" (1, 0)\nDUNGEON: \"N\" \"N\" (1, 0)\nBRANCH: \"M\" @ (1, 0)\n", (3, "Reverse branching not allowed.")),
        (
            "DUNGEON: \"M\" \"M\" (1, 0)\nLEVEL: \"a\" \"A\" @ (1, 0)\nCHAINBRANCH: \"X\" \"q\" + (1, 0)\n",
            (3, "Can't locate the specified chain level."),
        ),
        (
            "DUNGEON: \"M\" \"M\" (1, 0)\nLEVEL: \"a\" \"A\" @ (1, 0) 10\nCHAINBRANCH: \"X\" \"a\" + (1, 0)\n",
            (3, "Branch cannot chain from a probabilistic level."),
        ),
        ("ENTRY: \n", (1, "syntax error")),
        ("DUNGEON: \"The Dungeons of Doom and More\" \"D\" (1, 0)\n", (1, "Name too long (29 characters, at most 23)")),
    ];
    for (src, (line, message)) in cases {
        let got = messages(src);
        assert!(
            got.iter().any(|(l, m)| l == line && m == message),
            "for\n{src}\nexpected line {line} {message:?}, got {got:?}"
        );
    }
}

#[test]
fn table_limits_are_errors_not_overflows() {
    let mut src = String::new();
    for i in 0..17 {
        src.push_str(&format!("DUNGEON: \"D{i}\" \"none\" (1, 0)\n"));
    }
    assert!(messages(&src).contains(&(17, "Too many dungeons (limit: 16).".to_string())));
    let mut src = HEAD.to_string();
    for i in 0..51 {
        src.push_str(&format!("LEVEL: \"l{i}\" \"none\" @ (1, 0)\n"));
    }
    assert!(messages(&src).contains(&(
        52,
        "Too many special levels defined (limit: 50).".to_string()
    )));
    let mut src = HEAD.to_string();
    for i in 0..33 {
        src.push_str(&format!("BRANCH: \"b{i}\" @ (1, 0)\n"));
    }
    assert!(messages(&src).contains(&(34, "Too many branches defined (limit: 32).".to_string())));
}

#[test]
fn all_syntax_errors_of_a_file_are_reported() {
    let src = format!(
        "{HEAD}LEVEL: \"a\" @ (1, 0)\nENTRY: 1\nBRANCH: \"b\" (1, 0)\nLEVEL: \"c\" \"C\" @ (1 0)\n"
    );
    let got = messages(&src);
    let lines: Vec<usize> = got
        .iter()
        .filter(|(_, m)| m == "syntax error")
        .map(|(l, _)| *l)
        .collect();
    assert_eq!(lines, [2, 4, 5]);
    let d = errors(&src);
    let label = d.iter().next().unwrap().label.clone().unwrap();
    assert!(label.contains("found `@`"), "{label}");
}

#[test]
fn plain_level_duplicates_are_accepted_as_in_dgn_comp() {
    let out = compile(&format!(
        "{HEAD}LEVEL: \"a\" \"A\" @ (1, 0)\nLEVEL: \"a\" \"A\" @ (2, 0)\n"
    ));
    assert_eq!(out.dungeon.dungeons[0].levels.len(), 2);
}

#[test]
fn crlf_input_compiles_like_lf() {
    let lf =
        format!("{HEAD}LEVEL: \"a\" \"A\" @ (1, 0)\n%REINCARNATION LEVEL: \"r\" \"R\" @ (3, 0)\n");
    let crlf = lf.replace('\n', "\r\n");
    assert_eq!(compile(&lf).bytes, compile(&crlf).bytes);
}

/// Compiles `src`, which must give warnings only, and returns the output
/// with each warning's line and message.
fn with_warnings(src: &str) -> (CompiledDungeon, Vec<(usize, String)>) {
    let out = dungeon::compile(
        src,
        "t.def",
        &dungeon::Options::default().with_layout(Layout::LP64),
    )
    .unwrap_or_else(|d| panic!("{d}"));
    let warnings = out
        .warnings
        .iter()
        .map(|d| (d.line, d.message.clone()))
        .collect();
    (out, warnings)
}

/// Inputs dgn_comp and makedefs accept that levbuild once refused; the
/// expected bytes were checked against the reference tools.
#[test]
fn what_the_reference_accepts_builds_to_its_bytes() {
    // `%REINCARNATIONLEVEL:` is `%REINCARNATION` + `LEVEL:` to makedefs.
    let (out, warnings) =
        with_warnings("DUNGEON: \"D\" \"D\" (5, 0)\n%REINCARNATIONLEVEL: \"x\" \"y\" @ (1,1)\n");
    assert_eq!(out.dungeon.dungeons[0].levels[0].name, "x");
    assert_eq!(warnings.len(), 1);
    assert!(
        warnings[0].1.contains("runs into the text after it"),
        "{warnings:?}"
    );
    let off = dungeon::compile(
        "DUNGEON: \"D\" \"D\" (5, 0)\n%REINCARNATIONLEVEL: \"x\" \"y\" @ (1,1)\n",
        "t.def",
        &dungeon::Options::with_features(Features::default().undefine("REINCARNATION")),
    )
    .unwrap();
    assert!(off.dungeon.dungeons[0].levels.is_empty());

    // An empty chain name means no chain.
    let (out, warnings) = with_warnings(
        "DUNGEON: \"D\" \"D\" (25, 5)\nLEVEL: \"a\" \"A\" @ (2, 3)\nCHAINBRANCH: \"X\" \"\" + (1,0)\nCHAINLEVEL: \"b\" \"B\" \"\" + (3,0)\nDUNGEON: \"X\" \"X\" (5, 0)\n",
    );
    assert!(warnings.is_empty(), "{warnings:?}");
    let d = &out.dungeon.dungeons[0];
    assert_eq!((d.branches[0].chain, d.levels[1].chain), (None, None));
    assert_eq!(d.levels[1].at, Couple { base: 3, rand: 0 });

    // LEVELDESC before a dungeon's first level describes the level before.
    let (out, warnings) = with_warnings(
        "DUNGEON: \"D\" \"D\" (25, 5)\nLEVEL: \"a\" \"A\" @ (2, 3)\nBRANCH: \"E\" @ (2,0)\nDUNGEON: \"E\" \"E\" (5, 0)\nLEVELDESC: roguelike\nLEVEL: \"c\" \"C\" @ (2,0)\n",
    );
    assert_eq!(out.dungeon.dungeons[0].levels[0].flags, 8);
    assert_eq!(out.dungeon.dungeons[1].levels[0].flags, 0);
    assert_eq!(
        warnings,
        [(
            5,
            "This describes level \"a\" of the dungeon \"D\".".to_string()
        )]
    );
    // ... and before any level, no level at all.
    let (out, warnings) = with_warnings(
        "DUNGEON: \"D\" \"D\" (25, 5)\nLEVELDESC: roguelike\nLEVEL: \"a\" \"A\" @ (2, 3)\n",
    );
    assert_eq!(out.dungeon.dungeons[0].levels[0].flags, 0);
    assert_eq!(
        warnings,
        [(
            2,
            "No level to describe: this changes no level.".to_string()
        )]
    );

    // PROTOFILE twice: the longer first value's tail stays in the buffer.
    let (out, warnings) = with_warnings(
        "DUNGEON: \"D\" \"D\" (25, 5)\nPROTOFILE: \"longername\"\nPROTOFILE: \"ab\"\nLEVEL: \"a\" \"A\" @ (2, 3)\n",
    );
    assert_eq!(out.dungeon.dungeons[0].protofile, "ab\0gername");
    // After the header (32) and the count (4): the name (24), then this.
    assert_eq!(
        &out.bytes[60..84],
        b"ab\0gername\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
    );
    assert_eq!(warnings.len(), 1);

    // dgn_comp's probabilistic-chain check reads branch slot "current
    // dungeon index": a branch chained from a 50% level passes when another
    // slot is checked (with a warning) ...
    let (out, warnings) = with_warnings(
        "DUNGEON: \"A\" \"A\" (5, 0)\nLEVEL: \"a\" \"A\" @ (1, 0)\nDUNGEON: \"B\" \"B\" (5, 0)\nLEVEL: \"b\" \"B\" @ (1, 0)\nDUNGEON: \"C\" \"C\" (5, 0)\nLEVEL: \"x\" \"X\" @ (1,0)\nLEVEL: \"c\" \"C\" @ (2, 0) 50\nCHAINBRANCH: \"D\" \"c\" + (1,0)\nDUNGEON: \"D\" \"D\" (5,0)\n",
    );
    assert_eq!(out.dungeon.dungeons[2].branches[0].chain, Some(3));
    assert_eq!(
        warnings,
        [(
            8,
            "This branch chains from a probabilistic level.".to_string()
        )]
    );
    // ... and a plain branch fails when the slot read is an unused one,
    // "chained" to a first level that is probabilistic.
    let d = errors(
        "DUNGEON: \"A\" \"A\" (5, 0)\nLEVEL: \"a\" \"A\" @ (1, 0) 50\nDUNGEON: \"B\" \"B\" (5, 0)\nDUNGEON: \"C\" \"C\" (5, 0)\nBRANCH: \"D\" @ (1,0)\nDUNGEON: \"D\" \"D\" (5,0)\n",
    );
    let first = d.iter().next().unwrap();
    assert_eq!(
        (first.line, first.message.as_str()),
        (5, "Branch cannot chain from a probabilistic level.")
    );

    // A number too large for its int keeps its low bits.
    let (out, warnings) = with_warnings("DUNGEON: \"D\" \"D\" (25, 5) 99999999999\n");
    assert_eq!(out.dungeon.dungeons[0].chance, 1_215_752_191);
    assert_eq!(warnings.len(), 1);

    // No DUNGEON at all: an empty file, as dgn_comp writes.
    let (out, warnings) = with_warnings("# nothing but a comment\n");
    assert!(out.bytes.is_empty());
    assert_eq!(warnings, [(1, "No dungeons were defined.".to_string())]);
}

#[test]
fn a_latin1_bones_marker_is_one_byte() {
    // dgn_comp takes any one byte (checked against 3.4.3's dgn_comp).
    let src = levbuild::source_text(
        b"DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)\nLEVEL: \"oracle\" \"\xe9\" @ (5, 5)\n",
    )
    .into_owned();
    let d = compile(&src).dungeon;
    assert_eq!(d.dungeons[0].levels[0].bones, Some(0xe9));
}

/// Compiles `src` for NetHack 3.6.7 (its makedefs and dgn_comp).
fn compile_36(src: &str) -> Result<CompiledDungeon, Diagnostics> {
    dungeon::compile(
        src,
        "t.def",
        &dungeon::Options::for_game(Game::nethack_367()).with_layout(Layout::host()),
    )
}

#[test]
fn makedefs_reads_long_lines_and_nul_bytes_as_each_version_does() {
    // Each case checked against 3.4.3's and 3.6.7's own makedefs -e and
    // dgn_comp: same exit status, same bytes.
    const BASE: &str = "DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)\nALIGNMENT: unaligned\n";
    let oracle = "LEVEL: \"oracle\" \"O\" @ (5, 5)";
    let bigroom = "LEVEL: \"bigrm\" \"B\" @ (10, 3) 40\n";
    let level_names = |d: &CompiledDungeon| -> Vec<String> {
        d.dungeon.all_levels().map(|l| l.name.clone()).collect()
    };
    // 3.4.3 reads a line in pieces of 255 bytes: a piece starting with `#`
    // is a comment. 3.6.7 stops reading at such a line.
    let long = format!(
        "{BASE}{oracle}{}# x\n{bigroom}",
        " ".repeat(255 - oracle.len())
    );
    let d = compile(&long);
    assert_eq!(level_names(&d), ["oracle", "bigrm"]);
    assert!(d
        .warnings
        .iter()
        .any(|w| w.message.contains("dropped as a comment")));
    let d = compile_36(&long).unwrap();
    assert!(d.dungeon.all_levels().next().is_none());
    assert!(d
        .warnings
        .iter()
        .any(|w| w.message == "the rest of the file is ignored"));
    // A NUL drops the rest of its line: the newline too in 3.4.3, whose
    // next line then joins this one (harmless here).
    let nul = format!("{BASE}{oracle}\0junk\n{bigroom}");
    assert_eq!(level_names(&compile(&nul)), ["oracle", "bigrm"]);
    let d = compile_36(&nul).unwrap();
    assert_eq!(level_names(&d), ["oracle", "bigrm"]);
    assert!(d
        .warnings
        .iter()
        .any(|w| w.message == "makedefs drops the rest of this line"));
    // 3.6's makedefs has no `%` conditionals: dgn_comp sees the `%`.
    let pct = format!("{BASE}%REINCARNATION LEVEL: \"rogue\" \"R\" @ (15, 4)\n");
    assert_eq!(level_names(&compile(&pct)), ["rogue"]);
    assert!(compile_36(&pct).is_err());
}

#[test]
fn dgn_comp_quirks_found_by_mutation() {
    // Each checked against 3.4.3's and 3.6.7's own makedefs and dgn_comp.
    const BASE: &str = "DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)\n";
    // The range check adds C ints: 1 + 2147483647 wraps and passes; the
    // range keeps its low 16 bits.
    let d = compile(&format!("{BASE}LEVEL: \"o\" \"O\" @ (1, 2147483647)\n"));
    assert_eq!(
        d.dungeon.dungeons[0].levels[0].at,
        Couple { base: 1, rand: -1 }
    );
    assert!(d
        .warnings
        .iter()
        .any(|w| w.message.contains("does not fit in its field")));
    // A byte over 0x7F outside a string ends dgn_comp's input.
    let src = levbuild::source_text(
        format!("{BASE}LEVEL: \"o\" \"O\" @ (1, 0)\n\u{e9}x\nLEVEL: \"p\" \"P\" @ (2, 0)\n")
            .as_bytes(),
    )
    .into_owned();
    let d = compile(&src);
    assert_eq!(d.dungeon.dungeons[0].levels.len(), 1);
    assert!(d
        .warnings
        .iter()
        .any(|w| w.message == "the rest of the file is ignored"));
}
