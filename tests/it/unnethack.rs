//! UnNetHack 5.3.2, an early opcode game of the 3.6 family, from its
//! identity file (`tests/data/games/unnethack-5.3.2.game`, written by
//! `levbuild game` from its tree): its language (functions, core
//! functions, `LEVEL:` only, `line A - B`, `sheollev`, level-name
//! counters, `SPILL` of operands, `SOUNDS`) compiles to the programs its
//! own `lev_comp` writes: its 304 outputs byte for byte.

use crate::common;

use levbuild::des::{self, nh36};
use levbuild::{Game, GrammarForm, Layout};

/// UnNetHack's game, from its identity file, and options that compile
/// for it (LP64, as its golden set was written).
fn unnethack() -> (std::sync::Arc<Game>, des::Options) {
    let path = common::identity_file("unnethack-5.3.2");
    let game = std::sync::Arc::new(Game::from_identity_file(&path).unwrap());
    let options = des::Options::for_game(game.clone()).with_layout(Layout::LP64);
    (game, options)
}

/// The program of `source`'s only level, one instruction a line.
fn program(source: &str) -> String {
    let (game, options) = unnethack();
    let file = nh36::compile_with(source, "u.des", &options).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(file.levels.len(), 1);
    let text = file.levels[0].program.display(&game).to_string();
    text.lines()
        .skip(1)
        .map(|l| l.trim())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn unnethack_levels_match_its_own_lev_comp() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let (game, options) = unnethack();
    let program = game.format().program.as_ref().unwrap();
    for form in [
        GrammarForm::HeaderStatements,
        GrammarForm::SheolInit,
        GrammarForm::DottedNames,
        GrammarForm::CountedNames,
    ] {
        assert!(program.has(form), "{form:?}");
    }
    assert_eq!(program.level_init("ROGUE"), Some(5));
    assert_eq!(program.core_functions.len(), 29);
    let dat = shared.join("corpus/unnethack-5.3.2/dat");
    let golden = shared.join("golden/unnethack-5.3.2");
    let mut files: Vec<_> = std::fs::read_dir(&dat)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "des"))
        .collect();
    files.sort();
    let (mut same, mut differing) = (0, Vec::new());
    for path in &files {
        let source = levbuild::source_text(&std::fs::read(path).unwrap()).into_owned();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let blobs = des::compile_levels(&source, &name, &options).unwrap_or_else(|d| panic!("{d}"));
        if name == "vaults.des" {
            let listed: String = (blobs.levels.iter())
                .filter_map(|l| l.random_vault.map(|v| v.line(&l.name)))
                .collect();
            let want = std::fs::read_to_string(golden.join("vaults.dat")).unwrap();
            assert_eq!(listed, want, "vaults.dat");
        }
        for level in &blobs.levels {
            let want = std::fs::read(golden.join(format!("{}.lev", level.name))).unwrap();
            match level.bytes == want {
                true => same += 1,
                false => differing.push(level.name.clone()),
            }
        }
        // Monk.des defines two levels twice: written over, untruncated;
        // dragons.des names a room type UnNetHack has not, as its
        // lev_comp.stderr.txt says.
        let warned: Vec<_> = blobs.warnings.warnings().map(|w| w.code).collect();
        let want = match name.as_str() {
            "Monk.des" => vec![Some("level-defined-twice"); 2],
            "dragons.des" => vec![Some("unknown-room-type")],
            _ => Vec::new(),
        };
        assert_eq!(warned, want, "{name}: {}", blobs.warnings);
    }
    assert_eq!(differing, Vec::<String>::new(), "levels that differ");
    // 304 level definitions, two of them written over earlier ones.
    assert_eq!(same, 302);
}

/// Its 304 outputs (302 levels, `vaults.dat`, `dungeon`) from its
/// identity file, with no tree and no C compiler.
#[test]
fn unnethack_builds_its_golden_set_from_its_identity_file() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let mut b = levbuild::Build::new();
    b.source_dir(shared.join("corpus/unnethack-5.3.2/dat"))
        .game(levbuild::GameSource::identity_file(common::identity_file(
            "unnethack-5.3.2",
        )));
    builds_its_golden_set(&shared, b);
}

