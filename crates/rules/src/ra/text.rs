//! RA position text and the text diagram.
//!
//! Position text is five space-separated fields:
//! `STACKS SIDE SCORE MATCH STARTER`, e.g. the start of a game,
//! `x3c5/x3e3/x3f6/o3h8/o3i11/o3k9 x 0-0 1 x`:
//! - STACKS: each stack as owner (`x`/`o`), height (1–3) and cell, joined by
//!   `/` in board order (a1, a2, … m13); `-` for none. Any order is read; the
//!   text is always written in board order.
//! - SIDE: the player to move.
//! - SCORE: Black's points, `-`, White's points, each 0 to 65,535.
//! - MATCH: the number of the current match, 1 to 65,535.
//! - STARTER: who moved first in the current match (the repetition house rule
//!   needs it to choose who starts the next).
//!
//! Numbers have no leading zeros. Scores and match numbers stop at 65,535,
//! which only a game of tens of thousands of matches reaches, so every
//! position a game reaches reads back. Text describing a position no game
//! reaches is refused: more than 9 stones a side, a score needing more
//! matches than were played (6 points at most a match), match 1 started by
//! the wrong player, a player without stacks or a stack on the enemy RA
//! cell while the game goes on, and a finished game whose board does not
//! show how its last match ended.
//!
//! Every character is URL-safe; in a URL the spaces are written `_`.

use std::fmt::Write as _;

use super::geometry::CELLS;
use super::{
    BLACK_RA, CAPTURE_ALL_POINTS, HexCell, RA_POINTS, Ra, RaOptions, Stack, WHITE_RA, has_won, pack, target_ra, unpack,
};
use crate::error::{FieldProblem, PieceWord, PositionError};
use crate::game::Game;
use crate::impossible::Impossible;
use crate::notation::split_fields;
use crate::outcome::{EndReason, Outcome};
use crate::player::{ByPlayer, Player};

fn field(field: &'static str, problem: FieldProblem) -> PositionError {
    PositionError::Field { field, problem }
}

/// Writes the position text.
pub fn format(ra: &Ra) -> String {
    let stacks: Vec<String> = HexCell::all()
        .filter_map(|cell| ra.stack_at(cell).map(|s| format!("{}{}{cell}", s.owner.letter(), s.height)))
        .collect();
    let stacks = if stacks.is_empty() { "-".to_owned() } else { stacks.join("/") };
    format!(
        "{stacks} {} {}-{} {} {}",
        ra.to_move.letter(),
        ra.score.black,
        ra.score.white,
        ra.match_number,
        ra.starter.letter()
    )
}

fn player(text: &str, name: &'static str) -> Result<Player, PositionError> {
    match text {
        "x" => Ok(Player::Black),
        "o" => Ok(Player::White),
        other => Err(field(name, FieldProblem::NotAPlayer { found: other.to_owned() })),
    }
}

/// Reads a decimal number from `least` to 65,535 written without leading zeros.
fn number(text: &str, name: &'static str, least: u16) -> Result<u16, PositionError> {
    let plain = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) && (text == "0" || !text.starts_with('0'));
    plain
        .then(|| text.parse::<u16>().ok())
        .flatten()
        .filter(|&n| n >= least)
        .ok_or_else(|| field(name, FieldProblem::NotANumber { found: text.to_owned(), least, most: u16::MAX }))
}

/// The most stones a player has: three stacks of three.
const MOST_STONES: u16 = 9;
/// The most points one match gives.
const MOST_POINTS: u32 = 6;

/// Reads position text.
pub fn parse(options: RaOptions, text: &str) -> Result<Ra, PositionError> {
    let fields = five_fields(text)?;
    let (cells, stones) = read_stacks(fields[0])?;
    for player in Player::ALL {
        if stones[player] > MOST_STONES {
            let (found, most) = (usize::from(stones[player]), usize::from(MOST_STONES));
            return Err(PositionError::TooMany { player, found, most, what: PieceWord::Stones });
        }
    }
    let Fields { to_move, score, match_number, starter } = read_fields(&fields)?;
    if match_number == 1 && starter != options.first {
        return Err(PositionError::invalid(Impossible::FirstMatchStarter { first: options.first }));
    }
    let winner = Player::ALL.into_iter().find(|&p| has_won(&options, score, p));
    // Each finished match gives at most 6 points; the match being played has
    // given none yet, unless it ended the game.
    let finished_matches = u32::from(match_number) - u32::from(winner.is_none());
    if u32::from(score.black) + u32::from(score.white) > MOST_POINTS * finished_matches {
        let (black, white, finished) = (score.black, score.white, finished_matches);
        return Err(PositionError::invalid(Impossible::ScoreTooHigh { black, white, finished }));
    }
    let stack_on = |cell: HexCell, owner: Player| unpack(cells[cell.index()]).filter(|s| s.owner == owner);
    let outcome = match winner {
        None => {
            for player in Player::ALL {
                if stones[player] == 0 {
                    return Err(PositionError::invalid(Impossible::NoStacks));
                }
                // Reaching the enemy RA cell ends the match at once, and the
                // next starts from the start board.
                if stack_on(target_ra(player), player).is_some() {
                    return Err(PositionError::invalid(Impossible::OnEnemyRa));
                }
            }
            None
        }
        Some(winner) => Some(finished(options, score, winner, to_move, &stack_on, stones)?),
    };
    let mut ra = Ra::new(options);
    ra.cells = cells;
    ra.to_move = to_move;
    ra.score = score;
    ra.match_number = match_number;
    ra.starter = starter;
    ra.outcome = outcome;
    ra.hash = ra.hash_from_scratch();
    ra.history = vec![ra.hash];
    Ok(ra)
}

