//! Mutation-differential testing against the games' own tools: seeded
//! mutants of the real corpus files (byte flips and inserts, token
//! deletions, duplications and swaps, boundary numbers, huge strings, deep
//! nesting, NUL and Latin-1 bytes, CRLF line ends, tabs, long lines, a
//! missing final newline) go through the reference tool and through
//! levbuild, and every disagreement in exit status, output file names or
//! output bytes is counted, grouped and written out shrunk.
//!
//! Opt-in, like `differential.rs`: each test says it skipped unless its
//! reference tools are named (built outside this repository):
//!
//! * `LEVBUILD_REF_LEV_COMP_36`: NetHack 3.6.7's `lev_comp` (mutants of
//!   `../shared/corpus/nethack-3.6.7/dat/*.des`);
//! * `LEVBUILD_REF_LEV_COMP`: NetHack 3.4.3's `lev_comp` (mutants of
//!   `../shared/corpus/nethack-3.4.3/dat/*.des`);
//! * `LEVBUILD_REF_MAKEDEFS`, `LEVBUILD_REF_DGN_COMP`: 3.4.3's `makedefs`
//!   and `dgn_comp` (mutants of its `dungeon.def`, through `makedefs -e`);
//! * `LEVBUILD_REF_MAKEDEFS_36`, `LEVBUILD_REF_DGN_COMP_36`: 3.6.7's.
//! * `LEVBUILD_REF_LEV_COMP_SLASHEM`, `_DNETHACK`, `_NOTNOTDNETHACK`,
//!   `_EVILHACK`, `_ACEHACK`, `_FIQHACK`: each variant's own `lev_comp`
//!   (mutants of its corpus, compiled for its identity file);
//! * `LEVBUILD_REF_MAKEDEFS_SLASHEM` and `LEVBUILD_REF_DGN_COMP_SLASHEM`,
//!   and likewise for each variant above: its `makedefs` and `dgn_comp`
//!   (mutants of its dungeon description, or of one of dNetHack's three
//!   `dngnch*.def`, compiled for its identity file).
//!
//! Settings:
//!
//! * `LEVBUILD_MUTANTS`: mutants per set (default 200);
//! * `LEVBUILD_MUTATION_SEED`: the base seed (default below); mutant `i`
//!   of a set depends only on the seed, the set and `i`, so a run with the
//!   same seed replays it whatever the count;
//! * `LEVBUILD_MUTATION_ONLY=N`: only mutant `N` (with its seed; its
//!   example goes to `<dir>/<set>/only-N/`);
//! * `LEVBUILD_MUTATION_STRICT=1`: also require that at least 99.9 % of
//!   the mutants the reference accepts are identical (without it the test
//!   only reports them);
//! * `LEVBUILD_MUTANTS_DIR`: where the shrunk examples go (default
//!   `../mutants` beside the crate; `<dir>/<set>/<category>-<n>.des|.def`
//!   with a `.txt` describing both sides);
//! * `LEVBUILD_MUTATION_EXAMPLES`: examples written per category (default
//!   10, distinct kinds first);
//! * `LEVBUILD_MUTATION_DUMP`: a directory to write every mutant into
//!   (`<dir>/<set>/<n>.des|.def`, verdicts in `index.tsv`);
//! * `LEVBUILD_MUTATION_SHRINK_SECS`: time to shrink each example (default
//!   5; 0 writes them unshrunk).
//!
//! A mutant on which the reference is killed by a signal or runs over 5 s
//! is "reference crashed" and not compared. What fails the test: a
//! levbuild panic, a levbuild compile over 1 s, and (STRICT) too few
//! identical outputs.

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::gen343::Rng;
use common::TempDir;
use levbuild::{des, dungeon, Game, Layout};

/// How long the reference may run on one mutant.
const REFERENCE_LIMIT: Duration = Duration::from_secs(5);
/// How long levbuild may take on one mutant before that is a finding.
const LEVBUILD_LIMIT: Duration = Duration::from_secs(1);
/// How long a slow levbuild compile is waited for before it is left.
const LEVBUILD_GRACE: Duration = Duration::from_secs(60);
/// The default base seed.
const SEED: u64 = 0x6d75_7461_6e74_7331;

// ---------------------------------------------------------------- sets --

/// One kind of input and the tools that compile it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(feature = "nethack36"), allow(dead_code))]
enum Set {
    Des36,
    Des343,
    Dungeon343,
    Dungeon36,
    /// A variant's `.des` files, compiled for its identity file.
    Variant(Variant),
    /// A variant's dungeon description(s), compiled for its identity file.
    VariantDungeon(Variant),
}

/// The variants whose own `lev_comp` mutants are compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(feature = "nethack36"), allow(dead_code))]
enum Variant {
    Slashem,
    DNetHack,
    NotNotDNetHack,
    EvilHack,
    AceHack,
    FiqHack,
}

impl Variant {
    const ALL: [Variant; 6] = [
        Variant::Slashem,
        Variant::DNetHack,
        Variant::NotNotDNetHack,
        Variant::EvilHack,
        Variant::AceHack,
        Variant::FiqHack,
    ];

    /// Its corpus, identity file and golden set.
    fn game_name(self) -> &'static str {
        match self {
            Variant::Slashem => "slashem-0.0.7E7F3",
            Variant::DNetHack => "dnethack-3.18.0",
            Variant::NotNotDNetHack => "notnotdnethack-2025.05.16",
            Variant::EvilHack => "evilhack-0.9.3",
            Variant::AceHack => "acehack-3.6.0",
            Variant::FiqHack => "fiqhack-4.3.1",
        }
    }

    fn set_name(self) -> &'static str {
        match self {
            Variant::Slashem => "des-slashem",
            Variant::DNetHack => "des-dnethack",
            Variant::NotNotDNetHack => "des-notnotdnethack",
            Variant::EvilHack => "des-evilhack",
            Variant::AceHack => "des-acehack",
            Variant::FiqHack => "des-fiqhack",
        }
    }

    fn dialect(self) -> des::Dialect {
        match self {
            Variant::EvilHack => des::Dialect::NetHack36,
            _ => des::Dialect::NetHack343,
        }
    }

    fn dungeon_set_name(self) -> &'static str {
        match self {
            Variant::Slashem => "dungeon-slashem",
            Variant::DNetHack => "dungeon-dnethack",
            Variant::NotNotDNetHack => "dungeon-notnotdnethack",
            Variant::EvilHack => "dungeon-evilhack",
            Variant::AceHack => "dungeon-acehack",
            Variant::FiqHack => "dungeon-fiqhack",
        }
    }

    /// The dungeon descriptions its `makedefs -e` reads from `dat/` (each
    /// compiled on its own by `dgn_comp`): dNetHack has three.
    fn dungeon_files(self) -> &'static [&'static str] {
        match self {
            Variant::DNetHack => &["dngnch1.def", "dngnch2.def", "dngnch3.def"],
            _ => &["dungeon.def"],
        }
    }

    /// The variables its `makedefs` and `dgn_comp` are named by
    /// (`LEVBUILD_REF_MAKEDEFS_SLASHEM`, `LEVBUILD_REF_DGN_COMP_SLASHEM`, …).
    fn dungeon_reference_vars(self) -> (String, String) {
        let suffix = self
            .reference_var()
            .trim_start_matches("LEVBUILD_REF_LEV_COMP_");
        (
            format!("LEVBUILD_REF_MAKEDEFS_{suffix}"),
            format!("LEVBUILD_REF_DGN_COMP_{suffix}"),
        )
    }

    /// Its extensions' words, inserted whole beside its family's.
    fn words(self) -> &'static [&'static str] {
        match self {
            Variant::Slashem => &[
                "OBJFLAGS:",
                "o_lit",
                "RANDOM_REGION[0]:",
                "region[0]",
                "RANDOM_PLACES[1]:",
                "place[0][1]",
                "none",
                "spooky",
                "scrawl",
                "\"Excalibur\"",
                "Z",
            ],
            Variant::DNetHack | Variant::NotNotDNetHack => &[
                "FORGE:",
                "[skipcheck]",
                "[noskipcheck]",
                "'#'",
                "\"Quetzalcoatl\"",
                ",",
                "N",
                "Y",
                "O",
                "CHANCE:",
            ],
            Variant::EvilHack => &[
                "FORGE:",
                "MAGIC_CHEST:",
                "PUDDLE:",
                "SEWAGE:",
                "dead",
                "affixed_gem:",
                "forged_qual:",
                "rndvault",
                "VAULTGEN:",
                "MINDEPTH:",
                "iron,",
                "stone,",
                "a",
                "w",
            ],
            Variant::AceHack => &["identified", "LADDER:", "levregion(1,0,79,20)", "up"],
            Variant::FiqHack => &[
                "HALLUMSG:",
                "mineslight",
                "levregion()",
                "levregion(0,0,78,20)",
                "\"succubus\"",
                "(79,21)",
            ],
        }
    }

    /// The variable its reference `lev_comp` is named by.
    fn reference_var(self) -> &'static str {
        match self {
            Variant::Slashem => "LEVBUILD_REF_LEV_COMP_SLASHEM",
            Variant::DNetHack => "LEVBUILD_REF_LEV_COMP_DNETHACK",
            Variant::NotNotDNetHack => "LEVBUILD_REF_LEV_COMP_NOTNOTDNETHACK",
            Variant::EvilHack => "LEVBUILD_REF_LEV_COMP_EVILHACK",
            Variant::AceHack => "LEVBUILD_REF_LEV_COMP_ACEHACK",
            Variant::FiqHack => "LEVBUILD_REF_LEV_COMP_FIQHACK",
        }
    }

    /// Its game, read from its identity file once.
    fn game(self) -> Arc<Game> {
        static GAMES: [std::sync::OnceLock<Arc<Game>>; 6] = [
            std::sync::OnceLock::new(),
            std::sync::OnceLock::new(),
            std::sync::OnceLock::new(),
            std::sync::OnceLock::new(),
            std::sync::OnceLock::new(),
            std::sync::OnceLock::new(),
        ];
        let i = Variant::ALL.iter().position(|v| *v == self).unwrap();
        Arc::clone(GAMES[i].get_or_init(|| {
            let path = common::identity_file(self.game_name());
            Arc::new(Game::from_identity_file(&path).unwrap())
        }))
    }
}

