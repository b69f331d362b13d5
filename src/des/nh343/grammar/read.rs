//! Reading the values of matched arguments from their tokens. The
//! pattern has already checked their shape; a token that is not where it
//! should be reads as a neutral value rather than a panic.

use crate::des::nh343::ir::{Direction, DoorState, Lighting};
use crate::des::nh343::lexer::Tok;
use crate::des::nh343::syntax::*;
use crate::diag::Span;

use super::words::{LEVREGION, RANDOM, REGION};

/// Tokens with their spans.
pub(crate) type Toks<'t, 'a> = &'t [(Tok<'a>, Span)];

pub(crate) use crate::statement::span_of as span;

/// `v` with the span of `t`.
fn at<T>(v: T, t: Toks<'_, '_>) -> Sp<T> {
    Sp { v, span: span(t) }
}

/// Whether the argument is `random`.
pub(crate) fn is_random(t: Toks<'_, '_>) -> bool {
    matches!(t.first(), Some((Tok::Word(w), _)) if *w == RANDOM)
}

/// The integer token at `t[0]`.
pub(crate) fn int(t: Toks<'_, '_>) -> Sp<i64> {
    let v = match t.first() {
        Some((Tok::Int(v), _)) => *v,
        _ => 0,
    };
    at(v, t.get(..1).unwrap_or(t))
}

/// The integer at `t[i]`.
fn int_at(t: Toks<'_, '_>, i: usize) -> Sp<i64> {
    int(t.get(i..).unwrap_or(&[]))
}

/// An integer, or `None` for `random`.
/// notnotdNetHack's `[skipcheck]` (`Some(false)`: no placed-in-wall
/// check) or `[noskipcheck]` (`Some(true)`), if given.
pub(crate) fn sanity(t: Toks<'_, '_>) -> Option<bool> {
    match t.first() {
        Some((Tok::Val(_, v), _)) => Some(*v != 0),
        _ => None,
    }
}

pub(crate) fn int_or_random(t: Toks<'_, '_>) -> Option<Sp<i64>> {
    (!is_random(t) && !t.is_empty()).then(|| int(t))
}

/// A string.
pub(crate) fn string<'a>(t: Toks<'_, 'a>) -> Sp<&'a str> {
    let v = match t.first() {
        Some((Tok::Str(s), _)) => *s,
        _ => "",
    };
    at(v, t)
}

/// A string, or `None` for `random` (or `none`).
pub(crate) fn name_or_random<'a>(t: Toks<'_, 'a>) -> NameOrRandom<'a> {
    matches!(t.first(), Some((Tok::Str(_), _))).then(|| string(t))
}

/// A character literal.
pub(crate) fn chr(t: Toks<'_, '_>) -> Sp<u8> {
    let v = match t.first() {
        Some((Tok::Char(c), _)) => *c,
        _ => 0,
    };
    at(v, t)
}

/// A character, or `None` for `random`.
pub(crate) fn chr_or_random(t: Toks<'_, '_>) -> Option<Sp<u8>> {
    (!is_random(t)).then(|| chr(t))
}

/// A value keyword's number, or `None` for `random`.
pub(crate) fn val(t: Toks<'_, '_>) -> OrRandom {
    match t.first() {
        Some((Tok::Val(_, v), _)) => Some(*v),
        _ => None,
    }
}

/// A `true`/`false` or `up`/`down` keyword.
pub(crate) fn flag(t: Toks<'_, '_>) -> bool {
    val(t).is_some_and(|v| v != 0)
}

/// `(x,y)` as a pair.
pub(crate) fn pair(t: Toks<'_, '_>) -> Sp<(i64, i64)> {
    at((int_at(t, 1).v, int_at(t, 3).v), t)
}

/// A pair, or `None` for `none` (a SLASH'EM place list entry).
pub(crate) fn pair_or_none(t: Toks<'_, '_>) -> Sp<Option<(i64, i64)>> {
    let p = matches!(t.first(), Some((Tok::Punct(b'('), _))).then(|| pair(t).v);
    at(p, t)
}

/// A pair, or `None` for `random`.
pub(crate) fn pair_or_random(t: Toks<'_, '_>) -> PairOrRandom {
    (!is_random(t)).then(|| pair(t))
}

