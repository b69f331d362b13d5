//! Printing diagnostics and writing output files for the subcommands.

use std::io::{IsTerminal, Write};
use std::path::Path;

use anyhow::{Context, Result};
use levbuild::diag::{Diagnostics, LegacyTool, Severity};

/// How diagnostics are printed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Source snippet with a caret (colour on a terminal).
    Rich,
    /// One `file:line:col: severity: message` line each.
    Short,
    /// The reference tool's own lines.
    Legacy(LegacyTool),
    /// One JSON object per diagnostic (see `diag_json`), on standard
    /// output.
    Json,
    /// One GitHub Actions workflow command per diagnostic (see
    /// `diag_github`), on standard output.
    Github,
}

impl Format {
    /// The format `--format` names in `m` (one of those `args::format`
    /// lets through; rich without it), `tool`'s own lines for `legacy`.
    pub fn of(m: &clap::ArgMatches, tool: LegacyTool) -> Format {
        match m.get_one::<String>("format").map(String::as_str) {
            Some("short") => Format::Short,
            Some("legacy") => Format::Legacy(tool),
            Some("json") => Format::Json,
            Some("github") => Format::Github,
            _ => Format::Rich,
        }
    }
}

/// Prints `d` on standard error, or as JSON on standard output.
pub fn print_diagnostics(d: &Diagnostics, format: Format) -> Result<()> {
    if d.is_empty() {
        return Ok(());
    }
    let text = match format {
        Format::Rich => d.render(std::io::stderr().is_terminal()),
        Format::Short => d.short().join("\n") + "\n",
        Format::Legacy(tool) => d.legacy_lines(tool).join("\n") + "\n",
        Format::Json => return print_stdout(&(crate::diag_json::lines(d).join("\n") + "\n")),
        Format::Github => return print_stdout(&(crate::diag_github::lines(d).join("\n") + "\n")),
    };
    let _ = std::io::stderr().write_all(text.as_bytes());
    Ok(())
}

/// Prints a message about `file` as a whole (a summary, a refusal): as it
/// reads on standard error, or as a JSON object on standard output in the
/// JSON format.
pub fn print_file_message(format: Format, file: &str, text: &str) -> Result<()> {
    if format == Format::Json {
        let line = crate::diag_json::unlocated(Some(file), Severity::Error, text);
        return print_stdout(&format!("{line}\n"));
    }

    eprintln!("{text}");
    Ok(())
}

/// Prints `text` on standard output. A reader that has gone away (`levbuild
/// dump FILE | head`) ends the output quietly, as Unix tools do.
pub fn print_stdout(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

/// Writes `bytes` to `dir/name` (unless it holds them already) through a
/// temporary file and a rename, so a reader never sees a half-written file
/// and an old longer file never leaves its tail behind.
pub fn write_atomic(dir: &Path, name: &str, bytes: &[u8]) -> Result<()> {
    let target = dir.join(file_name(name));
    if holds(&target, bytes) {
        return Ok(());
    }
    let tmp = dir.join(file_name(&format!(".{name}.{}.tmp", std::process::id())));
    std::fs::write(&tmp, bytes).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, &target).with_context(|| {
        let _ = std::fs::remove_file(&tmp);
        format!("cannot write {}", target.display())
    })
}

/// True if `target` is a file that holds `bytes`. Such a file is left
/// alone: replacing a file by a rename makes some file systems (ext4)
/// flush it at once, which costs a recompile of an unchanged tree ten
/// times its compile.
pub fn holds(target: &Path, bytes: &[u8]) -> bool {
    std::fs::metadata(target).is_ok_and(|meta| {
        meta.is_file()
            && meta.len() == bytes.len() as u64
            && std::fs::read(target).is_ok_and(|b| b == bytes)
    })
}

/// The file name `name` stands for: on Unix its source bytes, as the C
/// tools name files (`caf\xE9.lev` for a Latin-1 level name); elsewhere
/// the text itself.
pub fn file_name(name: &str) -> std::ffi::OsString {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        std::ffi::OsString::from_vec(levbuild::source_bytes(name).into_owned())
    }
    #[cfg(not(unix))]
    {
        std::ffi::OsString::from(name)
    }
}

/// Prints lev_comp's and dgn_comp's message for an input that cannot be
/// opened (a JSON object on standard output in the JSON format).
pub fn report_open_failure(
    format: Format,
    path: &std::ffi::OsStr,
    error: &std::io::Error,
) -> Result<()> {
    let name = path.to_string_lossy();
    match format {
        Format::Json => print_file_message(format, &name, &format!("cannot open: {error}")),
        // An annotation on the file; the summaries of print_file_message
        // are not (they go to standard error).
        Format::Github => {
            let text = format!("cannot open: {error}");
            let line = crate::diag_github::unlocated(Some(&name), Severity::Error, &text);
            print_stdout(&format!("{line}\n"))
        }
        // lev_comp's and dgn_comp's own words.
        Format::Legacy(_) => {
            eprintln!("Can't open \"{name}\" for input.\n{name}: {error}");
            Ok(())
        }
        _ => {
            eprintln!("levbuild: {name}: cannot open: {error}");
            Ok(())
        }
    }
}

/// Reads a source file (or standard input for `-`) as text, every byte
/// kept (see `levbuild::source_text`).
pub fn read_source(path: &std::ffi::OsStr) -> std::io::Result<(String, String)> {
    // The tree build's limit (`levbuild::MAX_SOURCE_BYTES`), on every
    // command.
    if path == "-" {
        let buf = levbuild::read_source(std::io::stdin().lock())?;
        return Ok(("(stdin)".to_string(), into_text(buf)));
    }
    let bytes = levbuild::read_source(std::fs::File::open(path)?)?;
    Ok((path.to_string_lossy().into_owned(), into_text(bytes)))
}

/// A source's text: its bytes themselves when they are the text already
/// (ASCII), so that a large file is not held twice.
fn into_text(bytes: Vec<u8>) -> String {
    let decoded = match levbuild::source_text(&bytes) {
        std::borrow::Cow::Owned(text) => Some(text),
        std::borrow::Cow::Borrowed(_) => None,
    };
    decoded.unwrap_or_else(|| {
        String::from_utf8(bytes)
            .unwrap_or_else(|e| levbuild::source_text(e.as_bytes()).into_owned())
    })
}
