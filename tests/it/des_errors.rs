//! Every reachable error and warning of lev_comp (format notes §7.2) and
//! levbuild's own deliberate errors (`src/des/nh343/sema/mod.rs` module doc). Each
//! case asserts the complete list of diagnostics of a small input: exact
//! message, severity, line and column. Also: any error means no output,
//! every error of a file is reported (including several syntax errors),
//! warnings never stop output, `-w` warnings need `extra_warnings`, and
//! garbage input is answered with errors, never a panic.
//!
//! Not tested because no input can produce them:
//! * `Invalid drawbridge direction` — the grammar only admits the four
//!   directions.
//! * `Invalid character @ (R, C) - replacing with stone` — NetHack 3.4.3's
//!   lexer only lets map characters into a map block (dNetHack's lets in
//!   `N` and `Y`: `map_characters.rs`).
//! * `Sinks are not allowed in this version!  Ignoring...` — SINKS is
//!   defined in this configuration (`map_characters.rs` compiles for a
//!   3.4.3 built without it).
//! * `Can't write output file!!` — compiling writes no file (the CLI and
//!   the tree build report I/O failures in their own words).
//! * `yacc stack overflow` — the parser has no fixed-size stack; a file
//!   with hundreds of levels is accepted (`hundreds_of_levels_are_fine`).
//! * `Too many errors, good bye!` — replaced by the cap of 200 listed
//!   errors plus a count of the rest (`errors_past_200_are_counted`).
//! * `FILE : K errors detected. No output created!` — that is the `Err`
//!   result itself.
//! * `Level "x" cannot be encoded` — every value that reaches the encoder
//!   has been range-checked already.

use levbuild::des::{self, Options};
use levbuild::diag::LegacyTool;
use levbuild::{Diagnostics, Severity};
use levbuild::{Game, Layout};

use Severity::{Error, Warning};

/// (severity, line, column, message)
type D = (Severity, usize, usize, String);

fn list(d: &Diagnostics) -> Vec<D> {
    d.iter()
        .map(|d| (d.severity, d.line, d.column, d.message.clone()))
        .collect()
}

fn d(severity: Severity, line: usize, column: usize, message: &str) -> D {
    (severity, line, column, message.to_string())
}

fn with_w() -> Options {
    Options::default().with_extra_warnings(true)
}

/// The diagnostics of `src`, which must fail to compile (with and without
/// `-w`, with the same errors).
#[track_caller]
fn errors(src: &str) -> Vec<D> {
    let plain = match des::compile(src, "t.des") {
        Ok(_) => panic!("expected an error for:\n{src}"),
        Err(d) => d,
    };
    let w = des::compile_with(src, "t.des", &with_w()).expect_err("errors with -w too");
    let errs =
        |d: &Diagnostics| -> Vec<D> { list(d).into_iter().filter(|x| x.0 == Error).collect() };
    assert_eq!(errs(&plain), errs(&w), "-w changes no error");
    list(&plain)
}

/// Asserts that `src` fails with exactly one diagnostic.
#[track_caller]
fn expect_error(src: &str, line: usize, column: usize, message: &str) {
    assert_eq!(
        errors(src),
        [d(Error, line, column, message)],
        "for:\n{src}"
    );
}

/// The warnings of `src`, which must compile to at least one level.
#[track_caller]
fn warnings(src: &str) -> Vec<D> {
    let file = des::compile(src, "t.des").unwrap_or_else(|e| panic!("{e}"));
    assert!(!file.levels.is_empty(), "warnings never stop output");
    list(&file.warnings)
}

/// Asserts that `src` compiles with exactly one warning.
#[track_caller]
fn expect_warning(src: &str, line: usize, column: usize, message: &str) {
    assert_eq!(
        warnings(src),
        [d(Warning, line, column, message)],
        "for:\n{src}"
    );
}

/// A 5x3 map part; statements added after it start on line 8.
/// Row 1 has a door at (1,1) and a wall at (3,1); the rest is floor.
const MAZE: &str = "MAZE: \"t\", ' '\nGEOMETRY: center, center\nMAP\n.....\n.+.|.\n.....\nENDMAP\n";

fn maze(lines: &str) -> String {
    format!("{MAZE}{lines}")
}

/// A room level with one ordinary room; statements added after it start
/// on line 3.
const ROOM: &str = "LEVEL: \"r\"\nROOM: \"ordinary\", lit, random, random, random\n";

fn room(lines: &str) -> String {
    format!("{ROOM}{lines}")
}

/// `head` followed by `n` lines of `stmt`.
fn repeated(head: &str, stmt: &str, n: usize) -> String {
    let mut s = head.to_string();
    for _ in 0..n {
        s.push_str(stmt);
        s.push('\n');
    }
    s
}

// ---------------------------------------------------------------------
// Level header

#[test]
fn dot_in_level_name() {
    expect_error(
        "MAZE: \"a.b\", ' '\nNOMAP\n",
        1,
        7,
        "Invalid dot ('.') in level name.",
    );
    expect_error("LEVEL: \"..x\"\n", 1, 8, "Invalid dot ('.') in level name.");
}

#[test]
fn level_name_longer_than_8() {
    expect_error(
        "LEVEL: \"abcdefghi\"\n",
        1,
        8,
        "Level names limited to 8 characters.",
    );
    // Exactly 8 is fine.
    assert!(des::compile("LEVEL: \"abcdefgh\"\n", "t.des").is_ok());
    // Both problems at once are both reported, like lev_comp.
    assert_eq!(
        errors("MAZE: \"a.bcdefgh\", ' '\nNOMAP\n"),
        [
            d(Error, 1, 7, "Invalid dot ('.') in level name."),
            d(Error, 1, 7, "Level names limited to 8 characters.")
        ]
    );
}

#[test]
fn message_too_long() {
    let long = "x".repeat(255);
    expect_error(
        &format!("MAZE: \"m\", ' '\nMESSAGE: \"{long}\"\nNOMAP\n"),
        2,
        10,
        "Message string too long (>256 characters)",
    );
    let half = "y".repeat(130);
    expect_error(
        &format!("MAZE: \"m\", ' '\nMESSAGE: \"{half}\"\nMESSAGE: \"{half}\"\nNOMAP\n"),
        3,
        10,
        "Message string too long (>256 characters)",
    );
}

#[test]
fn init_map_foreground_background_and_joined() {
    let init = |args: &str| format!("MAZE: \"m\", ' '\nINIT_MAP: {args}\nNOMAP\n");
    expect_error(
        &init("'x', ' ', true, false, lit, false"),
        2,
        11,
        "Invalid foreground type.",
    );
    expect_error(
        &init("'.', 'x', true, false, lit, false"),
        2,
        16,
        "Invalid background type.",
    );
    expect_error(
        &init("'-', ' ', true, true, lit, false"),
        2,
        27,
        "Invalid foreground type for joined map.",
    );
    assert_eq!(
        errors(&init("'x', 'y', false, true, lit, false")),
        [
            d(Error, 2, 11, "Invalid foreground type."),
            d(Error, 2, 16, "Invalid background type."),
            d(Error, 2, 28, "Invalid foreground type for joined map.")
        ]
    );
    // '#' and '.' may be joined.
    assert!(des::compile(&init("'#', ' ', true, true, lit, false"), "t").is_ok());
}

