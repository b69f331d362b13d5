//! A build's gallery ([`Build::gallery`](super::Build::gallery)): each
//! output of the run decoded and drawn (`crate::render`), on the build's
//! threads, and the page written.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::discover::{LevelSet, Source};
use super::error::Error;
use super::job::Done;
use super::workers::Workers;
use crate::game::Game;
use crate::layout::Layout;
use crate::render::gallery::{page, SetPage};
use crate::render::{self, Drawing};

/// Where and how a gallery is written.
pub(super) struct Site<'a> {
    /// The gallery's directory.
    pub dir: &'a Path,
    pub workers: &'a Workers,
    /// The layout the blobs are in.
    pub layout: Layout,
    /// The build's output directory, where an output proved unchanged is
    /// read back.
    pub out_dir: &'a Path,
}

/// What one source adds to the gallery.
enum Drawn {
    Levels(String, Vec<Drawing>),
    Dungeon(String, Option<crate::dungeon::Dungeon>),
}

impl Site<'_> {
    /// Draws every output of `per_set` (the results of `sets`, whose games
    /// are `games`) and writes `index.html`; returns its path.
    pub(super) fn write(
        &self,
        sets: &[LevelSet],
        per_set: &[Vec<(&Source, Done)>],
        games: &[Arc<Game>],
    ) -> Result<PathBuf, Error> {
        let work: Vec<(usize, &Source, &Done)> = (per_set.iter().enumerate())
            .flat_map(|(n, done)| done.iter().map(move |(s, d)| (n, *s, d)))
            .collect();
        let drawn = self.workers.map(work, |(n, source, done)| {
            (n, self.draw(source, done, &games[n]))
        });
        let mut pages: Vec<SetPage> = (sets.iter().zip(games))
            .map(|(set, game)| SetPage {
                title: set.dir.display().to_string(),
                game: Arc::clone(game),
                files: Vec::new(),
                dungeons: Vec::new(),
            })
            .collect();
        for (n, drawn) in drawn {
            match drawn {
                Drawn::Levels(file, drawings) => pages[n].files.push((file, drawings)),
                Drawn::Dungeon(file, Some(dungeon)) => pages[n].dungeons.push((file, dungeon)),
                Drawn::Dungeon(_, None) => {}
            }
        }
        std::fs::create_dir_all(self.dir).map_err(|e| Error::io(self.dir, e))?;
        let index = self.dir.join("index.html");
        std::fs::write(&index, page(&pages)).map_err(|e| Error::io(&index, e))?;
        Ok(index)
    }

    /// One source's outputs drawn; an output that cannot be read back
    /// (changed on disk since it was written) is a drawing that says so.
    fn draw(&self, source: &Source, done: &Done, game: &Game) -> Drawn {
        let file = source.rel.clone();
        if !source.language.makes_levels() {
            let dungeon = (done.outputs.first())
                .and_then(|o| o.bytes(self.out_dir).ok())
                .and_then(|bytes| crate::dungeon::decode(&bytes, game, self.layout).ok());
            return Drawn::Dungeon(file, dungeon);
        }
        let drawings = (done.outputs.iter())
            .map(|o| {
                let name = o.path.name();
                let drawing = o
                    .bytes(self.out_dir)
                    .map_err(|e| e.to_string())
                    .and_then(|bytes| {
                        render::blob(&bytes, name, &file, game, self.layout)
                            .map_err(|e| e.to_string())
                    });
                drawing.unwrap_or_else(|e| Drawing {
                    name: name.to_string(),
                    file: file.clone(),
                    notes: vec![format!("not drawn: {e}")],
                    pictures: Vec::new(),
                })
            })
            .collect();
        Drawn::Levels(file, drawings)
    }
}
