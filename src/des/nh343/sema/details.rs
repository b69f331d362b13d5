//! The statements maze parts and rooms share (MONSTER, OBJECT, TRAP, ALTAR,
//! FOUNTAIN, STAIR, GOLD, ENGRAVING), and the coordinate checks of the
//! place they are in.

use super::maze::Scratch;
use super::values::*;
use super::{push_limited, MAX_OF_TYPE};
use crate::des::nh343::ir::*;
use crate::des::nh343::map::Kinds;
use crate::des::nh343::syntax::*;
use crate::diag::{warn, Reporter, Span};
use crate::game::{Game, RecordFormat, RecordKind};
use crate::suggest;

/// What coordinates are checked against.
pub(super) struct Place<'a> {
    pub(super) in_room: bool,
    pub(super) has_init: bool,
    pub(super) max_x: i64,
    pub(super) max_y: i64,
    /// The map for content checks (`None` in rooms).
    pub(super) map: Option<CheckMap<'a>>,
    /// How the game stores `random` and registers.
    pub(super) coords: Coords,
    /// The game's location types the checks name.
    pub(super) kinds: Kinds,
    /// How many random regions (SLASH'EM's `RANDOM_REGION`) the part has
    /// so far: what `region[n]` may name (none in a room).
    pub(super) random_regions: usize,
}

