//! The 3.6 `.des` tokenizer, reproducing 3.6.7's `lev_comp.l`: flex's
//! longest match (the earlier rule on a tie), so `randomly` is one unknown
//! word, `3d6` a dice and `-5` a negative integer; comment lines (leading
//! blanks allowed); `MAP` … `ENDMAP` blocks collected row by row.

use std::fmt;

use crate::c_number::atoi;
use crate::des::scan::{self, percent, Comments, Keywords, Rules};
use crate::diag::Span;

/// Keywords that carry no value and start no statement (a statement's
/// keyword is [`Tok::Stmt`], from the grammar's rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub(crate) enum Kw {
    MazeGrid,
    SolidFill,
    Mines,
    Rogue,
    ObjectLower,
    MonsterLower,
    Else,
    TerrainLower,
    Name,
    To,
    Case,
    Default,
    Function,
    Montype,
    Selection,
    Rect,
    FillRect,
    Line,
    RandLine,
    Grow,
    Floodfill,
    RndCoord,
    Circle,
    Ellipse,
    Filter,
    Gradient,
    Complement,
    LevRegion,
    Quantity,
    Buried,
    Eroded,
    Erodeproof,
    Recharged,
    Invisible,
    Greased,
    Female,
    Cancelled,
    Revived,
    Avenge,
    Fleeing,
    Blinded,
    Paralyzed,
    Stunned,
    Confused,
    SeenTraps,
    All,
    Align,
    /// UnNetHack's `INIT_MAP: sheollev`.
    SheolLev,
    // EvilHack's monster and object properties.
    Dead,
    AffixedGem,
    ForgedQual,
}

/// Classes of keywords that carry a value (`yylval.i`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Val {
    GradientType,
    Humidity,
    TrappedState,
    HorizOrVert,
    DoorState,
    Direction,
    LeftOrRight,
    Center,
    TopOrBottom,
    Light,
    Filling,
    Irregular,
    Joined,
    Limited,
    Alignment,
    Attitude,
    Alertness,
    Appearance,
    AltarType,
    UpOrDown,
    Boolean,
    EngravingType,
    CurseType,
    Flag,
    /// EvilHack's door materials.
    DoorMaterial,
    /// `SOUNDS`'s `hear`, `pline`, `verbal`, `feel` (SporkHack, UnNetHack).
    SoundType,
}

