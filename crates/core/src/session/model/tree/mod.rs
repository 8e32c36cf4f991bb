//! A game as a tree of moves: the main line, and variations branching from
//! any position. A move played away from the end of a line starts a
//! variation and keeps the line it left; a move already there is followed
//! instead of added twice. The cursor is a node; the board shows its position.
//!
//! Each node keeps the position after its move, so moving the cursor costs
//! nothing. Nodes live in one vector; deleting a branch rebuilds it.

use rules::{AnyGame, AnyMove, BadMove, GameSpec, Outcome, Player, PositionError};

use super::challenge::Challenge;
use super::clock::Clock;
use super::ending::Ending;
use super::friend::Friend;
use super::info::{GameInfo, Mark};

/// A node of the tree: an index, 0 being the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(usize);

impl NodeId {
    /// The start of the game.
    pub const ROOT: NodeId = NodeId(0);

    /// The node's place in the tree's order (the start is 0).
    #[must_use]
    pub const fn index(self) -> usize {
        self.0
    }

    /// The node at `index` in the tree's order; a tree treats an index it
    /// does not have as no move at all.
    #[must_use]
    pub const fn from_index(index: usize) -> NodeId {
        NodeId(index)
    }
}

/// A step through the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nav {
    /// To the start.
    First,
    /// One move back.
    Back,
    /// One move forward, along the line shown.
    Forward,
    /// To the end of the line shown.
    Last,
    /// To the previous variation at the nearest branch.
    Up,
    /// To the next variation at the nearest branch.
    Down,
    /// To this many moves along the main line (clamped to its end).
    To(usize),
    /// To this node.
    Node(NodeId),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Node {
    /// The move that led here; `None` at the start.
    mv: Option<AnyMove>,
    parent: Option<NodeId>,
    /// The first child continues the line; the others are its variations.
    children: Vec<NodeId>,
    /// The position after the move.
    position: AnyGame,
    /// A comment on the move.
    comment: Option<String>,
    /// Its mark (`!`, `??`, …).
    mark: Option<Mark>,
    /// Arrows and circles drawn on it, as text (`crate::session::model::shapes`).
    shapes: Option<String>,
}

/// A game's moves as a tree, and the cursor in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameTree {
    nodes: Vec<Node>,
    /// Text of the start position when it is not the game's initial position.
    from: Option<String>,
    cursor: NodeId,
    /// How the main line ended when the rules did not end it (a
    /// resignation, a draw agreed, a flag fall); dropped if the main line
    /// changes.
    ending: Option<Ending>,
    /// The game's random seed: the computer's moves are drawn from it, so
    /// the same seed and the same moves of the person give the same game.
    seed: Option<u64>,
    /// The clocks, in a timed game: the time each player had left at the
    /// last move or save.
    clock: Option<Clock>,
    /// Who played, where, when (boxed: most games have none, and a tree
    /// travels inside messages and routes).
    info: Box<GameInfo>,
    /// The position's solution, when the game is a challenge ("Black to
    /// play and win").
    challenge: Option<Box<Challenge>>,
    /// The game with a distant friend this is, if it is one.
    friend: Option<Box<Friend>>,
}

/// How a game ended: by its rules, or otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// The rules ended it.
    Rules(Outcome),
    /// A resignation, an agreement, a clock.
    Other(Ending),
}

impl Finish {
    /// The winner, or `None` for a draw.
    #[must_use]
    pub fn winner(self) -> Option<Player> {
        match self {
            Finish::Rules(o) => o.winner(),
            Finish::Other(e) => e.winner(),
        }
    }
}

impl GameTree {
    /// A tree holding only `start`; `from` is its position text when it is
    /// not the initial position of its game.
    #[must_use]
    pub fn new(start: AnyGame, from: Option<String>) -> GameTree {
        let root = Node {
            mv: None,
            parent: None,
            children: Vec::new(),
            position: start,
            comment: None,
            mark: None,
            shapes: None,
        };
        GameTree {
            nodes: vec![root],
            from,
            cursor: NodeId::ROOT,
            ending: None,
            seed: None,
            clock: None,
            info: Box::default(),
            challenge: None,
            friend: None,
        }
    }

