//! One parser for each statement keyword, grouped as the grammar groups
//! them: level-wide statements, creatures and objects, map features, and
//! rooms.

use chumsky::prelude::*;

use super::args::*;
use super::P;
use crate::des::nh343::ir::Direction;
use crate::des::nh343::lexer::{Kw, Reg, Tok, Val};
use crate::des::nh343::syntax::*;
use crate::parsing::sp;

/// The header and level-wide statements.
pub(super) fn level_statements<'a>(k: Kw) -> Option<P<'a, StmtKind<'a>>> {
    let maze = head(Kw::Maze)
        .ignore_then(string())
        .then_ignore(comma())
        .then(chr().map(Some).or(random().to(None)))
        .map(|(name, fill)| StmtKind::Maze { name, fill });
    let level = head(Kw::Level)
        .ignore_then(string())
        .map(|name| StmtKind::Level { name });
    let flags = head(Kw::Flags)
        .ignore_then(
            select! { Tok::Flag(f) => f }
                .labelled("a level flag")
                .separated_by(comma())
                .at_least(1)
                .collect(),
        )
        .map(StmtKind::Flags);
    let init_map = head(Kw::InitMap)
        .ignore_then(chr())
        .then_ignore(comma())
        .then(chr())
        .then_ignore(comma())
        .then(boolean())
        .then_ignore(comma())
        .then(boolean().map_with(|b, e| sp(b, e.span())))
        .then_ignore(comma())
        .then(light())
        .then_ignore(comma())
        .then(val_or_random(Val::Boolean, "`true` or `false`"))
        .map(
            |(((((fg, bg), smoothed), joined), lit), walled)| StmtKind::InitMap {
                fg,
                bg,
                smoothed,
                joined,
                lit,
                walled,
            },
        );
    let message = head(Kw::Message)
        .ignore_then(string())
        .map(StmtKind::Message);
    let random_objects = head(Kw::RandomObjects)
        .ignore_then(chr().separated_by(comma()).at_least(1).collect())
        .map(StmtKind::RandomObjects);
    let random_monsters = head(Kw::RandomMonsters)
        .ignore_then(chr().separated_by(comma()).at_least(1).collect())
        .map(StmtKind::RandomMonsters);
    let random_places = head(Kw::RandomPlaces)
        .ignore_then(pair().separated_by(comma()).at_least(1).collect())
        .map(StmtKind::RandomPlaces);
    let nomap = kw(Kw::NoMap).to(StmtKind::NoMap);
    let map_block = select! { Tok::Map(i) => i }
        .map_with(|i, e| {
            let span: SimpleSpan = e.span();
            (i, span.into_range())
        })
        .labelled("a MAP … ENDMAP block");
    let geometry = head(Kw::Geometry)
        .ignore_then(hjust())
        .then_ignore(comma())
        .then(vjust())
        .then(map_block)
        .map(|((halign, valign), (map, map_span))| StmtKind::Geometry {
            halign,
            valign,
            map,
            map_span,
        });
    let wallify = kw(Kw::Wallify).to(StmtKind::Wallify);
    let random_corridors = kw(Kw::RandomCorridors).to(StmtKind::RandomCorridors);
    Some(match k {
        Kw::Maze => maze.boxed(),
        Kw::Level => level.boxed(),
        Kw::Flags => flags.boxed(),
        Kw::InitMap => init_map.boxed(),
        Kw::Message => message.boxed(),
        Kw::RandomObjects => random_objects.boxed(),
        Kw::RandomMonsters => random_monsters.boxed(),
        Kw::RandomPlaces => random_places.boxed(),
        Kw::NoMap => nomap.boxed(),
        Kw::Geometry => geometry.boxed(),
        Kw::Wallify => wallify.boxed(),
        Kw::RandomCorridors => random_corridors.boxed(),
        _ => return None,
    })
}

