//! Invariant checks for fuzzing: every parser, and random legal play from
//! any position the parsers accept. Built with the `checks` feature.
//!
//! The same functions serve the cargo-fuzz targets in `fuzz/` (which feed
//! them libFuzzer's inputs) and [`run`], a seeded, bounded run of random and
//! mutated inputs that the tests call on every `cargo test`.
//!
//! A check returns `Err` with a description when an invariant fails; a panic
//! inside the rules is a failure too. The invariants:
//! - no parser panics, and every error message is at most
//!   [`MESSAGE_LIMIT`] bytes however long the input, on one line, with no
//!   character that hides or reorders text (see `error::breaks_or_hides`);
//! - what a parser accepts it writes back in the same canonical form (specs,
//!   cells, moves);
//! - every legal move plays, and reads back from its notation;
//! - the position text of every position reached reads back to the same
//!   text, side to move, hash and outcome (a Lines of Action draw by
//!   repetition excepted: the count starts afresh from text);
//! - perft(1), the move count and the number of listed moves agree;
//! - a position is finished exactly when it has no move (a pass counts as a move);
//! - the incremental hash equals the hash computed from scratch;
//! - a refused move leaves the position untouched.

use std::fmt::Write as _;

use crate::any::{AnyGame, GameKind, GameSpec};
use crate::game::Game;
use crate::notation::{MAX_SQUARE_SIZE, cell_name, parse_cell};
use crate::outcome::EndReason;
use crate::perft;
use crate::ra::HexCell;

/// The longest error message any input may produce, in bytes.
pub const MESSAGE_LIMIT: usize = 400;

/// Moves of one position checked one by one; positions with more (Forms
/// standard starts with 26,244) have this many checked, spread over the list.
const MOVES_CHECKED: usize = 96;

/// A failed invariant, described.
pub type Failure = String;

fn fail<T>(what: impl Into<String>) -> Result<T, Failure> {
    Err(what.into())
}

/// Every game with a spread of its rule options: the specs the fuzz targets
/// and [`run`] choose from.
#[must_use]
pub fn specs() -> Vec<GameSpec> {
    [
        "loa",
        "loa:simultaneous=mover",
        "attract:size=6",
        "attract",
        "attract:size=20",
        "forms:size=4",
        "forms:size=6",
        "forms",
        "forms:rules=advanced,size=4",
        "forms:rules=advanced,size=8",
        "forms:rules=advanced",
        "ra",
        "ra:target=1,lead=1",
        "ra:target=20,lead=10,first=o",
    ]
    .iter()
    .filter_map(|s| s.parse().ok())
    .collect()
}

fn bounded(message: &str, input: &str) -> Result<(), Failure> {
    if message.len() > MESSAGE_LIMIT {
        return fail(format!("a {}-byte message for a {}-byte input: {message:.200}…", message.len(), input.len()));
    }
    if message.is_empty() {
        return fail(format!("an empty message for input {input:.100?}"));
    }
    if let Some(c) = message.chars().find(|&c| crate::error::breaks_or_hides(c)) {
        return fail(format!("the message holds U+{:04X} raw, for input {input:.100?}: {message:.200}", u32::from(c)));
    }
    Ok(())
}

/// Game spec text: accepted specs write back canonically, refused ones
/// have a short message.
///
/// # Errors
/// The failed invariant.
pub fn check_spec_text(text: &str) -> Result<(), Failure> {
    match text.parse::<GameSpec>() {
        Ok(spec) => {
            let written = spec.to_string();
            match written.parse::<GameSpec>() {
                Ok(again) if again == spec => Ok(()),
                other => fail(format!("spec {text:?} is written {written:?}, which reads as {other:?}")),
            }
        }
        Err(e) => bounded(&e.to_string(), text),
    }
}

/// Cell names on every square board size and the RA board: what reads, writes back the same.
///
/// # Errors
/// The failed invariant.
pub fn check_cell_text(text: &str) -> Result<(), Failure> {
    for size in 1..=MAX_SQUARE_SIZE {
        if let Some((file, rank)) = parse_cell(text, size)
            && cell_name(file, rank) != text
        {
            return fail(format!("cell {text:?} on {size}x{size} is written {}", cell_name(file, rank)));
        }
    }
    match HexCell::parse(text) {
        Some(cell) if cell.to_string() != text => fail(format!("RA cell {text:?} is written {cell}")),
        _ => Ok(()),
    }
}

