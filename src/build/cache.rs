//! The content-hash cache. An entry is keyed by the blake3 hash of
//! everything that determines a source's result (levbuild's version, the
//! options, game and layout that change output, a dungeon file's name,
//! which names its output, and the source's bytes; not its path: warnings
//! are stored without it) and holds the outputs and the warnings.
//!
//! The entries of one level set live together in one *pack* file, so a
//! tree of a hundred sets costs a hundred cache files, not thousands, and
//! a changed set costs one read and one write. A pack holds exactly the
//! entries of the set's current sources: it is rewritten whenever one of
//! them missed, which also drops the entries of deleted or edited files.
//!
//! Packs are stored by the hash of their content (`<hash>.entries`), and
//! each set names its pack in a small reference file (`<set>.pack`): sets
//! with identical sources (variants share many) share one pack, written
//! once. A cache that only one output directory uses (the default, inside
//! it) is pruned after each build that writes to it: references of sets no
//! longer built and packs no set refers to are removed.
//!
//! Packs are written to a temporary file and renamed into place, so a
//! build killed at any point leaves either the old pack or the new one,
//! and builds sharing a cache directory never see half a pack (the last
//! rename wins, and every pack is correct for the keys it holds). Each
//! pack carries a hash of its payload: a corrupted or truncated pack is
//! ignored (its sources are recompiled and it is rewritten), never trusted.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use super::warning::{Position, Warning};

/// What a compiled file produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entry {
    /// `(output name, bytes)`; the bytes are shared with the results
    /// made from this entry.
    pub outputs: Vec<(String, Arc<[u8]>)>,
    /// Warnings, without their file (an entry is keyed by content, and
    /// every file with this content gets its own name back).
    pub warnings: Vec<Warning>,
    /// Its random vaults' lines of the set's `vaults.dat`.
    pub vaults: Vec<String>,
}

/// Version 4: an entry lists its random vaults (packs of versions 1,
/// warnings as lines, 2, warnings without names, and 3, without vaults,
/// are ignored and rewritten).
const MAGIC: &[u8; 8] = b"LVBPACK4";
/// The start of a set's reference file, before its pack's content hash.
const REF_MAGIC: &[u8; 8] = b"LVBREF01";

/// A cache directory.
#[derive(Clone, Debug)]
pub(crate) struct Cache {
    dir: PathBuf,
}

/// The entries of one level set, as read from its pack.
#[derive(Debug, Default)]
pub(crate) struct Pack {
    entries: HashMap<blake3::Hash, Arc<Entry>>,
}

impl Cache {
    pub(crate) fn new(dir: PathBuf) -> Self {
        Cache { dir }
    }

    /// The reference file of the set identified by `set` (a hash of its
    /// directory and of the options, see `produce::set_id`).
    fn ref_path(&self, set: &blake3::Hash) -> PathBuf {
        self.dir.join(format!("{}.pack", set.to_hex()))
    }

    /// The pack file whose content hashes to `content`.
    fn pack_path(&self, content: &blake3::Hash) -> PathBuf {
        self.dir.join(format!("{}.entries", content.to_hex()))
    }

    /// The content hash a set's reference file names.
    fn referenced(&self, set: &blake3::Hash) -> Option<blake3::Hash> {
        let bytes = std::fs::read(self.ref_path(set)).ok()?;
        let hash: [u8; 32] = bytes.strip_prefix(REF_MAGIC)?.try_into().ok()?;
        Some(blake3::Hash::from_bytes(hash))
    }

    /// The pack of `set`; empty if there is none or it is damaged.
    pub(crate) fn load(&self, set: &blake3::Hash) -> Pack {
        let entries = self
            .referenced(set)
            .and_then(|content| std::fs::read(self.pack_path(&content)).ok())
            .and_then(|bytes| {
                let rest = bytes.strip_prefix(MAGIC)?;
                let (sum, payload) = rest.split_at_checked(32)?;
                (blake3::hash(payload).as_bytes() == sum)
                    .then(|| decode(payload))
                    .flatten()
            })
            .unwrap_or_default();
        Pack { entries }
    }

