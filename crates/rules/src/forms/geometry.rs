//! Board masks for each Forms board size, made at compile time, and the
//! orthogonal neighbour and flood-fill operations built on them.

use crate::bits::Bits;

/// The masks of one board size.
#[derive(Debug)]
pub struct Geometry {
    /// Cells per side.
    pub size: usize,
    /// Every cell of the board.
    pub board: Bits,
    /// Every cell not in column `a`.
    not_first_file: Bits,
    /// Every cell not in the last column.
    not_last_file: Bits,
}

const fn make(size: usize) -> Geometry {
    let board = Bits::first(size * size);
    let mut not_first_file = Bits::EMPTY;
    let mut not_last_file = Bits::EMPTY;
    let mut i = 0;
    while i < size * size {
        if i % size != 0 {
            not_first_file.insert(i);
        }
        if i % size != size - 1 {
            not_last_file.insert(i);
        }
        i += 1;
    }
    Geometry { size, board, not_first_file, not_last_file }
}

static GEOMETRIES: [Geometry; 8] = [make(4), make(6), make(8), make(10), make(12), make(14), make(16), make(18)];

/// The geometry of a `size`×`size` board (`size` even, 4 to 18).
pub fn geometry(size: usize) -> &'static Geometry {
    &GEOMETRIES[(size / 2).saturating_sub(2).min(GEOMETRIES.len() - 1)]
}

impl Geometry {
    /// The cells orthogonally next to some cell of `cells` (not `cells` themselves
    /// unless they neighbour each other).
    #[inline]
    pub fn neighbours(&self, cells: Bits) -> Bits {
        let [east, west, north, south] = self.steps(cells);
        east.or(west).or(north).or(south)
    }

    /// `cells` moved one step east, west, north and south, each kept to the
    /// board.
    #[inline]
    pub fn steps(&self, cells: Bits) -> [Bits; 4] {
        let n = self.size as u32;
        [
            cells.shifted_up(1).and(self.not_first_file),
            cells.shifted_down(1).and(self.not_last_file),
            cells.shifted_up(n).and(self.board),
            cells.shifted_down(n),
        ]
    }

    /// Every cell of `within` connected to `seed` through orthogonal steps inside `within`
    /// (`seed` itself is included).
    #[inline]
    pub fn flood(&self, seed: Bits, within: Bits) -> Bits {
        let mut region = seed;
        loop {
            let next = region.or(self.neighbours(region).and(within));
            if next == region {
                return region;
            }
            region = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_stay_on_the_board() {
        let g = geometry(4);
        // a1's neighbours: b1 and a2.
        assert_eq!(g.neighbours(Bits::single(0)), Bits::single(1).or(Bits::single(4)));
        // d1 (index 3) does not wrap to a2.
        assert_eq!(g.neighbours(Bits::single(3)), Bits::single(2).or(Bits::single(7)));
        // d4 (15): c4 and d3.
        assert_eq!(g.neighbours(Bits::single(15)), Bits::single(14).or(Bits::single(11)));
        let g18 = geometry(18);
        assert_eq!(g18.neighbours(Bits::single(323)).len(), 2);
        assert_eq!(g18.board.len(), 324);
    }

    #[test]
    fn flood_follows_orthogonal_paths_only() {
        let g = geometry(4);
        // a1, b2 touch only diagonally.
        let within = Bits::single(0).or(Bits::single(5));
        assert_eq!(g.flood(Bits::single(0), within), Bits::single(0));
        let row = Bits::first(4);
        assert_eq!(g.flood(Bits::single(0), row), row);
    }
}
