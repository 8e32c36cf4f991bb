//! The five named levels players choose from, and the engine each game and
//! rule set plays with.
//!
//! Levels 1–3 spend a fixed number of nodes (alpha-beta) or playouts (MCTS),
//! so they play the same on every machine and in every browser; levels 4 and 5
//! think for a fixed time.

use rules::GameSpec;
use rules::forms::FormsRules;

use crate::any::{EngineKind, EngineSetup};
use crate::budget::Budget;

/// A level as players see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// 1 to 5.
    pub number: u8,
    /// Its name, e.g. `Beginner`.
    pub name: &'static str,
    /// How long it thinks, in words.
    pub thinking: &'static str,
}

/// The five levels, weakest first.
pub const LEVELS: [Level; 5] = [
    Level { number: 1, name: "Beginner", thinking: "a glance, with mistakes" },
    Level { number: 2, name: "Casual", thinking: "a moment" },
    Level { number: 3, name: "Club", thinking: "a short think" },
    Level { number: 4, name: "Expert", thinking: "about 1 second" },
    Level { number: 5, name: "Strongest", thinking: "about 5 seconds" },
];

/// The level numbered `n`, if 1 to 5.
#[must_use]
pub fn level(n: u8) -> Option<Level> {
    LEVELS.get(usize::from(n).checked_sub(1)?).copied()
}

/// The engine that plays `spec` best, as decided by engine-vs-engine matches
/// (see the README): MCTS-Solver for Forms under the standard rules from 8×8
/// up, where every position has hundreds or thousands of moves (it won 15
/// of 20 games against alpha-beta at equal time on 8×8 and on 18×18);
/// alpha-beta everywhere else (it won 13–20 of 20 on Forms advanced, RA and
/// Lines of Action; Attract was within the noise).
#[must_use]
pub fn engine_for(spec: &GameSpec) -> EngineKind {
    match spec {
        GameSpec::Forms(o) if o.rules == FormsRules::Standard && o.size >= 8 => EngineKind::Mcts,
        _ => EngineKind::AlphaBeta,
    }
}

/// What a level spends and how it errs, for the engine `kind`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelSettings {
    /// The engine and its memory.
    pub setup: EngineSetup,
    /// The budget of one move.
    pub budget: Budget,
}

/// The settings of level `n` (1–5) for `spec`; levels past 5 play as 5.
#[must_use]
pub fn settings(spec: &GameSpec, n: u8) -> LevelSettings {
    let kind = engine_for(spec);
    let (budget, noise, memory_mb) = match (kind, n) {
        (EngineKind::AlphaBeta, 0 | 1) => (Budget { depth: Some(2), ..Budget::nodes(5_000) }, 150, 1),
        (EngineKind::AlphaBeta, 2) if matches!(spec, GameSpec::Attract(_)) => (Budget::nodes(20_000), 0, 4),
        (EngineKind::AlphaBeta, 2) => (Budget::nodes(10_000), 0, 4),
        // Attract's boards offer 36 to 400 moves a ply, and its search runs at
        // 2.5–3.5 million nodes a second: level 3 reaches depth 3 on 8×8 with
        // 60,000 nodes, and needs 300,000 for depth 4 from 12×12 up (depth 3
        // against level 2's depth 2 won only 56% there).
        (EngineKind::AlphaBeta, 3) if matches!(spec, GameSpec::Attract(o) if o.size >= 12) => {
            (Budget::nodes(300_000), 0, 8)
        }
        (EngineKind::AlphaBeta, 3) if matches!(spec, GameSpec::Attract(_)) => (Budget::nodes(60_000), 0, 8),
        // RA at 30,000 nodes drew a third of its games against level 2; at 90,000 it scores 74%.
        (EngineKind::AlphaBeta, 3) if matches!(spec, GameSpec::Ra(_)) => (Budget::nodes(90_000), 0, 8),
        // Forms advanced on 18×18: 53% against level 2 at 30,000 nodes, 90% at 90,000.
        (EngineKind::AlphaBeta, 3) if matches!(spec, GameSpec::Forms(o) if o.size >= 12) => {
            (Budget::nodes(90_000), 0, 8)
        }
        (EngineKind::AlphaBeta, 3) => (Budget::nodes(30_000), 0, 8),
        (EngineKind::Mcts, 0 | 1) => (Budget::nodes(30), 0, 4),
        (EngineKind::Mcts, 2) => (Budget::nodes(300), 0, 8),
        (EngineKind::Mcts, 3) => (Budget::nodes(3_000), 0, 16),
        (_, 4) => (Budget::time_ms(1_000.0), 0, 64),
        (_, _) => (Budget::time_ms(5_000.0), 0, 64),
    };
    // Late-move reductions where matches showed they help (see the README).
    let reductions = kind == EngineKind::AlphaBeta && matches!(spec, GameSpec::Loa(_));
    LevelSettings { setup: EngineSetup { kind, memory_mb, noise, reductions }, budget }
}
