//! The C data layout of the machine a NetHack game is built for.
//!
//! NetHack's level tools `fwrite` their own C structs, and the game reads
//! them back with its own: a `.lev` or `dungeon` file is only readable by
//! a game whose `long`, pointers, alignment and byte order match the ones
//! it was written with. A [`Layout`] names those facts; the encoders and
//! decoders derive every field offset and padding byte from it.
//!
//! ```
//! # #[cfg(feature = "targets")] {
//! use levbuild::{ByteOrder, DataModel, Layout};
//! let wasm = Layout::for_target("wasm32-unknown-unknown").unwrap();
//! assert_eq!(wasm, Layout::new(DataModel::Ilp32, ByteOrder::Little));
//! let windows = Layout::for_target("x86_64-pc-windows-msvc").unwrap();
//! assert_eq!(windows.long_size(), 4);
//! assert_eq!(windows.pointer_size(), 8);
//! # }
//! ```

use std::fmt;
use std::str::FromStr;

/// What a build writes its blobs for
/// ([`Build::target`](crate::Build::target)): a Rust target triple, whose
/// layout comes from rustc's list of targets (in a build script, Cargo's
/// `CARGO_CFG_TARGET_*` for the triple it builds for), or a [`Layout`]
/// named outright.
#[cfg(feature = "build")]
#[cfg_attr(docsrs, doc(cfg(feature = "build")))]
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A target triple (`i686-unknown-linux-gnu`).
    Triple(String),
    /// A layout (`Layout::ILP32`).
    Layout(Layout),
}

#[cfg(feature = "build")]
impl From<&str> for Target {
    fn from(triple: &str) -> Target {
        Target::Triple(triple.to_string())
    }
}

#[cfg(feature = "build")]
impl From<String> for Target {
    fn from(triple: String) -> Target {
        Target::Triple(triple)
    }
}

#[cfg(feature = "build")]
impl From<Layout> for Target {
    fn from(layout: Layout) -> Target {
        Target::Layout(layout)
    }
}

/// The sizes of `int`, `long` and pointers (`short` is 2 and `int` is 4 in
/// every model). Every type is aligned to its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum DataModel {
    /// 64-bit Unix (x86_64/aarch64 Linux, macOS, BSDs): `long` and
    /// pointers are 8 bytes.
    Lp64,
    /// 32-bit targets (i686, armv7, wasm32, …): `long` and pointers are
    /// 4 bytes.
    Ilp32,
    /// 64-bit Windows: `long` is 4 bytes, pointers are 8.
    Llp64,
}

/// The order of the bytes of a multi-byte integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum ByteOrder {
    /// Least significant byte first (x86, ARM, wasm, RISC-V, …).
    Little,
    /// Most significant byte first (s390x, SPARC, PowerPC, big-endian MIPS
    /// and ARM, …).
    Big,
}

/// A data model and a byte order: everything about a target that changes
/// the bytes of a level or dungeon file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Layout {
    /// Sizes of `long` and pointers.
    pub model: DataModel,
    /// Byte order of every multi-byte field.
    pub byte_order: ByteOrder,
}

/// A target triple or Cargo target description with no known layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownTarget(pub String);

impl fmt::Display for UnknownTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UnknownTarget {}

impl Layout {
    /// x86_64 Linux: the layout of the NetHack reference outputs.
    pub const LP64: Layout = Layout::new(DataModel::Lp64, ByteOrder::Little);
    /// i686, armv7, wasm32 and other little-endian 32-bit targets.
    pub const ILP32: Layout = Layout::new(DataModel::Ilp32, ByteOrder::Little);
    /// 64-bit Windows.
    pub const LLP64: Layout = Layout::new(DataModel::Llp64, ByteOrder::Little);

    /// The layout with this data model and byte order.
    pub const fn new(model: DataModel, byte_order: ByteOrder) -> Layout {
        Layout { model, byte_order }
    }

    /// The layout of the machine this code runs on: what NetHack's own
    /// tools, built here, would write.
    pub fn host() -> Layout {
        let byte_order = if cfg!(target_endian = "big") {
            ByteOrder::Big
        } else {
            ByteOrder::Little
        };
        let model = match (cfg!(target_pointer_width = "64"), cfg!(windows)) {
            (true, true) => DataModel::Llp64,
            (true, false) => DataModel::Lp64,
            (false, _) => DataModel::Ilp32,
        };
        Layout::new(model, byte_order)
    }

