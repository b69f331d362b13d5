//! A seeded generator of valid NetHack 3.4.3 `.des` and `dungeon.def`
//! sources: maze and room levels with every kind of content statement,
//! names from the game's own tables, register lists, odd spacing and
//! comments, and numbers at and past the ends of their fields. Used by the
//! suite (no panic, no error, `decode(encode(x)) == x`) and by the
//! differential test against the reference tools.
//!
//! For a variant of the family ([`des_file_for`]) it also writes what its
//! format says its language adds ([`Extensions`], read from the game,
//! never from its name): AceHack's curse state `identified`, ladders in
//! rooms and ladder level regions, FIQHack's `HALLUMSG`, `mineslight`,
//! `levregion()`, level regions from x 0 on its 79-column map and `ROOM`
//! positions as map coordinates; now and then out of place, so that
//! refusals are compared too. NetHack 3.4.3's files are the same as
//! before: an extension draws no random number where the game has none.

#![allow(dead_code)]

use levbuild::Game;

/// xorshift64*: small, seeded, the same on every machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const TRAPS: &[&str] = &[
    "arrow",
    "dart",
    "falling rock",
    "board",
    "bear",
    "land mine",
    "rolling boulder",
    "sleep gas",
    "rust",
    "fire",
    "pit",
    "spiked pit",
    "hole",
    "trap door",
    "teleport",
    "level teleport",
    "magic portal",
    "web",
    "statue",
    "magic",
    "anti magic",
    "polymorph",
];
const ROOM_TYPES: &[&str] = &[
    "ordinary",
    "throne",
    "swamp",
    "beehive",
    "morgue",
    "barracks",
    "zoo",
    "delphi",
    "temple",
    "shop",
    "armor shop",
    "scroll shop",
    "potion shop",
    "weapon shop",
    "food shop",
    "ring shop",
    "wand shop",
    "tool shop",
    "book shop",
    "candle shop",
];
const ENGRAVINGS: &[&str] = &["dust", "engrave", "burn", "mark"];
const ALIGNS: &[&str] = &["law", "neutral", "chaos", "noalign"];

/// What a game's language adds to 3.4.3's that the generator writes, as
/// its format describes it.
pub struct Extensions {
    /// Its curse state words, in its numbering's order (AceHack's
    /// `identified`).
    curse_states: Vec<String>,
    /// Its lighting words (FIQHack's `mineslight`).
    light_states: Vec<String>,
    /// `LADDER` in rooms.
    room_ladders: bool,
    /// `LADDER: levregion(…), …, up|down`.
    ladder_regions: bool,
    /// `HALLUMSG`.
    hallucination_messages: bool,
    /// `levregion()`.
    empty_level_regions: bool,
    /// `COLNO`, `ROWNO`.
    map_size: (i64, i64),
    /// The smallest x of a `levregion(…)`.
    level_region_min_x: i64,
    /// The bounds of a `ROOM` position (3.4.3's 1..5 grid, or the map's).
    room_positions: (i64, i64, i64),
}

impl Extensions {
    pub fn of(game: &Game) -> Extensions {
        let f = game.format();
        let n = &f.numbering;
        let words = |t: &[(Box<str>, i8)]| t.iter().map(|(w, _)| w.to_string()).collect();
        let rules = &f.level_rules;
        Extensions {
            curse_states: words(&n.curse_states),
            light_states: words(&n.light_states),
            room_ladders: f.room_ladders,
            ladder_regions: n.level_region("LR_UPLADDER").is_some(),
            hallucination_messages: f.hallucination_messages,
            empty_level_regions: rules.empty_level_regions,
            map_size: rules.map_size,
            level_region_min_x: rules.level_region_min_x,
            room_positions: rules.room_positions,
        }
    }

    /// Lighting words beyond `lit` and `unlit`.
    fn more_lights(&self) -> bool {
        self.light_states.len() > 2
    }

    /// Statements a maze part may have beyond 3.4.3's.
    fn part_statements(&self) -> usize {
        usize::from(self.ladder_regions) + 3 * usize::from(self.empty_level_regions)
    }

    /// Statements a room may have beyond 3.4.3's.
    fn room_statements(&self) -> usize {
        usize::from(self.room_ladders) + usize::from(self.hallucination_messages)
    }
}

/// A lighting word: `lit` or `unlit`, or one of the game's.
fn light(r: &mut Rng, ext: &Extensions) -> String {
    match ext.more_lights() {
        true => r.pick(&ext.light_states).clone(),
        false => r.pick(&["lit", "unlit"]).to_string(),
    }
}

