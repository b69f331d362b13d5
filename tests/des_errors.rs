//! Every reachable error and warning of lev_comp (§7.2 of the format
//! notes), and levbuild's own sane errors: each case asserts the message,
//! its severity and its line.
//!
//! Unreachable in lev_comp and so not tested: `Invalid drawbridge
//! direction` (the grammar only admits directions), `Invalid character @
//! … - replacing with stone` (the lexer only lets map characters into a
//! map), `Sinks are not allowed in this version!` (SINKS is defined),
//! `Can't write output file!!` (a CLI I/O failure, not a compile error).

use levbuild::des::{self, Options};
use levbuild::{Diagnostics, Severity};

/// All diagnostics of `src` (compiled with `-w`) as (severity, line, message).
fn diags(src: &str) -> Vec<(Severity, usize, String)> {
    let d: Diagnostics = match des::compile_with(
        src,
        "t.des",
        &Options {
            extra_warnings: true,
        },
    ) {
        Ok(f) => f.warnings,
        Err(d) => d,
    };
    d.iter()
        .map(|d| (d.severity, d.line, d.message.clone()))
        .collect()
}

#[track_caller]
fn expect(src: &str, severity: Severity, line: usize, message: &str) {
    let got = diags(src);
    assert!(
        got.iter()
            .any(|(s, l, m)| *s == severity && *l == line && m == message),
        "expected {severity} on line {line}: {message:?}\ngot {got:?}\nfor:\n{src}"
    );
    if severity == Severity::Error {
        assert!(
            des::compile(src, "t.des").is_err(),
            "an error means no output"
        );
    }
}

/// A 5x3 map part; statements added after it start on line 8.
/// Row 1 has a door at (1,1) and a wall at (3,1).
const MAZE: &str = "MAZE: \"t\", ' '\nGEOMETRY: center, center\nMAP\n.....\n.+.|.\n.....\nENDMAP\n";
/// A room level with one room; statements added after it start on line 3.
const ROOM: &str = "LEVEL: \"r\"\nROOM: \"ordinary\", lit, random, random, random\n";

fn maze(lines: &str) -> String {
    format!("{MAZE}{lines}")
}

fn room(lines: &str) -> String {
    format!("{ROOM}{lines}")
}

use Severity::{Error, Warning};

#[test]
fn level_header_errors() {
    expect(
        "MAZE: \"a.b\", ' '\nNOMAP\n",
        Error,
        1,
        "Invalid dot ('.') in level name.",
    );
    expect(
        "LEVEL: \"abcdefghi\"\n",
        Error,
        1,
        "Level names limited to 8 characters.",
    );
    let long = "x".repeat(255);
    expect(
        &format!("MAZE: \"m\", ' '\nMESSAGE: \"{long}\"\nNOMAP\n"),
        Error,
        2,
        "Message string too long (>256 characters)",
    );
    let half = "y".repeat(130);
    expect(
        &format!("MAZE: \"m\", ' '\nMESSAGE: \"{half}\"\nMESSAGE: \"{half}\"\nNOMAP\n"),
        Error,
        3,
        "Message string too long (>256 characters)",
    );
    expect(
        "MAZE: \"m\", ' '\nINIT_MAP: 'x', ' ', true, false, lit, false\nNOMAP\n",
        Error,
        2,
        "Invalid foreground type.",
    );
    expect(
        "MAZE: \"m\", ' '\nINIT_MAP: '.', 'x', true, false, lit, false\nNOMAP\n",
        Error,
        2,
        "Invalid background type.",
    );
    expect(
        "MAZE: \"m\", ' '\nINIT_MAP: '-', ' ', true, true, lit, false\nNOMAP\n",
        Error,
        2,
        "Invalid foreground type for joined map.",
    );
    expect(
        "MAZE: \"m\", 'x'\nNOMAP\n",
        Warning,
        1,
        "Invalid fill character in MAZE declaration",
    );
}

