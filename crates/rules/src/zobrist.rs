//! Zobrist keys: fixed pseudo-random numbers computed from a seed, so every
//! build (native or WebAssembly) hashes positions identically.

use crate::rng::splitmix64;

/// A well-mixed 64-bit value for `x`, for hashing small numbers such as scores.
#[must_use]
pub const fn mix(x: u64) -> u64 {
    splitmix64(x).1
}

/// Key number `i` of the family `seed`, computed on demand: the same values
/// on every build, without a table in the binary (which matters for the
/// WebAssembly download: random tables do not compress).
#[inline]
#[must_use]
pub const fn key(seed: u64, i: usize) -> u64 {
    splitmix64(seed ^ (i as u64).wrapping_mul(0xD1B5_4A32_D192_ED03)).1
}

#[cfg(test)]
mod tests {
    #[test]
    fn computed_keys_are_distinct_and_nonzero() {
        for seed in [0x4154_5452, 0x464F_524D, 0x5241_2121, 0x4C4F_4121] {
            let mut k: Vec<u64> = (0..1000).map(|i| super::key(seed, i)).collect();
            assert!(k.iter().all(|&x| x != 0));
            k.sort_unstable();
            k.dedup();
            assert_eq!(k.len(), 1000);
        }
    }
}
