//! Hand-written `.des` inputs for the grammar features the vanilla corpus
//! never uses. Every test checks values of the *decoded* output, so it
//! covers the parser, the checks and the byte layout at once.

use levbuild::des::{self, CompiledLevel, Level, LevelBody, MazePart, Options, RoomLevel};

/// Compiles `src`, asserts it has no diagnostics, decodes every level and
/// checks the round trip; returns the decoded levels.
fn decoded(src: &str) -> Vec<Level> {
    let file = des::compile_with(
        src,
        "t.des",
        &Options {
            extra_warnings: true,
        },
    )
    .unwrap_or_else(|d| panic!("{d}"));
    assert!(
        file.warnings.is_empty(),
        "unexpected warnings:\n{}",
        file.warnings
    );
    file.levels
        .iter()
        .map(|CompiledLevel { name, bytes, level }| {
            let back = des::decode(bytes, name).unwrap();
            assert_eq!(&back, level);
            assert_eq!(des::encode(&back).unwrap(), *bytes);
            back
        })
        .collect()
}

fn rooms(level: &Level) -> &RoomLevel {
    match &level.body {
        LevelBody::Rooms(r) => r,
        LevelBody::Maze(_) => panic!("room level expected"),
    }
}

fn parts(level: &Level) -> &[MazePart] {
    match &level.body {
        LevelBody::Maze(m) => &m.parts,
        LevelBody::Rooms(_) => panic!("maze level expected"),
    }
}

#[test]
fn empty_and_comment_only_files_define_no_level() {
    assert!(decoded("").is_empty());
    assert!(decoded("# only a comment\n#\n").is_empty());
}

const ROOMS: &str = r#"LEVEL: "rooms"
FLAGS: noteleport, hardfloor
INIT_MAP: '.', ' ', true, true, lit, random
MESSAGE: "first"
MESSAGE: "second"
RANDOM_OBJECTS: '[', ')', '*'
RANDOM_MONSTERS: 'a', 'D'
ROOM: "ordinary", lit, (1,1), (left,top), (5,4), false
NAME: "main"
POOL: (1,1)
GOLD: 100, (2,2)
GOLD: random, random
ENGRAVING: (0,0), dust, "dusty"
ENGRAVING: random, mark, "marked"
ENGRAVING: random, random, "whatever"
DOOR: random, broken, north, 2
DOOR: false, random, random, random
MONSTER[ 25% ]: 'd', "jackal", random, awake, m_monster "giant eel"
MONSTER: monster[1], random, place[0], align[2]
MONSTER: 'd', random, random, random
TRAP[60%]: "arrow", (1,1)
TRAP: random, random
ALTAR: (1,2), random, random
ALTAR: (2,2), align[0], sanctum
SINK: place[3]
SINK: random
OBJECT: object[0], random, random, random, random
OBJECT: ')', "long sword", random, blessed, -3, none
OBJECT: '%', "corpse", random, "werewolf", 0, "Fido"
CONTAINER: '(', "chest", (1,1)
OBJECT: '*', random, contained
STAIR: random, up
FOUNTAIN: random
ROOM: random, random, random, random, random
SUBROOM: random, unlit, random, random, "main", false
SUBROOM: "temple", lit, (1,1), (2,2), "main"
CHANCE: 50
ROOM: "throne", unlit, (5,5), (right,bottom), (3,3)
ROOM: "zoo", lit, (3,3), (half-left,center), random
ROOM: "zoo", lit, (2,4), (half-right,top), random
CORRIDOR: (0, south, random), (1, north, 3)
CORRIDOR: (1, east, -1), 7
"#;

