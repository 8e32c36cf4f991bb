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
mod first_paint;
mod fit;
mod games;
mod import;
mod inputs;
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

/// Ludoteca's rules engines and searcher: list the games, play moves, list
/// legal moves, count perft, find the best move, review a game, solve a
/// position, play engine matches, benchmark; read a backup of the app's games.
#[derive(Parser, Debug)]
#[command(name = "ludoteca", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List every game, its options and their defaults.
    Games,
    /// Play MOVES and print the board, the position text, the side to move and the result.
    Play(play::Args),
    /// Print the legal moves after MOVES, one per line.
    Moves(play::Args),
    /// Count the move sequences of each length from 1 to DEPTH.
    Perft(perft::Args),
    /// Search the position after MOVES: info lines, then `bestmove <move>`.
    Bestmove(bestmove::Args),
    /// Play engine-vs-engine games and report A's results and the Elo difference.
    Match(matches::Args),
    /// List the evaluation weights of a game, as NAME=VALUE lines (override them
    /// with `--set` or an engine's `+NAME=VALUE`, e.g. to tune them by matches).
    Weights(games::WeightsArgs),
    /// Review a game: for each move, Black's win chance after it, the evaluation, any proven
    /// result, and the mark (?! inaccuracy, ? mistake, ?? blunder) with the better move; then a
    /// summary per player.
    Review(review::Args),
    /// Solve the position after MOVES exactly: win, loss or draw for the side to move with
    /// perfect play, a move that achieves it and the proof's size, or unknown within the budget.
    Solve(solve::Args),
    /// Search speed in nodes per second over a fixed set of positions.
    Bench(bench::Args),
    /// Read a game as people paste it (a record, a list of moves with or
    /// without numbers, marks, comments and a result, an SGF file) and write
    /// it as a record, a link or SGF. A file with several games lists them.
    Import(import::Args),
    /// Make puzzles: play engine games of each SPEC, keep the positions where the side to
    /// move wins by force within --max-plies plies by one first move only (every line
    /// searched), confirm the win with the solver, grade them, and write the puzzle file.
    Puzzles(puzzles::Args),
    /// Play the engine against itself from random openings, each side at a node budget drawn
    /// from --nodes, and write every position an engine moved from with the game's result, for
    /// `ludoteca fit`.
    Positions(fit::positions::Args),
    /// Fit the evaluation's weights to the results of the positions in FILES (Texel's method:
    /// the scale first, then the weights) and report the error before and after, on the
    /// positions fitted and on games held out.
    Fit(fit::Args),
    /// Check lesson files (the Learn page's steps, data/lessons/): each step's position
    /// reads, and the moves it accepts are exactly the legal moves that meet its goal.
    Lessons(lessons::Args),
    /// Read a backup file of the app's game library (My games' *Download a backup*):
    /// list its games, write one as a record or SGF, or check that every game replays.
    Library(library::Args),
    /// Write what the app's pages show before the app has loaded, drawn by the app's own
    /// code: print the header for index.html, and write the pages drawn ahead (the home
    /// page's choices, each game's start board) as DIR/<page>.html. The web build runs it.
    FirstPaint(first_paint::Args),
}

impl Command {
    /// Runs the command: what it prints on standard output, or the message
    /// of its failure. `command_line`: the arguments after `ludoteca`.
    fn run(&self, command_line: &str) -> Result<String, String> {
        match self {
            Command::Games => Ok(games::games()),
            Command::Play(args) => args.play(),
            Command::Moves(args) => args.moves(),
            Command::Perft(args) => args.run(),
            Command::Bestmove(args) => args.run(),
            Command::Match(args) => args.run(),
            Command::Weights(args) => args.run(),
            Command::Review(args) => args.run(),
            Command::Solve(args) => args.run(),
            Command::Bench(args) => args.run(),
            Command::Import(args) => args.run(),
            Command::Puzzles(args) => args.run(command_line),
            Command::Positions(args) => args.run(command_line),
            Command::Fit(args) => args.run(),
            Command::Lessons(args) => args.run(),
            Command::Library(args) => args.run(),
            Command::FirstPaint(args) => args.run(),
        }
    }
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
    let command_line = args.iter().skip(1).cloned().collect::<Vec<_>>().join(" ");
    let result = cli.command.run(&command_line);
    match result {
        Ok(output) => {
            print!("{output}");
            ExitCode::SUCCESS
        }
        Err(message) => fail(&message),
    }
}
