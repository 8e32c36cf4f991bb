//! The machine's clock for native searches: the searcher has none of its
//! own (time is injected), so the CLI gives it this one.

use std::time::Instant;

use search::Clock;

/// The machine's monotonic clock, for native searches.
pub struct InstantClock(Instant);

impl InstantClock {
    /// A clock starting now.
    pub fn new() -> InstantClock {
        InstantClock(Instant::now())
    }
}

impl Clock for InstantClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}
