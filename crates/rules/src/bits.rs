//! A fixed-size bitset for boards of up to 384 cells (Forms 18×18 uses 324),
//! with the shifts a flood fill needs.

/// Words in a [`Bits`].
const WORDS: usize = 6;

/// A set of cells, bit `i` for cell `i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits([u64; WORDS]);

impl Bits {
    /// The empty set.
    pub const EMPTY: Bits = Bits([0; WORDS]);

    /// The set of cells `0..n`.
    #[must_use]
    pub const fn first(n: usize) -> Bits {
        let mut words = [0u64; WORDS];
        let mut i = 0;
        while i < WORDS {
            let lo = i * 64;
            words[i] = if n >= lo + 64 {
                u64::MAX
            } else if n > lo {
                (1u64 << (n - lo)) - 1
            } else {
                0
            };
            i += 1;
        }
        Bits(words)
    }

    /// The set holding only `i`.
    #[must_use]
    pub const fn single(i: usize) -> Bits {
        let mut words = [0u64; WORDS];
        words[i / 64] = 1u64 << (i % 64);
        Bits(words)
    }

    /// Whether `i` is in the set.
    #[inline]
    #[must_use]
    pub const fn has(&self, i: usize) -> bool {
        self.0[i / 64] & (1u64 << (i % 64)) != 0
    }

    /// Adds `i`.
    #[inline]
    pub const fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1u64 << (i % 64);
    }

    /// Removes `i`.
    #[inline]
    pub const fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1u64 << (i % 64));
    }

    /// The number of cells in the set.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The lowest cell, if any.
    #[inline]
    #[must_use]
    pub fn lowest(&self) -> Option<usize> {
        self.0.iter().enumerate().find(|(_, w)| **w != 0).map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// The `n`-th cell in increasing order (from 0), if the set has that many.
    #[must_use]
    pub fn nth(&self, mut n: usize) -> Option<usize> {
        for (i, &word) in self.0.iter().enumerate() {
            let count = word.count_ones() as usize;
            if n < count {
                let mut w = word;
                for _ in 0..n {
                    w &= w - 1;
                }
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
            n -= count;
        }
        None
    }

    /// The cells in increasing order.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..WORDS).flat_map(move |i| {
            let mut word = self.0[i];
            std::iter::from_fn(move || {
                if word == 0 {
                    return None;
                }
                let bit = word.trailing_zeros() as usize;
                word &= word - 1;
                Some(i * 64 + bit)
            })
        })
    }

    /// Every cell moved up by `n` (0 < `n` < 64); bits past the end are lost.
    #[inline]
    #[must_use]
    pub fn shifted_up(self, n: u32) -> Bits {
        Bits(std::array::from_fn(|i| (self.0[i] << n) | if i > 0 { self.0[i - 1] >> (64 - n) } else { 0 }))
    }

    /// Every cell moved down by `n` (0 < `n` < 64); bits below 0 are lost.
    #[inline]
    #[must_use]
    pub fn shifted_down(self, n: u32) -> Bits {
        Bits(std::array::from_fn(|i| (self.0[i] >> n) | if i + 1 < WORDS { self.0[i + 1] << (64 - n) } else { 0 }))
    }

    /// The cells in both sets.
    #[inline]
    #[must_use]
    pub fn and(self, other: Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The cells in either set.
    #[inline]
    #[must_use]
    pub fn or(self, other: Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The cells in `self` but not in `other`.
    #[inline]
    #[must_use]
    pub fn minus(self, other: Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// The cells in exactly one of the sets.
    #[inline]
    #[must_use]
    pub fn xor(self, other: Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] ^ other.0[i]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_cross_words() {
        let b = Bits::single(63).shifted_up(1);
        assert_eq!(b, Bits::single(64));
        assert_eq!(Bits::single(64).shifted_down(1), Bits::single(63));
        assert_eq!(Bits::single(300).shifted_up(18), Bits::single(318));
        assert_eq!(Bits::single(383).shifted_up(1), Bits::EMPTY);
        assert_eq!(Bits::single(0).shifted_down(1), Bits::EMPTY);
    }

    #[test]
    fn first_n_and_iteration() {
        assert_eq!(Bits::first(324).len(), 324);
        assert_eq!(Bits::first(64).len(), 64);
        assert_eq!(Bits::first(0), Bits::EMPTY);
        let cells: Vec<usize> = Bits::single(5).or(Bits::single(200)).iter().collect();
        assert_eq!(cells, vec![5, 200]);
        assert_eq!(Bits::single(200).lowest(), Some(200));
        let two = Bits::single(5).or(Bits::single(200));
        assert_eq!((two.nth(0), two.nth(1), two.nth(2)), (Some(5), Some(200), None));
    }
}
