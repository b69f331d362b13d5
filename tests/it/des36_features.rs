//! 3.6 statements and operand forms the 3.6.7 corpus does not use
//! (`tests/it/des36/*.des`: every control statement, selection, list, monster
//! and object property, region and room form). Each compiles and
//! round-trips; with `LEVBUILD_REF_LEV_COMP_36` naming a 3.6.7 `lev_comp`
//! built outside the repository, the bytes are compared with its output.

use crate::common;

use levbuild::des::{self, nh36};
use levbuild::{Game, Layout};

fn options() -> des::Options {
    des::Options::for_game(Game::nethack_367()).with_layout(Layout::LP64)
}

fn compile(source: &str) -> Result<nh36::CompiledFile, levbuild::Diagnostics> {
    nh36::compile_with(source, "t.des", &options())
}

const FILES: [(&str, &str); 2] = [
    ("statements.des", include_str!("des36/statements.des")),
    ("rooms.des", include_str!("des36/rooms.des")),
];

#[test]
fn every_form_compiles_round_trips_and_matches_the_reference() {
    let reference = std::env::var_os("LEVBUILD_REF_LEV_COMP_36");
    if reference.is_none() {
        common::skip_unavailable(
            "LEVBUILD_REF_LEV_COMP_36 is not set: no comparison with 3.6.7's lev_comp",
        );
    }
    let game = Game::nethack_367();
    for (name, source) in FILES {
        let file = compile(source).unwrap_or_else(|d| panic!("{name}: {d}"));
        assert!(!file.levels.is_empty());
        for level in &file.levels {
            let back = nh36::decode(&level.bytes, &level.name, &game, Layout::LP64).unwrap();
            assert_eq!(back, level.program);
        }
        if let Some(tool) = &reference {
            let dir = common::TempDir::new("ref36");
            std::fs::write(dir.path().join(name), source).unwrap();
            let status = std::process::Command::new(tool)
                .arg(name)
                .current_dir(dir.path())
                .status()
                .unwrap();
            assert!(status.success(), "the reference rejects {name}");
            for level in &file.levels {
                let want = std::fs::read(dir.path().join(format!("{}.lev", level.name))).unwrap();
                assert!(
                    want == level.bytes,
                    "{}: differs from the reference",
                    level.name
                );
            }
        }
    }
}

#[test]
fn control_flow_jumps_are_relative_to_their_push() {
    use nh36::{Instr, Opcode, Operand};
    let file = compile("LEVEL:\"j\"\nIF [50%] { EXIT } ELSE { EXIT }\n").unwrap();
    let code = &file.levels[0].program.code;
    let tail: Vec<String> = code[2..].iter().map(ToString::to_string).collect();
    assert_eq!(
        tail,
        [
            "PUSH int 50",
            "PUSH int 100",
            "RN2",
            "CMP",
            "PUSH int 4",
            "JLE",
            "EXIT",
            "PUSH int 2",
            "JMP",
            "EXIT",
        ]
    );
    assert_eq!(code[0], Instr::Push(Operand::Int(0)));
    assert_eq!(code[1], Instr::Op(Opcode::LevelFlags));
}

#[test]
fn a_room_is_written_with_its_vertical_alignment_as_flags_and_a_warning() {
    use nh36::{Instr, Operand};
    let source = "LEVEL:\"r\"\nROOM: \"ordinary\", lit, (1,1), (left,bottom), (3,3), filled { }\n";
    let quiet = compile(source).unwrap();
    // An extra warning (`-w`): 3.6.7's own files do this throughout.
    assert!(quiet.warnings.is_empty(), "{}", quiet.warnings);
    let options = options().with_extra_warnings(true);
    let file = nh36::compile_with(source, "t.des", &options).unwrap();
    assert_eq!(file.levels[0].program, quiet.levels[0].program);
    let code = &file.levels[0].program.code;
    // type, chance, lit, then the flags: `bottom` is 5.
    assert_eq!(code[5], Instr::Push(Operand::Int(5)));
    let warning = file.warnings.to_string();
    assert!(warning.contains("vertical alignment"), "{warning}");
    assert!(
        warning.contains("filled, regular, unjoined (5)"),
        "{warning}"
    );
}

