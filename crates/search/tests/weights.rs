//! Evaluation-weight overrides: the documented range is enforced, and at
//! both ends of it no evaluation overflows (tests run with overflow checks)
//! and every engine still answers with a legal move.
#![allow(clippy::unwrap_used)] // Test helpers: a failure here is a failed test.

use rules::{AnyGame, Game, GameKind, GameSpec};
use search::eval::{EVAL_BOUND, Evaluator, WEIGHT_RANGE, Weights};
use search::eval::{attract::AttractEval, forms::FormsEval, loa::LoaEval, ra::RaEval};
use search::rng::Rng;
use search::{AnyEngine, Budget, Controls, EngineSetup, NoClock, SearcherKind, default_weights, set_weights};

const SPECS: [&str; 6] =
    ["loa", "attract:size=20", "forms:size=18", "forms:rules=advanced,size=18", "ra", "ra:target=20,lead=10"];

/// Every weight of `w` set to `value`.
fn all_at(w: &mut dyn Weights, value: i32) {
    let names: Vec<(String, i32)> = w.names().iter().map(|n| ((*n).to_owned(), value)).collect();
    set_weights(w, &names).unwrap();
}

/// Random games from the start of `spec`: calls `visit` on every position.
fn walk(spec: &str, games: usize, seed: u64, mut visit: impl FnMut(&AnyGame)) {
    let spec: GameSpec = spec.parse().unwrap();
    let mut rng = Rng::new(seed);
    for _ in 0..games {
        let mut game = spec.start();
        for _ in 0..300 {
            visit(&game);
            let moves = game.legal_move_texts();
            if moves.is_empty() {
                break;
            }
            game.play_text(&moves[rng.below(moves.len())]).unwrap();
        }
    }
}

/// Evaluates `position` and scores up to 64 of its moves with `eval`:
/// every value within ±[`EVAL_BOUND`] (an overflow on the way panics in
/// test builds, which check overflows; where they are not checked it would
/// mostly show as a value past the bound), a proven end a short count of
/// plies, every forcing move legal. Returns how many values were checked.
fn exercise<G: Game, E: Evaluator<G>>(position: &G, eval: &E) -> usize {
    if position.outcome().is_some() {
        return 0;
    }
    let value = eval.evaluate(position);
    assert!(value.abs() < EVAL_BOUND, "evaluation {value} of {}", position.position_text());
    if let Some(n) = eval.proven_end(position) {
        assert!(n != 0 && n.abs() < 1_000, "proven end {n} of {}", position.position_text());
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let mut checked = 1;
    for &mv in moves.iter().take(64) {
        let score = eval.move_score(position, mv);
        assert!(score.abs() < EVAL_BOUND, "move score {score} of {mv} in {}", position.position_text());
        checked += 1;
    }
    let legal = moves.clone();
    eval.forcing_moves(position, &mut moves);
    assert!(
        moves.iter().all(|mv| legal.contains(mv)),
        "a forcing move that is not legal in {}",
        position.position_text()
    );
    checked
}

#[test]
fn weights_outside_the_range_are_refused_and_change_nothing() {
    for kind in GameKind::ALL {
        let mut w = default_weights(kind);
        let name = w.names()[0].to_owned();
        let before = w.get(&name);
        for bad in [WEIGHT_RANGE.end() + 1, WEIGHT_RANGE.start() - 1, i32::MAX, i32::MIN] {
            let err = set_weights(&mut *w, &[(name.clone(), bad)]).unwrap_err();
            assert!(err.contains("a weight is from -10000 to 10000"), "{err}");
            assert_eq!(w.get(&name), before, "a refused override changed {name}");
        }
        // A good override before a bad one is not applied either.
        let other = w.names()[w.names().len() - 1].to_owned();
        assert!(set_weights(&mut *w, &[(other.clone(), 7), (name.clone(), i32::MAX)]).is_err());
        assert_ne!(w.get(&other), Some(7));
        for good in [*WEIGHT_RANGE.start(), 0, *WEIGHT_RANGE.end()] {
            set_weights(&mut *w, &[(name.clone(), good)]).unwrap();
            assert_eq!(w.get(&name), Some(good));
        }
    }
}

#[test]
fn long_unknown_names_are_quoted_shortened() {
    let mut w = default_weights(GameKind::Loa);
    let err = set_weights(&mut *w, &[("q".repeat(100_000), 1)]).unwrap_err();
    assert!(err.len() < 300, "{} bytes", err.len());
    assert!(err.contains("(100000 bytes)"), "{err}");
}

#[test]
fn evaluations_at_the_ends_of_the_range_do_not_overflow() {
    for value in [*WEIGHT_RANGE.start(), *WEIGHT_RANGE.end()] {
        let mut loa = LoaEval::default();
        let mut attract = AttractEval::default();
        let mut forms = FormsEval::default();
        let mut ra = RaEval::default();
        all_at(&mut loa, value);
        all_at(&mut attract, value);
        all_at(&mut forms, value);
        all_at(&mut ra, value);
        for (i, spec) in SPECS.iter().enumerate() {
            let mut checked = 0;
            walk(spec, 3, 17 + i as u64, |game| {
                checked += match game {
                    AnyGame::Loa(p) => exercise(p, &loa),
                    AnyGame::Attract(p) => exercise(p, &attract),
                    AnyGame::Forms(p) => exercise(p, &forms),
                    AnyGame::Ra(p) => exercise(p, &ra),
                }
            });
            // Three games of some length each: hundreds of values, not none.
            assert!(checked >= 300, "{spec} at {value}: only {checked} values checked");
        }
    }
}

#[test]
fn engines_answer_at_the_ends_of_the_range() {
    for spec in SPECS {
        let spec: GameSpec = spec.parse().unwrap();
        for kind in [SearcherKind::AlphaBeta, SearcherKind::Mcts] {
            for value in [*WEIGHT_RANGE.start(), *WEIGHT_RANGE.end()] {
                let setup = EngineSetup {
                    searcher: kind,
                    memory_mb: 1,
                    noise: 0,
                    reductions: true,
                    threads: 1,
                    share: search::split::Share::ALL,
                };
                let mut engine = AnyEngine::new(spec.kind(), setup);
                all_at(engine.weights_mut(), value);
                let game = spec.start();
                let controls = Controls {
                    budget: Budget::nodes(300),
                    clock: &NoClock,
                    stop: None,
                    seed: 3,
                    variety: search::Variety::NONE,
                };
                let result = engine.search(&game, &controls, &mut |_| {}).unwrap();
                assert!(game.is_legal(result.best), "{spec} {kind:?} {value}: {}", result.best);
            }
        }
    }
}
