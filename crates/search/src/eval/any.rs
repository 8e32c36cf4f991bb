//! An evaluator for the game chosen at run time, with its weights in
//! reach: what the fitting of the weights to games' results reads
//! (`ludoteca fit`).

use rules::{AnyGame, GameKind, GameSpec};

use super::attract::AttractEval;
use super::forms::FormsEval;
use super::loa::LoaEval;
use super::ra::RaEval;
use super::{Evaluator, Weights};

/// One game's evaluator, with its tuned weights to start from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyEval {
    /// Attract's.
    Attract(AttractEval),
    /// Forms'.
    Forms(FormsEval),
    /// RA's.
    Ra(RaEval),
    /// Lines of Action's.
    Loa(LoaEval),
}

impl AnyEval {
    /// The evaluator of `game` with its tuned weights.
    #[must_use]
    pub fn new(game: GameKind) -> AnyEval {
        match game {
            GameKind::Attract => AnyEval::Attract(AttractEval::default()),
            GameKind::Forms => AnyEval::Forms(FormsEval::default()),
            GameKind::Ra => AnyEval::Ra(RaEval::default()),
            GameKind::Loa => AnyEval::Loa(LoaEval::default()),
        }
    }

    /// The evaluator of the game `spec` plays with the weights it plays
    /// there: on a Lines of Action board, that board's on every board (and
    /// under a Forms rule set, that rule set's under both), so
    /// that the weights read by name are the ones its positions use.
    #[must_use]
    pub fn for_spec(spec: &GameSpec) -> AnyEval {
        match spec {
            GameSpec::Loa(o) => AnyEval::Loa(LoaEval::uniform(LoaEval::default().size(o.size()))),
            GameSpec::Forms(o) => AnyEval::Forms(FormsEval::uniform(FormsEval::default().rules(o.rules))),
            _ => AnyEval::new(spec.kind()),
        }
    }

    /// Its weights, as the [`Weights`] of its game's evaluator.
    #[must_use]
    pub fn weights(&self) -> &dyn Weights {
        match self {
            AnyEval::Attract(e) => e,
            AnyEval::Forms(e) => e,
            AnyEval::Ra(e) => e,
            AnyEval::Loa(e) => e,
        }
    }

    /// Its weights, to change them.
    pub fn weights_mut(&mut self) -> &mut dyn Weights {
        match self {
            AnyEval::Attract(e) => e,
            AnyEval::Forms(e) => e,
            AnyEval::Ra(e) => e,
            AnyEval::Loa(e) => e,
        }
    }

    /// The evaluation of `position` for the side to move, or `None` when the
    /// game is over (the evaluation is not asked then) or is another game.
    #[must_use]
    pub fn evaluate(&self, position: &AnyGame) -> Option<i32> {
        if position.outcome().is_some() {
            return None;
        }
        match (self, position) {
            (AnyEval::Attract(e), AnyGame::Attract(p)) => Some(e.evaluate(p)),
            (AnyEval::Forms(e), AnyGame::Forms(p)) => Some(e.evaluate(p)),
            (AnyEval::Ra(e), AnyGame::Ra(p)) => Some(e.evaluate(p)),
            (AnyEval::Loa(e), AnyGame::Loa(p)) => Some(e.evaluate(p)),
            _ => None,
        }
    }
}

impl AnyEval {
    /// Whether `position` is quiet: no legal move there is one the
    /// quiescence search follows ([`Evaluator::is_tactical`]), so its static
    /// evaluation stands for the search's (what a fit to games' results
    /// reads best). `false` for another game's position.
    #[must_use]
    pub fn is_quiet(&self, position: &AnyGame) -> bool {
        fn quiet<G: rules::Game, E: Evaluator<G>>(eval: &E, position: &G) -> bool {
            let mut moves = Vec::new();
            position.legal_moves(&mut moves);
            !moves.into_iter().any(|mv| eval.is_tactical(position, mv))
        }
        match (self, position) {
            (AnyEval::Attract(e), AnyGame::Attract(p)) => quiet(e, p),
            (AnyEval::Forms(e), AnyGame::Forms(p)) => quiet(e, p),
            (AnyEval::Ra(e), AnyGame::Ra(p)) => quiet(e, p),
            (AnyEval::Loa(e), AnyGame::Loa(p)) => quiet(e, p),
            _ => false,
        }
    }
}

/// The weights of the evaluator inside.
impl Weights for AnyEval {
    fn names(&self) -> &'static [&'static str] {
        self.weights().names()
    }

    fn get(&self, name: &str) -> Option<i32> {
        self.weights().get(name)
    }

    fn set(&mut self, name: &str, value: i32) -> bool {
        self.weights_mut().set(name, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluates_its_own_game_only_and_not_a_finished_one() {
        let eval = AnyEval::new(GameKind::Loa);
        let loa: rules::GameSpec = "loa".parse().unwrap();
        assert_eq!(eval.evaluate(&loa.start()), Some(LoaEval::default().size(8).tempo));
        let forms: rules::GameSpec = "forms".parse().unwrap();
        assert_eq!(eval.evaluate(&forms.start()), None);
        let won = loa.position("8/8/8/8/8/1x6/1x6/5o1o o").unwrap();
        assert!(won.outcome().is_some());
        assert_eq!(eval.evaluate(&won), None);
    }

    #[test]
    fn a_position_with_a_capture_or_a_scoring_move_is_not_quiet() {
        let ra: rules::GameSpec = "ra".parse().unwrap();
        let eval = AnyEval::new(GameKind::Ra);
        assert!(eval.is_quiet(&ra.start()));
        // Played on, a game comes to a capture or a stack in reach of its RA
        // cell: that position is not quiet, and a move there is tactical.
        let mut game = ra.start();
        let mut loud = None;
        for _ in 0..200 {
            if game.outcome().is_some() {
                break;
            }
            if !eval.is_quiet(&game) {
                loud = Some(game.clone());
                break;
            }
            let first = game.legal_moves()[0];
            game.play_move(first).unwrap();
        }
        let loud = loud.expect("a position with a capture or a scoring move");
        let AnyGame::Ra(p) = &loud else { panic!("{loud:?}") };
        let mut moves = Vec::new();
        rules::Game::legal_moves(p, &mut moves);
        assert!(moves.iter().any(|&mv| RaEval::default().is_tactical(p, mv)));
        assert!(!AnyEval::new(GameKind::Loa).is_quiet(&ra.start()), "another game's position");
    }

    #[test]
    fn a_weight_set_changes_the_evaluation() {
        let mut eval = AnyEval::new(GameKind::Loa);
        let loa: rules::GameSpec = "loa".parse().unwrap();
        assert!(eval.weights_mut().set("tempo", 40));
        assert_eq!(eval.evaluate(&loa.start()), Some(40));
        assert_eq!(eval.weights().get("tempo"), Some(40));
    }
}
