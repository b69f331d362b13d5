//! Writing outputs: atomically, only when the bytes changed, never outside
//! the output directory; removing outputs whose source went away, but only
//! files levbuild itself wrote (listed in the manifest).

use std::collections::{BTreeMap, HashMap};
use std::path::{Component, Path, PathBuf};
use std::time::UNIX_EPOCH;

use super::cache::write_atomic;
use super::error::{Error, ErrorKind};
use super::stamp::{self, Stamp};

/// The file in the output directory that lists what levbuild wrote.
pub(crate) const MANIFEST: &str = ".levbuild-manifest";
const HEADER: &str = "levbuild manifest 1";

/// What is known of a written file.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Record {
    /// The content's identity (see [`Outputs::put`]).
    hash: String,
    size: u64,
    mtime: u128,
}

/// The outputs of one build in one output directory.
pub(crate) struct Outputs {
    dir: PathBuf,
    old: HashMap<String, Record>,
    new: BTreeMap<String, Record>,
    /// Generated files with the hash of the inputs they were made from,
    /// as of the last build and as of this one.
    old_keys: HashMap<String, String>,
    keys: BTreeMap<String, String>,
    /// Sources with their stamp and cache key, as of the last build and
    /// this one.
    old_sources: HashMap<String, (Stamp, String)>,
    sources: BTreeMap<String, (Stamp, String)>,
    /// When the build that wrote the manifest started, and this one.
    old_started: u128,
    started: u128,
    /// Files written by this build.
    pub written: Vec<PathBuf>,
    /// Outputs already up to date.
    pub unchanged: usize,
}

fn mtime_of(meta: &std::fs::Metadata) -> u128 {
    meta.modified()
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos())
}

impl Outputs {
    /// Reads the manifest of `dir` (a missing or damaged one lists nothing).
    pub(crate) fn open(dir: &Path) -> Self {
        let mut old = HashMap::new();
        let started = stamp::now_ns();
        let mut old_keys = HashMap::new();
        let mut old_sources = HashMap::new();
        let mut old_started = 0;
        if let Ok(text) = std::fs::read_to_string(dir.join(MANIFEST)) {
            let mut lines = text.lines();
            if lines.next() == Some(HEADER) {
                for line in lines {
                    if let Some(rest) = line.strip_prefix("started ") {
                        old_started = rest.parse().unwrap_or(0);
                        continue;
                    }
                    if let Some(rest) = line.strip_prefix("source ") {
                        let f: Vec<&str> = rest.splitn(6, ' ').collect();
                        if let (Some(st), Some(key), Some(path)) = (
                            Stamp::from_fields(f.get(..4).unwrap_or(&[])),
                            f.get(4),
                            f.get(5),
                        ) {
                            old_sources.insert(path.to_string(), (st, key.to_string()));
                        }
                        continue;
                    }
                    if let Some(rest) = line.strip_prefix("generated ") {
                        if let Some((key, rel)) = rest.split_once(' ') {
                            old_keys.insert(rel.to_string(), key.to_string());
                        }
                        continue;
                    }
                    let mut f = line.splitn(4, ' ');
                    let (Some(hash), Some(size), Some(mtime), Some(rel)) =
                        (f.next(), f.next(), f.next(), f.next())
                    else {
                        continue;
                    };
                    let (Ok(size), Ok(mtime)) = (size.parse(), mtime.parse()) else {
                        continue;
                    };
                    old.insert(
                        rel.to_string(),
                        Record {
                            hash: hash.to_string(),
                            size,
                            mtime,
                        },
                    );
                }
            }
        }
        Outputs {
            dir: dir.to_path_buf(),
            old,
            new: BTreeMap::new(),
            old_keys,
            keys: BTreeMap::new(),
            old_sources,
            sources: BTreeMap::new(),
            old_started,
            started,
            written: Vec::new(),
            unchanged: 0,
        }
    }

    /// `rel` joined to the output directory, refusing anything that could
    /// leave it (absolute paths, `..`, prefixes).
    fn target(&self, rel: &str) -> Result<PathBuf, Error> {
        let p = Path::new(rel);
        if rel.is_empty() || !p.components().all(|c| matches!(c, Component::Normal(_))) {
            return Err(Error::new(ErrorKind::Config(format!(
                "refusing to write {rel:?}: not a plain path inside the output directory"
            ))));
        }
        Ok(self.dir.join(p))
    }

