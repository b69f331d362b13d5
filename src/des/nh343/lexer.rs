//! The `.des` tokenizer, reproducing `lev_comp.l`: longest match at each
//! position (keywords are not delimited, so `MAZEWALK` beats `MAZE` and
//! `randomly` is `random` followed by junk), line-start comments, and
//! `MAP` … `ENDMAP` blocks collected row by row.

use std::fmt;

use super::ir::{Alignment, Direction, DoorState, LevelFlag, Lighting};
use crate::c_number::atoi;
use crate::des::scan::{self, percent, Comments, Keywords, Rules};

/// Statement keywords (upper case in the language, plus `levregion`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Kw {
    Message,
    Maze,
    NoMap,
    Level,
    InitMap,
    Flags,
    Geometry,
    Object,
    Container,
    Monster,
    Trap,
    Door,
    Drawbridge,
    Mazewalk,
    Wallify,
    Region,
    RandomObjects,
    RandomMonsters,
    RandomPlaces,
    Altar,
    Ladder,
    Stair,
    Portal,
    TeleportRegion,
    Branch,
    Fountain,
    Sink,
    Pool,
    NonDiggable,
    NonPasswall,
    Room,
    Subroom,
    RandomCorridors,
    Corridor,
    Gold,
    Engraving,
    Name,
    Chance,
    LevRegion,
}

/// Classes of value keywords lev_comp's grammar reads as a plain number;
/// each keyword also carries its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Val {
    LeftOrRight,
    Center,
    TopOrBottom,
    Filling,
    Attitude,
    Alertness,
    Appearance,
    AltarType,
    UpOrDown,
    Boolean,
    EngravingType,
    CurseType,
}

/// Register keywords: `object[n]`, `monster[n]`, `place[n]`, `align[n]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Reg {
    Object,
    Monster,
    Place,
    Align,
}

