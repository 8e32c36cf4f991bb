//! RA evaluation: the score of the game first, then, on the board, how close
//! each stack (weighted by what it would score) is to the enemy RA cell, the
//! stacks that can reach it on the next move, the stacks open to capture by
//! larger enemy stacks, and material; and the race: how many moves each
//! side's quickest stones need to reach the enemy RA cell on a board
//! without other stacks, and who gets there first.

use std::sync::OnceLock;

use rules::ra::{CELLS, HexCell, Ra, RaMove, target_ra};
use rules::{Game, Player};

use super::table::{WEIGHTS, weight};
use super::{Evaluator, weighted_evaluator};

weighted_evaluator! {
    /// The RA evaluator; its fields are the weights (docs/lab/tuning.md).
    RaEval {
        /// Per point of the game score ahead.
        game_point = const { weight(WEIGHTS, "ra", "game_point") },
        /// Per point (up to 6) the side is closer to the target than the other.
        near_target = const { weight(WEIGHTS, "ra", "near_target") },
        /// Per stone on the board.
        stone = const { weight(WEIGHTS, "ra", "stone") },
        /// Per point a stack would score, scaled down by its distance to the enemy RA cell.
        approach = const { weight(WEIGHTS, "ra", "approach") },
        /// A stack that can reach the enemy RA cell next move, per point it would score.
        in_range = const { weight(WEIGHTS, "ra", "in_range") },
        /// Per stone of a stack next to an enemy stack at least as tall.
        exposed = const { weight(WEIGHTS, "ra", "exposed") },
        /// The race: +1 when the side to move's quickest stones reach the
        /// enemy RA cell in no more moves than the other side's (it moves
        /// first), −1 when they need more ([`trips`]).
        race = const { weight(WEIGHTS, "ra", "race") },
        /// Per move the other side's quickest stones need more than the side
        /// to move's, −3 to 3.
        race_gap = const { weight(WEIGHTS, "ra", "race_gap") },
    }
}

/// What a stack of 1, 2 or 3 stones scores on arrival.
const POINTS: [i32; 4] = [0, 1, 3, 6];

fn side_score(w: &RaEval, position: &Ra, player: Player) -> i32 {
    let goal = target_ra(player);
    let mut score = 0;
    for cell in HexCell::all() {
        let Some(stack) = position.stack_at(cell) else { continue };
        if stack.owner != player {
            continue;
        }
        let h = i32::from(stack.height);
        let d = cell.distance(goal) as i32;
        score += w.stone * h;
        // Any m stones of the stack could head for the RA; value the best.
        let best = (1..=h).map(|m| POINTS[m as usize] * w.approach / (1 + (d - (4 - m)).max(0))).max().unwrap_or(0);
        score += best;
        if (1..=h).any(|m| d <= 4 - m && straight_line(cell, goal)) {
            score += w.in_range * POINTS[h as usize].min(3);
        }
        // A lone stone next to a larger enemy stack is likely to be taken.
        let exposed = (0..6)
            .filter_map(|dir| cell.step(dir))
            .any(|n| position.stack_at(n).is_some_and(|s| s.owner != player && s.height >= stack.height));
        if exposed {
            score -= w.exposed * h;
        }
    }
    score
}

/// The most moves a trip is counted at: further than this is "far".
const FAR: u8 = 12;

/// `trips()[p][m - 1][c]`: how many moves m stones on cell `c` need to reach
/// player `p`'s target (the enemy RA cell; `p` 0 is Black) on a board with
/// no other stack, each move going its full range 4 − m unless it reaches
/// the edge or the target first (docs/rules/ra.md §3); [`FAR`] at most.
fn trips() -> &'static [[[u8; CELLS]; 3]; 2] {
    static TRIPS: OnceLock<[[[u8; CELLS]; 3]; 2]> = OnceLock::new();
    TRIPS.get_or_init(|| {
        let mut table = [[[FAR; CELLS]; 3]; 2];
        for (p, player) in [Player::Black, Player::White].into_iter().enumerate() {
            let goal = target_ra(player);
            for m in 1..=3 {
                // Where one move of m stones leads from each cell, reversed.
                let mut from: Vec<Vec<usize>> = vec![Vec::new(); CELLS];
                for cell in HexCell::all() {
                    for dir in 0..6 {
                        if let Some(to) = landing(cell, dir, 4 - m, goal) {
                            from[to.index()].push(cell.index());
                        }
                    }
                }
                let trips = &mut table[p][m - 1];
                trips[goal.index()] = 0;
                let mut queue = std::collections::VecDeque::from([goal.index()]);
                while let Some(at) = queue.pop_front() {
                    for &prev in &from[at] {
                        if trips[prev] == FAR && prev != goal.index() && trips[at] + 1 < FAR {
                            trips[prev] = trips[at] + 1;
                            queue.push_back(prev);
                        }
                    }
                }
            }
        }
        table
    })
}

/// Where `range` steps from `cell` in direction `dir` end on an empty board
/// whose only mark is `goal`: the full range, the edge (after a step at
/// least), or the goal on the way.
fn landing(cell: HexCell, dir: usize, range: usize, goal: HexCell) -> Option<HexCell> {
    let mut last = cell;
    for k in 1..=range {
        let Some(next) = last.step(dir) else { return (k >= 2).then_some(last) };
        if next == goal || k == range {
            return Some(next);
        }
        last = next;
    }
    None
}

