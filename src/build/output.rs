//! Writing outputs: atomically, only when the bytes changed, never outside
//! the output directory; removing outputs whose source went away, but only
//! files levbuild itself wrote.
//!
//! A manifest is the memory of the last build: every file it wrote with
//! the hash of its content, its size and mtime; every source with its
//! stamp, cache key, output names and warnings. A source whose stamp
//! proves it unchanged and whose outputs are still as written needs no
//! read of the source nor of the cache: that is what makes a no-op build
//! of a large tree cheap. Each level set has its own (`.levbuild-set`
//! next to its blobs), so a change rewrites only its set's; the output
//! directory's own (`.levbuild-manifest`) lists the sets and the index
//! files of all of them.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::ops::Range;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use super::cache::write_atomic;
use super::claim::Claim;
use super::discover::OutputPath;
use super::error::{Error, ErrorKind};
use super::stamp::{self, Stamp};
use super::stat_dir::{FileInfo, StatDir};
use super::warning::{Position, Warning};
use crate::dungeon::RequiredLevel;
use crate::key_hash::KeyMap as HashMap;

/// The manifest of the whole output directory.
pub(crate) const MANIFEST: &str = ".levbuild-manifest";
/// The manifest of one level set, in the set's output directory.
pub(crate) const SET_MANIFEST: &str = ".levbuild-set";
/// Version 7: what a set's index files are made of besides its sources
/// (`indexed`).
const HEADER: &str = "levbuild manifest 7";
/// The last line of a manifest: `check ` and the hash of every line
/// before it. A manifest edited, truncated or spliced by anything but
/// levbuild does not verify and is not believed.
const CHECK: &str = "check ";

/// What is known of a written file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Record {
    /// Hash of the content.
    pub hash: Identity,
    pub size: u64,
    pub mtime: u128,
}

/// What the last build learnt of one source.
#[derive(Clone, Debug)]
pub(crate) struct SourceRecord {
    pub stamp: Stamp,
    /// The cache key of its content.
    pub key: blake3::Hash,
    /// Its outputs.
    pub outputs: Vec<OutputRecord>,
    /// Its warnings.
    pub warnings: Vec<Warning>,
    /// For a dungeon file, the level files it needs.
    pub needs: Vec<RequiredLevel>,
    /// Its random vaults' lines of the set's `vaults.dat`.
    pub vaults: Vec<String>,
}

/// One output of a source, as recorded.
#[derive(Clone, Debug)]
pub(crate) struct OutputRecord {
    /// Its name and file.
    pub path: OutputPath,
    /// The file as written (`None` until this build has stored it).
    pub record: Option<Record>,
}

impl SourceRecord {
    /// True if both say the same of the source and its output names,
    /// whatever they say of the output files (those are compared file by
    /// file).
    fn same_as(&self, other: &SourceRecord) -> bool {
        self.stamp == other.stamp
            && self.key == other.key
            && self.warnings == other.warnings
            && self.needs == other.needs
            && self.vaults == other.vaults
            && self.outputs.len() == other.outputs.len()
            && self
                .outputs
                .iter()
                .zip(&other.outputs)
                .all(|(a, b)| a.path == b.path)
    }
}

/// What one build writes under one manifest.
pub(crate) struct Outputs {
    /// The output directory (every path is relative to it).
    dir: PathBuf,
    /// The manifest file.
    manifest: PathBuf,
    /// The build's claim on the output directory, taken before the first
    /// write.
    claim: Arc<Claim>,
    /// The manifest's directory, relative to `dir` with a trailing `/`
    /// (empty for `dir` itself), opened for checking the files the last
    /// build left there (not opened when it left none).
    home_prefix: String,
    home: Option<StatDir>,
    /// Level sets (their directories relative to `dir`), as of the last
    /// build and as of this one (top manifest only).
    old_sets: Vec<String>,
    sets: Vec<String>,
    /// Build options the manifest's source records were made with: they
    /// are trusted only when this build's options are the same.
    options: String,
    old_options: String,
    /// The last build's files: the outputs of its sources (inside
    /// `old_sources`), its index files with the keys they were made from,
    /// and any other file it wrote; how many in all.
    old_index: HashMap<String, (String, Record)>,
    old_loose: Vec<(String, Record)>,
    old_file_count: usize,
    /// The last build's files not yet accounted for by this one, gathered
    /// from the above when this build starts recording (see
    /// [`Outputs::old_files`]); what is left at the end is stale.
    old_files: Option<HashMap<String, Record>>,
    /// The files this build stored or kept, and its index files' keys
    /// (the outputs of the sources it took as proven are in their kept
    /// blocks instead).
    files: HashMap<String, Record>,
    index_keys: BTreeMap<String, String>,
    /// The last build's source records, each with its block of lines in
    /// `old_text`, and how many there were.
    old_sources: HashMap<String, (SourceRecord, Range<usize>)>,
    old_source_count: usize,
    old_text: String,
    /// This build's sources: the blocks of those taken as proven (see
    /// [`Outputs::take_source`]), written again as they are, and the
    /// records of the others.
    kept_blocks: Vec<Range<usize>>,
    sources: BTreeMap<String, SourceRecord>,
    /// What the index files were made of besides the source records (a
    /// hash of the set's settings, [`Outputs::replays`]) and the digest the
    /// output directory's index files take from the set, as of the last
    /// build and as of this one (set manifests only).
    old_indexed: Option<(blake3::Hash, blake3::Hash)>,
    indexed: Option<(blake3::Hash, blake3::Hash)>,
    /// Whether every index file the last build recorded is still on disk
    /// as written, if [`Outputs::check_index_files`] looked.
    index_intact: Option<bool>,
    /// Set when this build recorded anything the last one did not.
    changed: bool,
    /// When the build that wrote the manifest started, and this one.
    old_started: u128,
    started: u128,
    /// Set by [`Outputs::begin_writing`] when it had to create the
    /// manifest's directory: nothing there can be up to date, so
    /// [`Outputs::store`] writes without looking first (a cold build of a
    /// large tree would otherwise look up thousands of missing files).
    created_home: bool,
    /// Files written by this build.
    pub written: Vec<PathBuf>,
    /// Outputs already up to date.
    pub unchanged: usize,
}

