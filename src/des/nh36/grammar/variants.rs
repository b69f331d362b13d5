//! Rows of the 3.6 family's variants, each a statement form 3.6.7's
//! `lev_comp.y` does not have, for a game whose format calls for it (see
//! [`super::for_game`]): a statement is a row and what it stores.

use super::read;
use super::rows::{
    container_args, door_args, infos, monster_args, object_args, room_door_args, row, timed,
    val_or_random, BLOCK, CHAR, CLOSE, COLON, COMMA, COND, COORD, DIRECTION, DIRECTIONS, EXPR, INT,
    LIGHT, MAPCHAR, MONSTER, MONSTER_INFO, OBJECT, OBJECT_INFO, OPEN, PLACES, RANDOM, REGION, SEL,
    STRING, TERRAIN_ARGS, TRAP_ARGS, VAR,
};
use super::{Build, Class, Form};
use crate::des::nh36::lexer::{Kw, Val};
use crate::statement::{Pat, Row};

/// `material,` before a door's state (EvilHack's `opt_door_material`).
const MATERIAL: Pat<Class> = Pat::Opt(&Pat::Seq(&[
    Pat::Arg(
        "door material",
        &Pat::Tok(Class::Val(Val::DoorMaterial), "a door material"),
    ),
    COMMA,
]));

/// `DOOR` and `ROOMDOOR` with a material: for a game whose door
/// records have one (every door stores it, 0 when it names none).
pub(super) const DOOR_MATERIAL_ROWS: &[Form] = &[
    row!(
        "DOOR",
        "DOOR",
        door_args!(MATERIAL),
        read::door_with_material
    ),
    row!(
        "ROOMDOOR",
        "ROOMDOOR",
        room_door_args!(MATERIAL),
        read::room_door_with_material
    ),
];

/// The terrain statements of a selection, each for a game with its
/// opcode: `(opcode name, row)`.
pub(super) const FEATURE_ROWS: &[(&str, Form)] = &[
    ("FORGE", row!("FORGE", "FORGE", PLACES, read::forge)),
    (
        "MAGIC_CHEST",
        row!("MAGIC_CHEST", "MAGIC_CHEST", PLACES, read::magic_chest),
    ),
    ("PUDDLE", row!("PUDDLE", "PUDDLE", PLACES, read::puddle)),
    ("SEWAGE", row!("SEWAGE", "SEWAGE", PLACES, read::sewage)),
];

/// `VAULTGEN: n` of a random vault: for a game whose `lev_comp` lists
/// its random vaults in `vaults.dat`.
pub(super) const VAULT_ROWS: &[Form] = &[row!(
    "VAULTGEN",
    "VAULTGEN",
    Pat::Seq(&[COLON, Pat::Arg("frequency", &INT)]),
    read::vault_frequency
)];

/// `MINDEPTH: n` of a random vault (EvilHack's; not SporkHack's nor
/// UnNetHack's).
pub(super) const MIN_DEPTH_ROWS: &[Form] = &[row!(
    "MINDEPTH",
    "MINDEPTH",
    Pat::Seq(&[COLON, Pat::Arg("depth", &INT)]),
    read::vault_depth
)];

/// A monster's property, with EvilHack's `dead`.
const MONSTER_INFO_DEAD: Pat<Class> =
    Pat::Alt(&[MONSTER_INFO, Pat::Tok(Class::Kw(Kw::Dead), "`dead`")]);

/// `MONSTER` whose properties may be `dead` (a game with `SP_M_V_DEAD`).
pub(super) const DEAD_MONSTER_ROWS: &[Form] = &[row!(
    "MONSTER",
    "MONSTER",
    monster_args!(MONSTER_INFO_DEAD),
    read::monster
)];

/// An object's property, with EvilHack's `affixed_gem:` and
/// `forged_qual:`.
const OBJECT_INFO_FORGED: Pat<Class> = Pat::Alt(&[
    OBJECT_INFO,
    timed!(Kw::AffixedGem, "`affixed_gem`"),
    timed!(Kw::ForgedQual, "`forged_qual`"),
]);

/// `OBJECT` and `CONTAINER` whose properties may be `affixed_gem` and
/// `forged_qual` (a game with `SP_O_V_AFFIXED_GEM`).
pub(super) const FORGED_OBJECT_ROWS: &[Form] = &[
    row!(
        "OBJECT",
        "OBJECT",
        object_args!(OBJECT_INFO_FORGED),
        read::object
    ),
    row!(
        "CONTAINER",
        "CONTAINER",
        container_args!(OBJECT_INFO_FORGED),
        read::container
    ),
];

