//! The computer player as a feature of the session: it searches when it is
//! a computer's turn at the end of the game shown, splits a level 4–5 move
//! over several workers when the machine has the cores, paces a
//! computer-against-computer game, and stops (and waits for the player) when
//! a worker fails. It hands the session the move to play; the session plays it.

use rules::AnyMove;
use search::split::{Share, ShareAnswer};

use super::requests::Requests;
use super::{ComputerIntent, Effect, Role, Shown};
use crate::worker::protocol::{Purpose, Request, Response};

/// The default pace of a computer-against-computer game, in milliseconds.
pub const DEFAULT_PACE_MS: u32 = 700;

/// The most workers one computer move is split over.
pub const MAX_MOVE_WORKERS: u8 = 4;

/// One share of a computer move split over workers.
#[derive(Clone, Debug)]
struct ShareState {
    request: Request,
    /// Its score after each completed depth (alpha-beta only).
    by_depth: Vec<(u32, i32)>,
    answer: Option<ShareAnswer<AnyMove>>,
    /// Whether it was sent again after its worker failed.
    retried: bool,
}

/// The worker of share `part`.
fn share_role(part: u8) -> Role {
    if part == 0 { Role::Computer } else { Role::Helper(part) }
}

/// The computer player's state.
#[derive(Debug)]
pub(super) struct Computer {
    /// The id of the computer's search (sent or waiting for its pace).
    thinking: Option<u64>,
    /// When the computer's move is split over workers: each share's progress.
    shares: Vec<ShareState>,
    /// Workers a level 4–5 move is split over (1: no split).
    move_workers: u8,
    /// A worker failed: the computer waits for the player's next action.
    stalled: bool,
    paused: bool,
    pace_ms: u32,
    /// A message about the computer (failures and restarts).
    notice: Option<String>,
    /// Its score for itself at its last move (what it answers a draw offer with).
    last_score: Option<i32>,
    /// In a timed game, the longest its next move may think (from its clock).
    time_cap_ms: Option<u32>,
}

impl Default for Computer {
    fn default() -> Self {
        Computer {
            thinking: None,
            shares: Vec::new(),
            move_workers: 1,
            stalled: false,
            paused: false,
            pace_ms: DEFAULT_PACE_MS,
            notice: None,
            last_score: None,
            time_cap_ms: None,
        }
    }
}

impl Computer {
    /// Whether the computer is thinking about its move.
    pub(super) fn thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// The id of the computer's search, if it is thinking.
    #[cfg(test)]
    pub(super) fn search_id(&self) -> Option<u64> {
        self.thinking
    }

    pub(super) fn stalled(&self) -> bool {
        self.stalled
    }

    pub(super) fn paused(&self) -> bool {
        self.paused
    }

    pub(super) fn pace_ms(&self) -> u32 {
        self.pace_ms
    }

    pub(super) fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// Its score for itself when it last moved.
    pub(super) fn last_score(&self) -> Option<i32> {
        self.last_score
    }

    /// Splits level 4–5 moves over `workers` workers (1 to [`MAX_MOVE_WORKERS`]).
    pub(super) fn set_move_workers(&mut self, workers: usize) {
        self.move_workers = workers.clamp(1, usize::from(MAX_MOVE_WORKERS)) as u8;
    }

    /// In a timed game, the longest the computer's next move may think.
    pub(super) fn set_time_cap(&mut self, cap_ms: Option<u32>) {
        self.time_cap_ms = cap_ms;
    }

    pub(super) fn apply(&mut self, intent: ComputerIntent) {
        match intent {
            ComputerIntent::Pause(paused) => self.paused = paused,
            ComputerIntent::Pace(ms) => self.pace_ms = ms,
            ComputerIntent::Retry => {
                self.stalled = false;
                self.notice = None;
            }
        }
    }

    /// A game was opened: no pause, no failure carried over.
    pub(super) fn loaded(&mut self) {
        self.paused = false;
        self.stalled = false;
        self.notice = None;
        self.last_score = None;
    }

    /// Starts the computer's search when it is its turn at the end of the
    /// game; stops a search that no longer applies. Runs after every intent.
    pub(super) fn drive(&mut self, shown: Shown<'_>, requests: &mut Requests, fx: &mut Vec<Effect>) {
        let position = shown.tree.position();
        let level = shown.seats[position.to_move()].level();
        // A finished game (by its rules, a resignation, a draw agreed) is for
        // looking at: the computer plays no more, in the main line or beside it.
        let wanted = level.filter(|_| {
            shown.on_page
                && !self.stalled
                && !self.paused
                && shown.tree.at_end()
                && position.outcome().is_none()
                && shown.tree.finish().is_none()
        });
        match (wanted, self.thinking) {
            (Some(level), None) => {
                // Computer against computer: pace the moves so people can watch.
                let delay = if shown.watching() { self.pace_ms } else { 0 };
                // Levels 4 and 5 think for a fixed time: more workers, deeper
                // search. Levels that spend fixed nodes, or ask the solver
                // first (Lines of Action 5 × 5), stay on one.
                let parts = if level.splits(&shown.tree.spec()) { self.move_workers } else { 1 };
                let id = requests.next_id();
                let time_limit_ms = Purpose::Move { level }.time_limit_ms(&shown.tree.spec());
                let seed = Requests::move_seed(shown.tree);
                if parts <= 1 {
                    let mut request =
                        Requests::request(shown.tree, id, Purpose::Move { level }, shown.tree.moves_to_cursor(), seed);
                    request.cap_time(self.time_cap_ms);
                    fx.push(Effect::Search { role: Role::Computer, request, time_limit_ms, delay_ms: delay });
                    self.thinking = Some(id);
                    return;
                }
                for part in 0..parts {
                    let share = Share::new(part, parts).unwrap_or(Share::ALL);
                    let purpose = Purpose::Part { level, share };
                    let mut request = Requests::request(shown.tree, id, purpose, shown.tree.moves_to_cursor(), seed);
                    request.cap_time(self.time_cap_ms);
                    let role = share_role(part);
                    fx.push(Effect::Search { role, request: request.clone(), time_limit_ms, delay_ms: delay });
                    self.shares.push(ShareState { request, by_depth: Vec::new(), answer: None, retried: false });
                }
                self.thinking = Some(id);
            }
            (None, Some(_)) => self.stop(fx),
            _ => {}
        }
    }

