//! The gallery of the vanilla NetHack 3.4.3 tree in a real browser:
//! headless Chromium opens `index.html` from `file://`, a script added to
//! a copy of the page measures every level's maps after layout (and tries
//! the search), and the test reads the measures back from the DOM
//! Chromium dumps. One screenshot of the page is kept as an artefact in
//! the test's target directory (`target/tmp/gallery.png`).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common;

/// Chromium's command, if the machine has it.
fn chromium() -> Option<PathBuf> {
    let candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
    candidates.iter().map(PathBuf::from).find(|p| p.is_file())
}

/// Runs headless Chromium on `page` with `args` (a profile of its own
/// beside the page, and time for the page's scripts); its standard output.
fn run_chromium(chromium: &Path, page: &Path, args: &[&str]) -> String {
    let url = format!("file://{}", page.display());
    let profile = page.with_file_name("chromium-profile");
    let out = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
        ])
        .args(["--no-first-run", "--virtual-time-budget=10000"])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .arg(&url)
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Measures each map of each level after layout; one line each in
/// `#layout-report`: `level NAME FILE-ID MAPS` then `map COLSxROWS W H
/// VISIBLE`; then what the search shows for `castle`.
const MEASURE: &str = r#"<script>
const lines = [];
try {
for (const level of document.querySelectorAll('section.level')) {
  const maps = level.querySelectorAll('div.map');
  lines.push('level ' + level.dataset.name + ' ' + level.id + ' ' + maps.length);
  for (const map of maps) {
    const box = map.getBoundingClientRect();
    const pre = map.querySelector('pre').getBoundingClientRect();
    const visible = box.width > 0 && box.height > 0 && pre.width > 0 ? 'visible' : 'hidden';
    lines.push('map ' + map.dataset.cells + ' ' + box.width + ' ' + box.height + ' ' + pre.width + ' ' + visible);
  }
}
const q = document.getElementById('q');
q.value = 'castle';
q.dispatchEvent(new Event('input'));
const shown = [...document.querySelectorAll('section.level')].filter(s => !s.hidden && s.offsetHeight > 0);
lines.push('search castle ' + shown.map(s => s.dataset.name).join(','));
} catch (e) {
  lines.push('error ' + e);
}
const report = document.createElement('pre');
report.id = 'layout-report';
report.textContent = '\n' + lines.join('\n') + '\n';
document.body.appendChild(report);
</script>"#;

#[test]
fn the_vanilla_gallery_is_laid_out_in_chromium() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let Some(chromium) = chromium() else {
        common::skip("chromium is not installed (.ci/run installs it)");
        return;
    };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("render-gallery");
    let _ = std::fs::remove_dir_all(&dir);
    let report = levbuild::Build::new()
        .source_dir(common::corpus_dat(&shared))
        .out_dir(dir.join("levels"))
        .check_only(true)
        .cargo_directives(false)
        .gallery(dir.join("site"))
        .try_compile()
        .expect("the vanilla tree builds");
    let index = report.gallery.expect("a gallery was asked for");
    assert_eq!(index, dir.join("site/index.html"));
    let html = std::fs::read_to_string(&index).expect("gallery written");
    assert!(
        !html.contains("http://") && !html.contains("https://") && !html.contains(" src="),
        "the gallery fetches nothing"
    );
    let measured = dir.join("site/measured.html");
    std::fs::write(
        &measured,
        html.replace("</body>", &format!("{MEASURE}</body>")),
    )
    .expect("write measured copy");
    let dom = run_chromium(&chromium, &measured, &["--dump-dom"]);
    let start = dom
        .find("<pre id=\"layout-report\">")
        .expect("the measuring script ran");
    let text = &dom[start..];
    let text = &text[..text.find("</pre>").expect("report ends")];

    let mut levels = Vec::new();
    let mut maps = 0;
    for line in text.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        match words.first() {
            Some(&"level") => {
                let count: usize = words[3].parse().unwrap();
                assert!(count >= 1, "level {} has no map: {line}", words[1]);
                levels.push(words[1].to_string());
            }
            Some(&"map") => {
                let (cols, rows) = words[1].split_once('x').unwrap();
                let (cols, rows): (f64, f64) = (cols.parse().unwrap(), rows.parse().unwrap());
                let (width, height): (f64, f64) =
                    (words[2].parse().unwrap(), words[3].parse().unwrap());
                let pre_width: f64 = words[4].parse().unwrap();
                assert_eq!(words[5], "visible", "{line}");
                // 18px rows (and the frame's 1px border); cells of one
                // monospace width between 6 and 14 px.
                assert!(
                    (height - (rows * 18.0 + 2.0)).abs() < 1.0,
                    "rows laid out: {line}"
                );
                let cell = pre_width / cols;
                assert!((6.0..=14.0).contains(&cell), "columns laid out: {line}");
                assert!(width >= pre_width, "the frame holds its map: {line}");
                maps += 1;
            }
            Some(&"error") => panic!("the measuring script failed: {line}"),
            Some(&"search") => {
                assert_eq!(
                    words.get(2),
                    Some(&"castle"),
                    "the search shows castle only: {line}"
                );
            }
            _ => {}
        }
    }
    assert_eq!(levels.len(), report.levels, "every level has its section");
    assert_eq!(levels.len(), 113, "the vanilla tree has 113 levels");
    for name in [
        "castle", "oracle", "minefill", "Val-strt", "soko1-1", "sanctum",
    ] {
        assert!(levels.iter().any(|l| l == name), "{name} is in the gallery");
    }
    assert!(maps >= levels.len());

    let shot = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gallery.png");
    let _ = std::fs::remove_file(&shot);
    let arg = format!("--screenshot={}", shot.display());
    run_chromium(&chromium, &index, &[&arg, "--window-size=1280,2000"]);
    let png = std::fs::read(&shot).expect("the screenshot is kept");
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 10_000,
        "a real screenshot"
    );
}