/// The map a maze part's checks read, as lev_comp's `tmpmap` holds it.
#[derive(Clone, Copy, Debug)]
pub(super) enum CheckMap<'a> {
    /// A MAP part's own map (no cell outside it).
    Part(&'a TerrainMap),
    /// A NOMAP part: what the level's maps left ([`Scratch`]).
    Scratch(&'a Scratch),
}

/// How a game stores the coordinates that are not positions.
#[derive(Clone, Copy, Debug)]
pub(super) struct Coords {
    /// `random` (-11; SLASH'EM -12), also a contained object's place.
    pub(super) random: i8,
    /// Numbered place lists (SLASH'EM): `place[n]` is `(-1, -n-1)`,
    /// not `(-n-1, -n-1)`.
    pub(super) place_sets: bool,
}

impl Coords {
    pub(super) fn of(format: &RecordFormat) -> Coords {
        Coords {
            random: format.random_coordinate,
            place_sets: format.place_sets,
        }
    }
}

/// The record lists a statement may append to: a maze part or a room.
pub(super) enum Target<'a> {
    Part(&'a mut MazePart),
    Room(&'a mut Room),
}

impl Place<'_> {
    /// Encodes a coordinate, checking it against the map range.
    pub(super) fn point(&self, report: &mut Reporter, c: &Sp<Coord>) -> Point {
        match &c.v {
            Coord::At(x, y) => {
                if !self.in_room
                    && !self.has_init
                    && (x.v < 0 || x.v > self.max_x || y.v < 0 || y.v > self.max_y)
                {
                    report
                        .error(c.span.clone(), "Coordinates out of map range!")
                        .label(format!(
                            "the map spans (0,0) to ({},{})",
                            self.max_x, self.max_y
                        ));
                }
                Point {
                    x: byte(report, x),
                    y: byte(report, y),
                }
            }
            Coord::Place(n) => {
                let r = register(report, n, MAX_REGISTERS);
                match self.coords.place_sets {
                    true => Point { x: -1, y: r },
                    false => Point { x: r, y: r },
                }
            }
            Coord::PlaceIn(i, j) => {
                if i.v >= MAX_REGISTERS || j.v >= MAX_REGISTERS {
                    report
                        .error(c.span.clone(), "Register Index overflow!")
                        .label(format!(
                            "expected place lists and entries 0..{}",
                            MAX_REGISTERS - 1
                        ));
                    return Point { x: 0, y: 0 };
                }
                Point {
                    x: register(report, i, MAX_REGISTERS),
                    y: register(report, j, MAX_REGISTERS),
                }
            }
            Coord::Region(n) => {
                if n.v < 0 || n.v >= self.random_regions as i64 {
                    report
                        .error(n.span.clone(), "Register Index overflow!")
                        .label(match self.random_regions {
                            0 => "no RANDOM_REGION comes before it here".to_string(),
                            1 => "this part has one random region so far: region[0]".to_string(),
                            k => format!(
                                "this part has {k} random regions so far: region[0..{}]",
                                k - 1
                            ),
                        });
                    return Point { x: 0, y: 0 };
                }
                // lev_comp's -MAX_REGISTERS-1 and -n-1.
                Point {
                    x: (-MAX_REGISTERS - 1) as i8,
                    y: (-n.v - 1) as i8,
                }
            }
            Coord::Random => Point {
                x: self.coords.random,
                y: self.coords.random,
            },
        }
    }

    /// The point `c` stands for, checked as lev_comp checks a feature's
    /// place outside rooms (`what` names it in the warning).
    pub(super) fn checked_point(&self, report: &mut Reporter, c: &Sp<Coord>, what: &str) -> Point {
        let p = self.point(report, c);
        self.check_if(report, c, None, what);
        p
    }

    /// lev_comp's `check_coord` where it is called: outside rooms, or as a
    /// sanity flag says (notnotdNetHack's `[skipcheck]` skips it,
    /// `[noskipcheck]` asks for it).
    pub(super) fn check_if(
        &self,
        report: &mut Reporter,
        c: &Sp<Coord>,
        flag: Option<bool>,
        what: &str,
    ) {
        if flag.unwrap_or(!self.in_room) {
            self.check_in_wall(report, c, what);
        }
    }

    /// The cell a check of `what` reads at (x, y): in a MAP part its
    /// map's (`None` outside it); after NOMAP what the level's maps left,
    /// and where none left a cell lev_comp reads memory it does not own
    /// (it crashes or reads garbage): an error, and `Err`.
    pub(super) fn cell(
        &self,
        report: &mut Reporter,
        span: &Span,
        (x, y): (i64, i64),
        what: &str,
    ) -> Result<Option<Terrain>, ()> {
        match self.map {
            None => Ok(None),
            Some(CheckMap::Part(map)) => Ok(map.get(x, y)),
            Some(CheckMap::Scratch(scratch)) => match scratch.cell(x, y) {
                Some(t) => Ok(Some(t)),
                None => {
                    report
                        .error(
                            span.clone(),
                            format!("{what} at ({x:02},{y:02}) after NOMAP: no map of this level covers it"),
                        )
                        .label(
                            "lev_comp checks it against the level's last MAP, which has no cell here: \
                             it reads memory it does not own (it crashes or reads garbage)",
                        )
                        .help("draw the place in a MAP part of this level, or place it at random");
                    Err(())
                }
            },
        }
    }

    /// lev_comp's `check_coord`: warns about things placed in rock or doors.
    pub(super) fn check_in_wall(&self, report: &mut Reporter, c: &Sp<Coord>, what: &str) {
        let (Some(_), Coord::At(x, y)) = (self.map, &c.v) else {
            return;
        };
        if x.v < 0 || y.v < 0 || x.v > self.max_x || y.v > self.max_y {
            return;
        }
        if let Ok(Some(t)) = self.cell(report, &c.span, (x.v, y.v), what) {
            if self.kinds.is_rock(t) || t == self.kinds.door {
                report
                    .warning(
                        warn::PLACED_IN_WALL,
                        c.span.clone(),
                        format!("{what} placed in wall at ({:02},{:02})?!", x.v, y.v),
                    )
                    .label(format!("the map has {} here", terrain_name(t)));
            }
        }
    }

    /// A map-relative region, each corner checked against the map range.
    pub(super) fn area(&self, report: &mut Reporter, r: &Rect) -> Area {
        let [x1, y1, x2, y2] = r.v;
        let out = |v: i64, max: i64| v < 0 || v > max;
        if out(x1, self.max_x) || out(y1, self.max_y) || out(x2, self.max_x) || out(y2, self.max_y)
        {
            report
                .error(r.span.clone(), "Region out of map range!")
                .label(format!(
                    "the map spans (0,0) to ({},{})",
                    self.max_x, self.max_y
                ));
        }
        rect_area(report, r)
    }
}

/// The accessors of [`Target`]: the same list of a maze part or a room.
macro_rules! target_lists {
    ($($list:ident: $item:ty),* $(,)?) => {
        impl Target<'_> {
            $(
                fn $list(&mut self) -> &mut Vec<$item> {
                    match self {
                        Target::Part(p) => &mut p.$list,
                        Target::Room(r) => &mut r.$list,
                    }
                }
            )*
        }
    };
}

target_lists!(
    forges: Point,
    monsters: Monster,
    objects: Object,
    traps: Trap,
    altars: Altar,
    fountains: Point,
    stairs: Stair,
    ladders: Stair,
    gold: Gold,
    engravings: Engraving,
);

