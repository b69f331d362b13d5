//! SporkHack 0.7.0, a NetHack 3.4.3 game with an early opcode `lev_comp`,
//! from its identity file (`tests/data/games/sporkhack-0.7.0.game`,
//! written by `levbuild game` from its tree): its opcodes, value packing,
//! numbering and language are facts of its tree, and its corpus compiles
//! to what its own `lev_comp` and `dgn_comp` wrote, byte for byte.
//!
//! Not yet: `sokoban.des`, whose `FUNCTION` definitions and calls the 3.6
//! language does not read (`functions.des`, which SporkHack's build never
//! compiles, is left out as its Makefile leaves it out).

use crate::common;

use levbuild::des::{self, nh36};
use levbuild::{Game, Layout};

fn identity(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/games/{name}.game"))
}

/// SporkHack's game, from its identity file, and options that compile for
/// it (LP64, as its golden set was written).
fn sporkhack() -> (std::sync::Arc<Game>, des::Options) {
    let game = std::sync::Arc::new(Game::from_identity_file(&identity("sporkhack-0.7.0")).unwrap());
    let options = des::Options::for_game(game.clone()).with_layout(Layout::LP64);
    (game, options)
}

/// The files of its `dat/` that its build compiles and levbuild reads.
const NOT_COMPILED: [&str; 2] = ["functions.des", "sokoban.des"];

#[test]
fn sporkhack_is_its_trees_format_not_3_6_7s() {
    let (game, _) = sporkhack();
    let format = game.format();
    let program = format.program.as_ref().unwrap();
    // Its own opcodes: SPILL before TERRAIN, no MINERALIZE or MATH_SIGN.
    assert_eq!(program.opcode("SPILL"), Some(34));
    assert_eq!(program.opcode("TERRAIN"), Some(35));
    assert_eq!(program.opcode("MINERALIZE"), None);
    assert_eq!(program.opcode("SEL_GRADIENT"), None);
    assert_eq!(program.opcode("CONVERT_TYPE"), Some(77));
    // Values without 3.6.7's offset, random coordinates packed as (-1,-1).
    assert_eq!(program.value_offset, 0);
    assert_eq!(program.random_coord_flag, None);
    assert!(program.int_varargs && !program.room_flags_from_alignment);
    assert_eq!(program.region_default_flags, 0);
    assert!(!program.region_unfilled_offset);
    let n = &format.numbering;
    assert_eq!(
        n.level_flags
            .iter()
            .find(|(w, _)| &**w == "mazelevel")
            .map(|f| f.1),
        Some(0x80)
    );
    assert_eq!(n.room_type("shop"), Some(17));
    assert_eq!(n.trap("magic beam"), Some(25));
    let rules = &format.level_rules;
    assert!(rules.keyword_chance && rules.wallify_region && rules.line_dash);
    assert!(!rules.chance_statement);
    assert_eq!(rules.switch_break_limit, 20);
    assert!(rules.room_flags_once);
    assert!(!rules.dash_in_words && rules.digits_in_variables);
    assert!(rules.switch_rn2_always && rules.break_past_pop && !rules.vault_min_depth);
    assert!(format.dungeon_rules.percent_conditionals);
    assert_eq!(
        (game.monsters().count(), game.objects().count()),
        (395, 476)
    );
}

#[test]
fn sporkhack_levels_match_its_own_lev_comp() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let (game, options) = sporkhack();
    let golden = shared.join("golden/sporkhack-0.7.0");
    let levels = common::golden_36_levels(&shared, "sporkhack-0.7.0", &options, &NOT_COMPILED);
    assert_eq!(levels, 154);
    // Listed with its own numbers: no offset on a monster's index.
    let want = std::fs::read(golden.join("oracle.lev")).unwrap();
    let listing = nh36::decode(&want, "oracle", &game, Layout::LP64)
        .unwrap()
        .display(&game)
        .to_string();
    assert!(
        listing.contains("PUSH monster class '@' index 282  (Oracle)"),
        "{listing}"
    );
}

