//! Forms evaluation. A player wins when the opponent's move leaves them no
//! stones, so fewer own stones is good — but the player who must capture the
//! opponent's last stone loses, which makes the end a matter of parity. The
//! evaluation counts stones on each side, looks at what each capture leaves
//! connected (through the move score, by playing the move), and scores the
//! parity of small endings.

use rules::Game;
#[cfg(test)]
use rules::Player;
use rules::forms::{Forms, FormsMove, FormsRules};
use rules::notation::Cell;

use crate::rng::Rng;

use super::table::{WEIGHTS, weight};
use super::{Evaluator, weighted_evaluator};

weighted_evaluator! {
    /// The Forms evaluator; its fields are the weights (docs/lab/tuning.md).
    FormsEval {
        /// Per stone the opponent has more than the side to move.
        stone = const { weight(WEIGHTS, "forms", "stone") },
        /// The parity of the last stones (who must take the last one).
        last_stones = const { weight(WEIGHTS, "forms", "last_stones") },
    }
}

impl Evaluator<Forms> for FormsEval {
    fn evaluate(&self, position: &Forms) -> i32 {
        let me = position.to_move();
        let mine = position.stones(me).len() as i32;
        let theirs = position.stones(me.opponent()).len() as i32;
        let mut score = self.stone * (theirs - mine);
        // Parity: under the standard rules every move captures, so with one
        // stone left the opponent must take it and lose. The side to move with
        // a single enemy stone left must take it: bad.
        if position.options().rules == FormsRules::Standard {
            if theirs == 1 {
                score -= self.last_stones;
            }
            if mine == 1 {
                score += self.last_stones / 2;
            }
        } else if theirs == 1 && mine > 1 {
            score -= self.last_stones / 3;
        }
        score
    }

    fn playout_move(&self, position: &Forms, rng: &mut Rng, moves: &mut Vec<FormsMove>) -> Option<FormsMove> {
        if position.options().rules == FormsRules::Advanced || position.outcome().is_some() {
            position.legal_moves(moves);
            return (!moves.is_empty()).then(|| moves[rng.below(moves.len())]);
        }
        // Standard rules: every own stone may take every enemy stone, so a
        // random pair is a uniformly random legal move, found without
        // generating all of them (26,244 at the start of 18×18).
        let me = position.to_move();
        let (own, enemy) = (position.stones(me), position.stones(me.opponent()));
        let n = position.size();
        let cell = |i: usize| Cell::from_index(i, n);
        let pick = |rng: &mut Rng| -> Option<FormsMove> {
            let from = own.nth(rng.below(own.len().max(1)))?;
            let to = enemy.nth(rng.below(enemy.len().max(1)))?;
            Some(FormsMove { from: cell(from), to: cell(to), capture: true })
        };
        if rng.below(2) == 0 {
            return pick(rng);
        }
        (0..4).filter_map(|_| pick(rng)).max_by_key(|&mv| self.move_score(position, mv))
    }

    fn proven_end(&self, position: &Forms) -> Option<i32> {
        if position.options().rules != FormsRules::Standard || position.outcome().is_some() {
            return None;
        }
        let me = position.to_move();
        let mine = position.stones(me).len();
        let theirs = position.stones(me.opponent()).len();
        if theirs == 1 {
            // Every move takes the opponent's last stone, and they win.
            return Some(-1);
        }
        if mine == 1 && theirs >= 5 {
            // Lifting the one stone leaves at most four groups of enemy stones,
            // so one holds two or more: taking a stone there leaves the mover
            // with one stone and the opponent with some, and the opponent must
            // take that last stone.
            return Some(2);
        }
        None
    }

    fn forcing_moves(&self, position: &Forms, out: &mut Vec<FormsMove>) {
        out.clear();
        if position.options().rules == FormsRules::Standard && position.outcome().is_none() {
            isolating_captures(position, out);
        }
    }

