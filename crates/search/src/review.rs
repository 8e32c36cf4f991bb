//! Game review: the searcher's view of every position of a game, how much
//! win chance each move gave away, and the marks that follow from it.
//!
//! A position's evaluation is a [`Verdict`]: the score for the side to move
//! and the searcher's best move. A move's loss is the mover's win chance
//! before it less the mover's win chance after it (both from
//! [`crate::score::win_chance`], so a proven result counts as 0 or 1). The
//! marks, by that loss:
//!
//! | mark | loss of win chance |
//! |---|---|
//! | inaccuracy `?!` | at least [`INACCURACY`] |
//! | mistake `?` | at least [`MISTAKE`] |
//! | blunder `??` | at least [`BLUNDER`], or a proven win given away |
//!
//! The move the searcher itself chose is never marked: the differences
//! between two searches of neighbouring positions are noise, not a mistake.
//! On small boards ([`solver::settles_quickly`]) the solver settles what the
//! searcher leaves open within [`SOLVE_NODES`]; a move from a position the
//! solver settled is judged only against a settled position after it (a win
//! the solver proved has no length for an evaluation to fall short of).
//! The thresholds were tuned so that the searcher's own strongest moves are
//! almost never marked (docs/lab/tuning.md, review thresholds).

use rules::{AnyGame, AnyMove, GameSpec, Player};

use crate::any::{AnyEngine, EngineSetup, SearcherKind};
use crate::budget::{Budget, Controls};
use crate::levels::searcher_for;
use crate::score::{self, SOLVED_DRAW, SOLVED_WIN, is_proven, is_settled, win_chance};
use crate::solver;

/// A loss of win chance from which a move is an inaccuracy.
pub const INACCURACY: f64 = 0.10;
/// A loss of win chance from which a move is a mistake.
pub const MISTAKE: f64 = 0.20;
/// A loss of win chance from which a move is a blunder.
pub const BLUNDER: f64 = 0.30;

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// `?!`
    Inaccuracy,
    /// `?`
    Mistake,
    /// `??`
    Blunder,
}

impl Mark {
    /// The three marks, mildest first.
    pub const ALL: [Mark; 3] = [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];

    /// The mark as chess annotators write it.
    #[must_use]
    pub const fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// The mark in words.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// Reads a mark from its symbol.
    #[must_use]
    pub fn from_symbol(text: &str) -> Option<Mark> {
        Mark::ALL.into_iter().find(|m| m.symbol() == text)
    }
}

/// The searcher's view of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The player to move.
    pub to_move: Player,
    /// The score for the side to move (see [`crate::score`]).
    pub score: i32,
    /// The searcher's best move; `None` in a finished game.
    pub best: Option<AnyMove>,
}

impl Verdict {
    /// The verdict on a finished game: its result, no move.
    #[must_use]
    pub fn finished(game: &AnyGame) -> Option<Verdict> {
        let outcome = game.outcome()?;
        let to_move = game.to_move();
        Some(Verdict { to_move, score: score::terminal(outcome, to_move, 0), best: None })
    }

    /// The win chance of `player` (1 or 0 when proven).
    #[must_use]
    pub fn chance_of(&self, player: Player) -> f64 {
        let mine = win_chance(self.score);
        if player == self.to_move { mine } else { 1.0 - mine }
    }

    /// Whether `player` has a proven win.
    #[must_use]
    pub fn proven_win_for(&self, player: Player) -> bool {
        is_proven(self.score) && (self.score > 0) == (player == self.to_move)
    }

    /// The result in words when it is settled: `Black wins in 7 (proven)`,
    /// counted in moves of both sides from this position; a finished game's
    /// result reads `Black has won`; what the solver settled reads `Black
    /// wins with perfect play` or `A draw with perfect play`.
    #[must_use]
    pub fn proven_text(&self) -> Option<String> {
        if self.score == SOLVED_DRAW {
            return Some("A draw with perfect play".to_owned());
        }
        let winner = if self.score > 0 { self.to_move } else { self.to_move.opponent() };
        if self.score.abs() == SOLVED_WIN {
            return Some(format!("{winner} wins with perfect play"));
        }
        let n = score::plies_to_end(self.score)?.unsigned_abs();
        Some(if n == 0 { format!("{winner} has won") } else { format!("{winner} wins in {n} (proven)") })
    }

    /// Whether the solver settled this position (as opposed to a search
    /// proving a counted win or loss, or a finished game).
    #[must_use]
    pub fn solved(&self) -> bool {
        self.score == SOLVED_DRAW || self.score.abs() == SOLVED_WIN
    }
}

