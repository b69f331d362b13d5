//! `IF`, percent chances, `LOOP`, `FOR`, `SWITCH` and `BREAK`: their
//! conditions, jumps and the patching of jump offsets.

use super::vars::{Base, VarType};
use super::{Gen, MAX_SWITCH_CASES};
use crate::des::nh36::program::{Opcode, Operand};
use crate::des::nh36::syntax::*;
use crate::diag::{Sp, Span};

impl Gen<'_, '_, '_, '_> {
    /// `IF [cond] { … } [ELSE { … }]`.
    pub(super) fn if_else(
        &mut self,
        span: &Span,
        cond: &Condition<'_>,
        then: &Block<'_>,
        otherwise: &Option<Block<'_>>,
    ) {
        self.enter_conditional(span, "IF: Too deeply nested conditionals.");
        let jump = self.condition(cond);
        self.op(Opcode::Cmp);
        let skip = self.push_int(self.here() + 1);
        self.op(reverse_jump(jump));
        self.block(then);
        match otherwise {
            None => {
                let v = self.pushed(skip);
                self.patch(skip, self.here() - v);
            }
            Some(otherwise) => {
                let over = self.push_int(self.here() + 1);
                self.op(Opcode::Jmp);
                let v = self.pushed(skip);
                self.patch(skip, self.here() - v);
                self.block(otherwise);
                let v = self.pushed(over);
                self.patch(over, self.here() - v);
            }
        }
        self.conditionals -= 1;
    }

    /// `[cond]: statement`, one statement under a condition.
    pub(super) fn chance(&mut self, span: &Span, cond: &Condition<'_>, stmt: &Stmt<'_>) {
        // A game whose chances follow a statement's keyword (SporkHack's
        // `MONSTER[50%]:`) has no chance statement of its own, and words
        // the error otherwise.
        let too_deep = match self.game.format().level_rules.keyword_chance {
            true => "Comparison: Too deeply nested IFs.",
            false => "IF: Too deeply nested conditionals.",
        };
        self.enter_conditional(span, too_deep);
        let jump = self.condition(cond);
        self.op(Opcode::Cmp);
        let skip = self.push_int(self.here() + 1);
        self.op(reverse_jump(jump));
        self.statement(stmt);
        let v = self.pushed(skip);
        self.patch(skip, self.here() - v);
        self.conditionals -= 1;
    }

    /// `LOOP [count] { … }`.
    pub(super) fn loop_block(&mut self, span: &Span, count: &Expr<'_>, body: &Block<'_>) {
        self.expr(count);
        self.enter_conditional(span, "LOOP: Too deeply nested conditionals.");
        let target = self.here();
        self.op(Opcode::Dec);
        self.breakable(|g| {
            g.block(body);
            g.op(Opcode::Copy);
            g.push_int(0);
            g.op(Opcode::Cmp);
            let back = target - g.here() - 1;
            g.push_int(back);
            g.op(Opcode::Jg);
            g.op(Opcode::Pop);
        });
        self.conditionals -= 1;
    }

    /// `BREAK`: a jump to the end of the innermost block, patched there.
    pub(super) fn break_out(&mut self, span: &Span) {
        let case_only = self.game.format().level_rules.break_in_case_only;
        if case_only && !self.in_case_body {
            self.report
                .error(span.clone(), "syntax error")
                .label("this game's lev_comp takes a BREAK only among a CASE's statements");
        } else if self.break_depth == 0 {
            self.error(span.clone(), "Cannot use BREAK outside a statement block.");
        } else {
            let limit = self.game.format().level_rules.switch_break_limit;
            if self.in_switch && limit > 0 {
                if self.switch_breaks >= limit {
                    self.error(span.clone(), "Too many BREAKs inside single SWITCH");
                }
                self.switch_breaks += 1;
            }
            let at = self.push_int(self.here());
            let depth = self.break_depth;
            self.breaks.push((at, depth));
            self.op(Opcode::Jmp);
        }
    }

