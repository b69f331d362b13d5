//! A seeded generator of valid NetHack 3.6 `.des` sources: every statement
//! of 3.6.7's grammar that its scanner lets a file reach (variables of every
//! type and their arrays, selections of every form but `gradient`, `IF`/
//! `ELSE`, chances, `LOOP`, `FOR`, `SWITCH`/`BREAK`, rooms, subrooms,
//! regions, containers and monster inventories, every monster and object
//! property), with names from 3.6.7's own tables. Used by the suite (no
//! panic, no error, `decode(encode(x)) == x`) and by the differential test
//! against 3.6.7's `lev_comp`.
//!
//! [`des_file_for`] generates for another game of the 3.6 family: its
//! traps, room types, map characters and `FLAGS` words from its numbering,
//! and the statements its format adds (EvilHack's door materials,
//! `FORGE`, `MAGIC_CHEST`, `PUDDLE`, `SEWAGE`, `dead` monsters,
//! `affixed_gem`/`forged_qual` objects, random vaults with `VAULTGEN` and
//! `MINDEPTH`), now and then wrongly, as a person writes them; and the
//! forms of its language (UnNetHack's: `LEVEL:` only, `line A - B`,
//! `FUNCTION`s defined before the first level and called in levels, its
//! core functions and variable methods, `INIT_MAP: sheollev`, level-name
//! counters, `SPILL` of operands, `SOUNDS`, `MON_GENERATION`, `WALLWALK`).

#![allow(dead_code)]

use super::gen343::Rng;
use levbuild::{Game, GrammarForm};

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
    "vibrating square",
];
const ROOM_TYPES: &[&str] = &[
    "throne",
    "swamp",
    "vault",
    "beehive",
    "morgue",
    "barracks",
    "zoo",
    "delphi",
    "temple",
    "anthole",
    "cocknest",
    "leprehall",
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
    "health food shop",
    "candle shop",
];
const MAP_CHARS: &[char] = &[
    ' ', '#', '.', '-', '|', '+', 'A', 'B', 'C', 'S', 'H', '{', 'K', '}', 'P', 'L', 'I', 'W', 'T',
    'F',
];
const FLAGS: &[&str] = &[
    "noteleport",
    "hardfloor",
    "nommap",
    "shortsighted",
    "arboreal",
    "mazelevel",
    "premapped",
    "shroud",
    "graveyard",
    "icedpools",
    "solidify",
    "corrmaze",
    "inaccessibles",
];

#[derive(Clone, Copy, PartialEq)]
enum Ty {
    Int,
    Str,
    Coord,
    Region,
    Sel,
    MapChar,
    Monster,
    Object,
}

/// What a game's files may hold beyond 3.6.7's words and statements.
struct Tables {
    traps: Vec<String>,
    room_types: Vec<String>,
    map_chars: Vec<char>,
    flags: Vec<String>,
    door_materials: Vec<String>,
    /// The selection statements of its extra opcodes (`FORGE`).
    features: Vec<&'static str>,
    dead: bool,
    forged: bool,
    vaults: bool,
    /// `MINDEPTH` in random vaults.
    min_depth: bool,
    /// Levels start with `LEVEL:` only.
    no_maze: bool,
    /// `line A - B`.
    line_dash: bool,
    /// Functions before the first level.
    functions: bool,
    /// `INIT_MAP: sheollev`.
    sheol: bool,
    /// Level names with a `%i` counter.
    counted: bool,
    /// Core functions: word, parameters, what they return.
    core: Vec<(String, String, u8)>,
    /// Whether variables have methods (`$c.x`, `$a.length`).
    methods: bool,
    /// UnNetHack's `SPILL` of operands.
    spill: bool,
    /// `SOUNDS` words.
    sounds: Vec<String>,
    /// `MON_GENERATION` and `WALLWALK` (the early opcode games').
    mon_generation: bool,
    wallwalk: bool,
}

impl Tables {
    /// 3.6.7's words, as this generator always used them.
    fn nethack_367() -> Tables {
        let owned = |t: &[&str]| t.iter().map(|s| s.to_string()).collect();
        Tables {
            traps: owned(TRAPS),
            room_types: owned(ROOM_TYPES),
            map_chars: MAP_CHARS.to_vec(),
            flags: owned(FLAGS),
            door_materials: Vec::new(),
            features: Vec::new(),
            dead: false,
            forged: false,
            vaults: false,
            min_depth: false,
            no_maze: false,
            line_dash: false,
            functions: false,
            sheol: false,
            counted: false,
            core: Vec::new(),
            methods: false,
            spill: false,
            sounds: Vec::new(),
            mon_generation: false,
            wallwalk: false,
        }
    }

