//! Forms (Steven W. Meyers, 2007; advanced rules 2011). See `docs/rules/forms.md`.
//!
//! After every move, every stone not orthogonally connected to the moved
//! stone is removed. A player left with no stones wins. Standard rules: a
//! stone captures any enemy stone anywhere. Advanced rules: a stone captures
//! an orthogonally adjacent enemy stone, or slides along empty cells to an
//! empty cell, which is legal only if the clean-up removes a stone.
//!
//! Boards are bitsets ([`Bits`]); the clean-up and the slide paths are flood
//! fills made of whole-board shifts.

mod geometry;
mod shared;

use std::fmt;

use crate::bits::Bits;
use crate::board::{Board, CellId};
use crate::error::{Expected, MoveError, PieceWord, PositionError};
use crate::game::Game;
use crate::impossible::Impossible;
use crate::notation::{Cell, format_square_text, parse_square_text, read_cell, split_step, square_diagram};
use crate::options::{OptionError, OptionInfo, RuleOptions, choose, unknown_key};
use crate::outcome::{EndReason, Outcome};
use crate::player::{ByPlayer, Player};
use crate::{symmetry, zobrist};

use geometry::{Geometry, geometry};

/// The largest board side.
pub const MAX_SIZE: usize = 18;
const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

/// Which rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum FormsRules {
    /// The 2007 rules: the halves start full; capture any enemy stone anywhere.
    #[default]
    Standard,
    /// The 2011 rules: a checkerboard start; adjacent captures and slides.
    Advanced,
}

const RULES_OPTION: OptionInfo = OptionInfo {
    key: "rules",
    values: &["standard", "advanced"],
    default: "standard",
    help: "standard: capture any enemy stone; advanced: checkerboard start, adjacent captures and slides",
};

const SIZE_OPTION: OptionInfo = OptionInfo {
    key: "size",
    values: &["4", "6", "8", "10", "12", "14", "16", "18"],
    default: "18",
    help: "the board is size×size",
};

/// The rule options of Forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FormsOptions {
    /// Standard or advanced.
    pub rules: FormsRules,
    /// Cells per side: even, 4 to 18.
    pub size: u8,
}

impl Default for FormsOptions {
    fn default() -> Self {
        FormsOptions { rules: FormsRules::Standard, size: 18 }
    }
}

impl RuleOptions for FormsOptions {
    const INFO: &'static [OptionInfo] = &[RULES_OPTION, SIZE_OPTION];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "rules" => {
                self.rules = [FormsRules::Standard, FormsRules::Advanced][choose(&RULES_OPTION, value)?];
            }
            "size" => {
                choose(&SIZE_OPTION, value)?;
                self.size = value.parse().unwrap_or(18);
            }
            _ => return Err(unknown_key(Self::INFO, key)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        match key {
            "rules" => Some(
                match self.rules {
                    FormsRules::Standard => "standard",
                    FormsRules::Advanced => "advanced",
                }
                .to_owned(),
            ),
            "size" => Some(self.size.to_string()),
            _ => None,
        }
    }
}

/// A Forms move: a capture `d3xf6` or (advanced rules) a slide `e4-e2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FormsMove {
    /// The stone that moves.
    pub from: Cell,
    /// Where it goes.
    pub to: Cell,
    /// Whether it captures the enemy stone on `to`.
    pub capture: bool,
}

impl fmt::Display for FormsMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.from, if self.capture { 'x' } else { '-' }, self.to)
    }
}

const SEED: u64 = 0x464F_524D;
const SIDE_KEY: u64 = zobrist::key(SEED, 2 * MAX_CELLS);

fn stone_key(player: Player, index: usize) -> u64 {
    zobrist::key(SEED, player.index() * MAX_CELLS + index)
}

/// A Forms position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forms {
    options: FormsOptions,
    stones: ByPlayer<Bits>,
    to_move: Player,
    hash: u64,
    outcome: Option<Outcome>,
}

impl Forms {
    /// Cells per side.
    #[must_use]
    pub fn size(&self) -> usize {
        self.options.size as usize
    }

