//! From statements to opcode programs, in the order 3.6.7's `lev_comp`
//! emits them (its yacc actions run bottom-up, left to right), with its
//! checks and messages. Variables are typed as they are defined, in
//! source order, as `lev_comp`'s lexer types them.

mod code;
mod control;
mod functions;
mod layout;
mod things;
mod values;
mod vars;

use std::collections::HashMap;

use super::lexer::MapBlock;
use super::program::{Opcode, Operand};
use super::syntax::*;
use super::terrain;
use crate::diag::{warn, Reporter, Sp, Span};
use crate::game::Game;
pub(crate) use code::{Code, Lev, Level};
use vars::VarType;

/// Map size (`COLNO`, `ROWNO`).
const COLNO: i64 = 80;
const ROWNO: i64 = 21;
/// Nested conditionals (`IF`, chances, `LOOP`), nested `FOR` loops and
/// `CASE`s lev_comp keeps.
const MAX_NESTED: usize = 20;
const MAX_SWITCH_CASES: usize = 20;
/// The ordinary room type.
const OROOM: i64 = 0;

/// What code generation carries from one chunk of a file to the next
/// (see [`super::lexer::Chunks`]): the level being compiled and its state.
pub(crate) struct Carry {
    /// The level's code so far.
    code: Code,
    /// The level's name, once it is defined.
    current: Option<String>,
    vars: HashMap<String, VarType>,
    /// The map's last column and row (`max_x_map`, `max_y_map`): what
    /// a map region is checked against.
    max_x: i64,
    max_y: i64,
    /// Containers and monster inventories open around this statement.
    contained: usize,
    /// Statement blocks open that `BREAK` may leave.
    break_depth: usize,
    /// `BREAK` jumps to patch: the push's place and its block depth.
    breaks: Vec<(usize, usize)>,
    /// `IF`, chance and `LOOP` blocks open (lev_comp's `n_if_list`).
    conditionals: usize,
    /// `FOR` loops open: lev_comp counts them apart (`n_forloops`), each
    /// count to its own limit.
    for_loops: usize,
    in_switch: bool,
    /// The `BREAK`s of the `SWITCH` being compiled (see
    /// [`crate::game::LevelRules::switch_break_limit`]).
    switch_breaks: usize,
    /// The statements being compiled are a `CASE`'s own (see
    /// [`crate::game::LevelRules::break_in_case_only`]), and the next
    /// block is one.
    in_case_body: bool,
    case_body_next: bool,
    /// A random vault (EvilHack's `FLAGS: rndvault`) and what its
    /// `VAULTGEN` and `MINDEPTH` say: as `lev_comp` keeps them, for the
    /// file, reset by `LEVEL:` only (a `MAZE:` level after a random vault
    /// is one too).
    random_vault: Option<crate::des::RandomVault>,
    /// Where each level name of the file was first defined: a level
    /// defined again is written over the earlier one's file (see
    /// [`crate::des::Blobs`]), with a warning.
    defined: HashMap<String, Span>,
    /// The file's functions, the last defined first.
    functions: Vec<functions::Function>,
    /// A function's body is being compiled.
    in_function: bool,
    /// Where the function being compiled first pushes a null string
    /// (see [`Gen::null_string`]).
    null_string: Option<Span>,
    /// The next value of a level name's counter (UnNetHack's `%i`).
    name_counter: i64,
}

impl Carry {
    /// Nothing compiled yet; each level's instructions go to `code` (a
    /// fresh one for each level).
    pub(crate) fn new(code: Code) -> Carry {
        Carry {
            code,
            current: None,
            vars: HashMap::new(),
            max_x: 0,
            max_y: 0,
            contained: 0,
            break_depth: 0,
            breaks: Vec::new(),
            conditionals: 0,
            for_loops: 0,
            in_switch: false,
            switch_breaks: 0,
            in_case_body: false,
            case_body_next: false,
            random_vault: None,
            defined: HashMap::new(),
            functions: Vec::new(),
            in_function: false,
            null_string: None,
            name_counter: 1,
        }
    }

