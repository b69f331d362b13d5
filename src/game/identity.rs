//! Identity files: a [`Game`] as one text file, so that a build, a test
//! or a game reading its own blobs at run time needs neither the game's C
//! tree nor a C compiler.
//!
//! The format, one fact a line (`#` starts a comment line):
//!
//! ```text
//! levbuild-game 1
//! name "grunthack-0.2.2"
//! version "0.2.2"
//! dialect 3.4.3
//! header-origin "include/date.h"
//! header any 0x20200 0x3e0c46 0x211bb16c 0xb8f34d70
//! feature REINCARNATION defined
//! monster-class 'a'
//! object-class ')'
//! monster 'a' "giant ant"
//! object ')' "arrow"
//! ```
//!
//! The record format follows (see [`RecordFormat`]): the type of the
//! header words, the members records have beyond NetHack 3.4.3's, the
//! lists only some games have, the coordinate `random` is stored as, the
//! dungeon records' members, `dgn_comp`'s limits, and the numbering of
//! terrain, map characters (with the warning `lev_comp` gives reading one,
//! if any, and the characters its lexer lets into a `MAP` row), room
//! types, traps, level flags, object flags and engraving types:
//!
//! ```text
//! header-word long
//! member door "arti_key" short
//! list random-regions
//! random-coordinate -12
//! dungeon-members flags chance levels branches
//! branch-members chain type up entry_lev
//! limit dungeons 32
//! terrain 30 "TOILET"
//! map-char 'Z' 30
//! map-char-warning 'K' "Sinks are not allowed in this version!  Ignoring..."
//! map-row-chars " #+-.0123456789ABCFHIKLPSTWZ\\{|}"
//! room-type "black market" 34
//! trap "hole" 13
//! level-flag "spooky" 0x20
//! object-flag "o_lit" 0x1
//! engraving "scrawl" 5
//! artifact "The Key of Chaos"
//! ```
//!
//! and where they are not NetHack 3.4.3's (AceHack's): `list
//! room-ladders`, `limit branches 100`, `curse-state "identified" 4`,
//! `level-region "LR_UPLADDER" 7`; FIQHack's `light-state "mineslight" 2`,
//! `hallucination-messages yes` (a hallucination message after each
//! level's message), `map-size 79 21` (`COLNO`, `ROWNO`),
//! `level-region-min-x 0`, `empty-level-regions yes` (`levregion()`) and
//! `room-position-error "…"`.
//!
//! Then the checks its `lev_comp` and `dgn_comp` make differently
//! (`dungeon-default-chance`, `dungeon-reverse-branch-check`,
//! `dungeon-depth-check`, `dungeon-name-length-check`, `joined-foreground`, `room-positions`,
//! `named-objects`, `named-monsters`, `ordinary-room-chance`,
//! `sanity-flags`) and the artifact and god names its levels look up
//! (`artifact "…"`, `god "…"`, in table order). A numbering or rule with
//! no line of its kind is NetHack 3.4.3's (a version 1 file has none: its
//! game has 3.4.3's records).
//!
//! A 3.6-family game's opcode program format follows its numbering
//! (`opcode`, `monster-property`, `object-property`, `door-material`,
//! `region-pack int`), and, only where they are not NetHack 3.6.7's (a
//! file without them has 3.6.7's), its value packing and the rules of its
//! `lev_comp` (the early opcode games, SporkHack's and UnNetHack's):
//!
//! ```text
//! value-offset 0
//! random-coord packed
//! int-varargs yes
//! room-flags from-flags
//! region-default-flags 0
//! region-unfilled plain
//! level-init "SHEOL" 4
//! filling-word "unfilled" 1
//! dungeon-conditionals yes
//! keyword-chance yes
//! wallify-region yes
//! dash-in-words no
//! digits-in-variables yes
//! line-dash yes
//! switch-rn2-always yes
//! break-past-pop yes
//! vault-min-depth no
//! percent-check no
//! vault-kept-by-level yes
//! for-integer-bounds yes
//! var-copy-by-name yes
//! break-in-case-only yes
//! replace-terrain-clamped yes
//! constant-amounts yes
//! lexer-word "MESSAGE"
//! ```
//!
//! `header` is followed by the data model its words are for (`lp64`,
//! `ilp32`, `llp64`) or `any` (a `date.h`: the words the game was built
//! with, whatever the target). Class symbols are written `'c'`, strings
//! `"…"`; both escape `\`, quotes and bytes outside printable ASCII as
//! `\xNN` (and strings `\"`, `\\`). Monsters and objects are listed in table
//! order: their position is the id a `.lev` stores.

use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};

use super::format::{
    CType, CoreFunction, CoreMethod, DungeonMember, DungeonRules, ExtraMember, GrammarForm, Limits,
    Numbering, ProgramFormat, RecordFormat, RecordKind,
};
use super::{model_name, Game, Header};
use crate::des::Dialect;
use crate::dungeon::Features;
use crate::layout::DataModel;

/// The first line of every identity file: the format and its version.
const MAGIC: &str = "levbuild-game";
/// The format version this levbuild writes (it also reads version 1,
/// whose games have NetHack 3.4.3's records).
const FORMAT: u32 = 4;

/// Why an identity file could not be read: the file, the line and what is
/// wrong with it.
#[derive(Debug)]
pub struct IdentityError {
    path: Option<PathBuf>,
    line: usize,
    message: String,
    source: Option<std::io::Error>,
}

impl IdentityError {
    fn at(line: usize, message: impl Into<String>) -> IdentityError {
        IdentityError {
            path: None,
            line,
            message: message.into(),
            source: None,
        }
    }

    /// The identity file, when the text was read from one.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The 1-based line the problem is on (0 for the file as a whole).
    pub fn line(&self) -> usize {
        self.line
    }
}

