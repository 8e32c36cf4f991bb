//! The game flow as a plain state machine: [`Session`] owns the game shown
//! (the tree, the seats, the selection, a queued premove) and five
//! features, each a sub-state with its own intents and tests: the computer
//! player (`computer`), hints and analysis (`advice`), the game review
//! (`review`), endings beside the rules (`ending`) and the clocks of a
//! timed game (`clocks`); beside them a challenge's moves judged and
//! answered (`challenge`) and the player's annotations (`annotate`). It takes every intent — a click, a typed move, a step
//! through the tree, an undo, a worker's answer — and returns the
//! [`Effect`]s the page must carry out: start or stop a search, write the
//! address bar, save the game. The Leptos side holds the session in a
//! signal and runs the effects; it decides nothing.
//!
//! Worker answers reach the feature whose [`Role`] they come from; a
//! feature that has a move to play (the computer's answer, the review's
//! better move) hands it back, and the session plays it.

use std::sync::OnceLock;

use rules::{GameSpec, MoveParts, Player};

use crate::session::formats::url::{self, Presentation};
use crate::session::model::clock::Clock;
use crate::session::model::seats::colour;
use crate::session::model::seats::{Seat, Seats};
use crate::session::model::selection::Selection;
use crate::session::model::tree::{Finish, GameTree, Nav, NodeId};
use crate::t;
use crate::view::animation::Animation;

mod advice;
mod annotate;
mod challenge;
mod changes;
mod clocks;
mod computer;
mod ending;
mod friend;
mod input;
mod intents;
mod requests;
mod review;
mod vocabulary;

pub use computer::{DEFAULT_PACE_MS, MAX_MOVE_WORKERS};
pub use ending::DRAW_ACCEPT_CHANCE;
pub use review::{MAX_REVIEW_WORKERS, ReviewView};
pub use vocabulary::{
    AdviceIntent, Analysis, ClockIntent, ComputerIntent, Effect, EndIntent, Hint, Intent, LegalMoves, Loaded,
    ReviewIntent, Role, Sound,
};

/// What a feature reads of the game shown.
#[derive(Clone, Copy)]
struct Shown<'a> {
    tree: &'a GameTree,
    seats: Seats,
    /// Whether the game is on the page (searches run only then).
    on_page: bool,
}

impl Shown<'_> {
    /// Whether both sides are played by the computer.
    fn watching(self) -> bool {
        Player::ALL.iter().all(|&p| self.seats[p] != Seat::Human)
    }
}

/// The most notices a game opened from a link or a record shows; the rest
/// are counted in one more ("…and 3 more notices"): a record with a
/// hundred thousand unknown headers gives a screen, not a hundred thousand.
const MAX_NOTICES: usize = 12;

/// `notices`, at most `most` of them, the last one counting the rest.
fn at_most(mut notices: Vec<String>, most: usize) -> Vec<String> {
    if notices.len() > most {
        let rest = notices.len() - (most - 1);
        notices.truncate(most - 1);
        notices.push(crate::tn!(
            rest,
            "…and {n} more notice of the same kind or another, not shown.",
            "…and {n} more notices of the same kind or others, not shown."
        ));
    }
    notices
}

/// One game on the page and everything that goes on around it.
#[derive(Debug)]
pub struct Session {
    tree: GameTree,
    seats: Seats,
    view: Presentation,
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
    /// Why the last click or drop on the board was not a move, in words.
    refusal: Option<String>,
    /// A challenge's refusal or hint, as the words said and as a mark for
    /// a program (`wrong d3-b3`, `hint`): see [`Session::challenge_mark`].
    challenge_said: Option<(String, String)>,
    /// Whether the game is on the page (searches run only then).
    shown: bool,
    requests: requests::Requests,
    computer: computer::Computer,
    advice: advice::Advice,
    review: review::Review,
    endings: ending::Endings,
    clocks: clocks::Clocks,
    /// Drawing on the board by presses (the touch way): `Some` while on,
    /// with the cell an arrow starts from once pressed.
    drawing: Option<Option<rules::CellId>>,
    /// Whether a challenge's solution was played out by asking for it.
    solution_shown: bool,
    /// The time the page last gave (`Date.now()`, milliseconds).
    wall_ms: f64,
}