#[test]
fn room_level_with_every_room_statement() {
    let levels = decoded(ROOMS);
    let l = &levels[0];
    assert_eq!(l.flags, 1 | 2);
    assert_eq!(l.message, "first\nsecond");
    let init = l.init.unwrap();
    assert_eq!(
        (
            init.fg,
            init.bg,
            init.smoothed,
            init.joined,
            init.lit,
            init.walled
        ),
        (24, 0, true, true, 1, -1)
    );
    let r = rooms(l);
    // Register lists are stored last-listed first.
    assert_eq!(r.random_objects, [b'*' as i8, b')' as i8, b'[' as i8]);
    assert_eq!(r.random_monsters, [b'D' as i8, b'a' as i8]);
    assert_eq!(r.rooms.len(), 7);

    let main = &r.rooms[0];
    assert_eq!(main.name, "main");
    assert_eq!(
        (main.x, main.y, main.xalign, main.yalign, main.w, main.h),
        (1, 1, 1, 1, 5, 4)
    );
    assert_eq!(
        (main.rtype, main.lit, main.filled, main.chance),
        (0, 1, 0, 0)
    );
    assert_eq!(main.pools.len(), 1);
    assert_eq!((main.pools[0].x, main.pools[0].y), (1, 1));
    let gold: Vec<_> = main
        .gold
        .iter()
        .map(|g| (g.pos.x, g.pos.y, g.amount))
        .collect();
    assert_eq!(gold, [(2, 2, 100), (-11, -11, -1)]);
    let engr: Vec<_> = main
        .engravings
        .iter()
        .map(|e| (e.kind, e.text.as_str()))
        .collect();
    assert_eq!(engr, [(1, "dusty"), (4, "marked"), (-1, "whatever")]);
    let doors: Vec<_> = main
        .doors
        .iter()
        .map(|d| (d.secret, d.state, d.wall, d.pos))
        .collect();
    assert_eq!(doors, [(-1, 1, 1, 2), (0, -1, -1, -1)]);

    let m = &main.monsters;
    assert_eq!(
        (m[0].chance, m[0].class, m[0].id, m[0].asleep),
        (25, b'd' as i8, 12, 0)
    );
    assert_eq!((m[0].appear, m[0].appear_as.as_str()), (3, "giant eel"));
    assert_eq!((m[0].pos.x, m[0].align, m[0].peaceful), (-11, -12, -1));
    assert_eq!(
        (m[1].class, m[1].id, m[1].pos.x, m[1].pos.y, m[1].align),
        (-2, -1, -1, -1, -3)
    );
    assert_eq!((m[2].id, m[2].align), (-1, -11));
    let traps: Vec<_> = main
        .traps
        .iter()
        .map(|t| (t.chance, t.kind, t.pos.x))
        .collect();
    assert_eq!(traps, [(60, 1, 1), (100, -1, -11)]);
    let altars: Vec<_> = main.altars.iter().map(|a| (a.align, a.shrine)).collect();
    assert_eq!(altars, [(-11, -1), (-1, 2)]);
    let sinks: Vec<_> = main.sinks.iter().map(|s| (s.x, s.y)).collect();
    assert_eq!(sinks, [(-4, -4), (-11, -11)]);

    let o = &main.objects;
    assert_eq!(
        (
            o[0].class,
            o[0].id,
            o[0].curse_state,
            o[0].spe,
            o[0].corpsenm
        ),
        (-1, -1, -1, -127, -1)
    );
    assert_eq!(
        (o[1].id, o[1].curse_state, o[1].spe, o[1].name.as_str()),
        (37, 1, -3, "")
    );
    // Corpse monster types are looked up without a class: werewolf is 21.
    assert_eq!(
        (
            o[2].corpsenm,
            o[2].spe,
            o[2].name.as_str(),
            o[2].curse_state
        ),
        (21, 0, "Fido", -1)
    );
    assert_eq!(o[3].containment, 2);
    assert_eq!((o[4].containment, o[4].pos.x, o[4].pos.y), (1, -11, -11));
    assert_eq!((main.stairs[0].up, main.stairs[0].pos.x), (true, -11));
    assert_eq!(main.fountains.len(), 1);

    let any = &r.rooms[1];
    assert_eq!(
        (any.rtype, any.lit, any.x, any.y, any.xalign, any.yalign, any.w, any.h),
        (-1, -1, -1, -1, -1, -1, -1, -1)
    );
    let sub = &r.rooms[2];
    assert_eq!(
        (
            sub.parent.as_str(),
            sub.rtype,
            sub.x,
            sub.w,
            sub.filled,
            sub.xalign
        ),
        ("main", -1, -1, -1, 0, -1)
    );
    let temple = &r.rooms[3];
    assert_eq!(
        (
            temple.rtype,
            temple.chance,
            temple.x,
            temple.y,
            temple.w,
            temple.h
        ),
        (10, 50, 1, 1, 2, 2)
    );
    let aligns: Vec<_> = r.rooms[4..].iter().map(|r| (r.xalign, r.yalign)).collect();
    assert_eq!(aligns, [(5, 5), (2, 3), (4, 1)]);

    let c: Vec<_> = r
        .corridors
        .iter()
        .map(|c| {
            (
                c.src_room,
                c.src_wall,
                c.src_door,
                c.dest_room,
                c.dest_wall,
                c.dest_door,
            )
        })
        .collect();
    assert_eq!(c, [(0, 2, -1, 1, 1, 3), (1, 4, -1, -1, 7, 0)]);
}

