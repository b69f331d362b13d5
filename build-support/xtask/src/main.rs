//! `cargo xtask levels [SOURCE_DIR] [OUT_DIR]`: compiles every `.des` and
//! `dungeon.def` under SOURCE_DIR (default `examples/dat`) into OUT_DIR
//! (default `target/levels`) and prints what it did.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("levels") => {
            let src = args.get(1).map_or("examples/dat", String::as_str);
            let out = args.get(2).map_or("target/levels", String::as_str);
            match levbuild::Build::new().source_dir(src).out_dir(out).try_compile() {
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
