//! `levbuild::Build` on real trees: golden outputs, the cache, no-op and
//! incremental rebuilds, stale outputs, level sets, failures, threads,
//! damaged caches, concurrent builds and hostile trees.

use crate::common;

use common::{copy_dir, snapshot, TempDir};
use levbuild::{Build, ErrorKind};

fn build(src: &std::path::Path, out: &std::path::Path) -> Build {
    let mut b = Build::new();
    b.source_dir(src).out_dir(out).cargo_directives(false);
    b
}

#[test]
fn corpus_tree_is_golden_and_a_rebuild_touches_nothing() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let tmp = TempDir::new("corpus");
    let src = tmp.path().join("dat");
    copy_dir(&common::corpus_dat(&shared), &src);
    let out = tmp.path().join("out");
    let report = build(&src, &out).try_compile().unwrap();
    assert_eq!(
        (
            report.sources,
            report.compiled,
            report.cached,
            report.levels,
            report.dungeons
        ),
        (25, 25, 0, 113, 1)
    );
    let golden = common::golden_dir(&shared);
    for e in std::fs::read_dir(&golden).unwrap() {
        let e = e.unwrap();
        let name = e.file_name().to_string_lossy().into_owned();
        if name.ends_with(".lev") || name == "dungeon" {
            assert_eq!(
                std::fs::read(out.join(&name)).unwrap(),
                std::fs::read(e.path()).unwrap(),
                "{name}"
            );
        }
    }
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    // A second build: everything from the cache, not one file written.
    let before = snapshot(tmp.path());
    let again = build(&src, &out).try_compile().unwrap();
    assert_eq!(
        (
            again.compiled,
            again.cached,
            again.written.len(),
            again.unchanged
        ),
        // 113 levels, the dungeon, levels.c and its 25 data files (one a
        // source), levels.game, levels.rs, levels.h
        (0, 25, 0, 143)
    );
    assert_eq!(
        snapshot(tmp.path()),
        before,
        "a no-op rebuild writes no file"
    );
    // One changed file: only it is compiled, only its level rewritten.
    let knox = src.join("knox.des");
    let text = std::fs::read_to_string(&knox).unwrap();
    std::fs::write(&knox, text.replace("MAZE:\"knox\"", "MAZE: \"knox\"")).unwrap();
    std::fs::write(
        &knox,
        format!("{text}\n# a comment changes the hash, not the level\n"),
    )
    .unwrap();
    let third = build(&src, &out).try_compile().unwrap();
    assert_eq!((third.compiled, third.cached), (1, 24));
    assert!(
        third.written.is_empty(),
        "same bytes, nothing rewritten: {:?}",
        third.written
    );
    std::fs::write(&knox, text.replace("\"knox\"", "\"knox2\"")).unwrap();
    let fourth = build(&src, &out).try_compile().unwrap();
    assert_eq!(fourth.compiled, 1);
    assert!(out.join("knox2.lev").exists());
    assert!(
        !out.join("knox.lev").exists(),
        "the renamed level's old output is removed"
    );
    assert_eq!(fourth.removed, [out.join("knox.lev")]);
}

const A: &str = "MAZE: \"alpha\", ' '\nGEOMETRY: center, center\nMAP\n...\nENDMAP\n";
const B: &str =
    "LEVEL: \"beta\"\nROOM: \"ordinary\", lit, random, random, random\nRANDOM_CORRIDORS\n";
const DGN: &str = "DUNGEON: \"Main\" \"M\" (5, 0)\nLEVEL: \"alpha\" \"A\" @ (1, 0)\nLEVEL: \"gamma\" \"G\" @ (2, 0)\n";

/// `variants/NAME/dat` under `tmp` for each name, each a [`small_tree`].
fn variant_sets(tmp: &TempDir, names: &[&str]) -> Vec<std::path::PathBuf> {
    names
        .iter()
        .map(|n| {
            let dir = tmp.path().join(format!("variants/{n}/dat"));
            small_tree(&dir);
            dir
        })
        .collect()
}

/// A build of `dirs` (one level set each) into `out`.
fn sets_build(dirs: &[std::path::PathBuf], out: &std::path::Path) -> Build {
    let mut b = Build::new();
    for d in dirs {
        b.source_dir(d);
    }
    b.out_dir(out).cargo_directives(false);
    b
}

fn small_tree(dir: &std::path::Path) {
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("a.des"), A).unwrap();
    std::fs::write(dir.join("sub/b.des"), B).unwrap();
    std::fs::write(dir.join("dungeon.def"), DGN).unwrap();
    std::fs::create_dir_all(dir.join(".hidden")).unwrap();
    std::fs::write(dir.join(".hidden/x.des"), "garbage").unwrap();
    std::fs::create_dir_all(dir.join("target")).unwrap();
    std::fs::write(dir.join("target/y.des"), "garbage").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a source").unwrap();
}

/// A new temporary directory for the test `name`, with a [`small_tree`]
/// in its `dat/`.
fn small_tree_in(name: &str) -> (TempDir, std::path::PathBuf) {
    let tmp = TempDir::new(name);
    let src = tmp.path().join("dat");
    small_tree(&src);
    (tmp, src)
}