    fn move_score(&self, position: &Forms, mv: FormsMove) -> i32 {
        // What the move leaves: play it and look.
        let mut after = *position;
        after.play_unchecked(mv);
        if let Some(outcome) = after.outcome() {
            return if outcome.winner() == Some(position.to_move()) { 10_000 } else { -10_000 };
        }
        -self.evaluate(&after)
    }
}

/// Under the standard rules, the captures that win for the side to move: those
/// after which the mover's only stone is the moved one while enemy stones
/// remain beside it, so the opponent must take it and lose.
///
/// Such a capture lifts a stone whose removal cuts the stones into parts and
/// lands in a part with no other own stone and at least two enemy stones.
/// One depth-first pass finds every cut (Tarjan's low-link method for
/// articulation points) with the stones of each colour in each part.
/// Assumes all stones form one group, as they do after every move.
pub fn isolating_captures(position: &Forms, out: &mut Vec<FormsMove>) {
    const MAX: usize = 18 * 18;
    const NONE: u16 = u16::MAX;
    out.clear();
    let n = position.size();
    let me = position.to_move();
    let (own, enemy) = (position.stones(me), position.stones(me.opponent()));
    let occupied = own.or(enemy);
    let Some(root) = occupied.lowest() else { return };
    if n * n > MAX {
        return;
    }
    let neighbour = |i: usize, d: u8| -> Option<usize> {
        let (f, r) = (i % n, i / n);
        match d {
            0 => (f + 1 < n).then(|| i + 1),
            1 => (f > 0).then(|| i - 1),
            2 => (r + 1 < n).then(|| i + n),
            _ => (r > 0).then(|| i - n),
        }
    };
    // Discovery time, low-link, tree parent, next direction to try, stones of
    // each colour in the subtree, and own/enemy stones cut off from the parent side.
    let mut disc = [0u16; MAX];
    let mut low = [0u16; MAX];
    let mut parent = [NONE; MAX];
    let mut next_dir = [0u8; MAX];
    let mut sub = [(0u16, 0u16); MAX];
    let mut cut = [(0u16, 0u16); MAX];
    let mut stack = Vec::with_capacity(occupied.len());
    let cell = |i: usize| Cell::from_index(i, n);
    let count = |i: usize| if own.has(i) { (1, 0) } else { (0, 1) };
    let mut time = 1u16;
    disc[root] = time;
    low[root] = time;
    sub[root] = count(root);
    stack.push(root);
    while let Some(&v) = stack.last() {
        if next_dir[v] < 4 {
            let d = next_dir[v];
            next_dir[v] += 1;
            let Some(w) = neighbour(v, d).filter(|&w| occupied.has(w)) else { continue };
            if disc[w] == 0 {
                time += 1;
                disc[w] = time;
                low[w] = time;
                parent[w] = v as u16;
                sub[w] = count(w);
                stack.push(w);
            } else if w != usize::from(parent[v]) {
                low[v] = low[v].min(disc[w]);
            }
            continue;
        }
        stack.pop();
        let p = parent[v];
        if p == NONE {
            continue;
        }
        let p = usize::from(p);
        low[p] = low[p].min(low[v]);
        sub[p].0 += sub[v].0;
        sub[p].1 += sub[v].1;
        if low[v] >= disc[p] && own.has(p) {
            // Without p, v's subtree is a part of its own.
            cut[p].0 += sub[v].0;
            cut[p].1 += sub[v].1;
            if sub[v].0 == 0 && sub[v].1 >= 2 {
                out.push(FormsMove { from: cell(p), to: cell(v), capture: true });
            }
        }
    }
    // The part on the parent's side of each own stone: everything else.
    let (total_own, total_enemy) = (own.len() as u16, enemy.len() as u16);
    for p in own.iter().filter(|&p| p != root && disc[p] != 0) {
        let rest_own = total_own - 1 - cut[p].0;
        let rest_enemy = total_enemy - cut[p].1;
        if rest_own == 0 && rest_enemy >= 2 {
            out.push(FormsMove { from: cell(p), to: cell(usize::from(parent[p])), capture: true });
        }
    }
}

