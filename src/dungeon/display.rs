//! A dungeon layout as text for a person: what `levbuild dump dungeon`
//! prints.

use std::fmt;

use super::ir::Dungeon;
use crate::text::quoted;

/// One line a dungeon, then one a level (numbered over all dungeons, as
/// chains count) and one a branch, indented under it.
impl fmt::Display for Dungeon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut index = 0;
        for dg in &self.dungeons {
            write!(f, "dungeon {} bones ", quoted(&dg.name))?;
            match dg.bones {
                Some(b) => write!(f, "{}", char::from(b))?,
                None => f.write_str("none")?,
            }
            write!(
                f,
                " depth ({}, {}) flags {:#x} chance {} entry {}",
                dg.depth.base, dg.depth.rand, dg.flags, dg.chance, dg.entry,
            )?;
            if !dg.protofile.is_empty() {
                write!(f, " protofile {}", quoted(&dg.protofile))?;
            }
            writeln!(f)?;
            for l in &dg.levels {
                write!(
                    f,
                    "  level #{index} {} at ({}, {}) chance {} rndlevs {} flags {:#x}",
                    quoted(&l.name),
                    l.at.base,
                    l.at.rand,
                    l.chance,
                    l.rndlevs,
                    l.flags
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
            "dungeon \"The Dungeons of Doom\" bones D depth (25, 5) flags 0x0 chance 0 entry 0\n\
             \x20 level #0 \"castle\" at (-1, 0) chance 100 rndlevs 0 flags 0x0\n\
             \x20 branch to \"Gehennom\" at (0, 0) no_down down chained to #0\n\
             \x20 branch to \"Gehennom\" at (0, 0) portal up\n"
        );
    }
}
