//! From statements to opcode programs, in the order 3.6.7's `lev_comp`
//! emits them (its yacc actions run bottom-up, left to right), with its
//! checks and messages. Variables are typed as they are defined, in
//! source order, as `lev_comp`'s lexer types them.

use std::collections::HashMap;

use super::lexer::MapBlock;
use super::program::{Instr, Opcode, Operand, Program};
use super::syntax::*;
use super::terrain;
use crate::diag::{Reporter, Sp, Span};
use crate::game::Game;

/// Map size (`COLNO`, `ROWNO`).
const COLNO: i64 = 80;
const ROWNO: i64 = 21;
/// Nested `IF`/`LOOP`/`FOR` levels and `CASE`s lev_comp keeps.
const MAX_NESTED: usize = 20;
const MAX_SWITCH_CASES: usize = 20;
/// The largest room type (`CANDLESHOP`) and the ordinary one.
const MAXRTYPE: i64 = 25;
const OROOM: i64 = 0;
/// `SP_COORD_IS_RANDOM`.
const COORD_RANDOM: i64 = 0x0100_0000;
/// `SP_M_V_END`, `SP_O_V_END`.
const MONSTER_INFO_END: i64 = 16;
const OBJECT_INFO_END: i64 = 15;

/// A variable's type (`SPOVAR_*`, with `array` for `SPOVAR_ARRAY`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct VarType {
    base: Base,
    array: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Base {
    Int,
    Str,
    Coord,
    Region,
    MapChar,
    Monster,
    Object,
    Sel,
}

impl Base {
    fn name(self) -> &'static str {
        match self {
            Base::Int => "integer",
            Base::Str => "string",
            Base::Coord => "coordinate",
            Base::Region => "region",
            Base::MapChar => "mapchar",
            Base::Monster => "monster",
            Base::Object => "object",
            Base::Sel => "selection",
        }
    }
}

impl VarType {
    fn scalar(base: Base) -> Self {
        VarType { base, array: false }
    }
    fn describe(self) -> String {
        format!(
            "{}{}",
            self.base.name(),
            if self.array { " array" } else { "" }
        )
    }
}

