//! Lines of Action (Claude Soucie), on bitboards. See `docs/rules/loa.md`.
//!
//! A move goes in one of eight directions exactly as many squares as there
//! are pieces (of both colours) on the whole line it moves along; it may jump
//! its own pieces but not enemy ones, and captures by landing. A player whose
//! pieces form one 8-connected group wins.
//!
//! Boards from 5×5 to 9×9 (`size=`), from the standard start or Scrambled
//! Eggs (`start=`), with or without a black hole in the centre (`hole=`).
//! Boards up to 8×8 sit in the corner of the same 8×8 frame of bits (bit
//! `rank * 8 + file`), a `u64`: the squares beyond a smaller board never
//! hold a piece, so counting a line's pieces, the squares between two
//! squares and the connection test need no change; only a move's landing
//! square is checked against the board's size. 9×9 has a frame of its own,
//! 9 bits a rank in a `u128` ([`geometry::Bitboard`]); the pieces are kept
//! in a `u128` for every size, and each size's code works on its own frame.

mod geometry;
mod shared;

use std::fmt;

use crate::board::{Board, CellId};
use crate::conflict::Conflict;
use crate::error::{Expected, MoveError, PieceWord, PositionError};
use crate::game::Game;
use crate::impossible::Impossible;
use crate::notation::{cell_name, format_square_text, parse_square_text, read_cell, split_step, square_diagram};
use crate::options::{OptionError, OptionInfo, RuleOptions, choose, unknown_key};
use crate::outcome::{EndReason, Outcome};
use crate::player::{ByPlayer, Player};
use crate::zobrist;

pub use geometry::Bitboard;
use geometry::{group_of, is_connected};

/// The usual board, 8×8, and the frame of bits of every board up to it.
pub const SIZE: usize = 8;

/// The smallest board: 5×5.
pub const MIN_SIZE: usize = 5;

/// The largest board: 9×9, in a frame of its own.
pub const MAX_SIZE: usize = 9;

/// The flag of a square in the 9×9 frame.
const WIDE: u8 = 0x80;

/// A square: in the 8×8 frame, `rank * 8 + file` (a1 = 0, h8 = 63),
/// whatever the board's size up to 8×8; on 9×9, `rank * 9 + file` with a
/// flag that says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at zero-based `file` and `rank` in the 8×8 frame, if in it.
    #[must_use]
    pub const fn new(file: usize, rank: usize) -> Option<Square> {
        if file < SIZE && rank < SIZE { Some(Square((rank * SIZE + file) as u8)) } else { None }
    }

    /// The square at zero-based `file` and `rank` of a `size`×`size` board, if on it.
    #[must_use]
    pub const fn on(size: usize, file: usize, rank: usize) -> Option<Square> {
        if file >= size || rank >= size {
            None
        } else if size == MAX_SIZE {
            Some(Square(WIDE | (rank * MAX_SIZE + file) as u8))
        } else {
            Square::new(file, rank)
        }
    }

    /// The square of bit `index` in the frame of a `size`×`size` board.
    const fn in_frame(size: usize, index: usize) -> Square {
        Square(if size == MAX_SIZE { WIDE | index as u8 } else { index as u8 })
    }

    /// Bits a rank in this square's frame.
    pub(crate) const fn stride(self) -> usize {
        if self.0 & WIDE != 0 { MAX_SIZE } else { SIZE }
    }

    /// The zero-based column (0 = `a`).
    #[must_use]
    pub const fn file(self) -> usize {
        self.index() % self.stride()
    }

    /// The zero-based row (0 = `1`).
    #[must_use]
    pub const fn rank(self) -> usize {
        self.index() / self.stride()
    }

    /// The square's bit in its frame: `rank * 8 + file`, or `rank * 9 + file` on 9×9.
    #[must_use]
    pub const fn index(self) -> usize {
        (self.0 & !WIDE) as usize
    }

    const fn bit(self) -> u128 {
        1u128 << self.index()
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
    /// The board is `size`×`size`, from [`MIN_SIZE`] to [`MAX_SIZE`].
    pub size: u8,
    /// Where the pieces start.
    pub start: Start,
    /// Black Hole: a piece that lands on the centre square leaves the game.
    /// Only a board with a centre square (an odd size) has one; a spec
    /// asking for it on an even board is refused.
    pub hole: bool,
}

