//! Argument values in their stored form: numbers in their C field types
//! (the low bits kept, as lev_comp does), registers, chances, classes,
//! alignments, room types and strings, each with lev_comp's checks.

use crate::des::nh343::ir::*;
use crate::des::nh343::syntax::*;
use crate::diag::{warn, Reporter};
use crate::game::{Game, RecordKind};
use crate::suggest;

/// Entries in a register list.
pub(super) const MAX_REGISTERS: i64 = 10;
/// `random` coordinates and classes.
pub(super) const RANDOM: i8 = RANDOM_COORD;

/// `v` in a signed byte field, as lev_comp stores it (C's conversion keeps
/// the low bits), with a warning saying what is stored when it does not
/// fit.
pub(super) fn byte(report: &mut Reporter, v: &Sp<i64>) -> i8 {
    converted(report, v, "-128..127")
}

/// `v` converted to the field type `T` as C converts an `int` (the low
/// bits kept), with a warning when that changes the value.
pub(super) fn converted<T>(report: &mut Reporter, v: &Sp<i64>, range: &str) -> T
where
    T: TryFrom<i64> + WrappingFrom + std::fmt::Display + Copy,
{
    T::try_from(v.v).unwrap_or_else(|_| {
        let stored = T::wrapping_from(v.v);
        report
            .warning(
                warn::VALUE_DOES_NOT_FIT,
                v.span.clone(),
                format!(
                    "Value {} does not fit in its field: stored as {stored}",
                    v.v
                ),
            )
            .label(format!("the field holds {range}"))
            .help("lev_comp keeps the low bits of the number, as C does");
        stored
    })
}

/// C's conversion of an integer to a narrower signed type.
pub(super) trait WrappingFrom {
    fn wrapping_from(v: i64) -> Self;
}

impl WrappingFrom for i8 {
    fn wrapping_from(v: i64) -> i8 {
        v as i8
    }
}

impl WrappingFrom for i16 {
    fn wrapping_from(v: i64) -> i16 {
        v as i16
    }
}

impl WrappingFrom for i32 {
    fn wrapping_from(v: i64) -> i32 {
        v as i32
    }
}

/// `-(n+1)` for a register index below `limit`.
pub(super) fn register(report: &mut Reporter, n: &Sp<i64>, limit: i64) -> i8 {
    if n.v >= limit {
        report
            .error(n.span.clone(), "Register Index overflow!")
            .label(format!("expected 0..{}", limit - 1));
        0
    } else if n.v < 0 {
        // lev_comp stores -n-1 all the same (as a C char): a plain value.
        let stored = (-n.v).wrapping_sub(1) as i8;
        report
            .warning(
                warn::NEGATIVE_REGISTER,
                n.span.clone(),
                format!("Register index {} is negative", n.v),
            )
            .label(format!("stored as {stored}, a plain value, not a register"))
            .help("lev_comp stores -n-1 for register n; registers are 0..9 (alignments 0..2)");
        stored
    } else {
        -(n.v as i8) - 1
    }
}

pub(super) fn chance(report: &mut Reporter, c: &Option<Sp<i64>>) -> i8 {
    match c {
        None => 100,
        Some(c) => {
            if c.v <= 0 || c.v > 100 {
                report
                    .error(c.span.clone(), "Expected percentile chance.")
                    .label("expected 1..100");
                0
            } else {
                c.v as i8
            }
        }
    }
}

/// A class argument: a valid class character, `random` or a register.
pub(super) fn class_value(
    report: &mut Reporter,
    c: &Class,
    valid: impl Fn(u8) -> bool,
    message: &str,
    kind: &str,
) -> i8 {
    match c {
        Class::Char(ch) if valid(ch.v) => ch.v as i8,
        Class::Char(ch) => {
            report
                .error(ch.span.clone(), message)
                .label(format!("'{}' is not {kind}", char::from(ch.v)));
            -1
        }
        Class::Random => RANDOM,
        Class::Register(n) => register(report, n, MAX_REGISTERS),
    }
}

