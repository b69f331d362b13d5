//! Identity files: a [`Game`] as one text file, so that a build, a test
//! or a game reading its own blobs at run time needs neither the game's C
//! tree nor a C compiler.
//!
//! The format, one fact a line (`#` starts a comment line):
//!
//! ```text
//! levbuild-game 5
//! name "grunthack-0.2.2"
//! version "0.2.2"
//! dialect 3.4.3
//! header-origin "include/date.h"
//! header any 0x20200 0x3e0c46 0x211bb16c 0xb8f34d70
//! feature REINCARNATION defined
//! monster-class 'a'
//! object-class ')'
//! monster 'a' "giant ant"
//! object ')' "arrow"
//! ```
//!
//! The record format follows ([`RecordFormat`]): a line for each fact
//! whose value is not the family reference game's
//! ([`RecordFormat::identity_base`]: NetHack 3.4.3's records; a 3.6
//! game's opcodes and numbers, which are all its own, and 3.6.7's value
//! packing), each fact's line declared with the fact (`facts!`, see
//! `facts.rs`): SLASH'EM's
//!
//! ```text
//! member door "arti_key" short
//! random-regions yes
//! random-coordinate -12
//! branch-members chain type up entry_lev
//! terrain 30 "TOILET"
//! level-flag "spooky" 32
//! limit-dungeons 32
//! ```
//!
//! `header` is followed by the data model its words are for (`lp64`,
//! `ilp32`, `llp64`) or `any` (a `date.h`: the words the game was built
//! with, whatever the target). Class symbols are written `'c'`, strings
//! `"…"`; both escape `\`, quotes and bytes outside printable ASCII as
//! `\xNN` (and strings `\"`, `\\`). Monsters and objects are listed in table
//! order: their position is the id a `.lev` stores. The last line is a
//! checksum of the lines before it.

use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};

use super::facts::{Facts as _, Seen};
use super::format::{CType, RecordFormat};
use super::{model_name, Game, Header};
use crate::des::Dialect;
use crate::dungeon::Features;
use crate::layout::DataModel;

/// The first line of every identity file: the format and its version.
const MAGIC: &str = "levbuild-game";
/// The format version this levbuild writes and reads (versions 1 to 4,
/// of levbuild 0.1's development, are to be written again).
const FORMAT: u32 = 5;

/// Why an identity file could not be read: the file, the line and what is
/// wrong with it.
#[derive(Debug)]
pub struct IdentityError {
    path: Option<PathBuf>,
    line: usize,
    message: String,
    source: Option<std::io::Error>,
}

impl IdentityError {
    fn at(line: usize, message: impl Into<String>) -> IdentityError {
        IdentityError {
            path: None,
            line,
            message: message.into(),
            source: None,
        }
    }

    /// The error with the line's key before its message (`trap: …`).
    pub(crate) fn in_line_of(mut self, key: &str) -> IdentityError {
        self.message = format!("{key}: {}", self.message);
        self
    }

    /// The identity file, when the text was read from one.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The 1-based line the problem is on (0 for the file as a whole).
    pub fn line(&self) -> usize {
        self.line
    }
}

