//! The UI and the search worker speak in two serde enums, [`Request`] and
//! [`Response`], sent as bytes in postcard's compact encoding (a message is
//! a few dozen bytes; the encoder and decoder are a fraction of a JSON
//! library's code in each `.wasm`). The worker greets with
//! [`Response::Ready`] carrying [`VERSION`]; the UI checks it before sending
//! anything. Every search request carries an id, echoed in every answer, so
//! the UI can drop answers for a position it no longer shows.
//!
//! [`handle`] is the whole worker logic, a pure function of the request, the
//! clock and a sink for answers, so it runs in native tests.

use rules::{GameSpec, quote};
use search::levels::Level;
use search::review::{self, Verdict};
use search::solver::{self, Limits};
use search::split::Share;
use search::{AnyEngine, Budget, Clock, Controls, score};
use serde::{Deserialize, Serialize};

/// The protocol version; the UI refuses a worker that answers another.
/// Version 2: binary messages (version 1 sent JSON text); version 3 adds
/// [`Purpose::Review`], version 4 [`Purpose::Part`], version 5 the
/// solver's scores in analyses and reviews (`search::score::SOLVED_WIN`).
pub const VERSION: u32 = 5;

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Purpose {
    /// The computer's move at a level.
    Move {
        /// The level, sent as its number.
        #[serde(with = "level_number")]
        level: Level,
    },
    /// A hint for the player: a short search.
    Hint,
    /// Open-ended analysis, reported as it deepens until the budget runs out.
    Analyse,
    /// One position of a game review: a fixed node budget, no progress reports.
    Review,
    /// One share of the root moves of the computer's move at a level, when
    /// the move is split over several workers (`search::split`).
    Part {
        /// The level, sent as its number.
        #[serde(with = "level_number")]
        level: Level,
        /// Which share, sent as (part, parts).
        #[serde(with = "share_numbers")]
        share: Share,
    },
}

/// A [`Share`] travels as two numbers; a share that does not exist is
/// refused when the request is read.
mod share_numbers {
    use search::split::Share;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(share: &Share, to: S) -> Result<S::Ok, S::Error> {
        (share.part(), share.parts()).serialize(to)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Share, D::Error> {
        let (part, parts) = <(u8, u8)>::deserialize(from)?;
        Share::new(part, parts).ok_or_else(|| serde::de::Error::custom(format!("no share {part} of {parts}")))
    }
}

/// A [`Level`] travels as its number; a number outside 1–5 is refused when
/// the request is read.
mod level_number {
    use search::levels::Level;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(level: &Level, to: S) -> Result<S::Ok, S::Error> {
        to.serialize_u8(level.number())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Level, D::Error> {
        let n = u8::deserialize(from)?;
        Level::new(n).ok_or_else(|| serde::de::Error::custom(format!("{n} is not a level (1 to 5)")))
    }
}

/// A request from the UI.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Search a position.
    Search {
        /// Echoed in every answer.
        id: u64,
        /// The game spec, e.g. `loa`.
        spec: String,
        /// The start position text, if not the initial position.
        from: Option<String>,
        /// The moves from the start to the position.
        moves: Vec<String>,
        /// What the search is for.
        purpose: Purpose,
        /// The random seed.
        seed: u64,
    },
    /// Measure search speed: `nodes` nodes on the start position of `spec`.
    Bench {
        /// Echoed in the answer.
        id: u64,
        /// The game spec.
        spec: String,
        /// The node budget.
        nodes: u64,
    },
}

/// An answer from the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Response {
    /// The worker has started.
    Ready {
        /// Its protocol version.
        version: u32,
    },
    /// Progress of a search.
    Info {
        /// The request's id.
        id: u64,
        /// Depth reached.
        depth: u32,
        /// Score for the side to move (see `search::score`).
        score: i32,
        /// The score in words: `+0.35`, `win in 3`.
        score_text: String,
        /// Nodes searched.
        nodes: u64,
        /// The principal variation in notation.
        pv: Vec<String>,
    },
    /// The search's answer.
    Done {
        /// The request's id.
        id: u64,
        /// The move found.
        best: String,
        /// Its score for the side to move.
        score: i32,
        /// The score in words.
        score_text: String,
        /// Depth reached.
        depth: u32,
        /// The principal variation.
        pv: Vec<String>,
        /// Nodes searched.
        nodes: u64,
        /// Milliseconds spent.
        elapsed_ms: f64,
    },
    /// A benchmark's result.
    Bench {
        /// The request's id.
        id: u64,
        /// Nodes searched.
        nodes: u64,
        /// Milliseconds spent.
        elapsed_ms: f64,
    },
    /// The request could not be served.
    Error {
        /// The request's id (0 if it could not be read).
        id: u64,
        /// Why.
        message: String,
    },
}

