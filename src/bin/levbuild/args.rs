//! A small command-line argument scanner shared by the subcommands.

use std::ffi::{OsStr, OsString};
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{anyhow, bail, Result};
use levbuild::des::Dialect;
use levbuild::{Game, Layout, TreeOptions};

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
}

impl Args<'_> {
    /// The dialect named by the value of `--dialect` (`3.4.3`, `3.6`).
    pub fn dialect(&mut self, flag: &str) -> Result<Dialect> {
        let v = self.text(flag)?;
        v.parse().map_err(|e| anyhow!("{flag}: {e}"))
    }
}

/// The first line of a subcommand's help: `usage: levbuild …`.
fn usage(help: &str) -> &str {
    help.lines().next().unwrap_or_default()
}

/// Error for an option a subcommand does not know.
pub fn unknown(flag: &str, help: &str) -> Result<std::process::ExitCode> {
    bail!("unknown option {flag}\n{}", usage_hint(help))
}

/// The usage line of `help` and where to read more.
pub fn usage_hint(help: &str) -> String {
    let usage = usage(help);
    let command = usage.split_whitespace().nth(2).unwrap_or_default();
    format!("{usage}\n(levbuild {command} --help explains every option)")
}

/// The warning name following `--allow`.
pub fn allowed(scan: &mut Args<'_>) -> Result<&'static str> {
    let name = scan.text("--allow")?;
    levbuild::diag::warning_name(name).map_err(|e| anyhow!("--allow: {e}"))
}

/// The game a command compiles or decodes for: `--game-tree ROOT`,
/// `--game FILE` (an identity file) or `--dialect` (a built-in game).
#[derive(Default)]
pub struct GameChoice {
    tree: Option<PathBuf>,
    file: Option<PathBuf>,
    dialect: Option<Dialect>,
    /// The Rust target triple of `--target`, for a tree's probe.
    target: Option<String>,
}

impl GameChoice {
    /// The source tree of `--game-tree`.
    pub fn tree(&self) -> Option<&std::path::Path> {
        self.tree.as_deref()
    }

    /// The identity file of `--game`.
    pub fn file(&self) -> Option<&std::path::Path> {
        self.file.as_deref()
    }

    /// The dialect of `--dialect`.
    pub fn dialect(&self) -> Option<Dialect> {
        self.dialect
    }

    /// Takes `flag` (and its value) if it is one of the game options.
    pub fn accept(&mut self, flag: &str, scan: &mut Args<'_>) -> Result<bool> {
        match flag {
            "--game-tree" => self.tree = Some(PathBuf::from(scan.value(flag)?)),
            "--game" => self.file = Some(PathBuf::from(scan.value(flag)?)),
            "--dialect" => self.dialect = Some(scan.dialect(flag)?),
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Takes the value of `--target`: the layout it names (a Rust target
    /// triple or a layout name such as `lp64`, `ilp32-be`); a triple is
    /// also the target a tree's probe is built for.
    pub fn read_target(&mut self, scan: &mut Args<'_>) -> Result<Layout> {
        let value = scan.text("--target")?;
        self.target(value);
        value.parse().map_err(|e| anyhow!("--target: {e}"))
    }

    /// Records the value of `--target`: a triple (not a layout name) is
    /// the target a tree's probe is built for.
    pub fn target(&mut self, value: &str) {
        self.target = (!Layout::ALL.iter().any(|l| l.name() == value)).then(|| value.to_string());
    }

    /// The game: the tree's, the identity file's, or the built-in game of
    /// the dialect (`default` without `--dialect`). It must have a header
    /// for `layout`, and a `--dialect` must be its own.
    pub fn load(&self, default: Dialect, layout: Layout) -> Result<Arc<Game>> {
        let game = match (&self.tree, &self.file) {
            (Some(_), Some(_)) => bail!("give --game-tree or --game, not both"),
            (Some(root), None) => {
                let mut options = TreeOptions::new();
                options.target = self.target.clone();
                Arc::new(Game::from_tree(root, &options)?)
            }
            (None, Some(file)) => Arc::new(Game::from_identity_file(file)?),
            (None, None) => return Ok(Game::builtin(self.dialect.unwrap_or(default))),
        };
        if let Some(dialect) = self.dialect.filter(|d| *d != game.dialect()) {
            bail!(
                "--dialect {dialect}, but {game} is written in the {} language",
                game.dialect()
            );
        }
        game.version_info(layout)?;
        Ok(game)
    }
}

/// True for `-j`, `--jobs` and `-jN` (as make and cargo take it).
pub fn is_jobs_flag(flag: &str) -> bool {
    flag == "--jobs" || flag.starts_with("-j")
}

/// The thread count of a jobs flag (see [`is_jobs_flag`]): `-jN`'s, or the
/// next argument's (`build`, `lev-comp`).
pub fn jobs_value(flag: &str, scan: &mut Args) -> Result<usize> {
    match flag.strip_prefix("-j").filter(|n| !n.is_empty()) {
        Some(n) => thread_count(n),
        None => thread_count(scan.text("-j")?),
    }
}

/// The thread count of `-j N`.
fn thread_count(text: &str) -> Result<usize> {
    text.parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| anyhow::anyhow!("-j takes a number of threads, not {text:?}"))
}
