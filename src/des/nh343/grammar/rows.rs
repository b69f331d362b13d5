//! The statement table of NetHack 3.4.3's `lev_comp.y`: one row per
//! statement form, in the order `lev_comp.l` lists the keywords (forms of
//! one keyword in the order they are tried).
//!
//! An argument is captured by its name (`Pat::Arg`), which is also how a
//! build function finds it.

use super::patterns::*;
use super::read::{self, Toks};
use super::{Build, Order, Place, Stage, Starts};
use crate::des::nh343::lexer::Tok;
use crate::des::nh343::syntax::*;
use crate::statement::{Args, Pat, Row};

/// A 3.4.3 statement row.
pub(crate) type R = Row<crate::des::nh343::lexer::Class, Build, Place>;

pub(super) const fn row(
    keyword: &'static str,
    name: &'static str,
    args: P,
    build: Build,
    place: Place,
) -> R {
    Row {
        keyword,
        also: &[],
        name,
        args,
        build,
        place,
    }
}

const fn order(until: Stage, then: Stage) -> Option<Order> {
    Some(Order { until, then })
}

/// The rule of a statement that says nothing of its own lateness.
const CANNOT_FOLLOW_CORRIDORS: &str = "it cannot follow the level's corridors";

/// `MAZE:` and `LEVEL:`, which sema handles before any order rule.
const HEADER: Place = Place {
    maze: None,
    rooms: None,
    starts: Starts::Level,
    too_late: CANNOT_FOLLOW_CORRIDORS,
};
/// In a maze part only.
pub(super) const MAP_DETAIL: Place = Place {
    maze: order(Stage::Body, Stage::Body),
    rooms: None,
    starts: Starts::Nothing,
    too_late: CANNOT_FOLLOW_CORRIDORS,
};
/// In a room only.
pub(super) const ROOM_DETAIL: Place = Place {
    maze: None,
    rooms: order(Stage::Body, Stage::Body),
    starts: Starts::Nothing,
    too_late: CANNOT_FOLLOW_CORRIDORS,
};
/// In a maze part or a room.
pub(super) const DETAIL: Place = Place {
    maze: order(Stage::Body, Stage::Body),
    rooms: order(Stage::Body, Stage::Body),
    starts: Starts::Nothing,
    too_late: CANNOT_FOLLOW_CORRIDORS,
};
/// `NOMAP` and `GEOMETRY`.
const MAP_PART: Place = Place {
    starts: Starts::MapPart,
    ..MAP_DETAIL
};
/// `RANDOM_OBJECTS` and `RANDOM_MONSTERS`.
pub(super) const REGISTER_LIST: Place = Place {
    maze: order(Stage::Body, Stage::Body),
    rooms: order(Stage::Registers, Stage::Registers),
    starts: Starts::Nothing,
    too_late: "register lists must come before the first ROOM",
};

/// `: ARGS` as a sequence.
macro_rules! args {
    ($($p:expr),* $(,)?) => {
        Pat::Seq(&[$($p),*])
    };
}

/// The argument `name` matching `p`.
macro_rules! arg {
    ($name:literal, $p:expr) => {
        Pat::Arg($name, &$p)
    };
}

/// MONSTER's arguments, its place as `$place` (a dialect's place may
/// carry more: notnotdNetHack's `[skipcheck]`).
macro_rules! monster_args {
    ($place:expr) => {
        args![
            arg!("chance", CHANCE),
            COLON,
            arg!("class", MONSTER_CLASS),
            COMMA,
            arg!("name", NAME_OR_RANDOM),
            COMMA,
            arg!("place", $place),
            Pat::Many(&args![
                COMMA,
                arg!(
                    "details",
                    Pat::Alt(&[
                        STRING,
                        ATTITUDE_WORD,
                        ALERTNESS_WORD,
                        ALIGNMENT,
                        args![APPEARANCE_WORD, STRING],
                    ])
                ),
            ]),
        ]
    };
}

