//! Recognising an unchanged source without reading it, as git's index
//! does: size, modification time, status-change time and inode number all
//! as recorded, and the change times older than the start of the build
//! that recorded them (by a margin for coarse file-system clocks). The
//! status-change time cannot be set back by `touch` or `rsync -t`, and a
//! file replaced by a rename has a new inode, so a file whose stamp
//! matches has not been written since. Elsewhere than on Unix there is no
//! status-change time, and every source is read.

use std::time::{SystemTime, UNIX_EPOCH};

use super::stat_dir::FileInfo;

/// What the file system says about a file, for change detection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stamp {
    pub size: u64,
    pub mtime: u128,
    pub ctime: u128,
    pub inode: u64,
}

/// Changes this close to a build's start are not trusted (coarse clocks).
const MARGIN_NS: u128 = 100_000_000;

/// Nanoseconds since the epoch, now.
pub(crate) fn now_ns() -> u128 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos())
}

impl Stamp {
    /// The stamp of a file (`None` where it cannot be trusted: no
    /// status-change time on this platform, or times before the epoch).
    pub(crate) fn of(info: &FileInfo) -> Option<Stamp> {
        let (ctime, inode) = info.change?;
        (info.mtime > 0 && ctime > 0).then_some(Stamp {
            size: info.size,
            mtime: info.mtime,
            ctime,
            inode,
        })
    }

    /// True if this stamp, recorded by a build that started at
    /// `build_start`, still proves the file unchanged when seen as `now`.
    pub(crate) fn proves_unchanged(&self, now: &Stamp, build_start: u128) -> bool {
        self == now && self.mtime + MARGIN_NS < build_start && self.ctime + MARGIN_NS < build_start
    }

    /// The manifest form: `size mtime ctime inode`.
    pub(crate) fn to_fields(self) -> String {
        format!("{} {} {} {}", self.size, self.mtime, self.ctime, self.inode)
    }

    /// Parses [`Stamp::to_fields`] from the next four of `fields`.
    pub(crate) fn from_fields<'a>(fields: &mut impl Iterator<Item = &'a str>) -> Option<Stamp> {
        Some(Stamp {
            size: decimal(fields.next()?)?.try_into().ok()?,
            mtime: decimal(fields.next()?)?,
            ctime: decimal(fields.next()?)?,
            inode: decimal(fields.next()?)?.try_into().ok()?,
        })
    }
}

/// The number `s` writes in decimal digits (nothing else: no sign), if
/// it fits. A manifest holds tens of thousands of them, most of them times
/// in nanoseconds: `str::parse::<u128>` took a tenth of a no-op build's
/// own work.
pub(crate) fn decimal(s: &str) -> Option<u128> {
    let digits = s.as_bytes();
    let digit = |c: u8| c.wrapping_sub(b'0');
    if digits.is_empty() || digits.iter().any(|&c| digit(c) > 9) {
        return None;
    }
    // Nineteen digits always fit 64 bits, and nanoseconds since 1970 have
    // nineteen until 2286.
    if digits.len() <= 19 {
        let n = (digits.iter()).fold(0u64, |n, &c| n * 10 + u64::from(digit(c)));
        return Some(u128::from(n));
    }
    (digits.iter()).try_fold(0u128, |n, &c| {
        n.checked_mul(10)?.checked_add(u128::from(digit(c)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_old_identical_stamps_prove_anything() {
        let s = Stamp {
            size: 1,
            mtime: 1_000_000_000,
            ctime: 1_000_000_000,
            inode: 7,
        };
        assert!(s.proves_unchanged(&s, 2_000_000_000));
        assert!(
            !s.proves_unchanged(&s, 1_050_000_000),
            "changed right before the recording build"
        );
        assert!(!s.proves_unchanged(&Stamp { inode: 8, ..s }, 2_000_000_000));
        assert_eq!(Stamp::from_fields(&mut s.to_fields().split(' ')), Some(s));
    }

    #[test]
    fn decimals_are_read_as_str_parse_reads_them_unsigned() {
        for n in [
            0,
            7,
            1_795_828_019_846_263_777,
            u128::from(u64::MAX),
            u128::MAX,
        ] {
            assert_eq!(decimal(&n.to_string()), Some(n));
        }
        assert_eq!(decimal("0000000000000000000000012"), Some(12));
        for bad in [
            "",
            "+1",
            "-1",
            "1 ",
            "x",
            "12a",
            "340282366920938463463374607431768211456",
        ] {
            assert_eq!(decimal(bad), None, "{bad:?}");
        }
    }
}
