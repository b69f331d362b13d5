//! Fault injection on the tree build, seeded and bounded: builds killed at
//! random moments, cache entries, manifests and blobs damaged between
//! builds, outputs deleted, and two builds sharing one output directory.
//! After every round, at most two ordinary builds bring the output
//! directory back to exactly what a clean build writes.
#![cfg(feature = "cli")]

use crate::common;

use common::gen343::Rng;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::TempDir;

fn spawn_build(src: &Path, out: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_levbuild"))
        .args(["build", "-j", "2"])
        .arg(src)
        .arg("-o")
        .arg(out)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Every output a user sees (not levbuild's hidden state) with its bytes.
fn visible_outputs(out: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    walkdir::WalkDir::new(out)
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(out).unwrap().to_path_buf();
            (rel, std::fs::read(e.path()).unwrap())
        })
        .collect()
}

/// Every file under `out`, hidden state included.
fn all_files(out: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(out)
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| e.path().to_path_buf())
        .collect()
}

/// Flips, truncates or deletes one random file under `out`.
fn damage(rng: &mut Rng, out: &Path) {
    let files = all_files(out);
    if files.is_empty() {
        return;
    }
    let victim = &files[rng.below(files.len())];
    let mut bytes = std::fs::read(victim).unwrap();
    match rng.below(3) {
        0 if !bytes.is_empty() => {
            let at = rng.below(bytes.len());
            bytes[at] ^= 1 << rng.below(8);
            std::fs::write(victim, bytes).unwrap();
        }
        1 => {
            let keep = rng.below(bytes.len() + 1);
            bytes.truncate(keep);
            std::fs::write(victim, bytes).unwrap();
        }
        _ => std::fs::remove_file(victim).unwrap(),
    }
}

/// Runs ordinary builds until one succeeds (at most two: a build that finds
/// an output changed without a trace fails once and forgets its record).
fn converge(src: &Path, out: &Path) {
    for attempt in 0..2 {
        let o = spawn_build(src, out).wait_with_output().unwrap();
        if o.status.success() {
            return;
        }
        assert!(
            attempt == 0 && String::from_utf8_lossy(&o.stderr).contains("build again"),
            "build {attempt} failed:\n{}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    panic!("two builds did not converge");
}

#[test]
fn kills_damage_and_concurrency_never_leave_wrong_outputs() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let tmp = TempDir::new("faults");
    let src = tmp.path().join("dat");
    common::copy_dir(&common::corpus_dat(&shared), &src);
    let reference = tmp.path().join("reference");
    converge(&src, &reference);
    let want = visible_outputs(&reference);
    assert_eq!(
        want.keys()
            .filter(|p| p.extension().is_some_and(|e| e == "lev"))
            .count(),
        113
    );

    let out = tmp.path().join("out");
    let seed = std::env::var("LEVBUILD_FAULT_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_1e7b_u64);
    let mut rng = Rng::new(seed);
    for round in 0..60 {
        match rng.below(4) {
            0 => {
                // Killed after a random delay: before, during or after.
                let mut child = spawn_build(&src, &out);
                std::thread::sleep(Duration::from_micros(rng.below(40_000) as u64));
                let _ = child.kill();
                let _ = child.wait();
            }
            1 => {
                converge(&src, &out);
                for _ in 0..=rng.below(3) {
                    damage(&mut rng, &out);
                }
            }
            2 => {
                // Two builds at once into one output directory.
                let a = spawn_build(&src, &out);
                let b = spawn_build(&src, &out);
                let _ = a.wait_with_output();
                let _ = b.wait_with_output();
            }
            _ => {
                // A source edited back and forth: outputs change and return.
                let file = src.join("oracle.des");
                let text = std::fs::read_to_string(&file).unwrap();
                std::fs::write(&file, text.replace("\"ordinary\"", "\"temple\"")).unwrap();
                let mut child = spawn_build(&src, &out);
                std::thread::sleep(Duration::from_micros(rng.below(20_000) as u64));
                let _ = child.kill();
                let _ = child.wait();
                std::fs::write(&file, text).unwrap();
            }
        }
        converge(&src, &out);
        let got = visible_outputs(&out);
        assert!(
            got == want,
            "round {round} (seed {seed:#x}): outputs differ from a clean build: {:?}",
            got.keys()
                .filter(|k| want.get(*k) != got.get(*k))
                .chain(want.keys().filter(|k| !got.contains_key(*k)))
                .collect::<Vec<_>>()
        );
        let leftovers: Vec<_> = all_files(&out)
            .into_iter()
            .filter(|p| p.to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty(), "round {round}: {leftovers:?}");
    }
}
