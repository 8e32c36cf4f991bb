//! The worker logic run natively: answers per purpose, bad requests,
//! split shares and the solver on small boards.

use rules::GameSpec;
use search::levels::Level;
use search::split::Share;

use super::*;
use crate::worker::protocol::{MAX_REQUEST_BYTES, decode_request, encode_request};
use crate::worker::test_requests::{moves, search};
use search::NoClock;

fn run(request: Request) -> Vec<Response> {
    let mut out = Vec::new();
    handle(&mut WorkerState::default(), request, &NoClock, &mut |r| out.push(r));
    out
}

#[test]
fn every_game_gets_a_legal_move_with_the_request_id() {
    for spec in ["loa", "attract", "forms:rules=advanced,size=6", "forms:size=8", "ra"] {
        let out = run(search(spec, &[], Purpose::Move { level: Level::new(1).unwrap() }));
        let Some(Response::Done { id, best, .. }) = out.last() else { panic!("{spec}: {out:?}") };
        assert_eq!(*id, 7);
        let mut game = spec.parse::<GameSpec>().unwrap().start();
        assert!(game.play_move(*best).is_ok(), "{spec}: {best}");
        assert!(out.iter().all(|r| matches!(r, Response::Info { id: 7, .. } | Response::Done { id: 7, .. })));
    }
}

#[test]
fn bad_requests_get_errors() {
    // (A spec that names no game is refused when the request is read:
    // `protocol::tests::a_spec_that_names_no_game_is_refused_when_read`.)
    // A move that is not legal where it is played (b1-b3 twice: White's turn the second time).
    let twice = [moves("loa", &["b1-b3"]), moves("loa", &["b1-b3"])].concat();
    let request = Request::Search {
        id: 7,
        spec: "loa".parse().unwrap(),
        from: None,
        moves: twice,
        purpose: Purpose::Hint,
        seed: 1,
        max_ms: None,
    };
    let out = run(request);
    let [Response::Error { message, .. }] = out.as_slice() else { panic!("{out:?}") };
    assert_eq!(message, "move 2 \"b1-b3\": not a legal move");
    // A move of another game.
    let other = "attract".parse::<GameSpec>().unwrap().start().legal_moves()[..1].to_vec();
    let request = Request::Search {
        id: 7,
        spec: "loa".parse().unwrap(),
        from: None,
        moves: other,
        purpose: Purpose::Hint,
        seed: 1,
        max_ms: None,
    };
    assert!(matches!(run(request).as_slice(), [Response::Error { id: 7, .. }]));
    assert!(matches!(decode_request(b"\xff\xff nonsense"), Err(Response::Error { id: 0, .. })));
    assert!(matches!(decode_request(&[]), Err(Response::Error { id: 0, .. })));
}

/// A clock that moves by its step (in milliseconds) each time it is read.
struct Ticking(std::cell::Cell<f64>, f64);

impl Ticking {
    fn new(step: f64) -> Ticking {
        Ticking(std::cell::Cell::new(0.0), step)
    }
}

impl Clock for Ticking {
    fn now_ms(&self) -> f64 {
        self.0.set(self.0.get() + self.1);
        self.0.get()
    }
}

#[test]
fn a_time_cap_shortens_the_computers_move() {
    // Level 5 thinks 5 s; its clock allows 300 ms. The clock moves 50 ms a read.
    let level = Level::new(5).unwrap();
    let elapsed = |max_ms| {
        let mut out = Vec::new();
        let mut request = search("loa", &["b1-b3"], Purpose::Move { level });
        request.cap_time(max_ms);
        handle(&mut WorkerState::default(), request, &Ticking::new(50.0), &mut |r| out.push(r));
        let Some(Response::Done { elapsed_ms, .. }) = out.last() else { panic!("{out:?}") };
        *elapsed_ms
    };
    let capped = elapsed(Some(300));
    assert!(capped <= 300.0 + 200.0, "{capped} ms with a 300-ms cap");
    let free = elapsed(None);
    // Uncapped, the level's 5 s (the searcher stops before a depth it cannot finish).
    assert!(free > 2_000.0, "uncapped: {free} ms (capped: {capped})");
}