pub(super) fn monster_class(report: &mut Reporter, game: &Game, c: &Class) -> i8 {
    class_value(
        report,
        c,
        |ch| game.is_monster_class(ch),
        "Unknown monster class!",
        "a monster class",
    )
}

pub(super) fn object_class(report: &mut Reporter, game: &Game, c: &Class) -> i8 {
    let named = game.format().level_rules.named_objects;
    class_value(
        report,
        c,
        |ch| game.is_object_class(ch) || named && ch == b'#',
        "Unknown char class!",
        "an object class",
    )
}

pub(super) fn alignment(report: &mut Reporter, a: &Align) -> Alignment {
    match a {
        Align::Value(v) => *v,
        // A register is stored in the code space coordinates and classes
        // share (a negative index gives a plain value): read it as the
        // decoder does.
        Align::Register(n) => Alignment::from_code(register(report, n, 3)),
        Align::Random => Alignment::Random,
    }
}

pub(super) fn room_type(report: &mut Reporter, game: &Game, t: &NameOrRandom<'_>) -> RoomType {
    let numbering = &game.format().numbering;
    match t {
        None => RoomType::RANDOM,
        // The game's table gives its lev_comp's number.
        Some(name) => numbering
            .room_type(name.v)
            .map(RoomType::from_code)
            .unwrap_or_else(|| {
                report
                    .warning(
                        warn::UNKNOWN_ROOM_TYPE,
                        name.span.clone(),
                        "Unknown room type!  Making ordinary room...",
                    )
                    .label(format!("\"{}\" is not a room type", name.v));
                let words = numbering.room_types.iter().map(|(w, _)| &**w);
                if let Some(s) = suggest::closest(name.v, words) {
                    report.help(format!("did you mean \"{s}\"?"));
                }
                RoomType::ORDINARY
            }),
    }
}

/// A string stored with a length field of `max` at most.
pub(super) fn text(report: &mut Reporter, s: &Sp<&str>, what: &str, max: usize) -> String {
    let len = crate::text::byte_len(s.v);
    if len > max {
        report
            .error(s.span.clone(), format!("{what} is too long"))
            .label(format!("{len} bytes, at most {max} fit"));
    }
    s.v.to_string()
}

/// Room and parent names are stored with a 16-bit length.
pub(super) const MAX_ROOM_NAME: usize = i16::MAX as usize;

/// A room or parent name as the 3.4.3 family's `lev_comp` writes it:
/// `size = (short) strlen(name)`, then `size` bytes of it. A length that
/// wraps to 0..=32767 (65,536 bytes or more) keeps that many bytes, with
/// a warning; one that wraps negative (`write` of a huge count, past the
/// name) is an error, as is any length from 32,768 to 65,535.
pub(super) fn room_name(report: &mut Reporter, s: &Sp<&str>, what: &str) -> String {
    let len = crate::text::byte_len(s.v);
    let kept = len % 65_536;
    if len <= MAX_ROOM_NAME || kept > MAX_ROOM_NAME {
        return text(report, s, what, MAX_ROOM_NAME);
    }
    report
        .warning(
            warn::ROOM_NAME_LENGTH_WRAPPED,
            s.span.clone(),
            format!("{what} of {len} bytes: its length is written as a short, {kept}"),
        )
        .label(format!("the level keeps its first {kept} bytes"));
    // Cut as bytes (a character may be cut in two, as lev_comp cuts it).
    let bytes = crate::text::bytes(s.v);
    crate::text::decode(&bytes[..kept]).into_owned()
}
/// Engravings are stored with a 32-bit length.
pub(super) const MAX_TEXT: usize = i32::MAX as usize;

pub(super) fn terrain_name(t: Terrain) -> &'static str {
    t.name().unwrap_or("?")
}

pub(super) fn rect_area(report: &mut Reporter, r: &Rect) -> Area {
    let mut v = |i: usize| {
        byte(
            report,
            &Sp {
                v: r.v[i],
                span: r.span.clone(),
            },
        )
    };
    Area {
        x1: v(0),
        y1: v(1),
        x2: v(2),
        y2: v(3),
    }
}

