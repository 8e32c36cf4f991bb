//! RA position text and the text diagram.
//!
//! Position text is five space-separated fields:
//! `STACKS SIDE SCORE MATCH STARTER`, e.g. the start of a game,
//! `x3c5/x3e3/x3f6/o3h8/o3i11/o3k9 x 0-0 1 x`:
//! - STACKS: each stack as owner (`x`/`o`), height (1–3) and cell, joined by
//!   `/` in board order (a1, a2, … m13); `-` for none. Any order is read; the
//!   text is always written in board order.
//! - SIDE: the player to move.
//! - SCORE: Black's points, `-`, White's points.
//! - MATCH: the number of the current match, from 1.
//! - STARTER: who moved first in the current match (the repetition house rule
//!   needs it to choose who starts the next).
//!
//! Every character is URL-safe; in a URL the spaces are written `_`.

use std::fmt::Write as _;

use super::board::CELLS;
use super::{BLACK_RA, HexCell, Ra, RaOptions, WHITE_RA, pack};
use crate::error::PositionError;
use crate::game::{ByPlayer, EndReason, Game, Outcome, Player};

fn field(field: &'static str, problem: impl Into<String>) -> PositionError {
    PositionError::Field { field, problem: problem.into() }
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
        other => Err(field(name, format!("must be x or o, not {other:?}"))),
    }
}

fn number(text: &str, name: &'static str) -> Result<u16, PositionError> {
    if text.is_empty()
        || text.len() > 3
        || !text.bytes().all(|b| b.is_ascii_digit())
        || (text.len() > 1 && text.starts_with('0'))
    {
        return Err(field(name, format!("{text:?} is not a number from 0 to 999")));
    }
    text.parse().map_err(|_| field(name, format!("{text:?} is not a number")))
}

/// Reads position text.
pub fn parse(options: RaOptions, text: &str) -> Result<Ra, PositionError> {
    if text.is_empty() {
        return Err(PositionError::Empty);
    }
    let fields: Vec<&str> = text.split(' ').collect();
    if fields.len() != 5 {
        return Err(field(
            "layout",
            format!("RA position text has 5 fields (stacks, side, score, match, starter); found {}", fields.len()),
        ));
    }
    let mut cells = [0u8; CELLS];
    let mut stones = ByPlayer::<u16>::default();
    let mut on_enemy_ra = false;
    if fields[0] != "-" {
        for token in fields[0].split('/') {
            let mut chars = token.chars();
            let owner = chars.next().and_then(Player::from_letter).ok_or_else(|| {
                field("stacks", format!("{token:?} should start with x or o, then the height and the cell, like x3c5"))
            })?;
            let height = chars
                .next()
                .and_then(|c| c.to_digit(10))
                .filter(|h| (1..=3).contains(h))
                .ok_or_else(|| field("stacks", format!("{token:?}: the height must be 1, 2 or 3")))?;
            let cell = HexCell::parse(chars.as_str()).ok_or_else(|| {
                field("stacks", format!("{token:?}: {:?} is not a cell of the board", chars.as_str()))
            })?;
            if cells[cell.index()] != 0 {
                return Err(field("stacks", format!("two stacks on {cell}")));
            }
            on_enemy_ra |= (owner == Player::Black && cell == WHITE_RA) || (owner == Player::White && cell == BLACK_RA);
            cells[cell.index()] = pack(owner, height as u8);
            stones[owner] += height as u16;
        }
    }
    for p in Player::ALL {
        if stones[p] == 0 {
            return Err(PositionError::Invalid { reason: "each player needs at least one stack" });
        }
        if stones[p] > 9 {
            return Err(PositionError::Invalid { reason: "a player has only 9 stones" });
        }
    }
    let to_move = player(fields[1], "side")?;
    let (black, white) =
        fields[2].split_once('-').ok_or_else(|| field("score", "write it as BLACK-WHITE, like 3-1"))?;
    let score = ByPlayer { black: number(black, "score")?, white: number(white, "score")? };
    let match_number = number(fields[3], "match")?;
    if match_number == 0 {
        return Err(field("match", "matches are numbered from 1"));
    }
    let starter = player(fields[4], "starter")?;
    let mut ra = Ra::new(options);
    ra.cells = cells;
    ra.to_move = to_move;
    ra.score = score;
    ra.match_number = match_number;
    ra.starter = starter;
    ra.hash = ra.hash_from_scratch();
    ra.history = vec![ra.hash];
    for p in Player::ALL {
        let (mine, theirs) = (score[p], score[p.opponent()]);
        if mine >= options.target && mine >= theirs + options.lead {
            ra.outcome = Some(Outcome::Win { winner: p, reason: EndReason::TargetReached });
        }
    }
    // A stack on the enemy RA cell ends the match at once; the board only
    // shows one when it was the game's last move (the board is kept then).
    if on_enemy_ra && ra.outcome.is_none() {
        return Err(PositionError::Invalid { reason: "a stack stands on the enemy RA cell, so the match is over" });
    }
    Ok(ra)
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
        assert!(err("x3c5 x 0-0 1").contains("5 fields"));
        assert!(err("x4c5/o1h8 x 0-0 1 x").contains("height must be 1, 2 or 3"));
        assert!(err("x3a9/o1h8 x 0-0 1 x").contains("not a cell"));
        assert!(err("x3c5/o1c5 x 0-0 1 x").contains("two stacks on c5"));
        assert!(err("x3j10/o1h8 x 0-0 1 x").contains("enemy RA"));
        assert!(err("x3c5 x 0-0 1 x").contains("at least one stack"));
        assert!(err("x3c5/o1h8 y 0-0 1 x").contains("side"));
        assert!(err("x3c5/o1h8 x 0:0 1 x").contains("score"));
        assert!(err("x3c5/o1h8 x 0-0 0 x").contains("from 1"));
        assert!(err("x3a1/x3a2/x3a3/x1a4/o1h8 x 0-0 1 x").contains("9 stones"));
    }

    #[test]
    fn a_finished_score_is_a_finished_game() {
        let ra = parse(RaOptions::default(), "x3c5/o1h8 o 6-1 3 x").unwrap();
        assert_eq!(ra.outcome(), Some(Outcome::Win { winner: Player::Black, reason: EndReason::TargetReached }));
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
