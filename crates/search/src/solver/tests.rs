//! The solver against plain minimax on small positions of every game, the
//! solved start positions, budgets, and `settle` on the boards it serves.

use super::*;
use crate::budget::{Budget, NoClock};
use crate::rng::Rng;
use crate::score::{SOLVED_DRAW, SOLVED_WIN};
use crate::searcher::Searcher;
use rules::GameSpec;
use rules::attract::Attract;
use rules::forms::Forms;
use rules::loa::Loa;
use rules::ra::Ra;

impl Default for Limits<'_> {
    /// A million positions, 64 MB, classic counting: what the tests start from.
    fn default() -> Self {
        Limits {
            nodes: 1_000_000,
            time_ms: None,
            clock: &NoClock,
            stop: None,
            memory_mb: 64,
            numbers: Numbers::CLASSIC,
            report: None,
        }
    }
}

/// [`solve`] within `limits`, through its public controls.
fn solve_within<G: Game>(game: &G, limits: Limits<'_>) -> Solution<G::Move> {
    let config = SolverConfig { memory_mb: limits.memory_mb, numbers: limits.numbers };
    let budget = Budget { nodes: Some(limits.nodes), time_ms: limits.time_ms, depth: None };
    solve(
        game,
        config,
        &Controls { budget, clock: limits.clock, stop: limits.stop, seed: 1, variety: crate::Variety::NONE },
    )
}

/// [`settle`] within `nodes`, with the default table.
fn settle_within(game: &rules::AnyGame, nodes: u64) -> Option<crate::AnyResult> {
    settle(game, 64, &Controls::budget(Budget::nodes(nodes)))
}

