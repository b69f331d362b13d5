//! SLASH'EM's language extensions (issue #23) compiled with its committed
//! identity file: `OBJFLAGS`, `RANDOM_REGION[n]` and `region[n]`, numbered
//! `RANDOM_PLACES[n]` with `none` and `place[i][j]`. Each compiles to the
//! typed level lev_comp's grammar describes, and its bytes decode back to
//! it; NetHack 3.4.3 keeps refusing them.
//!
//! The opt-in differential test runs generated files through a SLASH'EM
//! `lev_comp` built outside the repository from the game's sources
//! (`LEVBUILD_REF_LEV_COMP_SLASHEM`; skipped, and says so, without it).

use std::sync::Arc;

use levbuild::des::{self, LevelBody, MazePart, Point};
use levbuild::{Game, Layout, RecordKind};

use crate::common;

fn slashem() -> Arc<Game> {
    Arc::new(Game::from_identity_file(&common::identity_file("slashem-0.0.7E7F3")).unwrap())
}

fn options(game: &Arc<Game>) -> des::Options {
    des::Options::for_game(game.clone()).with_layout(Layout::LP64)
}

/// The one maze part of `src`, compiled for SLASH'EM, after checking that
/// its bytes decode back to the level the compiler made.
fn part(src: &str) -> MazePart {
    part_and_dump(src).0
}

/// [`part`] and the level's dump.
fn part_and_dump(src: &str) -> (MazePart, String) {
    let game = slashem();
    let file = des::compile_with(src, "t.des", &options(&game))
        .unwrap_or_else(|d| panic!("{}", d.short().join("\n")));
    let level = &file.levels[0];
    let back = des::decode(&level.bytes, &level.name, &game, Layout::LP64).unwrap();
    assert_eq!(back, level.level, "decode(encode) differs");
    assert_eq!(
        des::encode(&back, &game, Layout::LP64).unwrap(),
        level.bytes
    );
    let dump = back.display(&game).to_string();
    match &level.level.body {
        LevelBody::Maze(m) => (m.parts[0].clone(), dump),
        LevelBody::Rooms(_) => panic!("not a maze"),
    }
}

fn pt(x: i8, y: i8) -> Point {
    Point { x, y }
}

const HEAD: &str = "MAZE: \"t\", ' '\nGEOMETRY: center, center\nMAP\n.....\n.....\n.....\nENDMAP\n";

#[test]
fn objflags_set_the_flags_of_the_object_before_them() {
    let game = slashem();
    let oflags = game
        .format()
        .extra_index(RecordKind::Object, "oflags")
        .unwrap();
    let p = part(&format!(
        "{HEAD}OBJECT: '(', \"chest\", (1,1)\nOBJFLAGS: o_lit, o_buried\n\
         OBJECT: '(', random, (2,1)\nOBJECT: '*', random, (3,1)\nOBJFLAGS: o_buried\n\
         OBJFLAGS: o_lit\n"
    ));
    let flags: Vec<i64> = p.objects.iter().map(|o| o.extra[oflags]).collect();
    // The last OBJFLAGS replaces the flags, it does not add to them.
    assert_eq!(flags, [3, 0, 1]);
}

#[test]
fn objflags_in_a_room_apply_to_the_rooms_last_object() {
    let game = slashem();
    let src = "LEVEL: \"t\"\nROOM: \"ordinary\", lit, (3,3), (center,center), (5,5)\n\
               OBJECT: '(', random, (1,1)\nOBJFLAGS: o_buried\nRANDOM_CORRIDORS\n";
    let file = des::compile_with(src, "t.des", &options(&game)).unwrap();
    let LevelBody::Rooms(r) = &file.levels[0].level.body else {
        panic!("not a room level")
    };
    assert_eq!(r.rooms[0].objects[0].extra, [2]);
    // Flags before any object of the room are an error.
    let src = "LEVEL: \"t\"\nROOM: \"ordinary\", lit, (3,3), (center,center), (5,5)\n\
               OBJFLAGS: o_lit\nRANDOM_CORRIDORS\n";
    let err = des::compile_with(src, "t.des", &options(&game)).unwrap_err();
    assert!(err
        .short()
        .join("\n")
        .contains("Need an object before object flags!"));
}

