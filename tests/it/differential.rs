//! Differential testing against NetHack 3.4.3's own tools: generated
//! sources (`common::gen343`) through the reference `lev_comp`, and
//! `makedefs -e` + `dgn_comp`, and through levbuild; exit status and every
//! output byte must agree. The reference tools are not part of this
//! repository: build them from the NetHack 3.4.3 sources outside it and
//! point these variables at them (the test says it skipped otherwise):
//!
//! * `LEVBUILD_REF_LEV_COMP`: `lev_comp`;
//! * `LEVBUILD_REF_LEV_COMP_36`: NetHack 3.6.7's `lev_comp` (generated 3.6
//!   sources, `common::gen36`);
//! * `LEVBUILD_REF_MAKEDEFS`, `LEVBUILD_REF_DGN_COMP`: `makedefs`, `dgn_comp`;
//! * `LEVBUILD_DIFF_CASES`: how many files of each kind (default 300).

use crate::common;

use std::collections::BTreeMap;
use std::process::Command;

use common::TempDir;
use levbuild::{des, dungeon, Layout};

fn cases() -> u64 {
    common::diff_cases(300)
}

/// Differences by kind, with the first few seeds of each.
#[derive(Default)]
struct Differences(BTreeMap<String, Vec<u64>>);

impl Differences {
    fn add(&mut self, kind: impl Into<String>, seed: u64) {
        self.0.entry(kind.into()).or_default().push(seed);
    }

    fn assert_none(&self, what: &str) {
        let report: Vec<String> = self
            .0
            .iter()
            .map(|(kind, seeds)| {
                format!(
                    "{kind}: {} case(s), seeds {:?}",
                    seeds.len(),
                    &seeds[..seeds.len().min(8)]
                )
            })
            .collect();
        assert!(
            report.is_empty(),
            "{what} differ from the reference:\n{}",
            report.join("\n")
        );
    }
}

#[test]
fn generated_des_files_match_the_reference_lev_comp() {
    let Some(lev_comp) = common::reference_tool("LEVBUILD_REF_LEV_COMP") else {
        common::skip_unavailable("LEVBUILD_REF_LEV_COMP does not name a reference lev_comp");
        return;
    };
    let mut diffs = Differences::default();
    let (mut compared, mut crashed) = (0, Vec::new());
    for seed in 0..cases() {
        let tmp = TempDir::new("diff-des");
        let src = common::gen343::des_file(seed);
        std::fs::write(tmp.path().join("g.des"), &src).unwrap();
        let status = Command::new(&lev_comp)
            .current_dir(tmp.path())
            .arg("g.des")
            .output()
            .unwrap()
            .status;
        // lev_comp killed by a signal corrupted its own memory (a NOMAP
        // part with map-content checks, say): its output is undefined, and
        // levbuild's answer is its own (see the README).
        if status.code().is_none() {
            crashed.push(seed);
            continue;
        }
        let ok = status.success();
        let options = des::Options::default().with_layout(Layout::LP64);
        match (ok, des::compile_with(&src, "g.des", &options)) {
            (true, Ok(file)) => {
                compared += 1;
                for level in &file.levels {
                    let want = std::fs::read(tmp.path().join(format!("{}.lev", level.name)));
                    match want {
                        Ok(want) if want == level.bytes => {}
                        Ok(want) => diffs.add(first_difference(&want, &level.bytes), seed),
                        Err(_) => diffs.add("level missing from the reference", seed),
                    }
                }
            }
            (false, Err(_)) => {}
            (true, Err(_)) => diffs.add("levbuild refuses what lev_comp accepts", seed),
            (false, Ok(_)) => diffs.add("levbuild accepts what lev_comp refuses", seed),
        }
    }
    diffs.assert_none("generated .des files");
    assert!(
        compared * 2 > cases(),
        "the reference accepted only {compared} files"
    );
    eprintln!(
        "{compared} .des files compared; {} crashed the reference lev_comp (seeds {:?}…)",
        crashed.len(),
        &crashed[..crashed.len().min(12)]
    );
}

