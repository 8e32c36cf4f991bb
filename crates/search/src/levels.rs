//! The five named levels players choose from, and the engine each game and
//! rule set plays with.
//!
//! Levels 1–3 spend a fixed number of nodes (alpha-beta) or playouts (MCTS),
//! so they play the same on every machine and in every browser; levels 4 and 5
//! think for a fixed time, except on Lines of Action 5 × 5, a solved board,
//! where every level spends fixed nodes and the strongest plays the solver's
//! proven moves ([`LevelSettings::proof`]).

use rules::forms::FormsRules;
use rules::{AnyGame, GameSpec};

use crate::Variety;
use crate::any::{EngineSetup, SearcherKind};
use crate::budget::{Budget, Clock};
use crate::result::AnyResult;
use crate::solver;

/// One of the five strengths players choose from, 1 (Beginner) to 5
/// (Strongest). A level knows what it spends in every game
/// ([`Level::settings`]); the CLI, the browser app and its search worker all
/// read the budgets from here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

/// Names and descriptions, weakest first.
const NAMES: [(&str, &str); 5] = [
    ("Beginner", "a glance, with mistakes"),
    ("Casual", "a moment"),
    ("Club", "a short think"),
    ("Expert", "about 1 second"),
    ("Strongest", "about 5 seconds"),
];

impl Level {
    /// The five levels, weakest first.
    pub const ALL: [Level; 5] = [Level(1), Level(2), Level(3), Level(4), Level(5)];
    /// Level 3, the default strength of a search without a budget.
    pub const CLUB: Level = Level(3);
    /// Level 2, the level a newcomer first meets.
    pub const CASUAL: Level = Level(2);
    /// Level 5.
    pub const STRONGEST: Level = Level(5);

    /// The level numbered `n`, if 1 to 5.
    #[must_use]
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 5 { Some(Level(n)) } else { None }
    }

    /// 1 to 5.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Its name, e.g. `Beginner`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        NAMES[self.0 as usize - 1].0
    }

    /// How long it thinks, in words.
    #[must_use]
    pub const fn thinking(self) -> &'static str {
        NAMES[self.0 as usize - 1].1
    }

    /// How it plays `spec`, in words: [`Level::thinking`], except on Lines
    /// of Action 5 × 5, where every level answers at once and the strongest
    /// plays perfectly where the solver is asked ([`PERFECT_PLAY`]).
    #[must_use]
    pub fn thinking_for(self, spec: &GameSpec) -> &'static str {
        if !is_loa5(spec) {
            return self.thinking();
        }
        match self.0 {
            1 | 2 => self.thinking(),
            3 | 4 => NAMES[1].1,
            _ if proof(spec, self.0).is_some() => PERFECT_PLAY,
            _ => NAMES[2].1,
        }
    }

    /// Whether more workers make it stronger in `spec`: levels 4 and 5,
    /// which think for a fixed time, except on Lines of Action 5 × 5, where
    /// they spend fixed nodes or ask the solver first (a node budget split
    /// over workers would search more nodes on a machine with more cores,
    /// another level and another game; every worker would run the same
    /// proof). Said without [`Level::settings`], which the page's first
    /// board does not carry.
    #[must_use]
    pub fn splits(self, spec: &GameSpec) -> bool {
        self.0 >= 4 && !is_loa5(spec)
    }
}

/// What the strongest level says of itself on a board it plays perfectly.
pub const PERFECT_PLAY: &str = "perfect play: this board is solved";

/// The solver's table, in megabytes, when a level asks it first: Lines of
/// Action 5 × 5's start settles in a 64 MB table (55 MB resident), the
/// positions after it in less.
pub const PROOF_MB: usize = 32;

/// Lines of Action on 5 × 5.
fn is_loa5(spec: &GameSpec) -> bool {
    matches!(spec, GameSpec::Loa(o) if o.size() == 5)
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Why a level could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelError {
    /// The text as written.
    pub text: String,
}

impl std::fmt::Display for LevelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} is not a level (1 to 5)", rules::quote(&self.text))
    }
}

