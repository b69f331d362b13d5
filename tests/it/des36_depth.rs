//! The 3.6 compiler on unclosed and deeply nested input: parse time stays
//! linear (an unclosed block is one error, not a re-parse of every
//! enclosing block), nesting deeper than 3.6.7's own parser holds is its
//! error, and deep nesting levbuild accepts compiles on a stack sized for
//! it. None of it may hang or abort the process.

use std::time::{Duration, Instant};

use levbuild::des::{self, nh36};
use levbuild::Game;

fn options() -> des::Options {
    des::Options::for_game(Game::nethack_367())
}

/// Compiles `source` on a thread of the test harness's own (2 MiB) stack
/// size and fails the test if it takes more than `limit`: a hang is a
/// failure here, not a benchmark (the limit is generous: these inputs
/// compile in milliseconds).
fn compile_within(
    source: String,
    limit: Duration,
) -> Result<nh36::CompiledFile, levbuild::Diagnostics> {
    let (send, receive) = std::sync::mpsc::channel();
    let started = Instant::now();
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let _ = send.send(nh36::compile_with(&source, "deep.des", &options()));
        })
        .unwrap();
    match receive.recv_timeout(limit) {
        Ok(result) => result,
        Err(_) => panic!("no answer after {:?}", started.elapsed()),
    }
}

const HEAD: &str = "MAZE:\"deep\",' '\n";

#[test]
fn unclosed_blocks_are_one_error_each_and_linear_in_time() {
    for opener in [
        "IF[0]{\n",
        "LOOP[2]{\n",
        "SWITCH[1]{CASE 1:\n",
        "CONTAINER:('(',\"chest\"),random {\n",
        "ROOM:\"ordinary\",random,random,random,random{\n",
    ] {
        for n in [1, 26, 400] {
            let source = format!("{HEAD}{}", opener.repeat(n));
            let d = compile_within(source, Duration::from_secs(20)).unwrap_err();
            assert!(
                d.errors()
                    .any(|e| e.message == "syntax error" && e.line > n),
                "{opener} x{n}: {}",
                d.render(false)
            );
        }
        // Deeper than 3.6.7's parser stack: its own error, at once.
        let source = format!("{HEAD}{}", opener.repeat(2_000));
        let d = compile_within(source, Duration::from_secs(20)).unwrap_err();
        assert_eq!(d.errors().next().unwrap().message, "yacc stack overflow");
    }
}

#[test]
fn a_block_closed_late_still_compiles_its_statements() {
    // The missing `}` is an error at the end; what came before is parsed
    // (one error, not one per enclosing block).
    let source = format!("{HEAD}IF[50%]{{\n  MONSTER:('d',\"jackal\"),(1,1)\n");
    let d = compile_within(source, Duration::from_secs(20)).unwrap_err();
    assert_eq!(d.errors().count(), 1, "{}", d.render(false));
}

#[test]
fn brackets_deeper_than_the_reference_parser_holds_are_its_error() {
    for opener in ["TERRAIN:", "NOMAP\n", "$x = "] {
        let source = format!("{HEAD}{opener}{}", "(".repeat(3_000));
        let d = compile_within(source, Duration::from_secs(20)).unwrap_err();
        let e = d.errors().next().unwrap();
        assert_eq!(e.message, "yacc stack overflow", "{}", d.render(false));
    }
}

#[test]
fn deep_nesting_the_reference_accepts_compiles_on_a_deep_stack() {
    let cases = [
        // 450 parentheses around a selection and an expression.
        format!(
            "TERRAIN:{}rect (1,1,2,2){},'.'\n$x = {}1{}\n",
            "(".repeat(450),
            ")".repeat(450),
            "(".repeat(450),
            ")".repeat(450)
        ),
        // Long operator chains, which 3.6.7 reduces as it reads them.
        format!("$x = {}\n", vec!["1"; 6_100].join(" + ")),
        format!(
            "TERRAIN: {}, '.'\n",
            vec!["rect (1,1,2,2)"; 3_000].join(" & ")
        ),
        format!(
            "TERRAIN: {}rect (1,1,2,2), '.'\n",
            "complement ".repeat(400)
        ),
        // Containers nested 300 deep, closed.
        format!(
            "{}{}",
            "CONTAINER:('(',\"chest\") {\n".repeat(300),
            "}\n".repeat(300)
        ),
    ];
    for body in cases {
        let source = format!("{HEAD}{body}");
        if let Err(d) = compile_within(source.clone(), Duration::from_secs(60)) {
            // Only lev_comp's own checks may fail, never the parser.
            assert!(
                d.errors().all(|e| e.message != "syntax error"),
                "{}",
                d.render(false)
            );
        }
    }
}

#[test]
fn nesting_past_what_levbuild_gives_a_stack_to_is_an_error_not_an_abort() {
    let source = format!("{HEAD}$x = {}\n", vec!["1"; 20_000].join(" + "));
    let d = compile_within(source, Duration::from_secs(60)).unwrap_err();
    let e = d.errors().next().unwrap();
    assert!(
        e.message.starts_with("nested too deeply"),
        "{}",
        d.render(false)
    );
}
