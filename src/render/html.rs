//! Drawings as HTML: each map a `<pre>` of coloured runs, where a cell
//! with something placed on it tells what on hover (full names, chances,
//! flags, messages); marked areas laid over the map in `ch` and line
//! units; a legend table under it. One page ([`page`]) or a level's
//! section of the gallery ([`section`]), with no external asset.

use std::fmt::Write as _;

use super::svg::{escape, rgb};
use super::{Drawing, Picture};

/// The style sheet of a page and of the gallery.
pub(super) fn style() -> String {
    let mut css = String::from(
        "body { background: #101010; color: #d0d0d0; font-family: sans-serif; margin: 1em; }\n\
         a { color: #80b0ff; }\n\
         .level { margin: 0 0 2em 0; }\n\
         .level h3 { margin: 0.5em 0 0.2em 0; font-family: monospace; }\n\
         .notes { margin: 0.2em 0; padding-left: 1.2em; font-size: 90%; }\n\
         .map { position: relative; display: inline-block; background: #000; padding: 0; \
         margin: 0.3em 0; border: 1px solid #303030; \
         font: 15px/18px \"DejaVu Sans Mono\", Menlo, Consolas, monospace; }\n\
         .map pre { margin: 0; font: inherit; color: #c0c0c0; }\n\
         .map pre span[title] { cursor: help; }\n\
         .area { position: absolute; box-sizing: border-box; pointer-events: none; }\n\
         .area.lit, .area-key.lit { background: rgba(255,255,128,0.13); }\n\
         .area.unlit, .area-key.unlit { background: rgba(0,0,64,0.35); outline: 1px solid rgba(128,128,255,0.5); }\n\
         .area.rlit, .area-key.rlit { background: rgba(255,255,128,0.06); outline: 1px dashed rgba(255,255,128,0.5); }\n\
         .area.nodig, .area-key.nodig { outline: 2px solid #ff9030; }\n\
         .area.nopass, .area-key.nopass { outline: 1px dashed #ff70ff; }\n\
         .area.lregion, .area-key.lregion { background: rgba(48,176,176,0.12); outline: 1px dotted #70ffff; }\n\
         .area.place, .area-key.place { outline: 1px dashed #ffffff; }\n\
         .area.select, .area-key.select { background: rgba(48,176,48,0.15); outline: 1px solid #60ff60; }\n\
         .area.cond { opacity: 0.6; }\n\
         .area-key { display: inline-block; width: 1.4em; height: 0.9em; }\n\
         table.legend { border-collapse: collapse; font-size: 85%; margin-bottom: 0.5em; }\n\
         table.legend td { padding: 0 0.6em 0 0; vertical-align: top; }\n\
         table.legend td.g { font-family: monospace; background: #000; text-align: center; \
         padding: 0 0.3em; }\n\
         .cond { font-style: italic; }\n\
         details.legend > summary { font-size: 85%; color: #909090; cursor: pointer; }\n",
    );
    for c in 0..16u8 {
        let _ = writeln!(css, ".c{c} {{ color: {}; }}", rgb(c));
    }
    css
}

/// `drawings` as one HTML page.
pub(super) fn page(drawings: &[Drawing]) -> String {
    let title = match drawings {
        [one] => format!("level {}", one.name),
        _ => format!("{} levels", drawings.len()),
    };
    let mut body = String::new();
    for d in drawings {
        body.push_str(&section(d, "", true));
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n\
         <style>\n{}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        escape(&title),
        style()
    )
}

/// One level: its name, notes, maps with their legends (shown, or folded
/// unless `open`); its id starts with `prefix` ([`anchor`]).
pub(super) fn section(d: &Drawing, prefix: &str, open: bool) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<section class=\"level\" data-name=\"{}\" id=\"{}\">\n<h3>{}</h3>\n",
        escape(&d.name),
        anchor(prefix, &d.file, &d.name),
        escape(&d.name)
    );
    if !d.notes.is_empty() {
        out.push_str("<ul class=\"notes\">");
        for n in &d.notes {
            let _ = write!(out, "<li>{}</li>", escape(n));
        }
        out.push_str("</ul>\n");
    }
    for p in &d.pictures {
        picture(&mut out, p, open);
    }
    out.push_str("</section>\n");
    out
}

