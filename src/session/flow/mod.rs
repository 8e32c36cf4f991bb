//! The game flow as a plain state machine: [`Session`] owns the history, the
//! seats, the selection and the computer's pending searches. It takes every
//! intent — a click, a typed move, a step through the history, an undo, a
//! worker's answer — and returns the [`Effect`]s the page must carry out:
//! start or stop a search, write the address bar, save the game. The Leptos
//! side holds the session in a signal and runs the effects; it decides
//! nothing.

use std::sync::{Arc, OnceLock};

use rules::{AnyMove, CellId, GameSpec, MoveParts, Player};

use super::history::{History, Nav};
use super::players::{Seat, Seats};
use super::selection::{self, Click, Selection};
use super::url::{self, ViewMode};
use crate::games::animation::{Animation, animate};
use crate::worker::protocol::{Purpose, Request, Response};

/// Which worker: one plays the computer's moves, one gives hints and analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// The computer player's worker.
    Player,
    /// The worker for hints and analysis.
    Adviser,
}

/// Something the page must do for the session.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Send `request` to the `engine`'s worker after `delay_ms`; it should
    /// answer within `time_limit_ms` (the worker's watchdog).
    Search {
        /// Which worker.
        engine: Engine,
        /// The search.
        request: Request,
        /// Its budget, for the watchdog.
        time_limit_ms: f64,
        /// How long to wait before sending it (computer-against-computer pace).
        delay_ms: u32,
    },
    /// Stop whatever the worker does, and any search waiting to be sent.
    Stop(Engine),
    /// Show `query` in the address bar, as a new history entry or in place.
    Url {
        /// The query string, `?game=…`.
        query: String,
        /// Whether it is a new entry (a new game) rather than a change of the current one.
        new_entry: bool,
    },
    /// Save the game (its query) as the one to continue.
    Save(String),
}

/// A game to show, read from a link, a record or the saved game.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    /// The game and its cursor.
    pub history: History,
    /// Who plays each side.
    pub seats: Seats,
    /// Embedded or full page; viewer or player.
    pub view: ViewMode,
    /// What could not be used, in words.
    pub notices: Vec<String>,
    /// Whether opening it is a new address-bar entry.
    pub new_entry: bool,
}

/// What the player (or the page) asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    /// Show this game (from a link, a record, the saved game).
    Load(Box<Loaded>),
    /// Start a new game.
    NewGame {
        /// The game and its options.
        spec: GameSpec,
        /// Who plays each side.
        seats: Seats,
    },
    /// The game is no longer shown: stop every search.
    Leave,
    /// A click or tap on a cell (or Enter on the focused cell).
    Click(CellId),
    /// RA: how many stones of the selected stack move.
    ChooseStones(u8),
    /// Play this move (the pass button).
    Play(AnyMove),
    /// Play a move typed in notation.
    PlayText(String),
    /// Clear the selection (Esc).
    Cancel,
    /// Step through the history.
    Navigate(Nav),
    /// Take back the last move (against the computer: back to the person's turn).
    Undo,
    /// Suggest a move.
    Hint,
    /// Open or close the analysis.
    Analysis(bool),
    /// Pause or resume a computer-against-computer game.
    Pause(bool),
    /// Milliseconds between the moves of a computer-against-computer game.
    Pace(u32),
    /// Try the computer again after it failed.
    Retry,
    /// A worker answered.
    Answer(Engine, Response),
    /// A worker crashed, hung or could not start; it has been stopped.
    Failed(Engine, String),
}

/// A suggested move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move.
    pub mv: AnyMove,
    /// Its evaluation in words.
    pub score_text: String,
}

/// What the analysis found so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Depth reached.
    pub depth: u32,
    /// Score for the side to move.
    pub score: i32,
    /// The score in words.
    pub score_text: String,
    /// The principal variation in notation.
    pub pv: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Who is to move in the analysed position.
    pub side: Player,
    /// Whether the search has finished.
    pub done: bool,
}