    /// The layout of a Rust target triple (`i686-unknown-linux-gnu`,
    /// `x86_64-pc-windows-msvc`, `s390x-unknown-linux-gnu`, …): its pointer
    /// width, byte order and operating system as rustc knows them (the
    /// `platforms` crate's list of rustc's targets). Needs the `targets`
    /// feature (part of `build`).
    ///
    /// # Errors
    ///
    /// A triple rustc does not know (with the closest known one as a hint:
    /// `x86-64-unknown-linux-gnu` is not read as some 32-bit target), or
    /// one whose C types are not one of the three data models (16-bit
    /// targets). A target newer than the list, or a custom one, is named
    /// by its layout instead (`lp64`, `ilp32-be`, …).
    #[cfg(feature = "targets")]
    #[cfg_attr(docsrs, doc(cfg(feature = "targets")))]
    pub fn for_target(triple: &str) -> Result<Layout, UnknownTarget> {
        use platforms::{Endian, Os, PointerWidth};
        let Some(platform) = platforms::Platform::find(triple) else {
            let known = platforms::Platform::ALL.iter().map(|p| p.target_triple);
            let hint = match crate::suggest::closest(triple, known) {
                Some(near) => format!("; did you mean `{near}`?"),
                None => String::new(),
            };
            return Err(UnknownTarget(format!(
                "unknown target `{}`: not a target triple rustc knows{hint} (for a \
                 target not in rustc's list, name its layout: {})",
                triple.escape_debug(),
                Layout::ALL.map(Layout::name).join(", ")
            )));
        };
        let bits = match platform.target_pointer_width {
            PointerWidth::U64 => 64,
            PointerWidth::U32 => 32,
            _ => 16,
        };
        let byte_order = match platform.target_endian {
            Endian::Big => ByteOrder::Big,
            _ => ByteOrder::Little,
        };
        let windows = matches!(platform.target_os, Os::Windows | Os::Uefi);
        Layout::from_facts(bits, windows, byte_order)
            .map_err(|why| UnknownTarget(format!("target `{triple}`: {why}")))
    }

    /// The layout of the target Cargo is building for, from the
    /// `CARGO_CFG_TARGET_*` variables it gives a build script (never the
    /// host's `cfg!`, which describes the build script itself). `None`
    /// outside a build script.
    ///
    /// # Errors
    ///
    /// A target whose C types are not one of the three data models.
    pub fn from_cargo_env() -> Option<Result<Layout, UnknownTarget>> {
        let var = |name: &str| std::env::var(name).ok();
        let width = var("CARGO_CFG_TARGET_POINTER_WIDTH")?;
        let endian = var("CARGO_CFG_TARGET_ENDIAN").unwrap_or_else(|| "little".into());
        let os = var("CARGO_CFG_TARGET_OS").unwrap_or_default();
        let byte_order = match endian.as_str() {
            "big" => ByteOrder::Big,
            _ => ByteOrder::Little,
        };
        let bits = width.parse::<u32>().unwrap_or(0);
        let windows = os == "windows" || os == "uefi";
        Some(
            Layout::from_facts(bits, windows, byte_order).map_err(|why| {
                UnknownTarget(format!(
                    "Cargo's target ({width}-bit {endian}-endian {os}): {why}"
                ))
            }),
        )
    }

    fn from_facts(bits: u32, windows: bool, byte_order: ByteOrder) -> Result<Layout, &'static str> {
        let model = match bits {
            64 if windows => DataModel::Llp64,
            64 => DataModel::Lp64,
            32 => DataModel::Ilp32,
            _ => return Err("NetHack's tools need 32- or 64-bit pointers"),
        };
        Ok(Layout::new(model, byte_order))
    }

    /// Size of a C `long` (and `unsigned long`).
    pub const fn long_size(self) -> usize {
        match self.model {
            DataModel::Lp64 => 8,
            DataModel::Ilp32 | DataModel::Llp64 => 4,
        }
    }

    /// Size of an integer of C type `ctype`.
    pub const fn size_of(self, ctype: crate::game::CType) -> usize {
        use crate::game::CType;
        match ctype {
            CType::Char => 1,
            CType::Short => 2,
            CType::Int => 4,
            CType::Long => self.long_size(),
            CType::LongLong => 8,
        }
    }

    /// Size of a pointer.
    pub const fn pointer_size(self) -> usize {
        match self.model {
            DataModel::Lp64 | DataModel::Llp64 => 8,
            DataModel::Ilp32 => 4,
        }
    }

    /// A short name: `lp64`, `ilp32-be`, `llp64`, … (what [`FromStr`]
    /// reads back).
    pub fn name(self) -> &'static str {
        match (self.model, self.byte_order) {
            (DataModel::Lp64, ByteOrder::Little) => "lp64",
            (DataModel::Lp64, ByteOrder::Big) => "lp64-be",
            (DataModel::Ilp32, ByteOrder::Little) => "ilp32",
            (DataModel::Ilp32, ByteOrder::Big) => "ilp32-be",
            (DataModel::Llp64, ByteOrder::Little) => "llp64",
            (DataModel::Llp64, ByteOrder::Big) => "llp64-be",
        }
    }

    /// Every layout levbuild writes.
    pub const ALL: [Layout; 6] = [
        Layout::LP64,
        Layout::new(DataModel::Lp64, ByteOrder::Big),
        Layout::ILP32,
        Layout::new(DataModel::Ilp32, ByteOrder::Big),
        Layout::LLP64,
        Layout::new(DataModel::Llp64, ByteOrder::Big),
    ];
}

