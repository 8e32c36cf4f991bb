//! Alpha-beta: negamax with principal-variation search, iterative deepening,
//! a transposition table, move ordering (table move, forcing moves, killers,
//! history), a quiescence search on the moves that change the outcome, and
//! optional late-move reductions (see [`AlphaBetaConfig::reductions`]).

use std::hash::{Hash, Hasher};

use rules::Game;

use crate::budget::{Controls, Meter};
use crate::eval::Evaluator;
use crate::result::{Info, SearchResult};
use crate::rng::Rng;
use crate::score::{self, EVAL_LIMIT, WIN};
use crate::split::Share;
#[cfg(not(target_family = "wasm"))]
use crate::tt::SharedTable;
use crate::tt::{Bound, Table, Tt};

#[cfg(not(target_family = "wasm"))]
mod smp;
mod vary;
#[cfg(not(target_family = "wasm"))]
use smp::Smp;

const HISTORY_SIZE: usize = 4096;
const MAX_PLY: usize = 128;
/// Late-move reductions start with this move (counting from 0)...
const REDUCE_AFTER: usize = 3;
/// ...and reduce by two plies from this one.
const REDUCE_MORE_AFTER: usize = 10;

/// Settings of the alpha-beta engine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AlphaBetaConfig {
    /// Transposition table size in megabytes.
    pub tt_mb: usize,
    /// Whether to search tactical moves past the horizon.
    pub quiescence: bool,
    /// The most plies of quiescence search.
    pub max_qdepth: u32,
    /// Use a table entry only when it was searched to exactly the remaining
    /// depth (not deeper). Slightly weaker, but the value then equals a plain
    /// fixed-depth minimax: the tests compare the two.
    pub exact_depth_tt: bool,
    /// Random noise (±) added to root move scores, to make weak levels err.
    pub root_noise: i32,
    /// A seeded haze over the evaluation, to vary the play (each search
    /// sets it from its [`Controls`]: [`Haze`]).
    pub haze: Haze,
    /// Late-move reductions: quiet moves late in the ordering are searched
    /// one or two plies shallower first, and again at full depth only if they
    /// beat alpha. Deeper search for the same nodes, at the price of
    /// sometimes missing a quiet move's worth; off, the value equals minimax.
    pub reductions: bool,
    /// Search threads (Lazy SMP, native only; 1 in WebAssembly). With one
    /// thread and a node budget the search is deterministic.
    pub threads: usize,
    /// The share of the root moves searched, when one search is split over
    /// workers that share nothing ([`crate::split`]).
    pub share: Share,
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            tt_mb: 16,
            quiescence: true,
            max_qdepth: 6,
            exact_depth_tt: false,
            root_noise: 0,
            haze: Haze::NONE,
            reductions: false,
            threads: 1,
            share: Share::ALL,
        }
    }
}

/// The share of a time budget kept back for the strong levels' variety.
const VARIETY_SHARE: f64 = 0.1;

/// Mixed into the seed for the root moves' order, apart from other draws.
const ROOT_ORDER: u64 = 0x005E_ED0F_0DE5;

/// Puts `moves` in a random order (Fisher–Yates).
fn shuffle<M>(moves: &mut [M], rng: &mut Rng) {
    for i in (1..moves.len()).rev() {
        moves.swap(i, rng.below(i + 1));
    }
}

/// A seeded haze over the evaluation: each position's value moves by a
/// fixed amount within ±`spread`, drawn from its hash and the seed, so
/// moves whose values lie within about the spread of each other trade
/// places from seed to seed, while a clearly better move stays best. The
/// search sees one consistent (hazy) evaluation, so its pruning and its
/// depth are untouched (noise on the root moves' scores instead needs their
/// exact scores, and cost level 2 a ply on Forms 18×18). Each position's
/// offset is the same at every depth, and the same for the same seed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Haze {
    /// Where the offsets come from.
    pub seed: u64,
    /// The largest offset, in evaluation units (0: no haze).
    pub spread: i32,
}

impl Haze {
    /// No haze.
    pub const NONE: Haze = Haze { seed: 0, spread: 0 };

    /// The offset of the position with `hash`.
    #[must_use]
    pub fn offset(self, hash: u64) -> i32 {
        if self.spread <= 0 {
            return 0;
        }
        Rng::new(hash ^ self.seed).below(2 * self.spread as usize + 1) as i32 - self.spread
    }
}

