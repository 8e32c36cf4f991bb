//! What the search worker does with a request: [`handle`], a pure function
//! of the request, the clock and a sink for answers, so it runs in native
//! tests. The worker binary only decodes messages and calls it.

use rules::{AnyGame, AnyMove, GameSpec};
use search::levels::Level;
use search::review::{self, Verdict};
use search::solver;
use search::{AnyEngine, Budget, Clock, Controls, EngineSetup, score};

use super::protocol::{
    ANALYSIS_MS, ANALYSIS_SOLVE_MS, HINT_MS, MAX_BENCH_NODES, MAX_MOVES, Purpose, Request, Response, SOLVE_MS,
    SOLVE_NODES,
};

/// The most positions an analysis or a hint lets the solver search first.
const ANALYSIS_SOLVE_NODES: u64 = 1_000_000;
/// The solver's table for an analysis or a hint, in megabytes.
const ANALYSIS_SOLVE_MB: usize = 32;
/// The solver's table for the player's *Solve*, in megabytes.
const SOLVE_MB: usize = 128;

/// The worker's memory between requests: the engine of the last game, so
/// its transposition table carries over from move to move.
#[derive(Default)]
pub struct WorkerState {
    engine: Option<(GameSpec, Purpose, AnyEngine)>,
}

/// The engine and budget of a search for `purpose`.
fn settings(spec: &GameSpec, purpose: Purpose) -> (EngineSetup, Budget) {
    match purpose {
        Purpose::Move { level } => {
            let s = level.settings(spec);
            (s.setup, s.budget)
        }
        Purpose::Hint => (Level::STRONGEST.settings(spec).setup, Budget::time_ms(HINT_MS)),
        // (A solve never searches: see `solve`.)
        Purpose::Analyse | Purpose::Solve => (Level::STRONGEST.settings(spec).setup, Budget::time_ms(ANALYSIS_MS)),
        Purpose::Review => search::review::settings(spec),
        Purpose::Part { level, share } => {
            let s = level.settings(spec);
            // Each worker searches a smaller tree; together they hold no
            // more than twice one worker's memory.
            // (A request is outside data: a level of less than 16 MB keeps its own.)
            let most = s.setup.memory_mb;
            let memory_mb = (most * 2 / usize::from(share.parts())).clamp(16.min(most), most);
            (EngineSetup { share, memory_mb, ..s.setup }, s.budget)
        }
    }
}

/// The player's *Solve*: the solver's proven answer (its line of perfect
/// play, and as `nodes` the positions it searched), or an error that says
/// why not.
fn solve(id: u64, game: &rules::AnyGame, clock: &dyn Clock, seed: u64) -> Response {
    if matches!(game, rules::AnyGame::Ra(_)) {
        let message =
            crate::t!("The solver here proves Forms, Attract and Lines of Action positions; Analyse searches this one");
        return Response::Error { id, message };
    }
    let budget = Budget { nodes: Some(SOLVE_NODES), time_ms: Some(SOLVE_MS), depth: None };
    let controls = Controls { budget, clock, stop: None, seed, variety: search::Variety::NONE };
    match solver::prove(game, SOLVE_MB, &controls) {
        Some(s) => Response::Done {
            id,
            best: s.best,
            score: s.score,
            depth: 0,
            pv: s.pv,
            nodes: s.nodes,
            elapsed_ms: s.elapsed_ms,
        },
        None => Response::Error {
            id,
            message: crate::t!(
                "Not solved within {positions} or {seconds} (a smaller board, or a position nearer the end, may be): Analyse searches it",
                positions = crate::tn!(SOLVE_NODES / 1_000_000, "{n} million positions", "{n} million positions"),
                seconds = crate::i18n::intl::quantity(SOLVE_MS as u64 / 1000, crate::i18n::intl::Unit::Second)
            ),
        },
    }
}