#[test]
fn the_shares_of_a_split_move_search_different_root_moves() {
    let level = Level::new(4).unwrap();
    let mut bests = Vec::new();
    for part in 0..3 {
        let share = Share::new(part, 3).unwrap();
        let mut out = Vec::new();
        let request = search("loa", &["b1-b3"], Purpose::Part { level, share });
        handle(&mut WorkerState::default(), request, &Ticking::new(50.0), &mut |r| out.push(r));
        // Progress per depth (the page compares the shares at a common depth), then the answer.
        assert!(out.iter().any(|r| matches!(r, Response::Info { id: 7, depth: 2, .. })), "{out:?}");
        let Some(Response::Done { best, .. }) = out.last() else { panic!("{out:?}") };
        let mut game = GameSpec::default_for(rules::GameKind::Loa).start();
        game.play_text("b1-b3").unwrap();
        assert!(game.play_move(*best).is_ok(), "{best}");
        bests.push(*best);
    }
    bests.dedup();
    assert_eq!(bests.len(), 3, "each share has moves of its own: {bests:?}");
}

#[test]
fn analyses_and_reviews_of_small_boards_are_settled_by_the_solver() {
    use search::score::SOLVED_WIN;
    let spec = "forms:rules=advanced,size=4";
    let mut game = spec.parse::<GameSpec>().unwrap().start();
    // Black's d3xc3 wins (docs/lab/performance.md, solved start positions); any White reply leaves Black a win.
    game.play_text("d3xc3").unwrap();
    let reply = game.legal_move_texts()[0].clone();
    // The solver reads the clock every 1,024 positions: 1 ms a read lets it search up to its node limit.
    let clock = || Ticking::new(1.0);
    let ask = |moves: &[&str], purpose| {
        let mut out = Vec::new();
        handle(&mut WorkerState::default(), search(spec, moves, purpose), &clock(), &mut |r| out.push(r));
        out
    };
    // A won position: the solver's move at once, no search.
    let out = ask(&["d3xc3", &reply], Purpose::Analyse);
    let [Response::Done { score, best, pv, depth: 0, .. }] = out.as_slice() else { panic!("{out:?}") };
    assert_eq!((*score, pv.first()), (SOLVED_WIN, Some(best)));
    game.play_text(&reply).unwrap();
    assert!(game.is_legal(*best), "{best}");
    // Its line of perfect play: legal moves, ending in Black's win.
    let mut end = game.clone();
    for mv in pv {
        end.play_move(*mv).unwrap();
    }
    assert_eq!(end.outcome().and_then(|o| o.winner()), Some(rules::Player::Black), "{pv:?}");
    // A hint there is the solver's move too.
    let out = ask(&["d3xc3", &reply], Purpose::Hint);
    assert!(matches!(out.as_slice(), [Response::Done { score: SOLVED_WIN, depth: 0, .. }]), "{out:?}");
    // A lost position: searched for a move, every report says lost.
    let out = ask(&["d3xc3"], Purpose::Analyse);
    for r in &out {
        let (Response::Info { score, .. } | Response::Done { score, .. }) = r else { panic!("{r:?}") };
        // The solver's loss, or a counted one the search proved.
        assert!(*score == -SOLVED_WIN || (search::score::is_proven(*score) && *score < 0), "{r:?}");
    }
    let lost = spec.parse::<GameSpec>().unwrap().replay_moves(None, &moves(spec, &["d3xc3"])).unwrap();
    assert!(matches!(out.last(), Some(Response::Done { best, .. }) if lost.is_legal(*best)), "{out:?}");
    // A review's position is settled too, and so is the start (within the review's budget).
    for moves in [&["d3xc3"][..], &[]] {
        let out = ask(moves, Purpose::Review);
        let [Response::Done { score, .. }] = out.as_slice() else { panic!("{out:?}") };
        assert!(search::score::is_proven(*score), "{moves:?}: {out:?}");
    }
    // Larger boards are searched as before.
    let out = ask(&[], Purpose::Review);
    assert!(!out.is_empty());
    let out = run(search("forms:rules=advanced,size=8", &[], Purpose::Review));
    let [Response::Done { score, .. }] = out.as_slice() else { panic!("{out:?}") };
    assert!(!search::score::is_settled(*score), "{out:?}");
}