#[test]
fn invalid_fill_character_is_a_warning_and_means_random() {
    let src = "MAZE: \"m\", 'x'\nNOMAP\n";
    expect_warning(src, 1, 12, "Invalid fill character in MAZE declaration");
    let bad = des::compile(src, "t.des").unwrap();
    let random = des::compile("MAZE: \"m\", random\nNOMAP\n", "t.des").unwrap();
    assert_eq!(bad.levels[0].bytes, random.levels[0].bytes);
}

// ---------------------------------------------------------------------
// Register lists and register indices

#[test]
fn register_lists_initialised_twice() {
    expect_error(
        &maze("RANDOM_OBJECTS: '['\nRANDOM_OBJECTS: ')'\n"),
        9,
        1,
        "Object registers already initialized!",
    );
    expect_error(
        &maze("RANDOM_MONSTERS: 'a'\nRANDOM_MONSTERS: 'b'\n"),
        9,
        1,
        "Monster registers already initialized!",
    );
    expect_error(
        &maze("RANDOM_PLACES: (0,0)\nRANDOM_PLACES: (1,1)\n"),
        9,
        1,
        "Location registers already initialized!",
    );
    let rooms = |lines: &str| {
        format!("LEVEL: \"r\"\n{lines}ROOM: \"ordinary\", lit, random, random, random\n")
    };
    expect_error(
        &rooms("RANDOM_OBJECTS: '['\nRANDOM_OBJECTS: ')'\n"),
        3,
        1,
        "Object registers already initialized!",
    );
    expect_error(
        &rooms("RANDOM_MONSTERS: 'a'\nRANDOM_MONSTERS: 'b'\n"),
        3,
        1,
        "Monster registers already initialized!",
    );
}

#[test]
fn register_lists_longer_than_10() {
    let eleven = |item: &str| [item; 11].join(", ");
    expect_error(
        &maze(&format!("RANDOM_OBJECTS: {}\n", eleven("'['"))),
        8,
        67,
        "Object list too long!",
    );
    expect_error(
        &maze(&format!("RANDOM_MONSTERS: {}\n", eleven("'a'"))),
        8,
        68,
        "Monster list too long!",
    );
    expect_error(
        &maze(&format!("RANDOM_PLACES: {}\n", eleven("(0,0)"))),
        8,
        86,
        "Location list too long!",
    );
    expect_error(
        &format!("LEVEL: \"r\"\nRANDOM_OBJECTS: {}\n", eleven("'['")),
        2,
        67,
        "Object list too long!",
    );
}

#[test]
fn register_index_overflow() {
    for (stmt, column) in [
        ("MONSTER: 'd', random, place[10]", 29),
        ("MONSTER: monster[10], random, random", 18),
        ("OBJECT: object[12], random, random", 16),
        ("ALTAR: random, align[3], altar", 22),
        ("MONSTER: 'd', random, random, align[3]", 37),
    ] {
        expect_error(
            &maze(&format!("{stmt}\n")),
            8,
            column,
            "Register Index overflow!",
        );
    }
    // The largest indices are fine.
    assert!(des::compile(
        &maze("MONSTER: monster[9], random, place[9], align[2]\n"),
        "t"
    )
    .is_ok());
}

#[test]
fn negative_register_index_is_stored_as_lev_comp_stores_it() {
    // lev_comp stores -n-1: `place[-1]` is the plain coordinate (0,0).
    expect_warning(
        &maze("MONSTER: 'd', random, place[-1]\n"),
        8,
        29,
        "Register index -1 is negative",
    );
    expect_warning(
        &maze("OBJECT: object[-3], random, random\n"),
        8,
        16,
        "Register index -3 is negative",
    );
    let file = des::compile(&maze("TRAP: \"arrow\", place[-3]\n"), "t.des").unwrap();
    let des::LevelBody::Maze(m) = &file.levels[0].level.body else {
        panic!("maze")
    };
    let pos = m.parts[0].traps[0].pos;
    assert_eq!((pos.x, pos.y), (2, 2));
}

// ---------------------------------------------------------------------
// Names and classes

#[test]
fn unknown_classes_and_trap_types() {
    expect_error(
        &maze("MONSTER: 'I', random, random\n"),
        8,
        10,
        "Unknown monster class!",
    );
    expect_error(
        &maze("RANDOM_MONSTERS: 'a', 'I'\n"),
        8,
        23,
        "Unknown monster class!",
    );
    expect_error(
        &maze("OBJECT: 'Q', random, random\n"),
        8,
        9,
        "Unknown char class!",
    );
    expect_error(&maze("RANDOM_OBJECTS: 'Q'\n"), 8, 17, "Unknown char class!");
    expect_error(
        &maze("TRAP: \"nope\", random\n"),
        8,
        7,
        "Unknown trap type!",
    );
}

#[test]
fn unknown_names_are_warnings_and_mean_random() {
    let cases = [
        (
            "MONSTER: 'd', \"dragon\", (0,0)",
            15,
            "Invalid monster name!  Making random monster.",
            "MONSTER: 'd', random, (0,0)",
        ),
        // A named monster needs its class letter.
        (
            "MONSTER: random, \"jackal\", (0,0)",
            18,
            "Invalid monster name!  Making random monster.",
            "MONSTER: random, random, (0,0)",
        ),
        (
            "OBJECT: ')', \"banana\", (0,0)",
            14,
            "Illegal object name!  Making random object.",
            "OBJECT: ')', random, (0,0)",
        ),
        (
            "REGION: (0,0,1,1), lit, \"kitchen\"",
            25,
            "Unknown room type!  Making ordinary room...",
            "REGION: (0,0,1,1), lit, \"ordinary\"",
        ),
    ];
    for (stmt, column, message, same_as) in cases {
        let src = maze(&format!("{stmt}\n"));
        expect_warning(&src, 8, column, message);
        assert_eq!(
            des::compile(&src, "t").unwrap().levels[0].bytes,
            des::compile(&maze(&format!("{same_as}\n")), "t")
                .unwrap()
                .levels[0]
                .bytes,
            "{stmt}"
        );
    }
    expect_warning(
        "LEVEL: \"r\"\nROOM: \"kitchen\", lit, random, random, random\n",
        2,
        7,
        "Unknown room type!  Making ordinary room...",
    );
}

#[test]
fn placed_in_wall_warnings_for_every_kind() {
    for (stmt, what) in [
        ("MONSTER: 'd', random, (3,1)", "Monster"),
        ("OBJECT: ')', random, (3,1)", "Object"),
        ("CONTAINER: '(', random, (3,1)", "Object"),
        ("TRAP: random, (3,1)", "Trap"),
        ("LADDER: (3,1), up", "Ladder"),
        ("STAIR: (3,1), up", "Stairway"),
        ("ALTAR: (3,1), noalign, altar", "Altar"),
        ("FOUNTAIN: (3,1)", "Fountain"),
        ("GOLD: 10, (3,1)", "Gold"),
        ("ENGRAVING: (3,1), dust, \"x\"", "Engraving"),
    ] {
        let column = stmt.find("(3").unwrap() + 1;
        expect_warning(
            &maze(&format!("{stmt}\n")),
            8,
            column,
            &format!("{what} placed in wall at (03,01)?!"),
        );
    }
    // A door counts as wall; a NOMAP part's places are checked against
    // the level's earlier map (here none: an error), rooms' not at all.
    expect_warning(
        &maze("MONSTER: 'd', random, (1,1)\n"),
        8,
        23,
        "Monster placed in wall at (01,01)?!",
    );
    let nomap = "MAZE: \"n\", ' '\nNOMAP\nMONSTER: 'd', random, (3,1)\n";
    let e = levbuild::des::compile(nomap, "t.des")
        .unwrap_err()
        .to_string();
    assert!(e.contains("Monster at (03,01) after NOMAP"), "{e}");
    assert!(warnings(&room("MONSTER: 'd', random, (3,1)\n")).is_empty());
}

