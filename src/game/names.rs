//! A game's table of names (`mons[]` or `objects[]`) with its lookup by
//! name, built without an allocation per entry: a process that compiles
//! one file builds its game's two tables once, and an index of a boxed
//! name and a list per entry cost it more than the compile (2,400 of its
//! 3,500 allocations, for vanilla's 380 monsters and 430 objects).

use std::borrow::Cow;
use std::hash::{BuildHasher, BuildHasherDefault};

use crate::key_hash::KeyHasher;

/// A name of a game's table: the built-in games' are borrowed.
pub(crate) type Name = Cow<'static, str>;

/// The slot or chain link that names no entry.
const NONE: u16 = u16::MAX;

/// The entries of a table, each a name and a class character, in table
/// order (an entry's index is the id a `.lev` stores), with an index of
/// its names.
#[derive(Clone)]
pub(crate) struct NameTable {
    entries: Vec<(Name, u8)>,
    /// Open addressing by the name's hash: the lowest entry of each
    /// distinct non-empty name ([`NONE`]: an empty slot). Twice the
    /// entries, a power of two.
    slots: Box<[u16]>,
    /// For each entry, the next higher entry of the same name ([`NONE`]:
    /// the last).
    next: Box<[u16]>,
}

impl NameTable {
    /// Indexes `entries`, of which at most 32,767 are looked up (a `.lev`
    /// stores an id in an `i16`; the tables of every game are far
    /// smaller): a name that first appears after that is not found.
    pub(crate) fn new(entries: Vec<(Name, u8)>) -> NameTable {
        let indexed = entries.len().min(i16::MAX as usize);
        let mut slots = vec![NONE; (2 * indexed).next_power_of_two().max(2)].into_boxed_slice();
        let mut next = vec![NONE; indexed].into_boxed_slice();
        let mut last_of_name = vec![NONE; indexed];
        for i in 0..indexed {
            let name = &entries[i].0;
            if name.is_empty() {
                continue;
            }
            let slot = probe(&slots, &entries, name);
            match slots[slot] {
                NONE => {
                    slots[slot] = i as u16;
                    last_of_name[i] = i as u16;
                }
                first => {
                    let first = usize::from(first);
                    next[usize::from(last_of_name[first])] = i as u16;
                    last_of_name[first] = i as u16;
                }
            }
        }
        NameTable {
            entries,
            slots,
            next,
        }
    }

    /// A built-in table.
    pub(crate) fn builtin(table: &'static [(&'static str, u8)]) -> NameTable {
        NameTable::new(table.iter().map(|&(n, c)| (Cow::Borrowed(n), c)).collect())
    }

    /// Every entry, in table order.
    pub(crate) fn entries(&self) -> &[(Name, u8)] {
        &self.entries
    }

    /// The name and class of entry `id`.
    pub(crate) fn get(&self, id: i16) -> Option<(&str, u8)> {
        let (name, class) = self.entries.get(usize::try_from(id).ok()?)?;
        Some((name, *class))
    }

    /// The lowest entry named `name` whose class is `class` (any class
    /// when `None`), as a `.lev` stores it.
    pub(crate) fn lowest(&self, name: &str, class: Option<u8>) -> Option<i16> {
        if name.is_empty() {
            return None;
        }
        let mut at = self.slots[probe(&self.slots, &self.entries, name)];
        while at != NONE {
            if class.is_none_or(|k| self.entries[usize::from(at)].1 == k) {
                return Some(at as i16);
            }
            at = self.next[usize::from(at)];
        }
        None
    }

    /// The first entry named `name` ignoring ASCII case, of class `class`
    /// unless it is `None`.
    pub(crate) fn first_ignoring_case(&self, name: &str, class: Option<u8>) -> Option<i16> {
        self.entries
            .iter()
            .position(|(n, c)| {
                !n.is_empty() && n.eq_ignore_ascii_case(name) && class.is_none_or(|k| *c == k)
            })
            .map(|i| i as i16)
    }
}

/// The slot of `name` in `slots`: the one holding its lowest entry, or
/// the empty one where it would go.
fn probe(slots: &[u16], entries: &[(Name, u8)], name: &str) -> usize {
    let mask = slots.len() - 1;
    let hasher = BuildHasherDefault::<KeyHasher>::default();
    let mut slot = hasher.hash_one(name) as usize & mask;
    loop {
        match slots[slot] {
            NONE => return slot,
            i if entries[usize::from(i)].0 == name => return slot,
            _ => slot = (slot + 1) & mask,
        }
    }
}

impl PartialEq for NameTable {
    fn eq(&self, other: &NameTable) -> bool {
        self.entries == other.entries
    }
}

impl Eq for NameTable {}

impl std::hash::Hash for NameTable {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.entries.hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(entries: &[(&'static str, u8)]) -> NameTable {
        NameTable::new(
            entries
                .iter()
                .map(|&(n, c)| (Cow::Borrowed(n), c))
                .collect(),
        )
    }

    #[test]
    fn a_name_of_several_entries_finds_the_lowest_of_the_class_asked() {
        let t = table(&[
            ("newt", b':'),
            ("", b'?'),
            ("figurine", b'('),
            ("newt", b'x'),
            ("figurine", b'`'),
            ("newt", b':'),
        ]);
        assert_eq!(t.lowest("newt", None), Some(0));
        assert_eq!(t.lowest("newt", Some(b'x')), Some(3));
        assert_eq!(t.lowest("newt", Some(b':')), Some(0));
        assert_eq!(t.lowest("figurine", Some(b'`')), Some(4));
        assert_eq!(t.lowest("figurine", Some(b'!')), None);
        assert_eq!(t.lowest("Newt", None), None);
        assert_eq!(t.first_ignoring_case("NEWT", Some(b'x')), Some(3));
    }

    #[test]
    fn nameless_entries_are_never_found() {
        let t = table(&[("", b'?'), ("scroll", b'?')]);
        assert_eq!(t.lowest("", None), None);
        assert_eq!(t.first_ignoring_case("", None), None);
        assert_eq!(t.get(0), Some(("", b'?')));
    }

    #[test]
    fn every_name_of_a_large_table_is_found_at_its_first_entry() {
        let names: Vec<String> = (0..3000).map(|i| format!("thing {}", i % 1700)).collect();
        let t = NameTable::new(
            names
                .iter()
                .enumerate()
                .map(|(i, n)| (Cow::Owned(n.clone()), (i % 7) as u8))
                .collect(),
        );
        for (i, name) in names.iter().enumerate().take(1700) {
            assert_eq!(t.lowest(name, None), Some(i as i16));
            let second = i + 1700;
            if second < names.len() {
                let class = (second % 7) as u8;
                let lowest_of_class = if i % 7 == second % 7 { i } else { second };
                assert_eq!(t.lowest(name, Some(class)), Some(lowest_of_class as i16));
            }
        }
        assert_eq!(t.lowest("thing 1700", None), None);
    }
}
