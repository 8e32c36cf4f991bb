//! Why rule options do not go together: a typed reason
//! ([`OptionError::Combination`]) that the command line says in English and
//! the app in the player's language.
//!
//! [`OptionError::Combination`]: crate::OptionError::Combination

use std::fmt;

/// Why rule options that are each right do not go together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// Lines of Action: the black hole is the centre square, which only a
    /// board of odd size has.
    HoleNeedsOddSize,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Conflict::HoleNeedsOddSize => {
                f.write_str("the black hole is the centre square: it needs a board of odd size (5, 7 or 9)")
            }
        }
    }
}