    fn geometry(&self) -> &'static Geometry {
        geometry(self.size())
    }

    /// The stones of `player`, bit `rank * size + file`.
    #[must_use]
    pub fn stones(&self, player: Player) -> Bits {
        self.stones[player]
    }

    /// `cells` moved one step east, west, north and south, each kept to the
    /// board: bit `i` of the first is set when the cell west of `i` is in
    /// `cells`, and so on (for the evaluation's counts of neighbours).
    #[must_use]
    pub fn steps(&self, cells: Bits) -> [Bits; 4] {
        self.geometry().steps(cells)
    }

    /// What stands on `cell`.
    #[must_use]
    pub fn stone_at(&self, cell: Cell) -> Option<Player> {
        let i = cell.index(self.size());
        Player::ALL.into_iter().find(|&p| self.stones[p].has(i))
    }

    fn occupied(&self) -> Bits {
        self.stones.black.or(self.stones.white)
    }

    fn cell(&self, index: usize) -> Cell {
        Cell::from_index(index, self.size())
    }

    /// The empty cells a stone on `from` can reach along paths of empty cells.
    fn reachable(&self, from: usize, empty: Bits) -> Bits {
        let geo = self.geometry();
        let start = geo.neighbours(Bits::single(from)).and(empty);
        if start.is_empty() { start } else { geo.flood(start, empty) }
    }

    /// The legal slide destinations of the stone on `from`: the reachable
    /// empty cells from which the moved stone would not touch every group of
    /// the other stones (so the clean-up removes at least one stone).
    fn slide_targets(&self, from: usize, occupied: Bits) -> Bits {
        let reach = self.reachable(from, self.geometry().board.minus(occupied));
        if reach.is_empty() {
            return reach;
        }
        let geo = self.geometry();
        let mut rest = occupied.minus(Bits::single(from));
        // The moved stone keeps everything only if it touches every group.
        let mut touches_all = geo.board;
        while let Some(seed) = rest.lowest() {
            let group = geo.flood(Bits::single(seed), rest);
            touches_all = touches_all.and(geo.neighbours(group));
            rest = rest.minus(group);
        }
        reach.minus(touches_all)
    }

    /// Calls `f(from, to, capture)` for every legal move.
    fn for_each_move(&self, mut f: impl FnMut(usize, usize, bool)) {
        let own = self.stones[self.to_move];
        let enemy = self.stones[self.to_move.opponent()];
        match self.options.rules {
            FormsRules::Standard => {
                for from in own.iter() {
                    for to in enemy.iter() {
                        f(from, to, true);
                    }
                }
            }
            FormsRules::Advanced => {
                let geo = self.geometry();
                let occupied = own.or(enemy);
                for from in own.iter() {
                    for to in geo.neighbours(Bits::single(from)).and(enemy).iter() {
                        f(from, to, true);
                    }
                    for to in self.slide_targets(from, occupied).iter() {
                        f(from, to, false);
                    }
                }
            }
        }
    }

    fn from_stones(options: FormsOptions, stones: ByPlayer<Bits>, to_move: Player) -> Forms {
        let mut position = Forms { options, stones, to_move, hash: 0, outcome: None };
        position.hash = position.hash_from_scratch();
        position.outcome = position.stones[to_move]
            .is_empty()
            .then_some(Outcome::Win { winner: to_move, reason: EndReason::NoStonesLeft });
        position
    }
}

impl Game for Forms {
    const REPEATS: bool = false;

    type Move = FormsMove;
    type Options = FormsOptions;

    fn new(options: FormsOptions) -> Forms {
        let n = options.size as usize;
        let mut stones = ByPlayer::<Bits>::default();
        for rank in 0..n {
            for file in 0..n {
                let black = match options.rules {
                    FormsRules::Standard => rank < n / 2,
                    // a1 is White: Black where file + rank is odd.
                    FormsRules::Advanced => (file + rank) % 2 == 1,
                };
                stones[if black { Player::Black } else { Player::White }].insert(rank * n + file);
            }
        }
        Forms::from_stones(options, stones, Player::Black)
    }

