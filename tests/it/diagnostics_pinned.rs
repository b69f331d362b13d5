//! Every diagnostic of the three compilers, pinned: each case under
//! `tests/data/diagnostics/<grammar>/` (a small `.des` or `.def` file) is
//! compiled and its diagnostics, rendered three ways (the snippet with a
//! caret, `--format short`, the legacy tools' lines), are compared with
//! the `.stderr` file beside it. A change of any message, label, help,
//! position or of what is reported at all shows as a diff of those files.
//! `LEVBUILD_BLESS=1` rewrites them (review the diff); see
//! `tests/data/diagnostics/README.md`.
//!
//! A second test keeps the cases complete: every message text a compiler
//! can report (found by scanning `src/`) must appear in some `.stderr` of
//! its grammar, or be listed with a reason in
//! `tests/data/diagnostics/UNREACHABLE.md`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use levbuild::diag::LegacyTool;
use levbuild::{des, dungeon, Diagnostics, Game, Layout};

/// The case directories, one per grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Grammar {
    /// NetHack 3.4.3's `.des` language.
    Nh343,
    /// NetHack 3.6's `.des` language.
    Nh36,
    /// NetHack 3.4.3's `dungeon.def` (`makedefs -e` and `dgn_comp`).
    Dungeon,
}

impl Grammar {
    const ALL: [Grammar; 3] = [Grammar::Nh343, Grammar::Nh36, Grammar::Dungeon];

    fn dir_name(self) -> &'static str {
        match self {
            Grammar::Nh343 => "nh343",
            Grammar::Nh36 => "nh36",
            Grammar::Dungeon => "dungeon",
        }
    }

    fn extension(self) -> &'static str {
        match self {
            Grammar::Nh343 | Grammar::Nh36 => "des",
            Grammar::Dungeon => "def",
        }
    }

    fn legacy_tool(self) -> LegacyTool {
        match self {
            Grammar::Nh343 => LegacyTool::LevComp,
            Grammar::Nh36 => LegacyTool::LevComp36,
            Grammar::Dungeon => LegacyTool::DgnComp,
        }
    }

    fn from_name(name: &str) -> Option<Grammar> {
        Grammar::ALL.into_iter().find(|g| g.dir_name() == name)
    }

    /// Whether this build has the grammar's compiler.
    fn compiled(self) -> bool {
        self != Grammar::Nh36 || cfg!(feature = "nethack36")
    }
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/diagnostics")
}

fn blessing() -> bool {
    // As `index_snapshots.rs` reads it: set at all means bless.
    std::env::var_os("LEVBUILD_BLESS").is_some()
}

/// Settings a case asks for in a first line `# options: …` (a comment in
/// every grammar): `extra-warnings` (lev_comp's `-w`), `game=nethack-3.4.3`
/// or `game=nethack-3.6.7`, `define=NAME` and `undefine=NAME` (makedefs
/// features of a dungeon).
#[derive(Default)]
struct CaseOptions {
    extra_warnings: bool,
    game: Option<String>,
    define: Vec<String>,
    undefine: Vec<String>,
}

fn case_options(source: &str, file: &str) -> CaseOptions {
    let mut o = CaseOptions::default();
    let Some(words) = source
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("# options:"))
    else {
        return o;
    };
    for word in words.split_whitespace() {
        match word.split_once('=') {
            None if word == "extra-warnings" => o.extra_warnings = true,
            Some(("game", g)) => o.game = Some(g.to_string()),
            Some(("define", n)) => o.define.push(n.to_string()),
            Some(("undefine", n)) => o.undefine.push(n.to_string()),
            _ => panic!("{file}: unknown option `{word}` in its `# options:` line"),
        }
    }
    o
}

/// A built-in game, or a game of `tests/data/games/NAME.game`.
fn game_named(name: &str, file: &str) -> std::sync::Arc<Game> {
    match name {
        "nethack-3.4.3" => Game::nethack_343(),
        "nethack-3.6.7" => Game::nethack_367(),
        other => {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/data/games")
                .join(format!("{other}.game"));
            let game = Game::from_identity_file(&path)
                .unwrap_or_else(|e| panic!("{file}: unknown game `{other}`: {e}"));
            std::sync::Arc::new(game)
        }
    }
}

