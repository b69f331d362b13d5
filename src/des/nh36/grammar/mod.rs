//! The 3.6 language's statements as data: one [`Row`] per statement form
//! ([`rows`]), matched by the matcher every grammar shares
//! ([`crate::statement`]). What nests (expressions, selections, values,
//! conditions, and the blocks and statements inside statements) is an
//! operand ([`Class`]'s operand classes), which the parser reads: the
//! first group with chumsky, the second by parsing statements.
//!
//! [`read`] turns a matched row's arguments into its typed statement.
//! The lexer reads the rows' keywords as statement keywords
//! ([`Tok::Stmt`]): a row is all a new statement needs.

mod read;
mod rows;
mod variants;

use std::sync::{Mutex, OnceLock};

use super::lexer::{Kw, Tok, Val};
use super::syntax::StmtKind;
use crate::game::{Game, GrammarForm};
use crate::statement::{Row, Token};

pub(crate) use read::{call, chance, define, Operand, Operands, Read, Reading};
pub(crate) use rows::{CHANCE, DEFINE};
pub(crate) use variants::CALL;

/// What a pattern of the 3.6 grammar expects: one token of a kind, or an
/// operand of several.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Class {
    /// That keyword.
    Kw(Kw),
    /// A value keyword of that class.
    Val(Val),
    /// `random`.
    Random,
    /// An unsigned integer.
    Int,
    /// An integer with or without a sign.
    AnyInt,
    /// `NdM`.
    Dice,
    /// A string literal.
    Str,
    /// A character literal.
    Char,
    /// A variable (array or not).
    Var,
    /// A name that is no keyword (a function's).
    Name,
    /// A core function's word (a parameter's type: `int`, `str`).
    CoreFunc,
    /// `[50%]`.
    Percent,
    /// `50%`.
    SPercent,
    /// A `MAP` block.
    Map,
    /// That punctuation.
    Punct(u8),
    /// Operands, read by the parser: an integer expression, …
    Expr,
    /// … a string expression (`"a" . $b`), …
    StrExpr,
    Coord,
    Region,
    MapChar,
    Monster,
    Object,
    Sel,
    /// … `[50%]` or `[expression]`, …
    Cond,
    /// … the value of a variable definition, …
    Value,
    /// … `{ statements }`, …
    Block,
    /// … `SWITCH`'s `{ CASE n: … DEFAULT: … }`, …
    Cases,
    /// … and one statement (after a chance).
    Stmt,
}

impl Token for Tok<'_> {
    type Class = Class;

    fn is(&self, class: &Class) -> bool {
        match (class, self) {
            (Class::Kw(k), Tok::Kw(t)) => k == t,
            (Class::Val(k), Tok::Val(t, _)) => k == t,
            (Class::Random, Tok::Random)
            | (Class::Int, Tok::Int(_))
            | (Class::AnyInt, Tok::Int(_) | Tok::MinusInt(_) | Tok::PlusInt(_))
            | (Class::Dice, Tok::Dice(..))
            | (Class::Str, Tok::Str(_))
            | (Class::Char, Tok::Char(_))
            | (Class::Var, Tok::Var(_) | Tok::ArrayVar(_))
            | (Class::Name, Tok::Name(_))
            | (Class::CoreFunc, Tok::CoreFunc(..))
            | (Class::Percent, Tok::Percent(_))
            | (Class::SPercent, Tok::SPercent(_))
            | (Class::Map, Tok::Map(_)) => true,
            (Class::Punct(c), Tok::Punct(t)) => c == t,
            _ => false,
        }
    }
}

/// Builds a statement from its matched arguments.
pub(crate) type Build = for<'t, 'a> fn(&mut Read<'t, 'a>) -> StmtKind<'a>;

/// A 3.6 statement form (3.6 has no order rules a form carries: where a
/// statement may appear is the code generator's check).
pub(crate) type Form = Row<Class, Build, ()>;

/// The 3.6 language: its statement rows, the words of its lexer (the rows'
/// keywords, read as [`Tok::Stmt`], and [`super::lexer::WORDS`]) and its
/// map characters.
pub(crate) type Language = crate::statement::Language<Tok<'static>, Class, Build, ()>;

/// The NetHack 3.6.7 language.
pub(crate) fn language() -> &'static Language {
    static LANGUAGE: OnceLock<Language> = OnceLock::new();
    LANGUAGE.get_or_init(|| {
        Language::new(
            rows::ROWS.to_vec(),
            super::lexer::WORDS,
            super::lexer::MAP_CHARS,
            Tok::Stmt,
        )
    })
}

