//! Compiles each `.des` corpus in one process (parse, check, encode; no
//! file writes) and prints the best and median times: NetHack 3.4.3's
//! (beside the reference `lev_comp *.des`, 22.2 ms best, one process, on
//! this machine size) and NetHack 3.6.7's (reference 3.6.7 `lev_comp
//! *.des`: 99 ms best of 15 runs, one process, on this machine).
//!
//! Then the 3.4.3 corpus read, compiled and written (113 `.lev` files,
//! in process, one thread, in `/dev/shm` where there is one) against the
//! floor, reading the 24 sources and writing the same 113 files' bytes,
//! always, and against `lev_comp *.des` as a process when
//! `LEVBUILD_REF_LEV_COMP` names NetHack 3.4.3's (built outside the
//! repository; the goal of issue 36 is a third of its time).
//! Run: `cargo bench --bench corpus --features nethack36`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use levbuild::des::{self, Dialect};

mod common;
use common::{best, best_process};

fn sources(dat: &Path) -> Option<Vec<(String, String)>> {
    let entries = std::fs::read_dir(dat).ok()?;
    let mut sources: Vec<(String, String)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "des"))
        .map(|p| {
            let text = levbuild::source_text(&std::fs::read(&p).unwrap()).into_owned();
            (p.file_name().unwrap().to_string_lossy().into_owned(), text)
        })
        .collect();
    sources.sort();
    Some(sources)
}

fn bench(label: &str, dat: &str, dialect: Dialect, levels: usize, reference: &str) {
    let dat = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dat);
    let Some(sources) = sources(&dat) else {
        eprintln!("skipped: {} not found", dat.display());
        return;
    };
    let options = des::Options::for_game(levbuild::Game::builtin(dialect));
    let run = || {
        let mut n = 0;
        for (name, src) in &sources {
            n += des::compile_levels(src, name, &options)
                .expect("corpus compiles")
                .levels
                .len();
        }
        n
    };
    assert_eq!(run(), levels);
    let mut times: Vec<Duration> = (0..50)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(run());
            t.elapsed()
        })
        .collect();
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{label} corpus ({} .des -> {levels} levels, in process, 1 thread): best {:.2} ms, median {:.2} ms  ({reference})",
        sources.len(),
        ms(times[0]),
        ms(times[times.len() / 2])
    );
}

/// The 3.4.3 corpus read, compiled and written, against the floor and
/// (opt-in) the reference `lev_comp`.
fn written(dat: &str) {
    let dat = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dat);
    let Some(mut files) = std::fs::read_dir(&dat).ok().map(|entries| {
        entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "des"))
            .collect::<Vec<_>>()
    }) else {
        eprintln!("skipped: {} not found", dat.display());
        return;
    };
    files.sort();
    let shm = Path::new("/dev/shm");
    let base = if shm.is_dir() {
        shm.to_path_buf()
    } else {
        std::env::temp_dir()
    };
    let scratch = base.join(format!("levbuild-bench-corpus-{}", std::process::id()));
    let (ours, floor_dir, theirs) = (
        scratch.join("ours"),
        scratch.join("floor"),
        scratch.join("ref"),
    );
    for d in [&ours, &floor_dir, &theirs] {
        std::fs::create_dir_all(d).unwrap();
    }
    let options = des::Options::default();
    let compile_and_write = || {
        let mut n = 0;
        for path in &files {
            let bytes = std::fs::read(path).unwrap();
            let text = levbuild::source_text(&bytes);
            let name = path.file_name().unwrap().to_string_lossy();
            let blobs = des::compile_levels(&text, &name, &options).expect("corpus compiles");
            for level in blobs.levels {
                std::fs::write(ours.join(format!("{}.lev", level.name)), &level.bytes).unwrap();
                n += 1;
            }
        }
        n
    };
    assert_eq!(compile_and_write(), 113);
    // What the floor writes: the same files' bytes, known in advance.
    let outputs: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(&ours)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            (
                floor_dir.join(p.file_name().unwrap()),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    let levbuild = best(
        30,
        || {},
        || {
            std::hint::black_box(compile_and_write());
        },
    );
    let floor = best(
        30,
        || {},
        || {
            for path in &files {
                std::hint::black_box(std::fs::read(path).unwrap());
            }
            for (path, bytes) in &outputs {
                std::fs::write(path, bytes).unwrap();
            }
        },
    );
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "3.4.3 corpus read, compiled, written ({} .des -> 113 .lev, in process, 1 thread, {}): best {:.2} ms; floor (read them, write the same bytes) {:.2} ms, ratio {:.2} (goal <= 2)",
        files.len(),
        base.display(),
        ms(levbuild),
        ms(floor),
        levbuild.as_secs_f64() / floor.as_secs_f64()
    );
    match std::env::var_os("LEVBUILD_REF_LEV_COMP") {
        Some(lev_comp) => {
            for path in &files {
                std::fs::copy(path, theirs.join(path.file_name().unwrap())).unwrap();
            }
            let names: Vec<_> = files
                .iter()
                .map(|p| p.file_name().unwrap().to_owned())
                .collect();
            let reference = best_process(
                Path::new(&lev_comp),
                &names,
                &theirs,
                15,
                "LEVBUILD_REF_LEV_COMP",
            );
            println!(
                "  lev_comp *.des, a process: best {:.2} ms; levbuild in process takes {:.2} of it (goal <= 0.33)",
                ms(reference),
                levbuild.as_secs_f64() / reference.as_secs_f64()
            );
        }
        None => println!("  lev_comp *.des skipped (LEVBUILD_REF_LEV_COMP not set)"),
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

fn main() {
    bench(
        "3.4.3",
        "../shared/corpus/nethack-3.4.3/dat",
        Dialect::NetHack343,
        113,
        "lev_comp *.des: 22.2 ms best",
    );
    bench(
        "3.6.7",
        "../shared/corpus/nethack-3.6.7/dat",
        Dialect::NetHack36,
        120,
        "3.6.7 lev_comp *.des: 99 ms best",
    );
    written("../shared/corpus/nethack-3.4.3/dat");
}