#[test]
fn register_errors() {
    expect(
        &maze("RANDOM_OBJECTS: '['\nRANDOM_OBJECTS: ')'\n"),
        Error,
        9,
        "Object registers already initialized!",
    );
    expect(
        &maze("RANDOM_MONSTERS: 'a'\nRANDOM_MONSTERS: 'b'\n"),
        Error,
        9,
        "Monster registers already initialized!",
    );
    expect(
        &maze("RANDOM_PLACES: (0,0)\nRANDOM_PLACES: (1,1)\n"),
        Error,
        9,
        "Location registers already initialized!",
    );
    expect(
        &room_level_regs("RANDOM_OBJECTS: '['\nRANDOM_OBJECTS: ')'\n"),
        Error,
        3,
        "Object registers already initialized!",
    );
    let eleven = ["'['"; 11].join(", ");
    expect(
        &maze(&format!("RANDOM_OBJECTS: {eleven}\n")),
        Error,
        8,
        "Object list too long!",
    );
    let eleven = ["'a'"; 11].join(", ");
    expect(
        &maze(&format!("RANDOM_MONSTERS: {eleven}\n")),
        Error,
        8,
        "Monster list too long!",
    );
    let eleven = ["(0,0)"; 11].join(", ");
    expect(
        &maze(&format!("RANDOM_PLACES: {eleven}\n")),
        Error,
        8,
        "Location list too long!",
    );
    expect(
        &maze("MONSTER: 'd', random, place[10]\n"),
        Error,
        8,
        "Register Index overflow!",
    );
    expect(
        &maze("MONSTER: monster[10], random, random\n"),
        Error,
        8,
        "Register Index overflow!",
    );
    expect(
        &maze("OBJECT: object[12], random, random\n"),
        Error,
        8,
        "Register Index overflow!",
    );
    expect(
        &maze("ALTAR: random, align[3], altar\n"),
        Error,
        8,
        "Register Index overflow!",
    );
    expect(
        &maze("MONSTER: 'd', random, place[-1]\n"),
        Error,
        8,
        "Register index cannot be negative",
    );
}

fn room_level_regs(lines: &str) -> String {
    format!("LEVEL: \"r\"\n{lines}ROOM: \"ordinary\", lit, random, random, random\n")
}

#[test]
fn name_and_class_errors() {
    expect(
        &maze("MONSTER: 'I', random, random\n"),
        Error,
        8,
        "Unknown monster class!",
    );
    expect(
        &maze("OBJECT: 'Q', random, random\n"),
        Error,
        8,
        "Unknown char class!",
    );
    expect(
        &maze("TRAP: \"nope\", random\n"),
        Error,
        8,
        "Unknown trap type!",
    );
    expect(
        &maze("MONSTER: 'd', \"dragon\", random\n"),
        Warning,
        8,
        "Invalid monster name!  Making random monster.",
    );
    // A named monster needs its class letter: with a random class it is random.
    expect(
        &maze("MONSTER: random, \"jackal\", random\n"),
        Warning,
        8,
        "Invalid monster name!  Making random monster.",
    );
    expect(
        &maze("OBJECT: ')', \"banana\", random\n"),
        Warning,
        8,
        "Illegal object name!  Making random object.",
    );
    expect(
        &maze("REGION: (0,0,1,1), lit, \"kitchen\"\n"),
        Warning,
        8,
        "Unknown room type!  Making ordinary room...",
    );
}

