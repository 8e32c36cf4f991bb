//! The `perft` command: counts of the move sequences of each length, and
//! the speed of the deepest count.

use std::fmt::Write as _;
use std::time::Instant;

use crate::args::MAX_PERFT_DEPTH;
use crate::inputs::Setup;
use crate::inputs::setup;

/// The text of `ludoteca perft`; the speed of the deepest count goes to standard error.
///
/// # Errors
/// As [`setup`], and a depth outside 1 to [`MAX_PERFT_DEPTH`].
pub fn perft(
    spec: &str,
    from: Option<&str>,
    moves: &[String],
    depth: u32,
    divide: bool,
    play_leaves: bool,
) -> Result<String, String> {
    if !(1..=MAX_PERFT_DEPTH).contains(&depth) {
        return Err(format!("perft depth {depth}: expected a whole number from 1 to {MAX_PERFT_DEPTH}"));
    }
    let game = setup(spec, from, moves)?;
    let mut out = String::new();
    if divide {
        for (mv, count) in game.divide(depth) {
            let _ = writeln!(out, "{mv} {count}");
        }
    }
    // With no sequence of d moves there is none longer: a finished game
    // answers at once however deep it is asked.
    let mut exhausted = false;
    let spinner = crate::progress::spinner(format!("perft to depth {depth}"));
    for d in 1..=depth {
        spinner.set_message(format!("perft: depth {d} of {depth}"));
        let started = Instant::now();
        let count = match (exhausted, play_leaves) {
            (true, _) => 0,
            (false, true) => game.perft_played(d),
            (false, false) => game.perft(d),
        };
        exhausted = count == 0;
        let seconds = started.elapsed().as_secs_f64();
        let _ = writeln!(out, "{d} {count}");
        if d == depth {
            spinner.finish_and_clear();
            eprintln!(
                "perft({d}{}): {count} leaves in {seconds:.3} s = {:.1} million leaves/s",
                if play_leaves { ", leaves played" } else { "" },
                count as f64 / seconds.max(1e-9) / 1e6
            );
        }
    }
    Ok(out)
}

/// `ludoteca perft`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    setup: Setup,
    /// The longest sequence length to count, 1 to 30.
    #[arg(value_parser = crate::args::depth, allow_negative_numbers = true)]
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
}

impl Args {
    /// Runs the command.
    ///
    /// # Errors
    /// As [`perft`].
    pub fn run(&self) -> Result<String, String> {
        perft(&self.setup.spec, self.setup.from.as_deref(), &self.moves, self.depth, self.divide, self.play_leaves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_prints_each_depth() {
        assert_eq!(perft("loa", None, &[], 2, false, false).unwrap(), "1 36\n2 1244\n");
        let divided = perft("loa", None, &[], 2, true, false).unwrap();
        assert_eq!(divided.lines().count(), 36 + 2);
        let total: u64 = divided.lines().take(36).map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap()).sum();
        assert_eq!(total, 1244);
        for depth in [0, MAX_PERFT_DEPTH + 1, u32::MAX] {
            assert!(perft("loa", None, &[], depth, true, false).unwrap_err().contains("from 1 to 30"), "{depth}");
        }
    }
}
