//! Property test of the `.des` compiler without extra dependencies: a
//! deterministic xorshift64 generator mutates every vanilla corpus file
//! (byte flips to ASCII and to arbitrary bytes, line deletion,
//! duplication and swaps, truncation, inserted keywords and numbers), and
//! hand-made pathological inputs (huge, random, deeply "nested", one giant
//! string) are fed too. Every input must be answered with `Ok` or `Err` —
//! never a panic — with well-formed diagnostics, and every accepted level
//! must decode from its bytes back to the same typed level.

use crate::common;

use std::panic::{self, AssertUnwindSafe};
use std::time::Instant;

use levbuild::des::{self, Options};
use levbuild::Severity;
use levbuild::{Game, Layout};

/// xorshift64 (Marsaglia): tiny, deterministic, good enough to mutate.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number in `0..n` (0 when `n` is 0).
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// Things worth inserting: every statement keyword, value keywords,
/// punctuation and literals that change the token stream.
const INSERTS: &[&str] = &[
    "MAZE:",
    "LEVEL:",
    "FLAGS:",
    "INIT_MAP:",
    "MESSAGE:",
    "GEOMETRY:",
    "NOMAP",
    "\nMAP\n",
    "ENDMAP",
    "\nENDMAP\n",
    "OBJECT:",
    "CONTAINER:",
    "MONSTER:",
    "TRAP:",
    "DOOR:",
    "DRAWBRIDGE:",
    "MAZEWALK:",
    "WALLIFY",
    "REGION:",
    "RANDOM_OBJECTS:",
    "RANDOM_MONSTERS:",
    "RANDOM_PLACES:",
    "ALTAR:",
    "LADDER:",
    "STAIR:",
    "PORTAL:",
    "TELEPORT_REGION:",
    "BRANCH:",
    "FOUNTAIN:",
    "SINK:",
    "POOL:",
    "NON_DIGGABLE:",
    "NON_PASSWALL:",
    "ROOM:",
    "SUBROOM:",
    "RANDOM_CORRIDORS",
    "CORRIDOR:",
    "GOLD:",
    "ENGRAVING:",
    "NAME:",
    "CHANCE:",
    "levregion(",
    "random",
    "none",
    "contained",
    "place[",
    "monster[",
    "object[",
    "align[",
    "unfilled",
    "true",
    "half-left",
    "m_monster",
    "(",
    ")",
    ",",
    ":",
    "[",
    "]",
    "'",
    "'\\''",
    "\"",
    "\"x\"",
    "[50%]",
    "[ 0% ]",
    "-",
    "+",
    "0",
    "-1",
    "127",
    "128",
    "-129",
    "32768",
    "2147483648",
    "99999999999999999999999",
    "#",
    "\n#",
    "\r\n",
    "\n",
    "\t",
    "\0",
    "é",
    "\u{feff}",
];

