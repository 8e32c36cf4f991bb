//! The clocks of a timed game: time charged and added, a flag on a tick or
//! at a move, pause between two people, takebacks, the computer's share of
//! its clock, and the clock kept in the link across a reload.

use super::*;
use crate::session::model::clock::TimeControl;

/// A new timed game of `spec` between `seats`, at the page's time 0.
fn timed(spec: &str, seats: Seats, base_s: u32, increment_s: u32) -> Session {
    let mut s = Session::new(&spec.parse().unwrap());
    s.set_now(0.0);
    s.apply(Intent::NewGame {
        spec: spec.parse().unwrap(),
        seats,
        seed: 3,
        clock: TimeControl::new(base_s, increment_s),
    });
    s
}

/// Plays `text` at the page's time `at` (ms).
fn play_at(s: &mut Session, at: f64, text: &str) -> Vec<Effect> {
    s.set_now(at);
    typed(s, text)
}

fn left(s: &Session) -> (Option<u32>, Option<u32>) {
    (s.time_left(Player::Black), s.time_left(Player::White))
}

fn saved(fx: &[Effect]) -> Option<&str> {
    fx.iter().rev().find_map(|e| if let Effect::Save(q) = e { Some(q.query.as_str()) } else { None })
}

#[test]
fn the_clocks_start_with_the_first_move_and_charge_each_side_its_own_time() {
    let mut s = timed("loa", Seats::default(), 60, 2);
    assert_eq!(s.clock_running(), None, "no clock runs before the first move");
    s.set_now(5_000.0);
    assert_eq!(left(&s), (Some(60_000), Some(60_000)));
    play_at(&mut s, 9_000.0, "b1-b3");
    assert_eq!(left(&s), (Some(60_000), Some(60_000)), "the first move costs nothing and adds nothing");
    assert_eq!(s.clock_running(), Some(Player::White));
    play_at(&mut s, 12_500.0, "a2-c2");
    assert_eq!(left(&s), (Some(60_000), Some(58_500)), "3.5 s spent, 2 s added");
    assert_eq!(s.clock_running(), Some(Player::Black));
    s.set_now(13_000.0);
    assert_eq!(s.time_left(Player::Black), Some(59_500), "the running clock counts down between intents");
    assert_eq!(s.time_left_at(Player::Black, 14_000.0), Some(58_500));
    // Stepping back to look, and a variation, leave the clocks alone.
    s.apply(Intent::Navigate(Nav::Back));
    play_at(&mut s, 15_000.0, "h2-f2");
    assert_eq!(s.clock_running(), Some(Player::Black));
    assert_eq!(moves(&s), ["b1-b3", "a2-c2"], "a variation, not a game move");
    s.apply(Intent::Navigate(Nav::To(2)));
    play_at(&mut s, 20_000.0, "d1-d3");
    assert_eq!(moves(&s), ["b1-b3", "a2-c2", "d1-d3"]);
    assert_eq!(left(&s), (Some(60_000 - 7_500 + 2_000), Some(58_500)));
}

#[test]
fn a_flag_ends_the_game_on_a_tick_or_at_the_late_move() {
    let mut s = timed("loa", Seats::default(), 10, 0);
    play_at(&mut s, 0.0, "b1-b3");
    s.set_now(9_999.0);
    assert!(!s.flag_due(9_999.0));
    s.apply(Intent::Clock(ClockIntent::Tick));
    assert_eq!(s.tree().ending(), None, "a tick before the time runs out does nothing");
    assert!(s.flag_due(10_000.0));
    s.set_now(10_000.0);
    let fx = s.apply(Intent::Clock(ClockIntent::Tick));
    assert_eq!(s.tree().ending(), Some(Ending::TimeOut { player: Player::White, draw: false }));
    assert_eq!(s.status(), "Black wins: White's time ran out");
    assert!(fx.contains(&Effect::Sound(Sound::End)));
    assert_eq!(s.clock_running(), None, "the clocks stop at the end");
    assert!(saved(&fx).is_some_and(|q| q.contains("&end=time-o&clock=10%2B0&left=100.0")), "{fx:?}");
    assert_eq!(typed(&mut s, "a2-c2").len(), 1, "no move after the end (only the refusal's sound)");

    // A move made after the time ran out, before a tick saw it, loses.
    let mut s = timed("loa", Seats::default(), 10, 0);
    play_at(&mut s, 0.0, "b1-b3");
    play_at(&mut s, 12_000.0, "a2-c2");
    assert_eq!(moves(&s), ["b1-b3"]);
    assert_eq!(s.tree().ending(), Some(Ending::TimeOut { player: Player::White, draw: false }));
}