/// OBJECT's and CONTAINER's arguments, the place as `$place`.
macro_rules! object_args {
    ($place:expr) => {
        args![
            arg!("chance", CHANCE),
            COLON,
            arg!("class", OBJECT_CLASS),
            COMMA,
            arg!("name", NAME_OR_RANDOM),
            COMMA,
            arg!("place", $place),
            Pat::Opt(&arg!(
                "tail",
                Pat::Alt(&[
                    args![
                        COMMA,
                        arg!("curse state", CURSE),
                        COMMA,
                        arg!("monster type", STRING),
                        COMMA,
                        arg!("enchantment", INT_OR_RANDOM),
                        OBJECT_NAME,
                    ],
                    args![
                        COMMA,
                        arg!("curse state", CURSE),
                        COMMA,
                        arg!("enchantment", INT_OR_RANDOM),
                        OBJECT_NAME,
                    ],
                    args![
                        COMMA,
                        arg!("monster type", STRING),
                        COMMA,
                        arg!("enchantment", INT_OR_RANDOM),
                        OBJECT_NAME,
                    ],
                ])
            )),
        ]
    };
}

/// ENGRAVING's arguments, the place as `$place`.
macro_rules! engraving_args {
    ($place:expr) => {
        args![
            COLON,
            arg!("place", $place),
            COMMA,
            arg!("type", ENGRAVING_KIND),
            COMMA,
            arg!("text", STRING),
        ]
    };
}

/// A dialect's `DOOR` forms: 3.4.3's room and map forms, each followed by
/// `$info` (SLASH'EM's artifact keys, dNetHack's text numbers).
macro_rules! door_rows {
    ($room_name:literal, $map_name:literal, $info:expr) => {
        [
            row(
                "DOOR",
                $room_name,
                args![
                    COLON,
                    arg!("secret flag", BOOLEAN_OR_RANDOM),
                    COMMA,
                    arg!("state", DOOR_STATE),
                    COMMA,
                    arg!("wall", DIRECTION_OR_RANDOM),
                    COMMA,
                    arg!("position", INT_OR_RANDOM),
                    $info,
                ],
                room_door,
                ROOM_DETAIL,
            ),
            row(
                "DOOR",
                $map_name,
                args![
                    COLON,
                    arg!("state", DOOR_STATE),
                    COMMA,
                    arg!("place", COORD),
                    $info
                ],
                door,
                MAP_DETAIL,
            ),
        ]
    };
}

pub(super) use {arg, args, door_rows, engraving_args, monster_args, object_args};

