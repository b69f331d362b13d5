//! Diagnostics: errors and warnings that name a file, line and column, say
//! what was found and what was expected, and show the source line.
//!
//! Both compilers collect every problem of a file into one [`Diagnostics`]
//! value instead of stopping at the first. It renders in three styles:
//! [`Diagnostics::render`] (source snippet with a caret, via `ariadne`),
//! [`Diagnostics::short`] (one `file:line:col: severity: message` line each),
//! and [`Diagnostic::legacy_line`] (the exact text the C tools print).
//!
//! Every warning has a stable name ([`Diagnostic::code`], listed with a
//! description in [`WARNINGS`]), shown in every format but the legacy one
//! (`[rock-in-room] Warning: …`, `warning[rock-in-room]: …`), by which a
//! build silences it (`Build::allow`, `--allow NAME`).

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

/// A byte range into a source text.
pub type Span = Range<usize>;

/// Declares every warning once: a constant per name for the call sites
/// (module `warn`) and the public list [`WARNINGS`].
macro_rules! warnings {
    ($($id:ident = $name:literal: $description:literal,)*) => {
        /// The names of the warnings, for the places that report them. (A
        /// build without the 3.6 compiler or the tree build reports fewer
        /// of them; the list stays whole.)
        #[cfg_attr(not(all(feature = "nethack36", feature = "build")), allow(dead_code))]
        pub(crate) mod warn {
            $(pub(crate) const $id: &str = $name;)*
        }

        /// Every warning levbuild reports: its name (what
        /// [`Diagnostic::code`] and a build's `Warning::code` hold, what
        /// `Build::allow` and `--allow` take) and what it is about.
        pub const WARNINGS: &[(&str, &str)] = &[$(($name, $description)),*];
    };
}

warnings! {
    NUMBER_READ_AS = "number-read-as":
        "a number past the range of a 32-bit int, read as C's atoi reads it",
    VALUE_DOES_NOT_FIT = "value-does-not-fit":
        "a number too large for the field it is stored in keeps its low bits",
    REST_OF_FILE_IGNORED = "rest-of-file-ignored":
        "a byte or line that ends the reference tool's reading of the file early",
    TOO_MANY_WARNINGS = "too-many-warnings":
        "the count of a file's warnings past the first 200, which are not listed",
    NEGATIVE_REGISTER = "negative-register":
        "a negative register index (`place[-3]`), stored as a plain value",
    LEVEL_DEFINED_TWICE = "level-defined-twice":
        "a level defined twice in one file: lev_comp writes the later over the earlier's file, which it does not truncate",
    UNKNOWN_ROOM_TYPE = "unknown-room-type":
        "a room type that is no room type, made an ordinary room",
    UNKNOWN_GOD = "unknown-god":
        "an altar's god that is no god of the game (notnotdNetHack), made no god",
    EMPTY_MAP = "empty-map":
        "a MAP block with no map character, stored as a map of width 0",
    MAP_WITHOUT_ENDMAP = "map-without-endmap":
        "a MAP block the file ends in without ENDMAP, which lev_comp ignores",
    SINGLE_CELL_MAP_DROPPED = "single-cell-map-dropped":
        "a 1x1 map on an INIT_MAP level, stored without its cell",
    DISABLED_MAP_CHARACTER = "disabled-map-character":
        "a map character the game's lev_comp reads with a warning (`K` in a game built without SINKS), stored as what it reads it as",
    INVALID_FILL_CHARACTER = "invalid-fill-character":
        "a MAZE fill character that is no map character, stored as random",
    ROCK_IN_ROOM = "rock-in-room":
        "(-w) a REGION lit as a room that holds rock or a door",
    NON_ROCK_EDGE = "non-rock-edge":
        "(-w) a REGION lit as a room whose corners outside it are not rock",
    PLACED_IN_WALL = "placed-in-wall":
        "a monster, object, trap or feature placed on rock, a wall or a door of the map",
    ROOM_NAME_LENGTH_WRAPPED = "room-name-length-wrapped":
        "a room or parent name of 65,536 bytes or more, whose length lev_comp writes as a `short`: the level keeps the bytes the wrapped length counts",
    MAP_PARTS_PAST_LOADER = "map-parts-past-loader":
        "a maze level of 10 map parts, which lev_comp writes and the game panics on when it makes the level (it loads at most 9)",
    INVALID_MONSTER_NAME = "invalid-monster-name":
        "a monster name the game does not have (of that class), made random",
    INVALID_OBJECT_NAME = "invalid-object-name":
        "an object name the game does not have (of that class), made random",
    HUMIDITY_FLAG_TWICE = "humidity-flag-twice":
        "a humidity flag given twice in a 3.6 `random[…]` coordinate, which changes nothing (lev_comp warns too)",
    RANDOM_VAULT_CARRIED_OVER = "random-vault-carried-over":
        "a MAZE level after a random vault of the same file, which EvilHack's lev_comp lists in vaults.dat too (only LEVEL resets it)",
    MAZE_FILLER_INVALID_TERRAIN = "maze-filler-invalid-terrain":
        "(-w) a 3.6 MAZE filler that lev_comp converts to an invalid terrain type",
    ROOM_FLAGS_FROM_ALIGNMENT = "room-flags-from-alignment":
        "(-w) a 3.6 ROOM written with the flags of its vertical alignment, not its own",
    INVALID_MAP_CHARACTER = "invalid-map-character":
        "a map character that is no terrain (dNetHack's `N`, `Y`), replaced with stone",
    NO_DUNGEONS = "no-dungeons":
        "a dungeon.def without a DUNGEON statement, which gives an empty file",
    PROTOFILE_TWICE = "protofile-twice":
        "a dungeon's PROTOFILE given twice: the last one counts",
    DESCRIBES_NO_LEVEL = "describes-no-level":
        "a LEVELDESC or LEVALIGN before any LEVEL, which changes no level",
    DESCRIBES_OTHER_DUNGEON = "describes-other-dungeon":
        "a LEVELDESC or LEVALIGN before a dungeon's first LEVEL, applied to another dungeon's level",
    BRANCH_FROM_PROBABILISTIC_LEVEL = "branch-from-probabilistic-level":
        "a branch chained from a level that exists only by chance",
    FEATURE_NAME_RUNS_ON = "feature-name-runs-on":
        "a `%FEATURE` name that makedefs matches as a prefix of the text after it",
    NUL_DROPS_REST_OF_LINE = "nul-drops-rest-of-line":
        "a NUL byte in dungeon.def, which makes makedefs drop the rest of its line",
    LONG_LINE_PIECE = "long-line-piece":
        "a piece of a dungeon.def line of 255 bytes or more that makedefs reads as a line of its own",
    DUNGEON_MISSING_LEVEL = "dungeon-missing-level":
        "a level dungeon.def needs that no .des file of its level set defines",
}

