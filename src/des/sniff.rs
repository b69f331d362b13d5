//! Telling a file's level language from its content, cheaply: the signs
//! that a file compiled as NetHack 3.4.3's language is written in 3.6's.
//! Only consulted for a file that already failed, so what a valid file
//! compiles to never depends on it.

use std::ops::Range;

/// The first statement of `source` that only NetHack 3.6's language (and
/// the SporkHack/UnNetHack lev_comp it grew from) has: a variable
/// assignment `$x = …`, `IF [` or `LOOP [`, a `FUNCTION`, or a
/// `MONSTER:`/`OBJECT:` whose first argument is in parentheses. Comments
/// and map rows are skipped. Its span (the statement's line, without
/// indentation or line end) and how to name it.
pub(crate) fn nethack36_sign(source: &str) -> Option<(Range<usize>, &'static str)> {
    let mut in_map = false;
    let mut at = 0;
    for line in source.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let body = line.trim_end_matches(['\n', '\r']);
        let text = body.trim_start();
        let indent = body.len() - text.len();
        if in_map {
            in_map = text.trim_end() != "ENDMAP";
            continue;
        }
        if text.starts_with('#') {
            continue;
        }
        if text.trim_end() == "MAP" {
            in_map = true;
            continue;
        }
        if let Some(what) = sign(text) {
            let from = start + indent;
            return Some((from..from + text.trim_end().len(), what));
        }
    }
    None
}

/// What `line` (a statement, without indentation) is, if it is 3.6's only.
fn sign(line: &str) -> Option<&'static str> {
    let blank = |s: &str| s.trim_start_matches([' ', '\t']).to_string();
    if let Some(var) = line.strip_prefix('$') {
        let name_len = var
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(var.len());
        let rest = blank(&var[name_len..]);
        return (name_len > 0 && rest.starts_with('=') && !rest.starts_with("=="))
            .then_some("a variable assignment (`$name = …`)");
    }
    let word_len = line
        .find(|c: char| !(c.is_ascii_uppercase() || c == '_'))
        .unwrap_or(line.len());
    let (word, rest) = line.split_at(word_len);
    let rest = blank(rest);
    match word {
        "IF" if rest.starts_with('[') => Some("a condition (`IF [ … ]`)"),
        "LOOP" if rest.starts_with('[') => Some("a loop (`LOOP [ … ]`)"),
        "FUNCTION" if rest.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') => {
            Some("a function definition (`FUNCTION name() { … }`)")
        }
        "MONSTER" | "OBJECT" => {
            let after = blank(rest.strip_prefix(':')?);
            after
                .starts_with('(')
                .then_some("a class and name in parentheses (`MONSTER: ('d', \"jackal\"), …`)")
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_of_the_36_language() {
        fn sign_of(s: &str) -> Option<(&str, &'static str)> {
            nethack36_sign(s).map(|(span, what)| (&s[span], what))
        }
        assert_eq!(
            sign_of("MAZE: \"x\", ' '\n  $place = { (1,1) }\r\n").map(|s| s.0),
            Some("$place = { (1,1) }")
        );
        assert!(sign_of("IF [50%] {\n").is_some());
        assert!(sign_of("LOOP [3] {\n").is_some());
        assert!(sign_of("FUNCTION f() {\n").is_some());
        assert!(sign_of("OBJECT: ('(', \"crystal ball\"), (1,1)\n").is_some());
        assert!(sign_of("MONSTER:('d',\"jackal\"),random\n").is_some());
        // 3.4.3's own forms, comments and map rows are no sign.
        for not in [
            "MONSTER: 'd', \"jackal\", (1,1)\n",
            "OBJECT: random, random, random\n",
            "# $x = 1\n",
            "MAP\n$x = 1\nIF [\nENDMAP\n",
            "$x == 1\n",
            "$ = 1\n",
            "IFFY [\n",
            "LEVEL: \"x\"\n",
        ] {
            assert_eq!(sign_of(not), None, "{not:?}");
        }
    }

    /// No file of a 3.4.3-family game's own has a sign.
    #[test]
    fn no_343_family_file_has_a_sign() {
        let sources = crate::des::test_sources("nh343", "nethack-3.4.3");
        // The pinned cases include one written to have a sign.
        for (path, text) in sources
            .iter()
            .filter(|(p, _)| !p.starts_with(env!("CARGO_MANIFEST_DIR")))
        {
            assert_eq!(
                nethack36_sign(text).map(|s| s.1),
                None,
                "{}",
                path.display()
            );
        }
    }
}
