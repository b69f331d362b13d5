//! How deeply a 3.6 file nests, measured on its tokens as they are read,
//! before the statements they make are parsed: the parser, the code
//! generator and the syntax tree's drop all recurse once per level of
//! brackets, blocks and operator chains, so a deep file needs a deep
//! stack. Files that nest little (all real ones)
//! compile on the caller's thread; deeper ones on a thread with a stack
//! sized for them; files deeper than 3.6.7's own parser can hold are its
//! error, and anything deeper than levbuild can give a stack to is an
//! error too, never an abort.

use std::ops::Range;

use super::lexer::{Kw, Tok};

/// Brackets open at once that 3.6.7's `lev_comp` cannot hold: its yacc
/// stack has 500 entries and every open bracket takes at least one, so a
/// file nested deeper is one it rejects ("yacc stack overflow").
pub(super) const REFERENCE_OPEN_LIMIT: usize = 500;

/// The deepest nesting levbuild gives a stack to (about 1 GiB of it):
/// operator chains the reference reads at any length (`1+1+…`, which its
/// parser reduces as it goes) are compiled up to this length.
pub(super) const DEPTH_LIMIT: usize = 16_384;

/// Nesting the caller's stack holds (a thread of rayon's or Rust's
/// default 2 MiB is enough with a wide margin).
const INLINE_DEPTH: usize = 48;

/// Stack for each level of nesting, with a margin for unoptimised builds.
const STACK_PER_LEVEL: usize = 64 * 1024;

/// What [`measure`] found.
#[derive(Debug)]
pub(super) struct Nesting {
    /// An upper bound of the recursion the file causes: brackets open at
    /// once plus the longest run of operators within one statement.
    pub depth: usize,
    /// The most brackets open at once.
    pub open: usize,
    /// The token where the file is deepest.
    pub at: Range<usize>,
}

/// Measures the nesting of a file token by token.
#[derive(Debug)]
pub(super) struct Meter {
    /// Brackets open.
    open: usize,
    /// Operators since the statement keyword before them.
    run: usize,
    /// The deepest point so far.
    pub deepest: Nesting,
}

impl Default for Meter {
    fn default() -> Self {
        Meter {
            open: 0,
            run: 0,
            deepest: Nesting {
                depth: 0,
                open: 0,
                at: 0..0,
            },
        }
    }
}

impl Meter {
    /// Counts the next token of the file.
    pub(super) fn token(&mut self, tok: &Tok<'_>, span: &Range<usize>) {
        match tok {
            Tok::Punct(b'(' | b'[' | b'{') | Tok::RandomBracket => self.open += 1,
            Tok::Punct(b')' | b']' | b'}') => self.open = self.open.saturating_sub(1),
            Tok::Punct(b'+' | b'-' | b'*' | b'/' | b'%' | b'&' | b'|' | b'~' | b'.')
            | Tok::MinusInt(_)
            | Tok::PlusInt(_)
            | Tok::Compare(_)
            | Tok::Kw(Kw::Complement) => self.run += 1,
            Tok::Stmt(_) | Tok::Kw(Kw::Case | Kw::Default | Kw::Function) => self.run = 0,
            _ => {}
        }
        let deepest = &mut self.deepest;
        if self.open + self.run > deepest.depth || self.open > deepest.open {
            deepest.depth = deepest.depth.max(self.open + self.run);
            if self.open > deepest.open {
                deepest.open = self.open;
            }
            deepest.at = span.clone();
        }
    }

    /// The recursion the last token is at: brackets open plus the
    /// operators before it in its statement.
    pub(super) fn level(&self) -> usize {
        self.open + self.run
    }
}

/// Runs `work` with a stack deep enough for `depth` levels of nesting: on
/// this thread when it is shallow, else on a thread of its own.
///
/// # Errors
/// The system cannot give a thread that much stack.
pub(super) fn with_stack_for<T: Send>(
    depth: usize,
    work: impl FnOnce() -> T + Send,
) -> std::io::Result<T> {
    if depth <= INLINE_DEPTH {
        return Ok(work());
    }
    let stack = (2 << 20) + depth.saturating_mul(STACK_PER_LEVEL);
    std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .name("levbuild-deep-3.6".into())
            .stack_size(stack)
            .spawn_scoped(scope, work)?;
        Ok(handle
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
}
