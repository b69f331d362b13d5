//! The level's frame: its start, `INIT_MAP`, the map, rooms and subrooms,
//! regions and level regions (stairs, portals, teleport regions, branches),
//! with the bounds `lev_comp` checks them against.

use super::{pair, room_flags, Gen, COLNO, OROOM, ROWNO};
use crate::des::nh36::program::{Opcode, Operand};
use crate::des::nh36::syntax::*;
use crate::des::nh36::terrain;
use crate::diag::{warn, Sp, Span};

impl Gen<'_, '_, '_, '_> {
    pub(super) fn start_level(&mut self, name: &Sp<&str>, maze_filler: Option<&Option<Sp<u8>>>) {
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
                None => self.ints(&[2, self.numbers.hwall, 0, 0, 0, 0, 0, 0]),
                Some(c) => {
                    // lev_comp maps the character twice: the fill is the
                    // type whose character code is the first mapping.
                    let once = self.numbers.what_map_char(c.v);
                    let bg = self.numbers.what_map_char(once as u8);
                    if bg == terrain::INVALID_TYPE {
                        self.report.warning(warn::MAZE_FILLER_INVALID_TERRAIN, c.span.clone(), "maze filler maps to an invalid terrain type").label(format!(
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

    /// `INIT_MAP: solidfill, c, lit`.
    pub(super) fn init_solid_fill(&mut self, c: &Sp<u8>, lit: &i64) {
        let fill = self.numbers.what_map_char(c.v);
        if fill == terrain::INVALID_TYPE || fill >= self.numbers.max_type {
            self.error(c.span.clone(), "INIT_MAP: Invalid fill char type.");
        }
        let kind = self.level_init(c.span.clone(), "SOLIDFILL");
        self.ints(&[kind, fill, 0, *lit, 0, 0, 0, 0]);
        self.op(Opcode::InitLevel);
        self.max_x = COLNO - 1;
        self.max_y = ROWNO;
    }

    /// `INIT_MAP: mazegrid, c`.
    pub(super) fn init_maze_grid(&mut self, c: &Sp<u8>) {
        let fill = self.numbers.what_map_char(c.v);
        if fill == terrain::INVALID_TYPE || fill >= self.numbers.max_type {
            self.error(c.span.clone(), "INIT_MAP: Invalid fill char type.");
        }
        let kind = self.level_init(c.span.clone(), "MAZEGRID");
        self.ints(&[kind, fill, 0, 0, 0, 0, 0, 0]);
        self.op(Opcode::InitLevel);
        self.max_x = COLNO - 1;
        self.max_y = ROWNO;
    }

    /// `INIT_MAP: mines, …`.
    pub(super) fn init_mines(&mut self, span: &Span, mines: &MinesInit) {
        let MinesInit {
            fg,
            bg,
            smoothed,
            joined,
            lit,
            walled,
            filling,
        } = mines;
        let fgt = self.numbers.what_map_char(fg.v);
        let bgt = self.numbers.what_map_char(bg.v);
        if fgt == terrain::INVALID_TYPE || fgt >= self.numbers.max_type {
            self.error(fg.span.clone(), "INIT_MAP: Invalid foreground type.");
        }
        if bgt == terrain::INVALID_TYPE || bgt >= self.numbers.max_type {
            self.error(bg.span.clone(), "INIT_MAP: Invalid background type.");
        }
        if *joined != 0 && !self.numbers.is_joined_foreground(fgt) {
            self.error(
                fg.span.clone(),
                "INIT_MAP: Invalid foreground type for joined map.",
            );
        }
        let fill = filling.map_or(-1, |c| self.numbers.what_map_char(c));
        if fill == terrain::INVALID_TYPE {
            self.error(span.clone(), "INIT_MAP: Invalid fill char type.");
        }
        let kind = self.level_init(span.clone(), "MINES");
        self.ints(&[kind, fill, *walled, *lit, *joined, *smoothed, bgt, fgt]);
        self.op(Opcode::InitLevel);
        self.max_x = COLNO - 1;
        self.max_y = ROWNO;
    }

    /// `ROOM: …  { … }`.
    pub(super) fn room(&mut self, span: &Span, room: &RoomDef<'_>) {
        let RoomDef {
            begin,
            pos,
            align,
            size,
            flags,
            body,
        } = room;
        self.room_begin(begin);
        self.check_room_flags(flags);
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
        let written = match self.packing().is_none_or(|p| p.room_flags_from_alignment) {
            true => self.room_written_flags(span, ay, flags.bits),
            false => room_flags(flags.bits),
        };
        self.ints(&[written, ax, ay, px, py, w, h]);
        self.op(Opcode::Room);
        self.breakable(|g| g.block(body));
        self.op(Opcode::EndRoom);
    }

    /// `SUBROOM: … { … }`.
    pub(super) fn subroom(
        &mut self,
        begin: &RoomBegin<'_>,
        pos: &Pair,
        size: &Pair,
        flags: &Flags,
        body: &Block<'_>,
    ) {
        self.room_begin(begin);
        self.check_room_flags(flags);
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
        let (x1, x2) = (self.minus_one_at(1), self.minus_one_at(2));
        self.ints(&[room_flags(flags.bits), x1, x2, px, py, w, h]);
        self.op(Opcode::Subroom);
        self.breakable(|g| g.block(body));
        self.op(Opcode::EndRoom);
    }

    /// `ROOMDOOR: secret, state, wall, pos`.
    pub(super) fn room_door(
        &mut self,
        secret: &i64,
        state: &i64,
        wall: &Sp<i64>,
        pos: &i64,
        material: &Option<i64>,
    ) {
        if wall.v == -1 && *pos != -1 {
            self.error(
                wall.span.clone(),
                "If the door wall is random, so must be its pos!",
            );
        } else {
            self.ints(&[*pos, *state, *secret, wall.v]);
            if let Some(m) = material {
                self.push_int(*m);
            }
            self.op(Opcode::RoomDoor);
        }
    }

    /// `VAULTGEN: n` or `MINDEPTH: n` (`what`): only in a random vault,
    /// and positive (`invalid` says so). It writes nothing into the level:
    /// its number goes to the level's line of `vaults.dat`.
    pub(super) fn vault_number(&mut self, n: &Sp<i64>, what: &str, invalid: &str) {
        match &mut self.carry.random_vault {
            None => self.error(n.span.clone(), format!("{what} without rndvault FLAG.")),
            Some(_) if n.v <= 0 => self.error(n.span.clone(), invalid),
            Some(vault) if what == "VAULTGEN" => vault.frequency = n.v,
            Some(vault) => vault.min_depth = Some(n.v),
        }
    }

    /// `REGION: region, lit, type[, flags] [{ … }]`.
    pub(super) fn region_statement(
        &mut self,
        span: &Span,
        region: &Region<'_>,
        lit: &i64,
        kind: &Sp<Option<&str>>,
        flags: &Flags,
        body: &Option<Block<'_>>,
    ) {
        self.region(region);
        self.check_room_flags(flags);
        let mut rt = self.room_type(kind);
        let (default, offset) = self.packing().map_or((1, true), |p| {
            (p.region_default_flags, p.region_unfilled_offset)
        });
        let flags = if flags.bits == -1 {
            default
        } else {
            flags.bits
        };
        if flags & 1 == 0 && offset {
            rt += self.numbers.max_room_type + 1;
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

    pub(super) fn room_type(&mut self, kind: &Sp<Option<&str>>) -> i64 {
        match kind.v {
            None => -1,
            Some(name) => self.numbers.room_type(name).unwrap_or_else(|| {
                let r = self
                    .report
                    .warning(
                        warn::UNKNOWN_ROOM_TYPE,
                        kind.span.clone(),
                        format!("Unknown room type \"{name}\"!  Making ordinary room..."),
                    )
                    .label("not a room type");
                if let Some(s) = crate::suggest::closest(name, self.numbers.room_type_names()) {
                    r.help(format!("did you mean \"{s}\"?"));
                }
                OROOM
            }),
        }
    }

    /// A flag given again, where the game's `lev_comp` refuses that
    /// ([`crate::game::LevelRules::room_flags_once`]).
    fn check_room_flags(&mut self, flags: &Flags) {
        if let Some(span) = &flags.repeated {
            if self.game.format().level_rules.room_flags_once {
                self.error(span.clone(), "Room flag defined twice.");
            }
        }
    }

    /// The flags lev_comp writes for a `ROOM`: its action reads them from
    /// the wrong grammar symbol, the `,` after the alignment, whose value
    /// is the vertical alignment's (`top` 1, `center` 3, `bottom` 5;
    /// `random` reads as "filled"). The flags written in the source are
    /// ignored; a warning says so when that changes them.
    pub(super) fn room_written_flags(&mut self, span: &Span, valign: i64, asked: i64) -> i64 {
        let written = room_flags(valign);
        let asked = room_flags(asked);
        if written != asked {
            self.report
                .warning(
                    warn::ROOM_FLAGS_FROM_ALIGNMENT,
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

    pub(super) fn room_begin(&mut self, begin: &RoomBegin<'_>) {
        let t = self.room_type(&begin.kind);
        let chance = begin.chance.as_ref().map_or(100, |c| c.v);
        if chance < 100 && t == OROOM {
            self.error(begin.span.clone(), "Only typed rooms can have a chance.");
        } else {
            self.ints(&[t, chance, begin.lit]);
        }
    }

    /// A level region of `kind`: `name` is a portal's destination, `None`
    /// lev_comp's null string.
    pub(super) fn lev_region(
        &mut self,
        a: &LevRegion,
        b: &LevRegion,
        kind: i64,
        name: Option<&str>,
    ) {
        for r in [a, b] {
            self.check_lev_region(r);
            let [x1, y1, x2, y2] = r.rect;
            self.ints(&[x1, y1, x2, y2, i64::from(r.whole_level)]);
        }
        self.ints(&[kind, 0]);
        match name {
            Some(name) => {
                self.push(Operand::Str(name.to_string()));
            }
            None => self.null_string(&a.span),
        }
        self.op(Opcode::LevRegion);
    }

    pub(super) fn check_lev_region(&mut self, r: &LevRegion) {
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

    /// `GEOMETRY: place[, fill]` and its `MAP`.
    pub(super) fn geometry(&mut self, place: &GeometryPlace<'_>, fill: &i64, map: &usize) {
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

    pub(super) fn map(&mut self, m: usize) {
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
                    None => self.numbers.stone,
                    Some(&c) => {
                        let t = self.numbers.what_map_char(c);
                        if t == terrain::INVALID_TYPE {
                            self.report.warning(
                                warn::INVALID_MAP_CHARACTER,
                                span.clone(),
                                format!(
                                    "Invalid character '{c}' @ ({y}, {x}) - replacing with stone"
                                ),
                            );
                            self.numbers.stone
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
