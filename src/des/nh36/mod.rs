//! The NetHack 3.6 `.des` language and its `.lev` format: `.des` in,
//! opcode programs out, byte-identical to 3.6.7's `lev_comp`.
//!
//! Pipeline: lexer (flex-compatible tokens) → parser (the statement rows
//! of `grammar` on the shared matcher; operands with chumsky; statements
//! nest in blocks) → code generation (variables typed in
//! source order, jumps patched, every check of `lev_comp`) → [`encode`].
//! A file goes through it a chunk of whole statements at a time, so a
//! long one is never held as tokens or as a syntax tree; a build's levels
//! are written as bytes while they are generated, without a program.
//! What the 3.4.3 compiler also does (diagnostics, byte writing, source
//! text) is shared with it, not copied.

mod codec;
#[cfg(feature = "nethack36")]
mod codegen;
#[cfg(feature = "nethack36")]
mod depth;
mod display;
#[cfg(feature = "nethack36")]
mod grammar;
#[cfg(feature = "nethack36")]
mod lexer;
#[cfg(feature = "nethack36")]
mod parser;
mod program;
#[cfg(feature = "nethack36")]
mod syntax;
#[cfg(feature = "nethack36")]
mod terrain;

pub use crate::binary::EncodeError;
pub use codec::{decode, encode};
pub use display::ProgramDisplay;
pub use program::{Instr, Opcode, Operand, Program};

#[cfg(feature = "nethack36")]
use crate::diag::{self, Diagnostics, Reporter};

#[cfg(feature = "nethack36")]
#[cfg_attr(docsrs, doc(cfg(feature = "nethack36")))]
/// One level of a compiled 3.6 file.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompiledLevel {
    /// Level name; the blob's file name is `NAME.lev`.
    pub name: String,
    /// The `.lev` bytes.
    pub bytes: Vec<u8>,
    /// The program the bytes encode.
    pub program: Program,
    /// The level is a random vault: its line of `vaults.dat`.
    pub random_vault: Option<super::RandomVault>,
}

#[cfg(feature = "nethack36")]
#[cfg_attr(docsrs, doc(cfg(feature = "nethack36")))]
/// Everything a 3.6 `.des` file produced.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompiledFile {
    /// The levels, in definition order.
    pub levels: Vec<CompiledLevel>,
    /// Warnings (never errors).
    pub warnings: Diagnostics,
}

#[cfg(feature = "nethack36")]
#[cfg_attr(docsrs, doc(cfg(feature = "nethack36")))]
/// Compiles 3.6 `.des` source for `options.game` and `options.layout`
/// (whatever `options.game`'s language). `path` is only used in messages.
///
/// # Errors
/// Every error of the file (with the warnings, in source order); no level
/// is returned then.
pub fn compile_with(
    source: &str,
    path: &str,
    options: &super::Options,
) -> Result<CompiledFile, Diagnostics> {
    let (compiled, mut report) = compile(
        source,
        options,
        codegen::Code::Program(Vec::new()),
        lexer::CHUNK_TOKENS,
    );
    let mut levels = Vec::with_capacity(compiled.len());
    if !report.has_errors() {
        for level in compiled {
            let codegen::Level::Program(program, random_vault) = level else {
                unreachable!("programs were asked for")
            };
            match encode(&program, &options.game, options.layout) {
                Ok(bytes) => levels.push(CompiledLevel {
                    name: program.name.clone(),
                    bytes,
                    program,
                    random_vault,
                }),
                Err(e) => cannot_encode(&program.name, &e, &mut report),
            }
        }
    }
    let diagnostics = report.finish(path, source);
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    Ok(CompiledFile {
        levels,
        warnings: diagnostics,
    })
}

/// As [`compile_with`], each level's bytes only: they are written as the
/// level is compiled, without its program (a few times their size).
#[cfg(feature = "nethack36")]
pub(crate) fn compile_blobs(
    source: &str,
    path: &str,
    options: &super::Options,
) -> Result<super::Blobs, Diagnostics> {
    let code = codegen::Code::Bytes(codegen::Lev::new(&options.game, options.layout));
    let (compiled, mut report) = compile(source, options, code, lexer::CHUNK_TOKENS);
    let mut levels = Vec::with_capacity(compiled.len());
    if !report.has_errors() {
        for level in compiled {
            let codegen::Level::Bytes(name, bytes, random_vault) = level else {
                unreachable!("bytes were asked for")
            };
            match bytes {
                Ok(bytes) => levels.push(super::Blob {
                    name,
                    bytes,
                    random_vault,
                }),
                Err(e) => cannot_encode(&name, &e, &mut report),
            }
        }
    }
    let diagnostics = report.finish(path, source);
    if diagnostics.has_errors() {
        return Err(diagnostics);
    }
    Ok(super::Blobs {
        levels: super::Blobs::written_over(levels),
        warnings: diagnostics,
    })
}