/// One token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok<'s> {
    Kw(Kw),
    Val(Val, i8),
    /// A door state keyword (`open`, `locked`, …).
    Door(DoorState),
    /// A direction keyword (`north`, …).
    Dir(Direction),
    /// An alignment keyword (`law`, `noalign`, …).
    Align(Alignment),
    /// `lit` or `unlit`.
    Light(Lighting),
    /// A `FLAGS` keyword.
    Flag(LevelFlag),
    Random,
    None,
    Contained,
    Reg(Reg),
    Int(i64),
    Percent(i64),
    Str(&'s str),
    Char(u8),
    /// A `MAP` … `ENDMAP` block: index into [`Lexed::maps`].
    Map(usize),
    Punct(u8),
    /// Text no rule accepts (a stray character, an unterminated string…).
    Invalid(&'s str),
}

pub(crate) use crate::des::scan::MapBlock;

/// The tokens of a file and its map blocks.
pub(crate) type Lexed<'s> = scan::Lexed<'s, Tok<'s>>;

const KEYWORDS: &[(&str, Tok<'static>)] = {
    use Tok::{Kw as K, Val as V};
    &[
        ("MESSAGE", K(Kw::Message)),
        ("MAZE", K(Kw::Maze)),
        ("NOMAP", K(Kw::NoMap)),
        ("LEVEL", K(Kw::Level)),
        ("INIT_MAP", K(Kw::InitMap)),
        ("FLAGS", K(Kw::Flags)),
        ("GEOMETRY", K(Kw::Geometry)),
        ("OBJECT", K(Kw::Object)),
        ("CONTAINER", K(Kw::Container)),
        ("MONSTER", K(Kw::Monster)),
        ("TRAP", K(Kw::Trap)),
        ("DOOR", K(Kw::Door)),
        ("DRAWBRIDGE", K(Kw::Drawbridge)),
        ("MAZEWALK", K(Kw::Mazewalk)),
        ("WALLIFY", K(Kw::Wallify)),
        ("REGION", K(Kw::Region)),
        ("RANDOM_OBJECTS", K(Kw::RandomObjects)),
        ("RANDOM_MONSTERS", K(Kw::RandomMonsters)),
        ("RANDOM_PLACES", K(Kw::RandomPlaces)),
        ("ALTAR", K(Kw::Altar)),
        ("LADDER", K(Kw::Ladder)),
        ("STAIR", K(Kw::Stair)),
        ("PORTAL", K(Kw::Portal)),
        ("TELEPORT_REGION", K(Kw::TeleportRegion)),
        ("BRANCH", K(Kw::Branch)),
        ("FOUNTAIN", K(Kw::Fountain)),
        ("SINK", K(Kw::Sink)),
        ("POOL", K(Kw::Pool)),
        ("NON_DIGGABLE", K(Kw::NonDiggable)),
        ("NON_PASSWALL", K(Kw::NonPasswall)),
        ("ROOM", K(Kw::Room)),
        ("SUBROOM", K(Kw::Subroom)),
        ("RANDOM_CORRIDORS", K(Kw::RandomCorridors)),
        ("CORRIDOR", K(Kw::Corridor)),
        ("GOLD", K(Kw::Gold)),
        ("ENGRAVING", K(Kw::Engraving)),
        ("NAME", K(Kw::Name)),
        ("CHANCE", K(Kw::Chance)),
        ("levregion", K(Kw::LevRegion)),
        ("open", Tok::Door(DoorState::Open)),
        ("closed", Tok::Door(DoorState::Closed)),
        ("locked", Tok::Door(DoorState::Locked)),
        ("nodoor", Tok::Door(DoorState::NoDoor)),
        ("broken", Tok::Door(DoorState::Broken)),
        ("north", Tok::Dir(Direction::North)),
        ("east", Tok::Dir(Direction::East)),
        ("south", Tok::Dir(Direction::South)),
        ("west", Tok::Dir(Direction::West)),
        ("random", Tok::Random),
        ("none", Tok::None),
        ("object", Tok::Reg(Reg::Object)),
        ("monster", Tok::Reg(Reg::Monster)),
        ("place", Tok::Reg(Reg::Place)),
        ("align", Tok::Reg(Reg::Align)),
        ("left", V(Val::LeftOrRight, 1)),
        ("half-left", V(Val::LeftOrRight, 2)),
        ("center", V(Val::Center, 3)),
        ("half-right", V(Val::LeftOrRight, 4)),
        ("right", V(Val::LeftOrRight, 5)),
        ("top", V(Val::TopOrBottom, 1)),
        ("bottom", V(Val::TopOrBottom, 5)),
        ("lit", Tok::Light(Lighting::Lit)),
        ("unlit", Tok::Light(Lighting::Unlit)),
        ("filled", V(Val::Filling, 0)),
        ("unfilled", V(Val::Filling, 1)),
        ("noalign", Tok::Align(Alignment::NoAlign)),
        ("law", Tok::Align(Alignment::Law)),
        ("neutral", Tok::Align(Alignment::Neutral)),
        ("chaos", Tok::Align(Alignment::Chaos)),
        ("coaligned", Tok::Align(Alignment::Coaligned)),
        ("noncoaligned", Tok::Align(Alignment::NonCoaligned)),
        ("peaceful", V(Val::Attitude, 1)),
        ("hostile", V(Val::Attitude, 0)),
        ("asleep", V(Val::Alertness, 1)),
        ("awake", V(Val::Alertness, 0)),
        ("m_feature", V(Val::Appearance, 1)),
        ("m_monster", V(Val::Appearance, 3)),
        ("m_object", V(Val::Appearance, 2)),
        ("sanctum", V(Val::AltarType, 2)),
        ("shrine", V(Val::AltarType, 1)),
        ("altar", V(Val::AltarType, 0)),
        ("up", V(Val::UpOrDown, 1)),
        ("down", V(Val::UpOrDown, 0)),
        ("false", V(Val::Boolean, 0)),
        ("true", V(Val::Boolean, 1)),
        ("dust", V(Val::EngravingType, 1)),
        ("engrave", V(Val::EngravingType, 2)),
        ("burn", V(Val::EngravingType, 3)),
        ("mark", V(Val::EngravingType, 4)),
        ("blessed", V(Val::CurseType, 1)),
        ("uncursed", V(Val::CurseType, 2)),
        ("cursed", V(Val::CurseType, 3)),
        ("contained", Tok::Contained),
        ("noteleport", Tok::Flag(LevelFlag::NoTeleport)),
        ("hardfloor", Tok::Flag(LevelFlag::HardFloor)),
        ("nommap", Tok::Flag(LevelFlag::NoMagicMap)),
        ("arboreal", Tok::Flag(LevelFlag::Arboreal)),
        ("shortsighted", Tok::Flag(LevelFlag::ShortSighted)),
    ]
};

/// [`KEYWORDS`] indexed for longest-prefix matching.
fn keywords() -> &'static Keywords<Tok<'static>> {
    static INDEX: std::sync::OnceLock<Keywords<Tok<'static>>> = std::sync::OnceLock::new();
    INDEX.get_or_init(|| Keywords::new(KEYWORDS))
}

/// The keyword a misspelt `word` most likely stands for (a statement
/// keyword when `statement`).
pub(crate) fn closest_keyword(word: &str, statement: bool) -> Option<&'static str> {
    crate::parsing::closest_keyword(word, keywords().words(), statement)
}

/// Characters a map row may consist of.
fn is_map_char(c: u8) -> bool {
    matches!(
        c,
        b'-' | b'|'
            | b'}'
            | b'{'
            | b'+'
            | b'A'
            | b'B'
            | b'C'
            | b'I'
            | b'S'
            | b'H'
            | b'K'
            | b'P'
            | b'L'
            | b'W'
            | b'T'
            | b'F'
            | b'\\'
            | b'#'
            | b'.'
            | b' '
            | b'0'..=b'9'
    )
}

/// Splits `src` into tokens. Never fails: text that matches no rule
/// becomes [`Tok::Invalid`] for the parser to report.
pub(crate) fn lex(src: &str) -> Lexed<'_> {
    scan::scan(
        src,
        &Rules {
            is_map_char,
            comments: Comments::FirstColumn,
            map: Tok::Map,
            token_at,
        },
    )
}

