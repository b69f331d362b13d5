//! UnNetHack's functions and core functions: `FUNCTION` definitions,
//! compiled once and written into a level at its first call, their calls,
//! calls of the game's core functions (`rnd(n)`, `time.night`) and
//! variable methods (`$c.x`), each as its `lev_comp` writes them.

use super::vars::{Base, VarType};
use super::Gen;
use crate::des::nh36::program::{Instr, Opcode, Operand};
use crate::des::nh36::syntax::*;
use crate::diag::{Sp, Span};

/// A function a file defined: its code, compiled once, and where it is
/// in the level being compiled once it was called there.
pub(super) struct Function {
    name: String,
    /// The parameters' names and types (`i`, `s`), last first (as
    /// `lev_comp` keeps them).
    params: Vec<(String, u8)>,
    code: Vec<Instr>,
    /// Where its code first pushes a null string, if it does.
    null_string: Option<Span>,
    /// Where its code starts in the level being compiled, once called.
    addr: Option<i64>,
}

/// The names `lev_comp`'s messages give parameter types (`decode_parm_str`).
fn decode_params(letters: &str) -> String {
    let name = |c: char| match c {
        'i' => "int",
        'r' => "region",
        's' => "str",
        'O' => "obj",
        'c' => "coord",
        ' ' => "nothing",
        'm' => "mapchar",
        'M' => "monster",
        _ => "unknown",
    };
    letters.chars().map(name).collect::<Vec<_>>().join(", ")
}

/// `SPOVAR_` type code of a variable type (`SPOVAR_ARRAY` is 0x40).
fn spovar(t: VarType) -> i64 {
    let base = match t.base {
        Base::Int => 1,
        Base::Str => 2,
        Base::Coord => 4,
        Base::Region => 5,
        Base::MapChar => 6,
        Base::Monster => 7,
        Base::Object => 8,
        Base::Sel => 9,
    };
    base | if t.array { 0x40 } else { 0 }
}

impl Gen<'_, '_, '_, '_> {
    /// Pushes the null string `lev_comp` writes as the empty one
    /// (`NOMAP`'s map, a level region's missing name, a `GRAVE`'s missing
    /// text) for the statement at `span`. UnNetHack's `lev_comp` cannot
    /// copy a null string: a function whose code holds one crashes it
    /// when called (see [`Gen::call`]).
    pub(super) fn null_string(&mut self, span: &Span) {
        if self.in_function && self.null_string.is_none() {
            self.null_string = Some(span.clone());
        }
        self.push(Operand::Str(String::new()));
    }

    /// `INCLUDE "file"`: its `lev_comp` reads the file there, as a file
    /// of its own whose functions the rest of this one calls; levbuild
    /// compiles one file at a time.
    pub(super) fn include(&mut self, file: &Sp<&str>) {
        self.report
            .error(
                file.span.clone(),
                format!(
                    "INCLUDE \"{}\": levbuild does not read included files",
                    file.v
                ),
            )
            .help("paste the file's FUNCTION definitions here, before the first level");
    }

    /// A level starts: no function was called in it yet.
    pub(super) fn forget_calls(&mut self) {
        for f in &mut self.functions {
            f.addr = None;
        }
    }