/// An FNV-1a hasher, to spread moves over the history table.
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
        }
    }
}

fn history_index<M: Hash>(mv: &M) -> usize {
    let mut h = Fnv(0xCBF2_9CE4_8422_2325);
    mv.hash(&mut h);
    (h.finish() as usize) & (HISTORY_SIZE - 1)
}

/// What one search thread learns for itself as it goes: killer moves, the
/// history table and move buffers.
struct Heuristics<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
    buffers: Vec<Vec<M>>,
}

impl<M: Copy> Heuristics<M> {
    fn new() -> Heuristics<M> {
        Heuristics { killers: vec![[None; 2]; MAX_PLY], history: vec![0; HISTORY_SIZE], buffers: Vec::new() }
    }

    fn clear(&mut self) {
        self.history.fill(0);
        self.killers.fill([None; 2]);
    }

    /// Before a search: old history weighs less, killers start afresh.
    fn age(&mut self) {
        for h in &mut self.history {
            *h /= 8;
        }
        self.killers.fill([None; 2]);
    }
}

/// Lazy SMP: thread `i` of `n` (`stagger`) searches the root moves after
/// the first (the last iteration's best, which every thread searches first
/// to set its window) from `i / n` of the way along, so that the threads
/// spread over the root and each finds in the shared table what the others
/// searched. Thread 0 and a single thread keep the order (and WebAssembly,
/// with one thread, carries no code for it).
fn stagger<M>(moves: &mut [M], (thread, threads): (usize, usize)) {
    if !cfg!(target_family = "wasm") && thread > 0 && threads > 1 && moves.len() > 2 {
        let rest = &mut moves[1..];
        rest.rotate_left(rest.len() * (thread % threads) / threads);
    }
}

/// The alpha-beta engine. Keep one per game: its table and history carry
/// over between moves.
pub struct AlphaBeta<G: Game> {
    config: AlphaBetaConfig,
    tt: Table<G::Move>,
    heuristics: Heuristics<G::Move>,
    /// With more than one thread: the shared table and the helpers' heuristics.
    #[cfg(not(target_family = "wasm"))]
    smp: Option<Smp<G::Move>>,
}

/// The state of one search call on one thread.
struct Run<'a, 'e, G: Game, E: Evaluator<G>, T> {
    tt: &'a mut T,
    heur: &'a mut Heuristics<G::Move>,
    config: AlphaBetaConfig,
    eval: &'e E,
    meter: Meter<'a>,
    seldepth: u32,
    /// Which thread of how many searches (Lazy SMP), as `(i, n)`: see [`stagger`].
    stagger: (usize, usize),
}

impl<G: Game> AlphaBeta<G> {
    /// An engine with `config`.
    #[must_use]
    pub fn new(config: AlphaBetaConfig) -> AlphaBeta<G> {
        #[cfg(not(target_family = "wasm"))]
        if config.threads > 1 {
            let smp = Smp {
                table: SharedTable::new(config.tt_mb.min(smp::SHARED_TABLE_MB)),
                helpers: (1..config.threads).map(|_| Heuristics::new()).collect(),
            };
            return AlphaBeta { config, tt: Table::tiny(), heuristics: Heuristics::new(), smp: Some(smp) };
        }
        AlphaBeta {
            config,
            tt: Table::new(config.tt_mb),
            heuristics: Heuristics::new(),
            #[cfg(not(target_family = "wasm"))]
            smp: None,
        }
    }

