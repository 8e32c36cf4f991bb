//! The computer players, hints and analysis: the glue between the app's
//! state and the two search workers (one plays, one advises).

use gloo_timers::callback::Timeout;
use leptos::prelude::*;
use rules::Player;

use crate::app::AppState;
use crate::session::history::History;
use crate::session::players::Seat;
use crate::worker::client::EngineClient;
use crate::worker::protocol::{ANALYSIS_MS, HINT_MS, Purpose, Request, Response};

/// What the analysis panel shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// Depth reached.
    pub depth: u32,
    /// Score for the side to move.
    pub score: i32,
    /// The score in words.
    pub score_text: String,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Who is to move in the analysed position.
    pub side: Player,
    /// Whether the search has finished.
    pub done: bool,
}

/// A suggested move.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The move in notation.
    pub mv: String,
    /// Its evaluation in words.
    pub score_text: String,
}

/// The budget of a level's move, for the watchdog.
fn level_budget_ms(level: u8) -> f64 {
    match level {
        4 => 1_000.0,
        5 => 5_000.0,
        _ => 10_000.0,
    }
}

fn request(history: &History, id: u64, purpose: Purpose) -> Request {
    let spec = history.start().spec().to_string();
    Request::Search {
        id,
        spec,
        from: history.from_text().map(str::to_owned),
        moves: history.moves()[..history.cursor()].to_vec(),
        purpose,
        seed: id,
    }
}

/// The two workers, created on first use.
pub struct Engines {
    player: Option<EngineClient>,
    adviser: Option<EngineClient>,
    pace: Option<Timeout>,
    next_id: u64,
}

impl Engines {
    /// No workers yet.
    #[must_use]
    pub fn new() -> Engines {
        Engines { player: None, adviser: None, pace: None, next_id: 1 }
    }
}

impl Default for Engines {
    fn default() -> Self {
        Engines::new()
    }
}

fn next_id(state: AppState) -> u64 {
    state.engines.update_value(|e| e.next_id += 1);
    state.engines.with_value(|e| e.next_id)
}

fn player(state: AppState) -> EngineClient {
    if let Some(client) = state.engines.with_value(|e| e.player.clone()) {
        return client;
    }
    let client = EngineClient::new(
        move |response| on_player_response(state, response),
        move |problem| {
            state.thinking.set(None);
            state.engine_notice.set(Some(problem));
        },
    );
    state.engines.update_value(|e| e.player = Some(client.clone()));
    client
}

fn adviser(state: AppState) -> EngineClient {
    if let Some(client) = state.engines.with_value(|e| e.adviser.clone()) {
        return client;
    }
    let client = EngineClient::new(
        move |response| on_adviser_response(state, response),
        move |problem| {
            state.hint_id.set(None);
            state.analysis_id.set(None);
            state.engine_notice.set(Some(problem));
        },
    );
    state.engines.update_value(|e| e.adviser = Some(client.clone()));
    client
}

fn on_player_response(state: AppState, response: Response) {
    match response {
        Response::Done { id, best, .. } if state.thinking.get_untracked() == Some(id) => {
            state.thinking.set(None);
            state.engine_notice.set(None);
            if let Err(e) = state.play(&best) {
                state.engine_notice.set(Some(format!("The computer's move was refused: {e}")));
            }
        }
        Response::Error { id, message } if state.thinking.get_untracked() == Some(id) => {
            state.thinking.set(None);
            state.engine_notice.set(Some(format!("The computer could not move: {message}")));
        }
        // Progress, and answers for a position no longer shown, are dropped.
        _ => {}
    }
}

