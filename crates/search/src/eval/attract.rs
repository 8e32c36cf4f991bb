//! Attract evaluation: winning pieces decide the game, so the evaluation
//! counts the pieces that are close to winning — three enemy stones on their
//! diagonals and the fourth cell empty — and those with two, for each side.
//! It also reads the empty cells: a *hole* (an interior cell whose four
//! diagonal neighbours are all enemy stones) wins for a side that places a
//! stone there, and a cell that completes an enemy's winning piece is
//! *poison* for the side that would fill it. Whether the side to move has a
//! winning cell, how many the opponent has, and — as the board fills — who
//! runs out of safe cells first (a player left with only poison must hand
//! the other a win) are weights of their own. The search sees what the
//! opponent can make next move and what the pulls do.

use rules::Game;
#[cfg(test)]
use rules::Player;
use rules::attract::{Attract, AttractMove, MAX_SIZE};
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
        /// The side to move has a hole that is not poison for it: a winning cell.
        win_now = const { weight(WEIGHTS, "attract", "win_now") },
        /// Per hole of the opponent (a cell where the opponent's stone would win), against the side to move.
        threats = const { weight(WEIGHTS, "attract", "threats") },
        /// Per empty interior cell with three enemy diagonal stones and one empty diagonal cell (a hole in the making).
        half_hole = const { weight(WEIGHTS, "attract", "half_hole") },
        /// Who runs out of safe cells first if both fill the shared ones first, scaled by how full the board is.
        squeeze = const { weight(WEIGHTS, "attract", "squeeze") },
    }
}

const CELLS: usize = MAX_SIZE * MAX_SIZE;
/// A cell's contents, relative to the side to move.
const EMPTY: u8 = 0;
const MINE: u8 = 1;
const THEIRS: u8 = 2;
/// Flags of an empty cell: poison for the side to move or for the
/// opponent, a hole or half a hole for either.
const POISON: [u8; 3] = [0, 1, 2];
const HOLE: [u8; 3] = [0, 4, 8];
const HALF_HOLE: [u8; 3] = [0, 16, 32];

impl AttractEval {
    /// The `centre` weight's share for a piece on (f, r) of an n×n board.
    fn centre_bonus(&self, n: usize, f: usize, r: usize) -> i32 {
        let n = n as i32;
        self.centre * (n - (2 * f as i32 - n + 1).abs().max((2 * r as i32 - n + 1).abs())) / 2
    }