#[test]
fn room_level_without_rooms_and_random_corridors() {
    let l = &decoded("LEVEL: \"empty\"\nINIT_MAP: '.', ' ', true, true, random, true\n")[0];
    let r = rooms(l);
    assert!(r.rooms.is_empty() && r.corridors.is_empty());
    assert_eq!(l.init.unwrap().walled, 1);
    let l = &decoded(
        "LEVEL: \"rc\"\nROOM: \"ordinary\", random, random, random, random\nRANDOM_CORRIDORS\n",
    )[0];
    let c = rooms(l).corridors[0];
    assert_eq!((c.src_room, c.src_wall, c.dest_room), (-1, 0, 0));
}

const MAZE: &str = r#"MAZE: "parts", random
GEOMETRY: half-left, bottom
MAP
1#HK.
2.|+.
3S.{.
ENDMAP
RANDOM_PLACES: (0,0), (3,2)
RANDOM_MONSTERS: '\'', 'a'
RANDOM_OBJECTS: '\"', '\)'
DOOR: random, place[0]
DOOR: locked, random
DOOR: broken, (2,1)
DRAWBRIDGE: place[1], east, open
DRAWBRIDGE: random, west, closed
MAZEWALK: place[9], north
MAZEWALK: random, south
LADDER: place[1], up
LADDER: random, down
REGION: (0,0,3,2), random, random, unfilled
REGION: (3,0,3,1), lit, "zoo", filled, true
MONSTER: 'd', "jackal", (3,0), hostile, asleep, "Rex", noalign, m_feature "fountain"
MONSTER: 'd', "jackal", random, peaceful, law, m_object "boulder"
OBJECT: '[', random, (0,1), cursed, random
ALTAR: random, coaligned, shrine
ENGRAVING: (3,1), burn, "burnt"
NON_DIGGABLE: (0,0,3,2)
NON_PASSWALL: (0,0,1,1)
STAIR: levregion(1,0,79,20), (0,0,3,2), up
PORTAL: levregion(1,1,10,10), levregion(1,0,1,0), "fakewiz1"
TELEPORT_REGION: (0,0,1,1), (0,0,0,0), down
TELEPORT_REGION: (0,0,1,1), (0,0,0,0)
BRANCH: levregion(5,5,6,6), (0,0,0,0)
NOMAP
MONSTER: 'Z', random, random
"#;

#[test]
fn maze_level_with_every_map_statement() {
    let levels = decoded(MAZE);
    let l = &levels[0];
    let LevelBody::Maze(maze) = &l.body else {
        panic!()
    };
    assert_eq!(maze.filling, -1);
    let p = &maze.parts[0];
    assert_eq!(
        (p.halign, p.valign, p.map.width, p.map.height),
        (2, 5, 4, 3)
    );
    // `#` corridor, `H` secret corridor, `K` sink; the digits are gone.
    assert_eq!(p.map.cells, [23, 15, 29, 24, 24, 1, 22, 24, 14, 24, 27, 24]);
    let places: Vec<_> = p.random_places.iter().map(|p| (p.x, p.y)).collect();
    assert_eq!(places, [(0, 0), (3, 2)]);
    assert_eq!(p.random_monsters, [b'a' as i8, b'\'' as i8]);
    assert_eq!(p.random_objects, [b')' as i8, b'"' as i8]);
    let doors: Vec<_> = p
        .doors
        .iter()
        .map(|d| (d.pos.x, d.pos.y, d.state))
        .collect();
    assert_eq!(doors, [(-1, -1, -1), (-11, -11, 8), (2, 1, 1)]);
    let db: Vec<_> = p
        .drawbridges
        .iter()
        .map(|d| (d.pos.x, d.dir, d.open))
        .collect();
    assert_eq!(db, [(-2, 2, true), (-11, 3, false)]);
    let walks: Vec<_> = p.mazewalks.iter().map(|w| (w.pos.x, w.dir)).collect();
    assert_eq!(walks, [(-10, 1), (-11, 2)]);
    let ladders: Vec<_> = p.ladders.iter().map(|s| (s.pos.x, s.up)).collect();
    assert_eq!(ladders, [(-2, true), (-11, false)]);
    let regions: Vec<_> = p
        .regions
        .iter()
        .map(|r| (r.rtype, r.lit, r.irregular))
        .collect();
    assert_eq!(regions, [(24, -1, false), (8, 1, true)]);
    let m = &p.monsters;
    assert_eq!(
        (
            m[0].peaceful,
            m[0].asleep,
            m[0].name.as_str(),
            m[0].align,
            m[0].appear
        ),
        (0, 1, "Rex", 0, 1)
    );
    assert_eq!(
        (
            m[1].peaceful,
            m[1].align,
            m[1].appear,
            m[1].appear_as.as_str()
        ),
        (1, 4, 2, "boulder")
    );
    assert_eq!(
        (p.objects[0].curse_state, p.objects[0].spe, p.objects[0].id),
        (3, -127, -1)
    );
    assert_eq!((p.altars[0].align, p.altars[0].shrine), (3, 1));
    assert_eq!(
        (p.engravings[0].kind, p.engravings[0].text.as_str()),
        (3, "burnt")
    );
    assert_eq!((p.non_diggable.len(), p.non_passwall[0].x2), (1, 1));
    let lr: Vec<_> = p
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
        lr,
        [
            (1, true, false, ""),
            (2, true, true, "fakewiz1"),
            (6, false, false, ""),
            (4, false, false, ""),
            (3, true, false, "")
        ]
    );
    let nomap = &maze.parts[1];
    assert_eq!(
        (
            nomap.halign,
            nomap.valign,
            nomap.map.width,
            nomap.map.cells.clone()
        ),
        (1, 1, 1, vec![0])
    );
    assert_eq!(nomap.monsters[0].class, b'Z' as i8);
}

