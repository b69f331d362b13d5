//! Little-endian byte writing and reading shared by the `.lev` and
//! `dungeon` encoders and decoders, plus the `version_info` header that
//! starts every file.

use std::fmt;

use crate::tables::VERSION_INFO;

/// Appends little-endian values to a byte buffer.
#[derive(Debug, Default)]
pub(crate) struct Writer {
    pub(crate) bytes: Vec<u8>,
}

impl Writer {
    pub(crate) fn i8(&mut self, v: i8) {
        self.bytes.push(v as u8);
    }
    pub(crate) fn u8(&mut self, v: u8) {
        self.bytes.push(v);
    }
    pub(crate) fn i16(&mut self, v: i16) {
        self.bytes.extend_from_slice(&v.to_le_bytes());
    }
    pub(crate) fn i32(&mut self, v: i32) {
        self.bytes.extend_from_slice(&v.to_le_bytes());
    }
    pub(crate) fn i64(&mut self, v: i64) {
        self.bytes.extend_from_slice(&v.to_le_bytes());
    }
    pub(crate) fn zeros(&mut self, n: usize) {
        self.bytes.resize(self.bytes.len() + n, 0);
    }
    pub(crate) fn raw(&mut self, b: &[u8]) {
        self.bytes.extend_from_slice(b);
    }
    /// A NUL-padded fixed-size name field; the caller has checked the length.
    pub(crate) fn name_field(&mut self, name: &str, size: usize) {
        let b = name.as_bytes();
        let n = b.len().min(size - 1);
        self.raw(&b[..n]);
        self.zeros(size - n);
    }
    /// The four `version_info` words.
    pub(crate) fn version_info(&mut self) {
        for w in VERSION_INFO {
            self.bytes.extend_from_slice(&w.to_le_bytes());
        }
    }
}

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

/// Reads little-endian values from a byte slice, failing cleanly at the end.
#[derive(Debug)]
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Reader { bytes, pos: 0 }
    }
    pub(crate) fn error(&self, message: impl Into<String>) -> DecodeError {
        DecodeError {
            offset: self.pos,
            message: message.into(),
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
    pub(crate) fn i8(&mut self, what: &str) -> Result<i8, DecodeError> {
        Ok(self.take(1, what)?[0] as i8)
    }
    pub(crate) fn u8(&mut self, what: &str) -> Result<u8, DecodeError> {
        Ok(self.take(1, what)?[0])
    }
    pub(crate) fn i16(&mut self, what: &str) -> Result<i16, DecodeError> {
        Ok(i16::from_le_bytes(
            self.take(2, what)?.try_into().unwrap_or_default(),
        ))
    }
    pub(crate) fn i32(&mut self, what: &str) -> Result<i32, DecodeError> {
        Ok(i32::from_le_bytes(
            self.take(4, what)?.try_into().unwrap_or_default(),
        ))
    }
    pub(crate) fn i64(&mut self, what: &str) -> Result<i64, DecodeError> {
        Ok(i64::from_le_bytes(
            self.take(8, what)?.try_into().unwrap_or_default(),
        ))
    }
    /// A count byte, which must not be negative.
    pub(crate) fn count(&mut self, what: &str) -> Result<usize, DecodeError> {
        let n = self.i8(what)?;
        if n < 0 {
            return Err(self.error(format!("negative count {n} for {what}")));
        }
        Ok(n as usize)
    }
    /// `len` bytes of text (lossless for ASCII; other bytes map to U+FFFD).
    pub(crate) fn text(&mut self, len: usize, what: &str) -> Result<String, DecodeError> {
        let b = self.take(len, what)?;
        String::from_utf8(b.to_vec()).map_err(|_| self.error(format!("{what} is not UTF-8")))
    }
    /// A NUL-terminated name in a fixed-size field.
    pub(crate) fn name_field(&mut self, size: usize, what: &str) -> Result<String, DecodeError> {
        let b = self.take(size, what)?;
        let end = b.iter().position(|&c| c == 0).unwrap_or(size);
        String::from_utf8(b[..end].to_vec()).map_err(|_| self.error(format!("{what} is not UTF-8")))
    }
    pub(crate) fn skip(&mut self, n: usize, what: &str) -> Result<(), DecodeError> {
        self.take(n, what).map(|_| ())
    }
    /// Checks the `version_info` header.
    pub(crate) fn version_info(&mut self) -> Result<(), DecodeError> {
        for (i, want) in VERSION_INFO.iter().enumerate() {
            let got = self.i64("version_info")? as u64;
            if got != *want {
                self.pos -= 8;
                return Err(self.error(format!(
                    "version_info word {i} is {got:#x}, expected {want:#x} (not a NetHack 3.4.3 LP64 file)"
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
