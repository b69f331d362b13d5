//! Hand-written `.des` inputs for the grammar features the vanilla corpus
//! never uses (format notes §4–§6). Every test compiles inline source,
//! checks that the `.lev` bytes decode back to the typed level (and
//! re-encode to the same bytes), then asserts specific *decoded* field
//! values — and, where the layout matters, raw bytes — so it covers the
//! lexer, parser, checks and byte layout at once.

use levbuild::des::{
    self, Boolean, CompiledLevel, Corridor, Direction, Level, LevelBody, Lighting, Maze, MazePart,
    Options, Room, RoomLevel,
};
use levbuild::{Game, Layout};

/// Bytes before the message text: version (32), level type (1), lev_init
/// (8), flags (8), message length (1).
const HEADER: usize = 50;

/// Compiles `src`, which must give no diagnostic at all (not even a `-w`
/// warning); checks for every level that its bytes decode to its typed
/// level and that re-encoding the decoded level gives the same bytes.
fn compile(src: &str) -> Vec<CompiledLevel> {
    let opts = Options::default().with_extra_warnings(true);
    let file = des::compile_with(src, "t.des", &opts).unwrap_or_else(|d| panic!("{d}\n{src}"));
    assert!(
        file.warnings.is_empty(),
        "unexpected warnings:\n{}",
        file.warnings
    );
    for l in &file.levels {
        let back = des::decode(&l.bytes, &l.name, &Game::nethack_343(), Layout::host())
            .unwrap_or_else(|e| panic!("{}: {e}", l.name));
        assert_eq!(back, l.level, "{}: decode(bytes) differs", l.name);
        assert_eq!(
            des::encode(&back, &Game::nethack_343(), Layout::host()).unwrap(),
            l.bytes,
            "{}",
            l.name
        );
    }
    file.levels
}

/// The one level `src` defines, decoded from its bytes.
fn level(src: &str) -> Level {
    let levels = compile(src);
    assert_eq!(levels.len(), 1, "one level expected");
    des::decode(
        &levels[0].bytes,
        &levels[0].name,
        &Game::nethack_343(),
        Layout::host(),
    )
    .unwrap()
}

/// The bytes of the one level `src` defines.
fn bytes(src: &str) -> Vec<u8> {
    let mut levels = compile(src);
    assert_eq!(levels.len(), 1, "one level expected");
    levels.remove(0).bytes
}

fn maze(l: &Level) -> &Maze {
    match &l.body {
        LevelBody::Maze(m) => m,
        LevelBody::Rooms(_) => panic!("maze level expected"),
    }
}

fn part(l: &Level) -> &MazePart {
    &maze(l).parts[0]
}

fn rooms(l: &Level) -> &RoomLevel {
    match &l.body {
        LevelBody::Rooms(r) => r,
        LevelBody::Maze(_) => panic!("room level expected"),
    }
}

fn room(l: &Level, i: usize) -> &Room {
    &rooms(l).rooms[i]
}

/// A maze level "t" whose single part is a 6x4 all-floor map, followed by
/// `body` (so nothing placed on it is "in a wall").
fn on_floor(body: &str) -> String {
    format!(
        "MAZE: \"t\", ' '\nGEOMETRY: center, center\nMAP\n......\n......\n......\n......\nENDMAP\n{body}"
    )
}

/// A room level "r" with one ordinary room holding `body`.
fn in_room(body: &str) -> String {
    format!("LEVEL: \"r\"\nROOM: \"ordinary\", lit, (1,1), (left,top), (5,5)\n{body}")
}

fn corridor(c: &Corridor) -> [i8; 6] {
    [
        c.src_room,
        c.src_wall.code(),
        c.src_door,
        c.dest_room,
        c.dest_wall.code(),
        c.dest_door,
    ]
}

#[test]
fn empty_file_is_valid_and_defines_no_level() {
    for src in ["", "\n", "\n\n  \t\n", "\r\n"] {
        let file = des::compile(src, "e.des").unwrap();
        assert!(file.levels.is_empty(), "{src:?}");
        assert!(file.warnings.is_empty(), "{src:?}");
    }
}

#[test]
fn file_of_only_comments_defines_no_level() {
    assert!(compile("# a comment\n#\n#MAZE: \"x\", ' '\n").is_empty());
    assert!(compile("#\r\n# CRLF\r\n").is_empty());
}

#[test]
fn init_map_walled_random_is_minus_one() {
    let src = "MAZE: \"t\", ' '\nINIT_MAP: '.', ' ', true, true, random, random\nNOMAP\n";
    let l = level(src);
    let init = l.init.unwrap();
    assert_eq!(
        (
            init.fg.code(),
            init.bg.code(),
            init.smoothed,
            init.joined,
            init.lit,
            init.walled
        ),
        (24, 0, true, true, Lighting::Random, Boolean::Random)
    );
    // The lev_init record right after the level type byte.
    let b = bytes(src);
    assert_eq!(b[33..41], [1, 0, 24, 0, 1, 1, 0xff, 0xff]);
    let l = level("MAZE: \"t\", ' '\nINIT_MAP: '#', 'T', false, true, unlit, true\nNOMAP\n");
    let init = l.init.unwrap();
    assert_eq!(
        (
            init.fg.code(),
            init.bg.code(),
            init.smoothed,
            init.joined,
            init.lit,
            init.walled
        ),
        (23, 13, false, true, Lighting::Unlit, Boolean::True)
    );
    let l = level("MAZE: \"t\", ' '\nINIT_MAP: 'L', 'P', true, false, lit, false\nNOMAP\n");
    assert_eq!(l.init.unwrap().walled, Boolean::False);
}

#[test]
fn room_level_takes_flags_init_map_messages_and_register_lists() {
    let src = "LEVEL: \"r\"\nFLAGS: noteleport, arboreal\nINIT_MAP: '.', ' ', true, true, lit, false\nMESSAGE: \"one\"\nMESSAGE: \"two\"\nRANDOM_OBJECTS: '[', ')', '*'\nRANDOM_MONSTERS: 'a', 'D', 'L'\nROOM: \"ordinary\", lit, random, random, random\n";
    let l = level(src);
    assert_eq!(l.flags.code(), 1 | 16);
    assert_eq!(l.message, "one\ntwo");
    assert_eq!(l.init.unwrap().fg, 24);
    let r = rooms(&l);
    // Object and monster register lists are stored last-listed first.
    assert_eq!(r.random_objects, [b'*' as i8, b')' as i8, b'[' as i8]);
    assert_eq!(r.random_monsters, [b'L' as i8, b'D' as i8, b'a' as i8]);
    let b = bytes(src);
    assert_eq!(b[32], 1, "room level type");
    let body = HEADER + "one\ntwo".len();
    assert_eq!(b[body..body + 4], [3, b'*', b')', b'[']);
    assert_eq!(b[body + 4..body + 8], [3, b'L', b'D', b'a']);
    assert_eq!(b[body + 8], 1, "nroom");
}

