//! The language side of a dialect built on 3.4.3's: a test-only dialect
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
