//! Lines of Action (Claude Soucie), on bitboards. See `docs/rules/loa.md`.
//!
//! A move goes in one of eight directions exactly as many squares as there
//! are pieces (of both colours) on the whole line it moves along; it may jump
//! its own pieces but not enemy ones, and captures by landing. A player whose
//! pieces form one 8-connected group wins.
//!
//! Boards from 5×5 to 8×8 (`size=`), from the standard start or Scrambled
//! Eggs (`start=`). Every board sits in the corner of the same 8×8 frame of
//! bits (bit `rank * 8 + file`): the squares beyond a smaller board never
//! hold a piece, so counting a line's pieces, the squares between two
//! squares and the connection test need no change; only a move's landing
//! square is checked against the board's size.

mod geometry;
mod shared;

use std::fmt;

use crate::board::{Board, CellId};
use crate::error::{MoveError, PositionError};
use crate::game::Game;
use crate::notation::{cell_name, format_square_text, parse_square_text, read_cell, split_step, square_diagram};
use crate::options::{OptionError, OptionInfo, RuleOptions, choose, unknown_key};
use crate::outcome::{EndReason, Outcome};
use crate::player::{ByPlayer, Player};
use crate::zobrist;

use geometry::{LINE, between, group_of, is_connected, target};

/// The frame of bits every board sits in, and the largest board: 8×8.
pub const SIZE: usize = 8;

/// The smallest board: 5×5.
pub const MIN_SIZE: usize = 5;

/// A square, `rank * 8 + file` (a1 = 0, h8 = 63), whatever the board's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at zero-based `file` and `rank`, if on the board.
    #[must_use]
    pub const fn new(file: usize, rank: usize) -> Option<Square> {
        if file < SIZE && rank < SIZE { Some(Square((rank * SIZE + file) as u8)) } else { None }
    }

    /// The zero-based column (0 = `a`).
    #[must_use]
    pub const fn file(self) -> usize {
        self.0 as usize % SIZE
    }

    /// The zero-based row (0 = `1`).
    #[must_use]
    pub const fn rank(self) -> usize {
        self.0 as usize / SIZE
    }

    /// The index `rank * 8 + file`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    const fn bit(self) -> u64 {
        1u64 << self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&cell_name(self.file(), self.rank()))
    }
}

/// A Lines of Action move: `b1-b3`, a capture `b1xb3`, or `pass`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoaMove {
    /// A piece moves from one square to another, capturing what stands there.
    Step {
        /// Where the piece stands.
        from: Square,
        /// Where it lands.
        to: Square,
        /// Whether an enemy piece stands on `to`.
        capture: bool,
    },
    /// The player has no legal move and passes.
    Pass,
}

impl fmt::Display for LoaMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoaMove::Step { from, to, capture } => write!(f, "{from}{}{to}", if *capture { 'x' } else { '-' }),
            LoaMove::Pass => f.write_str("pass"),
        }
    }
}

/// What happens when both players connect on the same move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Simultaneous {
    /// The game is drawn (the founding text and the Computer Olympiad rules).
    #[default]
    Draw,
    /// The player who moved wins (Gamut of Games, 2nd edition).
    Mover,
}

/// Where the pieces start: on the rim without the corners either way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Start {
    /// Black on the first and last ranks, White on the outer files.
    #[default]
    Standard,
    /// Scrambled Eggs: the colours alternate all around the rim, Black on
    /// b1 and White on a2 (as the postal-play servers set it up).
    Scrambled,
    /// Scrambled Eggs drawn the other way round: White on b1, Black on a2
    /// (the board mirrored in its a1-h8 diagonal), as some sites set it up.
    ScrambledMirrored,
}

/// The rule options of Lines of Action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LoaOptions {
    /// The simultaneous-connection rule.
    pub simultaneous: Simultaneous,
    /// The board is `size`×`size`, from [`MIN_SIZE`] to [`SIZE`].
    pub size: u8,
    /// Where the pieces start.
    pub start: Start,
}

impl Default for LoaOptions {
    fn default() -> LoaOptions {
        LoaOptions { simultaneous: Simultaneous::Draw, size: SIZE as u8, start: Start::Standard }
    }
}

impl LoaOptions {
    /// The board's width and height.
    #[must_use]
    pub const fn size(&self) -> usize {
        self.size as usize
    }

