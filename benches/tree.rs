//! Tree-build figures on the vanilla `dat/` from `../shared`: one copy
//! cold and no-op, then 100 copies (one level set each) cold, no-op and
//! with one file changed. Run: `cargo bench --bench tree`.
//!
//! "Cold" means no outputs and no cache; every figure is the best of
//! several runs, in process, with the default thread count.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn copy_dat(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let name = e.file_name();
        let name = name.to_string_lossy();
        if name.ends_with(".des") || name == "dungeon.def" {
            std::fs::copy(e.path(), to.join(&*name)).unwrap();
        }
    }
}

fn build(dirs: &[PathBuf], out: &Path) -> levbuild::Report {
    let mut b = levbuild::Build::new();
    for d in dirs {
        b.source_dir(d);
    }
    b.out_dir(out)
        .cargo_directives(false)
        .try_compile()
        .expect("the corpus builds")
}

/// Best time of `runs` runs of `f`, each after `reset`.
fn best(runs: usize, mut reset: impl FnMut(), mut f: impl FnMut()) -> Duration {
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

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let dat = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/nethack-3.4.3/dat");
    if !dat.is_dir() {
        eprintln!("skipped: {} not found", dat.display());
        return;
    }
    let tmp = std::env::temp_dir().join(format!("levbuild-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let one = vec![tmp.join("one/dat")];
    copy_dat(&dat, &one[0]);
    let out1 = tmp.join("out1");
    let clean1 = || {
        let _ = std::fs::remove_dir_all(&out1);
    };
    let cold1 = best(20, clean1, || {
        build(&one, &out1);
    });
    let noop1 = best(
        50,
        || {},
        || {
            let r = build(&one, &out1);
            assert_eq!(r.written.len(), 0);
        },
    );

    let copies: Vec<PathBuf> = (0..100)
        .map(|i| tmp.join(format!("copies/c{i:03}/dat")))
        .collect();
    for c in &copies {
        copy_dat(&dat, c);
    }
    let out100 = tmp.join("out100");
    let clean100 = || {
        let _ = std::fs::remove_dir_all(&out100);
    };
    let cold100 = best(3, clean100, || {
        build(&copies, &out100);
    });
    let noop100 = best(
        10,
        || {},
        || {
            let r = build(&copies, &out100);
            assert_eq!(r.written.len(), 0);
        },
    );
    let knox = copies[42].join("knox.des");
    let original = std::fs::read_to_string(&knox).unwrap();
    let mut flip = 0u32;
    let changed100 = best(
        10,
        || {
            flip += 1;
            std::fs::write(&knox, format!("{original}\n# edit {flip}\n")).unwrap();
        },
        || {
            let r = build(&copies, &out100);
            assert_eq!(r.compiled, 1);
        },
    );
    let _ = std::fs::remove_dir_all(&tmp);

    println!("levbuild tree build, best of runs (reference tools on this machine: dat/ 40 ms, 100 copies 7.95 s)");
    println!(
        "  dat/ cold                {:8.2} ms   (target <=   8 ms)",
        ms(cold1)
    );
    println!(
        "  dat/ no-op               {:8.2} ms   (target <=   2 ms)",
        ms(noop1)
    );
    println!(
        "  100 copies cold          {:8.3} s    (target <= 0.8 s)",
        cold100.as_secs_f64()
    );
    println!(
        "  100 copies no-op         {:8.2} ms   (target <=  40 ms)",
        ms(noop100)
    );
    println!(
        "  100 copies, 1 changed    {:8.2} ms   (target <=  20 ms)",
        ms(changed100)
    );
}
