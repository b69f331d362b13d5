//! Operands: the expression, coordinate, region, map-character, monster,
//! object and selection parsers statements share ([`Values`]), and values
//! assigned to variables.

use super::operands::*;
use super::selection::selection;

/// The parsers of the value forms, built once per file (they are
/// mutually recursive: selections hold coordinates that hold selections).
#[derive(Clone)]
pub(super) struct Values<'a> {
    pub(super) expr: P<'a, Expr<'a>>,
    pub(super) string: P<'a, Vec<StrPart<'a>>>,
    pub(super) coord: P<'a, Coord<'a>>,
    pub(super) region: P<'a, Region<'a>>,
    pub(super) mapchar: P<'a, MapChar<'a>>,
    pub(super) monster: P<'a, ThingOrVar<'a>>,
    pub(super) object: P<'a, ThingOrVar<'a>>,
    pub(super) sel: P<'a, Sel<'a>>,
}

/// A variable's value: a scalar as itself, an array's element by index.
pub(super) fn var_ref<'a>(expr: P<'a, Expr<'a>>) -> P<'a, VarRef<'a>> {
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

/// `random[flags]`: the humidity flags.
fn random_flags<'a>() -> P<'a, Flags> {
    just(Tok::RandomBracket)
        .ignore_then(
            val(Val::Humidity, "a humidity flag")
                .map_with(|v, e| (v, e.span().into_range()))
                .separated_by(comma())
                .at_least(1)
                .collect::<Vec<_>>(),
        )
        .then_ignore(punct(b']'))
        .map(|flags| Flags::of(flags.into_iter()))
        .boxed()
}

/// A call of a core function that returns `returns` (`i`, `s`, `c` or
/// `r`), its arguments read with `arg`.
fn core_call<'a>(returns: u8, arg: P<'a, Sp<CoreArg<'a>>>) -> P<'a, CoreCall<'a>> {
    select! { Tok::CoreFunc(i, r) if r == returns => i }
        .map_with(|i, e| sp(i, e.span()))
        .then(
            arg.separated_by(comma())
                .collect::<Vec<_>>()
                .delimited_by(punct(b'('), punct(b')'))
                .or_not(),
        )
        .map(|(func, args)| CoreCall { func, args })
        .boxed()
}

/// An argument of a core function (`corefunc_param_part`): an object
/// `(class, "name")` or `object: "name"`, a monster `monster: …`, a
/// region or coordinate of numbers, `random` or `random[flags]`, a
/// string, or an integer expression (a lone variable among them: its
/// type decides).
fn core_arg<'a>(expr: P<'a, Expr<'a>>) -> P<'a, Sp<CoreArg<'a>>> {
    let string = string()
        .map(|s| StrPart::Lit(s.v))
        .then(
            punct(b'.')
                .ignore_then(
                    string()
                        .map(|s| StrPart::Lit(s.v))
                        .or(var_ref(expr.clone()).map(StrPart::Var)),
                )
                .repeated()
                .collect::<Vec<_>>(),
        )
        .map(|(first, mut rest)| {
            rest.insert(0, first);
            rest
        });
    let typed = |lower: Kw, keyword: &'static str| {
        kw(lower)
            .or(just(Tok::Stmt(keyword)).ignored())
            .then_ignore(punct(b':'))
    };
    choice((
        chr()
            .then_ignore(comma())
            .then(super::operands::string())
            .delimited_by(punct(b'('), punct(b')'))
            .map(|(c, s)| CoreArg::Object(Thing::ClassName(c, s))),
        typed(Kw::ObjectLower, "OBJECT")
            .ignore_then(super::operands::string())
            .map(|s| CoreArg::Object(Thing::Name(s))),
        typed(Kw::MonsterLower, "MONSTER")
            .ignore_then(thing())
            .map(CoreArg::Monster),
        region_lit().map_with(|r, e| CoreArg::Region(Region::Lit(r, e.span().into_range()))),
        int()
            .then_ignore(comma())
            .then(int())
            .delimited_by(punct(b'('), punct(b')'))
            .map_with(|(x, y), e| CoreArg::Coord(Coord::At(x, y, e.span().into_range()))),
        random().to(CoreArg::Coord(Coord::Random(Flags::default()))),
        random_flags().map(|f| CoreArg::Coord(Coord::Random(f))),
        string.map(CoreArg::Str),
        expr.map(CoreArg::Expr),
    ))
    .map_with(|a, e| sp(a, e.span()))
    .boxed()
}

/// `p`, or `p` or `extra` where `also`.
fn or_if<'a, T: 'a>(p: P<'a, T>, also: bool, extra: impl FnOnce() -> P<'a, T>) -> P<'a, T> {
    match also {
        true => p.or(extra()).boxed(),
        false => p,
    }
}

