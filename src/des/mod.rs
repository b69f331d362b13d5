//! The `.des` compiler: NetHack 3.4.3 `lev_comp`'s language in, `.lev`
//! blobs out, byte-identical to the reference tool.
//!
//! ```
//! let src = "MAZE: \"mini\", ' '\nGEOMETRY: center, center\nMAP\n...\nENDMAP\n";
//! let file = levbuild::des::compile(src, "mini.des").unwrap();
//! assert_eq!(file.levels[0].name, "mini");
//! let layout = levbuild::Layout::host();
//! let game = levbuild::Game::nethack_343();
//! let level = levbuild::des::decode(&file.levels[0].bytes, "mini", &game, layout).unwrap();
//! assert_eq!(level, file.levels[0].level);
//! ```
//!
//! Pipeline: lexer (flex-compatible tokens) → parser (chumsky,
//! one statement at a time, recovering after errors) → semantics (order
//! rules, names, checks, the typed [`Level`]) → [`encode()`].

mod decode;
mod dialect;
mod encode;
pub mod ir;
#[cfg(feature = "compile")]
mod lexer;
#[cfg(feature = "compile")]
mod map;
#[cfg(feature = "compile")]
mod parser;
#[cfg(feature = "compile")]
mod sema;
#[cfg(feature = "compile")]
mod syntax;

pub use decode::decode;
pub use dialect::{Dialect, UnknownDialect};
pub use encode::{encode, EncodeError};
pub use ir::*;

#[cfg(feature = "compile")]
use crate::diag::{Diagnostics, Reporter};
#[cfg(feature = "compile")]
use crate::game::Game;
#[cfg(feature = "compile")]
use crate::layout::Layout;
#[cfg(feature = "compile")]
use std::sync::Arc;

#[cfg(feature = "compile")]
/// Compiler settings.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Also report lev_comp's `-w` warnings (`Rock in room`, `NonRock edge
    /// in room`).
    pub extra_warnings: bool,
    /// The C data layout to write (default: the host's, as `lev_comp`
    /// built on it would).
    pub layout: Layout,
    /// The game whose monster and object tables names resolve against and
    /// whose header the files carry (default: NetHack 3.4.3).
    pub game: Arc<Game>,
    /// The language the source is written in (default: 3.4.3's).
    pub dialect: Dialect,
}

#[cfg(feature = "compile")]
impl Default for Options {
    fn default() -> Self {
        Options {
            extra_warnings: false,
            layout: Layout::default(),
            game: Game::nethack_343(),
            dialect: Dialect::default(),
        }
    }
}

#[cfg(feature = "compile")]
/// One level of a compiled file.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompiledLevel {
    /// Level name; the blob's file name is `NAME.lev`.
    pub name: String,
    /// The `.lev` bytes.
    pub bytes: Vec<u8>,
    /// The typed level the bytes encode.
    pub level: Level,
}

#[cfg(feature = "compile")]
/// Everything a `.des` file produced.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompiledFile {
    /// The levels, in definition order.
    pub levels: Vec<CompiledLevel>,
    /// Warnings (never errors).
    pub warnings: Diagnostics,
}

#[cfg(feature = "compile")]
/// Compiles `.des` source with default [`Options`]. `path` is only used in
/// messages.
pub fn compile(source: &str, path: &str) -> Result<CompiledFile, Diagnostics> {
    compile_with(source, path, &Options::default())
}

#[cfg(feature = "compile")]
/// Compiles `.des` source. On any error, no level is returned and the
/// diagnostics (errors and warnings, in source order) are the `Err`.
pub fn compile_with(
    source: &str,
    path: &str,
    options: &Options,
) -> Result<CompiledFile, Diagnostics> {
    let mut report = Reporter::default();
    if options.dialect != Dialect::NetHack343 {
        report.error(
            0..0,
            format!(
                "the NetHack {} level language is not supported yet",
                options.dialect
            ),
        );
        return Err(report.finish(path, source));
    }
    let levels = parse_and_check(source, options, &mut report);
    let mut compiled = Vec::with_capacity(levels.len());
    if !report.has_errors() {
        for level in levels {
            match encode(&level, &options.game, options.layout) {
                Ok(bytes) => compiled.push(CompiledLevel {
                    name: level.name.clone(),
                    bytes,
                    level,
                }),
                Err(e) => {
                    report.error(
                        0..0,
                        format!("Level \"{}\" cannot be encoded: {e}", level.name),
                    );
                }
            }
        }
    }
    let diagnostics = report.finish(path, source);
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    Ok(CompiledFile {
        levels: compiled,
        warnings: diagnostics,
    })
}

#[cfg(feature = "compile")]
/// Parses and checks `source` into typed levels without encoding them.
/// The levels are meaningful only if no error was reported.
fn parse_and_check(source: &str, options: &Options, report: &mut Reporter) -> Vec<Level> {
    let lexer::Lexed { tokens, maps } = lexer::lex(source);
    // Moved, not copied: the token list is the largest structure here.
    let tokens: Vec<_> = tokens
        .into_iter()
        .map(|(t, s)| (t, chumsky::span::SimpleSpan::from(s)))
        .collect();
    let stmts = parser::parse(&tokens, report);
    sema::build(source, &stmts, &maps, options, report)
}