    /// The memory the transposition table holds, in bytes.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        #[cfg(not(target_family = "wasm"))]
        if let Some(smp) = &self.smp {
            return smp.table.bytes();
        }
        self.tt.bytes()
    }

    /// Forgets everything learnt (for a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.heuristics.clear();
        #[cfg(not(target_family = "wasm"))]
        if let Some(smp) = &mut self.smp {
            smp.table.clear();
            smp.helpers.iter_mut().for_each(Heuristics::clear);
        }
    }

    /// Searches `root` within `budget`. Always returns a legal move when the
    /// game is not over (`None` only for a finished game).
    ///
    /// With [`AlphaBetaConfig::threads`] above 1 (not in WebAssembly),
    /// helper threads search alongside until this thread's budget runs out;
    /// the answer is then no longer the same from run to run, and `nodes`
    /// counts every thread's.
    pub fn search<E: Evaluator<G>>(
        &mut self,
        root: &G,
        eval: &E,
        controls: &Controls<'_>,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> Option<SearchResult<G::Move>> {
        let mut moves = Vec::new();
        root.legal_moves(&mut moves);
        moves.first()?;
        let forced = moves.len() == 1;
        self.config.share.keep(root, eval, &mut moves);
        // Root moves that the ordering cannot tell apart are searched in an
        // order drawn from the seed, so that among moves of equal value the
        // seed chooses (Forms's opening offers hundreds): variety at no cost.
        shuffle(&mut moves, &mut Rng::new(controls.seed ^ ROOT_ORDER));
        self.heuristics.age();
        let mut meter = Meter::new(controls.budget, controls.clock, controls.stop);
        let config =
            AlphaBetaConfig { haze: Haze { seed: controls.seed, spread: controls.variety.haze }, ..self.config };
        // Levels 4 and 5 vary by a verified alternative ([`Run::vary`]), in
        // a tenth of their time kept back for it.
        let margin = controls.variety.root;
        let whole = if margin > 0 { meter.reserve(VARIETY_SHARE) } else { None };
        #[cfg(not(target_family = "wasm"))]
        if let Some(smp) = &mut self.smp {
            return Some(smp.search(
                root,
                moves,
                forced,
                eval,
                config,
                &mut self.heuristics,
                meter,
                controls.seed,
                (margin, whole),
                on_info,
            ));
        }
        let mut run =
            Run { tt: &mut self.tt, heur: &mut self.heuristics, config, eval, meter, seldepth: 0, stagger: (0, 1) };
        let mut rng = Rng::new(controls.seed);
        // The root moves are kept for the variety only when it is asked for.
        let kept = if margin > 0 { moves.clone() } else { Vec::new() };
        let result = run.deepen(root, moves, forced, 1, &mut rng, config.root_noise, on_info);
        Some(run.vary(root, kept, result, (margin, whole), &mut rng))
    }
}