impl fmt::Display for IdentityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("identity file ")?;
        if let Some(path) = &self.path {
            write!(f, "{}", path.display())?;
        }
        if self.line > 0 {
            write!(f, ":{}", self.line)?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for IdentityError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_ref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

impl Game {
    /// The identity file text of this game (the format is in the README,
    /// "Identity files"): stable, diffable, and read back by
    /// [`Game::from_identity`] into an equal game.
    pub fn to_identity(&self) -> String {
        let mut out = String::new();
        // `write!` into a String cannot fail.
        let _ = writeln!(
            out,
            "# The identity of {} {}, as levbuild's compilers see it.\n\
             # Written by `levbuild game`; read with `--game FILE` or GameSource::identity_file.",
            self.name, self.version
        );
        let _ = writeln!(out, "{MAGIC} {FORMAT}");
        let _ = writeln!(out, "name {}", quoted(&self.name));
        let _ = writeln!(out, "version {}", quoted(&self.version));
        let _ = writeln!(out, "dialect {}", self.dialect.as_str());
        let _ = writeln!(out, "header-origin {}", quoted(&self.header.origin));
        for (model, words) in &self.header.words {
            let _ = write!(out, "header {}", model.map_or("any", model_name));
            for w in words {
                let _ = write!(out, " {w:#x}");
            }
            out.push('\n');
        }
        for (name, on) in self.features.iter() {
            let state = if on { "defined" } else { "undefined" };
            let _ = writeln!(out, "feature {name} {state}");
        }
        for c in &self.monster_classes {
            let _ = writeln!(out, "monster-class {}", symbol(*c));
        }
        for c in &self.object_classes {
            let _ = writeln!(out, "object-class {}", symbol(*c));
        }
        for (name, class) in self.monsters.entries() {
            let _ = writeln!(out, "monster {} {}", symbol(*class), quoted(name));
        }
        for (name, class) in self.objects.entries() {
            let _ = writeln!(out, "object {} {}", symbol(*class), quoted(name));
        }
        (self.format).write_facts(&RecordFormat::identity_base(self.dialect), &mut out);
        let _ = writeln!(out, "{CHECKSUM} {}", checksum(&out));
        out
    }

    /// The game an identity file's text describes (what
    /// [`Game::to_identity`] writes).
    ///
    /// # Errors
    ///
    /// Any line that is not one of the format's, a missing or repeated
    /// fact, a format version this levbuild does not read: each names the
    /// line.
    pub fn from_identity(text: &str) -> Result<Game, IdentityError> {
        parse(text)
    }

    /// [`Game::from_identity`] of the file at `path`; the game's
    /// [`Game::tree_files`] is that file.
    ///
    /// # Errors
    ///
    /// The file cannot be read, or is not an identity file (the error
    /// names its line).
    pub fn from_identity_file(path: &Path) -> Result<Game, IdentityError> {
        let with_path = |mut e: IdentityError| {
            e.path = Some(path.to_path_buf());
            e
        };
        let bytes = std::fs::read(path).map_err(|e| {
            with_path(IdentityError {
                path: None,
                line: 0,
                message: format!("cannot be read: {e}"),
                source: Some(e),
            })
        })?;
        let text = std::str::from_utf8(&bytes).map_err(|e| {
            let line = 1 + bytes[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            with_path(IdentityError::at(line, "not UTF-8 text"))
        })?;
        let mut game = parse(text).map_err(with_path)?;
        game.tree_files = vec![path.to_path_buf()];
        Ok(game)
    }
}

/// The facts of an identity file as they are read.
#[derive(Default)]
struct Facts<'t> {
    name: Option<String>,
    version: Option<String>,
    dialect: Option<Dialect>,
    origin: Option<String>,
    headers: Vec<(Option<DataModel>, Vec<u64>)>,
    features: Vec<(String, bool)>,
    monster_classes: Vec<u8>,
    object_classes: Vec<u8>,
    monsters: Vec<(super::names::Name, u8)>,
    objects: Vec<(super::names::Name, u8)>,
    /// The record format's lines (key, rest, line number), read once the
    /// dialect is known: what a file without a line means is the family's.
    format: Vec<(&'t str, &'t str, usize)>,
}

/// The line a written identity file ends with: a hash of every byte
/// before it, so that damage (a flipped byte, a file cut short) is an
/// error rather than another game (`checksum none`: a file edited by hand
/// on purpose, read unchecked).
const CHECKSUM: &str = "checksum";

/// The checksum of lines of text: their FNV-1a 64-bit hash, each line
/// with a `\n` (so a copy with CRLF line ends checks too; any one changed
/// byte changes it), shown as `fnv1a64:` and 16 hex digits.
struct Checksum(u64);

impl Checksum {
    fn new() -> Checksum {
        Checksum(0xcbf2_9ce4_8422_2325)
    }

    fn line(&mut self, line: &str) {
        for b in line.bytes().chain([b'\n']) {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn show(&self) -> String {
        format!("fnv1a64:{:016x}", self.0)
    }
}

/// The checksum of `text`'s lines.
fn checksum(text: &str) -> String {
    let mut sum = Checksum::new();
    text.lines().for_each(|l| sum.line(l));
    sum.show()
}

fn parse(text: &str) -> Result<Game, IdentityError> {
    let mut facts = Facts::default();
    let mut saw_magic = false;
    let mut checked = false;
    let mut last_line = 0;
    let mut sum = Checksum::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        last_line = n;
        let line = line.trim_end_matches('\r');
        let before = sum.show();
        sum.line(line);
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        if checked {
            return Err(IdentityError::at(
                n,
                "a line after the checksum line, which ends the file",
            ));
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let mut args = Args { rest, line: n };
        if !saw_magic {
            if key != MAGIC {
                return Err(IdentityError::at(
                    n,
                    format!(
                        "not a levbuild identity file (its first line is not `{MAGIC} {FORMAT}`)"
                    ),
                ));
            }
            let version = args.word("the format version")?;
            if version != FORMAT.to_string() {
                let why = match version.parse::<u32>() {
                    Ok(v) if v < FORMAT => "was written by an older levbuild",
                    _ => "is not one this levbuild reads",
                };
                return Err(IdentityError::at(
                    n,
                    format!(
                        "format version {version} {why} (this levbuild reads version {FORMAT}): \
                         write the file again with this levbuild's `levbuild game`"
                    ),
                ));
            }
            args.end()?;
            saw_magic = true;
            continue;
        }
        match key {
            CHECKSUM => {
                let sum = args.word("the file's checksum, or `none`")?;
                if sum != "none" && sum != before {
                    return Err(IdentityError::at(
                        n,
                        "the file does not match its checksum: it is damaged, or was edited \
                         (write it again with `levbuild game`; to keep an edit made on purpose, \
                         make this line `checksum none`)",
                    ));
                }
                checked = true;
            }
            "name" => set_once(&mut facts.name, args.string("the game's name")?, "name", n)?,
            "version" => set_once(
                &mut facts.version,
                args.string("the version")?,
                "version",
                n,
            )?,
            "dialect" => {
                let word = args.word("a dialect (3.4.3 or 3.6)")?;
                let dialect = word
                    .parse::<Dialect>()
                    .map_err(|e| IdentityError::at(n, e.to_string()))?;
                set_once(&mut facts.dialect, dialect, "dialect", n)?;
            }
            "header-origin" => set_once(
                &mut facts.origin,
                args.string("where the header comes from")?,
                "header-origin",
                n,
            )?,
            "header" => {
                let model = match args.word("a data model (lp64, ilp32, llp64 or any)")? {
                    "any" => None,
                    "lp64" => Some(DataModel::Lp64),
                    "ilp32" => Some(DataModel::Ilp32),
                    "llp64" => Some(DataModel::Llp64),
                    other => {
                        return Err(IdentityError::at(
                            n,
                            format!(
                                "unknown data model `{other}` (expected lp64, ilp32, llp64 or any)"
                            ),
                        ))
                    }
                };
                if facts.headers.iter().any(|(m, _)| *m == model) {
                    return Err(IdentityError::at(
                        n,
                        format!("a second header for {}", model.map_or("any", model_name)),
                    ));
                }
                let mut words = Vec::new();
                while !args.rest.trim().is_empty() {
                    words.push(args.number()?);
                }
                // 3 in the NetHack4 family (no struct sizes), 4 in the
                // 3.4.3 family, 5 in 3.6.
                if !(3..=5).contains(&words.len()) {
                    return Err(IdentityError::at(
                        n,
                        format!("a header has 3 to 5 words, not {}", words.len()),
                    ));
                }
                facts.headers.push((model, words));
            }
            "feature" => {
                let name = args.word("a feature name")?.to_string();
                let on = match args.word("`defined` or `undefined`")? {
                    "defined" => true,
                    "undefined" => false,
                    other => {
                        return Err(IdentityError::at(
                            n,
                            format!("`{other}`: expected `defined` or `undefined`"),
                        ))
                    }
                };
                if facts.features.iter().any(|(f, _)| *f == name) {
                    return Err(IdentityError::at(
                        n,
                        format!("feature {name} is listed twice"),
                    ));
                }
                facts.features.push((name, on));
            }
            "monster-class" => facts.monster_classes.push(args.symbol()?),
            "object-class" => facts.object_classes.push(args.symbol()?),
            "monster" => {
                let class = args.symbol()?;
                facts
                    .monsters
                    .push((args.string("a monster name")?.into(), class));
            }
            "object" => {
                let class = args.symbol()?;
                facts
                    .objects
                    .push((args.string("an object name")?.into(), class));
            }
            other if RecordFormat::has_key(other) => {
                facts.format.push((other, rest, n));
                continue;
            }
            other => {
                return Err(IdentityError::at(
                    n,
                    format!(
                        "unknown line `{other}` (expected name, version, dialect, \
                         header-origin, header, feature, monster-class, object-class, \
                         monster, object or a record-format line)"
                    ),
                ));
            }
        }
        args.end()?;
    }
    if !saw_magic {
        return Err(IdentityError::at(0, "empty: not a levbuild identity file"));
    }
    if !checked {
        return Err(IdentityError::at(
            last_line,
            "no checksum line: the file is cut short (levbuild game ends it with one; to read \
             a file written by hand unchecked, end it with `checksum none`)",
        ));
    }
    let end = last_line;
    let need = |what: &str| IdentityError::at(end, format!("no `{what}` line"));
    let name = facts.name.ok_or_else(|| need("name"))?;
    let version = facts.version.ok_or_else(|| need("version"))?;
    let dialect = facts.dialect.ok_or_else(|| need("dialect"))?;
    let origin = facts.origin.ok_or_else(|| need("header-origin"))?;
    if facts.headers.is_empty() {
        return Err(need("header"));
    }
    if facts.monsters.is_empty() || facts.objects.is_empty() {
        return Err(need(if facts.monsters.is_empty() {
            "monster"
        } else {
            "object"
        }));
    }
    let mut features = Features::none();
    for (name, on) in &facts.features {
        features = if *on {
            features.define(name)
        } else {
            features.undefine(name)
        };
    }
    let mut game = Game::new(
        name,
        version,
        super::NameTable::new(facts.monsters),
        super::NameTable::new(facts.objects),
        facts.monster_classes,
        facts.object_classes,
        features,
        Header {
            words: facts.headers,
            origin,
        },
    );
    game.dialect = dialect;
    game.format = read_format(&facts.format, dialect, end)?;
    Ok(game)
}

/// The record format of a game of `dialect` whose file has `lines`: the
/// family's where it has none (`end`: the last line, where one that is
/// missing is reported).
fn read_format(
    lines: &[(&str, &str, usize)],
    dialect: Dialect,
    end: usize,
) -> Result<RecordFormat, IdentityError> {
    let mut format = RecordFormat::identity_base(dialect);
    let mut seen = Seen::default();
    for &(key, rest, line) in lines {
        let mut args = Args { rest, line };
        format.read_fact(key, &mut args, &mut seen)?;
        args.end()?;
    }
    // A 3.6-family game's numbers are all its own.
    if dialect == Dialect::NetHack36 {
        let missing = [
            "opcode",
            "monster-property",
            "object-property",
            "terrain",
            "map-char",
            "room-type",
            "trap",
            "level-flag",
        ]
        .into_iter()
        .find(|key| !seen.contains(key));
        if let Some(key) = missing {
            return Err(IdentityError::at(
                end,
                format!(
                    "no `{key}` line: a NetHack 3.6-family game's numbers are all its own \
                     (write the file again with `levbuild game`)"
                ),
            ));
        }
    }
    Ok(format)
}

fn set_once<T>(
    slot: &mut Option<T>,
    value: T,
    key: &str,
    line: usize,
) -> Result<(), IdentityError> {
    if slot.is_some() {
        return Err(IdentityError::at(line, format!("a second `{key}` line")));
    }
    *slot = Some(value);
    Ok(())
}

/// The rest of a line, read argument by argument.
pub(crate) struct Args<'a> {
    rest: &'a str,
    line: usize,
}

impl<'a> Args<'a> {
    #[cfg(test)]
    pub(crate) fn new(rest: &'a str, line: usize) -> Args<'a> {
        Args { rest, line }
    }

    pub(crate) fn error(&self, message: impl Into<String>) -> IdentityError {
        IdentityError::at(self.line, message)
    }

    pub(crate) fn word(&mut self, what: &str) -> Result<&'a str, IdentityError> {
        let rest = self.rest.trim_start_matches(' ');
        let end = rest.find(' ').unwrap_or(rest.len());
        if end == 0 {
            return Err(self.error(format!("expected {what}")));
        }
        self.rest = &rest[end..];
        Ok(&rest[..end])
    }

    /// `yes` or `no`.
    pub(crate) fn yes_no(&mut self) -> Result<bool, IdentityError> {
        match self.word("`yes` or `no`")? {
            "yes" => Ok(true),
            "no" => Ok(false),
            other => Err(self.error(format!("`{other}`: expected `yes` or `no`"))),
        }
    }

    /// A C type name ([`CType::as_str`]).
    pub(crate) fn ctype(&mut self) -> Result<CType, IdentityError> {
        let word = self.word("a C type (char, short, int, long, long-long)")?;
        CType::from_name(word).ok_or_else(|| {
            self.error(format!(
                "unknown C type `{word}` (expected char, short, int, long or long-long)"
            ))
        })
    }

    /// The next word, if there is one, without reading it.
    pub(crate) fn peek_word(&self) -> Option<&'a str> {
        let rest = self.rest.trim_start_matches(' ');
        let end = rest.find(' ').unwrap_or(rest.len());
        (end > 0).then(|| &rest[..end])
    }

    /// A signed number (`-12`, `0x1000`).
    pub(crate) fn integer(&mut self) -> Result<i64, IdentityError> {
        let word = self.word("a number")?;
        let (negative, digits) = match word.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, word),
        };
        match unsigned(digits).and_then(|v| i64::try_from(v).ok()) {
            Some(v) if negative => Ok(-v),
            Some(v) => Ok(v),
            None => Err(self.error(format!("`{word}` is not a number"))),
        }
    }

    /// An unsigned number (`4`, `0x20200`).
    pub(crate) fn number(&mut self) -> Result<u64, IdentityError> {
        let word = self.word("a number")?;
        unsigned(word).ok_or_else(|| self.error(format!("`{word}` is not a number")))
    }

    /// A quoted string: `"…"` with `\"`, `\\` and `\xNN` escapes.
    pub(crate) fn string(&mut self, what: &str) -> Result<String, IdentityError> {
        let rest = self.rest.trim_start_matches(' ');
        let Some(body) = rest.strip_prefix('"') else {
            return Err(self.error(format!("expected {what} in double quotes")));
        };
        let mut out = Vec::new();
        let mut chars = body.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.rest = &body[i + 1..];
                    return String::from_utf8(out)
                        .map_err(|_| self.error(format!("{what} is not UTF-8 once unescaped")));
                }
                '\\' => out.push(self.escape(&mut chars)?),
                c => {
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
            }
        }
        Err(self.error(format!("{what} has no closing quote")))
    }

    /// A class symbol: `'c'` or `'\xNN'`.
    pub(crate) fn symbol(&mut self) -> Result<u8, IdentityError> {
        let rest = self.rest.trim_start_matches(' ');
        let bad = || self.error("expected a class symbol such as 'a' or '\\x27'");
        let body = rest.strip_prefix('\'').ok_or_else(bad)?;
        let mut chars = body.char_indices();
        let byte = match chars.next() {
            Some((_, '\\')) => self.escape(&mut chars)?,
            Some((_, c)) if c.is_ascii() && c != '\'' => c as u8,
            _ => return Err(bad()),
        };
        match chars.next() {
            Some((i, '\'')) => {
                self.rest = &body[i + 1..];
                Ok(byte)
            }
            _ => Err(bad()),
        }
    }

    fn escape(&self, chars: &mut std::str::CharIndices<'_>) -> Result<u8, IdentityError> {
        match chars.next().map(|(_, c)| c) {
            Some('"') => Ok(b'"'),
            Some('\\') => Ok(b'\\'),
            Some('\'') => Ok(b'\''),
            Some('x') => {
                let hex: String = chars.by_ref().take(2).map(|(_, c)| c).collect();
                u8::from_str_radix(&hex, 16)
                    .ok()
                    .filter(|_| hex.len() == 2)
                    .ok_or_else(|| {
                        self.error(format!("`\\x{hex}` is not an escape of two hex digits"))
                    })
            }
            other => Err(self.error(format!(
                "unknown escape `\\{}` (expected \\\", \\\\, \\' or \\xNN)",
                other.map(String::from).unwrap_or_default()
            ))),
        }
    }

    fn end(&self) -> Result<(), IdentityError> {
        let rest = self.rest.trim();
        if rest.is_empty() {
            Ok(())
        } else {
            Err(self.error(format!("unexpected `{rest}` at the end of the line")))
        }
    }
}