/// Applies 1 to 4 random mutations to `src`.
fn mutate(rng: &mut XorShift, src: &[u8]) -> String {
    let mut b = src.to_vec();
    for _ in 0..1 + rng.below(4) {
        if b.is_empty() {
            b.extend_from_slice(b"MAZE:");
        }
        let at = rng.below(b.len());
        match rng.below(9) {
            // A byte becomes printable ASCII.
            0 => b[at] = b' ' + rng.below(95) as u8,
            // A byte becomes anything (fixed up to UTF-8 below).
            1 => b[at] = rng.next() as u8,
            // Line edits.
            2..=4 => {
                let mut lines: Vec<Vec<u8>> =
                    b.split(|&c| c == b'\n').map(<[u8]>::to_vec).collect();
                let i = rng.below(lines.len());
                match rng.below(3) {
                    0 => {
                        lines.remove(i);
                    }
                    1 => {
                        let copy = lines[i].clone();
                        for _ in 0..1 + rng.below(3) {
                            lines.insert(i, copy.clone());
                        }
                    }
                    _ => {
                        let j = rng.below(lines.len());
                        lines.swap(i, j);
                    }
                }
                b = lines.join(&b'\n');
            }
            5 => b.truncate(at),
            6 | 7 => {
                let word = INSERTS[rng.below(INSERTS.len())].as_bytes();
                b.splice(at..at, word.iter().copied());
            }
            _ => {
                let end = (at + 1 + rng.below(64)).min(b.len());
                b.drain(at..end);
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// Compiles `src` (with `-w`), catching panics. Checks the properties
/// every answer must have; returns true if it compiled.
#[track_caller]
fn check(src: &str, what: &str) -> bool {
    let opts = Options::default().with_extra_warnings(true);
    let result = panic::catch_unwind(AssertUnwindSafe(|| des::compile_with(src, "f.des", &opts)));
    let result = match result {
        Ok(r) => r,
        Err(_) => {
            let path =
                std::env::temp_dir().join(format!("levbuild-fuzz-{}.des", std::process::id()));
            let _ = std::fs::write(&path, src);
            panic!(
                "{what}: the compiler panicked; input saved to {}",
                path.display()
            );
        }
    };
    let lines = src.matches('\n').count() + 1;
    let diags = match &result {
        Ok(file) => &file.warnings,
        Err(d) => d,
    };
    let mut last = 0;
    for d in diags {
        assert!(
            (1..=lines).contains(&d.line) && d.column >= 1,
            "{what}: diagnostic outside the source: {d:?}"
        );
        assert!(d.span.start >= last, "{what}: diagnostics out of order");
        assert!(d.span.end <= src.len(), "{what}: span past the end: {d:?}");
        assert!(!d.message.is_empty(), "{what}: empty message");
        last = d.span.start;
    }
    match result {
        Ok(file) => {
            assert!(
                file.warnings
                    .iter()
                    .all(|d| d.severity == Severity::Warning),
                "{what}: Ok with an error"
            );
            for l in &file.levels {
                let back = des::decode(&l.bytes, &l.name, &Game::nethack_343(), Layout::host())
                    .unwrap_or_else(|e| panic!("{what}: level {} does not decode: {e}", l.name));
                assert_eq!(
                    back, l.level,
                    "{what}: level {} decodes differently",
                    l.name
                );
                assert_eq!(
                    des::encode(&back, &Game::nethack_343(), Layout::host()).as_ref(),
                    Ok(&l.bytes),
                    "{what}: {}",
                    l.name
                );
            }
            true
        }
        Err(d) => {
            assert!(d.has_errors(), "{what}: Err without an error");
            let errors = d.errors().count();
            assert!(errors <= 201, "{what}: {errors} errors, more than the cap");
            false
        }
    }
}

#[test]
fn mutated_corpus_files_are_always_answered() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let files = common::corpus_des_files(&shared);
    assert!(!files.is_empty());
    let start = Instant::now();
    let per_file = 84;
    // Two workers, each file with its own generator: deterministic
    // whatever the scheduling.
    let (ok, total) = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|w| {
                let files = &files;
                scope.spawn(move || {
                    let (mut ok, mut total) = (0, 0);
                    for (f, path) in files.iter().enumerate().filter(|(f, _)| f % 2 == w) {
                        let name = path.file_name().unwrap().to_string_lossy().into_owned();
                        let src = std::fs::read(path).unwrap();
                        assert!(
                            check(&String::from_utf8_lossy(&src), &name),
                            "{name} itself compiles"
                        );
                        let mut rng = XorShift(0x5EED_DE5C_0FFE_E123 ^ ((f as u64 + 1) << 32));
                        for i in 0..per_file {
                            let seed = rng.0;
                            let mutant = mutate(&mut rng, &src);
                            if check(&mutant, &format!("{name} mutant {i} (rng state {seed:#x})")) {
                                ok += 1;
                            }
                            total += 1;
                        }
                    }
                    (ok, total)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|h| h.join().expect("a worker failed"))
            .fold((0, 0), |(a, b), (c, d)| (a + c, b + d))
    });
    eprintln!(
        "{total} mutants, {ok} still compile, {:.1?}",
        start.elapsed()
    );
    // Some mutations (a flipped comment byte, a duplicated MONSTER line)
    // keep a file valid, most do not: both paths are exercised.
    assert!(
        ok > total / 20 && ok < total * 19 / 20,
        "{ok} of {total} compiled"
    );
}

#[test]
fn empty_input_is_valid() {
    assert!(check("", "empty"));
    assert!(des::compile("", "e.des").unwrap().levels.is_empty());
}

#[test]
fn ten_megabytes_of_statements_give_the_count_error_quickly() {
    let start = Instant::now();
    let mut src =
        String::from("MAZE: \"big\", ' '\nGEOMETRY: center, center\nMAP\n...\n...\nENDMAP\n");
    let line = "MONSTER: 'd', \"jackal\", (1,1), peaceful, asleep, law, \"Fido the great\", m_monster \"jackal\"\n";
    let n = (10 << 20) / line.len() + 1;
    for _ in 0..n {
        src.push_str(line);
    }
    assert!(src.len() >= 10 << 20 && n >= 100_000);
    let d = des::compile(&src, "big.des").unwrap_err();
    let first = d.iter().next().unwrap();
    assert_eq!(
        (first.line, first.message.as_str()),
        (7 + 127, "Too many monsters in room or mazepart!")
    );
    assert_eq!(d.len(), 201, "200 errors listed, the rest counted");
    assert_eq!(
        d.iter().last().unwrap().message,
        format!("{} more errors not shown", n - 127 - 200)
    );
    let took = start.elapsed();
    eprintln!("10 MB of MONSTER lines: {took:.1?}");
    // A bound that catches quadratic behaviour, not a benchmark.
    assert!(took.as_secs() < 60, "took {took:?}");
}

#[test]
fn ten_megabytes_of_random_bytes() {
    let mut rng = XorShift(0xBAD_5EED);
    let bytes: Vec<u8> = (0..10 << 20).map(|_| rng.next() as u8).collect();
    let start = Instant::now();
    let src = String::from_utf8_lossy(&bytes);
    assert!(!check(&src, "10 MB of random bytes"));
    eprintln!("10 MB of random bytes: {:.1?}", start.elapsed());
}

#[test]
fn fifty_thousand_open_parentheses() {
    let parens = "(".repeat(50_000);
    assert!(!check(&parens, "parentheses alone"));
    // Inside statements too.
    let src = format!(
        "MAZE: \"p\", ' '\nNOMAP\nMONSTER: 'd', random, {parens}\nGOLD: 1, {parens}1,1{}\n",
        ")".repeat(50_000)
    );
    assert!(!check(&src, "parentheses in statements"));
}

#[test]
fn five_megabyte_string_literal_on_one_line() {
    let big = "a".repeat(5 << 20);
    let src = format!("MAZE: \"s\", ' '\nNOMAP\nENGRAVING: random, dust, \"{big}\"\n");
    assert!(check(&src, "5 MB engraving"));
    let file = des::compile(&src, "s.des").unwrap();
    match &file.levels[0].level.body {
        des::LevelBody::Maze(m) => assert_eq!(m.parts[0].engravings[0].text.len(), 5 << 20),
        des::LevelBody::Rooms(_) => panic!("maze expected"),
    }
    // Too long for the 255-byte message, and unterminated.
    assert!(!check(
        &format!("MAZE: \"s\", ' '\nMESSAGE: \"{big}\"\nNOMAP\n"),
        "5 MB message"
    ));
    assert!(!check(
        &format!("MAZE: \"s\", ' '\nNOMAP\nENGRAVING: random, dust, \"{big}\n"),
        "5 MB unterminated"
    ));
}

#[test]
fn mutated_lev_bytes_decode_or_fail_cleanly() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let mut rng = XorShift(0x0DEC_0DE5_EED5);
    let (mut ok, mut total) = (0, 0);
    for path in common::corpus_des_files(&shared) {
        let src = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for level in des::compile(&src, &name).unwrap().levels {
            for _ in 0..40 {
                let mut b = level.bytes.clone();
                let at = rng.below(b.len());
                match rng.below(4) {
                    0 => b[at] = rng.next() as u8,
                    1 => b.truncate(at),
                    2 => b.insert(at, rng.next() as u8),
                    _ => {
                        b.remove(at);
                    }
                }
                total += 1;
                let decoded = panic::catch_unwind(|| {
                    des::decode(&b, &level.name, &Game::nethack_343(), Layout::host())
                })
                .unwrap_or_else(|_| panic!("{}: decode panicked (rng {:#x})", level.name, rng.0));
                if let Ok(l) = decoded {
                    ok += 1;
                    // Whatever decodes is a level the encoder can write
                    // and that reads back the same.
                    let again = des::encode(&l, &Game::nethack_343(), Layout::host())
                        .expect("a decoded level encodes");
                    assert_eq!(
                        des::decode(&again, &level.name, &Game::nethack_343(), Layout::host())
                            .as_ref(),
                        Ok(&l)
                    );
                }
            }
        }
    }
    eprintln!("{total} mutated .lev files, {ok} still decode");
    assert!(ok > 0 && ok < total);
}
