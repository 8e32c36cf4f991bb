//! Chess-style clocks: a time control (a base time and an increment added
//! after each of a player's moves) and the time each player has left. The
//! game tree keeps the clock as of its last move or save; the session runs
//! it (it knows when a turn began). Times are whole milliseconds, written as
//! text without floating point (the app's WebAssembly has no float
//! formatting).

use std::fmt::Write as _;

use rules::{ByPlayer, Player};

use crate::i18n::intl::{Unit, quantity};
use crate::t;

/// The longest base time, in seconds (three hours).
pub const MAX_BASE_S: u32 = 3 * 3600;
/// The largest increment, in seconds.
pub const MAX_INCREMENT_S: u32 = 180;

/// How much time a game gives: `base_s` seconds each, and `increment_s`
/// seconds added after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Each player's time at the start, in seconds (1 to [`MAX_BASE_S`]).
    pub base_s: u32,
    /// Seconds added after each of a player's moves (0 to [`MAX_INCREMENT_S`]).
    pub increment_s: u32,
}

impl TimeControl {
    /// The controls the new-game dialog offers first: 3+2, 5+3, 10+5, 15+10.
    pub const PRESETS: [TimeControl; 4] = [
        TimeControl { base_s: 180, increment_s: 2 },
        TimeControl { base_s: 300, increment_s: 3 },
        TimeControl { base_s: 600, increment_s: 5 },
        TimeControl { base_s: 900, increment_s: 10 },
    ];

    /// A control, if both numbers are in range.
    #[must_use]
    pub fn new(base_s: u32, increment_s: u32) -> Option<TimeControl> {
        ((1..=MAX_BASE_S).contains(&base_s) && increment_s <= MAX_INCREMENT_S)
            .then_some(TimeControl { base_s, increment_s })
    }

    /// In links, records and settings: seconds, `300+3`.
    #[must_use]
    pub fn code(self) -> String {
        format!("{}+{}", self.base_s, self.increment_s)
    }

    /// Reads [`TimeControl::code`] (a space may stand for the `+`, as a link
    /// decodes it).
    ///
    /// # Errors
    /// Why the text is not a time control, in words.
    pub fn from_code(text: &str) -> Result<TimeControl, String> {
        let bad = || {
            t!(
                "\"{text}\" is not a time control (seconds each, + seconds a move: 300+3; at most {base}+{increment})",
                text = text,
                base = MAX_BASE_S,
                increment = MAX_INCREMENT_S
            )
        };
        let (base, increment) = text.split_once(['+', ' ']).ok_or_else(bad)?;
        let number = |s: &str| (!s.is_empty() && s.len() <= 6).then(|| s.parse::<u32>().ok()).flatten();
        match (number(base), number(increment)) {
            (Some(b), Some(i)) => TimeControl::new(b, i).ok_or_else(bad),
            _ => Err(bad()),
        }
    }

    /// As players say it: minutes + seconds, `5+3`; `0:30+1` below a minute
    /// or between whole minutes.
    #[must_use]
    pub fn label(self) -> String {
        let (m, s) = (self.base_s / 60, self.base_s % 60);
        if s == 0 { format!("{m}+{}", self.increment_s) } else { format!("{m}:{s:02}+{}", self.increment_s) }
    }
}

/// The clocks of a game: its control and each player's time left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Clock {
    /// The time control.
    pub control: TimeControl,
    /// Each player's time left, in milliseconds.
    pub left: ByPlayer<u32>,
}

/// At or below this much of a player's time, the clock warns (and at most
/// [`LOW_TIME_MAX_MS`]).
pub const LOW_TIME_SHARE: u32 = 10;
/// The low-time warning starts at 10% of the base time, but never later than
/// this many milliseconds left (20 s).
pub const LOW_TIME_MAX_MS: u32 = 20_000;

impl Clock {
    /// Both players with the control's full base time.
    #[must_use]
    pub fn new(control: TimeControl) -> Clock {
        let base = control.base_s.saturating_mul(1000);
        Clock { control, left: ByPlayer { black: base, white: base } }
    }

    /// `player` used `ms` milliseconds; returns whether their time ran out.
    pub fn spend(&mut self, player: Player, ms: u32) -> bool {
        self.left[player] = self.left[player].saturating_sub(ms);
        self.left[player] == 0
    }

    /// The increment, after a move of `player`.
    pub fn add_increment(&mut self, player: Player) {
        self.left[player] = self.left[player].saturating_add(self.control.increment_s.saturating_mul(1000));
    }

    /// Whether `ms` left is low enough to warn: at most a tenth of the base
    /// time, capped at 20 seconds.
    #[must_use]
    pub fn is_low(&self, ms: u32) -> bool {
        ms <= (self.control.base_s.saturating_mul(1000) / LOW_TIME_SHARE).min(LOW_TIME_MAX_MS)
    }

    /// How long the computer may think on a move with `left` ms on its clock:
    /// a 25th of it and most of the increment, never more than half of what
    /// is left, and at least 50 ms.
    #[must_use]
    pub fn allowance_ms(&self, left: u32) -> u32 {
        let share = left / 25 + self.control.increment_s.saturating_mul(750);
        share.min(left / 2).max(50)
    }

