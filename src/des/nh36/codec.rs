//! The NetHack 3.6 `.lev` format (`write_maze` in `lev_main.c`): the
//! `version_info` header, the opcode count as a `long`, then each opcode
//! as an `int`; a `PUSH` is followed by its operand's type byte and its
//! value, a `long` or an `int` length and the string's bytes. Fields are
//! written one by one, so there is no padding.

use super::program::{Instr, Opcode, OpcodeNumbers, Operand, Program};
use crate::binary::{DecodeError, EncodeError, Reader, Writer};
use crate::game::Game;
use crate::layout::Layout;

/// The opcode numbers of `game`, or the error of a game without any.
pub(super) fn opcode_numbers(game: &Game) -> Result<OpcodeNumbers, EncodeError> {
    match &game.format().program {
        Some(format) => Ok(OpcodeNumbers::of(format)),
        None => Err(EncodeError::MissingOpcode {
            game: game.to_string(),
            opcode: Opcode::Push,
        }),
    }
}

/// The bytes of `program` for `game` built for `layout`.
///
/// # Errors
///
/// A game without a header for the data model of `layout` (see
/// [`Game::version_info`]), or without a number for an opcode of the
/// program (see [`crate::ProgramFormat`]).
pub fn encode(program: &Program, game: &Game, layout: Layout) -> Result<Vec<u8>, EncodeError> {
    let numbers = opcode_numbers(game)?;
    let mut w = Writer::new(layout);
    w.version_info(&game.version_info(layout)?, game.format().header_word);
    w.long(program.code.len() as i64);
    for instr in &program.code {
        write_instr(&mut w, instr, &numbers).map_err(|opcode| EncodeError::MissingOpcode {
            game: game.to_string(),
            opcode,
        })?;
    }
    Ok(w.bytes)
}

/// Writes one instruction: its opcode as an `int`, and a `PUSH`'s
/// operand; the opcode the game has no number for is the error.
pub(super) fn write_instr(
    w: &mut Writer,
    instr: &Instr,
    numbers: &OpcodeNumbers,
) -> Result<(), Opcode> {
    let op = match instr {
        Instr::Op(op) => *op,
        Instr::Push(_) => Opcode::Push,
    };
    w.i32(numbers.number(op).ok_or(op)?);
    match instr {
        Instr::Op(_) => {}
        Instr::Push(v) => {
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
    Ok(())
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
    let numbers = opcode_numbers(game).map_err(|_| {
        r.error(format!(
            "{game} is not a game of the NetHack 3.6 family: its files are not opcode programs"
        ))
    })?;
    r.version_info(&game.version_info(layout)?, game.format().header_word)?;
    let count = r.long("opcode count")?;
    if count < 0 || count as u64 > bytes.len() as u64 / 4 {
        return Err(r.error(format!("impossible opcode count {count}")));
    }
    let mut code = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let n = r.i32("opcode")?;
        let op = (numbers.opcode(n)).ok_or_else(|| r.error(format!("unknown opcode {n}")))?;
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
