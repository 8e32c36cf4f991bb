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
/// (Lazy SMP). Entries come in buckets of four, one cache line each; a
/// position may sit in any entry of its bucket. Each entry is two atomic
/// words: the data (score, depth, bound, the search that wrote it and the
/// move, packed into 64 bits) and the key XOR the data. Two threads writing
/// the same entry at once can leave words of different entries; the XOR no
/// longer matches the key and the probe sees an empty entry, so a torn entry
/// is never used.
///
/// A new position takes its bucket's empty entry, or else the one worth
/// least: the shallowest, counting each search since it was written as 8
/// plies less ([`SharedTable::new_search`]), so that deep results survive
/// the many shallow ones written after them, and old searches' entries go
/// first.
#[cfg(not(target_family = "wasm"))]
pub(crate) struct SharedTable {
    buckets: Vec<shared::Bucket>,
    mask: usize,
    /// The search under way, stamped on every entry it writes (wrapping).
    generation: u8,
}

#[cfg(not(target_family = "wasm"))]
mod shared {
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    use rules::PackedMove;

    use super::{Bound, Entry, SharedTable, Tt};
    use crate::score::to_tt;

    /// Entries in a bucket: four of 16 bytes fill one 64-byte cache line.
    pub(super) const WAYS: usize = 4;

    /// One cache line of entries, each `[key ^ data, data]`.
    #[repr(align(64))]
    pub(crate) struct Bucket([[AtomicU64; 2]; WAYS]);

    impl Bucket {
        fn empty() -> Bucket {
            Bucket(std::array::from_fn(|_| [AtomicU64::new(0), AtomicU64::new(0)]))
        }
    }

    // Data word, from bit 0: score + SCORE_OFFSET (22 bits), depth (8),
    // bound (2), generation (8), move code + 1 (22; 0 = none). A real
    // entry's data is never 0 (its score field is not), so 0 marks an empty entry.
    const SCORE_OFFSET: i32 = 1 << 21;
    const MOVE_SHIFT: u32 = 40;

    fn pack<M: PackedMove>(mv: Option<M>, score: i32, depth: i16, bound: Bound, generation: u8) -> u64 {
        let bound = match bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let mv = mv.map_or(0, |m| u64::from(m.pack()) + 1);
        // Scores stay within ±(WIN + 1), far inside the field's ±2^21.
        let score = (score.clamp(1 - SCORE_OFFSET, SCORE_OFFSET - 1) + SCORE_OFFSET) as u64;
        score | (depth.clamp(0, 255) as u64) << 22 | bound << 30 | u64::from(generation) << 32 | mv << MOVE_SHIFT
    }

    fn depth_of(data: u64) -> i16 {
        (data >> 22 & 255) as i16
    }

    fn generation_of(data: u64) -> u8 {
        (data >> 32 & 255) as u8
    }

