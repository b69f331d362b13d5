//! Reads a `dungeon` file back into a [`Dungeon`]:
//! `decode(&encode(&d)?) == d`.

use super::ir::*;
use super::sema::MAX_NAME;
use crate::binary::{DecodeError, Reader};

/// Decodes the bytes of a `dungeon` file.
pub fn decode(bytes: &[u8]) -> Result<Dungeon, DecodeError> {
    let mut r = Reader::new(bytes);
    r.version_info()?;
    let n = r.i32("dungeon count")?;
    let n = usize::try_from(n).map_err(|_| r.error(format!("negative dungeon count {n}")))?;
    let mut dungeon = Dungeon::default();
    for _ in 0..n {
        let name = r.name_field(MAX_NAME + 1, "dungeon name")?;
        let protofile = r.name_field(MAX_NAME + 1, "protofile")?;
        let depth = couple(&mut r)?;
        let flags = r.i32("flags")?;
        let chance = r.i32("chance")?;
        let nlevels = count(&mut r, "level count")?;
        let nbranches = count(&mut r, "branch count")?;
        let entry = r.i32("entry level")?;
        let bones = bones_char(r.u8("bones char")?);
        r.skip(3, "dungeon padding")?;
        let mut d = DungeonDef {
            name,
            bones,
            protofile,
            depth,
            flags,
            chance,
            entry,
            ..DungeonDef::default()
        };
        for _ in 0..nlevels {
            let name = r.name_field(MAX_NAME + 1, "level name")?;
            let at = couple(&mut r)?;
            let chance = r.i32("chance")?;
            let rndlevs = r.i32("rndlevs")?;
            let chain = chain(&mut r)?;
            let flags = r.i32("flags")?;
            let bones = bones_char(r.u8("bones char")?);
            r.skip(3, "level padding")?;
            d.levels.push(LevelDef {
                name,
                bones,
                at,
                chance,
                rndlevs,
                chain,
                flags,
            });
        }
        for _ in 0..nbranches {
            let dest = r.name_field(MAX_NAME + 1, "branch name")?;
            let at = couple(&mut r)?;
            let chain = chain(&mut r)?;
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
            d.branches.push(BranchDef {
                dest,
                at,
                chain,
                kind,
                up,
            });
        }
        dungeon.dungeons.push(d);
    }
    r.finish()?;
    Ok(dungeon)
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
