//! An exact solver: depth-first proof-number search (df-pn) with a
//! transposition table of bounded size.
//!
//! Proof-number search proves or disproves one goal: "the attacker wins".
//! Every node carries a proof number (how many more leaves must be proven to
//! prove it, at least) and a disproof number; df-pn explores the most-proving
//! node depth-first under thresholds, keeping the numbers in the table. A
//! draw is neither a win for the side to move nor for the other: so
//! [`solve`] asks twice — can the side to move win? if not, can the other
//! side? — and answers win, loss or draw, or unknown when the budget runs
//! out first.
//!
//! Soundness: positions are told apart by their Zobrist hash, as in the
//! searcher's table, or with mirror images as one ([`Numbers::symmetric`])
//! by a key each shares with its images, which the rules of Attract and
//! Forms cannot tell apart (the rules crate tests that); a game whose value
//! depends on the way a position was reached (a draw by repetition) is
//! solved with the positions of the line being searched in view: a move
//! back to one of them counts as no win for the attacker (the defender may
//! repeat, and a win that needs a repetition is not forced). A proof never
//! rests on a repetition, so it is sound whatever the way to the position;
//! a disproof that does is marked, since from another line the repetition
//! may not be there, and a draw that rests on one is reported so
//! ([`Solution::repetition`]). Very long lines are cut at [`MAX_DEPTH`]
//! plies; a cut can only hide wins, so a proof found is sound, and a
//! disproof that met a cut is reported as unknown.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use rules::Game;

use crate::budget::{Clock, Controls, StopFlag};

mod counting;
mod proof;
mod settle;
pub use counting::{Combine, Initial, Numbers};
pub use settle::{
    SOLVED_FORMS, SOLVED_LOA, SOLVED_STARTS, SolvedStart, Solver, prove, proven_move, settle, settles_quickly,
    solved_start, solved_words,
};

/// "Infinity" for proof and disproof numbers.
const INF: u32 = 1 << 30;

/// The deepest line the solver follows.
pub const MAX_DEPTH: usize = 400;

/// The longest line of perfect play [`Solution::line`] gives.
pub const LINE_MAX: usize = 60;

/// The value of a position for the side to move, with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// Neither side can force a win.
    Draw,
}

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<M> {
    /// The value, or `None` when the budget ran out first.
    pub value: Option<Value>,
    /// A move that achieves it (a win, or a move that does not lose in a
    /// draw); `None` for a loss, a finished game or an unknown value.
    pub best: Option<M>,
    /// Positions of the proof tree (the winner's one answer at each of its
    /// turns, every reply of the other side), when the value is a win or a loss.
    pub proof_size: Option<ProofSize>,
    /// A line of perfect play through the proof, for a win or a loss: the
    /// winner's most direct proven answer at its turns, the loser's
    /// toughest reply at the others (see [`LINE_MAX`]). It ends with the
    /// game unless the table had forgotten the rest; empty for a draw.
    pub line: Vec<M>,
    /// Positions searched, both questions together.
    pub nodes: u64,
    /// How many times the table was full and forgot half its entries.
    pub forgets: u64,
    /// How far the search got, when the budget ran out first.
    pub progress: Option<Progress<M>>,
    /// Whether a draw (or, with the value unknown, a side's failure to
    /// win) rests on a repetition: a line the defender could take back to
    /// a position already on it. In a game where only a third occurrence
    /// draws, such a line is not yet a draw by the rules; the answer says
    /// no win was found that avoids repeating. Always false for a win or a
    /// loss, whose proofs never rest on one.
    pub repetition: bool,
}

/// How a long solve is getting on, told every [`REPORT_EVERY`] positions
/// to the `report` of [`solve_reporting`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report {
    /// Whose win it is proving or disproving (see [`Progress::attacker`]).
    pub attacker: rules::Player,
    /// The root's moves.
    pub moves: usize,
    /// The root's moves settled for that question so far.
    pub settled: usize,
    /// Positions searched so far, both questions together.
    pub nodes: u64,
    /// Entries in the table.
    pub entries: usize,
}

/// Positions between two [`Report`]s (about one to four seconds natively).
pub const REPORT_EVERY: u64 = 1 << 20;

/// How far a search the budget stopped had got: the question it was on
/// and the root's moves it had settled for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress<M> {
    /// Whose win it was trying to prove or disprove: the side to move
    /// (the first question) or the other side (the second, once the side
    /// to move was shown unable to win).
    pub attacker: rules::Player,
    /// The root's moves (one of each set of mirror images, where the table
    /// keeps them as one).
    pub moves: usize,
    /// The moves settled for that question, each with whether the position
    /// after it is a win for the attacker.
    pub settled: Vec<(M, bool)>,
}

