//! A seeded generator of SporkHack `.des` sources: its early opcode
//! language, extensions first — a chance after the keyword
//! (`MONSTER[90%]:`, `OBJECT`, `CONTAINER`, `TRAP`, `TERRAIN`),
//! `MON_GENERATION`, `SPILL`, `FLAGS` `noflip`/`noflipx`/`noflipy`/`stormy`
//! and random vaults with `VAULTGEN`, `line A-B` and `randline A-B, n`
//! selections with `random-random`, `fillrect`, `WALLIFY` of a region,
//! `unfilled` regions, `SWITCH` over dice with `BREAK`s, variables with
//! digits in their names, `FOR` between integers, `WALLWALK`,
//! `TOPOLOGIZE`, object class `'\\'` — around the statements it
//! shares with 3.6.7, with names from its own tables. Now and then a
//! statement is wrong as a person writes it wrong (an unknown monster or
//! map character, a count of 0). Used by the suite and by the
//! differential test against SporkHack's own `lev_comp`.

use super::gen343::Rng;
use levbuild::Game;

const DIRECTIONS: &[&str] = &["north", "south", "east", "west"];

struct Gen<'g> {
    rng: Rng,
    game: &'g Game,
    out: String,
    depth: usize,
    /// Selection variables defined in this level.
    sels: Vec<String>,
    /// Map character arrays defined in this level.
    terrains: Vec<String>,
    /// Its map characters (not `\\`, which its lev_comp warns about, nor
    /// `x`).
    map_chars: Vec<char>,
    in_switch: bool,
}

/// A whole SporkHack file: one to three levels.
pub fn des_file(seed: u64, game: &Game) -> String {
    let mut g = Gen {
        rng: Rng::new(seed),
        game,
        out: String::new(),
        depth: 0,
        sels: Vec::new(),
        terrains: Vec::new(),
        in_switch: false,
        map_chars: (game.format().numbering.map_chars.iter())
            .map(|&(c, _)| char::from(c))
            .filter(|c| !matches!(c, '\\' | 'x'))
            .collect(),
    };
    for n in 0..1 + g.rng.below(3) {
        g.level(seed, n);
    }
    g.out
}