/// Builds UnNetHack's whole `dat/` with `b` and checks its 304 outputs.
fn builds_its_golden_set(shared: &std::path::Path, mut b: levbuild::Build) {
    let tmp = common::TempDir::new("unnethack");
    let out = tmp.path().join("out");
    let report = b
        .out_dir(&out)
        .cargo_directives(false)
        .try_compile()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((report.levels, report.dungeons), (302, 1));
    assert_eq!(
        common::golden_matches(shared, "unnethack-5.3.2", &out),
        (304, 304)
    );
}

/// Opt-in (`LEVBUILD_TREES`): the same from its tree, read with its
/// configure build's defines.
#[test]
fn unnethacks_tree_builds_its_golden_set() {
    let (Some(shared), Some(tree)) = (common::shared_dir(), common::real_tree("unnethack-5.3.2"))
    else {
        return;
    };
    let mut b = levbuild::Build::new();
    b.game(levbuild::GameSource::tree(&tree))
        .source_dir(tree.join("dat"));
    builds_its_golden_set(&shared, b);
}

#[test]
fn functions_are_written_into_a_level_at_its_first_call() {
    let text = program(
        "FUNCTION f($n:int, $s:str) { MESSAGE: $s }\n\
         LEVEL: \"a\"\n\
         f(1, \"x\")\n\
         f(2, \"y\")\n",
    );
    let want = [
        "0  PUSH int 0",
        "1  LEVEL_FLAGS",
        // The arguments, then a jump over the function's code.
        "2  PUSH int 1",
        "3  PUSH str \"x\"",
        "4  PUSH int 11",
        "5  JMP",
        // Its parameters, last first, and its body.
        "6  PUSH int 0",
        "7  PUSH str \"$s\"",
        "8  VAR_INIT",
        "9  PUSH int 0",
        "10  PUSH str \"$n\"",
        "11  VAR_INIT",
        "12  PUSH var $s",
        "13  MESSAGE",
        "14  PUSH int 0",
        "15  RETURN",
        "16  PUSH int 2",
        "17  PUSH int -12",
        "18  CALL",
        // The second call: the arguments and the call only.
        "19  PUSH int 2",
        "20  PUSH str \"y\"",
        "21  PUSH int 2",
        "22  PUSH int -17",
        "23  CALL",
    ];
    assert_eq!(text, want.join("\n"));
}

#[test]
fn core_functions_and_methods_are_corefunc_with_the_games_numbers() {
    let text = program(
        "LEVEL: \"c\"\n\
         $c = (3,4)\n\
         $n = $c.x + rnd(6)\n\
         $t = str(time.night)\n",
    );
    // Without the instructions' numbers.
    let text: String = (text.lines())
        .map(|l| l.split_once("  ").map_or(l, |(_, i)| i))
        .collect::<Vec<_>>()
        .join("\n");
    for want in [
        // $c.x: COREFUNC_COORD_X.
        "PUSH var $c\nPUSH int 28\nCOREFUNC",
        // rnd(6): COREFUNC_RN2.
        "PUSH int 6\nPUSH int 18\nCOREFUNC\nMATH_ADD",
        // str(time.night): COREFUNC_NIGHT, then COREFUNC_TOSTRING.
        "PUSH int 9\nCOREFUNC\nPUSH int 14\nCOREFUNC",
    ] {
        assert!(text.contains(want), "{want} not in\n{text}");
    }
}

