//! Game review in the session: every position of the main line searched at
//! the review's node budget, spread over several workers, the verdicts kept
//! for the session (a second review, or one after a few more moves, searches
//! only what is new), and what the page shows of them.

use rules::{AnyGame, GameSpec, Player};
use search::review::{self, Mark, MoveReview, Summary, Verdict};

use super::{Effect, Engine, Session};
use crate::session::tree::NodeId;
use crate::worker::protocol::{Purpose, Request, Response};

/// The most review workers, whatever the machine has.
pub const MAX_REVIEW_WORKERS: usize = 4;

/// A review under way.
#[derive(Debug, Default)]
pub(super) struct Reviewing {
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
pub(super) type Key = (GameSpec, u64);

fn key(game: &AnyGame) -> Key {
    (game.spec(), game.hash())
}

impl Session {
    /// Whether the review panel is open.
    #[must_use]
    pub fn review_on(&self) -> bool {
        self.review_on
    }

    /// The main line's nodes, the start first.
    fn main_nodes(&self) -> Vec<NodeId> {
        let mut nodes = vec![NodeId::ROOT];
        nodes.extend(self.tree.main_line());
        nodes
    }

    /// The verdict on a main-line position: known, or a finished game's.
    fn verdict_of(&self, node: NodeId) -> Option<Verdict> {
        let game = self.tree.position_of(node);
        Verdict::finished(game).or_else(|| self.verdicts.get(&key(game)).cloned())
    }

    /// Starts reviewing the main line on `workers` workers (at least one, at
    /// most [`MAX_REVIEW_WORKERS`]); positions already judged are not searched again.
    pub(super) fn start_review(&mut self, workers: usize, fx: &mut Vec<Effect>) {
        self.stop_review(fx);
        self.review_on = true;
        let nodes = self.main_nodes();
        // From the end back: the searches of later positions leave in each
        // worker's table what the earlier ones can use.
        let queue: Vec<usize> = (0..nodes.len()).filter(|&ply| self.verdict_of(nodes[ply]).is_none()).collect();
        let workers = workers.clamp(1, MAX_REVIEW_WORKERS).min(queue.len().max(1));
        self.reviewing =
            Some(Reviewing { queue, running: vec![None; workers], total: nodes.len(), ..Reviewing::default() });
        for k in 0..workers {
            self.review_next(k, fx);
        }
        self.review_settle();
    }

    /// Hands worker `k` the next position, if any.
    fn review_next(&mut self, k: usize, fx: &mut Vec<Effect>) {
        let nodes = self.main_nodes();
        let Some(reviewing) = self.reviewing.as_mut() else { return };
        // A position the main line no longer reaches (moves deleted meanwhile) is skipped.
        let Some((ply, node)) =
            std::iter::from_fn(|| reviewing.queue.pop()).find_map(|ply| nodes.get(ply).map(|&n| (ply, n)))
        else {
            return;
        };
        self.next_id += 1;
        let id = self.next_id;
        let texts = self.tree.main_line_texts();
        let request = Request::Search {
            id,
            spec: self.tree.spec().to_string(),
            from: self.tree.from_text().map(str::to_owned),
            moves: texts[..ply.min(texts.len())].to_vec(),
            purpose: Purpose::Review,
            seed: 1,
        };
        let time_limit_ms = Purpose::Review.time_limit_ms(&self.tree.spec());
        let position = self.tree.position_of(node);
        reviewing.running[k] = Some((id, ply, key(position), position.to_move()));
        fx.push(Effect::Search { engine: Engine::Reviewer(k as u8), request, time_limit_ms, delay_ms: 0 });
    }

    /// Ends the review's searches once nothing is left to do.
    fn review_settle(&mut self) {
        if self.reviewing.as_ref().is_some_and(|r| r.queue.is_empty() && r.running.iter().all(Option::is_none)) {
            self.reviewing = None;
        }
    }

    /// Stops the review's searches (what they found is kept).
    pub(super) fn stop_review(&mut self, fx: &mut Vec<Effect>) {
        if let Some(reviewing) = self.reviewing.take() {
            for (k, running) in reviewing.running.iter().enumerate() {
                if running.is_some() {
                    fx.push(Effect::Stop(Engine::Reviewer(k as u8)));
                }
            }
        }
    }

    /// A review worker answered.
    pub(super) fn review_answer(&mut self, k: usize, response: Response, fx: &mut Vec<Effect>) {
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
        self.review_next(k, fx);
        self.review_settle();
    }

    /// A review worker crashed or hung: its position is tried once more.
    pub(super) fn review_failed(&mut self, k: usize, fx: &mut Vec<Effect>) {
        let Some(reviewing) = self.reviewing.as_mut() else { return };
        let Some(Some((_, ply, _, _))) = reviewing.running.get_mut(k).map(Option::take) else { return };
        if reviewing.retried.contains(&ply) {
            reviewing.failed += 1;
        } else {
            reviewing.retried.push(ply);
            reviewing.queue.push(ply);
        }
        self.review_next(k, fx);
        self.review_settle();
    }

    /// What the page shows of the review, while its panel is open.
    #[must_use]
    pub fn review(&self) -> Option<ReviewView> {
        if !self.review_on {
            return None;
        }
        let nodes = self.main_nodes();
        let verdicts: Vec<Option<Verdict>> = nodes.iter().map(|&n| self.verdict_of(n)).collect();
        let texts = self.tree.main_line_texts();
        let moves: Vec<Option<MoveReview>> = verdicts
            .windows(2)
            .zip(&texts)
            .map(|(pair, played)| Some(review::review_move(pair[0].as_ref()?, played, pair[1].as_ref()?)))
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
        let shown = self.tree.position();
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

    /// Plays the searcher's better move in place of the move shown, as a
    /// variation (or goes to it, if it is already there).
    pub(super) fn play_better(&mut self, fx: &mut Vec<Effect>) {
        let Some(parent) = self.tree.parent(self.tree.cursor()) else { return };
        let Some(better) = self.verdict_of(parent).and_then(|v| v.best) else { return };
        let Ok(mv) = self.tree.position_of(parent).parse_move(&better) else { return };
        self.tree.navigate(crate::session::tree::Nav::Node(parent));
        self.tree.play(mv);
        self.animation = None;
        self.position_changed(fx);
        self.write(fx);
    }

    /// The verdicts known on positions of the main line (not finished
    /// games, whose result speaks for itself), for the record.
    #[must_use]
    pub fn main_line_verdicts(&self) -> Vec<(NodeId, Verdict)> {
        self.main_nodes()
            .into_iter()
            .filter_map(|n| Some((n, self.verdicts.get(&key(self.tree.position_of(n)))?.clone())))
            .collect()
    }

    /// Takes in the verdicts a record carried, and shows the review.
    pub(super) fn take_verdicts(&mut self, verdicts: Vec<(NodeId, Verdict)>) {
        for (node, verdict) in verdicts {
            if node.index() < self.tree.nodes().count() {
                self.verdicts.insert(key(self.tree.position_of(node)), verdict);
            }
        }
        self.review_on = true;
    }
}
