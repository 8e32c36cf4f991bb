//! Sorting moves by a score, best first, with one sort routine for every
//! game and every caller.
//!
//! The standard library's sorts are generic over the element and the
//! comparison, so each call site and each game's move type got its own copy
//! of the sorting code — about 36 KB of the browser worker. Here every sort
//! is of `(Reverse<i64>, u32)` pairs (a key and the element's first place),
//! so one instantiation serves all. Keys are computed once per element, and
//! elements with equal keys keep their order (the index breaks ties), just
//! as with `sort_by_cached_key`: searches give the same moves as before.

use std::cmp::Reverse;

/// Sorts `items` by `key`, highest first; equal keys keep their order.
pub(crate) fn sort_desc<T>(items: &mut [T], mut key: impl FnMut(&T) -> i64) {
    let mut keyed: Vec<(Reverse<i64>, u32)> =
        items.iter().enumerate().map(|(i, item)| (Reverse(key(item)), i as u32)).collect();
    sort_keys(&mut keyed);
    // Move each element to its place, following where the elements already
    // moved went (`keyed[i].1` becomes the current place of the i-th element).
    for i in 0..keyed.len() {
        let mut from = keyed[i].1 as usize;
        while from < i {
            from = keyed[from].1 as usize;
        }
        keyed[i].1 = from as u32;
        items.swap(i, from);
    }
}

/// The one sort: never inlined, so that it exists once.
#[inline(never)]
fn sort_keys(keyed: &mut [(Reverse<i64>, u32)]) {
    keyed.sort_unstable();
}

/// A key that orders `f32`s as [`f32::total_cmp`] does.
pub(crate) fn f32_key(x: f32) -> i64 {
    let bits = x.to_bits() as i32;
    i64::from(bits ^ ((((bits >> 31) as u32) >> 1) as i32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn sorts_as_the_standard_library_does_equal_keys_in_order() {
        let mut rng = Rng::new(7);
        for len in [0, 1, 2, 3, 10, 100, 1000] {
            let items: Vec<(u32, usize)> = (0..len).map(|i| (rng.below(5) as u32, i)).collect();
            let mut ours = items.clone();
            sort_desc(&mut ours, |&(k, _)| i64::from(k));
            let mut std = items.clone();
            std.sort_by_cached_key(|&(k, _)| Reverse(k));
            assert_eq!(ours, std, "{len}");
        }
    }

    #[test]
    fn float_keys_order_as_total_cmp() {
        let values = [f32::NEG_INFINITY, -2.5, -0.0, 0.0, 1e-30, 0.5, 1.0, f32::INFINITY];
        for pair in values.windows(2) {
            assert!(f32_key(pair[0]) < f32_key(pair[1]), "{pair:?}");
            assert_eq!(pair[0].total_cmp(&pair[1]), f32_key(pair[0]).cmp(&f32_key(pair[1])));
        }
    }
}
