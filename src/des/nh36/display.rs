//! A 3.6 level program as a listing for a person ([`Program::display`]):
//! one instruction a line, monsters and objects by name, each map drawn
//! under its `MAP`.

use std::fmt;

use super::program::{Instr, Opcode, Operand, Program};
use crate::des::map_text;
use crate::game::Game;

/// A [`Program`] as the listing `levbuild dump FILE.lev` prints for a
/// 3.6 file, monsters and objects named from a [`Game`]'s tables: made by
/// [`Program::display`]. Each map is drawn under its `MAP` as a 3.4.3
/// level's is (see [`crate::des::LevelDisplay`]): under a ruler of column
/// numbers, each row after its number and one space; `x` is a cell the
/// map leaves as it is.
#[derive(Clone, Copy, Debug)]
pub struct ProgramDisplay<'a> {
    program: &'a Program,
    game: &'a Game,
}

impl Program {
    /// The program as a listing for a person, one instruction a line,
    /// monsters and objects named from `game`'s tables (the 3.6 game the
    /// level was compiled for): what `levbuild dump FILE.lev` prints.
    pub fn display<'a>(&'a self, game: &'a Game) -> ProgramDisplay<'a> {
        ProgramDisplay {
            program: self,
            game,
        }
    }
}

impl fmt::Display for ProgramDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (program, game) = (self.program, self.game);
        let numbering = &game.format().numbering;
        let packing = game.format().program.as_ref();
        // A map cell is its terrain type + 1; one past the last type + 1
        // is a cell the map leaves as it is ('x', "see through").
        let see_through = numbering.terrain.len() + 1;
        writeln!(
            f,
            "level \"{}\": {} instructions",
            program.name,
            program.code.len()
        )?;
        let code = &program.code;
        for (i, instr) in code.iter().enumerate() {
            let index = |v: &i64| packing.map_or(*v, |p| p.thing_index(*v)) as i16;
            let note = match instr {
                Instr::Push(Operand::Monster(m)) if *m != -1 => game.monster_name(index(m)),
                Instr::Push(Operand::Object(o)) if *o != -1 => game.object_name(index(o)),
                Instr::Push(Operand::MapChar(m)) => numbering.terrain_name((m & 0xff) as i8),
                _ => None,
            };
            match instr {
                Instr::Push(Operand::Str(_))
                    if code.get(i + 3) == Some(&Instr::Op(Opcode::Map)) =>
                {
                    writeln!(f, "{i:5}  PUSH str (map, drawn below)")?;
                }
                // Packed values as the game packs them (3.6.7's offset
                // and random bit are `Instr`'s own).
                Instr::Push(v @ (Operand::Monster(x) | Operand::Object(x)))
                    if *x != -1 && packing.is_some() =>
                {
                    let kind = match v {
                        Operand::Monster(_) => "monster",
                        _ => "object",
                    };
                    let class = (x & 0xff) as u8;
                    let class = match v {
                        Operand::Monster(_) => format!("'{}'", char::from(class).escape_default()),
                        _ => class.to_string(),
                    };
                    write!(f, "{i:5}  PUSH {kind} class {class} index {}", index(x))?;
                    if let Some(name) = note {
                        write!(f, "  ({name})")?;
                    }
                    writeln!(f)?;
                }
                Instr::Push(Operand::MapChar(m)) if packing.is_some() => {
                    let lit = packing.map_or(0, |p| p.map_char_lit(*m));
                    write!(f, "{i:5}  PUSH mapchar typ {} lit {lit}", m & 0xff)?;
                    if let Some(name) = note {
                        write!(f, "  ({name})")?;
                    }
                    writeln!(f)?;
                }
                Instr::Push(Operand::Coord(c))
                    if packing.and_then(|p| p.random_coord_flags(*c)).is_some() =>
                {
                    let flags = packing.and_then(|p| p.random_coord_flags(*c)).unwrap_or(0);
                    writeln!(f, "{i:5}  PUSH coord random(flags {flags:#x})")?;
                }
                _ => {
                    write!(f, "{i:5}  {instr}")?;
                    if let Some(name) = note {
                        write!(f, "  ({name})")?;
                    }
                    writeln!(f)?;
                }
            }
            if *instr == Instr::Op(Opcode::Map) && i >= 3 {
                if let (Instr::Push(Operand::Str(cells)), Instr::Push(Operand::Int(w))) =
                    (&code[i - 3], &code[i - 1])
                {
                    // Cells are the game's terrain types + 1, all ASCII.
                    let rows: Vec<String> = cells
                        .as_bytes()
                        .chunks((*w).max(1) as usize)
                        .map(|row| {
                            row.iter()
                                .map(|&t| match t {
                                    t if usize::from(t) == see_through => 'x',
                                    t => numbering
                                        .map_char((t as i8).wrapping_sub(1))
                                        .map_or('?', char::from),
                                })
                                .collect()
                        })
                        .collect();
                    map_text::draw(f, 9, &rows)?;
                }
            }
        }
        Ok(())
    }
}
