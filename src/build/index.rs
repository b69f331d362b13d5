//! The generated index: `levels.rs` (a Rust module to `include!`),
//! `levels.h` and `levels.c` (a C table of the blobs, whose arrays are in
//! one file a source under `levels.c.d/`), written next to the blobs from
//! the templates in `templates/`.

use std::collections::{BTreeMap, HashSet};

use crate::key_hash::KeyMap as HashMap;

/// The templates, part of the crate so the build needs no files at run time.
const RUST_TEMPLATE: &str = include_str!("../../templates/levels.rs.tmpl");
const C_HEADER_TEMPLATE: &str = include_str!("../../templates/levels.h.tmpl");
const C_SOURCE_TEMPLATE: &str = include_str!("../../templates/levels.c.tmpl");
const C_DATA_TEMPLATE: &str = include_str!("../../templates/levels.c.data.tmpl");

use super::job::Output;
use crate::layout::{ByteOrder, DataModel, Layout};
use crate::Game;

/// One blob in the index.
pub(crate) struct Blob<'a> {
    /// Source file, relative to its source directory.
    pub source: &'a str,
    /// The output: its name, file (relative to the output directory,
    /// `/`-separated), size and content hash.
    pub output: &'a Output,
}

/// One level set in the index.
pub(crate) struct SetIndex<'a> {
    /// Module name; empty when there is only one set.
    pub module: String,
    /// Source directory, for comments.
    pub dir: String,
    /// Levels sorted by name.
    pub levels: Vec<Blob<'a>>,
    pub dungeons: Vec<Blob<'a>>,
    /// The C data layout the blobs are written in.
    pub layout: Layout,
    /// What every C symbol, macro and type of the build starts with.
    pub c_prefix: String,
    /// The game the blobs are for.
    pub game: &'a Game,
    /// Its identity file, relative to the output directory.
    pub game_file: String,
    /// Whether `levels.rs` decodes the blobs too (with `::levbuild`).
    pub decoder: bool,
    /// Its `vaults.dat`, relative to the output directory, if its levels
    /// have random vaults.
    pub vaults_file: Option<String>,
}

/// The file a set's random vaults are listed in (EvilHack's, SporkHack's
/// and UnNetHack's `vaults.dat`: `MINDEPTH FREQUENCY NAME` a line).
pub(crate) const VAULTS_FILE: &str = "vaults.dat";

/// The name of the identity file of each set's game, next to its blobs:
/// `levels.rs` embeds it, so a program can decode the blobs at run time.
pub(crate) const GAME_FILE: &str = "levels.game";

/// The directory, next to `levels.c`, of the files that hold its arrays:
/// one a source, so that an edit regenerates its own source's arrays and
/// `levels.c` stays as it is.
const C_DATA_DIR: &str = "levels.c.d";

/// The file of `levels.c`'s arrays of one source, with its blobs.
pub(crate) struct CDataFile<'s, 'a> {
    /// Its path relative to `levels.c` (`levels.c.d/NAME.inc`).
    pub file: String,
    /// The source, relative to its source directory.
    pub source: &'a str,
    /// The source's blobs, in the order it writes them.
    pub blobs: Vec<&'s Blob<'a>>,
}

/// A hash of `source` (a path relative to its source directory): names
/// its data file and arrays uniquely, whatever the path's characters.
fn source_tag(source: &str) -> String {
    blake3::hash(source.as_bytes()).to_hex()[..16].to_string()
}

/// The C array of the `k`th blob of `source`.
fn c_array(cprefix: &str, source: &str, k: usize) -> String {
    format!("{cprefix}blob_{}_{k}", source_tag(source))
}

/// How `levels.rs` names blob files.
pub(crate) enum PathStyle {
    /// `concat!(env!("OUT_DIR"), "/PREFIX/FILE")`: the output directory
    /// is `PREFIX` inside Cargo's `OUT_DIR`.
    OutDir(String),
    /// Paths relative to `levels.rs` itself.
    Relative,
}

/// A template value: text, or a list of nested contexts for a section.
enum Value {
    Text(String),
    List(Vec<Context>),
}

type Context = BTreeMap<&'static str, Value>;

