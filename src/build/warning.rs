//! A build's warnings as values: the file, where in it, and what, as the
//! compilers reported them. The cache and the manifest keep them whole,
//! so a warning read back from either is the warning compiled.

use std::fmt;
use std::ops::Range;
use std::path::PathBuf;

use crate::diag::{push_label_and_help, severity_and_code, Diagnostic, Diagnostics, Severity};

/// One warning of a build, about one source file.
#[cfg_attr(docsrs, doc(cfg(feature = "build")))]
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The source file (as found under its source directory).
    pub file: PathBuf,
    /// Where in the file, for a compiler's warning; `None` for a warning
    /// about the file as a whole (a level a `dungeon.def` needs that no
    /// file defines).
    pub at: Option<Position>,
    /// The headline (the reference tool's own text where it has one).
    pub message: String,
    /// What the position points at.
    pub label: Option<String>,
    /// A hint.
    pub help: Option<String>,
    /// Its name (one of [`crate::diag::WARNINGS`]), which
    /// [`crate::Build::allow`] takes to silence it.
    pub code: Option<&'static str>,
}

/// Where a warning points, as [`Diagnostic`] gives it.
#[cfg_attr(docsrs, doc(cfg(feature = "build")))]
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// 1-based line of the start.
    pub line: usize,
    /// 1-based column (in characters) of the start.
    pub column: usize,
    /// 1-based line of the end.
    pub end_line: usize,
    /// 1-based column of the end.
    pub end_column: usize,
    /// Byte range in the source.
    pub span: Range<usize>,
}

impl Position {
    /// A position from its start, its end and its byte range.
    pub fn new(
        line: usize,
        column: usize,
        end_line: usize,
        end_column: usize,
        span: Range<usize>,
    ) -> Self {
        Position {
            line,
            column,
            end_line,
            end_column,
            span,
        }
    }
}

impl Warning {
    pub(crate) fn new(
        file: PathBuf,
        at: Option<Position>,
        message: String,
        label: Option<String>,
        help: Option<String>,
        code: Option<&'static str>,
    ) -> Self {
        Warning {
            file,
            at,
            message,
            label,
            help,
            code,
        }
    }

    /// The warnings of a compiled file (its diagnostics are all warnings).
    pub(crate) fn all_of(file: &std::path::Path, d: &Diagnostics) -> Vec<Warning> {
        d.warnings().map(|w| Warning::of(file, w)).collect()
    }

    /// The diagnostic `d` of `file` as a build reports a warning (as a
    /// warning, whatever its severity).
    pub fn of(file: &std::path::Path, d: &Diagnostic) -> Warning {
        let at = Position::new(d.line, d.column, d.end_line, d.end_column, d.span.clone());
        Warning::new(
            file.to_path_buf(),
            Some(at),
            d.message.clone(),
            d.label.clone(),
            d.help.clone(),
            d.code,
        )
    }

    /// A warning of kind `code` about `file` as a whole.
    pub(crate) fn about(file: PathBuf, code: &'static str, message: String) -> Warning {
        Warning::new(file, None, message, None, None, Some(code))
    }

    /// The one-line form with `severity` in place of `warning` (an error
    /// when warnings are denied): `file:line:col: error[NAME]: message
    /// (label); help: …`.
    pub fn line_as(&self, severity: Severity) -> String {
        let mut line = self.file.display().to_string();
        if let Some(at) = &self.at {
            line.push_str(&format!(":{}:{}", at.line, at.column));
        }
        line.push_str(&format!(
            ": {}: {}",
            severity_and_code(severity, self.code),
            self.message
        ));
        push_label_and_help(&mut line, self.label.as_deref(), self.help.as_deref());
        line
    }

    /// The same warning about `file`.
    pub(crate) fn for_file(&self, file: PathBuf) -> Warning {
        Warning {
            file,
            ..self.clone()
        }
    }
}

/// `file:line:col: warning[NAME]: message (label); help: …`, or
/// `file: warning[NAME]: message` for a warning about the whole file: one
/// line, as rustc's short format.
impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.line_as(Severity::Warning))
    }
}
