//! Include, exclude and dungeon-file patterns: the `glob` crate's syntax
//! (rust-lang's: `*` and `?` within one path component, `**` across
//! directories, `[2-8]`, `[!a-z]`, `[*]` for a literal `*`), with `{a,b}`
//! alternatives expanded first. A pattern matches the whole path relative
//! to the source directory, with `/` separators. A pattern the syntax does
//! not allow (`dungeon[2-8.def`) is an error, never a pattern that
//! silently matches nothing.

use glob::{MatchOptions, Pattern};

/// `*` and `?` never match `/`; a leading `.` needs no literal `.`.
const OPTIONS: MatchOptions = MatchOptions {
    case_sensitive: true,
    require_literal_separator: true,
    require_literal_leading_dot: false,
};

/// One pattern, as the alternatives its braces spell.
#[derive(Clone, Debug)]
pub(crate) struct Glob(Vec<Pattern>);

impl Glob {
    /// Reads `pattern`.
    ///
    /// # Errors
    /// What is wrong with it and where (a byte offset of the pattern).
    pub(crate) fn new(pattern: &str) -> Result<Glob, String> {
        let alternatives = expand_braces(pattern)?;
        alternatives
            .iter()
            .map(|p| Pattern::new(p))
            .collect::<Result<Vec<_>, _>>()
            .map(Glob)
            .map_err(|e| match alternatives.len() {
                1 => format!("{} at byte {}", e.msg, e.pos),
                _ => e.msg.to_string(),
            })
    }

    /// A pattern matching exactly `name` (a file a game's Makefile names).
    pub(crate) fn literal(name: &str) -> Glob {
        Glob(vec![
            Pattern::new(&Pattern::escape(name)).expect("an escaped name")
        ])
    }

    /// True if `path` matches the pattern.
    pub(crate) fn matches(&self, path: &str) -> bool {
        self.0.iter().any(|p| p.matches_with(path, OPTIONS))
    }
}

/// The patterns `{a,b}` alternatives spell, outermost first: `x.{des,def}`
/// is `x.des` and `x.def`; braces nest. Braces inside `[...]` are
/// characters.
fn expand_braces(pattern: &str) -> Result<Vec<String>, String> {
    let b = pattern.as_bytes();
    let mut i = 0;
    let mut class = false;
    while i < b.len() {
        match b[i] {
            b'[' if !class => {
                class = true;
                // `[]` and `[!]` start a class holding `]`.
                if b.get(i + 1) == Some(&b'!') {
                    i += 1;
                }
                if b.get(i + 1) == Some(&b']') {
                    i += 1;
                }
            }
            b']' if class => class = false,
            b'}' if !class => return Err(format!("unmatched `}}` at byte {i}")),
            b'{' if !class => {
                let (close, commas) =
                    closing_brace(b, i).ok_or_else(|| format!("unclosed `{{` at byte {i}"))?;
                let (head, tail) = (&pattern[..i], &pattern[close + 1..]);
                let mut starts = vec![i + 1];
                starts.extend(commas.iter().map(|c| c + 1));
                let mut ends = commas.clone();
                ends.push(close);
                let mut out = Vec::new();
                for (s, e) in starts.into_iter().zip(ends) {
                    out.extend(expand_braces(&format!("{head}{}{tail}", &pattern[s..e]))?);
                }
                return Ok(out);
            }
            _ => {}
        }
        i += 1;
    }
    Ok(vec![pattern.to_string()])
}

/// The `}` closing the `{` at `open`, and the top-level commas inside.
fn closing_brace(b: &[u8], open: usize) -> Option<(usize, Vec<usize>)> {
    let (mut depth, mut commas, mut class) = (0usize, Vec::new(), false);
    for (i, &c) in b.iter().enumerate().skip(open) {
        match c {
            b'[' if !class => class = true,
            b']' if class => class = false,
            _ if class => {}
            b'{' => depth += 1,
            b',' if depth == 1 => commas.push(i),
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some((i, commas));
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::Glob;

    fn matches(pattern: &str, path: &str) -> bool {
        Glob::new(pattern).unwrap().matches(path)
    }

    #[test]
    fn globs() {
        assert!(matches("*.des", "castle.des"));
        assert!(!matches("*.des", "sub/castle.des"));
        assert!(matches("**/*.des", "castle.des"));
        assert!(matches("**/*.des", "a/b/castle.des"));
        assert!(matches("dngnch?.def", "dngnch1.def"));
        assert!(!matches("dngnch?.def", "dngnch12.def"));
        assert!(matches("old/**", "old/x/y.des"));
        assert!(!matches("old/**", "older/x.des"));
        assert!(matches(".hidden.des", ".hidden.des"));
    }

    /// The syntax the hand-written matcher lacked, which then matched
    /// nothing: classes, ranges, negation, alternatives.
    #[test]
    fn classes_ranges_and_alternatives() {
        for n in 2..=8 {
            assert!(matches("dungeon[2-8].def", &format!("dungeon{n}.def")));
        }
        assert!(!matches("dungeon[2-8].def", "dungeon1.def"));
        assert!(!matches("dungeon[2-8].def", "dungeon.def"));
        assert!(matches("[!a-m]*.des", "tower.des"));
        assert!(!matches("[!a-m]*.des", "castle.des"));
        assert!(matches("{bigrm,medusa}-?.des", "medusa-2.des"));
        assert!(matches("x.{des,d{e,f}f}", "x.dff"));
        assert!(!matches("{bigrm,medusa}-?.des", "castle-1.des"));
        assert!(matches("[{]x[}].des", "{x}.des"));
        assert!(Glob::literal("odd[1].def").matches("odd[1].def"));
        assert!(!Glob::literal("odd[1].def").matches("odd1.def"));
    }

    #[test]
    fn a_bad_pattern_is_an_error_saying_where() {
        assert_eq!(
            Glob::new("dungeon[2-8.def").unwrap_err(),
            "invalid range pattern at byte 7"
        );
        assert_eq!(Glob::new("a{b,c").unwrap_err(), "unclosed `{` at byte 1");
        assert_eq!(Glob::new("a}b").unwrap_err(), "unmatched `}` at byte 1");
        assert!(Glob::new("a**b")
            .unwrap_err()
            .contains("recursive wildcards"));
    }
}