/// One token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Tok<'s> {
    /// A statement's keyword, as its row spells it.
    Stmt(&'static str),
    Kw(Kw),
    Val(Val, i64),
    /// `random`.
    Random,
    /// `random[`.
    RandomBracket,
    /// `none` (no rule of the grammar takes it).
    None,
    Int(i64),
    /// `-5` (one token: `$x-5` is a variable and a negative number).
    MinusInt(i64),
    /// `+5`.
    PlusInt(i64),
    /// `[ 50% ]`.
    Percent(i64),
    /// `50%`.
    SPercent(i64),
    /// `NdM`.
    Dice(i64, i64),
    Str(&'s str),
    Char(u8),
    /// `$name`, the `$` included, not defined as an array (so far).
    Var(&'s str),
    /// `$name` defined as an array: it takes an index (`$name[i]`).
    ArrayVar(&'s str),
    /// A comparison: the jump opcode that is taken when it holds.
    Compare(super::program::Opcode),
    /// A `MAP` … `ENDMAP` block: index into [`Lexed::maps`].
    Map(usize),
    /// Any other single character.
    Punct(u8),
    /// A word of letters, digits, `-` and `_` that is no keyword.
    Unknown(&'s str),
    /// A name that is no keyword, where names may hold dots (UnNetHack's
    /// `NQSTRING`: a function's name).
    Name(&'s str),
    /// A core function of the game (`time.night`, `rnd`): its index in
    /// the game's list and what it returns (`i`, `s`, `c` or `r`).
    CoreFunc(u16, u8),
    /// `$name.method`: the variable (`$` included) and the method.
    Method(&'s str, &'s str),
    /// Text no rule accepts (an unterminated string).
    Invalid(&'s str),
}

pub(crate) use crate::des::scan::MapBlock;

/// The tokens of a file and its map blocks.
pub(crate) type Lexed<'s> = scan::Lexed<'s, Tok<'s>>;

/// The words of the 3.6 language that start no statement: value
/// keywords and the words inside statements (`CASE`, `ELSE`, `rect`,
/// `lit`, …). The statement keywords are the grammar's rows'; the lexer
/// reads both from the dialect's [`Language`](super::grammar::Language).
pub(crate) const WORDS: &[(&str, Tok<'static>)] = {
    use Tok::{Kw as K, Val as V};
    &[
        ("mazegrid", K(Kw::MazeGrid)),
        ("solidfill", K(Kw::SolidFill)),
        ("mines", K(Kw::Mines)),
        ("rogue", K(Kw::Rogue)),
        ("obj", K(Kw::ObjectLower)),
        ("object", K(Kw::ObjectLower)),
        ("monster", K(Kw::MonsterLower)),
        ("ELSE", K(Kw::Else)),
        ("terrain", K(Kw::TerrainLower)),
        ("NAME", K(Kw::Name)),
        ("name", K(Kw::Name)),
        ("TO", K(Kw::To)),
        ("CASE", K(Kw::Case)),
        ("DEFAULT", K(Kw::Default)),
        ("FUNCTION", K(Kw::Function)),
        ("montype", K(Kw::Montype)),
        ("selection", K(Kw::Selection)),
        ("rect", K(Kw::Rect)),
        ("fillrect", K(Kw::FillRect)),
        ("line", K(Kw::Line)),
        ("randline", K(Kw::RandLine)),
        ("grow", K(Kw::Grow)),
        ("floodfill", K(Kw::Floodfill)),
        ("rndcoord", K(Kw::RndCoord)),
        ("circle", K(Kw::Circle)),
        ("ellipse", K(Kw::Ellipse)),
        ("filter", K(Kw::Filter)),
        ("gradient", K(Kw::Gradient)),
        ("complement", K(Kw::Complement)),
        ("radial", V(Val::GradientType, 0)),
        ("square", V(Val::GradientType, 1)),
        ("dry", V(Val::Humidity, 0x01)),
        ("wet", V(Val::Humidity, 0x02)),
        ("hot", V(Val::Humidity, 0x04)),
        ("solid", V(Val::Humidity, 0x08)),
        ("any", V(Val::Humidity, 0x10)),
        ("levregion", K(Kw::LevRegion)),
        ("quantity", K(Kw::Quantity)),
        ("buried", K(Kw::Buried)),
        ("eroded", K(Kw::Eroded)),
        ("erodeproof", K(Kw::Erodeproof)),
        ("trapped", V(Val::TrappedState, 1)),
        ("not_trapped", V(Val::TrappedState, 0)),
        ("recharged", K(Kw::Recharged)),
        ("invisible", K(Kw::Invisible)),
        ("greased", K(Kw::Greased)),
        ("female", K(Kw::Female)),
        ("cancelled", K(Kw::Cancelled)),
        ("revived", K(Kw::Revived)),
        ("avenge", K(Kw::Avenge)),
        ("fleeing", K(Kw::Fleeing)),
        ("blinded", K(Kw::Blinded)),
        ("paralyzed", K(Kw::Paralyzed)),
        ("stunned", K(Kw::Stunned)),
        ("confused", K(Kw::Confused)),
        ("seen_traps", K(Kw::SeenTraps)),
        ("all", K(Kw::All)),
        ("horizontal", V(Val::HorizOrVert, 1)),
        ("vertical", V(Val::HorizOrVert, 2)),
        ("open", V(Val::DoorState, 2)),
        ("closed", V(Val::DoorState, 4)),
        ("locked", V(Val::DoorState, 8)),
        ("nodoor", V(Val::DoorState, 0)),
        ("broken", V(Val::DoorState, 1)),
        ("secret", V(Val::DoorState, 32)),
        ("north", V(Val::Direction, 1)),
        ("east", V(Val::Direction, 4)),
        ("south", V(Val::Direction, 2)),
        ("west", V(Val::Direction, 8)),
        ("random", Tok::Random),
        ("random[", Tok::RandomBracket),
        ("none", Tok::None),
        ("align", K(Kw::Align)),
        ("left", V(Val::LeftOrRight, 1)),
        ("half-left", V(Val::LeftOrRight, 2)),
        ("center", V(Val::Center, 3)),
        ("half-right", V(Val::LeftOrRight, 4)),
        ("right", V(Val::LeftOrRight, 5)),
        ("top", V(Val::TopOrBottom, 1)),
        ("bottom", V(Val::TopOrBottom, 5)),
        ("lit", V(Val::Light, 1)),
        ("unlit", V(Val::Light, 0)),
        ("filled", V(Val::Filling, 1)),
        ("unfilled", V(Val::Filling, 0)),
        ("regular", V(Val::Irregular, 0)),
        ("irregular", V(Val::Irregular, 1)),
        ("unjoined", V(Val::Joined, 1)),
        ("joined", V(Val::Joined, 0)),
        ("limited", V(Val::Limited, 1)),
        ("unlimited", V(Val::Limited, 0)),
        ("noalign", V(Val::Alignment, 0)),
        ("law", V(Val::Alignment, 4)),
        ("neutral", V(Val::Alignment, 2)),
        ("chaos", V(Val::Alignment, 1)),
        ("coaligned", V(Val::Alignment, 3)),
        ("noncoaligned", V(Val::Alignment, 7)),
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
        ("blood", V(Val::EngravingType, 5)),
        ("blessed", V(Val::CurseType, 1)),
        ("uncursed", V(Val::CurseType, 2)),
        ("cursed", V(Val::CurseType, 3)),
        ("noteleport", V(Val::Flag, 0x1)),
        ("hardfloor", V(Val::Flag, 0x2)),
        ("nommap", V(Val::Flag, 0x4)),
        ("arboreal", V(Val::Flag, 0x10)),
        ("shortsighted", V(Val::Flag, 0x8)),
        ("mazelevel", V(Val::Flag, 0x20)),
        ("premapped", V(Val::Flag, 0x40)),
        ("shroud", V(Val::Flag, 0x80)),
        ("graveyard", V(Val::Flag, 0x100)),
        ("icedpools", V(Val::Flag, 0x200)),
        ("solidify", V(Val::Flag, 0x400)),
        ("corrmaze", V(Val::Flag, 0x800)),
        ("inaccessibles", V(Val::Flag, 0x1000)),
    ]
};

/// The words of the language (statement keywords first), indexed for
/// longest-prefix matching.
type Words = Keywords<Tok<'static>>;

/// The characters of a map row (3.6 adds nothing to 3.4.3's set, but the
/// row may also hold digits, which the map reader drops).
pub(crate) const MAP_CHARS: &[u8] = b"-|}{+xABCISHKPLWTF\\#. 0123456789";

/// How a game's `lev_comp.l` splits words where 3.6.7's does not (see
/// [`crate::game::LevelRules`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lexis {
    /// The catch-all word takes `-`.
    pub dash_in_words: bool,
    /// A variable name takes digits after its first letter.
    pub digits_in_variables: bool,
    /// Words that are no keyword are names that may hold dots, and a
    /// variable may have a method ([`crate::GrammarForm::DottedNames`]:
    /// UnNetHack's `[a-zA-Z_](\.?[a-zA-Z_0-9]+)*`, `$c.x`): no
    /// catch-all word.
    pub dotted_names: bool,
}

impl Lexis {
    /// 3.6.7's.
    #[cfg(test)]
    pub(crate) const NETHACK_367: Lexis = Lexis {
        dash_in_words: true,
        digits_in_variables: false,
        dotted_names: false,
    };

    /// `game`'s.
    pub(crate) fn of(game: &crate::game::Game) -> Lexis {
        let rules = &game.format().level_rules;
        let program = game.format().program.as_ref();
        Lexis {
            dash_in_words: rules.dash_in_words,
            digits_in_variables: rules.digits_in_variables,
            dotted_names: program.is_some_and(|p| p.has(crate::game::GrammarForm::DottedNames)),
        }
    }

    fn is_word_byte(self, c: u8) -> bool {
        ALNUM_OR_UNDERSCORE[usize::from(c)] || (c == b'-' && self.dash_in_words)
    }
}

/// `[A-Za-z0-9_]`, by byte: one load a byte of a word, not four range
/// checks.
const ALNUM_OR_UNDERSCORE: [bool; 256] = {
    let mut table = [false; 256];
    let mut c = 0;
    while c < 256 {
        table[c] = matches!(c as u8, b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'_');
        c += 1;
    }
    table
};

/// Splits `src` into tokens of 3.6.7's language. Never fails: text that
/// matches no rule becomes [`Tok::Invalid`] for the parser to report.
#[cfg(test)]
pub(crate) fn lex(src: &str) -> Lexed<'_> {
    let lang = super::grammar::language();
    let rules = Rules {
        map_chars: lang.map_chars(),
        comments: Comments::IndentedWithNewline,
        map: Tok::Map,
        token_at: &|src, pos| token_at(lang.words(), Lexis::NETHACK_367, src, pos),
    };
    let mut out = scan::scan(src, &rules);
    mark_arrays(&mut out.tokens, &mut Vec::new());
    out
}

/// Tokens a chunk holds at least before it may end (all real files are
/// one chunk): parsers are built once per chunk, so a chunk is long
/// enough to make that cost vanish and short enough to take little
/// memory (a few hundred KB of tokens and their syntax tree).
pub(crate) const CHUNK_TOKENS: usize = 16_384;

/// A run of whole top-level statements of a file (see [`Chunks`]).
pub(crate) struct Chunk<'s> {
    /// The tokens; unless `last`, the final one is the first of the next
    /// chunk, there to be seen (what a statement found after it), not
    /// parsed.
    pub tokens: Vec<(Tok<'s>, Span)>,
    /// The file ends with this chunk.
    pub last: bool,
    /// An upper bound of the recursion its statements cause (see
    /// [`super::depth::Meter`]).
    pub depth: usize,
}

/// The tokens of a file a chunk at a time, so that a long file is
/// parsed and compiled as it is read and its tokens and syntax tree are
/// never all held at once. A chunk ends before a statement keyword that
/// no statement can take inside it: outside braces, not after `:`
/// (`[50%]: MONSTER …`) or `=` (`$m = MONSTER: …`), and not `FLAGS`
/// (which the code generator reads with the level definition before it),
/// `CASE` or `DEFAULT`, nor `FUNCTION`, which starts no statement: its
/// error would also list what the statement before it expected there,
/// as chumsky merges what was expected at one place. Whatever the tokens,
/// a statement (or the rest a syntax error skips) never spans two chunks
/// and no error is at a chunk's first token, so the chunks parse as the
/// whole file would.
pub(crate) struct Chunks<'r, 's> {
    scanner: scan::Scanner<'r, 's, Tok<'s>>,
    /// The first token of the next chunk, read ahead.
    ahead: Option<(Tok<'s>, Span)>,
    /// The array variables of the level so far (see [`mark_arrays`]).
    arrays: Vec<&'s str>,
    /// The nesting of the file so far.
    pub meter: super::depth::Meter,
    /// Braces open: statements nest only in `{ … }` (a syntax error in
    /// brackets ends its statement at the next statement keyword, and a
    /// brace the parser skips only makes this count higher).
    braces: usize,
    /// Tokens a chunk holds at least ([`CHUNK_TOKENS`]; the tests make
    /// every statement a chunk).
    min_tokens: usize,
    done: bool,
}

/// Gives `f` the chunks of `src` in the language `lang`, each of at
/// least `min_tokens` tokens but the last; `names` tells how words that
/// are no keyword are read.
pub(crate) fn with_chunks<'s, R>(
    src: &'s str,
    lang: &super::grammar::Language,
    lexis: Lexis,
    min_tokens: usize,
    f: impl FnOnce(Chunks<'_, 's>) -> R,
) -> R {
    let token_at = |src: &'s str, pos: usize| token_at(lang.words(), lexis, src, pos);
    let rules = Rules {
        map_chars: lang.map_chars(),
        comments: Comments::IndentedWithNewline,
        map: Tok::Map,
        token_at: &token_at,
    };
    f(Chunks {
        scanner: scan::Scanner::new(src, &rules),
        ahead: None,
        arrays: Vec::new(),
        meter: super::depth::Meter::default(),
        braces: 0,
        min_tokens,
        done: false,
    })
}

impl<'s> Chunks<'_, 's> {
    /// The map blocks read so far ([`Tok::Map`] indexes them).
    pub(crate) fn maps(&self) -> &[MapBlock<'s>] {
        &self.scanner.maps
    }

    /// The next chunk; `None` after the last.
    pub(crate) fn next_chunk(&mut self) -> Option<Chunk<'s>> {
        if self.done {
            return None;
        }
        let mut tokens = Vec::with_capacity(self.scanner.chunk_capacity(self.min_tokens));
        tokens.extend(self.ahead.take());
        let mut depth = 0;
        for (tok, span) in self.scanner.by_ref() {
            self.meter.token(&tok, &span);
            depth = depth.max(self.meter.level());
            match tok {
                Tok::Punct(b'{') => self.braces += 1,
                Tok::Punct(b'}') => self.braces = self.braces.saturating_sub(1),
                _ => {}
            }
            let ends = tokens.len() >= self.min_tokens
                && self.braces == 0
                && matches!(tok, Tok::Stmt(k) if k != "FLAGS")
                && !matches!(tokens.last(), Some((Tok::Punct(b':' | b'='), _)));
            if ends {
                self.ahead = Some((tok.clone(), span.clone()));
            }
            tokens.push((tok, span));
            if ends {
                mark_arrays(&mut tokens, &mut self.arrays);
                return Some(Chunk {
                    tokens,
                    last: false,
                    depth,
                });
            }
        }
        self.done = true;
        mark_arrays(&mut tokens, &mut self.arrays);
        Some(Chunk {
            tokens,
            last: true,
            depth,
        })
    }

    /// How the file nests, and what the scan found besides the tokens,
    /// once the last chunk was read.
    pub(crate) fn finish(self) -> (super::depth::Nesting, Lexed<'s>) {
        (self.meter.deepest, self.scanner.finish(Vec::new()))
    }
}

/// `lev_comp`'s scanner types a `$name` by the definitions before it (per
/// level): whether it is an array decides whether a `[` after it is its
/// index or the start of the next statement. A definition is an array's
/// when its value is a `{ … }` list, with or without a type prefix.
/// `arrays` holds the level's arrays defined before `tokens`.
fn mark_arrays<'s>(tokens: &mut [(Tok<'s>, Span)], arrays: &mut Vec<&'s str>) {
    for i in 0..tokens.len() {
        match tokens[i].0 {
            Tok::Stmt("LEVEL" | "MAZE") => arrays.clear(),
            Tok::Var(name) => {
                let next = |k: usize| tokens.get(i + k).map(|t| &t.0);
                let is_list = match next(2) {
                    Some(Tok::Punct(b'{')) => true,
                    Some(
                        Tok::Kw(Kw::TerrainLower | Kw::MonsterLower | Kw::ObjectLower)
                        | Tok::Stmt("TERRAIN" | "MONSTER" | "OBJECT"),
                    ) => next(3) == Some(&Tok::Punct(b':')) && next(4) == Some(&Tok::Punct(b'{')),
                    _ => false,
                };
                let defines = next(1) == Some(&Tok::Punct(b'='))
                    && !matches!(
                        i.checked_sub(1).map(|p| &tokens[p].0),
                        Some(Tok::Stmt("FOR"))
                    );
                if arrays.contains(&name) {
                    tokens[i].0 = Tok::ArrayVar(name);
                }
                if defines && is_list && !arrays.contains(&name) {
                    arrays.push(name);
                }
            }
            _ => {}
        }
    }
}

