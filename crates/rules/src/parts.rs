//! Cells, pieces and moves of any game as user interfaces need them: a cell
//! is a small number ([`CellId`]), named only for display; a move is a typed
//! value ([`AnyMove`]) taken apart into [`MoveParts`] (where it starts, where
//! it ends, what it captures, whether it ends the match).
//!
//! Interfaces compute the parts of every legal move once per position and
//! share them between selection, highlighting, animation and the last-move
//! marks, so nothing is parsed back from text on a click.

use std::fmt;

use crate::any::{AnyGame, GameSpec};
use crate::attract::AttractMove;
use crate::error::MoveError;
use crate::forms::FormsMove;
use crate::game::{EndReason, Game, Player};
use crate::loa::{LoaMove, Square};
use crate::notation::{Cell, cell_name, parse_cell};
use crate::ra::{CELLS as RA_CELLS, HexCell, RaMove};

/// A cell of a game's board, by number: on square boards `rank * size + file`
/// (a1 = 0, b1 = 1, …), on the RA hexagon the cell's number (a1 = 0, …, m13 = 126).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellId(u16);

impl CellId {
    /// The cell numbered `index`.
    #[must_use]
    pub const fn new(index: usize) -> CellId {
        CellId(index as u16)
    }

    /// The cell's number.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// What stands on a cell: whose, and how many stones (RA stacks 1–3, other games 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose.
    pub owner: Player,
    /// How many stones.
    pub height: u8,
}

/// A move of any game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyMove {
    /// Attract.
    Attract(AttractMove),
    /// Forms.
    Forms(FormsMove),
    /// RA.
    Ra(RaMove),
    /// Lines of Action.
    Loa(LoaMove),
}

impl fmt::Display for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyMove::Attract(m) => m.fmt(f),
            AnyMove::Forms(m) => m.fmt(f),
            AnyMove::Ra(m) => m.fmt(f),
            AnyMove::Loa(m) => m.fmt(f),
        }
    }
}

/// A legal move taken apart for a user interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveParts {
    /// The move itself.
    pub mv: AnyMove,
    /// The cell the piece leaves; `None` for a placement (Attract) or a pass.
    pub from: Option<CellId>,
    /// The cell the move ends on; `None` for a pass.
    pub to: Option<CellId>,
    /// RA: how many stones move.
    pub stones: Option<u8>,
    /// Whether an enemy piece is captured on `to`.
    pub capture: bool,
    /// RA: whether the move ends the match (it reaches the enemy RA cell, or
    /// captures the enemy's last stack). Always `false` in the other games.
    pub ends_match: bool,
}

impl MoveParts {
    /// The move in notation.
    #[must_use]
    pub fn text(&self) -> String {
        self.mv.to_string()
    }
}

fn square(cell: Cell, size: usize) -> CellId {
    CellId::new(cell.index(size))
}

fn loa_square(sq: Square) -> CellId {
    CellId::new(sq.index())
}

fn hex(cell: HexCell) -> CellId {
    CellId::new(cell.index())
}

impl GameSpec {
    /// How many cells the board has.
    #[must_use]
    pub fn cell_count(&self) -> usize {
        match self {
            GameSpec::Attract(o) => usize::from(o.size) * usize::from(o.size),
            GameSpec::Forms(o) => usize::from(o.size) * usize::from(o.size),
            GameSpec::Loa(_) => 64,
            GameSpec::Ra(_) => RA_CELLS,
        }
    }

    /// Every cell of the board, in number order.
    pub fn cells(&self) -> impl Iterator<Item = CellId> + use<> {
        (0..self.cell_count()).map(CellId::new)
    }

    fn side(&self) -> Option<usize> {
        match self {
            GameSpec::Attract(o) => Some(usize::from(o.size)),
            GameSpec::Forms(o) => Some(usize::from(o.size)),
            GameSpec::Loa(_) => Some(8),
            GameSpec::Ra(_) => None,
        }
    }

    /// The name of `cell`, e.g. `b1` or `j10`; `None` off the board.
    #[must_use]
    pub fn cell_name(&self, cell: CellId) -> Option<String> {
        if cell.index() >= self.cell_count() {
            return None;
        }
        Some(match self.side() {
            Some(n) => cell_name(cell.index() % n, cell.index() / n),
            None => HexCell::from_index(cell.index()).to_string(),
        })
    }

