//! [`AnyGame`]: a position of any game, every method dispatching to the
//! game's own [`Game`] and [`Board`] implementations.

use super::{AnyMove, GameKind, GameSpec, MoveParts};
use crate::attract::Attract;
use crate::board::{Board, CellId, Piece};
use crate::error::MoveError;
use crate::forms::Forms;
use crate::game::Game;
use crate::illegal::Illegal;
use crate::loa::Loa;
use crate::outcome::Outcome;
use crate::perft;
use crate::player::{ByPlayer, Player};
use crate::ra::Ra;

/// A position of any game.
// Positions are held by value: boxing the large ones would add an allocation
// to every clone, which the app and the searcher make often.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyGame {
    /// Attract.
    Attract(Attract),
    /// Forms.
    Forms(Forms),
    /// RA.
    Ra(Ra),
    /// Lines of Action.
    Loa(Loa),
}

/// The legal moves of `g`, each wrapped as a move of any game.
fn legal<G: Game>(g: &G, wrap: impl Fn(G::Move) -> AnyMove) -> Vec<AnyMove> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    moves.into_iter().map(wrap).collect()
}

impl AnyGame {
    /// Which game.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        self.spec().kind()
    }

    /// The game and its options.
    #[must_use]
    pub fn spec(&self) -> GameSpec {
        match self {
            AnyGame::Attract(g) => GameSpec::Attract(*g.options()),
            AnyGame::Forms(g) => GameSpec::Forms(*g.options()),
            AnyGame::Ra(g) => GameSpec::Ra(*g.options()),
            AnyGame::Loa(g) => GameSpec::Loa(*g.options()),
        }
    }

    /// RA's scores and match number; `None` for the other games.
    #[must_use]
    pub fn match_score(&self) -> Option<(ByPlayer<u16>, u16)> {
        match self {
            AnyGame::Ra(g) => Some((g.score(), g.match_number())),
            _ => None,
        }
    }

    /// Whether the last move ended a match (RA).
    #[must_use]
    pub fn match_just_ended(&self) -> bool {
        dispatch!(self, g => g.match_just_ended())
    }

    /// Whether the last move decided the game or (RA) its match, and for whom ([`Game::decided`]).
    #[must_use]
    pub fn decided(&self) -> Option<Option<Player>> {
        dispatch!(self, g => g.decided())
    }

    /// The player to move.
    #[must_use]
    pub fn to_move(&self) -> Player {
        dispatch!(self, g => g.to_move())
    }

    /// The outcome, once the game has ended.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, g => g.outcome())
    }

    /// The legal moves, in generation order.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        match self {
            AnyGame::Attract(g) => legal(g, AnyMove::Attract),
            AnyGame::Forms(g) => legal(g, AnyMove::Forms),
            AnyGame::Ra(g) => legal(g, AnyMove::Ra),
            AnyGame::Loa(g) => legal(g, AnyMove::Loa),
        }
    }

    /// The legal moves in notation, in generation order.
    #[must_use]
    pub fn legal_move_texts(&self) -> Vec<String> {
        self.legal_moves().iter().map(ToString::to_string).collect()
    }

    /// Whether `mv` is legal here (a move of another game never is).
    #[must_use]
    pub fn is_legal(&self, mv: AnyMove) -> bool {
        dispatch_move!(self, mv, g, m => g.is_legal(m), _ => false)
    }

    /// Reads a move in this game's notation and checks it is legal here.
    ///
    /// # Errors
    /// As [`Game::parse_move`].
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, MoveError> {
        match self {
            AnyGame::Attract(g) => g.parse_move(text).map(AnyMove::Attract),
            AnyGame::Forms(g) => g.parse_move(text).map(AnyMove::Forms),
            AnyGame::Ra(g) => g.parse_move(text).map(AnyMove::Ra),
            AnyGame::Loa(g) => g.parse_move(text).map(AnyMove::Loa),
        }
    }

    /// Plays `mv` if it is legal here.
    ///
    /// # Errors
    /// [`MoveError::GameOver`], or [`MoveError::Illegal`] for an illegal move
    /// or a move of another game; the position is then untouched.
    pub fn play_move(&mut self, mv: AnyMove) -> Result<(), MoveError> {
        dispatch_move!(self, mv, g, m => g.play(m), _ => Err(MoveError::Illegal(Illegal::Unknown)))
    }

    /// Plays `mv` without checking it: `mv` must be one of this position's
    /// legal moves (for instance from [`AnyGame::legal_move_parts`]). A move of
    /// another game is ignored.
    pub fn play_unchecked(&mut self, mv: AnyMove) {
        dispatch_move!(self, mv, g, m => g.play_unchecked(m), _ => {})
    }

    /// Reads and plays one move; returns its canonical notation.
    ///
    /// # Errors
    /// A [`MoveError`]; the position is then untouched.
    pub fn play_text(&mut self, text: &str) -> Result<String, MoveError> {
        dispatch!(self, g => g.play_text(text).map(|m| m.to_string()))
    }

    /// The pass, when it is this position's only legal move (Lines of Action
    /// and RA; the other games never pass).
    #[must_use]
    pub fn pass_move(&self) -> Option<AnyMove> {
        match self.legal_moves().as_slice() {
            [only] if only.is_pass() => Some(*only),
            _ => None,
        }
    }

    /// The legal moves taken apart (see [`MoveParts`]), in generation order.
    #[must_use]
    pub fn legal_move_parts(&self) -> Vec<MoveParts> {
        let spec = self.spec();
        self.legal_moves().into_iter().map(|mv| self.parts_in(&spec, mv)).collect()
    }

    /// The parts of `mv`, a move of this game in this position.
    #[must_use]
    pub fn move_parts(&self, mv: AnyMove) -> MoveParts {
        self.parts_in(&self.spec(), mv)
    }

    fn parts_in(&self, spec: &GameSpec, mv: AnyMove) -> MoveParts {
        let shape = mv.shape(spec);
        let ends_match = dispatch_move!(self, mv, g, m => g.ends_match(m), _ => false);
        MoveParts { mv, from: shape.from, to: shape.to, stones: shape.stones, capture: shape.capture, ends_match }
    }

    /// What stands on `cell`, if anything (nothing off the board).
    #[must_use]
    pub fn piece_at(&self, cell: CellId) -> Option<Piece> {
        dispatch!(self, g => g.piece(cell))
    }

    /// Why the move from `from` to `to` (with `stones` stones in RA) is not
    /// legal here (see [`Board::why_illegal`]); `from` is `None` for a
    /// placement, `to` for a pass.
    #[must_use]
    pub fn why_illegal(&self, from: Option<CellId>, to: Option<CellId>, stones: Option<u8>) -> Illegal {
        dispatch!(self, g => g.why_illegal(from, to, stones))
    }

    /// Whose RA cell `cell` is (RA only).
    #[must_use]
    pub fn ra_cell_owner(&self, cell: CellId) -> Option<Player> {
        let AnyGame::Ra(_) = self else { return None };
        Player::ALL.into_iter().find(|&p| crate::ra::target_ra(p.opponent()).index() == cell.index())
    }

    /// The same board with the other player to move (see [`Board::turned`]);
    /// `None` for a finished game, which has no moves to queue.
    #[must_use]
    pub fn turned(&self) -> Option<AnyGame> {
        if self.outcome().is_some() {
            return None;
        }
        Some(match self {
            AnyGame::Attract(g) => AnyGame::Attract(g.turned()),
            AnyGame::Forms(g) => AnyGame::Forms(g.turned()),
            AnyGame::Ra(g) => AnyGame::Ra(g.turned()),
            AnyGame::Loa(g) => AnyGame::Loa(g.turned()),
        })
    }

    /// The pieces that win or are winning, for a display to highlight:
    /// Attract's winning pieces at any time; in Lines of Action, once the game
    /// has ended by connection, the connected side's pieces (both sides' on a
    /// simultaneous connection). Empty otherwise.
    #[must_use]
    pub fn winning_cells(&self) -> Vec<CellId> {
        dispatch!(self, g => g.winning_cells())
    }

    /// The position text.
    #[must_use]
    pub fn position_text(&self) -> String {
        dispatch!(self, g => g.position_text())
    }

    /// The board as a text diagram.
    #[must_use]
    pub fn diagram(&self) -> String {
        dispatch!(self, g => g.diagram())
    }

    /// The Zobrist hash.
    #[must_use]
    pub fn hash(&self) -> u64 {
        dispatch!(self, g => g.hash())
    }

    /// Perft counts (see [`crate::perft`]).
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        dispatch!(self, g => perft::perft(g, depth))
    }

    /// Perft counts, playing every move of the last ply too (see [`perft::perft_played`]).
    #[must_use]
    pub fn perft_played(&self, depth: u32) -> u64 {
        dispatch!(self, g => perft::perft_played(g, depth))
    }

    /// Perft counts under each first move, as (notation, count).
    #[must_use]
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        dispatch!(self, g => perft::divide(g, depth).into_iter().map(|(m, n)| (m.to_string(), n)).collect())
    }
}