/// Every form of every 3.4.3 statement.
pub(crate) const ROWS: &[R] = &[
    row(
        "MESSAGE",
        "MESSAGE",
        args![COLON, arg!("text", STRING)],
        |a| StmtKind::Message(read::string(a.get("text"))),
        Place {
            maze: order(Stage::Messages, Stage::Messages),
            rooms: order(Stage::Messages, Stage::Messages),
            starts: Starts::Nothing,
            too_late: "MESSAGE must come before the level's contents",
        },
    ),
    row(
        "MAZE",
        "MAZE",
        args![
            COLON,
            arg!("name", STRING),
            COMMA,
            arg!("filling", CHAR_OR_RANDOM)
        ],
        |a| StmtKind::Maze {
            name: read::string(a.get("name")),
            fill: read::chr_or_random(a.get("filling")),
        },
        HEADER,
    ),
    row("NOMAP", "NOMAP", args![], |_| StmtKind::NoMap, MAP_PART),
    row(
        "LEVEL",
        "LEVEL",
        args![COLON, arg!("name", STRING)],
        |a| StmtKind::Level {
            name: read::string(a.get("name")),
        },
        HEADER,
    ),
    row(
        "INIT_MAP",
        "INIT_MAP",
        args![
            COLON,
            arg!("foreground", CHAR),
            COMMA,
            arg!("background", CHAR),
            COMMA,
            arg!("smoothed flag", BOOLEAN_WORD),
            COMMA,
            arg!("joined flag", BOOLEAN_WORD),
            COMMA,
            arg!("lighting", LIGHT),
            COMMA,
            arg!("walled flag", BOOLEAN_OR_RANDOM),
        ],
        |a| {
            let joined = a.get("joined flag");
            StmtKind::InitMap {
                fg: read::chr(a.get("foreground")),
                bg: read::chr(a.get("background")),
                smoothed: read::flag(a.get("smoothed flag")),
                joined: Sp {
                    v: read::flag(joined),
                    span: read::span(joined),
                },
                lit: read::light(a.get("lighting")),
                walled: read::val(a.get("walled flag")),
            }
        },
        Place {
            maze: order(Stage::Flags, Stage::InitMap),
            rooms: order(Stage::Flags, Stage::InitMap),
            starts: Starts::Nothing,
            too_late: "INIT_MAP must come after FLAGS and before messages and contents",
        },
    ),
    row(
        "FLAGS",
        "FLAGS",
        args![
            COLON,
            Pat::SepBy {
                item: &arg!("flag", FLAG),
                sep: &COMMA,
                min: 1,
                max: usize::MAX,
            }
        ],
        |a| {
            StmtKind::Flags(
                a.all("flag")
                    .filter_map(|t| match t.first() {
                        Some((Tok::Flag(f), _)) => Some(*f),
                        _ => None,
                    })
                    .collect(),
            )
        },
        Place {
            maze: order(Stage::Start, Stage::Flags),
            rooms: order(Stage::Start, Stage::Flags),
            starts: Starts::Nothing,
            too_late: "FLAGS must come right after the MAZE/LEVEL line",
        },
    ),
    row(
        "GEOMETRY",
        "GEOMETRY",
        args![
            COLON,
            arg!("horizontal alignment", HJUST),
            COMMA,
            arg!("vertical alignment", VJUST),
            arg!("map", MAP_BLOCK),
        ],
        |a| {
            let (map, map_span) = read::map_block(a.get("map"));
            StmtKind::Geometry {
                halign: read::val(a.get("horizontal alignment")).unwrap_or(0),
                valign: read::val(a.get("vertical alignment")).unwrap_or(0),
                map,
                map_span,
            }
        },
        MAP_PART,
    ),
    row(
        "OBJECT",
        "OBJECT",
        OBJECT_ARGS,
        |a| object(a, false),
        DETAIL,
    ),
    row(
        "CONTAINER",
        "CONTAINER",
        OBJECT_ARGS,
        |a| object(a, true),
        DETAIL,
    ),
    row("MONSTER", "MONSTER", monster_args!(COORD), monster, DETAIL),
    row(
        "TRAP",
        "TRAP",
        args![
            arg!("chance", CHANCE),
            COLON,
            arg!("kind", NAME_OR_RANDOM),
            COMMA,
            arg!("place", COORD),
        ],
        |a| StmtKind::Trap {
            chance: read::chance(a.get("chance")),
            kind: read::name_or_random(a.get("kind")),
            at: read::coord(a.get("place")),
        },
        DETAIL,
    ),
    row(
        "DOOR",
        "DOOR (room form: secret, state, wall, position)",
        args![
            COLON,
            arg!("secret flag", BOOLEAN_OR_RANDOM),
            COMMA,
            arg!("state", DOOR_STATE),
            COMMA,
            arg!("wall", DIRECTION_OR_RANDOM),
            COMMA,
            arg!("position", INT_OR_RANDOM),
        ],
        room_door,
        ROOM_DETAIL,
    ),
    row(
        "DOOR",
        "DOOR (map form: state, coordinate)",
        args![
            COLON,
            arg!("state", DOOR_STATE),
            COMMA,
            arg!("place", COORD)
        ],
        door,
        MAP_DETAIL,
    ),
    row(
        "DRAWBRIDGE",
        "DRAWBRIDGE",
        args![
            COLON,
            arg!("place", COORD),
            COMMA,
            arg!("direction", DIRECTION),
            COMMA,
            arg!("state", DOOR_STATE),
        ],
        |a| {
            let state = a.get("state");
            StmtKind::Drawbridge {
                at: read::coord(a.get("place")),
                dir: read::direction(a.get("direction")),
                state: Sp {
                    v: read::door_state(state),
                    span: read::span(state),
                },
            }
        },
        MAP_DETAIL,
    ),
    row(
        "MAZEWALK",
        "MAZEWALK",
        args![
            COLON,
            arg!("place", COORD),
            COMMA,
            arg!("direction", DIRECTION)
        ],
        |a| StmtKind::Mazewalk {
            at: read::coord(a.get("place")),
            dir: read::direction(a.get("direction")),
        },
        MAP_DETAIL,
    ),
    row(
        "WALLIFY",
        "WALLIFY",
        args![],
        |_| StmtKind::Wallify,
        MAP_DETAIL,
    ),
    row(
        "REGION",
        "REGION",
        args![
            COLON,
            arg!("area", RECT),
            COMMA,
            arg!("lighting", LIGHT),
            COMMA,
            arg!("type", NAME_OR_RANDOM),
            Pat::Opt(&args![
                COMMA,
                arg!("filling", FILLING_WORD),
                Pat::Opt(&args![COMMA, arg!("irregular flag", BOOLEAN_WORD)]),
            ]),
        ],
        |a| {
            let filling = a.get("filling");
            let irregular = a.get("irregular flag");
            StmtKind::Region {
                area: read::rect(a.get("area")),
                lit: read::light(a.get("lighting")),
                rtype: read::name_or_random(a.get("type")),
                unfilled: (!filling.is_empty()).then(|| read::flag(filling)),
                irregular: (!irregular.is_empty()).then(|| read::flag(irregular)),
            }
        },
        MAP_DETAIL,
    ),
    row(
        "RANDOM_OBJECTS",
        "RANDOM_OBJECTS",
        CHAR_LIST,
        |a| StmtKind::RandomObjects(a.all("class").map(read::chr).collect()),
        REGISTER_LIST,
    ),
    row(
        "RANDOM_MONSTERS",
        "RANDOM_MONSTERS",
        CHAR_LIST,
        |a| StmtKind::RandomMonsters(a.all("class").map(read::chr).collect()),
        REGISTER_LIST,
    ),
    row(
        "RANDOM_PLACES",
        "RANDOM_PLACES",
        args![
            COLON,
            Pat::SepBy {
                item: &arg!("place", PAIR),
                sep: &COMMA,
                min: 1,
                max: usize::MAX,
            }
        ],
        |a| StmtKind::RandomPlaces {
            set: None,
            places: a.all("place").map(read::pair_or_none).collect(),
        },
        Place {
            rooms: None,
            ..REGISTER_LIST
        },
    ),
    row(
        "ALTAR",
        "ALTAR",
        args![
            COLON,
            arg!("place", COORD),
            COMMA,
            arg!("alignment", ALIGNMENT),
            COMMA,
            arg!("type", ALTAR_KIND),
        ],
        altar,
        DETAIL,
    ),
    row(
        "LADDER",
        "LADDER",
        args![
            COLON,
            arg!("place", COORD),
            COMMA,
            arg!("direction", UP_DOWN)
        ],
        |a| StmtKind::Ladder {
            at: read::coord(a.get("place")),
            up: read::flag(a.get("direction")),
        },
        MAP_DETAIL,
    ),
    row(
        "STAIR",
        "STAIR (region form)",
        DIRECTED_LEVEL_REGION,
        |a| StmtKind::StairRegion {
            area: read::lev_rect(a.get("area")),
            exclude: read::lev_rect(a.get("excluded area")),
            up: read::flag(a.get("direction")),
        },
        MAP_DETAIL,
    ),
    row(
        "STAIR",
        "STAIR",
        args![
            COLON,
            arg!("place", COORD),
            COMMA,
            arg!("direction", UP_DOWN)
        ],
        |a| StmtKind::Stair {
            at: read::coord(a.get("place")),
            up: read::flag(a.get("direction")),
        },
        DETAIL,
    ),
    row(
        "PORTAL",
        "PORTAL",
        args![
            COLON,
            arg!("area", LEV_RECT),
            COMMA,
            arg!("excluded area", LEV_RECT),
            COMMA,
            arg!("destination", STRING),
        ],
        |a| StmtKind::Portal {
            area: read::lev_rect(a.get("area")),
            exclude: read::lev_rect(a.get("excluded area")),
            dest: read::string(a.get("destination")),
        },
        MAP_DETAIL,
    ),
    row(
        "TELEPORT_REGION",
        "TELEPORT_REGION",
        args![
            COLON,
            arg!("area", LEV_RECT),
            COMMA,
            arg!("excluded area", LEV_RECT),
            Pat::Opt(&args![COMMA, arg!("direction", UP_DOWN)]),
        ],
        |a| {
            let up = a.get("direction");
            StmtKind::Teleport {
                area: read::lev_rect(a.get("area")),
                exclude: read::lev_rect(a.get("excluded area")),
                up: (!up.is_empty()).then(|| read::flag(up)),
            }
        },
        MAP_DETAIL,
    ),
    row(
        "BRANCH",
        "BRANCH",
        args![
            COLON,
            arg!("area", LEV_RECT),
            COMMA,
            arg!("excluded area", LEV_RECT),
        ],
        |a| StmtKind::Branch {
            area: read::lev_rect(a.get("area")),
            exclude: read::lev_rect(a.get("excluded area")),
        },
        MAP_DETAIL,
    ),
    row(
        "FOUNTAIN",
        "FOUNTAIN",
        PLACE_ONLY,
        |a| StmtKind::Fountain {
            at: read::coord(a.get("place")),
        },
        DETAIL,
    ),
    row(
        "SINK",
        "SINK",
        PLACE_ONLY,
        |a| StmtKind::Sink {
            at: read::coord(a.get("place")),
        },
        ROOM_DETAIL,
    ),
    row(
        "POOL",
        "POOL",
        PLACE_ONLY,
        |a| StmtKind::Pool {
            at: read::coord(a.get("place")),
        },
        ROOM_DETAIL,
    ),
    row(
        "NON_DIGGABLE",
        "NON_DIGGABLE",
        AREA_ONLY,
        |a| StmtKind::NonDiggable(read::rect(a.get("area"))),
        MAP_DETAIL,
    ),
    row(
        "NON_PASSWALL",
        "NON_PASSWALL",
        AREA_ONLY,
        |a| StmtKind::NonPasswall(read::rect(a.get("area"))),
        MAP_DETAIL,
    ),
    row(
        "ROOM",
        "ROOM",
        args![
            COLON,
            arg!("type", NAME_OR_RANDOM),
            COMMA,
            arg!("lighting", LIGHT),
            COMMA,
            arg!("position", PAIR_OR_RANDOM),
            COMMA,
            arg!(
                "alignment",
                Pat::Alt(&[args![OPEN, HJUST, COMMA, VJUST, CLOSE], RANDOM_WORD])
            ),
            COMMA,
            arg!("size", PAIR_OR_RANDOM),
            FILLED,
        ],
        |a| {
            let align = a.get("alignment");
            StmtKind::Room {
                rtype: read::name_or_random(a.get("type")),
                lit: read::light(a.get("lighting")),
                pos: read::pair_or_random(a.get("position")),
                align: (!read::is_random(align)).then(|| {
                    let at = |i| read::val(align.get(i..).unwrap_or(&[])).unwrap_or(0);
                    (at(1), at(3))
                }),
                size: read::pair_or_random(a.get("size")),
                filled: filled(a),
            }
        },
        Place {
            starts: Starts::Room,
            ..ROOM_DETAIL
        },
    ),
    row(
        "SUBROOM",
        "SUBROOM",
        args![
            COLON,
            arg!("type", NAME_OR_RANDOM),
            COMMA,
            arg!("lighting", LIGHT),
            COMMA,
            arg!("position", PAIR_OR_RANDOM),
            COMMA,
            arg!("size", PAIR_OR_RANDOM),
            COMMA,
            arg!("parent", STRING),
            FILLED,
        ],
        |a| StmtKind::Subroom {
            rtype: read::name_or_random(a.get("type")),
            lit: read::light(a.get("lighting")),
            pos: read::pair_or_random(a.get("position")),
            size: read::pair_or_random(a.get("size")),
            parent: read::string(a.get("parent")),
            filled: filled(a),
        },
        Place {
            starts: Starts::Room,
            ..ROOM_DETAIL
        },
    ),
    row(
        "RANDOM_CORRIDORS",
        "RANDOM_CORRIDORS",
        args![],
        |_| StmtKind::RandomCorridors,
        Place {
            maze: None,
            rooms: order(Stage::Body, Stage::RandomCorridors),
            starts: Starts::Corridors,
            too_late: "RANDOM_CORRIDORS must come after the rooms, instead of any CORRIDOR",
        },
    ),
    row(
        "CORRIDOR",
        "CORRIDOR",
        args![
            COLON,
            arg!("start", CORRIDOR_END),
            COMMA,
            arg!("end", Pat::Alt(&[CORRIDOR_END, INT])),
        ],
        |a| {
            let to = a.get("end");
            StmtKind::Corridor {
                from: read::corr_spec(a.get("start")),
                to: match to.first() {
                    Some((Tok::Int(_), _)) => CorrEnd::Number(read::int(to)),
                    _ => CorrEnd::Room(read::corr_spec(to)),
                },
            }
        },
        Place {
            maze: None,
            rooms: order(Stage::Corridors, Stage::Corridors),
            starts: Starts::Corridors,
            too_late: "CORRIDOR cannot follow RANDOM_CORRIDORS",
        },
    ),
    row(
        "GOLD",
        "GOLD",
        args![
            COLON,
            arg!("amount", INT_OR_RANDOM),
            COMMA,
            arg!("place", COORD),
        ],
        |a| StmtKind::Gold {
            amount: read::int_or_random(a.get("amount")),
            at: read::coord(a.get("place")),
        },
        DETAIL,
    ),
    row(
        "ENGRAVING",
        "ENGRAVING",
        engraving_args!(COORD),
        engraving,
        DETAIL,
    ),
    row(
        "NAME",
        "NAME",
        args![COLON, arg!("name", STRING)],
        |a| StmtKind::Name(read::string(a.get("name"))),
        ROOM_DETAIL,
    ),
    row(
        "CHANCE",
        "CHANCE",
        args![COLON, arg!("chance", INT)],
        |a| StmtKind::Chance(read::int(a.get("chance"))),
        ROOM_DETAIL,
    ),
];

