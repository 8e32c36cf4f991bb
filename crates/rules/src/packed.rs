//! Moves as small integers, so that a searcher can keep one inside a single
//! machine word (the lock-free transposition table shared by search threads
//! stores the move, score, depth and bound of an entry in 64 bits). Each
//! game packs its own moves, beside its rules.

/// The most bits a packed move uses: every code is below `1 << PACKED_BITS`.
pub const PACKED_BITS: u32 = 21;

/// A move that packs into fewer than [`PACKED_BITS`] bits and back.
///
/// `unpack(mv.pack()) == Some(mv)` for every move of every position; other
/// codes may unpack to a move that is not legal anywhere, so a reader checks
/// legality (or looks the move up in the legal moves) before playing it.
pub trait PackedMove: Sized {
    /// The move as a number below `1 << PACKED_BITS`.
    fn pack(self) -> u32;
    /// The move written by `code`, if it writes one.
    fn unpack(code: u32) -> Option<Self>;
}
