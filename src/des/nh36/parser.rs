//! The 3.6 `.des` parser (chumsky, over the tokens of [`super::lexer`]).
//! Statements nest (`IF`, `LOOP`, rooms and containers take blocks), so
//! the whole file is one recursive parser; a statement that does not
//! parse is reported and skipped up to the next statement, so every
//! syntax error of a file is found in one run.

use chumsky::error::LabelError;
use chumsky::prelude::*;
use chumsky::primitive::custom;

use super::lexer::{Kw, Tok, Val};
use super::program::Opcode;
use super::syntax::*;
use crate::diag::{Reporter, Sp};
use crate::parsing::{report_syntax_error, Tokens};

type In<'a> = Tokens<'a, Tok<'a>>;
type Extra<'a> = extra::Err<Rich<'a, Tok<'a>, SimpleSpan>>;
/// A boxed parser over 3.6 tokens.
type P<'a, T> = Boxed<'a, 'a, In<'a>, T, Extra<'a>>;

/// Parses `tokens` into statements, reporting syntax errors to `report`.
pub(crate) fn parse<'a>(
    tokens: &'a [(Tok<'a>, SimpleSpan)],
    end: usize,
    report: &mut Reporter,
) -> Vec<Stmt<'a>> {
    let (stmts, errors) = file().parse(Tokens::new(tokens, end)).into_output_errors();
    for e in &errors {
        report_syntax_error(e, report);
    }
    stmts.unwrap_or_default()
}

fn sp<T>(v: T, span: SimpleSpan) -> Sp<T> {
    Sp {
        v,
        span: span.into_range(),
    }
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

/// The parsers of the value forms, built once per file (they are
/// mutually recursive: selections hold coordinates that hold selections).
#[derive(Clone)]
struct Values<'a> {
    expr: P<'a, Expr<'a>>,
    string: P<'a, Vec<StrPart<'a>>>,
    coord: P<'a, Coord<'a>>,
    region: P<'a, Region<'a>>,
    mapchar: P<'a, MapChar<'a>>,
    monster: P<'a, ThingOrVar<'a>>,
    object: P<'a, ThingOrVar<'a>>,
    sel: P<'a, Sel<'a>>,
}

/// A variable's value: a scalar as itself, an array's element by index.
fn var_ref<'a>(expr: P<'a, Expr<'a>>) -> P<'a, VarRef<'a>> {
    let scalar = select! { Tok::Var(v) => v }.map_with(|name, e| VarRef {
        name: sp(name, e.span()),
        index: None,
    });
    let element = select! { Tok::ArrayVar(v) => v }
        .map_with(|name, e| sp(name, e.span()))
        .then(expr.delimited_by(punct(b'['), punct(b']')))
        .map(|(name, index)| VarRef {
            name,
            index: Some(Box::new(index)),
        });
    scalar.or(element).labelled("a variable").boxed()
}

fn values<'a>() -> Values<'a> {
    let expr = recursive(
        |expr: Recursive<dyn Parser<'a, In<'a>, Expr<'a>, Extra<'a>>>| {
            let atom = choice((
                int().map(Expr::Int),
                select! { Tok::Dice(n, d) => Expr::Dice(n, d) },
                select! { Tok::MinusInt(v) => Expr::Int(v) }.delimited_by(punct(b'('), punct(b')')),
                var_ref(expr.clone().boxed()).map(Expr::Var),
                expr.clone().delimited_by(punct(b'('), punct(b')')),
            ))
            .labelled("an integer expression")
            .boxed();
            let op = |c: u8, o: Opcode| punct(c).to(o);
            let term = atom.clone().foldl(
                choice((
                    op(b'*', Opcode::MathMul),
                    op(b'/', Opcode::MathDiv),
                    op(b'%', Opcode::MathMod),
                ))
                .then(atom)
                .repeated(),
                |a, (o, b)| Expr::Binary(Box::new(a), o, Box::new(b)),
            );
            term.clone()
                .foldl(
                    choice((op(b'+', Opcode::MathAdd), op(b'-', Opcode::MathSub)))
                        .then(term)
                        .repeated(),
                    |a, (o, b)| Expr::Binary(Box::new(a), o, Box::new(b)),
                )
                .boxed()
        },
    )
    .boxed();
    let vref = var_ref(expr.clone());
    let string = string()
        .map(|s| StrPart::Lit(s.v))
        .or(vref.clone().map(StrPart::Var))
        .separated_by(punct(b'.'))
        .at_least(1)
        .collect::<Vec<_>>()
        .labelled("a string")
        .boxed();
    let mut sel = Recursive::declare();
    let coord_lit = choice((
        int()
            .then_ignore(comma())
            .then(int())
            .delimited_by(punct(b'('), punct(b')'))
            .map_with(|(x, y), e| Coord::At(x, y, e.span().into_range())),
        random().to(Coord::Random(0)),
        just(Tok::RandomBracket)
            .ignore_then(
                val(Val::Humidity, "a humidity flag")
                    .separated_by(comma())
                    .at_least(1)
                    .collect::<Vec<_>>(),
            )
            .then_ignore(punct(b']'))
            .map(|flags| Coord::Random(flags.iter().fold(0, |a, f| a | f))),
        kw(Kw::RndCoord)
            .ignore_then(sel.clone().delimited_by(punct(b'('), punct(b')')))
            .map(|s| Coord::Rnd(Box::new(s))),
    ))
    .boxed();
    let coord = coord_lit
        .or(vref.clone().map(Coord::Var))
        .labelled("a coordinate: (x,y), random or a variable")
        .boxed();
    let region = region_lit()
        .map_with(|r, e| Region::Lit(r, e.span().into_range()))
        .or(vref.clone().map(Region::Var))
        .labelled("a region (x1,y1,x2,y2)")
        .boxed();
    let mapchar = chr()
        .map(|c| MapChar::Lit(c, -2))
        .or(chr()
            .then_ignore(comma())
            .then(val_or_random(Val::Light, "`lit` or `unlit`"))
            .delimited_by(punct(b'('), punct(b')'))
            .map(|(c, l)| MapChar::Lit(c, l)))
        .or(vref.clone().map(MapChar::Var))
        .labelled("a map character")
        .boxed();
    let monster = thing()
        .map(ThingOrVar::Lit)
        .or(vref.clone().map(ThingOrVar::Var))
        .labelled("a monster")
        .boxed();
    let object = thing()
        .map(ThingOrVar::Lit)
        .or(vref.clone().map(ThingOrVar::Var))
        .labelled("an object")
        .boxed();
    sel.define(selection(
        &expr,
        &coord,
        &region,
        &mapchar,
        sel.clone().boxed(),
    ));
    Values {
        expr,
        string,
        coord,
        region,
        mapchar,
        monster,
        object,
        sel: sel.boxed(),
    }
}