/// A function's name.
const NAME: Pat<Class> = Pat::Tok(Class::Name, "a function name");

/// `FUNCTION name($param: type, …) { … }`: for a game whose `lev_comp.y`
/// takes function definitions (before the first level too).
pub(super) const FUNCTION_ROWS: &[Form] = &[row!(
    "FUNCTION",
    "FUNCTION",
    Pat::Seq(&[
        Pat::Arg("name", &NAME),
        OPEN,
        Pat::SepBy {
            item: &Pat::Seq(&[
                Pat::Arg("parameter", &VAR),
                COLON,
                Pat::Arg(
                    "parameter type",
                    &Pat::Tok(Class::CoreFunc, "a parameter type: `int` or `str`"),
                ),
            ]),
            sep: &COMMA,
            min: 0,
            max: usize::MAX,
        },
        CLOSE,
        Pat::Arg("block", &BLOCK),
    ]),
    read::function_def
)];

/// `SOUNDS: frequency, (type, text), …`: for a game with
/// `SPO_LEVEL_SOUNDS` (SporkHack, UnNetHack).
pub(super) const SOUNDS_ROW: Form = row!(
    "SOUNDS",
    "SOUNDS",
    Pat::Seq(&[
        COLON,
        Pat::Arg("frequency", &EXPR),
        COMMA,
        Pat::SepBy {
            item: &Pat::Seq(&[
                OPEN,
                Pat::Arg(
                    "sound type",
                    &Pat::Tok(Class::Val(Val::SoundType), "a sound type"),
                ),
                COMMA,
                Pat::Arg("text", &Pat::Read(Class::StrExpr, "a string")),
                CLOSE,
            ]),
            sep: &COMMA,
            min: 1,
            max: usize::MAX,
        },
    ]),
    read::sounds
);

/// `INCLUDE "file"`: for a game whose `lev_comp.y` takes it (before the
/// first level).
pub(super) const INCLUDE_ROWS: &[Form] = &[row!(
    "INCLUDE",
    "INCLUDE",
    Pat::Arg("file", &STRING),
    read::include
)];

/// `name(arguments)`, a function's call, from the name on: the pattern
/// of a statement that starts with a name.
pub(crate) const CALL: Pat<Class> = Pat::Seq(&[
    Pat::Arg("function", &NAME),
    OPEN,
    Pat::SepBy {
        item: &Pat::Arg("argument", &Pat::Read(Class::Value, "an argument")),
        sep: &COMMA,
        min: 0,
        max: usize::MAX,
    },
    CLOSE,
]);

/// `INIT_MAP: sheollev` (UnNetHack's `LVLINIT_SHEOL`).
pub(super) const SHEOL_ROWS: &[Form] = &[row!(
    "INIT_MAP",
    "INIT_MAP",
    Pat::Seq(&[
        COLON,
        Pat::Arg("sheollev", &Pat::Tok(Class::Kw(Kw::SheolLev), "`sheollev`")),
    ]),
    read::init_sheol
)];
/// A chance right after the keyword (SporkHack's `MONSTER[90%]: …`),
/// stored as 3.6.7's `[90%]: MONSTER: …` is.
const KEYWORD_CHANCE: Pat<Class> = Pat::Opt(&Pat::Arg("chance", &COND));

/// `MONSTER`, `OBJECT`, `CONTAINER`, `TRAP` and `TERRAIN` with a chance
/// after the keyword: for a game whose `lev_comp.y` puts one there.
pub(super) const KEYWORD_CHANCE_ROWS: &[Form] = &[
    row!(
        "MONSTER",
        "MONSTER",
        Pat::Seq(&[KEYWORD_CHANCE, monster_args!(MONSTER_INFO)]),
        read::chanced_monster
    ),
    row!(
        "OBJECT",
        "OBJECT",
        Pat::Seq(&[KEYWORD_CHANCE, object_args!(OBJECT_INFO)]),
        read::chanced_object
    ),
    row!(
        "CONTAINER",
        "CONTAINER",
        Pat::Seq(&[KEYWORD_CHANCE, container_args!(OBJECT_INFO)]),
        read::chanced_container
    ),
    row!(
        "TRAP",
        "TRAP",
        Pat::Seq(&[KEYWORD_CHANCE, TRAP_ARGS]),
        read::chanced_trap
    ),
    row!(
        "TERRAIN",
        "TERRAIN",
        Pat::Seq(&[KEYWORD_CHANCE, TERRAIN_ARGS]),
        read::chanced_terrain
    ),
];