impl Set {
    fn name(self) -> &'static str {
        match self {
            Set::Des36 => "des-3.6.7",
            Set::Des343 => "des-3.4.3",
            Set::Dungeon343 => "dungeon-3.4.3",
            Set::Dungeon36 => "dungeon-3.6.7",
            Set::Variant(v) => v.set_name(),
            Set::VariantDungeon(v) => v.dungeon_set_name(),
        }
    }

    fn corpus(self) -> &'static str {
        match self {
            Set::Des36 | Set::Dungeon36 => "nethack-3.6.7",
            Set::Des343 | Set::Dungeon343 => "nethack-3.4.3",
            Set::Variant(v) | Set::VariantDungeon(v) => v.game_name(),
        }
    }

    /// The corpus files its mutants start from.
    fn is_source(self, name: &str) -> bool {
        match self {
            _ if self.is_des() => name.ends_with(".des"),
            Set::VariantDungeon(v) => v.dungeon_files().contains(&name),
            _ => name == "dungeon.def",
        }
    }

    fn is_des(self) -> bool {
        matches!(self, Set::Des36 | Set::Des343 | Set::Variant(_))
    }

    /// Its number in the seeds (the four vanilla sets' as they were).
    fn id(self) -> u64 {
        match self {
            Set::Des36 => 0,
            Set::Des343 => 1,
            Set::Dungeon343 => 2,
            Set::Dungeon36 => 3,
            Set::Variant(v) => 4 + Variant::ALL.iter().position(|w| *w == v).unwrap() as u64,
            Set::VariantDungeon(v) => {
                4 + (Variant::ALL.len() + Variant::ALL.iter().position(|w| *w == v).unwrap()) as u64
            }
        }
    }

    /// The level language of its `.des` files.
    fn dialect(self) -> des::Dialect {
        match self {
            Set::Des36 => des::Dialect::NetHack36,
            Set::Variant(v) | Set::VariantDungeon(v) => v.dialect(),
            _ => des::Dialect::NetHack343,
        }
    }

    fn ext(self) -> &'static str {
        if self.is_des() {
            "des"
        } else {
            "def"
        }
    }

    fn game(self) -> Arc<Game> {
        match self {
            Set::Des36 | Set::Dungeon36 => Game::nethack_367(),
            Set::Des343 | Set::Dungeon343 => Game::nethack_343(),
            Set::Variant(v) | Set::VariantDungeon(v) => v.game(),
        }
    }

    /// Words of the set's language, inserted whole.
    fn words(self) -> &'static [&'static str] {
        static VARIANT_WORDS: std::sync::OnceLock<Vec<Vec<&'static str>>> =
            std::sync::OnceLock::new();
        match self {
            Set::Des36 => WORDS_36,
            Set::Des343 => WORDS_343,
            Set::Dungeon343 | Set::Dungeon36 | Set::VariantDungeon(_) => WORDS_DUNGEON,
            Set::Variant(v) => {
                let all = VARIANT_WORDS.get_or_init(|| {
                    (Variant::ALL.iter())
                        .map(|v| {
                            let family = match v.dialect() {
                                des::Dialect::NetHack36 => WORDS_36,
                                _ => WORDS_343,
                            };
                            family.iter().chain(v.words()).copied().collect()
                        })
                        .collect()
                });
                &all[Variant::ALL.iter().position(|w| *w == v).unwrap()]
            }
        }
    }

    /// Openers repeated for deep nesting, with their closers.
    fn nesting(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Set::Des36 => &[
                ("{\n", "}\n"),
                ("(", ")"),
                ("IF[50%]{\n", "}\n"),
                ("LOOP[2]{\n", "}\n"),
                ("[", "]"),
            ],
            Set::Des343 => &[("(", ")"), ("[", "]"), ("{", "}")],
            Set::Variant(v) if v.dialect() == des::Dialect::NetHack36 => Set::Des36.nesting(),
            Set::Variant(_) => Set::Des343.nesting(),
            Set::Dungeon343 | Set::Dungeon36 | Set::VariantDungeon(_) => &[("(", ")"), ("[", "]")],
        }
    }
}

#[rustfmt::skip]
const WORDS_343: &[&str] = &[
    "MAZE:", "LEVEL:", "MAP\n", "ENDMAP\n", "ROOM:", "SUBROOM:", "MONSTER:", "OBJECT:", "TRAP:",
    "DOOR:", "DRAWBRIDGE:", "MAZEWALK:", "REGION:", "RANDOM_PLACES:", "RANDOM_MONSTERS:",
    "RANDOM_OBJECTS:", "RANDOM_CORRIDORS", "CORRIDOR:", "NOMAP\n", "INIT_MAP:", "GEOMETRY:",
    "FLAGS:", "MESSAGE:", "ENGRAVING:", "FOUNTAIN:", "ALTAR:", "STAIR:", "LADDER:", "BRANCH:",
    "TELEPORT_REGION:", "PORTAL:", "NON_DIGGABLE:", "NON_PASSWALL:", "GOLD:", "SINK:", "POOL:",
    "random", "place[0]", "monster[1]", "object[2]", "align[0]", "lit", "unlit", "peaceful",
    "asleep", "(", ")", ",", ":", "[50%]", "'", "\"", "-", "#", "@", "+", "filled", "unfilled",
    "levregion(", "center", "left", "noteleport", "hardfloor", "true", "false",
];

#[rustfmt::skip]
const WORDS_36: &[&str] = &[
    "MAZE:", "LEVEL:", "MAP\n", "ENDMAP\n", "ROOM:", "SUBROOM:", "MONSTER:", "OBJECT:", "TRAP:",
    "DOOR:", "IF[50%]", "IF[", "ELSE", "{", "}", "LOOP[3]", "SWITCH[3]", "CASE 1:", "BREAK",
    "DEFAULT:", "FUNCTION", "$var", "$place = ", "selection:", "REPLACE_TERRAIN:", "TERRAIN:",
    "REGION:", "MAZEWALK:", "MESSAGE:", "FLAGS:", "INIT_MAP:", "GEOMETRY:", "NOMAP\n",
    "TELEPORT_REGION:", "STAIR:", "LADDER:", "BRANCH:", "CONTAINER:", "ENGRAVING:", "GOLD:",
    "random", "rect", "fillrect", "line", "grow", "filter", "gradient", "circle", "ellipse",
    "floodfill", "levregion(", "(", ")", ",", ":", "[", "]", "'", "\"", "-", "+", "*", "/", "%",
    "&", "|", "==", "!=", "<", ">", "#", "@", "peaceful", "hostile", "asleep", "lit", "unlit",
    "filled", "unfilled", "true", "false", "noteleport", "mazelevel", "ROOMDOOR:", "WALLIFY",
    "EXIT", "SPILL:", "DRAWBRIDGE:", "WALLWALK:",
];

