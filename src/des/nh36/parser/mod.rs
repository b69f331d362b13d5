//! The 3.6 `.des` parser: each statement is matched against the rows of
//! [`super::grammar`] by the matcher every grammar shares
//! ([`crate::statement`]), as the longest prefix its pattern takes (3.6
//! statements have no end of their own); the operands it meets are read
//! here: blocks and the statements after a chance by this parser,
//! expressions, selections and the other values with chumsky
//! ([`operands`], over the grammar of [`mod@values`] and
//! [`mod@selection`]). A statement that does not parse is reported and
//! skipped up to the next token that starts one, so every syntax error of
//! a file is found in one run.

mod operands;
mod selection;
mod values;

use super::grammar::{self, Build, Class, Operand, Operands, Read, Reading};
use super::lexer::{Kw, Tok};
use super::syntax::*;
use crate::diag::{Reporter, Span};
use crate::parsing::report_expected;
use crate::statement::{apply_prefix, span_of, Args, Failure, Pat};
use operands::Probes;

/// What is found, or expected, where the tokens end.
const END_OF_FILE: &str = "the end of the file";

/// What a statement's place expects when no statement starts there.
const A_STATEMENT: &str = "a statement";

/// How a game writes the statements and operands whose form is not
/// 3.6.7's (see [`crate::game::LevelRules`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct OperandForms {
    /// `line A-B`, `randline A-B, n` (SporkHack).
    pub line_dash: bool,
    /// `[chance]: statement` (not SporkHack's, whose chances follow a
    /// keyword).
    pub chance_statement: bool,
    /// Core functions and variable methods (UnNetHack's: the game has
    /// `SPO_COREFUNC`).
    pub core: bool,
}

impl OperandForms {
    /// `game`'s.
    pub(crate) fn of(game: &crate::game::Game) -> OperandForms {
        let program = game.format().program.as_ref();
        OperandForms {
            line_dash: game.format().level_rules.line_dash,
            chance_statement: game.format().level_rules.chance_statement,
            core: program.is_some_and(|p| p.opcode("COREFUNC").is_some()),
        }
    }
}

/// Parses a chunk of a file (see [`super::lexer::Chunks`]) in the
/// language `lang`, whose statements and operands have `forms`, into
/// statements, reporting syntax errors to `report`: the file's last chunk
/// to its end (byte `end`), any other up to its final token, which only
/// shows what follows. `None` when the statements stop at a token that
/// starts none and that no error recovery skips (a stray `}`): the parse
/// of the file ends there.
pub(crate) fn parse<'a>(
    lang: &grammar::Language,
    forms: OperandForms,
    tokens: &'a [(Tok<'a>, Span)],
    end: usize,
    last: bool,
    report: &mut Reporter,
) -> Option<Vec<Stmt<'a>>> {
    let mut parser = Parser {
        lang,
        tokens,
        eoi: end,
        stop: if last {
            tokens.len()
        } else {
            tokens.len().saturating_sub(1)
        },
        probes: Probes::new(forms),
        chance_statement: forms.chance_statement,
        operands: Operands::default(),
        trailing: Failure::default(),
        failed_at: None,
        report,
    };
    let mut at = 0;
    let mut stmts = Vec::new();
    loop {
        parser.operands.clear();
        let Some(stmt) = parser.next_statement(&mut at) else {
            break;
        };
        stmts.push(stmt);
    }
    if at < parser.stop {
        // A `}`, `CASE` or `DEFAULT` outside what it closes.
        parser.unexpected(at, &[A_STATEMENT]);
        return None;
    }
    Some(stmts)
}

struct Parser<'a, 'r> {
    /// The game's language: its statement rows and words.
    lang: &'r grammar::Language,
    tokens: &'a [(Tok<'a>, Span)],
    /// The byte where the input ends.
    eoi: usize,
    /// The index where statements end: the tokens' end in the file's
    /// last chunk, else the final token (the next chunk's first).
    stop: usize,
    probes: Probes<'a>,
    /// Whether a statement may be `[chance]: statement`.
    chance_statement: bool,
    operands: Operands<'a>,
    /// The furthest failure met while reading the statement just read
    /// (what could have continued it where it ended, or an optional part
    /// that went further): part of the error when no statement starts
    /// where it ended, as chumsky reports the failure that got furthest.
    trailing: Failure,
    /// The token where the last statement that did not parse failed: a
    /// statement read from inside it (its recovery stops at a variable,
    /// as in `FOR $i0 = …`, where `$i` is the loop's variable and then a
    /// definition's) that fails there too is the same error, reported
    /// once.
    failed_at: Option<usize>,
    report: &'r mut Reporter,
}