#[test]
fn room_level_without_rooms_writes_zero_rooms() {
    let src = "LEVEL: \"fill\"\nINIT_MAP: '.', ' ', true, true, random, true\n";
    let l = level(src);
    let r = rooms(&l);
    assert!(r.rooms.is_empty() && r.corridors.is_empty());
    // nrobjects, nrmonst, nroom, ncorr: the dummy room is not written.
    assert_eq!(bytes(src)[HEADER..], [0, 0, 0, 0]);
    // RANDOM_CORRIDORS is allowed with no room at all.
    let l = level("LEVEL: \"fill\"\nRANDOM_CORRIDORS\n");
    assert_eq!(rooms(&l).rooms.len(), 0);
    assert_eq!(corridor(&rooms(&l).corridors[0]), [-1, 0, 0, 0, 0, 0]);
}

#[test]
fn corridor_between_two_rooms_and_to_a_number() {
    let src = "LEVEL: \"c\"\nROOM: \"ordinary\", lit, random, random, random\nROOM: \"ordinary\", lit, random, random, random\nCORRIDOR: (0, south, random), (1, north, 3)\nCORRIDOR: (1, east, 0), 7\nCORRIDOR: (0, west, 2), -1\n";
    let l = level(src);
    let c: Vec<_> = rooms(&l).corridors.iter().map(corridor).collect();
    assert_eq!(
        c,
        [
            [0, 2, -1, 1, 1, 3],
            [1, 4, 0, -1, 7, 0],
            [0, 8, 2, -1, -1, 0]
        ]
    );
    // The corridor records end the file: ncorr then 3 x 6 bytes.
    let b = bytes(src);
    let tail = &b[b.len() - 19..];
    assert_eq!(tail[0], 3);
    assert_eq!(tail[1..7], [0, 2, 0xff, 1, 1, 3]);
    assert_eq!(tail[7..13], [1, 4, 0, 0xff, 7, 0]);
}

#[test]
fn random_corridors_is_one_record_with_source_room_minus_one() {
    let l = level(&in_room("RANDOM_CORRIDORS\n"));
    assert_eq!(rooms(&l).corridors.len(), 1);
    assert_eq!(corridor(&rooms(&l).corridors[0]), [-1, 0, 0, 0, 0, 0]);
}

#[test]
fn room_and_subroom_fill_flag_defaults_to_one() {
    let src = "LEVEL: \"f\"\nROOM: \"ordinary\", lit, random, random, random, false\nNAME: \"a\"\nROOM: \"ordinary\", lit, random, random, random\nROOM: \"ordinary\", lit, random, random, random, true\nSUBROOM: \"ordinary\", lit, random, random, \"a\", false\nSUBROOM: \"ordinary\", lit, random, random, \"a\"\n";
    let l = level(src);
    let filled: Vec<i8> = rooms(&l).rooms.iter().map(|r| r.filled.code()).collect();
    assert_eq!(filled, [0, 1, 1, 0, 1]);
}

#[test]
fn random_subroom_type_light_position_and_size() {
    let l = level(&in_room(
        "NAME: \"p\"\nSUBROOM: random, random, random, random, \"p\"\n",
    ));
    let s = room(&l, 1);
    assert_eq!(s.parent, "p");
    assert_eq!(s.name, "");
    assert_eq!(
        [
            s.rtype.code(),
            s.lit.code(),
            s.x,
            s.y,
            s.w,
            s.h,
            s.xalign,
            s.yalign
        ],
        [-1; 8]
    );
    assert_eq!((s.chance, s.filled), (0, Boolean::True));
    let l = level(&in_room(
        "NAME: \"p\"\nSUBROOM: \"shop\", unlit, (0,2), (3,1), \"p\"\nNAME: \"inner\"\n",
    ));
    let s = room(&l, 1);
    assert_eq!(
        [
            s.rtype.code(),
            s.lit.code(),
            s.x,
            s.y,
            s.w,
            s.h,
            s.xalign,
            s.yalign
        ],
        [14, 0, 0, 2, 3, 1, -1, -1]
    );
    assert_eq!((s.name.as_str(), s.parent.as_str()), ("inner", "p"));
}

#[test]
fn room_positions_sizes_and_every_alignment() {
    let src = "LEVEL: \"a\"\nROOM: \"ordinary\", lit, (1,5), (left,top), (2,3)\nROOM: \"ordinary\", lit, (5,1), (right,bottom), random\nROOM: \"ordinary\", lit, (3,3), (half-left,center), random\nROOM: \"ordinary\", lit, (2,4), (half-right,top), random\nROOM: \"ordinary\", lit, (4,2), (center,bottom), random\nROOM: \"ordinary\", lit, random, random, random\n";
    let l = level(src);
    let got: Vec<_> = rooms(&l)
        .rooms
        .iter()
        .map(|r| [r.x, r.y, r.xalign, r.yalign, r.w, r.h])
        .collect();
    assert_eq!(
        got,
        [
            [1, 5, 1, 1, 2, 3],
            [5, 1, 5, 5, -1, -1],
            [3, 3, 2, 3, -1, -1],
            [2, 4, 4, 1, -1, -1],
            [4, 2, 3, 5, -1, -1],
            [-1; 6]
        ]
    );
}

#[test]
fn room_types_lights_and_chance() {
    let src = "LEVEL: \"t\"\nROOM: random, random, random, random, random\nCHANCE: 30\nROOM: \"temple\", unlit, random, random, random\nCHANCE: 99\nROOM: \"candle shop\", lit, random, random, random\n";
    let l = level(src);
    let got: Vec<_> = rooms(&l)
        .rooms
        .iter()
        .map(|r| (r.rtype.code(), r.lit.code(), r.chance))
        .collect();
    assert_eq!(got, [(-1, -1, 30), (10, 0, 99), (24, 1, 0)]);
}

#[test]
fn pool_sink_and_fountain_in_a_room() {
    let l = level(&in_room(
        "POOL: (1,2)\nPOOL: random\nPOOL: place[4]\nSINK: place[3]\nSINK: random\nSINK: (0,0)\nFOUNTAIN: (2,3)\n",
    ));
    let r = room(&l, 0);
    let pools: Vec<_> = r.pools.iter().map(|p| (p.x, p.y)).collect();
    assert_eq!(pools, [(1, 2), (-11, -11), (-5, -5)]);
    let sinks: Vec<_> = r.sinks.iter().map(|p| (p.x, p.y)).collect();
    assert_eq!(sinks, [(-4, -4), (-11, -11), (0, 0)]);
    assert_eq!((r.fountains[0].x, r.fountains[0].y), (2, 3));
}

#[test]
fn gold_amounts_integer_random_and_extremes() {
    let l = level(&in_room(
        "GOLD: 100, (1,1)\nGOLD: random, random\nGOLD: 2147483647, place[0]\nGOLD: -2147483648, random\nGOLD: +7, random\n",
    ));
    let g: Vec<_> = room(&l, 0)
        .gold
        .iter()
        .map(|g| (g.pos.x, g.pos.y, g.amount))
        .collect();
    assert_eq!(
        g,
        [
            (1, 1, 100),
            (-11, -11, -1),
            (-1, -1, i32::MAX),
            (-11, -11, i32::MIN),
            (-11, -11, 7)
        ]
    );
    let l = level(&on_floor("GOLD: 50, (5,3)\n"));
    assert_eq!(part(&l).gold[0].amount, 50);
}