    /// The pieces' part alone (every weight on the empty cells 0).
    fn pieces(&self, position: &Attract) -> i32 {
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
                let centre = self.centre_bonus(n, f, r);
                score += if owner == me { value + centre } else { -(value + centre) };
            }
        }
        score
    }

    /// The whole evaluation, the empty cells' part included.
    fn with_empties(&self, position: &Attract) -> i32 {
        let n = position.size();
        let me = position.to_move();
        let mut grid = [EMPTY; CELLS];
        for r in 0..n {
            for f in 0..n {
                if let Some(p) = position.stone_at(Cell { file: f as u8, rank: r as u8 }) {
                    grid[r * n + f] = if p == me { MINE } else { THEIRS };
                }
            }
        }
        let mut flags = [0u8; CELLS];
        let mut score = 0;
        for r in 1..n - 1 {
            for f in 1..n - 1 {
                let at = r * n + f;
                let diagonals = [at - n - 1, at - n + 1, at + n - 1, at + n + 1];
                let mut count = [0; 3];
                for d in diagonals {
                    count[usize::from(grid[d])] += 1;
                }
                let owner = grid[at];
                if owner == EMPTY {
                    // A hole, or nearly one, for the side whose stone the
                    // four diagonal stones would surround.
                    for (surrounding, filler) in [(MINE, THEIRS), (THEIRS, MINE)] {
                        let c = count[usize::from(surrounding)];
                        if c == 4 {
                            flags[at] |= HOLE[usize::from(filler)];
                        } else if c == 3 && count[0] == 1 {
                            flags[at] |= HALF_HOLE[usize::from(filler)];
                        }
                    }
                    continue;
                }
                let enemy = MINE + THEIRS - owner;
                let value = match (count[usize::from(enemy)], count[0]) {
                    (3, 1) => {
                        // The enemy must not fill the gap: it would complete this piece.
                        if let Some(&gap) = diagonals.iter().find(|&&d| grid[d] == EMPTY) {
                            flags[gap] |= POISON[usize::from(enemy)];
                        }
                        self.near
                    }
                    (2, 2) => self.half,
                    _ => 0,
                };
                let centre = self.centre_bonus(n, f, r);
                score += if owner == MINE { value + centre } else { -(value + centre) };
            }
        }
        let (mut win_now, mut threats, mut half_holes) = (false, 0, 0);
        let (mut mine_only, mut theirs_only, mut shared, mut empties) = (0, 0, 0, 0);
        for (&flag, &cell) in flags.iter().zip(&grid).take(n * n) {
            if cell != EMPTY {
                continue;
            }
            empties += 1;
            let safe = |side: u8| flag & POISON[usize::from(side)] == 0;
            win_now |= flag & HOLE[1] != 0 && safe(MINE);
            threats += i32::from(flag & HOLE[2] != 0 && safe(THEIRS));
            half_holes += i32::from(flag & HALF_HOLE[1] != 0) - i32::from(flag & HALF_HOLE[2] != 0);
            match (safe(MINE), safe(THEIRS)) {
                (true, true) => shared += 1,
                (true, false) => mine_only += 1,
                (false, true) => theirs_only += 1,
                (false, false) => {}
            }
        }
        let cells = (n * n) as i32;
        let squeeze = self.squeeze * squeeze(mine_only, theirs_only, shared, empties) * (cells - empties) / cells;
        score + if win_now { self.win_now } else { 0 } - self.threats * threats + self.half_hole * half_holes + squeeze
    }
}

impl Evaluator<Attract> for AttractEval {
    fn evaluate(&self, position: &Attract) -> i32 {
        // The empty cells are read only for the weights that use them, so the
        // evaluation costs what it did where they are 0.
        if self.win_now != 0 || self.threats != 0 || self.half_hole != 0 || self.squeeze != 0 {
            self.with_empties(position)
        } else {
            self.pieces(position)
        }
    }

    fn move_score(&self, position: &Attract, mv: AttractMove) -> i32 {
        // Cells near the middle and next to stones make things happen.
        let n = position.size() as i32;
        let (f, r) = (i32::from(mv.0.file), i32::from(mv.0.rank));
        -((2 * f - n + 1).abs() + (2 * r - n + 1).abs())
    }
}

