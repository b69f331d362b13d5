//! Target layouts: every record of both formats in every layout. ILP32 is
//! checked against the reference tools' output (`des_golden`,
//! `dungeon_golden`, and the tree build below); LLP64 and the big-endian
//! layouts have no reference, so their arithmetic is checked here record
//! by record against the C layout rules.

use crate::common;

use levbuild::des::{self, Options};
use levbuild::dungeon;
use levbuild::{ByteOrder, DataModel, Game, Layout};

/// A level using every record kind that holds an `int`, a `short`, a
/// `long` or a pointer-sized union.
const EVERY_RECORD: &str = r#"MAZE: "every", ' '
FLAGS: noteleport, hardfloor
GEOMETRY: center, center
MAP
-----
|...|
-----
ENDMAP
MONSTER: '@', "human", (1,1), "Bob", peaceful
MONSTER: 'd', "jackal", (2,1), m_object "boulder"
OBJECT: '%', "corpse", (3,1), "jackal", 3
OBJECT: ')', "long sword", (1,1), blessed, -2, "Excalibur"
ENGRAVING: (2,1), burn, "Elbereth"
GOLD: 1234, (3,1)
TELEPORT_REGION: (1,1,3,1), (0,0,0,0)
PORTAL: (1,1,1,1), (0,0,0,0), "fire"
"#;

const ROOMS: &str = r#"LEVEL: "rooms"
ROOM: "ordinary", lit, (3,3), (center,center), (5,5)
MONSTER: 'd', "jackal", (1,1), "Rex"
OBJECT: '[', "leather armor", (2,2)
GOLD: 50, (3,3)
ENGRAVING: (1,2), dust, "hi"
ROOM: "ordinary", unlit, random, random, random
RANDOM_CORRIDORS
"#;

fn compile(src: &str, layout: Layout) -> Vec<des::CompiledLevel> {
    let opts = Options::default().with_layout(layout);
    des::compile_with(src, "t.des", &opts)
        .unwrap_or_else(|d| panic!("{d}"))
        .levels
}

#[test]
fn every_layout_round_trips_every_record() {
    for layout in Layout::ALL {
        for src in [EVERY_RECORD, ROOMS] {
            for l in compile(src, layout) {
                let back = des::decode(&l.bytes, &l.name, &Game::nethack_343(), layout)
                    .unwrap_or_else(|e| panic!("{layout}: {e}"));
                assert_eq!(back, l.level, "{layout}");
                assert_eq!(
                    des::encode(&back, &Game::nethack_343(), layout).unwrap(),
                    l.bytes,
                    "{layout}"
                );
            }
        }
    }
}

#[test]
fn a_blob_is_refused_by_a_reader_of_another_layout() {
    let lp64 = &compile(EVERY_RECORD, Layout::LP64)[0];
    for other in Layout::ALL.into_iter().filter(|&l| l != Layout::LP64) {
        let e = des::decode(&lp64.bytes, "every", &Game::nethack_343(), other).unwrap_err();
        assert!(e.message.contains("version_info"), "{other}: {e}");
    }
}

/// The size of the file with one more record of a kind, minus the size
/// without it: the record's `sizeof` plus the text that follows it.
fn growth(layout: Layout, base: &str, extra: &str) -> usize {
    let size = |src: &str| compile(src, layout)[0].bytes.len();
    size(&format!("{base}{extra}\n")) - size(base)
}

const ONE_PART: &str = "MAZE: \"m\", ' '\nGEOMETRY: center, center\nMAP\n...\nENDMAP\n";

#[test]
fn records_have_their_c_sizes_in_each_data_model() {
    // (statement, text bytes after the record, sizeof in LP64, ILP32, LLP64)
    let cases: [(&str, usize, [usize; 3]); 6] = [
        // Str_or_Len ×2, short, 8 chars: 8+8+2+8 → 32 (align 8); 4+4+2+8 → 20.
        ("MONSTER: 'd', \"jackal\", (0,0), \"Rex\"", 3, [32, 20, 32]),
        // Str_or_Len, int, short ×2, 6 chars: 8+4+4+6 → 24; 4+4+4+6 → 20.
        (
            "OBJECT: ')', \"dagger\", (0,0), blessed, 0, \"Sting\"",
            5,
            [24, 20, 24],
        ),
        // 2 chars, Str_or_Len, char: 2+6 pad+8+1 → 24; 2+2+4+1 → 12.
        ("ENGRAVING: (0,0), dust, \"abc\"", 3, [24, 12, 24]),
        // 2 chars, int: 2+2 pad+4 → 8 everywhere.
        ("GOLD: 5, (0,0)", 0, [8, 8, 8]),
        // 12 chars, Str_or_Len: 12+4 pad+8 → 24; 12+4 → 16.
        ("PORTAL: (1,0,1,0), (0,0,0,0), \"fire\"", 4, [24, 16, 24]),
        // Chars only: 4 bytes everywhere.
        ("TRAP: \"arrow\", (0,0)", 0, [4, 4, 4]),
    ];
    for (stmt, text, sizes) in cases {
        for (model, size) in [DataModel::Lp64, DataModel::Ilp32, DataModel::Llp64]
            .into_iter()
            .zip(sizes)
        {
            for order in [ByteOrder::Little, ByteOrder::Big] {
                let layout = Layout::new(model, order);
                assert_eq!(
                    growth(layout, ONE_PART, stmt),
                    size + text,
                    "{stmt} in {layout}"
                );
            }
        }
    }
}