#[test]
fn range_errors() {
    expect(
        &maze("MONSTER: 'd', random, (9,9)\n"),
        Error,
        8,
        "Coordinates out of map range!",
    );
    expect(
        &maze("REGION: (0,0,9,9), lit, \"ordinary\"\n"),
        Error,
        8,
        "Region out of map range!",
    );
    expect(
        &maze("NON_DIGGABLE: (0,0,5,1)\n"),
        Error,
        8,
        "Region out of map range!",
    );
    expect(
        &maze("STAIR: levregion(0,0,5,5), (0,0,0,0), up\n"),
        Error,
        8,
        "Region out of level range!",
    );
    expect(
        &maze("REGION: (2,2,1,1), lit, \"ordinary\"\n"),
        Error,
        8,
        "Region start > end!",
    );
    expect(
        &maze("MONSTER[0%]: 'd', random, random\n"),
        Error,
        8,
        "Expected percentile chance.",
    );
    expect(
        &maze("TRAP[101%]: random, random\n"),
        Error,
        8,
        "Expected percentile chance.",
    );
    let wide = ".".repeat(77);
    expect(
        &format!("MAZE: \"m\", ' '\nGEOMETRY: center, center\nMAP\n{wide}\nENDMAP\n"),
        Error,
        3,
        "Map too large! (max 76 x 21)",
    );
    let tall = ".\n".repeat(22);
    expect(
        &format!("MAZE: \"m\", ' '\nGEOMETRY: center, center\nMAP\n{tall}ENDMAP\n"),
        Error,
        3,
        "Map too large! (max 76 x 21)",
    );
    expect(
        &maze("GOLD: 5000000000, random\n"),
        Error,
        8,
        "Value 5000000000 does not fit in its field",
    );
    expect("MAZE: \"m\", ' '\nINIT_MAP: '.', ' ', true, true, lit, false\nNOMAP\nMONSTER: 'd', random, (200,1)\n", Error, 4, "Value 200 does not fit in its field");
}

#[test]
fn map_consistency_errors() {
    expect(
        &maze("DOOR: open, (0,0)\n"),
        Error,
        8,
        "Door decl doesn't match the map",
    );
    expect(
        &maze("DRAWBRIDGE: (0,0), north, open\n"),
        Error,
        8,
        "Wall needed for drawbridge (00, 00)",
    );
    expect(
        &maze("DRAWBRIDGE: (2,1), east, random\n"),
        Error,
        8,
        "A drawbridge can only be open or closed!",
    );
    expect(
        &maze("DRAWBRIDGE: (2,1), east, locked\n"),
        Error,
        8,
        "A drawbridge can only be open or closed!",
    );
    expect(
        &maze("REGION: (0,0,2,2), lit, \"vault\"\n"),
        Error,
        8,
        "Vaults must be exactly 2x2!",
    );
    expect(
        &maze("REGION: (3,1,3,1), lit, \"ordinary\", filled, true\n"),
        Error,
        8,
        "Rock in irregular room (03,01)?!",
    );
    // A correct door and drawbridge give nothing.
    assert!(diags(&maze("DOOR: open, (1,1)\nDRAWBRIDGE: (2,1), east, open\n")).is_empty());
}

#[test]
fn placed_in_wall_warnings() {
    for (stmt, what) in [
        ("MONSTER: 'd', random, (1,1)", "Monster"),
        ("OBJECT: ')', random, (3,1)", "Object"),
        ("TRAP: random, (3,1)", "Trap"),
        ("LADDER: (3,1), up", "Ladder"),
        ("STAIR: (3,1), up", "Stairway"),
        ("ALTAR: (3,1), noalign, altar", "Altar"),
        ("FOUNTAIN: (3,1)", "Fountain"),
        ("GOLD: 10, (3,1)", "Gold"),
        ("ENGRAVING: (3,1), dust, \"x\"", "Engraving"),
    ] {
        let at = if what == "Monster" {
            "(01,01)"
        } else {
            "(03,01)"
        };
        expect(
            &maze(&format!("{stmt}\n")),
            Warning,
            8,
            &format!("{what} placed in wall at {at}?!"),
        );
    }
}

#[test]
fn extra_warnings_only_with_dash_w() {
    let src = maze("REGION: (1,1,3,1), lit, \"ordinary\"\n");
    expect(&src, Warning, 8, "Rock in room (01,01,03,01)?!");
    expect(&src, Warning, 8, "NonRock edge in room (01,01,03,01)?!");
    let plain = des::compile(&src, "t.des").unwrap();
    assert!(plain.warnings.is_empty(), "no -w, no warning");
    assert_eq!(plain.levels.len(), 1, "warnings never stop output");
}