/// `: place`.
const PLACE_ONLY: P = args![COLON, arg!("place", COORD)];

/// `: area, excluded area, up|down`: a level region with a direction
/// (`STAIR`'s region form, AceHack's `LADDER`).
pub(super) const DIRECTED_LEVEL_REGION: P = args![
    COLON,
    arg!("area", LEV_RECT),
    COMMA,
    arg!("excluded area", LEV_RECT),
    COMMA,
    arg!("direction", UP_DOWN),
];
/// `: area`.
const AREA_ONLY: P = args![COLON, arg!("area", RECT)];
/// `: class, class, …`.
const CHAR_LIST: P = args![
    COLON,
    Pat::SepBy {
        item: &arg!("class", CHAR),
        sep: &COMMA,
        min: 1,
        max: usize::MAX,
    }
];
/// A room's optional `, filled`.
const FILLED: P = Pat::Opt(&args![COMMA, arg!("filled flag", BOOLEAN_WORD)]);
/// `(room, wall, door)`.
const CORRIDOR_END: P = args![OPEN, INT, COMMA, DIRECTION, COMMA, INT_OR_RANDOM, CLOSE];

/// A room's `filled` argument, if given.
fn filled(a: &Args<'_, Tok<'_>>) -> Option<bool> {
    let t = a.get("filled flag");
    (!t.is_empty()).then(|| read::flag(t))
}

