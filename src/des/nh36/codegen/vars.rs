//! Variables: their types as `lev_comp` infers them, definitions, arrays,
//! `SHUFFLE` and the type checks of every use.

use super::Gen;
use crate::des::nh36::program::{Opcode, Operand};
use crate::des::nh36::syntax::*;
use crate::diag::Sp;

/// A variable's type (`SPOVAR_*`, with `array` for `SPOVAR_ARRAY`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct VarType {
    pub base: Base,
    pub array: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Base {
    Int,
    Str,
    Coord,
    Region,
    MapChar,
    Monster,
    Object,
    Sel,
}

impl Base {
    pub(super) fn name(self) -> &'static str {
        match self {
            Base::Int => "integer",
            Base::Str => "string",
            Base::Coord => "coordinate",
            Base::Region => "region",
            Base::MapChar => "mapchar",
            Base::Monster => "monster",
            Base::Object => "object",
            Base::Sel => "selection",
        }
    }
}

impl VarType {
    /// A single value of `base`.
    pub(super) fn scalar(base: Base) -> Self {
        VarType { base, array: false }
    }

    /// An array of `base` values.
    pub(super) fn array(base: Base) -> Self {
        VarType { base, array: true }
    }

    /// The type as lev_comp's messages name it (`monster array`).
    pub(super) fn describe(self) -> String {
        format!(
            "{}{}",
            self.base.name(),
            if self.array { " array" } else { "" }
        )
    }
}

impl Gen<'_, '_, '_, '_> {
    pub(super) fn var_init(&mut self, count: i64, name: &str) {
        self.push_int(count);
        self.push(Operand::Str(name.to_string()));
        self.op(Opcode::VarInit);
    }

    /// `add_vardef_type`: defines `name`, or checks that it keeps its type.
    pub(super) fn declare(&mut self, name: &Sp<&str>, t: VarType) {
        match self.vars.get(name.v) {
            Some(old) if *old != t => {
                let old = old.describe();
                self.error(
                    name.span.clone(),
                    format!(
                        "Trying to redefine variable '{}' as {}, when it is {old}.",
                        name.v,
                        t.describe()
                    ),
                );
            }
            Some(_) => {}
            None => {
                self.vars.insert(name.v.to_string(), t);
            }
        }
    }

    /// The type of a variable reference: the variable's, or its element's
    /// when indexed.
    pub(super) fn var_type(&mut self, v: &VarRef<'_>) -> Option<VarType> {
        let Some(&t) = self.vars.get(v.name.v) else {
            self.error(
                v.name.span.clone(),
                format!("Variable '{}' not defined.", v.name.v),
            );
            return None;
        };
        match (&v.index, t.array) {
            (None, _) => Some(t),
            (Some(_), true) => Some(VarType::scalar(t.base)),
            (Some(_), false) => {
                self.error(
                    v.name.span.clone(),
                    format!(
                        "Trying to use variable '{}' as {} array, when it is {}.",
                        v.name.v,
                        t.base.name(),
                        t.describe()
                    ),
                );
                None
            }
        }
    }

    /// Pushes a variable reference used as a `want`.
    pub(super) fn use_var(&mut self, v: &VarRef<'_>, want: Base) {
        if let Some(t) = self.var_type(v) {
            if t != VarType::scalar(want) {
                let wanted = VarType {
                    base: want,
                    array: v.index.is_some(),
                };
                let actual = self.vars.get(v.name.v).copied().unwrap_or(t);
                self.error(
                    v.name.span.clone(),
                    format!(
                        "Trying to use variable '{}' as {}, when it is {}.",
                        v.name.v,
                        wanted.describe(),
                        actual.describe()
                    ),
                );
            }
        }
        self.push_var(v);
    }

    pub(super) fn push_var(&mut self, v: &VarRef<'_>) {
        if let Some(i) = &v.index {
            self.expr(i);
        }
        self.push(Operand::Var(v.name.v.to_string()));
    }

