//! Words for what the board shows: cell names for screen readers, the status
//! line and the outcome with its reason.

use rules::{AnyGame, EndReason, Outcome, Piece, Player};

use crate::{t, tn};

/// A player's name, `Black` or `White`, in the current language.
#[must_use]
pub fn player_name(player: Player) -> String {
    match player {
        Player::Black => t!("Black"),
        Player::White => t!("White"),
    }
}

/// Where a cell is, for its label: an RA cell of one player, the black
/// hole, or an ordinary cell.
#[derive(Clone, Copy)]
enum Place {
    Plain,
    Hole,
    Ra(Player),
}

/// The accessible name of a cell: `e4, white stone`, `b1, empty`,
/// `d4, black RA cell, empty`, `c5, black stack of 3`, `e5, black hole,
/// empty`. `stacks` says the game's pieces are stacks (RA), named with
/// their height even when single. One text per kind of label (read for
/// every cell of the board, 324 on the largest), its cell and height
/// filled in.
pub fn cell_label(name: &str, piece: Option<Piece>, ra: Option<Player>, hole: bool, stacks: bool) -> String {
    use Player::{Black, White};
    // No game has both an RA cell and the black hole.
    let place = match (ra, hole) {
        (Some(owner), _) => Place::Ra(owner),
        (None, true) => Place::Hole,
        (None, false) => Place::Plain,
    };
    let what = piece.map(|p| (p.owner, stacks));
    let (cell, height) = (name, piece.map_or(0, |p| p.height));
    match (place, what) {
        (Place::Plain, None) => t!("{cell}, empty", cell = cell),
        (Place::Plain, Some((Black, false))) => t!("{cell}, black stone", cell = cell),
        (Place::Plain, Some((White, false))) => t!("{cell}, white stone", cell = cell),
        (Place::Plain, Some((Black, true))) => t!("{cell}, black stack of {height}", cell = cell, height = height),
        (Place::Plain, Some((White, true))) => t!("{cell}, white stack of {height}", cell = cell, height = height),
        (Place::Hole, None) => t!("{cell}, black hole, empty", cell = cell),
        (Place::Hole, Some((Black, false))) => t!("{cell}, black hole, black stone", cell = cell),
        (Place::Hole, Some((White, false))) => t!("{cell}, black hole, white stone", cell = cell),
        (Place::Hole, Some((Black, true))) => {
            t!("{cell}, black hole, black stack of {height}", cell = cell, height = height)
        }
        (Place::Hole, Some((White, true))) => {
            t!("{cell}, black hole, white stack of {height}", cell = cell, height = height)
        }
        (Place::Ra(Black), None) => t!("{cell}, black RA cell, empty", cell = cell),
        (Place::Ra(Black), Some((Black, false))) => t!("{cell}, black RA cell, black stone", cell = cell),
        (Place::Ra(Black), Some((White, false))) => t!("{cell}, black RA cell, white stone", cell = cell),
        (Place::Ra(Black), Some((Black, true))) => {
            t!("{cell}, black RA cell, black stack of {height}", cell = cell, height = height)
        }
        (Place::Ra(Black), Some((White, true))) => {
            t!("{cell}, black RA cell, white stack of {height}", cell = cell, height = height)
        }
        (Place::Ra(White), None) => t!("{cell}, white RA cell, empty", cell = cell),
        (Place::Ra(White), Some((Black, false))) => t!("{cell}, white RA cell, black stone", cell = cell),
        (Place::Ra(White), Some((White, false))) => t!("{cell}, white RA cell, white stone", cell = cell),
        (Place::Ra(White), Some((Black, true))) => {
            t!("{cell}, white RA cell, black stack of {height}", cell = cell, height = height)
        }
        (Place::Ra(White), Some((White, true))) => {
            t!("{cell}, white RA cell, white stack of {height}", cell = cell, height = height)
        }
    }
}

/// Why a game ended, in a few words in lowercase, e.g. `threefold
/// repetition` (for an outcome the sentences below do not name).
fn reason_words(reason: EndReason) -> String {
    match reason {
        EndReason::Connected => t!("all pieces connected"),
        EndReason::SimultaneousConnection => t!("both players connected on the same move"),
        EndReason::Repetition => t!("threefold repetition"),
        EndReason::WinningPieces { winner, loser } => t!("{n} winning pieces to {other}", n = winner, other = loser),
        EndReason::BoardFull => t!("board full"),
        EndReason::NoStonesLeft => t!("no stones left"),
        EndReason::ReachedRa { stones } => t!("a stack of {stones} reached the enemy RA cell", stones = stones),
        EndReason::CapturedAll => t!("captured the last enemy stack"),
    }
}