#[test]
fn room_errors() {
    expect(
        "LEVEL: \"r\"\nROOM: \"ordinary\", lit, (6,1), random, random\n",
        Error,
        2,
        "Room position should be between 1 & 5!",
    );
    expect(
        &room("NAME: \"x\"\nSUBROOM: \"ordinary\", lit, (-1,0), random, \"x\"\n"),
        Error,
        4,
        "Invalid subroom position !",
    );
    expect(
        &room("NAME: \"a\"\nNAME: \"b\"\n"),
        Error,
        4,
        "This room already has a name!",
    );
    expect(
        &room("CHANCE: 50\n"),
        Error,
        3,
        "Only typed rooms can have a chance!",
    );
    let zoo = "LEVEL: \"r\"\nROOM: \"zoo\", lit, random, random, random\n";
    expect(
        &format!("{zoo}CHANCE: 50\nCHANCE: 60\n"),
        Error,
        4,
        "This room already assigned a chance!",
    );
    expect(
        &format!("{zoo}CHANCE: 100\n"),
        Error,
        3,
        "The chance is supposed to be percentile.",
    );
    expect(
        &room("DOOR: false, open, random, 3\n"),
        Error,
        3,
        "If the door wall is random, so must be its pos!",
    );
    expect(
        &room("CORRIDOR: (5, north, 0), (0, south, 0)\n"),
        Error,
        3,
        "Wrong room number!",
    );
    expect(
        &room("SUBROOM: \"ordinary\", lit, random, random, \"nope\"\n"),
        Error,
        3,
        "Subroom error : parent room 'nope' not found!",
    );
    let mut many = room("NAME: \"p\"\n");
    for _ in 0..25 {
        many.push_str("SUBROOM: \"ordinary\", lit, random, random, \"p\"\n");
    }
    expect(
        &many,
        Error,
        28,
        "Subroom error: too many subrooms attached to parent room 'p'!",
    );
}

/// `n` copies of `stmt` after `head`: the 128th is one too many.
fn repeated(head: &str, stmt: &str, n: usize) -> String {
    let mut s = head.to_string();
    for _ in 0..n {
        s.push_str(stmt);
        s.push('\n');
    }
    s
}

#[test]
fn record_count_limits() {
    let maze_cases = [
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
    ];
    for (stmt, message) in maze_cases {
        expect(&repeated(MAZE, stmt, 128), Error, 8 + 127, message);
        assert!(
            des::compile(&repeated(MAZE, stmt, 127), "t.des").is_ok(),
            "127 {stmt} are fine"
        );
    }
    expect(
        &repeated(MAZE, "NON_PASSWALL: (0,0,1,1)", 32),
        Error,
        8 + 31,
        "Too many passwalls in mazepart!",
    );
    let room_cases = [
        ("DOOR: false, open, north, 1", "Too many doors in room!"),
        ("SINK: random", "Too many sinks in room!"),
        ("POOL: random", "Too many pools in room!"),
        (
            "MONSTER: 'd', random, random",
            "Too many monsters in room or mazepart!",
        ),
        ("CORRIDOR: (0, north, 0), 1", "Too many corridors in level!"),
    ];
    for (stmt, message) in room_cases {
        expect(&repeated(ROOM, stmt, 128), Error, 3 + 127, message);
    }
}