    pub(super) fn switch(&mut self, span: &Span, value: &Expr<'_>, cases: &[SwitchCase<'_>]) {
        self.expr(value);
        if self.in_switch {
            self.error(span.clone(), "Cannot nest switch-statements.");
        }
        let outer = std::mem::replace(&mut self.in_switch, true);
        self.switch_breaks = 0;
        if value.is_constant() || self.game.format().level_rules.switch_rn2_always {
            self.op(Opcode::Rn2);
        }
        let check = self.push_int(self.here() + 1);
        self.op(Opcode::Jmp);
        self.break_depth += 1;
        let mut targets: Vec<(i64, usize)> = Vec::new();
        let mut default: Option<usize> = None;
        for case in cases {
            let target = self.here();
            match case.value {
                Some(v) => {
                    if targets.len() < MAX_SWITCH_CASES {
                        targets.push((v, target as usize));
                    } else {
                        self.error(case.span.clone(), "Too many cases in a switch.");
                    }
                }
                None => {
                    if default.is_some() {
                        self.error(case.span.clone(), "Switch default case already used.");
                    }
                    default = Some(target as usize);
                }
            }
            self.case_body_next = true;
            self.block(&case.body);
        }
        let end = self.push_int(self.here() + 1);
        self.op(Opcode::Jmp);
        let v = self.pushed(check);
        self.patch(check, self.here() - v);
        for (value, target) in targets {
            self.op(Opcode::Copy);
            self.push_int(value);
            self.op(Opcode::Cmp);
            self.push_int(target as i64 - self.here() - 1);
            self.op(Opcode::Je);
        }
        if let Some(target) = default {
            self.push_int(target as i64 - self.here() - 1);
            self.op(Opcode::Jmp);
        }
        let v = self.pushed(end);
        self.patch(end, self.here() - v);
        self.end_breakable();
        self.op(Opcode::Pop);
        self.in_switch = outer;
    }

    pub(super) fn for_loop(
        &mut self,
        span: &Span,
        var: &Sp<&str>,
        from: &Expr<'_>,
        to: &Expr<'_>,
        body: &[Stmt<'_>],
    ) {
        if self.game.format().level_rules.for_integer_bounds {
            return self.for_integers(span, var, from, to, body);
        }
        self.expr(from);
        self.expr(to);
        self.enter_for_loop(span);
        let end = format!("{} end", var.v);
        let step = format!("{} step", var.v);
        self.var_init(0, &end);
        self.declare(var, VarType::scalar(Base::Int));
        self.var_init(0, var.v);
        self.push(Operand::Var(end.clone()));
        self.push(Operand::Var(var.v.to_string()));
        self.op(Opcode::MathSub);
        self.op(Opcode::MathSign);
        self.var_init(0, &step);
        let target = self.here();
        self.breakable(|g| {
            g.block(body);
            g.push(Operand::Var(var.v.to_string()));
            g.push(Operand::Var(end));
            g.op(Opcode::Cmp);
            g.push(Operand::Var(step));
            g.push(Operand::Var(var.v.to_string()));
            g.op(Opcode::MathAdd);
            g.var_init(0, var.v);
            g.push_int(target - g.here() - 1);
            g.op(Opcode::Jne);
        });
        self.for_loops -= 1;
    }

    /// `FOR $i = a TO b { … }` of a game whose bounds are integers
    /// (SporkHack): `$i` starts at `a`; after each pass it moves one step
    /// towards `b` and the loop goes on while it has not passed `b`.
    fn for_integers(
        &mut self,
        span: &Span,
        var: &Sp<&str>,
        from: &Expr<'_>,
        to: &Expr<'_>,
        body: &[Stmt<'_>],
    ) {
        let bound = |g: &mut Self, e: &Expr<'_>| match e {
            Expr::Int(v) if *v >= 0 => *v,
            _ => {
                g.error(span.clone(), "syntax error");
                0
            }
        };
        let (start, end) = (bound(self, from), bound(self, to));
        self.declare(var, VarType::scalar(Base::Int));
        self.push_int(start);
        self.var_init(0, var.v);
        self.enter_for_loop(span);
        let target = self.here();
        self.block(body);
        let step = if start <= end { 1 } else { -1 };
        self.push_int(step);
        self.push(Operand::Var(var.v.to_string()));
        self.op(Opcode::MathAdd);
        self.op(Opcode::Copy);
        self.var_init(0, var.v);
        self.push_int(end);
        self.op(Opcode::Cmp);
        self.push_int(target - self.here() - 1);
        self.op(if step == 1 { Opcode::Jle } else { Opcode::Jge });
        self.for_loops -= 1;
    }

    pub(super) fn condition(&mut self, c: &Condition<'_>) -> Opcode {
        match c {
            Condition::Percent(p) => {
                self.ints(&[*p, 100]);
                self.op(Opcode::Rn2);
                Opcode::Jg
            }
            Condition::Compare(a, op, b) => {
                self.expr(a);
                self.expr(b);
                *op
            }
            Condition::NonZero(a) => {
                self.expr(a);
                self.push_int(0);
                Opcode::Jne
            }
        }
    }
}

fn reverse_jump(op: Opcode) -> Opcode {
    match op {
        Opcode::Je => Opcode::Jne,
        Opcode::Jne => Opcode::Je,
        Opcode::Jl => Opcode::Jge,
        Opcode::Jg => Opcode::Jle,
        Opcode::Jle => Opcode::Jg,
        _ => Opcode::Jl,
    }
}

impl Expr<'_> {
    /// No dice and no variable in it (`is_inconstant_number` unset).
    pub(super) fn is_constant(&self) -> bool {
        match self {
            Expr::Int(_) => true,
            Expr::Dice(..) | Expr::Var(_) | Expr::Core(_) | Expr::Method(..) => false,
            Expr::Binary(a, _, b) => a.is_constant() && b.is_constant(),
        }
    }
}
