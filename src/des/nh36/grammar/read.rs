//! Reading a matched row's arguments into its typed statement: single
//! tokens from the tokens themselves, operands from what the parser read
//! while matching ([`Operands`]). The pattern has already checked their
//! shape; a token that is not where it should be reads as a neutral value
//! rather than a panic.

use super::Class;
use crate::des::nh36::lexer::{Kw, Tok};
use crate::des::nh36::program::Opcode;
use crate::des::nh36::syntax::*;
use crate::diag::{Reporter, Sp, Span};
use crate::key_hash::KeyMap;
use crate::statement::{span_of, Args, Failure};

/// Tokens with their spans.
pub(crate) type Toks<'t, 'a> = &'t [(Tok<'a>, Span)];

/// An operand's value, as the parser read it.
#[derive(Debug)]
pub(crate) enum Operand<'a> {
    Expr(Expr<'a>),
    Str(Vec<StrPart<'a>>),
    Coord(Coord<'a>),
    Region(Region<'a>),
    MapChar(MapChar<'a>),
    Thing(ThingOrVar<'a>),
    Sel(Sel<'a>),
    Cond(Condition<'a>),
    Value(Value<'a>),
    Block(Block<'a>),
    Cases(Vec<SwitchCase<'a>>),
    Stmt(Box<Stmt<'a>>),
}

/// What reading an operand at a token gave.
pub(crate) struct Reading<'a> {
    /// The index of the token after it; `None` if it failed.
    pub end: Option<usize>,
    /// Its value, until the statement that matched takes it.
    pub value: Option<Operand<'a>>,
    /// Where it failed, or (read) what could have continued it there.
    pub failure: Failure,
}

/// The operands read so far, by where they start (the byte offset of
/// their first token) and class: each is read once however many forms
/// try it, and taken by the form that matched.
#[derive(Default)]
pub(crate) struct Operands<'a> {
    read: KeyMap<(usize, Class), Reading<'a>>,
}

impl<'a> Operands<'a> {
    /// What reading `class` at byte `at` gave, if it was read.
    pub(crate) fn get(&self, at: usize, class: Class) -> Option<&Reading<'a>> {
        self.read.get(&(at, class))
    }

    /// Records what reading `class` at byte `at` gave.
    pub(crate) fn insert(&mut self, at: usize, class: Class, reading: Reading<'a>) {
        self.read.insert((at, class), reading);
    }

    /// Forgets everything (between top-level statements).
    pub(crate) fn clear(&mut self) {
        self.read.clear();
    }

    fn take(&mut self, t: Toks<'_, 'a>, class: Class) -> Option<Operand<'a>> {
        let at = t.first()?.1.start;
        self.read.get_mut(&(at, class))?.value.take()
    }
}

/// Takes the operand of class `Class::$class` that starts at the tokens
/// `t` (its variant `Operand::$variant`), or `$default` where none was
/// read (which the pattern rules out).
macro_rules! take {
    ($r:expr, $t:expr, $class:ident, $variant:ident, $default:expr) => {
        match $r.operands.take($t, Class::$class) {
            Some(Operand::$variant(v)) => v,
            _ => $default,
        }
    };
}

/// A matched row's arguments, as its builder reads them.
pub(crate) struct Read<'t, 'a> {
    args: Args<'t, Tok<'a>>,
    operands: &'t mut Operands<'a>,
    report: &'t mut Reporter,
}

impl<'t, 'a> Read<'t, 'a> {
    /// The arguments `args`, whose operands are in `operands`; a builder
    /// reports what the pattern cannot check to `report`.
    pub(crate) fn new(
        args: Args<'t, Tok<'a>>,
        operands: &'t mut Operands<'a>,
        report: &'t mut Reporter,
    ) -> Self {
        Read {
            args,
            operands,
            report,
        }
    }

    /// The tokens of argument `name` (empty if not given).
    fn get(&self, name: &str) -> Toks<'t, 'a> {
        self.args.get(name)
    }

    /// Whether argument `name` was given.
    fn has(&self, name: &str) -> bool {
        !self.get(name).is_empty()
    }

    fn expr(&mut self, t: Toks<'_, 'a>) -> Expr<'a> {
        take!(self, t, Expr, Expr, Expr::Int(0))
    }

    fn str_expr(&mut self, t: Toks<'_, 'a>) -> Vec<StrPart<'a>> {
        take!(self, t, StrExpr, Str, Vec::new())
    }

    fn coord(&mut self, t: Toks<'_, 'a>) -> Coord<'a> {
        take!(self, t, Coord, Coord, Coord::Random(Flags::default()))
    }

    fn region(&mut self, t: Toks<'_, 'a>) -> Region<'a> {
        take!(self, t, Region, Region, Region::Lit([0; 4], span_of(t)))
    }

    fn mapchar(&mut self, t: Toks<'_, 'a>) -> MapChar<'a> {
        take!(self, t, MapChar, MapChar, MapChar::Lit(at(0, t), -2))
    }

    /// A monster (`class` [`Class::Monster`]) or an object.
    fn thing(&mut self, t: Toks<'_, 'a>, class: Class) -> ThingOrVar<'a> {
        match self.operands.take(t, class) {
            Some(Operand::Thing(m)) => m,
            _ => ThingOrVar::Lit(Thing::Random),
        }
    }

    fn sel(&mut self, t: Toks<'_, 'a>) -> Sel<'a> {
        take!(self, t, Sel, Sel, Vec::new())
    }

    fn cond(&mut self, t: Toks<'_, 'a>) -> Condition<'a> {
        take!(self, t, Cond, Cond, Condition::Percent(0))
    }

    fn block(&mut self, t: Toks<'_, 'a>) -> Block<'a> {
        take!(self, t, Block, Block, Vec::new())
    }

    /// The block of argument `name`, if given.
    fn block_if_given(&mut self, name: &str) -> Option<Block<'a>> {
        let t = self.get(name);
        (!t.is_empty()).then(|| self.block(t))
    }

    /// The expression of argument `name`.
    fn expr_arg(&mut self, name: &str) -> Expr<'a> {
        let t = self.get(name);
        self.expr(t)
    }

    /// The coordinate of argument `name`.
    fn coord_arg(&mut self, name: &str) -> Coord<'a> {
        let t = self.get(name);
        self.coord(t)
    }

    /// The selection of argument `name`.
    fn sel_arg(&mut self, name: &str) -> Sel<'a> {
        let t = self.get(name);
        self.sel(t)
    }

    /// The region of argument `name`.
    fn region_arg(&mut self, name: &str) -> Region<'a> {
        let t = self.get(name);
        self.region(t)
    }

    /// The string expression of argument `name`.
    fn str_arg(&mut self, name: &str) -> Vec<StrPart<'a>> {
        let t = self.get(name);
        self.str_expr(t)
    }

    /// `align[n]` as lev_comp stores it (`-n - 1`), reporting an index
    /// past the three registers as lev_comp does.
    fn register(&mut self, t: Toks<'_, 'a>) -> i64 {
        let n = int_at(t, 2);
        if n.v >= 3 {
            self.report.error(span_of(t), "Register Index overflow!");
        }
        -n.v - 1
    }
}