    /// Compiles `stmts`, the statements of a chunk of the file, after the
    /// chunks before; `level` gets each level as it ends.
    pub(crate) fn generate(
        &mut self,
        stmts: &[Stmt<'_>],
        maps: &[MapBlock<'_>],
        game: &Game,
        report: &mut Reporter,
        level: &mut dyn FnMut(Level),
    ) {
        let mut g = Gen {
            game,
            numbers: terrain::Numbers::of(game),
            maps,
            report,
            carry: self,
        };
        let mut i = 0;
        while i < stmts.len() {
            let s = &stmts[i];
            i += 1;
            match &s.kind {
                StmtKind::LevelDef { name, maze_filler } => {
                    g.finish(level);
                    g.start_level(name, maze_filler.as_ref());
                    let kept = g.game.format().level_rules.vault_kept_by_level;
                    let carried = match maze_filler {
                        None if !kept => g.carry.random_vault.take().and(None),
                        _ => g.carry.random_vault,
                    };
                    // A level's FLAGS never start a chunk: they are here.
                    let flags = match stmts.get(i).map(|s| &s.kind) {
                        Some(StmtKind::Flags(f)) => {
                            i += 1;
                            *f
                        }
                        _ => 0,
                    };
                    g.push_int(flags);
                    g.op(Opcode::LevelFlags);
                    let vault_bit = (g.game.format().numbering.level_flags.iter())
                        .find(|(w, _)| &**w == "rndvault")
                        .map_or(0, |&(_, bit)| bit);
                    if flags & vault_bit != 0 && (carried.is_none() || kept) {
                        let min_depth = g.game.format().level_rules.vault_min_depth;
                        g.carry.random_vault = Some(crate::des::RandomVault {
                            min_depth: min_depth.then_some(0),
                            frequency: 1,
                        });
                    } else if let (Some(v), 0) = (carried, flags & vault_bit) {
                        g.report
                            .warning(
                                warn::RANDOM_VAULT_CARRIED_OVER,
                                name.span.clone(),
                                "this level is listed in vaults.dat as a random vault",
                            )
                            .label(format!(
                                "lev_comp keeps the random vault of the level before (VAULTGEN {}{}): {}",
                                v.frequency,
                                v.min_depth.map_or(String::new(), |d| format!(", MINDEPTH {d}")),
                                match kept {
                                    true => "every level after one is listed, to the file's end",
                                    false => "only a LEVEL: definition resets it",
                                }
                            ));
                    }
                    let file_name = g.file_name(name);
                    g.defined_again(&file_name, name);
                    g.forget_calls();
                    g.current = Some(file_name);
                }
                // A function defined before the first level (UnNetHack's
                // header statements: only its grammar has the row).
                StmtKind::FunctionDef { name, params, body } if g.current.is_none() => {
                    g.function_def(name, params, body);
                }
                StmtKind::Include(file) if g.current.is_none() => g.include(file),
                _ if g.current.is_none() => {
                    if !matches!(s.kind, StmtKind::Error) {
                        g.report.error(s.span.clone(), "syntax error").label(
                            "found a statement before the level's `LEVEL:` or `MAZE:` definition",
                        );
                    }
                }
                _ => g.statement(s),
            }
        }
    }

    /// Ends the file: its last level goes to `level`.
    pub(crate) fn end(mut self, game: &Game, report: &mut Reporter, level: &mut dyn FnMut(Level)) {
        Gen {
            game,
            numbers: terrain::Numbers::of(game),
            maps: &[],
            report,
            carry: &mut self,
        }
        .finish(level);
    }
}

/// The code generator at work on a chunk: the game, the map blocks read
/// so far, where diagnostics go and the state carried.
struct Gen<'g, 'r, 'm, 's> {
    game: &'g Game,
    numbers: terrain::Numbers<'g>,
    maps: &'m [MapBlock<'s>],
    report: &'r mut Reporter,
    carry: &'r mut Carry,
}

impl std::ops::Deref for Gen<'_, '_, '_, '_> {
    type Target = Carry;
    fn deref(&self) -> &Carry {
        self.carry
    }
}

impl std::ops::DerefMut for Gen<'_, '_, '_, '_> {
    fn deref_mut(&mut self) -> &mut Carry {
        self.carry
    }
}

impl Gen<'_, '_, '_, '_> {
    /// The game's value packing (`sp_lev.h`'s `SP_*_PACK`): a game
    /// without opcode numbers has none, and its level is an encode error.
    fn packing(&self) -> Option<&crate::game::ProgramFormat> {
        self.game.format().program.as_ref()
    }

