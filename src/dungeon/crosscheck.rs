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

/// A level file the dungeon needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequiredLevel {
    /// The dungeon that needs it.
    pub dungeon: String,
    /// The level name expected (the `.lev` file stem).
    pub level: String,
    /// The statement that needs it, e.g. `RNDLEVEL "bigrm" (variant 3 of 5)`.
    pub needed_by: String,
}

impl RequiredLevel {
    /// True if one of the `defined` level names satisfies this need (an
    /// `x-` quest level is satisfied by any role's `???-` level).
    pub fn is_met_by(&self, defined: &HashSet<&str>) -> bool {
        if BUILT_IN.contains(&self.level.as_str()) {
            return true;
        }
        match self.level.strip_prefix("x-") {
            Some(suffix) => defined.iter().any(|d| {
                d.len() == 4 + suffix.len() && d.ends_with(suffix) && d.as_bytes()[3] == b'-'
            }),
            None => defined.contains(self.level.as_str()),
        }
    }
}

impl fmt::Display for RequiredLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "dungeon \"{}\" needs level \"{}\" ({})",
            self.dungeon, self.level, self.needed_by
        )
    }
}

/// Every level file `dungeon` needs, in the order of its statements.
pub fn required_levels(dungeon: &Dungeon) -> Vec<RequiredLevel> {
    let mut required = Vec::new();
    for d in &dungeon.dungeons {
        let mut need = |level: String, needed_by: String| {
            required.push(RequiredLevel {
                dungeon: d.name.clone(),
                level,
                needed_by,
            });
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
        // The game reads the name up to its NUL (a PROTOFILE given twice
        // may leave an older name's tail after it).
        let protofile = d.protofile.split('\0').next().unwrap_or_default();
        if !protofile.is_empty() && d.levels.is_empty() {
            let count = i32::from(d.depth.base) + i32::from(d.depth.rand.max(0));
            if count == 1 {
                need(protofile.to_string(), format!("PROTOFILE \"{protofile}\""));
            }
            for k in 1..=count.max(0) {
                if count > 1 {
                    need(
                        format!("{protofile}{k}"),
                        format!("PROTOFILE \"{protofile}\", level {k} of {count}"),
                    );
                }
            }
        }
    }
    required
}

/// Every level file `dungeon` needs that is not among `defined`.
pub fn missing_levels<'a>(
    dungeon: &Dungeon,
    defined: impl IntoIterator<Item = &'a str>,
) -> Vec<RequiredLevel> {
    let defined: HashSet<&str> = defined.into_iter().collect();
    required_levels(dungeon)
        .into_iter()
        .filter(|r| !r.is_met_by(&defined))
        .collect()
}