impl<G: Game, E: Evaluator<G>, T: Tt<G::Move>> Run<'_, '_, G, E, T> {
    /// Iterative deepening from `start_depth` until the budget runs out.
    /// `forced`: the root has one legal move (whatever share `moves` is).
    #[allow(clippy::too_many_arguments)]
    fn deepen(
        &mut self,
        root: &G,
        mut moves: Vec<G::Move>,
        forced: bool,
        start_depth: u32,
        rng: &mut Rng,
        noise: i32,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> SearchResult<G::Move> {
        let first = moves[0];
        let mut result = SearchResult { best: first, score: 0, depth: 0, pv: vec![first], nodes: 0, elapsed_ms: 0.0 };
        if forced && noise == 0 {
            // A forced move: answer at once, with a quick look at its value.
            let mut child = root.clone();
            child.play_unchecked(first);
            result.score = -self.static_value(&child, 1);
            result.nodes = 1;
            return result;
        }
        let mut depth = start_depth;
        while self.meter.may_start_iteration(depth) && depth < MAX_PLY as u32 {
            self.seldepth = 0;
            let first = (result.depth > 0).then_some(result.best);
            let outcome = self.root(root, &mut moves, depth, first, rng, noise);
            if let Some((best, score, complete)) = outcome {
                // An unfinished iteration searched the last iteration's best
                // move first, so another move it chose beat that one at the
                // new depth, even where both scores fell below the last
                // iteration's (a fail-low). Other scores of it are partial.
                // With root noise the choice is random, so it must also beat
                // the last iteration's score.
                let better = best != result.best && (noise == 0 || score > result.score);
                if complete || result.depth == 0 || better {
                    result.best = best;
                    result.score = score;
                    if complete {
                        result.depth = depth;
                    }
                    result.pv = self.principal_variation(root, best, depth as usize + 4);
                }
            }
            result.nodes = self.meter.nodes;
            result.elapsed_ms = self.meter.elapsed_ms();
            if self.meter.stopped {
                break;
            }
            on_info(&Info {
                depth,
                seldepth: self.seldepth,
                score: result.score,
                nodes: result.nodes,
                elapsed_ms: result.elapsed_ms,
                pv: result.pv.clone(),
            });
            if score::is_proven(result.score) && noise == 0 {
                break; // The result cannot change with more depth.
            }
            depth += 1;
        }
        result.nodes = self.meter.nodes;
        result.elapsed_ms = self.meter.elapsed_ms();
        result
    }

    /// The value of a position at the horizon or past the end of a match.
    fn static_value(&self, position: &G, ply: u32) -> i32 {
        match position.outcome() {
            Some(outcome) => score::terminal(outcome, position.to_move(), ply),
            None => match self.eval.proven_end(position) {
                Some(n) => score::proven(n, ply),
                None => (self.eval.evaluate(position) + self.config.haze.offset(position.hash()))
                    .clamp(-EVAL_LIMIT + 1, EVAL_LIMIT - 1),
            },
        }
    }

    /// Orders `moves`: table move, then forcing moves, killers, history.
    fn order(&self, position: &G, moves: &mut [G::Move], tt_move: Option<G::Move>, ply: usize) {
        let killers = self.heur.killers.get(ply).copied().unwrap_or([None; 2]);
        crate::order::sort_desc(moves, |&mv| {
            if Some(mv) == tt_move {
                i64::MAX
            } else if self.eval.is_tactical(position, mv) {
                2_000_000_000 + i64::from(self.eval.move_score(position, mv))
            } else if Some(mv) == killers[0] {
                1_900_000_000
            } else if Some(mv) == killers[1] {
                1_800_000_000
            } else {
                i64::from(self.heur.history[history_index(&mv)]) * 1000 + i64::from(self.eval.move_score(position, mv))
            }
        });
    }

    /// One iteration at the root, searching `first` (the last iteration's
    /// best move) first. Returns the best move, its score and whether the
    /// iteration completed, or `None` if stopped before any move finished.
    fn root(
        &mut self,
        root: &G,
        moves: &mut [G::Move],
        depth: u32,
        first: Option<G::Move>,
        rng: &mut Rng,
        noise: i32,
    ) -> Option<(G::Move, i32, bool)> {
        let tt_move = first.or_else(|| self.tt.probe(root.hash()).and_then(|e| e.mv));
        self.order(root, moves, tt_move, 0);
        stagger(moves, self.stagger);
        let mut alpha = -WIN - 1;
        let beta = WIN + 1;
        let mut best: Option<(G::Move, i32)> = None;
        let mut best_noisy = i32::MIN;
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = root.clone();
            child.play_unchecked(mv);
            let score = if i == 0 || noise > 0 {
                -self.negamax(&child, depth as i32 - 1, -beta, -alpha, 1)
            } else {
                let s = -self.negamax(&child, depth as i32 - 1, -alpha - 1, -alpha, 1);
                if s > alpha && !self.meter.stopped {
                    -self.negamax(&child, depth as i32 - 1, -beta, -alpha, 1)
                } else {
                    s
                }
            };
            if self.meter.stopped {
                break;
            }
            if noise > 0 {
                let noisy = score.saturating_add(rng.below(2 * noise as usize + 1) as i32 - noise);
                if noisy > best_noisy {
                    best_noisy = noisy;
                    best = Some((mv, score));
                }
            } else if score > alpha {
                alpha = score;
                best = Some((mv, score));
            }
        }
        let complete = !self.meter.stopped;
        if let Some((mv, score)) = best {
            if complete {
                self.tt.store(root.hash(), Some(mv), score, depth as i16, Bound::Exact, 0);
            }
            // Keep the best move first for the next iteration.
            if let Some(pos) = moves.iter().position(|&m| m == mv) {
                moves[..=pos].rotate_right(1);
            }
        }
        best.map(|(mv, score)| (mv, score, complete))
    }