    fn options(&self) -> &FormsOptions {
        &self.options
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn legal_moves(&self, moves: &mut Vec<FormsMove>) {
        moves.clear();
        if self.outcome.is_some() {
            return;
        }
        self.for_each_move(|from, to, capture| {
            moves.push(FormsMove { from: self.cell(from), to: self.cell(to), capture });
        });
    }

    fn count_legal_moves(&self) -> usize {
        if self.outcome.is_some() {
            return 0;
        }
        let own = self.stones[self.to_move];
        let enemy = self.stones[self.to_move.opponent()];
        match self.options.rules {
            FormsRules::Standard => own.len() * enemy.len(),
            FormsRules::Advanced => {
                let geo = self.geometry();
                let occupied = own.or(enemy);
                own.iter()
                    .map(|from| {
                        geo.neighbours(Bits::single(from)).and(enemy).len() + self.slide_targets(from, occupied).len()
                    })
                    .sum()
            }
        }
    }

    fn is_legal(&self, mv: FormsMove) -> bool {
        let n = self.size();
        if self.outcome.is_some() || [mv.from, mv.to].iter().any(|c| c.file as usize >= n || c.rank as usize >= n) {
            return false;
        }
        let (from, to) = (mv.from.index(n), mv.to.index(n));
        let own = self.stones[self.to_move];
        let enemy = self.stones[self.to_move.opponent()];
        if !own.has(from) {
            return false;
        }
        let geo = self.geometry();
        let adjacent = geo.neighbours(Bits::single(from)).has(to);
        match (self.options.rules, mv.capture) {
            (FormsRules::Standard, true) => enemy.has(to),
            (FormsRules::Standard, false) => false,
            (FormsRules::Advanced, true) => enemy.has(to) && adjacent,
            (FormsRules::Advanced, false) => self.slide_targets(from, own.or(enemy)).has(to),
        }
    }

    fn play_unchecked(&mut self, mv: FormsMove) {
        let n = self.size();
        let (from, to) = (mv.from.index(n), mv.to.index(n));
        let mover = self.to_move;
        let enemy = mover.opponent();
        self.stones[mover].remove(from);
        self.stones[mover].insert(to);
        self.hash ^= stone_key(mover, from) ^ stone_key(mover, to);
        if self.stones[enemy].has(to) {
            self.stones[enemy].remove(to);
            self.hash ^= stone_key(enemy, to);
        }
        // The clean-up: only the moved stone's group stays.
        let group = self.geometry().flood(Bits::single(to), self.occupied());
        for player in Player::ALL {
            let removed = self.stones[player].minus(group);
            if !removed.is_empty() {
                for i in removed.iter() {
                    self.hash ^= stone_key(player, i);
                }
                self.stones[player] = self.stones[player].and(group);
            }
        }
        self.to_move = enemy;
        self.hash ^= SIDE_KEY;
        if self.stones[enemy].is_empty() {
            self.outcome = Some(Outcome::Win { winner: enemy, reason: EndReason::NoStonesLeft });
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let side = if self.to_move == Player::White { SIDE_KEY } else { 0 };
        Player::ALL
            .into_iter()
            .flat_map(|p| self.stones[p].iter().map(move |i| stone_key(p, i)))
            .fold(side, |h, k| h ^ k)
    }

    fn symmetric_key(&self) -> u64 {
        let n = self.size();
        if n > symmetry::MAX_SIDE {
            return self.hash;
        }
        let stones = Player::ALL.into_iter().flat_map(|p| self.stones[p].iter().map(move |i| (p, i)));
        symmetry::square_key(n, stones, self.to_move)
    }

    fn parse_move(&self, text: &str) -> Result<FormsMove, MoveError> {
        let expected = match self.options.rules {
            FormsRules::Standard => Expected::Capture,
            FormsRules::Advanced => Expected::CaptureOrSlide,
        };
        let (from, capture, to) = split_step(text).ok_or(MoveError::Syntax { expected })?;
        let n = self.size();
        let mv = FormsMove { from: read_cell(from, n, expected)?, to: read_cell(to, n, expected)?, capture };
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        if self.is_legal(mv) {
            return Ok(mv);
        }
        let other = FormsMove { capture: !capture, ..mv };
        if self.is_legal(other) {
            return Err(MoveError::WrittenAs { correct: other.to_string() });
        }
        let cell = |c: Cell| Some(CellId::new(c.index(n)));
        Err(MoveError::Illegal(Board::why_illegal(self, cell(mv.from), cell(mv.to), None)))
    }

    fn position_text(&self) -> String {
        let n = self.size();
        format_square_text(n, |f, r| self.stone_at(Cell { file: f as u8, rank: r as u8 }), self.to_move)
    }

    fn from_position_text(options: FormsOptions, text: &str) -> Result<Forms, PositionError> {
        let parsed = parse_square_text(text, options.size as usize)?;
        parsed.no_extra_fields("Forms")?;
        let mut stones = ByPlayer::<Bits>::default();
        for (i, cell) in parsed.cells.iter().enumerate() {
            if let Some(player) = cell {
                stones[*player].insert(i);
            }
        }
        // Stones only ever leave the board, and each side starts with half of it.
        let n = options.size as usize;
        for player in Player::ALL {
            let found = stones[player].len();
            if found > n * n / 2 {
                return Err(PositionError::TooMany { player, found, most: n * n / 2, what: PieceWord::Stones });
            }
        }
        if stones[parsed.to_move.opponent()].is_empty() {
            return Err(PositionError::invalid(Impossible::MoverHasNone));
        }
        // Every move leaves only the moved stone's group, and the start is
        // one group: a position of several groups is out of any game (and
        // could have no legal move while neither side has won).
        let occupied = stones.black.or(stones.white);
        let geo = geometry(n);
        if let Some(seed) = occupied.lowest()
            && geo.flood(Bits::single(seed), occupied) != occupied
        {
            return Err(PositionError::invalid(Impossible::NotConnected));
        }
        let position = Forms::from_stones(options, stones, parsed.to_move);
        // Every move removes a stone, so a full board has seen no move yet.
        if occupied.len() == n * n && position != Forms::new(options) {
            return Err(PositionError::invalid(Impossible::FullBoard));
        }
        Ok(position)
    }

    fn diagram(&self) -> String {
        let n = self.size();
        square_diagram(n, |f, r| self.stone_at(Cell { file: f as u8, rank: r as u8 }))
    }
}

#[cfg(test)]
mod tests;
