//! `levbuild game`: writes a game's identity file (see the README,
//! "Identity files"), from its source tree or a built-in game, so that
//! later builds need neither the tree nor a C compiler.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{anyhow, bail, Result};
use clap::{ArgAction, ArgMatches};
use levbuild::{Game, TreeOptions};

use crate::args::{self, usage_hint};
use crate::output::{print_stdout, write_atomic};

/// `game`'s usage line.
const USAGE: &str = "levbuild game (--game-tree ROOT [--target TRIPLE]... | --builtin NAME | --game FILE) [-o FILE]";

/// The built-in games by the names `--builtin` takes.
const BUILTIN: [&str; 2] = ["nethack-3.4.3", "nethack-3.6.7"];

/// The command line of `game`.
pub fn command() -> clap::Command {
    args::subcommand(
        "game",
        USAGE,
        "write a game's identity file (its tables,\n\
         features and headers), which --game FILE reads",
        "Writes a game's identity file: everything levbuild reads from the game's\n\
         source tree (name, version, language, version header per data layout,\n\
         makedefs features, class symbols, monster and object tables) as one text\n\
         file. --game FILE (build, check, lev-comp, dgn-comp, dump) then writes the\n\
         same bytes as --game-tree ROOT, with no tree and no C compiler.",
    )
    .arg(
        args::option(
            "game-tree",
            "ROOT",
            "the game whose source tree is ROOT (its version\n\
             header is computed by compiling a probe with\n\
             the C compiler)",
        )
        .value_parser(clap::value_parser!(PathBuf))
        .value_hint(clap::ValueHint::DirPath),
    )
    .arg(
        args::target(
            "with --game-tree: also a header for the Rust\n\
             target triple TRIPLE (repeatable; default: this\n\
             machine's)",
        )
        .action(ArgAction::Append),
    )
    .arg(
        args::option(
            "builtin",
            "NAME",
            "a built-in game: nethack-3.4.3 or nethack-3.6.7",
        )
        .value_parser(clap::builder::PossibleValuesParser::new(BUILTIN))
        .hide_possible_values(true),
    )
    .arg(
        args::option(
            "game",
            "FILE",
            "an identity file, read and written again in this\nlevbuild's format",
        )
        .value_parser(clap::value_parser!(PathBuf))
        .value_hint(clap::ValueHint::FilePath),
    )
    .arg(
        args::option(
            "output",
            "FILE",
            "write into FILE (default: standard output)",
        )
        .short('o')
        .value_parser(clap::value_parser!(PathBuf))
        .value_hint(clap::ValueHint::FilePath),
    )
}

pub fn run(m: &ArgMatches) -> Result<ExitCode> {
    let tree = m.get_one::<PathBuf>("game-tree").cloned();
    let builtin = m.get_one::<String>("builtin").cloned();
    let file = m.get_one::<PathBuf>("game").cloned();
    let targets: Vec<String> = (m.get_many::<String>("target").into_iter().flatten())
        .cloned()
        .collect();
    let out = m.get_one::<PathBuf>("output").cloned();
    if !targets.is_empty() && tree.is_none() {
        bail!("--target is for --game-tree (the targets whose headers the tree's probe computes)");
    }
    let game: Arc<Game> = match (tree, builtin, file) {
        (Some(root), None, None) => Arc::new(from_tree(&root, &targets)?),
        // One of BUILTIN, which the parser lets through alone.
        (None, Some(name), None) => match name.as_str() {
            "nethack-3.4.3" => Game::nethack_343(),
            _ => Game::nethack_367(),
        },
        // Read and written again: checks a file and brings it to this
        // levbuild's format.
        (None, None, Some(file)) => Arc::new(Game::from_identity_file(&file)?),
        (None, None, None) => {
            bail!(
                "which game? give --game-tree, --builtin or --game\n{}",
                usage_hint(USAGE)
            )
        }
        _ => bail!(
            "give one of --game-tree, --builtin and --game\n{}",
            usage_hint(USAGE)
        ),
    };
    let text = game.to_identity();
    match out {
        None => print_stdout(&text)?,
        Some(path) => {
            let dir = match path.parent() {
                Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
                _ => PathBuf::from("."),
            };
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .ok_or_else(|| anyhow!("-o {}: not a file name", path.display()))?;
            std::fs::create_dir_all(&dir)?;
            write_atomic(&dir, name, text.as_bytes())?;
            eprintln!("levbuild game: {game} -> {}", path.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The tree's identity, with a header for each target (the host's when
/// none is given; one `any` header when the tree has a `date.h`).
fn from_tree(root: &std::path::Path, targets: &[String]) -> Result<Game> {
    let mut options = TreeOptions::new();
    let mut game: Option<Game> = None;
    for target in targets
        .iter()
        .map(Some)
        .chain(targets.is_empty().then_some(None))
    {
        options.target = target.cloned();
        let next = Game::from_tree(root, &options)?;
        game = Some(match game {
            None => next,
            Some(game) => game.with_headers_of(&next).map_err(|e| anyhow!(e))?,
        });
    }
    game.ok_or_else(|| anyhow!("no target"))
}