/// Expands `{{name}}` from the innermost context that has it, and repeats
/// `{{#list}}` … `{{/list}}` (tags alone on their lines) for each item.
/// A line that is only a placeholder expanding to nothing is dropped.
///
/// Strict: a placeholder no context defines as text, a section no context
/// defines as a list, or a section left open is an error naming it (a
/// template and its contexts must agree; nothing is dropped silently).
fn expand(template: &str, stack: &mut Vec<&Context>, out: &mut String) -> Result<(), String> {
    let lines: Vec<&str> = template.split_inclusive('\n').collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim();
        if let Some(name) = trimmed
            .strip_prefix("{{#")
            .and_then(|s| s.strip_suffix("}}"))
        {
            let close = format!("{{{{/{name}}}}}");
            let mut depth = 0;
            let mut end = i + 1;
            while end < lines.len() {
                let t = lines[end].trim();
                if t == format!("{{{{#{name}}}}}") {
                    depth += 1;
                } else if t == close {
                    if depth == 0 {
                        break;
                    }
                    depth -= 1;
                }
                end += 1;
            }
            if end == lines.len() {
                return Err(format!("section `{name}` is not closed"));
            }
            let body: String = lines[i + 1..end].concat();
            let Some(Value::List(items)) = lookup(stack, name) else {
                return Err(format!("no list `{name}` for a section"));
            };
            for item in items {
                stack.push(item);
                let expanded = expand(&body, stack, out);
                stack.pop();
                expanded?;
            }
            i = end + 1;
            continue;
        }
        let mut text = String::new();
        let mut rest = line;
        while let Some(start) = rest.find("{{") {
            text.push_str(&rest[..start]);
            let Some(len) = rest[start..].find("}}") else {
                return Err(format!("unclosed placeholder in {:?}", line.trim_end()));
            };
            let name = &rest[start + 2..start + len];
            let Some(Value::Text(v)) = lookup(stack, name) else {
                return Err(format!("no value for `{{{{{name}}}}}`"));
            };
            text.push_str(v);
            rest = &rest[start + len + 2..];
        }
        text.push_str(rest);
        let only_placeholder = trimmed.starts_with("{{")
            && trimmed.ends_with("}}")
            && trimmed.matches("{{").count() == 1;
        if !(only_placeholder && text.trim().is_empty()) {
            out.push_str(&text);
        }
        i += 1;
    }
    Ok(())
}

fn lookup<'c>(stack: &[&'c Context], name: &str) -> Option<&'c Value> {
    stack.iter().rev().find_map(|c| c.get(name))
}

fn text(s: impl Into<String>) -> Value {
    Value::Text(s.into())
}

/// The constant names of one set's levels, each unique.
#[derive(Default)]
struct ConstantNames {
    taken: HashSet<String>,
    /// For each base name that collided, the next number to try: many
    /// names colliding after normalisation stay linear.
    next: HashMap<String, usize>,
}

impl ConstantNames {
    /// An identifier for `name`: `Arc-fila` → `ARC_FILA`, then `ARC_FILA_2`
    /// for the next one that normalises the same. Anything that would not
    /// start with a letter (`_`, `$`, `é`, `1st`) gets a `LEVEL_` prefix,
    /// so every name is a valid, warning-free identifier.
    fn name(&mut self, name: &str) -> String {
        let mut c: String = name
            .chars()
            .map(|ch| {
                if ch.is_ascii_alphanumeric() {
                    ch.to_ascii_uppercase()
                } else {
                    '_'
                }
            })
            .collect();
        if !c.starts_with(|ch: char| ch.is_ascii_uppercase()) {
            c.insert_str(0, "LEVEL_");
        }
        if self.taken.insert(c.clone()) {
            return c;
        }
        let n = self.next.entry(c.clone()).or_insert(2);
        loop {
            let unique = format!("{c}_{n}");
            *n += 1;
            if self.taken.insert(unique.clone()) {
                return unique;
            }
        }
    }
}

