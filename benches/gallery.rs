//! Gallery figures (`Build::gallery`, what `levbuild gallery` runs): the
//! vanilla NetHack 3.4.3 tree and SLASH'EM Extended 1.6.5's 2,852 levels
//! from `../shared`, each compiled (check only: no blob written), drawn
//! and written as one `index.html`. Best of several runs, in process,
//! with the default thread count. Run: `cargo bench --bench gallery`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The best time of `runs` galleries of `dat` (for the game of
/// `identity`, else NetHack 3.4.3), and the last report.
fn best(
    runs: usize,
    dat: &Path,
    identity: Option<&Path>,
    site: &Path,
) -> (Duration, levbuild::Report) {
    let mut best = Duration::MAX;
    let mut last = None;
    for _ in 0..runs {
        let mut b = levbuild::Build::new();
        b.source_dir(dat)
            .out_dir(site.join("levels"))
            .check_only(true)
            .cargo_directives(false)
            .gallery(site);
        if let Some(file) = identity {
            b.game(levbuild::GameSource::identity_file(file));
        }
        let t = Instant::now();
        let report = b.try_compile().expect("the corpus builds");
        best = best.min(t.elapsed());
        last = Some(report);
    }
    (best, last.expect("at least one run"))
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let shared = root.join("../shared/corpus");
    let tmp = std::env::temp_dir().join(format!("levbuild-bench-gallery-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let runs: [(&str, &str, Option<PathBuf>); 2] = [
        ("NetHack 3.4.3", "nethack-3.4.3", None),
        (
            "SLASH'EM Extended 1.6.5",
            "slashem-extended-1.6.5",
            Some(root.join("tests/data/games/slashem-extended-1.6.5.game")),
        ),
    ];
    for (label, dir, identity) in runs {
        let site = tmp.join(dir);
        let (time, report) = best(5, &shared.join(dir).join("dat"), identity.as_deref(), &site);
        let size = std::fs::metadata(site.join("index.html")).map_or(0, |m| m.len());
        println!(
            "gallery {label}: {} levels of {} files in {:.0} ms (index.html {:.1} MB)",
            report.levels,
            report.sources,
            time.as_secs_f64() * 1000.0,
            size as f64 / 1e6
        );
    }
    let _ = std::fs::remove_dir_all(&tmp);
}