#[rustfmt::skip]
const WORDS_DUNGEON: &[&str] = &[
    "DUNGEON:", "LEVEL:", "RNDLEVEL:", "CHAINLEVEL:", "RNDCHAINLEVEL:", "BRANCH:", "CHAINBRANCH:",
    "RNDBRANCH:", "LEVELDESC:", "ALIGNMENT:", "PROTOFILE:", "ENTRY:", "DESCRIPTION:", "town",
    "hellish", "mazelike", "roguelike", "lawful", "neutral", "chaotic", "unaligned", "noalign",
    "up", "down", "portal", "stair", "no_down", "no_up", "@", "(", ")", ",", ":", "\"", "#",
    "%REINCARNATION ", "%ORACLE ", "\n%", "-",
];

#[rustfmt::skip]
const BOUNDARY_NUMBERS: &[&str] = &[
    "0", "-1", "127", "128", "255", "256", "32767", "32768", "65535", "65536", "2147483647",
    "2147483648", "4294967296", "99999999999999999999",
];

// ----------------------------------------------------------- settings --

fn env_u64(var: &str) -> Option<u64> {
    let v = std::env::var(var).ok()?;
    let v = v.trim();
    match v.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => v.parse().ok(),
    }
}

fn mutants() -> usize {
    env_u64("LEVBUILD_MUTANTS").unwrap_or(200) as usize
}

fn base_seed() -> u64 {
    env_u64("LEVBUILD_MUTATION_SEED").unwrap_or(SEED)
}

fn strict() -> bool {
    std::env::var("LEVBUILD_MUTATION_STRICT").is_ok_and(|v| v == "1")
}

fn shrink_budget() -> Duration {
    Duration::from_secs(env_u64("LEVBUILD_MUTATION_SHRINK_SECS").unwrap_or(5))
}

fn examples() -> usize {
    env_u64("LEVBUILD_MUTATION_EXAMPLES").unwrap_or(10) as usize
}

fn mutants_dir() -> PathBuf {
    std::env::var_os("LEVBUILD_MUTANTS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../mutants"))
}

// ---------------------------------------------------------- the tests --

#[cfg(feature = "nethack36")]
#[test]
fn mutation_diff_des_36() {
    let Some(lev_comp) = common::reference_tool("LEVBUILD_REF_LEV_COMP_36") else {
        common::skip_unavailable("opt-in: LEVBUILD_REF_LEV_COMP_36 does not name 3.6.7's lev_comp");
        return;
    };
    run(Set::Des36, Reference::LevComp(lev_comp));
}

/// Each variant's `.des` mutants against its own `lev_comp` (#34),
/// opt-in by `Variant::reference_var`.
#[test]
fn mutation_diff_des_variants() {
    let mut ran = 0;
    for v in Variant::ALL {
        if v.dialect() == des::Dialect::NetHack36 && !cfg!(feature = "nethack36") {
            continue;
        }
        let Some(lev_comp) = common::reference_tool(v.reference_var()) else {
            common::skip_unavailable(&format!(
                "opt-in: {} does not name {}'s lev_comp",
                v.reference_var(),
                v.game_name()
            ));
            continue;
        };
        run(Set::Variant(v), Reference::LevComp(lev_comp));
        ran += 1;
    }
    eprintln!("variant mutation runs: {ran}");
}

/// Each variant's dungeon-description mutants against its own
/// `makedefs -e` and `dgn_comp` (#34), opt-in by
/// `Variant::dungeon_reference_vars`. A dNetHack mutant is written as each
/// of its three files (`makedefs -e` wants all three), the first compiled.
#[test]
fn mutation_diff_dungeon_variants() {
    let mut ran = 0;
    for v in Variant::ALL {
        if v.dialect() == des::Dialect::NetHack36 && !cfg!(feature = "nethack36") {
            continue;
        }
        let (makedefs_var, dgn_comp_var) = v.dungeon_reference_vars();
        let (Some(makedefs), Some(dgn_comp)) = (
            common::reference_tool(&makedefs_var),
            common::reference_tool(&dgn_comp_var),
        ) else {
            common::skip_unavailable(&format!(
                "opt-in: {makedefs_var} and {dgn_comp_var} do not name {}'s tools",
                v.game_name()
            ));
            continue;
        };
        run(
            Set::VariantDungeon(v),
            Reference::Dungeon { makedefs, dgn_comp },
        );
        ran += 1;
    }
    eprintln!("variant dungeon mutation runs: {ran}");
}

#[test]
fn mutation_diff_des_343() {
    let Some(lev_comp) = common::reference_tool("LEVBUILD_REF_LEV_COMP") else {
        common::skip_unavailable("opt-in: LEVBUILD_REF_LEV_COMP does not name 3.4.3's lev_comp");
        return;
    };
    run(Set::Des343, Reference::LevComp(lev_comp));
}

#[test]
fn mutation_diff_dungeon_343() {
    let (Some(makedefs), Some(dgn_comp)) = (
        common::reference_tool("LEVBUILD_REF_MAKEDEFS"),
        common::reference_tool("LEVBUILD_REF_DGN_COMP"),
    ) else {
        common::skip_unavailable(
            "opt-in: LEVBUILD_REF_MAKEDEFS and LEVBUILD_REF_DGN_COMP do not name 3.4.3's tools",
        );
        return;
    };
    run(Set::Dungeon343, Reference::Dungeon { makedefs, dgn_comp });
}

#[cfg(feature = "nethack36")]
#[test]
fn mutation_diff_dungeon_36() {
    let (Some(makedefs), Some(dgn_comp)) = (
        common::reference_tool("LEVBUILD_REF_MAKEDEFS_36"),
        common::reference_tool("LEVBUILD_REF_DGN_COMP_36"),
    ) else {
        common::skip_unavailable(
            "opt-in: LEVBUILD_REF_MAKEDEFS_36 and LEVBUILD_REF_DGN_COMP_36 do not name 3.6.7's tools",
        );
        return;
    };
    run(Set::Dungeon36, Reference::Dungeon { makedefs, dgn_comp });
}

// ------------------------------------------------------------- driver --

/// One mutant's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Category {
    Identical,
    BothRefuse,
    LevbuildRefuses,
    LevbuildAccepts,
    BytesDiffer,
    NamesDiffer,
    LevbuildSlow,
    LevbuildPanicked,
    ReferenceCrashed,
}

const CATEGORIES: [Category; 9] = [
    Category::Identical,
    Category::BothRefuse,
    Category::LevbuildRefuses,
    Category::LevbuildAccepts,
    Category::BytesDiffer,
    Category::NamesDiffer,
    Category::LevbuildSlow,
    Category::LevbuildPanicked,
    Category::ReferenceCrashed,
];

impl Category {
    fn label(self) -> &'static str {
        match self {
            Category::Identical => "identical",
            Category::BothRefuse => "both refuse",
            Category::LevbuildRefuses => "levbuild refuses, reference accepts",
            Category::LevbuildAccepts => "levbuild accepts, reference refuses",
            Category::BytesDiffer => "bytes differ",
            Category::NamesDiffer => "file names differ",
            Category::LevbuildSlow => "levbuild slow",
            Category::LevbuildPanicked => "levbuild panicked",
            Category::ReferenceCrashed => "reference crashed",
        }
    }

    fn slug(self) -> &'static str {
        match self {
            Category::Identical => "identical",
            Category::BothRefuse => "both-refuse",
            Category::LevbuildRefuses => "levbuild-refuses",
            Category::LevbuildAccepts => "levbuild-accepts",
            Category::BytesDiffer => "bytes-differ",
            Category::NamesDiffer => "names-differ",
            Category::LevbuildSlow => "levbuild-slow",
            Category::LevbuildPanicked => "levbuild-panicked",
            Category::ReferenceCrashed => "reference-crashed",
        }
    }
}

/// A mutant kept as a possible example.
struct Found {
    index: usize,
    source: Vec<u8>,
    mutations: Vec<String>,
    key: String,
}

