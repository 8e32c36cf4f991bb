//! RA (Marco Donadoni, 1981). See `docs/rules/ra.md`.
//!
//! Stacks of one to three stones move in straight lines on a hexagonal board:
//! m stones taken from a stack travel exactly 4 − m cells, stopping early only
//! at the board edge, on entering the enemy RA cell, in front of another stack,
//! or by capturing an enemy stack of at most m stones. A match ends when a
//! stack reaches the enemy RA cell (1, 3 or 6 points for 1, 2 or 3 stones) or
//! captures the last enemy stack (3 points). Matches repeat until a player has
//! the target score and the required lead.

mod geometry;
mod shared;
pub(crate) mod text;

use std::fmt;

pub use geometry::{CELLS, HexCell};

use crate::board::{Board, CellId};
use crate::error::{Expected, MoveError, PositionError};
use crate::game::Game;
use crate::notation::split_step;
use crate::options::{OptionError, OptionInfo, RuleOptions, choose, unknown_key};
use crate::outcome::{EndReason, Outcome};
use crate::player::{ByPlayer, Player};
use crate::zobrist;

use geometry::{NONE, STEP};

/// Black's RA cell, d4: the cell White aims at.
pub const BLACK_RA: HexCell = HexCell::from_index(27);
/// White's RA cell, j10: the cell Black aims at.
pub const WHITE_RA: HexCell = HexCell::from_index(99);

/// The points for reaching the enemy RA cell with 1, 2 or 3 stones.
const RA_POINTS: [u16; 3] = [1, 3, 6];
/// The points for capturing the last enemy stack.
const CAPTURE_ALL_POINTS: u16 = 3;

/// The RA cell `player` aims at.
#[must_use]
pub const fn target_ra(player: Player) -> HexCell {
    match player {
        Player::Black => WHITE_RA,
        Player::White => BLACK_RA,
    }
}

/// Whether `player` has won the game with the score `score`: the target
/// reached with the required lead.
fn has_won(options: &RaOptions, score: ByPlayer<u16>, player: Player) -> bool {
    let (mine, theirs) = (u32::from(score[player]), u32::from(score[player.opponent()]));
    mine >= u32::from(options.target) && mine >= theirs + u32::from(options.lead)
}

/// A stack: its owner and its height (1 to 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stack {
    /// Whose stones.
    pub owner: Player,
    /// How many, 1 to 3.
    pub height: u8,
}

/// A cell's content packed in a byte: 0 empty, 1–3 a Black stack, 5–7 a White stack.
type Packed = u8;

const fn pack(owner: Player, height: u8) -> Packed {
    match owner {
        Player::Black => height,
        Player::White => 4 + height,
    }
}

const fn unpack(packed: Packed) -> Option<Stack> {
    match packed {
        1..=3 => Some(Stack { owner: Player::Black, height: packed }),
        5..=7 => Some(Stack { owner: Player::White, height: packed - 4 }),
        _ => None,
    }
}

/// An RA move: `2h8xf6` (m stones from a cell, `-` to move or merge, `x` to
/// capture), or `pass` when the player has no move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RaMove {
    /// Stones leave a stack.
    Step {
        /// How many stones move, 1 to 3.
        stones: u8,
        /// The stack they leave.
        from: HexCell,
        /// Where they stop.
        to: HexCell,
        /// Whether they capture the enemy stack on `to`.
        capture: bool,
    },
    /// No legal move: the turn passes.
    Pass,
}

impl fmt::Display for RaMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RaMove::Step { stones, from, to, capture } => {
                write!(f, "{stones}{from}{}{to}", if *capture { 'x' } else { '-' })
            }
            RaMove::Pass => f.write_str("pass"),
        }
    }
}

const TARGETS: [&str; 20] =
    ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20"];

const TARGET_OPTION: OptionInfo =
    OptionInfo { key: "target", values: &TARGETS, default: "6", help: "the points a player needs to win the game" };

const LEAD_OPTION: OptionInfo = OptionInfo {
    key: "lead",
    values: &["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
    default: "2",
    help: "how far the winner must be ahead",
};

const FIRST_OPTION: OptionInfo = OptionInfo {
    key: "first",
    values: &["x", "o"],
    default: "x",
    help: "who moves first in the first match (later matches: the loser of the last)",
};

/// The rule options of RA.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RaOptions {
    /// Points needed to win the game.
    pub target: u16,
    /// The lead needed to win the game.
    pub lead: u16,
    /// Who starts the first match.
    pub first: Player,
}