fn region_lit<'a>() -> P<'a, [i64; 4]> {
    int()
        .then_ignore(comma())
        .then(int())
        .then_ignore(comma())
        .then(int())
        .then_ignore(comma())
        .then(int())
        .delimited_by(punct(b'('), punct(b')'))
        .map(|(((a, b), c), d)| [a, b, c, d])
        .boxed()
}

fn thing<'a>() -> P<'a, Thing<'a>> {
    choice((
        string().map(Thing::Name),
        chr().map(Thing::Class),
        chr()
            .then_ignore(comma())
            .then(string())
            .delimited_by(punct(b'('), punct(b')'))
            .map(|(c, s)| Thing::ClassName(c, s)),
        random().to(Thing::Random),
    ))
    .boxed()
}

fn dir_list<'a>() -> P<'a, i64> {
    val(Val::Direction, "a direction")
        .separated_by(punct(b'|'))
        .at_least(1)
        .collect::<Vec<_>>()
        .map(|d| d.iter().fold(0, |a, b| a | b))
        .boxed()
}

fn selection<'a>(
    expr: &P<'a, Expr<'a>>,
    coord: &P<'a, Coord<'a>>,
    region: &P<'a, Region<'a>>,
    mapchar: &P<'a, MapChar<'a>>,
    sel: P<'a, Sel<'a>>,
) -> P<'a, Sel<'a>> {
    let paren = |p: P<'a, Sel<'a>>| p.delimited_by(punct(b'('), punct(b')'));
    let filling = comma()
        .ignore_then(val(Val::Filling, "`filled` or `unfilled`"))
        .or_not();
    let term = recursive(
        |term: Recursive<dyn Parser<'a, In<'a>, SelTerm<'a>, Extra<'a>>>| {
            choice((
                coord.clone().map(SelTerm::Point),
                kw(Kw::Rect).ignore_then(region.clone()).map(SelTerm::Rect),
                kw(Kw::FillRect)
                    .ignore_then(region.clone())
                    .map(SelTerm::FillRect),
                kw(Kw::Line)
                    .ignore_then(coord.clone())
                    .then_ignore(comma())
                    .then(coord.clone())
                    .map(|(a, b)| SelTerm::Line(a, b)),
                kw(Kw::RandLine)
                    .ignore_then(coord.clone())
                    .then_ignore(comma())
                    .then(coord.clone())
                    .then_ignore(comma())
                    .then(expr.clone())
                    .map(|((a, b), r)| SelTerm::RandLine(a, b, r)),
                kw(Kw::Grow)
                    .ignore_then(
                        dir_list()
                            .then_ignore(comma())
                            .or_not()
                            .then(sel.clone())
                            .delimited_by(punct(b'('), punct(b')')),
                    )
                    .map(|(dirs, s)| SelTerm::Grow(dirs.unwrap_or(15), s)),
                kw(Kw::Filter).ignore_then(
                    choice((
                        select! { Tok::SPercent(p) => p }
                            .then_ignore(comma())
                            .then(sel.clone())
                            .map(|(p, s)| SelTerm::FilterPercent(p, s)),
                        sel.clone()
                            .map(FilterBy::Sel)
                            .or(mapchar.clone().map(FilterBy::MapChar))
                            .then_ignore(comma())
                            .then(sel.clone())
                            .map(|(f, s)| SelTerm::Filter(f, s)),
                    ))
                    .delimited_by(punct(b'('), punct(b')')),
                ),
                kw(Kw::Floodfill)
                    .ignore_then(coord.clone())
                    .map(SelTerm::Flood),
                kw(Kw::Circle)
                    .ignore_then(
                        coord
                            .clone()
                            .then_ignore(comma())
                            .then(expr.clone())
                            .then(filling.clone())
                            .delimited_by(punct(b'('), punct(b')')),
                    )
                    .map(|((c, r), f)| SelTerm::Circle(c, r, f)),
                kw(Kw::Ellipse)
                    .ignore_then(
                        coord
                            .clone()
                            .then_ignore(comma())
                            .then(expr.clone())
                            .then_ignore(comma())
                            .then(expr.clone())
                            .then(filling.clone())
                            .delimited_by(punct(b'('), punct(b')')),
                    )
                    .map(|(((c, a), b), f)| SelTerm::Ellipse(c, a, b, f)),
                gradient(expr, coord),
                kw(Kw::Complement)
                    .ignore_then(term.clone())
                    .map(|t| SelTerm::Complement(Box::new(t))),
                paren(sel.clone()).map(SelTerm::Paren),
            ))
            .boxed()
        },
    );
    term.separated_by(punct(b'&'))
        .at_least(1)
        .collect::<Vec<_>>()
        .labelled("a selection")
        .boxed()
}

