//! Where the instructions of the level being compiled go: into a
//! [`Program`] (what [`crate::des::nh36::compile_with`] returns), or
//! straight into the level's `.lev` bytes when only they are wanted (a
//! build, `lev-comp`). An [`Instr`] takes 32 bytes and its encoding 4 to
//! 13 (plus a string's text), so a long level compiled to bytes takes a
//! few times less memory than its program would.

use crate::binary::EncodeError;
use crate::binary::Writer;
use crate::des::nh36::codec::{opcode_numbers, write_instr, PUSH_VALUE_OFFSET};
use crate::des::nh36::program::{Instr, Opcode, OpcodeNumbers, Operand, Program};
use crate::des::RandomVault;
use crate::game::{CType, Game};
use crate::layout::Layout;

/// A level compiled by the code generator.
#[derive(Debug)]
pub(crate) enum Level {
    /// A level's program, and what its random vault says.
    Program(Program, Option<RandomVault>),
    /// A level written as bytes: its name and its `.lev` bytes, or why
    /// the game cannot have them, and what its random vault says.
    Bytes(String, Result<Vec<u8>, EncodeError>, Option<RandomVault>),
}

/// The code of the level being compiled.
#[derive(Debug)]
pub(crate) enum Code {
    Program(Vec<Instr>),
    Bytes(Lev),
}

/// A level's `.lev` bytes as they are written.
#[derive(Debug)]
pub(crate) struct Lev {
    layout: Layout,
    /// The game's `version_info` words for the layout, which start the
    /// file, and its opcode numbers (or why it has none).
    header: Result<(Vec<u64>, OpcodeNumbers), EncodeError>,
    /// The C type of the header's words.
    word: CType,
    /// The first opcode written that the game has no number for.
    missing: Option<Opcode>,
    /// The game, for that error.
    game: String,
    w: Writer,
    /// Instructions written.
    count: usize,
    /// Where the instruction count is.
    count_at: usize,
}

impl Lev {
    /// An empty level of `game` for `layout` (for a game without a
    /// header for it or without opcode numbers the level is compiled, and
    /// its result is that error).
    pub(crate) fn new(game: &Game, layout: Layout) -> Lev {
        let header =
            opcode_numbers(game).and_then(|numbers| Ok((game.version_info(layout)?, numbers)));
        Lev::with(layout, header, game.format().header_word, game.to_string())
    }

    fn with(
        layout: Layout,
        header: Result<(Vec<u64>, OpcodeNumbers), EncodeError>,
        word: CType,
        game: String,
    ) -> Lev {
        let mut w = Writer::new(layout);
        if let Ok((words, _)) = &header {
            w.version_info(words, word);
        }
        let count_at = w.bytes.len();
        w.long(0);
        Lev {
            layout,
            header,
            word,
            missing: None,
            game,
            w,
            count: 0,
            count_at,
        }
    }

    /// Writes `instr` with the game's numbers.
    fn write(&mut self, instr: &Instr) {
        if let Ok((_, numbers)) = &self.header {
            if let Err(op) = write_instr(&mut self.w, instr, numbers) {
                self.missing.get_or_insert(op);
            }
        }
        self.count += 1;
    }
}

impl Code {
    /// Empty code of the same kind, for the next level.
    pub(super) fn fresh(&self) -> Code {
        match self {
            Code::Program(_) => Code::Program(Vec::new()),
            Code::Bytes(lev) => Code::Bytes(Lev::with(
                lev.layout,
                lev.header.clone(),
                lev.word,
                lev.game.clone(),
            )),
        }
    }

    pub(super) fn op(&mut self, op: Opcode) {
        match self {
            Code::Program(code) => code.push(Instr::Op(op)),
            Code::Bytes(lev) => lev.write(&Instr::Op(op)),
        }
    }

    /// Appends a `PUSH`; what it returns is where its value is, for
    /// [`Code::int_at`] and [`Code::set_int`].
    pub(super) fn push(&mut self, v: Operand) -> usize {
        match self {
            Code::Program(code) => {
                code.push(Instr::Push(v));
                code.len() - 1
            }
            Code::Bytes(lev) => {
                let at = lev.w.bytes.len() + PUSH_VALUE_OFFSET;
                lev.write(&Instr::Push(v));
                at
            }
        }
    }

    /// Instructions so far.
    pub(super) fn len(&self) -> usize {
        match self {
            Code::Program(code) => code.len(),
            Code::Bytes(lev) => lev.count,
        }
    }

    /// The value of the integer `PUSH` at `at` (from [`Code::push`]).
    pub(super) fn int_at(&self, at: usize) -> i64 {
        match self {
            Code::Program(code) => match code[at] {
                Instr::Push(Operand::Int(v)) => v,
                _ => 0,
            },
            Code::Bytes(lev) => lev.w.long_at(at),
        }
    }

    /// Replaces the value of the integer `PUSH` at `at`.
    pub(super) fn set_int(&mut self, at: usize, v: i64) {
        match self {
            Code::Program(code) => code[at] = Instr::Push(Operand::Int(v)),
            Code::Bytes(lev) => lev.w.set_long(at, v),
        }
    }

    /// The level `name` these instructions make (a random vault when
    /// `vault`).
    pub(super) fn finish(self, name: String, vault: Option<RandomVault>) -> Level {
        match self {
            Code::Program(code) => Level::Program(Program { name, code }, vault),
            Code::Bytes(mut lev) => {
                let bytes = lev.header.and_then(|_| match lev.missing {
                    Some(opcode) => Err(EncodeError::MissingOpcode {
                        game: lev.game,
                        opcode,
                    }),
                    None => {
                        lev.w.set_long(lev.count_at, lev.count as i64);
                        lev.w.bytes.shrink_to_fit();
                        Ok(lev.w.bytes)
                    }
                });
                Level::Bytes(name, bytes, vault)
            }
        }
    }
}
