//! The searching commands: `bestmove` and `match` (`bench` is in `bench.rs`).

use std::fmt::Write as _;
use std::str::FromStr;
use std::time::Instant;

use rules::{AnyGame, GameSpec, quote};
use search::Controls;
use search::eval::WEIGHT_RANGE;
use search::levels::Level;
use search::rng::Rng;
use search::split::{Share, ShareAnswer};
use search::{AnyEngine, AnyInfo, Budget, Clock, EngineKind, EngineSetup, score};

/// The machine's monotonic clock, for native searches.
pub struct InstantClock(Instant);

impl InstantClock {
    /// A clock starting now.
    pub fn new() -> InstantClock {
        InstantClock(Instant::now())
    }
}

impl Clock for InstantClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// A player in a match: a baseline, or the searcher with a budget.
#[derive(Clone, Debug, PartialEq)]
pub enum Contestant {
    /// Uniformly random legal moves.
    Random,
    /// Wins at once if it can, else avoids losing at once, else random.
    Greedy,
    /// The searcher.
    Search {
        /// A forced algorithm, or `None` for the game's own choice.
        engine: Option<EngineKind>,
        /// The budget.
        limit: Limit,
        /// Overridden evaluation weights and switches, for tuning.
        tweaks: Vec<Tweak>,
    },
}

/// One override of a searching contestant: `NAME=VALUE`, where NAME is one
/// of the game's evaluation weights, `lmr` (late-move reductions, 0 or 1),
/// `threads` (search threads sharing one table, 1 to 64) or `workers` (the
/// browser's split of the root moves over workers that share nothing, 1 to
/// 16, each on a thread of its own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tweak {
    /// The weight or switch.
    pub name: String,
    /// Its value.
    pub value: i32,
}

impl FromStr for Tweak {
    type Err = String;

    fn from_str(text: &str) -> Result<Tweak, String> {
        let quoted = quote(text);
        let (name, value) = text.split_once('=').ok_or_else(|| format!("{quoted}: expected NAME=VALUE"))?;
        let name = name.trim();
        if name.is_empty() {
            return Err(format!("{quoted}: the name is missing"));
        }
        let (least, most) = match name {
            "lmr" => (0, 1),
            "threads" => (1, crate::args::MAX_THREADS as i32),
            "workers" => (1, i32::from(Share::MAX_PARTS)),
            _ => (*WEIGHT_RANGE.start(), *WEIGHT_RANGE.end()),
        };
        let value = value
            .trim()
            .parse::<i32>()
            .ok()
            .filter(|v| (least..=most).contains(v))
            .ok_or_else(|| format!("{quoted}: {} is not a whole number from {least} to {most}", quote(value)))?;
        Ok(Tweak { name: name.to_owned(), value })
    }
}

/// The deepest `depth:D` contestant.
const MAX_DEPTH: u32 = 64;

/// Tweaks that are not evaluation weights.
const SWITCHES: [&str; 3] = ["lmr", "threads", "workers"];

/// How a searching contestant is limited.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Limit {
    /// A named level.
    Level(Level),
    /// A node (or playout) budget.
    Nodes(u64),
    /// A time budget in milliseconds.
    Time(f64),
    /// A fixed depth, searched with alpha-beta whatever the game's engine.
    Depth(u32),
}

impl FromStr for Contestant {
    type Err = String;

