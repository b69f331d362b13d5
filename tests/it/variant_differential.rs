//! Generated files of AceHack and FIQHack (`common::gen343::des_file_for`,
//! with each game's language additions as its identity file describes
//! them), compiled with the committed identity file and, opt-in, with the
//! game's own `lev_comp` built outside the repository
//! (`LEVBUILD_REF_LEV_COMP_ACEHACK`, `LEVBUILD_REF_LEV_COMP_FIQHACK`;
//! skipped, and says so, without them; `LEVBUILD_DIFF_CASES` files, 1,000
//! by default). Both must accept or refuse alike, and write the same bytes.

use crate::common;
use crate::common::gen343::des_file_for;
use crate::common::variant::{game, options};

fn differential(var: &str, identity: &str, label: &str) {
    let Some(lev_comp) = common::reference_tool(var) else {
        common::skip_unavailable(&format!("{var} does not name {label}'s lev_comp"));
        return;
    };
    let game = game(identity);
    common::generated_differential(
        label,
        &lev_comp,
        &options(&game),
        common::diff_cases(1000),
        |seed| des_file_for(seed, &game),
        3,
    );
}

#[test]
fn generated_acehack_files_match_acehacks_lev_comp() {
    differential("LEVBUILD_REF_LEV_COMP_ACEHACK", "acehack-3.6.0", "AceHack");
}

#[test]
fn generated_fiqhack_files_match_fiqhacks_lev_comp() {
    differential("LEVBUILD_REF_LEV_COMP_FIQHACK", "fiqhack-4.3.1", "FIQHack");
}

#[test]
fn the_generator_writes_each_games_additions() {
    let all = |name: &str| -> String {
        let game = game(name);
        (0..200).map(|seed| des_file_for(seed, &game)).collect()
    };
    let ace = all("acehack-3.6.0");
    for want in ["identified", "LADDER: levregion(", "ROOM: "] {
        assert!(ace.contains(want), "AceHack: no {want}");
    }
    // A ladder inside a room: after a ROOM line, before the corridors.
    assert!(
        ace.split("ROOM: ").skip(1).any(|room| room
            .split("RANDOM_CORRIDORS")
            .next()
            .unwrap()
            .contains("\nLADDER: (")),
        "AceHack: no ladder in a room"
    );
    let fiq = all("fiqhack-4.3.1");
    for want in [
        "HALLUMSG: ",
        "mineslight",
        "levregion()",
        "levregion(0,",
        "TELEPORT_REGION: levregion(0,0,78,20)",
    ] {
        assert!(fiq.contains(want), "FIQHack: no {want}");
    }
    assert!(
        fiq.lines()
            .any(|l| l.starts_with("ROOM: ") && l.contains("(") && !l.contains("random, random")),
        "FIQHack: no ROOM at map coordinates"
    );
    // Neither game's additions in NetHack 3.4.3's files.
    let vanilla: String = (0..200).map(common::gen343::des_file).collect();
    for word in ["identified", "HALLUMSG", "mineslight", "levregion()"] {
        assert!(!vanilla.contains(word), "3.4.3: {word}");
    }
}
