//! `ludoteca`: the rules engines on the command line.
//!
//! Every command takes a game spec (`loa`, `loa:simultaneous=mover`, …),
//! optional moves to play from the start (or from `--from POSITION`), and
//! prints plain text. Bad input exits with status 2, prints nothing on
//! standard output, and explains itself in one line on standard error.

mod args;
mod bench;
mod bestmove;
mod clock;
mod contestant;
mod games;
mod import;
mod lessons;
mod library;
mod matches;
mod perft;
mod play;
mod progress;
mod puzzles;
mod review;
mod solve;

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand};
use search::levels::Level;

/// Ludoteca's rules engines and searcher: list the games, play moves, list
/// legal moves, count perft, find the best move, review a game, solve a
/// position, play engine matches, benchmark; read a backup of the app's games.
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
    #[arg(allow_negative_numbers = true)]
    spec: String,
    /// Start from this position text instead of the start position (spaces may be written `_`).
    #[arg(long = "from", value_name = "POSITION", allow_hyphen_values = true)]
    from: Option<String>,
}

/// How long the searcher may think: one of a level, nodes or time.
#[derive(clap::Args, Debug)]
#[group(multiple = false)]
struct Think {
    /// A named level, 1 (Beginner) to 5 (Strongest).
    #[arg(long, value_parser = args::level, allow_hyphen_values = true)]
    level: Option<Level>,
    /// A budget of nodes (alpha-beta) or playouts (MCTS), at least 1.
    #[arg(long, value_parser = args::count, allow_hyphen_values = true)]
    nodes: Option<u64>,
    /// A budget of milliseconds, more than 0.
    #[arg(long = "time-ms", value_parser = args::milliseconds, allow_hyphen_values = true)]
    time_ms: Option<f64>,
}

impl Think {
    /// The budget; the value parsers have checked the ranges.
    fn limit(&self) -> contestant::Limit {
        match (self.level, self.nodes, self.time_ms) {
            (_, Some(n), _) => contestant::Limit::Nodes(n),
            (_, _, Some(t)) => contestant::Limit::Time(t),
            (Some(l), _, _) => contestant::Limit::Level(l),
            (None, None, None) => contestant::Limit::Level(Level::CLUB),
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
    fn kind(self) -> search::SearcherKind {
        match self {
            Algorithm::Ab => search::SearcherKind::AlphaBeta,
            Algorithm::Mcts => search::SearcherKind::Mcts,
        }
    }
}

/// How the solver adds up its children's numbers, when not the game's own rule.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Combine {
    /// Their sum (the classic rule; Forms, RA and Lines of Action).
    Sum,
    /// Weak proof numbers: the largest plus one for each other open child (Attract).
    Weak,
}

/// A new position's numbers in the solver, when not the game's own rule.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Initial {
    /// 1 and 1 (the classic rule; Forms advanced, RA and Lines of Action).
    One,
    /// By the number of moves there (Attract, Forms standard).
    Mobility,
}

/// Whether the solver's table keeps a position and its mirror images as
/// one, when not the game's own rule.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Symmetry {
    /// As one (Attract and Forms up to 8 × 8; elsewhere it changes nothing).
    On,
    /// Apart (every game's own rule).
    Off,
}

impl Combine {
    const fn rule(self) -> search::solver::Combine {
        match self {
            Combine::Sum => search::solver::Combine::Sum,
            Combine::Weak => search::solver::Combine::Weak,
        }
    }
}