    /// Makes `entries` the pack of `set`. Failure only costs a recompile
    /// later.
    pub(crate) fn save(
        &self,
        set: &blake3::Hash,
        entries: &[(blake3::Hash, &Entry)],
    ) -> std::io::Result<()> {
        let payload = encode(entries);
        let content = blake3::hash(&payload);
        let pack = self.pack_path(&content);
        // Another set (or an earlier build) may have stored it already; a
        // damaged copy fails its hash when loaded and is written again.
        if !self.holds_intact(&pack, &content) {
            let mut bytes = Vec::with_capacity(payload.len() + 40);
            bytes.extend_from_slice(MAGIC);
            bytes.extend_from_slice(content.as_bytes());
            bytes.extend_from_slice(&payload);
            write_atomic(&pack, &bytes)?;
        }
        if self.referenced(set) != Some(content) {
            let mut reference = REF_MAGIC.to_vec();
            reference.extend_from_slice(content.as_bytes());
            write_atomic(&self.ref_path(set), &reference)?;
        }
        Ok(())
    }

    /// True if the pack file at `path` holds content hashing to `content`.
    fn holds_intact(&self, path: &Path, content: &blake3::Hash) -> bool {
        std::fs::read(path).is_ok_and(|bytes| {
            bytes
                .strip_prefix(MAGIC)
                .and_then(|rest| rest.split_at_checked(32))
                .is_some_and(|(sum, payload)| {
                    sum == content.as_bytes() && blake3::hash(payload) == *content
                })
        })
    }

    /// True if the cache directory holds clearly more files than `sets`
    /// level sets need (a reference and at most a pack each).
    pub(crate) fn is_cluttered(&self, sets: usize) -> bool {
        std::fs::read_dir(&self.dir).is_ok_and(|files| files.count() > 2 * sets + 16)
    }

    /// Keeps only the references of `sets` and the packs they name: for a
    /// cache that no other output directory uses.
    pub(crate) fn prune(&self, sets: &[blake3::Hash]) {
        let Ok(files) = std::fs::read_dir(&self.dir) else {
            return;
        };
        let keep_refs: std::collections::HashSet<String> = sets
            .iter()
            .map(|s| format!("{}.pack", s.to_hex()))
            .collect();
        let keep_packs: std::collections::HashSet<String> = sets
            .iter()
            .filter_map(|s| self.referenced(s))
            .map(|c| format!("{}.entries", c.to_hex()))
            .collect();
        for f in files.flatten() {
            let name = f.file_name().to_string_lossy().into_owned();
            let stale = (name.ends_with(".pack") && !keep_refs.contains(&name))
                || (name.ends_with(".entries") && !keep_packs.contains(&name));
            if stale {
                let _ = std::fs::remove_file(f.path());
            }
        }
    }

    /// Removes what killed builds left in the cache directory.
    pub(crate) fn remove_leftovers(&self) {
        remove_stale_temp_files(&self.dir);
    }
}

impl Pack {
    /// Every entry with its key.
    pub(crate) fn entries(&self) -> impl Iterator<Item = (&blake3::Hash, &Arc<Entry>)> {
        self.entries.iter()
    }

    /// True if the pack holds exactly the entries under `keys`.
    pub(crate) fn holds_exactly(&self, keys: &[blake3::Hash]) -> bool {
        self.entries.len() == keys.len() && keys.iter().all(|k| self.entries.contains_key(k))
    }
}

/// Removes the temporary files of [`write_atomic`] that a killed build left
/// in `dir`: those whose process is gone (a running build's are kept).
pub(crate) fn remove_stale_temp_files(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(pid) = name.to_str().and_then(temp_file_pid) else {
            continue;
        };
        if !process_is_running(pid) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// The process id in a [`write_atomic`] temporary file's name
/// (`.NAME.PID.N.tmp`).
fn temp_file_pid(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let mut parts = rest.rsplitn(3, '.');
    let _counter: u64 = parts.next()?.parse().ok()?;
    let pid = parts.next()?.parse().ok()?;
    parts.next().filter(|stem| !stem.is_empty())?;
    Some(pid)
}

#[cfg(unix)]
fn process_is_running(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // Signal 0 checks only that the process exists (EPERM: it does).
    // SAFETY: kill with signal 0 sends nothing.
    let sent = unsafe { libc::kill(pid, 0) } == 0;
    sent || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

/// Without a portable way to ask, every process might be running.
#[cfg(not(unix))]
fn process_is_running(_pid: u32) -> bool {
    true
}

/// Writes `bytes` to `path` through a uniquely named temporary file in the
/// same directory and a rename, creating the directory if need be.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let name = path
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.{}.{n}.tmp", std::process::id()));
    let create = || {
        std::fs::File::options()
            .write(true)
            .create_new(true)
            .open(&tmp)
    };
    // The directory usually exists: try first, create it only if missing.
    let mut file = match create() {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if let Some(dir) = tmp.parent() {
                std::fs::create_dir_all(dir)?;
            }
            create()?
        }
        other => other?,
    };
    let written = file.write_all(bytes);
    drop(file);
    written
        .and_then(|()| std::fs::rename(&tmp, path))
        .inspect_err(|_| {
            let _ = std::fs::remove_file(&tmp);
        })
}

