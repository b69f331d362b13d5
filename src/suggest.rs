//! "Did you mean …?": the known name closest to a misspelt one.

/// The candidate closest to `name` by edit distance, if one is close
/// enough to be a likely typo (at most a third of the name's length, and
/// at least one edit). Ties go to the earlier candidate.
pub(crate) fn closest<'c>(
    name: &str,
    candidates: impl IntoIterator<Item = &'c str>,
) -> Option<&'c str> {
    let length = name.chars().count();
    let limit = (length / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        // The distance is at least the difference in length: a candidate
        // too short or too long is not measured (a 64 KB string against
        // every object name took most of a second).
        if candidate.is_empty()
            || candidate == name
            || candidate.chars().count().abs_diff(length) > limit
        {
            continue;
        }
        let d = distance(name, candidate);
        if d <= limit && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// Edit distance over characters, ASCII case ignored: insertions,
/// deletions, substitutions and swaps of two neighbours (`LEVLE` is one
/// edit from `LEVEL`), each one edit (the optimal string alignment
/// distance).
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().map(|c| c.to_ascii_lowercase()).collect();
    let b: Vec<char> = b.chars().map(|c| c.to_ascii_lowercase()).collect();
    // Rows i-2, i-1 and i of the table of distances between prefixes.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut above: Vec<usize> = (0..=b.len()).collect();
    let mut row = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (above[j] + 1).min(row[j - 1] + 1).min(above[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        std::mem::swap(&mut before, &mut above);
        std::mem::swap(&mut above, &mut row);
    }
    above[b.len()]
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
        assert_eq!(distance("abc", ""), 3);
        // A swap of neighbours is one edit.
        assert_eq!(distance("LEVLE", "LEVEL"), 1);
        assert_eq!(distance("ca", "abc"), 3);
        assert_eq!(closest("LEVLE", ["LEVEL", "LEVALIGN"]), Some("LEVEL"));
        // Candidates whose length alone puts them past the limit are
        // skipped, which changes no answer.
        assert_eq!(closest(&"x".repeat(1 << 16), ["arrow"; 1000]), None);
        assert_eq!(closest("soldier antx", names), Some("soldier ant"));
    }
}
