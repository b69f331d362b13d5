//! Maze levels: map parts (NOMAP, GEOMETRY and MAP), their register lists,
//! the statements of a part with their map checks, REGION's checks and
//! the level regions (stairs, portals, teleport regions, branches).

use super::details::{shared_detail, CheckMap, Coords, Place, Target};
use super::values::*;
use super::{push_limited, BodyState, Builder, MAX_OF_TYPE};
use crate::des::nh343::ir::*;
use crate::des::nh343::lexer::MapBlock;
use crate::des::nh343::map::{self, Kinds};
use crate::des::nh343::syntax::*;
use crate::des::nh343::{decode, encode};
use crate::des::Options;
use crate::diag::{warn, Reporter, Span};
use crate::game::{Game, RecordKind};

pub(super) struct PartState {
    part: MazePart,
    nomap: bool,
    /// A 1x1 map on an INIT_MAP level: its cell is not stored, but the
    /// checks of the part's statements still see it, as in lev_comp.
    drops_cell: bool,
    /// A statement other than a register list was seen.
    details: bool,
    max_x: i64,
    max_y: i64,
}

/// What lev_comp's `tmpmap` holds in a maze level: the rows of the maps
/// its parts drew so far, each as wide as the map that wrote it (a later,
/// shorter map replaces only its own rows). After `NOMAP` lev_comp checks
/// coordinates against it; a cell no map of the level wrote (a row never
/// drawn, a column past its row, or a row of an earlier level, whose map
/// was freed when it was written) is memory lev_comp does not own: it
/// crashes or reads garbage, and levbuild refuses the statement.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    rows: Vec<Vec<Terrain>>,
}

impl Scratch {
    /// `map`'s rows, drawn over the rows they replace.
    fn draw(&mut self, map: &TerrainMap) {
        let width = usize::from(map.width);
        for y in 0..usize::from(map.height) {
            let row = map.cells.get(y * width..(y + 1) * width).unwrap_or(&[]);
            if self.rows.len() <= y {
                self.rows.resize(y + 1, Vec::new());
            }
            self.rows[y] = row.to_vec();
        }
    }

    /// The cell at (x, y), if a map of the level wrote it.
    pub(super) fn cell(&self, x: i64, y: i64) -> Option<Terrain> {
        let row = self.rows.get(usize::try_from(y).ok()?)?;
        row.get(usize::try_from(x).ok()?).copied()
    }
}

impl PartState {
    /// The part as it is stored.
    pub(super) fn into_part(mut self) -> MazePart {
        if self.drops_cell {
            self.part.map.cells[0] = Terrain::STONE;
        }
        self.part
    }
}