#[test]
fn discovery_cross_check_and_stale_outputs() {
    let (tmp, src) = small_tree_in("small");
    let out = tmp.path().join("out");
    let report = build(&src, &out).try_compile().unwrap();
    assert_eq!((report.sources, report.levels, report.dungeons), (3, 2, 1));
    // The dungeon names "gamma", which no .des defines.
    assert_eq!(report.warnings.len(), 1, "{:?}", report.warnings);
    let w = &report.warnings[0];
    assert!(w.message.contains("needs level \"gamma\""), "{w}");
    // About the dungeon file as a whole, named in its one-line form.
    assert!(w.at.is_none() && w.file.ends_with("dungeon.def"), "{w:?}");
    assert!(
        w.to_string()
            .contains("dungeon.def: warning[dungeon-missing-level]: "),
        "{w}"
    );
    for f in [
        "alpha.lev",
        "beta.lev",
        "dungeon",
        "levels.rs",
        "levels.h",
        "levels.c",
    ] {
        assert!(out.join(f).is_file(), "{f}");
    }
    // A file levbuild did not write survives; outputs of deleted sources go.
    std::fs::write(out.join("mine.lev"), "not levbuild's").unwrap();
    std::fs::remove_file(src.join("sub/b.des")).unwrap();
    let report = build(&src, &out).try_compile().unwrap();
    // Its level, and the data file of levels.c that held its bytes.
    assert_eq!(report.removed.len(), 2, "{:?}", report.removed);
    assert_eq!(report.removed[0], out.join("beta.lev"));
    let data = report.removed[1]
        .strip_prefix(&out)
        .unwrap()
        .to_string_lossy()
        .into_owned();
    assert!(
        data.starts_with("levels.c.d/sub_b.des-") && data.ends_with(".inc"),
        "{data}"
    );
    assert!(out.join("mine.lev").exists());
    let index = std::fs::read_to_string(out.join("levels.rs")).unwrap();
    assert!(!index.contains("beta"));
    // include/exclude and extra dungeon files.
    std::fs::write(src.join("dngnch1.def"), DGN.replace("Main", "Variant")).unwrap();
    let mut b = build(&src, &tmp.path().join("out2"));
    b.dungeon_file("dngnch?.def").exclude("a.des");
    let report = b.try_compile().unwrap();
    assert_eq!((report.levels, report.dungeons), (0, 2));
    assert!(tmp.path().join("out2/dngnch1").is_file());
    // `only` takes what matches one of its patterns; `exclude` skips
    // among those.
    let mut b = build(&src, &tmp.path().join("out3"));
    b.only("*.des").only("*.def").exclude("dngnch?.def");
    let report = b.try_compile().unwrap();
    assert_eq!((report.levels, report.dungeons), (1, 1), "{report}");
    assert!(!tmp.path().join("out3/dngnch1").exists());
    let bad = build(&src, &tmp.path().join("out4"))
        .only("[a")
        .try_compile();
    assert!(bad.unwrap_err().to_string().contains("only"));
}

#[test]
fn level_sets_may_share_names_but_not_within_a_set() {
    let tmp = TempDir::new("sets");
    let sets = variant_sets(&tmp, &["a", "b"]);
    let a = &sets[0];
    let out = tmp.path().join("out");
    let build = sets_build(&sets, &out);
    let report = build.try_compile().unwrap();
    assert_eq!(report.sets, 2);
    assert!(out.join("a/dat/alpha.lev").is_file() && out.join("b/dat/alpha.lev").is_file());
    let index = std::fs::read_to_string(out.join("levels.rs")).unwrap();
    assert!(index.contains("pub mod a_dat {") && index.contains("pub mod b_dat {"));
    // The same level twice in one set is an error naming both files.
    std::fs::write(a.join("sub/again.des"), A).unwrap();
    let err = build.try_compile().unwrap_err();
    let ErrorKind::Failed { duplicates, .. } = err.kind() else {
        panic!("{err}")
    };
    assert_eq!(duplicates.len(), 1);
    assert_eq!(
        (duplicates[0].first.clone(), duplicates[0].second.clone()),
        (a.join("a.des"), a.join("sub/again.des"))
    );
    assert!(err
        .to_string()
        .contains("level \"alpha\" is defined by both"));
    // A third definition is paired with the one before it; a file that
    // defines a level twice compiles as lev_comp compiles it (the later
    // over the earlier) with a warning naming the level.
    std::fs::write(a.join("sub/zz.des"), A).unwrap();
    let delta = A.replace("alpha", "delta");
    std::fs::write(a.join("twice.des"), format!("{delta}{delta}")).unwrap();
    let err = build.try_compile().unwrap_err();
    let ErrorKind::Failed {
        duplicates,
        diagnostics,
        ..
    } = err.kind()
    else {
        panic!("{err}")
    };
    let pairs: Vec<_> = duplicates
        .iter()
        .map(|d| (d.name.as_str(), d.first.clone(), d.second.clone()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("alpha", a.join("a.des"), a.join("sub/again.des")),
            ("alpha", a.join("sub/again.des"), a.join("sub/zz.des")),
        ]
    );
    assert!(diagnostics.is_empty(), "{err}");
    std::fs::remove_file(a.join("sub/again.des")).unwrap();
    std::fs::remove_file(a.join("sub/zz.des")).unwrap();
    let report = build.try_compile().unwrap();
    let twice: Vec<_> = (report.warnings.iter())
        .filter(|w| w.code == Some("level-defined-twice"))
        .collect();
    assert_eq!(twice.len(), 1, "{:?}", report.warnings);
    assert!(twice[0].file.ends_with("twice.des"));
    assert!(twice[0]
        .message
        .contains("Level \"delta\" is defined twice in this file"));
    assert!(out.join("a/dat/delta.lev").is_file());
}

#[test]
fn a_bad_file_fails_the_build_without_stopping_the_others() {
    let (tmp, src) = small_tree_in("bad");
    std::fs::write(
        src.join("bad.des"),
        "MAZE: \"bad\", ' '\nNOMAP\nTRAP: \"nope\", random\nMONSTER: 'I', random, random\n",
    )
    .unwrap();
    let out = tmp.path().join("out");
    let err = build(&src, &out).try_compile().unwrap_err();
    let messages: Vec<String> = err
        .diagnostics()
        .iter()
        .flat_map(|d| d.iter().map(|x| x.message.clone()))
        .collect();
    assert_eq!(messages, ["Unknown trap type!", "Unknown monster class!"]);
    assert!(err.to_string().contains("bad.des:3:7"), "{err}");
    assert!(
        !out.exists(),
        "a failed build writes nothing, not even its cache"
    );
    std::fs::remove_file(src.join("bad.des")).unwrap();
    let report = build(&src, &out).try_compile().unwrap();
    assert_eq!((report.compiled, report.cached), (3, 0));
}

