//! Words for what the board shows: cell names for screen readers, the status
//! line and the outcome with its reason.

use rules::{AnyGame, EndReason, Outcome, Piece, Player};

/// The accessible name of a cell: `e4, white stone`, `b1, empty`,
/// `d4, black RA cell, empty`, `c5, black stack of 3`, `e5, black hole,
/// empty`. `stacks` says the game's pieces are stacks (RA), named with
/// their height even when single.
pub fn cell_label(name: &str, piece: Option<Piece>, ra: Option<Player>, hole: bool, stacks: bool) -> String {
    let mut label = name.to_owned();
    if let Some(owner) = ra {
        label.push_str(&format!(", {} RA cell", owner.name()));
    }
    if hole {
        label.push_str(", black hole");
    }
    match piece {
        None => label.push_str(", empty"),
        Some(p) if stacks => label.push_str(&format!(", {} stack of {}", p.owner.name(), p.height)),
        Some(p) => label.push_str(&format!(", {} stone", p.owner.name())),
    }
    label
}

/// The outcome in words, e.g. `White wins: 2 winning pieces to 1`.
pub fn outcome_text(game: &AnyGame, outcome: Outcome) -> String {
    let score = game.match_score().map(|(s, _)| format!(" {}–{}", s.black, s.white)).unwrap_or_default();
    match outcome {
        Outcome::Draw { reason } => match reason {
            EndReason::Repetition => "Draw by threefold repetition".to_owned(),
            EndReason::SimultaneousConnection => "Draw: both players connected on the same move".to_owned(),
            EndReason::BoardFull => "Draw: the board is full and no one has more winning pieces".to_owned(),
            other => format!("Draw ({})", Outcome::Draw { reason: other }.reason_text()),
        },
        Outcome::Win { winner, reason } => {
            let loser = winner.opponent();
            match reason {
                EndReason::Connected => format!("{winner} wins: {winner}'s pieces are all connected"),
                EndReason::SimultaneousConnection => {
                    format!("{winner} wins: both players connected at once, and {winner} moved")
                }
                EndReason::WinningPieces { winner: w, loser: l } => {
                    format!("{winner} wins: {w} winning piece{} to {l}", if w == 1 { "" } else { "s" })
                }
                EndReason::NoStonesLeft => format!("{winner} wins: {winner} has no stones left"),
                EndReason::ReachedRa { stones } => {
                    format!("{winner} wins the game{score}: a stack of {stones} reached {loser}'s RA cell")
                }
                EndReason::CapturedAll => format!("{winner} wins the game{score}: {loser}'s last stack was captured"),
                other => format!("{winner} wins ({})", Outcome::Win { winner, reason: other }.reason_text()),
            }
        }
    }
}

/// The status in a few words, for the browser tab: `Black to move`,
/// `White wins`, `Draw`.
pub fn short_status(game: &AnyGame) -> String {
    match game.outcome() {
        Some(Outcome::Win { winner, .. }) => format!("{winner} wins"),
        Some(Outcome::Draw { .. }) => "Draw".to_owned(),
        None => format!("{} to move", game.to_move()),
    }
}

/// The status line: whose move, or the outcome.
pub fn status_text(game: &AnyGame) -> String {
    match game.outcome() {
        Some(outcome) => outcome_text(game, outcome),
        None => format!("{} to move", game.to_move()),
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
