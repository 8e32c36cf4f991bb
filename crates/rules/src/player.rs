//! The two sides, and a value for each: the leaf vocabulary every other
//! module may use.

use std::fmt;
use std::ops::{Index, IndexMut};

/// One of the two sides. In every game here `x` is Black and `o` is White.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Black, written `x`.
    Black,
    /// White, written `o`.
    White,
}

impl Player {
    /// Both players, Black first.
    pub const ALL: [Player; 2] = [Player::Black, Player::White];

    /// The other player.
    #[must_use]
    pub const fn opponent(self) -> Player {
        match self {
            Player::Black => Player::White,
            Player::White => Player::Black,
        }
    }

    /// `0` for Black, `1` for White: the index into per-player tables.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Player::Black => 0,
            Player::White => 1,
        }
    }

    /// The notation letter: `x` for Black, `o` for White.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Player::Black => 'x',
            Player::White => 'o',
        }
    }

    /// The player written by `letter` (`x` or `o`), if any.
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Player> {
        match letter {
            'x' => Some(Player::Black),
            'o' => Some(Player::White),
            _ => None,
        }
    }

    /// The name in lowercase: `black` or `white`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Player::Black => "black",
            Player::White => "white",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::Black => "Black",
            Player::White => "White",
        })
    }
}

/// A value for each player, indexed by [`Player`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByPlayer<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> ByPlayer<T> {
    /// Builds the pair from a function of the player.
    pub fn new_with(mut f: impl FnMut(Player) -> T) -> Self {
        ByPlayer { black: f(Player::Black), white: f(Player::White) }
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    fn index(&self, player: Player) -> &T {
        match player {
            Player::Black => &self.black,
            Player::White => &self.white,
        }
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, player: Player) -> &mut T {
        match player {
            Player::Black => &mut self.black,
            Player::White => &mut self.white,
        }
    }
}
