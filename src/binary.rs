//! Byte writing and reading shared by the `.lev` and `dungeon` encoders
//! and decoders, in a target's [`Layout`]: multi-byte fields in its byte
//! order, C structs padded by its alignment rules, and the
//! `version_info` header that starts every file.
//!
//! A C struct is written inside [`Writer::record`] (read inside
//! [`Reader::record`]): each field is placed at a multiple of its
//! alignment from the start of the struct, and the struct ends at a
//! multiple of its largest field's alignment, with zero padding, as a C
//! compiler lays it out. Outside a record fields are packed.

use std::fmt;

use crate::game::CType;
use crate::layout::{ByteOrder, Layout};

/// The C struct being written or read: where it started and the largest
/// alignment of its fields so far.
#[derive(Clone, Copy, Debug)]
struct Record {
    start: usize,
    align: usize,
}

impl Record {
    /// Padding bytes before a field of alignment `align` at `pos`.
    fn pad(&mut self, pos: usize, align: usize) -> usize {
        self.align = self.align.max(align);
        (align - (pos - self.start) % align) % align
    }
}

/// Appends values to a byte buffer in a target's layout.
#[derive(Debug)]
pub(crate) struct Writer {
    pub(crate) bytes: Vec<u8>,
    layout: Layout,
    record: Option<Record>,
}

impl Writer {
    pub(crate) fn new(layout: Layout) -> Self {
        Self::with_capacity(layout, 0)
    }

    /// A writer whose buffer holds `capacity` bytes before it grows.
    pub(crate) fn with_capacity(layout: Layout, capacity: usize) -> Self {
        Writer {
            bytes: Vec::with_capacity(capacity),
            layout,
            record: None,
        }
    }
    /// Writes a C struct: `body` writes its fields, padding is added.
    pub(crate) fn record<T>(&mut self, body: impl FnOnce(&mut Self) -> T) -> T {
        let outer = self.record.replace(Record {
            start: self.bytes.len(),
            align: 1,
        });
        let result = body(self);
        if let Some(r) = self.record {
            let len = self.bytes.len() - r.start;
            self.zeros((r.align - len % r.align) % r.align);
        }
        self.record = outer;
        result
    }
    fn align(&mut self, align: usize) {
        let pos = self.bytes.len();
        if let Some(r) = &mut self.record {
            let pad = r.pad(pos, align);
            self.zeros(pad);
        }
    }
    /// An integer of `size` bytes (the low bytes of `v`), aligned to its
    /// size, in the layout's byte order.
    fn int(&mut self, v: u64, size: usize) {
        self.align(size);
        let le = v.to_le_bytes();
        match self.layout.byte_order {
            ByteOrder::Little => self.bytes.extend_from_slice(&le[..size]),
            ByteOrder::Big => self.bytes.extend(le[..size].iter().rev()),
        }
    }
    pub(crate) fn i8(&mut self, v: i8) {
        self.bytes.push(v as u8);
    }
    pub(crate) fn u8(&mut self, v: u8) {
        self.bytes.push(v);
    }
    pub(crate) fn i16(&mut self, v: i16) {
        self.int(v as u64, 2);
    }
    pub(crate) fn i32(&mut self, v: i32) {
        self.int(v as u64, 4);
    }
    /// A C `long`: 8 or 4 bytes (a 4-byte `long` keeps the low bytes, as
    /// C's conversion does).
    pub(crate) fn long(&mut self, v: i64) {
        self.int(v as u64, self.layout.long_size());
    }
    /// A `Str_or_Len` union (`char *` or `int`): the length as an int,
    /// the rest of the pointer's bytes zero.
    pub(crate) fn str_or_len(&mut self, len: i32) {
        let size = self.layout.pointer_size();
        self.align(size);
        let start = self.bytes.len();
        self.i32(len);
        self.zeros(size - (self.bytes.len() - start));
    }
    pub(crate) fn zeros(&mut self, n: usize) {
        self.bytes.resize(self.bytes.len() + n, 0);
    }
    pub(crate) fn raw(&mut self, b: &[u8]) {
        self.bytes.extend_from_slice(b);
    }
    /// A NUL-padded fixed-size name field; the caller has checked the length.
    pub(crate) fn name_field(&mut self, name: &str, size: usize) {
        let b = crate::text::bytes(name);
        let n = b.len().min(size - 1);
        self.raw(&b[..n]);
        self.zeros(size - n);
    }
    /// An integer of C type `ctype` (its low bytes), aligned as its
    /// size.
    pub(crate) fn int_of(&mut self, ctype: CType, v: i64) {
        self.int(v as u64, self.layout.size_of(ctype));
    }
    /// The `version_info` words, each a `word` (`unsigned long` in most
    /// games).
    pub(crate) fn version_info(&mut self, words: &[u64], word: CType) {
        for &w in words {
            self.int(w, self.layout.size_of(word));
        }
    }