/// `v` with the span of `t`.
fn at<T>(v: T, t: Toks<'_, '_>) -> Sp<T> {
    Sp {
        v,
        span: span_of(t),
    }
}

/// The integer at `t[0]` (signed or not).
fn int(t: Toks<'_, '_>) -> i64 {
    match t.first() {
        Some((Tok::Int(v) | Tok::MinusInt(v) | Tok::PlusInt(v), _)) => *v,
        _ => 0,
    }
}

/// The integer at `t[i]`, with its span.
fn int_at(t: Toks<'_, '_>, i: usize) -> Sp<i64> {
    let t = t.get(i..i + 1).unwrap_or(&[]);
    at(int(t), t)
}

/// An integer, or -1 for `random`.
fn int_or_random(t: Toks<'_, '_>) -> i64 {
    match t.first() {
        Some((Tok::Random, _)) | None => -1,
        _ => int(t),
    }
}

/// A value keyword's number, or -1 for `random`.
fn val(t: Toks<'_, '_>) -> i64 {
    match t.first() {
        Some((Tok::Val(_, v), _)) => *v,
        _ => -1,
    }
}

/// Value keywords joined with `|` or `,` (directions, flags), or'ed.
fn vals(t: Toks<'_, '_>) -> i64 {
    t.iter()
        .filter_map(|(tok, _)| match tok {
            Tok::Val(_, v) => Some(*v),
            _ => None,
        })
        .fold(0, |a, b| a | b)
}

