//! The `match` command: engine-against-engine games from shared random
//! openings, colours alternating, with A's results and the Elo difference;
//! with `--sprt`, a sequential test that stops the match once it has
//! decided ([`sprt`]).

use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use rules::{AnyGame, AnyMove, GameSpec, Player};
use search::rng::Rng;
use search::split::ShareAnswer;
use search::{AnyEngine, Budget, Clock, Controls, SearcherKind};

use crate::clock::InstantClock;
use crate::contestant::Contestant;

pub mod sprt;
use sprt::{Sprt, Verdict};

/// One side of a game being played: its contestant and its engine.
struct Side {
    contestant: Contestant,
    engines: Option<(Vec<AnyEngine>, Budget)>,
    alpha_beta: bool,
    /// The most megabytes of each of its engines' tables, and of the solver's.
    memory_mb: usize,
    /// Whether it asks the solver for a proven move first.
    proves: bool,
}

impl Side {
    fn new(contestant: &Contestant, spec: &GameSpec, memory_mb: usize) -> Result<Side, String> {
        let alpha_beta = contestant.settings(spec).is_some_and(|(s, _)| s.searcher == SearcherKind::AlphaBeta);
        let engines = contestant.engines(spec, memory_mb)?;
        let proves = contestant.proof(spec).is_some();
        Ok(Side { contestant: contestant.clone(), engines, alpha_beta, memory_mb, proves })
    }

    /// The move `ply` plies into the game.
    fn choose(&mut self, game: &AnyGame, ply: usize, rng: &mut Rng, clock: &dyn Clock) -> Option<AnyMove> {
        let variety = self.contestant.variety(&game.spec(), ply);
        // (A seed drawn only where the solver is asked: other matches play as before.)
        if self.proves
            && let Some(proven) = self.contestant.proven_move(game, self.memory_mb, clock, rng.next_u64())
        {
            return Some(proven.best);
        }
        match (&mut self.engines, &self.contestant) {
            (Some((engines, budget)), _) if engines.len() > 1 => {
                split_search(engines, game, *budget, rng.next_u64(), variety, self.alpha_beta)
            }
            (Some((engines, budget)), _) => {
                let controls = Controls { budget: *budget, clock, stop: None, seed: rng.next_u64(), variety };
                engines.first_mut()?.search(game, &controls, &mut |_| {}).map(|r| r.best)
            }
            (None, Contestant::Greedy) => greedy(game, rng),
            (None, _) => random(game, rng),
        }
    }
}

/// The most search threads a command may run at once, in all: 4 per core
/// of this machine, and at least 64. More only waits for the cores, takes a
/// table each, and beyond the system's limit cannot start at all.
#[must_use]
pub fn max_threads_in_all() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get).saturating_mul(4).max(64)
}

/// Refuses `jobs` games at once of `per_game` search threads each when they
/// come to more than [`max_threads_in_all`].
///
/// # Errors
/// A message naming the numbers.
pub fn check_threads(jobs: usize, per_game: usize) -> Result<(), String> {
    let all = jobs.saturating_mul(per_game);
    let most = max_threads_in_all();
    if all > most {
        return Err(format!(
            "{jobs} jobs × {per_game} search threads a game is {all} threads; at most {most} run at once here \
             (4 per core, at least 64): lower --jobs, +workers or +threads"
        ));
    }
    Ok(())
}

/// Each engine's share of `total` megabytes when `jobs` games of
/// `engines` engines each are played at once.
///
/// # Errors
/// A message naming the numbers when a share would be under 1 MB.
pub fn engine_memory(total: usize, jobs: usize, engines: usize) -> Result<usize, String> {
    let all = jobs.saturating_mul(engines).max(1);
    match total / all {
        0 => Err(format!(
            "--memory-mb {total} cannot give {jobs} jobs × {engines} engines ({all} tables) 1 MB each: \
             raise --memory-mb or lower --jobs or +workers"
        )),
        share => Ok(share),
    }
}

