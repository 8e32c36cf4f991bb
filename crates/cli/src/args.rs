//! Reading the command line: value parsers with the ranges the commands
//! accept, and clap's errors rewritten as one `ludoteca: …` line like every
//! other error, quoting input shortened ([`rules::quote`]).

use clap::error::{ContextKind, ContextValue, ErrorKind};
use rules::quote;
use search::levels::Level;

/// The deepest perft the CLI counts. With as few as two moves a ply, 30
/// plies are a billion sequences; deeper counts could not finish.
pub const MAX_PERFT_DEPTH: u32 = 30;

/// The most games a match plays at once.
pub const MAX_JOBS: u64 = 64;

/// The most random opening moves of a match game (no game here is played
/// longer by a match than 1,000 plies).
pub const MAX_OPENING: u64 = 1_000;

/// Reads a whole number from `least` to `most`, written in decimal digits.
fn whole(text: &str, least: u64, most: u64) -> Result<u64, String> {
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    digits
        .then(|| text.parse::<u64>().ok())
        .flatten()
        .filter(|n| (least..=most).contains(n))
        .ok_or_else(|| format!("expected a whole number from {least} to {most}"))
}

/// `perft` DEPTH: 1 to [`MAX_PERFT_DEPTH`].
pub fn depth(text: &str) -> Result<u32, String> {
    whole(text, 1, u64::from(MAX_PERFT_DEPTH))
        .map(|n| n as u32)
        .map_err(|e| format!("{e} (deeper counts could not finish)"))
}

/// `--seed`: any 64-bit number.
pub fn seed(text: &str) -> Result<u64, String> {
    whole(text, 0, u64::MAX)
}

/// `--nodes` and `--games`: at least 1.
pub fn count(text: &str) -> Result<u64, String> {
    whole(text, 1, u64::MAX)
}

/// `--alpha` and `--beta` (a test's errors): above 0 and at most 0.5.
pub fn chance(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|x| *x > 0.0 && *x <= 0.5)
        .ok_or_else(|| "expected a chance above 0 and at most 0.5 (e.g. 0.05)".to_owned())
}

/// `--level`: 1 to 5.
pub fn level(text: &str) -> Result<Level, String> {
    whole(text, 1, 5).and_then(|n| Level::new(n as u8).ok_or_else(|| format!("{n} is not a level")))
}

/// `puzzles --max-plies`: 1 to [`search::puzzle::MAX_PLIES`].
pub fn puzzle_plies(text: &str) -> Result<u8, String> {
    whole(text, 1, u64::from(search::puzzle::MAX_PLIES)).map(|n| n as u8)
}

/// `--jobs`: 1 to [`MAX_JOBS`].
pub fn jobs(text: &str) -> Result<usize, String> {
    whole(text, 1, MAX_JOBS).map(|n| n as usize)
}

/// `--opening`: 0 to [`MAX_OPENING`].
pub fn opening(text: &str) -> Result<usize, String> {
    whole(text, 0, MAX_OPENING).map(|n| n as usize)
}

/// `bench --depth`: 1 to 30 plies.
pub fn search_depth(text: &str) -> Result<u32, String> {
    whole(text, 1, 30).map(|n| n as u32)
}

/// The most search threads: `--threads` and an engine's `+threads=N`.
pub const MAX_THREADS: u64 = 64;

/// `--threads`: 1 to [`MAX_THREADS`].
pub fn threads(text: &str) -> Result<usize, String> {
    whole(text, 1, MAX_THREADS).map(|n| n as usize)
}

/// `match --memory-mb`: 1 to 4096.
pub fn memory(text: &str) -> Result<usize, String> {
    whole(text, 1, 4096).map(|n| n as usize)
}

/// `solve --memory-mb`: 1 to 16384, so that a long proof can have the
/// memory of a machine that has it.
pub fn solver_memory(text: &str) -> Result<usize, String> {
    whole(text, 1, 16_384).map(|n| n as usize)
}

/// `--time-ms`: a positive, finite number of milliseconds.
pub fn milliseconds(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|t| *t > 0.0 && t.is_finite())
        .ok_or_else(|| "expected a positive number of milliseconds".to_owned())
}

/// The argument an error is about: `--seed` for `--seed <SEED>`, `DEPTH` for `<DEPTH>`.
fn argument_name(err: &clap::Error) -> String {
    let Some(ContextValue::String(arg)) = err.get(ContextKind::InvalidArg) else {
        return "an argument".to_owned();
    };
    let first = arg.split(' ').next().unwrap_or(arg);
    first.trim_start_matches('<').trim_end_matches('>').trim_end_matches("...").to_owned()
}

fn context_text(err: &clap::Error, kind: ContextKind) -> Option<String> {
    match err.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::Strings(list) => Some(list.join(", ")),
        other => Some(other.to_string()),
    }
}

