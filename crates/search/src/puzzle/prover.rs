//! Short forced wins, proven by searching every line to a fixed length.
//!
//! A puzzle's claim is "the side to move wins within `n` plies, and only by
//! this first move". Both halves are statements about *all* lines up to `n`
//! plies, so they are settled by an AND/OR search that looks at every move
//! of the defender and, for the attacker, stops at the first move that
//! wins. A position found here is proven: no evaluation is trusted.
//!
//! "Wins" means the game ends with the attacker's win or, in a game played
//! as a series of matches (RA), the current match does
//! ([`rules::Game::decided`]). A draw, or the other side's win, is a failure.
//!
//! The table keeps, for each position, the shortest length at which it was
//! proven won and the longest at which it was proven not won (a win within
//! `k` plies is a win within any longer limit; no win within `k` is no win
//! within less). Positions are told apart by their Zobrist hash, as in the
//! searcher; a line of at most [`MAX_PLIES`] plies from a position read
//! from its text cannot repeat a position three times, so the history the
//! hash leaves out cannot change a result here.

use std::collections::HashMap;

use rules::{Game, Player};

/// The longest solution a puzzle may have, in plies (the attacker's 4th move).
pub const MAX_PLIES: u8 = 7;

/// The node budget ran out before the question was settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBudget;

/// What the table knows of a position.
#[derive(Clone, Copy)]
struct Known {
    /// The shortest limit at which the attacker was proven to win (`u8::MAX`: none).
    won_within: u8,
    /// The longest limit at which the attacker was proven not to win (0: none).
    not_within: u8,
}

/// The searcher of short forced wins for one attacker, with its table and
/// a budget of positions.
pub struct Prover<G: Game> {
    attacker: Player,
    table: HashMap<u64, Known>,
    /// Positions visited (moves played) so far.
    pub nodes: u64,
    limit: u64,
    /// For each remaining length, the defender's reply that last refuted a
    /// try: tried first next time (the killer heuristic).
    killers: [Option<G::Move>; MAX_PLIES as usize + 1],
}

impl<G: Game> Prover<G> {
    /// A prover for `attacker`'s wins that may visit `limit` positions in all.
    #[must_use]
    pub fn new(attacker: Player, limit: u64) -> Prover<G> {
        Prover { attacker, table: HashMap::new(), nodes: 0, limit, killers: [None; MAX_PLIES as usize + 1] }
    }

    /// The side whose wins this prover looks for.
    #[must_use]
    pub fn attacker(&self) -> Player {
        self.attacker
    }

    /// Whether the attacker wins within `plies` plies from `game`, whoever
    /// is to move there.
    ///
    /// # Errors
    /// [`OutOfBudget`] when the prover's positions ran out first.
    pub fn wins_within(&mut self, game: &G, plies: u8) -> Result<bool, OutOfBudget> {
        if plies == 0 || game.outcome().is_some() {
            return Ok(false);
        }
        let key = game.hash();
        if let Some(k) = self.table.get(&key) {
            if plies >= k.won_within {
                return Ok(true);
            }
            if plies <= k.not_within {
                return Ok(false);
            }
        }
        let won =
            if game.to_move() == self.attacker { self.any_wins(game, plies)? } else { self.all_lose(game, plies)? };
        let k = self.table.entry(key).or_insert(Known { won_within: u8::MAX, not_within: 0 });
        if won {
            k.won_within = k.won_within.min(plies);
        } else {
            k.not_within = k.not_within.max(plies);
        }
        Ok(won)
    }

    /// Whether `mv`, played in `game`, wins for the attacker within `plies`
    /// plies counting `mv` itself.
    ///
    /// # Errors
    /// [`OutOfBudget`] when the prover's positions ran out first.
    pub fn move_wins(&mut self, game: &G, mv: G::Move, plies: u8) -> Result<bool, OutOfBudget> {
        let after = self.play(game, mv)?;
        Ok(match after.decided() {
            Some(winner) => winner == Some(self.attacker),
            None => self.wins_within(&after, plies.saturating_sub(1))?,
        })
    }

    /// The shortest win for the attacker from `game` within `max` plies.
    ///
    /// # Errors
    /// [`OutOfBudget`] when the prover's positions ran out first.
    pub fn shortest_win(&mut self, game: &G, max: u8) -> Result<Option<u8>, OutOfBudget> {
        for plies in 1..=max {
            if self.wins_within(game, plies)? {
                return Ok(Some(plies));
            }
        }
        Ok(None)
    }

    fn play(&mut self, game: &G, mv: G::Move) -> Result<G, OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(OutOfBudget);
        }
        let mut after = game.clone();
        after.play_unchecked(mv);
        Ok(after)
    }

    /// The attacker to move: does one of its moves win?
    fn any_wins(&mut self, game: &G, plies: u8) -> Result<bool, OutOfBudget> {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        // Every move that ends the game at once first: on the last ply they
        // are all there is, and before it they are the cheapest proof.
        let mut open = Vec::with_capacity(moves.len());
        for mv in moves {
            let after = self.play(game, mv)?;
            match after.decided() {
                Some(winner) if winner == Some(self.attacker) => return Ok(true),
                Some(_) => {}
                None => open.push(after),
            }
        }
        if plies < 2 {
            return Ok(false);
        }
        for after in open {
            if self.wins_within(&after, plies - 1)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The defender to move: does every one of its moves lose?
    fn all_lose(&mut self, game: &G, plies: u8) -> Result<bool, OutOfBudget> {
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        if moves.is_empty() {
            return Ok(false);
        }
        // The reply that refuted a try at this length last time, first.
        if let Some(killer) = self.killers[usize::from(plies)]
            && let Some(i) = moves.iter().position(|&m| m == killer)
        {
            moves.swap(0, i);
        }
        for mv in moves {
            let after = self.play(game, mv)?;
            let lost = match after.decided() {
                Some(winner) => winner == Some(self.attacker),
                None => self.wins_within(&after, plies - 1)?,
            };
            if !lost {
                self.killers[usize::from(plies)] = Some(mv);
                return Ok(false);
            }
        }
        Ok(true)
    }
}