/// The name of a warning as [`WARNINGS`] holds it.
///
/// # Errors
/// [`UnknownWarning`] when `name` is no warning's name.
pub fn warning_name(name: &str) -> Result<&'static str, UnknownWarning> {
    WARNINGS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(n, _)| *n)
        .ok_or_else(|| UnknownWarning(name.to_string()))
}

/// A name that is no warning's. Its `Display` lists every known name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownWarning(pub String);

impl fmt::Display for UnknownWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown warning name `{}`", self.0)?;
        if let Some(s) = crate::suggest::closest(&self.0, WARNINGS.iter().map(|(n, _)| *n)) {
            write!(f, " (did you mean `{s}`?)")?;
        }
        let names: Vec<&str> = WARNINGS.iter().map(|(n, _)| *n).collect();
        write!(f, "; the warnings are: {}", names.join(", "))
    }
}

impl std::error::Error for UnknownWarning {}

/// A value with the source range it came from (used by the parsers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Sp<T> {
    pub v: T,
    pub span: Span,
}

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Reported, but output is still produced.
    Warning,
    /// The file produces no output.
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        })
    }
}

/// Which reference tool's message format [`Diagnostic::legacy_line`] imitates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegacyTool {
    /// `lev_comp`: `FILE: line N : TEXT`.
    LevComp,
    /// `dgn_comp`: `FILE : line N : TEXT`.
    DgnComp,
    /// NetHack 3.6's `lev_comp`: `FILE: line N, pos P: TEXT`, and
    /// ` at "TOKEN"` after a text that ends in neither `.` nor `!`.
    LevComp36,
}

/// One error or warning, located in its source file.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The headline. Where the reference tool has a message for the same
    /// problem, this is its exact text.
    pub message: String,
    /// What the caret points at, e.g. "found `x`, expected a door state".
    pub label: Option<String>,
    /// An extra hint shown under the snippet.
    pub help: Option<String>,
    /// A warning's name (one of [`WARNINGS`]); `None` for an error.
    pub code: Option<&'static str>,
    /// Byte range in the source.
    pub span: Span,
    /// 1-based line of the span's start.
    pub line: usize,
    /// 1-based column (in characters) of the span's start.
    pub column: usize,
    /// 1-based line of the span's end (the position just past it).
    pub end_line: usize,
    /// 1-based column (in characters) of the span's end.
    pub end_column: usize,
    /// Other places the diagnostic points at, each with what it says of
    /// it: the `{` of a block that is never closed, under its `}`'s error.
    pub secondary: Vec<Secondary>,
}