/// Compiles one case with the library API and returns its diagnostics
/// (the errors with the warnings, or the warnings of a success).
fn compile(grammar: Grammar, source: &str, file: &str) -> Diagnostics {
    let o = case_options(source, file);
    match grammar {
        Grammar::Nh343 | Grammar::Nh36 => {
            let default_game = match grammar {
                Grammar::Nh343 => "nethack-3.4.3",
                _ => "nethack-3.6.7",
            };
            assert!(
                o.define.is_empty() && o.undefine.is_empty(),
                "{file}: define/undefine are dungeon options"
            );
            // 3.6's extra warnings are levbuild's notes on what its
            // lev_comp writes: every 3.6 case shows them.
            let options =
                des::Options::for_game(game_named(o.game.as_deref().unwrap_or(default_game), file))
                    .with_layout(Layout::LP64)
                    .with_extra_warnings(o.extra_warnings || grammar == Grammar::Nh36);
            match des::compile_levels(source, file, &options) {
                Ok(blobs) => blobs.warnings,
                Err(d) => d,
            }
        }
        Grammar::Dungeon => {
            assert!(!o.extra_warnings, "{file}: extra-warnings is a .des option");
            let game = game_named(o.game.as_deref().unwrap_or("nethack-3.4.3"), file);
            let mut features = game.features().clone();
            for n in &o.define {
                features = features.define(n);
            }
            for n in &o.undefine {
                features = features.undefine(n);
            }
            let options =
                dungeon::Options::for_game(std::sync::Arc::new(game.with_features(features)))
                    .with_layout(Layout::LP64);
            match dungeon::compile(source, file, &options) {
                Ok(out) => out.warnings,
                Err(d) => d,
            }
        }
    }
}

/// What a `.stderr` file holds: the rich rendering without colour, the
/// short lines, the legacy tool's lines.
fn render(grammar: Grammar, d: &Diagnostics) -> String {
    if d.is_empty() {
        return NO_DIAGNOSTICS.to_string();
    }
    let mut out = d.render(false);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str("--- short ---\n");
    for line in d.short() {
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str("--- legacy ---\n");
    for line in d.legacy_lines(grammar.legacy_tool()) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Whether a rendering is that of no diagnostic at all.
fn reports_nothing(rendered: &str) -> bool {
    rendered == NO_DIAGNOSTICS
}

/// The whole `.stderr` of a case that reports nothing.
const NO_DIAGNOSTICS: &str = "(no diagnostics)\n";

/// The case sources of a grammar, sorted by name.
fn cases(grammar: Grammar) -> Vec<PathBuf> {
    let dir = data_dir().join(grammar.dir_name());
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == grammar.extension()))
        .collect();
    files.sort();
    files
}

/// A unified-style diff of two texts (whole lines, with 3 lines of
/// context), from a longest common subsequence.
fn unified_diff(want: &str, got: &str) -> String {
    let a: Vec<&str> = want.lines().collect();
    let b: Vec<&str> = got.lines().collect();
    let (n, m) = (a.len(), b.len());
    let mut lcs = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    // The edit script: (' ' | '-' | '+', line).
    let mut ops = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            ops.push((' ', a[i]));
            i += 1;
            j += 1;
        } else if i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1]) {
            ops.push(('-', a[i]));
            i += 1;
        } else {
            ops.push(('+', b[j]));
            j += 1;
        }
    }
    const CONTEXT: usize = 3;
    let changed: Vec<usize> = (0..ops.len()).filter(|&k| ops[k].0 != ' ').collect();
    let mut out = String::new();
    let mut k = 0;
    while k < changed.len() {
        // A hunk: changes no more than 2 * CONTEXT unchanged lines apart.
        let first = changed[k];
        let mut last = first;
        while k + 1 < changed.len() && changed[k + 1] - last <= 2 * CONTEXT {
            k += 1;
            last = changed[k];
        }
        k += 1;
        let start = first.saturating_sub(CONTEXT);
        let end = (last + CONTEXT + 1).min(ops.len());
        let old_start = ops[..start].iter().filter(|o| o.0 != '+').count() + 1;
        let new_start = ops[..start].iter().filter(|o| o.0 != '-').count() + 1;
        let old_len = ops[start..end].iter().filter(|o| o.0 != '+').count();
        let new_len = ops[start..end].iter().filter(|o| o.0 != '-').count();
        let _ = writeln!(out, "@@ -{old_start},{old_len} +{new_start},{new_len} @@");
        for (op, line) in &ops[start..end] {
            let _ = writeln!(out, "{op}{line}");
        }
    }
    if out.is_empty() && want != got {
        out.push_str("(the texts differ only in their line endings)\n");
    }
    out
}