#[test]
fn thread_count_changes_nothing() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let tmp = TempDir::new("threads");
    let mut reports = Vec::new();
    for jobs in [1, 4] {
        let out = tmp.path().join(format!("out{jobs}"));
        let mut b = build(&common::corpus_dat(&shared), &out);
        b.jobs(jobs).cache(false).extra_warnings(true);
        let mut r = b.try_compile().unwrap();
        r.out_dir.clear();
        r.written.clear();
        reports.push(r);
    }
    assert_eq!(reports[0], reports[1]);
    assert_eq!(
        reports[0].warnings.len(),
        31,
        "the -w warnings of the corpus"
    );
    let (a, b) = (
        snapshot(&tmp.path().join("out1")),
        snapshot(&tmp.path().join("out4")),
    );
    let bytes =
        |m: &std::collections::BTreeMap<std::path::PathBuf, (std::time::SystemTime, Vec<u8>)>,
         root: &str| {
            m.iter()
                .filter(|(p, _)| !p.to_string_lossy().contains(".levbuild"))
                .map(|(p, (_, b))| {
                    (
                        p.strip_prefix(tmp.path().join(root)).unwrap().to_path_buf(),
                        b.clone(),
                    )
                })
                .collect::<Vec<_>>()
        };
    assert_eq!(bytes(&a, "out1"), bytes(&b, "out4"));
}

#[test]
fn damaged_cache_entries_are_recompiled() {
    let (tmp, src) = small_tree_in("damaged");
    let out = tmp.path().join("out");
    build(&src, &out).try_compile().unwrap();
    let want = std::fs::read(out.join("alpha.lev")).unwrap();
    std::fs::remove_file(out.join("alpha.lev")).unwrap();
    // Flip a byte in every entry and truncate one.
    let mut entries: Vec<_> = walkdir::WalkDir::new(out.join(".levbuild-cache"))
        .into_iter()
        .map(|e| e.unwrap().into_path())
        .filter(|p| p.is_file())
        .collect();
    entries.sort();
    for (i, p) in entries.iter().enumerate() {
        let mut bytes = std::fs::read(p).unwrap();
        if i == 0 {
            bytes.truncate(bytes.len() / 2);
        } else {
            let last = bytes.len() - 1;
            bytes[last] ^= 0x55;
        }
        std::fs::write(p, bytes).unwrap();
    }
    // Only the source whose output is gone needs its entry: damaged, it
    // is compiled again, not trusted.
    let report = build(&src, &out).try_compile().unwrap();
    assert_eq!((report.compiled, report.cached), (1, 2));
    assert_eq!(std::fs::read(out.join("alpha.lev")).unwrap(), want);
}

#[test]
fn concurrent_builds_share_one_cache() {
    let (tmp, src) = small_tree_in("concurrent");
    let cache = tmp.path().join("cache");
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|i| {
                let (src, cache, out) = (&src, &cache, tmp.path().join(format!("out{i}")));
                s.spawn(move || {
                    let mut b = build(src, &out);
                    b.cache_dir(cache);
                    b.try_compile()
                        .map(|_| std::fs::read(out.join("alpha.lev")).unwrap())
                })
            })
            .collect();
        let outputs: Vec<_> = handles
            .into_iter()
            .map(|h| h.join().unwrap().unwrap())
            .collect();
        assert!(outputs.windows(2).all(|w| w[0] == w[1]));
    });
}

#[cfg(unix)]
#[test]
fn symlink_loops_are_reported_and_survived() {
    let (tmp, src) = small_tree_in("loop");
    std::os::unix::fs::symlink(&src, src.join("sub/loop")).unwrap();
    let report = build(&src, &tmp.path().join("out")).try_compile().unwrap();
    assert_eq!(report.sources, 3);
    assert!(
        report
            .notes
            .iter()
            .any(|n| n.contains("symbolic link loop")),
        "{:?}",
        report.notes
    );
}

#[test]
fn nothing_is_written_outside_the_output_dir() {
    let tmp = TempDir::new("escape");
    let src = tmp.path().join("dat");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::write(src.join("evil.des"), "MAZE: \"../../x\", ' '\nNOMAP\n").unwrap();
    let err = build(&src, &tmp.path().join("out"))
        .try_compile()
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("Level name is not a safe file name"),
        "{err}"
    );
    assert!(!tmp.path().join("x.lev").exists());
    assert!(!tmp.path().join("out").join("levels.rs").exists());
}

#[test]
fn settings_errors_are_clear() {
    let err = Build::new()
        .out_dir("x")
        .cargo_directives(false)
        .try_compile()
        .unwrap_err();
    assert!(err.to_string().contains("no source directory"));
    let err = Build::new()
        .source_dir("/definitely/not/here")
        .out_dir("x")
        .cargo_directives(false)
        .try_compile()
        .unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Io { .. }), "{err}");
}

#[test]
fn a_source_edited_behind_an_unchanged_mtime_is_still_recompiled() {
    let (tmp, src) = small_tree_in("stamp");
    let out = tmp.path().join("out");
    // Sources older than the recording build are trusted by their stamp.
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    for f in ["a.des", "sub/b.des", "dungeon.def"] {
        std::fs::File::options()
            .write(true)
            .open(src.join(f))
            .unwrap()
            .set_modified(old)
            .unwrap();
    }
    build(&src, &out).try_compile().unwrap();
    let again = build(&src, &out).try_compile().unwrap();
    assert_eq!((again.compiled, again.cached), (0, 3));
    // Same size, same mtime, different content (as `cp -p` or `rsync -t`
    // could leave it): the status-change time gives it away.
    let a = src.join("a.des");
    std::fs::write(&a, A.replace("alpha", "omega")).unwrap();
    std::fs::File::options()
        .write(true)
        .open(&a)
        .unwrap()
        .set_modified(old)
        .unwrap();
    let report = build(&src, &out).try_compile().unwrap();
    assert_eq!(report.compiled, 1);
    assert!(out.join("omega.lev").exists() && !out.join("alpha.lev").exists());
}

/// A level whose region is rock inside: a `-w` warning, and only that.
const ROCKY: &str = "MAZE: \"rocky\", ' '\nGEOMETRY: center, center\nMAP\n     \n     \n     \nENDMAP\nREGION: (1,1,3,1), lit, \"ordinary\"\n";