// ---------------------------------------------------------------------
// Ranges

#[test]
fn coordinates_out_of_map_range() {
    expect_error(
        &maze("MONSTER: 'd', random, (9,9)\n"),
        8,
        23,
        "Coordinates out of map range!",
    );
    expect_error(
        &maze("RANDOM_PLACES: (0,0), (5,0)\n"),
        8,
        23,
        "Coordinates out of map range!",
    );
    expect_error(
        "MAZE: \"n\", ' '\nNOMAP\nGOLD: 1, (80,0)\n",
        3,
        10,
        "Coordinates out of map range!",
    );
    // Not checked on INIT_MAP levels and in rooms.
    assert!(des::compile(
        "MAZE: \"n\", ' '\nINIT_MAP: '.', ' ', true, true, lit, false\nNOMAP\nGOLD: 1, (80,0)\n",
        "t"
    )
    .is_ok());
    assert!(des::compile(&room("GOLD: 1, (99,99)\n"), "t").is_ok());
}

#[test]
fn regions_out_of_map_range() {
    expect_error(
        &maze("REGION: (0,0,9,9), lit, \"ordinary\"\n"),
        8,
        9,
        "Region out of map range!",
    );
    expect_error(
        &maze("NON_DIGGABLE: (0,0,5,1)\n"),
        8,
        15,
        "Region out of map range!",
    );
    expect_error(
        &maze("NON_PASSWALL: (-1,0,1,1)\n"),
        8,
        15,
        "Region out of map range!",
    );
    expect_error(
        &maze("BRANCH: (0,0,1,1), (0,3,0,0)\n"),
        8,
        20,
        "Region out of map range!",
    );
    // Checked even on INIT_MAP levels.
    expect_error(
        "MAZE: \"n\", ' '\nINIT_MAP: '.', ' ', true, true, lit, false\nGEOMETRY: center, center\nMAP\n..\nENDMAP\nNON_DIGGABLE: (0,0,2,0)\n",
        7,
        15,
        "Region out of map range!",
    );
}

#[test]
fn level_regions_out_of_level_range() {
    for (rect, column) in [
        ("levregion(0,0,5,5), (0,0,0,0)", 17),
        ("levregion(1,21,5,5), (0,0,0,0)", 17),
        ("levregion(1,0,80,5), (0,0,0,0)", 17),
        ("levregion(1,0,5,-1), (0,0,0,0)", 17),
        ("(0,0,0,0), levregion(1,0,5,99)", 28),
    ] {
        expect_error(
            &maze(&format!("STAIR: {rect}, up\n")),
            8,
            column,
            "Region out of level range!",
        );
    }
    assert!(des::compile(
        &maze("TELEPORT_REGION: levregion(1,0,79,20), levregion(79,20,79,20)\n"),
        "t"
    )
    .is_ok());
}

#[test]
fn region_start_after_end() {
    expect_error(
        &maze("REGION: (2,2,1,1), lit, \"ordinary\"\n"),
        8,
        9,
        "Region start > end!",
    );
    expect_error(
        &maze("REGION: (0,2,4,0), lit, \"ordinary\"\n"),
        8,
        9,
        "Region start > end!",
    );
}

#[test]
fn chance_not_a_percentage() {
    expect_error(
        &maze("MONSTER[0%]: 'd', random, random\n"),
        8,
        8,
        "Expected percentile chance.",
    );
    expect_error(
        &maze("TRAP[101%]: random, random\n"),
        8,
        5,
        "Expected percentile chance.",
    );
    expect_error(
        &maze("OBJECT[ 200% ]: random, random, random\n"),
        8,
        7,
        "Expected percentile chance.",
    );
}

#[test]
fn map_too_large() {
    let wide = ".".repeat(77);
    expect_error(
        &format!("MAZE: \"m\", ' '\nGEOMETRY: center, center\nMAP\n{wide}\nENDMAP\n"),
        3,
        1,
        "Map too large! (max 76 x 21)",
    );
    let tall = ".\n".repeat(22);
    expect_error(
        &format!("MAZE: \"m\", ' '\nGEOMETRY: center, center\nMAP\n{tall}ENDMAP\n"),
        3,
        1,
        "Map too large! (max 76 x 21)",
    );
    // 76 x 21 fits; digits do not count.
    let max = format!("{}0123\n", ".".repeat(76)).repeat(21);
    assert!(des::compile(
        &format!("MAZE: \"m\", ' '\nGEOMETRY: center, center\nMAP\n{max}ENDMAP\n"),
        "t"
    )
    .is_ok());
}

#[test]
fn values_that_do_not_fit_their_field() {
    // lev_comp keeps the low bits, as C converts; so does levbuild, with a
    // warning saying what is stored (bytes checked against the reference).
    // A number past 32 bits is already cut by atoi as it is read.
    expect_warning(
        &maze("GOLD: 5000000000, random\n"),
        8,
        7,
        "5000000000 is read as 705032704",
    );
    expect_warning(
        &maze("OBJECT: ')', random, random, blessed, 40000\n"),
        8,
        39,
        "Value 40000 does not fit in its field: stored as -25536",
    );
    expect_warning(
        "MAZE: \"m\", ' '\nINIT_MAP: '.', ' ', true, true, lit, false\nNOMAP\nMONSTER: 'd', random, (200,1)\n",
        4,
        24,
        "Value 200 does not fit in its field: stored as -56",
    );
    expect_warning(
        "LEVEL: \"r\"\nROOM: \"ordinary\", lit, random, random, (300,1)\n",
        2,
        40,
        "Value 300 does not fit in its field: stored as 44",
    );
    expect_warning(
        &room("CORRIDOR: (0, north, 0), 128\n"),
        3,
        26,
        "Value 128 does not fit in its field: stored as -128",
    );
    // A number too large for any integer saturates, as atoi does.
    let w = warnings(&maze("GOLD: 99999999999999999999999, random\n"));
    assert_eq!(w.len(), 1);
    assert_eq!((w[0].1, w[0].2), (8, 7));
    assert!(w[0].3.ends_with("is read as -1"), "{w:?}");
    // Coordinates too: (4294967296, 1) is (0, 1), as lev_comp reads it.
    let file = des::compile(&maze("TRAP: \"hole\", (4294967296, 1)\n"), "t").unwrap();
    assert_eq!(
        file.warnings.iter().next().unwrap().message,
        "4294967296 is read as 0"
    );
}

// ---------------------------------------------------------------------
// Map consistency

