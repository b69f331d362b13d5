//! The compiler has no global mutable state: compiling the whole corpus
//! from several threads at once, each in a different order, gives exactly
//! what compiling it file by file gives — the same bytes, typed levels,
//! warnings, and (for broken copies of the files) the same errors.

use crate::common;

use std::sync::Barrier;
use std::thread;

use levbuild::des::{self, CompiledFile, Options};
use levbuild::Diagnostics;

const THREADS: usize = 4;

type Outcome = Result<CompiledFile, Diagnostics>;

fn compile(name: &str, src: &str, warn: bool) -> Outcome {
    des::compile_with(src, name, &Options::default().with_extra_warnings(warn))
}

#[test]
fn concurrent_compiles_equal_sequential_ones() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let mut inputs: Vec<(String, String, bool)> = Vec::new();
    for path in common::corpus_des_files(&shared) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let src = std::fs::read_to_string(&path).unwrap();
        // As is, with -w (some files warn), and broken at the end.
        inputs.push((name.clone(), src.clone(), false));
        inputs.push((name.clone(), src.clone(), true));
        inputs.push((
            name,
            format!("{src}\nMONSTER: 'I', \"x\", (999,0)\n"),
            false,
        ));
    }
    let sequential: Vec<Outcome> = inputs.iter().map(|(n, s, w)| compile(n, s, *w)).collect();
    // The inputs exercise every path: levels, warnings and errors.
    let levels: usize = sequential
        .iter()
        .filter_map(|r| r.as_ref().ok())
        .map(|f| f.levels.len())
        .sum();
    assert_eq!(levels, 2 * 113);
    assert!(sequential
        .iter()
        .any(|r| r.as_ref().is_ok_and(|f| !f.warnings.is_empty())));
    assert_eq!(
        sequential.iter().filter(|r| r.is_err()).count(),
        inputs.len() / 3
    );

    let barrier = Barrier::new(THREADS);
    thread::scope(|scope| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                let (inputs, barrier) = (&inputs, &barrier);
                scope.spawn(move || {
                    barrier.wait();
                    let n = inputs.len();
                    // Each thread starts elsewhere and walks in its own order.
                    let mut out: Vec<Option<Outcome>> = vec![None; n];
                    for k in 0..n {
                        let i = (t * n / THREADS + k * (2 * t + 1)) % n;
                        let i = (0..n)
                            .map(|d| (i + d) % n)
                            .find(|&j| out[j].is_none())
                            .unwrap();
                        let (name, src, warn) = &inputs[i];
                        out[i] = Some(compile(name, src, *warn));
                    }
                    out
                })
            })
            .collect();
        for (t, h) in handles.into_iter().enumerate() {
            let got = h.join().expect("no thread panicked");
            for (i, (g, want)) in got.iter().zip(&sequential).enumerate() {
                assert_eq!(
                    g.as_ref(),
                    Some(want),
                    "thread {t}, {} (-w {})",
                    inputs[i].0,
                    inputs[i].2
                );
            }
        }
    });
}
