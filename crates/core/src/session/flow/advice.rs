//! Advice as a feature of the session: a hint (one short search for the
//! position shown) and the analysis (an open-ended search that follows the
//! cursor, reported as it deepens; first the solver's exact value when the
//! player asked to *Solve*). One worker, the adviser, serves both,
//! one search at a time: while the analysis runs, a hint is its best move.

use rules::{AnyGame, AnyMove, Player};

use super::requests::Requests;
use super::{AdviceIntent, Analysis, Effect, Hint, Role, Session, Shown};
use crate::session::model::seats::Seat;
use crate::session::model::selection::Selection;
use crate::worker::protocol::{Purpose, Response};

/// The adviser's state.
#[derive(Debug, Default)]
pub(super) struct Advice {
    hint: Option<Hint>,
    hint_search: Option<u64>,
    /// A hint was asked while the analysis runs: its next line gives it.
    hint_wanted: bool,
    analysis_on: bool,
    /// The solver's search under way: when it fails the analysis closes.
    solve_search: Option<u64>,
    analysis: Option<Analysis>,
    analysis_search: Option<u64>,
    /// A message about the adviser's worker (failures).
    notice: Option<String>,
}

impl Advice {
    pub(super) fn hint(&self) -> Option<&Hint> {
        self.hint.as_ref()
    }

    /// Whether a hint is being worked out.
    pub(super) fn hint_pending(&self) -> bool {
        self.hint_search.is_some() || self.hint_wanted
    }

    pub(super) fn analysis_on(&self) -> bool {
        self.analysis_on
    }