impl Default for LoaOptions {
    fn default() -> LoaOptions {
        LoaOptions { simultaneous: Simultaneous::Draw, size: SIZE as u8, start: Start::Standard, hole: false }
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

    /// Bits a rank in the frame of this board.
    const fn stride(&self) -> usize {
        if self.size() == MAX_SIZE { MAX_SIZE } else { SIZE }
    }

    /// The black hole, if the game has one: the centre square.
    #[must_use]
    pub const fn hole(&self) -> Option<Square> {
        let n = self.size();
        if self.hole && n % 2 == 1 { Square::on(n, n / 2, n / 2) } else { None }
    }

    /// Why these options do not go together, if they do not ([`RuleOptions::check`]).
    #[must_use]
    pub const fn conflict(&self) -> Option<Conflict> {
        if self.hole && self.size.is_multiple_of(2) { Some(Conflict::HoleNeedsOddSize) } else { None }
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
    values: &["5", "6", "7", "8", "9"],
    default: "8",
    help: "the board is size×size: 8 the usual game, smaller for quick games and study, 9 for Black Hole",
};

const HOLE: OptionInfo = OptionInfo {
    key: "hole",
    values: &["off", "on"],
    default: "off",
    help: "Black Hole: a piece that lands on the centre square leaves the game (odd sizes, usually 9)",
};

const START: OptionInfo = OptionInfo {
    key: "start",
    values: &["standard", "scrambled", "scrambled-mirrored"],
    default: "standard",
    help: "the pieces start on two sides each, or alternating all around the rim (Scrambled Eggs; mirrored: White on b1)",
};

const STARTS: [Start; 3] = [Start::Standard, Start::Scrambled, Start::ScrambledMirrored];

impl RuleOptions for LoaOptions {
    const INFO: &'static [OptionInfo] = &[BOARD_SIZE, START, HOLE, SIMULTANEOUS];

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
            "hole" => {
                self.hole = choose(&HOLE, value)? == 1;
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
            "hole" => Some(HOLE.values[usize::from(self.hole)].to_owned()),
            _ => None,
        }
    }

    fn check(&self) -> Result<(), OptionError> {
        self.conflict().map_or(Ok(()), |reason| Err(OptionError::Combination { reason }))
    }
}

/// The pieces of each player at the start of a game with `options`.
fn start_pieces(options: &LoaOptions) -> ByPlayer<u128> {
    let n = options.size();
    let stride = options.stride();
    let bit = |file: usize, rank: usize| 1u128 << (rank * stride + file);
    let mut pieces = ByPlayer::<u128>::default();
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
/// would be a kilobyte of incompressible data in each `.wasm`. The 9×9
/// frame's squares have keys of their own.
#[inline]
fn piece_key(player: Player, sq: Square) -> u64 {
    let index = if sq.0 & WIDE != 0 { 256 + player.index() * 128 } else { player.index() * 64 } + sq.index();
    zobrist::key(SEED, index)
}

/// A Lines of Action position, with the history the repetition rule needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loa {
    /// Each player's pieces in the board's frame: the 8×8 frame's whole, or
    /// the 9×9 frame's first 64 bits.
    pieces: ByPlayer<u64>,
    /// The 9×9 frame's bits from 64 on (81 in all). Apart, so that the
    /// boards up to 8×8 work on plain `u64`s and copy no more than before.
    upper: ByPlayer<u32>,
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
        Square::on(self.size(), file, rank)
    }

    /// Bits a rank in this board's frame: 8, or 9 on 9×9.
    #[must_use]
    pub const fn stride(&self) -> usize {
        self.options.stride()
    }

    /// The pieces of `player` as a bitboard in the board's frame (bit
    /// `rank * stride + file`, see [`Loa::stride`]); read it as a `u64` on
    /// boards up to 8×8 ([`Bitboard::from_wide`]).
    #[must_use]
    pub fn pieces(&self, player: Player) -> u128 {
        u128::from(self.upper[player]) << 64 | u128::from(self.pieces[player])
    }