    /// Stops the computer's search, on every worker it uses.
    pub(super) fn stop(&mut self, fx: &mut Vec<Effect>) {
        if self.thinking.take().is_none() {
            return;
        }
        fx.push(Effect::Stop(Role::Computer));
        for part in 1..self.shares.len() as u8 {
            fx.push(Effect::Stop(Role::Helper(part)));
        }
        self.shares.clear();
    }

    /// The share a worker's answer belongs to, if the move is split.
    fn share_of(&self, role: Role) -> Option<usize> {
        let part = match role {
            Role::Computer => 0,
            Role::Helper(k) => usize::from(k),
            Role::Adviser | Role::Reviewer(_) => return None,
        };
        (part < self.shares.len()).then_some(part)
    }

    /// A worker of the computer answered: the move to play, once there is
    /// one (checked legal in the position shown; a move that is not is
    /// refused, said, and the computer waits).
    pub(super) fn answer(
        &mut self,
        role: Role,
        response: Response,
        shown: Shown<'_>,
        fx: &mut Vec<Effect>,
    ) -> Option<AnyMove> {
        let (best, score) = if let Some(part) = self.share_of(role)
            && response.id().is_some()
            && response.id() == self.thinking
        {
            self.share_answer(part, response, shown, fx)?
        } else {
            match response {
                Response::Done { id, best, score, .. } if role == Role::Computer && self.thinking == Some(id) => {
                    self.thinking = None;
                    (best, score)
                }
                Response::Error { id, message } if role == Role::Computer && self.thinking == Some(id) => {
                    self.thinking = None;
                    self.stalled = true;
                    self.notice = Some(crate::t!("The computer could not move: {reason}", reason = message));
                    return None;
                }
                // Progress of the computer's move, and answers for searches no
                // longer wanted (a position no longer shown), are dropped.
                _ => return None,
            }
        };
        if !shown.tree.position().is_legal(best) {
            self.notice = Some(crate::t!("The computer's move {move} was refused: not a legal move here", move = best));
            self.stalled = true;
            return None;
        }
        self.notice = None;
        self.last_score = Some(score);
        Some(best)
    }

    /// A share's answer or progress; once every share has answered, the
    /// move they choose together.
    fn share_answer(
        &mut self,
        part: usize,
        response: Response,
        shown: Shown<'_>,
        fx: &mut Vec<Effect>,
    ) -> Option<(AnyMove, i32)> {
        let alpha_beta = search::levels::searcher_for(&shown.tree.spec()) == search::SearcherKind::AlphaBeta;
        let share = &mut self.shares[part];
        match response {
            Response::Info { depth, score, .. } if alpha_beta => share.by_depth.push((depth, score)),
            Response::Done { best, score, depth, .. } => {
                let by_depth = std::mem::take(&mut share.by_depth);
                share.answer = Some(ShareAnswer { best, score, depth, by_depth });
            }
            Response::Error { message, .. } => {
                self.stop(fx);
                self.stalled = true;
                self.notice = Some(crate::t!("The computer could not move: {reason}", reason = message));
                return None;
            }
            _ => return None,
        }
        let answers: Vec<ShareAnswer<AnyMove>> = self.shares.iter().map(|s| s.answer.clone()).collect::<Option<_>>()?;
        let chosen = &answers[search::split::choose(&answers)?];
        self.thinking = None;
        self.shares.clear();
        Some((chosen.best, chosen.score))
    }

    /// A worker of the computer failed. A share of a split move is sent once
    /// more, to a fresh worker, keeping the other shares' answers; otherwise
    /// the computer stops and waits for [`ComputerIntent::Retry`].
    pub(super) fn failed(&mut self, role: Role, message: String, shown: Shown<'_>, fx: &mut Vec<Effect>) {
        if let Some(part) = self.share_of(role)
            && self.thinking.is_some()
            && !self.shares[part].retried
        {
            let share = &mut self.shares[part];
            share.retried = true;
            share.by_depth.clear();
            let request = share.request.clone();
            let time_limit_ms = match &request {
                Request::Search { purpose, .. } => purpose.time_limit_ms(&shown.tree.spec()),
                Request::Bench { .. } | Request::Library(_) | Request::Language { .. } => 0.0,
            };
            fx.push(Effect::Search { role, request, time_limit_ms, delay_ms: 0 });
            return;
        }
        // A helper of no move under way: nothing waits on it.
        if matches!(role, Role::Helper(_)) && self.shares.is_empty() {
            return;
        }
        if self.thinking.is_some() {
            self.stop(fx);
            self.stalled = true;
        }
        self.notice = Some(message);
    }
}
