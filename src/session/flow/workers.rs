//! The session's searches: the computer's moves, hints and analysis, each
//! under an id so that an answer for a position no longer shown is dropped.

use search::split::{Share, ShareAnswer};

use super::{Analysis, Effect, Engine, Hint, Session};
use crate::worker::protocol::{Purpose, Request, Response};

/// The most workers one computer move is split over.
pub const MAX_MOVE_WORKERS: u8 = 4;

/// One share of a computer move split over workers.
#[derive(Clone, Debug)]
pub(super) struct ShareState {
    request: Request,
    /// Its score after each completed depth (alpha-beta only).
    by_depth: Vec<(u32, i32)>,
    answer: Option<ShareAnswer>,
    /// Whether it was sent again after its worker failed.
    retried: bool,
}

/// The worker of share `part`.
fn share_engine(part: u8) -> Engine {
    if part == 0 { Engine::Player } else { Engine::Helper(part) }
}

impl Session {
    pub(super) fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    pub(super) fn request(&self, id: u64, purpose: Purpose) -> Request {
        Request::Search {
            id,
            spec: self.tree.spec().to_string(),
            from: self.tree.from_text().map(str::to_owned),
            moves: self.tree.texts_to_cursor(),
            purpose,
            seed: id,
        }
    }

    pub(super) fn search(&mut self, engine: Engine, purpose: Purpose, delay_ms: u32, fx: &mut Vec<Effect>) -> u64 {
        let id = self.next_id();
        let time_limit_ms = purpose.time_limit_ms(&self.tree.spec());
        fx.push(Effect::Search { engine, request: self.request(id, purpose), time_limit_ms, delay_ms });
        id
    }

    /// Starts the computer's search when it is its turn at the end of the
    /// game; stops a search that no longer applies. Runs after every intent.
    pub(super) fn drive(&mut self, fx: &mut Vec<Effect>) {
        let position = self.tree.position();
        let level = self.seats[position.to_move()].level();
        let wanted = level.filter(|_| {
            self.shown && !self.stalled && !self.paused && self.tree.at_end() && position.outcome().is_none()
        });
        match (wanted, self.thinking) {
            (Some(level), None) => {
                // Computer against computer: pace the moves so people can watch.
                let delay = if self.watching() { self.pace_ms } else { 0 };
                // Levels 4 and 5 think for a fixed time: more workers, deeper
                // search. Levels 1–3 spend fixed nodes and stay on one.
                let parts = if level.number() >= 4 { self.move_workers } else { 1 };
                if parts <= 1 {
                    self.thinking = Some(self.search(Engine::Player, Purpose::Move { level }, delay, fx));
                    return;
                }
                let id = self.next_id();
                let time_limit_ms = Purpose::Move { level }.time_limit_ms(&self.tree.spec());
                for part in 0..parts {
                    let share = Share::new(part, parts).unwrap_or(Share::ALL);
                    let request = self.request(id, Purpose::Part { level, share });
                    let engine = share_engine(part);
                    fx.push(Effect::Search { engine, request: request.clone(), time_limit_ms, delay_ms: delay });
                    self.shares.push(ShareState { request, by_depth: Vec::new(), answer: None, retried: false });
                }
                self.thinking = Some(id);
            }
            (None, Some(_)) => {
                self.thinking = None;
                self.stop_player(fx);
            }
            _ => {}
        }
    }

    /// Splits level 4–5 moves over `workers` workers (1 to [`MAX_MOVE_WORKERS`]).
    pub fn set_move_workers(&mut self, workers: usize) {
        self.move_workers = workers.clamp(1, usize::from(MAX_MOVE_WORKERS)) as u8;
    }

    /// Stops the computer's search on every worker it uses.
    pub(super) fn stop_player(&mut self, fx: &mut Vec<Effect>) {
        fx.push(Effect::Stop(Engine::Player));
        for part in 1..self.shares.len() as u8 {
            fx.push(Effect::Stop(Engine::Helper(part)));
        }
        self.shares.clear();
    }

