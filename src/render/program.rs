//! A NetHack 3.6 level program drawn.

use super::Drawing;
use crate::des::nh36::Program;
use crate::game::Game;

/// `program` drawn with `game`'s symbols and names.
pub fn program(program: &Program, game: &Game) -> Drawing {
    let _ = game;
    Drawing {
        name: program.name.clone(),
        notes: vec!["a NetHack 3.6 level program: not drawn yet".to_string()],
        ..Drawing::default()
    }
}
