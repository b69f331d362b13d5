//! Generated files using the dNetHack-family extensions (issue #24),
//! compiled with the committed identity files of dNetHack 3.18.0 and
//! notnotdNetHack 2025.05.16 and, opt-in, with each game's own `lev_comp`
//! built outside the repository (`LEVBUILD_REF_LEV_COMP_DNETHACK`,
//! `LEVBUILD_REF_LEV_COMP_NOTNOTDNETHACK`; skipped, and says so, without
//! them). Both must accept or refuse alike, and write the same bytes.

use std::sync::Arc;

use levbuild::des;
use levbuild::{Game, Layout};

use crate::common;
use crate::common::gendnh::{generated, Flavour};

fn game(name: &str) -> Arc<Game> {
    Arc::new(Game::from_identity_file(&common::identity_file(name)).unwrap())
}

fn differential(var: &str, identity: &str, flavour: Flavour, label: &str) {
    let Some(lev_comp) = common::reference_tool(var) else {
        common::skip_unavailable(&format!("{var} does not name a {label} lev_comp"));
        return;
    };
    let options = des::Options::for_game(game(identity)).with_layout(Layout::LP64);
    common::generated_differential(
        label,
        &lev_comp,
        &options,
        common::diff_cases(60),
        |seed| generated(seed, flavour),
        3,
    );
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

/// notnotdNetHack's sanity flag after a register place (`place[2]
/// [noskipcheck]`) keeps the register: its `lev_comp` stores place 2, not
/// a random coordinate (#34: found by the differential harness).
#[test]
fn a_sanity_flag_after_a_register_place_keeps_the_register() {
    let options =
        des::Options::for_game(game("notnotdnethack-2025.05.16")).with_layout(Layout::LP64);
    let at = |tail: &str| {
        let src = format!(
            "MAZE: \"s\", ' '\nGEOMETRY: center, center\nMAP\n....\n....\nENDMAP\n\
             RANDOM_PLACES: (0,0), (1,0), (2,0)\n\
             MONSTER: 'm', \"large mimic\", place[2]{tail}\n\
             OBJECT: '(', \"chest\", place[1]{tail}\n"
        );
        let file = des::compile_with(&src, "s.des", &options).unwrap();
        let des::LevelBody::Maze(maze) = &file.levels[0].level.body else {
            panic!("a maze level")
        };
        let part = &maze.parts[0];
        (part.monsters[0].pos, part.objects[0].pos)
    };
    let plain = at("");
    assert_eq!((plain.0.y, plain.1.y), (-3, -2), "registers 2 and 1");
    assert_eq!(at(" [noskipcheck]"), plain);
    assert_eq!(at(" [skipcheck]"), plain);
}
