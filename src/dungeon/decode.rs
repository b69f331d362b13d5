//! Reads a `dungeon` file in a target [`Layout`] back into a [`Dungeon`]:
//! `decode(&encode(&d, layout)?, layout) == d`.

use super::ir::MAX_NAME;
use super::ir::*;
use crate::binary::{DecodeError, Reader};
use crate::game::{DungeonMember, Game};
use crate::layout::Layout;

/// Decodes the bytes of a `dungeon` file written for `game` built for
/// `layout`.
///
/// # Errors
///
/// Bytes that are not a dungeon file of that game and layout.
pub fn decode(bytes: &[u8], game: &Game, layout: Layout) -> Result<Dungeon, DecodeError> {
    let f = game.format();
    let mut r = Reader::new(bytes, layout);
    r.version_info(&game.version_info(layout)?, f.header_word)?;
    let n = r.i32("dungeon count")?;
    let n = usize::try_from(n).map_err(|_| r.error(format!("negative dungeon count {n}")))?;
    let mut dungeon = Dungeon::default();
    for _ in 0..n {
        let (mut d, nlevels, nbranches) = r.record(|r| {
            let name = r.name_field(MAX_NAME + 1, "dungeon name")?;
            let protofile = r.name_field(MAX_NAME + 1, "protofile")?;
            let mut d = DungeonDef {
                name,
                protofile,
                depth: couple(r)?,
                ..DungeonDef::default()
            };
            let (mut nlevels, mut nbranches) = (0, 0);
            for m in &f.dungeon_members {
                match m {
                    DungeonMember::Flags => d.flags = r.i32("flags")?,
                    DungeonMember::Chance => d.chance = r.i32("chance")?,
                    DungeonMember::Levels => nlevels = count(r, "level count")?,
                    DungeonMember::Alternates => d.alternates = r.i32("alternates")?,
                    DungeonMember::Branches => nbranches = count(r, "branch count")?,
                    DungeonMember::EntryLevel => d.entry = r.i32("entry level")?,
                    other => return Err(not_a_member(r, *other, "tmpdungeon")),
                }
            }
            d.bones = bones_char(r.u8("bones char")?);
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
            d.branches.push(r.record(|r| branch(r, &f.branch_members))?);
        }
        dungeon.dungeons.push(d);
    }
    r.finish()?;
    Ok(dungeon)
}

fn branch(r: &mut Reader<'_>, members: &[DungeonMember]) -> Result<BranchDef, DecodeError> {
    let mut b = BranchDef {
        dest: r.name_field(MAX_NAME + 1, "branch name")?,
        at: couple(r)?,
        ..BranchDef::default()
    };
    for m in members {
        match m {
            DungeonMember::Chain => b.chain = chain(r)?,
            DungeonMember::Type => {
                b.kind = match r.i32("branch type")? {
                    0 => BranchKind::Stair,
                    1 => BranchKind::NoUp,
                    2 => BranchKind::NoDown,
                    3 => BranchKind::Portal,
                    v => return Err(r.error(format!("unknown branch type {v}"))),
                }
            }
            DungeonMember::Up => {
                b.up = match r.i32("direction")? {
                    0 => false,
                    1 => true,
                    v => return Err(r.error(format!("branch direction is {v}, expected 0 or 1"))),
                }
            }
            DungeonMember::EntryLevel => b.entry = r.i32("entry level")?,
            other => return Err(not_a_member(r, *other, "tmpbranch")),
        }
    }
    Ok(b)
}

fn not_a_member(r: &Reader<'_>, m: DungeonMember, record: &str) -> DecodeError {
    r.error(format!(
        "the game's format lists `{}` in {record}, which has no such member",
        m.as_str()
    ))
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