    /// The search's inner loop: the table, pruning, ordering and reductions
    /// around one recursive call. Over 100 lines on purpose: it is the
    /// hottest code of the engine, and split into helpers it would pass its
    /// state through their arguments on every node (the oracle tests hold
    /// it to plain minimax).
    fn negamax(&mut self, position: &G, depth: i32, mut alpha: i32, beta: i32, ply: u32) -> i32 {
        if self.meter.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(outcome) = position.outcome() {
            return score::terminal(outcome, position.to_move(), ply);
        }
        if position.match_just_ended() {
            return self.static_value(position, ply);
        }
        if let Some(n) = self.eval.proven_end(position) {
            return score::proven(n, ply);
        }
        if depth <= 0 || ply as usize >= MAX_PLY - 1 {
            return if self.config.quiescence {
                self.quiesce(position, alpha, beta, ply, self.config.max_qdepth)
            } else {
                self.static_value(position, ply)
            };
        }
        let key = position.hash();
        let entry = self.tt.probe(key);
        let mut tt_move = None;
        if let Some(e) = entry {
            tt_move = e.mv;
            let usable =
                if self.config.exact_depth_tt { i32::from(e.depth) == depth } else { i32::from(e.depth) >= depth };
            if usable {
                let s = e.score(ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let mut moves = self.take_buffer(ply);
        position.legal_moves(&mut moves);
        self.order(position, &mut moves, tt_move, ply as usize);
        let alpha_start = alpha;
        let mut best = -WIN - 1;
        let mut best_move = None;
        let killers = self.heur.killers[ply as usize];
        let may_reduce = self.config.reductions && depth >= 3;
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let reduction = if may_reduce
                    && i >= REDUCE_AFTER
                    && Some(mv) != tt_move
                    && !killers.contains(&Some(mv))
                    && !self.eval.is_tactical(position, mv)
                {
                    if i >= REDUCE_MORE_AFTER && depth >= 5 { 2 } else { 1 }
                } else {
                    0
                };
                let mut s = -self.negamax(&child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
                if reduction > 0 && s > alpha && !self.meter.stopped {
                    s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta && !self.meter.stopped {
                    -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            if self.meter.stopped {
                self.give_buffer(ply, moves);
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if !self.eval.is_tactical(position, mv) {
                    let killers = &mut self.heur.killers[ply as usize];
                    if killers[0] != Some(mv) {
                        killers[1] = killers[0];
                        killers[0] = Some(mv);
                    }
                    let h = &mut self.heur.history[history_index(&mv)];
                    *h = (*h + depth * depth).min(1_000_000);
                }
                break;
            }
        }
        self.give_buffer(ply, moves);
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, best_move, best, depth as i16, bound, ply);
        best
    }

    fn quiesce(&mut self, position: &G, mut alpha: i32, beta: i32, ply: u32, qdepth: u32) -> i32 {
        if self.meter.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let stand = self.static_value(position, ply);
        // A finished game or match, or a proven end: nothing left to search.
        if position.outcome().is_some() || position.match_just_ended() || score::is_proven(stand) {
            return stand;
        }
        if qdepth == 0 || stand >= beta || ply as usize >= MAX_PLY - 1 {
            return stand;
        }
        let mut best = stand;
        alpha = alpha.max(stand);
        let mut moves = self.take_buffer(ply);
        position.legal_moves(&mut moves);
        moves.retain(|&mv| self.eval.is_tactical(position, mv));
        crate::order::sort_desc(&mut moves, |&mv| i64::from(self.eval.move_score(position, mv)));
        for &mv in &moves {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1, qdepth - 1);
            if self.meter.stopped {
                break;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.give_buffer(ply, moves);
        if self.meter.stopped { 0 } else { best }
    }

    fn take_buffer(&mut self, ply: u32) -> Vec<G::Move> {
        let buffers = &mut self.heur.buffers;
        if buffers.len() <= ply as usize {
            buffers.resize_with(ply as usize + 1, Vec::new);
        }
        std::mem::take(&mut buffers[ply as usize])
    }

    fn give_buffer(&mut self, ply: u32, buffer: Vec<G::Move>) {
        self.heur.buffers[ply as usize] = buffer;
    }

    /// The principal variation: `best`, then the table's moves while they are legal.
    fn principal_variation(&self, root: &G, best: G::Move, max: usize) -> Vec<G::Move> {
        let mut pv = vec![best];
        let mut position = root.clone();
        position.play_unchecked(best);
        let mut seen = vec![root.hash()];
        while pv.len() < max && position.outcome().is_none() && !position.match_just_ended() {
            let Some(mv) = self.tt.probe(position.hash()).and_then(|e| e.mv) else { break };
            if seen.contains(&position.hash()) || !position.is_legal(mv) {
                break;
            }
            seen.push(position.hash());
            position.play_unchecked(mv);
            pv.push(mv);
        }
        pv
    }
}

#[cfg(test)]
mod tests;
