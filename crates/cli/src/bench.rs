//! The `bench` command: search speed over a fixed set of positions.

use std::fmt::Write as _;

use rules::{AnyGame, GameSpec};
use search::{AnyEngine, Budget, Controls, SearcherKind};

use crate::clock::InstantClock;
use crate::contestant::{Contestant, Limit};
use crate::matches::opening;

/// The fixed positions `bench` searches: the start and positions after
/// seeded random openings of 6, 12 and 20 plies.
fn bench_positions(spec: &GameSpec) -> Vec<AnyGame> {
    [0usize, 6, 12, 20].iter().map(|&plies| opening(spec, 0xBE7C, plies as u64, plies)).collect()
}

/// The `bench` command: nodes per second over the fixed positions, each
/// searched within `budget` (nodes, or a depth for the time to depth), with
/// `threads` search threads (their nodes added up).
///
/// # Errors
/// A message for bad arguments.
pub fn bench(spec: &GameSpec, budget: Budget, engine: Option<SearcherKind>, threads: usize) -> Result<String, String> {
    let Some((mut setup, _)) =
        (Contestant::Search { engine, limit: Limit::Nodes(1), tweaks: Vec::new() }).settings(spec)
    else {
        return Err("no engine".to_owned());
    };
    if budget.depth.is_some() && setup.searcher == SearcherKind::Mcts {
        return Err(format!(
            "{} searches with MCTS, which counts playouts, not depth: use --nodes (or --engine ab for a depth)",
            spec.kind().name()
        ));
    }
    setup.threads = threads;
    let mut out = String::new();
    let (mut total_nodes, mut total_ms) = (0u64, 0.0);
    for (i, game) in bench_positions(spec).iter().enumerate() {
        let mut engine = AnyEngine::new(spec.kind(), setup);
        let clock = InstantClock::new();
        let Some(result) = engine.search(
            game,
            &Controls { budget, clock: &clock, stop: None, seed: 1, variety: search::Variety::NONE },
            &mut |_| {},
        ) else {
            continue;
        };
        total_nodes += result.nodes;
        total_ms += result.elapsed_ms;
        let _ = writeln!(
            out,
            "position {} ({}): depth {} nodes {} time {:.0} ms nps {:.0} bestmove {}",
            i + 1,
            game.position_text(),
            result.depth,
            result.nodes,
            result.elapsed_ms,
            result.nodes as f64 / (result.elapsed_ms / 1000.0).max(1e-6),
            result.best
        );
    }
    let _ = writeln!(
        out,
        "total: engine {} threads {threads} nodes {total_nodes} time {total_ms:.0} ms nps {:.0}",
        setup.searcher.id(),
        total_nodes as f64 / (total_ms / 1000.0).max(1e-6)
    );
    Ok(out)
}

/// `ludoteca bench`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game and its options.
    #[arg(allow_negative_numbers = true)]
    spec: String,
    /// Nodes (or playouts) per position, at least 1.
    #[arg(long, default_value_t = 1_000_000, value_parser = crate::args::count, allow_hyphen_values = true)]
    nodes: u64,
    /// Force an algorithm instead of the game's own choice.
    #[arg(long, value_enum, allow_hyphen_values = true)]
    engine: Option<crate::inputs::Algorithm>,
    /// Search threads, 1 to 64; nodes count every thread's.
    #[arg(long, default_value_t = 1, value_parser = crate::args::threads, allow_hyphen_values = true)]
    threads: usize,
    /// Search each position to this depth instead of a node budget (alpha-beta; 1 to 30):
    /// the time to depth, which is what more threads should shorten.
    #[arg(long, value_parser = crate::args::search_depth, allow_hyphen_values = true)]
    depth: Option<u32>,
}

impl Args {
    /// Runs the command.
    ///
    /// # Errors
    /// As [`bench`].
    pub fn run(&self) -> Result<String, String> {
        let spec = crate::inputs::spec(&self.spec)?;
        let budget = self.depth.map_or(Budget::nodes(self.nodes), Budget::depth);
        bench(&spec, budget, self.engine.map(crate::inputs::Algorithm::kind), self.threads)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_depth_is_refused_where_the_game_searches_with_mcts() {
        let forms: GameSpec = "forms:size=8".parse().unwrap();
        let err = bench(&forms, Budget::depth(1), None, 1).unwrap_err();
        assert!(err.contains("MCTS, which counts playouts, not depth"), "{err}");
        let err = bench(&"attract:size=6".parse().unwrap(), Budget::depth(1), Some(SearcherKind::Mcts), 1).unwrap_err();
        assert!(err.starts_with("Attract searches with MCTS"), "{err}");
    }
}