/// `gradient(type, (from - to [, limited]), center [, end])`.
fn gradient<'a>(expr: &P<'a, Expr<'a>>, coord: &P<'a, Coord<'a>>) -> P<'a, SelTerm<'a>> {
    let range = expr
        .clone()
        .try_map(|e, span| match e {
            // `from - to`: the subtraction at the top is the separator.
            Expr::Binary(a, Opcode::MathSub, b) => Ok((*a, *b)),
            _ => Err(Rich::custom(span, "expected `from - to`")),
        })
        .then(
            comma()
                .ignore_then(val(Val::Limited, "`limited` or `unlimited`"))
                .or_not(),
        )
        .delimited_by(punct(b'('), punct(b')'));
    kw(Kw::Gradient)
        .ignore_then(
            val(Val::GradientType, "`radial` or `square`")
                .then_ignore(comma())
                .then(range)
                .then_ignore(comma())
                .then(coord.clone())
                .then(comma().ignore_then(coord.clone()).or_not())
                .delimited_by(punct(b'('), punct(b')')),
        )
        .map(
            |(((kind, ((from, to), limited)), center), end)| SelTerm::Gradient {
                kind,
                from,
                to,
                limited: limited.unwrap_or(0),
                center,
                end,
            },
        )
        .boxed()
}