    /// The pieces each player starts with: two rows of `size - 2`.
    #[must_use]
    pub const fn start_pieces(&self) -> usize {
        2 * (self.size() - 2)
    }
}

const SIMULTANEOUS: OptionInfo = OptionInfo {
    key: "simultaneous",
    values: &["draw", "mover"],
    default: "draw",
    help: "when a move connects both players: a draw, or a win for the player who moved",
};

const BOARD_SIZE: OptionInfo = OptionInfo {
    key: "size",
    values: &["5", "6", "7", "8"],
    default: "8",
    help: "the board is size×size: 8 the usual game, smaller for quick games and study",
};

const START: OptionInfo = OptionInfo {
    key: "start",
    values: &["standard", "scrambled", "scrambled-mirrored"],
    default: "standard",
    help: "the pieces start on two sides each, or alternating all around the rim (Scrambled Eggs; mirrored: White on b1)",
};

const STARTS: [Start; 3] = [Start::Standard, Start::Scrambled, Start::ScrambledMirrored];

impl RuleOptions for LoaOptions {
    const INFO: &'static [OptionInfo] = &[BOARD_SIZE, START, SIMULTANEOUS];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "simultaneous" => {
                self.simultaneous = [Simultaneous::Draw, Simultaneous::Mover][choose(&SIMULTANEOUS, value)?];
                Ok(())
            }
            "size" => {
                self.size = (MIN_SIZE + choose(&BOARD_SIZE, value)?) as u8;
                Ok(())
            }
            "start" => {
                self.start = STARTS[choose(&START, value)?];
                Ok(())
            }
            _ => Err(unknown_key(Self::INFO, key)),
        }
    }

    fn get(&self, key: &str) -> Option<String> {
        match key {
            "simultaneous" => Some(
                match self.simultaneous {
                    Simultaneous::Draw => "draw",
                    Simultaneous::Mover => "mover",
                }
                .to_owned(),
            ),
            "size" => Some(self.size.to_string()),
            "start" => STARTS.iter().position(|&s| s == self.start).map(|i| START.values[i].to_owned()),
            _ => None,
        }
    }
}

/// The pieces of each player at the start of a game with `options`.
fn start_pieces(options: &LoaOptions) -> ByPlayer<u64> {
    let n = options.size();
    let bit = |file: usize, rank: usize| 1u64 << (rank * SIZE + file);
    let mut pieces = ByPlayer::<u64>::default();
    for k in 1..n - 1 {
        // The first rank's square on file k and the first file's on rank k,
        // and the squares facing them across the board.
        let (rank_sides, file_sides) = match options.start {
            Start::Standard => ([Player::Black; 2], [Player::White; 2]),
            Start::Scrambled | Start::ScrambledMirrored => {
                // Black on b1, White on a2, alternating from there; each
                // side of the rim is the colours of the one facing it swapped.
                let first = if k % 2 == 1 { Player::Black } else { Player::White };
                ([first, first.opponent()], [first.opponent(), first])
            }
        };
        let swap = |p: Player| if options.start == Start::ScrambledMirrored { p.opponent() } else { p };
        pieces[swap(rank_sides[0])] |= bit(k, 0);
        pieces[swap(rank_sides[1])] |= bit(k, n - 1);
        pieces[swap(file_sides[0])] |= bit(0, k);
        pieces[swap(file_sides[1])] |= bit(n - 1, k);
    }
    pieces
}

const SEED: u64 = 0x4C4F_4121;
const SIDE_KEY: u64 = zobrist::key(SEED, 128);

/// Computed rather than looked up, like the other games' keys: a table
/// would be a kilobyte of incompressible data in each `.wasm`.
#[inline]
fn piece_key(player: Player, sq: usize) -> u64 {
    zobrist::key(SEED, player.index() * 64 + sq)
}

/// A Lines of Action position, with the history the repetition rule needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loa {
    pieces: ByPlayer<u64>,
    to_move: Player,
    options: LoaOptions,
    hash: u64,
    outcome: Option<Outcome>,
    /// Hashes of the positions since the last capture (captures cannot be
    /// undone, so no earlier position can recur), the current one last.
    history: Vec<u64>,
}

impl Loa {
    /// The board's width and height.
    #[must_use]
    pub const fn size(&self) -> usize {
        self.options.size()
    }

    /// The square at zero-based `file` and `rank`, if on this board.
    #[must_use]
    pub const fn square(&self, file: usize, rank: usize) -> Option<Square> {
        if file < self.size() && rank < self.size() { Square::new(file, rank) } else { None }
    }

