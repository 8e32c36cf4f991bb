//! Forms evaluation. A player wins when the opponent's move leaves them no
//! stones, so fewer own stones is good — but the player who must capture the
//! opponent's last stone loses, which makes the end a matter of parity. The
//! evaluation counts stones on each side, looks at what each capture leaves
//! connected (through the move score, by playing the move), and scores the
//! parity of small endings.

#[cfg(test)]
use rules::Player;
use rules::forms::{Forms, FormsMove, FormsRules};
use rules::notation::Cell;
use rules::{Bits, Game};

use crate::rng::Rng;

use super::table::{WEIGHTS, weight};
use super::{Evaluator, Weights, weighted_evaluator};

weighted_evaluator! {
    /// The weights of the Forms evaluator under one rule set (docs/lab/tuning.md).
    FormsWeights {
        /// Per stone the opponent has more than the side to move.
        stone = const { weight(WEIGHTS, "forms", "stone") },
        /// The parity of the last stones (who must take the last one).
        last_stones = const { weight(WEIGHTS, "forms", "last_stones") },
        /// Per own stone beside an enemy stone, less the enemy's beside own ones.
        contact = const { weight(WEIGHTS, "forms", "contact") },
        /// Per own stone with a single neighbour (easily cut off), less the enemy's.
        leaves = const { weight(WEIGHTS, "forms", "leaves") },
        /// Per own stone on the board's edge, less the enemy's.
        edge = const { weight(WEIGHTS, "forms", "edge") },
        /// Not a term of the evaluation: how many of its units make one
        /// logistic unit of win chance, for MCTS to turn it into a win
        /// chance ([`Evaluator::win_scale`]); the fit's scale k as 1/k
        /// (docs/lab/tuning.md).
        win_scale = const { weight(WEIGHTS, "forms", "win_scale") },
    }
}

/// A row of `weights.txt`.
macro_rules! row {
    ($row:expr) => {
        FormsWeights {
            stone: weight(WEIGHTS, $row, "stone"),
            last_stones: weight(WEIGHTS, $row, "last_stones"),
            contact: weight(WEIGHTS, $row, "contact"),
            leaves: weight(WEIGHTS, $row, "leaves"),
            edge: weight(WEIGHTS, $row, "edge"),
            win_scale: weight(WEIGHTS, $row, "win_scale"),
        }
    };
}

/// The Forms evaluator: a row of weights for each rule set (`forms` the
/// standard rules', `forms:rules=advanced` the advanced rules'), fitted
/// apart because the endings differ (docs/lab/tuning.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormsEval {
    standard: FormsWeights,
    advanced: FormsWeights,
}

impl Default for FormsEval {
    fn default() -> FormsEval {
        FormsEval { standard: row!("forms"), advanced: row!("forms:rules=advanced") }
    }
}

impl FormsEval {
    /// The same weights under both rule sets.
    #[must_use]
    pub const fn uniform(weights: FormsWeights) -> FormsEval {
        FormsEval { standard: weights, advanced: weights }
    }

    /// The weights played under `rules`.
    #[must_use]
    pub fn rules(&self, rules: FormsRules) -> FormsWeights {
        match rules {
            FormsRules::Standard => self.standard,
            FormsRules::Advanced => self.advanced,
        }
    }
}

impl Weights for FormsEval {
    fn names(&self) -> &'static [&'static str] {
        self.standard.names()
    }

    fn get(&self, name: &str) -> Option<i32> {
        self.standard.get(name)
    }

    fn set(&mut self, name: &str, value: i32) -> bool {
        // Both rule sets', or (an unknown name) none.
        self.standard.set(name, value) & self.advanced.set(name, value)
    }
}

