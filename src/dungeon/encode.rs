//! Writes a [`Dungeon`] as the `dungeon` file (LP64 layout of NetHack
//! 3.4.3's `dgn_comp`): version info, the dungeon count, then each dungeon
//! record followed by its level and branch records.

use super::ir::*;
use super::sema::MAX_NAME;
use crate::binary::Writer;
use crate::des::EncodeError;

/// Size of a name field in the records.
const NAME_FIELD: usize = MAX_NAME + 1;

/// The `dungeon` file bytes of `d`.
pub fn encode(d: &Dungeon) -> Result<Vec<u8>, EncodeError> {
    let mut w = Writer::default();
    w.version_info();
    w.i32(i32::try_from(d.dungeons.len()).map_err(|_| EncodeError("too many dungeons".into()))?);
    for dg in &d.dungeons {
        name(&mut w, &dg.name)?;
        name(&mut w, &dg.protofile)?;
        couple(&mut w, dg.depth);
        w.i32(dg.flags);
        w.i32(dg.chance);
        w.i32(count(dg.levels.len())?);
        w.i32(count(dg.branches.len())?);
        w.i32(dg.entry);
        w.u8(dg.bones.unwrap_or(0));
        w.zeros(3);
        for l in &dg.levels {
            name(&mut w, &l.name)?;
            couple(&mut w, l.at);
            w.i32(l.chance);
            w.i32(l.rndlevs);
            w.i32(chain(l.chain)?);
            w.i32(l.flags);
            w.u8(l.bones.unwrap_or(0));
            w.zeros(3);
        }
        for b in &dg.branches {
            name(&mut w, &b.dest)?;
            couple(&mut w, b.at);
            w.i32(chain(b.chain)?);
            w.i32(match b.kind {
                BranchKind::Stair => 0,
                BranchKind::NoUp => 1,
                BranchKind::NoDown => 2,
                BranchKind::Portal => 3,
            });
            w.i32(i32::from(b.up));
        }
    }
    Ok(w.bytes)
}

fn name(w: &mut Writer, s: &str) -> Result<(), EncodeError> {
    if s.len() > MAX_NAME || s.contains('\0') {
        return Err(EncodeError(format!(
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
    i32::try_from(n).map_err(|_| EncodeError(format!("{n} records")))
}

fn chain(c: Option<usize>) -> Result<i32, EncodeError> {
    match c {
        None => Ok(-1),
        Some(i) => i32::try_from(i).map_err(|_| EncodeError(format!("chain index {i}"))),
    }
}
