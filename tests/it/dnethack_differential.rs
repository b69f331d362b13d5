//! Generated files using the dNetHack-family extensions (issue #24),
//! compiled with the committed identity files of dNetHack 3.18.0 and
//! notnotdNetHack 2025.05.16 and, opt-in, with each game's own `lev_comp`
//! built outside the repository (`LEVBUILD_REF_LEV_COMP_DNETHACK`,
//! `LEVBUILD_REF_LEV_COMP_NOTNOTDNETHACK`; skipped, and says so, without
//! them). Both must accept or refuse alike, and write the same bytes.

use std::path::PathBuf;
use std::sync::Arc;

use levbuild::des;
use levbuild::{Game, Layout};

use crate::common;
use crate::common::gendnh::{generated, Flavour};

fn game(name: &str) -> Arc<Game> {
    Arc::new(Game::from_identity_file(&common::identity_file(name)).unwrap())
}

fn reference(var: &str) -> Option<PathBuf> {
    let path = PathBuf::from(std::env::var_os(var)?);
    path.is_file().then_some(path)
}

fn differential(var: &str, identity: &str, flavour: Flavour, label: &str) {
    let Some(lev_comp) = reference(var) else {
        common::skip_unavailable(&format!("{var} does not name a {label} lev_comp"));
        return;
    };
    let game = game(identity);
    let options = des::Options {
        layout: Layout::LP64,
        game: game.clone(),
        ..Default::default()
    };
    let cases: u64 = std::env::var("LEVBUILD_DIFF_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(60);
    let (mut agree, mut accepted, mut differ) = (0, 0, Vec::new());
    for seed in 0..cases {
        let src = generated(seed, flavour);
        let run = common::run_both(&lev_comp, &src, &options);
        let (out, ours) = (&run.reference, &run.ours);
        accepted += u64::from(run.both_accepted);
        match run.agree {
            true => agree += 1,
            false => {
                if differ.len() < 5 {
                    eprintln!(
                        "--- seed {seed}: {label} lev_comp {} ({}), levbuild {}\n{src}",
                        if out.status.success() {
                            "accepted"
                        } else {
                            "refused"
                        },
                        String::from_utf8_lossy(&out.stderr).trim(),
                        match ours {
                            Ok(_) => "accepted".to_string(),
                            Err(e) => format!("refused ({e})"),
                        }
                    );
                }
                differ.push(seed)
            }
        }
    }
    eprintln!(
        "{label} differential: {agree} of {cases} generated files agree ({accepted} compiled by both)"
    );
    assert!(differ.is_empty(), "seeds that differ: {differ:?}");
    assert!(accepted * 3 > cases, "only {accepted} files compiled");
}

#[test]
fn generated_dnethack_files_match_dnethacks_lev_comp() {
    differential(
        "LEVBUILD_REF_LEV_COMP_DNETHACK",
        "dnethack-3.18.0",
        Flavour::DNetHack,
        "dNetHack",
    );
}

#[test]
fn generated_notnotdnethack_files_match_notnotdnethacks_lev_comp() {
    differential(
        "LEVBUILD_REF_LEV_COMP_NOTNOTDNETHACK",
        "notnotdnethack-2025.05.16",
        Flavour::NotNotDNetHack,
        "notnotdNetHack",
    );
}

#[test]
fn the_generator_uses_every_extension() {
    let dnh: String = (0..60).map(|s| generated(s, Flavour::DNetHack)).collect();
    let nnd: String = (0..60)
        .map(|s| generated(s, Flavour::NotNotDNetHack))
        .collect();
    for all in [&dnh, &nnd] {
        for word in [
            "DOOR: locked, (",
            "INIT_MAP",
            "OBJECT: '#', \"",
            "ROOM: \"ordinary\"",
            "LEVEL:",
            ", blessed, 0, \"",
        ] {
            assert!(all.contains(word), "no {word} in the generated files");
        }
        assert!(
            all.lines()
                .any(|l| l.starts_with("DOOR: ") && l.matches(',').count() == 2),
            "no map door with a text number"
        );
        assert!(
            all.lines()
                .any(|l| l.starts_with("DOOR: ") && l.matches(',').count() == 4),
            "no room door with a text number"
        );
        assert!(
            all.lines()
                .any(|l| l.starts_with("INIT_MAP") && l.contains(", true, true,")
                    || l.starts_with("INIT_MAP") && l.contains(", false, true,")),
            "no joined INIT_MAP"
        );
        for c in [',', 'G', 'e', 's', 'w', 't', 'N', 'Y', 'O'] {
            let in_map = all
                .split("MAP\n")
                .skip(1)
                .any(|m| m.split("ENDMAP").next().unwrap().contains(c));
            assert!(in_map, "no map character {c:?}");
        }
        let beyond = all.lines().filter(|l| l.starts_with("ROOM:")).any(|l| {
            let pos = l.split(", ").nth(2).unwrap_or("");
            pos.starts_with('(')
                && pos
                    .trim_matches(|c| c == '(' || c == ')')
                    .split(',')
                    .any(|n| n.parse::<u32>().is_ok_and(|n| n > 5))
        });
        assert!(beyond, "no room position beyond 1..5");
    }
    for word in [
        "FORGE: (",
        "[skipcheck]",
        "[noskipcheck]",
        "MONSTER: '#'",
        "\"Quetzalcoatl\"",
        "\"Nobody In Particular\"",
    ] {
        assert!(nnd.contains(word), "no {word} in notnotdNetHack's files");
    }
    // dNetHack's files now and then carry notnotdNetHack's statements,
    // which its lev_comp refuses.
    let dnh_more: String = (0..300).map(|s| generated(s, Flavour::DNetHack)).collect();
    for word in ["FORGE: (", "skipcheck]", "MONSTER: '#'"] {
        assert!(dnh_more.contains(word), "no {word} in dNetHack's files");
    }
    assert!(
        nnd.contains("ROOM: \"ordinary\"") && nnd.lines().any(|l| l.starts_with("CHANCE:")),
        "no CHANCE"
    );
    assert!(
        nnd.lines()
            .collect::<Vec<_>>()
            .windows(2)
            .any(|w| w[0].starts_with("ROOM: \"ordinary\"") && w[1].starts_with("CHANCE:")),
        "no CHANCE on an ordinary room"
    );
}