/// The argument on the command line that begins with `start` (clap reports
/// only `-b` of `-b1-b3`).
fn whole_argument(args: &[String], start: &str) -> String {
    args.iter().skip(1).find(|a| a.starts_with(start)).cloned().unwrap_or_else(|| start.to_owned())
}

/// Clap's error as one line, without the `ludoteca: ` prefix.
pub fn usage_error(err: &clap::Error, args: &[String], commands: &[String]) -> String {
    let value = || context_text(err, ContextKind::InvalidValue).unwrap_or_default();
    let message = match err.kind() {
        ErrorKind::ValueValidation => {
            let reason = std::error::Error::source(err).map(ToString::to_string).unwrap_or_default();
            format!("{} {}: {reason}", argument_name(err), quote(&value()))
        }
        ErrorKind::InvalidValue if value().is_empty() => format!("{} needs a value", argument_name(err)),
        ErrorKind::InvalidValue => {
            let valid = context_text(err, ContextKind::ValidValue).unwrap_or_default();
            format!("{} {}: expected one of {valid}", argument_name(err), quote(&value()))
        }
        ErrorKind::UnknownArgument => {
            let start = context_text(err, ContextKind::InvalidArg).unwrap_or_default();
            let token = whole_argument(args, &start);
            match context_text(err, ContextKind::SuggestedArg) {
                Some(suggested) => format!("unexpected argument {} (did you mean {suggested}?)", quote(&token)),
                None if token.starts_with('-') => format!(
                    "unexpected argument {}: no option is written so (a move or game spec starting with \"-\" \
                     goes after \"--\")",
                    quote(&token)
                ),
                None => format!("unexpected argument {}", quote(&token)),
            }
        }
        ErrorKind::InvalidSubcommand => {
            let name = context_text(err, ContextKind::InvalidSubcommand).unwrap_or_default();
            format!("unknown command {} (commands: {})", quote(&name), commands.join(", "))
        }
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            format!("a command is missing (commands: {}; ludoteca --help explains them)", commands.join(", "))
        }
        ErrorKind::MissingRequiredArgument => {
            // `<SPEC>` is SPEC; `--b <B>` is --b.
            let missing: Vec<String> = match err.get(ContextKind::InvalidArg) {
                Some(ContextValue::Strings(list)) => list.clone(),
                Some(other) => vec![other.to_string()],
                None => Vec::new(),
            };
            let names: Vec<&str> =
                missing.iter().map(|m| m.split(' ').next().unwrap_or_default().trim_matches(['<', '>'])).collect();
            format!("missing {}", names.join(", "))
        }
        ErrorKind::ArgumentConflict => {
            let prior = context_text(err, ContextKind::PriorArg).unwrap_or_default();
            let prior = prior.split(' ').next().unwrap_or_default().to_owned();
            format!("{} cannot be used with {prior}", argument_name(err))
        }
        ErrorKind::InvalidUtf8 => "an argument is not valid UTF-8".to_owned(),
        _ => {
            let rendered = err.to_string();
            let first = rendered.lines().next().unwrap_or_default().trim_start_matches("error: ");
            if first.len() <= 300 {
                first.to_owned()
            } else {
                format!("{}…", first.chars().take(200).collect::<String>())
            }
        }
    };
    let help = match err.kind() {
        ErrorKind::MissingSubcommand
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
        | ErrorKind::InvalidSubcommand => String::new(),
        _ => {
            let command = args.get(1).filter(|c| commands.contains(c)).map_or(String::new(), |c| format!(" {c}"));
            format!("; see ludoteca{command} --help")
        }
    };
    format!("{message}{help}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_are_plain_digits_in_range() {
        assert_eq!(whole("7", 1, 10), Ok(7));
        assert_eq!(whole("10", 1, 10), Ok(10));
        for bad in ["", "0", "11", "-1", "+5", " 5", "5 ", "1e3", "0x5", "٣", "99999999999999999999999"] {
            assert_eq!(whole(bad, 1, 10), Err("expected a whole number from 1 to 10".to_owned()), "{bad:?}");
        }
        assert_eq!(seed("18446744073709551615"), Ok(u64::MAX));
        assert!(seed("18446744073709551616").is_err());
    }

    #[test]
    fn depth_is_bounded_and_says_why() {
        assert_eq!(depth("1"), Ok(1));
        assert_eq!(depth("30"), Ok(MAX_PERFT_DEPTH));
        for bad in ["0", "31", "4294967295", "300000000", "-1"] {
            let err = depth(bad).unwrap_err();
            assert_eq!(err, "expected a whole number from 1 to 30 (deeper counts could not finish)");
        }
    }

    #[test]
    fn milliseconds_are_positive_and_finite() {
        assert_eq!(milliseconds("2.5"), Ok(2.5));
        for bad in ["0", "-5", "NaN", "inf", "1e309", "", "five"] {
            assert!(milliseconds(bad).is_err(), "{bad}");
        }
    }
}