#[test]
fn what_3_6_7_rejects_is_rejected() {
    // `-` alone is an unknown word to 3.6.7's scanner, so there is no
    // subtraction; variable names have no digits; functions cannot be
    // defined (the scanner never returns a function name).
    for source in [
        "LEVEL:\"x\"\n$a = 5 - 2\n",
        "LEVEL:\"x\"\n$a2 = 5\n",
        "LEVEL:\"x\"\nFUNCTION f() { EXIT }\n",
        "LEVEL:\"x\"\nBREAK\n",
        "LEVEL:\"x\"\n$a = 1\n$a = \"s\"\n",
        "LEVEL:\"x\"\nMONSTER: \"no such monster\", (1,1)\n",
        "LEVEL:\"x\"\nOBJECT: '(', (1,1), 1, 2\n",
        "LEVEL:\"x\"\nSTAIR: (1,1,90,5), (0,0,0,0), up\n",
        "EXIT\n",
    ] {
        let err = compile(source).expect_err(source);
        assert!(err.has_errors(), "{source}");
        let first = err.errors().next().unwrap();
        assert!(first.line >= 1, "{source}: {err}");
    }
}

#[test]
fn names_match_ignoring_case_as_3_6_does() {
    let file =
        compile("LEVEL:\"x\"\nMONSTER: \"JACKAL\", (1,1)\nOBJECT: \"DAGGER\", (1,1)\n").unwrap();
    let text: Vec<String> = file.levels[0]
        .program
        .code
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        text.iter().any(|t| t.starts_with("PUSH monster class 'd'")),
        "{text:?}"
    );
}

#[test]
fn scanner_quirks_of_3_6_7() {
    // A NUL in a string ends its value (lev_comp strcpy's it); a NUL or a
    // byte over 0x7F outside a string ends the file, with a warning; a
    // tab and blanks before a map row are one white space token. Each
    // checked against 3.6.7's own lev_comp.
    let file = compile("MAZE:\"ab\0cd\",' '\nMESSAGE:\"hi\0there\"\n").unwrap();
    assert_eq!(file.levels[0].name, "ab");
    let src = "MAZE:\"one\",' '\n\u{f7e9}\nMAZE:\"two\",' '\n";
    let file = compile(src).unwrap();
    assert_eq!(file.levels.len(), 1);
    assert!(file
        .warnings
        .iter()
        .any(|w| w.message == "the rest of the file is ignored" && w.line == 2));
    let src = "MAZE:\"tab\",' '\nGEOMETRY:center,center\nMAP\n\t ---\n |.|\n ---\nENDMAP\n";
    let file = compile(src).unwrap();
    let map = file.levels[0]
        .program
        .code
        .iter()
        .find_map(|i| match i {
            nh36::Instr::Push(nh36::Operand::Str(s)) if s.len() == 12 => Some(s.clone()),
            _ => None,
        })
        .expect("the map's cells");
    // Terrain codes + 1: the first row is `---` and a stone cell.
    assert_eq!(&map.as_bytes()[..4], [3, 3, 3, 1]);
}

#[test]
fn a_percentage_past_100_is_the_scanners_error() {
    // 3.6.7's scanner checks each percentage as it reads it.
    for src in [
        "MAZE:\"a\",' '\nIF[101%]{}\n",
        "MAZE:\"a\",' '\n[255%]: EXIT\n",
    ] {
        let d = compile(src).unwrap_err();
        assert!(
            d.errors()
                .any(|e| e.message.starts_with("Unexpected percentile '")),
            "{}",
            d.render(false)
        );
    }
    assert!(compile("MAZE:\"a\",' '\nIF[100%]{}\n").is_ok());
}