/// The length of the dotted name at the start of `rest`
/// (`[a-zA-Z_](\.?[a-zA-Z_0-9]+)*`; 0: none).
fn dotted_name(rest: &[u8]) -> usize {
    let word = |b: &u8| ALNUM_OR_UNDERSCORE[usize::from(*b)];
    if !rest
        .first()
        .is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_')
    {
        return 0;
    }
    let mut n = 1;
    loop {
        n += (rest[n..].iter())
            .position(|b| !word(b))
            .unwrap_or(rest.len() - n);
        let dot = rest.get(n) == Some(&b'.') && rest.get(n + 1).is_some_and(word);
        if !dot {
            return n;
        }
        n += 1;
    }
}

/// The longest token at `pos`; on a tie the rule that comes first in
/// `lev_comp.l` (keywords, then the rest in [`rule_by_first_byte`]'s
/// order, then unknown words). Only the token of the winning rule is made.
fn token_at<'s>(keywords: &Words, lexis: Lexis, src: &'s str, pos: usize) -> (Tok<'s>, usize) {
    let rest = &src.as_bytes()[pos..];
    let keyword = keywords.longest(rest);
    let by_byte = match rule_by_first_byte(lexis, src, pos) {
        Ok(found) => found,
        Err(invalid) => return invalid,
    };
    let word = word_len(lexis, rest);
    let (keyword_n, by_byte_n) = (
        keyword.map_or(0, |k| k.1),
        by_byte.as_ref().map_or(0, |t| t.1),
    );
    if let Some((tok, n)) = keyword.filter(|_| keyword_n >= by_byte_n.max(word)) {
        return (tok.clone(), n);
    }
    if let Some(found) = by_byte.filter(|_| by_byte_n >= word) {
        return found;
    }
    if word > 0 {
        // 3.6.7's catch-all word (with `-`) is UNKNOWN_TYPE; the early
        // opcode games' (SporkHack's `[a-zA-Z_][a-zA-Z_0-9]*`) is a
        // name, NQSTRING, which calls a function.
        let text = &src[pos..pos + word];
        let tok = match lexis.dash_in_words && !lexis.dotted_names {
            true => Tok::Unknown(text),
            false => Tok::Name(text),
        };
        return (tok, word);
    }
    let c = rest[0];
    let len = src[pos..].chars().next().map_or(1, char::len_utf8);
    if c.is_ascii() && len == 1 {
        (Tok::Punct(c), 1)
    } else {
        (Tok::Invalid(&src[pos..pos + len]), len)
    }
}

