//! The NetHack 3.6 `.lev` model: a level is a program of `sp_lev.c`
//! opcodes, where `PUSH` carries a typed operand and every other opcode
//! takes its arguments from the stack.

use std::fmt;

macro_rules! opcodes {
    ($($name:ident = $text:literal,)*) => {
        /// An `SPO_` opcode of `include/sp_lev.h` (in serde, its
        /// [`name`](Opcode::name)): every opcode levbuild writes, for
        /// every game of the 3.6 family. Its number is the game's
        /// ([`crate::ProgramFormat::opcodes`]).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum Opcode { $($name,)* }

        impl Opcode {
            /// Every opcode, in NetHack 3.6.7's order, then the variants'.
            pub const ALL: &'static [Opcode] = &[$(Opcode::$name,)*];

            /// The name `lev_main.c`'s `opcodestr` gives it (`SPO_` dropped).
            pub fn name(self) -> &'static str {
                match self { $(Opcode::$name => $text,)* }
            }
        }
    };
}

opcodes! {
    Null = "NULL",
    Message = "MESSAGE",
    Monster = "MONSTER",
    Object = "OBJECT",
    Engraving = "ENGRAVING",
    Room = "ROOM",
    Subroom = "SUBROOM",
    Door = "DOOR",
    Stair = "STAIR",
    Ladder = "LADDER",
    Altar = "ALTAR",
    Fountain = "FOUNTAIN",
    Sink = "SINK",
    Pool = "POOL",
    Trap = "TRAP",
    Gold = "GOLD",
    Corridor = "CORRIDOR",
    LevRegion = "LEVREGION",
    Drawbridge = "DRAWBRIDGE",
    Mazewalk = "MAZEWALK",
    NonDiggable = "NON_DIGGABLE",
    NonPasswall = "NON_PASSWALL",
    Wallify = "WALLIFY",
    Map = "MAP",
    RoomDoor = "ROOM_DOOR",
    Region = "REGION",
    Mineralize = "MINERALIZE",
    Cmp = "CMP",
    Jmp = "JMP",
    Jl = "JL",
    Jle = "JLE",
    Jg = "JG",
    Jge = "JGE",
    Je = "JE",
    Jne = "JNE",
    Terrain = "TERRAIN",
    ReplaceTerrain = "REPLACETERRAIN",
    Exit = "EXIT",
    EndRoom = "ENDROOM",
    PopContainer = "POP_CONTAINER",
    Push = "PUSH",
    Pop = "POP",
    Rn2 = "RN2",
    Dec = "DEC",
    Inc = "INC",
    MathAdd = "MATH_ADD",
    MathSub = "MATH_SUB",
    MathMul = "MATH_MUL",
    MathDiv = "MATH_DIV",
    MathMod = "MATH_MOD",
    MathSign = "MATH_SIGN",
    Copy = "COPY",
    EndMonInvent = "END_MONINVENT",
    Grave = "GRAVE",
    FramePush = "FRAME_PUSH",
    FramePop = "FRAME_POP",
    Call = "CALL",
    Return = "RETURN",
    InitLevel = "INITLEVEL",
    LevelFlags = "LEVEL_FLAGS",
    VarInit = "VAR_INIT",
    ShuffleArray = "SHUFFLE_ARRAY",
    Dice = "DICE",
    SelAdd = "SEL_ADD",
    SelPoint = "SEL_POINT",
    SelRect = "SEL_RECT",
    SelFillRect = "SEL_FILLRECT",
    SelLine = "SEL_LINE",
    SelRndLine = "SEL_RNDLINE",
    SelGrow = "SEL_GROW",
    SelFlood = "SEL_FLOOD",
    SelRndCoord = "SEL_RNDCOORD",
    SelEllipse = "SEL_ELLIPSE",
    SelFilter = "SEL_FILTER",
    SelGradient = "SEL_GRADIENT",
    SelComplement = "SEL_COMPLEMENT",
    // EvilHack's.
    Forge = "FORGE",
    MagicChest = "MAGIC_CHEST",
    Puddle = "PUDDLE",
    Sewage = "SEWAGE",
    // The early opcode games' (SporkHack, UnNetHack).
    Spill = "SPILL",
    MonGeneration = "MON_GENERATION",
    LevelSounds = "LEVEL_SOUNDS",
    WallWalk = "WALLWALK",
    CoreFunc = "COREFUNC",
    Topography = "TOPOGRAPHY",
    ConvertType = "CONVERT_TYPE",
}

/// A game's number for each opcode (see [`crate::ProgramFormat`]), both
/// ways.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct OpcodeNumbers {
    /// By [`Opcode`] (-1: the game has no such opcode).
    numbers: Vec<i32>,
    /// By number.
    opcodes: Vec<Option<Opcode>>,
}