/// OBJECT and CONTAINER: `[chance]: class, name, place` and a tail.
const OBJECT_ARGS: P = object_args!(Pat::Alt(&[COORD, CONTAINED_WORD]));
/// An object's optional `, "name"` (`, none` is none).
pub(super) const OBJECT_NAME: P = Pat::Opt(&args![
    COMMA,
    arg!("object name", Pat::Alt(&[NONE_WORD, STRING]))
]);

pub(super) fn object<'a>(a: &Args<'_, Tok<'a>>, container: bool) -> StmtKind<'a> {
    let place = a.get("place");
    let contained =
        matches!(place.first(), Some((Tok::Word(w), _)) if *w == super::words::CONTAINED);
    let tail = (!a.get("tail").is_empty()).then(|| {
        let curse = a.get("curse state");
        let montype = a.get("monster type");
        ObjTail {
            curse: (!curse.is_empty()).then(|| read::val(curse)),
            montype: (!montype.is_empty()).then(|| read::string(montype)),
            spe: read::int_or_random(a.get("enchantment")),
            name: read::name_or_random(a.get("object name")).map(|s| s.v),
        }
    });
    StmtKind::Object {
        container,
        chance: read::chance(a.get("chance")),
        class: read::class(a.get("class")),
        name: read::name_or_random(a.get("name")),
        at: (!contained).then(|| read::coord(place)),
        tail,
        check: read::sanity(a.get("sanity flag")),
    }
}

