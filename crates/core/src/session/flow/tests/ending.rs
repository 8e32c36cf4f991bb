//! Endings beside the rules: resigning, draws offered to the computer and
//! between two people, and a finished game that keeps its main line, takes
//! no move at its end and no computer move anywhere, yet can be analysed.

use super::*;
use crate::session::formats::saved::Kept;
use crate::session::model::ending::Ending;
use crate::session::model::info::{GameInfo, PlayerNotes};
use search::score::WIN;

fn end(s: &mut Session, intent: EndIntent) -> Vec<Effect> {
    s.apply(Intent::End(intent))
}

#[test]
fn resigning_against_the_computer_ends_the_game_and_closes_its_main_line() {
    let (mut s, _) = open("?game=loa&o=ai:3");
    typed(&mut s, "b1-b3");
    assert!(s.thinking());
    let fx = end(&mut s, EndIntent::Resign);
    assert!(stops(&fx, Role::Computer), "the computer stops");
    assert_eq!(s.tree().ending(), Some(Ending::Resigned(Player::Black)));
    assert!(s.at_finish() && !s.thinking());
    assert!(fx.contains(&Effect::Url {
        query: "?game=loa&moves=b1-b3&end=resign-x&seed=0000000000000007&o=ai:3".to_owned(),
        new_entry: false
    }));
    assert!(fx.contains(&Effect::Save(Box::new(Kept::link(
        "?game=loa&moves=b1-b3&end=resign-x&seed=0000000000000007&o=ai:3"
    )))));
    assert!(fx.contains(&Effect::Sound(Sound::End)));
    // No move at the end, no undo of the main line, no computer.
    typed(&mut s, "a2-c2");
    assert!(s.move_error().is_some_and(|e| e.contains("already over")), "{:?}", s.move_error());
    assert!(!s.can_undo());
    assert!(searches(&s.apply(Intent::Undo)).is_empty());
    assert_eq!(moves(&s), ["b1-b3"]);
    // Analysis beside the main line: a variation from the start, the computer silent, undo allowed there.
    s.apply(Intent::Navigate(Nav::First));
    let fx = typed(&mut s, "c1xa3");
    assert!(searches(&fx).is_empty(), "the computer plays no more in a finished game");
    assert_eq!(s.tree().texts_to_cursor(), ["c1xa3"]);
    assert!(s.can_undo());
    s.apply(Intent::Undo);
    assert_eq!(s.tree().main_line_texts(), ["b1-b3"]);
    assert_eq!(s.tree().ending(), Some(Ending::Resigned(Player::Black)), "the ending stays");
    // Promoting a variation or deleting the main line would change how it ended: refused, and said.
    typed(&mut s, "c1xa3");
    s.apply(Intent::Promote);
    assert_eq!(s.tree().main_line_texts(), ["b1-b3"]);
    assert!(s.notices().iter().any(|n| n.contains("its moves stay as they were")), "{:?}", s.notices());
    // Nothing more to end.
    let fx = end(&mut s, EndIntent::OfferDraw);
    assert!(fx.is_empty() || !fx.iter().any(|e| matches!(e, Effect::Save(_))));
    assert_eq!(s.tree().ending(), Some(Ending::Resigned(Player::Black)));
}

#[test]
fn at_one_screen_the_side_to_move_resigns() {
    let (mut s, _) = open("?game=loa&moves=b1-b3");
    assert_eq!(s.person(), Some(Player::White));
    end(&mut s, EndIntent::Resign);
    assert_eq!(s.tree().ending(), Some(Ending::Resigned(Player::White)));
    // Computer against computer: nobody to resign for.
    let (mut s, _) = open("?game=loa&x=ai:1&o=ai:1");
    end(&mut s, EndIntent::Resign);
    assert_eq!(s.tree().ending(), None);
}