#[test]
fn changing_an_option_is_seen_without_a_source_change() {
    let tmp = TempDir::new("options");
    let src = tmp.path().join("dat");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::write(src.join("rocky.des"), ROCKY).unwrap();
    // Old enough for its stamp alone to prove it unchanged (see stamp.rs).
    std::thread::sleep(std::time::Duration::from_millis(300));
    let out = tmp.path().join("out");
    let plain = build(&src, &out).try_compile().unwrap();
    assert!(plain.warnings.is_empty(), "{:?}", plain.warnings);
    let proven = build(&src, &out).try_compile().unwrap();
    assert_eq!(
        (proven.compiled, proven.cached, proven.written.len()),
        (0, 1, 0)
    );
    let mut b = build(&src, &out);
    b.extra_warnings(true);
    let warned = b.try_compile().unwrap();
    assert_eq!(warned.compiled, 1, "-w is part of the key");
    assert!(
        warned
            .warnings
            .iter()
            .any(|w| w.message.contains("Rock in room") && w.at.is_some()),
        "{:?}",
        warned.warnings
    );
    // And back: the warnings go with the option, the manifest is not fooled.
    let again = build(&src, &out).try_compile().unwrap();
    assert!(again.warnings.is_empty(), "{:?}", again.warnings);
}

#[test]
fn identical_files_in_several_sets_are_compiled_once_but_reported_each() {
    let tmp = TempDir::new("dedup");
    let sets: Vec<_> = ["a", "b", "c"]
        .iter()
        .map(|s| tmp.path().join(format!("variants/{s}/dat")))
        .collect();
    for dir in &sets {
        std::fs::create_dir_all(dir).unwrap();
        std::fs::write(dir.join("rocky.des"), ROCKY).unwrap();
        std::fs::write(dir.join("a.des"), A).unwrap();
    }
    let out = tmp.path().join("out");
    let mut b = Build::new();
    for dir in &sets {
        b.source_dir(dir);
    }
    b.out_dir(&out).cargo_directives(false).extra_warnings(true);
    let report = b.try_compile().unwrap();
    assert_eq!((report.sources, report.compiled, report.cached), (6, 2, 4));
    // Each copy's warning names its own file.
    let rock: Vec<&levbuild::Warning> = report
        .warnings
        .iter()
        .filter(|w| w.message.contains("Rock in room"))
        .collect();
    assert_eq!(rock.len(), 3, "{:?}", report.warnings);
    for (w, dir) in rock.iter().zip(&sets) {
        assert_eq!(w.file, dir.join("rocky.des"), "{w}");
        assert!(
            w.to_string()
                .starts_with(&dir.join("rocky.des").display().to_string()),
            "{w}"
        );
    }
    for s in ["a", "b", "c"] {
        assert_eq!(
            std::fs::read(out.join(format!("{s}/dat/alpha.lev"))).unwrap(),
            std::fs::read(out.join("a/dat/alpha.lev")).unwrap()
        );
    }
    // The same broken file in two sets: two errors, each under its own name.
    for dir in &sets[..2] {
        std::fs::write(
            dir.join("bad.des"),
            "MAZE: \"bad\", ' '\nNOMAP\nTRAP: \"nope\", random\n",
        )
        .unwrap();
    }
    let err = b.try_compile().unwrap_err();
    let files: Vec<String> = err
        .diagnostics()
        .iter()
        .map(|d| d.file().to_string())
        .collect();
    assert_eq!(
        files,
        [0, 1]
            .map(|i| sets[i].join("bad.des").display().to_string())
            .to_vec()
    );
}

#[test]
fn a_set_left_out_of_the_build_takes_its_outputs_with_it() {
    let tmp = TempDir::new("gone");
    let sets = variant_sets(&tmp, &["a", "b", "c"]);
    let out = tmp.path().join("out");
    sets_build(&sets[..2], &out).try_compile().unwrap();
    assert!(out.join("b/dat/alpha.lev").is_file());
    std::fs::write(out.join("b/dat/notes.txt"), "mine").unwrap();
    // The same two sets plus a third: the layout stays, so does b.
    sets_build(&sets, &out).try_compile().unwrap();
    assert!(out.join("b/dat/alpha.lev").is_file() && out.join("c/dat/alpha.lev").is_file());
    // Without b: its blobs, levels.c and manifest go; the user's file stays.
    let without_b = [sets[0].clone(), sets[2].clone()];
    let report = sets_build(&without_b, &out).try_compile().unwrap();
    assert!(
        report.removed.contains(&out.join("b/dat/alpha.lev")),
        "{:?}",
        report.removed
    );
    let left: Vec<String> = walkdir::WalkDir::new(out.join("b"))
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["notes.txt"]);
    assert!(out.join("a/dat/alpha.lev").is_file() && out.join("c/dat/alpha.lev").is_file());
    // Without the user's file, a gone set leaves no empty directories.
    sets_build(&sets, &out).try_compile().unwrap();
    std::fs::remove_file(out.join("b/dat/notes.txt")).unwrap();
    sets_build(&without_b, &out).try_compile().unwrap();
    assert!(!out.join("b").exists());
    assert!(out.join("a/dat/alpha.lev").is_file());
}

#[test]
fn outputs_damaged_or_deleted_behind_levbuild_are_restored() {
    let (tmp, src) = small_tree_in("restore");
    let out = tmp.path().join("out");
    build(&src, &out).try_compile().unwrap();
    let (lev, c) = (
        std::fs::read(out.join("alpha.lev")).unwrap(),
        std::fs::read(out.join("levels.c")).unwrap(),
    );
    // Overwritten in place with bytes of the same length, and deleted.
    std::fs::write(out.join("alpha.lev"), vec![0x55; lev.len()]).unwrap();
    std::fs::remove_file(out.join("levels.c")).unwrap();
    let report = build(&src, &out).try_compile().unwrap();
    assert_eq!(report.compiled, 0, "restored from the cache and the blobs");
    assert_eq!(std::fs::read(out.join("alpha.lev")).unwrap(), lev);
    assert_eq!(std::fs::read(out.join("levels.c")).unwrap(), c);
    let mut written = report.written.clone();
    written.sort();
    assert_eq!(written, [out.join("alpha.lev"), out.join("levels.c")]);
}