fn run(set: Set, reference: Reference) {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let corpus = shared.join("corpus").join(set.corpus()).join("dat");
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&corpus)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| set.is_source(&n.to_string_lossy()))
        })
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpus files in {}", corpus.display());

    let harness = Harness { set, reference };
    let (count, seed) = (mutants(), base_seed());
    let started = Instant::now();
    let mut counts: BTreeMap<Category, usize> = BTreeMap::new();
    // Per kind of mutation: mutants, reference-accepted, identical, differing.
    let mut by_kind: BTreeMap<&str, [usize; 4]> = BTreeMap::new();
    let mut groups: BTreeMap<(Category, String), Vec<usize>> = BTreeMap::new();
    let mut found: BTreeMap<Category, Vec<Found>> = BTreeMap::new();
    let (mut slowest, mut slowest_at) = (Duration::ZERO, 0);
    // Every mutant and its verdict, to study them (`LEVBUILD_MUTATION_DUMP`).
    let dump =
        std::env::var_os("LEVBUILD_MUTATION_DUMP").map(|d| PathBuf::from(d).join(set.name()));
    let dump_index = dump.as_ref().map(|d| {
        std::fs::create_dir_all(d).unwrap();
        std::fs::File::create(d.join("index.tsv")).unwrap()
    });
    // `LEVBUILD_MUTATION_ONLY=N` replays mutant N alone.
    let only = env_u64("LEVBUILD_MUTATION_ONLY");
    let (range, count) = match only {
        Some(n) => (n as usize..n as usize + 1, 1),
        None => (0..count, count),
    };
    for index in range {
        let mut rng = Rng::new(
            seed ^ (index as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93) ^ (set.id() * 0x1_0000_0001),
        );
        let (file, text) = &files[rng.below(files.len())];
        let (source, mut mutations, kinds) = mutant(&mut rng, set, text);
        mutations.insert(0, format!("from {file}"));
        let verdict = harness.judge(&source);
        if let Some(dump) = &dump {
            std::fs::write(dump.join(format!("{index}.{}", set.ext())), &source).unwrap();
            use std::io::Write;
            writeln!(
                dump_index.as_ref().unwrap(),
                "{index}\t{}\t{}\t{}",
                verdict.category.label(),
                verdict.key,
                mutations.join("; ")
            )
            .unwrap();
        }
        if let Some(t) = verdict.levbuild_time() {
            if t > slowest {
                (slowest, slowest_at) = (t, index);
            }
        }
        *counts.entry(verdict.category).or_default() += 1;
        for kind in kinds {
            let [n, accepted, identical, differ] = by_kind.entry(kind).or_default();
            *n += 1;
            match verdict.category {
                Category::Identical => (*accepted, *identical) = (*accepted + 1, *identical + 1),
                Category::LevbuildRefuses | Category::BytesDiffer | Category::NamesDiffer => {
                    (*accepted, *differ) = (*accepted + 1, *differ + 1)
                }
                Category::LevbuildAccepts | Category::LevbuildSlow | Category::LevbuildPanicked => {
                    *differ += 1
                }
                Category::BothRefuse | Category::ReferenceCrashed => {}
            }
        }
        let indices = groups
            .entry((verdict.category, verdict.key.clone()))
            .or_default();
        indices.push(index);
        // Keep the first few mutants of each group as candidate examples.
        if verdict.category != Category::Identical
            && verdict.category != Category::BothRefuse
            && indices.len() <= examples()
        {
            found.entry(verdict.category).or_default().push(Found {
                index,
                source,
                mutations,
                key: verdict.key.clone(),
            });
        }
    }
    let compared_in = started.elapsed();

    // The summary.
    let accepted: usize = counts
        .iter()
        .filter(|(c, _)| {
            matches!(
                c,
                Category::Identical
                    | Category::LevbuildRefuses
                    | Category::BytesDiffer
                    | Category::NamesDiffer
            )
        })
        .map(|(_, n)| n)
        .sum();
    let identical = counts.get(&Category::Identical).copied().unwrap_or(0);
    let mut out = String::new();
    out += &format!(
        "\n=== mutation differential: {} — {count} mutants, seed {seed:#x}, {:.1} s ===\n",
        set.name(),
        compared_in.as_secs_f64()
    );
    out += &format!("{:<40} {:>7} {:>7}\n", "category", "mutants", "%");
    for c in CATEGORIES {
        let n = counts.get(&c).copied().unwrap_or(0);
        out += &format!(
            "{:<40} {:>7} {:>6.2}%\n",
            c.label(),
            n,
            100.0 * n as f64 / count.max(1) as f64
        );
    }
    let rate = 100.0 * identical as f64 / accepted.max(1) as f64;
    out += &format!(
        "identical among reference-accepted: {identical}/{accepted} = {rate:.2}%\n\
         slowest levbuild compile: {:.1} ms (mutant {slowest_at})\n",
        slowest.as_secs_f64() * 1e3
    );
    out += &format!(
        "{:<24} {:>7} {:>9} {:>9} {:>7}\n",
        "by mutation", "mutants", "ref. acc.", "identical", "differ"
    );
    for (kind, [n, accepted, identical, differ]) in &by_kind {
        out += &format!("{kind:<24} {n:>7} {accepted:>9} {identical:>9} {differ:>7}\n");
    }
    for c in CATEGORIES {
        if matches!(c, Category::Identical | Category::BothRefuse) {
            continue;
        }
        let mut keyed: Vec<(&String, &Vec<usize>)> = groups
            .iter()
            .filter(|((cat, _), _)| *cat == c)
            .map(|((_, k), v)| (k, v))
            .collect();
        if keyed.is_empty() {
            continue;
        }
        keyed.sort_by_key(|(_, v)| std::cmp::Reverse(v.len()));
        out += &format!("--- {} ({} kinds)\n", c.label(), keyed.len());
        for (key, indices) in keyed.iter().take(40) {
            out += &format!(
                "  {:>5} × {}  (mutants {:?})\n",
                indices.len(),
                key,
                &indices[..indices.len().min(4)]
            );
        }
    }
    eprint!("{out}");

    // The examples, shrunk.
    let mut dir = mutants_dir().join(set.name());
    if let Some(n) = only {
        dir = dir.join(format!("only-{n}"));
    }
    let _ = std::fs::remove_dir_all(&dir);
    let mut written = 0;
    let shrink_started = Instant::now();
    for (category, candidates) in &found {
        // Distinct kinds first: round-robin over the keys.
        let mut order: Vec<&Found> = Vec::new();
        let mut by_key: BTreeMap<&str, Vec<&Found>> = BTreeMap::new();
        for f in candidates {
            by_key.entry(&f.key).or_default().push(f);
        }
        let mut keys: Vec<&str> = by_key.keys().copied().collect();
        keys.sort_by_key(|k| {
            std::cmp::Reverse(groups.get(&(*category, k.to_string())).map_or(0, Vec::len))
        });
        for round in 0.. {
            let before = order.len();
            for k in &keys {
                if let Some(f) = by_key[k].get(round) {
                    order.push(f);
                }
            }
            if order.len() == before || order.len() >= examples() {
                break;
            }
        }
        std::fs::create_dir_all(&dir).unwrap();
        for (n, f) in order.iter().take(examples()).enumerate() {
            // A slow mutant takes seconds a try: give it longer.
            let budget = match category {
                Category::LevbuildSlow => shrink_budget() * 12,
                _ => shrink_budget(),
            };
            let shrunk = harness.shrink(&f.source, *category, &f.key, budget);
            let verdict = harness.judge(&shrunk);
            let stem = dir.join(format!("{}-{}", category.slug(), n + 1));
            std::fs::write(stem.with_extension(set.ext()), &shrunk).unwrap();
            std::fs::write(
                stem.with_extension(format!("orig.{}", set.ext())),
                &f.source,
            )
            .unwrap();
            let mut txt = format!(
                "set: {}\nseed: {seed:#x}, mutant {}\nmutations: {}\ncategory: {}\nkind: {}\n\
                 shrunk: {} bytes from {} (the original is the .orig file)\n\
                 mutants of this kind: {}\n\n",
                set.name(),
                f.index,
                f.mutations.join("; "),
                category.label(),
                f.key,
                shrunk.len(),
                f.source.len(),
                groups.get(&(*category, f.key.clone())).map_or(0, Vec::len),
            );
            txt += &verdict.describe(set);
            std::fs::write(stem.with_extension("txt"), txt).unwrap();
            written += 1;
        }
    }
    eprintln!(
        "{written} examples written to {} in {:.1} s",
        dir.display(),
        shrink_started.elapsed().as_secs_f64()
    );

    // The findings that fail the test.
    let panicked = counts
        .get(&Category::LevbuildPanicked)
        .copied()
        .unwrap_or(0);
    let slow = counts.get(&Category::LevbuildSlow).copied().unwrap_or(0);
    assert_eq!(panicked, 0, "levbuild panicked on {panicked} mutants");
    assert_eq!(
        slow, 0,
        "levbuild took over {LEVBUILD_LIMIT:?} on {slow} mutants"
    );
    if strict() {
        assert!(
            identical as f64 >= 0.999 * accepted as f64,
            "only {identical} of the {accepted} mutants the reference accepts are identical"
        );
    }
}

// --------------------------------------------------------- the judge --

enum Reference {
    LevComp(PathBuf),
    Dungeon {
        makedefs: PathBuf,
        dgn_comp: PathBuf,
    },
}

struct Harness {
    set: Set,
    reference: Reference,
}

/// What one side did with a mutant.
#[derive(Clone, Debug, Default)]
struct Side {
    accepted: bool,
    /// Output file name (bytes) to contents.
    files: BTreeMap<Vec<u8>, Vec<u8>>,
    /// Exit status, or levbuild's first error.
    status: String,
    /// Everything it said.
    messages: String,
}

