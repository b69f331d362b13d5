//! The command line as clap reads it: each command's own help (from
//! `COMMAND --help`, `COMMAND -h` and `help COMMAND` alike), a did-you-mean
//! for a mistyped option, command or value in levbuild's error style,
//! `help --help`, and the shell completion scripts.
#![cfg(feature = "cli")]

use crate::cli_lev_comp::{files_in, levbuild, run_in, scratch, GOOD};

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn run(args: &[&str]) -> std::process::Output {
    levbuild().args(args).output().unwrap()
}

/// Every command of `levbuild --help`, each with an option only it takes
/// among them and one it does not take.
const COMMANDS: [(&str, &str, &str); 9] = [
    ("build", "--rust-decoder", "--json"),
    ("check", "--watch", "--level"),
    ("lev-comp", "-j, --jobs", "--watch"),
    ("dgn-comp", "-E, --preprocess-only", "--jobs"),
    ("dump", "--json", "--allow"),
    ("render", "--level", "--deny-warnings"),
    ("gallery", "--watch", "--json"),
    ("game", "--builtin", "--dialect"),
    ("completions", "<SHELL>", "--target"),
];

#[test]
fn every_command_has_its_own_help() {
    let general = run(&["--help"]);
    assert!(general.status.success());
    let general = stdout(&general);
    for (command, own, other) in COMMANDS {
        assert!(
            general
                .lines()
                .any(|l| l.trim_start().starts_with(&format!("{command} "))),
            "levbuild --help does not list {command}:\n{general}"
        );
        let o = run(&[command, "--help"]);
        assert_eq!(o.status.code(), Some(0), "{command} --help");
        assert!(o.stderr.is_empty(), "{command} --help: {}", stderr(&o));
        let text = stdout(&o);
        assert!(
            text.starts_with(&format!("usage: levbuild {command} ")),
            "{command}: {text}"
        );
        assert!(
            text.lines().any(|l| l.trim_start().starts_with(own)),
            "{command}: {own} is not explained:\n{text}"
        );
        assert!(
            !text.lines().any(|l| l.trim_start().starts_with(other)),
            "{command}: {other} is not its option:\n{text}"
        );
        assert!(!text.contains(&general), "{command}: the general help");
        // -h, help COMMAND and help COMMAND --help print the same.
        for args in [
            &[command, "-h"][..],
            &["help", command],
            &["help", command, "--help"],
        ] {
            let o = run(args);
            assert_eq!(o.status.code(), Some(0), "{args:?}");
            assert_eq!(stdout(&o), text, "{args:?}");
        }
    }
}

#[test]
fn help_help_is_the_general_help() {
    let general = run(&["--help"]);
    assert_eq!(general.status.code(), Some(0));
    let text = stdout(&general);
    assert!(text.starts_with("usage: levbuild COMMAND "), "{text}");
    for args in [
        &["help"][..],
        &["-h"],
        &["help", "--help"],
        &["help", "-h"],
        &["help", "help"],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert!(o.stderr.is_empty(), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), text, "{args:?}");
    }
    // Without a command: the help on standard error, and status 2.
    let o = run(&[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert_eq!(stderr(&o), text);
    // An unknown topic names the commands.
    let o = run(&["help", "bulid"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("levbuild: no help on \"bulid\": the commands are build, check, "),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_mistyped_option_gets_a_did_you_mean() {
    let dir = scratch("did-you-mean");
    std::fs::create_dir_all(dir.join("dat")).unwrap();
    std::fs::write(dir.join("dat/good.des"), GOOD).unwrap();
    for (args, message) in [
        (
            &["check", "--deny-warning", "dat"][..],
            "levbuild: unknown option --deny-warning (did you mean --deny-warnings?)\n\
             usage: levbuild check [OPTIONS] [DIR... | FILE...]\n\
             (levbuild check --help explains every option)\n",
        ),
        (
            &["build", "--out-dri", "out", "dat"],
            "levbuild: unknown option --out-dri (did you mean --out-dir?)\n\
             usage: levbuild build [OPTIONS] [DIR...]\n\
             (levbuild build --help explains every option)\n",
        ),
        (
            &["lev-comp", "--jbos", "2", "dat/good.des"],
            "levbuild: unknown option --jbos (did you mean --jobs?)\n\
             usage: levbuild lev-comp [OPTIONS] [FILE.des ...]\n\
             (levbuild lev-comp --help explains every option)\n",
        ),
        (
            &["dump", "--jsno", "x.lev"],
            "levbuild: unknown option --jsno (did you mean --json?)\n\
             usage: levbuild dump [OPTIONS] FILE\n\
             (levbuild dump --help explains every option)\n",
        ),
        // A value out of a list: the closest one.
        (
            &["check", "--format", "jsno", "dat"],
            "levbuild: --format takes rich, short, json or github, not \"jsno\" \
             (did you mean json?)\n",
        ),
        (
            &["completions", "bsah"],
            "levbuild: SHELL takes bash, elvish, fish, powershell or zsh, not \"bsah\" \
             (did you mean bash?)\n",
        ),
    ] {
        let o = run_in(&dir, args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&o), message, "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
    // A mistyped command, with levbuild's help.
    let o = run_in(&dir, &["chekc", "dat"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with(
            "levbuild: unknown command \"chekc\" (did you mean check?)\n\nusage: levbuild COMMAND"
        ),
        "{}",
        stderr(&o)
    );
    // Nothing ran: nothing was written.
    assert_eq!(files_in(&dir), ["dat"]);
}

#[test]
fn options_keep_their_forms_and_the_last_value_wins() {
    let dir = scratch("option-forms");
    std::fs::create_dir_all(dir.join("dat")).unwrap();
    std::fs::write(dir.join("dat/good.des"), GOOD).unwrap();
    for args in [
        &["check", "-j", "2", "dat"][..],
        &["check", "-j2", "dat"],
        &["check", "--jobs", "2", "dat"],
        &["check", "--jobs=2", "dat"],
        &["check", "--format=short", "--format", "rich", "dat"],
        &["check", "--", "dat"],
    ] {
        let o = run_in(&dir, args, None);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    }
    let o = run_in(&dir, &["build", "-o", "first", "-o", "second", "dat"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(dir.join("second/good.lev").exists());
    assert!(!dir.join("first").exists());
    let o = run_in(&dir, &["build", "dat", "-o"], None);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o), "levbuild: --out-dir needs a value\n");
}

#[test]
fn completions_name_the_commands_options_and_values() {
    let o = run(&["completions", "bash"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let script = stdout(&o);
    for word in [
        "levbuild",
        "build",
        "check",
        "lev-comp",
        "dgn-comp",
        "dump",
        "render",
        "gallery",
        "game",
        "completions",
        "--out-dir",
        "--deny-warnings",
        "--preprocess-only",
        // The values of --allow and --format.
        "rock-in-room",
        "github",
    ] {
        assert!(script.contains(word), "bash completions lack {word}");
    }
    // bash reads it.
    if let Ok(check) = std::process::Command::new("bash")
        .args(["-n", "-c", &script])
        .output()
    {
        assert!(check.status.success(), "{}", stderr(&check));
    }
    for shell in ["zsh", "fish", "powershell", "elvish"] {
        let o = run(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0), "{shell}: {}", stderr(&o));
        let script = stdout(&o);
        // fish names a long option without its dashes (`-l deny-warnings`).
        assert!(
            script.contains("lev-comp") && script.contains("deny-warnings"),
            "{shell}: {script}"
        );
    }
    let o = run(&["completions"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).starts_with("levbuild: no SHELL given\n"),
        "{}",
        stderr(&o)
    );
}