impl Gen<'_> {
    fn line(&mut self, text: &str) {
        super::gen36::indented_line(&mut self.out, self.depth, text);
    }

    fn level(&mut self, seed: u64, n: usize) {
        self.sels.clear();
        self.terrains.clear();
        // Level names of at most 8 characters.
        self.line(&format!("LEVEL:\"s{}{n}\"", seed % 100_000));
        let vault = self.rng.chance(25);
        if self.rng.chance(60) || vault {
            // Its FLAGS words, random vaults aside.
            let words: Vec<String> = (self.game.format().numbering.level_flags.iter())
                .map(|(w, _)| w.to_string())
                .filter(|w| w != "rndvault")
                .collect();
            let mut flags: Vec<&str> = (0..1 + self.rng.below(3))
                .map(|_| &*words[self.rng.below(words.len())])
                .collect();
            if vault {
                flags.push("rndvault");
            }
            self.line(&format!("FLAGS:{}", flags.join(",")));
        }
        if vault && self.rng.chance(70) {
            let n = if self.rng.chance(5) {
                0
            } else {
                1 + self.rng.below(500)
            };
            self.line(&format!("VAULTGEN:{n}"));
        }
        match self.rng.below(4) {
            0 => {
                let c = self.fill_char();
                self.line(&format!("INIT_MAP:solidfill,'{c}'"));
            }
            1 => {
                let (c, l) = (self.fill_char(), self.light());
                self.line(&format!("INIT_MAP:solidfill,('{c}',{l})"));
            }
            2 => self.line("INIT_MAP:mazegrid,'-'"),
            _ => {
                let l = self.light();
                self.line(&format!("INIT_MAP:mines,'.',' ',true,true,{l},false"));
            }
        }
        if self.rng.chance(60) {
            self.map();
        }
        for _ in 0..3 + self.rng.below(10) {
            self.statement(0);
        }
    }

    fn map(&mut self) {
        let (w, h) = (3 + self.rng.below(10), 2 + self.rng.below(5));
        let hj = *self.rng.pick(&["left", "center", "right"]);
        let vj = *self.rng.pick(&["top", "center", "bottom"]);
        self.line(&format!("GEOMETRY:{hj},{vj}"));
        self.out.push_str("MAP\n");
        for _ in 0..h {
            let row: String = (0..w)
                .map(|_| self.map_chars[self.rng.below(self.map_chars.len())])
                .collect();
            self.out.push_str(&row);
            self.out.push('\n');
        }
        self.out.push_str("ENDMAP\n");
    }

    fn fill_char(&mut self) -> char {
        *self.rng.pick(&['.', '#', ' ', '-', 'L', 'T', 'P'])
    }

    fn map_char(&mut self) -> char {
        if self.rng.chance(3) {
            'Q'
        } else {
            self.map_chars[self.rng.below(self.map_chars.len())]
        }
    }

    fn light(&mut self) -> &'static str {
        const LIGHT: [&str; 3] = ["lit", "unlit", "random"];
        LIGHT[self.rng.below(3)]
    }

    fn coord_lit(&mut self) -> String {
        format!("({},{})", self.rng.below(12), self.rng.below(7))
    }

    fn coord(&mut self) -> String {
        match self.rng.below(6) {
            0 => "random".into(),
            _ => self.coord_lit(),
        }
    }

    fn region(&mut self) -> String {
        let (x, y) = (self.rng.below(8), self.rng.below(5));
        let (w, h) = (self.rng.below(6), self.rng.below(4));
        format!("({x},{y},{},{})", x + w, y + h)
    }

    fn mapchar(&mut self) -> String {
        if !self.terrains.is_empty() && self.rng.chance(25) {
            let v = self.rng.pick(&self.terrains).clone();
            return format!("{v}[{}]", self.rng.below(2));
        }
        let c = self.map_char();
        match self.rng.below(3) {
            0 => format!("('{c}',{})", self.light()),
            _ => format!("'{c}'"),
        }
    }

    fn monster(&mut self) -> String {
        if self.rng.chance(3) {
            return "\"vampire mole\"".into();
        }
        let game = self.game;
        let (name, class) = game
            .monsters()
            .nth(self.rng.below(game.monsters().count()))
            .unwrap();
        super::gen36::thing_literal(&mut self.rng, name, class, false)
    }

    fn object(&mut self) -> String {
        let named: Vec<(&str, u8)> = self.game.objects().filter(|(n, _)| !n.is_empty()).collect();
        let (name, class) = *self.rng.pick(&named);
        match self.rng.below(5) {
            0 => "random".into(),
            1 if class == b'\\' => format!("('\\\\',\"{name}\")"),
            1 if class != b'\'' => format!("'{}'", char::from(class)),
            2 if class != b'\'' && class != b'\\' => {
                format!("('{}',\"{name}\")", char::from(class))
            }
            3 => "('\\\\',\"throne\")".into(),
            _ => format!("\"{name}\""),
        }
    }

    /// One of its room types (not a vault, which lev_comp fills in its
    /// own way).
    fn room_type(&mut self) -> String {
        let types: Vec<&str> = (self.game.format().numbering.room_types.iter())
            .map(|(w, _)| &**w)
            .filter(|w| !w.ends_with("vault"))
            .collect();
        types[self.rng.below(types.len())].to_string()
    }

    fn chance(&mut self) -> String {
        match self.rng.below(4) {
            0 => format!("[{}%]", 1 + self.rng.below(99)),
            1 => format!("[{} < {}]", self.rng.below(9), self.rng.below(9)),
            _ => String::new(),
        }
    }

    fn selection(&mut self, depth: usize) -> String {
        let term = self.sel_term(depth);
        if depth < 2 && self.rng.chance(15) {
            format!("{term} & {}", self.sel_term(depth + 1))
        } else {
            term
        }
    }

    fn sel_term(&mut self, depth: usize) -> String {
        let deeper = depth < 2;
        match self.rng.below(12) {
            0 => format!("rect {}", self.region()),
            1 => format!("fillrect {}", self.region()),
            2 => {
                let (a, b) = (self.coord(), self.coord());
                format!("line {a}-{b}")
            }
            3 => {
                let (a, b) = (self.coord(), self.coord());
                format!("randline {a}-{b},{}", self.rng.below(30))
            }
            4 if deeper => format!("grow({})", self.selection(depth + 1)),
            5 if deeper => {
                let d = *self.rng.pick(DIRECTIONS);
                format!("grow({d}|west,{})", self.selection(depth + 1))
            }
            6 if deeper => format!(
                "filter({}%,{})",
                1 + self.rng.below(99),
                self.selection(depth + 1)
            ),
            7 => format!("floodfill {}", self.coord_lit()),
            8 => format!("circle({},{})", self.coord_lit(), 1 + self.rng.below(5)),
            9 => format!(
                "ellipse({},{},{})",
                self.coord_lit(),
                1 + self.rng.below(5),
                1 + self.rng.below(3)
            ),
            10 if !self.sels.is_empty() => self.rng.pick(&self.sels).clone(),
            _ => self.coord(),
        }
    }

    fn statement(&mut self, depth: usize) {
        match self.rng.below(26) {
            0 => {
                let (c, m, p) = (self.chance(), self.monster(), self.coord());
                let info = *self
                    .rng
                    .pick(&["", ",hostile", ",peaceful", ",asleep", ",\"Fred\""]);
                self.line(&format!("MONSTER{c}:{m},{p}{info}"));
            }
            1 => {
                let (c, o) = (self.chance(), self.object());
                let info = match self.rng.below(5) {
                    0 => String::new(),
                    1 => format!(",{}", self.coord()),
                    2 => format!(",{},cursed", self.coord()),
                    3 => format!(",{},erodeproof", self.coord()),
                    _ => ",blessed".into(),
                };
                self.line(&format!("OBJECT{c}:{o}{info}"));
            }
            2 if depth < 2 => {
                let (c, p) = (self.chance(), self.coord());
                self.line(&format!("CONTAINER{c}:('(',\"chest\"),{p} {{"));
                self.depth += 1;
                for _ in 0..self.rng.below(3) {
                    let o = self.object();
                    self.line(&format!("OBJECT:{o}"));
                }
                self.depth -= 1;
                self.line("}");
            }
            3 => {
                let (c, p) = (self.chance(), self.coord());
                let traps = &self.game.format().numbering.traps;
                let t = match self.rng.below(8) {
                    0 => "random".into(),
                    _ => format!("\"{}\"", traps[self.rng.below(traps.len())].0),
                };
                self.line(&format!("TRAP{c}:{t},{p}"));
            }
            4 | 5 => {
                let (c, s, m) = (self.chance(), self.selection(0), self.mapchar());
                self.line(&format!("TERRAIN{c}:{s},{m}"));
            }
            6 => {
                let p = self.coord();
                let t = match self.rng.below(3) {
                    0 => format!("('{}',{})", self.map_char(), self.light()),
                    _ => format!("'{}'", self.map_char()),
                };
                let d = *self.rng.pick(DIRECTIONS);
                let n = if self.rng.chance(5) {
                    0
                } else {
                    1 + self.rng.below(30)
                };
                self.line(&format!("SPILL:{p},{t},{d},{n}"));
            }
            7 => {
                let parts: Vec<String> = (0..1 + self.rng.below(4))
                    .map(|_| {
                        let w = 1 + self.rng.below(90);
                        let m = match self.monster().as_str() {
                            "random" => "'S'".to_string(),
                            m if m.starts_with('(') => "'d'".to_string(),
                            m => m.to_string(),
                        };
                        format!("({w},{m})")
                    })
                    .collect();
                let chance = self.rng.below(120);
                self.line(&format!("MON_GENERATION:{chance}%, {}", parts.join(", ")));
            }
            8 => match self.rng.below(2) {
                0 => self.line("WALLIFY"),
                _ => {
                    let r = self.region();
                    self.line(&format!("WALLIFY:{r}"))
                }
            },
            9 => {
                let (r, l) = (self.region(), self.light());
                let t = self.room_type();
                let f = *self.rng.pick(&[
                    "",
                    ",filled",
                    ",unfilled",
                    ",irregular",
                    ",unfilled,irregular",
                ]);
                self.line(&format!("REGION:{r},{l},\"{t}\"{f}"));
            }
            10 if depth < 2 => {
                let p = 1 + self.rng.below(99);
                self.line(&format!("IF [{p}%] {{"));
                self.block(depth);
                if self.rng.chance(50) {
                    self.line("} ELSE {");
                    self.block(depth);
                }
                self.line("}");
            }
            11 if depth < 2 && !self.in_switch => {
                let n = 1 + self.rng.below(4);
                let value = match self.rng.below(2) {
                    0 => format!("1d{n}"),
                    _ => n.to_string(),
                };
                self.line(&format!("SWITCH [{value}] {{"));
                self.in_switch = true;
                for case in 1..=n {
                    self.line(&format!("  CASE {case}:"));
                    self.depth += 2;
                    self.statement(depth + 1);
                    if self.rng.chance(70) {
                        self.line("BREAK");
                    } else if self.rng.chance(10) {
                        // Not among the CASE's own statements: refused.
                        self.line("IF [50%] {");
                        self.line("  BREAK");
                        self.line("}");
                    }
                    self.depth -= 2;
                }
                self.in_switch = false;
                self.line("}");
            }
            12 if depth < 2 => {
                match self.rng.below(2) {
                    0 => {
                        let n = 1 + self.rng.below(4);
                        self.line(&format!("LOOP [{n}] {{"));
                    }
                    _ => {
                        let (a, b) = (self.rng.below(5), self.rng.below(5));
                        let to = *self.rng.pick(&["TO", ".."]);
                        self.line(&format!("FOR $i{depth} = {a} {to} {b} {{"));
                    }
                }
                self.block(depth);
                self.line("}");
            }
            13 => {
                let name = format!("$sel{}", self.sels.len());
                match self.rng.below(4) {
                    // A copy: its lev_comp stores the other's name.
                    0 if !self.sels.is_empty() => {
                        let from = self.rng.pick(&self.sels).clone();
                        self.line(&format!("{name} = {from}"));
                    }
                    _ => {
                        let s = self.selection(0);
                        self.line(&format!("{name} = selection:{s}"));
                    }
                }
                self.sels.push(name);
            }
            14 => {
                let name = format!("$ter{}", self.terrains.len());
                let (a, b) = (self.map_char(), self.map_char());
                self.line(&format!("{name} = TERRAIN:{{'{a}','{b}'}}"));
                self.line(&format!("SHUFFLE:{name}"));
                self.terrains.push(name);
            }
            15 => {
                let s = self.selection(0);
                let w = *self.rng.pick(&["FOUNTAIN", "SINK", "POOL"]);
                self.line(&format!("{w}:{s}"));
            }
            16 => {
                let n = *self.rng.pick(&["", ":3", ":-1", ":random"]);
                self.line(&format!("RANDOM_CORRIDORS{n}"));
            }
            17 => {
                let s = *self
                    .rng
                    .pick(&["open", "closed", "locked", "nodoor", "broken", "random"]);
                let p = self.selection(0);
                self.line(&format!("DOOR:{s},{p}"));
            }
            18 => {
                let m = format!("\"m{}\"", self.rng.below(100));
                self.line(&format!("MESSAGE:{m}"));
            }
            19 if depth == 0 => self.room(),
            20 => {
                let r = self.region();
                self.line(&format!("NON_DIGGABLE:{r}"));
            }
            21 => {
                let (p, a) = (
                    self.coord(),
                    *self
                        .rng
                        .pick(&["law", "neutral", "chaos", "noalign", "random"]),
                );
                let t = *self.rng.pick(&["altar", "shrine", "sanctum", "random"]);
                self.line(&format!("ALTAR:{p},{a},{t}"));
            }
            22 => {
                let p = self.coord();
                let ud = *self.rng.pick(&["up", "down"]);
                self.line(&format!("STAIR:{p},{ud}"));
            }
            23 | 24 => self.other_statement(),
            _ => {
                let (p, t) = (
                    self.coord(),
                    *self.rng.pick(&["dust", "engrave", "burn", "mark", "blood"]),
                );
                self.line(&format!("ENGRAVING:{p},{t},\"x\""));
            }
        }
    }

    /// The statements it shares with 3.6.7 that the rest leave out, and
    /// the properties of monsters and objects.
    fn other_statement(&mut self) {
        match self.rng.below(16) {
            14 => {
                // Variables of each type, and their uses.
                let v = self.rng.below(3);
                let m = self.monster();
                let o = self.object();
                let (c, r) = (self.coord_lit(), self.region());
                self.line(&format!("$m{v} = MONSTER:{m}"));
                self.line(&format!("$o{v} = OBJECT:{o}"));
                self.line(&format!("$c{v} = {c}"));
                self.line(&format!("$r{v} = {r}"));
                self.line(&format!("$t{v} = \"text {v}\""));
                let n = self.rng.below(9);
                self.line(&format!("$i{v} = {{1,{n},3}}"));
                self.line(&format!("$k{v} = {{(1,1),{c}}}"));
                self.line(&format!("MONSTER:$m{v},$c{v}"));
                self.line(&format!("OBJECT:$o{v},$k{v}[1]"));
                self.line(&format!("NON_DIGGABLE:$r{v}"));
                self.line(&format!("MESSAGE:$t{v}"));
                self.line(&format!("SHUFFLE:$i{v}"));
            }
            15 => {
                // A variable where its lev_comp takes a number: refused.
                let v = self.rng.below(3);
                let n = self.rng.below(9);
                self.line(&format!("$n{v} = {n}"));
                let (p, c) = (self.coord(), self.coord_lit());
                match self.rng.below(3) {
                    0 => self.line(&format!("GOLD:$n{v},{p}")),
                    1 => self.line(&format!("TERRAIN:circle({c},$n{v}),'.'")),
                    _ => self.line(&format!("TERRAIN:randline {p}-(1,1),$n{v},'.'")),
                }
            }
            12 => {
                let (p, t) = (self.coord(), self.mapchar());
                let fill = match self.rng.below(2) {
                    0 => String::new(),
                    _ => format!(",{}", self.mapchar()),
                };
                let chance = match self.rng.below(3) {
                    0 => String::new(),
                    _ => format!(",{}%", self.rng.below(110)),
                };
                self.line(&format!("WALLWALK:{p},{t}{fill}{chance}"));
            }
            13 => {
                let p = self.coord();
                self.line(&format!("TOPOLOGIZE:{p}"));
            }
            0 => {
                let p = self.coord();
                let t = *self.rng.pick(&["", ",random", ",\"here\""]);
                self.line(&format!("GRAVE:{p}{t}"));
            }
            1 => {
                let (n, p) = (self.rng.below(500), self.coord());
                self.line(&format!("GOLD:{n},{p}"));
            }
            2 => {
                let (p, ud) = (self.coord(), *self.rng.pick(&["up", "down"]));
                self.line(&format!("LADDER:{p},{ud}"));
            }
            3 => {
                let (p, d) = (self.coord(), *self.rng.pick(DIRECTIONS));
                let s = *self.rng.pick(&["open", "closed", "random", "locked"]);
                self.line(&format!("DRAWBRIDGE:{p},{d},{s}"));
            }
            4 => {
                let (p, d) = (self.coord(), *self.rng.pick(DIRECTIONS));
                let rest = match self.rng.below(3) {
                    0 => String::new(),
                    1 => ",false".into(),
                    _ => format!(",true,'{}'", self.fill_char()),
                };
                self.line(&format!("MAZEWALK:{p},{d}{rest}"));
            }
            5 => {
                let (a, b) = (self.region(), self.region());
                let ud = *self.rng.pick(&["", ",up", ",down"]);
                self.line(&format!("TELEPORT_REGION:{a},{b}{ud}"));
            }
            6 => {
                let b = self.region();
                self.line(&format!("BRANCH:levregion(1,0,79,20),{b}"));
            }
            7 => {
                let r = self.region();
                self.line(&format!("NON_PASSWALL:{r}"));
            }
            8 => {
                let (r, a, b) = (self.region(), self.map_char(), self.map_char());
                let p = self.rng.below(130);
                self.line(&format!("REPLACE_TERRAIN:{r},'{a}','{b}',{p}%"));
            }
            9 => {
                let (v, a, d) = (self.rng.below(3), self.rng.below(9), 1 + self.rng.below(6));
                self.line(&format!("$n{v} = {a} + 1d{d} * 2"));
            }
            10 => {
                let (m, p) = (self.monster(), self.coord());
                let infos: Vec<&str> = (0..1 + self.rng.below(3))
                    .map(|_| {
                        *self.rng.pick(&[
                            "female",
                            "invisible",
                            "cancelled",
                            "revived",
                            "avenge",
                            "fleeing:3",
                            "blinded:2",
                            "paralyzed:4",
                            "stunned",
                            "confused",
                            "m_feature \"fountain\"",
                            "asleep",
                            "hostile",
                            "chaotic",
                        ])
                    })
                    .collect();
                self.line(&format!("MONSTER:{m},{p},{} {{", infos.join(",")));
                self.depth += 1;
                let o = self.object();
                self.line(&format!("OBJECT:{o}"));
                self.depth -= 1;
                self.line("}");
            }
            _ => {
                let (o, p) = (self.object(), self.coord());
                let infos: Vec<String> = (0..1 + self.rng.below(3))
                    .map(|_| match self.rng.below(12) {
                        0 => "uncursed".into(),
                        1 => "montype:\"jackal\"".into(),
                        2 => (self.rng.below(7) as i64 - 3).to_string(),
                        3 => "name:\"Excalibur\"".into(),
                        4 => format!("quantity:{}", 1 + self.rng.below(9)),
                        5 => "buried".into(),
                        6 => "lit".into(),
                        7 => format!("eroded:{}", self.rng.below(4)),
                        8 => "locked".into(),
                        9 => "trapped".into(),
                        10 => format!("recharged:{}", self.rng.below(3)),
                        _ => "greased".into(),
                    })
                    .collect();
                self.line(&format!("OBJECT:{o},{p},{}", infos.join(",")));
            }
        }
    }

    fn block(&mut self, depth: usize) {
        self.depth += 1;
        for _ in 0..1 + self.rng.below(3) {
            self.statement(depth + 1);
        }
        self.depth -= 1;
    }

    fn room(&mut self) {
        let t = self.room_type();
        let l = self.light();
        let pos = match self.rng.below(3) {
            0 => "random".to_string(),
            _ => format!("({},{})", 1 + self.rng.below(5), 1 + self.rng.below(5)),
        };
        let align = match self.rng.below(3) {
            0 => "random".to_string(),
            _ => format!(
                "({},{})",
                self.rng.pick(&["left", "center", "right"]),
                self.rng.pick(&["top", "center", "bottom"])
            ),
        };
        let (w, h) = (2 + self.rng.below(8), 2 + self.rng.below(5));
        let flags = *self.rng.pick(&["", ",filled", ",unfilled"]);
        self.line(&format!(
            "ROOM:\"{t}\",{l},{pos},{align},({w},{h}){flags} {{"
        ));
        self.depth += 1;
        for _ in 0..self.rng.below(4) {
            match self.rng.below(4) {
                0 => {
                    let (m, x, y) = (self.monster(), self.rng.below(w), self.rng.below(h));
                    self.line(&format!("MONSTER:{m},({x},{y})"));
                }
                1 => {
                    let (o, x, y) = (self.object(), self.rng.below(w), self.rng.below(h));
                    self.line(&format!("OBJECT:{o},({x},{y})"));
                }
                2 => {
                    let st = *self.rng.pick(&["open", "closed", "locked", "random"]);
                    let wall = *self.rng.pick(&["north", "south", "east", "west", "random"]);
                    self.line(&format!("ROOMDOOR:false,{st},{wall},random"));
                }
                _ => {
                    let (l, x, y) = (self.light(), self.rng.below(w), self.rng.below(h));
                    self.line(&format!("SUBROOM:\"ordinary\",{l},({x},{y}),(1,1) {{"));
                    self.line("}");
                }
            }
        }
        self.depth -= 1;
        self.line("}");
    }
}
