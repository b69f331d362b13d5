//! The typed special level: what a `.des` level definition means, with the
//! values NetHack's `sp_lev.c` reads, but no byte layout (that is
//! the encoder's business).
//!
//! Door states, directions, alignments, room types, lighting, `true`/
//! `false`/`random` choices, level flags and terrain are symbolic
//! ([`DoorState`], [`Direction`], [`Alignment`], [`RoomType`],
//! [`Lighting`], [`Boolean`], [`LevelFlags`], [`Terrain`]); the other
//! fields hold the numbers lev_comp stores: `random` is -11 for coordinates and classes and -1 for most
//! other fields; a register `place[n]` / `monster[n]` / `object[n]` is
//! `-(n+1)`. Each field's documentation names its encoding.
//!
//! The records are `#[non_exhaustive]`, since a variant's dialect may add
//! fields: build one from its `Default` and set its fields. The plain
//! pairs ([`Point`], [`Area`]) are not.

mod contents;
mod names;
mod values;

pub use contents::Contents;
pub use values::*;

/// Value stored for `random` in coordinates, classes and alignments.
pub const RANDOM_COORD: i8 = -11;

/// One compiled level definition.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Level {
    /// The level name (file stem of `NAME.lev`).
    pub name: String,
    /// `INIT_MAP` settings; `None` when the level has none.
    pub init: Option<LevelInit>,
    /// `FLAGS`.
    pub flags: LevelFlags,
    /// `MESSAGE` lines joined with `\n`.
    pub message: String,
    /// FIQHack's `HALLUMSG` lines joined with `\n`: what a hallucinating
    /// hero is told instead (stored by a game whose format has
    /// [`hallucination_messages`](crate::RecordFormat::hallucination_messages)).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "String::is_empty"))]
    pub hallucination_message: String,
    /// The maze or room body.
    pub body: LevelBody,
}

/// `INIT_MAP: fg, bg, smoothed, joined, lit, walled`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct LevelInit {
    /// Terrain type of the foreground character.
    pub fg: Terrain,
    /// Terrain type of the background character.
    pub bg: Terrain,
    /// Smooth the random map.
    pub smoothed: bool,
    /// Join the random map's regions.
    pub joined: bool,
    /// Whether the map is lit.
    pub lit: Lighting,
    /// Whether the map's edges are walled.
    pub walled: Boolean,
}

/// The two kinds of special level (`"maze"` and `"rooms"` in serde).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum LevelBody {
    /// `MAZE:` levels: map parts placed on a maze.
    Maze(Maze),
    /// `LEVEL:` levels: rooms and corridors.
    Rooms(RoomLevel),
}

impl Default for LevelBody {
    fn default() -> Self {
        LevelBody::Maze(Maze::default())
    }
}

/// A `MAZE:` level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Maze {
    /// Terrain type of the fill character, or -1 for random.
    pub filling: Terrain,
    /// The map parts, in source order.
    pub parts: Vec<MazePart>,
}

/// A terrain map, row-major.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct TerrainMap {
    /// Columns.
    pub width: u8,
    /// Rows.
    pub height: u8,
    /// `width * height` terrain types, row by row.
    pub cells: Vec<Terrain>,
}

impl TerrainMap {
    /// The terrain at (x, y), or `None` outside the map.
    pub fn get(&self, x: i64, y: i64) -> Option<Terrain> {
        if x < 0 || y < 0 || x >= i64::from(self.width) || y >= i64::from(self.height) {
            return None;
        }
        self.cells
            .get(y as usize * usize::from(self.width) + x as usize)
            .copied()
    }
}

/// One `NOMAP` or `GEOMETRY`+`MAP` part of a maze level and everything
/// placed relative to it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct MazePart {
    /// left 1, half-left 2, center 3, half-right 4, right 5.
    pub halign: i8,
    /// top 1, center 3, bottom 5.
    pub valign: i8,
    /// The map (1×1 stone for `NOMAP`).
    pub map: TerrainMap,
    /// STAIR/PORTAL/TELEPORT_REGION/BRANCH level regions.
    pub level_regions: Vec<LevRegion>,
    /// `RANDOM_REGION` lists' regions (SLASH'EM; a game whose format has
    /// no such list holds none).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub random_regions: Vec<LevRegion>,
    /// `RANDOM_OBJECTS` classes, stored last-listed first (as lev_comp does).
    pub random_objects: Vec<i8>,
    /// `RANDOM_PLACES` lists, each in source order: NetHack 3.4.3 has at
    /// most one (none when the part has no places), SLASH'EM numbers
    /// several (`RANDOM_PLACES[n]`).
    pub random_places: Vec<Vec<Point>>,
    /// `RANDOM_MONSTERS` classes, stored last-listed first.
    pub random_monsters: Vec<i8>,
    /// `REGION`s.
    pub regions: Vec<Region>,
    /// `DOOR`s.
    pub doors: Vec<Door>,
    /// `DRAWBRIDGE`s.
    pub drawbridges: Vec<Drawbridge>,
    /// `MAZEWALK`s.
    pub mazewalks: Vec<Walk>,
    /// `NON_DIGGABLE` areas.
    pub non_diggable: Vec<Area>,
    /// `NON_PASSWALL` areas.
    pub non_passwall: Vec<Area>,
    /// `LADDER`s.
    pub ladders: Vec<Stair>,
    /// `STAIR`s at a coordinate.
    pub stairs: Vec<Stair>,
    /// `ALTAR`s.
    pub altars: Vec<Altar>,
    /// `FOUNTAIN`s.
    pub fountains: Vec<Point>,
    /// `FORGE`s (notnotdNetHack; a game whose format has no forge list
    /// holds none).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub forges: Vec<Point>,
    /// `TRAP`s.
    pub traps: Vec<Trap>,
    /// `MONSTER`s.
    pub monsters: Vec<Monster>,
    /// `OBJECT`s and `CONTAINER`s, in source order.
    pub objects: Vec<Object>,
    /// `GOLD`.
    pub gold: Vec<Gold>,
    /// `ENGRAVING`s.
    pub engravings: Vec<Engraving>,
}