/// What [`Outputs::store`] did, to be recorded by [`Outputs::commit`].
pub(crate) struct Stored {
    rel: String,
    record: Record,
    /// The path, if the file was (re)written.
    written: Option<PathBuf>,
}

/// The identity of an output's content: 128 bits of its blake3 hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Identity([u8; 16]);

impl Identity {
    /// The identity of `bytes`.
    pub(crate) fn of(bytes: &[u8]) -> Identity {
        let mut id = [0; 16];
        id.copy_from_slice(&blake3::hash(bytes).as_bytes()[..16]);
        Identity(id)
    }

    /// The raw bytes (for hashing into index keys).
    pub(crate) fn as_bytes(&self) -> &[u8; 16] {
        &self.0
    }

    fn parse(hex: &str) -> Option<Identity> {
        let hex = hex.as_bytes();
        if hex.len() != 32 {
            return None;
        }
        // A table, not `char::to_digit`: a manifest holds a hash a file.
        const HEX: [u8; 256] = {
            let mut t = [0xff; 256];
            let mut c = 0;
            while c < 10 {
                t[b'0' as usize + c] = c as u8;
                c += 1;
            }
            let mut c = 0;
            while c < 6 {
                t[b'a' as usize + c] = 10 + c as u8;
                t[b'A' as usize + c] = 10 + c as u8;
                c += 1;
            }
            t
        };
        let digit = |c: u8| Some(HEX[usize::from(c)]).filter(|&d| d < 16);
        let mut id = [0; 16];
        for (i, byte) in id.iter_mut().enumerate() {
            *byte = digit(hex[2 * i])? << 4 | digit(hex[2 * i + 1])?;
        }
        Some(Identity(id))
    }
}

impl Record {
    /// Appends `HASH SIZE MTIME` to `out`.
    fn write_into(&self, out: &mut String) {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        for b in self.hash.0 {
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        }
        let _ = write!(out, " {} {}", self.size, self.mtime);
    }
}

/// Appends `s` to `out` as one manifest field: no spaces, tabs or line
/// breaks (written without `fmt`: a manifest has tens of thousands).
fn escape_into(out: &mut String, s: &str) {
    if s.is_empty() {
        out.push_str("\\-");
    } else if !s.contains(['\\', ' ', '\t', '\n', '\r']) {
        out.push_str(s);
    } else {
        for c in s.chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                ' ' => out.push_str("\\s"),
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                c => out.push(c),
            }
        }
    }
}

/// A source's warning as a manifest line (its file is the source's):
/// ` warn NAME AT MESSAGE LABEL HELP`, where NAME is the warning's name or
/// `-`, AT is `-` or `line,column,end_line,end_column,start,end` and LABEL
/// and HELP are `-` or `+` and the text.
fn write_warning(out: &mut String, w: &Warning) {
    out.push_str(" warn ");
    out.push_str(w.code.unwrap_or("-"));
    out.push(' ');
    match &w.at {
        Some(p) => {
            let _ = write!(
                out,
                "{},{},{},{},{},{}",
                p.line, p.column, p.end_line, p.end_column, p.span.start, p.span.end
            );
        }
        None => out.push('-'),
    }
    out.push(' ');
    escape_into(out, &w.message);
    for text in [&w.label, &w.help] {
        match text {
            Some(t) => {
                out.push_str(" +");
                escape_into(out, t);
            }
            None => out.push_str(" -"),
        }
    }
    out.push('\n');
}