pub(super) fn object_class_char(report: &mut Reporter, game: &Game, c: &Sp<u8>) -> i8 {
    object_class(report, game, &Class::Char(c.clone()))
}

pub(super) fn monster_class_char(report: &mut Reporter, game: &Game, c: &Sp<u8>) -> i8 {
    monster_class(report, game, &Class::Char(c.clone()))
}

/// A register list of class characters, stored last-listed first.
pub(super) fn class_list(
    report: &mut Reporter,
    game: &Game,
    list: &[Sp<u8>],
    too_long: &str,
    class: fn(&mut Reporter, &Game, &Sp<u8>) -> i8,
) -> Vec<i8> {
    let mut out: Vec<i8> = list.iter().rev().map(|c| class(report, game, c)).collect();
    if out.len() > MAX_REGISTERS as usize {
        let extra = &list[MAX_REGISTERS as usize];
        report
            .error(extra.span.clone(), too_long)
            .label(format!("at most {MAX_REGISTERS} entries"));
        out.truncate(MAX_REGISTERS as usize);
    }
    out
}

pub(super) fn pair_bytes(report: &mut Reporter, p: &Sp<(i64, i64)>) -> (i8, i8) {
    let a = byte(
        report,
        &Sp {
            v: p.v.0,
            span: p.span.clone(),
        },
    );
    let b = byte(
        report,
        &Sp {
            v: p.v.1,
            span: p.span.clone(),
        },
    );
    (a, b)
}

/// A record's extra member values, each 0 (the game's format gives how
/// many: none in NetHack 3.4.3).
pub(super) fn no_extras(game: &Game, record: RecordKind) -> Vec<i64> {
    vec![0; game.format().extra_members(record).count()]
}

/// A door's extra member values: SLASH'EM's `arti_key` is the number of
/// the artifact `key` names (lev_comp's `get_artifact_id`), dNetHack's
/// `arti_text` the `text` number (as its `short` keeps it); 0 without.
pub(super) fn door_extras(
    report: &mut Reporter,
    game: &Game,
    record: RecordKind,
    key: &Option<Sp<&str>>,
    text: &Option<Sp<i64>>,
) -> Vec<i64> {
    let mut extra = no_extras(game, record);
    if let (Some(text), Some(i)) = (text, game.format().extra_index(record, "arti_text")) {
        extra[i] = i64::from(converted::<i16>(report, text, "-32768..32767"));
    }
    let (Some(key), Some(i)) = (key, game.format().extra_index(record, "arti_key")) else {
        return extra;
    };
    match game.format().numbering.artifact(key.v) {
        Some(id) => extra[i] = i64::from(id),
        None => {
            report
                .error(
                    key.span.clone(),
                    format!("Undefined artifact key \"{}\"", key.v),
                )
                .label("not an artifact of this game");
            let names = game.format().numbering.artifacts.iter().map(|a| &**a);
            if let Some(s) = suggest::closest(key.v, names) {
                report.help(format!("did you mean \"{s}\"?"));
            }
        }
    }
    extra
}

/// An altar's extra member values: notnotdNetHack's `god` is the number
/// of the god named (lev_comp's `get_god_id`); an unknown name is its
/// warning and no god (0).
pub(super) fn altar_god(report: &mut Reporter, game: &Game, god: &Option<Sp<&str>>) -> Vec<i64> {
    let mut extra = no_extras(game, RecordKind::Altar);
    let (Some(god), Some(i)) = (god, game.format().extra_index(RecordKind::Altar, "god")) else {
        return extra;
    };
    match game.format().numbering.god(god.v) {
        Some(id) => extra[i] = i64::from(id),
        None => {
            let r = report
                .warning(
                    warn::UNKNOWN_GOD,
                    god.span.clone(),
                    format!("Bad god name \"{}\"", god.v),
                )
                .label("no god of this game has that name: the altar has none");
            let names = game.format().numbering.gods.iter().map(|g| &**g);
            if let Some(s) = suggest::closest(god.v, names) {
                r.help(format!("did you mean \"{s}\"?"));
            }
        }
    }
    extra
}