fn chr<'a>(t: Toks<'_, 'a>) -> Sp<u8> {
    let v = match t.first() {
        Some((Tok::Char(c), _)) => *c,
        _ => 0,
    };
    at(v, t.get(..1).unwrap_or(t))
}

fn string<'a>(t: Toks<'_, 'a>) -> Sp<&'a str> {
    let v = match t.first() {
        Some((Tok::Str(s), _)) => *s,
        _ => "",
    };
    at(v, t)
}

/// A string, or `None` for `random`, with its span.
fn string_or_random<'a>(t: Toks<'_, 'a>) -> Sp<Option<&'a str>> {
    let v = match t.first() {
        Some((Tok::Str(s), _)) => Some(*s),
        _ => None,
    };
    at(v, t)
}

/// A function's name.
fn name<'a>(t: Toks<'_, 'a>) -> Sp<&'a str> {
    let v = match t.first() {
        Some((Tok::Name(v), _)) => *v,
        _ => "",
    };
    at(v, t)
}

/// A core function's index in the game's list.
fn core_func(t: Toks<'_, '_>) -> Sp<u16> {
    let v = match t.first() {
        Some((Tok::CoreFunc(i, _), _)) => *i,
        _ => 0,
    };
    at(v, t)
}

fn var<'a>(t: Toks<'_, 'a>) -> Sp<&'a str> {
    let v = match t.first() {
        Some((Tok::Var(v) | Tok::ArrayVar(v), _)) => *v,
        _ => "",
    };
    at(v, t)
}

/// `(x,y)` or `random` of rooms.
fn pair(t: Toks<'_, '_>) -> Pair {
    matches!(t.first(), Some((Tok::Punct(b'('), _)))
        .then(|| at((int_at(t, 1).v, int_at(t, 3).v), t))
}

/// `(x1,y1,x2,y2)` or `levregion(…)`.
fn lev_region(t: Toks<'_, '_>) -> LevRegion {
    let whole_level = matches!(t.first(), Some((Tok::Kw(Kw::LevRegion), _)));
    let rect = &t[usize::from(whole_level).min(t.len())..];
    let mut v = [0; 4];
    for (i, slot) in v.iter_mut().enumerate() {
        *slot = int_at(rect, 1 + 2 * i).v;
    }
    LevRegion {
        rect: v,
        whole_level,
        span: span_of(t),
    }
}

/// `(room, wall, door)` of a `CORRIDOR`: room, door, wall.
fn corridor_end(t: Toks<'_, '_>) -> [i64; 3] {
    let door = t.get(5..6).unwrap_or(&[]);
    [
        int_at(t, 1).v,
        int_or_random(door),
        val(t.get(3..).unwrap_or(&[])),
    ]
}

/// The room flags given (`-1`: none), and the first whose bits a later
/// flag gives again.
fn room_flags(r: &Read<'_, '_>) -> Flags {
    use crate::des::nh36::lexer::Val;
    let bits = |t: Toks<'_, '_>| match t.first() {
        Some((Tok::Val(kind, v), _)) => match kind {
            Val::Irregular => v << 1,
            Val::Joined => v << 2,
            _ => *v,
        },
        _ => 0,
    };
    let flags: Vec<_> = r.args.all("flag").map(|t| (bits(t), span_of(t))).collect();
    if flags.is_empty() {
        return Flags {
            bits: -1,
            repeated: None,
        };
    }
    Flags::of(flags.into_iter())
}

fn room_begin<'a>(r: &Read<'_, 'a>) -> RoomBegin<'a> {
    let chance = r.get("chance");
    let (kind, light) = (r.get("room type"), r.get("light state"));
    let span = match (kind.first(), light.last()) {
        (Some((_, a)), Some((_, b))) => a.start..b.end,
        _ => span_of(kind),
    };
    RoomBegin {
        span,
        kind: string_or_random(kind),
        chance: match chance.first() {
            Some((Tok::Percent(p), _)) => Some(at(*p, chance)),
            _ => None,
        },
        lit: val(light),
    }
}

pub(super) fn level<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::LevelDef {
        name: string(r.get("level name")),
        maze_filler: None,
    }
}

pub(super) fn maze<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let filler = r.get("filler");
    let filler = matches!(filler.first(), Some((Tok::Char(_), _))).then(|| chr(filler));
    StmtKind::LevelDef {
        name: string(r.get("level name")),
        maze_filler: Some(filler),
    }
}

pub(super) fn flags<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::Flags(r.args.all("flag").map(val).fold(0, |a, b| a | b))
}