#[test]
fn two_people_may_pause_the_clocks() {
    let mut s = timed("loa", Seats::default(), 60, 0);
    assert!(!s.can_pause(), "nothing to pause before the first move");
    play_at(&mut s, 0.0, "b1-b3");
    assert!(s.can_pause());
    s.set_now(4_000.0);
    s.apply(Intent::Clock(ClockIntent::Pause(true)));
    assert!(s.clocks_paused());
    assert_eq!(s.clock_running(), None);
    s.set_now(100_000.0);
    assert_eq!(s.time_left(Player::White), Some(56_000), "a pause stops the time");
    s.apply(Intent::Clock(ClockIntent::Pause(false)));
    s.set_now(101_000.0);
    assert_eq!(s.time_left(Player::White), Some(55_000));
    // A move while paused resumes the clocks.
    s.apply(Intent::Clock(ClockIntent::Pause(true)));
    play_at(&mut s, 200_000.0, "a2-c2");
    assert!(!s.clocks_paused());
    assert_eq!(s.clock_running(), Some(Player::Black));
    assert_eq!(left(&s), (Some(60_000), Some(55_000)));

    // Against the computer there is no pause.
    let mut s = timed("loa", Seats { black: Seat::Human, white: Seat::Computer(level(1)) }, 60, 0);
    play_at(&mut s, 0.0, "b1-b3");
    assert!(!s.can_pause());
    s.apply(Intent::Clock(ClockIntent::Pause(true)));
    assert!(!s.clocks_paused());
    assert_eq!(s.clock_running(), Some(Player::White));
}

#[test]
fn a_takeback_keeps_the_time_spent_and_hands_the_clock_back() {
    let mut s = timed("loa", Seats::default(), 60, 0);
    play_at(&mut s, 0.0, "b1-b3");
    play_at(&mut s, 5_000.0, "a2-c2");
    s.set_now(8_000.0);
    s.apply(Intent::Undo);
    assert_eq!(moves(&s), ["b1-b3"]);
    assert_eq!(s.clock_running(), Some(Player::White));
    assert_eq!(left(&s), (Some(57_000), Some(55_000)), "Black's 3 s stay spent");
}

#[test]
fn the_computer_thinks_within_its_clock() {
    let seats = Seats { black: Seat::Human, white: Seat::Computer(level(5)) };
    let mut s = timed("loa", seats, 30, 0);
    let fx = play_at(&mut s, 0.0, "b1-b3");
    let cap = fx.iter().find_map(|e| match e {
        Effect::Search { request: Request::Search { max_ms, .. }, .. } => Some(*max_ms),
        _ => None,
    });
    assert_eq!(cap, Some(Some(1_200)), "a 25th of its 30 s; level 5 alone would think 5 s");
    // Its thinking time is its own.
    let id = s.computer.search_id().unwrap();
    s.set_now(1_500.0);
    let reply = here(&s, "a2-c2");
    s.apply(Intent::Answer(Role::Computer, done(id, reply)));
    assert_eq!(left(&s), (Some(30_000), Some(28_500)));
    // Untimed, no cap.
    let mut s = Session::new(&"loa".parse().unwrap());
    s.apply(Intent::NewGame { spec: "loa".parse().unwrap(), seats, seed: 3, clock: None });
    let fx = typed(&mut s, "b1-b3");
    assert!(fx.iter().any(|e| matches!(e, Effect::Search { request: Request::Search { max_ms: None, .. }, .. })));
}

#[test]
fn a_reload_restores_the_clocks_paused_between_two_people() {
    let mut s = timed("loa", Seats::default(), 60, 0);
    play_at(&mut s, 0.0, "b1-b3");
    s.set_now(7_000.0);
    // The page is hidden: the game is written with the running clock's time.
    let fx = s.apply(Intent::Clock(ClockIntent::Save));
    let query = saved(&fx).unwrap().to_owned();
    assert!(query.contains("&clock=60%2B0&left=600.530"), "{query}");
    let (mut again, _) = open(&query);
    assert_eq!(left(&again), (Some(60_000), Some(53_000)));
    assert!(again.clocks_paused(), "two people come back to paused clocks");
    again.set_now(1_000_000.0);
    assert_eq!(again.time_left(Player::White), Some(53_000));
    again.apply(Intent::Clock(ClockIntent::Pause(false)));
    assert_eq!(again.clock_running(), Some(Player::White));
    // Against the computer the clocks run again at once.
    let (again, _) = open(&format!("{query}&o=ai:1"));
    assert!(!again.clocks_paused());
    assert_eq!(again.clock_running(), Some(Player::White));
}

#[test]
fn a_game_ended_by_its_rules_stops_the_clocks() {
    let mut s = timed("attract:size=8", Seats::default(), 60, 1);
    let (mut t, mut ply) = (0.0, 0);
    while s.tree().position().outcome().is_none() && ply < 64 {
        t += 100.0;
        let mv = s.legal()[0].mv;
        s.set_now(t);
        s.apply(Intent::Play(mv));
        ply += 1;
    }
    assert!(s.tree().position().outcome().is_some());
    assert_eq!(s.clock_running(), None);
    assert!(!s.can_pause());
}
