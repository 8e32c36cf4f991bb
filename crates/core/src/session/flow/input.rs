//! What the player's hand does on the board, as the session takes it: a
//! click or a tap (select, move, or say why not), a dragged piece let go, a
//! move typed in notation, and whether the player may move or queue a move
//! at all. The moves it makes are played by [`Session::play`](super::Session).

use rules::CellId;

use super::{Effect, Session, Sound};
use crate::session::model::seats::Seat;
use crate::session::model::selection::{self, Click, Selection};

impl Session {
    /// Whether the player may move in the position shown: the game is on, the
    /// page takes moves, and it is not the computer's turn at the end of the game.
    pub(super) fn may_move(&self) -> bool {
        let position = self.tree.position();
        let computer_turn = self.seats[position.to_move()] != Seat::Human && self.tree.at_end();
        let ended = self.tree.ending().is_some() && self.tree.at_main_end();
        // With a friend far away, only the game's next move is made here.
        let off_line = self.tree.friend().is_some() && !self.tree.at_main_end();
        position.outcome().is_none() && self.view.interactive && !computer_turn && !ended && !off_line
    }

    /// Whether the player may queue a move: it is the computer's turn at the
    /// end of a game on a board that takes moves, and the player has the other side.
    pub(super) fn may_premove(&self) -> bool {
        let position = self.tree.position();
        let to_move = position.to_move();
        position.outcome().is_none()
            && self.tree.finish().is_none()
            && self.view.interactive
            && self.tree.at_end()
            && matches!(self.seats[to_move], Seat::Computer(_))
            && self.seats[to_move.opponent()] == Seat::Human
    }

    pub(super) fn click(&mut self, cell: CellId, fx: &mut Vec<Effect>) {
        let premoving = !self.may_move() && self.may_premove();
        let click = selection::click(self.choices(), &self.selection, cell);
        self.refusal = match click {
            Click::Clear if self.may_move() && self.selection.from != Some(cell) => self.why_not(cell),
            _ => None,
        };
        match click {
            Click::Play(mv) if premoving => {
                self.premove = self.choices().iter().find(|m| m.mv == mv).copied();
                self.selection = Selection::default();
            }
            Click::Play(mv) => self.person_plays(mv, fx),
            Click::Select(selection) => self.selection = selection,
            Click::Clear => {
                self.selection = Selection::default();
                // A click elsewhere also takes back a queued move.
                self.premove = None;
            }
        }
    }

    /// A dragged piece let go over `cell`: its move if that is one of the
    /// selected piece's targets; otherwise the drag is cancelled.
    pub(super) fn drop_at(&mut self, cell: Option<CellId>, fx: &mut Vec<Effect>) {
        let target = cell.filter(|&c| selection::targets(self.choices(), &self.selection).any(|m| m.to == Some(c)));
        match target {
            Some(cell) => self.click(cell, fx),
            None => {
                if let Some(cell) = cell.filter(|&c| Some(c) != self.selection.from)
                    && self.selection.from.is_some()
                {
                    fx.push(Effect::Sound(Sound::Illegal));
                    self.refusal = if self.may_move() { self.why_not(cell) } else { None };
                }
                self.selection = Selection::default();
            }
        }
    }

    /// Why a click on `cell` is not a move in the position shown, in words
    /// ([`selection::refusal`]).
    fn why_not(&self, cell: CellId) -> Option<String> {
        selection::refusal(self.tree.position(), self.legal(), &self.selection, cell)
    }

    pub(super) fn play_text(&mut self, text: &str, fx: &mut Vec<Effect>) {
        let text = text.trim();
        if !self.may_move() {
            let text = rules::quote(text);
            self.move_error = Some(if self.tree.position().outcome().is_some() || self.at_finish() {
                crate::t!("{move}: the game is already over", move = text)
            } else if !self.view.interactive {
                crate::t!("{move}: this board only shows the game", move = text)
            } else {
                crate::t!("{move}: it is the computer's turn", move = text)
            });
            fx.push(Effect::Sound(Sound::Illegal));
            return;
        }
        match self.tree.position().parse_move(text) {
            Ok(mv) => self.person_plays(mv, fx),
            Err(e) => {
                self.move_error = Some(
                    crate::t!("{move}: {reason}", move = rules::quote(text), reason = crate::i18n::rules_words::move_error(&e)),
                );
                fx.push(Effect::Sound(Sound::Illegal));
            }
        }
    }
}
