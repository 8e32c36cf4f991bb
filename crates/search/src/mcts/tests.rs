//! MCTS's unit tests: how it reads the evaluator.

use super::*;
use crate::eval::Weights;
use crate::eval::forms::FormsEval;
use rules::forms::{Forms, FormsOptions, FormsRules};

#[test]
fn the_evaluation_becomes_a_win_chance_at_the_evaluators_fitted_scale() {
    let mut position = Forms::new(FormsOptions { rules: FormsRules::Standard, size: 8 });
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    position.play_unchecked(moves[0]);
    let mcts = Mcts::<Forms>::new(MctsConfig { tree_mb: 1, ..MctsConfig::default() });
    let logistic = |e: f64, scale: f64| 1.0 / (1.0 + (-e / scale).exp());
    let fitted = FormsEval::default();
    let e = f64::from(fitted.evaluate(&position));
    assert!(e != 0.0, "a capture leaves the sides a stone apart");
    let scale = f64::from(fitted.rules(FormsRules::Standard).win_scale);
    assert!((mcts.chance(&fitted, &position) - logistic(e, scale)).abs() < 1e-9);
    // Another scale, another chance; the searcher's own is not used.
    let mut flat = fitted;
    assert!(flat.set("win_scale", 300));
    assert!((mcts.chance(&flat, &position) - logistic(e, 300.0)).abs() < 1e-9);
    assert!((mcts.chance(&flat, &position) - mcts.chance(&fitted, &position)).abs() > 1e-3);
    let own = Mcts::<Forms>::new(MctsConfig { tree_mb: 1, eval_scale: 50.0, ..MctsConfig::default() });
    assert!((own.chance(&flat, &position) - logistic(e, 300.0)).abs() < 1e-9);
}
