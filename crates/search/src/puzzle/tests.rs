//! The puzzle search against plain AND/OR search over every line (no table,
//! no move order), on positions just before the wins of random games of
//! every game; the shipped puzzle files proven again; the file format.

use super::file::{self, Puzzle};
use super::*;
use crate::rng::Rng;
use proptest::prelude::*;
use rules::{AnyGame, GameSpec, Player};

/// Whether `attacker` wins within `plies`, by looking at every line.
fn naive<G: Game>(game: &G, attacker: Player, plies: u8) -> bool {
    if plies == 0 || game.outcome().is_some() {
        return false;
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    if moves.is_empty() {
        return false;
    }
    let wins = |mv: G::Move| {
        let mut after = game.clone();
        after.play_unchecked(mv);
        match after.decided() {
            Some(winner) => winner == Some(attacker),
            None => naive(&after, attacker, plies - 1),
        }
    };
    if game.to_move() == attacker { moves.into_iter().any(wins) } else { moves.into_iter().all(wins) }
}

/// The first moves that win within `plies`, by [`naive`].
fn naive_winners<G: Game>(game: &G, plies: u8) -> Vec<G::Move> {
    let attacker = game.to_move();
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .into_iter()
        .filter(|&mv| {
            let mut after = game.clone();
            after.play_unchecked(mv);
            match after.decided() {
                Some(winner) => winner == Some(attacker),
                None => naive(&after, attacker, plies - 1),
            }
        })
        .collect()
}

/// Positions at most `before` plies before each decided game or match of
/// random games of `spec`, read again from their text (as puzzles are).
fn near_wins(spec: &str, games: u64, before: usize) -> Vec<AnyGame> {
    let spec: GameSpec = spec.parse().unwrap();
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = Rng::new(seed * 31 + 7);
        let mut game = spec.start();
        let mut line = vec![game.clone()];
        for _ in 0..300 {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play_unchecked(moves[rng.below(moves.len())]);
            line.push(game.clone());
            if game.match_just_ended() || game.outcome().is_some() {
                let from = line.len().saturating_sub(before + 1);
                for p in &line[from..line.len() - 1] {
                    out.push(spec.position(&p.position_text()).unwrap());
                }
                line.clear();
                line.push(game.clone());
            }
        }
    }
    out
}

fn check<G: Game>(game: &G, max: u8) {
    let attacker = game.to_move();
    let mut prover = Prover::new(attacker, u64::MAX);
    let mut shortest = None;
    for plies in 1..=max {
        let exact = naive(game, attacker, plies);
        assert_eq!(prover.wins_within(game, plies), Ok(exact), "{} within {plies}", game.position_text());
        if exact && shortest.is_none() {
            shortest = Some(plies);
        }
    }
    match (find(game, max, u64::MAX), shortest) {
        (Ok(found), Some(plies)) => {
            assert_eq!(found.plies, plies);
            assert_eq!(found.line.len(), usize::from(plies), "{}", game.position_text());
            assert_eq!(naive_winners(game, plies), vec![found.line[0]], "{}", game.position_text());
            let mut end = game.clone();
            for &mv in &found.line {
                assert!(end.is_legal(mv));
                end.play_unchecked(mv);
            }
            assert_eq!(end.decided(), Some(Some(attacker)), "the line ends with the win");
        }
        (Err(Refused::TwoWinners), Some(plies)) => assert!(naive_winners(game, plies).len() > 1),
        (Err(Refused::LaterChoice), Some(plies)) => assert_eq!(naive_winners(game, plies).len(), 1),
        (Err(Refused::NoWin), None) => {}
        (other, shortest) => panic!("{}: {other:?} where the shortest win is {shortest:?}", game.position_text()),
    }
}

fn check_any(game: &AnyGame, max: u8) {
    match game {
        AnyGame::Attract(g) => check(g, max),
        AnyGame::Forms(g) => check(g, max),
        AnyGame::Ra(g) => check(g, max),
        AnyGame::Loa(g) => check(g, max),
    }
}

#[test]
fn the_prover_and_find_agree_with_every_line_searched() {
    // (spec, games, plies before the win, longest win looked for)
    let cases = [
        ("loa", 12, 4, 3),
        ("attract:size=6", 12, 4, 3),
        ("forms:size=4", 12, 4, 4),
        ("forms:rules=advanced,size=6", 8, 4, 3),
        ("ra", 2, 3, 3),
    ];
    for (spec, games, before, max) in cases {
        let positions = near_wins(spec, games, before);
        assert!(positions.len() >= 8, "{spec}: {} positions", positions.len());
        for game in &positions {
            check_any(game, max);
        }
    }
}

#[test]
fn two_winning_first_moves_are_refused() {
    // Positions one ply before a random game's win where more than one
    // move wins at once.
    let mut refused = 0;
    for game in near_wins("loa", 20, 1) {
        let AnyGame::Loa(g) = &game else { unreachable!() };
        if naive_winners(g, 1).len() > 1 {
            assert_eq!(find(g, 3, u64::MAX), Err(Refused::TwoWinners), "{}", g.position_text());
            refused += 1;
        }
    }
    assert!(refused > 0, "no position with two winning moves among them");
}