/// Compiles every case of `grammar` and compares (or, blessing, writes)
/// its `.stderr`.
fn check_grammar(grammar: Grammar) {
    let dir = data_dir().join(grammar.dir_name());
    let bless = blessing();
    let mut failures = Vec::new();
    let sources = cases(grammar);
    assert!(!sources.is_empty(), "no cases in {}", dir.display());
    for path in &sources {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let source = levbuild::source_text(&bytes);
        let got = render(grammar, &compile(grammar, &source, &name));
        let expected_path = path.with_extension("stderr");
        let shown = format!("{}/{}", grammar.dir_name(), name);
        if bless {
            if std::fs::read_to_string(&expected_path).ok().as_deref() != Some(&got) {
                std::fs::write(&expected_path, &got).unwrap();
            }
            continue;
        }
        if reports_nothing(&got) {
            failures.push(format!(
                "{shown}: compiles without any diagnostic; a case is there to report \
                 something: make it wrong again, or remove it (build-support/gen_diagnostics.py)"
            ));
        }
        match std::fs::read_to_string(&expected_path) {
            Ok(want) if want == got => {}
            Ok(want) => failures.push(format!(
                "{shown}: the diagnostics differ from {}\n--- {0}\n+++ compiled now\n{}",
                expected_path.file_name().unwrap().to_string_lossy(),
                unified_diff(&want, &got)
            )),
            Err(e) => failures.push(format!(
                "{shown}: {} cannot be read ({e})",
                expected_path.display()
            )),
        }
    }
    // A `.stderr` whose case is gone.
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x == "stderr")
            && !path.with_extension(grammar.extension()).exists()
        {
            if bless {
                std::fs::remove_file(&path).unwrap();
            } else {
                failures.push(format!(
                    "{}: no case `{}` beside it",
                    path.display(),
                    path.with_extension(grammar.extension())
                        .file_name()
                        .unwrap()
                        .to_string_lossy()
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} {} cases differ from their pinned diagnostics:\n\n{}\n\
         If these changes are meant, rerun with LEVBUILD_BLESS=1 \
         (`LEVBUILD_BLESS=1 cargo test --all-features --test it diagnostics_pinned`) \
         and review the diff of tests/data/diagnostics/.",
        failures.len(),
        sources.len(),
        grammar.dir_name(),
        failures.join("\n")
    );
}

#[test]
fn nh343_diagnostics_match_their_pinned_files() {
    check_grammar(Grammar::Nh343);
}

#[cfg(feature = "nethack36")]
#[test]
fn nh36_diagnostics_match_their_pinned_files() {
    check_grammar(Grammar::Nh36);
}

#[test]
fn dungeon_diagnostics_match_their_pinned_files() {
    check_grammar(Grammar::Dungeon);
}

/// The cases are the script's (`build-support/gen_diagnostics.py`): a case
/// written by hand would be deleted by its next run.
#[test]
fn the_cases_are_what_the_script_writes() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("build-support/gen_diagnostics.py");
    let out = match std::process::Command::new("python3")
        .arg(&script)
        .arg("--check")
        .output()
    {
        Ok(out) => out,
        Err(e) => return crate::common::skip(&format!("python3 cannot be run ({e})")),
    };
    assert!(
        out.status.success(),
        "{}{}\nadd the cases to the script and run it",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

// ---------------------------------------------------------------------
// Coverage: every message text of the compilers' sources is pinned.
// ---------------------------------------------------------------------

/// Which compilers report the messages of a source file (relative to
/// `src/`, with `/`), or `None` for a file no compiler uses. The first
/// prefix that matches counts.
const SOURCE_OWNERS: &[(&str, &[Grammar])] = &[
    ("des/nh343/", &[Grammar::Nh343]),
    ("des/nh36/", &[Grammar::Nh36]),
    // `compile_levels`' own errors are about 3.6 files.
    ("des/mod.rs", &[Grammar::Nh36]),
    ("des/scan.rs", &[Grammar::Nh343, Grammar::Nh36]),
    ("dungeon/", &[Grammar::Dungeon]),
    (
        "c_number.rs",
        &[Grammar::Nh343, Grammar::Nh36, Grammar::Dungeon],
    ),
    (
        "parsing.rs",
        &[Grammar::Nh343, Grammar::Nh36, Grammar::Dungeon],
    ),
];

/// Messages that reach `Reporter::error`/`warning` through a variable (a
/// helper's parameter or a `let`), which the scan cannot follow. Each must
/// still be a string literal of that compiler's sources.
const INDIRECT: &[(Grammar, &str)] = &[
    // nh343: `push_limited(…, message)`.
    (Grammar::Nh343, "Too many monsters in room or mazepart!"),
    (Grammar::Nh343, "Too many objects in room or mazepart!"),
    (Grammar::Nh343, "Too many traps in room or mazepart!"),
    (Grammar::Nh343, "Too many altars in room or mazepart!"),
    (Grammar::Nh343, "Too many fountains in room or mazepart!"),
    (Grammar::Nh343, "Too many stairs in room or mazepart!"),
    (Grammar::Nh343, "Too many golds in room or mazepart!"),
    (Grammar::Nh343, "Too many engravings in room or mazepart!"),
    (Grammar::Nh343, "Too many doors in mazepart!"),
    (Grammar::Nh343, "Too many drawbridges in mazepart!"),
    (Grammar::Nh343, "Too many mazewalks in mazepart!"),
    (Grammar::Nh343, "Too many ladders in mazepart!"),
    (Grammar::Nh343, "Too many levregions in mazepart!"),
    (Grammar::Nh343, "Too many diggables in mazepart!"),
    (Grammar::Nh343, "Too many passwalls in mazepart!"),
    (Grammar::Nh343, "Too many regions in mazepart!"),
    (Grammar::Nh343, "Too many rooms in level!"),
    (Grammar::Nh343, "Too many corridors in level!"),
    (Grammar::Nh343, "Too many doors in room!"),
    (Grammar::Nh343, "Too many sinks in room!"),
    (Grammar::Nh343, "Too many pools in room!"),
    // nh343: `class_value(…, message, …)` and `class_list(…, too_long, …)`.
    (Grammar::Nh343, "Unknown monster class!"),
    (Grammar::Nh343, "Unknown char class!"),
    (Grammar::Nh343, "Object list too long!"),
    (Grammar::Nh343, "Monster list too long!"),
    // dungeon: `let what = …` and `chain_target_is_certain(…, message)`.
    (Grammar::Dungeon, "Level defined outside of dungeon."),
    (Grammar::Dungeon, "Branch defined outside of dungeon."),
    (Grammar::Dungeon, "Statement outside of dungeon."),
    (
        Grammar::Dungeon,
        "Level cannot chain from a probabilistic level.",
    ),
];

/// One message a compiler can report, as its source writes it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Message {
    /// The string literal's text (a `format!` string with its `{…}`).
    text: String,
    /// Where it is: `src/…:line`.
    at: String,
}

impl Message {
    /// The literal pieces of the text between its `format!` placeholders
    /// (empty pieces dropped): all of them, in order, must be on one line
    /// of a `.stderr` file.
    fn pieces(&self, literal: bool) -> Vec<String> {
        if literal {
            return vec![self.text.clone()];
        }
        let mut pieces = vec![String::new()];
        let mut chars = self.text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '{' if chars.peek() == Some(&'{') => {
                    chars.next();
                    pieces.last_mut().unwrap().push('{');
                }
                '}' if chars.peek() == Some(&'}') => {
                    chars.next();
                    pieces.last_mut().unwrap().push('}');
                }
                '{' => {
                    for c in chars.by_ref() {
                        if c == '}' {
                            break;
                        }
                    }
                    pieces.push(String::new());
                }
                c => pieces.last_mut().unwrap().push(c),
            }
        }
        pieces.retain(|p| !p.is_empty());
        pieces
    }
}

