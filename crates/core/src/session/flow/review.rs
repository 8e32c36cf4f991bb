//! Game review as a feature of the session: every position of the main
//! line searched at the review's node budget, spread over several workers,
//! the verdicts kept for the session (a second review, or one after a few
//! more moves, searches only what is new), and what the page shows of them.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use rules::{AnyGame, AnyMove, GameSpec, Player};
use search::review::{self, Mark, MoveReview, Summary, Verdict};

use super::requests::Requests;
use super::{Effect, ReviewIntent, Role};
use crate::session::model::tree::{GameTree, NodeId};
use crate::worker::protocol::{Purpose, Response};

/// The most review workers, whatever the machine has.
pub const MAX_REVIEW_WORKERS: usize = 4;

/// The seed of every review search: a review is the same every time.
const REVIEW_SEED: u64 = 1;

/// A review under way.
#[derive(Debug, Default)]
struct Reviewing {
    /// Main-line plies still to search, the next at the end.
    queue: Vec<usize>,
    /// Per worker: the search it runs (id, ply, the position's key and
    /// side to move, taken when it was sent: the game may change meanwhile).
    running: Vec<Option<(u64, usize, Key, Player)>>,
    /// Positions that failed once and were handed out again.
    retried: Vec<usize>,
    /// Plies to judge in all (including those already known).
    total: usize,
    /// Plies that could not be judged.
    failed: usize,
}

/// What the page shows of a review.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReviewView {
    /// Whether searches are still under way.
    pub running: bool,
    /// Positions judged (or given up on), and in all.
    pub done: usize,
    /// Positions in all.
    pub total: usize,
    /// Per main-line position (the start first): Black's win chance and the
    /// proven winner, if the position has been judged.
    pub points: Vec<Option<(f64, Option<Player>)>>,
    /// Per main-line move (the first move first): what the review says of it.
    pub moves: Vec<Option<MoveReview>>,
    /// Black's summary, then White's.
    pub summaries: [Summary; 2],
    /// The proven result of the position shown, in words.
    pub proven: Option<String>,
}

impl ReviewView {
    /// The mark of the main line's move `ply` (from 1).
    #[must_use]
    pub fn mark(&self, ply: usize) -> Option<Mark> {
        ply.checked_sub(1).and_then(|i| self.moves.get(i)).and_then(|m| m.as_ref()?.mark)
    }
}

/// The key of a position in the review's memory: the game and the
/// position's Zobrist hash (64 bits: a clash within one session is not a
/// practical concern).
type Key = (GameSpec, u64);

fn key(game: &AnyGame) -> Key {
    (game.spec(), game.hash())
}

/// The main line's nodes, the start first.
fn main_nodes(tree: &GameTree) -> Vec<NodeId> {
    let mut nodes = vec![NodeId::ROOT];
    nodes.extend(tree.main_line());
    nodes
}

/// The review's state.
#[derive(Debug, Default)]
pub(super) struct Review {
    /// Whether the review panel is open.
    on: bool,
    /// The review's searches under way.
    reviewing: Option<Reviewing>,
    /// The review's verdicts for the session, by position.
    verdicts: HashMap<Key, Verdict, BuildHasherDefault<search::solver::KeyHasher>>,
}

impl Review {
    pub(super) fn on(&self) -> bool {
        self.on
    }

    /// The verdict on a main-line position: known, or a finished game's.
    fn verdict_of(&self, tree: &GameTree, node: NodeId) -> Option<Verdict> {
        let game = tree.position_of(node);
        Verdict::finished(game).or_else(|| self.verdicts.get(&key(game)).cloned())
    }

    /// Carries out `intent`; for [`ReviewIntent::PlayBetter`], the move to
    /// play instead of the one shown, and where: the session plays it.
    pub(super) fn apply(
        &mut self,
        intent: ReviewIntent,
        tree: &GameTree,
        requests: &mut Requests,
        fx: &mut Vec<Effect>,
    ) -> Option<(NodeId, AnyMove)> {
        match intent {
            ReviewIntent::Start { workers } => self.start(workers, tree, requests, fx),
            ReviewIntent::Stop => self.stop(fx),
            ReviewIntent::Close => self.close(fx),
            ReviewIntent::PlayBetter => return self.better(tree),
            ReviewIntent::Verdicts(verdicts) => self.take_verdicts(tree, verdicts),
        }
        None
    }

