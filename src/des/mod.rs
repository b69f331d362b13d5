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
pub mod nh36;
#[cfg(feature = "compile")]
mod parser;
#[cfg(feature = "compile")]
mod scan;
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
                "des::compile_with compiles the 3.4.3 language; a NetHack {} file is compiled by \
                 des::compile_levels or des::nh36::compile_with",
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
/// A level of a file of any dialect: its name and its `.lev` bytes.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blob {
    /// Level name; the blob's file name is `NAME.lev`.
    pub name: String,
    /// The `.lev` bytes.
    pub bytes: Vec<u8>,
}

#[cfg(feature = "compile")]
/// The levels and warnings of a file of any dialect.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blobs {
    /// The levels, in definition order.
    pub levels: Vec<Blob>,
    /// Warnings (never errors).
    pub warnings: Diagnostics,
}

#[cfg(feature = "compile")]
/// Compiles a `.des` file in the language `options.dialect` names into
/// its levels' bytes: what a build needs from any dialect. The typed
/// results are [`compile_with`] (3.4.3) and `nh36::compile_with` (with
/// the `nethack36` feature).
///
/// # Errors
/// Every error of the file, with its warnings; a 3.6 file compiled for a
/// game of the 3.4.3 family (whose tables it cannot use), or without the
/// `nethack36` feature, is one.
pub fn compile_levels(source: &str, path: &str, options: &Options) -> Result<Blobs, Diagnostics> {
    let blob = |name: String, bytes: Vec<u8>| Blob { name, bytes };
    match options.dialect {
        Dialect::NetHack343 => compile_with(source, path, options).map(|f| Blobs {
            levels: f
                .levels
                .into_iter()
                .map(|l| blob(l.name, l.bytes))
                .collect(),
            warnings: f.warnings,
        }),
        #[cfg(not(feature = "nethack36"))]
        Dialect::NetHack36 => {
            let mut report = Reporter::default();
            report
                .error(
                    0..0,
                    "this levbuild was built without its NetHack 3.6 compiler (the `nethack36` feature)",
                )
                .help("enable levbuild's `nethack36` feature (on by default) to compile 3.6 files");
            Err(report.finish(path, source))
        }
        #[cfg(feature = "nethack36")]
        Dialect::NetHack36 => {
            if options.game.dialect() != Dialect::NetHack36 {
                let mut report = Reporter::default();
                report
                    .error(
                        0..0,
                        format!(
                            "a NetHack 3.6 level file needs a 3.6 game's tables and header, not {}",
                            options.game
                        ),
                    )
                    .help("use Game::nethack_367() or a 3.6 game tree");
                return Err(report.finish(path, source));
            }
            nh36::compile_with(source, path, options).map(|f| Blobs {
                levels: f
                    .levels
                    .into_iter()
                    .map(|l| blob(l.name, l.bytes))
                    .collect(),
                warnings: f.warnings,
            })
        }
    }
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

#[cfg(all(test, feature = "compile", not(feature = "nethack36")))]
mod without_nethack36 {
    use super::*;

    /// Run by `tests/it/features.rs` with the feature off.
    #[test]
    fn a_36_file_is_an_error_naming_the_feature() {
        let options = Options {
            dialect: Dialect::NetHack36,
            game: crate::Game::nethack_367(),
            ..Options::default()
        };
        let err = compile_levels("LEVEL: \"x\"\n", "x.des", &options).unwrap_err();
        let text = err.to_string();
        assert!(
            err.has_errors() && text.contains("`nethack36` feature"),
            "{text}"
        );
    }
}