#[test]
fn door_must_match_the_map() {
    expect_error(
        &maze("DOOR: open, (0,0)\n"),
        8,
        13,
        "Door decl doesn't match the map",
    );
    // '+' and 'S' are doors; random and registers are not checked.
    let ok = "MAZE: \"t\", ' '\nGEOMETRY: center, center\nMAP\n+S\nENDMAP\nDOOR: open, (0,0)\nDOOR: locked, (1,0)\nDOOR: open, random\nDOOR: open, place[0]\n";
    assert!(des::compile(ok, "t").is_ok());
}

#[test]
fn drawbridge_needs_a_wall_and_open_or_closed() {
    expect_error(
        &maze("DRAWBRIDGE: (0,0), north, open\n"),
        8,
        13,
        "Wall needed for drawbridge (00, 00)",
    );
    expect_error(
        &maze("DRAWBRIDGE: (4,2), west, open\n"),
        8,
        13,
        "Wall needed for drawbridge (04, 02)",
    );
    for state in ["random", "locked", "nodoor", "broken"] {
        expect_error(
            &maze(&format!("DRAWBRIDGE: (2,1), east, {state}\n")),
            8,
            26,
            "A drawbridge can only be open or closed!",
        );
    }
    assert!(des::compile(&maze("DRAWBRIDGE: (2,1), east, closed\n"), "t").is_ok());
}

#[test]
fn vaults_must_be_2x2() {
    expect_error(
        &maze("REGION: (0,0,2,2), lit, \"vault\"\n"),
        8,
        9,
        "Vaults must be exactly 2x2!",
    );
    expect_error(
        &maze("REGION: (0,0,1,1), lit, \"vault\", filled, true\n"),
        8,
        9,
        "Vaults must be exactly 2x2!",
    );
    assert!(des::compile(&maze("REGION: (0,0,1,1), lit, \"vault\"\n"), "t").is_ok());
}

#[test]
fn irregular_region_must_start_on_floor() {
    expect_error(
        &maze("REGION: (3,1,3,1), lit, \"ordinary\", filled, true\n"),
        8,
        9,
        "Rock in irregular room (03,01)?!",
    );
    // It is an error with -w too (the -w block is for regular regions).
    let w = des::compile_with(
        &maze("REGION: (3,1,3,1), lit, \"ordinary\", unfilled, true\n"),
        "t",
        &with_w(),
    )
    .unwrap_err();
    assert_eq!(
        list(&w),
        [d(Error, 8, 9, "Rock in irregular room (03,01)?!")]
    );
}

// ---------------------------------------------------------------------
// Rooms

#[test]
fn room_and_subroom_positions() {
    expect_error(
        "LEVEL: \"r\"\nROOM: \"ordinary\", lit, (6,1), random, random\n",
        2,
        24,
        "Room position should be between 1 & 5!",
    );
    expect_error(
        "LEVEL: \"r\"\nROOM: \"ordinary\", lit, (1,0), random, random\n",
        2,
        24,
        "Room position should be between 1 & 5!",
    );
    expect_error(
        &room("NAME: \"x\"\nSUBROOM: \"ordinary\", lit, (-1,0), random, \"x\"\n"),
        4,
        27,
        "Invalid subroom position !",
    );
}

#[test]
fn room_name_and_chance() {
    expect_error(
        &room("NAME: \"a\"\nNAME: \"b\"\n"),
        4,
        7,
        "This room already has a name!",
    );
    expect_error(
        &room("CHANCE: 50\n"),
        3,
        9,
        "Only typed rooms can have a chance!",
    );
    let zoo = "LEVEL: \"r\"\nROOM: \"zoo\", lit, random, random, random\n";
    expect_error(
        &format!("{zoo}CHANCE: 50\nCHANCE: 60\n"),
        4,
        9,
        "This room already assigned a chance!",
    );
    for bad in ["0", "100", "-5"] {
        expect_error(
            &format!("{zoo}CHANCE: {bad}\n"),
            3,
            9,
            "The chance is supposed to be percentile.",
        );
    }
}

#[test]
fn room_door_random_wall_needs_random_position() {
    expect_error(
        &room("DOOR: false, open, random, 3\n"),
        3,
        1,
        "If the door wall is random, so must be its pos!",
    );
}

#[test]
fn corridor_room_numbers() {
    expect_error(
        &room("CORRIDOR: (5, north, 0), (0, south, 0)\n"),
        3,
        12,
        "Wrong room number!",
    );
    expect_error(
        &room("CORRIDOR: (0, north, 0), (1, south, 0)\n"),
        3,
        27,
        "Wrong room number!",
    );
    expect_error(
        &room("CORRIDOR: (-1, north, 0), 2\n"),
        3,
        12,
        "Wrong room number!",
    );
    expect_error(
        "LEVEL: \"r\"\nCORRIDOR: (0, north, 0), 2\n",
        2,
        12,
        "Wrong room number!",
    );
}

#[test]
fn subroom_parents() {
    expect_error(
        &room("SUBROOM: \"ordinary\", lit, random, random, \"nope\"\n"),
        3,
        43,
        "Subroom error : parent room 'nope' not found!",
    );
    let mut many = room("NAME: \"p\"\n");
    for _ in 0..25 {
        many.push_str("SUBROOM: \"ordinary\", lit, random, random, \"p\"\n");
    }
    expect_error(
        &many,
        28,
        43,
        "Subroom error: too many subrooms attached to parent room 'p'!",
    );
    // 24 are fine.
    let mut ok = room("NAME: \"p\"\n");
    for _ in 0..24 {
        ok.push_str("SUBROOM: \"ordinary\", lit, random, random, \"p\"\n");
    }
    assert!(des::compile(&ok, "t").is_ok());
}

// ---------------------------------------------------------------------
// Record counts

#[test]
fn record_count_limits_in_map_parts() {
    let cases = [
        (
            "MONSTER: 'd', random, random",
            "Too many monsters in room or mazepart!",
        ),
        (
            "OBJECT: ')', random, random",
            "Too many objects in room or mazepart!",
        ),
        (
            "TRAP: random, random",
            "Too many traps in room or mazepart!",
        ),
        ("STAIR: random, up", "Too many stairs in room or mazepart!"),
        (
            "ALTAR: random, random, random",
            "Too many altars in room or mazepart!",
        ),
        (
            "FOUNTAIN: random",
            "Too many fountains in room or mazepart!",
        ),
        ("GOLD: 1, random", "Too many golds in room or mazepart!"),
        (
            "ENGRAVING: random, dust, \"x\"",
            "Too many engravings in room or mazepart!",
        ),
        ("DOOR: open, random", "Too many doors in mazepart!"),
        (
            "DRAWBRIDGE: random, east, open",
            "Too many drawbridges in mazepart!",
        ),
        ("MAZEWALK: random, east", "Too many mazewalks in mazepart!"),
        ("LADDER: random, up", "Too many ladders in mazepart!"),
        ("NON_DIGGABLE: (0,0,1,1)", "Too many diggables in mazepart!"),
        (
            "REGION: (0,0,0,0), lit, \"ordinary\"",
            "Too many regions in mazepart!",
        ),
        (
            "TELEPORT_REGION: (0,0,1,1), (0,0,0,0)",
            "Too many levregions in mazepart!",
        ),
        (
            "PORTAL: (0,0,1,1), (0,0,0,0), \"x\"",
            "Too many levregions in mazepart!",
        ),
    ];
    for (stmt, message) in cases {
        // 127 is the real maximum; the 128th (line 8 + 127) is reported.
        expect_error(&repeated(MAZE, stmt, 128), 8 + 127, 1, message);
        assert!(
            des::compile(&repeated(MAZE, stmt, 127), "t").is_ok(),
            "127 x {stmt} are fine"
        );
    }
    expect_error(
        &repeated(MAZE, "NON_PASSWALL: (0,0,1,1)", 32),
        8 + 31,
        1,
        "Too many passwalls in mazepart!",
    );
    assert!(des::compile(&repeated(MAZE, "NON_PASSWALL: (0,0,1,1)", 31), "t").is_ok());
    // Each part has its own counts.
    let two = format!(
        "{}NOMAP\n{}",
        repeated(MAZE, "FOUNTAIN: random", 127),
        repeated("", "FOUNTAIN: random", 127)
    );
    assert!(des::compile(&two, "t").is_ok());
}