#[test]
fn lines_of_action_5x5_positions_are_settled_in_the_analysis() {
    use search::score::SOLVED_WIN;
    // Black's d1-b3 wins the 5 × 5 start (docs/lab/performance.md): after any
    // White reply, Black to move has a proven win, and the analysis says so.
    let spec = "loa:size=5";
    let mut game = spec.parse::<GameSpec>().unwrap().start();
    game.play_text("d1-b3").unwrap();
    let reply = game.legal_move_texts()[0].clone();
    let mut out = Vec::new();
    let request = search(spec, &["d1-b3", &reply], Purpose::Analyse);
    handle(&mut WorkerState::default(), request, &Ticking::new(1.0), &mut |r| out.push(r));
    let [Response::Done { score, best, depth: 0, .. }] = out.as_slice() else { panic!("{out:?}") };
    assert_eq!(*score, SOLVED_WIN, "{out:?}");
    game.play_text(&reply).unwrap();
    assert!(game.is_legal(*best), "{best}");
}

/// A clock that moves a second at every look, so time budgets end at once.
struct Racing(std::cell::Cell<f64>);

impl Clock for Racing {
    fn now_ms(&self) -> f64 {
        self.0.set(self.0.get() + 1_000.0);
        self.0.get()
    }
}

/// Every request, even a bad one, gets an answer that names it, and the worker goes on.
fn answered(state: &mut WorkerState, request: Request) -> Vec<Response> {
    let id = match &request {
        Request::Search { id, .. } | Request::Bench { id, .. } => *id,
        Request::Library(_) | Request::Language { .. } => 0,
    };
    let mut out = Vec::new();
    handle(state, request, &Racing(std::cell::Cell::new(0.0)), &mut |r| out.push(r));
    let last = out.last().expect("an answer");
    assert!(
        matches!(last, Response::Done { id: i, .. } | Response::Error { id: i, .. } | Response::Bench { id: i, .. } if *i == id),
        "{last:?}"
    );
    out
}

#[test]
fn oversized_and_out_of_range_requests_are_refused() {
    // A search request over 256 KB, and anything over 64 MB, is refused;
    // a library request (a backup read back) may be larger.
    let b1b3 = moves("loa", &["b1-b3"])[0];
    let search = Request::Search {
        id: 1,
        spec: "loa".parse().unwrap(),
        from: None,
        moves: vec![b1b3; MAX_REQUEST_BYTES / 2],
        purpose: Purpose::Hint,
        seed: 1,
        max_ms: None,
    };
    let Err(Response::Error { message, .. }) = decode_request(&encode_request(&search)) else {
        panic!("too large was read")
    };
    assert!(message.starts_with("request too large"), "{message}");
    let huge = vec![0u8; crate::worker::protocol::MAX_LIBRARY_BYTES + 1];
    let Err(Response::Error { message, .. }) = decode_request(&huge) else { panic!("too large was read") };
    assert!(message.starts_with("request too large"), "{message}");
    let backup = Request::Library(Box::new(crate::library::wire::Ask::Import {
        text: "x".repeat(2 * MAX_REQUEST_BYTES),
        at: 0.0,
    }));
    assert_eq!(decode_request(&encode_request(&backup)), Ok(backup));
    let mut state = WorkerState::default();
    let many = Request::Search {
        id: 4,
        spec: "loa".parse().unwrap(),
        from: None,
        moves: vec![b1b3; MAX_MOVES + 1],
        purpose: Purpose::Hint,
        seed: 1,
        max_ms: None,
    };
    assert!(matches!(answered(&mut state, many).as_slice(), [Response::Error { id: 4, .. }]));
    let huge = Request::Bench { id: 5, spec: "loa".parse().unwrap(), nodes: u64::MAX };
    assert!(matches!(answered(&mut state, huge).as_slice(), [Response::Error { id: 5, .. }]));
}