/// What a game's language takes from the game: the words of its
/// numbering and format, its map characters, and the variant rows its
/// format calls for.
#[derive(Clone, Debug, PartialEq, Eq)]
struct GameWords {
    level_flags: Vec<(Box<str>, i64)>,
    engravings: Vec<(Box<str>, i8)>,
    door_materials: Vec<(Box<str>, i64)>,
    filling: Vec<(Box<str>, i64)>,
    map_row_chars: Vec<u8>,
    /// The opcodes of [`variants::FEATURE_ROWS`] the game has.
    features: Vec<&'static str>,
    /// `SP_M_V_DEAD`: `dead` monsters.
    dead: bool,
    /// `SP_O_V_AFFIXED_GEM`: `affixed_gem` and `forged_qual` objects.
    forged: bool,
    /// A `rndvault` level flag: `VAULTGEN` and `MINDEPTH`.
    vaults: bool,
    /// `MINDEPTH` in random vaults ([`crate::game::LevelRules::vault_min_depth`]).
    min_depth: bool,
    /// The forms of its `lev_comp.y` and `lev_comp.l` beyond 3.6.7's.
    grammar: Vec<GrammarForm>,
    /// Its core functions' words and what they return.
    core_functions: Vec<(Box<str>, u8)>,
    /// `SOUNDS`'s words, where it has `SPO_LEVEL_SOUNDS`.
    sound_types: Vec<(Box<str>, i64)>,
    /// A chance after the keyword (`MONSTER[90%]:`).
    keyword_chance: bool,
    /// `SPO_MON_GENERATION`: `MON_GENERATION`.
    mon_generation: bool,
    /// `WALLIFY` takes a region.
    wallify_region: bool,
    /// `SPO_SPILL`: `SPILL`.
    spill: bool,
    /// `SPO_WALLWALK`: `WALLWALK`.
    wall_walk: bool,
    /// `SPO_TOPOGRAPHY`: `TOPOLOGIZE`.
    topologize: bool,
    /// The words its `lev_comp.l` has (none: 3.6.7's).
    lexer_words: Vec<Box<str>>,
}

fn game_words(game: &Game) -> GameWords {
    let format = game.format();
    let n = &format.numbering;
    let program = format.program.as_ref();
    let has_op = |name: &str| program.is_some_and(|p| p.opcode(name).is_some());
    GameWords {
        level_flags: n.level_flags.clone(),
        engravings: n.engravings.clone(),
        door_materials: program.map_or_else(Vec::new, |p| p.door_materials.clone()),
        filling: program.map_or_else(Vec::new, |p| p.filling_words.clone()),
        map_row_chars: n.map_row_chars.clone(),
        features: (variants::FEATURE_ROWS.iter())
            .map(|(op, _)| *op)
            .filter(|op| has_op(op))
            .collect(),
        dead: program.is_some_and(|p| p.monster_property("DEAD").is_some()),
        forged: program.is_some_and(|p| p.object_property("AFFIXED_GEM").is_some()),
        vaults: n.level_flags.iter().any(|(w, _)| &**w == "rndvault"),
        min_depth: format.level_rules.vault_min_depth,
        grammar: program.map_or_else(Vec::new, |p| p.grammar.clone()),
        sound_types: (program.iter())
            .filter(|p| p.opcode("LEVEL_SOUNDS").is_some())
            .flat_map(|p| p.sound_types.iter().cloned())
            .collect(),
        core_functions: (program.iter())
            .flat_map(|p| &p.core_functions)
            .map(|f| (f.word.clone(), f.returns))
            .collect(),
        keyword_chance: format.level_rules.keyword_chance,
        mon_generation: has_op("MON_GENERATION"),
        wallify_region: format.level_rules.wallify_region,
        spill: has_op("SPILL"),
        wall_walk: has_op("WALLWALK"),
        topologize: has_op("TOPOGRAPHY"),
        lexer_words: format.level_rules.lexer_words.clone(),
    }
}

