//! The NetHack 3.6 `.lev` format (`write_maze` in `lev_main.c`): the
//! `version_info` header, the opcode count as a `long`, then each opcode
//! as an `int`; a `PUSH` is followed by its operand's type byte and its
//! value, a `long` or an `int` length and the string's bytes. Fields are
//! written one by one, so there is no padding.

use super::program::{Instr, Opcode, Operand, Program};
use crate::binary::{DecodeError, Reader, Writer};
use crate::game::{Game, MissingHeader};
use crate::layout::Layout;

/// The bytes of `program` for `game` built for `layout`.
///
/// # Errors
///
/// A game without a header for the data model of `layout` (see
/// [`Game::version_info`]).
pub fn encode(program: &Program, game: &Game, layout: Layout) -> Result<Vec<u8>, MissingHeader> {
    let mut w = Writer::new(layout);
    w.version_info(&game.version_info(layout)?, game.format().header_word);
    w.long(program.code.len() as i64);
    for instr in &program.code {
        write_instr(&mut w, instr);
    }
    Ok(w.bytes)
}

/// Writes one instruction: its opcode as an `int`, and a `PUSH`'s
/// operand.
pub(super) fn write_instr(w: &mut Writer, instr: &Instr) {
    match instr {
        Instr::Op(op) => w.i32(op.number()),
        Instr::Push(v) => {
            w.i32(Opcode::Push.number());
            w.u8(v.type_code());
            match v {
                Operand::Null => {}
                Operand::Int(n)
                | Operand::Coord(n)
                | Operand::Region(n)
                | Operand::MapChar(n)
                | Operand::Monster(n)
                | Operand::Object(n) => w.long(*n),
                Operand::Str(s) | Operand::Var(s) => {
                    let bytes = crate::text::bytes(s);
                    w.i32(bytes.len() as i32);
                    w.raw(&bytes);
                }
            }
        }
    }
}

/// Where a `PUSH`'s value starts, from the start of the instruction (its
/// opcode `int` and its type byte come first).
#[cfg(feature = "nethack36")]
pub(super) const PUSH_VALUE_OFFSET: usize = 5;

/// Reads a 3.6 `.lev` written for `game` and `layout` back into its
/// program.
///
/// # Errors
/// A [`DecodeError`] at the first byte that does not fit the format.
pub fn decode(
    bytes: &[u8],
    name: &str,
    game: &Game,
    layout: Layout,
) -> Result<Program, DecodeError> {
    let mut r = Reader::new(bytes, layout);
    r.version_info(&game.version_info(layout)?, game.format().header_word)?;
    let count = r.long("opcode count")?;
    if count < 0 || count as u64 > bytes.len() as u64 / 4 {
        return Err(r.error(format!("impossible opcode count {count}")));
    }
    let mut code = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let n = r.i32("opcode")?;
        let op = Opcode::from_number(n).ok_or_else(|| r.error(format!("unknown opcode {n}")))?;
        if op != Opcode::Push {
            code.push(Instr::Op(op));
            continue;
        }
        let operand = match r.u8("operand type")? {
            0 => Operand::Null,
            1 => Operand::Int(r.long("integer")?),
            2 => Operand::Str(string(&mut r)?),
            3 => Operand::Var(string(&mut r)?),
            4 => Operand::Coord(r.long("coordinate")?),
            5 => Operand::Region(r.long("region")?),
            6 => Operand::MapChar(r.long("map character")?),
            7 => Operand::Monster(r.long("monster")?),
            8 => Operand::Object(r.long("object")?),
            t => return Err(r.error(format!("unknown operand type {t}"))),
        };
        code.push(Instr::Push(operand));
    }
    r.finish()?;
    Ok(Program {
        name: name.to_string(),
        code,
    })
}

fn string(r: &mut Reader<'_>) -> Result<String, DecodeError> {
    let len = r.i32("string length")?;
    let len = usize::try_from(len).map_err(|_| r.error(format!("negative string length {len}")))?;
    r.text(len, "string")
}