/// One `, info` of a MONSTER statement.
fn monster_info<'a>(t: Toks<'_, 'a>) -> MonInfo<'a> {
    match t.first() {
        Some((Tok::Str(s), _)) => MonInfo::Name(s),
        Some((Tok::Val(v, n), _)) if *v == super::words::ATTITUDE => MonInfo::Attitude(*n),
        Some((Tok::Val(v, n), _)) if *v == super::words::ALERTNESS => MonInfo::Alertness(*n),
        Some((Tok::Val(_, n), _)) => MonInfo::Appear(*n, read::string(&t[1..]).v),
        _ => MonInfo::Align(read::align(t)),
    }
}

/// A room's `DOOR` (and SLASH'EM's with artifact keys, dNetHack's with
/// text numbers: the last counts).
pub(super) fn room_door<'a>(a: &Args<'_, Tok<'a>>) -> StmtKind<'a> {
    StmtKind::RoomDoor {
        secret: read::val(a.get("secret flag")),
        state: read::door_state(a.get("state")),
        wall: read::direction(a.get("wall")),
        pos: read::int_or_random(a.get("position")),
        key: a.all("key").last().map(read::string),
        text: a.all("text").last().map(read::int),
    }
}

/// A map part's `DOOR` (and SLASH'EM's and dNetHack's forms).
pub(super) fn door<'a>(a: &Args<'_, Tok<'a>>) -> StmtKind<'a> {
    StmtKind::Door {
        state: read::door_state(a.get("state")),
        at: read::coord(a.get("place")),
        key: a.all("key").last().map(read::string),
        text: a.all("text").last().map(read::int),
    }
}

