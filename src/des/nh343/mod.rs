//! NetHack 3.4.3's level language and `.lev` format: `.des` in, the typed
//! [`Level`](ir::Level) and its `.lev` records out, byte-identical to 3.4.3's
//! `lev_comp` (and to the many variants that kept its language).
//!
//! Pipeline: lexer (flex-compatible tokens) → parser (the statement
//! table of `grammar` on the shared matcher, one statement at a time,
//! recovering after errors) → semantics (order
//! rules, names, checks, the typed [`Level`](ir::Level)) → [`encode()`]. The
//! scanner, diagnostics and byte writer are shared with the other
//! dialects.

mod decode;
pub(crate) mod display;
mod encode;
#[cfg(all(test, feature = "compile"))]
mod extension_tests;
#[cfg(feature = "compile")]
mod grammar;
pub mod ir;
#[cfg(feature = "compile")]
mod lexer;
#[cfg(feature = "compile")]
mod map;
#[cfg(feature = "compile")]
mod parser;
#[cfg(feature = "compile")]
mod sema;
#[cfg(feature = "compile")]
mod syntax;

pub use crate::binary::EncodeError;
pub use decode::decode;
pub use display::LevelDisplay;
pub use encode::encode;

#[cfg(feature = "compile")]
mod compile;
#[cfg(feature = "compile")]
pub(crate) use compile::compile_each;
#[cfg(feature = "compile")]
pub use compile::{compile, compile_with, CompiledFile, CompiledLevel};
