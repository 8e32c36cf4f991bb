//! The intents that are not a press on the board, as the session carries
//! them out: stepping through the game, promoting or deleting a line, the
//! review's, the endings' and the clocks' intents, and the workers'
//! answers and failures, each handed to the feature of its role.

use super::{ClockIntent, Effect, EndIntent, ReviewIntent, Role, Session, Shown, ending, friend};
use crate::session::model::ending::Ending;
use crate::session::model::tree::Nav;

impl Session {
    /// Steps through the game: the board and the link follow the cursor.
    pub(super) fn navigate(&mut self, nav: Nav, fx: &mut Vec<Effect>) {
        let before = self.tree.cursor();
        self.tree.navigate(nav);
        if self.tree.cursor() != before {
            self.animation = None;
            self.position_changed(fx);
            // Stepping through a game changes the link, not the game.
            self.write_link(fx);
        }
    }

    /// Makes the line shown the main line.
    pub(super) fn promote(&mut self, fx: &mut Vec<Effect>) {
        // A finished game's main line stays as it ended.
        if self.tree.ending().is_some() && self.tree.main_ply().is_none() {
            self.keep_ending_notice();
        } else {
            self.tree.promote(self.tree.cursor());
            self.clocks.sync(&mut self.tree);
            self.write(fx);
        }
    }

    /// Deletes the move shown and what follows it.
    pub(super) fn delete_from_here(&mut self, fx: &mut Vec<Effect>) {
        if self.tree.can_back() {
            self.tree.delete(self.tree.cursor());
            self.clocks.sync(&mut self.tree);
            self.animation = None;
            self.position_changed(fx);
            self.write(fx);
        }
    }

    /// Hands an intent to the review; a better move it plays becomes a variation.
    pub(super) fn review_intent(&mut self, intent: ReviewIntent, fx: &mut Vec<Effect>) {
        // A review starts on the game as it now is: what was said about
        // opening it (an import's notices) makes way.
        if matches!(intent, ReviewIntent::Start { .. }) {
            self.notices.clear();
        }
        // Verdicts that arrive (from a record) or stop coming are saved with the game.
        let keep = matches!(intent, ReviewIntent::Stop | ReviewIntent::Verdicts(_));
        if let Some((at, better)) = self.review.apply(intent, &self.tree, &mut self.requests, fx) {
            self.play_instead(at, better, fx);
        } else if keep {
            self.save(fx);
        }
    }

    /// Resigning, offering a draw and answering one.
    pub(super) fn end_intent(&mut self, intent: EndIntent, fx: &mut Vec<Effect>) {
        if self.tree.friend().is_some() {
            if self.tree.finish().is_none() {
                match self.friend_end(intent) {
                    friend::FriendEnd::End(ending) => self.end(ending, fx),
                    friend::FriendEnd::Changed => self.write(fx),
                    friend::FriendEnd::Nothing => {}
                }
            }
            return;
        }
        let shown = Shown { tree: &self.tree, seats: self.seats, on_page: self.shown };
        match self.endings.apply(intent, shown, self.computer.last_score()) {
            ending::Decision::End(ending) => self.end(ending, fx),
            ending::Decision::Say(words) => self.notices.push(words),
            ending::Decision::Nothing => {}
        }
    }

    pub(super) fn clock(&mut self, intent: ClockIntent, fx: &mut Vec<Effect>) {
        match intent {
            ClockIntent::Tick => {
                if let Some(player) = self.clocks.flagged(&self.tree) {
                    self.end(Ending::TimeOut { player, draw: false }, fx);
                }
            }
            ClockIntent::Pause(paused) if self.can_pause() => {
                self.clocks.pause(&mut self.tree, paused);
                self.write(fx);
            }
            ClockIntent::Pause(_) => {}
            ClockIntent::Save => {
                if self.clocks.running().is_some() {
                    self.write(fx);
                }
            }
        }
    }

    pub(super) fn answer(&mut self, role: Role, response: crate::worker::protocol::Response, fx: &mut Vec<Effect>) {
        let shown = Shown { tree: &self.tree, seats: self.seats, on_page: self.shown };
        match role {
            Role::Computer | Role::Helper(_) => {
                if let Some(mv) = self.computer.answer(role, response, shown, fx) {
                    let queued = self.premove.take();
                    self.play(mv, fx);
                    if let Some(queued) = queued {
                        self.play_premove(queued, fx);
                    }
                }
            }
            Role::Adviser => self.advice.answer(response, self.tree.position()),
            Role::Reviewer(k) => {
                let was_running = self.review.running();
                self.review.answer(usize::from(k), response, &self.tree, &mut self.requests, fx);
                // A finished review is saved with the game.
                if was_running && !self.review.running() {
                    self.save(fx);
                }
            }
        }
    }

    pub(super) fn failed(&mut self, role: Role, message: String, fx: &mut Vec<Effect>) {
        match role {
            Role::Computer | Role::Helper(_) => {
                let shown = Shown { tree: &self.tree, seats: self.seats, on_page: self.shown };
                self.computer.failed(role, message, shown, fx);
            }
            Role::Adviser => self.advice.failed(message),
            // The review tries the position again.
            Role::Reviewer(k) => self.review.failed(usize::from(k), &self.tree, &mut self.requests, fx),
        }
    }
}
