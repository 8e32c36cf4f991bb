//! Game spec text: no panic, accepted specs write back canonically, short messages.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data)
        && let Err(failure) = rules::checks::check_spec_text(text)
    {
        panic!("{failure}");
    }
});