    /// The game's packed value of a region (`SP_REGION_PACK`).
    fn pack_region(&self, r: [i64; 4]) -> i64 {
        self.packing().map_or(0, |p| p.pack_region(r))
    }

    /// The game's number of `INIT_MAP` kind `LVLINIT_name`; a game
    /// without it is an error (a game without opcode numbers: 0, its
    /// level an encode error).
    fn level_init(&mut self, span: Span, name: &str) -> i64 {
        let Some(p) = self.packing() else { return 0 };
        match p.level_init(name) {
            Some(v) => v,
            None => {
                let game = self.game.to_string();
                self.error(
                    span,
                    format!("{game} has no LVLINIT_{name} (its include/sp_lev.h)"),
                );
                0
            }
        }
    }

    /// `-1` as the game's `lev_comp` stores it as the `slot`th value of
    /// an `add_opvars` call ([`crate::game::ProgramFormat::minus_one_at`]).
    fn minus_one_at(&self, slot: usize) -> i64 {
        self.packing().map_or(-1, |p| p.minus_one_at(slot))
    }

    fn op(&mut self, op: Opcode) {
        self.code.op(op);
    }

    fn push(&mut self, v: Operand) -> usize {
        self.code.push(v)
    }

    fn push_int(&mut self, v: i64) -> usize {
        self.push(Operand::Int(v))
    }

    fn ints(&mut self, values: &[i64]) {
        for &v in values {
            self.push_int(v);
        }
    }

    fn here(&self) -> i64 {
        self.code.len() as i64
    }

    /// The value of the integer `PUSH` at `at` (from [`Gen::push`]).
    fn pushed(&self, at: usize) -> i64 {
        self.code.int_at(at)
    }

    fn patch(&mut self, at: usize, v: i64) {
        self.code.set_int(at, v);
    }

    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.report.error(span, message);
    }

    /// `INIT_MAP` of a style that takes no arguments (`rogue`,
    /// `sheollev`): the game's `LVLINIT_` number of `style`.
    fn init_style(&mut self, span: &Span, style: &str) {
        let kind = self.level_init(span.clone(), style);
        self.ints(&[kind, 0, 0, 0, 0, 0, 0, 0]);
        self.op(Opcode::InitLevel);
    }

    /// The name of level `name`'s file: the name, with its counter
    /// (`%i`, `%04i`) replaced by the next count where the game's
    /// `lev_comp` counts ([`crate::GrammarForm::CountedNames`]).
    fn file_name(&mut self, name: &Sp<&str>) -> String {
        let counts = (self.game.format().program.as_ref())
            .is_some_and(|p| p.has(crate::game::GrammarForm::CountedNames));
        let Some((head, rest)) = name.v.split_once('%').filter(|_| counts) else {
            return name.v.to_string();
        };
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let (width, tail) = rest.split_at(digits);
        let Some(tail) = tail.strip_prefix('i').filter(|t| !t.contains('%')) else {
            self.error(
                name.span.clone(),
                "a level name holds one counter, `%i` (with a width: `%04i`), and no other `%`",
            );
            return name.v.to_string();
        };
        let n = self.name_counter;
        self.name_counter += 1;
        let w: usize = width.parse().unwrap_or(0);
        let count = match width.starts_with('0') {
            true => format!("{n:0w$}"),
            false => format!("{n:w$}"),
        };
        format!("{head}{count}{tail}")
    }