/// Compiles the statements of a file into one program per level.
pub(crate) fn generate(
    stmts: &[Stmt<'_>],
    maps: &[MapBlock<'_>],
    game: &Game,
    report: &mut Reporter,
) -> Vec<Program> {
    let mut g = Gen {
        game,
        maps,
        report,
        code: Vec::new(),
        vars: HashMap::new(),
        max_x: 0,
        max_y: 0,
        contained: 0,
        break_depth: 0,
        breaks: Vec::new(),
        nesting: 0,
        in_switch: false,
    };
    let mut levels = Vec::new();
    let mut current: Option<String> = None;
    let mut i = 0;
    while i < stmts.len() {
        let s = &stmts[i];
        i += 1;
        match &s.kind {
            StmtKind::LevelDef { name, maze_filler } => {
                g.finish(current.take(), &mut levels);
                g.start_level(name, maze_filler.as_ref());
                let flags = match stmts.get(i).map(|s| &s.kind) {
                    Some(StmtKind::Flags(f)) => {
                        i += 1;
                        *f
                    }
                    _ => 0,
                };
                g.push_int(flags);
                g.op(Opcode::LevelFlags);
                current = Some(name.v.to_string());
            }
            _ if current.is_none() => {
                if !matches!(s.kind, StmtKind::Error) {
                    g.report.error(s.span.clone(), "syntax error").label(
                        "found a statement before the level's `LEVEL:` or `MAZE:` definition",
                    );
                }
            }
            _ => g.statement(s),
        }
    }
    g.finish(current, &mut levels);
    levels
}

struct Gen<'g, 'r, 'm, 's> {
    game: &'g Game,
    maps: &'m [MapBlock<'s>],
    report: &'r mut Reporter,
    code: Vec<Instr>,
    vars: HashMap<String, VarType>,
    /// The map's last column and row (`max_x_map`, `max_y_map`): what
    /// a map region is checked against.
    max_x: i64,
    max_y: i64,
    /// Containers and monster inventories open around this statement.
    contained: usize,
    /// Statement blocks open that `BREAK` may leave.
    break_depth: usize,
    /// `BREAK` jumps to patch: the push's index and its block depth.
    breaks: Vec<(usize, usize)>,
    /// `IF`/`LOOP`/`FOR` nesting.
    nesting: usize,
    in_switch: bool,
}

impl Gen<'_, '_, '_, '_> {
    fn op(&mut self, op: Opcode) {
        self.code.push(Instr::Op(op));
    }

    fn push(&mut self, v: Operand) -> usize {
        self.code.push(Instr::Push(v));
        self.code.len() - 1
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

    /// The value of the `PUSH` at `at`, an integer.
    fn pushed(&self, at: usize) -> i64 {
        match self.code[at] {
            Instr::Push(Operand::Int(v)) => v,
            _ => 0,
        }
    }

    fn patch(&mut self, at: usize, v: i64) {
        self.code[at] = Instr::Push(Operand::Int(v));
    }

    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.report.error(span, message);
    }

    fn finish(&mut self, level: Option<String>, levels: &mut Vec<Program>) {
        let code = std::mem::take(&mut self.code);
        if let Some(name) = level {
            levels.push(Program { name, code });
        }
    }

    fn start_level(&mut self, name: &Sp<&str>, maze_filler: Option<&Option<Sp<u8>>>) {
        if name.v.contains('.') {
            self.error(
                name.span.clone(),
                format!("Invalid dot ('.') in level name '{}'.", name.v),
            );
        }
        if crate::text::byte_len(name.v) > 14 {
            self.error(
                name.span.clone(),
                format!("Level names limited to 14 characters ('{}').", name.v),
            );
        }
        if name.v.is_empty() || name.v.contains(['/', '\\', '\0']) || name.v.starts_with('-') {
            self.error(
                name.span.clone(),
                format!("level name \"{}\" cannot be a file name", name.v),
            );
        }
        self.vars.clear();
        if let Some(filler) = maze_filler {
            match filler {
                None => self.ints(&[2, terrain::HWALL, 0, 0, 0, 0, 0, 0]),
                Some(c) => {
                    // lev_comp maps the character twice: the fill is the
                    // type whose character code is the first mapping.
                    let once = terrain::what_map_char(c.v);
                    let bg = terrain::what_map_char(once as u8);
                    if bg == terrain::INVALID_TYPE {
                        self.report.warning(c.span.clone(), "maze filler maps to an invalid terrain type").label(format!(
                            "lev_comp converts '{}' to a terrain type twice; the level is filled with type {bg} (INVALID_TYPE)",
                            char::from(c.v).escape_default()
                        ));
                    }
                    self.ints(&[1, bg, 0, 0, 0, 0, 0, 0]);
                }
            }
            self.op(Opcode::InitLevel);
            self.push_int(0x20);
            self.op(Opcode::LevelFlags);
            self.max_x = COLNO - 1;
            self.max_y = ROWNO;
        }
    }

    fn block(&mut self, block: &[Stmt<'_>]) {
        for s in block {
            self.statement(s);
        }
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
        self.breaks.retain(|&(at, d)| {
            if d == depth {
                patches.push(at);
                false
            } else {
                true
            }
        });
        for at in patches {
            let v = self.pushed(at);
            self.patch(at, here - v - 1);
        }
        self.break_depth -= 1;
    }

    fn nest(&mut self, span: &Span, what: &str) {
        if self.nesting >= MAX_NESTED {
            self.error(
                span.clone(),
                format!("{what}: Too deeply nested conditionals."),
            );
        }
        self.nesting += 1;
    }

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
            StmtKind::InitSolidFill(c, lit) => {
                let fill = terrain::what_map_char(c.v);
                if fill == terrain::INVALID_TYPE || fill >= terrain::MAX_TYPE {
                    self.error(c.span.clone(), "INIT_MAP: Invalid fill char type.");
                }
                self.ints(&[1, fill, 0, *lit, 0, 0, 0, 0]);
                self.op(Opcode::InitLevel);
                self.max_x = COLNO - 1;
                self.max_y = ROWNO;
            }
            StmtKind::InitMazeGrid(c) => {
                let fill = terrain::what_map_char(c.v);
                if fill == terrain::INVALID_TYPE || fill >= terrain::MAX_TYPE {
                    self.error(c.span.clone(), "INIT_MAP: Invalid fill char type.");
                }
                self.ints(&[2, fill, 0, 0, 0, 0, 0, 0]);
                self.op(Opcode::InitLevel);
                self.max_x = COLNO - 1;
                self.max_y = ROWNO;
            }
            StmtKind::InitRogue => {
                self.ints(&[4, 0, 0, 0, 0, 0, 0, 0]);
                self.op(Opcode::InitLevel);
            }
            StmtKind::InitMines {
                fg,
                bg,
                smoothed,
                joined,
                lit,
                walled,
                filling,
            } => {
                let fgt = terrain::what_map_char(fg.v);
                let bgt = terrain::what_map_char(bg.v);
                if fgt == terrain::INVALID_TYPE || fgt >= terrain::MAX_TYPE {
                    self.error(fg.span.clone(), "INIT_MAP: Invalid foreground type.");
                }
                if bgt == terrain::INVALID_TYPE || bgt >= terrain::MAX_TYPE {
                    self.error(bg.span.clone(), "INIT_MAP: Invalid background type.");
                }
                if *joined != 0 && fgt != terrain::CORR && fgt != terrain::ROOM {
                    self.error(
                        fg.span.clone(),
                        "INIT_MAP: Invalid foreground type for joined map.",
                    );
                }
                let fill = filling.map_or(-1, terrain::what_map_char);
                if fill == terrain::INVALID_TYPE {
                    self.error(span.clone(), "INIT_MAP: Invalid fill char type.");
                }
                self.ints(&[3, fill, *walled, *lit, *joined, *smoothed, bgt, fgt]);
                self.op(Opcode::InitLevel);
                self.max_x = COLNO - 1;
                self.max_y = ROWNO;
            }
            StmtKind::Define(name, value) => self.define(name, value),
            StmtKind::Shuffle(name) => {
                match self.vars.get(name.v) {
                    Some(t) if !t.array => self.error(
                        name.span.clone(),
                        format!("Trying to shuffle non-array variable '{}'", name.v),
                    ),
                    Some(_) => {}
                    None => self.error(
                        name.span.clone(),
                        format!("Trying to shuffle undefined variable '{}'", name.v),
                    ),
                }
                self.push(Operand::Str(name.v.to_string()));
                self.op(Opcode::ShuffleArray);
            }
            StmtKind::If(cond, then, otherwise) => {
                self.nest(span, "IF");
                let jump = self.condition(cond);
                self.op(Opcode::Cmp);
                let skip = self.push_int(self.here() + 1);
                self.op(reverse_jump(jump));
                self.block(then);
                match otherwise {
                    None => {
                        let v = self.pushed(skip);
                        self.patch(skip, self.here() - v);
                    }
                    Some(otherwise) => {
                        let over = self.push_int(self.here() + 1);
                        self.op(Opcode::Jmp);
                        let v = self.pushed(skip);
                        self.patch(skip, self.here() - v);
                        self.block(otherwise);
                        let v = self.pushed(over);
                        self.patch(over, self.here() - v);
                    }
                }
                self.nesting -= 1;
            }
            StmtKind::Chance(cond, stmt) => {
                self.nest(span, "IF");
                let jump = self.condition(cond);
                self.op(Opcode::Cmp);
                let skip = self.push_int(self.here() + 1);
                self.op(reverse_jump(jump));
                self.statement(stmt);
                let v = self.pushed(skip);
                self.patch(skip, self.here() - v);
                self.nesting -= 1;
            }
            StmtKind::Switch(value, cases) => self.switch(span, value, cases),
            StmtKind::For {
                var,
                from,
                to,
                body,
            } => self.for_loop(span, var, from, to, body),
            StmtKind::Loop(count, body) => {
                self.expr(count);
                self.nest(span, "LOOP");
                let target = self.here();
                self.op(Opcode::Dec);
                self.breakable(|g| {
                    g.block(body);
                    g.op(Opcode::Copy);
                    g.push_int(0);
                    g.op(Opcode::Cmp);
                    let back = target - g.here() - 1;
                    g.push_int(back);
                    g.op(Opcode::Jg);
                    g.op(Opcode::Pop);
                });
                self.nesting -= 1;
            }
            StmtKind::Break => {
                if self.break_depth == 0 {
                    self.error(span.clone(), "Cannot use BREAK outside a statement block.");
                } else {
                    let at = self.push_int(self.here());
                    self.breaks.push((at, self.break_depth));
                    self.op(Opcode::Jmp);
                }
            }
            StmtKind::Exit => self.op(Opcode::Exit),
            StmtKind::RandomCorridors(n) => {
                self.ints(&[-1, n.unwrap_or(0), -1, -1, -1, -1]);
                self.op(Opcode::Corridor);
            }
            StmtKind::Corridor(from, to) => {
                self.ints(from);
                match to {
                    CorridorEnd::Spec(to) => self.ints(to),
                    CorridorEnd::Number(n) => self.ints(&[-1, -1, *n]),
                }
                self.op(Opcode::Corridor);
            }
            StmtKind::Room {
                begin,
                pos,
                align,
                size,
                flags,
                body,
            } => {
                self.room_begin(begin);
                if let Some(p) = pos {
                    let (x, y) = p.v;
                    if !(1..=5).contains(&x) || !(1..=5).contains(&y) {
                        self.error(
                            p.span.clone(),
                            format!("Room positions should be between 1-5: ({x},{y})!"),
                        );
                    }
                }
                let (px, py) = pair(pos);
                let (ax, ay) = pair(align);
                let (w, h) = pair(size);
                let written = self.room_written_flags(span, ay, *flags);
                self.ints(&[written, ax, ay, px, py, w, h]);
                self.op(Opcode::Room);
                self.breakable(|g| g.block(body));
                self.op(Opcode::EndRoom);
            }
            StmtKind::Subroom {
                begin,
                pos,
                size,
                flags,
                body,
            } => {
                self.room_begin(begin);
                if let Some(p) = pos {
                    let (x, y) = p.v;
                    if x < 0 || y < 0 {
                        self.error(
                            p.span.clone(),
                            format!("Invalid subroom position ({x},{y})!"),
                        );
                    }
                }
                let (px, py) = pair(pos);
                let (w, h) = pair(size);
                self.ints(&[room_flags(*flags), -1, -1, px, py, w, h]);
                self.op(Opcode::Subroom);
                self.breakable(|g| g.block(body));
                self.op(Opcode::EndRoom);
            }
            StmtKind::RoomDoor {
                secret,
                state,
                wall,
                pos,
            } => {
                if wall.v == -1 && *pos != -1 {
                    self.error(
                        wall.span.clone(),
                        "If the door wall is random, so must be its pos!",
                    );
                } else {
                    self.ints(&[*pos, *state, *secret, wall.v]);
                    self.op(Opcode::RoomDoor);
                }
            }
            StmtKind::Door(state, sel) => {
                self.selection(sel);
                self.push_int(*state);
                self.op(Opcode::Door);
            }
            StmtKind::NoMap => {
                self.push(Operand::Coord(0));
                self.ints(&[0, 1]);
                self.push(Operand::Str(String::new()));
                self.ints(&[0, 0]);
                self.op(Opcode::Map);
                self.max_x = COLNO - 1;
                self.max_y = ROWNO;
            }
            StmtKind::Geometry { place, fill, map } => {
                match place {
                    GeometryPlace::Justified(h, v) => {
                        self.push(Operand::Coord((h & 0xff) + ((v & 0xff) << 16)));
                        self.ints(&[1, *fill]);
                    }
                    GeometryPlace::At(c) => {
                        self.coord(c);
                        self.ints(&[2, *fill]);
                    }
                }
                self.map(*map);
            }
            StmtKind::Monster(what, at, infos, inventory) => {
                self.thing(what, Base::Monster);
                self.coord(at);
                self.push_int(MONSTER_INFO_END);
                self.monster_infos(infos);
                match inventory {
                    None => {
                        self.push_int(0);
                        self.op(Opcode::Monster);
                    }
                    Some(items) => {
                        self.push_int(1);
                        self.op(Opcode::Monster);
                        self.contained += 1;
                        self.breakable(|g| g.block(items));
                        self.contained -= 1;
                        self.op(Opcode::EndMonInvent);
                    }
                }
            }
            StmtKind::Object {
                container,
                what,
                infos,
                contents,
            } => {
                self.thing(what, Base::Object);
                self.push_int(OBJECT_INFO_END);
                let has_coord = self.object_infos(infos);
                if has_coord && self.contained > 0 {
                    self.error(span.clone(), "Object cannot have a coord when contained.");
                } else if !has_coord && self.contained == 0 {
                    self.error(span.clone(), "Object needs a coord when not contained.");
                }
                let content = i64::from(self.contained > 0);
                self.push_int(if *container { 2 | content } else { content });
                self.op(Opcode::Object);
                if let Some(items) = contents {
                    self.contained += 1;
                    self.breakable(|g| g.block(items));
                    self.contained -= 1;
                    self.op(Opcode::PopContainer);
                }
            }
            StmtKind::Trap(kind, at) => {
                let t = match kind.v {
                    None => -1,
                    Some(name) => terrain::trap_type(name).unwrap_or_else(|| {
                        self.report
                            .error(kind.span.clone(), format!("Unknown trap type '{name}'!"));
                        -1
                    }),
                };
                self.coord(at);
                self.push_int(t);
                self.op(Opcode::Trap);
            }
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
                        let f = fill.map_or(-1, terrain::what_map_char);
                        self.ints(&[*dir, *stock, f]);
                    }
                }
                self.op(Opcode::Mazewalk);
            }
            StmtKind::Wallify(sel) => {
                match sel {
                    None => {
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
                self.lev_region(a, b, if *up != 0 { 1 } else { 0 }, "")
            }
            StmtKind::Portal(a, b, name) => self.lev_region(a, b, 2, name),
            StmtKind::Teleport(a, b, dir) => {
                let kind = match dir {
                    0 => 6,
                    1 => 5,
                    _ => 4,
                };
                self.lev_region(a, b, kind, "");
            }
            StmtKind::Branch(a, b) => self.lev_region(a, b, 3, ""),
            StmtKind::Fountain(sel) => {
                self.selection(sel);
                self.op(Opcode::Fountain);
            }
            StmtKind::Sink(sel) => {
                self.selection(sel);
                self.op(Opcode::Sink);
            }
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
                self.push_int(*pct);
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
            } => {
                self.region(region);
                let mut rt = self.room_type(kind);
                let flags = room_flags(*flags);
                if flags & 1 == 0 {
                    rt += MAXRTYPE + 1;
                }
                let irregular = flags & 2 != 0;
                self.ints(&[*lit, rt, flags]);
                self.op(Opcode::Region);
                let room = irregular || flags & 1 != 0 || rt != OROOM;
                self.breakable(|g| {
                    if let Some(b) = body {
                        g.block(b);
                    }
                });
                if room {
                    self.op(Opcode::EndRoom);
                } else if body.as_ref().is_some_and(|b| !b.is_empty()) {
                    self.error(
                        span.clone(),
                        "Cannot use lev statements in non-permanent REGION",
                    );
                }
            }
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
                        self.push(Operand::Str(String::new()));
                        self.push_int(1);
                    }
                    GraveText::None => {
                        self.push(Operand::Str(String::new()));
                        self.push_int(0);
                    }
                }
                self.op(Opcode::Grave);
            }
            StmtKind::Gold(amount, at) => {
                self.expr(amount);
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

    fn room_type(&mut self, kind: &Sp<Option<&str>>) -> i64 {
        match kind.v {
            None => -1,
            Some(name) => terrain::room_type(name).unwrap_or_else(|| {
                self.report.warning(
                    kind.span.clone(),
                    format!("Unknown room type \"{name}\"!  Making ordinary room..."),
                );
                OROOM
            }),
        }
    }

    /// The flags lev_comp writes for a `ROOM`: its action reads them from
    /// the wrong grammar symbol, the `,` after the alignment, whose value
    /// is the vertical alignment's (`top` 1, `center` 3, `bottom` 5;
    /// `random` reads as "filled"). The flags written in the source are
    /// ignored; a warning says so when that changes them.
    fn room_written_flags(&mut self, span: &Span, valign: i64, asked: i64) -> i64 {
        let written = room_flags(valign);
        let asked = room_flags(asked);
        if written != asked {
            self.report
                .warning(
                    span.clone(),
                    "this ROOM is written with other flags than it asks for",
                )
                .label(format!(
                    "lev_comp writes a ROOM's flags from its vertical alignment: {} instead of {}",
                    describe_room_flags(written),
                    describe_room_flags(asked)
                ));
        }
        written
    }

    fn room_begin(&mut self, begin: &RoomBegin<'_>) {
        let t = self.room_type(&begin.kind);
        let chance = begin.chance.as_ref().map_or(100, |c| c.v);
        if chance < 100 && t == OROOM {
            self.error(begin.span.clone(), "Only typed rooms can have a chance.");
        } else {
            self.ints(&[t, chance, begin.lit]);
        }
    }

    fn lev_region(&mut self, a: &LevRegion, b: &LevRegion, kind: i64, name: &str) {
        for r in [a, b] {
            self.check_lev_region(r);
            let [x1, y1, x2, y2] = r.rect;
            self.ints(&[x1, y1, x2, y2, i64::from(r.whole_level)]);
        }
        self.ints(&[kind, 0]);
        self.push(Operand::Str(name.to_string()));
        self.op(Opcode::LevRegion);
    }

    fn check_lev_region(&mut self, r: &LevRegion) {
        let [x1, y1, x2, y2] = r.rect;
        let (what, bad) = if r.whole_level {
            let x = |v: i64| v <= 0 || v >= COLNO;
            let y = |v: i64| !(0..ROWNO).contains(&v);
            ("level", [x(x1), y(y1), x(x2), y(y2)])
        } else {
            let (mx, my) = (self.max_x as i32 as i64, self.max_y as i32 as i64);
            let x = |v: i64| v < 0 || v > mx;
            let y = |v: i64| v < 0 || v > my;
            ("map", [x(x1), y(y1), x(x2), y(y2)])
        };
        if let Some(i) = bad.iter().position(|&b| b) {
            let field = ["x1", "y1", "x2", "y2"][i];
            self.error(
                r.span.clone(),
                format!("Region ({x1},{y1},{x2},{y2}) out of {what} range ({field})!"),
            );
        }
    }

    fn map(&mut self, m: usize) {
        let Some(block) = self.maps.get(m) else {
            return;
        };
        let span = block.span.clone();
        let rows: Vec<Vec<u8>> = block
            .rows
            .iter()
            .map(|r| r.bytes().filter(|c| !c.is_ascii_digit()).collect())
            .collect();
        let width = rows.iter().map(Vec::len).max().unwrap_or(0);
        let height = rows.len();
        if width as i64 > terrain::MAP_X_LIM || height as i64 > terrain::MAP_Y_LIM {
            self.error(
                span.clone(),
                format!(
                    "Map too large at ({width} x {height}), max is ({} x {})",
                    terrain::MAP_X_LIM,
                    terrain::MAP_Y_LIM
                ),
            );
        }
        let mut text = Vec::with_capacity(width * height);
        for (y, row) in rows.iter().enumerate() {
            for x in 0..width {
                let t = match row.get(x) {
                    None => terrain::STONE,
                    Some(&c) => {
                        let t = terrain::what_map_char(c);
                        if t == terrain::INVALID_TYPE {
                            self.report.warning(
                                span.clone(),
                                format!(
                                    "Invalid character '{c}' @ ({y}, {x}) - replacing with stone"
                                ),
                            );
                            terrain::STONE
                        } else {
                            t
                        }
                    }
                };
                text.push((t + 1) as u8);
            }
        }
        self.push(Operand::Str(crate::text::decode(&text).into_owned()));
        self.ints(&[height as i64, width as i64]);
        self.op(Opcode::Map);
        self.max_x = width as i64 - 1;
        self.max_y = height as i64 - 1;
    }

    fn switch(&mut self, span: &Span, value: &Expr<'_>, cases: &[SwitchCase<'_>]) {
        self.expr(value);
        if self.in_switch {
            self.error(span.clone(), "Cannot nest switch-statements.");
        }
        let outer = std::mem::replace(&mut self.in_switch, true);
        if value.is_constant() {
            self.op(Opcode::Rn2);
        }
        let check = self.push_int(self.here() + 1);
        self.op(Opcode::Jmp);
        self.break_depth += 1;
        let mut targets: Vec<(i64, usize)> = Vec::new();
        let mut default: Option<usize> = None;
        for case in cases {
            let target = self.here();
            match case.value {
                Some(v) => {
                    if targets.len() < MAX_SWITCH_CASES {
                        targets.push((v, target as usize));
                    } else {
                        self.error(case.span.clone(), "Too many cases in a switch.");
                    }
                }
                None => {
                    if default.is_some() {
                        self.error(case.span.clone(), "Switch default case already used.");
                    }
                    default = Some(target as usize);
                }
            }
            self.block(&case.body);
        }
        let end = self.push_int(self.here() + 1);
        self.op(Opcode::Jmp);
        let v = self.pushed(check);
        self.patch(check, self.here() - v);
        for (value, target) in targets {
            self.op(Opcode::Copy);
            self.push_int(value);
            self.op(Opcode::Cmp);
            self.push_int(target as i64 - self.here() - 1);
            self.op(Opcode::Je);
        }
        if let Some(target) = default {
            self.push_int(target as i64 - self.here() - 1);
            self.op(Opcode::Jmp);
        }
        let v = self.pushed(end);
        self.patch(end, self.here() - v);
        self.end_breakable();
        self.op(Opcode::Pop);
        self.in_switch = outer;
    }

    fn for_loop(
        &mut self,
        span: &Span,
        var: &Sp<&str>,
        from: &Expr<'_>,
        to: &Expr<'_>,
        body: &[Stmt<'_>],
    ) {
        self.expr(from);
        self.expr(to);
        if self.nesting >= MAX_NESTED {
            self.error(span.clone(), "FOR: Too deeply nested loops.");
        }
        let end = format!("{} end", var.v);
        let step = format!("{} step", var.v);
        self.var_init(0, &end);
        self.declare(var, VarType::scalar(Base::Int));
        self.var_init(0, var.v);
        self.push(Operand::Var(end.clone()));
        self.push(Operand::Var(var.v.to_string()));
        self.op(Opcode::MathSub);
        self.op(Opcode::MathSign);
        self.var_init(0, &step);
        let target = self.here();
        self.nesting += 1;
        self.breakable(|g| {
            g.block(body);
            g.push(Operand::Var(var.v.to_string()));
            g.push(Operand::Var(end));
            g.op(Opcode::Cmp);
            g.push(Operand::Var(step));
            g.push(Operand::Var(var.v.to_string()));
            g.op(Opcode::MathAdd);
            g.var_init(0, var.v);
            g.push_int(target - g.here() - 1);
            g.op(Opcode::Jne);
        });
        self.nesting -= 1;
    }

    fn var_init(&mut self, count: i64, name: &str) {
        self.push_int(count);
        self.push(Operand::Str(name.to_string()));
        self.op(Opcode::VarInit);
    }

    /// `add_vardef_type`: defines `name`, or checks that it keeps its type.
    fn declare(&mut self, name: &Sp<&str>, t: VarType) {
        match self.vars.get(name.v) {
            Some(old) if *old != t => {
                let old = old.describe();
                self.error(
                    name.span.clone(),
                    format!(
                        "Trying to redefine variable '{}' as {}, when it is {old}.",
                        name.v,
                        t.describe()
                    ),
                );
            }
            Some(_) => {}
            None => {
                self.vars.insert(name.v.to_string(), t);
            }
        }
    }

    /// The type of a variable reference: the variable's, or its element's
    /// when indexed.
    fn var_type(&mut self, v: &VarRef<'_>) -> Option<VarType> {
        let Some(&t) = self.vars.get(v.name.v) else {
            self.error(
                v.name.span.clone(),
                format!("Variable '{}' not defined.", v.name.v),
            );
            return None;
        };
        match (&v.index, t.array) {
            (None, _) => Some(t),
            (Some(_), true) => Some(VarType::scalar(t.base)),
            (Some(_), false) => {
                self.error(
                    v.name.span.clone(),
                    format!(
                        "Trying to use variable '{}' as {} array, when it is {}.",
                        v.name.v,
                        t.base.name(),
                        t.describe()
                    ),
                );
                None
            }
        }
    }

    /// Pushes a variable reference used as a `want`.
    fn use_var(&mut self, v: &VarRef<'_>, want: Base) {
        if let Some(t) = self.var_type(v) {
            if t != VarType::scalar(want) {
                let wanted = VarType {
                    base: want,
                    array: v.index.is_some(),
                };
                let actual = self.vars.get(v.name.v).copied().unwrap_or(t);
                self.error(
                    v.name.span.clone(),
                    format!(
                        "Trying to use variable '{}' as {}, when it is {}.",
                        v.name.v,
                        wanted.describe(),
                        actual.describe()
                    ),
                );
            }
        }
        self.push_var(v);
    }

    fn push_var(&mut self, v: &VarRef<'_>) {
        if let Some(i) = &v.index {
            self.expr(i);
        }
        self.push(Operand::Var(v.name.v.to_string()));
    }

    fn define(&mut self, name: &Sp<&str>, value: &Value<'_>) {
        let (t, count) = match value {
            Value::Expr(Expr::Var(v)) => match self.var_type(v) {
                Some(t)
                    if !t.array
                        && matches!(t.base, Base::Int | Base::Str | Base::Coord | Base::Region) =>
                {
                    self.push_var(v);
                    (t, 0)
                }
                Some(t) => {
                    self.error(
                        v.name.span.clone(),
                        format!(
                            "a {} variable cannot be assigned without its type prefix",
                            t.describe()
                        ),
                    );
                    return;
                }
                None => return,
            },
            Value::Expr(e) => {
                self.expr(e);
                (VarType::scalar(Base::Int), 0)
            }
            Value::Str(s) => {
                self.string(s);
                (VarType::scalar(Base::Str), 0)
            }
            Value::Coord(c) => {
                self.coord(c);
                (VarType::scalar(Base::Coord), 0)
            }
            Value::Region(r) => {
                self.region(r);
                (VarType::scalar(Base::Region), 0)
            }
            Value::Sel(s) => {
                self.selection(s);
                (VarType::scalar(Base::Sel), 0)
            }
            Value::MapChar(m) => {
                self.mapchar(m);
                (VarType::scalar(Base::MapChar), 0)
            }
            Value::Monster(m) => {
                self.thing(m, Base::Monster);
                (VarType::scalar(Base::Monster), 0)
            }
            Value::Object(o) => {
                self.thing(o, Base::Object);
                (VarType::scalar(Base::Object), 0)
            }
            Value::MapCharList(items) => {
                for m in items {
                    match m {
                        MapChar::Var(v) => self.error(
                            v.name.span.clone(),
                            "a list of map characters holds characters, not variables",
                        ),
                        m => self.mapchar(m),
                    }
                }
                (
                    VarType {
                        base: Base::MapChar,
                        array: true,
                    },
                    items.len() as i64,
                )
            }
            Value::MonsterList(items) => {
                for t in items {
                    let v = self.encode_thing(t, Base::Monster);
                    self.push(Operand::Monster(v));
                }
                (
                    VarType {
                        base: Base::Monster,
                        array: true,
                    },
                    items.len() as i64,
                )
            }
            Value::ObjectList(items) => {
                for t in items {
                    let v = self.encode_thing(t, Base::Object);
                    self.push(Operand::Object(v));
                }
                (
                    VarType {
                        base: Base::Object,
                        array: true,
                    },
                    items.len() as i64,
                )
            }
            Value::List(items) => match self.list(items) {
                Some(base) => (VarType { base, array: true }, items.len() as i64),
                None => return,
            },
        };
        self.declare(name, t);
        self.var_init(count, name.v);
    }

    /// A `{ … }` list: all items of the kind of the first.
    fn list(&mut self, items: &[Sp<Value<'_>>]) -> Option<Base> {
        let kind = |g: &mut Self, v: &Value<'_>| -> Option<Base> {
            match v {
                Value::Expr(Expr::Var(r)) => {
                    let t = g.vars.get(r.name.v).copied()?;
                    let elem = if r.index.is_some() {
                        t.array.then_some(t.base)?
                    } else {
                        (!t.array).then_some(t.base)?
                    };
                    matches!(elem, Base::Int | Base::Str).then_some(elem)
                }
                Value::Expr(_) => Some(Base::Int),
                Value::Str(_) => Some(Base::Str),
                Value::Coord(Coord::At(..) | Coord::Random(_)) => Some(Base::Coord),
                Value::Region(_) => Some(Base::Region),
                _ => None,
            }
        };
        let first = kind(self, &items[0].v);
        let Some(base) = first else {
            self.error(items[0].span.clone(), "syntax error");
            return None;
        };
        for item in items {
            if kind(self, &item.v) != Some(base) {
                self.report
                    .error(item.span.clone(), "syntax error")
                    .label(format!("every item of this list must be a {}", base.name()));
                return None;
            }
            match &item.v {
                Value::Expr(e) if base == Base::Int => self.expr(e),
                Value::Expr(Expr::Var(v)) => self.use_var(v, Base::Str),
                Value::Str(s) => self.string(s),
                Value::Coord(c) => self.coord(c),
                Value::Region(r) => self.region(r),
                _ => {}
            }
        }
        Some(base)
    }

    fn condition(&mut self, c: &Condition<'_>) -> Opcode {
        match c {
            Condition::Percent(p) => {
                self.ints(&[*p, 100]);
                self.op(Opcode::Rn2);
                Opcode::Jg
            }
            Condition::Compare(a, op, b) => {
                self.expr(a);
                self.expr(b);
                *op
            }
            Condition::NonZero(a) => {
                self.expr(a);
                self.push_int(0);
                Opcode::Jne
            }
        }
    }

    fn expr(&mut self, e: &Expr<'_>) {
        match e {
            Expr::Int(v) => {
                self.push_int(*v);
            }
            Expr::Dice(n, d) => {
                self.ints(&[*n, *d]);
                self.op(Opcode::Dice);
            }
            Expr::Var(v) => self.use_var(v, Base::Int),
            Expr::Binary(a, op, b) => {
                self.expr(a);
                self.expr(b);
                self.op(*op);
            }
        }
    }

    fn string(&mut self, parts: &[StrPart<'_>]) {
        for (i, p) in parts.iter().enumerate() {
            match p {
                StrPart::Lit(s) => {
                    self.push(Operand::Str(s.to_string()));
                }
                StrPart::Var(v) => self.use_var(v, Base::Str),
            }
            if i > 0 {
                self.op(Opcode::MathAdd);
            }
        }
    }

    fn coord(&mut self, c: &Coord<'_>) {
        match c {
            Coord::At(x, y, span) => {
                if *x < 0 || *y < 0 || *x >= COLNO || *y >= ROWNO {
                    self.error(
                        span.clone(),
                        format!("Coordinates ({x},{y}) out of map range!"),
                    );
                }
                self.push(Operand::Coord((x & 0xff) + ((y & 0xff) << 16)));
            }
            Coord::Random(flags) => {
                self.push(Operand::Coord(COORD_RANDOM | flags));
            }
            Coord::Rnd(sel) => {
                self.selection(sel);
                self.op(Opcode::SelRndCoord);
            }
            Coord::Var(v) => self.use_var(v, Base::Coord),
        }
    }

    fn region(&mut self, r: &Region<'_>) {
        match r {
            Region::Lit([x1, y1, x2, y2], span) => {
                if x1 > x2 || y1 > y2 {
                    self.error(
                        span.clone(),
                        format!("Region start > end: ({x1},{y1},{x2},{y2})!"),
                    );
                }
                let packed =
                    (x1 & 0xff) + ((y1 & 0xff) << 8) + ((x2 & 0xff) << 16) + ((y2 & 0xff) << 24);
                self.push(Operand::Region(packed));
            }
            Region::Var(v) => self.use_var(v, Base::Region),
        }
    }

    fn mapchar(&mut self, m: &MapChar<'_>) {
        match m {
            MapChar::Lit(c, lit) => {
                let mut t = terrain::what_map_char(c.v);
                if t == terrain::INVALID_TYPE {
                    self.error(
                        c.span.clone(),
                        format!("Unknown map char type '{}'!", char::from(c.v)),
                    );
                    t = terrain::STONE;
                }
                self.push(Operand::MapChar(((10 + lit) << 8) | (t & 0xff)));
            }
            MapChar::Var(v) => self.use_var(v, Base::MapChar),
        }
    }

    fn thing(&mut self, t: &ThingOrVar<'_>, base: Base) {
        match t {
            ThingOrVar::Lit(t) => {
                let v = self.encode_thing(t, base);
                self.push(if base == Base::Monster {
                    Operand::Monster(v)
                } else {
                    Operand::Object(v)
                });
            }
            ThingOrVar::Var(v) => self.use_var(v, base),
        }
    }

    /// `encodemonster` / `encodeobj`.
    fn encode_thing(&mut self, t: &Thing<'_>, base: Base) -> i64 {
        let pack = |index: i64, class: i64| ((10 + index) << 8) | (class & 0xff);
        let monster = base == Base::Monster;
        match t {
            Thing::Random => -1,
            Thing::Name(name) => {
                let found = if monster {
                    self.game.monster_id_any_case(name.v, None).map(|m| {
                        let class = self.game.monsters().nth(m as usize).map_or(0, |(_, c)| c);
                        pack(i64::from(m), i64::from(class))
                    })
                } else {
                    self.game
                        .object_id_any_case(name.v, None)
                        .map(|o| pack(i64::from(o), 1))
                };
                found.unwrap_or_else(|| {
                    let what = if monster { "monster" } else { "object" };
                    self.report
                        .error(name.span.clone(), format!("Unknown {what} \"{}\"!", name.v));
                    -1
                })
            }
            Thing::Class(c) => {
                let ok = if monster {
                    self.game.is_monster_class(c.v)
                } else {
                    self.game.is_object_class(c.v)
                };
                if ok {
                    pack(-1, i64::from(c.v))
                } else {
                    let what = if monster { "monster" } else { "object" };
                    self.report.error(
                        c.span.clone(),
                        format!("Unknown {what} class '{}'!", char::from(c.v)),
                    );
                    -1
                }
            }
            Thing::ClassName(c, name) => {
                let found = if monster {
                    self.game.monster_id_any_case(name.v, Some(c.v))
                } else {
                    self.game.object_id_any_case(name.v, Some(c.v))
                };
                match found {
                    Some(i) => pack(i64::from(i), i64::from(c.v)),
                    None => {
                        let what = if monster { "monster" } else { "object" };
                        self.report.error(
                            name.span.clone(),
                            format!("Unknown {what} ('{}', \"{}\")!", char::from(c.v), name.v),
                        );
                        -1
                    }
                }
            }
        }
    }

    fn monster_infos(&mut self, infos: &[Sp<MonsterInfo<'_>>]) {
        let mut seen = 0u32;
        for info in infos {
            let code = match &info.v {
                MonsterInfo::Name(s) => {
                    self.string(s);
                    self.push_int(4);
                    4
                }
                MonsterInfo::Fixed(value, code) => {
                    self.ints(&[*value, *code]);
                    *code
                }
                MonsterInfo::Appear(kind, s) => {
                    self.string(s);
                    self.ints(&[*kind, 3]);
                    3
                }
                MonsterInfo::Timed(e, code) => {
                    self.expr(e);
                    self.push_int(*code);
                    *code
                }
                MonsterInfo::SeenTraps(traps) => {
                    let mask = self.trap_mask(traps);
                    self.ints(&[mask, 15]);
                    15
                }
            };
            let bit = match code {
                4 => 0x1,
                0 => 0x2,
                2 => 0x4,
                1 => 0x8,
                3 => 0x10,
                c => 1 << c,
            };
            if seen & bit != 0 {
                self.error(info.span.clone(), "MONSTER extra info defined twice.");
            }
            seen |= bit;
        }
    }

    fn trap_mask(&mut self, traps: &[Sp<Option<&str>>]) -> i64 {
        let mut mask = 0i64;
        for (i, t) in traps.iter().enumerate().rev() {
            match t.v {
                None if i + 1 == traps.len() => mask = -1,
                None => self.error(t.span.clone(), "syntax error"),
                Some(name) => {
                    let token = terrain::trap_type(name).unwrap_or(0);
                    if token == 0 {
                        self.error(t.span.clone(), format!("Unknown trap type '{name}'!"));
                    }
                    let bit = 1i64.wrapping_shl((token - 1) as u32);
                    if i + 1 < traps.len() && bit & mask != 0 {
                        self.error(
                            t.span.clone(),
                            format!("Monster seen_traps, trap '{name}' listed twice."),
                        );
                    }
                    mask |= bit;
                }
            }
        }
        mask
    }

    /// Pushes an object's properties; true if one is its coordinate.
    fn object_infos(&mut self, infos: &[Sp<ObjectInfo<'_>>]) -> bool {
        let mut seen = 0u32;
        for info in infos {
            let bit = match &info.v {
                ObjectInfo::Fixed(value, code) => {
                    self.ints(&[*value, *code]);
                    object_bit(*code)
                }
                ObjectInfo::Montype(m) => {
                    self.thing(m, Base::Monster);
                    self.push_int(2);
                    0x2
                }
                ObjectInfo::Spe(e) => {
                    self.expr(e);
                    self.push_int(0);
                    0x4
                }
                ObjectInfo::Name(s) => {
                    self.string(s);
                    self.push_int(3);
                    0x8
                }
                ObjectInfo::Timed(e, code) => {
                    self.expr(e);
                    self.push_int(*code);
                    object_bit(*code)
                }
                ObjectInfo::DoorState(d) => match d.v {
                    8 => {
                        self.ints(&[1, 8]);
                        0x100
                    }
                    1 => {
                        self.ints(&[1, 13]);
                        0x200
                    }
                    _ => {
                        self.error(d.span.clone(), "DOOR state can only be locked or broken.");
                        0
                    }
                },
                ObjectInfo::Coord(c) => {
                    self.coord(c);
                    self.push_int(14);
                    0x4000
                }
            };
            if seen & bit != 0 {
                self.error(info.span.clone(), "OBJECT extra info defined twice.");
            }
            seen |= bit;
        }
        seen & 0x4000 != 0
    }

    fn selection(&mut self, sel: &Sel<'_>) {
        for term in sel {
            self.sel_term(term);
        }
        for _ in 1..sel.len() {
            self.op(Opcode::SelAdd);
        }
    }

    fn sel_term(&mut self, t: &SelTerm<'_>) {
        match t {
            SelTerm::Point(Coord::Var(v)) if self.is_selection_var(v) => self.use_var(v, Base::Sel),
            SelTerm::Point(c) => {
                self.coord(c);
                self.op(Opcode::SelPoint);
            }
            SelTerm::Rect(r) => {
                self.region(r);
                self.op(Opcode::SelRect);
            }
            SelTerm::FillRect(r) => {
                self.region(r);
                self.op(Opcode::SelFillRect);
            }
            SelTerm::Line(a, b) => {
                self.coord(a);
                self.coord(b);
                self.op(Opcode::SelLine);
            }
            SelTerm::RandLine(a, b, rough) => {
                self.coord(a);
                self.coord(b);
                self.expr(rough);
                self.op(Opcode::SelRndLine);
            }
            SelTerm::Grow(dirs, s) => {
                self.selection(s);
                self.push_int(*dirs);
                self.op(Opcode::SelGrow);
            }
            SelTerm::FilterPercent(p, s) => {
                self.selection(s);
                self.ints(&[*p, 0]);
                self.op(Opcode::SelFilter);
            }
            SelTerm::Filter(by, s) => {
                let kind = match by {
                    FilterBy::Sel(first) => match first.as_slice() {
                        [SelTerm::Point(Coord::Var(v))] if self.is_mapchar_var(v) => {
                            self.use_var(v, Base::MapChar);
                            2
                        }
                        _ => {
                            self.selection(first);
                            1
                        }
                    },
                    FilterBy::MapChar(m) => {
                        self.mapchar(m);
                        2
                    }
                };
                self.selection(s);
                self.push_int(kind);
                self.op(Opcode::SelFilter);
            }
            SelTerm::Flood(c) => {
                self.coord(c);
                self.op(Opcode::SelFlood);
            }
            SelTerm::Circle(c, r, fill) => {
                self.coord(c);
                self.expr(r);
                self.op(Opcode::Copy);
                self.push_int(fill.unwrap_or(1));
                self.op(Opcode::SelEllipse);
            }
            SelTerm::Ellipse(c, a, b, fill) => {
                self.coord(c);
                self.expr(a);
                self.expr(b);
                self.push_int(fill.unwrap_or(1));
                self.op(Opcode::SelEllipse);
            }
            SelTerm::Gradient {
                kind,
                from,
                to,
                limited,
                center,
                end,
            } => {
                self.expr(from);
                self.expr(to);
                self.coord(center);
                match end {
                    Some(c) => self.coord(c),
                    None => self.op(Opcode::Copy),
                }
                self.ints(&[*limited, *kind]);
                self.op(Opcode::SelGradient);
            }
            SelTerm::Complement(t) => {
                self.sel_term(t);
                self.op(Opcode::SelComplement);
            }
            SelTerm::Paren(s) => self.selection(s),
        }
    }

    fn is_selection_var(&self, v: &VarRef<'_>) -> bool {
        v.index.is_none() && self.vars.get(v.name.v).is_some_and(|t| t.base == Base::Sel)
    }

    fn is_mapchar_var(&self, v: &VarRef<'_>) -> bool {
        self.vars
            .get(v.name.v)
            .is_some_and(|t| t.base == Base::MapChar)
    }
}

/// `OBJECT`'s bit for a `SP_O_V_` code, for the "defined twice" check.
fn object_bit(code: i64) -> u32 {
    match code {
        1 => 0x1,
        4 => 0x10,
        5 => 0x20,
        6 => 0x40,
        7 => 0x80,
        9 => 0x400,
        10 => 0x800,
        11 => 0x1000,
        12 => 0x2000,
        _ => 0,
    }
}

/// Room flags in words: `filled, irregular, unjoined`.
fn describe_room_flags(flags: i64) -> String {
    let words = [
        if flags & 1 != 0 { "filled" } else { "unfilled" },
        if flags & 2 != 0 {
            "irregular"
        } else {
            "regular"
        },
        if flags & 4 != 0 { "unjoined" } else { "joined" },
    ];
    format!("{} ({flags})", words.join(", "))
}

fn reverse_jump(op: Opcode) -> Opcode {
    match op {
        Opcode::Je => Opcode::Jne,
        Opcode::Jne => Opcode::Je,
        Opcode::Jl => Opcode::Jge,
        Opcode::Jg => Opcode::Jle,
        Opcode::Jle => Opcode::Jg,
        _ => Opcode::Jl,
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

impl Expr<'_> {
    /// No dice and no variable in it (`is_inconstant_number` unset).
    fn is_constant(&self) -> bool {
        match self {
            Expr::Int(_) => true,
            Expr::Dice(..) | Expr::Var(_) => false,
            Expr::Binary(a, _, b) => a.is_constant() && b.is_constant(),
        }
    }
}