/// `data` as lines of C decimal literals, 24 a line (written without
/// `fmt`: this is most of the index's size).
fn c_bytes(data: &[u8]) -> String {
    // Decimal, 24 to a line: about half the size of `0x..` and as portable.
    // Each byte's text (`"255,"`) comes from a table: levels.c of a large
    // tree is megabytes.
    const DECIMAL: [([u8; 4], usize); 256] = {
        let mut table = [([0; 4], 0); 256];
        let mut b = 0;
        while b < 256 {
            let (hundreds, tens, ones) = ((b / 100) as u8, (b / 10 % 10) as u8, (b % 10) as u8);
            table[b] = match b {
                0..=9 => ([b'0' + ones, b',', 0, 0], 2),
                10..=99 => ([b'0' + tens, b'0' + ones, b',', 0], 3),
                _ => ([b'0' + hundreds, b'0' + tens, b'0' + ones, b','], 4),
            };
            b += 1;
        }
        table
    };
    // Room for the longest text: four bytes a byte, five a line break.
    let mut s = vec![0u8; data.len() * 4 + data.len() / 24 * 5 + 4];
    let mut at = 0;
    for (i, chunk) in data.chunks(24).enumerate() {
        let indent: &[u8] = if i > 0 { b"\n    " } else { b"    " };
        s[at..at + indent.len()].copy_from_slice(indent);
        at += indent.len();
        for &b in chunk {
            // Four bytes written, the text's length kept.
            let (text, len) = DECIMAL[usize::from(b)];
            s[at..at + 4].copy_from_slice(&text);
            at += len;
        }
    }
    s.truncate(at);
    String::from_utf8(s).unwrap_or_default()
}

fn rust_string(s: &str) -> String {
    s.escape_default().to_string()
}

/// `s` as the inside of a C89 string literal (non-ASCII bytes in octal).
fn c_string(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        match b {
            b'"' | b'\\' => {
                out.push('\\');
                out.push(char::from(b));
            }
            0x20..=0x7e => out.push(char::from(b)),
            _ => out.push_str(&format!("\\{b:03o}")),
        }
    }
    out
}