    /// The cell called `name`, if it is on this board.
    #[must_use]
    pub fn cell_named(&self, name: &str) -> Option<CellId> {
        match self.side() {
            Some(n) => parse_cell(name, n).map(|(file, rank)| CellId::new(rank * n + file)),
            None => HexCell::parse(name).map(hex),
        }
    }

    /// For square boards, the zero-based (column, row) of `cell`; `None` for RA.
    #[must_use]
    pub fn file_rank(&self, cell: CellId) -> Option<(usize, usize)> {
        let n = self.side()?;
        (cell.index() < n * n).then(|| (cell.index() % n, cell.index() / n))
    }
}

impl AnyMove {
    /// The cells the move starts from and ends on (see [`MoveParts`]).
    #[must_use]
    pub fn cells(self, spec: &GameSpec) -> (Option<CellId>, Option<CellId>) {
        let size = spec.side().unwrap_or(0);
        match self {
            AnyMove::Attract(m) => (None, Some(square(m.0, size))),
            AnyMove::Forms(m) => (Some(square(m.from, size)), Some(square(m.to, size))),
            AnyMove::Ra(RaMove::Step { from, to, .. }) => (Some(hex(from)), Some(hex(to))),
            AnyMove::Loa(LoaMove::Step { from, to, .. }) => (Some(loa_square(from)), Some(loa_square(to))),
            AnyMove::Ra(RaMove::Pass) | AnyMove::Loa(LoaMove::Pass) => (None, None),
        }
    }

    /// Whether the move is a pass.
    #[must_use]
    pub fn is_pass(self) -> bool {
        matches!(self, AnyMove::Ra(RaMove::Pass) | AnyMove::Loa(LoaMove::Pass))
    }
}

impl AnyGame {
    /// What stands on `cell`, if anything (nothing off the board).
    #[must_use]
    pub fn piece_at(&self, cell: CellId) -> Option<Piece> {
        let i = cell.index();
        let stone = |owner: Player| Piece { owner, height: 1 };
        match self {
            AnyGame::Attract(g) => {
                let n = g.size();
                (i < n * n).then(|| g.stone_at(Cell::from_index(i, n))).flatten().map(stone)
            }
            AnyGame::Forms(g) => {
                let n = g.size();
                (i < n * n).then(|| g.stone_at(Cell::from_index(i, n))).flatten().map(stone)
            }
            AnyGame::Loa(g) => Square::new(i % 8, i / 8).filter(|_| i < 64).and_then(|s| g.piece_at(s)).map(stone),
            AnyGame::Ra(g) => (i < RA_CELLS)
                .then(|| g.stack_at(HexCell::from_index(i)))
                .flatten()
                .map(|s| Piece { owner: s.owner, height: s.height }),
        }
    }

    /// Whose RA cell `cell` is (RA only).
    #[must_use]
    pub fn ra_cell_owner(&self, cell: CellId) -> Option<Player> {
        let AnyGame::Ra(_) = self else { return None };
        Player::ALL.into_iter().find(|&p| hex(crate::ra::target_ra(p.opponent())) == cell)
    }

    /// The same board with the other player to move, for showing a player
    /// the moves they could queue while the opponent thinks (premoves). It
    /// may be a position no game reaches (Attract's empty board with Black
    /// to move); it is only for listing moves. `None` for a finished game.
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

    /// The pass, when it is this position's only legal move (Lines of Action
    /// and RA; the other games never pass).
    #[must_use]
    pub fn pass_move(&self) -> Option<AnyMove> {
        // (`then_some(moves[0])` would read the first move even when there is none.)
        let only = |moves: &[AnyMove]| match moves {
            [only] if only.is_pass() => Some(*only),
            _ => None,
        };
        match self {
            AnyGame::Attract(_) | AnyGame::Forms(_) => None,
            AnyGame::Ra(g) => {
                let mut moves = Vec::new();
                g.legal_moves(&mut moves);
                only(&moves.into_iter().map(AnyMove::Ra).collect::<Vec<_>>())
            }
            AnyGame::Loa(g) => {
                let mut moves = Vec::new();
                g.legal_moves(&mut moves);
                only(&moves.into_iter().map(AnyMove::Loa).collect::<Vec<_>>())
            }
        }
    }

