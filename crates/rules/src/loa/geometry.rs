//! The frames of bits boards sit in, and their tables.
//!
//! Boards up to 8×8 sit in a `u64`, square `rank * 8 + file` (a1 = 0,
//! h1 = 7, a8 = 56), with tables made at compile time; 9×9 sits in a
//! `u128`, square `rank * 9 + file`, its tables made once at its first use
//! (15 KB, which the `.wasm` does not carry). [`Bitboard`] is what the move
//! generator and the connection test need of either.

use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};
use std::sync::OnceLock;

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
/// `size`×`size` board in the corner of a frame of `stride` bits a rank.
/// Computed rather than looked up: a 4.6 KB table costs more in the `.wasm`
/// download than these few operations cost the move generator.
#[inline]
#[must_use]
pub const fn target_in(stride: usize, dir: usize, sq: usize, n: usize, size: usize) -> Option<usize> {
    let (df, dr) = DIRS[dir];
    let s = stride as i32;
    let (f, r) = ((sq % stride) as i32 + df * n as i32, (sq / stride) as i32 + dr * n as i32);
    let size = size as i32;
    if f >= 0 && f < size && r >= 0 && r < size { Some((r * s + f) as usize) } else { None }
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

/// A set of squares in a frame: what the move generator, the connection
/// test and the evaluation need of a `u64` (8 bits a rank) or a `u128`
/// (9 bits a rank).
pub trait Bitboard:
    Copy
    + Eq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
{
    /// Bits a rank.
    const STRIDE: usize;
    /// No square.
    const ZERO: Self;
    /// Every square of the frame but those of its first file.
    const NOT_FIRST_FILE: Self;
    /// Every square of the frame but those of its last file.
    const NOT_LAST_FILE: Self;
    /// The set of square `sq` alone.
    fn bit(sq: usize) -> Self;
    /// How many squares.
    fn count(self) -> u32;
    /// The lowest square (the set must not be empty).
    fn lowest(self) -> usize;
    /// The set without its lowest square.
    fn without_lowest(self) -> Self;
    /// The lowest square alone (the empty set stays empty).
    fn lowest_bit(self) -> Self;
    /// The squares of line `k` through `sq`, `sq` included.
    fn line(k: usize, sq: usize) -> Self;
    /// The squares from `sq` (excluded) to the frame's edge in direction `dir`.
    fn ray(dir: usize, sq: usize) -> Self;
    /// The frame's bits of a board kept in a `u128`.
    fn from_wide(bits: u128) -> Self;
    /// The bits in a `u128`.
    fn wide(self) -> u128;
}

/// The mask of a frame's squares whose file is not `file`.
const fn files_but(stride: usize, ranks: usize, file: usize) -> u128 {
    let mut mask = 0u128;
    let mut sq = 0;
    while sq < stride * ranks {
        if sq % stride != file {
            mask |= 1u128 << sq;
        }
        sq += 1;
    }
    mask
}

/// The methods of [`Bitboard`] that an unsigned integer answers alike.
macro_rules! integer_bits {
    ($t:ty) => {
        #[inline]
        fn bit(sq: usize) -> $t {
            1 << sq
        }
        #[inline]
        fn count(self) -> u32 {
            self.count_ones()
        }
        #[inline]
        fn lowest(self) -> usize {
            self.trailing_zeros() as usize
        }
        #[inline]
        fn without_lowest(self) -> $t {
            self & self.wrapping_sub(1)
        }
        #[inline]
        fn lowest_bit(self) -> $t {
            self & self.wrapping_neg()
        }
    };
}

impl Bitboard for u64 {
    const STRIDE: usize = 8;
    const ZERO: u64 = 0;
    const NOT_FIRST_FILE: u64 = files_but(8, 8, 0) as u64;
    const NOT_LAST_FILE: u64 = files_but(8, 8, 7) as u64;
    integer_bits!(u64);
    #[inline]
    fn line(k: usize, sq: usize) -> u64 {
        LINE[k][sq]
    }
    #[inline]
    fn ray(dir: usize, sq: usize) -> u64 {
        RAY[dir][sq]
    }
    #[inline]
    fn from_wide(bits: u128) -> u64 {
        bits as u64
    }
    #[inline]
    fn wide(self) -> u128 {
        u128::from(self)
    }
}

/// The 9×9 board's tables, made at their first use.
struct WideTables {
    line: [[u128; 81]; 4],
    ray: [[u128; 81]; 8],
}

fn wide_tables() -> &'static WideTables {
    static TABLES: OnceLock<Box<WideTables>> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut t = Box::new(WideTables { line: [[0; 81]; 4], ray: [[0; 81]; 8] });
        for sq in 0..81 {
            for (dir, &(df, dr)) in DIRS.iter().enumerate() {
                let (mut f, mut r) = ((sq % 9) as i32 + df, (sq / 9) as i32 + dr);
                while (0..9).contains(&f) && (0..9).contains(&r) {
                    t.ray[dir][sq] |= 1u128 << (r * 9 + f);
                    f += df;
                    r += dr;
                }
            }
            for k in 0..4 {
                t.line[k][sq] = t.ray[2 * k][sq] | t.ray[2 * k + 1][sq] | 1u128 << sq;
            }
        }
        t
    })
}