    /// `FUNCTION name(params) { body }`: compiled on its own, with only
    /// its parameters as variables, into code the first call of each
    /// level writes.
    pub(super) fn function_def(
        &mut self,
        name: &Sp<&str>,
        params: &[(Sp<&str>, Sp<u16>)],
        body: &Block<'_>,
    ) {
        if self.in_function {
            self.error(
                name.span.clone(),
                format!(
                    "Recursively defined functions not allowed (function {}).",
                    name.v
                ),
            );
        }
        if self.functions.iter().any(|f| f.name == name.v) {
            self.error(
                name.span.clone(),
                format!("Function '{}' already defined once.", name.v),
            );
        }
        let mut vars = std::collections::HashMap::new();
        let mut kept = Vec::with_capacity(params.len());
        for (param, ty) in params {
            let word = self.core_word(ty.v);
            let (letter, base) = match word.as_str() {
                "int" | "integer" => (b'i', Base::Int),
                "str" | "string" => (b's', Base::Str),
                _ => {
                    self.error(
                        ty.span.clone(),
                        format!("Unknown function parameter type '{word}'"),
                    );
                    (0, Base::Int)
                }
            };
            vars.insert(param.v.to_string(), VarType::scalar(base));
            kept.insert(0, (param.v.to_string(), letter));
        }
        let outer_code = std::mem::replace(&mut self.code, super::Code::Program(Vec::new()));
        let outer_vars = std::mem::replace(&mut self.vars, vars);
        let was_in = std::mem::replace(&mut self.in_function, true);
        let outer_null = self.null_string.take();
        self.block(body);
        self.push_int(0);
        self.op(Opcode::Return);
        self.in_function = was_in;
        let null_string = std::mem::replace(&mut self.null_string, outer_null);
        self.vars = outer_vars;
        let code = match std::mem::replace(&mut self.code, outer_code) {
            super::Code::Program(code) => code,
            super::Code::Bytes(_) => Vec::new(),
        };
        self.functions.insert(
            0,
            Function {
                name: name.v.to_string(),
                params: kept,
                code,
                null_string,
                addr: None,
            },
        );
    }

