//! Monte Carlo tree search with a solver (MCTS-Solver): proven wins and losses
//! are backed up through the tree, so forced endings are played exactly.
//!
//! - **Progressive bias:** each child's selection value gets a bonus from its
//!   static evaluation, fading as the child is visited.
//! - **Evaluation-guided playouts:** a few moves chosen by the evaluator's
//!   move scores (with some randomness), then the evaluation turned into a
//!   win probability.
//! - **Wide nodes:** when a position has more moves than `max_children` (Forms
//!   standard starts with 26,244), a random sample of them is evaluated and the
//!   best are kept. Such a node can still be proven a win (one winning child
//!   suffices) but never a loss.

use rules::Game;

use crate::budget::{Controls, Meter};
use crate::eval::Evaluator;
use crate::result::{Info, SearchResult};
use crate::rng::Rng;
use crate::score::{self, EVAL_LIMIT, WIN};
use crate::split::Share;

/// The playouts of a search whose budget has neither nodes nor time (a
/// depth alone, which MCTS cannot use): a bound, not a strength setting.
pub const UNBOUNDED_PLAYOUTS: u64 = 100_000;

/// Settings of the MCTS engine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// The tree's memory in megabytes; when it is full the tree stops growing.
    pub tree_mb: usize,
    /// The UCT exploration constant.
    pub exploration: f64,
    /// The weight of the progressive bias.
    pub bias: f64,
    /// Moves played in a playout before the evaluation decides.
    pub playout_depth: u32,
    /// The most children a node keeps.
    pub max_children: usize,
    /// Evaluation units per logistic unit when turning scores into win
    /// chances: for the scores reported, and for evaluations where the
    /// evaluator has no fitted scale of its own ([`Evaluator::win_scale`]).
    pub eval_scale: f64,
    /// Trees grown at once on as many threads (root parallelism, native
    /// only; 1 in WebAssembly). The memory is shared out between them.
    pub threads: usize,
    /// The share of the root moves searched, when one search is split over
    /// workers that share nothing ([`crate::split`]).
    pub share: Share,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            tree_mb: 16,
            exploration: 0.7,
            bias: 1.0,
            playout_depth: 6,
            max_children: 64,
            eval_scale: 300.0,
            threads: 1,
            share: Share::ALL,
        }
    }
}

/// What is proven about a node, for the player who moved into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proof {
    Unknown,
    Win,
    Loss,
}

struct Node<M> {
    mv: Option<M>,
    parent: u32,
    first_child: u32,
    child_count: u32,
    expanded: bool,
    /// Whether the children cover every legal move (needed to prove a loss).
    complete: bool,
    visits: u32,
    /// Total reward for the player who moved into this node.
    reward: f64,
    /// The static value of this node for the player who moved into it, in [0, 1].
    prior: f32,
    proof: Proof,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, parent: u32, prior: f32, proof: Proof) -> Node<M> {
        Node {
            mv,
            parent,
            first_child: 0,
            child_count: 0,
            expanded: false,
            complete: false,
            visits: 0,
            reward: 0.0,
            prior,
            proof,
        }
    }
}

/// The MCTS-Solver engine. Each search builds a fresh tree in memory sized once.
pub struct Mcts<G: Game> {
    config: MctsConfig,
    nodes: Vec<Node<G::Move>>,
    capacity: usize,
    /// Whether an expansion found no room: from then on this search's tree
    /// stops growing, and leaves are not offered for expansion again.
    full: bool,
    /// With more than one thread: the other trees, grown from the same root
    /// with other random seeds; their root visits are added up.
    #[cfg(not(target_family = "wasm"))]
    helpers: Vec<Mcts<G>>,
}

impl<G: Game> Mcts<G> {
    /// An engine with `config`.
    #[must_use]
    pub fn new(config: MctsConfig) -> Mcts<G> {
        let threads = if cfg!(target_family = "wasm") { 1 } else { config.threads.max(1) };
        let tree_mb = (config.tree_mb / threads).max(1);
        let capacity = ((tree_mb << 20) / std::mem::size_of::<Node<G::Move>>()).max(16);
        Mcts {
            config,
            nodes: Vec::new(),
            capacity,
            full: false,
            #[cfg(not(target_family = "wasm"))]
            helpers: (1..threads).map(|_| Mcts::new(MctsConfig { tree_mb, threads: 1, ..config })).collect(),
        }
    }