impl<'a> Parser<'a, '_> {
    fn tok(&self, at: usize) -> Option<&'a Tok<'a>> {
        self.tokens
            .get(at)
            .filter(|_| at < self.stop)
            .map(|(t, _)| t)
    }

    /// The statement at `at` (`None` where a `}`, `CASE`, `DEFAULT` or
    /// the end comes instead): read, or reported and skipped.
    fn next_statement(&mut self, at: &mut usize) -> Option<Stmt<'a>> {
        let tok = self.tok(*at)?;
        if starts_statement(tok) {
            return Some(self.statement(at));
        }
        if matches!(tok, Tok::Punct(b'}') | Tok::Kw(Kw::Case | Kw::Default)) {
            return None;
        }
        self.unexpected(*at, &[A_STATEMENT]);
        let start = *at;
        self.skip(at);
        Some(self.error_statement(start, *at))
    }

    /// The statements from `at` up to a `}`, `CASE`, `DEFAULT` or the end.
    fn statements(&mut self, at: &mut usize) -> Vec<Stmt<'a>> {
        let mut stmts = Vec::new();
        while let Some(stmt) = self.next_statement(at) {
            stmts.push(stmt);
        }
        stmts
    }

    /// The statement starting with the token at `at` (see
    /// [`starts_statement`]).
    fn statement(&mut self, at: &mut usize) -> Stmt<'a> {
        /// `$name = value` and `[chance]: statement`, which no keyword
        /// starts.
        static DEFINE: [(&Pat<Class>, Build); 1] = [(&grammar::DEFINE, grammar::define)];
        static CHANCE: [(&Pat<Class>, Build); 1] = [(&grammar::CHANCE, grammar::chance)];
        /// `name(arguments)`, a function's call.
        static CALL: [(&Pat<Class>, Build); 1] = [(&grammar::CALL, grammar::call)];
        let start = *at;
        let mut failure = Failure::default();
        let mut captured = Vec::with_capacity(16);
        let (keyword, other): (_, &[_]) = match self.tokens[start].0 {
            Tok::Stmt(word) => (Some(word), &[]),
            Tok::Var(_) | Tok::ArrayVar(_) => (None, &DEFINE),
            Tok::Name(_) => (None, &CALL),
            _ if self.chance_statement => (None, &CHANCE),
            _ => {
                failure.expect(start, A_STATEMENT);
                (None, &[])
            }
        };
        let from = start + usize::from(keyword.is_some());
        let forms = keyword
            .into_iter()
            .flat_map(|word| self.lang.forms(word))
            .map(|r| (&r.args, r.build))
            .chain(other.iter().copied());
        for (pat, build) in forms {
            captured.clear();
            let Some(end) = apply_prefix(pat, self.tokens, from, &mut captured, &mut failure, self)
            else {
                continue;
            };
            let args = Args::new(self.tokens, &captured);
            let kind = build(&mut Read::new(args, &mut self.operands, self.report));
            *at = end;
            self.trailing = failure;
            return Stmt {
                kind,
                span: span_of(&self.tokens[start..end]),
            };
        }
        self.trailing = Failure::default();
        if self.failed_at != Some(failure.at) {
            self.report_failure(&failure, keyword);
        }
        self.failed_at = Some(failure.at);
        self.skip(at);
        self.error_statement(start, *at)
    }

    /// After a statement that did not parse at `at`: past its first
    /// token, up to the next that starts a statement or closes a block.
    fn skip(&self, at: &mut usize) {
        *at += 1;
        while let Some(t) = self.tok(*at) {
            let stops = matches!(
                t,
                Tok::Stmt(_)
                    | Tok::Kw(Kw::Case | Kw::Default | Kw::Function)
                    | Tok::Var(_)
                    | Tok::ArrayVar(_)
                    | Tok::Name(_)
                    | Tok::Percent(_)
                    | Tok::Punct(b'}')
            );
            if stops {
                break;
            }
            *at += 1;
        }
    }

    fn error_statement(&self, start: usize, end: usize) -> Stmt<'a> {
        Stmt {
            kind: StmtKind::Error,
            span: span_of(&self.tokens[start..end.max(start + 1).min(self.tokens.len())]),
        }
    }

    /// `{ statements }` at `at`. A block whose `}` is missing (the file
    /// ends, or a `CASE` comes first) is an error there, and ends there.
    fn block(&mut self, at: usize) -> Reading<'a> {
        if self.tok(at) != Some(&Tok::Punct(b'{')) {
            return failed(at, "`{`");
        }
        let mut end = at + 1;
        let body = self.statements(&mut end);
        self.close(at, &mut end, &["`}`", A_STATEMENT]);
        read(end, Operand::Block(body))
    }

    /// `SWITCH`'s `{ CASE n: statements … DEFAULT: statements }` at `at`.
    fn cases(&mut self, at: usize) -> Reading<'a> {
        if self.tok(at) != Some(&Tok::Punct(b'{')) {
            return failed(at, "`{`");
        }
        let mut end = at + 1;
        let mut cases = Vec::new();
        loop {
            let start = end;
            let value = match self.tok(end) {
                Some(Tok::Kw(Kw::Case)) => match self.tok(end + 1) {
                    Some(Tok::Int(v) | Tok::MinusInt(v) | Tok::PlusInt(v)) => {
                        end += 2;
                        Some(*v)
                    }
                    _ => {
                        // The cases end before it, which then closes nothing.
                        self.unexpected(end + 1, &["an integer"]);
                        return read(end, Operand::Cases(cases));
                    }
                },
                Some(Tok::Kw(Kw::Default)) => {
                    end += 1;
                    None
                }
                _ => break,
            };
            let span = span_of(&self.tokens[start..end]);
            if self.tok(end) != Some(&Tok::Punct(b':')) {
                self.unexpected(end, &["`:`"]);
                return read(start, Operand::Cases(cases));
            }
            end += 1;
            let body = self.statements(&mut end);
            cases.push(SwitchCase { value, span, body });
        }
        self.close(at, &mut end, &["`}`", "`CASE`", "`DEFAULT`"]);
        read(end, Operand::Cases(cases))
    }

    /// Reads the `}` at `at` that closes the `{` at `open`, or reports
    /// what was expected there; where the file ends, pointing at the `{`
    /// too, as rustc does (the block may have opened anywhere above).
    fn close(&mut self, open: usize, at: &mut usize, expected: &[&'static str]) {
        if self.tok(*at) == Some(&Tok::Punct(b'}')) {
            *at += 1;
        } else {
            self.unexpected(*at, expected);
            if *at >= self.tokens.len() {
                let brace = self.tokens[open].1.clone();
                self.report.secondary(brace, "this `{` is never closed");
            }
        }
    }

    /// Reports that the token at `at` is none of `expected` (nor what the
    /// statement before could have continued with), or the failure of
    /// the statement before that got further.
    fn unexpected(&mut self, at: usize, expected: &[&'static str]) {
        let mut failure = Failure::default();
        for label in expected {
            failure.expect(at, *label);
        }
        let trailing = std::mem::take(&mut self.trailing);
        if trailing.at >= at {
            failure.merge(trailing);
        }
        self.report_failure(&failure, None);
    }

    /// Reports `failure` of statement `keyword` (if it has one).
    fn report_failure(&mut self, failure: &Failure, keyword: Option<&str>) {
        let at = failure.at;
        let (found, span) = match self.tokens.get(at) {
            Some((t, s)) => (t.to_string(), s.clone()),
            None => (END_OF_FILE.to_string(), self.eoi..self.eoi),
        };
        report_expected(self.report, span, &found, failure, keyword);
        // A misspelt keyword: a statement keyword if a `:` follows.
        if let Some(Tok::Unknown(word) | Tok::Name(word)) = self.tokens.get(at).map(|(t, _)| t) {
            let statement = self.tokens.get(at + 1).map(|(t, _)| t) == Some(&Tok::Punct(b':'));
            if let Some(k) = super::lexer::closest_keyword(self.lang, word, statement) {
                self.report.help(format!("did you mean `{k}`?"));
            }
        }
    }
}

impl<'a> crate::statement::Reader<Tok<'a>> for Parser<'a, '_> {
    fn read(
        &mut self,
        class: &Class,
        _: &[(Tok<'a>, Span)],
        at: usize,
        failure: &mut Failure,
    ) -> Option<usize> {
        let key = self.tokens.get(at).map_or(self.eoi, |(_, s)| s.start);
        if let Some(reading) = self.operands.get(key, *class) {
            failure.merge_from(&reading.failure);
            return reading.end;
        }
        let reading = match class {
            Class::Block => self.block(at),
            Class::Cases => self.cases(at),
            Class::Stmt => match self.tok(at) {
                Some(t) if starts_statement(t) => {
                    let mut end = at;
                    let stmt = self.statement(&mut end);
                    let mut reading = read(end, Operand::Stmt(Box::new(stmt)));
                    reading.failure = std::mem::take(&mut self.trailing);
                    reading
                }
                _ => failed(at, A_STATEMENT),
            },
            _ => match self.probes.read(*class, self.tokens, at, self.eoi) {
                Some(reading) => reading,
                None => failed(at, "an operand"),
            },
        };
        failure.merge_from(&reading.failure);
        let end = reading.end;
        self.operands.insert(key, *class, reading);
        end
    }
}

/// An operand read up to `end`.
fn read(end: usize, value: Operand<'_>) -> Reading<'_> {
    Reading {
        end: Some(end),
        value: Some(value),
        failure: Failure::default(),
    }
}

/// An operand that is not at `at`, where `label` was expected.
fn failed<'a>(at: usize, label: &'static str) -> Reading<'a> {
    let mut failure = Failure::default();
    failure.expect(at, label);
    Reading {
        end: None,
        value: None,
        failure,
    }
}

/// Whether `t` starts a statement: a statement keyword, a variable (its
/// definition), a name (a function's call) or a chance (`[50%]`,
/// `[expression]`).
fn starts_statement(t: &Tok<'_>) -> bool {
    matches!(
        t,
        Tok::Stmt(_)
            | Tok::Var(_)
            | Tok::ArrayVar(_)
            | Tok::Name(_)
            | Tok::Percent(_)
            | Tok::Punct(b'[')
    )
}
