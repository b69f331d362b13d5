//! Finding the sources: every `*.des` and dungeon file under each source
//! directory, in a deterministic order, skipping hidden directories and
//! `target/`, surviving unreadable entries and symlink loops.

use std::path::{Path, PathBuf};

use super::glob::Glob;
use super::language::{Language, LEVEL_SUFFIX};

/// An output's file, relative to the output directory, and the level or
/// dungeon name it holds, which is part of that path (`PREFIX/NAME.lev`
/// for a level, `PREFIX/NAME` for a dungeon): one string for both, since a
/// no-op build of a large tree holds tens of thousands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct OutputPath {
    file: String,
    /// Where the name lies in `file`.
    name: std::ops::Range<usize>,
}

impl OutputPath {
    /// The output named `name` of a source in `language` of the set whose
    /// outputs go under `prefix` (see [`LevelSet::out_prefix`]).
    pub(crate) fn new(prefix: &str, language: Language, name: &str) -> OutputPath {
        let suffix = language.output_suffix();
        let file = output_file(prefix, &format!("{name}{suffix}"));
        let start = file.len() - name.len() - suffix.len();
        OutputPath {
            name: start..start + name.len(),
            file,
        }
    }

    /// `file` as recorded with `name`; `None` unless `name` ends the path
    /// as a whole component, with or without `.lev`.
    pub(crate) fn from_parts(file: String, name: &str) -> Option<OutputPath> {
        let suffix = LEVEL_SUFFIX.len();
        let ends = [Some(file.len()), file.len().checked_sub(suffix)];
        let end = ends.into_iter().flatten().find(|&end| {
            let Some(start) = end.checked_sub(name.len()) else {
                return false;
            };
            file.get(start..end) == Some(name)
                && file
                    .get(end..)
                    .is_some_and(|rest| rest.is_empty() || rest == LEVEL_SUFFIX)
                && (start == 0 || file.as_bytes()[start - 1] == b'/')
        })?;
        Some(OutputPath {
            name: end - name.len()..end,
            file,
        })
    }

    /// The file, relative to the output directory.
    pub(crate) fn file(&self) -> &str {
        &self.file
    }

    /// The level (or dungeon) name.
    pub(crate) fn name(&self) -> &str {
        &self.file[self.name.clone()]
    }

    /// True if this is exactly where a `language` source of the set under
    /// `prefix` puts its output of this name.
    pub(crate) fn is_for(&self, prefix: &str, language: Language) -> bool {
        let dir_ok = match prefix {
            "" => self.name.start == 0,
            _ => {
                self.name.start == prefix.len() + 1
                    && self.file.starts_with(prefix)
                    && self.file.as_bytes()[prefix.len()] == b'/'
            }
        };
        dir_ok && self.file[self.name.end..] == *language.output_suffix()
    }
}

/// One source file.
#[derive(Clone, Debug)]
pub(crate) struct Source {
    /// What it is written in.
    pub language: Language,
    /// The file on disk.
    pub path: PathBuf,
    /// Path relative to its source directory, with `/` separators (shown
    /// in messages and stored in the index).
    pub rel: String,
}

/// One source directory and what it holds: a level set.
#[derive(Clone, Debug)]
pub(crate) struct LevelSet {
    /// The directory given to the builder.
    pub dir: PathBuf,
    /// Where its outputs go, relative to the output directory ("" for the
    /// only set).
    pub out_rel: PathBuf,
    /// Module-friendly name (empty for the only set).
    pub name: String,
    pub sources: Vec<Source>,
}

impl LevelSet {
    /// The set's directory in the output directory, `/`-separated ("" for
    /// the only set).
    pub(crate) fn out_prefix(&self) -> String {
        slash_path(&self.out_rel)
    }
}

/// `path`'s components joined with `/`, whatever the platform's separator.
pub(crate) fn slash_path(path: &Path) -> String {
    path.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// Where an output goes, relative to the output directory, for a set whose
/// [`LevelSet::out_prefix`] is `prefix`: `NAME.lev` for a level, the
/// file's stem for a dungeon, `levels.c` for the set's C table.
pub(crate) fn output_file(prefix: &str, file_name: &str) -> String {
    if prefix.is_empty() {
        file_name.to_string()
    } else {
        format!("{prefix}/{file_name}")
    }
}

/// Discovery settings.
pub(crate) struct Filter<'a> {
    pub dungeon_patterns: &'a [Glob],
    /// The `.des` file names a game tree's own build compiles (`None`:
    /// every `.des`).
    pub level_patterns: Option<&'a [Glob]>,
    pub only: &'a [Glob],
    pub exclude: &'a [Glob],
}