/// `ALTAR` (and notnotdNetHack's with a god's name).
pub(super) fn altar<'a>(a: &Args<'_, Tok<'a>>) -> StmtKind<'a> {
    let god = a.get("god");
    StmtKind::Altar {
        at: read::coord(a.get("place")),
        align: read::align(a.get("alignment")),
        kind: read::val(a.get("type")),
        god: (!god.is_empty()).then(|| read::string(god)),
    }
}

/// `MONSTER` (with notnotdNetHack's sanity flag when its place has one).
pub(super) fn monster<'a>(a: &Args<'_, Tok<'a>>) -> StmtKind<'a> {
    StmtKind::Monster {
        chance: read::chance(a.get("chance")),
        class: read::class(a.get("class")),
        name: read::name_or_random(a.get("name")),
        at: read::coord(a.get("place")),
        infos: a.all("details").map(monster_info).collect(),
        check: read::sanity(a.get("sanity flag")),
    }
}

/// `ENGRAVING` (with notnotdNetHack's sanity flag when its place has one).
pub(super) fn engraving<'a>(a: &Args<'_, Tok<'a>>) -> StmtKind<'a> {
    StmtKind::Engraving {
        at: read::coord(a.get("place")),
        kind: read::val(a.get("type")),
        text: read::string(a.get("text")),
        check: read::sanity(a.get("sanity flag")),
    }
}