/// Seeded random and mutated messages: none is read wrongly or stops the
/// worker; each is answered with a result or an error for its id.
#[test]
fn malformed_and_out_of_order_messages_never_stop_the_worker() {
    let mut rng = search::rng::Rng::new(2026);
    let valid = [
        encode_request(&search("loa", &["b1-b3"], Purpose::Move { level: Level::new(1).unwrap() })),
        encode_request(&search("ra", &[], Purpose::Hint)),
        encode_request(&Request::Bench { id: 2, spec: "attract".parse().unwrap(), nodes: 200 }),
    ];
    let mut state = WorkerState::default();
    let (mut answered_count, mut refused) = (0, 0);
    for round in 0..3_000u64 {
        let mut bytes = valid[(rng.next_u64() % 3) as usize].clone();
        match round % 4 {
            0 => bytes = (0..rng.next_u64() % 64).map(|_| rng.next_u64() as u8).collect(),
            1 => {
                let at = (rng.next_u64() as usize) % bytes.len();
                bytes[at] = rng.next_u64() as u8;
            }
            2 => bytes.truncate((rng.next_u64() as usize) % (bytes.len() + 1)),
            _ => bytes.extend((0..rng.next_u64() % 8).map(|_| rng.next_u64() as u8)),
        }
        match decode_request(&bytes) {
            // Any request that reads is served (in any order, any id), with small budgets.
            Ok(Request::Search { id, spec, from, moves, seed, .. }) => {
                let request = Request::Search {
                    id,
                    spec,
                    from,
                    moves,
                    purpose: Purpose::Move { level: Level::new(1).unwrap() },
                    seed,
                    max_ms: None,
                };
                answered(&mut state, request);
                answered_count += 1;
            }
            Ok(Request::Bench { id, spec, nodes }) => {
                answered(&mut state, Request::Bench { id, spec, nodes: nodes.min(500) });
                answered_count += 1;
            }
            // A search worker refuses the library's requests, and goes on.
            Ok(request @ Request::Library(_)) => {
                answered(&mut state, request);
                refused += 1;
            }
            // A language (a mangled one reads as English): no answer.
            Ok(request @ Request::Language { .. }) => {
                let mut out = Vec::new();
                handle(&mut state, request, &Racing(std::cell::Cell::new(0.0)), &mut |r| out.push(r));
                assert!(out.is_empty(), "{out:?}");
                crate::i18n::install(
                    crate::i18n::Lang::En,
                    crate::i18n::Catalogue::default(),
                    crate::i18n::english_plural(),
                );
            }
            Err(Response::Error { id: 0, .. }) => refused += 1,
            Err(other) => panic!("{other:?}"),
        }
    }
    assert!(answered_count > 300 && refused > 300, "both kinds exercised: {answered_count} served, {refused} refused");
    // And the worker still plays afterwards.
    let out = answered(&mut state, search("loa", &[], Purpose::Move { level: Level::new(1).unwrap() }));
    assert!(matches!(out.last(), Some(Response::Done { .. })));
}

#[test]
fn a_finished_game_is_refused() {
    let request = Request::Search {
        id: 3,
        spec: "attract".parse().unwrap(),
        from: Some("8/3o4/o2x4/1x6/1o2o3/1x6/3x4/8 o".to_owned()),
        moves: vec![
            "attract"
                .parse::<GameSpec>()
                .unwrap()
                .position("8/3o4/o2x4/1x6/1o2o3/1x6/3x4/8 o")
                .unwrap()
                .parse_move("d4")
                .unwrap(),
        ],
        purpose: Purpose::Hint,
        seed: 1,
        max_ms: None,
    };
    assert!(matches!(run(request).as_slice(), [Response::Error { id: 3, .. }]));
}