#[test]
fn engravings_in_a_room_with_every_type() {
    let l = level(&in_room(
        "ENGRAVING: (0,0), dust, \"d\"\nENGRAVING: random, engrave, \"e\"\nENGRAVING: random, burn, \"b\"\nENGRAVING: place[1], mark, \"m\"\nENGRAVING: random, random, \"\"\n",
    ));
    let e: Vec<_> = room(&l, 0)
        .engravings
        .iter()
        .map(|e| (e.pos.x, e.kind, e.text.as_str()))
        .collect();
    assert_eq!(
        e,
        [
            (0, 1, "d"),
            (-11, 2, "e"),
            (-11, 3, "b"),
            (-2, 4, "m"),
            (-11, -1, "")
        ]
    );
}

#[test]
fn room_doors_secret_state_wall_and_position() {
    let l = level(&in_room(
        "DOOR: random, open, north, 2\nDOOR: true, closed, south, random\nDOOR: false, locked, east, 0\nDOOR: random, nodoor, west, 1\nDOOR: false, broken, random, random\nDOOR: true, random, north, -1\n",
    ));
    let d: Vec<_> = room(&l, 0)
        .doors
        .iter()
        .map(|d| [d.secret, d.state.code(), d.wall.code(), d.pos])
        .collect();
    assert_eq!(
        d,
        [
            [-1, 2, 1, 2],
            [1, 4, 2, -1],
            [0, 8, 4, 0],
            [-1, 0, 8, 1],
            [0, 1, -1, -1],
            [1, -1, 1, -1]
        ]
    );
}

#[test]
fn object_enchantment_random_integer_and_absent() {
    let l = level(&in_room(
        "OBJECT: ')', \"dagger\", random\nOBJECT: ')', \"dagger\", random, blessed, 3\nOBJECT: ')', \"dagger\", random, random, random\nOBJECT: ')', \"dagger\", random, cursed, -3\nOBJECT: ')', \"dagger\", random, uncursed, 300\n",
    ));
    let o: Vec<_> = room(&l, 0)
        .objects
        .iter()
        .map(|o| (o.id, o.curse_state, o.spe))
        .collect();
    assert_eq!(
        o,
        [
            (17, -1, -127),
            (17, 1, 3),
            (17, -1, -127),
            (17, 3, -3),
            (17, 2, 300)
        ]
    );
}

#[test]
fn object_name_none_is_ignored_and_a_string_names_it() {
    let l = level(&on_floor(
        "OBJECT: ')', \"long sword\", (1,1), blessed, 0, none\nOBJECT: ')', \"long sword\", (1,1), blessed, 0, \"Excalibur\"\nOBJECT: '%', \"corpse\", (2,2), \"jackal\", random, \"Rover\"\n",
    ));
    let o = &part(&l).objects;
    assert_eq!((o[0].id, o[0].name.as_str()), (37, ""));
    assert_eq!(
        (o[1].id, o[1].name.as_str(), o[1].spe),
        (37, "Excalibur", 0)
    );
    assert_eq!((o[2].corpsenm, o[2].name.as_str()), (12, "Rover"));
}

#[test]
fn object_tails_curse_montype_and_spe_in_all_three_forms() {
    let l = level(&on_floor(
        "OBJECT: '`', \"statue\", (0,0), cursed, \"werewolf\", 2\nOBJECT: '%', \"corpse\", (0,0), \"giant eel\", random\nOBJECT: '%', \"corpse\", (0,0), random, \"no such monster\", 0\nOBJECT: '%', random, (0,0), blessed, random\n",
    ));
    let o: Vec<_> = part(&l)
        .objects
        .iter()
        .map(|o| (o.id, o.curse_state, o.corpsenm, o.spe))
        .collect();
    // Corpse monster types are looked up without a class: the first
    // werewolf (the `d` form, 21); an unknown name is -2.
    assert_eq!(
        o,
        [
            (428, 3, 21, 2),
            (240, -1, 316, -127),
            (240, -1, -2, 0),
            (-1, 1, -1, -127)
        ]
    );
}

#[test]
fn object_names_resolve_within_the_class_or_over_all_objects() {
    let l = level(&on_floor(
        "OBJECT: '+', \"light\", (0,0)\nOBJECT: random, \"light\", (0,0)\nOBJECT: object[2], \"blank paper\", (0,0)\nOBJECT: '/', \"light\", (0,0)\n",
    ));
    let o: Vec<_> = part(&l).objects.iter().map(|o| (o.class, o.id)).collect();
    assert_eq!(
        o,
        [(b'+' as i8, 327), (-11, 303), (-3, 320), (b'/' as i8, 363)]
    );
}

#[test]
fn region_and_room_type_random() {
    let l = level(&on_floor(
        "REGION: (0,0,1,1), lit, random\nREGION: (0,0,1,1), unlit, random, unfilled\nREGION: (0,0,1,1), random, \"zoo\", unfilled\nREGION: (0,0,1,1), lit, \"zoo\", filled\nREGION: (1,1,2,2), lit, \"morgue\", filled, true\nREGION: (0,0,1,1), lit, random, unfilled, false\nREGION: (0,0,1,1), lit, \"vault\"\n",
    ));
    let r: Vec<_> = part(&l)
        .regions
        .iter()
        .map(|r| {
            (
                r.rtype.code() + if r.unfilled { 25 } else { 0 },
                r.lit.code(),
                r.irregular,
            )
        })
        .collect();
    assert_eq!(
        r,
        [
            (-1, 1, false),
            (24, 0, false),
            (33, -1, false),
            (8, 1, false),
            (6, 1, true),
            (24, 1, false),
            (4, 1, false)
        ]
    );
    let a = part(&l).regions[4].area;
    assert_eq!([a.x1, a.y1, a.x2, a.y2], [1, 1, 2, 2]);
    let l = level("LEVEL: \"r\"\nROOM: random, lit, random, random, random\n");
    assert_eq!(room(&l, 0).rtype.code(), -1);
}

#[test]
fn alignments_random_registers_and_names() {
    let l = level(&on_floor(
        "MONSTER: 'd', random, (0,0), random\nMONSTER: 'd', random, (0,0), align[0]\nMONSTER: 'd', random, (0,0), align[2]\nMONSTER: 'd', random, (0,0)\nMONSTER: 'd', random, (0,0), noalign\nMONSTER: 'd', random, (0,0), chaos\nMONSTER: 'd', random, (0,0), neutral\nMONSTER: 'd', random, (0,0), coaligned\nMONSTER: 'd', random, (0,0), law\nMONSTER: 'd', random, (0,0), noncoaligned\nALTAR: (1,1), random, altar\nALTAR: (1,1), align[1], shrine\nALTAR: (1,1), law, sanctum\n",
    ));
    let m: Vec<i8> = part(&l).monsters.iter().map(|m| m.align.code()).collect();
    assert_eq!(m, [-11, -1, -3, -12, 0, 1, 2, 3, 4, 7]);
    let a: Vec<_> = part(&l)
        .altars
        .iter()
        .map(|a| (a.align.code(), a.shrine))
        .collect();
    assert_eq!(a, [(-11, 0), (-2, 1), (4, 2)]);
}