    /// The pieces of `player` as a bitboard (bit `rank * 8 + file`).
    #[must_use]
    pub fn pieces(&self, player: Player) -> u64 {
        self.pieces[player]
    }

    /// What stands on `sq`.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Player> {
        Player::ALL.into_iter().find(|&p| self.pieces[p] & sq.bit() != 0)
    }

    /// The 8-connected groups of `player`'s pieces, largest first.
    #[must_use]
    pub fn groups(&self, player: Player) -> Vec<u64> {
        let mut rest = self.pieces[player];
        let mut groups = Vec::new();
        while rest != 0 {
            let group = group_of(rest, rest);
            groups.push(group);
            rest &= !group;
        }
        groups.sort_by_key(|g| std::cmp::Reverse(g.count_ones()));
        groups
    }

    fn from_parts(pieces: ByPlayer<u64>, to_move: Player, options: LoaOptions) -> Loa {
        let mut position = Loa { pieces, to_move, options, hash: 0, outcome: None, history: Vec::new() };
        position.hash = position.hash_from_scratch();
        position.history.push(position.hash);
        position.outcome = position.connection_outcome(to_move.opponent());
        position
    }

    /// The end test after `mover` moved: connections only.
    fn connection_outcome(&self, mover: Player) -> Option<Outcome> {
        let mine = is_connected(self.pieces[mover]);
        let theirs = is_connected(self.pieces[mover.opponent()]);
        match (mine, theirs) {
            (true, true) => Some(match self.options.simultaneous {
                Simultaneous::Draw => Outcome::Draw { reason: EndReason::SimultaneousConnection },
                Simultaneous::Mover => Outcome::Win { winner: mover, reason: EndReason::SimultaneousConnection },
            }),
            (true, false) => Some(Outcome::Win { winner: mover, reason: EndReason::Connected }),
            (false, true) => Some(Outcome::Win { winner: mover.opponent(), reason: EndReason::Connected }),
            (false, false) => None,
        }
    }

    /// The number of steps `player` could make here, whoever is to move
    /// (for evaluation: mobility).
    #[must_use]
    pub fn mobility(&self, player: Player) -> usize {
        let mut count = 0;
        self.for_each_step_of(player, |_, _, _| count += 1);
        count
    }

    /// Calls `f(from, to, capture)` for every legal step of the side to move.
    #[inline]
    fn for_each_step(&self, f: impl FnMut(usize, usize, bool)) {
        self.for_each_step_of(self.to_move, f);
    }

    #[inline]
    fn for_each_step_of(&self, player: Player, f: impl FnMut(usize, usize, bool)) {
        // The board's size as a constant in each copy: the usual 8×8 board
        // loses no speed to the smaller ones.
        match self.size() {
            8 => self.steps_on::<8>(player, f),
            7 => self.steps_on::<7>(player, f),
            6 => self.steps_on::<6>(player, f),
            _ => self.steps_on::<5>(player, f),
        }
    }

    #[inline]
    fn steps_on<const N: usize>(&self, player: Player, mut f: impl FnMut(usize, usize, bool)) {
        let own = self.pieces[player];
        let enemy = self.pieces[player.opponent()];
        let occupied = own | enemy;
        let size = N;
        let mut rest = own;
        while rest != 0 {
            let from = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for (line, masks) in LINE.iter().enumerate() {
                let n = (occupied & masks[from]).count_ones() as usize;
                for dir in [line * 2, line * 2 + 1] {
                    let Some(to) = target(dir, from, n, size) else { continue };
                    let bit = 1u64 << to;
                    if own & bit == 0 && between(dir, from, to) & enemy == 0 {
                        f(from, to, enemy & bit != 0);
                    }
                }
            }
        }
    }
}

impl Game for Loa {
    type Move = LoaMove;
    type Options = LoaOptions;

    fn new(options: LoaOptions) -> Loa {
        Loa::from_parts(start_pieces(&options), Player::Black, options)
    }

