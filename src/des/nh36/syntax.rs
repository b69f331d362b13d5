//! The syntax tree of a 3.6 `.des` file, as the parser reads it. Variable
//! references are untyped here: what a `$name` is depends on its
//! definition, which the code generator tracks in source order as
//! `lev_comp` does.

use super::program::Opcode;
use crate::diag::{Sp, Span};

/// `$name` or `$name[index]`.
#[derive(Clone, Debug)]
pub(crate) struct VarRef<'s> {
    pub name: Sp<&'s str>,
    pub index: Option<Box<Expr<'s>>>,
}

/// An integer expression (`math_expr_var`).
#[derive(Clone, Debug)]
pub(crate) enum Expr<'s> {
    Int(i64),
    Dice(i64, i64),
    Var(VarRef<'s>),
    Binary(Box<Expr<'s>>, Opcode, Box<Expr<'s>>),
    /// A core function that returns an integer (`rnd(n)`, `time.night`).
    Core(CoreCall<'s>),
    /// `$name.method` (`$c.x`, `$a.length`).
    Method(Sp<&'s str>, Sp<&'s str>),
}

/// A call of one of the game's core functions (UnNetHack's): its index
/// in the game's list ([`crate::CoreFunction`]) and its arguments
/// (`None`: called without parentheses).
#[derive(Clone, Debug)]
pub(crate) struct CoreCall<'s> {
    pub func: Sp<u16>,
    pub args: Option<Vec<Sp<CoreArg<'s>>>>,
}

