//! The operands of statements, read with chumsky: its token parsers
//! ([`mod@super::values`] and [`mod@super::selection`] build the
//! grammar from them), and [`Probes`], which reads one operand as the
//! longest prefix of the tokens from a given one and says where it
//! ended, what it is, and what could have continued it there.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use chumsky::error::{LabelError, RichPattern, RichReason};
pub(super) use chumsky::prelude::*;
use chumsky::primitive::custom;

use super::values::{condition, value, values};
use crate::des::nh36::grammar::{Class, Operand, Reading};
pub(super) use crate::des::nh36::lexer::{Kw, Tok, Val};
pub(super) use crate::des::nh36::program::Opcode;
pub(super) use crate::des::nh36::syntax::*;
pub(super) use crate::diag::Sp;
use crate::diag::Span;
pub(super) use crate::parsing::sp;
use crate::parsing::Tokens;
use crate::statement::Failure;

pub(super) type In<'a> = Tokens<'a, Tok<'a>>;
pub(super) type Extra<'a> = extra::Err<Rich<'a, Tok<'a>, SimpleSpan>>;
/// A boxed parser over 3.6 tokens.
pub(super) type P<'a, T> = Boxed<'a, 'a, In<'a>, T, Extra<'a>>;

pub(super) fn punct<'a>(c: u8) -> impl Parser<'a, In<'a>, (), Extra<'a>> + Clone {
    just(Tok::Punct(c)).ignored()
}

pub(super) fn comma<'a>() -> impl Parser<'a, In<'a>, (), Extra<'a>> + Clone {
    punct(b',')
}

pub(super) fn kw<'a>(k: Kw) -> impl Parser<'a, In<'a>, (), Extra<'a>> + Clone {
    just(Tok::Kw(k)).ignored()
}

pub(super) fn int<'a>() -> impl Parser<'a, In<'a>, i64, Extra<'a>> + Clone {
    select! { Tok::Int(v) => v }.labelled("an integer")
}

pub(super) fn string<'a>() -> impl Parser<'a, In<'a>, Sp<&'a str>, Extra<'a>> + Clone {
    select! { Tok::Str(s) => s }
        .map_with(|s, e| sp(s, e.span()))
        .labelled("a string")
}

pub(super) fn chr<'a>() -> impl Parser<'a, In<'a>, Sp<u8>, Extra<'a>> + Clone {
    select! { Tok::Char(c) => c }
        .map_with(|c, e| sp(c, e.span()))
        .labelled("a character like 'x'")
}

pub(super) fn random<'a>() -> impl Parser<'a, In<'a>, i64, Extra<'a>> + Clone {
    just(Tok::Random).to(-1).labelled("`random`")
}

pub(super) fn val<'a>(
    k: Val,
    label: &'static str,
) -> impl Parser<'a, In<'a>, i64, Extra<'a>> + Clone {
    select! { Tok::Val(kind, v) if kind == k => v }.labelled(label)
}

/// A value keyword or `random` (-1).
pub(super) fn val_or_random<'a>(k: Val, label: &'static str) -> P<'a, i64> {
    val(k, label).or(random()).boxed()
}

/// What a probe expects after its operand, so that its parse always
/// fails there: the failure names the operand's end, and merges what
/// could have continued it (an operator after an expression).
const END_OF_OPERAND: &str = "\u{0}end of operand";

/// The operand parsers of a chunk, each wrapped to read a prefix: its
/// value goes to `slot`, the index after it to `end`.
pub(super) struct Probes<'a> {
    probes: Vec<(Class, P<'a, ()>)>,
    slot: Rc<RefCell<Option<Operand<'a>>>>,
    end: Rc<Cell<usize>>,
}

impl<'a> Probes<'a> {
    pub(super) fn new(forms: super::OperandForms) -> Self {
        let slot: Rc<RefCell<Option<Operand<'a>>>> = Rc::default();
        let end = Rc::new(Cell::new(0));
        let v = values(forms);
        let mut probes = Vec::new();
        let mut add = |class: Class, parser: P<'a, Operand<'a>>| {
            let (slot, end) = (slot.clone(), end.clone());
            let probe = parser
                .map(move |o| *slot.borrow_mut() = Some(o))
                .then(custom::<_, In<'a>, (), Extra<'a>>(move |inp| {
                    end.set(*inp.cursor().inner());
                    let start = inp.cursor();
                    let found = inp.next_maybe();
                    let span = inp.span_since(&start);
                    Err(<Rich<'a, Tok<'a>, SimpleSpan> as LabelError<
                        'a,
                        In<'a>,
                        &'static str,
                    >>::expected_found(
                        [END_OF_OPERAND], found, span
                    ))
                }))
                // Not `ignored()`: that would only check the operand, and
                // never store its value.
                .map(|_| ())
                .boxed();
            probes.push((class, probe));
        };
        add(Class::Expr, v.expr.clone().map(Operand::Expr).boxed());
        add(Class::StrExpr, v.string.clone().map(Operand::Str).boxed());
        add(Class::Coord, v.coord.clone().map(Operand::Coord).boxed());
        add(Class::Region, v.region.clone().map(Operand::Region).boxed());
        add(
            Class::MapChar,
            v.mapchar.clone().map(Operand::MapChar).boxed(),
        );
        add(
            Class::Monster,
            v.monster.clone().map(Operand::Thing).boxed(),
        );
        add(Class::Object, v.object.clone().map(Operand::Thing).boxed());
        add(Class::Sel, v.sel.clone().map(Operand::Sel).boxed());
        add(Class::Cond, condition(&v.expr).map(Operand::Cond).boxed());
        add(Class::Value, value(&v).map(Operand::Value).boxed());
        Probes { probes, slot, end }
    }