#[test]
fn wallify_turns_stone_next_to_floor_into_walls() {
    let src =
        "MAZE: \"w\", ' '\nGEOMETRY: center, center\nMAP\n     \n  .  \n     \nENDMAP\nWALLIFY\n";
    let l = &decoded(src)[0];
    assert_eq!(
        parts(l)[0].map.cells,
        [0, 2, 2, 2, 0, 0, 1, 24, 1, 0, 0, 2, 2, 2, 0]
    );
}

#[test]
fn nomap_on_an_init_map_level_writes_no_map_byte() {
    let with = "MAZE: \"a\", ' '\nINIT_MAP: '.', ' ', true, true, lit, false\nNOMAP\nMONSTER: 'd', random, (70,20)\n";
    let without = "MAZE: \"a\", ' '\nNOMAP\nMONSTER: 'd', random, (70,20)\n";
    let a = des::compile(with, "a.des").unwrap();
    let b = des::compile(without, "b.des").unwrap();
    // Same contents; the INIT_MAP level has no 1x1 map byte (its 8 init
    // bytes are present either way, zero without INIT_MAP).
    assert_eq!(a.levels[0].bytes.len() + 1, b.levels[0].bytes.len());
    assert_eq!(parts(&a.levels[0].level)[0].map.cells, [0]);
}

#[test]
fn crlf_files_compile_like_lf_files() {
    let crlf = MAZE.replace('\n', "\r\n");
    let a = des::compile(MAZE, "a.des").unwrap();
    let b = des::compile(&crlf, "b.des").unwrap();
    assert_eq!(a.levels[0].bytes, b.levels[0].bytes);
    let crlf = ROOMS.replace('\n', "\r\n");
    assert_eq!(
        des::compile(ROOMS, "a.des").unwrap().levels[0].bytes,
        des::compile(&crlf, "b.des").unwrap().levels[0].bytes
    );
}

#[test]
fn several_levels_in_one_file_and_negative_integers() {
    let src = "MAZE: \"one\", '.'\nNOMAP\nGOLD: -5, random\nLEVEL: \"two\"\nROOM: \"ordinary\", lit, random, random, random\nDOOR: true, open, west, -1\n";
    let levels = decoded(src);
    assert_eq!(
        levels.iter().map(|l| l.name.as_str()).collect::<Vec<_>>(),
        ["one", "two"]
    );
    let LevelBody::Maze(m) = &levels[0].body else {
        panic!()
    };
    assert_eq!((m.filling, m.parts[0].gold[0].amount), (24, -5));
    let d = rooms(&levels[1]).rooms[0].doors[0];
    assert_eq!((d.secret, d.state, d.wall, d.pos), (1, 2, 8, -1));
}
