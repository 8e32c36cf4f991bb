//! The game flow as a plain state machine: [`Session`] owns the tree, the
//! seats, the selection and the computer's pending searches. It takes every
//! intent — a click, a typed move, a step through the tree, an undo, a
//! worker's answer — and returns the [`Effect`]s the page must carry out:
//! start or stop a search, write the address bar, save the game. The Leptos
//! side holds the session in a signal and runs the effects; it decides
//! nothing.

use std::collections::HashMap;
use std::sync::OnceLock;

use rules::{AnyMove, CellId, GameSpec, MoveParts, Player};

use super::players::{Seat, Seats};
use super::selection::{self, Click, Selection};
use super::tree::GameTree;
use super::url::{self, ViewMode};
use crate::games::animation::{Animation, animate};

mod review;
mod vocabulary;
mod workers;

pub use review::{MAX_REVIEW_WORKERS, ReviewView};
pub use vocabulary::{Analysis, Effect, Engine, Hint, Intent, LegalMoves, Loaded, Sound};

/// The default pace of a computer-against-computer game, in milliseconds.
pub const DEFAULT_PACE_MS: u32 = 700;

/// One game on the page and everything that goes on around it.
#[derive(Debug)]
pub struct Session {
    tree: GameTree,
    seats: Seats,
    view: ViewMode,
    /// The legal moves of the position shown, worked out when first needed.
    legal: OnceLock<LegalMoves>,
    /// While the computer thinks: the moves the person could queue.
    premove_legal: OnceLock<LegalMoves>,
    /// A move queued while the computer thinks, played after its answer if legal then.
    premove: Option<MoveParts>,
    selection: Selection,
    animation: Option<Animation>,
    notices: Vec<String>,
    move_error: Option<String>,
    engine_notice: Option<String>,
    /// The id of the computer's search (sent or waiting for its pace).
    thinking: Option<u64>,
    /// When the computer's move is split over workers: each share's progress.
    shares: Vec<workers::ShareState>,
    /// Workers a level 4–5 move is split over (1: no split).
    move_workers: u8,
    /// A worker failed: the computer waits for the player's next action.
    stalled: bool,
    hint: Option<Hint>,
    hint_search: Option<u64>,
    /// A hint was asked while the analysis runs: its next line gives it.
    hint_wanted: bool,
    analysis_on: bool,
    analysis: Option<Analysis>,
    analysis_search: Option<u64>,
    paused: bool,
    pace_ms: u32,
    next_id: u64,
    /// Whether the game is on the page (searches run only then).
    shown: bool,
    /// Whether the review panel is open.
    review_on: bool,
    /// The review's searches under way.
    reviewing: Option<review::Reviewing>,
    /// The review's verdicts for the session, by position.
    verdicts: HashMap<review::Key, search::review::Verdict>,
}

impl Session {
    /// A session holding `spec`'s start, not shown yet.
    #[must_use]
    pub fn new(spec: &GameSpec) -> Session {
        Session {
            tree: GameTree::new(spec.start(), None),
            seats: Seats::default(),
            view: ViewMode::default(),
            legal: OnceLock::new(),
            premove_legal: OnceLock::new(),
            premove: None,
            selection: Selection::default(),
            animation: None,
            notices: Vec::new(),
            move_error: None,
            engine_notice: None,
            thinking: None,
            shares: Vec::new(),
            move_workers: 1,
            stalled: false,
            hint: None,
            hint_search: None,
            hint_wanted: false,
            analysis_on: false,
            analysis: None,
            analysis_search: None,
            paused: false,
            pace_ms: DEFAULT_PACE_MS,
            next_id: 0,
            shown: false,
            review_on: false,
            reviewing: None,
            verdicts: HashMap::new(),
        }
    }

    /// The game and its cursor.
    #[must_use]
    pub fn tree(&self) -> &GameTree {
        &self.tree
    }

    /// Who plays each side.
    #[must_use]
    pub fn seats(&self) -> Seats {
        self.seats
    }

    /// Embedded or full page; viewer or player.
    #[must_use]
    pub fn view(&self) -> ViewMode {
        self.view
    }

    /// The legal moves of the position shown, taken apart once per position
    /// (and only when something needs them: opening a Forms 18×18 board does
    /// not take its 26,244 moves apart until a stone is picked up).
    #[must_use]
    pub fn legal(&self) -> &LegalMoves {
        self.legal.get_or_init(|| LegalMoves(self.tree.position().legal_move_parts().into()))
    }