    /// Overwrites the C `long` written at byte `at` with `v` (a jump
    /// offset or a count known only later).
    #[cfg(feature = "nethack36")]
    pub(crate) fn set_long(&mut self, at: usize, v: i64) {
        let size = self.layout.long_size();
        let le = (v as u64).to_le_bytes();
        let field = &mut self.bytes[at..at + size];
        field.copy_from_slice(&le[..size]);
        if self.layout.byte_order == ByteOrder::Big {
            field.reverse();
        }
    }

    /// The C `long` written at byte `at`, as the signed value it was.
    #[cfg(feature = "nethack36")]
    pub(crate) fn long_at(&self, at: usize) -> i64 {
        let size = self.layout.long_size();
        let mut le = [0u8; 8];
        le[..size].copy_from_slice(&self.bytes[at..at + size]);
        if self.layout.byte_order == ByteOrder::Big {
            le[..size].reverse();
        }
        // Sign-extend from the field's size.
        let shift = 64 - 8 * size as u32;
        ((u64::from_le_bytes(le) << shift) as i64) >> shift
    }
}

/// Why a level or dungeon could not be written for a game: the one error
/// of [`des::encode`](crate::des::encode),
/// [`des::nh36::encode`](crate::des::nh36::encode) and
/// [`dungeon::encode`](crate::dungeon::encode).
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EncodeError {
    /// The game has no `version_info` words for the layout's data model.
    MissingHeader(crate::game::MissingHeader),
    /// The game has no number for an opcode the program uses: a game of
    /// the NetHack 3.4.3 family (its files are records), or a 3.6-family
    /// game whose `sp_lev.h` has no such `SPO_`.
    MissingOpcode {
        /// The game, as its `Display` names it.
        game: String,
        /// The opcode it lacks.
        opcode: crate::des::nh36::Opcode,
    },
    /// A hand-built level or dungeon the format cannot hold (more than 127
    /// records of a kind, a message over 255 bytes, map cells that do not
    /// match its size, a member the game's records lack); the compilers
    /// reject such input with a diagnostic. What it is.
    Unrepresentable(String),
}

impl EncodeError {
    /// [`EncodeError::Unrepresentable`].
    pub(crate) fn cannot_hold(what: impl Into<String>) -> EncodeError {
        EncodeError::Unrepresentable(what.into())
    }
}

impl From<crate::game::MissingHeader> for EncodeError {
    fn from(e: crate::game::MissingHeader) -> EncodeError {
        EncodeError::MissingHeader(e)
    }
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeError::MissingHeader(e) => e.fmt(f),
            EncodeError::MissingOpcode { game, opcode } => {
                write!(
                    f,
                    "{game} has no opcode SPO_{opcode} (its include/sp_lev.h)"
                )
            }
            EncodeError::Unrepresentable(what) => f.write_str(what),
        }
    }
}

impl std::error::Error for EncodeError {}

/// Why a file could not be decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    /// Byte offset where decoding failed.
    pub offset: usize,
    /// What was wrong there.
    pub message: String,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for DecodeError {}

impl From<crate::game::MissingHeader> for DecodeError {
    fn from(e: crate::game::MissingHeader) -> DecodeError {
        DecodeError {
            offset: 0,
            message: e.to_string(),
        }
    }
}