/// The longest token starting at `pos` (not whitespace, newline or comment).
fn token_at(src: &str, pos: usize) -> (Tok<'_>, usize) {
    let b = src.as_bytes();
    let rest = &b[pos..];
    let c = rest[0];
    // Keywords: the longest one that is a prefix of the text here.
    let best = if c.is_ascii_alphabetic() {
        keywords().longest(rest)
    } else {
        None
    };
    if let Some((tok, n)) = best {
        return (tok.clone(), n);
    }
    match c {
        b'0'..=b'9' | b'+' | b'-' => {
            let sign = usize::from(!c.is_ascii_digit());
            let digits = rest[sign..]
                .iter()
                .take_while(|d| d.is_ascii_digit())
                .count();
            if digits > 0 {
                let n = sign + digits;
                return (Tok::Int(atoi(&src[pos..pos + n])), n);
            }
        }
        b'[' => {
            if let Some((value, n)) = percent(rest) {
                return (Tok::Percent(value), n);
            }
        }
        b'"' => {
            return match rest[1..].iter().position(|&q| q == b'"') {
                Some(end) => (
                    Tok::Str(scan::c_string(&src[pos + 1..pos + 1 + end])),
                    end + 2,
                ),
                None => {
                    let n = rest.iter().position(|&q| q == b'\n').unwrap_or(rest.len());
                    (Tok::Invalid(&src[pos..pos + n]), n)
                }
            };
        }
        b'\'' => {
            if let Some((ch, n)) = scan::char_literal(rest) {
                return (Tok::Char(ch), n);
            }
        }
        _ => {}
    }
    // A word that is no keyword is reported whole (`BOGUS`, not `B`); any
    // other single character is returned as itself.
    let len = if c.is_ascii_alphabetic() {
        rest.iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
            .count()
    } else {
        src[pos..].chars().next().map_or(1, char::len_utf8)
    };
    match c {
        b':' | b',' | b'(' | b')' | b'[' | b']' => (Tok::Punct(c), 1),
        _ => (Tok::Invalid(&src[pos..pos + len]), len),
    }
}

