//! The statement rows of 3.6.7's `lev_comp.y`, one per form, with the
//! argument patterns they share.

use super::read;
use super::{Build, Class, Form};
use crate::des::nh36::lexer::{Kw, Val};
use crate::statement::{Pat, Row};

use Class::Punct;

pub(super) const COLON: Pat<Class> = Pat::Tok(Punct(b':'), "`:`");
pub(super) const COMMA: Pat<Class> = Pat::Tok(Punct(b','), "`,`");
pub(super) const OPEN: Pat<Class> = Pat::Tok(Punct(b'('), "`(`");
pub(super) const CLOSE: Pat<Class> = Pat::Tok(Punct(b')'), "`)`");
const OPEN_BRACKET: Pat<Class> = Pat::Tok(Punct(b'['), "`[`");
const CLOSE_BRACKET: Pat<Class> = Pat::Tok(Punct(b']'), "`]`");
const BAR: Pat<Class> = Pat::Tok(Punct(b'|'), "`|`");
pub(super) const RANDOM: Pat<Class> = Pat::Tok(Class::Random, "`random`");
pub(super) const INT: Pat<Class> = Pat::Tok(Class::Int, "an integer");
const ANY_INT: Pat<Class> = Pat::Tok(Class::AnyInt, "an integer");
pub(super) const STRING: Pat<Class> = Pat::Tok(Class::Str, "a string");
pub(super) const CHAR: Pat<Class> = Pat::Tok(Class::Char, "a character like 'x'");
pub(super) const VAR: Pat<Class> = Pat::Tok(Class::Var, "a variable");

pub(super) const EXPR: Pat<Class> = Pat::Read(Class::Expr, "an integer expression");
const STR_EXPR: Pat<Class> = Pat::Read(Class::StrExpr, "a string");
pub(super) const COORD: Pat<Class> =
    Pat::Read(Class::Coord, "a coordinate: (x,y), random or a variable");
pub(super) const REGION: Pat<Class> = Pat::Read(Class::Region, "a region (x1,y1,x2,y2)");
pub(super) const MAPCHAR: Pat<Class> = Pat::Read(Class::MapChar, "a map character");
pub(super) const MONSTER: Pat<Class> = Pat::Read(Class::Monster, "a monster");
pub(super) const OBJECT: Pat<Class> = Pat::Read(Class::Object, "an object");
pub(super) const SEL: Pat<Class> = Pat::Read(Class::Sel, "a selection");
pub(super) const COND: Pat<Class> = Pat::Read(Class::Cond, "a condition: [50%] or [expression]");
pub(super) const BLOCK: Pat<Class> = Pat::Read(Class::Block, "`{`");

/// A value keyword of class `v`, or `random`.
macro_rules! val_or_random {
    ($v:expr, $label:expr) => {
        Pat::Alt(&[Pat::Tok(Class::Val($v), $label), RANDOM])
    };
}

