//! `levbuild lev-comp` end to end: the corpus through the command line
//! gives the golden files, standard input works, `-w` applies to the files
//! after it, errors set the exit status and write nothing.
#![cfg(feature = "cli")]

use crate::common;

use levbuild::{Game, Layout};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

pub(crate) fn levbuild() -> Command {
    Command::new(env!("CARGO_BIN_EXE_levbuild"))
}

/// A fresh, empty directory under the target dir, unique to this test.
pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub(crate) fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

pub(crate) fn run_in(dir: &Path, args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = levbuild()
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    // A command that fails before reading its input (say, on a missing
    // output directory) may close the pipe first: that is not a test failure.
    match input.write_all(stdin.unwrap_or("").as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        other => other.unwrap(),
    }
    drop(input);
    child.wait_with_output().unwrap()
}

#[test]
fn corpus_through_the_cli_gives_the_golden_files_and_warnings() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let out = scratch("corpus");
    let dat = common::corpus_dat(&shared);
    let mut names: Vec<String> = common::corpus_des_files(&shared)
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut args = vec![
        "lev-comp".to_string(),
        "-w".into(),
        "--format".into(),
        "legacy".into(),
        "-o".into(),
    ];
    args.push(out.to_string_lossy().into_owned());
    args.extend(names);
    let o = levbuild().current_dir(&dat).args(&args).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stdout.is_empty(), "nothing goes to standard output");
    let golden = common::golden_dir(&shared);
    let want = std::fs::read_to_string(golden.join("lev_comp-w.stderr.txt")).unwrap();
    assert_eq!(String::from_utf8_lossy(&o.stderr), want);
    let produced = files_in(&out);
    assert_eq!(produced.len(), 113);
    for name in produced {
        assert_eq!(
            std::fs::read(out.join(&name)).unwrap(),
            std::fs::read(golden.join(&name)).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn target_flag_writes_the_i686_golden_files() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let out = scratch("ilp32");
    let dat = common::corpus_dat(&shared);
    let mut args: Vec<String> = ["lev-comp", "--target", "i686-unknown-linux-gnu", "-o"]
        .map(String::from)
        .into();
    args.push(out.to_string_lossy().into_owned());
    args.extend(
        common::corpus_des_files(&shared)
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned()),
    );
    let o = levbuild().current_dir(&dat).args(&args).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = levbuild()
        .current_dir(&dat)
        .args(["dgn-comp", "--target", "i686-unknown-linux-gnu", "-o"])
        .arg(&out)
        .arg("dungeon.def")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let golden = shared.join("golden/nethack-3.4.3-ilp32");
    let produced = files_in(&out);
    assert_eq!(produced.len(), 114);
    for name in &produced {
        assert!(
            std::fs::read(out.join(name)).unwrap() == std::fs::read(golden.join(name)).unwrap(),
            "{name}"
        );
    }
    // dump reads them with the same --target, and refuses them without it.
    let dump = |extra: &[&str]| {
        levbuild()
            .arg("dump")
            .args(extra)
            .arg(out.join("oracle.lev"))
            .output()
            .unwrap()
    };
    let o = dump(&["--target", "ilp32"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = dump(&["--target", "x86_64-unknown-linux-gnu"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("LP64"));
    let o = dump(&["--target", "pdp11-dec-unix"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("unknown target `pdp11-dec-unix`"));
}

pub(crate) const GOOD: &str = "MAZE: \"good\", ' '\nGEOMETRY: center, center\nMAP\n...\n.|.\n...\nENDMAP\nREGION: (0,0,2,2), lit, \"ordinary\"\n";

#[test]
fn reads_standard_input_when_no_file_is_given() {
    let dir = scratch("stdin");
    let o = run_in(&dir, &["lev-comp"], Some(GOOD));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(files_in(&dir), ["good.lev"]);
    let bytes = std::fs::read(dir.join("good.lev")).unwrap();
    let level =
        levbuild::des::decode(&bytes, "good", &Game::nethack_343(), Layout::host()).unwrap();
    let levbuild::des::LevelBody::Maze(maze) = level.body else {
        panic!("maze expected")
    };
    assert_eq!((maze.parts[0].map.width, maze.parts[0].map.height), (3, 3));
}

#[test]
fn dash_w_applies_only_to_files_after_it() {
    let dir = scratch("dash-w");
    // A regular region strictly inside the map that contains rock.
    let src = "MAZE: \"rocky\", ' '\nGEOMETRY: center, center\nMAP\n-----\n|...|\n|.|.|\n|...|\n-----\nENDMAP\nREGION: (1,1,3,3), lit, \"ordinary\"\n";
    std::fs::write(dir.join("a.des"), src).unwrap();
    std::fs::write(dir.join("b.des"), src.replace("rocky", "rocky2")).unwrap();
    let o = run_in(
        &dir,
        &["lev-comp", "--format", "legacy", "a.des", "-w", "b.des"],
        None,
    );
    assert!(o.status.success());
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        stderr,
        "b.des: line 10 : WARNING : Rock in room (01,01,03,03)?!\n"
    );
    assert_eq!(
        files_in(&dir),
        ["a.des", "b.des", "rocky.lev", "rocky2.lev"]
    );
}

#[test]
fn a_file_with_errors_writes_nothing_and_fails_but_others_are_written() {
    let dir = scratch("errors");
    std::fs::write(
        dir.join("bad.des"),
        format!("{GOOD}TRAP: \"no such trap\", (1,1)\nMAZE: \"later\", ' '\nNOMAP\n"),
    )
    .unwrap();
    std::fs::write(dir.join("ok.des"), GOOD.replace("good", "fine")).unwrap();
    let o = run_in(
        &dir,
        &["lev-comp", "--format", "short", "bad.des", "ok.des"],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains("bad.des:9:7: error: Unknown trap type!"),
        "{stderr}"
    );
    assert!(
        stderr.contains("bad.des : 1 errors detected. No output created!"),
        "{stderr}"
    );
    assert_eq!(files_in(&dir), ["bad.des", "fine.lev", "ok.des"]);
}

#[test]
fn files_compiled_in_parallel_report_and_write_in_their_order() {
    // Twelve files, every third one bad: with four threads the reports
    // and outputs are those of one thread, in the order given.
    let dir = scratch("parallel");
    let mut names = Vec::new();
    for i in 0..12 {
        let name = format!("f{i:02}.des");
        let text = match i % 3 {
            0 => format!(
                "{}TRAP: \"no such trap {i}\", (1,1)\n",
                GOOD.replace("good", &format!("l{i}"))
            ),
            _ => GOOD.replace("good", &format!("l{i}")),
        };
        std::fs::write(dir.join(&name), text).unwrap();
        names.push(name);
    }
    let run = |jobs: &str, out: &str| {
        let mut args = vec!["lev-comp", jobs, "--format", "short", "-o", out];
        args.extend(names.iter().map(String::as_str));
        run_in(&dir, &args, None)
    };
    let (one, four) = (run("-j1", "one"), run("-j4", "four"));
    assert_eq!((one.status.code(), four.status.code()), (Some(1), Some(1)));
    assert_eq!(
        String::from_utf8_lossy(&four.stderr),
        String::from_utf8_lossy(&one.stderr)
    );
    let stderr = String::from_utf8_lossy(&four.stderr);
    let reported: Vec<usize> = (0..12)
        .filter_map(|i| stderr.find(&format!("f{i:02}.des:9:7: error: Unknown trap type!")))
        .collect();
    assert_eq!(reported.len(), 4, "{stderr}");
    assert!(
        reported.windows(2).all(|w| w[0] < w[1]),
        "in file order: {stderr}"
    );
    let written = files_in(&dir.join("four"));
    assert_eq!(written, files_in(&dir.join("one")));
    assert_eq!(written.len(), 8, "{written:?}");
    for f in &written {
        assert_eq!(
            std::fs::read(dir.join("four").join(f)).unwrap(),
            std::fs::read(dir.join("one").join(f)).unwrap()
        );
    }
    // -j takes a positive number.
    let o = run("-j0", "zero");
    assert_eq!(
        o.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn levels_are_written_as_lev_comp_writes_them_and_only_for_a_good_file() {
    // A level defined twice, the second time shorter: lev_comp writes the
    // second over the first's file without truncating it, as the library
    // says the file's levels are.
    let dir = scratch("streamed");
    let long = GOOD.replace(
        "REGION: (0,0,2,2), lit, \"ordinary\"\n",
        "TRAP: \"fire\", (0,0)\nTRAP: \"pit\", (2,2)\n",
    );
    let twice = format!("{long}{GOOD}").replace("good", "twice");
    std::fs::write(dir.join("twice.des"), &twice).unwrap();
    let o = run_in(&dir, &["lev-comp", "twice.des"], None);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let want =
        levbuild::des::compile_levels(&twice, "twice.des", &levbuild::des::Options::default())
            .unwrap();
    assert_eq!(want.levels.len(), 1);
    assert_eq!(
        std::fs::read(dir.join("twice.lev")).unwrap(),
        want.levels[0].bytes
    );
    // A file whose error comes after a level that compiled writes nothing,
    // and leaves no temporary file behind.
    std::fs::write(
        dir.join("late.des"),
        format!("{GOOD}MAZE: \"bad\", ' '\nNOMAP\nTRAP: \"no such trap\", (1,1)\n")
            .replace("good", "early"),
    )
    .unwrap();
    let o = run_in(&dir, &["lev-comp", "late.des"], None);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(files_in(&dir), ["late.des", "twice.des", "twice.lev"]);
}

#[test]
fn unsafe_level_names_never_write_outside_the_output_dir() {
    let dir = scratch("escape");
    let out = dir.join("out");
    std::fs::create_dir(&out).unwrap();
    for name in ["../evil", "/tmp/x", "a\\\\b", "..", ""] {
        let src = GOOD.replace("\"good\"", &format!("\"{name}\""));
        let o = run_in(&dir, &["lev-comp", "-o", "out"], Some(&src));
        assert_eq!(o.status.code(), Some(1), "{name:?} must be rejected");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("(stdin)"),
            "messages name standard input"
        );
    }
    assert_eq!(files_in(&dir), ["out"]);
    assert!(files_in(&out).is_empty());
}

#[test]
fn a_missing_input_file_is_reported_like_lev_comp() {
    let dir = scratch("missing");
    // lev_comp's words in its own format, levbuild's in the others.
    for (args, start) in [
        (
            &["lev-comp", "--format", "legacy", "nowhere.des"][..],
            "Can't open \"nowhere.des\" for input.\nnowhere.des: ",
        ),
        (
            &["dgn-comp", "--format", "legacy", "nowhere.def"],
            "Can't open \"nowhere.def\" for input.\nnowhere.def: ",
        ),
        (
            &["lev-comp", "nowhere.des"],
            "levbuild: nowhere.des: cannot open: ",
        ),
        (
            &["dgn-comp", "--format", "short", "nowhere.def"],
            "levbuild: nowhere.def: cannot open: ",
        ),
    ] {
        let o = run_in(&dir, args, None);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(stderr.starts_with(start), "{args:?}: {stderr}");
    }
    // In JSON, the missing file is the error's file.
    for args in [
        &["lev-comp", "--format", "json", "nowhere.des"][..],
        &["check", "--format", "json", "nowhere.des"],
        &["build", "--format", "json", "nowhere.des"],
    ] {
        let o = run_in(&dir, args, None);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let lines = json_lines(&String::from_utf8_lossy(&o.stdout));
        assert_eq!(lines.len(), 1, "{args:?}: {lines:?}");
        assert_eq!(lines[0]["file"], "nowhere.des", "{args:?}: {lines:?}");
        assert_eq!(lines[0]["severity"], "error", "{args:?}: {lines:?}");
    }
}

#[test]
fn dump_shows_the_map_and_json() {
    let dir = scratch("dump");
    assert!(run_in(&dir, &["lev-comp"], Some(GOOD)).status.success());
    let text = levbuild()
        .current_dir(&dir)
        .args(["dump", "good.lev"])
        .output()
        .unwrap();
    assert!(text.status.success());
    let text = String::from_utf8_lossy(&text.stdout);
    // The map under a ruler, each row after its number: no frame of `|`
    // a wall could be mistaken for.
    assert!(
        text.contains("\n      012\n    0 ...\n    1 .|.\n    2 ...\n"),
        "{text}"
    );
    let json = levbuild()
        .current_dir(&dir)
        .args(["dump", "--json", "good.lev"])
        .output()
        .unwrap();
    let json = String::from_utf8_lossy(&json.stdout);
    assert!(json.contains("\"name\": \"good\""), "{json}");
    let bad = levbuild()
        .current_dir(&dir)
        .args(["dump", "nowhere.lev"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

/// As `build -o` does (lev_comp and dgn_comp want an existing one).
#[test]
fn a_missing_output_directory_is_created() {
    let dir = scratch("no-outdir");
    for (args, file) in [
        (&["lev-comp", "-o", "nowhere/x"][..], "good.lev"),
        (&["dgn-comp", "-o", "nowhere/y"][..], "dungeon"),
    ] {
        let src = if args[0] == "lev-comp" {
            GOOD
        } else {
            "DUNGEON: \"D\" \"D\" (2, 0)\n"
        };
        let o = run_in(&dir, args, Some(src));
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(files_in(&dir.join(args[2])), [file]);
    }
    // A file where the directory should be is an error, with the prefix.
    std::fs::write(dir.join("plain"), "").unwrap();
    let o = run_in(&dir, &["lev-comp", "-o", "plain/x"], Some(GOOD));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr.starts_with("levbuild: cannot create output directory plain/x"),
        "{stderr}"
    );
    // `-j1` as make and cargo take it.
    std::fs::create_dir_all(dir.join("dat")).unwrap();
    std::fs::write(dir.join("dat/good.des"), GOOD).unwrap();
    let o = run_in(&dir, &["check", "dat", "-j1"], None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = run_in(&dir, &["check", "dat", "-j0"], None);
    assert!(String::from_utf8_lossy(&o.stderr).contains("-j takes a number of threads"));
}

#[test]
fn every_command_has_help_and_the_tool_a_version() {
    // Each command's help explains each of its options, on a line of its
    // own, and `help COMMAND` prints the same.
    let options: [(&str, &[&str]); 6] = [
        (
            "build",
            &[
                "-o, --out-dir",
                "-j, --jobs",
                "--no-cache",
                "--cache-dir",
                "--no-rust-index",
                "--no-c-index",
                "--rust-decoder",
                "--c-prefix",
                "-w",
                "--allow",
                "--deny-warnings",
                "--format",
                "--target",
                "--game-tree",
                "--game ",
                "--dialect",
                "--dungeon-file",
                "--include",
                "--exclude",
                "-D, --define",
                "-U, --undefine",
                "-h, --help",
                "-V, --version",
            ],
        ),
        (
            "check",
            &[
                "-j, --jobs",
                "-w",
                "--allow",
                "--deny-warnings",
                "--format",
                "--target",
                "--game-tree",
                "--game ",
                "--dialect",
                "--dungeon-file",
                "--include",
                "--exclude",
                "-D, --define",
                "-U, --undefine",
            ],
        ),
        (
            "lev-comp",
            &[
                "-o, --out-dir",
                "-w",
                "--allow",
                "--deny-warnings",
                "--format",
                "--target",
                "--game-tree",
                "--game ",
                "--dialect",
            ],
        ),
        (
            "dgn-comp",
            &[
                "-o, --out-dir",
                "-D, --define",
                "-U, --undefine",
                "-E, --preprocess-only",
                "--allow",
                "--deny-warnings",
                "--format",
                "--target",
                "--game-tree",
                "--game ",
                "--dialect",
            ],
        ),
        (
            "dump",
            &["--json", "--target", "--game-tree", "--game ", "--dialect"],
        ),
        (
            "game",
            &[
                "--game-tree",
                "--target",
                "--builtin",
                "--game ",
                "-o, --output",
            ],
        ),
    ];
    for (command, flags) in options {
        let help = levbuild().args(["help", command]).output().unwrap();
        assert!(help.status.success(), "help {command}");
        let text = String::from_utf8_lossy(&help.stdout).into_owned();
        assert!(
            text.starts_with(&format!("usage: levbuild {command} ")),
            "{command}: {text}"
        );
        for flag in flags {
            assert!(
                text.lines().any(|l| l.trim_start().starts_with(flag)),
                "{command}: {flag} is not explained:\n{text}"
            );
        }
        for flag in ["--help", "-h"] {
            let o = levbuild().args([command, flag]).output().unwrap();
            assert!(o.status.success(), "{command} {flag}");
            assert_eq!(String::from_utf8_lossy(&o.stdout), text, "{command} {flag}");
        }
        // --version and -V work after a command too.
        for flag in ["--version", "-V"] {
            let o = levbuild().args([command, flag]).output().unwrap();
            assert_eq!(
                String::from_utf8_lossy(&o.stdout),
                format!("levbuild {}\n", env!("CARGO_PKG_VERSION")),
                "{command} {flag}"
            );
        }
    }
    for args in [&["--version"][..], &["-V"]] {
        let o = levbuild().args(args).output().unwrap();
        assert_eq!(
            String::from_utf8_lossy(&o.stdout),
            format!("levbuild {}\n", env!("CARGO_PKG_VERSION"))
        );
    }
    // The global help names the game options and build's --format.
    let o = levbuild().arg("--help").output().unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    for flag in [
        "--dialect",
        "--game FILE",
        "--game-tree ROOT",
        "--format",
        "--allow",
    ] {
        assert!(text.contains(flag), "{flag}:\n{text}");
    }
    assert_eq!(levbuild().arg("help").output().unwrap().stdout, o.stdout);
    // `help warnings` lists every warning name.
    let o = levbuild().args(["help", "warnings"]).output().unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    for (name, _) in levbuild::diag::WARNINGS {
        assert!(text.contains(name), "{name}");
    }
    // An unknown option points at the help.
    let o = levbuild().args(["check", "--bogus"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.starts_with("levbuild: unknown option --bogus\nusage: levbuild check "),
        "{stderr}"
    );
    assert!(stderr.contains("levbuild check --help"), "{stderr}");
}

#[test]
fn a_closed_pipe_ends_output_quietly() {
    let dir = scratch("pipe");
    std::fs::write(dir.join("good.des"), GOOD).unwrap();
    let o = run_in(&dir, &["lev-comp", "good.des"], None);
    assert!(o.status.success());
    for _ in 0..5 {
        let mut child = levbuild()
            .current_dir(&dir)
            .args(["dump", "--json", "good.lev"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn a_failed_check_says_check_failed() {
    let dir = scratch("check-failed");
    std::fs::create_dir_all(dir.join("dat")).unwrap();
    std::fs::write(
        dir.join("dat/bad.des"),
        "MAZE: \"bad\", ' '\nNOMAP\nTRAP: \"nope\", random\n",
    )
    .unwrap();
    let o = run_in(&dir, &["check", "dat"], None);
    assert!(!o.status.success());
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.starts_with("levbuild: check failed: 1 error(s) in 1 file(s)\n"),
        "{stderr}"
    );
}

#[test]
fn deny_warnings_makes_warnings_fail_and_write_nothing() {
    let dir = scratch("deny");
    // A negative register index: accepted with a warning.
    let src = format!("{GOOD}TRAP: \"arrow\", place[-2]\n");
    std::fs::write(dir.join("w.des"), &src).unwrap();
    let o = run_in(&dir, &["lev-comp", "w.des"], None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    std::fs::remove_file(dir.join("good.lev")).unwrap();
    let o = run_in(&dir, &["lev-comp", "--deny-warnings", "w.des"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("warnings denied"));
    assert!(!dir.join("good.lev").exists());
    std::fs::write(dir.join("d.def"), "# nothing\n").unwrap();
    let o = run_in(&dir, &["dgn-comp", "--deny-warnings", "d.def"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(!dir.join("dungeon").exists());
    std::fs::create_dir_all(dir.join("dat")).unwrap();
    std::fs::copy(dir.join("w.des"), dir.join("dat/w.des")).unwrap();
    let o = run_in(&dir, &["check", "--deny-warnings", "dat"], None);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr)
        .starts_with("levbuild: check failed: 1 warning(s), which --deny-warnings makes errors"));
}

#[test]
fn check_format_short_prints_one_line_per_diagnostic() {
    let dir = scratch("check-short");
    std::fs::create_dir_all(dir.join("dat")).unwrap();
    std::fs::write(
        dir.join("dat/bad.des"),
        "MAZE: \"bad\", ' '\nNOMAP\nTRAP: \"nope\", random\nTRAP: \"nada\", random\n",
    )
    .unwrap();
    let o = run_in(&dir, &["check", "--format", "short", "dat"], None);
    assert!(!o.status.success());
    let stderr = String::from_utf8_lossy(&o.stderr);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines[0], "levbuild: check failed: 2 error(s) in 1 file(s)",
        "{stderr}"
    );
    assert_eq!(lines.len(), 3, "{stderr}");
    // The hint stays on the line.
    assert!(
        lines[1].contains("bad.des:3:7: error: Unknown trap type! (not a trap name); help: "),
        "{stderr}"
    );
    let o = run_in(&dir, &["check", "--format", "yaml", "dat"], None);
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("--format takes rich, short, json or github")
    );
}

#[test]
fn dialect_36_gives_the_367_golden_files() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let out = scratch("dialect36");
    let dat = shared.join("corpus/nethack-3.6.7/dat");
    let mut files: Vec<String> = std::fs::read_dir(&dat)
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".des"))
        .collect();
    files.sort();
    let mut args = vec!["lev-comp", "--dialect", "3.6", "-o", out.to_str().unwrap()];
    args.extend(files.iter().map(String::as_str));
    let r = run_in(&dat, &args, None);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let dungeon = shared.join("corpus/nethack-3.6.7/dat/dungeon.def");
    let r = run_in(
        &dat,
        &[
            "dgn-comp",
            "--dialect",
            "3.6",
            "-o",
            out.to_str().unwrap(),
            dungeon.to_str().unwrap(),
        ],
        None,
    );
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let golden = shared.join("golden/nethack-3.6.7");
    let written = files_in(&out);
    assert_eq!(written.len(), 121);
    for name in written {
        assert!(
            std::fs::read(out.join(&name)).unwrap() == std::fs::read(golden.join(&name)).unwrap(),
            "{name} differs from 3.6.7's"
        );
    }
    let r = run_in(&dat, &["lev-comp", "--dialect", "3.5", "x.des"], None);
    assert!(!r.status.success());
    assert!(String::from_utf8_lossy(&r.stderr).contains("unknown dialect"));
}

#[test]
fn dump_reads_36_files_by_their_header() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let golden = shared.join("golden/nethack-3.6.7");
    let out = levbuild()
        .args(["dump", "--target", "lp64"])
        .arg(golden.join("oracle.lev"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("level \"oracle\": 281 instructions"),
        "{text}"
    );
    assert!(text.contains("(statue)") && text.contains("ROOM"), "{text}");
    let json = levbuild()
        .args(["dump", "--json", "--target", "lp64"])
        .arg(golden.join("oracle.lev"))
        .output()
        .unwrap();
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["code"].as_array().unwrap().len(), 281);
    assert_eq!(value["code"][1]["op"], "LEVEL_FLAGS");
    assert_eq!(value["code"][0]["push"]["int"], 0);
}

#[test]
fn legacy_format_of_36_words_messages_as_36s_lev_comp() {
    let dir = scratch("legacy36");
    std::fs::write(
        dir.join("e1.des"),
        "MAZE:\"e1\",random\nMONSTER: \"nosuch\", (1,1)\nTRAP: \"bogus\", (90,2)\n",
    )
    .unwrap();
    std::fs::write(dir.join("e2.des"), "MAZE:\"e2\",random\n$a = 5 - 2\n").unwrap();
    std::fs::write(
        dir.join("e3.des"),
        "LEVEL:\"e3\"\nROOM: \"ordinary\" [50%], lit, (1,1), (left,top), (3,3) {\n}\n",
    )
    .unwrap();
    let r = run_in(
        &dir,
        &[
            "lev-comp",
            "--dialect",
            "3.6",
            "--format",
            "legacy",
            "e1.des",
            "e2.des",
            "e3.des",
        ],
        None,
    );
    assert!(!r.status.success());
    // What 3.6.7's lev_comp prints for the same files.
    assert_eq!(
        String::from_utf8_lossy(&r.stderr),
        "e1.des: line 2, pos 9: Unknown monster \"nosuch\"!\n\
         e1.des: line 3, pos 6: Unknown trap type 'bogus'!\n\
         e1.des: line 3, pos 20: Coordinates (90,2) out of map range!\n\
         e1.des: 3 errors detected for level \"e1\". No output created!\n\
         e2.des: line 2, pos 7: syntax error at \"-\"\n\
         e3.des: line 2, pos 24: Only typed rooms can have a chance.\n\
         e3.des: 1 errors detected for level \"e3\". No output created!\n"
    );
    assert!(files_in(&dir).iter().all(|f| !f.ends_with(".lev")));
}

#[test]
fn dump_places_things_on_the_map_with_a_legend_and_no_debug_fallback() {
    let dir = scratch("dump-legend");
    let src =
        "MAZE:\"legend\",' '\nGEOMETRY:center,center\nMAP\n-----\n|...|\n|...|\n-----\nENDMAP\n\
               RANDOM_PLACES:(1,1),(3,2)\n\
               MONSTER:'D',\"red dragon\",(1,1),asleep\n\
               OBJECT:'[',\"elven mithril-coat\",(3,2),blessed,2\n\
               TRAP:\"magic\",(2,1)\n\
               OBJECT:'(',\"chest\",place[1]\n\
               REGION:(1,1,3,2),lit,\"zoo\",unfilled\n\
               TELEPORT_REGION:(1,1,1,1),(0,0,0,0),down\n";
    let o = run_in(&dir, &["lev-comp"], Some(src));
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = levbuild()
        .current_dir(&dir)
        .args(["dump", "legend.lev"])
        .output()
        .unwrap();
    assert!(text.status.success());
    let text = String::from_utf8_lossy(&text.stdout);
    // Each thing's symbol over its cell, then the legend naming it.
    assert!(
        text.contains("      01234\n    0 -----\n    1 |D^.|\n    2 |..[|\n    3 -----\n"),
        "{text}"
    );
    for line in [
        "D (1,1) monster red dragon (class 'D') chance 100%, asleep",
        "[ (3,2) object elven mithril-coat (class '[') chance 100%, blessed, spe +2",
        "^ (2,1) trap magic chance 100%",
        "( place[1] object chest",
        "random places: (1,1) (3,2)",
        "region (1,1)-(3,2): zoo, unfilled, lit",
        "level region down teleport in map (1,1)-(1,1)",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
    assert!(
        !text.contains("{\n") && !text.contains("MazePart"),
        "{text}"
    );

    // The JSON names what the text names, and draws the map as rows.
    let json = levbuild()
        .current_dir(&dir)
        .args(["dump", "--json", "legend.lev"])
        .output()
        .unwrap();
    assert!(json.status.success());
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let part = &value["body"]["maze"]["parts"][0];
    let dragon = &part["monsters"][0];
    assert_eq!(dragon["id"], "red dragon");
    assert_eq!(dragon["asleep"], "asleep");
    let coat = &part["objects"][0];
    assert_eq!(coat["id"], "elven mithril-coat");
    assert_eq!(coat["curse_state"], "blessed");
    assert_eq!(coat["spe"], 2);
    assert_eq!(part["traps"][0]["kind"], "magic");
    assert_eq!(part["level_regions"][0]["kind"], "down teleport");
    assert_eq!(part["regions"][0]["lit"], "lit");
    assert_eq!(part["map"]["rows"][1], "|...|");
}

#[test]
fn dump_json_gives_positions_classes_and_enums_as_data_and_keeps_every_byte() {
    let dir = scratch("dump-json");
    // A Latin-1 byte in a string, as translated variants write.
    let src: &[u8] = b"MAZE:\"bytes\",' '\nGEOMETRY:center,center\nMAP\n---\n|.+\n---\nENDMAP\n\
        RANDOM_PLACES:(1,1)\n\
        RANDOM_MONSTERS:'D','L'\n\
        MONSTER:'D',\"red dragon\",(1,1),\"Andr\xe9\",chaos\n\
        MONSTER:monster[1],random,place[0],align[0]\n\
        OBJECT:'[',\"elven mithril-coat\",random\n\
        DOOR:locked,(2,1)\n\
        ENGRAVING:(1,1),burn,\"caf\xe9\"\n";
    std::fs::write(dir.join("bytes.des"), src).unwrap();
    let o = run_in(&dir, &["lev-comp", "bytes.des"], None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let json = levbuild()
        .current_dir(&dir)
        .args(["dump", "--json", "bytes.lev"])
        .output()
        .unwrap();
    assert!(json.status.success());
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let part = &value["body"]["maze"]["parts"][0];
    let [dragon, other] = [&part["monsters"][0], &part["monsters"][1]];
    // Positions are objects, classes one-character strings, registers
    // `{"register": n}`, enums their `.des` words.
    assert_eq!(dragon["pos"], serde_json::json!({"x": 1, "y": 1}));
    assert_eq!(dragon["class"], "D");
    assert_eq!(dragon["align"], "chaos");
    assert_eq!(other["class"], serde_json::json!({"register": 1}));
    assert_eq!(other["pos"], serde_json::json!({"register": 0}));
    assert_eq!(other["align"], serde_json::json!({"register": 0}));
    assert_eq!(part["objects"][0]["class"], "[");
    assert_eq!(part["objects"][0]["pos"], "random");
    assert_eq!(
        part["random_places"][0],
        serde_json::json!({"x": 1, "y": 1})
    );
    assert_eq!(part["random_monsters"], serde_json::json!(["L", "D"]));
    assert_eq!(part["doors"][0]["state"], "locked");
    assert_eq!(part["halign"], "center");
    // A string that is not UTF-8 is its bytes, none lost.
    assert_eq!(
        dragon["name"],
        serde_json::json!({"bytes": b"Andr\xe9".to_vec()})
    );
    assert_eq!(
        part["engravings"][0]["text"],
        serde_json::json!({"bytes": b"caf\xe9".to_vec()})
    );
    // The text shows the byte as the source's escape.
    let text = levbuild()
        .current_dir(&dir)
        .args(["dump", "bytes.lev"])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("named \"Andr\\xE9\""), "{text}");

    // A dungeon: bones letters as characters, branch kinds as words.
    std::fs::write(
        dir.join("dungeon.def"),
        "DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)\n\
         BRANCH: \"Fort Ludios\" @ (18, 4) portal\n\
         DUNGEON: \"Fort Ludios\" \"none\" (1, 0)\n",
    )
    .unwrap();
    let o = run_in(&dir, &["dgn-comp", "dungeon.def"], None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let json = levbuild()
        .current_dir(&dir)
        .args(["dump", "--json", "dungeon"])
        .output()
        .unwrap();
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let doom = &value["dungeons"][0];
    assert_eq!(doom["bones"], "D");
    assert_eq!(value["dungeons"][1]["bones"], serde_json::Value::Null);
    assert_eq!(doom["branches"][0]["kind"], "portal");
}

/// Each line of `text` as a JSON object.
pub(crate) fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: not JSON: {l}")))
        .collect()
}

#[test]
fn check_format_json_prints_one_object_per_diagnostic() {
    let dir = scratch("check-json");
    std::fs::create_dir_all(dir.join("dat")).unwrap();
    std::fs::write(
        dir.join("dat/warn.des"),
        format!("{GOOD}MONSTER: 'D', \"soldierx\", (1,0)\n"),
    )
    .unwrap();
    // A passing check: its warnings, nothing else, on standard output
    // (for `| jq`), and nothing on standard error.
    let o = run_in(&dir, &["check", "--format", "json", "dat"], None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let warnings = json_lines(&String::from_utf8_lossy(&o.stdout));
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let w = &warnings[0];
    assert_eq!(w["severity"], "warning");
    assert_eq!(w["code"], "invalid-monster-name");
    assert_eq!(
        w["message"],
        "Invalid monster name!  Making random monster."
    );
    assert!(w["file"].as_str().unwrap().ends_with("warn.des"), "{w}");
    let line = GOOD.lines().count() as u64 + 1;
    assert_eq!(
        (w["line"].as_u64(), w["column"].as_u64()),
        (Some(line), Some(15))
    );
    assert_eq!(w["end"]["line"].as_u64(), Some(line));
    assert_eq!(
        w["labels"][0]["message"],
        "no monster of this class has that name"
    );
    // A failing check: every error of every file, and no prose.
    std::fs::write(
        dir.join("dat/bad.des"),
        "MAZE: \"bad\", ' '\nNOMAP\nTRAP: \"nope\", random\nDOOR: bogus, (1,1)\n",
    )
    .unwrap();
    let o = run_in(&dir, &["check", "--format", "json", "dat"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let errors = json_lines(&String::from_utf8_lossy(&o.stdout));
    let messages: Vec<&str> = errors
        .iter()
        .map(|e| e["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        messages,
        ["Unknown trap type!", "syntax error"],
        "{errors:?}"
    );
    assert!(errors
        .iter()
        .all(|e| e["severity"] == "error" && e["line"].is_u64() && e["code"].is_null()));
    assert!(errors[1]["labels"][0]["message"]
        .as_str()
        .unwrap()
        .starts_with("found `bogus`"));
    // lev-comp speaks the same format, on standard output too.
    let o = run_in(&dir, &["lev-comp", "--format", "json", "dat/bad.des"], None);
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let lines = json_lines(&String::from_utf8_lossy(&o.stdout));
    assert_eq!(lines.len(), 3, "two errors and the summary: {lines:?}");
    assert!(lines[2]["line"].is_null());
}

/// A Latin-1 level name names its file with the same bytes, as lev_comp
/// names it (checked against 3.4.3's lev_comp), and a Latin-1 character
/// literal is a character.
#[cfg(unix)]
#[test]
fn latin1_names_and_characters_are_bytes() {
    use std::os::unix::ffi::OsStrExt;
    let out = scratch("latin1");
    let src = b"MAZE:\"caf\xe9\",'\xe9'\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n";
    std::fs::write(out.join("l.des"), src).unwrap();
    let r = run_in(
        &out,
        &["lev-comp", "--format", "short", "-o", ".", "l.des"],
        None,
    );
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert!(r.status.success(), "{stderr}");
    assert!(stderr.contains("Invalid fill character"), "{stderr}");
    let names: Vec<Vec<u8>> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().as_bytes().to_vec())
        .filter(|n| n.ends_with(b".lev"))
        .collect();
    assert_eq!(names, [b"caf\xe9.lev".to_vec()]);
}

/// `lev-comp` of EvilHack's random vaults writes the `vaults.dat` its own
/// `lev_comp` leaves beside the levels.
#[test]
fn lev_comp_lists_random_vaults_in_vaults_dat() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let out = scratch("vaults");
    let game = common::identity_file("evilhack-0.9.3");
    let o = levbuild()
        .args(["lev-comp", "--game"])
        .arg(&game)
        .arg("-o")
        .arg(&out)
        .arg(shared.join("corpus/evilhack-0.9.3/dat/vaults.des"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        std::fs::read(out.join("vaults.dat")).unwrap(),
        std::fs::read(shared.join("golden/evilhack-0.9.3/vaults.dat")).unwrap()
    );
}
