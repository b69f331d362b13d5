//! Helpers shared by the integration tests: locating `../shared`.

#![allow(dead_code)]

use std::path::PathBuf;

pub mod gen343;
pub mod gen36;
pub mod gendnh;
#[cfg(feature = "nethack36")]
pub mod genspork;
pub mod variant;

/// `../shared` beside the project root (or the directory
/// `LEVBUILD_SHARED` names: `LEVBUILD_SHARED=/nonexistent cargo test`
/// runs the suite as a clone with nothing beside it), or `None` (after
/// printing why the calling test is skipped) when it is absent. Under `CI`
/// a missing `../shared` fails the test instead: CI always has it. Every
/// test that reads `../shared` finds it here.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = shared_location();
    if dir.join("corpus").is_dir() && dir.join("golden").is_dir() {
        Some(dir)
    } else {
        skip(&format!(
            "{} not found (NetHack reference data lives beside the repo, never in it)",
            dir.display()
        ));
        None
    }
}

/// Where `../shared` is looked for.
fn shared_location() -> PathBuf {
    match std::env::var_os("LEVBUILD_SHARED") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("..")
            .join("shared"),
    }
}

/// Says that the calling test is skipped and why, where `cargo test`
/// shows it without `--nocapture`; panics instead under `CI`, where
/// nothing may be skipped.
pub fn skip(why: &str) {
    if std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false") {
        panic!("CI is set, so this test may not skip: {why}");
    }
    say_skipped(why);
}

/// Says that part of a test is skipped because it needs something no
/// machine of this project can install (a Rust target other than the
/// host's): allowed under `CI` too.
pub fn skip_unavailable(why: &str) {
    say_skipped(why);
}

fn say_skipped(why: &str) {
    // Straight to the process's stderr: the test harness captures only
    // `print!`/`eprint!`, so this shows in the summary of a passing run.
    use std::io::Write;
    let line = format!("levbuild test skipped: {why}\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// The vanilla `dat/` directory of the corpus.
pub fn corpus_dat(shared: &std::path::Path) -> PathBuf {
    shared.join("corpus/nethack-3.4.3/dat")
}

/// The golden outputs directory.
pub fn golden_dir(shared: &std::path::Path) -> PathBuf {
    shared.join("golden/nethack-3.4.3")
}

/// Every `.des` file of the corpus, sorted by name.
pub fn corpus_des_files(shared: &std::path::Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dat(shared))
        .expect("corpus dir readable")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "des"))
        .collect();
    files.sort();
    files
}

