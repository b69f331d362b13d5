//! The record formats of the 3.4.3-family variants, as their committed
//! identity files describe them (written by `levbuild game` from the
//! fetched trees): every golden `.lev` and dungeon file of SLASH'EM,
//! SLASH'EM Extended, AceHack, FIQHack, dNetHack and notnotdNetHack decodes with no byte left over and encodes
//! back to the same bytes, the dump names their own terrain, room types
//! and extra members, and `-w` gives each game's own warnings.

use std::path::{Path, PathBuf};

use levbuild::{des, dungeon, Game, Layout, RecordKind};

use crate::common;

/// The variants with a golden set and a committed identity file.
const VARIANTS: [&str; 8] = [
    "slashem-0.0.7E7F3",
    "slashem-extended-1.6.5",
    "acehack-3.6.0",
    "fiqhack-4.3.1",
    "dnethack-3.18.0",
    "notnotdnethack-2025.05.16",
    "nethack-3.4.3",
    "grunthack-0.2.2",
];

fn identity(name: &str) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/games")
        .join(format!("{name}.game"));
    Game::from_identity_file(&path).unwrap()
}

/// The golden outputs of `name` from its manifest: (path, is a level).
fn golden_outputs(shared: &Path, name: &str) -> Vec<(PathBuf, bool)> {
    let dir = shared.join("golden").join(name);
    let manifest = std::fs::read_to_string(dir.join("MANIFEST.tsv")).unwrap();
    manifest
        .lines()
        .skip(1)
        .filter_map(|l| l.split('\t').nth(1))
        // The preprocessed `.pdf` is the compiler's input, not an output.
        .filter(|out| !out.ends_with(".pdf"))
        .map(|out| (dir.join(out), out.ends_with(".lev")))
        .collect()
}

#[test]
fn every_golden_output_of_every_variant_round_trips_through_its_format() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    for name in VARIANTS {
        let game = identity(name);
        let outputs = golden_outputs(&shared, name);
        assert!(outputs.len() > 100, "{name}: {} outputs", outputs.len());
        let (mut levels, mut dungeons) = (0, 0);
        for (path, is_level) in outputs {
            let bytes = std::fs::read(&path).unwrap();
            let shown = path.display();
            let again = if is_level {
                levels += 1;
                let stem = path.file_stem().unwrap().to_str().unwrap();
                let level = des::decode(&bytes, stem, &game, Layout::LP64)
                    .unwrap_or_else(|e| panic!("{shown}: {e}"));
                des::encode(&level, &game, Layout::LP64).unwrap()
            } else {
                dungeons += 1;
                let d = dungeon::decode(&bytes, &game, Layout::LP64)
                    .unwrap_or_else(|e| panic!("{shown}: {e}"));
                dungeon::encode(&d, &game, Layout::LP64).unwrap()
            };
            assert!(again == bytes, "{shown}: re-encoded bytes differ");
        }
        assert!(
            levels > 100 && dungeons >= 1,
            "{name}: {levels} levels, {dungeons} dungeons"
        );
    }
}

#[test]
fn a_variant_file_is_not_read_with_another_games_format() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let tower = std::fs::read(shared.join("golden/slashem-0.0.7E7F3/tower1.lev")).unwrap();
    let slashem = identity("slashem-0.0.7E7F3");
    assert!(des::decode(&tower, "tower1", &slashem, Layout::LP64).is_ok());
    // Vanilla's records with SLASH'EM's header: the header passes, the
    // records do not.
    let vanilla_records = slashem.with_format(levbuild::RecordFormat::nethack_343());
    assert!(des::decode(&tower, "tower1", &vanilla_records, Layout::LP64).is_err());
}

#[test]
fn variant_dumps_use_the_variants_own_names() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let golden = |game: &str, file: &str| shared.join("golden").join(game).join(file);
    // SLASH'EM: its door keys, its room types, its place lists.
    let slashem = identity("slashem-0.0.7E7F3");
    let format = slashem.format();
    assert_eq!(format.numbering.room_type("black market"), Some(34));
    assert_eq!(format.numbering.terrain_code("TOILET"), Some(30));
    assert_eq!(format.extra_index(RecordKind::Door, "arti_key"), Some(0));
    let tower = std::fs::read(golden("slashem-0.0.7E7F3", "tower1.lev")).unwrap();
    let level = des::decode(&tower, "tower1", &slashem, Layout::LP64).unwrap();
    let text = level.display(&slashem).to_string();
    assert!(text.contains("arti_key"), "{text}");
    let blkmar = std::fs::read(golden("slashem-0.0.7E7F3", "blkmar.lev")).unwrap();
    let text = des::decode(&blkmar, "blkmar", &slashem, Layout::LP64)
        .unwrap()
        .display(&slashem)
        .to_string();
    assert!(text.contains("black market"), "{text}");
    // notnotdNetHack: forges and altar gods.
    let nnd = identity("notnotdnethack-2025.05.16");
    assert!(nnd.format().forges);
    assert_eq!(nnd.format().extra_index(RecordKind::Altar, "god"), Some(0));
    let mut forges = 0;
    for (path, is_level) in golden_outputs(&shared, "notnotdnethack-2025.05.16") {
        if !is_level {
            continue;
        }
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        let level = des::decode(&std::fs::read(&path).unwrap(), &stem, &nnd, Layout::LP64).unwrap();
        let text = level.display(&nnd).to_string();
        forges += text.matches(" forge").count();
    }
    assert!(forges > 0, "no forge in any notnotdNetHack level");
}