/// A MONSTER, OBJECT, TRAP, ALTAR, FOUNTAIN, STAIR, LADDER, GOLD or ENGRAVING: the
/// statements maze parts and rooms share. Returns false for other kinds.
pub(super) fn shared_detail(
    report: &mut Reporter,
    game: &Game,
    target: &mut Target<'_>,
    place: &Place<'_>,
    s: &Stmt<'_>,
) -> bool {
    let span = &s.span;
    match &s.kind {
        StmtKind::Monster {
            chance: c,
            class,
            name,
            at,
            infos,
            check,
        } => {
            // notnotdNetHack: class '#' is a monster the game makes from
            // its name, parsed when it makes the level.
            let named_monster = game.format().level_rules.named_monsters
                && matches!(class, Class::Char(c) if c.v == b'#');
            // A register past the last is an error whose class lev_comp
            // leaves unset: no name is found in it.
            let overflow = matches!(class, Class::Register(n) if n.v >= MAX_REGISTERS);
            let class = match named_monster {
                true => b'#' as i8,
                false => monster_class(report, game, class),
            };
            let pos = place.point(report, at);
            place.check_if(report, at, *check, "Monster");
            let mut m = Monster {
                extra: no_extras(game, RecordKind::Monster),
                id: -1,
                align: Alignment::Unspecified,
                pos,
                chance: chance(report, c),
                class,
                peaceful: -1,
                asleep: -1,
                ..Monster::default()
            };
            if let (Some(n), true) = (name, named_monster) {
                m.name = n.v.to_string();
            } else if let Some(n) = name {
                // lev_comp's get_monster_id: class 0 (what `monster[-1]`
                // stores) is any class; a register or `random`, none.
                let lookup = match class {
                    _ if overflow => None,
                    0 => Some(None),
                    c => u8::try_from(c).ok().map(Some),
                };
                let class_char = lookup.flatten();
                match lookup.and_then(|c| game.monster_id(n.v, c)) {
                    Some(id) => m.id = id,
                    None => {
                        let r = report
                            .warning(
                                warn::INVALID_MONSTER_NAME,
                                n.span.clone(),
                                "Invalid monster name!  Making random monster.",
                            )
                            .label(if class_char.is_some() {
                                "no monster of this class has that name"
                            } else {
                                "a named monster needs its class letter"
                            });
                        let other_class = game
                            .monster_id(n.v, None)
                            .and_then(|id| game.monsters().nth(usize::try_from(id).ok()?));
                        if let Some((_, c)) = other_class {
                            r.help(format!("\"{}\" is of class '{}'", n.v, char::from(c)));
                        } else if let Some(s) = suggest::closest(
                            n.v,
                            game.monsters()
                                .filter(|(_, c)| class_char.is_none_or(|k| k == *c))
                                .map(|(name, _)| name),
                        ) {
                            r.help(format!("did you mean \"{s}\"?"));
                        }
                    }
                }
            }
            for info in infos {
                match info {
                    MonInfo::Name(n) => m.name = n.to_string(),
                    MonInfo::Attitude(v) => m.peaceful = *v,
                    MonInfo::Alertness(v) => m.asleep = *v,
                    MonInfo::Align(a) => m.align = alignment(report, a),
                    MonInfo::Appear(kind, text) => {
                        m.appear = *kind;
                        m.appear_as = text.to_string();
                    }
                }
            }
            push_limited(
                report,
                target.monsters(),
                m,
                MAX_OF_TYPE,
                span,
                "Too many monsters in room or mazepart!",
            );
        }
        StmtKind::Object {
            container,
            chance: c,
            class,
            name,
            at,
            tail,
            check,
        } => {
            let class = object_class(report, game, class);
            let mut o = Object {
                extra: no_extras(game, RecordKind::Object),
                corpsenm: -1,
                id: -1,
                spe: -127,
                chance: chance(report, c),
                class,
                curse_state: -1,
                ..Object::default()
            };
            let named_object = class == b'#' as i8 && game.format().level_rules.named_objects;
            if let (Some(n), true) = (name, named_object) {
                // dNetHack: the game parses the name when it makes the level.
                o.name = n.v.to_string();
            } else if let Some(n) = name {
                let class_char = u8::try_from(class).ok().filter(|&c| c > 0);
                match game.object_id(n.v, class_char) {
                    Some(id) => o.id = id,
                    None => {
                        let r = report
                            .warning(
                                warn::INVALID_OBJECT_NAME,
                                n.span.clone(),
                                "Illegal object name!  Making random object.",
                            )
                            .label("no object has that name");
                        let candidates = game
                            .objects()
                            .filter(|(_, c)| class_char.is_none_or(|k| k == *c))
                            .map(|(name, _)| name);
                        if let Some(s) = suggest::closest(n.v, candidates) {
                            r.help(format!("did you mean \"{s}\"?"));
                        }
                    }
                }
            }
            match at {
                Some(at) => {
                    o.pos = place.point(report, at);
                    place.check_if(report, at, *check, "Object");
                }
                None => {
                    o.containment = 1;
                    o.pos = Point {
                        x: place.coords.random,
                        y: place.coords.random,
                    };
                }
            }
            if let Some(t) = tail {
                if let Some(curse) = t.curse {
                    o.curse_state = curse.unwrap_or(-1);
                }
                if let Some(m) = &t.montype {
                    o.corpsenm = game.monster_id(m.v, None).map_or(-2, i32::from);
                }
                if let Some(spe) = &t.spe {
                    o.spe = converted(report, spe, "-32768..32767");
                }
                if let Some(n) = t.name {
                    if named_object {
                        report
                            .error(span.clone(), "Name given for externally-parsed object")
                            .label("a '#' object's name is its description");
                    } else {
                        o.name = n.to_string();
                    }
                }
            }
            if *container {
                o.containment = 2;
            }
            push_limited(
                report,
                target.objects(),
                o,
                MAX_OF_TYPE,
                span,
                "Too many objects in room or mazepart!",
            );
        }
        StmtKind::Trap {
            chance: c,
            kind,
            at,
        } => {
            let kind = match kind {
                None => -1,
                Some(n) => game.format().numbering.trap(n.v).unwrap_or_else(|| {
                    let names = || game.format().numbering.traps.iter().map(|(w, _)| &**w);
                    report
                        .error(n.span.clone(), "Unknown trap type!")
                        .label("not a trap name")
                        .help(format!(
                            "{}trap names: {}",
                            suggest::closest(n.v, names())
                                .map_or_else(String::new, |s| format!("did you mean \"{s}\"? ")),
                            names().collect::<Vec<_>>().join(", ")
                        ));
                    -1
                }),
            };
            let pos = place.checked_point(report, at, "Trap");
            let t = Trap {
                pos,
                chance: chance(report, c),
                kind,
            };
            push_limited(
                report,
                target.traps(),
                t,
                MAX_OF_TYPE,
                span,
                "Too many traps in room or mazepart!",
            );
        }
        StmtKind::Altar {
            at,
            align,
            kind,
            god,
        } => {
            let pos = place.checked_point(report, at, "Altar");
            let a = Altar {
                extra: altar_god(report, game, god),
                pos,
                align: alignment(report, align),
                shrine: kind.unwrap_or(-1),
            };
            push_limited(
                report,
                target.altars(),
                a,
                MAX_OF_TYPE,
                span,
                "Too many altars in room or mazepart!",
            );
        }
        StmtKind::ObjFlags(bits) => {
            let index = game.format().extra_index(RecordKind::Object, "oflags");
            match (target.objects().last_mut(), index) {
                (Some(o), Some(i)) => {
                    if let Some(v) = o.extra.get_mut(i) {
                        *v = bits.iter().fold(0, |a, b| a | b);
                    }
                }
                _ => {
                    report
                        .error(span.clone(), "Need an object before object flags!")
                        .label("the flags are the last OBJECT's of this part or room");
                }
            }
        }
        StmtKind::Forge { at } => {
            let pos = place.checked_point(report, at, "Forge");
            push_limited(
                report,
                target.forges(),
                pos,
                MAX_OF_TYPE,
                span,
                "Too many forges in room or mazepart!",
            );
        }
        StmtKind::Fountain { at } => {
            let pos = place.checked_point(report, at, "Fountain");
            push_limited(
                report,
                target.fountains(),
                pos,
                MAX_OF_TYPE,
                span,
                "Too many fountains in room or mazepart!",
            );
        }
        // Rooms have ladders in AceHack (its lev_comp checks the place
        // outside rooms only, and counts "ladders in mazepart" in both).
        StmtKind::Ladder { at, up } => {
            let pos = place.checked_point(report, at, "Ladder");
            push_limited(
                report,
                target.ladders(),
                Stair { pos, up: *up },
                MAX_OF_TYPE,
                span,
                "Too many ladders in mazepart!",
            );
        }
        StmtKind::Stair { at, up } => {
            let pos = place.checked_point(report, at, "Stairway");
            push_limited(
                report,
                target.stairs(),
                Stair { pos, up: *up },
                MAX_OF_TYPE,
                span,
                "Too many stairs in room or mazepart!",
            );
        }
        StmtKind::Gold { amount, at } => {
            let amount = match amount {
                None => -1,
                Some(a) => converted(report, a, "a 32-bit integer"),
            };
            let pos = place.checked_point(report, at, "Gold");
            push_limited(
                report,
                target.gold(),
                Gold { pos, amount },
                MAX_OF_TYPE,
                span,
                "Too many golds in room or mazepart!",
            );
        }
        StmtKind::Engraving {
            at,
            kind,
            text: t,
            check,
        } => {
            let pos = place.point(report, at);
            place.check_if(report, at, *check, "Engraving");
            let e = Engraving {
                pos,
                text: text(report, t, "Engraving", MAX_TEXT),
                kind: kind.unwrap_or(-1),
            };
            push_limited(
                report,
                target.engravings(),
                e,
                MAX_OF_TYPE,
                span,
                "Too many engravings in room or mazepart!",
            );
        }
        _ => return false,
    }
    true
}
