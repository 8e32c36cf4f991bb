use super::*;

#[test]
fn random_moves_are_the_same_choices_as_among_the_written_moves() {
    // Seeded openings of published matches depend on these choices.
    for spec in ["loa", "attract:size=6", "forms:size=6", "forms:rules=advanced,size=8", "ra"] {
        let spec: GameSpec = spec.parse().unwrap();
        for seed in 0..20 {
            let (mut fast, mut written) = (Rng::new(seed), Rng::new(seed));
            let mut game = spec.start();
            for _ in 0..40 {
                let moves = game.legal_move_texts();
                let expected = (!moves.is_empty()).then(|| moves[written.below(moves.len())].clone());
                let chosen = random(&game, &mut fast);
                assert_eq!(chosen.map(|m| m.to_string()), expected, "{spec} seed {seed}");
                let Some(mv) = chosen else { break };
                game.play_move(mv).unwrap();
            }
        }
    }
}

#[test]
fn an_opening_longer_than_any_game_falls_back_to_the_start() {
    // Regression: on Forms 18x18 this took over 30 seconds (100 random
    // games, each writing out every legal move at every ply).
    let spec: GameSpec = "forms".parse().unwrap();
    assert_eq!(opening(&spec, 3, 0, 1000), spec.start());
    let short = opening(&spec, 3, 0, 4);
    assert!(short.outcome().is_none());
    assert_ne!(short, spec.start());
}

#[test]
fn thousands_of_threads_are_refused_with_the_numbers() {
    let most = max_threads_in_all();
    assert!(most >= 64);
    assert_eq!(check_threads(4, 16), Ok(()));
    let err = check_threads(64, 16 * 64).unwrap_err();
    assert!(err.starts_with("64 jobs × 1024 search threads a game is 65536 threads; at most "), "{err}");
    // The command of the campaign that aborted: refused before any game starts.
    let plan = MatchPlan {
        spec: "forms:size=4".parse().unwrap(),
        a: "random".parse().unwrap(),
        b: "mcts:level:1+threads=64+workers=16".parse().unwrap(),
        games: 4,
        first_game: 2,
        seed: 0,
        jobs: 64,
        opening_plies: 100,
        progress: false,
        memory_mb: 512,
        sprt: None,
    };
    assert!(run_match(&plan).unwrap_err().contains("search threads a game"));
}

#[test]
fn the_tables_share_one_memory_total() {
    assert_eq!(engine_memory(512, 2, 17), Ok(15));
    assert_eq!(engine_memory(512, 1, 2), Ok(256));
    let err = engine_memory(16, 2, 17).unwrap_err();
    assert!(err.starts_with("--memory-mb 16 cannot give 2 jobs × 17 engines (34 tables) 1 MB each"), "{err}");
}

#[test]
fn a_sequential_test_stops_once_it_decides_the_same_for_any_jobs() {
    // Greedy against random play on a small Attract board: lopsided, so H1
    // comes long before the 400 games allowed.
    let plan = |jobs| MatchPlan {
        spec: "attract:size=6".parse().unwrap(),
        a: "greedy".parse().unwrap(),
        b: "random".parse().unwrap(),
        games: 400,
        first_game: 1,
        seed: 5,
        jobs,
        opening_plies: 2,
        progress: false,
        memory_mb: 64,
        sprt: Some(Sprt { elo0: 0.0, elo1: 20.0, alpha: 0.05, beta: 0.05 }),
    };
    let one = run_match(&plan(1)).unwrap();
    assert!(one.contains(": H1 accepted after "), "{one}");
    let games: f64 = one.split_whitespace().nth(1).unwrap().parse().unwrap();
    assert!(games < 400.0 && games % 2.0 == 0.0, "{one}");
    // However many games run at once, the same pairs are counted.
    assert_eq!(run_match(&plan(3)).unwrap(), one);
    // Even players: H0 (A is not 20 Elo stronger), or no decision in 40 games.
    let even = MatchPlan { b: "greedy".parse().unwrap(), games: 40, ..plan(2) };
    let report = run_match(&even).unwrap();
    assert!(report.contains("H0 accepted") || report.contains("no decision after 40 games"), "{report}");
    // A test counts the match from its first game.
    let resumed = MatchPlan { first_game: 3, ..plan(1) };
    assert!(run_match(&resumed).unwrap_err().contains("--first-game"));
}
