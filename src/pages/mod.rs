//! The pages: home (the game picker), play, and the rules of each game.

pub mod embed;
pub mod home;
pub mod play;
pub mod rules;
