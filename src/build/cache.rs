//! The content-hash cache. An entry is keyed by the blake3 hash of
//! everything that determines a file's result (levbuild's version, the
//! options that change output, the file's name in messages, its bytes)
//! and holds the outputs and the rendered warnings.
//!
//! Entries are written to a temporary file and renamed into place, so a
//! build killed at any point leaves either no entry or a whole one, and
//! builds sharing a cache directory never see half an entry. Each entry
//! carries a hash of its payload: a corrupted or truncated entry is
//! ignored (and rewritten), never trusted.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// What a compiled file produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entry {
    /// `(output file name, bytes)`.
    pub outputs: Vec<(String, Vec<u8>)>,
    /// Warnings, one `file:line:col: warning: …` line each.
    pub warnings_short: Vec<String>,
    /// Warnings drawn with their source lines.
    pub warnings_rendered: String,
}

const MAGIC: &[u8; 8] = b"LVBCACH1";

/// A cache directory.
#[derive(Clone, Debug)]
pub(crate) struct Cache {
    dir: PathBuf,
}

impl Cache {
    pub(crate) fn new(dir: PathBuf) -> Self {
        Cache { dir }
    }

    fn path(&self, key: &blake3::Hash) -> PathBuf {
        let hex = key.to_hex();
        self.dir.join(&hex[..2]).join(&hex[2..])
    }

    /// The entry for `key`, if a whole and intact one exists.
    pub(crate) fn get(&self, key: &blake3::Hash) -> Option<Entry> {
        let bytes = std::fs::read(self.path(key)).ok()?;
        let rest = bytes.strip_prefix(MAGIC)?;
        let (sum, payload) = rest.split_at_checked(32)?;
        if blake3::hash(payload).as_bytes() != sum {
            return None;
        }
        decode(payload)
    }

    /// Stores `entry` under `key`. Failure only costs a recompile later.
    pub(crate) fn put(&self, key: &blake3::Hash, entry: &Entry) -> std::io::Result<()> {
        let path = self.path(key);
        let dir = path.parent().unwrap_or(&self.dir);
        std::fs::create_dir_all(dir)?;
        let payload = encode(entry);
        let mut bytes = Vec::with_capacity(payload.len() + 40);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(blake3::hash(&payload).as_bytes());
        bytes.extend_from_slice(&payload);
        write_atomic(&path, &bytes)
    }
}

/// Writes `bytes` to `path` through a uniquely named temporary file in the
/// same directory and a rename.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let name = path
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.{}.{n}.tmp", std::process::id()));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

fn put_bytes(out: &mut Vec<u8>, b: &[u8]) {
    out.extend_from_slice(&(b.len() as u64).to_le_bytes());
    out.extend_from_slice(b);
}

fn encode(e: &Entry) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&(e.outputs.len() as u64).to_le_bytes());
    for (name, data) in &e.outputs {
        put_bytes(&mut out, name.as_bytes());
        put_bytes(&mut out, data);
    }
    out.extend_from_slice(&(e.warnings_short.len() as u64).to_le_bytes());
    for w in &e.warnings_short {
        put_bytes(&mut out, w.as_bytes());
    }
    put_bytes(&mut out, e.warnings_rendered.as_bytes());
    out
}

struct Cursor<'a>(&'a [u8]);

impl<'a> Cursor<'a> {
    fn u64(&mut self) -> Option<u64> {
        let (head, rest) = self.0.split_at_checked(8)?;
        self.0 = rest;
        Some(u64::from_le_bytes(head.try_into().ok()?))
    }
    fn bytes(&mut self) -> Option<&'a [u8]> {
        let n = usize::try_from(self.u64()?).ok()?;
        let (head, rest) = self.0.split_at_checked(n)?;
        self.0 = rest;
        Some(head)
    }
    fn text(&mut self) -> Option<String> {
        String::from_utf8(self.bytes()?.to_vec()).ok()
    }
}

fn decode(payload: &[u8]) -> Option<Entry> {
    let mut c = Cursor(payload);
    let mut e = Entry::default();
    for _ in 0..c.u64()? {
        let name = c.text()?;
        e.outputs.push((name, c.bytes()?.to_vec()));
    }
    for _ in 0..c.u64()? {
        e.warnings_short.push(c.text()?);
    }
    e.warnings_rendered = c.text()?;
    c.0.is_empty().then_some(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_damage_is_detected() {
        let dir = std::env::temp_dir().join(format!("levbuild-cache-unit-{}", std::process::id()));
        let cache = Cache::new(dir.clone());
        let key = blake3::hash(b"k");
        let e = Entry {
            outputs: vec![("a.lev".into(), vec![1, 2, 3])],
            warnings_short: vec!["w".into()],
            warnings_rendered: "r".into(),
        };
        assert_eq!(cache.get(&key), None);
        cache.put(&key, &e).unwrap();
        assert_eq!(cache.get(&key), Some(e));
        let path = cache.path(&key);
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(cache.get(&key), None, "flipped byte");
        std::fs::write(&path, &bytes[..20]).unwrap();
        assert_eq!(cache.get(&key), None, "truncated");
        let _ = std::fs::remove_dir_all(dir);
    }
}