/// An argument of a core function (`corefunc_param_part`).
#[derive(Clone, Debug)]
pub(crate) enum CoreArg<'s> {
    /// An integer expression, or a lone variable (its type decides).
    Expr(Expr<'s>),
    Str(Vec<StrPart<'s>>),
    Coord(Coord<'s>),
    Region(Region<'s>),
    /// `(class, "name")` or `object: "name"`.
    Object(Thing<'s>),
    /// `monster: …`.
    Monster(Thing<'s>),
}

/// A string expression: parts joined with `.`.
#[derive(Clone, Debug)]
pub(crate) enum StrPart<'s> {
    Lit(&'s str),
    Var(VarRef<'s>),
    /// A core function that returns a string (`hero.name`).
    Core(CoreCall<'s>),
}

/// A coordinate (`coord_or_var`).
#[derive(Clone, Debug)]
pub(crate) enum Coord<'s> {
    /// `(x,y)` (checked at `span`).
    At(i64, i64, Span),
    /// `random` or `random[flags]`: the humidity flags.
    Random(Flags),
    Rnd(Box<Sel<'s>>),
    Var(VarRef<'s>),
    /// A core function that returns a coordinate (`coord(x, y)`).
    Core(CoreCall<'s>),
}

/// A region (`region_or_var`).
#[derive(Clone, Debug)]
pub(crate) enum Region<'s> {
    Lit([i64; 4], Span),
    Var(VarRef<'s>),
    /// A core function that returns a region (`region(x1, y1, x2, y2)`).
    Core(CoreCall<'s>),
}

/// A map character (`mapchar_or_var`).
#[derive(Clone, Debug)]
pub(crate) enum MapChar<'s> {
    /// The character and the light state (-2: not given).
    Lit(Sp<u8>, i64),
    Var(VarRef<'s>),
}

/// A monster or object (`encodemonster` / `encodeobj`).
#[derive(Clone, Debug)]
pub(crate) enum Thing<'s> {
    Name(Sp<&'s str>),
    Class(Sp<u8>),
    ClassName(Sp<u8>, Sp<&'s str>),
    Random,
}

/// A monster or object, or a variable holding one.
#[derive(Clone, Debug)]
pub(crate) enum ThingOrVar<'s> {
    Lit(Thing<'s>),
    Var(VarRef<'s>),
}

/// A selection: terms joined with `&`.
pub(crate) type Sel<'s> = Vec<SelTerm<'s>>;

/// One term of a selection (`ter_selection_x`).
#[derive(Clone, Debug)]
pub(crate) enum SelTerm<'s> {
    /// A coordinate, or a lone variable (a coordinate or a selection).
    Point(Coord<'s>),
    Rect(Region<'s>),
    FillRect(Region<'s>),
    Line(Coord<'s>, Coord<'s>),
    RandLine(Coord<'s>, Coord<'s>, Expr<'s>),
    Grow(i64, Sel<'s>),
    FilterPercent(i64, Sel<'s>),
    /// `filter(first, sel)`: the first is a selection or a map character.
    Filter(FilterBy<'s>, Sel<'s>),
    Flood(Coord<'s>),
    Circle(Coord<'s>, Expr<'s>, Option<i64>),
    Ellipse(Coord<'s>, Expr<'s>, Expr<'s>, Option<i64>),
    Gradient {
        kind: i64,
        from: Expr<'s>,
        to: Expr<'s>,
        limited: i64,
        center: Coord<'s>,
        end: Option<Coord<'s>>,
    },
    Complement(Box<SelTerm<'s>>),
    Paren(Sel<'s>),
}

/// What `filter(…)` keeps.
#[derive(Clone, Debug)]
pub(crate) enum FilterBy<'s> {
    Sel(Sel<'s>),
    MapChar(MapChar<'s>),
}

/// The right-hand side of `$name = …`.
#[derive(Clone, Debug)]
pub(crate) enum Value<'s> {
    /// An integer expression, or a lone variable (its type decides).
    Expr(Expr<'s>),
    Str(Vec<StrPart<'s>>),
    Coord(Coord<'s>),
    Region(Region<'s>),
    Sel(Sel<'s>),
    MapChar(MapChar<'s>),
    Monster(ThingOrVar<'s>),
    Object(ThingOrVar<'s>),
    /// `{ … }`: the items, each one of the forms above.
    List(Vec<Sp<Value<'s>>>),
    MapCharList(Vec<MapChar<'s>>),
    MonsterList(Vec<Thing<'s>>),
    ObjectList(Vec<Thing<'s>>),
}

/// `lev_region`: a map region or a `levregion(…)`.
#[derive(Clone, Debug)]
pub(crate) struct LevRegion {
    pub rect: [i64; 4],
    pub whole_level: bool,
    pub span: Span,
}

/// The condition of `IF` and of a chance statement (`comparestmt`).
#[derive(Clone, Debug)]
pub(crate) enum Condition<'s> {
    Percent(i64),
    Compare(Expr<'s>, Opcode, Expr<'s>),
    NonZero(Expr<'s>),
}

/// A monster's optional property (`monster_info`).
#[derive(Clone, Debug)]
pub(crate) enum MonsterInfo<'s> {
    Name(Vec<StrPart<'s>>),
    /// A fixed property and its value: `(value, SP_M_V_ name)`.
    Fixed(i64, &'static str),
    /// `m_feature "…"` and friends: the appearance kind and its text.
    Appear(i64, Vec<StrPart<'s>>),
    /// `fleeing: n`, `blinded: n`, `paralyzed: n`.
    Timed(Expr<'s>, &'static str),
    /// `seen_traps: "pit" | "hole" | all` (`None` for `all`).
    SeenTraps(Vec<Sp<Option<&'s str>>>),
}

/// An object's optional property (`object_info`).
#[derive(Clone, Debug)]
pub(crate) enum ObjectInfo<'s> {
    /// A fixed property and its value: `(value, SP_O_V_ name)`.
    Fixed(i64, &'static str),
    Montype(ThingOrVar<'s>),
    Spe(Expr<'s>),
    Name(Vec<StrPart<'s>>),
    /// A property whose value is an expression (`SP_O_V_ name`).
    Timed(Expr<'s>, &'static str),
    /// A door state (only `locked` and `broken` mean something).
    DoorState(Sp<i64>),
    Coord(Coord<'s>),
}

/// What a `MON_GENERATION` part generates: a monster class or a
/// monster's name.
#[derive(Clone, Debug)]
pub(crate) enum Generated<'s> {
    Class(Sp<u8>),
    Name(Sp<&'s str>),
}

/// `ROOM`/`SUBROOM`'s head (`room_begin`).
#[derive(Clone, Debug)]
pub(crate) struct RoomBegin<'s> {
    /// From the type to the light state.
    pub span: Span,
    pub kind: Sp<Option<&'s str>>,
    pub chance: Option<Sp<i64>>,
    pub lit: i64,
}

/// `(x, y)` or `random` of rooms (`-1` for random).
pub(crate) type Pair = Option<Sp<(i64, i64)>>;

/// One statement and where it is.
#[derive(Clone, Debug)]
pub(crate) struct Stmt<'s> {
    pub kind: StmtKind<'s>,
    pub span: Span,
}

/// A block `{ … }`.
pub(crate) type Block<'s> = Vec<Stmt<'s>>;

/// Every statement form.
#[derive(Clone, Debug)]
pub(crate) enum StmtKind<'s> {
    /// `LEVEL: "name"` (filler `None`) or `MAZE: "name", filler`; the filler
    /// is `Some(None)` for `random`.
    LevelDef {
        name: Sp<&'s str>,
        maze_filler: Option<Option<Sp<u8>>>,
    },
    Flags(i64),
    Message(Vec<StrPart<'s>>),
    InitSolidFill(Sp<u8>, i64),
    InitMazeGrid(Sp<u8>),
    InitRogue,
    /// `INIT_MAP: sheollev` (UnNetHack).
    InitSheol,
    InitMines(MinesInit),
    /// `FUNCTION name($param: type, …) { … }`: the parameters' names and
    /// types (their words, `int` or `str`).
    FunctionDef {
        name: Sp<&'s str>,
        params: Vec<(Sp<&'s str>, Sp<u16>)>,
        body: Block<'s>,
    },
    /// `INCLUDE "file"` (UnNetHack).
    Include(Sp<&'s str>),
    /// `name(arguments)`: a function's call; each argument an integer or
    /// string expression.
    Call(Sp<&'s str>, Vec<Sp<Value<'s>>>),
    Define(Sp<&'s str>, Value<'s>),
    Shuffle(Sp<&'s str>),
    If(Condition<'s>, Block<'s>, Option<Block<'s>>),
    Chance(Condition<'s>, Box<Stmt<'s>>),
    Switch(Expr<'s>, Vec<SwitchCase<'s>>),
    For {
        var: Sp<&'s str>,
        from: Expr<'s>,
        to: Expr<'s>,
        body: Block<'s>,
    },
    Loop(Expr<'s>, Block<'s>),
    Break,
    Exit,
    /// `RANDOM_CORRIDORS[: n | random]`: none, `Some(None)` for `random`.
    RandomCorridors(Option<Option<i64>>),
    Corridor([i64; 3], CorridorEnd),
    Room(RoomDef<'s>),
    Subroom {
        begin: RoomBegin<'s>,
        pos: Pair,
        size: Pair,
        flags: Flags,
        body: Block<'s>,
    },
    /// `ROOMDOOR`; `material` for a game whose doors have one.
    RoomDoor {
        secret: i64,
        state: i64,
        wall: Sp<i64>,
        pos: i64,
        material: Option<i64>,
    },
    /// `DOOR: state, place` (the material of a game whose doors have one).
    Door(i64, Sel<'s>, Option<i64>),
    /// A terrain statement of a selection that stores its opcode
    /// (EvilHack's `FORGE`, `MAGIC_CHEST`, `PUDDLE`, `SEWAGE`).
    Feature(super::program::Opcode, Sel<'s>),
    /// `MON_GENERATION: chance%, (weight, monster), …`: the chance and
    /// each weighted monster class or name.
    MonGeneration(i64, Vec<(Expr<'s>, Generated<'s>)>),
    /// `WALLIFY[: region]` of a game whose `WALLIFY` takes a region
    /// (SporkHack).
    WallifyRegion(Option<Region<'s>>),
    /// `SOUNDS: frequency, (type, text), …`.
    Sounds(Expr<'s>, Vec<(i64, Vec<StrPart<'s>>)>),
    /// UnNetHack's `SPILL: place, map character, direction, count`.
    SpillOperands(Coord<'s>, MapChar<'s>, i64, Expr<'s>),
    /// `SPILL: place, terrain character, direction, count`, with the
    /// terrain's lit state (-2 where none is given).
    Spill {
        place: Coord<'s>,
        terrain: Sp<u8>,
        lit: i64,
        direction: i64,
        count: Sp<i64>,
    },
    /// `WALLWALK: place, terrain[, fill][, chance%]` (the chance 100 when
    /// none is given).
    WallWalk {
        place: Coord<'s>,
        terrain: MapChar<'s>,
        fill: Option<MapChar<'s>>,
        chance: Sp<i64>,
    },
    /// `TOPOLOGIZE: place`.
    Topologize(Coord<'s>),
    /// `VAULTGEN: n` of a random vault.
    VaultFrequency(Sp<i64>),
    /// `MINDEPTH: n` of a random vault.
    VaultDepth(Sp<i64>),
    NoMap,
    Geometry {
        place: GeometryPlace<'s>,
        fill: i64,
        map: usize,
    },
    Monster(
        ThingOrVar<'s>,
        Coord<'s>,
        Vec<Sp<MonsterInfo<'s>>>,
        Option<Block<'s>>,
    ),
    Object {
        container: bool,
        what: ThingOrVar<'s>,
        infos: Vec<Sp<ObjectInfo<'s>>>,
        contents: Option<Block<'s>>,
    },
    Trap(Sp<Option<&'s str>>, Coord<'s>),
    Drawbridge(Coord<'s>, Sp<i64>, Sp<i64>),
    Mazewalk(Coord<'s>, i64, Option<(i64, Option<u8>)>),
    Wallify(Option<Sel<'s>>),
    Ladder(Coord<'s>, i64),
    Stair(Coord<'s>, i64),
    StairRegion(LevRegion, LevRegion, i64),
    Portal(LevRegion, LevRegion, &'s str),
    Teleport(LevRegion, LevRegion, i64),
    Branch(LevRegion, LevRegion),
    Fountain(Sel<'s>),
    Sink(Sel<'s>),
    Pool(Sel<'s>),
    Terrain(Sel<'s>, MapChar<'s>),
    ReplaceTerrain(Region<'s>, MapChar<'s>, MapChar<'s>, i64),
    NonDiggable(Region<'s>),
    NonPasswall(Region<'s>),
    Region {
        region: Region<'s>,
        lit: i64,
        kind: Sp<Option<&'s str>>,
        flags: Flags,
        body: Option<Block<'s>>,
    },
    Altar(Coord<'s>, i64, i64),
    Grave(Coord<'s>, GraveText<'s>),
    Gold(Expr<'s>, Coord<'s>),
    Engraving(Coord<'s>, i64, Vec<StrPart<'s>>),
    Mineralize(Option<[Expr<'s>; 4]>),
    /// A statement that did not parse (already reported).
    Error,
}

/// `INIT_MAP: mines, fg, bg, smoothed, joined, lit, walled[, filling]`.
#[derive(Clone, Debug)]
pub(crate) struct MinesInit {
    pub fg: Sp<u8>,
    pub bg: Sp<u8>,
    pub smoothed: i64,
    pub joined: i64,
    pub lit: i64,
    pub walled: i64,
    pub filling: Option<u8>,
}

/// `ROOM: type, lit, pos, align, size[, flags] { … }`.
#[derive(Clone, Debug)]
pub(crate) struct RoomDef<'s> {
    pub begin: RoomBegin<'s>,
    pub pos: Pair,
    pub align: Pair,
    pub size: Pair,
    pub flags: Flags,
    pub body: Block<'s>,
}

/// The flags of a list, or'ed (a room's, subroom's or region's after its
/// size, `-1` where none are given; a coordinate's humidity in
/// `random[…]`), and the first flag whose bits a later one gives again
/// (see [`crate::game::LevelRules::room_flags_once`]; lev_comp warns of a
/// humidity flag given twice).
#[derive(Clone, Debug, Default)]
pub(crate) struct Flags {
    pub bits: i64,
    pub repeated: Option<Span>,
}

impl Flags {
    /// The flags `list` gives (its bits and spans), as lev_comp reads the
    /// list: right-recursively, each flag meeting the bits of those after
    /// it.
    pub(crate) fn of(list: impl DoubleEndedIterator<Item = (i64, Span)>) -> Flags {
        let mut flags = Flags::default();
        for (bits, span) in list.rev() {
            if bits & flags.bits != 0 {
                flags.repeated = Some(span);
            }
            flags.bits |= bits;
        }
        flags
    }
}

/// The other end of a `CORRIDOR`.
#[derive(Clone, Debug)]
pub(crate) enum CorridorEnd {
    Spec([i64; 3]),
    Number(i64),
}

/// `CASE n:` (or `DEFAULT:` when `value` is `None`) and its statements.
#[derive(Clone, Debug)]
pub(crate) struct SwitchCase<'s> {
    pub value: Option<i64>,
    pub span: Span,
    pub body: Block<'s>,
}

/// Where `GEOMETRY` puts a map.
#[derive(Clone, Debug)]
pub(crate) enum GeometryPlace<'s> {
    Justified(i64, i64),
    At(Coord<'s>),
}

/// `GRAVE`'s text.
#[derive(Clone, Debug)]
pub(crate) enum GraveText<'s> {
    Text(Vec<StrPart<'s>>),
    Random,
    None,
}