/// MONSTER, OBJECT and CONTAINER.
pub(super) fn creature_statements<'a>(k: Kw) -> Option<P<'a, StmtKind<'a>>> {
    let info = comma().ignore_then(choice((
        string().map(|s| MonInfo::Name(s.v)),
        val(Val::Attitude, "`peaceful` or `hostile`").map(MonInfo::Attitude),
        val(Val::Alertness, "`asleep` or `awake`").map(MonInfo::Alertness),
        align().map(MonInfo::Align),
        val(Val::Appearance, "an appearance")
            .then(string())
            .map(|(a, s)| MonInfo::Appear(a, s.v)),
    )));
    let monster = kw(Kw::Monster)
        .ignore_then(chance())
        .then_ignore(punct(b':'))
        .then(class(Reg::Monster))
        .then_ignore(comma())
        .then(name_or_random())
        .then_ignore(comma())
        .then(coord())
        .then(info.repeated().collect())
        .map(|((((chance, class), name), at), infos)| StmtKind::Monster {
            chance,
            class,
            name,
            at,
            infos,
        });

    let curse = val(Val::CurseType, "a curse state")
        .map(Some)
        .or(random().to(None));
    let spe = int().map(Some).or(random().to(None));
    let oname = comma()
        .ignore_then(just(Tok::None).to(None).or(string().map(|s| Some(s.v))))
        .or_not()
        .map(Option::flatten);
    let tail = choice((
        comma()
            .ignore_then(curse.clone())
            .then_ignore(comma())
            .then(string())
            .then_ignore(comma())
            .then(spe.clone())
            .then(oname.clone())
            .map(|(((c, m), spe), name)| ObjTail {
                curse: Some(c),
                montype: Some(m),
                spe,
                name,
            }),
        comma()
            .ignore_then(curse)
            .then_ignore(comma())
            .then(spe.clone())
            .then(oname.clone())
            .map(|((c, spe), name)| ObjTail {
                curse: Some(c),
                montype: None,
                spe,
                name,
            }),
        comma()
            .ignore_then(string())
            .then_ignore(comma())
            .then(spe)
            .then(oname)
            .map(|((m, spe), name)| ObjTail {
                curse: None,
                montype: Some(m),
                spe,
                name,
            }),
    ));
    let object = kw(Kw::Object)
        .to(false)
        .or(kw(Kw::Container).to(true))
        .then(chance())
        .then_ignore(punct(b':'))
        .then(class(Reg::Object))
        .then_ignore(comma())
        .then(name_or_random())
        .then_ignore(comma())
        .then(coord().map(Some).or(just(Tok::Contained).to(None)))
        .then(tail.or_not())
        .map(
            |(((((container, chance), class), name), at), tail)| StmtKind::Object {
                container,
                chance,
                class,
                name,
                at,
                tail,
            },
        );
    Some(match k {
        Kw::Monster => monster.boxed(),
        Kw::Object | Kw::Container => object.boxed(),
        _ => return None,
    })
}

/// Statements about map features.
pub(super) fn feature_statements<'a>(k: Kw) -> Option<P<'a, StmtKind<'a>>> {
    let trap = kw(Kw::Trap)
        .ignore_then(chance())
        .then_ignore(punct(b':'))
        .then(name_or_random())
        .then_ignore(comma())
        .then(coord())
        .map(|((chance, kind), at)| StmtKind::Trap { chance, kind, at });
    let room_door = head(Kw::Door)
        .ignore_then(val_or_random(Val::Boolean, "`true` or `false`"))
        .then_ignore(comma())
        .then(door_state())
        .then_ignore(comma())
        .then(direction().or(random().to(Direction::Random)))
        .then_ignore(comma())
        .then(int().map(Some).or(random().to(None)))
        .map(|(((secret, state), wall), pos)| StmtKind::RoomDoor {
            secret,
            state,
            wall,
            pos,
        });
    let door = head(Kw::Door)
        .ignore_then(door_state())
        .then_ignore(comma())
        .then(coord())
        .map(|(state, at)| StmtKind::Door { state, at });
    let drawbridge = head(Kw::Drawbridge)
        .ignore_then(coord())
        .then_ignore(comma())
        .then(direction())
        .then_ignore(comma())
        .then(door_state().map_with(|s, e| sp(s, e.span())))
        .map(|((at, dir), state)| StmtKind::Drawbridge { at, dir, state });
    let mazewalk = head(Kw::Mazewalk)
        .ignore_then(coord())
        .then_ignore(comma())
        .then(direction())
        .map(|(at, dir)| StmtKind::Mazewalk { at, dir });
    let ladder = head(Kw::Ladder)
        .ignore_then(coord())
        .then_ignore(comma())
        .then(up_down())
        .map(|(at, up)| StmtKind::Ladder { at, up });
    let stair_region = head(Kw::Stair)
        .ignore_then(lev_rect())
        .then_ignore(comma())
        .then(lev_rect())
        .then_ignore(comma())
        .then(up_down())
        .map(|((area, exclude), up)| StmtKind::StairRegion { area, exclude, up });
    let stair = head(Kw::Stair)
        .ignore_then(coord())
        .then_ignore(comma())
        .then(up_down())
        .map(|(at, up)| StmtKind::Stair { at, up });
    let two_regions = |k| {
        head(k)
            .ignore_then(lev_rect())
            .then_ignore(comma())
            .then(lev_rect())
    };
    let portal = two_regions(Kw::Portal)
        .then_ignore(comma())
        .then(string())
        .map(|((area, exclude), dest)| StmtKind::Portal {
            area,
            exclude,
            dest,
        });
    let teleport = two_regions(Kw::TeleportRegion)
        .then(comma().ignore_then(up_down()).or_not())
        .map(|((area, exclude), up)| StmtKind::Teleport { area, exclude, up });
    let branch = two_regions(Kw::Branch).map(|(area, exclude)| StmtKind::Branch { area, exclude });
    let altar = head(Kw::Altar)
        .ignore_then(coord())
        .then_ignore(comma())
        .then(align())
        .then_ignore(comma())
        .then(val_or_random(Val::AltarType, "an altar type"))
        .map(|((at, align), kind)| StmtKind::Altar { at, align, kind });
    let fountain = head(Kw::Fountain)
        .ignore_then(coord())
        .map(|at| StmtKind::Fountain { at });
    let sink = head(Kw::Sink)
        .ignore_then(coord())
        .map(|at| StmtKind::Sink { at });
    let pool = head(Kw::Pool)
        .ignore_then(coord())
        .map(|at| StmtKind::Pool { at });
    let non_diggable = head(Kw::NonDiggable)
        .ignore_then(rect())
        .map(StmtKind::NonDiggable);
    let non_passwall = head(Kw::NonPasswall)
        .ignore_then(rect())
        .map(StmtKind::NonPasswall);
    let region = head(Kw::Region)
        .ignore_then(rect())
        .then_ignore(comma())
        .then(light())
        .then_ignore(comma())
        .then(name_or_random())
        .then(
            comma()
                .ignore_then(val(Val::Filling, "`filled` or `unfilled`"))
                .then(comma().ignore_then(boolean()).or_not())
                .or_not(),
        )
        .map(|(((area, lit), rtype), fill)| StmtKind::Region {
            area,
            lit,
            rtype,
            unfilled: fill.map(|(f, _)| f != 0),
            irregular: fill.and_then(|(_, irr)| irr),
        });
    let gold = head(Kw::Gold)
        .ignore_then(int().map(Some).or(random().to(None)))
        .then_ignore(comma())
        .then(coord())
        .map(|(amount, at)| StmtKind::Gold { amount, at });
    let engraving = head(Kw::Engraving)
        .ignore_then(coord())
        .then_ignore(comma())
        .then(val_or_random(Val::EngravingType, "an engraving type"))
        .then_ignore(comma())
        .then(string())
        .map(|((at, kind), text)| StmtKind::Engraving { at, kind, text });
    Some(match k {
        Kw::Trap => trap.boxed(),
        Kw::Door => room_door.or(door).boxed(),
        Kw::Drawbridge => drawbridge.boxed(),
        Kw::Mazewalk => mazewalk.boxed(),
        Kw::Ladder => ladder.boxed(),
        Kw::Stair => stair_region.or(stair).boxed(),
        Kw::Portal => portal.boxed(),
        Kw::TeleportRegion => teleport.boxed(),
        Kw::Branch => branch.boxed(),
        Kw::Altar => altar.boxed(),
        Kw::Fountain => fountain.boxed(),
        Kw::Sink => sink.boxed(),
        Kw::Pool => pool.boxed(),
        Kw::NonDiggable => non_diggable.boxed(),
        Kw::NonPasswall => non_passwall.boxed(),
        Kw::Region => region.boxed(),
        Kw::Gold => gold.boxed(),
        Kw::Engraving => engraving.boxed(),
        _ => return None,
    })
}

