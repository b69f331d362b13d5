//! Compiles each `.des` corpus in one process (parse, check, encode; no
//! file writes) and prints the best and median times: NetHack 3.4.3's
//! (beside the reference `lev_comp *.des`, 22.2 ms best, one process, on
//! this machine size) and NetHack 3.6.7's (reference 3.6.7 `lev_comp
//! *.des`: 99 ms best of 15 runs, one process, on this machine).
//! Run: `cargo bench --bench corpus --features nethack36`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use levbuild::des::{self, Dialect};

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
}
