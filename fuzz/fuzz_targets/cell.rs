//! Cell names of every square board and of the RA board: what reads, writes back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data)
        && let Err(failure) = rules::checks::check_cell_text(text)
    {
        panic!("{failure}");
    }
});