    /// The share a worker's answer belongs to, if the move is split.
    fn share_of(&self, engine: Engine) -> Option<usize> {
        let part = match engine {
            Engine::Player => 0,
            Engine::Helper(k) => usize::from(k),
            _ => return None,
        };
        (part < self.shares.len()).then_some(part)
    }

    /// A share's answer or progress; once every share has answered, the
    /// move they choose together is played.
    fn share_answer(&mut self, part: usize, response: Response, fx: &mut Vec<Effect>) {
        let alpha_beta = search::levels::engine_for(&self.tree.spec()) == search::EngineKind::AlphaBeta;
        let share = &mut self.shares[part];
        match response {
            Response::Info { depth, score, .. } if alpha_beta => share.by_depth.push((depth, score)),
            Response::Done { best, score, depth, .. } => {
                let by_depth = std::mem::take(&mut share.by_depth);
                share.answer = Some(ShareAnswer { best, score, depth, by_depth });
            }
            Response::Error { message, .. } => {
                self.thinking = None;
                self.stop_player(fx);
                self.stalled = true;
                self.engine_notice = Some(format!("The computer could not move: {message}"));
                return;
            }
            _ => return,
        }
        let answers: Option<Vec<ShareAnswer>> = self.shares.iter().map(|s| s.answer.clone()).collect();
        let Some(answers) = answers else { return };
        let Some(best) = search::split::choose(&answers).map(|i| answers[i].best.clone()) else { return };
        self.thinking = None;
        self.shares.clear();
        self.computer_moves(&best, fx);
    }

    /// Plays the computer's answer `best`, then any move queued meanwhile.
    fn computer_moves(&mut self, best: &str, fx: &mut Vec<Effect>) {
        self.engine_notice = None;
        match self.tree.position().parse_move(best) {
            Ok(mv) => {
                let queued = self.premove.take();
                self.play(mv, fx);
                if let Some(queued) = queued {
                    self.play_premove(queued, fx);
                }
            }
            Err(e) => {
                self.engine_notice = Some(format!("The computer's move \"{best}\" was refused: {e}"));
                self.stalled = true;
            }
        }
    }

    pub(super) fn stop_all(&mut self, fx: &mut Vec<Effect>) {
        self.stop_review(fx);
        self.review_on = false;
        if self.thinking.take().is_some() {
            self.stop_player(fx);
        }
        if self.hint_search.take().is_some() | self.analysis_search.take().is_some() {
            fx.push(Effect::Stop(Engine::Adviser));
        }
        self.hint = None;
        self.hint_wanted = false;
        self.analysis = None;
    }

    pub(super) fn ask_hint(&mut self, fx: &mut Vec<Effect>) {
        if self.tree.position().outcome().is_some() || self.hint_pending() {
            return;
        }
        self.hint = None;
        if self.analysis_on {
            // One searcher for both: the hint is the analysis' best move.
            self.hint_wanted = true;
            self.hint_from_analysis();
            return;
        }
        self.hint_search = Some(self.search(Engine::Adviser, Purpose::Hint, 0, fx));
    }

    pub(super) fn hint_from_analysis(&mut self) {
        let Some(analysis) = &self.analysis else { return };
        if !self.hint_wanted {
            return;
        }
        let Some(first) = analysis.pv.first() else { return };
        if let Ok(mv) = self.tree.position().parse_move(first) {
            self.hint = Some(Hint { mv, score_text: analysis.score_text.clone() });
            self.hint_wanted = false;
        }
    }