#[test]
fn the_i686_layout_applies_to_the_new_records() {
    // A SLASH'EM object's `long oflags` is 4 bytes on i686 and 8 on x86_64,
    // its door key a 2-byte `short` after one byte of padding on both.
    let slashem = identity("slashem-0.0.7E7F3");
    let src = "MAZE: \"t\", ' '\nGEOMETRY: center, center\nMAP\n.+.\nENDMAP\n\
               DOOR: locked, (1,0)\nOBJECT: '(', \"chest\", (0,0)\n";
    let file = levbuild::des::compile(src, "t.des").unwrap();
    let vanilla = Game::nethack_343();
    let level = des::decode(&file.levels[0].bytes, "t", &vanilla, Layout::host()).unwrap();
    let sizes: Vec<usize> = [Layout::LP64, Layout::ILP32]
        .into_iter()
        .map(|layout| {
            let ours = des::encode(&level, &slashem, layout).unwrap();
            let theirs = des::encode(&level, &vanilla, layout).unwrap();
            ours.len() - theirs.len()
        })
        .collect();
    // x86_64: door +3 (pad, short), object +8 (long), the random-region
    // count +1, the place-list count +0 (one count replaces another);
    // i686: door +3, object +4, +1.
    assert_eq!(sizes, [3 + 8 + 1, 3 + 4 + 1]);
}

/// The `-w` warnings of every `.des` file of a variant's corpus, as its
/// `lev_comp` prints them, in the golden listing's layout: SLASH'EM's
/// `=== FILE` then the lines, the dNetHack family's `### FILE`.
fn warnings_listing(shared: &Path, name: &str, marker: &str) -> String {
    let game = std::sync::Arc::new(identity(name));
    let options = des::Options::for_game(game)
        .with_extra_warnings(true)
        .with_layout(Layout::LP64);
    let golden = std::fs::read_to_string(
        shared
            .join("golden")
            .join(name)
            .join("lev_comp-w.stderr.txt"),
    )
    .unwrap();
    // Each file's lines in the golden listing.
    let mut golden_files: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in golden.lines() {
        match line.strip_prefix(marker) {
            Some(file) => golden_files.push((file.split(" (rc=").next().unwrap(), Vec::new())),
            None if line.starts_with("rc=") => {}
            None => golden_files.last_mut().unwrap().1.push(line),
        }
    }
    let mut out = String::new();
    for (file, want) in golden_files {
        out += &format!("{marker}{file}\n");
        let path = shared.join("corpus").join(name).join("dat").join(file);
        let src = levbuild::source_text(&std::fs::read(&path).unwrap()).into_owned();
        let mut diagnostics = match des::compile_levels(&src, file, &options) {
            Ok(compiled) => compiled.warnings,
            Err(d) => d,
        };
        // A level defined twice is levbuild's own warning: lev_comp
        // writes one over the other without a word.
        let count = |d: &levbuild::Diagnostics, code: &str| {
            d.warnings().filter(|w| w.code == Some(code)).count()
        };
        let twice = count(&diagnostics, "level-defined-twice");
        let dropped: usize = (diagnostics.warnings())
            .find(|w| w.code == Some("too-many-warnings"))
            .map_or(0, |w| w.message.split(' ').next().unwrap().parse().unwrap());
        diagnostics
            .retain(|d| !matches!(d.code, Some("level-defined-twice" | "too-many-warnings")));
        let mut lines = diagnostics.legacy_lines(levbuild::diag::LegacyTool::LevComp);
        if dropped > 0 {
            // levbuild lists a file's first 200 warnings and counts the
            // rest; lev_comp prints them all. The listed ones are the first
            // of lev_comp's, and with the ones counted they are as many as
            // lev_comp's and levbuild's own.
            let typed = des::compile_with(&src, file, &options).unwrap();
            let names: std::collections::HashSet<&str> =
                typed.levels.iter().map(|l| l.name.as_str()).collect();
            let defined_twice = typed.levels.len() - names.len();
            assert!(
                want.starts_with(&lines.iter().map(String::as_str).collect::<Vec<_>>()),
                "{name}: {file}: the warnings listed are not lev_comp's first"
            );
            assert_eq!(
                lines.len() + twice + dropped,
                want.len() + defined_twice,
                "{name}: {file}: warnings counted"
            );
            lines = want.iter().map(|l| l.to_string()).collect();
        }
        for l in lines {
            out += &l;
            out.push('\n');
        }
    }
    out
}

#[test]
fn each_variants_warnings_are_its_lev_comps() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    for (name, marker) in [
        ("dnethack-3.18.0", "### "),
        ("notnotdnethack-2025.05.16", "### "),
        ("slashem-0.0.7E7F3", "=== "),
        ("slashem-extended-1.6.5", "=== "),
        ("acehack-3.6.0", "=== "),
        ("fiqhack-4.3.1", "=== "),
    ] {
        let golden = std::fs::read_to_string(
            shared
                .join("golden")
                .join(name)
                .join("lev_comp-w.stderr.txt"),
        )
        .unwrap();
        // The golden listing's own lines: the file markers without their
        // exit status, the warnings; SLASH'EM's template.des, which its
        // lev_comp refuses, is left out (levbuild refuses it too, with
        // its own messages).
        let keep = |l: &&str| !l.starts_with("rc=");
        let want: String = golden
            .split(&format!("{marker}template.des"))
            .next()
            .unwrap()
            .lines()
            .filter(keep)
            .map(|l| format!("{}\n", l.split(" (rc=").next().unwrap()))
            .collect();
        let got = warnings_listing(&shared, name, marker);
        let got = got.split(&format!("{marker}template.des")).next().unwrap();
        assert!(got == want, "{name}: -w warnings differ");
    }
}