/// Reads what [`write_warning`] wrote after `warn`.
fn read_warning(f: &mut std::str::SplitAsciiWhitespace<'_>) -> Option<Warning> {
    // A name this levbuild does not know makes the manifest unbelievable.
    let code = match f.next()? {
        "-" => None,
        name => Some(crate::diag::warning_name(name).ok()?),
    };
    let at = match f.next()? {
        "-" => None,
        numbers => {
            let n: Vec<usize> = numbers
                .split(',')
                .map(|n| n.parse().ok())
                .collect::<Option<_>>()?;
            let [line, column, end_line, end_column, start, end] = n[..] else {
                return None;
            };
            Some(Position::new(
                line,
                column,
                end_line,
                end_column,
                start..end,
            ))
        }
    };
    let message = unescape(f.next()?)?.into_owned();
    let mut optional = || -> Option<Option<String>> {
        let field = f.next()?;
        match field.strip_prefix('+') {
            Some(text) => Some(Some(unescape(text)?.into_owned())),
            None => (field == "-").then_some(None),
        }
    };
    let label = optional()?;
    let help = optional()?;
    Some(Warning::new(PathBuf::new(), at, message, label, help, code))
}

/// Reverses [`escape_into`] (borrowing when nothing was escaped).
fn unescape(s: &str) -> Option<Cow<'_, str>> {
    if s == "\\-" {
        return Some(Cow::Borrowed(""));
    }
    if !s.contains('\\') {
        return Some(Cow::Borrowed(s));
    }
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next()? {
            '\\' => '\\',
            's' => ' ',
            't' => '\t',
            'n' => '\n',
            'r' => '\r',
            _ => return None,
        });
    }
    Some(Cow::Owned(out))
}

/// What writing one manifest's outputs did.
pub(crate) struct Finished {
    /// Files written.
    pub written: Vec<PathBuf>,
    /// Stale outputs removed.
    pub removed: Vec<PathBuf>,
    /// Outputs already up to date.
    pub unchanged: usize,
    /// Stale outputs left in place: something else wrote over them.
    pub kept: Vec<PathBuf>,
}

/// The parts of a manifest, as read.
#[derive(Default)]
struct Manifest {
    options: String,
    started: u128,
    index: HashMap<String, (String, Record)>,
    loose: Vec<(String, Record)>,
    /// Each source's record and its block of lines in the text.
    sources: HashMap<String, (SourceRecord, Range<usize>)>,
    sets: Vec<String>,
    indexed: Option<(blake3::Hash, blake3::Hash)>,
}

impl Manifest {
    /// Parses a manifest; `None` if it is damaged anywhere (then nothing of
    /// it is trusted, and the build starts over).
    fn parse(text: &str) -> Option<Manifest> {
        let body = verified(text)?;
        // Sized for the usual line lengths: growing a map costs more than
        // a generous guess.
        let mut m = Manifest {
            sources: HashMap::with_capacity_and_hasher(text.len() / 600, Default::default()),
            ..Manifest::default()
        };
        let mut lines = body.lines();
        if lines.next() != Some(HEADER) {
            return None;
        }
        let record = |f: &mut std::str::SplitAsciiWhitespace<'_>| -> Option<Record> {
            Some(Record {
                hash: Identity::parse(f.next()?)?,
                size: stamp::decimal(f.next()?)?.try_into().ok()?,
                mtime: stamp::decimal(f.next()?)?,
            })
        };
        let owned = |field: &str| unescape(field).map(Cow::into_owned);
        let mut current: Option<(String, SourceRecord, usize)> = None;
        for line in lines {
            // Where the line starts in `text` (`lines` yields slices of it).
            let at = line.as_ptr() as usize - text.as_ptr() as usize;
            let mut f = line.split_ascii_whitespace();
            let tag = f.next()?;
            if let Some((_, source, _)) = current.as_mut().filter(|_| line.starts_with(' ')) {
                match tag {
                    "out" => {
                        let r = record(&mut f)?;
                        let name = unescape(f.next()?)?;
                        let file = owned(f.next()?)?;
                        source.outputs.push(OutputRecord {
                            path: OutputPath::from_parts(file, &name)?,
                            record: Some(r),
                        });
                    }
                    "warn" => source.warnings.push(read_warning(&mut f)?),
                    "need" => source.needs.push(RequiredLevel {
                        dungeon: owned(f.next()?)?,
                        level: owned(f.next()?)?,
                        needed_by: owned(f.next()?)?,
                    }),
                    "vault" => source.vaults.push(owned(f.next()?)?),
                    _ => return None,
                }
                continue;
            }
            if let Some((path, source, start)) = current.take() {
                m.sources.insert(path, (source, start..at));
            }
            match tag {
                "options" => m.options = f.next()?.to_string(),
                // A set names a directory inside the output directory (the
                // empty name: the output directory itself), nothing else,
                // whatever the file says.
                "set" => m
                    .sets
                    .push(owned(f.next()?).filter(|s| s.is_empty() || is_plain_path(s))?),
                "started" => m.started = f.next()?.parse().ok()?,
                "source" => {
                    let stamp = Stamp::from_fields(&mut f)?;
                    let key = blake3::Hash::from_hex(f.next()?).ok()?;
                    let path = owned(f.next()?)?;
                    current = Some((
                        path,
                        SourceRecord {
                            stamp,
                            key,
                            outputs: Vec::new(),
                            warnings: Vec::new(),
                            needs: Vec::new(),
                            vaults: Vec::new(),
                        },
                        at,
                    ));
                }
                "index" => {
                    let key = f.next()?.to_string();
                    let r = record(&mut f)?;
                    m.index.insert(owned(f.next()?)?, (key, r));
                }
                "file" => {
                    let r = record(&mut f)?;
                    m.loose.push((owned(f.next()?)?, r));
                }
                "indexed" => {
                    let settings = blake3::Hash::from_hex(f.next()?).ok()?;
                    let digest = blake3::Hash::from_hex(f.next()?).ok()?;
                    m.indexed = Some((settings, digest));
                }
                _ => return None,
            }
        }
        if let Some((path, source, start)) = current {
            m.sources.insert(path, (source, start..body.len()));
        }
        Some(m)
    }
}

