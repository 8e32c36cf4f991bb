//! What a search may spend, and how it learns the time: the search never reads
//! a clock itself. Time comes from an injected [`Clock`], polled every
//! [`POLL_INTERVAL`] nodes, so the same code runs natively and in a browser
//! worker; a shared [`StopFlag`] stops it from outside between polls.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Nodes between two looks at the clock and the stop flag.
pub const POLL_INTERVAL: u64 = 1024;

/// A source of time in milliseconds from an arbitrary origin.
pub trait Clock {
    /// Milliseconds since the clock's origin.
    fn now_ms(&self) -> f64;
}

/// A clock that never moves: for searches limited by nodes or depth only.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

/// Asks a running search to stop at its next poll.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A flag that is not raised.
    #[must_use]
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Raises the flag.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Limits on one search. Whichever limit is reached first ends it; the search
/// always finishes at least depth 1 (or a few playouts) so it has a move.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Budget {
    /// At most this many nodes (alpha-beta) or playouts (MCTS).
    pub nodes: Option<u64>,
    /// At most this many milliseconds by the injected clock.
    pub time_ms: Option<f64>,
    /// At most this depth (alpha-beta only).
    pub depth: Option<u32>,
}

impl Budget {
    /// A node budget.
    #[must_use]
    pub const fn nodes(n: u64) -> Budget {
        Budget { nodes: Some(n), time_ms: None, depth: None }
    }

    /// A time budget in milliseconds.
    #[must_use]
    pub const fn time_ms(ms: f64) -> Budget {
        Budget { nodes: None, time_ms: Some(ms), depth: None }
    }

    /// A depth limit (alpha-beta).
    #[must_use]
    pub const fn depth(depth: u32) -> Budget {
        Budget { nodes: None, time_ms: None, depth: Some(depth) }
    }
}

/// Everything that steers one search from outside: the budget, the clock,
/// the stop flag and the random seed.
#[derive(Clone, Copy)]
pub struct Controls<'a> {
    /// What the search may spend.
    pub budget: Budget,
    /// Where time comes from.
    pub clock: &'a dyn Clock,
    /// A flag to stop the search from outside.
    pub stop: Option<&'a StopFlag>,
    /// The seed of the search's random choices.
    pub seed: u64,
    /// How this search varies its choice with the seed ([`Variety`]).
    pub variety: Variety,
}

/// How a search varies its choice with its seed, in evaluation units (in
/// Lines of Action and RA 100 is a clear small advantage); MCTS varies with
/// the seed alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Variety {
    /// The spread of alpha-beta's seeded haze over the evaluation
    /// ([`crate::Haze`]): moves within about this of the best trade places,
    /// at no cost in depth.
    pub haze: i32,
    /// Alpha-beta: after the search, one of the next few root moves (drawn
    /// by the seed) is played instead of the best if a null-window search
    /// at the same depth proves it within this margin of the best: a choice
    /// among near-equal moves that a haze cannot give where the search is
    /// deep, for one null-window search and no depth. (MCTS varies by its
    /// playout seed and does not read it.)
    pub root: i32,
}

impl Variety {
    /// No variety: the same seed's choice among equal moves only.
    pub const NONE: Variety = Variety { haze: 0, root: 0 };
}

impl Controls<'static> {
    /// `budget` with no clock, no stop flag, seed 1 and no variety.
    #[must_use]
    pub fn budget(budget: Budget) -> Controls<'static> {
        Controls { budget, clock: &NoClock, stop: None, seed: 1, variety: crate::Variety::NONE }
    }
}

/// Tracks a running search against its budget.
pub(crate) struct Meter<'a> {
    budget: Budget,
    clock: &'a dyn Clock,
    stop: Option<&'a StopFlag>,
    start_ms: f64,
    pub(crate) nodes: u64,
    next_poll: u64,
    pub(crate) stopped: bool,
    /// With several threads: every thread's nodes added up, against the
    /// node budget (which is then a total), and how many of this thread's
    /// nodes are already in it.
    total: Option<&'a AtomicU64>,
    reported: u64,
    interval: u64,
}