/// `src/` without comments: string and character literals are kept, so
/// that a `//` in a string is text.
fn strip_comments(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = src[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
                // Keep the line count.
                out.extend(src[i..end].chars().filter(|&c| c == '\n'));
                i = end;
            }
            b'"' => {
                let end = string_end(b, i);
                out.push_str(&src[i..end]);
                i = end;
            }
            b'r' if (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
                && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')) =>
            {
                let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
                if b.get(i + 1 + hashes) != Some(&b'"') {
                    out.push('r');
                    i += 1;
                    continue;
                }
                let close = format!("\"{}", "#".repeat(hashes));
                let body = i + 2 + hashes;
                let end = src[body..].find(&close).map_or(b.len(), |e| body + e) + close.len();
                out.push_str(&src[i..end.min(b.len())]);
                i = end.min(b.len());
            }
            b'\'' => {
                // A character literal ('x', '\n', '\'') or a lifetime ('a).
                let end = if b.get(i + 1) == Some(&b'\\') {
                    src[i + 2..]
                        .find('\'')
                        .map(|e| i + 2 + e + 1)
                        .filter(|&e| e - i <= 12)
                } else {
                    let c = src[i + 1..].chars().next().map_or(1, char::len_utf8);
                    (b.get(i + 1 + c) == Some(&b'\'')).then_some(i + 1 + c + 1)
                };
                match end {
                    Some(end) => {
                        out.push_str(&src[i..end]);
                        i = end;
                    }
                    None => {
                        out.push('\'');
                        i += 1;
                    }
                }
            }
            _ => {
                let c = src[i..].chars().next().unwrap();
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out
}

/// The end (past the closing quote) of the string literal at `start`.
fn string_end(b: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// The value of the string literal at `start` (`"…"`), and its end.
fn string_value(src: &str, start: usize) -> (String, usize) {
    let end = string_end(src.as_bytes(), start);
    let body = &src[start + 1..end - 1];
    let mut out = String::new();
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('0') => out.push('\0'),
            Some('\n') => {
                // A line continuation: the newline and the blanks after it go.
                while chars.peek().is_some_and(|c| c.is_whitespace()) {
                    chars.next();
                }
            }
            Some('x') => {
                let hex: String = chars.by_ref().take(2).collect();
                out.push(char::from(u8::from_str_radix(&hex, 16).unwrap_or(b'?')));
            }
            Some('u') => {
                let code: String = chars
                    .by_ref()
                    .skip_while(|&c| c == '{')
                    .take_while(|&c| c != '}')
                    .collect();
                out.push(
                    u32::from_str_radix(&code, 16)
                        .ok()
                        .and_then(char::from_u32)
                        .unwrap_or('?'),
                );
            }
            Some(c) => out.push(c),
            None => {}
        }
    }
    (out, end)
}

/// The message argument of the call whose argument list starts at
/// `open` (just past its `(`): the argument after the first `before`
/// ones (an error's span; a warning's name and span), a string literal
/// (`Some((text, true))`) or a `format!` (`Some((text, false))`); `None`
/// for fewer arguments or another expression.
fn message_argument(src: &str, open: usize, before: usize) -> Option<(String, bool)> {
    let b = src.as_bytes();
    let mut i = open;
    let mut depth = 0usize;
    let mut commas = 0;
    // Past the arguments before the message.
    loop {
        match *b.get(i)? {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                if depth == 0 {
                    return None;
                }
                depth -= 1;
            }
            b'"' => {
                i = string_end(b, i);
                continue;
            }
            b',' if depth == 0 => {
                commas += 1;
                if commas == before {
                    break;
                }
            }
            _ => {}
        }
        i += 1;
    }
    let rest = src[i + 1..].trim_start();
    let at = src.len() - rest.len();
    if rest.starts_with('"') {
        return Some((string_value(src, at).0, true));
    }
    let args = rest.strip_prefix("format!(")?.trim_start();
    args.starts_with('"')
        .then(|| (string_value(src, src.len() - args.len()).0, false))
}

