//! The tree build's error type.

use std::fmt;
use std::path::PathBuf;

use crate::diag::Diagnostics;

/// Why a tree build failed. [`Error::kind`] tells which way; `Display`
/// lists every problem (every diagnostic of every failing file).
#[derive(Debug)]
pub struct Error {
    kind: ErrorKind,
}

/// The ways a tree build fails.
#[derive(Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Reading or writing `path` failed.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The settings cannot work (no output directory, no source directory…).
    Config(String),
    /// One or more source files have errors, or level names clash. Every
    /// other file was still compiled; nothing was written.
    Failed {
        /// The diagnostics of every file with an error.
        diagnostics: Vec<Diagnostics>,
        /// Level names defined twice within one level set.
        duplicates: Vec<DuplicateLevel>,
    },
    /// Compiling the generated C index failed.
    CCompile(String),
    /// A game tree could not be read.
    GameTree(crate::game::TreeError),
}

/// Two files of one level set define the same level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuplicateLevel {
    /// The level name.
    pub name: String,
    /// The file that defines it first (in discovery order).
    pub first: PathBuf,
    /// The file that defines it again.
    pub second: PathBuf,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind) -> Self {
        Error { kind }
    }

    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Error::new(ErrorKind::Io {
            path: path.into(),
            source,
        })
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The diagnostics of the failing files (empty unless the kind is
    /// [`ErrorKind::Failed`]).
    pub fn diagnostics(&self) -> &[Diagnostics] {
        match &self.kind {
            ErrorKind::Failed { diagnostics, .. } => diagnostics,
            _ => &[],
        }
    }
}

impl fmt::Display for DuplicateLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "level \"{}\" is defined by both {} and {} of the same level set",
            self.name,
            self.first.display(),
            self.second.display()
        )
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Io { path, source } => write!(f, "{}: {source}", path.display()),
            ErrorKind::Config(msg) => f.write_str(msg),
            ErrorKind::CCompile(msg) => write!(f, "compiling the C level index failed: {msg}"),
            ErrorKind::GameTree(e) => write!(f, "{e}"),
            ErrorKind::Failed {
                diagnostics,
                duplicates,
            } => {
                let errors: usize = diagnostics.iter().map(|d| d.errors().count()).sum();
                writeln!(
                    f,
                    "level build failed: {errors} error(s) in {} file(s), {} duplicate level name(s)",
                    diagnostics.len(),
                    duplicates.len()
                )?;
                for d in diagnostics {
                    write!(f, "{}", d.render(false))?;
                }
                for d in duplicates {
                    writeln!(f, "error: {d}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Io { source, .. } => Some(source),
            ErrorKind::GameTree(e) => Some(e),
            _ => None,
        }
    }
}