pub(super) const LIGHT: Pat<Class> = val_or_random!(Val::Light, "`lit` or `unlit`");
pub(super) const BOOLEAN: Pat<Class> = Pat::Tok(Class::Val(Val::Boolean), "`true` or `false`");
const UP_OR_DOWN: Pat<Class> = Pat::Tok(Class::Val(Val::UpOrDown), "`up` or `down`");
pub(super) const DIRECTION: Pat<Class> = Pat::Tok(Class::Val(Val::Direction), "a direction");
/// `north|west`: directions joined with `|`.
pub(super) const DIRECTIONS: Pat<Class> = Pat::SepBy {
    item: &DIRECTION,
    sep: &BAR,
    min: 1,
    max: usize::MAX,
};
/// `(x1,y1,x2,y2)` of integers.
const RECT: Pat<Class> = Pat::Seq(&[OPEN, INT, COMMA, INT, COMMA, INT, COMMA, INT, CLOSE]);
/// A map region or `levregion(…)`.
const LEV_REGION: Pat<Class> = Pat::Alt(&[
    RECT,
    Pat::Seq(&[Pat::Tok(Class::Kw(Kw::LevRegion), "`levregion`"), RECT]),
]);
/// `(x,y)` of integers, or `random`.
const PAIR: Pat<Class> = Pat::Alt(&[Pat::Seq(&[OPEN, INT, COMMA, INT, CLOSE]), RANDOM]);
/// `left, top` (`center` either way).
const JUSTIFIED: Pat<Class> = Pat::Seq(&[
    Pat::Alt(&[
        Pat::Tok(Class::Val(Val::LeftOrRight), "a horizontal alignment"),
        Pat::Tok(Class::Val(Val::Center), "`center`"),
    ]),
    COMMA,
    Pat::Alt(&[
        Pat::Tok(Class::Val(Val::TopOrBottom), "a vertical alignment"),
        Pat::Tok(Class::Val(Val::Center), "`center`"),
    ]),
]);
/// `, filled, irregular, joined` (each optional, any order), if given.
const ROOM_FLAGS: Pat<Class> = Pat::Opt(&Pat::Seq(&[
    COMMA,
    Pat::SepBy {
        item: &Pat::Arg(
            "flag",
            &Pat::Alt(&[
                Pat::Tok(Class::Val(Val::Filling), "`filled`"),
                Pat::Tok(Class::Val(Val::Irregular), "`irregular`"),
                Pat::Tok(Class::Val(Val::Joined), "`joined`"),
            ]),
        ),
        sep: &COMMA,
        min: 1,
        max: usize::MAX,
    },
]));
/// `room_begin`: the type, a chance, the light state.
const ROOM_BEGIN: Pat<Class> = Pat::Seq(&[
    Pat::Arg("room type", &Pat::Alt(&[STRING, RANDOM])),
    Pat::Opt(&Pat::Arg(
        "chance",
        &Pat::Tok(Class::Percent, "a chance like [50%]"),
    )),
    COMMA,
    Pat::Arg("light state", &LIGHT),
]);
/// `align[n]`.
const REGISTER: Pat<Class> = Pat::Seq(&[
    Pat::Tok(Class::Kw(Kw::Align), "`align`"),
    OPEN_BRACKET,
    INT,
    CLOSE_BRACKET,
]);
const ALIGNMENT: Pat<Class> = Pat::Tok(Class::Val(Val::Alignment), "an alignment");
/// `(room, wall, door)` of a `CORRIDOR`.
const CORRIDOR_END: Pat<Class> = Pat::Seq(&[
    OPEN,
    INT,
    COMMA,
    DIRECTION,
    COMMA,
    Pat::Alt(&[INT, RANDOM]),
    CLOSE,
]);

/// `keyword: expression` of a monster's or object's timed property.
macro_rules! timed {
    ($kw:expr, $label:expr) => {
        Pat::Seq(&[Pat::Tok(Class::Kw($kw), $label), COLON, EXPR])
    };
}

/// A monster's property (`monster_info`).
pub(super) const MONSTER_INFO: Pat<Class> = Pat::Alt(&[
    STR_EXPR,
    Pat::Tok(Class::Val(Val::Attitude), "`peaceful` or `hostile`"),
    Pat::Tok(Class::Val(Val::Alertness), "`asleep` or `awake`"),
    ALIGNMENT,
    REGISTER,
    Pat::Seq(&[Pat::Tok(Class::Kw(Kw::Align), "`align`"), COLON, RANDOM]),
    Pat::Seq(&[
        Pat::Tok(Class::Val(Val::Appearance), "an appearance"),
        STR_EXPR,
    ]),
    Pat::Tok(Class::Kw(Kw::Female), "`female`"),
    Pat::Tok(Class::Kw(Kw::Invisible), "`invisible`"),
    Pat::Tok(Class::Kw(Kw::Cancelled), "`cancelled`"),
    Pat::Tok(Class::Kw(Kw::Revived), "`revived`"),
    Pat::Tok(Class::Kw(Kw::Avenge), "`avenge`"),
    timed!(Kw::Fleeing, "`fleeing`"),
    timed!(Kw::Blinded, "`blinded`"),
    timed!(Kw::Paralyzed, "`paralyzed`"),
    Pat::Tok(Class::Kw(Kw::Stunned), "`stunned`"),
    Pat::Tok(Class::Kw(Kw::Confused), "`confused`"),
    Pat::Seq(&[
        Pat::Tok(Class::Kw(Kw::SeenTraps), "`seen_traps`"),
        COLON,
        Pat::SepBy {
            item: &Pat::Alt(&[STRING, Pat::Tok(Class::Kw(Kw::All), "`all`")]),
            sep: &BAR,
            min: 1,
            max: usize::MAX,
        },
    ]),
]);