/// A place a [`Diagnostic`] points at besides its span, as rustc's
/// secondary labels do.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Secondary {
    /// Byte range in the source.
    pub span: Span,
    /// 1-based line of the span's start.
    pub line: usize,
    /// 1-based column (in characters) of the span's start.
    pub column: usize,
    /// What is said of it, e.g. "this `{` is never closed".
    pub label: String,
}

impl Diagnostic {
    /// The message in the reference tool's own format, e.g.
    /// `castle.des: line 12 : WARNING : Rock in room (01,01,05,05)?!`.
    pub fn legacy_line(&self, file: &str, tool: LegacyTool) -> String {
        self.legacy_line_at(file, tool, None, None)
    }

    /// [`Diagnostic::legacy_line`] with the text of the token the message
    /// is about, which 3.6's `lev_comp` quotes.
    fn legacy_line_at(
        &self,
        file: &str,
        tool: LegacyTool,
        token: Option<&str>,
        position: Option<(usize, usize)>,
    ) -> String {
        let sep = match tool {
            LegacyTool::LevComp | LegacyTool::LevComp36 => ":",
            LegacyTool::DgnComp => " :",
        };
        match (self.severity, tool) {
            (Severity::Error, LegacyTool::LevComp36) => {
                // lev_comp reports where its scanner is: at the last token
                // of the construct, which the caller located.
                let (line_no, pos) = position.unwrap_or((self.line, self.column.saturating_sub(1)));
                let mut line = format!("{file}: line {line_no}, pos {pos}: {}", self.message);
                if !self.message.ends_with(['.', '!']) {
                    line.push_str(&format!(" at \"{}\"", token.unwrap_or_default()));
                }
                line
            }
            (Severity::Error, _) => format!("{file}{sep} line {} : {}", self.line, self.message),
            (Severity::Warning, _) => {
                format!(
                    "{file}{sep} line {} : WARNING : {}",
                    self.line, self.message
                )
            }
        }
    }
}

/// Where the last token of `text` starts: a string, a character literal,
/// a word or number, or one character of punctuation.
fn last_token_start(text: &str) -> usize {
    let t = text.trim_end();
    let b = t.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'$' | b'%');
    match b.last() {
        None => 0,
        Some(b'"') => t[..t.len() - 1].rfind('"').unwrap_or(0),
        Some(b'\'') if b.len() >= 4 && b[b.len() - 3] == b'\\' => t.len() - 4,
        Some(b'\'') if b.len() >= 3 => t.len() - 3,
        Some(&c) if word(c) => b.iter().rposition(|&c| !word(c)).map_or(0, |i| i + 1),
        Some(_) => t.len() - 1,
    }
}

/// Collects diagnostics by span while a file is being compiled; turned into
/// [`Diagnostics`] (with lines and columns) by [`Reporter::finish`].
#[derive(Debug, Default)]
pub(crate) struct Reporter {
    items: Vec<Pending>,
    errors: usize,
    /// Errors past [`MAX_ERRORS`], counted but not kept.
    dropped: usize,
    warnings: usize,
    /// Warnings past [`MAX_WARNINGS`], counted but not kept.
    dropped_warnings: usize,
    /// The last diagnostic recorded was dropped.
    pending_dropped: bool,
    /// Leave out the warnings of [`EXTRA_36`] (3.6's `-w` is off).
    without_extra_36: bool,
}

/// The warnings of the 3.6 compiler that only `-w` (`extra_warnings`)
/// reports: levbuild's own notes on what 3.6's `lev_comp` does to every
/// `MAZE: "x", ' '` and to most `ROOM`s, which NetHack 3.6.7's own files do
/// throughout (3.6's `lev_comp` has no `-w` and says nothing of them).
pub(crate) const EXTRA_36: [&str; 2] = [
    warn::MAZE_FILLER_INVALID_TERRAIN,
    warn::ROOM_FLAGS_FROM_ALIGNMENT,
];

/// Errors kept per file; the rest are summarised in one last error, so
/// that a garbage input cannot produce an unreadable flood.
pub(crate) const MAX_ERRORS: usize = 200;

/// Warnings kept per file, likewise.
pub(crate) const MAX_WARNINGS: usize = 200;

#[derive(Debug)]
struct Pending {
    severity: Severity,
    message: String,
    label: Option<String>,
    help: Option<String>,
    code: Option<&'static str>,
    span: Span,
    /// Shown before everything else, wherever it is.
    lead: bool,
    /// Secondary labels.
    secondary: Vec<(Span, String)>,
}

impl Reporter {
    /// Records an error.
    pub(crate) fn error(&mut self, span: Span, message: impl Into<String>) -> &mut Self {
        self.push(Severity::Error, None, span, message.into())
    }

