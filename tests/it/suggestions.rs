//! "Did you mean …?" for misspelt keywords, door states and dungeon.def
//! keywords, and the caret label and hint of 3.6's unknown names; the
//! legacy lines stay the reference tools'.

use levbuild::des::{self, Dialect};
use levbuild::diag::{Diagnostic, Diagnostics, LegacyTool};
use levbuild::{dungeon, Game};

fn des_errors(src: &str, dialect: Dialect) -> Diagnostics {
    let options = des::Options::for_game(Game::builtin(dialect));
    des::compile_levels(src, "t.des", &options).unwrap_err()
}

fn dungeon_errors(src: &str) -> Diagnostics {
    dungeon::compile(src, "dungeon.def", &dungeon::Options::default()).unwrap_err()
}

/// (line, column, label, help) of each error.
fn errors(d: &Diagnostics) -> Vec<(usize, usize, String, Option<String>)> {
    d.errors()
        .map(|e: &Diagnostic| {
            (
                e.line,
                e.column,
                e.label.clone().unwrap_or_default(),
                e.help.clone(),
            )
        })
        .collect()
}

const MAZE: &str = "MAZE: \"t\", ' '\nGEOMETRY: center, center\nMAP\n...\n...\nENDMAP\n";

#[test]
fn misspelt_des_keywords_and_door_states_are_suggested() {
    let src = format!("{MAZE}MONSTR: 'd', \"jackal\", (1,1)\nDOOR: closd, (1,1)\n");
    let d = des_errors(&src, Dialect::NetHack343);
    assert_eq!(
        errors(&d),
        [
            (
                7,
                1,
                "found `MONSTR`, expected a statement keyword".into(),
                Some("did you mean `MONSTER`?".into())
            ),
            (
                8,
                7,
                "found `closd`, expected `random`, `true` or `false` or a door state for the secret flag or the state of DOOR".into(),
                Some("did you mean `closed`?".into())
            ),
        ]
    );
    // lev_comp's own lines are unchanged.
    assert_eq!(
        d.legacy_lines(LegacyTool::LevComp),
        [
            "t.des: line 7 : syntax error",
            "t.des: line 8 : syntax error"
        ]
    );
    // At the start of a file, too.
    let d = des_errors("MONSTR: 'd', \"jackal\", (1,1)\n", Dialect::NetHack343);
    assert_eq!(
        d.errors().next().unwrap().help.as_deref(),
        Some("did you mean `MONSTER`?")
    );
    // Nonsense gets no suggestion.
    let d = des_errors(&format!("{MAZE}DOOR: xyzzy, (1,1)\n"), Dialect::NetHack343);
    assert_eq!(d.errors().next().unwrap().help, None);
    // The 3.6 language likewise.
    let d = des_errors(&src, Dialect::NetHack36);
    let helps: Vec<_> = d.errors().map(|e| e.help.clone()).collect();
    assert_eq!(
        helps,
        [
            Some("did you mean `MONSTER`?".to_string()),
            Some("did you mean `closed`?".to_string())
        ]
    );
}

#[test]
fn misspelt_dungeon_keywords_are_named_whole_and_suggested() {
    let d = dungeon_errors(
        "DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)\nLEVLE: \"rogue\" \"R\" @ (15, 4)\n",
    );
    assert_eq!(
        errors(&d),
        [(
            2,
            1,
            "found `LEVLE`, expected an integer or the end of the statement".into(),
            Some("did you mean `LEVEL`?".into())
        )]
    );
    assert_eq!(d.errors().next().unwrap().span.len(), "LEVLE".len());
    assert_eq!(
        d.legacy_lines(LegacyTool::DgnComp),
        ["dungeon.def : line 2 : syntax error"]
    );
    // At the start of the file, and a value keyword run into a letter.
    let d = dungeon_errors("LEVLE: \"x\" \"y\" @ (1,1)\n");
    assert_eq!(
        errors(&d)[0].2,
        "found `LEVLE`, expected a statement keyword"
    );
    assert_eq!(errors(&d)[0].3.as_deref(), Some("did you mean `LEVEL`?"));
    let d = dungeon_errors(
        "DUNGEON: \"D\" \"D\" (5,0)\nLEVEL: \"x\" \"y\" @ (1,1)\nBRANCH: \"E\" @ (2,0) stairs\n",
    );
    let (line, column, label, help) = &errors(&d)[0];
    assert_eq!((*line, *column), (3, 21));
    assert!(label.starts_with("found `stairs`, expected"), "{label}");
    assert_eq!(help.as_deref(), Some("did you mean `stair`?"));
}

#[test]
fn unknown_names_in_36_have_a_label_and_a_hint() {
    let src = format!(
        "{MAZE}MONSTER: ('d', \"jackl\"), (1,1)\nMONSTER: ('D', \"jackal\"), (1,1)\n\
         MONSTER: \"jackl\", (1,1)\nOBJECT: (')', \"lng sword\"), (1,1)\n\
         OBJECT: \"lng sword\", (1,1)\nTRAP: \"arow\", (1,1)\nMONSTER: ('\"', \"x\"), (1,1)\n"
    );
    let d = des_errors(&src, Dialect::NetHack36);
    let got: Vec<(String, Option<String>)> = errors(&d)
        .into_iter()
        .map(|(_, _, label, help)| (label, help))
        .collect();
    let want: [(&str, Option<&str>); 7] = [
        (
            "no monster of this class has that name",
            Some("did you mean \"jackal\"?"),
        ),
        (
            "no monster of this class has that name",
            Some("\"jackal\" is of class 'd'"),
        ),
        ("no monster has that name", Some("did you mean \"jackal\"?")),
        (
            "no object of this class has that name",
            Some("did you mean \"long sword\"?"),
        ),
        (
            "no object has that name",
            Some("did you mean \"long sword\"?"),
        ),
        ("not a trap name", None),
        ("'\"' is no monster class", None),
    ];
    assert_eq!(got.len(), want.len(), "{got:?}");
    for ((label, help), (want_label, want_help)) in got.iter().zip(want) {
        assert_eq!(label, want_label);
        match want_help {
            Some(h) => assert_eq!(help.as_deref(), Some(h)),
            None if label == "not a trap name" => assert!(
                help.as_deref().is_some_and(|h| h
                    .starts_with("did you mean \"arrow\"? trap names: arrow, dart")
                    && h.ends_with("vibrating square")),
                "{help:?}"
            ),
            None => assert_eq!(help, &None),
        }
    }
    // 3.6's lev_comp's own lines are unchanged (the MAZE's filler is a -w
    // warning, not among them).
    assert_eq!(
        d.legacy_lines(LegacyTool::LevComp36)[0],
        "t.des: line 7, pos 15: Unknown monster ('d', \"jackl\")!"
    );
    // A 3.6 room type, a warning, likewise.
    let options = des::Options::for_game(Game::nethack_367());
    let room = "LEVEL: \"r\"\nROOM: \"ordinry\", lit, (1,1), (center,top), (5,5) {\n}\n";
    let file = des::compile_levels(room, "t.des", &options).unwrap();
    let w = file.warnings.warnings().next().unwrap();
    assert_eq!(w.code, Some("unknown-room-type"));
    assert_eq!(
        (w.label.as_deref(), w.help.as_deref()),
        (Some("not a room type"), Some("did you mean \"ordinary\"?"))
    );
}
