//! A 3.4.3-family tree's record format, read from its level compiler's
//! sources and headers: the members its `sp_lev.h` records have beyond
//! NetHack 3.4.3's, the lists its maze parts and rooms add, its
//! `dgn_file.h` records, its header word type and its `random`
//! coordinate; and the C the probe compiles to print its numbering (its
//! `rm.h` terrain, its `lev_main.c` room-type and trap tables and map
//! characters, its `lev_comp.l` flag and engraving words, its limits) as
//! the tree's own compiler sees them, conditionals and all; and where its
//! `dgn_comp.y` checks differently.

// Only the rules below read the grammar's text: what a rule does is in
// its action, which levbuild does not compile.

use std::fmt::Write as _;
use std::path::Path;

use super::format::{
    CType, CoreFunction, CoreMethod, DungeonMember, DungeonRules, ExtraMember, GrammarForm,
    LevelRules, Numbering, ProgramFormat, RecordFormat, RecordKind,
};
use super::tree::TreeError;
use crate::des::Dialect;

/// NetHack 3.4.3's members of each record that variants extend.
const VANILLA_MEMBERS: [(RecordKind, &str, usize); 5] = [
    (RecordKind::Door, "door", 3),
    (RecordKind::RoomDoor, "room_door", 4),
    (RecordKind::Altar, "altar", 4),
    (RecordKind::Monster, "monster", 12),
    (RecordKind::Object, "object", 10),
];

/// What the sources say, and the C that prints the rest.
pub(super) struct TreeFormat {
    /// The format, with NetHack 3.4.3's numbering until the probe's
    /// `N` lines replace it ([`apply_probe_line`]).
    pub format: RecordFormat,
    /// `void levbuild_numbers(void)`, for the probe's second stage.
    pub numbers_source: String,
    /// What is read from the sources but resolved against the probe's
    /// numbering, once its lines are applied.
    pub after_probe: AfterProbe,
}

/// Facts of a tree's sources that name what the probe numbers.
pub(super) struct AfterProbe {
    /// `lev_comp.y`'s joined-map foregrounds, by location type name.
    joined_foregrounds: Vec<String>,
    /// `lev_comp.y`'s `ROOM` position bounds (smallest, largest x and
    /// y): numbers, `COLNO` or `ROWNO`.
    room_position_bounds: Option<[String; 3]>,
    /// The bytes `lev_comp.l` lets into a `MAP` row (`None`: a lexer
    /// levbuild cannot read).
    map_row_chars: Option<Vec<u8>>,
}

impl AfterProbe {
    /// Applies them to `format`, whose numbering is the probe's: the
    /// joined-map foregrounds as its terrain numbers (if `lev_comp.y`
    /// names any), and the bytes a
    /// `MAP` row takes (for a lexer levbuild cannot read, NetHack 3.4.3's
    /// and every map character the probe found).
    pub(super) fn apply(self, root: &Path, format: &mut RecordFormat) -> Result<(), TreeError> {
        let n = &mut format.numbering;
        // By number, as 3.4.3's are listed (lev_comp.y names them in the
        // order of its rules).
        n.level_regions.sort_by_key(|&(_, v)| v);
        // None found: NetHack 3.4.3's, which the format has.
        if !self.joined_foregrounds.is_empty() {
            format.level_rules.joined_foregrounds = (self.joined_foregrounds.iter())
                .map(|name| {
                    n.terrain_code(name).ok_or_else(|| {
                        TreeError::new(
                            root,
                            format!("util/lev_comp.y: `{name}` is not a location type of rm.h"),
                        )
                    })
                })
                .collect::<Result<_, _>>()?;
        }
        if let Some(words) = &self.room_position_bounds {
            let (colno, rowno) = format.level_rules.map_size;
            let value = |w: &str| match w {
                "COLNO" => Some(colno),
                "ROWNO" => Some(rowno),
                _ => w.parse().ok(),
            };
            if let [Some(lo), Some(hx), Some(hy)] = [0, 1, 2].map(|i| value(&words[i])) {
                format.level_rules.room_positions = (lo, hx, hy);
            }
        }
        n.map_row_chars = self
            .map_row_chars
            .unwrap_or_else(|| super::format::Numbering::map_row_chars_of(&n.map_chars));
        Ok(())
    }
}

fn read(root: &Path, file: &str) -> Result<String, TreeError> {
    let bytes = std::fs::read(root.join(file))
        .map_err(|e| TreeError::io(root, &format!("cannot read {file}"), e))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// C source without comments (`/* */` and `//`), strings kept.
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let b = text.as_bytes();
    let mut i = 0;
    let mut in_string = false;
    while i < b.len() {
        if in_string {
            if b[i] == b'\\' && i + 1 < b.len() {
                out.push_str(&text[i..i + 2]);
                i += 2;
                continue;
            }
            in_string = b[i] != b'"';
        } else if b[i..].starts_with(b"/*") {
            i = text[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
            out.push(' ');
            continue;
        } else if b[i..].starts_with(b"//") {
            i = text[i..].find('\n').map_or(b.len(), |e| i + e);
            continue;
        } else if b[i] == b'"' {
            in_string = true;
        }
        let c = text[i..].chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// The member declarations (type, names) of the struct a `typedef` or a
/// `struct NAME` defines, in order.
fn struct_members(text: &str, name: &str) -> Option<Vec<(String, Vec<String>)>> {
    let body = typedef_body(text, name).or_else(|| tagged_body(text, name))?;
    let mut members = Vec::new();
    for decl in body.split(';') {
        let decl = decl.trim();
        if decl.is_empty() || decl.starts_with('#') {
            continue;
        }
        // `xchar x, y, mask` or `struct couple lev`: the type is every word
        // before the first name.
        let (head, rest) = match decl.find(',') {
            Some(comma) => decl.split_at(comma),
            None => (decl, ""),
        };
        let words: Vec<&str> = head.split_whitespace().collect();
        let (first_name, ty) = words.split_last()?;
        let mut names = vec![first_name.trim_matches('*').to_string()];
        names.extend(
            rest.split(',')
                .map(|n| n.trim().trim_matches('*').to_string())
                .filter(|n| !n.is_empty()),
        );
        members.push((ty.join(" "), names));
    }
    Some(members)
}

/// The body of `typedef struct { … } name;`.
fn typedef_body<'t>(text: &'t str, name: &str) -> Option<&'t str> {
    let mut search = 0;
    while let Some(at) = text[search..].find('}') {
        let close = search + at;
        search = close + 1;
        let after = text[close + 1..].trim_start();
        let Some(rest) = after.strip_prefix(name) else {
            continue;
        };
        if !rest.trim_start().starts_with(';') {
            continue;
        }
        let open = matching_open(text, close)?;
        return Some(&text[open + 1..close]);
    }
    None
}

/// The body of `struct name { … };`.
fn tagged_body<'t>(text: &'t str, name: &str) -> Option<&'t str> {
    let start = text.find(&format!("struct {name} {{")).or_else(|| {
        text.find(&format!("struct {name}\n{{"))
            .or_else(|| text.find(&format!("struct {name}\t{{")))
    })?;
    let open = start + text[start..].find('{')?;
    let close = open + text[open..].find('}')?;
    Some(&text[open + 1..close])
}