    /// Starts reviewing the main line on `workers` workers (at least one, at
    /// most [`MAX_REVIEW_WORKERS`]); positions already judged are not searched again.
    fn start(&mut self, workers: usize, tree: &GameTree, requests: &mut Requests, fx: &mut Vec<Effect>) {
        self.stop(fx);
        self.on = true;
        let nodes = main_nodes(tree);
        // From the end back: the searches of later positions leave in each
        // worker's table what the earlier ones can use.
        let queue: Vec<usize> = (0..nodes.len()).filter(|&ply| self.verdict_of(tree, nodes[ply]).is_none()).collect();
        let workers = workers.clamp(1, MAX_REVIEW_WORKERS).min(queue.len().max(1));
        self.reviewing =
            Some(Reviewing { queue, running: vec![None; workers], total: nodes.len(), ..Reviewing::default() });
        for k in 0..workers {
            self.next(k, tree, requests, fx);
        }
        self.settle();
    }

    /// Hands worker `k` the next position, if any.
    fn next(&mut self, k: usize, tree: &GameTree, requests: &mut Requests, fx: &mut Vec<Effect>) {
        let nodes = main_nodes(tree);
        let Some(reviewing) = self.reviewing.as_mut() else { return };
        // A position the main line no longer reaches (moves deleted meanwhile) is skipped.
        let Some((ply, node)) =
            std::iter::from_fn(|| reviewing.queue.pop()).find_map(|ply| nodes.get(ply).map(|&n| (ply, n)))
        else {
            return;
        };
        let id = requests.next_id();
        let moves: Vec<AnyMove> = nodes[1..=ply].iter().filter_map(|&n| tree.move_of(n)).collect();
        let request = Requests::request(tree, id, Purpose::Review, moves, REVIEW_SEED);
        let time_limit_ms = Purpose::Review.time_limit_ms(&tree.spec());
        let position = tree.position_of(node);
        reviewing.running[k] = Some((id, ply, key(position), position.to_move()));
        fx.push(Effect::Search { role: Role::Reviewer(k as u8), request, time_limit_ms, delay_ms: 0 });
    }

    /// Whether the review's searches are under way.
    pub(super) fn running(&self) -> bool {
        self.reviewing.is_some()
    }

    /// Ends the review's searches once nothing is left to do.
    fn settle(&mut self) {
        if self.reviewing.as_ref().is_some_and(|r| r.queue.is_empty() && r.running.iter().all(Option::is_none)) {
            self.reviewing = None;
        }
    }

    /// Stops the review's searches (what they found is kept).
    pub(super) fn stop(&mut self, fx: &mut Vec<Effect>) {
        if let Some(reviewing) = self.reviewing.take() {
            for (k, running) in reviewing.running.iter().enumerate() {
                if running.is_some() {
                    fx.push(Effect::Stop(Role::Reviewer(k as u8)));
                }
            }
        }
    }

    /// Stops the searches and closes the panel.
    pub(super) fn close(&mut self, fx: &mut Vec<Effect>) {
        self.stop(fx);
        self.on = false;
    }

    /// A review worker answered: its verdict is kept, if it is for the
    /// search the worker runs, and the worker gets the next position.
    pub(super) fn answer(
        &mut self,
        k: usize,
        response: Response,
        tree: &GameTree,
        requests: &mut Requests,
        fx: &mut Vec<Effect>,
    ) {
        let Some(reviewing) = self.reviewing.as_mut() else { return };
        let Some(Some((running, _, key, to_move))) = reviewing.running.get(k).cloned() else { return };
        match response {
            Response::Done { id, best, score, .. } if id == running => {
                self.verdicts.insert(key, Verdict { to_move, score, best: Some(best) });
            }
            Response::Error { id, .. } if id == running => reviewing.failed += 1,
            _ => return,
        }
        if let Some(r) = self.reviewing.as_mut() {
            r.running[k] = None;
        }
        self.next(k, tree, requests, fx);
        self.settle();
    }

