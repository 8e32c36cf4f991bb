//! The pages: home (the game picker), play, my games (the library), and
//! the rules of each game.

pub mod editor;
pub mod embed;
pub mod games;
pub mod home;
pub mod play;
pub mod rules;