    /// The moves the selection chooses among: the legal moves when the
    /// player is to move; while the computer thinks, the moves the player
    /// could queue (premoves); otherwise none.
    #[must_use]
    pub fn choices(&self) -> &LegalMoves {
        if self.may_move() {
            self.legal()
        } else if self.may_premove() {
            self.premove_legal.get_or_init(|| {
                LegalMoves(self.tree.position().turned().map(|t| t.legal_move_parts()).unwrap_or_default().into())
            })
        } else {
            self.premove_legal.get_or_init(|| LegalMoves(Vec::new().into()))
        }
    }

    /// The move queued while the computer thinks.
    #[must_use]
    pub fn premove(&self) -> Option<&MoveParts> {
        self.premove.as_ref()
    }

    /// The selected piece.
    #[must_use]
    pub fn selection(&self) -> Selection {
        self.selection
    }

    /// The animation of the move just played, if the board should show one.
    #[must_use]
    pub fn animation(&self) -> Option<&Animation> {
        self.animation.as_ref()
    }

    /// Messages about the game shown (bad links, bad moves).
    #[must_use]
    pub fn notices(&self) -> &[String] {
        &self.notices
    }

    /// Why the last typed move was refused.
    #[must_use]
    pub fn move_error(&self) -> Option<&str> {
        self.move_error.as_deref()
    }

    /// A message about the computer (failures and restarts).
    #[must_use]
    pub fn engine_notice(&self) -> Option<&str> {
        self.engine_notice.as_deref()
    }

    /// Whether the computer is thinking about its move.
    #[must_use]
    pub fn thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Whether the computer stopped after a failure and waits for [`Intent::Retry`].
    #[must_use]
    pub fn stalled(&self) -> bool {
        self.stalled
    }

    /// The hint shown.
    #[must_use]
    pub fn hint(&self) -> Option<&Hint> {
        self.hint.as_ref()
    }

    /// Whether a hint is being worked out.
    #[must_use]
    pub fn hint_pending(&self) -> bool {
        self.hint_search.is_some() || self.hint_wanted
    }

    /// Whether the analysis panel is open.
    #[must_use]
    pub fn analysis_on(&self) -> bool {
        self.analysis_on
    }

