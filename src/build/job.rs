//! One source's share of a build: first a *probe* (is it proven unchanged,
//! with its outputs still as written?), then, for the level sets where
//! something changed, its result from the cache or from the compiler.

use std::path::Path;
use std::sync::Arc;

use super::cache::Entry;
use super::discover::{OutputPath, Source};
use super::output::{Identity, OutputRecord, Outputs, Record, SourceRecord};
use super::stamp::Stamp;
use super::stat_dir::StatDir;
use super::warning::Warning;
use crate::diag::Diagnostics;
use crate::dungeon::RequiredLevel;
use crate::game::Game;
use crate::layout::Layout;

/// One source of one set, as the build goes through it.
#[derive(Clone, Copy)]
pub(crate) struct Job<'a> {
    pub set: usize,
    pub source: &'a Source,
}

/// The options that change what a source compiles to.
pub(crate) struct Options {
    pub extra_warnings: bool,
    pub game: Arc<Game>,
    pub layout: Layout,
    /// A hash of the above and of levbuild's version.
    pub fingerprint: blake3::Hash,
}

impl Options {
    /// The options, with their fingerprint.
    pub(crate) fn new(extra_warnings: bool, game: Arc<Game>, layout: Layout) -> Self {
        let mut h = blake3::Hasher::new();
        h.update(b"levbuild options\0");
        h.update(env!("CARGO_PKG_VERSION").as_bytes());
        h.update(&[0, u8::from(extra_warnings)]);
        h.update(layout.name().as_bytes());
        h.update(&[0]);
        h.update(game.dialect().as_str().as_bytes());
        h.update(&[0]);
        h.update(game.fingerprint().as_bytes());
        Options {
            extra_warnings,
            game,
            layout,
            fingerprint: h.finalize(),
        }
    }

    /// The cache key of a source: everything its result depends on. The
    /// file's path is not part of it (warnings are stored without it), so
    /// identical files in several sets are compiled once; a dungeon's
    /// output is named after its file, so that name is.
    fn cache_key(&self, source: &Source, bytes: &[u8]) -> blake3::Hash {
        let mut h = blake3::Hasher::new();
        h.update(b"levbuild cache key\0");
        h.update(self.fingerprint.as_bytes());
        source.language.key_into(&mut h, &source.rel);
        h.update(b"\0source\0");
        h.update(bytes);
        h.finalize()
    }
}

/// One source's result.
pub(crate) struct Done {
    /// The cache key: what the outputs are a function of.
    pub key: blake3::Hash,
    /// The source's stamp when it was looked at.
    pub stamp: Option<Stamp>,
    /// False if it was compiled by this build.
    pub from_cache: bool,
    pub outputs: Vec<Output>,
    pub warnings: Vec<Warning>,
    /// For a dungeon file, the level files it needs.
    pub needs: Vec<RequiredLevel>,
    /// Its random vaults' lines of the set's `vaults.dat`.
    pub vaults: Vec<String>,
    /// The cache entry it was made from (none when the manifest proved it).
    pub entry: Option<Arc<Entry>>,
}

/// One output of a source.
pub(crate) struct Output {
    /// Its name and file.
    pub path: OutputPath,
    /// The hash of the content.
    pub identity: Identity,
    pub content: Content,
}

/// An output's bytes, or the proof that its file already holds them.
pub(crate) enum Content {
    Bytes(Arc<[u8]>),
    OnDisk(Record),
}

impl Output {
    /// The bytes, read back from the output directory if need be (and
    /// checked against the recorded hash).
    pub(crate) fn bytes(&self, out_dir: &Path) -> std::io::Result<std::borrow::Cow<'_, [u8]>> {
        match &self.content {
            Content::Bytes(b) => Ok(std::borrow::Cow::Borrowed(b)),
            Content::OnDisk(_) => {
                let b = std::fs::read(out_dir.join(self.path.file()))?;
                if Identity::of(&b) == self.identity {
                    Ok(b.into())
                } else {
                    Err(std::io::Error::new(
                        std::io::ErrorKind::InvalidData,
                        "changed by something else since levbuild wrote it (its size and time \
                         did not show it); levbuild forgot this set's record: build again to \
                         restore it",
                    ))
                }
            }
        }
    }
}

