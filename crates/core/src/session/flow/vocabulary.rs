//! The words the session and the page speak: what the player asks for
//! ([`Intent`], with one sub-enum per feature), what the page must do
//! ([`Effect`]), which worker a search goes to ([`Role`]), and what the
//! session reports about hints and analysis.

use std::sync::Arc;

use rules::{AnyMove, CellId, GameSpec, MoveParts, Player};

use crate::session::formats::url::Presentation;
use crate::session::model::clock::TimeControl;
use crate::session::model::seats::Seats;
use crate::session::model::tree::{GameTree, Nav, NodeId};
use crate::worker::protocol::{Request, Response};

pub use crate::worker::Role;

/// Something the page must do for the session.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Send `request` to the worker of `role` after `delay_ms`; it should
    /// answer within `time_limit_ms` (the worker's watchdog).
    Search {
        /// Which worker.
        role: Role,
        /// The search.
        request: Request,
        /// Its budget, for the watchdog.
        time_limit_ms: f64,
        /// How long to wait before sending it (computer-against-computer pace).
        delay_ms: u32,
    },
    /// Stop whatever the worker does, and any search waiting to be sent.
    Stop(Role),
    /// Show `query` in the address bar, as a new history entry or in place.
    Url {
        /// The query string, `?game=…`.
        query: String,
        /// Whether it is a new entry (a new game) rather than a change of the current one.
        new_entry: bool,
    },
    /// Keep the game in the library: its link, and the notes a link
    /// cannot hold (comments, the review's verdicts).
    Save(Box<crate::session::formats::saved::Kept>),
    /// Play a sound (the page decides whether sounds are on).
    Sound(Sound),
}

/// What a sound tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sound {
    /// A move.
    Move,
    /// A capture.
    Capture,
    /// The end of a match or of the game.
    End,
    /// A move that was refused.
    Illegal,
}

/// A game to show, read from a link, a record or the saved game.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    /// The game and its cursor.
    pub tree: GameTree,
    /// Who plays each side.
    pub seats: Seats,
    /// Embedded or full page; viewer or player.
    pub view: Presentation,
    /// What could not be used, in words.
    pub notices: Vec<String>,
    /// Whether opening it is a new address-bar entry.
    pub new_entry: bool,
    /// A fresh random seed, drawn by the page, for a game that has none yet.
    pub seed: u64,
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
        /// Its random seed, drawn by the page (the browser's crypto source).
        seed: u64,
        /// Its time control, when it is timed.
        clock: Option<TimeControl>,
    },
    /// The game is no longer shown: stop every search.
    Leave,
    /// A click or tap on a cell (or Enter on the focused cell).
    Click(CellId),
    /// A dragged piece was let go over this cell (`None`: off the board).
    Drop(Option<CellId>),
    /// RA: how many stones of the selected stack move.
    ChooseStones(u8),
    /// Play this move (the pass button).
    Play(AnyMove),
    /// Play a move typed in notation.
    PlayText(String),
    /// Clear the selection and any queued move (Esc).
    Cancel,
    /// Step through the tree.
    Navigate(Nav),
    /// Take back the last move (against the computer: back to the person's turn).
    Undo,
    /// A challenge: play the rest of its solution out.
    Solution,
    /// Make the line shown the main line.
    Promote,
    /// Delete the move shown and everything after it.
    DeleteFromHere,
    /// An arrow or a circle drawn on the move shown (drawn again: taken away).
    Draw(crate::session::model::shapes::Shape),
    /// Presses on the board draw (the touch way) instead of moving.
    DrawMode(bool),
    /// The player's notes on the move shown and on the game.
    Notes(Box<crate::session::model::info::PlayerNotes>),
    /// For the computer player.
    Computer(ComputerIntent),
    /// For hints and the analysis.
    Advice(AdviceIntent),
    /// For the game review.
    Review(ReviewIntent),
    /// Ending the game beside its rules: resigning, a draw.
    End(EndIntent),
    /// For the clocks of a timed game.
    Clock(ClockIntent),
    /// A worker answered.
    Answer(Role, Response),
    /// A worker crashed, hung or could not start; it has been stopped.
    Failed(Role, String),
}

/// What the player asks of the computer player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComputerIntent {
    /// Pause or resume a computer-against-computer game.
    Pause(bool),
    /// Milliseconds between the moves of a computer-against-computer game.
    Pace(u32),
    /// Try the computer again after it failed.
    Retry,
}

/// What the page asks of the clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockIntent {
    /// The page's timer: ends the game if the running clock has run out.
    Tick,
    /// Pause (`true`) or resume the clocks (two people at one screen).
    Pause(bool),
    /// Write the game with the running clock's time (the page is hidden or closing).
    Save,
}

/// How a player ends a game beside its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndIntent {
    /// The person at the board resigns (at one screen: the side to move).
    Resign,
    /// The person offers a draw: the computer answers at once; another
    /// person at the same screen answers with [`EndIntent::AnswerDraw`].
    OfferDraw,
    /// The other person accepts (`true`) or declines a draw offered.
    AnswerDraw(bool),
}

/// What the player asks of the adviser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AdviceIntent {
    /// Suggest a move.
    Hint,
    /// Open or close the analysis.
    Analysis(bool),
    /// Open the analysis with the solver's exact value (its own budget).
    Solve,
    /// Play the analysis's line from the position shown up to its move
    /// number `.0` (from 0), along the moves already there or as a
    /// variation ([`crate::session::Session::line_playable`] says when).
    Line(usize),
}

/// What the player asks of the review.
#[derive(Clone, Debug, PartialEq)]
pub enum ReviewIntent {
    /// Review the main line on this many workers.
    Start {
        /// Workers to use (the machine's cores less one; at least one).
        workers: usize,
    },
    /// Stop the review's searches (what they found stays).
    Stop,
    /// Close the review.
    Close,
    /// Play the review's better move in place of the move shown, as a variation.
    PlayBetter,
    /// The review's verdicts an imported record carried, by node of the game shown.
    Verdicts(Vec<(NodeId, search::review::Verdict)>),
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
    /// The principal variation, from the analysed position.
    pub pv: Vec<AnyMove>,
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
pub struct LegalMoves(pub(super) Arc<[MoveParts]>);

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