#[test]
fn the_solved_starts_are_answered_as_proven_from_the_first_ply() {
    use search::score::SOLVED_WIN;
    // Forms 4 × 4: White wins the standard game, Black the advanced one with
    // d3xc3, as the new-game dialog says; the analysis and the hint say so at once.
    for (spec, score, first) in
        [("forms:size=4", -SOLVED_WIN, "c1xb3"), ("forms:rules=advanced,size=4", SOLVED_WIN, "d3xc3")]
    {
        for purpose in [Purpose::Analyse, Purpose::Hint] {
            let out = run(search(spec, &[], purpose));
            let [Response::Done { score: got, best, pv, depth: 0, .. }] = out.as_slice() else {
                panic!("{spec}: {out:?}")
            };
            assert_eq!((*got, best.to_string()), (score, first.to_owned()), "{spec} {purpose:?}");
            assert!(pv.len() > 5, "{spec}: the proof's line");
        }
    }
}

#[test]
fn solve_proves_forms_attract_and_lines_of_action_or_says_why_not() {
    use search::score::SOLVED_WIN;
    // Forms 4 × 4, standard rules, one move in (not a known start): the solver alone settles it.
    let spec = "forms:size=4";
    let mut game = spec.parse::<GameSpec>().unwrap().start();
    let first = game.legal_move_texts()[0].clone();
    game.play_text(&first).unwrap();
    let request = Request::Search {
        id: 9,
        spec: spec.parse().unwrap(),
        from: Some(game.position_text()),
        moves: Vec::new(),
        purpose: Purpose::Solve,
        seed: 1,
        max_ms: None,
    };
    let mut out = Vec::new();
    handle(&mut WorkerState::default(), request, &Ticking::new(1.0), &mut |r| out.push(r));
    let [Response::Done { id: 9, score, depth: 0, nodes, pv, best, .. }] = out.as_slice() else { panic!("{out:?}") };
    assert!(search::score::is_settled(*score) && score.abs() <= SOLVED_WIN, "{out:?}");
    assert!(*nodes > 0, "the positions searched");
    assert_eq!(pv.first(), Some(best));
    // RA: said, not searched.
    let out = run(search("ra", &[], Purpose::Solve));
    let [Response::Error { id: 7, message }] = out.as_slice() else { panic!("{out:?}") };
    assert!(message.starts_with("The solver here proves Forms, Attract and Lines of Action positions"), "{message}");
    // Lines of Action 5 × 5, two moves in: proven by the solver alone.
    let out = run(search("loa:size=5", &["b1-b3", "a2-c2"], Purpose::Solve));
    let [Response::Done { id: 7, score, depth: 0, .. }] = out.as_slice() else { panic!("{out:?}") };
    assert!(search::score::is_settled(*score), "{out:?}");
    // A board too large for the budget: said, after the budget (a clock that
    // jumps a second at each read stops it after 60 reads).
    let mut out = Vec::new();
    handle(
        &mut WorkerState::default(),
        search("attract:size=12", &[], Purpose::Solve),
        &Ticking::new(1000.0),
        &mut |r| out.push(r),
    );
    let [Response::Error { message, .. }] = out.as_slice() else { panic!("{out:?}") };
    assert!(message.starts_with("Not solved within 40 million positions or 60 seconds"), "{message}");
}

#[test]
fn the_page_language_reaches_the_worker_words() {
    let mut state = WorkerState::default();
    let texts = "ludoteca-texts 1\u{1e}bad request: {reason}\u{1f}requête illisible : {reason}".to_owned();
    let mut out = Vec::new();
    handle(&mut state, Request::Language { code: "fr".into(), texts }, &Racing(std::cell::Cell::new(0.0)), &mut |r| {
        out.push(r);
    });
    assert!(out.is_empty(), "no answer to a language");
    assert_eq!(crate::i18n::current(), crate::i18n::Lang::Fr);
    let Err(Response::Error { message, .. }) = crate::worker::protocol::decode_request(&[255, 255, 255]) else {
        panic!("three bytes are no request")
    };
    assert!(message.starts_with("requête illisible : "), "{message}");
    // Back to English, and a file that is not one leaves English.
    handle(
        &mut state,
        Request::Language { code: "en".into(), texts: String::new() },
        &Racing(std::cell::Cell::new(0.0)),
        &mut |_| {},
    );
    assert_eq!(crate::i18n::current(), crate::i18n::Lang::En);
    handle(
        &mut state,
        Request::Language { code: "de".into(), texts: "[".into() },
        &Racing(std::cell::Cell::new(0.0)),
        &mut |_| {},
    );
    assert_eq!(crate::i18n::current(), crate::i18n::Lang::En);
}