impl FormsWeights {
    /// The shape weights' part: `contact`, `leaves` and `edge`, for the
    /// side to move.
    fn shape(&self, position: &Forms) -> i32 {
        let me = position.to_move();
        let (own, enemy) = (position.stones(me), position.stones(me.opponent()));
        let occupied = own.or(enemy);
        let [a, b, c, d] = position.steps(occupied);
        // Stones with exactly one neighbour: an odd count that is not three.
        let odd = a.xor(b).xor(c).xor(d);
        let two_or_more = a.and(b).or(a.and(c)).or(a.and(d)).or(b.and(c)).or(b.and(d)).or(c.and(d));
        let leaf = odd.minus(two_or_more);
        let near = |cells: Bits| {
            let [a, b, c, d] = position.steps(cells);
            a.or(b).or(c).or(d)
        };
        let board = Bits::first(position.size() * position.size());
        let [a, b, c, d] = position.steps(board);
        let inner = a.and(b).and(c).and(d);
        let count = |cells: Bits, of: Bits| cells.and(of).len() as i32;
        self.contact * (count(near(enemy), own) - count(near(own), enemy))
            + self.leaves * (count(leaf, own) - count(leaf, enemy))
            + self.edge * (count(own.minus(inner), own) - count(enemy.minus(inner), enemy))
    }

    /// The evaluation under these weights.
    fn evaluate(&self, position: &Forms) -> i32 {
        let me = position.to_move();
        let mine = position.stones(me).len() as i32;
        let theirs = position.stones(me.opponent()).len() as i32;
        let mut score = self.stone * (theirs - mine);
        if self.contact != 0 || self.leaves != 0 || self.edge != 0 {
            score += self.shape(position);
        }
        // Parity: under the standard rules every move captures, so with one
        // stone left the opponent must take it and lose. The side to move with
        // a single enemy stone left must take it: bad. Under the advanced
        // rules the fit to games gave the weight the other sign: there the
        // side to move keeps the last enemy stone in play more often than not.
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
}

impl Evaluator<Forms> for FormsEval {
    fn evaluate(&self, position: &Forms) -> i32 {
        self.rules(position.options().rules).evaluate(position)
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

    fn win_scale(&self, position: &Forms) -> Option<f64> {
        Some(f64::from(self.rules(position.options().rules).win_scale.max(1)))
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

#[cfg(test)]
mod shape_tests {
    use super::*;
    use rules::forms::FormsOptions;

    /// Every weight 0 but the one named.
    fn only(name: &str, value: i32) -> FormsWeights {
        let mut w = FormsWeights::default();
        for weight in w.names() {
            w.set(weight, 0);
        }
        assert!(w.set(name, value));
        w
    }

    #[test]
    fn the_shape_counts_contact_leaves_and_edges_for_the_side_to_move() {
        let o = FormsOptions { rules: FormsRules::Advanced, size: 4 };
        // Black a1 b1; White a2 b2 c1. Black's two stones touch White; all
        // three of White's touch Black; c1 has one neighbour.
        let black = Forms::from_position_text(o, "4/4/oo2/xxo1 x").unwrap();
        assert_eq!(only("contact", 10).evaluate(&black), 2 * 10 - 3 * 10);
        assert_eq!(only("leaves", 10).evaluate(&black), -10, "White's c1 is the one leaf");
        assert_eq!(only("edge", 10).evaluate(&black), 0, "b2 is White's one inner stone: 2 on the edge each");
        let white = Forms::from_position_text(o, "4/4/oo2/xxo1 o").unwrap();
        assert_eq!(only("contact", 10).evaluate(&white), 10);
        assert_eq!(only("leaves", 10).evaluate(&white), 10);
        // Black a1 a2, White b1 b2: b2 is off the edge.
        let edge = Forms::from_position_text(o, "4/4/xo2/xo2 x").unwrap();
        assert_eq!(only("edge", 10).evaluate(&edge), 10);
    }

    #[test]
    fn each_rule_set_plays_its_own_row() {
        let eval = FormsEval::default();
        assert_eq!(eval.rules(FormsRules::Standard), row!("forms"));
        assert_eq!(eval.rules(FormsRules::Advanced), row!("forms:rules=advanced"));
        assert_ne!(eval.rules(FormsRules::Standard), eval.rules(FormsRules::Advanced));
    }
}
