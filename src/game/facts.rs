//! The facts of a game's record format, each declared once.
//!
//! A struct of facts is written with [`facts!`]: each field names its
//! type, its value in the family's reference game (NetHack 3.4.3's, or
//! 3.6.7's for what only 3.6 games have), its identity-file line and, if
//! it needs one, the check a value read from a file must pass. From that
//! one declaration come the struct, its reference value, the lines
//! [`Game::to_identity`](super::Game::to_identity) writes (only those
//! whose value differs from the family's) and how
//! [`Game::from_identity`](super::Game::from_identity) reads them. What a
//! game's tree says about a fact is read from the tree in
//! `tree_format.rs`, one function a source file.
//!
//! A field is one of:
//!
//! - `line "key"`: one line `key VALUE`, at most once;
//! - `each "key"`: a list, one line `key ELEMENT` an element, in order;
//!   the first such line replaces the family's list;
//! - `indexed "key"`: the same, each line with the element's position
//!   first (`terrain 3 "TREE"`), so that a list numbered by position says
//!   its numbers;
//! - `nested`: a struct of facts of its own, whose lines are its own.

use std::collections::HashSet;
use std::fmt::Write as _;

use super::format::{
    sorted_bytes, CType, CoreFunction, CoreMethod, DungeonMember, ExtraMember, GrammarForm,
    ProgramFormat, RecordKind,
};
use super::identity::{quoted, symbol, Args, IdentityError};