/// One search split over workers as the browser does it (root splitting,
/// [`search::split`]): each engine searches its share of the root moves on a
/// thread of its own with the whole budget, sharing nothing, and
/// [`search::split::choose`] picks among their answers. `alpha_beta`: the
/// answers are compared at the depth all completed.
fn split_search(
    engines: &mut [AnyEngine],
    game: &AnyGame,
    budget: Budget,
    seed: u64,
    variety: search::Variety,
    alpha_beta: bool,
) -> Option<AnyMove> {
    let answers: Vec<ShareAnswer<AnyMove>> = std::thread::scope(|scope| {
        // A worker whose thread the system refuses is left out of the split.
        let handles: Vec<_> = engines
            .iter_mut()
            .filter_map(|engine| {
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || {
                        let clock = InstantClock::new();
                        let mut by_depth = Vec::new();
                        let controls = Controls { budget, clock: &clock, stop: None, seed, variety };
                        let r = engine.search(game, &controls, &mut |i| {
                            if alpha_beta {
                                by_depth.push((i.depth, i.score));
                            }
                        })?;
                        Some(ShareAnswer { best: r.best, score: r.score, depth: r.depth, by_depth })
                    })
                    .ok()
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok().flatten()).collect()
    });
    search::split::choose(&answers).map(|i| answers[i].best)
}

/// A uniformly random legal move.
fn random(game: &AnyGame, rng: &mut Rng) -> Option<AnyMove> {
    use search::baseline::random_move;
    match game {
        AnyGame::Attract(g) => random_move(g, rng).map(AnyMove::Attract),
        AnyGame::Forms(g) => random_move(g, rng).map(AnyMove::Forms),
        AnyGame::Ra(g) => random_move(g, rng).map(AnyMove::Ra),
        AnyGame::Loa(g) => random_move(g, rng).map(AnyMove::Loa),
    }
}

fn greedy(game: &AnyGame, rng: &mut Rng) -> Option<AnyMove> {
    use search::baseline::greedy_move;
    match game {
        AnyGame::Attract(g) => greedy_move(g, rng).map(AnyMove::Attract),
        AnyGame::Forms(g) => greedy_move(g, rng).map(AnyMove::Forms),
        AnyGame::Ra(g) => greedy_move(g, rng).map(AnyMove::Ra),
        AnyGame::Loa(g) => greedy_move(g, rng).map(AnyMove::Loa),
    }
}

/// How a match game ended, from A's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum GameResult {
    Win,
    Draw,
    Loss,
}

/// The longest game a match plays before calling it a draw.
fn ply_cap(spec: &GameSpec) -> usize {
    match spec {
        GameSpec::Attract(o) => usize::from(o.size) * usize::from(o.size),
        GameSpec::Forms(o) => usize::from(o.size) * usize::from(o.size),
        GameSpec::Ra(_) => 1_000,
        GameSpec::Loa(_) => 400,
    }
}

/// Plays the random opening of pair `pair`; the same for both games of a pair.
pub(crate) fn opening(spec: &GameSpec, seed: u64, pair: u64, plies: usize) -> AnyGame {
    for attempt in 0..100u64 {
        let mut rng =
            Rng::new(seed ^ pair.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ attempt.wrapping_mul(0xD1B5_4A32_D192_ED03));
        let mut game = spec.start();
        for _ in 0..plies {
            let Some(mv) = random(&game, &mut rng) else { break };
            game.play_unchecked(mv);
        }
        if game.outcome().is_none() {
            return game;
        }
    }
    spec.start()
}

fn play_game(
    spec: &GameSpec,
    a: &Contestant,
    b: &Contestant,
    index: u64,
    seed: u64,
    opening_plies: usize,
    memory_mb: usize,
) -> Result<GameResult, String> {
    let played = play_out(spec, [a, b], index, seed, opening_plies, memory_mb, &mut |_| {})?;
    Ok(match played.winner() {
        Some(w) if w == played.a_player => GameResult::Win,
        Some(_) => GameResult::Loss,
        None => GameResult::Draw,
    })
}

/// A game played out by [`play_out`].
pub(crate) struct Played {
    /// The last position: a game still open after [`ply_cap`] plies is left
    /// so (a draw to a match).
    pub game: AnyGame,
    /// A's colour.
    pub a_player: Player,
    /// The side whose engine answered an illegal move, and so lost.
    pub forfeit: Option<Player>,
}

impl Played {
    /// Who won, if anyone did.
    pub fn winner(&self) -> Option<Player> {
        self.forfeit.map(Player::opponent).or_else(|| self.game.outcome().and_then(|o| o.winner()))
    }
}