#[test]
fn random_regions_are_level_regions_and_region_n_names_them() {
    let (p, dump) = part_and_dump(&format!(
        "{HEAD}RANDOM_REGION[0]: (0,0,2,2), levregion(1,1,10,10)\n\
         RANDOM_REGION[1]: (1,1,4,2), (0,0,0,0)\n\
         OBJECT: '(', random, region[1]\nMONSTER: 'a', random, region[0]\n"
    ));
    assert_eq!(p.random_regions.len(), 2);
    let r = &p.random_regions[0];
    assert!(!r.area_in_level && r.exclude_in_level);
    assert_eq!((r.area.x1, r.area.y1, r.area.x2, r.area.y2), (0, 0, 2, 2));
    assert_eq!(
        (r.exclude.x1, r.exclude.y1, r.exclude.x2, r.exclude.y2),
        (1, 1, 10, 10)
    );
    assert_eq!((r.kind, r.destination.as_str()), (0, ""));
    assert_eq!(p.objects[0].pos, pt(-11, -2));
    assert_eq!(p.monsters[0].pos, pt(-11, -1));
    assert!(
        dump.contains("random region [0] in map (0,0)-(2,2) except level (1,1)-(10,10)"),
        "{dump}"
    );
    assert!(dump.contains("region[1] object"), "{dump}");
}

#[test]
fn numbered_place_lists_hold_none_and_place_i_j_names_their_entries() {
    let (p, dump) = part_and_dump(&format!(
        "{HEAD}RANDOM_PLACES: (1,1), none, (2,2)\nRANDOM_PLACES[1]: (0,0), (4,2)\n\
         OBJECT: '(', \"chest\", place[1][0]\nMONSTER: 'a', random, place[1]\n\
         TRAP: \"hole\", random\n"
    ));
    assert_eq!(
        p.random_places,
        [
            vec![pt(1, 1), pt(-1, -1), pt(2, 2)],
            vec![pt(0, 0), pt(4, 2)]
        ]
    );
    assert_eq!(p.objects[0].pos, pt(-2, -1));
    assert_eq!(p.monsters[0].pos, pt(-1, -2));
    // SLASH'EM's random coordinate.
    assert_eq!(p.traps[0].pos, pt(-12, -12));
    assert!(
        dump.contains("random places [0]: (1,1) none (2,2)"),
        "{dump}"
    );
    assert!(dump.contains("place[1][0] object"), "{dump}");
}

#[test]
fn the_place_lists_must_come_in_order_and_once() {
    let game = slashem();
    let errors = |body: &str| {
        des::compile_with(&format!("{HEAD}{body}"), "t.des", &options(&game))
            .unwrap_err()
            .short()
            .join("\n")
    };
    assert!(errors("RANDOM_PLACES[1]: (1,1)\n").contains("Place list 1 out of order!"));
    assert!(errors("RANDOM_PLACES[0]: (1,1)\nRANDOM_PLACES: (1,1)\n")
        .contains("Location registers already initialized!"));
    assert!(errors("RANDOM_PLACES: (1,1)\nRANDOM_PLACES[0]: (1,1)\n")
        .contains("Location registers for place list 0 already initialized!"));
    assert!(
        errors("RANDOM_REGION[1]: (0,0,1,1), (0,0,0,0)\n").contains("Wrong random region number!")
    );
    assert!(errors("OBJECT: '(', random, region[0]\n").contains("Register Index overflow!"));
    // Register lists come before the part's other statements.
    assert!(
        errors("OBJECT: '(', random, (1,1)\nRANDOM_REGION[0]: (0,0,1,1), (0,0,0,0)\n")
            .contains("out of place")
    );
}

#[test]
fn nethack_343_still_refuses_the_extensions() {
    for body in [
        "OBJECT: '(', random, (1,1)\nOBJFLAGS: o_lit\n",
        "RANDOM_REGION[0]: (0,0,1,1), (0,0,0,0)\n",
        "RANDOM_PLACES[0]: (1,1)\n",
        "RANDOM_PLACES: (1,1), none\n",
        "RANDOM_PLACES: (1,1)\nOBJECT: '(', random, place[0][0]\n",
        "OBJECT: '(', random, region[0]\n",
    ] {
        let src = format!("{HEAD}{body}");
        assert!(
            des::compile(&src, "t.des").is_err(),
            "3.4.3 accepts {body:?}"
        );
    }
}