fn matching_open(text: &str, close: usize) -> Option<usize> {
    let mut depth = 0;
    for (i, c) in text[..close].char_indices().rev() {
        match c {
            '}' => depth += 1,
            '{' if depth == 0 => return Some(i),
            '{' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// The declared type of member `member` of the record `record` (`xchar`).
fn member_type(text: &str, record: &str, member: &str) -> Option<String> {
    struct_members(text, record)?
        .into_iter()
        .find(|(_, names)| names.iter().any(|n| n == member))
        .map(|(ty, _)| ty)
}

/// The C type of a member declared with type words `ty`.
fn ctype_of(ty: &str) -> Option<CType> {
    let last = ty.split_whitespace().last()?;
    Some(match last {
        "char" | "xchar" | "schar" | "uchar" | "boolean" | "aligntyp" => CType::Char,
        "short" => CType::Short,
        "int" | "unsigned" => CType::Int,
        "long" if ty.contains("long long") => CType::LongLong,
        "long" => CType::Long,
        _ => return None,
    })
}

/// Reads the format of the tree at `root`, whose level files are in
/// `dialect`: a 3.4.3-family tree's records, a 3.6-family tree's opcode
/// program format, and for both the dungeon records, header word, rules
/// and the probe's numbering source.
pub(super) fn read_tree_format(root: &Path, dialect: Dialect) -> Result<TreeFormat, TreeError> {
    let sp_lev = strip_comments(&read(root, "include/sp_lev.h")?);
    let dgn_file = strip_comments(&read(root, "include/dgn_file.h")?);
    let global = strip_comments(&read(root, "include/global.h")?);
    let lev_comp_y = read(root, "util/lev_comp.y")?;
    let lev_comp_l = read(root, "util/lev_comp.l")?;
    let mut format = RecordFormat::nethack_343();
    match dialect {
        Dialect::NetHack343 => read_records(root, &sp_lev, &mut format)?,
        Dialect::NetHack36 => {
            let lev_main = strip_comments(&read(root, "util/lev_main.c")?);
            let mut program = read_program(root, &sp_lev, &lev_comp_y, &lev_comp_l)?;
            read_language(
                root,
                &sp_lev,
                &lev_main,
                &lev_comp_y,
                &lev_comp_l,
                &mut program,
            )?;
            format.program = Some(program);
            // Every list of its numbering is the probe's: none is 3.4.3's.
            format.numbering = Numbering::empty();
        }
    }
    format.header_word = struct_members(&global, "version_info")
        .and_then(|m| m.first().and_then(|(ty, _)| ctype_of(ty)))
        // `unsigned int` in the NetHack4 family (a 12-byte header).
        .filter(|t| matches!(t, CType::Int | CType::Long | CType::LongLong))
        .unwrap_or(CType::Long);

    // lev_comp.y's `random` coordinate: -MAX_REGISTERS-1 in 3.4.3.
    let marker = "current_coord.x = current_coord.y = -MAX_REGISTERS-";
    if let Some(at) = lev_comp_y.find(marker) {
        let digits: String = lev_comp_y[at + marker.len()..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        if let Ok(n) = digits.parse::<i8>() {
            format.random_coordinate = -10 - n;
        }
    }

    for (record, slot) in [
        ("tmpdungeon", &mut format.dungeon_members),
        ("tmpbranch", &mut format.branch_members),
    ] {
        let members = struct_members(&dgn_file, record).ok_or_else(|| {
            TreeError::new(
                root,
                format!("include/dgn_file.h defines no `struct {record}`"),
            )
        })?;
        *slot = members
            .into_iter()
            .filter(|(ty, _)| ty == "int")
            .flat_map(|(_, names)| names)
            .map(|n| {
                DungeonMember::from_name(&n).ok_or_else(|| {
                    TreeError::new(
                        root,
                        format!("include/dgn_file.h: `{record}` has a member `{n}` levbuild does not know"),
                    )
                })
            })
            .collect::<Result<_, _>>()?;
    }

    format.dungeon_rules = dungeon_rules(&read(root, "util/dgn_comp.y")?);
    // The 3.4.3 family's makedefs has them all; of a 3.6-language tree,
    // SporkHack's and UnNetHack's (3.4.3's makedefs), not 3.6's.
    format.dungeon_rules.percent_conditionals =
        dialect == Dialect::NetHack343 || read(root, "util/makedefs.c")?.contains("check_control(");
    let (rules, room_position_bounds) = level_rules(&lev_comp_y);
    format.level_rules = rules;
    format.hallucination_messages = hallucination_messages(&read(root, "util/lev_main.c")?);
    format.level_rules.sanity_flags = lev_comp_l.contains("return SANITYFLAG;");
    if dialect == Dialect::NetHack36 {
        opcode_grammar_rules(
            root,
            &lev_comp_y,
            &mut format.level_rules,
            format.program.as_ref(),
        )?;
        lexer_rules(&lev_comp_l, &mut format.level_rules);
        // Only a game with random vaults has a vaults.dat line to say.
        format.level_rules.vault_min_depth =
            lev_comp_l.contains("MINDEPTH") || !lev_comp_l.contains("VAULTGEN");
    }
    let numbers_source = numbers_source(root, &sp_lev, &lev_comp_l, &lev_comp_y)?;
    Ok(TreeFormat {
        format,
        numbers_source,
        after_probe: AfterProbe {
            joined_foregrounds: joined_foreground_names(&lev_comp_y),
            room_position_bounds,
            map_row_chars: map_row_class(&lev_comp_l),
        },
    })
}

/// A 3.6-family tree's opcode program format: its `sp_lev.h` enums of
/// opcodes and monster and object properties, each in order.
fn read_program(
    root: &Path,
    sp_lev: &str,
    lev_comp_y: &str,
    lev_comp_l: &str,
) -> Result<ProgramFormat, TreeError> {
    // An enum in 3.6; `#define`s in the early opcode games (SporkHack,
    // UnNetHack), whose property lists are no enum.
    let list = |name: &str, prefix: &str, end: &str| {
        let read = match sp_lev.contains(&format!("enum {name}")) {
            true => enum_names(sp_lev, name, prefix, end),
            false => define_names(sp_lev, prefix, end),
        };
        read.map_err(|why| match sp_lev.contains(&format!("enum {name}")) {
            true => TreeError::new(root, format!("include/sp_lev.h: enum {name}: {why}")),
            false => TreeError::new(
                root,
                format!("include/sp_lev.h: the {prefix} defines: {why}"),
            ),
        })
    };
    Ok(ProgramFormat {
        opcodes: list("opcode_defs", "SPO_", "MAX_SP_OPCODES")?,
        monster_properties: list("sp_mon_var_flags", "SP_M_V_", "SP_M_V_END")?,
        object_properties: list("sp_obj_var_flags", "SP_O_V_", "SP_O_V_END")?,
        region_pack_int: region_pack_int(sp_lev),
        value_offset: value_offset(sp_lev)
            .map_err(|why| TreeError::new(root, format!("include/sp_lev.h: {why}")))?,
        random_coord_flag: define_value(sp_lev, "SP_COORD_IS_RANDOM"),
        // 3.6's lev_comp.y casts every add_opvars value with VA_PASS.
        int_varargs: !lev_comp_y.contains("VA_PASS"),
        region_default_flags: region_default_flags(lev_comp_y).ok_or_else(|| {
            TreeError::new(
                root,
                "util/lev_comp.y: its region_detail rule gives a REGION without flags none \
                 levbuild can read",
            )
        })?,
        level_inits: level_inits(sp_lev).ok_or_else(|| {
            TreeError::new(
                root,
                "include/sp_lev.h defines no LVLINIT_ kinds (enum lvlinit_types or #define LVLINIT_)",
            )
        })?,
        filling_words: lex_words(lev_comp_l, "FILLING")
            .into_iter()
            .map(|(word, v)| match v.parse() {
                Ok(v) => Ok((word.into(), v)),
                Err(_) => Err(TreeError::new(
                    root,
                    format!("util/lev_comp.l: `{word}` is FILLING `{v}`, not a number"),
                )),
            })
            .collect::<Result<_, _>>()?,
        region_unfilled_offset: rule_text(lev_comp_y, "region_detail", "SPO_REGION")
            .is_some_and(|r| r.contains("MAXRTYPE+1")),
        room_flags_from_alignment: room_flags_from_alignment(lev_comp_y).ok_or_else(|| {
            TreeError::new(
                root,
                "util/lev_comp.y: its room_def rule writes a ROOM's flags from neither its \
                 alignment ($8) nor its flags ($10)",
            )
        })?,
        // Door materials are the probe's `ND` lines; grammar forms, core
        // functions and methods and sound types read_language's.
        ..ProgramFormat::empty()
    })
}

/// What a 3.6-family tree's language has beyond 3.6.7's: the
/// [`GrammarForm`]s its `lev_comp.y` and `lev_comp.l` have, and its core
/// functions and variable methods (`lev_main.c`'s `core_vars[]` and
/// `core_methods[]`, numbered by `sp_lev.h`'s `enum corefuncs`).
fn read_language(
    root: &Path,
    sp_lev: &str,
    lev_main: &str,
    lev_comp_y: &str,
    lev_comp_l: &str,
    program: &mut ProgramFormat,
) -> Result<(), TreeError> {
    let error = |why: String| TreeError::new(root, why);
    let squeezed: String = lev_comp_y.split_whitespace().collect();
    let lexes = |token: &str| {
        lev_comp_l.lines().any(|l| {
            l.contains(&format!("return {token};")) || l.contains(&format!("ST_RET({token})"))
        })
    };
    let forms = [
        (
            GrammarForm::HeaderStatements,
            squeezed.contains("header_stmt:function_define"),
        ),
        (
            GrammarForm::SheolInit,
            lexes("SHEOL_ID") && program.level_init("SHEOL").is_some(),
        ),
        (
            GrammarForm::DottedNames,
            lev_comp_l
                .lines()
                .any(|l| l.starts_with("[a-zA-Z_](\\.?[a-zA-Z_0-9]+)*")),
        ),
        (
            GrammarForm::CountedNames,
            lev_main.contains("mangle_fname("),
        ),
        (
            GrammarForm::SpillOperands,
            squeezed.contains(
                "spill_detail:SPILL_ID':'coord_or_var','mapchar_or_var','DIRECTION','math_expr_var",
            ),
        ),
    ];
    // SOUNDS's words, valued by their LVLSND_ defines (rm.h).
    let rm_h = strip_comments(&read(root, "include/rm.h")?);
    for (word, constant) in lex_words(lev_comp_l, "MSG_OUTPUT_TYPE") {
        let v = define_value(&rm_h, &constant)
            .or_else(|| define_value(sp_lev, &constant))
            .ok_or_else(|| {
                error(format!(
                    "util/lev_comp.l: `{word}` is `{constant}`, which include/rm.h does not define"
                ))
            })?;
        program.sound_types.push((word.into(), v));
    }
    program.grammar = forms
        .into_iter()
        .filter(|(_, has)| *has)
        .map(|(f, _)| f)
        .collect();
    if !sp_lev.contains("enum corefuncs") {
        return Ok(());
    }
    let numbers = enum_names(sp_lev, "corefuncs", "COREFUNC_", "NUM_COREFUNCS")
        .map_err(|why| error(format!("include/sp_lev.h: enum corefuncs: {why}")))?;
    let number = |name: &str| {
        let short = name.strip_prefix("COREFUNC_").unwrap_or(name);
        position_of(&numbers, short).ok_or_else(|| {
            error(format!(
                "util/lev_main.c: `{name}` is no COREFUNC_ of include/sp_lev.h"
            ))
        })
    };
    let spovar = |expr: &str| -> Result<i64, TreeError> {
        let mut v = 0;
        for part in expr.split('|') {
            let name = part.trim();
            v |= define_value(sp_lev, name)
                .ok_or_else(|| error(format!("include/sp_lev.h defines no `{name}`")))?;
        }
        Ok(v)
    };
    for fields in table_rows(lev_main, "core_vars") {
        let [func, word, params, ret] = &fields[..] else {
            return Err(error(format!(
                "util/lev_main.c: core_vars[]: `{}`",
                fields.join(", ")
            )));
        };
        let (Some(word), Some(params)) = (unquote(word), unquote(params)) else {
            return Err(error(format!(
                "util/lev_main.c: core_vars[]: `{}`",
                fields.join(", ")
            )));
        };
        let returns = ret.trim_matches('\'').bytes().next().unwrap_or(b' ');
        program.core_functions.push(CoreFunction {
            word: word.into(),
            number: number(func)?,
            params: params.into(),
            returns,
        });
    }
    for fields in table_rows(lev_main, "core_methods") {
        let [func, on, word, ret] = &fields[..] else {
            return Err(error(format!(
                "util/lev_main.c: core_methods[]: `{}`",
                fields.join(", ")
            )));
        };
        let Some(word) = unquote(word) else {
            return Err(error(format!(
                "util/lev_main.c: core_methods[]: `{}`",
                fields.join(", ")
            )));
        };
        program.core_methods.push(CoreMethod {
            word: word.into(),
            on: spovar(on)?,
            number: number(func)?,
            returns: spovar(ret)?,
        });
    }
    Ok(())
}

/// The position of `name` in `names`.
fn position_of(names: &[Box<str>], name: &str) -> Option<i64> {
    names.iter().position(|n| &**n == name).map(|i| i as i64)
}

/// The `{ a, b, … }` rows of `lev_main.c`'s table `name[]`, each row's
/// fields trimmed, up to its `{0, …}` or `{NULL…}` end row.
fn table_rows(lev_main: &str, name: &str) -> Vec<Vec<String>> {
    let Some(at) = lev_main.find(&format!("}} {name}[] = {{")) else {
        return Vec::new();
    };
    let open = at + 2 + lev_main[at + 2..].find('{').unwrap_or(0);
    let close = open + lev_main[open..].find("};").unwrap_or(0);
    let mut rows = Vec::new();
    for row in lev_main[open + 1..close].split('{').skip(1) {
        let body = row.split('}').next().unwrap_or("");
        let fields: Vec<String> = split_fields(body);
        if fields.first().is_some_and(|f| f == "0") {
            break;
        }
        rows.push(fields);
    }
    rows
}

/// `body`'s comma-separated fields, commas in quotes kept.
fn split_fields(body: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    for c in body.chars() {
        match c {
            ',' if !quoted => fields.push(String::new()),
            _ => {
                quoted ^= c == '"';
                if let Some(f) = fields.last_mut() {
                    f.push(c);
                }
            }
        }
    }
    fields.into_iter().map(|f| f.trim().to_string()).collect()
}

/// A C string literal's text (no escapes in these tables).
fn unquote(field: &str) -> Option<&str> {
    field.strip_prefix('"')?.strip_suffix('"')
}

/// `sp_lev.h`'s `LVLINIT_` kinds and numbers: `enum lvlinit_types`
/// (numbered by position unless given) or `#define LVLINIT_NAME n` lines.
fn level_inits(sp_lev: &str) -> Option<Vec<(Box<str>, i64)>> {
    let mut inits = Vec::new();
    if let Some(at) = sp_lev.find("enum lvlinit_types") {
        let open = at + sp_lev[at..].find('{')?;
        let close = open + sp_lev[open..].find('}')?;
        let mut next = 0;
        for entry in sp_lev[open + 1..close].split(',') {
            let (name, value) = match entry.split_once('=') {
                Some((n, v)) => (n.trim(), v.trim().parse().ok()?),
                None => (entry.trim(), next),
            };
            if let Some(short) = name.strip_prefix("LVLINIT_") {
                inits.push((short.into(), value));
                next = value + 1;
            }
        }
    } else {
        for line in sp_lev.lines() {
            let mut words = line.split_whitespace();
            if words.next() != Some("#define") {
                continue;
            }
            let (Some(name), Some(value)) = (words.next(), words.next()) else {
                continue;
            };
            if let (Some(short), Ok(v)) = (name.strip_prefix("LVLINIT_"), value.parse()) {
                inits.push((short.into(), v));
            }
        }
    }
    (!inits.is_empty()).then_some(inits)
}

/// What `SP_MONST_PACK`, `SP_OBJ_PACK` and `SP_MAPCHAR_PACK` add to the
/// value they shift (`((10 + (pm)) << 8)` in 3.6.7, `((( m ) << 8)` in
/// SporkHack): one number for the three, or an error naming them.
fn value_offset(sp_lev: &str) -> Result<i64, String> {
    let offset = |name: &str| -> Result<i64, String> {
        let at = sp_lev
            .find(&format!("define {name}("))
            .ok_or_else(|| format!("no {name}"))?;
        let line: String = sp_lev[at..]
            .lines()
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        let body = &line[line.find(')').map_or(line.len(), |i| i + 1)..];
        // `(N+(` before the shifted value, or none.
        let Some(plus) = body.find("+(") else {
            return Ok(0);
        };
        let before = &body[..plus];
        let digits: String = before
            .chars()
            .rev()
            .take_while(char::is_ascii_digit)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        match digits.parse() {
            Ok(n) if before.ends_with(&digits) && body.find("<<8").is_some_and(|s| s > plus) => {
                Ok(n)
            }
            _ => Ok(0),
        }
    };
    let monster = offset("SP_MONST_PACK")?;
    for other in ["SP_OBJ_PACK", "SP_MAPCHAR_PACK"] {
        if offset(other)? != monster {
            return Err(format!(
                "SP_MONST_PACK adds {monster} but {other} does not: levbuild cannot pack its values"
            ));
        }
    }
    Ok(monster)
}

/// The number `#define NAME` gives (`0x01000000L`), if it is defined so.
fn define_value(text: &str, name: &str) -> Option<i64> {
    text.lines().find_map(|l| {
        let mut words = l
            .trim_start()
            .strip_prefix('#')?
            .trim_start()
            .strip_prefix("define")?
            .split_whitespace();
        (words.next() == Some(name)).then_some(())?;
        let v = words.next()?.trim_end_matches(['L', 'l', 'U', 'u']);
        match v.strip_prefix("0x").or_else(|| v.strip_prefix("0X")) {
            Some(hex) => i64::from_str_radix(hex, 16).ok(),
            None => v.parse().ok(),
        }
    })
}

/// `lev_comp.y`'s rule `name`, whitespace removed, up to the first
/// `until` in it.
fn rule_text(lev_comp_y: &str, name: &str, until: &str) -> Option<String> {
    let at = lev_comp_y.find(&format!("\n{name}"))?;
    let rule = &lev_comp_y[at..];
    Some(rule[..rule.find(until)?].split_whitespace().collect())
}

/// The flags `lev_comp.y`'s `region_detail` gives a `REGION` without
/// any: `if (rflags == -1) rflags = (1 << 0);` (3.6.7) or `if (flg ==
/// ERR) flg = 0;` (SporkHack).
fn region_default_flags(lev_comp_y: &str) -> Option<i64> {
    let rule = rule_text(lev_comp_y, "region_detail", "SPO_REGION")?;
    let after = rule
        .split("==-1)")
        .nth(1)
        .or_else(|| rule.split("==ERR)").nth(1))?;
    let value = after.split(';').next()?.split('=').nth(1)?;
    match value {
        "(1<<0)" | "1" | "ROOMF_FILLED" => Some(1),
        "0" => Some(0),
        _ => None,
    }
}

/// Whether `lev_comp.y`'s `room_def` action takes the flags it writes
/// from `$8`, the vertical alignment (3.6.7), or `$10`, the flags
/// (SporkHack); `None` for neither.
fn room_flags_from_alignment(lev_comp_y: &str) -> Option<bool> {
    let rule = rule_text(lev_comp_y, "room_def", "SPO_ROOM")?;
    if rule.contains("=$8;") {
        Some(true)
    } else if rule.contains("$10;") {
        Some(false)
    } else {
        None
    }
}

/// Whether `sp_lev.h`'s `SP_REGION_PACK` casts the packed region to `int`.
fn region_pack_int(sp_lev: &str) -> bool {
    let Some(at) = sp_lev.find("define SP_REGION_PACK(") else {
        return false;
    };
    let body = &sp_lev[at..];
    let body = &body[body.find(')').map_or(0, |i| i + 1)..];
    let squeezed: String = body
        .split_whitespace()
        .collect::<String>()
        .replace('\\', "");
    squeezed.starts_with("((int)")
}

/// The names of `enum NAME`'s entries before `end` (empty: all of
/// them), `prefix` dropped,
/// numbered by their position: an entry with a value of its own other
/// than its position is an error, as is an entry without the prefix.
fn enum_names(text: &str, name: &str, prefix: &str, end: &str) -> Result<Vec<Box<str>>, String> {
    let at = text.find(&format!("enum {name}")).ok_or("not defined")?;
    let open = at + text[at..].find('{').ok_or("no body")?;
    let close = open + text[open..].find('}').ok_or("no end")?;
    let mut names = Vec::new();
    for entry in text[open + 1..close].split(',') {
        let (entry, value) = match entry.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (entry.trim(), None),
        };
        if entry.is_empty() {
            continue;
        }
        if entry == end {
            return Ok(names);
        }
        let short = entry
            .strip_prefix(prefix)
            .ok_or_else(|| format!("`{entry}` is not a {prefix} name"))?;
        if let Some(v) = value {
            if v.parse::<usize>().ok() != Some(names.len()) {
                return Err(format!("`{entry} = {v}` is not numbered by its position"));
            }
        }
        names.push(short.into());
    }
    match end.is_empty() {
        true => Ok(names),
        false => Err(format!("no {end}")),
    }
}

/// The names of the `#define PREFIXNAME n` lines before `#define END`,
/// `prefix` dropped, in order: each must be numbered by its position
/// (`None` of them: an error naming `end`).
fn define_names(text: &str, prefix: &str, end: &str) -> Result<Vec<Box<str>>, String> {
    let mut names = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.trim_start().strip_prefix('#') else {
            continue;
        };
        let mut words = rest
            .trim_start()
            .strip_prefix("define")
            .unwrap_or("")
            .split_whitespace();
        let (Some(entry), Some(value)) = (words.next(), words.next()) else {
            continue;
        };
        if entry == end {
            return Ok(names);
        }
        let Some(short) = entry.strip_prefix(prefix) else {
            continue;
        };
        if value.parse::<usize>().ok() != Some(names.len()) {
            return Err(format!("`{entry} {value}` is not numbered by its position"));
        }
        names.push(short.into());
    }
    Err(format!("no {end}"))
}

/// A 3.4.3-family tree's records: the members its `sp_lev.h` records
/// have beyond NetHack 3.4.3's, and the lists its parts and rooms add.
fn read_records(root: &Path, sp_lev: &str, format: &mut RecordFormat) -> Result<(), TreeError> {
    for (record, name, vanilla) in VANILLA_MEMBERS {
        let members = struct_members(sp_lev, name).ok_or_else(|| {
            TreeError::new(root, format!("include/sp_lev.h defines no `{name}` record"))
        })?;
        let mut seen = 0;
        for (ty, names) in members {
            for n in names {
                seen += 1;
                if seen <= vanilla {
                    continue;
                }
                let ctype = ctype_of(&ty).filter(|t| *t != CType::LongLong).ok_or_else(|| {
                    TreeError::new(
                        root,
                        format!("include/sp_lev.h: `{ty} {n}` in `{name}` is not a type levbuild writes"),
                    )
                })?;
                format.extra_members.push(ExtraMember {
                    record,
                    name: n.into(),
                    ctype,
                });
            }
        }
    }
    let has_member = |record: &str, member: &str| {
        struct_members(sp_lev, record)
            .is_some_and(|m| m.iter().any(|(_, names)| names.iter().any(|n| n == member)))
    };
    format.forges = has_member("mazepart", "nforge") || has_member("room", "nforge");
    format.random_regions = has_member("mazepart", "nrndlreg");
    format.place_sets = has_member("mazepart", "nlocset");
    format.room_ladders = has_member("room", "nlad");

    Ok(())
}

/// Where `dgn_comp.y` checks differently from NetHack 3.4.3's: the value
/// of an absent `optional_int` (a dungeon's chance), whether its
/// "Reverse branching" check is compiled (not inside `#if 0`), and
/// whether each `DUNGEON:` line calls `check_dungeon()`.
fn dungeon_rules(dgn_comp_y: &str) -> DungeonRules {
    let mut rules = DungeonRules::nethack_343();
    let squeezed: String = dgn_comp_y.split_whitespace().collect();
    if let Some(at) = squeezed.find("optional_int:") {
        let value: String = squeezed[at..]
            .split("$$=")
            .nth(1)
            .unwrap_or("")
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '-')
            .collect();
        if let Ok(v) = value.parse() {
            rules.default_chance = v;
        }
    }
    rules.reverse_branch_check = match dgn_comp_y.find("Reverse branching") {
        None => false,
        Some(at) => {
            let before = &dgn_comp_y[..at];
            match before.rfind("#if 0") {
                Some(open) => before[open..].contains("#endif"),
                None => true,
            }
        }
    };
    rules.depth_check = squeezed.contains("if(!check_dungeon())");
    rules.name_length_checks = squeezed.contains("Levelnameistoolong");
    rules
}

/// Where `lev_comp.y` checks differently from NetHack 3.4.3's, as far as
/// its text says: the location types its joined-map check lets in front
/// (their names, resolved once the numbering is known: see
/// [`resolve_joined_foregrounds`]), the `ROOM` position bounds (their
/// words, resolved once the map size is known) and error, whether object
/// class `'#'` is let through, the smallest x of a level region and
/// whether `levregion()` may be empty.
fn level_rules(lev_comp_y: &str) -> (LevelRules, Option<[String; 3]>) {
    let mut rules = LevelRules::nethack_343();
    let squeezed: String = lev_comp_y.split_whitespace().collect();
    let mut bounds = None;
    if let Some(at) = squeezed.find("yyerror(\"Roompositionshouldbe") {
        // `if ($2 < LO || $2 > HX || $4 < LO || $4 > HY)` before it.
        let cond = &squeezed[squeezed[..at].rfind("if(").unwrap_or(at)..at];
        let words: Vec<String> = cond
            .split("||")
            .filter_map(|c| c.split_once(['<', '>']).map(|(_, w)| w))
            .map(|w| {
                w.chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect()
            })
            .collect();
        if let [lo, hx, _, hy] = &words[..] {
            match [lo, hx, hy].map(|w| w.parse::<i64>()) {
                [Ok(lo), Ok(hx), Ok(hy)] => rules.room_positions = (lo, hx, hy),
                // `COLNO`, `ROWNO`: the probe's numbers.
                _ => bounds = Some([lo.clone(), hx.clone(), hy.clone()]),
            }
        }
        // The message as written (the squeezed text lost its spaces).
        let start = lev_comp_y.find("yyerror(\"Room position should be");
        if let Some(message) = start.and_then(|s| lev_comp_y[s + 9..].split('"').next()) {
            rules.room_position_error = message.into();
        }
    }
    rules.named_objects = squeezed.contains("check_object_char(c)||c=='#'");
    rules.named_monsters = squeezed.contains("check_monster_char(c)||c=='#'");
    rules.ordinary_room_chance = !squeezed.contains("Onlytypedroomscanhaveachance");
    // `if ($3 <= 0 || $3 >= COLNO)` in 3.4.3's levregion; `$3 < 0` lets 0 in.
    if squeezed.contains("if($3<0||$3>=COLNO)") {
        rules.level_region_min_x = 0;
    }
    rules.empty_level_regions = squeezed.contains("LEV'('')'");
    (rules, bounds)
}

/// Whether `lev_main.c` writes a hallucination message (`tmphallumsg`,
/// after the level's message in its `write_common_data`).
fn hallucination_messages(lev_main: &str) -> bool {
    let squeezed: String = strip_comments(lev_main).split_whitespace().collect();
    squeezed.contains("Write(fd,tmphallumsg,")
}

/// Where a 3.6-language `lev_comp.y` differs from 3.6.7's (SporkHack's
/// early opcode grammar): a chance after the keyword, `WALLIFY` of a
/// region, `line A-B`, `SWITCH`'s `rn2` and its `BREAK`s; an error where
/// the game has `SPO_SPILL` and its `SPILL` rule is neither SporkHack's
/// nor UnNetHack's. (3.4.3's grammar has a chance after its keywords too,
/// in its own rows.)
fn opcode_grammar_rules(
    root: &Path,
    lev_comp_y: &str,
    rules: &mut LevelRules,
    program: Option<&ProgramFormat>,
) -> Result<(), TreeError> {
    let squeezed: String = lev_comp_y.split_whitespace().collect();
    // SPILL: SporkHack's form or UnNetHack's (`GrammarForm::SpillOperands`,
    // read_language's), or an error.
    let spork_spill =
        squeezed.contains("SPILL_ID':'coord_or_var','terrain_type','DIRECTION','INTEGER");
    if program.is_some_and(|p| {
        p.opcode("SPILL").is_some() && !p.has(GrammarForm::SpillOperands) && !spork_spill
    }) {
        return Err(TreeError::new(
            root,
            "util/lev_comp.y: its SPILL rule is neither SporkHack's nor UnNetHack's: levbuild cannot \
             compile its SPILL",
        ));
    }
    rules.keyword_chance = squeezed.contains("MONSTER_IDchance':'");
    rules.chance_statement = squeezed.contains("chancestatement:comparestmt':'");
    rules.wallify_region = squeezed.contains("WALLIFY_ID':'region_or_var");
    rules.line_dash = squeezed.contains("line_IDcoord_or_var'-'coord_or_var");
    rules.break_past_pop = squeezed.contains(
        "set_opvar_int(switch_break_list[i],splev->n_opcodes-switch_break_list[i]->vardata.l);",
    );
    rules.constant_amounts = squeezed.contains("GOLD_ID':'math_expr','");
    rules.replace_terrain_clamped =
        rule_text(lev_comp_y, "replace_terrain_detail", "SPO_REPLACETERRAIN")
            .is_some_and(|rule| rule.contains("elseif(chance>100)chance=100;"));
    rules.break_in_case_only = lev_comp_y.contains("\nbreakstatements");
    rules.room_flags_once = lev_comp_y.contains("Room flag defined twice.");
    if lev_comp_y.contains("Too many BREAKs inside single SWITCH") {
        let limit = define_value(lev_comp_y, "MAX_SWITCH_BREAKS").ok_or_else(|| {
            TreeError::new(
                root,
                "util/lev_comp.y limits a SWITCH's BREAKs without #define MAX_SWITCH_BREAKS",
            )
        })?;
        rules.switch_break_limit = usize::try_from(limit).unwrap_or(0);
    }
    rules.var_copy_by_name = squeezed.contains("\"siso\",$3,-1,$1,SPO_VAR_INIT");
    rules.for_integer_bounds = squeezed.contains("FOR_IDintvar_or_unk'='INTEGERint_spanINTEGER");
    rules.vault_kept_by_level = squeezed.contains("is_rnd_vault=1;rnd_vault_freq=1;")
        && !squeezed.contains("is_rnd_vault=0;");
    rules.switch_rn2_always = rule_text(lev_comp_y, "switchstatement", "SPO_RN2")
        .is_some_and(|rule| !rule.contains("is_inconstant_number"));
    Ok(())
}

/// Where `lev_comp.l` splits words differently from 3.6.7's: its
/// catch-all word rule without `-`, its variables with digits.
fn lexer_rules(lev_comp_l: &str, rules: &mut LevelRules) {
    let rule_starts = |prefix: &str| lev_comp_l.lines().any(|l| l.starts_with(prefix));
    if rule_starts("[a-zA-Z_][a-zA-Z_0-9]*") || rule_starts("[a-zA-Z_](\\.?[a-zA-Z_0-9]+)*") {
        rules.dash_in_words = false;
    }
    rules.percent_checked = lev_comp_l.contains("Unexpected percentile");
    rules.lexer_words = lexer_words(lev_comp_l);
    rules.digits_in_variables =
        rule_starts("\\$[a-zA-Z_][a-zA-Z_0-9]*") || rule_starts("\\$[a-zA-Z_](\\.?[a-zA-Z_0-9]+)*");
}

/// The words the rules of `lev_comp.l` spell out: of each rule's pattern
/// (after a `<STATE>`), the alternatives of `(A|B)`, both words of
/// `obj(ect)?` and quoted words, those that are words (letters, digits,
/// `_`, `-`), sorted.
fn lexer_words(lev_comp_l: &str) -> Vec<Box<str>> {
    let rules = lev_comp_l.split("\n%%").nth(1).unwrap_or(lev_comp_l);
    let is_word = |w: &str| {
        w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && w.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    };
    let mut words: Vec<Box<str>> = rules
        .lines()
        .filter(|l| !l.starts_with([' ', '\t', '/', '%', '{', '}', '#']))
        .filter_map(|l| l.split_whitespace().next())
        .map(|p| p.rsplit('>').next().unwrap_or(p))
        .flat_map(|p| {
            // `obj(ect)?`: both words.
            if let Some((stem, rest)) = p.split_once('(') {
                if let Some(tail) = rest.strip_suffix(")?") {
                    if is_word(stem) && is_word(&format!("{stem}{tail}")) {
                        return vec![Box::from(stem), format!("{stem}{tail}").into()];
                    }
                }
            }
            p.trim_matches(|c| c == '(' || c == ')')
                .split('|')
                .map(|w| w.trim_matches('"'))
                .filter(|w| is_word(w))
                .map(Box::from)
                .collect::<Vec<_>>()
        })
        .collect();
    words.sort();
    words.dedup();
    words
}

/// The names of the location types `lev_comp.y`'s joined-map check lets
/// in front (`init_lev.fg != CORR && init_lev.fg != ROOM …`).
fn joined_foreground_names(lev_comp_y: &str) -> Vec<String> {
    let squeezed: String = lev_comp_y.split_whitespace().collect();
    // 3.4.3's `yyerror("Invalid…`, 3.6's `lc_error("INIT_MAP: Invalid…`.
    let Some(at) = squeezed.find("Invalidforegroundtypeforjoinedmap") else {
        return Vec::new();
    };
    let start = squeezed[..at].rfind("if(").unwrap_or(at);
    squeezed[start..at]
        .split("fg!=")
        .skip(1)
        .map(|w| {
            w.chars()
                .take_while(|c| c.is_ascii_uppercase() || *c == '_')
                .collect()
        })
        .collect()
}

/// The names of `rm.h`'s location types from `STONE` to `MAX_TYPE`,
/// `#define`d or enumerated.
fn terrain_names(rm_h: &str) -> Vec<String> {
    let Some(start) = rm_h.find("STONE") else {
        return Vec::new();
    };
    let end = rm_h[start..]
        .find("MAX_TYPE")
        .map_or(rm_h.len(), |e| start + e);
    let span = &rm_h[start..end];
    let is_name = |w: &str| {
        !w.is_empty()
            && w.bytes()
                .all(|b| b.is_ascii_uppercase() || b == b'_' || b.is_ascii_digit())
    };
    let mut names = Vec::new();
    for line in format!("#define {span}").lines() {
        let line = line.trim();
        // `#define` or, indented as the NetHack4 family writes it, `# define`.
        let define = line
            .strip_prefix('#')
            .and_then(|d| d.trim_start().strip_prefix("define"));
        if let Some(rest) = define {
            let name = rest.split_whitespace().next().unwrap_or("");
            // A function-like macro (`IS_WALL(typ)`) is not a type.
            if is_name(name) && !rest.trim_start()[name.len()..].starts_with('(') {
                names.push(name.to_string());
            }
        } else if !line.starts_with('#') {
            for entry in line.split(',') {
                let name = entry.split('=').next().unwrap_or("").trim();
                if is_name(name) {
                    names.push(name.to_string());
                }
            }
        }
    }
    names.dedup();
    names
}

/// `{ "word", CONSTANT }` table `name[]` of `lev_main.c`, its lines as
/// written (conditionals kept), or `None` when it has none.
fn table_text(lev_main: &str, name: &str) -> Option<String> {
    let at = lev_main.find(&format!(" {name}[] = {{"))?;
    let open = at + lev_main[at..].find('{')?;
    let close = open + lev_main[open..].find("};")?;
    Some(lev_main[open + 1..close].to_string())
}

/// `word { yylval.i=CONSTANT; return KIND; }` rules of a lexer
/// (`lev_comp.l`; `dgn_comp.l` writes `return(KIND);`).
fn lex_words(lev_comp_l: &str, kind: &str) -> Vec<(String, String)> {
    let mut words = Vec::new();
    let returns = [format!("return {kind};"), format!("return({kind});")];
    for line in lev_comp_l.lines() {
        if !returns.iter().any(|r| line.contains(r.as_str())) {
            continue;
        }
        let word = line.split_whitespace().next().unwrap_or("");
        let Some(v) = line.split("yylval.i=").nth(1) else {
            continue;
        };
        let constant: String = v.chars().take_while(|&c| c != ';').collect();
        if word.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') && !word.is_empty() {
            words.push((word.to_string(), constant.trim().to_string()));
        }
    }
    words
}

