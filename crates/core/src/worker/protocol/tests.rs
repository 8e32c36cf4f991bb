//! The wire: messages round trip, and what cannot be a request is refused
//! when it is read.

use rules::GameSpec;
use search::levels::Level;
use search::split::Share;

use serde::Serialize;

use super::*;
use crate::worker::test_requests::{moves, search};

#[test]
fn messages_round_trip() {
    let request = search("ra", &["3c5-d5"], Purpose::Move { level: Level::CLUB });
    assert_eq!(decode_request(&encode_request(&request)).unwrap(), request);
    let line = moves("loa", &["b1-b3", "a2-c2"]);
    for response in [
        Response::Ready { version: VERSION },
        Response::Done {
            id: 9,
            best: line[0],
            score: -12,
            depth: 5,
            pv: line.clone(),
            nodes: 123_456,
            elapsed_ms: 12.5,
        },
        Response::Info {
            id: 9,
            depth: 4,
            score: 30,
            nodes: 99,
            pv: "forms:size=18".parse::<GameSpec>().unwrap().start().legal_moves()[..3].to_vec(),
        },
        Response::Error { id: 3, message: "the game is over".into() },
    ] {
        assert_eq!(decode_response(&encode_response(&response)).unwrap(), response);
    }
}

#[test]
fn a_share_that_does_not_exist_is_refused_when_read() {
    let share = Share::new(1, 2).unwrap();
    let request = search("loa", &[], Purpose::Part { level: Level::STRONGEST, share });
    let mut bytes = encode_request(&request);
    assert_eq!(decode_request(&bytes).unwrap(), request);
    // Purpose 4 (Part), level 5, share 1 of 2 → share 2 of 2.
    let at = bytes.windows(4).position(|w| w == [4, 5, 1, 2]).unwrap();
    bytes[at + 2] = 2;
    let Err(Response::Error { message, .. }) = decode_request(&bytes) else { panic!("share 2 of 2 was read") };
    assert!(message.contains("bad request"), "{message}");
}

#[test]
fn a_level_out_of_range_is_refused_when_read() {
    let mut bytes = encode_request(&search("loa", &[], Purpose::Move { level: Level::CLUB }));
    // The level is the last byte but the seed's: 3 → 9.
    let at = bytes.iter().rposition(|&b| b == 3).unwrap();
    bytes[at] = 9;
    let Err(Response::Error { message, .. }) = decode_request(&bytes) else { panic!("level 9 was read") };
    assert!(message.contains("bad request"), "{message}");
}

/// The wire format the benchmark script writes by hand (tests/e2e/bench/bench-worker.mjs).
#[test]
fn the_bench_request_is_laid_out_as_the_script_writes_it() {
    let bytes = encode_request(&Request::Bench { id: 1, spec: "loa".parse().unwrap(), nodes: 300 });
    assert_eq!(bytes, [1, 1, 3, b'l', b'o', b'a', 0xac, 0x02]);
}

/// A request laid out as [`Request`] is, with its spec as text and its
/// moves as raw pairs.
#[derive(Serialize)]
enum RawRequest {
    Search {
        id: u64,
        spec: String,
        from: Option<String>,
        moves: Vec<(u8, u32)>,
        purpose: Purpose,
        seed: u64,
        max_ms: Option<u32>,
    },
    Bench {
        id: u64,
        spec: String,
        nodes: u64,
    },
}

#[test]
fn a_spec_that_names_no_game_is_refused_when_read() {
    let bench =
        |spec: &str| postcard::to_allocvec(&RawRequest::Bench { id: 6, spec: spec.to_owned(), nodes: 10 }).unwrap();
    assert_eq!(
        decode_request(&bench("forms:size=8")).unwrap(),
        Request::Bench { id: 6, spec: "forms:size=8".parse().unwrap(), nodes: 10 }
    );
    for bad in ["chess", "loa:size=99", "", "z".repeat(100_000).as_str()] {
        let Err(Response::Error { id: 0, message }) = decode_request(&bench(bad)) else { panic!("{bad:.20} was read") };
        // (postcard keeps no custom message: the worker answers as for any
        // request it cannot read.)
        assert!(message.starts_with("bad request"), "{message}");
    }
}

#[test]
fn a_move_that_no_game_writes_is_refused_when_read() {
    let raw = |moves: Vec<(u8, u32)>| {
        let request = RawRequest::Search {
            id: 7,
            spec: "loa".into(),
            from: None,
            moves,
            purpose: Purpose::Hint,
            seed: 1,
            max_ms: None,
        };
        postcard::to_allocvec(&request).unwrap()
    };
    // The layout matches: b1-b3 is Lines of Action's (game 3) move b1-b3 packed.
    let b1b3 = moves("loa", &["b1-b3"])[0];
    assert_eq!(decode_request(&raw(vec![(3, b1b3.pack())])).unwrap(), search("loa", &["b1-b3"], Purpose::Hint));
    // No game 9; no Lines of Action move packs past the 9×9 frame's codes.
    for bad in [(9, b1b3.pack()), (3, 1 + (1 << 13) + (1 << 15))] {
        assert!(matches!(decode_request(&raw(vec![bad])), Err(Response::Error { id: 0, .. })), "{bad:?} was read");
    }
}
