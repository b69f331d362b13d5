//! A small glob matcher for include/exclude patterns: `*` (any run of
//! characters but `/`), `?` (one character but `/`), `**` (any run,
//! across directories; `**/` also matches nothing). Patterns match the
//! whole path relative to the source directory, with `/` separators.

/// True if `path` matches `pattern`.
pub(crate) fn matches(pattern: &str, path: &str) -> bool {
    match_from(pattern.as_bytes(), path.as_bytes())
}

fn match_from(p: &[u8], s: &[u8]) -> bool {
    match p {
        [] => s.is_empty(),
        [b'*', b'*', b'/', rest @ ..] => {
            (0..=s.len()).any(|i| (i == 0 || s[i - 1] == b'/') && match_from(rest, &s[i..]))
        }
        [b'*', b'*', rest @ ..] => (0..=s.len()).any(|i| match_from(rest, &s[i..])),
        [b'*', rest @ ..] => {
            let limit = s.iter().position(|&c| c == b'/').unwrap_or(s.len());
            (0..=limit).any(|i| match_from(rest, &s[i..]))
        }
        [b'?', rest @ ..] => matches!(s, [c, tail @ ..] if *c != b'/' && match_from(rest, tail)),
        [c, rest @ ..] => matches!(s, [d, tail @ ..] if c == d && match_from(rest, tail)),
    }
}

#[cfg(test)]
mod tests {
    use super::matches;

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
    }
}
