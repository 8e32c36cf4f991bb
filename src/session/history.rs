//! The game being shown: where it started, the moves played, and a cursor
//! that says how many of them the board shows.
//!
//! Playing a move while looking at an earlier position starts a new line from
//! there; the moves it replaced are kept on the undo stack, so an undo brings
//! them back.

use rules::{AnyGame, AnyMove, BadMove, GameSpec, PositionError};

/// A step through the history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nav {
    /// To the start.
    First,
    /// One move back.
    Back,
    /// One move forward.
    Forward,
    /// To the last move.
    Last,
    /// To the position after this many moves (clamped to the last).
    To(usize),
}

/// What an undo takes back.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Played {
    /// The index of the move played.
    at: usize,
    /// The moves it replaced (empty when it was played at the end).
    replaced: Vec<AnyMove>,
}

/// A game's moves and the cursor over them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// `positions[i]` is the position after `i` moves.
    positions: Vec<AnyGame>,
    moves: Vec<AnyMove>,
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

    /// The game `spec` from `from` (position text) or its usual start, with
    /// `moves` played and the cursor at the end. A bad move stops the replay:
    /// the history then holds the moves before it, and the bad move is returned
    /// beside it.
    ///
    /// # Errors
    /// Why the start position text cannot be read.
    pub fn replay<'a>(
        spec: &GameSpec,
        from: Option<&str>,
        moves: impl IntoIterator<Item = &'a str>,
    ) -> Result<(History, Option<BadMove>), PositionError> {
        let start = match from {
            Some(text) => spec.position(text)?,
            None => spec.start(),
        };
        let mut history = History::new(start.clone(), from.map(str::to_owned));
        // The positions are kept as the moves are played: no second replay.
        let result = start.replay(moves, |mv, after| {
            history.moves.push(mv);
            history.positions.push(after.clone());
        });
        history.cursor = history.moves.len();
        Ok((history, result.err()))
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &AnyGame {
        &self.positions[0]
    }

    /// The game and its rule options.
    #[must_use]
    pub fn spec(&self) -> GameSpec {
        self.start().spec()
    }

    /// The start position text, if the game did not start from the initial position.
    #[must_use]
    pub fn from_text(&self) -> Option<&str> {
        self.from.as_deref()
    }

    /// Every move.
    #[must_use]
    pub fn moves(&self) -> &[AnyMove] {
        &self.moves
    }

    /// Every move in notation.
    #[must_use]
    pub fn move_texts(&self) -> Vec<String> {
        self.moves.iter().map(ToString::to_string).collect()
    }

    /// The moves from the start to the cursor, in notation.
    #[must_use]
    pub fn texts_to_cursor(&self) -> Vec<String> {
        self.moves[..self.cursor].iter().map(ToString::to_string).collect()
    }

    /// How many moves the board shows.
    #[must_use]
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Whether the cursor is at the end of the game.
    #[must_use]
    pub fn at_end(&self) -> bool {
        self.cursor == self.moves.len()
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

    /// The position after the last move.
    #[must_use]
    pub fn last_position(&self) -> &AnyGame {
        self.position_at(self.moves.len())
    }

    /// The move that led to the position at the cursor.
    #[must_use]
    pub fn last_move(&self) -> Option<AnyMove> {
        self.cursor.checked_sub(1).map(|i| self.moves[i])
    }

    /// Plays `mv`, a legal move of the position at the cursor (from its legal
    /// moves or checked by [`AnyGame::parse_move`]). A move played before the
    /// end replaces the moves after the cursor; undo brings them back.
    pub fn play(&mut self, mv: AnyMove) {
        let mut next = self.position().clone();
        next.play_unchecked(mv);
        let replaced = self.moves.split_off(self.cursor);
        self.positions.truncate(self.cursor + 1);
        self.undo.push(Played { at: self.cursor, replaced });
        self.moves.push(mv);
        self.positions.push(next);
        self.cursor += 1;
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
                    let mut next = self.last_position().clone();
                    if next.play_move(mv).is_err() {
                        break;
                    }
                    self.moves.push(mv);
                    self.positions.push(next);
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

    /// Moves the cursor.
    pub fn navigate(&mut self, nav: Nav) {
        let target = match nav {
            Nav::First => 0,
            Nav::Back => self.cursor.saturating_sub(1),
            Nav::Forward => self.cursor + 1,
            Nav::Last => self.moves.len(),
            Nav::To(ply) => ply,
        };
        self.cursor = target.min(self.moves.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loa() -> History {
        History::new("loa".parse::<GameSpec>().unwrap().start(), None)
    }

    fn play(h: &mut History, text: &str) {
        let mv = h.position().parse_move(text).unwrap();
        h.play(mv);
    }

    fn texts(h: &History) -> Vec<String> {
        h.move_texts()
    }

    #[test]
    fn play_and_navigate() {
        let mut h = loa();
        assert!(!h.can_back() && !h.can_forward() && !h.can_undo());
        play(&mut h, "b1-b3");
        play(&mut h, "a2-c2");
        assert_eq!(h.cursor(), 2);
        assert_eq!(h.last_move().map(|m| m.to_string()).as_deref(), Some("a2-c2"));
        h.navigate(Nav::First);
        assert_eq!(h.position(), h.start());
        assert!(h.can_forward() && !h.can_back());
        h.navigate(Nav::Forward);
        assert_eq!(h.cursor(), 1);
        assert_eq!(h.texts_to_cursor(), ["b1-b3"]);
        h.navigate(Nav::Last);
        assert_eq!(h.cursor(), 2);
        assert!(h.at_end());
        h.navigate(Nav::Forward);
        assert_eq!(h.cursor(), 2, "forward stops at the end");
        h.navigate(Nav::To(99));
        assert_eq!(h.cursor(), 2);
        h.navigate(Nav::Back);
        h.navigate(Nav::Back);
        h.navigate(Nav::Back);
        assert_eq!(h.cursor(), 0, "back stops at the start");
    }

    #[test]
    fn playing_in_the_past_starts_a_new_line_and_undo_restores_the_old() {
        let mut h = loa();
        for m in ["b1-b3", "a2-c2", "e1-e3"] {
            play(&mut h, m);
        }
        h.navigate(Nav::To(1));
        play(&mut h, "h2-f2");
        assert_eq!(texts(&h), ["b1-b3", "h2-f2"]);
        assert_eq!(h.cursor(), 2);
        h.undo();
        assert_eq!(texts(&h), ["b1-b3", "a2-c2", "e1-e3"], "the replaced line is back");
        assert_eq!(h.cursor(), 1);
        h.undo();
        assert_eq!(texts(&h), ["b1-b3", "a2-c2"]);
    }

    #[test]
    fn undo_at_the_end_takes_back_the_last_move() {
        let mut h = loa();
        play(&mut h, "b1-b3");
        h.undo();
        assert!(h.moves().is_empty());
        assert_eq!(h.cursor(), 0);
        // Moves that came with a link have no undo record: undo removes the last one.
        let spec: GameSpec = "loa".parse().unwrap();
        let (mut h, _) = History::replay(&spec, None, ["b1-b3", "a2-c2"]).unwrap();
        h.undo();
        assert_eq!(texts(&h), ["b1-b3"]);
        assert_eq!(h.cursor(), 1);
    }

    #[test]
    fn replaying_stops_at_the_first_bad_move_and_keeps_the_rest() {
        let spec: GameSpec = "loa".parse().unwrap();
        let (h, bad) = History::replay(&spec, None, ["b1-b3", "a2-c2", "b1-b9", "e1-e3"]).unwrap();
        assert_eq!(bad.map(|b| (b.index, b.text)), Some((2, "b1-b9".to_owned())));
        assert_eq!(texts(&h), ["b1-b3", "a2-c2"]);
        assert_eq!(h.cursor(), 2);
        assert_eq!(h.position(), h.last_position());
        assert!(History::replay(&spec, Some("8/8 x"), []).is_err());
    }
}
