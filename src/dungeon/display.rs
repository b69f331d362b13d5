//! A dungeon layout as text for a person: what `levbuild dump dungeon`
//! prints.

use std::fmt;

use super::ir::Dungeon;
use crate::text::quoted;

/// One line a dungeon, then one a level (numbered over all dungeons, as
/// chains count) and one a branch, indented under it. Flags are the words
/// of NetHack 3.4.3's `dungeon.def` ([`Dungeon::display`] takes a game's).
impl fmt::Display for Dungeon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<(&str, i32)> = crate::game::DUNGEON_DESCRIPTORS_343.to_vec();
        write_dungeon(self, f, &words)
    }
}

impl Dungeon {
    /// The text of `Display`, with `game`'s `dungeon.def` words for the
    /// flags (EvilHack's alignments are not 3.4.3's).
    pub fn display<'a>(&'a self, game: &'a crate::Game) -> impl fmt::Display + 'a {
        Shown(self, game)
    }
}

struct Shown<'a>(&'a Dungeon, &'a crate::Game);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let descriptors = &self.1.format().numbering.dungeon_descriptors;
        let words: Vec<(&str, i32)> = descriptors.iter().map(|(w, v)| (&**w, *v)).collect();
        write_dungeon(self.0, f, &words)
    }
}

/// `flags` as the `dungeon.def` words (`descriptors`, in the game's order)
/// whose bits it holds: `hellish mazelike`, `neutral`, `none` for 0, and
/// the hex of any bits no word names.
pub(crate) fn flag_words(flags: impl Into<i64>, descriptors: &[(&str, i32)]) -> String {
    let mut left = flags.into();
    if left == 0 {
        return "none".to_string();
    }
    let mut words = Vec::new();
    for &(word, value) in descriptors {
        let value = i64::from(value);
        if value != 0 && left & value == value && !words.contains(&word) {
            words.push(word);
            left &= !value;
        }
    }
    let mut text = words.join(" ");
    if left != 0 {
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(&format!("{left:#x}"));
    }
    text
}

fn write_dungeon(
    d: &Dungeon,
    f: &mut fmt::Formatter<'_>,
    descriptors: &[(&str, i32)],
) -> fmt::Result {
    {
        let mut index = 0;
        for dg in &d.dungeons {
            write!(f, "dungeon {} bones ", quoted(&dg.name))?;
            match dg.bones {
                Some(b) => write!(f, "{}", char::from(b))?,
                None => f.write_str("none")?,
            }
            write!(
                f,
                " depth ({}, {}) flags {} chance {} entry {}",
                dg.depth.base,
                dg.depth.rand,
                flag_words(dg.flags, descriptors),
                dg.chance,
                dg.entry,
            )?;
            if !dg.protofile.is_empty() {
                write!(f, " protofile {}", quoted(&dg.protofile))?;
            }
            writeln!(f)?;
            for l in &dg.levels {
                write!(
                    f,
                    "  level #{index} {} at ({}, {}) chance {} rndlevs {} flags {}",
                    quoted(&l.name),
                    l.at.base,
                    l.at.rand,
                    l.chance,
                    l.rndlevs,
                    flag_words(l.flags, descriptors)
                )?;
                chain(f, l.chain)?;
                index += 1;
            }
            for b in &dg.branches {
                let dir = if b.up { "up" } else { "down" };
                write!(
                    f,
                    "  branch to {} at ({}, {}) {} {dir}",
                    quoted(&b.dest),
                    b.at.base,
                    b.at.rand,
                    b.kind.name()
                )?;
                chain(f, b.chain)?;
            }
        }
        Ok(())
    }
}

/// ` chained to #N` when the level or branch is chained, and the newline.
fn chain(f: &mut fmt::Formatter<'_>, chain: Option<usize>) -> fmt::Result {
    if let Some(c) = chain {
        write!(f, " chained to #{c}")?;
    }
    writeln!(f)
}

#[cfg(test)]
mod tests {
    use super::super::ir::*;

    #[test]
    fn flags_read_as_their_words() {
        let vanilla: Vec<(&str, i32)> = crate::game::DUNGEON_DESCRIPTORS_343.to_vec();
        for (flags, words) in [
            (0, "none"),
            (0x20, "neutral"),
            (0x6, "hellish mazelike"),
            (0x11, "town chaotic"),
            (0x180, "0x180"),
            (0x48, "roguelike lawful"),
            (0x208, "roguelike 0x200"),
        ] {
            assert_eq!(super::flag_words(flags, &vanilla), words, "{flags:#x}");
        }
        // A game's own words and values (EvilHack's alignments at <<9).
        let evil = [("hellish", 2), ("lawful", 4 << 9), ("chaotic", 1 << 9)];
        assert_eq!(super::flag_words(0x802, &evil), "hellish lawful");
    }

    #[test]
    fn branches_read_as_dungeon_def_writes_them() {
        let branch = |kind, up| BranchDef {
            dest: "Gehennom".to_string(),
            kind,
            up,
            ..BranchDef::default()
        };
        let d = Dungeon {
            dungeons: vec![DungeonDef {
                name: "The Dungeons of Doom".to_string(),
                bones: Some(b'D'),
                depth: Couple { base: 25, rand: 5 },
                levels: vec![LevelDef {
                    name: "castle".to_string(),
                    at: Couple { base: -1, rand: 0 },
                    chance: 100,
                    ..LevelDef::default()
                }],
                branches: vec![
                    BranchDef {
                        chain: Some(0),
                        ..branch(BranchKind::NoDown, false)
                    },
                    branch(BranchKind::Portal, true),
                ],
                ..DungeonDef::default()
            }],
        };
        assert_eq!(
            d.to_string(),
            "dungeon \"The Dungeons of Doom\" bones D depth (25, 5) flags none chance 0 entry 0\n\
             \x20 level #0 \"castle\" at (-1, 0) chance 100 rndlevs 0 flags none\n\
             \x20 branch to \"Gehennom\" at (0, 0) no_down down chained to #0\n\
             \x20 branch to \"Gehennom\" at (0, 0) portal up\n"
        );
    }
}