impl Default for RaOptions {
    fn default() -> Self {
        RaOptions { target: 6, lead: 2, first: Player::Black }
    }
}

impl RuleOptions for RaOptions {
    const INFO: &'static [OptionInfo] = &[TARGET_OPTION, LEAD_OPTION, FIRST_OPTION];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "target" => self.target = (choose(&TARGET_OPTION, value)? + 1) as u16,
            "lead" => self.lead = (choose(&LEAD_OPTION, value)? + 1) as u16,
            "first" => self.first = [Player::Black, Player::White][choose(&FIRST_OPTION, value)?],
            _ => return Err(unknown_key(Self::INFO, key)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        match key {
            "target" => Some(self.target.to_string()),
            "lead" => Some(self.lead.to_string()),
            "first" => Some(self.first.letter().to_string()),
            _ => None,
        }
    }
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchEnd {
    /// The winner of the match, or `None` for a match drawn by repetition.
    pub winner: Option<Player>,
    /// The points the winner scored.
    pub points: u16,
    /// Why it ended: [`EndReason::ReachedRa`], [`EndReason::CapturedAll`] or [`EndReason::Repetition`].
    pub reason: EndReason,
}

const SEED: u64 = 0x5241_2121;
const SIDE_KEY: u64 = zobrist::key(SEED, CELLS * 6);

fn stack_key(cell: usize, packed: Packed) -> u64 {
    match unpack(packed) {
        Some(stack) => zobrist::key(SEED, cell * 6 + stack.owner.index() * 3 + stack.height as usize - 1),
        None => 0,
    }
}

/// An RA game: the board of the current match, the scores, and the history
/// the repetition rule needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ra {
    options: RaOptions,
    cells: [Packed; CELLS],
    to_move: Player,
    score: ByPlayer<u16>,
    /// The number of the current match, from 1.
    match_number: u16,
    /// Who moved first in the current match.
    starter: Player,
    hash: u64,
    outcome: Option<Outcome>,
    /// Set when the last move ended a match; cleared by the next move.
    last_match: Option<MatchEnd>,
    /// Hashes of this match's positions since the last capture, the current one last.
    history: Vec<u64>,
}

/// The start of every match: three stacks of three around each RA cell.
const START: [(&str, Player); 6] = [
    ("c5", Player::Black),
    ("e3", Player::Black),
    ("f6", Player::Black),
    ("h8", Player::White),
    ("i11", Player::White),
    ("k9", Player::White),
];

impl Ra {
    /// The stack on `cell`, if any.
    #[must_use]
    pub fn stack_at(&self, cell: HexCell) -> Option<Stack> {
        unpack(self.cells[cell.index()])
    }

    /// The scores.
    #[must_use]
    pub fn score(&self) -> ByPlayer<u16> {
        self.score
    }

    /// The number of the current match, from 1.
    #[must_use]
    pub fn match_number(&self) -> u16 {
        self.match_number
    }

    /// Who moved first in the current match.
    #[must_use]
    pub fn match_starter(&self) -> Player {
        self.starter
    }

    /// How the last move ended a match, if it did.
    #[must_use]
    pub fn last_match(&self) -> Option<MatchEnd> {
        self.last_match
    }

    /// Whether `mv` (a legal move here) ends the current match: it reaches the
    /// enemy RA cell, captures the enemy's last stack, or repeats a position of
    /// this match for the third time (the house rule's drawn match). Worked
    /// out by playing it, so it always agrees with the rules.
    #[must_use]
    pub fn ends_match(&self, mv: RaMove) -> bool {
        let mut after = self.clone();
        after.play_unchecked(mv);
        after.last_match.is_some()
    }

    /// Whether `player` has any stack on the board.
    fn has_stacks(&self, player: Player) -> bool {
        self.cells.iter().any(|&c| unpack(c).is_some_and(|s| s.owner == player))
    }

    fn set_cell(&mut self, cell: usize, packed: Packed) {
        self.hash ^= stack_key(cell, self.cells[cell]) ^ stack_key(cell, packed);
        self.cells[cell] = packed;
    }

