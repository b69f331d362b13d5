//! The statement table of `dgn_comp.y`: one row per statement, its
//! arguments as patterns of [`super::lexer`] tokens, applied by the shared
//! matcher ([`crate::statement`]).

use super::lexer::Tok;
use super::parser::StmtKind;
use crate::diag::{Sp, Span};
use crate::statement::{span_of as span, Args, Pat, Row, Token};

/// The token classes the arguments name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    Punct(u8),
    Int,
    Str,
    Descriptor,
    BranchType,
    UpDown,
}

impl Token for Tok<'_> {
    type Class = Class;

    fn is(&self, class: &Class) -> bool {
        match (self, class) {
            (Tok::Punct(a), Class::Punct(b)) => a == b,
            (Tok::Int(_), Class::Int)
            | (Tok::Str(_), Class::Str)
            | (Tok::Descriptor(..), Class::Descriptor)
            | (Tok::BranchType(_), Class::BranchType)
            | (Tok::UpDown(_), Class::UpDown) => true,
            _ => false,
        }
    }
}

/// Builds a statement from its matched arguments.
pub(crate) type Build = for<'t, 'a> fn(&Args<'t, Tok<'a>>) -> StmtKind<'a>;

/// A `dungeon.def` statement row (no placement: sema checks the order).
pub(crate) type R = Row<Class, Build, ()>;

type P = Pat<Class>;

const COLON: P = Pat::Tok(Class::Punct(b':'), "`:`");
const AT: P = Pat::Tok(Class::Punct(b'@'), "`@`");
const PLUS: P = Pat::Tok(Class::Punct(b'+'), "`+`");
const INT: P = Pat::Tok(Class::Int, "an integer");
const STRING: P = Pat::Tok(Class::Str, "a string");
const DESCRIPTOR: P = Pat::Tok(Class::Descriptor, "a descriptor or alignment");
/// `(base, range)`.
const COUPLE: P = Pat::Label(
    "a level couple (base, range)",
    &Pat::Seq(&[
        Pat::Tok(Class::Punct(b'('), "`(`"),
        INT,
        Pat::Tok(Class::Punct(b','), "`,`"),
        INT,
        Pat::Tok(Class::Punct(b')'), "`)`"),
    ]),
);
/// A level's optional chance.
const CHANCE: P = Pat::Opt(&Pat::Arg("chance", &INT));
/// RNDLEVEL's and RNDCHLEVEL's `[chance] count`.
const RANDOM_TAIL: P = Pat::Label(
    "the number of random variants",
    &Pat::Alt(&[
        Pat::Seq(&[Pat::Arg("chance", &INT), Pat::Arg("count", &INT)]),
        Pat::Arg("count", &INT),
    ]),
);
/// A branch's optional type and direction.
const BRANCH_TAIL: P = Pat::Seq(&[
    Pat::Opt(&Pat::Arg(
        "type",
        &Pat::Tok(
            Class::BranchType,
            "a branch type (stair, no_up, no_down, portal)",
        ),
    )),
    Pat::Opt(&Pat::Arg(
        "direction",
        &Pat::Tok(Class::UpDown, "`up` or `down`"),
    )),
]);

const fn row(keyword: &'static str, args: P, build: Build) -> R {
    Row {
        keyword,
        also: &[],
        name: keyword,
        args,
        build,
        place: (),
    }
}

/// Every `dungeon.def` statement.
pub(crate) const ROWS: &[R] = &[
    row(
        "DUNGEON",
        Pat::Seq(&[
            COLON,
            Pat::Arg("name", &STRING),
            Pat::Arg("bones identifier", &STRING),
            Pat::Arg("depth", &COUPLE),
            CHANCE,
        ]),
        |a| StmtKind::Dungeon {
            name: string(a.get("name")),
            bones: string(a.get("bones identifier")),
            depth: couple(a.get("depth")),
            chance: opt_int(a.get("chance")),
        },
    ),
    row("ENTRY", Pat::Seq(&[COLON, Pat::Arg("level", &INT)]), |a| {
        StmtKind::Entry(int(a.get("level")))
    }),
    row(
        "PROTOFILE",
        Pat::Seq(&[COLON, Pat::Arg("name", &STRING)]),
        |a| StmtKind::Protofile(string(a.get("name"))),
    ),
    row("DESCRIPTION", DESCRIPTOR_ONLY, |a| {
        StmtKind::Description(descriptor(a))
    }),
    row("ALIGNMENT", DESCRIPTOR_ONLY, |a| {
        StmtKind::Alignment(descriptor(a))
    }),
    row("LEVELDESC", DESCRIPTOR_ONLY, |a| {
        StmtKind::LevelDesc(descriptor(a))
    }),
    row("LEVALIGN", DESCRIPTOR_ONLY, |a| {
        StmtKind::LevAlign(descriptor(a))
    }),
    row(
        "LEVEL",
        Pat::Seq(&[COLON, NAME_BONES, AT, Pat::Arg("place", &COUPLE), CHANCE]),
        level,
    ),
    row(
        "RNDLEVEL",
        Pat::Seq(&[
            COLON,
            NAME_BONES,
            AT,
            Pat::Arg("place", &COUPLE),
            RANDOM_TAIL,
        ]),
        level,
    ),
    row(
        "CHAINLEVEL",
        Pat::Seq(&[
            COLON,
            NAME_BONES,
            Pat::Arg("chain", &STRING),
            PLUS,
            Pat::Arg("place", &COUPLE),
            CHANCE,
        ]),
        chain_level,
    ),
    row(
        "RNDCHLEVEL",
        Pat::Seq(&[
            COLON,
            NAME_BONES,
            Pat::Arg("chain", &STRING),
            PLUS,
            Pat::Arg("place", &COUPLE),
            RANDOM_TAIL,
        ]),
        chain_level,
    ),
    row(
        "BRANCH",
        Pat::Seq(&[
            COLON,
            Pat::Arg("destination", &STRING),
            AT,
            Pat::Arg("place", &COUPLE),
            BRANCH_TAIL,
        ]),
        branch,
    ),
    row(
        "CHAINBRANCH",
        Pat::Seq(&[
            COLON,
            Pat::Arg("destination", &STRING),
            Pat::Arg("chain", &STRING),
            PLUS,
            Pat::Arg("place", &COUPLE),
            BRANCH_TAIL,
        ]),
        branch,
    ),
];

