//! The library's list: which games a filter keeps, newest first, and dates
//! in words.

use serde::{Deserialize, Serialize};

use super::summary::{Opponent, Standing, Summary};

/// What the list shows. Every field is the value of one of the page's
/// controls; an empty string (or `false`) keeps every game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Filter {
    /// A game's id in links (`loa`, `forms`, `attract`, `ra`).
    pub game: String,
    /// `playing` or `finished`.
    pub state: String,
    /// `won`, `lost` or `drawn` (from the person's side; between two people, Black's).
    pub result: String,
    /// `computer` or `friend`.
    pub opponent: String,
    /// Only starred games.
    pub starred: bool,
    /// Words to find in the game's name, players, result or origin.
    pub text: String,
}

impl Filter {
    /// Whether `game` passes.
    #[must_use]
    pub fn keeps(&self, game: &Summary, words: &[String]) -> bool {
        let standing = match self.result.as_str() {
            "won" => Some(Standing::Won),
            "lost" => Some(Standing::Lost),
            "drawn" => Some(Standing::Drawn),
            _ => None,
        };
        let opponent = match self.opponent.as_str() {
            "computer" => Some(Opponent::Computer),
            "friend" => Some(Opponent::Friend),
            _ => None,
        };
        !game.deleted
            && (self.game.is_empty() || game.game == self.game)
            && match self.state.as_str() {
                "playing" => game.standing == Standing::Playing,
                "finished" => game.standing != Standing::Playing,
                _ => true,
            }
            && standing.is_none_or(|s| game.standing == s)
            && opponent.is_none_or(|o| game.opponent == o)
            && (!self.starred || game.starred)
            && (words.is_empty() || {
                let hay = game.haystack();
                words.iter().all(|w| hay.contains(w.as_str()))
            })
    }

    /// Whether it keeps every game.
    #[must_use]
    pub fn is_open(&self) -> bool {
        *self == Filter::default()
    }
}

/// The games `filter` keeps, newest first (last written first).
#[must_use]
pub fn select<'a>(games: impl Iterator<Item = &'a Summary>, filter: &Filter) -> Vec<&'a Summary> {
    let words: Vec<String> = filter.text.to_ascii_lowercase().split_whitespace().map(str::to_owned).collect();
    let mut kept: Vec<&Summary> = games.filter(|g| filter.keeps(g, &words)).collect();
    kept.sort_by(|a, b| b.updated.total_cmp(&a.updated).then_with(|| a.id.cmp(&b.id)));
    kept
}

/// 9999-12-31 23:59:59.999 UTC, the last time [`date_text`] writes.
pub(crate) const LAST_MS: f64 = 253_402_300_799_999.0;

/// A date and time as `2026-12-04 18:30`, `offset_min` minutes behind UTC
/// (as `Date.getTimezoneOffset()` gives it: −60 in Paris in winter).
#[must_use]
pub fn date_text(ms: f64, offset_min: i32) -> String {
    // A time a backup wrote out of the calendar's years 1970–9999 (a crafted
    // or damaged file): said so, never a year of fourteen digits.
    if !(0.0..=LAST_MS).contains(&ms) {
        return crate::t!("an unknown date");
    }
    let minutes = (ms / 60_000.0).floor() as i64 - i64::from(offset_min);
    let (days, minute_of_day) = (minutes.div_euclid(1440), minutes.rem_euclid(1440));
    // Days since 1970-01-01 to a civil date (Howard Hinnant's method).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02}", minute_of_day / 60, minute_of_day % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_as_the_calendar_does() {
        assert_eq!(date_text(0.0, 0), "1970-01-01 00:00");
        // 2026-12-04 18:06:45 UTC.
        assert_eq!(date_text(1_796_407_605_000.0, 0), "2026-12-04 18:06");
        assert_eq!(date_text(1_796_407_605_000.0, -60), "2026-12-04 19:06");
        assert_eq!(date_text(1_796_407_605_000.0, 19 * 60), "2026-12-03 23:06");
        // A leap day.
        assert_eq!(date_text(951_782_400_000.0, 0), "2000-02-29 00:00");
        assert_eq!(date_text(LAST_MS, 0), "9999-12-31 23:59");
        for out in [-553_402_300_799_999.0, LAST_MS + 1.0, 8.64e15, f64::NAN, f64::INFINITY] {
            assert_eq!(date_text(out, 0), "an unknown date", "{out}");
        }
    }
}
