//! Map blocks: turning `MAP` rows into terrain (`lev_main.c: scan_map`),
//! `WALLIFY`, and the terrain predicates the checks use.

use super::ir::{Terrain, TerrainMap};
use crate::tables::terrain_of_map_char;

/// Largest map lev_comp accepts.
pub(crate) const MAX_WIDTH: usize = 76;
/// See [`MAX_WIDTH`].
pub(crate) const MAX_HEIGHT: usize = 21;

/// Builds the terrain map of a block's rows: digits (line numbers) are
/// dropped, rows are padded with stone to the widest row. Returns `None`
/// if the map is larger than 76×21; the lexer only lets map characters in,
/// so every remaining character has a terrain type.
pub(crate) fn scan(rows: &[&str]) -> Result<TerrainMap, (usize, usize)> {
    let cleaned: Vec<Vec<Terrain>> = rows
        .iter()
        .map(|row| {
            row.bytes()
                .filter(|b| !b.is_ascii_digit())
                .map(|b| terrain_of_map_char(b).map_or(Terrain::STONE, Terrain))
                .collect()
        })
        .collect();
    let width = cleaned.iter().map(Vec::len).max().unwrap_or(0);
    let height = cleaned.len();
    if width > MAX_WIDTH || height > MAX_HEIGHT {
        return Err((width, height));
    }
    let mut cells = Vec::with_capacity(width * height);
    for row in cleaned {
        let n = row.len();
        cells.extend(row);
        cells.resize(cells.len() + width - n, Terrain::STONE);
    }
    // Both fit in u8: checked against the limits above.
    Ok(TerrainMap {
        width: width as u8,
        height: height as u8,
        cells,
    })
}

/// `IS_ROCK`: stone, walls, trees, secret doors and corridors.
pub(crate) fn is_rock(t: Terrain) -> bool {
    t < Terrain::POOL
}

/// `IS_ROOM`: floor and everything placed on it.
pub(crate) fn is_room(t: Terrain) -> bool {
    t >= Terrain::ROOM
}

/// `IS_WALL`: the wall types.
pub(crate) fn is_wall(t: Terrain) -> bool {
    (Terrain::VWALL..=Terrain::DBWALL).contains(&t)
}

/// `WALLIFY`: every stone cell next to floor (or a crossing wall) becomes a
/// wall: horizontal if that neighbour is in another row, else vertical.
pub(crate) fn wallify(map: &mut TerrainMap) {
    let (w, h) = (i64::from(map.width), i64::from(map.height));
    for y in 0..h {
        for x in 0..w {
            if map.get(x, y) != Some(Terrain::STONE) {
                continue;
            }
            let mut new = None;
            'scan: for yy in (y - 1).max(0)..=(y + 1).min(h - 1) {
                for xx in (x - 1).max(0)..=(x + 1).min(w - 1) {
                    let t = map.get(xx, yy).unwrap_or(Terrain::STONE);
                    if is_room(t) || t == Terrain::CROSSWALL {
                        new = Some(if yy != y {
                            Terrain::HWALL
                        } else {
                            Terrain::VWALL
                        });
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
        let m = scan(&["0.1.", "|", ""]).unwrap();
        assert_eq!((m.width, m.height), (2, 3));
        assert_eq!(m.cells, [24, 24, 1, 0, 0, 0]);
        assert!(scan(&[&".".repeat(77)]).is_err());
        assert!(scan(&["."; 22]).is_err());
    }

    #[test]
    fn wallify_surrounds_floor() {
        let mut m = scan(&["   ", " . ", "   "]).unwrap();
        wallify(&mut m);
        assert_eq!(m.cells, [2, 2, 2, 1, 24, 1, 2, 2, 2]);
    }
}