/// A comma with random spacing around it.
fn comma(r: &mut Rng) -> &'static str {
    const COMMAS: [&str; 5] = [",", ", ", " ,", " , ", ",\t"];
    COMMAS[r.below(COMMAS.len())]
}

/// A string literal holding printable text (and, sometimes, Latin-1).
fn text(r: &mut Rng, max: usize) -> String {
    let words = [
        "Elbereth",
        "ad aerarium",
        "hi",
        "x",
        "caf\u{e9}",
        "a b c",
        "!?",
    ];
    let mut s = String::new();
    while s.len() < max / 2 && r.chance(60) {
        let word: &&str = r.pick(&words);
        s.push_str(word);
        s.push(' ');
    }
    format!("\"{}\"", s.trim_end())
}

/// A monster: class character and name from the game's table.
fn monster(r: &mut Rng, game: &Game) -> String {
    if r.chance(15) {
        return "random, random".into();
    }
    let monsters: Vec<(&str, u8)> = game.monsters().collect();
    let (name, class) = *r.pick(&monsters);
    let class = char::from(class);
    if r.chance(20) {
        format!("'{class}', random")
    } else {
        format!("'{class}', \"{name}\"")
    }
}

/// An object: class character and name from the game's table.
fn object(r: &mut Rng, game: &Game) -> String {
    if r.chance(15) {
        return "random, random".into();
    }
    let objects: Vec<(&str, u8)> = game.objects().filter(|(n, _)| !n.is_empty()).collect();
    let (name, class) = *r.pick(&objects);
    format!("'{}', \"{name}\"", char::from(class))
}

/// A number for an `int` field: mostly ordinary, sometimes at or past
/// the ends of its field.
fn number(r: &mut Rng) -> i64 {
    *r.pick(&[
        0,
        1,
        7,
        100,
        127,
        128,
        255,
        256,
        32767,
        40000,
        -1,
        2_147_483_647,
        5_000_000_000,
    ])
}