/// A directory under the system temp dir, removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    /// A new empty directory whose name includes `tag`.
    pub fn new(tag: &str) -> TempDir {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("levbuild-test-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }

    /// The directory.
    pub fn path(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Copies every file of `from` (not recursive) into `to`.
pub fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_file() {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

/// Every file under `dir` with its modification time and bytes.
pub fn snapshot(
    dir: &std::path::Path,
) -> std::collections::BTreeMap<PathBuf, (std::time::SystemTime, Vec<u8>)> {
    let mut out = std::collections::BTreeMap::new();
    for e in walkdir::WalkDir::new(dir) {
        let e = e.unwrap();
        if e.file_type().is_file() {
            let meta = e.metadata().unwrap();
            out.insert(
                e.path().to_path_buf(),
                (meta.modified().unwrap(), std::fs::read(e.path()).unwrap()),
            );
        }
    }
    out
}

/// `$LEVBUILD_TREES/NAME`, a game's source tree checked out by the
/// developer (commits in `../shared/README.md`), or `None` after saying
/// the calling test is skipped: tests on real trees are opt-in, in CI too.
pub fn real_tree(name: &str) -> Option<PathBuf> {
    match std::env::var_os("LEVBUILD_TREES") {
        Some(dir)
            if std::path::Path::new(&dir)
                .join(name)
                .join("include")
                .is_dir()
                // The NetHack4 family (FIQHack) keeps it under libnethack/.
                || std::path::Path::new(&dir)
                    .join(name)
                    .join("libnethack/include")
                    .is_dir() =>
        {
            Some(std::path::Path::new(&dir).join(name))
        }
        Some(dir) => {
            say_skipped(&format!(
                "opt-in test: {} is not a checkout of {name}",
                std::path::Path::new(&dir).join(name).display()
            ));
            None
        }
        None => {
            say_skipped(&format!(
                "opt-in test: set LEVBUILD_TREES to a directory holding a checkout of {name}"
            ));
            None
        }
    }
}

/// The committed identity file of a game (`tests/data/games/NAME.game`),
/// written by `levbuild game` from that game's tree.
pub fn identity_file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/games/{name}.game"))
}

/// The project's own small game tree (`tests/data/tree/fixturehack`).
pub fn fixture_tree() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/tree/fixturehack")
}

/// Copies a directory tree, writable; a `dat` that git checked out as a
/// link file is copied as the directory it names.
pub fn copy_tree(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let mut src = e.path();
        if e.file_name() == "dat" && src.is_file() {
            let link = std::fs::read_to_string(&src).unwrap();
            src = from.join(link.trim());
        }
        if src.is_dir() {
            copy_tree(&src, &to.join(e.file_name()));
        } else {
            std::fs::write(to.join(e.file_name()), std::fs::read(&src).unwrap()).unwrap();
        }
    }
}

/// How many outputs of `golden/SET/MANIFEST.tsv` are in `out` with the
/// golden bytes, and how many there are (the preprocessed `dungeon.pdf`
/// not counted).
pub fn golden_matches(
    shared: &std::path::Path,
    set: &str,
    out: &std::path::Path,
) -> (usize, usize) {
    let golden = shared.join("golden").join(set);
    let manifest = std::fs::read_to_string(golden.join("MANIFEST.tsv")).unwrap();
    let (mut same, mut total) = (0, 0);
    for line in manifest.lines().skip(1) {
        let output = line.split('\t').nth(1).unwrap();
        if output.ends_with(".pdf") {
            continue;
        }
        total += 1;
        let want = std::fs::read(golden.join(output)).unwrap();
        if std::fs::read(out.join(output)).is_ok_and(|got| got == want) {
            same += 1;
        }
    }
    (same, total)
}

/// The `dat/` directory of a game's corpus in `shared` (from
/// [`shared_dir`]).
pub fn corpus_dat_of(shared: &std::path::Path, game: &str) -> PathBuf {
    shared.join("corpus").join(game).join("dat")
}

/// The reference tool environment variable `var` names, if it names a
/// file (the opt-in differential tests' tools, built outside the repo).
pub fn reference_tool(var: &str) -> Option<PathBuf> {
    let path = PathBuf::from(std::env::var_os(var)?);
    path.is_file().then_some(path)
}

/// How many generated files a differential test compares:
/// `LEVBUILD_DIFF_CASES`, else `default`.
pub fn diff_cases(default: u64) -> u64 {
    std::env::var("LEVBUILD_DIFF_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// Compiles the files `generate` makes from seeds `0..cases` with the
/// game's own `lev_comp` and with levbuild (`options`), prints how many
/// agree (and the first few that do not), and asserts that all agree and
/// that more than one in `share` compiled with both.
pub fn generated_differential(
    label: &str,
    lev_comp: &std::path::Path,
    options: &levbuild::des::Options,
    cases: u64,
    generate: impl Fn(u64) -> String,
    share: u64,
) {
    let (mut agree, mut accepted, mut differ) = (0, 0, Vec::new());
    for seed in 0..cases {
        let src = generate(seed);
        let run = run_both(lev_comp, &src, options);
        accepted += u64::from(run.both_accepted);
        if run.agree {
            agree += 1;
            continue;
        }
        if differ.len() < 5 {
            let theirs = if run.reference.status.success() {
                "accepted"
            } else {
                "refused"
            };
            let ours = match &run.ours {
                Ok(_) => "accepted".to_string(),
                Err(e) => format!("refused ({e})"),
            };
            eprintln!(
                "--- seed {seed}: {label} lev_comp {theirs} ({}), levbuild {ours}\n{src}",
                String::from_utf8_lossy(&run.reference.stderr).trim(),
            );
        }
        differ.push(seed);
    }
    eprintln!(
        "{label} differential: {agree} of {cases} generated files agree ({accepted} compiled by both)"
    );
    assert!(differ.is_empty(), "seeds that differ: {differ:?}");
    assert!(accepted * share > cases, "only {accepted} files compiled");
}

/// One generated file compiled by a game's own `lev_comp` (in a
/// temporary directory) and by levbuild with `options`.
pub struct LevCompRun {
    /// What the reference tool printed and how it exited.
    pub reference: std::process::Output,
    /// levbuild's result.
    pub ours: Result<levbuild::des::CompiledFile, levbuild::Diagnostics>,
    /// Both accepted the file.
    pub both_accepted: bool,
    /// Both refused it, or both accepted it and wrote the same bytes.
    pub agree: bool,
}

/// Compiles `src` with `lev_comp` and with levbuild and compares them.
pub fn run_both(
    lev_comp: &std::path::Path,
    src: &str,
    options: &levbuild::des::Options,
) -> LevCompRun {
    let tmp = TempDir::new("lev-comp-run");
    std::fs::write(tmp.path().join("g.des"), src).unwrap();
    let reference = std::process::Command::new(lev_comp)
        .current_dir(tmp.path())
        .arg("g.des")
        .output()
        .unwrap();
    let ours = levbuild::des::compile_with(src, "g.des", options);
    let (both_accepted, agree) = match (reference.status.success(), &ours) {
        (true, Ok(file)) => (
            true,
            file.levels.iter().all(|l| {
                std::fs::read(tmp.path().join(format!("{}.lev", l.name)))
                    .is_ok_and(|want| want == l.bytes)
            }),
        ),
        (false, Err(_)) => (false, true),
        _ => (false, false),
    };
    LevCompRun {
        reference,
        ours,
        both_accepted,
        agree,
    }
}

/// Opt-in: compiles the 3.6-language files `generate` makes from seeds
/// (`diff_cases(1000)` of them) with the game's own `lev_comp`, which the
/// environment variable `var` names (a visible skip without it; in a
/// temporary directory), and with levbuild (`options`): both accept or
/// refuse alike, write the
/// same levels and list the same random vaults in `vaults.dat` (a file
/// that crashes the reference is one levbuild must refuse: those are
/// counted apart). Prints how many agree (and the first few that do not)
/// and asserts that all do and that more than one in three compiled with
/// both.
#[cfg(feature = "nethack36")]
pub fn generated_differential_36(
    label: &str,
    var: &str,
    options: &levbuild::des::Options,
    generate: impl Fn(u64) -> String,
) {
    use levbuild::des::nh36;
    let Some(lev_comp) = reference_tool(var) else {
        skip_unavailable(&format!("{var} does not name {label}'s lev_comp"));
        return;
    };
    let lev_comp = lev_comp.as_path();
    let cases = diff_cases(1000);
    let (mut agree, mut both, mut crashed, mut differ) = (0, 0, 0, Vec::new());
    for seed in 0..cases {
        let src = generate(seed);
        let tmp = TempDir::new("differential-36");
        std::fs::write(tmp.path().join("g.des"), &src).unwrap();
        let reference = std::process::Command::new(lev_comp)
            .current_dir(tmp.path())
            .arg("g.des")
            .output()
            .unwrap();
        let ours = nh36::compile_with(&src, "g.des", options);
        let same = match (reference.status.success(), &ours) {
            (true, Ok(file)) => {
                both += 1;
                let vaults: String = (file.levels.iter())
                    .filter_map(|l| l.random_vault.map(|v| v.line(&l.name)))
                    .collect();
                let listed =
                    std::fs::read_to_string(tmp.path().join("vaults.dat")).unwrap_or_default();
                vaults == listed
                    && file.levels.iter().all(|l| {
                        std::fs::read(tmp.path().join(format!("{}.lev", l.name)))
                            .is_ok_and(|want| want == l.bytes)
                    })
            }
            // A file that crashes the reference is one levbuild refuses.
            (false, Err(_)) => {
                crashed += u64::from(reference.status.code().is_none());
                true
            }
            _ => false,
        };
        if same {
            agree += 1;
            continue;
        }
        if differ.len() < 3 {
            eprintln!(
                "--- seed {seed}: {label} lev_comp {:?} ({}), levbuild {}\n{src}",
                reference.status.code(),
                String::from_utf8_lossy(&reference.stderr).trim(),
                match &ours {
                    Ok(_) => "accepted".to_string(),
                    Err(e) => format!("refused:\n{e}"),
                }
            );
        }
        differ.push(seed);
    }
    eprintln!(
        "{label} differential: {agree} of {cases} generated files agree ({both} compiled by \
         both, {crashed} refused by levbuild where the reference crashes)"
    );
    assert!(differ.is_empty(), "seeds that differ: {differ:?}");
    assert!(both * 3 > cases, "only {both} files compiled by both");
}

/// Compiles every `.des` of `set`'s corpus in `shared` but those named in
/// `skip` with `options` (LP64): each level is byte for byte its golden
/// file and decodes back to its program. Returns how many levels.
#[cfg(feature = "nethack36")]
pub fn golden_36_levels(
    shared: &std::path::Path,
    set: &str,
    options: &levbuild::des::Options,
    skip: &[&str],
) -> usize {
    use levbuild::des::nh36;
    let golden = shared.join("golden").join(set);
    let mut files: Vec<_> = std::fs::read_dir(corpus_dat_of(shared, set))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "des"))
        .filter(|p| !skip.iter().any(|n| p.ends_with(n)))
        .collect();
    files.sort();
    let mut levels = 0;
    for path in &files {
        let source = levbuild::source_text(&std::fs::read(path).unwrap()).into_owned();
        let file = nh36::compile_with(&source, &path.display().to_string(), options)
            .unwrap_or_else(|d| panic!("{d}"));
        for level in &file.levels {
            let want = std::fs::read(golden.join(format!("{}.lev", level.name))).unwrap();
            assert!(
                level.bytes == want,
                "{} differs from {set}'s lev_comp",
                level.name
            );
            let back =
                nh36::decode(&want, &level.name, &options.game, levbuild::Layout::LP64).unwrap();
            assert_eq!(
                back, level.program,
                "{} does not decode to its program",
                level.name
            );
            levels += 1;
        }
    }
    levels
}

/// The 3.6-language files `generate` makes from seeds `0..300`: every word
/// of `words` is in one of them, and more than `min` of them compile with
/// `options`, each level decoding back to its program.
#[cfg(feature = "nethack36")]
pub fn generated_36_round_trip(
    options: &levbuild::des::Options,
    generate: impl Fn(u64) -> String,
    words: &[&str],
    min: usize,
) {
    use levbuild::des::nh36;
    let all: String = (0..300).map(&generate).collect();
    for word in words {
        assert!(all.contains(word), "no {word} in the generated files");
    }
    let mut compiled = 0;
    for seed in 0..300 {
        let src = generate(seed);
        if let Ok(file) = nh36::compile_with(&src, "g.des", options) {
            compiled += 1;
            for level in &file.levels {
                let back =
                    nh36::decode(&level.bytes, &level.name, &options.game, options.layout).unwrap();
                assert_eq!(back, level.program, "seed {seed}");
            }
        }
    }
    assert!(compiled > min, "only {compiled} of 300 compiled");
}

/// An identity file's text as a person edits it on purpose: its checksum
/// line `checksum none`, which levbuild reads unchecked.
pub fn hand_edited(text: &str) -> String {
    (text.lines())
        .map(|l| match l.starts_with("checksum ") {
            true => "checksum none",
            false => l,
        })
        .map(|l| format!("{l}\n"))
        .collect()
}
