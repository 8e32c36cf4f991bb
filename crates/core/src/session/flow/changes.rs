//! What changes the game shown, and how each change is written: a game
//! loaded, a move played (by the person, the computer, a premove or a
//! variation's move), a move taken back, the game ended beside its rules;
//! after each, the position's legal moves and searches start again, and the
//! address bar and the library are told (`write`, `save`).

use std::sync::OnceLock;

use rules::{AnyMove, MoveParts, Player};

use super::{Effect, Loaded, MAX_NOTICES, Session, Shown, Sound, at_most, ending};
use crate::session::formats::saved::{self, Kept};
use crate::session::model::ending::Ending;
use crate::session::model::seats::Seat;
use crate::session::model::selection::Selection;
use crate::session::model::tree::{Nav, NodeId};
use crate::view::animation::animate;

impl Session {
    /// Ends the game so (a resignation, a draw agreed): the computer stops,
    /// the end is written into the tree, the link and the saved game.
    pub(super) fn end(&mut self, ending: Ending, fx: &mut Vec<Effect>) {
        self.tree.navigate(Nav::Last);
        if !self.tree.at_main_end() {
            self.tree.navigate(Nav::To(self.tree.main_line().len()));
        }
        self.tree.set_ending(Some(ending));
        self.clocks.stop(&mut self.tree);
        self.selection = Selection::default();
        self.premove = None;
        self.computer.stop(fx);
        self.notices.clear();
        fx.push(Effect::Sound(Sound::End));
        self.position_changed(fx);
        self.write(fx);
    }

    /// Says why a finished game's main line cannot change.
    pub(super) fn keep_ending_notice(&mut self) {
        if let Some(ending) = self.tree.ending() {
            self.notices.push(crate::t!(
                "The game has ended ({reason}): its moves stay as they were. Variations may still be added and changed.",
                reason = ending.reason()
            ));
        }
    }

    pub(super) fn load(&mut self, loaded: Loaded, fx: &mut Vec<Effect>) {
        self.stop_all(fx);
        self.endings = ending::Endings::default();
        let Loaded { mut tree, seats, view, notices, new_entry, seed } = loaded;
        // Against the computer, a game gets its random seed once (it then
        // travels in the link and the record).
        let computer = Player::ALL.iter().any(|&p| matches!(seats[p], Seat::Computer(_)));
        if computer && tree.seed().is_none() {
            tree.set_seed(Some(seed));
        }
        self.tree = tree;
        self.seats = seats;
        self.view = view;
        self.solution_shown = false;
        self.notices = at_most(notices, MAX_NOTICES);
        let two_people = Player::ALL.iter().all(|&p| seats[p] == Seat::Human);
        self.clocks.loaded(&mut self.tree, two_people);
        self.shown = true;
        self.computer.loaded();
        self.advice.loaded();
        self.animation = None;
        self.position_changed(fx);
        // Opening a game keeps nothing: a game opened from a link is kept
        // once the person plays or studies in it.
        fx.push(Effect::Url { query: self.query(), new_entry });
    }

    /// Stops every search of every feature.
    pub(super) fn stop_all(&mut self, fx: &mut Vec<Effect>) {
        self.review.close(fx);
        self.computer.stop(fx);
        self.advice.stop(fx);
    }

    /// Writes the game to the address bar (in place) and saves it, with
    /// the running clock's time so far.
    pub(super) fn write(&mut self, fx: &mut Vec<Effect>) {
        self.write_link(fx);
        self.save(fx);
    }

    /// Writes the game to the address bar (in place), with the running
    /// clock's time so far.
    pub(super) fn write_link(&mut self, fx: &mut Vec<Effect>) {
        self.clocks.checkpoint(&mut self.tree);
        fx.push(Effect::Url { query: self.query(), new_entry: false });
    }

