//! `levbuild`: the command-line face of the crate (feature `cli`).
//!
//! ```text
//! levbuild build [OPTIONS] [DIR...]
//! levbuild check [OPTIONS] [DIR... | FILE...]
//! levbuild lev-comp [OPTIONS] [FILE.des ...]
//! levbuild dgn-comp [OPTIONS] [FILE]
//! levbuild dump [OPTIONS] FILE
//! levbuild render [OPTIONS] FILE
//! levbuild gallery [OPTIONS] DIR...
//! levbuild game [OPTIONS]
//! levbuild help [COMMAND | warnings]
//! levbuild completions SHELL
//! ```
//!
//! `args` holds the grammar the subcommands share (clap's builder API);
//! each subcommand's module has its `command` (its options and help) and
//! its `run`. `levbuild completions SHELL` prints clap_complete's script.

use std::process::ExitCode;

mod args;
mod build;
mod check_files;
mod dgn_comp;
mod diag_github;
mod diag_json;
mod dump;
mod dump_json;
mod game;
mod lev_comp;
mod output;
mod pending;
mod render;
mod watch;

/// What `levbuild --help` says after the commands: the options most of
/// them take.
const SHARED_OPTIONS: &str = "\
Options most commands take (levbuild COMMAND --help explains them all):
  --game-tree ROOT           the game whose source tree is ROOT: its tables,
                             features and version header
  --game FILE                the game an identity file describes (written by
                             levbuild game)
  --dialect 3.4.3|3.6        the level language of the built-in game (default
                             3.4.3)
  --target TRIPLE            the C data layout of the game: a Rust target
                             triple such as i686-unknown-linux-gnu, or lp64,
                             ilp32, llp64 with an optional -be (default: this
                             machine's)
  --format FORMAT            how build, check, lev-comp and dgn-comp print
                             diagnostics: rich (the default), short, json or
                             github; lev-comp and dgn-comp also legacy
  --allow NAME               silence the warnings named NAME (build, check,
                             lev-comp, dgn-comp; levbuild help warnings lists
                             the names)
  --deny-warnings            make the remaining warnings errors (build, check,
                             lev-comp, dgn-comp)";

/// The commands of `levbuild help COMMAND`.
const COMMANDS: [&str; 9] = [
    "build",
    "check",
    "lev-comp",
    "dgn-comp",
    "dump",
    "render",
    "gallery",
    "game",
    "completions",
];

/// levbuild's whole command line, its commands in the order of its help.
fn command() -> clap::Command {
    // `help` comes before `completions`, the last.
    let in_help_order =
        (COMMANDS.iter().filter(|&&c| c != "completions")).chain(&["help", "completions"]);
    top_level(in_help_order.filter_map(|&name| subcommand(name)))
}

/// The command `name` (one of [`COMMANDS`] or `help`).
fn subcommand(name: &str) -> Option<clap::Command> {
    Some(match name {
        "build" => build::command(build::Command::Build),
        "check" => build::command(build::Command::Check),
        "lev-comp" => lev_comp::command(),
        "dgn-comp" => dgn_comp::command(),
        "dump" => dump::command(),
        "render" => render::command(),
        "gallery" => build::command(build::Command::Gallery),
        "game" => game::command(),
        "help" => help_command(),
        "completions" => completions_command(),
        _ => return None,
    })
}

/// levbuild's command line with `subcommands`: every one for help,
/// completions and a command line that names none; only the one it
/// names otherwise (building every command's options and help costs a
/// process that compiles one small file more than the compile).
fn top_level(subcommands: impl IntoIterator<Item = clap::Command>) -> clap::Command {
    clap::Command::new("levbuild")
        .version(env!("CARGO_PKG_VERSION"))
        .about(
            "Compiles NetHack special levels (.des) and dungeon.def into the game's\n\
             binary files, byte for byte as lev_comp and makedefs -e + dgn_comp write\n\
             them.",
        )
        .override_usage("levbuild COMMAND [OPTIONS] [ARGS]")
        .help_template(
            "usage: {usage}\n\n{about}\n\nCommands:\n{subcommands}{after-help}\n\
             {tab}-h, --help                 print help\n\
             {tab}-V, --version              print levbuild's version",
        )
        .after_help(SHARED_OPTIONS)
        .disable_help_flag(true)
        .disable_version_flag(true)
        .disable_help_subcommand(true)
        .arg_required_else_help(true)
        .subcommand_value_name("COMMAND")
        .arg(
            clap::Arg::new("help")
                .short('h')
                .long("help")
                .action(clap::ArgAction::Help)
                .help("print help"),
        )
        .arg(args::version_arg())
        .subcommands(subcommands)
}

/// `levbuild help [COMMAND | warnings]`; its `--help` is levbuild's.
fn help_command() -> clap::Command {
    let topics = COMMANDS.into_iter().chain(["help", "warnings"]);
    clap::Command::new("help")
        .about(
            "this help, COMMAND's help (the same as\n\
             levbuild COMMAND --help), or the warning names",
        )
        .override_usage("levbuild help [COMMAND | warnings]")
        .disable_help_flag(true)
        .arg(
            clap::Arg::new("topic")
                .value_name("COMMAND | warnings")
                .value_parser(args::checked(
                    |topic| match COMMANDS
                        .into_iter()
                        .chain(["help", "warnings"])
                        .any(|t| t == topic)
                    {
                        true => Ok(topic.to_string()),
                        false => Err(format!(
                            "no help on {topic:?}: the commands are {}; levbuild help warnings \
                             lists the warnings",
                            COMMANDS.join(", ")
                        )),
                    },
                    topics.map(clap::builder::PossibleValue::new),
                )),
        )
        .arg(
            clap::Arg::new("help")
                .short('h')
                .long("help")
                .action(clap::ArgAction::SetTrue)
                .hide(true),
        )
}

/// `levbuild completions SHELL`.
fn completions_command() -> clap::Command {
    args::subcommand(
        "completions",
        "levbuild completions SHELL",
        "print the completion script of SHELL (bash, zsh,\n\
         fish, powershell or elvish) for levbuild",
        "Prints a script that makes SHELL complete levbuild's commands, options\n\
         and their values (the warning names of --allow, the formats, the\n\
         dialects, files and directories) on standard output. To install it:\n\
         \n\
         \x20 bash        levbuild completions bash > ~/.local/share/bash-completion/completions/levbuild\n\
         \x20 zsh         levbuild completions zsh > ~/.zfunc/_levbuild   (a directory of $fpath)\n\
         \x20 fish        levbuild completions fish > ~/.config/fish/completions/levbuild.fish\n\
         \x20 powershell  levbuild completions powershell | Out-String | Invoke-Expression\n\
         \x20 elvish      eval (levbuild completions elvish | slurp)",
    )
    .arg(
        clap::Arg::new("shell")
            .value_name("SHELL")
            .required(true)
            .value_parser(clap::value_parser!(clap_complete::Shell))
            .help("bash, zsh, fish, powershell or elvish"),
    )
}

/// Every warning name with its description, for `levbuild help warnings`.
fn warnings_help() -> String {
    let mut text = String::from(
        "Warnings, by the name --allow NAME and Build::allow take (those marked -w are only \
         reported with -w):\n",
    );
    for (name, description) in levbuild::diag::WARNINGS {
        text.push_str(&format!("  {name:<32} {description}\n"));
    }
    text
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let named = args
        .get(1)
        .and_then(|a| a.to_str())
        .filter(|&a| a != "help");
    let command = match named.and_then(subcommand) {
        Some(only) => top_level([only]),
        None => command(),
    };
    let matches = match command.try_get_matches_from(args) {
        Ok(m) => m,
        Err(e) => return parse_failure(&e),
    };
    let result = match matches.subcommand() {
        Some(("lev-comp", m)) => lev_comp::run(m),
        Some(("build", m)) => build::run(m, build::Command::Build),
        Some(("check", m)) => build::run(m, build::Command::Check),
        Some(("gallery", m)) => build::run(m, build::Command::Gallery),
        Some(("dgn-comp", m)) => dgn_comp::run(m),
        Some(("dump", m)) => dump::run(m),
        Some(("game", m)) => game::run(m),
        Some(("render", m)) => render::run(m),
        Some(("completions", m)) => completions(m),
        Some(("help", m)) => help(m),
        // `arg_required_else_help`: clap has printed the help already.
        _ => return ExitCode::from(2),
    };
    result.unwrap_or_else(|e| {
        eprintln!("levbuild: {e:#}");
        ExitCode::from(2)
    })
}

/// What a command line clap does not take gets: help and the version on
/// standard output (exit status 0); an error in levbuild's words (an
/// unknown command with levbuild's help) on standard error, status 2.
fn parse_failure(e: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            exit_after(output::print_stdout(&e.render().to_string()))
        }
        // `levbuild` alone.
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprint!("{}", e.render());
            ExitCode::from(2)
        }
        ErrorKind::InvalidSubcommand => {
            let message = args::error_text(e);
            let first = message.lines().next().unwrap_or_default();
            eprintln!("levbuild: {first}\n\n{}", command().render_help());
            ExitCode::from(2)
        }
        _ => {
            eprintln!("levbuild: {}", args::error_text(e));
            ExitCode::from(2)
        }
    }
}