/// A value as identity files spell it, after the line's key.
pub(crate) trait FactValue: Sized {
    /// Appends its text.
    fn write(&self, out: &mut String);
    /// Reads it from the rest of a line.
    fn read(args: &mut Args<'_>) -> Result<Self, IdentityError>;
}

/// A struct whose fields are facts declared with [`facts!`].
pub(crate) trait Facts {
    /// Whether `key` is the line of one of its facts.
    fn has_key(key: &str) -> bool;
    /// The keys of its facts' lines, nested structs' included.
    #[cfg(test)]
    fn keys(out: &mut Vec<&'static str>);
    /// A line for each fact whose value is not `base`'s.
    fn write_facts(&self, base: &Self, out: &mut String);
    /// Reads line `key args` into the fact it is the line of
    /// (`Ok(false)`: it is none of them).
    fn read_fact(
        &mut self,
        key: &str,
        args: &mut Args<'_>,
        seen: &mut Seen,
    ) -> Result<bool, IdentityError>;
}

/// The keys read so far from one file: a second line of a `line` fact is
/// an error, the first of an `each` list replaces the family's list.
#[derive(Default)]
pub(crate) struct Seen(HashSet<&'static str>);

impl Seen {
    /// Whether a line of `key` was read.
    pub(crate) fn contains(&self, key: &str) -> bool {
        self.0.contains(key)
    }
}

/// Declares a struct of facts (see the module docs).
macro_rules! facts {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                $(#[$fmeta:meta])*
                pub $field:ident : $ty:ty = $default:expr
                    => $kind:ident $($key:literal)? $(if $check:expr)?,
            )*
        }
    ) => {
        $(#[$meta])*
        pub struct $name {
            $( $(#[$fmeta])* pub $field: $ty, )*
        }

        impl $name {
            /// The family reference game's facts, as declared.
            fn declared() -> $name {
                $name { $( $field: $default, )* }
            }
        }

        impl $crate::game::facts::Facts for $name {
            fn has_key(key: &str) -> bool {
                false $( || $crate::game::facts::fact!(has_key $kind $($key)?; key; $ty) )*
            }

            #[cfg(test)]
            fn keys(out: &mut Vec<&'static str>) {
                $( $crate::game::facts::fact!(keys $kind $($key)?; out; $ty); )*
            }

            fn write_facts(&self, base: &Self, out: &mut String) {
                $( $crate::game::facts::fact!(
                    write $kind $($key)?; out; self.$field; base.$field
                ); )*
            }

            fn read_fact(
                &mut self,
                key: &str,
                args: &mut $crate::game::identity::Args<'_>,
                seen: &mut $crate::game::facts::Seen,
            ) -> Result<bool, $crate::game::IdentityError> {
                $( $crate::game::facts::fact!(
                    read $kind $($key)?; key; args; seen; self.$field;
                    $crate::game::facts::fact!(check $($check)?)
                ); )*
                Ok(false)
            }
        }
    };
}

/// One field's part of what [`facts!`] generates.
macro_rules! fact {
    (has_key nested; $key:ident; $ty:ty) => {
        <$ty as $crate::game::facts::Facts>::has_key($key)
    };
    (has_key $kind:ident $k:literal; $key:ident; $ty:ty) => {
        $key == $k
    };
    (keys nested; $out:ident; $ty:ty) => {
        <$ty as $crate::game::facts::Facts>::keys($out)
    };
    (keys $kind:ident $k:literal; $out:ident; $ty:ty) => {
        $out.push($k)
    };
    (write nested; $out:ident; $v:expr; $b:expr) => {
        $crate::game::facts::Facts::write_facts(&$v, &$b, $out)
    };
    (write line $k:literal; $out:ident; $v:expr; $b:expr) => {
        if $v != $b {
            $crate::game::facts::write_line($out, $k, &$v);
        }
    };
    (write each $k:literal; $out:ident; $v:expr; $b:expr) => {
        if $v != $b {
            $crate::game::facts::write_each($out, $k, &$v, false);
        }
    };
    (write indexed $k:literal; $out:ident; $v:expr; $b:expr) => {
        if $v != $b {
            $crate::game::facts::write_each($out, $k, &$v, true);
        }
    };
    (read nested; $key:ident; $args:ident; $seen:ident; $slot:expr; $check:expr) => {
        if $crate::game::facts::Facts::read_fact(&mut $slot, $key, $args, $seen)? {
            return Ok(true);
        }
    };
    (read line $k:literal; $key:ident; $args:ident; $seen:ident; $slot:expr; $check:expr) => {
        if $key == $k {
            $crate::game::facts::read_line(&mut $slot, $k, $args, $seen, $check)?;
            return Ok(true);
        }
    };
    (read each $k:literal; $key:ident; $args:ident; $seen:ident; $slot:expr; $check:expr) => {
        if $key == $k {
            $crate::game::facts::read_each(&mut $slot, $k, $args, $seen, false, $check)?;
            return Ok(true);
        }
    };
    (read indexed $k:literal; $key:ident; $args:ident; $seen:ident; $slot:expr; $check:expr) => {
        if $key == $k {
            $crate::game::facts::read_each(&mut $slot, $k, $args, $seen, true, $check)?;
            return Ok(true);
        }
    };
    (check) => {
        |_: &_| Ok(())
    };
    (check $check:expr) => {
        $check
    };
}

pub(crate) use {fact, facts};

/// Writes `key VALUE` (`key` alone for an empty value).
pub(crate) fn write_line<T: FactValue>(out: &mut String, key: &str, value: &T) {
    out.push_str(key);
    let at = out.len();
    out.push(' ');
    value.write(out);
    if out.len() == at + 1 {
        out.truncate(at);
    }
    out.push('\n');
}

/// Writes `key ELEMENT` for each element (`key N ELEMENT` if `indexed`).
pub(crate) fn write_each<T: FactValue>(out: &mut String, key: &str, list: &[T], indexed: bool) {
    for (i, element) in list.iter().enumerate() {
        out.push_str(key);
        if indexed {
            let _ = write!(out, " {i}");
        }
        out.push(' ');
        element.write(out);
        out.push('\n');
    }
}

/// Reads the value of a `line` fact into `slot`.
pub(crate) fn read_line<T: FactValue>(
    slot: &mut T,
    key: &'static str,
    args: &mut Args<'_>,
    seen: &mut Seen,
    check: impl Fn(&T) -> Result<(), String>,
) -> Result<(), IdentityError> {
    if !seen.0.insert(key) {
        return Err(args.error(format!("a second `{key}` line")));
    }
    let value = T::read(args).map_err(|e| e.in_line_of(key))?;
    check(&value).map_err(|why| args.error(format!("{key}: {why}")))?;
    *slot = value;
    Ok(())
}

/// Reads an element of an `each` or `indexed` list onto `list` (the
/// first line of `key` empties it).
pub(crate) fn read_each<T: FactValue>(
    list: &mut Vec<T>,
    key: &'static str,
    args: &mut Args<'_>,
    seen: &mut Seen,
    indexed: bool,
    check: impl Fn(&T) -> Result<(), String>,
) -> Result<(), IdentityError> {
    if seen.0.insert(key) {
        list.clear();
    }
    if indexed {
        let i = args.integer()?;
        if i != list.len() as i64 {
            return Err(args.error(format!(
                "{key} {i} out of order (expected {key} {})",
                list.len()
            )));
        }
    }
    let value = T::read(args).map_err(|e| e.in_line_of(key))?;
    check(&value).map_err(|why| args.error(format!("{key}: {why}")))?;
    list.push(value);
    Ok(())
}

/// A number, or each number of a tuple, that must lie within bounds.
pub(crate) trait Bounded {
    /// Whether every number is within `lo..=hi`.
    fn within(&self, lo: i64, hi: i64) -> bool;
}

impl Bounded for i64 {
    fn within(&self, lo: i64, hi: i64) -> bool {
        (lo..=hi).contains(self)
    }
}

impl Bounded for usize {
    fn within(&self, lo: i64, hi: i64) -> bool {
        i64::try_from(*self).is_ok_and(|v| v.within(lo, hi))
    }
}

impl<A: Bounded, B: Bounded> Bounded for (A, B) {
    fn within(&self, lo: i64, hi: i64) -> bool {
        self.0.within(lo, hi) && self.1.within(lo, hi)
    }
}

/// The check of a number (or tuple of numbers) within `lo..=hi`.
pub(crate) fn within<T: Bounded>(lo: i64, hi: i64) -> impl Fn(&T) -> Result<(), String> {
    move |v| match v.within(lo, hi) {
        true => Ok(()),
        false => Err(format!("out of range ({lo} to {hi})")),
    }
}

impl FactValue for bool {
    fn write(&self, out: &mut String) {
        out.push_str(if *self { "yes" } else { "no" });
    }
    fn read(args: &mut Args<'_>) -> Result<bool, IdentityError> {
        args.yes_no()
    }
}

macro_rules! integer_fact {
    ($($t:ty),*) => {$(
        impl FactValue for $t {
            fn write(&self, out: &mut String) {
                let _ = write!(out, "{self}");
            }
            fn read(args: &mut Args<'_>) -> Result<$t, IdentityError> {
                let v = args.integer()?;
                <$t>::try_from(v).map_err(|_| {
                    args.error(format!(
                        "{v} is out of range ({} to {})",
                        <$t>::MIN,
                        <$t>::MAX
                    ))
                })
            }
        }
    )*};
}

integer_fact!(i8, i16, i32, i64, usize);

/// Strings, quoted.
impl FactValue for Box<str> {
    fn write(&self, out: &mut String) {
        out.push_str(&quoted(self));
    }
    fn read(args: &mut Args<'_>) -> Result<Box<str>, IdentityError> {
        Ok(args.string("a string")?.into())
    }
}

/// Symbols (map characters): `'c'` or `'\xNN'`.
impl FactValue for u8 {
    fn write(&self, out: &mut String) {
        out.push_str(&symbol(*self));
    }
    fn read(args: &mut Args<'_>) -> Result<u8, IdentityError> {
        args.symbol()
    }
}

/// `none`, or the value.
impl<T: FactValue> FactValue for Option<T> {
    fn write(&self, out: &mut String) {
        match self {
            Some(v) => v.write(out),
            None => out.push_str("none"),
        }
    }
    fn read(args: &mut Args<'_>) -> Result<Option<T>, IdentityError> {
        if args.peek_word() == Some("none") {
            args.word("`none`")?;
            return Ok(None);
        }
        T::read(args).map(Some)
    }
}

impl<A: FactValue, B: FactValue> FactValue for (A, B) {
    fn write(&self, out: &mut String) {
        self.0.write(out);
        out.push(' ');
        self.1.write(out);
    }
    fn read(args: &mut Args<'_>) -> Result<(A, B), IdentityError> {
        Ok((A::read(args)?, B::read(args)?))
    }
}

impl<A: FactValue, B: FactValue, C: FactValue> FactValue for (A, B, C) {
    fn write(&self, out: &mut String) {
        self.0.write(out);
        out.push(' ');
        self.1.write(out);
        out.push(' ');
        self.2.write(out);
    }
    fn read(args: &mut Args<'_>) -> Result<(A, B, C), IdentityError> {
        Ok((A::read(args)?, B::read(args)?, C::read(args)?))
    }
}

impl FactValue for CType {
    fn write(&self, out: &mut String) {
        out.push_str(self.as_str());
    }
    fn read(args: &mut Args<'_>) -> Result<CType, IdentityError> {
        args.ctype()
    }
}

/// The characters of a `MAP` row: one quoted ASCII string, kept sorted.
impl FactValue for Vec<u8> {
    fn write(&self, out: &mut String) {
        out.push_str(&quoted(
            &self.iter().map(|&c| char::from(c)).collect::<String>(),
        ));
    }
    fn read(args: &mut Args<'_>) -> Result<Vec<u8>, IdentityError> {
        let chars = args.string("the characters of a MAP row")?;
        if !chars.is_ascii() {
            return Err(args.error("the characters of a MAP row are ASCII"));
        }
        Ok(sorted_bytes(chars.bytes()))
    }
}

/// A dungeon record's members: their names, in order.
impl FactValue for Vec<DungeonMember> {
    fn write(&self, out: &mut String) {
        let names: Vec<&str> = self.iter().map(|m| m.as_str()).collect();
        out.push_str(&names.join(" "));
    }
    fn read(args: &mut Args<'_>) -> Result<Vec<DungeonMember>, IdentityError> {
        let mut members = Vec::new();
        while args.peek_word().is_some() {
            let word = args.word("a member")?;
            members.push(
                DungeonMember::from_name(word).ok_or_else(|| {
                    args.error(format!("`{word}` is not a member dgn_comp writes"))
                })?,
            );
        }
        Ok(members)
    }
}

impl FactValue for GrammarForm {
    fn write(&self, out: &mut String) {
        out.push_str(self.as_str());
    }
    fn read(args: &mut Args<'_>) -> Result<GrammarForm, IdentityError> {
        let name = args.word("a grammar form")?;
        GrammarForm::from_name(name)
            .ok_or_else(|| args.error(format!("`{name}` is no grammar form levbuild knows")))
    }
}

/// `RECORD "name" CTYPE`.
impl FactValue for ExtraMember {
    fn write(&self, out: &mut String) {
        let _ = write!(
            out,
            "{} {} {}",
            self.record.as_str(),
            quoted(&self.name),
            self.ctype
        );
    }
    fn read(args: &mut Args<'_>) -> Result<ExtraMember, IdentityError> {
        let record = args.word("a record (door, room_door, altar, monster, object)")?;
        let record = RecordKind::from_name(record).ok_or_else(|| {
            args.error(format!(
                "unknown record `{record}` (expected door, room_door, altar, monster or object)"
            ))
        })?;
        let name = args.string("the member's C name")?;
        let ctype = args.ctype()?;
        if ctype == CType::LongLong {
            return Err(args.error("a record member is char, short, int or long"));
        }
        Ok(ExtraMember {
            record,
            name: name.into(),
            ctype,
        })
    }
}

/// `"word" NUMBER "params" "returns"`.
impl FactValue for CoreFunction {
    fn write(&self, out: &mut String) {
        let returns = char::from(self.returns).to_string();
        let _ = write!(
            out,
            "{} {} {} {}",
            quoted(&self.word),
            self.number,
            quoted(&self.params),
            quoted(&returns)
        );
    }
    fn read(args: &mut Args<'_>) -> Result<CoreFunction, IdentityError> {
        let word = args.string("its word")?;
        let number = args.integer()?;
        let params = args.string("its parameters")?;
        let returns = args.string("what it returns")?;
        let &[returns] = returns.as_bytes() else {
            return Err(args.error("what it returns is one letter"));
        };
        Ok(CoreFunction {
            word: word.into(),
            number,
            params: params.into(),
            returns,
        })
    }
}

/// `"word" ON NUMBER RETURNS`, the `SPOVAR_` types in hex.
impl FactValue for CoreMethod {
    fn write(&self, out: &mut String) {
        let _ = write!(
            out,
            "{} {:#x} {} {:#x}",
            quoted(&self.word),
            self.on,
            self.number,
            self.returns
        );
    }
    fn read(args: &mut Args<'_>) -> Result<CoreMethod, IdentityError> {
        Ok(CoreMethod {
            word: args.string("its word")?.into(),
            on: args.integer()?,
            number: args.integer()?,
            returns: args.integer()?,
        })
    }
}

/// A 3.6-family game's program format: its lines where the game has one
/// (a 3.4.3-family game has none).
impl Facts for Option<ProgramFormat> {
    fn has_key(key: &str) -> bool {
        ProgramFormat::has_key(key)
    }

    #[cfg(test)]
    fn keys(out: &mut Vec<&'static str>) {
        ProgramFormat::keys(out)
    }

    fn write_facts(&self, base: &Self, out: &mut String) {
        if let Some(program) = self {
            let empty = ProgramFormat::empty();
            program.write_facts(base.as_ref().unwrap_or(&empty), out);
        }
    }

    fn read_fact(
        &mut self,
        key: &str,
        args: &mut Args<'_>,
        seen: &mut Seen,
    ) -> Result<bool, IdentityError> {
        if !ProgramFormat::has_key(key) {
            return Ok(false);
        }
        (self.get_or_insert_with(ProgramFormat::empty)).read_fact(key, args, seen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::RecordFormat;

    #[test]
    fn every_fact_has_a_line_of_its_own() {
        let mut keys = Vec::new();
        RecordFormat::keys(&mut keys);
        let mut sorted = keys.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), keys.len(), "a key declared twice: {keys:?}");
        assert!(keys.iter().all(|k| RecordFormat::has_key(k)));
        assert!(!RecordFormat::has_key("monster"));
    }

    #[test]
    fn a_fact_is_written_where_it_is_not_the_familys_and_read_back() {
        let base = RecordFormat::nethack_343();
        let mut changed = base.clone();
        changed.level_rules.keyword_chance = true;
        changed.level_rules.map_size = (79, 21);
        changed.limits.branches = 100;
        changed.numbering.gods = vec!["Moloch".into()];
        let mut text = String::new();
        changed.write_facts(&base, &mut text);
        assert_eq!(
            text,
            "god \"Moloch\"\nlimit-branches 100\nmap-size 79 21\nkeyword-chance yes\n"
        );
        let mut read = base.clone();
        let mut seen = Seen::default();
        for (n, line) in text.lines().enumerate() {
            let (key, rest) = line.split_once(' ').unwrap();
            let mut args = Args::new(rest, n + 1);
            assert!(read.read_fact(key, &mut args, &mut seen).unwrap());
        }
        assert_eq!(read, changed);
        // A second line of a one-line fact names the line.
        let mut args = Args::new("80 21", 9);
        let e = read
            .read_fact("map-size", &mut args, &mut seen)
            .unwrap_err();
        assert_eq!(e.to_string(), "identity file :9: a second `map-size` line");
        // Checks name the key.
        let mut args = Args::new("200 21", 10);
        let e = (RecordFormat::nethack_343())
            .read_fact("map-size", &mut args, &mut Seen::default())
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "identity file :10: map-size: out of range (1 to 127)"
        );
    }
}