/// A build of SporkHack's corpus from its identity file, with no tree and
/// no C compiler, writes its golden outputs but sokoban's: 154 levels,
/// `vaults.dat` (`FREQUENCY NAME` lines) and `dungeon` (its `%REINCARNATION`
/// line kept, as its makedefs -e keeps it).
#[test]
fn sporkhack_builds_its_golden_set_from_its_identity_file() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let tmp = common::TempDir::new("sporkhack");
    let out = tmp.path().join("out");
    let mut b = levbuild::Build::new();
    b.source_dir(shared.join("corpus/sporkhack-0.7.0/dat"))
        .out_dir(&out)
        .game(levbuild::GameSource::identity_file(identity(
            "sporkhack-0.7.0",
        )))
        .cargo_directives(false)
        .allow("dungeon-missing-level");
    for name in NOT_COMPILED {
        b.exclude(name);
    }
    let report = b.try_compile().unwrap();
    assert_eq!((report.levels, report.dungeons), (154, 1));
    assert_eq!(
        common::golden_matches(&shared, "sporkhack-0.7.0", &out),
        (156, 164)
    );
    let vaults = std::fs::read_to_string(out.join("vaults.dat")).unwrap();
    assert!(
        vaults.starts_with("1000 vlt-0000\n1 vlt-0001\n"),
        "{vaults}"
    );
}

/// The i686 header of its identity file: a level written for ILP32 starts
/// with it, and stores a register's `-1` as the same four bytes.
#[test]
fn sporkhack_levels_have_their_ilp32_header() {
    let (game, mut options) = sporkhack();
    options.layout = Layout::ILP32;
    let src = "LEVEL:\"t\"\nROOM:\"ordinary\",lit,(3,3),(center,center),(5,5) {\n\
               SUBROOM:\"ordinary\",lit,(1,1),(2,2) {\n}\n}\nRANDOM_CORRIDORS\n";
    let file = nh36::compile_with(src, "t.des", &options).unwrap_or_else(|d| panic!("{d}"));
    let bytes = &file.levels[0].bytes;
    let words = game.version_info(Layout::ILP32).unwrap();
    assert_eq!(
        u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as u64,
        words[3]
    );
    let back = nh36::decode(bytes, "t", &game, Layout::ILP32).unwrap();
    let listing = back.display(&game).to_string();
    assert!(!listing.contains("4294967295"), "{listing}");
}

/// Opt-in (`LEVBUILD_TREES`): SporkHack's own tree builds the same
/// outputs, `functions.des` left out as its Makefile leaves it out.
#[test]
fn sporkhacks_tree_builds_its_golden_set() {
    let (Some(shared), Some(tree)) = (common::shared_dir(), common::real_tree("sporkhack-0.7.0"))
    else {
        return;
    };
    let tmp = common::TempDir::new("sporkhack-tree");
    let out = tmp.path().join("out");
    let mut b = levbuild::Build::new();
    b.game(levbuild::GameSource::tree(&tree))
        .source_dir(tree.join("dat"))
        .out_dir(&out)
        .cargo_directives(false)
        .allow("dungeon-missing-level")
        .exclude("sokoban.des");
    let report = b.try_compile().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((report.levels, report.dungeons), (154, 1));
    assert_eq!(
        common::golden_matches(&shared, "sporkhack-0.7.0", &out),
        (156, 164)
    );
}

/// Generated files using SporkHack's extensions (`common::genspork`)
/// compile and decode back to their programs.
#[test]
fn generated_sporkhack_files_compile_and_round_trip() {
    let (game, options) = sporkhack();
    let words = [
        "MONSTER[",
        "OBJECT[",
        "TRAP[",
        "TERRAIN[",
        "CONTAINER[",
        "MON_GENERATION:",
        "SPILL:",
        "noflip",
        "stormy",
        "rndvault",
        "VAULTGEN:",
        "line (",
        ")-random",
        "fillrect",
        "WALLIFY:(",
        "unfilled",
        "SWITCH [1d",
        "$sel0",
        "$sel1 = $sel0",
        "WALLWALK:",
        "RANDOM_CORRIDORS:-1",
        "MONSTER:$m",
        "GOLD:$n",
        "  BREAK\n",
        "TOPOLOGIZE:",
        "FOR $i0 = ",
        "('\\\\',",
    ];
    common::generated_36_round_trip(
        &options,
        |s| common::genspork::des_file(s, &game),
        &words,
        100,
    );
}