/// Serves one request, sending answers to `post`.
pub fn handle(state: &mut WorkerState, request: Request, clock: &dyn Clock, post: &mut dyn FnMut(Response)) {
    match request {
        Request::Search { id, spec, from, moves, purpose, seed, max_ms } => {
            let fail = |message: String| Response::Error { id, message };
            let game = match checked(&spec, from.as_deref(), &moves) {
                Ok(found) => found,
                Err(message) => return post(fail(message)),
            };
            if purpose == Purpose::Solve {
                return post(solve(id, &game, clock, seed));
            }
            // A level that plays the solver's proven moves (Lines of Action 5 × 5's
            // strongest); what the solver spent comes off the computer's clock.
            let mut max_ms = max_ms.map(f64::from);
            if let Some(settings) = asks_solver(&spec, purpose) {
                let asked = clock.now_ms();
                if let Some(s) = proven(settings, &game, max_ms, clock, seed) {
                    let (best, score, pv, nodes, elapsed_ms) = (s.best, s.score, s.pv, s.nodes, s.elapsed_ms);
                    return post(Response::Done { id, best, score, depth: 0, pv, nodes, elapsed_ms });
                }
                max_ms = max_ms.map(|cap| (cap - (clock.now_ms() - asked)).max(1.0));
            }
            let lost_position = match settled(&game, purpose, clock, seed) {
                Settled::Answer(s) => {
                    let (best, score, pv, nodes, elapsed_ms) = (s.best, s.score, s.pv, s.nodes, s.elapsed_ms);
                    return post(Response::Done { id, best, score, depth: 0, pv, nodes, elapsed_ms });
                }
                Settled::Lost => true,
                Settled::Open => false,
            };
            // (Only a lost position reaches here with a settled answer.)
            let lost = |score: i32| if lost_position && !score::is_proven(score) { -score::SOLVED_WIN } else { score };
            let (setup, mut budget) = settings(&spec, purpose);
            // The computer's clock may allow less than its level.
            if let Some(cap) = max_ms {
                budget.time_ms = Some(budget.time_ms.map_or(cap, |t| t.min(cap)));
            }
            // Keep the engine (and its table) while the game and purpose stay the same.
            let reuse = matches!(&state.engine, Some((s, p, _)) if *s == spec && *p == purpose);
            if !reuse {
                state.engine = Some((spec, purpose, AnyEngine::new(spec.kind(), setup)));
            }
            let Some((_, _, engine)) = state.engine.as_mut() else { return };
            // A review's verdict depends on its position alone, whichever
            // positions this worker searched before: as `search::review::judge`.
            if purpose == Purpose::Review {
                engine.clear();
            }
            // The computer's move varies as its level says, by the ply of the game.
            let variety = match purpose {
                Purpose::Move { level } | Purpose::Part { level, .. } => level.variety(&spec, moves.len()),
                Purpose::Hint | Purpose::Analyse | Purpose::Review | Purpose::Solve => search::Variety::NONE,
            };
            let controls = Controls { budget, clock, stop: None, seed, variety };
            let result = engine.search(&game, &controls, &mut |info| {
                if purpose == Purpose::Review {
                    return;
                }
                let (score, pv) = (lost(info.score), info.pv.clone());
                post(Response::Info { id, depth: info.depth, score, nodes: info.nodes, pv });
            });
            let Some(r) = result else { return post(fail(crate::t!("the search found no move"))) };
            // A review's verdict is settled by the solver where it can be.
            let mut verdict = Verdict { to_move: game.to_move(), score: lost(r.score), best: Some(r.best) };
            if purpose == Purpose::Review {
                review::settle(&game, &mut verdict);
            }
            post(Response::Done {
                id,
                best: verdict.best.unwrap_or(r.best),
                score: verdict.score,
                depth: r.depth,
                pv: r.pv,
                nodes: r.nodes,
                elapsed_ms: r.elapsed_ms,
            });
        }
        Request::Bench { id, spec, nodes } => post(bench(id, &spec, nodes, clock)),
        // The library's worker serves these (`library::store`), not a search worker.
        Request::Library(_) => post(Response::Error { id: 0, message: "this worker keeps no library".to_owned() }),
        Request::Language { code, texts } => learn_language(&code, &texts),
    }
}