/// The token at `pos` of the one rule between the keywords and the
/// catch-all word that its first byte can start (numbers, chances,
/// signed numbers, strings, variables, comparisons, characters; each
/// starts with bytes of its own), if it matches; `Err`: an unterminated
/// string, which ends the token at the end of its line whatever else
/// matches.
fn rule_by_first_byte<'s>(
    lexis: Lexis,
    src: &'s str,
    pos: usize,
) -> Result<Option<(Tok<'s>, usize)>, (Tok<'s>, usize)> {
    use super::program::Opcode;
    let rest = &src.as_bytes()[pos..];
    let digits = |from: usize| {
        rest[from..]
            .iter()
            .take_while(|d| d.is_ascii_digit())
            .count()
    };
    let number = |from: usize, n: usize| atoi(&src[pos + from..pos + from + n]);
    let compare = |op, n| Ok(Some((Tok::Compare(op), n)));
    match rest {
        [b'0'..=b'9', ..] => {
            // `[0-9]+d[0-9]+`, then `[0-9]+%`, then `[0-9]+`.
            let lead = digits(0);
            let die = match rest.get(lead) {
                Some(b'd') => digits(lead + 1),
                _ => 0,
            };
            Ok(Some(match rest.get(lead) {
                Some(b'd') if die > 0 => (
                    Tok::Dice(number(0, lead), number(lead + 1, die)),
                    lead + 1 + die,
                ),
                Some(b'%') => (Tok::SPercent(number(0, lead)), lead + 1),
                _ => (Tok::Int(number(0, lead)), lead),
            }))
        }
        [b'[', ..] => Ok(percent(rest).map(|(value, n)| (Tok::Percent(value), n))),
        [sign @ (b'-' | b'+'), ..] => {
            let n = digits(1);
            if n == 0 {
                return Ok(None);
            }
            let v = number(0, n + 1);
            let tok = match sign {
                b'-' => Tok::MinusInt(v),
                _ => Tok::PlusInt(v),
            };
            Ok(Some((tok, n + 1)))
        }
        [b'"', ..] => match rest[1..].iter().position(|&q| q == b'"') {
            Some(end) => Ok(Some((
                Tok::Str(scan::c_string(&src[pos + 1..pos + 1 + end])),
                end + 2,
            ))),
            None => {
                let n = rest.iter().position(|&q| q == b'\n').unwrap_or(rest.len());
                Err((Tok::Invalid(&src[pos..pos + n]), n))
            }
        },
        [b'$', ..] => Ok(variable(lexis, src, pos)),
        [b'=', b'=', ..] => compare(Opcode::Je, 2),
        [b'!', b'=', ..] | [b'<', b'>', ..] => compare(Opcode::Jne, 2),
        [b'<', b'=', ..] => compare(Opcode::Jle, 2),
        [b'>', b'=', ..] => compare(Opcode::Jge, 2),
        [b'<', ..] => compare(Opcode::Jl, 1),
        [b'>', ..] => compare(Opcode::Jg, 1),
        [b'\'', ..] => Ok(scan::char_literal(rest).map(|(ch, n)| (Tok::Char(ch), n))),
        _ => Ok(None),
    }
}

