//! Level definitions, `INIT_MAP`, `MESSAGE`, variables and control flow
//! (`IF`, percent chances, `SWITCH`, `FOR`, `LOOP`, `BREAK`, `EXIT`).

use super::values::{condition, value, Values};
use super::*;

pub(super) fn level_statements<'a>(v: &Values<'a>) -> P<'a, StmtKind<'a>> {
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

pub(super) fn control_statements<'a>(
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
                    .delimited_by(punct(b'{'), close_brace()),
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