impl Builder<'_, '_> {
    pub(super) fn maze_statement(&mut self, s: &Stmt<'_>, maps: &[MapBlock<'_>]) {
        let Some(cur) = self.cur.as_mut() else { return };
        let report = &mut *self.report;
        let has_init = cur.level.init.is_some();
        if matches!(
            s.kind,
            StmtKind::Flags(_)
                | StmtKind::InitMap { .. }
                | StmtKind::Message(_)
                | StmtKind::HallucinationMessage(_)
        ) {
            Self::header_statement(report, &self.opts.game, &mut cur.level, s);
            return;
        }
        let BodyState::Maze {
            parts,
            part,
            scratch,
            ..
        } = &mut cur.body
        else {
            return;
        };
        match &s.kind {
            StmtKind::NoMap => {
                parts.extend(part.take().map(PartState::into_part));
                let map = TerrainMap {
                    width: 1,
                    height: 1,
                    cells: vec![Terrain::STONE],
                };
                let p = MazePart {
                    halign: 1,
                    valign: 1,
                    map,
                    ..MazePart::default()
                };
                *part = Some(PartState {
                    part: p,
                    nomap: true,
                    drops_cell: false,
                    details: false,
                    // lev_comp's max_x_map and max_y_map: COLNO - 1, ROWNO.
                    max_x: self.opts.game.format().level_rules.map_size.0 - 1,
                    max_y: self.opts.game.format().level_rules.map_size.1,
                });
                return;
            }
            StmtKind::Geometry {
                halign,
                valign,
                map: index,
                map_span,
            } => {
                parts.extend(part.take().map(PartState::into_part));
                let block = maps.get(*index);
                let rows = block.map_or(&[][..], |m| &m.rows[..]);
                let (game, kinds) = (&self.opts.game, self.kinds);
                let scanned = map::scan(rows, &game.format().numbering, |y, x, i, c| {
                    if let Some(block) = block {
                        let span = block.row_starts[y] + i..block.row_starts[y] + i + 1;
                        map_character_warning(report, game, kinds, y, x, c, span);
                    }
                });
                let mut map = match scanned {
                    Ok(m) => m,
                    Err((w, h)) => {
                        report
                            .error(map_span.clone(), "Map too large! (max 76 x 21)")
                            .label(format!("this map is {w} x {h}"));
                        TerrainMap {
                            width: 1,
                            height: 1,
                            cells: vec![Terrain::STONE],
                        }
                    }
                };
                scratch.draw(&map);
                if map.width == 0 {
                    // lev_comp counts the rows, empty or not: a block of
                    // one empty line is a 0x1 map.
                    report
                        .warning(warn::EMPTY_MAP, map_span.clone(), "Empty map")
                        .label("no map character between MAP and ENDMAP")
                        .help(format!(
                            "lev_comp stores a 0x{} map: the part places no terrain",
                            map.height
                        ));
                    map.cells.clear();
                }
                let drops_cell = has_init && map.width == 1 && map.height == 1;
                if drops_cell && map.cells[0] != Terrain::STONE {
                    report
                        .warning(
                            warn::SINGLE_CELL_MAP_DROPPED,
                            map_span.clone(),
                            "A 1x1 map on an INIT_MAP level is stored without its cell",
                        )
                        .label("the game treats it like NOMAP");
                }
                let (max_x, max_y) = (i64::from(map.width) - 1, i64::from(map.height) - 1);
                let p = MazePart {
                    halign: *halign,
                    valign: *valign,
                    map,
                    ..MazePart::default()
                };
                *part = Some(PartState {
                    part: p,
                    nomap: false,
                    drops_cell,
                    details: false,
                    max_x,
                    max_y,
                });
                return;
            }
            _ => {}
        }
        let Some(ps) = part.as_mut() else { return };
        let is_register = matches!(
            s.kind,
            StmtKind::RandomObjects(_)
                | StmtKind::RandomMonsters(_)
                | StmtKind::RandomPlaces { .. }
                | StmtKind::RandomRegion { .. }
        );
        if is_register && ps.details {
            report
                .error(s.span.clone(), format!("{} is out of place", s.name))
                .label("register lists must come right after NOMAP or MAP, before the part's other statements");
            return;
        }
        ps.details |= !is_register;
        let (opts, kinds) = (self.opts, self.kinds);
        maze_detail(report, opts, kinds, ps, scratch, has_init, s);
    }
}

/// lev_comp's warning reading map character `c` at row `y`, column `x`
/// of a map block (`scan_map`): the warning its `what_map_char` gives for
/// a character of a feature the game was built without, or, for one its
/// lexer lets into a row that is no map character (dNetHack's `N`),
/// "Invalid character": it stores stone there. The column lev_comp names
/// is the one once digits are dropped.
fn map_character_warning(
    report: &mut Reporter,
    game: &Game,
    kinds: Kinds,
    y: usize,
    x: usize,
    c: u8,
    span: Span,
) {
    let n = &game.format().numbering;
    let t = n.map_char_terrain(c);
    if let Some(warning) = n.map_char_warning(c) {
        super::warn_disabled_map_char(report, game, c, t, warning, &span);
    }
    if t.is_none() {
        let stone = n
            .terrain_name(kinds.stone.code())
            .unwrap_or("STONE")
            .to_string();
        let c = char::from(c);
        report
            .warning(
                warn::INVALID_MAP_CHARACTER,
                span,
                format!("Invalid character @ ({y}, {x}) - replacing with stone"),
            )
            .label(format!("`{c}` is no map character of this game"))
            .help(format!(
                "this game's lexer lets `{c}` into a map row, but its lev_comp has no \
                 terrain for it and stores {stone}"
            ));
    }
}

