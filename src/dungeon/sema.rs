//! Meaning of `dungeon.def` statements: dgn_comp's checks with its
//! messages, couples, chain resolution, and the typed [`Dungeon`].
//!
//! Where dgn_comp is broken, this is sane: every message points at the
//! statement it is about (dgn_comp often names the next line); errors stop
//! output; table overflows (the game's dungeons, special levels and
//! branches) and names
//! longer than the 23 characters a record holds are errors; statements
//! before the first `DUNGEON` are errors; rejected levels and branches
//! leave no trace (no stale name tails); `CHAINBRANCH`'s chain checks look
//! at the branch being defined (dgn_comp looks at an unrelated slot).
//!
//! Matched on purpose, because real files rely on it: plain `LEVEL` /
//! `RNDLEVEL` names are not checked for duplicates, and the chain window
//! of `CHAINLEVEL` (see [`Builder::find_chain`]).

use super::ir::*;
use super::parser::{CoupleArg, Stmt, StmtKind};
use crate::diag::{warn, Reporter, Sp};

use super::ir::MAX_NAME;
use crate::game::{DungeonMember, RecordFormat};

/// Builds the dungeon from its statements, with the limits, records and
/// rules of the game whose format is `format`.
pub(crate) fn build(stmts: &[Stmt<'_>], format: &RecordFormat, report: &mut Reporter) -> Dungeon {
    let descriptor = |word: &str, or: i32| {
        (format.numbering.dungeon_descriptors.iter())
            .find(|(w, _)| &**w == word)
            .map_or(or, |&(_, v)| v)
    };
    let mut b = Builder {
        format,
        town: descriptor("town", flags::TOWN),
        chaotic: descriptor("chaotic", flags::CHAOTIC),
        report,
        dungeon: Dungeon::default(),
        levels: 0,
        branches: 0,
    };
    for s in stmts {
        b.statement(s);
    }
    if b.dungeon.dungeons.is_empty() && !b.report.has_errors() {
        b.report
            .warning(warn::NO_DUNGEONS, 0..0, "No dungeons were defined.")
            .label("expected a `DUNGEON:` statement")
            .help("dgn_comp writes an empty `dungeon` file for this, which the game cannot load");
    }
    b.dungeon
}

/// What a fixed-size name buffer holds after `new` is copied over `old`
/// with `strcpy`: `new`, its NUL, and whatever of `old` lies beyond.
fn overwritten(old: &str, new: &str) -> String {
    match old.get(new.len() + 1..) {
        Some(tail) if !tail.is_empty() => format!("{new}\0{tail}"),
        _ => new.to_string(),
    }
}

struct Builder<'r> {
    format: &'r RecordFormat,
    /// The game's `TOWN` and `D_ALIGN_CHAOTIC`: descriptions lie between
    /// them, alignments from the latter on.
    town: i32,
    chaotic: i32,
    report: &'r mut Reporter,
    dungeon: Dungeon,
    /// Levels accepted so far, all dungeons.
    levels: usize,
    /// Branches accepted so far, all dungeons.
    branches: usize,
}