    /// Whether a piece of `player`'s stands on `sq`.
    #[inline]
    fn has(&self, player: Player, sq: Square) -> bool {
        let i = sq.index();
        if i < 64 { self.pieces[player] >> i & 1 != 0 } else { self.upper[player] >> (i - 64) & 1 != 0 }
    }

    /// Puts a piece of `player`'s on `sq`, or takes it off.
    #[inline]
    fn flip(&mut self, player: Player, sq: Square) {
        let i = sq.index();
        if i < 64 {
            self.pieces[player] ^= 1u64 << i;
        } else {
            self.upper[player] ^= 1u32 << (i - 64);
        }
    }

    /// The square of bit `index` of this board's frame.
    #[must_use]
    pub const fn square_of(&self, index: usize) -> Square {
        Square::in_frame(self.size(), index)
    }

    /// What stands on `sq`.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Player> {
        Player::ALL.into_iter().find(|&p| self.has(p, sq))
    }

    /// The 8-connected groups of `player`'s pieces in the board's frame, largest first.
    #[must_use]
    pub fn groups(&self, player: Player) -> Vec<u128> {
        let mut rest = self.pieces(player);
        let mut groups = Vec::new();
        while rest != 0 {
            let group = if self.stride() == MAX_SIZE {
                group_of(rest, rest)
            } else {
                group_of(rest as u64, rest as u64).wide()
            };
            groups.push(group);
            rest &= !group;
        }
        groups.sort_by_key(|g| std::cmp::Reverse(g.count_ones()));
        groups
    }

    fn from_parts(bits: ByPlayer<u128>, to_move: Player, options: LoaOptions) -> Loa {
        let mut pieces = ByPlayer::<u64>::default();
        let mut upper = ByPlayer::<u32>::default();
        for p in Player::ALL {
            pieces[p] = bits[p] as u64;
            upper[p] = (bits[p] >> 64) as u32;
        }
        let mut position = Loa { pieces, upper, to_move, options, hash: 0, outcome: None, history: Vec::new() };
        position.hash = position.hash_from_scratch();
        position.history.push(position.hash);
        position.outcome = position.connection_outcome(to_move.opponent());
        position
    }

    /// The end test after `mover` moved: connections only.
    #[inline]
    fn connection_outcome(&self, mover: Player) -> Option<Outcome> {
        let (mine, theirs) = if self.stride() == SIZE {
            (is_connected(self.pieces[mover]), is_connected(self.pieces[mover.opponent()]))
        } else {
            (is_connected(self.pieces(mover)), is_connected(self.pieces(mover.opponent())))
        };
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
        let (own, enemy) = (self.pieces[player], self.pieces[player.opponent()]);
        match self.size() {
            9 => steps_on::<u128, 9>(self.pieces(player), self.pieces(player.opponent()), f),
            8 => steps_on::<u64, 8>(own, enemy, f),
            7 => steps_on::<u64, 7>(own, enemy, f),
            6 => steps_on::<u64, 6>(own, enemy, f),
            _ => steps_on::<u64, 5>(own, enemy, f),
        }
    }
}