/// The legal moves of the position shown, taken apart once when the position
/// changes and shared by selection, highlighting and the pass button. Two
/// values are equal when they are the same list, so comparing them is free.
#[derive(Clone, Debug)]
pub struct LegalMoves(Arc<[MoveParts]>);

impl PartialEq for LegalMoves {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl std::ops::Deref for LegalMoves {
    type Target = [MoveParts];
    fn deref(&self) -> &[MoveParts] {
        &self.0
    }
}

/// The default pace of a computer-against-computer game, in milliseconds.
pub const DEFAULT_PACE_MS: u32 = 700;

/// One game on the page and everything that goes on around it.
#[derive(Debug)]
pub struct Session {
    history: History,
    seats: Seats,
    view: ViewMode,
    /// The legal moves of the position shown, worked out when first needed.
    legal: OnceLock<LegalMoves>,
    selection: Selection,
    animation: Option<Animation>,
    notices: Vec<String>,
    move_error: Option<String>,
    engine_notice: Option<String>,
    /// The id of the computer's search (sent or waiting for its pace).
    thinking: Option<u64>,
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
}

impl Session {
    /// A session holding `spec`'s start, not shown yet.
    #[must_use]
    pub fn new(spec: &GameSpec) -> Session {
        Session {
            history: History::new(spec.start(), None),
            seats: Seats::default(),
            view: ViewMode::default(),
            legal: OnceLock::new(),
            selection: Selection::default(),
            animation: None,
            notices: Vec::new(),
            move_error: None,
            engine_notice: None,
            thinking: None,
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
        }
    }

    /// The game and its cursor.
    #[must_use]
    pub fn history(&self) -> &History {
        &self.history
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
        self.legal.get_or_init(|| LegalMoves(self.history.position().legal_move_parts().into()))
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
        url::encode(&self.history, &self.seats, self.view)
    }

    /// Carries out `intent` and returns what the page must do.
    pub fn apply(&mut self, intent: Intent) -> Vec<Effect> {
        let mut fx = Vec::new();
        match intent {
            Intent::Load(loaded) => self.load(*loaded, &mut fx),
            Intent::NewGame { spec, seats } => {
                let view = ViewMode { embed: false, ..self.view };
                let history = History::new(spec.start(), None);
                self.load(Loaded { history, seats, view, notices: Vec::new(), new_entry: true }, &mut fx);
            }
            Intent::Leave => {
                self.shown = false;
                self.stop_all(&mut fx);
            }
            Intent::Click(cell) => self.click(cell, &mut fx),
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
            Intent::Cancel => self.selection = Selection::default(),
            Intent::Navigate(nav) => {
                let before = self.history.cursor();
                self.history.navigate(nav);
                if self.history.cursor() != before {
                    self.animation = None;
                    self.position_changed(&mut fx);
                    self.write(&mut fx);
                }
            }
            Intent::Undo => self.undo(&mut fx),
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
            Intent::Answer(engine, response) => self.answer(engine, response, &mut fx),
            Intent::Failed(engine, message) => self.failed(engine, message),
        }
        self.drive(&mut fx);
        fx
    }

    fn load(&mut self, loaded: Loaded, fx: &mut Vec<Effect>) {
        self.stop_all(fx);
        let Loaded { history, seats, view, notices, new_entry } = loaded;
        self.history = history;
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
        let position = self.history.position();
        let computer_turn = self.seats[position.to_move()] != Seat::Human && self.history.at_end();
        position.outcome().is_none() && self.view.interactive && !computer_turn
    }

    fn click(&mut self, cell: CellId, fx: &mut Vec<Effect>) {
        if !self.may_move() {
            return;
        }
        match selection::click(self.legal(), &self.selection, cell) {
            Click::Play(mv) => self.play(mv, fx),
            Click::Select(selection) => self.selection = selection,
            Click::Clear => self.selection = Selection::default(),
        }
    }