/// The size of a proof tree, counted from the solver's table after the
/// search (once for each set of mirror images where they are one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofSize {
    /// Positions counted.
    pub positions: u64,
    /// Whether that is all of them: false when a full table had forgotten
    /// part of the proof (the search had proven it, but the count cannot
    /// follow it there) or the count stopped at its limit.
    pub whole: bool,
    /// Whether a line of the proof comes back to a position already on it.
    /// The count follows each proof to the proofs found before it, so this
    /// cannot happen; it is checked all the same, on every line counted, as
    /// the proof's own check that the win needs no repetition.
    pub repeats: bool,
}

/// How the solver keeps its table. What it may spend is a
/// [`Budget`](crate::Budget) in [`Controls`], as for every searcher: nodes
/// (positions searched, both questions together; none: no limit), time by
/// the injected clock, and a [`StopFlag`](crate::StopFlag) polled every
/// 1,024 positions. A depth limit means nothing to it (its lines are cut at
/// [`MAX_DEPTH`] plies) and is ignored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolverConfig {
    /// Megabytes for the table.
    pub memory_mb: usize,
    /// How positions are counted.
    pub numbers: Numbers,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig { memory_mb: 64, numbers: Numbers::CLASSIC }
    }
}

/// A search's limits and table, gathered from its config and controls.
#[derive(Clone, Copy)]
struct Limits<'a> {
    nodes: u64,
    time_ms: Option<f64>,
    clock: &'a dyn Clock,
    stop: Option<&'a StopFlag>,
    memory_mb: usize,
    numbers: Numbers,
    /// Told how the search is getting on, if anyone asked.
    report: Option<&'a dyn Fn(Report)>,
}

impl<'a> Limits<'a> {
    fn new(config: SolverConfig, controls: &Controls<'a>) -> Limits<'a> {
        Limits {
            nodes: controls.budget.nodes.unwrap_or(u64::MAX),
            time_ms: controls.budget.time_ms,
            clock: controls.clock,
            stop: controls.stop,
            memory_mb: config.memory_mb,
            numbers: config.numbers,
            report: None,
        }
    }
}

#[derive(Clone, Copy)]
struct Entry {
    pn: u32,
    dn: u32,
    /// Positions searched under this one so far: what forgetting it would
    /// cost. A full table forgets the cheapest half first.
    work: u32,
    /// For a proof, its place in the order proofs were found (1 the first;
    /// 0 a finished game): each proof rests on proofs found before it, so
    /// following proofs to earlier ones never comes back to a position.
    /// For a disproof, 1 if it rests on a repetition of the line it was
    /// found on. One field for both keeps an entry in 16 bytes.
    mark: u32,
}

impl Entry {
    const fn new(pn: u32, dn: u32) -> Entry {
        Entry { pn, dn, work: 0, mark: 0 }
    }

    /// A move back to a position on the line searched: no win for the attacker there.
    const REPEATED: Entry = Entry { pn: INF, dn: 0, work: 0, mark: 1 };

    /// Whether this is a disproof that rests on a repetition.
    const fn looped(self) -> bool {
        self.dn == 0 && self.mark != 0
    }

