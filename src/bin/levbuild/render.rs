//! `levbuild render`: every level of a `.des` or `.lev` file drawn as the
//! game draws a map (the library's `render`). A `.des` file is compiled
//! and its blobs drawn, as a build's gallery draws them.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use levbuild::des;
use levbuild::render::{self, Format as RenderFormat};

use crate::args::{unknown, usage_hint, Arg, Args, GameChoice};
use crate::output::{print_diagnostics, print_stdout, Format};

/// `levbuild render --help`.
pub const HELP: &str = "\
usage: levbuild render [OPTIONS] FILE.des|FILE.lev

Draws every level of a file as the game draws a map, in its default tty
symbols: terrain, doors by state, stairs, ladders, altars, fountains,
traps, monsters (their class letter in its colour) and objects (their
class symbol) where the level fixes their place, with a legend of
everything, what is random listed as random (with the places it may take
where the level names them). A .des file is compiled first (its errors
are reported and nothing is drawn); a .lev file is read as dump reads it.

Options:
  --level NAME               draw only the level NAME of the file
  --format FORMAT            text (the default; plain, for a wiki), ansi
                             (the game's 16 tty colours), svg (one image)
                             or html (a page with a legend and hover text)
  --target TRIPLE            the C data layout of a .lev file (default:
                             this machine's)
  --game-tree ROOT           draw for the game whose source tree is ROOT
  --game FILE                draw for the game an identity file describes
  --dialect 3.4.3|3.6        the built-in game of that language (default
                             3.4.3, or what a .lev file's header names)
  -h, --help                 print this help
  -V, --version              print levbuild's version";

pub fn run(args: &[OsString]) -> Result<ExitCode> {
    let mut format = RenderFormat::Text;
    let mut layout = levbuild::Layout::host();
    let mut game = GameChoice::default();
    let mut file: Option<PathBuf> = None;
    let mut only: Option<String> = None;
    let mut scan = Args::new(args);
    while let Some(arg) = scan.next_arg() {
        match arg {
            Arg::Flag("--format") => {
                format = scan
                    .text("--format")?
                    .parse()
                    .map_err(|e| anyhow!("--format: {e}"))?
            }
            Arg::Flag("--level") => only = Some(scan.text("--level")?.to_string()),
            Arg::Flag("--target") => layout = game.read_target(&mut scan)?,
            Arg::Flag(f) if game.accept(f, &mut scan)? => {}
            Arg::Flag(f) => return unknown(f, HELP),
            Arg::Positional(p) if file.is_none() => file = Some(PathBuf::from(p)),
            Arg::Positional(p) => bail!("unexpected argument {p:?}\n{}", usage_hint(HELP)),
        }
    }
    let file = file.ok_or_else(|| anyhow!("no file given\n{}", usage_hint(HELP)))?;
    let bytes = levbuild::read_source(
        std::fs::File::open(&file).with_context(|| format!("cannot read {}", file.display()))?,
    )
    .with_context(|| format!("cannot read {}", file.display()))?;
    let shown = file.display().to_string();
    let is_lev = file.extension().is_some_and(|e| e == "lev");
    let drawings = if is_lev {
        let name = file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let dialect = crate::dump::header_dialect(&bytes, layout);
        let game = game.load(dialect, layout)?;
        let drawing = render::blob(&bytes, &name, &shown, &game, layout).with_context(|| {
            format!(
                "{shown} is not a valid .lev file of {} {} for {layout} (for another game's file \
                 pass --game FILE or --game-tree ROOT; for another machine's, --target)",
                game.name(),
                game.version()
            )
        })?;
        vec![drawing]
    } else {
        let game = game.load(des::Dialect::NetHack343, layout)?;
        let options = des::Options::for_game(game.clone()).with_layout(layout);
        let source = levbuild::source_text(&bytes);
        let blobs = match des::compile_levels(&source, &shown, &options) {
            Ok(blobs) => blobs,
            Err(diagnostics) => {
                print_diagnostics(&diagnostics, Format::Rich)?;
                return Ok(ExitCode::FAILURE);
            }
        };
        let file_name = file
            .file_name()
            .map_or_else(|| shown.clone(), |n| n.to_string_lossy().into_owned());
        blobs
            .levels
            .iter()
            .map(|level| render::blob(&level.bytes, &level.name, &file_name, &game, layout))
            .collect::<Result<Vec<_>, _>>()
            .with_context(|| format!("{shown}: a level levbuild compiled does not read back"))?
    };
    let drawings = match only {
        None => drawings,
        Some(name) => {
            let names: Vec<String> = drawings.iter().map(|d| d.name.clone()).collect();
            let one: Vec<_> = drawings.into_iter().filter(|d| d.name == name).collect();
            if one.is_empty() {
                bail!(
                    "{shown} has no level {name:?} (its levels: {})",
                    names.join(", ")
                );
            }
            one
        }
    };
    print_stdout(&format.write(&drawings))?;
    Ok(ExitCode::SUCCESS)
}