    pub(super) fn restart_analysis(&mut self, fx: &mut Vec<Effect>) {
        self.analysis = None;
        let want = self.analysis_on && self.shown && self.tree.position().outcome().is_none();
        if self.analysis_search.take().is_some() || (want && self.hint_search.is_some()) {
            // The adviser does one search at a time: a hint under way gives way
            // to the analysis, which will name the move.
            fx.push(Effect::Stop(Engine::Adviser));
            if self.hint_search.take().is_some() {
                self.hint_wanted = true;
            }
        }
        if want {
            self.analysis_search = Some(self.search(Engine::Adviser, Purpose::Analyse, 0, fx));
        } else if std::mem::take(&mut self.hint_wanted) {
            // The analysis was closed before it named the hint's move.
            self.hint_search = Some(self.search(Engine::Adviser, Purpose::Hint, 0, fx));
        }
    }

    pub(super) fn answer(&mut self, engine: Engine, response: Response, fx: &mut Vec<Effect>) {
        let side = self.tree.position().to_move();
        if let Some(part) = self.share_of(engine)
            && response.id().is_some()
            && response.id() == self.thinking
        {
            return self.share_answer(part, response, fx);
        }
        match (engine, response) {
            (Engine::Player, Response::Done { id, best, .. }) if self.thinking == Some(id) => {
                self.thinking = None;
                self.computer_moves(&best, fx);
            }
            (Engine::Player, Response::Error { id, message }) if self.thinking == Some(id) => {
                self.thinking = None;
                self.stalled = true;
                self.engine_notice = Some(format!("The computer could not move: {message}"));
            }
            (Engine::Adviser, Response::Done { id, best, score_text, .. }) if self.hint_search == Some(id) => {
                self.hint_search = None;
                match self.tree.position().parse_move(&best) {
                    Ok(mv) => self.hint = Some(Hint { mv, score_text }),
                    Err(e) => self.engine_notice = Some(format!("The hint \"{best}\" was refused: {e}")),
                }
            }
            (Engine::Adviser, Response::Info { id, depth, score, score_text, nodes, pv })
                if self.analysis_search == Some(id) =>
            {
                self.analysis = Some(Analysis { depth, score, score_text, pv, nodes, side, done: false });
                self.hint_from_analysis();
            }
            (Engine::Adviser, Response::Done { id, depth, score, score_text, nodes, pv, .. })
                if self.analysis_search == Some(id) =>
            {
                self.analysis_search = None;
                self.analysis = Some(Analysis { depth, score, score_text, pv, nodes, side, done: true });
                self.hint_from_analysis();
            }
            (Engine::Adviser, Response::Error { id, message })
                if self.hint_search == Some(id) || self.analysis_search == Some(id) =>
            {
                self.hint_search = None;
                self.analysis_search = None;
                self.hint_wanted = false;
                self.engine_notice = Some(message);
            }
            // Progress of the computer's move, and answers for searches no
            // longer wanted (a position no longer shown), are dropped.
            _ => {}
        }
    }

    pub(super) fn failed(&mut self, engine: Engine, message: String, fx: &mut Vec<Effect>) {
        // A share of a split move whose worker failed is sent once more, to
        // a fresh worker; the other shares' answers are kept.
        if let Some(part) = self.share_of(engine)
            && self.thinking.is_some()
            && !self.shares[part].retried
        {
            let share = &mut self.shares[part];
            share.retried = true;
            share.by_depth.clear();
            let request = share.request.clone();
            let time_limit_ms = match &request {
                Request::Search { purpose, .. } => purpose.time_limit_ms(&self.tree.spec()),
                Request::Bench { .. } => 0.0,
            };
            fx.push(Effect::Search { engine, request, time_limit_ms, delay_ms: 0 });
            return;
        }
        match engine {
            // A helper of no move under way: nothing waits on it.
            Engine::Helper(_) if self.shares.is_empty() => return,
            Engine::Player | Engine::Helper(_) => {
                if self.thinking.take().is_some() {
                    self.stop_player(fx);
                    self.stalled = true;
                }
            }
            Engine::Adviser => {
                self.hint_search = None;
                self.analysis_search = None;
                self.hint_wanted = false;
            }
            // Handled by the review, which tries again.
            Engine::Reviewer(_) => return,
        }
        self.engine_notice = Some(message);
    }
}
