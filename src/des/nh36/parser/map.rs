//! Terrain features and level regions: drawbridges, mazewalks, stairs,
//! ladders, portals, teleport regions, branches, `TERRAIN`,
//! `REPLACE_TERRAIN`, `REGION` and the rest.

use super::rooms::{room_flags, room_kind};
use super::values::{region_lit, Values};
use super::*;

pub(super) fn lev_region<'a>() -> P<'a, LevRegion> {
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

pub(super) fn map_statements<'a>(v: &Values<'a>, block: P<'a, Block<'a>>) -> P<'a, StmtKind<'a>> {
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
