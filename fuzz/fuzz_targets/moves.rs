//! Move text in a position reached by random play: the first byte chooses
//! the game, the next two seed the random play, the rest is the move. A
//! refused move leaves the position untouched with a short message; an
//! accepted one was listed, is written as given, and leaves a sound position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rules::checks;

fuzz_target!(|data: &[u8]| {
    let [chooser, seed_hi, seed_lo, rest @ ..] = data else { return };
    let specs = checks::specs();
    let spec = specs[usize::from(*chooser) % specs.len()];
    let mut rng = checks::Rng::new(u64::from(u16::from_be_bytes([*seed_hi, *seed_lo])));
    let game = checks::random_position(&spec, 60, &mut rng);
    if let Ok(text) = std::str::from_utf8(rest)
        && let Err(failure) = checks::check_move_text(&game, text)
    {
        panic!("{failure}");
    }
});