    fn from_str(text: &str) -> Result<Contestant, String> {
        const FORMS: &str =
            "level:L, nodes:N, time:MS, depth:D, random or greedy, optionally after ab: or mcts:, then any +NAME=VALUE";
        let mut parts = text.split('+');
        let text = parts.next().unwrap_or_default();
        let tweaks = parts.map(str::parse).collect::<Result<Vec<Tweak>, String>>()?;
        if !tweaks.is_empty() && matches!(text, "random" | "greedy") {
            return Err(format!("engine {}: a baseline has no weights to set", quote(text)));
        }
        match text {
            "random" => return Ok(Contestant::Random),
            "greedy" => return Ok(Contestant::Greedy),
            _ => {}
        }
        let (engine, rest) = match text.split_once(':') {
            Some(("ab", rest)) => (Some(EngineKind::AlphaBeta), rest),
            Some(("mcts", rest)) => (Some(EngineKind::Mcts), rest),
            _ => (None, text),
        };
        let (what, value) = rest.split_once(':').ok_or_else(|| format!("engine {}: expected {FORMS}", quote(text)))?;
        let bad = || format!("engine {}: {} is not a valid {what}", quote(text), quote(value));
        let limit = match what {
            "level" => Limit::Level(value.parse().map_err(|_| bad())?),
            "nodes" => Limit::Nodes(value.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?),
            "time" => Limit::Time(value.parse().ok().filter(|t: &f64| *t > 0.0 && t.is_finite()).ok_or_else(bad)?),
            "depth" => Limit::Depth(value.parse().ok().filter(|d| (1..=MAX_DEPTH).contains(d)).ok_or_else(bad)?),
            _ => return Err(format!("engine {}: expected {FORMS}", quote(text))),
        };
        if matches!(limit, Limit::Depth(_)) && engine == Some(EngineKind::Mcts) {
            return Err(format!("engine {}: a depth limit is for alpha-beta (MCTS has no depth)", quote(text)));
        }
        Ok(Contestant::Search { engine, limit, tweaks })
    }
}

impl Contestant {
    /// The engine set-up and budget for `spec`, or `None` for a baseline.
    pub(crate) fn settings(&self, spec: &GameSpec) -> Option<(EngineSetup, Budget)> {
        let Contestant::Search { engine, limit, tweaks } = self else { return None };
        let (mut setup, budget) = match *limit {
            Limit::Level(l) => {
                let s = l.settings(spec);
                (s.setup, s.budget)
            }
            Limit::Nodes(n) => (Level::CLUB.settings(spec).setup, Budget::nodes(n)),
            Limit::Time(ms) => (Level::STRONGEST.settings(spec).setup, Budget::time_ms(ms)),
            Limit::Depth(d) => {
                let setup = Level::STRONGEST.settings(spec).setup;
                (EngineSetup { kind: EngineKind::AlphaBeta, noise: 0, ..setup }, Budget::depth(d))
            }
        };
        if let Some(kind) = *engine
            && kind != setup.kind
        {
            setup.kind = kind;
            setup.noise = 0;
        }
        if let Some(t) = tweaks.iter().rev().find(|t| t.name == "lmr") {
            setup.reductions = t.value == 1;
        }
        if let Some(t) = tweaks.iter().rev().find(|t| t.name == "threads") {
            setup.threads = t.value.max(1) as usize;
        }
        Some((setup, budget))
    }

    /// The contestant's engine for `spec`, with its weights set, or `None`
    /// for a baseline.
    ///
    /// # Errors
    /// A weight the game's evaluation does not have.
    fn engine(&self, spec: &GameSpec) -> Result<Option<(AnyEngine, Budget)>, String> {
        let Some((setup, budget)) = self.settings(spec) else { return Ok(None) };
        let mut engine = AnyEngine::new(spec.kind(), setup);
        engine.set_weights(&self.weights())?;
        Ok(Some((engine, budget)))
    }

    /// How many workers split each search (`+workers=N`), 1 without a split.
    fn workers(&self) -> u8 {
        match self {
            Contestant::Search { tweaks, .. } => tweaks
                .iter()
                .rev()
                .find(|t| t.name == "workers")
                .map_or(1, |t| u8::try_from(t.value).unwrap_or(1).max(1)),
            _ => 1,
        }
    }

    /// The contestant's engines for `spec`: one, or one per share of the
    /// root moves when it splits its searches over workers.
    ///
    /// # Errors
    /// A weight the game's evaluation does not have.
    fn engines(&self, spec: &GameSpec) -> Result<Option<(Vec<AnyEngine>, Budget)>, String> {
        let Some((setup, budget)) = self.settings(spec) else { return Ok(None) };
        let parts = self.workers();
        let mut engines = Vec::new();
        for part in 0..parts {
            let share = Share::new(part, parts).unwrap_or(Share::ALL);
            let mut engine = AnyEngine::new(spec.kind(), EngineSetup { share, ..setup });
            engine.set_weights(&self.weights())?;
            engines.push(engine);
        }
        Ok(Some((engines, budget)))
    }

