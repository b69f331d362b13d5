//! Finding the sources: every `*.des` and dungeon file under each source
//! directory, in a deterministic order, skipping hidden directories and
//! `target/`, surviving unreadable entries and symlink loops.

use std::path::{Path, PathBuf};

use super::glob;

/// What kind of source a file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum SourceKind {
    /// A special-level file.
    Des,
    /// A dungeon description.
    Dungeon,
}

impl SourceKind {
    /// The file an output named `name` is written to: `NAME.lev` for a
    /// level, the name itself for a dungeon.
    pub(crate) fn file_name(self, name: &str) -> String {
        match self {
            SourceKind::Des => format!("{name}.lev"),
            SourceKind::Dungeon => name.to_string(),
        }
    }

    /// True if `file` is `output_file(prefix, &self.file_name(name))`
    /// (checked without building it: a no-op build checks thousands).
    pub(crate) fn is_output_file(self, file: &str, prefix: &str, name: &str) -> bool {
        let rest = match prefix {
            "" => Some(file),
            _ => file.strip_prefix(prefix).and_then(|r| r.strip_prefix('/')),
        };
        match (rest, self) {
            (Some(rest), SourceKind::Des) => rest.strip_suffix(".lev") == Some(name),
            (Some(rest), SourceKind::Dungeon) => rest == name,
            (None, _) => false,
        }
    }
}

/// One source file.
#[derive(Clone, Debug)]
pub(crate) struct Source {
    pub kind: SourceKind,
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
    pub dungeon_patterns: &'a [String],
    pub include: &'a [String],
    pub exclude: &'a [String],
}

/// What walking a source directory found.
pub(crate) struct Walk {
    pub sources: Vec<Source>,
    /// Every directory walked (for `rerun-if-changed`).
    pub dirs: Vec<PathBuf>,
    /// Problems that did not stop the walk (an unreadable entry, a loop).
    pub notes: Vec<String>,
}

/// Walks `dir`.
pub(crate) fn walk(dir: &Path, filter: &Filter<'_>) -> Result<Walk, std::io::Error> {
    // A missing or unreadable root is an error of the build, not a note.
    std::fs::read_dir(dir)?;
    let mut sources = Vec::new();
    let mut dirs = Vec::new();
    let mut notes = Vec::new();
    let walker = walkdir::WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
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
        let kind = if file_name.ends_with(".des") {
            SourceKind::Des
        } else if filter
            .dungeon_patterns
            .iter()
            .any(|p| glob::matches(p, &file_name))
        {
            SourceKind::Dungeon
        } else {
            continue;
        };
        if !filter.include.is_empty() && !filter.include.iter().any(|p| glob::matches(p, &rel)) {
            continue;
        }
        if filter.exclude.iter().any(|p| glob::matches(p, &rel)) {
            continue;
        }
        sources.push(Source {
            kind,
            path: entry.path().to_path_buf(),
            rel,
        });
    }
    Ok(Walk {
        sources,
        dirs,
        notes,
    })
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

/// A Rust/C identifier made of `text`: lower case, other characters as `_`.
pub(crate) fn module_name(text: &str) -> String {
    let mut s: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert_str(0, "set_");
    }
    s
}