/// The lines of `text` before its `check` line, if that line holds their
/// hash.
fn verified(text: &str) -> Option<&str> {
    let body = text.strip_suffix('\n')?;
    let at = body.rfind('\n')? + 1;
    let hash = body[at..].strip_prefix(CHECK)?;
    let body = &text[..at];
    (blake3::Hash::from_hex(hash).ok()? == blake3::hash(body.as_bytes())).then_some(body)
}

/// True if `rel` is a plain relative path (no root, no `..`, no `.`, not
/// empty): one that stays inside the directory it is joined to.
pub(crate) fn is_plain_path(rel: &str) -> bool {
    !rel.is_empty()
        && Path::new(rel)
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
}

impl Outputs {
    /// Reads the manifest `manifest` (relative to the output directory
    /// `dir`); a missing or damaged one lists nothing. `options`
    /// fingerprints the build options; `claim` is the build's on `dir`.
    pub(crate) fn open(dir: &Path, manifest: &str, options: String, claim: &Arc<Claim>) -> Self {
        let home_prefix = manifest.rfind('/').map_or("", |i| &manifest[..=i]);
        let manifest = dir.join(manifest);
        let mut old_text = std::fs::read_to_string(&manifest).unwrap_or_default();
        let old = Manifest::parse(&old_text);
        if old.is_none() {
            old_text = String::new();
        }
        let home = old.as_ref().map(|_| StatDir::open(&dir.join(home_prefix)));
        let old = old.unwrap_or_default();
        Outputs {
            dir: dir.to_path_buf(),
            manifest,
            claim: Arc::clone(claim),
            home_prefix: home_prefix.to_string(),
            home,
            old_sets: old.sets,
            sets: Vec::new(),
            options,
            old_options: old.options,
            old_file_count: old.index.len()
                + old.loose.len()
                + old
                    .sources
                    .values()
                    .map(|(s, _)| s.outputs.len())
                    .sum::<usize>(),
            old_index: old.index,
            old_loose: old.loose,
            old_files: None,
            created_home: false,
            files: HashMap::default(),
            index_keys: BTreeMap::new(),
            old_source_count: old.sources.len(),
            old_sources: old.sources,
            old_text,
            kept_blocks: Vec::new(),
            old_indexed: old.indexed,
            indexed: None,
            index_intact: None,
            changed: false,
            sources: BTreeMap::new(),
            old_started: old.started,
            started: stamp::now_ns(),
            written: Vec::new(),
            unchanged: 0,
        }
    }

    /// `rel` joined to the output directory, refusing anything that could
    /// leave it (absolute paths, `..`, prefixes).
    fn target(&self, rel: &str) -> Result<PathBuf, Error> {
        let p = Path::new(rel);
        if !is_plain_path(rel) {
            return Err(Error::new(ErrorKind::Config(format!(
                "refusing to write {rel:?}: not a plain path inside the output directory"
            ))));
        }
        Ok(self.dir.join(p))
    }

    /// What the last build recorded of the source at `path` (nothing if it
    /// was built with other options), and whether the source's stamp `now`
    /// proves it unchanged since (see [`super::stamp`]).
    pub(crate) fn recorded_source(&self, path: &str, now: &Stamp) -> Option<(&SourceRecord, bool)> {
        let (old, _) = self.old_sources.get(path)?;
        (self.options == self.old_options)
            .then(|| (old, old.stamp.proves_unchanged(now, self.old_started)))
    }

    /// Removes the manifest: the next build trusts nothing of this set's
    /// outputs and produces each again.
    pub(crate) fn forget(&self) {
        let _ = std::fs::remove_file(&self.manifest);
    }

    /// Takes the last build's record of `path` (a source known unchanged,
    /// outputs intact): its lines are copied into the new manifest as they
    /// are, not formatted again, its outputs count as unchanged and are no
    /// longer the last build's files to account for. Not to be recorded
    /// again ([`Outputs::record_source`]).
    pub(crate) fn take_source(&mut self, path: &str) -> Option<SourceRecord> {
        let (record, block) = self.old_sources.remove(path)?;
        self.kept_blocks.push(block);
        self.unchanged += record.outputs.len();
        Some(record)
    }