/// The whole file: its statements.
fn file<'a>() -> impl Parser<'a, In<'a>, Vec<Stmt<'a>>, Extra<'a>> {
    let v = values();
    let stmt = recursive(
        |stmt: Recursive<dyn Parser<'a, In<'a>, Stmt<'a>, Extra<'a>>>| {
            let block = stmt
                .clone()
                .repeated()
                .collect::<Vec<_>>()
                .delimited_by(punct(b'{'), punct(b'}'))
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
    stmt.repeated().collect::<Vec<_>>().then_ignore(end())
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

/// Which parser group of [`file`] takes a statement starting with `t`:
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

fn is_statement_keyword(k: Kw) -> bool {
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

fn level_statements<'a>(v: &Values<'a>) -> P<'a, StmtKind<'a>> {
    let maze_filler = random().to(None).or(chr().map(Some));
    let light = || val_or_random(Val::Light, "`lit` or `unlit`");
    let terrain_type = chr().map(|c| (c, -2)).or(chr()
        .then_ignore(comma())
        .then(light())
        .delimited_by(punct(b'('), punct(b')')));
    let init = head(Kw::InitMap).ignore_then(choice((
        kw(Kw::SolidFill)
            .ignore_then(comma())
            .ignore_then(terrain_type)
            .map(|(c, l)| StmtKind::InitSolidFill(c, l)),
        kw(Kw::MazeGrid)
            .ignore_then(comma())
            .ignore_then(chr())
            .map(StmtKind::InitMazeGrid),
        kw(Kw::Rogue).to(StmtKind::InitRogue),
        kw(Kw::Mines)
            .ignore_then(comma())
            .ignore_then(chr())
            .then_ignore(comma())
            .then(chr())
            .then_ignore(comma())
            .then(val(Val::Boolean, "`true` or `false`"))
            .then_ignore(comma())
            .then(val(Val::Boolean, "`true` or `false`"))
            .then_ignore(comma())
            .then(light())
            .then_ignore(comma())
            .then(val_or_random(Val::Boolean, "`true`, `false` or `random`"))
            .then(comma().ignore_then(chr()).or_not())
            .map(|((((((fg, bg), smoothed), joined), lit), walled), fill)| {
                StmtKind::InitMines(MinesInit {
                    fg,
                    bg,
                    smoothed,
                    joined,
                    lit,
                    walled,
                    filling: fill.map(|c| c.v),
                })
            }),
    )));
    choice((
        head(Kw::Level)
            .ignore_then(string())
            .map(|name| StmtKind::LevelDef {
                name,
                maze_filler: None,
            }),
        head(Kw::Maze)
            .ignore_then(string())
            .then_ignore(comma())
            .then(maze_filler)
            .map(|(name, f)| StmtKind::LevelDef {
                name,
                maze_filler: Some(f),
            }),
        head(Kw::Flags)
            .ignore_then(
                val(Val::Flag, "a level flag")
                    .separated_by(comma())
                    .at_least(1)
                    .collect::<Vec<_>>(),
            )
            .map(|f| StmtKind::Flags(f.iter().fold(0, |a, b| a | b))),
        head(Kw::Message)
            .ignore_then(v.string.clone())
            .map(StmtKind::Message),
        init,
        var()
            .then_ignore(punct(b'='))
            .then(value(v))
            .map(|(n, val)| StmtKind::Define(n, val)),
        head(Kw::Shuffle).ignore_then(var()).map(StmtKind::Shuffle),
        kw(Kw::Exit).to(StmtKind::Exit),
        kw(Kw::Break).to(StmtKind::Break),
    ))
    .boxed()
}

/// The right-hand side of a variable definition.
fn value<'a>(v: &Values<'a>) -> P<'a, Value<'a>> {
    let braces = |p: P<'a, Value<'a>>| p.delimited_by(punct(b'{'), punct(b'}'));
    let list_of = |item: P<'a, Thing<'a>>| {
        item.separated_by(comma())
            .at_least(1)
            .collect::<Vec<_>>()
            .delimited_by(punct(b'{'), punct(b'}'))
    };
    let typed = |k1: Kw, k2: Kw| kw(k1).or(kw(k2)).then_ignore(punct(b':'));
    let mapchar_lit = v.mapchar.clone();
    let item = choice((
        region_lit().map_with(|r, e| Value::Region(Region::Lit(r, e.span().into_range()))),
        v.coord.clone().try_map(|c, span| match c {
            Coord::Var(_) => Err(Rich::custom(span, "a variable")),
            c => Ok(Value::Coord(c)),
        }),
        v.string.clone().try_map(|s, span| match s.as_slice() {
            [StrPart::Var(_)] => Err(Rich::custom(span, "a variable")),
            _ => Ok(Value::Str(s)),
        }),
        v.expr.clone().map(Value::Expr),
    ))
    .boxed();
    let list = item
        .clone()
        .map_with(|i, e| sp(i, e.span()))
        .separated_by(comma())
        .at_least(1)
        .collect::<Vec<_>>()
        .map(Value::List)
        .boxed();
    choice((
        kw(Kw::Selection)
            .then_ignore(punct(b':'))
            .ignore_then(v.sel.clone())
            .map(Value::Sel),
        typed(Kw::TerrainLower, Kw::Terrain).ignore_then(
            mapchar_lit
                .clone()
                .separated_by(comma())
                .at_least(1)
                .collect::<Vec<_>>()
                .delimited_by(punct(b'{'), punct(b'}'))
                .map(Value::MapCharList)
                .or(mapchar_lit.map(Value::MapChar)),
        ),
        typed(Kw::MonsterLower, Kw::Monster).ignore_then(
            list_of(thing())
                .map(Value::MonsterList)
                .or(v.monster.clone().map(Value::Monster)),
        ),
        typed(Kw::ObjectLower, Kw::Object).ignore_then(
            list_of(thing())
                .map(Value::ObjectList)
                .or(v.object.clone().map(Value::Object)),
        ),
        braces(list),
        item,
    ))
    .boxed()
}

fn condition<'a>(v: &Values<'a>) -> P<'a, Condition<'a>> {
    select! { Tok::Percent(p) => Condition::Percent(p) }
        .or(v
            .expr
            .clone()
            .then(
                select! { Tok::Compare(op) => op }
                    .then(v.expr.clone())
                    .or_not(),
            )
            .delimited_by(punct(b'['), punct(b']'))
            .map(|(a, cmp)| match cmp {
                Some((op, b)) => Condition::Compare(a, op, b),
                None => Condition::NonZero(a),
            }))
        .labelled("a condition: [50%] or [expression]")
        .boxed()
}