/// `s` safe inside a C or Rust comment (block or line): control
/// characters (line breaks included) become `?`, and neither `/*` nor `*/`
/// can appear, so the text cannot end the comment, start a nested one or
/// trip `-Wcomment`.
fn comment(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        let c = if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
            '?'
        } else {
            c
        };
        // A `/` right after `*`, or a `*` right after `/`, is spaced out.
        if matches!((out.chars().last(), c), (Some('*'), '/') | (Some('/'), '*')) {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// The template contexts of `sets`, of a build of one set or `several`.
fn contexts(sets: &[&SetIndex<'_>], several: bool, style: &PathStyle, sources: &str) -> Context {
    let mut list = Vec::new();
    for set in sets {
        let prefix = set.c_symbol_prefix(several);
        let arrays = set.c_arrays(&prefix);
        let mut constants = ConstantNames::default();
        let path = |file: &str| match style {
            PathStyle::OutDir(prefix) => {
                let sep = if prefix.is_empty() { "" } else { "/" };
                format!(
                    "concat!(env!(\"OUT_DIR\"), \"/{}{sep}{}\")",
                    rust_string(prefix),
                    rust_string(file)
                )
            }
            PathStyle::Relative => format!("\"{}\"", rust_string(file)),
        };
        let blob_ctx = |i: usize, b: &Blob<'_>, constant: String, array: &str| {
            let o = b.output;
            let mut c = Context::new();
            c.insert("index", text(i.to_string()));
            c.insert("name", text(rust_string(o.path.name())));
            c.insert("cname", text(c_string(o.path.name())));
            c.insert("source", text(rust_string(b.source)));
            c.insert("path", text(path(o.path.file())));
            c.insert("const", text(constant));
            c.insert("array", text(array));
            c
        };
        let levels = (set.levels.iter().enumerate())
            .map(|(i, b)| blob_ctx(i, b, constants.name(b.output.path.name()), &arrays[i]))
            .collect();
        let dungeons = (set.dungeons.iter().enumerate())
            .map(|(i, b)| blob_ctx(i, b, String::new(), &arrays[set.levels.len() + i]))
            .collect();
        let data_files = (set.c_data_files().into_iter())
            .map(|d| {
                let mut c = Context::new();
                c.insert("data_file", text(c_string(&d.file)));
                c
            })
            .collect();
        let mut c = Context::new();
        let what = if several {
            format!("level set `{}` ({})", set.module, set.dir)
        } else {
            format!("`{}`", set.dir)
        };
        c.insert("what", text(comment(&what)));
        c.insert("count", text(set.levels.len().to_string()));
        c.insert("dungeon_count", text(set.dungeons.len().to_string()));
        c.insert("layout", text(set.layout.to_string()));
        c.insert("layout_name", text(set.layout.name()));
        c.insert("game_path", text(path(&set.game_file)));
        let vaults = (set.vaults_file.as_deref()).map(|file| {
            let mut v = Context::new();
            v.insert("vaults_path", text(path(file)));
            v.insert("vaults_file", text(c_string(file)));
            v
        });
        c.insert("vaults", Value::List(vaults.into_iter().collect()));
        c.insert("game", text(comment(&set.game.to_string())));
        let decoder = set.decoder.then(|| decoder_context(set));
        c.insert("decoder", Value::List(decoder.into_iter().collect()));
        c.insert("CPREFIX", text(prefix.to_ascii_uppercase()));
        c.insert("cprefix", text(prefix));
        if several {
            c.insert(
                "open",
                text(format!(
                    "/// The levels of {}.\npub mod {} {{\n    use super::{{Dungeon, Level}};\n",
                    comment(&set.dir),
                    set.module
                )),
            );
            c.insert("close", text("}\n"));
            c.insert("indent", text("    "));
        } else {
            c.insert("open", text(""));
            c.insert("close", text(""));
            c.insert("indent", text(""));
        }
        c.insert("levels", Value::List(levels));
        c.insert("dungeons", Value::List(dungeons));
        c.insert("data_files", Value::List(data_files));
        list.push(c);
    }
    let mut root = Context::new();
    let build_prefix = sets.first().map_or("levbuild_", |s| s.c_prefix.as_str());
    root.insert("PREFIX", text(build_prefix.to_ascii_uppercase()));
    root.insert("prefix", text(build_prefix));
    root.insert("version", text(env!("CARGO_PKG_VERSION")));
    root.insert("sources", text(comment(sources)));
    root.insert("sets", Value::List(list));
    root
}

/// What the decoding functions of `levels.rs` need to know of a set.
fn decoder_context(set: &SetIndex<'_>) -> Context {
    let mut c = Context::new();
    let model = match set.layout.model {
        DataModel::Lp64 => "Lp64",
        DataModel::Ilp32 => "Ilp32",
        DataModel::Llp64 => "Llp64",
    };
    let order = match set.layout.byte_order {
        ByteOrder::Little => "Little",
        ByteOrder::Big => "Big",
    };
    c.insert("model", text(model));
    c.insert("order", text(order));
    let (decoded, decode) = match set.game.dialect() {
        crate::des::Dialect::NetHack36 => (
            "::levbuild::des::nh36::Program",
            "::levbuild::des::nh36::decode",
        ),
        _ => ("::levbuild::des::Level", "::levbuild::des::decode"),
    };
    c.insert("decoded", text(decoded));
    c.insert("decode", text(decode));
    c
}

impl SetIndex<'_> {
    /// A digest of what this set contributes to the index files (see
    /// [`key`]): names, sources, files, layout, prefix, game and whether it
    /// has random vaults; not the blobs' bytes, which only the data files
    /// of `levels.c` hold (each keyed on its own, [`CDataFile::key`]), so
    /// an edit that keeps a set's names regenerates no index file.
    pub(crate) fn digest(&self) -> blake3::Hash {
        // Gathered into one buffer and hashed once: far cheaper than an
        // update per field for thousands of small fields.
        let mut names: Vec<u8> = Vec::with_capacity(8192);
        let mut put = |part: &[u8]| {
            names.extend_from_slice(part);
            names.push(0);
        };
        put(self.module.as_bytes());
        put(self.dir.as_bytes());
        put(self.layout.name().as_bytes());
        put(self.c_prefix.as_bytes());
        put(self.game_file.as_bytes());
        put(&[u8::from(self.decoder)]);
        put(self.game.fingerprint().as_bytes());
        put(self.vaults_file.as_deref().unwrap_or("").as_bytes());
        for (kind, list) in [(b"L", &self.levels), (b"D", &self.dungeons)] {
            for b in list {
                put(kind);
                put(b.output.path.name().as_bytes());
                put(b.source.as_bytes());
                put(b.output.path.file().as_bytes());
            }
        }
        blake3::hash(&names)
    }
}

