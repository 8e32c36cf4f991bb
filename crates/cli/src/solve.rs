//! The `solve` command: the exact value of a position with perfect play, by
//! the searcher's proof-number solver.

use std::fmt::Write as _;

use rules::{AnyGame, Game};
use search::solver::{self, Numbers, Progress, ProofSize, Solution, SolverConfig, Value};
use search::{Budget, Clock, Controls};

use crate::clock::InstantClock;

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
        Some(Value::Draw) if s.repetition => {
            "result: draw: neither side can force a win without repeating a position (a draw only by the third \
             time, which the solver does not count)\n"
                .to_owned()
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
        Some(ProofSize { positions, repeats: true, .. }) => {
            let _ = writeln!(
                out,
                "proof: {positions} positions, but a line of it repeats a position (a full table forgot part of it): \
                 run again with more memory to trust the result"
            );
        }
        Some(ProofSize { positions, whole: true, .. }) => {
            let _ = writeln!(out, "proof: {positions} positions, checked: no line of it repeats a position");
        }
        Some(ProofSize { positions, whole: false, .. }) => {
            let _ = writeln!(
                out,
                "proof: at least {positions} positions (the rest had left the full table or passed the count's limit)"
            );
        }
        None => {}
    }
    if let Some(p) = &s.progress {
        let _ = writeln!(out, "{}", progress(mover, p));
    }
    let _ = writeln!(out, "nodes: {} time: {elapsed_ms:.0} ms", s.nodes);
    if s.forgets > 0 {
        let _ = writeln!(out, "table: full {} times, each time forgetting the cheaper half", s.forgets);
    }
    out
}

/// How far an unfinished search got, in words: the question it was on,
/// and the moves of the side to move it had settled for it.
fn progress<M: std::fmt::Display>(mover: rules::Player, p: &Progress<M>) -> String {
    let question = if p.attacker == mover {
        format!("can {mover} win?")
    } else {
        format!("{mover} cannot win; can {}?", p.attacker)
    };
    let settled: Vec<String> = p
        .settled
        .iter()
        .map(|(mv, wins)| {
            let verdict = match (p.attacker == mover, wins) {
                (true, true) => "wins",
                (true, false) => "does not win",
                (false, true) => "loses",
                (false, false) => "does not lose",
            };
            format!("{mv} {verdict}")
        })
        .collect();
    let list = if settled.is_empty() { String::new() } else { format!(": {}", settled.join(", ")) };
    format!("progress: {question} {} of {} moves settled{list}", settled.len(), p.moves)
}

/// The longest a `solve` without `--time-ms` runs, in milliseconds: a
/// question too big for a minute should be asked with a time of its own.
pub const DEFAULT_TIME_MS: f64 = 60_000.0;

/// The budget of a `solve` asked for `nodes` and `time_ms`: with neither,
/// ten million positions; without a time, [`DEFAULT_TIME_MS`].
fn budget(nodes: Option<u64>, time_ms: Option<f64>) -> Budget {
    let nodes = if nodes.is_none() && time_ms.is_none() { Some(10_000_000) } else { nodes };
    Budget { nodes, time_ms: time_ms.or(Some(DEFAULT_TIME_MS)), depth: None }
}

/// Solves `game` within the budget, counting by `numbers`; without a time,
/// within [`DEFAULT_TIME_MS`].
#[must_use]
pub fn solve(game: &AnyGame, nodes: Option<u64>, time_ms: Option<f64>, memory_mb: usize, numbers: Numbers) -> String {
    let clock = InstantClock::new();
    let budget = budget(nodes, time_ms);
    let controls = Controls { budget, clock: &clock, stop: None, seed: 1, variety: search::Variety::NONE };
    let config = SolverConfig { memory_mb, numbers };
    let limit = budget.time_ms.map_or(String::new(), |ms| format!(" (at most {} s)", ms / 1000.0));
    let spinner = crate::progress::spinner(format!("solving{limit}"));
    // How it is getting on: on the spinner, or (when the spinner cannot be
    // drawn: output to a file) a line on stderr about once a minute.
    let to_terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let last_line = std::cell::Cell::new(0.0);
    let on_report = |r: solver::Report| {
        let question = if r.attacker == game.to_move() {
            format!("can {} win?", r.attacker)
        } else {
            format!("{} cannot win; can {}?", r.attacker.opponent(), r.attacker)
        };
        let words = format!(
            "{question} {} of {} moves settled · {:.1} million positions · {:.1} million in the table",
            r.settled,
            r.moves,
            r.nodes as f64 / 1e6,
            r.entries as f64 / 1e6
        );
        let now = clock.now_ms();
        if to_terminal {
            spinner.set_message(format!("solving{limit}: {words}"));
        } else if now - last_line.get() >= 60_000.0 {
            last_line.set(now);
            eprintln!("after {:.0} s: {words}", now / 1000.0);
        }
    };
    macro_rules! run {
        ($g:expr) => {{
            let s = solver::solve_reporting($g, config, &controls, &on_report);
            report($g, &s, clock.now_ms())
        }};
    }
    let text = match game {
        AnyGame::Attract(g) => run!(g),
        AnyGame::Forms(g) => run!(g),
        AnyGame::Ra(g) => run!(g),
        AnyGame::Loa(g) => run!(g),
    };
    spinner.finish_and_clear();
    text
}

