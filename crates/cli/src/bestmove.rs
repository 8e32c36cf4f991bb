//! The `bestmove` command: info lines as the search deepens, then
//! `bestmove <move>`.

use rules::AnyGame;
use search::{AnyInfo, Controls, score};

use crate::clock::InstantClock;
use crate::contestant::Contestant;

use crate::contestant;
use crate::inputs::{Algorithm, Line, Think};

/// The `bestmove` command: info lines, then `bestmove <move>`. `ply`: the
/// moves played before `game` (a level varies its play by it).
///
/// # Errors
/// A message for bad input, or when the game is already over.
pub fn bestmove(
    game: &AnyGame,
    ply: usize,
    searcher: &Contestant,
    seed: u64,
    print: &mut dyn FnMut(&str),
) -> Result<(), String> {
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
    let variety = searcher.variety(&spec, ply);
    let Some((mut engine, budget)) = searcher.engine(&spec)? else {
        return Err("no engine".to_owned());
    };
    let clock = InstantClock::new();
    let controls = Controls { budget, clock: &clock, stop: None, seed, variety };
    // A level that plays the solver's proven moves (Lines of Action 5 × 5's strongest) does here too.
    let result = match searcher.proven_move(game, usize::MAX, &clock, seed) {
        Some(proven) => proven,
        None => engine
            .search(game, &controls, &mut |info| print(&info_line(info)))
            .ok_or_else(|| "the search found no move".to_owned())?,
    };
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
        info.pv.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
    )
}

/// `ludoteca bestmove`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    line: Line,
    #[command(flatten)]
    think: Think,
    /// The random seed (with a node budget, the same seed gives the same answer).
    #[arg(long, default_value_t = 1, value_parser = crate::args::seed, allow_hyphen_values = true)]
    seed: u64,
    /// Force an algorithm instead of the game's own choice.
    #[arg(long, value_enum, allow_hyphen_values = true)]
    engine: Option<Algorithm>,
    /// Override an evaluation weight (-10000 to 10000), `lmr=0|1` (late-move reductions),
    /// `variety=0|1` (a level's varied play), `noise=N` (root noise, 0 to 1000) or `proof=N`
    /// (positions the solver may search for a proven move first; 0 for none); repeatable.
    #[arg(long = "set", value_name = "NAME=VALUE", allow_hyphen_values = true)]
    set: Vec<String>,
    /// Search threads, 1 to 64 (Lazy SMP for alpha-beta, root-parallel MCTS); with more than
    /// one the answer may differ from run to run.
    #[arg(long, default_value_t = 1, value_parser = crate::args::threads, allow_hyphen_values = true)]
    threads: usize,
}

impl Args {
    /// Runs the command, printing its lines as the search goes (nothing is
    /// left to print at the end).
    ///
    /// # Errors
    /// A message for bad arguments, as [`bestmove`].
    pub fn run(&self) -> Result<String, String> {
        let game = self.line.game()?;
        let mut tweaks = self
            .set
            .iter()
            .map(|t| t.parse().map_err(|e| format!("--set {e}")))
            .collect::<Result<Vec<contestant::Tweak>, String>>()?;
        tweaks.push(contestant::Tweak { name: "threads".to_owned(), value: self.threads as i32 });
        let searcher =
            Contestant::Search { engine: self.engine.map(Algorithm::kind), limit: self.think.limit(), tweaks };
        searcher.check(&game.spec()).map_err(|e| format!("--set: {e}"))?;
        bestmove(&game, self.line.moves.len(), &searcher, self.seed, &mut |line| println!("{line}"))?;
        Ok(String::new())
    }
}