#[cfg(feature = "nethack36")]
fn cannot_encode(name: &str, e: &EncodeError, report: &mut Reporter) {
    report.error(0..0, format!("Level \"{}\" cannot be encoded: {e}", name));
}

/// Compiles `source` into its levels, each as `code` keeps it, and the
/// diagnostics. The file is read, parsed and compiled a chunk of whole
/// statements (`chunk_tokens` tokens or more) at a time
/// ([`lexer::Chunks`]), so its tokens and syntax
/// tree are never all held at once; the diagnostics are recorded by phase
/// and joined in the order a pass over the whole file records them
/// (which decides what is kept past the limits of [`Reporter`]): the
/// scanner's, then the parser's, then the code generator's.
#[cfg(feature = "nethack36")]
fn compile(
    source: &str,
    options: &super::Options,
    code: codegen::Code,
    chunk_tokens: usize,
) -> (Vec<codegen::Level>, Reporter) {
    let game = &options.game;
    let reporter = || {
        let mut r = Reporter::default();
        r.extra_warnings_36(options.extra_warnings);
        r
    };
    let (mut scanning, mut parsing, mut generating) = (reporter(), reporter(), reporter());
    let mut carry = codegen::Carry::new(code);
    let mut levels = Vec::new();
    // Why the statements are no longer parsed: the file nests deeper than
    // levbuild compiles (reported once the whole file is measured), no
    // stack can be had for a chunk, or the parse of the file ended at a
    // token that starts no statement (see `parser::parse`).
    let mut too_deep = false;
    let mut no_stack = None;
    let mut stopped = false;
    let lang = grammar::for_game(game);
    let lexis = lexer::Lexis::of(game);
    let forms = parser::OperandForms::of(game);
    let (nesting, lexed) = lexer::with_chunks(source, lang, lexis, chunk_tokens, |mut chunks| {
        while let Some(chunk) = chunks.next_chunk() {
            let own = chunk.tokens.len() - usize::from(!chunk.last);
            let percent_checked = game.format().level_rules.percent_checked;
            check_numbers(source, &chunk.tokens[..own], percent_checked, &mut scanning);
            check_token_lengths(&chunk.tokens[..own], &mut scanning);
            let deepest = &chunks.meter.deepest;
            too_deep |=
                deepest.open > depth::REFERENCE_OPEN_LIMIT || deepest.depth > depth::DEPTH_LIMIT;
            if too_deep || no_stack.is_some() || stopped {
                continue;
            }
            let tokens = chunk.tokens;
            let (maps, parsing, generating, carry, levels) = (
                chunks.maps(),
                &mut parsing,
                &mut generating,
                &mut carry,
                &mut levels,
            );
            let parsed = depth::with_stack_for(chunk.depth, move || {
                let Some(stmts) =
                    parser::parse(lang, forms, &tokens, source.len(), chunk.last, parsing)
                else {
                    return false;
                };
                carry.generate(&stmts, maps, game, generating, &mut |l| levels.push(l));
                true
            });
            match parsed {
                Ok(parsed) => stopped = !parsed,
                Err(e) => no_stack = Some(e),
            }
        }
        chunks.finish()
    });
    let mut report = reporter();
    lexed.warn_if_ended(source, &mut report);
    for span in &lexed.long_comments {
        token_too_long(span, "a comment line", &mut report);
    }
    report.append(scanning);
    if nesting.open > depth::REFERENCE_OPEN_LIMIT {
        report
            .error(nesting.at.clone(), "yacc stack overflow")
            .label(format!(
                "{} brackets open here: 3.6.7's lev_comp holds {} parser states",
                nesting.open,
                depth::REFERENCE_OPEN_LIMIT
            ));
        return (Vec::new(), report);
    }
    if nesting.depth > depth::DEPTH_LIMIT {
        report
            .error(
                nesting.at.clone(),
                format!(
                    "nested too deeply: {} levels of brackets and operators",
                    nesting.depth
                ),
            )
            .label(format!(
                "levbuild compiles nesting up to {} levels",
                depth::DEPTH_LIMIT
            ));
        return (Vec::new(), report);
    }
    if let Some(e) = no_stack {
        report.error(
            nesting.at.clone(),
            format!("nested too deeply for a stack this system gives: {e}"),
        );
        return (Vec::new(), report);
    }
    report.append(parsing);
    if stopped {
        // The whole file's parse has no statements then.
        return (Vec::new(), report);
    }
    carry.end(game, &mut generating, &mut |l| levels.push(l));
    report.append(generating);
    (levels, report)
}

