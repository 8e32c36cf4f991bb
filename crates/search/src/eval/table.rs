//! The evaluation's weights as data: `weights.txt`, read when the code is
//! compiled (a row per game, then `NAME=VALUE` for each weight), so that a
//! fit's result (`ludoteca fit`) goes in as data and the engines carry no
//! parser. A row or weight missing from the file stops the build.

/// The weights file.
pub(crate) const WEIGHTS: &str = include_str!("weights.txt");

/// Whether `text` holds `word` at byte `at`, followed by `end`.
const fn word_at(text: &[u8], at: usize, word: &[u8], end: u8) -> bool {
    if at + word.len() >= text.len() || text[at + word.len()] != end {
        return false;
    }
    let mut i = 0;
    while i < word.len() {
        if text[at + i] != word[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The end of the line at `from`: its newline, or the text's end.
const fn line_end(text: &[u8], from: usize) -> usize {
    let mut i = from;
    while i < text.len() && text[i] != b'\n' {
        i += 1;
    }
    i
}

/// The whole number written at `from` (an optional `-`, then digits).
const fn number_at(text: &[u8], from: usize) -> i32 {
    let (mut i, negative) = if from < text.len() && text[from] == b'-' { (from + 1, true) } else { (from, false) };
    assert!(i < text.len() && text[i].is_ascii_digit(), "a weight in weights.txt is not a whole number");
    let mut value: i32 = 0;
    while i < text.len() && text[i].is_ascii_digit() {
        value = value * 10 + (text[i] - b'0') as i32;
        i += 1;
    }
    if negative { -value } else { value }
}

/// Weight `name` of row `row` of `table`.
///
/// # Panics
/// When the row or the weight is not there: in a constant, at build time.
pub(crate) const fn weight(table: &str, row: &str, name: &str) -> i32 {
    let (text, row, name) = (table.as_bytes(), row.as_bytes(), name.as_bytes());
    let mut start = 0;
    while start < text.len() {
        let end = line_end(text, start);
        if word_at(text, start, row, b' ') {
            let mut i = start + row.len();
            while i < end {
                if text[i - 1] == b' ' && word_at(text, i, name, b'=') {
                    return number_at(text, i + name.len() + 1);
                }
                i += 1;
            }
            panic!("a weight is missing from its row in weights.txt");
        }
        start = end + 1;
    }
    panic!("a row is missing from weights.txt")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::AnyEval;
    use rules::GameKind;

    #[test]
    fn a_weight_is_read_from_its_row() {
        let table = "# a comment x=1\nab x=3 yy=-12 y=7\na x=5\n";
        assert_eq!(weight(table, "ab", "x"), 3);
        assert_eq!(weight(table, "ab", "yy"), -12);
        assert_eq!(weight(table, "ab", "y"), 7);
        assert_eq!(weight(table, "a", "x"), 5);
    }

    #[test]
    #[should_panic(expected = "a weight is missing")]
    fn a_missing_weight_stops() {
        let _ = weight("ab x=3\n", "ab", "z");
    }

    #[test]
    #[should_panic(expected = "a row is missing")]
    fn a_missing_row_stops() {
        let _ = weight("ab x=3\n", "abc", "x");
    }

    /// Every row names its game's weights, each once, and nothing else: a
    /// misspelt weight would otherwise lie in the file unread.
    #[test]
    fn every_row_names_exactly_its_games_weights() {
        let mut rows = 0;
        for line in WEIGHTS.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let mut words = line.split(' ');
            let game = words.next().unwrap_or_default();
            let spec: rules::GameSpec = game.parse().unwrap_or_else(|e| panic!("row {game}: {e}"));
            let eval = AnyEval::for_spec(&spec);
            let mut names: Vec<&str> = words.map(|w| w.split_once('=').map_or(w, |(n, _)| n)).collect();
            names.sort_unstable();
            let mut own = eval.weights().names().to_vec();
            own.sort_unstable();
            assert_eq!(names, own, "{game}");
            for name in own {
                assert_eq!(eval.weights().get(name), Some(weight(WEIGHTS, game, name)), "{game} {name}");
            }
            rows += 1;
        }
        // A row for each game, Lines of Action's for each other board, and
        // Forms' for the advanced rules.
        assert_eq!(rows, GameKind::ALL.len() + 4 + 1);
    }
}
