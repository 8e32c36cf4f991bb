//! The RA board: a hexagon of 127 hexagonal cells, side 7.
//!
//! A cell is named by a letter `a`–`m` (L = 1–13) and a number `1`–`13`
//! (N); it exists when |L − N| ≤ 6. The six neighbours of (L, N) are
//! (L±1, N), (L, N±1), (L+1, N+1) and (L−1, N−1). Cells are numbered 0–126
//! in the order a1, a2, …, a7, b1, …, m13.

use std::fmt;

/// The number of cells.
pub const CELLS: usize = 127;
/// Marks "no cell" in the tables.
pub const NONE: u8 = u8::MAX;

/// The six directions as (ΔL, ΔN); `2k` and `2k+1` are opposite.
pub const DIRECTIONS: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)];

/// A cell of the RA board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HexCell(u8);

const fn exists(l: i32, n: i32) -> bool {
    l >= 1 && l <= 13 && n >= 1 && n <= 13 && (l - n).abs() <= 6
}

/// `INDEX[l][n]`: the number of cell (l, n), or [`NONE`] (l, n from 0 to 14, so
/// that a step off the board needs no bounds check).
static INDEX: [[u8; 15]; 15] = {
    let mut table = [[NONE; 15]; 15];
    let mut next = 0u8;
    let mut l = 1;
    while l <= 13 {
        let mut n = 1;
        while n <= 13 {
            if exists(l, n) {
                table[l as usize][n as usize] = next;
                next += 1;
            }
            n += 1;
        }
        l += 1;
    }
    table
};

/// `COORDS[i]`: (L, N) of cell `i`.
static COORDS: [(u8, u8); CELLS] = {
    let mut table = [(0u8, 0u8); CELLS];
    let mut i = 0;
    let mut l = 1;
    while l <= 13 {
        let mut n = 1;
        while n <= 13 {
            if exists(l, n) {
                table[i] = (l as u8, n as u8);
                i += 1;
            }
            n += 1;
        }
        l += 1;
    }
    table
};

/// `STEP[i][d]`: the neighbour of cell `i` in direction `d`, or [`NONE`].
pub static STEP: [[u8; 6]; CELLS] = {
    let mut table = [[NONE; 6]; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (l, n) = COORDS[i];
        let mut d = 0;
        while d < 6 {
            let (dl, dn) = DIRECTIONS[d];
            let (tl, tn) = (l as i32 + dl, n as i32 + dn);
            if exists(tl, tn) {
                table[i][d] = INDEX[tl as usize][tn as usize];
            }
            d += 1;
        }
        i += 1;
    }
    table
};

impl HexCell {
    /// Every cell, a1 first.
    pub fn all() -> impl Iterator<Item = HexCell> {
        (0..CELLS as u8).map(HexCell)
    }

    /// The cell with letter number `l` (1 = `a`) and number `n`, if it exists.
    #[must_use]
    pub fn new(l: usize, n: usize) -> Option<HexCell> {
        if exists(l as i32, n as i32) { Some(HexCell(INDEX[l][n])) } else { None }
    }

    /// The cell numbered `i` (0–126).
    #[must_use]
    pub const fn from_index(i: usize) -> HexCell {
        HexCell(i as u8)
    }

    /// The number of the cell, 0–126.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The letter as a number, 1 (`a`) to 13 (`m`).
    #[must_use]
    pub fn letter(self) -> usize {
        COORDS[self.index()].0 as usize
    }

    /// The number, 1 to 13.
    #[must_use]
    pub fn number(self) -> usize {
        COORDS[self.index()].1 as usize
    }

    /// The neighbour in direction `d` (0–5), if on the board.
    #[must_use]
    pub fn step(self, d: usize) -> Option<HexCell> {
        let next = STEP[self.index()][d];
        (next != NONE).then_some(HexCell(next))
    }

    /// Reads a cell name such as `d4` or `j10`.
    #[must_use]
    pub fn parse(text: &str) -> Option<HexCell> {
        let mut chars = text.chars();
        let letter = chars.next()?;
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let l = letter as usize - 'a' as usize + 1;
        HexCell::new(l, digits.parse().ok()?)
    }

    /// The hex distance between two cells.
    #[must_use]
    pub fn distance(self, other: HexCell) -> usize {
        // Axial coordinates q = N, r = L − N; the third cube coordinate is −q − r.
        let (q1, r1) = (self.number() as i32, self.letter() as i32 - self.number() as i32);
        let (q2, r2) = (other.number() as i32, other.letter() as i32 - other.number() as i32);
        let (dq, dr) = (q1 - q2, r1 - r2);
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as usize
    }
}

impl fmt::Display for HexCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.letter() as u8 - 1), self.number())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_127_cells_with_unique_names() {
        let names: Vec<String> = HexCell::all().map(|c| c.to_string()).collect();
        assert_eq!(names.len(), 127);
        for (i, name) in names.iter().enumerate() {
            assert_eq!(HexCell::parse(name), Some(HexCell::from_index(i)));
        }
        assert_eq!(HexCell::parse("a8"), None);
        assert_eq!(HexCell::parse("n1"), None);
        assert_eq!(HexCell::parse("g07"), None);
    }

    #[test]
    fn neighbours_and_distance() {
        let centre = HexCell::parse("g7").unwrap();
        let around: Vec<String> = (0..6).filter_map(|d| centre.step(d)).map(|c| c.to_string()).collect();
        assert_eq!(around, ["h7", "f7", "g8", "g6", "h8", "f6"]);
        let corner = HexCell::parse("a1").unwrap();
        assert_eq!((0..6).filter_map(|d| corner.step(d)).count(), 3);
        let (d4, j10) = (HexCell::parse("d4").unwrap(), HexCell::parse("j10").unwrap());
        assert_eq!(d4.distance(j10), 6);
        assert_eq!(HexCell::parse("c5").unwrap().distance(d4), 2);
        assert_eq!(HexCell::parse("a1").unwrap().distance(HexCell::parse("m13").unwrap()), 12);
    }
}