/// Tokens too long for 3.6's token buffer: its scanner copies every token
/// but dice and map rows into `curr_token[512]`, writing past it from 512
/// bytes on (its own memory corruption: levbuild refuses them).
#[cfg(feature = "nethack36")]
fn check_token_lengths(tokens: &[(lexer::Tok<'_>, diag::Span)], report: &mut Reporter) {
    use lexer::Tok;
    for (t, span) in tokens {
        let saved = !matches!(t, Tok::Dice(..) | Tok::Map(_));
        if saved && span.len() >= crate::des::scan::TOKEN_BUFFER {
            token_too_long(span, "a token", report);
        }
    }
}

/// The error of a token or comment line of `span` past 3.6's buffer.
#[cfg(feature = "nethack36")]
fn token_too_long(span: &diag::Span, what: &str, report: &mut Reporter) {
    report
        .error(
            span.start..span.start + 1,
            format!(
                "{what} of {} bytes: lev_comp's token buffer holds {}",
                span.len(),
                crate::des::scan::TOKEN_BUFFER - 1
            ),
        )
        .label(
            "3.6's lev_comp copies each token into a buffer of 512 bytes and writes past it \
             here (it corrupts its own memory)",
        );
}

/// The scanner's checks of numbers: `atoi` changing one (a warning), and
/// a percentage out of 0 to 100, which 3.6.7's scanner refuses as it
/// reads it.
#[cfg(feature = "nethack36")]
fn check_numbers(
    source: &str,
    tokens: &[(lexer::Tok<'_>, diag::Span)],
    percent_checked: bool,
    report: &mut Reporter,
) {
    use lexer::Tok;
    for (t, span) in tokens {
        if let Tok::Int(_)
        | Tok::MinusInt(_)
        | Tok::PlusInt(_)
        | Tok::Percent(_)
        | Tok::SPercent(_)
        | Tok::Dice(..) = t
        {
            crate::c_number::warn_if_changed(source, span.clone(), "lev_comp", report);
        }
        if let Tok::Percent(v) | Tok::SPercent(v) = t {
            if percent_checked && !(0..=100).contains(v) {
                report
                    .error(span.clone(), format!("Unexpected percentile '{v}%'"))
                    .label("a percentage is 0 to 100");
            }
        }
    }
}

#[cfg(all(test, feature = "nethack36"))]
mod tests {
    use super::*;
    use crate::des::Options;

    /// Every level's bytes and the rendered diagnostics of `source`
    /// compiled `chunk_tokens` at a time, to programs (then encoded) or
    /// straight to bytes.
    fn outcome(source: &str, chunk_tokens: usize, bytes: bool) -> (Vec<(String, Vec<u8>)>, String) {
        let options = Options::for_game(crate::Game::nethack_367());
        let code = if bytes {
            codegen::Code::Bytes(codegen::Lev::new(&options.game, options.layout))
        } else {
            codegen::Code::Program(Vec::new())
        };
        let (levels, report) = compile(source, &options, code, chunk_tokens);
        let levels = levels
            .into_iter()
            .map(|level| match level {
                codegen::Level::Program(p, _) => {
                    let bytes = encode(&p, &options.game, options.layout).unwrap();
                    (p.name, bytes)
                }
                codegen::Level::Bytes(name, bytes, _) => (name, bytes.unwrap()),
            })
            .collect();
        (levels, report.finish("x.des", source).render(false))
    }

    /// Chunks parse and compile as the whole file does: each pinned
    /// diagnostics case and each 3.6.7 file compiled one statement per
    /// chunk gives the same levels and diagnostics as in one chunk, and
    /// writing bytes directly the same bytes as encoding the program.
    #[test]
    fn chunks_compile_as_the_whole_file() {
        let mut checked = 0;
        for (path, source) in crate::des::test_sources("nh36", "nethack-3.6.7") {
            let whole = outcome(&source, usize::MAX, false);
            for bytes in [false, true] {
                let chunked = outcome(&source, 1, bytes);
                assert!(
                    chunked == whole,
                    "{} (bytes: {bytes}): {} levels, diagnostics:\n{}\nin one chunk {} levels:\n{}",
                    path.display(),
                    chunked.0.len(),
                    chunked.1,
                    whole.0.len(),
                    whole.1
                );
            }
            checked += 1;
        }
        assert!(checked > 500, "only {checked} files");
    }
}