/// The page anchor of level `name` of `file`, after `prefix`: letters,
/// digits, `-` and `_`.
pub(super) fn anchor(prefix: &str, file: &str, name: &str) -> String {
    format!("{prefix}level-{file}-{name}")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn picture(out: &mut String, p: &Picture, open: bool) {
    let _ = writeln!(out, "<p class=\"notes\">{}</p>", escape(&p.title));
    // Hover text per cell: every legend entry drawn there.
    let mut hover: Vec<Vec<usize>> = vec![Vec::new(); p.cells.len()];
    for (i, e) in p.legend.iter().enumerate() {
        if let Some((x, y)) = e.at {
            hover[y as usize * p.width + x as usize].push(i);
        }
    }
    let _ = write!(
        out,
        "<div class=\"map\" style=\"width:{}ch\" data-cells=\"{}x{}\">",
        p.width, p.width, p.height
    );
    for a in &p.areas {
        let (x1, y1, x2, y2) = a.rect;
        let (x1, x2) = (x1.max(0), x2.min(p.width as i32 - 1));
        let (y1, y2) = (y1.max(0), y2.min(p.height as i32 - 1));
        if x2 < x1 || y2 < y1 {
            continue;
        }
        let _ = write!(
            out,
            "<div class=\"area {}{}\" style=\"left:{x1}ch;top:{}px;width:{}ch;height:{}px\"></div>",
            a.kind.class(),
            if a.conditional { " cond" } else { "" },
            y1 * 18,
            x2 - x1 + 1,
            (y2 - y1 + 1) * 18
        );
    }
    out.push_str("<pre>");
    for y in 0..p.height {
        let row = &p.cells[y * p.width..(y + 1) * p.width];
        let mut x = 0;
        while x < row.len() {
            let c = row[x];
            let here = &hover[y * p.width + x];
            if !here.is_empty() {
                let text: Vec<String> = here.iter().map(|&i| entry_text(&p.legend[i])).collect();
                let _ = write!(
                    out,
                    "<span class=\"c{}\" title=\"{}\">{}</span>",
                    c.colour,
                    escape(&text.join("\n")),
                    escape(&c.glyph.to_string())
                );
                x += 1;
                continue;
            }
            // A run of one colour with nothing placed on it.
            let mut end = x + 1;
            while end < row.len()
                && row[end].colour == c.colour
                && hover[y * p.width + end].is_empty()
            {
                end += 1;
            }
            let text: String = row[x..end].iter().map(|c| c.glyph).collect();
            if c.colour == super::NO_COLOUR || text.trim().is_empty() {
                out.push_str(&escape(&text));
            } else {
                let _ = write!(
                    out,
                    "<span class=\"c{}\">{}</span>",
                    c.colour,
                    escape(&text)
                );
            }
            x = end;
        }
        out.push('\n');
    }
    out.push_str("</pre></div>\n");
    if !p.legend.is_empty() || !p.areas.is_empty() {
        let _ = write!(
            out,
            "<details class=\"legend\"{}><summary>legend ({} line{})</summary><table class=\"legend\">",
            if open { " open" } else { "" },
            p.legend.len() + p.areas.len(),
            if p.legend.len() + p.areas.len() == 1 { "" } else { "s" }
        );
        for e in &p.legend {
            let _ = write!(
                out,
                "<tr{}><td class=\"g c{}\">{}</td><td>{}</td><td>{}</td></tr>",
                if e.conditional { " class=\"cond\"" } else { "" },
                e.colour,
                escape(&e.glyph.to_string()),
                escape(&e.place),
                escape(&e.text)
            );
        }
        for a in &p.areas {
            let _ = write!(
                out,
                "<tr{}><td class=\"g\"><span class=\"area-key {}\"></span></td><td></td><td>{}</td></tr>",
                if a.conditional { " class=\"cond\"" } else { "" },
                a.kind.class(),
                escape(&a.text)
            );
        }
        out.push_str("</table></details>\n");
    }
}

/// A legend entry as hover text: where, what.
fn entry_text(e: &super::Entry) -> String {
    let c = if e.conditional { " (conditional)" } else { "" };
    format!("{}: {}{c}", e.place, e.text)
}