impl Default for Layout {
    /// [`Layout::host`], as the C tools write the layout of the machine
    /// they run on.
    fn default() -> Self {
        Layout::host()
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let model = match self.model {
            DataModel::Lp64 => "LP64",
            DataModel::Ilp32 => "ILP32",
            DataModel::Llp64 => "LLP64",
        };
        let order = match self.byte_order {
            ByteOrder::Little => "little-endian",
            ByteOrder::Big => "big-endian",
        };
        write!(f, "{model} {order}")
    }
}

impl FromStr for Layout {
    type Err = UnknownTarget;

    /// A layout name (`lp64`, `ilp32-be`, …) or, with the `targets`
    /// feature, a target triple (`Layout::for_target`).
    fn from_str(s: &str) -> Result<Layout, UnknownTarget> {
        match Layout::ALL.into_iter().find(|l| l.name() == s) {
            Some(l) => Ok(l),
            #[cfg(feature = "targets")]
            None => Layout::for_target(s),
            #[cfg(not(feature = "targets"))]
            None => Err(UnknownTarget(format!(
                "unknown layout `{}`: the layouts are {} (target triples need \
                 levbuild's `targets` feature)",
                s.escape_debug(),
                Layout::ALL.map(Layout::name).join(", ")
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "targets")]
    #[test]
    fn triples_map_to_their_layouts() {
        let be = |m| Layout::new(m, ByteOrder::Big);
        for (triple, want) in [
            ("x86_64-unknown-linux-gnu", Layout::LP64),
            ("aarch64-apple-darwin", Layout::LP64),
            ("i686-unknown-linux-gnu", Layout::ILP32),
            ("armv7-unknown-linux-gnueabihf", Layout::ILP32),
            ("thumbv7em-none-eabihf", Layout::ILP32),
            ("wasm32-unknown-unknown", Layout::ILP32),
            ("riscv32imac-unknown-none-elf", Layout::ILP32),
            ("x86_64-pc-windows-msvc", Layout::LLP64),
            ("x86_64-pc-windows-gnu", Layout::LLP64),
            ("aarch64-pc-windows-msvc", Layout::LLP64),
            ("x86_64-unknown-uefi", Layout::LLP64),
            ("i686-pc-windows-msvc", Layout::ILP32),
            ("x86_64-unknown-linux-gnux32", Layout::ILP32),
            ("s390x-unknown-linux-gnu", be(DataModel::Lp64)),
            ("powerpc64-unknown-linux-gnu", be(DataModel::Lp64)),
            ("powerpc64le-unknown-linux-gnu", Layout::LP64),
            ("powerpc-unknown-linux-gnu", be(DataModel::Ilp32)),
            ("mips-unknown-linux-gnu", be(DataModel::Ilp32)),
            ("aarch64_be-unknown-linux-gnu_ilp32", be(DataModel::Ilp32)),
        ] {
            assert_eq!(Layout::for_target(triple), Ok(want), "{triple}");
        }
    }

    #[cfg(feature = "targets")]
    #[test]
    fn unsupported_targets_are_errors_that_say_why() {
        let e = Layout::for_target("avr-unknown-gnu-atmega328").unwrap_err();
        assert!(
            e.0.contains("unknown target `avr-unknown-gnu-atmega328`"),
            "{e}"
        );
        let e = Layout::for_target("msp430-none-elf").unwrap_err();
        assert!(e.0.contains("32- or 64-bit pointers"), "{e}");
        assert!(Layout::for_target("").is_err());
    }

    /// A mistyped triple is an error naming the triple it was likely
    /// meant to be, never the layout of whatever its first word resembles
    /// (`x86-64` read as 32-bit, `sparc-foo` as big-endian SPARC).
    #[cfg(feature = "targets")]
    #[test]
    fn mistyped_triples_are_errors_with_a_hint() {
        for (typo, meant) in [
            ("x86-64-unknown-linux-gnu", Some("x86_64-unknown-linux-gnu")),
            (
                "x86_64-unknown-linux-gnux",
                Some("x86_64-unknown-linux-gnu"),
            ),
            ("i686-unknown-linux-gnux", Some("i686-unknown-linux-gnu")),
            ("sparc-foo", None),
            ("mips-bogus", None),
        ] {
            let e = Layout::for_target(typo).unwrap_err();
            assert!(e.0.starts_with(&format!("unknown target `{typo}`")), "{e}");
            match meant {
                Some(m) => assert!(e.0.contains(&format!("did you mean `{m}`?")), "{e}"),
                None => assert!(!e.0.contains("did you mean"), "{e}"),
            }
            assert!(e.0.contains("lp64, lp64-be, ilp32"), "{e}");
            assert_eq!(typo.parse::<Layout>(), Err(e));
        }
        let e = Layout::for_target("x86_64\x1b[31m").unwrap_err();
        assert!(!e.0.contains('\x1b'), "{e}");
    }

    #[test]
    fn names_read_back() {
        for l in Layout::ALL {
            assert_eq!(l.name().parse::<Layout>(), Ok(l));
        }
        #[cfg(feature = "targets")]
        assert_eq!(
            "i686-unknown-linux-gnu".parse::<Layout>(),
            Ok(Layout::ILP32)
        );
        assert_eq!(Layout::LLP64.to_string(), "LLP64 little-endian");
    }
}