/// A maze level of one or two map parts with content statements.
fn maze(r: &mut Rng, game: &Game, ext: &Extensions, name: &str) -> String {
    let mut s = format!("MAZE: \"{name}\"{}' '\n", comma(r));
    if r.chance(30) {
        let flags = [
            "noteleport",
            "hardfloor",
            "nommap",
            "shortsighted",
            "arboreal",
        ];
        let n = 1 + r.below(3);
        let list: Vec<&str> = (0..n).map(|_| *r.pick(&flags)).collect();
        s.push_str(&format!("FLAGS: {}\n", list.join(",")));
    }
    if r.chance(20) {
        let lit = match ext.more_lights() {
            true => light(r, ext),
            false => "lit".into(),
        };
        s.push_str(&format!("INIT_MAP: '.', ' ', true, true, {lit}, false\n"));
    }
    for _ in 0..r.below(3) {
        s.push_str(&format!("MESSAGE: {}\n", text(r, 60)));
    }
    if ext.hallucination_messages {
        for _ in 0..r.below(3) {
            s.push_str(&format!("HALLUMSG: {}\n", text(r, 60)));
        }
        // Out of place: a MESSAGE after them.
        if r.chance(4) {
            s.push_str(&format!("MESSAGE: {}\n", text(r, 20)));
        }
    }
    if r.chance(15) {
        // A part without a map, its places at random: a fixed place after
        // NOMAP is checked against a map of the level, and this level
        // draws none (lev_comp crashes; levbuild refuses).
        s.push_str("NOMAP\n");
        for _ in 0..1 + r.below(4) {
            let at = "random";
            s.push_str(&match r.below(3) {
                0 => format!("MONSTER: {}, {at}\n", monster(r, game)),
                1 => format!("OBJECT: {}, {at}\n", object(r, game)),
                _ => format!("TRAP: \"{}\", {at}\n", r.pick(TRAPS)),
            });
        }
        return s;
    }
    for part in 0..1 + r.below(2) {
        let (w, h) = (4 + r.below(13), 4 + r.below(6));
        let halign = r.pick(&["left", "half-left", "center", "half-right", "right"]);
        let valign = r.pick(&["top", "center", "bottom"]);
        s.push_str(&format!("GEOMETRY:{halign}{}{valign}\nMAP\n", comma(r)));
        for y in 0..h {
            let row: String = (0..w)
                .map(|x| {
                    if x == 0 || x == w - 1 {
                        '|'
                    } else if y == 0 || y == h - 1 {
                        '-'
                    } else if (x, y) == (2, 1) {
                        '+'
                    } else if (x, y) == (1, 1) {
                        '.'
                    } else {
                        *r.pick(&['.', '.', '.', '#', 'T', '{', 'L', 'P'])
                    }
                })
                .collect();
            s.push_str(&row);
            s.push('\n');
        }
        s.push_str("ENDMAP\n");
        // Interior cells: inside the walls.
        let at = |r: &mut Rng| format!("({},{})", 1 + r.below(w - 2), 1 + r.below(h - 2));
        if r.chance(30) {
            let classes = ["')'", "'['", "'%'", "'?'", "'!'", "'*'"];
            let n = 1 + r.below(4);
            let list: Vec<&str> = (0..n).map(|_| *r.pick(&classes)).collect();
            s.push_str(&format!("RANDOM_OBJECTS: {}\n", list.join(",")));
        }
        if r.chance(30) {
            let n = 1 + r.below(4);
            let list: Vec<String> = (0..n).map(|_| at(r)).collect();
            s.push_str(&format!("RANDOM_PLACES: {}\n", list.join(",")));
        }
        let (colno, rowno) = ext.map_size;
        for _ in 0..r.below(12) {
            let stmt = match r.below(22 + ext.part_statements()) {
                0 => format!("MONSTER: {}{}{}", monster(r, game), comma(r), at(r)),
                1 => format!(
                    "MONSTER: {}, {}, \"{}\", {}",
                    monster(r, game),
                    at(r),
                    r.pick(&["Bob", "Fang", "x"]),
                    r.pick(&["peaceful", "hostile"])
                ),
                2 => format!("OBJECT: {}{}{}", object(r, game), comma(r), at(r)),
                3 => format!(
                    "OBJECT: {}, {}, {}, {}",
                    object(r, game),
                    at(r),
                    r.pick(&ext.curse_states),
                    number(r)
                ),
                4 => format!("TRAP: \"{}\"{}{}", r.pick(TRAPS), comma(r), at(r)),
                5 => format!(
                    "ENGRAVING: {}, {}, {}",
                    at(r),
                    r.pick(ENGRAVINGS),
                    text(r, 40)
                ),
                6 => format!("GOLD: {}, {}", number(r), at(r)),
                7 => format!("FOUNTAIN: {}", at(r)),
                8 => format!(
                    "ALTAR: {}, {}, {}",
                    at(r),
                    r.pick(ALIGNS),
                    r.pick(&["altar", "shrine", "sanctum"])
                ),
                9 => {
                    let (x1, y1) = (1 + r.below(w - 2), 1 + r.below(h - 2));
                    let (x2, y2) = (x1 + r.below(w - 1 - x1), y1 + r.below(h - 1 - y1));
                    format!(
                        "REGION: ({x1},{y1},{x2},{y2}), {}, \"{}\"",
                        light(r, ext),
                        r.pick(ROOM_TYPES)
                    )
                }
                10 => format!("NON_DIGGABLE: (0,0,{},{})", w - 1, h - 1),
                11 => format!(
                    "DOOR: {}, (2,1)",
                    r.pick(&["open", "closed", "locked", "nodoor", "broken", "random"])
                ),
                12 => format!("DRAWBRIDGE: (1,1), west, {}", r.pick(&["open", "closed"])),
                13 => format!(
                    "MAZEWALK: {}, {}",
                    at(r),
                    r.pick(&["north", "south", "east", "west"])
                ),
                14 => format!(
                    "{}: {}, {}",
                    r.pick(&["STAIR", "LADDER"]),
                    at(r),
                    r.pick(&["up", "down"])
                ),
                15 => format!("TELEPORT_REGION: (1,1,{},{}), (0,0,0,0)", w - 2, h - 2),
                16 => format!(
                    "TELEPORT_REGION: levregion({},0,{},{}), (0,0,{},{}){}",
                    ext.level_region_min_x + r.below(30) as i64,
                    colno - 1,
                    rowno - 1,
                    w - 1,
                    h - 1,
                    r.pick(&["", ", up", ", down"])
                ),
                17 => format!(
                    "PORTAL: (1,1,1,1), (0,0,0,0), \"{}\"",
                    r.pick(&["fire", "water", "air"])
                ),
                18 => format!("NON_PASSWALL: (0,0,{},{})", w - 1, h - 1),
                19 => format!(
                    "MONSTER: {}, {}, {}",
                    monster(r, game),
                    at(r),
                    r.pick(&[
                        "asleep",
                        "awake",
                        "m_object \"boulder\"",
                        "m_feature \"fountain\"",
                        "law",
                        "chaos"
                    ])
                ),
                20 => format!("CONTAINER: '(', \"chest\", {}", at(r)),
                21 => "WALLIFY".to_string(),
                n => extra_part_statement(r, ext, n - 22, (w, h)),
            };
            s.push_str(&stmt);
            s.push('\n');
            if r.chance(10) {
                s.push_str(&format!("# part {part}\n"));
            }
        }
    }
    s
}

