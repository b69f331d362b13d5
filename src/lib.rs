// The front page is what a user needs to start (docs/crate.md); the
// guide is the README, whose examples are doc tests below.
#![doc = include_str!("../docs/crate.md")]
#![warn(missing_docs)]
// A build.rs example is a whole `fn main`, as the file is.
#![allow(clippy::needless_doctest_main)]
// docs.rs (nightly, `--cfg docsrs`) marks what each feature adds.
#![cfg_attr(docsrs, feature(doc_cfg))]

mod binary;
#[cfg(feature = "build")]
mod build;
#[cfg(feature = "compile")]
mod c_number;
pub mod des;
#[cfg(feature = "compile")]
#[cfg_attr(docsrs, doc(cfg(feature = "compile")))]
pub mod diag;
pub mod dungeon;
mod game;
mod key_hash;
pub mod layout;
#[cfg(feature = "compile")]
mod parsing;
#[cfg(feature = "render")]
#[cfg_attr(docsrs, doc(cfg(feature = "render")))]
pub mod render;
#[cfg(feature = "compile")]
mod statement;
#[cfg(any(feature = "compile", feature = "targets"))]
mod suggest;
pub mod tables;
mod text;

/// The README's examples, compiled and run as doc tests. They are the
/// code a user pastes, with no hidden lines, so they need the features
/// they use: `build` (and with it `compile`).
#[cfg(all(doctest, feature = "build"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeExamples;

pub use binary::{DecodeError, EncodeError};
#[cfg(feature = "build")]
pub use build::{
    Build, CCompileError, DuplicateLevel, Error, ErrorKind, GameSource, OutputClash, Position,
    Report, Warning,
};
#[cfg(feature = "compile")]
pub use diag::{Diagnostic, Diagnostics, Severity};
pub use game::{
    CType, CoreFunction, CoreMethod, DungeonMember, DungeonRules, ExtraMember, Game, GrammarForm,
    IdentityError, LevelRules, Limits, MissingHeader, Numbering, ProgramFormat, RecordFormat,
    RecordKind,
};
#[cfg(feature = "build")]
pub use game::{TreeError, TreeOptions};
#[cfg(feature = "build")]
pub use layout::Target;
pub use layout::{ByteOrder, DataModel, Layout, UnknownTarget};

/// The text of a source file's bytes for the compilers (feature `compile`),
#[cfg_attr(
    feature = "compile",
    doc = "[`des::compile`] and [`dungeon::compile`],"
)]
#[cfg_attr(
    not(feature = "compile"),
    doc = "`des::compile` and `dungeon::compile`,"
)]
/// every byte kept: valid UTF-8 as its characters,
/// any other byte (a Latin-1 `é` in a string) as a private-use character
/// that the encoders write back as that byte. Read sources with this, not
/// `String::from_utf8_lossy`, to get the bytes the C tools write.
pub fn source_text(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    text::decode(bytes)
}

/// The largest source file levbuild reads, in bytes (64 MiB): far above
/// any real level file (the largest vanilla one is 15 KB), low enough that
/// a mistake cannot exhaust memory. Every command and the tree build apply
/// it alike: a larger file is an error of that file.
pub const MAX_SOURCE_BYTES: u64 = 64 << 20;

/// Reads a source file's bytes from `reader` (a file, standard input), at
/// most [`MAX_SOURCE_BYTES`].
///
/// # Errors
///
/// The reader's, or [`std::io::ErrorKind::InvalidData`] for a source
/// larger than [`MAX_SOURCE_BYTES`] (with [`source_too_large`]'s message).
pub fn read_source(reader: impl std::io::Read) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    reader.take(MAX_SOURCE_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_SOURCE_BYTES {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            source_too_large(),
        ));
    }
    Ok(bytes)
}

/// What a source larger than [`MAX_SOURCE_BYTES`] is told.
pub fn source_too_large() -> String {
    format!(
        "larger than {} MiB, the most levbuild reads from one source file",
        MAX_SOURCE_BYTES >> 20
    )
}

/// The bytes a text of [`source_text`] stands for, every raw byte written
/// back as that byte: what the encoders write for a string of a decoded
/// level (`source_bytes(&source_text(b)) == b`). Use it to show or
/// export a decoded string's exact bytes when it is not UTF-8.
///
/// ```
/// let text = levbuild::source_text(b"caf\xe9");
/// assert_eq!(&*levbuild::source_bytes(&text), b"caf\xe9");
/// assert_eq!(&*levbuild::source_bytes("caf\u{e9}"), "caf\u{e9}".as_bytes());
/// ```
pub fn source_bytes(text: &str) -> std::borrow::Cow<'_, [u8]> {
    text::bytes(text)
}

/// Includes the `levels.rs` that this crate's build script wrote with
/// `Build`, as prost's `include_proto!` does:
/// `include_levels!()` is
/// `include!(concat!(env!("OUT_DIR"), "/levels/levels.rs"));` (a build's
/// default output directory, `$OUT_DIR/levels`), and
/// `include_levels!("DIR")` includes `$OUT_DIR/DIR/levels.rs` (a build
/// with `out_dir` set to `$OUT_DIR/DIR`).
///
/// `levels.rs` holds items (no inner attributes), so it goes into a
/// module of its own:
///
/// ```ignore
/// mod levels {
///     levbuild::include_levels!();
/// }
///
/// let tower = levels::level("tower").expect("tower is indexed");
/// ```
///
/// It needs no feature, so a crate that depends on levbuild at run time
/// with `default-features = false` (and on the full levbuild as a
/// build-dependency) has it. The example is not a doc test, since only a
/// crate with a build script has an `OUT_DIR`: `tests/fixture` is such a
/// crate, and its `src/main.rs`, which does exactly this, is built and run
/// by the tests.
#[macro_export]
macro_rules! include_levels {
    () => {
        ::core::include!(::core::concat!(
            ::core::env!("OUT_DIR"),
            "/levels/levels.rs"
        ));
    };
    ($dir:literal) => {
        ::core::include!(::core::concat!(
            ::core::env!("OUT_DIR"),
            "/",
            $dir,
            "/levels.rs"
        ));
    };
}