    fn score_key(&self) -> u64 {
        zobrist::mix((u64::from(self.score.black) << 16) | u64::from(self.score.white))
    }

    /// Puts the match's start position on the board, `starter` to move.
    fn reset_board(&mut self, starter: Player) {
        self.cells = [0; CELLS];
        for (name, owner) in START {
            if let Some(cell) = HexCell::parse(name) {
                self.cells[cell.index()] = pack(owner, 3);
            }
        }
        self.to_move = starter;
        self.starter = starter;
        self.hash = self.hash_from_scratch();
        self.history.clear();
        self.history.push(self.hash);
    }

    /// Ends the current match: scores it, ends the game or starts the next match.
    fn end_match(&mut self, end: MatchEnd) {
        self.last_match = Some(end);
        let next_starter = match end.winner {
            Some(winner) => {
                // Scores and match numbers stop at 65,535 (thousands of
                // matches away), so that every position reads back.
                self.score[winner] = self.score[winner].saturating_add(end.points);
                if has_won(&self.options, self.score, winner) {
                    self.outcome = Some(Outcome::Win { winner, reason: end.reason });
                    // The board stays as the last match ended.
                    self.hash = self.hash_from_scratch();
                    return;
                }
                winner.opponent()
            }
            None => self.starter.opponent(),
        };
        self.match_number = self.match_number.saturating_add(1);
        self.reset_board(next_starter);
    }

    /// Calls `f(stones, from, to, capture)` for every legal step of the side to move,
    /// following the movement rules of `docs/rules/ra.md` §3.
    // `dir` indexes the step table from a cell that changes as the stack travels.
    #[allow(clippy::needless_range_loop)]
    fn for_each_step(&self, mut f: impl FnMut(u8, usize, usize, bool)) {
        let me = self.to_move;
        let goal = target_ra(me).index();
        for src in 0..CELLS {
            let Some(stack) = unpack(self.cells[src]) else { continue };
            if stack.owner != me {
                continue;
            }
            for m in 1..=stack.height {
                let range = 4 - m as usize;
                for dir in 0..6 {
                    let mut prev = src;
                    for k in 1..=range {
                        let c = STEP[prev][dir];
                        if c == NONE {
                            // (a) the board edge: stop on the last cell, if the stack moved at all.
                            if k >= 2 {
                                f(m, src, prev, false);
                            }
                            break;
                        }
                        let c = c as usize;
                        if let Some(other) = unpack(self.cells[c]) {
                            if other.owner != me && other.height <= m {
                                f(m, src, c, true); // (d) capture, at any distance up to the range
                            }
                            if other.owner == me && k == range && other.height + m <= 3 {
                                f(m, src, c, false); // merge, only at full range
                            }
                            if k >= 2 {
                                f(m, src, prev, false); // (c) stop in front of the stack
                            }
                            break;
                        }
                        if c == goal {
                            f(m, src, c, false); // (b) entering the enemy RA cell ends the move
                            break;
                        }
                        if k == range {
                            f(m, src, c, false);
                        }
                        prev = c;
                    }
                }
            }
        }
    }

    fn repetitions(&self) -> usize {
        self.history.iter().filter(|&&h| h == self.hash).count()
    }
}

impl Game for Ra {
    type Move = RaMove;
    type Options = RaOptions;

    fn new(options: RaOptions) -> Ra {
        let mut ra = Ra {
            options,
            cells: [0; CELLS],
            to_move: options.first,
            score: ByPlayer::default(),
            match_number: 1,
            starter: options.first,
            hash: 0,
            outcome: None,
            last_match: None,
            history: Vec::new(),
        };
        ra.reset_board(options.first);
        ra
    }