/// Opt-in: the same files compiled by SporkHack's own `lev_comp`, built
/// outside the repository (`LEVBUILD_REF_LEV_COMP_SPORKHACK`): both accept
/// or refuse alike, write the same bytes, and list the same random vaults
/// in `vaults.dat`.
#[test]
fn generated_sporkhack_files_match_sporkhacks_lev_comp() {
    let (game, options) = sporkhack();
    common::generated_differential_36(
        "SporkHack",
        "LEVBUILD_REF_LEV_COMP_SPORKHACK",
        &options,
        |seed| common::genspork::des_file(seed, &game),
    );
}

/// An identity file without the lines of the early opcode format has
/// NetHack 3.6.7's packing and rules: a fact's line is written only where
/// a game differs from its family's reference game.
#[test]
fn identity_lines_of_the_early_format_default_to_3_6_7s() {
    let text = std::fs::read_to_string(identity("sporkhack-0.7.0")).unwrap();
    let new_keys = [
        "value-offset",
        "random-coord-flag",
        "int-varargs",
        "room-flags-from-alignment",
        "region-default-flags",
        "region-unfilled-offset",
        "level-init",
        "filling-word",
        "keyword-chance",
        "chance-statement",
        "wallify-region",
        "dash-in-words",
        "digits-in-variables",
        "line-dash",
        "switch-rn2-always",
        "break-past-pop",
        "vault-min-depth",
        "percent-check",
        "vault-kept-by-level",
        "for-integer-bounds",
        "var-copy-by-name",
        "lexer-word",
        "break-in-case-only",
        "switch-break-limit",
        "room-flags-once",
        "replace-terrain-clamped",
        "constant-amounts",
    ];
    let older: String = (text.lines())
        .filter(|l| !new_keys.iter().any(|k| l.starts_with(&format!("{k} "))))
        .map(|l| format!("{l}\n"))
        .collect();
    let game = Game::from_identity(&common::hand_edited(&older)).unwrap();
    let (older, vanilla) = (game.format(), levbuild::RecordFormat::nethack_367());
    let (p, v) = (
        older.program.as_ref().unwrap(),
        vanilla.program.as_ref().unwrap(),
    );
    assert_eq!(
        (p.value_offset, p.random_coord_flag, p.int_varargs),
        (v.value_offset, v.random_coord_flag, v.int_varargs)
    );
    assert_eq!(
        (
            p.room_flags_from_alignment,
            p.region_default_flags,
            p.region_unfilled_offset
        ),
        (true, 1, true)
    );
    assert_eq!(
        (&p.level_inits, &p.filling_words),
        (&v.level_inits, &v.filling_words)
    );
    assert_eq!(older.level_rules, vanilla.level_rules);
}

/// A chance after a statement's keyword is a conditional of its own to
/// SporkHack's `lev_comp`, which names it in its words past twenty.
#[test]
fn a_keyword_chance_past_twenty_conditionals_is_a_comparison_nested_too_deeply() {
    let (_, options) = sporkhack();
    let source = |ifs: usize| {
        format!(
            "LEVEL:\"t\"\nROOM:\"ordinary\",lit,(3,3),(center,center),(5,5) {{\n{}\
             MONSTER[50%]:\"newt\",random\n{}}}\nRANDOM_CORRIDORS\n",
            "IF [50%] {\n".repeat(ifs),
            "}\n".repeat(ifs)
        )
    };
    nh36::compile_with(&source(19), "t.des", &options).unwrap_or_else(|d| panic!("{d}"));
    let err = nh36::compile_with(&source(20), "t.des", &options).unwrap_err();
    let errors: Vec<_> = err.errors().map(|e| e.message.clone()).collect();
    assert_eq!(errors, ["Comparison: Too deeply nested IFs."], "{err}");
}

