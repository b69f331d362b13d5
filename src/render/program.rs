//! A NetHack 3.6 level program drawn: its `MAP` blocks, and every
//! statement whose place the program fixes drawn on the map it follows
//! (on the whole level before the first map); what lies under `IF`,
//! `LOOP`, `SWITCH`, a chance or a function (code a jump can skip or
//! repeat) is marked conditional; regions and selections are areas.
//!
//! The program is read statement by statement: the operands pushed since
//! the last statement are its arguments (`SEL_POINT` and `SEL_RECT` make
//! a coordinate or region a selection of it). An argument computed at run
//! time (a variable, an expression, a computed selection) is no fixed
//! place: the statement is listed, not drawn.

use crate::des::nh36::{Instr, Opcode, Operand, Program};
use crate::game::Game;
use crate::text::quoted;

use super::level::{note, COLNO, ROWNO};
use super::rooms::{self as room_geometry, Interior};
use super::symbols::{self, ANY_MONSTER, ANY_OBJECT};
use super::{Area, AreaKind, Cell, Colour, Drawing, Entry, Picture};

/// An argument of a statement.
#[derive(Clone, Debug)]
enum Arg<'p> {
    Int(i64),
    Str(&'p str),
    /// A fixed point.
    Point(i32, i32),
    /// A random point (`random`, or one with a random part).
    RandomPoint,
    /// A region x1, y1, x2, y2.
    Region(i32, i32, i32, i32),
    /// A selection of fixed points and rectangles.
    Selection(Vec<(i32, i32, i32, i32)>),
    /// A value the program computes (a variable, a computed selection).
    Computed,
    MapChar(i64),
    Monster(i64),
    Object(i64),
}

impl<'p> Arg<'p> {
    fn of(op: &'p Operand) -> Arg<'p> {
        match op {
            Operand::Int(n) => Arg::Int(*n),
            Operand::Str(s) => Arg::Str(s),
            Operand::Coord(c) if c & 0x0100_0000 != 0 => Arg::RandomPoint,
            Operand::Coord(c) => Arg::Point((c & 0xff) as i32, ((c >> 16) & 0xff) as i32),
            Operand::Region(r) => Arg::Region(
                (r & 0xff) as i32,
                ((r >> 8) & 0xff) as i32,
                ((r >> 16) & 0xff) as i32,
                ((r >> 24) & 0xff) as i32,
            ),
            Operand::MapChar(m) => Arg::MapChar(*m),
            Operand::Monster(m) => Arg::Monster(*m),
            Operand::Object(o) => Arg::Object(*o),
            Operand::Null | Operand::Var(_) => Arg::Computed,
        }
    }
}

/// Which instructions a jump can skip or repeat.
fn conditional(code: &[Instr]) -> Vec<bool> {
    let mut depth = vec![0i32; code.len() + 1];
    for (i, instr) in code.iter().enumerate() {
        let jump = matches!(
            instr,
            Instr::Op(
                Opcode::Jmp
                    | Opcode::Jl
                    | Opcode::Jle
                    | Opcode::Jg
                    | Opcode::Jge
                    | Opcode::Je
                    | Opcode::Jne
            )
        );
        let offset = match (jump, i.checked_sub(1).map(|p| &code[p])) {
            (true, Some(Instr::Push(Operand::Int(n)))) => *n,
            _ => continue,
        };
        // sp_lev.c adds the offset to the jump's index, then steps on.
        let target = (i as i64)
            .saturating_add(offset)
            .saturating_add(1)
            .clamp(0, code.len() as i64) as usize;
        let (from, to) = if target > i {
            (i + 1, target)
        } else {
            (target, i + 1)
        };
        depth[from] += 1;
        depth[to] -= 1;
    }
    let mut level = 0;
    depth[..code.len()]
        .iter()
        .map(|d| {
            level += d;
            level > 0
        })
        .collect()
}

/// What is drawn: the pictures so far, the one statements go on.
struct Canvas<'g> {
    game: &'g Game,
    /// The whole level, for what comes before the first map.
    level: Picture,
    maps: Vec<Picture>,
    /// The `ROOM`s and `SUBROOM`s being defined, innermost last, with
    /// their interior when their place and size are fixed: places inside
    /// are the room's.
    rooms: Vec<Option<Interior>>,
    notes: Vec<String>,
}

