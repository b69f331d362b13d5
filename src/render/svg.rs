//! Drawings as one self-contained SVG image: each map's cells on black in
//! the tty colours (each run of one colour a `<text>` stretched to its
//! cells, so the grid holds whatever monospace font draws it), marked
//! areas outlined, and the notes and legend in text under each map.

use std::fmt::Write as _;

use super::{AreaKind, Colour, Drawing, Picture};

/// A cell's width and height, in pixels.
const CELL_W: usize = 10;
const CELL_H: usize = 18;
/// A line of notes or legend, in pixels.
const LINE_H: usize = 16;
const MARGIN: usize = 8;

/// The colour a tty colour is drawn in on black.
pub(super) fn rgb(c: Colour) -> &'static str {
    [
        "#6c6c6c", "#d03030", "#30b030", "#b07020", "#4060e0", "#b040b0", "#30b0b0", "#c0c0c0",
        "#c0c0c0", "#ff9030", "#60ff60", "#ffff50", "#7090ff", "#ff70ff", "#70ffff", "#ffffff",
    ][usize::from(c.min(15))]
}

/// The outline and fill of an area of `kind`.
fn area_style(kind: &AreaKind) -> &'static str {
    match kind {
        AreaKind::Lit => {
            r##"fill="#ffff80" fill-opacity="0.13" stroke="#ffff80" stroke-opacity="0.5""##
        }
        AreaKind::Unlit => {
            r##"fill="#000040" fill-opacity="0.35" stroke="#8080ff" stroke-opacity="0.5""##
        }
        AreaKind::RandomLight => {
            r##"fill="#ffff80" fill-opacity="0.06" stroke="#ffff80" stroke-dasharray="4 3" stroke-opacity="0.5""##
        }
        AreaKind::NonDiggable => r##"fill="none" stroke="#ff9030" stroke-width="2""##,
        AreaKind::NonPasswall => r##"fill="none" stroke="#ff70ff" stroke-dasharray="6 3""##,
        AreaKind::LevelRegion(_) => {
            r##"fill="#30b0b0" fill-opacity="0.12" stroke="#70ffff" stroke-dasharray="2 2""##
        }
        AreaKind::Place(..) => r##"fill="none" stroke="#ffffff" stroke-dasharray="2 2""##,
        AreaKind::Selection => r##"fill="#30b030" fill-opacity="0.15" stroke="#60ff60""##,
    }
}

/// Text escaped for XML.
pub(super) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            // XML 1.0 has no other control characters.
            c if c < ' ' && c != '\n' && c != '\t' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// Each run of cells of one colour in a row: start column, text, colour
/// (blanks skipped).
pub(super) fn runs(p: &Picture, y: usize) -> Vec<(usize, String, Colour)> {
    let row = &p.cells[y * p.width..(y + 1) * p.width];
    let mut runs: Vec<(usize, String, Colour)> = Vec::new();
    for (x, c) in row.iter().enumerate() {
        if c.glyph == ' ' {
            continue;
        }
        match runs.last_mut() {
            Some((start, text, colour))
                if *colour == c.colour && *start + text.chars().count() == x =>
            {
                text.push(c.glyph)
            }
            _ => runs.push((x, c.glyph.to_string(), c.colour)),
        }
    }
    runs
}

/// `drawings` as one SVG image.
pub(super) fn write(drawings: &[Drawing]) -> String {
    let width = drawings
        .iter()
        .flat_map(|d| &d.pictures)
        .map(|p| p.width * CELL_W)
        .max()
        .unwrap_or(0)
        .max(640)
        + 2 * MARGIN;
    let mut body = String::new();
    let mut y = MARGIN;
    for d in drawings {
        y += LINE_H;
        let mut title = format!("level {}", d.name);
        if !d.file.is_empty() {
            let _ = write!(title, " ({})", d.file);
        }
        line(&mut body, y, &title, "title");
        for note in &d.notes {
            y += LINE_H;
            line(&mut body, y, note, "note");
        }
        for p in &d.pictures {
            y += LINE_H;
            line(&mut body, y, &p.title, "note");
            y += LINE_H / 2;
            picture(&mut body, p, MARGIN, y);
            y += p.height * CELL_H;
            for e in &p.legend {
                y += LINE_H;
                let mut text = String::new();
                if !e.place.is_empty() {
                    let _ = write!(text, "{}: ", e.place);
                }
                if e.conditional {
                    text.push_str("(conditional) ");
                }
                text.push_str(&e.text);
                let _ = write!(
                    body,
                    r#"<text x="{MARGIN}" y="{y}" class="legend"><tspan fill="{}">{}</tspan> {}</text>"#,
                    rgb(e.colour),
                    escape(&e.glyph.to_string()),
                    escape(&text)
                );
                body.push('\n');
            }
            for a in &p.areas {
                y += LINE_H;
                let c = if a.conditional { "(conditional) " } else { "" };
                line(&mut body, y, &format!("  {c}{}", a.text), "legend");
            }
            y += LINE_H / 2;
        }
        y += LINE_H;
    }
    let height = y + MARGIN;
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" xml:space="preserve">
<style>text {{ font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; }} .cell {{ font-size: 16px; }} .title {{ font-size: 15px; font-weight: bold; fill: #ffffff; }} .note {{ font-size: 13px; fill: #c0c0c0; }} .legend {{ font-size: 12px; fill: #a0a0a0; }}</style>
<rect width="100%" height="100%" fill="#000000"/>
{body}</svg>
"##
    )
}

/// One line of text at `y`.
fn line(body: &mut String, y: usize, text: &str, class: &str) {
    let _ = writeln!(
        body,
        r#"<text x="{MARGIN}" y="{y}" class="{class}">{}</text>"#,
        escape(text)
    );
}

/// A picture's areas and cells with its top left corner at (x0, y0).
fn picture(body: &mut String, p: &Picture, x0: usize, y0: usize) {
    let _ = writeln!(
        body,
        r##"<rect x="{x0}" y="{y0}" width="{}" height="{}" fill="none" stroke="#303030"/>"##,
        p.width * CELL_W,
        p.height * CELL_H
    );
    for a in &p.areas {
        let (x1, y1, x2, y2) = a.rect;
        let (x1, x2) = (
            x1.clamp(0, p.width as i32),
            x2.clamp(-1, p.width as i32 - 1),
        );
        let (y1, y2) = (
            y1.clamp(0, p.height as i32),
            y2.clamp(-1, p.height as i32 - 1),
        );
        if x2 < x1 || y2 < y1 {
            continue;
        }
        let _ = writeln!(
            body,
            r#"<rect x="{}" y="{}" width="{}" height="{}" {}><title>{}</title></rect>"#,
            x0 + x1 as usize * CELL_W,
            y0 + y1 as usize * CELL_H,
            (x2 - x1 + 1) as usize * CELL_W,
            (y2 - y1 + 1) as usize * CELL_H,
            area_style(&a.kind),
            escape(&a.text)
        );
    }
    for y in 0..p.height {
        let baseline = y0 + y * CELL_H + CELL_H - 4;
        for (x, text, colour) in runs(p, y) {
            let _ = writeln!(
                body,
                r#"<text x="{}" y="{baseline}" class="cell" fill="{}" textLength="{}" lengthAdjust="spacingAndGlyphs">{}</text>"#,
                x0 + x * CELL_W,
                rgb(colour),
                text.chars().count() * CELL_W,
                escape(&text)
            );
        }
    }
}