#[test]
fn a_manifest_edited_behind_levbuilds_back_is_not_believed() {
    let (tmp, src) = small_tree_in("manifest-edit");
    let out = tmp.path().join("out");
    let first = build(&src, &out).try_compile().unwrap();
    let rs = std::fs::read_to_string(out.join("levels.rs")).unwrap();
    let manifest = out.join(".levbuild-set");
    let text = std::fs::read_to_string(&manifest).unwrap();
    // Delete one output line, swap two lines, duplicate one.
    let lines: Vec<&str> = text.lines().collect();
    let out_line = lines.iter().position(|l| l.starts_with(" out ")).unwrap();
    let mut deleted = lines.clone();
    deleted.remove(out_line);
    let mut swapped = lines.clone();
    swapped.swap(3, 4);
    let mut duplicated = lines.clone();
    duplicated.insert(out_line, lines[out_line]);
    for damaged in [deleted, swapped, duplicated] {
        std::fs::write(&manifest, damaged.join("\n") + "\n").unwrap();
        let report = build(&src, &out)
            .try_compile()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.levels, first.levels);
        assert_eq!(std::fs::read_to_string(out.join("levels.rs")).unwrap(), rs);
        let again = build(&src, &out).try_compile().unwrap();
        assert_eq!(
            again.written.len(),
            0,
            "the rebuilt manifest is believed again"
        );
    }
}

#[test]
fn builder_state_cannot_reach_outside_the_output_dir() {
    let tmp = TempDir::new("state-escape");
    let a = tmp.path().join("v/a");
    let b = tmp.path().join("v/b");
    small_tree(&a);
    small_tree(&b);
    let out = tmp.path().join("out");
    sets_build(&[a.clone(), b.clone()], &out)
        .try_compile()
        .unwrap();
    // Someone points the top manifest's set list outside the output dir.
    let victim = tmp.path().join("victim");
    std::fs::create_dir_all(&victim).unwrap();
    std::fs::write(victim.join(".levbuild-set"), "not levbuild's").unwrap();
    let top = out.join(".levbuild-manifest");
    let text = std::fs::read_to_string(&top).unwrap();
    let evil = text.replacen("\nset ", "\nset ../victim\nset /abs\nset ", 1);
    assert_ne!(evil, text);
    std::fs::write(&top, evil).unwrap();
    sets_build(&[a], &out).try_compile().unwrap();
    assert_eq!(
        std::fs::read_to_string(victim.join(".levbuild-set")).unwrap(),
        "not levbuild's"
    );
    assert!(!std::path::Path::new("/abs").exists());
}

#[test]
fn a_users_file_over_a_stale_output_is_left_alone() {
    let (tmp, src) = small_tree_in("stale-user-file");
    let out = tmp.path().join("out");
    build(&src, &out).try_compile().unwrap();
    // The user writes their own file where a blob was; then its source goes.
    std::fs::write(out.join("beta.lev"), "mine").unwrap();
    std::fs::remove_file(src.join("sub/b.des")).unwrap();
    let report = build(&src, &out).try_compile().unwrap();
    assert_eq!(std::fs::read(out.join("beta.lev")).unwrap(), b"mine");
    assert!(
        report.notes.iter().any(|n| n.contains("beta.lev in place")),
        "{:?}",
        report.notes
    );
    // An untouched stale blob is removed as before.
    std::fs::remove_file(src.join("a.des")).unwrap();
    let report = build(&src, &out).try_compile().unwrap();
    assert!(!out.join("alpha.lev").exists());
    // alpha.lev and a.des's data file of levels.c.
    assert_eq!(report.removed.len(), 2, "{:?}", report.removed);
}

#[cfg(unix)]
#[test]
fn fifos_and_devices_named_like_sources_are_skipped() {
    let (tmp, src) = small_tree_in("special-files");
    let fifo = src.join("pipe.des");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        common::skip("mkfifo is not available");
        return;
    }
    std::os::unix::fs::symlink("/dev/zero", src.join("zero.des")).unwrap();
    let report = build(&src, &tmp.path().join("out")).try_compile().unwrap();
    assert_eq!(report.sources, 3);
    for name in ["pipe.des", "zero.des"] {
        assert!(
            report
                .notes
                .iter()
                .any(|n| n.contains(name) && n.contains("not a regular file")),
            "{name}: {:?}",
            report.notes
        );
    }
}

#[test]
fn two_products_of_one_build_never_share_an_output_file() {
    let (tmp, src) = small_tree_in("clash");
    let out = tmp.path().join("out");
    // Two dungeon files of one set, each writing OUT/dungeon.
    std::fs::create_dir_all(src.join("other")).unwrap();
    std::fs::write(src.join("other/dungeon.def"), DGN).unwrap();
    let e = build(&src, &out).try_compile().unwrap_err();
    let ErrorKind::Failed { clashes, .. } = e.kind() else {
        panic!("{e}")
    };
    assert_eq!(clashes.len(), 1, "{e}");
    assert_eq!(clashes[0].file, "dungeon");
    assert!(
        e.to_string().contains("output dungeon is written by both"),
        "{e}"
    );
    std::fs::remove_file(src.join("other/dungeon.def")).unwrap();
    // Dungeon files named after a blob, the index or levbuild's state.
    for name in ["alpha.lev.def", "levels.rs.def", ".levbuild-set.def"] {
        std::fs::write(src.join(name), DGN).unwrap();
        let e = build(&src, &out)
            .dungeon_file("*.def")
            .try_compile()
            .unwrap_err();
        assert!(
            e.to_string().contains("is written by both")
                || e.to_string().contains("would overwrite levbuild's own"),
            "{name}: {e}"
        );
        std::fs::remove_file(src.join(name)).unwrap();
        assert!(!out.exists(), "a failed build writes nothing");
    }
}

#[test]
fn level_sets_that_would_share_a_directory_are_refused() {
    let tmp = TempDir::new("set-places");
    let outer = tmp.path().join("v/d");
    let inner = outer.join("set0");
    small_tree(&outer);
    small_tree(&inner);
    let out = tmp.path().join("out");
    let e = sets_build(&[outer.clone(), inner.clone()], &out)
        .try_compile()
        .unwrap_err();
    assert!(e.to_string().contains("is inside source directory"), "{e}");
    let e = sets_build(&[outer.clone(), outer.clone()], &out)
        .try_compile()
        .unwrap_err();
    assert!(e.to_string().contains("is given twice"), "{e}");
    assert!(!out.exists());
}

#[cfg(unix)]
#[test]
fn directory_names_differing_only_in_non_utf8_bytes_are_refused() {
    use std::os::unix::ffi::OsStrExt;
    let tmp = TempDir::new("non-utf8");
    let dirs: Vec<std::path::PathBuf> = [b"a\xff".as_slice(), b"a\xfe".as_slice()]
        .iter()
        .map(|n| tmp.path().join(std::ffi::OsStr::from_bytes(n)))
        .collect();
    for d in &dirs {
        small_tree(d);
    }
    let out = tmp.path().join("out");
    let e = sets_build(&dirs, &out).try_compile().unwrap_err();
    assert!(
        e.to_string()
            .contains("differ only in bytes that are not UTF-8"),
        "{e}"
    );
    assert!(!out.exists());
}