/// Plays game `index` of a match between `a` and `b` (A first in even
/// games) from its pair's random opening, calling `seen` with each position
/// an engine moves from.
pub(crate) fn play_out(
    spec: &GameSpec,
    [a, b]: [&Contestant; 2],
    index: u64,
    seed: u64,
    opening_plies: usize,
    memory_mb: usize,
    seen: &mut dyn FnMut(&AnyGame),
) -> Result<Played, String> {
    let mut game = opening(spec, seed, index / 2, opening_plies);
    let first = game.to_move();
    let a_player = if index.is_multiple_of(2) { first } else { first.opponent() };
    let mut side_a = Side::new(a, spec, memory_mb)?;
    let mut side_b = Side::new(b, spec, memory_mb)?;
    let mut rng = Rng::new(seed.wrapping_add(index.wrapping_mul(0x2545_F491_4F6C_DD1D)));
    let clock = InstantClock::new();
    for i in 0..ply_cap(spec) {
        if game.outcome().is_some() {
            break;
        }
        seen(&game);
        let side = if game.to_move() == a_player { &mut side_a } else { &mut side_b };
        let Some(mv) = side.choose(&game, opening_plies + i, &mut rng, &clock) else { break };
        if game.play_move(mv).is_err() {
            let forfeit = Some(game.to_move());
            return Ok(Played { game, a_player, forfeit });
        }
    }
    Ok(Played { game, a_player, forfeit: None })
}

