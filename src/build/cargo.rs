//! Talking to Cargo from a build script: detecting one, reading the
//! variables Cargo sets, and printing directives.

use std::path::{Path, PathBuf};

use crate::layout::{Layout, UnknownTarget};

/// What Cargo tells a build script through its environment.
#[derive(Clone, Debug, Default)]
pub(crate) struct CargoEnv {
    /// `OUT_DIR`, when running inside a build script.
    pub out_dir: Option<PathBuf>,
    /// `NUM_JOBS`: the parallelism Cargo grants the build script.
    pub num_jobs: Option<usize>,
    /// The layout of the target (not the host), from `CARGO_CFG_TARGET_*`.
    pub layout: Option<Result<Layout, UnknownTarget>>,
    /// `TARGET`: the target triple.
    pub target: Option<String>,
    /// `CARGO_PKG_NAME`: the package whose build script runs.
    pub package: Option<String>,
}

impl CargoEnv {
    /// Reads the environment. All of these variables are set by Cargo, so
    /// none needs a `rerun-if-env-changed`.
    pub(crate) fn read() -> Self {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
        let in_build_script = var("OUT_DIR").is_some()
            && var("TARGET").is_some()
            && var("CARGO_MANIFEST_DIR").is_some();
        if !in_build_script {
            return CargoEnv::default();
        }
        CargoEnv {
            out_dir: var("OUT_DIR").map(PathBuf::from),
            num_jobs: var("NUM_JOBS")
                .and_then(|n| n.parse().ok())
                .filter(|&n| n > 0),
            layout: Layout::from_cargo_env(),
            target: var("TARGET"),
            package: var("CARGO_PKG_NAME"),
        }
    }

    /// True inside a build script.
    pub(crate) fn is_build_script(&self) -> bool {
        self.out_dir.is_some()
    }
}

/// True if the Cargo running this build script (`$CARGO -V`) knows the
/// `cargo::error` directive (Cargo 1.84 and later); asked only when a
/// build fails.
pub(crate) fn supports_error_directive() -> bool {
    let Some(cargo) = std::env::var_os("CARGO") else {
        return false;
    };
    let Ok(out) = std::process::Command::new(cargo).arg("-V").output() else {
        return false;
    };
    // `cargo 1.84.0 (…)`
    let text = String::from_utf8_lossy(&out.stdout);
    let mut version = text
        .split_whitespace()
        .nth(1)
        .unwrap_or_default()
        .split('.')
        .map(|n| n.parse::<u32>().unwrap_or(0));
    let (major, minor) = (version.next().unwrap_or(0), version.next().unwrap_or(0));
    (major, minor) >= (1, 84)
}

/// Collects directives and prints them in one go.
#[derive(Default)]
pub(crate) struct Directives {
    lines: Vec<String>,
}

impl Directives {
    pub(crate) fn rerun_if_changed(&mut self, path: &Path) {
        self.lines
            .push(format!("cargo:rerun-if-changed={}", path.display()));
    }

    /// One warning per line: Cargo shows a directive only up to a newline.
    pub(crate) fn warning(&mut self, text: &str) {
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            self.lines.push(format!("cargo:warning={line}"));
        }
    }

    /// One error per line (`cargo::error`): Cargo shows them as errors and
    /// fails the build.
    pub(crate) fn error(&mut self, text: &str) {
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            self.lines.push(format!("cargo::error={line}"));
        }
    }

    /// Exports `DEP_<LINKS>_INCLUDE` to dependents (needs a `links` key in
    /// the package, as with cxx-build).
    pub(crate) fn include_dir(&mut self, dir: &Path) {
        self.lines.push(format!("cargo:include={}", dir.display()));
    }

    /// A line that is no directive: Cargo keeps it in the build script's
    /// `output` file and shows it with `cargo build -vv` (the build's
    /// summary).
    pub(crate) fn plain(&mut self, text: &str) {
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            // A line Cargo would read as a directive is not plain text.
            match line.starts_with("cargo:") {
                true => self.lines.push(format!(" {line}")),
                false => self.lines.push(line.to_string()),
            }
        }
    }

    pub(crate) fn print(&self) {
        let mut text = self.lines.join("\n");
        text.push('\n');
        print!("{text}");
    }
}
