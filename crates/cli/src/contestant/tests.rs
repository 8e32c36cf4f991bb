use search::Controls;

use super::*;

#[test]
fn a_depth_contestant_searches_with_alpha_beta_to_that_depth() {
    for spec in ["forms:size=8", "ra"] {
        let spec: GameSpec = spec.parse().unwrap();
        let contestant: Contestant = "depth:3".parse().unwrap();
        let (setup, budget) = contestant.settings(&spec).unwrap();
        assert_eq!(setup.searcher, SearcherKind::AlphaBeta, "{spec}");
        assert_eq!(budget, Budget::depth(3));
        let (mut engines, budget) = contestant.engines(&spec, 64).unwrap().unwrap();
        let result = engines[0].search(&spec.start(), &Controls::budget(budget), &mut |_| {}).unwrap();
        assert_eq!(result.depth, 3, "{spec}");
    }
    for bad in ["depth:0", "depth:31", "depth:x", "mcts:depth:4"] {
        assert!(bad.parse::<Contestant>().is_err(), "{bad}");
    }
    assert!("ab:depth:30".parse::<Contestant>().is_ok());
}