/// The fewest moves any of `player`'s stones need to reach the enemy RA cell
/// ([`trips`]).
fn quickest(position: &Ra, player: Player) -> i32 {
    let table = &trips()[usize::from(player == Player::White)];
    let mut best = FAR;
    for cell in HexCell::all() {
        let Some(stack) = position.stack_at(cell) else { continue };
        if stack.owner == player {
            for m in 1..=usize::from(stack.height) {
                best = best.min(table[m - 1][cell.index()]);
            }
        }
    }
    i32::from(best)
}

/// Whether two cells lie on one of the six straight lines.
fn straight_line(a: HexCell, b: HexCell) -> bool {
    let (dl, dn) = (a.letter() as i32 - b.letter() as i32, a.number() as i32 - b.number() as i32);
    dl == 0 || dn == 0 || dl == dn
}

impl Evaluator<Ra> for RaEval {
    fn evaluate(&self, position: &Ra) -> i32 {
        let me = position.to_move();
        let score = position.score();
        let options = position.options();
        let need = |p: Player| i32::from(options.target) - i32::from(score[p]);
        // Points matter more as a player nears the target.
        let points = self.game_point * (i32::from(score[me]) - i32::from(score[me.opponent()]))
            + self.near_target * (need(me.opponent()).clamp(0, 6) - need(me).clamp(0, 6));
        let mut score = points + side_score(self, position, me) - side_score(self, position, me.opponent());
        if self.race != 0 || self.race_gap != 0 {
            let (mine, theirs) = (quickest(position, me), quickest(position, me.opponent()));
            score += self.race * if mine <= theirs { 1 } else { -1 } + self.race_gap * (theirs - mine).clamp(-3, 3);
        }
        score
    }

    fn move_score(&self, position: &Ra, mv: RaMove) -> i32 {
        match mv {
            RaMove::Step { stones, to, capture, .. } => {
                let goal = target_ra(position.to_move());
                if to == goal {
                    return 10_000 + POINTS[usize::from(stones)] * 100;
                }
                let victim = if capture { position.stack_at(to).map_or(0, |s| i32::from(s.height)) } else { 0 };
                1000 * victim - 10 * to.distance(goal) as i32
            }
            RaMove::Pass => 0,
        }
    }

    fn is_tactical(&self, position: &Ra, mv: RaMove) -> bool {
        matches!(mv, RaMove::Step { capture: true, .. })
            || matches!(mv, RaMove::Step { to, .. } if to == target_ra(position.to_move()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::ra::RaOptions;

    #[test]
    fn start_is_even_and_points_count() {
        let start = Ra::new(RaOptions::default());
        assert_eq!(RaEval::default().evaluate(&start), 0);
        let ahead = Ra::from_position_text(RaOptions::default(), "x3c5/x3e3/x3f6/o3h8/o3i11/o3k9 x 3-0 2 x").unwrap();
        assert!(RaEval::default().evaluate(&ahead) > 1000);
    }

    #[test]
    fn trips_count_moves_on_an_empty_board() {
        let cell = |name: &str| HexCell::parse(name).unwrap().index();
        let black = &trips()[0];
        // Black aims at j10. A single stone three steps away in line needs
        // one move; one step away too (the RA cell ends the move early).
        assert_eq!(black[0][cell("j10")], 0);
        assert_eq!(black[0][cell("j7")], 1);
        assert_eq!(black[0][cell("i9")], 1);
        // Three stones move one cell a move: as many moves as steps.
        assert_eq!(black[2][cell("h8")], 2);
        assert_eq!(usize::from(black[2][cell("c5")]), HexCell::parse("c5").unwrap().distance(target_ra(Player::Black)));
        // From the start the quickest stones are a single stone two moves away.
        let start = Ra::new(RaOptions::default());
        assert_eq!(quickest(&start, Player::Black), quickest(&start, Player::White));
        // Every cell reaches the target, and the tables are mirror images.
        for p in 0..2 {
            for m in 0..3 {
                assert!(trips()[p][m].iter().all(|&t| t < FAR), "player {p}, {} stones", m + 1);
            }
        }
        for c in 0..CELLS {
            for m in 0..3 {
                assert_eq!(trips()[0][m][c], trips()[1][m][CELLS - 1 - c]);
            }
        }
    }

    #[test]
    fn the_race_counts_for_the_side_ahead() {
        let eval = RaEval { race: 100, race_gap: 10, ..RaEval::default() };
        let plain = RaEval { race: 0, race_gap: 0, ..RaEval::default() };
        // Black to move with a stone one move from j10; White's nearest far off.
        let ahead = Ra::from_position_text(RaOptions::default(), "x1j7/x3c5/o3h2/o3i3 x 0-0 1 x").unwrap();
        let (mine, theirs) = (quickest(&ahead, Player::Black), quickest(&ahead, Player::White));
        assert_eq!(mine, 1);
        assert!(theirs > 1);
        assert_eq!(eval.evaluate(&ahead) - plain.evaluate(&ahead), 100 + 10 * (theirs - mine).min(3));
    }
}