    /// Records a warning of the kind `name` (a constant of `warn`).
    pub(crate) fn warning(
        &mut self,
        name: &'static str,
        span: Span,
        message: impl Into<String>,
    ) -> &mut Self {
        self.push(Severity::Warning, Some(name), span, message.into())
    }

    fn push(
        &mut self,
        severity: Severity,
        code: Option<&'static str>,
        span: Span,
        message: String,
    ) -> &mut Self {
        if self.without_extra_36 && code.is_some_and(|c| EXTRA_36.contains(&c)) {
            // Not reported, not counted; its label and hint go nowhere.
            self.pending_dropped = true;
            return self;
        }
        let (count, limit, dropped) = match severity {
            Severity::Error => (&mut self.errors, MAX_ERRORS, &mut self.dropped),
            Severity::Warning => (&mut self.warnings, MAX_WARNINGS, &mut self.dropped_warnings),
        };
        *count += 1;
        if *count > limit {
            *dropped += 1;
            // Labels and hints for a dropped error go nowhere.
            self.pending_dropped = true;
            return self;
        }
        self.pending_dropped = false;
        self.items.push(Pending {
            severity,
            message,
            label: None,
            help: None,
            code,
            span,
            lead: false,
            secondary: Vec::new(),
        });
        self
    }

    /// Attaches a secondary label at `span` to the diagnostic recorded last.
    #[cfg(feature = "compile")]
    pub(crate) fn secondary(&mut self, span: Span, label: impl Into<String>) -> &mut Self {
        if self.pending_dropped {
            return self;
        }
        if let Some(last) = self.items.last_mut() {
            last.secondary.push((span, label.into()));
        }
        self
    }

    /// Shows the diagnostic recorded last before all others.
    #[cfg(feature = "compile")]
    pub(crate) fn lead(&mut self) -> &mut Self {
        if !self.pending_dropped {
            if let Some(last) = self.items.last_mut() {
                last.lead = true;
            }
        }
        self
    }

    /// Keeps only the first `n` errors (in source order) and no warning;
    /// the number of errors there were.
    #[cfg(feature = "compile")]
    pub(crate) fn keep_first_errors(&mut self, n: usize) -> usize {
        let total = self.errors;
        self.items.sort_by_key(|d| d.span.start);
        self.items.retain(|d| d.severity == Severity::Error);
        self.items.truncate(n);
        self.errors = self.items.len();
        self.dropped = 0;
        self.warnings = 0;
        self.dropped_warnings = 0;
        total
    }

    /// Attaches a caret label to the diagnostic recorded last.
    pub(crate) fn label(&mut self, label: impl Into<String>) -> &mut Self {
        if self.pending_dropped {
            return self;
        }
        if let Some(last) = self.items.last_mut() {
            last.label = Some(label.into());
        }
        self
    }

    /// Attaches a hint to the diagnostic recorded last.
    pub(crate) fn help(&mut self, help: impl Into<String>) -> &mut Self {
        if self.pending_dropped {
            return self;
        }
        if let Some(last) = self.items.last_mut() {
            last.help = Some(help.into());
        }
        self
    }

    /// Leaves out the 3.6 compiler's extra warnings ([`EXTRA_36`]) from now
    /// on, unless `extra_warnings`.
    #[cfg(feature = "nethack36")]
    pub(crate) fn extra_warnings_36(&mut self, extra_warnings: bool) {
        self.without_extra_36 = !extra_warnings;
    }

    /// Records what `later` recorded, as if it had been recorded here
    /// after what this holds (the limits count both).
    #[cfg(feature = "compile")]
    pub(crate) fn append(&mut self, later: Reporter) {
        for item in later.items {
            self.push(item.severity, item.code, item.span, item.message);
            if let Some(label) = item.label {
                self.label(label);
            }
            if let Some(help) = item.help {
                self.help(help);
            }
            for (span, label) in item.secondary {
                self.secondary(span, label);
            }
        }
        // What `later` dropped comes after what it kept: past the limit
        // here too.
        self.errors += later.dropped;
        self.dropped += later.dropped;
        self.warnings += later.dropped_warnings;
        self.dropped_warnings += later.dropped_warnings;
    }

    /// True once any error was recorded.
    pub(crate) fn has_errors(&self) -> bool {
        self.errors > 0
    }

