//! Searches on several threads (Lazy SMP for alpha-beta, root-parallel
//! MCTS): every answer is a legal move under every budget, a stop stops all
//! threads, and forced wins are still found and proven.
#![allow(clippy::unwrap_used)] // Test helpers: a failure here is a failed test.

use rules::loa::{Loa, LoaOptions};
use rules::{AnyGame, Game, GameKind, GameSpec};
use search::eval::loa::LoaEval;
use search::rng::Rng;
use search::score::{WIN, plies_to_end};
use search::{
    AlphaBeta, AlphaBetaConfig, AnyEngine, Budget, Controls, EngineSetup, Mcts, MctsConfig, NoClock, SearcherKind,
    StopFlag,
};

fn nodes(n: u64) -> Controls<'static> {
    Controls { budget: Budget::nodes(n), clock: &NoClock, stop: None, seed: 7, variety: search::Variety::NONE }
}

/// Positions along a seeded random game of `spec`: the start and every
/// fifth ply while the game goes on.
fn positions(spec: &GameSpec, seed: u64) -> Vec<AnyGame> {
    let mut rng = Rng::new(seed);
    let mut game = spec.start();
    let mut found = vec![game.clone()];
    for ply in 1..=40 {
        let moves = game.legal_move_texts();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        game.play_text(&moves[rng.below(moves.len())]).unwrap();
        if ply % 5 == 0 && game.outcome().is_none() {
            found.push(game.clone());
        }
    }
    found
}

#[test]
fn every_answer_is_legal_with_several_threads() {
    let specs = ["loa", "ra", "attract:size=6", "forms:size=6", "forms:rules=advanced,size=6", "forms:size=8"];
    for spec in specs {
        let spec: GameSpec = spec.parse().unwrap();
        for kind in [SearcherKind::AlphaBeta, SearcherKind::Mcts] {
            for threads in [2, 3] {
                let setup = EngineSetup {
                    searcher: kind,
                    memory_mb: 4,
                    noise: 0,
                    reductions: true,
                    threads,
                    share: search::split::Share::ALL,
                };
                let mut engine = AnyEngine::new(spec.kind(), setup);
                for (i, game) in positions(&spec, 11 + threads as u64).iter().enumerate() {
                    for budget in [1, 300, 3000] {
                        let r = engine.search(game, &nodes(budget), &mut |_| {}).unwrap();
                        let mut after = game.clone();
                        assert!(after.play_move(r.best).is_ok(), "{spec} {kind:?} x{threads} #{i}: {}", r.best);
                        assert_eq!(r.pv.first(), Some(&r.best), "{spec} {kind:?} x{threads}: {r:?}");
                        // The line is legal move after move.
                        let mut line = game.clone();
                        for mv in &r.pv {
                            assert!(line.play_move(*mv).is_ok(), "{spec} {kind:?} x{threads}: pv {:?}", r.pv);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn a_raised_stop_flag_stops_every_thread() {
    for kind in GameKind::ALL {
        let spec = GameSpec::default_for(kind);
        let game = spec.start();
        for engine_kind in [SearcherKind::AlphaBeta, SearcherKind::Mcts] {
            let setup = EngineSetup {
                searcher: engine_kind,
                memory_mb: 2,
                noise: 0,
                reductions: false,
                threads: 4,
                share: search::split::Share::ALL,
            };
            let mut engine = AnyEngine::new(kind, setup);
            let stop = StopFlag::new();
            stop.stop();
            // No clock and no node budget: only the flag can end this search.
            let controls = Controls {
                budget: Budget::default(),
                clock: &NoClock,
                stop: Some(&stop),
                seed: 1,
                variety: search::Variety::NONE,
            };
            let r = engine.search(&game, &controls, &mut |_| {}).unwrap();
            assert!(game.clone().play_move(r.best).is_ok(), "{kind:?} {engine_kind:?}");
        }
    }
}

#[test]
fn forced_wins_are_still_found_and_proven() {
    // White connects in two moves whatever Black does (see behaviour.rs).
    let p = Loa::from_position_text(LoaOptions::default(), "1xx1o1o1/3o1o2/2oxoo2/x1x2o2/x5x1/7x/1o6/8 o").unwrap();
    for threads in [2, 4] {
        let config = AlphaBetaConfig { tt_mb: 2, reductions: true, threads, ..AlphaBetaConfig::default() };
        let r = AlphaBeta::<Loa>::new(config).search(&p, &LoaEval::default(), &nodes(500_000), &mut |_| {}).unwrap();
        assert_eq!(plies_to_end(r.score), Some(3), "alpha-beta x{threads}: {r:?}");
        let config = MctsConfig { tree_mb: 8, threads, ..MctsConfig::default() };
        let m = Mcts::<Loa>::new(config).search(&p, &LoaEval::default(), &nodes(50_000), &mut |_| {}).unwrap();
        assert!(m.score > WIN - 100, "MCTS x{threads} did not prove the win: {m:?}");
        let mut after = p.clone();
        after.play_unchecked(m.best);
        let reply = AlphaBeta::<Loa>::new(AlphaBetaConfig { tt_mb: 2, ..AlphaBetaConfig::default() })
            .search(&after, &LoaEval::default(), &nodes(200_000), &mut |_| {})
            .unwrap();
        assert_eq!(plies_to_end(reply.score), Some(-2), "MCTS x{threads} chose {}: {reply:?}", m.best);
    }
}

#[test]
fn threads_share_out_the_memory_they_are_given() {
    for threads in [1, 2, 4] {
        let config = MctsConfig { tree_mb: 8, threads, ..MctsConfig::default() };
        let bytes = Mcts::<Loa>::new(config).tree_bytes();
        assert!(((6 << 20) + 1..=8 << 20).contains(&bytes), "MCTS x{threads}: {bytes}");
        let config = AlphaBetaConfig { tt_mb: 8, threads, ..AlphaBetaConfig::default() };
        let bytes = AlphaBeta::<Loa>::new(config).table_bytes();
        assert!((4 << 20..=8 << 20).contains(&bytes), "alpha-beta x{threads}: {bytes}");
    }
}
