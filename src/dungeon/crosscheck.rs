//! Special levels the dungeon names but no `.des` file defines. Neither
//! lev_comp nor dgn_comp can see this; a tree build that runs both can.
//!
//! The names the game loads (NetHack 3.4.3, `mkmaze.c: makemaz` and
//! `dungeon.c`):
//! * `LEVEL "n"` loads `n`; a name starting with `x-` is a quest level,
//!   loaded as `ROLE-…` (e.g. `Arc-strt`), so any `???-…` level satisfies it;
//! * `RNDLEVEL "n" … N` loads one of `n-1` … `n-N`;
//! * in a dungeon with `PROTOFILE "p"` and no special levels, filler level
//!   `k` loads `pk` (`p` alone when the dungeon has a single level), for
//!   every level the dungeon can have (`base + rand`);
//! * `rogue` (built by code in `extralev.c`) and `dummy` (a placeholder that
//!   `init_dungeons` never loads) need no file.

use std::collections::HashSet;
use std::fmt;

use super::ir::Dungeon;

/// Level names the game never loads from a file.
const BUILT_IN: &[&str] = &["rogue", "dummy"];

/// A level file the dungeon needs that no compiled level provides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MissingLevel {
    /// The dungeon that needs it.
    pub dungeon: String,
    /// The level name expected (the `.lev` file stem).
    pub level: String,
    /// The statement that needs it, e.g. `RNDLEVEL "bigrm" (variant 3 of 5)`.
    pub needed_by: String,
}

impl fmt::Display for MissingLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "dungeon \"{}\" needs level \"{}\" ({}), but no .des file defines it",
            self.dungeon, self.level, self.needed_by
        )
    }
}

/// Every level file `dungeon` needs that is not among `defined`.
pub fn missing_levels<'a>(
    dungeon: &Dungeon,
    defined: impl IntoIterator<Item = &'a str>,
) -> Vec<MissingLevel> {
    let defined: HashSet<&str> = defined.into_iter().collect();
    let has = |name: &str| {
        if let Some(suffix) = name.strip_prefix("x-") {
            defined.iter().any(|d| {
                d.len() == 4 + suffix.len() && d.ends_with(suffix) && d.as_bytes()[3] == b'-'
            })
        } else {
            defined.contains(name)
        }
    };
    let mut missing = Vec::new();
    for d in &dungeon.dungeons {
        let mut need = |level: String, needed_by: String| {
            if !has(&level) && !BUILT_IN.contains(&level.as_str()) {
                missing.push(MissingLevel {
                    dungeon: d.name.clone(),
                    level,
                    needed_by,
                });
            }
        };
        for l in &d.levels {
            if l.rndlevs > 0 {
                for i in 1..=l.rndlevs {
                    need(
                        format!("{}-{i}", l.name),
                        format!("RNDLEVEL \"{}\", variant {i} of {}", l.name, l.rndlevs),
                    );
                }
            } else {
                need(l.name.clone(), format!("LEVEL \"{}\"", l.name));
            }
        }
        if !d.protofile.is_empty() && d.levels.is_empty() {
            let count = i32::from(d.depth.base) + i32::from(d.depth.rand.max(0));
            if count == 1 {
                need(
                    d.protofile.clone(),
                    format!("PROTOFILE \"{}\"", d.protofile),
                );
            }
            for k in 1..=count.max(0) {
                if count > 1 {
                    need(
                        format!("{}{k}", d.protofile),
                        format!("PROTOFILE \"{}\", level {k} of {count}", d.protofile),
                    );
                }
            }
        }
    }
    missing
}