#[test]
fn record_count_limits_in_rooms() {
    let cases = [
        ("DOOR: false, open, north, 1", "Too many doors in room!"),
        ("SINK: random", "Too many sinks in room!"),
        ("POOL: random", "Too many pools in room!"),
        (
            "MONSTER: 'd', random, random",
            "Too many monsters in room or mazepart!",
        ),
        (
            "OBJECT: ')', random, random",
            "Too many objects in room or mazepart!",
        ),
        (
            "TRAP: random, random",
            "Too many traps in room or mazepart!",
        ),
        ("STAIR: random, up", "Too many stairs in room or mazepart!"),
        (
            "ALTAR: random, random, random",
            "Too many altars in room or mazepart!",
        ),
        (
            "FOUNTAIN: random",
            "Too many fountains in room or mazepart!",
        ),
        ("GOLD: 1, random", "Too many golds in room or mazepart!"),
        (
            "ENGRAVING: random, dust, \"x\"",
            "Too many engravings in room or mazepart!",
        ),
        ("CORRIDOR: (0, north, 0), 1", "Too many corridors in level!"),
    ];
    for (stmt, message) in cases {
        expect_error(&repeated(ROOM, stmt, 128), 3 + 127, 1, message);
        assert!(
            des::compile(&repeated(ROOM, stmt, 127), "t").is_ok(),
            "127 x {stmt} are fine"
        );
    }
}

// ---------------------------------------------------------------------
// levbuild's deliberate errors where lev_comp overflows or misbehaves

/// Every 3.4.3-family `lev_comp` holds 10 map parts (`tmppart[10]`) and
/// writes a level of 10, which the game's `load_maze` refuses (it panics
/// on `numpart > 9`): written, with a warning (#34 item 4). An 11th part
/// is written past lev_comp's table: an error.
#[test]
fn ten_map_parts_are_written_with_a_warning_and_eleven_refused() {
    expect_error(
        &repeated("MAZE: \"m\", ' '\n", "NOMAP", 11),
        1,
        7,
        "Too many map parts in level (11)!",
    );
    let ten = repeated("MAZE: \"m\", ' '\n", "NOMAP", 10);
    assert_eq!(
        warnings(&ten),
        [d(
            Warning,
            1,
            7,
            "Level has 10 map parts: the game loads at most 9"
        )]
    );
    assert!(warnings(&repeated("MAZE: \"m\", ' '\n", "NOMAP", 9)).is_empty());
}

#[test]
fn more_than_80_rooms() {
    let head = "LEVEL: \"r\"\n";
    let stmt = "ROOM: \"ordinary\", lit, random, random, random";
    expect_error(&repeated(head, stmt, 81), 82, 1, "Too many rooms in level!");
    assert!(des::compile(&repeated(head, stmt, 80), "t").is_ok());
}

#[test]
fn unsafe_level_names() {
    // lev_comp would write outside the output directory or fail.
    for (name, why) in [
        ("a/b", "contains '/'"),
        ("a\\b", "contains '\\\\'"),
        ("", "is empty"),
        ("x:y", "contains ':'"),
        ("t\tab", "contains '\\t'"),
    ] {
        let src = format!("MAZE: \"{name}\", ' '\nNOMAP\n");
        let diags = des::compile(&src, "t").unwrap_err();
        assert_eq!(
            list(&diags),
            [d(Error, 1, 7, "Level name is not a safe file name")],
            "{name:?}"
        );
        let label = diags.iter().next().unwrap().label.clone().unwrap();
        assert!(label.contains(why), "{label:?} should say {why:?}");
    }
    // Names with dots are already lev_comp errors.
    expect_error(
        "MAZE: \"..\", ' '\nNOMAP\n",
        1,
        7,
        "Invalid dot ('.') in level name.",
    );
}

#[test]
fn level_defined_twice_in_a_file_is_written_over_as_lev_comp_writes_it() {
    // lev_comp writes each definition to NAME.lev as it finishes it,
    // opening the file without truncating it: the later one over the
    // earlier one, whose bytes past its end remain.
    let long = "MAZE: \"a\", ' '\nGEOMETRY: center, center\nMAP\n....\n....\nENDMAP\n\
                FOUNTAIN: (1,1)\nMONSTER: 'd', \"jackal\", (0,0)\n";
    let short = "LEVEL: \"a\"\nROOM: \"ordinary\", lit, random, random, random\n";
    let alone = |src: &str| des::compile(src, "t").unwrap().levels.remove(0).bytes;
    let (long_bytes, short_bytes) = (alone(long), alone(short));
    assert!(long_bytes.len() > short_bytes.len());
    let options = des::Options::default();
    for (first, second, first_bytes, second_bytes) in [
        (long, short, &long_bytes, &short_bytes),
        (short, long, &short_bytes, &long_bytes),
    ] {
        let src = format!("{first}\n{second}");
        let file = des::compile_levels(&src, "t", &options).unwrap();
        let mut want = second_bytes.clone();
        want.extend_from_slice(first_bytes.get(second_bytes.len()..).unwrap_or_default());
        assert_eq!(file.levels.len(), 1);
        assert!(file.levels[0].bytes == want, "{first:?} then {second:?}");
        let w: Vec<_> = file.warnings.warnings().collect();
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].code, Some("level-defined-twice"));
        assert_eq!(w[0].message, "Level \"a\" is defined twice in this file");
        assert_eq!(w[0].label.as_deref(), Some("first defined on line 1"));
        // The typed result keeps both definitions, in order.
        let typed = des::compile(&src, "t").unwrap();
        let bytes: Vec<&Vec<u8>> = typed.levels.iter().map(|l| &l.bytes).collect();
        assert_eq!(bytes, [first_bytes, second_bytes]);
    }
}