/// A map or level position (see the module docs for -11 and registers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Point {
    /// Column.
    pub x: i8,
    /// Row.
    pub y: i8,
}

/// A rectangle `(x1,y1)`–`(x2,y2)`, inclusive.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Area {
    /// Left column.
    pub x1: i8,
    /// Top row.
    pub y1: i8,
    /// Right column.
    pub x2: i8,
    /// Bottom row.
    pub y2: i8,
}

/// A level region (stairs, portal, teleport or branch area).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct LevRegion {
    /// Where the feature may go.
    pub area: Area,
    /// Where it may not go.
    pub exclude: Area,
    /// `area` is in level coordinates (`levregion(…)`) rather than map ones.
    pub area_in_level: bool,
    /// `exclude` is in level coordinates.
    pub exclude_in_level: bool,
    /// down stair 0, up stair 1, portal 2, branch 3, teleport 4, up-only 5, down-only 6.
    pub kind: i8,
    /// Portal destination level name (empty otherwise).
    pub destination: String,
}

/// `REGION`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Region {
    /// The area.
    pub area: Area,
    /// Room type.
    pub rtype: RoomType,
    /// `unfilled`: the room is not stocked (stored as 25 added to the room type).
    pub unfilled: bool,
    /// Whether the region is lit.
    pub lit: Lighting,
    /// Irregular region.
    pub irregular: bool,
}

/// A maze-part `DOOR`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Door {
    /// Where.
    pub pos: Point,
    /// State.
    pub state: DoorState,
    /// Values of the members the game's record has beyond NetHack
    /// 3.4.3's, in the order of its [`RecordFormat`](crate::RecordFormat)'s
    /// extra members (empty for NetHack 3.4.3: SLASH'EM's door `arti_key`,
    /// notnotdNetHack's altar `god`, …).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub extra: Vec<i64>,
}

/// A room `DOOR`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct RoomDoor {
    /// Wall.
    pub wall: Direction,
    /// Position along the wall, or -1.
    pub pos: i8,
    /// 1 secret, 0 not, -1 random.
    pub secret: i8,
    /// State.
    pub state: DoorState,
    /// Values of the members the game's record has beyond NetHack
    /// 3.4.3's, in the order of its [`RecordFormat`](crate::RecordFormat)'s
    /// extra members (empty for NetHack 3.4.3: SLASH'EM's door `arti_key`,
    /// notnotdNetHack's altar `god`, …).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub extra: Vec<i64>,
}

/// `DRAWBRIDGE`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Drawbridge {
    /// Where.
    pub pos: Point,
    /// The direction it opens to.
    pub dir: Direction,
    /// Starts open.
    pub open: bool,
}

/// `MAZEWALK`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Walk {
    /// Start.
    pub pos: Point,
    /// Direction.
    pub dir: Direction,
}

/// `STAIR` or `LADDER` at a coordinate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Stair {
    /// Where.
    pub pos: Point,
    /// Up (else down).
    pub up: bool,
}

/// `ALTAR`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Altar {
    /// Where.
    pub pos: Point,
    /// Alignment.
    pub align: Alignment,
    /// altar 0, shrine 1, sanctum 2, random -1.
    pub shrine: i8,
    /// Values of the members the game's record has beyond NetHack
    /// 3.4.3's, in the order of its [`RecordFormat`](crate::RecordFormat)'s
    /// extra members (empty for NetHack 3.4.3: SLASH'EM's door `arti_key`,
    /// notnotdNetHack's altar `god`, …).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub extra: Vec<i64>,
}

/// `TRAP`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Trap {
    /// Where.
    pub pos: Point,
    /// Percent chance.
    pub chance: i8,
    /// Trap number, -1 random.
    pub kind: i8,
}

