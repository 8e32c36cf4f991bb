//! Results as records and SGF files of other programs write them — `1-0`,
//! `0-1`, `1/2-1/2`, `B+`, `W+R`, `B+T`, `0`, `Draw` — and what one means
//! for a game read from them. The first number is the first player's:
//! Black (x), who moves first in every game here.

use rules::Player;

use crate::session::model::ending::Ending;
use crate::session::model::tree::{Finish, GameTree};

/// How a written result says the game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// The loser resigned (`R`, `Resign`).
    Resigned,
    /// The loser's time ran out (`T`, `Time`).
    Time,
    /// It does not say (`1-0`, `B+`).
    Unsaid,
}

/// A result as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// This player won.
    Win(Player, How),
    /// A draw.
    Draw,
}

/// Reads a result; `None` for an unfinished game (`*`, `?`) or text that is
/// not a result.
#[must_use]
pub fn read(text: &str) -> Option<Written> {
    let upper = text.trim().to_ascii_uppercase();
    match upper.as_str() {
        "1-0" => return Some(Written::Win(Player::Black, How::Unsaid)),
        "0-1" => return Some(Written::Win(Player::White, How::Unsaid)),
        "1/2-1/2" | "½-½" | "0" | "D" | "DRAW" => return Some(Written::Draw),
        _ => {}
    }
    let (winner, how) = upper.split_once('+')?;
    let winner = match winner {
        "B" => Player::Black,
        "W" => Player::White,
        _ => return None,
    };
    let how = match how {
        "" => How::Unsaid,
        "R" | "RESIGN" => How::Resigned,
        "T" | "TIME" => How::Time,
        _ => return None,
    };
    Some(Written::Win(winner, how))
}

/// Ends `tree` as `written` says (`text` is how it was written), unless the
/// board or the record already ended it. Returns what the reader should be
/// told: a result that contradicts the board's (the board's stands), a win
/// that gives no reason (taken as a resignation).
pub fn settle(tree: &mut GameTree, written: Written, text: &str) -> Option<String> {
    let winner = match written {
        Written::Win(w, _) => Some(w),
        Written::Draw => None,
    };
    match tree.finish() {
        Some(Finish::Rules(outcome)) if outcome.winner() == winner => None,
        Some(Finish::Rules(outcome)) => Some(match outcome.winner() {
            Some(w) => crate::t!(
                "The record's result {result} is not the board's ({player} wins); the board's result stands.",
                result = rules::quote(text),
                player = crate::session::model::seats::colour(w)
            ),
            None => crate::t!(
                "The record's result {result} is not the board's (a draw); the board's result stands.",
                result = rules::quote(text)
            ),
        }),
        Some(Finish::Other(_)) => None,
        None => {
            let (ending, unsaid) = match written {
                Written::Win(w, How::Time) => (Ending::TimeOut { player: w.opponent(), draw: false }, false),
                Written::Win(w, how) => (Ending::Resigned(w.opponent()), how == How::Unsaid),
                Written::Draw => (Ending::DrawAgreed, false),
            };
            tree.set_ending(Some(ending));
            unsaid.then(|| {
                crate::t!(
                    "The record gives the result {result} but not why, and the board has no winner: it is kept as {reason}.",
                    result = rules::quote(text),
                    reason = ending.reason()
                )
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::GameSpec;

    fn tree(moves: &[&str]) -> GameTree {
        GameTree::replay(&"loa".parse::<GameSpec>().unwrap(), None, moves.iter().copied()).unwrap().0
    }

    #[test]
    fn results_read_as_written() {
        assert_eq!(read("1-0"), Some(Written::Win(Player::Black, How::Unsaid)));
        assert_eq!(read(" 0-1 "), Some(Written::Win(Player::White, How::Unsaid)));
        assert_eq!(read("w+r"), Some(Written::Win(Player::White, How::Resigned)));
        assert_eq!(read("B+Time"), Some(Written::Win(Player::Black, How::Time)));
        for draw in ["1/2-1/2", "½-½", "0", "Draw"] {
            assert_eq!(read(draw), Some(Written::Draw), "{draw}");
        }
        for none in ["*", "?", "B+3.5", "X+R", "", "ongoing"] {
            assert_eq!(read(none), None, "{none}");
        }
    }

    #[test]
    fn a_result_ends_an_unfinished_game_and_never_overrules_the_board() {
        let mut t = tree(&["b1-b3"]);
        assert_eq!(settle(&mut t, Written::Win(Player::White, How::Resigned), "W+R"), None);
        assert_eq!(t.ending(), Some(Ending::Resigned(Player::Black)));
        let mut t = tree(&["b1-b3"]);
        let said = settle(&mut t, Written::Win(Player::Black, How::Unsaid), "1-0").unwrap();
        assert_eq!(
            said,
            "The record gives the result \"1-0\" but not why, and the board has no winner: it is kept as White resigned."
        );
        assert_eq!(t.ending(), Some(Ending::Resigned(Player::White)));
        let mut t = tree(&[]);
        settle(&mut t, Written::Win(Player::Black, How::Time), "B+T");
        assert_eq!(t.ending(), Some(Ending::TimeOut { player: Player::White, draw: false }));
        let mut t = tree(&[]);
        settle(&mut t, Written::Draw, "1/2-1/2");
        assert_eq!(t.ending(), Some(Ending::DrawAgreed));
        // A record's own ending stands.
        settle(&mut t, Written::Win(Player::Black, How::Resigned), "B+R");
        assert_eq!(t.ending(), Some(Ending::DrawAgreed));
        // The board's result stands against a record's.
        let (mut won, _) = GameTree::replay(
            &"loa".parse::<GameSpec>().unwrap(),
            Some("8/o7/8/8/8/8/4x3/1xx4o x"),
            ["e2-d2"].iter().copied(),
        )
        .unwrap();
        let said = settle(&mut won, Written::Win(Player::White, How::Resigned), "W+R").unwrap();
        assert_eq!(said, "The record's result \"W+R\" is not the board's (Black wins); the board's result stands.");
        assert_eq!(won.ending(), None);
        assert_eq!(settle(&mut won, Written::Win(Player::Black, How::Unsaid), "1-0"), None);
    }
}