/// The position a search request names, checked: at most [`MAX_MOVES`]
/// moves that replay, a game not over.
fn checked(spec: &GameSpec, from: Option<&str>, moves: &[AnyMove]) -> Result<AnyGame, String> {
    if moves.len() > MAX_MOVES {
        return Err(crate::tn!(
            moves.len(),
            "{n} move to replay; at most {max}",
            "{n} moves to replay; at most {max}",
            max = MAX_MOVES
        ));
    }
    let game = spec.replay_moves(from, moves).map_err(|e| crate::i18n::rules_words::replay_error(&e))?;
    if game.outcome().is_some() {
        return Err(crate::t!("the game is over"));
    }
    Ok(game)
}

/// The settings of the computer's level for `purpose`, if it asks the
/// solver first ([`search::levels::LevelSettings::proof`]).
fn asks_solver(spec: &GameSpec, purpose: Purpose) -> Option<search::levels::LevelSettings> {
    let (Purpose::Move { level } | Purpose::Part { level, .. }) = purpose else { return None };
    Some(level.settings(spec)).filter(|s| s.proof.is_some())
}

/// The computer's move where its level asks the solver first
/// ([`search::levels::LevelSettings::proven_move`]): a win or a draw it
/// proves, within half the time the computer's clock allows.
fn proven(
    mut settings: search::levels::LevelSettings,
    game: &AnyGame,
    max_ms: Option<f64>,
    clock: &dyn Clock,
    seed: u64,
) -> Option<search::AnyResult> {
    if let (Some(cap), Some(proof)) = (max_ms, settings.proof.as_mut()) {
        let half = cap / 2.0;
        proof.time_ms = Some(proof.time_ms.map_or(half, |t| t.min(half)));
    }
    settings.proven_move(game, clock, seed)
}

/// What the solver says first, on small boards, for an analysis or a hint.
enum Settled {
    /// A win or a draw it settled (or a solved start's proven line): the answer.
    Answer(search::AnyResult),
    /// A lost position: searched for the move that resists best, reported as lost.
    Lost,
    /// Not settled, or not asked: the search answers.
    Open,
}

/// On small boards an analysis or a hint asks the solver first.
fn settled(game: &AnyGame, purpose: Purpose, clock: &dyn Clock, seed: u64) -> Settled {
    if !matches!(purpose, Purpose::Analyse | Purpose::Hint) {
        return Settled::Open;
    }
    let budget = Budget { nodes: Some(ANALYSIS_SOLVE_NODES), time_ms: Some(ANALYSIS_SOLVE_MS), depth: None };
    let controls = Controls { budget, clock, stop: None, seed, variety: search::Variety::NONE };
    match solver::settle(game, ANALYSIS_SOLVE_MB, &controls) {
        // A lost position is searched for the move that resists best, but a
        // solved start answers with the solver's proven line.
        Some(s) if s.score != -score::SOLVED_WIN || solver::solved_start(game).is_some() => Settled::Answer(s),
        Some(_) => Settled::Lost,
        None => Settled::Open,
    }
}

/// A speed measure: `nodes` nodes on the start position of `spec`.
fn bench(id: u64, spec: &GameSpec, nodes: u64, clock: &dyn Clock) -> Response {
    if !(1..=MAX_BENCH_NODES).contains(&nodes) {
        return Response::Error { id, message: format!("{nodes} nodes; from 1 to {MAX_BENCH_NODES}") };
    }
    let mut engine = AnyEngine::new(spec.kind(), Level::CLUB.settings(spec).setup);
    let controls =
        Controls { budget: Budget::nodes(nodes), clock, stop: None, seed: 1, variety: search::Variety::NONE };
    let start = clock.now_ms();
    let result = engine.search(&spec.start(), &controls, &mut |_| {});
    let elapsed_ms = clock.now_ms() - start;
    Response::Bench { id, nodes: result.map_or(0, |r| r.nodes), elapsed_ms }
}

/// Installs the page's language (English if the code or the file cannot
/// be read: the worker's words then read as before).
fn learn_language(code: &str, texts: &str) {
    use crate::i18n::{self, Catalogue, Lang, file};
    let lang = Lang::from_code(code).unwrap_or_default();
    let catalogue = if texts.is_empty() { Ok(Catalogue::default()) } else { file::read(texts) };
    match catalogue {
        Ok(catalogue) => i18n::install(lang, catalogue, file::plural_rule(lang)),
        Err(_) => i18n::install(Lang::En, Catalogue::default(), i18n::english_plural()),
    }
}

#[cfg(test)]
mod tests;