#[test]
fn the_strongest_level_plays_the_solvers_proven_moves_on_lines_of_action_5x5() {
    use search::score::{SOLVED_WIN, is_proven};
    let spec = "loa:size=5";
    let strongest = Purpose::Move { level: Level::STRONGEST };
    let ask = |moves: &[&str], purpose: Purpose| {
        let mut out = Vec::new();
        handle(&mut WorkerState::default(), search(spec, moves, purpose), &Ticking::new(1.0), &mut |r| out.push(r));
        out
    };
    // Black to move after d1-b3 and a reply: a proven win, and the move
    // played leaves White lost (the solver asked again, from White's side).
    let mut game = spec.parse::<GameSpec>().unwrap().start();
    game.play_text("d1-b3").unwrap();
    let reply = game.legal_move_texts()[0].clone();
    game.play_text(&reply).unwrap();
    let out = ask(&["d1-b3", &reply], strongest);
    let [Response::Done { score, best, depth: 0, .. }] = out.as_slice() else { panic!("{out:?}") };
    assert_eq!(*score, SOLVED_WIN, "{out:?}");
    game.play_move(*best).unwrap();
    let controls = Controls::budget(Budget::nodes(2_000_000));
    let after = solver::settle(&game, 32, &controls).map(|r| r.score);
    assert_eq!(after, Some(-SOLVED_WIN), "{best} leaves White lost");
    // Level 4 searches the same position (its strength sits below perfect play).
    let out = ask(&["d1-b3", &reply], Purpose::Move { level: Level::new(4).unwrap() });
    let [.., Response::Done { depth, .. }] = out.as_slice() else { panic!("{out:?}") };
    assert!(*depth > 0, "{out:?}");
    // White after d1-b3 is lost: the strongest level searches for the reply
    // that resists best rather than give up.
    let out = ask(&["d1-b3"], strongest);
    let [.., Response::Done { score, depth, .. }] = out.as_slice() else { panic!("{out:?}") };
    assert!(*depth > 0 && !is_proven(*score), "{out:?}");
    // With Black Hole (a 5 × 5 start of 3.1 million positions) the strongest
    // level searches the same won position.
    let mut out = Vec::new();
    let holed = search("loa:size=5,hole=on", &["d1-b3", &reply], strongest);
    handle(&mut WorkerState::default(), holed, &Ticking::new(1.0), &mut |r| out.push(r));
    let [.., Response::Done { depth, .. }] = out.as_slice() else { panic!("{out:?}") };
    assert!(*depth > 0, "{out:?}");
}

#[test]
fn the_solver_asked_first_leaves_the_search_what_remains_of_the_computers_clock() {
    // White after d1-b3 is lost on 5 × 5: level 5's proof finds no win, then
    // it searches. With 300 ms on the clock, both together stay within it
    // (the proof at most half; the search what is left). The clock moves
    // 10 ms a read.
    let clock = Ticking::new(10.0);
    let mut request = search("loa:size=5", &["d1-b3"], Purpose::Move { level: Level::STRONGEST });
    request.cap_time(Some(300));
    let mut out = Vec::new();
    handle(&mut WorkerState::default(), request, &clock, &mut |r| out.push(r));
    assert!(matches!(out.last(), Some(Response::Done { .. })), "{out:?}");
    let spent = clock.0.get();
    assert!(spent <= 300.0 + 60.0, "{spent} ms with a 300-ms cap");
}

#[test]
fn a_share_of_a_small_level_gets_its_own_table_and_answers() {
    // Lines of Action 5 × 5's level 4 has an 8 MB table, under a split
    // worker's 16 MB floor: a share of it (the page no longer splits it, but
    // a request is outside data) answers like any other.
    let share = Share::new(0, 2).unwrap();
    let request = search("loa:size=5", &["d1-b3"], Purpose::Part { level: Level::new(4).unwrap(), share });
    let out = run(request);
    assert!(matches!(out.last(), Some(Response::Done { .. })), "{out:?}");
}