impl std::error::Error for LevelError {}

impl std::str::FromStr for Level {
    type Err = LevelError;

    fn from_str(text: &str) -> Result<Level, LevelError> {
        text.parse().ok().and_then(Level::new).ok_or_else(|| LevelError { text: text.to_owned() })
    }
}

/// The engine that plays `spec` best, as decided by engine-vs-engine matches
/// (docs/lab/strength.md): MCTS-Solver for Forms under the standard rules from 8×8
/// up, where every position has hundreds or thousands of moves (it won 15
/// of 20 games against alpha-beta at equal time on 8×8 and on 18×18);
/// alpha-beta everywhere else (it won 13–20 of 20 on Forms advanced, RA and
/// Lines of Action; Attract was within the noise).
#[must_use]
pub fn searcher_for(spec: &GameSpec) -> SearcherKind {
    match spec {
        GameSpec::Forms(o) if o.rules == FormsRules::Standard && o.size >= 8 => SearcherKind::Mcts,
        _ => SearcherKind::AlphaBeta,
    }
}

/// What a level spends and how it errs, for the searcher `kind`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelSettings {
    /// The engine and its memory.
    pub setup: EngineSetup,
    /// The budget of one move.
    pub budget: Budget,
    /// On a board the solver settles quickly, what it may search for a
    /// proven move before the search ([`LevelSettings::proven_move`]).
    pub proof: Option<Budget>,
}

impl LevelSettings {
    /// The longest a move at this level should take, for a watchdog: its time
    /// budget (for the node budgets of levels 1–3, a bound they stay far
    /// below on any machine that runs the app, which also ends their search),
    /// and the solver's time before it where the level asks it first.
    #[must_use]
    pub fn time_limit_ms(&self) -> f64 {
        self.budget.time_ms.unwrap_or(NODE_BUDGET_LIMIT_MS) + self.proof.and_then(|p| p.time_ms).unwrap_or(0.0)
    }

    /// The move the solver proves wins or holds the draw in `game`, if this
    /// level asks it first ([`LevelSettings::proof`]) and it settles the
    /// position within that budget. A lost position, or one not settled,
    /// is left to the search (which resists best against a player who errs).
    #[must_use]
    pub fn proven_move(&self, game: &AnyGame, clock: &dyn Clock, seed: u64) -> Option<AnyResult> {
        solver::proven_move(game, self.proof?, PROOF_MB, clock, seed)
    }
}

/// The bound [`LevelSettings::time_limit_ms`] gives node budgets. Level 3
/// takes 0.04 s a move natively on Lines of Action, up to 0.24 s on Attract
/// 12×12, but 0.5 s in the median and up to 6 s on Forms advanced 18×18
/// (90,000 nodes in positions of many long slides; docs/engine.md): no
/// level-3 move may keep a player waiting longer than this, on any device.
const NODE_BUDGET_LIMIT_MS: f64 = 3_000.0;

/// The plies from the start in which levels 4 and 5 vary their play.
pub const OPENING_PLIES: usize = 6;

