//! The 3.6 `.des` parser (chumsky, over the tokens of [`super::lexer`]).
//! Statements nest (`IF`, `LOOP`, rooms and containers take blocks), so
//! the whole file is one recursive parser; a statement that does not
//! parse is reported and skipped up to the next statement, so every
//! syntax error of a file is found in one run.
//!
//! The statement parsers are grouped by what they build: [`level`]
//! (level definitions, variables, control flow), [`rooms`], [`things`]
//! and [`map`] (terrain features, level regions), over the shared operand
//! parsers of [`mod@values`] and [`mod@selection`].

mod level;
mod map;
mod rooms;
mod selection;
mod things;
mod values;

use chumsky::error::LabelError;
use chumsky::prelude::*;
use chumsky::primitive::custom;

use super::lexer::{Kw, Tok, Val};
use super::program::Opcode;
use super::syntax::*;
use crate::diag::{Reporter, Sp};
use crate::parsing::{report_syntax_error, sp, Tokens};
use level::{control_statements, level_statements};
use map::map_statements;
use rooms::room_statements;
use things::thing_statements;
use values::values;

type In<'a> = Tokens<'a, Tok<'a>>;
type Extra<'a> = extra::Err<Rich<'a, Tok<'a>, SimpleSpan>>;
/// A boxed parser over 3.6 tokens.
type P<'a, T> = Boxed<'a, 'a, In<'a>, T, Extra<'a>>;

/// Parses a chunk of a file (see [`super::lexer::Chunks`]) into
/// statements, reporting syntax errors to `report`: the file's last chunk
/// to its end (byte `end`), any other up to its final token, which only
/// shows what follows. `None` when the statements stop at a token that
/// starts none and that no error recovery skips (a stray `}`): the parse
/// of the file ends there.
pub(crate) fn parse<'a>(
    tokens: &'a [(Tok<'a>, SimpleSpan)],
    end: usize,
    last: bool,
    report: &mut Reporter,
) -> Option<Vec<Stmt<'a>>> {
    let (stmts, errors) = file(last)
        .parse(Tokens::new(tokens, end))
        .into_output_errors();
    for e in &errors {
        report_syntax_error(e, report);
        // A misspelt keyword: a statement keyword if a `:` follows.
        if let Some(Tok::Unknown(word)) = e.found() {
            let at = tokens.iter().position(|(_, s)| s.start == e.span().start);
            let next = at.and_then(|i| tokens.get(i + 1)).map(|(t, _)| t);
            let statement = next == Some(&Tok::Punct(b':'));
            if let Some(k) = super::lexer::closest_keyword(word, statement) {
                report.help(format!("did you mean `{k}`?"));
            }
        }
    }
    stmts
}

fn punct<'a>(c: u8) -> impl Parser<'a, In<'a>, (), Extra<'a>> + Clone {
    just(Tok::Punct(c)).ignored()
}

fn comma<'a>() -> impl Parser<'a, In<'a>, (), Extra<'a>> + Clone {
    punct(b',')
}

fn kw<'a>(k: Kw) -> impl Parser<'a, In<'a>, (), Extra<'a>> + Clone {
    just(Tok::Kw(k)).ignored()
}

/// `KEYWORD :`
fn head<'a>(k: Kw) -> impl Parser<'a, In<'a>, (), Extra<'a>> + Clone {
    kw(k).then_ignore(punct(b':'))
}

fn int<'a>() -> impl Parser<'a, In<'a>, i64, Extra<'a>> + Clone {
    select! { Tok::Int(v) => v }.labelled("an integer")
}

/// `all_integers`: `5`, `-5` or `+5`.
fn any_int<'a>() -> impl Parser<'a, In<'a>, i64, Extra<'a>> + Clone {
    select! { Tok::Int(v) => v, Tok::MinusInt(v) => v, Tok::PlusInt(v) => v }.labelled("an integer")
}

fn string<'a>() -> impl Parser<'a, In<'a>, Sp<&'a str>, Extra<'a>> + Clone {
    select! { Tok::Str(s) => s }
        .map_with(|s, e| sp(s, e.span()))
        .labelled("a string")
}

