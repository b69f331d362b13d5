//! The symbolic values of the typed model: door states, directions,
//! alignments, room types, lighting, `true`/`false`/`random` choices,
//! level flags and terrain types, where the format stores a code.
//! [`code`](DoorState::code) gives the number lev_comp stores and
//! `from_code` reads one back; only the codec ([`super::super::encode()`],
//! [`super::super::decode()`]) uses them. A code no keyword stands for
//! (only a hand-made or damaged file has one) is kept as `Other(code)`,
//! so every decoded level encodes back to the same bytes. The default of
//! each is the one whose code is 0, as in a zeroed record.

use crate::tables::terrain;

/// An enum of named codes plus `Other(code)`, with `code`, `from_code`
/// and `name` (the `.des` word).
macro_rules! coded {
    (
        $(#[$meta:meta])*
        $name:ident: $t:ty, default ($($default:tt)+) {
            $($(#[$vmeta:meta])* $variant:ident = $code:literal => $word:literal,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)*
            /// A code no keyword stands for, kept as read.
            Other($t),
        }

        impl $name {
            /// The number lev_comp stores.
            pub fn code(self) -> $t {
                match self {
                    $(Self::$variant => $code,)*
                    Self::Other(code) => code,
                }
            }

            /// The value a stored number stands for.
            pub fn from_code(code: $t) -> Self {
                match code {
                    $($code => Self::$variant,)*
                    code => Self::Other(code),
                }
            }

            /// The word a `.des` file writes for it (`None` for a code no
            /// keyword stands for).
            pub fn name(self) -> Option<&'static str> {
                match self {
                    $(Self::$variant => Some($word),)*
                    Self::Other(_) => None,
                }
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::$($default)+
            }
        }

        /// Its `.des` word ([`name`](Self::name)), or the stored number
        /// when no word stands for it.
        #[cfg(feature = "serde")]
        #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                match self.name() {
                    Some(name) => s.serialize_str(name),
                    None => serde::Serialize::serialize(&self.code(), s),
                }
            }
        }
    };
}

coded! {
    /// A door's state (`DOOR`, room `DOOR`, and `DRAWBRIDGE`'s open/closed).
    DoorState: i8, default (NoDoor) {
        /// `nodoor`: an empty doorway.
        NoDoor = 0 => "nodoor",
        /// `broken`.
        Broken = 1 => "broken",
        /// `open`.
        Open = 2 => "open",
        /// `closed`.
        Closed = 4 => "closed",
        /// `locked`.
        Locked = 8 => "locked",
        /// `random`.
        Random = -1 => "random",
    }
}

coded! {
    /// A compass direction: a room door's wall, a corridor end's wall, a
    /// `MAZEWALK`'s and a `DRAWBRIDGE`'s direction. The codes are those
    /// of walls and mazewalks; a drawbridge stores its own (north 0,
    /// south 1, east 2, west 3), which the codec translates.
    Direction: i8, default (Other(0)) {
        /// `north`.
        North = 1 => "north",
        /// `south`.
        South = 2 => "south",
        /// `east`.
        East = 4 => "east",
        /// `west`.
        West = 8 => "west",
        /// `random`.
        Random = -1 => "random",
    }
}

/// A room type (`ROOM`, `SUBROOM`, `REGION`) as lev_comp stores it: a
/// newtype over the `mkroom.h` number rather than an enum, since variants
/// insert room types and renumber the shops. The game's
/// [`Numbering`](crate::Numbering) names it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RoomType(pub i8);

impl RoomType {
    /// `random`.
    pub const RANDOM: RoomType = RoomType(-1);
    /// `"ordinary"` (`OROOM`, 0 in every game of the family).
    pub const ORDINARY: RoomType = RoomType(0);
    /// `"vault"` (`VAULT`, 4 in every game of the family).
    pub const VAULT: RoomType = RoomType(4);

    /// The number lev_comp stores.
    pub fn code(self) -> i8 {
        self.0
    }

    /// The room type a stored number stands for.
    pub fn from_code(code: i8) -> RoomType {
        RoomType(code)
    }
}

/// A room type is equal to the number lev_comp stores for it.
impl PartialEq<i8> for RoomType {
    fn eq(&self, code: &i8) -> bool {
        self.0 == *code
    }
}

/// Its number (the name is the game's: see [`crate::Numbering`]).
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl serde::Serialize for RoomType {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i8(self.0)
    }
}

coded! {
    /// Whether a room, a region or a random map is lit.
    Lighting: i8, default (Unlit) {
        /// `unlit`.
        Unlit = 0 => "unlit",
        /// `lit`.
        Lit = 1 => "lit",
        /// `random`: decided when the level is made.
        Random = -1 => "random",
    }
}

coded! {
    /// `true`, `false` or `random`: `INIT_MAP`'s `walled` and a room's
    /// `filled` (which a source file cannot make random; only a decoded
    /// file can hold `Random` there).
    Boolean: i8, default (False) {
        /// `false`.
        False = 0 => "false",
        /// `true`.
        True = 1 => "true",
        /// `random`.
        Random = -1 => "random",
    }
}