impl Builder<'_> {
    fn statement(&mut self, s: &Stmt<'_>) {
        if let StmtKind::Error = s.kind {
            return;
        }
        if let StmtKind::Dungeon {
            name,
            bones,
            depth,
            chance,
        } = &s.kind
        {
            let max = self.format.limits.dungeons;
            if self.dungeon.dungeons.len() >= max {
                self.report
                    .error(s.span.clone(), format!("Too many dungeons (limit: {max})."))
                    .help(format!(
                        "the game's dungeon table holds {max} (MAXDUNGEON in global.h)"
                    ));
                return;
            }
            let rules = self.format.dungeon_rules;
            let mut d = DungeonDef {
                name: self.name(name, "Dungeon"),
                bones: self.bones(bones),
                depth: self.relative(depth),
                // Every number is as atoi read it, an int: `as i32` keeps it.
                chance: chance.as_ref().map_or(rules.default_chance, |c| c.v as i32),
                ..DungeonDef::default()
            };
            // notnotdNetHack counts a name defined again: each definition
            // holds how many there are so far.
            if self
                .format
                .dungeon_members
                .contains(&DungeonMember::Alternates)
            {
                for earlier in &mut self.dungeon.dungeons {
                    if earlier.name == d.name {
                        earlier.alternates += 1;
                        d.alternates = earlier.alternates;
                    }
                }
            }
            if rules.depth_check && (d.depth.base <= 0 || d.depth.rand < 0) {
                self.report
                    .error(depth.span.clone(), "Invalid dungeon depth specified.")
                    .label("expected a depth of at least (1, 0)");
                return;
            }
            self.dungeon.dungeons.push(d);
            return;
        }
        if self.dungeon.dungeons.is_empty() {
            let what = match &s.kind {
                StmtKind::Level { .. } | StmtKind::ChainLevel { .. } => {
                    "Level defined outside of dungeon."
                }
                StmtKind::Branch { .. } => "Branch defined outside of dungeon.",
                _ => "Statement outside of dungeon.",
            };
            self.report
                .error(s.span.clone(), what)
                .label("expected a `DUNGEON:` statement first");
            return;
        }
        match &s.kind {
            StmtKind::Entry(n) => {
                if !self
                    .format
                    .dungeon_members
                    .contains(&DungeonMember::EntryLevel)
                {
                    self.report
                        .error(s.span.clone(), "ENTRY is obsolete!")
                        .label("this game's dungeon records keep no entry level")
                        .help("this game gives the entry level after the BRANCH into the dungeon");
                    return;
                }
                let v = n.v as i32;
                self.current().entry = v;
            }
            StmtKind::Protofile(p) => {
                let new = self.name(p, "Proto");
                let old = std::mem::take(&mut self.current().protofile);
                let buffer = overwritten(&old, &new);
                if !old.is_empty() {
                    let tail = buffer.get(new.len() + 1..).unwrap_or_default();
                    let w = self
                        .report
                        .warning(
                            warn::PROTOFILE_TWICE,
                            p.span.clone(),
                            "PROTOFILE given twice: the last one counts.",
                        )
                        .label("replaces an earlier PROTOFILE of this dungeon");
                    if !tail.is_empty() {
                        w.help(format!(
                            "dgn_comp copies \"{new}\" over \"{old}\" in one buffer, so the file \
                             keeps \"{tail}\" after the name's end (the game ignores it)"
                        ));
                    }
                }
                self.current().protofile = buffer;
            }
            StmtKind::Description(d) => {
                if d.v <= self.town || d.v >= self.chaotic {
                    self.report
                        .error(d.span.clone(), "Illegal description - ignoring!")
                        .label("expected hellish, mazelike or roguelike");
                } else {
                    self.current().flags |= d.v;
                }
            }
            StmtKind::Alignment(a) => {
                if a.v != 0 && a.v < self.chaotic {
                    self.report
                        .error(a.span.clone(), "Illegal alignment - ignoring!")
                        .label(ALIGNMENTS);
                } else {
                    self.current().flags |= a.v;
                }
            }
            StmtKind::LevelDesc(d) => {
                if d.v >= self.chaotic {
                    self.report
                        .error(d.span.clone(), "Illegal description - ignoring!")
                        .label("expected town, hellish, mazelike or roguelike");
                } else if let Some(level) = self.last_level(&s.span) {
                    level.flags |= d.v;
                }
            }
            StmtKind::LevAlign(a) => {
                if a.v != 0 && a.v < self.chaotic {
                    self.report
                        .error(a.span.clone(), "Illegal alignment - ignoring!")
                        .label(ALIGNMENTS);
                } else if let Some(level) = self.last_level(&s.span) {
                    level.flags |= a.v;
                }
            }
            StmtKind::Level {
                name,
                bones,
                at,
                chance,
                rndlevs,
            } => {
                let level = LevelDef {
                    name: self.name(name, "Level"),
                    bones: self.bones(bones),
                    at: self.absolute(at),
                    chance: chance.as_ref().map_or(100, |c| c.v as i32),
                    rndlevs: rndlevs.as_ref().map_or(0, |r| r.v as i32),
                    chain: None,
                    flags: 0,
                };
                self.add_level(level, &s.span);
            }
            StmtKind::ChainLevel {
                name,
                bones,
                chain,
                at,
                chance,
                rndlevs,
            } => {
                let mut level = LevelDef {
                    name: self.name(name, "Level"),
                    bones: self.bones(bones),
                    at: self.relative(at),
                    chance: chance.as_ref().map_or(100, |c| c.v as i32),
                    rndlevs: rndlevs.as_ref().map_or(0, |r| r.v as i32),
                    chain: None,
                    flags: 0,
                };
                if self.dungeon.all_levels().any(|l| l.name == level.name) {
                    self.report
                        .error(name.span.clone(), "Duplicate level name.")
                        .label("another level has this name");
                    return;
                }
                // An empty chain name means no chain, as in dgn_comp.
                if chain.v.is_empty() {
                    self.add_level(level, &s.span);
                    return;
                }
                let Some(target) = self.find_chain(chain, Some(name.v)) else {
                    return;
                };
                if target == self.levels {
                    self.report
                        .error(chain.span.clone(), "A level cannot chain to itself!");
                    return;
                }
                if !self.chain_target_is_certain(
                    target,
                    chain,
                    "Level cannot chain from a probabilistic level.",
                ) {
                    return;
                }
                level.chain = Some(target);
                self.add_level(level, &s.span);
            }
            StmtKind::Branch {
                dest,
                chain,
                at,
                kind,
                up,
                entry,
            } => {
                let mut branch = BranchDef {
                    dest: self.name(dest, "Dungeon"),
                    at: if chain.is_some() {
                        self.relative(at)
                    } else {
                        self.absolute(at)
                    },
                    chain: None,
                    kind: match kind {
                        1 => BranchKind::NoUp,
                        2 => BranchKind::NoDown,
                        3 => BranchKind::Portal,
                        _ => BranchKind::Stair,
                    },
                    up: *up,
                    entry: entry.as_ref().map_or(0, |e| e.v as i32),
                };
                let current = self.dungeon.dungeons.len() - 1;
                if self.format.dungeon_rules.reverse_branch_check
                    && self.dungeon.dungeons[..current]
                        .iter()
                        .any(|d| d.name == branch.dest)
                {
                    self.report
                        .error(dest.span.clone(), "Reverse branching not allowed.")
                        .label("this dungeon is defined before the current one");
                    return;
                }
                if let Some(chain) = chain.as_ref().filter(|c| !c.v.is_empty()) {
                    let Some(target) = self.find_chain(chain, None) else {
                        return;
                    };
                    branch.chain = Some(target);
                }
                if !self.branch_slot_check(&branch, &s.span) {
                    return;
                }
                let max = self.format.limits.branches;
                if self.branches >= max {
                    self.report.error(
                        s.span.clone(),
                        format!("Too many branches defined (limit: {max})."),
                    );
                    return;
                }
                self.branches += 1;
                self.current().branches.push(branch);
            }
            StmtKind::Dungeon { .. } | StmtKind::Error => {}
        }
    }

    fn current(&mut self) -> &mut DungeonDef {
        let i = self.dungeon.dungeons.len() - 1;
        &mut self.dungeon.dungeons[i]
    }

    /// The level LEVELDESC / LEVALIGN apply to: the most recent one, as in
    /// dgn_comp, even when it belongs to an earlier dungeon (said in a
    /// warning). Before any level, dgn_comp writes outside its level table:
    /// the statement changes no level, with a warning.
    fn last_level(&mut self, span: &crate::diag::Span) -> Option<&mut LevelDef> {
        let current = self.dungeon.dungeons.len() - 1;
        let owner = self
            .dungeon
            .dungeons
            .iter()
            .rposition(|d| !d.levels.is_empty());
        match owner {
            None => {
                self.report
                    .warning(
                        warn::DESCRIBES_NO_LEVEL,
                        span.clone(),
                        "No level to describe: this changes no level.",
                    )
                    .label("before the first LEVEL of the file")
                    .help("dgn_comp writes it outside its level table; it reaches no level");
                None
            }
            Some(d) => {
                if d != current {
                    let (dungeon, level) = (
                        &self.dungeon.dungeons[d].name,
                        self.dungeon.dungeons[d]
                            .levels
                            .last()
                            .map_or("", |l| l.name.as_str()),
                    );
                    self.report
                        .warning(
                            warn::DESCRIBES_OTHER_DUNGEON,
                            span.clone(),
                            format!(
                                "This describes level \"{level}\" of the dungeon \"{dungeon}\"."
                            ),
                        )
                        .label("before the first LEVEL of this dungeon")
                        .help("dgn_comp applies it to the last level defined, whichever dungeon holds it");
                }
                self.dungeon.dungeons[d].levels.last_mut()
            }
        }
    }

    fn add_level(&mut self, level: LevelDef, span: &crate::diag::Span) {
        let max = self.format.limits.special_levels;
        if self.levels >= max {
            self.report.error(
                span.clone(),
                format!("Too many special levels defined (limit: {max})."),
            );
            return;
        }
        self.levels += 1;
        self.current().levels.push(level);
    }

    /// dgn_comp's `getchain`: the global index of the level named `chain`.
    ///
    /// The search window is the current dungeon's last `levels` slots
    /// ending at the newest one. For a branch that is exactly the
    /// dungeon's levels. For a chained level, dgn_comp has already given
    /// the new level the newest slot, so the window holds the new level
    /// itself (`own_name`; a match is "chained to itself") and not the
    /// dungeon's first level. Real files rely on this window, so it is
    /// kept.
    fn find_chain(&mut self, chain: &Sp<&str>, own_name: Option<&str>) -> Option<usize> {
        if chain.v.is_empty() {
            return None;
        }
        let d = self.dungeon.dungeons.len() - 1;
        let first = self.levels - self.dungeon.dungeons[d].levels.len();
        let levels = &self.dungeon.dungeons[d].levels;
        let found = match own_name {
            None => levels
                .iter()
                .position(|l| l.name == chain.v)
                .map(|i| first + i),
            Some(own) => levels
                .iter()
                .enumerate()
                .skip(1)
                .find(|(_, l)| l.name == chain.v)
                .map(|(i, _)| first + i)
                .or_else(|| (own == chain.v).then_some(self.levels)),
        };
        if found.is_none() {
            let reference = if own_name.is_some() {
                "Invaild level chain reference."
            } else {
                "Invaild branch chain reference."
            };
            self.report
                .error(
                    chain.span.clone(),
                    "Can't locate the specified chain level.",
                )
                .label(format!(
                    "{reference} No earlier level of this dungeon has this name"
                ));
        }
        found
    }

    /// dgn_comp's probabilistic-chain check of a branch. It reads branch
    /// slot *number of the current dungeon*, not the branch being defined:
    /// an earlier branch, this one, or a slot not yet used (zero-filled:
    /// "chained" to the file's first level, whose chance is 0 until it is
    /// defined). levbuild checks the same slot, so it refuses and accepts
    /// what dgn_comp does, and warns when this branch passes only because
    /// another slot was checked.
    fn branch_slot_check(&mut self, branch: &BranchDef, span: &crate::diag::Span) -> bool {
        let slot = self.dungeon.dungeons.len() - 1;
        let slot_chain = match slot.cmp(&self.branches) {
            std::cmp::Ordering::Less => self
                .dungeon
                .dungeons
                .iter()
                .flat_map(|d| &d.branches)
                .nth(slot)
                .and_then(|b| b.chain),
            std::cmp::Ordering::Equal => branch.chain,
            std::cmp::Ordering::Greater => Some(0),
        };
        let chance_of =
            |b: &Self, level: usize| b.dungeon.all_levels().nth(level).map_or(0, |l| l.chance);
        if let Some(level) = slot_chain {
            let chance = chance_of(self, level);
            if chance != 100 {
                self.report
                    .error(
                        span.clone(),
                        "Branch cannot chain from a probabilistic level.",
                    )
                    .label(if slot == self.branches {
                        format!("it chains from a level that exists with a {chance}% chance")
                    } else {
                        format!(
                            "dgn_comp checks branch slot {slot} here, not this branch, and that \
                             slot chains from a level with a {chance}% chance"
                        )
                    });
                return false;
            }
        }
        if let Some(level) = branch.chain.filter(|_| slot != self.branches) {
            let chance = chance_of(self, level);
            if chance != 100 {
                self.report
                    .warning(
                        warn::BRANCH_FROM_PROBABILISTIC_LEVEL,
                        span.clone(),
                        "This branch chains from a probabilistic level.",
                    )
                    .label(format!("that level exists with a {chance}% chance"))
                    .help(
                        "dgn_comp lets it through (its check reads another branch slot); the \
                         game places the branch relative to a level that may not exist",
                    );
            }
        }
        true
    }

    fn chain_target_is_certain(&mut self, target: usize, chain: &Sp<&str>, message: &str) -> bool {
        let chance = self
            .dungeon
            .all_levels()
            .nth(target)
            .map_or(100, |l| l.chance);
        if chance != 100 {
            self.report
                .error(chain.span.clone(), message)
                .label(format!("that level exists with a {chance}% chance"));
        }
        chance == 100
    }

    /// A name for a 24-byte field; `what` names it as the game's own
    /// length check does (SLASH'EM's "Level name is too long").
    fn name(&mut self, s: &Sp<&str>, what: &str) -> String {
        let len = crate::text::byte_len(s.v);
        if len > MAX_NAME {
            let (message, label) = match self.format.dungeon_rules.name_length_checks {
                true => (
                    format!("{what} name is too long"),
                    format!("{len} characters: the dungeon file stores names in 24-byte fields"),
                ),
                false => (
                    format!("Name too long ({len} characters, at most {MAX_NAME})"),
                    "the dungeon file stores names in 24-byte fields".to_string(),
                ),
            };
            self.report.error(s.span.clone(), message).label(label);
        }
        if s.v.contains('\0') {
            self.report
                .error(s.span.clone(), "Name contains a NUL byte");
        }
        s.v.to_string()
    }

    fn bones(&mut self, s: &Sp<&str>) -> Option<u8> {
        // One byte of the file: a raw byte (a Latin-1 `é`) is one too.
        match &*crate::text::bytes(s.v) {
            [c] => Some(*c),
            _ if s.v == "none" => None,
            _ => {
                self.report
                    .error(
                        s.span.clone(),
                        "Bones marker must be a single char, or \"none\"!",
                    )
                    .label("expected \"X\" or \"none\"");
                None
            }
        }
    }

    /// An absolute couple: base within ±32 and the range inside the dungeon.
    fn absolute(&mut self, c: &CoupleArg) -> Couple {
        let (base, rand) = c.v;
        if !(-self.format.limits.depth..=self.format.limits.depth).contains(&base) {
            self.report
                .error(c.span.clone(), "Abs base out of dlevel range - zeroing!")
                .label(format!(
                    "expected a base of -{0}..{0}",
                    self.format.limits.depth
                ));
            return Couple::default();
        }
        // dgn_comp adds C ints: a sum past 2^31 wraps (1 + 2147483647 is
        // negative, so that range passes the check, as it passes there).
        let (b, r, max) = (base as i32, rand as i32, self.format.limits.depth as i32);
        let past_end = if base < 0 {
            max.wrapping_add(b).wrapping_add(r).wrapping_add(1) > max
        } else {
            b.wrapping_add(r) > max
        };
        if rand < -1 || past_end {
            self.report
                .error(c.span.clone(), "Abs range out of dlevel range - zeroing!")
                .label(format!(
                    "the random range must stay within the dungeon's {} levels",
                    self.format.limits.depth
                ));
            return Couple::default();
        }
        Couple {
            base: base as i16,
            rand: self.range_field(c, rand),
        }
    }

    /// A relative couple: base within ±32; the range is not checked by
    /// dgn_comp, which stores it in a 16-bit field: C keeps its low bits
    /// (with a warning when that changes the value).
    fn relative(&mut self, c: &CoupleArg) -> Couple {
        let (base, rand) = c.v;
        if !(-self.format.limits.depth..=self.format.limits.depth).contains(&base) {
            self.report
                .error(c.span.clone(), "Rel base out of dlevel range - zeroing!")
                .label(format!(
                    "expected a base of -{0}..{0}",
                    self.format.limits.depth
                ));
            return Couple::default();
        }
        Couple {
            base: base as i16,
            rand: self.range_field(c, rand),
        }
    }

    /// A couple's random range in its 16-bit field: C keeps the low bits
    /// (with a warning when that changes the value).
    fn range_field(&mut self, c: &CoupleArg, rand: i64) -> i16 {
        i16::try_from(rand).unwrap_or_else(|_| {
            let stored = rand as i16;
            self.report
                .warning(
                    warn::VALUE_DOES_NOT_FIT,
                    c.span.clone(),
                    format!("Value {rand} does not fit in its field: stored as {stored}"),
                )
                .label("the range is stored in a 16-bit field")
                .help("dgn_comp keeps the low bits of the number, as C does");
            stored
        })
    }
}

const ALIGNMENTS: &str = "expected lawful, neutral, chaotic, unaligned or noalign";