pub(super) fn message<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::Message(r.str_arg("text"))
}

pub(super) fn init_map<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    if r.has("solidfill") {
        let lit = if r.has("light state") {
            val(r.get("light state"))
        } else {
            -2
        };
        return StmtKind::InitSolidFill(chr(r.get("fill character")), lit);
    }
    if r.has("mazegrid") {
        return StmtKind::InitMazeGrid(chr(r.get("fill character")));
    }
    if r.has("rogue") {
        return StmtKind::InitRogue;
    }
    StmtKind::InitMines(MinesInit {
        fg: chr(r.get("foreground")),
        bg: chr(r.get("background")),
        smoothed: val(r.get("smoothing flag")),
        joined: val(r.get("joining flag")),
        lit: val(r.get("light state")),
        walled: val(r.get("walls flag")),
        filling: r
            .has("filling character")
            .then(|| chr(r.get("filling character")).v),
    })
}

pub(super) fn init_sheol<'a>(_: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::InitSheol
}

pub(super) fn function_def<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let name = name(r.get("name"));
    let types: Vec<_> = r.args.all("parameter type").map(core_func).collect();
    let params = r.args.all("parameter").map(var).zip(types).collect();
    let body = r.block_if_given("block").unwrap_or_default();
    StmtKind::FunctionDef { name, params, body }
}

pub(super) fn include<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::Include(string(r.get("file")))
}

/// A function's call (see [`super::CALL`]).
pub(crate) fn call<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let name = name(r.get("function"));
    let args: Vec<_> = r.args.all("argument").collect();
    let args = (args.into_iter())
        .map(|t| {
            let value = take!(r, t, Value, Value, Value::Expr(Expr::Int(0)));
            at(value, t)
        })
        .collect();
    StmtKind::Call(name, args)
}

pub(super) fn shuffle<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::Shuffle(var(r.get("variable")))
}

pub(super) fn exit<'a>(_: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::Exit
}

pub(super) fn brk<'a>(_: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::Break
}

/// `$name = value`.
pub(crate) fn define<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let value = r.get("value");
    let value = take!(r, value, Value, Value, Value::Expr(Expr::Int(0)));
    StmtKind::Define(var(r.get("variable")), value)
}

/// `[50%]: statement`.
pub(crate) fn chance<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let condition = r.get("condition");
    let condition = r.cond(condition);
    let stmt = r.get("statement");
    let stmt = match r.operands.take(stmt, Class::Stmt) {
        Some(Operand::Stmt(s)) => s,
        _ => Box::new(Stmt {
            kind: StmtKind::Error,
            span: span_of(stmt),
        }),
    };
    StmtKind::Chance(condition, stmt)
}

/// `statement` under the chance after its keyword, if it has one
/// (`MONSTER[90%]: …`): as `[90%]: MONSTER: …`.
fn under_chance<'a>(r: &mut Read<'_, 'a>, statement: StmtKind<'a>) -> StmtKind<'a> {
    let condition = r.get("chance");
    if condition.is_empty() {
        return statement;
    }
    let span = span_of(condition);
    let condition = r.cond(condition);
    StmtKind::Chance(
        condition,
        Box::new(Stmt {
            kind: statement,
            span,
        }),
    )
}

/// A builder of `KEYWORD[chance]: …`: `$build`'s statement under the
/// chance after its keyword.
macro_rules! chanced {
    ($($name:ident: $build:ident, $doc:literal;)*) => {$(
        #[doc = $doc]
        pub(super) fn $name<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
            let statement = $build(r);
            under_chance(r, statement)
        }
    )*};
}

chanced! {
    chanced_monster: monster, "`MONSTER[chance]: …`.";
    chanced_object: object, "`OBJECT[chance]: …`.";
    chanced_container: container, "`CONTAINER[chance]: …`.";
    chanced_trap: trap, "`TRAP[chance]: …`.";
    chanced_terrain: terrain, "`TERRAIN[chance]: …`.";
}

pub(super) fn if_else<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let condition = r.get("condition");
    let condition = r.cond(condition);
    let then = r.block_if_given("block").unwrap_or_default();
    let otherwise = r.block_if_given("else block");
    StmtKind::If(condition, then, otherwise)
}

pub(super) fn switch<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let value = r.expr_arg("value");
    let cases = r.args.get("cases");
    let cases = take!(r, cases, Cases, Cases, Vec::new());
    StmtKind::Switch(value, cases)
}