/// What the review says of one move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// Who played it.
    pub mover: Player,
    /// The mover's win chance before the move and after it.
    pub before: f64,
    /// The mover's win chance after it.
    pub after: f64,
    /// How much win chance the move gave away (0 for the searcher's own choice).
    pub loss: f64,
    /// The mark, if the move earns one.
    pub mark: Option<Mark>,
    /// The searcher's move, when the played move is marked.
    pub better: Option<AnyMove>,
}

/// The mark for a loss of win chance; a proven win given away is a blunder.
#[must_use]
pub fn classify(loss: f64, threw_away_proven_win: bool) -> Option<Mark> {
    if threw_away_proven_win || loss >= BLUNDER {
        Some(Mark::Blunder)
    } else if loss >= MISTAKE {
        Some(Mark::Mistake)
    } else if loss >= INACCURACY {
        Some(Mark::Inaccuracy)
    } else {
        None
    }
}

/// Reviews `played`, the move between the positions judged `before` and `after`.
#[must_use]
pub fn review_move(before: &Verdict, played: AnyMove, after: &Verdict) -> MoveReview {
    let mover = before.to_move;
    let (chance_before, chance_after) = (before.chance_of(mover), after.chance_of(mover));
    // The searcher's own move, or a move from a solved position to one
    // nobody settled: nothing to hold against the move.
    let unjudged = before.best == Some(played) || (before.solved() && !is_settled(after.score));
    let loss = if unjudged { 0.0 } else { (chance_before - chance_after).max(0.0) };
    let threw = !unjudged && before.proven_win_for(mover) && !after.proven_win_for(mover);
    let mark = classify(loss, threw);
    MoveReview { mover, before: chance_before, after: chance_after, loss, mark, better: mark.and(before.best) }
}

/// Reviews every move of a game: `verdicts` holds one verdict per position
/// (the start, then after each move), `moves` the moves between them.
#[must_use]
pub fn review_moves(verdicts: &[Verdict], moves: &[AnyMove]) -> Vec<MoveReview> {
    verdicts.windows(2).zip(moves).map(|(pair, &played)| review_move(&pair[0], played, &pair[1])).collect()
}

/// One player's review in numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// Moves played.
    pub moves: usize,
    /// Inaccuracies, mistakes and blunders, in that order.
    pub marks: [usize; 3],
    /// The average loss of win chance per move, 0 to 1.
    pub average_loss: f64,
}

/// The summary of `player`'s moves.
#[must_use]
pub fn summary(reviews: &[MoveReview], player: Player) -> Summary {
    let mut s = Summary::default();
    let mut total = 0.0;
    for r in reviews.iter().filter(|r| r.mover == player) {
        s.moves += 1;
        total += r.loss;
        if let Some(mark) = r.mark {
            s.marks[mark as usize] += 1;
        }
    }
    if s.moves > 0 {
        s.average_loss = total / s.moves as f64;
    }
    s
}

/// How a review searches: the engine the game's strongest level uses, and a
/// fixed budget of nodes (playouts for MCTS) per position, so a review is
/// the same every time and takes about the same time in every game.
#[must_use]
pub fn settings(spec: &GameSpec) -> (EngineSetup, Budget) {
    let kind = searcher_for(spec);
    let budget = match (kind, spec) {
        // MCTS's evaluations are noisy on small boards at a few thousand
        // playouts (its root value is the best child's, which flatters the
        // side to move); playouts there are cheap.
        (SearcherKind::Mcts, GameSpec::Forms(o)) if o.size <= 10 => Budget::nodes(20_000),
        (SearcherKind::Mcts, _) => Budget::nodes(3_000),
        (_, GameSpec::Attract(o)) if o.size >= 12 => Budget::nodes(40_000),
        (_, GameSpec::Forms(o)) if o.size >= 12 => Budget::nodes(40_000),
        // RA's positions are quick to search, and its evaluation swings:
        // more nodes keep the marks honest (docs/lab/tuning.md, review thresholds).
        (_, GameSpec::Ra(_)) => Budget::nodes(300_000),
        _ => Budget::nodes(100_000),
    };
    let reductions = kind == SearcherKind::AlphaBeta && matches!(spec, GameSpec::Loa(_));
    (
        EngineSetup {
            searcher: kind,
            memory_mb: 16,
            noise: 0,
            reductions,
            threads: 1,
            share: crate::split::Share::ALL,
        },
        budget,
    )
}

/// The solver's budget per position of a review, in positions searched, on
/// boards where it [settles positions quickly](solver::settles_quickly).
pub const SOLVE_NODES: u64 = 50_000;

