//! `levbuild build --watch`: a run, then one more each time a source
//! changes (and none for what the run writes itself), until killed.
#![cfg(feature = "cli")]

use std::io::BufRead;
use std::process::{Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use crate::cli_lev_comp::{scratch, GOOD};

/// Lines of the child's standard error until one contains `want` (within
/// 30 s); the lines read.
fn wait_for(lines: &Receiver<String>, want: &str) -> Vec<String> {
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut seen = Vec::new();
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        match lines.recv_timeout(left) {
            Ok(line) => {
                let done = line.contains(want);
                seen.push(line);
                if done {
                    return seen;
                }
            }
            Err(_) => break,
        }
    }
    panic!(
        "no line with {want:?} within 30 s; got:\n{}",
        seen.join("\n")
    );
}

#[test]
fn watch_runs_again_after_each_change_and_not_for_its_own_outputs() {
    let dir = scratch("watch");
    let src = dir.join("dat");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::write(src.join("good.des"), GOOD).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_levbuild"))
        .current_dir(&dir)
        .args(["build", "--watch", "dat", "-o", "dat/out"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (send, lines) = channel();
    let stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
        {
            let _ = send.send(line);
        }
    });
    let first = wait_for(&lines, "watching dat for changes");
    assert!(first.iter().any(|l| l.contains("1 compiled")), "{first:?}");
    // An error: reported, nothing written.
    std::fs::write(
        src.join("good.des"),
        format!("{GOOD}TRAP: \"no such trap\", (1,1)\n"),
    )
    .unwrap();
    let broken = wait_for(&lines, "watching dat for changes");
    assert!(
        broken.iter().any(|l| l.contains("good.des changed")),
        "{broken:?}"
    );
    assert!(
        broken.iter().any(|l| l.contains("Unknown trap type!")),
        "{broken:?}"
    );
    // Fixed, and a new level: built. The run's own writes (into dat/out,
    // inside the watched directory) start no run of their own.
    std::fs::write(src.join("good.des"), GOOD).unwrap();
    std::fs::write(src.join("more.des"), GOOD.replace("good", "more")).unwrap();
    let fixed = wait_for(&lines, "watching dat for changes");
    assert!(fixed.iter().any(|l| l.contains("2 file(s)")), "{fixed:?}");
    assert!(dir.join("dat/out/more.lev").is_file());
    std::thread::sleep(Duration::from_millis(600));
    let quiet: Vec<String> = lines.try_iter().collect();
    assert!(
        quiet.is_empty(),
        "a run's own outputs started another: {quiet:?}"
    );
    child.kill().unwrap();
    child.wait().unwrap();
}