    pub(super) fn define(&mut self, name: &Sp<&str>, value: &Value<'_>) {
        if let Value::Expr(Expr::Var(v)) = value {
            if v.index.is_none() && self.game.format().level_rules.var_copy_by_name {
                return self.copy_by_name(name, v);
            }
        }
        let (t, count) = match value {
            Value::Expr(Expr::Var(v)) => match self.var_type(v) {
                Some(t)
                    if !t.array
                        && matches!(t.base, Base::Int | Base::Str | Base::Coord | Base::Region) =>
                {
                    self.push_var(v);
                    (t, 0)
                }
                Some(t) => {
                    self.error(
                        v.name.span.clone(),
                        format!(
                            "a {} variable cannot be assigned without its type prefix",
                            t.describe()
                        ),
                    );
                    return;
                }
                None => return,
            },
            Value::Expr(e) => {
                self.expr(e);
                (VarType::scalar(Base::Int), 0)
            }
            Value::Str(s) => {
                self.string(s);
                (VarType::scalar(Base::Str), 0)
            }
            Value::Coord(c) => {
                self.coord(c);
                (VarType::scalar(Base::Coord), 0)
            }
            Value::Region(r) => {
                self.region(r);
                (VarType::scalar(Base::Region), 0)
            }
            Value::Sel(s) => {
                self.selection(s);
                (VarType::scalar(Base::Sel), 0)
            }
            Value::MapChar(m) => {
                self.mapchar(m);
                (VarType::scalar(Base::MapChar), 0)
            }
            Value::Monster(m) => {
                self.thing(m, Base::Monster);
                (VarType::scalar(Base::Monster), 0)
            }
            Value::Object(o) => {
                self.thing(o, Base::Object);
                (VarType::scalar(Base::Object), 0)
            }
            Value::MapCharList(items) => {
                for m in items {
                    match m {
                        MapChar::Var(v) => self.error(
                            v.name.span.clone(),
                            "a list of map characters holds characters, not variables",
                        ),
                        m => self.mapchar(m),
                    }
                }
                (VarType::array(Base::MapChar), items.len() as i64)
            }
            Value::MonsterList(items) => {
                for t in items {
                    let v = self.encode_thing(t, Base::Monster);
                    self.push(Operand::Monster(v));
                }
                (VarType::array(Base::Monster), items.len() as i64)
            }
            Value::ObjectList(items) => {
                for t in items {
                    let v = self.encode_thing(t, Base::Object);
                    self.push(Operand::Object(v));
                }
                (VarType::array(Base::Object), items.len() as i64)
            }
            Value::List(items) => match self.list(items) {
                Some(base) => (VarType::array(base), items.len() as i64),
                None => return,
            },
        };
        self.declare(name, t);
        self.var_init(count, name.v);
    }

    /// `$a = $b` of a game that stores `$b`'s name (SporkHack): `$a`
    /// takes `$b`'s type, whatever it is.
    fn copy_by_name(&mut self, name: &Sp<&str>, from: &VarRef<'_>) {
        if name.v == from.name.v {
            self.error(
                from.name.span.clone(),
                format!("Trying to set variable '{}' to value of itself", name.v),
            );
        }
        match self.vars.get(from.name.v).copied() {
            None => self.error(
                from.name.span.clone(),
                format!("Trying to use an undefined variable '{}'", from.name.v),
            ),
            Some(t) => match self.vars.get(name.v).copied() {
                Some(old) if old != t => self.error(
                    name.span.clone(),
                    format!("Trying to redefine variable '{}' as different type", name.v),
                ),
                Some(_) => {}
                None => {
                    self.vars.insert(name.v.to_string(), t);
                }
            },
        }
        self.push(Operand::Str(from.name.v.to_string()));
        let minus_one = self.minus_one_at(1);
        self.push_int(minus_one);
        self.push(Operand::Str(name.v.to_string()));
        self.op(Opcode::VarInit);
    }

    /// A `{ … }` list: all items of the kind of the first.
    pub(super) fn list(&mut self, items: &[Sp<Value<'_>>]) -> Option<Base> {
        let kind = |g: &mut Self, v: &Value<'_>| -> Option<Base> {
            match v {
                Value::Expr(Expr::Var(r)) => {
                    let t = g.vars.get(r.name.v).copied()?;
                    let elem = if r.index.is_some() {
                        t.array.then_some(t.base)?
                    } else {
                        (!t.array).then_some(t.base)?
                    };
                    matches!(elem, Base::Int | Base::Str).then_some(elem)
                }
                Value::Expr(_) => Some(Base::Int),
                Value::Str(_) => Some(Base::Str),
                Value::Coord(Coord::At(..) | Coord::Random(..)) => Some(Base::Coord),
                Value::Region(_) => Some(Base::Region),
                _ => None,
            }
        };
        let first = kind(self, &items[0].v);
        let Some(base) = first else {
            self.error(items[0].span.clone(), "syntax error");
            return None;
        };
        for item in items {
            if kind(self, &item.v) != Some(base) {
                self.report
                    .error(item.span.clone(), "syntax error")
                    .label(format!(
                        "every item of this list must be {} {}",
                        if base == Base::Int { "an" } else { "a" },
                        base.name()
                    ));
                return None;
            }
            match &item.v {
                Value::Expr(e) if base == Base::Int => self.expr(e),
                Value::Expr(Expr::Var(v)) => self.use_var(v, Base::Str),
                Value::Str(s) => self.string(s),
                Value::Coord(c) => self.coord(c),
                Value::Region(r) => self.region(r),
                _ => {}
            }
        }
        Some(base)
    }

    /// `SHUFFLE: array`.
    pub(super) fn shuffle(&mut self, name: &Sp<&str>) {
        match self.vars.get(name.v) {
            Some(t) if !t.array => self.error(
                name.span.clone(),
                format!("Trying to shuffle non-array variable '{}'", name.v),
            ),
            Some(_) => {}
            None => self.error(
                name.span.clone(),
                format!("Trying to shuffle undefined variable '{}'", name.v),
            ),
        }
        self.push(Operand::Str(name.v.to_string()));
        self.op(Opcode::ShuffleArray);
    }

    pub(super) fn is_selection_var(&self, v: &VarRef<'_>) -> bool {
        v.index.is_none() && self.vars.get(v.name.v).is_some_and(|t| t.base == Base::Sel)
    }

    pub(super) fn is_mapchar_var(&self, v: &VarRef<'_>) -> bool {
        self.vars
            .get(v.name.v)
            .is_some_and(|t| t.base == Base::MapChar)
    }
}
