//! Timing shared by the benchmarks: the best of several runs, of a piece
//! of code or of a reference tool run as a process.

use std::ffi::OsStr;
use std::path::Path;
use std::time::{Duration, Instant};

/// The best time of `runs` runs of `f`, each after `reset` (untimed).
pub fn best(runs: usize, mut reset: impl FnMut(), mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            reset();
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// The best time of `runs` runs of `tool ARGS` in `dir` (a reference tool
/// named by a `LEVBUILD_REF_*` variable, `what`), each of which must
/// succeed.
#[allow(dead_code)] // Not every benchmark runs a reference tool.
pub fn best_process<A: AsRef<OsStr>>(
    tool: &Path,
    args: &[A],
    dir: &Path,
    runs: usize,
    what: &str,
) -> Duration {
    std::fs::create_dir_all(dir).unwrap();
    best(
        runs,
        || {},
        || {
            let status = std::process::Command::new(tool)
                .args(args)
                .current_dir(dir)
                .status()
                .unwrap_or_else(|e| panic!("{what} does not run: {e}"));
            assert!(status.success(), "{what} failed");
        },
    )
}