/// Who is squeezed out of safe cells first, +1 when it is the opponent, −1
/// when it is the side to move, 0 when the board fills first. Of the empty
/// cells, `mine` are safe only for the side to move, `theirs` only for the
/// opponent, `shared` for both, and the rest (`empties` minus those) for
/// neither. Each player takes a shared cell while there is one (the side to
/// move first), then one of its own; a player with neither while cells
/// remain must fill a poisoned one. The pulls of each move, which can make
/// and unmake poison, are left to the search.
fn squeeze(mine: i32, theirs: i32, shared: i32, empties: i32) -> i32 {
    let neither = empties - mine - theirs - shared;
    // After the shared cells, `first` moves with its own cells `a`, the other with `b`.
    let (a, b, sign) = if shared % 2 == 0 { (mine, theirs, 1) } else { (theirs, mine, -1) };
    let first_outcome = if a <= b {
        // The first runs out first, with the other's spare cells and the poisoned ones left.
        if b - a + neither > 0 { -1 } else { 0 }
    } else if a - b - 1 + neither > 0 {
        1
    } else {
        0
    };
    sign * first_outcome
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

    /// Every weight 0 but the one named.
    fn only(name: &str, value: i32) -> AttractEval {
        use crate::eval::Weights;
        let mut eval = AttractEval::default();
        for weight in eval.names() {
            eval.set(weight, 0);
        }
        assert!(eval.set(name, value));
        eval
    }

    #[test]
    fn a_hole_is_a_winning_cell_for_the_side_to_move_and_a_threat_against_the_other() {
        // c3 is empty with Black on b2, d2, b4 and d4: a White stone there wins.
        let white = Attract::from_position_text(AttractOptions::default(), "o6o/o6o/8/8/1x1x4/8/1x1x4/8 o").unwrap();
        assert_eq!(only("win_now", 100).evaluate(&white), 100);
        assert_eq!(only("threats", 100).evaluate(&white), 0);
        let black = Attract::from_position_text(AttractOptions::default(), "o6o/o6o/o7/8/1x1x4/8/1x1x4/8 x").unwrap();
        assert_eq!(only("win_now", 100).evaluate(&black), 0);
        assert_eq!(only("threats", 100).evaluate(&black), -100);
        // Three of the four: half a hole for White.
        let half = Attract::from_position_text(AttractOptions::default(), "o6o/o6o/x7/8/1x1x4/8/1x6/7o x").unwrap();
        assert_eq!(only("half_hole", 100).evaluate(&half), -100);
    }

    #[test]
    fn a_cell_that_completes_an_enemy_winning_piece_squeezes_its_filler() {
        // d4 completes White's c3: poison for Black, safe for White; of the
        // 57 other cells, shared, White takes the last, so Black runs out of
        // safe cells first. Six stones of 64 on the board scale it.
        let p = Attract::from_position_text(AttractOptions::default(), "o6o/8/8/8/1x6/2o5/1x1x4/8 o").unwrap();
        assert_eq!(only("squeeze", 640).evaluate(&p), 60);
        // A hole that is poison for its filler wins nothing: a White stone on
        // c3 would also complete Black's d4 (White on e3, c5 and e5).
        let poisoned =
            Attract::from_position_text(AttractOptions::default(), "7o/8/8/2o1o3/1x1x4/4o3/1x1x4/8 o").unwrap();
        assert_eq!(only("win_now", 100).evaluate(&poisoned), 0);
    }

    #[test]
    fn the_squeeze_counts_who_must_fill_a_poisoned_cell() {
        // (safe only for the side to move, only for the other, for both, empty cells)
        assert_eq!(squeeze(0, 0, 0, 0), 0, "a full board");
        assert_eq!(squeeze(0, 0, 5, 5), 0, "no poison: the board fills");
        assert_eq!(squeeze(0, 1, 0, 1), -1, "the last cell is poison for the side to move");
        assert_eq!(squeeze(1, 0, 0, 1), 0, "its own safe cell fills the board");
        assert_eq!(squeeze(0, 0, 0, 1), -1, "poison for both, and the side to move must play");
        assert_eq!(squeeze(0, 0, 1, 2), 1, "the shared cell taken, the other must fill the poison");
        assert_eq!(squeeze(2, 1, 2, 5), 0, "one spare cell more, and it fills the board");
        assert_eq!(squeeze(2, 1, 2, 6), 1, "one spare cell more, and a poisoned cell left for the other");
        assert_eq!(squeeze(1, 1, 2, 5), -1, "equal spares: the side to move runs out first");
        assert_eq!(squeeze(1, 1, 3, 6), 1, "equal spares, the side to move takes the last shared cell");
    }

    #[test]
    fn without_the_empty_cells_weights_both_paths_agree() {
        // The pieces-only path (taken when every weight on the empty cells is
        // 0) scores what the whole evaluation scores with them at 0.
        let mut eval = AttractEval::default();
        for name in ["win_now", "threats", "half_hole", "squeeze"] {
            crate::eval::Weights::set(&mut eval, name, 0);
        }
        let mut rng = crate::rng::Rng::new(3);
        let mut moves = Vec::new();
        let mut checked = 0;
        for size in [6, 8, 12] {
            for _ in 0..20 {
                let mut p = Attract::new(AttractOptions { size });
                while p.outcome().is_none() {
                    assert_eq!(eval.pieces(&p), eval.with_empties(&p), "{}", p.position_text());
                    checked += 1;
                    p.legal_moves(&mut moves);
                    p.play_unchecked(moves[rng.below(moves.len())]);
                }
            }
        }
        assert!(checked > 500, "{checked}");
    }
}
