//! Tree-build figures on the vanilla `dat/` from `../shared`: one copy
//! cold and no-op, then 100 copies (one level set each) cold, no-op and
//! with one file changed; then one level set of 20 copies of `dat/`'s
//! `.des` files with their levels renamed (2,260 levels) and one edit
//! that changes a level, against one run of the game's `lev_comp` on the
//! edited file when `LEVBUILD_REF_LEV_COMP` names NetHack 3.4.3's (built
//! outside the repository), and always against its floors: reading the
//! edited file and writing its level, and looking at every file of the set
//! (the `stat` of each source and output that lets a build restore an
//! output changed behind its back). Run: `cargo bench --bench tree`
//! (`TMPDIR=/dev/shm` to measure levbuild rather than the disk).
//!
//! "Cold" means no outputs and no cache: each cold run builds into a new
//! output directory, and old ones are deleted only at the end (deleting
//! thousands of files right before creating thousands more makes ext4's
//! inode allocation, not levbuild, the thing measured). Every figure is
//! the best of several runs, in process, with the default thread count.
//!
//! Before the no-op and one-changed series the file system is given time
//! to write back what the cold builds created (`sync`, then a pause):
//! otherwise the kernel's flushing of tens of thousands of new files
//! competes with the build for this machine's two cores, and that is what
//! gets measured.
//!
//! Sources written less than 0.1 s before a build are not trusted by
//! their stamp (coarse file-system clocks, see `src/build/stamp.rs`): until
//! they next change, every build reads and hashes them. A real tree's
//! files are older than that, so the bench lets its freshly copied
//! sources age past that window before building: the no-op figures
//! measure the steady state, not the re-reading of every source.
//!
//! The 100 copies are identical, and levbuild compiles identical content
//! once; the "distinct" figure gives every copy's files a different
//! comment line, so all 2,500 files are compiled.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

mod common;
use common::{best, best_process};

/// Copies the sources of `from` to `to`, each with `comment` appended
/// (a comment line for both languages) if it is not empty.
fn copy_dat(from: &Path, to: &Path, comment: &str) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let name = e.file_name();
        let name = name.to_string_lossy();
        if name.ends_with(".des") || name == "dungeon.def" {
            let mut text = std::fs::read(e.path()).unwrap();
            if !comment.is_empty() {
                text.extend_from_slice(format!("\n# {comment}\n").as_bytes());
            }
            std::fs::write(to.join(&*name), text).unwrap();
        }
    }
}

