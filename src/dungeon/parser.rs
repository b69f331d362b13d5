//! The `dungeon.def` statement parser (chumsky over [`super::lexer`]
//! tokens). As for `.des` files, statement keywords only start statements,
//! so the tokens are cut before each one and each piece is parsed by its
//! keyword's parser; a piece that does not parse is reported and skipped.

use chumsky::prelude::*;

use super::lexer::{closest_keyword, word_text, Kw, Tok};
use crate::diag::{Reporter, Sp, Span};
use crate::parsing::{report_syntax_error, report_syntax_error_as, sp, statements, Tokens};

type In<'a> = Tokens<'a, Tok<'a>>;
type Extra<'a> = extra::Err<Rich<'a, Tok<'a>, SimpleSpan>>;
type P<'a, T> = Boxed<'a, 'a, In<'a>, T, Extra<'a>>;

/// `(base, rand)`.
pub(crate) type CoupleArg = Sp<(i64, i64)>;

/// One statement; the span covers all of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Stmt<'s> {
    pub kind: StmtKind<'s>,
    pub span: Span,
}

/// Statement kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum StmtKind<'s> {
    Dungeon {
        name: Sp<&'s str>,
        bones: Sp<&'s str>,
        depth: CoupleArg,
        chance: Option<Sp<i64>>,
    },
    Entry(Sp<i64>),
    Protofile(Sp<&'s str>),
    Description(Sp<i32>),
    Alignment(Sp<i32>),
    LevelDesc(Sp<i32>),
    LevAlign(Sp<i32>),
    /// LEVEL / RNDLEVEL (`rndlevs` is `Some` for RNDLEVEL).
    Level {
        name: Sp<&'s str>,
        bones: Sp<&'s str>,
        at: CoupleArg,
        chance: Option<Sp<i64>>,
        rndlevs: Option<Sp<i64>>,
    },
    /// CHAINLEVEL / RNDCHLEVEL.
    ChainLevel {
        name: Sp<&'s str>,
        bones: Sp<&'s str>,
        chain: Sp<&'s str>,
        at: CoupleArg,
        chance: Option<Sp<i64>>,
        rndlevs: Option<Sp<i64>>,
    },
    /// BRANCH (`chain` is `None`) / CHAINBRANCH.
    Branch {
        dest: Sp<&'s str>,
        chain: Option<Sp<&'s str>>,
        at: CoupleArg,
        kind: i32,
        up: bool,
        /// SLASH'EM's entry level after the direction.
        entry: Option<Sp<i64>>,
    },
    /// A statement that did not parse (already reported).
    Error,
}

/// Parses the tokens of a file into statements; `branch_entry`: a
/// `BRANCH` may end with an entry level (the game's `tmpbranch` has one).
pub(crate) fn parse<'a>(
    tokens: &'a [(Tok<'a>, SimpleSpan)],
    branch_entry: bool,
    report: &mut Reporter,
) -> Vec<Stmt<'a>> {
    let mut parsers: Vec<(Kw, P<'a, StmtKind<'a>>)> = Vec::new();
    let mut stmts = Vec::new();
    for (piece, span) in statements(tokens, |t| matches!(t, Tok::Kw(_))) {
        let (start, end) = (span.start, span.end);
        let first = &piece[0];
        let Tok::Kw(head) = first.0 else {
            let (_, word, _) = word_at(piece, 0);
            let found = match word.len() > 1 {
                true => format!("`{word}`"),
                false => first.0.to_string(),
            };
            report
                .error(start..end, "syntax error")
                .label(format!("found {found}, expected a statement keyword"));
            if let Some(k) = misspelt(&word, true) {
                report.help(format!("did you mean `{k}`?"));
            }
            continue;
        };
        let parser = match parsers.iter().position(|(k, _)| *k == head) {
            Some(i) => &parsers[i].1,
            None => {
                parsers.push((head, statement(head, branch_entry)));
                &parsers[parsers.len() - 1].1
            }
        };
        let (kind, errors) = parser.parse(Tokens::new(piece, end)).into_output_errors();
        for e in &errors {
            // A word that is no keyword is scanned a character at a time
            // (`LEVLE` is `L`, `E`, …): it is reported whole, and the
            // keyword it most likely stands for suggested.
            let at = piece.iter().position(|(_, s)| s.start == e.span().start);
            match at.map(|i| word_at(piece, i)) {
                Some((span, word, colon)) if word.len() > 1 => {
                    report_syntax_error_as(e, report, span, &format!("`{word}`"));
                    if let Some(k) = misspelt(&word, colon) {
                        report.help(format!("did you mean `{k}`?"));
                    }
                }
                _ => report_syntax_error(e, report),
            }
        }
        let kind = match kind {
            Some(kind) if errors.is_empty() => kind,
            _ => StmtKind::Error,
        };
        stmts.push(Stmt {
            kind,
            span: start..end,
        });
    }
    stmts
}

