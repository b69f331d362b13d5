//! A writing build's claim on its output directory, so that what a killed
//! build left there is found without listing every directory on every
//! build.
//!
//! Every file levbuild writes goes through a temporary file
//! (`.NAME.PID.N.tmp`, see [`super::cache::write_atomic`]) renamed into
//! place; a build killed between the two leaves it behind. A build that
//! writes first puts a marker naming its process in `.levbuild-writers/`
//! and removes it after its last write, so a marker whose process is gone
//! is a build that was killed while writing. Only then (or when the
//! marker directory is new: an output directory of an older levbuild, or
//! one whose markers were deleted) does a build sweep the output directory
//! (and the default cache inside it) for temporary files of processes that
//! are gone. An edit of a set of thousands of files no longer reads every
//! directory it writes in.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use super::cache::{is_stale_temp_file, process_is_running, remove_stale_temp_files};

/// The directory of the markers, in the output directory.
pub(crate) const WRITERS: &str = ".levbuild-writers";

/// One build's claim on an output directory (see the module's doc).
#[derive(Debug)]
pub(crate) struct Claim {
    /// The output directory.
    dir: PathBuf,
    /// The default cache, inside it (its own directory of entries).
    cache: Option<PathBuf>,
    /// The markers of killed builds seen when the claim was made: they go
    /// once the sweep is done.
    dead: Vec<PathBuf>,
    /// This build's marker, once it has one (`None` if it could not be
    /// made: then every write sweeps nothing and the next build does).
    marker: OnceLock<Option<PathBuf>>,
}

impl Claim {
    /// The claim of a build writing in `dir` (with its default `cache`
    /// inside it, if it uses it), not yet taken: this only reads the
    /// markers.
    pub(crate) fn new(dir: &Path, cache: Option<&Path>) -> Claim {
        let dead = match std::fs::read_dir(dir.join(WRITERS)) {
            Ok(entries) => (entries.flatten())
                .filter(|e| marker_pid(&e.file_name()).is_some_and(|p| !process_is_running(p)))
                .map(|e| e.path())
                .collect(),
            Err(_) => Vec::new(),
        };
        Claim {
            dir: dir.to_path_buf(),
            cache: cache.map(Path::to_path_buf),
            dead,
            marker: OnceLock::new(),
        }
    }

    /// Takes the claim now if a build was killed while writing here, so
    /// that even a build that writes nothing removes what it left.
    pub(crate) fn take_if_a_build_was_killed(&self) {
        if !self.dead.is_empty() {
            self.take();
        }
    }

    /// Marks the output directory as being written by this build, sweeping
    /// it first if a build was killed while writing there. Call before the
    /// first write; later calls cost nothing.
    pub(crate) fn take(&self) {
        self.marker.get_or_init(|| {
            let writers = self.dir.join(WRITERS);
            let new_directory = match std::fs::create_dir(&writers) {
                Ok(()) => true,
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => false,
                Err(_) => match std::fs::create_dir_all(&writers) {
                    Ok(()) => true,
                    Err(_) => return None,
                },
            };
            let marker = writers.join(marker_name());
            let made = std::fs::File::options()
                .write(true)
                .create_new(true)
                .open(&marker)
                .is_ok();
            if new_directory || !self.dead.is_empty() {
                remove_stale_temp_files_below(&self.dir);
                if let Some(cache) = &self.cache {
                    remove_stale_temp_files(cache);
                }
                for m in &self.dead {
                    let _ = std::fs::remove_file(m);
                }
            }
            made.then_some(marker)
        });
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        if let Some(Some(marker)) = self.marker.get() {
            let _ = std::fs::remove_file(marker);
        }
    }
}

/// A marker's name: the process id and a number that tells apart the
/// builds of one process (`PID.N`).
fn marker_name() -> String {
    static BUILDS: AtomicU64 = AtomicU64::new(0);
    let n = BUILDS.fetch_add(1, Ordering::Relaxed);
    format!("{}.{n}", std::process::id())
}

/// The process id a marker names.
fn marker_pid(name: &std::ffi::OsStr) -> Option<u32> {
    let (pid, n) = name.to_str()?.split_once('.')?;
    n.parse::<u64>().ok()?;
    pid.parse().ok()
}

/// Removes what killed builds left in `home` and in its directories of
/// levbuild's files (`levels.c.d/`, the level sets, the outputs of sources
/// in subdirectories), each directory read once; hidden directories (the
/// cache, the markers) are not entered.
fn remove_stale_temp_files_below(home: &Path) {
    let hidden_dir = |e: &walkdir::DirEntry| {
        e.file_type().is_dir() && e.file_name().to_string_lossy().starts_with('.')
    };
    let files = walkdir::WalkDir::new(home)
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !hidden_dir(e))
        .flatten()
        .filter(|e| e.file_type().is_file());
    for f in files {
        if is_stale_temp_file(f.file_name()) {
            let _ = std::fs::remove_file(f.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marker_names_carry_the_process_id() {
        let name = marker_name();
        assert_eq!(
            marker_pid(std::ffi::OsStr::new(&name)),
            Some(std::process::id())
        );
        assert_eq!(marker_pid(std::ffi::OsStr::new("12.x")), None);
        assert_eq!(marker_pid(std::ffi::OsStr::new("12")), None);
    }

    #[test]
    fn a_killed_writer_is_swept_up_and_a_live_one_is_not() {
        let dir = std::env::temp_dir().join(format!("levbuild-claim-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub").join(".hidden")).unwrap();
        // A process id no process has (beyond Linux's largest).
        let gone = 4_194_305;
        let left = [
            dir.join(format!(".a.lev.{gone}.0.tmp")),
            dir.join("sub").join(format!(".b.lev.{gone}.1.tmp")),
        ];
        let alive = dir.join(format!(".c.lev.{}.0.tmp", std::process::id()));
        let hidden = dir.join("sub/.hidden").join(format!(".d.{gone}.0.tmp"));
        for f in left.iter().chain([&alive, &hidden]) {
            std::fs::write(f, b"x").unwrap();
        }
        std::fs::create_dir_all(dir.join(WRITERS)).unwrap();
        // A writer that is alive: nothing is swept, nothing written.
        let live_marker = dir
            .join(WRITERS)
            .join(format!("{}.999999", std::process::id()));
        std::fs::write(&live_marker, b"").unwrap();
        let claim = Claim::new(&dir, None);
        claim.take_if_a_build_was_killed();
        drop(claim);
        assert!(left.iter().all(|f| f.exists()));
        assert_eq!(std::fs::read_dir(dir.join(WRITERS)).unwrap().count(), 1);
        // One that was killed: its leftovers go at once, with its marker;
        // a running process's file and a hidden directory's stay.
        let dead_marker = dir.join(WRITERS).join(format!("{gone}.0"));
        std::fs::write(&dead_marker, b"").unwrap();
        let claim = Claim::new(&dir, None);
        assert!(
            left.iter().all(|f| f.exists()),
            "reading the markers removes nothing"
        );
        claim.take_if_a_build_was_killed();
        assert!(left.iter().all(|f| !f.exists()));
        assert!(alive.exists() && hidden.exists() && live_marker.exists());
        assert!(!dead_marker.exists());
        // The claim's own marker is there while it is held.
        let markers = || std::fs::read_dir(dir.join(WRITERS)).unwrap().count();
        assert_eq!(markers(), 2);
        drop(claim);
        assert_eq!(markers(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
