//! Compiling 3.4.3 `.des` source: parse, check, encode.

use super::ir::Level;
use super::{encode, grammar, lexer, parser, sema};
use crate::des::{Dialect, Options};
use crate::diag::{Diagnostics, Reporter};

/// One level of a compiled file.
#[cfg_attr(docsrs, doc(cfg(feature = "compile")))]
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

/// Everything a `.des` file produced.
#[cfg_attr(docsrs, doc(cfg(feature = "compile")))]
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompiledFile {
    /// The levels, in definition order.
    pub levels: Vec<CompiledLevel>,
    /// Warnings (never errors).
    pub warnings: Diagnostics,
}

/// Compiles `.des` source with default [`Options`]. `path` is only used in
/// messages.
///
/// # Errors
/// As [`compile_with`].
#[cfg_attr(docsrs, doc(cfg(feature = "compile")))]
pub fn compile(source: &str, path: &str) -> Result<CompiledFile, Diagnostics> {
    compile_with(source, path, &Options::default())
}

/// Compiles `.des` source. On any error, no level is returned and the
/// diagnostics (errors and warnings, in source order) are the `Err`.
///
/// # Errors
/// Every error of the file, with its warnings; a dialect other than
/// 3.4.3 in `options` is one (see [`crate::des::compile_levels`]).
#[cfg_attr(docsrs, doc(cfg(feature = "compile")))]
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
    if options.game.dialect() != Dialect::NetHack343 {
        report
            .error(
                0..0,
                format!(
                    "a NetHack 3.4.3-family level file needs a game of that family's tables \
                     and header, not {}",
                    options.game
                ),
            )
            .help("use Game::nethack_343(), or a 3.4.3-family game tree or identity file");
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

/// Parses and checks `source` into typed levels without encoding them.
/// The levels are meaningful only if no error was reported.
fn parse_and_check(source: &str, options: &Options, report: &mut Reporter) -> Vec<Level> {
    let lang = grammar::for_game(&options.game);
    let lexed = lexer::lex(source, lang);
    lexed.warn_if_ended(source, report);
    let lexer::Lexed { tokens, maps, .. } = lexed;
    for (t, span) in &tokens {
        if matches!(t, lexer::Tok::Int(_) | lexer::Tok::Percent(_)) {
            crate::c_number::warn_if_changed(source, span.clone(), "lev_comp", report);
        }
    }
    let stmts = parser::parse(source, &tokens, lang, report);
    sema::build(source, &stmts, &maps, options, report)
}