    /// A review worker crashed or hung: its position is tried once more.
    pub(super) fn failed(&mut self, k: usize, tree: &GameTree, requests: &mut Requests, fx: &mut Vec<Effect>) {
        let Some(reviewing) = self.reviewing.as_mut() else { return };
        let Some(Some((_, ply, _, _))) = reviewing.running.get_mut(k).map(Option::take) else { return };
        if reviewing.retried.contains(&ply) {
            reviewing.failed += 1;
        } else {
            reviewing.retried.push(ply);
            reviewing.queue.push(ply);
        }
        self.next(k, tree, requests, fx);
        self.settle();
    }

    /// What the page shows of the review, while its panel is open.
    pub(super) fn view(&self, tree: &GameTree) -> Option<ReviewView> {
        if !self.on {
            return None;
        }
        let nodes = main_nodes(tree);
        let verdicts: Vec<Option<Verdict>> = nodes.iter().map(|&n| self.verdict_of(tree, n)).collect();
        let played: Vec<Option<AnyMove>> = nodes[1..].iter().map(|&n| tree.move_of(n)).collect();
        let moves: Vec<Option<MoveReview>> = verdicts
            .windows(2)
            .zip(&played)
            .map(|(pair, played)| Some(review::review_move(pair[0].as_ref()?, (*played)?, pair[1].as_ref()?)))
            .collect();
        let known: Vec<MoveReview> = moves.iter().flatten().cloned().collect();
        let points = verdicts
            .iter()
            .map(|v| {
                let v = v.as_ref()?;
                let proven = Player::ALL.into_iter().find(|&p| v.proven_win_for(p));
                Some((v.chance_of(Player::Black), proven))
            })
            .collect();
        let done = match &self.reviewing {
            Some(r) => r.total - r.queue.len() - r.running.iter().flatten().count(),
            None => nodes.len(),
        };
        let shown = tree.position();
        let proven =
            Verdict::finished(shown).or_else(|| self.verdicts.get(&key(shown)).cloned()).and_then(|v| v.proven_text());
        Some(ReviewView {
            running: self.reviewing.is_some(),
            done,
            total: nodes.len(),
            points,
            moves,
            summaries: Player::ALL.map(|p| review::summary(&known, p)),
            proven,
        })
    }

    /// The searcher's better move in place of the move shown: where to play
    /// it (the position before the move shown) and the move, if the review
    /// judged that position and its move is legal there.
    fn better(&self, tree: &GameTree) -> Option<(NodeId, AnyMove)> {
        let parent = tree.parent(tree.cursor())?;
        let better = self.verdict_of(tree, parent)?.best?;
        tree.position_of(parent).is_legal(better).then_some((parent, better))
    }

    /// The verdicts known on positions of the main line (not finished
    /// games, whose result speaks for itself), for the record.
    pub(super) fn main_line_verdicts(&self, tree: &GameTree) -> Vec<(NodeId, Verdict)> {
        main_nodes(tree)
            .into_iter()
            .filter_map(|n| Some((n, self.verdicts.get(&key(tree.position_of(n)))?.clone())))
            .collect()
    }

    /// Takes in the verdicts a record carried, and shows the review. A
    /// verdict whose move is not legal in its position is dropped (the
    /// record reader checks them too).
    fn take_verdicts(&mut self, tree: &GameTree, verdicts: Vec<(NodeId, Verdict)>) {
        for (node, verdict) in verdicts {
            if node.index() >= tree.nodes().count() {
                continue;
            }
            let position = tree.position_of(node);
            if verdict.best.is_none_or(|mv| position.is_legal(mv)) {
                self.verdicts.insert(key(position), verdict);
            }
        }
        self.on = true;
    }
}