/// The `n`th of the statements a game adds to a maze part of `w` by `h`:
/// ladder regions, then regions with `levregion()`.
fn extra_part_statement(r: &mut Rng, ext: &Extensions, n: usize, (w, h): (usize, usize)) -> String {
    let (colno, rowno) = ext.map_size;
    // A level region, now and then past the map's edge (refused).
    let lev = |r: &mut Rng| {
        let x1 = ext.level_region_min_x + r.below(20) as i64;
        let x2 = match r.chance(5) {
            true => colno,
            false => colno - 1 - r.below(10) as i64,
        };
        format!("levregion({x1},{},{x2},{})", r.below(5), rowno - 1)
    };
    let n = n + usize::from(!ext.ladder_regions);
    match n {
        0 => format!(
            "LADDER: {}, (0,0,{},{}), {}",
            lev(r),
            w - 1,
            h - 1,
            r.pick(&["up", "down"])
        ),
        1 => format!(
            "BRANCH: (1,1,1,1), {}",
            r.pick(&["levregion()", "(0,0,0,0)"])
        ),
        2 => format!(
            "TELEPORT_REGION: levregion(), (0,0,{},{}){}",
            w - 1,
            h - 1,
            r.pick(&["", ", up", ", down"])
        ),
        _ => {
            let area = ["levregion()".to_string(), lev(r)];
            format!(
                "STAIR: {}, {}, {}",
                r.pick(&area),
                r.pick(&["levregion()", "(1,1,1,1)"]),
                r.pick(&["up", "down"])
            )
        }
    }
}

/// A room level with a few rooms and their contents.
fn rooms(r: &mut Rng, game: &Game, ext: &Extensions, name: &str) -> String {
    let mut s = format!("LEVEL: \"{name}\"\n");
    let rooms = 1 + r.below(3);
    for room in 0..rooms {
        let (w, h) = (2 + r.below(5), 2 + r.below(4));
        let kind = r.pick(&["ordinary", "ordinary", "temple", "zoo", "morgue"]);
        let lit = match ext.more_lights() {
            true => match r.chance(20) {
                true => "random".to_string(),
                false => light(r, ext),
            },
            false => r.pick(&["lit", "unlit", "random"]).to_string(),
        };
        // A game whose rooms are placed by map coordinates: one now and
        // then, sometimes past its bounds (refused).
        let (lo, hx, hy) = ext.room_positions;
        let pos = match (lo, hx, hy) != (1, 5, 5) && r.chance(40) {
            true => format!("({},{})", r.range(lo, hx + 1), r.range(lo, hy + 1)),
            false => "random".to_string(),
        };
        s.push_str(&format!(
            "ROOM: \"{kind}\", {lit}, {pos}, random, ({w},{h})\n"
        ));
        if r.chance(25) {
            s.push_str(&format!("NAME: \"room{room}\"\n"));
            if w >= 3 && h >= 3 {
                s.push_str(&format!(
                    "SUBROOM: \"{}\", {}, (1,1), (1,1), \"room{room}\"\n",
                    r.pick(&["temple", "shop", "zoo"]),
                    r.pick(&["lit", "unlit"])
                ));
                if r.chance(50) {
                    s.push_str(&format!("CHANCE: {}\n", 1 + r.below(99)));
                }
            }
        }
        let at = |r: &mut Rng| format!("({},{})", r.below(w), r.below(h));
        for _ in 0..r.below(5) {
            let stmt = match r.below(9 + ext.room_statements()) {
                6 => format!("SINK: {}", at(r)),
                7 => format!("POOL: {}", at(r)),
                8 => format!(
                    "DOOR: {}, {}, {}, random",
                    r.pick(&["true", "false"]),
                    r.pick(&["open", "closed", "locked", "random"]),
                    r.pick(&["north", "south", "east", "west", "random"])
                ),
                0 => format!("MONSTER: {}, {}", monster(r, game), at(r)),
                1 => format!("OBJECT: {}, {}", object(r, game), at(r)),
                2 => format!("TRAP: \"{}\", {}", r.pick(TRAPS), at(r)),
                3 => format!("GOLD: {}, {}", number(r), at(r)),
                4 => format!("FOUNTAIN: {}", at(r)),
                5 => format!(
                    "ENGRAVING: {}, {}, {}",
                    at(r),
                    r.pick(ENGRAVINGS),
                    text(r, 30)
                ),
                // A ladder in the room; without room ladders, a
                // hallucination message in a room level (refused).
                9 if ext.room_ladders => {
                    format!("LADDER: {}, {}", at(r), r.pick(&["up", "down"]))
                }
                _ => format!("HALLUMSG: {}", text(r, 20)),
            };
            s.push_str(&stmt);
            s.push('\n');
        }
    }
    if rooms >= 2 && r.chance(30) {
        s.push_str("CORRIDOR: (0, south, 0), (1, north, 0)\n");
    } else {
        s.push_str("RANDOM_CORRIDORS\n");
    }
    s
}