/// The value parsers of a language whose operands have `forms` (core
/// functions and variable methods where `forms.core`, UnNetHack's).
pub(super) fn values<'a>(forms: super::OperandForms) -> Values<'a> {
    let core = forms.core;
    let expr = recursive(
        |expr: Recursive<dyn Parser<'a, In<'a>, Expr<'a>, Extra<'a>>>| {
            let atom = choice((
                int().map(Expr::Int),
                select! { Tok::Dice(n, d) => Expr::Dice(n, d) },
                select! { Tok::MinusInt(v) => Expr::Int(v) }.delimited_by(punct(b'('), punct(b')')),
                var_ref(expr.clone().boxed()).map(Expr::Var),
                expr.clone().delimited_by(punct(b'('), punct(b')')),
            ))
            .boxed();
            let inner = expr.clone().boxed();
            let atom = or_if(atom, core, move || {
                core_call(b'i', core_arg(inner))
                    .map(Expr::Core)
                    .or(select! { Tok::Method(v, m) => (v, m) }
                        .map_with(|(v, m), e| (sp(v, e.span()), sp(m, e.span())))
                        .map(|(v, m)| Expr::Method(v, m)))
                    .boxed()
            })
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
    let arg = core_arg(expr.clone());
    let part = string()
        .map(|s| StrPart::Lit(s.v))
        .or(vref.clone().map(StrPart::Var))
        .boxed();
    let string = or_if(part, core, || {
        core_call(b's', arg.clone())
            .map(StrPart::Core)
            .labelled("a core function")
            .boxed()
    })
    .separated_by(punct(b'.'))
    .at_least(1)
    .collect::<Vec<_>>()
    .labelled("a string")
    .boxed();
    // A coordinate may be `rndcoord(selection)`, and a selection holds
    // coordinates: the selection is `recursive`, whose handle inside its
    // own definition is weak. (`Recursive::declare` with a clone of itself
    // in its definition was a reference cycle: every build of the parsers
    // leaked them, a few KB per file, and more per chunk of a long file.)
    let coord_with = |sel: P<'a, Sel<'a>>| {
        let coord_lit = choice((
            int()
                .then_ignore(comma())
                .then(int())
                .delimited_by(punct(b'('), punct(b')'))
                .map_with(|(x, y), e| Coord::At(x, y, e.span().into_range())),
            random().to(Coord::Random(Flags::default())),
            random_flags().map(Coord::Random),
            kw(Kw::RndCoord)
                .ignore_then(sel.delimited_by(punct(b'('), punct(b')')))
                .map(|s| Coord::Rnd(Box::new(s))),
        ))
        .boxed();
        let coord_lit = or_if(coord_lit, core, || {
            core_call(b'c', arg.clone()).map(Coord::Core).boxed()
        });
        coord_lit
            .or(vref.clone().map(Coord::Var))
            .labelled("a coordinate: (x,y), random or a variable")
            .boxed()
    };
    let region = region_lit()
        .map_with(|r, e| Region::Lit(r, e.span().into_range()))
        .or(vref.clone().map(Region::Var))
        .boxed();
    let region = or_if(region, core, || {
        core_call(b'r', arg.clone()).map(Region::Core).boxed()
    })
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
    let sel = recursive(
        |sel: Recursive<dyn Parser<'a, In<'a>, Sel<'a>, Extra<'a>>>| {
            let coord = coord_with(sel.clone().boxed());
            selection(forms, &expr, &coord, &region, &mapchar, sel.boxed())
        },
    )
    .boxed();
    let coord = coord_with(sel.clone());
    Values {
        expr,
        string,
        coord,
        region,
        mapchar,
        monster,
        object,
        sel,
    }
}

fn region_lit<'a>() -> P<'a, [i64; 4]> {
    int()
        .separated_by(comma())
        .exactly(4)
        .collect_exactly::<[i64; 4]>()
        .delimited_by(punct(b'('), punct(b')'))
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

pub(super) fn dir_list<'a>() -> P<'a, i64> {
    val(Val::Direction, "a direction")
        .separated_by(punct(b'|'))
        .at_least(1)
        .collect::<Vec<_>>()
        .map(|d| d.iter().fold(0, |a, b| a | b))
        .boxed()
}

/// The right-hand side of a variable definition.
pub(super) fn value<'a>(v: &Values<'a>) -> P<'a, Value<'a>> {
    let braces = |p: P<'a, Value<'a>>| p.delimited_by(punct(b'{'), punct(b'}'));
    let list_of = |item: P<'a, Thing<'a>>| {
        item.separated_by(comma())
            .at_least(1)
            .collect::<Vec<_>>()
            .delimited_by(punct(b'{'), punct(b'}'))
    };
    // `monster:` or `MONSTER:` (the statement's keyword) before a value.
    let typed = |lower: Kw, keyword: &'static str| {
        kw(lower)
            .or(just(Tok::Stmt(keyword)).ignored())
            .then_ignore(punct(b':'))
    };
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
        typed(Kw::TerrainLower, "TERRAIN").ignore_then(
            mapchar_lit
                .clone()
                .separated_by(comma())
                .at_least(1)
                .collect::<Vec<_>>()
                .delimited_by(punct(b'{'), punct(b'}'))
                .map(Value::MapCharList)
                .or(mapchar_lit.map(Value::MapChar)),
        ),
        typed(Kw::MonsterLower, "MONSTER").ignore_then(
            list_of(thing())
                .map(Value::MonsterList)
                .or(v.monster.clone().map(Value::Monster)),
        ),
        typed(Kw::ObjectLower, "OBJECT").ignore_then(
            list_of(thing())
                .map(Value::ObjectList)
                .or(v.object.clone().map(Value::Object)),
        ),
        braces(list),
        item,
    ))
    .boxed()
}

/// `[50%]` or `[expression]` (a comparison or not).
pub(super) fn condition<'a>(expr: &P<'a, Expr<'a>>) -> P<'a, Condition<'a>> {
    select! { Tok::Percent(p) => Condition::Percent(p) }
        .or(expr
            .clone()
            .then(
                select! { Tok::Compare(op) => op }
                    .then(expr.clone())
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