/// `MON_GENERATION: 86%, (80,'S'), (16,"human mummy")`: for a game with
/// `SPO_MON_GENERATION`.
pub(super) const MON_GENERATION_ROW: Form = row!(
    "MON_GENERATION",
    "MON_GENERATION",
    Pat::Seq(&[
        COLON,
        Pat::Arg("chance", &Pat::Tok(Class::SPercent, "a chance like 50%")),
        COMMA,
        Pat::SepBy {
            item: &Pat::Seq(&[
                OPEN,
                Pat::Arg("weight", &EXPR),
                COMMA,
                Pat::Arg(
                    "generated",
                    &Pat::Alt(&[
                        Pat::Tok(Class::Char, "a monster class like 'S'"),
                        Pat::Tok(Class::Str, "a monster name"),
                    ]),
                ),
                CLOSE,
            ]),
            sep: &COMMA,
            min: 1,
            max: usize::MAX,
        },
    ]),
    read::mon_generation
);

/// `WALLIFY[: region]`: for a game whose `WALLIFY` takes a region.
pub(super) const WALLIFY_REGION_ROW: Form = row!(
    "WALLIFY",
    "WALLIFY",
    Pat::Opt(&Pat::Seq(&[COLON, Pat::Arg("region", &REGION)])),
    read::wallify_region
);

/// `SPILL: place, map character, direction, count` of operands:
/// UnNetHack's ([`crate::GrammarForm::SpillOperands`]).
pub(super) const SPILL_OPERANDS_ROW: Form = row!(
    "SPILL",
    "SPILL",
    Pat::Seq(&[
        SPILL_PLACE,
        Pat::Arg("terrain", &MAPCHAR),
        SPILL_DIRECTION,
        Pat::Arg("count", &EXPR),
    ]),
    read::spill_operands
);

/// `SPILL: place, terrain, direction, count`: for a game with
/// `SPO_SPILL`.
pub(super) const SPILL_ROW: Form = row!(
    "SPILL",
    "SPILL",
    Pat::Seq(&[
        SPILL_PLACE,
        Pat::Alt(&[
            Pat::Arg("terrain", &CHAR),
            Pat::Seq(&[
                OPEN,
                Pat::Arg("terrain", &CHAR),
                COMMA,
                Pat::Arg("light state", &LIGHT),
                CLOSE,
            ]),
        ]),
        SPILL_DIRECTION,
        Pat::Arg("count", &INT),
    ]),
    read::spill
);

/// `: place,` of both `SPILL` forms.
const SPILL_PLACE: Pat<Class> = Pat::Seq(&[COLON, Pat::Arg("place", &COORD), COMMA]);

/// `, direction,` of both `SPILL` forms.
const SPILL_DIRECTION: Pat<Class> = Pat::Seq(&[COMMA, Pat::Arg("direction", &DIRECTION), COMMA]);

/// `WALLWALK: place, terrain[, fill][, chance%]`: for a game with
/// `SPO_WALLWALK`.
pub(super) const WALLWALK_ROW: Form = row!(
    "WALLWALK",
    "WALLWALK",
    Pat::Seq(&[
        COLON,
        Pat::Arg("place", &COORD),
        COMMA,
        Pat::Arg("terrain", &MAPCHAR),
        Pat::Opt(&Pat::Seq(&[COMMA, Pat::Arg("fill", &MAPCHAR)])),
        Pat::Opt(&Pat::Seq(&[
            COMMA,
            Pat::Arg("chance", &Pat::Tok(Class::SPercent, "a chance like 50%")),
        ])),
    ]),
    read::wall_walk
);

/// `TOPOLOGIZE: place`: for a game with `SPO_TOPOGRAPHY`.
pub(super) const TOPOLOGIZE_ROW: Form = row!(
    "TOPOLOGIZE",
    "TOPOLOGIZE",
    Pat::Seq(&[COLON, Pat::Arg("place", &COORD)]),
    read::topologize
);
