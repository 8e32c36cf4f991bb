//! RA evaluation: the score of the game first, then, on the board, how close
//! each stack (weighted by what it would score) is to the enemy RA cell, the
//! stacks that can reach it on the next move, the stacks open to capture by
//! larger enemy stacks, and material; and right after a match ends, the
//! serve: the next match's first move, worth nearly a point between engines
//! that each win the matches they start (docs/lab/tuning.md).

use rules::ra::{HexCell, Ra, RaMove, target_ra};
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
        /// For the side to move right after a match ended: it starts the
        /// next match (the loser, or after a drawn match the other side).
        serve = const { weight(WEIGHTS, "ra", "serve") },
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
        let serve = if position.match_just_ended() { self.serve } else { 0 };
        points + serve + side_score(self, position, me) - side_score(self, position, me.opponent())
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
    fn the_next_matchs_starter_holds_the_serve_worth_less_than_a_point() {
        let w = RaEval::default();
        assert!(w.serve > 0);
        // Past the target `near_target` adds nothing: a point is `game_point`
        // alone, and scoring one must still beat handing over the serve.
        assert!(w.serve < w.game_point);
        // Black's lone stone on i9 steps onto White's RA cell j10: the match
        // ends 1-0, and White, who lost it, starts the next one.
        let before = Ra::from_position_text(RaOptions::default(), "x1i9/o3c1/o3m13 x 0-0 1 x").unwrap();
        let mv = before.parse_move("1i9-j10").unwrap();
        let mut after = before.clone();
        after.play_unchecked(mv);
        assert!(after.match_just_ended());
        assert_eq!(after.to_move(), Player::White);
        // The same board and score read from text: no match just ended.
        let text = after.position_text();
        let restarted = Ra::from_position_text(RaOptions::default(), &text).unwrap();
        assert!(!restarted.match_just_ended());
        assert_eq!(w.evaluate(&after) - w.evaluate(&restarted), w.serve);
        assert!(w.evaluate(&after) < 0, "a point down, even serving: {}", w.evaluate(&after));
    }
}
