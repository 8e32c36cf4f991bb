//! Every budget bounds the work, whatever the engine and the threads: the
//! bounds `docs/engine.md#budgets` documents, checked on seeded random
//! positions of every game.
//!
//! - a node (playout) budget `n`: at most `n + n / 8 + 64 × threads` nodes
//!   in all, however many threads share it;
//! - a depth `d` for alpha-beta: no iteration deeper than `d`; for MCTS
//!   (which has no depth): at most [`search::UNBOUNDED_PLAYOUTS`]
//!   playouts;
//! - a time budget `t`: stopped by `2 t` by the search's clock (here a clock
//!   that moves one millisecond each time it is read, so that the check is
//!   exact and never depends on the machine);
//! - a level: its node budget as above, and its time bound.
#![allow(clippy::unwrap_used)] // Test helpers: a failure here is a failed test.

use std::cell::Cell;

use rules::{AnyGame, GameSpec};
use search::UNBOUNDED_PLAYOUTS;
use search::levels::Level;
use search::rng::Rng;
use search::{AnyEngine, Budget, Clock, Controls, EngineSetup, NoClock, SearcherKind, Variety};

/// A clock that moves one millisecond each time it is read.
struct Ticking(Cell<f64>);

impl Clock for Ticking {
    fn now_ms(&self) -> f64 {
        self.0.set(self.0.get() + 1.0);
        self.0.get()
    }
}

const GAMES: [&str; 6] =
    ["loa", "ra", "attract:size=8", "attract:size=12", "forms:size=8", "forms:rules=advanced,size=8"];

/// The start and a position after a seeded random opening of `plies`.
fn position(spec: &GameSpec, seed: u64, plies: usize) -> AnyGame {
    let mut rng = Rng::new(seed);
    let mut game = spec.start();
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        let before = game.clone();
        game.play_unchecked(moves[rng.below(moves.len())]);
        if game.outcome().is_some() {
            return before;
        }
    }
    game
}

fn engine(spec: &GameSpec, searcher: SearcherKind, threads: usize) -> AnyEngine {
    let setup = EngineSetup { searcher, memory_mb: 4, threads, ..Level::CASUAL.settings(spec).setup };
    AnyEngine::new(spec.kind(), setup)
}

fn controls(budget: Budget, clock: &dyn Clock) -> Controls<'_> {
    Controls { budget, clock, stop: None, seed: 11, variety: Variety::NONE }
}

fn node_bound(n: u64, threads: usize) -> u64 {
    n + n / 8 + 64 * threads as u64
}

#[test]
fn node_budgets_are_totals_over_every_thread() {
    for spec in GAMES.map(|s| s.parse::<GameSpec>().unwrap()) {
        for (i, plies) in [0usize, 9, 20].into_iter().enumerate() {
            let game = position(&spec, 40 + i as u64, plies);
            if game.outcome().is_some() {
                continue;
            }
            for searcher in [SearcherKind::AlphaBeta, SearcherKind::Mcts] {
                let n = if searcher == SearcherKind::Mcts { 600 } else { 6_000 };
                for threads in [1, 4] {
                    let r = engine(&spec, searcher, threads).search(
                        &game,
                        &controls(Budget::nodes(n), &NoClock),
                        &mut |_| {},
                    );
                    let r = r.unwrap();
                    assert!(
                        r.nodes <= node_bound(n, threads),
                        "{spec} {searcher:?} ×{threads} after {plies} plies: {} nodes for a budget of {n}",
                        r.nodes
                    );
                }
            }
        }
    }
}

#[test]
fn a_depth_bounds_alpha_beta_and_mcts_alike() {
    for spec in GAMES.map(|s| s.parse::<GameSpec>().unwrap()) {
        let game = position(&spec, 5, 6);
        for threads in [1, 3] {
            let r = engine(&spec, SearcherKind::AlphaBeta, threads)
                .search(&game, &controls(Budget::depth(2), &NoClock), &mut |_| {})
                .unwrap();
            assert!(r.depth <= 2, "{spec} ×{threads}: depth {}", r.depth);
        }
    }
    // MCTS has no depth: a depth alone gets the documented playouts, and ends.
    let spec: GameSpec = "attract:size=6".parse().unwrap();
    for threads in [1, 2] {
        let r = engine(&spec, SearcherKind::Mcts, threads)
            .search(&spec.start(), &controls(Budget::depth(3), &NoClock), &mut |_| {})
            .unwrap();
        assert!(r.nodes <= node_bound(UNBOUNDED_PLAYOUTS, threads), "{} playouts", r.nodes);
    }
}

#[test]
fn a_time_budget_stops_by_twice_its_time() {
    for spec in GAMES.map(|s| s.parse::<GameSpec>().unwrap()) {
        let game = position(&spec, 9, 10);
        if game.outcome().is_some() {
            continue;
        }
        for searcher in [SearcherKind::AlphaBeta, SearcherKind::Mcts] {
            let clock = Ticking(Cell::new(0.0));
            let r = engine(&spec, searcher, 1).search(&game, &controls(Budget::time_ms(40.0), &clock), &mut |_| {});
            let r = r.unwrap();
            assert!(r.elapsed_ms <= 80.0, "{spec} {searcher:?}: {} ms of 40", r.elapsed_ms);
        }
    }
}

#[test]
fn every_level_is_bounded_in_nodes_and_time() {
    for spec in GAMES.map(|s| s.parse::<GameSpec>().unwrap()) {
        for n in 1..=5 {
            let settings = Level::new(n).unwrap().settings(&spec);
            assert!(settings.budget.time_ms.is_some(), "{spec} level {n} has no time bound");
            if let Some(nodes) = settings.budget.nodes.filter(|&nodes| nodes <= 30_000) {
                let game = position(&spec, u64::from(n), 8);
                if game.outcome().is_some() {
                    continue;
                }
                let r = AnyEngine::new(spec.kind(), settings.setup)
                    .search(&game, &controls(settings.budget, &NoClock), &mut |_| {})
                    .unwrap();
                assert!(r.nodes <= node_bound(nodes, 1), "{spec} level {n}: {} nodes of {nodes}", r.nodes);
            }
        }
    }
}
