//! Which worker a search goes to: the session names it, the pool keeps one
//! worker for each.

/// What a worker is asked to do: one plays the computer's moves (with
/// helpers at levels 4 and 5 when the machine has the cores), one gives
/// hints and analysis, and a few review games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// The computer player's worker (share 0 of a split move).
    Computer,
    /// Share k (from 1) of the computer's move split over workers.
    Helper(u8),
    /// The worker for hints and analysis.
    Adviser,
    /// The review's k-th worker.
    Reviewer(u8),
}