#[test]
fn levbuild_rejects_what_lev_comp_overflows() {
    expect(
        &repeated("MAZE: \"m\", ' '\n", "NOMAP", 10),
        Error,
        1,
        "Too many map parts in level (10)!",
    );
    expect(
        "MAZE: \"..\", ' '\nNOMAP\n",
        Error,
        1,
        "Invalid dot ('.') in level name.",
    );
    for name in ["a/b", "a\\\\b", "", "x:y"] {
        let got = diags(&format!("MAZE: \"{name}\", ' '\nNOMAP\n"));
        assert!(
            got.iter().any(|(s, l, m)| *s == Error
                && *l == 1
                && m == "Level name is not a safe file name"),
            "{name:?}: {got:?}"
        );
    }
    expect(
        "MAZE: \"a\", ' '\nNOMAP\nMAZE: \"a\", ' '\nNOMAP\n",
        Error,
        3,
        "Level \"a\" is defined twice in this file",
    );
    expect("MAZE: \"m\", ' '\n", Error, 1, "Maze level has no map part");
    expect(
        "MAZE: \"m\", ' '\nGEOMETRY: center, center\nMAP\nENDMAP\n",
        Error,
        3,
        "Empty map",
    );
}

#[test]
fn statements_out_of_place() {
    expect(
        "MONSTER: 'd', random, random\n",
        Error,
        1,
        "MONSTER outside a level",
    );
    expect(
        &maze("FLAGS: noteleport\n"),
        Error,
        8,
        "FLAGS is out of place",
    );
    expect(
        "MAZE: \"m\", ' '\nMESSAGE: \"a\"\nINIT_MAP: '.', ' ', true, true, lit, false\nNOMAP\n",
        Error,
        3,
        "INIT_MAP is out of place",
    );
    expect(
        &maze("ROOM: \"ordinary\", lit, random, random, random\n"),
        Error,
        8,
        "ROOM is not allowed in a MAZE level",
    );
    expect(
        "LEVEL: \"r\"\nMONSTER: 'd', random, random\n",
        Error,
        2,
        "MONSTER outside a room",
    );
    expect(
        &room("WALLIFY\n"),
        Error,
        3,
        "WALLIFY is not allowed in a LEVEL (room) level",
    );
    expect(
        "MAZE: \"m\", ' '\nMONSTER: 'd', random, random\nNOMAP\n",
        Error,
        2,
        "MONSTER before the first map part",
    );
    expect(
        &maze("MONSTER: 'd', random, random\nRANDOM_OBJECTS: '['\n"),
        Error,
        9,
        "RANDOM_OBJECTS is out of place",
    );
    expect(
        &room("RANDOM_CORRIDORS\nCORRIDOR: (0, north, 0), 1\n"),
        Error,
        4,
        "CORRIDOR is out of place",
    );
}

#[test]
fn every_syntax_error_is_reported_with_what_was_found() {
    let src = maze("MONSTER: 'd', \"jackal\", (1 1)\nTRAP: \"arrow\", (2,2)\nDOOR open, (1,1)\nOBJECT: ')', \"dagger\" (0,0)\n");
    let got = diags(&src);
    let lines: Vec<usize> = got
        .iter()
        .filter(|(_, _, m)| m == "syntax error")
        .map(|(_, l, _)| *l)
        .collect();
    assert_eq!(lines, [8, 10, 11]);
    let d = des::compile(&src, "t.des").unwrap_err();
    let first = d.iter().find(|d| d.message == "syntax error").unwrap();
    assert_eq!(first.column, 28);
    assert_eq!(
        first.label.as_deref(),
        Some("found integer 1, expected `,`")
    );
    let unterminated = diags(&maze("ENGRAVING: (0,0), dust, \"never closed\n"));
    assert!(
        unterminated.iter().any(|(s, l, _)| *s == Error && *l == 8),
        "{unterminated:?}"
    );
    let d = des::compile(
        "MAZE: \"m\", ' '\nGEOMETRY: center, center\nMAP\n...\n",
        "t.des",
    )
    .unwrap_err();
    let e = d.iter().next().unwrap();
    assert_eq!(
        (e.line, e.label.as_deref()),
        (
            3,
            Some("found MAP block without ENDMAP, expected a MAP … ENDMAP block")
        )
    );
    // Binary garbage is an error, not a panic.
    assert!(des::compile("MAZE: \"m\"\0\u{1}\u{ff}", "t.des").is_err());
}