/// ROOM, SUBROOM, their NAME/CHANCE, and CORRIDOR.
pub(super) fn room_statements<'a>(k: Kw) -> Option<P<'a, StmtKind<'a>>> {
    let filled = comma().ignore_then(boolean()).or_not();
    let room = head(Kw::Room)
        .ignore_then(name_or_random())
        .then_ignore(comma())
        .then(light())
        .then_ignore(comma())
        .then(pair_or_random())
        .then_ignore(comma())
        .then(
            hjust()
                .then_ignore(comma())
                .then(vjust())
                .delimited_by(punct(b'('), punct(b')'))
                .map(Some)
                .or(random().to(None)),
        )
        .then_ignore(comma())
        .then(pair_or_random())
        .then(filled.clone())
        .map(
            |(((((rtype, lit), pos), align), size), filled)| StmtKind::Room {
                rtype,
                lit,
                pos,
                align,
                size,
                filled,
            },
        );
    let subroom = head(Kw::Subroom)
        .ignore_then(name_or_random())
        .then_ignore(comma())
        .then(light())
        .then_ignore(comma())
        .then(pair_or_random())
        .then_ignore(comma())
        .then(pair_or_random())
        .then_ignore(comma())
        .then(string())
        .then(filled)
        .map(
            |(((((rtype, lit), pos), size), parent), filled)| StmtKind::Subroom {
                rtype,
                lit,
                pos,
                size,
                parent,
                filled,
            },
        );
    let name = head(Kw::Name).ignore_then(string()).map(StmtKind::Name);
    let chance = head(Kw::Chance).ignore_then(int()).map(StmtKind::Chance);
    let spec = int()
        .then_ignore(comma())
        .then(direction())
        .then_ignore(comma())
        .then(int().map(Some).or(random().to(None)))
        .delimited_by(punct(b'('), punct(b')'))
        .map(|((room, wall), door)| CorrSpec { room, wall, door });
    let corridor = head(Kw::Corridor)
        .ignore_then(spec.clone())
        .then_ignore(comma())
        .then(spec.map(CorrEnd::Room).or(int().map(CorrEnd::Number)))
        .map(|(from, to)| StmtKind::Corridor { from, to });
    Some(match k {
        Kw::Room => room.boxed(),
        Kw::Subroom => subroom.boxed(),
        Kw::Name => name.boxed(),
        Kw::Chance => chance.boxed(),
        Kw::Corridor => corridor.boxed(),
        _ => return None,
    })
}
