//! The computer player: it moves only on its turn at the end of the game,
//! its stale answers are dropped, undo takes its answer back too, a
//! computer-against-computer game is paced and paused, a failed worker
//! waits for Retry, and a move queued meanwhile (a premove) is played after
//! its answer if it is still legal.

use super::*;
use crate::session::formats::saved::Kept;

#[test]
fn the_computer_moves_only_on_its_turn() {
    let (mut s, fx) = open("?game=loa&o=ai:3");
    assert!(searches(&fx).is_empty(), "Black, a person, moves first");
    assert!(!s.thinking());
    let fx = typed(&mut s, "b1-b3");
    let found = searches(&fx);
    assert_eq!(found.len(), 1);
    let (engine, id, purpose, line, delay) = found[0].clone();
    assert_eq!(
        (engine, purpose, line, delay),
        (Role::Computer, Purpose::Move { level: level(3) }, vec!["b1-b3".to_owned()], 0)
    );
    assert!(s.thinking());
    // The person cannot move for the computer, by click or by text.
    assert!(click(&mut s, "a2").is_empty());
    assert_eq!(s.selection(), Selection::default());
    typed(&mut s, "a2-c2");
    assert_eq!(moves(&s), ["b1-b3"]);
    assert!(s.move_error().is_some_and(|e| e.contains("computer's turn")), "{:?}", s.move_error());
    // Its answer is played, and it is the person's turn again.
    let fx = s.apply(Intent::Answer(Role::Computer, done(id, here(&s, "a2-c2"))));
    assert_eq!(moves(&s), ["b1-b3", "a2-c2"]);
    assert!(!s.thinking());
    assert!(searches(&fx).is_empty());
}

#[test]
fn the_computer_starts_at_once_when_it_has_the_first_move() {
    let (s, fx) = open("?game=loa&x=ai:1");
    assert_eq!(searches(&fx).len(), 1);
    assert!(s.thinking());
}

#[test]
fn a_stale_answer_is_ignored() {
    let (mut s, _) = open("?game=loa&moves=b1-b3&o=ai:2");
    assert!(s.thinking());
    let stale = 999;
    s.apply(Intent::Answer(Role::Computer, done(stale, here(&s, "a2-c2"))));
    assert_eq!(moves(&s), ["b1-b3"], "an answer to another request changes nothing");
    // Progress reports of the computer's own search are not moves either.
    let (mut s, fx) = open("?game=loa&moves=b1-b3&o=ai:2");
    let id = one_search(&fx, Role::Computer);
    s.apply(Intent::Answer(Role::Computer, info(id, line_here(&s, &["a2-c2"]))));
    assert_eq!(moves(&s), ["b1-b3"]);
    assert!(s.thinking());
}

#[test]
fn never_while_the_cursor_is_in_the_past() {
    let (mut s, fx) = open("?game=loa&moves=b1-b3&o=ai:2");
    let first = one_search(&fx, Role::Computer);
    let fx = s.apply(Intent::Navigate(Nav::Back));
    assert!(stops(&fx, Role::Computer), "stepping back stops the search");
    assert!(!s.thinking());
    assert!(fx.contains(&Effect::Url {
        query: "?game=loa&moves=b1-b3&ply=0&seed=0000000000000007&o=ai:2".to_owned(),
        new_entry: false
    }));
    // The old search's answer arrives late: ignored.
    s.apply(Intent::Answer(Role::Computer, done(first, move_at("?game=loa&moves=b1-b3", "a2-c2"))));
    assert_eq!(moves(&s), ["b1-b3"]);
    assert_eq!(s.tree().cursor(), NodeId::ROOT);
    // Back at the end, a new search starts for the position shown.
    let fx = s.apply(Intent::Navigate(Nav::Last));
    let second = one_search(&fx, Role::Computer);
    assert_ne!(first, second);
    s.apply(Intent::Answer(Role::Computer, done(second, here(&s, "a2-c2"))));
    assert_eq!(moves(&s), ["b1-b3", "a2-c2"]);
}

#[test]
fn a_person_may_play_in_the_past_and_the_computer_answers_the_new_line() {
    let (mut s, _) = open("?game=loa&moves=b1-b3,a2-c2&o=ai:2");
    assert!(!s.thinking(), "Black to move");
    s.apply(Intent::Navigate(Nav::First));
    let fx = typed(&mut s, "c1xa3");
    // A variation: the main line stays.
    assert_eq!(s.tree().texts_to_cursor(), ["c1xa3"]);
    assert_eq!(moves(&s), ["b1-b3", "a2-c2"]);
    let id = one_search(&fx, Role::Computer);
    s.apply(Intent::Answer(Role::Computer, done(id, here(&s, "a2-c2"))));
    assert_eq!(s.tree().texts_to_cursor(), ["c1xa3", "a2-c2"]);
    assert!(s.query().starts_with("?game=loa&moves=b1-b3(c1xa3,a2-c2),a2-c2&at=3"), "{}", s.query());
}