    /// `game`'s words (from its numbering) and statements (from its
    /// format).
    fn of(game: &Game) -> Tables {
        let format = game.format();
        let n = &format.numbering;
        let program = format.program.as_ref().expect("a 3.6-family game");
        let words = |t: &[(Box<str>, i8)]| t.iter().map(|(w, _)| w.to_string()).collect();
        let mut room_types: Vec<String> = words(&n.room_types);
        room_types.retain(|r| r != "ordinary");
        Tables {
            traps: words(&n.traps),
            room_types,
            // Map characters of a MAP row, but `x` and `\\` (which the
            // 3.6.7 generator leaves out too) and digits.
            map_chars: (n.map_chars.iter())
                .map(|&(c, _)| char::from(c))
                .filter(|&c| n.is_map_row_char(c as u8) && !"x\\0123456789".contains(c))
                .collect(),
            flags: (n.level_flags.iter())
                .map(|(w, _)| w.to_string())
                .filter(|w| w != "rndvault")
                .collect(),
            door_materials: (program.door_materials.iter())
                .map(|(w, _)| w.to_string())
                .collect(),
            features: ["FORGE", "MAGIC_CHEST", "PUDDLE", "SEWAGE"]
                .into_iter()
                .filter(|op| program.opcode(op).is_some())
                .collect(),
            dead: program.monster_property("DEAD").is_some(),
            forged: program.object_property("AFFIXED_GEM").is_some(),
            vaults: n.level_flags.iter().any(|(w, _)| &**w == "rndvault"),
            min_depth: format.level_rules.vault_min_depth,
            no_maze: match &format.level_rules.lexer_words[..] {
                [] => false,
                words => !words.iter().any(|w| &**w == "MAZE"),
            },
            line_dash: format.level_rules.line_dash,
            functions: program.has(GrammarForm::HeaderStatements),
            sheol: program.has(GrammarForm::SheolInit),
            counted: program.has(GrammarForm::CountedNames),
            core: (program.core_functions.iter())
                .map(|f| (f.word.to_string(), f.params.to_string(), f.returns))
                .collect(),
            methods: !program.core_methods.is_empty(),
            spill: program.has(GrammarForm::SpillOperands),
            sounds: (program.sound_types.iter())
                .map(|(w, _)| w.to_string())
                .collect(),
            mon_generation: program.opcode("MON_GENERATION").is_some(),
            wallwalk: program.opcode("WALLWALK").is_some(),
        }
    }

    fn has_extensions(&self) -> bool {
        !self.door_materials.is_empty()
            || !self.features.is_empty()
            || self.dead
            || self.forged
            || self.vaults
    }
}

struct Gen<'g> {
    rng: Rng,
    game: &'g Game,
    t: Tables,
    out: String,
    /// Functions defined before the first level: name, parameter types
    /// (`i`, `s`).
    functions: Vec<(String, Vec<u8>)>,
    /// Variables defined so far: name, type, array length (0: scalar).
    vars: Vec<(String, Ty, usize)>,
    depth: usize,
    breakable: usize,
    in_switch: bool,
    contained: usize,
}

/// A whole file: one to three levels.
pub fn des_file(seed: u64) -> String {
    let game = Game::nethack_367();
    generate(seed, &game, Tables::nethack_367())
}

/// A whole file of `game`'s language, with its words and statements.
pub fn des_file_for(seed: u64, game: &Game) -> String {
    generate(seed, game, Tables::of(game))
}

fn generate(seed: u64, game: &Game, t: Tables) -> String {
    let mut g = Gen {
        rng: Rng::new(seed),
        game,
        t,
        out: String::new(),
        functions: Vec::new(),
        vars: Vec::new(),
        depth: 0,
        breakable: 0,
        in_switch: false,
        contained: 0,
    };
    if g.t.functions {
        g.functions();
    }
    for n in 0..1 + g.rng.below(3) {
        g.level(seed, n);
    }
    g.out
}

/// A monster or object called `name` of class `class`, as a file names
/// one: `random`, its class, its class and name, or its name (a class
/// written `'\''` or `'\\'` only by name; `any_class`: a lone class even
/// so, as monsters are).
pub fn thing_literal(rng: &mut Rng, name: &str, class: u8, any_class: bool) -> String {
    let plain = class != b'\'' && class != b'\\';
    match rng.below(4) {
        0 => "random".into(),
        1 if plain || any_class => format!("'{}'", char::from(class)),
        2 if plain => format!("('{}', \"{name}\")", char::from(class)),
        _ => format!("\"{name}\""),
    }
}

/// Appends `text` to `out` as a line `depth` blocks deep.
pub fn indented_line(out: &mut String, depth: usize, text: &str) {
    for _ in 0..depth {
        out.push_str("  ");
    }
    out.push_str(text);
    out.push('\n');
}