    /// What the analysis found so far.
    #[must_use]
    pub fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref()
    }

    /// Whether a computer-against-computer game is paused.
    #[must_use]
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// Milliseconds between the moves of a computer-against-computer game.
    #[must_use]
    pub fn pace_ms(&self) -> u32 {
        self.pace_ms
    }

    /// Whether both sides are played by the computer.
    #[must_use]
    pub fn watching(&self) -> bool {
        Player::ALL.iter().all(|&p| self.seats[p] != Seat::Human)
    }

    /// The address-bar query of the game shown.
    #[must_use]
    pub fn query(&self) -> String {
        url::encode(&self.tree, &self.seats, self.view)
    }

    /// The link of the line shown alone (its moves from the start to its
    /// end, without the other variations), the board at the move shown.
    #[must_use]
    pub fn line_query(&self) -> String {
        let mut line = GameTree::new(self.tree.start().clone(), self.tree.from_text().map(str::to_owned));
        for node in self.tree.line_shown() {
            if let Some(mv) = self.tree.move_of(node) {
                line.play(mv);
            }
        }
        line.navigate(super::tree::Nav::To(self.tree.depth(self.tree.cursor())));
        url::encode(&line, &self.seats, self.view)
    }

    /// Carries out `intent` and returns what the page must do.
    pub fn apply(&mut self, intent: Intent) -> Vec<Effect> {
        let mut fx = Vec::new();
        match intent {
            Intent::Load(loaded) => self.load(*loaded, &mut fx),
            Intent::NewGame { spec, seats } => {
                let view = ViewMode { embed: false, ..self.view };
                let tree = GameTree::new(spec.start(), None);
                self.load(Loaded { tree, seats, view, notices: Vec::new(), new_entry: true }, &mut fx);
            }
            Intent::Leave => {
                self.shown = false;
                self.stop_all(&mut fx);
            }
            Intent::Click(cell) => self.click(cell, &mut fx),
            Intent::Drop(cell) => self.drop_at(cell, &mut fx),
            Intent::ChooseStones(n) => {
                if self.selection.from.is_some() {
                    self.selection.stones = Some(n);
                }
            }
            Intent::Play(mv) => {
                if self.may_move() && self.legal().iter().any(|m| m.mv == mv) {
                    self.play(mv, &mut fx);
                }
            }
            Intent::PlayText(text) => self.play_text(&text, &mut fx),
            Intent::Cancel => {
                self.selection = Selection::default();
                self.premove = None;
            }
            Intent::Navigate(nav) => {
                let before = self.tree.cursor();
                self.tree.navigate(nav);
                if self.tree.cursor() != before {
                    self.animation = None;
                    self.position_changed(&mut fx);
                    self.write(&mut fx);
                }
            }
            Intent::Undo => self.undo(&mut fx),
            Intent::Promote => {
                self.tree.promote(self.tree.cursor());
                self.write(&mut fx);
            }
            Intent::DeleteFromHere => {
                if self.tree.can_back() {
                    self.tree.delete(self.tree.cursor());
                    self.animation = None;
                    self.position_changed(&mut fx);
                    self.write(&mut fx);
                }
            }
            Intent::Hint => self.ask_hint(&mut fx),
            Intent::Analysis(on) => {
                self.analysis_on = on;
                self.restart_analysis(&mut fx);
            }
            Intent::Pause(paused) => self.paused = paused,
            Intent::Pace(ms) => self.pace_ms = ms,
            Intent::Retry => {
                self.stalled = false;
                self.engine_notice = None;
            }
            Intent::Review { workers } => self.start_review(workers, &mut fx),
            Intent::StopReview => self.stop_review(&mut fx),
            Intent::CloseReview => {
                self.stop_review(&mut fx);
                self.review_on = false;
            }
            Intent::PlayBetter => self.play_better(&mut fx),
            Intent::Verdicts(verdicts) => self.take_verdicts(verdicts),
            Intent::Answer(Engine::Reviewer(k), response) => self.review_answer(usize::from(k), response, &mut fx),
            Intent::Answer(engine, response) => self.answer(engine, response, &mut fx),
            Intent::Failed(Engine::Reviewer(k), _) => self.review_failed(usize::from(k), &mut fx),
            Intent::Failed(engine, message) => self.failed(engine, message, &mut fx),
        }
        self.drive(&mut fx);
        fx
    }

    fn load(&mut self, loaded: Loaded, fx: &mut Vec<Effect>) {
        self.stop_all(fx);
        let Loaded { tree, seats, view, notices, new_entry } = loaded;
        self.tree = tree;
        self.seats = seats;
        self.view = view;
        self.notices = notices;
        self.shown = true;
        self.paused = false;
        self.stalled = false;
        self.engine_notice = None;
        self.animation = None;
        self.position_changed(fx);
        fx.push(Effect::Url { query: self.query(), new_entry });
        self.save(fx);
    }

    /// Writes the game to the address bar (in place) and saves it.
    fn write(&self, fx: &mut Vec<Effect>) {
        fx.push(Effect::Url { query: self.query(), new_entry: false });
        self.save(fx);
    }

    /// Whether the player may move in the position shown: the game is on, the
    /// page takes moves, and it is not the computer's turn at the end of the game.
    fn may_move(&self) -> bool {
        let position = self.tree.position();
        let computer_turn = self.seats[position.to_move()] != Seat::Human && self.tree.at_end();
        position.outcome().is_none() && self.view.interactive && !computer_turn
    }

    /// Whether the player may queue a move: it is the computer's turn at the
    /// end of a game on a board that takes moves, and the player has the other side.
    fn may_premove(&self) -> bool {
        let position = self.tree.position();
        let to_move = position.to_move();
        position.outcome().is_none()
            && self.view.interactive
            && self.tree.at_end()
            && self.seats[to_move] != Seat::Human
            && self.seats[to_move.opponent()] == Seat::Human
    }

    fn click(&mut self, cell: CellId, fx: &mut Vec<Effect>) {
        let premoving = !self.may_move() && self.may_premove();
        match selection::click(self.choices(), &self.selection, cell) {
            Click::Play(mv) if premoving => {
                self.premove = self.choices().iter().find(|m| m.mv == mv).copied();
                self.selection = Selection::default();
            }
            Click::Play(mv) => self.play(mv, fx),
            Click::Select(selection) => self.selection = selection,
            Click::Clear => {
                self.selection = Selection::default();
                // A click elsewhere also takes back a queued move.
                self.premove = None;
            }
        }
    }

    /// A dragged piece let go over `cell`: its move if that is one of the
    /// selected piece's targets; otherwise the drag is cancelled.
    fn drop_at(&mut self, cell: Option<CellId>, fx: &mut Vec<Effect>) {
        let target = cell.filter(|&c| selection::targets(self.choices(), &self.selection).any(|m| m.to == Some(c)));
        match target {
            Some(cell) => self.click(cell, fx),
            None => {
                if cell.is_some() && cell != self.selection.from && self.selection.from.is_some() {
                    fx.push(Effect::Sound(Sound::Illegal));
                }
                self.selection = Selection::default();
            }
        }
    }

    fn play_text(&mut self, text: &str, fx: &mut Vec<Effect>) {
        let text = text.trim();
        if !self.may_move() {
            let why = if self.tree.position().outcome().is_some() {
                "the game is already over"
            } else if !self.view.interactive {
                "this board only shows the game"
            } else {
                "it is the computer's turn"
            };
            self.move_error = Some(format!("\"{text}\": {why}"));
            fx.push(Effect::Sound(Sound::Illegal));
            return;
        }
        match self.tree.position().parse_move(text) {
            Ok(mv) => self.play(mv, fx),
            Err(e) => {
                self.move_error = Some(format!("\"{text}\": {e}"));
                fx.push(Effect::Sound(Sound::Illegal));
            }
        }
    }

    /// Plays `mv`, a legal move of the position shown.
    fn play(&mut self, mv: AnyMove, fx: &mut Vec<Effect>) {
        let before = self.tree.position().clone();
        let parts = before.move_parts(mv);
        self.tree.play(mv);
        let after = self.tree.position();
        let ended = after.outcome().is_some() || after.match_just_ended();
        fx.push(Effect::Sound(if ended {
            Sound::End
        } else if parts.capture {
            Sound::Capture
        } else {
            Sound::Move
        }));
        self.animation = Some(animate(&before, after, &parts));
        self.notices.clear();
        self.move_error = None;
        self.position_changed(fx);
        self.write(fx);
    }

    /// After the computer's move: the queued move, if it is legal now (matched
    /// by its cells and, in RA, its stones); otherwise it is dropped.
    fn play_premove(&mut self, queued: MoveParts, fx: &mut Vec<Effect>) {
        let now = self.legal().iter().find(|m| m.from == queued.from && m.to == queued.to && m.stones == queued.stones);
        if let Some(mv) = now.map(|m| m.mv)
            && self.may_move()
        {
            self.play(mv, fx);
        }
    }

    fn undo(&mut self, fx: &mut Vec<Effect>) {
        if !self.tree.can_undo() {
            return;
        }
        self.tree.undo();
        // Against the computer, take its answer back too: back to the person's turn.
        let person = Player::ALL.iter().any(|&p| self.seats[p] == Seat::Human);
        let computer_to_move = self.seats[self.tree.position().to_move()] != Seat::Human;
        if person && computer_to_move && self.tree.can_undo() {
            self.tree.undo();
        }
        self.animation = None;
        self.position_changed(fx);
        self.write(fx);
    }

    /// After the position shown changed: new legal moves, no selection or
    /// hint, no search for the old position, and the analysis follows.
    fn position_changed(&mut self, fx: &mut Vec<Effect>) {
        self.legal = OnceLock::new();
        self.premove_legal = OnceLock::new();
        self.premove = None;
        self.selection = Selection::default();
        if self.thinking.take().is_some() {
            // `drive` starts a search for the new position if it is the computer's turn.
            self.stop_player(fx);
        }
        self.hint = None;
        self.hint_wanted = false;
        if self.hint_search.take().is_some() {
            fx.push(Effect::Stop(Engine::Adviser));
        }
        self.restart_analysis(fx);
    }

    fn save(&self, fx: &mut Vec<Effect>) {
        // An embedded board is someone else's page: it does not replace the saved game.
        if !self.view.embed {
            fx.push(Effect::Save(self.query()));
        }
    }
}

#[cfg(test)]
mod tests;