impl fmt::Display for Tok<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Kw(k) => {
                let word = keywords().word_of(|t| *t == Tok::Kw(*k));
                write!(f, "`{word}`")
            }
            Tok::Val(..)
            | Tok::Door(_)
            | Tok::Dir(_)
            | Tok::Align(_)
            | Tok::Light(_)
            | Tok::Flag(_)
            | Tok::Random
            | Tok::None
            | Tok::Contained
            | Tok::Reg(_) => {
                let word = keywords().word_of(|t| t == self);
                write!(f, "`{word}`")
            }
            Tok::Int(v) => write!(f, "integer {v}"),
            Tok::Percent(v) => write!(f, "chance [{v}%]"),
            Tok::Str(s) => write!(f, "string \"{s}\""),
            Tok::Char(c) => write!(f, "character '{}'", char::from(*c)),
            Tok::Map(_) => f.write_str("a MAP block"),
            Tok::Punct(c) => write!(f, "`{}`", char::from(*c)),
            Tok::Invalid(s) if s.starts_with('"') => write!(f, "unterminated string {s}"),
            Tok::Invalid(s) => write!(f, "`{}`", s.escape_debug()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(src: &str) -> Vec<Tok<'_>> {
        lex(src).tokens.into_iter().map(|(t, _)| t).collect()
    }

    #[test]
    fn longest_keyword_prefix_wins() {
        assert_eq!(toks("MAZEWALK"), [Tok::Kw(Kw::Mazewalk)]);
        assert_eq!(toks("MAZE"), [Tok::Kw(Kw::Maze)]);
        assert_eq!(toks("half-left"), [Tok::Val(Val::LeftOrRight, 2)]);
        assert_eq!(toks("randomx"), [Tok::Random, Tok::Invalid("x")]);
        assert_eq!(
            toks("unlit lit"),
            [Tok::Light(Lighting::Unlit), Tok::Light(Lighting::Lit)]
        );
    }

    #[test]
    fn literals() {
        assert_eq!(
            toks("-5 +7 [ 50% ] [50%]"),
            [
                Tok::Int(-5),
                Tok::Int(7),
                Tok::Percent(50),
                Tok::Percent(50)
            ]
        );
        assert_eq!(
            toks(r"'\'' 'a' '\x'"),
            [Tok::Char(b'\''), Tok::Char(b'a'), Tok::Char(b'x')]
        );
        assert_eq!(toks("\"a\nb\""), [Tok::Str("a\nb")]);
        assert_eq!(toks("\"a\0b\" 1"), [Tok::Str("a"), Tok::Int(1)]);
        assert_eq!(toks("\"open"), [Tok::Invalid("\"open")]);
        assert_eq!(
            toks("[ 5 ]"),
            [Tok::Punct(b'['), Tok::Int(5), Tok::Punct(b']')]
        );
    }

    #[test]
    fn comments_only_at_line_start() {
        assert_eq!(toks("# c\n  # x"), [Tok::Invalid("#"), Tok::Invalid("x")]);
        // flex's `^#.*\n` needs the newline: without it `#` is a token.
        assert_eq!(toks("# at end\n"), []);
        assert_eq!(toks("# no newline")[0], Tok::Invalid("#"));
    }

    #[test]
    fn map_blocks_collect_rows_and_skip_comment_lines() {
        let l = lex("MAP\r\n-|-\r\n#.#\n# comment\n\n12.\nENDMAP\nWALLIFY");
        assert_eq!(
            l.tokens.iter().map(|t| t.0.clone()).collect::<Vec<_>>(),
            [Tok::Map(0), Tok::Kw(Kw::Wallify)]
        );
        assert_eq!(l.maps[0].rows, ["-|-", "#.#", "", "12."]);
        // A block the file ends in gives no token (flex's map state ends
        // with the input); the compilers warn of it.
        assert_eq!(toks("MAP\n..\n"), []);
        assert_eq!(lex("MAP\n..\n").open_map, Some(0..7));
        // Not at a line start, MAP is no block start: an unknown word.
        assert_eq!(toks("  MAP\n"), [Tok::Invalid("MAP")]);
        assert_eq!(toks("BOGUS,"), [Tok::Invalid("BOGUS"), Tok::Punct(b',')]);
    }
}