#[test]
fn the_computer_accepts_a_draw_only_when_it_is_not_better() {
    let play_and_answer = |score: i32| {
        let (mut s, _) = open("?game=loa&o=ai:3");
        // Before it has judged the game, it declines.
        end(&mut s, EndIntent::OfferDraw);
        assert!(s.notices().iter().any(|n| n.contains("has not judged")), "{:?}", s.notices());
        let fx = typed(&mut s, "b1-b3");
        let id = one_search(&fx, Role::Computer);
        let answer = here(&s, "a2-c2");
        s.apply(Intent::Answer(
            Role::Computer,
            Response::Done { id, best: answer, score, depth: 5, pv: vec![answer], nodes: 10, elapsed_ms: 1.0 },
        ));
        end(&mut s, EndIntent::OfferDraw);
        s
    };
    let even = play_and_answer(20);
    assert_eq!(even.tree().ending(), Some(Ending::DrawAgreed), "even for the computer: accepted");
    assert!(even.tree().finish().is_some_and(|f| f.winner().is_none()));
    let lost = play_and_answer(-(WIN - 9));
    assert_eq!(lost.tree().ending(), Some(Ending::DrawAgreed), "lost for the computer: accepted");
    let better = play_and_answer(250);
    assert_eq!(better.tree().ending(), None, "better for the computer: declined");
    assert!(
        better.notices().iter().any(|n| n.contains("declines the draw: it thinks it is better (+2.50")),
        "{:?}",
        better.notices()
    );
}

#[test]
fn between_two_people_a_draw_is_offered_and_answered() {
    let (mut s, _) = open("?game=loa&moves=b1-b3");
    end(&mut s, EndIntent::OfferDraw);
    assert_eq!(s.draw_offer(), Some(Player::White));
    end(&mut s, EndIntent::AnswerDraw(false));
    assert_eq!((s.draw_offer(), s.tree().ending()), (None, None));
    assert!(s.notices().iter().any(|n| n == "Black declines the draw White offered."), "{:?}", s.notices());
    // A move withdraws an offer.
    end(&mut s, EndIntent::OfferDraw);
    typed(&mut s, "a2-c2");
    assert_eq!(s.draw_offer(), None);
    end(&mut s, EndIntent::OfferDraw);
    assert_eq!(s.draw_offer(), Some(Player::Black));
    let fx = end(&mut s, EndIntent::AnswerDraw(true));
    assert_eq!(s.tree().ending(), Some(Ending::DrawAgreed));
    assert!(fx.contains(&Effect::Url { query: "?game=loa&moves=b1-b3,a2-c2&end=draw".to_owned(), new_entry: false }));
}

#[test]
fn a_finished_game_from_a_link_stays_finished() {
    let (mut s, fx) = open("?game=loa&moves=b1-b3&end=resign-o&o=ai:3");
    assert!(searches(&fx).is_empty(), "White resigned: the computer does not move");
    assert_eq!(s.tree().finish().and_then(|f| f.winner()), Some(Player::Black));
    assert!(click(&mut s, "a2").is_empty());
    assert!(s.choices().is_empty(), "no premove in a finished game");
    // A bad ending is said and the game goes on.
    let (s, _) = open("?game=loa&moves=b1-b3&end=surrender");
    assert_eq!(s.tree().ending(), None);
    assert!(s.notices().iter().any(|n| n.contains("\"surrender\"")), "{:?}", s.notices());
}

#[test]
fn the_game_over_headline_speaks_from_the_page_s_side() {
    // Against the computer: the person lost, or won (the computer, White, resigned).
    let (s, _) = open("?game=loa&moves=b1-b3&end=resign-x&o=ai:3");
    assert_eq!(s.finish_headline().as_deref(), Some("The computer won"));
    assert_eq!(s.finish_text().as_deref(), Some("White wins: Black resigned"), "the reason stays");
    let (s, _) = open("?game=loa&moves=b1-b3&end=resign-o&o=ai:3");
    assert_eq!(s.finish_headline().as_deref(), Some("You won"));
    let (s, _) = open("?game=loa&moves=b1-b3&end=resign-x&x=ai:3");
    assert_eq!(s.finish_headline().as_deref(), Some("You won"), "the person plays White");
    // Two people: the winner's colour, or name; a draw.
    let (s, _) = open("?game=loa&moves=b1-b3&end=resign-x");
    assert_eq!(s.finish_headline().as_deref(), Some("White won"));
    let (s, _) = open("?game=loa&moves=b1-b3&end=draw");
    assert_eq!(s.finish_headline().as_deref(), Some("Drawn"));
    let (mut s, _) = open("?game=loa&moves=b1-b3&end=resign-x");
    let info = GameInfo { white: "Kim".to_owned(), ..GameInfo::default() };
    s.apply(Intent::Notes(Box::new(PlayerNotes { mark: None, comment: String::new(), info })));
    assert_eq!(s.finish_headline().as_deref(), Some("Kim won"));
    // A game going on has none.
    let (s, _) = open("?game=loa&moves=b1-b3");
    assert_eq!(s.finish_headline(), None);
}