impl Gen<'_> {
    fn line(&mut self, text: &str) {
        indented_line(&mut self.out, self.depth, text);
    }

    /// `FUNCTION`s before the first level, each with integer and string
    /// parameters its body uses.
    fn functions(&mut self) {
        for f in 0..self.rng.below(3) {
            let name = format!("fn{f}");
            let types: Vec<u8> = (0..self.rng.below(3))
                .map(|_| *self.rng.pick(b"is"))
                .collect();
            let params: Vec<String> = (types.iter().enumerate())
                .map(|(i, t)| {
                    let word = match (t, self.rng.chance(50)) {
                        (b'i', true) => "int",
                        (b'i', false) => "integer",
                        (_, true) => "str",
                        _ => "string",
                    };
                    format!("$p{i}:{word}")
                })
                .collect();
            self.line(&format!("FUNCTION {name}({}) {{", params.join(", ")));
            self.depth += 1;
            self.vars.clear();
            for (i, t) in types.iter().enumerate() {
                let ty = if *t == b'i' { Ty::Int } else { Ty::Str };
                self.vars.push((format!("$p{i}"), ty, 0));
            }
            for _ in 0..1 + self.rng.below(3) {
                self.statement();
            }
            self.depth -= 1;
            self.line("}");
            self.functions.push((name, types));
        }
        self.vars.clear();
    }

    /// A call of a function defined before the first level.
    fn call(&mut self) {
        let (name, types) = self.rng.pick(&self.functions).clone();
        let args: Vec<String> = (types.iter())
            .map(|t| match t {
                b'i' => self.int(),
                _ => self.string(),
            })
            .collect();
        self.line(&format!("{name}({})", args.join(", ")));
    }

    fn level(&mut self, seed: u64, n: usize) {
        self.vars.clear();
        let counter = if self.t.counted && self.rng.chance(30) {
            *self.rng.pick(&["%i", "%02i", "%04i"])
        } else {
            ""
        };
        let name = format!("g{seed}x{n}{counter}");
        let head = match self.rng.below(if self.t.no_maze { 1 } else { 3 }) {
            0 => format!("LEVEL: \"{name}\""),
            1 => format!("MAZE: \"{name}\", random"),
            _ => format!("MAZE: \"{name}\", '{}'", self.map_char()),
        };
        self.line(&head);
        let vault = self.t.vaults && self.rng.chance(30);
        if self.rng.chance(50) || vault {
            let mut flags: Vec<String> = (0..1 + self.rng.below(3))
                .map(|_| self.rng.pick(&self.t.flags).clone())
                .collect();
            if vault {
                flags.insert(self.rng.below(flags.len() + 1), "rndvault".into());
            }
            self.line(&format!("FLAGS: {}", flags.join(", ")));
        }
        if self.t.vaults && self.rng.chance(if vault { 70 } else { 5 }) {
            // Now and then 0, or outside a random vault: lev_comp's errors.
            let n = |g: &mut Self| {
                if g.rng.chance(5) {
                    0
                } else {
                    1 + g.rng.below(300)
                }
            };
            let (freq, depth) = (n(self), n(self));
            self.line(&format!("VAULTGEN: {freq}"));
            if self.t.min_depth && self.rng.chance(60) {
                self.line(&format!("MINDEPTH: {depth}"));
            }
        }
        match self.rng.below(5) {
            _ if self.t.sheol && self.rng.chance(10) => self.line("INIT_MAP: sheollev"),
            0 => {
                let c = self.fill_char();
                self.line(&format!("INIT_MAP: solidfill, '{c}'"))
            }
            1 => {
                let c = self.fill_char();
                let l = self.light();
                self.line(&format!("INIT_MAP: solidfill, ('{c}', {l})"))
            }
            2 => self.line("INIT_MAP: mazegrid, '-'"),
            3 => {
                let l = self.light();
                let w = *self.rng.pick(&["true", "false", "random"]);
                self.line(&format!("INIT_MAP: mines, '.', ' ', true, true, {l}, {w}"))
            }
            _ => {}
        }
        if self.rng.chance(40) {
            self.map();
        }
        for _ in 0..3 + self.rng.below(10) {
            self.statement();
        }
    }

    fn map(&mut self) {
        let (w, h) = (2 + self.rng.below(10), 1 + self.rng.below(6));
        if self.rng.chance(50) {
            let hj = *self
                .rng
                .pick(&["left", "half-left", "center", "half-right", "right"]);
            let vj = *self.rng.pick(&["top", "center", "bottom"]);
            self.line(&format!("GEOMETRY: {hj}, {vj}"));
        } else {
            let c = self.coord_lit();
            let fill = if self.rng.chance(30) { ", false" } else { "" };
            self.line(&format!("GEOMETRY: {c}{fill}"));
        }
        self.out.push_str("MAP\n");
        for _ in 0..h {
            let row: String = (0..w).map(|_| *self.rng.pick(&self.t.map_chars)).collect();
            self.out.push_str(row.trim_end_matches(' '));
            self.out.push('\n');
        }
        self.out.push_str("ENDMAP\n");
    }

    fn fill_char(&mut self) -> char {
        *self.rng.pick(&['.', '#', ' ', '-', 'L', 'T', 'P'])
    }

    fn map_char(&mut self) -> char {
        *self.rng.pick(&self.t.map_chars)
    }

    fn light(&mut self) -> &'static str {
        const LIGHT: [&str; 3] = ["lit", "unlit", "random"];
        LIGHT[self.rng.below(3)]
    }

    fn var_name(&mut self) -> String {
        let letters: String = (0..1 + self.rng.below(3))
            .map(|_| char::from(b'a' + self.rng.below(26) as u8))
            .collect();
        format!("$v{letters}")
    }

    /// A variable of type `ty` (scalar, or an array element), if any.
    fn var_of(&mut self, ty: Ty) -> Option<String> {
        let found: Vec<(String, usize)> = self
            .vars
            .iter()
            .filter(|(_, t, _)| *t == ty)
            .map(|(n, _, len)| (n.clone(), *len))
            .collect();
        if found.is_empty() || self.rng.chance(50) {
            return None;
        }
        let (name, len) = self.rng.pick(&found).clone();
        Some(if len > 0 {
            format!("{name}[{}]", self.rng.below(len))
        } else {
            name
        })
    }

    fn int(&mut self) -> String {
        if let Some(v) = self.var_of(Ty::Int) {
            return v;
        }
        if !self.t.core.is_empty() && self.rng.chance(15) {
            if let Some(call) = self.core_call(b'i') {
                return call;
            }
        }
        if self.t.methods && self.rng.chance(10) {
            if let Some(m) = self.method() {
                return m;
            }
        }
        match self.rng.below(6) {
            0 => format!("{}d{}", 1 + self.rng.below(4), 1 + self.rng.below(6)),
            1 => format!("(-{})", 1 + self.rng.below(9)),
            2 => format!("{} * {}", self.rng.below(5), self.rng.below(5)),
            3 => format!("({} + {})", self.rng.below(9), self.rng.below(9)),
            4 => format!("{} / {} % 7", self.rng.below(50), 1 + self.rng.below(5)),
            _ => self.rng.below(20).to_string(),
        }
    }

    fn string(&mut self) -> String {
        let core = match !self.t.core.is_empty() && self.rng.chance(15) {
            true => self.core_call(b's'),
            false => None,
        };
        let s = core
            .or_else(|| self.var_of(Ty::Str))
            .unwrap_or_else(|| format!("\"s{}\"", self.rng.below(100)));
        if self.rng.chance(15) {
            format!("{s} . \"t\"")
        } else {
            s
        }
    }

    fn coord_lit(&mut self) -> String {
        match self.rng.below(5) {
            0 => "random".into(),
            1 => {
                let f = *self
                    .rng
                    .pick(&["dry", "wet", "hot", "solid", "any", "dry,wet"]);
                format!("random[{f}]")
            }
            _ => format!("({},{})", self.rng.below(80), self.rng.below(21)),
        }
    }

    fn coord(&mut self) -> String {
        if let Some(v) = self.var_of(Ty::Coord) {
            return v;
        }
        if !self.t.core.is_empty() && self.rng.chance(8) {
            if let Some(call) = self.core_call(b'c') {
                return call;
            }
        }
        if self.rng.chance(8) {
            let s = self.selection(1);
            return format!("rndcoord({s})");
        }
        self.coord_lit()
    }

    fn region_lit(&mut self) -> String {
        let (x1, y1) = (self.rng.below(70), self.rng.below(15));
        let (x2, y2) = (x1 + self.rng.below(9), y1 + self.rng.below(5));
        format!("({x1},{y1},{x2},{y2})")
    }

    fn region(&mut self) -> String {
        if !self.t.core.is_empty() && self.rng.chance(8) {
            if let Some(call) = self.core_call(b'r') {
                return call;
            }
        }
        self.var_of(Ty::Region).unwrap_or_else(|| self.region_lit())
    }

    /// A call of one of the game's core functions that returns `returns`,
    /// with arguments of the types it takes (now and then of others).
    fn core_call(&mut self, returns: u8) -> Option<String> {
        let funcs: Vec<(String, String)> = (self.t.core.iter())
            .filter(|(_, _, r)| *r == returns)
            .map(|(w, p, _)| (w.clone(), p.clone()))
            .collect();
        if funcs.is_empty() {
            return None;
        }
        let (word, mut params) = self.rng.pick(&funcs).clone();
        if self.rng.chance(3) {
            params = (*self.rng.pick(&["", "i", "s", "ii"])).to_string();
        }
        if params.is_empty() {
            return Some(match self.rng.chance(3) {
                true => format!("{word}()"),
                false => word,
            });
        }
        let args: Vec<String> = (params.bytes())
            .map(|p| match p {
                b'i' => self.rng.below(30).to_string(),
                b's' => format!("\"a{}\"", self.rng.below(9)),
                b'c' => self.coord_lit(),
                b'r' => self.region_lit(),
                b'O' => format!("object: {}", self.object_lit()),
                _ => format!("monster: {}", self.monster_lit()),
            })
            .collect();
        Some(format!("{word}({})", args.join(", ")))
    }

    /// `$c.x`, `$c.y` of a coordinate, `$a.length` of an array.
    fn method(&mut self) -> Option<String> {
        let found: Vec<(String, Ty, usize)> = (self.vars.iter())
            .filter(|(_, t, len)| *len > 0 || *t == Ty::Coord)
            .cloned()
            .collect();
        if found.is_empty() {
            return None;
        }
        let (name, _, len) = self.rng.pick(&found).clone();
        Some(match len {
            0 => format!("{name}.{}", self.rng.pick(&["x", "y"])),
            _ => format!("{name}.length"),
        })
    }

    fn mapchar(&mut self) -> String {
        if let Some(v) = self.var_of(Ty::MapChar) {
            return v;
        }
        let c = self.map_char();
        if self.rng.chance(30) {
            let l = self.light();
            format!("('{c}', {l})")
        } else {
            format!("'{c}'")
        }
    }

    fn monster_lit(&mut self) -> String {
        let game = self.game;
        let (name, class) = game
            .monsters()
            .nth(self.rng.below(game.monsters().len()))
            .unwrap();
        thing_literal(&mut self.rng, name, class, true)
    }

    fn monster(&mut self) -> String {
        self.var_of(Ty::Monster)
            .unwrap_or_else(|| self.monster_lit())
    }

    fn object_lit(&mut self) -> String {
        let named: Vec<(&str, u8)> = self.game.objects().filter(|(n, _)| !n.is_empty()).collect();
        let (name, class) = *self.rng.pick(&named);
        thing_literal(&mut self.rng, name, class, false)
    }

    fn object(&mut self) -> String {
        self.var_of(Ty::Object).unwrap_or_else(|| self.object_lit())
    }

    fn selection(&mut self, depth: usize) -> String {
        let terms = 1 + usize::from(self.rng.chance(25));
        let parts: Vec<String> = (0..terms).map(|_| self.sel_term(depth)).collect();
        parts.join(" & ")
    }

    fn sel_term(&mut self, depth: usize) -> String {
        if let Some(v) = self.var_of(Ty::Sel) {
            return v;
        }
        let deep = depth < 2;
        match self.rng.below(if deep { 14 } else { 8 }) {
            0 => self.coord(),
            1 => format!("rect {}", self.region()),
            2 => format!("fillrect {}", self.region()),
            3 => {
                let to = if self.t.line_dash { " -" } else { "," };
                format!("line {}{to} {}", self.coord_lit(), self.coord_lit())
            }
            4 => {
                let to = if self.t.line_dash { " -" } else { "," };
                format!(
                    "randline {}{to} {}, {}",
                    self.coord_lit(),
                    self.coord_lit(),
                    self.int()
                )
            }
            5 => format!("floodfill {}", self.coord_lit()),
            6 => format!("circle({}, {})", self.coord_lit(), self.int()),
            7 => format!(
                "ellipse({}, {}, {}, filled)",
                self.coord_lit(),
                self.int(),
                self.int()
            ),
            8 => format!("grow({})", self.selection(depth + 1)),
            9 => format!("grow(north|east, {})", self.selection(depth + 1)),
            10 => format!(
                "filter({}%, {})",
                self.rng.below(101),
                self.selection(depth + 1)
            ),
            11 => format!("filter({}, {})", self.mapchar(), self.selection(depth + 1)),
            12 => format!("complement {}", self.sel_term(depth + 1)),
            _ => format!("({})", self.selection(depth + 1)),
        }
    }

    fn define(&mut self) {
        let name = self.var_name();
        if self.vars.iter().any(|(n, _, _)| *n == name) {
            return;
        }
        let (ty, len, value) = match self.rng.below(13) {
            0 => (Ty::Int, 0, self.int()),
            1 => (Ty::Str, 0, self.string()),
            2 => (Ty::Coord, 0, self.coord_lit()),
            3 => (Ty::Region, 0, self.region_lit()),
            4 => (Ty::Sel, 0, format!("selection: {}", self.selection(0))),
            5 => (Ty::MapChar, 0, format!("terrain: {}", self.mapchar())),
            6 => (Ty::Monster, 0, format!("monster: {}", self.monster())),
            7 => (Ty::Object, 0, format!("object: {}", self.object())),
            8 => {
                let n = 1 + self.rng.below(4);
                let items: Vec<String> = (0..n).map(|_| self.rng.below(30).to_string()).collect();
                (Ty::Int, n, format!("{{ {} }}", items.join(", ")))
            }
            9 => {
                let n = 1 + self.rng.below(4);
                let items: Vec<String> = (0..n).map(|_| self.coord_lit()).collect();
                (Ty::Coord, n, format!("{{ {} }}", items.join(", ")))
            }
            10 => {
                let n = 1 + self.rng.below(3);
                let items: Vec<String> = (0..n)
                    .map(|_| format!("\"w{}\"", self.rng.below(9)))
                    .collect();
                (Ty::Str, n, format!("{{ {} }}", items.join(", ")))
            }
            11 => {
                let n = 1 + self.rng.below(3);
                let items: Vec<String> = (0..n).map(|_| self.monster_lit()).collect();
                (
                    Ty::Monster,
                    n,
                    format!("monster: {{ {} }}", items.join(", ")),
                )
            }
            _ => {
                let n = 1 + self.rng.below(3);
                let items: Vec<String> = (0..n).map(|_| self.region_lit()).collect();
                (Ty::Region, n, format!("{{ {} }}", items.join(", ")))
            }
        };
        self.line(&format!("{name} = {value}"));
        self.vars.push((name.clone(), ty, len));
        if len > 0 && self.rng.chance(30) {
            self.line(&format!("SHUFFLE: {name}"));
        }
    }

    fn block(&mut self, breakable: bool) {
        self.out.truncate(self.out.trim_end_matches('\n').len());
        self.out.push_str(" {\n");
        self.depth += 1;
        self.breakable += usize::from(breakable);
        for _ in 0..self.rng.below(4) {
            self.statement();
        }
        self.breakable -= usize::from(breakable);
        self.depth -= 1;
        self.line("}");
    }

    fn statement(&mut self) {
        if self.t.has_extensions() && self.rng.chance(15) {
            return self.extension_statement();
        }
        if !self.functions.is_empty() && self.rng.chance(8) {
            return self.call();
        }
        if self.t.spill && self.rng.chance(4) {
            let (c, m, n) = (self.coord(), self.mapchar(), self.int());
            let d = *self.rng.pick(&["north", "south", "east", "west"]);
            return self.line(&format!("SPILL: {c}, {m}, {d}, {n}"));
        }
        if self.t.mon_generation && self.rng.chance(3) {
            let parts: Vec<String> = (0..1 + self.rng.below(3))
                .map(|_| {
                    let weight = self.int();
                    let what = match self.monster_lit() {
                        m if m.starts_with('(') || m == "random" => "'d'".to_string(),
                        m => m,
                    };
                    format!("({weight}, {what})")
                })
                .collect();
            let p = self.rng.below(101);
            return self.line(&format!("MON_GENERATION: {p}%, {}", parts.join(", ")));
        }
        if self.t.wallwalk && self.rng.chance(3) {
            let (c, m) = (self.coord(), self.mapchar());
            let fill = match self.rng.chance(50) {
                true => format!(", {}", self.mapchar()),
                false => String::new(),
            };
            let chance = match self.rng.chance(50) {
                true => format!(", {}%", self.rng.below(101)),
                false => String::new(),
            };
            return self.line(&format!("WALLWALK: {c}, {m}{fill}{chance}"));
        }
        if !self.t.sounds.is_empty() && self.rng.chance(4) {
            let f = self.int();
            let parts: Vec<String> = (0..1 + self.rng.below(3))
                .map(|_| {
                    let kind = self.rng.pick(&self.t.sounds).clone();
                    format!("({kind}, {})", self.string())
                })
                .collect();
            return self.line(&format!("SOUNDS: {f}, {}", parts.join(", ")));
        }
        let nested = self.depth < 3;
        match self.rng.below(if nested { 36 } else { 28 }) {
            0 | 1 => self.define(),
            2 => {
                let s = self.string();
                self.line(&format!("MESSAGE: {s}"))
            }
            3 => self.monster_statement(),
            4 | 5 => self.object_statement(),
            6 => {
                let t = if self.rng.chance(20) {
                    "random".into()
                } else {
                    format!("\"{}\"", self.rng.pick(&self.t.traps))
                };
                let c = self.coord();
                self.line(&format!("TRAP: {t}, {c}"))
            }
            7 => {
                let state = *self.rng.pick(&[
                    "open", "closed", "locked", "nodoor", "broken", "secret", "random",
                ]);
                let s = self.selection(0);
                let m = self.door_material();
                self.line(&format!("DOOR: {m}{state}, {s}"))
            }
            8 => {
                let c = self.coord();
                let a = *self.rng.pick(&[
                    "law",
                    "neutral",
                    "chaos",
                    "noalign",
                    "coaligned",
                    "noncoaligned",
                    "random",
                    "align[0]",
                    "align[2]",
                ]);
                let t = *self.rng.pick(&["altar", "shrine", "sanctum", "random"]);
                self.line(&format!("ALTAR: {c}, {a}, {t}"))
            }
            9 => {
                let c = self.coord();
                let rest = match self.rng.below(3) {
                    0 => String::new(),
                    1 => ", random".into(),
                    _ => format!(", {}", self.string()),
                };
                self.line(&format!("GRAVE: {c}{rest}"))
            }
            10 => {
                let (a, c) = (self.int(), self.coord());
                self.line(&format!("GOLD: {a}, {c}"))
            }
            11 => {
                let c = self.coord();
                let t = *self
                    .rng
                    .pick(&["dust", "engrave", "burn", "mark", "blood", "random"]);
                let s = self.string();
                self.line(&format!("ENGRAVING: {c}, {t}, {s}"))
            }
            12 => {
                let c = self.coord();
                let d = *self.rng.pick(&["up", "down"]);
                let k = *self.rng.pick(&["STAIR", "LADDER"]);
                self.line(&format!("{k}: {c}, {d}"))
            }
            13 => {
                let (a, b) = (self.lev_region(), self.lev_region());
                let line = match self.rng.below(4) {
                    0 => format!("STAIR: {a}, {b}, {}", self.rng.pick(&["up", "down"])),
                    1 => format!("PORTAL: {a}, {b}, \"fire\""),
                    2 => format!(
                        "TELEPORT_REGION: {a}, {b}{}",
                        self.rng.pick(&["", ", up", ", down"])
                    ),
                    _ => format!("BRANCH: {a}, {b}"),
                };
                self.line(&line)
            }
            14 => {
                let k = *self.rng.pick(&["FOUNTAIN", "SINK", "POOL"]);
                let s = self.selection(0);
                self.line(&format!("{k}: {s}"))
            }
            15 => {
                let (s, m) = (self.selection(0), self.mapchar());
                self.line(&format!("TERRAIN: {s}, {m}"))
            }
            16 => {
                let (r, a, b) = (self.region(), self.mapchar(), self.mapchar());
                let p = self.rng.below(101);
                self.line(&format!("REPLACE_TERRAIN: {r}, {a}, {b}, {p}%"))
            }
            17 => {
                let k = *self.rng.pick(&["NON_DIGGABLE", "NON_PASSWALL"]);
                let r = self.region();
                self.line(&format!("{k}: {r}"))
            }
            18 => {
                let c = self.coord();
                let d = *self.rng.pick(&["north", "south", "east", "west"]);
                let s = *self.rng.pick(&["open", "closed", "random"]);
                self.line(&format!("DRAWBRIDGE: {c}, {d}, {s}"))
            }
            19 => {
                let c = self.coord();
                let d = *self.rng.pick(&["north", "south", "east", "west"]);
                let rest = *self
                    .rng
                    .pick(&["", ", true", ", false, '.'", ", true, '#'"]);
                self.line(&format!("MAZEWALK: {c}, {d}{rest}"))
            }
            20 => {
                if self.rng.chance(50) {
                    self.line("WALLIFY")
                } else {
                    let s = self.selection(0);
                    self.line(&format!("WALLIFY: {s}"))
                }
            }
            21 => {
                if self.rng.chance(50) {
                    self.line("MINERALIZE")
                } else {
                    let v: Vec<String> = (0..4).map(|_| self.int()).collect();
                    self.line(&format!("MINERALIZE: {}", v.join(", ")))
                }
            }
            22 => {
                let r = match self.rng.below(3) {
                    0 => String::new(),
                    1 => ": random".into(),
                    _ => format!(": {}", self.rng.below(5)),
                };
                self.line(&format!("RANDOM_CORRIDORS{r}"))
            }
            23 => {
                let d = *self.rng.pick(&["north", "south", "east", "west"]);
                let end = if self.rng.chance(50) {
                    format!("({}, west, random)", self.rng.below(3))
                } else {
                    self.rng.below(4).to_string()
                };
                let (room, door) = (self.rng.below(3), self.rng.below(3));
                self.line(&format!("CORRIDOR: ({room}, {d}, {door}), {end}"))
            }
            24 => {
                let w = *self.rng.pick(&["north", "south|east", "west", "random"]);
                let pos = if w == "random" {
                    "random".to_string()
                } else {
                    self.rng.below(5).to_string()
                };
                let s = *self.rng.pick(&["true", "false", "random"]);
                let st = *self
                    .rng
                    .pick(&["open", "closed", "locked", "nodoor", "random"]);
                let m = self.door_material();
                self.line(&format!("ROOMDOOR: {m}{s}, {st}, {w}, {pos}"))
            }
            25 if self.breakable > 0 && self.rng.chance(30) => self.line("BREAK"),
            26 => self.line("EXIT"),
            27 => self.region_statement(),
            28 | 29 => {
                let cond = self.condition();
                self.line(&format!("IF {cond}"));
                self.block(false);
                if self.rng.chance(40) {
                    self.out.truncate(self.out.trim_end_matches('\n').len());
                    self.out.push_str(" ELSE");
                    self.block(false);
                }
            }
            30 => {
                let cond = self.condition();
                self.out.push_str(&"  ".repeat(self.depth));
                self.out.push_str(&format!("{cond}: "));
                let depth = std::mem::replace(&mut self.depth, 0);
                self.simple_statement();
                self.depth = depth;
            }
            31 => {
                let n = self.int();
                self.line(&format!("LOOP [{n}]"));
                self.block(true);
            }
            32 => {
                let var = self.var_name();
                if self
                    .vars
                    .iter()
                    .any(|(n, t, l)| *n == var && (*t != Ty::Int || *l > 0))
                {
                    return;
                }
                let (a, b) = (self.rng.below(5), self.rng.below(5));
                let to = *self.rng.pick(&["TO", ".."]);
                self.line(&format!("FOR {var} = {a} {to} {b}"));
                self.vars.push((var, Ty::Int, 0));
                self.block(true);
            }
            33 if !self.in_switch => {
                let v = self.int();
                self.line(&format!("SWITCH [{v}] {{"));
                self.in_switch = true;
                self.breakable += 1;
                self.depth += 1;
                for case in 0..1 + self.rng.below(4) {
                    self.line(&format!("CASE {case}:"));
                    self.depth += 1;
                    for _ in 0..self.rng.below(3) {
                        self.statement();
                    }
                    self.depth -= 1;
                }
                if self.rng.chance(40) {
                    self.line("DEFAULT:");
                    self.depth += 1;
                    self.statement();
                    self.depth -= 1;
                }
                self.depth -= 1;
                self.breakable -= 1;
                self.in_switch = false;
                self.line("}");
            }
            34 | 35 => self.room(false),
            _ => self.define(),
        }
    }

    /// A statement with no block, for a chance statement.
    fn simple_statement(&mut self) {
        let c = self.coord();
        let m = self.monster();
        self.line(&format!("MONSTER: {m}, {c}"));
    }

    fn condition(&mut self) -> String {
        match self.rng.below(3) {
            0 => format!("[{}%]", self.rng.below(101)),
            1 => {
                let op = *self.rng.pick(&["==", "!=", "<>", "<", ">", "<=", ">="]);
                format!("[{} {op} {}]", self.int(), self.int())
            }
            _ => format!("[{}]", self.int()),
        }
    }

    fn lev_region(&mut self) -> String {
        let (x1, y1) = (1 + self.rng.below(60), self.rng.below(15));
        format!(
            "levregion({x1},{y1},{},{})",
            x1 + self.rng.below(9),
            y1 + self.rng.below(5)
        )
    }

    fn monster_statement(&mut self) {
        let (m, c) = (self.monster(), self.coord());
        let mut infos = Vec::new();
        let mut used = std::collections::HashSet::new();
        for _ in 0..self.rng.below(5) {
            let k = self.rng.below(16);
            if !used.insert(k) {
                continue;
            }
            infos.push(match k {
                0 => self.string(),
                1 => self.rng.pick(&["peaceful", "hostile"]).to_string(),
                2 => self.rng.pick(&["asleep", "awake"]).to_string(),
                3 => self
                    .rng
                    .pick(&["law", "chaos", "align[1]", "align: random"])
                    .to_string(),
                4 => format!(
                    "{} {}",
                    self.rng.pick(&["m_feature", "m_monster", "m_object"]),
                    self.string()
                ),
                5 => "female".into(),
                6 => "invisible".into(),
                7 => "cancelled".into(),
                8 => "revived".into(),
                9 => "avenge".into(),
                10 => format!("fleeing: {}", self.int()),
                11 => format!("blinded: {}", self.int()),
                12 => format!("paralyzed: {}", self.int()),
                13 => "stunned".into(),
                14 => "confused".into(),
                _ => match self.rng.below(3) {
                    0 => "seen_traps: all".to_string(),
                    1 => format!("seen_traps: \"{}\"", self.rng.pick(&self.t.traps)),
                    _ => format!(
                        "seen_traps: \"{}\" | \"{}\"",
                        self.t.traps[self.rng.below(11)],
                        self.t.traps[11 + self.rng.below(self.t.traps.len() - 11)]
                    ),
                },
            });
        }
        if self.t.dead && self.rng.chance(10) {
            // `dead` conflicts with every other property (lev_comp's
            // error when it has company).
            infos.insert(self.rng.below(infos.len() + 1), "dead".into());
        }
        let rest: String = infos.iter().map(|i| format!(", {i}")).collect();
        self.line(&format!("MONSTER: {m}, {c}{rest}"));
        if self.rng.chance(15) && self.depth < 3 {
            self.contained += 1;
            self.out.truncate(self.out.trim_end_matches('\n').len());
            self.out.push_str(" {\n");
            self.depth += 1;
            self.breakable += 1;
            for _ in 0..1 + self.rng.below(2) {
                self.object_statement();
            }
            self.breakable -= 1;
            self.depth -= 1;
            self.line("}");
            self.contained -= 1;
        }
    }

    fn object_statement(&mut self) {
        let o = self.object();
        let mut infos = Vec::new();
        let mut used = std::collections::HashSet::new();
        for _ in 0..self.rng.below(5) {
            let k = self.rng.below(13);
            if !used.insert(k) {
                continue;
            }
            let info = match k {
                0 => self
                    .rng
                    .pick(&["blessed", "uncursed", "cursed"])
                    .to_string(),
                1 => format!("montype: {}", self.monster()),
                2 => self.rng.pick(&["3", "-2", "+1", "1d4"]).to_string(),
                3 => format!("name: {}", self.string()),
                4 => format!("quantity: {}", self.int()),
                5 => "buried".into(),
                6 => self.rng.pick(&["lit", "unlit"]).to_string(),
                7 if !used.contains(&70) => {
                    used.insert(70);
                    if self.rng.chance(50) {
                        "erodeproof".into()
                    } else {
                        format!("eroded: {}", self.int())
                    }
                }
                8 => self.rng.pick(&["locked", "broken"]).to_string(),
                9 => self.rng.pick(&["trapped", "not_trapped"]).to_string(),
                10 => format!("recharged: {}", self.int()),
                11 => "invisible".into(),
                12 => "greased".into(),
                _ => continue,
            };
            if (info == "locked" || info == "broken")
                && !used.insert(100 + usize::from(info == "broken"))
            {
                continue;
            }
            infos.push(info);
        }
        if self.t.forged && self.rng.chance(20) {
            let k = *self.rng.pick(&["affixed_gem", "forged_qual"]);
            infos.push(format!("{k}: {}", self.int()));
        }
        if self.contained == 0 {
            infos.insert(self.rng.below(infos.len() + 1), self.coord());
        }
        let rest: String = infos.iter().map(|i| format!(", {i}")).collect();
        let container = self.depth < 3 && self.rng.chance(15);
        self.line(&format!(
            "{}: {o}{rest}",
            if container { "CONTAINER" } else { "OBJECT" }
        ));
        if container {
            self.contained += 1;
            self.out.truncate(self.out.trim_end_matches('\n').len());
            self.out.push_str(" {\n");
            self.depth += 1;
            self.breakable += 1;
            for _ in 0..self.rng.below(3) {
                self.object_statement();
            }
            self.breakable -= 1;
            self.depth -= 1;
            self.line("}");
            self.contained -= 1;
        }
    }

    /// A door material and its comma, for a game whose doors have one
    /// (none, its default, as often as not).
    fn door_material(&mut self) -> String {
        if self.t.door_materials.is_empty() || self.rng.chance(50) {
            return String::new();
        }
        format!("{}, ", self.rng.pick(&self.t.door_materials))
    }

    /// A statement the game adds to 3.6.7's.
    fn extension_statement(&mut self) {
        match self.rng.below(4) {
            0 if !self.t.features.is_empty() => {
                let k = *self.rng.pick(&self.t.features);
                let s = self.selection(0);
                self.line(&format!("{k}: {s}"))
            }
            1 if self.t.dead => {
                let (m, c) = (self.monster(), self.coord());
                self.line(&format!("MONSTER: {m}, {c}, dead"))
            }
            2 if self.t.forged => {
                let (o, c) = (self.object(), self.coord());
                let (g, q) = (self.int(), self.int());
                self.line(&format!(
                    "OBJECT: {o}, {c}, affixed_gem: {g}, forged_qual: {q}"
                ))
            }
            _ => {
                let s = self.selection(0);
                let m = self.door_material();
                self.line(&format!("DOOR: {m}locked, {s}"))
            }
        }
    }

    fn room_type(&mut self) -> String {
        match self.rng.below(4) {
            0 => "random".into(),
            1 => "\"ordinary\"".into(),
            _ => format!("\"{}\"", self.rng.pick(&self.t.room_types)),
        }
    }

    fn room_flags(&mut self) -> String {
        let mut flags = Vec::new();
        for (p, options) in [
            (30, ["filled", "unfilled"]),
            (20, ["regular", "irregular"]),
            (20, ["joined", "unjoined"]),
        ] {
            if self.rng.chance(p) {
                flags.push(*self.rng.pick(&options));
            }
        }
        flags.iter().map(|f| format!(", {f}")).collect()
    }

    fn room(&mut self, sub: bool) {
        let t = self.room_type();
        let chance = if t != "\"ordinary\"" && self.rng.chance(30) {
            format!(" [{}%]", self.rng.below(100))
        } else {
            String::new()
        };
        let l = self.light();
        let size = if self.rng.chance(30) {
            "random".to_string()
        } else {
            format!("({},{})", 1 + self.rng.below(8), 1 + self.rng.below(5))
        };
        let flags = self.room_flags();
        let head = if sub {
            let pos = if self.rng.chance(30) {
                "random".to_string()
            } else {
                format!("({},{})", self.rng.below(5), self.rng.below(5))
            };
            format!("SUBROOM: {t}{chance}, {l}, {pos}, {size}{flags}")
        } else {
            let pos = if self.rng.chance(30) {
                "random".to_string()
            } else {
                format!("({},{})", 1 + self.rng.below(5), 1 + self.rng.below(5))
            };
            let align = if self.rng.chance(30) {
                "random".to_string()
            } else {
                format!(
                    "({},{})",
                    self.rng.pick(&["left", "center", "right", "half-left"]),
                    self.rng.pick(&["top", "center", "bottom"])
                )
            };
            format!("ROOM: {t}{chance}, {l}, {pos}, {align}, {size}{flags}")
        };
        self.line(&head);
        self.out.truncate(self.out.trim_end_matches('\n').len());
        self.out.push_str(" {\n");
        self.depth += 1;
        self.breakable += 1;
        for _ in 0..self.rng.below(4) {
            if self.depth < 3 && self.rng.chance(20) {
                self.room(true);
            } else {
                self.statement();
            }
        }
        self.breakable -= 1;
        self.depth -= 1;
        self.line("}");
    }

    fn region_statement(&mut self) {
        let r = self.region();
        let l = self.light();
        let t = self.room_type();
        let flags = self.room_flags();
        self.line(&format!("REGION: {r}, {l}, {t}{flags}"));
        // Only a region that becomes a room may hold statements.
        let room =
            t != "\"ordinary\"" || !flags.contains("unfilled") || flags.contains(", irregular");
        if room && self.depth < 3 && self.rng.chance(30) {
            self.block(true);
        }
    }
}