/// 20 copies of the `.des` files of `from` in `to`, each level renamed
/// `lCCNNN` (copy, running number): one set of 2,260 levels.
fn renamed_copies(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    let mut names: Vec<_> = std::fs::read_dir(from)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "des"))
        .collect();
    names.sort();
    let mut n = 0;
    for copy in 0..20 {
        for path in &names {
            let text = String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
            let mut out = String::with_capacity(text.len());
            for line in text.split_inclusive('\n') {
                let header = ["MAZE", "LEVEL"].iter().find(|h| line.starts_with(*h));
                match (header, line.split('"').nth(2)) {
                    (Some(h), Some(rest)) => {
                        n += 1;
                        out.push_str(&format!("{h}:\"l{copy:02}{:03}\"{rest}", n % 1000));
                    }
                    _ => out.push_str(line),
                }
            }
            let stem = path.file_stem().unwrap().to_string_lossy();
            std::fs::write(to.join(format!("{stem}_{copy:02}.des")), out).unwrap();
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

/// Waits for the file system to write back what was just created.
fn settle() {
    let _ = std::process::Command::new("sync").status();
    std::thread::sleep(Duration::from_millis(300));
}

/// Lets freshly written sources age past the window in which their
/// stamps are not trusted.
fn age_sources() {
    std::thread::sleep(Duration::from_millis(150));
}

/// Best time of `runs` cold builds of `dirs`, each into a new directory
/// under `tmp`.
fn best_cold(runs: usize, dirs: &[PathBuf], tmp: &Path, tag: &str) -> Duration {
    (0..runs)
        .map(|i| {
            let out = tmp.join(format!("cold-{tag}-{i}"));
            let t = Instant::now();
            build(dirs, &out);
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
    // Whatever ran before (an earlier bench deleting its files) is written
    // back before anything is measured.
    settle();
    let one = vec![tmp.join("one/dat")];
    copy_dat(&dat, &one[0], "");
    age_sources();
    let cold1 = best_cold(20, &one, &tmp, "one");
    settle();
    let out1 = tmp.join("cold-one-0");
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
        copy_dat(&dat, c, "");
    }
    let distinct: Vec<PathBuf> = (0..100)
        .map(|i| tmp.join(format!("distinct/c{i:03}/dat")))
        .collect();
    for (i, c) in distinct.iter().enumerate() {
        copy_dat(&dat, c, &format!("copy {i}"));
    }
    age_sources();
    let cold100 = best_cold(3, &copies, &tmp, "copies");
    let cold_distinct = best_cold(3, &distinct, &tmp, "distinct");
    settle();
    let out100 = tmp.join("cold-copies-0");
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

    // One large set, one edit that changes a level (a trap added to the
    // end of a knox copy, then taken away).
    let large = vec![tmp.join("large/dat")];
    renamed_copies(&dat, &large[0]);
    age_sources();
    let out_large = tmp.join("large-out");
    assert_eq!(build(&large, &out_large).levels, 2260);
    settle();
    let edited = large[0].join("knox_05.des");
    let plain = std::fs::read_to_string(&edited).unwrap();
    let with_trap = format!("{plain}TRAP:random,random\n");
    let mut trap = false;
    let edit_large = best(
        20,
        || {
            trap = !trap;
            std::fs::write(&edited, if trap { &with_trap } else { &plain }).unwrap();
        },
        || {
            let r = build(&large, &out_large);
            assert_eq!(
                (r.compiled, r.written.len()),
                (1, 2),
                "the level and its C data file"
            );
        },
    );
    // The floor of the edit: read the edited file, write its level.
    trap = !trap;
    std::fs::write(&edited, if trap { &with_trap } else { &plain }).unwrap();
    let report = build(&large, &out_large);
    let level = (report.written.iter())
        .find(|p| p.extension().is_some_and(|x| x == "lev"))
        .expect("the edit writes its level")
        .clone();
    let level_bytes = std::fs::read(&level).unwrap();
    let floor_edit = best(
        20,
        || {},
        || {
            std::hint::black_box(std::fs::read(&edited).unwrap());
            std::fs::write(&level, &level_bytes).unwrap();
        },
    );
    // What no edit can skip while a build restores any output changed
    // behind its back: a look at every source and every output of the set
    // (the directories listed, each file stat'ed relative to its own).
    let look_at_all = || {
        for dir in [&large[0], &out_large, &out_large.join("levels.c.d")] {
            for e in std::fs::read_dir(dir).unwrap() {
                std::hint::black_box(e.unwrap().metadata().unwrap().len());
            }
        }
    };
    let floor_look = best(20, || {}, look_at_all);
    let reference = std::env::var_os("LEVBUILD_REF_LEV_COMP").map(|lc| {
        let (lc, scratch) = (Path::new(&lc), tmp.join("ref"));
        best_process(lc, &[&edited], &scratch, 20, "LEVBUILD_REF_LEV_COMP")
    });
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
        "  100 distinct copies cold {:8.3} s    (every file compiled)",
        cold_distinct.as_secs_f64()
    );
    println!(
        "  100 copies no-op         {:8.2} ms   (target <=  40 ms)",
        ms(noop100)
    );
    println!(
        "  100 copies, 1 changed    {:8.2} ms   (target <=  20 ms)",
        ms(changed100)
    );
    println!(
        "  2,260 levels, 1 edit     {:8.2} ms   (in process)",
        ms(edit_large)
    );
    println!(
        "  floor of the edit        {:8.2} ms   (read the file, write its level; ratio {:.1})",
        ms(floor_edit),
        edit_large.as_secs_f64() / floor_edit.as_secs_f64()
    );
    println!(
        "  stat of the set's files  {:8.2} ms   (every source and output, one thread; ratio {:.1})",
        ms(floor_look),
        edit_large.as_secs_f64() / floor_look.as_secs_f64()
    );
    match reference {
        Some(r) => println!(
            "  lev_comp knox_05.des     {:8.2} ms   (a process; ratio {:.2}, target <= 1.5)",
            ms(r),
            edit_large.as_secs_f64() / r.as_secs_f64()
        ),
        None => println!("  lev_comp knox_05.des     skipped    (LEVBUILD_REF_LEV_COMP not set)"),
    }
}