pub(super) fn for_loop<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::For {
        var: var(r.get("variable")),
        from: r.expr_arg("first value"),
        to: r.expr_arg("last value"),
        body: r.block_if_given("block").unwrap_or_default(),
    }
}

pub(super) fn loop_<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let count = r.expr_arg("count");
    StmtKind::Loop(count, r.block_if_given("block").unwrap_or_default())
}

pub(super) fn room<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let align = r.get("alignment");
    let align = matches!(align.first(), Some((Tok::Punct(b'('), _))).then(|| {
        at(
            (val(&align[1..]), val(align.get(3..).unwrap_or(&[]))),
            align,
        )
    });
    StmtKind::Room(RoomDef {
        begin: room_begin(r),
        pos: pair(r.get("position")),
        align,
        size: pair(r.get("size")),
        flags: room_flags(r),
        body: r.block_if_given("block").unwrap_or_default(),
    })
}

pub(super) fn subroom<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::Subroom {
        begin: room_begin(r),
        pos: pair(r.get("position")),
        size: pair(r.get("size")),
        flags: room_flags(r),
        body: r.block_if_given("block").unwrap_or_default(),
    }
}

pub(super) fn room_door<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let wall = r.get("wall");
    let walls = if matches!(wall.first(), Some((Tok::Random, _))) {
        -1
    } else {
        vals(wall)
    };
    StmtKind::RoomDoor {
        secret: val(r.get("secret flag")),
        state: val(r.get("door state")),
        wall: at(walls, wall),
        pos: int_or_random(r.get("position")),
        material: None,
    }
}

pub(super) fn door<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let state = val(r.get("door state"));
    StmtKind::Door(state, r.sel_arg("place"), None)
}

/// A door's material: 0 (the game's default) when it names none.
fn material(r: &mut Read<'_, '_>) -> Option<i64> {
    let m = r.get("door material");
    Some(if m.is_empty() { 0 } else { val(m) })
}

pub(super) fn room_door_with_material<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let material = material(r);
    match room_door(r) {
        StmtKind::RoomDoor {
            secret,
            state,
            wall,
            pos,
            ..
        } => StmtKind::RoomDoor {
            secret,
            state,
            wall,
            pos,
            material,
        },
        other => other,
    }
}

pub(super) fn door_with_material<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let material = material(r);
    let state = val(r.get("door state"));
    StmtKind::Door(state, r.sel_arg("place"), material)
}

pub(super) fn random_corridors<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let kind = r.get("kind");
    let count = match kind.first() {
        None => None,
        Some((Tok::Random, _)) => Some(None),
        Some(_) => Some(Some(int(kind))),
    };
    StmtKind::RandomCorridors(count)
}

pub(super) fn corridor<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let to = r.get("destination");
    let to = if matches!(to.first(), Some((Tok::Punct(b'('), _))) {
        CorridorEnd::Spec(corridor_end(to))
    } else {
        CorridorEnd::Number(int(to))
    };
    StmtKind::Corridor(corridor_end(r.get("origin")), to)
}

pub(super) fn no_map<'a>(_: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::NoMap
}

pub(super) fn geometry<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let place = r.get("place");
    let place = match place.first() {
        Some((Tok::Val(..), _)) => {
            GeometryPlace::Justified(val(place), val(place.get(2..).unwrap_or(&[])))
        }
        _ => GeometryPlace::At(r.coord(place)),
    };
    let fill = r.get("fill flag");
    let map = match r.get("map").first() {
        Some((Tok::Map(i), _)) => *i,
        _ => 0,
    };
    StmtKind::Geometry {
        place,
        fill: if fill.is_empty() { 1 } else { val(fill) },
        map,
    }
}

