//! A statement's argument signature: a pattern over the token classes
//! `C` of a dialect, written as constant data.

/// A pattern of tokens. Every failure names what was expected by a human
/// label (`"a string"`, `` "`,`" ``); the matcher reports the failure that
/// got furthest, with the labels expected there merged.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Pat<C: 'static> {
    /// One token of class `C`, expected as the label.
    Tok(C, &'static str),
    /// An operand of class `C` that a dialect's
    /// [`Reader`](super::Reader) reads (an expression, a block): expected
    /// as the label where it fails at its start.
    #[cfg(feature = "nethack36")]
    Read(C, &'static str),
    /// Each pattern in turn.
    Seq(&'static [Pat<C>]),
    /// The first alternative that matches (an ordered choice).
    Alt(&'static [Pat<C>]),
    /// The pattern, or nothing.
    Opt(&'static Pat<C>),
    /// The pattern, zero or more times.
    Many(&'static Pat<C>),
    /// `item (sep item)*`, at least `min` and at most `max` items.
    SepBy {
        item: &'static Pat<C>,
        sep: &'static Pat<C>,
        min: usize,
        max: usize,
    },
    /// The pattern, expected as the label when it fails where it starts
    /// (its own expectations, when it fails further in, are kept).
    Label(&'static str, &'static Pat<C>),
    /// The pattern, its tokens captured as the argument of that name.
    Arg(&'static str, &'static Pat<C>),
}
