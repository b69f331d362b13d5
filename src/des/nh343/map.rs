//! Map blocks: turning `MAP` rows into terrain (`lev_main.c: scan_map`),
//! `WALLIFY`, and the terrain predicates the checks use.

use super::ir::{Terrain, TerrainMap};
use crate::game::Numbering;

/// The location types the checks and `WALLIFY` name, by their numbers in
/// the game (variants insert types: dNetHack's `ROOM` is 25, 3.4.3's 24).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Kinds {
    pub stone: Terrain,
    pub vwall: Terrain,
    pub hwall: Terrain,
    pub crosswall: Terrain,
    pub dbwall: Terrain,
    pub sdoor: Terrain,
    pub pool: Terrain,
    pub door: Terrain,
    pub corr: Terrain,
    pub room: Terrain,
}

impl Kinds {
    /// The types of a game's numbering (3.4.3's number for a name it
    /// lacks).
    pub(crate) fn of(n: &Numbering) -> Kinds {
        let t = |name: &str, vanilla: Terrain| n.terrain_code(name).map_or(vanilla, Terrain);
        Kinds {
            stone: t("STONE", Terrain::STONE),
            vwall: t("VWALL", Terrain::VWALL),
            hwall: t("HWALL", Terrain::HWALL),
            crosswall: t("CROSSWALL", Terrain::CROSSWALL),
            dbwall: t("DBWALL", Terrain::DBWALL),
            sdoor: t("SDOOR", Terrain::SDOOR),
            pool: t("POOL", Terrain::POOL),
            door: t("DOOR", Terrain::DOOR),
            corr: t("CORR", Terrain::CORR),
            room: t("ROOM", Terrain::ROOM),
        }
    }

    /// `IS_ROCK`: stone, walls, trees, secret doors and corridors.
    pub(crate) fn is_rock(&self, t: Terrain) -> bool {
        t < self.pool
    }

    /// `IS_ROOM`: floor and everything placed on it.
    pub(crate) fn is_room(&self, t: Terrain) -> bool {
        t >= self.room
    }

    /// `IS_WALL`: the wall types.
    pub(crate) fn is_wall(&self, t: Terrain) -> bool {
        (self.vwall..=self.dbwall).contains(&t)
    }
}

/// Largest map lev_comp accepts.
pub(crate) const MAX_WIDTH: usize = 76;
/// See [`MAX_WIDTH`].
pub(crate) const MAX_HEIGHT: usize = 21;

/// Builds the terrain map of a block's rows: digits (line numbers) are
/// dropped, rows are padded with stone to the widest row. Returns `None`
/// if the map is larger than 76×21. A character with no terrain type (one
/// the game's lexer lets into a row that its `what_map_char` does not
/// know, as dNetHack's `N`) is stone, as `scan_map` stores it.
///
/// Every cell `lev_comp` warns about reading it (no terrain, or a
/// character its `what_map_char` warns about) is given to `noisy` as it
/// is read: its row, its column once digits are dropped, its byte's index
/// in the row, and the byte.
pub(crate) fn scan(
    rows: &[&str],
    numbering: &Numbering,
    mut noisy: impl FnMut(usize, usize, usize, u8),
) -> Result<TerrainMap, (usize, usize)> {
    let mut of_char = [Terrain::STONE; 256];
    let mut quiet = [false; 256];
    for &(c, t) in numbering.map_chars.iter().rev() {
        of_char[usize::from(c)] = Terrain(t);
        quiet[usize::from(c)] = true;
    }
    for &(c, _) in &numbering.map_char_warnings {
        quiet[usize::from(c)] = false;
    }
    // lev_comp skips the digits of a row; rows seldom hold any, and a
    // map without is read a byte a cell.
    let digits = rows
        .iter()
        .any(|row| row.bytes().any(|b| b.is_ascii_digit()));
    let row_width = |row: &&str| match digits {
        false => row.len(),
        true => row.bytes().filter(|b| !b.is_ascii_digit()).count(),
    };
    let width = rows.iter().map(row_width).max().unwrap_or(0);
    let height = rows.len();
    // Every cell is read, and warned of, even in a map too large (whose
    // cells are not kept).
    let too_large = width > MAX_WIDTH || height > MAX_HEIGHT;
    let mut cells = Vec::with_capacity(if too_large { 0 } else { width * height });
    for (y, row) in rows.iter().enumerate() {
        if digits {
            let row_cells = row.bytes().enumerate().filter(|(_, b)| !b.is_ascii_digit());
            for (x, (i, b)) in row_cells.enumerate() {
                if !quiet[usize::from(b)] {
                    noisy(y, x, i, b);
                }
                if !too_large {
                    cells.push(of_char[usize::from(b)]);
                }
            }
        } else {
            for (x, b) in row.bytes().enumerate() {
                if !quiet[usize::from(b)] {
                    noisy(y, x, x, b);
                }
            }
            if !too_large {
                cells.extend(row.bytes().map(|b| of_char[usize::from(b)]));
            }
        }
        if !too_large {
            // Stone to the width.
            cells.resize((y + 1) * width, Terrain::STONE);
        }
    }
    if too_large {
        return Err((width, height));
    }
    // Both fit in u8: checked against the limits above.
    Ok(TerrainMap {
        width: width as u8,
        height: height as u8,
        cells,
    })
}

/// `WALLIFY`: every stone cell next to floor (or a crossing wall) becomes a
/// wall: horizontal if that neighbour is in another row, else vertical.
pub(crate) fn wallify(map: &mut TerrainMap, k: &Kinds) {
    let (w, h) = (i64::from(map.width), i64::from(map.height));
    for y in 0..h {
        for x in 0..w {
            if map.get(x, y) != Some(k.stone) {
                continue;
            }
            let mut new = None;
            'scan: for yy in (y - 1).max(0)..=(y + 1).min(h - 1) {
                for xx in (x - 1).max(0)..=(x + 1).min(w - 1) {
                    let t = map.get(xx, yy).unwrap_or(k.stone);
                    if k.is_room(t) || t == k.crosswall {
                        new = Some(if yy != y { k.hwall } else { k.vwall });
                        break 'scan;
                    }
                }
            }
            if let Some(t) = new {
                map.cells[(y * w + x) as usize] = t;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scan_strips_digits_and_pads() {
        let n = Numbering::nethack_343();
        let quiet = |_, _, _, _| {};
        let m = scan(&["0.1.", "|", ""], &n, quiet).unwrap();
        assert_eq!((m.width, m.height), (2, 3));
        assert_eq!(m.cells, [24, 24, 1, 0, 0, 0]);
        assert!(scan(&[&".".repeat(77)], &n, quiet).is_err());
        assert!(scan(&["."; 22], &n, quiet).is_err());
    }

    #[test]
    fn wallify_surrounds_floor() {
        let n = Numbering::nethack_343();
        let mut m = scan(&["   ", " . ", "   "], &n, |_, _, _, _| {}).unwrap();
        wallify(&mut m, &Kinds::of(&n));
        assert_eq!(m.cells, [2, 2, 2, 1, 24, 1, 2, 2, 2]);
    }
}