/// The value of decimal or `0x` hexadecimal digits.
fn unsigned(digits: &str) -> Option<u64> {
    match digits.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => digits.parse().ok(),
    }
}

/// `"…"` with quotes, backslashes and control characters escaped.
pub(crate) fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_ascii_control() => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `'c'`, or `'\xNN'` for a byte that is not printable ASCII or is a
/// quote or backslash.
pub(crate) fn symbol(c: u8) -> String {
    if c.is_ascii_graphic() && c != b'\'' && c != b'\\' || c == b' ' {
        format!("'{}'", c as char)
    } else {
        format!("'\\x{c:02x}'")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;

    #[test]
    fn built_in_games_round_trip() {
        for game in [Game::nethack_343(), Game::nethack_367()] {
            let text = game.to_identity();
            let back = Game::from_identity(&text).unwrap();
            assert_eq!(back, *game);
            assert_eq!(back.dialect(), game.dialect());
            assert_eq!(back.name(), game.name());
            assert_eq!(back.to_identity(), text, "stable");
            for layout in Layout::ALL {
                assert_eq!(back.version_info(layout), game.version_info(layout));
            }
        }
    }

    #[test]
    fn symbols_and_strings_escape_what_they_must() {
        assert_eq!(symbol(b'a'), "'a'");
        assert_eq!(symbol(b' '), "' '");
        assert_eq!(symbol(b'\''), "'\\x27'");
        assert_eq!(symbol(b'\\'), "'\\x5c'");
        assert_eq!(symbol(1), "'\\x01'");
        assert_eq!(quoted("a \"b\" \\ \t"), "\"a \\\"b\\\" \\\\ \\x09\"");
        let mut args = Args {
            rest: " \"a \\\"b\\\" \\\\ \\x09\" '\\x27'",
            line: 1,
        };
        assert_eq!(args.string("s").unwrap(), "a \"b\" \\ \t");
        assert_eq!(args.symbol().unwrap(), b'\'');
        args.end().unwrap();
    }

    fn error_of(text: &str) -> String {
        Game::from_identity(text).unwrap_err().to_string()
    }

    /// `text` as a person edits it on purpose: its checksum line
    /// `checksum none`.
    fn hand_edited(text: &str) -> String {
        (text.lines())
            .map(|l| match l.starts_with("checksum ") {
                true => "checksum none",
                false => l,
            })
            .map(|l| format!("{l}\n"))
            .collect()
    }

    #[test]
    fn the_checksum_finds_damage_and_lets_a_deliberate_edit_through() {
        let good = Game::nethack_343().to_identity();
        assert!(
            good.ends_with('\n')
                && good
                    .lines()
                    .last()
                    .unwrap()
                    .starts_with("checksum fnv1a64:")
        );
        // CRLF line ends (a checkout that converts them) check as written.
        let crlf = good.replace('\n', "\r\n");
        assert_eq!(Game::from_identity(&crlf).unwrap().to_identity(), good);
        // One byte changed anywhere, the comment lines included.
        let at = good.find("giant ant").unwrap();
        let damaged = format!("{}G{}", &good[..at], &good[at + 1..]);
        assert!(error_of(&damaged).contains("does not match its checksum"));
        let comment = good.replacen("identity of", "identity 0f", 1);
        assert!(error_of(&comment).contains("does not match its checksum"));
        // Cut short: no checksum line.
        let cut = &good[..good.find("monster 'd'").unwrap()];
        assert!(error_of(cut).contains("cut short"), "{}", error_of(cut));
        // Nothing after it; a deliberate edit says `checksum none`.
        assert!(error_of(&format!("{good}name \"x\"\n")).contains("after the checksum line"));
        let edited = hand_edited(&damaged);
        assert_eq!(
            Game::from_identity(&edited).unwrap().monster_name(0),
            Some("Giant ant")
        );
    }

    #[test]
    fn damaged_files_name_the_line() {
        let good = hand_edited(&Game::nethack_343().to_identity());
        let lines: Vec<&str> = good.lines().collect();
        let replace = |i: usize, with: &str| {
            let mut l = lines.clone();
            l[i] = with;
            l.join("\n")
        };
        let first = lines
            .iter()
            .position(|l| l.starts_with("monster "))
            .unwrap();
        assert_eq!(
            error_of(&replace(first, "monster 'a giant ant\"")),
            format!(
                "identity file :{}: expected a class symbol such as 'a' or '\\x27'",
                first + 1
            )
        );
        assert!(error_of(&replace(first, "monster 'a' \"giant ant")).contains("no closing quote"));
        assert!(error_of(&replace(first, "monstre 'a' \"x\"")).contains("unknown line `monstre`"));
        assert!(error_of(&replace(first, "monster 'a' \"x\" y")).contains("unexpected `y`"));
        let magic = lines.iter().position(|l| l.starts_with(MAGIC)).unwrap();
        assert!(error_of(&replace(magic, "levbuild-game 6")).contains("format version 6 is not"));
        assert!(error_of(&replace(magic, "nethack")).contains("not a levbuild identity file"));
        let header = lines
            .iter()
            .position(|l| l.starts_with("header lp64"))
            .unwrap();
        assert!(error_of(&replace(header, "header lp64 0x1 0x2")).contains("3 to 5 words, not 2"));
        assert!(error_of(&replace(header, "header lp64 0x1 0x2 0xzz 4"))
            .contains("`0xzz` is not a number"));
        assert!(error_of(&replace(header, "header ilp32 1 2 3 4"))
            .contains("a second header for ilp32"));
        let name = lines.iter().position(|l| l.starts_with("name ")).unwrap();
        assert!(error_of(&replace(name, "")).contains("no `name` line"));
        assert!(error_of("").contains("empty"));
        let truncated: String = lines[..first].join("\n") + "\nchecksum none\n";
        assert!(error_of(&truncated).contains("no `monster` line"));
        // A 3.6 game's numbers are all its file's: without them (an older
        // levbuild's file) it says to write the file again.
        let nh36 = Game::nethack_367().to_identity();
        assert_eq!(
            Game::from_identity(&nh36).unwrap().format(),
            Game::nethack_367().format()
        );
        let old: Vec<&str> = (nh36.lines())
            .filter(|l| !l.starts_with("opcode "))
            .collect();
        let e = error_of(&hand_edited(&old.join("\n")));
        assert!(
            e.contains("no `opcode` line") && e.contains("levbuild game"),
            "{e}"
        );
    }

    /// NetHack 3.4.3 as if built without SINKS, its lexer letting `N` in.
    fn without_sinks() -> Game {
        let game = Game::nethack_343();
        let mut format = game.format().clone();
        let n = &mut format.numbering;
        for (c, t) in &mut n.map_chars {
            if *c == b'K' {
                *t = 24;
            }
        }
        let warning = "Sinks are not allowed in this version!  Ignoring...";
        n.map_char_warnings.push((b'K', warning.into()));
        n.map_char_warnings
            .push((b'"', "a \"quote\" \\ and a tab\t".into()));
        n.map_row_chars.push(b'N');
        n.map_row_chars.sort_unstable();
        game.with_format(format)
    }

    #[test]
    fn map_character_warnings_and_row_characters_round_trip() {
        let game = without_sinks();
        let text = game.to_identity();
        assert!(
            text.contains(
                "map-char-warning 'K' \"Sinks are not allowed in this version!  Ignoring...\"\n"
            ),
            "{text}"
        );
        assert!(text.contains(r#"map-char-warning '"' "a \"quote\" \\ and a tab\x09""#));
        assert!(text.contains(r#"map-row-chars " #+-.0123456789ABCFHIKLNPSTW\\{|}""#));
        let back = Game::from_identity(&text).unwrap();
        assert_eq!(back, game);
        let n = &back.format().numbering;
        assert_eq!(
            n.map_char_warning(b'K'),
            Some("Sinks are not allowed in this version!  Ignoring...")
        );
        assert!(n.is_map_row_char(b'N') && !n.is_map_row_char(b'Z'));
        assert_eq!(back.to_identity(), text, "stable");
    }

    #[test]
    fn a_file_of_an_older_format_says_to_write_it_again() {
        let text = Game::nethack_343().to_identity();
        let old = hand_edited(&text.replace("levbuild-game 5", "levbuild-game 4"));
        let e = error_of(&old);
        assert!(
            e.contains("format version 4 was written by an older levbuild")
                && e.contains("levbuild game"),
            "{e}"
        );
    }

    #[test]
    fn damaged_map_character_lines_name_the_line() {
        let good = hand_edited(&without_sinks().to_identity());
        let at = |key: &str| good.lines().position(|l| l.starts_with(key)).unwrap();
        let replace = |i: usize, with: &str| {
            let mut l: Vec<&str> = good.lines().collect();
            l[i] = with;
            l.join("\n")
        };
        let w = at("map-char-warning");
        assert_eq!(
            error_of(&replace(w, "map-char-warning 'K' Sinks")),
            format!(
                "identity file :{}: map-char-warning: expected a string in double quotes",
                w + 1
            )
        );
        assert!(error_of(&replace(w, "map-char-warning K \"x\"")).contains("class symbol"));
        assert!(error_of(&replace(w, "map-char-warning 'K' \"x\" y")).contains("unexpected `y`"));
        let r = at("map-row-chars");
        assert!(error_of(&replace(r, "map-row-chars \"\u{e9}\"")).contains("are ASCII"));
        let twice = good.replace("checksum none", "map-row-chars \".\"\nchecksum none");
        assert!(
            error_of(&twice).contains("map-row-chars"),
            "{}",
            error_of(&twice)
        );
    }

    #[test]
    fn a_missing_data_model_is_an_error_not_wrong_bytes() {
        let text: String = Game::nethack_343()
            .to_identity()
            .lines()
            .filter(|l| !l.starts_with("header ilp32") && !l.starts_with("header llp64"))
            .map(|l| format!("{l}\n"))
            .collect();
        let game = Game::from_identity(&hand_edited(&text)).unwrap();
        assert!(game.version_info(Layout::LP64).is_ok());
        let err = game.version_info(Layout::ILP32).unwrap_err();
        assert_eq!(err.known, vec![DataModel::Lp64]);
        assert!(
            err.to_string()
                .contains("no version header for the ilp32 data model"),
            "{err}"
        );
    }
}
