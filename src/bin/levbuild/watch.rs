//! `--watch` (`build`, `check`, `gallery`): the source directories watched
//! with the platform's file-system notifications (`notify`), and a new run
//! once a source may have changed and the changes have settled.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

use anyhow::{Context, Result};
use notify::{Event, EventKind, RecursiveMode, Watcher};

/// How long the files must be left alone after a change before a run: an
/// editor's save or a checkout is many events.
const SETTLE: Duration = Duration::from_millis(150);

/// The extensions of the files whose change starts a run: sources, and a
/// game tree's headers and C files (its identity).
const WATCHED_EXTENSIONS: [&str; 4] = ["des", "def", "h", "c"];

/// Watched directories.
pub struct Watch {
    _watcher: notify::RecommendedWatcher,
    events: Receiver<notify::Result<Event>>,
    /// The output directory: what a run writes there changes nothing.
    out: PathBuf,
}

impl Watch {
    /// Watches `dirs` (and everything below them) for changes of sources;
    /// what happens in `out` is not one.
    pub fn new(dirs: &[PathBuf], out: &Path) -> Result<Self> {
        let (send, events) = channel();
        let mut watcher = notify::recommended_watcher(send).context("cannot watch for changes")?;
        for dir in dirs {
            watcher
                .watch(dir, RecursiveMode::Recursive)
                .with_context(|| format!("cannot watch {}", dir.display()))?;
        }
        Ok(Watch {
            _watcher: watcher,
            events,
            out: absolute(out),
        })
    }

    /// Waits for a change of a source, then for the changes to settle;
    /// returns the files that changed.
    pub fn next_change(&self) -> Result<Vec<PathBuf>> {
        let mut changed = Vec::new();
        loop {
            let event = match changed.is_empty() {
                true => self
                    .events
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
                false => self.events.recv_timeout(SETTLE),
            };
            match event {
                Ok(event) => changed.extend(self.sources_in(event?)),
                Err(RecvTimeoutError::Timeout) => {
                    changed.sort();
                    changed.dedup();
                    return Ok(changed);
                }
                Err(RecvTimeoutError::Disconnected) => {
                    anyhow::bail!("the file-system watcher stopped")
                }
            }
        }
    }

    /// The source files `event` changed.
    fn sources_in(&self, event: Event) -> Vec<PathBuf> {
        if matches!(event.kind, EventKind::Access(_)) {
            return Vec::new();
        }
        (event.paths.into_iter())
            .filter(|p| !absolute(p).starts_with(&self.out))
            .filter(|p| {
                p.extension()
                    .and_then(|x| x.to_str())
                    .is_some_and(|x| WATCHED_EXTENSIONS.contains(&x))
            })
            .collect()
    }
}

/// `path` made absolute without touching the file system (it may be gone).
fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}