/// Position text of `spec`: refused text has a short message; accepted
/// text gives a position that keeps every invariant, which is returned.
///
/// # Errors
/// The failed invariant.
pub fn check_position_text(spec: &GameSpec, text: &str) -> Result<Option<AnyGame>, Failure> {
    match spec.position(text) {
        Err(e) => bounded(&e.to_string(), text).map(|()| None),
        Ok(game) => {
            check_position(&game).map_err(|e| format!("{spec} from {text:?}: {e}"))?;
            Ok(Some(game))
        }
    }
}

/// Move text in `game`: a refused move leaves the game untouched and has a
/// short message; an accepted one is legal and written as it was given.
///
/// # Errors
/// The failed invariant.
pub fn check_move_text(game: &AnyGame, text: &str) -> Result<(), Failure> {
    let mut copy = game.clone();
    match copy.play_text(text) {
        Err(e) => {
            if copy != *game {
                return fail(format!("the refused move {text:?} changed {}", game.position_text()));
            }
            bounded(&e.to_string(), text)
        }
        Ok(written) => {
            if written != text {
                return fail(format!("move {text:?} is written {written:?}"));
            }
            if !game.legal_move_texts().contains(&written) {
                return fail(format!("move {text:?} was played but is not listed in {}", game.position_text()));
            }
            check_position(&copy).map_err(|e| format!("after {text}: {e}"))
        }
    }
}

/// Every invariant of one position (see the module documentation).
///
/// # Errors
/// The failed invariant.
pub fn check_position(game: &AnyGame) -> Result<(), Failure> {
    match game {
        AnyGame::Attract(g) => check_game(g),
        AnyGame::Forms(g) => check_game(g),
        AnyGame::Ra(g) => check_game(g),
        AnyGame::Loa(g) => check_game(g),
    }
}