/// The stacks field (`x3c5/o2h8`, or `-`): each cell's packed stack, and
/// each player's stones. Only the layout is checked.
pub(crate) fn read_stacks(text: &str) -> Result<([u8; CELLS], ByPlayer<u16>), PositionError> {
    let mut cells = [0u8; CELLS];
    let mut stones = ByPlayer::<u16>::default();
    if text != "-" {
        for token in text.split('/') {
            let mut chars = token.chars();
            let stack = || token.to_owned();
            let owner = chars
                .next()
                .and_then(Player::from_letter)
                .ok_or_else(|| field("stacks", FieldProblem::StackOwner { stack: stack() }))?;
            let height = chars
                .next()
                .and_then(|c| c.to_digit(10))
                .filter(|h| (1..=3).contains(h))
                .ok_or_else(|| field("stacks", FieldProblem::StackHeight { stack: stack() }))?;
            let cell = HexCell::parse(chars.as_str()).ok_or_else(|| {
                field("stacks", FieldProblem::StackCell { stack: stack(), cell: chars.as_str().to_owned() })
            })?;
            if cells[cell.index()] != 0 {
                return Err(field("stacks", FieldProblem::TwoStacks { cell: cell.to_string() }));
            }
            cells[cell.index()] = pack(owner, height as u8);
            stones[owner] = stones[owner].saturating_add(height as u16);
        }
    }
    Ok((cells, stones))
}

/// What stands on each cell (by cell number) of a stacks field.
pub(crate) fn read_pieces(text: &str) -> Result<Vec<Option<crate::Piece>>, PositionError> {
    let (cells, _) = read_stacks(text)?;
    Ok(cells.iter().map(|&c| unpack(c).map(|s| crate::Piece { owner: s.owner, height: s.height })).collect())
}

/// The fields after the stacks, as written (their layout only).
pub(crate) struct Fields {
    pub to_move: Player,
    pub score: ByPlayer<u16>,
    pub match_number: u16,
    pub starter: Player,
}

/// The five fields of position text.
pub(crate) fn five_fields(text: &str) -> Result<[&str; 5], PositionError> {
    let fields = split_fields(text)?;
    <[&str; 5]>::try_from(fields.as_slice())
        .map_err(|_| field("layout", FieldProblem::FieldCount { found: fields.len() }))
}

/// Reads the side, score, match and starter fields.
pub(crate) fn read_fields(fields: &[&str; 5]) -> Result<Fields, PositionError> {
    let [_, side, score, match_number, starter] = fields;
    let (black, white) = score.split_once('-').ok_or_else(|| field("score", FieldProblem::ScoreShape))?;
    Ok(Fields {
        to_move: player(side, "side")?,
        score: ByPlayer { black: number(black, "score", 0)?, white: number(white, "score", 0)? },
        match_number: number(match_number, "match", 1)?,
        starter: player(starter, "starter")?,
    })
}