fn chr<'a>() -> impl Parser<'a, In<'a>, Sp<u8>, Extra<'a>> + Clone {
    select! { Tok::Char(c) => c }
        .map_with(|c, e| sp(c, e.span()))
        .labelled("a character like 'x'")
}

fn random<'a>() -> impl Parser<'a, In<'a>, i64, Extra<'a>> + Clone {
    just(Tok::Random).to(-1).labelled("`random`")
}

fn val<'a>(k: Val, label: &'static str) -> impl Parser<'a, In<'a>, i64, Extra<'a>> + Clone {
    select! { Tok::Val(kind, v) if kind == k => v }.labelled(label)
}

/// A value keyword or `random` (-1).
fn val_or_random<'a>(k: Val, label: &'static str) -> P<'a, i64> {
    val(k, label).or(random()).boxed()
}

/// Any variable, array or not: what a definition, `SHUFFLE` or `FOR` names.
fn var<'a>() -> impl Parser<'a, In<'a>, Sp<&'a str>, Extra<'a>> + Clone {
    select! { Tok::Var(v) => v, Tok::ArrayVar(v) => v }
        .map_with(|v, e| sp(v, e.span()))
        .labelled("a variable")
}

/// The statements of a chunk: to the end of the input for the file's last
/// chunk, else up to its final token, where they must stop as they would
/// at the end of the file (the same error where they do not).
fn file<'a>(last: bool) -> P<'a, Vec<Stmt<'a>>> {
    let v = values();
    let stmt = recursive(
        |stmt: Recursive<dyn Parser<'a, In<'a>, Stmt<'a>, Extra<'a>>>| {
            let block = stmt
                .clone()
                .repeated()
                .collect::<Vec<_>>()
                .delimited_by(punct(b'{'), close_brace())
                .boxed();
            // A statement's first token says which group of statement
            // parsers can take it: only that group is tried (trying all
            // ~50 forms costs an error per form).
            let groups = [
                level_statements(&v),
                control_statements(&v, stmt.clone().boxed(), block.clone()),
                room_statements(&v, block.clone()),
                thing_statements(&v, block.clone()),
                map_statements(&v, block),
            ];
            let kind = custom(move |inp| {
                let group = inp.peek().as_ref().and_then(statement_group);
                match group {
                    Some(g) => inp.parse(&groups[g]),
                    None => {
                        let start = inp.cursor();
                        let found = inp.next_maybe();
                        let span = inp.span_since(&start);
                        Err(<Rich<'a, Tok<'a>, SimpleSpan> as LabelError<
                            'a,
                            In<'a>,
                            &'static str,
                        >>::expected_found(
                            ["a statement"], found, span
                        ))
                    }
                }
            });
            kind.map_with(|kind, e| Stmt {
                kind,
                span: e.span().into_range(),
            })
            .recover_with(via_parser(skip_statement()))
            .boxed()
        },
    );
    if last {
        return stmt
            .repeated()
            .collect::<Vec<_>>()
            .then_ignore(end())
            .boxed();
    }
    // Whether one token is left: the next chunk's first.
    fn one_left<'a>(inp: &mut chumsky::input::InputRef<'a, '_, In<'a>, Extra<'a>>) -> bool {
        let start = inp.save();
        let left = inp.next_maybe().is_some() && inp.peek_maybe().is_none();
        inp.rewind(start);
        left
    }
    let not_last = custom(|inp| {
        if one_left(inp) {
            let start = inp.cursor();
            Err(Rich::custom(inp.span_since(&start), "the next chunk"))
        } else {
            Ok(())
        }
    });
    // `end()`, one token early (the token is taken: chumsky's `parse`
    // wants the whole input read).
    let before_last = custom(|inp| {
        if one_left(inp) {
            inp.next_maybe();
            return Ok(());
        }
        let start = inp.save();
        let found = inp.next_maybe();
        let span = inp.span_since(start.cursor());
        inp.rewind(start);
        Err(<Rich<'a, Tok<'a>, SimpleSpan> as LabelError<
            'a,
            In<'a>,
            chumsky::DefaultExpected<'a, Tok<'a>>,
        >>::expected_found(
            [chumsky::DefaultExpected::EndOfInput],
            found,
            span,
        ))
    });
    not_last
        .ignore_then(stmt)
        .repeated()
        .collect::<Vec<_>>()
        .then_ignore(before_last)
        .boxed()
}

