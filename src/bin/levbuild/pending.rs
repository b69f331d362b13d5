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

/// One level of a file.
struct Pending {
    name: String,
    target: PathBuf,
    /// Its temporary file, if the target does not hold its bytes already.
    tmp: Option<PathBuf>,
    vault: Option<des::RandomVault>,
}

/// The levels of one file written so far.
pub struct PendingLevels {
    dir: PathBuf,
    /// Tells this file's temporary files from other files' (`PID.JOB`).
    tag: String,
    /// Each level name once, in the order first written, with its
    /// temporary file (none while its file already holds its bytes) and
    /// its random vault.
    levels: Vec<Pending>,
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
    /// truncating it. A level whose file already holds its bytes is not
    /// written at all (replacing a file by a rename makes some file systems
    /// flush it at once).
    pub fn put(&mut self, level: des::Blob) {
        let written = match self.index.get(&level.name) {
            Some(&i) => self.write_over(i, &level.bytes),
            None => {
                let target = self.dir.join(file_name(&format!("{}.lev", level.name)));
                let tmp = (!holds(&target, &level.bytes)).then(|| self.tmp_path(&level.name));
                let written = match &tmp {
                    Some(tmp) => std::fs::write(tmp, &level.bytes).map_err(|e| (tmp.clone(), e)),
                    None => Ok(()),
                };
                self.index.insert(level.name.clone(), self.levels.len());
                self.levels.push(Pending {
                    name: level.name,
                    target,
                    tmp,
                    vault: level.random_vault,
                });
                written
            }
        };
        if let (Err(failure), None) = (written, &self.failure) {
            self.failure = Some(failure);
        }
    }

    /// The temporary file of level `name` (`.NAME.lev.PID.JOB.tmp`).
    fn tmp_path(&self, name: &str) -> PathBuf {
        self.dir
            .join(file_name(&format!(".{name}.lev.{}.tmp", self.tag)))
    }

    /// Writes `bytes` over the `i`th level's file without truncating it
    /// (its temporary file, made from its target if there is none yet).
    fn write_over(&mut self, i: usize, bytes: &[u8]) -> Result<(), (PathBuf, std::io::Error)> {
        let fresh = self.tmp_path(&self.levels[i].name);
        let level = &mut self.levels[i];
        let tmp = match &level.tmp {
            Some(tmp) => tmp.clone(),
            None => {
                let tmp = fresh;
                std::fs::copy(&level.target, &tmp).map_err(|e| (tmp.clone(), e))?;
                level.tmp = Some(tmp.clone());
                tmp
            }
        };
        std::fs::OpenOptions::new()
            .write(true)
            .open(&tmp)
            .and_then(|mut f| f.write_all(bytes))
            .map_err(|e| (tmp, e))
    }

    /// Moves every level into place; returns the random vaults'
    /// `vaults.dat` lines.
    pub fn commit(mut self) -> Result<String> {
        if let Some((tmp, e)) = self.failure.take() {
            return Err(e).with_context(|| format!("cannot write {}", tmp.display()));
        }
        let mut vaults = String::new();
        // Taken from the end, so that what is left after a failure is
        // still there for `drop` to remove.
        self.levels.reverse();
        while let Some(level) = self.levels.pop() {
            if let Some(tmp) = &level.tmp {
                if let Err(e) = std::fs::rename(tmp, &level.target) {
                    let _ = std::fs::remove_file(tmp);
                    return Err(e)
                        .with_context(|| format!("cannot write {}", level.target.display()));
                }
            }
            if let Some(v) = level.vault {
                vaults.push_str(&v.line(&level.name));
            }
        }
        Ok(vaults)
    }
}

impl Drop for PendingLevels {
    /// What was not committed goes.
    fn drop(&mut self) {
        for tmp in self.levels.iter().filter_map(|l| l.tmp.as_ref()) {
            let _ = std::fs::remove_file(tmp);
        }
    }
}
