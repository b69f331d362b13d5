//! "Did you mean …?": the known name closest to a misspelt one.

/// The candidate closest to `name` by edit distance, if one is close
/// enough to be a likely typo (at most a third of the name's length, and
/// at least one edit). Ties go to the earlier candidate.
pub(crate) fn closest<'c>(
    name: &str,
    candidates: impl IntoIterator<Item = &'c str>,
) -> Option<&'c str> {
    let limit = (name.chars().count() / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        if candidate.is_empty() || candidate == name {
            continue;
        }
        let d = distance(name, candidate);
        if d <= limit && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// Levenshtein distance over characters, ASCII case ignored.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().map(|c| c.to_ascii_lowercase()).collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().map(|c| c.to_ascii_lowercase()).enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_find_their_names_and_nonsense_finds_nothing() {
        let names = ["soldier", "soldier ant", "sergeant", "jackal"];
        assert_eq!(closest("soldierx", names), Some("soldier"));
        assert_eq!(closest("Jackel", names), Some("jackal"));
        assert_eq!(closest("dragon", names), None);
        assert_eq!(
            closest("jackal", names),
            None,
            "an exact name needs no hint"
        );
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "abc"), 3);
    }
}
