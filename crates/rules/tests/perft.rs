//! Data-driven perft: every `tests/data/*.perft` file, every game.
#![allow(clippy::unwrap_used)] // Test helpers: a failure here is a failed test.

use std::fs;
use std::path::Path;

use rules::GameSpec;

#[test]
fn perft_data_files() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let mut checked = std::collections::BTreeMap::<String, usize>::new();
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "perft") {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let where_ = format!("{}:{}", path.display(), n + 1);
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            assert_eq!(fields.len(), 3, "{where_}: expected SPEC | POSITION | COUNTS");
            let spec: GameSpec = fields[0].parse().unwrap_or_else(|e| panic!("{where_}: {e}"));
            let game = if fields[1] == "start" {
                spec.start()
            } else {
                spec.position(fields[1]).unwrap_or_else(|e| panic!("{where_}: {e}"))
            };
            for (d, expected) in fields[2].split_whitespace().enumerate() {
                let expected: u64 = expected.parse().unwrap();
                let depth = d as u32 + 1;
                assert_eq!(game.perft(depth), expected, "{where_}: perft({depth})");
                *checked.entry(spec.kind().id().to_owned()).or_default() += 1;
            }
        }
    }
    let games: Vec<&str> = checked.keys().map(String::as_str).collect();
    assert_eq!(games, ["attract", "forms", "loa", "ra"], "perft data in {}", dir.display());
}

#[test]
fn played_and_bulk_counts_agree() {
    for spec in ["loa", "attract:size=6", "forms:size=4", "forms:rules=advanced,size=4", "ra"] {
        let game = spec.parse::<GameSpec>().unwrap().start();
        assert_eq!(game.perft_played(3), game.perft(3), "{spec}");
    }
}

#[test]
fn a_finished_game_counts_nothing_at_any_depth_at_once() {
    // Regression: the move buffers were allocated for the whole depth first,
    // so u32::MAX asked for about 100 GB and aborted.
    let spec: GameSpec = "loa".parse().unwrap();
    let finished = spec.position("x7/8/8/8/8/8/8/7o x").unwrap();
    assert!(finished.outcome().is_some());
    assert_eq!(finished.perft(u32::MAX), 0);
    assert_eq!(finished.perft_played(u32::MAX), 0);
    assert!(finished.divide(u32::MAX).is_empty());
}

#[test]
fn depth_zero_counts_the_empty_sequence_and_divides_into_nothing() {
    let start = "loa".parse::<GameSpec>().unwrap().start();
    assert_eq!(start.perft(0), 1);
    assert!(start.divide(0).is_empty());
    let divided = start.divide(1);
    assert_eq!(divided.len(), 36);
    assert!(divided.iter().all(|(_, n)| *n == 1));
}