/// Every message of `src/`: `(owners, message, literal)`.
fn scan_messages() -> Vec<(&'static [Grammar], Message, bool)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut found = Vec::new();
    for path in files {
        let rel = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let raw = std::fs::read_to_string(&path).unwrap();
        let mut src = strip_comments(&raw);
        // A file's unit tests come last; their messages are no compiler's.
        if let Some(cut) = ["#[cfg(test)]", "#[cfg(all(test"]
            .iter()
            .filter_map(|m| src.find(m))
            .min()
        {
            src.truncate(cut);
        }
        let owners = SOURCE_OWNERS
            .iter()
            .find(|(prefix, _)| rel.starts_with(prefix))
            .map(|(_, owners)| *owners);
        let line_of = |at: usize| src[..at].matches('\n').count() + 1;
        let mut calls: Vec<(usize, Option<(String, bool)>)> = Vec::new();
        for (pattern, before) in [(".error(", 1), (".warning(", 2)] {
            for (at, _) in src.match_indices(pattern) {
                calls.push((at, message_argument(&src, at + pattern.len(), before)));
            }
        }
        for (at, message) in calls {
            let Some((text, literal)) = message else {
                continue;
            };
            let owners = owners.unwrap_or_else(|| {
                panic!(
                    "src/{rel}:{}: message {text:?} in a file no compiler is mapped to; \
                     add the file to SOURCE_OWNERS in {}",
                    line_of(at),
                    file!()
                )
            });
            let at = format!("src/{rel}:{}", line_of(at));
            found.push((owners, Message { text, at }, literal));
        }
        for (grammar, text) in INDIRECT {
            if owners.is_some_and(|o| o.contains(grammar)) && src.contains(&format!("{text:?}")) {
                found.push((
                    std::slice::from_ref(grammar),
                    Message {
                        text: text.to_string(),
                        at: format!("src/{rel} (through a variable)"),
                    },
                    true,
                ));
            }
        }
    }
    found
}