// --- Differential test against SLASH'EM's own lev_comp (opt-in) ---

/// A small deterministic generator (xorshift), as the other generated
/// tests use none of their own here.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A SLASH'EM level using the extensions, mostly valid, sometimes not
/// (out-of-order lists, wrong region numbers, flags with no object,
/// register overflows).
fn generated(seed: u64) -> String {
    let mut r = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut s = String::new();
    let parts = 1 + r.below(2);
    s += &format!("MAZE: \"g{seed}\", ' '\n");
    for _ in 0..parts {
        s += "GEOMETRY: center, center\nMAP\n..........\n..........\n..........\n..........\nENDMAP\n";
        for lists in 0..r.below(4) {
            let n = if r.below(25) == 0 {
                lists + 1 + r.below(2)
            } else {
                lists
            };
            let places: Vec<String> = (0..1 + r.below(4))
                .map(|_| match r.below(4) {
                    0 => "none".to_string(),
                    _ => format!("({},{})", r.below(10), r.below(4)),
                })
                .collect();
            if n == 0 && r.below(2) == 0 {
                s += &format!("RANDOM_PLACES: {}\n", places.join(", "));
            } else {
                s += &format!("RANDOM_PLACES[{n}]: {}\n", places.join(", "));
            }
        }
        let regions = r.below(4);
        for i in 0..regions {
            let i = if r.below(25) == 0 { i + 1 } else { i };
            let (x, y) = (r.below(5), r.below(2));
            let exclude = match r.below(3) {
                0 => "(0,0,0,0)".to_string(),
                _ => format!("levregion({},{},{},{})", 1 + r.below(5), r.below(5), 10, 10),
            };
            s += &format!(
                "RANDOM_REGION[{i}]: ({x},{y},{},{}), {exclude}\n",
                x + r.below(4),
                y + r.below(2)
            );
        }
        let coord = |r: &mut Rng| match r.below(6) {
            0 => "random".to_string(),
            1 => format!("place[{}]", r.below(3)),
            2 => format!("place[{}][{}]", r.below(3), r.below(3)),
            // Now and then one region too many.
            3 if regions == 0 || r.below(20) == 0 => format!("region[{regions}]"),
            3 => format!("region[{}]", r.below(regions)),
            _ => format!("({},{})", r.below(10), r.below(4)),
        };
        if r.below(30) == 0 {
            s += "OBJFLAGS: o_lit\n";
        }
        for _ in 0..r.below(6) {
            match r.below(4) {
                0 => s += &format!("MONSTER: 'a', random, {}\n", coord(&mut r)),
                1 => s += &format!("TRAP: random, {}\n", coord(&mut r)),
                _ => {
                    s += &format!("OBJECT: '(', random, {}\n", coord(&mut r));
                    let flags = ["o_lit", "o_buried", "o_lit, o_buried", "o_buried, o_lit"];
                    if r.below(2) == 0 {
                        s += &format!("OBJFLAGS: {}\n", flags[r.below(4) as usize]);
                    }
                }
            }
        }
    }
    s
}

#[test]
fn generated_slashem_files_match_slashems_lev_comp() {
    let Some(lev_comp) = common::reference_tool("LEVBUILD_REF_LEV_COMP_SLASHEM") else {
        common::skip_unavailable("LEVBUILD_REF_LEV_COMP_SLASHEM does not name a SLASH'EM lev_comp");
        return;
    };
    common::generated_differential(
        "SLASH'EM",
        &lev_comp,
        &options(&slashem()),
        common::diff_cases(60),
        generated,
        2,
    );
}

#[test]
fn the_generator_uses_every_extension() {
    let all: String = (0..60).map(generated).collect();
    for word in [
        "OBJFLAGS",
        "RANDOM_REGION[",
        "RANDOM_PLACES[",
        "RANDOM_PLACES:",
        "none",
        "region[",
        "][",
    ] {
        assert!(all.contains(word), "no {word} in the generated files");
    }
}
