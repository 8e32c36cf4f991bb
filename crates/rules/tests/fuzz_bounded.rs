//! The fuzzing invariants (`rules::checks`) on a seeded, bounded run of
//! random and mutated inputs: the stable, repeatable part of the fuzzing,
//! run by every `cargo test`. `LUDOTECA_FUZZ_CASES` and `LUDOTECA_FUZZ_SEED`
//! make a longer or different run (docs/testing.md, fuzzing).

use rules::checks;
use rules::loa::{Loa, LoaMove, LoaOptions};
use rules::{Game, GameSpec, MoveError, OptionError, OptionInfo, Outcome, Player, PositionError, RuleOptions};

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[test]
fn seeded_inputs_keep_every_invariant() {
    let cases = env_number("LUDOTECA_FUZZ_CASES", 8_000);
    let seed = env_number("LUDOTECA_FUZZ_SEED", 2026);
    match checks::run(seed, cases) {
        Ok(tally) => {
            println!("{tally:?}");
            assert_eq!(tally.cases, cases);
            // The run must reach the deep checks, not only the parsers' refusals.
            assert!(tally.accepted * 10 >= tally.positions, "too few positions accepted: {tally:?}");
            assert!(tally.played * 10 >= tally.moves, "too few moves played: {tally:?}");
        }
        Err(failure) => panic!("{failure}"),
    }
}

/// A defect to switch on in [`Faulty`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
enum Fault {
    #[default]
    None,
    /// The incremental hash is off by one bit.
    Hash,
    /// The move count is one more than the moves listed.
    Count,
    /// Position text reads back as the start position.
    ReadBack,
    /// No legal move, though the game goes on.
    NoMove,
}

/// Lines of Action with one defect, to show that the checks catch each kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct FaultyOptions {
    loa: LoaOptions,
    fault: Fault,
}

impl RuleOptions for FaultyOptions {
    const INFO: &'static [OptionInfo] = &[];
    fn set(&mut self, key: &str, _value: &str) -> Result<(), OptionError> {
        Err(OptionError::UnknownKey { key: key.to_owned(), known: Vec::new() })
    }
    fn get(&self, _key: &str) -> Option<String> {
        None
    }
}

#[derive(Clone, Debug)]
struct Faulty {
    loa: Loa,
    options: FaultyOptions,
}

impl Game for Faulty {
    type Move = LoaMove;
    type Options = FaultyOptions;
    fn new(options: FaultyOptions) -> Faulty {
        Faulty { loa: Loa::new(options.loa), options }
    }
    fn options(&self) -> &FaultyOptions {
        &self.options
    }
    fn to_move(&self) -> Player {
        self.loa.to_move()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.loa.outcome()
    }
    fn legal_moves(&self, moves: &mut Vec<LoaMove>) {
        self.loa.legal_moves(moves);
        if self.options.fault == Fault::NoMove {
            moves.clear();
        }
    }
    fn count_legal_moves(&self) -> usize {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.len() + usize::from(self.options.fault == Fault::Count)
    }
    fn play_unchecked(&mut self, mv: LoaMove) {
        self.loa.play_unchecked(mv);
    }
    fn hash(&self) -> u64 {
        self.loa.hash() ^ u64::from(self.options.fault == Fault::Hash)
    }
    fn hash_from_scratch(&self) -> u64 {
        self.loa.hash_from_scratch()
    }
    fn parse_move(&self, text: &str) -> Result<LoaMove, MoveError> {
        self.loa.parse_move(text)
    }
    fn position_text(&self) -> String {
        self.loa.position_text()
    }
    fn from_position_text(options: FaultyOptions, text: &str) -> Result<Faulty, PositionError> {
        let loa = match options.fault {
            Fault::ReadBack => Loa::new(options.loa),
            _ => Loa::from_position_text(options.loa, text)?,
        };
        Ok(Faulty { loa, options })
    }
    fn diagram(&self) -> String {
        self.loa.diagram()
    }
}

#[test]
fn each_kind_of_broken_invariant_is_reported() {
    let after_one_move = |fault| {
        let mut game = Faulty::new(FaultyOptions { fault, ..FaultyOptions::default() });
        game.loa.play_text("b1-b3").unwrap_or_else(|e| panic!("{e}"));
        game
    };
    assert_eq!(checks::check_game(&after_one_move(Fault::None)), Ok(()));
    for (fault, found) in [
        (Fault::Hash, "from scratch"),
        (Fault::Count, "counted"),
        (Fault::ReadBack, "reads back"),
        (Fault::NoMove, "legal moves"),
    ] {
        let failure = checks::check_game(&after_one_move(fault)).err().unwrap_or_default();
        assert!(failure.contains(found), "{fault:?}: {failure:?}");
    }
}

#[test]
fn a_long_refused_input_has_a_short_message() {
    let game = "loa".parse::<GameSpec>().unwrap_or_else(|e| panic!("{e}")).start();
    assert_eq!(checks::check_move_text(&game, &"b".repeat(100_000)), Ok(()));
    assert_eq!(checks::check_spec_text(&"loa:".repeat(40_000)), Ok(()));
    let spec = game.spec();
    assert_eq!(checks::check_position_text(&spec, &"1xxxxxx1/".repeat(20_000)).map(|g| g.is_none()), Ok(true));
}
