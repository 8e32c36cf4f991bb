//! A level 4–5 move split over several workers: one share of the root moves
//! each, the move chosen once all have answered, every share stopped
//! together, and a share whose worker failed sent again once.

use search::split::Share;

use super::*;

/// A session that splits level 4–5 moves over `workers` workers, opened on `query`.
fn open_split(query: &str, workers: usize) -> (Session, Vec<Effect>) {
    let Route::Play { tree, seats, view, notices } = decode(query) else { panic!("{query} is not a game") };
    let mut session = Session::new(&tree.spec());
    session.set_move_workers(workers);
    let fx = session.apply(Intent::Load(Box::new(Loaded { tree, seats, view, notices, new_entry: false, seed: 7 })));
    (session, fx)
}

fn share_done(id: u64, best: AnyMove, score: i32, depth: u32) -> Response {
    Response::Done { id, best, score, depth, pv: vec![best], nodes: 1_000, elapsed_ms: 900.0 }
}

fn share_info(id: u64, depth: u32, score: i32) -> Response {
    Response::Info { id, depth, score, nodes: 500, pv: Vec::new() }
}

const WORKERS: [Role; 3] = [Role::Computer, Role::Helper(1), Role::Helper(2)];

/// The shares sent: one per worker, the same id, share k of n on worker k.
fn shares_sent(fx: &[Effect], level_number: u8, parts: u8) -> u64 {
    let found = searches(fx);
    assert_eq!(found.len(), usize::from(parts), "{fx:?}");
    for (k, (engine, id, purpose, _, _)) in found.iter().enumerate() {
        assert_eq!(*engine, WORKERS[k]);
        assert_eq!(*id, found[0].1);
        let share = Share::new(k as u8, parts).unwrap();
        assert_eq!(*purpose, Purpose::Part { level: level(level_number), share });
    }
    found[0].1
}

#[test]
fn levels_4_and_5_split_and_play_the_share_best_at_the_common_depth() {
    let (mut s, fx) = open_split("?game=loa&moves=b1-b3&o=ai:4", 3);
    let id = shares_sent(&fx, 4, 3);
    // Share 0 reached depth 7, share 1 depth 6, share 2 depth 7. At depth 6,
    // which all finished, share 2 is best (its depth-7 fall does not count).
    for (engine, infos) in [(0, [(5, 10), (6, 20), (7, 25)]), (2, [(5, 0), (6, 40), (7, 5)])] {
        for (depth, score) in infos {
            s.apply(Intent::Answer(WORKERS[engine], share_info(id, depth, score)));
        }
    }
    s.apply(Intent::Answer(Role::Helper(1), share_info(id, 5, 30)));
    s.apply(Intent::Answer(Role::Helper(1), share_info(id, 6, 30)));
    s.apply(Intent::Answer(Role::Computer, share_done(id, here(&s, "a2-c2"), 25, 7)));
    s.apply(Intent::Answer(Role::Helper(2), share_done(id, here(&s, "h2-f2"), 5, 7)));
    assert!(s.thinking(), "one share still thinking");
    assert_eq!(moves(&s), ["b1-b3"]);
    let fx = s.apply(Intent::Answer(Role::Helper(1), share_done(id, here(&s, "h7-f7"), 30, 6)));
    assert_eq!(moves(&s), ["b1-b3", "h2-f2"]);
    assert!(!s.thinking());
    assert!(searches(&fx).is_empty());
}

#[test]
fn levels_1_to_3_and_a_single_core_stay_on_one_worker() {
    let (_, fx) = open_split("?game=loa&moves=b1-b3&o=ai:3", 3);
    assert_eq!(searches(&fx).len(), 1);
    assert_eq!(searches(&fx)[0].2, Purpose::Move { level: level(3) });
    let (_, fx) = open_split("?game=loa&moves=b1-b3&o=ai:5", 1);
    assert_eq!(searches(&fx).len(), 1);
    assert_eq!(searches(&fx)[0].2, Purpose::Move { level: level(5) });
    // At most four workers, whatever the machine has.
    let (_, fx) = open_split("?game=loa&moves=b1-b3&o=ai:5", 15);
    assert_eq!(searches(&fx).len(), 4);
}

