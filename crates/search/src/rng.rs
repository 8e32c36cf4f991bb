//! The searcher's only source of randomness: the rules' seeded generator
//! (SplitMix64, `rules::rng`), so a seed and a node budget make a search
//! repeatable.

pub use rules::rng::Rng;