#[cfg(feature = "nethack36")]
#[test]
fn generated_36_files_match_the_reference_36_lev_comp() {
    let Some(lev_comp) = common::reference_tool("LEVBUILD_REF_LEV_COMP_36") else {
        common::skip_unavailable("LEVBUILD_REF_LEV_COMP_36 does not name 3.6.7's lev_comp");
        return;
    };
    let game = levbuild::Game::nethack_367();
    let options = des::Options::for_game(game.clone()).with_layout(Layout::LP64);
    let mut diffs = Differences::default();
    let mut compared = 0;
    for seed in 0..cases() {
        let tmp = TempDir::new("diff-des36");
        let src = common::gen36::des_file(seed);
        std::fs::write(tmp.path().join("g.des"), &src).unwrap();
        let status = Command::new(&lev_comp)
            .current_dir(tmp.path())
            .arg("g.des")
            .output()
            .unwrap()
            .status;
        if status.code().is_none() {
            diffs.add("the reference lev_comp crashed", seed);
            continue;
        }
        match (
            status.success(),
            des::nh36::compile_with(&src, "g.des", &options),
        ) {
            (true, Ok(file)) => {
                compared += 1;
                for level in &file.levels {
                    match std::fs::read(tmp.path().join(format!("{}.lev", level.name))) {
                        Ok(want) if want == level.bytes => {}
                        Ok(want) => {
                            let at = des::nh36::decode(&want, &level.name, &game, Layout::LP64)
                                .map(|p| {
                                    p.code
                                        .iter()
                                        .zip(&level.program.code)
                                        .position(|(a, b)| a != b)
                                        .map_or("length".to_string(), |i| {
                                            format!("{} vs {}", p.code[i], level.program.code[i])
                                        })
                                })
                                .unwrap_or_else(|e| e.to_string());
                            diffs.add(format!("program differs: {at}"), seed)
                        }
                        Err(_) => diffs.add("level missing from the reference", seed),
                    }
                }
            }
            (false, Err(_)) => {}
            (true, Err(_)) => diffs.add("levbuild refuses what lev_comp accepts", seed),
            (false, Ok(_)) => diffs.add("levbuild accepts what lev_comp refuses", seed),
        }
    }
    diffs.assert_none("generated 3.6 .des files");
    assert!(
        compared * 2 > cases(),
        "the reference accepted only {compared} files"
    );
    eprintln!("{compared} generated 3.6 .des files compared with 3.6.7's lev_comp");
}

#[test]
fn generated_dungeon_files_match_the_reference_dgn_comp() {
    let (Some(makedefs), Some(dgn_comp)) = (
        common::reference_tool("LEVBUILD_REF_MAKEDEFS"),
        common::reference_tool("LEVBUILD_REF_DGN_COMP"),
    ) else {
        common::skip_unavailable(
            "LEVBUILD_REF_MAKEDEFS and LEVBUILD_REF_DGN_COMP do not name reference tools",
        );
        return;
    };
    let mut diffs = Differences::default();
    let mut compared = 0;
    for seed in 0..cases() {
        let tmp = TempDir::new("diff-dgn");
        let (dat, util) = (tmp.path().join("dat"), tmp.path().join("util"));
        std::fs::create_dir_all(&dat).unwrap();
        std::fs::create_dir_all(&util).unwrap();
        let src = common::gen343::dungeon_file(seed);
        std::fs::write(dat.join("dungeon.def"), &src).unwrap();
        let _ = Command::new(&makedefs)
            .current_dir(&util)
            .arg("-e")
            .output();
        let ok = Command::new(&dgn_comp)
            .current_dir(&dat)
            .arg("dungeon.pdf")
            .output()
            .unwrap()
            .status
            .success();
        let options = dungeon::Options::default().with_layout(Layout::LP64);
        match (ok, dungeon::compile(&src, "dungeon.def", &options)) {
            (true, Ok(out)) => {
                match std::fs::read(dat.join("dungeon")).inspect(|_| compared += 1) {
                    Ok(want) if want == out.bytes => {}
                    Ok(want) => diffs.add(first_difference(&want, &out.bytes), seed),
                    Err(_) => diffs.add("no dungeon from the reference", seed),
                }
            }
            (false, Err(_)) => {}
            (true, Err(_)) => diffs.add("levbuild refuses what dgn_comp accepts", seed),
            (false, Ok(_)) => diffs.add("levbuild accepts what dgn_comp refuses", seed),
        }
    }
    diffs.assert_none("generated dungeon files");
    assert!(
        compared * 2 > cases(),
        "the reference accepted only {compared} files"
    );
}

/// A difference's kind: where the outputs first differ, in 32-byte steps.
fn first_difference(want: &[u8], got: &[u8]) -> String {
    let at = want
        .iter()
        .zip(got)
        .position(|(a, b)| a != b)
        .unwrap_or(want.len().min(got.len()));
    format!(
        "bytes differ from offset {} (sizes {} and {})",
        at / 32 * 32,
        want.len(),
        got.len()
    )
}