/// The outcome of a game whose score says `winner` has won. The board is
/// kept as the last match ended, so it shows how: the winner's stack on the
/// enemy RA cell, or no stack of the loser left; and the loser is to move.
fn finished(
    options: RaOptions,
    score: ByPlayer<u16>,
    winner: Player,
    to_move: Player,
    stack_on: &dyn Fn(HexCell, Player) -> Option<Stack>,
    stones: ByPlayer<u16>,
) -> Result<Outcome, PositionError> {
    let loser = winner.opponent();
    if to_move != loser {
        return Err(PositionError::invalid(Impossible::LoserNotToMove { winner }));
    }
    if stack_on(target_ra(loser), loser).is_some() {
        return Err(PositionError::invalid(Impossible::LoserOnRa));
    }
    let (reason, points) = match stack_on(target_ra(winner), winner) {
        Some(stack) => (EndReason::ReachedRa { stones: stack.height }, RA_POINTS[usize::from(stack.height) - 1]),
        None if stones[loser] == 0 && stones[winner] > 0 => (EndReason::CapturedAll, CAPTURE_ALL_POINTS),
        None => {
            return Err(PositionError::invalid(Impossible::EndNotShown));
        }
    };
    // Before the last match's points the game was not yet won.
    let mut before = score;
    before[winner] = score[winner]
        .checked_sub(points)
        .ok_or_else(|| PositionError::invalid(Impossible::LastMatchPoints { winner, points, score: score[winner] }))?;
    if has_won(&options, before, winner) {
        return Err(PositionError::invalid(Impossible::WonBefore { winner }));
    }
    Ok(Outcome::Win { winner, reason })
}

