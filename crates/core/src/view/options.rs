//! Rule options in words: a value, an option's name, and a spec's options
//! in one line (a page's subtitle, a home card's note, a game in the
//! library).

use rules::GameSpec;

use crate::{t, tn};

/// A readable name for an option value.
#[must_use]
pub fn value_label(key: &str, value: &str) -> String {
    match (key, value) {
        ("size", v) => t!("{size} × {size}", size = v),
        ("first", "x") => t!("Black"),
        ("first", "o") => t!("White"),
        ("simultaneous", "draw") => t!("a draw"),
        ("simultaneous", "mover") => t!("a win for the player who moved"),
        ("rules", "standard") => t!("standard (2007)"),
        ("rules", "advanced") => t!("advanced (2011)"),
        ("start", "standard") => t!("standard"),
        ("start", "scrambled") => t!("Scrambled Eggs"),
        ("start", "scrambled-mirrored") => t!("Scrambled Eggs, mirrored (White on b1)"),
        ("hole", "off") => t!("none"),
        ("hole", "on") => t!("in the centre square"),
        (_, v) => v.to_owned(),
    }
}

/// A readable name for an option.
#[must_use]
pub fn key_label(key: &str) -> String {
    match key {
        "size" => t!("Board size"),
        "rules" => t!("Rules"),
        "target" => t!("Points to win"),
        "lead" => t!("Lead needed"),
        "first" => t!("First player in match 1"),
        "simultaneous" => t!("When both connect at once"),
        "start" => t!("Start"),
        "hole" => t!("Black hole"),
        other => other.to_owned(),
    }
}

/// One option in a phrase: `advanced rules (2011)`, `18 × 18 board`.
fn option_phrase(key: &str, value: &str) -> String {
    let count = value.parse::<u64>().ok();
    match (key, value) {
        ("rules", "standard") => t!("standard rules (2007)"),
        ("rules", "advanced") => t!("advanced rules (2011)"),
        ("size", v) => t!("{size} × {size} board", size = v),
        ("start", "standard") => t!("the standard start"),
        ("start", "scrambled") => t!("Scrambled Eggs"),
        ("start", "scrambled-mirrored") => t!("Scrambled Eggs mirrored (White on b1)"),
        ("hole", "on") => t!("Black Hole (the centre square)"),
        ("hole", _) => t!("no black hole"),
        ("simultaneous", "draw") => t!("a double connection is a draw"),
        ("simultaneous", _) => t!("a double connection wins for the player who moved"),
        ("target", _) if let Some(n) = count => tn!(n, "{n} point to win", "{n} points to win"),
        ("lead", _) if let Some(n) = count => tn!(n, "a lead of {n} needed", "a lead of {n} needed"),
        ("first", v) => t!("{player} starts the first match", player = value_label("first", v)),
        (k, v) => t!("{option}: {value}", option = key_label(k), value = value_label(k, v)),
    }
}

/// `spec`'s rule options in one line, `Advanced rules (2011), 18 × 18
/// board`: all of them (a page's subtitle), or with `all` false only those
/// that differ from the game's defaults (a home card's note).
#[must_use]
pub fn options_line(spec: &GameSpec, all: bool) -> String {
    let phrases: Vec<String> = spec
        .kind()
        .options()
        .iter()
        .filter_map(|o| {
            let value = spec.get(o.key)?;
            // The standard start and no black hole go without saying, even in a full line.
            let quiet = matches!((o.key, value.as_str()), ("start", "standard") | ("hole", "off"));
            let said = value != o.default || (all && !quiet);
            said.then(|| option_phrase(o.key, &value))
        })
        .collect();
    let mut line = phrases.join(", ");
    // Our phrases start with an ASCII letter; the ASCII form keeps Unicode's
    // case tables (14 KB of WebAssembly) out of the app.
    if let Some(first) = line.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(spec: &str, all: bool) -> String {
        options_line(&spec.parse().unwrap(), all)
    }

    #[test]
    fn options_read_as_one_line() {
        assert_eq!(line("forms:rules=advanced,size=8", true), "Advanced rules (2011), 8 × 8 board");
        assert_eq!(line("forms:rules=advanced,size=8", false), "Advanced rules (2011), 8 × 8 board");
        assert_eq!(line("forms:size=8", false), "8 × 8 board");
        assert_eq!(line("loa", true), "8 × 8 board, a double connection is a draw");
        assert_eq!(line("loa", false), "");
        assert_eq!(line("loa:size=6,start=scrambled", false), "6 × 6 board, Scrambled Eggs");
        assert_eq!(line("loa:size=9,hole=on", false), "9 × 9 board, Black Hole (the centre square)");
        assert_eq!(line("loa:size=9", true), "9 × 9 board, a double connection is a draw");
        assert_eq!(line("ra", true), "6 points to win, a lead of 2 needed, Black starts the first match");
        assert_eq!(line("attract:size=10", true), "10 × 10 board");
    }
}