#[test]
fn room_names_longer_than_their_16_bit_length() {
    let long = "n".repeat(32768);
    let diags = des::compile(&room(&format!("NAME: \"{long}\"\n")), "t").unwrap_err();
    assert_eq!(list(&diags), [d(Error, 3, 7, "Room name is too long")]);
    // (Its parent is not found either: no room can have that name.)
    let errs = errors(&room(&format!(
        "SUBROOM: \"ordinary\", lit, random, random, \"{long}\"\n"
    )));
    let short: Vec<_> = errs
        .iter()
        .map(|(s, l, c, m)| (*s, *l, *c, m.chars().take(30).collect::<String>()))
        .collect();
    assert_eq!(
        short,
        [
            d(Error, 3, 43, "Parent room name is too long"),
            d(Error, 3, 43, "Subroom error : parent room 'n")
        ]
    );
    let fits = "n".repeat(32767);
    let l = des::compile(&room(&format!("NAME: \"{fits}\"\n")), "t").unwrap();
    assert_eq!(
        l.levels[0].level.body,
        des::decode(
            &l.levels[0].bytes,
            "r",
            &Game::nethack_343(),
            Layout::host()
        )
        .unwrap()
        .body
    );
}

#[test]
fn one_by_one_map_on_an_init_map_level() {
    // lev_comp writes no map byte for it, so its cell cannot be kept.
    let src = "MAZE: \"m\", ' '\nINIT_MAP: '.', ' ', true, true, lit, false\nGEOMETRY: center, center\nMAP\n.\nENDMAP\n";
    expect_warning(
        src,
        4,
        1,
        "A 1x1 map on an INIT_MAP level is stored without its cell",
    );
    let stone = src.replace("MAP\n.\n", "MAP\n \n");
    assert!(warnings(&stone).is_empty());
    assert_eq!(
        des::compile(src, "t").unwrap().levels[0].bytes,
        des::compile(&stone, "t").unwrap().levels[0].bytes
    );
}

#[test]
fn maze_without_parts_and_empty_maps() {
    expect_error("MAZE: \"m\", ' '\n", 1, 7, "Maze level has no map part");
    // An empty MAP is a map part of width 0 and as many rows as it has
    // lines, as lev_comp stores it (checked against 3.4.3's lev_comp).
    for (src, height) in [
        (
            "MAZE: \"m\", ' '\nGEOMETRY: center, center\nMAP\nENDMAP\n",
            0,
        ),
        (
            "MAZE: \"m\", ' '\nGEOMETRY: center, center\nMAP\n\nENDMAP\n",
            1,
        ),
        (
            "MAZE: \"m\", ' '\nGEOMETRY: center, center\nMAP\n\n\nENDMAP\n",
            2,
        ),
    ] {
        expect_warning(src, 3, 1, "Empty map");
        let file = des::compile(src, "t.des").unwrap();
        let des::LevelBody::Maze(m) = &file.levels[0].level.body else {
            panic!("maze")
        };
        assert_eq!((m.parts[0].map.width, m.parts[0].map.height), (0, height));
    }
}

#[test]
fn statements_in_the_wrong_place() {
    let cases: [(String, usize, usize, &str); 11] = [
        (
            "MONSTER: 'd', random, random\n".into(),
            1,
            1,
            "MONSTER outside a level",
        ),
        (maze("FLAGS: noteleport\n"), 8, 1, "FLAGS is out of place"),
        (
            "MAZE: \"m\", ' '\nMESSAGE: \"a\"\nINIT_MAP: '.', ' ', true, true, lit, false\nNOMAP\n"
                .into(),
            3,
            1,
            "INIT_MAP is out of place",
        ),
        (maze("MESSAGE: \"late\"\n"), 8, 1, "MESSAGE is out of place"),
        (
            maze("ROOM: \"ordinary\", lit, random, random, random\n"),
            8,
            1,
            "ROOM is not allowed in a MAZE level",
        ),
        (
            "LEVEL: \"r\"\nMONSTER: 'd', random, random\n".into(),
            2,
            1,
            "MONSTER outside a room",
        ),
        (
            room("WALLIFY\n"),
            3,
            1,
            "WALLIFY is not allowed in a LEVEL (room) level",
        ),
        (
            "MAZE: \"m\", ' '\nMONSTER: 'd', random, random\nNOMAP\n".into(),
            2,
            1,
            "MONSTER before the first map part",
        ),
        (
            maze("MONSTER: 'd', random, random\nRANDOM_OBJECTS: '['\n"),
            9,
            1,
            "RANDOM_OBJECTS is out of place",
        ),
        (
            room("RANDOM_CORRIDORS\nCORRIDOR: (0, north, 0), 1\n"),
            4,
            1,
            "CORRIDOR is out of place",
        ),
        (
            room("CORRIDOR: (0, north, 0), 1\nMONSTER: 'd', random, random\n"),
            4,
            1,
            "MONSTER is out of place",
        ),
    ];
    for (src, line, column, message) in cases {
        expect_error(&src, line, column, message);
    }
}

// ---------------------------------------------------------------------
// -w warnings

#[test]
fn rock_in_room_and_nonrock_edge_only_with_extra_warnings() {
    let src = maze("REGION: (1,1,3,1), lit, \"ordinary\"\n");
    let w = des::compile_with(&src, "t.des", &with_w()).unwrap();
    assert_eq!(
        list(&w.warnings),
        [
            d(Warning, 8, 9, "Rock in room (01,01,03,01)?!"),
            d(Warning, 8, 9, "NonRock edge in room (01,01,03,01)?!")
        ]
    );
    assert_eq!(
        w.warnings.legacy_lines(LegacyTool::LevComp),
        [
            "t.des: line 8 : WARNING : Rock in room (01,01,03,01)?!",
            "t.des: line 8 : WARNING : NonRock edge in room (01,01,03,01)?!"
        ]
    );
    let plain = des::compile(&src, "t.des").unwrap();
    assert!(plain.warnings.is_empty(), "no -w, no warning");
    assert_eq!(plain.levels, w.levels, "-w changes no output");
    // Only regular regions strictly inside the map are looked at.
    let edge = maze("REGION: (0,0,3,1), lit, \"ordinary\"\n");
    assert!(des::compile_with(&edge, "t", &with_w())
        .unwrap()
        .warnings
        .is_empty());
}

#[test]
fn warnings_never_stop_output() {
    let src = maze(
        "MONSTER: 'd', \"dragon\", (1,1)\nOBJECT: ')', \"banana\", (3,1)\nREGION: (0,0,1,1), lit, \"kitchen\"\n",
    );
    let file = des::compile(&src, "t.des").unwrap();
    assert_eq!(file.levels.len(), 1);
    assert_eq!(
        list(&file.warnings),
        [
            d(
                Warning,
                8,
                15,
                "Invalid monster name!  Making random monster."
            ),
            d(Warning, 8, 25, "Monster placed in wall at (01,01)?!"),
            d(
                Warning,
                9,
                14,
                "Illegal object name!  Making random object."
            ),
            d(Warning, 9, 24, "Object placed in wall at (03,01)?!"),
            d(
                Warning,
                10,
                25,
                "Unknown room type!  Making ordinary room..."
            )
        ]
    );
    assert_eq!(
        file.warnings.legacy_lines(LegacyTool::LevComp)[0],
        "t.des: line 8 : WARNING : Invalid monster name!  Making random monster."
    );
}

// ---------------------------------------------------------------------
// Many errors, no output

