//! A hash for levbuild's own keys (a statement keyword, a monster or
//! object name of the game's tables, a position and a class; a tree
//! build's paths and manifest records): an
//! FxHash-style hasher, a multiply and a rotate a word, several times
//! cheaper than the default SipHash, which defends against keys chosen to
//! collide, something these maps never see a lot of.

use std::hash::Hasher;

/// A `HashMap` hashed with [`KeyHasher`] (the compilers' and the tree
/// build's).
#[cfg(any(feature = "compile", feature = "build"))]
pub(crate) type KeyMap<K, V> =
    std::collections::HashMap<K, V, std::hash::BuildHasherDefault<KeyHasher>>;

/// The hasher of [`KeyMap`].
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // A word at a time (paths of a tree build are tens of bytes).
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            self.write_u64(u64::from_le_bytes(word.try_into().expect("8 bytes")));
        }
        let mut last = [0; 8];
        let rest = words.remainder();
        last[..rest.len()].copy_from_slice(rest);
        self.write_u64(u64::from_le_bytes(last) ^ (rest.len() as u64) << 56);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}