    pub(super) fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref()
    }

    /// The id of the analysis under way.
    #[cfg(test)]
    pub(super) fn analysis_id(&self) -> Option<u64> {
        self.analysis_search
    }

    pub(super) fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    pub(super) fn apply(
        &mut self,
        intent: AdviceIntent,
        shown: Shown<'_>,
        requests: &mut Requests,
        fx: &mut Vec<Effect>,
    ) {
        match intent {
            AdviceIntent::Hint => self.ask_hint(shown, requests, fx),
            AdviceIntent::Analysis(on) => {
                self.analysis_on = on;
                self.restart_analysis(shown, requests, fx, Purpose::Analyse);
            }
            AdviceIntent::Solve => {
                self.analysis_on = true;
                self.restart_analysis(shown, requests, fx, Purpose::Solve);
            }
            // The session plays the line (it changes the game, not the advice).
            AdviceIntent::Line(_) => {}
        }
    }

    /// The position shown changed: no hint for the old one, and the
    /// analysis follows.
    pub(super) fn position_changed(&mut self, shown: Shown<'_>, requests: &mut Requests, fx: &mut Vec<Effect>) {
        self.hint = None;
        self.hint_wanted = false;
        if self.hint_search.take().is_some() {
            fx.push(Effect::Stop(Role::Adviser));
        }
        self.restart_analysis(shown, requests, fx, Purpose::Analyse);
    }

    /// Stops every search and forgets what they found (the game is no longer shown).
    pub(super) fn stop(&mut self, fx: &mut Vec<Effect>) {
        if self.hint_search.take().is_some() | self.analysis_search.take().is_some() {
            fx.push(Effect::Stop(Role::Adviser));
        }
        self.hint = None;
        self.hint_wanted = false;
        self.analysis = None;
    }

    /// A game was opened: no failure carried over.
    pub(super) fn loaded(&mut self) {
        self.notice = None;
    }

    fn ask_hint(&mut self, shown: Shown<'_>, requests: &mut Requests, fx: &mut Vec<Effect>) {
        if shown.tree.position().outcome().is_some() || self.hint_pending() {
            return;
        }
        self.hint = None;
        if self.analysis_on {
            // One searcher for both: the hint is the analysis' best move.
            self.hint_wanted = true;
            self.hint_from_analysis(shown.tree.position());
            return;
        }
        self.hint_search = Some(requests.send(Role::Adviser, shown.tree, Purpose::Hint, 0, fx));
    }

    fn hint_from_analysis(&mut self, position: &AnyGame) {
        let Some(analysis) = &self.analysis else { return };
        if !self.hint_wanted {
            return;
        }
        let Some(&first) = analysis.pv.first() else { return };
        if position.is_legal(first) {
            self.hint = Some(Hint { mv: first, score_text: analysis.score_text.clone() });
            self.hint_wanted = false;
        }
    }

    /// Starts the analysis of the position shown, when it is on: an
    /// open-ended search, or the solver's (*Solve*) as `purpose` says.
    fn restart_analysis(&mut self, shown: Shown<'_>, requests: &mut Requests, fx: &mut Vec<Effect>, purpose: Purpose) {
        self.analysis = None;
        let want = self.analysis_on && shown.on_page && shown.tree.position().outcome().is_none();
        if self.analysis_search.take().is_some() || (want && self.hint_search.is_some()) {
            // The adviser does one search at a time: a hint under way gives way
            // to the analysis, which will name the move.
            fx.push(Effect::Stop(Role::Adviser));
            if self.hint_search.take().is_some() {
                self.hint_wanted = true;
            }
        }
        if want {
            let id = requests.send(Role::Adviser, shown.tree, purpose, 0, fx);
            self.analysis_search = Some(id);
            self.solve_search = (purpose == Purpose::Solve).then_some(id);
        } else if std::mem::take(&mut self.hint_wanted) {
            // The analysis was closed before it named the hint's move.
            self.hint_search = Some(requests.send(Role::Adviser, shown.tree, Purpose::Hint, 0, fx));
        }
    }

    /// The adviser answered. A hint's move is checked legal in the position
    /// shown (the one asked about: any other answer's id is stale).
    pub(super) fn answer(&mut self, response: Response, position: &AnyGame) {
        let side = position.to_move();
        match response {
            Response::Done { id, best, score, .. } if self.hint_search == Some(id) => {
                self.hint_search = None;
                if position.is_legal(best) {
                    self.hint = Some(Hint { mv: best, score_text: crate::i18n::intl::evaluation(score) });
                    self.notice = None;
                } else {
                    self.notice = Some(crate::t!("The hint {move} was refused: not a legal move here", move = best));
                }
            }
            Response::Info { id, depth, score, nodes, pv } if self.analysis_search == Some(id) => {
                let score_text = crate::i18n::intl::evaluation(score);
                self.analysis = Some(Analysis { depth, score, score_text, pv, nodes, side, done: false });
                self.hint_from_analysis(position);
            }
            Response::Done { id, depth, score, nodes, pv, .. } if self.analysis_search == Some(id) => {
                self.analysis_search = None;
                let score_text = crate::i18n::intl::evaluation(score);
                self.analysis = Some(Analysis { depth, score, score_text, pv, nodes, side, done: true });
                self.hint_from_analysis(position);
            }
            Response::Error { id, message } if self.hint_search == Some(id) || self.analysis_search == Some(id) => {
                // A solve that did not settle: said, and nothing left to show.
                if self.solve_search == Some(id) {
                    self.analysis_on = false;
                }
                self.hint_search = None;
                self.analysis_search = None;
                self.hint_wanted = false;
                self.notice = Some(message);
            }
            // Answers for a position no longer shown are dropped.
            _ => {}
        }
    }

    /// The adviser's worker failed: nothing under way any more.
    pub(super) fn failed(&mut self, message: String) {
        self.hint_search = None;
        self.analysis_search = None;
        self.hint_wanted = false;
        self.notice = Some(message);
    }
}

/// The analysis's line played on the board.
impl Session {
    /// Whether the analysis's line may be played on the board
    /// ([`AdviceIntent::Line`]): not at the end of a game in progress
    /// against the computer or on the clock, nor after a game's end (its
    /// moves would be the game's), nor in a challenge, nor on a board that
    /// takes no moves.
    #[must_use]
    pub fn line_playable(&self) -> bool {
        let live = self.tree.finish().is_none()
            && (self.tree.clock().is_some() || Player::ALL.iter().any(|&p| self.seats[p] != Seat::Human));
        let at_end = self.tree.at_main_end() && (live || self.tree.ending().is_some());
        self.view.interactive && !at_end && !self.challenge_on() && self.advice.analysis().is_some()
    }

    /// Plays the analysis's line up to its move `upto` from the position
    /// shown, each move along the line already there or as a variation; a
    /// move the position does not allow ends it.
    pub(super) fn step_into_line(&mut self, upto: usize, fx: &mut Vec<Effect>) {
        if !self.line_playable() {
            return;
        }
        let line: Vec<AnyMove> =
            self.advice.analysis().map(|a| a.pv.iter().take(upto + 1).copied().collect()).unwrap_or_default();
        let mut played = false;
        for mv in line {
            if !self.tree.position().legal_moves().contains(&mv) {
                break;
            }
            self.tree.play(mv);
            played = true;
        }
        if played {
            self.selection = Selection::default();
            self.animation = None;
            self.position_changed(fx);
            self.write(fx);
        }
    }
}