impl Level {
    /// How this level varies its move `ply` plies into a game of `spec`
    /// ([`crate::Variety`]). Levels 2 and 3 see the evaluation through a
    /// haze all game long (spreads 60 and 50), so their mistakes are
    /// choices among moves near the best, as a person's are; level 1
    /// already errs by its engine's root noise of 150 (Lines of Action 200), drawn from the same
    /// seed. Levels 4 and 5 search deep enough that a haze changes little
    /// (RA's level 4 chose 2 lines in 20 games at a spread of 80): they add
    /// noise of ±40 to the root moves' scores in the first six plies only.
    /// Attract's spreads are a quarter (set when its evaluation counted 60
    /// for a piece one stone from winning; its levels still vary and climb
    /// with the fitted weights, docs/lab/strength.md); Forms from 12×12 varies by the seed's
    /// order of its many equal moves alone (a haze or root noise there cost
    /// level 2 its second ply). With the game's random seed this gives a
    /// different game every time; the same seed gives the same game (at the
    /// node budgets of levels 1–3). Figures: docs/lab/variety.md.
    #[must_use]
    pub fn variety(self, spec: &GameSpec, ply: usize) -> Variety {
        let scale = |n: i32| match spec {
            GameSpec::Attract(_) => n / 4,
            GameSpec::Forms(o) if o.size >= 12 => 0,
            _ => n,
        };
        match self.0 {
            // Lines of Action's level 3 needs a wider haze to vary (at 50 a
            // few lines dominated: 16 of 40 distinct), and level 2 keeps
            // a wider one than level 3 (docs/lab/variety.md).
            2 if matches!(spec, GameSpec::Loa(_)) => Variety { haze: 150, root: 0 },
            3 if matches!(spec, GameSpec::Loa(_)) => Variety { haze: 120, root: 0 },
            2 => Variety { haze: scale(60), root: 0 },
            3 => Variety { haze: scale(50), root: 0 },
            // RA's good moves lie further apart at depth: within 60 of the
            // best level 4 varied in 2 games of 20, within 120 level 5 in 2
            // (docs/lab/variety.md).
            4 | 5 if ply < OPENING_PLIES && matches!(spec, GameSpec::Ra(_)) => Variety { haze: 0, root: 200 },
            4 | 5 if ply < OPENING_PLIES => Variety { haze: 0, root: scale(60) },
            _ => Variety::NONE,
        }
    }

    /// What this level spends in `spec`, and with which engine.
    #[must_use]
    pub fn settings(self, spec: &GameSpec) -> LevelSettings {
        settings(spec, self.0)
    }
}