impl OpcodeNumbers {
    /// The numbers of `format`'s opcodes.
    pub(crate) fn of(format: &crate::ProgramFormat) -> OpcodeNumbers {
        let numbers = (Opcode::ALL.iter())
            .map(|op| format.opcode(op.name()).unwrap_or(-1))
            .collect();
        let opcodes = (format.opcodes.iter())
            .map(|name| Opcode::ALL.iter().copied().find(|op| op.name() == &**name))
            .collect();
        OpcodeNumbers { numbers, opcodes }
    }

    /// The number of `op` (`None`: the game has no such opcode).
    pub(crate) fn number(&self, op: Opcode) -> Option<i32> {
        Some(self.numbers[op as usize]).filter(|&n| n >= 0)
    }

    /// The opcode numbered `n`, if the game has one levbuild knows.
    pub(crate) fn opcode(&self, n: i32) -> Option<Opcode> {
        usize::try_from(n)
            .ok()
            .and_then(|i| self.opcodes.get(i).copied().flatten())
    }
}

/// Its name (`"LEVEL_FLAGS"`).
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl serde::Serialize for Opcode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl fmt::Display for Opcode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The value a `PUSH` puts on the stack (`struct opvar`). Packed values
/// keep the packing of `sp_lev.h` (`SP_COORD_PACK`, `SP_MONST_PACK`, …).
/// In serde, each is tagged with its type in lower case (`{"int": 5}`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Operand {
    /// `SPOVAR_NULL`.
    Null,
    /// `SPOVAR_INT`.
    Int(i64),
    /// `SPOVAR_STRING` (a missing string is written as the empty one).
    Str(String),
    /// `SPOVAR_VARIABLE`: a variable's name, `$` included.
    Var(String),
    /// `SPOVAR_COORD`: `x | y << 16`, or `SP_COORD_IS_RANDOM | flags`.
    Coord(i64),
    /// `SPOVAR_REGION`: `x1 | y1 << 8 | x2 << 16 | y2 << 24`.
    Region(i64),
    /// `SPOVAR_MAPCHAR`: `type | (lit + 10) << 8`.
    MapChar(i64),
    /// `SPOVAR_MONST`: `class | (index + 10) << 8`, or -1 for random.
    Monster(i64),
    /// `SPOVAR_OBJ`: `class | (index + 10) << 8`, or -1 for random.
    Object(i64),
}

impl Operand {
    /// Its `SPOVAR_` type code.
    pub fn type_code(&self) -> u8 {
        match self {
            Operand::Null => 0,
            Operand::Int(_) => 1,
            Operand::Str(_) => 2,
            Operand::Var(_) => 3,
            Operand::Coord(_) => 4,
            Operand::Region(_) => 5,
            Operand::MapChar(_) => 6,
            Operand::Monster(_) => 7,
            Operand::Object(_) => 8,
        }
    }
}

/// One step of a level program (in serde, `{"push": operand}` or
/// `{"op": "NAME"}`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Instr {
    /// `SPO_PUSH` with its operand.
    Push(Operand),
    /// Any other opcode.
    Op(Opcode),
}

/// A compiled NetHack 3.6 level: its name and its opcode program.
#[non_exhaustive]
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Program {
    /// The level name (the blob is `NAME.lev`).
    pub name: String,
    /// The instructions, in order; jumps are relative to their position.
    pub code: Vec<Instr>,
}

impl fmt::Display for Instr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Instr::Op(op) => f.write_str(op.name()),
            Instr::Push(v) => match v {
                Operand::Null => f.write_str("PUSH null"),
                Operand::Int(n) => write!(f, "PUSH int {n}"),
                Operand::Str(s) => write!(f, "PUSH str {}", crate::text::quoted(s)),
                Operand::Var(s) => write!(f, "PUSH var {s}"),
                Operand::Coord(c) if c & 0x0100_0000 != 0 => {
                    write!(f, "PUSH coord random(flags {:#x})", c & 0xff_ffff)
                }
                Operand::Coord(c) => write!(f, "PUSH coord ({},{})", c & 0xff, (c >> 16) & 0xff),
                Operand::Region(r) => write!(
                    f,
                    "PUSH region ({},{},{},{})",
                    r & 0xff,
                    (r >> 8) & 0xff,
                    (r >> 16) & 0xff,
                    (r >> 24) & 0xff
                ),
                Operand::MapChar(m) => write!(
                    f,
                    "PUSH mapchar typ {} lit {}",
                    m & 0xff,
                    ((m >> 8) & 0xffff) - 10
                ),
                Operand::Monster(m) | Operand::Object(m) if *m == -1 => {
                    write!(
                        f,
                        "PUSH {} random",
                        if matches!(v, Operand::Monster(_)) {
                            "monster"
                        } else {
                            "object"
                        }
                    )
                }
                Operand::Monster(m) => write!(
                    f,
                    "PUSH monster class '{}' index {}",
                    char::from((m & 0xff) as u8).escape_default(),
                    ((m >> 8) & 0xffff) - 10
                ),
                Operand::Object(m) => write!(
                    f,
                    "PUSH object class {} index {}",
                    m & 0xff,
                    ((m >> 8) & 0xffff) - 10
                ),
            },
        }
    }
}