/// The entries of `UNREACHABLE.md`: `- [grammar] message` lines, each
/// followed by its reason.
fn unreachable_list() -> BTreeMap<(Grammar, String), String> {
    let path = data_dir().join("UNREACHABLE.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut list = BTreeMap::new();
    let mut current: Option<(Grammar, String)> = None;
    let mut reason = String::new();
    let mut finish = |entry: Option<(Grammar, String)>, reason: &mut String| {
        if let Some(key) = entry {
            assert!(
                !reason.trim().is_empty(),
                "UNREACHABLE.md: `{}` has no reason",
                key.1
            );
            assert!(
                list.insert(key.clone(), reason.trim().to_string())
                    .is_none(),
                "UNREACHABLE.md lists `{}` twice",
                key.1
            );
        }
        reason.clear();
    };
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("- [") {
            finish(current.take(), &mut reason);
            let (grammar, message) = rest
                .split_once("] ")
                .unwrap_or_else(|| panic!("UNREACHABLE.md: bad entry `{line}`"));
            let grammar = Grammar::from_name(grammar)
                .unwrap_or_else(|| panic!("UNREACHABLE.md: unknown grammar in `{line}`"));
            current = Some((grammar, message.to_string()));
        } else if current.is_some() && line.starts_with("  ") {
            reason.push_str(line.trim());
            reason.push(' ');
        } else {
            finish(current.take(), &mut reason);
        }
    }
    finish(current, &mut reason);
    list
}

/// The lines of every `.stderr` of `grammar`.
fn pinned_lines(grammar: Grammar) -> Vec<String> {
    let dir = data_dir().join(grammar.dir_name());
    let mut lines = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x == "stderr") {
            let text = std::fs::read_to_string(&path).unwrap();
            lines.extend(text.lines().map(str::to_string));
        }
    }
    lines
}

/// Whether `pieces` appear, in order, on one of `lines`.
fn on_a_line(lines: &[String], pieces: &[String]) -> bool {
    lines.iter().any(|line| {
        let mut rest = line.as_str();
        pieces.iter().all(|p| match rest.find(p.as_str()) {
            Some(i) => {
                rest = &rest[i + p.len()..];
                true
            }
            None => false,
        })
    })
}

