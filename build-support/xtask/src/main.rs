// `cargo xtask levels [SOURCE_DIR] [OUT_DIR]`: compiles every `.des` and
// `dungeon.def` under SOURCE_DIR into OUT_DIR (blobs, `levels.rs`,
// `levels.h`, `levels.c`), saying what it compiles before it starts and
// what it did when it is done.

use std::process::ExitCode;

/// Where the level sources are, unless given.
const SOURCE_DIR: &str = "examples/dat";
/// Where the blobs and the index go, unless given.
const OUT_DIR: &str = "target/levels";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("levels") => {
            let src = args.get(1).map_or(SOURCE_DIR, String::as_str);
            let out = args.get(2).map_or(OUT_DIR, String::as_str);
            eprintln!("xtask levels: compiling {src} into {out}");
            match levbuild::Build::new()
                .source_dir(src)
                .out_dir(out)
                .try_compile()
            {
                Ok(report) => {
                    print!("{report}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
        _ => {
            eprintln!("usage: cargo xtask levels [SOURCE_DIR] [OUT_DIR]");
            ExitCode::from(2)
        }
    }
}