fn maze_detail(
    report: &mut Reporter,
    opts: &Options,
    kinds: Kinds,
    ps: &mut PartState,
    scratch: &mut Scratch,
    has_init: bool,
    s: &Stmt<'_>,
) {
    let span = &s.span;
    // Register lists.
    match &s.kind {
        StmtKind::RandomObjects(list) => {
            if !ps.part.random_objects.is_empty() {
                report.error(span.clone(), "Object registers already initialized!");
            } else {
                ps.part.random_objects = class_list(
                    report,
                    &opts.game,
                    list,
                    "Object list too long!",
                    object_class_char,
                );
            }
            return;
        }
        StmtKind::RandomMonsters(list) => {
            if !ps.part.random_monsters.is_empty() {
                report.error(span.clone(), "Monster registers already initialized!");
            } else {
                ps.part.random_monsters = class_list(
                    report,
                    &opts.game,
                    list,
                    "Monster list too long!",
                    monster_class_char,
                );
            }
            return;
        }
        StmtKind::RandomPlaces { set, places } => {
            random_places(report, opts, kinds, ps, has_init, span, set, places);
            return;
        }
        StmtKind::RandomRegion {
            index,
            area,
            exclude,
        } => {
            // lev_comp numbers them as they come and says so when `n` is
            // another number, storing the region all the same.
            let count = ps.part.random_regions.len();
            if index.v != count as i64 {
                report
                    .error(index.span.clone(), "Wrong random region number!")
                    .label(format!("this part's next random region is [{count}]"));
            }
            let place = part_place(opts, kinds, ps, has_init, None);
            let r = lev_region(report, opts.game.format(), &place, area, exclude, 0, "");
            // At most MAX_REGISTERS - 1: the tenth is the error.
            push_limited(
                report,
                &mut ps.part.random_regions,
                r,
                MAX_REGISTERS as usize - 1,
                span,
                "Too many random regions!",
            );
            return;
        }
        StmtKind::Wallify => {
            if !ps.nomap {
                // The part's map is the level's last map's rows: lev_comp
                // wallifies them in place.
                map::wallify(&mut ps.part.map, &kinds);
                scratch.draw(&ps.part.map);
            }
            return;
        }
        _ => {}
    }
    // The map is moved out while the part's lists are appended to, so that
    // the checks can read it without copying it for every statement.
    let map = std::mem::take(&mut ps.part.map);
    let check = match ps.nomap {
        true => CheckMap::Scratch(scratch),
        false => CheckMap::Part(&map),
    };
    let place = part_place(opts, kinds, ps, has_init, Some(check));
    map_detail(report, opts, &mut ps.part, &place, s);
    ps.part.map = map;
}

/// What the coordinates of part `ps` are checked against (`map` for the
/// checks of its contents).
fn part_place<'m>(
    opts: &Options,
    kinds: Kinds,
    ps: &PartState,
    has_init: bool,
    map: Option<CheckMap<'m>>,
) -> Place<'m> {
    Place {
        in_room: false,
        has_init,
        max_x: ps.max_x,
        max_y: ps.max_y,
        map,
        coords: Coords::of(opts.game.format()),
        kinds,
        random_regions: ps.part.random_regions.len(),
    }
}

