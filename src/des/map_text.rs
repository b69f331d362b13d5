//! Maps drawn as text, as the level listings ([`super::LevelDisplay`],
//! [`super::nh36::ProgramDisplay`]) draw them.

use std::fmt;

/// Writes `rows` (one string of `.des` map characters each), each row on
/// a line of its own, indented by `indent` spaces, between `|` marks.
pub(crate) fn draw(f: &mut fmt::Formatter<'_>, indent: usize, rows: &[String]) -> fmt::Result {
    for row in rows {
        writeln!(f, "{:indent$}|{row}|", "")?;
    }
    Ok(())
}