enum RefRun {
    Done(Side),
    Crashed(String),
}

enum LbRun {
    Done(Side, Duration),
    /// Over the limit: the side if it answered, the time, and which step.
    Slow(Option<Side>, Duration, &'static str),
    Panicked(String),
}

struct Verdict {
    category: Category,
    /// What kind of difference, for grouping.
    key: String,
    reference: RefRun,
    levbuild: LbRun,
}

impl Verdict {
    fn levbuild_time(&self) -> Option<Duration> {
        match &self.levbuild {
            LbRun::Done(_, t) | LbRun::Slow(_, t, _) => Some(*t),
            LbRun::Panicked(_) => None,
        }
    }

    fn describe(&self, set: Set) -> String {
        let mut s = String::new();
        match &self.reference {
            RefRun::Crashed(why) => s += &format!("reference: crashed: {why}\n"),
            RefRun::Done(r) => {
                s += &format!(
                    "reference: {} ({}), files {}\n{}\n",
                    if r.accepted { "accepts" } else { "refuses" },
                    r.status,
                    names(&r.files),
                    clip(&r.messages, 4000)
                );
            }
        }
        let lb = match &self.levbuild {
            LbRun::Done(side, t) => {
                s += &format!("levbuild: {:.1} ms\n", t.as_secs_f64() * 1e3);
                Some(side)
            }
            LbRun::Slow(side, t, what) => {
                s += &format!(
                    "levbuild: SLOW {what}: {:.1} ms{}\n",
                    t.as_secs_f64() * 1e3,
                    if side.is_none() {
                        " and still running"
                    } else {
                        ""
                    }
                );
                side.as_ref()
            }
            LbRun::Panicked(p) => {
                s += &format!("levbuild: PANICKED: {p}\n");
                None
            }
        };
        if let Some(l) = lb {
            s += &format!(
                "levbuild: {} ({}), files {}\n{}\n",
                if l.accepted { "accepts" } else { "refuses" },
                l.status,
                names(&l.files),
                clip(&l.messages, 4000)
            );
        }
        if let (RefRun::Done(r), Some(l)) = (&self.reference, lb) {
            for (name, want) in &r.files {
                let Some(got) = l.files.get(name) else {
                    continue;
                };
                if want == got {
                    continue;
                }
                let at = first_difference(want, got);
                s += &format!(
                    "{}: first differing byte at offset {at} (sizes {} and {})\n  reference: {}\n  levbuild:  {}\n  decoded: {}\n",
                    escape(name),
                    want.len(),
                    got.len(),
                    hex_around(want, at),
                    hex_around(got, at),
                    decoded_difference(set, name, want, got),
                );
            }
        }
        s
    }
}

impl Harness {
    /// Both sides on `source`, and what that makes the mutant.
    fn judge(&self, source: &[u8]) -> Verdict {
        self.judge_with(source, LEVBUILD_GRACE)
    }

    fn judge_with(&self, source: &[u8], grace: Duration) -> Verdict {
        let reference = self.reference(source);
        let levbuild = levbuild_run(self.set, source.to_vec(), grace);
        let (category, key) = classify(self.set, &reference, &levbuild);
        Verdict {
            category,
            key,
            reference,
            levbuild,
        }
    }

    fn reference(&self, source: &[u8]) -> RefRun {
        let tmp = TempDir::new("mutation");
        match &self.reference {
            Reference::LevComp(lev_comp) => {
                let out = tmp.path().join("out");
                std::fs::create_dir_all(&out).unwrap();
                std::fs::write(tmp.path().join("m.des"), source).unwrap();
                let mut cmd = Command::new(lev_comp);
                cmd.current_dir(&out).arg("../m.des");
                let status = match run_limited(&mut cmd, tmp.path(), "lev_comp") {
                    Ok(s) => s,
                    Err(crash) => return RefRun::Crashed(crash),
                };
                let messages = read_output(tmp.path(), "lev_comp");
                let mut files = BTreeMap::new();
                for e in std::fs::read_dir(&out).unwrap() {
                    let e = e.unwrap();
                    if e.file_type().unwrap().is_file() {
                        use std::os::unix::ffi::OsStrExt;
                        files.insert(
                            e.file_name().as_bytes().to_vec(),
                            std::fs::read(e.path()).unwrap(),
                        );
                    }
                }
                RefRun::Done(Side {
                    accepted: status.success(),
                    files,
                    status: format!("lev_comp {status}"),
                    messages,
                })
            }
            Reference::Dungeon { makedefs, dgn_comp } => {
                let (dat, util) = (tmp.path().join("dat"), tmp.path().join("util"));
                std::fs::create_dir_all(&dat).unwrap();
                std::fs::create_dir_all(&util).unwrap();
                let inputs: &[&str] = match self.set {
                    Set::VariantDungeon(v) => v.dungeon_files(),
                    _ => &["dungeon.def"],
                };
                for input in inputs {
                    std::fs::write(dat.join(input), source).unwrap();
                }
                let stem = inputs[0].trim_end_matches(".def");
                let mut cmd = Command::new(makedefs);
                cmd.current_dir(&util).arg("-e");
                let status = match run_limited(&mut cmd, tmp.path(), "makedefs") {
                    Ok(s) => s,
                    Err(crash) => return RefRun::Crashed(format!("makedefs -e: {crash}")),
                };
                let mut messages = read_output(tmp.path(), "makedefs");
                if !status.success() {
                    return RefRun::Done(Side {
                        accepted: false,
                        files: BTreeMap::new(),
                        status: format!("makedefs -e {status}"),
                        messages,
                    });
                }
                let mut cmd = Command::new(dgn_comp);
                cmd.current_dir(&dat).arg(format!("{stem}.pdf"));
                let status = match run_limited(&mut cmd, tmp.path(), "dgn_comp") {
                    Ok(s) => s,
                    Err(crash) => return RefRun::Crashed(format!("dgn_comp: {crash}")),
                };
                messages += &read_output(tmp.path(), "dgn_comp");
                let mut files = BTreeMap::new();
                if let Ok(bytes) = std::fs::read(dat.join(stem)) {
                    files.insert(b"dungeon".to_vec(), bytes);
                }
                RefRun::Done(Side {
                    accepted: status.success(),
                    files,
                    status: format!("dgn_comp {status}"),
                    messages,
                })
            }
        }
    }

    /// A smaller source of the same category and kind: lines, then
    /// characters, deleted while the difference persists, within `budget`.
    fn shrink(&self, source: &[u8], category: Category, key: &str, budget: Duration) -> Vec<u8> {
        let started = Instant::now();
        let grace = Duration::from_secs(5);
        let same = |candidate: &[u8]| {
            let v = self.judge_with(candidate, grace);
            v.category == category && v.key == key
        };
        if budget.is_zero() || !same(source) {
            return source.to_vec();
        }
        let mut best = source.to_vec();
        for by_lines in [true, false] {
            let mut units: Vec<Vec<u8>> = if by_lines {
                best.split_inclusive(|&b| b == b'\n')
                    .map(<[u8]>::to_vec)
                    .collect()
            } else {
                best.iter().map(|&b| vec![b]).collect()
            };
            let mut chunk = units.len().div_ceil(2).max(1);
            loop {
                let mut i = 0;
                while i < units.len() {
                    if started.elapsed() > budget {
                        return best;
                    }
                    let end = (i + chunk).min(units.len());
                    let candidate: Vec<u8> = units[..i]
                        .iter()
                        .chain(&units[end..])
                        .flatten()
                        .copied()
                        .collect();
                    if same(&candidate) {
                        units.drain(i..end);
                        best = candidate;
                    } else {
                        i += chunk;
                    }
                }
                if chunk == 1 {
                    break;
                }
                chunk = chunk.div_ceil(2);
            }
        }
        best
    }
}

/// Runs `cmd` with its output in `dir/TAG.out` and `dir/TAG.err`, killed
/// after [`REFERENCE_LIMIT`]; a signal or the limit is an `Err`.
fn run_limited(cmd: &mut Command, dir: &Path, tag: &str) -> Result<ExitStatus, String> {
    let out = std::fs::File::create(dir.join(format!("{tag}.out"))).unwrap();
    let err = std::fs::File::create(dir.join(format!("{tag}.err"))).unwrap();
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err)
        .spawn()
        .unwrap();
    let started = Instant::now();
    let mut nap = Duration::from_micros(200);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return match status.code() {
                Some(_) => Ok(status),
                None => {
                    use std::os::unix::process::ExitStatusExt;
                    Err(format!("killed by signal {}", status.signal().unwrap_or(0)))
                }
            };
        }
        if started.elapsed() > REFERENCE_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("timed out after {REFERENCE_LIMIT:?}"));
        }
        std::thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(10));
    }
}

