//! Every diagnostic of the three compilers, pinned: each case under
//! `tests/data/diagnostics/<grammar>/` (a small `.des` or `.def` file) is
//! compiled and its diagnostics, rendered three ways (the snippet with a
//! caret, `--format short`, the legacy tools' lines), are compared with
//! the `.stderr` file beside it. A change of any message, label, help,
//! position or of what is reported at all shows as a diff of those files.
//! `LEVBUILD_BLESS=1` rewrites them (review the diff); see
//! `tests/data/diagnostics/README.md`.

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

fn game_named(name: &str, file: &str) -> std::sync::Arc<Game> {
    match name {
        "nethack-3.4.3" => Game::nethack_343(),
        "nethack-3.6.7" => Game::nethack_367(),
        other => panic!("{file}: unknown game `{other}`"),
    }
}

/// Compiles one case with the library API and returns its diagnostics
/// (the errors with the warnings, or the warnings of a success).
fn compile(grammar: Grammar, source: &str, file: &str) -> Diagnostics {
    let o = case_options(source, file);
    match grammar {
        Grammar::Nh343 | Grammar::Nh36 => {
            let (dialect, default_game) = match grammar {
                Grammar::Nh343 => (des::Dialect::NetHack343, "nethack-3.4.3"),
                _ => (des::Dialect::NetHack36, "nethack-3.6.7"),
            };
            assert!(
                o.define.is_empty() && o.undefine.is_empty(),
                "{file}: define/undefine are dungeon options"
            );
            let options = des::Options {
                extra_warnings: o.extra_warnings,
                layout: Layout::LP64,
                game: game_named(o.game.as_deref().unwrap_or(default_game), file),
                dialect,
            };
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
            let options = dungeon::Options {
                game: std::sync::Arc::new(game.with_features(features)),
                layout: Layout::LP64,
            };
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

#[test]
fn the_diff_shows_changed_lines_with_context() {
    let want = "a\nb\nc\nd\ne\nf\ng\nh\n";
    let got = "a\nb\nc\nd\nE\nf\ng\nh\n";
    assert_eq!(
        unified_diff(want, got),
        "@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n"
    );
}
