//! Random mutations of the real inputs, garbage and huge inputs: the
//! compilers never panic, always answer, and whatever they accept decodes
//! back to the same typed value.

use crate::common;

use common::gen343::Rng;

use levbuild::{des, dungeon};
use levbuild::{Game, Layout};

const WORDS: &[&str] = &[
    "MAZE:",
    "LEVEL:",
    "MAP\n",
    "ENDMAP\n",
    "ROOM:",
    "SUBROOM:",
    "MONSTER:",
    "OBJECT:",
    "random",
    "(",
    ")",
    ",",
    "[50%]",
    "'",
    "\"",
    "place[",
    "]",
    "-",
    "9999999999",
    "\r\n",
    "#",
    "GEOMETRY:center,center\n",
    "NOMAP\n",
    "DUNGEON:",
    "CHAINLEVEL:",
    "%REINCARNATION",
    "@",
    "+",
    "\0",
    "é",
];

fn mutate(rng: &mut Rng, src: &str) -> String {
    let mut bytes = src.as_bytes().to_vec();
    for _ in 0..1 + rng.below(6) {
        if bytes.is_empty() {
            bytes.extend_from_slice(b"MAZE:");
        }
        let at = rng.below(bytes.len());
        match rng.below(7) {
            0 => bytes[at] = b' ' + rng.below(95) as u8,
            1 => bytes[at] = rng.next() as u8,
            2 => {
                let end = (at + rng.below(200)).min(bytes.len());
                bytes.drain(at..end);
            }
            3 => {
                let end = (at + rng.below(300)).min(bytes.len());
                let copy = bytes[at..end].to_vec();
                let to = rng.below(bytes.len());
                bytes.splice(to..to, copy);
            }
            4 => bytes.truncate(at),
            5 => {
                let w = WORDS[rng.below(WORDS.len())].as_bytes().to_vec();
                bytes.splice(at..at, w);
            }
            _ => {
                // Swap two lines.
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let mut lines: Vec<&str> = text.split('\n').collect();
                let (a, b) = (rng.below(lines.len()), rng.below(lines.len()));
                lines.swap(a, b);
                bytes = lines.join("\n").into_bytes();
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn check_des(src: &str) {
    if let Ok(file) = des::compile_with(
        src,
        "m.des",
        &des::Options::default().with_extra_warnings(true),
    ) {
        for l in file.levels {
            assert_eq!(
                des::decode(&l.bytes, &l.name, &Game::nethack_343(), Layout::host()).as_ref(),
                Ok(&l.level)
            );
        }
    }
}

fn check_dungeon(src: &str) {
    if let Ok(out) = dungeon::compile(
        src,
        "m.def",
        &dungeon::Options::default().with_layout(Layout::host()),
    ) {
        if out.dungeon.dungeons.is_empty() {
            // No DUNGEON: an empty file, as dgn_comp writes.
            assert!(out.bytes.is_empty());
            return;
        }
        assert_eq!(
            dungeon::decode(&out.bytes, &Game::nethack_343(), Layout::host()).as_ref(),
            Ok(&out.dungeon)
        );
    }
}

#[test]
fn mutated_corpus_files_never_panic() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let files = common::corpus_des_files(&shared);
    let sources: Vec<String> = files
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    for round in 0..2000 {
        let src = &sources[round % sources.len()];
        check_des(&mutate(&mut rng, src));
    }
    let def = std::fs::read_to_string(common::corpus_dat(&shared).join("dungeon.def")).unwrap();
    for _ in 0..1500 {
        check_dungeon(&mutate(&mut rng, &def));
    }
}

#[test]
fn garbage_and_empty_inputs_are_answered() {
    let mut rng = Rng::new(42);
    let noise: Vec<u8> = (0..1 << 20).map(|_| rng.next() as u8).collect();
    let noise = String::from_utf8_lossy(&noise).into_owned();
    for src in ["", "\n", "\0\0\0", "MAZE", "MAP\n", "\"", "'", "[", &noise] {
        check_des(src);
        check_dungeon(src);
    }
    assert!(
        des::compile("", "e.des").unwrap().levels.is_empty(),
        "an empty file is valid and writes nothing"
    );
    assert!(des::compile(&noise, "n.des").is_err());
    let d = dungeon::compile(
        &noise,
        "n.def",
        &dungeon::Options::default().with_layout(Layout::host()),
    )
    .unwrap_err();
    assert!(d.errors().count() <= 201, "errors are capped: {}", d.len());
    assert!(
        d.warnings().count() <= 201,
        "warnings are capped: {}",
        d.len()
    );
}

#[test]
fn ten_megabyte_inputs_finish() {
    // 100k MONSTER lines in one part: the count error, not a hang.
    let mut src = String::from("MAZE: \"big\", ' '\nGEOMETRY: center, center\nMAP\n...\nENDMAP\n");
    while src.len() < 10 << 20 {
        src.push_str("MONSTER: 'd', \"jackal\", (1,1), peaceful\n");
    }
    let d = des::compile(&src, "big.des").unwrap_err();
    assert!(d
        .iter()
        .any(|d| d.message == "Too many monsters in room or mazepart!"));
    // Deeply repeated levels and a huge string literal.
    // The same level name 300k times: accepted, as lev_comp accepts it,
    // with a warning for each repetition.
    let many = "MAZE: \"x\", ' '\nNOMAP\n".repeat(300_000);
    let compiled = des::compile(&many, "many.des").expect("the same level name 300k times");
    assert!(
        !compiled.warnings.is_empty(),
        "no level-defined-twice warning"
    );
    let long = format!(
        "MAZE: \"x\", ' '\nNOMAP\nENGRAVING: random, dust, \"{}\"\n",
        "a".repeat(5 << 20)
    );
    assert!(des::compile(&long, "long.des").is_ok());
    let parens = "(".repeat(50_000);
    check_des(&parens);
    check_dungeon(&parens);
    let dgn = format!(
        "DUNGEON: \"M\" \"M\" (1, 0)\n{}",
        "LEVELDESC: town\n".repeat(400_000)
    );
    // Accepted, as dgn_comp does, with a bounded list of warnings.
    let out = dungeon::compile(
        &dgn,
        "d.def",
        &dungeon::Options::default().with_layout(Layout::host()),
    )
    .unwrap();
    assert_eq!(out.warnings.warnings().count(), 201);
}

#[test]
fn a_long_run_of_map_characters_that_is_no_row_is_scanned_once() {
    // Inside MAP, a run of map characters not ended by a newline is no
    // row: each token in it used to rescan the rest of the run (300,000
    // `.` took minutes). A hang is a failure here, not a benchmark.
    let run = ".".repeat(300_000);
    for dialect in [des::Dialect::NetHack343, des::Dialect::NetHack36] {
        let src = format!("MAZE:\"a\",' '\nGEOMETRY:center,center\nMAP\n{run}\"\n...\nENDMAP\n");
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let options = des::Options::for_game(Game::builtin(dialect));
            let _ = send.send(des::compile_levels(&src, "run.des", &options).is_err());
        });
        let refused = receive
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("no answer within 30 s");
        assert!(refused, "{dialect}: the run is no map row");
    }
}