#[test]
fn a_budget_too_small_says_so() {
    let game = near_wins("loa", 4, 3).into_iter().next().unwrap();
    let AnyGame::Loa(g) = &game else { unreachable!() };
    assert_eq!(find(g, 3, 2), Err(Refused::Budget));
}

/// The files `ludoteca puzzles` made (`scripts/lab/puzzles`).
fn shipped() -> Vec<Puzzle> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/puzzles");
    let mut all = Vec::new();
    for name in ["loa", "ra", "attract", "forms"] {
        let text = std::fs::read_to_string(dir.join(format!("{name}.txt"))).unwrap();
        let puzzles = file::read(&text).unwrap();
        assert!(puzzles.len() >= 60, "{name}: {} puzzles", puzzles.len());
        all.extend(puzzles);
    }
    all
}

#[test]
fn shipped_puzzles_are_proven_again() {
    let puzzles = shipped();
    let mut ids = std::collections::HashSet::new();
    for (i, p) in puzzles.iter().enumerate() {
        assert!(ids.insert(p.id.clone()), "{} twice", p.id);
        assert_eq!(p.id, file::id(&p.spec, &p.position));
        let spec: GameSpec = p.spec.parse().unwrap();
        let game = spec.position(&p.position.replace('_', " ")).unwrap();
        // Every puzzle's line replays to the win of the side to move...
        let mut end = game.clone();
        for mv in &p.line {
            end.play_text(mv).unwrap();
        }
        assert!(end.outcome().is_some() || end.match_just_ended(), "{}", p.id);
        // ...and one in eight is proven again from scratch: the same line.
        if i % 8 == 0 {
            let line = |moves: Vec<rules::AnyMove>| moves.iter().map(ToString::to_string).collect::<Vec<_>>();
            let found = match &game {
                AnyGame::Attract(g) => {
                    find(g, p.plies, 20_000_000).map(|f| f.line.into_iter().map(rules::AnyMove::Attract).collect())
                }
                AnyGame::Forms(g) => {
                    find(g, p.plies, 20_000_000).map(|f| f.line.into_iter().map(rules::AnyMove::Forms).collect())
                }
                AnyGame::Ra(g) => {
                    find(g, p.plies, 20_000_000).map(|f| f.line.into_iter().map(rules::AnyMove::Ra).collect())
                }
                AnyGame::Loa(g) => {
                    find(g, p.plies, 20_000_000).map(|f| f.line.into_iter().map(rules::AnyMove::Loa).collect())
                }
            };
            assert_eq!(found.map(line), Ok(p.line.clone()), "{}", p.id);
        }
    }
}

fn sample() -> Puzzle {
    Puzzle {
        id: file::id("loa", "8/8/8/8/3x4/1x6/1x6/5o1o_x"),
        spec: "loa".to_owned(),
        difficulty: 2,
        plies: 3,
        position: "8/8/8/8/3x4/1x6/1x6/5o1o_x".to_owned(),
        line: vec!["b2-b4".to_owned(), "h1-g1".to_owned(), "d4-c3".to_owned()],
        effort: Some(300),
        proof: 4410,
    }
}

#[test]
fn the_file_reads_what_it_writes_and_names_what_is_wrong() {
    let text = file::write(&[sample()], &["made by: a test".to_owned()]);
    assert!(text.starts_with("ludoteca-puzzles 1\n# made by: a test\n"), "{text}");
    assert_eq!(file::read(&text), Ok(vec![sample()]));
    let none = Puzzle { effort: None, ..sample() };
    assert_eq!(file::read(&file::write(std::slice::from_ref(&none), &[])), Ok(vec![none]));
    assert_eq!(
        file::read("ludoteca-puzzles 2\n"),
        Err("puzzle file version \"2\" is not one this program reads (it reads 1)".to_owned())
    );
    assert!(file::read("").unwrap_err().starts_with("not a puzzle file"));
    let bad = text.replace("\t2\t3\t", "\t9\t3\t");
    assert_eq!(file::read(&bad), Err("line 3: the difficulty is not 1 to 5".to_owned()));
    let short = text.replace(" d4-c3", "");
    assert_eq!(file::read(&short), Err("line 3: the length 3 is not the solution's 2 moves".to_owned()));
    assert!(file::read("ludoteca-puzzles 1\na\tb\n").unwrap_err().starts_with("line 2: 2 fields"));
}

proptest! {
    #[test]
    fn any_text_reads_or_is_named(text in "ludoteca-puzzles 1\n[ -~\t\n]{0,200}") {
        let _ = file::read(&text);
    }

    #[test]
    fn puzzles_written_read_back(
        difficulty in 1u8..=5,
        line in proptest::collection::vec("[a-z][0-9]-[a-z][0-9]", 1..8),
        effort in proptest::option::of(0u64..1_000_000),
        proof in any::<u64>(),
        position in "[0-9a-z/]{1,40}_[xo]",
    ) {
        let p = Puzzle {
            id: file::id("loa", &position),
            spec: "loa".to_owned(),
            difficulty,
            plies: line.len() as u8,
            position,
            line,
            effort,
            proof,
        };
        prop_assert_eq!(file::read(&file::write(std::slice::from_ref(&p), &[])), Ok(vec![p]));
    }
}
