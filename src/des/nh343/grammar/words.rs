//! The value words of the 3.4.3 language and its map characters (the
//! statement keywords are the rows' own, see [`super::rows`]).

use crate::des::nh343::ir::{Alignment, Direction, DoorState, Lighting};
use crate::des::nh343::lexer::{Tok, Val};

/// `left`, `half-left`, `half-right`, `right`.
pub(crate) const LEFT_OR_RIGHT: Val = Val("left or right");
/// `center`.
pub(crate) const CENTER: Val = Val("center");
/// `top`, `bottom`.
pub(crate) const TOP_OR_BOTTOM: Val = Val("top or bottom");
/// `filled`, `unfilled`.
pub(crate) const FILLING: Val = Val("filling");
/// `peaceful`, `hostile`.
pub(crate) const ATTITUDE: Val = Val("attitude");
/// `asleep`, `awake`.
pub(crate) const ALERTNESS: Val = Val("alertness");
/// `m_feature`, `m_monster`, `m_object`.
pub(crate) const APPEARANCE: Val = Val("appearance");
/// `sanctum`, `shrine`, `altar`.
pub(crate) const ALTAR_TYPE: Val = Val("altar type");
/// `up`, `down`.
pub(crate) const UP_OR_DOWN: Val = Val("up or down");
/// `true`, `false`.
pub(crate) const BOOLEAN: Val = Val("boolean");
/// `dust`, `engrave`, `burn`, `mark`.
pub(crate) const ENGRAVING_TYPE: Val = Val("engraving type");
/// `blessed`, `uncursed`, `cursed`.
pub(crate) const CURSE_TYPE: Val = Val("curse type");
/// `skipcheck`, `noskipcheck` (notnotdNetHack).
pub(crate) const SANITY_FLAG: Val = Val("sanity flag");

/// SLASH'EM's `o_lit`, `o_buried` (`OBJFLAGS`): their bits.
pub(crate) const OBJECT_FLAG: Val = Val("object flag");

/// `random`.
pub(crate) const RANDOM: &str = "random";
/// `none` (an object's name).
pub(crate) const NONE: &str = "none";
/// `contained` (an object's place).
pub(crate) const CONTAINED: &str = "contained";
/// `levregion` (a region of the whole level).
pub(crate) const LEVREGION: &str = "levregion";
/// The register names of `object[n]`, `monster[n]`, `place[n]`, `align[n]`.
pub(crate) const OBJECT: &str = "object";
/// See [`OBJECT`].
pub(crate) const MONSTER: &str = "monster";
/// See [`OBJECT`].
pub(crate) const PLACE: &str = "place";
/// See [`OBJECT`].
pub(crate) const ALIGN: &str = "align";
/// SLASH'EM's `region[n]`: a random region of the part.
pub(crate) const REGION: &str = "region";

/// Every value word and the token it is.
pub(crate) const WORDS: &[(&str, Tok<'static>)] = {
    use Tok::{Val as V, Word as W};
    &[
        ("levregion", W(LEVREGION)),
        ("open", Tok::Door(DoorState::Open)),
        ("closed", Tok::Door(DoorState::Closed)),
        ("locked", Tok::Door(DoorState::Locked)),
        ("nodoor", Tok::Door(DoorState::NoDoor)),
        ("broken", Tok::Door(DoorState::Broken)),
        ("north", Tok::Dir(Direction::North)),
        ("east", Tok::Dir(Direction::East)),
        ("south", Tok::Dir(Direction::South)),
        ("west", Tok::Dir(Direction::West)),
        ("random", W(RANDOM)),
        ("none", W(NONE)),
        ("object", W(OBJECT)),
        ("monster", W(MONSTER)),
        ("place", W(PLACE)),
        ("align", W(ALIGN)),
        ("left", V(LEFT_OR_RIGHT, 1)),
        ("half-left", V(LEFT_OR_RIGHT, 2)),
        ("center", V(CENTER, 3)),
        ("half-right", V(LEFT_OR_RIGHT, 4)),
        ("right", V(LEFT_OR_RIGHT, 5)),
        ("top", V(TOP_OR_BOTTOM, 1)),
        ("bottom", V(TOP_OR_BOTTOM, 5)),
        ("lit", Tok::Light(Lighting::Lit)),
        ("unlit", Tok::Light(Lighting::Unlit)),
        ("filled", V(FILLING, 0)),
        ("unfilled", V(FILLING, 1)),
        ("noalign", Tok::Align(Alignment::NoAlign)),
        ("law", Tok::Align(Alignment::Law)),
        ("neutral", Tok::Align(Alignment::Neutral)),
        ("chaos", Tok::Align(Alignment::Chaos)),
        ("coaligned", Tok::Align(Alignment::Coaligned)),
        ("noncoaligned", Tok::Align(Alignment::NonCoaligned)),
        ("peaceful", V(ATTITUDE, 1)),
        ("hostile", V(ATTITUDE, 0)),
        ("asleep", V(ALERTNESS, 1)),
        ("awake", V(ALERTNESS, 0)),
        ("m_feature", V(APPEARANCE, 1)),
        ("m_monster", V(APPEARANCE, 3)),
        ("m_object", V(APPEARANCE, 2)),
        ("sanctum", V(ALTAR_TYPE, 2)),
        ("shrine", V(ALTAR_TYPE, 1)),
        ("altar", V(ALTAR_TYPE, 0)),
        ("up", V(UP_OR_DOWN, 1)),
        ("down", V(UP_OR_DOWN, 0)),
        ("false", V(BOOLEAN, 0)),
        ("true", V(BOOLEAN, 1)),
        ("dust", V(ENGRAVING_TYPE, 1)),
        ("engrave", V(ENGRAVING_TYPE, 2)),
        ("burn", V(ENGRAVING_TYPE, 3)),
        ("mark", V(ENGRAVING_TYPE, 4)),
        ("blessed", V(CURSE_TYPE, 1)),
        ("uncursed", V(CURSE_TYPE, 2)),
        ("cursed", V(CURSE_TYPE, 3)),
        ("contained", W(CONTAINED)),
        ("noteleport", Tok::Flag(1)),
        ("hardfloor", Tok::Flag(2)),
        ("nommap", Tok::Flag(4)),
        ("arboreal", Tok::Flag(16)),
        ("shortsighted", Tok::Flag(8)),
    ]
};

/// Characters a map row may consist of (NetHack 3.4.3's; a game's are
/// its numbering's `map_row_chars`).
pub(crate) const MAP_CHARS: &[u8] = crate::game::MAP_ROW_CHARS_343;