/// An alignment (`MONSTER`'s and `ALTAR`'s).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Alignment {
    /// `noalign`.
    #[default]
    NoAlign,
    /// `chaos`.
    Chaos,
    /// `neutral`.
    Neutral,
    /// `coaligned`.
    Coaligned,
    /// `law`.
    Law,
    /// `noncoaligned`.
    NonCoaligned,
    /// `random`.
    Random,
    /// `align[n]`, n in 0..=9.
    Register(u8),
    /// A monster with no alignment given.
    Unspecified,
    /// A code no keyword stands for, kept as read.
    Other(i8),
}

/// Register lists hold at most this many entries.
const REGISTERS: u8 = 10;

impl Alignment {
    /// The number lev_comp stores: the alignment mask, -11 for `random`,
    /// `-(n+1)` for `align[n]`, -12 for a monster's unspecified one.
    pub fn code(self) -> i8 {
        match self {
            Self::NoAlign => 0,
            Self::Chaos => 1,
            Self::Neutral => 2,
            Self::Coaligned => 3,
            Self::Law => 4,
            Self::NonCoaligned => 7,
            Self::Random => super::RANDOM_COORD,
            Self::Register(n) => -(n.min(REGISTERS) as i8) - 1,
            Self::Unspecified => -12,
            Self::Other(code) => code,
        }
    }

    /// The keyword a `.des` file writes for it (`"law"`, `"random"`…);
    /// `None` for `align[n]` (written with its number), a monster's
    /// unspecified alignment and a code no keyword stands for.
    pub fn name(self) -> Option<&'static str> {
        match self {
            Self::NoAlign => Some("noalign"),
            Self::Chaos => Some("chaos"),
            Self::Neutral => Some("neutral"),
            Self::Coaligned => Some("coaligned"),
            Self::Law => Some("law"),
            Self::NonCoaligned => Some("noncoaligned"),
            Self::Random => Some("random"),
            Self::Register(_) | Self::Unspecified | Self::Other(_) => None,
        }
    }

    /// The alignment a stored number stands for.
    pub fn from_code(code: i8) -> Self {
        match code {
            0 => Self::NoAlign,
            1 => Self::Chaos,
            2 => Self::Neutral,
            3 => Self::Coaligned,
            4 => Self::Law,
            7 => Self::NonCoaligned,
            super::RANDOM_COORD => Self::Random,
            -12 => Self::Unspecified,
            -10..=-1 => Self::Register((-code - 1) as u8),
            code => Self::Other(code),
        }
    }
}

/// Its keyword ([`Alignment::name`]); `align[n]` as `{"register": n}`, a
/// monster's unspecified alignment as none (`null`), any other code as
/// its number.
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl serde::Serialize for Alignment {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match (self, self.name()) {
            (Self::Register(n), _) => {
                let mut map = s.serialize_map(Some(1))?;
                map.serialize_entry("register", n)?;
                map.end()
            }
            (Self::Unspecified, _) => s.serialize_none(),
            (_, Some(name)) => s.serialize_str(name),
            (_, None) => s.serialize_i8(self.code()),
        }
    }
}

/// One `FLAGS` keyword.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum LevelFlag {
    /// `noteleport`.
    NoTeleport,
    /// `hardfloor`.
    HardFloor,
    /// `nommap`.
    #[cfg_attr(feature = "serde", serde(rename = "nommap"))]
    NoMagicMap,
    /// `shortsighted`.
    ShortSighted,
    /// `arboreal`.
    Arboreal,
}

/// The level flags (`FLAGS`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LevelFlags {
    /// `noteleport`.
    pub noteleport: bool,
    /// `hardfloor`.
    pub hardfloor: bool,
    /// `nommap`.
    pub nommap: bool,
    /// `shortsighted`.
    pub shortsighted: bool,
    /// `arboreal`.
    pub arboreal: bool,
    /// Bits no flag keyword sets, kept as read.
    pub other: i64,
}

impl LevelFlags {
    /// Sets one flag.
    pub fn set(&mut self, flag: LevelFlag) {
        match flag {
            LevelFlag::NoTeleport => self.noteleport = true,
            LevelFlag::HardFloor => self.hardfloor = true,
            LevelFlag::NoMagicMap => self.nommap = true,
            LevelFlag::ShortSighted => self.shortsighted = true,
            LevelFlag::Arboreal => self.arboreal = true,
        }
    }

    /// The number lev_comp stores: noteleport 1, hardfloor 2, nommap 4,
    /// shortsighted 8, arboreal 16, OR-ed.
    pub fn code(self) -> i64 {
        let bit = |set: bool, b: i64| if set { b } else { 0 };
        self.other
            | bit(self.noteleport, 1)
            | bit(self.hardfloor, 2)
            | bit(self.nommap, 4)
            | bit(self.shortsighted, 8)
            | bit(self.arboreal, 16)
    }