/// `(x,y)`, `place[n]` or `random` (and SLASH'EM's `place[i][j]` and
/// `region[n]`).
pub(crate) fn coord(t: Toks<'_, '_>) -> Sp<Coord> {
    let c = match t.first() {
        Some((Tok::Punct(b'('), _)) => Coord::At(int_at(t, 1), int_at(t, 3)),
        Some((Tok::Word(w), _)) if *w == REGION => Coord::Region(int_at(t, 2)),
        // `place[i][j]`: two bracketed integers (notnotdNetHack's
        // `place[2] [skipcheck]` is `place[2]` and its sanity flag).
        Some((Tok::Word(w), _)) if *w != RANDOM && matches!(t.get(5), Some((Tok::Int(_), _))) => {
            Coord::PlaceIn(int_at(t, 2), int_at(t, 5))
        }
        Some((Tok::Word(w), _)) if *w != RANDOM => Coord::Place(int_at(t, 2)),
        _ => Coord::Random,
    };
    at(c, t)
}

/// `(x1,y1,x2,y2)`.
pub(crate) fn rect(t: Toks<'_, '_>) -> Rect {
    let mut v = [0; 4];
    for (slot, (tok, _)) in v.iter_mut().zip(t.iter().skip(1).step_by(2)) {
        if let Tok::Int(n) = tok {
            *slot = *n;
        }
    }
    at(v, t)
}

/// A region of the map or `levregion(…)`.
pub(crate) fn lev_rect(t: Toks<'_, '_>) -> LevRect {
    match t.first() {
        // `levregion()`.
        Some((Tok::Word(w), _)) if *w == LEVREGION && t.len() == 3 => LevRect::OffMap(span(t)),
        Some((Tok::Word(w), _)) if *w == LEVREGION => LevRect::Level(rect(&t[1..])),
        _ => LevRect::Map(rect(t)),
    }
}

/// A character, `random` or a register.
pub(crate) fn class(t: Toks<'_, '_>) -> Class {
    match t.first() {
        Some((Tok::Char(_), _)) => Class::Char(chr(t)),
        Some((Tok::Word(w), _)) if *w != RANDOM => Class::Register(int_at(t, 2)),
        _ => Class::Random,
    }
}

/// An alignment, a register or `random`.
pub(crate) fn align(t: Toks<'_, '_>) -> Align {
    match t.first() {
        Some((Tok::Align(a), _)) => Align::Value(*a),
        Some((Tok::Word(w), _)) if *w != RANDOM => Align::Register(int_at(t, 2)),
        _ => Align::Random,
    }
}

/// A door state (`random` is one).
pub(crate) fn door_state(t: Toks<'_, '_>) -> DoorState {
    match t.first() {
        Some((Tok::Door(d), _)) => *d,
        _ => DoorState::Random,
    }
}

/// A direction (`random` is one).
pub(crate) fn direction(t: Toks<'_, '_>) -> Direction {
    match t.first() {
        Some((Tok::Dir(d), _)) => *d,
        _ => Direction::Random,
    }
}

/// `lit`, `unlit` or `random`.
pub(crate) fn light(t: Toks<'_, '_>) -> Lighting {
    match t.first() {
        Some((Tok::Light(l), _)) => *l,
        _ => Lighting::Random,
    }
}

/// A MAP block's index and span.
pub(crate) fn map_block(t: Toks<'_, '_>) -> (usize, Span) {
    match t.first() {
        Some((Tok::Map(i), s)) => (*i, s.clone()),
        _ => (0, 0..0),
    }
}

/// `(room, wall, door)`.
pub(crate) fn corr_spec(t: Toks<'_, '_>) -> CorrSpec {
    CorrSpec {
        room: int_at(t, 1),
        wall: direction(t.get(3..).unwrap_or(&[])),
        door: int_or_random(t.get(5..6).unwrap_or(&[])),
    }
}

/// A chance `[n%]`, if given.
pub(crate) fn chance(t: Toks<'_, '_>) -> Option<Sp<i64>> {
    match t.first() {
        Some((Tok::Percent(v), _)) => Some(at(*v, t)),
        _ => None,
    }
}
