//! A small command-line argument scanner shared by the subcommands.

use std::ffi::{OsStr, OsString};

use anyhow::{anyhow, bail, Result};
use levbuild::Layout;

/// One scanned argument.
pub enum Arg<'a> {
    /// `-x` or `--name` (with its value taken separately by [`Args::value`]).
    Flag(&'a str),
    /// Anything else.
    Positional(&'a OsStr),
}

/// Walks the arguments of a subcommand in order.
pub struct Args<'a> {
    args: &'a [OsString],
    pos: usize,
    only_positional: bool,
}

impl<'a> Args<'a> {
    pub fn new(args: &'a [OsString]) -> Self {
        Args {
            args,
            pos: 0,
            only_positional: false,
        }
    }

    /// The next argument; `--` ends option parsing; `-` alone is positional.
    pub fn next_arg(&mut self) -> Option<Arg<'a>> {
        let a = self.args.get(self.pos)?;
        self.pos += 1;
        match a.to_str() {
            Some("--") if !self.only_positional => {
                self.only_positional = true;
                self.next_arg()
            }
            Some(s) if !self.only_positional && s.starts_with('-') && s.len() > 1 => {
                Some(Arg::Flag(s))
            }
            _ => Some(Arg::Positional(a)),
        }
    }

    /// The value following option `flag`.
    pub fn value(&mut self, flag: &str) -> Result<&'a OsStr> {
        let v = self
            .args
            .get(self.pos)
            .ok_or_else(|| anyhow!("{flag} needs a value"))?;
        self.pos += 1;
        Ok(v)
    }

    /// The value following option `flag`, as UTF-8 text.
    pub fn text(&mut self, flag: &str) -> Result<&'a str> {
        let v = self.value(flag)?;
        v.to_str()
            .ok_or_else(|| anyhow!("{flag}: value is not UTF-8"))
    }

    /// The layout named by the value of `--target`: a Rust target triple
    /// or a layout name (`lp64`, `ilp32-be`, …).
    pub fn layout(&mut self, flag: &str) -> Result<Layout> {
        let v = self.text(flag)?;
        v.parse().map_err(|e| anyhow!("{flag}: {e}"))
    }
}

impl Args<'_> {
    /// The dialect named by the value of `--dialect` (`3.4.3`, `3.6`).
    pub fn dialect(&mut self, flag: &str) -> Result<levbuild::des::Dialect> {
        let v = self.text(flag)?;
        v.parse().map_err(|e| anyhow!("{flag}: {e}"))
    }
}

/// Error for an option a subcommand does not know.
pub fn unknown(flag: &str, usage: &str) -> Result<std::process::ExitCode> {
    bail!("unknown option {flag}\nusage: {usage}")
}