#[test]
fn altar_type_random_is_minus_one() {
    let l = level(&in_room(
        "ALTAR: (1,1), chaos, random\nALTAR: random, random, random\n",
    ));
    let a: Vec<_> = room(&l, 0)
        .altars
        .iter()
        .map(|a| (a.pos.x, a.align.code(), a.shrine))
        .collect();
    assert_eq!(a, [(1, 1, -1), (-11, -11, -1)]);
}

#[test]
fn engraving_types_in_a_maze_part() {
    let l = level(&on_floor(
        "ENGRAVING: (1,1), dust, \"a\"\nENGRAVING: (1,1), mark, \"b\"\nENGRAVING: random, random, \"c\"\n",
    ));
    let e: Vec<_> = part(&l)
        .engravings
        .iter()
        .map(|e| (e.kind, e.text.as_str()))
        .collect();
    assert_eq!(e, [(1, "a"), (4, "b"), (-1, "c")]);
}

#[test]
fn percent_chances_with_and_without_spaces() {
    let l = level(&on_floor(
        "MONSTER[25%]: 'd', random, (0,0)\nMONSTER[ 7% ]: 'd', random, (0,0)\nMONSTER: 'd', random, (0,0)\nTRAP[60%]: \"arrow\", (1,1)\nTRAP[  100%]: random, (1,1)\nTRAP: \"polymorph\", random\nOBJECT[1%]: ')', random, (2,2)\nCONTAINER[50% ]: '(', \"chest\", (2,2)\n",
    ));
    let p = part(&l);
    let m: Vec<i8> = p.monsters.iter().map(|m| m.chance).collect();
    assert_eq!(m, [25, 7, 100]);
    let t: Vec<_> = p.traps.iter().map(|t| (t.chance, t.kind)).collect();
    assert_eq!(t, [(60, 1), (100, -1), (100, 22)]);
    let o: Vec<_> = p
        .objects
        .iter()
        .map(|o| (o.chance, o.containment))
        .collect();
    assert_eq!(o, [(1, 0), (50, 2)]);
}

#[test]
fn container_in_a_room_and_its_contents() {
    let l = level(&in_room(
        "CONTAINER: '(', \"chest\", (2,2)\nOBJECT: '*', random, contained\nOBJECT: '?', random, contained, blessed, 1\nOBJECT: ')', random, (1,1)\n",
    ));
    let o: Vec<_> = room(&l, 0)
        .objects
        .iter()
        .map(|o| (o.id, o.containment, o.pos.x, o.pos.y))
        .collect();
    assert_eq!(
        o,
        [
            (190, 2, 2, 2),
            (-1, 1, -11, -11),
            (-1, 1, -11, -11),
            (-1, 0, 1, 1)
        ]
    );
    assert_eq!(room(&l, 0).objects[2].curse_state, 1);
}

#[test]
fn map_statements_at_place_registers_and_random() {
    let src = "MAZE: \"t\", ' '\nGEOMETRY: center, center\nMAP\n.....\n.|+|.\n.....\nENDMAP\nRANDOM_PLACES: (2,1), (0,0)\nDOOR: open, place[0]\nDOOR: random, random\nDOOR: broken, (2,1)\nDRAWBRIDGE: place[1], north, open\nDRAWBRIDGE: random, south, closed\nMAZEWALK: place[9], east\nMAZEWALK: random, west\nLADDER: place[2], up\nLADDER: random, down\nSTAIR: place[0], down\nSTAIR: random, up\n";
    let l = level(src);
    let p = part(&l);
    let d: Vec<_> = p
        .doors
        .iter()
        .map(|d| (d.pos.x, d.pos.y, d.state.code()))
        .collect();
    assert_eq!(d, [(-1, -1, 2), (-11, -11, -1), (2, 1, 1)]);
    let db: Vec<_> = p
        .drawbridges
        .iter()
        .map(|d| (d.pos.x, d.pos.y, d.dir, d.open))
        .collect();
    assert_eq!(
        db,
        [
            (-2, -2, Direction::North, true),
            (-11, -11, Direction::South, false)
        ]
    );
    let w: Vec<_> = p
        .mazewalks
        .iter()
        .map(|w| (w.pos.x, w.dir.code()))
        .collect();
    assert_eq!(w, [(-10, 4), (-11, 8)]);
    let lad: Vec<_> = p.ladders.iter().map(|s| (s.pos.x, s.up)).collect();
    assert_eq!(lad, [(-3, true), (-11, false)]);
    let st: Vec<_> = p.stairs.iter().map(|s| (s.pos.y, s.up)).collect();
    assert_eq!(st, [(-1, false), (-11, true)]);
}

#[test]
fn drawbridge_directions_and_states_next_to_walls() {
    // Each drawbridge has a wall one step away in its direction.
    let src = "MAZE: \"t\", ' '\nGEOMETRY: center, center\nMAP\n.-.\n|}|\n.-.\nENDMAP\nDRAWBRIDGE: (1,1), north, open\nDRAWBRIDGE: (1,1), south, closed\nDRAWBRIDGE: (1,1), east, open\nDRAWBRIDGE: (1,1), west, closed\n";
    let l = level(src);
    let d: Vec<_> = part(&l)
        .drawbridges
        .iter()
        .map(|d| (d.dir, d.open))
        .collect();
    assert_eq!(
        d,
        [
            (Direction::North, true),
            (Direction::South, false),
            (Direction::East, true),
            (Direction::West, false)
        ]
    );
}

#[test]
fn every_door_state_keyword() {
    let src = "MAZE: \"t\", ' '\nGEOMETRY: center, center\nMAP\n+S+S+S\nENDMAP\nDOOR: open, (0,0)\nDOOR: closed, (1,0)\nDOOR: locked, (2,0)\nDOOR: nodoor, (3,0)\nDOOR: broken, (4,0)\nDOOR: random, (5,0)\n";
    let l = level(src);
    let s: Vec<i8> = part(&l).doors.iter().map(|d| d.state.code()).collect();
    assert_eq!(s, [2, 4, 8, 0, 1, -1]);
}

#[test]
fn monster_infos_attitude_alertness_names_and_appearances() {
    let l = level(&on_floor(
        "MONSTER: 'd', \"jackal\", (0,0), awake\nMONSTER: 'd', \"jackal\", (0,0), asleep, hostile\nMONSTER: 'd', \"jackal\", (0,0), peaceful, \"Rex\"\nMONSTER: 'm', random, (0,0), m_monster \"giant eel\"\nMONSTER: 'm', random, (0,0), m_feature \"fountain\"\nMONSTER: 'm', random, (0,0), m_object \"boulder\", asleep\nMONSTER: 'd', \"jackal\", (0,0), \"A\", peaceful, \"B\", hostile, awake, asleep\nMONSTER: monster[3], random, (0,0)\nMONSTER: random, random, random\n",
    ));
    let m: Vec<_> = part(&l)
        .monsters
        .iter()
        .map(|m| {
            (
                m.class,
                m.id,
                m.peaceful,
                m.asleep,
                m.name.as_str(),
                m.appear,
                m.appear_as.as_str(),
            )
        })
        .collect();
    let d = b'd' as i8;
    let mimic = b'm' as i8;
    assert_eq!(
        m,
        [
            (d, 12, -1, 0, "", 0, ""),
            (d, 12, 0, 1, "", 0, ""),
            (d, 12, 1, -1, "Rex", 0, ""),
            (mimic, -1, -1, -1, "", 3, "giant eel"),
            (mimic, -1, -1, -1, "", 1, "fountain"),
            (mimic, -1, -1, 1, "", 2, "boulder"),
            // Later infos override earlier ones.
            (d, 12, 0, 1, "B", 0, ""),
            (-4, -1, -1, -1, "", 0, ""),
            (-11, -1, -1, -1, "", 0, "")
        ]
    );
    // The name and appear_as texts follow the 32-byte monster record.
    let b = bytes(&on_floor(
        "MONSTER: 'm', random, (0,0), \"Mo\", m_monster \"giant eel\"\n",
    ));
    assert!(
        b.ends_with(b"Mogiant eel\0\0\0"),
        "{:?}",
        &b[b.len() - 20..]
    );
}