#[test]
fn every_message_is_pinned_or_listed_unreachable() {
    let messages = scan_messages();
    let unreachable = unreachable_list();
    let mut problems = Vec::new();
    let mut summary = String::new();
    let mut listed_and_found = BTreeSet::new();
    for (grammar, text) in INDIRECT {
        if !messages
            .iter()
            .any(|(owners, m, _)| owners == &[*grammar] && m.text == *text)
        {
            problems.push(format!(
                "INDIRECT lists [{}] {text:?}, which is no string literal of that compiler's \
                 sources: update the list in {}",
                grammar.dir_name(),
                file!()
            ));
        }
    }
    for grammar in Grammar::ALL.into_iter().filter(|g| g.compiled()) {
        let lines = pinned_lines(grammar);
        // Distinct texts, each with where it is written.
        let mut texts: BTreeMap<&str, (Vec<&str>, bool)> = BTreeMap::new();
        for (owners, m, literal) in &messages {
            if owners.contains(&grammar) {
                let entry = texts.entry(&m.text).or_insert((Vec::new(), *literal));
                entry.0.push(&m.at);
            }
        }
        let (mut covered, mut listed) = (0, 0);
        for (text, (places, literal)) in &texts {
            let m = Message {
                text: text.to_string(),
                at: String::new(),
            };
            let pinned = on_a_line(&lines, &m.pieces(*literal));
            let key = (grammar, text.to_string());
            match (pinned, unreachable.contains_key(&key)) {
                (true, false) => covered += 1,
                (false, true) => {
                    listed += 1;
                    listed_and_found.insert(key);
                }
                (true, true) => problems.push(format!(
                    "[{}] {text:?} is listed in UNREACHABLE.md but a case reports it: \
                     remove it from the list",
                    grammar.dir_name()
                )),
                (false, false) => problems.push(format!(
                    "[{}] {text:?} ({}) appears in no .stderr of tests/data/diagnostics/{}/: \
                     add a case that reports it (then bless), or list it with a reason in \
                     UNREACHABLE.md",
                    grammar.dir_name(),
                    places.join(", "),
                    grammar.dir_name()
                )),
            }
        }
        let _ = writeln!(
            summary,
            "{}: {covered} of {} message texts pinned, {listed} listed unreachable",
            grammar.dir_name(),
            texts.len()
        );
    }
    for (key, _) in unreachable.iter() {
        let checked = key.0.compiled();
        if checked
            && !listed_and_found.contains(key)
            && !problems.iter().any(|p| p.contains(&key.1))
        {
            problems.push(format!(
                "UNREACHABLE.md lists [{}] {:?}, which no source file of that compiler reports",
                key.0.dir_name(),
                key.1
            ));
        }
    }
    eprint!("{summary}");
    assert!(
        problems.is_empty(),
        "{} problem(s) with the pinned diagnostics' coverage:\n{}\n\n{summary}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_scan_finds_literal_and_formatted_messages() {
    let src = "fn f(r: &mut Reporter) {\n    // r.error(0..0, \"in a comment\");\n    \
               r.error(a.span.clone(), \"Plain!\").label(\"x\");\n    \
               r.warning(\n        warn::BIG,\n        f(1, 2),\n        format!(\"Value {} is \\\n         big\", v),\n    );\n    \
               self.error(format!(\"one argument {x}\"));\n    r.error(s, message);\n}\n";
    let src = strip_comments(src);
    let found: Vec<_> = [(".error(", 1), (".warning(", 2)]
        .iter()
        .flat_map(|(p, before)| {
            src.match_indices(p)
                .map(|(at, _)| message_argument(&src, at + p.len(), *before))
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(
        found,
        [
            Some(("Plain!".to_string(), true)),
            None,
            None,
            Some(("Value {} is big".to_string(), false)),
        ]
    );
    let m = Message {
        text: "Value {} is big: {stored}".into(),
        at: String::new(),
    };
    assert_eq!(m.pieces(false), ["Value ", " is big: "]);
    assert!(on_a_line(
        &["x: error: Value 5 is big: 3".to_string()],
        &m.pieces(false)
    ));
    assert!(!on_a_line(
        &["Value 5".to_string(), " is big: ".to_string()],
        &m.pieces(false)
    ));
}

#[test]
fn the_diff_shows_changed_lines_with_context() {
    let want = "a\nb\nc\nd\ne\nf\ng\nh\n";
    let got = "a\nb\nc\nd\nE\nf\ng\nh\n";
    assert_eq!(
        unified_diff(want, got),
        "@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n"
    );
}