    const fn settled(self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

/// The 1 + ε trick (ε = 1/4): the child followed is searched until its
/// number passes the second-best sibling's by a quarter, not merely by one,
/// so the search does not switch back and forth between close siblings,
/// each time climbing down from the top again.
fn widen(second: u32) -> u32 {
    second.saturating_add(second.div_ceil(4).max(1)).min(INF)
}

/// Hashes a position's Zobrist key to itself: it is already uniformly
/// random, and the default hasher costs time here and kilobytes in the
/// search worker (and the app, whose review keeps verdicts by position).
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only u64 keys are hashed; fold anything else in all the same.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// The table: a position's key to its numbers.
type Table = HashMap<u64, Entry, BuildHasherDefault<KeyHasher>>;

/// One proof-number search for "the attacker wins", keeping a position and
/// its mirror images as one if `SYMMETRIC` ([`Numbers::symmetric`]; a
/// parameter of the type, so that code which never asks for it, such as the
/// app's [`settle`], does not carry it), and telling `limits.report` how it
/// is getting on if `REPORT` (likewise: the worker carries no reports).
struct Search<'a, G: Game, const SYMMETRIC: bool, const REPORT: bool = false> {
    attacker: rules::Player,
    table: Table,
    capacity: usize,
    nodes: u64,
    limits: Limits<'a>,
    start_ms: f64,
    stopped: bool,
    /// Whether a line was cut at the depth limit.
    cut: bool,
    /// How many times the table was full (this question and the ones before).
    forgets: u64,
    /// The positions on the line being searched, the current one included
    /// (their hashes, not the table's keys: a mirror image is no repetition).
    path: std::collections::HashSet<u64, BuildHasherDefault<KeyHasher>>,
    /// Whether the root's disproof rests on a repetition.
    looped: bool,
    /// Proofs found so far (the last one's [`Entry::mark`]).
    proofs: u32,
    /// The position asked about, for the reports.
    root: Option<G>,
    /// The root's child that settled it (a proof at an OR root, a disproof
    /// at an AND root), once settled.
    root_best: Option<G::Move>,
    buffers: Vec<Vec<G::Move>>,
}

impl<'a, G: Game, const SYMMETRIC: bool, const REPORT: bool> Search<'a, G, SYMMETRIC, REPORT> {
    fn new(attacker: rules::Player, capacity: usize, limits: Limits<'a>, start_ms: f64) -> Self {
        Search {
            attacker,
            // All of it at once: a map that grows by doubling holds the old
            // buckets and the new together while it moves, half as much
            // again as its memory (measured: 310 MB resident for 256 MB).
            table: Table::with_capacity_and_hasher(capacity, BuildHasherDefault::default()),
            capacity,
            nodes: 0,
            limits,
            start_ms,
            stopped: false,
            cut: false,
            forgets: 0,
            path: std::collections::HashSet::default(),
            looped: false,
            proofs: 0,
            root: None,
            root_best: None,
            buffers: Vec::new(),
        }
    }

    /// The numbers of a position never expanded: a finished game's, or 1 and 1.
    fn leaf(&self, game: &G) -> Entry {
        match game.outcome() {
            Some(o) if o.winner() == Some(self.attacker) => Entry::new(0, INF),
            Some(_) => Entry::new(INF, 0),
            None => Entry::new(1, 1),
        }
    }

    /// The numbers of a position not searched yet, by the rule asked for.
    fn initial(&self, game: &G) -> Entry {
        let leaf = self.leaf(game);
        if leaf.settled() || self.limits.numbers.initial == Initial::One {
            return leaf;
        }
        let n = u32::try_from(game.count_legal_moves()).unwrap_or(INF).clamp(1, INF);
        if game.to_move() == self.attacker { Entry::new(1, n) } else { Entry::new(n, 1) }
    }

    /// The table's key of `game`: shared with its mirror images if `SYMMETRIC`.
    fn key(game: &G) -> u64 {
        if SYMMETRIC { game.symmetric_key() } else { game.hash() }
    }

    /// The numbers of the child of key `key`: the table's, or its `fresh`
    /// numbers before it is searched.
    fn known(&self, key: u64, fresh: Entry) -> Entry {
        self.table.get(&key).copied().unwrap_or(fresh)
    }

    fn lookup(&self, game: &G) -> Entry {
        self.table.get(&Self::key(game)).copied().unwrap_or_else(|| self.leaf(game))
    }

    fn store(&mut self, key: u64, entry: Entry) {
        // An entry already there is overwritten in place: `insert` makes
        // room for one more before it looks, and a full map would double.
        if let Some(e) = self.table.get_mut(&key) {
            *e = entry;
            return;
        }
        // Full, or about to grow its buckets past the memory: slots freed
        // by forgetting stay unusable until the map rehashes, and when it
        // holds half its capacity or more by then, it doubles instead.
        let len = self.table.len();
        if len >= self.capacity || (len == self.table.capacity() && len >= self.capacity / 2) {
            self.forget();
        }
        self.table.insert(key, entry);
    }

