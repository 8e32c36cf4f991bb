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
