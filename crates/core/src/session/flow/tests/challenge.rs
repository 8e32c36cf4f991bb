//! A challenge from a link's `solve=`: the learner's moves judged, the
//! answers played from the solution, hints, the solution, undo, the link.

use super::*;

/// White (o) to play and win: d7xd4, Black's b2-c2, then f3-e4 joins every white piece.
const PUZZLE: &str = "?game=loa&from=8/3o2x1/4xx2/4xo2/2xx1o1x/3o1o2/1x6/8_o&solve=d7xd4,b2-c2,f3-e4";

#[test]
fn a_wrong_move_is_named_and_not_played_the_right_one_is_answered() {
    let (mut s, _) = open(PUZZLE);
    assert!(s.challenge_on());
    assert_eq!(s.status(), "White to play and win");
    assert_eq!(s.person(), None, "no resigning or draws in a challenge");
    click(&mut s, "d3");
    let fx = click(&mut s, "b3");
    assert!(moves(&s).is_empty(), "not played");
    assert_eq!(s.refusal(), Some("d3-b3 is not the move: try another, or ask for a hint"));
    assert_eq!(s.challenge_mark().as_deref(), Some("wrong d3-b3"), "said for the Learn page in any language");
    assert!(fx.contains(&Effect::Sound(Sound::Illegal)));
    // A typed wrong move too.
    typed(&mut s, "f4-g5");
    assert!(moves(&s).is_empty());
    // The right move: played, and Black's answer from the solution at once.
    click(&mut s, "d7");
    click(&mut s, "d4");
    assert_eq!(moves(&s), ["d7xd4", "b2-c2"]);
    assert_eq!(s.status(), "White to play and win");
    typed(&mut s, "f3-e4");
    assert_eq!(moves(&s), ["d7xd4", "b2-c2", "f3-e4"]);
    assert!(!s.challenge_on());
    assert_eq!(s.status(), "Solved: White wins");
    assert_eq!(s.challenge_mark().as_deref(), Some("solved"));
}

#[test]
fn a_hint_selects_the_piece_and_the_solution_plays_out() {
    let (mut s, fx) = open(PUZZLE);
    assert!(searches(&fx).is_empty());
    let fx = s.apply(Intent::Advice(AdviceIntent::Hint));
    assert!(searches(&fx).is_empty(), "the hint comes from the solution, not a search");
    assert_eq!(s.selection().from, s.tree().spec().cell_named("d7"));
    assert_eq!(s.refusal(), Some("Hint: move the piece on d7"));
    assert_eq!(s.challenge_mark().as_deref(), Some("hint"));
    s.apply(Intent::Solution);
    assert_eq!(moves(&s), ["d7xd4", "b2-c2", "f3-e4"]);
    assert_eq!(s.status(), "The solution: White wins");
    assert_eq!(s.challenge_mark().as_deref(), Some("shown"));
    // Stepping back into it: the challenge goes on there.
    s.apply(Intent::Navigate(Nav::To(2)));
    assert!(s.challenge_on());
}

#[test]
fn undo_goes_back_to_the_learners_turn_and_the_link_keeps_the_challenge() {
    let (mut s, _) = open(PUZZLE);
    typed(&mut s, "d7xd4");
    assert_eq!(moves(&s), ["d7xd4", "b2-c2"]);
    s.apply(Intent::Undo);
    assert_eq!(s.tree().moves_to_cursor(), Vec::<AnyMove>::new(), "the answer and the move taken back");
    assert!(s.query().contains("&solve=d7xd4,b2-c2,f3-e4"), "{}", s.query());
    let Route::Play { tree, .. } = decode(&s.query()) else { panic!() };
    assert_eq!(tree.challenge(), s.tree().challenge());
}

#[test]
fn a_bad_solution_opens_the_position_as_a_game_and_says_why() {
    let (s, _) = open("?game=loa&from=8/3o2x1/4xx2/4xo2/2xx1o1x/3o1o2/1x6/8_o&solve=d7xd4,b2-b9");
    assert!(!s.challenge_on());
    assert_eq!(
        s.notices(),
        [
            "The link's solution cannot be used (move 2 of the solution, \"b2-b9\": \"b9\" is not a cell of this board); the position opens as a game."
        ]
    );
    assert_eq!(s.status(), "White to move");
    // Without a challenge a hint asks the computer.
    let (mut s, _) = open("?game=loa");
    let fx = s.apply(Intent::Advice(AdviceIntent::Hint));
    assert_eq!(searches(&fx).len(), 1);
}