/// An object's property (`object_info`); the coordinate first: most
/// objects have one, and no other property starts like one.
pub(super) const OBJECT_INFO: Pat<Class> = Pat::Alt(&[
    COORD,
    Pat::Tok(Class::Val(Val::CurseType), "a curse state"),
    Pat::Seq(&[
        Pat::Tok(Class::Kw(Kw::Montype), "`montype`"),
        COLON,
        MONSTER,
    ]),
    ANY_INT,
    Pat::Tok(Class::Dice, "dice like 2d6"),
    Pat::Seq(&[Pat::Tok(Class::Kw(Kw::Name), "`NAME`"), COLON, STR_EXPR]),
    timed!(Kw::Quantity, "`quantity`"),
    Pat::Tok(Class::Kw(Kw::Buried), "`buried`"),
    Pat::Tok(Class::Val(Val::Light), "`lit` or `unlit`"),
    timed!(Kw::Eroded, "`eroded`"),
    Pat::Tok(Class::Kw(Kw::Erodeproof), "`erodeproof`"),
    Pat::Tok(Class::Val(Val::DoorState), "`locked` or `broken`"),
    Pat::Tok(Class::Val(Val::TrappedState), "`trapped` or `not_trapped`"),
    timed!(Kw::Recharged, "`recharged`"),
    Pat::Tok(Class::Kw(Kw::Invisible), "`invisible`"),
    Pat::Tok(Class::Kw(Kw::Greased), "`greased`"),
]);

/// `: area, excluded area` of stairs, portals, teleport regions and
/// branches.
const AREAS: Pat<Class> = Pat::Seq(&[
    COLON,
    Pat::Arg("area", &LEV_REGION),
    COMMA,
    Pat::Arg("excluded area", &LEV_REGION),
]);
/// `: selection` of fountains, sinks and pools.
pub(super) const PLACES: Pat<Class> = Pat::Seq(&[COLON, Pat::Arg("place", &SEL)]);
/// `: region` of `NON_DIGGABLE` and `NON_PASSWALL`.
const ONE_REGION: Pat<Class> = Pat::Seq(&[COLON, Pat::Arg("region", &REGION)]);

/// `, property` any number of times.
macro_rules! infos {
    ($info:expr) => {
        Pat::Many(&Pat::Seq(&[COMMA, Pat::Arg("property", &$info)]))
    };
}

/// `OBJECT`'s arguments, its properties `info` (a variant's has more).
macro_rules! object_args {
    ($info:expr) => {
        Pat::Seq(&[COLON, Pat::Arg("object", &OBJECT), infos!($info)])
    };
}

/// `CONTAINER`'s arguments, its properties `info`.
macro_rules! container_args {
    ($info:expr) => {
        Pat::Seq(&[
            COLON,
            Pat::Arg("object", &OBJECT),
            infos!($info),
            Pat::Arg("contents", &BLOCK),
        ])
    };
}

/// `MONSTER`'s arguments, its properties `info`.
macro_rules! monster_args {
    ($info:expr) => {
        Pat::Seq(&[
            COLON,
            Pat::Arg("monster", &MONSTER),
            COMMA,
            Pat::Arg("location", &COORD),
            infos!($info),
            Pat::Opt(&Pat::Arg("inventory", &BLOCK)),
        ])
    };
}

/// `TRAP`'s arguments.
pub(super) const TRAP_ARGS: Pat<Class> = Pat::Seq(&[
    COLON,
    Pat::Arg("trap type", &Pat::Alt(&[STRING, RANDOM])),
    COMMA,
    Pat::Arg("location", &COORD),
]);

