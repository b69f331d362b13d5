//! No global state: compiling the corpus from several threads at once
//! gives exactly the bytes of compiling it file by file.

mod common;

use std::thread;

#[test]
fn concurrent_compiles_give_the_same_bytes() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let sources: Vec<(String, String)> = common::corpus_des_files(&shared)
        .iter()
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(p).unwrap(),
            )
        })
        .collect();
    let sequential: Vec<Vec<Vec<u8>>> = sources
        .iter()
        .map(|(n, s)| {
            levbuild::des::compile(s, n)
                .unwrap()
                .levels
                .into_iter()
                .map(|l| l.bytes)
                .collect()
        })
        .collect();
    thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|t| {
                let sources = &sources;
                scope.spawn(move || {
                    // Each thread walks the files in a different order.
                    let mut out = vec![Vec::new(); sources.len()];
                    for k in 0..sources.len() {
                        let i = (k * 7 + t * 5) % sources.len();
                        let (n, s) = &sources[i];
                        out[i] = levbuild::des::compile(s, n)
                            .unwrap()
                            .levels
                            .into_iter()
                            .map(|l| l.bytes)
                            .collect();
                    }
                    out
                })
            })
            .collect();
        for h in handles {
            assert_eq!(h.join().unwrap(), sequential);
        }
    });
}