    /// Warns of a level whose name the file defined before: lev_comp
    /// opens a level's file without truncating it, so the later
    /// definition is written over the earlier one's bytes.
    fn defined_again(&mut self, file_name: &str, name: &Sp<&str>) {
        let Some(first) = self.defined.get(file_name).cloned() else {
            self.defined
                .insert(file_name.to_string(), name.span.clone());
            return;
        };
        self.report
            .warning(
                warn::LEVEL_DEFINED_TWICE,
                name.span.clone(),
                format!("Level \"{file_name}\" is defined twice in this file"),
            )
            .label("defined again here")
            .secondary(first, "first defined here")
            .help(
                "lev_comp writes this definition over the earlier one's file without \
                 truncating it: the output is this level, then the earlier one's bytes \
                 past its end",
            );
    }

    /// Ends the level being compiled, if any, and starts the next one's
    /// code.
    fn finish(&mut self, level: &mut dyn FnMut(Level)) {
        let code = self.code.fresh();
        let code = std::mem::replace(&mut self.code, code);
        if let Some(name) = self.current.take() {
            level(code.finish(name, self.random_vault));
        }
    }

    fn block(&mut self, block: &[Stmt<'_>]) {
        let case_body = std::mem::take(&mut self.case_body_next);
        let outer = std::mem::replace(&mut self.in_case_body, case_body);
        for s in block {
            self.statement(s);
        }
        self.in_case_body = outer;
    }

    /// A block `BREAK` may leave: its breaks jump to the end.
    fn breakable(&mut self, body: impl FnOnce(&mut Self)) {
        self.break_depth += 1;
        body(self);
        self.end_breakable();
    }

    fn end_breakable(&mut self) {
        let depth = self.break_depth;
        let here = self.here();
        let mut patches = Vec::new();
        // lev_comp keeps its BREAKs newest first, and where the newest is
        // one of this block it empties the whole list as it unlinks it
        // (`break_list = NULL`): the BREAKs of the blocks around are lost,
        // never patched, and jump by their own place.
        let head_here = self.breaks.last().is_some_and(|&(_, d)| d == depth);
        self.breaks.retain(|&(at, d)| {
            if d == depth {
                patches.push(at);
            }
            d != depth && !head_here
        });
        let past = i64::from(self.game.format().level_rules.break_past_pop);
        for at in patches {
            let v = self.pushed(at);
            self.patch(at, here - v - 1 + past);
        }
        self.break_depth -= 1;
    }

    /// Enters an `IF`, a chance or a `LOOP`, past lev_comp's limit the
    /// error `too_deep` (its message for that statement).
    fn enter_conditional(&mut self, span: &Span, too_deep: &str) {
        if self.conditionals >= MAX_NESTED {
            self.error(span.clone(), too_deep);
        }
        self.conditionals += 1;
    }

    /// Enters a `FOR` loop, past lev_comp's limit of loops an error.
    fn enter_for_loop(&mut self, span: &Span) {
        if self.for_loops >= MAX_NESTED {
            self.error(span.clone(), "FOR: Too deeply nested loops.");
        }
        self.for_loops += 1;
    }

    /// One statement, by what it does: control flow (`control`),
    /// variables (`vars`), the level's frame (`layout`), what is placed in
    /// it (`things`) and terrain features, written here.
    fn statement(&mut self, s: &Stmt<'_>) {
        let span = &s.span;
        match &s.kind {
            StmtKind::Error => {}
            StmtKind::LevelDef { .. } | StmtKind::Flags(_) => {
                self.report.error(span.clone(), "syntax error").label(
                    "a level definition and its FLAGS start a level; they cannot appear inside one",
                );
            }
            StmtKind::Message(text) => {
                self.string(text);
                self.op(Opcode::Message);
            }
            StmtKind::InitSolidFill(c, lit) => self.init_solid_fill(c, lit),
            StmtKind::InitMazeGrid(c) => self.init_maze_grid(c),
            StmtKind::InitRogue => self.init_style(span, "ROGUE"),
            StmtKind::InitSheol => self.init_style(span, "SHEOL"),
            StmtKind::FunctionDef { name, params, body } => self.function_def(name, params, body),
            StmtKind::Call(name, args) => self.call(name, args),
            // Only a header statement: inside a level, a syntax error.
            StmtKind::Include(file) => {
                self.report
                    .error(span.clone(), "syntax error")
                    .label(format!(
                        "INCLUDE \"{}\" comes before the first level",
                        file.v
                    ));
            }
            StmtKind::InitMines(mines) => self.init_mines(span, mines),
            StmtKind::Define(name, value) => self.define(name, value),
            StmtKind::Shuffle(name) => self.shuffle(name),
            StmtKind::If(cond, then, otherwise) => self.if_else(span, cond, then, otherwise),
            StmtKind::Chance(cond, stmt) => self.chance(span, cond, stmt),
            StmtKind::Switch(value, cases) => self.switch(span, value, cases),
            StmtKind::For {
                var,
                from,
                to,
                body,
            } => self.for_loop(span, var, from, to, body),
            StmtKind::Loop(count, body) => self.loop_block(span, count, body),
            StmtKind::Break => self.break_out(span),
            StmtKind::Exit => self.op(Opcode::Exit),
            StmtKind::RandomCorridors(n) => {
                let m = |slot| self.minus_one_at(slot);
                let n = match n {
                    // `random`: lev_comp's own -1, an int.
                    Some(None) => m(1),
                    Some(Some(n)) => *n,
                    None => 0,
                };
                self.ints(&[m(0), n, m(2), m(3), m(4), m(5)]);
                self.op(Opcode::Corridor);
            }
            StmtKind::Corridor(from, to) => {
                self.ints(from);
                match to {
                    CorridorEnd::Spec(to) => self.ints(to),
                    CorridorEnd::Number(n) => {
                        self.ints(&[self.minus_one_at(3), self.minus_one_at(4), *n])
                    }
                }
                self.op(Opcode::Corridor);
            }
            StmtKind::Room(room) => self.room(span, room),
            StmtKind::Subroom {
                begin,
                pos,
                size,
                flags,
                body,
            } => self.subroom(begin, pos, size, flags, body),
            StmtKind::RoomDoor {
                secret,
                state,
                wall,
                pos,
                material,
            } => self.room_door(secret, state, wall, pos, material),
            StmtKind::Door(state, sel, material) => {
                self.selection(sel);
                self.push_int(*state);
                if let Some(m) = material {
                    self.push_int(*m);
                }
                self.op(Opcode::Door);
            }
            StmtKind::NoMap => {
                self.push(Operand::Coord(0));
                self.ints(&[0, 1]);
                self.null_string(span);
                self.ints(&[0, 0]);
                self.op(Opcode::Map);
                self.max_x = COLNO - 1;
                self.max_y = ROWNO;
            }
            StmtKind::Geometry { place, fill, map } => self.geometry(place, fill, map),
            StmtKind::Monster(what, at, infos, inventory) => {
                self.monster(what, at, infos, inventory)
            }
            StmtKind::Object {
                container,
                what,
                infos,
                contents,
            } => self.object(span, container, what, infos, contents),
            StmtKind::Trap(kind, at) => self.trap(kind, at),
            StmtKind::Drawbridge(at, dir, state) => {
                self.coord(at);
                let d = match dir.v {
                    1 => 0,
                    2 => 1,
                    4 => 2,
                    8 => 3,
                    _ => {
                        self.error(dir.span.clone(), "Invalid drawbridge direction.");
                        dir.v
                    }
                };
                let st = match state.v {
                    2 => 1,
                    4 => 0,
                    -1 => -1,
                    _ => {
                        self.error(
                            state.span.clone(),
                            "A drawbridge can only be open, closed or random!",
                        );
                        0
                    }
                };
                self.ints(&[st, d]);
                self.op(Opcode::Drawbridge);
            }
            StmtKind::Mazewalk(at, dir, rest) => {
                self.coord(at);
                match rest {
                    None => self.ints(&[*dir, 1, 0]),
                    Some((stock, fill)) => {
                        let f = fill.map_or(-1, |c| self.numbers.what_map_char(c));
                        self.ints(&[*dir, *stock, f]);
                    }
                }
                self.op(Opcode::Mazewalk);
            }
            StmtKind::Wallify(sel) => {
                match sel {
                    None => {
                        // SP_REGION_PACK(-1,-1,-1,-1), an int that lev_comp
                        // reads back as a long: 0xffffffff on LP64 whatever
                        // the game's packing (EvilHack's too).
                        self.push(Operand::Region(0xffff_ffff));
                        self.push_int(0);
                    }
                    Some(sel) => {
                        self.selection(sel);
                        self.push_int(1);
                    }
                }
                self.op(Opcode::Wallify);
            }
            StmtKind::WallifyRegion(region) => {
                match region {
                    // SP_REGION_PACK(-1,-1,-1,-1), as for 3.6.7's.
                    None => {
                        self.push(Operand::Region(0xffff_ffff));
                    }
                    Some(region) => self.region(region),
                }
                self.op(Opcode::Wallify);
            }
            StmtKind::Ladder(at, up) => {
                self.coord(at);
                self.push_int(*up);
                self.op(Opcode::Ladder);
            }
            StmtKind::Stair(at, up) => {
                self.coord(at);
                self.push_int(*up);
                self.op(Opcode::Stair);
            }
            StmtKind::StairRegion(a, b, up) => {
                self.lev_region(a, b, if *up != 0 { 1 } else { 0 }, None)
            }
            StmtKind::Portal(a, b, name) => self.lev_region(a, b, 2, Some(name)),
            StmtKind::Teleport(a, b, dir) => {
                let kind = match dir {
                    0 => 6,
                    1 => 5,
                    _ => 4,
                };
                self.lev_region(a, b, kind, None);
            }
            StmtKind::Branch(a, b) => self.lev_region(a, b, 3, None),
            StmtKind::Fountain(sel) => {
                self.selection(sel);
                self.op(Opcode::Fountain);
            }
            StmtKind::Sink(sel) => {
                self.selection(sel);
                self.op(Opcode::Sink);
            }
            StmtKind::Feature(op, sel) => {
                self.selection(sel);
                self.op(*op);
            }
            StmtKind::MonGeneration(chance, parts) => self.mon_generation(*chance, parts),
            StmtKind::WallWalk {
                place,
                terrain,
                fill,
                chance,
            } => {
                self.coord(place);
                self.mapchar(terrain);
                match fill {
                    Some(fill) => self.mapchar(fill),
                    None => {
                        // SP_MAPCHAR_PACK(ROOM,-2), an int expression.
                        let room = self.game.format().numbering.terrain_code("ROOM");
                        let packed = self.packing().map_or(0, |p| {
                            p.int_at(0, p.pack_map_char(room.map_or(0, i64::from), -2))
                        });
                        self.push(Operand::MapChar(packed));
                    }
                }
                if !(0..=100).contains(&chance.v) {
                    self.error(
                        chance.span.clone(),
                        format!("Unexpected percentile chance '{}%'", chance.v),
                    );
                }
                self.push_int(chance.v);
                self.op(Opcode::WallWalk);
            }
            StmtKind::Topologize(place) => {
                self.coord(place);
                self.op(Opcode::Topography);
            }
            StmtKind::Spill {
                place,
                terrain,
                lit,
                direction,
                count,
            } => {
                self.coord(place);
                let t = self.numbers.what_map_char(terrain.v);
                if t == terrain::INVALID_TYPE || t >= self.numbers.max_type {
                    self.error(terrain.span.clone(), "SPILL: Invalid map character!");
                }
                if count.v < 1 {
                    self.error(
                        count.span.clone(),
                        format!("SPILL: Invalid count '{}'!", count.v),
                    );
                }
                self.ints(&[t, *direction, count.v, *lit]);
                self.op(Opcode::Spill);
            }
            StmtKind::Sounds(frequency, sounds) => {
                self.expr(frequency);
                for (kind, text) in sounds {
                    self.string(text);
                    self.push_int(*kind);
                }
                self.push_int(sounds.len() as i64);
                self.op(Opcode::LevelSounds);
            }
            StmtKind::SpillOperands(place, terrain, direction, count) => {
                self.coord(place);
                self.mapchar(terrain);
                self.expr(count);
                self.push_int(*direction);
                self.op(Opcode::Spill);
            }
            StmtKind::VaultFrequency(n) => {
                self.vault_number(n, "VAULTGEN", "Invalid VAULTGEN frequency.")
            }
            StmtKind::VaultDepth(n) => self.vault_number(n, "MINDEPTH", "Invalid MINDEPTH value."),
            StmtKind::Pool(sel) => {
                self.selection(sel);
                self.op(Opcode::Pool);
            }
            StmtKind::Terrain(sel, m) => {
                self.selection(sel);
                self.mapchar(m);
                self.op(Opcode::Terrain);
            }
            StmtKind::ReplaceTerrain(r, from, to, pct) => {
                self.region(r);
                self.mapchar(from);
                self.mapchar(to);
                let pct = match self.game.format().level_rules.replace_terrain_clamped {
                    true => (*pct).clamp(0, 100),
                    false => *pct,
                };
                self.push_int(pct);
                self.op(Opcode::ReplaceTerrain);
            }
            StmtKind::NonDiggable(r) => {
                self.region(r);
                self.op(Opcode::NonDiggable);
            }
            StmtKind::NonPasswall(r) => {
                self.region(r);
                self.op(Opcode::NonPasswall);
            }
            StmtKind::Region {
                region,
                lit,
                kind,
                flags,
                body,
            } => self.region_statement(span, region, lit, kind, flags, body),
            StmtKind::Altar(at, align, kind) => {
                self.coord(at);
                self.ints(&[*kind, *align]);
                self.op(Opcode::Altar);
            }
            StmtKind::Grave(at, text) => {
                self.coord(at);
                match text {
                    GraveText::Text(t) => {
                        self.string(t);
                        self.push_int(2);
                    }
                    GraveText::Random => {
                        self.null_string(span);
                        self.push_int(1);
                    }
                    GraveText::None => {
                        self.null_string(span);
                        self.push_int(0);
                    }
                }
                self.op(Opcode::Grave);
            }
            StmtKind::Gold(amount, at) => {
                self.amount(amount);
                self.coord(at);
                self.op(Opcode::Gold);
            }
            StmtKind::Engraving(at, kind, text) => {
                self.coord(at);
                self.string(text);
                self.push_int(*kind);
                self.op(Opcode::Engraving);
            }
            StmtKind::Mineralize(values) => {
                match values {
                    Some(values) => values.iter().for_each(|e| self.expr(e)),
                    None => self.ints(&[-1, -1, -1, -1]),
                }
                self.op(Opcode::Mineralize);
            }
        }
    }
}

fn pair(p: &Pair) -> (i64, i64) {
    p.as_ref().map_or((-1, -1), |p| p.v)
}

/// Room and region flags: `filled` unless said otherwise.
fn room_flags(flags: i64) -> i64 {
    if flags == -1 {
        1
    } else {
        flags
    }
}
