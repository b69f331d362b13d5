//! The command line's grammar, read by clap (its builder API): the
//! options the subcommands share, their values' checks, the choice of a
//! game, and clap's errors in levbuild's words.

use std::ffi::OsStr;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{anyhow, bail, Result};
use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, ArgMatches, Command};
use levbuild::des::Dialect;
use levbuild::{Game, Layout, TreeOptions};

/// How every command's help reads: levbuild's `usage:` line first, then
/// what the command does, then its arguments and options.
const TEMPLATE: &str = "usage: {usage}\n\n{before-help}{all-args}{after-help}";

/// A subcommand named `name` with the usage line `usage` and the
/// description `about` (its help's first paragraph; `summary`, the line
/// `levbuild --help` lists it with). Its own `-h` and `-V` are added; a
/// repeated option takes its last value, as the C tools' do.
pub fn subcommand(
    name: &'static str,
    usage: &'static str,
    summary: &'static str,
    about: &'static str,
) -> Command {
    Command::new(name)
        .about(summary)
        .before_help(about)
        .override_usage(usage)
        .help_template(TEMPLATE)
        .display_name("levbuild")
        .version(env!("CARGO_PKG_VERSION"))
        .disable_help_flag(true)
        .disable_version_flag(true)
        .args_override_self(true)
        .arg(
            Arg::new("help")
                .short('h')
                .long("help")
                .action(ArgAction::Help)
                .help("print this help")
                .display_order(LAST),
        )
        .arg(version_arg())
}

/// `-V`, `--version`: levbuild's version (after any command too).
pub fn version_arg() -> Arg {
    Arg::new("version")
        .short('V')
        .long("version")
        .action(ArgAction::Version)
        .help("print levbuild's version")
        .display_order(LAST)
}

/// Where `-h` and `-V` go in a help: after the command's own options.
const LAST: usize = 1000;

/// An option taking one value named `value` (the last one given wins).
pub fn option(id: &'static str, value: &'static str, help: &'static str) -> Arg {
    Arg::new(id).long(id).value_name(value).help(help)
}

/// The one input file a command takes (`FILE`, required).
pub fn input_file(help: &'static str) -> Arg {
    Arg::new("file")
        .value_name("FILE")
        .required(true)
        .value_parser(clap::value_parser!(PathBuf))
        .value_hint(clap::ValueHint::FilePath)
        .help(help)
}

/// A flag (no value).
pub fn flag(id: &'static str, help: &'static str) -> Arg {
    Arg::new(id).long(id).action(ArgAction::SetTrue).help(help)
}

/// `-o, --out-dir DIR`.
pub fn out_dir(value: &'static str, help: &'static str) -> Arg {
    option("out-dir", value, help)
        .short('o')
        .value_parser(clap::value_parser!(PathBuf))
}

/// `-j, --jobs N` (also `-jN`, as make and cargo take it).
pub fn jobs() -> Arg {
    option(
        "jobs",
        "N",
        "compile with N threads (default: one per core;\n-jN also works)",
    )
    .short('j')
    .value_parser(checked(thread_count, []))
}

/// The thread count of `-j N`.
fn thread_count(text: &str) -> Result<usize, String> {
    text.parse()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("-j takes a number of threads, not {text:?}"))
}

/// `--allow NAME` (repeatable): a warning's name, offered to shell
/// completion with its description.
pub fn allow() -> Arg {
    option(
        "allow",
        "NAME",
        "silence the warnings named NAME (repeat it for\nmore names; levbuild help warnings lists them)",
    )
    .action(ArgAction::Append)
    .value_parser(checked(
        |name| levbuild::diag::warning_name(name).map_err(|e| format!("--allow: {e}")),
        (levbuild::diag::WARNINGS.iter()).map(|(name, about)| PossibleValue::new(*name).help(*about)),
    ))
    .hide_possible_values(true)
}

/// The names of `--allow` in `m`.
pub fn allowed(m: &ArgMatches) -> Vec<&'static str> {
    m.get_many::<&'static str>("allow")
        .map_or_else(Vec::new, |names| names.copied().collect())
}