impl fmt::Display for IdentityError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("identity file ")?;
        if let Some(path) = &self.path {
            write!(f, "{}", path.display())?;
        }
        if self.line > 0 {
            write!(f, ":{}", self.line)?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for IdentityError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_ref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

impl Game {
    /// The identity file text of this game (the format is in the README,
    /// "Identity files"): stable, diffable, and read back by
    /// [`Game::from_identity`] into an equal game.
    pub fn to_identity(&self) -> String {
        let mut out = String::new();
        // `write!` into a String cannot fail.
        let _ = writeln!(
            out,
            "# The identity of {} {}, as levbuild's compilers see it.\n\
             # Written by `levbuild game`; read with `--game FILE` or Build::game_file.",
            self.name, self.version
        );
        let _ = writeln!(out, "{MAGIC} {FORMAT}");
        let _ = writeln!(out, "name {}", quoted(&self.name));
        let _ = writeln!(out, "version {}", quoted(&self.version));
        let _ = writeln!(out, "dialect {}", self.dialect.as_str());
        let _ = writeln!(out, "header-origin {}", quoted(&self.header.origin));
        for (model, words) in &self.header.words {
            let _ = write!(out, "header {}", model.map_or("any", model_name));
            for w in words {
                let _ = write!(out, " {w:#x}");
            }
            out.push('\n');
        }
        for (name, on) in self.features.iter() {
            let state = if on { "defined" } else { "undefined" };
            let _ = writeln!(out, "feature {name} {state}");
        }
        for c in &self.monster_classes {
            let _ = writeln!(out, "monster-class {}", symbol(*c));
        }
        for c in &self.object_classes {
            let _ = writeln!(out, "object-class {}", symbol(*c));
        }
        for (name, class) in &self.monsters {
            let _ = writeln!(out, "monster {} {}", symbol(*class), quoted(name));
        }
        for (name, class) in &self.objects {
            let _ = writeln!(out, "object {} {}", symbol(*class), quoted(name));
        }
        write_format(&mut out, &self.format);
        let _ = writeln!(out, "{CHECKSUM} {}", checksum(&out));
        out
    }

    /// The game an identity file's text describes (what
    /// [`Game::to_identity`] writes).
    ///
    /// # Errors
    ///
    /// Any line that is not one of the format's, a missing or repeated
    /// fact, a format version this levbuild does not read: each names the
    /// line.
    pub fn from_identity(text: &str) -> Result<Game, IdentityError> {
        parse(text)
    }

    /// [`Game::from_identity`] of the file at `path`; the game's
    /// [`Game::tree_files`] is that file.
    ///
    /// # Errors
    ///
    /// The file cannot be read, or is not an identity file (the error
    /// names its line).
    pub fn from_identity_file(path: &Path) -> Result<Game, IdentityError> {
        let with_path = |mut e: IdentityError| {
            e.path = Some(path.to_path_buf());
            e
        };
        let bytes = std::fs::read(path).map_err(|e| {
            with_path(IdentityError {
                path: None,
                line: 0,
                message: format!("cannot be read: {e}"),
                source: Some(e),
            })
        })?;
        let text = std::str::from_utf8(&bytes).map_err(|e| {
            let line = 1 + bytes[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            with_path(IdentityError::at(line, "not UTF-8 text"))
        })?;
        let mut game = parse(text).map_err(with_path)?;
        game.tree_files = vec![path.to_path_buf()];
        Ok(game)
    }
}

/// The record format's lines.
fn write_format(out: &mut String, f: &RecordFormat) {
    let _ = writeln!(out, "header-word {}", f.header_word);
    for m in &f.extra_members {
        let _ = writeln!(
            out,
            "member {} {} {}",
            m.record.as_str(),
            quoted(&m.name),
            m.ctype
        );
    }
    for (on, name) in [
        (f.forges, "forges"),
        (f.random_regions, "random-regions"),
        (f.place_sets, "place-sets"),
        (f.room_ladders, "room-ladders"),
    ] {
        if on {
            let _ = writeln!(out, "list {name}");
        }
    }
    let _ = writeln!(out, "random-coordinate {}", f.random_coordinate);
    for (key, members) in [
        ("dungeon-members", &f.dungeon_members),
        ("branch-members", &f.branch_members),
    ] {
        let names: Vec<&str> = members.iter().map(|m| m.as_str()).collect();
        let _ = writeln!(out, "{key} {}", names.join(" "));
    }
    let r = f.dungeon_rules;
    let _ = writeln!(out, "dungeon-default-chance {}", r.default_chance);
    let yes = |on: bool| if on { "yes" } else { "no" };
    let _ = writeln!(
        out,
        "dungeon-reverse-branch-check {}",
        yes(r.reverse_branch_check)
    );
    let _ = writeln!(out, "dungeon-depth-check {}", yes(r.depth_check));
    // Only where it is not the family's (a file without it has that).
    if r.percent_conditionals != f.program.is_none() {
        let _ = writeln!(out, "dungeon-conditionals {}", yes(r.percent_conditionals));
    }
    let _ = writeln!(
        out,
        "dungeon-name-length-check {}",
        yes(r.name_length_checks)
    );
    let lr = &f.level_rules;
    for t in &lr.joined_foregrounds {
        let _ = writeln!(out, "joined-foreground {t}");
    }
    let (min, max_x, max_y) = lr.room_positions;
    let _ = writeln!(out, "room-positions {min} {max_x} {max_y}");
    let _ = writeln!(out, "named-objects {}", yes(lr.named_objects));
    let _ = writeln!(out, "named-monsters {}", yes(lr.named_monsters));
    let _ = writeln!(out, "ordinary-room-chance {}", yes(lr.ordinary_room_chance));
    let _ = writeln!(out, "sanity-flags {}", yes(lr.sanity_flags));
    // Written where they are not NetHack 3.4.3's (a file without them has
    // 3.4.3's, or for the error the one its bounds give): FIQHack's.
    if *lr.room_position_error
        != *super::format::LevelRules::room_position_error_of(lr.room_positions)
    {
        let _ = writeln!(
            out,
            "room-position-error {}",
            quoted(&lr.room_position_error)
        );
    }
    let vanilla = super::format::LevelRules::nethack_343();
    if lr.map_size != vanilla.map_size {
        let _ = writeln!(out, "map-size {} {}", lr.map_size.0, lr.map_size.1);
    }
    if lr.level_region_min_x != vanilla.level_region_min_x {
        let _ = writeln!(out, "level-region-min-x {}", lr.level_region_min_x);
    }
    if lr.empty_level_regions {
        let _ = writeln!(out, "empty-level-regions yes");
    }
    if f.hallucination_messages {
        let _ = writeln!(out, "hallucination-messages yes");
    }
    // Only where it is so (a file without the line has none).
    if lr.keyword_chance {
        let _ = writeln!(out, "keyword-chance yes");
    }
    if lr.wallify_region {
        let _ = writeln!(out, "wallify-region yes");
    }
    // 3.6.7's lexer is what a file without these lines has.
    if !lr.dash_in_words {
        let _ = writeln!(out, "dash-in-words no");
    }
    if lr.digits_in_variables {
        let _ = writeln!(out, "digits-in-variables yes");
    }
    if lr.line_dash {
        let _ = writeln!(out, "line-dash yes");
    }
    if lr.switch_rn2_always {
        let _ = writeln!(out, "switch-rn2-always yes");
    }
    if lr.break_past_pop {
        let _ = writeln!(out, "break-past-pop yes");
    }
    if !lr.vault_min_depth {
        let _ = writeln!(out, "vault-min-depth no");
    }
    if !lr.percent_checked {
        let _ = writeln!(out, "percent-check no");
    }
    if lr.vault_kept_by_level {
        let _ = writeln!(out, "vault-kept-by-level yes");
    }
    if lr.for_integer_bounds {
        let _ = writeln!(out, "for-integer-bounds yes");
    }
    if lr.var_copy_by_name {
        let _ = writeln!(out, "var-copy-by-name yes");
    }
    if lr.break_in_case_only {
        let _ = writeln!(out, "break-in-case-only yes");
    }
    if lr.replace_terrain_clamped {
        let _ = writeln!(out, "replace-terrain-clamped yes");
    }
    if lr.constant_amounts {
        let _ = writeln!(out, "constant-amounts yes");
    }
    for word in lr.lexer_words.iter().flatten() {
        let _ = writeln!(out, "lexer-word {}", quoted(word));
    }
    let l = f.limits;
    let _ = writeln!(out, "limit dungeons {}", l.dungeons);
    let _ = writeln!(out, "limit special-levels {}", l.special_levels);
    let _ = writeln!(out, "limit depth {}", l.depth);
    // A file without the line (every game's but SLASH'EM Extended's) has
    // NetHack 3.4.3's.
    if l.branches != Limits::NETHACK_343.branches {
        let _ = writeln!(out, "limit branches {}", l.branches);
    }
    let n = &f.numbering;
    for (i, name) in n.terrain.iter().enumerate() {
        let _ = writeln!(out, "terrain {i} {}", quoted(name));
    }
    for (c, t) in &n.map_chars {
        let _ = writeln!(out, "map-char {} {t}", symbol(*c));
    }
    for (c, warning) in &n.map_char_warnings {
        let _ = writeln!(out, "map-char-warning {} {}", symbol(*c), quoted(warning));
    }
    let row: String = n.map_row_chars.iter().map(|&c| char::from(c)).collect();
    let _ = writeln!(out, "map-row-chars {}", quoted(&row));
    for (key, table) in [
        ("room-type", &n.room_types),
        ("trap", &n.traps),
        ("engraving", &n.engravings),
    ] {
        for (word, v) in table {
            let _ = writeln!(out, "{key} {} {v}", quoted(word));
        }
    }
    for (word, bit) in &n.level_flags {
        let _ = writeln!(out, "level-flag {} {bit:#x}", quoted(word));
    }
    for (word, bit) in &n.object_flags {
        let _ = writeln!(out, "object-flag {} {bit:#x}", quoted(word));
    }
    // Written where they are not NetHack 3.4.3's (a file without them has
    // 3.4.3's): AceHack's `identified` and ladder regions, FIQHack's
    // `mineslight`.
    let vanilla = Numbering::nethack_343();
    for (key, table, theirs) in [
        ("curse-state", &n.curse_states, &vanilla.curse_states),
        ("light-state", &n.light_states, &vanilla.light_states),
        ("level-region", &n.level_regions, &vanilla.level_regions),
    ] {
        if table != theirs {
            for (word, v) in table {
                let _ = writeln!(out, "{key} {} {v}", quoted(word));
            }
        }
    }
    for name in &n.artifacts {
        let _ = writeln!(out, "artifact {}", quoted(name));
    }
    for name in &n.gods {
        let _ = writeln!(out, "god {}", quoted(name));
    }
    for (name, i) in &n.monster_female_names {
        let _ = writeln!(out, "monster-female-name {i} {}", quoted(name));
    }
    // A game whose descriptors are NetHack 3.4.3's has no lines of them.
    let vanilla = super::format::DUNGEON_DESCRIPTORS_343;
    let same = n.dungeon_descriptors.len() == vanilla.len()
        && (n.dungeon_descriptors.iter().zip(vanilla))
            .all(|((w, v), (vw, vv))| &**w == *vw && v == vv);
    if !same {
        for (word, v) in &n.dungeon_descriptors {
            let _ = writeln!(out, "dungeon-descriptor {} {v}", quoted(word));
        }
    }
    if let Some(p) = &f.program {
        for (key, names) in [
            ("opcode", &p.opcodes),
            ("monster-property", &p.monster_properties),
            ("object-property", &p.object_properties),
        ] {
            for name in names {
                let _ = writeln!(out, "{key} {}", quoted(name));
            }
        }
        for (word, v) in &p.door_materials {
            let _ = writeln!(out, "door-material {} {v}", quoted(word));
        }
        if p.region_pack_int {
            let _ = writeln!(out, "region-pack int");
        }
        for form in &p.grammar {
            let _ = writeln!(out, "grammar {}", form.as_str());
        }
        for f in &p.core_functions {
            let returns = char::from(f.returns).to_string();
            let _ = writeln!(
                out,
                "core-function {} {} {} {}",
                quoted(&f.word),
                f.number,
                quoted(&f.params),
                quoted(&returns)
            );
        }
        for (word, v) in &p.sound_types {
            let _ = writeln!(out, "sound-type {} {v}", quoted(word));
        }
        for m in &p.core_methods {
            let _ = writeln!(
                out,
                "core-method {} {:#x} {} {:#x}",
                quoted(&m.word),
                m.on,
                m.number,
                m.returns
            );
        }
        // Value packing: lines only where it is not 3.6.7's (what a file
        // without them means).
        if p.value_offset != super::format::VALUE_OFFSET_367 {
            let _ = writeln!(out, "value-offset {}", p.value_offset);
        }
        match p.random_coord_flag {
            None => {
                let _ = writeln!(out, "random-coord packed");
            }
            Some(bit) if bit != super::format::COORD_RANDOM_367 => {
                let _ = writeln!(out, "random-coord flag {bit:#x}");
            }
            Some(_) => {}
        }
        if p.int_varargs {
            let _ = writeln!(out, "int-varargs yes");
        }
        if !p.room_flags_from_alignment {
            let _ = writeln!(out, "room-flags from-flags");
        }
        if p.region_default_flags != 1 {
            let _ = writeln!(out, "region-default-flags {}", p.region_default_flags);
        }
        if !p.region_unfilled_offset {
            let _ = writeln!(out, "region-unfilled plain");
        }
        let inits = super::format::LEVEL_INITS_367;
        let same = p.level_inits.len() == inits.len()
            && (p.level_inits.iter().zip(inits)).all(|((w, v), (vw, vv))| &**w == *vw && v == vv);
        if !same {
            for (name, v) in &p.level_inits {
                let _ = writeln!(out, "level-init {} {v}", quoted(name));
            }
        }
        let vanilla = super::format::FILLING_WORDS_367;
        let same = p.filling_words.len() == vanilla.len()
            && (p.filling_words.iter().zip(vanilla))
                .all(|((w, v), (vw, vv))| &**w == *vw && v == vv);
        if !same {
            for (word, v) in &p.filling_words {
                let _ = writeln!(out, "filling-word {} {v}", quoted(word));
            }
        }
    }
}

/// The record format's facts as they are read: each numbering list
/// replaces NetHack 3.4.3's when the file has a line of its kind.
#[derive(Default)]
struct FormatFacts {
    header_word: Option<CType>,
    extra_members: Vec<ExtraMember>,
    forges: bool,
    random_regions: bool,
    place_sets: bool,
    room_ladders: bool,
    random_coordinate: Option<i8>,
    dungeon_members: Option<Vec<DungeonMember>>,
    branch_members: Option<Vec<DungeonMember>>,
    limits: Option<Limits>,
    dungeon_rules: Option<DungeonRules>,
    /// `dungeon-conditionals` (without it, the family's makedefs).
    percent_conditionals: Option<bool>,
    joined_foregrounds: Option<Vec<i8>>,
    room_positions: Option<(i64, i64, i64)>,
    room_position_error: Option<Box<str>>,
    map_size: Option<(i64, i64)>,
    level_region_min_x: Option<i64>,
    empty_level_regions: Option<bool>,
    hallucination_messages: Option<bool>,
    named_objects: Option<bool>,
    terrain: Option<Vec<Box<str>>>,
    map_chars: Option<Vec<(u8, i8)>>,
    map_char_warnings: Vec<(u8, Box<str>)>,
    map_row_chars: Option<Vec<u8>>,
    room_types: Option<Vec<(Box<str>, i8)>>,
    traps: Option<Vec<(Box<str>, i8)>>,
    level_flags: Option<Vec<(Box<str>, i64)>>,
    object_flags: Vec<(Box<str>, i64)>,
    engravings: Option<Vec<(Box<str>, i8)>>,
    curse_states: Option<Vec<(Box<str>, i8)>>,
    light_states: Option<Vec<(Box<str>, i8)>>,
    level_regions: Option<Vec<(Box<str>, i8)>>,
    artifacts: Vec<Box<str>>,
    gods: Vec<Box<str>>,
    monster_female_names: Vec<(Box<str>, i16)>,
    named_monsters: Option<bool>,
    ordinary_room_chance: Option<bool>,
    sanity_flags: Option<bool>,
    keyword_chance: Option<bool>,
    wallify_region: Option<bool>,
    dash_in_words: Option<bool>,
    digits_in_variables: Option<bool>,
    line_dash: Option<bool>,
    switch_rn2_always: Option<bool>,
    break_past_pop: Option<bool>,
    vault_min_depth: Option<bool>,
    percent_checked: Option<bool>,
    vault_kept_by_level: Option<bool>,
    for_integer_bounds: Option<bool>,
    var_copy_by_name: Option<bool>,
    break_in_case_only: Option<bool>,
    replace_terrain_clamped: Option<bool>,
    constant_amounts: Option<bool>,
    lexer_words: Option<Vec<Box<str>>>,
    /// A 3.6-family game's opcode program format.
    program: Option<ProgramFormat>,
    /// A `filling-word` line was read (the first replaces 3.6.7's).
    filling_words_read: bool,
    /// A `level-init` line was read (the first replaces 3.6.7's).
    level_inits_read: bool,
    dungeon_descriptors: Option<Vec<(Box<str>, i32)>>,
}

impl FormatFacts {
    /// Reads line `key args` if it is a record-format line (`Ok(false)`
    /// if it is not one).
    fn read(&mut self, key: &str, args: &mut Args<'_>) -> Result<bool, IdentityError> {
        let n = args.line;
        match key {
            "header-word" => {
                let t = args.ctype()?;
                // `int` in the NetHack4 family (`unsigned int` words).
                if !matches!(t, CType::Int | CType::Long | CType::LongLong) {
                    return Err(args.error("a header word is `int`, `long` or `long-long`"));
                }
                set_once(&mut self.header_word, t, key, n)?;
            }
            "member" => {
                let record = args.word("a record (door, room_door, altar, monster, object)")?;
                let record = RecordKind::from_name(record).ok_or_else(|| {
                    args.error(format!(
                        "unknown record `{record}` (expected door, room_door, altar, monster \
                         or object)"
                    ))
                })?;
                let name = args.string("the member's C name")?;
                let ctype = args.ctype()?;
                if ctype == CType::LongLong {
                    return Err(args.error("a record member is char, short, int or long"));
                }
                self.extra_members.push(ExtraMember {
                    record,
                    name: name.into(),
                    ctype,
                });
            }
            "list" => {
                let slot =
                    match args.word("a list (forges, random-regions, place-sets, room-ladders)")? {
                        "forges" => &mut self.forges,
                        "random-regions" => &mut self.random_regions,
                        "place-sets" => &mut self.place_sets,
                        "room-ladders" => &mut self.room_ladders,
                        other => {
                            return Err(args.error(format!(
                                "unknown list `{other}` (expected forges, random-regions, \
                             place-sets or room-ladders)"
                            )))
                        }
                    };
                *slot = true;
            }
            "random-coordinate" => {
                let v = args.small("a coordinate")?;
                set_once(&mut self.random_coordinate, v, key, n)?;
            }
            "dungeon-members" | "branch-members" => {
                let mut members = Vec::new();
                while !args.rest.trim().is_empty() {
                    let word = args.word("a member")?;
                    members.push(DungeonMember::from_name(word).ok_or_else(|| {
                        args.error(format!("`{word}` is not a member dgn_comp writes"))
                    })?);
                }
                let slot = match key {
                    "dungeon-members" => &mut self.dungeon_members,
                    _ => &mut self.branch_members,
                };
                set_once(slot, members, key, n)?;
            }
            "dungeon-default-chance"
            | "dungeon-reverse-branch-check"
            | "dungeon-depth-check"
            | "dungeon-name-length-check"
            | "dungeon-conditionals" => {
                let rules = self.dungeon_rules.get_or_insert(DungeonRules::NETHACK_343);
                match key {
                    "dungeon-default-chance" => {
                        let v = args.number()?;
                        rules.default_chance = i32::try_from(v)
                            .map_err(|_| args.error(format!("chance {v} is out of range")))?;
                    }
                    "dungeon-reverse-branch-check" => rules.reverse_branch_check = args.yes_no()?,
                    "dungeon-name-length-check" => rules.name_length_checks = args.yes_no()?,
                    "dungeon-conditionals" => {
                        let on = args.yes_no()?;
                        set_once(&mut self.percent_conditionals, on, key, args.line)?;
                    }
                    _ => rules.depth_check = args.yes_no()?,
                }
            }
            "limit" => {
                let limits = self.limits.get_or_insert(Limits::NETHACK_343);
                let what = args.word("a limit (dungeons, special-levels, depth, branches)")?;
                let v = args.number()?;
                let v = usize::try_from(v)
                    .ok()
                    .filter(|&v| v <= 1 << 20)
                    .ok_or_else(|| args.error(format!("limit {v} is out of range")))?;
                match what {
                    "dungeons" => limits.dungeons = v,
                    "special-levels" => limits.special_levels = v,
                    "depth" => limits.depth = v as i64,
                    "branches" => limits.branches = v,
                    other => {
                        return Err(args.error(format!(
                            "unknown limit `{other}` (expected dungeons, special-levels, depth \
                             or branches)"
                        )))
                    }
                }
            }
            "terrain" => {
                let terrain = self.terrain.get_or_insert_with(Vec::new);
                let i = args.number()?;
                if i != terrain.len() as u64 {
                    return Err(args.error(format!(
                        "terrain {i} out of order (expected terrain {})",
                        terrain.len()
                    )));
                }
                terrain.push(args.string("the rm.h name")?.into());
            }
            "map-char" => {
                let c = args.symbol()?;
                let t = args.small("a terrain number")?;
                self.map_chars.get_or_insert_with(Vec::new).push((c, t));
            }
            "map-char-warning" => {
                let c = args.symbol()?;
                let warning = args.string("lev_comp's warning")?;
                self.map_char_warnings.push((c, warning.into()));
            }
            "map-row-chars" => {
                let chars = args.string("the characters of a MAP row")?;
                if !chars.is_ascii() {
                    return Err(args.error("the characters of a MAP row are ASCII"));
                }
                let chars = super::format::sorted_bytes(chars.bytes());
                set_once(&mut self.map_row_chars, chars, key, n)?;
            }
            "room-type" | "trap" | "engraving" | "curse-state" | "light-state" | "level-region" => {
                let word = args.string("its word")?;
                let v = args.small("its number")?;
                let slot = match key {
                    "room-type" => &mut self.room_types,
                    "trap" => &mut self.traps,
                    "curse-state" => &mut self.curse_states,
                    "light-state" => &mut self.light_states,
                    "level-region" => &mut self.level_regions,
                    _ => &mut self.engravings,
                };
                slot.get_or_insert_with(Vec::new).push((word.into(), v));
            }
            "artifact" => self.artifacts.push(args.string("an artifact name")?.into()),
            "god" => self.gods.push(args.string("a god's name")?.into()),
            "monster-female-name" => {
                let v = args.number()?;
                let i = i16::try_from(v)
                    .map_err(|_| args.error(format!("monster {v} is out of range")))?;
                let name = args.string("its female name")?;
                self.monster_female_names.push((name.into(), i));
            }
            "named-objects"
            | "named-monsters"
            | "ordinary-room-chance"
            | "sanity-flags"
            | "empty-level-regions"
            | "hallucination-messages"
            | "keyword-chance"
            | "wallify-region"
            | "dash-in-words"
            | "digits-in-variables"
            | "line-dash"
            | "switch-rn2-always"
            | "break-past-pop"
            | "vault-min-depth"
            | "percent-check"
            | "vault-kept-by-level"
            | "for-integer-bounds"
            | "var-copy-by-name"
            | "break-in-case-only"
            | "replace-terrain-clamped"
            | "constant-amounts" => {
                let on = args.yes_no()?;
                let slot = match key {
                    "constant-amounts" => &mut self.constant_amounts,
                    "replace-terrain-clamped" => &mut self.replace_terrain_clamped,
                    "break-in-case-only" => &mut self.break_in_case_only,
                    "var-copy-by-name" => &mut self.var_copy_by_name,
                    "for-integer-bounds" => &mut self.for_integer_bounds,
                    "vault-kept-by-level" => &mut self.vault_kept_by_level,
                    "percent-check" => &mut self.percent_checked,
                    "vault-min-depth" => &mut self.vault_min_depth,
                    "break-past-pop" => &mut self.break_past_pop,
                    "switch-rn2-always" => &mut self.switch_rn2_always,
                    "line-dash" => &mut self.line_dash,
                    "dash-in-words" => &mut self.dash_in_words,
                    "digits-in-variables" => &mut self.digits_in_variables,
                    "wallify-region" => &mut self.wallify_region,
                    "keyword-chance" => &mut self.keyword_chance,
                    "named-objects" => &mut self.named_objects,
                    "named-monsters" => &mut self.named_monsters,
                    "sanity-flags" => &mut self.sanity_flags,
                    "empty-level-regions" => &mut self.empty_level_regions,
                    "hallucination-messages" => &mut self.hallucination_messages,
                    _ => &mut self.ordinary_room_chance,
                };
                set_once(slot, on, key, args.line)?;
            }
            "joined-foreground" => {
                let t = args.small("a terrain number")?;
                self.joined_foregrounds.get_or_insert_with(Vec::new).push(t);
            }
            "room-positions" => {
                let mut n = || -> Result<i64, IdentityError> {
                    let v = args.number()?;
                    i64::try_from(v).map_err(|_| args.error(format!("{v} is out of range")))
                };
                let v = (n()?, n()?, n()?);
                set_once(&mut self.room_positions, v, key, args.line)?;
            }
            "room-position-error" => {
                let message = args.string("lev_comp's error")?;
                set_once(&mut self.room_position_error, message.into(), key, n)?;
            }
            "map-size" => {
                let mut n = || -> Result<i64, IdentityError> {
                    let v = args.number()?;
                    i64::try_from(v)
                        .ok()
                        .filter(|v| (1..=127).contains(v))
                        .ok_or_else(|| args.error(format!("{v} is out of range (1 to 127)")))
                };
                let v = (n()?, n()?);
                set_once(&mut self.map_size, v, key, args.line)?;
            }
            "level-region-min-x" => {
                let v = args.number()?;
                let v = i64::try_from(v)
                    .ok()
                    .filter(|v| *v <= 1)
                    .ok_or_else(|| args.error(format!("{v} is out of range (0 or 1)")))?;
                set_once(&mut self.level_region_min_x, v, key, n)?;
            }
            "level-flag" => {
                let word = args.string("its word")?;
                let bit = args.number()? as i64;
                (self.level_flags.get_or_insert_with(Vec::new)).push((word.into(), bit));
            }
            "object-flag" => {
                let word = args.string("its word")?;
                let bit = args.number()? as i64;
                self.object_flags.push((word.into(), bit));
            }
            "opcode" | "monster-property" | "object-property" => {
                let name = args.string("its sp_lev.h name")?;
                let p = self.program.get_or_insert_with(ProgramFormat::empty);
                let list = match key {
                    "opcode" => &mut p.opcodes,
                    "monster-property" => &mut p.monster_properties,
                    _ => &mut p.object_properties,
                };
                list.push(name.into());
            }
            "lexer-word" => {
                let word = args.string("a word of its lev_comp.l")?;
                (self.lexer_words.get_or_insert_with(Vec::new)).push(word.into());
            }
            "dungeon-descriptor" => {
                let word = args.string("its word")?;
                let v = args.number()?;
                let v = i32::try_from(v)
                    .map_err(|_| args.error(format!("descriptor {v} is out of range")))?;
                (self.dungeon_descriptors.get_or_insert_with(Vec::new)).push((word.into(), v));
            }
            "region-pack" => match args.word("`int`")? {
                "int" => {
                    self.program
                        .get_or_insert_with(ProgramFormat::empty)
                        .region_pack_int = true
                }
                other => return Err(args.error(format!("`{other}`: expected `int`"))),
            },
            "value-offset" => {
                let v = args.number()?;
                let p = self.program.get_or_insert_with(ProgramFormat::empty);
                p.value_offset = i64::try_from(v)
                    .ok()
                    .filter(|v| (0..=255).contains(v))
                    .ok_or_else(|| args.error(format!("value offset {v} is out of range")))?;
            }
            "random-coord" => {
                let flag = match args.word("`packed` or `flag`")? {
                    "packed" => None,
                    "flag" => Some(args.number()? as i64),
                    other => {
                        return Err(args.error(format!("`{other}`: expected `packed` or `flag`")))
                    }
                };
                self.program
                    .get_or_insert_with(ProgramFormat::empty)
                    .random_coord_flag = flag;
            }
            "int-varargs" => match args.word("`yes`")? {
                "yes" => {
                    self.program
                        .get_or_insert_with(ProgramFormat::empty)
                        .int_varargs = true
                }
                other => return Err(args.error(format!("`{other}`: expected `yes`"))),
            },
            "room-flags" => match args.word("`from-flags`")? {
                "from-flags" => {
                    self.program
                        .get_or_insert_with(ProgramFormat::empty)
                        .room_flags_from_alignment = false
                }
                other => return Err(args.error(format!("`{other}`: expected `from-flags`"))),
            },
            "region-default-flags" => {
                let v = args.number()?;
                let p = self.program.get_or_insert_with(ProgramFormat::empty);
                p.region_default_flags = i64::try_from(v)
                    .ok()
                    .filter(|v| *v <= 3)
                    .ok_or_else(|| args.error(format!("region flags {v} are out of range")))?;
            }
            "level-init" => {
                let name = args.string("its LVLINIT_ name")?;
                let v = args.number()? as i64;
                let p = self.program.get_or_insert_with(ProgramFormat::empty);
                if !std::mem::replace(&mut self.level_inits_read, true) {
                    p.level_inits.clear();
                }
                p.level_inits.push((name.into(), v));
            }
            "filling-word" => {
                let word = args.string("its word")?;
                let v = args.number()? as i64;
                let p = self.program.get_or_insert_with(ProgramFormat::empty);
                if !std::mem::replace(&mut self.filling_words_read, true) {
                    p.filling_words.clear();
                }
                p.filling_words.push((word.into(), v));
            }
            "region-unfilled" => match args.word("`plain`")? {
                "plain" => {
                    self.program
                        .get_or_insert_with(ProgramFormat::empty)
                        .region_unfilled_offset = false
                }
                other => return Err(args.error(format!("`{other}`: expected `plain`"))),
            },
            "door-material" => {
                let word = args.string("its word")?;
                let v = args.number()? as i64;
                let p = self.program.get_or_insert_with(ProgramFormat::empty);
                p.door_materials.push((word.into(), v));
            }
            "grammar" => {
                let name = args.word("a grammar form")?;
                let form = GrammarForm::from_name(name).ok_or_else(|| {
                    args.error(format!("`{name}` is no grammar form levbuild knows"))
                })?;
                self.program
                    .get_or_insert_with(ProgramFormat::empty)
                    .grammar
                    .push(form);
            }
            "core-function" => {
                let word = args.string("its word")?;
                let number = args.number()? as i64;
                let params = args.string("its parameters")?;
                let returns = args.string("what it returns")?;
                let &[returns] = returns.as_bytes() else {
                    return Err(args.error("what it returns is one letter"));
                };
                let p = self.program.get_or_insert_with(ProgramFormat::empty);
                p.core_functions.push(CoreFunction {
                    word: word.into(),
                    number,
                    params: params.into(),
                    returns,
                });
            }
            "sound-type" => {
                let word = args.string("its word")?;
                let v = args.number()? as i64;
                let p = self.program.get_or_insert_with(ProgramFormat::empty);
                p.sound_types.push((word.into(), v));
            }
            "core-method" => {
                let word = args.string("its word")?;
                let on = args.number()? as i64;
                let number = args.number()? as i64;
                let returns = args.number()? as i64;
                let p = self.program.get_or_insert_with(ProgramFormat::empty);
                p.core_methods.push(CoreMethod {
                    word: word.into(),
                    on,
                    number,
                    returns,
                });
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The format of a game of `dialect`: for the 3.4.3 family, NetHack
    /// 3.4.3's where the file says nothing; a 3.6-family game's opcode
    /// numbers and numbering are all the file's (`end`: the last line,
    /// where one that is missing is reported).
    fn into_format(self, dialect: Dialect, end: usize) -> Result<RecordFormat, IdentityError> {
        let mut f = RecordFormat::nethack_343();
        if dialect == Dialect::NetHack36 {
            let program = self.program.as_ref();
            let missing = [
                (program.map_or(0, |p| p.opcodes.len()), "opcode"),
                (
                    program.map_or(0, |p| p.monster_properties.len()),
                    "monster-property",
                ),
                (
                    program.map_or(0, |p| p.object_properties.len()),
                    "object-property",
                ),
                (self.terrain.as_ref().map_or(0, Vec::len), "terrain"),
                (self.map_chars.as_ref().map_or(0, Vec::len), "map-char"),
                (self.room_types.as_ref().map_or(0, Vec::len), "room-type"),
                (self.traps.as_ref().map_or(0, Vec::len), "trap"),
                (self.level_flags.as_ref().map_or(0, Vec::len), "level-flag"),
            ]
            .into_iter()
            .find(|(n, _)| *n == 0);
            if let Some((_, what)) = missing {
                return Err(IdentityError::at(
                    end,
                    format!(
                        "no `{what}` line: a NetHack 3.6-family game's numbers are all its own \
                         (an identity file of format 2 or older has none; write it again with \
                         this levbuild's `levbuild game`)"
                    ),
                ));
            }
            f.numbering = Numbering::empty();
        }
        f.program = self.program;
        let n = &mut f.numbering;
        f.header_word = self.header_word.unwrap_or(f.header_word);
        f.extra_members = self.extra_members;
        f.forges = self.forges;
        f.random_regions = self.random_regions;
        f.place_sets = self.place_sets;
        f.room_ladders = self.room_ladders;
        f.random_coordinate = self.random_coordinate.unwrap_or(f.random_coordinate);
        f.dungeon_members = self.dungeon_members.unwrap_or(f.dungeon_members);
        f.branch_members = self.branch_members.unwrap_or(f.branch_members);
        f.limits = self.limits.unwrap_or(f.limits);
        f.dungeon_rules = self.dungeon_rules.unwrap_or(f.dungeon_rules);
        f.dungeon_rules.percent_conditionals = self
            .percent_conditionals
            .unwrap_or(dialect != Dialect::NetHack36);
        let lr = &mut f.level_rules;
        lr.joined_foregrounds = self
            .joined_foregrounds
            .unwrap_or(std::mem::take(&mut lr.joined_foregrounds));
        lr.room_positions = self.room_positions.unwrap_or(lr.room_positions);
        lr.room_position_error = self.room_position_error.unwrap_or_else(|| {
            super::format::LevelRules::room_position_error_of(lr.room_positions).into()
        });
        lr.map_size = self.map_size.unwrap_or(lr.map_size);
        lr.level_region_min_x = self.level_region_min_x.unwrap_or(lr.level_region_min_x);
        lr.empty_level_regions = self.empty_level_regions.unwrap_or(false);
        f.hallucination_messages = self.hallucination_messages.unwrap_or(false);
        lr.named_objects = self.named_objects.unwrap_or(lr.named_objects);
        lr.named_monsters = self.named_monsters.unwrap_or(lr.named_monsters);
        lr.ordinary_room_chance = self.ordinary_room_chance.unwrap_or(lr.ordinary_room_chance);
        lr.sanity_flags = self.sanity_flags.unwrap_or(lr.sanity_flags);
        lr.keyword_chance = self.keyword_chance.unwrap_or(lr.keyword_chance);
        lr.wallify_region = self.wallify_region.unwrap_or(lr.wallify_region);
        lr.dash_in_words = self.dash_in_words.unwrap_or(lr.dash_in_words);
        lr.line_dash = self.line_dash.unwrap_or(lr.line_dash);
        lr.switch_rn2_always = self.switch_rn2_always.unwrap_or(lr.switch_rn2_always);
        lr.break_past_pop = self.break_past_pop.unwrap_or(lr.break_past_pop);
        lr.vault_min_depth = self.vault_min_depth.unwrap_or(lr.vault_min_depth);
        lr.percent_checked = self.percent_checked.unwrap_or(lr.percent_checked);
        lr.vault_kept_by_level = self.vault_kept_by_level.unwrap_or(lr.vault_kept_by_level);
        lr.for_integer_bounds = self.for_integer_bounds.unwrap_or(lr.for_integer_bounds);
        lr.var_copy_by_name = self.var_copy_by_name.unwrap_or(lr.var_copy_by_name);
        lr.break_in_case_only = self.break_in_case_only.unwrap_or(lr.break_in_case_only);
        lr.constant_amounts = self.constant_amounts.unwrap_or(lr.constant_amounts);
        lr.replace_terrain_clamped = self
            .replace_terrain_clamped
            .unwrap_or(lr.replace_terrain_clamped);
        lr.lexer_words = self.lexer_words.or(lr.lexer_words.take());
        lr.digits_in_variables = self.digits_in_variables.unwrap_or(lr.digits_in_variables);
        n.terrain = self.terrain.unwrap_or(std::mem::take(&mut n.terrain));
        n.map_chars = self.map_chars.unwrap_or(std::mem::take(&mut n.map_chars));
        n.map_char_warnings = self.map_char_warnings;
        // A file without the line (older levbuild): NetHack 3.4.3's row
        // characters and the game's map characters, as it read them.
        n.map_row_chars =
            (self.map_row_chars).unwrap_or_else(|| Numbering::map_row_chars_of(&n.map_chars));
        n.room_types = self.room_types.unwrap_or(std::mem::take(&mut n.room_types));
        n.traps = self.traps.unwrap_or(std::mem::take(&mut n.traps));
        n.level_flags = self
            .level_flags
            .unwrap_or(std::mem::take(&mut n.level_flags));
        n.engravings = self.engravings.unwrap_or(std::mem::take(&mut n.engravings));
        n.curse_states = (self.curse_states).unwrap_or(std::mem::take(&mut n.curse_states));
        n.light_states = (self.light_states).unwrap_or(std::mem::take(&mut n.light_states));
        n.level_regions = (self.level_regions).unwrap_or(std::mem::take(&mut n.level_regions));
        n.object_flags = self.object_flags;
        n.artifacts = self.artifacts;
        n.gods = self.gods;
        n.monster_female_names = self.monster_female_names;
        n.dungeon_descriptors = self.dungeon_descriptors.unwrap_or_else(|| {
            (super::format::DUNGEON_DESCRIPTORS_343.iter())
                .map(|&(w, v)| (w.into(), v))
                .collect()
        });
        Ok(f)
    }
}

/// The facts of an identity file as they are read.
#[derive(Default)]
struct Facts {
    name: Option<String>,
    version: Option<String>,
    dialect: Option<Dialect>,
    origin: Option<String>,
    headers: Vec<(Option<DataModel>, Vec<u64>)>,
    features: Vec<(String, bool)>,
    monster_classes: Vec<u8>,
    object_classes: Vec<u8>,
    monsters: Vec<(Box<str>, u8)>,
    objects: Vec<(Box<str>, u8)>,
    format: FormatFacts,
}

/// The line a written identity file ends with: a hash of every byte
/// before it, so that damage (a flipped byte, a file cut short) is an
/// error rather than another game (`checksum none`: a file edited by hand
/// on purpose, read unchecked).
const CHECKSUM: &str = "checksum";

/// The checksum of lines of text: their FNV-1a 64-bit hash, each line
/// with a `\n` (so a copy with CRLF line ends checks too; any one changed
/// byte changes it), shown as `fnv1a64:` and 16 hex digits.
struct Checksum(u64);

impl Checksum {
    fn new() -> Checksum {
        Checksum(0xcbf2_9ce4_8422_2325)
    }

    fn line(&mut self, line: &str) {
        for b in line.bytes().chain([b'\n']) {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn show(&self) -> String {
        format!("fnv1a64:{:016x}", self.0)
    }
}

/// The checksum of `text`'s lines.
fn checksum(text: &str) -> String {
    let mut sum = Checksum::new();
    text.lines().for_each(|l| sum.line(l));
    sum.show()
}

fn parse(text: &str) -> Result<Game, IdentityError> {
    let mut facts = Facts::default();
    let mut saw_magic = false;
    let mut format = 0;
    let mut checked = false;
    let mut last_line = 0;
    let mut sum = Checksum::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        last_line = n;
        let line = line.trim_end_matches('\r');
        let before = sum.show();
        sum.line(line);
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        if checked {
            return Err(IdentityError::at(
                n,
                "a line after the checksum line, which ends the file",
            ));
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let mut args = Args { rest, line: n };
        if !saw_magic {
            if key != MAGIC {
                return Err(IdentityError::at(
                    n,
                    format!(
                        "not a levbuild identity file (its first line is not `{MAGIC} {FORMAT}`)"
                    ),
                ));
            }
            let version = args.word("the format version")?;
            format = version.parse().unwrap_or(0);
            if !["1", "2", "3", "4"].contains(&version) {
                return Err(IdentityError::at(
                    n,
                    format!(
                        "format version {version}, but this levbuild reads version {FORMAT} \
                         (write the file again with this levbuild's `levbuild game`)"
                    ),
                ));
            }
            args.end()?;
            saw_magic = true;
            continue;
        }
        match key {
            CHECKSUM => {
                let sum = args.word("the file's checksum, or `none`")?;
                if sum != "none" && sum != before {
                    return Err(IdentityError::at(
                        n,
                        "the file does not match its checksum: it is damaged, or was edited \
                         (write it again with `levbuild game`; to keep an edit made on purpose, \
                         make this line `checksum none`)",
                    ));
                }
                checked = true;
            }
            "name" => set_once(&mut facts.name, args.string("the game's name")?, "name", n)?,
            "version" => set_once(
                &mut facts.version,
                args.string("the version")?,
                "version",
                n,
            )?,
            "dialect" => {
                let word = args.word("a dialect (3.4.3 or 3.6)")?;
                let dialect = word
                    .parse::<Dialect>()
                    .map_err(|e| IdentityError::at(n, e.to_string()))?;
                set_once(&mut facts.dialect, dialect, "dialect", n)?;
            }
            "header-origin" => set_once(
                &mut facts.origin,
                args.string("where the header comes from")?,
                "header-origin",
                n,
            )?,
            "header" => {
                let model = match args.word("a data model (lp64, ilp32, llp64 or any)")? {
                    "any" => None,
                    "lp64" => Some(DataModel::Lp64),
                    "ilp32" => Some(DataModel::Ilp32),
                    "llp64" => Some(DataModel::Llp64),
                    other => {
                        return Err(IdentityError::at(
                            n,
                            format!(
                                "unknown data model `{other}` (expected lp64, ilp32, llp64 or any)"
                            ),
                        ))
                    }
                };
                if facts.headers.iter().any(|(m, _)| *m == model) {
                    return Err(IdentityError::at(
                        n,
                        format!("a second header for {}", model.map_or("any", model_name)),
                    ));
                }
                let mut words = Vec::new();
                while !args.rest.trim().is_empty() {
                    words.push(args.number()?);
                }
                // 3 in the NetHack4 family (no struct sizes), 4 in the
                // 3.4.3 family, 5 in 3.6.
                if !(3..=5).contains(&words.len()) {
                    return Err(IdentityError::at(
                        n,
                        format!("a header has 3 to 5 words, not {}", words.len()),
                    ));
                }
                facts.headers.push((model, words));
            }
            "feature" => {
                let name = args.word("a feature name")?.to_string();
                let on = match args.word("`defined` or `undefined`")? {
                    "defined" => true,
                    "undefined" => false,
                    other => {
                        return Err(IdentityError::at(
                            n,
                            format!("`{other}`: expected `defined` or `undefined`"),
                        ))
                    }
                };
                if facts.features.iter().any(|(f, _)| *f == name) {
                    return Err(IdentityError::at(
                        n,
                        format!("feature {name} is listed twice"),
                    ));
                }
                facts.features.push((name, on));
            }
            "monster-class" => facts.monster_classes.push(args.symbol()?),
            "object-class" => facts.object_classes.push(args.symbol()?),
            "monster" => {
                let class = args.symbol()?;
                facts
                    .monsters
                    .push((args.string("a monster name")?.into(), class));
            }
            "object" => {
                let class = args.symbol()?;
                facts
                    .objects
                    .push((args.string("an object name")?.into(), class));
            }
            other => {
                if !facts.format.read(other, &mut args)? {
                    return Err(IdentityError::at(
                        n,
                        format!(
                            "unknown line `{other}` (expected name, version, dialect, \
                             header-origin, header, feature, monster-class, object-class, \
                             monster, object or a record-format line)"
                        ),
                    ));
                }
            }
        }
        args.end()?;
    }
    if !saw_magic {
        return Err(IdentityError::at(0, "empty: not a levbuild identity file"));
    }
    if format >= 4 && !checked {
        return Err(IdentityError::at(
            last_line,
            "no checksum line: the file is cut short (levbuild game ends it with one; to read \
             a file written by hand unchecked, end it with `checksum none`)",
        ));
    }
    let end = last_line;
    let need = |what: &str| IdentityError::at(end, format!("no `{what}` line"));
    let name = facts.name.ok_or_else(|| need("name"))?;
    let version = facts.version.ok_or_else(|| need("version"))?;
    let dialect = facts.dialect.ok_or_else(|| need("dialect"))?;
    let origin = facts.origin.ok_or_else(|| need("header-origin"))?;
    if facts.headers.is_empty() {
        return Err(need("header"));
    }
    if facts.monsters.is_empty() || facts.objects.is_empty() {
        return Err(need(if facts.monsters.is_empty() {
            "monster"
        } else {
            "object"
        }));
    }
    let mut features = Features::none();
    for (name, on) in &facts.features {
        features = if *on {
            features.define(name)
        } else {
            features.undefine(name)
        };
    }
    let mut game = Game::new(
        name,
        version,
        facts.monsters,
        facts.objects,
        facts.monster_classes,
        facts.object_classes,
        features,
        Header {
            words: facts.headers,
            origin,
        },
    );
    game.dialect = dialect;
    game.format = facts.format.into_format(dialect, end)?;
    Ok(game)
}

fn set_once<T>(
    slot: &mut Option<T>,
    value: T,
    key: &str,
    line: usize,
) -> Result<(), IdentityError> {
    if slot.is_some() {
        return Err(IdentityError::at(line, format!("a second `{key}` line")));
    }
    *slot = Some(value);
    Ok(())
}

/// The rest of a line, read argument by argument.
struct Args<'a> {
    rest: &'a str,
    line: usize,
}

impl<'a> Args<'a> {
    fn error(&self, message: impl Into<String>) -> IdentityError {
        IdentityError::at(self.line, message)
    }

    fn word(&mut self, what: &str) -> Result<&'a str, IdentityError> {
        let rest = self.rest.trim_start_matches(' ');
        let end = rest.find(' ').unwrap_or(rest.len());
        if end == 0 {
            return Err(self.error(format!("expected {what}")));
        }
        self.rest = &rest[end..];
        Ok(&rest[..end])
    }

    /// `yes` or `no`.
    fn yes_no(&mut self) -> Result<bool, IdentityError> {
        match self.word("`yes` or `no`")? {
            "yes" => Ok(true),
            "no" => Ok(false),
            other => Err(self.error(format!("`{other}`: expected `yes` or `no`"))),
        }
    }

    /// A C type name ([`CType::as_str`]).
    fn ctype(&mut self) -> Result<CType, IdentityError> {
        let word = self.word("a C type (char, short, int, long, long-long)")?;
        CType::from_name(word).ok_or_else(|| {
            self.error(format!(
                "unknown C type `{word}` (expected char, short, int, long or long-long)"
            ))
        })
    }

    /// A number that fits a `char`: -128..127.
    fn small(&mut self, what: &str) -> Result<i8, IdentityError> {
        let word = self.word(what)?;
        word.parse()
            .map_err(|_| self.error(format!("`{word}` is not a number in -128..127")))
    }

    fn number(&mut self) -> Result<u64, IdentityError> {
        let word = self.word("a number")?;
        let parsed = match word.strip_prefix("0x") {
            Some(hex) => u64::from_str_radix(hex, 16),
            None => word.parse(),
        };
        parsed.map_err(|_| self.error(format!("`{word}` is not a number")))
    }

    /// A quoted string: `"…"` with `\"`, `\\` and `\xNN` escapes.
    fn string(&mut self, what: &str) -> Result<String, IdentityError> {
        let rest = self.rest.trim_start_matches(' ');
        let Some(body) = rest.strip_prefix('"') else {
            return Err(self.error(format!("expected {what} in double quotes")));
        };
        let mut out = Vec::new();
        let mut chars = body.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.rest = &body[i + 1..];
                    return String::from_utf8(out)
                        .map_err(|_| self.error(format!("{what} is not UTF-8 once unescaped")));
                }
                '\\' => out.push(self.escape(&mut chars)?),
                c => {
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
            }
        }
        Err(self.error(format!("{what} has no closing quote")))
    }

    /// A class symbol: `'c'` or `'\xNN'`.
    fn symbol(&mut self) -> Result<u8, IdentityError> {
        let rest = self.rest.trim_start_matches(' ');
        let bad = || self.error("expected a class symbol such as 'a' or '\\x27'");
        let body = rest.strip_prefix('\'').ok_or_else(bad)?;
        let mut chars = body.char_indices();
        let byte = match chars.next() {
            Some((_, '\\')) => self.escape(&mut chars)?,
            Some((_, c)) if c.is_ascii() && c != '\'' => c as u8,
            _ => return Err(bad()),
        };
        match chars.next() {
            Some((i, '\'')) => {
                self.rest = &body[i + 1..];
                Ok(byte)
            }
            _ => Err(bad()),
        }
    }

    fn escape(&self, chars: &mut std::str::CharIndices<'_>) -> Result<u8, IdentityError> {
        match chars.next().map(|(_, c)| c) {
            Some('"') => Ok(b'"'),
            Some('\\') => Ok(b'\\'),
            Some('\'') => Ok(b'\''),
            Some('x') => {
                let hex: String = chars.by_ref().take(2).map(|(_, c)| c).collect();
                u8::from_str_radix(&hex, 16)
                    .ok()
                    .filter(|_| hex.len() == 2)
                    .ok_or_else(|| {
                        self.error(format!("`\\x{hex}` is not an escape of two hex digits"))
                    })
            }
            other => Err(self.error(format!(
                "unknown escape `\\{}` (expected \\\", \\\\, \\' or \\xNN)",
                other.map(String::from).unwrap_or_default()
            ))),
        }
    }

    fn end(&self) -> Result<(), IdentityError> {
        let rest = self.rest.trim();
        if rest.is_empty() {
            Ok(())
        } else {
            Err(self.error(format!("unexpected `{rest}` at the end of the line")))
        }
    }
}

/// `"…"` with quotes, backslashes and control characters escaped.
fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_ascii_control() => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `'c'`, or `'\xNN'` for a byte that is not printable ASCII or is a
/// quote or backslash.
fn symbol(c: u8) -> String {
    if c.is_ascii_graphic() && c != b'\'' && c != b'\\' || c == b' ' {
        format!("'{}'", c as char)
    } else {
        format!("'\\x{c:02x}'")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;

    #[test]
    fn built_in_games_round_trip() {
        for game in [Game::nethack_343(), Game::nethack_367()] {
            let text = game.to_identity();
            let back = Game::from_identity(&text).unwrap();
            assert_eq!(back, *game);
            assert_eq!(back.dialect(), game.dialect());
            assert_eq!(back.name(), game.name());
            assert_eq!(back.to_identity(), text, "stable");
            for layout in Layout::ALL {
                assert_eq!(back.version_info(layout), game.version_info(layout));
            }
        }
    }

    #[test]
    fn symbols_and_strings_escape_what_they_must() {
        assert_eq!(symbol(b'a'), "'a'");
        assert_eq!(symbol(b' '), "' '");
        assert_eq!(symbol(b'\''), "'\\x27'");
        assert_eq!(symbol(b'\\'), "'\\x5c'");
        assert_eq!(symbol(1), "'\\x01'");
        assert_eq!(quoted("a \"b\" \\ \t"), "\"a \\\"b\\\" \\\\ \\x09\"");
        let mut args = Args {
            rest: " \"a \\\"b\\\" \\\\ \\x09\" '\\x27'",
            line: 1,
        };
        assert_eq!(args.string("s").unwrap(), "a \"b\" \\ \t");
        assert_eq!(args.symbol().unwrap(), b'\'');
        args.end().unwrap();
    }

    fn error_of(text: &str) -> String {
        Game::from_identity(text).unwrap_err().to_string()
    }

    /// `text` as a person edits it on purpose: its checksum line
    /// `checksum none`.
    fn hand_edited(text: &str) -> String {
        (text.lines())
            .map(|l| match l.starts_with("checksum ") {
                true => "checksum none",
                false => l,
            })
            .map(|l| format!("{l}\n"))
            .collect()
    }

    #[test]
    fn the_checksum_finds_damage_and_lets_a_deliberate_edit_through() {
        let good = Game::nethack_343().to_identity();
        assert!(
            good.ends_with('\n')
                && good
                    .lines()
                    .last()
                    .unwrap()
                    .starts_with("checksum fnv1a64:")
        );
        // CRLF line ends (a checkout that converts them) check as written.
        let crlf = good.replace('\n', "\r\n");
        assert_eq!(Game::from_identity(&crlf).unwrap().to_identity(), good);
        // One byte changed anywhere, the comment lines included.
        let at = good.find("giant ant").unwrap();
        let damaged = format!("{}G{}", &good[..at], &good[at + 1..]);
        assert!(error_of(&damaged).contains("does not match its checksum"));
        let comment = good.replacen("identity of", "identity 0f", 1);
        assert!(error_of(&comment).contains("does not match its checksum"));
        // Cut short: no checksum line.
        let cut = &good[..good.find("monster 'd'").unwrap()];
        assert!(error_of(cut).contains("cut short"), "{}", error_of(cut));
        // Nothing after it; a deliberate edit says `checksum none`.
        assert!(error_of(&format!("{good}name \"x\"\n")).contains("after the checksum line"));
        let edited = hand_edited(&damaged);
        assert_eq!(
            Game::from_identity(&edited).unwrap().monster_name(0),
            Some("Giant ant")
        );
    }

    #[test]
    fn damaged_files_name_the_line() {
        let good = hand_edited(&Game::nethack_343().to_identity());
        let lines: Vec<&str> = good.lines().collect();
        let replace = |i: usize, with: &str| {
            let mut l = lines.clone();
            l[i] = with;
            l.join("\n")
        };
        let first = lines
            .iter()
            .position(|l| l.starts_with("monster "))
            .unwrap();
        assert_eq!(
            error_of(&replace(first, "monster 'a giant ant\"")),
            format!(
                "identity file :{}: expected a class symbol such as 'a' or '\\x27'",
                first + 1
            )
        );
        assert!(error_of(&replace(first, "monster 'a' \"giant ant")).contains("no closing quote"));
        assert!(error_of(&replace(first, "monstre 'a' \"x\"")).contains("unknown line `monstre`"));
        assert!(error_of(&replace(first, "monster 'a' \"x\" y")).contains("unexpected `y`"));
        let magic = lines.iter().position(|l| l.starts_with(MAGIC)).unwrap();
        assert!(error_of(&replace(magic, "levbuild-game 5")).contains("format version 5"));
        assert!(error_of(&replace(magic, "nethack")).contains("not a levbuild identity file"));
        let header = lines
            .iter()
            .position(|l| l.starts_with("header lp64"))
            .unwrap();
        assert!(error_of(&replace(header, "header lp64 0x1 0x2")).contains("3 to 5 words, not 2"));
        assert!(error_of(&replace(header, "header lp64 0x1 0x2 0xzz 4"))
            .contains("`0xzz` is not a number"));
        assert!(error_of(&replace(header, "header ilp32 1 2 3 4"))
            .contains("a second header for ilp32"));
        let name = lines.iter().position(|l| l.starts_with("name ")).unwrap();
        assert!(error_of(&replace(name, "")).contains("no `name` line"));
        assert!(error_of("").contains("empty"));
        let truncated: String = lines[..first].join("\n") + "\nchecksum none\n";
        assert!(error_of(&truncated).contains("no `monster` line"));
        // A 3.6 game's numbers are all its file's: without them (an older
        // levbuild's file) it says to write the file again.
        let nh36 = Game::nethack_367().to_identity();
        assert_eq!(
            Game::from_identity(&nh36).unwrap().format(),
            Game::nethack_367().format()
        );
        let old: Vec<&str> = (nh36.lines())
            .filter(|l| !l.starts_with("opcode "))
            .collect();
        let e = error_of(&hand_edited(&old.join("\n")));
        assert!(
            e.contains("no `opcode` line") && e.contains("levbuild game"),
            "{e}"
        );
    }

    /// NetHack 3.4.3 as if built without SINKS, its lexer letting `N` in.
    fn without_sinks() -> Game {
        let game = Game::nethack_343();
        let mut format = game.format().clone();
        let n = &mut format.numbering;
        for (c, t) in &mut n.map_chars {
            if *c == b'K' {
                *t = 24;
            }
        }
        let warning = "Sinks are not allowed in this version!  Ignoring...";
        n.map_char_warnings.push((b'K', warning.into()));
        n.map_char_warnings
            .push((b'"', "a \"quote\" \\ and a tab\t".into()));
        n.map_row_chars.push(b'N');
        n.map_row_chars.sort_unstable();
        game.with_format(format)
    }

    #[test]
    fn map_character_warnings_and_row_characters_round_trip() {
        let game = without_sinks();
        let text = game.to_identity();
        assert!(
            text.contains(
                "map-char-warning 'K' \"Sinks are not allowed in this version!  Ignoring...\"\n"
            ),
            "{text}"
        );
        assert!(text.contains(r#"map-char-warning '"' "a \"quote\" \\ and a tab\x09""#));
        assert!(text.contains(r#"map-row-chars " #+-.0123456789ABCFHIKLNPSTW\\{|}""#));
        let back = Game::from_identity(&text).unwrap();
        assert_eq!(back, game);
        let n = &back.format().numbering;
        assert_eq!(
            n.map_char_warning(b'K'),
            Some("Sinks are not allowed in this version!  Ignoring...")
        );
        assert!(n.is_map_row_char(b'N') && !n.is_map_row_char(b'Z'));
        assert_eq!(back.to_identity(), text, "stable");
    }

    #[test]
    fn a_file_without_map_rows_reads_them_as_it_was_written() {
        // An identity file of an older levbuild: no `map-row-chars` line.
        // Its rows take 3.4.3's characters and its own map characters.
        let mut format = RecordFormat::nethack_343();
        format.numbering.map_chars.push((b'Z', 30));
        let text: String = (Game::nethack_343()
            .with_format(format)
            .to_identity()
            .lines())
        .filter(|l| !l.starts_with("map-row-chars"))
        .map(|l| format!("{l}\n"))
        .collect();
        let text = hand_edited(&text);
        let n = Game::from_identity(&text)
            .unwrap()
            .format()
            .numbering
            .clone();
        assert!(n.is_map_row_char(b'Z') && n.is_map_row_char(b'7'));
        assert!(!n.is_map_row_char(b'N'));
        assert!(n.map_char_warnings.is_empty());
    }

    #[test]
    fn damaged_map_character_lines_name_the_line() {
        let good = hand_edited(&without_sinks().to_identity());
        let at = |key: &str| good.lines().position(|l| l.starts_with(key)).unwrap();
        let replace = |i: usize, with: &str| {
            let mut l: Vec<&str> = good.lines().collect();
            l[i] = with;
            l.join("\n")
        };
        let w = at("map-char-warning");
        assert_eq!(
            error_of(&replace(w, "map-char-warning 'K' Sinks")),
            format!(
                "identity file :{}: expected lev_comp's warning in double quotes",
                w + 1
            )
        );
        assert!(error_of(&replace(w, "map-char-warning K \"x\"")).contains("class symbol"));
        assert!(error_of(&replace(w, "map-char-warning 'K' \"x\" y")).contains("unexpected `y`"));
        let r = at("map-row-chars");
        assert!(error_of(&replace(r, "map-row-chars \"\u{e9}\"")).contains("are ASCII"));
        let twice = good.replace("checksum none", "map-row-chars \".\"\nchecksum none");
        assert!(
            error_of(&twice).contains("map-row-chars"),
            "{}",
            error_of(&twice)
        );
    }

    #[test]
    fn a_missing_data_model_is_an_error_not_wrong_bytes() {
        let text: String = Game::nethack_343()
            .to_identity()
            .lines()
            .filter(|l| !l.starts_with("header ilp32") && !l.starts_with("header llp64"))
            .map(|l| format!("{l}\n"))
            .collect();
        let game = Game::from_identity(&hand_edited(&text)).unwrap();
        assert!(game.version_info(Layout::LP64).is_ok());
        let err = game.version_info(Layout::ILP32).unwrap_err();
        assert_eq!(err.known, vec![DataModel::Lp64]);
        assert!(
            err.to_string()
                .contains("no version header for the ilp32 data model"),
            "{err}"
        );
    }
}