/// `MONSTER`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Monster {
    /// Personal name (empty for none).
    pub name: String,
    /// Text of `m_feature`/`m_object`/`m_monster` (empty for none).
    pub appear_as: String,
    /// Monster id, -1 random.
    pub id: i16,
    /// Alignment ([`Alignment::Unspecified`] when not given).
    pub align: Alignment,
    /// Where.
    pub pos: Point,
    /// Percent chance.
    pub chance: i8,
    /// Class character, -11 random, `-(n+1)` register.
    pub class: i8,
    /// 0 none, 1 feature, 2 object, 3 monster.
    pub appear: i8,
    /// 1 peaceful, 0 hostile, -1 unspecified.
    pub peaceful: i8,
    /// 1 asleep, 0 awake, -1 unspecified.
    pub asleep: i8,
    /// Values of the members the game's record has beyond NetHack
    /// 3.4.3's, in the order of its [`RecordFormat`](crate::RecordFormat)'s
    /// extra members (empty for NetHack 3.4.3: SLASH'EM's door `arti_key`,
    /// notnotdNetHack's altar `god`, …).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub extra: Vec<i64>,
}

/// `OBJECT` or `CONTAINER`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Object {
    /// Object name (empty for none).
    pub name: String,
    /// Corpse/statue monster id; -1 none, -2 unknown name.
    pub corpsenm: i32,
    /// Object id, -1 random.
    pub id: i16,
    /// Enchantment, -127 random.
    pub spe: i16,
    /// Where (-11,-11 when contained).
    pub pos: Point,
    /// Percent chance.
    pub chance: i8,
    /// Class character, -11 random, `-(n+1)` register.
    pub class: i8,
    /// 0 placed, 1 inside the last container, 2 is a container.
    pub containment: i8,
    /// blessed 1, uncursed 2, cursed 3, random -1.
    pub curse_state: i8,
    /// Values of the members the game's record has beyond NetHack
    /// 3.4.3's, in the order of its [`RecordFormat`](crate::RecordFormat)'s
    /// extra members (empty for NetHack 3.4.3: SLASH'EM's door `arti_key`,
    /// notnotdNetHack's altar `god`, …).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub extra: Vec<i64>,
}

/// `GOLD`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Gold {
    /// Where.
    pub pos: Point,
    /// Amount, -1 random.
    pub amount: i32,
}

/// `ENGRAVING`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Engraving {
    /// Where.
    pub pos: Point,
    /// The text.
    pub text: String,
    /// dust 1, engrave 2, burn 3, mark 4, random -1.
    pub kind: i8,
}

/// A `LEVEL:` level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct RoomLevel {
    /// `RANDOM_OBJECTS`, last-listed first.
    pub random_objects: Vec<i8>,
    /// `RANDOM_MONSTERS`, last-listed first.
    pub random_monsters: Vec<i8>,
    /// Rooms and subrooms in source order.
    pub rooms: Vec<Room>,
    /// Corridors (`RANDOM_CORRIDORS` is one with `src_room` -1).
    pub corridors: Vec<Corridor>,
}

/// `ROOM` or `SUBROOM` and its contents.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Room {
    /// `NAME` (empty for none).
    pub name: String,
    /// Parent room name for a subroom (empty for a top-level room).
    pub parent: String,
    /// Position (1..5 grid cell for rooms, map cell for subrooms and for
    /// the rooms of a game whose `ROOM` positions are map coordinates,
    /// as FIQHack's), -1 random.
    pub x: i8,
    /// See `x`.
    pub y: i8,
    /// Width, -1 random.
    pub w: i8,
    /// Height, -1 random.
    pub h: i8,
    /// Horizontal alignment 1..5, -1 random.
    pub xalign: i8,
    /// Vertical alignment 1..5, -1 random.
    pub yalign: i8,
    /// Room type.
    pub rtype: RoomType,
    /// `CHANCE` percent, 0 none.
    pub chance: i8,
    /// Whether the room is lit.
    pub lit: Lighting,
    /// Whether the room is stocked for its type (`true` unless said).
    pub filled: Boolean,
    /// Doors.
    pub doors: Vec<RoomDoor>,
    /// Stairs.
    pub stairs: Vec<Stair>,
    /// `LADDER`s (AceHack; a game whose format has no room ladder list
    /// holds none).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub ladders: Vec<Stair>,
    /// Altars.
    pub altars: Vec<Altar>,
    /// Fountains.
    pub fountains: Vec<Point>,
    /// Forges (notnotdNetHack).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub forges: Vec<Point>,
    /// Sinks.
    pub sinks: Vec<Point>,
    /// Pools.
    pub pools: Vec<Point>,
    /// Traps.
    pub traps: Vec<Trap>,
    /// Monsters.
    pub monsters: Vec<Monster>,
    /// Objects.
    pub objects: Vec<Object>,
    /// Gold.
    pub gold: Vec<Gold>,
    /// Engravings.
    pub engravings: Vec<Engraving>,
}

/// `CORRIDOR` or `RANDOM_CORRIDORS`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Corridor {
    /// Source room number (-1 for RANDOM_CORRIDORS).
    pub src_room: i8,
    /// Source wall.
    pub src_wall: Direction,
    /// Source door position, -1 random.
    pub src_door: i8,
    /// Destination room, or -1 for the numbered form.
    pub dest_room: i8,
    /// Destination wall, or the number of the numbered form (as
    /// [`Direction::from_code`] reads it).
    pub dest_wall: Direction,
    /// Destination door position.
    pub dest_door: i8,
}