/// Every invariant of one position of any [`Game`] (see the module documentation).
///
/// # Errors
/// The failed invariant.
pub fn check_game<G: Game>(g: &G) -> Result<(), Failure> {
    let here = || g.position_text();
    if g.hash() != g.hash_from_scratch() {
        return fail(format!("hash {:x} is {:x} from scratch in {}", g.hash(), g.hash_from_scratch(), here()));
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let counted = g.count_legal_moves();
    let bulk = perft::perft(g, 1);
    // Playing every move is the slow part; the long lists are sampled below.
    let played = if moves.len() <= 1_000 { perft::perft_played(g, 1) } else { bulk };
    if counted != moves.len() || bulk != moves.len() as u64 || played != bulk {
        return fail(format!(
            "{} moves listed, {counted} counted, perft(1) {bulk}, played {played} in {}",
            moves.len(),
            here()
        ));
    }
    if g.outcome().is_some() != moves.is_empty() {
        return fail(format!("outcome {:?} with {} legal moves in {}", g.outcome(), moves.len(), here()));
    }
    let pass_listed = moves.iter().any(|m| m.to_string() == "pass");
    if g.parse_move("pass").is_ok() != pass_listed {
        return fail(format!("\"pass\" is read differently from the move list in {}", here()));
    }
    reads_back(g)?;
    let step = moves.len().div_ceil(MOVES_CHECKED).max(1);
    for &mv in moves.iter().step_by(step) {
        let text = mv.to_string();
        if g.parse_move(&text) != Ok(mv) {
            return fail(format!("listed move {text} reads as {:?} in {}", g.parse_move(&text), here()));
        }
        let mut after = g.clone();
        if let Err(e) = after.play(mv) {
            return fail(format!("listed move {text} does not play ({e}) in {}", here()));
        }
        if after.hash() != after.hash_from_scratch() {
            return fail(format!("the hash drifted after {text} in {}", here()));
        }
        reads_back(&after).map_err(|e| format!("after {text} in {}: {e}", here()))?;
    }
    Ok(())
}

/// The position text of `g` reads back to the same text, side, hash and outcome.
fn reads_back<G: Game>(g: &G) -> Result<(), Failure> {
    let text = g.position_text();
    let again = match G::from_position_text(g.options().clone(), &text) {
        Ok(again) => again,
        Err(e) => return fail(format!("its own text {text:?} is refused: {e}")),
    };
    if again.position_text() != text || again.to_move() != g.to_move() || again.hash() != g.hash() {
        return fail(format!("{text:?} reads back as {:?}", again.position_text()));
    }
    let repetition = g.outcome().is_some_and(|o| o.reason() == EndReason::Repetition);
    if !repetition && again.outcome() != g.outcome() {
        return fail(format!("{text:?} reads back with outcome {:?}, not {:?}", again.outcome(), g.outcome()));
    }
    Ok(())
}

/// Plays up to `plies` moves from `game`, move `choices[i] % count` at ply
/// `i` (choices repeat when they run out), checking every position.
///
/// # Errors
/// The failed invariant, with the moves that led to it.
pub fn check_playout(game: &AnyGame, choices: &[u8], plies: usize) -> Result<(), Failure> {
    let mut game = game.clone();
    let mut line = String::new();
    for ply in 0..plies {
        check_position(&game).map_err(|e| format!("{e} (after moves:{line})"))?;
        let moves = game.legal_move_texts();
        if moves.is_empty() {
            return Ok(());
        }
        let choice = choices.get(ply % choices.len().max(1)).map_or(0, |&c| usize::from(c) + ply * 7);
        let mv = &moves[choice % moves.len()];
        let _ = write!(line, " {mv}");
        if let Err(e) = game.play_text(mv) {
            return fail(format!("listed move {mv} is refused: {e} (after moves:{line})"));
        }
    }
    check_position(&game).map_err(|e| format!("{e} (after moves:{line})"))
}

/// The checks' seeded generator ([`crate::rng::Rng`]), so a run is the same
/// every time. Its `below` takes a remainder, as the seeded runs have
/// always drawn their inputs.
#[derive(Clone, Debug)]
pub struct Rng(crate::rng::Rng);

impl Rng {
    /// A generator seeded with `seed`.
    #[must_use]
    pub const fn new(seed: u64) -> Rng {
        Rng(crate::rng::Rng::new(seed))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n`; 0 when `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next_u64() % n as u64) as usize }
    }

    /// One of `items` (which must not be empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// True once in `one_in` times on average.
    pub fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
}

/// Characters mutations insert: those of the notations, their neighbours,
/// separators, and a few that are not ASCII.
const ALPHABET: &[char] = &[
    'x', 'o', 'X', 'O', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '/', ' ', '-', '_', ':', ',', '=', 'a', 'b',
    'c', 'd', 'h', 'j', 'm', 'n', 't', 'u', 'z', 'p', 's', '+', '\t', '\n', '\0', 'é', '…', '٣', '\u{feff}',
];

/// `text` changed by one to four random edits: a character replaced,
/// inserted or deleted, a slice repeated, swapped, cut, or a number grown.
#[must_use]
pub fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=rng.below(4) {
        let at = rng.below(chars.len() + 1);
        match rng.below(9) {
            0 if at < chars.len() => chars[at] = *rng.pick(ALPHABET),
            1 => chars.insert(at, *rng.pick(ALPHABET)),
            2 if at < chars.len() => {
                chars.remove(at);
            }
            3 => {
                let end = (at + 1 + rng.below(12)).min(chars.len());
                let slice: Vec<char> = chars[at.min(end)..end].to_vec();
                for _ in 0..=rng.below(3) {
                    chars.splice(at..at, slice.iter().copied());
                }
            }
            4 if chars.len() > 1 => {
                let (last, other) = (chars.len() - 1, rng.below(chars.len()));
                chars.swap(at.min(last), other);
            }
            5 => chars.truncate(at),
            6 => {
                let digits = ["0", "00", "9", "99", "65535", "65536", "4294967296", "18446744073709551616"];
                chars.splice(at..at, rng.pick(&digits).chars());
            }
            7 => chars.insert(at, ' '),
            _ => chars.insert(at, '_'),
        }
    }
    chars.into_iter().collect()
}

