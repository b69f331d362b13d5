//! A seeded generator of 3.4.3-family `.des` files that use the
//! dNetHack-family extensions (issue #24): door text numbers on map and
//! room doors, the new map characters (`,` `G` `e` `s` `w` `t`), joined
//! `INIT_MAP` foregrounds, object class `'#'` with a name, room positions
//! beyond 1..5 — and, for notnotdNetHack, `FORGE`, `ALTAR` god names,
//! `[skipcheck]`/`[noskipcheck]`, `MONSTER` class `'#'` and `CHANCE` on
//! ordinary rooms. Mostly valid; now and then not (a door that the map
//! has no door for, a place off the map, an out-of-range chance or room
//! position, a name on a `'#'` object, notnotdNetHack's statements in
//! dNetHack's files), so refusals are compared too.

/// A small deterministic generator (xorshift).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<'a>(&mut self, of: &[&'a str]) -> &'a str {
        of[self.below(of.len() as u64) as usize]
    }
}

/// Which game's extensions to use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flavour {
    DNetHack,
    NotNotDNetHack,
}

/// Some of notnotdNetHack's gods, and some names that are no god's.
const GODS: &[&str] = &[
    "Quetzalcoatl",
    "Camaxtli",
    "Huhetotl",
    "Mitra",
    "Crom",
    "Set",
    "Ptah",
    "Thoth",
    "Anhur",
    "Nobody In Particular",
    "",
    "quetzalcoatl",
];

const OBJECT_NAMES: &[&str] = &[
    "Excalibur",
    "long sword",
    "some thing",
    "",
    "the Orb of Fate",
];
const MONSTER_NAMES: &[&str] = &["Vlad", "soldier ant", "a nameless one", ""];

/// One generated level named `g<seed>`.
pub fn generated(seed: u64, flavour: Flavour) -> String {
    let mut r = Rng::new(seed);
    if r.below(3) == 0 {
        room_level(seed, &mut r, flavour)
    } else {
        maze_level(seed, &mut r, flavour)
    }
}

fn sanity(r: &mut Rng, flavour: Flavour) -> &'static str {
    if flavour == Flavour::DNetHack && r.below(30) != 0 {
        return "";
    }
    match r.below(4) {
        0 => " [skipcheck]",
        1 => " [noskipcheck]",
        _ => "",
    }
}

fn maze_level(seed: u64, r: &mut Rng, flavour: Flavour) -> String {
    let nnd = flavour == Flavour::NotNotDNetHack;
    let mut s = format!("MAZE: \"g{seed}\", ' '\n");
    if r.below(2) == 0 {
        let fg = r.pick(&[".", ",", "G", "e", "s", "w", "#", "I", "-", "T", "t"]);
        let bg = r.pick(&[" ", "-", "T", "}"]);
        let lit = r.pick(&["lit", "unlit", "random"]);
        let walled = r.pick(&["true", "false", "random"]);
        let joined = if r.below(4) == 0 { "false" } else { "true" };
        let smoothed = r.pick(&["true", "false"]);
        s += &format!("INIT_MAP: '{fg}', '{bg}', {smoothed}, {joined}, {lit}, {walled}\n");
    }
    let (w, h) = (4 + r.below(9) as usize, 3 + r.below(4) as usize);
    let chars: Vec<char> = ".,Gestw.T-|#".chars().collect();
    let mut map: Vec<Vec<char>> = (0..h)
        .map(|_| {
            (0..w)
                .map(|_| chars[r.below(chars.len() as u64) as usize])
                .collect()
        })
        .collect();
    // Now and then a character the family's lexer lets into a map row
    // that is no map character (`N`, `Y`: stone, with lev_comp's
    // warning), or notnotdNetHack's forge `O`, which no row takes.
    if r.below(6) == 0 {
        let (x, y) = (r.below(w as u64) as usize, r.below(h as u64) as usize);
        map[y][x] = r.pick(&["N", "Y", "N", "Y", "O"]).chars().next().unwrap();
    }
    let mut doors = Vec::new();
    for _ in 0..r.below(3) {
        let (x, y) = (r.below(w as u64) as usize, r.below(h as u64) as usize);
        if r.below(12) != 0 {
            map[y][x] = if r.below(4) == 0 { 'S' } else { '+' };
        }
        doors.push((x, y));
    }
    s += "GEOMETRY: center, center\nMAP\n";
    for row in &map {
        s += &row.iter().collect::<String>();
        s += "\n";
    }
    s += "ENDMAP\n";
    let place = |r: &mut Rng| {
        if r.below(10) == 0 {
            format!("({},{})", w as u64 + r.below(3), r.below(h as u64))
        } else {
            format!("({},{})", r.below(w as u64), r.below(h as u64))
        }
    };
    for (x, y) in doors {
        let state = r.pick(&["locked", "closed", "open", "nodoor", "random"]);
        let text = match r.below(3) {
            0 => String::new(),
            _ => format!(", {}", r.below(40)),
        };
        s += &format!("DOOR: {state}, ({x},{y}){text}\n");
    }
    for _ in 0..1 + r.below(6) {
        // Now and then notnotdNetHack's statements in dNetHack's files,
        // which dNetHack must refuse.
        let kinds = if nnd || r.below(25) == 0 { 8 } else { 4 };
        match r.below(kinds) {
            0 | 1 => {
                let name = match r.below(4) {
                    0 => "random".to_string(),
                    _ => format!("\"{}\"", r.pick(OBJECT_NAMES)),
                };
                let class = if r.below(4) == 0 { "'('" } else { "'#'" };
                let name = if class == "'('" && r.below(2) == 0 {
                    "random".to_string()
                } else {
                    name
                };
                let at = place(r);
                let sc = sanity(r, flavour);
                // Object details, sometimes with a name, which a '#'
                // object may not have.
                let infos = match r.below(6) {
                    0 => ", cursed, 2".to_string(),
                    1 => format!(", blessed, 0, \"{}\"", r.pick(OBJECT_NAMES)),
                    2 => ", random, 1, none".to_string(),
                    _ => String::new(),
                };
                s += &format!("OBJECT: {class}, {name}, {at}{sc}{infos}\n");
            }
            2 => {
                let at = place(r);
                let sc = sanity(r, flavour);
                let class = if (nnd && r.below(2) == 0) || r.below(30) == 0 {
                    "'#'"
                } else {
                    "'a'"
                };
                let name = match r.below(3) {
                    0 => "random".to_string(),
                    _ if class == "'a'" => "\"soldier ant\"".to_string(),
                    _ => format!("\"{}\"", r.pick(MONSTER_NAMES)),
                };
                s += &format!("MONSTER: {class}, {name}, {at}{sc}\n");
            }
            3 => {
                let at = place(r);
                let sc = sanity(r, flavour);
                s += &format!("ENGRAVING: {at}{sc}, engrave, \"Elbereth\"\n");
            }
            4 | 5 => {
                let at = place(r);
                s += &format!("FORGE: {at}\n");
            }
            _ => {
                let at = place(r);
                let align = r.pick(&["law", "neutral", "chaos", "noalign", "coaligned"]);
                let kind = r.pick(&["altar", "shrine", "sanctum"]);
                let god = match r.below(3) {
                    0 => String::new(),
                    _ => format!(", \"{}\"", r.pick(GODS)),
                };
                s += &format!("ALTAR: {at}, {align}, {kind}{god}\n");
            }
        }
    }
    s
}

