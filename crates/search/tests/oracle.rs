//! Alpha-beta with all its exact enhancements (transposition table, principal
//! variation search, move ordering, killers, history, quiescence) must return
//! the same value as a plain minimax with the same quiescence, on many random
//! positions of every game.
#![allow(clippy::unwrap_used)] // Test helpers: a failure here is a failed test.

use rules::Game;
use rules::attract::{Attract, AttractOptions};
use rules::forms::{Forms, FormsOptions, FormsRules};
use rules::loa::{Loa, LoaOptions};
use rules::ra::{Ra, RaOptions};
use search::Controls;
use search::eval::Evaluator;
use search::eval::{attract::AttractEval, forms::FormsEval, loa::LoaEval, ra::RaEval};
use search::rng::Rng;
use search::score::{self, EVAL_LIMIT};
use search::{AlphaBeta, AlphaBetaConfig, Budget, NoClock};

const QDEPTH: u32 = 3;

fn leaf<G: Game, E: Evaluator<G>>(position: &G, eval: &E, ply: u32) -> i32 {
    match (position.outcome(), eval.proven_end(position)) {
        (Some(outcome), _) => score::terminal(outcome, position.to_move(), ply),
        (None, Some(n)) => score::proven(n, ply),
        (None, None) => eval.evaluate(position).clamp(-EVAL_LIMIT + 1, EVAL_LIMIT - 1),
    }
}

/// Full-width quiescence: the best of standing pat and every tactical move.
fn quiesce<G: Game, E: Evaluator<G>>(position: &G, eval: &E, ply: u32, qdepth: u32) -> i32 {
    let stand = leaf(position, eval, ply);
    if position.outcome().is_some() || position.match_just_ended() || eval.proven_end(position).is_some() || qdepth == 0
    {
        return stand;
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves
        .into_iter()
        .filter(|&mv| eval.is_tactical(position, mv))
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            -quiesce(&child, eval, ply + 1, qdepth - 1)
        })
        .fold(stand, i32::max)
}

/// Plain minimax (negamax form), no pruning and no table.
fn minimax<G: Game, E: Evaluator<G>>(position: &G, eval: &E, depth: u32, ply: u32) -> i32 {
    if let Some(outcome) = position.outcome() {
        return score::terminal(outcome, position.to_move(), ply);
    }
    if ply > 0 && position.match_just_ended() {
        return leaf(position, eval, ply);
    }
    // A decided position (the evaluator's proven end) is a leaf below the
    // root, as in the engine (which always searches the root's moves).
    if ply > 0
        && let Some(n) = eval.proven_end(position)
    {
        return score::proven(n, ply);
    }
    if depth == 0 {
        return quiesce(position, eval, ply, QDEPTH);
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            -minimax(&child, eval, depth - 1, ply + 1)
        })
        .max()
        .unwrap()
}

/// Random positions: playouts of random length from `start`.
fn positions<G: Game>(start: &G, count: usize, max_plies: usize, seed: u64) -> Vec<G> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    while out.len() < count {
        let mut p = start.clone();
        for _ in 0..rng.below(max_plies + 1) {
            p.legal_moves(&mut moves);
            if moves.is_empty() || p.match_just_ended() {
                break;
            }
            p.play_unchecked(moves[rng.below(moves.len())]);
        }
        if p.outcome().is_none() && !p.match_just_ended() {
            out.push(p);
        }
    }
    out
}

fn check<G: Game, E: Evaluator<G>>(start: G, eval: E, count: usize, max_plies: usize, max_depth: u32) {
    check_threads(start, eval, count, max_plies, max_depth, 1);
}

/// As [`check`], with `threads` search threads sharing one table.
fn check_threads<G: Game, E: Evaluator<G>>(
    start: G,
    eval: E,
    count: usize,
    max_plies: usize,
    max_depth: u32,
    threads: usize,
) {
    let config = AlphaBetaConfig {
        tt_mb: 1,
        quiescence: true,
        max_qdepth: QDEPTH,
        exact_depth_tt: true,
        root_noise: 0,
        haze: search::Haze::NONE,
        reductions: false,
        threads,
        share: search::split::Share::ALL,
    };
    for (i, position) in positions(&start, count, max_plies, 7).iter().enumerate() {
        // One engine for all depths, so the table carries entries between searches as in play.
        let mut engine = AlphaBeta::new(config);
        for depth in 1..=max_depth {
            let result = engine
                .search(
                    position,
                    &eval,
                    &Controls {
                        budget: Budget::depth(depth),
                        clock: &NoClock,
                        stop: None,
                        seed: 1,
                        variety: search::Variety::NONE,
                    },
                    &mut |_| {},
                )
                .unwrap();
            let expected = minimax(position, &eval, result.depth, 0);
            assert_eq!(
                result.score,
                expected,
                "position {i} ({}) at depth {} (asked {depth})",
                position.position_text(),
                result.depth
            );
            assert!(position.is_legal(result.best));
        }
    }
}