/// `RANDOM_PLACES`: 3.4.3's one list, or SLASH'EM's numbered lists
/// (`RANDOM_PLACES[n]`, plain `RANDOM_PLACES` being list 0), which must
/// come in order, each once; a SLASH'EM place may be `none`, (-1,-1).
#[allow(clippy::too_many_arguments)]
fn random_places(
    report: &mut Reporter,
    opts: &Options,
    kinds: Kinds,
    ps: &mut PartState,
    has_init: bool,
    span: &crate::diag::Span,
    set: &Option<Sp<i64>>,
    list: &[Sp<Option<(i64, i64)>>],
) {
    let sets = opts.game.format().place_sets;
    let have = ps.part.random_places.len() as i64;
    match set {
        None if have > 0 => {
            report.error(span.clone(), "Location registers already initialized!");
            return;
        }
        Some(n) if n.v >= MAX_REGISTERS => {
            report
                .error(n.span.clone(), "Register Index overflow!")
                .label(format!("expected 0..{}", MAX_REGISTERS - 1));
            return;
        }
        Some(n) if n.v < have => {
            report
                .error(
                    n.span.clone(),
                    format!(
                        "Location registers for place list {} already initialized!",
                        n.v
                    ),
                )
                .label(format!("this part's next place list is [{have}]"));
            return;
        }
        Some(n) if n.v > have => {
            report
                .error(n.span.clone(), format!("Place list {} out of order!", n.v))
                .label(format!("this part's next place list is [{have}]"));
            return;
        }
        _ => {}
    }
    let place = part_place(opts, kinds, ps, has_init, None);
    let mut points = Vec::new();
    for (i, p) in list.iter().enumerate() {
        let pt = match p.v {
            Some((x, y)) => place.point(
                report,
                &Sp {
                    v: Coord::At(
                        Sp {
                            v: x,
                            span: p.span.clone(),
                        },
                        Sp {
                            v: y,
                            span: p.span.clone(),
                        },
                    ),
                    span: p.span.clone(),
                },
            ),
            None => Point { x: -1, y: -1 },
        };
        if i == MAX_REGISTERS as usize {
            report
                .error(p.span.clone(), "Location list too long!")
                .label(format!("at most {MAX_REGISTERS} entries"));
        }
        points.push(pt);
    }
    points.truncate(MAX_REGISTERS as usize);
    match sets {
        true => ps.part.random_places.push(points),
        false => ps.part.random_places = vec![points],
    }
}

