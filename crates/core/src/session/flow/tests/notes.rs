//! The player's notes: a mark and a comment on the move shown, the game's
//! information; kept with the game, in variations too.

use super::*;
use crate::session::model::info::{GameInfo, Mark, PlayerNotes};

fn notes(mark: Option<Mark>, comment: &str, black: &str) -> Intent {
    Intent::Notes(Box::new(PlayerNotes {
        mark,
        comment: comment.to_owned(),
        info: GameInfo { black: black.to_owned(), ..GameInfo::default() },
    }))
}

#[test]
fn notes_go_on_the_move_shown_and_are_kept_with_the_game() {
    let (mut s, _) = open("?game=loa&moves=b1-b3,a2-c2(h2-f2)");
    s.apply(Intent::Navigate(Nav::Back));
    let node = s.tree().cursor();
    let fx = s.apply(notes(Some(Mark::Good), "solid", "Kim"));
    assert_eq!(s.tree().mark(node), Some(Mark::Good));
    assert_eq!(s.tree().comment(node), Some("solid"));
    assert_eq!(s.tree().info().black, "Kim");
    let kept = fx.iter().find_map(|e| if let Effect::Save(k) = e { Some(k.clone()) } else { None });
    let kept = kept.expect("the notes are kept");
    assert_ne!(kept.notes, crate::session::formats::saved::Notes::default());
    // Taken off again: no mark, no comment.
    s.apply(notes(None, "", "Kim"));
    assert_eq!((s.tree().mark(node), s.tree().comment(node)), (None, None));
}

#[test]
fn at_the_start_only_the_game_s_information_changes() {
    let (mut s, _) = open("?game=loa&moves=b1-b3");
    s.apply(Intent::Navigate(Nav::First));
    s.apply(notes(Some(Mark::Blunder), "no move here", "Lee"));
    let root = s.tree().cursor();
    assert_eq!((s.tree().mark(root), s.tree().comment(root)), (None, None));
    assert_eq!(s.tree().info().black, "Lee");
}

#[test]
fn a_variation_s_notes_stay_with_it_when_it_becomes_the_main_line() {
    let (mut s, _) = open("?game=loa&moves=b1-b3,a2-c2(h2-f2)");
    s.apply(Intent::Navigate(Nav::Down));
    let node = s.tree().cursor();
    assert_eq!(s.tree().main_ply(), None, "on the variation");
    s.apply(notes(Some(Mark::Interesting), "the other try", ""));
    s.apply(Intent::Promote);
    assert_eq!(s.tree().mark(node), Some(Mark::Interesting));
    assert_eq!(s.tree().comment(node), Some("the other try"));
}

#[test]
fn arrows_and_circles_are_drawn_on_the_move_shown_and_travel_in_records_and_sgf() {
    use crate::session::formats::{record, sgf};
    use crate::session::model::shapes::Shape;
    let (mut s, _) = open("?game=loa&moves=b1-b3,a2-c2");
    let spec = s.tree().spec();
    let cell = |n: &str| spec.cell_named(n).unwrap();
    // The right button: an arrow, and a red circle.
    let fx = s.apply(Intent::Draw(Shape { brush: 'G', from: cell("c1"), to: cell("c3") }));
    assert!(fx.iter().any(|e| matches!(e, Effect::Save(k) if k.notes.shapes == [(2, "Gc1c3".to_owned())])));
    s.apply(Intent::Draw(Shape { brush: 'R', from: cell("h2"), to: cell("h2") }));
    // The touch way: two presses, then two on the same cell.
    s.apply(Intent::DrawMode(true));
    s.apply(Intent::Click(cell("d1")));
    assert_eq!(s.drawing(), Some(Some(cell("d1"))));
    s.apply(Intent::Click(cell("d4")));
    s.apply(Intent::Click(cell("c3")));
    s.apply(Intent::Click(cell("c3")));
    let node = s.tree().cursor();
    assert_eq!(s.tree().shapes(node), Some("Gc1c3 Rh2 Gd1d4 Gc3"));
    assert_eq!(s.tree().main_line_texts(), ["b1-b3", "a2-c2"], "drawing plays no move");
    s.apply(Intent::DrawMode(false));
    // The same arrow again takes it away.
    s.apply(Intent::Draw(Shape { brush: 'G', from: cell("d1"), to: cell("d4") }));
    assert_eq!(s.tree().shapes(node), Some("Gc1c3 Rh2 Gc3"));
    // Records keep them with their colours, SGF as AR and CR.
    let text = record::write(s.tree(), &s.seats(), &[]);
    assert!(text.contains("{[%draw Gc1c3 Rh2 Gc3]}"), "{text}");
    let back = record::read(&text).unwrap().tree;
    assert_eq!(back.shapes(back.main_line()[1]), Some("Gc1c3 Rh2 Gc3"));
    let text = sgf::write(s.tree(), &s.seats());
    assert!(text.contains("AR[c1:c3]CR[h2][c3]"), "{text}");
    let (back, _) = sgf::read(&text).unwrap();
    assert_eq!(back.shapes(back.main_line()[1]), Some("Gc1c3 Gh2 Gc3"), "SGF has no colours");
    let (marked, _) = sgf::read("(;FF[4]GM[9];B[b1-b3]SQ[d4]TR[e5]MA[f6]LB[g7:A]AR[z9:b3])").unwrap();
    assert_eq!(
        marked.shapes(marked.main_line()[0]),
        Some("Gd4 Ge5 Gf6"),
        "other markup as circles; labels and bad cells left out"
    );
}
