//! Rule options in words: a value, an option's name, and a spec's options
//! in one line (a page's subtitle, a home card's note, a game in the
//! library).

use rules::GameSpec;

/// A readable name for an option value.
#[must_use]
pub fn value_label(key: &str, value: &str) -> String {
    match (key, value) {
        ("size", v) => format!("{v} × {v}"),
        ("first", "x") => "Black".to_owned(),
        ("first", "o") => "White".to_owned(),
        ("simultaneous", "draw") => "a draw".to_owned(),
        ("simultaneous", "mover") => "a win for the player who moved".to_owned(),
        ("rules", "standard") => "standard (2007)".to_owned(),
        ("rules", "advanced") => "advanced (2011)".to_owned(),
        ("start", "standard") => "standard".to_owned(),
        ("start", "scrambled") => "Scrambled Eggs".to_owned(),
        ("start", "scrambled-mirrored") => "Scrambled Eggs, mirrored (White on b1)".to_owned(),
        ("hole", "off") => "none".to_owned(),
        ("hole", "on") => "in the centre square".to_owned(),
        (_, v) => v.to_owned(),
    }
}

/// A readable name for an option.
#[must_use]
pub fn key_label(key: &str) -> &str {
    match key {
        "size" => "Board size",
        "rules" => "Rules",
        "target" => "Points to win",
        "lead" => "Lead needed",
        "first" => "First player in match 1",
        "simultaneous" => "When both connect at once",
        "start" => "Start",
        "hole" => "Black hole",
        other => other,
    }
}

/// One option in a phrase: `advanced rules (2011)`, `18 × 18 board`.
fn option_phrase(key: &str, value: &str) -> String {
    match (key, value) {
        ("rules", "standard") => "standard rules (2007)".to_owned(),
        ("rules", "advanced") => "advanced rules (2011)".to_owned(),
        ("size", v) => format!("{v} × {v} board"),
        ("start", "standard") => "the standard start".to_owned(),
        ("start", "scrambled") => "Scrambled Eggs".to_owned(),
        ("start", "scrambled-mirrored") => "Scrambled Eggs mirrored (White on b1)".to_owned(),
        ("hole", "on") => "Black Hole (the centre square)".to_owned(),
        ("hole", _) => "no black hole".to_owned(),
        ("simultaneous", "draw") => "a double connection is a draw".to_owned(),
        ("simultaneous", _) => "a double connection wins for the player who moved".to_owned(),
        ("target", v) => format!("{v} points to win"),
        ("lead", v) => format!("a lead of {v} needed"),
        ("first", v) => format!("{} starts the first match", value_label("first", v)),
        (k, v) => format!("{}: {}", key_label(k), value_label(k, v)),
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