    /// The evaluation weights this contestant overrides (every tweak but the
    /// [`SWITCHES`]).
    fn weights(&self) -> Vec<(String, i32)> {
        match self {
            Contestant::Search { tweaks, .. } => tweaks
                .iter()
                .filter(|t| !SWITCHES.contains(&t.name.as_str()))
                .map(|t| (t.name.clone(), t.value))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Checks the overridden weights against `spec`'s evaluation, without
    /// building an engine.
    ///
    /// # Errors
    /// A weight the game's evaluation does not have.
    pub fn check(&self, spec: &GameSpec) -> Result<(), String> {
        search::set_weights(&mut *search::default_weights(spec.kind()), &self.weights())
    }
}

/// One side of a game being played: its contestant and its engine.
struct Side {
    contestant: Contestant,
    engines: Option<(Vec<AnyEngine>, Budget)>,
    alpha_beta: bool,
}

impl Side {
    fn new(contestant: &Contestant, spec: &GameSpec) -> Result<Side, String> {
        let alpha_beta = contestant.settings(spec).is_some_and(|(s, _)| s.kind == EngineKind::AlphaBeta);
        Ok(Side { contestant: contestant.clone(), engines: contestant.engines(spec)?, alpha_beta })
    }

    fn choose(&mut self, game: &AnyGame, rng: &mut Rng, clock: &dyn Clock) -> Option<String> {
        match (&mut self.engines, &self.contestant) {
            (Some((engines, budget)), _) if engines.len() > 1 => {
                split_search(engines, game, *budget, rng.next_u64(), self.alpha_beta)
            }
            (Some((engines, budget)), _) => engines
                .first_mut()?
                .search(game, &Controls { budget: *budget, clock, stop: None, seed: rng.next_u64() }, &mut |_| {})
                .map(|r| r.best),
            (None, Contestant::Greedy) => greedy(game, rng),
            (None, _) => random(game, rng),
        }
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
    alpha_beta: bool,
) -> Option<String> {
    let answers: Vec<ShareAnswer> = std::thread::scope(|scope| {
        let handles: Vec<_> = engines
            .iter_mut()
            .map(|engine| {
                scope.spawn(move || {
                    let clock = InstantClock::new();
                    let mut by_depth = Vec::new();
                    let controls = Controls { budget, clock: &clock, stop: None, seed };
                    let r = engine.search(game, &controls, &mut |i| {
                        if alpha_beta {
                            by_depth.push((i.depth, i.score));
                        }
                    })?;
                    Some(ShareAnswer { best: r.best, score: r.score, depth: r.depth, by_depth })
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok().flatten()).collect()
    });
    search::split::choose(&answers).map(|i| answers[i].best.clone())
}

/// A uniformly random legal move, in notation. Chosen among the game's own
/// moves and written only once chosen: Forms 18×18 starts with 26,244 moves,
/// and writing them all at every ply made a long random opening take minutes.
fn random(game: &AnyGame, rng: &mut Rng) -> Option<String> {
    fn pick<G: rules::Game>(g: &G, rng: &mut Rng) -> Option<String> {
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        (!moves.is_empty()).then(|| moves[rng.below(moves.len())].to_string())
    }
    match game {
        AnyGame::Attract(g) => pick(g, rng),
        AnyGame::Forms(g) => pick(g, rng),
        AnyGame::Ra(g) => pick(g, rng),
        AnyGame::Loa(g) => pick(g, rng),
    }
}

fn greedy(game: &AnyGame, rng: &mut Rng) -> Option<String> {
    use search::baseline::greedy_move;
    match game {
        AnyGame::Attract(g) => greedy_move(g, rng).map(|m| m.to_string()),
        AnyGame::Forms(g) => greedy_move(g, rng).map(|m| m.to_string()),
        AnyGame::Ra(g) => greedy_move(g, rng).map(|m| m.to_string()),
        AnyGame::Loa(g) => greedy_move(g, rng).map(|m| m.to_string()),
    }
}

/// The `bestmove` command: info lines, then `bestmove <move>`.
///
/// # Errors
/// A message for bad input, or when the game is already over.
pub fn bestmove(game: &AnyGame, searcher: &Contestant, seed: u64, print: &mut dyn FnMut(&str)) -> Result<(), String> {
    if game.outcome().is_some() {
        return Err("the game is already over: there is no move to find".to_owned());
    }
    // Checked before anything is printed: every position read has a move
    // while its game goes on, and the search fails only without one.
    if game.legal_move_texts().is_empty() {
        return Err("there is no legal move in this position".to_owned());
    }
    let spec = game.spec();
    if searcher.workers() > 1 {
        return Err("workers=N splits a match contestant's searches; bestmove takes --threads".to_owned());
    }
    let Some((mut searcher, budget)) = searcher.engine(&spec)? else {
        return Err("no engine".to_owned());
    };
    let clock = InstantClock::new();
    let result = searcher
        .search(game, &Controls { budget, clock: &clock, stop: None, seed }, &mut |info| print(&info_line(info)))
        .ok_or_else(|| "the search found no move".to_owned())?;
    print(&info_line(&AnyInfo {
        depth: result.depth,
        seldepth: result.depth,
        score: result.score,
        nodes: result.nodes,
        elapsed_ms: result.elapsed_ms,
        pv: result.pv.clone(),
    }));
    print(&format!("bestmove {}", result.best));
    Ok(())
}

fn info_line(info: &AnyInfo) -> String {
    let nps = info.nodes as f64 / (info.elapsed_ms / 1000.0).max(1e-6);
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {:.0} time {:.0} pv {}",
        info.depth,
        info.seldepth,
        score::describe(info.score),
        info.nodes,
        nps,
        info.elapsed_ms,
        info.pv.join(" ")
    )
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
            let _ = game.play_text(&mv);
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
) -> Result<GameResult, String> {
    let mut game = opening(spec, seed, index / 2, opening_plies);
    // A moves first in even games, second in odd ones.
    let first = game.to_move();
    let a_player = if index.is_multiple_of(2) { first } else { first.opponent() };
    let mut side_a = Side::new(a, spec)?;
    let mut side_b = Side::new(b, spec)?;
    let mut rng = Rng::new(seed.wrapping_add(index.wrapping_mul(0x2545_F491_4F6C_DD1D)));
    let clock = InstantClock::new();
    for _ in 0..ply_cap(spec) {
        if game.outcome().is_some() {
            break;
        }
        let side = if game.to_move() == a_player { &mut side_a } else { &mut side_b };
        let Some(mv) = side.choose(&game, &mut rng, &clock) else { break };
        if game.play_text(&mv).is_err() {
            // An engine answering an illegal move loses the game.
            return Ok(if game.to_move() == a_player { GameResult::Loss } else { GameResult::Win });
        }
    }
    Ok(match game.outcome().and_then(|o| o.winner()) {
        Some(w) if w == a_player => GameResult::Win,
        Some(_) => GameResult::Loss,
        None => GameResult::Draw,
    })
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
}

/// The `match` command.
///
/// # Errors
/// A message for bad arguments.
pub fn run_match(plan: &MatchPlan) -> Result<String, String> {
    let MatchPlan { spec, a, b, games, first_game, seed, jobs, opening_plies, progress } = plan;
    let (games, seed, opening_plies, progress) = (*games, *seed, *opening_plies, *progress);
    if games == 0 {
        return Err("--games must be at least 1".to_owned());
    }
    if *first_game == 0 || *first_game > games {
        return Err(format!("--first-game must be from 1 to --games ({games})"));
    }
    let first = *first_game - 1;
    // Bad weights fail here, before any game starts.
    a.check(spec)?;
    b.check(spec)?;
    let jobs = (*jobs).clamp(1, 64) as u64;
    let results: Vec<(u64, GameResult)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|job| {
                scope.spawn(move || {
                    (first..games)
                        .filter(|i| (i - first) % jobs == job)
                        .filter_map(|i| {
                            let r = play_game(spec, a, b, i, seed, opening_plies).ok()?;
                            if progress {
                                eprintln!("game {} of {games}: {r:?} for A", i + 1);
                            }
                            Some((i, r))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    });
    if results.len() as u64 != games - first {
        return Err("a match thread failed".to_owned());
    }
    let count = |r| results.iter().filter(|(_, x)| *x == r).count() as f64;
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
    Ok(out)
}

/// The `weights` command: the game's evaluation weights, one `NAME=VALUE` a line.
pub fn weights(spec: &GameSpec) -> String {
    let w = search::default_weights(spec.kind());
    let mut out = String::new();
    for name in w.names() {
        let _ = writeln!(out, "{name}={}", w.get(name).unwrap_or_default());
    }
    out
}

#[cfg(test)]
mod tests;
