//! The `review` command: the searcher's verdict on every position of a
//! game, and what it makes of every move (the same code as the app's review).

use std::fmt::Write as _;

use rules::{AnyGame, AnyMove, Player};
use search::AnyEngine;
use search::review::{self, MoveReview, Summary, Verdict};
use search::{Budget, score};

/// A game to review: its positions (the start, then after each move) and moves.
pub struct Game {
    /// Every position, the start first.
    pub positions: Vec<AnyGame>,
    /// The moves between them.
    pub moves: Vec<AnyMove>,
}

impl Game {
    /// Plays `moves` from `start`.
    ///
    /// # Errors
    /// The first move that cannot be read or played.
    pub fn replay(start: AnyGame, moves: &[String]) -> Result<Game, String> {
        let mut game = Game { positions: vec![start.clone()], moves: Vec::new() };
        start
            .replay(moves.iter().map(String::as_str), |mv, after| {
                game.moves.push(mv);
                game.positions.push(after.clone());
            })
            .map_err(|bad| bad.to_string())?;
        Ok(game)
    }
}

/// A percentage with no decimals.
fn percent(chance: f64) -> String {
    format!("{:.0}%", chance * 100.0)
}

fn summary_line(player: Player, s: &Summary) -> String {
    let [inaccuracies, mistakes, blunders] = s.marks;
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    format!(
        "{}: {}, {}, {}, {}, average loss {:.1}%",
        player,
        plural(s.moves, "move"),
        plural(inaccuracies, "inaccuracy").replace("inaccuracys", "inaccuracies"),
        plural(mistakes, "mistake"),
        plural(blunders, "blunder"),
        s.average_loss * 100.0
    )
}

/// Reviews `game`: a line per position with Black's win chance after the
/// move, the evaluation for the side to move, any proven result, the mark
/// and the searcher's better move; then each player's summary.
///
/// `nodes` replaces the review's own budget per position.
#[must_use]
pub fn review(game: &Game, nodes: Option<u64>) -> String {
    let spec = game.positions[0].spec();
    let (setup, mut budget) = review::settings(&spec);
    if let Some(n) = nodes {
        budget = Budget::nodes(n);
    }
    let mut engine = AnyEngine::new(spec.kind(), setup);
    let bar = crate::progress::bar(game.positions.len() as u64, "positions");
    let verdicts: Vec<Verdict> = game
        .positions
        .iter()
        .map(|p| {
            let verdict = review::judge(p, &mut engine, budget);
            bar.inc(1);
            verdict
        })
        .collect::<Option<_>>()
        .unwrap_or_default();
    bar.finish_and_clear();
    let reviews: Vec<MoveReview> = review::review_moves(&verdicts, &game.moves);
    let mut out = String::new();
    let line = |out: &mut String, label: &str, mv: &str, v: &Verdict, r: Option<&MoveReview>| {
        let mut text = format!(
            "{label:>5} {mv:<12} Black {:>4}  {:>9}",
            percent(v.chance_of(Player::Black)),
            score::describe(v.score)
        );
        if let Some(proven) = v.proven_text() {
            let _ = write!(text, "  {proven}");
        }
        if let Some(r) = r.filter(|r| r.mark.is_some()) {
            let mark = r.mark.map_or("", |m| m.symbol());
            let _ = write!(text, "  {mark} loses {}", percent(r.loss));
            if let Some(better) = &r.better {
                let _ = write!(text, ", better {better}");
            }
        }
        let _ = writeln!(out, "{}", text.trim_end());
    };
    let solver = if search::solver::settles_quickly(&spec) {
        format!(", then the solver ({} positions)", search::review::SOLVE_NODES)
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "review: {} nodes per position, engine {}{solver}; evaluations for the side to move",
        budget.nodes.unwrap_or_default(),
        setup.searcher.id()
    );
    if let Some(start) = verdicts.first() {
        line(&mut out, "start", "", start, None);
    }
    for (i, (mv, r)) in game.moves.iter().zip(&reviews).enumerate() {
        let ply = i + 1;
        let label = if ply % 2 == 1 { format!("{}.", ply.div_ceil(2)) } else { format!("{}…", ply / 2) };
        line(&mut out, &label, &mv.to_string(), &verdicts[ply], Some(r));
    }
    for player in Player::ALL {
        let s = review::summary(&reviews, player);
        if s.moves > 0 {
            let _ = writeln!(out, "{}", summary_line(player, &s));
        }
    }
    out
}

/// `ludoteca review`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    line: crate::inputs::Line,
    /// Nodes (or playouts) per position instead of the review's own budget, at least 1.
    #[arg(long, value_parser = crate::args::count, allow_hyphen_values = true)]
    nodes: Option<u64>,
}