/// `TERRAIN`'s arguments.
pub(super) const TERRAIN_ARGS: Pat<Class> = Pat::Seq(&[
    COLON,
    Pat::Arg("place", &SEL),
    COMMA,
    Pat::Arg("terrain", &MAPCHAR),
]);

/// `DOOR`'s arguments, with what a variant puts before its state.
macro_rules! door_args {
    ($($before:expr),*) => {
        Pat::Seq(&[
            COLON,
            $($before,)*
            Pat::Arg(
                "door state",
                &val_or_random!(Val::DoorState, "a door state")
            ),
            COMMA,
            Pat::Arg("place", &SEL),
        ])
    };
}

/// `ROOMDOOR`'s arguments, with what a variant puts before them.
macro_rules! room_door_args {
    ($($before:expr),*) => {
        Pat::Seq(&[
            COLON,
            $($before,)*
            Pat::Arg(
                "secret flag",
                &val_or_random!(Val::Boolean, "`true` or `false`")
            ),
            COMMA,
            Pat::Arg(
                "door state",
                &val_or_random!(Val::DoorState, "a door state")
            ),
            COMMA,
            Pat::Arg("wall", &Pat::Alt(&[DIRECTIONS, RANDOM])),
            COMMA,
            Pat::Arg("position", &Pat::Alt(&[INT, RANDOM])),
        ])
    };
}

/// A row: `keyword`, its name in messages, its arguments, its builder.
macro_rules! row {
    ($keyword:expr, $name:expr, $args:expr, $build:expr) => {
        Row {
            keyword: $keyword,
            also: &[],
            name: $name,
            args: $args,
            build: $build as Build,
            place: (),
        }
    };
}
pub(super) use {
    container_args, door_args, infos, monster_args, object_args, room_door_args, row, timed,
    val_or_random,
};

/// `$name = value`: the pattern from the variable on.
pub(crate) const DEFINE: Pat<Class> = Pat::Seq(&[
    Pat::Arg("variable", &VAR),
    Pat::Tok(Punct(b'='), "`=`"),
    Pat::Arg("value", &Pat::Read(Class::Value, "a value")),
]);

/// `[50%]: statement` (or `[expression]: …`): the pattern from the
/// condition on.
pub(crate) const CHANCE: Pat<Class> = Pat::Seq(&[
    Pat::Arg("condition", &COND),
    COLON,
    Pat::Arg("statement", &Pat::Read(Class::Stmt, "a statement")),
]);

