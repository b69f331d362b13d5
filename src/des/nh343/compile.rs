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
    /// The levels, in definition order (a level defined twice is here
    /// twice; [`crate::des::compile_levels`] gives the file lev_comp
    /// leaves for it).
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
    refuse_other_dialects(source, path, options)?;
    let mut report = Reporter::default();
    let levels = parse_and_check(source, options, lexer::CHUNK_TOKENS, None, &mut report);
    if report.has_errors() {
        report = looks_like_36(source, report);
    }
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

/// The error of compiling `source` as 3.4.3 with `options` of a game of
/// another family.
fn refuse_other_dialects(source: &str, path: &str, options: &Options) -> Result<(), Diagnostics> {
    let mut report = Reporter::default();
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
    Ok(())
}

/// A file that looks like a NetHack 3.6 one (`des::sniff`) fails as 3.4.3
/// with a cascade of syntax errors, one or more a line (#35): they are cut
/// to the first few, after one error, shown first, that says what the
/// file looks like and how to compile it as 3.6. `report` is returned as
/// it is for any other file.
fn looks_like_36(source: &str, mut report: Reporter) -> Reporter {
    /// The errors of compiling it as 3.4.3 shown after the note.
    const SHOWN: usize = 3;
    let Some((span, what)) = crate::des::sniff::nethack36_sign(source) else {
        return report;
    };
    let total = report.keep_first_errors(SHOWN);
    let how = "compile it as NetHack 3.6: `--dialect 3.6` on levbuild's command line, \
               `Build::game(Game::nethack_367())` or another 3.6 game \
               (a 3.6 game tree or identity file)";
    #[cfg(not(feature = "nethack36"))]
    let how = format!(
        "{how}, with levbuild's `nethack36` feature, which this levbuild was built without \
         (`levbuild = {{ version = \"0.1\", features = [\"nethack36\"] }}`)"
    );
    let mut note = Reporter::default();
    note.error(
        span,
        "this looks like a NetHack 3.6 level file, compiled as NetHack 3.4.3",
    )
    .label(format!("{what} is NetHack 3.6's"))
    .help(format!(
        "{how}; the first {} of its {total} errors as 3.4.3 follow",
        total.min(SHOWN)
    ))
    .lead();
    note.append(report);
    note
}

/// As [`compile_with`], each level's bytes only: each is encoded as it is
/// finished, so the typed levels of a long file are never all held.
pub(crate) fn compile_each(
    source: &str,
    path: &str,
    options: &Options,
    each: &mut dyn FnMut(crate::des::Blob),
) -> Result<Diagnostics, Diagnostics> {
    refuse_other_dialects(source, path, options)?;
    let mut report = Reporter::default();
    // Each level is encoded and handed over as soon as it is checked (the
    // caller drops them all if the file has an error); one that cannot be
    // encoded is an error of the file.
    let mut failed_encodes = Vec::new();
    let mut sink = |level: Level| match encode(&level, &options.game, options.layout) {
        Ok(bytes) => each(crate::des::Blob {
            name: level.name,
            bytes,
            random_vault: None,
        }),
        Err(e) => failed_encodes.push((level.name, e)),
    };
    parse_and_check(
        source,
        options,
        lexer::CHUNK_TOKENS,
        Some(&mut sink),
        &mut report,
    );
    if report.has_errors() {
        report = looks_like_36(source, report);
    } else {
        for (name, e) in failed_encodes {
            report.error(0..0, format!("Level \"{}\" cannot be encoded: {e}", name));
        }
    }
    let diagnostics = report.finish(path, source);
    match diagnostics.has_errors() {
        true => Err(diagnostics),
        false => Ok(diagnostics),
    }
}

