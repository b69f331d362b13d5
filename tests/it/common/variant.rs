//! Compiling a level for a variant read from its committed identity file,
//! as the variant language tests do.

use std::sync::Arc;

use levbuild::des::{self, Level};
use levbuild::{Game, Layout};

/// The game of the committed identity file `tests/data/games/NAME.game`.
pub fn game(name: &str) -> Arc<Game> {
    Arc::new(Game::from_identity_file(&super::identity_file(name)).unwrap())
}

/// Options compiling for `game` on LP64.
pub fn options(game: &Arc<Game>) -> des::Options {
    des::Options::for_game(game.clone()).with_layout(Layout::LP64)
}

/// The one level of `src` compiled for `game`, after checking that its
/// bytes decode back to it and encode again to themselves; with its dump.
pub fn level(game: &Arc<Game>, src: &str) -> (Level, Vec<u8>, String) {
    let file = des::compile_with(src, "t.des", &options(game))
        .unwrap_or_else(|d| panic!("{}", d.short().join("\n")));
    let compiled = &file.levels[0];
    let back = des::decode(&compiled.bytes, &compiled.name, game, Layout::LP64).unwrap();
    assert_eq!(back, compiled.level, "decode(encode) differs");
    assert_eq!(
        des::encode(&back, game, Layout::LP64).unwrap(),
        compiled.bytes
    );
    let dump = back.display(game).to_string();
    (back, compiled.bytes.clone(), dump)
}

/// `src`'s errors for `game`, one short line each.
pub fn errors(game: Arc<Game>, src: &str) -> String {
    let err = des::compile_with(src, "t.des", &options(&game)).unwrap_err();
    err.short().join("\n")
}