    fn play_text(&mut self, text: &str, fx: &mut Vec<Effect>) {
        let text = text.trim();
        if !self.may_move() {
            let why = if self.history.position().outcome().is_some() {
                "the game is already over"
            } else if !self.view.interactive {
                "this board only shows the game"
            } else {
                "it is the computer's turn"
            };
            self.move_error = Some(format!("\"{text}\": {why}"));
            return;
        }
        match self.history.position().parse_move(text) {
            Ok(mv) => self.play(mv, fx),
            Err(e) => self.move_error = Some(format!("\"{text}\": {e}")),
        }
    }

    /// Plays `mv`, a legal move of the position shown.
    fn play(&mut self, mv: AnyMove, fx: &mut Vec<Effect>) {
        let before = self.history.position().clone();
        let parts = before.move_parts(mv);
        self.history.play(mv);
        self.animation = Some(animate(&before, self.history.position(), &parts));
        self.notices.clear();
        self.move_error = None;
        self.position_changed(fx);
        self.write(fx);
    }

    fn undo(&mut self, fx: &mut Vec<Effect>) {
        if !self.history.can_undo() {
            return;
        }
        self.history.undo();
        // Against the computer, take its answer back too: back to the person's turn.
        let person = Player::ALL.iter().any(|&p| self.seats[p] == Seat::Human);
        let computer_to_move = self.seats[self.history.position().to_move()] != Seat::Human;
        if person && computer_to_move && self.history.can_undo() {
            self.history.undo();
        }
        self.animation = None;
        self.position_changed(fx);
        self.write(fx);
    }

