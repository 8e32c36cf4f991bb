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

use super::Evaluator;

/// The Forms evaluator.
#[derive(Clone, Copy, Debug, Default)]
pub struct FormsEval;

const STONE: i32 = 24;
const LAST_STONES: i32 = 180;

impl Evaluator<Forms> for FormsEval {
    fn evaluate(&self, position: &Forms) -> i32 {
        let me = position.to_move();
        let mine = position.stones(me).len() as i32;
        let theirs = position.stones(me.opponent()).len() as i32;
        let mut score = STONE * (theirs - mine);
        // Parity: under the standard rules every move captures, so with one
        // stone left the opponent must take it and lose. The side to move with
        // a single enemy stone left must take it: bad.
        if position.options().rules == FormsRules::Standard {
            if theirs == 1 {
                score -= LAST_STONES;
            }
            if mine == 1 {
                score += LAST_STONES / 2;
            }
        } else if theirs == 1 && mine > 1 {
            score -= LAST_STONES / 3;
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
        assert!(FormsEval.evaluate(&few) > FormsEval.evaluate(&many));
    }
}