    /// Closes the manifest's directory, opened for checking its files: a
    /// build keeps every set's `Outputs` until it writes, and a tree of
    /// thousands of sets must not hold a descriptor open for each. It is
    /// opened again when the set is written (see [`Outputs::begin_writing`]),
    /// a few sets at a time; in between, checks look files up by path.
    pub(crate) fn close_dir(&mut self) {
        self.home = None;
    }

    /// True if `file` is still on disk as `record` says (same size and
    /// mtime).
    pub(crate) fn is_intact(&self, file: &str, record: &Record) -> bool {
        let info = match (&self.home, file.strip_prefix(&self.home_prefix)) {
            (Some(home), Some(name)) => home.stat(Path::new(name)),
            _ => FileInfo::at(&self.dir.join(file)),
        };
        info.is_some_and(|i| i.size == record.size && i.mtime == record.mtime)
    }

    /// The last build's files not yet accounted for by this build: its
    /// index files and other files, and the outputs of the sources not
    /// taken by [`Outputs::take_source`].
    fn old_files(&mut self) -> &mut HashMap<String, Record> {
        self.begin_writing();
        self.old_files.get_or_insert_with(HashMap::default)
    }

    /// Gathers the last build's files not yet accounted for (see
    /// [`Outputs::old_files`]); [`Outputs::store`] knows them only after
    /// this (without it, it compares bytes). Creates the manifest's
    /// directory if it is missing.
    pub(crate) fn begin_writing(&mut self) {
        if self.old_files.is_some() {
            return;
        }
        let home = self.dir.join(&self.home_prefix);
        // A failure here is reported by the first write into it.
        self.created_home = !home.is_dir() && std::fs::create_dir_all(&home).is_ok();
        // The last build's files (its index files, levels.c's data files
        // among them) are looked at relative to their directory again.
        if self.old_file_count > 0 && self.home.is_none() {
            self.home = Some(StatDir::open(&home));
        }
        let outputs = self.old_sources.values().flat_map(|(s, _)| &s.outputs);
        let files = outputs
            .filter_map(|o| Some((o.path.file().to_string(), o.record?)))
            .chain(self.old_index.iter().map(|(rel, (_, r))| (rel.clone(), *r)))
            .chain(self.old_loose.iter().cloned())
            .collect();
        self.old_files = Some(files);
    }

    /// Keeps `rel` as the last build left it (checked by
    /// [`Outputs::is_intact`]).
    pub(crate) fn keep(&mut self, rel: &str, record: Record) {
        // Moved from the old list to the new: what is left there at the
        // end is stale.
        let (rel, old) = match self.old_files().remove_entry(rel) {
            Some((rel, old)) => (rel, Some(old)),
            None => (rel.to_string(), None),
        };
        self.changed |= old != Some(record);
        self.files.insert(rel, record);
        self.unchanged += 1;
    }

    /// The digest the last build recorded for the set's index (see
    /// [`Outputs::record_indexed`]) if this build would record exactly
    /// what the last one did, known without computing any index file's
    /// key: `sources` sources all taken as proven (see
    /// [`Outputs::take_source`]), `files` outputs all intact, the index
    /// made with the same `settings` (each index file's key is a function
    /// of those and of the source records), and every index file still
    /// on disk as written (by [`Outputs::check_index_files`] if it looked,
    /// else looked at now).
    pub(crate) fn replays(
        &self,
        sources: usize,
        files: usize,
        settings: &blake3::Hash,
    ) -> Option<blake3::Hash> {
        let (old_settings, digest) = self.old_indexed?;
        let same = old_settings == *settings
            && self.old_source_count == sources
            && self.old_file_count == files + self.old_index.len()
            && self.old_sets.is_empty()
            && self.options == self.old_options;
        (same
            && self
                .index_intact
                .unwrap_or_else(|| self.index_files_intact()))
        .then_some(digest)
    }

    /// Looks at every index file the last build recorded (`levels.c`, its
    /// data files, `levels.game`) while the manifest's directory is open
    /// (see [`Outputs::close_dir`]), for [`Outputs::replays`]: relative to
    /// it, each is one name or two to resolve, not the whole path.
    pub(crate) fn check_index_files(&mut self) {
        self.index_intact = Some(self.index_files_intact());
    }

    /// Whether every index file the last build recorded is still on disk
    /// as written.
    fn index_files_intact(&self) -> bool {
        (self.old_index.iter()).all(|(rel, (_, r))| self.is_intact(rel, r))
    }

    /// True if the last build recorded the set's index with these
    /// `settings` (see [`Outputs::replays`]).
    pub(crate) fn indexed_with(&self, settings: &blake3::Hash) -> bool {
        self.old_indexed.is_some_and(|(s, _)| s == *settings)
    }

    /// [`Outputs::index_is_current`] with the key the last build
    /// recorded for `rel` (the caller knows it is the key `rel` would get):
    /// true, and `rel` kept with its key, if it is still on disk as
    /// written.
    pub(crate) fn keeps_index(&mut self, rel: &str) -> bool {
        let Some((key, record)) = self.old_index.get(rel) else {
            return false;
        };
        let current = self.is_intact(rel, record).then_some(*record);
        self.index_keys.insert(rel.to_string(), key.clone());
        self.keep_index(rel, current)
    }

