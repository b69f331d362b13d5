//! Levels drawn as the game draws a map (feature `render`): the picture
//! of a compiled level in the game's default tty symbols and colours
//! (`DECgraphics` off), with a legend of everything placed on it, as
//! plain text, ANSI-coloured text, one SVG image or an HTML page; and,
//! with the `build` feature, a gallery of every level of a build
//! (`Build::gallery`).
//!
//! A level is first made a [`Drawing`] (the game-independent picture:
//! cells, marked areas and a legend), by [`level`] for the 3.4.3 family's
//! typed [`Level`](crate::des::Level) and [`program`] for a 3.6 level
//! program; [`Format::write`] then writes drawings in one format.
//!
//! Nothing random is rolled: a monster, object or trap whose kind is
//! random but whose place is fixed is drawn as what is certain of it (its
//! class letter, `I` for a monster of any class, `]` for an object of any
//! class, `^` for a trap of any kind); one whose place is random is only
//! listed, with the candidate places a `RANDOM_PLACES` list names.
//!
//! ```
//! # #[cfg(feature = "compile")] {
//! let src = "MAZE: \"mini\", ' '\nGEOMETRY: center, center\nMAP\n|.P|\nENDMAP\n\
//!            MONSTER: 'd', \"jackal\", (1,0)\n";
//! let file = levbuild::des::compile(src, "mini.des").unwrap();
//! let game = levbuild::Game::nethack_343();
//! let drawing = levbuild::render::level(&file.levels[0].level, &game);
//! let text = levbuild::render::Format::Text.write(&[drawing]);
//! assert!(text.contains("|d}|"), "{text}");
//! # }
//! ```

#[cfg(feature = "build")]
mod dungeon;
#[cfg(feature = "build")]
pub(crate) mod gallery;
mod html;
mod level;
mod monster_colours;
mod program;
mod rooms;
mod svg;
mod symbols;
mod text;

pub use level::level;
pub use program::program;

use std::fmt;
use std::str::FromStr;

use crate::game::Game;
use crate::layout::Layout;

/// A compiled level's bytes (a `.lev` file of `game` for `layout`) drawn:
/// decoded in the game's level format ([`crate::des::decode`] for the
/// 3.4.3 family, [`crate::des::nh36::decode`] for 3.6) and drawn by
/// [`level`] or [`program`]. `file` names its source for the drawing.
///
/// # Errors
///
/// The bytes are no level of `game` for `layout`.
pub fn blob(
    bytes: &[u8],
    name: &str,
    file: &str,
    game: &Game,
    layout: Layout,
) -> Result<Drawing, crate::DecodeError> {
    let mut drawing = match game.dialect() {
        crate::des::Dialect::NetHack343 => {
            level(&crate::des::decode(bytes, name, game, layout)?, game)
        }
        crate::des::Dialect::NetHack36 => {
            program(&crate::des::nh36::decode(bytes, name, game, layout)?, game)
        }
    };
    drawing.file = file.to_string();
    Ok(drawing)
}

/// One of NetHack's 16 tty colours (`include/color.h`): 0 black, 1 red,
/// 2 green, 3 brown, 4 blue, 5 magenta, 6 cyan, 7 gray, 8 no colour (the
/// terminal's own), 9 orange, 10 bright green, 11 yellow, 12 bright
/// blue, 13 bright magenta, 14 bright cyan, 15 white.
pub type Colour = u8;

/// The colour number that means the terminal's own (`NO_COLOR`).
pub const NO_COLOUR: Colour = 8;

/// One map cell as drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The symbol shown (a space for stone or for what is not known).
    pub glyph: char,
    /// Its colour.
    pub colour: Colour,
    /// The legend entry of what is drawn here, on top (its index in
    /// [`Picture::legend`]), if anything placed is.
    pub entry: Option<usize>,
}

impl Default for Cell {
    fn default() -> Self {
        Cell {
            glyph: ' ',
            colour: NO_COLOUR,
            entry: None,
        }
    }
}

/// What a marked area of a picture is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AreaKind {
    /// A lit `REGION` (or lit room).
    Lit,
    /// An unlit `REGION` (or unlit room).
    Unlit,
    /// A `REGION` lit at random.
    RandomLight,
    /// `NON_DIGGABLE`.
    NonDiggable,
    /// `NON_PASSWALL`.
    NonPasswall,
    /// A level region (stairs, portal, teleport, branch): its kind's word.
    LevelRegion(String),
    /// A candidate of `RANDOM_PLACES` list `n` (place `i` of it).
    Place(usize, usize),
    /// A 3.6 selection or statement area.
    Selection,
}

impl AreaKind {
    /// A short class name for the area kind (CSS classes, SVG legends).
    pub fn class(&self) -> &'static str {
        match self {
            AreaKind::Lit => "lit",
            AreaKind::Unlit => "unlit",
            AreaKind::RandomLight => "rlit",
            AreaKind::NonDiggable => "nodig",
            AreaKind::NonPasswall => "nopass",
            AreaKind::LevelRegion(_) => "lregion",
            AreaKind::Place(..) => "place",
            AreaKind::Selection => "select",
        }
    }
}