/// What walking a source directory found.
pub(crate) struct Walk {
    /// The sources, in path order (a directory's name by name, each
    /// subdirectory's files where its name sorts).
    pub sources: Vec<Source>,
    /// Every directory walked (for `rerun-if-changed`).
    pub dirs: Vec<PathBuf>,
    /// Problems that did not stop the walk (an unreadable entry, a loop).
    pub notes: Vec<String>,
}

/// `dir`, or the directory it names when it is a symbolic link that git
/// checked out as a file holding the link's target (as it does where it
/// cannot make links: `core.symlinks=false`, Windows without the right to
/// make them). Anything else is returned unchanged.
pub(crate) fn follow_checked_out_link(dir: &Path) -> PathBuf {
    let target = std::fs::symlink_metadata(dir)
        .ok()
        .filter(|m| m.is_file() && m.len() < 1024)
        .and_then(|_| std::fs::read(dir).ok())
        .and_then(|bytes| String::from_utf8(bytes).ok())
        .filter(|t| !t.is_empty() && !t.contains(['\n', '\0']))
        .map(|t| dir.parent().unwrap_or(Path::new(".")).join(t));
    match target {
        Some(t) if t.is_dir() => t,
        _ => dir.to_path_buf(),
    }
}

/// Walks `dir`.
pub(crate) fn walk(dir: &Path, filter: &Filter<'_>) -> Result<Walk, std::io::Error> {
    // A missing or unreadable root is an error of the build, not a note.
    std::fs::read_dir(dir)?;
    let mut sources = Vec::new();
    let mut dirs = Vec::new();
    let mut notes = Vec::new();
    // Not sorted by walkdir (which compares the entries' names through
    // `Path::file_name`, a parse each time: a third of an edit's walk of a
    // large set); sorted at the end by path, component by component
    // ([`walk_order`]), which is the same order.
    let walker = walkdir::WalkDir::new(dir)
        .follow_links(true)
        .into_iter()
        .filter_entry(|e| {
            let name = e.file_name().to_string_lossy();
            e.depth() == 0
                || !(e.file_type().is_dir() && (name.starts_with('.') || name == "target"))
        });
    for entry in walker {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                let at = e
                    .path()
                    .map_or_else(|| dir.display().to_string(), |p| p.display().to_string());
                let why = if e.loop_ancestor().is_some() {
                    "symbolic link loop, not followed".to_string()
                } else {
                    e.io_error()
                        .map_or_else(|| e.to_string(), |io| io.to_string())
                };
                notes.push(format!("skipped {at}: {why}"));
                continue;
            }
        };
        if entry.file_type().is_dir() {
            dirs.push(entry.path().to_path_buf());
            continue;
        }
        let rel = slash_path(entry.path().strip_prefix(dir).unwrap_or(entry.path()));
        let file_name = entry.file_name().to_string_lossy();
        let named_like_a_source = file_name.ends_with(".des")
            || filter
                .dungeon_patterns
                .iter()
                .any(|p| p.matches(&file_name));
        if named_like_a_source && !entry.file_type().is_file() {
            // A FIFO would block the build, a device never end.
            notes.push(format!(
                "skipped {}: not a regular file",
                entry.path().display()
            ));
            continue;
        }
        let language = if file_name.ends_with(".des") {
            Language::Des
        } else if filter
            .dungeon_patterns
            .iter()
            .any(|p| p.matches(&file_name))
        {
            Language::Dungeon
        } else {
            continue;
        };
        let built = |patterns: &[Glob]| patterns.iter().any(|p| p.matches(&file_name));
        if language != Language::Dungeon && filter.level_patterns.is_some_and(|p| !built(p)) {
            continue;
        }
        if !filter.only.is_empty() && !filter.only.iter().any(|p| p.matches(&rel)) {
            continue;
        }
        if filter.exclude.iter().any(|p| p.matches(&rel)) {
            continue;
        }
        sources.push(Source {
            language,
            path: entry.path().to_path_buf(),
            rel,
        });
    }
    sources.sort_unstable_by(|a, b| walk_order(&a.path, &b.path));
    dirs.sort_unstable();
    notes.sort_unstable();
    Ok(Walk {
        sources,
        dirs,
        notes,
    })
}

/// The order of a walk that sorts each directory by name: `Path`'s own
/// (component by component), but by the first byte that differs, a
/// separator below any other, instead of parsing components.
fn walk_order(a: &Path, b: &Path) -> std::cmp::Ordering {
    let (a, b) = (
        a.as_os_str().as_encoded_bytes(),
        b.as_os_str().as_encoded_bytes(),
    );
    let rank = |c: u8| match std::path::is_separator(char::from(c)) {
        true => 0,
        false => u16::from(c) + 1,
    };
    match a.iter().zip(b).position(|(x, y)| x != y) {
        Some(i) => rank(a[i]).cmp(&rank(b[i])),
        None => a.len().cmp(&b.len()),
    }
}