/// Reads values in a target's layout from a byte slice, failing cleanly
/// at the end.
#[derive(Debug)]
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    layout: Layout,
    record: Option<Record>,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(bytes: &'a [u8], layout: Layout) -> Self {
        Reader {
            bytes,
            pos: 0,
            layout,
            record: None,
        }
    }
    pub(crate) fn error(&self, message: impl Into<String>) -> DecodeError {
        DecodeError {
            offset: self.pos,
            message: message.into(),
        }
    }
    /// Reads a C struct: `body` reads its fields, padding is skipped.
    pub(crate) fn record<T>(
        &mut self,
        body: impl FnOnce(&mut Self) -> Result<T, DecodeError>,
    ) -> Result<T, DecodeError> {
        let outer = self.record.replace(Record {
            start: self.pos,
            align: 1,
        });
        let value = body(self)?;
        if let Some(r) = self.record {
            let len = self.pos - r.start;
            self.skip((r.align - len % r.align) % r.align, "padding")?;
        }
        self.record = outer;
        Ok(value)
    }
    fn align(&mut self, align: usize) -> Result<(), DecodeError> {
        let pos = self.pos;
        match &mut self.record {
            Some(r) => {
                let pad = r.pad(pos, align);
                self.skip(pad, "padding")
            }
            None => Ok(()),
        }
    }
    pub(crate) fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], DecodeError> {
        if self.bytes.len() - self.pos < n {
            return Err(self.error(format!("file ends inside {what} ({n} bytes needed)")));
        }
        let s = &self.bytes[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }
    /// An integer of `size` bytes, aligned to its size, sign-extended.
    fn int(&mut self, size: usize, what: &str) -> Result<i64, DecodeError> {
        self.align(size)?;
        let b = self.take(size, what)?;
        let mut le = [0u8; 8];
        match self.layout.byte_order {
            ByteOrder::Little => le[..size].copy_from_slice(b),
            ByteOrder::Big => le[..size]
                .iter_mut()
                .zip(b.iter().rev())
                .for_each(|(d, s)| *d = *s),
        }
        let shift = 64 - 8 * size as u32;
        Ok((i64::from_le_bytes(le) << shift) >> shift)
    }
    pub(crate) fn i8(&mut self, what: &str) -> Result<i8, DecodeError> {
        Ok(self.take(1, what)?[0] as i8)
    }
    pub(crate) fn u8(&mut self, what: &str) -> Result<u8, DecodeError> {
        Ok(self.take(1, what)?[0])
    }
    pub(crate) fn i16(&mut self, what: &str) -> Result<i16, DecodeError> {
        Ok(self.int(2, what)? as i16)
    }
    pub(crate) fn i32(&mut self, what: &str) -> Result<i32, DecodeError> {
        Ok(self.int(4, what)? as i32)
    }
    /// A C `long`, sign-extended from the layout's size.
    pub(crate) fn long(&mut self, what: &str) -> Result<i64, DecodeError> {
        self.int(self.layout.long_size(), what)
    }
    /// An integer of C type `ctype`, sign-extended.
    pub(crate) fn int_of(&mut self, ctype: CType, what: &str) -> Result<i64, DecodeError> {
        self.int(self.layout.size_of(ctype), what)
    }
    /// A `Str_or_Len` union: its length, which must not be negative.
    pub(crate) fn str_or_len(&mut self, what: &str) -> Result<usize, DecodeError> {
        let size = self.layout.pointer_size();
        self.align(size)?;
        let start = self.pos;
        let n = self.i32(what)?;
        self.skip(size - (self.pos - start), what)?;
        usize::try_from(n).map_err(|_| self.error(format!("negative {what} {n}")))
    }
    /// A count byte, which must not be negative.
    pub(crate) fn count(&mut self, what: &str) -> Result<usize, DecodeError> {
        let n = self.i8(what)?;
        if n < 0 {
            return Err(self.error(format!("negative count {n} for {what}")));
        }
        Ok(n as usize)
    }
    /// `len` bytes of text, every byte kept (see [`crate::text`]).
    pub(crate) fn text(&mut self, len: usize, what: &str) -> Result<String, DecodeError> {
        Ok(crate::text::decode(self.take(len, what)?).into_owned())
    }
    /// A name in a fixed-size, NUL-padded field, up to its last non-NUL
    /// byte: a shorter name written over a longer one keeps the longer
    /// one's tail after its own NUL, and that tail is part of the field.
    pub(crate) fn name_field(&mut self, size: usize, what: &str) -> Result<String, DecodeError> {
        let b = self.take(size, what)?;
        let end = b.iter().rposition(|&c| c != 0).map_or(0, |i| i + 1);
        Ok(crate::text::decode(&b[..end]).into_owned())
    }
    pub(crate) fn skip(&mut self, n: usize, what: &str) -> Result<(), DecodeError> {
        self.take(n, what).map(|_| ())
    }
    /// Checks the `version_info` header, words of type `word`, against
    /// the words expected.
    pub(crate) fn version_info(
        &mut self,
        expected: &[u64],
        word: CType,
    ) -> Result<(), DecodeError> {
        let size = self.layout.size_of(word);
        for (i, &want) in expected.iter().enumerate() {
            let want = want & (u64::MAX >> (64 - 8 * size));
            let got = self.int(size, "version_info")? as u64 & (u64::MAX >> (64 - 8 * size));
            if got != want {
                self.pos -= size;
                return Err(self.error(format!(
                    "version_info word {i} is {got:#x}, expected {want:#x} (not a file of this game for {})",
                    self.layout
                )));
            }
        }
        Ok(())
    }
    /// Fails unless every byte was consumed.
    pub(crate) fn finish(&self) -> Result<(), DecodeError> {
        if self.pos != self.bytes.len() {
            return Err(self.error(format!("{} trailing bytes", self.bytes.len() - self.pos)));
        }
        Ok(())
    }
}