fn room_level(seed: u64, r: &mut Rng, flavour: Flavour) -> String {
    let nnd = flavour == Flavour::NotNotDNetHack;
    let mut s = format!("LEVEL: \"g{seed}\"\n");
    for _ in 0..1 + r.below(3) {
        let kind = if r.below(2) == 0 {
            "ordinary"
        } else {
            "temple"
        };
        let pos = match r.below(6) {
            0 => "random".to_string(),
            1 => format!("({},{})", 1 + r.below(5), 1 + r.below(5)),
            2 if r.below(4) == 0 => format!("({},{})", 78 + r.below(5), 18 + r.below(5)),
            _ => format!("({},{})", r.below(75), r.below(18)),
        };
        let lit = r.pick(&["lit", "unlit", "random"]);
        s += &format!("ROOM: \"{kind}\", {lit}, {pos}, (left,top), (3,3)\n");
        if r.below(2) == 0 {
            let chance = if r.below(10) == 0 {
                100
            } else {
                1 + r.below(99)
            };
            s += &format!("CHANCE: {chance}\n");
        }
        for _ in 0..r.below(3) {
            let secret = r.pick(&["true", "false", "random"]);
            let state = r.pick(&["locked", "closed", "open", "nodoor", "random"]);
            let wall = r.pick(&["north", "south", "east", "west", "random"]);
            let pos = if wall == "random" || r.below(2) == 0 {
                "random".to_string()
            } else {
                r.below(3).to_string()
            };
            let text = match r.below(3) {
                0 => String::new(),
                _ => format!(", {}", r.below(40)),
            };
            s += &format!("DOOR: {secret}, {state}, {wall}, {pos}{text}\n");
        }
        for _ in 0..r.below(3) {
            match r.below(if nnd { 4 } else { 2 }) {
                0 => {
                    let name = match r.below(3) {
                        0 => "random".to_string(),
                        _ => format!("\"{}\"", r.pick(OBJECT_NAMES)),
                    };
                    s += &format!("OBJECT: '#', {name}, random\n");
                }
                1 => s += "MONSTER: 'a', random, random\n",
                2 => s += &format!("FORGE: ({},{})\n", r.below(3), r.below(3)),
                _ => {
                    let god = r.pick(GODS);
                    s += &format!("ALTAR: (1,1), chaos, shrine, \"{god}\"\n");
                }
            }
        }
    }
    s
}
