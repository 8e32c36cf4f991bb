//! Numbers, dates and durations as the player's language writes them.
//!
//! In a browser every one of them goes through the browser's own `Intl`
//! (`Intl.NumberFormat`, with `style: "unit"` for durations and sizes, and
//! `Intl.DateTimeFormat`) in the [current](super::current) language: `1,234`
//! in English is `1.234` in German and `1 234` in French and Russian; a
//! date is `Dec 7, 2026, 2:02 PM` in English and `7 déc. 2026, 14:02` in
//! French. Nothing is formatted by hand. The formatters are made once per
//! language and kept.
//!
//! Natively (the tests, the CLI, which speaks English) and in the first
//! board (built without other languages) the same functions write plain
//! English: `1234`, `4 minutes`, `2026-12-07 14:02`.

/// A unit a quantity is said in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Seconds.
    Second,
    /// Minutes.
    Minute,
    /// Days.
    Day,
    /// Kilobytes (a game's or a file's size).
    Kilobyte,
}

impl Unit {
    /// The unit's name in `Intl` (a sanctioned unit identifier).
    #[cfg_attr(not(all(target_family = "wasm", feature = "languages")), allow(dead_code))]
    const fn id(self) -> &'static str {
        match self {
            Unit::Second => "second",
            Unit::Minute => "minute",
            Unit::Day => "day",
            Unit::Kilobyte => "kilobyte",
        }
    }

    /// The English words, for the builds without `Intl`.
    #[cfg_attr(all(target_family = "wasm", feature = "languages"), allow(dead_code))]
    const fn english(self) -> (&'static str, &'static str) {
        match self {
            Unit::Second => ("second", "seconds"),
            Unit::Minute => ("minute", "minutes"),
            Unit::Day => ("day", "days"),
            Unit::Kilobyte => ("KB", "KB"),
        }
    }
}

/// A count as the language writes it (every whole number a text's
/// placeholder is given, [`fill`](super::fill)): `1,234`, `1.234`, `1 234`.
#[cfg(all(target_family = "wasm", feature = "languages"))]
#[inline(never)]
#[must_use]
pub fn count(n: u64) -> String {
    web::format(web::Kind::Number, n as f64).unwrap_or_else(|| n.to_string())
}

/// A count as written in English (the first board, natively).
#[cfg(not(all(target_family = "wasm", feature = "languages")))]
#[inline]
#[must_use]
pub fn count(n: u64) -> impl std::fmt::Display {
    n
}