#[test]
fn data_files_of_levels_c_deleted_or_damaged_are_restored() {
    let (tmp, src) = small_tree_in("data-files");
    let out = tmp.path().join("out");
    build(&src, &out).try_compile().unwrap();
    let data = out.join("levels.c.d");
    let data_file = |prefix: &str| {
        (std::fs::read_dir(&data).unwrap())
            .map(|e| e.unwrap().path())
            .find(|p| p.file_name().unwrap().to_string_lossy().starts_with(prefix))
            .unwrap()
    };
    let (a, b) = (data_file("a.des-"), data_file("sub_b.des-"));
    let (a_text, b_text) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    // A no-op build computes no data file's key, but looks at each file.
    std::fs::remove_file(&a).unwrap();
    let report = build(&src, &out).try_compile().unwrap();
    assert_eq!(
        (report.compiled, &report.written[..]),
        (0, &[a.clone()][..])
    );
    assert_eq!(std::fs::read(&a).unwrap(), a_text);
    let report = build(&src, &out).try_compile().unwrap();
    assert!(report.written.is_empty(), "{:?}", report.written);
    // Replaced under its name by a rename, as editors save.
    let other = data.join("replacement");
    std::fs::write(&other, "garbage").unwrap();
    std::fs::rename(&other, &b).unwrap();
    let report = build(&src, &out).try_compile().unwrap();
    assert_eq!(report.written, std::slice::from_ref(&b));
    assert_eq!(std::fs::read(&b).unwrap(), b_text);
    // The whole directory (a.des's, sub/b.des's and dungeon.def's files).
    std::fs::remove_dir_all(&data).unwrap();
    let report = build(&src, &out).try_compile().unwrap();
    assert_eq!(report.written.len(), 3, "{:?}", report.written);
    assert!(report.written.iter().all(|f| f.starts_with(&data)));
    assert_eq!(std::fs::read(&a).unwrap(), a_text);
    // Rewritten in place, under its name and inode; then again, in a
    // build that changes another source of the set (whose data files
    // keep their recorded keys, and are still looked at).
    std::fs::write(&a, "garbage").unwrap();
    let report = build(&src, &out).try_compile().unwrap();
    assert_eq!(report.written, std::slice::from_ref(&a));
    assert_eq!(std::fs::read(&a).unwrap(), a_text);
    std::fs::write(&a, "garbage").unwrap();
    std::fs::write(src.join("sub/b.des"), format!("{B}# a comment\n")).unwrap();
    let report = build(&src, &out).try_compile().unwrap();
    assert_eq!(report.compiled, 1);
    assert_eq!(report.written, std::slice::from_ref(&a));
    assert_eq!(std::fs::read(&a).unwrap(), a_text);
}

#[test]
fn an_invisible_edit_of_an_output_cannot_wedge_the_build() {
    let (tmp, src) = small_tree_in("wedge");
    let out = tmp.path().join("out");
    // Sources old enough for their stamps to be trusted.
    std::thread::sleep(std::time::Duration::from_millis(150));
    build(&src, &out).try_compile().unwrap();
    let alpha = out.join("alpha.lev");
    let good = std::fs::read(&alpha).unwrap();
    // Rewritten in place: same size, same modification time.
    let mtime = std::fs::metadata(&alpha).unwrap().modified().unwrap();
    let mut bad = good.clone();
    *bad.last_mut().unwrap() ^= 0xff;
    std::fs::write(&alpha, &bad).unwrap();
    std::fs::File::options()
        .write(true)
        .open(&alpha)
        .unwrap()
        .set_modified(mtime)
        .unwrap();
    // Something that regenerates alpha's data file of levels.c from the
    // blob on disk.
    let data = std::fs::read_dir(out.join("levels.c.d"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("a.des-")
        })
        .unwrap();
    std::fs::remove_file(data).unwrap();
    let e = build(&src, &out).try_compile().unwrap_err();
    assert!(e.to_string().contains("build again"), "{e}");
    // The next build succeeds and restores it; so do those after it.
    build(&src, &out)
        .try_compile()
        .unwrap_or_else(|e| panic!("{e}"));
    build(&src, &out)
        .try_compile()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(std::fs::read(&alpha).unwrap(), good);
}

#[cfg(unix)]
#[test]
fn temporary_files_of_a_killed_build_are_cleared_by_the_next() {
    let (tmp, src) = small_tree_in("leftovers");
    let out = tmp.path().join("out");
    build(&src, &out).try_compile().unwrap();
    // No process has this id (above Linux's largest), and this one runs.
    let dead = [
        out.join(".alpha.lev.4194305.0.tmp"),
        out.join(".levbuild-cache/.x.pack.4194305.3.tmp"),
        // levels.c's data files are written in a directory of their own.
        out.join("levels.c.d/.a.des-0123456789abcdef.inc.4194305.1.tmp"),
    ];
    let live = out.join(format!(".beta.lev.{}.9.tmp", std::process::id()));
    for f in dead.iter().chain([&live]) {
        std::fs::write(f, "partial").unwrap();
    }
    // A build sweeps only after a build that was killed while writing: one
    // whose marker (written before its first temporary file, removed
    // after its last) is still there and names a process that is gone.
    std::fs::write(src.join("a.des"), A.replace("...", "..")).unwrap();
    build(&src, &out).try_compile().unwrap();
    assert!(dead.iter().all(|f| f.exists()), "no build was killed");
    let marker = out.join(".levbuild-writers/4194305.0");
    std::fs::write(&marker, "").unwrap();
    std::fs::write(src.join("a.des"), A).unwrap();
    build(&src, &out).try_compile().unwrap();
    for f in &dead {
        assert!(!f.exists(), "{}", f.display());
    }
    assert!(live.exists(), "a running build's temporary file stays");
    assert!(
        !marker.exists(),
        "the killed build's marker goes with its files"
    );
    // A build with nothing to compile or save clears the cache's too (a
    // build killed while saving packs leaves the tree up to date).
    std::fs::write(&dead[1], "partial").unwrap();
    std::fs::write(&marker, "").unwrap();
    let report = build(&src, &out).try_compile().unwrap();
    assert_eq!((report.compiled, report.written.len()), (0, 0));
    assert!(!dead[1].exists(), "{}", dead[1].display());
    // What a build writes in the output directory besides its outputs: the
    // cache, and no marker once it is done.
    let writers = std::fs::read_dir(out.join(".levbuild-writers")).unwrap();
    assert_eq!(writers.count(), 0);
}