    /// The flags a stored number stands for.
    pub fn from_code(code: i64) -> Self {
        LevelFlags {
            noteleport: code & 1 != 0,
            hardfloor: code & 2 != 0,
            nommap: code & 4 != 0,
            shortsighted: code & 8 != 0,
            arboreal: code & 16 != 0,
            other: code & !31,
        }
    }
}

/// A terrain type: the `rm.h` location type a map cell, a `MAZE` filling
/// or an `INIT_MAP` character stands for, as lev_comp stores it. A newtype
/// over the stored number rather than an enum: variants extend and
/// renumber `rm.h`, and every value read must be written back unchanged.
/// The names are NetHack 3.4.3's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Terrain(pub i8);

impl Terrain {
    /// Solid rock (`' '`).
    pub const STONE: Terrain = Terrain(terrain::STONE);
    /// Vertical wall (`'|'`).
    pub const VWALL: Terrain = Terrain(terrain::VWALL);
    /// Horizontal wall (`'-'`).
    pub const HWALL: Terrain = Terrain(terrain::HWALL);
    /// Crossing wall (`'B'`).
    pub const CROSSWALL: Terrain = Terrain(terrain::CROSSWALL);
    /// The last wall type: walls are `VWALL..=DBWALL`.
    pub const DBWALL: Terrain = Terrain(terrain::DBWALL);
    /// Secret door (`'S'`).
    pub const SDOOR: Terrain = Terrain(terrain::SDOOR);
    /// Pool (`'P'`), the first type that is not rock.
    pub const POOL: Terrain = Terrain(terrain::POOL);
    /// Door (`'+'`).
    pub const DOOR: Terrain = Terrain(terrain::DOOR);
    /// Corridor (`'#'`).
    pub const CORR: Terrain = Terrain(terrain::CORR);
    /// Room floor (`'.'`): this and every larger type is room-like.
    pub const ROOM: Terrain = Terrain(terrain::ROOM);

    /// The number lev_comp stores.
    pub fn code(self) -> i8 {
        self.0
    }

    /// The `rm.h` name (`"STONE"`, `"POOL"`…), if NetHack 3.4.3 has one.
    pub fn name(self) -> Option<&'static str> {
        usize::try_from(self.0)
            .ok()
            .and_then(|i| crate::tables::TERRAIN_NAMES.get(i).copied())
    }

    /// The `.des` map character that stands for this type, if one does.
    pub fn map_char(self) -> Option<char> {
        crate::tables::map_char_of_terrain(self.0).map(char::from)
    }
}

/// A terrain type is equal to the number lev_comp stores for it.
impl PartialEq<i8> for Terrain {
    fn eq(&self, code: &i8) -> bool {
        self.0 == *code
    }
}

/// A known type as its name (`"POOL"`), any other as its number.
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl serde::Serialize for Terrain {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.name() {
            Some(name) => s.serialize_str(name),
            None => s.serialize_i8(self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stored_code_reads_back_to_itself() {
        for c in i8::MIN..=i8::MAX {
            assert_eq!(DoorState::from_code(c).code(), c);
            assert_eq!(Direction::from_code(c).code(), c);
            assert_eq!(Alignment::from_code(c).code(), c);
        }
        for c in [0, 1, 31, 32, -1, i64::MIN, i64::MAX, 0x1_0000_0013] {
            assert_eq!(LevelFlags::from_code(c).code(), c);
        }
        assert_eq!(Alignment::from_code(-3), Alignment::Register(2));
        assert_eq!(DoorState::default().code(), 0);
        assert_eq!(Direction::default().code(), 0);
    }

    #[test]
    fn symbolic_values_are_named_with_their_des_words() {
        assert_eq!(DoorState::NoDoor.name(), Some("nodoor"));
        assert_eq!(DoorState::Other(3).name(), None);
        assert_eq!(Direction::East.name(), Some("east"));
        assert_eq!(Lighting::Random.name(), Some("random"));
        assert_eq!(Boolean::True.name(), Some("true"));
        assert_eq!(Alignment::NonCoaligned.name(), Some("noncoaligned"));
        assert_eq!(Alignment::Register(0).name(), None);
    }

    #[test]
    fn terrain_types_have_their_names_and_map_characters() {
        assert_eq!(Terrain::STONE.name(), Some("STONE"));
        assert_eq!(Terrain::POOL.name(), Some("POOL"));
        assert_eq!(Terrain::ROOM.map_char(), Some('.'));
        assert_eq!(Terrain::HWALL.map_char(), Some('-'));
        assert_eq!(Terrain::SDOOR.map_char(), Some('S'));
        // A code 3.4.3 has no name or character for is kept as read.
        assert_eq!(Terrain(-1).name(), None);
        assert_eq!(Terrain(100).map_char(), None);
        assert_eq!(Terrain(100).code(), 100);
        assert!(Terrain::CORR == 23 && Terrain::STONE < Terrain::POOL);
    }
}
