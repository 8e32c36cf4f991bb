//! The clocks of a timed game as a feature of the session. The game tree
//! holds the control and the time each player had left at the last move or
//! save ([`Clock`]); this feature knows whose clock runs and since when. The
//! session has no clock of its own: the page tells it the time
//! ([`Session::set_now`](super::Session::set_now)) before every intent, and
//! sends a tick while a clock runs, so a flag falls within a tick.
//!
//! The clocks start with the first move (the first player's first move
//! costs no time), run for the side to move at the end of the main line,
//! and stop when the game ends. Moves beside the main line (variations,
//! stepping back to look) do not touch them. Between two people at one
//! screen they may be paused; a game reopened from a link or a reload comes
//! back paused between two people, and running against the computer.

use rules::Player;

use crate::session::model::clock::Clock;
use crate::session::model::tree::GameTree;

/// Whose clock runs, and from when.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Run {
    player: Player,
    /// The page's time when this turn's unsaved time began, in milliseconds.
    since: f64,
}

/// The running side of the clocks.
#[derive(Debug, Default)]
pub(super) struct Clocks {
    run: Option<Run>,
    /// Paused by the players (two people at one screen).
    paused: bool,
    /// The page's time, as last told, in milliseconds.
    now: f64,
}

/// Whether `tree`'s game is timed and still going on at the end of its main line.
fn live(tree: &GameTree) -> bool {
    let end = tree.main_line().last().map_or(tree.start(), |&n| tree.position_of(n));
    tree.clock().is_some() && tree.finish().is_none() && end.outcome().is_none()
}

/// The side to move at the end of the main line.
fn to_move_at_end(tree: &GameTree) -> Player {
    tree.main_line().last().map_or(tree.start(), |&n| tree.position_of(n)).to_move()
}

impl Clocks {
    /// The page's time now.
    pub(super) fn set_now(&mut self, now_ms: f64) {
        if now_ms.is_finite() && now_ms >= self.now {
            self.now = now_ms;
        }
    }

    /// Milliseconds since the running turn's unsaved time began.
    fn used(&self, run: Run) -> u32 {
        Clocks::used_at(run, self.now)
    }

    /// Milliseconds from the running turn's unsaved time to `now`.
    fn used_at(run: Run, now: f64) -> u32 {
        let ms = (now - run.since).max(0.0);
        if ms >= f64::from(u32::MAX) { u32::MAX } else { ms as u32 }
    }

    /// Whether the players paused the clocks.
    pub(super) fn paused(&self) -> bool {
        self.paused
    }

    /// Whose clock runs.
    pub(super) fn running(&self) -> Option<Player> {
        self.run.map(|r| r.player)
    }

    /// `player`'s time left now, in a timed game.
    pub(super) fn left(&self, tree: &GameTree, player: Player) -> Option<u32> {
        self.left_at(tree, player, self.now)
    }

    /// `player`'s time left at the page's time `now`, in a timed game.
    pub(super) fn left_at(&self, tree: &GameTree, player: Player, now: f64) -> Option<u32> {
        let clock = tree.clock()?;
        let used = self.run.filter(|r| r.player == player).map_or(0, |r| Clocks::used_at(r, now));
        Some(clock.left[player].saturating_sub(used))
    }

    /// The player whose time has run out, if any.
    pub(super) fn flagged(&self, tree: &GameTree) -> Option<Player> {
        let run = self.run?;
        (self.left(tree, run.player) == Some(0)).then_some(run.player)
    }

    /// Writes the running turn's time so far into the tree (before the game
    /// is written out), and goes on from now.
    pub(super) fn checkpoint(&mut self, tree: &mut GameTree) {
        let Some(run) = self.run else { return };
        let used = self.used(run);
        if let Some(clock) = tree.clock_mut() {
            clock.spend(run.player, used);
        }
        self.run = Some(Run { since: self.now, ..run });
    }

    /// A game was opened: its clocks wait, paused between two people, or
    /// run (against the computer, or a new game once it has a move).
    pub(super) fn loaded(&mut self, tree: &mut GameTree, two_people: bool) {
        self.run = None;
        self.paused = two_people && !tree.main_line().is_empty() && live(tree);
        self.sync(tree);
    }

    /// After a move of `mover` at the end of the main line of a timed game
    /// (already in the tree): their time is charged, the increment added
    /// (when their clock was running), and the other clock starts.
    pub(super) fn moved(&mut self, tree: &mut GameTree, mover: Player) {
        let running = self.run.filter(|r| r.player == mover);
        if let Some(clock) = tree.clock_mut()
            && let Some(run) = running
        {
            clock.spend(mover, self.used(run));
            clock.add_increment(mover);
        }
        self.paused = false;
        self.run = None;
        self.sync(tree);
    }

    /// Runs the clock of the side to move at the end of the main line, if
    /// the game is timed, started, going on and not paused; otherwise none.
    /// A clock already running for that side keeps its start; another side's
    /// running time is charged first.
    pub(super) fn sync(&mut self, tree: &mut GameTree) {
        let wanted = (live(tree) && !self.paused && !tree.main_line().is_empty()).then(|| to_move_at_end(tree));
        match (self.run, wanted) {
            (Some(run), Some(p)) if run.player == p => {}
            (Some(_), _) => {
                self.checkpoint(tree);
                self.run = wanted.map(|player| Run { player, since: self.now });
            }
            (None, _) => self.run = wanted.map(|player| Run { player, since: self.now }),
        }
    }

    /// Pauses (charging the running time) or resumes the clocks.
    pub(super) fn pause(&mut self, tree: &mut GameTree, paused: bool) {
        if paused {
            self.checkpoint(tree);
            self.run = None;
        }
        self.paused = paused && tree.clock().is_some();
        self.sync(tree);
    }

    /// The game ended: the running time is charged and the clocks stop.
    pub(super) fn stop(&mut self, tree: &mut GameTree) {
        self.checkpoint(tree);
        self.run = None;
    }

    /// How long the computer may think on its move now, in a timed game.
    pub(super) fn allowance_ms(&self, tree: &GameTree) -> Option<u32> {
        let clock: &Clock = tree.clock()?;
        let player = to_move_at_end(tree);
        Some(clock.allowance_ms(self.left(tree, player)?))
    }
}
