//! Every rule of the game flow, natively: who moves when, which answers
//! count, what undo takes back, and what the page is asked to do.

use super::*;
use crate::session::tree::{Nav, NodeId};
use crate::session::url::{Route, decode};
use crate::worker::protocol::{Purpose, Request, Response};
use search::levels::Level;

/// A session opened on `query`, as the page opens a link, with the effects of opening it.
fn open(query: &str) -> (Session, Vec<Effect>) {
    let Route::Play { tree, seats, view, notices } = decode(query) else { panic!("{query} is not a game") };
    let mut session = Session::new(&tree.spec());
    let fx = session.apply(Intent::Load(Box::new(Loaded { tree, seats, view, notices, new_entry: false })));
    (session, fx)
}

/// The searches among `fx`: (engine, id, purpose, moves, delay).
fn searches(fx: &[Effect]) -> Vec<(Engine, u64, Purpose, Vec<String>, u32)> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Search { engine, request: Request::Search { id, purpose, moves, .. }, delay_ms, .. } => {
                Some((*engine, *id, *purpose, moves.clone(), *delay_ms))
            }
            _ => None,
        })
        .collect()
}

/// The one search among `fx`, with its id.
fn one_search(fx: &[Effect], engine: Engine) -> u64 {
    let found: Vec<u64> = searches(fx).into_iter().filter(|s| s.0 == engine).map(|s| s.1).collect();
    assert_eq!(found.len(), 1, "one {engine:?} search expected in {fx:?}");
    found[0]
}

fn stops(fx: &[Effect], engine: Engine) -> bool {
    fx.contains(&Effect::Stop(engine))
}

fn done(id: u64, best: &str) -> Response {
    Response::Done {
        id,
        best: best.to_owned(),
        score: 12,
        score_text: "+0.12".to_owned(),
        depth: 3,
        pv: vec![best.to_owned()],
        nodes: 100,
        elapsed_ms: 5.0,
    }
}

fn info(id: u64, pv: &[&str]) -> Response {
    Response::Info {
        id,
        depth: 4,
        score: -30,
        score_text: "-0.30".to_owned(),
        nodes: 1_000,
        pv: pv.iter().map(|m| (*m).to_owned()).collect(),
    }
}

fn click(session: &mut Session, name: &str) -> Vec<Effect> {
    let cell = session.tree().spec().cell_named(name).unwrap();
    session.apply(Intent::Click(cell))
}

fn typed(session: &mut Session, text: &str) -> Vec<Effect> {
    session.apply(Intent::PlayText(text.to_owned()))
}

fn moves(session: &Session) -> Vec<String> {
    session.tree().main_line_texts()
}

fn level(n: u8) -> Level {
    Level::new(n).unwrap()
}

#[test]
fn a_click_selects_and_a_second_click_plays_and_writes_the_game() {
    let (mut s, fx) = open("?game=loa");
    assert!(searches(&fx).is_empty(), "two people: no search");
    assert!(fx.contains(&Effect::Url { query: "?game=loa".to_owned(), new_entry: false }));
    assert!(click(&mut s, "b1").is_empty(), "selecting writes nothing");
    assert!(s.selection().from.is_some());
    let fx = click(&mut s, "b3");
    assert_eq!(moves(&s), ["b1-b3"]);
    assert_eq!(s.selection(), Selection::default());
    assert!(s.animation().is_some());
    assert!(fx.contains(&Effect::Url { query: "?game=loa&moves=b1-b3".to_owned(), new_entry: false }));
    assert!(fx.contains(&Effect::Save("?game=loa&moves=b1-b3".to_owned())));
}

