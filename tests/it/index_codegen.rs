//! The generated index compiles where it is used: `levels.h`/`levels.c`
//! under `cc -std=c89 -Wall -Wextra -pedantic -Werror` (and the header as
//! C++), `levels.rs` with relative paths under `rustc -D warnings`.

use crate::common;

use std::path::Path;
use std::process::Command;

use common::TempDir;

const TOWER: &str = "MAZE: \"tower\", ' '\nGEOMETRY: center, center\nMAP\n---\n|.|\n---\nENDMAP\n";
const CRYPT: &str =
    "LEVEL: \"crypt-1\"\nROOM: \"ordinary\", lit, random, random, random\nRANDOM_CORRIDORS\n";

fn generate(dir: &Path) -> std::path::PathBuf {
    let src = dir.join("dat");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::write(src.join("tower.des"), TOWER).unwrap();
    std::fs::write(src.join("crypt.des"), CRYPT).unwrap();
    std::fs::write(
        src.join("dungeon.def"),
        "DUNGEON: \"D\" \"D\" (2, 0)\nLEVEL: \"tower\" \"T\" @ (1, 0)\n",
    )
    .unwrap();
    let out = dir.join("out");
    levbuild::Build::new()
        .source_dir(&src)
        .out_dir(&out)
        .cargo_directives(false)
        .try_compile()
        .unwrap();
    out
}

fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn c_index_is_c89_clean_and_readable_from_c_and_cxx() {
    if !have("cc") {
        common::skip("no C compiler (`cc`)");
        return;
    }
    let tmp = TempDir::new("cindex");
    let out = generate(tmp.path());
    let main = tmp.path().join("main.c");
    std::fs::write(
        &main,
        r#"#include <stdio.h>
#include <string.h>
#include "levels.h"
int main(void) {
    const struct levbuild_blob *t = &levbuild_levels[LEVBUILD_LEVEL_TOWER];
    if (LEVBUILD_LEVEL_COUNT != 2 || LEVBUILD_DUNGEON_COUNT != 1) return 1;
    if (strcmp(t->name, "tower") != 0 || strcmp(levbuild_levels[LEVBUILD_LEVEL_CRYPT_1].name, "crypt-1") != 0) return 2;
    if (t->data[0] != 0x00 || t->data[1] != 0x03 || t->data[2] != 0x04 || t->data[3] != 0x03) return 3;
    if (levbuild_levels[LEVBUILD_LEVEL_COUNT].name != 0 || levbuild_dungeons[1].data != 0) return 4;
    printf("%s %lu\n", t->name, t->size);
    return 0;
}
"#,
    )
    .unwrap();
    let exe = tmp.path().join("main");
    let status = Command::new("cc")
        .args(["-std=c89", "-Wall", "-Wextra", "-pedantic", "-Werror", "-I"])
        .arg(&out)
        .arg(&main)
        .arg(out.join("levels.c"))
        .arg("-o")
        .arg(&exe)
        .status()
        .unwrap();
    assert!(status.success(), "C89 compile failed");
    let run = Command::new(&exe).output().unwrap();
    assert!(run.status.success(), "C check failed with {:?}", run.status);
    let size = std::fs::metadata(out.join("tower.lev")).unwrap().len();
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        format!("tower {size}\n")
    );
    if have("c++") {
        let status = Command::new("c++")
            .args(["-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-x", "c++"])
            .arg(out.join("levels.h"))
            .status()
            .unwrap();
        assert!(status.success(), "the header is not valid C++");
    }
}

