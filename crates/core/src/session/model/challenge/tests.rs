use super::*;
use rules::GameSpec;

const POSITION: &str = "8/3o2x1/4xx2/4xo2/2xx1o1x/3o1o2/1x6/8 o";

fn start() -> AnyGame {
    "loa".parse::<GameSpec>().unwrap().position(POSITION).unwrap()
}

/// White (o) to play: d7xd4 joins all but one piece, Black's b2-c2 holds
/// for a move, f3-e4 then joins every white piece.
fn challenge() -> Challenge {
    Challenge::new(&start(), ["d7xd4", "b2-c2", "f3-e4"]).unwrap()
}

fn mv(game: &AnyGame, text: &str) -> AnyMove {
    game.parse_move(text).unwrap()
}

#[test]
fn the_solutions_move_is_right_another_is_not() {
    let c = challenge();
    let game = start();
    assert_eq!(c.learner(), Player::White);
    assert_eq!(c.task(&game), "White to play and win");
    assert!(c.right(&game, 0, mv(&game, "d7xd4")));
    assert!(!c.right(&game, 0, mv(&game, "d3-b3")));
    assert_eq!(c.next(1).map(|m| m.to_string()).as_deref(), Some("b2-c2"));
    assert_eq!(c.next(3), None);
}

#[test]
fn progress_follows_the_solution_until_it_is_played_out_or_left() {
    let c = challenge();
    let line = c.line().to_vec();
    assert_eq!(c.progress(&[]), Some(0));
    assert_eq!(c.progress(&line[..2]), Some(2));
    assert_eq!(c.progress(&line), None, "played out");
    let mut game = start();
    let other = mv(&game, "d3-b3");
    game.play_unchecked(other);
    assert_eq!(c.progress(&[other]), None, "left");
}

#[test]
fn a_move_that_wins_at_once_is_right_at_any_step() {
    // Two moves win at once here; the solution names one, the other is right too.
    let game = "loa".parse::<GameSpec>().unwrap().position("8/8/8/8/3x4/1x6/1x6/5o1o x").unwrap();
    let winners: Vec<AnyMove> = game
        .legal_moves()
        .into_iter()
        .filter(|&m| {
            let mut after = game.clone();
            after.play_unchecked(m);
            won_by(&after, Player::Black)
        })
        .collect();
    assert!(winners.len() >= 2, "{winners:?}");
    let c = Challenge::new(&game, [winners[0].to_string().as_str()]).unwrap();
    assert!(c.right(&game, 0, winners[1]));
}

#[test]
fn a_bad_solution_is_named() {
    let illegal = Challenge::new(&start(), ["d7xd4", "b2-b9"]).unwrap_err();
    assert!(illegal.starts_with("move 2 of the solution, \"b2-b9\": "), "{illegal}");
    assert_eq!(
        Challenge::new(&start(), ["d7xd4", "b2-c2", "f3-e4", "c2-c3"]).unwrap_err(),
        "the solution goes on after the win, at move 4"
    );
    let empty = "the solution has no moves, or other moves in a line longer than one";
    assert_eq!(Challenge::new(&start(), []).unwrap_err(), empty);
    assert_eq!(Challenge::new(&start(), ["d7xd4|d3-b3", "b2-c2"]).unwrap_err(), empty);
    assert!(Challenge::new(&start(), ["d7xd4|b2-b9"]).unwrap_err().contains("\"b2-b9\""));
}

/// Two moves of the start position that do not win.
fn two_plain_moves(game: &AnyGame) -> (AnyMove, AnyMove) {
    let plain: Vec<AnyMove> = game
        .legal_moves()
        .into_iter()
        .filter(|&m| {
            let mut after = game.clone();
            after.play_unchecked(m);
            after.decided().is_none()
        })
        .collect();
    (plain[0], plain[1])
}

#[test]
fn a_goal_is_met_by_any_of_its_moves_and_need_not_win() {
    let game = start();
    let (a, b) = two_plain_moves(&game);
    let c = Challenge::new(&game, [format!("{a}|{b}").as_str()]).unwrap();
    assert!(!c.wins());
    assert_eq!(c.task(&game), "White to play");
    assert_eq!(c.text(), format!("{a}|{b}"));
    assert!(c.right(&game, 0, a) && c.right(&game, 0, b));
    let other = game.legal_moves().into_iter().find(|&m| m != a && m != b && m.to_string() != "d7xd4").unwrap();
    assert!(!c.right(&game, 0, other));
    for (played, solved) in [(a, true), (b, true), (other, false)] {
        let mut after = game.clone();
        after.play_unchecked(played);
        assert_eq!(c.solved(&[played], &after), solved, "{played}");
    }
    assert!(!c.solved(&[], &game));
}

#[test]
fn a_puzzle_is_solved_only_by_its_win() {
    let c = challenge();
    assert!(c.wins());
    assert_eq!(c.text(), "d7xd4,b2-c2,f3-e4");
    let mut game = start();
    let line = c.line().to_vec();
    for (i, &m) in line.iter().enumerate() {
        assert!(!c.solved(&line[..i], &game));
        game.play_unchecked(m);
    }
    assert!(c.solved(&line, &game));
}

#[test]
fn ra_asks_for_the_match() {
    let game = "ra".parse::<GameSpec>().unwrap().position("o1a4/x1d4/x2f6/o1g5/o1g7/o1j7 o 4-1 4 x").unwrap();
    let c = Challenge::new(&game, ["1a4xd4"]).unwrap();
    assert_eq!(c.task(&game), "White to play and win the match");
}

#[test]
fn every_shipped_puzzle_is_a_challenge() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/puzzles");
    let mut count = 0;
    for name in ["loa", "ra", "attract", "forms"] {
        let text = std::fs::read_to_string(dir.join(format!("{name}.txt"))).unwrap();
        for puzzle in search::puzzle::file::read(&text).unwrap() {
            let spec: GameSpec = puzzle.spec.parse().unwrap();
            let game = spec.position(&puzzle.position.replace('_', " ")).unwrap();
            let c = Challenge::new(&game, puzzle.line.iter().map(String::as_str));
            assert!(c.is_ok(), "{}: {c:?}", puzzle.id);
            count += 1;
        }
    }
    assert!(count >= 300, "{count} puzzles");
}