/// A property of a monster.
fn monster_info<'a>(r: &mut Read<'_, 'a>, t: Toks<'_, 'a>) -> MonsterInfo<'a> {
    let fixed = |code| MonsterInfo::Fixed(1, code);
    let rest = t.get(2..).unwrap_or(&[]);
    match t.first().map(|(tok, _)| tok) {
        Some(Tok::Val(kind, v)) => {
            use crate::des::nh36::lexer::Val;
            match kind {
                Val::Attitude => MonsterInfo::Fixed(*v, "PEACEFUL"),
                Val::Alertness => MonsterInfo::Fixed(*v, "ASLEEP"),
                Val::Alignment => MonsterInfo::Fixed(*v, "ALIGN"),
                _ => MonsterInfo::Appear(*v, r.str_expr(&t[1..])),
            }
        }
        Some(Tok::Kw(Kw::Align)) if t.len() > 3 => MonsterInfo::Fixed(r.register(t), "ALIGN"),
        Some(Tok::Kw(Kw::Align)) => MonsterInfo::Fixed(-11, "ALIGN"),
        Some(Tok::Kw(Kw::Female)) => fixed("FEMALE"),
        Some(Tok::Kw(Kw::Invisible)) => fixed("INVIS"),
        Some(Tok::Kw(Kw::Cancelled)) => fixed("CANCELLED"),
        Some(Tok::Kw(Kw::Revived)) => fixed("REVIVED"),
        Some(Tok::Kw(Kw::Avenge)) => fixed("AVENGE"),
        Some(Tok::Kw(Kw::Fleeing)) => MonsterInfo::Timed(r.expr(rest), "FLEEING"),
        Some(Tok::Kw(Kw::Blinded)) => MonsterInfo::Timed(r.expr(rest), "BLINDED"),
        Some(Tok::Kw(Kw::Paralyzed)) => MonsterInfo::Timed(r.expr(rest), "PARALYZED"),
        Some(Tok::Kw(Kw::Stunned)) => fixed("STUNNED"),
        Some(Tok::Kw(Kw::Confused)) => fixed("CONFUSED"),
        Some(Tok::Kw(Kw::Dead)) => fixed("DEAD"),
        Some(Tok::Kw(Kw::SeenTraps)) => MonsterInfo::SeenTraps(
            rest.iter()
                .filter_map(|(tok, span)| match tok {
                    Tok::Str(s) => Some(Sp {
                        v: Some(*s),
                        span: span.clone(),
                    }),
                    Tok::Kw(Kw::All) => Some(Sp {
                        v: None,
                        span: span.clone(),
                    }),
                    _ => None,
                })
                .collect(),
        ),
        _ => MonsterInfo::Name(r.str_expr(t)),
    }
}

pub(super) fn monster<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let what = r.get("monster");
    let what = r.thing(what, Class::Monster);
    let coord = r.coord_arg("location");
    let infos: Vec<_> = r.args.all("property").collect();
    let infos = infos
        .into_iter()
        .map(|t| at(monster_info(r, t), t))
        .collect();
    StmtKind::Monster(what, coord, infos, r.block_if_given("inventory"))
}

/// A property of an object.
fn object_info<'a>(r: &mut Read<'_, 'a>, t: Toks<'_, 'a>) -> ObjectInfo<'a> {
    let rest = t.get(2..).unwrap_or(&[]);
    match t.first().map(|(tok, _)| tok) {
        Some(Tok::Val(kind, v)) => {
            use crate::des::nh36::lexer::Val;
            match kind {
                Val::CurseType => ObjectInfo::Fixed(*v, "CURSE"),
                Val::Light => ObjectInfo::Fixed(*v, "LIT"),
                Val::DoorState => ObjectInfo::DoorState(at(*v, t)),
                _ => ObjectInfo::Fixed(*v, "TRAPPED"),
            }
        }
        Some(Tok::Int(_) | Tok::MinusInt(_) | Tok::PlusInt(_)) => {
            ObjectInfo::Spe(Expr::Int(int(t)))
        }
        Some(Tok::Dice(n, d)) => ObjectInfo::Spe(Expr::Dice(*n, *d)),
        Some(Tok::Kw(Kw::Montype)) => ObjectInfo::Montype(r.thing(rest, Class::Monster)),
        Some(Tok::Kw(Kw::Name)) => ObjectInfo::Name(r.str_expr(rest)),
        Some(Tok::Kw(Kw::Quantity)) => ObjectInfo::Timed(r.expr(rest), "QUAN"),
        Some(Tok::Kw(Kw::Buried)) => ObjectInfo::Fixed(1, "BURIED"),
        Some(Tok::Kw(Kw::Eroded)) => ObjectInfo::Timed(r.expr(rest), "ERODED"),
        Some(Tok::Kw(Kw::Erodeproof)) => ObjectInfo::Fixed(-1, "ERODED"),
        Some(Tok::Kw(Kw::Recharged)) => ObjectInfo::Timed(r.expr(rest), "RECHARGED"),
        Some(Tok::Kw(Kw::Invisible)) => ObjectInfo::Fixed(1, "INVIS"),
        Some(Tok::Kw(Kw::Greased)) => ObjectInfo::Fixed(1, "GREASED"),
        Some(Tok::Kw(Kw::AffixedGem)) => ObjectInfo::Timed(r.expr(rest), "AFFIXED_GEM"),
        Some(Tok::Kw(Kw::ForgedQual)) => ObjectInfo::Timed(r.expr(rest), "FORGED_QUAL"),
        _ => ObjectInfo::Coord(r.coord(t)),
    }
}

