//! Map characters a game's `lev_comp` reads with a warning, from the
//! committed identity files: where its `what_map_char` warns (`K` in a
//! NetHack 3.4.3 built without `SINKS`: `nethack-3.4.3-nosinks.game`,
//! written by `levbuild game` from the 3.4.3 tree with `SINKS` undefined),
//! and where its lexer lets a character into a `MAP` row that is no map
//! character (dNetHack's and notnotdNetHack's `N` and `Y`: stone). The
//! bytes are what the game's own `lev_comp` writes, and the warning says
//! so. Opt-in, each case against the game's own `lev_comp`
//! (`LEVBUILD_REF_LEV_COMP_DNETHACK`, `LEVBUILD_REF_LEV_COMP_NOTNOTDNETHACK`,
//! and `LEVBUILD_REF_LEV_COMP_NOSINKS` for a 3.4.3 `lev_comp` built with
//! `SINKS` undefined; skipped, and says so, without them).

use std::sync::Arc;

use levbuild::des::{self, LevelBody, Terrain};
use levbuild::{Game, Layout};

use crate::common;

fn game(name: &str) -> Arc<Game> {
    Arc::new(Game::from_identity_file(&common::identity_file(name)).unwrap())
}

fn options(game: Arc<Game>) -> des::Options {
    des::Options::for_game(game).with_layout(Layout::LP64)
}

/// (name, line, column, message) of each warning.
fn warnings(d: &levbuild::Diagnostics) -> Vec<(&'static str, usize, usize, String)> {
    d.warnings()
        .map(|w| (w.code.unwrap(), w.line, w.column, w.message.clone()))
        .collect()
}

/// The one level of `file`, decoded from its bytes.
fn decoded(file: &des::CompiledFile, game: &Game) -> des::Level {
    let level = &file.levels[0];
    des::decode(&level.bytes, &level.name, game, Layout::LP64).unwrap()
}

/// The terrain of the first map part of a maze level, row by row.
fn map_rows(level: &des::Level) -> Vec<Vec<i8>> {
    let LevelBody::Maze(maze) = &level.body else {
        panic!("not a maze")
    };
    let map = &maze.parts[0].map;
    (map.cells.chunks(usize::from(map.width)))
        .map(|row| row.iter().map(|t| t.0).collect())
        .collect()
}

const SINKS: &str = "MAZE: \"sinks\", 'K'\n\
                     INIT_MAP: '.', 'K', true, false, lit, false\n\
                     GEOMETRY: center, center\n\
                     MAP\n\
                     ---\n\
                     |K|\n\
                     1K3\n\
                     ENDMAP\n";

const SINK_WARNING: &str = "Sinks are not allowed in this version!  Ignoring...";

#[test]
fn a_character_the_game_was_built_without_is_stored_as_its_lev_comp_reads_it() {
    let nosinks = game("nethack-3.4.3-nosinks");
    let n = &nosinks.format().numbering;
    assert_eq!(n.map_char_warning(b'K'), Some(SINK_WARNING));
    let room = n.terrain_code("ROOM").unwrap();
    assert_eq!(n.map_char_terrain(b'K'), Some(room));
    let file = des::compile_with(SINKS, "sinks.des", &options(nosinks.clone())).unwrap();
    let w = "disabled-map-character";
    let msg = SINK_WARNING.to_string();
    assert_eq!(
        warnings(&file.warnings),
        [
            (w, 1, 16, msg.clone()),
            (w, 2, 16, msg.clone()),
            (w, 6, 2, msg.clone()),
            (w, 7, 2, msg)
        ]
    );
    let first = file.warnings.warnings().next().unwrap();
    assert_eq!(first.label.as_deref(), Some("`K` is read as ROOM"));
    // The bytes: ROOM where the file has `K`, in the fill, the INIT_MAP
    // background and the map (`1` and `3` are line numbers lev_comp drops).
    let level = decoded(&file, &nosinks);
    let LevelBody::Maze(maze) = &level.body else {
        panic!("not a maze")
    };
    assert_eq!(maze.filling, Terrain(room));
    assert_eq!(level.init.unwrap().bg, Terrain(room));
    let (h, v) = (2, 1);
    assert_eq!(
        map_rows(&level),
        [[h, h, h], [v, room, v], [room, 0, 0]],
        "`1K3` is the row `K`, padded with stone"
    );

    // With SINKS (NetHack 3.4.3 as built): a sink, and no warning.
    let vanilla = game("nethack-3.4.3");
    let file = des::compile_with(SINKS, "sinks.des", &options(vanilla.clone())).unwrap();
    assert!(file.warnings.is_empty(), "{:?}", file.warnings);
    let sink = vanilla.format().numbering.terrain_code("SINK").unwrap();
    assert_eq!(map_rows(&decoded(&file, &vanilla))[1], [v, sink, v]);
}

