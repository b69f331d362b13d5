//! The seam of a dialect built on 3.4.3's. The language side: a test-only dialect
//! that adds a statement (`SOUNDS: "text"`, also spelt `NOISES`, read as
//! a message), a value word (`scrawl`, an engraving type) and a map
//! character (`Z`) to 3.4.3's rows, words and map characters, and nothing
//! else. Its lexer and parser are 3.4.3's, driven by its lists.

use super::grammar::patterns::{COLON, STRING};
use super::grammar::words::ENGRAVING_TYPE;
use super::grammar::{nethack_343, read, Place, Stage, Starts, MAP_CHARS, ROWS, WORDS};
use super::lexer::{lex, Kw, Language, Tok};
use super::parser::parse;
use super::syntax::StmtKind;
use crate::diag::Reporter;
use crate::statement::{Pat, Row};

/// 3.4.3 with `SOUNDS:`, `scrawl` and `Z`.
fn extended() -> &'static Language {
    let mut rows = ROWS.to_vec();
    rows.push(Row {
        keyword: "SOUNDS",
        also: &["NOISES"],
        name: "SOUNDS",
        args: Pat::Seq(&[COLON, Pat::Arg("text", &STRING)]),
        build: |a| StmtKind::Message(read::string(a.get("text"))),
        place: Place {
            maze: Some(super::grammar::Order {
                until: Stage::Messages,
                then: Stage::Messages,
            }),
            rooms: None,
            starts: Starts::Nothing,
            too_late: "SOUNDS must come before the level's contents",
        },
    });
    let mut words = WORDS.to_vec();
    words.push(("scrawl", Tok::Val(ENGRAVING_TYPE, 5)));
    let mut map_chars = MAP_CHARS.to_vec();
    map_chars.push(b'Z');
    let lang = Language::new(rows, &words, &map_chars, |k| Tok::Kw(Kw(k)));
    Box::leak(Box::new(lang))
}

const SOURCE: &str = "MAZE: \"ext\", ' '\nSOUNDS: \"a hum\"\nNOISES: \"a buzz\"\nGEOMETRY: center, center\nMAP\n.Z.\nENDMAP\nENGRAVING: (0,0), scrawl, \"x\"\n";

#[test]
fn a_dialect_adds_rows_words_and_map_characters() {
    let lang = extended();
    let lexed = lex(SOURCE, lang);
    assert_eq!(lexed.maps[0].rows, [".Z."]);
    let mut report = Reporter::default();
    let stmts = parse(SOURCE, &lexed.tokens, lang, &mut report);
    assert!(!report.has_errors());
    let kinds: Vec<_> = stmts.iter().map(|s| (s.name, &s.kind)).collect();
    assert!(matches!(kinds[1], ("SOUNDS", StmtKind::Message(m)) if m.v == "a hum"));
    // Another spelling of the keyword: the same form.
    assert!(matches!(kinds[2], ("SOUNDS", StmtKind::Message(m)) if m.v == "a buzz"));
    assert!(matches!(
        kinds[4],
        ("ENGRAVING", StmtKind::Engraving { kind: Some(5), .. })
    ));
    assert_eq!(stmts.len(), 5);
}

#[test]
fn nethack_343_has_none_of_them() {
    let lang = nethack_343();
    let lexed = lex(SOURCE, lang);
    // `Z` is no map character: `.Z.` is no map row.
    assert_ne!(lexed.maps[0].rows, [".Z."]);
    let mut report = Reporter::default();
    parse(SOURCE, &lexed.tokens, lang, &mut report);
    assert!(report.has_errors());
    let src = "MAZE: \"ext\", ' '\nSOUNDS: \"a hum\"\n";
    let lexed = lex(src, lang);
    assert!(lexed
        .tokens
        .iter()
        .any(|(t, _)| *t == Tok::Invalid("SOUNDS")));
}

/// The record side: a test-only game whose door record has one member more
/// than 3.4.3's (a `short` after `mask`, the family's `arti_text`), and a
/// test-only statement `LOCKPICK: (x,y), n` that places a locked door with
/// `n` in it. Compiled with 3.4.3's lexer, parser and sema, encoded and
/// decoded by the game's format: the statement is a row and the field a
/// line of the format, neither is in the 3.4.3 module.
#[test]
fn a_dialect_adds_a_statement_and_a_record_field() {
    use super::grammar::patterns::{COMMA, COORD, INT};
    use crate::game::{CType, ExtraMember, Game, RecordFormat, RecordKind};
    use crate::layout::Layout;
    let mut format = RecordFormat::nethack_343();
    format.extra_members.push(ExtraMember {
        record: RecordKind::Door,
        name: "arti_text".into(),
        ctype: CType::Short,
    });
    let game = std::sync::Arc::new(Game::nethack_343().with_format(format));
    let mut rows = ROWS.to_vec();
    rows.push(Row {
        keyword: "LOCKPICK",
        also: &[],
        name: "LOCKPICK",
        args: Pat::Seq(&[
            COLON,
            Pat::Arg("place", &COORD),
            COMMA,
            Pat::Arg("difficulty", &INT),
        ]),
        build: |a| StmtKind::Door {
            state: crate::des::nh343::ir::DoorState::Locked,
            at: read::coord(a.get("place")),
            key: None,
            text: Some(read::int(a.get("difficulty"))),
        },
        place: ROWS.iter().find(|r| r.keyword == "FOUNTAIN").unwrap().place,
    });
    let lang: &'static Language = Box::leak(Box::new(Language::new(rows, WORDS, MAP_CHARS, |k| {
        Tok::Kw(Kw(k))
    })));
    let src =
        "MAZE: \"pick\", ' '\nGEOMETRY: center, center\nMAP\n|+|\nENDMAP\nLOCKPICK: (1,0), 7\n";
    let lexed = lex(src, lang);
    let mut report = Reporter::default();
    let stmts = parse(src, &lexed.tokens, lang, &mut report);
    let options =
        crate::des::Options::for_game(std::sync::Arc::clone(&game)).with_layout(Layout::LP64);
    let mut builder = super::sema::Builder::new(src, &options, &mut report);
    for s in &stmts {
        builder.statement(s, &lexed.maps);
    }
    let levels = builder.finish();
    assert!(!report.has_errors());
    let crate::des::nh343::ir::LevelBody::Maze(maze) = &levels[0].body else {
        panic!("a maze level");
    };
    assert_eq!(maze.parts[0].doors[0].extra, [7]);
    let bytes = super::encode(&levels[0], &game, Layout::LP64).unwrap();
    // 3.4.3's format has no place for the value: an error, not lost bytes.
    assert!(super::encode(&levels[0], &Game::nethack_343(), Layout::LP64).is_err());
    let mut plain = levels[0].clone();
    if let crate::des::nh343::ir::LevelBody::Maze(m) = &mut plain.body {
        m.parts[0].doors[0].extra.clear();
    }
    let vanilla = super::encode(&plain, &Game::nethack_343(), Layout::LP64).unwrap();
    // The door record grows from 3 bytes to 6 (a pad byte, the short).
    assert_eq!(bytes.len(), vanilla.len() + 3);
    let back = super::decode(&bytes, "pick", &game, Layout::LP64).unwrap();
    assert_eq!(back, levels[0]);
}