#[test]
fn any_error_means_no_output_for_the_whole_file() {
    // The first level is fine, the second has one error: nothing at all.
    let src = "MAZE: \"good\", ' '\nNOMAP\nMAZE: \"bad\", ' '\nNOMAP\nTRAP: \"nope\", random\n";
    let diags = des::compile(src, "t.des").unwrap_err();
    assert_eq!(list(&diags), [d(Error, 5, 7, "Unknown trap type!")]);
    assert_eq!(
        diags.legacy_lines(LegacyTool::LevComp),
        ["t.des: line 5 : Unknown trap type!"]
    );
    // Warnings before and after the error are part of the answer too.
    let src = maze(
        "MONSTER: 'd', \"dragon\", (0,0)\nTRAP: \"nope\", random\nOBJECT: ')', \"banana\", (0,0)\n",
    );
    assert_eq!(
        errors(&src),
        [
            d(
                Warning,
                8,
                15,
                "Invalid monster name!  Making random monster."
            ),
            d(Error, 9, 7, "Unknown trap type!"),
            d(
                Warning,
                10,
                14,
                "Illegal object name!  Making random object."
            )
        ]
    );
}

#[test]
fn every_error_of_a_file_is_reported() {
    let src = "MAZE: \"m\", ' '\nNOMAP\nMONSTER: 'I', random, random\nMONSTER: 'd', random, random\nTRAP: \"nope\", random\nOBJECT: ')', random, random\n# a comment\nGOLD: 5, random\nOBJECT: 'Q', random, random\n";
    assert_eq!(
        errors(src),
        [
            d(Error, 3, 10, "Unknown monster class!"),
            d(Error, 5, 7, "Unknown trap type!"),
            d(Error, 9, 9, "Unknown char class!")
        ]
    );
    // Errors in different levels of one file are all reported too.
    let src = "MAZE: \"a\", ' '\nNOMAP\nMONSTER: 'I', random, random\nLEVEL: \"b\"\nROOM: \"ordinary\", lit, (9,9), random, random\nCHANCE: 5\n";
    assert_eq!(
        errors(src),
        [
            d(Error, 3, 10, "Unknown monster class!"),
            d(Error, 5, 24, "Room position should be between 1 & 5!"),
            d(Error, 6, 9, "Only typed rooms can have a chance!")
        ]
    );
}

#[test]
fn every_syntax_error_is_reported_and_parsing_recovers() {
    let src = maze(
        "MONSTER: 'd', \"jackal\", (1 1)\nTRAP: \"arrow\", (2,2)\nDOOR open, (1,1)\nOBJECT: ')', \"dagger\" (0,0)\nFOUNTAIN: (0,0)\n@\nTRAP: \"nope\", (0,0)\n",
    );
    let diags = des::compile(&src, "t.des").unwrap_err();
    assert_eq!(
        list(&diags),
        [
            d(Error, 8, 28, "syntax error"),
            d(Error, 10, 6, "syntax error"),
            d(Error, 11, 23, "syntax error"),
            d(Error, 13, 1, "syntax error"),
            // A statement after the syntax errors is still checked.
            d(Error, 14, 7, "Unknown trap type!")
        ]
    );
    let labels: Vec<_> = diags.iter().map(|d| d.label.clone().unwrap()).collect();
    assert_eq!(
        labels[..4],
        [
            "found integer 1, expected `,`",
            "found `open`, expected `:`",
            "found `(`, expected `,`",
            // A stray character ends the statement before it.
            "found `@`, expected the end of the statement"
        ]
    );
}

#[test]
fn a_broken_header_part_or_room_does_not_cascade() {
    // Only the syntax errors and the real errors after them: nothing is
    // checked against the previous part or room, and nothing is "outside
    // a room" or "before the first map part".
    let cases = [
        (
            "MAZE: \"a\" ' '\nNOMAP\nMONSTER: 'I', random, random\nMAZE: \"b\", ' '\nNOMAP\nTRAP: \"x\", random\n",
            vec![d(Error, 1, 11, "syntax error"), d(Error, 6, 7, "Unknown trap type!")],
        ),
        (
            "MAZE: \"a\", ' '\nGEOMETRY: center center\nMAP\n......\nENDMAP\nMONSTER: 'd', random, (5,1)\n",
            vec![d(Error, 2, 18, "syntax error")],
        ),
        (
            "MAZE: \"a\", ' '\nGEOMETRY: center, center\nMAP\n..\nENDMAP\nGEOMETRY: center center\nMAP\n......\n......\nENDMAP\nMONSTER: 'd', random, (5,1)\nNOMAP\nMONSTER: 'I', random, random\n",
            vec![d(Error, 6, 18, "syntax error"), d(Error, 13, 10, "Unknown monster class!")],
        ),
        (
            "LEVEL: \"a\"\nROOM: \"ordinary\" , lit, random, random\nMONSTER: 'd', random, random\nCHANCE: 5\nROOM: \"zoo\", lit, random, random, random\nCHANCE: 0\nCORRIDOR: (1, north, 0), 0\n",
            vec![
                d(Error, 2, 39, "syntax error"),
                d(Error, 6, 9, "The chance is supposed to be percentile."),
            ],
        ),
        (
            "LEVEL: \"a\"\nROOM: \"ordinary\", lit, random, random, random\nNAME: \"p\"\nSUBROOM: \"ordinary\", lit, random random, \"p\"\nNAME: \"x\"\nSUBROOM: \"ordinary\", lit, random, random, \"x\"\n",
            vec![d(Error, 4, 34, "syntax error")],
        ),
    ];
    for (src, want) in cases {
        assert_eq!(errors(src), want, "for:\n{src}");
    }
}

#[test]
fn syntax_error_labels_name_the_token_found() {
    for (stmt, column, found) in [
        ("MONSTER: 'd', random, (1,1), sleepy", 30, "found `sleepy`"),
        ("GOLD: \"ten\", random", 7, "found string \"ten\""),
        ("OBJECT: ')', random, random, 1.5", 30, "found integer 1"),
        ("LADDER: (1,1), sideways", 16, "found `sideways`"),
        ("MAZEWALK: (1,1), up", 18, "found `up`"),
        ("ALTAR: (1,1), law", 18, "found the end of the statement"),
        ("REGION: (0,0,1,1), lit, [50%]", 25, "found chance [50%]"),
    ] {
        let diags = des::compile(&maze(&format!("{stmt}\n")), "t.des").unwrap_err();
        let first = diags.iter().next().unwrap();
        assert_eq!(
            (first.message.as_str(), first.line, first.column),
            ("syntax error", 8, column),
            "{stmt}"
        );
        let label = first.label.as_deref().unwrap();
        assert!(label.starts_with(found), "{stmt}: {label}");
        assert!(label.contains("expected"), "{stmt}: {label}");
    }
}

#[test]
fn unterminated_string() {
    // No closing quote anywhere after it: the rest of the line is the
    // bad token, and the following lines are still compiled.
    let diags = des::compile(
        &maze("ENGRAVING: (0,0), dust, \"never closed\nFOUNTAIN: (0,0)\nTRAP: random, (9,9)\n"),
        "t.des",
    )
    .unwrap_err();
    assert_eq!(
        list(&diags),
        [
            d(Error, 8, 25, "syntax error"),
            d(Error, 10, 15, "Coordinates out of map range!")
        ]
    );
    assert_eq!(
        diags.iter().next().unwrap().label.as_deref(),
        Some(
            "found unterminated string \"never closed, expected a string for the text of ENGRAVING"
        )
    );
    // Strings span lines: a later quote closes it, and the error is where
    // the swallowed text ends.
    let diags = des::compile(
        &maze("ENGRAVING: (0,0), dust, \"never closed\nFOUNTAIN: (0,0)\nTRAP: \"arrow\", (0,0)\n"),
        "t.des",
    )
    .unwrap_err();
    assert_eq!(list(&diags), [d(Error, 10, 8, "syntax error")]);
    // Unterminated in the header.
    let diags = des::compile("MAZE: \"m, ' '\n", "t.des").unwrap_err();
    let e = diags.iter().next().unwrap();
    assert_eq!(
        (e.line, e.column, e.message.as_str()),
        (1, 7, "syntax error")
    );
    assert!(e.label.as_deref().unwrap().contains("unterminated string"));
}