    /// Reads operand `class` at `tokens[at..]` (the input ends at byte
    /// `eoi`); `None` for a class no chumsky parser reads.
    pub(super) fn read(
        &self,
        class: Class,
        tokens: &'a [(Tok<'a>, Span)],
        at: usize,
        eoi: usize,
    ) -> Option<Reading<'a>> {
        let (_, probe) = self.probes.iter().find(|(c, _)| *c == class)?;
        let rest = &tokens[at.min(tokens.len())..];
        if !rest.first().is_some_and(|(t, _)| may_start(class, t)) {
            // What chumsky would say, without building its error: the
            // operand's label, where it starts.
            return Some(Reading {
                end: None,
                value: None,
                failure: Failure::default(),
            });
        }
        if let Some((len, value, next)) = simple(class, rest) {
            let mut failure = Failure::default();
            for label in next {
                failure.expect(at + len, *label);
            }
            return Some(Reading {
                end: Some(at + len),
                value: Some(value),
                failure,
            });
        }
        self.slot.borrow_mut().take();
        let errors = probe.parse(Tokens::new(rest, eoi)).into_errors();
        let value = self.slot.borrow_mut().take();
        let mut failure = Failure::default();
        for e in &errors {
            expected(e, rest, at, &mut failure);
        }
        Some(Reading {
            end: value.is_some().then(|| at + self.end.get()),
            value,
            failure,
        })
    }
}

/// What could continue an expression.
const AFTER_EXPRESSION: &[&str] = &["`*`", "`/`", "`%`", "`+`", "`-`"];