/// `OBJECT` (no contents) or `CONTAINER`.
fn object_or_container<'a>(r: &mut Read<'_, 'a>, container: bool) -> StmtKind<'a> {
    let what = r.get("object");
    let what = r.thing(what, Class::Object);
    let infos: Vec<_> = r.args.all("property").collect();
    let infos = infos
        .into_iter()
        .map(|t| at(object_info(r, t), t))
        .collect();
    StmtKind::Object {
        container,
        what,
        infos,
        contents: if container {
            Some(r.block_if_given("contents").unwrap_or_default())
        } else {
            None
        },
    }
}

pub(super) fn object<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    object_or_container(r, false)
}

pub(super) fn container<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    object_or_container(r, true)
}

pub(super) fn trap<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let kind = string_or_random(r.get("trap type"));
    StmtKind::Trap(kind, r.coord_arg("location"))
}

pub(super) fn altar<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let coord = r.coord_arg("location");
    let align = r.get("alignment");
    let align = match align.first() {
        Some((Tok::Val(_, v), _)) => *v,
        Some((Tok::Kw(Kw::Align), _)) => r.register(align),
        _ => -11,
    };
    StmtKind::Altar(coord, align, val(r.get("altar type")))
}

pub(super) fn grave<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let coord = r.coord_arg("location");
    let text = r.get("text");
    let text = match text.first() {
        None => GraveText::None,
        Some((Tok::Random, _)) => GraveText::Random,
        Some(_) => GraveText::Text(r.str_expr(text)),
    };
    StmtKind::Grave(coord, text)
}

pub(super) fn gold<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let amount = r.expr_arg("amount");
    StmtKind::Gold(amount, r.coord_arg("location"))
}

pub(super) fn engraving<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let coord = r.coord_arg("location");
    let kind = val(r.get("engraving type"));
    StmtKind::Engraving(coord, kind, r.str_arg("text"))
}

pub(super) fn drawbridge<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let coord = r.coord_arg("location");
    let direction = r.get("direction");
    let state = r.get("door state");
    StmtKind::Drawbridge(coord, at(val(direction), direction), at(val(state), state))
}

pub(super) fn mazewalk<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let coord = r.coord_arg("location");
    let rest = r.has("stocked flag").then(|| {
        (
            val(r.get("stocked flag")),
            r.has("filler").then(|| chr(r.get("filler")).v),
        )
    });
    StmtKind::Mazewalk(coord, val(r.get("direction")), rest)
}

pub(super) fn wallify<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::Wallify(r.has("place").then(|| r.sel_arg("place")))
}

pub(super) fn ladder<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::Ladder(r.coord_arg("location"), val(r.get("direction")))
}

pub(super) fn stair<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::Stair(r.coord_arg("location"), val(r.get("direction")))
}

/// The area and the excluded area (`AREAS`).
fn areas(r: &Read<'_, '_>) -> (LevRegion, LevRegion) {
    (
        lev_region(r.get("area")),
        lev_region(r.get("excluded area")),
    )
}

pub(super) fn stair_region<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let (area, excluded) = areas(r);
    StmtKind::StairRegion(area, excluded, val(r.get("direction")))
}

pub(super) fn portal<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let (area, excluded) = areas(r);
    StmtKind::Portal(area, excluded, string(r.get("destination level")).v)
}

pub(super) fn teleport_region<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let (area, excluded) = areas(r);
    StmtKind::Teleport(area, excluded, val(r.get("direction")))
}

pub(super) fn branch<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let (area, excluded) = areas(r);
    StmtKind::Branch(area, excluded)
}

pub(super) fn forge<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::Feature(Opcode::Forge, r.sel_arg("place"))
}

pub(super) fn magic_chest<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::Feature(Opcode::MagicChest, r.sel_arg("place"))
}

pub(super) fn puddle<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::Feature(Opcode::Puddle, r.sel_arg("place"))
}