/// A NetHack 3.4.3 `.des` file of one or two levels, named `gNNNNa`,
/// `gNNNNb`.
pub fn des_file(seed: u64) -> String {
    des_file_for(seed, &Game::nethack_343())
}

/// A `.des` file of one or two levels of `game` (its monsters, objects
/// and [`Extensions`]), named `gNNNNa`, `gNNNNb`.
pub fn des_file_for(seed: u64, game: &Game) -> String {
    let mut r = Rng::new(seed);
    let ext = Extensions::of(game);
    let mut s = String::new();
    if r.chance(30) {
        s.push_str("# generated\n");
    }
    for suffix in ["a", "b"].iter().take(1 + r.below(2)) {
        let name = format!("g{:04}{suffix}", seed % 10_000);
        if r.chance(50) {
            s.push_str(&maze(&mut r, game, &ext, &name));
        } else {
            s.push_str(&rooms(&mut r, game, &ext, &name));
        }
    }
    s
}

/// A `dungeon.def` of a few dungeons with levels, random levels, chains,
/// branches, descriptions and a `%REINCARNATION` line.
pub fn dungeon_file(seed: u64) -> String {
    let mut r = Rng::new(seed ^ 0xd06e);
    let mut s = String::from("# generated dungeon\n");
    let names = [
        "The Dungeons of Doom",
        "Gnomish Mines",
        "Sokoban",
        "Vlad's Tower",
    ];
    let count = 1 + r.below(names.len());
    for (d, name) in names.iter().take(count).enumerate() {
        let bones = ["\"D\"", "\"M\"", "\"none\"", "\"S\""][d];
        s.push_str(&format!(
            "DUNGEON:{}\"{name}\" {bones} ({}, {})",
            " ",
            5 + r.below(20),
            r.below(5)
        ));
        if d > 0 && r.chance(40) {
            s.push_str(&format!(" {}", 10 + r.below(90)));
        }
        s.push('\n');
        if r.chance(30) {
            s.push_str(&format!(
                "DESCRIPTION: {}\n",
                r.pick(&["mazelike", "hellish", "roguelike"])
            ));
        }
        if r.chance(20) {
            s.push_str(&format!(
                "ALIGNMENT: {}\n",
                r.pick(&["lawful", "neutral", "chaotic"])
            ));
        }
        if r.chance(20) {
            s.push_str(&format!("ENTRY: {}\n", r.range(-1, 3)));
        }
        let mut levels: Vec<String> = Vec::new();
        for l in 0..1 + r.below(4) {
            let level = format!("l{d}{l}");
            match r.below(4) {
                // The first level of a dungeon is no chain target (dgn_comp's
                // window), so chain to the latest of two or more.
                0 if levels.len() >= 2 => {
                    let target = levels.last().unwrap();
                    s.push_str(&format!(
                        "CHAINLEVEL: \"{level}\" \"none\" \"{target}\" + ({}, {})\n",
                        1 + r.below(2),
                        r.below(2)
                    ));
                }
                1 => s.push_str(&format!(
                    "RNDLEVEL: \"{level}\" \"none\" @ ({}, {}) {}\n",
                    1 + r.below(4),
                    r.below(2),
                    1 + r.below(5)
                )),
                _ => s.push_str(&format!(
                    "LEVEL: \"{level}\" \"none\" @ ({}, {})\n",
                    1 + r.below(4),
                    r.below(3)
                )),
            }
            if r.chance(25) {
                s.push_str(&format!(
                    "LEVELDESC: {}\n",
                    r.pick(&["town", "mazelike", "roguelike"])
                ));
            }
            levels.push(level);
        }
        if d + 1 < count && r.chance(70) {
            s.push_str(&format!(
                "BRANCH: \"{}\" @ ({}, {}){}\n",
                names[d + 1],
                1 + r.below(3),
                r.below(2),
                r.pick(&["", " portal", " no_down", " up"])
            ));
        }
    }
    if r.chance(40) {
        s.push_str("%REINCARNATION LEVEL: \"rogue\" \"R\" @ (2, 2)\n");
    }
    s
}