fn control_statements<'a>(
    v: &Values<'a>,
    stmt: P<'a, Stmt<'a>>,
    block: P<'a, Block<'a>>,
) -> P<'a, StmtKind<'a>> {
    let case = kw(Kw::Case)
        .ignore_then(any_int())
        .map(Some)
        .or(kw(Kw::Default).to(None))
        .map_with(|value, e| (value, e.span().into_range()))
        .then_ignore(punct(b':'))
        .then(stmt.clone().repeated().collect::<Vec<_>>())
        .map(|((value, span), body)| SwitchCase { value, span, body });
    choice((
        kw(Kw::If)
            .ignore_then(condition(v))
            .then(block.clone())
            .then(kw(Kw::Else).ignore_then(block.clone()).or_not())
            .map(|((c, then), otherwise)| StmtKind::If(c, then, otherwise)),
        condition(v)
            .then_ignore(punct(b':'))
            .then(stmt)
            .map(|(c, s)| StmtKind::Chance(c, Box::new(s))),
        kw(Kw::Switch)
            .ignore_then(v.expr.clone().delimited_by(punct(b'['), punct(b']')))
            .then(
                case.repeated()
                    .collect::<Vec<_>>()
                    .delimited_by(punct(b'{'), punct(b'}')),
            )
            .map(|(e, cases)| StmtKind::Switch(e, cases)),
        kw(Kw::For)
            .ignore_then(var())
            .then_ignore(punct(b'='))
            .then(v.expr.clone())
            .then_ignore(punct(b'.').then(punct(b'.')).ignored().or(kw(Kw::To)))
            .then(v.expr.clone())
            .then(block.clone())
            .map(|(((var, from), to), body)| StmtKind::For {
                var,
                from,
                to,
                body,
            }),
        kw(Kw::Loop)
            .ignore_then(v.expr.clone().delimited_by(punct(b'['), punct(b']')))
            .then(block)
            .map(|(e, b)| StmtKind::Loop(e, b)),
    ))
    .boxed()
}

/// `(INT, INT)` or `random`.
fn pair<'a>() -> P<'a, Pair> {
    int()
        .then_ignore(comma())
        .then(int())
        .delimited_by(punct(b'('), punct(b')'))
        .map_with(|p, e| Some(sp(p, e.span())))
        .or(random().to(None))
        .boxed()
}

fn room_kind<'a>() -> P<'a, Sp<Option<&'a str>>> {
    string()
        .map(|s| sp(Some(s.v), SimpleSpan::from(s.span)))
        .or(random().map_with(|_, e| sp(None, e.span())))
        .boxed()
}

fn room_flags<'a>() -> P<'a, i64> {
    let flag = choice((
        val(Val::Filling, "`filled`"),
        val(Val::Irregular, "`irregular`").map(|v| v << 1),
        val(Val::Joined, "`joined`").map(|v| v << 2),
    ));
    comma()
        .ignore_then(flag.separated_by(comma()).at_least(1).collect::<Vec<_>>())
        .map(|f| f.iter().fold(0, |a, b| a | b))
        .or_not()
        .map(|f| f.unwrap_or(-1))
        .boxed()
}