/// A block left open to the end of the file is reported there and at its
/// `{` (#35), as rustc points at an unclosed delimiter: the error alone
/// says only that the file ended. Each unclosed block, inner and outer,
/// points at its own `{`.
#[test]
fn an_unclosed_block_points_at_its_brace() {
    let source = "MAZE: \"t\", random\nIF [50%] {\n  LOOP [2] {\n    FOUNTAIN: (1,1)\n  }\n  IF [1 == 1] {\n    SINK: (2,2)\n";
    let err = compile(source).unwrap_err();
    let braces: Vec<Vec<(usize, usize, &str)>> = err
        .errors()
        .map(|d| {
            d.secondary
                .iter()
                .map(|s| (s.line, s.column, &source[s.span.clone()]))
                .collect()
        })
        .collect();
    assert_eq!(braces, [vec![(6, 15, "{")], vec![(2, 10, "{")]], "{err}");
    for d in err.errors() {
        assert_eq!(d.line, 8, "{err}");
        assert!(d.secondary[0].label.contains("never closed"), "{err}");
    }
    // Shown under the error, and on its short line.
    let rich = err.render(false);
    assert!(rich.contains(" 6 |   IF [1 == 1] {"), "{rich}");
    assert!(
        err.short()[0].ends_with("; 6:15: this `{` is never closed"),
        "{:?}",
        err.short()
    );
    // A closed block has none.
    let closed =
        compile("MAZE: \"t\", random\nIF [50%] {\n  SINK: (2,2)\n}\nFOUNTAIN: 1\n").unwrap_err();
    assert!(closed.iter().all(|d| d.secondary.is_empty()), "{closed}");
}

/// `('\0', "guide")`: 3.6's `get_monster_id` takes a NUL class byte for
/// any class, and `get_object_id` any byte not above 0 as a C `char` (NUL,
/// or 128 up), so each name is found where levbuild said "Unknown
/// monster" (#34 item 9). `des36/class_any_name.lev` is what 3.6.7's own
/// `lev_comp` wrote for the file (x86_64).
#[test]
fn a_class_byte_of_no_class_looks_the_name_up_in_every_class() {
    // The file read as levbuild reads one: a byte from 0x80 that is no
    // UTF-8 is the private-use character U+F780 + (byte - 0x80).
    let source: String = (include_bytes!("des36/class_any_name.des").iter())
        .map(|&b| match b {
            0x80.. => char::from_u32(0xF780 + u32::from(b) - 0x80).unwrap(),
            _ => char::from(b),
        })
        .collect();
    let file = nh36::compile_with(&source, "class_any_name.des", &options()).unwrap();
    assert_eq!(file.levels[0].name, "t1");
    assert_eq!(
        file.levels[0].bytes,
        include_bytes!("des36/class_any_name.lev")
    );
    // A class byte of 128 up is still no monster class (`c ?` is true).
    let err = compile("LEVEL:\"x\"\nMONSTER: ('\u{f7e9}', \"guide\"), (1,1)\n").unwrap_err();
    assert!(err.to_string().contains("Unknown monster"), "{err}");
}

/// A file of `FOR` loops nested `loops` deep around `IF`s nested
/// `conditionals` deep.
fn nested(loops: usize, conditionals: usize) -> String {
    let mut source = String::from("LEVEL:\"t\"\n");
    for i in 0..loops {
        let var = char::from(b'a' + i as u8);
        source.push_str(&format!("FOR $v{var} = 1 TO 2 {{\n"));
    }
    source.push_str(&"IF [50%] {\n".repeat(conditionals));
    source.push_str("MONSTER: \"newt\", random\n");
    source.push_str(&"}\n".repeat(loops + conditionals));
    source
}

/// lev_comp counts nested `FOR` loops apart from nested conditionals
/// (`n_forloops`, `n_if_list`), each to 20: twenty of each, one inside
/// the other, compile; a twenty-first of either is its error.
#[test]
fn for_loops_and_conditionals_are_nested_to_twenty_each() {
    let file = compile(&nested(20, 20)).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(file.levels.len(), 1);
    for (source, message) in [
        (nested(21, 0), "FOR: Too deeply nested loops."),
        (nested(0, 21), "IF: Too deeply nested conditionals."),
    ] {
        let err = compile(&source).expect_err(&source);
        let errors: Vec<_> = err.errors().map(|e| e.message.clone()).collect();
        assert_eq!(errors, [message], "{err}");
    }
}