/// Bytes before a level's message: four `unsigned long` header words, the
/// level type, `lev_init` (8 chars), the `long` flags, the message length.
fn head_size(layout: Layout) -> usize {
    4 * layout.long_size() + 1 + 8 + layout.long_size() + 1
}

#[test]
fn big_endian_files_are_the_little_endian_fields_byte_swapped() {
    for model in [DataModel::Lp64, DataModel::Ilp32, DataModel::Llp64] {
        let le = Layout::new(model, ByteOrder::Little);
        let be = Layout::new(model, ByteOrder::Big);
        let little = &compile(EVERY_RECORD, le)[0].bytes;
        let big = &compile(EVERY_RECORD, be)[0].bytes;
        assert_eq!(little.len(), big.len(), "{model:?}: same sizes");
        assert_ne!(little, big);
        // The header words and the flags, field by field.
        let n = le.long_size();
        for field in 0..5 {
            let at = if field < 4 { field * n } else { 4 * n + 9 };
            let mut swapped = little[at..at + n].to_vec();
            swapped.reverse();
            assert_eq!(&big[at..at + n], &swapped[..], "{model:?} field {field}");
        }
        assert_eq!(head_size(le), head_size(be));
        // The first word is VERSION_NUMBER 3.4.3.
        assert_eq!(&big[n - 4..n], &[3, 4, 3, 0]);
        assert_eq!(&little[..4], &[0, 3, 4, 3]);
    }
}

#[test]
fn header_words_follow_the_data_model() {
    for (layout, sanity2) in [
        (Layout::LP64, 0xb8d2_4950_u32),
        (Layout::ILP32, 0xa481_95c8),
        (Layout::LLP64, 0xa4a1_e5d8),
    ] {
        let bytes = &compile(ONE_PART, layout)[0].bytes;
        let n = layout.long_size();
        let word = &bytes[3 * n..3 * n + 4];
        assert_eq!(word, sanity2.to_le_bytes(), "{layout}");
        // An 8-byte word's high half is zero.
        assert!(bytes[3 * n + 4..4 * n].iter().all(|&b| b == 0));
    }
}

#[test]
fn dungeon_files_differ_only_in_header_and_byte_order() {
    let src = "DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)\nBRANCH: \"Mines\" @ (2, 3)\n\
               LEVEL: \"oracle\" \"O\" @ (5, 5)\nDUNGEON: \"Mines\" \"M\" (8, 2)\n";
    let lp64 = dungeon::compile(
        src,
        "d.def",
        &dungeon::Options::default().with_layout(Layout::LP64),
    )
    .unwrap();
    for layout in Layout::ALL {
        let out = dungeon::compile(
            src,
            "d.def",
            &dungeon::Options::default().with_layout(layout),
        )
        .unwrap();
        assert_eq!(
            dungeon::decode(&out.bytes, &Game::nethack_343(), layout).unwrap(),
            out.dungeon
        );
        // Records hold only chars, shorts and ints: same size everywhere.
        let header = 4 * layout.long_size();
        assert_eq!(out.bytes.len() - header, lp64.bytes.len() - 32, "{layout}");
        if layout.byte_order == ByteOrder::Big {
            // The dungeon count, an int, right after the header.
            assert_eq!(&out.bytes[header..header + 4], &[0, 0, 0, 2]);
        }
    }
}

#[test]
fn tree_build_for_i686_reproduces_the_ilp32_golden_set() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let out = common::TempDir::new("ilp32");
    let cache = common::TempDir::new("ilp32-cache");
    let golden = shared.join("golden/nethack-3.4.3-ilp32");
    // LP64 first, into the same cache: the ILP32 build must not reuse it.
    for (layout, dir) in [(Layout::LP64, "lp64"), (Layout::ILP32, "ilp32")] {
        let report = levbuild::Build::new()
            .source_dir(common::corpus_dat(&shared))
            .out_dir(out.path().join(dir))
            .cache_dir(cache.path())
            .target(layout)
            .cargo_directives(false)
            .try_compile()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(report.layout, Some(layout));
    }
    let mut same = 0;
    for entry in std::fs::read_dir(&golden).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !(name.ends_with(".lev") || name == "dungeon") {
            continue;
        }
        let got = std::fs::read(out.path().join("ilp32").join(&name)).unwrap();
        assert!(got == std::fs::read(&path).unwrap(), "{name} differs");
        same += 1;
    }
    assert_eq!(same, 114);
    let rs = std::fs::read_to_string(out.path().join("ilp32/levels.rs")).unwrap();
    assert!(rs.contains("pub const LAYOUT: &str = \"ILP32 little-endian\";"));
    let h = std::fs::read_to_string(out.path().join("ilp32/levels.h")).unwrap();
    assert!(h.contains("#define LEVBUILD_LAYOUT \"ILP32 little-endian\""));
}

#[test]
fn unknown_targets_fail_the_build_with_a_clear_error() {
    let dir = common::TempDir::new("badtarget");
    std::fs::write(dir.path().join("a.des"), ONE_PART).unwrap();
    let e = levbuild::Build::new()
        .source_dir(dir.path())
        .out_dir(dir.path().join("out"))
        .target("avr-unknown-gnu-atmega328")
        .cargo_directives(false)
        .try_compile()
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("unknown target `avr-unknown-gnu-atmega328`"),
        "{e}"
    );
    assert!(!dir.path().join("out").exists());
}