fn room_statements<'a>(v: &Values<'a>, block: P<'a, Block<'a>>) -> P<'a, StmtKind<'a>> {
    let begin = room_kind()
        .then(
            select! { Tok::Percent(p) => p }
                .map_with(|p, e| sp(p, e.span()))
                .or_not(),
        )
        .then_ignore(comma())
        .then(val_or_random(Val::Light, "`lit` or `unlit`"))
        .map_with(|((kind, chance), lit), e| RoomBegin {
            span: e.span().into_range(),
            kind,
            chance,
            lit,
        });
    let justified = val(Val::LeftOrRight, "a horizontal alignment")
        .or(val(Val::Center, "`center`"))
        .then_ignore(comma())
        .then(val(Val::TopOrBottom, "a vertical alignment").or(val(Val::Center, "`center`")));
    let align = justified
        .clone()
        .delimited_by(punct(b'('), punct(b')'))
        .map_with(|p, e| Some(sp(p, e.span())))
        .or(random().to(None));
    let corr_spec = int()
        .then_ignore(comma())
        .then(val(Val::Direction, "a direction"))
        .then_ignore(comma())
        .then(int().or(random()))
        .delimited_by(punct(b'('), punct(b')'))
        .map(|((room, wall), door)| [room, door, wall]);
    choice((
        head(Kw::Room)
            .ignore_then(begin.clone())
            .then_ignore(comma())
            .then(pair())
            .then_ignore(comma())
            .then(align)
            .then_ignore(comma())
            .then(pair())
            .then(room_flags())
            .then(block.clone())
            .map(|(((((begin, pos), align), size), flags), body)| {
                StmtKind::Room(RoomDef {
                    begin,
                    pos,
                    align,
                    size,
                    flags,
                    body,
                })
            }),
        head(Kw::Subroom)
            .ignore_then(begin)
            .then_ignore(comma())
            .then(pair())
            .then_ignore(comma())
            .then(pair())
            .then(room_flags())
            .then(block)
            .map(|((((begin, pos), size), flags), body)| StmtKind::Subroom {
                begin,
                pos,
                size,
                flags,
                body,
            }),
        head(Kw::RoomDoor)
            .ignore_then(val_or_random(Val::Boolean, "`true`, `false` or `random`"))
            .then_ignore(comma())
            .then(val_or_random(Val::DoorState, "a door state"))
            .then_ignore(comma())
            .then(dir_list().or(random()).map_with(|w, e| sp(w, e.span())))
            .then_ignore(comma())
            .then(int().or(random()))
            .map(|(((secret, state), wall), pos)| StmtKind::RoomDoor {
                secret,
                state,
                wall,
                pos,
            }),
        head(Kw::Door)
            .ignore_then(val_or_random(Val::DoorState, "a door state"))
            .then_ignore(comma())
            .then(v.sel.clone())
            .map(|(s, sel)| StmtKind::Door(s, sel)),
        kw(Kw::RandomCorridors)
            .ignore_then(punct(b':').ignore_then(any_int().or(random())).or_not())
            .map(StmtKind::RandomCorridors),
        head(Kw::Corridor)
            .ignore_then(corr_spec.clone())
            .then_ignore(comma())
            .then(
                corr_spec
                    .map(CorridorEnd::Spec)
                    .or(any_int().map(CorridorEnd::Number)),
            )
            .map(|(a, b)| StmtKind::Corridor(a, b)),
        kw(Kw::NoMap).to(StmtKind::NoMap),
        head(Kw::Geometry)
            .ignore_then(
                justified
                    .map(|(h, v)| GeometryPlace::Justified(h, v))
                    .or(v.coord.clone().map(GeometryPlace::At)),
            )
            .then(
                comma()
                    .ignore_then(val(Val::Boolean, "`true` or `false`"))
                    .or_not(),
            )
            .then(select! { Tok::Map(m) => m }.labelled("a MAP block"))
            .map(|((place, fill), map)| StmtKind::Geometry {
                place,
                fill: fill.unwrap_or(1),
                map,
            }),
    ))
    .boxed()
}