/// Calls `f(from, to, capture)` for every legal step of the side whose
/// pieces are `own` on an `N`×`N` board in frame `B` (bits of that frame).
#[inline]
fn steps_on<B: Bitboard, const N: usize>(own: B, enemy: B, mut f: impl FnMut(usize, usize, bool)) {
    let occupied = own | enemy;
    let mut rest = own;
    while rest != B::ZERO {
        let from = rest.lowest();
        rest = rest.without_lowest();
        for line in 0..4 {
            let n = (occupied & B::line(line, from)).count() as usize;
            for dir in [line * 2, line * 2 + 1] {
                let Some(to) = geometry::target_in(B::STRIDE, dir, from, n, N) else { continue };
                let bit = B::bit(to);
                if own & bit == B::ZERO && geometry::between_in::<B>(dir, from, to) & enemy == B::ZERO {
                    f(from, to, enemy & bit != B::ZERO);
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
        let size = self.size();
        self.for_each_step(|from, to, capture| {
            moves.push(LoaMove::Step { from: Square::in_frame(size, from), to: Square::in_frame(size, to), capture });
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
        // A piece left the board: no earlier position can come back.
        let mut gone = false;
        if let LoaMove::Step { from, to, .. } = mv {
            // Into the black hole, which is never occupied, the piece leaves the game.
            let into_hole = self.options.hole && self.options.hole() == Some(to);
            let taken = if self.stride() == SIZE {
                // Up to 8×8, on the plain `u64`s.
                let (from_bit, to_bit) = (1u64 << from.index(), 1u64 << to.index());
                let taken = self.pieces[enemy] & to_bit != 0;
                self.pieces[mover] ^= from_bit | if into_hole { 0 } else { to_bit };
                if taken {
                    self.pieces[enemy] ^= to_bit;
                }
                taken
            } else {
                let taken = self.has(enemy, to);
                self.flip(mover, from);
                if !into_hole {
                    self.flip(mover, to);
                }
                if taken {
                    self.flip(enemy, to);
                }
                taken
            };
            self.hash ^= piece_key(mover, from);
            if !into_hole {
                self.hash ^= piece_key(mover, to);
            }
            if taken {
                self.hash ^= piece_key(enemy, to);
            }
            gone = taken || into_hole;
        }
        self.to_move = enemy;
        self.hash ^= SIDE_KEY;
        if gone {
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
            let mut rest = self.pieces(player);
            while rest != 0 {
                hash ^= piece_key(player, self.square_of(rest.trailing_zeros() as usize));
                rest &= rest - 1;
            }
        }
        hash
    }

    fn parse_move(&self, text: &str) -> Result<LoaMove, MoveError> {
        const EXPECTED: Expected = Expected::MoveOrPass;
        let syntax = || MoveError::Syntax { expected: EXPECTED };
        let (from, to, capture) = if text == "pass" {
            (None, None, false)
        } else {
            let (from_text, capture, to_text) = split_step(text).ok_or_else(syntax)?;
            let size = self.size();
            let cell = |t: &str| read_cell(t, size, EXPECTED).map(|c| self.square_of(c.index(self.stride())));
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
        format_square_text(self.size(), |f, r| self.square(f, r).and_then(|s| self.piece_at(s)), self.to_move)
    }

    fn from_position_text(options: LoaOptions, text: &str) -> Result<Loa, PositionError> {
        let size = options.size();
        let parsed = parse_square_text(text, size)?;
        parsed.no_extra_fields("Lines of Action")?;
        if let Some(conflict) = options.conflict() {
            return Err(PositionError::invalid(Impossible::Options(conflict)));
        }
        let mut pieces = ByPlayer::<u128>::default();
        for (i, cell) in parsed.cells.iter().enumerate() {
            if let Some(player) = cell {
                pieces[*player] |= 1u128 << (i / size * options.stride() + i % size);
            }
        }
        if let Some(hole) = options.hole()
            && (pieces[Player::Black] | pieces[Player::White]) & hole.bit() != 0
        {
            return Err(PositionError::invalid(Impossible::OnTheHole { hole: hole.to_string() }));
        }
        let most = options.start_pieces();
        for player in Player::ALL {
            // Each side starts with 2 × (size − 2) pieces, and pieces only leave the board.
            let found = pieces[player].count_ones() as usize;
            if found > most {
                return Err(PositionError::TooMany { player, found, most, what: PieceWord::Pieces });
            }
            // A player with one piece is connected, so the game ends before
            // the last piece could be captured.
            if found == 0 {
                return Err(PositionError::invalid(Impossible::NoPieces));
            }
        }
        Ok(Loa::from_parts(pieces, parsed.to_move, options))
    }

    fn diagram(&self) -> String {
        square_diagram(self.size(), |f, r| self.square(f, r).and_then(|s| self.piece_at(s)))
    }
}

#[cfg(test)]
mod tests;