    /// Locates every diagnostic in `source` and sorts them by position
    /// (diagnostics at the same place keep the order they were recorded in).
    pub(crate) fn finish(self, file: &str, source: &str) -> Diagnostics {
        let mut items = self.items;
        items.sort_by_key(|d| (!d.lead, d.span.start));
        for (severity, code, dropped, limit, what) in [
            (Severity::Error, None, self.dropped, MAX_ERRORS, "errors"),
            (
                Severity::Warning,
                Some(warn::TOO_MANY_WARNINGS),
                self.dropped_warnings,
                MAX_WARNINGS,
                "warnings",
            ),
        ] {
            if dropped > 0 {
                let end = source.len();
                items.push(Pending {
                    severity,
                    message: format!("{dropped} more {what} not shown"),
                    label: Some(format!(
                        "only the first {limit} {what} of a file are listed"
                    )),
                    help: None,
                    code,
                    span: end..end,
                    lead: false,
                    secondary: Vec::new(),
                });
            }
        }
        // Most files have nothing to report: no line index for them.
        let lines = match items.is_empty() {
            true => LineIndex { starts: vec![0] },
            false => LineIndex::new(source),
        };
        let items: Vec<Diagnostic> = items
            .into_iter()
            .map(|p| {
                let start = p.span.start.min(source.len());
                let end = p.span.end.clamp(start, source.len());
                let (line, column) = lines.locate(source, start);
                let (end_line, end_column) = lines.locate(source, end);
                // Source text quoted in a message is shown, never acted on
                // by a terminal.
                let shown = |t: String| match crate::text::escape_controls(&t) {
                    std::borrow::Cow::Borrowed(_) => t,
                    std::borrow::Cow::Owned(e) => e,
                };
                let secondary = p
                    .secondary
                    .into_iter()
                    .map(|(span, label)| {
                        let start = span.start.min(source.len());
                        let end = span.end.clamp(start, source.len());
                        let (line, column) = lines.locate(source, start);
                        Secondary {
                            span: start..end,
                            line,
                            column,
                            label: shown(label),
                        }
                    })
                    .collect();
                Diagnostic {
                    severity: p.severity,
                    message: shown(p.message),
                    label: p.label.map(shown),
                    help: p.help.map(shown),
                    code: p.code,
                    span: start..end,
                    line,
                    column,
                    end_line,
                    end_column,
                    secondary,
                }
            })
            .collect();
        let source = if items.is_empty() {
            Arc::from("")
        } else {
            Arc::from(source)
        };
        Diagnostics {
            file: file.to_string(),
            source,
            items,
        }
    }
}

/// Byte offsets of line starts, for turning spans into lines and columns.
struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    fn new(source: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(
            source
                .bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex { starts }
    }

    fn locate(&self, source: &str, offset: usize) -> (usize, usize) {
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts[line - 1];
        let column = source
            .get(start..offset)
            .map_or(offset - start, |s| s.chars().count())
            + 1;
        (line, column)
    }
}

/// All diagnostics of one source file, in source order.
///
/// This is the error type of [`crate::des::compile`] and
/// [`crate::dungeon::compile`]; on success the same type carries the
/// warnings. Its `Display` is [`Diagnostics::render`] without colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostics {
    file: String,
    source: Arc<str>,
    items: Vec<Diagnostic>,
}

impl Diagnostics {
    /// An empty list for `file`.
    pub fn empty(file: &str) -> Self {
        Diagnostics {
            file: file.to_string(),
            source: Arc::from(""),
            items: Vec::new(),
        }
    }

    /// The file name shown in messages.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// Every diagnostic, in source order.
    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.items.iter()
    }

    /// Number of diagnostics.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// True when there is no diagnostic at all.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The errors only.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.items.iter().filter(|d| d.severity == Severity::Error)
    }

    /// The warnings only.
    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.items
            .iter()
            .filter(|d| d.severity == Severity::Warning)
    }

    /// True when at least one diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.errors().next().is_some()
    }

    /// One line per diagnostic: `file:line:col: severity: message`, with
    /// a warning's name (`warning[rock-in-room]`), then ` (label)` and
    /// `; help: …` when there are.
    pub fn short(&self) -> Vec<String> {
        self.items
            .iter()
            .map(|d| {
                let mut s = format!(
                    "{}:{}:{}: {}: {}",
                    self.file,
                    d.line,
                    d.column,
                    severity_and_code(d.severity, d.code),
                    d.message
                );
                push_label_and_help(&mut s, d.label.as_deref(), d.help.as_deref());
                push_secondary(&mut s, &d.secondary);
                s
            })
            .collect()
    }

    /// Keeps only the diagnostics `keep` accepts: for instance drops the
    /// warnings a user silenced (`|d| d.code != Some("rock-in-room")`).
    pub fn retain(&mut self, keep: impl FnMut(&Diagnostic) -> bool) {
        self.items.retain(keep);
    }

    /// The reference tool's message lines (see [`Diagnostic::legacy_line`]).
    pub fn legacy_lines(&self, tool: LegacyTool) -> Vec<String> {
        self.items
            .iter()
            .map(|d| {
                let text = self.source.get(d.span.clone()).unwrap_or_default();
                let start = d.span.start + last_token_start(text);
                let token = (self.source.get(start..d.span.end))
                    .map(|t| crate::text::escape_controls(t.trim_end()));
                let token = token.as_deref();
                let before = self.source.get(..start).unwrap_or_default();
                let line = before.matches('\n').count() + 1;
                let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1);
                d.legacy_line_at(&self.file, tool, token, Some((line, column)))
            })
            .collect()
    }

    /// Every diagnostic with its source line and a caret, as `ariadne`
    /// draws it. `color` adds ANSI colours for a terminal.
    pub fn render(&self, color: bool) -> String {
        draw(self, color)
    }
}