/// SLASH'EM's `BRANCH` and `CHAINBRANCH`, which end with the entry level of
/// the dungeon they lead to: the rows of a game whose `tmpbranch` has an
/// `entry_lev` (they replace the rows of the same keyword).
pub(crate) const ENTRY_LEVEL_ROWS: &[R] = &[
    row(
        "BRANCH",
        Pat::Seq(&[
            COLON,
            Pat::Arg("destination", &STRING),
            AT,
            Pat::Arg("place", &COUPLE),
            BRANCH_TAIL,
            ENTRY_LEVEL,
        ]),
        branch,
    ),
    row(
        "CHAINBRANCH",
        Pat::Seq(&[
            COLON,
            Pat::Arg("destination", &STRING),
            Pat::Arg("chain", &STRING),
            PLUS,
            Pat::Arg("place", &COUPLE),
            BRANCH_TAIL,
            ENTRY_LEVEL,
        ]),
        branch,
    ),
];

/// A branch's optional entry level (SLASH'EM).
const ENTRY_LEVEL: P = Pat::Opt(&Pat::Arg("entry level", &INT));

/// `: descriptor`.
const DESCRIPTOR_ONLY: P = Pat::Seq(&[COLON, Pat::Arg("descriptor", &DESCRIPTOR)]);
/// A level's `"name" "bones identifier"`.
const NAME_BONES: P = Pat::Seq(&[
    Pat::Arg("name", &STRING),
    Pat::Arg("bones identifier", &STRING),
]);

type Toks<'t, 'a> = &'t [(Tok<'a>, Span)];

fn int(t: Toks<'_, '_>) -> Sp<i64> {
    let v = match t.first() {
        Some((Tok::Int(v), _)) => *v,
        _ => 0,
    };
    Sp { v, span: span(t) }
}

/// An integer, if given.
fn opt_int(t: Toks<'_, '_>) -> Option<Sp<i64>> {
    (!t.is_empty()).then(|| int(t))
}

fn string<'a>(t: Toks<'_, 'a>) -> Sp<&'a str> {
    let v = match t.first() {
        Some((Tok::Str(s), _)) => *s,
        _ => "",
    };
    Sp { v, span: span(t) }
}

/// `(base, range)`.
fn couple(t: Toks<'_, '_>) -> Sp<(i64, i64)> {
    let at = |i: usize| int(t.get(i..).unwrap_or(&[])).v;
    Sp {
        v: (at(1), at(3)),
        span: span(t),
    }
}

fn descriptor(a: &Args<'_, Tok<'_>>) -> Sp<i32> {
    let t = a.get("descriptor");
    let v = match t.first() {
        Some((Tok::Descriptor(_, v), _)) => *v,
        _ => 0,
    };
    Sp { v, span: span(t) }
}

/// LEVEL and RNDLEVEL (`rndlevs` is `Some` for RNDLEVEL).
fn level<'a>(a: &Args<'_, Tok<'a>>) -> StmtKind<'a> {
    StmtKind::Level {
        name: string(a.get("name")),
        bones: string(a.get("bones identifier")),
        at: couple(a.get("place")),
        chance: opt_int(a.get("chance")),
        rndlevs: opt_int(a.get("count")),
    }
}

/// CHAINLEVEL and RNDCHLEVEL.
fn chain_level<'a>(a: &Args<'_, Tok<'a>>) -> StmtKind<'a> {
    StmtKind::ChainLevel {
        name: string(a.get("name")),
        bones: string(a.get("bones identifier")),
        chain: string(a.get("chain")),
        at: couple(a.get("place")),
        chance: opt_int(a.get("chance")),
        rndlevs: opt_int(a.get("count")),
    }
}

/// BRANCH (`chain` is `None`) and CHAINBRANCH.
fn branch<'a>(a: &Args<'_, Tok<'a>>) -> StmtKind<'a> {
    let chain = a.get("chain");
    StmtKind::Branch {
        dest: string(a.get("destination")),
        chain: (!chain.is_empty()).then(|| string(chain)),
        at: couple(a.get("place")),
        kind: match a.get("type").first() {
            Some((Tok::BranchType(v), _)) => *v,
            _ => 0,
        },
        up: matches!(a.get("direction").first(), Some((Tok::UpDown(true), _))),
        entry: opt_int(a.get("entry level")),
    }
}
