//! Hints and the analysis: one adviser for both, a hint asked once and
//! cleared when the position changes, the analysis following the cursor
//! and naming the hint while it runs.

use super::*;

#[test]
fn hints_are_asked_once_and_cleared_when_the_position_changes() {
    let (mut s, _) = open("?game=loa");
    let fx = s.apply(Intent::Advice(AdviceIntent::Hint));
    let found = searches(&fx);
    assert_eq!(found.len(), 1);
    assert_eq!((found[0].0, found[0].2), (Role::Adviser, Purpose::Hint));
    assert!(s.hint_pending());
    assert!(searches(&s.apply(Intent::Advice(AdviceIntent::Hint))).is_empty(), "one hint at a time");
    s.apply(Intent::Answer(Role::Adviser, done(found[0].1, here(&s, "b1-b3"))));
    assert_eq!(s.hint().map(|h| h.mv.to_string()).as_deref(), Some("b1-b3"));
    assert!(!s.hint_pending());
    typed(&mut s, "c1xa3");
    assert!(s.hint().is_none());
}

#[test]
fn the_analysis_follows_the_cursor_and_gives_the_hint() {
    let (mut s, _) = open("?game=loa&moves=b1-b3");
    let fx = s.apply(Intent::Advice(AdviceIntent::Analysis(true)));
    let first = one_search(&fx, Role::Adviser);
    s.apply(Intent::Answer(Role::Adviser, info(first, line_here(&s, &["a2-c2", "c1xa3"]))));
    assert_eq!(s.analysis().map(|a| (a.depth, a.side)), Some((4, Player::White)));
    // A hint while the analysis runs is its best move: no second search.
    let fx = s.apply(Intent::Advice(AdviceIntent::Hint));
    assert!(searches(&fx).is_empty());
    assert_eq!(s.hint().map(|h| h.mv.to_string()).as_deref(), Some("a2-c2"));
    // A step back stops the old analysis and starts one for the position shown.
    let fx = s.apply(Intent::Navigate(Nav::Back));
    assert!(stops(&fx, Role::Adviser));
    let second = one_search(&fx, Role::Adviser);
    assert!(s.analysis().is_none());
    s.apply(Intent::Answer(Role::Adviser, info(first, line_at("?game=loa&moves=b1-b3", &["a2-c2"]))));
    assert!(s.analysis().is_none(), "the old position's line is dropped");
    s.apply(Intent::Answer(Role::Adviser, done(second, here(&s, "b1-b3"))));
    assert!(s.analysis().is_some_and(|a| a.done && a.side == Player::Black));
}

#[test]
fn a_hint_under_way_gives_way_to_the_analysis_which_names_it() {
    let (mut s, _) = open("?game=loa");
    s.apply(Intent::Advice(AdviceIntent::Hint));
    let fx = s.apply(Intent::Advice(AdviceIntent::Analysis(true)));
    assert!(stops(&fx, Role::Adviser));
    let id = one_search(&fx, Role::Adviser);
    assert!(s.hint_pending());
    s.apply(Intent::Answer(Role::Adviser, info(id, line_here(&s, &["c1xa3"]))));
    assert_eq!(s.hint().map(|h| h.mv.to_string()).as_deref(), Some("c1xa3"));
    // Closing the analysis before it names a move asks for the hint on its own.
    let (mut s, _) = open("?game=loa");
    s.apply(Intent::Advice(AdviceIntent::Analysis(true)));
    s.apply(Intent::Advice(AdviceIntent::Hint));
    let fx = s.apply(Intent::Advice(AdviceIntent::Analysis(false)));
    let found = searches(&fx);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].2, Purpose::Hint);
}

