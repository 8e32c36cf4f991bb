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
            let solve = Limits { nodes: ANALYSIS_SOLVE_NODES, time_ms: Some(ANALYSIS_SOLVE_MS), clock, memory_mb: 32 };
            let asks_solver = matches!(purpose, Purpose::Analyse | Purpose::Hint);
            let settled = if asks_solver { solver::settle(&game, solve) } else { None };
            if let Some(solver::Settled { score, best: Some(best), nodes }) = settled {
                let (score_text, pv, elapsed_ms) = (score::describe(score), vec![best.clone()], clock.now_ms() - start);
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
            let out = run(search(spec, &[], Purpose::Move { level: Level::new(1).unwrap() }));
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
        assert!(matches!(decode_request(b"\xff\xff nonsense"), Err(Response::Error { id: 0, .. })));
        assert!(matches!(decode_request(&[]), Err(Response::Error { id: 0, .. })));
    }

    #[test]
    fn messages_round_trip() {
        let request = search("ra", &["3c5-d5"], Purpose::Move { level: Level::CLUB });
        assert_eq!(decode_request(&encode_request(&request)).unwrap(), request);
        for response in [
            Response::Ready { version: VERSION },
            Response::Done {
                id: 9,
                best: "b1-b3".into(),
                score: -12,
                score_text: "-0.12".into(),
                depth: 5,
                pv: vec!["b1-b3".into(), "a2-c2".into()],
                nodes: 123_456,
                elapsed_ms: 12.5,
            },
            Response::Error { id: 3, message: "the game is over".into() },
        ] {
            assert_eq!(decode_response(&encode_response(&response)).unwrap(), response);
        }
    }

    /// A clock that moves by its step (in milliseconds) each time it is read.
    struct Ticking(std::cell::Cell<f64>, f64);

    impl Ticking {
        fn new(step: f64) -> Ticking {
            Ticking(std::cell::Cell::new(0.0), step)
        }
    }

    impl Clock for Ticking {
        fn now_ms(&self) -> f64 {
            self.0.set(self.0.get() + self.1);
            self.0.get()
        }
    }

    #[test]
    fn the_shares_of_a_split_move_search_different_root_moves() {
        let level = Level::new(4).unwrap();
        let mut bests = Vec::new();
        for part in 0..3 {
            let share = Share::new(part, 3).unwrap();
            let mut out = Vec::new();
            let request = search("loa", &["b1-b3"], Purpose::Part { level, share });
            handle(&mut WorkerState::default(), request, &Ticking::new(50.0), &mut |r| out.push(r));
            // Progress per depth (the page compares the shares at a common depth), then the answer.
            assert!(out.iter().any(|r| matches!(r, Response::Info { id: 7, depth: 2, .. })), "{out:?}");
            let Some(Response::Done { best, .. }) = out.last() else { panic!("{out:?}") };
            let mut game = GameSpec::default_for(rules::GameKind::Loa).start();
            game.play_text("b1-b3").unwrap();
            assert!(game.play_text(best).is_ok(), "{best}");
            bests.push(best.clone());
        }
        bests.dedup();
        assert_eq!(bests.len(), 3, "each share has moves of its own: {bests:?}");
    }

    #[test]
    fn analyses_and_reviews_of_small_boards_are_settled_by_the_solver() {
        use search::score::SOLVED_WIN;
        let spec = "forms:rules=advanced,size=4";
        let mut game = spec.parse::<GameSpec>().unwrap().start();
        // Black's d3xc3 wins (the README's solved boards); any White reply leaves Black a win.
        game.play_text("d3xc3").unwrap();
        let reply = game.legal_move_texts()[0].clone();
        // The solver reads the clock every 1,024 positions: 1 ms a read lets it search up to its node limit.
        let clock = || Ticking::new(1.0);
        let ask = |moves: &[&str], purpose| {
            let mut out = Vec::new();
            handle(&mut WorkerState::default(), search(spec, moves, purpose), &clock(), &mut |r| out.push(r));
            out
        };
        // A won position: the solver's move at once, no search.
        let out = ask(&["d3xc3", &reply], Purpose::Analyse);
        let [Response::Done { score, score_text, best, pv, depth: 0, .. }] = out.as_slice() else { panic!("{out:?}") };
        assert_eq!((*score, score_text.as_str(), pv.as_slice()), (SOLVED_WIN, "win", std::slice::from_ref(best)));
        game.play_text(&reply).unwrap();
        assert!(game.legal_move_texts().contains(best), "{best}");
        // A hint there is the solver's move too.
        let out = ask(&["d3xc3", &reply], Purpose::Hint);
        assert!(matches!(out.as_slice(), [Response::Done { score: SOLVED_WIN, depth: 0, .. }]), "{out:?}");
        // A lost position: searched for a move, every report says lost.
        let out = ask(&["d3xc3"], Purpose::Analyse);
        for r in &out {
            let (Response::Info { score, .. } | Response::Done { score, .. }) = r else { panic!("{r:?}") };
            // The solver's loss, or a counted one the search proved.
            assert!(*score == -SOLVED_WIN || (search::score::is_proven(*score) && *score < 0), "{r:?}");
        }
        assert!(matches!(out.last(), Some(Response::Done { best, .. }) if !best.is_empty()), "{out:?}");
        // A review's position is settled too, and so is the start (within the review's budget).
        for moves in [&["d3xc3"][..], &[]] {
            let out = ask(moves, Purpose::Review);
            let [Response::Done { score, .. }] = out.as_slice() else { panic!("{out:?}") };
            assert!(search::score::is_proven(*score), "{moves:?}: {out:?}");
        }
        // Larger boards are searched as before.
        let out = ask(&[], Purpose::Review);
        assert!(!out.is_empty());
        let out = run(search("forms:rules=advanced,size=8", &[], Purpose::Review));
        let [Response::Done { score, .. }] = out.as_slice() else { panic!("{out:?}") };
        assert!(!search::score::is_settled(*score), "{out:?}");
    }

    #[test]
    fn a_share_that_does_not_exist_is_refused_when_read() {
        let share = Share::new(1, 2).unwrap();
        let request = search("loa", &[], Purpose::Part { level: Level::STRONGEST, share });
        let mut bytes = encode_request(&request);
        assert_eq!(decode_request(&bytes).unwrap(), request);
        // Purpose 4 (Part), level 5, share 1 of 2 → share 2 of 2.
        let at = bytes.windows(4).position(|w| w == [4, 5, 1, 2]).unwrap();
        bytes[at + 2] = 2;
        let Err(Response::Error { message, .. }) = decode_request(&bytes) else { panic!("share 2 of 2 was read") };
        assert!(message.contains("bad request"), "{message}");
    }

    #[test]
    fn a_level_out_of_range_is_refused_when_read() {
        let mut bytes = encode_request(&search("loa", &[], Purpose::Move { level: Level::CLUB }));
        // The level is the last byte but the seed's: 3 → 9.
        let at = bytes.iter().rposition(|&b| b == 3).unwrap();
        bytes[at] = 9;
        let Err(Response::Error { message, .. }) = decode_request(&bytes) else { panic!("level 9 was read") };
        assert!(message.contains("bad request"), "{message}");
    }

    /// The wire format the benchmark script writes by hand (tests/e2e/bench-worker.mjs).
    #[test]
    fn the_bench_request_is_laid_out_as_the_script_writes_it() {
        let bytes = encode_request(&Request::Bench { id: 1, spec: "loa".into(), nodes: 300 });
        assert_eq!(bytes, [1, 1, 3, b'l', b'o', b'a', 0xac, 0x02]);
    }

    /// A clock that moves a second at every look, so time budgets end at once.
    struct Racing(std::cell::Cell<f64>);

    impl Clock for Racing {
        fn now_ms(&self) -> f64 {
            self.0.set(self.0.get() + 1_000.0);
            self.0.get()
        }
    }

    /// Every request, even a bad one, gets an answer that names it, and the worker goes on.
    fn answered(state: &mut WorkerState, request: Request) -> Vec<Response> {
        let id = match &request {
            Request::Search { id, .. } | Request::Bench { id, .. } => *id,
        };
        let mut out = Vec::new();
        handle(state, request, &Racing(std::cell::Cell::new(0.0)), &mut |r| out.push(r));
        let last = out.last().expect("an answer");
        assert!(
            matches!(last, Response::Done { id: i, .. } | Response::Error { id: i, .. } | Response::Bench { id: i, .. } if *i == id),
            "{last:?}"
        );
        out
    }

    #[test]
    fn oversized_and_out_of_range_requests_are_refused() {
        let big = vec![0u8; MAX_REQUEST_BYTES + 1];
        let Err(Response::Error { message, .. }) = decode_request(&big) else { panic!("too large was read") };
        assert!(message.starts_with("request too large"), "{message}");
        let mut state = WorkerState::default();
        let many = Request::Search {
            id: 4,
            spec: "loa".into(),
            from: None,
            moves: vec!["b1-b3".into(); MAX_MOVES + 1],
            purpose: Purpose::Hint,
            seed: 1,
        };
        assert!(matches!(answered(&mut state, many).as_slice(), [Response::Error { id: 4, .. }]));
        let huge = Request::Bench { id: 5, spec: "loa".into(), nodes: u64::MAX };
        assert!(matches!(answered(&mut state, huge).as_slice(), [Response::Error { id: 5, .. }]));
        let long_spec = Request::Bench { id: 6, spec: "z".repeat(100_000), nodes: 10 };
        let out = answered(&mut state, long_spec);
        let [Response::Error { message, .. }] = out.as_slice() else { panic!("{out:?}") };
        assert!(message.len() < 400, "the spec is quoted shortened: {} bytes", message.len());
    }

    /// Seeded random and mutated messages: none is read wrongly or stops the
    /// worker; each is answered with a result or an error for its id.
    #[test]
    fn malformed_and_out_of_order_messages_never_stop_the_worker() {
        let mut rng = search::rng::Rng::new(2026);
        let valid = [
            encode_request(&search("loa", &["b1-b3"], Purpose::Move { level: Level::new(1).unwrap() })),
            encode_request(&search("ra", &[], Purpose::Hint)),
            encode_request(&Request::Bench { id: 2, spec: "attract".into(), nodes: 200 }),
        ];
        let mut state = WorkerState::default();
        let (mut answered_count, mut refused) = (0, 0);
        for round in 0..3_000u64 {
            let mut bytes = valid[(rng.next_u64() % 3) as usize].clone();
            match round % 4 {
                0 => bytes = (0..rng.next_u64() % 64).map(|_| rng.next_u64() as u8).collect(),
                1 => {
                    let at = (rng.next_u64() as usize) % bytes.len();
                    bytes[at] = rng.next_u64() as u8;
                }
                2 => bytes.truncate((rng.next_u64() as usize) % (bytes.len() + 1)),
                _ => bytes.extend((0..rng.next_u64() % 8).map(|_| rng.next_u64() as u8)),
            }
            match decode_request(&bytes) {
                // Any request that reads is served (in any order, any id), with small budgets.
                Ok(Request::Search { id, spec, from, moves, seed, .. }) => {
                    let request = Request::Search {
                        id,
                        spec,
                        from,
                        moves,
                        purpose: Purpose::Move { level: Level::new(1).unwrap() },
                        seed,
                    };
                    answered(&mut state, request);
                    answered_count += 1;
                }
                Ok(Request::Bench { id, spec, nodes }) => {
                    answered(&mut state, Request::Bench { id, spec, nodes: nodes.min(500) });
                    answered_count += 1;
                }
                Err(Response::Error { id: 0, .. }) => refused += 1,
                Err(other) => panic!("{other:?}"),
            }
        }
        assert!(
            answered_count > 300 && refused > 300,
            "both kinds exercised: {answered_count} served, {refused} refused"
        );
        // And the worker still plays afterwards.
        let out = answered(&mut state, search("loa", &[], Purpose::Move { level: Level::new(1).unwrap() }));
        assert!(matches!(out.last(), Some(Response::Done { .. })));
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