/// rustdoc's [`Diagnostics::render`], which documentation never runs. The
/// real one names `ariadne`, and a crate that rustdoc loads brings its
/// dependencies along: `yansi`'s `impl<T: ?Sized> Paint for T` (60-odd
/// colour methods) and `ariadne`'s `Fmt` would be listed on every public
/// type of levbuild, since rustdoc shows the blanket impls of every
/// public trait of every crate it has loaded.
#[cfg(doc)]
fn draw(_: &Diagnostics, _: bool) -> String {
    unreachable!("documentation does not render diagnostics")
}

/// The body of [`Diagnostics::render`].
#[cfg(not(doc))]
fn draw(diagnostics: &Diagnostics, color: bool) -> String {
    use ariadne::{CharSet, Config, IndexType, Label, Report, ReportKind, Source};
    // The whole file escaped once: its diagnostics' spans are placed in it
    // (a clipped line escapes its own window).
    let whole = crate::text::Escaped::of(&diagnostics.source);
    let source = Source::from(&*whole.text);
    let mut out = Vec::new();
    for d in &diagnostics.items {
        // A very long line is shown as a window around the span, so a
        // one-line file of megabytes does not print megabytes per error.
        let clipped = clip_line(&diagnostics.source, &d.span);
        let (text, span) = match &clipped {
            Some((text, span)) => (text.as_str(), span.clone()),
            None => (&*diagnostics.source, d.span.clone()),
        };
        // Control bytes shown escaped, the caret under what it points at.
        let before = &text[..span.start.min(text.len())];
        let drawn_line = before.matches('\n').count() + 1;
        let drawn_column =
            crate::text::shown_width(&before[before.rfind('\n').map_or(0, |i| i + 1)..]) + 1;
        let (window_text, window);
        let (source, span) = match &clipped {
            None => (&source, whole.span(span)),
            Some(_) => {
                let (shown, span) = crate::text::escape_controls_span(text, span);
                window_text = shown.into_owned();
                window = Source::from(window_text.as_str());
                (&window, span)
            }
        };
        let kind = match d.severity {
            Severity::Error => ReportKind::Error,
            Severity::Warning => ReportKind::Warning,
        };
        let file = &*crate::text::escape_controls(&diagnostics.file);
        let mut label = Label::new((file, span.clone()));
        if let Some(text) = &d.label {
            label = label.with_message(text);
        }
        let config = Config::default()
            .with_color(color)
            .with_index_type(IndexType::Byte)
            .with_char_set(if color {
                CharSet::Unicode
            } else {
                CharSet::Ascii
            });
        // Secondary labels where the whole file is drawn (a clipped line is
        // a window of its own; there the short form says them).
        let secondary: Vec<Label<(&str, Span)>> = match clipped.is_none() {
            true => (d.secondary.iter())
                .map(|s| Label::new((file, whole.span(s.span.clone()))).with_message(&s.label))
                .collect(),
            false => Vec::new(),
        };
        let mut report = Report::build(kind, (file, span))
            .with_config(config)
            .with_labels(secondary)
            .with_message(format!("{} ({}:{}:{})", d.message, file, d.line, d.column))
            .with_label(label);
        // A warning shows its name: `[rock-in-room] Warning: …`.
        if let Some(code) = d.code {
            report = report.with_code(code);
        }
        if let Some(help) = &d.help {
            report = report.with_help(help);
        }
        // Writing into a Vec cannot fail; a failure would only lose the snippet.
        let mut one = Vec::new();
        let _ = report.finish().write((file, source), &mut one);
        // ariadne's header places the span in the text it drew, whose
        // escapes (and clipping) move columns: the file's own position
        // stands there instead.
        let drawn = String::from_utf8_lossy(&one);
        let drawn = drawn.replacen(
            &format!("{file}:{drawn_line}:{drawn_column}"),
            &format!("{file}:{}:{}", d.line, d.column),
            1,
        );
        out.extend_from_slice(drawn.as_bytes());
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `error`, `warning`, or `warning[NAME]` for a named warning.
pub(crate) fn severity_and_code(severity: Severity, code: Option<&str>) -> String {
    match code {
        Some(code) => format!("{severity}[{code}]"),
        None => severity.to_string(),
    }
}

/// Appends `; LINE:COLUMN: label` for each secondary label to a one-line
/// message.
pub(crate) fn push_secondary(line: &mut String, secondary: &[Secondary]) {
    for s in secondary {
        line.push_str(&format!("; {}:{}: {}", s.line, s.column, s.label));
    }
}

/// Appends ` (label)` and `; help: help` to a one-line message.
pub(crate) fn push_label_and_help(line: &mut String, label: Option<&str>, help: Option<&str>) {
    if let Some(label) = label {
        line.push_str(" (");
        line.push_str(label);
        line.push(')');
    }
    if let Some(help) = help {
        line.push_str("; help: ");
        line.push_str(help);
    }
}

/// Lines longer than this many bytes are clipped around the span when
/// rendered.
const MAX_SHOWN_LINE: usize = 240;

/// For a span on a line longer than [`MAX_SHOWN_LINE`]: a text holding a
/// window around it (`...` marking what is cut) on the same line number
/// (the lines before it are left empty), and the span within that text.
/// `None` for a shorter line.
fn clip_line(source: &str, span: &Range<usize>) -> Option<(String, Range<usize>)> {
    // A span at the very end shows on the last line, as ariadne draws it.
    let at = span.start.min(source.len().saturating_sub(1));
    let line_start = source[..at].rfind('\n').map_or(0, |i| i + 1);
    let line_end = source[at..].find('\n').map_or(source.len(), |i| at + i);
    if line_end - line_start <= MAX_SHOWN_LINE {
        return None;
    }
    let boundary = |mut i: usize| {
        while !source.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    const CONTEXT: usize = 80;
    let start = boundary(at.saturating_sub(CONTEXT).max(line_start));
    let end = boundary(
        span.end
            .max(at)
            .min(at + CONTEXT)
            .saturating_add(CONTEXT)
            .min(line_end),
    );
    let lines_before = source[..line_start].matches('\n').count();
    let mut text = "\n".repeat(lines_before);
    if start > line_start {
        text.push_str("...");
    }
    let shift = text.len();
    text.push_str(&source[start..end]);
    if end < line_end {
        text.push_str("...");
    }
    let span_end = span.end.clamp(at, end);
    Some((text, at - start + shift..span_end - start + shift))
}

impl<'a> IntoIterator for &'a Diagnostics {
    type Item = &'a Diagnostic;
    type IntoIter = std::slice::Iter<'a, Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(false))
    }
}

impl std::error::Error for Diagnostics {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Control bytes of the source are drawn escaped, and the caret stands
    /// under what the span covers, after them too.
    #[test]
    fn control_bytes_are_escaped_with_the_caret_in_its_column() {
        let src = "ab\x01\x02\x03cd \x1b[31mred\x1b]0;t\x07\n";
        let mut r = Reporter::default();
        r.error(5..7, "here").label("cd");
        let d = r.finish("t.des", src);
        let text = d.render(false);
        assert!(!text.contains(['\x1b', '\x07', '\x01']), "{text}");
        let lines: Vec<&str> = text.lines().collect();
        let shown = lines
            .iter()
            .find(|l| l.contains("cd \\x1b[31mred"))
            .unwrap();
        assert!(
            shown.ends_with("ab\\x01\\x02\\x03cd \\x1b[31mred\\x1b]0;t\\x07"),
            "{text}"
        );
        let caret = lines.iter().find(|l| l.contains('^')).unwrap();
        let col = |l: &str, pat: &str| l.find(pat).unwrap();
        assert_eq!(col(caret, "^"), col(shown, "cd"), "{text}");
        // The header places it in the file, not in the escaped text.
        assert!(text.contains(",-[ t.des:1:6 ]"), "{text}");
        // The message quoting the source, in every form.
        let mut r = Reporter::default();
        r.error(0..1, "found `\x1b]0;x\x07`")
            .label("\x1b[2J")
            .help("\u{9b}");
        let d = r.finish("t.des", src);
        for line in d
            .short()
            .into_iter()
            .chain(d.legacy_lines(LegacyTool::LevComp))
        {
            assert!(!line.contains(['\x1b', '\x07', '\u{9b}']), "{line:?}");
        }
        assert_eq!(d.iter().next().unwrap().message, "found `\\x1b]0;x\\x07`");
    }

    #[test]
    fn lines_and_columns_are_one_based_and_sorted() {
        let src = "ab\ncd\n\nxyz";
        let mut r = Reporter::default();
        r.error(9..10, "late");
        r.warning(warn::ROCK_IN_ROOM, 3..4, "early")
            .label("here")
            .help("look");
        let d = r.finish("f.des", src);
        let v: Vec<_> = d
            .iter()
            .map(|d| (d.line, d.column, d.message.as_str()))
            .collect();
        assert_eq!(v, [(2, 1, "early"), (4, 3, "late")]);
        assert_eq!(
            d.short()[0],
            "f.des:2:1: warning[rock-in-room]: early (here); help: look"
        );
        assert_eq!(d.short()[1], "f.des:4:3: error: late");
        assert_eq!(
            d.iter()
                .nth(1)
                .unwrap()
                .legacy_line("f.des", LegacyTool::LevComp),
            "f.des: line 4 : late"
        );
        let shown = d.render(false);
        assert!(shown.contains("f.des:4:3"));
        assert!(shown.contains("[rock-in-room] Warning: early"), "{shown}");
        // The legacy line is the reference tool's, without the name.
        assert_eq!(
            d.iter()
                .next()
                .unwrap()
                .legacy_line("f.des", LegacyTool::LevComp),
            "f.des: line 2 : WARNING : early"
        );
    }

    #[test]
    fn warning_names_are_unique_kebab_case_and_described() {
        for (i, (name, description)) in WARNINGS.iter().enumerate() {
            assert!(
                name.split('-')
                    .all(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase())),
                "{name}"
            );
            assert!(!description.is_empty() && !description.contains('\n'));
            assert!(
                !WARNINGS[..i].iter().any(|(n, _)| n == name),
                "{name} twice"
            );
            assert_eq!(warning_name(name), Ok(*name));
        }
        let e = warning_name("rock-in-rooms").unwrap_err().to_string();
        assert!(
            e.starts_with("unknown warning name `rock-in-rooms` (did you mean `rock-in-room`?)")
        );
        assert!(e.contains("number-read-as, "), "{e}");
    }

    #[test]
    fn retain_drops_silenced_warnings() {
        let mut r = Reporter::default();
        r.warning(warn::EMPTY_MAP, 0..1, "a");
        r.warning(warn::ROCK_IN_ROOM, 1..2, "b");
        r.error(2..3, "c");
        let mut d = r.finish("f", "abc");
        d.retain(|d| d.code != Some("rock-in-room"));
        let left: Vec<&str> = d.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(left, ["a", "c"]);
    }

    #[test]
    fn errors_past_the_limit_are_summarised() {
        let mut r = Reporter::default();
        for i in 0..MAX_ERRORS + 5 {
            r.error(i..i + 1, "bad").label("here");
        }
        r.warning(warn::EMPTY_MAP, 0..1, "still kept");
        let d = r.finish("f", &"x".repeat(1000));
        assert_eq!(d.errors().count(), MAX_ERRORS + 1);
        assert_eq!(d.iter().last().unwrap().message, "5 more errors not shown");
        assert_eq!(d.warnings().count(), 1);
        let mut r = Reporter::default();
        for i in 0..MAX_WARNINGS + 7 {
            r.warning(warn::EMPTY_MAP, i..i + 1, "odd").label("here");
        }
        let d = r.finish("f", &"x".repeat(1000));
        assert_eq!(d.warnings().count(), MAX_WARNINGS + 1);
        let last = d.iter().last().unwrap();
        assert_eq!(last.message, "7 more warnings not shown");
        assert_eq!(last.code, Some("too-many-warnings"));
        assert!(!d.has_errors());
    }

    #[test]
    fn long_lines_are_clipped_around_the_span() {
        let mut src = "first line\n".to_string();
        src.push_str(&"x".repeat(1_000_000));
        src.push_str("BAD");
        src.push_str(&"y".repeat(1_000_000));
        let at = src.find("BAD").unwrap();
        let mut r = Reporter::default();
        for _ in 0..50 {
            r.error(at..at + 3, "bad").label("here");
        }
        r.warning(warn::EMPTY_MAP, src.len()..src.len(), "at the end");
        let shown = r.finish("f", &src).render(false);
        assert!(shown.len() < 50 * 1000, "{} bytes", shown.len());
        assert!(shown.contains("xxxBADyyy"));
        assert!(shown.contains("f:2:1000001"), "{}", &shown[..400]);
        assert!(shown.contains(" 2 | ..."), "{}", &shown[..400]);
    }

    #[test]
    fn span_past_the_end_is_clamped() {
        let mut r = Reporter::default();
        r.error(50..80, "eof");
        let d = r.finish("f", "abc");
        let only = d.iter().next().unwrap();
        assert_eq!((only.line, only.column, only.span.clone()), (1, 4, 3..3));
        assert!(!d.render(false).is_empty());
    }
}