#[test]
fn rust_index_with_relative_paths_compiles_without_warnings() {
    let tmp = TempDir::new("rindex");
    let out = generate(tmp.path());
    let index = std::fs::read_to_string(out.join("levels.rs")).unwrap();
    assert!(
        !index.contains("#!["),
        "include!-able files carry no inner attributes"
    );
    assert!(
        index.contains("include_bytes!(\"tower.lev\")"),
        "blobs by relative path, never literal arrays"
    );
    let main = tmp.path().join("main.rs");
    std::fs::write(
        &main,
        format!(
            "#![deny(warnings)]\nmod levels {{\n    include!({:?});\n}}\nfn main() {{\n    let t = levels::level(\"tower\").unwrap();\n    assert_eq!(t.data.len(), {});\n    assert_eq!(levels::LEVELS[levels::id::CRYPT_1].name, \"crypt-1\");\n    assert!(levels::dungeon().is_some());\n    assert_eq!(levels::variants(\"crypt\").map(|l| l.name).collect::<Vec<_>>(), [\"crypt-1\"]);\n    assert_eq!(levels::variants(\"tower\").count(), 0);\n}}\n",
            out.join("levels.rs"),
            std::fs::metadata(out.join("tower.lev")).unwrap().len()
        ),
    )
    .unwrap();
    let exe = tmp.path().join("rmain");
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let o = Command::new(rustc)
        .args(["--edition", "2021", "-o"])
        .arg(&exe)
        .arg(&main)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(Command::new(&exe).status().unwrap().success());
}

/// Level sets whose directory names hold newlines, comment markers and
/// quotes, and levels named `_`, `$`, `-`, `'` and `é`: the generated Rust
/// compiles under `#![deny(warnings)]` with nothing injected, and the C
/// under `-Wall -Wextra -Wcomment -Werror`.
#[test]
fn hostile_names_cannot_break_or_inject_into_the_index() {
    let tmp = TempDir::new("hostile");
    let dirs = ["x\npub fn injected() {}", "a*/b/*c", "q\"uote\\"];
    let names = ["_", "$", "-", "'", "é", "1st"];
    let mut build = levbuild::Build::new();
    for (i, d) in dirs.iter().enumerate() {
        let dir = tmp.path().join("src").join(d);
        std::fs::create_dir_all(&dir).unwrap();
        for n in &names {
            let level = TOWER.replace("\"tower\"", &format!("{:?}", format!("{n}{i}")));
            let file = format!(
                "l{}.des",
                n.len() + 10 * names.iter().position(|x| x == n).unwrap()
            );
            std::fs::write(dir.join(file), level).unwrap();
        }
        build.source_dir(&dir);
    }
    let out = tmp.path().join("out");
    build
        .out_dir(&out)
        .cargo_directives(false)
        .try_compile()
        .unwrap_or_else(|e| panic!("{e}"));
    let rs = std::fs::read_to_string(out.join("levels.rs")).unwrap();
    let main = tmp.path().join("main.rs");
    std::fs::write(
        &main,
        format!(
            "#![deny(warnings)]\nmod levels {{\n    include!({:?});\n}}\nfn main() {{\n    let n: usize = [{}].iter().map(|l| l.len()).sum();\n    assert_eq!(n, 18);\n}}\n",
            out.join("levels.rs"),
            rs.lines()
                .filter_map(|l| l.strip_prefix("pub mod ")?.strip_suffix(" {"))
                .map(|m| format!("levels::{m}::LEVELS"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    )
    .unwrap();
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let exe = tmp.path().join("hostile");
    let o = Command::new(rustc)
        .args(["--edition", "2021", "-o"])
        .arg(&exe)
        .arg(&main)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&o.stderr),
        rs.lines()
            .filter(|l| l.contains("pub mod"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(Command::new(&exe).status().unwrap().success(), "{rs}");
    assert!(!rs.contains("\npub fn injected"), "{rs}");
    if !have("cc") {
        common::skip("no C compiler (`cc`)");
        return;
    }
    for set in std::fs::read_dir(&out).unwrap() {
        let set = set.unwrap().path();
        if !set.join("levels.c").is_file() {
            continue;
        }
        let o = Command::new("cc")
            .args([
                "-std=c89",
                "-Wall",
                "-Wextra",
                "-Wcomment",
                "-Werror",
                "-c",
                "-o",
            ])
            .arg(tmp.path().join("x.o"))
            .arg("-I")
            .arg(&out)
            .arg(set.join("levels.c"))
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
}