/// The outcome in words, e.g. `White wins: 2 winning pieces to 1`.
pub fn outcome_text(game: &AnyGame, outcome: Outcome) -> String {
    let score = game.match_score().map(|(s, _)| (s.black, s.white));
    match outcome {
        Outcome::Draw { reason } => match reason {
            EndReason::Repetition => t!("Draw by threefold repetition"),
            EndReason::SimultaneousConnection => t!("Draw: both players connected on the same move"),
            EndReason::BoardFull => t!("Draw: the board is full and no one has more winning pieces"),
            other => t!("Draw ({reason})", reason = reason_words(other)),
        },
        Outcome::Win { winner, reason } => {
            let (name, loser) = (player_name(winner), player_name(winner.opponent()));
            match reason {
                EndReason::Connected => t!("{winner} wins: {winner}'s pieces are all connected", winner = name),
                EndReason::SimultaneousConnection => {
                    t!("{winner} wins: both players connected at once, and {winner} moved", winner = name)
                }
                EndReason::WinningPieces { winner: w, loser: l } => tn!(
                    w,
                    "{winner} wins: {n} winning piece to {other}",
                    "{winner} wins: {n} winning pieces to {other}",
                    winner = name,
                    other = l
                ),
                EndReason::NoStonesLeft => t!("{winner} wins: {winner} has no stones left", winner = name),
                EndReason::ReachedRa { stones } => match score {
                    Some((black, white)) => t!(
                        "{winner} wins the game {black}–{white}: a stack of {stones} reached {loser}'s RA cell",
                        winner = name,
                        black = black,
                        white = white,
                        stones = stones,
                        loser = loser
                    ),
                    None => t!(
                        "{winner} wins the game: a stack of {stones} reached {loser}'s RA cell",
                        winner = name,
                        stones = stones,
                        loser = loser
                    ),
                },
                EndReason::CapturedAll => match score {
                    Some((black, white)) => t!(
                        "{winner} wins the game {black}–{white}: {loser}'s last stack was captured",
                        winner = name,
                        black = black,
                        white = white,
                        loser = loser
                    ),
                    None => {
                        t!("{winner} wins the game: {loser}'s last stack was captured", winner = name, loser = loser)
                    }
                },
                other => t!("{winner} wins ({reason})", winner = name, reason = reason_words(other)),
            }
        }
    }
}

/// The status in a few words, for the browser tab: `Black to move`,
/// `White wins`, `Draw`.
pub fn short_status(game: &AnyGame) -> String {
    match game.outcome() {
        Some(Outcome::Win { winner, .. }) => t!("{player} wins", player = player_name(winner)),
        Some(Outcome::Draw { .. }) => t!("Draw"),
        None => t!("{player} to move", player = player_name(game.to_move())),
    }
}

/// The status line: whose move, or the outcome.
pub fn status_text(game: &AnyGame) -> String {
    match game.outcome() {
        Some(outcome) => outcome_text(game, outcome),
        None => t!("{player} to move", player = player_name(game.to_move())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::GameSpec;

    #[test]
    fn labels() {
        let white = Some(Piece { owner: Player::White, height: 1 });
        assert_eq!(cell_label("e4", white, None, false, false), "e4, white stone");
        assert_eq!(cell_label("e5", None, None, true, false), "e5, black hole, empty");
        assert_eq!(cell_label("b1", None, None, false, false), "b1, empty");
        assert_eq!(cell_label("d4", None, Some(Player::Black), false, true), "d4, black RA cell, empty");
        assert_eq!(
            cell_label("c5", Some(Piece { owner: Player::Black, height: 3 }), None, false, true),
            "c5, black stack of 3"
        );
        assert_eq!(cell_label("e5", white, None, false, true), "e5, white stack of 1");
        assert_eq!(cell_label("d4", white, Some(Player::Black), false, true), "d4, black RA cell, white stack of 1");
    }

    #[test]
    fn outcomes_in_words() {
        let game = "attract".parse::<GameSpec>().unwrap().start();
        let win = Outcome::Win { winner: Player::White, reason: EndReason::WinningPieces { winner: 2, loser: 1 } };
        assert_eq!(outcome_text(&game, win), "White wins: 2 winning pieces to 1");
        let loa = "loa".parse::<GameSpec>().unwrap().start();
        let connected = Outcome::Win { winner: Player::Black, reason: EndReason::Connected };
        assert_eq!(outcome_text(&loa, connected), "Black wins: Black's pieces are all connected");
        assert_eq!(outcome_text(&loa, Outcome::Draw { reason: EndReason::Repetition }), "Draw by threefold repetition");
        assert_eq!(status_text(&loa), "Black to move");
        assert_eq!(short_status(&loa), "Black to move");
        let mut ra = "ra".parse::<GameSpec>().unwrap().position("x1h10/o3k9 x 5-0 2 x").unwrap();
        ra.play_text("1h10-j10").unwrap();
        assert_eq!(status_text(&ra), "Black wins the game 6–0: a stack of 1 reached White's RA cell");
    }
}
