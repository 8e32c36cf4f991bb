//! One search split over workers that share no memory (the browser's Web
//! Workers): root splitting. The root moves are put in the evaluator's
//! static order (forcing moves first) and dealt out like cards: the first to
//! share 0, the second to share 1, and so on, so every share holds some of
//! the most promising moves. Each worker searches its share alone, to the
//! depth its time allows; [`choose`] then compares the shares' answers at
//! the deepest depth all of them completed.
//!
//! Why this scheme: with no shared table, independent searches of the whole
//! root (Lazy SMP without the table) mostly repeat each other; each share
//! here is a smaller tree, so it goes deeper in the same time. Measured by
//! `ludoteca match` (contestants `level:5+workers=2`), see docs/lab/every-core.md.

use rules::Game;

use crate::eval::Evaluator;
use crate::score;

/// Which share of the root moves a search takes: `part` of `parts`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Share {
    part: u8,
    parts: u8,
}

impl Default for Share {
    fn default() -> Self {
        Share::ALL
    }
}

impl Share {
    /// The whole root: no split.
    pub const ALL: Share = Share { part: 0, parts: 1 };
    /// The most shares a search is split into.
    pub const MAX_PARTS: u8 = 16;

    /// Share `part` (from 0) of `parts` (1 to [`Share::MAX_PARTS`]).
    #[must_use]
    pub const fn new(part: u8, parts: u8) -> Option<Share> {
        if parts >= 1 && parts <= Share::MAX_PARTS && part < parts { Some(Share { part, parts }) } else { None }
    }

    /// Which share, from 0.
    #[must_use]
    pub const fn part(self) -> u8 {
        self.part
    }

    /// Of how many.
    #[must_use]
    pub const fn parts(self) -> u8 {
        self.parts
    }

    /// Keeps in `moves` (the legal moves of `position`) the ones of this
    /// share. With fewer moves than shares, every share keeps them all.
    pub(crate) fn keep<G: Game, E: Evaluator<G>>(self, position: &G, eval: &E, moves: &mut Vec<G::Move>) {
        let parts = usize::from(self.parts);
        if parts <= 1 || moves.len() < parts {
            return;
        }
        crate::order::sort_desc(moves, |&mv| {
            let forcing = if eval.is_tactical(position, mv) { 1i64 << 40 } else { 0 };
            forcing + i64::from(eval.move_score(position, mv))
        });
        let mut i = 0;
        moves.retain(|_| {
            i += 1;
            (i - 1) % parts == usize::from(self.part)
        });
    }
}

/// What one share's search answered, as the UI collects it.
#[derive(Clone, Debug, PartialEq)]
pub struct ShareAnswer<M> {
    /// Its best move.
    pub best: M,
    /// Its final score for the side to move.
    pub score: i32,
    /// The depth of its last completed iteration.
    pub depth: u32,
    /// The score after each completed iteration, as `(depth, score)`.
    pub by_depth: Vec<(u32, i32)>,
}

impl<M> ShareAnswer<M> {
    /// The score it had after depth `depth`, or its final score.
    fn score_at(&self, depth: u32) -> i32 {
        self.by_depth.iter().rev().find(|(d, _)| *d == depth).map_or(self.score, |&(_, s)| s)
    }
}

/// The index of the answer to play: a proven win if any share has one (the
/// quickest); otherwise, for alpha-beta (`by_depth` filled), the best score
/// at the deepest depth every share completed, and for MCTS the best final
/// score. `None` only for no answers.
#[must_use]
pub fn choose<M>(answers: &[ShareAnswer<M>]) -> Option<usize> {
    let best_by = |key: &dyn Fn(&ShareAnswer<M>) -> i32| {
        // The first of equals: share 0 holds the statically best move.
        answers.iter().enumerate().rev().max_by_key(|(_, a)| key(a)).map(|(i, _)| i)
    };
    if answers.iter().any(|a| score::is_proven(a.score) && a.score > 0) {
        return best_by(&|a| a.score);
    }
    let common = answers.iter().map(|a| a.depth).min()?;
    if answers.iter().all(|a| a.by_depth.is_empty()) || common == 0 {
        return best_by(&|a| a.score);
    }
    best_by(&|a| a.score_at(common))
}

#[cfg(test)]
mod tests {
    use rules::loa::{Loa, LoaOptions};

    use super::*;
    use crate::eval::loa::LoaEval;
    use crate::score::WIN;

    fn answer(best: &str, score: i32, by_depth: &[(u32, i32)]) -> ShareAnswer<String> {
        let depth = by_depth.last().map_or(0, |d| d.0);
        ShareAnswer { best: best.to_owned(), score, depth, by_depth: by_depth.to_vec() }
    }

    #[test]
    fn shares_deal_every_move_out_once() {
        let position = Loa::new(LoaOptions::default());
        let mut all = Vec::new();
        position.legal_moves(&mut all);
        for parts in 1..=5u8 {
            let mut dealt = Vec::new();
            for part in 0..parts {
                let mut moves = all.clone();
                Share::new(part, parts).unwrap().keep(&position, &LoaEval::default(), &mut moves);
                let expected = all.len() / usize::from(parts);
                assert!(moves.len() == expected || moves.len() == expected + 1, "{part}/{parts}: {}", moves.len());
                dealt.extend(moves);
            }
            dealt.sort_by_key(ToString::to_string);
            let mut sorted = all.clone();
            sorted.sort_by_key(ToString::to_string);
            assert_eq!(dealt, sorted, "{parts} shares");
        }
        // Fewer moves than shares: each keeps them all.
        let mut two = all[..2].to_vec();
        Share::new(2, 3).unwrap().keep(&position, &LoaEval::default(), &mut two);
        assert_eq!(two, all[..2]);
        assert_eq!(Share::new(3, 3), None);
        assert_eq!(Share::new(0, 0), None);
        assert_eq!(Share::new(0, 17), None);
    }

    #[test]
    fn answers_are_compared_at_the_depth_all_completed() {
        // Share 1 went a ply deeper and its score fell there; at depth 7,
        // the depth both finished, share 1 is better.
        let a = answer("a1-a3", 40, &[(6, 30), (7, 40)]);
        let b = answer("b1-b3", 10, &[(6, 20), (7, 60), (8, 10)]);
        assert_eq!(choose(&[a.clone(), b.clone()]), Some(1));
        // Without the deeper look the final scores decide (MCTS).
        let mcts = |best: &str, score| ShareAnswer { best: best.to_owned(), score, depth: 3, by_depth: Vec::new() };
        assert_eq!(choose(&[mcts("x", 5), mcts("y", 9), mcts("z", 9)]), Some(1));
        // A proven win wins, the quickest first; a proven loss never does.
        let win_in_5 = answer("c1-c3", WIN - 5, &[(6, 0), (7, WIN - 5)]);
        let win_in_3 = answer("d1-d3", WIN - 3, &[(6, WIN - 3)]);
        assert_eq!(choose(&[a.clone(), win_in_5.clone(), b.clone()]), Some(1));
        assert_eq!(choose(&[win_in_5, a.clone(), win_in_3]), Some(2));
        let lost = answer("e1-e3", -WIN + 4, &[(6, -WIN + 4), (7, -WIN + 4)]);
        assert_eq!(choose(&[lost, a]), Some(1));
        assert_eq!(choose::<String>(&[]), None);
    }
}
