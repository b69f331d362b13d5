//! Damaged identity files (#34): every committed identity file, with a
//! byte flipped or cut short at random, is an error naming its line, or
//! reads as the very same game; never another game that would compile
//! other bytes with only warnings.

use levbuild::Game;

use crate::common::gen343::Rng;

#[test]
fn damaged_identity_files_are_errors_or_the_same_game() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "{files:?}");
    let (mut errors, mut same) = (0, 0);
    for (n, path) in files.iter().enumerate() {
        let bytes = std::fs::read(path).unwrap();
        let good = Game::from_identity_file(path).unwrap().to_identity();
        let mut rng = Rng::new(0x1de7 + n as u64);
        for k in 0..60 {
            let mut damaged = bytes.clone();
            match k % 3 {
                // A flipped bit anywhere.
                0 | 1 => {
                    let at = rng.below(damaged.len());
                    damaged[at] ^= 1 << rng.below(8);
                }
                // Cut short: anywhere, or at a line's end.
                _ => {
                    let mut at = rng.below(damaged.len());
                    if rng.chance(50) {
                        at = damaged[..at]
                            .iter()
                            .rposition(|&b| b == b'\n')
                            .map_or(0, |i| i + 1);
                    }
                    damaged.truncate(at);
                }
            }
            let read = std::str::from_utf8(&damaged)
                .ok()
                .and_then(|text| Game::from_identity(text).ok());
            match read {
                None => errors += 1,
                Some(game) => {
                    assert_eq!(
                        game.to_identity(),
                        good,
                        "{}: damage {k} read as another game",
                        path.display()
                    );
                    same += 1;
                }
            }
        }
    }
    eprintln!("damaged identity files: {errors} errors, {same} read as the same game");
    assert!(errors > same, "{errors} errors, {same} the same");
}
