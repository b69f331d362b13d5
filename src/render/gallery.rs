//! The gallery of a build: one self-contained `index.html` (style and
//! script inline, nothing fetched, so it works from `file://`) with every
//! level of every set, grouped by its `.des` file, a search by level
//! name, and each set's dungeon drawn as a branch diagram.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Arc;

use super::html::{anchor, section, style};
use super::svg::escape;
use super::Drawing;
use crate::dungeon::Dungeon;
use crate::game::Game;

/// One level set of the gallery: its levels by file and its dungeons.
pub(crate) struct SetPage {
    /// The set's source directory, as given.
    pub title: String,
    /// Its game.
    pub game: Arc<Game>,
    /// Each `.des` file (its path in the set) with its levels drawn.
    pub files: Vec<(String, Vec<Drawing>)>,
    /// Each dungeon file with its layout.
    pub dungeons: Vec<(String, Dungeon)>,
}

/// The search: hides the levels whose name does not hold the query, and
/// the files left without any; counts what is shown.
const SCRIPT: &str = r#"
const q = document.getElementById('q');
const count = document.getElementById('count');
function search() {
  const want = q.value.trim().toLowerCase();
  let shown = 0;
  for (const file of document.querySelectorAll('details.file')) {
    let here = 0;
    for (const level of file.querySelectorAll('section.level')) {
      const hit = level.dataset.name.toLowerCase().includes(want);
      level.hidden = !hit;
      if (hit) here++;
    }
    file.hidden = here === 0;
    if (want && here) file.open = true;
    shown += here;
  }
  count.textContent = shown + ' level(s)';
}
q.addEventListener('input', search);
search();
"#;

/// The gallery page of `sets`.
pub(crate) fn page(sets: &[SetPage]) -> String {
    let levels: usize = (sets.iter().flat_map(|s| &s.files))
        .map(|(_, d)| d.len())
        .sum();
    let mut body = String::new();
    let mut toc = String::new();
    for (n, set) in sets.iter().enumerate() {
        let prefix = if sets.len() > 1 {
            format!("s{n}-")
        } else {
            String::new()
        };
        let _ = writeln!(
            body,
            "<h2 id=\"{prefix}set\">{} — {} {}</h2>",
            escape(&set.title),
            escape(set.game.name()),
            escape(set.game.version())
        );
        let _ = write!(
            toc,
            "<li><a href=\"#{prefix}set\">{}</a>: ",
            escape(&set.title)
        );
        // Each level's anchor by name, for the dungeon's links.
        let mut anchors: HashMap<&str, String> = HashMap::new();
        for (file, drawings) in &set.files {
            for d in drawings {
                anchors
                    .entry(d.name.as_str())
                    .or_insert_with(|| anchor(&prefix, file, &d.name));
            }
        }
        for (file, dungeon) in &set.dungeons {
            let _ = writeln!(
                body,
                "<section class=\"dungeon-file\"><h3>{}</h3>",
                escape(file)
            );
            let link = |name: &str| anchors.get(name).cloned();
            body.push_str(&super::dungeon::diagram(dungeon, &set.game, &prefix, &link));
            body.push_str("</section>\n");
        }
        for (file, drawings) in &set.files {
            let id = anchor(&prefix, file, "");
            let _ = write!(toc, "<a href=\"#{id}\">{}</a> ", escape(file));
            let _ = writeln!(
                body,
                "<details class=\"file\" open id=\"{id}\"><summary>{} ({} level{})</summary>",
                escape(file),
                drawings.len(),
                if drawings.len() == 1 { "" } else { "s" }
            );
            for d in drawings {
                body.push_str(&section(d, &prefix, false));
            }
            body.push_str("</details>\n");
        }
        toc.push_str("</li>\n");
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>levbuild gallery: {levels} levels</title>\n<style>\n{}{GALLERY_STYLE}</style>\n\
         </head>\n<body>\n<header><h1>{levels} levels</h1>\n\
         <input id=\"q\" type=\"search\" placeholder=\"search level names\" autofocus> \
         <span id=\"count\"></span>\n<ul class=\"toc\">\n{toc}</ul></header>\n{body}\
         <script>{SCRIPT}</script>\n</body>\n</html>\n",
        style()
    )
}

/// What the gallery adds to a page's style: the header, the file groups
/// and the dungeon diagram.
const GALLERY_STYLE: &str = "\
header { position: sticky; top: 0; background: #101010; padding: 0.3em 0; z-index: 1; \
border-bottom: 1px solid #303030; }\n\
header h1 { display: inline; font-size: 130%; margin-right: 1em; }\n\
#q { font-size: 110%; width: 20em; }\n\
.toc { font-size: 85%; max-height: 6em; overflow: auto; margin: 0.3em 0; }\n\
details.file > summary { font-family: monospace; font-size: 120%; cursor: pointer; \
margin: 0.8em 0 0.3em 0; }\n\
.dungeons { display: flex; flex-wrap: wrap; gap: 0.8em; align-items: flex-start; }\n\
.dungeon { border: 1px solid #506070; border-radius: 6px; padding: 0.3em 0.8em; \
background: #161c22; }\n\
.dungeon h4 { margin: 0.2em 0; }\n\
.dungeon ol { margin: 0.2em 0; padding-left: 1.2em; }\n\
.dinfo { color: #909090; font-size: 85%; }\n\
.dbranch { list-style: none; margin-left: -1em; color: #70ffff; }\n";