#[test]
fn negative_integers_and_explicit_plus_signs() {
    // On an INIT_MAP level coordinates are not range-checked.
    let src = "MAZE: \"n\", ' '\nINIT_MAP: '.', ' ', true, true, lit, false\nGEOMETRY: center, center\nMAP\n...\nENDMAP\nRANDOM_PLACES: (-1,+2)\nMONSTER: 'd', random, (-3,-4)\nGOLD: -5, (+1,+1)\nOBJECT: '%', random, (1,1), \"jackal\", -7\n";
    let l = level(src);
    let p = part(&l);
    assert_eq!((p.random_places[0][0].x, p.random_places[0][0].y), (-1, 2));
    assert_eq!((p.monsters[0].pos.x, p.monsters[0].pos.y), (-3, -4));
    assert_eq!((p.gold[0].amount, p.gold[0].pos.x), (-5, 1));
    assert_eq!((p.objects[0].spe, p.objects[0].corpsenm), (-7, 12));
}

#[test]
fn character_literals_with_backslash_escapes() {
    // '\\' is the throne map character, '\'' the golem class, '\"' the
    // amulet class; '\a' is just 'a'.
    let src = "MAZE: \"c\", '\\\\'\nNOMAP\nRANDOM_MONSTERS: '\\'', '\\a', ' '\nRANDOM_OBJECTS: '\\\"', '\\.', '`'\nMONSTER: '\\'', random, random\n";
    let l = level(src);
    assert_eq!(maze(&l).filling, 28);
    let p = part(&l);
    assert_eq!(p.random_monsters, [b' ' as i8, b'a' as i8, b'\'' as i8]);
    assert_eq!(p.random_objects, [b'`' as i8, b'.' as i8, b'"' as i8]);
    assert_eq!(p.monsters[0].class, b'\'' as i8);
}

#[test]
fn every_map_character_and_digit_line_numbers() {
    let src =
        "MAZE: \"m\", ' '\nGEOMETRY: left, top\nMAP\n0 #.-|+ABCT1\n1FSHIK{\\}PLW2\n\n345\nENDMAP\n";
    let l = level(src);
    let p = part(&l);
    // Digits are deleted; rows are padded with stone to the widest (11);
    // the empty line is an all-stone row, the digits-only line too.
    assert_eq!((p.map.width, p.map.height), (11, 4));
    assert_eq!(p.map.cells[..11], [0, 23, 24, 2, 1, 22, 34, 7, 35, 13, 0]);
    assert_eq!(
        p.map.cells[11..22],
        [21, 14, 15, 32, 29, 27, 28, 17, 16, 20, 18]
    );
    assert!(p.map.cells[22..].iter().all(|&c| c == 0));
    assert_eq!((p.halign, p.valign), (1, 1));
    // The map bytes follow halign, valign, xsize, ysize.
    let b = bytes(src);
    assert_eq!(b[HEADER..HEADER + 6], [0, 1, 1, 1, 11, 4]);
    assert_eq!(b[HEADER + 6..HEADER + 9], [0, 23, 24]);
}

#[test]
fn geometry_justifications() {
    for (h, v, want) in [
        ("left", "top", (1, 1)),
        ("half-left", "center", (2, 3)),
        ("center", "bottom", (3, 5)),
        ("half-right", "top", (4, 1)),
        ("right", "center", (5, 3)),
    ] {
        let l = level(&format!(
            "MAZE: \"g\", ' '\nGEOMETRY: {h}, {v}\nMAP\n.\nENDMAP\n"
        ));
        assert_eq!((part(&l).halign, part(&l).valign), want, "{h} {v}");
    }
}

#[test]
fn crlf_file_gives_the_same_bytes_as_lf() {
    let lf = [
        on_floor(
            "RANDOM_MONSTERS: 'a', 'b'\nMONSTER[50%]: 'd', \"jackal\", (1,1), \"Rex\"\nENGRAVING: (2,2), burn, \"x\"\nREGION: (1,1,3,2), lit, \"zoo\", filled, true\n",
        ),
        in_room(
            "NAME: \"x\"\nDOOR: true, open, west, 1\nSUBROOM: \"ordinary\", lit, (1,1), (1,1), \"x\"\nRANDOM_CORRIDORS\n",
        ),
        "# comment\nMAZE: \"c\", ' '\nMESSAGE: \"hello\"\nGEOMETRY: center, center\nMAP\n 1..\n 2--\nENDMAP\nWALLIFY\n"
            .to_string(),
    ];
    for src in lf {
        let crlf = src.replace('\n', "\r\n");
        assert_ne!(crlf, src);
        assert_eq!(bytes(&crlf), bytes(&src), "{src}");
    }
}

#[test]
fn several_levels_in_one_file() {
    let src = "MAZE: \"one\", '.'\nNOMAP\nGOLD: -5, random\nLEVEL: \"two\"\nROOM: \"ordinary\", lit, random, random, random\nDOOR: true, open, west, -1\nMAZE: \"three\", random\nMESSAGE: \"third\"\nNOMAP\n";
    let levels = compile(src);
    let names: Vec<&str> = levels.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["one", "two", "three"]);
    let one = &levels[0].level;
    assert_eq!(
        (maze(one).filling.code(), part(one).gold[0].amount),
        (24, -5)
    );
    let d = &room(&levels[1].level, 0).doors[0];
    assert_eq!(
        [d.secret, d.state.code(), d.wall.code(), d.pos],
        [1, 2, 8, -1]
    );
    assert_eq!(levels[2].level.message, "third");
    assert_eq!(maze(&levels[2].level).filling, -1);
    // Each level starts afresh: no message or flags leak between them.
    assert_eq!(
        (one.message.as_str(), levels[1].level.message.as_str()),
        ("", "")
    );
}

#[test]
fn messages_are_joined_with_newlines() {
    let src =
        "MAZE: \"m\", ' '\nMESSAGE: \"first\"\nMESSAGE: \"\"\nMESSAGE: \"third line\"\nNOMAP\n";
    assert_eq!(level(src).message, "first\n\nthird line");
    let b = bytes(src);
    assert_eq!(b[HEADER - 1] as usize, "first\n\nthird line".len());
    assert_eq!(&b[HEADER..HEADER + 18], b"first\n\nthird line\0");
    // lev_comp's test is new length + 1 + current length <= 255: one
    // message holds at most 254 bytes, joined ones 255 in total.
    let l = level(&format!(
        "MAZE: \"m\", ' '\nMESSAGE: \"{}\"\nNOMAP\n",
        "a".repeat(254)
    ));
    assert_eq!(l.message.len(), 254);
    let (a, b) = ("a".repeat(200), "b".repeat(54));
    let src = format!("MAZE: \"m\", ' '\nMESSAGE: \"{a}\"\nMESSAGE: \"{b}\"\nNOMAP\n");
    assert_eq!(level(&src).message, format!("{a}\n{b}"));
    assert_eq!(bytes(&src)[HEADER - 1], 255);
}

