//! Looking at many files of one directory cheaply. A no-op build of a
//! large tree is mostly `stat` calls (every source, every output); given
//! a whole path, the kernel resolves each of its components again for
//! every file. On Unix a [`StatDir`] opens its directory once and looks
//! at each file relative to it (`fstatat`), so only the file's own name is
//! resolved. Elsewhere it joins paths.

use std::path::{Path, PathBuf};

/// What levbuild needs of a file's metadata.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FileInfo {
    pub size: u64,
    /// Modification time in nanoseconds since the epoch (0 before it).
    pub mtime: u128,
    /// Status-change time (nanoseconds since the epoch) and inode number,
    /// where the platform has them (Unix).
    pub change: Option<(u128, u64)>,
}

/// Nanoseconds since the epoch of a `(seconds, nanoseconds)` time; 0 before
/// the epoch.
#[cfg(unix)]
fn nanos(secs: i64, nsecs: i64) -> u128 {
    match (u128::try_from(secs), u128::try_from(nsecs)) {
        (Ok(s), Ok(n)) => s * 1_000_000_000 + n,
        _ => 0,
    }
}

impl FileInfo {
    /// The information in `meta`.
    #[cfg(unix)]
    pub(crate) fn of(meta: &std::fs::Metadata) -> FileInfo {
        use std::os::unix::fs::MetadataExt;
        FileInfo {
            size: meta.len(),
            mtime: nanos(meta.mtime(), meta.mtime_nsec()),
            change: Some((nanos(meta.ctime(), meta.ctime_nsec()), meta.ino())),
        }
    }

    /// The information in `meta`.
    #[cfg(not(unix))]
    pub(crate) fn of(meta: &std::fs::Metadata) -> FileInfo {
        FileInfo {
            size: meta.len(),
            mtime: meta
                .modified()
                .ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos()),
            change: None,
        }
    }

    /// The information on the file at `path` (following symlinks), if it
    /// can be had.
    pub(crate) fn at(path: &Path) -> Option<FileInfo> {
        std::fs::metadata(path).ok().map(|meta| FileInfo::of(&meta))
    }
}

/// A directory whose files are looked at by their path relative to it.
pub(crate) struct StatDir {
    path: PathBuf,
    /// The open directory (`None` if it could not be opened: then paths
    /// are joined, and fail as they would have).
    #[cfg(unix)]
    fd: Option<std::os::fd::OwnedFd>,
}

impl StatDir {
    /// Opens `path` for looking at its files.
    pub(crate) fn open(path: &Path) -> StatDir {
        StatDir {
            path: path.to_path_buf(),
            #[cfg(unix)]
            fd: unix::open_dir(path),
        }
    }

    /// The information on the file at `rel` inside the directory
    /// (following symlinks), if it can be had.
    pub(crate) fn stat(&self, rel: &Path) -> Option<FileInfo> {
        #[cfg(unix)]
        if let Some(fd) = &self.fd {
            return unix::stat_at(fd, rel);
        }
        FileInfo::at(&self.path.join(rel))
    }

    /// The information on the file at `path`: relative to the directory if
    /// `path` is inside it, looked up whole otherwise.
    pub(crate) fn stat_path(&self, path: &Path) -> Option<FileInfo> {
        match path.strip_prefix(&self.path) {
            Ok(rel) => self.stat(rel),
            Err(_) => FileInfo::at(path),
        }
    }
}

#[cfg(unix)]
mod unix {
    use std::ffi::{CStr, CString};
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;

    use super::{nanos, FileInfo};

    /// Opens `path` as a directory, close-on-exec.
    pub(super) fn open_dir(path: &Path) -> Option<OwnedFd> {
        let path = CString::new(path.as_os_str().as_bytes()).ok()?;
        // SAFETY: `path` is a NUL-terminated string that outlives the call.
        let fd = unsafe {
            libc::open(
                path.as_ptr(),
                libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC,
            )
        };
        // SAFETY: a non-negative result is a descriptor this process owns
        // and nothing else will close.
        (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd) })
    }

    /// `fstatat(dir, rel)`, following symlinks.
    pub(super) fn stat_at(dir: &OwnedFd, rel: &Path) -> Option<FileInfo> {
        // The usual short name is made NUL-terminated on the stack: a
        // no-op build looks at thousands.
        let bytes = rel.as_os_str().as_bytes();
        let mut buf = [0u8; 256];
        let heap;
        let rel: &CStr = if bytes.len() < buf.len() {
            buf[..bytes.len()].copy_from_slice(bytes);
            CStr::from_bytes_with_nul(&buf[..=bytes.len()]).ok()?
        } else {
            heap = CString::new(bytes).ok()?;
            &heap
        };
        let mut st = std::mem::MaybeUninit::<libc::stat>::uninit();
        // SAFETY: `dir` is an open descriptor, `rel` a NUL-terminated
        // string, and `st` room for one `stat`, all valid for the call.
        let status = unsafe { libc::fstatat(dir.as_raw_fd(), rel.as_ptr(), st.as_mut_ptr(), 0) };
        if status != 0 {
            return None;
        }
        // SAFETY: a successful `fstatat` filled `st` in.
        let st = unsafe { st.assume_init() };
        #[allow(clippy::unnecessary_cast)] // the field types vary by platform
        Some(FileInfo {
            size: u64::try_from(st.st_size).ok()?,
            mtime: nanos(st.st_mtime as i64, st.st_mtime_nsec as i64),
            change: Some((
                nanos(st.st_ctime as i64, st.st_ctime_nsec as i64),
                st.st_ino as u64,
            )),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_and_whole_path_lookups_agree() {
        let dir = std::env::temp_dir().join(format!("levbuild-statdir-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("sub/f.lev"), b"12345").unwrap();
        let d = StatDir::open(&dir);
        let rel = d.stat(Path::new("sub/f.lev")).unwrap();
        assert_eq!(rel.size, 5);
        assert_eq!(Some(rel), FileInfo::at(&dir.join("sub/f.lev")));
        assert_eq!(d.stat_path(&dir.join("sub/f.lev")), Some(rel));
        assert_eq!(d.stat(Path::new("missing")), None);
        // A directory that cannot be opened finds nothing, without panicking.
        assert_eq!(StatDir::open(&dir.join("nope")).stat(Path::new("f")), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
