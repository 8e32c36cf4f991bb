//! The game flow, natively: moves by click, drop and text, navigation,
//! undo, sounds, and what the page is asked to do; one file per feature beside.

use super::*;
use crate::session::formats::saved::Kept;
use crate::session::formats::url::{Route, decode};
use crate::session::model::ending::Ending;
use crate::worker::protocol::{Purpose, Request, Response};
use rules::AnyMove;
use search::levels::Level;

mod advice;
mod challenge;
mod clocks;
mod computer;
mod ending;
mod friend;
mod notes;
mod review;
mod split;

/// A session opened on `query`, as the page opens a link, with the effects of opening it.
fn open(query: &str) -> (Session, Vec<Effect>) {
    let Route::Play { tree, seats, view, notices } = decode(query) else { panic!("{query} is not a game") };
    let mut session = Session::new(&tree.spec());
    let fx = session.apply(Intent::Load(Box::new(Loaded { tree, seats, view, notices, new_entry: false, seed: 7 })));
    (session, fx)
}

/// The searches among `fx`: (role, id, purpose, moves in notation, delay).
fn searches(fx: &[Effect]) -> Vec<(Role, u64, Purpose, Vec<String>, u32)> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Search { role, request: Request::Search { id, purpose, moves, .. }, delay_ms, .. } => {
                Some((*role, *id, *purpose, moves.iter().map(ToString::to_string).collect(), *delay_ms))
            }
            _ => None,
        })
        .collect()
}

/// The one search among `fx`, with its id.
fn one_search(fx: &[Effect], role: Role) -> u64 {
    let found: Vec<u64> = searches(fx).into_iter().filter(|s| s.0 == role).map(|s| s.1).collect();
    assert_eq!(found.len(), 1, "one {role:?} search expected in {fx:?}");
    found[0]
}

fn stops(fx: &[Effect], role: Role) -> bool {
    fx.contains(&Effect::Stop(role))
}

/// The moves written `texts`, read one after the other from the position
/// at the cursor of the game `query` opens.
fn line_at(query: &str, texts: &[&str]) -> Vec<AnyMove> {
    let Route::Play { tree, .. } = decode(query) else { panic!("{query} is not a game") };
    let mut game = tree.position().clone();
    texts
        .iter()
        .map(|t| {
            let mv = game.parse_move(t).unwrap_or_else(|e| panic!("{t} in {query}: {e}"));
            game.play_unchecked(mv);
            mv
        })
        .collect()
}

/// The move written `text` in the position at the cursor of the game `query` opens.
fn move_at(query: &str, text: &str) -> AnyMove {
    line_at(query, &[text])[0]
}