#[test]
fn identical_sources_share_cache_entries_and_what_no_set_uses_goes() {
    let tmp = TempDir::new("shared-entries");
    let names = ["a", "b", "c", "d", "e"];
    let sets = variant_sets(&tmp, &names);
    // One set of its own content: `e`'s a.des differs.
    let own = sets[4].join("a.des");
    std::fs::write(&own, format!("{A}# e's own\n")).unwrap();
    let out = tmp.path().join("out");
    sets_build(&sets, &out).try_compile().unwrap();
    let entries = || {
        std::fs::read_dir(out.join(".levbuild-cache"))
            .unwrap()
            .filter(|f| {
                let path = f.as_ref().unwrap().path();
                path.extension().is_some_and(|x| x == "entry")
            })
            .count()
    };
    // Three sources a set, shared by the identical ones: e adds one.
    assert_eq!(entries(), 4, "one entry per distinct source");
    // Dropping a set that shares everything drops nothing.
    sets_build(&sets[1..], &out).try_compile().unwrap();
    assert_eq!(entries(), 4);
    // Dropping the set of the one distinct source drops its entry.
    sets_build(&sets[..3], &out).try_compile().unwrap();
    assert_eq!(entries(), 3);
    // An edit replaces its entry; undoing it replaces it back.
    let a = sets[0].join("a.des");
    std::fs::write(&a, format!("{A}# edited\n")).unwrap();
    let report = sets_build(&sets[..3], &out).try_compile().unwrap();
    assert_eq!(
        (report.compiled, entries()),
        (1, 4),
        "a's old content is still b's"
    );
    // Rebuilding from the cache still works.
    std::fs::remove_file(out.join("b/dat/alpha.lev")).unwrap();
    let report = sets_build(&sets[..3], &out).try_compile().unwrap();
    assert_eq!((report.compiled, report.cached), (0, 9));
    assert!(out.join("b/dat/alpha.lev").is_file());
}

#[test]
fn warnings_into_errors_fails_the_build_and_writes_nothing() {
    let (tmp, src) = small_tree_in("deny");
    let out = tmp.path().join("out");
    // The small tree's dungeon names a level ("gamma") no .des defines.
    let report = build(&src, &out).try_compile().unwrap();
    assert_eq!(report.warnings.len(), 1, "{:?}", report.warnings);
    let strict = tmp.path().join("strict");
    let e = build(&src, &strict)
        .warnings_into_errors(true)
        .try_compile()
        .unwrap_err();
    let ErrorKind::WarningsDenied(warnings) = e.kind() else {
        panic!("{e}")
    };
    assert_eq!(warnings, &report.warnings);
    assert!(
        e.to_string().contains(": error[dungeon-missing-level]: "),
        "{e}"
    );
    assert!(!strict.exists());
    // Without warnings it changes nothing.
    std::fs::write(src.join("gamma.des"), A.replace("alpha", "gamma")).unwrap();
    build(&src, &strict)
        .warnings_into_errors(true)
        .try_compile()
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn superseded_cache_packs_do_not_pile_up() {
    let (tmp, src) = small_tree_in("pile");
    let out = tmp.path().join("out");
    for i in 0..40 {
        std::fs::write(src.join("a.des"), format!("# edit {i}\n{A}")).unwrap();
        build(&src, &out).try_compile().unwrap();
    }
    let files = std::fs::read_dir(out.join(".levbuild-cache"))
        .unwrap()
        .count();
    assert!(files <= 2 + 16 + 1, "{files} files in the cache");
}

#[test]
fn a_missing_random_level_is_one_warning_listing_its_variants() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let tmp = TempDir::new("rndlevel");
    let src = tmp.path().join("dat");
    common::copy_dir(&common::corpus_dat(&shared), &src);
    std::fs::remove_file(src.join("bigroom.des")).unwrap();
    let report = build(&src, &tmp.path().join("out")).try_compile().unwrap();
    assert_eq!(report.warnings.len(), 1, "{:?}", report.warnings);
    assert!(
        report.warnings[0].to_string().contains(
            "warning[dungeon-missing-level]: dungeon \"The Dungeons of Doom\" needs 5 levels for RNDLEVEL \"bigrm\" \
             (bigrm-1, bigrm-2, bigrm-3, bigrm-4, bigrm-5), but no .des file defines them; help: "
        ),
        "{}",
        report.warnings[0]
    );
}

#[test]
fn define_and_undefine_change_the_games_makedefs_features() {
    let (tmp, src) = small_tree_in("define");
    std::fs::write(
        src.join("dungeon.def"),
        "DUNGEON: \"Main\" \"M\" (5, 0)\nLEVEL: \"alpha\" \"A\" @ (1, 0)\n%REINCARNATION LEVEL: \"gamma\" \"G\" @ (2, 0)\n%MYFEAT LEVEL: \"beta\" \"B\" @ (3, 0)\n",
    )
    .unwrap();
    let out = tmp.path().join("out");
    // MYFEAT is unknown to the game: an error until it is defined.
    let e = build(&src, &out).try_compile().unwrap_err();
    assert!(
        e.to_string().contains("Unknown control option '%MYFEAT'"),
        "{e}"
    );
    let report = build(&src, &out).define("MYFEAT").try_compile().unwrap();
    assert_eq!(
        report.warnings.len(),
        1,
        "gamma is missing: {:?}",
        report.warnings
    );
    let report = build(&src, &out)
        .define("MYFEAT")
        .undefine("REINCARNATION")
        .try_compile()
        .unwrap();
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
}