impl Canvas<'_> {
    fn current(&mut self) -> &mut Picture {
        self.maps.last_mut().unwrap_or(&mut self.level)
    }

    /// Where a statement's places start in the picture: the map's or
    /// level's corner, the innermost room's interior, or `None` inside a
    /// room whose place is random.
    fn origin(&self) -> Option<(i32, i32)> {
        match self.rooms.last() {
            None => Some((0, 0)),
            Some(room) => room.map(|(lx, ly, _, _)| (lx, ly)),
        }
    }

    /// A thing at the statement's first point, drawn there when the point
    /// is fixed and outside rooms; listed otherwise.
    fn thing(&mut self, args: &[Arg<'_>], glyph: char, colour: Colour, text: String, cond: bool) {
        let at = args.iter().find_map(|a| match a {
            Arg::Point(x, y) => Some((*x, *y)),
            _ => None,
        });
        let in_room = if self.rooms.is_empty() {
            ""
        } else {
            " in its room"
        };
        let (at, place) = match (at, self.origin()) {
            (Some((x, y)), Some((ox, oy))) => {
                (Some((ox + x, oy + y)), format!("({x},{y}){in_room}"))
            }
            (Some((x, y)), None) => (None, format!("({x},{y}){in_room}")),
            (None, _) => match args.iter().any(|a| matches!(a, Arg::Computed)) {
                true => (None, "computed".to_string()),
                false => (None, "random".to_string()),
            },
        };
        self.current().place(Entry {
            glyph,
            colour,
            at,
            place,
            text,
            conditional: cond,
        });
    }

    /// Every fixed cell of the statement's selection, each drawn as a
    /// thing; a computed selection listed.
    fn selection(&mut self, args: &[Arg<'_>], glyph: char, colour: Colour, text: &str, cond: bool) {
        let rects: Vec<(i32, i32, i32, i32)> = args
            .iter()
            .flat_map(|a| match a {
                Arg::Selection(r) => r.clone(),
                _ => Vec::new(),
            })
            .collect();
        if rects.is_empty() {
            self.thing(args, glyph, colour, text.to_string(), cond);
            return;
        }
        for (x1, y1, x2, y2) in rects {
            for y in y1.min(y2)..=y1.max(y2) {
                for x in x1.min(x2)..=x1.max(x2) {
                    self.thing(&[Arg::Point(x, y)], glyph, colour, text.to_string(), cond);
                }
            }
        }
    }

    fn area(&mut self, kind: AreaKind, rect: (i32, i32, i32, i32), text: String, cond: bool) {
        let area = Area {
            kind,
            rect,
            conditional: cond,
            text,
        };
        self.current().areas.push(area);
    }
}

/// `program` drawn with `game`'s symbols and names.
pub fn program(program: &Program, game: &Game) -> Drawing {
    let cond = conditional(&program.code);
    let mut canvas = Canvas {
        game,
        level: Picture::new(
            "the whole level (before any map)".to_string(),
            COLNO,
            ROWNO,
            Cell::default(),
        ),
        maps: Vec::new(),
        rooms: Vec::new(),
        notes: vec!["NetHack 3.6 level program".to_string()],
    };
    let mut args: Vec<Arg<'_>> = Vec::new();
    for (i, instr) in program.code.iter().enumerate() {
        match instr {
            Instr::Push(op) => args.push(Arg::of(op)),
            Instr::Op(Opcode::SelPoint) => {
                if let Some(a) = args
                    .iter_mut()
                    .rev()
                    .find(|a| matches!(a, Arg::Point(..) | Arg::RandomPoint | Arg::Computed))
                {
                    *a = match a {
                        Arg::Point(x, y) => Arg::Selection(vec![(*x, *y, *x, *y)]),
                        _ => Arg::Computed,
                    };
                }
            }
            Instr::Op(Opcode::SelRect | Opcode::SelFillRect) => {
                if let Some(a) = args
                    .iter_mut()
                    .rev()
                    .find(|a| matches!(a, Arg::Region(..) | Arg::Computed))
                {
                    *a = match a {
                        Arg::Region(x1, y1, x2, y2) => Arg::Selection(vec![(*x1, *y1, *x2, *y2)]),
                        _ => Arg::Computed,
                    };
                }
            }
            Instr::Op(Opcode::SelAdd) => {
                let b = args.pop();
                let a = args.pop();
                args.push(match (a, b) {
                    (Some(Arg::Selection(mut a)), Some(Arg::Selection(b))) => {
                        a.extend(b);
                        Arg::Selection(a)
                    }
                    _ => Arg::Computed,
                });
            }
            Instr::Op(op) if op.name().starts_with("SEL_") => {
                // A computed selection: what it stands for is known when
                // the level is made.
                args.clear();
                args.push(Arg::Computed);
            }
            Instr::Op(op) => {
                statement(&mut canvas, *op, &args, cond[i]);
                args.clear();
            }
        }
    }
    let Canvas {
        level, maps, notes, ..
    } = canvas;
    let mut pictures = Vec::new();
    if !level.legend.is_empty() || !level.areas.is_empty() || maps.is_empty() {
        pictures.push(level);
    }
    pictures.extend(maps);
    Drawing {
        name: program.name.clone(),
        file: String::new(),
        notes,
        pictures,
    }
}

/// The class character and table index of the first monster or object
/// (`SP_MONST_PACK`, `SP_OBJ_PACK`) `pick` finds in the arguments; 0 and
/// -1 for a random one.
fn packed(args: &[Arg<'_>], pick: impl Fn(&Arg<'_>) -> Option<i64>) -> (u8, i16) {
    match args.iter().find_map(pick) {
        Some(v) if v != -1 => ((v & 0xff) as u8, ((v >> 8) & 0xffff) as i16 - 10),
        _ => (0, -1),
    }
}

/// The ints of a statement's arguments, in order.
fn ints(args: &[Arg<'_>]) -> Vec<i64> {
    args.iter()
        .filter_map(|a| match a {
            Arg::Int(n) => Some(*n),
            _ => None,
        })
        .collect()
}

/// One statement, drawn or listed.
fn statement(canvas: &mut Canvas<'_>, op: Opcode, args: &[Arg<'_>], cond: bool) {
    let game = canvas.game;
    let numbering = &game.format().numbering;
    let when = if cond { " (conditional)" } else { "" };
    match op {
        Opcode::Map => map(canvas, args, cond),
        Opcode::Message => {
            if let Some(Arg::Str(s)) = args.iter().find(|a| matches!(a, Arg::Str(_))) {
                canvas.notes.push(format!("message{when}: {}", quoted(s)));
            }
        }
        Opcode::Room | Opcode::Subroom => room(canvas, op, args, cond),
        Opcode::EndRoom => {
            canvas.rooms.pop();
        }
        Opcode::LevelFlags => {
            let bits = ints(args).first().copied().unwrap_or(0);
            let set: Vec<&str> = (numbering.level_flags.iter())
                .filter(|&&(_, bit)| bits & bit != 0)
                .map(|(n, _)| &**n)
                .collect();
            if !set.is_empty() {
                canvas
                    .notes
                    .push(format!("flags{when}: {}", set.join(", ")));
            }
        }
        Opcode::InitLevel => {
            let style = match ints(args).first() {
                Some(1) => "solid fill",
                Some(2) => "maze grid",
                Some(3) => "a random map, mines style",
                Some(4) => "a rogue level",
                _ => "nothing made",
            };
            canvas
                .notes
                .push(format!("the level starts as {style}{when}"));
        }
        Opcode::Monster => {
            let (class, id) = packed(args, |a| match a {
                Arg::Monster(m) => Some(*m),
                _ => None,
            });
            let name = (id >= 0).then(|| game.monster_name(id)).flatten();
            let (glyph, colour) = match class {
                0 => (ANY_MONSTER, super::NO_COLOUR),
                c => (char::from(c), symbols::monster_colour(name, c)),
            };
            let class_word = match class {
                0 => "random".to_string(),
                c => format!("'{}'", char::from(c).escape_default()),
            };
            let text = format!("monster {} (class {class_word})", name.unwrap_or("random"));
            canvas.thing(args, glyph, colour, text, cond);
        }
        Opcode::Object => {
            let (class, id) = packed(args, |a| match a {
                Arg::Object(o) => Some(*o),
                _ => None,
            });
            let name = (id >= 0).then(|| game.object_name(id)).flatten();
            let (glyph, colour) = match class {
                0 => (ANY_OBJECT, super::NO_COLOUR),
                c => (char::from(c), symbols::object_colour(c)),
            };
            let text = format!("object {}", name.unwrap_or("random"));
            canvas.thing(args, glyph, colour, text, cond);
        }
        Opcode::Trap => {
            let kind = ints(args).last().copied().unwrap_or(-1);
            let name = i8::try_from(kind).ok().and_then(|k| numbering.trap_name(k));
            let (glyph, colour) = symbols::trap(name);
            let text = format!("trap: {}", name.unwrap_or("random"));
            canvas.thing(args, glyph, colour, text, cond);
        }
        Opcode::Stair | Opcode::Ladder => {
            let up = ints(args).last().copied() == Some(1);
            let (glyph, dir) = if up { ('<', "up") } else { ('>', "down") };
            let (what, colour) = match op {
                Opcode::Stair => ("stair", symbols::PLAIN),
                _ => ("ladder", symbols::LADDER),
            };
            canvas.thing(args, glyph, colour, format!("{what} {dir}"), cond);
        }
        Opcode::Altar => {
            let kind = match ints(args).first() {
                Some(1) => "shrine",
                Some(2) => "sanctum",
                Some(0) => "altar",
                _ => "altar (random kind)",
            };
            canvas.thing(args, '_', symbols::PLAIN, kind.to_string(), cond);
        }
        Opcode::Fountain => canvas.selection(args, '{', symbols::WATER, "fountain", cond),
        Opcode::Sink => canvas.selection(args, '#', symbols::PLAIN, "sink", cond),
        Opcode::Pool => canvas.selection(args, '}', symbols::WATER, "pool", cond),
        Opcode::Door => {
            let state = ints(args).first().copied().unwrap_or(-1);
            let state = crate::des::DoorState::from_code(state as i8);
            let (glyph, colour) = super::level::door(state, false);
            let text = format!("door, {}", state.name().unwrap_or("random"));
            canvas.selection(args, glyph, colour, &text, cond);
        }
        Opcode::Grave => canvas.thing(args, '|', symbols::PLAIN, "grave".to_string(), cond),
        Opcode::Gold => canvas.thing(args, '$', symbols::GOLD, "gold".to_string(), cond),
        Opcode::Drawbridge => {
            canvas.thing(args, '#', symbols::DOOR, "drawbridge".to_string(), cond)
        }
        Opcode::Engraving | Opcode::Mazewalk => {
            let text = match args.iter().find(|a| matches!(a, Arg::Str(_))) {
                Some(Arg::Str(s)) => format!("engraving {}", quoted(s)),
                _ => "mazewalk".to_string(),
            };
            let place = match args.iter().find(|a| matches!(a, Arg::Point(..))) {
                Some(Arg::Point(x, y)) => format!("({x},{y})"),
                _ => "random".to_string(),
            };
            canvas.current().legend.push(Entry {
                place,
                conditional: cond,
                ..note(text)
            });
        }
        Opcode::Terrain => {
            let t = args.iter().rev().find_map(|a| match a {
                Arg::MapChar(m) => Some((m & 0xff) as i8),
                _ => None,
            });
            let (glyph, colour) = t.map_or((' ', super::NO_COLOUR), |t| symbols::terrain(game, t));
            let name = t.and_then(|t| numbering.terrain_name(t)).unwrap_or("?");
            let text = format!("terrain {name}");
            for a in args {
                match a {
                    Arg::Selection(rects) if canvas.rooms.is_empty() && !cond => {
                        for &(x1, y1, x2, y2) in rects {
                            for y in y1.min(y2)..=y1.max(y2) {
                                for x in x1.min(x2)..=x1.max(x2) {
                                    canvas.current().paint(x, y, glyph, colour);
                                }
                            }
                        }
                    }
                    Arg::Selection(rects) => {
                        for &rect in rects {
                            canvas.area(AreaKind::Selection, rect, text.clone(), cond);
                        }
                    }
                    Arg::Computed => canvas.current().legend.push(Entry {
                        place: "a computed selection".to_string(),
                        conditional: cond,
                        ..note(text.clone())
                    }),
                    _ => {}
                }
            }
        }
        Opcode::ReplaceTerrain | Opcode::NonDiggable | Opcode::NonPasswall | Opcode::Region => {
            let Some(Arg::Region(x1, y1, x2, y2)) =
                args.iter().find(|a| matches!(a, Arg::Region(..)))
            else {
                return;
            };
            let rect = (*x1, *y1, *x2, *y2);
            let words = format!("({x1},{y1})-({x2},{y2})");
            let (kind, text) = match op {
                Opcode::NonDiggable => {
                    (AreaKind::NonDiggable, format!("non-diggable walls {words}"))
                }
                Opcode::NonPasswall => {
                    (AreaKind::NonPasswall, format!("non-passwall walls {words}"))
                }
                Opcode::ReplaceTerrain => {
                    (AreaKind::Selection, format!("terrain replaced in {words}"))
                }
                _ => match ints(args).first() {
                    Some(1) => (AreaKind::Lit, format!("region {words}, lit")),
                    Some(0) => (AreaKind::Unlit, format!("region {words}, unlit")),
                    _ => (
                        AreaKind::RandomLight,
                        format!("region {words}, lit at random"),
                    ),
                },
            };
            canvas.area(kind, rect, text, cond);
        }
        Opcode::LevRegion => {
            let i = ints(args);
            let kind = i.get(10).and_then(|&k| i8::try_from(k).ok());
            let word = kind
                .and_then(|k| numbering.level_region_name(k))
                .unwrap_or("level region");
            if let [x1, y1, x2, y2, whole, ..] = i[..] {
                let text = format!(
                    "{word} region in {} ({x1},{y1})-({x2},{y2})",
                    if whole != 0 { "level" } else { "map" }
                );
                let rect = (x1 as i32, y1 as i32, x2 as i32, y2 as i32);
                match whole {
                    0 => canvas.area(AreaKind::LevelRegion(word.to_string()), rect, text, cond),
                    _ => canvas.current().legend.push(Entry {
                        conditional: cond,
                        ..note(text)
                    }),
                }
            }
        }
        _ => {}
    }
}

/// `ROOM` or `SUBROOM` (`rtype, chance, lit`, then `flags, xalign,
/// yalign, x, y, w, h`, -1 for random): drawn where `create_room` or
/// `create_subroom` puts it when its place and size are fixed and it is
/// not conditional, else listed; what it holds is placed in it.
fn room(canvas: &mut Canvas<'_>, op: Opcode, args: &[Arg<'_>], cond: bool) {
    let i = ints(args);
    let [rtype, chance, lit, .., ax, ay, x, y, w, h] = i[..] else {
        canvas.rooms.push(None);
        return;
    };
    let small = |v: i64| i8::try_from(v).unwrap_or(-1);
    let mut des = crate::des::Room::default();
    (des.x, des.y, des.w, des.h) = (small(x), small(y), small(w), small(h));
    (des.xalign, des.yalign) = (small(ax), small(ay));
    des.rtype = crate::des::RoomType(small(rtype));
    let interior = match (op, canvas.rooms.last()) {
        _ if cond => None,
        (Opcode::Room, None) => room_geometry::top_level(&des, canvas.game),
        (Opcode::Subroom, Some(Some(parent))) => room_geometry::subroom(&des, *parent),
        _ => None,
    };
    let value = |v: i64| {
        if v < 0 {
            "random".to_string()
        } else {
            v.to_string()
        }
    };
    let mut text = format!(
        "{} {}, {}, at ({},{}) size {}x{}",
        op.name().to_lowercase(),
        canvas
            .game
            .format()
            .numbering
            .room_type_name(small(rtype))
            .unwrap_or("random"),
        match lit {
            1 => "lit",
            0 => "unlit",
            _ => "lit at random",
        },
        value(x),
        value(y),
        value(w),
        value(h),
    );
    if chance != 100 {
        text.push_str(&format!(", {chance}% chance"));
    }
    match interior {
        Some(rect) => {
            room_geometry::walls(canvas.current(), rect);
            let kind = match lit {
                1 => AreaKind::Lit,
                0 => AreaKind::Unlit,
                _ => AreaKind::RandomLight,
            };
            canvas.area(kind, rect, text, cond);
        }
        None => {
            let when = if cond { " (conditional)" } else { "" };
            canvas.notes.push(format!(
                "{text}{when}: not drawn (its place or size is random, or it is conditional); \
                 what it holds is listed"
            ));
        }
    }
    canvas.rooms.push(interior);
}