/// The player's stones, for tests.
#[cfg(test)]
fn stones(position: &Forms, player: Player) -> usize {
    position.stones(player).len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::forms::FormsOptions;

    #[test]
    fn fewer_own_stones_is_better() {
        let o = FormsOptions { rules: FormsRules::Standard, size: 4 };
        let few = Forms::from_position_text(o, "4/4/xo2/oo2 x").unwrap();
        let many = Forms::from_position_text(o, "4/4/xx2/xo2 x").unwrap();
        assert_eq!(stones(&few, Player::Black), 1);
        assert!(FormsEval::default().evaluate(&few) > FormsEval::default().evaluate(&many));
    }
}

#[cfg(test)]
mod isolation_tests {
    use super::*;
    use rules::forms::FormsOptions;
    use std::collections::BTreeSet;

    /// Positions along random standard-rules games on `size`×`size` boards.
    fn positions(size: u8, games: usize, seed: u64) -> Vec<Forms> {
        let mut rng = Rng::new(seed);
        let mut moves = Vec::new();
        let mut out = Vec::new();
        for _ in 0..games {
            let mut p = Forms::new(FormsOptions { rules: FormsRules::Standard, size });
            while p.outcome().is_none() {
                out.push(p);
                p.legal_moves(&mut moves);
                p.play_unchecked(moves[rng.below(moves.len())]);
            }
        }
        out
    }

    /// Whether `mv` leaves the mover one stone and the opponent some.
    fn isolates(p: &Forms, mv: FormsMove) -> bool {
        let me = p.to_move();
        let mut after = *p;
        after.play_unchecked(mv);
        after.outcome().is_none() && after.stones(me).len() == 1 && !after.stones(me.opponent()).is_empty()
    }

    #[test]
    fn isolating_captures_are_the_captures_that_leave_the_mover_one_stone() {
        let mut found = 0;
        let mut moves = Vec::new();
        let mut out = Vec::new();
        for size in [4, 6, 8] {
            for p in positions(size, 30, u64::from(size)) {
                p.legal_moves(&mut moves);
                isolating_captures(&p, &mut out);
                for &mv in &out {
                    assert!(isolates(&p, mv), "{mv} in {}", p.position_text());
                }
                // Every stone with a winning capture is found (one capture per part).
                let expected: BTreeSet<_> = moves.iter().filter(|&&mv| isolates(&p, mv)).map(|mv| mv.from).collect();
                let got: BTreeSet<_> = out.iter().map(|mv| mv.from).collect();
                assert_eq!(got, expected, "{}", p.position_text());
                found += out.len();
            }
        }
        assert!(found > 0, "the random games never offered a winning capture");
    }

    #[test]
    fn proven_ends_hold_for_every_move() {
        let eval = FormsEval::default();
        let (mut losses, mut wins) = (0, 0);
        let mut moves = Vec::new();
        let mut replies = Vec::new();
        for p in positions(8, 60, 99) {
            let me = p.to_move();
            p.legal_moves(&mut moves);
            match eval.proven_end(&p) {
                Some(-1) => {
                    losses += 1;
                    for &mv in &moves {
                        let mut after = p;
                        after.play_unchecked(mv);
                        assert_eq!(after.outcome().and_then(|o| o.winner()), Some(me.opponent()));
                    }
                }
                Some(2) => {
                    wins += 1;
                    let wins_by_force = moves.iter().any(|&mv| {
                        let mut after = p;
                        after.play_unchecked(mv);
                        after.outcome().is_none() && {
                            after.legal_moves(&mut replies);
                            replies.iter().all(|&r| {
                                let mut end = after;
                                end.play_unchecked(r);
                                end.outcome().and_then(|o| o.winner()) == Some(me)
                            })
                        }
                    });
                    assert!(wins_by_force, "{}", p.position_text());
                }
                Some(other) => panic!("unexpected proven end {other}"),
                None => {}
            }
        }
        assert!(losses > 0 && wins > 0, "losses {losses} wins {wins}");
    }
}