    /// The cache key recorded for the source at `path` if its stamp proves
    /// it unchanged since (see [`super::stamp`]).
    pub(crate) fn known_key(&self, path: &str, now: &Stamp) -> Option<&str> {
        let (old, key) = self.old_sources.get(path)?;
        old.proves_unchanged(now, self.old_started)
            .then_some(key.as_str())
    }

    /// Records a compiled source's stamp and key for the next build.
    pub(crate) fn record_source(&mut self, path: &str, stamp: Stamp, key: &str) {
        self.sources
            .insert(path.to_string(), (stamp, key.to_string()));
    }

    /// True when the generated file `rel` was made from inputs hashing to
    /// `key` and is still on disk as written: it can stay as it is (and is
    /// counted unchanged). Records `key` for the manifest either way.
    pub(crate) fn is_current(&mut self, rel: &str, key: &str) -> bool {
        self.keys.insert(rel.to_string(), key.to_string());
        if self.old_keys.get(rel).map(String::as_str) != Some(key) {
            return false;
        }
        let (Some(r), Ok(meta)) = (self.old.get(rel), std::fs::metadata(self.dir.join(rel))) else {
            return false;
        };
        if r.size != meta.len() || r.mtime != mtime_of(&meta) {
            return false;
        }
        self.new.insert(rel.to_string(), r.clone());
        self.unchanged += 1;
        true
    }

    /// Makes `rel` hold `bytes`, writing only if it does not already.
    /// `identity` names the content: equal identities mean equal bytes (a
    /// hash of whatever determined them), so an output the manifest lists
    /// with the same identity, size and mtime is not even read.
    pub(crate) fn put(&mut self, rel: &str, bytes: &[u8], identity: &str) -> Result<(), Error> {
        let path = self.target(rel)?;
        let hash = identity.to_string();
        let meta = std::fs::metadata(&path).ok();
        if let Some(meta) = &meta {
            let size = meta.len();
            let mtime = mtime_of(meta);
            let known = self
                .old
                .get(rel)
                .is_some_and(|r| r.hash == hash && r.size == size && r.mtime == mtime);
            if known
                || (size == bytes.len() as u64 && std::fs::read(&path).is_ok_and(|b| b == bytes))
            {
                self.unchanged += 1;
                self.new
                    .insert(rel.to_string(), Record { hash, size, mtime });
                return Ok(());
            }
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
        }
        write_atomic(&path, bytes).map_err(|e| Error::io(&path, e))?;
        let meta = std::fs::metadata(&path).map_err(|e| Error::io(&path, e))?;
        self.new.insert(
            rel.to_string(),
            Record {
                hash,
                size: meta.len(),
                mtime: mtime_of(&meta),
            },
        );
        self.written.push(path);
        Ok(())
    }

    /// Removes what an earlier build wrote and this one did not, and saves
    /// the manifest if it changed. Returns the removed files.
    pub(crate) fn finish(self) -> Result<(Vec<PathBuf>, Vec<PathBuf>, usize), Error> {
        let mut removed = Vec::new();
        let mut stale: Vec<&String> = self
            .old
            .keys()
            .filter(|k| !self.new.contains_key(*k))
            .collect();
        stale.sort();
        for rel in stale {
            let Ok(path) = self.target(rel) else { continue };
            match std::fs::remove_file(&path) {
                Ok(()) => removed.push(path),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(Error::io(&path, e)),
            }
        }
        let unchanged_manifest = self.old.len() == self.new.len()
            && self.new.iter().all(|(k, r)| self.old.get(k) == Some(r))
            && self.old_keys.len() == self.keys.len()
            && self
                .keys
                .iter()
                .all(|(k, v)| self.old_keys.get(k) == Some(v));
        if !unchanged_manifest {
            let mut text = String::from(HEADER);
            text.push('\n');
            text.push_str(&format!("started {}\n", self.started));
            for (path, (st, key)) in &self.sources {
                text.push_str(&format!("source {} {key} {path}\n", st.to_fields()));
            }
            for (rel, key) in &self.keys {
                text.push_str(&format!("generated {key} {rel}\n"));
            }
            for (rel, r) in &self.new {
                text.push_str(&format!("{} {} {} {rel}\n", r.hash, r.size, r.mtime));
            }
            std::fs::create_dir_all(&self.dir).map_err(|e| Error::io(&self.dir, e))?;
            let path = self.dir.join(MANIFEST);
            write_atomic(&path, text.as_bytes()).map_err(|e| Error::io(&path, e))?;
        }
        Ok((self.written, removed, self.unchanged))
    }
}
