//! The NetHack 3.6 `.des` language and its `.lev` format: `.des` in,
//! opcode programs out, byte-identical to 3.6.7's `lev_comp`.
//!
//! Pipeline: lexer (flex-compatible tokens) → parser (chumsky, recursive:
//! statements nest in blocks) → code generation (variables typed in
//! source order, jumps patched, every check of `lev_comp`) → [`encode`].
//! What the 3.4.3 compiler also does (diagnostics, byte writing, source
//! text) is shared with it, not copied.

mod codec;
#[cfg(feature = "nethack36")]
mod codegen;
#[cfg(feature = "nethack36")]
mod depth;
mod display;
#[cfg(feature = "nethack36")]
mod lexer;
#[cfg(feature = "nethack36")]
mod parser;
mod program;
#[cfg(feature = "nethack36")]
mod syntax;
#[cfg(feature = "nethack36")]
mod terrain;

pub use codec::{decode, encode};
pub use display::ProgramDisplay;
pub use program::{Instr, Opcode, Operand, Program};

#[cfg(feature = "nethack36")]
use crate::diag::{Diagnostics, Reporter};

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
/// (`options.dialect` is not consulted). `path` is only used in messages.
///
/// # Errors
/// Every error of the file (with the warnings, in source order); no level
/// is returned then.
pub fn compile_with(
    source: &str,
    path: &str,
    options: &super::Options,
) -> Result<CompiledFile, Diagnostics> {
    let mut report = Reporter::default();
    let lexed = lexer::lex(source);
    lexed.warn_if_ended(source, &mut report);
    let lexer::Lexed { tokens, maps, .. } = lexed;
    for (t, span) in &tokens {
        use lexer::Tok;
        if let Tok::Int(_)
        | Tok::MinusInt(_)
        | Tok::PlusInt(_)
        | Tok::Percent(_)
        | Tok::SPercent(_)
        | Tok::Dice(..) = t
        {
            crate::c_number::warn_if_changed(source, span.clone(), "lev_comp", &mut report);
        }
        // 3.6.7's scanner checks every percentage as it reads it.
        if let Tok::Percent(v) | Tok::SPercent(v) = t {
            if !(0..=100).contains(v) {
                report
                    .error(span.clone(), format!("Unexpected percentile '{v}%'"))
                    .label("a percentage is 0 to 100");
            }
        }
    }
    let tokens: Vec<_> = tokens
        .into_iter()
        .map(|(t, s)| (t, chumsky::span::SimpleSpan::from(s)))
        .collect();
    let nesting = depth::measure(&tokens);
    let programs = if nesting.open > depth::REFERENCE_OPEN_LIMIT {
        report
            .error(nesting.at.clone(), "yacc stack overflow")
            .label(format!(
                "{} brackets open here: 3.6.7's lev_comp holds {} parser states",
                nesting.open,
                depth::REFERENCE_OPEN_LIMIT
            ));
        Vec::new()
    } else if nesting.depth > depth::DEPTH_LIMIT {
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
        Vec::new()
    } else {
        let (game, inner) = (&options.game, &mut report);
        let compiled = depth::with_stack_for(nesting.depth, move || {
            let stmts = parser::parse(&tokens, source.len(), inner);
            codegen::generate(&stmts, &maps, game, inner)
        });
        match compiled {
            Ok(programs) => programs,
            Err(e) => {
                report.error(
                    nesting.at.clone(),
                    format!("nested too deeply for a stack this system gives: {e}"),
                );
                Vec::new()
            }
        }
    };
    let mut names = std::collections::HashSet::new();
    for p in &programs {
        if !names.insert(p.name.as_str()) {
            report.error(
                0..0,
                format!("Level \"{}\" is defined twice in this file", p.name),
            );
        }
    }
    let mut levels = Vec::with_capacity(programs.len());
    if !report.has_errors() {
        for program in programs {
            match encode(&program, &options.game, options.layout) {
                Ok(bytes) => levels.push(CompiledLevel {
                    name: program.name.clone(),
                    bytes,
                    program,
                }),
                Err(e) => {
                    report.error(
                        0..0,
                        format!("Level \"{}\" cannot be encoded: {e}", program.name),
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
        levels,
        warnings: diagnostics,
    })
}