/// The variable (`$name`, or `$name.method` where names are dotted) at
/// `pos`, a `$`, if any.
fn variable<'s>(lexis: Lexis, src: &'s str, pos: usize) -> Option<(Tok<'s>, usize)> {
    let name = &src.as_bytes()[pos + 1..];
    let n = if lexis.dotted_names {
        dotted_name(name)
    } else {
        let first = name
            .first()
            .is_some_and(|d| d.is_ascii_alphabetic() || *d == b'_');
        match first {
            false => 0,
            true => name
                .iter()
                .take_while(|d| {
                    d.is_ascii_alphabetic()
                        || **d == b'_'
                        || (lexis.digits_in_variables && d.is_ascii_digit())
                })
                .count(),
        }
    };
    if n == 0 {
        return None;
    }
    let text = &src[pos..pos + 1 + n];
    let tok = match text.split_once('.') {
        Some((var, method)) if lexis.dotted_names => Tok::Method(var, method),
        _ => Tok::Var(text),
    };
    Some((tok, n + 1))
}

/// The length of the catch-all word at the start of `rest` (0: none):
/// a dotted name where names are dotted.
fn word_len(lexis: Lexis, rest: &[u8]) -> usize {
    // SporkHack's names (`[a-zA-Z_][a-zA-Z_0-9]*`, its words without `-`)
    // start with a letter or `_`; 3.6.7's words with anything of theirs.
    let starts = |d: &u8| lexis.dash_in_words || d.is_ascii_alphabetic() || *d == b'_';
    match lexis.dotted_names {
        true => dotted_name(rest),
        false if !rest.first().is_some_and(starts) => 0,
        false => (rest.iter())
            .position(|&d| !lexis.is_word_byte(d))
            .unwrap_or(rest.len()),
    }
}