/// The word the token `piece[i]` is part of: the tokens around it that
/// touch it and may be part of a word (see `word_text`), their span, and
/// whether a `:` follows. Empty for a token that is no part of a word.
fn word_at(piece: &[(Tok<'_>, SimpleSpan)], i: usize) -> (Span, String, bool) {
    let in_word = |j: usize| piece.get(j).and_then(|(t, _)| word_text(t));
    let Some(_) = in_word(i) else {
        let span = piece.get(i).map_or(0..0, |(_, s)| s.into_range());
        return (span, String::new(), false);
    };
    let touches = |a: usize, b: usize| piece[a].1.end == piece[b].1.start;
    let mut first = i;
    while first > 0 && in_word(first - 1).is_some() && touches(first - 1, first) {
        first -= 1;
    }
    let mut last = i;
    while in_word(last + 1).is_some() && touches(last, last + 1) {
        last += 1;
    }
    let word: String = (first..=last).filter_map(in_word).collect();
    let colon = piece.get(last + 1).map(|(t, _)| t) == Some(&Tok::Punct(b':'));
    (piece[first].1.start..piece[last].1.end, word, colon)
}

/// The keyword a word that is none most likely stands for.
fn misspelt(word: &str, statement: bool) -> Option<&'static str> {
    match word.is_empty() {
        true => None,
        false => closest_keyword(word, statement),
    }
}

fn punct<'a>(c: u8) -> impl Parser<'a, In<'a>, (), Extra<'a>> + Clone {
    just(Tok::Punct(c)).ignored()
}

fn head<'a>(k: Kw) -> impl Parser<'a, In<'a>, (), Extra<'a>> + Clone {
    just(Tok::Kw(k)).ignored().then_ignore(punct(b':'))
}

fn int<'a>() -> impl Parser<'a, In<'a>, Sp<i64>, Extra<'a>> + Clone {
    select! { Tok::Int(v) => v }
        .map_with(|v, e| sp(v, e.span()))
        .labelled("an integer")
}

fn string<'a>() -> impl Parser<'a, In<'a>, Sp<&'a str>, Extra<'a>> + Clone {
    select! { Tok::Str(s) => s }
        .map_with(|s, e| sp(s, e.span()))
        .labelled("a string")
}

fn descriptor<'a>() -> P<'a, Sp<i32>> {
    select! { Tok::Descriptor(v) => v }
        .map_with(|v, e| sp(v, e.span()))
        .labelled("a descriptor or alignment")
        .boxed()
}

fn couple<'a>() -> P<'a, CoupleArg> {
    int()
        .then_ignore(punct(b','))
        .then(int())
        .delimited_by(punct(b'('), punct(b')'))
        .map_with(|(a, b), e| sp((a.v, b.v), e.span()))
        .labelled("a level couple (base, range)")
        .boxed()
}

/// The trailing `[chance] rndlevs` of RNDLEVEL / RNDCHLEVEL, or `[chance]`.
fn tail<'a>(
    random: bool,
) -> impl Parser<'a, In<'a>, (Option<Sp<i64>>, Option<Sp<i64>>), Extra<'a>> + Clone {
    int()
        .repeated()
        .at_most(if random { 2 } else { 1 })
        .collect::<Vec<_>>()
        .try_map(move |mut v, span| {
            Ok(match (random, v.len()) {
                (false, _) => (v.pop(), None),
                (true, 2) => {
                    let rnd = v.pop();
                    (v.pop(), rnd)
                }
                (true, 1) => (None, v.pop()),
                _ => return Err(Rich::custom(span, "expected the number of random variants")),
            })
        })
}

