//! Maps drawn as text, as the level listings ([`super::LevelDisplay`],
//! [`super::nh36::ProgramDisplay`]) draw them: under a ruler of column
//! numbers, each row after its number, with nothing around the cells that
//! a map could hold.

use std::fmt;

/// Writes `rows` (one string of `.des` map characters each, all of one
/// width) indented by `indent` spaces, in a margin that cannot be read as
/// part of the map:
///
/// ```text
///        0         1
///        01234567890123
///      0 --------------
///      1 |............|
///      2 --------------
/// ```
///
/// Above the map, each column's number reads downwards (tens over units;
/// the tens only every tenth column); before each row, its number and one
/// space. The cells start right after that space, one character each (a
/// space is stone) and nothing follows the last, so an `(x,y)` of the
/// legend is the cell under column number x on row y.
pub(crate) fn draw(f: &mut fmt::Formatter<'_>, indent: usize, rows: &[String]) -> fmt::Result {
    let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let number_width = rows.len().saturating_sub(1).to_string().len();
    let margin = indent + number_width + 1;
    // One ruler line per digit of the widest column number, most
    // significant first; a digit above the units only where it changes.
    let places = if width == 0 {
        0
    } else {
        (width - 1).to_string().len()
    };
    for place in (0..places).rev() {
        let unit = 10usize.pow(place as u32);
        let line: String = (0..width)
            .map(|x| {
                if x % unit == 0 {
                    char::from(b'0' + ((x / unit) % 10) as u8)
                } else {
                    ' '
                }
            })
            .collect();
        writeln!(f, "{:margin$}{}", "", line.trim_end())?;
    }
    for (y, row) in rows.iter().enumerate() {
        writeln!(f, "{:indent$}{y:>number_width$} {row}", "")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Map(Vec<String>, usize);

    impl fmt::Display for Map {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            draw(f, self.1, &self.0)
        }
    }

    fn map(rows: &[&str], indent: usize) -> String {
        Map(rows.iter().map(|r| r.to_string()).collect(), indent).to_string()
    }

    #[test]
    fn the_frame_is_numbers_and_no_map_character() {
        assert_eq!(
            map(&["-----", "|D.{|", "-----"], 4),
            "      01234\n\
             \x20   0 -----\n\
             \x20   1 |D.{|\n\
             \x20   2 -----\n"
        );
        // No `|` or `-` a wall could be mistaken for: every character the
        // frame adds is a digit or a space.
        let drawn = map(&["...", ".|."], 2);
        for (line, row) in drawn.lines().skip(1).zip(["...", ".|."]) {
            let frame = line.strip_suffix(row).unwrap();
            assert!(
                frame.chars().all(|c| c == ' ' || c.is_ascii_digit()),
                "{line:?}"
            );
        }
    }

    #[test]
    fn wide_and_tall_maps_number_tens_every_tenth_column() {
        let rows: Vec<String> = (0..12).map(|_| ".".repeat(23)).collect();
        let drawn = Map(rows, 0).to_string();
        let lines: Vec<&str> = drawn.lines().collect();
        assert_eq!(lines[0], "   0         1         2");
        assert_eq!(lines[1], "   01234567890123456789012");
        assert_eq!(lines[2], " 0 .......................");
        assert_eq!(lines[13], "11 .......................");
    }
}