impl Initial {
    const fn rule(self) -> search::solver::Initial {
        match self {
            Initial::One => search::solver::Initial::One,
            Initial::Mobility => search::solver::Initial::Mobility,
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
        #[arg(allow_negative_numbers = true)]
        moves: Vec<String>,
    },
    /// Print the legal moves after MOVES, one per line.
    Moves {
        #[command(flatten)]
        setup: Setup,
        /// Moves in the game's notation, played in order.
        #[arg(allow_negative_numbers = true)]
        moves: Vec<String>,
    },
    /// Count the move sequences of each length from 1 to DEPTH.
    Perft {
        #[command(flatten)]
        setup: Setup,
        /// The longest sequence length to count, 1 to 30.
        #[arg(value_parser = args::depth, allow_negative_numbers = true)]
        depth: u32,
        /// Moves in the game's notation, played before counting.
        #[arg(allow_negative_numbers = true)]
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
        #[arg(allow_negative_numbers = true)]
        moves: Vec<String>,
        #[command(flatten)]
        think: Think,
        /// The random seed (with a node budget, the same seed gives the same answer).
        #[arg(long, default_value_t = 1, value_parser = args::seed, allow_hyphen_values = true)]
        seed: u64,
        /// Force an algorithm instead of the game's own choice.
        #[arg(long, value_enum, allow_hyphen_values = true)]
        engine: Option<Algorithm>,
        /// Override an evaluation weight (-10000 to 10000), `lmr=0|1` (late-move reductions) or
        /// `variety=0|1` (a level's varied play); repeatable.
        #[arg(long = "set", value_name = "NAME=VALUE", allow_hyphen_values = true)]
        set: Vec<String>,
        /// Search threads, 1 to 64 (Lazy SMP for alpha-beta, root-parallel MCTS); with more than
        /// one the answer may differ from run to run.
        #[arg(long, default_value_t = 1, value_parser = args::threads, allow_hyphen_values = true)]
        threads: usize,
    },
    /// Play engine-vs-engine games and report A's results and the Elo difference.
    Match {
        /// The game and its options.
        #[arg(allow_negative_numbers = true)]
        spec: String,
        /// Engine A: level:L, nodes:N, time:MS, random or greedy (optionally after ab: or mcts:);
        /// a searcher may end with +NAME=VALUE overrides of evaluation weights, lmr=0|1,
        /// variety=0|1 (a level's varied play, on by default) or threads=N (1 to 64),
        /// e.g. `level:5+threads=2`.
        #[arg(long, allow_hyphen_values = true)]
        a: String,
        /// Engine B, written like A.
        #[arg(long, allow_hyphen_values = true)]
        b: String,
        /// How many games, at least 1 (colours alternate; each pair shares a random opening).
        #[arg(long, default_value_t = 100, value_parser = args::count, allow_hyphen_values = true)]
        games: u64,
        /// The first game to play, from 1: games FIRST_GAME to --games are played exactly as a
        /// whole match with the same seed plays them, to finish an interrupted match (the
        /// report counts these games only).
        #[arg(long, default_value_t = 1, value_parser = args::count, allow_hyphen_values = true)]
        first_game: u64,
        /// The random seed of the openings and the engines.
        #[arg(long, default_value_t = 1, value_parser = args::seed, allow_hyphen_values = true)]
        seed: u64,
        /// Games played at once, 1 to 64.
        #[arg(long, default_value_t = 1, value_parser = args::jobs, allow_hyphen_values = true)]
        jobs: usize,
        /// Random moves played before the engines take over, 0 to 1000.
        #[arg(long, default_value_t = 4, value_parser = args::opening, allow_hyphen_values = true)]
        opening: usize,
        /// Print each game's result on standard error as it ends.
        #[arg(long)]
        progress: bool,
        /// The engines' tables and trees in all, in megabytes (1 to 4096), shared out
        /// equally among the engines of the games played at once.
        #[arg(long = "memory-mb", default_value_t = 512, value_parser = args::memory, allow_hyphen_values = true)]
        memory_mb: usize,
    },
    /// List the evaluation weights of a game, as NAME=VALUE lines (override them
    /// with `--set` or an engine's `+NAME=VALUE`, e.g. to tune them by matches).
    Weights {
        /// The game and its options.
        #[arg(allow_negative_numbers = true)]
        spec: String,
    },
    /// Review a game: for each move, Black's win chance after it, the evaluation, any proven
    /// result, and the mark (?! inaccuracy, ? mistake, ?? blunder) with the better move; then a
    /// summary per player.
    Review {
        #[command(flatten)]
        setup: Setup,
        /// The game's moves in notation, in order.
        #[arg(allow_negative_numbers = true)]
        moves: Vec<String>,
        /// Nodes (or playouts) per position instead of the review's own budget, at least 1.
        #[arg(long, value_parser = args::count, allow_hyphen_values = true)]
        nodes: Option<u64>,
    },
    /// Solve the position after MOVES exactly: win, loss or draw for the side to move with
    /// perfect play, a move that achieves it and the proof's size, or unknown within the budget.
    Solve {
        #[command(flatten)]
        setup: Setup,
        /// Moves in the game's notation, played in order.
        #[arg(allow_negative_numbers = true)]
        moves: Vec<String>,
        /// Positions to search at most, at least 1 (default 10,000,000 when no time is given).
        #[arg(long, value_parser = args::count, allow_hyphen_values = true)]
        nodes: Option<u64>,
        /// Milliseconds at most, more than 0 (default 60,000: one minute).
        #[arg(long = "time-ms", value_parser = args::milliseconds, allow_hyphen_values = true)]
        time_ms: Option<f64>,
        /// Megabytes for the solver's table, 1 to 4096.
        #[arg(long = "memory-mb", default_value_t = 256, value_parser = args::memory, allow_hyphen_values = true)]
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
    },
    /// Search speed in nodes per second over a fixed set of positions.
    Bench {
        /// The game and its options.
        #[arg(allow_negative_numbers = true)]
        spec: String,
        /// Nodes (or playouts) per position, at least 1.
        #[arg(long, default_value_t = 1_000_000, value_parser = args::count, allow_hyphen_values = true)]
        nodes: u64,
        /// Force an algorithm instead of the game's own choice.
        #[arg(long, value_enum, allow_hyphen_values = true)]
        engine: Option<Algorithm>,
        /// Search threads, 1 to 64; nodes count every thread's.
        #[arg(long, default_value_t = 1, value_parser = args::threads, allow_hyphen_values = true)]
        threads: usize,
        /// Search each position to this depth instead of a node budget (alpha-beta; 1 to 30):
        /// the time to depth, which is what more threads should shorten.
        #[arg(long, value_parser = args::search_depth, allow_hyphen_values = true)]
        depth: Option<u32>,
    },
    /// Read a game as people paste it (a record, a list of moves with or
    /// without numbers, marks, comments and a result, an SGF file) and write
    /// it as a record, a link or SGF. A file with several games lists them.
    Import {
        /// The file (`-` for standard input).
        file: std::path::PathBuf,
        /// Which game of several, from 1.
        #[arg(long, value_name = "N")]
        game: Option<usize>,
        /// The game a list of moves that names none is read as (another
        /// game whose rules its moves fit is tried next, and said).
        #[arg(long, default_value = "loa")]
        spec: String,
        /// What to write.
        #[arg(long, value_enum, default_value = "record")]
        to: import::Output,
    },
    /// Make puzzles: play engine games of each SPEC, keep the positions where the side to
    /// move wins by force within --max-plies plies by one first move only (every line
    /// searched), confirm the win with the solver, grade them, and write the puzzle file.
    Puzzles {
        /// The games and their options (several: one file).
        #[arg(required = true, allow_negative_numbers = true)]
        specs: Vec<String>,
        /// Engine games played for each spec, at least 1.
        #[arg(long, default_value_t = 40, value_parser = args::count, allow_hyphen_values = true)]
        games: u64,
        /// The seed of the games (the same seed writes the same file).
        #[arg(long, default_value_t = 1, value_parser = args::seed, allow_hyphen_values = true)]
        seed: u64,
        /// The longest win kept, in plies: 1 to 7.
        #[arg(long = "max-plies", default_value_t = 7, value_parser = args::puzzle_plies, allow_hyphen_values = true)]
        max_plies: u8,
        /// Positions the proof of one candidate may visit, at least 1.
        #[arg(long, default_value_t = 3_000_000, value_parser = args::count, allow_hyphen_values = true)]
        nodes: u64,
        /// The most puzzles kept for each spec, spread over the wins' lengths.
        #[arg(long, default_value_t = 80, value_parser = args::count, allow_hyphen_values = true)]
        keep: u64,
    },
    /// Check lesson files (the Learn page's steps, data/lessons/): each step's position
    /// reads, and the moves it accepts are exactly the legal moves that meet its goal.
    Lessons {
        /// The lesson files.
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
    },
    /// Read a backup file of the app's game library (My games' *Download a backup*):
    /// list its games, write one as a record or SGF, or check that every game replays.
    Library {
        /// The backup file (`ludoteca-games-….json`).
        file: std::path::PathBuf,
        /// Write the game with this id as a record (its comments and review too).
        #[arg(long, value_name = "ID")]
        game: Option<String>,
        /// With --game: write it as an SGF file instead (Lines of Action only).
        #[arg(long, requires = "game")]
        sgf: bool,
        /// Replay every game; exit 2 on the first that does not replay whole.
        #[arg(long, conflicts_with = "game")]
        check: bool,
    },
}

/// Whether the command line asks for help or the version in so many words.
fn asked_for_help(args: &[String]) -> bool {
    let before_values = args.iter().skip(1).take_while(|a| *a != "--");
    args.get(1).is_some_and(|a| a == "help")
        || before_values.clone().any(|a| ["-h", "--help", "-V", "--version"].contains(&a.as_str()))
}

/// Prints a failed command's message and gives exit status 2.
fn fail(message: &str) -> ExitCode {
    eprintln!("ludoteca: {message}");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    // Arguments that are not UTF-8 are reported by clap; here they only name the command.
    let args: Vec<String> = std::env::args_os().map(|a| a.to_string_lossy().into_owned()).collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        // Help only when asked for: clap also reads `-h1-b3` as `-h` followed by more flags.
        Err(err)
            if matches!(err.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) && asked_for_help(&args) =>
        {
            let _ = err.print();
            return ExitCode::SUCCESS;
        }
        Err(err) if matches!(err.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            let stray = args.iter().skip(1).find(|a| a.starts_with("-h") || a.starts_with("-V"));
            return fail(&format!(
                "unexpected argument {}: no option is written so (a move or game spec starting with \"-\" goes \
                 after \"--\")",
                rules::quote(stray.map_or("", String::as_str))
            ));
        }
        Err(err) => {
            let commands: Vec<String> = Cli::command().get_subcommands().map(|c| c.get_name().to_owned()).collect();
            return fail(&args::usage_error(&err, &args, &commands));
        }
    };
    if let Command::Bestmove { setup, moves, think, seed, engine, set, threads } = &cli.command {
        let result = (|| {
            let game = play::setup(&setup.spec, setup.from.as_deref(), moves)?;
            let mut tweaks = set
                .iter()
                .map(|t| t.parse().map_err(|e| format!("--set {e}")))
                .collect::<Result<Vec<contestant::Tweak>, String>>()?;
            tweaks.push(contestant::Tweak { name: "threads".to_owned(), value: *threads as i32 });
            let searcher =
                contestant::Contestant::Search { engine: engine.map(Algorithm::kind), limit: think.limit(), tweaks };
            searcher.check(&game.spec()).map_err(|e| format!("--set: {e}"))?;
            bestmove::bestmove(&game, moves.len(), &searcher, *seed, &mut |line| println!("{line}"))
        })();
        return match result {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => fail(&message),
        };
    }
    let result = match &cli.command {
        Command::Games => Ok(games::games()),
        Command::Play { setup, moves } => play::play(&setup.spec, setup.from.as_deref(), moves),
        Command::Moves { setup, moves } => play::moves(&setup.spec, setup.from.as_deref(), moves),
        Command::Perft { setup, depth, moves, divide, play_leaves } => {
            perft::perft(&setup.spec, setup.from.as_deref(), moves, *depth, *divide, *play_leaves)
        }
        Command::Bestmove { .. } => Ok(String::new()),
        Command::Match { spec, a, b, games, first_game, seed, jobs, opening, progress, memory_mb } => (|| {
            let parsed = play::spec(spec)?;
            let a = a.parse::<contestant::Contestant>().map_err(|e| format!("--a {e}"))?;
            let b = b.parse::<contestant::Contestant>().map_err(|e| format!("--b {e}"))?;
            a.check(&parsed).map_err(|e| format!("--a: {e}"))?;
            b.check(&parsed).map_err(|e| format!("--b: {e}"))?;
            matches::run_match(&matches::MatchPlan {
                spec: parsed,
                a,
                b,
                games: *games,
                first_game: *first_game,
                seed: *seed,
                jobs: *jobs,
                opening_plies: *opening,
                progress: *progress,
                memory_mb: *memory_mb,
            })
        })(),
        Command::Review { setup, moves, nodes } => play::setup(&setup.spec, setup.from.as_deref(), &[])
            .and_then(|start| review::Game::replay(start, moves))
            .map(|game| review::review(&game, *nodes)),
        Command::Solve { setup, moves, nodes, time_ms, memory_mb, combine, initial, symmetry } => {
            play::setup(&setup.spec, setup.from.as_deref(), moves).map(|game| {
                let own = search::solver::Numbers::for_game(&game.spec());
                let numbers = search::solver::Numbers {
                    combine: combine.map_or(own.combine, Combine::rule),
                    initial: initial.map_or(own.initial, Initial::rule),
                    symmetric: symmetry.map_or(own.symmetric, |s| matches!(s, Symmetry::On)),
                };
                solve::solve(&game, *nodes, *time_ms, *memory_mb, numbers)
            })
        }
        Command::Weights { spec } => play::spec(spec).map(|parsed| games::weights(&parsed)),
        Command::Bench { spec, nodes, engine, threads, depth } => play::spec(spec).and_then(|parsed| {
            let budget = depth.map_or(search::Budget::nodes(*nodes), search::Budget::depth);
            bench::bench(&parsed, budget, engine.map(Algorithm::kind), *threads)
        }),
        Command::Import { file, game, spec, to } => {
            let text = if file.as_os_str() == "-" {
                std::io::read_to_string(std::io::stdin()).map_err(|e| format!("cannot read standard input: {e}"))
            } else {
                std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))
            };
            text.and_then(|text| import::import(&text, spec, *game, *to)).map(|(out, said)| {
                for line in said {
                    eprintln!("ludoteca: {line}");
                }
                out
            })
        }
        Command::Puzzles { specs, games, seed, max_plies, nodes, keep } => (|| {
            let specs = specs.iter().map(|s| play::spec(s)).collect::<Result<Vec<_>, String>>()?;
            let plan = puzzles::Plan {
                specs,
                games: *games,
                seed: *seed,
                max_plies: *max_plies,
                nodes: *nodes,
                keep: usize::try_from(*keep).unwrap_or(usize::MAX),
            };
            let command = args.iter().skip(1).cloned().collect::<Vec<_>>().join(" ");
            let (out, summary) = puzzles::puzzles(&plan, &format!("ludoteca {command}"))?;
            eprint!("{summary}");
            Ok(out)
        })(),
        Command::Lessons { files } => files.iter().try_fold(String::new(), |out, file| {
            let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            let said = lessons::check(&text).map_err(|e| format!("{}:\n{e}", file.display()))?;
            Ok(out + &said)
        }),
        Command::Library { file, game, sgf, check } => {
            std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display())).and_then(|text| {
                let action = match (game, check) {
                    (Some(id), _) => library::Action::Export { id, sgf: *sgf },
                    (None, true) => library::Action::Check,
                    (None, false) => library::Action::List,
                };
                library::library(&text, &action)
            })
        }
    };
    match result {
        Ok(output) => {
            print!("{output}");
            ExitCode::SUCCESS
        }
        Err(message) => fail(&message),
    }
}
