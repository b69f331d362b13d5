//! Operands: integer expressions, strings, coordinates, regions, map
//! characters and selections, pushed in `lev_comp`'s order with its range
//! checks.

use super::vars::Base;
use super::{Gen, COLNO, ROWNO};
use crate::des::nh36::program::{Opcode, Operand};
use crate::des::nh36::syntax::*;
use crate::des::nh36::terrain;
use crate::diag::warn;
use crate::diag::Span;

impl Gen<'_, '_, '_, '_> {
    pub(super) fn expr(&mut self, e: &Expr<'_>) {
        match e {
            Expr::Int(v) => {
                self.push_int(*v);
            }
            Expr::Dice(n, d) => {
                self.ints(&[*n, *d]);
                self.op(Opcode::Dice);
            }
            Expr::Var(v) => self.use_var(v, Base::Int),
            Expr::Binary(a, op, b) => {
                self.expr(a);
                self.expr(b);
                self.op(*op);
            }
            Expr::Core(call) => self.core_call(call),
            Expr::Method(var, method) => self.method(var, method),
        }
    }

    pub(super) fn string(&mut self, parts: &[StrPart<'_>]) {
        for (i, p) in parts.iter().enumerate() {
            match p {
                StrPart::Lit(s) => {
                    self.push(Operand::Str(s.to_string()));
                }
                StrPart::Var(v) => self.use_var(v, Base::Str),
                StrPart::Core(call) => self.core_call(call),
            }
            if i > 0 {
                self.op(Opcode::MathAdd);
            }
        }
    }

    pub(super) fn coord(&mut self, c: &Coord<'_>) {
        match c {
            Coord::At(x, y, span) => {
                if *x < 0 || *y < 0 || *x >= COLNO || *y >= ROWNO {
                    self.error(
                        span.clone(),
                        format!("Coordinates ({x},{y}) out of map range!"),
                    );
                }
                self.push(Operand::Coord((x & 0xff) + ((y & 0xff) << 16)));
            }
            Coord::Random(flags) => {
                if let Some(span) = &flags.repeated {
                    self.report
                        .warning(
                            warn::HUMIDITY_FLAG_TWICE,
                            span.clone(),
                            "Humidity flag used twice.",
                        )
                        .label("a flag given again changes nothing");
                }
                let random = self.packing().map_or(0, |p| p.random_coord(flags.bits));
                self.push(Operand::Coord(random));
            }
            Coord::Rnd(sel) => {
                self.selection(sel);
                self.op(Opcode::SelRndCoord);
            }
            Coord::Var(v) => self.use_var(v, Base::Coord),
            Coord::Core(call) => self.core_call(call),
        }
    }

    /// An amount where a game may take no variable (`GOLD`, `randline`,
    /// `circle`, `ellipse`; see
    /// [`crate::game::LevelRules::constant_amounts`]).
    pub(super) fn amount(&mut self, e: &Expr<'_>) {
        if self.game.format().level_rules.constant_amounts {
            if let Some(span) = first_var(e) {
                self.report
                    .error(span, "syntax error")
                    .label("this game's lev_comp takes a number here, not a variable");
            }
        }
        self.expr(e);
    }

    pub(super) fn region(&mut self, r: &Region<'_>) {
        match r {
            Region::Lit([x1, y1, x2, y2], span) => {
                if x1 > x2 || y1 > y2 {
                    self.error(
                        span.clone(),
                        format!("Region start > end: ({x1},{y1},{x2},{y2})!"),
                    );
                }
                let packed = self.pack_region([*x1, *y1, *x2, *y2]);
                self.push(Operand::Region(packed));
            }
            Region::Var(v) => self.use_var(v, Base::Region),
            Region::Core(call) => self.core_call(call),
        }
    }

    pub(super) fn mapchar(&mut self, m: &MapChar<'_>) {
        match m {
            MapChar::Lit(c, lit) => {
                let mut t = self.numbers.what_map_char(c.v);
                if t == terrain::INVALID_TYPE {
                    self.error(
                        c.span.clone(),
                        format!("Unknown map char type '{}'!", char::from(c.v)),
                    );
                    t = self.numbers.stone;
                }
                let packed = self.packing().map_or(0, |p| p.pack_map_char(t, *lit));
                self.push(Operand::MapChar(packed));
            }
            MapChar::Var(v) => self.use_var(v, Base::MapChar),
        }
    }

    pub(super) fn selection(&mut self, sel: &Sel<'_>) {
        for term in sel {
            self.sel_term(term);
        }
        for _ in 1..sel.len() {
            self.op(Opcode::SelAdd);
        }
    }

    pub(super) fn sel_term(&mut self, t: &SelTerm<'_>) {
        match t {
            SelTerm::Point(Coord::Var(v)) if self.is_selection_var(v) => self.use_var(v, Base::Sel),
            SelTerm::Point(c) => {
                self.coord(c);
                self.op(Opcode::SelPoint);
            }
            SelTerm::Rect(r) => {
                self.region(r);
                self.op(Opcode::SelRect);
            }
            SelTerm::FillRect(r) => {
                self.region(r);
                self.op(Opcode::SelFillRect);
            }
            SelTerm::Line(a, b) => {
                self.coord(a);
                self.coord(b);
                self.op(Opcode::SelLine);
            }
            SelTerm::RandLine(a, b, rough) => {
                self.coord(a);
                self.coord(b);
                self.amount(rough);
                self.op(Opcode::SelRndLine);
            }
            SelTerm::Grow(dirs, s) => {
                self.selection(s);
                self.push_int(*dirs);
                self.op(Opcode::SelGrow);
            }
            SelTerm::FilterPercent(p, s) => {
                self.selection(s);
                self.ints(&[*p, 0]);
                self.op(Opcode::SelFilter);
            }
            SelTerm::Filter(by, s) => {
                let kind = match by {
                    FilterBy::Sel(first) => match first.as_slice() {
                        [SelTerm::Point(Coord::Var(v))] if self.is_mapchar_var(v) => {
                            self.use_var(v, Base::MapChar);
                            2
                        }
                        _ => {
                            self.selection(first);
                            1
                        }
                    },
                    FilterBy::MapChar(m) => {
                        self.mapchar(m);
                        2
                    }
                };
                self.selection(s);
                self.push_int(kind);
                self.op(Opcode::SelFilter);
            }
            SelTerm::Flood(c) => {
                self.coord(c);
                self.op(Opcode::SelFlood);
            }
            SelTerm::Circle(c, r, fill) => {
                self.coord(c);
                self.amount(r);
                self.op(Opcode::Copy);
                self.push_int(fill.unwrap_or(1));
                self.op(Opcode::SelEllipse);
            }
            SelTerm::Ellipse(c, a, b, fill) => {
                self.coord(c);
                self.amount(a);
                self.amount(b);
                self.push_int(fill.unwrap_or(1));
                self.op(Opcode::SelEllipse);
            }
            SelTerm::Gradient {
                kind,
                from,
                to,
                limited,
                center,
                end,
            } => {
                self.expr(from);
                self.expr(to);
                self.coord(center);
                match end {
                    Some(c) => self.coord(c),
                    None => self.op(Opcode::Copy),
                }
                self.ints(&[*limited, *kind]);
                self.op(Opcode::SelGradient);
            }
            SelTerm::Complement(t) => {
                self.sel_term(t);
                self.op(Opcode::SelComplement);
            }
            SelTerm::Paren(s) => self.selection(s),
        }
    }
}

/// Where the first variable of `e` is, if it has one (`$v`, `$v.method`;
/// a core function's call is none).
fn first_var(e: &Expr<'_>) -> Option<Span> {
    match e {
        Expr::Var(v) => Some(v.name.span.clone()),
        Expr::Method(name, _) => Some(name.span.clone()),
        Expr::Binary(a, _, b) => first_var(a).or_else(|| first_var(b)),
        Expr::Int(_) | Expr::Dice(..) | Expr::Core(_) => None,
    }
}