    /// `name(args)`: the arguments, the function's code the first time
    /// the level calls it (jumped over), then the call.
    pub(super) fn call(&mut self, name: &Sp<&str>, args: &[Sp<Value<'_>>]) {
        let mut got = String::new();
        for arg in args {
            let letter = self.call_arg(arg);
            got.insert(0, char::from(letter));
        }
        let Some(at) = self.functions.iter().position(|f| f.name == name.v) else {
            self.error(
                name.span.clone(),
                format!("Function '{}' not defined.", name.v),
            );
            return;
        };
        let wanted: String = (self.functions[at].params.iter())
            .map(|(_, t)| char::from(*t))
            .collect();
        if wanted != got {
            self.error(
                name.span.clone(),
                format!(
                    "Function '{}' requires params '{}', got '{}' instead.",
                    name.v,
                    decode_params(&wanted),
                    decode_params(&got)
                ),
            );
        }
        if let Some(null) = self.functions[at].null_string.clone() {
            // Its lev_comp's opvar_clone takes strlen of the null string.
            self.report
                .error(
                    name.span.clone(),
                    format!(
                        "the game's lev_comp crashes copying function '{}' into the level",
                        name.v
                    ),
                )
                .secondary(
                    null,
                    "this statement's code holds a null string, which it cannot copy",
                );
            if self.in_function {
                self.null_string.get_or_insert(name.span.clone());
            }
        }
        let addr = match self.functions[at].addr {
            Some(addr) => addr,
            None => {
                let before = self.here();
                let jump = self.push_int(before + 1);
                self.op(Opcode::Jmp);
                let addr = self.here();
                let params = self.functions[at].params.clone();
                for (param, _) in &params {
                    self.var_init(0, param);
                }
                let code = std::mem::take(&mut self.functions[at].code);
                for instr in &code {
                    match instr {
                        Instr::Op(op) => self.op(*op),
                        Instr::Push(v) => {
                            self.push(v.clone());
                        }
                    }
                }
                self.functions[at].code = code;
                let past = self.here() - (before + 1);
                self.patch(jump, past);
                self.functions[at].addr = Some(addr);
                addr
            }
        };
        let offset = addr - self.here() - 2;
        self.ints(&[got.len() as i64, offset]);
        self.op(Opcode::Call);
    }

    /// Pushes an argument of a function's call: `i` for an integer, `s`
    /// for a string (0: neither, an error).
    fn call_arg(&mut self, arg: &Sp<Value<'_>>) -> u8 {
        match &arg.v {
            Value::Expr(Expr::Var(v)) => match self.var_type(v) {
                Some(t) if t == VarType::scalar(Base::Str) => {
                    self.push_var(v);
                    b's'
                }
                Some(t) if t != VarType::scalar(Base::Int) => {
                    self.error(arg.span.clone(), "syntax error");
                    0
                }
                _ => {
                    self.push_var(v);
                    b'i'
                }
            },
            Value::Expr(e) => {
                self.expr(e);
                b'i'
            }
            Value::Str(s) => {
                self.string(s);
                b's'
            }
            _ => {
                self.error(arg.span.clone(), "syntax error");
                0
            }
        }
    }

    /// The word of the game's core function `i`.
    fn core_word(&self, i: u16) -> String {
        (self.game.format().program.as_ref())
            .and_then(|p| p.core_functions.get(usize::from(i)))
            .map_or_else(String::new, |f| f.word.to_string())
    }

    /// A core function's call: its arguments, then its number and
    /// `COREFUNC` (`handle_corefunc`: nothing when the arguments are not
    /// what it takes).
    pub(super) fn core_call(&mut self, call: &CoreCall<'_>) {
        let program = self.game.format().program.as_ref();
        let Some(f) = program.and_then(|p| p.core_functions.get(usize::from(call.func.v))) else {
            return;
        };
        let (word, params, number) = (f.word.to_string(), f.params.to_string(), f.number);
        let got: String = match &call.args {
            None => String::new(),
            Some(args) if args.is_empty() => " ".to_string(),
            Some(args) => args.iter().map(|a| char::from(self.core_arg(a))).collect(),
        };
        if got != params {
            let message = match params.is_empty() {
                true => format!("Core function '{word}' takes no parameters."),
                false => format!(
                    "Core function '{word}' requires '{}' parameter{}, got '{}' instead.",
                    decode_params(&params),
                    if params.len() > 1 { "s" } else { "" },
                    decode_params(&got)
                ),
            };
            self.error(call.func.span.clone(), message);
            return;
        }
        self.push_int(number);
        self.op(Opcode::CoreFunc);
    }

    /// Pushes a core function's argument; its parameter letter (0: none
    /// the lexer would type it as, an error).
    fn core_arg(&mut self, arg: &Sp<CoreArg<'_>>) -> u8 {
        match &arg.v {
            CoreArg::Expr(Expr::Var(v)) => {
                let letter = match self.var_type(v).map(|t| t.base) {
                    Some(Base::Str) => b's',
                    Some(Base::Coord) => b'c',
                    Some(Base::Region) => b'r',
                    Some(Base::Object) => b'O',
                    Some(Base::Int) | None => b'i',
                    Some(_) => {
                        self.error(arg.span.clone(), "syntax error");
                        return 0;
                    }
                };
                self.push_var(v);
                letter
            }
            CoreArg::Expr(e) => {
                self.expr(e);
                b'i'
            }
            CoreArg::Str(s) => {
                self.string(s);
                b's'
            }
            CoreArg::Coord(c) => {
                self.coord(c);
                b'c'
            }
            CoreArg::Region(r) => {
                self.region(r);
                b'r'
            }
            CoreArg::Object(t) => {
                self.thing(&ThingOrVar::Lit(t.clone()), Base::Object);
                b'O'
            }
            CoreArg::Monster(t) => {
                self.thing(&ThingOrVar::Lit(t.clone()), Base::Monster);
                b'M'
            }
        }
    }

    /// `$name.method`: the variable, the method's number and `COREFUNC`.
    pub(super) fn method(&mut self, var: &Sp<&str>, method: &Sp<&str>) {
        let Some(&t) = self.vars.get(var.v) else {
            self.error(
                var.span.clone(),
                format!("Trying to use a method of unknown variable '{}'.", var.v),
            );
            return;
        };
        let on = spovar(t);
        let program = self.game.format().program.as_ref();
        let found = (program.iter())
            .flat_map(|p| &p.core_methods)
            .find(|m| &*m.word == method.v && m.on == on)
            .map(|m| m.number);
        let Some(number) = found else {
            self.report
                .error(method.span.clone(), "syntax error")
                .label(format!(
                    "`{}` is no method of {} {} variable",
                    method.v,
                    var.v,
                    t.describe()
                ));
            return;
        };
        self.push(Operand::Var(var.v.to_string()));
        self.push_int(number);
        self.op(Opcode::CoreFunc);
    }
}
