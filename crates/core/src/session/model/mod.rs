//! What a game on the page is made of, as plain data with native tests:
//! the move tree and its cursor ([`tree`]), a position's proven solution ([`challenge`]), the clocks of a timed game ([`clock`]), a game played with a distant friend by links ([`friend`]), how a game ended when its rules
//! did not end it ([`ending`]), who played it and the marks on its moves ([`info`]), who plays each side ([`seats`]), and the matching of presses on cells to legal moves
//! ([`selection`]).

pub mod challenge;
pub mod clock;
pub mod ending;
pub mod friend;
pub mod info;
pub mod seats;
pub mod selection;
pub mod shapes;
pub mod tree;