fn put_bytes(out: &mut Vec<u8>, b: &[u8]) {
    out.extend_from_slice(&(b.len() as u64).to_le_bytes());
    out.extend_from_slice(b);
}

fn encode(entries: &[(blake3::Hash, &Entry)]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&(entries.len() as u64).to_le_bytes());
    for (key, e) in entries {
        out.extend_from_slice(key.as_bytes());
        out.extend_from_slice(&(e.outputs.len() as u64).to_le_bytes());
        for (name, data) in &e.outputs {
            put_bytes(&mut out, name.as_bytes());
            put_bytes(&mut out, data);
        }
        out.extend_from_slice(&(e.warnings.len() as u64).to_le_bytes());
        for w in &e.warnings {
            put_warning(&mut out, w);
        }
        out.extend_from_slice(&(e.vaults.len() as u64).to_le_bytes());
        for line in &e.vaults {
            put_bytes(&mut out, line.as_bytes());
        }
    }
    out
}

/// A warning: its position (a presence byte, then line, column, end line,
/// end column, span start and end), message, label, help and name.
fn put_warning(out: &mut Vec<u8>, w: &Warning) {
    match &w.at {
        Some(p) => {
            out.push(1);
            for n in [
                p.line,
                p.column,
                p.end_line,
                p.end_column,
                p.span.start,
                p.span.end,
            ] {
                out.extend_from_slice(&(n as u64).to_le_bytes());
            }
        }
        None => out.push(0),
    }
    put_bytes(out, w.message.as_bytes());
    for text in [w.label.as_deref(), w.help.as_deref(), w.code] {
        match text {
            Some(t) => {
                out.push(1);
                put_bytes(out, t.as_bytes());
            }
            None => out.push(0),
        }
    }
}

struct Cursor<'a>(&'a [u8]);

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let (head, rest) = self.0.split_at_checked(n)?;
        self.0 = rest;
        Some(head)
    }
    fn u64(&mut self) -> Option<u64> {
        Some(u64::from_le_bytes(self.take(8)?.try_into().ok()?))
    }
    fn bytes(&mut self) -> Option<&'a [u8]> {
        let n = usize::try_from(self.u64()?).ok()?;
        self.take(n)
    }
    fn text(&mut self) -> Option<String> {
        String::from_utf8(self.bytes()?.to_vec()).ok()
    }
    fn flag(&mut self) -> Option<bool> {
        match self.take(1)? {
            [0] => Some(false),
            [1] => Some(true),
            _ => None,
        }
    }
    fn usize(&mut self) -> Option<usize> {
        usize::try_from(self.u64()?).ok()
    }
    fn optional_text(&mut self) -> Option<Option<String>> {
        Some(match self.flag()? {
            true => Some(self.text()?),
            false => None,
        })
    }
    /// What [`put_warning`] wrote.
    fn warning(&mut self) -> Option<Warning> {
        let at = match self.flag()? {
            true => {
                let mut n = [0usize; 6];
                for v in &mut n {
                    *v = self.usize()?;
                }
                Some(Position::new(n[0], n[1], n[2], n[3], n[4]..n[5]))
            }
            false => None,
        };
        let message = self.text()?;
        let label = self.optional_text()?;
        let help = self.optional_text()?;
        // A name this levbuild does not know makes the pack unusable.
        let code = match self.optional_text()? {
            Some(name) => Some(crate::diag::warning_name(&name).ok()?),
            None => None,
        };
        Some(Warning::new(PathBuf::new(), at, message, label, help, code))
    }
}

