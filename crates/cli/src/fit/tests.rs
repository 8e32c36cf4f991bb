use super::*;

/// Positions whose results are drawn from known weights: the fit must find
/// weights close to them, and an error below the starting weights'.
#[test]
fn the_fit_finds_the_weights_that_made_the_results() {
    let mut rng = search::rng::Rng::new(5);
    let truth = [3.0, -2.0, 0.5];
    let k = 0.01;
    let mut data = Data {
        names: vec!["a", "b", "c"],
        features: Vec::new(),
        fixed: Vec::new(),
        results: Vec::new(),
        held_out: Vec::new(),
        worst_linear_gap: 0.0,
    };
    for i in 0..40_000 {
        let f: Vec<f64> = (0..3).map(|_| rng.below(201) as f64 - 100.0).collect();
        let q: f64 = f.iter().zip(truth).map(|(x, w)| x * w).sum();
        let p = chance(k, q);
        let won = (rng.below(1_000_000) as f64) < p * 1e6;
        data.features.push(f);
        data.fixed.push(0.0);
        data.results.push(if won { 1.0 } else { 0.0 });
        data.held_out.push(i % 10 == 0);
    }
    let start = [1.0, 1.0, 1.0];
    // Fitted with the true scale's neighbourhood: the scale and the weights
    // trade off, so the weights are checked at the scale they came from.
    let fitted = data.fit_weights(k, &start, &[false; 3], 600);
    for (got, want) in fitted.iter().zip(truth) {
        assert!((got - want).abs() <= 1.0, "{fitted:?} against {truth:?}");
    }
    assert!(data.error(k, &fitted, true) < data.error(k, &start, true));
    // A weight kept stays as it was.
    let kept = data.fit_weights(k, &start, &[false, true, false], 200);
    assert!((kept[1] - 1.0).abs() < f64::EPSILON, "{kept:?}");
}

#[test]
fn the_scale_fitted_is_the_one_that_made_the_results() {
    let mut rng = search::rng::Rng::new(9);
    let mut data = Data {
        names: vec!["a"],
        features: Vec::new(),
        fixed: Vec::new(),
        results: Vec::new(),
        held_out: Vec::new(),
        worst_linear_gap: 0.0,
    };
    for _ in 0..40_000 {
        let x = rng.below(601) as f64 - 300.0;
        let won = (rng.below(1_000_000) as f64) < chance(0.004, x) * 1e6;
        data.features.push(vec![x]);
        data.fixed.push(0.0);
        data.results.push(if won { 1.0 } else { 0.0 });
        data.held_out.push(false);
    }
    let k = data.fit_scale(&[1.0]);
    assert!((k - 0.004).abs() < 0.0006, "{k}");
}

#[test]
fn lines_of_action_reads_exactly_linear_and_a_fit_does_not_get_worse() {
    let spec: GameSpec = "loa:size=6".parse().unwrap();
    let plan = positions::Plan {
        spec,
        games: 20,
        nodes: vec![100, 400],
        opening: 4,
        seed: 3,
        jobs: 1,
        quiet: false,
        by_match: false,
        command: "test".to_owned(),
    };
    let mut out = Vec::new();
    positions::generate(&plan, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let eval = AnyEval::for_spec(&spec);
    let data = read(&spec, &text, &eval, 5).unwrap();
    // Lines of Action's evaluation is a sum of weights times features; the
    // whole-number divisions leave at most a point or two.
    assert!(data.worst_linear_gap <= 2.0, "{}", data.worst_linear_gap);
    let report = fit(&spec, &[("test".to_owned(), text.clone())], 5, 100, &["tempo".to_owned()], &[]).unwrap();
    let line = report.lines().find(|l| l.starts_with("error (fitted)")).unwrap();
    let numbers: Vec<f64> = line.split_whitespace().filter_map(|w| w.parse().ok()).collect();
    assert!(numbers[1] <= numbers[0], "{report}");
    assert!(report.contains("tempo\t12\t12"), "{report}");
    // A weight set and kept starts and stays there.
    let set = [("tempo".to_owned(), 0)];
    let report = fit(&spec, &[("test".to_owned(), text)], 5, 100, &["tempo".to_owned()], &set).unwrap();
    assert!(report.contains("tempo\t0\t0"), "{report}");
}

#[test]
fn a_bad_line_is_named() {
    let spec: GameSpec = "loa".parse().unwrap();
    let eval = AnyEval::for_spec(&spec);
    let bad = |text: &str| read(&spec, text, &eval, 10).err().unwrap_or_default();
    assert_eq!(bad("# head\n1\t2\tx"), "line 2: result \"2\" is not 1, 0.5 or 0");
    assert_eq!(bad("one\t1\tx"), "line 1: game number \"one\" is not a whole number");
    assert_eq!(bad("1\t1"), "line 1: expected a game number, a result and a position, split by tabs");
    assert!(bad("1\t1\t8/8 x").starts_with("line 1: "));
    assert!(
        fit(&spec, &[("f".to_owned(), "# only a head\n".to_owned())], 10, 10, &[], &[])
            .unwrap_err()
            .contains("no positions")
    );
    let start = format!("0\t1\t{}", spec.start().position_text());
    assert!(
        fit(&spec, &[("f".to_owned(), start.clone())], 10, 10, &["nope".to_owned()], &[])
            .unwrap_err()
            .starts_with("--keep")
    );
    let nope = [("nope".to_owned(), 1)];
    assert!(fit(&spec, &[("f".to_owned(), start)], 10, 10, &[], &nope).unwrap_err().starts_with("--set"));
}
