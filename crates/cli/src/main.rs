//! `ludoteca`: the rules engines on the command line.
//!
//! Every command takes a game spec (`loa`, `loa:simultaneous=mover`, …),
//! optional moves to play from the start (or from `--from POSITION`), and
//! prints plain text. Bad input exits with status 2, prints nothing on
//! standard output, and explains itself on standard error.

mod commands;
mod play;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use search::levels::Level;

/// Ludoteca's rules engines and searcher: list the games, play moves, list
/// legal moves, count perft, find the best move, play engine matches, benchmark.
#[derive(Parser, Debug)]
#[command(name = "ludoteca", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Where the moves start: the start position of SPEC, or `--from`.
#[derive(clap::Args, Debug)]
struct Setup {
    /// The game and its options: ID[:KEY=VALUE[,KEY=VALUE]…], e.g. `loa:simultaneous=mover`.
    spec: String,
    /// Start from this position text instead of the start position (spaces may be written `_`).
    #[arg(long = "from", value_name = "POSITION")]
    from: Option<String>,
}

/// How long the searcher may think: one of a level, nodes or time.
#[derive(clap::Args, Debug)]
#[group(multiple = false)]
struct Think {
    /// A named level, 1 (Beginner) to 5 (Strongest).
    #[arg(long)]
    level: Option<Level>,
    /// A budget of nodes (alpha-beta) or playouts (MCTS).
    #[arg(long)]
    nodes: Option<u64>,
    /// A budget of milliseconds.
    #[arg(long = "time-ms")]
    time_ms: Option<f64>,
}

impl Think {
    fn limit(&self) -> Result<play::Limit, String> {
        match (self.level, self.nodes, self.time_ms) {
            (_, Some(0), _) => Err("--nodes must be at least 1".to_owned()),
            (_, Some(n), _) => Ok(play::Limit::Nodes(n)),
            (_, _, Some(t)) if !(t > 0.0 && t.is_finite()) => Err("--time-ms must be a positive number".to_owned()),
            (_, _, Some(t)) => Ok(play::Limit::Time(t)),
            (Some(l), _, _) => Ok(play::Limit::Level(l)),
            (None, None, None) => Ok(play::Limit::Level(Level::CLUB)),
        }
    }
}

/// Forcing one of the two search algorithms.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Algorithm {
    /// Alpha-beta.
    Ab,
    /// MCTS-Solver.
    Mcts,
}