impl Session {
    /// A session holding `spec`'s start, not shown yet.
    #[must_use]
    pub fn new(spec: &GameSpec) -> Session {
        Session {
            tree: GameTree::new(spec.start(), None),
            seats: Seats::default(),
            view: Presentation::default(),
            legal: OnceLock::new(),
            premove_legal: OnceLock::new(),
            premove: None,
            selection: Selection::default(),
            animation: None,
            notices: Vec::new(),
            move_error: None,
            refusal: None,
            challenge_said: None,
            shown: false,
            requests: requests::Requests::default(),
            computer: computer::Computer::default(),
            advice: advice::Advice::default(),
            review: review::Review::default(),
            endings: ending::Endings::default(),
            clocks: clocks::Clocks::default(),
            drawing: None,
            solution_shown: false,
            wall_ms: 0.0,
        }
    }

    /// The page's time now, in milliseconds since 1970 (`Date.now()`):
    /// the session has no clock of its own, and the page tells it the time
    /// before each intent.
    pub fn set_now(&mut self, now_ms: f64) {
        self.wall_ms = now_ms;
        self.clocks.set_now(now_ms);
    }

    /// In a timed game, `player`'s time left now, in milliseconds.
    #[must_use]
    pub fn time_left(&self, player: Player) -> Option<u32> {
        self.clocks.left(&self.tree, player)
    }

    /// In a timed game, `player`'s time left at the page's time `now_ms`
    /// (what the page's clocks show between intents).
    #[must_use]
    pub fn time_left_at(&self, player: Player, now_ms: f64) -> Option<u32> {
        self.clocks.left_at(&self.tree, player, now_ms)
    }

    /// Whether the running clock has run out at the page's time `now_ms`
    /// (the page then sends [`ClockIntent::Tick`]).
    #[must_use]
    pub fn flag_due(&self, now_ms: f64) -> bool {
        self.clocks.running().is_some_and(|p| self.time_left_at(p, now_ms) == Some(0))
    }

    /// Whose clock runs.
    #[must_use]
    pub fn clock_running(&self) -> Option<Player> {
        self.clocks.running()
    }

    /// Whether the players paused the clocks.
    #[must_use]
    pub fn clocks_paused(&self) -> bool {
        self.clocks.paused()
    }