/// `--format FORMAT`, one of `formats`.
pub fn format(formats: &'static [&'static str], help: &'static str) -> Arg {
    option("format", "FORMAT", help)
        .value_parser(clap::builder::PossibleValuesParser::new(formats))
        .hide_possible_values(true)
}

/// `--target TRIPLE`.
pub fn target(help: &'static str) -> Arg {
    option("target", "TRIPLE", help)
}

/// The help of `--target` where it names the layout of what is written.
pub const TARGET_HELP: &str = "the C data layout of the game: a Rust target\n\
triple such as i686-unknown-linux-gnu, or lp64,\n\
ilp32, llp64 with an optional -be (default: this\nmachine's)";

/// `--game-tree ROOT`, `--game FILE` and `--dialect 3.4.3|3.6`, with
/// their helps.
pub fn game_options(tree: &'static str, file: &'static str, dialect: &'static str) -> [Arg; 3] {
    [
        option("game-tree", "ROOT", tree)
            .value_parser(clap::value_parser!(PathBuf))
            .value_hint(clap::ValueHint::DirPath),
        option("game", "FILE", file)
            .value_parser(clap::value_parser!(PathBuf))
            .value_hint(clap::ValueHint::FilePath),
        option("dialect", "3.4.3|3.6", dialect)
            .value_parser(checked(
                |v| v.parse::<Dialect>().map_err(|e| format!("--dialect: {e}")),
                Dialect::ALL.map(|d| PossibleValue::new(d.as_str())),
            ))
            .hide_possible_values(true),
    ]
}

/// `-D, --define NAME` and `-U, --undefine NAME` (repeatable).
pub fn defines(define: &'static str, undefine: &'static str) -> [Arg; 2] {
    [
        option("define", "NAME", define)
            .short('D')
            .action(ArgAction::Append),
        option("undefine", "NAME", undefine)
            .short('U')
            .action(ArgAction::Append),
    ]
}

/// The features of `-D` (true) and `-U` (false) in the order given.
pub fn overrides(m: &ArgMatches) -> Vec<(String, bool)> {
    let mut all: Vec<(usize, String, bool)> = Vec::new();
    for (id, on) in [("define", true), ("undefine", false)] {
        if let (Some(names), Some(at)) = (m.get_many::<String>(id), m.indices_of(id)) {
            all.extend(at.zip(names).map(|(i, n)| (i, n.clone(), on)));
        }
    }
    all.sort_by_key(|(i, _, _)| *i);
    all.into_iter().map(|(_, n, on)| (n, on)).collect()
}

/// A value `check` reads (its error is the message, the option named),
/// with the candidates shell completion offers.
pub fn checked<T: Clone + Send + Sync + 'static>(
    check: fn(&str) -> Result<T, String>,
    values: impl IntoIterator<Item = PossibleValue>,
) -> Checked<T> {
    Checked {
        check,
        values: values.into_iter().collect(),
    }
}

/// See [`checked`].
#[derive(Clone)]
pub struct Checked<T> {
    check: fn(&str) -> Result<T, String>,
    values: Vec<PossibleValue>,
}

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Checked<T> {
    type Value = T;

    fn parse_ref(&self, cmd: &Command, arg: Option<&Arg>, value: &OsStr) -> Result<T, clap::Error> {
        let check = self.check;
        // clap's own reader of a `&str`: its error keeps ours as its source.
        (move |text: &str| check(text)).parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.values.iter().cloned()))
    }
}

/// The usage line `usage` and where to read more, for an error.
pub fn usage_hint(usage: &str) -> String {
    match usage.split_whitespace().nth(1).unwrap_or_default() {
        "COMMAND" => format!("usage: {usage}\n(levbuild --help lists the commands)"),
        command => format!("usage: {usage}\n(levbuild {command} --help explains every option)"),
    }
}

