//! How varied the computer's play is: for each level, `GAMES` fresh games
//! against the computer, each with its own random game seed as the browser
//! draws one, in which the person always plays the same way (a fixed,
//! unvaried player: level 3 with one seed and no variety, so the same
//! position always gets the same answer); counts the distinct lines the
//! games have after `PLIES` plies. It runs the app's own session and the
//! search worker's own `handle`, natively, so the seeds, the levels and the
//! variety are the browser's.
//!
//! `cargo run --release -p ludoteca-core --example variety [SPEC] [GAMES] [PLIES] [LEVELS]`
//! (defaults `loa 20 6 12345`).

use std::collections::BTreeSet;
use std::time::Instant;

use ludoteca_core::session::flow::Loaded;
use ludoteca_core::session::formats::url::{Route, decode};
use ludoteca_core::session::{Effect, Intent, Role, Session};
use ludoteca_core::worker::service::{WorkerState, handle};

struct Clock(Instant);

impl search::Clock for Clock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// Carries out the searches among `fx` in place of the page and its workers;
/// returns the effects their answers bring.
fn serve(session: &mut Session, worker: &mut WorkerState, clock: &Clock, fx: Vec<Effect>) -> Vec<Effect> {
    let mut next = Vec::new();
    for effect in fx {
        if let Effect::Search { role: Role::Computer, request, .. } = effect {
            let mut answers = Vec::new();
            handle(worker, request, clock, &mut |r| answers.push(r));
            for answer in answers {
                next.extend(session.apply(Intent::Answer(Role::Computer, answer)));
            }
        }
    }
    next
}

/// The person's move: always the same in the same position.
fn person(game: &rules::AnyGame) -> Option<rules::AnyMove> {
    let settings = search::levels::Level::CLUB.settings(&game.spec());
    let mut engine = search::AnyEngine::new(game.kind(), settings.setup);
    let controls = search::Controls::budget(settings.budget);
    engine.search(game, &controls, &mut |_| {}).map(|r| r.best)
}

/// One game to `plies` plies with `seed`; its moves.
fn game(spec: &str, level: u8, seed: u64, plies: usize) -> Vec<String> {
    let Route::Play { tree, seats, view, notices } = decode(&format!("?game={spec}&o=ai:{level}")) else {
        return Vec::new();
    };
    let mut session = Session::new(&tree.spec());
    let (mut worker, clock) = (WorkerState::default(), Clock(Instant::now()));
    let mut fx = session.apply(Intent::Load(Box::new(Loaded { tree, seats, view, notices, new_entry: false, seed })));
    // (Bounded: a computer that failed would leave the loop waiting.)
    for _ in 0..4 * plies {
        if session.tree().main_line().len() >= plies || session.tree().position().outcome().is_some() {
            break;
        }
        if session.thinking() {
            fx = serve(&mut session, &mut worker, &clock, fx);
            continue;
        }
        let Some(mv) = person(session.tree().position()) else { break };
        fx = session.apply(Intent::Play(mv));
    }
    session.tree().main_line_texts().into_iter().take(plies).collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spec = args.first().map_or("loa", String::as_str);
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let plies: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(6);
    let levels = args.get(3).map_or("12345", String::as_str);
    // The seeds stand for the browser's random ones: a fixed series, so a run can be repeated.
    let mut rng = search::rng::Rng::new(2026);
    println!("{spec}: {games} games per level, the person playing the same way; distinct lines after {plies} plies");
    for level in levels.bytes().map(|b| b - b'0') {
        let started = Instant::now();
        let lines: BTreeSet<Vec<String>> = (0..games).map(|_| game(spec, level, rng.next_u64(), plies)).collect();
        println!(
            "level {level}: {} distinct lines of {games} games ({:.0} s)",
            lines.len(),
            started.elapsed().as_secs_f64()
        );
    }
}