fn thing_statements<'a>(v: &Values<'a>, block: P<'a, Block<'a>>) -> P<'a, StmtKind<'a>> {
    let expr = || v.expr.clone();
    let timed = |k: Kw, code: i64| {
        kw(k)
            .ignore_then(punct(b':'))
            .ignore_then(expr())
            .map(move |e| (e, code))
    };
    let flag = |k: Kw, code: i64| kw(k).to(MonsterInfo::Fixed(1, code));
    let alignment_prefixed = val(Val::Alignment, "an alignment")
        .or(a_register())
        .or(kw(Kw::Align)
            .ignore_then(punct(b':'))
            .ignore_then(random())
            .to(-11));
    let trap_mask = string()
        .map(|s| Some(s.v))
        .or(kw(Kw::All).to(None))
        .map_with(|s, e| sp(s, e.span()))
        .separated_by(punct(b'|'))
        .at_least(1)
        .collect::<Vec<_>>();
    let monster_info = choice((
        v.string.clone().map(MonsterInfo::Name),
        val(Val::Attitude, "`peaceful` or `hostile`").map(|a| MonsterInfo::Fixed(a, 0)),
        val(Val::Alertness, "`asleep` or `awake`").map(|a| MonsterInfo::Fixed(a, 2)),
        alignment_prefixed.map(|a| MonsterInfo::Fixed(a, 1)),
        val(Val::Appearance, "an appearance")
            .then(v.string.clone())
            .map(|(k, s)| MonsterInfo::Appear(k, s)),
        flag(Kw::Female, 5),
        flag(Kw::Invisible, 6),
        flag(Kw::Cancelled, 7),
        flag(Kw::Revived, 8),
        flag(Kw::Avenge, 9),
        timed(Kw::Fleeing, 10).map(|(e, c)| MonsterInfo::Timed(e, c)),
        timed(Kw::Blinded, 11).map(|(e, c)| MonsterInfo::Timed(e, c)),
        timed(Kw::Paralyzed, 12).map(|(e, c)| MonsterInfo::Timed(e, c)),
        flag(Kw::Stunned, 13),
        flag(Kw::Confused, 14),
        kw(Kw::SeenTraps)
            .ignore_then(punct(b':'))
            .ignore_then(trap_mask)
            .map(MonsterInfo::SeenTraps),
    ))
    .map_with(|i, e| sp(i, e.span()));
    let ofixed = |k: Kw, value: i64, code: i64| kw(k).to(ObjectInfo::Fixed(value, code));
    // The coordinate first: most objects have one, and no other
    // property starts like a coordinate.
    let object_info = choice((
        v.coord.clone().map(ObjectInfo::Coord),
        val(Val::CurseType, "a curse state").map(|c| ObjectInfo::Fixed(c, 1)),
        kw(Kw::Montype)
            .ignore_then(punct(b':'))
            .ignore_then(v.monster.clone())
            .map(ObjectInfo::Montype),
        any_int()
            .map(Expr::Int)
            .or(select! { Tok::Dice(n, d) => Expr::Dice(n, d) })
            .map(ObjectInfo::Spe),
        kw(Kw::Name)
            .ignore_then(punct(b':'))
            .ignore_then(v.string.clone())
            .map(ObjectInfo::Name),
        timed(Kw::Quantity, 4).map(|(e, c)| ObjectInfo::Timed(e, c)),
        ofixed(Kw::Buried, 1, 5),
        val(Val::Light, "`lit` or `unlit`").map(|l| ObjectInfo::Fixed(l, 6)),
        timed(Kw::Eroded, 7).map(|(e, c)| ObjectInfo::Timed(e, c)),
        ofixed(Kw::Erodeproof, -1, 7),
        val(Val::DoorState, "`locked` or `broken`")
            .map_with(|d, e| ObjectInfo::DoorState(sp(d, e.span()))),
        val(Val::TrappedState, "`trapped` or `not_trapped`").map(|t| ObjectInfo::Fixed(t, 9)),
        timed(Kw::Recharged, 10).map(|(e, c)| ObjectInfo::Timed(e, c)),
        ofixed(Kw::Invisible, 1, 11),
        ofixed(Kw::Greased, 1, 12),
    ))
    .map_with(|i, e| sp(i, e.span()));
    let trap_name = string()
        .map(|s| sp(Some(s.v), SimpleSpan::from(s.span)))
        .or(random().map_with(|_, e| sp(None, e.span())));
    choice((
        head(Kw::Monster)
            .ignore_then(v.monster.clone())
            .then_ignore(comma())
            .then(v.coord.clone())
            .then(
                comma()
                    .ignore_then(monster_info)
                    .repeated()
                    .collect::<Vec<_>>(),
            )
            .then(block.clone().or_not())
            .map(|(((m, c), infos), inv)| StmtKind::Monster(m, c, infos, inv)),
        head(Kw::Object)
            .ignore_then(v.object.clone())
            .then(
                comma()
                    .ignore_then(object_info.clone())
                    .repeated()
                    .collect::<Vec<_>>(),
            )
            .map(|(what, infos)| StmtKind::Object {
                container: false,
                what,
                infos,
                contents: None,
            }),
        head(Kw::Container)
            .ignore_then(v.object.clone())
            .then(
                comma()
                    .ignore_then(object_info)
                    .repeated()
                    .collect::<Vec<_>>(),
            )
            .then(block)
            .map(|((what, infos), contents)| StmtKind::Object {
                container: true,
                what,
                infos,
                contents: Some(contents),
            }),
        head(Kw::Trap)
            .ignore_then(trap_name)
            .then_ignore(comma())
            .then(v.coord.clone())
            .map(|(t, c)| StmtKind::Trap(t, c)),
        head(Kw::Altar)
            .ignore_then(v.coord.clone())
            .then_ignore(comma())
            .then(
                val(Val::Alignment, "an alignment")
                    .or(a_register())
                    .or(random().to(-11)),
            )
            .then_ignore(comma())
            .then(val_or_random(Val::AltarType, "an altar type"))
            .map(|((c, a), t)| StmtKind::Altar(c, a, t)),
        head(Kw::Grave)
            .ignore_then(v.coord.clone())
            .then(
                comma()
                    .ignore_then(
                        random()
                            .to(GraveText::Random)
                            .or(v.string.clone().map(GraveText::Text)),
                    )
                    .or_not(),
            )
            .map(|(c, t)| StmtKind::Grave(c, t.unwrap_or(GraveText::None))),
        head(Kw::Gold)
            .ignore_then(expr())
            .then_ignore(comma())
            .then(v.coord.clone())
            .map(|(e, c)| StmtKind::Gold(e, c)),
        head(Kw::Engraving)
            .ignore_then(v.coord.clone())
            .then_ignore(comma())
            .then(val_or_random(Val::EngravingType, "an engraving type"))
            .then_ignore(comma())
            .then(v.string.clone())
            .map(|((c, t), s)| StmtKind::Engraving(c, t, s)),
    ))
    .boxed()
}

/// `align[n]`: `-n - 1`.
fn a_register<'a>() -> P<'a, i64> {
    kw(Kw::Align)
        .ignore_then(
            int()
                .map_with(|n, e| sp(n, e.span()))
                .delimited_by(punct(b'['), punct(b']')),
        )
        .try_map(|n, span| {
            if n.v >= 3 {
                Err(Rich::custom(span, "Register Index overflow!"))
            } else {
                Ok(-n.v - 1)
            }
        })
        .boxed()
}

fn lev_region<'a>() -> P<'a, LevRegion> {
    region_lit()
        .map_with(|rect, e| LevRegion {
            rect,
            whole_level: false,
            span: e.span().into_range(),
        })
        .or(kw(Kw::LevRegion)
            .ignore_then(region_lit())
            .map_with(|rect, e| LevRegion {
                rect,
                whole_level: true,
                span: e.span().into_range(),
            }))
        .boxed()
}