/// A parse error of clap's in levbuild's words (`levbuild: unknown option
/// --bogus (did you mean --bogus2?)`, the usage line and where to read
/// more), for standard error.
pub fn error_text(e: &clap::Error) -> String {
    let text = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(s)) => s.join(", "),
        Some(ContextValue::StyledStr(s)) => s.to_string(),
        _ => String::new(),
    };
    let strings = |kind| match e.get(kind) {
        Some(ContextValue::Strings(s)) => s.clone(),
        Some(ContextValue::String(s)) => vec![s.clone()],
        _ => Vec::new(),
    };
    // `--format` of `--format <FORMAT>`, `SHELL` of `<SHELL>`.
    let option = text(ContextKind::InvalidArg)
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .trim_matches(['<', '>'])
        .to_string();
    let mean = |kind| match strings(kind).as_slice() {
        [] => String::new(),
        [one] => format!(" (did you mean {one}?)"),
        many => format!(" (did you mean one of {}?)", many.join(", ")),
    };
    let message = match e.kind() {
        ErrorKind::UnknownArgument => {
            let arg = text(ContextKind::InvalidArg);
            match arg.starts_with('-') && arg.len() > 1 {
                true => format!("unknown option {arg}{}", mean(ContextKind::SuggestedArg)),
                false => format!("unexpected argument {arg:?}"),
            }
        }
        ErrorKind::InvalidSubcommand => format!(
            "unknown command {:?}{}",
            text(ContextKind::InvalidSubcommand),
            mean(ContextKind::SuggestedSubcommand)
        ),
        ErrorKind::InvalidValue if text(ContextKind::InvalidValue).is_empty() => {
            format!("{option} needs a value")
        }
        ErrorKind::InvalidValue => {
            let valid = strings(ContextKind::ValidValue);
            let (last, rest) = valid.split_last().map_or(("", &[][..]), |(l, r)| (l, r));
            let listed = match rest {
                [] => last.to_string(),
                _ => format!("{} or {last}", rest.join(", ")),
            };
            format!(
                "{option} takes {listed}, not {:?}{}",
                text(ContextKind::InvalidValue),
                mean(ContextKind::SuggestedValue)
            )
        }
        ErrorKind::ValueValidation => match std::error::Error::source(e) {
            Some(why) => why.to_string(),
            None => format!("{option}: invalid value"),
        },
        ErrorKind::InvalidUtf8 => "an argument is not UTF-8".to_string(),
        ErrorKind::MissingRequiredArgument => {
            format!(
                "no {} given",
                text(ContextKind::InvalidArg).trim_matches(['<', '>'])
            )
        }
        // Anything else in clap's words, without its heading and usage.
        _ => {
            let full = e.render().to_string();
            let first = full.lines().next().unwrap_or_default();
            first.strip_prefix("error: ").unwrap_or(first).to_string()
        }
    };
    match text(ContextKind::Usage) {
        usage if usage.is_empty() => message,
        usage => {
            let usage = usage.strip_prefix("Usage: ").unwrap_or(&usage);
            format!("{message}\n{}", usage_hint(usage.trim()))
        }
    }
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
    /// The game options of `m` (see [`game_options`]).
    pub fn of(m: &ArgMatches) -> Self {
        GameChoice {
            tree: m.get_one::<PathBuf>("game-tree").cloned(),
            file: m.get_one::<PathBuf>("game").cloned(),
            dialect: m.get_one::<Dialect>("dialect").copied(),
            target: None,
        }
    }

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

    /// Takes the value of `--target` in `m`: the layout it names (a Rust
    /// target triple or a layout name such as `lp64`, `ilp32-be`; the
    /// host's without one); a triple is also the target a tree's probe is
    /// built for.
    pub fn read_target(&mut self, m: &ArgMatches) -> Result<Layout> {
        let Some(value) = m.get_one::<String>("target") else {
            return Ok(Layout::host());
        };
        self.target(value);
        value.parse().map_err(|e| anyhow!("--target: {e}"))
    }

    /// Records the value of `--target`: a triple (not a layout name) is
    /// the target a tree's probe is built for.
    pub fn target(&mut self, value: &str) {
        self.target = named_layout(value).is_none().then(|| value.to_string());
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

/// The layout a `--target` value names by its name (`lp64`, `ilp32-be`),
/// not by a target triple.
pub fn named_layout(value: &str) -> Option<Layout> {
    Layout::ALL.iter().copied().find(|l| l.name() == value)
}
