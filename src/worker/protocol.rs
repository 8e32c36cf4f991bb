//! The UI and the search worker speak in two serde enums, [`Request`] and
//! [`Response`], sent as JSON text. The worker greets with
//! [`Response::Ready`] carrying [`VERSION`]; the UI checks it before sending
//! anything. Every search request carries an id, echoed in every answer, so
//! the UI can drop answers for a position it no longer shows.
//!
//! [`handle`] is the whole worker logic, a pure function of the request, the
//! clock and a sink for answers, so it runs in native tests.

use rules::{AnyGame, GameSpec};
use search::levels;
use search::{AnyEngine, Budget, Clock, Controls, score};
use serde::{Deserialize, Serialize};

/// The protocol version; the UI refuses a worker that answers another.
pub const VERSION: u32 = 1;

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Purpose {
    /// The computer's move at a level 1–5.
    Move {
        /// The level.
        level: u8,
    },
    /// A hint for the player: a short search.
    Hint,
    /// Open-ended analysis, reported as it deepens until the budget runs out.
    Analyse,
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

/// How long a hint thinks, in milliseconds.
pub const HINT_MS: f64 = 1_500.0;
/// How long an analysis runs before it settles, in milliseconds.
pub const ANALYSIS_MS: f64 = 60_000.0;

/// The worker's memory between requests: the engine of the last game, so
/// its transposition table carries over from move to move.
#[derive(Default)]
pub struct WorkerState {
    engine: Option<(GameSpec, Purpose, AnyEngine)>,
}

fn position(spec: &GameSpec, from: Option<&str>, moves: &[String]) -> Result<AnyGame, String> {
    let mut game = match from {
        Some(text) => spec.position(text).map_err(|e| format!("start position: {e}"))?,
        None => spec.start(),
    };
    for (i, mv) in moves.iter().enumerate() {
        game.play_text(mv).map_err(|e| format!("move {} \"{mv}\": {e}", i + 1))?;
    }
    Ok(game)
}

/// The settings of a search for `purpose`.
fn settings(spec: &GameSpec, purpose: Purpose) -> (search::EngineSetup, Budget) {
    match purpose {
        Purpose::Move { level } => {
            let s = levels::settings(spec, level);
            (s.setup, s.budget)
        }
        Purpose::Hint => (levels::settings(spec, 4).setup, Budget::time_ms(HINT_MS)),
        Purpose::Analyse => (levels::settings(spec, 5).setup, Budget::time_ms(ANALYSIS_MS)),
    }
}

/// Serves one request, sending answers to `post`.
pub fn handle(state: &mut WorkerState, request: Request, clock: &dyn Clock, post: &mut dyn FnMut(Response)) {
    match request {
        Request::Search { id, spec, from, moves, purpose, seed } => {
            let fail = |message: String| Response::Error { id, message };
            let Ok(parsed) = spec.parse::<GameSpec>() else {
                post(fail(format!("unknown game spec \"{spec}\"")));
                return;
            };
            let game = match position(&parsed, from.as_deref(), &moves) {
                Ok(game) => game,
                Err(e) => return post(fail(e)),
            };
            if game.outcome().is_some() {
                return post(fail("the game is over".to_owned()));
            }
            let (setup, budget) = settings(&parsed, purpose);
            // Keep the engine (and its table) while the game and purpose stay the same.
            let reuse = matches!(&state.engine, Some((s, p, _)) if *s == parsed && *p == purpose);
            if !reuse {
                state.engine = Some((parsed, purpose, AnyEngine::new(parsed.kind(), setup)));
            }
            let Some((_, _, engine)) = state.engine.as_mut() else { return };
            let controls = Controls { budget, clock, stop: None, seed };
            let result = engine.search(&game, &controls, &mut |info| {
                post(Response::Info {
                    id,
                    depth: info.depth,
                    score: info.score,
                    score_text: score::describe(info.score),
                    nodes: info.nodes,
                    pv: info.pv.clone(),
                });
            });
            match result {
                Some(r) => post(Response::Done {
                    id,
                    best: r.best,
                    score: r.score,
                    score_text: score::describe(r.score),
                    depth: r.depth,
                    pv: r.pv,
                    nodes: r.nodes,
                    elapsed_ms: r.elapsed_ms,
                }),
                None => post(fail("the search found no move".to_owned())),
            }
        }
        Request::Bench { id, spec, nodes } => {
            let Ok(parsed) = spec.parse::<GameSpec>() else {
                return post(Response::Error { id, message: format!("unknown game spec \"{spec}\"") });
            };
            let mut engine = AnyEngine::new(parsed.kind(), levels::settings(&parsed, 3).setup);
            let controls = Controls { budget: Budget::nodes(nodes), clock, stop: None, seed: 1 };
            let start = clock.now_ms();
            let result = engine.search(&parsed.start(), &controls, &mut |_| {});
            let elapsed_ms = clock.now_ms() - start;
            post(Response::Bench { id, nodes: result.map_or(0, |r| r.nodes), elapsed_ms });
        }
    }
}

/// Reads a request sent as JSON text; a bad one is answered with an error.
///
/// # Errors
/// The [`Response::Error`] to send back.
pub fn parse_request(text: &str) -> Result<Request, Response> {
    serde_json::from_str(text).map_err(|e| Response::Error { id: 0, message: format!("bad request: {e}") })
}

/// The JSON text of a response.
#[must_use]
pub fn to_json(response: &Response) -> String {
    serde_json::to_string(response).unwrap_or_else(|e| format!("{{\"Error\":{{\"id\":0,\"message\":\"{e}\"}}}}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use search::NoClock;

    fn run(request: Request) -> Vec<Response> {
        let mut out = Vec::new();
        handle(&mut WorkerState::default(), request, &NoClock, &mut |r| out.push(r));
        out
    }

    fn search(spec: &str, moves: &[&str], purpose: Purpose) -> Request {
        Request::Search {
            id: 7,
            spec: spec.to_owned(),
            from: None,
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
            purpose,
            seed: 1,
        }
    }

    #[test]
    fn every_game_gets_a_legal_move_with_the_request_id() {
        for spec in ["loa", "attract", "forms:rules=advanced,size=6", "forms:size=8", "ra"] {
            let out = run(search(spec, &[], Purpose::Move { level: 1 }));
            let Some(Response::Done { id, best, .. }) = out.last() else { panic!("{spec}: {out:?}") };
            assert_eq!(*id, 7);
            let mut game = spec.parse::<GameSpec>().unwrap().start();
            assert!(game.play_text(best).is_ok(), "{spec}: {best}");
            assert!(out.iter().all(|r| matches!(r, Response::Info { id: 7, .. } | Response::Done { id: 7, .. })));
        }
    }

    #[test]
    fn bad_requests_get_errors() {
        assert!(matches!(run(search("chess", &[], Purpose::Hint)).as_slice(), [Response::Error { id: 7, .. }]));
        let out = run(search("loa", &["b1-b9"], Purpose::Hint));
        let [Response::Error { message, .. }] = out.as_slice() else { panic!("{out:?}") };
        assert!(message.contains("move 1"), "{message}");
        assert!(matches!(parse_request("{nonsense"), Err(Response::Error { id: 0, .. })));
    }

    #[test]
    fn messages_round_trip_as_json() {
        let request = search("ra", &["3c5-d5"], Purpose::Move { level: 3 });
        let text = serde_json::to_string(&request).unwrap();
        assert_eq!(parse_request(&text).unwrap(), request);
        let response = Response::Ready { version: VERSION };
        assert_eq!(serde_json::from_str::<Response>(&to_json(&response)).unwrap(), response);
    }

    #[test]
    fn a_finished_game_is_refused() {
        let request = Request::Search {
            id: 3,
            spec: "attract".to_owned(),
            from: Some("8/3o4/o2x4/1x6/1o2o3/1x6/3x4/8 o".to_owned()),
            moves: vec!["d4".to_owned()],
            purpose: Purpose::Hint,
            seed: 1,
        };
        assert!(matches!(run(request).as_slice(), [Response::Error { id: 3, .. }]));
    }
}