fn settings(spec: &GameSpec, n: u8) -> LevelSettings {
    let kind = searcher_for(spec);
    // Lines of Action 5 × 5 is solved (Black wins from both starts): a
    // search of 100,000 nodes there plays as well as the solver (51.5%
    // against it), so its levels are spaced below perfect play by small
    // node budgets (each beats the one below in 60-87% of games from the
    // start), and the strongest plays the solver's proven moves ([`proof`];
    // docs/lab/strength.md, "Lines of Action 5×5, a solved board"). From
    // Scrambled Eggs level 3 needs more nodes to beat level 2 (52% at 600).
    let loa5 = is_loa5(spec);
    let scrambled5 = loa5 && matches!(spec, GameSpec::Loa(o) if o.start != rules::loa::Start::Standard);
    let (budget, noise, memory_mb) = match (kind, n) {
        (SearcherKind::AlphaBeta, 0 | 1) if loa5 => (Budget { depth: Some(2), ..Budget::nodes(5_000) }, 300, 1),
        (SearcherKind::AlphaBeta, 2) if loa5 => (Budget::nodes(300), 0, 1),
        (SearcherKind::AlphaBeta, 3) if scrambled5 => (Budget::nodes(900), 0, 8),
        (SearcherKind::AlphaBeta, 3) if loa5 => (Budget::nodes(600), 0, 8),
        (SearcherKind::AlphaBeta, 4) if loa5 => (Budget::nodes(1_500), 0, 8),
        (SearcherKind::AlphaBeta, _) if loa5 => (Budget::nodes(100_000), 0, 32),
        // Lines of Action's evaluation fitted to games (docs/lab/tuning.md) made
        // level 1 stronger (63% against itself before); ±200 keeps it as
        // beatable as it was (46.5% against the old level 1).
        (SearcherKind::AlphaBeta, 0 | 1) if matches!(spec, GameSpec::Loa(_)) => {
            (Budget { depth: Some(2), ..Budget::nodes(5_000) }, 200, 1)
        }
        // Forms advanced's fitted row made level 1 stronger too (62% against
        // the old level 1 over 200 games), and so did RA's serve (60%; 60.5%
        // at ±200): ±250 brings them back to 55.5% and 44%.
        (SearcherKind::AlphaBeta, 0 | 1) if is_forms_advanced(spec) || matches!(spec, GameSpec::Ra(_)) => {
            (Budget { depth: Some(2), ..Budget::nodes(5_000) }, 250, 1)
        }
        (SearcherKind::AlphaBeta, 0 | 1) => (Budget { depth: Some(2), ..Budget::nodes(5_000) }, 150, 1),
        // Attract's evaluation reads the empty cells since it was fitted to
        // games (docs/lab/tuning.md), which halves its search's speed (8×8:
        // 1.5 million nodes a second natively, from 3.0; 12×12: 0.67, from
        // 1.46): the budgets of levels 2 and 3 are halved with it, so that
        // each takes the time it took (level 1's depth 2 needs what it needs).
        // Forms advanced's fitted row reads the groups' shape, which makes a
        // node about a quarter dearer (8×8: 280–375 thousand nodes a second
        // natively, from 354–470): levels 2 and 3 there search four-fifths of
        // the nodes, so that each takes the time it took.
        (SearcherKind::AlphaBeta, 2) if is_forms_advanced(spec) => (Budget::nodes(8_000), 0, 4),
        (SearcherKind::AlphaBeta, 2) => (Budget::nodes(10_000), 0, 4),
        // Attract's boards offer 36 to 400 moves a ply: level 3 searches 3 to
        // 4 plies on 8×8 with 30,000 nodes and on 12×12 with 140,000 (`ludoteca
        // bench`'s positions), where 30,000 reach 2: level 3 at a level-2
        // depth won only 56% there (docs/lab/strength.md).
        (SearcherKind::AlphaBeta, 3) if matches!(spec, GameSpec::Attract(o) if o.size >= 12) => {
            (Budget::nodes(140_000), 0, 8)
        }
        (SearcherKind::AlphaBeta, 3) if matches!(spec, GameSpec::Attract(_)) => (Budget::nodes(30_000), 0, 8),
        // RA at 30,000 nodes drew a third of its games against level 2; at 90,000 it scores 74%.
        (SearcherKind::AlphaBeta, 3) if matches!(spec, GameSpec::Ra(_)) => (Budget::nodes(90_000), 0, 8),
        // Forms advanced on 18×18: 53% against level 2 at 30,000 nodes, 90% at
        // 90,000 (before the shape features; three-quarters of it since, as a
        // node there costs 1/0.77 as much).
        (SearcherKind::AlphaBeta, 3) if matches!(spec, GameSpec::Forms(o) if o.size >= 12) => {
            (Budget::nodes(68_000), 0, 8)
        }
        (SearcherKind::AlphaBeta, 3) if is_forms_advanced(spec) => (Budget::nodes(24_000), 0, 8),
        (SearcherKind::AlphaBeta, 3) => (Budget::nodes(30_000), 0, 8),
        (SearcherKind::Mcts, 0 | 1) => (Budget::nodes(30), 0, 4),
        (SearcherKind::Mcts, 2) => (Budget::nodes(300), 0, 8),
        (SearcherKind::Mcts, 3) => (Budget::nodes(3_000), 0, 16),
        (_, 4) => (Budget::time_ms(1_000.0), 0, 64),
        (_, _) => (Budget::time_ms(5_000.0), 0, 64),
    };
    // Every level is bounded in wall time too: a node budget by a time far
    // above what it takes on any machine that runs the app, so that a slow
    // machine, or many threads on few cores, still gets an answer.
    let budget = Budget { time_ms: budget.time_ms.or(Some(NODE_BUDGET_LIMIT_MS)), ..budget };
    // Late-move reductions where matches showed they help (docs/lab/strength.md).
    let reductions = kind == SearcherKind::AlphaBeta && matches!(spec, GameSpec::Loa(_));
    LevelSettings {
        setup: EngineSetup {
            searcher: kind,
            memory_mb,
            noise,
            reductions,
            threads: 1,
            share: crate::split::Share::ALL,
        },
        budget,
        proof: proof(spec, n),
    }
}

