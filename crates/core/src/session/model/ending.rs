//! How a game ended when its rules did not end it: a player resigned, the
//! players agreed a draw, or a clock ran out. It belongs to the end of the
//! main line; the tree keeps it only while that line stays as it was.

use std::fmt;

use rules::Player;

use crate::session::model::seats::colour;
use crate::t;

/// An end the rules did not make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// This player resigned; the other won.
    Resigned(Player),
    /// The players agreed a draw.
    DrawAgreed,
    /// This player's clock ran out: a loss, unless the other could not have
    /// won (`draw`).
    TimeOut {
        /// Whose time ran out.
        player: Player,
        /// Whether the game is a draw all the same.
        draw: bool,
    },
}

impl Ending {
    /// The winner, or `None` for a draw.
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            Ending::Resigned(p) | Ending::TimeOut { player: p, draw: false } => Some(p.opponent()),
            Ending::DrawAgreed | Ending::TimeOut { draw: true, .. } => None,
        }
    }

    /// Why the game ended, in words: `Black resigned`, `a draw by agreement`.
    #[must_use]
    pub fn reason(self) -> String {
        match self {
            Ending::Resigned(p) => t!("{player} resigned", player = colour(p)),
            Ending::DrawAgreed => t!("a draw by agreement"),
            Ending::TimeOut { player, draw: false } => t!("{player}'s time ran out", player = colour(player)),
            Ending::TimeOut { player, draw: true } => t!(
                "{player}'s time ran out, but {opponent} could not win",
                player = colour(player),
                opponent = colour(player.opponent())
            ),
        }
    }

    /// [`Ending::reason`] in English, whatever the player's language: the
    /// words a record's `[Result "…"]` header keeps (a file's words).
    #[must_use]
    pub fn record_reason(self) -> String {
        match self {
            Ending::Resigned(p) => format!("{p} resigned"),
            Ending::DrawAgreed => "a draw by agreement".to_owned(),
            Ending::TimeOut { player, draw: false } => format!("{player}'s time ran out"),
            Ending::TimeOut { player, draw: true } => {
                format!("{player}'s time ran out, but {} could not win", player.opponent())
            }
        }
    }

    /// The result and the reason in words: `White wins: Black resigned`.
    #[must_use]
    pub fn result_text(self) -> String {
        match self.winner() {
            Some(w) => t!("{player} wins: {reason}", player = colour(w), reason = self.reason()),
            None => t!("Drawn: {reason}", reason = self.reason()),
        }
    }

    /// The ending in links (`end=…`) and records: `resign-x`, `draw`,
    /// `time-o`, `time-o-draw`.
    #[must_use]
    pub fn code(self) -> String {
        match self {
            Ending::Resigned(p) => format!("resign-{}", p.letter()),
            Ending::DrawAgreed => "draw".to_owned(),
            Ending::TimeOut { player, draw } => format!("time-{}{}", player.letter(), if draw { "-draw" } else { "" }),
        }
    }

    /// Reads [`Ending::code`].
    #[must_use]
    pub fn from_code(text: &str) -> Option<Ending> {
        let player = |s: &str| {
            let mut chars = s.chars();
            let p = Player::from_letter(chars.next()?)?;
            chars.next().is_none().then_some(p)
        };
        if text == "draw" {
            return Some(Ending::DrawAgreed);
        }
        if let Some(p) = text.strip_prefix("resign-") {
            return player(p).map(Ending::Resigned);
        }
        let rest = text.strip_prefix("time-")?;
        match rest.strip_suffix("-draw") {
            Some(p) => player(p).map(|player| Ending::TimeOut { player, draw: true }),
            None => player(rest).map(|player| Ending::TimeOut { player, draw: false }),
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.result_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_read_back_and_say_who_won() {
        let all = [
            Ending::Resigned(Player::Black),
            Ending::Resigned(Player::White),
            Ending::DrawAgreed,
            Ending::TimeOut { player: Player::White, draw: false },
            Ending::TimeOut { player: Player::Black, draw: true },
        ];
        for e in all {
            assert_eq!(Ending::from_code(&e.code()), Some(e), "{e:?}");
        }
        for bad in ["", "resign", "resign-", "resign-xo", "resign-z", "time-", "time-x-drawn", "draw-x", "Draw"] {
            assert_eq!(Ending::from_code(bad), None, "{bad}");
        }
        assert_eq!(Ending::Resigned(Player::Black).result_text(), "White wins: Black resigned");
        assert_eq!(Ending::DrawAgreed.result_text(), "Drawn: a draw by agreement");
        assert_eq!(Ending::TimeOut { player: Player::White, draw: false }.winner(), Some(Player::Black));
        assert_eq!(Ending::TimeOut { player: Player::White, draw: true }.winner(), None);
    }
}