impl SetIndex<'_> {
    /// A hash of what the set's index files are made of besides its blobs
    /// (their names, sources, files and bytes, which its manifest's source
    /// records hold): levbuild's version, the set's names and places, its
    /// layout, prefix, game and decoder, whether it has random vaults, and
    /// which index files the build writes. A set whose sources are all
    /// proven unchanged, built with the same settings, needs the same
    /// index files, so a no-op build computes none of their keys.
    pub(crate) fn settings(&self, several: bool, c_index: bool, rust_index: bool) -> blake3::Hash {
        let mut h = blake3::Hasher::new();
        for part in [
            env!("CARGO_PKG_VERSION").as_bytes(),
            b"index settings",
            self.module.as_bytes(),
            self.dir.as_bytes(),
            self.layout.name().as_bytes(),
            self.c_prefix.as_bytes(),
            self.game_file.as_bytes(),
            self.game.fingerprint().as_bytes(),
            self.vaults_file.as_deref().unwrap_or("").as_bytes(),
        ] {
            h.update(part);
            h.update(b"\0");
        }
        h.update(&[
            u8::from(self.decoder),
            u8::from(several),
            u8::from(c_index),
            u8::from(rust_index),
        ]);
        h.finalize()
    }
}

impl<'a> SetIndex<'a> {
    /// What the set's C symbols start with: the build's prefix, and the
    /// set's module when there are several.
    fn c_symbol_prefix(&self, several: bool) -> String {
        match several {
            true => format!("{}{}_", self.c_prefix, self.module),
            false => self.c_prefix.clone(),
        }
    }

    /// The C array of each blob: the levels', then the dungeons'.
    fn c_arrays(&self, cprefix: &str) -> Vec<String> {
        let mut nth_of_source: HashMap<&str, usize> = HashMap::default();
        (self.levels.iter().chain(&self.dungeons))
            .map(|b| {
                let k = nth_of_source.entry(b.source).or_default();
                *k += 1;
                c_array(cprefix, b.source, *k - 1)
            })
            .collect()
    }

    /// The files of `levels.c`'s arrays, one a source, by source path.
    pub(crate) fn c_data_files(&self) -> Vec<CDataFile<'_, 'a>> {
        // Grouped by hash, then sorted: a B-tree compared the source paths
        // of every blob (thousands in a large set).
        let mut by_source: HashMap<&str, Vec<&Blob<'a>>> = HashMap::default();
        for b in self.levels.iter().chain(&self.dungeons) {
            by_source.entry(b.source).or_default().push(b);
        }
        let mut by_source: Vec<_> = by_source.into_iter().collect();
        by_source.sort_unstable_by_key(|(source, _)| *source);
        (by_source.into_iter())
            .map(|(source, blobs)| {
                // Readable, and unique by the tag; short enough for any
                // file system.
                let readable: String = (source.chars().take(64))
                    .map(
                        |c| match c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                            true => c,
                            false => '_',
                        },
                    )
                    .collect();
                CDataFile {
                    file: format!("{C_DATA_DIR}/{readable}-{}.inc", source_tag(source)),
                    source,
                    blobs,
                }
            })
            .collect()
    }
}

impl CDataFile<'_, '_> {
    /// A hash of what the file is made of: its blobs' names and
    /// identities and the symbols' prefix.
    pub(crate) fn key(&self, set: &SetIndex<'_>, several: bool) -> String {
        let mut h = blake3::Hasher::new();
        for part in [
            env!("CARGO_PKG_VERSION"),
            "c data",
            &set.c_symbol_prefix(several),
            self.source,
        ] {
            h.update(part.as_bytes());
            h.update(b"\0");
        }
        for b in &self.blobs {
            h.update(b.output.path.name().as_bytes());
            h.update(b"\0");
            h.update(b.output.identity.as_bytes());
        }
        h.finalize().to_hex().to_string()
    }

    /// The file's text: `data` holds each blob's bytes.
    pub(crate) fn text(
        &self,
        set: &SetIndex<'_>,
        several: bool,
        data: &[&[u8]],
    ) -> Result<String, String> {
        let cprefix = set.c_symbol_prefix(several);
        // The blob's place among its source's, as `c_arrays` counts it:
        // levels first, then dungeons, in index order.
        let blobs = (self.blobs.iter().zip(data).enumerate())
            .map(|(k, (b, bytes))| {
                let mut c = Context::new();
                c.insert("cname", text(comment(b.output.path.name())));
                c.insert("array", text(c_array(&cprefix, self.source, k)));
                c.insert("size", text(bytes.len().to_string()));
                c.insert("bytes", text(c_bytes(bytes)));
                c
            })
            .collect();
        let mut root = Context::new();
        root.insert("version", text(env!("CARGO_PKG_VERSION")));
        root.insert("csource", text(comment(self.source)));
        root.insert("blobs", Value::List(blobs));
        let mut out = String::new();
        expand(C_DATA_TEMPLATE, &mut vec![&root], &mut out)?;
        Ok(out)
    }
}