    /// The most memory the trees may hold, in bytes.
    #[must_use]
    pub fn tree_bytes(&self) -> usize {
        let own = self.capacity * std::mem::size_of::<Node<G::Move>>();
        #[cfg(not(target_family = "wasm"))]
        return own + self.helpers.iter().map(Mcts::tree_bytes).sum::<usize>();
        #[cfg(target_family = "wasm")]
        own
    }

    /// Searches `root` within `budget` (its `nodes` counts playouts, in all
    /// when several trees grow at once; without nodes or time, at most
    /// [`UNBOUNDED_PLAYOUTS`]). Always returns a legal move when the game is
    /// not over.
    pub fn search<E: Evaluator<G>>(
        &mut self,
        root: &G,
        eval: &E,
        controls: &Controls<'_>,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> Option<SearchResult<G::Move>> {
        if root.outcome().is_some() {
            return None;
        }
        let mut budget = controls.budget;
        if budget.nodes.is_none() && budget.time_ms.is_none() {
            // A depth means nothing to MCTS: a budget of depth alone gets a
            // documented number of playouts rather than a search without end.
            budget.nodes = Some(UNBOUNDED_PLAYOUTS);
        }
        let meter = Meter::new(budget, controls.clock, controls.stop);
        #[cfg(not(target_family = "wasm"))]
        if !self.helpers.is_empty() {
            return self.search_parallel(root, eval, controls, budget, meter, on_info);
        }
        let meter = self.grow(root, eval, meter, controls.seed, on_info);
        let info = self.info(&meter);
        Some(SearchResult {
            best: *info.pv.first()?,
            score: info.score,
            depth: info.depth,
            pv: info.pv,
            nodes: meter.nodes,
            elapsed_ms: meter.elapsed_ms(),
        })
    }

