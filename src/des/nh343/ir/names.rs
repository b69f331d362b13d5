//! The `.des` words of the fields the model keeps as lev_comp's numbers
//! (a level region's kind, an engraving's, an altar's, an object's curse
//! state), for listings. Each is `None` for a number no word stands for
//! (only a hand-made or damaged file has one).

use super::{Altar, Engraving, LevRegion, Object};

/// The name of `code` in a table indexed from 0, `"random"` for -1.
fn indexed(names: &[&'static str], code: i8) -> Option<&'static str> {
    match code {
        -1 => Some("random"),
        c => usize::try_from(c).ok().and_then(|i| names.get(i).copied()),
    }
}

impl LevRegion {
    /// What the region is for (sp_lev.c's `LR_*`): `"down stair"`,
    /// `"up stair"`, `"portal"`, `"branch"`, `"teleport"`,
    /// `"up teleport"` or `"down teleport"`.
    pub fn kind_name(&self) -> Option<&'static str> {
        usize::try_from(self.kind).ok().and_then(|k| {
            [
                "down stair",
                "up stair",
                "portal",
                "branch",
                "teleport",
                "up teleport",
                "down teleport",
            ]
            .get(k)
            .copied()
        })
    }
}

impl Engraving {
    /// How it is engraved: `"dust"`, `"engrave"`, `"burn"`, `"mark"` or
    /// `"random"`.
    pub fn kind_name(&self) -> Option<&'static str> {
        match self.kind {
            0 => None,
            k => indexed(&["", "dust", "engrave", "burn", "mark"], k),
        }
    }
}

impl Altar {
    /// `"altar"`, `"shrine"`, `"sanctum"` or `"random"`.
    pub fn kind_name(&self) -> Option<&'static str> {
        indexed(&["altar", "shrine", "sanctum"], self.shrine)
    }
}

impl Object {
    /// Its curse state: `"blessed"`, `"uncursed"`, `"cursed"` or
    /// `"random"`.
    pub fn curse_name(&self) -> Option<&'static str> {
        match self.curse_state {
            0 => None,
            c => indexed(&["", "blessed", "uncursed", "cursed"], c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_numbers_read_as_their_des_words() {
        let region = |kind| LevRegion {
            kind,
            ..LevRegion::default()
        };
        assert_eq!(region(0).kind_name(), Some("down stair"));
        assert_eq!(region(6).kind_name(), Some("down teleport"));
        assert_eq!(region(7).kind_name(), None);
        assert_eq!(region(-1).kind_name(), None);
        let engraving = |kind| Engraving {
            kind,
            ..Engraving::default()
        };
        assert_eq!(engraving(3).kind_name(), Some("burn"));
        assert_eq!(engraving(-1).kind_name(), Some("random"));
        assert_eq!(engraving(0).kind_name(), None);
        let altar = |shrine| Altar {
            shrine,
            ..Altar::default()
        };
        assert_eq!(altar(1).kind_name(), Some("shrine"));
        assert_eq!(altar(-1).kind_name(), Some("random"));
        assert_eq!(altar(3).kind_name(), None);
        let object = |curse_state| Object {
            curse_state,
            ..Object::default()
        };
        assert_eq!(object(1).curse_name(), Some("blessed"));
        assert_eq!(object(-1).curse_name(), Some("random"));
        assert_eq!(object(0).curse_name(), None);
    }
}