/// A hash of what a generated file (`what`) is made of, to skip
/// regenerating it when nothing changed: the sets' digests, whether there are several sets, the list of source
/// directories and how paths are written.
pub(crate) fn key<'d>(
    digests: impl IntoIterator<Item = &'d blake3::Hash>,
    several: bool,
    style: &PathStyle,
    sources: &str,
    what: &str,
) -> String {
    let mut h = blake3::Hasher::new();
    for part in [env!("CARGO_PKG_VERSION"), what, sources] {
        h.update(part.as_bytes());
        h.update(b"\0");
    }
    h.update(&[u8::from(several)]);
    if let PathStyle::OutDir(prefix) = style {
        h.update(b"outdir\0");
        h.update(prefix.as_bytes());
    }
    for d in digests {
        h.update(d.as_bytes());
    }
    h.finalize().to_hex().to_string()
}

/// `levels.rs`.
pub(crate) fn rust(
    sets: &[SetIndex<'_>],
    style: &PathStyle,
    sources: &str,
) -> Result<String, String> {
    let all: Vec<&SetIndex<'_>> = sets.iter().collect();
    let root = contexts(&all, sets.len() > 1, style, sources);
    let mut out = String::new();
    expand(RUST_TEMPLATE, &mut vec![&root], &mut out)?;
    Ok(out)
}

/// `levels.h`, declaring the tables of every set.
pub(crate) fn c_header(sets: &[SetIndex<'_>], sources: &str) -> Result<String, String> {
    let all: Vec<&SetIndex<'_>> = sets.iter().collect();
    let root = contexts(&all, sets.len() > 1, &PathStyle::Relative, sources);
    let mut out = String::new();
    expand(C_HEADER_TEMPLATE, &mut vec![&root], &mut out)?;
    Ok(out)
}

/// The `levels.c` of `set` (of a build of one set or `several`): its
/// table, which includes its arrays from its data files.
pub(crate) fn c_source(set: &SetIndex<'_>, several: bool) -> Result<String, String> {
    let root = contexts(&[set], several, &PathStyle::Relative, &set.dir);
    let mut out = String::new();
    expand(C_SOURCE_TEMPLATE, &mut vec![&root], &mut out)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_placeholders_and_empty_lines() {
        let mut item = Context::new();
        item.insert("x", text("1"));
        let mut item2 = Context::new();
        item2.insert("x", text("2"));
        let mut root = Context::new();
        root.insert("items", Value::List(vec![item, item2]));
        root.insert("empty", text(""));
        root.insert("t", text("T"));
        let mut out = String::new();
        expand(
            "a\n{{empty}}\n{{#items}}\n- {{x}}{{t}}\n{{/items}}\nz\n",
            &mut vec![&root],
            &mut out,
        )
        .unwrap();
        assert_eq!(out, "a\n- 1T\n- 2T\nz\n");
        // Strict: unknown names and open sections are errors.
        let mut out = String::new();
        let mut strict = |t: &str| expand(t, &mut vec![&root], &mut out).unwrap_err();
        assert_eq!(strict("{{nope}}\n"), "no value for `{{nope}}`");
        assert_eq!(
            strict("{{#nope}}\n{{/nope}}\n"),
            "no list `nope` for a section"
        );
        assert_eq!(
            strict("{{#items}}\n{{x}}\n"),
            "section `items` is not closed"
        );
        assert!(strict("a {{t\n").starts_with("unclosed placeholder"));
        assert_eq!(
            strict("{{#items}}\n{{t}}{{y}}\n{{/items}}\n"),
            "no value for `{{y}}`"
        );
    }

    #[test]
    fn every_placeholder_of_every_template_has_a_value() {
        use crate::layout::Layout;
        // Two sets with a level and a dungeon each: every section and key.
        let output = |name: &str, kind| Output {
            path: super::super::discover::OutputPath::new("x/dat", kind, name),
            identity: super::super::output::Identity::of(b"bytes"),
            content: super::super::job::Content::Bytes(std::sync::Arc::from(&b"bytes"[..])),
        };
        use super::super::language::Language;
        let (level, dungeon) = (
            output("castle", Language::Des),
            output("dungeon", Language::Dungeon),
        );
        let game = Game::nethack_343();
        let set = |module: &str| SetIndex {
            module: module.into(),
            dir: format!("src/{module}"),
            levels: vec![Blob {
                source: "castle.des",
                output: &level,
            }],
            dungeons: vec![Blob {
                source: "dungeon.def",
                output: &dungeon,
            }],
            layout: Layout::LP64,
            c_prefix: "game_levbuild_".into(),
            game: &game,
            game_file: format!("{module}/levels.game"),
            decoder: true,
            vaults_file: None,
        };
        for sets in [vec![set("a")], vec![set("a"), set("b")]] {
            let rs = rust(&sets, &PathStyle::Relative, "src").unwrap();
            assert!(rs.contains("pub const CASTLE: usize = 0;"));
            assert!(rs.contains("::levbuild::DataModel::Lp64, ::levbuild::ByteOrder::Little"));
            assert!(rs.contains("::levbuild::des::decode(level.data"));
            let h = c_header(&sets, "src").unwrap();
            assert!(h.contains("#ifndef GAME_LEVBUILD_LEVELS_H"));
            let several = sets.len() > 1;
            let c = c_source(&sets[0], several).unwrap();
            let files = sets[0].c_data_files();
            let castle = &files[0];
            assert_eq!(castle.source, "castle.des");
            assert!(c.contains(&format!("#include \"{}\"", castle.file)));
            let data = castle.text(&sets[0], several, &[b"bytes"]).unwrap();
            assert!(data.contains("98,121,116,101,115,"));
            // levels.c's table names the arrays the data files define.
            let array = data
                .split("unsigned char ")
                .nth(1)
                .unwrap()
                .split('[')
                .next()
                .unwrap();
            assert!(
                c.contains(&format!("{{ \"castle\", {array}, sizeof {array} }}")),
                "{c}"
            );
        }
    }

    #[test]
    fn c_bytes_are_decimal_24_to_a_line() {
        let data: Vec<u8> = (0..=255).chain(0..40).collect();
        let plain: Vec<String> = data
            .chunks(24)
            .map(|line| {
                let items: String = line.iter().map(|b| format!("{b},")).collect();
                format!("    {items}")
            })
            .collect();
        assert_eq!(c_bytes(&data), plain.join("\n"));
        assert_eq!(c_bytes(&[]), "");
        assert_eq!(c_bytes(&[7]), "    7,");
    }

    #[test]
    fn constants_are_unique_identifiers() {
        let mut names = ConstantNames::default();
        assert_eq!(names.name("Arc-fila"), "ARC_FILA");
        assert_eq!(names.name("arc_fila"), "ARC_FILA_2");
        assert_eq!(names.name("1st"), "LEVEL_1ST");
        for odd in ["_", "$", "-", "'", "é", "__"] {
            let c = names.name(odd);
            assert!(c.starts_with("LEVEL_"), "{odd}: {c}");
        }
        // Thousands of names that collide stay unique (and linear).
        let many: HashSet<String> = (0..5000).map(|_| names.name("a-b")).collect();
        assert_eq!(many.len(), 5000);
        // A numbered name that was taken by a level of its own is skipped.
        let mut names = ConstantNames::default();
        assert_eq!(names.name("x_2"), "X_2");
        assert_eq!(names.name("x"), "X");
        assert_eq!(names.name("X"), "X_3");
    }

    #[test]
    fn comments_cannot_be_ended_or_broken_by_names() {
        for hostile in [
            "x\npub fn injected() {}",
            "a */ b",
            "a /* b",
            "r\rn",
            "u\u{2028}v",
        ] {
            let c = comment(hostile);
            assert!(!c.contains("*/") && !c.contains("/*"), "{c}");
            assert!(
                !c.chars().any(|ch| ch.is_control() || ch == '\u{2028}'),
                "{c:?}"
            );
        }
        assert_eq!(comment("dat/x.des"), "dat/x.des");
        assert_eq!(comment("a*/b"), "a* /b");
    }
}