#[test]
fn register_lists_objects_monsters_reversed_places_in_order() {
    let l = level(&on_floor(
        "RANDOM_OBJECTS: '[', ')', '*', '%'\nRANDOM_PLACES: (0,0), (5,3), (2,1)\nRANDOM_MONSTERS: 'a', 'b', 'c'\nMONSTER: monster[0], random, place[2]\n",
    ));
    let p = part(&l);
    assert_eq!(p.random_objects, [b'%', b'*', b')', b'['].map(|c| c as i8));
    assert_eq!(p.random_monsters, [b'c', b'b', b'a'].map(|c| c as i8));
    let places: Vec<_> = p.random_places[0].iter().map(|p| (p.x, p.y)).collect();
    assert_eq!(places, [(0, 0), (5, 3), (2, 1)]);
    // Ten entries is the maximum.
    let ten = ["'a'"; 10].join(", ");
    let l = level(&on_floor(&format!("RANDOM_MONSTERS: {ten}\n")));
    assert_eq!(part(&l).random_monsters.len(), 10);
}

#[test]
fn flags_are_or_ed() {
    let l = level(
        "MAZE: \"f\", ' '\nFLAGS: noteleport, hardfloor, nommap, shortsighted, arboreal\nNOMAP\n",
    );
    assert_eq!(l.flags.code(), 31);
    let src = "MAZE: \"f\", ' '\nFLAGS: nommap, nommap, shortsighted\nNOMAP\n";
    assert_eq!(level(src).flags.code(), 4 | 8);
    // A signed 64-bit field right after lev_init.
    assert_eq!(bytes(src)[41..49], [12, 0, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn wallify_turns_stone_next_to_floor_into_walls() {
    let src = "MAZE: \"w\", ' '\nGEOMETRY: center, center\nMAP\n      \n  .   \n    B \n      \nENDMAP\nWALLIFY\n";
    let l = level(src);
    let p = part(&l);
    assert_eq!((p.map.width, p.map.height), (6, 4));
    // Above/below a floor cell: HWALL (2); beside it only: VWALL (1); a
    // crossing wall (B, 7) counts like floor. Walls made by WALLIFY do
    // not spread further.
    #[rustfmt::skip]
    assert_eq!(
        p.map.cells,
        [
            0, 2, 2, 2, 0, 0,
            0, 1, 24, 1, 2, 2,
            0, 2, 2, 2, 7, 1,
            0, 0, 0, 2, 2, 2,
        ]
    );
}

#[test]
fn wallify_applies_where_it_appears() {
    // A statement checked before WALLIFY sees stone; after it, a wall.
    let src = "MAZE: \"w\", ' '\nGEOMETRY: center, center\nMAP\n . \nENDMAP\nDRAWBRIDGE: random, east, open\nWALLIFY\nDRAWBRIDGE: (1,0), east, open\n";
    let l = level(src);
    assert_eq!(part(&l).map.cells, [1, 24, 1]);
    assert_eq!(part(&l).drawbridges.len(), 2);
}

#[test]
fn nomap_part_is_one_stone_cell_aligned_top_left() {
    let src = "MAZE: \"n\", ' '\nNOMAP\nMONSTER: 'd', random, random\nNOMAP\n";
    let l = level(src);
    let m = maze(&l);
    assert_eq!(m.parts.len(), 2);
    for p in &m.parts {
        assert_eq!(
            (p.halign, p.valign, p.map.width, p.map.height),
            (1, 1, 1, 1)
        );
        assert_eq!(p.map.cells, [0]);
    }
    // NOMAP coordinates are checked against 79 x 21, then against the
    // level's maps: here there is none, so a fixed place is refused.
    for (at, error) in [
        ("(80,1)", "Coordinates out of map range!"),
        ("(79,21)", "after NOMAP: no map of this level covers it"),
    ] {
        let src = format!("MAZE: \"n\", ' '\nNOMAP\nMONSTER: 'd', random, {at}\n");
        let e = des::compile(&src, "t.des").unwrap_err().to_string();
        assert!(e.contains(error), "{e}");
    }
    let b = bytes(src);
    // filling, numpart, then halign, valign, xsize, ysize and the one cell.
    assert_eq!(b[HEADER..HEADER + 7], [0, 2, 1, 1, 1, 1, 0]);
}

#[test]
fn nomap_on_an_init_map_level_omits_the_map_byte() {
    let with = "MAZE: \"a\", ' '\nINIT_MAP: '.', ' ', true, true, lit, false\nNOMAP\nMONSTER: 'd', random, random\n";
    let without = "MAZE: \"a\", ' '\nNOMAP\nMONSTER: 'd', random, random\n";
    let (a, b) = (bytes(with), bytes(without));
    // Both have the 8 lev_init bytes (zero without INIT_MAP); only the
    // 1x1 map cell is missing.
    assert_eq!(a.len() + 1, b.len());
    assert_eq!(a[33], 1);
    assert_eq!(b[33..41], [0; 8]);
    assert_eq!(a[HEADER..HEADER + 6], [0, 1, 1, 1, 1, 1]);
    assert_eq!(b[HEADER..HEADER + 7], [0, 1, 1, 1, 1, 1, 0]);
    assert_eq!(a[HEADER + 6..], b[HEADER + 7..]);
    assert_eq!(part(&level(with)).map.cells, [0]);
    // A 1x1 MAP part of stone is stored the same way.
    let map = "MAZE: \"a\", ' '\nINIT_MAP: '.', ' ', true, true, lit, false\nGEOMETRY: left, top\nMAP\n \nENDMAP\nMONSTER: 'd', random, random\n";
    assert_eq!(bytes(map), a);
}

#[test]
fn keywords_are_longest_match_and_case_sensitive() {
    // MAZEWALK is not MAZE + WALK; `half-left` is one keyword.
    let l = level(&on_floor("MAZEWALK: (0,0), south\n"));
    assert_eq!(part(&l).mazewalks[0].dir.code(), 2);
    assert!(des::compile(&on_floor("monster: 'd', random, random\n"), "t.des").is_err());
    assert!(des::compile(&on_floor("MONSTER: 'd', RANDOM, random\n"), "t.des").is_err());
}

#[test]
fn strings_may_span_lines_and_hold_any_character() {
    let src = "MAZE: \"s\", ' '\nMESSAGE: \"two\n# lines\"\nNOMAP\nENGRAVING: random, burn, \"Elbereth, 'quoted' [50%] random\"\n";
    let l = level(src);
    // A line of a string starting with `#` is not a comment.
    assert_eq!(l.message, "two\n# lines");
    assert_eq!(
        part(&l).engravings[0].text,
        "Elbereth, 'quoted' [50%] random"
    );
}

#[test]
fn level_regions_in_map_and_level_coordinates() {
    let l = level(&on_floor(
        "STAIR: levregion(1,0,79,20), (0,0,5,3), up\nSTAIR: (0,0,1,1), levregion(1,1,2,2), down\nPORTAL: levregion(1,1,10,10), levregion(1,0,1,0), \"fire\"\nTELEPORT_REGION: (0,0,1,1), (0,0,0,0), down\nTELEPORT_REGION: (0,0,1,1), (0,0,0,0), up\nTELEPORT_REGION: (0,0,1,1), (0,0,0,0)\nBRANCH: levregion(5,5,6,6), (0,0,0,0)\n",
    ));
    let r: Vec<_> = part(&l)
        .level_regions
        .iter()
        .map(|r| {
            (
                r.kind,
                r.area_in_level,
                r.exclude_in_level,
                r.destination.as_str(),
            )
        })
        .collect();
    assert_eq!(
        r,
        [
            (1, true, false, ""),
            (0, false, true, ""),
            (2, true, true, "fire"),
            (6, false, false, ""),
            (5, false, false, ""),
            (4, false, false, ""),
            (3, true, false, "")
        ]
    );
    let a = part(&l).level_regions[0].area;
    assert_eq!([a.x1, a.y1, a.x2, a.y2], [1, 0, 79, 20]);
}

#[test]
fn non_diggable_and_non_passwall_areas() {
    let l = level(&on_floor(
        "NON_DIGGABLE: (0,0,5,3)\nNON_PASSWALL: (1,2,3,3)\n",
    ));
    let d = part(&l).non_diggable[0];
    let p = part(&l).non_passwall[0];
    assert_eq!([d.x1, d.y1, d.x2, d.y2], [0, 0, 5, 3]);
    assert_eq!([p.x1, p.y1, p.x2, p.y2], [1, 2, 3, 3]);
}

#[test]
fn maze_fill_character_and_random() {
    for (fill, want) in [
        ("' '", 0),
        ("'.'", 24),
        ("'-'", 2),
        ("'}'", 17),
        ("random", -1),
    ] {
        let l = level(&format!("MAZE: \"f\", {fill}\nNOMAP\n"));
        assert_eq!(maze(&l).filling, want, "{fill}");
    }
}

#[test]
fn register_lists_belong_to_their_own_map_part() {
    let l = level(
        "MAZE: \"p\", ' '\nNOMAP\nRANDOM_MONSTERS: 'a'\nNOMAP\nRANDOM_MONSTERS: 'b', 'c'\nRANDOM_OBJECTS: '!'\n",
    );
    let m = maze(&l);
    assert_eq!(m.parts[0].random_monsters, [b'a' as i8]);
    assert_eq!(m.parts[1].random_monsters, [b'c' as i8, b'b' as i8]);
    assert!(m.parts[0].random_objects.is_empty());
    assert_eq!(m.parts[1].random_objects, [b'!' as i8]);
}

#[test]
fn a_nul_byte_ends_a_string_value_as_in_lev_comp() {
    // lev_comp copies string tokens with strcpy.
    let src = "MAZE: \"ab\0cd\", ' '\nNOMAP\nENGRAVING: random, burn, \"x\0y\"\nMONSTER: 'd', \"jackal\0zz\", random\n";
    let levels = compile(src);
    assert_eq!(levels[0].name, "ab");
    let l = &levels[0].level;
    assert_eq!(part(l).engravings[0].text, "x");
    assert_eq!(part(l).monsters[0].id, 12);
}

#[test]
fn every_monster_and_object_class_character() {
    let monsters = "abcdefghijklmnopqrstuvwxyzABCDEFGHJKLMNOPQRSTUVWXYZ@ '&;:~]";
    let objects = "])[=\"(%!?+/$*`0_.";
    let quoted = |chars: &str| {
        chars
            .chars()
            .map(|c| format!("'{c}'"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut src = String::from("MAZE: \"c\", ' '\n");
    // Ten register entries per part at most: one part per ten classes.
    for chunk in monsters.as_bytes().chunks(10) {
        let chunk = std::str::from_utf8(chunk).unwrap();
        src.push_str(&format!("NOMAP\nRANDOM_MONSTERS: {}\n", quoted(chunk)));
    }
    let l = level(&src);
    let got: Vec<u8> = maze(&l)
        .parts
        .iter()
        .flat_map(|p| p.random_monsters.iter().rev().map(|&c| c as u8))
        .collect();
    assert_eq!(got, monsters.as_bytes());
    let mut src = String::from("MAZE: \"o\", ' '\n");
    for chunk in objects.as_bytes().chunks(10) {
        let chunk = std::str::from_utf8(chunk).unwrap();
        src.push_str(&format!("NOMAP\nRANDOM_OBJECTS: {}\n", quoted(chunk)));
    }
    let l = level(&src);
    let got: Vec<u8> = maze(&l)
        .parts
        .iter()
        .flat_map(|p| p.random_objects.iter().rev().map(|&c| c as u8))
        .collect();
    assert_eq!(got, objects.as_bytes());
}

#[test]
fn map_block_rows_comments_and_indented_endmap() {
    // A row of map characters is a row even if it starts with `#`; a line
    // starting with `#` that has other characters is a comment; ENDMAP
    // may be indented.
    let src = "MAZE: \"m\", ' '\nGEOMETRY: center, center\nMAP\n###\n# a comment, skipped\n#.#\n  ENDMAP\n";
    let l = level(src);
    let p = part(&l);
    assert_eq!((p.map.width, p.map.height), (3, 2));
    assert_eq!(p.map.cells, [23, 23, 23, 23, 24, 23]);
}

/// A 1x1 map on an INIT_MAP level is stored without its cell, but the
/// checks of the part's statements see the cell, as lev_comp's do: an
/// irregular region on a floor cell is accepted.
#[test]
fn a_one_cell_map_on_an_init_map_level_is_checked_with_its_cell() {
    let src = "MAZE: \"onex\", ' '\nINIT_MAP: '.', ' ', true, true, lit, false\nGEOMETRY: center, center\nMAP\n.\nENDMAP\nREGION: (0,0,0,0), lit, \"ordinary\", filled, true\n";
    let file = des::compile(src, "t.des").unwrap_or_else(|d| panic!("{d}"));
    let LevelBody::Maze(m) = &file.levels[0].level.body else {
        panic!("maze")
    };
    assert_eq!(m.parts[0].map.cells, [0], "stored without its cell");
    assert!(m.parts[0].regions[0].irregular);
}

/// Strings keep their bytes, as lev_comp stores them: a Latin-1 `é` is
/// one byte 0xE9 in the `.lev` (checked against the reference tool), and
/// UTF-8 text its own bytes.
#[test]
fn strings_keep_their_bytes_whatever_the_encoding() {
    let mut src = b"MAZE: \"lat\", ' '\n".to_vec();
    src.extend_from_slice("MESSAGE: \"d\u{e9}j\u{e0} vu\"\n".as_bytes());
    src.extend_from_slice(
        b"GEOMETRY: center, center\nMAP\n...\nENDMAP\nENGRAVING: (1,0), burn, \"caf\xe9\"\n",
    );
    let text = levbuild::source_text(&src);
    let file = des::compile(&text, "lat.des").unwrap_or_else(|d| panic!("{d}"));
    let bytes = &file.levels[0].bytes;
    let find = |needle: &[u8]| bytes.windows(needle.len()).any(|w| w == needle);
    // The engraving is the file's last record (its length field at bytes
    // 8..12 of 24 in LP64), then its 4 bytes of text.
    assert!(bytes.ends_with(b"caf\xe9"));
    let end = bytes.len();
    if Layout::host() == Layout::LP64 {
        assert_eq!(&bytes[end - 20..end - 16], &[4, 0, 0, 0], "length 4, not 5");
    }
    assert!(find("d\u{e9}j\u{e0} vu".as_bytes()));
    assert!(!find("\u{fffd}".as_bytes()));
    let back = des::decode(bytes, "lat", &Game::nethack_343(), Layout::host()).unwrap();
    assert_eq!(back, file.levels[0].level);
    assert_eq!(
        des::encode(&back, &Game::nethack_343(), Layout::host()).unwrap(),
        *bytes
    );
}

/// Inside `MAP`, a row may follow white space that is not a map character
/// (a tab): lev_comp's row rule is not anchored, so the tab is skipped and
/// the rest of the line is a (shorter) row, as the reference tool reads it.
#[test]
fn a_tab_before_a_map_row_is_skipped_like_lev_comp_does() {
    let src = "MAZE: \"r3\", ' '\nGEOMETRY: center, center\nMAP\n.....\n\t...\n.....\nENDMAP\n";
    let file = des::compile(src, "t.des").unwrap_or_else(|d| panic!("{d}"));
    let LevelBody::Maze(m) = &file.levels[0].level.body else {
        panic!("maze")
    };
    assert_eq!((m.parts[0].map.width, m.parts[0].map.height), (5, 3));
    // flex's white space rule takes every blank after the tab: `\t ---`
    // is the row `---` (checked against 3.4.3's and 3.6.7's lev_comp).
    let src = "MAZE: \"r3\", ' '\nGEOMETRY: center, center\nMAP\n\t ---\n |.|\n ---\nENDMAP\n";
    let file = des::compile(src, "t.des").unwrap_or_else(|d| panic!("{d}"));
    let LevelBody::Maze(m) = &file.levels[0].level.body else {
        panic!("maze")
    };
    let first_row: Vec<char> = m.parts[0].map.cells[..4]
        .iter()
        .map(|t| t.map_char().unwrap())
        .collect();
    assert_eq!(first_row, ['-', '-', '-', ' ']);
}

#[test]
fn a_nul_or_high_byte_outside_a_string_ends_the_file_with_a_warning() {
    // lev_comp's scanner stops there and compiles what came before (3.4.3's
    // and 3.6.7's lev_comp, checked: the same levels, exit status 0).
    let level =
        |name: &str| format!("MAZE:\"{name}\",' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n");
    for (stop, what) in [
        ("\0", "a NUL byte"),
        ("\u{f7e9}", "the byte 0xE9"),
        ("é", "the character 'é'"),
    ] {
        let src = format!("{}{stop}\n{}", level("one"), level("two"));
        let file = des::compile(&src, "t.des").unwrap_or_else(|d| panic!("{d}"));
        let names: Vec<&str> = file.levels.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(names, ["one"], "{what}");
        let w = file.warnings.iter().next().unwrap();
        assert_eq!(
            (w.message.as_str(), w.line, w.column),
            ("the rest of the file is ignored", 6, 1)
        );
        assert!(
            w.label.as_deref().unwrap_or("").contains(what),
            "{:?}",
            w.label
        );
    }
    // In strings and comments such bytes are text.
    let src = "# caf\u{f7e9}\nMAZE:\"one\",' '\nMESSAGE:\"caf\u{f7e9} \0\"\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n";
    let file = des::compile(src, "t.des").unwrap_or_else(|d| panic!("{d}"));
    assert!(file.warnings.is_empty(), "{}", file.warnings);
    // A byte-order mark at the start leaves nothing to compile.
    let file = des::compile(&format!("\u{feff}{}", level("one")), "t.des").unwrap();
    assert!(file.levels.is_empty());
}

#[test]
fn comments_need_their_newline_and_a_stray_map_line_is_flexs() {
    // Checked against 3.4.3's and 3.6.7's lev_comp: a last comment line
    // without a newline is no comment (a syntax error), and a `MAP` line
    // inside a map block (or one before GEOMETRY) starts nothing new.
    let level = "MAZE:\"one\",' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n";
    let d = des::compile(&format!("{level}# last"), "t.des").unwrap_err();
    assert_eq!(d.errors().next().unwrap().line, 6);
    assert!(des::compile(&format!("{level}# last\n"), "t.des").is_ok());
    let stray = "MAZE:\"one\",' '\nMAP\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n";
    let file = des::compile(stray, "t.des").unwrap_or_else(|d| panic!("{d}"));
    // The newline ending the GEOMETRY line is an empty row of the map
    // (flex's row rule matches it there), so the map is an empty row over
    // `...`: 3 x 2, byte for byte what both lev_comps write.
    let LevelBody::Maze(m) = &file.levels[0].level.body else {
        panic!("maze")
    };
    assert_eq!((m.parts[0].map.width, m.parts[0].map.height), (3, 2));
}

#[test]
fn a_map_block_the_file_ends_in_is_ignored_with_a_warning() {
    // flex's map state ends with the input: the block gives no token, and
    // what came before compiles (checked against both lev_comps).
    let level = "MAZE:\"a\",random\nGEOMETRY:center,center\nMAP\n.\nENDMAP\n";
    let file = des::compile(&format!("{level}MAP\n..\n"), "t.des").unwrap();
    assert_eq!(
        file.levels[0].bytes,
        des::compile(level, "t.des").unwrap().levels[0].bytes
    );
    let w = file.warnings.iter().next().unwrap();
    assert_eq!(
        (w.message.as_str(), w.line),
        ("MAP block without ENDMAP", 6)
    );
    // After a GEOMETRY the map is missing: a syntax error, as in lev_comp.
    assert!(des::compile(
        "MAZE:\"a\",random\nGEOMETRY:center,center\nMAP\n..\n",
        "t.des"
    )
    .is_err());
}

/// `monster[-1]` stores class 0, which lev_comp's `get_monster_id` reads
/// as any class: a name after it is looked up (3.4.3's lev_comp stores
/// the warhorse), while a register's class finds no name (#34 item 9).
#[test]
fn a_negative_monster_register_looks_its_name_up_in_every_class() {
    let src = "MAZE: \"t\", ' '\nGEOMETRY: center, center\nMAP\n...\nENDMAP\n\
               MONSTER: monster[-1], \"warhorse\", (0,0)\n\
               MONSTER: monster[0], \"warhorse\", (1,0)\n";
    let file = levbuild::des::compile(src, "t.des").unwrap();
    let levbuild::des::LevelBody::Maze(maze) = &file.levels[0].level.body else {
        panic!("a maze level")
    };
    let game = levbuild::Game::nethack_343();
    let warhorse = game.monster_id("warhorse", Some(b'u')).unwrap();
    let ids: Vec<i16> = maze.parts[0].monsters.iter().map(|m| m.id).collect();
    assert_eq!(ids, [warhorse, -1]);
    assert_eq!(maze.parts[0].monsters[0].class, 0);
}