/// The `dungeon.h` level region types `lev_comp.y` stores
/// (`tmplreg[nlreg]->rtype = LR_PORTAL;`), each once, in the order it
/// names them.
fn level_region_names(lev_comp_y: &str) -> Vec<String> {
    let squeezed: String = lev_comp_y.split_whitespace().collect();
    let mut names: Vec<String> = Vec::new();
    for piece in squeezed.split("->rtype=").skip(1) {
        let name: String = piece
            .chars()
            .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
            .collect();
        if name.starts_with("LR_") && !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// `what_map_char`'s body in `lev_main.c`, from its `{` to the `}` that
/// closes it at the start of a line.
fn map_char_body(lev_main: &str) -> Option<&str> {
    // The definition, not a prototype or a call: its parameter list is
    // followed by its body (after K&R parameter declarations), not `;`.
    let at = lev_main
        .match_indices("what_map_char(")
        .map(|(i, _)| i)
        .find(|&i| {
            let starts_line = lev_main[..i].ends_with('\n') || lev_main[..i].ends_with("\nchar ");
            let close = lev_main[i..].find(')').map(|c| i + c + 1);
            starts_line && close.is_some_and(|c| !lev_main[c..].trim_start().starts_with(';'))
        })?;
    let open = at + lev_main[at..].find('{')?;
    let close = open + lev_main[open..].find("\n}")?;
    Some(&lev_main[open..close + 2])
}

/// The probe function that prints the tree's numbering, one fact a line:
/// `NT value name` (terrain), `NC char value` (map characters), `NR`,
/// `NP`, `NE`, `NL`, `NO`, `ND`, `NY`, `NK value word` (room types,
/// traps, engravings, level flags, object flags, door materials, dungeon
/// descriptors, curse states), `NQ value name` (level region types),
/// `NX name value` (limits), `NA`/`NG index name` (artifacts, gods).
fn numbers_source(
    root: &Path,
    sp_lev: &str,
    lev_comp_l: &str,
    lev_comp_y: &str,
) -> Result<String, TreeError> {
    let rm_h = strip_comments(&read(root, "include/rm.h")?);
    let lev_main = read(root, "util/lev_main.c")?;
    let mut c = String::from(
        "#include <stdio.h>\n#include \"hack.h\"\n#include \"sp_lev.h\"\n#include \"mkroom.h\"\n\
         #include \"trap.h\"\n#include \"dgn_file.h\"\n",
    );
    let body = map_char_body(&lev_main)
        .ok_or_else(|| TreeError::new(root, "util/lev_main.c has no what_map_char"))?;
    c.push_str(
        "#undef SpinCursor\n#define SpinCursor(n)\n\
         static char levbuild_warned[512];\n\
         static void levbuild_warning(const char *s)\n{\n    unsigned i;\n    \
         if (levbuild_warned[0])\n        return;\n    \
         for (i = 0; s[i] && i + 1 < sizeof levbuild_warned; i++)\n        \
         levbuild_warned[i] = s[i];\n    levbuild_warned[i] = 0;\n}\n\
         static void levbuild_print_warned(int c)\n{\n    const char *p;\n    \
         if (!levbuild_warned[0])\n        return;\n    printf(\"NW %d \", c);\n    \
         for (p = levbuild_warned; *p; p++) {\n        unsigned char b = (unsigned char) *p;\n        \
         if (b < 32 || b > 126 || b == '\\\\')\n            printf(\"\\\\x%02x\", b);\n        \
         else\n            putchar(b);\n    }\n    putchar('\\n');\n}\n\
         #define yywarning levbuild_warning\n\
         #define lc_warning levbuild_warning\n\
         static int levbuild_map_char(char c)\n",
    );
    c.push_str(body);
    c.push_str("\n#undef yywarning\n#undef lc_warning\n");
    // Each number as lev_comp stores it: converted to the type of the
    // `sp_lev.h` member it is assigned to (an `xchar`: SLASH'EM Extended's
    // trap 180 is stored, and read back, as -76).
    for (name, table, record, member) in [
        ("room_types", "NR", "room", "rtype"),
        ("trap_types", "NP", "trap", "type"),
    ] {
        let text = table_text(&lev_main, name).ok_or_else(|| {
            TreeError::new(root, format!("util/lev_main.c has no {name}[] table"))
        })?;
        let stored = member_type(sp_lev, record, member).unwrap_or_else(|| "int".into());
        let _ = write!(
            c,
            "static struct {{ const char *name; int type; }} levbuild_{name}[] = {{{text}}};\n\
             static void levbuild_print_{name}(void)\n{{\n    unsigned i;\n    \
             for (i = 0; i < sizeof levbuild_{name} / sizeof levbuild_{name}[0]; i++)\n        \
             if (levbuild_{name}[i].name)\n            \
             printf(\"{table} %d %s\\n\", (int) ({stored}) levbuild_{name}[i].type, levbuild_{name}[i].name);\n}}\n"
        );
    }
    // The names lev_comp looks artifacts (and gods) up in, as makedefs
    // includes them (the NetHack4 family's artilist.h lists only names
    // with ARTINAMES_H, as its artinames.h).
    let gods = root.join("include/godlist.h").is_file();
    c.push_str(
        "#define MAKEDEFS_C\n#define ARTINAMES_H\n#include \"artilist.h\"\n#undef ARTINAMES_H\n",
    );
    if gods {
        c.push_str("#include \"godlist.h\"\n");
    }
    c.push_str("#undef MAKEDEFS_C\n");
    c.push_str("void levbuild_numbers(void)\n{\n    int c;\n");
    c.push_str(
        "    for (c = 0; artifact_names[c]; c++)\n        printf(\"NA %d %s\\n\", c, artifact_names[c]);\n",
    );
    if gods {
        c.push_str(
            // Entry 0 is no god (a null name in notnotdNetHack's list).
            "    for (c = 1; god_names[c]; c++)\n        printf(\"NG %d %s\\n\", c, god_names[c]);\n",
        );
    }
    for name in terrain_names(&rm_h) {
        let _ = writeln!(c, "    printf(\"NT %d {name}\\n\", (int) ({name}));");
    }
    // Each map character, and the warning lev_comp gives reading it.
    c.push_str(
        "    for (c = 1; c < 256; c++) {\n        int t;\n        levbuild_warned[0] = 0;\n        \
         t = levbuild_map_char((char) c);\n        \
         if (t != INVALID_TYPE)\n            printf(\"NC %d %d\\n\", c, t);\n        \
         levbuild_print_warned(c);\n    }\n",
    );
    c.push_str("    levbuild_print_room_types();\n    levbuild_print_trap_types();\n");
    for (kind, tag) in [
        ("ENGRAVING_TYPE", "NE"),
        ("FLAG_TYPE", "NL"),
        ("OBJFLAG_TYPE", "NO"),
        ("CURSE_TYPE", "NK"),
        ("LIGHT_STATE", "NI"),
        ("DOOR_MATERIAL", "ND"),
    ] {
        for (word, constant) in lex_words(lev_comp_l, kind) {
            let _ = writeln!(
                c,
                "    printf(\"{tag} %ld {word}\\n\", (long) ({constant}));"
            );
        }
    }
    for name in level_region_names(lev_comp_y) {
        let _ = writeln!(c, "    printf(\"NQ %ld {name}\\n\", (long) ({name}));");
    }
    // dgn_comp.l's DESCRIPTOR words, where the tree has one.
    if let Ok(dgn_comp_l) = std::fs::read_to_string(root.join("util/dgn_comp.l")) {
        for (word, constant) in lex_words(&dgn_comp_l, "DESCRIPTOR") {
            let _ = writeln!(c, "    printf(\"NY %ld {word}\\n\", (long) ({constant}));");
        }
    }
    for limit in [
        "MAXDUNGEON",
        "MAXLEVEL",
        "LEV_LIMIT",
        "BRANCH_LIMIT",
        "COLNO",
        "ROWNO",
    ] {
        let _ = writeln!(
            c,
            "#ifdef {limit}\n    printf(\"NX {limit} %ld\\n\", (long) ({limit}));\n#endif"
        );
    }
    c.push_str("}\n");
    Ok(c)
}

/// The kinds of `N` lines: `NT`, `NC`, `NR`, `NP`, `NE`, `NL`, `NX`, `NA`,
/// `NG`, `NO`, `NW`, `ND`, `NY`, `NK`, `NQ`, `NI`.
pub(super) const PROBE_TABLES: usize = 16;

/// Applies one `N` line of the probe's output to `format`'s numbering
/// (the first line of a kind replaces NetHack 3.4.3's list); `false` for
/// a line that is not one.
pub(super) fn apply_probe_line(
    format: &mut RecordFormat,
    fresh: &mut [bool; PROBE_TABLES],
    line: &str,
) -> bool {
    let mut parts = line.splitn(3, ' ');
    let (Some(tag), Some(a), Some(b)) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let n = &mut format.numbering;
    let slot = [
        "NT", "NC", "NR", "NP", "NE", "NL", "NX", "NA", "NG", "NO", "NW", "ND", "NY", "NK", "NQ",
        "NI",
    ]
    .iter()
    .position(|t| *t == tag);
    let Some(slot) = slot else { return false };
    let first = !std::mem::replace(&mut fresh[slot], true);
    let small = |v: &str| v.parse::<i64>().ok().and_then(|v| i8::try_from(v).ok());
    match tag {
        "NT" => {
            if first {
                n.terrain.clear();
            }
            let Some(v) = small(a).and_then(|v| usize::try_from(v).ok()) else {
                return false;
            };
            if n.terrain.len() <= v {
                n.terrain.resize(v + 1, "".into());
            }
            n.terrain[v] = b.into();
        }
        "NC" => {
            if first {
                n.map_chars.clear();
            }
            let (Some(c), Some(t)) = (a.parse::<u8>().ok(), small(b)) else {
                return false;
            };
            n.map_chars.push((c, t));
        }
        "NW" => {
            if first {
                n.map_char_warnings.clear();
            }
            let (Some(c), Some(message)) = (a.parse::<u8>().ok(), unescape(b)) else {
                return false;
            };
            n.map_char_warnings.push((c, message.into()));
        }
        "NR" | "NP" | "NE" | "NK" | "NQ" | "NI" => {
            let table = match tag {
                "NR" => &mut n.room_types,
                "NP" => &mut n.traps,
                "NK" => &mut n.curse_states,
                "NI" => &mut n.light_states,
                "NQ" => &mut n.level_regions,
                _ => &mut n.engravings,
            };
            if first {
                table.clear();
            }
            let Some(v) = small(a) else { return false };
            table.push((b.into(), v));
        }
        "NY" => {
            if first {
                n.dungeon_descriptors.clear();
            }
            let Ok(v) = a.parse::<i32>() else {
                return false;
            };
            n.dungeon_descriptors.push((b.into(), v));
        }
        "ND" => {
            let (Some(program), Ok(v)) = (&mut format.program, a.parse::<i64>()) else {
                return false;
            };
            program.door_materials.push((b.into(), v));
        }
        "NA" | "NG" => {
            let names = if tag == "NA" {
                &mut n.artifacts
            } else {
                &mut n.gods
            };
            if tag == "NG" && names.is_empty() {
                names.push("".into());
            }
            if names.len() != a.parse::<usize>().unwrap_or(usize::MAX) {
                return false;
            }
            names.push(b.into());
        }
        "NL" | "NO" => {
            let table = match tag {
                "NL" => &mut n.level_flags,
                _ => &mut n.object_flags,
            };
            if first {
                table.clear();
            }
            let Ok(v) = a.parse::<i64>() else {
                return false;
            };
            table.push((b.into(), v));
        }
        _ => {
            let Ok(v) = b.parse::<usize>() else {
                return false;
            };
            match a {
                "MAXDUNGEON" => format.limits.dungeons = v,
                "MAXLEVEL" => format.limits.depth = v as i64,
                "LEV_LIMIT" => format.limits.special_levels = v,
                "BRANCH_LIMIT" => format.limits.branches = v,
                "COLNO" => format.level_rules.map_size.0 = v as i64,
                "ROWNO" => format.level_rules.map_size.1 = v as i64,
                _ => return false,
            }
        }
    }
    true
}

/// The probe's text of a warning: `\\xNN` stands for a byte that is no
/// printable ASCII, or a backslash (`None` for a broken escape).
fn unescape(text: &str) -> Option<String> {
    let mut out = Vec::with_capacity(text.len());
    let mut bytes = text.bytes();
    while let Some(b) = bytes.next() {
        if b != b'\\' {
            out.push(b);
            continue;
        }
        let (Some(b'x'), Some(h), Some(l)) = (bytes.next(), bytes.next(), bytes.next()) else {
            return None;
        };
        let hex = [h, l];
        let hex = std::str::from_utf8(&hex).ok()?;
        out.push(u8::from_str_radix(hex, 16).ok()?);
    }
    Some(String::from_utf8_lossy(&out).into_owned())
}

/// The bytes `lev_comp.l`'s map row rule (`<MAPC>[...]*\r?\n`) takes,
/// sorted: `None` where it has no such rule or its class is not a plain
/// list of ASCII characters and ranges.
fn map_row_class(lev_comp_l: &str) -> Option<Vec<u8>> {
    let rule = lev_comp_l
        .lines()
        .find_map(|l| l.strip_prefix("<MAPC>["))?
        .as_bytes();
    let mut chars = Vec::new();
    let mut i = 0;
    loop {
        let c = match *rule.get(i)? {
            b']' if i > 0 => break,
            b'^' if i == 0 => return None,
            b'\\' => {
                i += 1;
                match *rule.get(i)? {
                    b'n' => b'\n',
                    b'r' => b'\r',
                    b't' => b'\t',
                    c if c.is_ascii_alphanumeric() => return None,
                    c => c,
                }
            }
            c => c,
        };
        i += 1;
        chars.push(c);
        // `a-z`: a range (a `-` first or last is itself).
        if rule.get(i) == Some(&b'-') && rule.get(i + 1).is_some_and(|&e| e != b']') {
            let end = *rule.get(i + 1)?;
            if end == b'\\' || end < c {
                return None;
            }
            chars.extend(c + 1..=end);
            i += 2;
        }
    }
    chars.is_ascii().then(|| super::format::sorted_bytes(chars))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn struct_members_read_typedefs_and_tags() {
        let h = strip_comments(
            "typedef struct {\n\txchar x, y, mask; /* m */\n\tshort arti_key; // k\n} door;\n\
             struct tmpbranch {\n char name[24];\n struct couple lev;\n int chain, type;\n int up;\n};\n",
        );
        let door = struct_members(&h, "door").unwrap();
        assert_eq!(door[1], ("short".to_string(), vec!["arti_key".to_string()]));
        let branch = struct_members(&h, "tmpbranch").unwrap();
        assert_eq!(branch[2].1, vec!["chain", "type"]);
        assert_eq!(ctype_of("unsigned long long"), Some(CType::LongLong));
        assert_eq!(ctype_of("aligntyp"), Some(CType::Char));
    }

    #[test]
    fn lev_comp_rules_are_read_from_its_grammar() {
        let vanilla = "if ( $2 < 1 || $2 > 5 ||\n $4 < 1 || $4 > 5 ) {\n yyerror(\"Room position should be between 1 & 5!\");\n\
                       if (init_lev.joined && init_lev.fg != CORR && init_lev.fg != ROOM)\n yyerror(\"Invalid foreground type for joined map.\");\n\
                       yyerror(\"Only typed rooms can have a chance!\");";
        assert_eq!(level_rules(vanilla), (LevelRules::nethack_343(), None));
        assert_eq!(joined_foreground_names(vanilla), ["CORR", "ROOM"]);
        let variant = "if ( $2 < 0 || $2 > 80 ||\n $4 < 0 || $4 > 20 ) {\n yyerror(\"Room position should be in map bounds!\");\n\
                       if (check_object_char(c)||c=='#')";
        let (rules, words) = level_rules(variant);
        assert_eq!(rules.room_positions, (0, 80, 20));
        assert_eq!(words, None);
        assert_eq!(
            &*rules.room_position_error,
            "Room position should be in map bounds!"
        );
        assert!(rules.named_objects && !rules.named_monsters && rules.ordinary_room_chance);
        // FIQHack's: the map's size, a level region's x from 0, an empty
        // `levregion()`.
        let fiq = "if ( $2 < 0 || $2 > COLNO ||\n $4 < 0 || $4 > ROWNO ) {\n\
                   yyerror(\"Room position should be real coordinates!\");\n\
                   if ($3 < 0 || $3 >= COLNO)\n | LEV '(' ')'\n";
        let (rules, words) = level_rules(fiq);
        assert_eq!(words.unwrap(), ["0", "COLNO", "ROWNO"].map(String::from));
        assert_eq!(
            &*rules.room_position_error,
            "Room position should be real coordinates!"
        );
        assert!(rules.empty_level_regions && rules.level_region_min_x == 0);
        assert!(hallucination_messages(
            "if (len)\n    Write(fd, tmphallumsg, (int)len);"
        ));
        assert!(!hallucination_messages(
            "/* Write(fd, tmphallumsg, 1); */ Write(fd, tmpmessage, len);"
        ));
    }

    #[test]
    fn dgn_comp_rules_are_read_from_its_grammar() {
        let vanilla = "optional_int\t: /* nothing */\n\t{\n\t\t$$ = 0;\n\t}\n\
                       yyerror(\"Reverse branching not allowed.\");\n";
        assert_eq!(dungeon_rules(vanilla), DungeonRules::nethack_343());
        let variant =
            "optional_int : { $$ = 100; }\n#if 0\nyyerror(\"Reverse branching\");\n#endif\n\
                       if (!check_dungeon()) n_dgns--;\n";
        let rules = dungeon_rules(variant);
        assert_eq!(rules.default_chance, 100);
        assert!(!rules.reverse_branch_check && rules.depth_check);
    }

    #[test]
    fn terrain_names_read_defines_and_enums() {
        let defines =
            "#define STONE 0\n#define VWALL 1\n#define IS_WALL(t) ((t) <= 1)\n#define MAX_TYPE 2\n";
        assert_eq!(terrain_names(defines), ["STONE", "VWALL"]);
        // The NetHack4 family indents its directives: `# define`.
        assert_eq!(
            terrain_names("# define STONE 0\n# define VWALL 1\n# define MAX_TYPE 2\n"),
            ["STONE", "VWALL"]
        );
        let enumerated = "enum {\n    STONE = 0,\n    VWALL,\n    TREE,\n    MAX_TYPE\n};";
        assert_eq!(terrain_names(enumerated), ["STONE", "VWALL", "TREE"]);
    }

    #[test]
    fn probe_lines_give_object_flags() {
        let mut f = RecordFormat::nethack_343();
        let mut fresh = [false; PROBE_TABLES];
        assert!(apply_probe_line(&mut f, &mut fresh, "NO 1 o_lit"));
        assert!(apply_probe_line(&mut f, &mut fresh, "NO 2 o_buried"));
        let flags = &f.numbering.object_flags;
        assert_eq!(flags[..], [("o_lit".into(), 1), ("o_buried".into(), 2)]);
        let l = "o_lit\t\t{ yylval.i=OBJF_LIT; return OBJFLAG_TYPE; }\n";
        assert_eq!(
            lex_words(l, "OBJFLAG_TYPE"),
            [("o_lit".into(), "OBJF_LIT".into())]
        );
    }

    #[test]
    fn probe_lines_give_map_character_warnings() {
        let mut f = RecordFormat::nethack_343();
        let mut fresh = [false; PROBE_TABLES];
        let line = "NW 75 Sinks are not allowed in this version!  Ignoring...";
        assert!(apply_probe_line(&mut f, &mut fresh, line));
        assert!(apply_probe_line(
            &mut f,
            &mut fresh,
            "NW 90 a \\x5c and a tab\\x09"
        ));
        let n = &f.numbering;
        assert_eq!(
            n.map_char_warning(b'K'),
            Some("Sinks are not allowed in this version!  Ignoring...")
        );
        assert_eq!(n.map_char_warning(b'Z'), Some("a \\ and a tab\t"));
        assert!(!apply_probe_line(&mut f, &mut fresh, "NW 75 broken \\x5"));
    }

    #[test]
    fn map_rows_take_the_characters_of_the_lexers_rule() {
        let vanilla = "%s MAPC\n<MAPC>[-|}{+ABCISHKPLWTF\\\\#. 0123456789]*\\r?\\n\t{\n";
        let n = crate::game::Numbering::nethack_343();
        assert_eq!(map_row_class(vanilla), Some(n.map_row_chars));
        let dnethack = "<MAPC>[-|}{+estwABCFGHIKLNPSTWY\\\\#., 0123456789]*\\r?\\n {";
        let chars = map_row_class(dnethack).unwrap();
        assert!(chars.contains(&b'N') && chars.contains(&b',') && !chars.contains(&b'O'));
        assert_eq!(map_row_class("<MAPC>[a-c-]*\\n"), Some(b"-abc".to_vec()));
        assert_eq!(map_row_class("<MAPC>[^x]*\\n"), None);
        assert_eq!(map_row_class("no map rule"), None);
    }

    #[test]
    fn level_region_types_are_the_ones_lev_comp_stores() {
        let y = "if($8)\n    tmplreg[nlreg]->rtype = LR_UPLADDER;\nelse\n    tmplreg[nlreg]->rtype = LR_DOWNLADDER;\n\
                 tmpreg[nreg]->rtype = $<i>7;\ncase -1: tmplreg[nlreg]->rtype = LR_TELE; break;\n\
                 tmplreg[nlreg]->rtype = LR_TELE;\n";
        assert_eq!(
            level_region_names(y),
            ["LR_UPLADDER", "LR_DOWNLADDER", "LR_TELE"]
        );
        let l = "identified\t{ yylval.i=4; return CURSE_TYPE; /* random BCU, but ID object */ }\n";
        assert_eq!(
            lex_words(l, "CURSE_TYPE"),
            [("identified".into(), "4".into())]
        );
    }

    #[test]
    fn value_packing_is_read_from_sp_lev_h_and_lev_comp_y() {
        let h367 = "#define SP_COORD_IS_RANDOM 0x01000000L\n\
                    #define SP_MONST_PACK(pm, cls) (((10 + (pm)) << 8) | ((cls) & 0xff))\n\
                    #define SP_OBJ_PACK(ob, cls) (((10 + (ob)) << 8) | ((cls) & 0xff))\n\
                    #define SP_MAPCHAR_PACK(typ, lit) (((10 + (lit)) << 8) | ((typ) & 0xff))\n";
        assert_eq!(value_offset(h367), Ok(10));
        assert_eq!(define_value(h367, "SP_COORD_IS_RANDOM"), Some(0x0100_0000));
        let early = "#define SP_MONST_PACK(m,c) ((( m ) << 8) + ((char)( c )))\n\
                     #define SP_OBJ_PACK(o,c)  ((( o ) << 8) + ((char)( c )))\n\
                     #define SP_MAPCHAR_PACK(typ,lit) ((( lit ) << 8) + ((char)( typ )))\n";
        assert_eq!(value_offset(early), Ok(0));
        assert_eq!(define_value(early, "SP_COORD_IS_RANDOM"), None);
        let mixed = early.replace("((( o ) << 8)", "(((10 + (o)) << 8)");
        assert!(value_offset(&mixed).unwrap_err().contains("SP_OBJ_PACK"));
        let y =
            "x\nroom_def : ROOM_ID ':' x\n {\n long rflags = $8;\n add_opvars(splev, SPO_ROOM);";
        assert_eq!(room_flags_from_alignment(y), Some(true));
        let y = "x\nroom_def : ROOM_ID ':' x\n {\n long flg = (long)$10;\n add_opvars(splev, SPO_ROOM);";
        assert_eq!(room_flags_from_alignment(y), Some(false));
        assert_eq!(room_flags_from_alignment("room_def: nothing"), None);
        let y = "x\nregion_detail : R\n { long flags = $8;\n if (flags == -1) flags = (1 << 0);\n\
                 if (!(( flags ) & 1)) rt += MAXRTYPE+1; add_opvars(splev, SPO_REGION);";
        assert_eq!(region_default_flags(y), Some(1));
        let y = "x\nregion_detail : R\n { flg = $8;\n if (flg == ERR) flg = 0;\n add_opvars(SPO_REGION);";
        assert_eq!(region_default_flags(y), Some(0));
        let defines = "#define SP_M_V_PEACEFUL 0\n#define SP_M_V_ALIGN\t1\n#define SP_M_V_END 2\n";
        assert_eq!(
            define_names(defines, "SP_M_V_", "SP_M_V_END").unwrap(),
            vec!["PEACEFUL".into(), "ALIGN".into()] as Vec<Box<str>>
        );
        let skipped = "#define SP_M_V_PEACEFUL 0\n#define SP_M_V_ALIGN 2\n#define SP_M_V_END 3\n";
        assert!(define_names(skipped, "SP_M_V_", "SP_M_V_END").is_err());
    }

    #[test]
    fn the_lexers_words_are_its_rules_words() {
        let l = "%{\nint x;\n%}\n%%\n<MAPC>ENDMAP\t{ return 1; }\nMESSAGE\t\treturn MESSAGE_ID;\n\
                 (NAME|name)\tST_RET(NAME_ID);\nobj(ect)?\tST_RET(object_ID);\n\
                 half-left\t{ return 2; }\n[0-9]+\t{ return INTEGER; }\n\"==\"\t{ return 3; }\n\
                 \t  indented(not a rule)\n";
        let words = lexer_words(l);
        let words: Vec<&str> = words.iter().map(|w| &**w).collect();
        assert_eq!(
            words,
            [
                "ENDMAP",
                "MESSAGE",
                "NAME",
                "half-left",
                "name",
                "obj",
                "object"
            ]
        );
    }

    #[test]
    fn lex_rules_give_words_and_constants() {
        let l = "dust\t\t{ yylval.i=DUST; return ENGRAVING_TYPE; }\nnoteleport\t{ yylval.i=NOTELEPORT; return FLAG_TYPE; }\n";
        assert_eq!(
            lex_words(l, "FLAG_TYPE"),
            [("noteleport".into(), "NOTELEPORT".into())]
        );
    }
}