/// The commonest operands, read without chumsky: a number, a string, a
/// character, `random`, `(x,y)`, `(x1,y1,x2,y2)`, `[50%]`, where no token
/// after them continues them. The number of tokens, the value, and what
/// chumsky would say could have continued them (its error where it
/// stopped), exactly as chumsky reads them; `None` for anything else.
fn simple<'a>(
    class: Class,
    tokens: &[(Tok<'a>, Span)],
) -> Option<(usize, Operand<'a>, &'static [&'static str])> {
    let tok = |i: usize| tokens.get(i).map(|(t, _)| t);
    let span = |n: usize| tokens[0].1.start..tokens[n - 1].1.end;
    let next_is = |labels: &[&str]| match tok(1) {
        Some(Tok::Punct(c)) => punct_label(*c).is_some_and(|l| labels.contains(&l)),
        _ => false,
    };
    // `(a,b)` or `(a,b,c,d)` of unsigned integers.
    let ints = |n: usize| -> Option<Vec<i64>> {
        let mut v = Vec::with_capacity(n);
        for i in 0..n {
            let sep = if i + 1 == n { b')' } else { b',' };
            match (tok(1 + 2 * i)?, tok(2 + 2 * i)?) {
                (Tok::Int(x), Tok::Punct(c)) if *c == sep => v.push(*x),
                _ => return None,
            }
        }
        (tok(0)? == &Tok::Punct(b'(')).then_some(v)
    };
    let value = match (class, tok(0)?) {
        (Class::Expr, Tok::Int(v)) if !next_is(AFTER_EXPRESSION) => {
            return Some((1, Operand::Expr(Expr::Int(*v)), AFTER_EXPRESSION));
        }
        (Class::StrExpr, Tok::Str(s)) if !next_is(&["`.`"]) => {
            return Some((1, Operand::Str(vec![StrPart::Lit(s)]), &["`.`"]));
        }
        (Class::MapChar, Tok::Char(c)) => Operand::MapChar(MapChar::Lit(
            Sp {
                v: *c,
                span: span(1),
            },
            -2,
        )),
        (Class::Monster | Class::Object, Tok::Str(s)) => {
            Operand::Thing(ThingOrVar::Lit(Thing::Name(Sp {
                v: *s,
                span: span(1),
            })))
        }
        (Class::Monster | Class::Object, Tok::Char(c)) => {
            Operand::Thing(ThingOrVar::Lit(Thing::Class(Sp {
                v: *c,
                span: span(1),
            })))
        }
        (Class::Monster | Class::Object, Tok::Random) => {
            Operand::Thing(ThingOrVar::Lit(Thing::Random))
        }
        (Class::Coord, Tok::Random) => Operand::Coord(Coord::Random(Flags::default())),
        (Class::Coord, Tok::Punct(b'(')) => {
            let v = ints(2)?;
            return Some((5, Operand::Coord(Coord::At(v[0], v[1], span(5))), &[]));
        }
        (Class::Region, Tok::Punct(b'(')) => {
            let v = ints(4)?;
            let region = Region::Lit([v[0], v[1], v[2], v[3]], span(9));
            return Some((9, Operand::Region(region), &[]));
        }
        (Class::Cond, Tok::Percent(p)) => Operand::Cond(Condition::Percent(*p)),
        _ => return None,
    };
    Some((1, value, &[]))
}

/// Whether operand `class` may start with `t` (a superset of its first
/// tokens: what it rejects, chumsky would reject where it starts).
fn may_start(class: Class, t: &Tok<'_>) -> bool {
    let var = matches!(t, Tok::Var(_) | Tok::ArrayVar(_));
    let core = |returns: u8| matches!(t, Tok::CoreFunc(_, r) if *r == returns);
    let paren = *t == Tok::Punct(b'(');
    let coord = var
        || paren
        || core(b'c')
        || matches!(t, Tok::Random | Tok::RandomBracket | Tok::Kw(Kw::RndCoord));
    let expr =
        var || paren || core(b'i') || matches!(t, Tok::Int(_) | Tok::Dice(..) | Tok::Method(..));
    match class {
        Class::Expr => expr,
        Class::StrExpr => var || core(b's') || matches!(t, Tok::Str(_)),
        Class::Coord => coord,
        Class::Region => var || paren || core(b'r'),
        Class::MapChar => var || paren || matches!(t, Tok::Char(_)),
        Class::Monster | Class::Object => {
            var || paren || matches!(t, Tok::Str(_) | Tok::Char(_) | Tok::Random)
        }
        Class::Sel => {
            coord
                || matches!(
                    t,
                    Tok::Kw(
                        Kw::Rect
                            | Kw::FillRect
                            | Kw::Line
                            | Kw::RandLine
                            | Kw::Grow
                            | Kw::Filter
                            | Kw::Floodfill
                            | Kw::Circle
                            | Kw::Ellipse
                            | Kw::Gradient
                            | Kw::Complement
                    )
                )
        }
        Class::Cond => matches!(t, Tok::Percent(_) | Tok::Punct(b'[')),
        _ => true,
    }
}

/// The label of an expected punctuation token, without formatting one.
fn punct_label(c: u8) -> Option<&'static str> {
    Some(match c {
        b',' => "`,`",
        b'(' => "`(`",
        b')' => "`)`",
        b'[' => "`[`",
        b']' => "`]`",
        b'{' => "`{`",
        b'}' => "`}`",
        b':' => "`:`",
        b'.' => "`.`",
        b'|' => "`|`",
        b'&' => "`&`",
        b'=' => "`=`",
        b'+' => "`+`",
        b'-' => "`-`",
        b'*' => "`*`",
        b'/' => "`/`",
        b'%' => "`%`",
        _ => return None,
    })
}

/// Records what chumsky error `e` over `tokens` (the tokens from index
/// `base` on) expected, where.
fn expected(
    e: &Rich<'_, Tok<'_>, SimpleSpan>,
    tokens: &[(Tok<'_>, Span)],
    base: usize,
    failure: &mut Failure,
) {
    let start = e.span().start;
    let at = base + tokens.partition_point(|(_, s)| s.start < start);
    if let RichReason::Custom(message) = e.reason() {
        let label = message.strip_prefix("expected ").unwrap_or(message);
        failure.expect(at, label.to_string());
        return;
    }
    for pattern in e.expected() {
        let label = match pattern {
            RichPattern::Label(l) if l.as_ref() == END_OF_OPERAND => continue,
            RichPattern::Token(t) => match &**t {
                Tok::Punct(c) if punct_label(*c).is_some() => {
                    failure.expect(at, punct_label(*c).unwrap_or_default());
                    continue;
                }
                t => t.to_string(),
            },
            RichPattern::Label(l) => l.to_string(),
            RichPattern::EndOfInput => super::END_OF_FILE.to_string(),
            other => other.to_string(),
        };
        failure.expect(at, label);
    }
}