fn on_adviser_response(state: AppState, response: Response) {
    let side = state.history.with_untracked(|h| h.position().to_move());
    match response {
        Response::Done { id, best, score_text, .. } if state.hint_id.get_untracked() == Some(id) => {
            state.hint_id.set(None);
            state.hint.set(Some(Hint { mv: best, score_text }));
        }
        Response::Info { id, depth, score, score_text, nodes, pv } if state.analysis_id.get_untracked() == Some(id) => {
            state.analysis.set(Some(Analysis { depth, score, score_text, pv, nodes, side, done: false }));
        }
        Response::Done { id, depth, score, score_text, nodes, pv, .. }
            if state.analysis_id.get_untracked() == Some(id) =>
        {
            state.analysis_id.set(None);
            state.analysis.set(Some(Analysis { depth, score, score_text, pv, nodes, side, done: true }));
        }
        Response::Error { id, message }
            if state.hint_id.get_untracked() == Some(id) || state.analysis_id.get_untracked() == Some(id) =>
        {
            state.hint_id.set(None);
            state.analysis_id.set(None);
            state.engine_notice.set(Some(message));
        }
        _ => {}
    }
}

/// Stops the computer player's search, if any.
pub fn stop_player(state: AppState) {
    state.engines.update_value(|e| e.pace = None);
    if state.thinking.get_untracked().is_some() {
        state.thinking.set(None);
        player(state).stop();
    }
}

/// Stops hints and analysis.
pub fn stop_adviser(state: AppState) {
    if state.hint_id.get_untracked().is_some() || state.analysis_id.get_untracked().is_some() {
        state.hint_id.set(None);
        state.analysis_id.set(None);
        adviser(state).stop();
    }
}

/// Asks for the computer's move when it is the computer's turn at the end
/// of the game; stops a search that no longer applies. Run by an effect.
pub fn drive(state: AppState) {
    let (over, at_end, to_move) = state
        .history
        .with(|h| (h.position().outcome().is_some(), h.cursor() == h.moves().len(), h.position().to_move()));
    let seats = state.seats.get();
    let paused = state.paused.get();
    let playing = state.page.get() == crate::app::Page::Play;
    let level = seats[to_move].level();
    match level {
        Some(level) if !over && at_end && !paused && playing => {
            if state.thinking.get_untracked().is_some() {
                return;
            }
            let id = next_id(state);
            state.thinking.set(Some(id));
            let send = move || {
                if state.thinking.get_untracked() != Some(id) {
                    return;
                }
                let req = state.history.with_untracked(|h| request(h, id, Purpose::Move { level }));
                player(state).send(req, level_budget_ms(level));
            };
            // Computer against computer: pace the moves so people can watch.
            if seats[to_move.opponent()].level().is_some() {
                let delay = state.pace_ms.get_untracked();
                state.engines.update_value(|e| e.pace = Some(Timeout::new(delay, send)));
            } else {
                send();
            }
        }
        _ => stop_player(state),
    }
}

/// Asks for a hint for the position shown.
pub fn request_hint(state: AppState) {
    stop_adviser(state);
    state.hint.set(None);
    let id = next_id(state);
    state.hint_id.set(Some(id));
    let req = state.history.with_untracked(|h| request(h, id, Purpose::Hint));
    adviser(state).send(req, HINT_MS);
}

/// Starts (or restarts) the analysis of the position shown, if the panel is open.
pub fn analyse(state: AppState) {
    let open = state.analysis_on.get();
    let over = state.history.with(|h| h.position().outcome().is_some());
    state.analysis.set(None);
    if state.analysis_id.get_untracked().is_some() {
        state.analysis_id.set(None);
        adviser(state).stop();
    }
    if !open || over {
        return;
    }
    let id = next_id(state);
    state.analysis_id.set(Some(id));
    let req = state.history.with_untracked(|h| request(h, id, Purpose::Analyse));
    adviser(state).send(req, ANALYSIS_MS);
}

/// Whether the player to move is the computer (so clicks must not move for it).
#[must_use]
pub fn computer_to_move(state: AppState) -> bool {
    let to_move = state.history.with_untracked(|h| h.position().to_move());
    matches!(state.seats.get_untracked()[to_move], Seat::Computer(_))
}

/// The win chance for the side to move that a score stands for.
#[must_use]
pub fn win_chance(score: i32) -> f64 {
    if search::score::is_proven(score) {
        return if score > 0 { 1.0 } else { 0.0 };
    }
    1.0 / (1.0 + (-f64::from(score) / 300.0).exp())
}