impl Bitboard for u128 {
    const STRIDE: usize = 9;
    const ZERO: u128 = 0;
    const NOT_FIRST_FILE: u128 = files_but(9, 9, 0);
    const NOT_LAST_FILE: u128 = files_but(9, 9, 8);
    integer_bits!(u128);
    #[inline]
    fn line(k: usize, sq: usize) -> u128 {
        wide_tables().line[k][sq]
    }
    #[inline]
    fn ray(dir: usize, sq: usize) -> u128 {
        wide_tables().ray[dir][sq]
    }
    #[inline]
    fn from_wide(bits: u128) -> u128 {
        bits
    }
    #[inline]
    fn wide(self) -> u128 {
        self
    }
}

/// The squares strictly between `from` and `to`, where `to` lies in
/// direction `dir` from `from`: the ray out of `from` meets the ray back out
/// of `to` (direction `dir ^ 1` is the opposite one). Two small lookups
/// instead of a 32 KB table of square pairs, which would weigh on the `.wasm`.
#[inline]
#[must_use]
pub fn between_in<B: Bitboard>(dir: usize, from: usize, to: usize) -> B {
    B::ray(dir, from) & B::ray(dir ^ 1, to)
}

/// The squares adjacent (8-connected) to any square of `bb`, plus `bb` itself.
#[inline]
#[must_use]
pub fn grow<B: Bitboard>(bb: B) -> B {
    let row = bb | ((bb << 1) & B::NOT_FIRST_FILE) | ((bb >> 1) & B::NOT_LAST_FILE);
    row | (row << B::STRIDE) | (row >> B::STRIDE)
}

/// The 8-connected group of `pieces` that contains the lowest set bit of `seed`.
#[inline]
#[must_use]
pub fn group_of<B: Bitboard>(seed: B, pieces: B) -> B {
    let mut group = seed.lowest_bit();
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
pub fn is_connected<B: Bitboard>(pieces: B) -> bool {
    pieces == B::ZERO || group_of(pieces, pieces) == pieces
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
        assert_eq!(between_in::<u64>(0, 0, 3), 0b110);
        assert_eq!(between_in::<u64>(1, 3, 0), 0b110);
        // Neighbours have nothing between them.
        assert_eq!(between_in::<u64>(4, 0, 9), 0);
        // a1 to d4 north-east: b2 and c3; d4 to a1 south-west: the same.
        assert_eq!(between_in::<u64>(4, 0, 27), (1 << 9) | (1 << 18));
        assert_eq!(between_in::<u64>(5, 27, 0), (1 << 9) | (1 << 18));
        // h1 to e4 north-west (direction 6): g2 and f3.
        assert_eq!(between_in::<u64>(6, 7, 28), (1 << 14) | (1 << 21));
        // Every aligned pair agrees with stepping square by square.
        for (dir, &(df, dr)) in DIRS.iter().enumerate() {
            for from in 0..64usize {
                let (mut f, mut r) = ((from % 8) as i32 + df, (from / 8) as i32 + dr);
                let mut walked = 0u64;
                while on_board(f, r) {
                    let to = (r * 8 + f) as usize;
                    assert_eq!(between_in::<u64>(dir, from, to), walked, "dir {dir} from {from} to {to}");
                    walked |= 1 << to;
                    f += df;
                    r += dr;
                }
            }
        }
        assert_eq!(target_in(8, 0, 6, 1, 8), Some(7));
        assert_eq!(target_in(8, 0, 6, 2, 8), None);
        assert_eq!(target_in(8, 4, 0, 7, 8), Some(63));
        assert_eq!(target_in(8, 3, 8, 1, 8), Some(0));
        assert_eq!(target_in(8, 3, 8, 2, 8), None);
        // On a 6×6 board in the frame's corner: f1 is its last file.
        assert_eq!(target_in(8, 0, 4, 1, 6), Some(5));
        assert_eq!(target_in(8, 0, 4, 2, 6), None);
        assert_eq!(target_in(8, 2, 0, 6, 6), None);
    }

    #[test]
    fn connectivity() {
        assert!(is_connected(0u64));
        assert!(is_connected(1u64));
        assert!(is_connected(1u64 | (1 << 9))); // a1, b2 diagonal
        assert!(!is_connected(1u64 | (1 << 2))); // a1, c1
        assert!(!is_connected((1u64 << 7) | (1 << 8))); // h1 and a2 do not touch
        // On 9×9: a1 and b2 touch (bits 0 and 10); i1 and a2 (8 and 9) do not.
        assert!(is_connected(1u128 | (1 << 10)));
        assert!(!is_connected((1u128 << 8) | (1 << 9)));
        assert!(is_connected((1u128 << 80) | (1 << 70))); // i9 and h8
    }

    #[test]
    fn the_wide_tables_agree_with_stepping() {
        // i9 (80): its row a9-i9 and column i1-i9, 9 squares each.
        assert_eq!(u128::line(0, 80).count_ones(), 9);
        assert_eq!(u128::line(1, 80).count_ones(), 9);
        assert_eq!(u128::line(2, 0).count_ones(), 9); // a1-i9
        assert_eq!(u128::line(3, 8).count_ones(), 9); // i1-a9
        // e5 (40) to e9 (76) north: e6, e7, e8.
        assert_eq!(between_in::<u128>(2, 40, 76), (1 << 49) | (1 << 58) | (1 << 67));
        assert_eq!(target_in(9, 0, 7, 1, 9), Some(8));
        assert_eq!(target_in(9, 0, 8, 1, 9), None);
        assert_eq!(target_in(9, 3, 9, 1, 9), Some(0));
    }
}