#[test]
fn undo_against_the_computer_takes_back_two_plies() {
    let (mut s, fx) = open("?game=loa&o=ai:3");
    assert!(searches(&fx).is_empty());
    let fx = typed(&mut s, "b1-b3");
    let id = one_search(&fx, Role::Computer);
    s.apply(Intent::Answer(Role::Computer, done(id, here(&s, "a2-c2"))));
    typed(&mut s, "e1-e3");
    let id = s.computer.search_id().unwrap();
    s.apply(Intent::Answer(Role::Computer, done(id, here(&s, "h2-f2"))));
    assert_eq!(moves(&s), ["b1-b3", "a2-c2", "e1-e3", "h2-f2"]);
    let fx = s.apply(Intent::Undo);
    assert_eq!(moves(&s), ["b1-b3", "a2-c2"], "the computer's answer and the person's move");
    assert!(searches(&fx).is_empty(), "the person is to move");
    assert!(
        fx.contains(&Effect::Save(Box::new(Kept::link("?game=loa&moves=b1-b3,a2-c2&seed=0000000000000007&o=ai:3"))))
    );
}

#[test]
fn undo_while_the_computer_thinks_takes_back_the_persons_move_and_stops_it() {
    let (mut s, _) = open("?game=loa&o=ai:3");
    typed(&mut s, "b1-b3");
    assert!(s.thinking());
    let fx = s.apply(Intent::Undo);
    assert!(moves(&s).is_empty());
    assert!(stops(&fx, Role::Computer));
    assert!(!s.thinking());
}

#[test]
fn watch_mode_paces_its_moves_and_pauses() {
    let (mut s, fx) = open("?game=forms:rules=advanced,size=6&x=ai:1&o=ai:1");
    let found = searches(&fx);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].4, DEFAULT_PACE_MS, "computer against computer waits between moves");
    let fx = s.apply(Intent::Computer(ComputerIntent::Pause(true)));
    assert!(stops(&fx, Role::Computer));
    assert!(!s.thinking());
    let fx = s.apply(Intent::Computer(ComputerIntent::Pace(100)));
    assert!(searches(&fx).is_empty(), "still paused");
    let fx = s.apply(Intent::Computer(ComputerIntent::Pause(false)));
    let found = searches(&fx);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].4, 100);
    // Each answer brings the next search, the other side's.
    let id = found[0].1;
    let best = s.legal()[0].mv;
    let fx = s.apply(Intent::Answer(Role::Computer, done(id, best)));
    assert_eq!(s.tree().main_line().len(), 1);
    assert_eq!(searches(&fx).len(), 1);
}

#[test]
fn leaving_the_page_stops_every_search_and_none_starts() {
    let (mut s, _) = open("?game=loa&x=ai:5");
    assert!(s.thinking());
    let fx = s.apply(Intent::Leave);
    assert!(stops(&fx, Role::Computer));
    let fx = s.apply(Intent::Computer(ComputerIntent::Pause(false)));
    assert!(searches(&fx).is_empty());
}

#[test]
fn a_failed_worker_waits_for_retry() {
    let (mut s, _) = open("?game=loa&x=ai:3");
    assert!(s.thinking());
    s.apply(Intent::Failed(Role::Computer, "The computer player stopped.".to_owned()));
    assert!(s.stalled() && !s.thinking());
    assert_eq!(s.worker_notice(), Some("The computer player stopped."));
    let fx = s.apply(Intent::Computer(ComputerIntent::Pace(100)));
    assert!(searches(&fx).is_empty(), "no endless restarts");
    let fx = s.apply(Intent::Computer(ComputerIntent::Retry));
    assert_eq!(searches(&fx).len(), 1);
    assert!(s.worker_notice().is_none());
}

#[test]
fn a_refused_computer_move_is_reported_not_played() {
    let (mut s, fx) = open("?game=loa&x=ai:3");
    let id = one_search(&fx, Role::Computer);
    s.apply(Intent::Answer(Role::Computer, done(id, move_at("?game=loa&moves=b1-b3", "a2-c2"))));
    assert!(s.tree().is_empty());
    assert!(s.stalled());
    assert!(s.worker_notice().is_some_and(|n| n.contains("a2-c2")), "{:?}", s.worker_notice());
    // Nor is a move of another game.
    let (mut s, fx) = open("?game=loa&x=ai:3");
    let id = one_search(&fx, Role::Computer);
    s.apply(Intent::Answer(Role::Computer, done(id, move_at("?game=attract", "d4"))));
    assert!(s.tree().is_empty() && s.stalled());
}