fn read_output(dir: &Path, tag: &str) -> String {
    let mut s = String::new();
    for ext in ["out", "err"] {
        let bytes = std::fs::read(dir.join(format!("{tag}.{ext}"))).unwrap_or_default();
        s += &String::from_utf8_lossy(&bytes);
    }
    s
}

/// What the levbuild thread says: when its compile ended, then its answer
/// with the diagnostics rendered.
enum Progress {
    Compiled(Duration),
    Answered(std::thread::Result<Side>, Duration),
}

/// levbuild on a thread of its own (a big stack, its panics caught): its
/// compile is waited for [`LEVBUILD_LIMIT`] and then `grace` more, and so
/// is the rendering of its diagnostics after it (`rich` text, as the
/// command line prints them).
fn levbuild_run(set: Set, source: Vec<u8>, grace: Duration) -> LbRun {
    let (send, receive) = mpsc::channel();
    std::thread::Builder::new()
        .name("levbuild-mutant".into())
        .stack_size(256 << 20)
        .spawn(move || {
            let started = Instant::now();
            let compiled = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                levbuild_compile(set, &source)
            }));
            let _ = send.send(Progress::Compiled(started.elapsed()));
            let started = Instant::now();
            let side = compiled
                .and_then(|c| std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| render(c))));
            let _ = send.send(Progress::Answered(side, started.elapsed()));
        })
        .unwrap();
    let wait = |limit: Duration| {
        receive
            .recv_timeout(limit)
            .ok()
            .or_else(|| receive.recv_timeout(grace).ok())
    };
    let compile = match wait(LEVBUILD_LIMIT) {
        Some(Progress::Compiled(t)) => t,
        _ => return LbRun::Slow(None, LEVBUILD_LIMIT + grace, "compile"),
    };
    match wait(LEVBUILD_LIMIT) {
        Some(Progress::Answered(Ok(side), render)) => {
            if compile > LEVBUILD_LIMIT {
                LbRun::Slow(Some(side), compile, "compile")
            } else if render > LEVBUILD_LIMIT {
                LbRun::Slow(Some(side), render, "rendering its diagnostics")
            } else {
                LbRun::Done(side, compile)
            }
        }
        Some(Progress::Answered(Err(payload), _)) => LbRun::Panicked(
            payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "(not a string)".into()),
        ),
        _ => LbRun::Slow(None, LEVBUILD_LIMIT + grace, "rendering its diagnostics"),
    }
}

/// What levbuild's compile gave: the outputs (file name bytes to bytes) or
/// the errors, with the warnings.
type Compiled = Result<(BTreeMap<Vec<u8>, Vec<u8>>, levbuild::Diagnostics), levbuild::Diagnostics>;

fn levbuild_compile(set: Set, source: &[u8]) -> Compiled {
    let text = levbuild::source_text(source);
    let layout = Layout::LP64;
    let game = set.game();
    if set.is_des() {
        let options = des::Options::for_game(game).with_layout(layout);
        des::compile_levels(&text, "m.des", &options).map(|blobs| {
            // What the game's lev_comp appends to vaults.dat beside them.
            let vaults: String = (blobs.levels.iter())
                .filter_map(|l| l.random_vault.map(|v| v.line(&l.name)))
                .collect();
            let mut files: BTreeMap<Vec<u8>, Vec<u8>> = blobs
                .levels
                .into_iter()
                .map(|l| {
                    let mut name = levbuild::source_bytes(&l.name).into_owned();
                    name.extend_from_slice(b".lev");
                    (name, l.bytes)
                })
                .collect();
            if !vaults.is_empty() {
                files.insert(
                    b"vaults.dat".to_vec(),
                    levbuild::source_bytes(&vaults).into_owned(),
                );
            }
            (files, blobs.warnings)
        })
    } else {
        let options = dungeon::Options::for_game(game).with_layout(layout);
        dungeon::compile(&text, "dungeon.def", &options).map(|out| {
            (
                BTreeMap::from([(b"dungeon".to_vec(), out.bytes)]),
                out.warnings,
            )
        })
    }
}

fn render(compiled: Compiled) -> Side {
    match compiled {
        Ok((files, warnings)) => Side {
            accepted: true,
            files,
            status: match warnings.warnings().next() {
                Some(w) => format!("Ok, warning: {}", w.message),
                None => "Ok".into(),
            },
            messages: warnings.render(false),
        },
        Err(d) => Side {
            accepted: false,
            files: BTreeMap::new(),
            status: d
                .errors()
                .next()
                .map_or("Err without an error".into(), |e| e.message.clone()),
            messages: d.render(false),
        },
    }
}

fn classify(set: Set, reference: &RefRun, levbuild: &LbRun) -> (Category, String) {
    let lb = match levbuild {
        LbRun::Panicked(p) => return (Category::LevbuildPanicked, normalize(p)),
        LbRun::Slow(_, _, what) => return (Category::LevbuildSlow, format!("slow {what}")),
        LbRun::Done(side, _) => side,
    };
    let r = match reference {
        RefRun::Crashed(why) => return (Category::ReferenceCrashed, normalize(why)),
        RefRun::Done(side) => side,
    };
    match (r.accepted, lb.accepted) {
        (false, false) => (Category::BothRefuse, String::new()),
        (true, false) => (Category::LevbuildRefuses, normalize(&lb.status)),
        (false, true) => (
            Category::LevbuildAccepts,
            normalize(&format!(
                "{}; levbuild: {}",
                reference_message(&r.messages),
                lb.status
            )),
        ),
        (true, true) => {
            if r.files.keys().ne(lb.files.keys()) {
                let only = |a: &BTreeMap<Vec<u8>, Vec<u8>>, b: &BTreeMap<Vec<u8>, Vec<u8>>| {
                    a.keys()
                        .filter(|k| !b.contains_key(*k))
                        .map(|k| escape(k))
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                let key = format!(
                    "reference only [{}], levbuild only [{}]",
                    only(&r.files, &lb.files),
                    only(&lb.files, &r.files)
                );
                return (Category::NamesDiffer, normalize(&key));
            }
            for (name, want) in &r.files {
                let got = &lb.files[name];
                if want != got {
                    return (
                        Category::BytesDiffer,
                        normalize(&decoded_difference(set, name, want, got)),
                    );
                }
            }
            (Category::Identical, String::new())
        }
    }
}

/// The reference's first message line, without its file and line prefix.
fn reference_message(messages: &str) -> String {
    let mut lines = messages.lines().filter(|l| !l.trim().is_empty());
    let line = lines
        .clone()
        .find(|l| !l.to_ascii_lowercase().contains("warning"))
        .or_else(|| lines.next())
        .unwrap_or("(no message)");
    line.split_once("line ")
        .and_then(|(_, rest)| rest.split_once(':'))
        .map_or(line, |(_, msg)| msg)
        .trim()
        .to_string()
}

/// A grouping key: numbers and quoted text blanked, short.
fn normalize(s: &str) -> String {
    let mut out = String::new();
    let mut quote: Option<char> = None;
    let mut last_digit = false;
    for c in s.chars() {
        if let Some(q) = quote {
            if c == q {
                quote = None;
                out.push(q);
            }
            continue;
        }
        if c == '"' || c == '`' {
            quote = Some(c);
            out.push(c);
            out.push('…');
            continue;
        }
        if c.is_ascii_digit() {
            if !last_digit {
                out.push('#');
            }
            last_digit = true;
            continue;
        }
        last_digit = false;
        out.push(c);
    }
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    out.chars().take(160).collect()
}

/// Where two outputs of the same name first differ, as values: the first
/// differing instruction (3.6) or line of the decoded value's `{:#?}`.
fn decoded_difference(set: Set, name: &[u8], want: &[u8], got: &[u8]) -> String {
    let game = set.game();
    let layout = Layout::LP64;
    let level = String::from_utf8_lossy(name)
        .trim_end_matches(".lev")
        .to_string();
    let debug_diff = |a: String, b: String| -> String {
        let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
        let Some(i) = a.iter().zip(&b).position(|(x, y)| x != y) else {
            return if a.len() == b.len() {
                format!(
                    "same decoded value; raw byte {} differs",
                    first_difference(want, got)
                )
            } else {
                format!("decoded values of {} and {} lines", a.len(), b.len())
            };
        };
        // The path to the line: the lines above it with less indentation.
        let indent = |l: &str| l.len() - l.trim_start().len();
        let mut path = Vec::new();
        let mut depth = indent(a[i]);
        for l in a[..i].iter().rev() {
            if indent(l) < depth {
                depth = indent(l);
                path.push(l.trim().trim_end_matches(['{', '[', '(']).trim());
            }
        }
        path.reverse();
        format!(
            "{} :: reference {} / levbuild {}",
            path.join(" > "),
            a[i].trim(),
            b[i].trim()
        )
    };
    match set {
        _ if set.is_des() && set.dialect() == des::Dialect::NetHack36 => {
            let a = des::nh36::decode(want, &level, &game, layout);
            let b = des::nh36::decode(got, &level, &game, layout);
            match (a, b) {
                (Ok(a), Ok(b)) => match a.code.iter().zip(&b.code).position(|(x, y)| x != y) {
                    Some(i) => format!(
                        "instruction {i}: reference {:?} / levbuild {:?}",
                        a.code[i], b.code[i]
                    ),
                    None if a.code.len() != b.code.len() => format!(
                        "programs of {} and {} instructions",
                        a.code.len(),
                        b.code.len()
                    ),
                    None => format!(
                        "same program; raw byte {} differs",
                        first_difference(want, got)
                    ),
                },
                (a, b) => format!(
                    "decode: reference {:?} / levbuild {:?}",
                    a.err().map(|e| e.to_string()),
                    b.err().map(|e| e.to_string())
                ),
            }
        }
        Set::Des343 | Set::Variant(_) | Set::Des36 => match (
            des::decode(want, &level, &game, layout),
            des::decode(got, &level, &game, layout),
        ) {
            (Ok(a), Ok(b)) => debug_diff(format!("{a:#?}"), format!("{b:#?}")),
            (a, b) => format!(
                "decode: reference {:?} / levbuild {:?}",
                a.err().map(|e| e.to_string()),
                b.err().map(|e| e.to_string())
            ),
        },
        Set::Dungeon343 | Set::Dungeon36 | Set::VariantDungeon(_) => match (
            dungeon::decode(want, &game, layout),
            dungeon::decode(got, &game, layout),
        ) {
            (Ok(a), Ok(b)) => debug_diff(format!("{a:#?}"), format!("{b:#?}")),
            (a, b) => format!(
                "decode: reference {:?} / levbuild {:?}",
                a.err().map(|e| e.to_string()),
                b.err().map(|e| e.to_string())
            ),
        },
    }
}

fn first_difference(want: &[u8], got: &[u8]) -> usize {
    want.iter()
        .zip(got)
        .position(|(a, b)| a != b)
        .unwrap_or(want.len().min(got.len()))
}

fn hex_around(bytes: &[u8], at: usize) -> String {
    let from = at.saturating_sub(8);
    let to = (at + 16).min(bytes.len());
    let hex: Vec<String> = bytes[from..to]
        .iter()
        .enumerate()
        .map(|(i, b)| {
            if from + i == at {
                format!("[{b:02x}]")
            } else {
                format!("{b:02x}")
            }
        })
        .collect();
    format!("@{from}: {}", hex.join(" "))
}

fn escape(bytes: &[u8]) -> String {
    bytes.escape_ascii().to_string()
}

fn names(files: &BTreeMap<Vec<u8>, Vec<u8>>) -> String {
    let n: Vec<String> = files.keys().map(|k| escape(k)).collect();
    format!("[{}]", n.join(", "))
}

fn clip(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    let sep = if s.contains('\n') { "\n" } else { " " };
    format!("{}{sep}… ({} bytes more)", &s[..end], s.len() - end)
}

// ----------------------------------------------------------- mutation --

/// A token of a source: its byte range and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tk {
    Word,
    Number,
    Str,
    Space,
    Newline,
    Punct,
}