/// `MAP`: a new picture of its cells (terrain types + 1; one past the
/// last is a cell the map leaves as it is, drawn blank).
fn map(canvas: &mut Canvas<'_>, args: &[Arg<'_>], cond: bool) {
    let game = canvas.game;
    let (cells, height, width) = match args {
        [.., Arg::Str(cells), Arg::Int(h), Arg::Int(w)] => (*cells, *h, *w),
        _ => return,
    };
    let (width, height) = (width.clamp(0, 255) as usize, height.clamp(0, 255) as usize);
    if width == 0 || height == 0 {
        // NOMAP: places are the whole level's from here on.
        if !canvas.maps.is_empty() {
            let title = format!(
                "no map: the whole level{}",
                if cond { " (conditional)" } else { "" }
            );
            canvas
                .maps
                .push(Picture::new(title, COLNO, ROWNO, Cell::default()));
        }
        return;
    }
    let align = match args.first() {
        Some(Arg::Point(h, v)) => super::level::alignment(*h as i8, *v as i8),
        _ => "random".to_string(),
    };
    let mut picture = Picture::new(
        format!(
            "map {width}x{height}, placed {align}{}",
            if cond { " (conditional)" } else { "" }
        ),
        width,
        height,
        Cell::default(),
    );
    let see_through = game.format().numbering.terrain.len() + 1;
    for (i, &t) in cells.as_bytes().iter().enumerate().take(width * height) {
        if usize::from(t) == see_through || t == 0 {
            continue;
        }
        let (glyph, colour) = symbols::terrain(game, (t as i8).wrapping_sub(1));
        picture.paint((i % width) as i32, (i / width) as i32, glyph, colour);
    }
    canvas.maps.push(picture);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_a_jump_can_skip_or_repeat_is_conditional() {
        let code = vec![
            Instr::Push(Operand::Int(1)),
            Instr::Op(Opcode::Jmp),
            Instr::Op(Opcode::Wallify),
            Instr::Op(Opcode::Wallify),
            Instr::Push(Operand::Int(-3)),
            Instr::Op(Opcode::Jne),
            Instr::Op(Opcode::Wallify),
        ];
        let c = conditional(&code);
        // Skipped by the first jump, repeated by the second.
        assert_eq!(c, [false, false, true, true, true, true, false]);
        let far = [i64::MAX, i64::MIN]
            .map(|n| conditional(&[Instr::Push(Operand::Int(n)), Instr::Op(Opcode::Jmp)]));
        // Jumps past either end are clamped, not overflowed.
        assert_eq!(far, [vec![false, false], vec![true, true]]);
    }

    #[test]
    fn a_map_of_no_cells_or_odd_operands_draws_without_panicking() {
        let game = Game::nethack_367();
        let code = vec![
            Instr::Push(Operand::Coord(0x0003_0003)),
            Instr::Push(Operand::Str("\u{1}\u{ff}".to_string())),
            Instr::Push(Operand::Int(-5)),
            Instr::Push(Operand::Int(0)),
            Instr::Op(Opcode::Map),
            Instr::Push(Operand::Monster(i64::MAX)),
            Instr::Push(Operand::Coord(0x00ff_00ff)),
            Instr::Op(Opcode::Monster),
            Instr::Op(Opcode::SelAdd),
            Instr::Op(Opcode::Terrain),
        ];
        let program = Program {
            name: "odd".to_string(),
            code,
        };
        let drawing = super::program(&program, &game);
        let text = super::super::Format::Text.write(&[drawing]);
        assert!(text.starts_with("level \"odd\""));
    }
}
