//! Who plays a match or a `bestmove` search: a baseline (random, greedy) or
//! the searcher with a budget (`level:L`, `nodes:N`, `time:MS`, `depth:D`),
//! an algorithm and overrides, read from `--a`/`--b` text.

use std::str::FromStr;

use rules::{AnyGame, GameSpec, quote};
use search::eval::WEIGHT_RANGE;
use search::levels::Level;
use search::split::Share;
use search::{AnyEngine, Budget, EngineSetup, SearcherKind};

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
        engine: Option<SearcherKind>,
        /// The budget.
        limit: Limit,
        /// Overridden evaluation weights and switches, for tuning.
        tweaks: Vec<Tweak>,
    },
}

/// One override of a searching contestant: `NAME=VALUE`, where NAME is one
/// of the game's evaluation weights, `lmr` (late-move reductions, 0 or 1),
/// `noise` (the most added to or taken from each root move's score before
/// the choice, as level 1 plays, 0 to 1000), `proof` (the positions the
/// solver may search for a proven move before each search, on the boards it
/// settles quickly; 0 for none, whatever the level),
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
            "lmr" | "variety" => (0, 1),
            "noise" => (0, 1000),
            "proof" => (0, 100_000_000),
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

/// The deepest `depth:D` contestant: as deep as `bench --depth`.
const MAX_DEPTH: u32 = 30;

/// Tweaks that are not evaluation weights.
const SWITCHES: [&str; 6] = ["lmr", "threads", "workers", "variety", "noise", "proof"];

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
            Some(("ab", rest)) => (Some(SearcherKind::AlphaBeta), rest),
            Some(("mcts", rest)) => (Some(SearcherKind::Mcts), rest),
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
        if matches!(limit, Limit::Depth(_)) && engine == Some(SearcherKind::Mcts) {
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
                (EngineSetup { searcher: SearcherKind::AlphaBeta, noise: 0, ..setup }, Budget::depth(d))
            }
        };
        if let Some(kind) = *engine
            && kind != setup.searcher
        {
            setup.searcher = kind;
            setup.noise = 0;
        }
        if let Some(t) = tweaks.iter().rev().find(|t| t.name == "lmr") {
            setup.reductions = t.value == 1;
        }
        if let Some(t) = tweaks.iter().rev().find(|t| t.name == "noise") {
            setup.noise = t.value;
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
    pub(crate) fn engine(&self, spec: &GameSpec) -> Result<Option<(AnyEngine, Budget)>, String> {
        let Some((setup, budget)) = self.settings(spec) else { return Ok(None) };
        let mut engine = AnyEngine::new(spec.kind(), setup);
        engine.set_weights(&self.weights())?;
        Ok(Some((engine, budget)))
    }

    /// What the solver may search for a proven move before each search
    /// ([`search::levels::LevelSettings::proof`]): a level's, or `+proof=N`
    /// positions (0: none).
    pub(crate) fn proof(&self, spec: &GameSpec) -> Option<Budget> {
        let Contestant::Search { limit, tweaks, .. } = self else { return None };
        match tweaks.iter().rev().find(|t| t.name == "proof") {
            Some(t) => u64::try_from(t.value).ok().filter(|&n| n > 0).map(Budget::nodes),
            None => match limit {
                Limit::Level(level) => level.settings(spec).proof,
                _ => None,
            },
        }
    }

    /// The solver's proven move in `game`, if this contestant asks it first
    /// ([`Contestant::proof`]) and it proves a win or a draw there, with a
    /// table of a level's megabytes ([`search::levels::PROOF_MB`]), at most
    /// `memory_mb`.
    pub(crate) fn proven_move(
        &self,
        game: &AnyGame,
        memory_mb: usize,
        clock: &dyn search::Clock,
        seed: u64,
    ) -> Option<search::AnyResult> {
        let spec = game.spec();
        let budget = self.proof(&spec)?;
        search::solver::proven_move(game, budget, search::levels::PROOF_MB.min(memory_mb).max(1), clock, seed)
    }

    /// How this contestant varies its move `ply` plies into a game: its
    /// level's variety ([`Level::variety`]), unless `+variety=0` (the levels as
    /// they played before they varied); none for other budgets.
    pub(crate) fn variety(&self, spec: &GameSpec, ply: usize) -> search::Variety {
        match self {
            Contestant::Search { limit: Limit::Level(level), tweaks, .. }
                if tweaks.iter().rev().find(|t| t.name == "variety").is_none_or(|t| t.value == 1) =>
            {
                level.variety(spec, ply)
            }
            _ => search::Variety::NONE,
        }
    }

    /// The threads one of this contestant's searches runs on: its workers
    /// (`+workers=N`) times each worker's search threads (`+threads=N`).
    pub(crate) fn search_threads(&self, spec: &GameSpec) -> usize {
        let per_worker = self.settings(spec).map_or(1, |(setup, _)| setup.threads.max(1));
        usize::from(self.workers()) * per_worker
    }

    /// How many workers split each search (`+workers=N`), 1 without a split.
    pub(crate) fn workers(&self) -> u8 {
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
    /// Each engine's table or tree takes at most `memory_mb` megabytes.
    ///
    /// # Errors
    /// A weight the game's evaluation does not have.
    pub(crate) fn engines(
        &self,
        spec: &GameSpec,
        memory_mb: usize,
    ) -> Result<Option<(Vec<AnyEngine>, Budget)>, String> {
        let Some((mut setup, budget)) = self.settings(spec) else { return Ok(None) };
        setup.memory_mb = setup.memory_mb.min(memory_mb).max(1);
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

#[cfg(test)]
mod tests;
