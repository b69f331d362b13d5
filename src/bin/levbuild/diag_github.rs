//! Diagnostics as GitHub Actions workflow commands (`--format github`):
//! `::error file=F,line=L,col=C,endLine=…,endColumn=…,title=…::message`, one
//! a line on standard output, which a workflow's log turns into
//! annotations on the lines of the pull request.

use levbuild::diag::{Diagnostic, Diagnostics, Severity};
use levbuild::Warning;

/// One command per diagnostic of `d`.
pub fn lines(d: &Diagnostics) -> Vec<String> {
    d.iter().map(|item| located(d.file(), item)).collect()
}

fn located(file: &str, d: &Diagnostic) -> String {
    command(
        d.severity,
        Some(file),
        Some((d.line, d.column, d.end_line, d.end_column)),
        d.code,
        &message(&d.message, d.label.as_deref(), d.help.as_deref()),
    )
}

/// A warning of a tree build (an error when warnings are denied).
pub fn warning(w: &Warning, severity: Severity) -> String {
    let at =
        w.at.as_ref()
            .map(|at| (at.line, at.column, at.end_line, at.end_column));
    command(
        severity,
        Some(&w.file.to_string_lossy()),
        at,
        w.code,
        &message(&w.message, w.label.as_deref(), w.help.as_deref()),
    )
}

/// An error with no place in a file (a failed step, a file that cannot be
/// read): `::error file=F::message` or `::error::message`.
pub fn unlocated(file: Option<&str>, severity: Severity, message: &str) -> String {
    command(severity, file, None, None, message)
}

/// A note of discovery: a notice.
pub fn note(message: &str) -> String {
    format!("::notice title=levbuild::{}", data(message))
}

fn message(text: &str, label: Option<&str>, help: Option<&str>) -> String {
    let mut m = text.to_string();
    if let Some(label) = label {
        m.push_str(&format!(" ({label})"));
    }
    if let Some(help) = help {
        m.push_str(&format!("\nhelp: {help}"));
    }
    m
}

fn command(
    severity: Severity,
    file: Option<&str>,
    at: Option<(usize, usize, usize, usize)>,
    code: Option<&str>,
    message: &str,
) -> String {
    let kind = match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let mut properties = Vec::new();
    if let Some(file) = file {
        properties.push(format!("file={}", property(file)));
    }
    if let Some((line, col, end_line, end_col)) = at {
        properties.push(format!("line={line},col={col}"));
        properties.push(format!("endLine={end_line}"));
        // GitHub takes a column range only on one line.
        if end_line == line {
            properties.push(format!("endColumn={end_col}"));
        }
    }
    let title = match code {
        Some(code) => format!("levbuild {kind}[{code}]"),
        None => format!("levbuild {kind}"),
    };
    properties.push(format!("title={}", property(&title)));
    format!("::{kind} {}::{}", properties.join(","), data(message))
}

/// A message as a workflow command carries it: `%`, CR and LF escaped.
fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A property value: also `:` and `,`, which end it.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_escape_what_github_reads_as_syntax() {
        assert_eq!(data("50% done\r\nnext"), "50%25 done%0D%0Anext");
        assert_eq!(property("a:b,c%"), "a%3Ab%2Cc%25");
        assert_eq!(
            unlocated(Some("dat/x,y.des"), Severity::Error, "cannot open: gone"),
            "::error file=dat/x%2Cy.des,title=levbuild error::cannot open: gone"
        );
    }
}