    /// Whether the clocks may be paused or resumed: a timed game between
    /// two people at this screen, under way and not over.
    #[must_use]
    pub fn can_pause(&self) -> bool {
        let people = Player::ALL.iter().all(|&p| self.seats[p] == Seat::Human);
        people && (self.clocks.running().is_some() || self.clocks.paused())
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
    pub fn presentation(&self) -> Presentation {
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

    /// Why the last click or drop on the board was not a move (`b1 cannot
    /// reach b4: there are 2 pieces on that column, so it moves exactly 2`).
    #[must_use]
    pub fn refusal(&self) -> Option<&str> {
        self.refusal.as_deref()
    }

    /// A message about the workers (failures and restarts): the computer
    /// player's first, then the adviser's.
    #[must_use]
    pub fn worker_notice(&self) -> Option<&str> {
        self.computer.notice().or_else(|| self.advice.notice())
    }

    /// Whether the computer is thinking about its move.
    #[must_use]
    pub fn thinking(&self) -> bool {
        self.computer.thinking()
    }

    /// Whether the computer stopped after a failure and waits for [`ComputerIntent::Retry`].
    #[must_use]
    pub fn stalled(&self) -> bool {
        self.computer.stalled()
    }

    /// Whether a computer-against-computer game is paused.
    #[must_use]
    pub fn paused(&self) -> bool {
        self.computer.paused()
    }

    /// Milliseconds between the moves of a computer-against-computer game.
    #[must_use]
    pub fn pace_ms(&self) -> u32 {
        self.computer.pace_ms()
    }

    /// Splits level 4–5 moves over `workers` workers (1 to [`MAX_MOVE_WORKERS`]).
    pub fn set_move_workers(&mut self, workers: usize) {
        self.computer.set_move_workers(workers);
    }

    /// The hint shown.
    #[must_use]
    pub fn hint(&self) -> Option<&Hint> {
        self.advice.hint()
    }

    /// Whether a hint is being worked out.
    #[must_use]
    pub fn hint_pending(&self) -> bool {
        self.advice.hint_pending()
    }

    /// Whether the analysis panel is open.
    #[must_use]
    pub fn analysis_on(&self) -> bool {
        self.advice.analysis_on()
    }

    /// What the analysis found so far.
    #[must_use]
    pub fn analysis(&self) -> Option<&Analysis> {
        self.advice.analysis()
    }

    /// Whether the review panel is open.
    #[must_use]
    pub fn review_on(&self) -> bool {
        self.review.on()
    }

    /// What the page shows of the review, while its panel is open.
    #[must_use]
    pub fn review(&self) -> Option<ReviewView> {
        self.review.view(&self.tree)
    }

    /// The verdicts known on positions of the main line, for the record.
    #[must_use]
    pub fn main_line_verdicts(&self) -> Vec<(NodeId, search::review::Verdict)> {
        self.review.main_line_verdicts(&self.tree)
    }

    /// Who offered a draw that the other person at this screen has not
    /// answered yet.
    #[must_use]
    pub fn draw_offer(&self) -> Option<Player> {
        self.tree.friend().map_or(self.endings.offer(), |f| f.offer)
    }

    /// The side the page's resign and draw buttons act for: the only person
    /// at the board, or the side to move when two people share it; `None`
    /// when the computer plays both sides, and in a challenge (there is
    /// nothing to resign or agree there).
    #[must_use]
    pub fn person(&self) -> Option<Player> {
        if self.challenge_on() {
            return None;
        }
        ending::Endings::person(self.shown_game())
    }

    /// Whether the game ended (by its rules or otherwise) and the end of
    /// its main line is shown: no move may be played there.
    #[must_use]
    pub fn at_finish(&self) -> bool {
        self.tree.finish().is_some() && self.tree.at_main_end()
    }

    /// Whether Undo applies: a move to take back, and not a move of a
    /// finished game's main line (its variations may still be taken back).
    #[must_use]
    pub fn can_undo(&self) -> bool {
        // A game with a friend keeps every move: the friend has them.
        self.tree.friend().is_none()
            && self.tree.can_undo()
            && !(self.tree.finish().is_some() && self.tree.main_ply().is_some())
    }

    /// How the game ended, in words (`White wins: Black resigned`, or the
    /// rules' outcome), once it has.
    #[must_use]
    pub fn finish_text(&self) -> Option<String> {
        match self.tree.finish()? {
            Finish::Rules(outcome) => {
                let end = self.tree.main_line().last().map_or(self.tree.start(), |&n| self.tree.position_of(n));
                Some(crate::view::outcome_text(end, outcome))
            }
            Finish::Other(ending) => Some(ending.result_text()),
        }
    }

    /// The game-over panel's headline, from the page's side: `You won` or
    /// `The computer won` against the computer; between two people the
    /// winner's name from the game's information, else their colour
    /// (`White won`); `Drawn`. The rule's reason stays in [`Session::finish_text`].
    #[must_use]
    pub fn finish_headline(&self) -> Option<String> {
        let Some(winner) = self.tree.finish()?.winner() else { return Some(t!("Drawn")) };
        Some(match crate::session::model::seats::person(&self.seats()) {
            Some(you) if you == winner => t!("You won"),
            Some(_) if let Some(f) = self.tree.friend() => crate::session::model::friend::about(
                &f.names[winner],
                || t!("Your friend won"),
                |name| t!("{name} won", name = name),
            ),
            Some(_) => t!("The computer won"),
            None => {
                let info = self.tree.info();
                let name = if winner == Player::Black { &info.black } else { &info.white };
                if name.trim().is_empty() {
                    t!("{player} won", player = colour(winner))
                } else {
                    t!("{name} won", name = name.trim())
                }
            }
        })
    }

    /// The status of the position shown: whose move, or the result (how
    /// the game ended, at the end of a finished game).
    #[must_use]
    pub fn status(&self) -> String {
        if let Some(text) = self.challenge_text() {
            return text;
        }
        match self.tree.ending() {
            Some(ending) if self.tree.at_main_end() => ending.result_text(),
            _ => crate::view::status_text(self.tree.position()),
        }
    }

    /// The status in a few words, for the browser tab: `Black to move`, `White wins`, `Draw`.
    #[must_use]
    pub fn short_status(&self) -> String {
        match self.tree.ending() {
            Some(ending) if self.tree.at_main_end() => {
                ending.winner().map_or_else(|| t!("Draw"), |w| t!("{player} wins", player = colour(w)))
            }
            _ => crate::view::short_status(self.tree.position()),
        }
    }

    /// Whether both sides are played by the computer.
    #[must_use]
    pub fn watching(&self) -> bool {
        self.shown_game().watching()
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
        line.navigate(Nav::To(self.tree.depth(self.tree.cursor())));
        url::encode(&line, &self.seats, self.view)
    }

    fn shown_game(&self) -> Shown<'_> {
        Shown { tree: &self.tree, seats: self.seats, on_page: self.shown }
    }

    /// Carries out `intent` and returns what the page must do.
    pub fn apply(&mut self, intent: Intent) -> Vec<Effect> {
        let mut fx = Vec::new();
        match intent {
            Intent::Load(loaded) => self.load(*loaded, &mut fx),
            Intent::NewGame { spec, seats, seed, clock } => {
                let view = Presentation { embed: false, ..self.view };
                let mut tree = GameTree::new(spec.start(), None);
                tree.set_clock(clock.map(Clock::new));
                self.load(Loaded { tree, seats, view, notices: Vec::new(), new_entry: true, seed }, &mut fx);
            }
            Intent::Leave => {
                self.shown = false;
                self.stop_all(&mut fx);
            }
            Intent::Click(cell) if self.drawing.is_some() => self.draw_press(cell, &mut fx),
            Intent::Click(cell) => self.click(cell, &mut fx),
            Intent::Draw(shape) => self.draw(shape, &mut fx),
            Intent::DrawMode(on) => {
                self.drawing = on.then_some(None);
                self.selection = Selection::default();
            }
            Intent::Drop(cell) => self.drop_at(cell, &mut fx),
            Intent::ChooseStones(n) => {
                if self.selection.from.is_some() {
                    self.selection.stones = Some(n);
                }
            }
            Intent::Play(mv) => {
                if self.may_move() && self.legal().iter().any(|m| m.mv == mv) {
                    self.person_plays(mv, &mut fx);
                }
            }
            Intent::Solution => self.challenge_solution(&mut fx),
            Intent::PlayText(text) => self.play_text(&text, &mut fx),
            Intent::Cancel => {
                self.selection = Selection::default();
                self.premove = None;
                self.drawing = self.drawing.map(|_| None);
            }
            Intent::Navigate(nav) => self.navigate(nav, &mut fx),
            Intent::Undo => self.undo(&mut fx),
            Intent::Promote | Intent::DeleteFromHere if self.tree.friend().is_some() => {
                self.notices
                    .push(t!("A game with a friend keeps its moves as they were played: your friend has them too."));
            }
            Intent::Promote => self.promote(&mut fx),
            Intent::DeleteFromHere if self.tree.ending().is_some() && self.tree.main_ply().is_some() => {
                self.keep_ending_notice();
            }
            Intent::DeleteFromHere => self.delete_from_here(&mut fx),
            Intent::Notes(notes) => self.note(*notes, &mut fx),
            Intent::Computer(intent) => {
                if intent == ComputerIntent::Retry {
                    self.advice.loaded();
                }
                self.computer.apply(intent);
            }
            // A challenge's hint comes from its solution, not a search.
            // A game by link that goes on is the players' own: no engine's help on its page.
            Intent::Advice(_) | Intent::Review(ReviewIntent::Start { .. }) if self.friend_playing() => {}
            Intent::Advice(AdviceIntent::Hint) if self.challenge_on() => self.challenge_hint(),
            Intent::Advice(AdviceIntent::Line(upto)) => self.step_into_line(upto, &mut fx),
            Intent::Advice(intent) => {
                let shown = Shown { tree: &self.tree, seats: self.seats, on_page: self.shown };
                self.advice.apply(intent, shown, &mut self.requests, &mut fx);
            }
            Intent::Review(intent) => self.review_intent(intent, &mut fx),
            Intent::End(intent) => self.end_intent(intent, &mut fx),
            Intent::Clock(intent) => self.clock(intent, &mut fx),
            Intent::Answer(role, response) => self.answer(role, response, &mut fx),
            Intent::Failed(role, message) => self.failed(role, message, &mut fx),
        }
        self.computer.set_time_cap(self.clocks.allowance_ms(&self.tree));
        let shown = Shown { tree: &self.tree, seats: self.seats, on_page: self.shown };
        self.computer.drive(shown, &mut self.requests, &mut fx);
        fx
    }
}

#[cfg(test)]
mod tests;
