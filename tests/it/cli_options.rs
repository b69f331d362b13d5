//! The command line's options around diagnostics and files: `--allow`
//! on every compiling command, JSON on standard output, `check FILE`,
//! `dump` of a source file, the `levbuild:` prefix of errors, and a
//! build that writes the blobs alone.
#![cfg(feature = "cli")]

use crate::cli_lev_comp::{files_in, json_lines, run_in, scratch, GOOD};

/// A level with two warnings: a misspelt monster and a negative register.
fn warned() -> String {
    format!("{GOOD}MONSTER: 'd', \"jackl\", (1,0)\nTRAP: \"arrow\", place[-2]\n")
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn allow_silences_a_warning_on_every_command() {
    let dir = scratch("allow");
    std::fs::create_dir_all(dir.join("dat")).unwrap();
    std::fs::write(dir.join("dat/w.des"), warned()).unwrap();
    std::fs::write(dir.join("d.def"), "# no dungeon\n").unwrap();
    // The name shows in the short form, with the hint on the same line.
    let o = run_in(&dir, &["check", "--format", "short", "dat"], None);
    let text = stderr(&o);
    assert!(
        text.contains(
            "w.des:9:15: warning[invalid-monster-name]: Invalid monster name!  Making random \
             monster. (no monster of this class has that name); help: did you mean \"jackal\"?"
        ),
        "{text}"
    );
    assert!(text.contains("warning[negative-register]"), "{text}");
    let allow = ["--allow", "invalid-monster-name"];
    for args in [
        &["check", "dat"][..],
        &["check", "dat/w.des"],
        &["build", "-o", "out", "dat"],
        &["lev-comp", "--format", "short", "dat/w.des"],
    ] {
        let mut with: Vec<&str> = args.to_vec();
        with.extend(allow);
        let o = run_in(&dir, &with, None);
        let text = stderr(&o);
        assert!(o.status.success(), "{args:?}: {text}");
        assert!(!text.contains("monster name"), "{args:?}: {text}");
        assert!(text.contains("negative"), "{args:?}: {text}");
        // --deny-warnings applies to the rest.
        with.push("--deny-warnings");
        let o = run_in(&dir, &with, None);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        with.extend(["--allow", "negative-register"]);
        let o = run_in(&dir, &with, None);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    }
    // The legacy format keeps lev_comp's text; an allowed warning is gone.
    let o = run_in(
        &dir,
        &[
            "lev-comp",
            "--format",
            "legacy",
            "--allow",
            "negative-register",
            "dat/w.des",
        ],
        None,
    );
    assert_eq!(
        stderr(&o),
        "dat/w.des: line 9 : WARNING : Invalid monster name!  Making random monster.\n"
    );
    let o = run_in(&dir, &["dgn-comp", "--deny-warnings", "d.def"], None);
    assert_eq!(o.status.code(), Some(1));
    let o = run_in(
        &dir,
        &[
            "dgn-comp",
            "--deny-warnings",
            "--allow",
            "no-dungeons",
            "d.def",
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    // An unknown name is an error listing the names, on every command.
    for command in ["check", "build", "lev-comp", "dgn-comp"] {
        let o = run_in(&dir, &[command, "--allow", "rock-in-rooms"], None);
        let text = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{command}");
        assert!(
            text.starts_with(
                "levbuild: --allow: unknown warning name `rock-in-rooms` (did you mean \
                 `rock-in-room`?); the warnings are: number-read-as, "
            ),
            "{command}: {text}"
        );
    }
}

#[test]
fn json_goes_to_standard_output_and_prose_to_standard_error() {
    let dir = scratch("json-stdout");
    std::fs::create_dir_all(dir.join("dat")).unwrap();
    std::fs::write(dir.join("dat/w.des"), warned()).unwrap();
    std::fs::write(dir.join("d.def"), "# no dungeon\n").unwrap();
    for args in [
        &["build", "--format", "json", "-o", "out", "dat"][..],
        &["check", "--format", "json", "dat/w.des"],
        &["lev-comp", "--format", "json", "dat/w.des"],
        &["dgn-comp", "--format", "json", "d.def"],
    ] {
        let o = run_in(&dir, args, None);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert!(o.stderr.is_empty(), "{args:?}: {}", stderr(&o));
        let lines = json_lines(&stdout(&o));
        assert!(!lines.is_empty(), "{args:?}");
        assert!(lines.iter().all(|l| l["code"].is_string()), "{lines:?}");
    }
    // The human formats stay on standard error.
    let o = run_in(&dir, &["check", "--format", "short", "dat"], None);
    assert!(o.stdout.is_empty() && !o.stderr.is_empty());
}

#[test]
fn check_takes_a_des_or_def_file() {
    let dir = scratch("check-file");
    std::fs::write(dir.join("w.des"), warned()).unwrap();
    std::fs::write(
        dir.join("bad.des"),
        "MAZE: \"b\", ' '\nNOMAP\nDOOR: closd, (1,1)\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("dungeon.def"),
        "DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)\nLEVEL: \"oracle\" \"O\" @ (5, 5)\n",
    )
    .unwrap();
    let o = run_in(&dir, &["check", "w.des"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).ends_with("levbuild check: 1 file(s), no errors, 2 warning(s)\n"),
        "{}",
        stderr(&o)
    );
    // A dungeon.def alone: no cross-check against levels it was not given.
    let o = run_in(&dir, &["check", "dungeon.def"], None);
    assert_eq!(
        stderr(&o),
        "levbuild check: 1 file(s), no errors, 0 warning(s)\n"
    );
    let o = run_in(
        &dir,
        &["check", "--format", "short", "w.des", "bad.des"],
        None,
    );
    assert_eq!(o.status.code(), Some(1));
    let text = stderr(&o);
    assert!(
        text.starts_with("levbuild: check failed: 1 error(s) in 1 file(s)\nbad.des:3:7: error: "),
        "{text}"
    );
    // Nothing is written.
    assert_eq!(files_in(&dir), ["bad.des", "dungeon.def", "w.des"]);
    for (args, message) in [
        (
            &["check", "w.des", "."][..],
            "levbuild: check takes source directories or files, not both",
        ),
        (
            &["check", "notes.txt"],
            "levbuild: notes.txt: check takes .des files and dungeon descriptions",
        ),
        (
            &["build", "w.des"],
            "levbuild: w.des is a file: build takes source directories",
        ),
    ] {
        std::fs::write(dir.join("notes.txt"), "text").unwrap();
        let o = run_in(&dir, args, None);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).starts_with(message), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn dump_of_a_source_file_says_what_to_run() {
    let dir = scratch("dump-source");
    std::fs::write(dir.join("w.des"), warned()).unwrap();
    std::fs::write(dir.join("dungeon"), "DUNGEON: \"D\" \"D\" (2, 0)\n").unwrap();
    std::fs::write(dir.join("x.lev"), GOOD).unwrap();
    for file in ["w.des", "dungeon", "x.lev"] {
        let o = run_in(&dir, &["dump", file], None);
        assert_eq!(o.status.code(), Some(2), "{file}");
        let text = stderr(&o);
        assert!(
            text.starts_with(&format!(
                "levbuild: {file} is a source file, not a compiled one"
            )),
            "{text}"
        );
        assert!(
            text.contains("lev-comp") && text.contains("check"),
            "{text}"
        );
    }
}

#[test]
fn errors_carry_the_levbuild_prefix() {
    let dir = scratch("prefix");
    for args in [
        &["build", "nonexistent"][..],
        &["check", "nonexistent"],
        &["build", "--target", "pdp11-dec-unix", "."],
    ] {
        let o = run_in(&dir, args, None);
        assert_ne!(o.status.code(), Some(0), "{args:?}");
        assert!(
            stderr(&o).starts_with("levbuild: "),
            "{args:?}: {}",
            stderr(&o)
        );
    }
    let o = run_in(&dir, &["build", "nonexistent"], None);
    assert!(
        stderr(&o).starts_with("levbuild: nonexistent: "),
        "{}",
        stderr(&o)
    );
}

/// Blobs written straight into a C tree's `dat/`: with neither index,
/// nothing but the blobs (and levbuild's hidden manifest and cache).
#[test]
fn without_both_indexes_only_the_blobs_are_written() {
    let dir = scratch("no-index");
    std::fs::create_dir_all(dir.join("dat")).unwrap();
    std::fs::write(dir.join("dat/good.des"), GOOD).unwrap();
    std::fs::write(
        dir.join("dat/dungeon.def"),
        "DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)\nLEVEL: \"good\" \"none\" @ (2, 0)\n",
    )
    .unwrap();
    let o = run_in(
        &dir,
        &[
            "build",
            "--no-rust-index",
            "--no-c-index",
            "-o",
            "dat",
            "dat",
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let visible: Vec<String> = files_in(&dir.join("dat"))
        .into_iter()
        .filter(|f| !f.starts_with('.'))
        .collect();
    assert_eq!(visible, ["dungeon", "dungeon.def", "good.des", "good.lev"]);
}

/// A mistyped `--target` is an error naming the triple it resembles, on
/// every command that takes one, never a layout read off its first word
/// (`x86-64-…` was ILP32, `sparc-foo` big-endian ILP32, and a build
/// exited 0). Layout names still work.
#[test]
fn a_mistyped_target_is_an_error_with_a_hint() {
    let dir = scratch("mistyped-target");
    std::fs::create_dir_all(dir.join("dat")).unwrap();
    std::fs::write(dir.join("dat/g.des"), GOOD).unwrap();
    for (target, hint) in [
        ("x86-64-unknown-linux-gnu", Some("x86_64-unknown-linux-gnu")),
        (
            "x86_64-unknown-linux-gnux",
            Some("x86_64-unknown-linux-gnu"),
        ),
        ("sparc-foo", None),
        ("mips-bogus", None),
    ] {
        for args in [
            &["build", "-o", "out", "--target", target, "dat"][..],
            &["check", "--target", target, "dat"],
            &["lev-comp", "--target", target, "dat/g.des"],
        ] {
            let o = run_in(&dir, args, None);
            let text = stderr(&o);
            assert_ne!(o.status.code(), Some(0), "{args:?}: {text}");
            assert!(
                text.contains(&format!("unknown target `{target}`")),
                "{args:?}: {text}"
            );
            match hint {
                Some(h) => assert!(
                    text.contains(&format!("did you mean `{h}`?")),
                    "{args:?}: {text}"
                ),
                None => assert!(!text.contains("did you mean"), "{args:?}: {text}"),
            }
        }
        assert!(!dir.join("out").exists(), "{target}: a build wrote outputs");
    }
    for target in ["lp64", "ilp32-be", "i686-unknown-linux-gnu"] {
        let o = run_in(
            &dir,
            &["build", "-o", "out", "--target", target, "dat"],
            None,
        );
        assert!(o.status.success(), "{target}: {}", stderr(&o));
    }
}

/// A source directory with no level or dungeon file (a wrong path, a
/// pattern that excludes everything) is a warning on the command line,
/// not a silent "0 file(s)", and is listed in the library's report.
#[test]
fn an_empty_source_dir_is_a_warning() {
    let dir = scratch("empty-source");
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(dir.join("src/main.c"), "int main(void) { return 0; }\n").unwrap();
    std::fs::create_dir_all(dir.join("dat")).unwrap();
    std::fs::write(dir.join("dat/g.des"), GOOD).unwrap();
    let warning = "no level (`*.des`) or dungeon (`*.def`) file found";
    for args in [
        &["build", "-o", "out", "src"][..],
        &["check", "src"],
        &["build", "-o", "out", "--exclude", "*.des", "dat"],
    ] {
        let o = run_in(&dir, args, None);
        let text = stderr(&o);
        assert!(o.status.success(), "{args:?}: {text}");
        assert!(
            text.contains(&format!("warning: {}: {warning}", args[args.len() - 1])),
            "{args:?}: {text}"
        );
    }
    let o = run_in(&dir, &["build", "-o", "out", "dat"], None);
    assert!(!stderr(&o).contains(warning), "{}", stderr(&o));
    let report = levbuild::Build::new()
        .source_dir(dir.join("src"))
        .source_dir(dir.join("dat"))
        .out_dir(dir.join("lib-out"))
        .cargo_directives(false)
        .try_compile()
        .unwrap();
    assert_eq!(report.empty_sets, [dir.join("src")]);
    let quiet = levbuild::Build::new()
        .source_dir(dir.join("src"))
        .out_dir(dir.join("lib-out2"))
        .allow_empty(true)
        .cargo_directives(false)
        .try_compile()
        .unwrap();
    assert!(quiet.notes.is_empty(), "{:?}", quiet.notes);
}

/// One size limit everywhere: a source over 64 MiB is refused by `check
/// FILE`, `lev-comp` and the tree build alike, and in a build it is one
/// file's error among the others', which are all still listed.
#[test]
fn an_oversized_source_is_the_same_error_everywhere() {
    let dir = scratch("oversized");
    std::fs::create_dir_all(dir.join("dat")).unwrap();
    // Sparse: 74 MB of zero bytes that take no disk space.
    let big = std::fs::File::create(dir.join("dat/big.des")).unwrap();
    big.set_len(74_000_000).unwrap();
    drop(big);
    std::fs::write(dir.join("dat/bad.des"), "MAZE: \"bad\", ' '\nBOGUS\n").unwrap();
    std::fs::write(dir.join("dat/good.des"), GOOD).unwrap();
    let limit = "larger than 64 MiB, the most levbuild reads from one source file";
    let o = run_in(&dir, &["build", "-o", "out", "dat"], None);
    let text = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(text.contains(limit) && text.contains("big.des"), "{text}");
    assert!(
        text.contains("bad.des:2:1"),
        "the other file's error: {text}"
    );
    for args in [
        &["check", "dat/big.des"][..],
        &["check", "dat"],
        &["lev-comp", "dat/big.des"],
    ] {
        let o = run_in(&dir, args, None);
        let text = stderr(&o);
        assert_ne!(o.status.code(), Some(0), "{args:?}: {text}");
        assert!(text.contains(limit), "{args:?}: {text}");
    }
    assert!(!dir.join("out").exists(), "a failed build wrote outputs");
}

/// `dump` of a file that is no compiled level or dungeon (random bytes, an
/// executable) says what it is not, what it looks like, and what to pass,
/// rather than calling it an invalid 3.6 file; a dungeon's flags are
/// words.
#[test]
fn dump_says_what_a_file_is_not_and_shows_flags_as_words() {
    let dir = scratch("dump-not-lev");
    let noise: Vec<u8> = (0u32..256).map(|i| (i * 151 + 7) as u8).collect();
    std::fs::write(dir.join("noise.bin"), &noise).unwrap();
    let mut elf = b"\x7fELF\x02\x01\x01\0".to_vec();
    elf.extend([0u8; 56]);
    std::fs::write(dir.join("prog"), &elf).unwrap();
    for (file, seen) in [
        ("noise.bin", "its first word, 0x"),
        ("prog", "it is an ELF executable or library"),
    ] {
        let o = run_in(&dir, &["dump", "--target", "lp64", file], None);
        let text = stderr(&o);
        assert_ne!(o.status.code(), Some(0), "{text}");
        assert!(
            text.starts_with(&format!(
                "levbuild: {file} is not a compiled level or dungeon file of NetHack 3.4.3 or 3.6.7 ("
            )),
            "{text}"
        );
        assert!(text.contains(seen), "{text}");
        assert!(
            text.contains("--game FILE") && text.contains("--target"),
            "{text}"
        );
        assert!(!text.contains("3.6 .lev"), "{text}");
    }
    std::fs::write(
        dir.join("dungeon.def"),
        "DUNGEON: \"The Dungeons of Doom\" \"D\" (25, 5)\nALIGNMENT: unaligned\n\
         LEVEL: \"oracle\" \"O\" @ (5, 5)\nLEVALIGN: neutral\n\
         DUNGEON: \"Gehennom\" \"G\" (20, 5)\nDESCRIPTION: mazelike\nDESCRIPTION: hellish\n\
         LEVEL: \"valley\" \"V\" @ (1, 0)\n",
    )
    .unwrap();
    let o = run_in(&dir, &["dgn-comp", "dungeon.def"], None);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run_in(&dir, &["dump", "dungeon"], None);
    let text = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        text.contains("\"oracle\" at (5, 5) chance 100 rndlevs 0 flags neutral\n"),
        "{text}"
    );
    assert!(
        text.contains("depth (20, 5) flags hellish mazelike chance"),
        "{text}"
    );
    assert!(
        text.contains("\"valley\" at (1, 0) chance 100 rndlevs 0 flags none"),
        "{text}"
    );
}

/// A second build with nothing changed says that it is up to date, not
/// "N from cache"; `levbuild help --help` is the help, not an error.
#[test]
fn a_no_op_build_says_it_is_up_to_date_and_help_help_helps() {
    let dir = scratch("up-to-date");
    std::fs::create_dir_all(dir.join("dat")).unwrap();
    std::fs::write(dir.join("dat/g.des"), GOOD).unwrap();
    let first = run_in(&dir, &["build", "-o", "out", "dat"], None);
    assert!(first.status.success(), "{}", stderr(&first));
    assert!(stderr(&first).contains("1 compiled"), "{}", stderr(&first));
    let again = run_in(&dir, &["build", "-o", "out", "dat"], None);
    let text = stderr(&again);
    assert!(again.status.success(), "{text}");
    assert!(
        text.starts_with("levbuild: 1 file(s) in 1 level set(s) up to date: nothing compiled or written; 1 level(s)"),
        "{text}"
    );
    assert!(!text.contains("from cache"), "{text}");
    let general = run_in(&dir, &["help"], None);
    for args in [&["help", "--help"][..], &["help", "-h"], &["help", "help"]] {
        let o = run_in(&dir, args, None);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert_eq!(o.stdout, general.stdout, "{args:?}");
    }
}

/// `--exclude` and `--include` take a whole glob syntax: a class such as
/// `dungeon[2-8].def` excludes what it names (the hand-written matcher
/// matched nothing with it, silently), and a pattern that is no glob is
/// an error saying why.
#[test]
fn exclude_patterns_have_classes_and_bad_ones_are_errors() {
    let dir = scratch("glob-classes");
    std::fs::create_dir_all(dir.join("dat")).unwrap();
    std::fs::write(dir.join("dat/g.des"), GOOD).unwrap();
    let dungeon = "DUNGEON: \"D\" \"D\" (5, 0)\nLEVEL: \"g\" \"G\" @ (1, 0)\n";
    for n in ["", "2", "5", "8", "9"] {
        std::fs::write(dir.join(format!("dat/dungeon{n}.def")), dungeon).unwrap();
    }
    let o = run_in(
        &dir,
        &["build", "-o", "out", "--exclude", "dungeon[2-8].def", "dat"],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let mut written = files_in(&dir.join("out"));
    written.retain(|f| f.starts_with("dungeon"));
    assert_eq!(written, ["dungeon", "dungeon9"]);
    let o = run_in(
        &dir,
        &[
            "build",
            "-o",
            "out2",
            "--exclude",
            "{g,dungeon?}.{des,def}",
            "dat",
        ],
        None,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let mut written = files_in(&dir.join("out2"));
    written.retain(|f| !f.starts_with("levels") && !f.starts_with('.'));
    assert_eq!(written, ["dungeon"]);
    for (pattern, why) in [
        ("dungeon[2-8.def", "invalid range pattern at byte 7"),
        ("{a,b", "unclosed `{` at byte 0"),
    ] {
        let o = run_in(
            &dir,
            &["build", "-o", "out3", "--exclude", pattern, "dat"],
            None,
        );
        let text = stderr(&o);
        assert_ne!(o.status.code(), Some(0), "{pattern}: {text}");
        assert!(
            text.contains(&format!("exclude pattern `{pattern}` is not a glob: {why}")),
            "{text}"
        );
        assert!(!dir.join("out3").exists());
    }
}

/// A `.des` holding terminal escapes (a colour, an OSC title) and other
/// control bytes: every format shows them escaped, never sends them to
/// the terminal, and the caret stays under what it points at.
#[test]
fn control_bytes_of_a_source_never_reach_the_terminal() {
    let dir = scratch("control-bytes");
    std::fs::create_dir_all(dir.join("dat")).unwrap();
    std::fs::write(
        dir.join("dat/x.des"),
        "MAZE: \"t\x1b[31m\", ' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n\
         \x01\x02\x03MONSTER: 'd', \"jackal\", (1,0)\n\x1b]0;pwned\x07BOGUS\n",
    )
    .unwrap();
    for format in ["rich", "short", "legacy", "json"] {
        let o = run_in(&dir, &["lev-comp", "--format", format, "dat/x.des"], None);
        assert_eq!(o.status.code(), Some(1), "{format}");
        for out in [&o.stdout, &o.stderr] {
            assert!(
                !out.iter().any(|&b| b < 0x20 && b != b'\n' || b == 0x7f),
                "{format}: {}",
                String::from_utf8_lossy(out)
            );
        }
        let all = format!("{}{}", stdout(&o), stderr(&o));
        if format == "rich" {
            assert!(all.contains(r#""t\x1b[31m""#), "{format}: {all}");
        }
    }
    let o = run_in(&dir, &["check", "dat"], None);
    let text = stderr(&o);
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.ends_with(r#"\x01\x02\x03MONSTER: 'd', "jackal", (1,0)"#))
        .unwrap_or_else(|| panic!("{text}"));
    let (shown, caret) = (lines[at], lines[at + 1]);
    assert_eq!(caret.find('^'), shown.find(r"\x01"), "{text}");
    assert!(text.contains(",-[ dat/x.des:6:1 ]"), "{text}");
}

/// `--format github`: GitHub Actions annotations on standard output, one
/// a diagnostic, with the file, the span and the warning's name; `%` and
/// newlines escaped as workflow commands need.
#[test]
fn github_format_prints_annotations() {
    let dir = scratch("github");
    std::fs::create_dir_all(dir.join("dat")).unwrap();
    std::fs::write(dir.join("dat/w.des"), warned()).unwrap();
    std::fs::write(dir.join("dat/bad.des"), "MAZE: \"bad\", ' '\nBOGUS\n").unwrap();
    let monster = "::warning file=dat/w.des,line=9,col=15,endLine=9,endColumn=22,\
                   title=levbuild warning[invalid-monster-name]::Invalid monster name!  \
                   Making random monster. (no monster of this class has that name)%0A\
                   help: did you mean \"jackal\"?";
    let syntax = "::error file=dat/bad.des,line=2,col=1,endLine=2,endColumn=6,\
                  title=levbuild error::syntax error";
    for args in [
        &["check", "--format", "github", "dat"][..],
        &["build", "--format", "github", "-o", "out", "dat"],
    ] {
        let o = run_in(&dir, args, None);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        let out = stdout(&o);
        let lines: Vec<&str> = out.lines().collect();
        assert!(
            lines.iter().any(|l| l.starts_with(syntax)),
            "{args:?}: {out}"
        );
        assert!(lines.iter().all(|l| l.starts_with("::")), "{args:?}: {out}");
        assert!(stderr(&o).contains("failed"), "{args:?}: {}", stderr(&o));
    }
    std::fs::remove_file(dir.join("dat/bad.des")).unwrap();
    for args in [
        &["lev-comp", "--format", "github", "dat/w.des"][..],
        &["check", "--format", "github", "dat/w.des"],
        &["check", "--format", "github", "dat"],
        &["build", "--format", "github", "-o", "out", "dat"],
    ] {
        let o = run_in(&dir, args, None);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert!(
            stdout(&o).lines().any(|l| l == monster),
            "{args:?}: {}",
            stdout(&o)
        );
    }
    let o = run_in(
        &dir,
        &["lev-comp", "--format", "github", "nowhere.des"],
        None,
    );
    assert_eq!(
        stdout(&o),
        "::error file=nowhere.des,title=levbuild error::cannot open: No such file or directory (os error 2)\n"
    );
}