#[test]
fn mcts_shares_are_compared_by_their_final_scores() {
    // Forms standard 8×8 plays MCTS: progress depths are line lengths, not iterations.
    let (mut s, fx) = open_split("?game=forms:size=8&x=ai:5", 2);
    let id = shares_sent(&fx, 5, 2);
    let legal = s.tree().position().legal_moves();
    s.apply(Intent::Answer(Role::Computer, share_info(id, 9, 900)));
    s.apply(Intent::Answer(Role::Computer, share_done(id, legal[0], 20, 9)));
    s.apply(Intent::Answer(Role::Helper(1), share_done(id, legal[1], 60, 3)));
    assert_eq!(moves(&s), [legal[1].to_string()]);
}

#[test]
fn stepping_back_stops_every_share_and_late_answers_are_dropped() {
    let (mut s, fx) = open_split("?game=loa&moves=b1-b3&o=ai:5", 3);
    let id = shares_sent(&fx, 5, 3);
    let fx = s.apply(Intent::Navigate(Nav::Back));
    for engine in WORKERS {
        assert!(stops(&fx, engine), "{engine:?} not stopped: {fx:?}");
    }
    for engine in WORKERS {
        s.apply(Intent::Answer(engine, share_done(id, move_at("?game=loa&moves=b1-b3", "a2-c2"), 10, 5)));
    }
    assert_eq!(moves(&s), ["b1-b3"]);
    // Back at the end: three new shares under a new id.
    let fx = s.apply(Intent::Navigate(Nav::Last));
    assert_ne!(shares_sent(&fx, 5, 3), id);
}

#[test]
fn a_failed_share_is_sent_again_once_and_the_other_answers_kept() {
    let (mut s, fx) = open_split("?game=loa&moves=b1-b3&o=ai:4", 2);
    let id = shares_sent(&fx, 4, 2);
    let sent = searches(&fx);
    s.apply(Intent::Answer(Role::Computer, share_done(id, here(&s, "a2-c2"), 10, 6)));
    let fx = s.apply(Intent::Failed(Role::Helper(1), "crashed".to_owned()));
    assert_eq!(searches(&fx), [sent[1].clone()], "the same share again, at once");
    assert!(s.thinking() && s.worker_notice().is_none());
    s.apply(Intent::Answer(Role::Helper(1), share_done(id, here(&s, "h2-f2"), 50, 6)));
    assert_eq!(moves(&s), ["b1-b3", "h2-f2"]);
    // A second failure of the same share: the computer waits for Retry, with every share stopped.
    let reply = s.tree().position().legal_move_texts()[0].clone();
    let fx = s.apply(Intent::PlayText(reply));
    shares_sent(&fx, 4, 2);
    s.apply(Intent::Failed(Role::Helper(1), "crashed".to_owned()));
    let fx = s.apply(Intent::Failed(Role::Helper(1), "crashed again".to_owned()));
    assert!(!s.thinking());
    assert!(stops(&fx, Role::Computer) && stops(&fx, Role::Helper(1)), "{fx:?}");
    assert_eq!(s.worker_notice(), Some("crashed again"));
    // A helper failing when no split move is under way changes nothing.
    let (mut s, _) = open_split("?game=loa&moves=b1-b3&o=ai:3", 2);
    assert!(s.thinking());
    s.apply(Intent::Failed(Role::Helper(1), "idle worker failed".to_owned()));
    assert!(s.thinking() && s.worker_notice().is_none());
}

#[test]
fn lines_of_action_5x5_levels_stay_on_one_worker() {
    // Fixed nodes (level 4) and the solver first (level 5): more workers
    // would play another level, or run the same proof each.
    for n in [4, 5] {
        let (_, fx) = open_split(&format!("?game=loa:size=5&moves=d1-b3&o=ai:{n}"), 3);
        let found = searches(&fx);
        assert_eq!(found.len(), 1, "level {n}: {fx:?}");
        assert_eq!(found[0].2, Purpose::Move { level: level(n) });
    }
    // 6 × 6's level 4 thinks for a time, and splits.
    let (_, fx) = open_split("?game=loa:size=6&moves=b1-b3&o=ai:4", 3);
    shares_sent(&fx, 4, 3);
}