/// How the solver adds up its children's numbers, when not the game's own rule.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum Combine {
    /// Their sum (the classic rule; Forms, RA and Lines of Action).
    Sum,
    /// Weak proof numbers: the largest plus one for each other open child (Attract).
    Weak,
}

/// A new position's numbers in the solver, when not the game's own rule.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum Initial {
    /// 1 and 1 (the classic rule; Forms advanced and RA).
    One,
    /// By the number of moves there (Attract, Forms standard, Lines of Action).
    Mobility,
}

/// Whether the solver's table keeps a position and its mirror images as
/// one, when not the game's own rule.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum Symmetry {
    /// As one (Attract and Forms up to 8 × 8; elsewhere it changes nothing).
    On,
    /// Apart (every game's own rule).
    Off,
}

impl Combine {
    const fn rule(self) -> solver::Combine {
        match self {
            Combine::Sum => solver::Combine::Sum,
            Combine::Weak => solver::Combine::Weak,
        }
    }
}

impl Initial {
    const fn rule(self) -> solver::Initial {
        match self {
            Initial::One => solver::Initial::One,
            Initial::Mobility => solver::Initial::Mobility,
        }
    }
}

/// `ludoteca solve`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    line: crate::inputs::Line,
    /// Positions to search at most, at least 1 (default 10,000,000 when no time is given).
    #[arg(long, value_parser = crate::args::count, allow_hyphen_values = true)]
    nodes: Option<u64>,
    /// Milliseconds at most, more than 0 (default 60,000: one minute).
    #[arg(long = "time-ms", value_parser = crate::args::milliseconds, allow_hyphen_values = true)]
    time_ms: Option<f64>,
    /// Megabytes for the solver's table, 1 to 16384.
    #[arg(long = "memory-mb", default_value_t = 256, value_parser = crate::args::solver_memory, allow_hyphen_values = true)]
    memory_mb: usize,
    /// How a node adds up its children's proof or disproof numbers (default: the game's own rule).
    #[arg(long, value_enum, allow_hyphen_values = true)]
    combine: Option<Combine>,
    /// The numbers of a position not searched yet (default: the game's own rule).
    #[arg(long, value_enum, allow_hyphen_values = true)]
    initial: Option<Initial>,
    /// Whether a position and its rotations and reflections are one to the table
    /// (default: the game's own rule, which is off in every game).
    #[arg(long, value_enum, allow_hyphen_values = true)]
    symmetry: Option<Symmetry>,
}

impl Args {
    /// Runs the command.
    ///
    /// # Errors
    /// A start or a move that does not read or play.
    pub fn run(&self) -> Result<String, String> {
        let game = self.line.game()?;
        let own = Numbers::for_game(&game.spec());
        let numbers = Numbers {
            combine: self.combine.map_or(own.combine, Combine::rule),
            initial: self.initial.map_or(own.initial, Initial::rule),
            symmetric: self.symmetry.map_or(own.symmetric, |s| matches!(s, Symmetry::On)),
        };
        Ok(solve(&game, self.nodes, self.time_ms, self.memory_mb, numbers))
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
        let numbers = Numbers { combine: solver::Combine::Weak, initial: solver::Initial::Mobility, symmetric: true };
        let text = solve(&spec.start(), Some(500), None, 16, numbers);
        let open = "result: unknown within the budget\nprogress: can Black win? 0 of 36 moves settled\nnodes: ";
        assert!(text.starts_with(open), "{text}");
        // Mirror images as one: the Forms 4 × 4 start has 64 captures, 32 up
        // to symmetry (the start is its own image only in the left-right mirror).
        let forms: rules::GameSpec = "forms:size=4".parse().unwrap();
        let text = solve(&forms.start(), Some(2), None, 16, numbers);
        assert!(text.contains("\nprogress: can Black win? 0 of 32 moves settled\n"), "{text}");
    }

    #[test]
    fn every_solve_is_bounded_in_time() {
        assert_eq!(budget(None, None), Budget { nodes: Some(10_000_000), time_ms: Some(60_000.0), depth: None });
        assert_eq!(budget(Some(1 << 40), None).time_ms, Some(DEFAULT_TIME_MS), "many positions, still a minute");
        assert_eq!(budget(None, Some(5_000.0)), Budget { nodes: None, time_ms: Some(5_000.0), depth: None });
    }

    #[test]
    fn progress_names_the_question_and_the_moves_settled() {
        let (black, white) = (rules::Player::Black, rules::Player::White);
        let first = Progress { attacker: black, moves: 6, settled: vec![("c3", false), ("d4", false)] };
        assert_eq!(
            progress(black, &first),
            "progress: can Black win? 2 of 6 moves settled: c3 does not win, d4 does not win"
        );
        let second = Progress { attacker: white, moves: 6, settled: vec![("a1", true), ("b2", false)] };
        assert_eq!(
            progress(black, &second),
            "progress: Black cannot win; can White? 2 of 6 moves settled: a1 loses, b2 does not lose"
        );
        let none = Progress::<&str> { attacker: black, moves: 36, settled: Vec::new() };
        assert_eq!(progress(black, &none), "progress: can Black win? 0 of 36 moves settled");
    }
}
