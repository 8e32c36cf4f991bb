//! Precomputed bitboard tables for the 8×8 board, made at compile time.
//!
//! Squares are numbered `rank * 8 + file` (a1 = 0, h1 = 7, a8 = 56).

/// The eight directions as (file step, rank step). Directions `2k` and `2k+1`
/// are opposite and lie on line `k`: 0 rows, 1 columns, 2 diagonals, 3 anti-diagonals.
pub const DIRS: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (-1, 1), (1, -1)];

const fn on_board(file: i32, rank: i32) -> bool {
    file >= 0 && file < 8 && rank >= 0 && rank < 8
}

/// `LINE[k][sq]`: every square on line `k` through `sq`, `sq` included.
pub static LINE: [[u64; 64]; 4] = {
    let mut table = [[0u64; 64]; 4];
    let mut line = 0;
    while line < 4 {
        let mut sq = 0;
        while sq < 64 {
            let mut mask = 1u64 << sq;
            let mut half = 0;
            while half < 2 {
                let (df, dr) = DIRS[line * 2 + half];
                let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
                while on_board(f, r) {
                    mask |= 1u64 << (r * 8 + f);
                    f += df;
                    r += dr;
                }
                half += 1;
            }
            table[line][sq] = mask;
            sq += 1;
        }
        line += 1;
    }
    table
};

/// The square `n` steps from `sq` in direction `dir`, if it is on a
/// `size`×`size` board in the frame's corner.
/// Computed rather than looked up: a 4.6 KB table costs more in the `.wasm`
/// download than these few operations cost the move generator.
#[inline]
#[must_use]
pub const fn target(dir: usize, sq: usize, n: usize, size: usize) -> Option<usize> {
    let (df, dr) = DIRS[dir];
    let (f, r) = ((sq % 8) as i32 + df * n as i32, (sq / 8) as i32 + dr * n as i32);
    let size = size as i32;
    if f >= 0 && f < size && r >= 0 && r < size { Some((r * 8 + f) as usize) } else { None }
}

/// `RAY[dir][sq]`: the squares from `sq` (excluded) to the edge in direction `dir`.
pub static RAY: [[u64; 64]; 8] = {
    let mut table = [[0u64; 64]; 8];
    let mut dir = 0;
    while dir < 8 {
        let (df, dr) = DIRS[dir];
        let mut sq = 0;
        while sq < 64 {
            let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
            let mut mask = 0u64;
            while on_board(f, r) {
                mask |= 1u64 << (r * 8 + f);
                f += df;
                r += dr;
            }
            table[dir][sq] = mask;
            sq += 1;
        }
        dir += 1;
    }
    table
};

/// The squares strictly between `from` and `to`, where `to` lies in
/// direction `dir` from `from`: the ray out of `from` meets the ray back out
/// of `to` (direction `dir ^ 1` is the opposite one). Two small lookups
/// instead of a 32 KB table of square pairs, which would weigh on the `.wasm`.
#[inline]
#[must_use]
pub fn between(dir: usize, from: usize, to: usize) -> u64 {
    RAY[dir][from] & RAY[dir ^ 1][to]
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// The squares adjacent (8-connected) to any square of `bb`, plus `bb` itself.
#[inline]
#[must_use]
pub const fn grow(bb: u64) -> u64 {
    let row = bb | ((bb << 1) & !FILE_A) | ((bb >> 1) & !FILE_H);
    row | (row << 8) | (row >> 8)
}

/// The 8-connected group of `pieces` that contains the lowest set bit of `seed`.
#[inline]
#[must_use]
pub const fn group_of(seed: u64, pieces: u64) -> u64 {
    let mut group = seed & seed.wrapping_neg();
    loop {
        let next = grow(group) & pieces;
        if next == group {
            return group;
        }
        group = next;
    }
}

/// Whether `pieces` form a single 8-connected group (one piece does; none does too).
#[inline]
#[must_use]
pub const fn is_connected(pieces: u64) -> bool {
    pieces == 0 || group_of(pieces, pieces) == pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_have_the_right_lengths() {
        // a1: row 8, column 8, diagonal 8, anti-diagonal 1.
        assert_eq!(LINE[0][0].count_ones(), 8);
        assert_eq!(LINE[1][0].count_ones(), 8);
        assert_eq!(LINE[2][0].count_ones(), 8);
        assert_eq!(LINE[3][0].count_ones(), 1);
        // d5 (file 3, rank 4): diagonal a2–g8 has 7 squares, anti-diagonal a8–h1 8.
        assert_eq!(LINE[2][35].count_ones(), 7);
        assert_eq!(LINE[3][35].count_ones(), 8);
    }

    #[test]
    fn between_and_targets() {
        // a1 to d1 east, and back west: b1 and c1.
        assert_eq!(between(0, 0, 3), 0b110);
        assert_eq!(between(1, 3, 0), 0b110);
        // Neighbours have nothing between them.
        assert_eq!(between(4, 0, 9), 0);
        // a1 to d4 north-east: b2 and c3; d4 to a1 south-west: the same.
        assert_eq!(between(4, 0, 27), (1 << 9) | (1 << 18));
        assert_eq!(between(5, 27, 0), (1 << 9) | (1 << 18));
        // h1 to e4 north-west (direction 6): g2 and f3.
        assert_eq!(between(6, 7, 28), (1 << 14) | (1 << 21));
        // Every aligned pair agrees with stepping square by square.
        for (dir, &(df, dr)) in DIRS.iter().enumerate() {
            for from in 0..64usize {
                let (mut f, mut r) = ((from % 8) as i32 + df, (from / 8) as i32 + dr);
                let mut walked = 0u64;
                while on_board(f, r) {
                    let to = (r * 8 + f) as usize;
                    assert_eq!(between(dir, from, to), walked, "dir {dir} from {from} to {to}");
                    walked |= 1 << to;
                    f += df;
                    r += dr;
                }
            }
        }
        assert_eq!(target(0, 6, 1, 8), Some(7));
        assert_eq!(target(0, 6, 2, 8), None);
        assert_eq!(target(4, 0, 7, 8), Some(63));
        assert_eq!(target(3, 8, 1, 8), Some(0));
        assert_eq!(target(3, 8, 2, 8), None);
        // On a 6×6 board in the frame's corner: f1 is its last file.
        assert_eq!(target(0, 4, 1, 6), Some(5));
        assert_eq!(target(0, 4, 2, 6), None);
        assert_eq!(target(2, 0, 6, 6), None);
    }

    #[test]
    fn connectivity() {
        assert!(is_connected(0));
        assert!(is_connected(1));
        assert!(is_connected(1 | (1 << 9))); // a1, b2 diagonal
        assert!(!is_connected(1 | (1 << 2))); // a1, c1
        assert!(!is_connected((1 << 7) | (1 << 8))); // h1 and a2 do not touch
    }
}