impl<'a> Meter<'a> {
    pub(crate) fn new(budget: Budget, clock: &'a dyn Clock, stop: Option<&'a StopFlag>) -> Meter<'a> {
        let stopped = stop.is_some_and(StopFlag::is_stopped);
        Meter {
            budget,
            clock,
            stop,
            start_ms: clock.now_ms(),
            nodes: 0,
            next_poll: POLL_INTERVAL,
            stopped,
            total: None,
            reported: 0,
            interval: POLL_INTERVAL,
        }
    }

    /// The same meter counting its nodes into `total`, shared by `threads`
    /// threads: the node budget bounds their sum. Each thread adds its
    /// count at every poll, which comes often enough (an eighth of its share
    /// of the budget, at least every 64 nodes) that the threads together
    /// overshoot the budget by at most about an eighth.
    #[cfg(not(target_family = "wasm"))]
    pub(crate) fn shared(mut self, total: &'a AtomicU64, threads: usize) -> Meter<'a> {
        self.total = Some(total);
        if let Some(n) = self.budget.nodes {
            self.interval = (n / (8 * threads.max(1) as u64)).clamp(64, POLL_INTERVAL);
            self.next_poll = self.interval;
        }
        self
    }

    /// Counts a node; returns true when the search must stop.
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.budget.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        } else if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + self.interval;
            self.poll();
        }
        self.stopped
    }

    /// Keeps `share` of a time budget back (for a last search after the
    /// iterations: [`crate::alphabeta`]'s variety); returns the whole time.
    pub(crate) fn reserve(&mut self, share: f64) -> Option<f64> {
        let whole = self.budget.time_ms?;
        self.budget.time_ms = Some(whole * (1.0 - share));
        Some(whole)
    }

    /// Gives back what [`Meter::reserve`] kept: the search may go on until
    /// `whole` ms, unless the stop flag or the nodes ended it.
    pub(crate) fn resume_until(&mut self, whole: f64) {
        self.budget.time_ms = Some(whole);
        let nodes_spent = self.budget.nodes.is_some_and(|n| self.nodes >= n);
        self.stopped = nodes_spent || self.stop.is_some_and(StopFlag::is_stopped) || self.elapsed_ms() >= whole;
    }

    /// Looks at the clock, the stop flag and, with several threads, their
    /// nodes together.
    pub(crate) fn poll(&mut self) -> bool {
        if self.stop.is_some_and(StopFlag::is_stopped) || self.budget.time_ms.is_some_and(|t| self.elapsed_ms() >= t) {
            self.stopped = true;
        }
        if let Some(total) = self.total {
            let all = total.fetch_add(self.nodes - self.reported, Ordering::Relaxed) + self.nodes - self.reported;
            self.reported = self.nodes;
            if self.budget.nodes.is_some_and(|n| all >= n) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// The budget's depth limit, if any.
    #[cfg(not(target_family = "wasm"))]
    pub(crate) fn depth_limit(&self) -> Option<u32> {
        self.budget.depth
    }

    /// The budget's node limit, if any.
    #[cfg(not(target_family = "wasm"))]
    pub(crate) fn node_limit(&self) -> Option<u64> {
        self.budget.nodes
    }

    /// Whether a node (playout) budget is used up.
    pub(crate) fn playouts_spent(&self) -> bool {
        self.budget.nodes.is_some_and(|n| self.nodes >= n)
    }

    pub(crate) fn elapsed_ms(&self) -> f64 {
        self.clock.now_ms() - self.start_ms
    }

    /// Whether another iteration is worth starting: most of the time budget
    /// left would be needed, since each iteration costs several times the last.
    pub(crate) fn may_start_iteration(&self, depth: u32) -> bool {
        if self.stopped || self.budget.depth.is_some_and(|d| depth > d) {
            return false;
        }
        !self.budget.time_ms.is_some_and(|t| self.elapsed_ms() > t * 0.5)
    }
}