fn tokens(b: &[u8]) -> Vec<(usize, usize, Tk)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        let c = b[i];
        let kind = if c.is_ascii_digit() {
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            Tk::Number
        } else if c.is_ascii_alphabetic() || c == b'_' || c == b'$' {
            i += 1;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            Tk::Word
        } else if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                i += 1;
            }
            if i < b.len() && b[i] == b'"' {
                i += 1;
            }
            Tk::Str
        } else if c == b' ' || c == b'\t' || c == b'\r' {
            while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\r') {
                i += 1;
            }
            Tk::Space
        } else if c == b'\n' {
            i += 1;
            Tk::Newline
        } else {
            i += 1;
            Tk::Punct
        };
        out.push((start, i, kind));
    }
    out
}

/// The part of a corpus file a mutant starts from: the whole file, or
/// (for `.des` files) one level of it.
fn chunk(rng: &mut Rng, set: Set, text: &[u8]) -> Vec<u8> {
    if !set.is_des() || rng.chance(25) {
        return text.to_vec();
    }
    let mut starts = vec![];
    let mut offset = 0;
    for line in text.split_inclusive(|&b| b == b'\n') {
        let header = |word: &[u8]| {
            line.strip_prefix(word).is_some_and(|rest| {
                rest.iter()
                    .find(|&&c| c != b' ' && c != b'\t')
                    .is_some_and(|&c| c == b':')
            })
        };
        if header(b"LEVEL") || header(b"MAZE") {
            starts.push(offset);
        }
        offset += line.len();
    }
    if starts.len() < 2 {
        return text.to_vec();
    }
    let i = rng.below(starts.len());
    let end = starts.get(i + 1).copied().unwrap_or(text.len());
    text[starts[i]..end].to_vec()
}

/// A mutant of a corpus file, and what was done to it.
fn mutant(rng: &mut Rng, set: Set, text: &[u8]) -> (Vec<u8>, Vec<String>, Vec<&'static str>) {
    let mut b = chunk(rng, set, text);
    let mut done = vec![format!("{} bytes", b.len())];
    let count = match rng.below(100) {
        0..60 => 1,
        60..85 => 2,
        _ => 3,
    };
    let mut kinds = Vec::new();
    for _ in 0..count {
        if b.is_empty() {
            b.extend_from_slice(set.words()[0].as_bytes());
        }
        let (kind, what) = mutate_once(rng, set, &mut b);
        kinds.push(kind);
        done.push(format!("[{kind}] {what}"));
    }
    kinds.sort_unstable();
    kinds.dedup();
    (b, done, kinds)
}

/// A random boundary between tokens (or the end).
fn token_boundary(rng: &mut Rng, toks: &[(usize, usize, Tk)], len: usize) -> usize {
    if toks.is_empty() {
        return len;
    }
    let i = rng.below(toks.len() + 1);
    toks.get(i).map_or(len, |t| t.0)
}

fn pick_token(rng: &mut Rng, toks: &[(usize, usize, Tk)], kinds: &[Tk]) -> Option<(usize, usize)> {
    let matching: Vec<_> = toks.iter().filter(|t| kinds.contains(&t.2)).collect();
    if matching.is_empty() {
        return None;
    }
    let t = matching[rng.below(matching.len())];
    Some((t.0, t.1))
}

fn line_starts(b: &[u8]) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(
        b.iter()
            .enumerate()
            .filter(|(i, &c)| c == b'\n' && i + 1 < b.len())
            .map(|(i, _)| i + 1),
    );
    starts
}

fn line_end(b: &[u8], start: usize) -> usize {
    b[start..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |p| start + p)
}

const NON_SPACE: &[Tk] = &[Tk::Word, Tk::Number, Tk::Str, Tk::Punct];

/// The kinds of mutation, in the order `mutate_once` numbers them.
const OPS: [&str; 17] = [
    "byte flip",
    "byte insert",
    "token delete",
    "token duplicate",
    "token swap",
    "boundary number",
    "huge string",
    "deep nesting",
    "NUL byte",
    "CR/CRLF",
    "Latin-1 byte",
    "tab",
    "long line",
    "no final newline",
    "line delete/copy/swap",
    "word insert",
    "token copy",
];

/// One mutation of `b`: its kind (an [`OPS`] entry) and what was done.
fn mutate_once(rng: &mut Rng, set: Set, b: &mut Vec<u8>) -> (&'static str, String) {
    let op = rng.below(OPS.len());
    (OPS[op], mutation(op, rng, set, b))
}