fn map_statements<'a>(v: &Values<'a>, block: P<'a, Block<'a>>) -> P<'a, StmtKind<'a>> {
    let up_down = || val(Val::UpOrDown, "`up` or `down`");
    let regions = lev_region().then_ignore(comma()).then(lev_region());
    let sel_stmt =
        |k: Kw, f: fn(Sel<'a>) -> StmtKind<'a>| head(k).ignore_then(v.sel.clone()).map(f);
    let region_stmt =
        |k: Kw, f: fn(Region<'a>) -> StmtKind<'a>| head(k).ignore_then(v.region.clone()).map(f);
    choice((
        head(Kw::Drawbridge)
            .ignore_then(v.coord.clone())
            .then_ignore(comma())
            .then(val(Val::Direction, "a direction").map_with(|d, e| sp(d, e.span())))
            .then_ignore(comma())
            .then(val_or_random(Val::DoorState, "a door state").map_with(|d, e| sp(d, e.span())))
            .map(|((c, d), s)| StmtKind::Drawbridge(c, d, s)),
        head(Kw::Mazewalk)
            .ignore_then(v.coord.clone())
            .then_ignore(comma())
            .then(val(Val::Direction, "a direction"))
            .then(
                comma()
                    .ignore_then(val(Val::Boolean, "`true` or `false`"))
                    .then(comma().ignore_then(chr()).or_not().map(|c| c.map(|c| c.v)))
                    .or_not(),
            )
            .map(|((c, d), rest)| StmtKind::Mazewalk(c, d, rest)),
        kw(Kw::Wallify)
            .ignore_then(punct(b':').ignore_then(v.sel.clone()).or_not())
            .map(StmtKind::Wallify),
        head(Kw::Ladder)
            .ignore_then(v.coord.clone())
            .then_ignore(comma())
            .then(up_down())
            .map(|(c, u)| StmtKind::Ladder(c, u)),
        head(Kw::Stair)
            .ignore_then(regions.clone())
            .then_ignore(comma())
            .then(up_down())
            .map(|((a, b), u)| StmtKind::StairRegion(a, b, u)),
        head(Kw::Stair)
            .ignore_then(v.coord.clone())
            .then_ignore(comma())
            .then(up_down())
            .map(|(c, u)| StmtKind::Stair(c, u)),
        head(Kw::Portal)
            .ignore_then(regions.clone())
            .then_ignore(comma())
            .then(string())
            .map(|((a, b), s)| StmtKind::Portal(a, b, s.v)),
        head(Kw::TeleportRegion)
            .ignore_then(regions.clone())
            .then(comma().ignore_then(up_down()).or_not())
            .map(|((a, b), u)| StmtKind::Teleport(a, b, u.unwrap_or(-1))),
        head(Kw::Branch)
            .ignore_then(regions)
            .map(|(a, b)| StmtKind::Branch(a, b)),
        sel_stmt(Kw::Fountain, StmtKind::Fountain),
        sel_stmt(Kw::Sink, StmtKind::Sink),
        sel_stmt(Kw::Pool, StmtKind::Pool),
        head(Kw::Terrain)
            .ignore_then(v.sel.clone())
            .then_ignore(comma())
            .then(v.mapchar.clone())
            .map(|(s, m)| StmtKind::Terrain(s, m)),
        head(Kw::ReplaceTerrain)
            .ignore_then(v.region.clone())
            .then_ignore(comma())
            .then(v.mapchar.clone())
            .then_ignore(comma())
            .then(v.mapchar.clone())
            .then_ignore(comma())
            .then(select! { Tok::SPercent(p) => p }.labelled("a percentage like 50%"))
            .map(|(((r, a), b), p)| StmtKind::ReplaceTerrain(r, a, b, p)),
        region_stmt(Kw::NonDiggable, StmtKind::NonDiggable),
        region_stmt(Kw::NonPasswall, StmtKind::NonPasswall),
        head(Kw::Region)
            .ignore_then(v.region.clone())
            .then_ignore(comma())
            .then(val_or_random(Val::Light, "`lit` or `unlit`"))
            .then_ignore(comma())
            .then(room_kind())
            .then(room_flags())
            .then(block.or_not())
            .map(|((((region, lit), kind), flags), body)| StmtKind::Region {
                region,
                lit,
                kind,
                flags,
                body,
            }),
        kw(Kw::Mineralize)
            .ignore_then(
                punct(b':')
                    .ignore_then(v.expr.clone())
                    .then_ignore(comma())
                    .then(v.expr.clone())
                    .then_ignore(comma())
                    .then(v.expr.clone())
                    .then_ignore(comma())
                    .then(v.expr.clone())
                    .map(|(((a, b), c), d)| [a, b, c, d])
                    .or_not(),
            )
            .map(StmtKind::Mineralize),
    ))
    .boxed()
}
