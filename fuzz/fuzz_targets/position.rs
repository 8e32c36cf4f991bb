//! Position text of any game: the first byte chooses the game and options,
//! the rest is the text. Refused text has a short message; accepted text
//! gives a position that keeps every invariant (its moves all play, its text
//! and the text after each move read back, perft(1) = moves, hashes agree).
#![no_main]

use libfuzzer_sys::fuzz_target;
use rules::checks;

fuzz_target!(|data: &[u8]| {
    let Some((&chooser, rest)) = data.split_first() else { return };
    let specs = checks::specs();
    let spec = specs[usize::from(chooser) % specs.len()];
    if let Ok(text) = std::str::from_utf8(rest)
        && let Err(failure) = checks::check_position_text(&spec, text)
    {
        panic!("{failure}");
    }
});
