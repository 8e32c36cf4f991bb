//! The `solve` command: the exact value of a position with perfect play, by
//! the searcher's proof-number solver.

use std::fmt::Write as _;

use rules::{AnyGame, Game};
use search::Clock;
use search::solver::{self, Limits, Numbers, ProofSize, Solution, Value};

use crate::play::InstantClock;

/// The solver's answer in words: the value for the side to move (and who
/// wins), a move that achieves it, a line of perfect play, the proof's
/// size and the effort.
fn report<G: Game>(game: &G, s: &Solution<G::Move>, elapsed_ms: f64) -> String {
    let mover = game.to_move();
    let mut out = match s.value {
        Some(Value::Win) => format!("result: win for the side to move ({mover} wins with perfect play)\n"),
        Some(Value::Loss) => {
            format!("result: loss for the side to move ({} wins with perfect play)\n", mover.opponent())
        }
        Some(Value::Draw) => "result: draw with perfect play\n".to_owned(),
        None => "result: unknown within the budget\n".to_owned(),
    };
    if let Some(best) = &s.best {
        let _ = writeln!(out, "best: {best}");
    }
    if !s.line.is_empty() {
        let mut end = game.clone();
        let mut words = Vec::with_capacity(s.line.len());
        for &mv in &s.line {
            end.play_unchecked(mv);
            words.push(mv.to_string());
        }
        // "…" where the line stops before the game ends (a forgotten part, or its length limit).
        let more = if end.outcome().is_some() { "" } else { " …" };
        let _ = writeln!(out, "line: {}{more}", words.join(" "));
    }
    match s.proof_size {
        Some(ProofSize { positions, whole: true }) => {
            let _ = writeln!(out, "proof: {positions} positions");
        }
        Some(ProofSize { positions, whole: false }) => {
            let _ = writeln!(
                out,
                "proof: at least {positions} positions (the rest had left the full table or passed the count's limit)"
            );
        }
        None => {}
    }
    let _ = writeln!(out, "nodes: {} time: {elapsed_ms:.0} ms", s.nodes);
    if s.forgets > 0 {
        let _ = writeln!(out, "table: full {} times, each time forgetting the cheaper half", s.forgets);
    }
    out
}

/// Solves `game` within the budget, counting by `numbers`.
#[must_use]
pub fn solve(game: &AnyGame, nodes: Option<u64>, time_ms: Option<f64>, memory_mb: usize, numbers: Numbers) -> String {
    let clock = InstantClock::new();
    let limits = Limits { nodes: nodes.unwrap_or(u64::MAX), time_ms, clock: &clock, memory_mb, numbers };
    let limits = if nodes.is_none() && time_ms.is_none() { Limits { nodes: 10_000_000, ..limits } } else { limits };
    macro_rules! run {
        ($g:expr) => {{
            let s = solver::solve($g, limits);
            report($g, &s, clock.now_ms())
        }};
    }
    match game {
        AnyGame::Attract(g) => run!(g),
        AnyGame::Forms(g) => run!(g),
        AnyGame::Ra(g) => run!(g),
        AnyGame::Loa(g) => run!(g),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_won_position_names_its_move_and_an_open_one_says_unknown() {
        let spec: rules::GameSpec = "loa".parse().unwrap();
        let won = spec.position("8/8/8/8/3x4/1x6/1x6/5o1o x").unwrap();
        let text = solve(&won, None, None, 16, Numbers::CLASSIC);
        assert!(text.starts_with("result: win for the side to move (Black wins with perfect play)\nbest: "), "{text}");
        // A win in one: the line is the winning move, and the game ends there.
        let best = text.lines().nth(1).and_then(|l| l.strip_prefix("best: ")).unwrap();
        assert!(text.contains(&format!("\nline: {best}\n")), "{text}");
        assert!(text.contains("\nproof: "), "{text}");
        let numbers = Numbers { combine: solver::Combine::Weak, initial: solver::Initial::Mobility };
        let text = solve(&spec.start(), Some(500), None, 16, numbers);
        assert!(text.starts_with("result: unknown within the budget\nnodes: "), "{text}");
    }
}