impl Response {
    /// The id of the request answered (none for the greeting).
    #[must_use]
    pub fn id(&self) -> Option<u64> {
        match self {
            Response::Ready { .. } => None,
            Response::Info { id, .. }
            | Response::Done { id, .. }
            | Response::Bench { id, .. }
            | Response::Error { id, .. } => Some(*id),
        }
    }
}

/// The largest request the worker reads, in bytes (a game of 10,000 moves
/// takes about 70 KB).
pub const MAX_REQUEST_BYTES: usize = 256 * 1024;
/// The most moves a search request may replay.
pub const MAX_MOVES: usize = 10_000;
/// The largest benchmark, in nodes (a few tens of seconds in a browser).
pub const MAX_BENCH_NODES: u64 = 50_000_000;

/// How long a hint thinks, in milliseconds.
pub const HINT_MS: f64 = 1_500.0;
/// How long an analysis runs before it settles, in milliseconds.
pub const ANALYSIS_MS: f64 = 60_000.0;

/// How long an analysis or a hint first lets the solver try, on the boards
/// where it settles positions quickly, in milliseconds (and positions at most).
pub const ANALYSIS_SOLVE_MS: f64 = 1_000.0;
const ANALYSIS_SOLVE_NODES: u64 = 1_000_000;

/// The longest one position of a review may take (its budget is in nodes:
/// a fraction of a second in every game).
pub const REVIEW_LIMIT_MS: f64 = 10_000.0;

/// The worker's memory between requests: the engine of the last game, so
/// its transposition table carries over from move to move.
#[derive(Default)]
pub struct WorkerState {
    engine: Option<(GameSpec, Purpose, AnyEngine)>,
}

/// The settings of a search for `purpose`.
fn settings(spec: &GameSpec, purpose: Purpose) -> (search::EngineSetup, Budget) {
    match purpose {
        Purpose::Move { level } => {
            let s = level.settings(spec);
            (s.setup, s.budget)
        }
        Purpose::Hint => (Level::STRONGEST.settings(spec).setup, Budget::time_ms(HINT_MS)),
        Purpose::Analyse => (Level::STRONGEST.settings(spec).setup, Budget::time_ms(ANALYSIS_MS)),
        Purpose::Review => search::review::settings(spec),
        Purpose::Part { level, share } => {
            let s = level.settings(spec);
            // Each worker searches a smaller tree; together they hold no
            // more than twice one worker's memory.
            let memory_mb = (s.setup.memory_mb * 2 / usize::from(share.parts())).clamp(16, s.setup.memory_mb);
            (search::EngineSetup { share, memory_mb, ..s.setup }, s.budget)
        }
    }
}

impl Purpose {
    /// The longest a search for this purpose should take in `spec`, for the
    /// UI's watchdog.
    #[must_use]
    pub fn time_limit_ms(self, spec: &GameSpec) -> f64 {
        match self {
            Purpose::Move { level } | Purpose::Part { level, .. } => level.settings(spec).time_limit_ms(),
            Purpose::Hint => ANALYSIS_SOLVE_MS + HINT_MS,
            Purpose::Analyse => ANALYSIS_SOLVE_MS + ANALYSIS_MS,
            Purpose::Review => REVIEW_LIMIT_MS,
        }
    }
}

