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
    assert_eq!(plain.settings(&spec).unwrap().0.noise, 250, "RA's level 1 errs by ±250");
    assert_eq!(noisy.settings(&spec).unwrap().0.noise, 300);
    assert!(noisy.check(&spec).is_ok());
    assert!(noisy.weights().is_empty());
    for bad in ["level:1+noise=-1", "level:1+noise=1001", "level:1+noise=x"] {
        assert!(bad.parse::<Contestant>().is_err(), "{bad}");
    }
}

#[test]
fn proof_asks_the_solver_first_as_the_strongest_level_does_on_lines_of_action_5x5() {
    let small: GameSpec = "loa:size=5".parse().unwrap();
    let clock = search::NoClock;
    let strongest: Contestant = "level:5".parse().unwrap();
    assert!(strongest.proof(&small).is_some());
    let start = small.start();
    let proven = strongest.proven_move(&start, 512, &clock, 1).map(|r| r.best.to_string());
    assert_eq!(proven.as_deref(), Some("d1-b3"), "the solved start's first move");
    // Turned off, and set for a node budget; not a weight.
    let off: Contestant = "level:5+proof=0".parse().unwrap();
    assert_eq!(off.proof(&small), None);
    assert!(off.proven_move(&start, 512, &clock, 1).is_none());
    let on: Contestant = "nodes:3000+proof=20000".parse().unwrap();
    assert_eq!(on.proof(&small), Some(Budget::nodes(20_000)));
    assert!(on.check(&small).is_ok() && on.weights().is_empty());
    assert_eq!("nodes:3000".parse::<Contestant>().unwrap().proof(&small), None);
    assert_eq!(strongest.proof(&"loa".parse().unwrap()), None, "8 × 8 is not solved");
    // The baselines never ask it.
    assert_eq!(Contestant::Random.proof(&small), None);
    for bad in ["level:5+proof=-1", "level:5+proof=x", "level:5+proof=100000001"] {
        assert!(bad.parse::<Contestant>().is_err(), "{bad}");
    }
}