    fn unpack<M: PackedMove>(key: u64, data: u64) -> Option<Entry<M>> {
        let bound = match data >> 30 & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            2 => Bound::Upper,
            _ => return None,
        };
        let code = (data >> MOVE_SHIFT) as u32;
        let mv = if code == 0 { None } else { Some(M::unpack(code - 1)?) };
        let score = (data & ((1 << 22) - 1)) as i32 - SCORE_OFFSET;
        Some(Entry { key, mv, score, depth: depth_of(data), bound })
    }

    impl SharedTable {
        /// A table of at most `megabytes` MB (a power of two of 64-byte buckets).
        pub(crate) fn new(megabytes: usize) -> SharedTable {
            SharedTable::with_buckets((megabytes.max(1) << 20) / std::mem::size_of::<Bucket>())
        }

        /// A table of `wanted` buckets, rounded down to a power of two.
        pub(super) fn with_buckets(wanted: usize) -> SharedTable {
            let count = if wanted.is_power_of_two() { wanted } else { (wanted.next_power_of_two() >> 1).max(1) };
            SharedTable { buckets: (0..count).map(|_| Bucket::empty()).collect(), mask: count - 1, generation: 0 }
        }

        pub(crate) fn bytes(&self) -> usize {
            self.buckets.len() * std::mem::size_of::<Bucket>()
        }

        pub(crate) fn clear(&mut self) {
            for entry in self.buckets.iter_mut().flat_map(|b| b.0.iter_mut()) {
                *entry[0].get_mut() = 0;
                *entry[1].get_mut() = 0;
            }
            self.generation = 0;
        }

        /// Marks the entries written from now on as the next search's, so
        /// that the earlier searches' entries are the first to make way.
        pub(crate) fn new_search(&mut self) {
            self.generation = self.generation.wrapping_add(1);
        }

        fn bucket(&self, key: u64) -> &Bucket {
            &self.buckets[key as usize & self.mask]
        }

        fn read<M: PackedMove>(&self, key: u64) -> Option<Entry<M>> {
            self.bucket(key).0.iter().find_map(|[check, data]| {
                let data = data.load(Relaxed);
                (data != 0 && check.load(Relaxed) ^ data == key).then(|| unpack(key, data)).flatten()
            })
        }
    }

    impl<M: PackedMove> Tt<M> for &SharedTable {
        fn probe(&self, key: u64) -> Option<Entry<M>> {
            self.read(key)
        }

        fn store(&mut self, key: u64, mv: Option<M>, score: i32, depth: i16, bound: Bound, ply: u32) {
            let has_move = mv.is_some();
            let mut new = pack(mv, to_tt(score, ply), depth, bound, self.generation);
            let entries = &self.bucket(key).0;
            // The entry to write: this position's own, else an empty one,
            // else the one worth least (the lowest depth less 8 per search
            // since it was written).
            let (mut victim, mut worth) = (0, i32::MAX);
            for (i, [check, data]) in entries.iter().enumerate() {
                let old = data.load(Relaxed);
                if old != 0 && check.load(Relaxed) ^ old == key {
                    // Keep a deeper entry of this search unless the new
                    // one is exact; keep its move if the new one has none.
                    if bound != Bound::Exact && depth_of(old) > depth && generation_of(old) == self.generation {
                        return;
                    }
                    if !has_move {
                        new |= old >> MOVE_SHIFT << MOVE_SHIFT;
                    }
                    victim = i;
                    break;
                }
                let value = if old == 0 {
                    i32::MIN + 1
                } else {
                    i32::from(depth_of(old)) - 8 * i32::from(self.generation.wrapping_sub(generation_of(old)))
                };
                if value < worth {
                    (victim, worth) = (i, value);
                }
            }
            let [check, slot] = &entries[victim];
            check.store(key ^ new, Relaxed);
            slot.store(new, Relaxed);
        }
    }

    #[cfg(test)]
    mod tests {
        use rules::forms::FormsMove;
        use rules::notation::Cell;

        use super::*;
        use crate::score::{EVAL_LIMIT, WIN};

        fn forms_move(code: u64) -> FormsMove {
            FormsMove {
                from: Cell { file: (code % 18) as u8, rank: (code / 18 % 18) as u8 },
                to: Cell { file: (code / 7 % 18) as u8, rank: (code / 5 % 18) as u8 },
                capture: code.is_multiple_of(3),
            }
        }

        fn probe(table: &SharedTable, key: u64) -> Option<Entry<FormsMove>> {
            Tt::probe(&table, key)
        }

        #[test]
        fn entries_read_back_and_torn_ones_are_refused() {
            let mut table = &SharedTable::new(1);
            let mv = FormsMove { from: Cell { file: 17, rank: 3 }, to: Cell { file: 0, rank: 17 }, capture: true };
            let key = 0x1234_5678_9abc_def0;
            Tt::store(&mut table, key, Some(mv), -999_999, 37, Bound::Lower, 0);
            let e = probe(table, key).unwrap();
            assert_eq!((e.mv, e.score(0), e.depth, e.bound), (Some(mv), -999_999, 37, Bound::Lower));
            // Another key of the same bucket misses; a shallower non-exact
            // entry of the same search does not replace a deeper one.
            assert!(probe(table, key ^ (1 << 40)).is_none());
            Tt::store(&mut table, key, None::<FormsMove>, 5, 3, Bound::Upper, 0);
            assert_eq!(probe(table, key).unwrap().depth, 37);
            // An exact one does, and keeps the old move when it has none.
            Tt::store(&mut table, key, None::<FormsMove>, 5, 3, Bound::Exact, 0);
            let e = probe(table, key).unwrap();
            assert_eq!((e.mv, e.score(0), e.depth, e.bound), (Some(mv), 5, 3, Bound::Exact));
            // Half of another entry's words: the XOR check fails.
            let entry = table.bucket(key).0.iter().find(|[_, data]| data.load(Relaxed) != 0).unwrap();
            entry[1].store(pack(None::<FormsMove>, 7, 2, Bound::Exact, 0), Relaxed);
            assert!(probe(table, key).is_none());
        }

        #[test]
        fn every_score_depth_bound_and_move_packs_and_unpacks() {
            let scores = [-WIN - 1, -WIN, -WIN + 7, -EVAL_LIMIT, -1, 0, 1, 12_345, EVAL_LIMIT, WIN - 3, WIN, WIN + 1];
            for (i, score) in scores.into_iter().enumerate() {
                for (depth, bound) in [(0, Bound::Exact), (1, Bound::Lower), (63, Bound::Upper), (255, Bound::Exact)] {
                    let mv = (i > 0).then(|| forms_move(i as u64 * 7919));
                    let data = pack(mv, score, depth, bound, i as u8 * 21);
                    assert_ne!(data, 0);
                    assert_eq!(generation_of(data), i as u8 * 21);
                    let e = unpack::<FormsMove>(99, data).unwrap();
                    assert_eq!((e.mv, e.score, e.depth, e.bound), (mv, score, depth, bound));
                }
            }
        }

        #[test]
        fn a_full_bucket_gives_up_its_shallowest_and_oldest_entries() {
            let mut table = SharedTable::with_buckets(1);
            let store = |table: &SharedTable, key: u64, depth: i16| {
                let mut table = table;
                Tt::store(&mut table, key, Some(forms_move(key)), key as i32, depth, Bound::Lower, 0);
            };
            let depths = |table: &SharedTable| (1..=6).map(|k| probe(table, k).map(|e| e.depth)).collect::<Vec<_>>();
            for (key, depth) in [(1, 9), (2, 3), (3, 7), (4, 5)] {
                store(&table, key, depth);
            }
            // The fifth position takes the shallowest entry's place.
            store(&table, 5, 4);
            assert_eq!(depths(&table), [Some(9), None, Some(7), Some(5), Some(4), None]);
            // Two searches later, a shallow entry of the new search is worth
            // more than any old one: the least worth, 4 - 2 × 8, goes.
            table.new_search();
            table.new_search();
            store(&table, 6, 1);
            assert_eq!(depths(&table), [Some(9), None, Some(7), Some(5), None, Some(1)]);
            // An old entry of the same position is replaced even by a shallower one.
            store(&table, 1, 2);
            assert_eq!(probe(&table, 1).map(|e| (e.depth, e.mv)), Some((2, Some(forms_move(1)))));
            table.clear();
            assert_eq!(depths(&table), [None; 6]);
        }

        #[test]
        fn threads_writing_one_small_table_never_read_a_mixed_entry() {
            // 4 threads write and read 20,000 keys each through 256 entries, so
            // entries are overwritten all the time; an entry read must be one
            // that was written for its key (score and move follow from it).
            let small = SharedTable::with_buckets(256 / WAYS);
            let expected = |key: u64| (forms_move(key), (key % 100_000) as i32 - 50_000, (key % 50 + 1) as i16);
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