fn mutation(op: usize, rng: &mut Rng, set: Set, b: &mut Vec<u8>) -> String {
    let toks = tokens(b);
    let len = b.len();
    match op {
        0 => {
            let at = rng.below(len);
            let new = if rng.chance(50) {
                b' ' + rng.below(95) as u8
            } else {
                rng.next() as u8
            };
            b[at] = new;
            format!("byte {at} := {new:#04x}")
        }
        1 => {
            let at = rng.below(len + 1);
            let new = *rng.pick(b"{}[]()\",:;'%$#@-+*/<>=&|!~.\\_ \n0123456789aZ");
            b.insert(at, new);
            format!("insert {:?} at {at}", new as char)
        }
        2 => match pick_token(rng, &toks, NON_SPACE) {
            Some((s, e)) => {
                let t = escape(&b[s..e]);
                b.drain(s..e);
                format!("delete token {} at {s}", clip(&t, 40))
            }
            None => "nothing to delete".into(),
        },
        3 => match pick_token(rng, &toks, NON_SPACE) {
            Some((s, e)) => {
                let t = b[s..e].to_vec();
                let mut copy = t.clone();
                if rng.chance(50) {
                    copy.insert(0, b' ');
                }
                b.splice(e..e, copy);
                format!("duplicate token {} at {s}", clip(&escape(&t), 40))
            }
            None => "nothing to duplicate".into(),
        },
        4 => {
            let non_space: Vec<_> = toks.iter().filter(|t| NON_SPACE.contains(&t.2)).collect();
            if non_space.len() < 2 {
                return "nothing to swap".into();
            }
            let i = rng.below(non_space.len() - 1);
            let j = (i + 1 + rng.below(8)).min(non_space.len() - 1);
            let (x, y) = (*non_space[i], *non_space[j]);
            let (tx, ty) = (b[x.0..x.1].to_vec(), b[y.0..y.1].to_vec());
            b.splice(y.0..y.1, tx.clone());
            b.splice(x.0..x.1, ty.clone());
            format!(
                "swap tokens {} and {} at {}",
                clip(&escape(&tx), 30),
                clip(&escape(&ty), 30),
                x.0
            )
        }
        5 => {
            let mut number = rng.pick(BOUNDARY_NUMBERS).to_string();
            if rng.chance(20) && !number.starts_with('-') {
                number.insert(0, '-');
            }
            match pick_token(rng, &toks, &[Tk::Number]) {
                Some((s, e)) if rng.chance(85) => {
                    b.splice(s..e, number.bytes());
                    format!("number at {s} := {number}")
                }
                _ => {
                    let at = token_boundary(rng, &toks, len);
                    b.splice(at..at, number.bytes());
                    format!("insert number {number} at {at}")
                }
            }
        }
        6 => {
            let n = *rng.pick(&[
                80, 127, 128, 255, 256, 257, 512, 1024, 4096, 65_536, 300_000,
            ]);
            let fill = *rng.pick(b"aZ .#-");
            let body = vec![fill; n];
            match pick_token(rng, &toks, &[Tk::Str]) {
                Some((s, e)) if rng.chance(85) && e - s >= 2 => {
                    b.splice(s + 1..e - 1, body);
                    format!("string at {s} := {n} × {:?}", fill as char)
                }
                _ => {
                    let at = token_boundary(rng, &toks, len);
                    let mut s = vec![b'"'];
                    s.extend(body);
                    s.push(b'"');
                    b.splice(at..at, s);
                    format!("insert a string of {n} × {:?} at {at}", fill as char)
                }
            }
        }
        7 => {
            let (open, close) = *rng.pick(set.nesting());
            let n = *rng.pick(&[2usize, 8, 30, 50, 100, 200, 1000, 10_000]);
            if open.ends_with('\n') {
                let starts = line_starts(b);
                let first = rng.below(starts.len());
                let last = (first + rng.below(10)).min(starts.len() - 1);
                let (s, e) = (starts[first], line_end(b, starts[last]));
                if rng.chance(75) {
                    let mut tail = b"\n".to_vec();
                    tail.extend(close.repeat(n).bytes());
                    b.splice(e..e, tail);
                }
                b.splice(s..s, open.repeat(n).bytes());
                format!("nest lines {first}..={last} in {n} × {open:?}")
            } else {
                match pick_token(rng, &toks, NON_SPACE) {
                    Some((s, e)) if rng.chance(75) => {
                        b.splice(e..e, close.repeat(n).bytes());
                        b.splice(s..s, open.repeat(n).bytes());
                        format!("wrap token at {s} in {n} × {open:?}")
                    }
                    _ => {
                        let at = token_boundary(rng, &toks, len);
                        b.splice(at..at, open.repeat(n).bytes());
                        format!("insert {n} × {open:?} at {at}")
                    }
                }
            }
        }
        8 => {
            let at = match pick_token(rng, &toks, &[Tk::Str]) {
                Some((s, e)) if rng.chance(50) => s + 1 + rng.below(e - s - 1),
                _ => rng.below(len + 1),
            };
            b.insert(at, 0);
            format!("insert NUL at {at}")
        }
        9 => {
            if rng.chance(50) {
                let mut out = Vec::with_capacity(b.len() + b.len() / 20);
                for &c in b.iter() {
                    if c == b'\n' {
                        out.push(b'\r');
                    }
                    out.push(c);
                }
                *b = out;
                "every line end CRLF".into()
            } else {
                let starts = line_starts(b);
                let at = line_end(b, starts[rng.below(starts.len())]);
                b.insert(at, b'\r');
                format!("CR before the line end at {at}")
            }
        }
        10 => {
            let at = match pick_token(rng, &toks, &[Tk::Str]) {
                Some((s, e)) if rng.chance(70) => s + 1 + rng.below(e - s - 1),
                _ => rng.below(len + 1),
            };
            b.insert(at, 0xE9);
            format!("insert 0xE9 at {at}")
        }
        11 => match pick_token(rng, &toks, &[Tk::Space]) {
            Some((s, e)) if rng.chance(70) => {
                let tabs: &[u8] = rng.pick::<&[u8]>(&[b"\t", b"\t\t", b" \t", b"\t "]);
                b.splice(s..e, tabs.iter().copied());
                format!("space at {s} := tab")
            }
            _ => {
                let at = token_boundary(rng, &toks, len);
                b.insert(at, b'\t');
                format!("insert tab at {at}")
            }
        },
        12 => {
            let starts = line_starts(b);
            let start = starts[rng.below(starts.len())];
            let end = line_end(b, start);
            let n = 250 + rng.below(800);
            match rng.below(3) {
                0 => {
                    let pad: Vec<u8> = (0..n).map(|_| *rng.pick(b" \t")).collect();
                    b.splice(end..end, pad);
                    format!("{n} trailing blanks on the line at {start}")
                }
                1 => {
                    let mut line = b"#".to_vec();
                    line.extend(std::iter::repeat_n(b'x', n));
                    line.push(b'\n');
                    b.splice(start..start, line);
                    format!("a comment of {n} bytes before the line at {start}")
                }
                _ => {
                    let last = if end > start { b[end - 1] } else { b'.' };
                    let last = if last == b'\r' { b'.' } else { last };
                    b.splice(end..end, std::iter::repeat_n(last, n));
                    format!("line at {start} longer by {n} × {:?}", last as char)
                }
            }
        }
        13 => {
            while b.last().is_some_and(|&c| c == b'\n' || c == b'\r') {
                b.pop();
            }
            "no final newline".into()
        }
        14 => {
            let starts = line_starts(b);
            let i = rng.below(starts.len());
            let (s, e) = (starts[i], (line_end(b, starts[i]) + 1).min(b.len()));
            match rng.below(3) {
                0 => {
                    b.drain(s..e);
                    format!("delete line {i}")
                }
                1 => {
                    let mut line = b[s..e].to_vec();
                    if !line.ends_with(b"\n") {
                        line.push(b'\n');
                    }
                    let to = starts[rng.below(starts.len())];
                    b.splice(to..to, line);
                    format!("copy line {i} to {to}")
                }
                _ => {
                    let j = rng.below(starts.len());
                    let (s2, e2) = (starts[j], (line_end(b, starts[j]) + 1).min(b.len()));
                    if s2 == s || e == b.len() || e2 == b.len() {
                        return "no line swap".into();
                    }
                    let (a, c) = if s < s2 {
                        ((s, e), (s2, e2))
                    } else {
                        ((s2, e2), (s, e))
                    };
                    let (la, lc) = (b[a.0..a.1].to_vec(), b[c.0..c.1].to_vec());
                    b.splice(c.0..c.1, la);
                    b.splice(a.0..a.1, lc);
                    format!("swap lines {i} and {j}")
                }
            }
        }
        15 => {
            let word = rng.pick(set.words()).to_string();
            let at = token_boundary(rng, &toks, len);
            let spaced = if rng.chance(50) {
                format!(" {word} ")
            } else {
                word.clone()
            };
            b.splice(at..at, spaced.bytes());
            format!("insert {word:?} at {at}")
        }
        _ => {
            // A token of the file itself, elsewhere.
            match pick_token(rng, &toks, NON_SPACE) {
                Some((s, e)) => {
                    let t = b[s..e].to_vec();
                    let at = token_boundary(rng, &toks, len);
                    b.splice(at..at, t.clone());
                    format!("copy token {} to {at}", clip(&escape(&t), 40))
                }
                None => "no token to copy".into(),
            }
        }
    }
}