/// A position of `spec` after a random number (up to `plies`) of random legal moves.
#[must_use]
pub fn random_position(spec: &GameSpec, plies: usize, rng: &mut Rng) -> AnyGame {
    let mut game = spec.start();
    let plies = rng.below(plies + 1);
    match &mut game {
        AnyGame::Attract(g) => random_moves(g, plies, rng),
        AnyGame::Forms(g) => random_moves(g, plies, rng),
        AnyGame::Ra(g) => random_moves(g, plies, rng),
        AnyGame::Loa(g) => random_moves(g, plies, rng),
    }
    game
}

fn random_moves<G: Game>(g: &mut G, plies: usize, rng: &mut Rng) {
    let mut moves = Vec::new();
    for _ in 0..plies {
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            return;
        }
        g.play_unchecked(*rng.pick(&moves));
    }
}

/// What a [`run`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Inputs checked in all.
    pub cases: u64,
    /// Position texts read, and how many of them were accepted.
    pub positions: u64,
    /// Position texts accepted (and then played from).
    pub accepted: u64,
    /// Move texts tried, and how many of them were played.
    pub moves: u64,
    /// Move texts played.
    pub played: u64,
    /// Spec and cell texts tried.
    pub specs_and_cells: u64,
}

/// A seeded, bounded run of `cases` inputs through every check: position
/// texts (reached by random play, then mostly mutated) with random play from
/// those accepted, move texts (legal, mutated and random), specs and cells.
///
/// # Errors
/// The first failed invariant, with the seed and case that found it.
pub fn run(seed: u64, cases: u64) -> Result<Tally, Failure> {
    let specs = specs();
    let mut tally = Tally::default();
    for case in 0..cases {
        let mut rng = Rng::new(seed ^ case.wrapping_mul(0xA076_1D64_78BD_642F));
        let spec = *rng.pick(&specs);
        let found = |e: Failure| format!("seed {seed}, case {case}, {spec}: {e}");
        tally.cases += 1;
        match case % 4 {
            // Position text, usually mutated, then random play from it.
            0 | 1 => {
                let game = random_position(&spec, 60, &mut rng);
                let mut text = game.position_text();
                if rng.below(5) > 0 {
                    text = mutate(&text, &mut rng);
                }
                tally.positions += 1;
                if let Some(read) = check_position_text(&spec, &text).map_err(found)? {
                    tally.accepted += 1;
                    let choices: Vec<u8> = (0..8).map(|_| rng.below(256) as u8).collect();
                    check_playout(&read, &choices, 12).map_err(|e| found(format!("from {text:?}: {e}")))?;
                }
            }
            // A move text: legal, mutated or random, in a random position.
            2 => {
                let game = random_position(&spec, 40, &mut rng);
                let moves = game.legal_move_texts();
                let text = match (rng.below(3), moves.is_empty()) {
                    (0, false) => rng.pick(&moves).clone(),
                    (1, false) => {
                        let legal = rng.pick(&moves).clone();
                        mutate(&legal, &mut rng)
                    }
                    _ => mutate(&random_move_shape(&spec, &mut rng), &mut rng),
                };
                tally.moves += 1;
                let before = game.legal_move_texts().contains(&text);
                check_move_text(&game, &text).map_err(|e| found(format!("in {}: {e}", game.position_text())))?;
                tally.played += u64::from(before);
            }
            // Spec and cell text.
            _ => {
                let text = mutate(&spec.to_string(), &mut rng);
                check_spec_text(&text).map_err(found)?;
                let cell = mutate(&cell_name(rng.below(22), rng.below(22)), &mut rng);
                check_cell_text(&cell).map_err(found)?;
                tally.specs_and_cells += 2;
            }
        }
    }
    Ok(tally)
}

/// A move-like text of the game of `spec`, not necessarily legal.
fn random_move_shape(spec: &GameSpec, rng: &mut Rng) -> String {
    let cell = |rng: &mut Rng| cell_name(rng.below(21), rng.below(21));
    let marker = |rng: &mut Rng| if rng.below(2) == 0 { '-' } else { 'x' };
    match spec.kind() {
        GameKind::Attract => cell(rng),
        GameKind::Forms | GameKind::Loa => format!("{}{}{}", cell(rng), marker(rng), cell(rng)),
        GameKind::Ra => format!("{}{}{}{}", 1 + rng.below(3), cell(rng), marker(rng), cell(rng)),
    }
}
