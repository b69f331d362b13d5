//! Which `lev_comp` language a `.des` file is written in.

use std::fmt;
use std::str::FromStr;

/// A `.des` language and the `.lev` format its `lev_comp` writes. Chosen
/// per file or per level set; a game tree selects its own from
/// `patchlevel.h`.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dialect {
    /// NetHack 3.4.3's `lev_comp` (and variants built on it): record
    /// lists per maze part or room.
    #[default]
    NetHack343,
    /// NetHack 3.6's `lev_comp`: variables, selections, control flow, and
    /// a `.lev` that is an opcode program for `sp_lev.c`.
    NetHack36,
}

impl Dialect {
    /// Every dialect, oldest first.
    pub const ALL: [Dialect; 2] = [Dialect::NetHack343, Dialect::NetHack36];

    /// The version it is named by on the command line (`3.4.3`, `3.6`).
    pub fn as_str(self) -> &'static str {
        match self {
            Dialect::NetHack343 => "3.4.3",
            Dialect::NetHack36 => "3.6",
        }
    }

    /// The dialect of a game of version `major.minor`: 3.6 and later
    /// (until Lua replaced `.des` files) use the 3.6 language, everything
    /// older the 3.4.3 one.
    pub fn for_version(major: u32, minor: u32) -> Dialect {
        if (major, minor) >= (3, 6) {
            Dialect::NetHack36
        } else {
            Dialect::NetHack343
        }
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A dialect name that is not `3.4.3` or `3.6`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownDialect(pub String);

impl fmt::Display for UnknownDialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown dialect `{}` (expected 3.4.3 or 3.6)", self.0)
    }
}

impl std::error::Error for UnknownDialect {}

impl FromStr for Dialect {
    type Err = UnknownDialect;

    /// `3.4.3` (also `3.4`, `343`) or `3.6` (also `3.6.x`, `36`).
    fn from_str(s: &str) -> Result<Dialect, UnknownDialect> {
        match s {
            "3.4.3" | "3.4" | "343" => Ok(Dialect::NetHack343),
            "3.6" | "36" => Ok(Dialect::NetHack36),
            _ if s.starts_with("3.6.") => Ok(Dialect::NetHack36),
            _ => Err(UnknownDialect(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for d in Dialect::ALL {
            assert_eq!(d.as_str().parse::<Dialect>(), Ok(d));
        }
        assert_eq!("3.6.7".parse(), Ok(Dialect::NetHack36));
        assert!("3.5".parse::<Dialect>().is_err());
        assert_eq!(Dialect::for_version(3, 4), Dialect::NetHack343);
        assert_eq!(Dialect::for_version(3, 7), Dialect::NetHack36);
    }
}