#[test]
fn solve_asks_the_solver_once_then_the_analysis_follows_the_cursor() {
    let (mut s, _) = open("?game=forms:size=4&moves=a1xa4");
    let fx = s.apply(Intent::Advice(AdviceIntent::Solve));
    let found = searches(&fx);
    assert_eq!(found.len(), 1);
    assert_eq!((found[0].0, found[0].2), (Role::Adviser, Purpose::Solve));
    assert!(s.analysis_on(), "its answer shows in the analysis");
    // Its failure is said, as the adviser's notices are.
    let message = "Not solved within 40 million positions or 60 seconds (a smaller board, or a position nearer the end, may be): Analyse searches it";
    s.apply(Intent::Answer(Role::Adviser, Response::Error { id: found[0].1, message: message.to_owned() }));
    assert_eq!(s.worker_notice(), Some(message));
    assert!(!s.analysis_on(), "nothing to show: the analysis closes");
    // Solved this time; another position: the analysis as usual.
    let fx = s.apply(Intent::Advice(AdviceIntent::Solve));
    let id = one_search(&fx, Role::Adviser);
    s.apply(Intent::Answer(Role::Adviser, done(id, here(&s, "a3xb1"))));
    assert!(s.analysis_on() && s.analysis().is_some());
    let fx = s.apply(Intent::Navigate(Nav::Back));
    let again = searches(&fx);
    assert_eq!(again.len(), 1);
    assert_eq!(again[0].2, Purpose::Analyse);
}

#[test]
fn the_analysis_line_is_stepped_into_as_a_variation_up_to_the_move_chosen() {
    // A finished game's first position, analysed: its line goes in beside the game's move.
    let (mut s, _) = open("?game=loa&moves=b1-b3,a2-c2&o=ai:2&end=resign-x");
    s.apply(Intent::Navigate(Nav::First));
    let fx = s.apply(Intent::Advice(AdviceIntent::Analysis(true)));
    let id = one_search(&fx, Role::Adviser);
    s.apply(Intent::Answer(Role::Adviser, info(id, line_here(&s, &["c1-c3", "h2-f2", "d1-d3"]))));
    assert!(s.line_playable());
    s.apply(Intent::Advice(AdviceIntent::Line(1)));
    let here: Vec<String> = s.tree().moves_to_cursor().iter().map(ToString::to_string).collect();
    assert_eq!(here, ["c1-c3", "h2-f2"], "two moves: up to the second");
    assert_eq!(s.tree().main_line().len(), 2, "the game itself unchanged");
    assert!(s.query().contains("b1-b3") && s.query().contains("(c1-c3"), "{}", s.query());
    // The position changed: the analysis starts again for it.
    assert!(s.analysis().is_none());
}

#[test]
fn the_line_is_not_played_at_the_end_of_a_game_in_progress_against_the_computer_or_after_its_end() {
    let (mut s, _) = open("?game=loa&moves=b1-b3,a2-c2&o=ai:2");
    let fx = s.apply(Intent::Advice(AdviceIntent::Analysis(true)));
    let id = one_search(&fx, Role::Adviser);
    s.apply(Intent::Answer(Role::Adviser, info(id, line_here(&s, &["d1-d3", "h7-f7"]))));
    assert!(!s.line_playable(), "its moves would be the game's");
    s.apply(Intent::Advice(AdviceIntent::Line(1)));
    assert_eq!(s.tree().main_line().len(), 2);
    // One step back: a variation, so it may.
    let fx = s.apply(Intent::Navigate(Nav::Back));
    let id = one_search(&fx, Role::Adviser);
    s.apply(Intent::Answer(Role::Adviser, info(id, line_here(&s, &["h7-f7"]))));
    assert!(s.line_playable());
    // Two people at one board with no clock: the line goes on from the end.
    let (mut s, _) = open("?game=loa&moves=b1-b3");
    let fx = s.apply(Intent::Advice(AdviceIntent::Analysis(true)));
    let id = one_search(&fx, Role::Adviser);
    // A line whose second move is not legal stops before it.
    let mut line = line_here(&s, &["a2-c2"]);
    line.push(line[0]);
    s.apply(Intent::Answer(Role::Adviser, info(id, line)));
    s.apply(Intent::Advice(AdviceIntent::Line(5)));
    assert_eq!(s.tree().main_line().len(), 2);
    // After a game's end (a resignation), no.
    let (mut s, _) = open("?game=loa&moves=b1-b3&end=resign-o");
    let fx = s.apply(Intent::Advice(AdviceIntent::Analysis(true)));
    if let Some((_, id, ..)) = searches(&fx).first() {
        s.apply(Intent::Answer(Role::Adviser, info(*id, line_here(&s, &["a2-c2"]))));
    }
    assert!(!s.line_playable());
}
