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

/// One level of a file. Its paths are made from its name when they are
/// needed ([`PendingLevels::target`], [`PendingLevels::tmp_path`]): a
/// file of 50,000 levels held two paths a level until its end.
struct Pending {
    name: String,
    /// Whether it has a temporary file (none while its target holds its
    /// bytes already).
    tmp: bool,
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
                let tmp = !holds(&self.target(&level.name), &level.bytes);
                let written = match tmp {
                    true => {
                        let tmp = self.tmp_path(&level.name);
                        std::fs::write(&tmp, &level.bytes).map_err(|e| (tmp, e))
                    }
                    false => Ok(()),
                };
                self.index.insert(level.name.clone(), self.levels.len());
                self.levels.push(Pending {
                    name: level.name,
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

    /// The file of level `name` (`NAME.lev`).
    fn target(&self, name: &str) -> PathBuf {
        self.dir.join(file_name(&format!("{name}.lev")))
    }

    /// The temporary file of level `name` (`.NAME.lev.PID.JOB.tmp`).
    fn tmp_path(&self, name: &str) -> PathBuf {
        self.dir
            .join(file_name(&format!(".{name}.lev.{}.tmp", self.tag)))
    }

    /// Writes `bytes` over the `i`th level's file without truncating it
    /// (its temporary file, made from its target if there is none yet).
    fn write_over(&mut self, i: usize, bytes: &[u8]) -> Result<(), (PathBuf, std::io::Error)> {
        let tmp = self.tmp_path(&self.levels[i].name);
        if !self.levels[i].tmp {
            let target = self.target(&self.levels[i].name);
            std::fs::copy(&target, &tmp).map_err(|e| (tmp.clone(), e))?;
            self.levels[i].tmp = true;
        }
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
            if level.tmp {
                let (tmp, target) = (self.tmp_path(&level.name), self.target(&level.name));
                if let Err(e) = std::fs::rename(&tmp, &target) {
                    let _ = std::fs::remove_file(&tmp);
                    return Err(e).with_context(|| format!("cannot write {}", target.display()));
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
        for level in self.levels.iter().filter(|l| l.tmp) {
            let _ = std::fs::remove_file(self.tmp_path(&level.name));
        }
    }
}