#[test]
fn the_legal_moves_are_worked_out_once_per_position() {
    let (mut s, _) = open("?game=loa");
    let before = s.legal().clone();
    click(&mut s, "b1");
    assert_eq!(*s.legal(), before, "selecting keeps the same list");
    click(&mut s, "b3");
    assert_ne!(*s.legal(), before, "a move makes a new list");
    assert_eq!(s.legal().len(), s.tree().position().legal_move_texts().len());
}

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
        (Engine::Player, Purpose::Move { level: level(3) }, vec!["b1-b3".to_owned()], 0)
    );
    assert!(s.thinking());
    // The person cannot move for the computer, by click or by text.
    assert!(click(&mut s, "a2").is_empty());
    assert_eq!(s.selection(), Selection::default());
    typed(&mut s, "a2-c2");
    assert_eq!(moves(&s), ["b1-b3"]);
    assert!(s.move_error().is_some_and(|e| e.contains("computer's turn")), "{:?}", s.move_error());
    // Its answer is played, and it is the person's turn again.
    let fx = s.apply(Intent::Answer(Engine::Player, done(id, "a2-c2")));
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
    s.apply(Intent::Answer(Engine::Player, done(stale, "a2-c2")));
    assert_eq!(moves(&s), ["b1-b3"], "an answer to another request changes nothing");
    // Progress reports of the computer's own search are not moves either.
    let (mut s, fx) = open("?game=loa&moves=b1-b3&o=ai:2");
    let id = one_search(&fx, Engine::Player);
    s.apply(Intent::Answer(Engine::Player, info(id, &["a2-c2"])));
    assert_eq!(moves(&s), ["b1-b3"]);
    assert!(s.thinking());
}

#[test]
fn never_while_the_cursor_is_in_the_past() {
    let (mut s, fx) = open("?game=loa&moves=b1-b3&o=ai:2");
    let first = one_search(&fx, Engine::Player);
    let fx = s.apply(Intent::Navigate(Nav::Back));
    assert!(stops(&fx, Engine::Player), "stepping back stops the search");
    assert!(!s.thinking());
    assert!(fx.contains(&Effect::Url { query: "?game=loa&moves=b1-b3&ply=0&o=ai:2".to_owned(), new_entry: false }));
    // The old search's answer arrives late: ignored.
    s.apply(Intent::Answer(Engine::Player, done(first, "a2-c2")));
    assert_eq!(moves(&s), ["b1-b3"]);
    assert_eq!(s.tree().cursor(), NodeId::ROOT);
    // Back at the end, a new search starts for the position shown.
    let fx = s.apply(Intent::Navigate(Nav::Last));
    let second = one_search(&fx, Engine::Player);
    assert_ne!(first, second);
    s.apply(Intent::Answer(Engine::Player, done(second, "a2-c2")));
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
    let id = one_search(&fx, Engine::Player);
    s.apply(Intent::Answer(Engine::Player, done(id, "a2-c2")));
    assert_eq!(s.tree().texts_to_cursor(), ["c1xa3", "a2-c2"]);
    assert!(s.query().starts_with("?game=loa&moves=b1-b3(c1xa3,a2-c2),a2-c2&at=3"), "{}", s.query());
}

#[test]
fn undo_against_the_computer_takes_back_two_plies() {
    let (mut s, fx) = open("?game=loa&o=ai:3");
    assert!(searches(&fx).is_empty());
    let fx = typed(&mut s, "b1-b3");
    let id = one_search(&fx, Engine::Player);
    s.apply(Intent::Answer(Engine::Player, done(id, "a2-c2")));
    typed(&mut s, "e1-e3");
    let id = s.thinking.unwrap();
    s.apply(Intent::Answer(Engine::Player, done(id, "h2-f2")));
    assert_eq!(moves(&s), ["b1-b3", "a2-c2", "e1-e3", "h2-f2"]);
    let fx = s.apply(Intent::Undo);
    assert_eq!(moves(&s), ["b1-b3", "a2-c2"], "the computer's answer and the person's move");
    assert!(searches(&fx).is_empty(), "the person is to move");
    assert!(fx.contains(&Effect::Save("?game=loa&moves=b1-b3,a2-c2&o=ai:3".to_owned())));
}

#[test]
fn undo_while_the_computer_thinks_takes_back_the_persons_move_and_stops_it() {
    let (mut s, _) = open("?game=loa&o=ai:3");
    typed(&mut s, "b1-b3");
    assert!(s.thinking());
    let fx = s.apply(Intent::Undo);
    assert!(moves(&s).is_empty());
    assert!(stops(&fx, Engine::Player));
    assert!(!s.thinking());
}

#[test]
fn undo_between_two_people_takes_back_one_ply() {
    let (mut s, _) = open("?game=loa&moves=b1-b3,a2-c2");
    s.apply(Intent::Undo);
    assert_eq!(moves(&s), ["b1-b3"]);
}