    /// How many index files the last build recorded.
    pub(crate) fn index_count(&self) -> usize {
        self.old_index.len()
    }

    /// Records what the set's index files are made of besides the source
    /// records: a hash of the set's settings, and the digest the output
    /// directory's index files take from it (see [`Outputs::replays`]).
    pub(crate) fn record_indexed(&mut self, settings: blake3::Hash, digest: blake3::Hash) {
        self.indexed = Some((settings, digest));
        self.changed |= self.old_indexed != self.indexed;
    }

    /// The last build's record of the index file `rel` if it was made from
    /// inputs hashing to `key` and is still on disk as written.
    fn current_index(&self, rel: &str, key: &str) -> Option<Record> {
        let (k, r) = self.old_index.get(rel)?;
        (k == key && self.is_intact(rel, r)).then_some(*r)
    }

    /// Records the level sets of this build (their output directories);
    /// returns those of the last build that are gone.
    pub(crate) fn record_sets(&mut self, sets: &[String]) -> Vec<String> {
        self.sets = sets.to_vec();
        self.old_sets
            .iter()
            .filter(|s| !sets.contains(s))
            .cloned()
            .collect()
    }

    /// Records a source for the next build (one not taken as proven).
    pub(crate) fn record_source(&mut self, path: String, record: SourceRecord) {
        self.changed |= !self
            .old_sources
            .get(&path)
            .is_some_and(|(old, _)| old.same_as(&record));
        self.sources.insert(path, record);
    }

    /// True when the generated index file `rel` was made from inputs
    /// hashing to `key` and is still on disk as written: it can stay as it
    /// is (and is counted unchanged). Records `key` for the manifest
    /// either way.
    pub(crate) fn index_is_current(&mut self, rel: &str, key: &str) -> bool {
        self.index_keys.insert(rel.to_string(), key.to_string());
        let current = self.current_index(rel, key);
        self.keep_index(rel, current)
    }

    /// Keeps the index file `rel` as the last build left it if `current`
    /// (its record) says it can stay; else it is to be written.
    fn keep_index(&mut self, rel: &str, current: Option<Record>) -> bool {
        match current {
            Some(r) => {
                self.keep(rel, r);
                true
            }
            None => {
                self.changed = true;
                false
            }
        }
    }

    /// Makes `rel` hold `bytes`, writing only if it does not already; an
    /// output the manifest lists with the same hash, size and mtime is not
    /// even read. Safe to call from several threads; the result goes to
    /// [`Outputs::commit`].
    pub(crate) fn store(&self, rel: &str, bytes: &[u8], hash: Identity) -> Result<Stored, Error> {
        let path = self.target(rel)?;
        let fresh = self.created_home && rel.starts_with(&self.home_prefix);
        let existing = if fresh { None } else { FileInfo::at(&path) };
        if let Some(FileInfo { size, mtime, .. }) = existing {
            let known = self
                .old_files
                .as_ref()
                .and_then(|files| files.get(rel))
                .is_some_and(|r| r.hash == hash && r.size == size && r.mtime == mtime);
            if known
                || (size == bytes.len() as u64 && std::fs::read(&path).is_ok_and(|b| b == bytes))
            {
                return Ok(Stored {
                    rel: rel.to_string(),
                    record: Record { hash, size, mtime },
                    written: None,
                });
            }
        }
        self.claim.take();
        write_atomic(&path, bytes).map_err(|e| Error::io(&path, e))?;
        // Stat'ed by path after the rename: some file systems (NFS) set the
        // mtime when the file is closed.
        let meta = std::fs::metadata(&path).map_err(|e| Error::io(&path, e))?;
        let info = FileInfo::of(&meta);
        Ok(Stored {
            rel: rel.to_string(),
            record: Record {
                hash,
                size: info.size,
                mtime: info.mtime,
            },
            written: Some(path),
        })
    }

    /// Records what [`Outputs::store`] did.
    pub(crate) fn commit(&mut self, stored: Stored) {
        match stored.written {
            Some(path) => self.written.push(path),
            None => self.unchanged += 1,
        }
        self.changed |= self.old_files().remove(&stored.rel) != Some(stored.record);
        self.files.insert(stored.rel, stored.record);
    }

    /// [`Outputs::store`] and [`Outputs::commit`] in one.
    pub(crate) fn put(&mut self, rel: &str, bytes: &[u8]) -> Result<(), Error> {
        self.begin_writing();
        let stored = self.store(rel, bytes, Identity::of(bytes))?;
        self.commit(stored);
        Ok(())
    }