/// A marked rectangle of a picture, in its cells, inclusive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Area {
    /// What it marks.
    pub kind: AreaKind,
    /// Left column, top row, right column, bottom row.
    pub rect: (i32, i32, i32, i32),
    /// Marked under a condition (3.6 `IF`, `LOOP`, `SWITCH`, or a chance).
    pub conditional: bool,
    /// Its legend line.
    pub text: String,
}

/// One legend line: a thing placed, listed or random.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The symbol it has on the map (or would have).
    pub glyph: char,
    /// Its colour.
    pub colour: Colour,
    /// Where it is drawn, in the picture's cells; `None` when it is not
    /// drawn (a random place, a contained object, a random room's thing).
    pub at: Option<(i32, i32)>,
    /// Where the level says it goes, in its words (`(3,4)`, `random`,
    /// `place[0]: (1,2) (3,4)`).
    pub place: String,
    /// What it is: full names, chance, flags, messages.
    pub text: String,
    /// Placed under a condition (3.6 `IF`, `LOOP`, `SWITCH`).
    pub conditional: bool,
}

/// One map of a level: a maze part's map, a room level's fixed rooms, a
/// 3.6 level's map.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Picture {
    /// What the map is (`map 62x19, centred`, `rooms with fixed places`).
    pub title: String,
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// `width * height` cells, row by row.
    pub cells: Vec<Cell>,
    /// Marked areas.
    pub areas: Vec<Area>,
    /// Everything placed on the map or listed with it.
    pub legend: Vec<Entry>,
}

impl Picture {
    /// A picture of `width` × `height` cells of `fill`.
    pub(crate) fn new(title: String, width: usize, height: usize, fill: Cell) -> Picture {
        Picture {
            title,
            width,
            height,
            cells: vec![fill; width * height],
            areas: Vec::new(),
            legend: Vec::new(),
        }
    }

    /// The cell at (x, y), if the picture has one.
    pub fn cell(&self, x: i32, y: i32) -> Option<&Cell> {
        self.index(x, y).map(|i| &self.cells[i])
    }

    fn index(&self, x: i32, y: i32) -> Option<usize> {
        let (x, y) = (usize::try_from(x).ok()?, usize::try_from(y).ok()?);
        (x < self.width && y < self.height).then_some(y * self.width + x)
    }

    /// Sets the terrain symbol at (x, y), if inside.
    pub(crate) fn paint(&mut self, x: i32, y: i32, glyph: char, colour: Colour) {
        if let Some(i) = self.index(x, y) {
            self.cells[i].glyph = glyph;
            self.cells[i].colour = colour;
        }
    }

    /// Adds a legend entry, drawn at `at` when that is inside the
    /// picture (over what is there).
    pub(crate) fn place(&mut self, entry: Entry) {
        let n = self.legend.len();
        let drawn = entry.at.and_then(|(x, y)| self.index(x, y));
        if let Some(i) = drawn {
            let cell = &mut self.cells[i];
            cell.glyph = entry.glyph;
            cell.colour = entry.colour;
            cell.entry = Some(n);
        }
        self.legend.push(Entry {
            at: entry.at.filter(|_| drawn.is_some()),
            ..entry
        });
    }

    /// The rows as text.
    pub fn rows(&self) -> impl Iterator<Item = String> + '_ {
        self.cells
            .chunks(self.width.max(1))
            .map(|row| row.iter().map(|c| c.glyph).collect())
    }
}

/// A level drawn: its pictures and what is said of the whole level.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drawing {
    /// The level name.
    pub name: String,
    /// The file it came from, when known (the gallery groups by it).
    pub file: String,
    /// What the whole level is: its kind, flags, message, random map,
    /// rooms and corridors not drawn.
    pub notes: Vec<String>,
    /// Its maps.
    pub pictures: Vec<Picture>,
}

/// The formats a drawing is written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Format {
    /// Plain text: the map under a ruler, the legend after it.
    #[default]
    Text,
    /// Text with the game's 16 tty colours as ANSI escapes.
    Ansi,
    /// One self-contained SVG image.
    Svg,
    /// One self-contained HTML page with a legend and hover text.
    Html,
}

impl Format {
    /// Every format, by its name.
    pub const ALL: [Format; 4] = [Format::Text, Format::Ansi, Format::Svg, Format::Html];

    /// Its name: `text`, `ansi`, `svg` or `html`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Ansi => "ansi",
            Format::Svg => "svg",
            Format::Html => "html",
        }
    }

    /// `drawings` written in this format: one after the other for text,
    /// one image or page holding them all for SVG and HTML.
    pub fn write(self, drawings: &[Drawing]) -> String {
        match self {
            Format::Text => text::write(drawings, false),
            Format::Ansi => text::write(drawings, true),
            Format::Svg => svg::write(drawings),
            Format::Html => html::page(drawings),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A format name that is none of `text`, `ansi`, `svg`, `html`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownFormat(pub String);

impl fmt::Display for UnknownFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown render format {:?}: expected text, ansi, svg or html",
            self.0
        )
    }
}

impl std::error::Error for UnknownFormat {}

impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Format, UnknownFormat> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| UnknownFormat(s.to_string()))
    }
}