/// Completes a searched verdict with the solver's, within [`SOLVE_NODES`],
/// when the search proved nothing: the solver's result, and its move
/// unless the position is lost (then the searcher's move resists best).
pub fn settle(game: &AnyGame, verdict: &mut Verdict) {
    if is_proven(verdict.score) {
        return;
    }
    let Some(s) = solver::settle(game, 16, &Controls::budget(Budget::nodes(SOLVE_NODES))) else {
        return;
    };
    verdict.score = s.score;
    // Lost: every move loses, and the searcher's resists best.
    if s.score != -SOLVED_WIN {
        verdict.best = Some(s.best);
    }
}

/// The verdict on `game` (searched with `engine` within `budget`, then
/// [settled](settle) where the solver can, unless the game is over).
///
/// The engine forgets what it learnt before each position ([`AnyEngine::clear`]),
/// so a verdict depends only on the position, the budget and the seed — not
/// on which positions the engine searched before, nor in which order. The
/// app's review, spread over several workers in any order, does the same,
/// and gives the same marks as `ludoteca review`.
pub fn judge(game: &AnyGame, engine: &mut AnyEngine, budget: Budget) -> Option<Verdict> {
    if let Some(verdict) = Verdict::finished(game) {
        return Some(verdict);
    }
    engine.clear();
    let result = engine.search(game, &Controls::budget(budget), &mut |_| {})?;
    let mut verdict = Verdict { to_move: game.to_move(), score: result.score, best: Some(result.best) };
    settle(game, &mut verdict);
    Some(verdict)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::WIN;

    /// A distinct move for each letter: an Attract stone on that file of rank 1.
    fn mv(name: &str) -> AnyMove {
        let file = name.as_bytes()[0] - b'a';
        AnyMove::Attract(rules::attract::AttractMove(rules::notation::Cell { file, rank: 0 }))
    }

    fn verdict(to_move: Player, score: i32, best: &str) -> Verdict {
        Verdict { to_move, score, best: Some(mv(best)) }
    }

    #[test]
    fn marks_follow_the_loss_of_win_chance() {
        assert_eq!(classify(0.0, false), None);
        assert_eq!(classify(INACCURACY - 0.001, false), None);
        assert_eq!(classify(INACCURACY, false), Some(Mark::Inaccuracy));
        assert_eq!(classify(MISTAKE, false), Some(Mark::Mistake));
        assert_eq!(classify(BLUNDER, false), Some(Mark::Blunder));
        assert_eq!(classify(0.0, true), Some(Mark::Blunder));
        assert_eq!(Mark::ALL.map(Mark::symbol), ["?!", "?", "??"]);
        assert_eq!(Mark::from_symbol("?"), Some(Mark::Mistake));
        assert_eq!(Mark::from_symbol("!?"), None);
    }

    #[test]
    fn a_move_is_judged_from_the_movers_side() {
        // Black at +0 (50%) plays a move after which White, to move, is at +3.00 (73%): Black lost 23%.
        let r = review_move(&verdict(Player::Black, 0, "a"), mv("b"), &verdict(Player::White, 300, "c"));
        assert_eq!(r.mover, Player::Black);
        assert!((r.loss - 0.231).abs() < 0.001, "{r:?}");
        assert_eq!(r.mark, Some(Mark::Mistake));
        assert_eq!(r.better, Some(mv("a")));
        // A move that improves on the first verdict loses nothing.
        let r = review_move(&verdict(Player::Black, 0, "a"), mv("b"), &verdict(Player::White, -300, "c"));
        assert_eq!((r.loss, r.mark, r.better), (0.0, None, None));
    }

    #[test]
    fn the_searchers_own_move_is_never_marked() {
        let r = review_move(&verdict(Player::Black, 300, "a"), mv("a"), &verdict(Player::White, 600, "c"));
        assert_eq!((r.loss, r.mark), (0.0, None));
    }

    #[test]
    fn throwing_away_a_proven_win_is_a_blunder() {
        // Black wins in 5; after the move White's score is only -9.00: Black is still far ahead, but not proven.
        let before = verdict(Player::Black, WIN - 5, "a");
        let r = review_move(&before, mv("b"), &verdict(Player::White, -900, "c"));
        assert!(r.loss < BLUNDER, "the loss alone is small: {}", r.loss);
        assert_eq!(r.mark, Some(Mark::Blunder));
        // Keeping the proven win by another way is no mistake.
        let r = review_move(&before, mv("b"), &verdict(Player::White, -(WIN - 3), "c"));
        assert_eq!(r.mark, None);
        // From a proven loss nothing more can be lost.
        let r = review_move(&verdict(Player::Black, -(WIN - 4), "a"), mv("b"), &verdict(Player::White, WIN - 1, "c"));
        assert_eq!(r.mark, None);
    }

    #[test]
    fn moves_from_solved_positions_are_judged_against_settled_ones() {
        let won = verdict(Player::Black, SOLVED_WIN, "a");
        // To a position the solver did not settle: unknown, not a blunder.
        let r = review_move(&won, mv("b"), &verdict(Player::White, 200, "c"));
        assert_eq!((r.loss, r.mark), (0.0, None));
        // To a solved draw, or to a win for the other side: the win was thrown away.
        let r = review_move(&won, mv("b"), &verdict(Player::White, SOLVED_DRAW, "c"));
        assert_eq!((r.loss, r.mark, r.better), (0.5, Some(Mark::Blunder), Some(mv("a"))));
        let r = review_move(&won, mv("b"), &verdict(Player::White, SOLVED_WIN, "c"));
        assert_eq!(r.mark, Some(Mark::Blunder));
        // Keeping the win, counted or not, is no mistake.
        for after in [-SOLVED_WIN, -(WIN - 5)] {
            assert_eq!(review_move(&won, mv("b"), &verdict(Player::White, after, "c")).mark, None);
        }
        // From a solved draw to a solved loss.
        let r =
            review_move(&verdict(Player::Black, SOLVED_DRAW, "a"), mv("b"), &verdict(Player::White, SOLVED_WIN, "c"));
        assert_eq!((r.loss, r.mark), (0.5, Some(Mark::Blunder)));
    }

    #[test]
    fn the_solver_settles_what_the_search_leaves_open_on_small_boards() {
        // The start of Forms advanced 4 × 4: solved within the review's budget (about 30,000 positions).
        let spec: GameSpec = "forms:rules=advanced,size=4".parse().unwrap();
        let game = spec.start();
        let mut v = Verdict { to_move: game.to_move(), score: 35, best: Some(mv("x")) };
        settle(&game, &mut v);
        assert_eq!(v.proven_text().as_deref(), Some("Black wins with perfect play"));
        assert!(game.legal_moves().contains(&v.best.unwrap()), "{v:?}");
        // A counted result is kept; other games are left alone.
        let mut counted = Verdict { score: -(WIN - 3), ..v.clone() };
        settle(&game, &mut counted);
        assert_eq!(counted.score, -(WIN - 3));
        let loa: GameSpec = "loa".parse().unwrap();
        let mut open = Verdict { to_move: Player::Black, score: 10, best: None };
        settle(&loa.start(), &mut open);
        assert_eq!(open.score, 10);
    }

    #[test]
    fn proven_results_in_words() {
        assert_eq!(verdict(Player::Black, WIN - 7, "a").proven_text().as_deref(), Some("Black wins in 7 (proven)"));
        assert_eq!(verdict(Player::Black, -(WIN - 2), "a").proven_text().as_deref(), Some("White wins in 2 (proven)"));
        assert_eq!(verdict(Player::White, 150, "a").proven_text(), None);
        // A game already won: the sign says who won.
        assert_eq!(verdict(Player::White, WIN, "a").proven_text().as_deref(), Some("White has won"));
        assert_eq!(verdict(Player::White, -WIN, "a").proven_text().as_deref(), Some("Black has won"));
        // Settled by the solver, without a length.
        assert_eq!(
            verdict(Player::White, -SOLVED_WIN, "a").proven_text().as_deref(),
            Some("Black wins with perfect play")
        );
        assert_eq!(verdict(Player::White, SOLVED_DRAW, "a").proven_text().as_deref(), Some("A draw with perfect play"));
        assert!(verdict(Player::White, SOLVED_DRAW, "a").solved() && !verdict(Player::White, WIN - 2, "a").solved());
    }

    #[test]
    fn summaries_count_marks_and_average_the_loss() {
        let v = [
            verdict(Player::Black, 0, "a"),
            verdict(Player::White, 300, "a"),
            verdict(Player::Black, 0, "a"),
            verdict(Player::White, WIN - 1, "a"),
        ];
        let moves = [mv("x"), mv("a"), mv("y")];
        let reviews = review_moves(&v, &moves);
        assert_eq!(reviews.len(), 3);
        let black = summary(&reviews, Player::Black);
        assert_eq!(black.moves, 2);
        assert_eq!(black.marks, [0, 1, 1]);
        let white = summary(&reviews, Player::White);
        assert_eq!((white.moves, white.marks, white.average_loss), (1, [0, 0, 0], 0.0));
    }

    #[test]
    fn a_finished_game_is_judged_without_a_search() {
        // Lines of Action: Black's two stones are connected, White's are not.
        let game = "loa".parse::<GameSpec>().unwrap().position("xx6/8/8/8/8/8/8/o1o5 o").unwrap();
        let (setup, budget) = settings(&game.spec());
        let mut engine = AnyEngine::new(game.spec().kind(), setup);
        let v = judge(&game, &mut engine, budget).unwrap();
        assert_eq!(v.best, None);
        assert_eq!(v.proven_text().as_deref(), Some("Black has won"));
    }
}