#[test]
fn a_premove_is_played_after_the_computers_answer_if_legal() {
    let (mut s, _) = open("?game=loa&o=ai:3");
    typed(&mut s, "b1-b3");
    let id = s.computer.search_id().unwrap();
    // While White thinks, Black queues e1-e3 by two clicks.
    click(&mut s, "e1");
    assert!(s.selection().from.is_some(), "the person may pick up a piece to queue a move");
    click(&mut s, "e3");
    let queued = s.premove().map(|m| m.mv.to_string());
    assert_eq!(queued.as_deref(), Some("e1-e3"));
    assert_eq!(moves(&s), ["b1-b3"], "queued, not played");
    let fx = s.apply(Intent::Answer(Role::Computer, done(id, here(&s, "a2-c2"))));
    assert_eq!(moves(&s), ["b1-b3", "a2-c2", "e1-e3"], "played at once after the answer");
    assert!(s.premove().is_none());
    assert_eq!(searches(&fx).len(), 1, "and the computer thinks again");
}

#[test]
fn a_premove_that_is_no_longer_legal_is_dropped() {
    let (mut s, _) = open("?game=loa&o=ai:3");
    typed(&mut s, "b1-b3");
    let id = s.computer.search_id().unwrap();
    click(&mut s, "c1");
    click(&mut s, "a3"); // c1xa3, a capture of the a3 stone
    assert_eq!(s.premove().map(|m| m.mv.to_string()).as_deref(), Some("c1xa3"));
    // White moves a3 away: the capture is gone (c1's diagonal now holds one piece).
    s.apply(Intent::Answer(Role::Computer, done(id, here(&s, "a3-c5"))));
    assert_eq!(moves(&s), ["b1-b3", "a3-c5"]);
    assert!(s.premove().is_none());
}

#[test]
fn a_premove_is_cancelled_by_escape_or_a_click_elsewhere() {
    let (mut s, _) = open("?game=loa&o=ai:3");
    typed(&mut s, "b1-b3");
    click(&mut s, "e1");
    click(&mut s, "e3");
    assert!(s.premove().is_some());
    s.apply(Intent::Cancel);
    assert!(s.premove().is_none());
    click(&mut s, "e1");
    click(&mut s, "e3");
    click(&mut s, "d5"); // an empty cell, no piece of Black's
    assert!(s.premove().is_none());
    // While the computer opens the game, the person may queue a move of their own side.
    let (s, _) = open("?game=loa&x=ai:3");
    assert!(s.thinking());
    let owners: Vec<Player> = s
        .choices()
        .iter()
        .filter_map(|m| m.from)
        .filter_map(|c| s.tree().position().piece_at(c))
        .map(|p| p.owner)
        .collect();
    assert!(!owners.is_empty() && owners.iter().all(|&p| p == Player::White), "White's moves to queue");
    // Between two people nobody queues: the choices are the legal moves of the side to move.
    let (s, _) = open("?game=loa");
    assert_eq!(s.choices().len(), 36);
}

#[test]
fn the_game_seed_seeds_the_computer_and_travels_in_the_link() {
    // A fresh game against the computer gets the page's seed; the link carries it.
    let (s, _) = open("?game=loa&o=ai:1");
    assert_eq!(s.tree().seed(), Some(7));
    assert!(s.query().contains("&seed=0000000000000007"), "{}", s.query());
    // The computer's searches are seeded by the game's seed and the moves, not by a counter:
    // the same seed and moves give the same request seed, another seed another.
    let seed_of = |query: &str| {
        let (mut s, _) = open(query);
        let fx = typed(&mut s, "b1-b3");
        fx.iter()
            .find_map(|e| match e {
                Effect::Search { request: Request::Search { seed, .. }, .. } => Some(*seed),
                _ => None,
            })
            .unwrap()
    };
    let a = seed_of("?game=loa&o=ai:1&seed=00000000000000aa");
    assert_eq!(a, seed_of("?game=loa&o=ai:1&seed=00000000000000aa"));
    assert_ne!(a, seed_of("?game=loa&o=ai:1&seed=00000000000000ab"));
    // Two people: no seed is written.
    let (s, _) = open("?game=loa");
    assert_eq!(s.tree().seed(), None);
    // A bad seed is said, and a new one is drawn.
    let (s, _) = open("?game=loa&o=ai:1&seed=xyz");
    assert!(s.notices().iter().any(|n| n.contains("\"xyz\"")), "{:?}", s.notices());
    assert_eq!(s.tree().seed(), Some(7));
}
