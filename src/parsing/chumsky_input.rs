//! What the chumsky grammar (NetHack 3.6's operands) needs: its
//! token-list input and spanned values.

use std::ops::{Range, RangeFrom};

use chumsky::input::{ExactSizeInput, Input, ValueInput};
use chumsky::span::SimpleSpan;

use crate::diag::{Sp, Span};

/// A lexed token list as chumsky input: tokens by value, spans in bytes of
/// the source.
///
/// It behaves as chumsky's `split_token_span` over the same list would (a
/// span runs from the start of its first token to the end of the last one
/// consumed; past the last token it is `eoi`), but it is one plain type:
/// every combinator over it is type-checked and instantiated over
/// `usize` cursors instead of a mapped input's nested generic types, which
/// is most of what the parsers cost a user's clean build.
#[derive(Clone, Copy)]
pub(crate) struct Tokens<'a, T> {
    tokens: &'a [(T, Span)],
    eoi: usize,
}

impl<'a, T> Tokens<'a, T> {
    /// `tokens`, ending at byte `eoi` (where the end of input is reported).
    pub(crate) fn new(tokens: &'a [(T, Span)], eoi: usize) -> Self {
        Tokens { tokens, eoi }
    }
}

impl<'a, T: Clone + 'a> Input<'a> for Tokens<'a, T> {
    type Span = SimpleSpan;
    type Token = T;
    type MaybeToken = T;
    type Cursor = usize;
    type Cache = Self;

    fn begin(self) -> (usize, Self) {
        (0, self)
    }

    fn cursor_location(cursor: &usize) -> usize {
        *cursor
    }

    unsafe fn next_maybe(this: &mut Self, cursor: &mut usize) -> Option<T> {
        let (token, _) = this.tokens.get(*cursor)?;
        *cursor += 1;
        Some(token.clone())
    }

    unsafe fn span(this: &mut Self, range: Range<&usize>) -> SimpleSpan {
        match this.tokens.get(*range.start) {
            Some((_, first)) => {
                let end = match *range.end {
                    0 => this.eoi,
                    n => this.tokens[n - 1].1.end,
                };
                SimpleSpan::from(first.start..end)
            }
            None => SimpleSpan::from(this.eoi..this.eoi),
        }
    }
}

impl<'a, T: Clone + 'a> ExactSizeInput<'a> for Tokens<'a, T> {
    unsafe fn span_from(this: &mut Self, range: RangeFrom<&usize>) -> SimpleSpan {
        let start = this
            .tokens
            .get(*range.start)
            .map_or(this.eoi, |(_, s)| s.start);
        SimpleSpan::from(start..this.eoi)
    }
}

impl<'a, T: Clone + 'a> ValueInput<'a> for Tokens<'a, T> {
    unsafe fn next(this: &mut Self, cursor: &mut usize) -> Option<T> {
        Self::next_maybe(this, cursor)
    }
}

/// A parsed value with the source span chumsky gives it.
pub(crate) fn sp<T>(v: T, span: SimpleSpan) -> Sp<T> {
    Sp {
        v,
        span: span.into_range(),
    }
}