/// `levbuild help [COMMAND | warnings]`.
fn help(m: &clap::ArgMatches) -> anyhow::Result<ExitCode> {
    let mut all = command();
    // `help COMMAND --help` is COMMAND's help too.
    let text = match m.get_one::<String>("topic").map(String::as_str) {
        Some("warnings") => warnings_help(),
        // `levbuild help`, `levbuild help --help`, `levbuild help help`:
        // the general help.
        None | Some("help") => all.render_help().to_string(),
        Some(topic) => match all.find_subcommand_mut(topic) {
            Some(command) => command.render_help().to_string(),
            None => all.render_help().to_string(),
        },
    };
    output::print_stdout(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// `levbuild completions SHELL`: clap_complete's script for `SHELL`.
fn completions(m: &clap::ArgMatches) -> anyhow::Result<ExitCode> {
    let shell = *m
        .get_one::<clap_complete::Shell>("shell")
        .ok_or_else(|| anyhow::anyhow!("no shell given"))?;
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command(), "levbuild", &mut script);
    output::print_stdout(&String::from_utf8_lossy(&script))?;
    Ok(ExitCode::SUCCESS)
}

/// The exit status after printing: success, or 2 with the error.
fn exit_after(printed: anyhow::Result<()>) -> ExitCode {
    match printed {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("levbuild: {e:#}");
            ExitCode::from(2)
        }
    }
}