/// The `}` that closes a block. A block whose `}` is missing (the file
/// ends, or a token no statement starts with comes first) is an error
/// there, and the block ends: the statement holding it stands, so an
/// unclosed block costs one error and no backtracking (re-parsing every
/// enclosing block was exponential in the depth of unclosed blocks).
fn close_brace<'a>() -> impl Parser<'a, In<'a>, (), Extra<'a>> + Clone {
    punct(b'}').recover_with(via_parser(empty()))
}

/// After a syntax error: the rest of the statement, up to the next token
/// that starts one (a nested block is skipped whole).
fn skip_statement<'a>() -> impl Parser<'a, In<'a>, Stmt<'a>, Extra<'a>> + Clone {
    let starts = |t: &Tok<'_>| {
        matches!(
            t,
            Tok::Var(_) | Tok::ArrayVar(_) | Tok::Percent(_) | Tok::Punct(b'}')
        ) || matches!(t, Tok::Kw(k) if is_statement_keyword(*k))
    };
    any()
        .filter(|t: &Tok<'_>| {
            !matches!(
                t,
                Tok::Punct(b'}') | Tok::Kw(Kw::Case) | Tok::Kw(Kw::Default)
            )
        })
        .then(any().filter(move |t| !starts(t)).repeated())
        .map_with(|_, e| {
            let span: SimpleSpan = e.span();
            Stmt {
                kind: StmtKind::Error,
                span: span.into_range(),
            }
        })
}

/// Which parser group of [`file()`] takes a statement starting with `t`:
/// level and variable statements, control flow, rooms and the map, things,
/// map features.
fn statement_group(t: &Tok<'_>) -> Option<usize> {
    use Kw::*;
    Some(match t {
        Tok::Var(_) | Tok::ArrayVar(_) => 0,
        Tok::Percent(_) | Tok::Punct(b'[') => 1,
        Tok::Kw(k) => match k {
            Level | Maze | Flags | Message | InitMap | Shuffle | Exit | Break => 0,
            If | Switch | For | Loop => 1,
            Room | Subroom | RoomDoor | Door | RandomCorridors | Corridor | NoMap | Geometry => 2,
            Monster | Object | Container | Trap | Altar | Grave | Gold | Engraving => 3,
            Drawbridge | Mazewalk | Wallify | Ladder | Stair | Portal | TeleportRegion | Branch
            | Fountain | Sink | Pool | Terrain | ReplaceTerrain | NonDiggable | NonPasswall
            | Region | Mineralize => 4,
            _ => return None,
        },
        _ => return None,
    })
}

/// Whether `k` starts a statement.
pub(super) fn is_statement_keyword(k: Kw) -> bool {
    use Kw::*;
    matches!(
        k,
        Message
            | NoMap
            | Maze
            | Level
            | InitMap
            | Flags
            | Geometry
            | Object
            | Container
            | Monster
            | Trap
            | Door
            | RoomDoor
            | Drawbridge
            | Mazewalk
            | Wallify
            | Region
            | Altar
            | Ladder
            | Stair
            | Portal
            | TeleportRegion
            | Branch
            | Fountain
            | Sink
            | Pool
            | NonDiggable
            | NonPasswall
            | If
            | Exit
            | Room
            | Subroom
            | RandomCorridors
            | Corridor
            | Terrain
            | ReplaceTerrain
            | Gold
            | Grave
            | Engraving
            | Mineralize
            | For
            | Loop
            | Switch
            | Case
            | Default
            | Break
            | Function
            | Shuffle
    )
}
