//! The tree build's error type.

use std::fmt;
use std::path::PathBuf;

use crate::diag::Diagnostics;

/// Why a tree build failed. [`Error::kind`] tells which way; `Display`
/// lists every problem (every diagnostic of every failing file).
#[cfg_attr(docsrs, doc(cfg(feature = "build")))]
#[derive(Debug)]
pub struct Error {
    kind: ErrorKind,
}

/// The ways a tree build fails.
#[cfg_attr(docsrs, doc(cfg(feature = "build")))]
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
        /// Output files that two products of the build would both write.
        clashes: Vec<OutputClash>,
    },
    /// Compiling the generated C index failed: what the C compiler (run
    /// by the `cc` crate) said (also the error's
    /// [`source`](std::error::Error::source)).
    CCompile(CCompileError),
    /// A game tree could not be read.
    GameTree(crate::game::TreeError),
    /// A game's identity file could not be read.
    GameFile(crate::game::IdentityError),
    /// The build had warnings and [`crate::Build::warnings_into_errors`] is
    /// on: every warning, one line each. Nothing was written.
    WarningsDenied(Vec<super::Warning>),
}

/// Two files of one level set define the same level.
#[cfg_attr(docsrs, doc(cfg(feature = "build")))]
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuplicateLevel {
    /// The level name.
    pub name: String,
    /// The file that defines it first (in discovery order).
    pub first: PathBuf,
    /// The file that defines it again.
    pub second: PathBuf,
}

/// Two products of one build map to one output file: two sources (a
/// level and a dungeon file named `castle.lev.def`, two `dungeon.def` in
/// one set), or a source and levbuild's own index or state.
#[cfg_attr(docsrs, doc(cfg(feature = "build")))]
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputClash {
    /// The file, relative to the output directory.
    pub file: String,
    /// The source whose output it is.
    pub source: PathBuf,
    /// The other source writing it, or `None` for levbuild's own file.
    pub other: Option<PathBuf>,
}

impl fmt::Display for OutputClash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.other {
            Some(other) => write!(
                f,
                "output {} is written by both {} and {}",
                self.file,
                other.display(),
                self.source.display()
            ),
            None => write!(
                f,
                "output {} of {} would overwrite levbuild's own {}",
                self.file,
                self.source.display(),
                self.file
            ),
        }
    }
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

    /// The same error without the warnings `silenced` accepts among the
    /// diagnostics of failing files.
    pub(crate) fn without_warnings(
        mut self,
        silenced: impl Fn(&crate::diag::Diagnostic) -> bool,
    ) -> Self {
        if let ErrorKind::Failed { diagnostics, .. } = &mut self.kind {
            for d in diagnostics {
                d.retain(|d| d.severity == crate::diag::Severity::Error || !silenced(d));
            }
        }
        self
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
            ErrorKind::CCompile(e) => write!(f, "compiling the C level index failed: {e}"),
            ErrorKind::GameTree(e) => write!(f, "{e}"),
            ErrorKind::GameFile(e) => write!(f, "{e}"),
            ErrorKind::WarningsDenied(warnings) => {
                writeln!(
                    f,
                    "level build failed: {} warning(s), which warnings_into_errors makes errors",
                    warnings.len()
                )?;
                for w in warnings {
                    writeln!(f, "{}", w.line_as(crate::diag::Severity::Error))?;
                }
                Ok(())
            }
            ErrorKind::Failed {
                diagnostics,
                duplicates,
                clashes,
            } => {
                let errors: usize = diagnostics.iter().map(|d| d.errors().count()).sum();
                write!(
                    f,
                    "level build failed: {errors} error(s) in {} file(s)",
                    diagnostics.len()
                )?;
                for (n, what) in [
                    (duplicates.len(), "duplicate level name(s)"),
                    (clashes.len(), "clashing output file(s)"),
                ] {
                    if n > 0 {
                        write!(f, ", {n} {what}")?;
                    }
                }
                writeln!(f)?;
                for d in diagnostics {
                    write!(f, "{}", d.render(false))?;
                }
                for d in duplicates {
                    writeln!(f, "error: {d}")?;
                }
                for c in clashes {
                    writeln!(f, "error: {c}")?;
                }
                Ok(())
            }
        }
    }
}

/// Why the generated C index did not compile: the C compiler's own
/// words. It wraps the `cc` crate's error, so that `cc` is not part of
/// levbuild's public API.
#[derive(Debug)]
pub struct CCompileError(cc::Error);

impl CCompileError {
    pub(crate) fn new(e: cc::Error) -> Self {
        CCompileError(e)
    }
}

impl fmt::Display for CCompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for CCompileError {}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Io { source, .. } => Some(source),
            ErrorKind::GameTree(e) => Some(e),
            ErrorKind::GameFile(e) => Some(e),
            ErrorKind::CCompile(e) => Some(e),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error as _;

    #[test]
    fn a_failed_c_compile_keeps_the_compilers_error_as_source() {
        let dir = std::env::temp_dir().join(format!("levbuild-cc-error-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("levels.c");
        std::fs::write(&file, "int x;\n").unwrap();
        // Everything cc would read from a build script's environment is
        // given, and the "compiler" always fails.
        let cc_error = cc::Build::new()
            .target("x86_64-unknown-linux-gnu")
            .host("x86_64-unknown-linux-gnu")
            .opt_level(0)
            .debug(false)
            .cargo_metadata(false)
            .compiler(if cfg!(windows) {
                "nonexistent-cc.exe"
            } else {
                "false"
            })
            .out_dir(&dir)
            .file(&file)
            .try_compile("levels")
            .unwrap_err();
        let text = cc_error.to_string();
        let e = Error::new(ErrorKind::CCompile(CCompileError::new(cc_error)));
        assert_eq!(e.source().map(ToString::to_string), Some(text.clone()));
        assert!(e.to_string().ends_with(&text), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