    /// After the position shown changed: new legal moves, no selection or
    /// hint, no search for the old position, and the analysis follows.
    fn position_changed(&mut self, fx: &mut Vec<Effect>) {
        self.legal = OnceLock::new();
        self.selection = Selection::default();
        if self.thinking.take().is_some() {
            // `drive` starts a search for the new position if it is the computer's turn.
            fx.push(Effect::Stop(Engine::Player));
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

    fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    fn request(&self, id: u64, purpose: Purpose) -> Request {
        Request::Search {
            id,
            spec: self.history.spec().to_string(),
            from: self.history.from_text().map(str::to_owned),
            moves: self.history.texts_to_cursor(),
            purpose,
            seed: id,
        }
    }

    fn search(&mut self, engine: Engine, purpose: Purpose, delay_ms: u32, fx: &mut Vec<Effect>) -> u64 {
        let id = self.next_id();
        let time_limit_ms = purpose.time_limit_ms(&self.history.spec());
        fx.push(Effect::Search { engine, request: self.request(id, purpose), time_limit_ms, delay_ms });
        id
    }

    /// Starts the computer's search when it is its turn at the end of the
    /// game; stops a search that no longer applies. Runs after every intent.
    fn drive(&mut self, fx: &mut Vec<Effect>) {
        let position = self.history.position();
        let level = self.seats[position.to_move()].level();
        let wanted = level.filter(|_| {
            self.shown && !self.stalled && !self.paused && self.history.at_end() && position.outcome().is_none()
        });
        match (wanted, self.thinking) {
            (Some(level), None) => {
                // Computer against computer: pace the moves so people can watch.
                let delay = if self.watching() { self.pace_ms } else { 0 };
                self.thinking = Some(self.search(Engine::Player, Purpose::Move { level }, delay, fx));
            }
            (None, Some(_)) => {
                self.thinking = None;
                fx.push(Effect::Stop(Engine::Player));
            }
            _ => {}
        }
    }

    fn stop_all(&mut self, fx: &mut Vec<Effect>) {
        if self.thinking.take().is_some() {
            fx.push(Effect::Stop(Engine::Player));
        }
        if self.hint_search.take().is_some() | self.analysis_search.take().is_some() {
            fx.push(Effect::Stop(Engine::Adviser));
        }
        self.hint = None;
        self.hint_wanted = false;
        self.analysis = None;
    }

    fn ask_hint(&mut self, fx: &mut Vec<Effect>) {
        if self.history.position().outcome().is_some() || self.hint_pending() {
            return;
        }
        self.hint = None;
        if self.analysis_on {
            // One searcher for both: the hint is the analysis' best move.
            self.hint_wanted = true;
            self.hint_from_analysis();
            return;
        }
        self.hint_search = Some(self.search(Engine::Adviser, Purpose::Hint, 0, fx));
    }

    fn hint_from_analysis(&mut self) {
        let Some(analysis) = &self.analysis else { return };
        if !self.hint_wanted {
            return;
        }
        let Some(first) = analysis.pv.first() else { return };
        if let Ok(mv) = self.history.position().parse_move(first) {
            self.hint = Some(Hint { mv, score_text: analysis.score_text.clone() });
            self.hint_wanted = false;
        }
    }

    fn restart_analysis(&mut self, fx: &mut Vec<Effect>) {
        self.analysis = None;
        let want = self.analysis_on && self.shown && self.history.position().outcome().is_none();
        if self.analysis_search.take().is_some() || (want && self.hint_search.is_some()) {
            // The adviser does one search at a time: a hint under way gives way
            // to the analysis, which will name the move.
            fx.push(Effect::Stop(Engine::Adviser));
            if self.hint_search.take().is_some() {
                self.hint_wanted = true;
            }
        }
        if want {
            self.analysis_search = Some(self.search(Engine::Adviser, Purpose::Analyse, 0, fx));
        } else if std::mem::take(&mut self.hint_wanted) {
            // The analysis was closed before it named the hint's move.
            self.hint_search = Some(self.search(Engine::Adviser, Purpose::Hint, 0, fx));
        }
    }

    fn answer(&mut self, engine: Engine, response: Response, fx: &mut Vec<Effect>) {
        let side = self.history.position().to_move();
        match (engine, response) {
            (Engine::Player, Response::Done { id, best, .. }) if self.thinking == Some(id) => {
                self.thinking = None;
                self.engine_notice = None;
                match self.history.position().parse_move(&best) {
                    Ok(mv) => self.play(mv, fx),
                    Err(e) => {
                        self.engine_notice = Some(format!("The computer's move \"{best}\" was refused: {e}"));
                        self.stalled = true;
                    }
                }
            }
            (Engine::Player, Response::Error { id, message }) if self.thinking == Some(id) => {
                self.thinking = None;
                self.stalled = true;
                self.engine_notice = Some(format!("The computer could not move: {message}"));
            }
            (Engine::Adviser, Response::Done { id, best, score_text, .. }) if self.hint_search == Some(id) => {
                self.hint_search = None;
                match self.history.position().parse_move(&best) {
                    Ok(mv) => self.hint = Some(Hint { mv, score_text }),
                    Err(e) => self.engine_notice = Some(format!("The hint \"{best}\" was refused: {e}")),
                }
            }
            (Engine::Adviser, Response::Info { id, depth, score, score_text, nodes, pv })
                if self.analysis_search == Some(id) =>
            {
                self.analysis = Some(Analysis { depth, score, score_text, pv, nodes, side, done: false });
                self.hint_from_analysis();
            }
            (Engine::Adviser, Response::Done { id, depth, score, score_text, nodes, pv, .. })
                if self.analysis_search == Some(id) =>
            {
                self.analysis_search = None;
                self.analysis = Some(Analysis { depth, score, score_text, pv, nodes, side, done: true });
                self.hint_from_analysis();
            }
            (Engine::Adviser, Response::Error { id, message })
                if self.hint_search == Some(id) || self.analysis_search == Some(id) =>
            {
                self.hint_search = None;
                self.analysis_search = None;
                self.hint_wanted = false;
                self.engine_notice = Some(message);
            }
            // Progress of the computer's move, and answers for searches no
            // longer wanted (a position no longer shown), are dropped.
            _ => {}
        }
    }

    fn failed(&mut self, engine: Engine, message: String) {
        match engine {
            Engine::Player => {
                if self.thinking.take().is_some() {
                    self.stalled = true;
                }
            }
            Engine::Adviser => {
                self.hint_search = None;
                self.analysis_search = None;
                self.hint_wanted = false;
            }
        }
        self.engine_notice = Some(message);
    }
}

#[cfg(test)]
mod tests;