#[test]
fn lines_sheol_and_counted_names() {
    let text = program(
        "LEVEL: \"l\"\n\
         INIT_MAP: sheollev\n\
         TERRAIN: line (1,1) - (5,5), '.'\n",
    );
    assert!(
        text.starts_with("0  PUSH int 0\n1  LEVEL_FLAGS\n2  PUSH int 4\n"),
        "{text}"
    );
    assert!(text.contains("PUSH coord (5,5)\n13  SEL_LINE"), "{text}");
    let (_, options) = unnethack();
    let file = nh36::compile_with(
        "LEVEL: \"v-%04i\"\nLEVEL: \"v-%i\"\nLEVEL: \"w\"\n",
        "v.des",
        &options,
    )
    .unwrap();
    let names: Vec<_> = file.levels.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["v-0001", "v-2", "w"]);
    // 3.6.7 has none of it.
    let options = des::Options::for_game(Game::nethack_367());
    for source in [
        "FUNCTION f() { EXIT }\nLEVEL: \"a\"\n",
        "LEVEL: \"a\"\nINIT_MAP: sheollev\n",
        "LEVEL: \"a\"\n$n = rnd(5)\n",
    ] {
        assert!(
            nh36::compile_with(source, "x.des", &options).is_err(),
            "{source}"
        );
    }
    let names = nh36::compile_with("LEVEL: \"v-%i\"\n", "x.des", &options).unwrap();
    assert_eq!(names.levels[0].name, "v-%i");
}

/// A level defined twice is written over the earlier one's file,
/// untruncated, with a warning (as every 3.6-family lev_comp writes it).
#[test]
fn a_level_defined_twice_is_written_over_the_earlier_one() {
    let (_, options) = unnethack();
    let source = "LEVEL: \"t\"\nMESSAGE: \"a long message\"\nLEVEL: \"t\"\n";
    let blobs = des::compile_levels(source, "t.des", &options).unwrap();
    let file = nh36::compile_with(source, "t.des", &options).unwrap();
    let (first, second) = (&file.levels[0].bytes, &file.levels[1].bytes);
    assert!(second.len() < first.len());
    let mut want = second.clone();
    want.extend_from_slice(&first[second.len()..]);
    assert_eq!(blobs.levels.len(), 1);
    assert_eq!(blobs.levels[0].bytes, want);
    let warning = blobs.warnings.warnings().next().unwrap();
    assert_eq!(warning.code, Some("level-defined-twice"));
}

/// Generated files using UnNetHack's language compile, and decode back
/// to their programs.
#[test]
fn generated_unnethack_files_compile_and_round_trip() {
    let (game, options) = unnethack();
    common::generated_36_round_trip(
        &options,
        |seed| common::gen36::des_file_for(seed, &game),
        &[
            "FUNCTION fn",
            "fn0(",
            "$p0:",
            "rnd(",
            "time.",
            ".length",
            "sheollev",
            "%04i",
            "line (",
            " - (",
            "SPILL: ",
            "SOUNDS: ",
            "MON_GENERATION: ",
            "WALLWALK: ",
        ],
        150,
    );
    let all: String = (0..300)
        .map(|s| common::gen36::des_file_for(s, &game))
        .collect();
    assert!(!all.contains("MAZE:"));
}

/// Opt-in: the same files compiled by UnNetHack's own `lev_comp`, built
/// outside the repository (`LEVBUILD_REF_LEV_COMP_UNNETHACK`): both
/// accept or refuse alike, write the same bytes, and list the same random
/// vaults. A file that crashes the reference (a function holding a null
/// string) is one levbuild must refuse.
#[test]
fn generated_unnethack_files_match_unnethacks_lev_comp() {
    let (game, options) = unnethack();
    common::generated_differential_36(
        "UnNetHack",
        "LEVBUILD_REF_LEV_COMP_UNNETHACK",
        &options,
        |seed| common::gen36::des_file_for(seed, &game),
    );
}

/// A BREAK of a block around another block with a BREAK of its own is
/// lost as every 3.6-family `lev_comp` loses it (its list of BREAKs is
/// emptied where the newest is the inner block's): it jumps by its own
/// place. 3.6.7's `lev_comp` wrote this program.
#[test]
fn an_outer_break_is_lost_as_lev_comp_loses_it() {
    let options = des::Options::for_game(Game::nethack_367());
    let source = "MAZE: \"b\", random\nLOOP [2] {\n  BREAK\n  LOOP [3] {\n    BREAK\n  }\n}\n";
    let file = nh36::compile_with(source, "b.des", &options).unwrap();
    let text = file.levels[0]
        .program
        .display(&Game::nethack_367())
        .to_string();
    for want in ["15  PUSH int 15\n   16  JMP", "19  PUSH int 7\n   20  JMP"] {
        assert!(text.contains(want), "{want} not in\n{text}");
    }
}