/// A statement of a maze part other than the register lists and WALLIFY.
fn map_detail(
    report: &mut Reporter,
    opts: &Options,
    part: &mut MazePart,
    place: &Place<'_>,
    s: &Stmt<'_>,
) {
    let span = &s.span;
    if shared_detail(report, &opts.game, &mut Target::Part(part), place, s) {
        return;
    }
    match &s.kind {
        StmtKind::Door {
            state,
            at,
            key,
            text,
        } => {
            let pos = place.point(report, at);
            let extra = door_extras(report, &opts.game, RecordKind::Door, key, text);
            if let (Some(_), Coord::At(x, y)) = (place.map, &at.v) {
                if x.v >= 0 && y.v >= 0 {
                    let t = place.cell(report, &at.span, (x.v, y.v), "DOOR");
                    let t = t.unwrap_or(Some(place.kinds.door));
                    // Outside the map the range check has already spoken,
                    // except on INIT_MAP levels, where it does not run.
                    let checked = t.is_some() || place.has_init;
                    let k = place.kinds;
                    if checked && t != Some(k.door) && t != Some(k.sdoor) {
                        report
                            .error(at.span.clone(), "Door decl doesn't match the map")
                            .label(format!(
                                "the map has {} here, not '+' or 'S'",
                                t.map_or("nothing", terrain_name)
                            ));
                    }
                }
            }
            push_limited(
                report,
                &mut part.doors,
                Door {
                    pos,
                    state: *state,
                    extra,
                },
                MAX_OF_TYPE,
                span,
                "Too many doors in mazepart!",
            );
        }
        StmtKind::Drawbridge { at, dir, state } => {
            let pos = place.point(report, at);
            let open = match state.v {
                DoorState::Open => true,
                DoorState::Closed => false,
                _ => {
                    report
                        .error(
                            state.span.clone(),
                            "A drawbridge can only be open or closed!",
                        )
                        .label("expected `open` or `closed`");
                    false
                }
            };
            let (dx, dy) = match dir {
                Direction::North => (0, -1),
                Direction::South => (0, 1),
                Direction::East => (1, 0),
                _ => (-1, 0),
            };
            if let (Some(_), Coord::At(x, y)) = (place.map, &at.v) {
                let beyond = (x.v + dx, y.v + dy);
                let wall = |t: Option<Terrain>| t.is_some_and(|t| place.kinds.is_wall(t));
                if x.v >= 0
                    && y.v >= 0
                    && !place
                        .cell(report, &at.span, beyond, "DRAWBRIDGE")
                        .map_or(true, wall)
                {
                    report
                        .error(
                            at.span.clone(),
                            format!("Wall needed for drawbridge ({:02}, {:02})", x.v, y.v),
                        )
                        .label("the cell beyond the drawbridge in its direction must be a wall");
                }
            }
            let d = Drawbridge {
                pos,
                dir: *dir,
                open,
            };
            push_limited(
                report,
                &mut part.drawbridges,
                d,
                MAX_OF_TYPE,
                span,
                "Too many drawbridges in mazepart!",
            );
        }
        StmtKind::Mazewalk { at, dir } => {
            let pos = place.point(report, at);
            push_limited(
                report,
                &mut part.mazewalks,
                Walk { pos, dir: *dir },
                MAX_OF_TYPE,
                span,
                "Too many mazewalks in mazepart!",
            );
        }
        StmtKind::StairRegion { area, exclude, up } => {
            let r = lev_region(
                report,
                opts.game.format(),
                place,
                area,
                exclude,
                i8::from(*up),
                "",
            );
            push_limited(
                report,
                &mut part.level_regions,
                r,
                MAX_OF_TYPE,
                span,
                "Too many levregions in mazepart!",
            );
        }
        StmtKind::LadderRegion { area, exclude, up } => {
            // The game's dungeon.h numbers (the row exists only for a game
            // whose lev_comp.y stores them).
            let n = &opts.game.format().numbering;
            let name = if *up { "LR_UPLADDER" } else { "LR_DOWNLADDER" };
            let kind = n.level_region(name).unwrap_or(-1);
            let r = lev_region(report, opts.game.format(), place, area, exclude, kind, "");
            push_limited(
                report,
                &mut part.level_regions,
                r,
                MAX_OF_TYPE,
                span,
                "Too many levregions in mazepart!",
            );
        }
        StmtKind::Portal {
            area,
            exclude,
            dest,
        } => {
            let r = lev_region(report, opts.game.format(), place, area, exclude, 2, dest.v);
            push_limited(
                report,
                &mut part.level_regions,
                r,
                MAX_OF_TYPE,
                span,
                "Too many levregions in mazepart!",
            );
        }
        StmtKind::Teleport { area, exclude, up } => {
            let kind = match up {
                None => 4,
                Some(true) => 5,
                Some(false) => 6,
            };
            let r = lev_region(report, opts.game.format(), place, area, exclude, kind, "");
            push_limited(
                report,
                &mut part.level_regions,
                r,
                MAX_OF_TYPE,
                span,
                "Too many levregions in mazepart!",
            );
        }
        StmtKind::Branch { area, exclude } => {
            let r = lev_region(report, opts.game.format(), place, area, exclude, 3, "");
            push_limited(
                report,
                &mut part.level_regions,
                r,
                MAX_OF_TYPE,
                span,
                "Too many levregions in mazepart!",
            );
        }
        StmtKind::NonDiggable(r) => {
            let a = place.area(report, r);
            push_limited(
                report,
                &mut part.non_diggable,
                a,
                MAX_OF_TYPE,
                span,
                "Too many diggables in mazepart!",
            );
        }
        StmtKind::NonPasswall(r) => {
            let a = place.area(report, r);
            push_limited(
                report,
                &mut part.non_passwall,
                a,
                31,
                span,
                "Too many passwalls in mazepart!",
            );
        }
        StmtKind::Region {
            area,
            lit,
            rtype,
            unfilled,
            irregular,
        } => {
            let a = place.area(report, area);
            let rtype = room_type(report, &opts.game, rtype);
            let unfilled = *unfilled == Some(true);
            let irregular = irregular.unwrap_or(false);
            let [x1, y1, x2, y2] = area.v;
            if x1 > x2 || y1 > y2 {
                report
                    .error(area.span.clone(), "Region start > end!")
                    .label("expected x1 <= x2 and y1 <= y2");
            }
            if rtype == RoomType::VAULT && !unfilled && (irregular || x2 - x1 != 1 || y2 - y1 != 1)
            {
                report.error(area.span.clone(), "Vaults must be exactly 2x2!");
            }
            region_map_checks(report, opts, place, area, irregular);
            let mut r = Region {
                area: a,
                rtype,
                unfilled,
                lit: *lit,
                irregular,
            };
            // What the stored type means to the game: `random, unfilled`
            // is stored as the code of a filled candle shop.
            let max = opts.game.format().numbering.max_room_type();
            (r.rtype, r.unfilled) =
                decode::region_type(encode::region_type(&r, max.wrapping_add(1)), max);
            push_limited(
                report,
                &mut part.regions,
                r,
                MAX_OF_TYPE,
                span,
                "Too many regions in mazepart!",
            );
        }
        _ => {}
    }
}

