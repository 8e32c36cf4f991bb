//! Random legal play from any accepted position: the first byte chooses the
//! game, the text runs to the first 0xFF byte (never part of UTF-8), and the
//! bytes after it choose the moves. Every position on the way keeps every
//! invariant.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rules::checks;

fuzz_target!(|data: &[u8]| {
    let Some((&chooser, rest)) = data.split_first() else { return };
    let specs = checks::specs();
    let spec = specs[usize::from(chooser) % specs.len()];
    let (text, choices) = match rest.iter().position(|&b| b == 0xFF) {
        Some(at) => (&rest[..at], &rest[at + 1..]),
        None => (rest, &[][..]),
    };
    let Ok(text) = std::str::from_utf8(text) else { return };
    let outcome = checks::check_position_text(&spec, text)
        .and_then(|game| game.map_or(Ok(()), |game| checks::check_playout(&game, choices, 64)));
    if let Err(failure) = outcome {
        panic!("{failure}");
    }
});