    /// Plays `mv`, a legal move of the position shown. At the end of a
    /// timed game's main line, a player whose time has run out loses
    /// instead, and the clocks switch after the move.
    pub(super) fn play(&mut self, mv: AnyMove, fx: &mut Vec<Effect>) {
        let game_move = self.tree.at_main_end() && self.tree.finish().is_none();
        if game_move && let Some(player) = self.clocks.flagged(&self.tree) {
            self.end(Ending::TimeOut { player, draw: false }, fx);
            return;
        }
        let before = self.tree.position().clone();
        let parts = before.move_parts(mv);
        self.tree.play(mv);
        if game_move {
            self.clocks.moved(&mut self.tree, before.to_move());
            self.friend_moved();
        }
        let after = self.tree.position();
        let ended = after.outcome().is_some() || after.match_just_ended();
        fx.push(Effect::Sound(if ended {
            Sound::End
        } else if parts.capture {
            Sound::Capture
        } else {
            Sound::Move
        }));
        self.animation = Some(animate(&before, after, &parts));
        self.endings.moved();
        self.notices.clear();
        self.move_error = None;
        self.position_changed(fx);
        self.write(fx);
    }

    /// Plays `mv` from the position at `node` (as a variation if another
    /// move follows there, or goes to it if it is already there).
    pub(super) fn play_instead(&mut self, node: NodeId, mv: AnyMove, fx: &mut Vec<Effect>) {
        self.tree.navigate(Nav::Node(node));
        self.tree.play(mv);
        self.animation = None;
        self.position_changed(fx);
        self.write(fx);
    }

    /// After the computer's move: the queued move, if it is legal now (matched
    /// by its cells and, in RA, its stones); otherwise it is dropped.
    pub(super) fn play_premove(&mut self, queued: MoveParts, fx: &mut Vec<Effect>) {
        let now = self.legal().iter().find(|m| m.from == queued.from && m.to == queued.to && m.stones == queued.stones);
        if let Some(mv) = now.map(|m| m.mv)
            && self.may_move()
        {
            self.play(mv, fx);
        }
    }

    pub(super) fn undo(&mut self, fx: &mut Vec<Effect>) {
        if !self.can_undo() {
            return;
        }
        self.tree.undo();
        // Against the computer, or a challenge's answer from its solution,
        // take the answer back too: back to the person's turn.
        let person = Player::ALL.iter().any(|&p| self.seats[p] == Seat::Human);
        let answered = self.seats[self.tree.position().to_move()] != Seat::Human || self.challenge_answer().is_some();
        if person && answered && self.tree.can_undo() {
            self.tree.undo();
        }
        self.clocks.sync(&mut self.tree);
        self.animation = None;
        self.position_changed(fx);
        self.write(fx);
    }

    /// After the position shown changed: new legal moves, no selection, no
    /// search for the old position, and the advice follows.
    pub(super) fn position_changed(&mut self, fx: &mut Vec<Effect>) {
        self.refusal = None;
        self.legal = OnceLock::new();
        self.premove_legal = OnceLock::new();
        self.premove = None;
        self.selection = Selection::default();
        // `drive` starts a search for the new position if it is the computer's turn.
        self.computer.stop(fx);
        let shown = Shown { tree: &self.tree, seats: self.seats, on_page: self.shown };
        self.advice.position_changed(shown, &mut self.requests, fx);
    }

    /// The game as the library keeps it: its link, its comments and the
    /// review's verdicts.
    #[must_use]
    pub fn kept(&self) -> Kept {
        Kept { query: self.query(), notes: saved::notes_of(&self.tree, &self.main_line_verdicts()) }
    }

    pub(super) fn save(&self, fx: &mut Vec<Effect>) {
        // An embedded board is someone else's page, and a game without a
        // move is not yet a game: neither is kept.
        // A game with a friend is kept from its start: its link is made then.
        if !self.view.embed && (!self.tree.is_empty() || self.tree.friend().is_some()) {
            fx.push(Effect::Save(Box::new(self.kept())));
        }
    }
}
