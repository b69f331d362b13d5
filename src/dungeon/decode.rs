//! Reads a `dungeon` file in a target [`Layout`] back into a [`Dungeon`]:
//! `decode(&encode(&d, layout)?, layout) == d`.

use super::ir::MAX_NAME;
use super::ir::*;
use crate::binary::{DecodeError, Reader};
use crate::game::Game;
use crate::layout::Layout;

/// Decodes the bytes of a `dungeon` file written for `game` built for
/// `layout`.
///
/// # Errors
///
/// Bytes that are not a dungeon file of that game and layout.
pub fn decode(bytes: &[u8], game: &Game, layout: Layout) -> Result<Dungeon, DecodeError> {
    let mut r = Reader::new(bytes, layout);
    r.version_info(&game.version_info(layout)?)?;
    let n = r.i32("dungeon count")?;
    let n = usize::try_from(n).map_err(|_| r.error(format!("negative dungeon count {n}")))?;
    let mut dungeon = Dungeon::default();
    for _ in 0..n {
        let (mut d, nlevels, nbranches) = r.record(|r| {
            let name = r.name_field(MAX_NAME + 1, "dungeon name")?;
            let protofile = r.name_field(MAX_NAME + 1, "protofile")?;
            let depth = couple(r)?;
            let flags = r.i32("flags")?;
            let chance = r.i32("chance")?;
            let nlevels = count(r, "level count")?;
            let nbranches = count(r, "branch count")?;
            let d = DungeonDef {
                name,
                protofile,
                depth,
                flags,
                chance,
                entry: r.i32("entry level")?,
                bones: bones_char(r.u8("bones char")?),
                ..DungeonDef::default()
            };
            Ok((d, nlevels, nbranches))
        })?;
        for _ in 0..nlevels {
            d.levels.push(r.record(|r| {
                Ok(LevelDef {
                    name: r.name_field(MAX_NAME + 1, "level name")?,
                    at: couple(r)?,
                    chance: r.i32("chance")?,
                    rndlevs: r.i32("rndlevs")?,
                    chain: chain(r)?,
                    flags: r.i32("flags")?,
                    bones: bones_char(r.u8("bones char")?),
                })
            })?);
        }
        for _ in 0..nbranches {
            d.branches.push(r.record(branch)?);
        }
        dungeon.dungeons.push(d);
    }
    r.finish()?;
    Ok(dungeon)
}

fn branch(r: &mut Reader<'_>) -> Result<BranchDef, DecodeError> {
    let dest = r.name_field(MAX_NAME + 1, "branch name")?;
    let at = couple(r)?;
    let chain = chain(r)?;
    let kind = match r.i32("branch type")? {
        0 => BranchKind::Stair,
        1 => BranchKind::NoUp,
        2 => BranchKind::NoDown,
        3 => BranchKind::Portal,
        v => return Err(r.error(format!("unknown branch type {v}"))),
    };
    let up = match r.i32("direction")? {
        0 => false,
        1 => true,
        v => return Err(r.error(format!("branch direction is {v}, expected 0 or 1"))),
    };
    Ok(BranchDef {
        dest,
        at,
        chain,
        kind,
        up,
    })
}

fn couple(r: &mut Reader<'_>) -> Result<Couple, DecodeError> {
    Ok(Couple {
        base: r.i16("base")?,
        rand: r.i16("rand")?,
    })
}

fn count(r: &mut Reader<'_>, what: &str) -> Result<usize, DecodeError> {
    let n = r.i32(what)?;
    usize::try_from(n).map_err(|_| r.error(format!("negative {what} {n}")))
}

fn bones_char(c: u8) -> Option<u8> {
    (c != 0).then_some(c)
}

fn chain(r: &mut Reader<'_>) -> Result<Option<usize>, DecodeError> {
    match r.i32("chain")? {
        -1 => Ok(None),
        v => usize::try_from(v)
            .map(Some)
            .map_err(|_| r.error(format!("chain index {v}"))),
    }
}