    /// The game `spec` from `from` (position text) or its usual start, with
    /// `moves` as its main line and the cursor at the end. A bad move stops
    /// the line: the tree holds the moves before it, and the bad move is
    /// returned beside it.
    ///
    /// # Errors
    /// Why the start position text cannot be read.
    pub fn replay<'a>(
        spec: &GameSpec,
        from: Option<&str>,
        moves: impl IntoIterator<Item = &'a str>,
    ) -> Result<(GameTree, Option<BadMove>), PositionError> {
        let start = match from {
            Some(text) => spec.position(text)?,
            None => spec.start(),
        };
        let mut tree = GameTree::new(start.clone(), from.map(str::to_owned));
        let result = start.replay(moves, |mv, after| {
            let node = tree.add_child(tree.cursor, mv, after.clone());
            tree.cursor = node;
        });
        Ok((tree, result.err()))
    }

    fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0]
    }

    fn add_child(&mut self, parent: NodeId, mv: AnyMove, position: AnyGame) -> NodeId {
        let id = NodeId(self.nodes.len());
        self.nodes.push(Node {
            mv: Some(mv),
            parent: Some(parent),
            children: Vec::new(),
            position,
            comment: None,
            mark: None,
            shapes: None,
        });
        self.nodes[parent.0].children.push(id);
        id
    }

    /// The child of `at` reached by `mv`, added as `at`'s last variation
    /// when the tree does not have it yet; `None` when `mv` is not legal
    /// there. The cursor stays where it was.
    pub fn child_or_add(&mut self, at: NodeId, mv: AnyMove) -> Option<NodeId> {
        let known = self.nodes.get(at.0)?.children.iter().find(|&&c| self.node(c).mv == Some(mv));
        if let Some(&known) = known {
            return Some(known);
        }
        let mut next = self.position_of(at).clone();
        next.play_move(mv).ok()?;
        Some(self.add_child(at, mv, next))
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &AnyGame {
        &self.node(NodeId::ROOT).position
    }

    /// The game and its rule options.
    #[must_use]
    pub fn spec(&self) -> GameSpec {
        self.start().spec()
    }

    /// The start position text, if the game did not start from the initial position.
    #[must_use]
    pub fn from_text(&self) -> Option<&str> {
        self.from.as_deref()
    }

    /// The node the board shows.
    #[must_use]
    pub fn cursor(&self) -> NodeId {
        self.cursor
    }

    /// The position at the cursor.
    #[must_use]
    pub fn position(&self) -> &AnyGame {
        &self.node(self.cursor).position
    }

    /// The position at `node`.
    #[must_use]
    pub fn position_of(&self, node: NodeId) -> &AnyGame {
        &self.node(node).position
    }

    /// The move that led to `node` (`None` at the start).
    #[must_use]
    pub fn move_of(&self, node: NodeId) -> Option<AnyMove> {
        self.node(node).mv
    }

    /// The move that led to the position at the cursor.
    #[must_use]
    pub fn last_move(&self) -> Option<AnyMove> {
        self.move_of(self.cursor)
    }

    /// The position before the cursor's move (`None` at the start).
    #[must_use]
    pub fn before_cursor(&self) -> Option<&AnyGame> {
        self.parent(self.cursor).map(|p| self.position_of(p))
    }

    /// The node `node` came from (`None` at the start).
    #[must_use]
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        self.node(node).parent
    }

    /// The moves that may follow `node`: its line first, then its variations.
    #[must_use]
    pub fn children(&self, node: NodeId) -> &[NodeId] {
        &self.node(node).children
    }

    /// The comment on the move that led to `node`.
    #[must_use]
    pub fn comment(&self, node: NodeId) -> Option<&str> {
        self.node(node).comment.as_deref()
    }

    /// Sets (or, with `None` or an empty text, removes) the comment on `node`.
    pub fn set_comment(&mut self, node: NodeId, comment: Option<String>) {
        self.nodes[node.0].comment = comment.filter(|c| !c.trim().is_empty());
    }

    /// The arrows and circles drawn on `node`, as text.
    #[must_use]
    pub fn shapes(&self, node: NodeId) -> Option<&str> {
        self.nodes.get(node.0).and_then(|n| n.shapes.as_deref())
    }

    /// Sets (or, with `None` or an empty text, removes) the shapes on `node`.
    pub fn set_shapes(&mut self, node: NodeId, shapes: Option<String>) {
        if let Some(n) = self.nodes.get_mut(node.0) {
            n.shapes = shapes.filter(|s| !s.is_empty());
        }
    }

    /// The mark on the move that led to `node`.
    #[must_use]
    pub fn mark(&self, node: NodeId) -> Option<Mark> {
        self.nodes.get(node.0).and_then(|n| n.mark)
    }

    /// Sets (or removes) the mark on `node`; the start takes none.
    pub fn set_mark(&mut self, node: NodeId, mark: Option<Mark>) {
        if node != NodeId::ROOT
            && let Some(n) = self.nodes.get_mut(node.0)
        {
            n.mark = mark;
        }
    }

    /// Who played the game, where and when.
    #[must_use]
    pub fn info(&self) -> &GameInfo {
        &self.info
    }

    /// Sets the game's information.
    pub fn set_info(&mut self, info: GameInfo) {
        *self.info = info;
    }

    /// Every node in the tree's order.
    pub fn nodes(&self) -> impl Iterator<Item = NodeId> + use<> {
        (0..self.nodes.len()).map(NodeId)
    }

    /// How many moves lead from the start to `node`.
    #[must_use]
    pub fn depth(&self, node: NodeId) -> usize {
        self.path_to(node).len()
    }

    /// The nodes from the start (excluded) to `node` (included).
    #[must_use]
    pub fn path_to(&self, node: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut at = node;
        while let Some(parent) = self.node(at).parent {
            path.push(at);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The moves from the start to the cursor.
    #[must_use]
    pub fn moves_to_cursor(&self) -> Vec<AnyMove> {
        self.path_to(self.cursor).into_iter().filter_map(|n| self.node(n).mv).collect()
    }

    /// The nodes of the main line, after the start.
    #[must_use]
    pub fn main_line(&self) -> Vec<NodeId> {
        self.line_from(NodeId::ROOT)
    }

    /// The nodes that follow `node` along first children.
    fn line_from(&self, node: NodeId) -> Vec<NodeId> {
        let mut line = Vec::new();
        let mut at = node;
        while let Some(&next) = self.node(at).children.first() {
            line.push(next);
            at = next;
        }
        line
    }

    /// The line shown: from the start to the cursor, then on along the cursor's line.
    #[must_use]
    pub fn line_shown(&self) -> Vec<NodeId> {
        let mut line = self.path_to(self.cursor);
        line.extend(self.line_from(self.cursor));
        line
    }

    /// Whether `node` is on the main line.
    #[must_use]
    pub fn on_main_line(&self, node: NodeId) -> bool {
        self.path_to(node).into_iter().all(|n| self.node(n).parent.is_some_and(|p| self.node(p).children[0] == n))
    }

    /// Whether nothing follows the cursor on its line.
    #[must_use]
    pub fn at_end(&self) -> bool {
        self.node(self.cursor).children.is_empty()
    }

    /// Whether the game has no moves at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// Plays `mv`, a legal move of the position at the cursor: follows it if
    /// the tree already has it there, otherwise adds it (as the line's
    /// continuation at the end of a line, as a new variation elsewhere).
    /// Returns whether the move is new.
    pub fn play(&mut self, mv: AnyMove) -> bool {
        if let Some(&known) = self.node(self.cursor).children.iter().find(|&&c| self.node(c).mv == Some(mv)) {
            self.cursor = known;
            return false;
        }
        let mut next = self.position().clone();
        next.play_unchecked(mv);
        if self.at_main_end() {
            // The main line goes on: it no longer ended as it did.
            self.ending = None;
        }
        self.cursor = self.add_child(self.cursor, mv, next);
        true
    }

    /// The main line's moves, to tell whether an edit changed it.
    fn main_moves(&self) -> Vec<AnyMove> {
        self.main_line().into_iter().filter_map(|n| self.node(n).mv).collect()
    }

    /// Moves the cursor.
    pub fn navigate(&mut self, nav: Nav) {
        let here = self.cursor;
        self.cursor = match nav {
            Nav::First => NodeId::ROOT,
            Nav::Back => self.node(here).parent.unwrap_or(here),
            Nav::Forward => self.node(here).children.first().copied().unwrap_or(here),
            Nav::Last => self.line_from(here).last().copied().unwrap_or(here),
            Nav::Up => self.sibling(here, false),
            Nav::Down => self.sibling(here, true),
            Nav::To(ply) => {
                let line = self.main_line();
                ply.checked_sub(1).map_or(NodeId::ROOT, |i| line[i.min(line.len().saturating_sub(1))])
            }
            Nav::Node(node) if node.0 < self.nodes.len() => node,
            Nav::Node(_) => here,
        };
    }

    /// The next (or previous) variation at the branch nearest `node`: among
    /// `node`'s siblings, or else those of its nearest ancestor that has any.
    fn sibling(&self, node: NodeId, next: bool) -> NodeId {
        let mut at = node;
        while let Some(parent) = self.node(at).parent {
            let siblings = &self.node(parent).children;
            if siblings.len() > 1 {
                let i = siblings.iter().position(|&c| c == at).unwrap_or(0);
                let j = if next { (i + 1) % siblings.len() } else { (i + siblings.len() - 1) % siblings.len() };
                return siblings[j];
            }
            at = parent;
        }
        node
    }

    /// Makes `node`'s line the main line: at every branch on the way from
    /// the start, the branch leading to `node` becomes the first.
    pub fn promote(&mut self, node: NodeId) {
        let before = self.main_moves();
        for n in self.path_to(node) {
            if let Some(parent) = self.node(n).parent {
                let children = &mut self.nodes[parent.0].children;
                if let Some(i) = children.iter().position(|&c| c == n) {
                    let moved = children.remove(i);
                    children.insert(0, moved);
                }
            }
        }
        if self.main_moves() != before {
            self.ending = None;
        }
    }

    /// Removes `node` and everything after it; the cursor goes to its parent
    /// if it was in what was removed. The start cannot be removed.
    pub fn delete(&mut self, node: NodeId) {
        let Some(parent) = self.node(node).parent else { return };
        let before = self.main_moves();
        let cursor_inside = self.path_to(self.cursor).contains(&node);
        let keep_cursor = if cursor_inside { parent } else { self.cursor };
        // Which nodes stay, and their new numbers (the tree's order is kept).
        let mut removed = vec![false; self.nodes.len()];
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            removed[n.0] = true;
            stack.extend(self.node(n).children.iter().copied());
        }
        let mut renumber = vec![None; self.nodes.len()];
        let mut next = 0;
        for (i, gone) in removed.iter().enumerate() {
            if !gone {
                renumber[i] = Some(NodeId(next));
                next += 1;
            }
        }
        let old = std::mem::take(&mut self.nodes);
        self.nodes = old
            .into_iter()
            .enumerate()
            .filter(|(i, _)| !removed[*i])
            .map(|(_, mut n)| {
                n.parent = n.parent.and_then(|p| renumber[p.0]);
                n.children = n.children.iter().filter_map(|c| renumber[c.0]).collect();
                n
            })
            .collect();
        self.cursor = renumber[keep_cursor.0].unwrap_or(NodeId::ROOT);
        if self.main_moves() != before {
            self.ending = None;
        }
    }

    /// The moves of the main line in notation (what links of old wrote).
    #[must_use]
    pub fn main_line_texts(&self) -> Vec<String> {
        self.main_line().into_iter().filter_map(|n| self.node(n).mv).map(|m| m.to_string()).collect()
    }

    /// The game's random seed, if it has one.
    #[must_use]
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Gives the game its random seed.
    pub fn set_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
    }

    /// The solution of a challenge.
    #[must_use]
    pub fn challenge(&self) -> Option<&Challenge> {
        self.challenge.as_deref()
    }

    /// Makes the game a challenge (or not).
    pub fn set_challenge(&mut self, challenge: Option<Challenge>) {
        self.challenge = challenge.map(Box::new);
    }

    /// The game with a distant friend this is, if it is one.
    #[must_use]
    pub fn friend(&self) -> Option<&Friend> {
        self.friend.as_deref()
    }

    /// The game with a distant friend, to change.
    pub fn friend_mut(&mut self) -> Option<&mut Friend> {
        self.friend.as_deref_mut()
    }

    /// Makes the game one with a distant friend (or not).
    pub fn set_friend(&mut self, friend: Option<Friend>) {
        self.friend = friend.map(Box::new);
    }

    /// The clocks of a timed game.
    #[must_use]
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// The clocks of a timed game, to change.
    pub fn clock_mut(&mut self) -> Option<&mut Clock> {
        self.clock.as_mut()
    }

    /// Makes the game timed (or not).
    pub fn set_clock(&mut self, clock: Option<Clock>) {
        self.clock = clock;
    }

    /// How the main line ended when its rules did not end it.
    #[must_use]
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Ends the main line (or takes its ending back, with `None`). An
    /// ending of a line whose last position the rules already ended is not
    /// kept: the rules' outcome stands.
    pub fn set_ending(&mut self, ending: Option<Ending>) {
        let end = self.main_line().last().copied().unwrap_or(NodeId::ROOT);
        self.ending = ending.filter(|_| self.node(end).position.outcome().is_none());
    }

    /// How the game ended, if it did: the rules' outcome at the end of the
    /// main line, or its ending.
    #[must_use]
    pub fn finish(&self) -> Option<Finish> {
        let end = self.main_line().last().copied().unwrap_or(NodeId::ROOT);
        match self.node(end).position.outcome() {
            Some(outcome) => Some(Finish::Rules(outcome)),
            None => self.ending.map(Finish::Other),
        }
    }

    /// Whether the cursor is at the end of the main line.
    #[must_use]
    pub fn at_main_end(&self) -> bool {
        self.at_end() && self.on_main_line(self.cursor)
    }

    /// Whether the tree is a single line (no variations).
    #[must_use]
    pub fn is_line(&self) -> bool {
        self.nodes.iter().all(|n| n.children.len() <= 1)
    }

    /// Whether the cursor can step back.
    #[must_use]
    pub fn can_back(&self) -> bool {
        self.cursor != NodeId::ROOT
    }

    /// Whether the cursor can step forward.
    #[must_use]
    pub fn can_forward(&self) -> bool {
        !self.at_end()
    }

    /// The moves from the start to the cursor, in notation.
    #[must_use]
    pub fn texts_to_cursor(&self) -> Vec<String> {
        self.moves_to_cursor().iter().map(ToString::to_string).collect()
    }

    /// Whether the line shown has a move to take back.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        self.can_back() || self.can_forward()
    }

    /// Takes back the last move of the line shown (with any variations of
    /// it). The cursor stays where it is unless it showed that move; then it
    /// shows the position before. A move played from the middle of a line
    /// started a variation, so taking it back leaves the line as it was.
    pub fn undo(&mut self) {
        if let Some(&last) = self.line_shown().last() {
            self.delete(last);
        }
    }

    /// The cursor's place on the main line (moves from the start), if it is on it.
    #[must_use]
    pub fn main_ply(&self) -> Option<usize> {
        self.on_main_line(self.cursor).then(|| self.depth(self.cursor))
    }
}

#[cfg(test)]
mod tests;