impl Done {
    /// What the next build needs to know of this source.
    pub(crate) fn record(&self) -> Option<SourceRecord> {
        Some(SourceRecord {
            stamp: self.stamp?,
            key: self.key,
            outputs: self
                .outputs
                .iter()
                .map(|o| OutputRecord {
                    path: o.path.clone(),
                    record: match o.content {
                        Content::OnDisk(r) => Some(r),
                        Content::Bytes(_) => None,
                    },
                })
                .collect(),
            // The record's warnings are its source's: no file of their own.
            warnings: self
                .warnings
                .iter()
                .map(|w| w.for_file(std::path::PathBuf::new()))
                .collect(),
            needs: self.needs.clone(),
            vaults: self.vaults.clone(),
        })
    }
}

/// What the manifest proves about a source without reading it.
pub(crate) enum Probe {
    /// Unchanged, and its outputs are still as written.
    Known(Done),
    /// Unchanged, but its outputs must be produced again.
    Stamped(Stamp, blake3::Hash),
    /// To be read (with its stamp, if it has one).
    Unknown(Option<Stamp>),
}

/// What can go wrong with one file without stopping the others.
pub(crate) enum FileFailure {
    Io(std::path::PathBuf, std::io::Error),
    Diagnostics(Diagnostics),
}

/// What looking at a source through the last build's manifest found
/// (see [`look`]), before its record is taken (see [`probe`]).
pub(crate) enum Look {
    /// Unchanged, its outputs as written: its record can be taken.
    Proven(Stamp, blake3::Hash),
    /// Anything else, as it will be probed.
    Other(Probe),
}

/// Looks at `source` (in `source_dir`, of the set whose outputs go under
/// `prefix`) through the last build's manifest: its stamp, and its
/// outputs' files if the stamp proves it unchanged. Reads only, so the
/// sources of a large set are looked at on every core (thousands of
/// `stat` calls); [`probe`] then takes the record of each proven one.
pub(crate) fn look(
    source: &Source,
    source_dir: &StatDir,
    prefix: &str,
    outputs: &Outputs,
    options: &Options,
) -> Look {
    let Some(stamp) = source_dir
        .stat_path(&source.path)
        .and_then(|info| Stamp::of(&info))
    else {
        return Look::Other(Probe::Unknown(None));
    };
    let path = source.path.to_string_lossy();
    let Some((record, proven)) = outputs.recorded_source(&path, &stamp) else {
        return Look::Other(Probe::Unknown(Some(stamp)));
    };
    let key = record.key;
    // The same stamp, but recorded too close to a change to prove anything
    // (coarse clocks): the content decides. A build does not rewrite its
    // manifest for this alone, so such a source is read until the next
    // real change; files written just before a build are few.
    let racy = !proven && record.stamp == stamp;
    if !proven && !racy {
        return Look::Other(Probe::Unknown(Some(stamp)));
    }
    let intact = record.outputs.iter().all(|o| {
        o.record.is_some_and(|r| {
            o.path.is_for(prefix, source.language) && outputs.is_intact(o.path.file(), &r)
        })
    });
    if !intact {
        return Look::Other(match proven {
            true => Probe::Stamped(stamp, key),
            false => Probe::Unknown(Some(stamp)),
        });
    }
    if racy
        && !read_source(&source.path).is_ok_and(|bytes| options.cache_key(source, &bytes) == key)
    {
        return Look::Other(Probe::Unknown(Some(stamp)));
    }
    Look::Proven(stamp, key)
}

/// What the manifest proves about `source` given what [`look`] found:
/// takes the source's record from it if it is proven unchanged with its
/// outputs intact.
pub(crate) fn probe(source: &Source, look: Look, outputs: &mut Outputs) -> Probe {
    let (stamp, key) = match look {
        Look::Proven(stamp, key) => (stamp, key),
        Look::Other(probe) => return probe,
    };
    let path = source.path.to_string_lossy();
    let Some(record) = outputs.take_source(&path) else {
        return Probe::Stamped(stamp, key);
    };
    Probe::Known(Done {
        key,
        stamp: Some(stamp),
        from_cache: true,
        outputs: record
            .outputs
            .into_iter()
            .filter_map(|o| {
                let r = o.record?;
                Some(Output {
                    path: o.path,
                    identity: r.hash,
                    content: Content::OnDisk(r),
                })
            })
            .collect(),
        warnings: record
            .warnings
            .iter()
            .map(|w| w.for_file(source.path.clone()))
            .collect(),
        needs: record.needs,
        vaults: record.vaults,
        entry: None,
    })
}

