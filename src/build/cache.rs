//! The content-hash cache. An entry is keyed by the blake3 hash of
//! everything that determines a source's result (levbuild's version, the
//! options, game and layout that change output, a dungeon file's name,
//! which names its output, and the source's bytes; not its path: warnings
//! are stored without it) and holds the outputs and the warnings.
//!
//! Each entry is one file named by its key (`<key>.entry`): identical
//! sources in any number of level sets (variants share many) share one
//! entry, and an edit costs what the edited file costs: its new entry is
//! written and nothing else is read or rewritten. A build looks entries up
//! only for the sources its manifests cannot prove unchanged.
//!
//! Entries are written to a temporary file and renamed into place, so a
//! build killed at any point leaves either no entry or a whole one, and
//! builds sharing a cache directory never see half an entry. Each entry
//! carries a hash of its payload and its key: a corrupted, truncated or
//! misnamed entry is ignored (its source is recompiled and the entry
//! rewritten), never trusted. A cache that only one output directory uses
//! (the default, inside it) keeps only the entries of the sources it last
//! built: [`Cache::prune`] drops the rest after each build that changed it.

use std::collections::HashSet;
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

/// Version 5: one entry a file (the packs of a level set's entries of
/// versions 1 to 4, `*.entries` named by `*.pack`, are removed by
/// [`Cache::prune`]).
const MAGIC: &[u8; 8] = b"LVBENT05";
/// The file name extension of an entry.
const ENTRY_EXTENSION: &str = "entry";
/// The extensions of the files of earlier cache versions.
const LEGACY_EXTENSIONS: [&str; 2] = ["pack", "entries"];

/// A cache directory.
#[derive(Clone, Debug)]
pub(crate) struct Cache {
    dir: PathBuf,
}

impl Cache {
    pub(crate) fn new(dir: PathBuf) -> Self {
        Cache { dir }
    }

    /// The file of the entry under `key`.
    fn entry_path(&self, key: &blake3::Hash) -> PathBuf {
        self.dir.join(format!("{}.{ENTRY_EXTENSION}", key.to_hex()))
    }

    /// The entry under `key`; none if there is none or it is damaged.
    pub(crate) fn get(&self, key: &blake3::Hash) -> Option<Arc<Entry>> {
        let bytes = std::fs::read(self.entry_path(key)).ok()?;
        let rest = bytes.strip_prefix(MAGIC)?;
        let (sum, payload) = rest.split_at_checked(32)?;
        if blake3::hash(payload).as_bytes() != sum {
            return None;
        }
        let (stored_key, entry) = decode(payload)?;
        (stored_key == *key).then(|| Arc::new(entry))
    }

    /// Stores `entry` under `key`. Failure only costs a recompile later.
    pub(crate) fn put(&self, key: &blake3::Hash, entry: &Entry) -> std::io::Result<()> {
        let payload = encode(key, entry);
        let mut bytes = Vec::with_capacity(payload.len() + 40);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(blake3::hash(&payload).as_bytes());
        bytes.extend_from_slice(&payload);
        write_atomic(&self.entry_path(key), &bytes)
    }

    /// Keeps only the entries under `live` (and removes earlier cache
    /// versions' files): for a cache that no other output directory uses.
    pub(crate) fn prune(&self, live: &HashSet<blake3::Hash>) {
        let Ok(files) = std::fs::read_dir(&self.dir) else {
            return;
        };
        for f in files.flatten() {
            let name = f.file_name();
            let Some((stem, extension)) = name.to_str().and_then(|n| n.rsplit_once('.')) else {
                continue;
            };
            let stale = match extension {
                ENTRY_EXTENSION => {
                    blake3::Hash::from_hex(stem).map_or(true, |key| !live.contains(&key))
                }
                _ => LEGACY_EXTENSIONS.contains(&extension),
            };
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

/// Removes the temporary files of [`write_atomic`] that a killed build left
/// in `dir`: those whose process is gone (a running build's are kept).
pub(crate) fn remove_stale_temp_files(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        if is_stale_temp_file(&e.file_name()) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Whether `name` is a [`write_atomic`] temporary file of a process that
/// is gone.
pub(crate) fn is_stale_temp_file(name: &std::ffi::OsStr) -> bool {
    name.to_str()
        .and_then(temp_file_pid)
        .is_some_and(|pid| !process_is_running(pid))
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
pub(crate) fn process_is_running(pid: u32) -> bool {
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
pub(crate) fn process_is_running(_pid: u32) -> bool {
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

/// An entry's payload: its key, then its outputs, warnings and vault lines.
fn encode(key: &blake3::Hash, e: &Entry) -> Vec<u8> {
    let mut out = Vec::new();
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

/// What [`encode`] wrote: the key and the entry.
fn decode(payload: &[u8]) -> Option<(blake3::Hash, Entry)> {
    let mut c = Cursor(payload);
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
    c.0.is_empty().then_some((key, e))
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn entries_round_trip_and_damage_is_detected() {
        let dir = std::env::temp_dir().join(format!("levbuild-cache-unit-{}", std::process::id()));
        let cache = Cache::new(dir.clone());
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
        assert_eq!(cache.get(&k1), None);
        cache.put(&k1, &e).unwrap();
        cache.put(&k2, &Entry::default()).unwrap();
        assert_eq!(cache.get(&k1).as_deref(), Some(&e));
        assert_eq!(cache.get(&k2).as_deref(), Some(&Entry::default()));
        let files = |ext: &str| {
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
        // Pruning keeps only the live entries, and drops earlier versions'
        // packs and everything not named by a key.
        std::fs::write(dir.join("0123.pack"), b"LVBREF01").unwrap();
        std::fs::write(dir.join("not-a-key.entry"), b"x").unwrap();
        std::fs::write(dir.join("probe-output.txt"), b"kept").unwrap();
        cache.prune(&HashSet::from([k1]));
        assert_eq!((files("entry"), files("pack"), files("txt")), (1, 0, 1));
        assert_eq!(cache.get(&k1).as_deref(), Some(&e));
        assert_eq!(cache.get(&k2), None);
        // A damaged entry is ignored, and a put repairs it.
        let path = cache.entry_path(&k1);
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(cache.get(&k1), None, "flipped byte");
        std::fs::write(&path, &bytes[..20]).unwrap();
        assert_eq!(cache.get(&k1), None, "truncated");
        cache.put(&k1, &e).unwrap();
        assert_eq!(cache.get(&k1).as_deref(), Some(&e));
        // An intact entry under another key's name is not that key's.
        std::fs::copy(&path, cache.entry_path(&k2)).unwrap();
        assert_eq!(cache.get(&k2), None, "misnamed");
        let _ = std::fs::remove_dir_all(dir);
    }
}
