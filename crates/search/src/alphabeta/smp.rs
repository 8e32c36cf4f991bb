//! Lazy SMP: the alpha-beta engine on several threads sharing one
//! lock-free transposition table (native only).

use rules::Game;

use super::{AlphaBetaConfig, Heuristics, Run};
use crate::budget::Meter;
use crate::eval::Evaluator;
use crate::result::{Info, SearchResult};
use crate::rng::Rng;
use crate::tt::SharedTable;

/// The most megabytes of the table the threads share. On both two-core
/// virtual machines measured (Intel and AMD, no huge pages), two threads
/// sharing a 64 MB table each ran at 50–70% of one thread's speed, while
/// with 8 MB they ran at full speed: Lines of Action reached depth 8 on the
/// bench positions in 3.3 s with one thread and 64 MB, 3.8 s with two
/// threads and 64 MB, 2.6 s with two and 8 MB (docs/lab/every-core.md).
pub(super) const SHARED_TABLE_MB: usize = 8;

/// Lazy SMP: helper threads search the same root at staggered depths, each
/// starting its root moves at another place ([`super::stagger`]), all
/// writing one lock-free table, so that each finds much of its tree already
/// searched by the others. Each search marks its entries
/// ([`SharedTable::new_search`]) so that older searches' entries make way first.
pub(super) struct Smp<M> {
    pub(super) table: SharedTable,
    pub(super) helpers: Vec<Heuristics<M>>,
}

impl<M: Copy + Eq + Send + rules::PackedMove> Smp<M> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search<G: Game<Move = M>, E: Evaluator<G>>(
        &mut self,
        root: &G,
        moves: Vec<M>,
        forced: bool,
        eval: &E,
        config: AlphaBetaConfig,
        heuristics: &mut Heuristics<M>,
        meter: Meter<'_>,
        seed: u64,
        variety: (i32, Option<f64>),
        on_info: &mut dyn FnMut(&Info<M>),
    ) -> SearchResult<M> {
        self.table.new_search();
        let table = &self.table;
        let stop = crate::budget::StopFlag::new();
        let (meter_depth, meter_nodes) = (meter.depth_limit(), meter.node_limit());
        // A node budget is a total over every thread.
        let total = std::sync::atomic::AtomicU64::new(0);
        let meter = meter.shared(&total, config.threads);
        std::thread::scope(|scope| {
            let helpers: Vec<_> = self
                .helpers
                .iter_mut()
                .enumerate()
                .filter_map(|(i, heur)| {
                    heur.age();
                    let (stop, total, moves) = (&stop, &total, moves.clone());
                    // A thread the system refuses is a helper less, not a failure.
                    std::thread::Builder::new()
                        .spawn_scoped(scope, move || {
                            // No deeper and no more nodes than asked: the budget holds for every thread.
                            let budget =
                                crate::budget::Budget { depth: meter_depth, nodes: meter_nodes, time_ms: None };
                            let meter =
                                Meter::new(budget, &crate::budget::NoClock, Some(stop)).shared(total, config.threads);
                            let mut tt = table;
                            let stagger = (i + 1, config.threads);
                            let mut run = Run { tt: &mut tt, heur, config, eval, meter, seldepth: 0, stagger };
                            // The first helper (and every other one after it)
                            // starts a ply deeper than the main thread, so the
                            // threads do not search the same tree in the same order.
                            let mut rng = Rng::new(seed ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                            let result =
                                run.deepen(root, moves, forced, 1 + ((i as u32 + 1) % 2), &mut rng, 0, &mut |_| {});
                            (result, run.meter.nodes)
                        })
                        .ok()
                })
                .collect();
            let mut tt = table;
            let mut run =
                Run { tt: &mut tt, heur: heuristics, config, eval, meter, seldepth: 0, stagger: (0, config.threads) };
            let mut rng = Rng::new(seed);
            let kept = if variety.0 > 0 { moves.clone() } else { Vec::new() };
            let mut result = run.deepen(root, moves, forced, 1, &mut rng, config.root_noise, on_info);
            result = run.vary(root, kept, result, variety, &mut rng);
            stop.stop();
            for helper in helpers {
                // A helper only panics if the search has a bug: then so would this thread.
                let Ok((found, nodes)) = helper.join() else { continue };
                result.nodes += nodes;
                // A deeper finished iteration of a helper's is the better answer.
                if found.depth > result.depth && config.root_noise == 0 {
                    result = SearchResult { nodes: result.nodes, elapsed_ms: result.elapsed_ms, ..found };
                }
            }
            result
        })
    }
}