/// Every keyword's statement forms, in the order of 3.6.7's `lev_comp.l`
/// keywords (which decides a misspelling's suggestion on a tie); a
/// keyword's forms in the order they are tried.
pub(crate) const ROWS: &[Form] = &[
    row!(
        "MESSAGE",
        "MESSAGE",
        Pat::Seq(&[COLON, Pat::Arg("text", &STR_EXPR)]),
        read::message
    ),
    row!("NOMAP", "NOMAP", Pat::Seq(&[]), read::no_map),
    row!(
        "MAZE",
        "MAZE",
        Pat::Seq(&[
            COLON,
            Pat::Arg("level name", &STRING),
            COMMA,
            Pat::Arg("filler", &Pat::Alt(&[RANDOM, CHAR])),
        ]),
        read::maze
    ),
    row!(
        "LEVEL",
        "LEVEL",
        Pat::Seq(&[COLON, Pat::Arg("level name", &STRING)]),
        read::level
    ),
    row!(
        "INIT_MAP",
        "INIT_MAP",
        Pat::Seq(&[
            COLON,
            Pat::Alt(&[
                Pat::Seq(&[
                    Pat::Arg(
                        "solidfill",
                        &Pat::Tok(Class::Kw(Kw::SolidFill), "`solidfill`")
                    ),
                    COMMA,
                    Pat::Alt(&[
                        Pat::Arg("fill character", &CHAR),
                        Pat::Seq(&[
                            OPEN,
                            Pat::Arg("fill character", &CHAR),
                            COMMA,
                            Pat::Arg("light state", &LIGHT),
                            CLOSE,
                        ]),
                    ]),
                ]),
                Pat::Seq(&[
                    Pat::Arg("mazegrid", &Pat::Tok(Class::Kw(Kw::MazeGrid), "`mazegrid`")),
                    COMMA,
                    Pat::Arg("fill character", &CHAR),
                ]),
                Pat::Arg("rogue", &Pat::Tok(Class::Kw(Kw::Rogue), "`rogue`")),
                Pat::Seq(&[
                    Pat::Tok(Class::Kw(Kw::Mines), "`mines`"),
                    COMMA,
                    Pat::Arg("foreground", &CHAR),
                    COMMA,
                    Pat::Arg("background", &CHAR),
                    COMMA,
                    Pat::Arg("smoothing flag", &BOOLEAN),
                    COMMA,
                    Pat::Arg("joining flag", &BOOLEAN),
                    COMMA,
                    Pat::Arg("light state", &LIGHT),
                    COMMA,
                    Pat::Arg(
                        "walls flag",
                        &val_or_random!(Val::Boolean, "`true` or `false`")
                    ),
                    Pat::Opt(&Pat::Seq(&[COMMA, Pat::Arg("filling character", &CHAR)])),
                ]),
            ]),
        ]),
        read::init_map
    ),
    row!(
        "FLAGS",
        "FLAGS",
        Pat::Seq(&[
            COLON,
            Pat::SepBy {
                item: &Pat::Arg("flag", &Pat::Tok(Class::Val(Val::Flag), "a level flag")),
                sep: &COMMA,
                min: 1,
                max: usize::MAX,
            },
        ]),
        read::flags
    ),
    row!(
        "GEOMETRY",
        "GEOMETRY",
        Pat::Seq(&[
            COLON,
            Pat::Arg("place", &Pat::Alt(&[JUSTIFIED, COORD])),
            Pat::Opt(&Pat::Seq(&[COMMA, Pat::Arg("fill flag", &BOOLEAN)])),
            Pat::Arg("map", &Pat::Tok(Class::Map, "a MAP block")),
        ]),
        read::geometry
    ),
    row!("OBJECT", "OBJECT", object_args!(OBJECT_INFO), read::object),
    row!(
        "CONTAINER",
        "CONTAINER",
        container_args!(OBJECT_INFO),
        read::container
    ),
    row!(
        "MONSTER",
        "MONSTER",
        monster_args!(MONSTER_INFO),
        read::monster
    ),
    row!("TRAP", "TRAP", TRAP_ARGS, read::trap),
    row!("DOOR", "DOOR", door_args!(), read::door),
    row!("ROOMDOOR", "ROOMDOOR", room_door_args!(), read::room_door),
    row!(
        "DRAWBRIDGE",
        "DRAWBRIDGE",
        Pat::Seq(&[
            COLON,
            Pat::Arg("location", &COORD),
            COMMA,
            Pat::Arg("direction", &DIRECTION),
            COMMA,
            Pat::Arg(
                "door state",
                &val_or_random!(Val::DoorState, "a door state")
            ),
        ]),
        read::drawbridge
    ),
    row!(
        "MAZEWALK",
        "MAZEWALK",
        Pat::Seq(&[
            COLON,
            Pat::Arg("location", &COORD),
            COMMA,
            Pat::Arg("direction", &DIRECTION),
            Pat::Opt(&Pat::Seq(&[
                COMMA,
                Pat::Arg("stocked flag", &BOOLEAN),
                Pat::Opt(&Pat::Seq(&[COMMA, Pat::Arg("filler", &CHAR)])),
            ])),
        ]),
        read::mazewalk
    ),
    row!(
        "WALLIFY",
        "WALLIFY",
        Pat::Opt(&Pat::Seq(&[COLON, Pat::Arg("place", &SEL)])),
        read::wallify
    ),
    row!(
        "REGION",
        "REGION",
        Pat::Seq(&[
            COLON,
            Pat::Arg("region", &REGION),
            COMMA,
            Pat::Arg("light state", &LIGHT),
            COMMA,
            Pat::Arg("room type", &Pat::Alt(&[STRING, RANDOM])),
            ROOM_FLAGS,
            Pat::Opt(&Pat::Arg("block", &BLOCK)),
        ]),
        read::region
    ),
    row!(
        "ALTAR",
        "ALTAR",
        Pat::Seq(&[
            COLON,
            Pat::Arg("location", &COORD),
            COMMA,
            Pat::Arg("alignment", &Pat::Alt(&[ALIGNMENT, REGISTER, RANDOM])),
            COMMA,
            Pat::Arg(
                "altar type",
                &val_or_random!(Val::AltarType, "an altar type")
            ),
        ]),
        read::altar
    ),
    row!(
        "LADDER",
        "LADDER",
        Pat::Seq(&[
            COLON,
            Pat::Arg("location", &COORD),
            COMMA,
            Pat::Arg("direction", &UP_OR_DOWN),
        ]),
        read::ladder
    ),
    row!(
        "STAIR",
        "STAIR (regions)",
        Pat::Seq(&[AREAS, COMMA, Pat::Arg("direction", &UP_OR_DOWN),]),
        read::stair_region
    ),
    row!(
        "STAIR",
        "STAIR",
        Pat::Seq(&[
            COLON,
            Pat::Arg("location", &COORD),
            COMMA,
            Pat::Arg("direction", &UP_OR_DOWN),
        ]),
        read::stair
    ),
    row!(
        "PORTAL",
        "PORTAL",
        Pat::Seq(&[AREAS, COMMA, Pat::Arg("destination level", &STRING),]),
        read::portal
    ),
    row!(
        "TELEPORT_REGION",
        "TELEPORT_REGION",
        Pat::Seq(&[
            AREAS,
            Pat::Opt(&Pat::Seq(&[COMMA, Pat::Arg("direction", &UP_OR_DOWN)])),
        ]),
        read::teleport_region
    ),
    row!("BRANCH", "BRANCH", AREAS, read::branch),
    row!("FOUNTAIN", "FOUNTAIN", PLACES, read::fountain),
    row!("SINK", "SINK", PLACES, read::sink),
    row!("POOL", "POOL", PLACES, read::pool),
    row!(
        "NON_DIGGABLE",
        "NON_DIGGABLE",
        ONE_REGION,
        read::non_diggable
    ),
    row!(
        "NON_PASSWALL",
        "NON_PASSWALL",
        ONE_REGION,
        read::non_passwall
    ),
    row!(
        "IF",
        "IF",
        Pat::Seq(&[
            Pat::Arg("condition", &COND),
            Pat::Arg("block", &BLOCK),
            Pat::Opt(&Pat::Seq(&[
                Pat::Tok(Class::Kw(Kw::Else), "`ELSE`"),
                Pat::Arg("else block", &BLOCK),
            ])),
        ]),
        read::if_else
    ),
    row!("EXIT", "EXIT", Pat::Seq(&[]), read::exit),
    row!(
        "ROOM",
        "ROOM",
        Pat::Seq(&[
            COLON,
            ROOM_BEGIN,
            COMMA,
            Pat::Arg("position", &PAIR),
            COMMA,
            Pat::Arg(
                "alignment",
                &Pat::Alt(&[Pat::Seq(&[OPEN, JUSTIFIED, CLOSE]), RANDOM]),
            ),
            COMMA,
            Pat::Arg("size", &PAIR),
            ROOM_FLAGS,
            Pat::Arg("block", &BLOCK),
        ]),
        read::room
    ),
    row!(
        "SUBROOM",
        "SUBROOM",
        Pat::Seq(&[
            COLON,
            ROOM_BEGIN,
            COMMA,
            Pat::Arg("position", &PAIR),
            COMMA,
            Pat::Arg("size", &PAIR),
            ROOM_FLAGS,
            Pat::Arg("block", &BLOCK),
        ]),
        read::subroom
    ),
    row!(
        "RANDOM_CORRIDORS",
        "RANDOM_CORRIDORS",
        Pat::Opt(&Pat::Seq(&[
            COLON,
            Pat::Arg("kind", &Pat::Alt(&[ANY_INT, RANDOM])),
        ])),
        read::random_corridors
    ),
    row!(
        "CORRIDOR",
        "CORRIDOR",
        Pat::Seq(&[
            COLON,
            Pat::Arg("origin", &CORRIDOR_END),
            COMMA,
            Pat::Arg("destination", &Pat::Alt(&[CORRIDOR_END, ANY_INT])),
        ]),
        read::corridor
    ),
    row!("TERRAIN", "TERRAIN", TERRAIN_ARGS, read::terrain),
    row!(
        "REPLACE_TERRAIN",
        "REPLACE_TERRAIN",
        Pat::Seq(&[
            COLON,
            Pat::Arg("region", &REGION),
            COMMA,
            Pat::Arg("old terrain", &MAPCHAR),
            COMMA,
            Pat::Arg("new terrain", &MAPCHAR),
            COMMA,
            Pat::Arg(
                "chance",
                &Pat::Tok(Class::SPercent, "a percentage like 50%"),
            ),
        ]),
        read::replace_terrain
    ),
    row!(
        "GOLD",
        "GOLD",
        Pat::Seq(&[
            COLON,
            Pat::Arg("amount", &EXPR),
            COMMA,
            Pat::Arg("location", &COORD),
        ]),
        read::gold
    ),
    row!(
        "GRAVE",
        "GRAVE",
        Pat::Seq(&[
            COLON,
            Pat::Arg("location", &COORD),
            Pat::Opt(&Pat::Seq(&[
                COMMA,
                Pat::Arg("text", &Pat::Alt(&[RANDOM, STR_EXPR])),
            ])),
        ]),
        read::grave
    ),
    row!(
        "ENGRAVING",
        "ENGRAVING",
        Pat::Seq(&[
            COLON,
            Pat::Arg("location", &COORD),
            COMMA,
            Pat::Arg(
                "engraving type",
                &val_or_random!(Val::EngravingType, "an engraving type"),
            ),
            COMMA,
            Pat::Arg("text", &STR_EXPR),
        ]),
        read::engraving
    ),
    row!(
        "MINERALIZE",
        "MINERALIZE",
        Pat::Opt(&Pat::Seq(&[
            COLON,
            Pat::Arg("amount", &EXPR),
            COMMA,
            Pat::Arg("amount", &EXPR),
            COMMA,
            Pat::Arg("amount", &EXPR),
            COMMA,
            Pat::Arg("amount", &EXPR),
        ])),
        read::mineralize
    ),
    row!(
        "FOR",
        "FOR",
        Pat::Seq(&[
            Pat::Arg("variable", &VAR),
            Pat::Tok(Punct(b'='), "`=`"),
            Pat::Arg("first value", &EXPR),
            Pat::Alt(&[
                Pat::Seq(&[Pat::Tok(Punct(b'.'), "`.`"), Pat::Tok(Punct(b'.'), "`.`"),]),
                Pat::Tok(Class::Kw(Kw::To), "`TO`"),
            ]),
            Pat::Arg("last value", &EXPR),
            Pat::Arg("block", &BLOCK),
        ]),
        read::for_loop
    ),
    row!(
        "LOOP",
        "LOOP",
        Pat::Seq(&[
            OPEN_BRACKET,
            Pat::Arg("count", &EXPR),
            CLOSE_BRACKET,
            Pat::Arg("block", &BLOCK),
        ]),
        read::loop_
    ),
    row!(
        "SWITCH",
        "SWITCH",
        Pat::Seq(&[
            OPEN_BRACKET,
            Pat::Arg("value", &EXPR),
            CLOSE_BRACKET,
            Pat::Arg("cases", &Pat::Read(Class::Cases, "`{`")),
        ]),
        read::switch
    ),
    row!("BREAK", "BREAK", Pat::Seq(&[]), read::brk),
    row!(
        "SHUFFLE",
        "SHUFFLE",
        Pat::Seq(&[COLON, Pat::Arg("variable", &VAR)]),
        read::shuffle
    ),
];
