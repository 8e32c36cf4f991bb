//! The `play` and `moves` commands. Each command is a function from its
//! arguments to the text it prints, so that nothing reaches standard output
//! unless the whole command succeeded.

use std::fmt::Write as _;

use rules::AnyGame;

use crate::inputs::Line;

/// The board, the position text, the side to move and the result of `game`.
fn describe(game: &AnyGame) -> String {
    let mut out = game.diagram();
    let _ = writeln!(out, "position: {}", game.position_text());
    let _ = writeln!(out, "to-move: {}", game.to_move().letter());
    if let Some((score, number)) = game.match_score() {
        let _ = writeln!(out, "score: x {} o {}", score.black, score.white);
        let _ = writeln!(out, "match: {number}");
    }
    if let AnyGame::Ra(ra) = game
        && let Some(end) = ra.last_match()
        && game.outcome().is_none()
    {
        let _ = match end.winner {
            Some(winner) => writeln!(
                out,
                "last-match: {} won {} point{} ({})",
                winner.letter(),
                end.points,
                if end.points == 1 { "" } else { "s" },
                rules::Outcome::Win { winner, reason: end.reason }.reason_text()
            ),
            None => writeln!(out, "last-match: drawn (threefold repetition), no points"),
        };
    }
    match game.outcome() {
        None => out.push_str("result: ongoing\n"),
        Some(outcome) => {
            let _ = writeln!(out, "result: {} ({})", outcome.result_text(), outcome.reason_text());
        }
    }
    out
}

/// The legal moves of `game`, one a line.
fn legal_moves(game: &AnyGame) -> String {
    game.legal_move_texts().iter().map(|m| format!("{m}\n")).collect()
}

/// `play` and `moves`: a start and the moves played from it.
pub type Args = Line;

impl Line {
    /// `ludoteca play`.
    ///
    /// # Errors
    /// A spec, start or move that does not read or play (`inputs::setup`).
    pub fn play(&self) -> Result<String, String> {
        Ok(describe(&self.game()?))
    }

    /// `ludoteca moves`.
    ///
    /// # Errors
    /// A spec, start or move that does not read or play (`inputs::setup`).
    pub fn moves(&self) -> Result<String, String> {
        Ok(legal_moves(&self.game()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inputs::setup;

    /// The text of `ludoteca play` for `spec` from `from` after `moves`.
    fn play(spec: &str, from: Option<&str>, moves: &[String]) -> Result<String, String> {
        Ok(describe(&setup(spec, from, moves)?))
    }

    /// The text of `ludoteca moves`.
    fn moves(spec: &str, from: Option<&str>, moves: &[String]) -> Result<String, String> {
        Ok(legal_moves(&setup(spec, from, moves)?))
    }
    use crate::perft::perft;

    fn strings(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| (*m).to_owned()).collect()
    }

    #[test]
    fn play_prints_board_position_side_and_result() {
        let out = play("loa", None, &strings(&["b1-b3"])).unwrap();
        assert!(out.starts_with("8 . x x x x x x .\n"), "{out}");
        assert!(out.contains("position: 1xxxxxx1/o6o/o6o/o6o/o6o/ox5o/o6o/2xxxxx1 o\n"));
        assert!(out.contains("to-move: o\n"));
        assert!(out.ends_with("result: ongoing\n"));
    }

    #[test]
    fn play_reports_a_finished_game() {
        let shuffle = strings(&["a8-c8", "a1-c1", "c8-a8", "c1-a1", "a8-c8", "a1-c1", "c8-a8", "c1-a1"]);
        let out = play("loa", Some("x6x/8/8/8/8/8/8/o6o_x"), &shuffle).unwrap();
        assert!(out.ends_with("to-move: x\nresult: draw (threefold repetition)\n"), "{out}");
        let err = play(
            "loa",
            Some("x6x/8/8/8/8/8/8/o6o x"),
            &strings(&["a8-c8", "a1-c1", "c8-a8", "c1-a1", "a8-c8", "a1-c1", "c8-a8", "c1-a1", "a8-c8"]),
        )
        .unwrap_err();
        assert_eq!(err, "move 9 \"a8-c8\": the game is already over");
    }

    #[test]
    fn errors_name_what_and_where() {
        assert_eq!(
            play("loa", None, &strings(&["b1-b3", "a2-c2", "b1-b9"])).unwrap_err(),
            "move 3 \"b1-b9\": \"b9\" is not a cell of this board"
        );
        assert_eq!(
            play("loa", None, &strings(&["b1-b4"])).unwrap_err(),
            "move 1 \"b1-b4\": not a legal move: there are 2 pieces on that column, so it moves exactly 2"
        );
        assert!(play("chess", None, &[]).unwrap_err().starts_with("game spec \"chess\": unknown game"));
        assert!(play("loa", Some("8/8 x"), &[]).unwrap_err().starts_with("position \"8/8 x\": the board has 2 rows"));
    }

    #[test]
    fn moves_lists_the_legal_moves() {
        let out = moves("loa", None, &[]).unwrap();
        assert_eq!(out.lines().count(), 36);
        assert!(out.lines().any(|l| l == "c1xa3"));
    }

    #[test]
    fn ra_play_prints_score_match_and_the_last_match() {
        let out = play("ra", Some("x1h10/o3k9_x_0-0_1_x"), &strings(&["1h10-j10"])).unwrap();
        assert!(out.contains("to-move: o\nscore: x 1 o 0\nmatch: 2\n"), "{out}");
        assert!(out.contains("last-match: x won 1 point (a stack of 1 reached the enemy RA cell)\n"), "{out}");
        assert!(out.ends_with("result: ongoing\n"));
        let won = play("ra", Some("x1h10/o3k9_x_5-0_2_x"), &strings(&["1h10-j10"])).unwrap();
        assert!(
            won.ends_with("score: x 6 o 0\nmatch: 2\nresult: x wins (a stack of 1 reached the enemy RA cell)\n"),
            "{won}"
        );
    }

    #[test]
    fn every_game_plays_and_counts() {
        assert_eq!(perft("attract", None, &strings(&["e2"]), 1, false, false).unwrap(), "1 63\n");
        assert_eq!(perft("forms:size=4", None, &[], 2, false, false).unwrap(), "1 64\n2 3584\n");
        assert_eq!(perft("ra", None, &[], 2, false, false).unwrap(), "1 54\n2 2936\n");
        let forms =
            play("forms:size=6", Some("oxoooo/2x1oo/oo1x1o/xxxxox/x2o2/1oxxxx_x"), &strings(&["d3xf6"])).unwrap();
        assert!(forms.contains("position: oxooox/2x1oo/5o/4ox/6/6 o\n"), "{forms}");
        let attract = play("attract", None, &strings(&["b1", "b8", "e2", "b2"])).unwrap();
        assert!(attract.contains("position: 8/1x6/8/8/8/8/1xoo4/8 o\n"), "{attract}");
        assert!(moves("ra", None, &[]).unwrap().lines().any(|l| l == "1c5-c8"));
    }
}