    fn options(&self) -> &LoaOptions {
        &self.options
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn legal_moves(&self, moves: &mut Vec<LoaMove>) {
        moves.clear();
        if self.outcome.is_some() {
            return;
        }
        self.for_each_step(|from, to, capture| {
            moves.push(LoaMove::Step { from: Square(from as u8), to: Square(to as u8), capture });
        });
        if moves.is_empty() {
            moves.push(LoaMove::Pass);
        }
    }

    fn count_legal_moves(&self) -> usize {
        if self.outcome.is_some() {
            return 0;
        }
        let mut count = 0;
        self.for_each_step(|_, _, _| count += 1);
        count.max(1)
    }

    fn play_unchecked(&mut self, mv: LoaMove) {
        let mover = self.to_move;
        let enemy = mover.opponent();
        let mut capture = false;
        if let LoaMove::Step { from, to, .. } = mv {
            let (from, to) = (from.index(), to.index());
            self.pieces[mover] ^= (1u64 << from) | (1u64 << to);
            self.hash ^= piece_key(mover, from) ^ piece_key(mover, to);
            if self.pieces[enemy] & (1u64 << to) != 0 {
                self.pieces[enemy] ^= 1u64 << to;
                self.hash ^= piece_key(enemy, to);
                capture = true;
            }
        }
        self.to_move = enemy;
        self.hash ^= SIDE_KEY;
        if capture {
            self.history.clear();
        }
        self.history.push(self.hash);
        if mv != LoaMove::Pass {
            self.outcome = self.connection_outcome(mover);
        }
        if self.outcome.is_none() && self.history.iter().filter(|&&h| h == self.hash).count() >= 3 {
            self.outcome = Some(Outcome::Draw { reason: EndReason::Repetition });
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = if self.to_move == Player::White { SIDE_KEY } else { 0 };
        for player in Player::ALL {
            let mut rest = self.pieces[player];
            while rest != 0 {
                hash ^= piece_key(player, rest.trailing_zeros() as usize);
                rest &= rest - 1;
            }
        }
        hash
    }

    fn parse_move(&self, text: &str) -> Result<LoaMove, MoveError> {
        const EXPECTED: &str = "a move like b1-b3, a capture like b1xb3, or pass";
        let syntax = || MoveError::Syntax { expected: EXPECTED };
        let (from, to, capture) = if text == "pass" {
            (None, None, false)
        } else {
            let (from_text, capture, to_text) = split_step(text).ok_or_else(syntax)?;
            let size = self.size();
            let cell = |t: &str| read_cell(t, size, EXPECTED).map(|c| Square(c.index(SIZE) as u8));
            (Some(cell(from_text)?), Some(cell(to_text)?), capture)
        };
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let found = moves.into_iter().find(|m| match (m, from, to) {
            (LoaMove::Step { from: f, to: t, .. }, Some(from), Some(to)) => *f == from && *t == to,
            (LoaMove::Pass, None, None) => true,
            _ => false,
        });
        match found {
            Some(mv @ LoaMove::Step { capture: c, .. }) if c != capture => {
                Err(MoveError::WrittenAs { correct: mv.to_string() })
            }
            Some(mv) => Ok(mv),
            None => Err(MoveError::Illegal(Board::why_illegal(
                self,
                from.map(|s| CellId::new(s.index())),
                to.map(|s| CellId::new(s.index())),
                None,
            ))),
        }
    }

    fn position_text(&self) -> String {
        format_square_text(self.size(), |f, r| self.piece_at(Square((r * SIZE + f) as u8)), self.to_move)
    }

    fn from_position_text(options: LoaOptions, text: &str) -> Result<Loa, PositionError> {
        let size = options.size();
        let parsed = parse_square_text(text, size)?;
        parsed.no_extra_fields("Lines of Action")?;
        let mut pieces = ByPlayer::<u64>::default();
        for (i, cell) in parsed.cells.iter().enumerate() {
            if let Some(player) = cell {
                pieces[*player] |= 1u64 << (i / size * SIZE + i % size);
            }
        }
        let most = options.start_pieces();
        for player in Player::ALL {
            // Each side starts with 2 × (size − 2) pieces, and pieces only leave the board.
            let found = pieces[player].count_ones() as usize;
            if found > most {
                return Err(PositionError::TooMany { player, found, most, what: "pieces" });
            }
            // A player with one piece is connected, so the game ends before
            // the last piece could be captured.
            if found == 0 {
                return Err(PositionError::invalid("each player needs at least one piece"));
            }
        }
        Ok(Loa::from_parts(pieces, parsed.to_move, options))
    }

    fn diagram(&self) -> String {
        square_diagram(self.size(), |f, r| self.piece_at(Square((r * SIZE + f) as u8)))
    }
}

#[cfg(test)]
mod tests;
