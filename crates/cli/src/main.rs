//! `ludoteca`: the rules engines on the command line.
//!
//! Every command takes a game spec (`loa`, `loa:simultaneous=mover`, …),
//! optional moves to play from the start (or from `--from POSITION`), and
//! prints plain text. Bad input exits with status 2, prints nothing on
//! standard output, and explains itself on standard error.

mod commands;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Ludoteca's rules engines: list the games, play moves, list legal moves, count perft.
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Games => Ok(commands::games()),
        Command::Play { setup, moves } => commands::play(&setup.spec, setup.from.as_deref(), moves),
        Command::Moves { setup, moves } => commands::moves(&setup.spec, setup.from.as_deref(), moves),
        Command::Perft { setup, depth, moves, divide, play_leaves } => {
            commands::perft(&setup.spec, setup.from.as_deref(), moves, *depth, *divide, *play_leaves)
        }
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