#[test]
fn watch_mode_paces_its_moves_and_pauses() {
    let (mut s, fx) = open("?game=forms:rules=advanced,size=6&x=ai:1&o=ai:1");
    let found = searches(&fx);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].4, DEFAULT_PACE_MS, "computer against computer waits between moves");
    let fx = s.apply(Intent::Pause(true));
    assert!(stops(&fx, Engine::Player));
    assert!(!s.thinking());
    let fx = s.apply(Intent::Pace(100));
    assert!(searches(&fx).is_empty(), "still paused");
    let fx = s.apply(Intent::Pause(false));
    let found = searches(&fx);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].4, 100);
    // Each answer brings the next search, the other side's.
    let id = found[0].1;
    let best = s.legal()[0].text();
    let fx = s.apply(Intent::Answer(Engine::Player, done(id, &best)));
    assert_eq!(s.tree().main_line().len(), 1);
    assert_eq!(searches(&fx).len(), 1);
}

#[test]
fn a_new_game_cancels_everything() {
    let (mut s, _) = open("?game=loa&moves=b1-b3&o=ai:5");
    let old = s.thinking.unwrap();
    s.apply(Intent::Analysis(true));
    let analysis = s.analysis_search.unwrap();
    let fx = s.apply(Intent::NewGame { spec: "ra".parse().unwrap(), seats: Seats::default() });
    assert!(stops(&fx, Engine::Player) && stops(&fx, Engine::Adviser));
    assert!(fx.contains(&Effect::Url { query: "?game=ra".to_owned(), new_entry: true }));
    assert!(!s.thinking());
    assert_eq!(s.tree().spec().to_string(), "ra");
    // Late answers to the old game change nothing.
    s.apply(Intent::Answer(Engine::Player, done(old, "a2-c2")));
    s.apply(Intent::Answer(Engine::Adviser, info(analysis, &["a2-c2"])));
    assert!(s.tree().is_empty());
    assert!(s.analysis().is_none_or(|a| a.pv.first().is_none_or(|m| m != "a2-c2")));
}

#[test]
fn leaving_the_page_stops_every_search_and_none_starts() {
    let (mut s, _) = open("?game=loa&x=ai:5");
    assert!(s.thinking());
    let fx = s.apply(Intent::Leave);
    assert!(stops(&fx, Engine::Player));
    let fx = s.apply(Intent::Pause(false));
    assert!(searches(&fx).is_empty());
}

#[test]
fn hints_are_asked_once_and_cleared_when_the_position_changes() {
    let (mut s, _) = open("?game=loa");
    let fx = s.apply(Intent::Hint);
    let found = searches(&fx);
    assert_eq!(found.len(), 1);
    assert_eq!((found[0].0, found[0].2), (Engine::Adviser, Purpose::Hint));
    assert!(s.hint_pending());
    assert!(searches(&s.apply(Intent::Hint)).is_empty(), "one hint at a time");
    s.apply(Intent::Answer(Engine::Adviser, done(found[0].1, "b1-b3")));
    assert_eq!(s.hint().map(|h| h.mv.to_string()).as_deref(), Some("b1-b3"));
    assert!(!s.hint_pending());
    typed(&mut s, "c1xa3");
    assert!(s.hint().is_none());
}

#[test]
fn the_analysis_follows_the_cursor_and_gives_the_hint() {
    let (mut s, _) = open("?game=loa&moves=b1-b3");
    let fx = s.apply(Intent::Analysis(true));
    let first = one_search(&fx, Engine::Adviser);
    s.apply(Intent::Answer(Engine::Adviser, info(first, &["a2-c2", "c1xa3"])));
    assert_eq!(s.analysis().map(|a| (a.depth, a.side)), Some((4, Player::White)));
    // A hint while the analysis runs is its best move: no second search.
    let fx = s.apply(Intent::Hint);
    assert!(searches(&fx).is_empty());
    assert_eq!(s.hint().map(|h| h.mv.to_string()).as_deref(), Some("a2-c2"));
    // A step back stops the old analysis and starts one for the position shown.
    let fx = s.apply(Intent::Navigate(Nav::Back));
    assert!(stops(&fx, Engine::Adviser));
    let second = one_search(&fx, Engine::Adviser);
    assert!(s.analysis().is_none());
    s.apply(Intent::Answer(Engine::Adviser, info(first, &["a2-c2"])));
    assert!(s.analysis().is_none(), "the old position's line is dropped");
    s.apply(Intent::Answer(Engine::Adviser, done(second, "b1-b3")));
    assert!(s.analysis().is_some_and(|a| a.done && a.side == Player::Black));
}