    /// Removes what an earlier build wrote and this one did not, and saves
    /// the manifest if it changed. Returns the files written, the files
    /// removed and how many outputs were already up to date.
    pub(crate) fn finish(mut self) -> Result<Finished, Error> {
        let mut removed = Vec::new();
        let mut kept = Vec::new();
        // Whatever this build did not keep or store is stale: removed if it
        // still holds what levbuild wrote, left alone (and reported) if
        // something else has written over it since.
        let old_files = std::mem::take(self.old_files());
        let mut stale: Vec<(&String, &Record)> = old_files.iter().collect();
        stale.sort_by_key(|(rel, _)| *rel);
        for (rel, record) in stale {
            let Ok(path) = self.target(rel) else { continue };
            match std::fs::read(&path) {
                Ok(bytes) if Identity::of(&bytes) != record.hash => {
                    kept.push(path);
                    continue;
                }
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                _ => {}
            }
            match std::fs::remove_file(&path) {
                Ok(()) => removed.push(path),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(Error::io(&path, e)),
            }
        }
        // A directory of levbuild's files below the manifest's (levels.c's
        // data files) goes with its last file; one holding anything else
        // stays.
        let home = self.dir.join(&self.home_prefix);
        let mut parents: Vec<&Path> = (removed.iter())
            .filter_map(|p| p.parent())
            .filter(|d| d.starts_with(&home) && *d != home.as_path())
            .collect();
        parents.dedup();
        for dir in parents {
            let _ = std::fs::remove_dir(dir);
        }
        // Every recording above set `changed` if it differed from the last
        // build's; equal counts then mean nothing was dropped either.
        let same = !self.changed
            && old_files.is_empty()
            && self.old_sets == self.sets
            && self.options == self.old_options
            && self.old_index.len() == self.index_keys.len()
            && self.old_source_count == self.sources.len() + self.kept_blocks.len();
        let path = &self.manifest;
        let nothing = self.files.is_empty() && self.sources.is_empty() && self.sets.is_empty();
        if nothing && self.kept_blocks.is_empty() {
            // Nothing left to remember (a level set that is gone).
            match std::fs::remove_file(path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(Error::io(path, e))
                }
                _ => {}
            }
        } else if !same {
            let text = self.manifest_text();
            self.claim.take();
            write_atomic(path, text.as_bytes()).map_err(|e| Error::io(path, e))?;
        }
        Ok(Finished {
            written: self.written,
            removed,
            unchanged: self.unchanged,
            kept,
        })
    }

    fn manifest_text(&self) -> String {
        let mut text = String::with_capacity(100 * self.files.len() + 1024);
        let _ = writeln!(
            text,
            "{HEADER}\noptions {}\nstarted {}",
            self.options, self.started
        );
        for set in &self.sets {
            text.push_str("set ");
            escape_into(&mut text, set);
            text.push('\n');
        }
        if let Some((settings, digest)) = &self.indexed {
            let _ = writeln!(text, "indexed {} {}", settings.to_hex(), digest.to_hex());
        }
        let mut listed = 0;
        for block in &self.kept_blocks {
            text.push_str(&self.old_text[block.clone()]);
        }
        for (path, s) in &self.sources {
            let _ = write!(text, "source {} {} ", s.stamp.to_fields(), s.key.to_hex());
            escape_into(&mut text, path);
            text.push('\n');
            for o in &s.outputs {
                if let Some(r) = self.files.get(o.path.file()) {
                    listed += 1;
                    text.push_str(" out ");
                    r.write_into(&mut text);
                    text.push(' ');
                    escape_into(&mut text, o.path.name());
                    text.push(' ');
                    escape_into(&mut text, o.path.file());
                    text.push('\n');
                }
            }
            for w in &s.warnings {
                write_warning(&mut text, w);
            }
            for n in &s.needs {
                text.push_str(" need");
                for field in [&n.dungeon, &n.level, &n.needed_by] {
                    text.push(' ');
                    escape_into(&mut text, field);
                }
                text.push('\n');
            }
            for v in &s.vaults {
                text.push_str(" vault ");
                escape_into(&mut text, v);
                text.push('\n');
            }
        }
        for (rel, key) in &self.index_keys {
            if let Some(r) = self.files.get(rel) {
                let _ = write!(text, "index {key} ");
                r.write_into(&mut text);
                text.push(' ');
                escape_into(&mut text, rel);
                text.push('\n');
                listed += 1;
            }
        }
        if listed < self.files.len() {
            // Files no source or index claims (none, by construction; kept
            // so that they are still removed when stale).
            let claimed: std::collections::HashSet<&str> = self
                .sources
                .values()
                .flat_map(|s| s.outputs.iter().map(|o| o.path.file()))
                .chain(self.index_keys.keys().map(String::as_str))
                .collect();
            let mut loose: Vec<_> = (self.files.iter())
                .filter(|(rel, _)| !claimed.contains(rel.as_str()))
                .collect();
            loose.sort_unstable_by_key(|(rel, _)| *rel);
            for (rel, r) in loose {
                text.push_str("file ");
                r.write_into(&mut text);
                text.push(' ');
                escape_into(&mut text, rel);
                text.push('\n');
            }
        }
        let check = blake3::hash(text.as_bytes());
        let _ = writeln!(text, "{CHECK}{}", check.to_hex());
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_escape_and_unescape() {
        for s in ["", "plain", "a b\tc\nd\\e\r", "\\-", "x-strt"] {
            let mut e = String::new();
            escape_into(&mut e, s);
            assert!(
                !e.contains([' ', '\t', '\n', '\r']) && !e.is_empty(),
                "{e:?}"
            );
            assert_eq!(unescape(&e).as_deref(), Some(s));
        }
        assert_eq!(unescape("bad\\q"), None);
    }

    #[test]
    fn a_manifest_survives_its_own_round_trip_and_damage_voids_it() {
        let dir =
            std::env::temp_dir().join(format!("levbuild-manifest-unit-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let claim = Arc::new(Claim::new(&dir, None));
        let mut out = Outputs::open(&dir, MANIFEST, "opts".into(), &claim);
        assert!(out.record_sets(&["a b".into()]).is_empty());
        out.put("sub dir/a b.lev", b"abc").unwrap();
        out.put("levels.h", b"h").unwrap();
        assert!(!out.index_is_current("levels.h", "k1"));
        let source = SourceRecord {
            stamp: Stamp {
                size: 1,
                mtime: 2,
                ctime: 3,
                inode: 4,
            },
            key: blake3::hash(b"key"),
            outputs: vec![OutputRecord {
                path: OutputPath::from_parts("sub dir/a b.lev".into(), "a b").unwrap(),
                record: None,
            }],
            warnings: vec![
                Warning::new(
                    PathBuf::new(),
                    Some(Position::new(1, 2, 3, 4, 5..60)),
                    "odd \"thing\" here".into(),
                    Some("a label\non two lines".into()),
                    Some(String::new()),
                    Some("rock-in-room"),
                ),
                Warning::about(PathBuf::new(), "dungeon-missing-level", "whole file".into()),
            ],
            needs: vec![RequiredLevel {
                dungeon: "The Dungeons of Doom".into(),
                level: "x-strt".into(),
                needed_by: "LEVEL \"x-strt\"".into(),
            }],
            vaults: vec!["7 1 vlt 2\n".into()],
        };
        out.record_source("/src/x y.des".into(), source.clone());
        out.finish().unwrap();
        let text = std::fs::read_to_string(dir.join(MANIFEST)).unwrap();
        let m = Manifest::parse(&text).unwrap();
        assert_eq!(m.options, "opts");
        assert_eq!(m.sets, ["a b"]);
        let read = &m.sources["/src/x y.des"].0;
        assert!(read.same_as(&source));
        assert_eq!(read.vaults, ["7 1 vlt 2\n"]);
        assert_eq!(read.outputs[0].record.map(|r| r.size), Some(3));
        assert_eq!(
            m.index.get("levels.h").map(|(k, r)| (k.as_str(), r.size)),
            Some(("k1", 1))
        );
        assert!(m.loose.is_empty());
        // A set's files are checked through its open directory, and by
        // path once that is closed.
        let mut set = Outputs::open(&dir, "sub dir/.levbuild-set", "opts".into(), &claim);
        assert!(set.home.is_none(), "no manifest yet: nothing to check");
        set.put("sub dir/a b.lev", b"abcd").unwrap();
        set.record_source("/src/x y.des".into(), source.clone());
        set.finish().unwrap();
        let mut set = Outputs::open(&dir, "sub dir/.levbuild-set", "opts".into(), &claim);
        assert!(set.home.is_some());
        let written = set.old_sources["/src/x y.des"].0.outputs[0].record.unwrap();
        assert!(set.is_intact("sub dir/a b.lev", &written));
        assert!(!set.is_intact("sub dir/a b.lev", &Record { size: 3, ..written }));
        set.close_dir();
        assert!(set.home.is_none());
        assert!(set.is_intact("sub dir/a b.lev", &written));
        // Writing the set opens it again.
        set.begin_writing();
        assert!(set.home.is_some());
        assert!(set.is_intact("sub dir/a b.lev", &written));
        assert!(Manifest::parse(&text.replace(" out ", " odd ")).is_none());
        assert!(Manifest::parse(&text.replace("source 1", "source x")).is_none());
        // Any edit, even one that still parses, voids it.
        assert!(Manifest::parse(&text.replace("opts", "opt2")).is_none());
        let mut lines: Vec<&str> = text.lines().collect();
        lines.remove(3);
        assert!(Manifest::parse(&(lines.join("\n") + "\n")).is_none());
        assert!(Manifest::parse(text.trim_end()).is_none());
        // Paths in builder state that would leave the output directory void
        // the manifest even when its check is right.
        for set in ["../x", "/abs", ".", "a/../../b"] {
            let body = format!("{HEADER}\noptions o\nstarted 1\nset {set}\n");
            let signed = format!("{body}{CHECK}{}\n", blake3::hash(body.as_bytes()).to_hex());
            assert!(Manifest::parse(&signed).is_none(), "{set}");
            let fine = signed.replace(set, "ok");
            assert!(
                Manifest::parse(&fine).is_none(),
                "the check covers the edit"
            );
        }
        let body = format!("{HEADER}\noptions o\nstarted 1\nset a/b\n");
        let signed = format!("{body}{CHECK}{}\n", blake3::hash(body.as_bytes()).to_hex());
        assert_eq!(Manifest::parse(&signed).unwrap().sets, ["a/b"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
