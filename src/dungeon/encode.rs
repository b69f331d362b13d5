//! Writes a [`Dungeon`] as NetHack 3.4.3's `dgn_comp` writes the `dungeon`
//! file for a target [`Layout`]: version info, the dungeon count, then each
//! dungeon record followed by its level and branch records.

use super::ir::MAX_NAME;
use super::ir::*;
use crate::binary::EncodeError;
use crate::binary::Writer;
use crate::game::{DungeonMember, Game};
use crate::layout::Layout;

/// Size of a name field in the records.
const NAME_FIELD: usize = MAX_NAME + 1;

/// The `dungeon` file bytes of `d` for `game` built for `layout`.
///
/// # Errors
///
/// A hand-built dungeon the format cannot hold (names over 23 bytes,
/// counts or chain indices over `int`).
pub fn encode(d: &Dungeon, game: &Game, layout: Layout) -> Result<Vec<u8>, EncodeError> {
    let f = game.format();
    let mut w = Writer::new(layout);
    w.version_info(&game.version_info(layout)?, f.header_word);
    w.i32(
        i32::try_from(d.dungeons.len())
            .map_err(|_| EncodeError::cannot_hold("too many dungeons"))?,
    );
    for dg in &d.dungeons {
        w.record(|w| {
            name(w, &dg.name)?;
            name(w, &dg.protofile)?;
            couple(w, dg.depth);
            for m in &f.dungeon_members {
                w.i32(dungeon_member(dg, *m)?);
            }
            w.u8(dg.bones.unwrap_or(0));
            Ok::<_, EncodeError>(())
        })?;
        for l in &dg.levels {
            w.record(|w| {
                name(w, &l.name)?;
                couple(w, l.at);
                w.i32(l.chance);
                w.i32(l.rndlevs);
                w.i32(chain(l.chain)?);
                w.i32(l.flags);
                w.u8(l.bones.unwrap_or(0));
                Ok::<_, EncodeError>(())
            })?;
        }
        for b in &dg.branches {
            w.record(|w| {
                name(w, &b.dest)?;
                couple(w, b.at);
                for m in &f.branch_members {
                    w.i32(branch_member(b, *m)?);
                }
                Ok::<_, EncodeError>(())
            })?;
        }
    }
    Ok(w.bytes)
}

/// The value of `tmpdungeon` member `m` for `dg`.
fn dungeon_member(dg: &DungeonDef, m: DungeonMember) -> Result<i32, EncodeError> {
    Ok(match m {
        DungeonMember::Flags => dg.flags,
        DungeonMember::Chance => dg.chance,
        DungeonMember::Levels => count(dg.levels.len())?,
        DungeonMember::Alternates => dg.alternates,
        DungeonMember::Branches => count(dg.branches.len())?,
        DungeonMember::EntryLevel => dg.entry,
        other => return Err(not_a_member(other, "tmpdungeon")),
    })
}

/// The value of `tmpbranch` member `m` for `b`.
fn branch_member(b: &BranchDef, m: DungeonMember) -> Result<i32, EncodeError> {
    Ok(match m {
        DungeonMember::Chain => chain(b.chain)?,
        DungeonMember::Type => match b.kind {
            BranchKind::Stair => 0,
            BranchKind::NoUp => 1,
            BranchKind::NoDown => 2,
            BranchKind::Portal => 3,
        },
        DungeonMember::Up => i32::from(b.up),
        DungeonMember::EntryLevel => b.entry,
        other => return Err(not_a_member(other, "tmpbranch")),
    })
}

fn not_a_member(m: DungeonMember, record: &str) -> EncodeError {
    EncodeError::cannot_hold(format!(
        "the game's format lists `{}` in {record}, which has no such member",
        m.as_str()
    ))
}

fn name(w: &mut Writer, s: &str) -> Result<(), EncodeError> {
    if crate::text::byte_len(s) > MAX_NAME {
        return Err(EncodeError::cannot_hold(format!(
            "name {s:?} does not fit a {NAME_FIELD}-byte field"
        )));
    }
    w.name_field(s, NAME_FIELD);
    Ok(())
}

fn couple(w: &mut Writer, c: Couple) {
    w.i16(c.base);
    w.i16(c.rand);
}

fn count(n: usize) -> Result<i32, EncodeError> {
    i32::try_from(n).map_err(|_| EncodeError::cannot_hold(format!("{n} records")))
}

fn chain(c: Option<usize>) -> Result<i32, EncodeError> {
    match c {
        None => Ok(-1),
        Some(i) => {
            i32::try_from(i).map_err(|_| EncodeError::cannot_hold(format!("chain index {i}")))
        }
    }
}