#[test]
fn map_without_endmap() {
    let diags = des::compile(
        "MAZE: \"m\", ' '\nGEOMETRY: center, center\nMAP\n...\n...\n",
        "t.des",
    )
    .unwrap_err();
    // The block the file ends in gives no token (lev_comp ignores it,
    // with a warning here): the GEOMETRY lacks its map.
    assert_eq!(
        list(&diags),
        [
            d(Error, 2, 25, "syntax error"),
            d(Warning, 3, 1, "MAP block without ENDMAP")
        ]
    );
    assert_eq!(
        diags.iter().next().unwrap().label.as_deref(),
        Some(
            "found the end of the statement, expected a MAP … ENDMAP block for the map of GEOMETRY"
        )
    );
}

#[test]
fn binary_garbage_and_nul_bytes_end_the_file_as_lev_comp_reads_it() {
    // lev_comp's scanner stops at a NUL or a byte over 0x7F: what came
    // before is compiled, with a warning saying where the file ended.
    let file = des::compile("MAZE: \"m\", ' '\nNOMAP\n\0\0\u{1}garbage\n", "t.des").unwrap();
    let first = file.warnings.iter().next().unwrap();
    assert_eq!(
        (
            first.severity,
            first.line,
            first.column,
            first.message.as_str()
        ),
        (Warning, 3, 1, "the rest of the file is ignored")
    );
    assert_eq!(file.levels.len(), 1);
    // NUL inside a statement: the statement is cut short, an error.
    let diags = des::compile(&maze("MONSTER: 'd',\0 random, random\n"), "t.des").unwrap_err();
    let first = diags.errors().next().unwrap();
    assert_eq!((first.line, first.message.as_str()), (8, "syntax error"));
    // Binary garbage starting with a NUL is an empty file.
    let bytes: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
    let text = String::from_utf8_lossy(&bytes);
    let file = des::compile(&text, "t.des").unwrap();
    assert!(file.levels.is_empty());
    // Control characters other than NUL are tokens the parser refuses.
    assert!(des::compile("MAZE: \"m\", ' '\nNOMAP\n\u{1}\n", "t.des").is_err());
    let file = des::compile("\u{feff}MAZE: \"m\", ' '\nNOMAP\n", "t.des").unwrap();
    assert!(file.levels.is_empty());
}

#[test]
fn errors_past_200_are_counted() {
    let src = repeated(MAZE, "FLAGS: noteleport", 250);
    let diags = des::compile(&src, "t.des").unwrap_err();
    assert_eq!(diags.len(), 201);
    assert!(diags
        .iter()
        .take(200)
        .all(|e| e.message == "FLAGS is out of place"));
    assert_eq!(diags.iter().nth(199).unwrap().line, 8 + 199);
    let last = diags.iter().last().unwrap();
    assert_eq!(
        (last.severity, last.message.as_str()),
        (Error, "50 more errors not shown")
    );
}

#[test]
fn hundreds_of_levels_are_fine() {
    // lev_comp's fixed parser stack overflows here; levbuild has none.
    let src: String = (0..400)
        .map(|i| format!("MAZE: \"l{i}\", ' '\nNOMAP\n"))
        .collect();
    assert_eq!(des::compile(&src, "t.des").unwrap().levels.len(), 400);
}

#[test]
fn misspelt_names_get_a_suggestion() {
    let help = |src: &str| -> Vec<Option<String>> {
        let file = des::compile(src, "t.des").unwrap_or_else(|e| panic!("{e}"));
        file.warnings.iter().map(|d| d.help.clone()).collect()
    };
    assert_eq!(
        help(&maze("MONSTER: '@', \"soldierx\", (0,0)\n")),
        [Some("did you mean \"soldier\"?".to_string())]
    );
    assert_eq!(
        help(&maze("MONSTER: 'd', \"soldier\", (0,0)\n")),
        [Some("\"soldier\" is of class '@'".to_string())]
    );
    assert_eq!(
        help(&maze("OBJECT: ')', \"long swrd\", (0,0)\n")),
        [Some("did you mean \"long sword\"?".to_string())]
    );
    assert_eq!(help(&maze("MONSTER: '@', \"zzzzzzzz\", (0,0)\n")), [None]);
    assert_eq!(
        help("LEVEL: \"r\"\nROOM: \"ordinery\", lit, random, random, random\n"),
        [Some("did you mean \"ordinary\"?".to_string())]
    );
    let e = des::compile(&maze("TRAP: \"polymorf\", (0,0)\n"), "t.des").unwrap_err();
    let trap_help = e.iter().next().unwrap().help.clone().unwrap();
    assert!(
        trap_help.starts_with("did you mean \"polymorph\"? trap names:"),
        "{trap_help}"
    );
}

/// A NetHack 3.6 file compiled as 3.4.3 (a default build, #35) is one
/// error saying so, shown first, and the first three syntax errors; not
/// one or more errors a line of the file.
#[test]
fn a_36_file_compiled_as_343_says_so_and_cuts_the_cascade() {
    let mut src = String::from(
        "# a 3.6 level\nMAZE: \"x\", ' '\nGEOMETRY: center, center\nMAP\n...\nENDMAP\n",
    );
    for i in 0..50 {
        src.push_str(&format!("OBJECT: ('(', \"crystal ball\"), ({i},1)\n"));
    }
    src.push_str("$place = { (1,1), (2,2) }\n");
    let err = des::compile(&src, "t.des").unwrap_err();
    let errors: Vec<D> = list(&err);
    assert_eq!(errors.len(), 4, "{err}");
    assert_eq!(
        errors[0],
        d(
            Error,
            7,
            1,
            "this looks like a NetHack 3.6 level file, compiled as NetHack 3.4.3"
        )
    );
    let note = err.iter().next().unwrap();
    let help = note.help.as_deref().unwrap();
    assert!(help.contains("--dialect 3.6"), "{help}");
    assert!(help.contains("the first 3 of its "), "{help}");
    assert!(
        errors[1..].iter().all(|e| e.3 == "syntax error"),
        "{errors:?}"
    );
    assert_eq!((errors[1].1, errors[3].1), (7, 9));
    // Through `compile_levels`, as a build compiles it, the same.
    let blobs = des::compile_levels(&src, "t.des", &Options::default()).unwrap_err();
    assert_eq!(list(&blobs), errors);
}

/// A 3.4.3 file with errors and no sign of 3.6 keeps every error.
#[test]
fn a_343_file_with_many_errors_keeps_them() {
    let src = maze(&"OBJECT: '(', \"crystal ball\", (1,1) junk\n".repeat(10));
    assert_eq!(errors(&src).len(), 10);
}
