//! A game with a distant friend: only this side's moves, at the end of the
//! game, no take-back; each move's time; resigning and draws by link.

use super::*;
use crate::session::formats::friend::{self, receive};
use crate::session::model::ending::Ending;

/// Ana's side (Black) of a game of Lines of Action with Ben, after `moves`.
const ANA: &str = "?game=loa&friend=00c0ffee00c0ffee&me=x&xn=Ana&on=Ben&days=2&since=100";

fn at(s: &mut Session, ms: f64) {
    s.set_now(ms);
}

#[test]
fn only_this_sides_moves_are_made_here() {
    let (mut s, fx) = open(ANA);
    assert!(searches(&fx).is_empty(), "no computer");
    assert_eq!(s.seats()[Player::White], Seat::Remote);
    assert!(s.tree().seed().is_none());
    assert_eq!(s.friend_status().as_deref(), Some("Your move: make it, then send Ben the link."));
    at(&mut s, 5_000_000.0);
    let fx = typed(&mut s, "b1-b3");
    assert_eq!(
        s.friend_status().as_deref(),
        Some("Send Ben this link: it holds your move b1-b3. Then wait for theirs.")
    );
    assert_eq!(moves(&s), ["b1-b3"]);
    assert!(searches(&fx).is_empty());
    assert_eq!(s.friend().unwrap().since, 5_000);
    assert!(s.friend_to_move());
    // Shared as a game for anyone, without the players' seats and id.
    assert_eq!(s.shared_query(), "?game=loa&moves=b1-b3");
    // Kept, with the game's own address.
    let kept = fx.iter().find_map(|e| if let Effect::Save(k) = e { Some(k.query.clone()) } else { None });
    assert_eq!(
        kept.as_deref(),
        Some("?game=loa&moves=b1-b3&friend=00c0ffee00c0ffee&me=x&xn=Ana&on=Ben&days=2&since=5000")
    );
    // No engine's help while it goes on.
    assert!(searches(&s.apply(Intent::Advice(AdviceIntent::Hint))).is_empty());
    assert!(searches(&s.apply(Intent::Review(ReviewIntent::Start { workers: 1 }))).is_empty());
    // Ben's turn: nothing moves here, not even a queued move.
    typed(&mut s, "a2-c2");
    assert_eq!(moves(&s), ["b1-b3"]);
    assert!(s.choices().0.is_empty());
    // No take-back, no variation, no rewriting.
    assert!(!s.can_undo());
    s.apply(Intent::Undo);
    assert_eq!(moves(&s), ["b1-b3"]);
    s.apply(Intent::Navigate(Nav::First));
    typed(&mut s, "c1-c3");
    assert_eq!(s.tree().nodes().count(), 2, "no variation");
    s.apply(Intent::DeleteFromHere);
    assert_eq!(moves(&s), ["b1-b3"]);
    assert!(s.notices().iter().any(|n| n.contains("your friend has them")));
}

#[test]
fn the_link_to_send_and_the_answer_make_one_game() {
    let (mut ana, _) = open(ANA);
    typed(&mut ana, "b1-b3");
    let fragment = ana.friend_link("https://example.org/", false).unwrap();
    assert!(fragment.starts_with("friend=1&id=00c0ffee00c0ffee&game=loa&by=x&xn=Ana&on=Ben&days=2"), "{fragment}");
    // Ben's browser takes it in, and shows it from his side.
    let letter = friend::read(&fragment).unwrap().unwrap();
    let got = receive(&letter, None).unwrap();
    assert_eq!(got.message, "A game of Lines of Action with Ana: you play White. Ana played b1-b3. Your move.");
    let query =
        url::encode(&got.tree, &crate::session::model::seats::against_friend(Player::White), Presentation::default());
    let (mut ben, _) = open(&query);
    assert_eq!(ben.seats()[Player::Black], Seat::Remote);
    assert!(!ben.friend_to_move());
    typed(&mut ben, "a2-c2");
    assert!(ben.friend_to_move());
    let back = friend::read(&ben.friend_link("https://example.org/", false).unwrap()).unwrap().unwrap();
    let got = receive(&back, Some(ana.tree())).unwrap();
    assert_eq!(got.tree.main_line_texts(), ["b1-b3", "a2-c2"]);
    assert_eq!(got.message, "Ben played a2-c2. Your move.");
}

#[test]
fn resigning_and_draws_go_into_the_game() {
    let (mut s, _) = open(ANA);
    typed(&mut s, "b1-b3");
    s.apply(Intent::End(EndIntent::OfferDraw));
    assert_eq!(s.draw_offer(), Some(Player::Black));
    assert!(s.query().ends_with("&offer=x"), "{}", s.query());
    assert!(s.friend_link("", false).unwrap().ends_with("&offer=1"));
    // Taken back.
    s.apply(Intent::End(EndIntent::AnswerDraw(false)));
    assert_eq!(s.draw_offer(), None);
    // Ben's offer, accepted here.
    let (mut s, _) = open(&format!("{ANA}&moves=b1-b3,a2-c2&offer=o"));
    assert_eq!(s.draw_offer(), Some(Player::White));
    s.apply(Intent::End(EndIntent::AnswerDraw(true)));
    assert_eq!(s.tree().ending(), Some(Ending::DrawAgreed));
    assert_eq!(s.finish_headline().as_deref(), Some("Drawn"));
    assert!(s.friend_link("", false).unwrap().contains("&end=draw"));
    // Resigning.
    let (mut s, _) = open(&format!("{ANA}&moves=b1-b3,a2-c2"));
    s.apply(Intent::End(EndIntent::Resign));
    assert_eq!(s.tree().ending(), Some(Ending::Resigned(Player::Black)));
    assert_eq!(s.finish_headline().as_deref(), Some("Ben won"));
    assert!(s.friend_link("", false).unwrap().contains("&end=resign-x"));
}

#[test]
fn a_game_with_a_friend_is_kept_from_its_start() {
    // White's player (Ben moves second) sends the start at once.
    let (mut s, _) = open("?game=loa&friend=00c0ffee00c0ffee&me=o&since=1");
    let fx = s.apply(Intent::End(EndIntent::OfferDraw));
    let kept = fx.iter().find_map(|e| if let Effect::Save(k) = e { Some(k.query.clone()) } else { None });
    assert_eq!(kept.as_deref(), Some("?game=loa&friend=00c0ffee00c0ffee&me=o&since=1&offer=o"));
    assert_eq!(
        s.friend_status().as_deref(),
        Some("Send your friend this link to start the game. Your friend moves first.")
    );
    // Against the computer, a game without a move is not kept.
    let (mut s, _) = open("?game=loa&x=ai:1");
    assert!(!s.apply(Intent::End(EndIntent::Resign)).iter().any(|e| matches!(e, Effect::Save(_))));
}

#[test]
fn a_bad_friend_part_opens_a_game_at_this_screen() {
    let (s, _) = open("?game=loa&moves=b1-b3&friend=bad%20id&me=x");
    assert!(s.friend().is_none());
    assert_eq!(s.seats(), Seats::default());
    assert!(s.notices().iter().any(|n| n.contains("game with a friend cannot be used")), "{:?}", s.notices());
}