/// Draws the board as 13 rows of hexagons, top row first, each row labelled
/// with its first and last cell. `X3` is a Black stack of 3, `O1` a White
/// stone, `*x`/`*o` the empty RA cells of Black and White.
pub fn diagram(ra: &Ra) -> String {
    let mut out = String::new();
    for row in (1..=13i32).rev() {
        // Row R holds the cells with N − L + 7 = R, L increasing left to right.
        let cells: Vec<HexCell> = (1..=13i32)
            .filter_map(|l| usize::try_from(row - 7 + l).ok().and_then(|n| HexCell::new(l as usize, n)))
            .collect();
        let indent = (row - 7).unsigned_abs() as usize * 2;
        let _ = write!(out, "{row:>2} {}", " ".repeat(indent));
        for cell in &cells {
            let mark = match (ra.stack_at(*cell), *cell) {
                (Some(s), _) => format!("{}{}", if s.owner == Player::Black { 'X' } else { 'O' }, s.height),
                (None, c) if c == BLACK_RA => "*x".to_owned(),
                (None, c) if c == WHITE_RA => "*o".to_owned(),
                (None, _) => ". ".to_owned(),
            };
            let _ = write!(out, "{mark:<4}");
        }
        if let (Some(first), Some(last)) = (cells.first(), cells.last()) {
            let _ = write!(out, "{}({first}–{last})", " ".repeat(indent));
        }
        out = out.trim_end().to_owned();
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_text_round_trips() {
        let ra = Ra::new(RaOptions::default());
        let text = format(&ra);
        assert_eq!(text, "x3c5/x3e3/x3f6/o3h8/o3i11/o3k9 x 0-0 1 x");
        let back = parse(RaOptions::default(), &text).unwrap();
        assert_eq!(back, ra);
    }

    #[test]
    fn any_stack_order_is_read_and_written_in_board_order() {
        let ra = parse(RaOptions::default(), "o3k9/x3c5/x3e3/x3f6/o3h8/o3i11 x 0-0 1 x").unwrap();
        assert_eq!(format(&ra), "x3c5/x3e3/x3f6/o3h8/o3i11/o3k9 x 0-0 1 x");
    }

    #[test]
    fn errors_are_specific() {
        let o = RaOptions::default();
        let err = |t: &str| parse(o, t).unwrap_err().to_string();
        assert_eq!(err(""), "the position text is empty");
        assert_eq!(err(" x3c5/o1h8 x 0-0 1 x"), PositionError::Spacing.to_string());
        assert_eq!(err("x3c5/o1h8 x 0-0  1 x"), PositionError::Spacing.to_string());
        assert!(err("x3c5 x 0-0 1").contains("5 fields"));
        assert!(err("x4c5/o1h8 x 0-0 1 x").contains("height must be 1, 2 or 3"));
        assert!(err("x3a9/o1h8 x 0-0 1 x").contains("not a cell"));
        assert!(err("x3c5/o1c5 x 0-0 1 x").contains("two stacks on c5"));
        assert!(err("x3j10/o1h8 x 0-0 1 x").contains("enemy RA"));
        assert!(err("x3c5 x 0-0 1 x").contains("at least one stack"));
        assert!(err("- x 0-0 1 x").contains("at least one stack"));
        assert!(err("x3c5/o1h8 y 0-0 1 x").contains("side"));
        assert!(err("x3c5/o1h8 x 0:0 1 x").contains("score"));
        assert_eq!(
            err("x3a1/x3a2/x3a3/x1a4/o1h8 x 0-0 1 x"),
            "impossible position: black has 10 stones; a player has at most 9"
        );
        assert_eq!(
            err("x3c5/o1h8 x 0-0 0 x"),
            "field match: \"0\" is not a number from 1 to 65535, written without leading zeros"
        );
        assert_eq!(
            err("x3c5/o1h8 x 0-0 007 x"),
            "field match: \"007\" is not a number from 1 to 65535, written without leading zeros"
        );
        assert_eq!(
            err("x3c5/o1h8 x 0-65536 9 x"),
            "field score: \"65536\" is not a number from 0 to 65535, written without leading zeros"
        );
    }

    /// The reasons are data (for the app's words), their `Display` the CLI's.
    #[test]
    fn reasons_carry_their_values() {
        let o = RaOptions::default();
        let err = |t: &str| parse(o, t).unwrap_err();
        let starter = Impossible::FirstMatchStarter { first: Player::Black };
        assert_eq!(err("x3c5/o1h8 x 0-0 1 o"), PositionError::invalid(starter));
        let two = FieldProblem::TwoStacks { cell: "c5".to_owned() };
        assert_eq!(err("x3c5/o1c5 x 0-0 1 x"), PositionError::Field { field: "stacks", problem: two });
        let high = Impossible::ScoreTooHigh { black: 5, white: 4, finished: 1 };
        assert_eq!(err("x3c5/o1h8 x 5-4 2 x"), PositionError::invalid(high));
    }

    #[test]
    fn counts_no_game_reaches_are_refused() {
        let err = |o: RaOptions, t: &str| parse(o, t).unwrap_err().to_string();
        let o = RaOptions::default();
        // Match 1 has no finished match behind it, so no points; a match gives at most 6.
        assert!(err(o, "x3c5/o1h8 x 1-0 1 x").contains("more than 0 finished matches"));
        assert!(err(o, "x3c5/o1h8 x 5-4 2 x").contains("more than 1 finished match "));
        assert!(parse(o, "x3c5/o1h8 x 5-1 2 o").is_ok());
        // Match 1 is started by the player the rules say.
        assert!(err(o, "x3c5/o1h8 x 0-0 1 o").contains("match 1 is started by black"));
        let white_first = RaOptions { first: Player::White, ..o };
        assert!(parse(white_first, "x3c5/o1h8 x 0-0 1 o").is_ok());
    }

    #[test]
    fn a_finished_game_shows_how_its_last_match_ended() {
        let o = RaOptions::default();
        let err = |t: &str| parse(o, t).unwrap_err().to_string();
        // The winner's stack on the enemy RA cell: the points of its height.
        let reached = parse(o, "x2j10/o3k9 o 6-1 3 x").unwrap();
        assert_eq!(
            reached.outcome(),
            Some(Outcome::Win { winner: Player::Black, reason: EndReason::ReachedRa { stones: 2 } })
        );
        assert_eq!(reached.count_legal_moves(), 0);
        // No stack of the loser left: the last enemy stack was captured.
        let captured = parse(o, "x3c5 o 6-1 3 x").unwrap();
        assert_eq!(captured.outcome(), Some(Outcome::Win { winner: Player::Black, reason: EndReason::CapturedAll }));
        // A won score on a board that shows no end of a match.
        assert!(err("x3c5/o1h8 o 6-1 3 x").contains("does not show how its last match ended"));
        // After the winning move the loser is to move.
        assert!(err("x2j10/o3k9 x 6-1 3 x").contains("so white is to move"));
        // 7-0 after a last match worth 1: the game was won at 6-0 already.
        assert!(err("x1j10/o3k9 o 7-0 3 x").contains("had already won before the last match"));
        // A last match worth 6 needs 6 points.
        assert!(err("x3j10/o3k9 o 5-0 3 x").contains("enemy RA"));
        let target_three = RaOptions { target: 3, ..o };
        assert!(parse(target_three, "x3j10/o3k9 o 3-0 1 x").unwrap_err().to_string().contains("has only 3"));
    }

    #[test]
    fn a_finished_game_keeps_its_last_board_and_reads_back() {
        let mut ra = parse(RaOptions::default(), "x1h10/o3k9 x 5-0 2 x").unwrap();
        ra.play_text("1h10-j10").unwrap();
        let text = format(&ra);
        assert_eq!(text, "x1j10/o3k9 o 6-0 2 x");
        assert_eq!(format(&parse(RaOptions::default(), &text).unwrap()), text);
    }

    #[test]
    fn diagram_shows_every_row() {
        let d = diagram(&Ra::new(RaOptions::default()));
        assert_eq!(d.lines().count(), 13);
        assert!(d.lines().nth(6).unwrap().contains("*x"), "{d}");
        assert!(d.contains("X3") && d.contains("O3"));
    }
}