    /// The legal moves taken apart (see [`MoveParts`]), in generation order.
    #[must_use]
    pub fn legal_move_parts(&self) -> Vec<MoveParts> {
        fn all<G: Game>(g: &G, wrap: impl Fn(G::Move) -> AnyMove) -> Vec<AnyMove> {
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            moves.into_iter().map(wrap).collect()
        }
        let moves = match self {
            AnyGame::Attract(g) => all(g, AnyMove::Attract),
            AnyGame::Forms(g) => all(g, AnyMove::Forms),
            AnyGame::Ra(g) => all(g, AnyMove::Ra),
            AnyGame::Loa(g) => all(g, AnyMove::Loa),
        };
        let spec = self.spec();
        moves.into_iter().map(|mv| self.parts_in(&spec, mv)).collect()
    }

    /// The parts of `mv`, a move of this game in this position.
    #[must_use]
    pub fn move_parts(&self, mv: AnyMove) -> MoveParts {
        self.parts_in(&self.spec(), mv)
    }

    fn parts_in(&self, spec: &GameSpec, mv: AnyMove) -> MoveParts {
        let (from, to) = mv.cells(spec);
        let (stones, capture) = match mv {
            AnyMove::Attract(_) | AnyMove::Ra(RaMove::Pass) | AnyMove::Loa(LoaMove::Pass) => (None, false),
            AnyMove::Forms(m) => (None, m.capture),
            AnyMove::Ra(RaMove::Step { stones, capture, .. }) => (Some(stones), capture),
            AnyMove::Loa(LoaMove::Step { capture, .. }) => (None, capture),
        };
        let ends_match = match (self, mv) {
            (AnyGame::Ra(g), AnyMove::Ra(m)) => g.ends_match(m),
            _ => false,
        };
        MoveParts { mv, from, to, stones, capture, ends_match }
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
        match (self, mv) {
            (AnyGame::Attract(g), AnyMove::Attract(m)) => g.play(m),
            (AnyGame::Forms(g), AnyMove::Forms(m)) => g.play(m),
            (AnyGame::Ra(g), AnyMove::Ra(m)) => g.play(m),
            (AnyGame::Loa(g), AnyMove::Loa(m)) => g.play(m),
            _ => Err(MoveError::Illegal),
        }
    }

    /// Plays `mv` without checking it: `mv` must be one of this position's
    /// legal moves (for instance from [`AnyGame::legal_move_parts`]). A move of
    /// another game is ignored.
    pub fn play_unchecked(&mut self, mv: AnyMove) {
        match (self, mv) {
            (AnyGame::Attract(g), AnyMove::Attract(m)) => g.play_unchecked(m),
            (AnyGame::Forms(g), AnyMove::Forms(m)) => g.play_unchecked(m),
            (AnyGame::Ra(g), AnyMove::Ra(m)) => g.play_unchecked(m),
            (AnyGame::Loa(g), AnyMove::Loa(m)) => g.play_unchecked(m),
            _ => {}
        }
    }

