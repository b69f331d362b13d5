//! Rooms, subrooms, doors, corridors and `GEOMETRY`.

use super::values::{dir_list, pair, Values};
use super::*;

pub(super) fn room_kind<'a>() -> P<'a, Sp<Option<&'a str>>> {
    string()
        .map(|s| sp(Some(s.v), SimpleSpan::from(s.span)))
        .or(random().map_with(|_, e| sp(None, e.span())))
        .boxed()
}

pub(super) fn room_flags<'a>() -> P<'a, i64> {
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

pub(super) fn room_statements<'a>(v: &Values<'a>, block: P<'a, Block<'a>>) -> P<'a, StmtKind<'a>> {
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
