//! Who plays each side: a person, or the computer at a level 1–5. In the URL
//! as `x=human&o=ai:3` (either may be left out: human is the default).

use std::fmt;
use std::str::FromStr;

use rules::{ByPlayer, Player};
use search::levels::Level;

/// One side's player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Seat {
    /// A person at this screen.
    #[default]
    Human,
    /// The computer at a level.
    Computer(Level),
}

impl Seat {
    /// The computer's level, if this is the computer.
    #[must_use]
    pub fn level(self) -> Option<Level> {
        match self {
            Seat::Computer(level) => Some(level),
            Seat::Human => None,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Human => f.write_str("human"),
            Seat::Computer(level) => write!(f, "ai:{level}"),
        }
    }
}

/// Why a player could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatError {
    /// The text as written.
    pub text: String,
}

impl fmt::Display for SeatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\" is not a player (human, or ai:1 to ai:5)", self.text)
    }
}

impl std::error::Error for SeatError {}

impl FromStr for Seat {
    type Err = SeatError;

    fn from_str(text: &str) -> Result<Seat, SeatError> {
        match text {
            "human" => Ok(Seat::Human),
            _ => text
                .strip_prefix("ai:")
                .and_then(|l| l.parse::<Level>().ok())
                .map(Seat::Computer)
                .ok_or_else(|| SeatError { text: text.to_owned() }),
        }
    }
}

/// Both sides' players.
pub type Seats = ByPlayer<Seat>;

/// The URL parameters for `seats`: empty when both are human.
#[must_use]
pub fn seats_query(seats: &Seats) -> String {
    Player::ALL.iter().filter(|&&p| seats[p] != Seat::Human).map(|&p| format!("&{}={}", p.letter(), seats[p])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_round_trip() {
        for text in ["human", "ai:1", "ai:5"] {
            assert_eq!(text.parse::<Seat>().unwrap().to_string(), text);
        }
        for bad in ["ai:0", "ai:6", "ai:", "robot", ""] {
            assert!(bad.parse::<Seat>().is_err(), "{bad}");
        }
        let seats = ByPlayer { black: Seat::Human, white: Seat::Computer(Level::CLUB) };
        assert_eq!(seats_query(&seats), "&o=ai:3");
        assert_eq!(seats_query(&Seats::default()), "");
    }
}
