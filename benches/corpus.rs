//! Compiles the whole vanilla `.des` corpus in one process (parse, check,
//! encode; no file writes) and prints the best and median times, beside
//! the reference `lev_comp *.des` figure (22.2 ms best, one process, on
//! this machine size). Run: `cargo bench --bench corpus`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

fn main() {
    let dat = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/nethack-3.4.3/dat");
    let Ok(entries) = std::fs::read_dir(&dat) else {
        eprintln!("skipped: {} not found", dat.display());
        return;
    };
    let mut sources: Vec<(String, String)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "des"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    sources.sort();
    let run = || {
        let mut levels = 0;
        for (name, src) in &sources {
            levels += levbuild::des::compile(src, name)
                .expect("corpus compiles")
                .levels
                .len();
        }
        levels
    };
    assert_eq!(run(), 113);
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
        "corpus (24 .des -> 113 levels, in process, 1 thread): best {:.2} ms, median {:.2} ms  (lev_comp *.des: 22.2 ms best)",
        ms(times[0]),
        ms(times[times.len() / 2])
    );
}
