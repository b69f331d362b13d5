//! A file's levels written as they are compiled (`lev-comp`): each to a
//! temporary file beside its final name, moved into place once the whole
//! file has compiled, or removed if it has not. A file of many levels is
//! never held whole, and a file with an error still writes none of its
//! levels.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use levbuild::des;

use crate::output::{file_name, holds};

/// The levels of one file written so far.
pub struct PendingLevels {
    dir: PathBuf,
    /// Tells this file's temporary files from other files' (`PID.JOB`).
    tag: String,
    /// Each level name once, in the order first written, with its
    /// temporary file and its random vault.
    levels: Vec<(String, PathBuf, Option<des::RandomVault>)>,
    index: HashMap<String, usize>,
    /// The first write that failed, reported when the file is committed.
    failure: Option<(PathBuf, std::io::Error)>,
}

impl PendingLevels {
    /// Levels of the `job`th file, to be written into `dir`.
    pub fn new(dir: &Path, job: usize) -> Self {
        PendingLevels {
            dir: dir.to_path_buf(),
            tag: format!("{}.{job}", std::process::id()),
            levels: Vec::new(),
            index: HashMap::new(),
            failure: None,
        }
    }

    /// Writes `level` to its temporary file, as `lev_comp` writes a level
    /// file: over the file an earlier level of that name wrote, without
    /// truncating it.
    pub fn put(&mut self, level: des::Blob) {
        let i = *self.index.entry(level.name.clone()).or_insert_with(|| {
            let tmp = self
                .dir
                .join(file_name(&format!(".{}.lev.{}.tmp", level.name, self.tag)));
            self.levels
                .push((level.name.clone(), tmp, level.random_vault));
            self.levels.len() - 1
        });
        let tmp = &self.levels[i].1;
        let written = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(tmp)
            .and_then(|mut f| f.write_all(&level.bytes));
        if let (Err(e), None) = (written, &self.failure) {
            self.failure = Some((tmp.clone(), e));
        }
    }

    /// Moves every level into place (a file that already holds its bytes
    /// is left alone); returns the random vaults' `vaults.dat` lines.
    pub fn commit(mut self) -> Result<String> {
        if let Some((tmp, e)) = self.failure.take() {
            return Err(e).with_context(|| format!("cannot write {}", tmp.display()));
        }
        let mut vaults = String::new();
        // Taken from the end, so that what is left after a failure is
        // still there for `drop` to remove.
        self.levels.reverse();
        while let Some((name, tmp, vault)) = self.levels.pop() {
            let target = self.dir.join(file_name(&format!("{name}.lev")));
            let moved = std::fs::read(&tmp).and_then(|bytes| match holds(&target, &bytes) {
                true => std::fs::remove_file(&tmp),
                false => std::fs::rename(&tmp, &target),
            });
            if let Err(e) = moved {
                let _ = std::fs::remove_file(&tmp);
                return Err(e).with_context(|| format!("cannot write {}", target.display()));
            }
            if let Some(v) = vault {
                vaults.push_str(&v.line(&name));
            }
        }
        Ok(vaults)
    }
}

impl Drop for PendingLevels {
    /// What was not committed goes.
    fn drop(&mut self) {
        for (_, tmp, _) in &self.levels {
            let _ = std::fs::remove_file(tmp);
        }
    }
}
