//! Monsters, objects, containers, traps, altars, graves, gold and
//! engravings.

use super::values::Values;
use super::*;

pub(super) fn thing_statements<'a>(v: &Values<'a>, block: P<'a, Block<'a>>) -> P<'a, StmtKind<'a>> {
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
pub(super) fn a_register<'a>() -> P<'a, i64> {
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