fn decode(payload: &[u8]) -> Option<HashMap<blake3::Hash, Arc<Entry>>> {
    let mut c = Cursor(payload);
    let mut entries = HashMap::new();
    for _ in 0..c.u64()? {
        let key = blake3::Hash::from_bytes(c.take(32)?.try_into().ok()?);
        let mut e = Entry::default();
        for _ in 0..c.u64()? {
            let name = c.text()?;
            e.outputs.push((name, c.bytes()?.into()));
        }
        for _ in 0..c.u64()? {
            e.warnings.push(c.warning()?);
        }
        for _ in 0..c.u64()? {
            e.vaults.push(c.text()?);
        }
        entries.insert(key, Arc::new(e));
    }
    c.0.is_empty().then_some(entries)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(pack: &Pack, key: &blake3::Hash) -> Option<Entry> {
        pack.entries()
            .find(|(k, _)| *k == key)
            .map(|(_, e)| (**e).clone())
    }

    #[test]
    fn temp_file_names_give_their_process() {
        assert_eq!(temp_file_pid(".alpha.lev.1234.7.tmp"), Some(1234));
        assert_eq!(temp_file_pid("..levbuild-set.99.0.tmp"), Some(99));
        assert_eq!(temp_file_pid(".x.tmp"), None);
        assert_eq!(temp_file_pid("alpha.lev.1234.7.tmp"), None);
        assert_eq!(temp_file_pid("..1.2.tmp"), None);
        if cfg!(unix) {
            assert!(process_is_running(std::process::id()));
            assert!(!process_is_running(u32::MAX));
        }
    }

    #[test]
    fn packs_round_trip_and_damage_is_detected() {
        let dir = std::env::temp_dir().join(format!("levbuild-cache-unit-{}", std::process::id()));
        let cache = Cache::new(dir.clone());
        let set = blake3::hash(b"set");
        let (k1, k2) = (blake3::hash(b"k1"), blake3::hash(b"k2"));
        let e = Entry {
            outputs: vec![("a".into(), Arc::from([1, 2, 3].as_slice()))],
            warnings: vec![
                Warning::new(
                    PathBuf::new(),
                    Some(Position::new(1, 2, 1, 5, 1..4)),
                    "w".into(),
                    Some("here".into()),
                    None,
                    Some("number-read-as"),
                ),
                Warning::about(PathBuf::new(), "dungeon-missing-level", "whole".into()),
            ],
            vaults: vec!["0 200 vlt-0000\n".into()],
        };
        assert_eq!(get(&cache.load(&set), &k1), None);
        cache
            .save(&set, &[(k1, &e), (k2, &Entry::default())])
            .unwrap();
        let pack = cache.load(&set);
        assert_eq!(get(&pack, &k1), Some(e.clone()));
        assert!(pack.holds_exactly(&[k2, k1]) && !pack.holds_exactly(&[k1]));
        // Identical entries for another set share the pack.
        let twin = blake3::hash(b"twin");
        cache
            .save(&twin, &[(k1, &e), (k2, &Entry::default())])
            .unwrap();
        let packs = |ext: &str| {
            std::fs::read_dir(&dir)
                .unwrap()
                .filter(|f| {
                    f.as_ref()
                        .unwrap()
                        .path()
                        .extension()
                        .is_some_and(|x| x == ext)
                })
                .count()
        };
        assert_eq!((packs("pack"), packs("entries")), (2, 1));
        // Pruning keeps only what the sets still built refer to.
        cache.prune(&[set]);
        assert_eq!((packs("pack"), packs("entries")), (1, 1));
        assert_eq!(get(&cache.load(&set), &k1), Some(e.clone()));
        cache.prune(&[]);
        assert_eq!((packs("pack"), packs("entries")), (0, 0));
        cache
            .save(&set, &[(k1, &e), (k2, &Entry::default())])
            .unwrap();
        let path = cache.pack_path(&cache.referenced(&set).unwrap());
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(get(&cache.load(&set), &k1), None, "flipped byte");
        std::fs::write(&path, &bytes[..20]).unwrap();
        assert_eq!(get(&cache.load(&set), &k1), None, "truncated");
        // Saving again repairs the damaged shared pack.
        cache.save(&set, &[(k1, &e)]).unwrap();
        cache
            .save(&twin, &[(k1, &e), (k2, &Entry::default())])
            .unwrap();
        assert_eq!(get(&cache.load(&twin), &k1), Some(e));
        let _ = std::fs::remove_dir_all(dir);
    }
}