/// REGION's map checks: `-w` warnings for regular regions strictly inside
/// the map, the irregular-region error otherwise.
fn region_map_checks(
    report: &mut Reporter,
    opts: &Options,
    place: &Place<'_>,
    area: &Rect,
    irregular: bool,
) {
    if place.map.is_none() {
        return;
    }
    let [x1, y1, x2, y2] = area.v;
    let inside = x1 > 0 && y1 > 0 && x2 < place.max_x && y2 < place.max_y;
    let k = place.kinds;
    if opts.extra_warnings && !irregular && inside {
        // Every cell lev_comp reads, the region's and its corners', or
        // the error for the first it does not own.
        let corners = [
            (x1 - 1, y1 - 1),
            (x1 - 1, y2 + 1),
            (x2 + 1, y1 - 1),
            (x2 + 1, y2 + 1),
        ];
        let cells = (y1..=y2).flat_map(|y| (x1..=x2).map(move |x| (x, y)));
        let mut read = std::collections::HashMap::new();
        for at in cells.chain(corners) {
            let Ok(t) = place.cell(report, &area.span, at, "REGION") else {
                return;
            };
            read.insert(at, t.unwrap_or(k.stone));
        }
        let cell = |x: i64, y: i64| read[&(x, y)];
        let rock =
            (y1..=y2).any(|y| (x1..=x2).any(|x| k.is_rock(cell(x, y)) || cell(x, y) == k.door));
        let coords = format!("({x1:02},{y1:02},{x2:02},{y2:02})");
        if rock {
            report
                .warning(
                    warn::ROCK_IN_ROOM,
                    area.span.clone(),
                    format!("Rock in room {coords}?!"),
                )
                .label("the region holds rock or a door");
        }
        if corners.iter().any(|&(x, y)| !k.is_rock(cell(x, y))) {
            report
                .warning(
                    warn::NON_ROCK_EDGE,
                    area.span.clone(),
                    format!("NonRock edge in room {coords}?!"),
                )
                .label("a corner just outside the region is not rock");
        }
    } else if irregular
        && place
            .cell(report, &area.span, (x1, y1), "REGION")
            .is_ok_and(|t| !t.is_some_and(|t| k.is_room(t)))
    {
        report
            .error(
                area.span.clone(),
                format!("Rock in irregular room ({x1:02},{y1:02})?!"),
            )
            .label("an irregular region must start on a floor cell");
    }
}

fn lev_region(
    report: &mut Reporter,
    format: &crate::game::RecordFormat,
    place: &Place<'_>,
    area: &LevRect,
    exclude: &LevRect,
    kind: i8,
    dest: &str,
) -> LevRegion {
    let rules = &format.level_rules;
    let (colno, rowno) = rules.map_size;
    let mut one = |r: &LevRect| match r {
        LevRect::Map(rect) => (place.area(report, rect), false),
        LevRect::Level(rect) => {
            let (lo_x, hi_x, hi_y) = (rules.level_region_min_x, colno - 1, rowno - 1);
            let limits = [(lo_x, hi_x), (0, hi_y), (lo_x, hi_x), (0, hi_y)];
            if rect
                .v
                .iter()
                .zip(limits)
                .any(|(&v, (lo, hi))| v < lo || v > hi)
            {
                report
                    .error(rect.span.clone(), "Region out of level range!")
                    .label(format!(
                        "expected {lo_x} <= x <= {hi_x} and 0 <= y <= {hi_y}"
                    ));
            }
            (rect_area(report, rect), true)
        }
        // `levregion()`: COLNO, ROWNO, as its lev_comp.y stores it.
        LevRect::OffMap(_) => {
            let (x, y) = (colno as i8, rowno as i8);
            let a = Area {
                x1: x,
                y1: y,
                x2: x,
                y2: y,
            };
            (a, true)
        }
    };
    let (a, a_lev) = one(area);
    let (e, e_lev) = one(exclude);
    LevRegion {
        area: a,
        exclude: e,
        area_in_level: a_lev,
        exclude_in_level: e_lev,
        kind,
        destination: dest.to_string(),
    }
}
