//! [`Contents`]: what a maze part and a room both hold, so code that
//! walks either (a listing, a search) is written once.

use super::{Altar, Engraving, Gold, MazePart, Monster, Object, Room, Stair, Trap};

/// The things a [`MazePart`] and a [`Room`] both hold, borrowed from
/// either ([`MazePart::contents`], [`Room::contents`]).
#[non_exhaustive]
#[derive(Clone, Copy, Debug)]
pub struct Contents<'a> {
    /// `MONSTER`s.
    pub monsters: &'a [Monster],
    /// `OBJECT`s and `CONTAINER`s, in source order.
    pub objects: &'a [Object],
    /// `TRAP`s.
    pub traps: &'a [Trap],
    /// `STAIR`s.
    pub stairs: &'a [Stair],
    /// `ALTAR`s.
    pub altars: &'a [Altar],
    /// `GOLD`.
    pub gold: &'a [Gold],
    /// `ENGRAVING`s.
    pub engravings: &'a [Engraving],
}

impl MazePart {
    /// The monsters, objects, traps, stairs, altars, gold and engravings
    /// placed on this part.
    pub fn contents(&self) -> Contents<'_> {
        Contents {
            monsters: &self.monsters,
            objects: &self.objects,
            traps: &self.traps,
            stairs: &self.stairs,
            altars: &self.altars,
            gold: &self.gold,
            engravings: &self.engravings,
        }
    }
}

impl Room {
    /// The monsters, objects, traps, stairs, altars, gold and engravings
    /// placed in this room.
    pub fn contents(&self) -> Contents<'_> {
        Contents {
            monsters: &self.monsters,
            objects: &self.objects,
            traps: &self.traps,
            stairs: &self.stairs,
            altars: &self.altars,
            gold: &self.gold,
            engravings: &self.engravings,
        }
    }
}