/// The languages made for games, and what they were made of.
static MADE: Mutex<Vec<(GameWords, &'static Language)>> = Mutex::new(Vec::new());

/// The language of `game`: 3.6.7's rows with the `FLAGS` words,
/// engraving types and map characters of its numbering, and the rows its
/// format calls for (EvilHack's door materials where its doors have one,
/// `FORGE`, `MAGIC_CHEST`, `PUDDLE` and `SEWAGE` where it has their
/// opcodes, `dead` monsters, `affixed_gem` and `forged_qual` objects where
/// it has those properties, `VAULTGEN` and `MINDEPTH` where it has the
/// `rndvault` flag), and the forms of its [`GrammarForm`]s and its core
/// functions' words (UnNetHack's). One language is made for each such
/// set and kept.
pub(crate) fn for_game(game: &Game) -> &'static Language {
    static VANILLA: OnceLock<GameWords> = OnceLock::new();
    let key = game_words(game);
    if &key == VANILLA.get_or_init(|| game_words(&Game::nethack_367())) {
        return language();
    }
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, lang)) = made.iter().find(|(k, _)| *k == key) {
        return lang;
    }
    let leak = |w: &str| -> &'static str { Box::leak(w.into()) };
    let mut words: Vec<(&'static str, Tok<'static>)> = (super::lexer::WORDS.iter())
        .filter(|(_, t)| {
            !matches!(
                t,
                Tok::Val(Val::Flag | Val::EngravingType | Val::Filling, _)
            )
        })
        .cloned()
        .collect();
    words.extend((key.level_flags.iter()).map(|(w, bit)| (leak(w), Tok::Val(Val::Flag, *bit))));
    words.extend(
        (key.engravings.iter()).map(|(w, v)| (leak(w), Tok::Val(Val::EngravingType, (*v).into()))),
    );
    words.extend((key.filling.iter()).map(|(w, v)| (leak(w), Tok::Val(Val::Filling, *v))));
    words.extend(
        (key.door_materials.iter()).map(|(w, v)| (leak(w), Tok::Val(Val::DoorMaterial, *v))),
    );
    let mut rows = rows::ROWS.to_vec();
    let mut replace = |extra: &[Form]| {
        rows.retain(|row| !extra.iter().any(|e| e.keyword == row.keyword));
        rows.extend_from_slice(extra);
    };
    if !key.door_materials.is_empty() {
        replace(variants::DOOR_MATERIAL_ROWS);
    }
    if key.dead {
        replace(variants::DEAD_MONSTER_ROWS);
        words.push(("dead", Tok::Kw(Kw::Dead)));
    }
    if key.forged {
        replace(variants::FORGED_OBJECT_ROWS);
        words.push(("affixed_gem", Tok::Kw(Kw::AffixedGem)));
        words.push(("forged_qual", Tok::Kw(Kw::ForgedQual)));
    }
    if key.vaults {
        replace(variants::VAULT_ROWS);
        if key.min_depth {
            replace(variants::MIN_DEPTH_ROWS);
        }
    }
    if key.keyword_chance {
        replace(variants::KEYWORD_CHANCE_ROWS);
    }
    if key.wallify_region {
        replace(std::slice::from_ref(&variants::WALLIFY_REGION_ROW));
    }
    if key.spill && key.grammar.contains(&GrammarForm::SpillOperands) {
        replace(std::slice::from_ref(&variants::SPILL_OPERANDS_ROW));
    } else if key.spill {
        replace(std::slice::from_ref(&variants::SPILL_ROW));
    }
    if key.wall_walk {
        replace(std::slice::from_ref(&variants::WALLWALK_ROW));
    }
    if key.topologize {
        replace(std::slice::from_ref(&variants::TOPOLOGIZE_ROW));
    }
    if key.mon_generation {
        replace(std::slice::from_ref(&variants::MON_GENERATION_ROW));
    }
    for (op, row) in variants::FEATURE_ROWS {
        if key.features.contains(op) {
            replace(std::slice::from_ref(row));
        }
    }
    // What its lexer does not spell out is not its word (a word that is
    // no identifier, `random[`, is read by rules levbuild has anyway).
    if let known @ [_, ..] = &key.lexer_words[..] {
        let has = |w: &str| known.binary_search_by(|k| (**k).cmp(w)).is_ok();
        let identifier = |w: &str| {
            w.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        };
        words.retain(|(w, _)| !identifier(w) || has(w));
        rows.retain(|r| has(r.keyword));
    }
    if key.grammar.contains(&GrammarForm::HeaderStatements) {
        words.retain(|(_, t)| *t != Tok::Kw(Kw::Function));
        rows.extend_from_slice(variants::FUNCTION_ROWS);
        rows.extend_from_slice(variants::INCLUDE_ROWS);
    }
    if key.grammar.contains(&GrammarForm::SheolInit) {
        rows.extend_from_slice(variants::SHEOL_ROWS);
        words.push(("sheollev", Tok::Kw(Kw::SheolLev)));
    }
    if !key.sound_types.is_empty() {
        rows.push(variants::SOUNDS_ROW);
        words
            .extend((key.sound_types.iter()).map(|(w, v)| (leak(w), Tok::Val(Val::SoundType, *v))));
    }
    for (i, (word, returns)) in key.core_functions.iter().enumerate() {
        let i = u16::try_from(i).unwrap_or(u16::MAX);
        words.push((leak(word), Tok::CoreFunc(i, *returns)));
    }
    let lang = Language::new(rows, &words, &key.map_row_chars, Tok::Stmt);
    let lang: &'static Language = Box::leak(Box::new(lang));
    made.push((key, lang));
    lang
}

/// The word of token `tok` in the first language that has it (3.6.7's,
/// then those made for games): for messages, which name a token by its
/// spelling whatever the game.
pub(crate) fn word_of(tok: &Tok<'_>) -> &'static str {
    let word = language().words().word_of(|t| t == tok);
    if word != "?" {
        return word;
    }
    let made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    (made.iter())
        .map(|(_, lang)| lang.words().word_of(|t| t == tok))
        .find(|w| *w != "?")
        .unwrap_or("?")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row's keyword is a keyword of the lexer, and every form is
    /// reached from it.
    #[test]
    fn every_row_is_found_by_its_keyword() {
        for row in rows::ROWS {
            assert!(
                language().forms(row.keyword).any(|r| r.name == row.name),
                "{}",
                row.name
            );
            let lexed = super::super::lexer::lex(row.keyword);
            assert_eq!(
                lexed.tokens.first().map(|t| &t.0),
                Some(&Tok::Stmt(row.keyword))
            );
        }
        assert_eq!(language().forms("rect").count(), 0);
    }
}