/// Parses and checks `source` into typed levels without encoding them.
/// The levels are meaningful only if no error was reported. The file is
/// read, parsed and checked a chunk of whole statements at a time
/// ([`lexer::Chunks`]), so its tokens and statements are never all held
/// at once; the diagnostics are recorded by phase and joined in the order
/// a pass over the whole file records them (which decides what is kept
/// past the limits of [`Reporter`]): the scanner's, then the parser's,
/// then the checks'.
fn parse_and_check(
    source: &str,
    options: &Options,
    chunk_tokens: usize,
    sink: Option<&mut dyn FnMut(Level)>,
    report: &mut Reporter,
) -> Vec<Level> {
    let lang = grammar::for_game(&options.game);
    let (mut scanning, mut parsing, mut checking) = (
        Reporter::default(),
        Reporter::default(),
        Reporter::default(),
    );
    let (levels, lexed) = lexer::chunks(source, lang, chunk_tokens, |mut chunks| {
        let mut builder = sema::Builder::new(source, options, &mut checking);
        if let Some(sink) = sink {
            builder = builder.sending(sink);
        }
        while let Some(tokens) = chunks.next_chunk() {
            for (t, span) in &tokens {
                if matches!(t, lexer::Tok::Int(_) | lexer::Tok::Percent(_)) {
                    crate::c_number::warn_if_changed(
                        source,
                        span.clone(),
                        "lev_comp",
                        &mut scanning,
                    );
                }
            }
            let stmts = parser::parse(source, &tokens, lang, &mut parsing);
            for s in &stmts {
                builder.statement(s, chunks.maps());
            }
            // Every map block scanned so far is named by a statement of
            // this chunk or an earlier one: checked, its rows are not
            // needed again.
            chunks.release_maps();
        }
        (builder.finish(), chunks.finish())
    });
    lexed.warn_if_ended(source, report);
    report.append(scanning);
    report.append(parsing);
    report.append(checking);
    levels
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every level's bytes and the rendered diagnostics of `source`
    /// compiled `chunk_tokens` at a time.
    fn outcome(source: &str, chunk_tokens: usize) -> (Vec<(String, Vec<u8>)>, String) {
        let options = Options::default();
        let mut report = Reporter::default();
        let levels = parse_and_check(source, &options, chunk_tokens, None, &mut report);
        let levels = if report.has_errors() {
            Vec::new()
        } else {
            levels
                .into_iter()
                .map(|l| {
                    let bytes = encode(&l, &options.game, options.layout).unwrap();
                    (l.name, bytes)
                })
                .collect()
        };
        (levels, report.finish("x.des", source).render(false))
    }

    /// Chunks parse and check as the whole file does: each pinned
    /// diagnostics case and each 3.4.3 file compiled one statement per
    /// chunk gives the same levels and diagnostics as in one chunk.
    #[test]
    fn chunks_compile_as_the_whole_file() {
        let mut checked = 0;
        for (path, source) in crate::des::test_sources("nh343", "nethack-3.4.3") {
            let whole = outcome(&source, usize::MAX);
            let chunked = outcome(&source, 1);
            let options = Options::default();
            let blobs = match crate::des::compile_levels(&source, "x.des", &options) {
                Ok(b) => (
                    b.levels.into_iter().map(|l| (l.name, l.bytes)).collect(),
                    b.warnings.render(false),
                ),
                Err(d) => (Vec::new(), d.render(false)),
            };
            // The typed result keeps a level defined twice twice; the
            // blobs are the files lev_comp leaves.
            let typed = match compile_with(&source, "x.des", &options) {
                Ok(f) => (
                    crate::des::Blobs::written_over(
                        (f.levels.into_iter())
                            .map(|l| crate::des::Blob {
                                name: l.name,
                                bytes: l.bytes,
                                random_vault: None,
                            })
                            .collect(),
                    )
                    .into_iter()
                    .map(|l| (l.name, l.bytes))
                    .collect(),
                    f.warnings.render(false),
                ),
                Err(d) => (Vec::new(), d.render(false)),
            };
            assert!(blobs == typed, "{}: compile_levels differs", path.display());
            assert!(
                chunked == whole,
                "{}: {} levels, diagnostics:\n{}\nin one chunk {} levels:\n{}",
                path.display(),
                chunked.0.len(),
                chunked.1,
                whole.0.len(),
                whole.1
            );
            checked += 1;
        }
        assert!(checked > 400, "only {checked} files");
    }
}
