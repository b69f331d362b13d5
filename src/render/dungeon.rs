//! A dungeon layout (`dungeon.def`) drawn as a branch diagram in HTML:
//! each dungeon a box of its special levels in order of depth, with their
//! place (base and random range), chance and flags in the game's words,
//! and its branches, each an arrow up or down to the box of the dungeon it
//! leads to.

use std::fmt::Write as _;

use super::svg::escape;
use crate::dungeon::display::flag_words;
use crate::dungeon::{Couple, Dungeon};
use crate::game::Game;

/// A place as `dungeon.def` writes it, `(base, range)`, with its chain.
fn place(at: Couple, chain: Option<usize>, names: &[&str]) -> String {
    let couple = format!("({}, {})", at.base, at.rand);
    match chain.and_then(|c| names.get(c)) {
        Some(name) => format!("{couple} from {name}"),
        None => couple,
    }
}

/// The sort key of a place: depth from the top, levels counted from the
/// bottom after all others, chained ones after what they are chained to.
fn depth_key(at: Couple, chain: Option<usize>, keys: &[(i32, i32)]) -> (i32, i32) {
    match chain.and_then(|c| keys.get(c)) {
        Some(&(anchor, _)) => (anchor, i32::from(at.base)),
        None if at.base < 0 => (1000 + i32::from(at.base), 0),
        None => (i32::from(at.base), 0),
    }
}

/// The anchor of a dungeon's box in a page whose ids start with `prefix`.
fn dungeon_id(prefix: &str, name: &str) -> String {
    let name: String = (name.chars())
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("{prefix}dungeon-{name}")
}

/// `dungeon` (of `game`) as an HTML diagram; `link` gives the page anchor
/// of a level's picture by its name, when the page has one; ids start
/// with `prefix`.
pub(crate) fn diagram(
    dungeon: &Dungeon,
    game: &Game,
    prefix: &str,
    link: &dyn Fn(&str) -> Option<String>,
) -> String {
    let descriptors: Vec<(&str, i32)> = (game.format().numbering.dungeon_descriptors.iter())
        .map(|(w, v)| (&**w, *v))
        .collect();
    let all: Vec<&crate::dungeon::LevelDef> = dungeon.all_levels().collect();
    let names: Vec<&str> = all.iter().map(|l| l.name.as_str()).collect();
    // Each level's depth key, in order (a chain points at an earlier one).
    let mut keys: Vec<(i32, i32)> = Vec::with_capacity(all.len());
    for l in &all {
        let key = depth_key(l.at, l.chain, &keys);
        keys.push(key);
    }
    let mut out = String::from("<div class=\"dungeons\">\n");
    let mut index = 0;
    for d in &dungeon.dungeons {
        let _ = write!(
            out,
            "<div class=\"dungeon\" id=\"{}\"><h4>{}</h4><p class=\"dinfo\">depth {}{}{}{}</p>\n<ol>",
            dungeon_id(prefix, &d.name),
            escape(&d.name),
            place(d.depth, None, &names),
            match d.chance {
                0 | 100 => String::new(),
                c => format!(", {c}% chance"),
            },
            match d.flags {
                0 => String::new(),
                f => format!(", {}", flag_words(f, &descriptors)),
            },
            match d.bones {
                Some(b) => format!(", bones {}", escape(&crate::text::decode(&[b]))),
                None => String::new(),
            },
        );
        let mut rows: Vec<((i32, i32), String)> = Vec::new();
        for l in &d.levels {
            let key = keys[index];
            index += 1;
            let shown = if l.rndlevs > 0 {
                format!("{}-1 … {}-{}", l.name, l.name, l.rndlevs)
            } else {
                l.name.clone()
            };
            let first = if l.rndlevs > 0 {
                format!("{}-1", l.name)
            } else {
                l.name.clone()
            };
            let name = match link(&first) {
                Some(anchor) => format!("<a href=\"#{anchor}\">{}</a>", escape(&shown)),
                None => escape(&shown),
            };
            let mut text = format!(
                "<li class=\"dlevel\">{name} <span class=\"dinfo\">at {}",
                place(l.at, l.chain, &names)
            );
            if l.chance != 100 {
                let _ = write!(text, ", {}% chance", l.chance);
            }
            if l.flags != 0 {
                let _ = write!(text, ", {}", flag_words(l.flags, &descriptors));
            }
            text.push_str("</span></li>");
            rows.push((key, text));
        }
        for b in &d.branches {
            let key = depth_key(b.at, b.chain, &keys);
            let arrow = if b.up { "↑" } else { "↓" };
            let dir = if b.up { "up" } else { "down" };
            let text = format!(
                "<li class=\"dbranch\">{arrow} <a href=\"#{}\">{}</a> <span class=\"dinfo\">{} {dir} at {}</span></li>",
                dungeon_id(prefix, &b.dest),
                escape(&b.dest),
                b.kind.name(),
                place(b.at, b.chain, &names)
            );
            rows.push((key, text));
        }
        rows.sort_by_key(|(key, _)| *key);
        for (_, row) in rows {
            out.push_str(&row);
        }
        out.push_str("</ol></div>\n");
    }
    out.push_str("</div>\n");
    out
}