/// The keyword of `lang` a misspelt `word` most likely stands for (a
/// statement keyword when `statement`).
pub(crate) fn closest_keyword(
    lang: &super::grammar::Language,
    word: &str,
    statement: bool,
) -> Option<&'static str> {
    crate::parsing::closest_keyword(word, lang.words().words(), statement)
}

impl fmt::Display for Tok<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tok::Stmt(word) => write!(f, "`{word}`"),
            Tok::Kw(_) | Tok::Val(..) | Tok::Random | Tok::RandomBracket | Tok::None => {
                let word = super::grammar::word_of(self);
                write!(f, "`{word}`")
            }
            Tok::Int(v) | Tok::MinusInt(v) => write!(f, "integer {v}"),
            Tok::PlusInt(v) => write!(f, "integer +{v}"),
            Tok::Percent(v) => write!(f, "chance [{v}%]"),
            Tok::SPercent(v) => write!(f, "percentage {v}%"),
            Tok::Dice(n, d) => write!(f, "dice {n}d{d}"),
            Tok::Str(s) => write!(f, "string \"{s}\""),
            Tok::Char(c) => write!(f, "character '{}'", char::from(*c)),
            Tok::Var(v) | Tok::ArrayVar(v) => write!(f, "variable {v}"),
            Tok::Compare(op) => {
                use super::program::Opcode;
                let symbol = match op {
                    Opcode::Je => "==",
                    Opcode::Jne => "!=",
                    Opcode::Jle => "<=",
                    Opcode::Jge => ">=",
                    Opcode::Jl => "<",
                    Opcode::Jg => ">",
                    other => other.name(),
                };
                write!(f, "comparison `{symbol}`")
            }
            Tok::Map(_) => f.write_str("a MAP block"),
            Tok::Punct(c) => write!(f, "`{}`", char::from(*c)),
            Tok::Unknown(s) | Tok::Name(s) => write!(f, "`{s}`"),
            Tok::CoreFunc(..) => {
                let word = super::grammar::word_of(self);
                write!(f, "`{word}`")
            }
            Tok::Method(v, m) => write!(f, "method {v}.{m}"),
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
    fn flex_longest_match() {
        assert_eq!(toks("randomly"), [Tok::Unknown("randomly")]);
        assert_eq!(toks("random["), [Tok::RandomBracket]);
        assert_eq!(toks("half-left"), [Tok::Val(Val::LeftOrRight, 2)]);
        assert_eq!(toks("3d6"), [Tok::Dice(3, 6)]);
        assert_eq!(toks("3rd"), [Tok::Unknown("3rd")]);
        assert_eq!(toks("$x-5"), [Tok::Var("$x"), Tok::MinusInt(-5)]);
        assert_eq!(toks("50% [ 7% ]"), [Tok::SPercent(50), Tok::Percent(7)]);
        // lev_comp strcpy's a string token: a NUL ends its value.
        assert_eq!(toks("\"ab\0cd\" 1"), [Tok::Str("ab"), Tok::Int(1)]);
        assert_eq!(
            toks("object obj"),
            [Tok::Kw(Kw::ObjectLower), Tok::Kw(Kw::ObjectLower)]
        );
        assert_eq!(
            toks("<> <= <"),
            [
                Tok::Compare(super::super::program::Opcode::Jne),
                Tok::Compare(super::super::program::Opcode::Jle),
                Tok::Compare(super::super::program::Opcode::Jl),
            ]
        );
    }

    /// A token's first byte picks the rules tried, but the catch-all word
    /// still competes with the others: it wins when longer, and loses a
    /// tie to the earlier rule.
    #[test]
    fn words_compete_with_every_rule() {
        assert_eq!(toks("-5"), [Tok::MinusInt(-5)]);
        assert_eq!(toks("-5a"), [Tok::Unknown("-5a")]);
        assert_eq!(toks("3d6x 7"), [Tok::Unknown("3d6x"), Tok::Int(7)]);
        assert_eq!(toks("50%x"), [Tok::SPercent(50), Tok::Unknown("x")]);
        assert_eq!(toks("half-leftover"), [Tok::Unknown("half-leftover")]);
        assert_eq!(toks("left-"), [Tok::Unknown("left-")]);
        assert_eq!(
            toks("randomly["),
            [Tok::Unknown("randomly"), Tok::Punct(b'[')]
        );
        assert_eq!(toks("\"ab"), [Tok::Invalid("\"ab")]);
        // Without `-` in words (SporkHack's names), a keyword with one is
        // longer than the word it starts with.
        let sporkhack = Lexis {
            dash_in_words: false,
            ..Lexis::NETHACK_367
        };
        let words = super::super::grammar::language().words();
        let at = |src| token_at(words, sporkhack, src, 0);
        assert_eq!(at("half-left"), (Tok::Val(Val::LeftOrRight, 2), 9));
        assert_eq!(at("left-"), (Tok::Val(Val::LeftOrRight, 1), 4));
        assert_eq!(at("-5a"), (Tok::MinusInt(-5), 2));
        // Its names start with a letter or `_`: flex's longest match at a
        // digit is a number's.
        assert_eq!(at("3d6x"), (Tok::Dice(3, 6), 3));
        assert_eq!(at("10d"), (Tok::Int(10), 2));
        assert_eq!(at("_9x"), (Tok::Name("_9x"), 3));
    }

    #[test]
    fn comments_and_maps() {
        assert_eq!(toks("  # c\nEXIT"), [Tok::Stmt("EXIT")]);
        assert_eq!(
            toks("# no newline"),
            [
                Tok::Punct(b'#'),
                Tok::Unknown("no"),
                Tok::Unknown("newline")
            ]
        );
        let l = lex("MAP\r\n-|x\r\n1.2\nENDMAP\n");
        assert_eq!(l.tokens.len(), 1);
        assert_eq!(l.maps[0].rows, ["-|x", "1.2"]);
    }
}