    /// Grows a fresh tree from `root` until `meter` runs out.
    fn grow<'m, E: Evaluator<G>>(
        &mut self,
        root: &G,
        eval: &E,
        mut meter: Meter<'m>,
        seed: u64,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> Meter<'m> {
        let mut rng = Rng::new(seed);
        self.nodes.clear();
        self.full = false;
        if self.nodes.capacity() < self.capacity.min(1 << 16) {
            self.nodes.reserve(self.capacity.min(1 << 16));
        }
        self.nodes.push(Node::new(None, 0, 0.5, Proof::Unknown));
        self.expand(0, root, eval, &mut rng);
        let mut next_info = 64u64;
        let mut moves = Vec::new();
        loop {
            if self.nodes[0].proof != Proof::Unknown {
                break;
            }
            self.iterate(root, eval, &mut rng, &mut moves);
            meter.nodes += 1;
            if meter.playouts_spent() || meter.poll() {
                break;
            }
            if meter.nodes >= next_info {
                next_info *= 2;
                on_info(&self.info(&meter));
            }
        }
        meter
    }

    /// Root parallelism: the helpers grow their own trees on other threads
    /// while this one grows its own; then the root moves' visits and rewards
    /// are added up over all trees. A move proven won in any tree is played;
    /// one proven lost in any tree is not.
    #[cfg(not(target_family = "wasm"))]
    fn search_parallel<E: Evaluator<G>>(
        &mut self,
        root: &G,
        eval: &E,
        controls: &Controls<'_>,
        budget: crate::budget::Budget,
        meter: Meter<'_>,
        on_info: &mut dyn FnMut(&Info<G::Move>),
    ) -> Option<SearchResult<G::Move>> {
        use std::sync::atomic::AtomicU64;

        use crate::budget::{Budget, NoClock, StopFlag};
        let stop = StopFlag::new();
        // The playouts are a total over every tree.
        let total = AtomicU64::new(0);
        let threads = self.helpers.len() + 1;
        let budget = Budget { nodes: budget.nodes, ..Budget::default() };
        let meter = meter.shared(&total, threads);
        let mut helpers = std::mem::take(&mut self.helpers);
        let (meter, helper_nodes) = std::thread::scope(|scope| {
            let handles: Vec<_> = helpers
                .iter_mut()
                .enumerate()
                .filter_map(|(i, tree)| {
                    let (stop, total) = (&stop, &total);
                    let seed = controls.seed ^ (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                    // A thread the system refuses is a helper less, not a failure.
                    std::thread::Builder::new()
                        .spawn_scoped(scope, move || {
                            let meter = Meter::new(budget, &NoClock, Some(stop)).shared(total, threads);
                            tree.grow(root, eval, meter, seed, &mut |_| {}).nodes
                        })
                        .ok()
                })
                .collect();
            let meter = self.grow(root, eval, meter, controls.seed, on_info);
            stop.stop();
            // A helper only panics if the search has a bug: then so would this thread.
            (meter, handles.into_iter().filter_map(|h| h.join().ok()).sum::<u64>())
        });
        self.helpers = helpers;
        let info = self.info(&meter);
        let own_best = *info.pv.first()?;
        let mut result = SearchResult {
            best: own_best,
            score: info.score,
            depth: info.depth,
            pv: info.pv,
            nodes: meter.nodes + helper_nodes,
            elapsed_ms: meter.elapsed_ms(),
        };
        let trees = || std::iter::once(&*self).chain(self.helpers.iter());
        // Each root move: visits, reward, proven won somewhere, proven lost somewhere.
        let mut totals: Vec<(G::Move, u64, f64, bool, bool)> = Vec::new();
        for tree in trees() {
            for child in tree.root_children() {
                let Some(mv) = child.mv else { continue };
                let i = totals.iter().position(|t| t.0 == mv).unwrap_or_else(|| {
                    totals.push((mv, 0, 0.0, false, false));
                    totals.len() - 1
                });
                let t = &mut totals[i];
                t.1 += u64::from(child.visits);
                t.2 += child.reward;
                t.3 |= child.proof == Proof::Win;
                t.4 |= child.proof == Proof::Loss;
            }
        }
        let chosen =
            totals.iter().find(|t| t.3).or_else(|| totals.iter().filter(|t| !t.4).max_by_key(|t| t.1)).copied();
        let Some((mv, visits, reward, won, _)) = chosen else { return Some(result) };
        if won || mv != own_best {
            // The line from the tree that likes the move best.
            let tree = trees().find(|t| t.best_child(0).and_then(|c| t.nodes[c].mv) == Some(mv));
            let helper_info = tree.map(|t| t.info(&meter));
            result.best = mv;
            result.pv = helper_info.as_ref().map_or_else(|| vec![mv], |i| i.pv.clone());
            result.depth = result.pv.len() as u32;
            if let Some(i) = helper_info.filter(|_| won) {
                result.score = i.score;
                return Some(result);
            }
        }
        if !score::is_proven(result.score) && visits > 0 {
            result.score = self.q_score(reward / visits as f64);
        }
        Some(result)
    }

    /// The root's children (none before the root is expanded).
    #[cfg(not(target_family = "wasm"))]
    fn root_children(&self) -> &[Node<G::Move>] {
        match self.nodes.first() {
            Some(root) if root.expanded => {
                &self.nodes[root.first_child as usize..(root.first_child + root.child_count) as usize]
            }
            _ => &[],
        }
    }

    /// A score for a win chance `q` of the player to move.
    fn q_score(&self, q: f64) -> i32 {
        let q = q.clamp(1e-4, 1.0 - 1e-4);
        (self.config.eval_scale * (q / (1.0 - q)).ln()) as i32
    }

    /// The evaluation of `position` as a win chance for the player to move.
    fn chance(&self, eval: &impl Evaluator<G>, position: &G) -> f64 {
        let e = f64::from(eval.evaluate(position).clamp(-EVAL_LIMIT, EVAL_LIMIT));
        let scale = eval.win_scale(position).unwrap_or(self.config.eval_scale);
        1.0 / (1.0 + (-e / scale).exp())
    }

    /// Creates the children of `index`, whose position is `position`.
    fn expand(&mut self, index: usize, position: &G, eval: &impl Evaluator<G>, rng: &mut Rng) {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        if index == 0 {
            self.config.share.keep(position, eval, &mut moves);
        }
        let complete = moves.len() <= self.config.max_children;
        let mut forcing = Vec::new();
        if !complete {
            // Sample four times as many moves as are kept, then keep the best,
            // with the evaluator's forcing moves always among them.
            eval.forcing_moves(position, &mut forcing);
            forcing.truncate(self.config.max_children / 2);
            let sample = (self.config.max_children * 4).min(moves.len());
            for i in 0..sample {
                let j = i + rng.below(moves.len() - i);
                moves.swap(i, j);
            }
            moves.truncate(sample);
            moves.retain(|mv| !forcing.contains(mv));
        }
        // As many children as will be kept: when the tree has no room for
        // them, the node stays a leaf and the tree is full; they are not
        // judged for nothing (once a long search had filled the tree,
        // judging and dropping them cost five times the playout itself).
        let count = if complete {
            moves.len()
        } else {
            moves.len().min(self.config.max_children - forcing.len()) + forcing.len()
        };
        if self.nodes.len() + count > self.capacity {
            self.full = true;
            return;
        }
        let mover = position.to_move();
        let judge = |mv: G::Move| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            match (child.outcome(), eval.proven_end(&child)) {
                (Some(outcome), _) => match outcome.winner() {
                    Some(w) if w == mover => (mv, 1.0, Proof::Win),
                    Some(_) => (mv, 0.0, Proof::Loss),
                    None => (mv, 0.5, Proof::Unknown),
                },
                // The player to move in the child wins: the mover loses.
                (None, Some(n)) if n > 0 => (mv, 0.0, Proof::Loss),
                (None, Some(_)) => (mv, 1.0, Proof::Win),
                (None, None) => (mv, (1.0 - self.chance(eval, &child)) as f32, Proof::Unknown),
            }
        };
        let mut children: Vec<(G::Move, f32, Proof)> = moves.iter().map(|&mv| judge(mv)).collect();
        if !complete {
            crate::order::sort_desc(&mut children, |c| crate::order::f32_key(c.1));
            children.truncate(self.config.max_children - forcing.len());
            children.extend(forcing.iter().map(|&mv| judge(mv)));
        }
        debug_assert_eq!(children.len(), count);
        let first = self.nodes.len() as u32;
        for (mv, prior, proof) in &children {
            self.nodes.push(Node::new(Some(*mv), index as u32, *prior, *proof));
        }
        let node = &mut self.nodes[index];
        node.first_child = first;
        node.child_count = children.len() as u32;
        node.expanded = true;
        node.complete = complete;
        self.update_proof(index);
    }

    /// Marks `index` proven when its children decide it.
    fn update_proof(&mut self, index: usize) {
        let node = &self.nodes[index];
        if !node.expanded || node.child_count == 0 {
            return;
        }
        let children = node.first_child as usize..(node.first_child + node.child_count) as usize;
        let complete = node.complete;
        // A child that wins for the player to move here makes this node lost
        // for whoever moved into it.
        if self.nodes[children.clone()].iter().any(|c| c.proof == Proof::Win) {
            self.nodes[index].proof = Proof::Loss;
        } else if complete && self.nodes[children].iter().all(|c| c.proof == Proof::Loss) {
            self.nodes[index].proof = Proof::Win;
        }
    }

    fn select_child(&self, index: usize, rng: &mut Rng) -> usize {
        let node = &self.nodes[index];
        let first = node.first_child as usize;
        let parent_visits = f64::from(node.visits.max(1));
        let log = parent_visits.ln();
        let mut best = first;
        let mut best_value = f64::NEG_INFINITY;
        for i in first..first + node.child_count as usize {
            let c = &self.nodes[i];
            let value = match c.proof {
                Proof::Win => f64::INFINITY,
                Proof::Loss => -1e9 + f64::from(c.prior),
                Proof::Unknown if c.visits == 0 => 1e6 + f64::from(c.prior) + rng.unit() * 1e-3,
                Proof::Unknown => {
                    let n = f64::from(c.visits);
                    c.reward / n
                        + self.config.exploration * (log / n).sqrt()
                        + self.config.bias * f64::from(c.prior) / (n + 1.0)
                }
            };
            if value > best_value {
                best_value = value;
                best = i;
            }
        }
        best
    }

    /// One selection, expansion, playout and backup.
    fn iterate(&mut self, root: &G, eval: &impl Evaluator<G>, rng: &mut Rng, moves: &mut Vec<G::Move>) {
        let mut position = root.clone();
        let mut index = 0usize;
        while self.nodes[index].expanded
            && self.nodes[index].child_count > 0
            && self.nodes[index].proof == Proof::Unknown
        {
            index = self.select_child(index, rng);
            if let Some(mv) = self.nodes[index].mv {
                position.play_unchecked(mv);
            }
        }
        // The reward, for the player who moved into `index`.
        let reward = match (self.nodes[index].proof, position.outcome()) {
            (Proof::Win, _) => 1.0,
            (Proof::Loss, _) => 0.0,
            (_, Some(outcome)) => match outcome.winner() {
                Some(w) if w == position.to_move() => 0.0,
                Some(_) => 1.0,
                None => 0.5,
            },
            _ if index != 0 && position.match_just_ended() => 1.0 - self.chance(eval, &position),
            _ => {
                if !self.full && !self.nodes[index].expanded && (self.nodes[index].visits > 0 || index == 0) {
                    self.expand(index, &position, eval, rng);
                }
                if self.nodes[index].proof != Proof::Unknown {
                    if self.nodes[index].proof == Proof::Win { 1.0 } else { 0.0 }
                } else {
                    self.playout(position, eval, rng, moves)
                }
            }
        };
        self.backup(index, reward);
    }

    /// Plays a few evaluation-guided moves; returns the reward for the player
    /// who moved into the starting position.
    fn playout(&self, mut position: G, eval: &impl Evaluator<G>, rng: &mut Rng, moves: &mut Vec<G::Move>) -> f64 {
        let start_player = position.to_move();
        for _ in 0..self.config.playout_depth {
            if position.outcome().is_some() || position.match_just_ended() {
                break;
            }
            let Some(mv) = eval.playout_move(&position, rng, moves) else { break };
            position.play_unchecked(mv);
        }
        // The chance that the player to move now wins…
        let chance = match position.outcome() {
            Some(outcome) => match outcome.winner() {
                Some(w) if w == position.to_move() => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
            None => self.chance(eval, &position),
        };
        // …turned into a reward for the player who moved into the start.
        if position.to_move() == start_player { 1.0 - chance } else { chance }
    }

    fn backup(&mut self, mut index: usize, mut reward: f64) {
        loop {
            let node = &mut self.nodes[index];
            node.visits += 1;
            node.reward += reward;
            if index == 0 {
                break;
            }
            index = node.parent as usize;
            reward = 1.0 - reward;
            if self.nodes[index].proof == Proof::Unknown {
                self.update_proof(index);
            }
        }
    }

    /// The root's best child: a proven win, else the most visited unproven
    /// child, else (all lost) the most visited.
    fn best_child(&self, index: usize) -> Option<usize> {
        let node = &self.nodes[index];
        if !node.expanded || node.child_count == 0 {
            return None;
        }
        let children = node.first_child as usize..(node.first_child + node.child_count) as usize;
        if let Some(win) = children.clone().find(|&i| self.nodes[i].proof == Proof::Win) {
            return Some(win);
        }
        let key = |&i: &usize| {
            let c = &self.nodes[i];
            (c.proof != Proof::Loss, c.visits, (c.prior * 1e6) as u32)
        };
        children.max_by_key(key)
    }

    fn info(&self, meter: &Meter<'_>) -> Info<G::Move> {
        let mut pv = Vec::new();
        let mut index = 0;
        while let Some(child) = self.best_child(index) {
            let Some(mv) = self.nodes[child].mv else { break };
            pv.push(mv);
            index = child;
            if self.nodes[child].visits < 2 || pv.len() >= 32 {
                break;
            }
        }
        let score = match self.best_child(0).map(|i| &self.nodes[i]) {
            Some(c) if c.proof == Proof::Win => WIN - pv.len() as i32,
            Some(c) if c.proof == Proof::Loss => -(WIN - pv.len() as i32 - 1),
            Some(c) if c.visits > 0 => self.q_score(c.reward / f64::from(c.visits)),
            Some(c) => {
                (self.config.eval_scale * f64::from(c.prior.clamp(1e-4, 1.0 - 1e-4) / (1.0 - c.prior)).ln()) as i32
            }
            None => 0,
        };
        let score = if score::is_proven(score) { score } else { score.clamp(-EVAL_LIMIT, EVAL_LIMIT) };
        Info {
            depth: pv.len() as u32,
            seldepth: pv.len() as u32,
            score,
            nodes: meter.nodes,
            elapsed_ms: meter.elapsed_ms(),
            pv,
        }
    }
}

#[cfg(test)]
mod tests;