#[cfg(feature = "nethack36")]
#[test]
fn a_36_tree_builds_with_dialect_36_and_the_dialect_is_in_the_cache_key() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let tmp = TempDir::new("dialect36");
    let src = tmp.path().join("dat");
    copy_dir(&shared.join("corpus/nethack-3.6.7/dat"), &src);
    let out = tmp.path().join("out");
    let mut b = build(&src, &out);
    b.game(levbuild::Game::nethack_367());
    let report = b.try_compile().unwrap();
    assert_eq!((report.levels, report.dungeons), (120, 1));
    assert!(
        report.games[0].contains("3.6 level language"),
        "{:?}",
        report.games
    );
    let golden = shared.join("golden/nethack-3.6.7");
    for e in std::fs::read_dir(&golden).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".lev") || name == "dungeon" {
            assert!(
                std::fs::read(out.join(&name)).unwrap()
                    == std::fs::read(golden.join(&name)).unwrap(),
                "{name} differs from 3.6.7's"
            );
        }
    }
    // The same tree as 3.4.3 is another build: nothing comes from the
    // 3.6 results, and the 3.4.3 compiler rejects the 3.6 syntax.
    let err = build(&src, &out).try_compile().unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Failed { .. }), "{err}");
    let again = b.try_compile().unwrap();
    assert_eq!(
        (again.compiled, again.unchanged),
        (0, 150),
        "the failed 3.4.3 build wrote nothing (125 files and 25 data files of levels.c)"
    );
}

#[test]
fn warnings_are_the_same_values_compiled_cached_or_proved_by_the_manifest() {
    let tmp = TempDir::new("warning-values");
    let src = tmp.path().join("dat");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::write(
        src.join("w.des"),
        "MAZE:\"w\",' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n\
         MONSTER:'D',\"soldierx\",(1,0)\nOBJECT:'[',\"mithrilx\",(2,0)\n",
    )
    .unwrap();
    let (out, cache) = (tmp.path().join("out"), tmp.path().join("cache"));
    let run = || {
        let mut b = build(&src, &out);
        b.cache_dir(&cache);
        b.try_compile().unwrap()
    };
    let compiled = run();
    assert_eq!(compiled.compiled, 1);
    assert_eq!(compiled.warnings.len(), 2, "{:?}", compiled.warnings);
    let first = &compiled.warnings[0];
    let at = first
        .at
        .as_ref()
        .expect("a compiler warning has a position");
    assert_eq!((at.line, at.column, at.end_line), (6, 13, 6));
    assert_eq!(first.file, src.join("w.des"));
    assert!(first.label.is_some() && first.message.starts_with("Invalid monster name"));
    // Proved unchanged by the manifest, then read back from the cache.
    let proved = run();
    assert_eq!((proved.compiled, proved.unchanged > 0), (0, true));
    assert_eq!(proved.warnings, compiled.warnings);
    std::fs::remove_dir_all(&out).unwrap();
    let cached = run();
    assert_eq!((cached.compiled, cached.cached), (0, 1));
    assert_eq!(cached.warnings, compiled.warnings);
}

/// A partial `dat/` with a full `dungeon.def` (vanilla's needs 24 levels
/// such a tree may lack) gets one warning on every build, not one per
/// level: the count, every missing level by dungeon, and how to allow it.
#[test]
fn a_partial_dat_is_one_missing_levels_warning_that_says_how_to_allow_it() {
    let (tmp, src) = small_tree_in("partial-dat");
    std::fs::write(
        src.join("dungeon.def"),
        "DUNGEON: \"Main\" \"M\" (5, 0)\nLEVEL: \"alpha\" \"A\" @ (1, 0)\n\
         LEVEL: \"oracle\" \"O\" @ (2, 0)\nRNDLEVEL: \"bigrm\" \"B\" @ (3, 0) 2\n\
         DUNGEON: \"Under\" \"U\" (3, 0)\nLEVEL: \"valley\" \"V\" @ (1, 0)\n",
    )
    .unwrap();
    let out = tmp.path().join("out");
    let report = build(&src, &out).try_compile().unwrap();
    assert_eq!(report.warnings.len(), 1, "{:?}", report.warnings);
    let w = &report.warnings[0];
    assert_eq!(w.code, Some("dungeon-missing-level"));
    assert_eq!(
        w.message,
        "the dungeons need 4 levels that no .des file defines \
         (\"Main\": oracle, bigrm-1, bigrm-2; \"Under\": valley)"
    );
    let help = w.help.as_deref().unwrap_or_default();
    assert!(
        help.contains("Build::allow(\"dungeon-missing-level\")"),
        "{help}"
    );
    assert!(help.contains("--allow dungeon-missing-level"), "{help}");
    let report = build(&src, &out)
        .allow("dungeon-missing-level")
        .try_compile()
        .unwrap();
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
}

/// NetHack 3.6.7's own files fill every maze with `' '` and give most
/// rooms flags that lev_comp writes from their alignment: levbuild's notes
/// on both are `-w` warnings, so the game's files build quietly.
#[test]
fn the_36_notes_on_lev_comps_quirks_are_extra_warnings() {
    let tmp = TempDir::new("quiet-36");
    let src = tmp.path().join("dat");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::write(
        src.join("m.des"),
        "MAZE: \"m\", ' '\nGEOMETRY: center, center\nMAP\n...\nENDMAP\n",
    )
    .unwrap();
    std::fs::write(
        src.join("r.des"),
        "LEVEL: \"r\"\nROOM: \"ordinary\", lit, (1,1), (center,center), (5,5) {\n}\n",
    )
    .unwrap();
    let out = tmp.path().join("out");
    let mut quiet = build(&src, &out);
    quiet.game(levbuild::Game::nethack_367());
    let report = quiet.try_compile().unwrap();
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    let report = quiet.extra_warnings(true).try_compile().unwrap();
    let mut codes: Vec<_> = report.warnings.iter().filter_map(|w| w.code).collect();
    codes.sort_unstable();
    assert_eq!(
        codes,
        ["maze-filler-invalid-terrain", "room-flags-from-alignment"]
    );
    // The game's own files: 93 such notes with -w, none without.
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let dat = common::corpus_dat_of(&shared, "nethack-3.6.7");
    let mut vanilla = build(&dat, &tmp.path().join("out36"));
    vanilla.game(levbuild::Game::nethack_367()).check_only(true);
    let report = vanilla.try_compile().unwrap();
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    let report = vanilla.extra_warnings(true).try_compile().unwrap();
    assert_eq!(report.warnings.len(), 93);
}
