//! A dialect's language as data: its statement rows, its value words and
//! its map characters, from which its lexer and parser are driven.

use super::Pat;
use crate::des::scan::Keywords;
use crate::key_hash::KeyMap;

/// One statement form: `keyword`, then arguments matching `args`.
///
/// `C` is the dialect's token class, `B` the function that builds its
/// typed statement from the captured arguments, `P` where the form may
/// appear and its order rules. Forms that share a keyword (3.4.3's two
/// `DOOR` forms) are tried in the order of the rows; the first that
/// matches the whole statement is it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Row<C: 'static, B, P> {
    /// The keyword that starts the statement, as spelt in the source.
    pub keyword: &'static str,
    /// Other spellings of the keyword that start the same form (a
    /// variant's synonym); a [`Language`]'s lexer reads them too.
    pub also: &'static [&'static str],
    /// The form's name in messages (`DOOR (map form: state, coordinate)`).
    pub name: &'static str,
    /// The arguments after the keyword, to the end of the statement.
    pub args: Pat<C>,
    /// Builds the typed statement from the arguments `args` captured.
    pub build: B,
    /// Where it may appear, its order rules.
    pub place: P,
}

/// What a dialect's lexer and parser read: statement rows, words, map
/// characters. A dialect built on another takes the other's lists and
/// adds its own (see [`Language::new`]).
pub(crate) struct Language<T: 'static, C: 'static, B, P> {
    rows: Vec<Row<C, B, P>>,
    /// Row indices by keyword, in row order.
    forms: KeyMap<&'static str, Vec<usize>>,
    words: Keywords<T>,
    map_chars: [bool; 256],
}

impl<T, C, B, P> Language<T, C, B, P> {
    /// The language of `rows`, whose keywords the lexer reads as
    /// `keyword(word)`, of the value words `words` and of the map
    /// characters `map_chars`.
    pub(crate) fn new(
        rows: Vec<Row<C, B, P>>,
        words: &[(&'static str, T)],
        map_chars: &[u8],
        keyword: fn(&'static str) -> T,
    ) -> Self
    where
        T: Clone,
    {
        let mut forms: KeyMap<&'static str, Vec<usize>> = KeyMap::default();
        let mut table = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            for &word in std::iter::once(&row.keyword).chain(row.also) {
                let seen = forms.contains_key(word);
                forms.entry(word).or_default().push(i);
                if !seen {
                    table.push((word, keyword(word)));
                }
            }
        }
        table.extend(words.iter().cloned());
        let mut chars = [false; 256];
        for &c in map_chars {
            chars[usize::from(c)] = true;
        }
        Language {
            rows,
            forms,
            words: Keywords::new(table),
            map_chars: chars,
        }
    }

    /// The forms `keyword` starts, in the order they are tried.
    pub(crate) fn forms<'l>(&'l self, keyword: &str) -> impl Iterator<Item = &'l Row<C, B, P>> {
        self.forms
            .get(keyword)
            .into_iter()
            .flatten()
            .map(|&i| &self.rows[i])
    }

    /// Every word (statement keywords first), for longest-prefix scanning
    /// and suggestions.
    pub(crate) fn words(&self) -> &Keywords<T> {
        &self.words
    }

    /// Whether `c` may appear in a map row.
    pub(crate) fn is_map_char(&self, c: u8) -> bool {
        self.map_chars[usize::from(c)]
    }

    /// Which bytes may appear in a map row, by byte.
    pub(crate) fn map_chars(&self) -> &[bool; 256] {
        &self.map_chars
    }
}