#[test]
fn a_hint_under_way_gives_way_to_the_analysis_which_names_it() {
    let (mut s, _) = open("?game=loa");
    s.apply(Intent::Hint);
    let fx = s.apply(Intent::Analysis(true));
    assert!(stops(&fx, Engine::Adviser));
    let id = one_search(&fx, Engine::Adviser);
    assert!(s.hint_pending());
    s.apply(Intent::Answer(Engine::Adviser, info(id, &["c1xa3"])));
    assert_eq!(s.hint().map(|h| h.mv.to_string()).as_deref(), Some("c1xa3"));
    // Closing the analysis before it names a move asks for the hint on its own.
    let (mut s, _) = open("?game=loa");
    s.apply(Intent::Analysis(true));
    s.apply(Intent::Hint);
    let fx = s.apply(Intent::Analysis(false));
    let found = searches(&fx);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].2, Purpose::Hint);
}

#[test]
fn an_embedded_viewer_takes_no_moves_and_saves_nothing() {
    let (mut s, fx) = open("?game=loa&moves=b1-b3&embed=1&interactive=0");
    assert!(!fx.iter().any(|e| matches!(e, Effect::Save(_))));
    assert!(click(&mut s, "a2").is_empty());
    typed(&mut s, "a2-c2");
    assert_eq!(moves(&s), ["b1-b3"]);
    let fx = s.apply(Intent::Navigate(Nav::First));
    assert_eq!(
        fx,
        [Effect::Url { query: "?game=loa&moves=b1-b3&ply=0&embed=1&interactive=0".to_owned(), new_entry: false }]
    );
}

#[test]
fn a_failed_worker_waits_for_retry() {
    let (mut s, _) = open("?game=loa&x=ai:3");
    assert!(s.thinking());
    s.apply(Intent::Failed(Engine::Player, "The computer player stopped.".to_owned()));
    assert!(s.stalled() && !s.thinking());
    assert_eq!(s.engine_notice(), Some("The computer player stopped."));
    let fx = s.apply(Intent::Pace(100));
    assert!(searches(&fx).is_empty(), "no endless restarts");
    let fx = s.apply(Intent::Retry);
    assert_eq!(searches(&fx).len(), 1);
    assert!(s.engine_notice().is_none());
}

#[test]
fn a_refused_computer_move_is_reported_not_played() {
    let (mut s, fx) = open("?game=loa&x=ai:3");
    let id = one_search(&fx, Engine::Player);
    s.apply(Intent::Answer(Engine::Player, done(id, "b1-b9")));
    assert!(s.tree().is_empty());
    assert!(s.stalled());
    assert!(s.engine_notice().is_some_and(|n| n.contains("b1-b9")));
}

#[test]
fn a_finished_game_takes_no_moves_and_no_searches() {
    let (mut s, fx) = open("?game=attract&from=8/3o4/o2x4/1x6/1o2o3/1x6/3x4/8_o&moves=d4&x=ai:3");
    assert!(s.tree().position().outcome().is_some());
    assert!(searches(&fx).is_empty());
    assert!(click(&mut s, "a1").is_empty());
    let fx = s.apply(Intent::Hint);
    assert!(searches(&fx).is_empty());
    s.apply(Intent::Analysis(true));
    assert!(s.analysis().is_none());
}

#[test]
fn ra_stones_are_chosen_before_the_destination() {
    let (mut s, _) = open("?game=ra");
    click(&mut s, "c5");
    assert_eq!(s.selection().stones, Some(3));
    s.apply(Intent::ChooseStones(1));
    click(&mut s, "c8");
    assert_eq!(moves(&s), ["1c5-c8"]);
}

#[test]
fn a_typed_move_is_played_only_if_legal_here() {
    let (mut s, _) = open("?game=loa");
    let legal = s.legal()[0].mv;
    let other = open("?game=attract").0.legal()[0].mv;
    s.apply(Intent::Play(other));
    assert!(moves(&s).is_empty(), "a move of another game is ignored");
    s.apply(Intent::Play(legal));
    assert_eq!(s.tree().moves_to_cursor(), [legal]);
    typed(&mut s, "zz");
    assert!(s.move_error().is_some_and(|e| e.starts_with("\"zz\": not a move")), "{:?}", s.move_error());
    assert_eq!(s.tree().main_line().len(), 1);
}

