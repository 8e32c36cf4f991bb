//! The transposition table: a fixed-size array of entries indexed by the low
//! bits of the Zobrist hash, with the full hash kept to detect collisions.

use crate::score::{from_tt, to_tt};

/// How a stored score relates to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true value is at least the score (a beta cut-off).
    Lower,
    /// The true value is at most the score (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<M> {
    key: u64,
    pub(crate) mv: Option<M>,
    score: i32,
    pub(crate) depth: i16,
    pub(crate) bound: Bound,
}

impl<M: Copy> Entry<M> {
    /// The stored score, as seen from a node `ply` plies from the root.
    pub(crate) fn score(&self, ply: u32) -> i32 {
        from_tt(self.score, ply)
    }
}

/// A fixed-size table; its memory never grows after creation.
pub(crate) struct Table<M> {
    entries: Vec<Option<Entry<M>>>,
    mask: usize,
}

impl<M: Copy> Table<M> {
    /// A table of at most `megabytes` MB (rounded down to a power of two entries).
    pub(crate) fn new(megabytes: usize) -> Table<M> {
        let entry = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let wanted = (megabytes.max(1) << 20) / entry;
        let count = if wanted.is_power_of_two() { wanted } else { (wanted.next_power_of_two() >> 1).max(1) };
        Table { entries: vec![None; count], mask: count - 1 }
    }

    /// The bytes the table holds.
    pub(crate) fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Option<Entry<M>>>()
    }

    pub(crate) fn clear(&mut self) {
        self.entries.fill(None);
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.entries[key as usize & self.mask].filter(|e| e.key == key)
    }

    pub(crate) fn store(&mut self, key: u64, mv: Option<M>, score: i32, depth: i16, bound: Bound, ply: u32) {
        let slot = &mut self.entries[key as usize & self.mask];
        // Keep a deeper entry of the same position unless the new one is exact.
        if let Some(old) = slot
            && old.key == key
            && old.depth > depth
            && bound != Bound::Exact
        {
            return;
        }
        *slot = Some(Entry { key, mv, score: to_tt(score, ply), depth, bound });
    }
}
