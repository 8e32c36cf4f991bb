//! The `puzzles` command: plays engine games, keeps the positions on the
//! way to each win that are puzzles ([`search::puzzle::find`]: a forced win
//! of at most a few plies, by one first move only, proven by searching
//! every line), confirms each win with the proof-number solver where the
//! goal is the game's end, grades them and writes the puzzle file
//! ([`search::puzzle::file`]).
//!
//! Everything is drawn from the seed: the same command writes the same file.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;

use rules::{AnyGame, AnyMove, GameSpec};
use search::levels::Level;
use search::puzzle::file::{self, Puzzle};
use search::puzzle::{self as find, Found, Refused};
use search::solver::{self, SolverConfig, Value};
use search::{AnyEngine, Budget, Clock as _, Controls, NoClock};

use crate::clock::InstantClock;

/// The longest engine game played for puzzles, in plies.
const MAX_GAME_PLIES: usize = 400;

/// How far before a win a position may be and still be tried, in plies:
/// a forced win of [`find::MAX_PLIES`] often starts a few moves before the
/// winner, playing for safety, ends the game.
const LOOK_BACK: usize = 16;

/// The searcher's budgets, smallest first, at which a puzzle's first move
/// is looked for to grade it.
const EFFORTS: [u64; 7] = [100, 300, 1_000, 3_000, 10_000, 30_000, 100_000];

/// The proof-number solver's positions for confirming a win.
const SOLVER_NODES: u64 = 2_000_000;

/// What `ludoteca puzzles` is asked for.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The games, with their options.
    pub specs: Vec<GameSpec>,
    /// Engine games played for each spec.
    pub games: u64,
    /// The seed of everything.
    pub seed: u64,
    /// The longest win kept, in plies.
    pub max_plies: u8,
    /// Positions the proof of one candidate may visit.
    pub nodes: u64,
    /// The most puzzles kept for a spec (spread over the wins' lengths).
    pub keep: usize,
}

/// What one spec gave.
#[derive(Default)]
struct Tally {
    games: u64,
    tried: u64,
    refused: BTreeMap<&'static str, u64>,
    found: Vec<Puzzle>,
    found_count: usize,
    confirmed: u64,
    ms: f64,
}

/// The puzzle file and a summary of how it was made (for standard error).
///
/// # Errors
/// A message when the solver contradicts a proof (a bug in one of them).
pub fn puzzles(plan: &Plan, command: &str) -> Result<(String, String), String> {
    let clock = InstantClock::new();
    let mut all = Vec::new();
    let mut summary = String::new();
    for spec in &plan.specs {
        let start = clock.now_ms();
        let mut tally = Tally::default();
        let mut seen = HashSet::new();
        for game in 0..plan.games {
            let seed = plan.seed.wrapping_mul(1_000_003).wrapping_add(game);
            // Alternate the levels: the weaker one leaves more wins to find.
            let level = if game % 2 == 0 { Level::CASUAL } else { Level::CLUB };
            let positions = self_play(spec, seed, level);
            tally.games += 1;
            for candidate in candidates(&positions) {
                let text = candidate.position_text();
                if !seen.insert(text.clone()) {
                    continue;
                }
                tally.tried += 1;
                match puzzle(spec, &text, plan)? {
                    Ok((p, confirmed)) => {
                        tally.confirmed += u64::from(confirmed);
                        tally.found.push(p);
                    }
                    Err(why) => *tally.refused.entry(why).or_default() += 1,
                }
            }
        }
        tally.ms = clock.now_ms() - start;
        tally.found_count = tally.found.len();
        let kept = keep(std::mem::take(&mut tally.found), plan.keep);
        summary.push_str(&report(spec, &tally, &kept));
        all.extend(kept);
    }
    let comments = vec![
        format!("made by: {command}"),
        "fields: id, game, difficulty (1-5), plies, position, solution, searcher nodes to find it, proof positions"
            .to_owned(),
    ];
    Ok((file::write(&all, &comments), summary))
}

/// An engine game of `spec` at `level` from `seed`: every position, the start first.
fn self_play(spec: &GameSpec, seed: u64, level: Level) -> Vec<AnyGame> {
    let settings = level.settings(spec);
    let mut engine = AnyEngine::new(spec.kind(), settings.setup);
    let mut game = spec.start();
    let mut positions = vec![game.clone()];
    for ply in 0..MAX_GAME_PLIES {
        let controls = Controls {
            budget: settings.budget,
            clock: &NoClock,
            stop: None,
            seed: seed.wrapping_add(ply as u64),
            variety: level.variety(spec, ply),
        };
        let Some(result) = engine.search(&game, &controls, &mut |_| {}) else { break };
        game.play_unchecked(result.best);
        positions.push(game.clone());
    }
    positions
}