    /// The time left in links and records: tenths of a second, Black's then
    /// White's, `2974.2990`.
    #[must_use]
    pub fn left_code(&self) -> String {
        format!("{}.{}", self.left.black / 100, self.left.white / 100)
    }

    /// Reads [`Clock::left_code`] into this clock.
    ///
    /// # Errors
    /// Why the text is not two times, in words.
    pub fn read_left(&mut self, text: &str) -> Result<(), String> {
        let bad =
            || t!("\"{text}\" is not the time left (tenths of a second, Black's then White's: 2974.2990)", text = text);
        let (b, w) = text.split_once('.').ok_or_else(bad)?;
        let tenths = |s: &str| {
            (!s.is_empty() && s.len() <= 6)
                .then(|| s.parse::<u32>().ok())
                .flatten()
                .filter(|&t| t <= (MAX_BASE_S + 3600) * 10)
        };
        let (Some(b), Some(w)) = (tenths(b), tenths(w)) else { return Err(bad()) };
        self.left = ByPlayer { black: b * 100, white: w * 100 };
        Ok(())
    }
}

/// A clock's reading: `4:57`, `1:02:03`, and tenths below ten seconds: `9.3`.
#[must_use]
pub fn show(ms: u32) -> String {
    let mut out = String::new();
    if ms < 10_000 {
        let _ = write!(out, "0:0{}.{}", ms / 1000, ms % 1000 / 100);
        return out;
    }
    let s = ms / 1000;
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        let _ = write!(out, "{h}:{m:02}:{s:02}");
    } else {
        let _ = write!(out, "{m}:{s:02}");
    }
    out
}

/// A clock's reading in words for screen readers: `4 minutes 57 seconds`.
#[must_use]
pub fn spoken(ms: u32) -> String {
    let s = ms / 1000;
    let (m, s) = (s / 60, s % 60);
    let seconds = || quantity(u64::from(s), Unit::Second);
    let minutes = || quantity(u64::from(m), Unit::Minute);
    match (m, s) {
        (0, _) => seconds(),
        (_, 0) => minutes(),
        _ => t!("{minutes} {seconds}", minutes = minutes(), seconds = seconds()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_read_back_and_refuse_what_is_out_of_range() {
        for c in TimeControl::PRESETS {
            assert_eq!(TimeControl::from_code(&c.code()), Ok(c));
        }
        assert_eq!(TimeControl::from_code("300 3"), Ok(TimeControl { base_s: 300, increment_s: 3 }));
        for bad in ["", "300", "+3", "300+", "0+3", "300+181", "10801+0", "-1+2", "3.5+2", "99999999+1", "a+b"] {
            let e = TimeControl::from_code(bad).unwrap_err();
            assert!(e.contains("is not a time control"), "{bad}: {e}");
        }
        assert_eq!(TimeControl { base_s: 300, increment_s: 3 }.label(), "5+3");
        assert_eq!(TimeControl { base_s: 30, increment_s: 1 }.label(), "0:30+1");
        assert_eq!(TimeControl { base_s: 90, increment_s: 0 }.label(), "1:30+0");
    }

    #[test]
    fn time_is_spent_added_and_shown() {
        let mut clock = Clock::new(TimeControl { base_s: 60, increment_s: 2 });
        assert!(!clock.spend(Player::Black, 1_500));
        clock.add_increment(Player::Black);
        assert_eq!(clock.left.black, 60_500);
        assert_eq!(clock.left.white, 60_000);
        assert!(clock.spend(Player::White, 70_000));
        assert_eq!(clock.left.white, 0);
        assert_eq!(show(60_500), "1:00");
        assert_eq!(show(9_340), "0:09.3");
        assert_eq!(show(0), "0:00.0");
        assert_eq!(show(3_723_000), "1:02:03");
        assert_eq!(spoken(61_000), "1 minute 1 second");
        assert_eq!(spoken(120_999), "2 minutes");
        assert_eq!(spoken(9_000), "9 seconds");
    }

    #[test]
    fn low_time_and_the_computers_share() {
        let five = Clock::new(TimeControl { base_s: 300, increment_s: 3 });
        assert!(five.is_low(20_000) && !five.is_low(20_001));
        let one = Clock::new(TimeControl { base_s: 60, increment_s: 0 });
        assert!(one.is_low(6_000) && !one.is_low(6_001));
        assert_eq!(five.allowance_ms(300_000), 12_000 + 2_250);
        assert_eq!(five.allowance_ms(2_000), 1_000);
        assert_eq!(five.allowance_ms(0), 50);
    }

    #[test]
    fn time_left_reads_back() {
        let mut clock = Clock::new(TimeControl { base_s: 300, increment_s: 3 });
        clock.left = ByPlayer { black: 297_400, white: 5_100 };
        let code = clock.left_code();
        assert_eq!(code, "2974.51");
        let mut again = Clock::new(clock.control);
        assert_eq!(again.read_left(&code), Ok(()));
        assert_eq!(again, clock);
        for bad in ["", "2974", "2974.", ".51", "1.2.3", "x.1", "9999999.1"] {
            assert!(again.read_left(bad).is_err(), "{bad}");
        }
    }
}
