//! Who plays each side: a person, or the computer at a level 1–5. In the URL
//! as `x=human&o=ai:3` (either may be left out: human is the default).

use std::fmt;
use std::str::FromStr;

use rules::{ByPlayer, Player};
use search::levels::Level;

use crate::t;

/// One side's player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Seat {
    /// A person at this screen.
    #[default]
    Human,
    /// The computer at a level.
    Computer(Level),
    /// A friend far away, whose moves arrive by links
    /// (`model::friend`): never written in a link's `x`/`o`, which the
    /// game's `friend=…&me=…` stands for.
    Remote,
}

impl Seat {
    /// The computer's level, if this is the computer.
    #[must_use]
    pub fn level(self) -> Option<Level> {
        match self {
            Seat::Computer(level) => Some(level),
            Seat::Human | Seat::Remote => None,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Human => f.write_str("human"),
            Seat::Computer(level) => write!(f, "ai:{level}"),
            Seat::Remote => f.write_str("friend"),
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
        f.write_str(&t!("\"{text}\" is not a player (human, or ai:1 to ai:5)", text = self.text))
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

/// The URL parameters for `seats`: empty when both are human (a friend's
/// seat is the game's `friend=`, not written here).
#[must_use]
pub fn seats_query(seats: &Seats) -> String {
    Player::ALL
        .iter()
        .filter(|&&p| matches!(seats[p], Seat::Computer(_)))
        .map(|&p| format!("&{}={}", p.letter(), seats[p]))
        .collect()
}

/// A person here playing `you` against a friend far away.
#[must_use]
pub fn against_friend(you: Player) -> Seats {
    let mut seats = Seats::default();
    seats[you.opponent()] = Seat::Remote;
    seats
}

/// The colour a person chooses to play against the computer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Side {
    /// Black, who moves first in every game here.
    Black,
    /// White.
    White,
    /// Either, by a coin toss at the start of each game.
    #[default]
    Random,
}

impl Side {
    /// Every choice, in the order the page offers them.
    pub const ALL: [Side; 3] = [Side::Black, Side::Random, Side::White];

    /// The stored word.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Side::Black => "black",
            Side::White => "white",
            Side::Random => "random",
        }
    }

    /// The choice in words.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::Black => "Black",
            Side::White => "White",
            Side::Random => "Random",
        }
    }

    /// The choice stored as `id`, if it is one.
    #[must_use]
    pub fn from_id(id: &str) -> Option<Side> {
        Side::ALL.into_iter().find(|s| s.id() == id)
    }

    /// The colour played: a random side takes `coin` (the browser's random bit).
    #[must_use]
    pub const fn player(self, coin: bool) -> Player {
        match self {
            Side::Black => Player::Black,
            Side::White => Player::White,
            Side::Random if coin => Player::White,
            Side::Random => Player::Black,
        }
    }
}

/// A person playing `you` against the computer at `level`.
#[must_use]
pub fn against_computer(you: Player, level: Level) -> Seats {
    let mut seats = Seats::default();
    seats[you.opponent()] = Seat::Computer(level);
    seats
}

/// The person's colour when exactly one side is a person here (against
/// the computer, or a friend far away).
#[must_use]
pub fn person(seats: &Seats) -> Option<Player> {
    match (seats[Player::Black], seats[Player::White]) {
        (Seat::Human, Seat::Computer(_) | Seat::Remote) => Some(Player::Black),
        (Seat::Computer(_) | Seat::Remote, Seat::Human) => Some(Player::White),
        _ => None,
    }
}

/// Who plays `player`, in words: `You`, `Computer, level 3`, or the
/// colour's name when two people share the screen.
#[must_use]
pub fn player_name(seats: &Seats, player: Player) -> String {
    match seats[player] {
        Seat::Computer(level) => t!("Computer, level {level}", level = level),
        Seat::Remote => t!("Your friend"),
        Seat::Human if person(seats).is_some() => t!("You"),
        Seat::Human => colour(player),
    }
}

/// Who plays `player` with the colour: `You (Black)`, `Computer, level 3
/// (White)`; just `Black` when two people share the screen.
#[must_use]
pub fn player_label(seats: &Seats, player: Player) -> String {
    match seats[player] {
        Seat::Human if person(seats).is_none() => colour(player),
        _ => t!("{name} ({player})", name = player_name(seats, player), player = colour(player)),
    }
}

/// Whether two people share the screen.
#[must_use]
pub fn two_people(seats: &Seats) -> bool {
    Player::ALL.iter().all(|&p| seats[p] == Seat::Human)
}

/// The players in one line, Black first: `You (Black) — Computer, level 3
/// (White)`; two people at one screen: `Two players at this screen: Black —
/// White`.
#[must_use]
pub fn players_line(seats: &Seats) -> String {
    let line = players_pair(seats);
    if two_people(seats) { format!("{}{line}", crate::i18n::text(HOT_SEAT)) } else { line }
}

/// The players in one line, Black first, without [`HOT_SEAT`]: `You
/// (Black) — Computer, level 3 (White)`, `Black — White`.
#[must_use]
pub fn players_pair(seats: &Seats) -> String {
    let [black, white] = Player::ALL.map(|p| player_label(seats, p));
    format!("{black} — {white}")
}

/// What [`players_line`] starts with when two people share the screen
/// (English; in the player's language through [`crate::i18n::text`]).
pub const HOT_SEAT: &str = "Two players at this screen: ";

/// A player's colour as a name, in English (`Black`, `White`): the key of
/// [`colour`].
#[must_use]
pub const fn colour_name(player: Player) -> &'static str {
    match player {
        Player::Black => "Black",
        Player::White => "White",
    }
}

/// A player's colour as a name, in the player's language: `Black`, `White`.
#[must_use]
pub fn colour(player: Player) -> String {
    crate::i18n::text(colour_name(player))
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

    #[test]
    fn the_players_in_words() {
        let club = Seat::Computer(Level::CLUB);
        let you_black = ByPlayer { black: Seat::Human, white: club };
        assert_eq!(players_line(&you_black), "You (Black) — Computer, level 3 (White)");
        assert_eq!(player_name(&you_black, Player::Black), "You");
        assert_eq!(person(&you_black), Some(Player::Black));
        let you_white = against_computer(Player::White, Level::CLUB);
        assert_eq!(players_line(&you_white), "Computer, level 3 (Black) — You (White)");
        assert_eq!(person(&you_white), Some(Player::White));
        assert_eq!(players_line(&Seats::default()), "Two players at this screen: Black — White");
        assert_eq!(person(&Seats::default()), None);
        let both = ByPlayer { black: club, white: Seat::Computer(Level::STRONGEST) };
        assert_eq!(players_line(&both), "Computer, level 3 (Black) — Computer, level 5 (White)");
        assert_eq!(person(&both), None);
    }

    #[test]
    fn a_random_side_follows_the_coin() {
        assert_eq!(Side::Random.player(false), Player::Black);
        assert_eq!(Side::Random.player(true), Player::White);
        assert_eq!(Side::White.player(false), Player::White);
        assert_eq!(Side::Black.player(true), Player::Black);
        for side in Side::ALL {
            assert_eq!(Side::from_id(side.id()), Some(side));
        }
        assert_eq!(Side::from_id("red"), None);
    }
}