/// SporkHack's chances follow a keyword only: its `lev_comp` refuses
/// 3.6.7's chance statement (`[50%]: MONSTER: …`), and so does levbuild
/// for it, in one error where the statement starts.
#[test]
fn a_chance_statement_is_not_sporkhacks() {
    let (_, options) = sporkhack();
    let source = "LEVEL:\"t\"\nROOM:\"ordinary\",lit,(3,3),(center,center),(5,5) {\n\
                  [50%]: MONSTER:\"newt\",random\n}\nRANDOM_CORRIDORS\n";
    let err = nh36::compile_with(source, "t.des", &options).unwrap_err();
    let errors: Vec<_> = err.errors().map(|e| (e.line, e.message.clone())).collect();
    assert_eq!(errors, [(3, "syntax error".to_string())], "{err}");
    assert!(err.to_string().contains("expected a statement"), "{err}");
    let keyword_chance = source.replace("[50%]: MONSTER:", "MONSTER[50%]:");
    nh36::compile_with(&keyword_chance, "t.des", &options).unwrap_or_else(|d| panic!("{d}"));
    let vanilla = des::Options::for_game(Game::nethack_367()).with_layout(Layout::LP64);
    nh36::compile_with(source, "t.des", &vanilla).unwrap_or_else(|d| panic!("{d}"));
}

/// SporkHack's `lev_comp` keeps a `SWITCH`'s `BREAK`s in a list of 20
/// (`MAX_SWITCH_BREAKS`): a twenty-first is its error (past it, it writes
/// beyond the list and crashes), where 3.6.7 takes any number.
#[test]
fn a_switch_holds_twenty_breaks() {
    let (_, options) = sporkhack();
    let source = |breaks: usize| {
        format!(
            "LEVEL:\"t\"\nROOM:\"ordinary\",lit,(3,3),(center,center),(5,5) {{\n\
             SWITCH [3] {{\nCASE 1:\n{}}}\n}}\nRANDOM_CORRIDORS\n",
            "  BREAK\n".repeat(breaks)
        )
    };
    nh36::compile_with(&source(20), "t.des", &options).unwrap_or_else(|d| panic!("{d}"));
    let err = nh36::compile_with(&source(22), "t.des", &options).unwrap_err();
    let errors: Vec<_> = err.errors().map(|e| (e.line, e.message.clone())).collect();
    let too_many = "Too many BREAKs inside single SWITCH".to_string();
    assert_eq!(errors, [(25, too_many.clone()), (26, too_many)], "{err}");
    let vanilla = des::Options::for_game(Game::nethack_367()).with_layout(Layout::LP64);
    nh36::compile_with(&source(30), "t.des", &vanilla).unwrap_or_else(|d| panic!("{d}"));
}

/// SporkHack's `lev_comp` refuses a room's flag given again ("Room flag
/// defined twice."), by its bits: its `unfilled` is the filled bit and
/// its `filled` none, so `filled, filled` passes and `unfilled, unfilled`
/// does not. 3.6.7 takes either.
#[test]
fn a_room_flag_given_twice_is_sporkhacks_error() {
    let (_, options) = sporkhack();
    let vanilla = des::Options::for_game(Game::nethack_367()).with_layout(Layout::LP64);
    let source = |flags: &str| {
        format!(
            "LEVEL:\"t\"\nROOM:\"ordinary\",lit,(3,3),(center,center),(9,9){flags} {{\n\
             SUBROOM:\"ordinary\",lit,(1,1),(2,2) {{\n}}\n}}\n\
             REGION:(1,1,3,3),lit,\"ordinary\"\nRANDOM_CORRIDORS\n"
        )
    };
    for flags in [",filled,filled", ",irregular,unfilled", ""] {
        nh36::compile_with(&source(flags), "t.des", &options).unwrap_or_else(|d| panic!("{d}"));
    }
    for flags in [",unfilled,unfilled", ",irregular,filled,irregular"] {
        let err = nh36::compile_with(&source(flags), "t.des", &options).unwrap_err();
        let errors: Vec<_> = err.errors().map(|e| e.message.clone()).collect();
        assert_eq!(errors, ["Room flag defined twice."], "{flags}: {err}");
        nh36::compile_with(&source(flags), "t.des", &vanilla).unwrap_or_else(|d| panic!("{d}"));
    }
}