pub(super) fn sewage<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::Feature(Opcode::Sewage, r.sel_arg("place"))
}

pub(super) fn mon_generation<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let chance = match r.get("chance").first() {
        Some((Tok::SPercent(p), _)) => *p,
        _ => 0,
    };
    let weights: Vec<_> = r.args.all("weight").collect();
    let generated: Vec<_> = r.args.all("generated").collect();
    let parts = (weights.into_iter().zip(generated))
        .map(|(w, g)| {
            let what = match g.first() {
                Some((Tok::Str(s), _)) => Generated::Name(at(*s, g)),
                _ => Generated::Class(chr(g)),
            };
            (r.expr(w), what)
        })
        .collect();
    StmtKind::MonGeneration(chance, parts)
}

pub(super) fn wallify_region<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::WallifyRegion(r.has("region").then(|| r.region_arg("region")))
}

pub(super) fn wall_walk<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let place = r.coord_arg("place");
    let terrain = r.get("terrain");
    let terrain = r.mapchar(terrain);
    let fill = r.get("fill");
    let fill = (!fill.is_empty()).then(|| r.mapchar(fill));
    let chance = r.get("chance");
    let chance = match chance.first() {
        Some((Tok::SPercent(p), _)) => at(*p, chance),
        _ => at(100, chance),
    };
    StmtKind::WallWalk {
        place,
        terrain,
        fill,
        chance,
    }
}

pub(super) fn topologize<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::Topologize(r.coord_arg("place"))
}

pub(super) fn spill<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let place = r.coord_arg("place");
    let lit = match r.get("light state") {
        [] => -2,
        t => val(t),
    };
    let count = r.get("count");
    StmtKind::Spill {
        place,
        terrain: chr(r.get("terrain")),
        lit,
        direction: val(r.get("direction")),
        count: at(int(count), count),
    }
}

pub(super) fn sounds<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let frequency = r.expr_arg("frequency");
    let types: Vec<i64> = r.args.all("sound type").map(val).collect();
    let texts: Vec<_> = r.args.all("text").collect();
    let texts: Vec<_> = texts.into_iter().map(|t| r.str_expr(t)).collect();
    StmtKind::Sounds(frequency, types.into_iter().zip(texts).collect())
}

pub(super) fn spill_operands<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let place = r.coord_arg("place");
    let t = r.get("terrain");
    let terrain = r.mapchar(t);
    let direction = val(r.get("direction"));
    StmtKind::SpillOperands(place, terrain, direction, r.expr_arg("count"))
}

pub(super) fn vault_frequency<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let t = r.get("frequency");
    StmtKind::VaultFrequency(at(int(t), t))
}

pub(super) fn vault_depth<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let t = r.get("depth");
    StmtKind::VaultDepth(at(int(t), t))
}

pub(super) fn fountain<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::Fountain(r.sel_arg("place"))
}

pub(super) fn sink<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::Sink(r.sel_arg("place"))
}

pub(super) fn pool<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::Pool(r.sel_arg("place"))
}

pub(super) fn terrain<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let sel = r.sel_arg("place");
    let t = r.get("terrain");
    StmtKind::Terrain(sel, r.mapchar(t))
}

pub(super) fn replace_terrain<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let region = r.region_arg("region");
    let (from, to) = (r.get("old terrain"), r.get("new terrain"));
    let (from, to) = (r.mapchar(from), r.mapchar(to));
    let chance = match r.get("chance").first() {
        Some((Tok::SPercent(p), _)) => *p,
        _ => 0,
    };
    StmtKind::ReplaceTerrain(region, from, to, chance)
}

pub(super) fn non_diggable<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::NonDiggable(r.region_arg("region"))
}

pub(super) fn non_passwall<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::NonPasswall(r.region_arg("region"))
}

pub(super) fn region<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    StmtKind::Region {
        region: r.region_arg("region"),
        lit: val(r.get("light state")),
        kind: string_or_random(r.get("room type")),
        flags: room_flags(r),
        body: r.block_if_given("block"),
    }
}

pub(super) fn mineralize<'a>(r: &mut Read<'_, 'a>) -> StmtKind<'a> {
    let amounts: Vec<_> = r.args.all("amount").collect();
    if amounts.len() != 4 {
        return StmtKind::Mineralize(None);
    }
    let [a, b, c, d] = [0, 1, 2, 3].map(|i| r.expr(amounts[i]));
    StmtKind::Mineralize(Some([a, b, c, d]))
}