/// An evaluation in hundredths of a stone or piece, signed, with two
/// decimals: `+1.25`, `+1,25`, `−0.05`.
#[must_use]
pub fn score(hundredths: i32) -> String {
    #[cfg(all(target_family = "wasm", feature = "languages"))]
    if let Some(text) = web::format(web::Kind::Score, f64::from(hundredths) / 100.0) {
        return text;
    }
    let sign = if hundredths < 0 { '-' } else { '+' };
    let abs = hundredths.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// A search's judgement of a position in words, for the side it is
/// judged for: `+1.25` (through [`score`]), `win in 3`, `loss in 4` (in
/// plies: each side's turn), `win`, `loss`, `draw` (proven with no
/// distance).
#[must_use]
pub fn evaluation(value: i32) -> String {
    use search::score::{SOLVED_DRAW, SOLVED_WIN, plies_to_end};
    // The sign of the score, not of the distance, says who wins: a game
    // already won is `win in 0`.
    match plies_to_end(value) {
        Some(p) if value > 0 => crate::tn!(p.unsigned_abs(), "win in {n}", "win in {n}"),
        Some(p) => crate::tn!(p.unsigned_abs(), "loss in {n}", "loss in {n}"),
        None if value == SOLVED_WIN => crate::t!("win"),
        None if value == -SOLVED_WIN => crate::t!("loss"),
        None if value == SOLVED_DRAW => crate::t!("draw"),
        None => score(value),
    }
}

/// A quantity with its unit in words: `4 minutes`, `4 Minuten`,
/// `4 минуты`, `300 KB`.
#[must_use]
pub fn quantity(n: u64, unit: Unit) -> String {
    #[cfg(all(target_family = "wasm", feature = "languages"))]
    if let Some(text) = web::format(web::Kind::Unit(unit), n as f64) {
        return text;
    }
    let (one, other) = unit.english();
    format!("{n} {}", if n == 1 { one } else { other })
}

/// A moment (milliseconds since 1970) as a date and time in the reader's
/// time zone: `Dec 7, 2026, 2:02 PM`. Natively, `offset_min` minutes behind
/// UTC (as `Date.getTimezoneOffset()` gives it): `2026-12-07 14:02`. A time
/// out of the calendar's years 1970–9999 is "an unknown date".
#[must_use]
pub fn date_time(ms: f64, offset_min: i32) -> String {
    #[cfg(all(target_family = "wasm", feature = "languages"))]
    if (0.0..=LAST_MS).contains(&ms)
        && let Some(text) = web::format(web::Kind::Date, ms)
    {
        let _ = offset_min;
        return text;
    }
    date_text(ms, offset_min)
}

/// 9999-12-31 23:59:59.999 UTC, the last time [`date_text`] writes.
const LAST_MS: f64 = 253_402_300_799_999.0;

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

#[cfg(all(target_family = "wasm", feature = "languages"))]
mod web {
    use std::cell::RefCell;

    use js_sys::{Array, Function, Intl, Object, Reflect};
    use wasm_bindgen::JsValue;

    use super::Unit;
    use crate::i18n::{Lang, current};

    /// What a formatter writes.
    #[derive(Clone, Copy, PartialEq, Eq)]
    pub(super) enum Kind {
        /// A whole number.
        Number,
        /// A signed number with two decimals.
        Score,
        /// A number with its unit, in long words.
        Unit(Unit),
        /// A date and time, medium and short.
        Date,
    }

    /// The formatters made so far, and the language they were made in.
    type Made = (Option<Lang>, Vec<(Kind, Function)>);

    thread_local! {
        static MADE: RefCell<Made> = const { RefCell::new((None, Vec::new())) };
    }

    /// The language's code for `Intl` (the pseudo-language is English).
    fn locale(lang: Lang) -> &'static str {
        if lang == Lang::Pseudo { "en" } else { lang.code() }
    }

    /// `n` written by the current language's formatter of `kind`; `None`
    /// if the browser could not make or run it.
    pub(super) fn format(kind: Kind, n: f64) -> Option<String> {
        let lang = current();
        let format = MADE.with(|made| {
            let mut made = made.borrow_mut();
            if made.0 != Some(lang) {
                *made = (Some(lang), Vec::new());
            }
            if let Some((_, f)) = made.1.iter().find(|(k, _)| *k == kind) {
                return Some(f.clone());
            }
            let f = make(kind, locale(lang))?;
            made.1.push((kind, f.clone()));
            Some(f)
        })?;
        let value =
            if kind == Kind::Date { js_sys::Date::new(&JsValue::from_f64(n)).into() } else { JsValue::from_f64(n) };
        format.call1(&JsValue::NULL, &value).ok()?.as_string()
    }

    /// A formatter's `format` function.
    fn make(kind: Kind, locale: &str) -> Option<Function> {
        let locales = Array::of1(&JsValue::from_str(locale));
        let options = Object::new();
        let set = |key: &str, value: JsValue| Reflect::set(&options, &JsValue::from_str(key), &value).is_ok();
        let format = match kind {
            Kind::Date => {
                set("dateStyle", "medium".into());
                set("timeStyle", "short".into());
                Intl::DateTimeFormat::new(&locales, &options).format()
            }
            Kind::Number | Kind::Score | Kind::Unit(_) => {
                if let Kind::Unit(unit) = kind {
                    set("style", "unit".into());
                    set("unit", unit.id().into());
                    set("unitDisplay", if unit == Unit::Kilobyte { "short" } else { "long" }.into());
                }
                if kind == Kind::Score {
                    set("signDisplay", "always".into());
                    set("minimumFractionDigits", 2.into());
                }
                set("maximumFractionDigits", 2.into());
                Intl::NumberFormat::new(&locales, &options).format()
            }
        };
        Some(format)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natively_numbers_durations_and_dates_read_in_english() {
        assert_eq!(count(1234).to_string(), "1234");
        assert_eq!(score(125), "+1.25");
        assert_eq!(score(-5), "-0.05");
        for value in [125, -5, 0, search::score::WIN - 3, -(search::score::WIN - 4), search::score::SOLVED_WIN] {
            assert_eq!(evaluation(value), search::score::describe(value), "the search's own words, in English");
        }
        assert_eq!(quantity(1, Unit::Minute), "1 minute");
        assert_eq!(quantity(4, Unit::Second), "4 seconds");
        assert_eq!(quantity(300, Unit::Kilobyte), "300 KB");
        assert_eq!(date_time(1_796_407_605_000.0, -60), "2026-12-04 19:06");
        assert_eq!(date_time(-1.0, 0), crate::t!("an unknown date"));
    }

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
