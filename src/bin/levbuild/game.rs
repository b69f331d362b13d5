//! `levbuild game`: writes a game's identity file (see the README,
//! "Identity files"), from its source tree or a built-in game, so that
//! later builds need neither the tree nor a C compiler.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{anyhow, bail, Result};
use levbuild::{Game, TreeOptions};

use crate::args::{unknown, usage_hint, Arg, Args};
use crate::output::{print_stdout, write_atomic};

/// `levbuild game --help`.
pub const HELP: &str = "\
usage: levbuild game (--game-tree ROOT [--target TRIPLE]... | --builtin NAME | --game FILE) [-o FILE]

Writes a game's identity file: everything levbuild reads from the game's
source tree (name, version, language, version header per data layout,
makedefs features, class symbols, monster and object tables) as one text
file. --game FILE (build, check, lev-comp, dgn-comp, dump) then writes the
same bytes as --game-tree ROOT, with no tree and no C compiler.

Options:
  --game-tree ROOT           the game whose source tree is ROOT (its version
                             header is computed by compiling a probe with
                             the C compiler)
  --target TRIPLE            with --game-tree: also a header for the Rust
                             target triple TRIPLE (repeatable; default: this
                             machine's)
  --builtin NAME             a built-in game: nethack-3.4.3 or nethack-3.6.7
  --game FILE                an identity file, read and written again in this
                             levbuild's format
  -o, --output FILE          write into FILE (default: standard output)
  -h, --help                 print this help
  -V, --version              print levbuild's version";

/// The built-in games by the names `--builtin` takes.
const BUILTIN: [&str; 2] = ["nethack-3.4.3", "nethack-3.6.7"];

pub fn run(args: &[OsString]) -> Result<ExitCode> {
    let mut tree: Option<PathBuf> = None;
    let mut builtin: Option<String> = None;
    let mut file: Option<PathBuf> = None;
    let mut targets: Vec<String> = Vec::new();
    let mut out: Option<PathBuf> = None;
    let mut scan = Args::new(args);
    while let Some(arg) = scan.next_arg() {
        match arg {
            Arg::Flag("--game-tree") => tree = Some(PathBuf::from(scan.value("--game-tree")?)),
            Arg::Flag("--builtin") => builtin = Some(scan.text("--builtin")?.to_string()),
            Arg::Flag("--game") => file = Some(PathBuf::from(scan.value("--game")?)),
            Arg::Flag("--target") => targets.push(scan.text("--target")?.to_string()),
            Arg::Flag("-o" | "--output") => out = Some(PathBuf::from(scan.value("-o")?)),
            Arg::Flag(f) => return unknown(f, HELP),
            Arg::Positional(p) => bail!("unexpected argument {p:?}\n{}", usage_hint(HELP)),
        }
    }
    if !targets.is_empty() && tree.is_none() {
        bail!("--target is for --game-tree (the targets whose headers the tree's probe computes)");
    }
    let game: Arc<Game> = match (tree, builtin, file) {
        (Some(root), None, None) => Arc::new(from_tree(&root, &targets)?),
        (None, Some(name), None) => match name.as_str() {
            "nethack-3.4.3" => Game::nethack_343(),
            "nethack-3.6.7" => Game::nethack_367(),
            other => bail!(
                "no built-in game {other:?} (expected {})",
                BUILTIN.join(" or ")
            ),
        },
        // Read and written again: checks a file and brings it to this
        // levbuild's format.
        (None, None, Some(file)) => Arc::new(Game::from_identity_file(&file)?),
        (None, None, None) => {
            bail!(
                "which game? give --game-tree, --builtin or --game\n{}",
                usage_hint(HELP)
            )
        }
        _ => bail!(
            "give one of --game-tree, --builtin and --game\n{}",
            usage_hint(HELP)
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
