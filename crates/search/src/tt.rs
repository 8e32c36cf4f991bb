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

    /// A table of one entry, for an engine whose threads share another.
    #[cfg(not(target_family = "wasm"))]
    pub(crate) fn tiny() -> Table<M> {
        Table { entries: vec![None], mask: 0 }
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

/// What a search needs of a transposition table: the table of one thread
/// ([`Table`]) or the one several threads share ([`SharedTable`]).
pub(crate) trait Tt<M> {
    fn probe(&self, key: u64) -> Option<Entry<M>>;
    fn store(&mut self, key: u64, mv: Option<M>, score: i32, depth: i16, bound: Bound, ply: u32);
}

impl<M: Copy> Tt<M> for Table<M> {
    #[inline]
    fn probe(&self, key: u64) -> Option<Entry<M>> {
        Table::probe(self, key)
    }

    #[inline]
    fn store(&mut self, key: u64, mv: Option<M>, score: i32, depth: i16, bound: Bound, ply: u32) {
        Table::store(self, key, mv, score, depth, bound, ply);
    }
}

/// A table several search threads read and write at once without locks
/// (Lazy SMP). Each entry is two atomic words: the data (score, depth, bound
/// and move packed into 64 bits) and the key XOR the data. Two threads
/// writing the same slot at once can leave words of different entries; the
/// XOR no longer matches the key and the probe sees an empty slot, so a torn
/// entry is never used.
#[cfg(not(target_family = "wasm"))]
pub(crate) struct SharedTable {
    slots: Vec<[std::sync::atomic::AtomicU64; 2]>,
    mask: usize,
}

#[cfg(not(target_family = "wasm"))]
mod shared {
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    use rules::PackedMove;

    use super::{Bound, Entry, SharedTable, Tt};
    use crate::score::to_tt;

    // Data word: score (32 bits), depth (8), bound (2), move code + 1 (22; 0 = none).
    fn pack<M: PackedMove>(mv: Option<M>, score: i32, depth: i16, bound: Bound) -> u64 {
        let bound = match bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let mv = mv.map_or(0, |m| u64::from(m.pack()) + 1);
        u64::from(score as u32) | (depth.clamp(0, 255) as u64) << 32 | bound << 40 | mv << 42
    }

    fn unpack<M: PackedMove>(key: u64, data: u64) -> Option<Entry<M>> {
        let bound = match data >> 40 & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            2 => Bound::Upper,
            _ => return None,
        };
        let code = (data >> 42) as u32;
        let mv = if code == 0 { None } else { Some(M::unpack(code - 1)?) };
        Some(Entry { key, mv, score: data as u32 as i32, depth: (data >> 32 & 255) as i16, bound })
    }

    impl SharedTable {
        /// A table of at most `megabytes` MB (a power of two of 16-byte entries).
        pub(crate) fn new(megabytes: usize) -> SharedTable {
            let wanted = (megabytes.max(1) << 20) / 16;
            let count = if wanted.is_power_of_two() { wanted } else { (wanted.next_power_of_two() >> 1).max(1) };
            let slots = (0..count).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]).collect();
            SharedTable { slots, mask: count - 1 }
        }

        pub(crate) fn bytes(&self) -> usize {
            self.slots.len() * 16
        }

        pub(crate) fn clear(&mut self) {
            for [check, data] in &mut self.slots {
                *check.get_mut() = 0;
                *data.get_mut() = 0;
            }
        }

        fn read<M: PackedMove>(&self, key: u64) -> Option<Entry<M>> {
            let [check, data] = &self.slots[key as usize & self.mask];
            let data = data.load(Relaxed);
            // An empty slot holds zeros: it matches only the key 0, whose
            // entry would have no move, score 0 and depth 0, which no search
            // uses (stored depths are at least 1).
            if check.load(Relaxed) ^ data != key || data == 0 {
                return None;
            }
            unpack(key, data)
        }
    }

    impl<M: PackedMove> Tt<M> for &SharedTable {
        fn probe(&self, key: u64) -> Option<Entry<M>> {
            self.read(key)
        }

        fn store(&mut self, key: u64, mv: Option<M>, score: i32, depth: i16, bound: Bound, ply: u32) {
            // Keep a deeper entry of the same position unless the new one is exact.
            if bound != Bound::Exact
                && let Some(old) = self.read::<M>(key)
                && old.depth > depth
            {
                return;
            }
            let data = pack(mv, to_tt(score, ply), depth, bound);
            let [check, slot] = &self.slots[key as usize & self.mask];
            check.store(key ^ data, Relaxed);
            slot.store(data, Relaxed);
        }
    }

    #[cfg(test)]
    mod tests {
        use rules::forms::FormsMove;
        use rules::notation::Cell;

        use super::*;

        #[test]
        fn entries_read_back_and_torn_ones_are_refused() {
            let mut table = &SharedTable::new(1);
            let mv = FormsMove { from: Cell { file: 17, rank: 3 }, to: Cell { file: 0, rank: 17 }, capture: true };
            let key = 0x1234_5678_9abc_def0;
            Tt::store(&mut table, key, Some(mv), -999_999, 37, Bound::Lower, 0);
            let e: Entry<FormsMove> = Tt::probe(&table, key).unwrap();
            assert_eq!((e.mv, e.score(0), e.depth, e.bound), (Some(mv), -999_999, 37, Bound::Lower));
            // Another key in the same slot misses; a shallower non-exact
            // entry does not replace a deeper one.
            assert!(Tt::<FormsMove>::probe(&table, key ^ (1 << 40)).is_none());
            Tt::store(&mut table, key, None::<FormsMove>, 5, 3, Bound::Upper, 0);
            assert_eq!(Tt::<FormsMove>::probe(&table, key).unwrap().depth, 37);
            // Half of another entry's words: the XOR check fails.
            let slot = &table.slots[key as usize & table.mask];
            slot[1].store(pack(None::<FormsMove>, 7, 2, Bound::Exact), Relaxed);
            assert!(Tt::<FormsMove>::probe(&table, key).is_none());
        }

        #[test]
        fn threads_writing_one_small_table_never_read_a_mixed_entry() {
            // 4 threads write and read 20,000 keys each through 256 slots, so
            // slots are overwritten all the time; an entry read must be one
            // that was written for its key (score and move follow from it).
            let table = SharedTable::new(1);
            let small = SharedTable { slots: table.slots.into_iter().take(256).collect(), mask: 255 };
            let expected = |key: u64| {
                let mv = FormsMove {
                    from: Cell { file: (key % 18) as u8, rank: (key / 18 % 18) as u8 },
                    to: Cell { file: (key / 7 % 18) as u8, rank: (key / 5 % 18) as u8 },
                    capture: key.is_multiple_of(3),
                };
                (mv, (key % 100_000) as i32 - 50_000, (key % 50 + 1) as i16)
            };
            let read = std::sync::atomic::AtomicU64::new(0);
            std::thread::scope(|scope| {
                for t in 0..4u64 {
                    let (small, read) = (&small, &read);
                    scope.spawn(move || {
                        let mut table = small;
                        for i in 0..20_000u64 {
                            let key = (i * 4 + t).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                            let (mv, score, depth) = expected(key);
                            Tt::store(&mut table, key, Some(mv), score, depth, Bound::Exact, 0);
                            let other = ((i + 1) * 4 + (t + 1) % 4).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                            for k in [key, other] {
                                if let Some(e) = Tt::<FormsMove>::probe(&table, k) {
                                    let (mv, score, depth) = expected(k);
                                    assert_eq!((e.mv, e.score(0), e.depth), (Some(mv), score, depth));
                                    read.fetch_add(1, Relaxed);
                                }
                            }
                        }
                    });
                }
            });
            // Most reads of a thread's own key just written hit.
            assert!(read.load(Relaxed) > 40_000, "{}", read.load(Relaxed));
        }
    }
}