/// The positions worth trying: the winner to move, at most [`LOOK_BACK`]
/// plies before a game or (RA) a match it won.
fn candidates(positions: &[AnyGame]) -> Vec<&AnyGame> {
    let mut out = Vec::new();
    let mut next_win: Option<(usize, rules::Player)> = None;
    for i in (0..positions.len().saturating_sub(1)).rev() {
        match positions[i + 1].decided() {
            Some(Some(winner)) => next_win = Some((i, winner)),
            Some(None) => next_win = None,
            None => {}
        }
        if let Some((end, winner)) = next_win
            && end - i < LOOK_BACK
            && positions[i].to_move() == winner
        {
            out.push(&positions[i]);
        }
    }
    out
}

/// The puzzle at `text`, graded, and whether the solver confirmed its
/// win; or why it is not one.
fn puzzle(spec: &GameSpec, text: &str, plan: &Plan) -> Result<Result<(Puzzle, bool), &'static str>, String> {
    // Read again from its text: the puzzle page starts from the text, with
    // no history (no repetition counted before it).
    let Ok(game) = spec.position(text) else { return Ok(Err("unreadable")) };
    macro_rules! run {
        ($g:expr, $wrap:path) => {
            find::find($g, plan.max_plies, plan.nodes)
                .map(|f| (Found { plies: f.plies, line: f.line.into_iter().map($wrap).collect(), nodes: f.nodes }))
        };
    }
    let found = match &game {
        AnyGame::Attract(g) => run!(g, AnyMove::Attract),
        AnyGame::Forms(g) => run!(g, AnyMove::Forms),
        AnyGame::Ra(g) => run!(g, AnyMove::Ra),
        AnyGame::Loa(g) => run!(g, AnyMove::Loa),
    };
    let found = match found {
        Ok(found) => found,
        Err(Refused::NoWin) => return Ok(Err("no forced win")),
        Err(Refused::TwoWinners) => return Ok(Err("more than one winning first move")),
        Err(Refused::LaterChoice) => return Ok(Err("a later move of the solution not the only one")),
        Err(Refused::Budget) => return Ok(Err("not settled within the proof's budget")),
    };
    let confirmed = confirm(&game, &found)?;
    let first = found.line[0];
    let effort = effort(spec, &game, first);
    let position = text.replace(' ', "_");
    let spec_text = spec.to_string();
    let line = found.line.iter().map(ToString::to_string).collect();
    Ok(Ok((
        Puzzle {
            id: file::id(&spec_text, &position),
            spec: spec_text,
            difficulty: difficulty(found.plies, effort),
            plies: found.plies,
            position,
            line,
            effort,
            proof: found.nodes,
        },
        confirmed,
    )))
}

/// Asks the proof-number solver too, where the goal is the game's end (in
/// RA a puzzle wins the match, which the solver does not look for): true
/// when it proves the win, false when it runs out of budget.
///
/// # Errors
/// When it proves the position is not a win: one of the two proofs is wrong.
fn confirm(game: &AnyGame, found: &Found<AnyMove>) -> Result<bool, String> {
    let config = SolverConfig { memory_mb: 32, numbers: solver::Numbers::for_game(&game.spec()) };
    let controls = Controls::budget(Budget::nodes(SOLVER_NODES));
    let value = match game {
        AnyGame::Ra(_) => return Ok(false),
        AnyGame::Attract(g) => solver::solve(g, config, &controls).value,
        AnyGame::Forms(g) => solver::solve(g, config, &controls).value,
        AnyGame::Loa(g) => solver::solve(g, config, &controls).value,
    };
    match value {
        Some(Value::Win) => Ok(true),
        None => Ok(false),
        Some(other) => Err(format!(
            "the solver finds {other:?} for {} where the puzzle search proved a win in {} plies",
            game.position_text(),
            found.plies
        )),
    }
}

/// The fewest positions (of [`EFFORTS`]) at which the game's searcher plays
/// `first`; `None` when even the most does not.
fn effort(spec: &GameSpec, game: &AnyGame, first: AnyMove) -> Option<u64> {
    let setup = Level::CLUB.settings(spec).setup;
    EFFORTS.into_iter().find(|&nodes| {
        let mut engine = AnyEngine::new(spec.kind(), setup);
        engine
            .search(game, &Controls::budget(Budget::nodes(nodes)), &mut |_| {})
            .is_some_and(|result| result.best == first)
    })
}