const STONES: &str = "MAZE: \"stone\", ' '\n\
                      GEOMETRY: center, center\n\
                      MAP\n\
                      ------\n\
                      |.N,.|\n\
                      1..Y.2\n\
                      ------\n\
                      ENDMAP\n";

#[test]
fn a_row_character_that_is_no_map_character_is_stone_with_lev_comps_warning() {
    for name in ["dnethack-3.18.0", "notnotdnethack-2025.05.16"] {
        let g = game(name);
        let n = &g.format().numbering;
        assert!(n.is_map_row_char(b'N') && n.map_char_terrain(b'N').is_none());
        let file = des::compile_with(STONES, "stone.des", &options(g.clone())).unwrap();
        let w = "invalid-map-character";
        let at = |y, x| format!("Invalid character @ ({y}, {x}) - replacing with stone");
        assert_eq!(
            warnings(&file.warnings),
            [(w, 5, 3, at(1, 2)), (w, 6, 4, at(2, 2))],
            "{name}"
        );
        let rows = map_rows(&decoded(&file, &g));
        let (room, grass) = (n.map_char_terrain(b'.'), n.map_char_terrain(b','));
        let (room, grass) = (room.unwrap(), grass.unwrap());
        assert_eq!(rows[1], [1, room, 0, grass, room, 1], "{name}: N is stone");
        assert_eq!(rows[2], [room, room, 0, room, 0, 0], "{name}: Y is stone");
    }
    // NetHack 3.4.3's lexer lets neither into a row: a syntax error.
    let err = des::compile_with(STONES, "stone.des", &options(game("nethack-3.4.3")));
    assert!(err.unwrap_err().has_errors());
}

#[test]
fn notnotdnethacks_forge_is_a_map_character_but_no_row_character() {
    // Its what_map_char reads `O` as a forge (INIT_MAP takes it), but its
    // lexer's map rows do not take it: lev_comp's syntax error.
    let nnd = game("notnotdnethack-2025.05.16");
    let n = &nnd.format().numbering;
    let forge = n.terrain_code("FORGE").unwrap();
    assert_eq!(n.map_char_terrain(b'O'), Some(forge));
    assert!(!n.is_map_row_char(b'O'));
    let row = "MAZE: \"forge\", ' '\nGEOMETRY: center, center\nMAP\n---\n|O|\n---\nENDMAP\n";
    let err = des::compile_with(row, "forge.des", &options(nnd.clone())).unwrap_err();
    let first = err.iter().next().unwrap();
    assert_eq!((first.message.as_str(), first.line), ("syntax error", 5));
    let init = "MAZE: \"forge\", ' '\nINIT_MAP: 'O', ' ', true, false, lit, false\nNOMAP\n";
    let file = des::compile_with(init, "forge.des", &options(nnd.clone())).unwrap();
    assert_eq!(decoded(&file, &nnd).init.unwrap().fg, Terrain(forge));
}

/// The messages of the `WARNING` lines of a lev_comp's standard error.
fn reference_warnings(stderr: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(stderr)
        .lines()
        .filter_map(|l| l.split_once(" : WARNING : ").map(|(_, m)| m.to_string()))
        .collect()
}

#[test]
fn each_games_own_lev_comp_gives_the_same_warnings_and_bytes() {
    for (var, identity, src) in [
        (
            "LEVBUILD_REF_LEV_COMP_NOSINKS",
            "nethack-3.4.3-nosinks",
            SINKS,
        ),
        ("LEVBUILD_REF_LEV_COMP_DNETHACK", "dnethack-3.18.0", STONES),
        (
            "LEVBUILD_REF_LEV_COMP_NOTNOTDNETHACK",
            "notnotdnethack-2025.05.16",
            STONES,
        ),
    ] {
        let Some(lev_comp) = common::reference_tool(var) else {
            common::skip_unavailable(&format!(
                "{var} does not name {identity}'s lev_comp: map character warnings not compared"
            ));
            continue;
        };
        let run = common::run_both(&lev_comp, src, &options(game(identity)));
        assert!(
            run.both_accepted && run.agree,
            "{identity}: {}",
            String::from_utf8_lossy(&run.reference.stderr)
        );
        let ours = run.ours.as_ref().unwrap();
        let messages: Vec<String> = ours
            .warnings
            .warnings()
            .map(|w| w.message.clone())
            .collect();
        assert_eq!(
            messages,
            reference_warnings(&run.reference.stderr),
            "{identity}"
        );
    }
}