/// The value by plain minimax to `depth` plies: `None` where a line is
/// longer than that.
fn minimax<G: Game>(game: &G, depth: u32) -> Option<Value> {
    let mover = game.to_move();
    if let Some(o) = game.outcome() {
        return Some(match o.winner() {
            Some(w) if w == mover => Value::Win,
            Some(_) => Value::Loss,
            None => Value::Draw,
        });
    }
    if depth == 0 {
        return None;
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let (mut best, mut unknown) = (Value::Loss, false);
    for mv in moves {
        let mut child = game.clone();
        child.play_unchecked(mv);
        // The child's value is for the other side (who moves next there).
        let mine = match minimax(&child, depth - 1) {
            None => {
                unknown = true;
                continue;
            }
            Some(v) if child.to_move() == mover => v,
            Some(Value::Win) => Value::Loss,
            Some(Value::Loss) => Value::Win,
            Some(Value::Draw) => Value::Draw,
        };
        match mine {
            Value::Win => return Some(Value::Win),
            Value::Draw => best = Value::Draw,
            Value::Loss => {}
        }
    }
    // Without a proven win, an unexplored line could still be one.
    if unknown { None } else { Some(best) }
}

/// Random positions of `spec`, `plies` random moves in (finished or not).
fn positions(spec: &str, plies: usize, count: u64) -> Vec<rules::AnyGame> {
    let spec: GameSpec = spec.parse().unwrap();
    (0..count)
        .map(|seed| {
            let mut rng = Rng::new(seed * 7 + 1);
            let mut game = spec.start();
            for _ in 0..plies {
                let moves = game.legal_move_texts();
                if moves.is_empty() {
                    break;
                }
                game.play_text(&moves[rng.below(moves.len())]).unwrap();
            }
            game
        })
        .collect()
}

fn agree<G: Game>(game: &G, depth: u32) -> bool {
    agree_within(game, depth, 2_000_000)
}

/// Every way of counting the solver has (symmetry with each way of adding up).
const EVERY_COUNTING: [Numbers; 5] = [
    Numbers::CLASSIC,
    Numbers { combine: Combine::Weak, initial: Initial::One, symmetric: true },
    Numbers { combine: Combine::Sum, initial: Initial::Mobility, symmetric: false },
    Numbers { combine: Combine::Weak, initial: Initial::Mobility, symmetric: false },
    Numbers { combine: Combine::Sum, initial: Initial::One, symmetric: true },
];

/// Whether the solver (within `nodes`, with every way of counting) and
/// minimax (to `depth`) both reached a verdict; they must agree, and a
/// verdict of minimax must be reached by the solver too.
fn agree_within<G: Game>(game: &G, depth: u32, nodes: u64) -> bool {
    let exact = minimax(game, depth);
    let mut agreed = true;
    for numbers in EVERY_COUNTING {
        let solved = solve_within(game, Limits { nodes, numbers, ..Limits::default() });
        agreed &= agrees(game, &solved, exact, depth);
    }
    agreed
}

fn agrees<G: Game>(game: &G, solved: &Solution<G::Move>, exact: Option<Value>, depth: u32) -> bool {
    if let (Some(s), Some(m)) = (solved.value, exact) {
        assert_eq!(s, m, "{}", game.position_text());
        if s == Value::Win && game.outcome().is_none() {
            let Some(mv) = solved.best else { panic!("no winning move given for {}", game.position_text()) };
            let mut child = game.clone();
            child.play_unchecked(mv);
            assert_eq!(
                minimax(&child, depth).map(|v| if child.to_move() == game.to_move() { v } else { flip(v) }),
                Some(Value::Win)
            );
        }
        check_line(game, solved, depth);
        return true;
    }
    // Where minimax reached no verdict the solver may still have one; where minimax did, so must the solver.
    assert!(exact.is_none(), "unsolved {}", game.position_text());
    false
}

/// The solution's line of perfect play, for a won or lost `game` solved
/// with a roomy table: legal moves, every position on it won for the
/// winner where minimax to `depth` can tell, and the winner wins at its end.
fn check_line<G: Game>(game: &G, solved: &Solution<G::Move>, depth: u32) {
    let winner = match solved.value {
        Some(Value::Win) => game.to_move(),
        Some(Value::Loss) => game.to_move().opponent(),
        _ => return assert!(solved.line.is_empty()),
    };
    if game.outcome().is_some() {
        return assert!(solved.line.is_empty());
    }
    assert!(solved.line.len() <= LINE_MAX);
    if solved.value == Some(Value::Win) {
        assert_eq!(solved.line.first(), solved.best.as_ref());
    }
    let mut g = game.clone();
    for &mv in &solved.line {
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        assert!(moves.contains(&mv), "{mv} is not legal in {}", g.position_text());
        let for_winner = |v: Value| if g.to_move() == winner { v } else { flip(v) };
        if let Some(v) = minimax(&g, depth) {
            assert_eq!(for_winner(v), Value::Win, "{} on the line from {}", g.position_text(), game.position_text());
        }
        g.play_unchecked(mv);
    }
    if solved.line.len() < LINE_MAX {
        let end = g.outcome().and_then(|o| o.winner());
        assert_eq!(end, Some(winner), "the line from {} stops at {}", game.position_text(), g.position_text());
    }
}

fn flip(v: Value) -> Value {
    match v {
        Value::Win => Value::Loss,
        Value::Loss => Value::Win,
        Value::Draw => Value::Draw,
    }
}

#[test]
fn agrees_with_minimax_on_forms_4x4() {
    let mut compared = 0;
    for spec in ["forms:size=4", "forms:rules=advanced,size=4"] {
        for game in positions(spec, 4, 12) {
            let rules::AnyGame::Forms(g) = game else { unreachable!() };
            compared += usize::from(agree::<Forms>(&g, 40));
        }
    }
    assert!(compared >= 20, "{compared} positions compared");
}

#[test]
fn agrees_with_minimax_on_late_attract_6x6() {
    let mut compared = 0;
    for game in positions("attract:size=6", 28, 16) {
        let rules::AnyGame::Attract(g) = game else { unreachable!() };
        compared += usize::from(agree::<Attract>(&g, 12));
    }
    assert!(compared >= 8, "{compared} positions compared");
}

#[test]
fn agrees_with_minimax_on_endgames_of_lines_of_action_and_ra() {
    let loa: GameSpec = "loa".parse().unwrap();
    let mut compared = 0;
    for text in [
        "8/8/8/8/3x4/1x6/1x6/5o1o x",
        "8/8/8/8/3x4/1x6/1x6/5o1o o",
        "x7/8/8/3o4/8/8/8/o6x x",
        "8/2x5/8/8/8/8/2o5/o1x5 o",
    ] {
        let rules::AnyGame::Loa(g) = loa.position(text).unwrap() else { unreachable!() };
        compared += usize::from(agree_within::<Loa>(&g, 5, 100_000));
    }
    for game in positions("ra:target=1", 30, 8) {
        let rules::AnyGame::Ra(g) = game else { unreachable!() };
        compared += usize::from(agree_within::<Ra>(&g, 3, 100_000));
    }
    assert!(compared >= 2, "{compared} positions compared");
}

/// A solution with its moves as text.
fn texts<M: std::fmt::Display>(s: Solution<M>) -> Solution<String> {
    Solution {
        value: s.value,
        best: s.best.map(|m| m.to_string()),
        proof_size: s.proof_size,
        line: s.line.iter().map(ToString::to_string).collect(),
        nodes: s.nodes,
        forgets: s.forgets,
        progress: None,
        repetition: s.repetition,
    }
}

#[test]
fn solved_starts_are_what_the_solver_says() {
    for known in SOLVED_STARTS {
        let spec: GameSpec = known.spec.parse().unwrap();
        // Counting as `ludoteca solve` does, which wrote the line.
        let numbers = Numbers::for_game(&spec);
        let limits = Limits { nodes: 5_000_000, memory_mb: 256, numbers, ..Limits::default() };
        let (s, to_move): (Solution<String>, _) = match spec.start() {
            rules::AnyGame::Forms(start) => (texts(solve_within(&start, limits)), start.to_move()),
            rules::AnyGame::Loa(start) => (texts(solve_within(&start, limits)), start.to_move()),
            other => panic!("{}: only Forms and Lines of Action are listed", other.spec()),
        };
        assert_eq!(s.value, Some(known.value), "{spec}");
        let winner = match known.value {
            Value::Win => to_move,
            Value::Loss => to_move.opponent(),
            Value::Draw => panic!("{spec}: no draw is listed"),
        };
        // The line is the solver's own, and ends with the winner's win.
        assert_eq!(s.line.join(" "), known.line, "{spec}");
        let mut end = spec.start();
        for mv in known.line.split(' ') {
            end.play_text(mv).unwrap();
        }
        assert_eq!(end.outcome().and_then(|o| o.winner()), Some(winner), "{spec}");
        let text = known.phrase;
        assert!(text.starts_with(&format!("{winner} ")), "{spec}: {winner} wins, not as {text:?}");
        if let Some(best) = &s.best {
            assert!(text.ends_with(&format!("starting {best}")), "{spec}: {best}, not as {text:?}");
        }
        let words = solved_words(spec.kind()).unwrap();
        assert!(words.contains(text), "{text:?} is not in the dialog's words");
        // `settle` answers the start at once, as proven, with the line.
        let settled = settle(&spec.start(), 64, &Controls::budget(Budget::nodes(10))).unwrap();
        let expected = if known.value == Value::Win { SOLVED_WIN } else { -SOLVED_WIN };
        assert_eq!(settled.score, expected, "{spec}");
        assert_eq!(settled.pv.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "), known.line);
    }
}

#[test]
fn a_forced_win_is_found_with_its_move_and_budgets_are_kept() {
    let loa: GameSpec = "loa".parse().unwrap();
    let rules::AnyGame::Loa(g) = loa.position("8/8/8/8/3x4/1x6/1x6/5o1o x").unwrap() else { unreachable!() };
    let s = solve_within(&g, Limits::default());
    assert_eq!(s.value, Some(Value::Win));
    let mut after = g.clone();
    after.play_unchecked(s.best.unwrap());
    assert!(after.outcome().is_some_and(|o| o.winner() == Some(rules::Player::Black)));
    // The start of Lines of Action is not solved in 1,000 positions.
    let start = Loa::new(rules::loa::LoaOptions::default());
    let s = solve_within(&start, Limits { nodes: 1_000, ..Limits::default() });
    assert_eq!(s.value, None);
    assert!(s.nodes <= 1_100, "{}", s.nodes);
}

#[test]
fn settle_scores_small_boards_only() {
    // Late positions of Forms 4 × 4 and Attract 6 × 6: settled as minimax says.
    let mut settled = 0;
    for (spec, plies, depth) in
        [("forms:size=4", 6, 40), ("forms:rules=advanced,size=4", 4, 40), ("attract:size=6", 28, 12)]
    {
        for game in positions(spec, plies, 6) {
            let exact = match &game {
                rules::AnyGame::Forms(g) => minimax(g, depth),
                rules::AnyGame::Attract(g) => minimax(g, depth),
                _ => unreachable!(),
            };
            let got = settle_within(&game, 2_000_000);
            match (exact, got) {
                (_, None) if game.outcome().is_some() => {}
                (Some(v), Some(s)) => {
                    let want = match v {
                        Value::Win => SOLVED_WIN,
                        Value::Loss => -SOLVED_WIN,
                        Value::Draw => SOLVED_DRAW,
                    };
                    assert_eq!(s.score, want, "{spec} {}", game.position_text());
                    // A loss too has a move: the one that resists longest.
                    assert!(game.legal_moves().contains(&s.best), "{s:?}");
                    assert_eq!(s.pv.first(), Some(&s.best), "{s:?}");
                    settled += 1;
                }
                (None, _) => {}
                (Some(v), None) => panic!("{spec} {}: {v:?} not settled", game.position_text()),
            }
        }
    }
    assert!(settled >= 10, "{settled} settled");
    // Larger boards and other games are left to the searchers; so is a budget too small.
    for spec in ["forms:size=8", "attract:size=8", "loa", "ra"] {
        let game = spec.parse::<GameSpec>().unwrap().start();
        assert_eq!(settle_within(&game, 1_000_000), None, "{spec}");
    }
    // (The start itself is a solved start, answered from its proof.)
    let mut early = "forms:size=4".parse::<GameSpec>().unwrap().start();
    early.play_text("c1xb3").unwrap();
    assert_eq!(settle_within(&early, 100), None);
}

#[test]
fn settle_counts_by_the_games_rule() {
    // The ways of counting search differently (to the same verdicts, which
    // the tests above hold to minimax), and `settle` counts by the game's
    // own. `differed`: how many positions each way of counting searched
    // differently from the classic one.
    let (mut differed, mut checked) = ([0; EVERY_COUNTING.len()], 0);
    for (spec, plies) in [("attract:size=6", 22), ("forms:size=4", 3), ("forms:rules=advanced,size=4", 3)] {
        let own = Numbers::for_game(&spec.parse().unwrap());
        // `settle` keeps mirror images apart: no game's rule may ask otherwise.
        assert!(!own.symmetric, "{spec}");
        for game in positions(spec, plies, 6) {
            let searched = |numbers| {
                let limits = Limits { nodes: 500_000, numbers, ..Limits::default() };
                match &game {
                    rules::AnyGame::Attract(g) => solve_within(g, limits).nodes,
                    rules::AnyGame::Forms(g) => solve_within(g, limits).nodes,
                    _ => unreachable!(),
                }
            };
            let counts: Vec<u64> = EVERY_COUNTING.iter().map(|&n| searched(n)).collect();
            for (d, &c) in differed.iter_mut().zip(&counts) {
                *d += usize::from(c != counts[0]);
            }
            if let Some(s) = settle_within(&game, 500_000) {
                assert_eq!(s.nodes, searched(own), "{spec} {}", game.position_text());
                checked += 1;
            }
        }
    }
    assert!(differed[1..].iter().all(|&d| d >= 3) && checked >= 6, "{differed:?} differed, {checked} checked");
}

#[test]
fn mirror_images_are_searched_once() {
    // The 4 × 4 Forms starts are symmetric: with the images as one, the
    // solver finds the same values in fewer positions, and the root has
    // one move for each set of moves leading to images of each other.
    for spec in ["forms:size=4", "forms:rules=advanced,size=4"] {
        let parsed = spec.parse::<GameSpec>().unwrap();
        let GameSpec::Forms(options) = parsed else { unreachable!() };
        let start = Forms::new(options);
        let with = |symmetric, nodes| {
            let numbers = Numbers { symmetric, ..Numbers::for_game(&parsed) };
            solve_within(&start, Limits { nodes, numbers, memory_mb: 256, ..Limits::default() })
        };
        let (apart, one) = (with(false, 5_000_000), with(true, 5_000_000));
        assert_eq!(one.value, apart.value, "{spec}");
        assert!(
            one.value.is_some() && one.nodes * 3 < apart.nodes * 2,
            "{spec}: {} against {}",
            one.nodes,
            apart.nodes
        );
        // Stopped at once: the root's moves, one per set of images.
        let mut moves = Vec::new();
        start.legal_moves(&mut moves);
        let mut keys: Vec<u64> = moves
            .iter()
            .map(|&mv| {
                let mut child = start;
                child.play_unchecked(mv);
                child.symmetric_key()
            })
            .collect();
        keys.sort_unstable();
        keys.dedup();
        let progress = |symmetric| with(symmetric, 2).progress.unwrap();
        assert_eq!((progress(false).moves, progress(true).moves), (moves.len(), keys.len()), "{spec}");
        assert!(keys.len() * 2 <= moves.len(), "{spec}");
    }
}

#[test]
fn a_full_table_forgets_the_cheapest_entries_and_the_answers_stay_exact() {
    // A table of 16,384 entries, filled again and again: every answer
    // reached must be the one a roomy table gives (that one is checked
    // against minimax above), and so must the winning or drawing move.
    let (mut compared, mut crowded, mut draws, mut moves_checked) = (0, 0, 0, 0);
    let limits = Limits { nodes: 2_000_000, ..Limits::default() };
    let mut check =
        |(exact, small, roomy, after_best): (Option<Value>, Solution<String>, Solution<String>, Option<Value>)| {
            assert_eq!(roomy.forgets, 0);
            let (Some(exact), Some(value)) = (exact, small.value) else { return };
            assert_eq!(value, exact);
            // After the move (where the roomy solver settles the position
            // after it), the other side loses, or in a draw does not win.
            match (value, after_best) {
                (_, None) | (Value::Loss, _) => {}
                (Value::Win, after) => assert_eq!(after, Some(Value::Loss)),
                (Value::Draw, after) => assert!(matches!(after, Some(Value::Draw | Value::Loss)), "{after:?}"),
            }
            moves_checked += usize::from(after_best.is_some());
            draws += usize::from(value == Value::Draw);
            compared += 1;
            crowded += usize::from(small.forgets > 0);
        };
    fn run<G: Game>(g: &G, limits: Limits<'_>) -> (Option<Value>, Solution<String>, Solution<String>, Option<Value>) {
        let text = texts::<G::Move>;
        let roomy = solve_within(g, limits);
        let small = solve_in::<G, true, false>(g, limits, 16_384);
        // The value after the small table's move, for the other side.
        let after_best = small.best.and_then(|mv| {
            let mut child = g.clone();
            child.play_unchecked(mv);
            let v = solve_within(&child, limits).value?;
            Some(if child.to_move() == g.to_move() { flip(v) } else { v })
        });
        (roomy.value, text(small), text(roomy), after_best)
    }
    for (spec, plies, count) in
        [("forms:size=4", 1, 4), ("forms:rules=advanced,size=6", 8, 4), ("attract:size=6", 26, 8)]
    {
        for game in positions(spec, plies, count) {
            match game {
                rules::AnyGame::Forms(g) => check(run(&g, limits)),
                rules::AnyGame::Attract(g) => check(run(&g, limits)),
                _ => unreachable!(),
            }
        }
    }
    assert!(
        compared >= 8 && crowded >= 4 && draws >= 1 && moves_checked >= 6,
        "{compared} compared, {crowded} with a full table, {draws} draws, {moves_checked} moves checked"
    );
}

#[test]
fn the_table_stays_within_its_memory() {
    // Forms 4 × 4 from the start fills a 1 MB table (32,768 buckets,
    // 28,672 entries) many times; its buckets must never double.
    let rules::AnyGame::Forms(g) = "forms:size=4".parse::<GameSpec>().unwrap().start() else { unreachable!() };
    let limits = Limits { nodes: 1_500_000, memory_mb: 1, ..Limits::default() };
    let capacity = table_capacity(limits);
    assert_eq!(capacity, 28_672);
    let mut search = Search::<Forms, false>::new(g.to_move(), capacity, limits, 0.0);
    assert_eq!(search.run(&g), None);
    assert!(search.forgets >= 3, "{} forgets", search.forgets);
    assert!(search.table.capacity() <= capacity, "{}", search.table.capacity());
}

#[test]
fn a_small_budget_gets_a_small_table_and_never_fills_it() {
    // The table holds one entry for each position searched, so a budget of
    // N positions needs N + 1 entries whatever the memory allows: a search
    // that spends its whole budget in that table never forgets.
    let roomy = Limits { nodes: 5_000_000, memory_mb: 64, ..Limits::default() };
    assert_eq!(table_capacity(roomy), 1_835_008);
    let specs =
        [("forms:size=4", 0, 3_000), ("forms:rules=advanced,size=6", 4, 20_000), ("attract:size=6", 10, 50_000)];
    for (spec, plies, nodes) in specs {
        let limits = Limits { nodes, memory_mb: 64, ..Limits::default() };
        assert_eq!(table_capacity(limits), nodes as usize + 1);
        let mut spent = 0;
        for game in positions(spec, plies, 3) {
            fn spend<G: Game>(g: &G, limits: Limits<'_>) -> (u64, u64) {
                let s = solve_within(g, limits);
                (s.forgets, s.nodes)
            }
            let (forgets, searched) = match game {
                rules::AnyGame::Forms(g) => spend(&g, limits),
                rules::AnyGame::Attract(g) => spend(&g, limits),
                _ => unreachable!(),
            };
            assert_eq!(forgets, 0, "{spec}: {searched} positions");
            spent += usize::from(searched >= nodes);
        }
        // Not settled early: the whole budget went into the table.
        assert!(spent >= 1, "{spec}");
    }
}

#[test]
fn a_raised_stop_flag_ends_the_solver() {
    // Forms 4 × 4 from the start takes about a million positions; a stop
    // flag raised before the search ends it at its first poll.
    let rules::AnyGame::Forms(g) = "forms:size=4".parse::<GameSpec>().unwrap().start() else { unreachable!() };
    let stop = crate::StopFlag::new();
    stop.stop();
    let controls = Controls {
        budget: Budget::default(),
        clock: &NoClock,
        stop: Some(&stop),
        seed: 1,
        variety: crate::Variety::NONE,
    };
    let s = solve(&g, SolverConfig::default(), &controls);
    assert_eq!(s.value, None);
    assert!(s.nodes <= 1_024, "{} positions", s.nodes);
    // Not raised: the same search settles the position.
    let free = Controls { stop: Some(&crate::StopFlag::new()), ..controls };
    assert!(solve(&g, SolverConfig::default(), &free).value.is_some());
}

#[test]
fn the_solver_is_a_searcher() {
    // A won endgame of Lines of Action: the searcher's answer is the win.
    let loa: GameSpec = "loa".parse().unwrap();
    let rules::AnyGame::Loa(g) = loa.position("8/8/8/8/3x4/1x6/1x6/5o1o x").unwrap() else { unreachable!() };
    let eval = crate::eval::loa::LoaEval::default();
    let mut solver = Solver::default();
    let r = Searcher::search(&mut solver, &g, &eval, &Controls::budget(Budget::nodes(100_000)), &mut |_| {}).unwrap();
    assert_eq!(r.score, SOLVED_WIN);
    let mut after = g.clone();
    after.play_unchecked(r.best);
    assert!(after.outcome().is_some_and(|o| o.winner() == Some(rules::Player::Black)));
    // Not settled within the budget: no answer, as the trait allows.
    let start = Loa::new(rules::loa::LoaOptions::default());
    assert_eq!(
        Searcher::search(&mut solver, &start, &eval, &Controls::budget(Budget::nodes(1_000)), &mut |_| {}),
        None
    );
}

#[test]
fn lines_of_action_5x5_is_proven_without_a_repetition_and_a_draw_that_needs_one_says_so() {
    let loa = |spec: &str| {
        let rules::AnyGame::Loa(g) = spec.parse::<GameSpec>().unwrap().start() else { unreachable!() };
        g
    };
    let limits = |spec: &str| Limits {
        nodes: 3_000_000,
        memory_mb: 128,
        numbers: Numbers::for_game(&spec.parse().unwrap()),
        ..Limits::default()
    };
    // Black wins the 5×5 start; the proof, walked from the start to every
    // end by following each answer to an earlier proof, never repeats a position.
    let s = solve_within(&loa("loa:size=5"), limits("loa:size=5"));
    assert_eq!(s.value, Some(Value::Win));
    assert!(!s.repetition);
    let size = s.proof_size.unwrap();
    assert!(size.whole && !size.repeats && size.positions > 1_000, "{size:?}");
    // With the black hole on Scrambled Eggs, neither side wins without
    // repeating: answered as a draw that rests on a repetition.
    let spec = "loa:size=5,start=scrambled,hole=on";
    let s = solve_within(&loa(spec), limits(spec));
    assert_eq!((s.value, s.repetition), (Some(Value::Draw), true));
    // And it settles quickly (38,760 positions when measured).
    assert!(s.nodes < 300_000, "{} positions", s.nodes);
}
