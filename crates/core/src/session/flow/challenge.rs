//! A challenge ("Black to play and win", a link's `solve=`): the learner's
//! moves judged by the solution (a wrong one is named and not played), the
//! other side's answers played from it, a hint (the piece to move,
//! selected) and the solution played out.

use rules::AnyMove;

use super::{Effect, Session, Sound};
use crate::session::model::seats::colour;
use crate::session::model::selection::Selection;
use crate::t;

impl Session {
    /// How many of the challenge's moves lead to the position shown, while
    /// it goes on.
    fn challenge_step(&self) -> Option<usize> {
        self.tree.challenge()?.progress(&self.tree.moves_to_cursor())
    }

    /// A person's move: in a challenge, judged first (a wrong one is named
    /// and not played), then played and answered from the solution.
    pub(super) fn person_plays(&mut self, mv: AnyMove, fx: &mut Vec<Effect>) {
        if let (Some(done), Some(challenge)) = (self.challenge_step(), self.tree.challenge()) {
            let position = self.tree.position();
            if position.to_move() == challenge.learner() && !challenge.right(position, done, mv) {
                let words = t!("{move} is not the move: try another, or ask for a hint", move = mv);
                self.challenge_said = Some((words.clone(), format!("wrong {mv}")));
                self.refusal = Some(words);
                self.selection = Selection::default();
                fx.push(Effect::Sound(Sound::Illegal));
                return;
            }
        }
        self.play(mv, fx);
        self.answer_challenge(fx);
    }

    /// The other side's answer from the solution, when it is due in the
    /// position shown (as a computer's would be: undo takes it back too).
    pub(super) fn challenge_answer(&self) -> Option<AnyMove> {
        let done = self.challenge_step()?;
        let challenge = self.tree.challenge()?;
        (self.tree.position().to_move() != challenge.learner()).then(|| challenge.next(done)).flatten()
    }

    fn answer_challenge(&mut self, fx: &mut Vec<Effect>) {
        if let Some(reply) = self.challenge_answer() {
            self.play(reply, fx);
        }
    }

    /// The hint of a challenge: the piece to move, selected (its moves
    /// shown), or for a placement the file it goes on.
    pub(super) fn challenge_hint(&mut self) {
        let Some(mv) = self.challenge_step().and_then(|done| self.tree.challenge()?.next(done)) else {
            return;
        };
        let position = self.tree.position();
        let parts = position.move_parts(mv);
        let spec = position.spec();
        self.selection = Selection { from: parts.from, stones: parts.stones };
        let name = |cell| spec.cell_name(cell).unwrap_or_default();
        let words = match (parts.from, parts.to) {
            (Some(from), _) => t!("Hint: move the piece on {cell}", cell = name(from)),
            (None, Some(to)) => t!("Hint: it goes on file {file}", file = name(to).chars().next().unwrap_or('?')),
            (None, None) => t!("Hint: pass"),
        };
        self.challenge_said = Some((words.clone(), "hint".to_owned()));
        self.refusal = Some(words);
    }

    /// Plays the rest of the challenge's solution out.
    pub(super) fn challenge_solution(&mut self, fx: &mut Vec<Effect>) {
        while let Some(mv) = self.challenge_step().and_then(|done| self.tree.challenge()?.next(done)) {
            self.play(mv, fx);
            self.solution_shown = true;
        }
    }

    /// A challenge in words: its task while it goes on (`White to play and
    /// win`), and once won along the solution, solved or shown.
    #[must_use]
    pub fn challenge_text(&self) -> Option<String> {
        let challenge = self.tree.challenge()?;
        let played = self.tree.moves_to_cursor();
        if challenge.progress(&played).is_some() {
            return Some(challenge.task(self.tree.start()));
        }
        challenge.solved(&played, self.tree.position()).then(|| {
            let player = colour(challenge.learner());
            match (self.solution_shown, challenge.wins()) {
                (true, true) => t!("The solution: {player} wins", player = player),
                (true, false) => t!("The solution"),
                (false, true) => t!("Solved: {player} wins", player = player),
                (false, false) => t!("Solved"),
            }
        })
    }

    /// Where a challenge stands, for a program rather than a person (the
    /// Learn page follows its board by it, in any language): `solved` or
    /// `shown` once won along the solution (by the learner, or played out),
    /// `wrong <move>` while a wrong move's refusal shows, `hint` while a
    /// hint shows; `None` otherwise.
    #[must_use]
    pub fn challenge_mark(&self) -> Option<String> {
        let challenge = self.tree.challenge()?;
        let played = self.tree.moves_to_cursor();
        if challenge.progress(&played).is_none() && challenge.solved(&played, self.tree.position()) {
            return Some(if self.solution_shown { "shown" } else { "solved" }.to_owned());
        }
        let (words, mark) = self.challenge_said.as_ref()?;
        (self.refusal.as_deref() == Some(words.as_str())).then(|| mark.clone())
    }

    /// Whether a challenge goes on in the position shown (its buttons apply).
    #[must_use]
    pub fn challenge_on(&self) -> bool {
        self.challenge_step().is_some()
    }
}