/// Serves one request, sending answers to `post`.
pub fn handle(state: &mut WorkerState, request: Request, clock: &dyn Clock, post: &mut dyn FnMut(Response)) {
    match request {
        Request::Search { id, spec, from, moves, purpose, seed } => {
            let fail = |message: String| Response::Error { id, message };
            if moves.len() > MAX_MOVES {
                return post(fail(format!("{} moves to replay; at most {MAX_MOVES}", moves.len())));
            }
            let parsed = match spec.parse::<GameSpec>() {
                Ok(parsed) => parsed,
                Err(e) => return post(fail(format!("game spec {}: {e}", quote(&spec)))),
            };
            let game = match parsed.replay(from.as_deref(), moves.iter().map(String::as_str), |_, _| {}) {
                Ok(game) => game,
                Err(e) => return post(fail(e.to_string())),
            };
            if game.outcome().is_some() {
                return post(fail("the game is over".to_owned()));
            }
            // On small boards an analysis or a hint asks the solver first: a
            // win or a draw it settles is the answer; a lost position is
            // searched for the move that resists best, and reported as lost.
            let start = clock.now_ms();
            let solve = Limits {
                nodes: ANALYSIS_SOLVE_NODES,
                time_ms: Some(ANALYSIS_SOLVE_MS),
                clock,
                memory_mb: 32,
                ..Limits::default()
            };
            let asks_solver = matches!(purpose, Purpose::Analyse | Purpose::Hint);
            let settled = if asks_solver { solver::settle(&game, solve) } else { None };
            if let Some(solver::Settled { score, best: Some(best), line, nodes }) = settled {
                // A win shows its line of perfect play; a draw its move.
                let pv = if line.is_empty() { vec![best.clone()] } else { line };
                let (score_text, elapsed_ms) = (score::describe(score), clock.now_ms() - start);
                return post(Response::Done { id, best, score, score_text, depth: 0, pv, nodes, elapsed_ms });
            }
            // (A win or a draw whose move the solver's table no longer holds
            // is left to the search.)
            let lost_position = settled.is_some_and(|s| s.score == -score::SOLVED_WIN);
            let lost = |score: i32| if lost_position && !score::is_proven(score) { -score::SOLVED_WIN } else { score };
            let (setup, budget) = settings(&parsed, purpose);
            // Keep the engine (and its table) while the game and purpose stay the same.
            let reuse = matches!(&state.engine, Some((s, p, _)) if *s == parsed && *p == purpose);
            if !reuse {
                state.engine = Some((parsed, purpose, AnyEngine::new(parsed.kind(), setup)));
            }
            let Some((_, _, engine)) = state.engine.as_mut() else { return };
            let controls = Controls { budget, clock, stop: None, seed };
            let result = engine.search(&game, &controls, &mut |info| {
                if purpose == Purpose::Review {
                    return;
                }
                let score = lost(info.score);
                let (score_text, pv) = (score::describe(score), info.pv.clone());
                post(Response::Info { id, depth: info.depth, score, score_text, nodes: info.nodes, pv });
            });
            let Some(r) = result else { return post(fail("the search found no move".to_owned())) };
            // A review's verdict is settled by the solver where it can be.
            let mut verdict = Verdict { to_move: game.to_move(), score: lost(r.score), best: Some(r.best) };
            if purpose == Purpose::Review {
                review::settle(&game, &mut verdict);
            }
            let (score, best) = (verdict.score, verdict.best.unwrap_or_default());
            post(Response::Done {
                id,
                best,
                score,
                score_text: score::describe(score),
                depth: r.depth,
                pv: r.pv,
                nodes: r.nodes,
                elapsed_ms: r.elapsed_ms,
            });
        }
        Request::Bench { id, spec, nodes } => {
            let parsed = match spec.parse::<GameSpec>() {
                Ok(parsed) => parsed,
                Err(e) => return post(Response::Error { id, message: format!("game spec {}: {e}", quote(&spec)) }),
            };
            if !(1..=MAX_BENCH_NODES).contains(&nodes) {
                return post(Response::Error { id, message: format!("{nodes} nodes; from 1 to {MAX_BENCH_NODES}") });
            }
            let mut engine = AnyEngine::new(parsed.kind(), Level::CLUB.settings(&parsed).setup);
            let controls = Controls { budget: Budget::nodes(nodes), clock, stop: None, seed: 1 };
            let start = clock.now_ms();
            let result = engine.search(&parsed.start(), &controls, &mut |_| {});
            let elapsed_ms = clock.now_ms() - start;
            post(Response::Bench { id, nodes: result.map_or(0, |r| r.nodes), elapsed_ms });
        }
    }
}

/// Reads a request; one that cannot be read is answered with an error.
///
/// # Errors
/// The [`Response::Error`] to send back.
pub fn decode_request(bytes: &[u8]) -> Result<Request, Response> {
    if bytes.len() > MAX_REQUEST_BYTES {
        let message = format!("request too large: {} bytes, at most {MAX_REQUEST_BYTES}", bytes.len());
        return Err(Response::Error { id: 0, message });
    }
    postcard::from_bytes(bytes).map_err(|e| Response::Error { id: 0, message: format!("bad request: {e}") })
}

/// The bytes of a request.
#[must_use]
pub fn encode_request(request: &Request) -> Vec<u8> {
    // Encoding into a growing vector cannot fail for these plain types.
    postcard::to_allocvec(request).unwrap_or_default()
}

/// Reads a response.
///
/// # Errors
/// Why the bytes are not a response.
pub fn decode_response(bytes: &[u8]) -> Result<Response, postcard::Error> {
    postcard::from_bytes(bytes)
}

/// The bytes of a response.
#[must_use]
pub fn encode_response(response: &Response) -> Vec<u8> {
    postcard::to_allocvec(response).unwrap_or_default()
}

#[cfg(test)]
mod tests;