/// A source whose cache key is known.
pub(crate) struct Identified {
    pub stamp: Option<Stamp>,
    pub key: blake3::Hash,
    /// The content, if it had to be read to learn the key.
    pub bytes: Option<Vec<u8>>,
}

/// The cache key of `source`: from the manifest if its stamp proves it
/// unchanged (no read), else from its content.
pub(crate) fn identify(
    source: &Source,
    probe: Probe,
    options: &Options,
) -> Result<Identified, FileFailure> {
    match probe {
        Probe::Known(done) => Ok(Identified {
            stamp: done.stamp,
            key: done.key,
            bytes: None,
        }),
        Probe::Stamped(stamp, key) => Ok(Identified {
            stamp: Some(stamp),
            key,
            bytes: None,
        }),
        Probe::Unknown(stamp) => read(source, stamp, options),
    }
}

/// Reads `source` and computes its key.
pub(crate) fn read(
    source: &Source,
    stamp: Option<Stamp>,
    options: &Options,
) -> Result<Identified, FileFailure> {
    let bytes = read_source(&source.path)?;
    Ok(Identified {
        stamp,
        key: options.cache_key(source, &bytes),
        bytes: Some(bytes),
    })
}

/// The bytes of the source file at `path`. A file larger than
/// [`crate::MAX_SOURCE_BYTES`] is an error of that file, reported with the
/// other files' errors as `check FILE` and `lev-comp` report it.
pub(crate) fn read_source(path: &Path) -> Result<Vec<u8>, FileFailure> {
    let io = |e| FileFailure::Io(path.to_path_buf(), e);
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    {
        use std::io::Read;
        let mut limited = file.take(crate::MAX_SOURCE_BYTES + 1);
        limited.read_to_end(&mut bytes).map_err(io)?;
    }
    if bytes.len() as u64 > crate::MAX_SOURCE_BYTES {
        let mut report = crate::diag::Reporter::default();
        report.error(0..0, crate::source_too_large());
        return Err(FileFailure::Diagnostics(
            report.finish(&path.to_string_lossy(), ""),
        ));
    }
    Ok(bytes)
}

/// Compiles `source` (whose content is `bytes`) into a cache entry.
pub(crate) fn compile(
    source: &Source,
    bytes: &[u8],
    options: &Options,
) -> Result<Entry, FileFailure> {
    let shown = source.path.to_string_lossy();
    let text = crate::text::decode(bytes);
    // Warnings are stored without the file name, which each file with
    // this content gets back in `from_entry`.
    let (outputs, warnings, vaults) = source
        .language
        .compile(
            &text,
            &shown,
            &source.rel,
            &options.game,
            options.layout,
            options.extra_warnings,
        )
        .map_err(FileFailure::Diagnostics)?;
    Ok(Entry {
        outputs,
        warnings,
        vaults,
    })
}

/// The result of `source` (of the set whose outputs go under `prefix`)
/// from a cache entry of its content.
pub(crate) fn from_entry(
    source: &Source,
    prefix: &str,
    id: Identified,
    entry: Arc<Entry>,
    from_cache: bool,
    options: &Options,
) -> Done {
    let needs = source
        .language
        .needs(&entry.outputs, &options.game, options.layout);
    let outputs = entry
        .outputs
        .iter()
        .map(|(name, bytes)| Output {
            path: OutputPath::new(prefix, source.language, name),
            identity: Identity::of(bytes),
            content: Content::Bytes(Arc::clone(bytes)),
        })
        .collect();
    Done {
        key: id.key,
        stamp: id.stamp,
        from_cache,
        outputs,
        warnings: entry
            .warnings
            .iter()
            .map(|w| w.for_file(source.path.clone()))
            .collect(),
        needs,
        vaults: entry.vaults.clone(),
        entry: Some(entry),
    }
}
