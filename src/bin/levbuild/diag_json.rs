//! Diagnostics as JSON for editors and CI (`--format json`): one object a
//! line, in the spirit of rustc's `--error-format=json`; a warning's name
//! is its `"code"` (`null` for an error).

use levbuild::diag::{Diagnostic, Diagnostics, Severity};
use levbuild::{Position, Warning};
use serde_json::{json, Value};

/// One line of JSON per diagnostic of `d`.
pub fn lines(d: &Diagnostics) -> Vec<String> {
    d.iter()
        .map(|item| located(d.file(), item).to_string())
        .collect()
}

/// A warning of a tree build (an error when warnings are denied).
pub fn warning(w: &Warning, severity: Severity) -> String {
    let file = w.file.to_string_lossy();
    match &w.at {
        Some(at) => object(
            &file,
            at,
            severity,
            &w.message,
            w.label.as_deref(),
            w.help.as_deref(),
            w.code,
        ),
        None => {
            let mut v = unlocated_value(Some(&file), &severity.to_string(), &w.message);
            v["code"] = json!(w.code);
            v
        }
    }
    .to_string()
}

/// A diagnostic with no place in a source file (a duplicate level, a
/// clash of outputs, a note of discovery, a failed build step): the same
/// shape, with `null` positions.
pub fn unlocated(file: Option<&str>, severity: Severity, message: &str) -> String {
    unlocated_value(file, &severity.to_string(), message).to_string()
}

/// A note of discovery (a skipped entry) in the same shape.
pub fn note(message: &str) -> String {
    unlocated_value(None, "note", message).to_string()
}

fn unlocated_value(file: Option<&str>, severity: &str, message: &str) -> Value {
    json!({
        "file": file,
        "line": null,
        "column": null,
        "end": null,
        "span": null,
        "severity": severity,
        "message": message,
        "labels": [],
        "help": null,
        "code": null,
    })
}

fn located(file: &str, d: &Diagnostic) -> Value {
    let at = Position::new(d.line, d.column, d.end_line, d.end_column, d.span.clone());
    object(
        file,
        &at,
        d.severity,
        &d.message,
        d.label.as_deref(),
        d.help.as_deref(),
        d.code,
    )
}

fn object(
    file: &str,
    at: &Position,
    severity: Severity,
    message: &str,
    label: Option<&str>,
    help: Option<&str>,
    code: Option<&str>,
) -> Value {
    let end = json!({ "line": at.end_line, "column": at.end_column });
    let span = json!({ "start": at.span.start, "end": at.span.end });
    let labels: Vec<Value> = label
        .iter()
        .map(|text| {
            json!({
                "line": at.line,
                "column": at.column,
                "end": end,
                "span": span,
                "message": text,
            })
        })
        .collect();
    json!({
        "file": file,
        "line": at.line,
        "column": at.column,
        "end": end,
        "span": span,
        "severity": severity.to_string(),
        "message": message,
        "labels": labels,
        "help": help,
        "code": code,
    })
}