impl Args {
    /// Runs the command.
    ///
    /// # Errors
    /// A start or a move that does not read or play.
    pub fn run(&self) -> Result<String, String> {
        let game = Game::replay(self.line.start()?, &self.line.moves)?;
        Ok(review(&game, self.nodes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(spec: &str, from: Option<&str>, moves: &[&str]) -> Game {
        let spec: rules::GameSpec = spec.parse().unwrap();
        let start = from.map_or_else(|| spec.start(), |f| spec.position(f).unwrap());
        Game::replay(start, &moves.iter().map(|m| (*m).to_owned()).collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn every_ply_gets_a_line_and_each_player_a_summary() {
        let text = review(&game("loa", None, &["b1-b3", "a2-c2", "e1-e3"]), Some(2_000));
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("review: 2000 nodes per position"), "{text}");
        assert!(lines[1].trim_start().starts_with("start"), "{text}");
        assert!(lines[2].contains("1. b1-b3"), "{text}");
        assert!(lines[3].contains("1… a2-c2"), "{text}");
        assert!(lines[4].contains("2. e1-e3"), "{text}");
        assert!(lines[5].starts_with("Black: 2 moves"), "{text}");
        assert!(lines[6].starts_with("White: 1 move,"), "{text}");
        assert_eq!(lines.len(), 7);
    }

    #[test]
    fn a_move_that_throws_away_a_proven_win_is_a_blunder() {
        // Lines of Action, Black (b2, b3, d4) to move wins at once with
        // d4-c4; after d4-d5 White (f1, h1) connects with f1-g2.
        let g = game("loa", Some("8/8/8/8/3x4/1x6/1x6/5o1o x"), &["d4-d5"]);
        let text = review(&g, Some(20_000));
        let played = text.lines().find(|l| l.contains("d4-d5")).unwrap_or_default();
        assert!(played.contains("??"), "{text}");
        assert!(text.lines().nth(1).is_some_and(|l| l.contains("Black wins in 1 (proven)")), "{text}");
    }

    #[test]
    fn small_boards_are_settled_by_the_solver() {
        // Forms advanced 4 × 4: Black wins by d3xc3, so b1xa1 throws the win away.
        let text = review(&game("forms:rules=advanced,size=4", None, &["b1xa1", "c1xd1"]), None);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].contains("then the solver (50000 positions)"), "{text}");
        assert!(lines[1].ends_with("win  Black wins with perfect play"), "{text}");
        assert!(lines[2].ends_with("?? loses 100%, better d3xc3"), "{text}");
        assert!(lines[2].contains("White wins with perfect play"), "{text}");
    }

    #[test]
    fn the_apps_review_and_this_command_give_the_same_verdicts_and_marks() {
        use ludoteca_core::worker::protocol::{Purpose, Request, Response};
        use ludoteca_core::worker::service::{WorkerState, handle};
        // A game of our own, played by levels 1 and 2 (mistakes included).
        let moves = "g8-g6 a2-c2 g6xc2 a7-c5 c1xc5 h7-g7 b8-b6 a5-c3 c8-c4 c3-f3 b1-d3 h3-g4 g1xg4 \
                     a3xd3 f8-d6 h2-f2 d8-d4 g7-g5 e8-d8 g5-d5 e1-d2 a6-b7 b6-e6 h6xe6 d8-f6 b7-e4";
        let g = game("loa", None, &moves.split_whitespace().collect::<Vec<_>>());
        // This command: one engine, the positions in order.
        let spec = g.positions[0].spec();
        let (setup, budget) = review::settings(&spec);
        let mut engine = AnyEngine::new(spec.kind(), setup);
        let here: Vec<Option<Verdict>> = g.positions.iter().map(|p| review::judge(p, &mut engine, budget)).collect();
        // The app: the positions handed to two workers from the end (each
        // keeps its engine between requests), answered as the session reads them.
        let mut workers = [WorkerState::default(), WorkerState::default()];
        let mut app: Vec<Option<Verdict>> = vec![None; g.positions.len()];
        for (turn, ply) in (0..g.positions.len()).rev().enumerate() {
            let position = &g.positions[ply];
            let request = Request::Search {
                id: ply as u64,
                spec,
                from: None,
                moves: g.moves[..ply].to_vec(),
                purpose: Purpose::Review,
                seed: 1,
                max_ms: None,
            };
            handle(&mut workers[turn % 2], request, &search::budget::NoClock, &mut |answer| {
                if let Response::Done { best, score, .. } = answer {
                    app[ply] = Some(Verdict { to_move: position.to_move(), score, best: Some(best) });
                }
            });
        }
        assert_eq!(app, here);
        let here: Vec<Verdict> = here.into_iter().flatten().collect();
        let marks: Vec<_> = review::review_moves(&here, &g.moves).iter().map(|r| r.mark).collect();
        assert!(marks.iter().any(Option::is_some), "a game with a marked move: {marks:?}");
    }
}