impl Algorithm {
    fn kind(self) -> search::EngineKind {
        match self {
            Algorithm::Ab => search::EngineKind::AlphaBeta,
            Algorithm::Mcts => search::EngineKind::Mcts,
        }
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List every game, its options and their defaults.
    Games,
    /// Play MOVES and print the board, the position text, the side to move and the result.
    Play {
        #[command(flatten)]
        setup: Setup,
        /// Moves in the game's notation, played in order.
        moves: Vec<String>,
    },
    /// Print the legal moves after MOVES, one per line.
    Moves {
        #[command(flatten)]
        setup: Setup,
        /// Moves in the game's notation, played in order.
        moves: Vec<String>,
    },
    /// Count the move sequences of each length from 1 to DEPTH.
    Perft {
        #[command(flatten)]
        setup: Setup,
        /// The longest sequence length to count.
        depth: u32,
        /// Moves in the game's notation, played before counting.
        moves: Vec<String>,
        /// Also print the count under each first move at DEPTH.
        #[arg(long)]
        divide: bool,
        /// Play every move of the last ply instead of counting it (a fairer speed measure).
        #[arg(long)]
        play_leaves: bool,
    },
    /// Search the position after MOVES: info lines, then `bestmove <move>`.
    Bestmove {
        #[command(flatten)]
        setup: Setup,
        /// Moves in the game's notation, played in order.
        moves: Vec<String>,
        #[command(flatten)]
        think: Think,
        /// The random seed (with a node budget, the same seed gives the same answer).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Force an algorithm instead of the game's own choice.
        #[arg(long, value_enum)]
        engine: Option<Algorithm>,
        /// Override an evaluation weight, or `lmr=0|1` (late-move reductions); repeatable.
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
    },
    /// Play engine-vs-engine games and report A's results and the Elo difference.
    Match {
        /// The game and its options.
        spec: String,
        /// Engine A: level:L, nodes:N, time:MS, random or greedy (optionally after ab: or mcts:);
        /// a searcher may end with +NAME=VALUE overrides of evaluation weights or lmr=0|1.
        #[arg(long)]
        a: String,
        /// Engine B, written like A.
        #[arg(long)]
        b: String,
        /// How many games (colours alternate; each pair shares a random opening).
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// The random seed of the openings and the engines.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Random moves played before the engines take over.
        #[arg(long, default_value_t = 4)]
        opening: usize,
        /// Print each game's result on standard error as it ends.
        #[arg(long)]
        progress: bool,
    },
    /// List the evaluation weights of a game, as NAME=VALUE lines (override them
    /// with `--set` or an engine's `+NAME=VALUE`, e.g. to tune them by matches).
    Weights {
        /// The game and its options.
        spec: String,
    },
    /// Search speed in nodes per second over a fixed set of positions.
    Bench {
        /// The game and its options.
        spec: String,
        /// Nodes (or playouts) per position.
        #[arg(long, default_value_t = 1_000_000)]
        nodes: u64,
        /// Force an algorithm instead of the game's own choice.
        #[arg(long, value_enum)]
        engine: Option<Algorithm>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Command::Bestmove { setup, moves, think, seed, engine, set } = &cli.command {
        let result = think.limit().and_then(|limit| {
            let game = commands::setup(&setup.spec, setup.from.as_deref(), moves)?;
            let tweaks = set.iter().map(|t| t.parse()).collect::<Result<Vec<play::Tweak>, String>>()?;
            let searcher = play::Contestant::Search { engine: engine.map(Algorithm::kind), limit, tweaks };
            play::bestmove(&game, &searcher, *seed, &mut |line| println!("{line}"))
        });
        return match result {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("ludoteca: {message}");
                ExitCode::from(2)
            }
        };
    }
    let result = match &cli.command {
        Command::Games => Ok(commands::games()),
        Command::Play { setup, moves } => commands::play(&setup.spec, setup.from.as_deref(), moves),
        Command::Moves { setup, moves } => commands::moves(&setup.spec, setup.from.as_deref(), moves),
        Command::Perft { setup, depth, moves, divide, play_leaves } => {
            commands::perft(&setup.spec, setup.from.as_deref(), moves, *depth, *divide, *play_leaves)
        }
        Command::Bestmove { .. } => Ok(String::new()),
        Command::Match { spec, a, b, games, seed, jobs, opening, progress } => (|| {
            let parsed: rules::GameSpec = spec.parse().map_err(|e| format!("game spec {spec:?}: {e}"))?;
            let a = a.parse::<play::Contestant>()?;
            let b = b.parse::<play::Contestant>()?;
            play::run_match(&play::MatchPlan {
                spec: parsed,
                a,
                b,
                games: *games,
                seed: *seed,
                jobs: *jobs,
                opening_plies: *opening,
                progress: *progress,
            })
        })(),
        Command::Weights { spec } => (|| {
            let parsed: rules::GameSpec = spec.parse().map_err(|e| format!("game spec {spec:?}: {e}"))?;
            Ok(play::weights(&parsed))
        })(),
        Command::Bench { spec, nodes, engine } => (|| {
            let parsed: rules::GameSpec = spec.parse().map_err(|e| format!("game spec {spec:?}: {e}"))?;
            play::bench(&parsed, (*nodes).max(1), engine.map(Algorithm::kind))
        })(),
    };
    match result {
        Ok(output) => {
            print!("{output}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("ludoteca: {message}");
            ExitCode::from(2)
        }
    }
}
