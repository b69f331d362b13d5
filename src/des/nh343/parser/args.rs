//! The parsers of the arguments statements share: tokens, values,
//! coordinates, regions, chances, classes, alignments and justifications.

use chumsky::prelude::*;

use super::{Extra, In, P};
use crate::des::nh343::ir::{Direction, DoorState, Lighting};
use crate::des::nh343::lexer::{Kw, Reg, Tok, Val};
use crate::des::nh343::syntax::*;
use crate::parsing::sp;

pub(super) fn punct<'a>(c: u8) -> impl Parser<'a, In<'a>, (), Extra<'a>> + Clone {
    just(Tok::Punct(c)).ignored()
}

pub(super) fn comma<'a>() -> impl Parser<'a, In<'a>, (), Extra<'a>> + Clone {
    punct(b',')
}

pub(super) fn kw<'a>(k: Kw) -> impl Parser<'a, In<'a>, (), Extra<'a>> + Clone {
    just(Tok::Kw(k)).ignored()
}

/// `KEYWORD :`
pub(super) fn head<'a>(k: Kw) -> impl Parser<'a, In<'a>, (), Extra<'a>> + Clone {
    kw(k).then_ignore(punct(b':'))
}

pub(super) fn int<'a>() -> impl Parser<'a, In<'a>, Sp<i64>, Extra<'a>> + Clone {
    select! { Tok::Int(v) => v }
        .map_with(|v, e| sp(v, e.span()))
        .labelled("an integer")
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

pub(super) fn random<'a>() -> impl Parser<'a, In<'a>, (), Extra<'a>> + Clone {
    just(Tok::Random).ignored().labelled("`random`")
}

pub(super) fn val<'a>(
    k: Val,
    label: &'static str,
) -> impl Parser<'a, In<'a>, i8, Extra<'a>> + Clone {
    select! { Tok::Val(kind, v) if kind == k => v }.labelled(label)
}

/// A value keyword or `random`.
pub(super) fn val_or_random<'a>(k: Val, label: &'static str) -> P<'a, OrRandom> {
    val(k, label).map(Some).or(random().to(None)).boxed()
}

pub(super) fn boolean<'a>() -> P<'a, bool> {
    val(Val::Boolean, "`true` or `false`")
        .map(|v| v != 0)
        .boxed()
}

pub(super) fn up_down<'a>() -> P<'a, bool> {
    val(Val::UpOrDown, "`up` or `down`").map(|v| v != 0).boxed()
}

/// `name [ INT ]` for a register keyword.
pub(super) fn register<'a>(r: Reg) -> P<'a, Sp<i64>> {
    just(Tok::Reg(r))
        .ignore_then(int().delimited_by(punct(b'['), punct(b']')))
        .boxed()
}

/// `( INT , INT )`.
pub(super) fn pair<'a>() -> P<'a, Sp<(i64, i64)>> {
    int()
        .then_ignore(comma())
        .then(int())
        .delimited_by(punct(b'('), punct(b')'))
        .map_with(|(a, b), e| sp((a.v, b.v), e.span()))
        .boxed()
}

pub(super) fn coord<'a>() -> P<'a, Sp<Coord>> {
    let at = int()
        .then_ignore(comma())
        .then(int())
        .delimited_by(punct(b'('), punct(b')'))
        .map(|(x, y)| Coord::At(x, y));
    choice((
        at,
        register(Reg::Place).map(Coord::Place),
        random().to(Coord::Random),
    ))
    .map_with(|c, e| sp(c, e.span()))
    .labelled("a coordinate: (x,y), place[n] or random")
    .boxed()
}

pub(super) fn rect<'a>() -> P<'a, Rect> {
    int()
        .map(|i| i.v)
        .separated_by(comma())
        .exactly(4)
        .collect_exactly::<[i64; 4]>()
        .delimited_by(punct(b'('), punct(b')'))
        .map_with(|r, e| sp(r, e.span()))
        .labelled("a region (x1,y1,x2,y2)")
        .boxed()
}

pub(super) fn lev_rect<'a>() -> P<'a, LevRect> {
    rect()
        .map(LevRect::Map)
        .or(kw(Kw::LevRegion).ignore_then(rect()).map(LevRect::Level))
        .boxed()
}

pub(super) fn chance<'a>() -> P<'a, Option<Sp<i64>>> {
    select! { Tok::Percent(v) => v }
        .map_with(|v, e| sp(v, e.span()))
        .labelled("a chance like [50%]")
        .or_not()
        .boxed()
}

pub(super) fn class<'a>(r: Reg) -> P<'a, Class> {
    choice((
        chr().map(Class::Char),
        random().to(Class::Random),
        register(r).map(Class::Register),
    ))
    .boxed()
}

pub(super) fn name_or_random<'a>() -> P<'a, NameOrRandom<'a>> {
    string().map(Some).or(random().to(None)).boxed()
}

pub(super) fn align<'a>() -> P<'a, Align> {
    choice((
        select! { Tok::Align(a) => a }
            .labelled("an alignment")
            .map(Align::Value),
        register(Reg::Align).map(Align::Register),
        random().to(Align::Random),
    ))
    .boxed()
}

/// A door state keyword or `random`.
pub(super) fn door_state<'a>() -> P<'a, DoorState> {
    select! { Tok::Door(d) => d }
        .labelled("a door state")
        .or(random().to(DoorState::Random))
        .boxed()
}

/// A direction keyword (`random` is not one).
pub(super) fn direction<'a>() -> P<'a, Direction> {
    select! { Tok::Dir(d) => d }.labelled("a direction").boxed()
}

/// `lit`, `unlit` or `random`.
pub(super) fn light<'a>() -> P<'a, Lighting> {
    select! { Tok::Light(l) => l }
        .labelled("`lit` or `unlit`")
        .or(random().to(Lighting::Random))
        .boxed()
}

pub(super) fn hjust<'a>() -> P<'a, i8> {
    val(Val::LeftOrRight, "a horizontal justification")
        .or(val(Val::Center, "`center`"))
        .boxed()
}

pub(super) fn vjust<'a>() -> P<'a, i8> {
    val(Val::TopOrBottom, "a vertical justification")
        .or(val(Val::Center, "`center`"))
        .boxed()
}

pub(super) fn pair_or_random<'a>() -> P<'a, PairOrRandom> {
    pair().map(Some).or(random().to(None)).boxed()
}