/// Output subdirectories and names of the level sets: each source
/// directory's path relative to the deepest directory containing all of
/// them (one set: the output directory itself).
pub(crate) fn set_layout(dirs: &[PathBuf]) -> Vec<(PathBuf, String)> {
    if dirs.len() <= 1 {
        return dirs
            .iter()
            .map(|_| (PathBuf::new(), String::new()))
            .collect();
    }
    let absolute: Vec<PathBuf> = dirs
        .iter()
        .map(|d| {
            std::fs::canonicalize(d)
                .or_else(|_| std::path::absolute(d))
                .unwrap_or_else(|_| d.clone())
        })
        .collect();
    let mut common: PathBuf = absolute[0].clone();
    while !absolute.iter().all(|d| d.starts_with(&common)) {
        if !common.pop() {
            break;
        }
    }
    absolute
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let rel = d
                .strip_prefix(&common)
                .map(Path::to_path_buf)
                .unwrap_or_default();
            let rel = if rel.as_os_str().is_empty() {
                PathBuf::from(format!("set{i}"))
            } else {
                rel
            };
            let name = module_name(&rel.to_string_lossy());
            (rel, name)
        })
        .collect()
}

/// A Rust/C identifier made of `text`: lower case, each run of other
/// characters as one `_` (none at the ends), so that rustc's snake-case
/// lint accepts it.
pub(crate) fn module_name(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_lowercase());
        } else if !s.is_empty() && !s.ends_with('_') {
            s.push('_');
        }
    }
    while s.ends_with('_') {
        s.pop();
    }
    // `_`, `__` or a leading digit would not be a usable module name.
    if !s.starts_with(|c: char| c.is_ascii_lowercase()) {
        s.insert_str(0, "set_");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_walk_order_is_paths_component_by_component() {
        let names = [
            "d/a",
            "d/a.b",
            "d/a/x",
            "d/a-b/y",
            "d/a/x/z",
            "d/ab",
            "d/A",
            "d/é",
            "d/a/ x",
            "d/b",
            "d/a/x.des",
        ];
        let mut by_walk: Vec<&Path> = names.iter().map(Path::new).collect();
        by_walk.sort_by(|a, b| walk_order(a, b));
        let mut by_path = by_walk.clone();
        by_path.sort();
        assert_eq!(by_walk, by_path);
        assert_eq!(
            walk_order(Path::new("d/a"), Path::new("d/a")),
            std::cmp::Ordering::Equal
        );
    }

    #[test]
    fn output_paths_hold_their_name_and_know_their_set() {
        const DES: Language = Language::Des;
        let level = OutputPath::new("a/dat", DES, "castle");
        assert_eq!((level.file(), level.name()), ("a/dat/castle.lev", "castle"));
        assert!(level.is_for("a/dat", DES));
        assert!(!level.is_for("a", DES));
        assert!(!level.is_for("a/da", DES));
        assert!(!level.is_for("a/dat", Language::Dungeon));
        let dungeon = OutputPath::new("", Language::Dungeon, "dungeon");
        assert_eq!((dungeon.file(), dungeon.name()), ("dungeon", "dungeon"));
        assert!(dungeon.is_for("", Language::Dungeon));
        assert!(!dungeon.is_for("", DES));

        // As read back from a manifest: the name must end the path.
        assert_eq!(
            OutputPath::from_parts("a/dat/castle.lev".into(), "castle"),
            Some(level)
        );
        assert_eq!(
            OutputPath::from_parts("dungeon".into(), "dungeon"),
            Some(dungeon)
        );
        assert_eq!(
            OutputPath::from_parts("a/dat/castle.lev".into(), "astle"),
            None
        );
        assert_eq!(
            OutputPath::from_parts("a/dat/castle.lev".into(), "knox"),
            None
        );
        assert_eq!(
            OutputPath::from_parts("a/dat/castle.levx".into(), "castle"),
            None
        );
        // A name that itself ends in `.lev` is found either way.
        let odd = OutputPath::from_parts("x/a.lev.lev".into(), "a.lev").unwrap();
        assert!(odd.is_for("x", DES));
        let odd = OutputPath::from_parts("x/a.lev".into(), "a.lev").unwrap();
        assert!(odd.is_for("x", Language::Dungeon));
    }
}