fn branch_tail<'a>() -> P<'a, (i32, bool)> {
    let kind = select! { Tok::BranchType(v) => v }
        .labelled("a branch type (stair, no_up, no_down, portal)");
    let dir = select! { Tok::UpDown(v) => v }.labelled("`up` or `down`");
    kind.or_not()
        .then(dir.or_not())
        .map(|(k, d)| (k.unwrap_or(0), d.unwrap_or(false)))
        .boxed()
}

/// A branch's optional entry level, where the game has one.
fn entry<'a>(branch_entry: bool) -> P<'a, Option<Sp<i64>>> {
    match branch_entry {
        true => int().or_not().boxed(),
        false => empty().to(None).boxed(),
    }
}

/// The parser of the statement `k` starts; it consumes the whole piece.
fn statement<'a>(k: Kw, branch_entry: bool) -> P<'a, StmtKind<'a>> {
    let p: P<'a, StmtKind<'a>> = match k {
        Kw::Dungeon => head(k)
            .ignore_then(string())
            .then(string())
            .then(couple())
            .then(int().or_not())
            .map(|(((name, bones), depth), chance)| StmtKind::Dungeon {
                name,
                bones,
                depth,
                chance,
            })
            .boxed(),
        Kw::Entry => head(k).ignore_then(int()).map(StmtKind::Entry).boxed(),
        Kw::Protofile => head(k)
            .ignore_then(string())
            .map(StmtKind::Protofile)
            .boxed(),
        Kw::Description => head(k)
            .ignore_then(descriptor())
            .map(StmtKind::Description)
            .boxed(),
        Kw::Alignment => head(k)
            .ignore_then(descriptor())
            .map(StmtKind::Alignment)
            .boxed(),
        Kw::LevelDesc => head(k)
            .ignore_then(descriptor())
            .map(StmtKind::LevelDesc)
            .boxed(),
        Kw::LevAlign => head(k)
            .ignore_then(descriptor())
            .map(StmtKind::LevAlign)
            .boxed(),
        Kw::Level | Kw::RndLevel => head(k)
            .ignore_then(string())
            .then(string())
            .then_ignore(punct(b'@'))
            .then(couple())
            .then(tail(k == Kw::RndLevel))
            .map(|(((name, bones), at), (chance, rndlevs))| StmtKind::Level {
                name,
                bones,
                at,
                chance,
                rndlevs,
            })
            .boxed(),
        Kw::ChainLevel | Kw::RndChainLevel => head(k)
            .ignore_then(string())
            .then(string())
            .then(string())
            .then_ignore(punct(b'+'))
            .then(couple())
            .then(tail(k == Kw::RndChainLevel))
            .map(
                |((((name, bones), chain), at), (chance, rndlevs))| StmtKind::ChainLevel {
                    name,
                    bones,
                    chain,
                    at,
                    chance,
                    rndlevs,
                },
            )
            .boxed(),
        Kw::Branch => head(k)
            .ignore_then(string())
            .then_ignore(punct(b'@'))
            .then(couple())
            .then(branch_tail())
            .then(entry(branch_entry))
            .map(|(((dest, at), (kind, up)), entry)| StmtKind::Branch {
                dest,
                chain: None,
                at,
                kind,
                up,
                entry,
            })
            .boxed(),
        Kw::ChainBranch => head(k)
            .ignore_then(string())
            .then(string())
            .then_ignore(punct(b'+'))
            .then(couple())
            .then(branch_tail())
            .then(entry(branch_entry))
            .map(
                |((((dest, chain), at), (kind, up)), entry)| StmtKind::Branch {
                    dest,
                    chain: Some(chain),
                    at,
                    kind,
                    up,
                    entry,
                },
            )
            .boxed(),
    };
    p.then_ignore(end()).boxed()
}