/// 1 to 5: one step for each two plies of the win beyond the first, and
/// one more when the searcher needs more than 3,000 positions to see the
/// first move.
fn difficulty(plies: u8, effort: Option<u64>) -> u8 {
    let hard = effort.is_none_or(|n| n > 3_000);
    (plies.div_ceil(2) + u8::from(hard)).clamp(1, file::MAX_DIFFICULTY)
}

/// At most `most` puzzles, taken in turn from each length of win (shortest
/// first), each length's in the order found.
fn keep(found: Vec<Puzzle>, most: usize) -> Vec<Puzzle> {
    let mut by_length: BTreeMap<u8, std::collections::VecDeque<Puzzle>> = BTreeMap::new();
    for p in found {
        by_length.entry(p.plies).or_default().push_back(p);
    }
    let mut kept = Vec::new();
    while kept.len() < most && by_length.values().any(|q| !q.is_empty()) {
        for queue in by_length.values_mut() {
            if kept.len() < most
                && let Some(p) = queue.pop_front()
            {
                kept.push(p);
            }
        }
    }
    kept.sort_by(|a, b| (a.difficulty, a.plies, &a.id).cmp(&(b.difficulty, b.plies, &b.id)));
    kept
}

fn report(spec: &GameSpec, tally: &Tally, kept: &[Puzzle]) -> String {
    let mut out = format!(
        "{spec}: {} games, {} positions tried, {} puzzles found, {} kept, {:.1} s\n",
        tally.games,
        tally.tried,
        tally.found_count,
        kept.len(),
        tally.ms / 1000.0
    );
    for (why, n) in &tally.refused {
        let _ = writeln!(out, "  refused ({why}): {n}");
    }
    let count = |f: &dyn Fn(&Puzzle) -> bool| kept.iter().filter(|p| f(p)).count();
    let lengths: Vec<String> = (1..=find::MAX_PLIES)
        .map(|n| (n, count(&|p| p.plies == n)))
        .filter(|&(_, c)| c > 0)
        .map(|(n, c)| format!("{n}: {c}"))
        .collect();
    let _ = writeln!(out, "  kept by plies: {}", lengths.join(", "));
    let grades: Vec<String> =
        (1..=file::MAX_DIFFICULTY).map(|d| format!("{d}: {}", count(&|p| p.difficulty == d))).collect();
    let _ = writeln!(out, "  kept by difficulty: {}", grades.join(", "));
    if !kept.is_empty() {
        let proofs: Vec<u64> = kept.iter().map(|p| p.proof).collect();
        let mean = proofs.iter().sum::<u64>() / proofs.len() as u64;
        let _ = writeln!(
            out,
            "  proof positions: mean {mean}, most {}; confirmed by the solver: {} of all found",
            proofs.iter().max().unwrap_or(&0),
            tally.confirmed
        );
    }
    out
}

/// `ludoteca puzzles`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The games and their options (several: one file).
    #[arg(required = true, allow_negative_numbers = true)]
    specs: Vec<String>,
    /// Engine games played for each spec, at least 1.
    #[arg(long, default_value_t = 40, value_parser = crate::args::count, allow_hyphen_values = true)]
    games: u64,
    /// The seed of the games (the same seed writes the same file).
    #[arg(long, default_value_t = 1, value_parser = crate::args::seed, allow_hyphen_values = true)]
    seed: u64,
    /// The longest win kept, in plies: 1 to 7.
    #[arg(long = "max-plies", default_value_t = 7, value_parser = crate::args::puzzle_plies, allow_hyphen_values = true)]
    max_plies: u8,
    /// Positions the proof of one candidate may visit, at least 1.
    #[arg(long, default_value_t = 3_000_000, value_parser = crate::args::count, allow_hyphen_values = true)]
    nodes: u64,
    /// The most puzzles kept for each spec, spread over the wins' lengths.
    #[arg(long, default_value_t = 80, value_parser = crate::args::count, allow_hyphen_values = true)]
    keep: u64,
}

impl Args {
    /// Runs the command; `command_line` (its arguments after `ludoteca`)
    /// goes in the file's header, the summary to standard error.
    ///
    /// # Errors
    /// A spec that does not read, as [`puzzles`].
    pub fn run(&self, command_line: &str) -> Result<String, String> {
        let specs = self.specs.iter().map(|s| crate::inputs::spec(s)).collect::<Result<Vec<_>, String>>()?;
        let plan = Plan {
            specs,
            games: self.games,
            seed: self.seed,
            max_plies: self.max_plies,
            nodes: self.nodes,
            keep: usize::try_from(self.keep).unwrap_or(usize::MAX),
        };
        let (out, summary) = puzzles(&plan, &format!("ludoteca {command_line}"))?;
        eprint!("{summary}");
        Ok(out)
    }
}