/// Whether `spec` is Forms under the advanced rules.
fn is_forms_advanced(spec: &GameSpec) -> bool {
    matches!(spec, GameSpec::Forms(o) if o.rules == FormsRules::Advanced)
}

/// What level `n` lets the solver search for a proven move first: on Lines
/// of Action 5 × 5 the strongest level settles every position (the start
/// takes 233,623 positions, 0.46 s natively, Scrambled Eggs' 33,261; later
/// positions fewer). Not with Black Hole, whose 5 × 5 start takes 3.1
/// million positions and 5.6 s natively, and whose Scrambled Eggs start
/// rests on repetitions.
fn proof(spec: &GameSpec, n: u8) -> Option<Budget> {
    match spec {
        GameSpec::Loa(o) if o.size() == 5 && !o.hole && n >= 5 => {
            Some(Budget { time_ms: Some(5_000.0), ..Budget::nodes(2_000_000) })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_and_name() {
        assert_eq!("3".parse::<Level>(), Ok(Level::CLUB));
        for bad in ["0", "6", "", "x", "-1", "03x"] {
            assert!(bad.parse::<Level>().is_err(), "{bad}");
        }
        assert_eq!(Level::ALL.map(Level::name), ["Beginner", "Casual", "Club", "Expert", "Strongest"]);
        assert_eq!(Level::new(5), Some(Level::STRONGEST));
        assert_eq!(Level::new(0), None);
    }

    #[test]
    fn weaker_levels_vary_more_and_the_strong_ones_only_in_the_opening() {
        let loa: GameSpec = "loa".parse().unwrap();
        let attract: GameSpec = "attract:size=12".parse().unwrap();
        for ply in [0, OPENING_PLIES, 80] {
            let [one, two, three, four, five] = Level::ALL.map(|l| l.variety(&loa, ply));
            assert_eq!(one, Variety::NONE, "level 1 varies by its own root noise");
            assert!(two.haze > three.haze && three.haze > 0, "{two:?} {three:?}");
            let late = ply >= OPENING_PLIES;
            assert_eq!(four == Variety::NONE, late, "level 4 at ply {ply}");
            assert_eq!(five == Variety::NONE, late, "level 5 at ply {ply}");
            assert!(Level::CASUAL.variety(&attract, ply).haze < two.haze, "Attract's scale is smaller");
        }
    }

    #[test]
    fn time_limits_follow_the_budgets() {
        let loa: GameSpec = "loa".parse().unwrap();
        assert_eq!(Level::STRONGEST.settings(&loa).time_limit_ms(), 5_000.0);
        assert_eq!(Level::new(4).map(|l| l.settings(&loa).time_limit_ms()), Some(1_000.0));
        assert_eq!(Level::CLUB.settings(&loa).time_limit_ms(), NODE_BUDGET_LIMIT_MS);
        // No node budget keeps a player waiting long (Forms advanced 18×18's
        // level-3 moves took up to 6 s natively under the earlier 10-s bound).
        let forms: GameSpec = "forms:rules=advanced".parse().unwrap();
        for level in [Level::new(1), Level::new(2), Some(Level::CLUB)].into_iter().flatten() {
            let settings = level.settings(&forms);
            assert!(settings.budget.nodes.is_some() && settings.time_limit_ms() <= 3_000.0, "{level}");
            assert_eq!(
                settings.budget.time_ms,
                Some(settings.time_limit_ms()),
                "{level}: the search itself stops there"
            );
        }
    }

    #[test]
    fn exactly_the_levels_that_think_for_a_time_without_the_solver_split() {
        let specs =
            ["loa", "loa:size=5", "loa:size=5,start=scrambled", "loa:size=5,hole=on", "loa:size=6", "loa:size=9"];
        let more = ["attract", "attract:size=12", "forms", "forms:size=6", "forms:rules=advanced,size=8", "ra"];
        for text in specs.into_iter().chain(more) {
            let spec: GameSpec = text.parse().unwrap();
            for level in Level::ALL {
                let s = level.settings(&spec);
                assert_eq!(level.splits(&spec), s.budget.nodes.is_none() && s.proof.is_none(), "{text} level {level}");
            }
        }
    }

    #[test]
    fn on_lines_of_action_5x5_the_levels_climb_by_nodes_to_the_solvers_moves() {
        let small: GameSpec = "loa:size=5".parse().unwrap();
        let scrambled: GameSpec = "loa:size=5,start=scrambled".parse().unwrap();
        let [one, two, three, four, five] = Level::ALL.map(|l| l.settings(&small));
        // Fixed node budgets, each above the one below it (the same on every machine).
        let nodes = [one, two, three, four, five].map(|s| s.budget.nodes.unwrap_or(0));
        assert!(nodes[1] < nodes[2] && nodes[2] < nodes[3] && nodes[3] < nodes[4], "{nodes:?}");
        assert!(one.setup.noise > 0 && one.budget.depth == Some(2));
        // Only the strongest asks the solver, on both starts, and not on 6 × 6 or 8 × 8.
        assert_eq!([one, two, three, four].map(|s| s.proof), [None; 4]);
        assert!(five.proof.is_some() && Level::STRONGEST.settings(&scrambled).proof.is_some());
        for other in ["loa:size=6", "loa", "forms:size=4", "attract:size=6"] {
            let spec: GameSpec = other.parse().unwrap();
            assert_eq!(Level::STRONGEST.settings(&spec).proof, None, "{other}");
        }
        // Its watchdog allows the proof and the search after it.
        assert!(five.time_limit_ms() >= NODE_BUDGET_LIMIT_MS + 5_000.0);
        // At the start it plays the solved start's first move, at once.
        let proven = five.proven_move(&small.start(), &crate::NoClock, 1).map(|r| r.best.to_string());
        assert_eq!(proven.as_deref(), Some("d1-b3"));
        assert!(four.proven_move(&small.start(), &crate::NoClock, 1).is_none());
        // Past the start, a real proof: Black after d1-b3 e3xb3 wins, and the
        // move found leaves White lost (asked again from White's side).
        let mut won = small.start();
        for text in ["d1-b3", "e3xb3"] {
            won.play_text(text).unwrap();
        }
        let proven = five.proven_move(&won, &crate::NoClock, 1).unwrap();
        assert_eq!(proven.score, crate::score::SOLVED_WIN);
        won.play_move(proven.best).unwrap();
        let controls = crate::Controls::budget(Budget::nodes(2_000_000));
        let after = solver::settle(&won, PROOF_MB, &controls).map(|r| r.score);
        assert_eq!(after, Some(-crate::score::SOLVED_WIN));
        // A lost position is left to the search.
        let mut lost = small.start();
        lost.play_text("d1-b3").unwrap();
        assert!(five.proven_move(&lost, &crate::NoClock, 1).is_none());
        // Black Hole's 5 × 5 is not asked (3.1 million positions at its start).
        let holed: GameSpec = "loa:size=5,hole=on".parse().unwrap();
        assert_eq!(Level::STRONGEST.settings(&holed).proof, None);
        // None of them splits over workers; 8 × 8's levels 4 and 5 do.
        assert!(Level::ALL.iter().all(|l| !l.splits(&small)));
        let loa: GameSpec = "loa".parse().unwrap();
        assert_eq!(Level::ALL.map(|l| l.splits(&loa)), [false, false, false, true, true]);
        // What the new-game dialog says of them.
        assert_eq!(Level::STRONGEST.thinking_for(&small), PERFECT_PLAY);
        assert_eq!(Level::STRONGEST.thinking_for(&holed), "a short think");
        assert_eq!(Level::new(4).map(|l| l.thinking_for(&small)), Some("a moment"));
        assert_eq!(Level::new(4).map(|l| l.thinking_for(&loa)), Some("about 1 second"));
    }
}
