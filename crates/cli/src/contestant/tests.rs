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

#[test]
fn noise_is_a_switch_of_the_search_not_a_weight() {
    let spec: GameSpec = "ra".parse().unwrap();
    let plain: Contestant = "level:1".parse().unwrap();
    let noisy: Contestant = "level:1+noise=300".parse().unwrap();
    assert_eq!(plain.settings(&spec).unwrap().0.noise, 150);
    assert_eq!(noisy.settings(&spec).unwrap().0.noise, 300);
    assert!(noisy.check(&spec).is_ok());
    assert!(noisy.weights().is_empty());
    for bad in ["level:1+noise=-1", "level:1+noise=1001", "level:1+noise=x"] {
        assert!(bad.parse::<Contestant>().is_err(), "{bad}");
    }
}
