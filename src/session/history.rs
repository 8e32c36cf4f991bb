//! The game being shown: where it started, the moves played, and a cursor
//! that says how many of them the board shows.
//!
//! Playing a move while looking at an earlier position starts a new line from
//! there; the moves it replaced are kept on the undo stack, so an undo brings
//! them back.

use rules::{AnyGame, MoveError};

/// What an undo takes back.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Played {
    /// The index of the move played.
    at: usize,
    /// The moves it replaced (empty when it was played at the end).
    replaced: Vec<String>,
}

/// A game's moves and the cursor over them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// `positions[i]` is the position after `i` moves.
    positions: Vec<AnyGame>,
    /// Canonical notation of each move.
    moves: Vec<String>,
    /// Text of the start position when it is not the game's initial position.
    from: Option<String>,
    cursor: usize,
    undo: Vec<Played>,
}

impl History {
    /// A history starting at `start`; `from` is its position text when it is
    /// not the initial position of its game.
    #[must_use]
    pub fn new(start: AnyGame, from: Option<String>) -> History {
        History { positions: vec![start], moves: Vec::new(), from, cursor: 0, undo: Vec::new() }
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &AnyGame {
        &self.positions[0]
    }

    /// The start position text, if the game did not start from the initial position.
    #[must_use]
    pub fn from_text(&self) -> Option<&str> {
        self.from.as_deref()
    }

    /// Every move in notation.
    #[must_use]
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// How many moves the board shows.
    #[must_use]
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The position at the cursor.
    #[must_use]
    pub fn position(&self) -> &AnyGame {
        &self.positions[self.cursor]
    }

    /// The position after `ply` moves (clamped to the last).
    #[must_use]
    pub fn position_at(&self, ply: usize) -> &AnyGame {
        &self.positions[ply.min(self.moves.len())]
    }

    /// The move that led to the position at the cursor.
    #[must_use]
    pub fn last_move(&self) -> Option<&str> {
        self.cursor.checked_sub(1).map(|i| self.moves[i].as_str())
    }

    /// Plays `text` at the cursor. A move played before the end replaces the
    /// moves after the cursor; undo brings them back.
    ///
    /// # Errors
    /// The [`MoveError`] of the rules; nothing changes then.
    pub fn play(&mut self, text: &str) -> Result<String, MoveError> {
        let mut next = self.position().clone();
        let written = next.play_text(text)?;
        let replaced = self.moves.split_off(self.cursor);
        self.positions.truncate(self.cursor + 1);
        self.undo.push(Played { at: self.cursor, replaced });
        self.moves.push(written.clone());
        self.positions.push(next);
        self.cursor += 1;
        Ok(written)
    }

    /// Whether there is a move to take back.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        !self.moves.is_empty()
    }

    /// Takes back the last move played (restoring any line it replaced) and
    /// shows the position before it.
    pub fn undo(&mut self) {
        match self.undo.pop() {
            Some(Played { at, replaced }) if at < self.moves.len() => {
                self.truncate(at);
                for mv in replaced {
                    if self.extend(&mv).is_err() {
                        break;
                    }
                }
                self.cursor = at;
            }
            _ => {
                // A move that came with the game (from a link): remove the last.
                let keep = self.moves.len().saturating_sub(1);
                self.truncate(keep);
                self.cursor = self.cursor.min(keep);
            }
        }
    }

    fn truncate(&mut self, len: usize) {
        self.moves.truncate(len);
        self.positions.truncate(len + 1);
    }

    /// Appends a move at the end without moving the cursor or recording an undo.
    fn extend(&mut self, text: &str) -> Result<(), MoveError> {
        let mut next = self.positions[self.moves.len()].clone();
        let written = next.play_text(text)?;
        self.moves.push(written);
        self.positions.push(next);
        Ok(())
    }

