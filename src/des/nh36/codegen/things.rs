//! Monsters, objects and traps: names and classes looked up in the game's
//! tables, their extra properties and the `MONSTER`, `OBJECT`, `TRAP`
//! statements.

use super::vars::Base;
use super::Gen;
use crate::des::nh36::program::{Opcode, Operand};
use crate::des::nh36::syntax::*;
use crate::diag::{Sp, Span};
use crate::suggest;

impl Gen<'_, '_, '_, '_> {
    /// `MONSTER: what, at[, infos] [{ inventory }]`.
    pub(super) fn monster(
        &mut self,
        what: &ThingOrVar<'_>,
        at: &Coord<'_>,
        infos: &[Sp<MonsterInfo<'_>>],
        inventory: &Option<Block<'_>>,
    ) {
        self.thing(what, Base::Monster);
        self.coord(at);
        self.push_int(self.numbers.monster_end);
        self.monster_infos(infos);
        match inventory {
            None => {
                self.push_int(0);
                self.op(Opcode::Monster);
            }
            Some(items) => {
                self.push_int(1);
                self.op(Opcode::Monster);
                self.contained += 1;
                self.breakable(|g| g.block(items));
                self.contained -= 1;
                self.op(Opcode::EndMonInvent);
            }
        }
    }

    /// `OBJECT` or `CONTAINER: what[, infos] [{ contents }]`.
    pub(super) fn object(
        &mut self,
        span: &Span,
        container: &bool,
        what: &ThingOrVar<'_>,
        infos: &[Sp<ObjectInfo<'_>>],
        contents: &Option<Block<'_>>,
    ) {
        self.thing(what, Base::Object);
        self.push_int(self.numbers.object_end);
        let has_coord = self.object_infos(infos);
        if has_coord && self.contained > 0 {
            self.error(span.clone(), "Object cannot have a coord when contained.");
        } else if !has_coord && self.contained == 0 {
            self.error(span.clone(), "Object needs a coord when not contained.");
        }
        let content = i64::from(self.contained > 0);
        self.push_int(if *container { 2 | content } else { content });
        self.op(Opcode::Object);
        if let Some(items) = contents {
            self.contained += 1;
            self.breakable(|g| g.block(items));
            self.contained -= 1;
            self.op(Opcode::PopContainer);
        }
    }

    /// `TRAP: kind, at`.
    pub(super) fn trap(&mut self, kind: &Sp<Option<&str>>, at: &Coord<'_>) {
        let t = match kind.v {
            None => -1,
            Some(name) => self.numbers.trap_type(name).unwrap_or_else(|| {
                self.unknown_trap(kind.span.clone(), name);
                -1
            }),
        };
        self.coord(at);
        self.push_int(t);
        self.op(Opcode::Trap);
    }

    pub(super) fn thing(&mut self, t: &ThingOrVar<'_>, base: Base) {
        match t {
            ThingOrVar::Lit(t) => {
                let v = self.encode_thing(t, base);
                self.push(if base == Base::Monster {
                    Operand::Monster(v)
                } else {
                    Operand::Object(v)
                });
            }
            ThingOrVar::Var(v) => self.use_var(v, base),
        }
    }

    /// `MON_GENERATION: chance%, (weight, monster), …`: each part's
    /// weight, then its class symbol and 1 or its monster's index and 0;
    /// the chance (clamped to 0..=100) and the number of parts.
    pub(super) fn mon_generation(&mut self, chance: i64, parts: &[(Expr<'_>, Generated<'_>)]) {
        for (weight, what) in parts {
            self.expr(weight);
            match what {
                Generated::Class(c) => {
                    if !self.game.is_monster_class(c.v) {
                        self.report
                            .error(
                                c.span.clone(),
                                format!("Unknown monster class '{}'!", char::from(c.v)),
                            )
                            .label("not a monster class of this game");
                    }
                    self.ints(&[i64::from(c.v), 1]);
                }
                Generated::Name(name) => {
                    let id = self.game.monster_id_any_case(name.v, None);
                    if id.is_none() {
                        self.report
                            .error(
                                name.span.clone(),
                                "Monster generation: Invalid monster name",
                            )
                            .label("not a monster of this game");
                    }
                    self.ints(&[id.map_or(-1, i64::from), 0]);
                }
            }
        }
        self.ints(&[chance.clamp(0, 100), parts.len() as i64]);
        self.op(Opcode::MonGeneration);
    }

    /// `encodemonster` / `encodeobj`.
    pub(super) fn encode_thing(&mut self, t: &Thing<'_>, base: Base) -> i64 {
        let pack =
            |index: i64, class: i64| self.packing().map_or(0, |p| p.pack_thing(index, class));
        let monster = base == Base::Monster;
        match t {
            Thing::Random => -1,
            Thing::Name(name) => {
                let found = if monster {
                    self.game.monster_id_any_case(name.v, None).map(|m| {
                        let class = self.game.monsters().nth(m as usize).map_or(0, |(_, c)| c);
                        pack(i64::from(m), i64::from(class))
                    })
                } else {
                    self.game
                        .object_id_any_case(name.v, None)
                        .map(|o| pack(i64::from(o), 1))
                };
                found.unwrap_or_else(|| {
                    let what = if monster { "monster" } else { "object" };
                    let message = format!("Unknown {what} \"{}\"!", name.v);
                    self.unknown_thing(name, None, monster, message);
                    -1
                })
            }
            Thing::Class(c) => {
                let ok = if monster {
                    self.game.is_monster_class(c.v)
                } else {
                    self.game.is_object_class(c.v)
                };
                if ok {
                    pack(-1, i64::from(c.v))
                } else {
                    let what = if monster { "monster" } else { "object" };
                    self.report
                        .error(
                            c.span.clone(),
                            format!("Unknown {what} class '{}'!", char::from(c.v)),
                        )
                        .label(format!("not a {what} class of this game"));
                    -1
                }
            }
            Thing::ClassName(c, name) => {
                // get_monster_id's class is any class for a NUL class
                // byte, get_object_id's for one that is not above 0 as a
                // C `char` (NUL or a byte from 128 up): `(c > 0) ? … : 0`.
                let any_class = match monster {
                    true => c.v == 0,
                    false => c.v == 0 || c.v >= 0x80,
                };
                let class = (!any_class).then_some(c.v);
                let found = if monster {
                    self.game.monster_id_any_case(name.v, class)
                } else {
                    self.game.object_id_any_case(name.v, class)
                };
                match found {
                    Some(i) => pack(i64::from(i), i64::from(c.v)),
                    None => {
                        let what = if monster { "monster" } else { "object" };
                        let message =
                            format!("Unknown {what} ('{}', \"{}\")!", char::from(c.v), name.v);
                        self.unknown_thing(name, Some(c.v), monster, message);
                        -1
                    }
                }
            }
        }
    }

    /// Reports an unknown monster or object name (of `class`, if given):
    /// what it is not, and the class it is of or the closest name.
    fn unknown_thing(
        &mut self,
        name: &Sp<&str>,
        class: Option<u8>,
        monster: bool,
        message: String,
    ) {
        let what = if monster { "monster" } else { "object" };
        let things: Vec<(&str, u8)> = match monster {
            true => self.game.monsters().collect(),
            false => self.game.objects().collect(),
        };
        let elsewhere = class.and_then(|_| {
            let id = match monster {
                true => self.game.monster_id_any_case(name.v, None),
                false => self.game.object_id_any_case(name.v, None),
            }?;
            things.get(usize::try_from(id).ok()?).map(|(_, c)| *c)
        });
        let closest = suggest::closest(
            name.v,
            things
                .iter()
                .filter(|(_, c)| class.is_none_or(|k| k == *c))
                .map(|(n, _)| *n),
        );
        let is_class = |c: u8| match monster {
            true => self.game.is_monster_class(c),
            false => self.game.is_object_class(c),
        };
        let label = match class {
            Some(c) if !is_class(c) => format!("'{}' is no {what} class", char::from(c)),
            Some(_) => format!("no {what} of this class has that name"),
            None => format!("no {what} has that name"),
        };
        let r = self.report.error(name.span.clone(), message);
        r.label(label);
        if let Some(c) = elsewhere {
            r.help(format!("\"{}\" is of class '{}'", name.v, char::from(c)));
        } else if let Some(s) = closest {
            r.help(format!("did you mean \"{s}\"?"));
        }
    }

    /// Reports an unknown trap name, with the trap names.
    fn unknown_trap(&mut self, span: Span, name: &str) {
        self.report
            .error(span, format!("Unknown trap type '{name}'!"))
            .label("not a trap name")
            .help(format!(
                "{}trap names: {}",
                suggest::closest(name, self.numbers.trap_names())
                    .map_or_else(String::new, |s| format!("did you mean \"{s}\"? ")),
                self.numbers.trap_names().collect::<Vec<_>>().join(", ")
            ));
    }

    pub(super) fn monster_infos(&mut self, infos: &[Sp<MonsterInfo<'_>>]) {
        let mut seen = 0u32;
        for info in infos {
            let property = match &info.v {
                MonsterInfo::Name(s) => {
                    self.string(s);
                    "NAME"
                }
                MonsterInfo::Fixed(value, property) => {
                    self.push_int(*value);
                    property
                }
                MonsterInfo::Appear(kind, s) => {
                    self.string(s);
                    self.push_int(*kind);
                    "APPEAR"
                }
                MonsterInfo::Timed(e, property) => {
                    self.expr(e);
                    property
                }
                MonsterInfo::SeenTraps(traps) => {
                    let mask = self.trap_mask(traps);
                    self.push_int(mask);
                    "SEENTRAPS"
                }
            };
            let code = self.property_code(&info.span, "SP_M_V_", property);
            self.push_int(code);
            let bit = monster_bit(property);
            if seen & bit != 0 {
                self.error(info.span.clone(), "MONSTER extra info defined twice.");
            }
            seen |= bit;
        }
    }

    /// The game's number of property `name` (`prefix` `SP_M_V_` or
    /// `SP_O_V_`); a game without it is an error.
    fn property_code(&mut self, span: &Span, prefix: &str, name: &str) -> i64 {
        let program = self.game.format().program.as_ref();
        let code = program.and_then(|p| match prefix {
            "SP_M_V_" => p.monster_property(name),
            _ => p.object_property(name),
        });
        code.map_or_else(
            || {
                let game = self.game.to_string();
                self.error(span.clone(), format!("{game} has no {prefix}{name}"));
                0
            },
            i64::from,
        )
    }

    pub(super) fn trap_mask(&mut self, traps: &[Sp<Option<&str>>]) -> i64 {
        let mut mask = 0i64;
        for (i, t) in traps.iter().enumerate().rev() {
            match t.v {
                None if i + 1 == traps.len() => mask = -1,
                None => self.error(t.span.clone(), "syntax error"),
                Some(name) => {
                    let token = self.numbers.trap_type(name).unwrap_or(0);
                    if token == 0 {
                        self.unknown_trap(t.span.clone(), name);
                    }
                    let bit = 1i64.wrapping_shl((token - 1) as u32);
                    if i + 1 < traps.len() && bit & mask != 0 {
                        self.error(
                            t.span.clone(),
                            format!("Monster seen_traps, trap '{name}' listed twice."),
                        );
                    }
                    mask |= bit;
                }
            }
        }
        mask
    }

    /// Pushes an object's properties; true if one is its coordinate.
    pub(super) fn object_infos(&mut self, infos: &[Sp<ObjectInfo<'_>>]) -> bool {
        let mut seen = 0u32;
        for info in infos {
            let property = match &info.v {
                ObjectInfo::Fixed(value, property) => {
                    // `erodeproof`: `add_opvars(splev, "ii", -1, SP_O_V_ERODED)`.
                    let value = match (*value, *property) {
                        (-1, "ERODED") => self.minus_one_at(0),
                        (v, _) => v,
                    };
                    self.push_int(value);
                    *property
                }
                ObjectInfo::Montype(m) => {
                    self.thing(m, Base::Monster);
                    "CORPSENM"
                }
                ObjectInfo::Spe(e) => {
                    self.expr(e);
                    "SPE"
                }
                ObjectInfo::Name(s) => {
                    self.string(s);
                    "NAME"
                }
                ObjectInfo::Timed(e, property) => {
                    self.expr(e);
                    property
                }
                ObjectInfo::DoorState(d) => match d.v {
                    8 => {
                        self.push_int(1);
                        "LOCKED"
                    }
                    1 => {
                        self.push_int(1);
                        "BROKEN"
                    }
                    _ => {
                        self.error(d.span.clone(), "DOOR state can only be locked or broken.");
                        continue;
                    }
                },
                ObjectInfo::Coord(c) => {
                    self.coord(c);
                    "COORD"
                }
            };
            let code = self.property_code(&info.span, "SP_O_V_", property);
            self.push_int(code);
            let bit = object_bit(property);
            if seen & bit != 0 {
                self.error(info.span.clone(), "OBJECT extra info defined twice.");
            }
            seen |= bit;
        }
        seen & 0x4000 != 0
    }
}

/// `MONSTER`'s bit for a property in lev_comp.y's "defined twice"
/// check (`dead` conflicts with every other).
fn monster_bit(property: &str) -> u32 {
    match property {
        "NAME" => 0x1,
        "PEACEFUL" => 0x2,
        "ASLEEP" => 0x4,
        "ALIGN" => 0x8,
        "APPEAR" => 0x10,
        "FEMALE" => 0x20,
        "INVIS" => 0x40,
        "CANCELLED" => 0x80,
        "REVIVED" => 0x100,
        "AVENGE" => 0x200,
        "FLEEING" => 0x400,
        "BLINDED" => 0x800,
        "PARALYZED" => 0x1000,
        "STUNNED" => 0x2000,
        "CONFUSED" => 0x4000,
        "SEENTRAPS" => 0x8000,
        "DEAD" => 0xffff,
        _ => 0,
    }
}

/// `OBJECT`'s bit for a property in lev_comp.y's "defined twice" check.
fn object_bit(property: &str) -> u32 {
    match property {
        "CURSE" => 0x1,
        "CORPSENM" => 0x2,
        "SPE" => 0x4,
        "NAME" => 0x8,
        "QUAN" => 0x10,
        "BURIED" => 0x20,
        "LIT" => 0x40,
        "ERODED" => 0x80,
        "LOCKED" => 0x100,
        "BROKEN" => 0x200,
        "TRAPPED" => 0x400,
        "RECHARGED" => 0x800,
        "INVIS" => 0x1000,
        "GREASED" => 0x2000,
        "COORD" => 0x4000,
        "AFFIXED_GEM" => 0x8000,
        "FORGED_QUAL" => 0x10000,
        _ => 0,
    }
}
