//! Attract evaluation: winning pieces decide the game, so the evaluation
//! counts the pieces that are close to winning — three enemy stones on their
//! diagonals and the fourth cell empty — and those with two, for each side.
//! The search sees what the opponent can make next move and what the pulls do.

use rules::Game;
#[cfg(test)]
use rules::Player;
use rules::attract::{Attract, AttractMove};
use rules::notation::Cell;

use super::table::{WEIGHTS, weight};
use super::{Evaluator, weighted_evaluator};

weighted_evaluator! {
    /// The Attract evaluator; its fields are the weights (docs/lab/tuning.md).
    AttractEval {
        /// A piece with three enemy stones on its diagonals and the fourth cell empty.
        near = const { weight(WEIGHTS, "attract", "near") },
        /// A piece with two enemy diagonal stones and two empty diagonal cells.
        half = const { weight(WEIGHTS, "attract", "half") },
        /// Per step of a piece toward the middle of the board (matches tuned it to 0; docs/lab/tuning.md).
        centre = const { weight(WEIGHTS, "attract", "centre") },
    }
}

impl Evaluator<Attract> for AttractEval {
    fn evaluate(&self, position: &Attract) -> i32 {
        let n = position.size();
        let me = position.to_move();
        let mut score = 0;
        for r in 1..n - 1 {
            for f in 1..n - 1 {
                let at = |f: usize, r: usize| position.stone_at(Cell { file: f as u8, rank: r as u8 });
                let Some(owner) = at(f, r) else { continue };
                let (mut enemy, mut empty) = (0, 0);
                for (df, dr) in [(f - 1, r - 1), (f + 1, r - 1), (f - 1, r + 1), (f + 1, r + 1)] {
                    match at(df, dr) {
                        Some(p) if p != owner => enemy += 1,
                        None => empty += 1,
                        _ => {}
                    }
                }
                let value = match (enemy, empty) {
                    (3, 1) => self.near,
                    (2, 2) => self.half,
                    _ => 0,
                };
                let centre = self.centre
                    * (n as i32 - (2 * f as i32 - n as i32 + 1).abs().max((2 * r as i32 - n as i32 + 1).abs()))
                    / 2;
                score += if owner == me { value + centre } else { -(value + centre) };
            }
        }
        score
    }

    fn move_score(&self, position: &Attract, mv: AttractMove) -> i32 {
        // Cells near the middle and next to stones make things happen.
        let n = position.size() as i32;
        let (f, r) = (i32::from(mv.0.file), i32::from(mv.0.rank));
        -((2 * f - n + 1).abs() + (2 * r - n + 1).abs())
    }
}

/// Whose stone is on (f, r), for tests.
#[cfg(test)]
fn owner(position: &Attract, f: u8, r: u8) -> Option<Player> {
    position.stone_at(Cell { file: f, rank: r })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::attract::AttractOptions;

    #[test]
    fn a_near_winning_piece_counts_for_its_owner() {
        // White c3 with Black on b2, d2 and b4; d4 empty. White to move (the
        // corner stones a8 and h8 make the counts equal and score nothing).
        let p = Attract::from_position_text(AttractOptions::default(), "o6o/8/8/8/1x6/2o5/1x1x4/8 o").unwrap();
        assert_eq!(owner(&p, 2, 2), Some(Player::White));
        assert!(AttractEval::default().evaluate(&p) > 0);
    }
}