    fn options(&self) -> &RaOptions {
        &self.options
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn match_just_ended(&self) -> bool {
        self.last_match.is_some()
    }

    fn match_winner(&self) -> Option<Player> {
        self.last_match.and_then(|m| m.winner)
    }

    fn legal_moves(&self, moves: &mut Vec<RaMove>) {
        moves.clear();
        if self.outcome.is_some() {
            return;
        }
        self.for_each_step(|stones, from, to, capture| {
            moves.push(RaMove::Step { stones, from: HexCell::from_index(from), to: HexCell::from_index(to), capture });
        });
        if moves.is_empty() {
            moves.push(RaMove::Pass);
        }
    }

    fn count_legal_moves(&self) -> usize {
        if self.outcome.is_some() {
            return 0;
        }
        let mut count = 0;
        self.for_each_step(|_, _, _, _| count += 1);
        count.max(1)
    }

    fn play_unchecked(&mut self, mv: RaMove) {
        self.last_match = None;
        let mover = self.to_move;
        let enemy = mover.opponent();
        let mut end = None;
        if let RaMove::Step { stones, from, to, .. } = mv {
            let (from, to) = (from.index(), to.index());
            let left = unpack(self.cells[from]).map_or(0, |s| s.height.saturating_sub(stones));
            self.set_cell(from, if left == 0 { 0 } else { pack(mover, left) });
            let landed = match unpack(self.cells[to]) {
                Some(Stack { owner, height }) if owner == mover => height + stones,
                Some(_) => {
                    // A capture: the enemy stack leaves the game, and the game cannot go back.
                    self.history.clear();
                    stones
                }
                None => stones,
            };
            self.set_cell(to, pack(mover, landed));
            if to == target_ra(mover).index() {
                end = Some(MatchEnd {
                    winner: Some(mover),
                    points: RA_POINTS[usize::from(stones.clamp(1, 3)) - 1],
                    reason: EndReason::ReachedRa { stones },
                });
            } else if !self.has_stacks(enemy) {
                end =
                    Some(MatchEnd { winner: Some(mover), points: CAPTURE_ALL_POINTS, reason: EndReason::CapturedAll });
            }
        }
        self.to_move = enemy;
        self.hash ^= SIDE_KEY;
        if let Some(end) = end {
            self.end_match(end);
            return;
        }
        self.history.push(self.hash);
        if self.repetitions() >= 3 {
            self.end_match(MatchEnd { winner: None, points: 0, reason: EndReason::Repetition });
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let side = if self.to_move == Player::White { SIDE_KEY } else { 0 };
        (0..CELLS).map(|i| stack_key(i, self.cells[i])).fold(side ^ self.score_key(), |h, k| h ^ k)
    }

    fn parse_move(&self, text: &str) -> Result<RaMove, MoveError> {
        const EXPECTED: Expected = Expected::StonesMoveOrPass;
        let syntax = MoveError::Syntax { expected: EXPECTED };
        let wanted = if text == "pass" {
            None
        } else {
            let stones = match text.as_bytes().first() {
                Some(b @ b'1'..=b'3') => b - b'0',
                _ => return Err(syntax),
            };
            let (from, capture, to) = split_step(&text[1..]).ok_or(syntax)?;
            let cell = |t: &str| {
                let shaped =
                    t.len() >= 2 && t.as_bytes()[0].is_ascii_lowercase() && t[1..].bytes().all(|b| b.is_ascii_digit());
                if !shaped {
                    return Err(MoveError::Syntax { expected: EXPECTED });
                }
                HexCell::parse(t).ok_or_else(|| MoveError::BadCell { cell: t.to_owned() })
            };
            Some((stones, cell(from)?, cell(to)?, capture))
        };
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let found = moves.into_iter().find(|m| match (m, wanted) {
            (RaMove::Step { stones, from, to, .. }, Some((s, f, t, _))) => *stones == s && *from == f && *to == t,
            (RaMove::Pass, None) => true,
            _ => false,
        });
        match (found, wanted) {
            (Some(mv @ RaMove::Step { capture, .. }), Some((_, _, _, written))) if capture != written => {
                Err(MoveError::WrittenAs { correct: mv.to_string() })
            }
            (Some(mv), _) => Ok(mv),
            (None, wanted) => {
                let (from, to, stones) = match wanted {
                    Some((stones, from, to, _)) => {
                        (Some(CellId::new(from.index())), Some(CellId::new(to.index())), Some(stones))
                    }
                    None => (None, None, None),
                };
                Err(MoveError::Illegal(Board::why_illegal(self, from, to, stones)))
            }
        }
    }

    fn position_text(&self) -> String {
        text::format(self)
    }

    fn from_position_text(options: RaOptions, text: &str) -> Result<Ra, PositionError> {
        text::parse(options, text)
    }

    fn diagram(&self) -> String {
        text::diagram(self)
    }
}

#[cfg(test)]
mod tests;