#[test]
fn loa_alpha_beta_equals_minimax() {
    check(Loa::new(LoaOptions::default()), LoaEval::default(), 12, 40, 3);
}

#[test]
fn attract_alpha_beta_equals_minimax() {
    check(Attract::new(AttractOptions { size: 6 }), AttractEval::default(), 16, 24, 3);
}

#[test]
fn forms_alpha_beta_equals_minimax() {
    check(Forms::new(FormsOptions { rules: FormsRules::Advanced, size: 4 }), FormsEval::default(), 16, 6, 4);
    check(Forms::new(FormsOptions { rules: FormsRules::Advanced, size: 6 }), FormsEval::default(), 8, 10, 2);
    check(Forms::new(FormsOptions { rules: FormsRules::Standard, size: 4 }), FormsEval::default(), 12, 4, 3);
}

#[test]
fn ra_alpha_beta_equals_minimax() {
    check(Ra::new(RaOptions::default()), RaEval::default(), 12, 30, 2);
}

#[test]
fn threads_sharing_a_table_still_equal_minimax() {
    // Helper threads write the same lock-free table while the main thread
    // searches: every value it reads must still be exact.
    check_threads(Loa::new(LoaOptions::default()), LoaEval::default(), 8, 40, 3, 3);
    check_threads(Attract::new(AttractOptions { size: 6 }), AttractEval::default(), 8, 24, 3, 2);
    check_threads(Forms::new(FormsOptions { rules: FormsRules::Advanced, size: 4 }), FormsEval::default(), 8, 6, 4, 2);
}

/// With `variety`, each seed's choice is a move whose exact (minimax) value
/// is within `within` of the best, and the seeds do not all choose alike.
/// With a haze of ±spread (every leaf moved by at most that much) the value
/// reported is also within the spread of the truth.
fn check_variety<G: Game, E: Evaluator<G>>(
    start: G,
    eval: E,
    (count, max_plies, depth): (usize, usize, u32),
    variety: search::Variety,
    within: i32,
) {
    let config = AlphaBetaConfig {
        tt_mb: 1,
        quiescence: true,
        max_qdepth: QDEPTH,
        exact_depth_tt: true,
        ..AlphaBetaConfig::default()
    };
    let mut varied = 0;
    for (i, position) in positions(&start, count, max_plies, 11).iter().enumerate() {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        let value = |mv: G::Move| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            -minimax(&child, &eval, depth - 1, 1)
        };
        let best = moves.iter().map(|&mv| value(mv)).max().unwrap();
        let mut chosen = Vec::new();
        for seed in 1..=8 {
            let controls = Controls { budget: Budget::depth(depth), clock: &NoClock, stop: None, seed, variety };
            let result = AlphaBeta::new(config).search(position, &eval, &controls, &mut |_| {}).unwrap();
            let v = value(result.best);
            assert!(v >= best - within, "position {i}: {} scores {v}, the best {best}", result.best);
            if variety.haze > 0 && score::plies_to_end(best).is_none() {
                assert!(
                    (result.score - best).abs() <= variety.haze,
                    "position {i}: reported {}, exact {best}",
                    result.score
                );
            }
            if !chosen.contains(&result.best) {
                chosen.push(result.best);
            }
        }
        varied += usize::from(chosen.len() > 1);
    }
    assert!(varied > 0, "no position got more than one choice from 8 seeds");
}

/// A haze of ±`spread`: within 2 × `spread` of the best.
fn check_haze<G: Game, E: Evaluator<G>>(start: G, eval: E, count: usize, max_plies: usize, depth: u32, spread: i32) {
    check_variety(start, eval, (count, max_plies, depth), search::Variety { haze: spread, root: 0 }, 2 * spread);
}

/// A verified alternative of margin `margin` (levels 4 and 5): within the margin of the best.
fn check_alternative<G: Game, E: Evaluator<G>>(
    start: G,
    eval: E,
    count: usize,
    max_plies: usize,
    depth: u32,
    margin: i32,
) {
    check_variety(start, eval, (count, max_plies, depth), search::Variety { haze: 0, root: margin }, margin);
}

#[test]
fn a_hazy_evaluation_chooses_only_among_near_best_moves() {
    check_haze(Loa::new(LoaOptions::default()), LoaEval::default(), 6, 30, 2, 30);
    check_haze(Attract::new(AttractOptions { size: 6 }), AttractEval::default(), 6, 16, 2, 10);
    check_haze(Ra::new(RaOptions::default()), RaEval::default(), 4, 20, 2, 40);
}

#[test]
fn a_verified_alternative_is_always_within_its_margin_of_the_best() {
    check_alternative(Loa::new(LoaOptions::default()), LoaEval::default(), 6, 30, 2, 60);
    check_alternative(Attract::new(AttractOptions { size: 6 }), AttractEval::default(), 6, 16, 2, 15);
    check_alternative(Ra::new(RaOptions::default()), RaEval::default(), 4, 20, 2, 200);
}