fn sounds(fx: &[Effect]) -> Vec<Sound> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Sound(s) => Some(*s),
            _ => None,
        })
        .collect()
}

#[test]
fn moves_sound_as_moves_captures_and_ends() {
    let (mut s, _) = open("?game=loa");
    assert_eq!(sounds(&typed(&mut s, "b1-b3")), [Sound::Move]);
    assert_eq!(sounds(&typed(&mut s, "a2-c2")), [Sound::Move]);
    assert_eq!(sounds(&typed(&mut s, "zz")), [Sound::Illegal]);
    let (mut s, _) = open("?game=loa");
    assert_eq!(sounds(&typed(&mut s, "c1xa3")), [Sound::Capture]);
    let (mut s, _) = open("?game=attract&from=8/3o4/o2x4/1x6/1o2o3/1x6/3x4/8_o");
    assert_eq!(sounds(&click(&mut s, "d4")), [Sound::End]);
    // The end of an RA match too, though the game goes on.
    let (mut s, _) = open("?game=ra&from=x1h10/x3c5/o3k9/o3h8_x_0-0_1_x");
    assert_eq!(sounds(&typed(&mut s, "1h10-j10")), [Sound::End]);
}

#[test]
fn a_premove_is_played_after_the_computers_answer_if_legal() {
    let (mut s, _) = open("?game=loa&o=ai:3");
    typed(&mut s, "b1-b3");
    let id = s.thinking.unwrap();
    // While White thinks, Black queues e1-e3 by two clicks.
    click(&mut s, "e1");
    assert!(s.selection().from.is_some(), "the person may pick up a piece to queue a move");
    click(&mut s, "e3");
    let queued = s.premove().map(|m| m.mv.to_string());
    assert_eq!(queued.as_deref(), Some("e1-e3"));
    assert_eq!(moves(&s), ["b1-b3"], "queued, not played");
    let fx = s.apply(Intent::Answer(Engine::Player, done(id, "a2-c2")));
    assert_eq!(moves(&s), ["b1-b3", "a2-c2", "e1-e3"], "played at once after the answer");
    assert!(s.premove().is_none());
    assert_eq!(searches(&fx).len(), 1, "and the computer thinks again");
}

#[test]
fn a_premove_that_is_no_longer_legal_is_dropped() {
    let (mut s, _) = open("?game=loa&o=ai:3");
    typed(&mut s, "b1-b3");
    let id = s.thinking.unwrap();
    click(&mut s, "c1");
    click(&mut s, "a3"); // c1xa3, a capture of the a3 stone
    assert_eq!(s.premove().map(|m| m.mv.to_string()).as_deref(), Some("c1xa3"));
    // White moves a3 away: the capture is gone (c1's diagonal now holds one piece).
    s.apply(Intent::Answer(Engine::Player, done(id, "a3-c5")));
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
fn a_drop_plays_on_a_target_and_cancels_elsewhere() {
    let (mut s, _) = open("?game=loa");
    click(&mut s, "b1");
    let cell = |s: &Session, n: &str| s.tree().spec().cell_named(n).unwrap();
    let fx = s.apply(Intent::Drop(Some(cell(&s, "e5"))));
    assert_eq!(s.selection(), Selection::default(), "a drop elsewhere cancels");
    assert_eq!(sounds(&fx), [Sound::Illegal]);
    click(&mut s, "b1");
    let fx = s.apply(Intent::Drop(None));
    assert!(sounds(&fx).is_empty(), "off the board: cancelled quietly");
    click(&mut s, "b1");
    s.apply(Intent::Drop(Some(cell(&s, "b3"))));
    assert_eq!(moves(&s), ["b1-b3"]);
}

#[test]
fn a_line_is_copied_without_the_other_variations() {
    let (s, _) = open("?game=loa&moves=b1-b3,a2-c2(h2-f2,c1xa3),e1-e3&at=3");
    assert_eq!(s.line_query(), "?game=loa&moves=b1-b3,h2-f2,c1xa3&ply=2");
    let (s, _) = open("?game=loa&moves=b1-b3,a2-c2(h2-f2,c1xa3),e1-e3");
    assert_eq!(s.line_query(), "?game=loa&moves=b1-b3,a2-c2,e1-e3");
}

mod review;
mod split;
