//! The review's flow: positions spread over the workers from the end back,
//! answers kept for the session, stale answers dropped, failures retried
//! once, and what the page is shown.

use super::*;
use search::review::Mark;
use search::score::WIN;

fn verdict_answer(id: u64, best: AnyMove, score: i32) -> Response {
    Response::Done { id, best, score, depth: 5, pv: vec![best], nodes: 100_000, elapsed_ms: 40.0 }
}

/// The position after the first `plies` moves of the main line.
fn main_position(s: &Session, plies: usize) -> &rules::AnyGame {
    let node = if plies == 0 { NodeId::ROOT } else { s.tree().main_line()[plies - 1] };
    s.tree().position_of(node)
}

/// The move written `text` after the first `plies` moves of the main line.
fn main_move(s: &Session, plies: usize, text: &str) -> AnyMove {
    main_position(s, plies).parse_move(text).unwrap_or_else(|e| panic!("{text} after {plies}: {e}"))
}

/// Some legal move after the first `plies` moves of the main line.
fn any_move(s: &Session, plies: usize) -> AnyMove {
    main_position(s, plies).legal_moves()[0]
}

/// The review searches among `fx`: (worker, id, plies of the position).
fn review_searches(fx: &[Effect]) -> Vec<(u8, u64, usize)> {
    searches(fx)
        .into_iter()
        .filter_map(|(engine, id, purpose, moves, _)| match engine {
            Role::Reviewer(k) => {
                assert_eq!(purpose, Purpose::Review);
                Some((k, id, moves.len()))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn a_review_searches_every_position_from_the_end_back_and_shows_the_marks() {
    let (mut s, _) = open("?game=loa&moves=b1-b3,a2-c2,e1-e3");
    let fx = s.apply(Intent::Review(ReviewIntent::Start { workers: 1 }));
    assert_eq!(review_searches(&fx).iter().map(|r| (r.0, r.2)).collect::<Vec<_>>(), [(0, 3)]);
    let view = s.review().unwrap();
    assert!(view.running);
    assert_eq!((view.done, view.total), (0, 4));
    // Scores for the side to move: Black 0 (best b1-b3), White -50 after
    // b1-b3, Black +7.00 after a2-c2 (White blundered: best was h2-f2), White
    // +0 after e1-e3.
    let answers = [(3, "a7-c7", 0), (2, "e1-e3", 700), (1, "h2-f2", -50), (0, "b1-b3", 0)];
    let mut fx = fx;
    for (plies, best, score) in answers {
        let [(k, id, at)] = review_searches(&fx)[..] else { panic!("one search expected: {fx:?}") };
        assert_eq!((k, at), (0, plies));
        fx = s.apply(Intent::Answer(Role::Reviewer(0), verdict_answer(id, main_move(&s, at, best), score)));
    }
    assert!(review_searches(&fx).is_empty());
    // The finished review is saved with the game: the link, then the record with its verdicts.
    let saved = fx
        .iter()
        .find_map(|e| if let Effect::Save(t) = e { Some(crate::session::formats::saved::text_of(t)) } else { None });
    let saved = saved.expect("the finished review is saved");
    assert!(saved.starts_with("?game=loa&moves=b1-b3,a2-c2,e1-e3\n[Game \"loa\"]"), "{saved}");
    assert_eq!(saved.matches("[%eval").count(), 3, "{saved}");
    let view = s.review().unwrap();
    assert!(!view.running);
    assert_eq!((view.done, view.total), (4, 4));
    assert_eq!(view.mark(1), None, "the searcher's own move");
    assert_eq!(view.mark(2), Some(Mark::Blunder));
    assert_eq!(view.moves[1].as_ref().and_then(|m| m.better), Some(main_move(&s, 1, "h2-f2")));
    assert_eq!(view.summaries[1].marks, [0, 0, 1]);
    assert!(view.points.iter().all(Option::is_some));
    // Going to the blunder and asking for the better move adds it as a variation.
    s.apply(Intent::Navigate(Nav::To(2)));
    s.apply(Intent::Review(ReviewIntent::PlayBetter));
    assert_eq!(s.tree().moves_to_cursor().iter().map(ToString::to_string).collect::<Vec<_>>(), ["b1-b3", "h2-f2"]);
    assert_eq!(moves(&s), ["b1-b3", "a2-c2", "e1-e3"], "the main line stays");
    // A second review is instant: every position is known.
    let fx = s.apply(Intent::Review(ReviewIntent::Start { workers: 3 }));
    assert!(review_searches(&fx).is_empty());
    assert!(!s.review().unwrap().running);
}

#[test]
fn several_workers_share_the_positions_and_stale_answers_are_dropped() {
    let (mut s, _) = open("?game=loa&moves=b1-b3,a2-c2,e1-e3,h2-f2");
    let fx = s.apply(Intent::Review(ReviewIntent::Start { workers: 9 }));
    let started = review_searches(&fx);
    assert_eq!(started.iter().map(|r| (r.0, r.2)).collect::<Vec<_>>(), [(0, 4), (1, 3), (2, 2), (3, 1)], "at most 4");
    // An answer with another id is not this worker's search.
    let fx = s.apply(Intent::Answer(Role::Reviewer(1), verdict_answer(started[0].1, any_move(&s, 4), 0)));
    assert!(review_searches(&fx).is_empty());
    assert_eq!(s.review().unwrap().done, 0);
    let fx = s.apply(Intent::Answer(Role::Reviewer(1), verdict_answer(started[1].1, main_move(&s, 3, "a7-c7"), 10)));
    assert_eq!(review_searches(&fx).iter().map(|r| (r.0, r.2)).collect::<Vec<_>>(), [(1, 0)]);
    assert_eq!(s.review().unwrap().done, 1);
}

#[test]
fn a_failed_worker_gets_its_position_again_once_and_cancel_stops_all() {
    let (mut s, _) = open("?game=loa&moves=b1-b3,a2-c2");
    let fx = s.apply(Intent::Review(ReviewIntent::Start { workers: 2 }));
    assert_eq!(review_searches(&fx).len(), 2);
    let fx = s.apply(Intent::Failed(Role::Reviewer(0), "hung".to_owned()));
    assert_eq!(review_searches(&fx).iter().map(|r| (r.0, r.2)).collect::<Vec<_>>(), [(0, 2)], "tried again");
    assert_eq!(s.worker_notice(), None, "the game's computer is not concerned");
    let fx = s.apply(Intent::Failed(Role::Reviewer(0), "hung".to_owned()));
    assert_eq!(review_searches(&fx).iter().map(|r| (r.0, r.2)).collect::<Vec<_>>(), [(0, 0)], "given up, the next");
    let fx = s.apply(Intent::Review(ReviewIntent::Stop));
    assert!(stops(&fx, Role::Reviewer(0)) && stops(&fx, Role::Reviewer(1)));
    let view = s.review().unwrap();
    assert!(!view.running, "stopped; the panel stays with what was found");
    // A new game closes the review.
    s.apply(Intent::NewGame { spec: "loa".parse().unwrap(), seats: s.seats(), seed: 8, clock: None });
    assert_eq!(s.review(), None);
}

#[test]
fn proven_results_are_stated_and_finished_positions_need_no_search() {
    // Black (b2, b3, d4) wins at once with d4-c4; d4-d5 lets White connect.
    let (mut s, _) = open("?game=loa&from=8/8/8/8/3x4/1x6/1x6/5o1o_x&moves=d4-d5,f1-g2");
    let fx = s.apply(Intent::Review(ReviewIntent::Start { workers: 1 }));
    // Only the two positions before the end: the last is a finished game.
    let [(_, id, 1)] = review_searches(&fx)[..] else { panic!("{fx:?}") };
    let fx = s.apply(Intent::Answer(Role::Reviewer(0), verdict_answer(id, main_move(&s, 1, "f1-g2"), WIN - 1)));
    let [(_, id, 0)] = review_searches(&fx)[..] else { panic!("{fx:?}") };
    s.apply(Intent::Answer(Role::Reviewer(0), verdict_answer(id, main_move(&s, 0, "d4-c4"), WIN - 1)));
    let view = s.review().unwrap();
    assert_eq!(view.mark(1), Some(Mark::Blunder), "a proven win thrown away");
    assert_eq!(view.proven.as_deref(), Some("White has won"));
    assert_eq!(view.points[0], Some((1.0, Some(Player::Black))));
    s.apply(Intent::Navigate(Nav::First));
    assert_eq!(s.review().unwrap().proven.as_deref(), Some("Black wins in 1 (proven)"));
}

#[test]
fn verdicts_from_a_record_show_the_review_without_a_search() {
    let (mut s, _) = open("?game=loa&moves=b1-b3,a2-c2");
    let main = s.tree().main_line();
    let v = |to_move, score, best| search::review::Verdict { to_move, score, best: Some(best) };
    let verdicts = vec![
        (NodeId::ROOT, v(Player::Black, 0, main_move(&s, 0, "b1-b3"))),
        (main[0], v(Player::White, 0, main_move(&s, 1, "h2-f2"))),
        (main[1], v(Player::Black, 800, main_move(&s, 2, "e1-e3"))),
    ];
    let fx = s.apply(Intent::Review(ReviewIntent::Verdicts(verdicts.clone())));
    assert!(review_searches(&fx).is_empty());
    assert!(
        fx.iter().any(|e| matches!(e, Effect::Save(t) if crate::session::formats::saved::text_of(t).contains("[Eval \"+0 b1-b3\"]"))),
        "a record's verdicts are saved with the game: {fx:?}"
    );
    let view = s.review().unwrap();
    assert!(!view.running);
    assert_eq!(view.mark(2), Some(Mark::Blunder));
    assert_eq!(s.main_line_verdicts(), verdicts, "exported as they came");
    // Reviewing again searches nothing.
    assert!(review_searches(&s.apply(Intent::Review(ReviewIntent::Start { workers: 2 }))).is_empty());
}

#[test]
fn moves_deleted_during_a_review_neither_break_it_nor_stall_it() {
    let (mut s, _) = open("?game=loa&moves=b1-b3,a2-c2,e1-e3,h2-f2");
    let fx = s.apply(Intent::Review(ReviewIntent::Start { workers: 1 }));
    let [(_, id, 4)] = review_searches(&fx)[..] else { panic!("{fx:?}") };
    let late = any_move(&s, 4);
    // The last two moves go while the first search runs.
    s.apply(Intent::Navigate(Nav::To(2)));
    s.apply(Intent::DeleteFromHere);
    assert_eq!(moves(&s), ["b1-b3"]);
    let fx = s.apply(Intent::Answer(Role::Reviewer(0), verdict_answer(id, late, 10)));
    // The answer is kept for its position; the positions past the end are skipped.
    let [(_, id, 1)] = review_searches(&fx)[..] else { panic!("{fx:?}") };
    let fx = s.apply(Intent::Answer(Role::Reviewer(0), verdict_answer(id, main_move(&s, 1, "a2-c2"), 0)));
    let [(_, id, 0)] = review_searches(&fx)[..] else { panic!("{fx:?}") };
    s.apply(Intent::Answer(Role::Reviewer(0), verdict_answer(id, main_move(&s, 0, "b1-b3"), 0)));
    let view = s.review().unwrap();
    assert!(!view.running, "the review ends");
    assert_eq!(view.points.len(), 2);
    assert!(view.points.iter().all(Option::is_some));
}

#[test]
fn solved_verdicts_show_the_exact_result_and_mark_a_thrown_away_win() {
    use search::score::{SOLVED_DRAW, SOLVED_WIN};
    // Forms 4 × 4, advanced rules: Black wins by d3xc3 (docs/lab/performance.md); say Black
    // played another move, after which the solver finds only a draw.
    let (mut s, _) = open("?game=forms:rules=advanced,size=4&moves=d3xc3");
    let fx = s.apply(Intent::Review(ReviewIntent::Start { workers: 1 }));
    let mut fx = fx;
    for (best, score) in [(None, -SOLVED_WIN), (Some("d3xc3"), SOLVED_WIN)] {
        let [(_, id, at)] = review_searches(&fx)[..] else { panic!("{fx:?}") };
        let best = best.map_or_else(|| any_move(&s, at), |b| main_move(&s, at, b));
        fx = s.apply(Intent::Answer(Role::Reviewer(0), verdict_answer(id, best, score)));
    }
    let view = s.review().unwrap();
    assert_eq!(view.mark(1), None, "the winning move kept the win");
    assert_eq!(view.proven.as_deref(), Some("Black wins with perfect play"), "shown: after d3xc3");
    s.apply(Intent::Navigate(Nav::To(0)));
    assert_eq!(s.review().unwrap().proven.as_deref(), Some("Black wins with perfect play"), "the start");
    // The same start, another first move, answered as a solved draw: the win was thrown away.
    let (mut s, _) = open("?game=forms:rules=advanced,size=4&moves=b1xa1");
    let mut fx = s.apply(Intent::Review(ReviewIntent::Start { workers: 1 }));
    for (best, score) in [(None, SOLVED_DRAW), (Some("d3xc3"), SOLVED_WIN)] {
        let [(_, id, at)] = review_searches(&fx)[..] else { panic!("{fx:?}") };
        let best = best.map_or_else(|| any_move(&s, at), |b| main_move(&s, at, b));
        fx = s.apply(Intent::Answer(Role::Reviewer(0), verdict_answer(id, best, score)));
    }
    let view = s.review().unwrap();
    assert_eq!(view.mark(1), Some(Mark::Blunder));
    assert_eq!(view.moves[0].as_ref().and_then(|m| m.better), Some(main_move(&s, 0, "d3xc3")));
    assert_eq!(view.proven.as_deref(), Some("A draw with perfect play"));
}

#[test]
fn a_review_clears_what_was_said_on_opening_the_game() {
    // A link that was partly wrong: its notice shows until the review starts.
    let (mut s, _) = open("?game=loa&moves=b1-b3,a2-c2&ply=99");
    assert!(!s.notices().is_empty(), "the link's move number is named");
    s.apply(Intent::Review(ReviewIntent::Start { workers: 1 }));
    assert_eq!(s.notices(), &[] as &[String]);
}