    /// Makes room: forgets the half of the table that cost the least work,
    /// keeping proofs and disproofs before estimates (garbage collection by
    /// subtree size, as in df-pn solvers of Go and shogi problems). Most
    /// entries were searched once, so ties often take more than half; that
    /// was measured to work better than breaking them.
    ///
    /// The median is found by counting ranks, not by sorting a copy, which
    /// would take a third more memory than the table at the moment it is
    /// full (8 bytes an entry). Work of 65,535 positions or more counts as
    /// 65,535: those entries are rare, and always kept.
    fn forget(&mut self) {
        const WORK_CAP: u32 = u16::MAX as u32;
        self.forgets += 1;
        let rank = |e: &Entry| usize::from(e.settled()) << 16 | e.work.min(WORK_CAP) as usize;
        let mut counts = vec![0u64; 2 << 16];
        for e in self.table.values() {
            counts[rank(e)] += 1;
        }
        // The rank of the entry at index `half` in rank order, as a sort would place it.
        let half = self.table.len() as u64 / 2;
        let mut below = 0;
        let cut = counts.iter().position(|&c| {
            below += c;
            below > half
        });
        let cut = cut.unwrap_or(counts.len());
        self.table.retain(|_, e| rank(e) > cut);
    }

    fn out_of_budget(&mut self) -> bool {
        let over_time = |t: f64| self.limits.clock.now_ms() - self.start_ms >= t;
        let poll = self.nodes.is_multiple_of(1024);
        if self.nodes >= self.limits.nodes
            || (poll && self.limits.time_ms.is_some_and(over_time))
            || (poll && self.limits.stop.is_some_and(StopFlag::is_stopped))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The positions after `game`'s moves (`moves` is a buffer), each with
    /// its move, its key and its numbers before it is searched; with mirror
    /// images as one, one child of each key (the images of a symmetric
    /// position's moves lead to one).
    fn children(&self, game: &G, moves: &mut Vec<G::Move>) -> Vec<(G::Move, G, u64, Entry)> {
        moves.clear();
        game.legal_moves(moves);
        // The keys met so far, in order, where children may share one.
        let mut seen = Vec::with_capacity(if SYMMETRIC { moves.len() } else { 0 });
        moves
            .iter()
            .filter_map(|&mv| {
                let mut child = game.clone();
                child.play_unchecked(mv);
                let key = Self::key(&child);
                if SYMMETRIC {
                    let Err(at) = seen.binary_search(&key) else { return None };
                    seen.insert(at, key);
                }
                let fresh = self.initial(&child);
                Some((mv, child, key, fresh))
            })
            .collect()
    }

    /// Which of the root's moves the table holds settled.
    fn progress(&self, game: &G) -> Progress<G::Move> {
        let children = self.children(game, &mut Vec::new());
        let settled = children
            .iter()
            .filter_map(|&(mv, _, key, fresh)| {
                let e = self.known(key, fresh);
                e.settled().then_some((mv, e.pn == 0))
            })
            .collect();
        Progress { attacker: self.attacker, moves: children.len(), settled }
    }

    /// Searches `game` until its numbers reach the thresholds.
    fn mid(&mut self, game: &G, thpn: u32, thdn: u32, depth: usize) -> Entry {
        let leaf = self.leaf(game);
        if leaf.settled() {
            // A finished game: `lookup` knows it without the table.
            return leaf;
        }
        let key = Self::key(game);
        if depth >= MAX_DEPTH {
            self.cut = true;
            let disproved = Entry::new(INF, 0);
            self.store(key, disproved);
            return disproved;
        }
        let (start_nodes, old_work) = (self.nodes, self.table.get(&key).map_or(0, |e| e.work));
        let or_node = game.to_move() == self.attacker;
        let mut moves = self.buffers.pop().unwrap_or_default();
        let children = self.children(game, &mut moves);
        // (Only in games where a position can come back: the others pay nothing.)
        let here = game.hash();
        if G::REPEATS {
            self.path.insert(here);
        }
        let mut entry;
        let mut best;
        loop {
            self.nodes += 1;
            // (Only where the proof is counted: the app's worker carries no reports.)
            if REPORT && self.nodes.is_multiple_of(REPORT_EVERY) {
                self.report();
            }
            // The node's numbers from its children's, and the child to follow.
            let (mut best_value, mut second) = (INF, INF);
            let (mut sum, mut max, mut open, mut min) = (0u32, 0u32, 0u32, INF);
            // Whether some child's disproof rests on a repetition, and whether all that are disproven do.
            let (mut some_looped, mut all_looped) = (false, true);
            best = 0;
            for (i, (_, position, child, fresh)) in children.iter().enumerate() {
                let repeated = G::REPEATS && self.path.contains(&position.hash());
                let e = if repeated { Entry::REPEATED } else { self.known(*child, *fresh) };
                if G::REPEATS && e.dn == 0 {
                    some_looped |= e.looped();
                    all_looped &= e.looped();
                }
                // At an OR node we minimise proof numbers; at an AND node, disproof numbers.
                let (key, other) = if or_node { (e.pn, e.dn) } else { (e.dn, e.pn) };
                sum = sum.saturating_add(other).min(INF);
                max = max.max(other);
                open += u32::from(other != 0);
                min = min.min(key);
                if key < best_value {
                    second = best_value;
                    best_value = key;
                    best = i;
                } else if key < second {
                    second = key;
                }
            }
            let sum = match self.limits.numbers.combine {
                Combine::Sum => sum,
                // Every child's number is at least 1 unless 0, so this is 0 exactly when the sum is.
                Combine::Weak => max.saturating_add(open.saturating_sub(1)).min(INF),
            };
            entry = if children.is_empty() {
                // No move and no result: cannot happen in these games; not a win.
                Entry::new(INF, 0)
            } else if or_node {
                // Disproven when every move is: resting on a repetition if one of them does.
                Entry { mark: u32::from(G::REPEATS && sum == 0 && some_looped), ..Entry::new(min, sum) }
            } else {
                // Disproven when one reply is: resting on a repetition only if every such reply does.
                Entry { mark: u32::from(G::REPEATS && min == 0 && all_looped), ..Entry::new(sum, min) }
            };
            if entry.pn >= thpn || entry.dn >= thdn || entry.settled() || self.out_of_budget() {
                break;
            }
            let (_, child, child_key, fresh) = &children[best];
            let e = self.known(*child_key, *fresh);
            let (child_thpn, child_thdn) = if or_node {
                (thpn.min(widen(second)), thdn.saturating_sub(entry.dn).saturating_add(e.dn).min(INF))
            } else {
                (thpn.saturating_sub(entry.pn).saturating_add(e.pn).min(INF), thdn.min(widen(second)))
            };
            let child = child.clone();
            self.mid(&child, child_thpn, child_thdn, depth + 1);
            if self.stopped {
                break;
            }
        }
        if depth == 0 && entry.settled() {
            self.root_best = children.get(best).map(|c| c.0);
            self.looped = entry.looped();
        }
        if G::REPEATS {
            self.path.remove(&here);
        }
        self.buffers.push(moves);
        let work = old_work.saturating_add(u32::try_from(self.nodes - start_nodes).unwrap_or(u32::MAX));
        if entry.pn == 0 {
            self.proofs = self.proofs.saturating_add(1);
            entry.mark = self.proofs;
        }
        self.store(key, Entry { work, ..entry });
        entry
    }

    /// Tells the caller how far the search has got, if it asked.
    fn report(&self) {
        let (Some(report), Some(root)) = (self.limits.report, &self.root) else { return };
        let p = self.progress(root);
        let (moves, settled) = (p.moves, p.settled.len());
        report(Report { attacker: self.attacker, moves, settled, nodes: self.nodes, entries: self.table.len() });
    }

    /// Whether the attacker's win at `game` is proven (`Some(true)`),
    /// disproven (`Some(false)`) or neither within the budget.
    fn run(&mut self, game: &G) -> Option<bool> {
        if self.limits.report.is_some() {
            self.root = Some(game.clone());
        }
        let root = self.mid(game, INF, INF, 0);
        match (root.pn, root.dn) {
            (0, _) => Some(true),
            (_, 0) if !self.cut => Some(false),
            _ => None,
        }
    }
}

/// Solves `game` for the side to move within `controls`, its table kept
/// as `config` says.
pub fn solve<G: Game>(game: &G, config: SolverConfig, controls: &Controls<'_>) -> Solution<G::Move> {
    solve_limited(game, Limits::new(config, controls))
}

/// [`solve`], telling `report` how it is getting on every
/// [`REPORT_EVERY`] positions (`ludoteca solve` shows it while it runs).
pub fn solve_reporting<G: Game>(
    game: &G,
    config: SolverConfig,
    controls: &Controls<'_>,
    report: &dyn Fn(Report),
) -> Solution<G::Move> {
    solve_limited(game, Limits { report: Some(report), ..Limits::new(config, controls) })
}

/// [`solve`] within `limits`, mirror images as one if they say so.
fn solve_limited<G: Game>(game: &G, limits: Limits<'_>) -> Solution<G::Move> {
    let capacity = table_capacity(limits);
    if limits.numbers.symmetric {
        solve_in::<G, true, true>(game, limits, capacity)
    } else {
        solve_in::<G, true, false>(game, limits, capacity)
    }
}

/// The entries the table may hold: what `memory_mb` megabytes hold
/// (the map doubles its buckets, a key, an entry and a control byte each,
/// and fills seven eighths of them), and no more than the budget can fill:
/// the search stores one entry per position it searches, so the review's
/// 50,000 positions take about 1.4 MB, not 16.
fn table_capacity(limits: Limits<'_>) -> usize {
    let bucket = std::mem::size_of::<(u64, Entry)>() + 1;
    let bytes = (limits.memory_mb.max(1) as u64) << 20;
    let buckets = 1u64 << (bytes / bucket as u64).ilog2();
    let fits = usize::try_from(buckets / 8 * 7).unwrap_or(usize::MAX).max(1024);
    // The root, and one position for each node counted before it.
    fits.min(usize::try_from(limits.nodes).unwrap_or(usize::MAX).saturating_add(1))
}

/// [`solve`] with a table of `capacity` entries, mirror images as one if
/// `SYMMETRIC`, counting the proof's size (and, for an unknown value, the
/// progress) only if `PROOF` (the count walks the whole proof tree; the app
/// does without them).
fn solve_in<G: Game, const PROOF: bool, const SYMMETRIC: bool>(
    game: &G,
    limits: Limits<'_>,
    capacity: usize,
) -> Solution<G::Move> {
    let mover = game.to_move();
    if let Some(outcome) = game.outcome() {
        let value = match outcome.winner() {
            Some(w) if w == mover => Value::Win,
            Some(_) => Value::Loss,
            None => Value::Draw,
        };
        let proof_size = Some(ProofSize { positions: 1, whole: true, repeats: false });
        let line = Vec::new();
        return Solution {
            value: Some(value),
            best: None,
            proof_size,
            line,
            nodes: 0,
            forgets: 0,
            progress: None,
            repetition: false,
        };
    }
    let start_ms = limits.clock.now_ms();
    let mut nodes = 0;
    let ask = |attacker, budget_used: u64, forgets: u64| Search::<G, SYMMETRIC, PROOF> {
        nodes: budget_used,
        forgets,
        ..Search::new(attacker, capacity, limits, start_ms)
    };
    // Can the side to move win?
    let mut first = ask(mover, 0, 0);
    let wins = first.run(game);
    nodes += first.nodes;
    match wins {
        Some(true) => {
            let line = first.proof_line(game);
            let best = line.first().copied().or(first.root_best);
            let proof_size = PROOF.then(|| first.proof_size(game, 10_000_000));
            return proven(Value::Win, best, proof_size, line, (nodes, first.forgets));
        }
        None => return unknown(nodes, first.forgets, PROOF.then(|| first.progress(game)), first.looped),
        Some(false) => {}
    }
    // It cannot: can the other side? (A table at a time, within the memory.)
    let (forgets, first_looped) = (first.forgets, first.looped);
    drop(first);
    let mut second = ask(mover.opponent(), nodes, forgets);
    let loses = second.run(game);
    let (nodes, forgets) = (second.nodes, second.forgets);
    match loses {
        Some(true) => {
            let (line, proof_size) = (second.proof_line(game), PROOF.then(|| second.proof_size(game, 10_000_000)));
            proven(Value::Loss, None, proof_size, line, (nodes, forgets))
        }
        Some(false) => {
            let best = second.root_best;
            let line = Vec::new();
            let repetition = first_looped || second.looped;
            Solution {
                value: Some(Value::Draw),
                best,
                proof_size: None,
                line,
                nodes,
                forgets,
                progress: None,
                repetition,
            }
        }
        None => unknown(nodes, forgets, PROOF.then(|| second.progress(game)), first_looped),
    }
}

/// A win or a loss proven, with (positions searched, times the table was full).
fn proven<M>(
    value: Value,
    best: Option<M>,
    proof_size: Option<ProofSize>,
    line: Vec<M>,
    work: (u64, u64),
) -> Solution<M> {
    let (nodes, forgets) = work;
    Solution { value: Some(value), best, proof_size, line, nodes, forgets, progress: None, repetition: false }
}

/// The answer when the budget ran out first: how far it got, and whether
/// the side to move's failure to win (if that much was shown) rests on a repetition.
fn unknown<M>(nodes: u64, forgets: u64, progress: Option<Progress<M>>, repetition: bool) -> Solution<M> {
    Solution { value: None, best: None, proof_size: None, line: Vec::new(), nodes, forgets, progress, repetition }
}

#[cfg(test)]
mod tests;
