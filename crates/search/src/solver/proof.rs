//! The proof the solver found, walked out of its table: its size, checked
//! to repeat no position on any line, and a line of perfect play through it.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;

use rules::Game;

use super::{KeyHasher, LINE_MAX, ProofSize, Search};

impl<G: Game, const SYMMETRIC: bool, const REPORT: bool> Search<'_, G, SYMMETRIC, REPORT> {
    /// The size of the proof tree under `game`, proven for the attacker
    /// (at most `limit` positions are counted), walked depth first with the
    /// line in view: a line of the proof that comes back to a position on
    /// it is a repetition, which would make it no proof at all (see
    /// [`ProofSize::repeats`]).
    pub(super) fn proof_size(&self, game: &G, limit: u64) -> ProofSize {
        enum Step<G> {
            Enter(G),
            Leave(u64),
        }
        let mut seen = HashSet::<u64, BuildHasherDefault<KeyHasher>>::default();
        let mut line = HashSet::<u64, BuildHasherDefault<KeyHasher>>::default();
        let mut stack = vec![Step::Enter(game.clone())];
        let (mut whole, mut repeats) = (true, false);
        while let Some(step) = stack.pop() {
            let g = match step {
                Step::Leave(hash) => {
                    line.remove(&hash);
                    continue;
                }
                Step::Enter(g) => g,
            };
            if line.contains(&g.hash()) {
                repeats = true;
                continue;
            }
            if seen.len() as u64 >= limit {
                whole = false;
                break;
            }
            if !seen.insert(Self::key(&g)) || g.outcome().is_some() {
                continue;
            }
            line.insert(g.hash());
            stack.push(Step::Leave(g.hash()));
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            let children = moves.into_iter().map(|mv| {
                let mut child = g.clone();
                child.play_unchecked(mv);
                child
            });
            if g.to_move() == self.attacker {
                // The proven answer the position's proof rests on (one found before
                // it); none known if the table forgot it.
                let order = self.lookup(&g).mark;
                let mut answers = children.filter(|c| {
                    let e = self.lookup(c);
                    e.pn == 0 && e.mark < order
                });
                match answers.next() {
                    Some(child) => stack.push(Step::Enter(child)),
                    None => whole = false,
                }
            } else {
                stack.extend(children.map(Step::Enter));
            }
        }
        ProofSize { positions: seen.len() as u64, whole, repeats }
    }

    /// A line through the proof under `game`, proven for the attacker: at
    /// the attacker's turns the proven answer whose proof cost the least
    /// work (the most direct), at the other side's the reply that cost the
    /// most (the toughest defence). It stops when the game ends, after
    /// [`LINE_MAX`] plies, or where the table no longer holds the proof.
    pub(super) fn proof_line(&self, game: &G) -> Vec<G::Move> {
        let (mut line, mut moves, mut g) = (Vec::new(), Vec::new(), game.clone());
        while line.len() < LINE_MAX && g.outcome().is_none() {
            moves.clear();
            g.legal_moves(&mut moves);
            // The work under each move's position, if it is proven before this one.
            let order = self.lookup(&g).mark;
            let proven = moves.iter().map(|&mv| {
                let mut child = g.clone();
                child.play_unchecked(mv);
                let e = self.lookup(&child);
                (mv, (e.pn == 0 && e.mark < order).then_some(e.work))
            });
            let next = if g.to_move() == self.attacker {
                proven.filter_map(|(mv, work)| Some((work?, mv))).min_by_key(|&(work, _)| work)
            } else {
                // Every reply is proven, unless the table forgot one.
                let replies: Option<Vec<(u32, G::Move)>> = proven.map(|(mv, work)| Some((work?, mv))).collect();
                replies.and_then(|r| r.into_iter().max_by_key(|&(work, _)| work))
            };
            let Some((_, mv)) = next else { break };
            line.push(mv);
            g.play_unchecked(mv);
        }
        line
    }
}
