//! Drawings as text: each map under a ruler of column numbers, each row
//! after its number (the levels' listings' frame), then the legend; with
//! `ansi`, the cells in the game's tty colours.

use std::fmt::{self, Write as _};

use super::{Colour, Drawing, Picture, NO_COLOUR};

/// `drawings` as text, coloured with ANSI escapes when `ansi`.
pub(super) fn write(drawings: &[Drawing], ansi: bool) -> String {
    let mut out = String::new();
    for (i, d) in drawings.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        drawing(&mut out, d, ansi);
    }
    out
}

fn drawing(out: &mut String, d: &Drawing, ansi: bool) {
    let _ = write!(out, "level {}", crate::text::quoted(&d.name));
    if !d.file.is_empty() {
        let _ = write!(out, " ({})", d.file);
    }
    out.push('\n');
    for note in &d.notes {
        let _ = writeln!(out, "  {note}");
    }
    for p in &d.pictures {
        picture(out, p, ansi);
    }
}

/// The rows of a picture in the listings' frame.
struct Ruled<'a>(&'a [String]);

impl fmt::Display for Ruled<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::des::map_text::draw(f, 4, self.0)
    }
}

fn picture(out: &mut String, p: &Picture, ansi: bool) {
    let _ = writeln!(out, "  {}", p.title);
    if p.cells.iter().all(|c| c.glyph == ' ') {
        out.push_str("    (nothing on it has a fixed place)\n");
    } else {
        grid(out, p, ansi);
    }
    legend(out, p, ansi);
}

/// The picture's cells in the listings' frame.
fn grid(out: &mut String, p: &Picture, ansi: bool) {
    let rows: Vec<String> = p.rows().collect();
    let ruled = Ruled(&rows).to_string();
    let lines: Vec<&str> = ruled.lines().collect();
    let ruler = lines.len() - rows.len();
    for (i, line) in lines.iter().enumerate() {
        match i.checked_sub(ruler) {
            Some(y) if ansi => {
                // The frame, then the row's cells coloured.
                let frame = line.chars().count() - rows[y].chars().count();
                out.extend(line.chars().take(frame));
                coloured_row(out, &p.cells[y * p.width..(y + 1) * p.width]);
            }
            _ => out.push_str(line),
        }
        out.push('\n');
    }
}

/// The legend and the marked areas, one line each.
fn legend(out: &mut String, p: &Picture, ansi: bool) {
    if !p.legend.is_empty() {
        out.push_str("  legend:\n");
        for e in &p.legend {
            let mark = match (e.glyph, ansi) {
                (' ', _) => "  ".to_string(),
                (g, true) => format!("{} ", paint(g, e.colour)),
                (g, false) => format!("{g} "),
            };
            let mut line = format!("    {mark}");
            if !e.place.is_empty() {
                let _ = write!(line, "{}: ", e.place);
            }
            if e.conditional {
                line.push_str("(conditional) ");
            }
            line.push_str(&e.text);
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
    if !p.areas.is_empty() {
        out.push_str("  areas:\n");
        for a in &p.areas {
            let c = if a.conditional { "(conditional) " } else { "" };
            let _ = writeln!(out, "    {c}{}", a.text);
        }
    }
}

/// A row of cells, each run of one colour in one escape.
fn coloured_row(out: &mut String, cells: &[super::Cell]) {
    let mut current = NO_COLOUR;
    for c in cells {
        let colour = if c.glyph == ' ' { NO_COLOUR } else { c.colour };
        if colour != current {
            out.push_str(&sgr(colour));
            current = colour;
        }
        out.push(c.glyph);
    }
    if current != NO_COLOUR {
        out.push_str("\x1b[0m");
    }
}

/// One symbol in its colour.
fn paint(glyph: char, colour: Colour) -> String {
    match colour {
        NO_COLOUR => glyph.to_string(),
        c => format!("{}{glyph}\x1b[0m", sgr(c)),
    }
}

/// The escape that selects tty colour `c` (the 8 colours and their
/// bright forms; black as dark gray, as the game's tty shows it with
/// `use_darkgray`).
fn sgr(c: Colour) -> String {
    match c {
        NO_COLOUR => "\x1b[0m".to_string(),
        0 => "\x1b[90m".to_string(),
        1..=7 => format!("\x1b[{}m", 30 + u32::from(c)),
        c => format!("\x1b[{}m", 90 + u32::from(c.min(15) - 8)),
    }
}