/// The Elo difference for a score fraction.
fn elo(score: f64) -> f64 {
    // Rounding can leave a bound a hair inside 0 or 1.
    if score <= 1e-9 {
        f64::NEG_INFINITY
    } else if score >= 1.0 - 1e-9 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

fn elo_text(x: f64) -> String {
    if x.is_infinite() { if x > 0.0 { "+inf".to_owned() } else { "-inf".to_owned() } } else { format!("{x:+.0}") }
}

/// The arguments of the `match` command.
pub struct MatchPlan {
    /// The game and its options.
    pub spec: GameSpec,
    /// Engine A.
    pub a: Contestant,
    /// Engine B.
    pub b: Contestant,
    /// How many games.
    pub games: u64,
    /// The first game played, from 1: games before it are left out, and the
    /// others play as in the whole match (each game's opening and engine seeds
    /// depend on its number alone).
    pub first_game: u64,
    /// The seed of the openings and the engines.
    pub seed: u64,
    /// Games played at once.
    pub jobs: usize,
    /// Random opening moves before the engines take over.
    pub opening_plies: usize,
    /// Whether to report each game on standard error.
    pub progress: bool,
    /// The tables' and trees' memory in all, in megabytes, shared out
    /// equally among the engines of the games played at once.
    pub memory_mb: usize,
    /// A sequential test: the match stops once it decides (`games` is then
    /// the most it plays).
    pub sprt: Option<Sprt>,
}

/// The games played so far, by number, and where a sequential test stands:
/// pairs are counted in order, so the verdict and the games it counts are
/// the same however many games run at once.
struct Ledger {
    results: Vec<Option<GameResult>>,
    /// Pairs counted so far (from the first), and their scores' counts.
    counted: usize,
    pairs: [u64; 5],
    /// The pair after which the test decided.
    decided: Option<(usize, Verdict)>,
}

impl Ledger {
    /// Records game `index`; counts the pairs now complete, in order.
    fn record(&mut self, index: usize, result: GameResult, test: Option<&Sprt>) {
        self.results[index] = Some(result);
        let Some(test) = test else { return };
        while self.decided.is_none() {
            let pair = (self.results.get(2 * self.counted), self.results.get(2 * self.counted + 1));
            let (Some(Some(a)), Some(Some(b))) = pair else { break };
            let points = |r: &GameResult| match r {
                GameResult::Win => 2,
                GameResult::Draw => 1,
                GameResult::Loss => 0,
            };
            self.pairs[points(a) + points(b)] += 1;
            self.counted += 1;
            let verdict = test.verdict(&self.pairs);
            if verdict != Verdict::Open {
                self.decided = Some((self.counted, verdict));
            }
        }
    }
}

/// The `match` command.
///
/// # Errors
/// A message for bad arguments.
pub fn run_match(plan: &MatchPlan) -> Result<String, String> {
    let MatchPlan { spec, a, b, games, first_game, seed, jobs, opening_plies, progress, memory_mb, sprt } = plan;
    let (games, seed, opening_plies, progress) = (*games, *seed, *opening_plies, *progress);
    if games == 0 {
        return Err("--games must be at least 1".to_owned());
    }
    if *first_game == 0 || *first_game > games {
        return Err(format!("--first-game must be from 1 to --games ({games})"));
    }
    if sprt.is_some() && *first_game != 1 {
        return Err("--sprt counts a match from its first game: it cannot go with --first-game".to_owned());
    }
    let first = *first_game - 1;
    // Bad weights fail here, before any game starts.
    a.check(spec)?;
    b.check(spec)?;
    let jobs = (*jobs).clamp(1, 64) as u64;
    check_threads(jobs as usize, a.search_threads(spec).max(b.search_threads(spec)))?;
    let memory_mb = engine_memory(*memory_mb, jobs as usize, usize::from(a.workers()) + usize::from(b.workers()))?;
    let bar = crate::progress::bar(games - first, "games");
    let bar = &bar;
    let slots = usize::try_from(games).map_err(|_| "--games is too large".to_owned())?;
    let ledger = Mutex::new(Ledger { results: vec![None; slots], counted: 0, pairs: [0; 5], decided: None });
    let (ledger, stop, test) = (&ledger, &AtomicBool::new(false), sprt.as_ref());
    let started: Result<(), String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|job| {
                std::thread::Builder::new().spawn_scoped(scope, move || {
                    for i in (first..games).filter(|i| (i - first) % jobs == job) {
                        // Once the test has decided, no game starts.
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let Ok(r) = play_game(spec, a, b, i, seed, opening_plies, memory_mb) else { continue };
                        bar.inc(1);
                        if progress {
                            let line = format!("game {} of {games}: {r:?} for A", i + 1);
                            if bar.is_hidden() { eprintln!("{line}") } else { bar.println(line) }
                        }
                        if let Ok(mut book) = ledger.lock() {
                            book.record(i as usize, r, test);
                            if book.decided.is_some() {
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                    }
                })
            })
            .collect::<Result<_, _>>()
            .map_err(|e| format!("could not start the match's threads: {e}"))?;
        for h in handles {
            h.join().map_err(|_| "a match thread failed".to_owned())?;
        }
        Ok(())
    });
    bar.finish_and_clear();
    started?;
    let book = ledger.lock().map_err(|_| "a match thread failed".to_owned())?;
    // A decided test counts the games of its pairs; otherwise every game.
    let counted: Vec<GameResult> = match book.decided {
        Some((pairs, _)) => book.results[..2 * pairs].iter().flatten().copied().collect(),
        None => book.results[first as usize..].iter().flatten().copied().collect(),
    };
    if book.decided.is_none() && counted.len() as u64 != games - first {
        return Err("a match thread failed".to_owned());
    }
    let count = |r| counted.iter().filter(|x| **x == r).count() as f64;
    let (w, d, l) = (count(GameResult::Win), count(GameResult::Draw), count(GameResult::Loss));
    let n = w + d + l;
    let s = (w + 0.5 * d) / n;
    // The Wilson score interval, which stays sensible at 0% and 100%.
    let z = 1.96f64;
    let centre = (s + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (s * (1.0 - s) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    let mut out = String::new();
    let _ = writeln!(out, "games {n} for A: wins {w} draws {d} losses {l} score {:.1}%", s * 100.0);
    let _ = writeln!(
        out,
        "elo {} (95% interval {} to {})",
        elo_text(elo(s)),
        elo_text(elo((centre - half).clamp(0.0, 1.0))),
        elo_text(elo((centre + half).clamp(0.0, 1.0)))
    );
    if let Some(test) = test {
        let [p0, p1, p2, p3, p4] = book.pairs;
        let (low, high) = test.bounds();
        let (verdict, pairs) = book.decided.map_or((Verdict::Open, book.counted), |(p, v)| (v, p));
        let _ = writeln!(out, "pairs {pairs} scoring 0, 1/2, 1, 3/2, 2 for A: {p0} {p1} {p2} {p3} {p4}");
        let _ = writeln!(
            out,
            "sprt elo0 {} elo1 {} alpha {} beta {}: llr {:.2} (bounds {low:.2}, {high:.2}): {verdict} after {} games",
            test.elo0,
            test.elo1,
            test.alpha,
            test.beta,
            test.llr(&book.pairs),
            2 * pairs
        );
    }
    Ok(out)
}

/// `ludoteca match`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game and its options.
    #[arg(allow_negative_numbers = true)]
    spec: String,
    /// Engine A: level:L, nodes:N, time:MS, random or greedy (optionally after ab: or mcts:);
    /// a searcher may end with +NAME=VALUE overrides of evaluation weights, lmr=0|1,
    /// variety=0|1 (a level's varied play, on by default), noise=N (root noise, 0 to 1000),
    /// proof=N (positions the solver may search for a proven move first, 0 for none)
    /// or threads=N (1 to 64),
    /// e.g. `level:5+threads=2`.
    #[arg(long, allow_hyphen_values = true)]
    a: String,
    /// Engine B, written like A.
    #[arg(long, allow_hyphen_values = true)]
    b: String,
    /// How many games, at least 1 (colours alternate; each pair shares a random opening).
    #[arg(long, default_value_t = 100, value_parser = crate::args::count, allow_hyphen_values = true)]
    games: u64,
    /// The first game to play, from 1: games FIRST_GAME to --games are played exactly as a
    /// whole match with the same seed plays them, to finish an interrupted match (the
    /// report counts these games only).
    #[arg(long, default_value_t = 1, value_parser = crate::args::count, allow_hyphen_values = true)]
    first_game: u64,
    /// The random seed of the openings and the engines.
    #[arg(long, default_value_t = 1, value_parser = crate::args::seed, allow_hyphen_values = true)]
    seed: u64,
    /// Games played at once, 1 to 64.
    #[arg(long, default_value_t = 1, value_parser = crate::args::jobs, allow_hyphen_values = true)]
    jobs: usize,
    /// Random moves played before the engines take over, 0 to 1000.
    #[arg(long, default_value_t = 4, value_parser = crate::args::opening, allow_hyphen_values = true)]
    opening: usize,
    /// Print each game's result on standard error as it ends.
    #[arg(long)]
    progress: bool,
    /// The engines' tables and trees in all, in megabytes (1 to 4096), shared out
    /// equally among the engines of the games played at once.
    #[arg(long = "memory-mb", default_value_t = 512, value_parser = crate::args::memory, allow_hyphen_values = true)]
    memory_mb: usize,
    /// A sequential test of H0 "A is ELO0 Elo stronger" against H1 "A is ELO1
    /// stronger" (e.g. `0,10`), on the pairs' scores: the match stops once it
    /// decides, --games being the most it plays.
    #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true)]
    sprt: Option<String>,
    /// With --sprt: the chance of accepting H1 when H0 holds.
    #[arg(long, default_value_t = 0.05, value_parser = crate::args::chance, allow_hyphen_values = true)]
    alpha: f64,
    /// With --sprt: the chance of accepting H0 when H1 holds.
    #[arg(long, default_value_t = 0.05, value_parser = crate::args::chance, allow_hyphen_values = true)]
    beta: f64,
}

impl Args {
    /// Runs the command.
    ///
    /// # Errors
    /// A message for bad arguments, as [`run_match`].
    pub fn run(&self) -> Result<String, String> {
        let spec = crate::inputs::spec(&self.spec)?;
        let a = self.a.parse::<Contestant>().map_err(|e| format!("--a {e}"))?;
        let b = self.b.parse::<Contestant>().map_err(|e| format!("--b {e}"))?;
        a.check(&spec).map_err(|e| format!("--a: {e}"))?;
        b.check(&spec).map_err(|e| format!("--b: {e}"))?;
        let sprt = match &self.sprt {
            Some(text) => {
                let (elo0, elo1) = sprt::read_bounds(text).map_err(|e| format!("--sprt {e}"))?;
                Some(Sprt { elo0, elo1, alpha: self.alpha, beta: self.beta })
            }
            None => None,
        };
        run_match(&MatchPlan {
            spec,
            a,
            b,
            games: self.games,
            first_game: self.first_game,
            seed: self.seed,
            jobs: self.jobs,
            opening_plies: self.opening,
            progress: self.progress,
            memory_mb: self.memory_mb,
            sprt,
        })
    }
}

#[cfg(test)]
mod tests;