    /// Appends the moves of a loaded game, stopping at the first bad one.
    ///
    /// # Errors
    /// The index of the bad move and why.
    pub fn load_moves<'a>(&mut self, moves: impl IntoIterator<Item = &'a str>) -> Result<(), (usize, MoveError)> {
        let mut result = Ok(());
        for (i, mv) in moves.into_iter().enumerate() {
            if let Err(e) = self.extend(mv) {
                result = Err((i, e));
                break;
            }
        }
        self.cursor = self.moves.len();
        result
    }

    /// Whether the cursor can move back.
    #[must_use]
    pub fn can_back(&self) -> bool {
        self.cursor > 0
    }

    /// Whether the cursor can move forward.
    #[must_use]
    pub fn can_forward(&self) -> bool {
        self.cursor < self.moves.len()
    }

    /// Moves the cursor to `ply` (clamped).
    pub fn go(&mut self, ply: usize) {
        self.cursor = ply.min(self.moves.len());
    }

    /// To the start.
    pub fn first(&mut self) {
        self.go(0);
    }

    /// One move back.
    pub fn back(&mut self) {
        self.go(self.cursor.saturating_sub(1));
    }

    /// One move forward.
    pub fn forward(&mut self) {
        self.go(self.cursor + 1);
    }

    /// To the last move.
    pub fn last(&mut self) {
        self.go(self.moves.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::GameSpec;

    fn loa() -> History {
        History::new("loa".parse::<GameSpec>().unwrap().start(), None)
    }

    #[test]
    fn play_and_navigate() {
        let mut h = loa();
        assert!(!h.can_back() && !h.can_forward() && !h.can_undo());
        h.play("b1-b3").unwrap();
        h.play("a2-c2").unwrap();
        assert_eq!(h.cursor(), 2);
        assert_eq!(h.last_move(), Some("a2-c2"));
        h.first();
        assert_eq!(h.position(), h.start());
        assert!(h.can_forward() && !h.can_back());
        h.forward();
        assert_eq!(h.cursor(), 1);
        h.last();
        assert_eq!(h.cursor(), 2);
        h.forward();
        assert_eq!(h.cursor(), 2, "forward stops at the end");
        h.go(99);
        assert_eq!(h.cursor(), 2);
    }

    #[test]
    fn a_bad_move_changes_nothing() {
        let mut h = loa();
        let before = h.clone();
        assert!(h.play("b1-b9").is_err());
        assert_eq!(h, before);
    }

    #[test]
    fn playing_in_the_past_starts_a_new_line_and_undo_restores_the_old() {
        let mut h = loa();
        for m in ["b1-b3", "a2-c2", "e1-e3"] {
            h.play(m).unwrap();
        }
        h.go(1);
        h.play("h2-f2").unwrap();
        assert_eq!(h.moves(), ["b1-b3", "h2-f2"]);
        assert_eq!(h.cursor(), 2);
        h.undo();
        assert_eq!(h.moves(), ["b1-b3", "a2-c2", "e1-e3"], "the replaced line is back");
        assert_eq!(h.cursor(), 1);
        h.undo();
        assert_eq!(h.moves(), ["b1-b3", "a2-c2"]);
    }

    #[test]
    fn undo_at_the_end_takes_back_the_last_move() {
        let mut h = loa();
        h.play("b1-b3").unwrap();
        h.undo();
        assert!(h.moves().is_empty());
        assert_eq!(h.cursor(), 0);
        // Moves loaded from a link have no undo record: undo removes the last one.
        h.load_moves(["b1-b3", "a2-c2"]).unwrap();
        h.undo();
        assert_eq!(h.moves(), ["b1-b3"]);
        assert_eq!(h.cursor(), 1);
    }

    #[test]
    fn loading_stops_at_the_first_bad_move() {
        let mut h = loa();
        let err = h.load_moves(["b1-b3", "a2-c2", "b1-b9", "e1-e3"]).unwrap_err();
        assert_eq!(err.0, 2);
        assert_eq!(h.moves(), ["b1-b3", "a2-c2"]);
        assert_eq!(h.cursor(), 2);
    }
}