    /// The pieces that win or are winning, for a display to highlight:
    /// Attract's winning pieces at any time; in Lines of Action, once the game
    /// has ended by connection, the connected side's pieces (both sides' on a
    /// simultaneous connection). Empty otherwise.
    #[must_use]
    pub fn winning_cells(&self) -> Vec<CellId> {
        match self {
            AnyGame::Attract(g) => g.winning_pieces().into_iter().map(|c| square(c, g.size())).collect(),
            AnyGame::Loa(g) => {
                let Some(outcome) = g.outcome() else { return Vec::new() };
                if !matches!(outcome.reason(), EndReason::Connected | EndReason::SimultaneousConnection) {
                    return Vec::new();
                }
                let bits = match outcome.winner() {
                    Some(winner) => g.pieces(winner),
                    None => g.pieces(Player::Black) | g.pieces(Player::White),
                };
                (0..64).filter(|i| bits & (1u64 << i) != 0).map(CellId::new).collect()
            }
            AnyGame::Forms(_) | AnyGame::Ra(_) => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> GameSpec {
        text.parse().unwrap()
    }

    #[test]
    fn a_finished_game_has_no_pass() {
        // Regression: a finished Lines of Action game (no legal move) made
        // `pass_move` read the first of no moves and panic in the app.
        let spec: GameSpec = "loa".parse().unwrap();
        let won = spec.position("xx6/8/8/8/8/8/8/o1o5 o").unwrap();
        assert!(won.outcome().is_some());
        assert_eq!(won.pass_move(), None);
        assert_eq!(spec.start().pass_move(), None);
    }

    #[test]
    fn cell_names_round_trip_on_every_board() {
        for text in ["loa", "attract:size=20", "forms:size=4", "forms", "ra"] {
            let spec = spec(text);
            let names: Vec<String> = spec.cells().map(|c| spec.cell_name(c).unwrap()).collect();
            assert_eq!(names.len(), spec.cell_count());
            for (i, name) in names.iter().enumerate() {
                assert_eq!(spec.cell_named(name), Some(CellId::new(i)), "{text} {name}");
            }
            assert_eq!(spec.cell_name(CellId::new(spec.cell_count())), None);
        }
        assert_eq!(spec("loa").cell_name(CellId::new(1)).as_deref(), Some("b1"));
        assert_eq!(spec("ra").cell_name(CellId::new(126)).as_deref(), Some("m13"));
        assert_eq!(spec("loa").cell_named("i1"), None);
    }

    #[test]
    fn parts_agree_with_the_notation() {
        for text in ["loa", "attract", "forms:size=6", "forms:rules=advanced,size=6", "ra"] {
            let spec = spec(text);
            let game = spec.start();
            for parts in game.legal_move_parts() {
                let written = parts.text();
                let name = |c: Option<CellId>| c.and_then(|c| spec.cell_name(c)).unwrap_or_default();
                assert!(written.contains(&name(parts.to)), "{text} {written}");
                assert!(written.contains(&name(parts.from)), "{text} {written}");
                assert_eq!(written.contains('x'), parts.capture, "{text} {written}");
                assert_eq!(game.parse_move(&written), Ok(parts.mv));
                let mut played = game.clone();
                played.play_move(parts.mv).unwrap();
                let mut by_text = game.clone();
                by_text.play_text(&written).unwrap();
                assert_eq!(played, by_text);
            }
        }
    }

    #[test]
    fn a_move_of_another_game_is_refused() {
        let mut loa = spec("loa").start();
        let attract_move = spec("attract").start().legal_move_parts()[0].mv;
        assert_eq!(loa.play_move(attract_move), Err(MoveError::Illegal));
        let before = loa.clone();
        loa.play_unchecked(attract_move);
        assert_eq!(loa, before);
    }

    #[test]
    fn pieces_on_cells() {
        let loa = spec("loa").start();
        let at = |name: &str| loa.piece_at(spec("loa").cell_named(name).unwrap());
        assert_eq!(at("b1"), Some(Piece { owner: Player::Black, height: 1 }));
        assert_eq!(at("a2"), Some(Piece { owner: Player::White, height: 1 }));
        assert_eq!(at("a1"), None);
        assert_eq!(loa.piece_at(CellId::new(64)), None);
        let ra = spec("ra").start();
        let c5 = spec("ra").cell_named("c5").unwrap();
        assert_eq!(ra.piece_at(c5), Some(Piece { owner: Player::Black, height: 3 }));
        let d4 = spec("ra").cell_named("d4").unwrap();
        assert_eq!(ra.ra_cell_owner(d4), Some(Player::Black));
        assert_eq!(loa.ra_cell_owner(d4), None);
    }

    #[test]
    fn a_turned_position_gives_the_other_players_moves() {
        for text in ["loa", "attract", "forms:size=6", "ra"] {
            let spec = spec(text);
            let game = spec.start();
            let turned = game.turned().unwrap();
            assert_eq!(turned.to_move(), game.to_move().opponent(), "{text}");
            assert!(
                turned
                    .legal_move_parts()
                    .iter()
                    .all(|m| m.from.is_none_or(|c| turned.piece_at(c).is_some_and(|p| p.owner == turned.to_move())))
            );
        }
        let mut over = spec("loa").position("8/o7/8/8/8/8/4x3/1xx4o x").unwrap();
        over.play_text("e2-d1").unwrap();
        assert_eq!(over.turned(), None, "a finished game has no moves to queue");
    }

    #[test]
    fn lines_of_action_winning_group() {
        let mut game = spec("loa").position("8/o7/8/8/8/8/4x3/1xx4o x").unwrap();
        assert!(game.winning_cells().is_empty(), "no highlight while the game goes on");
        game.play_text("e2-d1").unwrap();
        let names: Vec<String> = game.winning_cells().into_iter().map(|c| spec("loa").cell_name(c).unwrap()).collect();
        assert_eq!(names, ["b1", "c1", "d1"]);
    }
}