/// The move written `text` in the position `s` shows.
fn here(s: &Session, text: &str) -> AnyMove {
    s.tree().position().parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The moves written `texts`, one after the other from the position `s` shows.
fn line_here(s: &Session, texts: &[&str]) -> Vec<AnyMove> {
    let mut game = s.tree().position().clone();
    texts
        .iter()
        .map(|t| {
            let mv = game.parse_move(t).unwrap_or_else(|e| panic!("{t}: {e}"));
            game.play_unchecked(mv);
            mv
        })
        .collect()
}

fn done(id: u64, best: AnyMove) -> Response {
    Response::Done { id, best, score: 12, depth: 3, pv: vec![best], nodes: 100, elapsed_ms: 5.0 }
}

fn info(id: u64, pv: Vec<AnyMove>) -> Response {
    Response::Info { id, depth: 4, score: -30, nodes: 1_000, pv }
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
    assert!(fx.contains(&Effect::Save(Box::new(Kept::link("?game=loa&moves=b1-b3")))));
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
fn undo_between_two_people_takes_back_one_ply() {
    let (mut s, _) = open("?game=loa&moves=b1-b3,a2-c2");
    s.apply(Intent::Undo);
    assert_eq!(moves(&s), ["b1-b3"]);
}

#[test]
fn a_new_game_cancels_everything() {
    let (mut s, _) = open("?game=loa&moves=b1-b3&o=ai:5");
    let old = s.computer.search_id().unwrap();
    s.apply(Intent::Advice(AdviceIntent::Analysis(true)));
    let analysis = s.advice.analysis_id().unwrap();
    let fx = s.apply(Intent::NewGame { spec: "ra".parse().unwrap(), seats: Seats::default(), seed: 8, clock: None });
    assert!(stops(&fx, Role::Computer) && stops(&fx, Role::Adviser));
    assert!(fx.contains(&Effect::Url { query: "?game=ra".to_owned(), new_entry: true }));
    assert!(!s.thinking());
    assert_eq!(s.tree().spec().to_string(), "ra");
    // Late answers to the old game change nothing.
    s.apply(Intent::Answer(Role::Computer, done(old, move_at("?game=loa&moves=b1-b3", "a2-c2"))));
    s.apply(Intent::Answer(Role::Adviser, info(analysis, line_at("?game=loa&moves=b1-b3", &["a2-c2"]))));
    assert!(s.tree().is_empty());
    assert!(s.analysis().is_none_or(|a| a.pv.first().is_none_or(|m| m.to_string() != "a2-c2")));
}

#[test]
fn opening_a_game_keeps_nothing_until_it_changes_and_its_comments_go_with_it() {
    let (mut s, fx) = open("?game=loa&moves=b1-b3");
    assert!(!fx.iter().any(|e| matches!(e, Effect::Save(_))), "a game opened from a link is not kept yet");
    let fx = s.apply(Intent::Navigate(Nav::Back));
    assert!(!fx.iter().any(|e| matches!(e, Effect::Save(_))), "stepping through it changes only the link");
    assert!(fx.iter().any(|e| matches!(e, Effect::Url { .. })));
    let Route::Play { mut tree, seats, view, notices } = decode("?game=loa&moves=b1-b3") else { panic!() };
    let first = tree.main_line()[0];
    tree.set_comment(first, Some("a classic start".to_owned()));
    s.apply(Intent::Load(Box::new(Loaded { tree, seats, view, notices, new_entry: false, seed: 7 })));
    let fx = typed(&mut s, "a2-c2");
    let saved = fx.iter().find_map(|e| if let Effect::Save(t) = e { Some((**t).clone()) } else { None }).unwrap();
    assert_eq!(saved.query, "?game=loa&moves=b1-b3,a2-c2");
    assert_eq!(saved.notes.comments, [(1, "a classic start".to_owned())]);
    // Its saved text has the comment, and reads back with it.
    let text = crate::session::formats::saved::text_of(&saved);
    assert!(text.contains("b1-b3 {a classic start}"), "{text}");
    let Route::Play { tree, .. } = crate::session::formats::saved::read(&text).route else { panic!() };
    assert_eq!(tree.comment(tree.main_line()[0]), Some("a classic start"));
}

#[test]
fn a_game_without_a_move_does_not_replace_the_saved_game() {
    let (mut s, fx) = open("?game=loa");
    assert!(!fx.iter().any(|e| matches!(e, Effect::Save(_))), "opening a page saves nothing");
    let fx = typed(&mut s, "b1-b3");
    assert!(fx.contains(&Effect::Save(Box::new(Kept::link("?game=loa&moves=b1-b3")))));
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
fn a_finished_game_takes_no_moves_and_no_searches() {
    let (mut s, fx) = open("?game=attract&from=8/3o4/o2x4/1x6/1o2o3/1x6/3x4/8_o&moves=d4&x=ai:3");
    assert!(s.tree().position().outcome().is_some());
    assert!(searches(&fx).is_empty());
    assert!(click(&mut s, "a1").is_empty());
    let fx = s.apply(Intent::Advice(AdviceIntent::Hint));
    assert!(searches(&fx).is_empty());
    s.apply(Intent::Advice(AdviceIntent::Analysis(true)));
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
    typed(&mut s, "h3-e3");
    assert!(
        s.move_error().is_some_and(|e| e.starts_with("\"h3-e3\": not a legal move: there are ")
            && e.contains(" pieces on that row, so it moves exactly ")),
        "a typed move that breaks the rules says which rule: {:?}",
        s.move_error()
    );
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
fn a_click_or_drop_that_is_no_move_says_why() {
    let (mut s, _) = open("?game=loa");
    click(&mut s, "b1");
    click(&mut s, "b4");
    assert_eq!(s.refusal(), Some("b1 cannot reach b4: there are 2 pieces on that column, so it moves exactly 2"));
    assert_eq!(s.selection(), Selection::default(), "the selection is dropped as before");
    click(&mut s, "b1");
    assert_eq!(s.refusal(), None, "a new selection clears the reason");
    let cell = |s: &Session, n: &str| s.tree().spec().cell_named(n).unwrap();
    s.apply(Intent::Drop(Some(cell(&s, "c3"))));
    assert_eq!(s.refusal(), Some("b1 cannot reach c3: the two cells are not on one straight line"));
    click(&mut s, "e5");
    assert_eq!(s.refusal(), None, "a click on an empty cell with nothing selected asks for nothing");
    click(&mut s, "b1");
    click(&mut s, "b3");
    assert_eq!(s.refusal(), None, "a move clears it");
    // White's a3 may not jump Black's b3.
    click(&mut s, "a3");
    click(&mut s, "d3");
    assert_eq!(s.refusal(), Some("a3 cannot reach d3: a piece may jump its own side's pieces but not an enemy's"));

    let (mut s, _) = open("?game=attract&moves=c3");
    click(&mut s, "c3");
    assert_eq!(s.refusal(), Some("c3: the cell is taken"));

    let (mut s, _) = open("?game=ra");
    click(&mut s, "c5");
    s.apply(Intent::ChooseStones(2));
    click(&mut s, "c6");
    assert_eq!(
        s.refusal(),
        Some(
            "2 stones from c5 cannot reach c6: 2 stones move exactly 2 cells unless they reach the edge, \
             the enemy RA cell, a stack or a capture"
        )
    );

    let (mut s, _) = open("?game=forms:rules=advanced,size=6");
    click(&mut s, "b1");
    click(&mut s, "d2");
    assert_eq!(
        s.refusal(),
        Some("b1 cannot reach d2: a capture takes an enemy stone next to the moving one, across a side")
    );
}

#[test]
fn a_line_is_copied_without_the_other_variations() {
    let (s, _) = open("?game=loa&moves=b1-b3,a2-c2(h2-f2,c1xa3),e1-e3&at=3");
    assert_eq!(s.line_query(), "?game=loa&moves=b1-b3,h2-f2,c1xa3&ply=2");
    let (s, _) = open("?game=loa&moves=b1-b3,a2-c2(h2-f2,c1xa3),e1-e3");
    assert_eq!(s.line_query(), "?game=loa&moves=b1-b3,a2-c2,e1-e3");
}

#[test]
fn a_game_opened_shows_at_most_a_screen_of_notices() {
    let many: Vec<String> = (0..100_000).map(|i| format!("header {i} is not read")).collect();
    let shown = super::at_most(many, super::MAX_NOTICES);
    assert_eq!(shown.len(), super::MAX_NOTICES);
    assert_eq!(shown[0], "header 0 is not read");
    assert_eq!(shown[super::MAX_NOTICES - 1], "…and 99989 more notices of the same kind or others, not shown.");
    let few = vec!["one".to_owned(), "two".to_owned()];
    assert_eq!(super::at_most(few.clone(), super::MAX_NOTICES), few);
}
