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

use rules::{AnyMove, GameSpec, MoveParts, Player};

use crate::session::formats::saved::{self, Kept};
use crate::session::formats::url::{self, Presentation};
use crate::session::model::clock::Clock;
use crate::session::model::ending::Ending;
use crate::session::model::seats::{Seat, Seats};
use crate::session::model::selection::Selection;
use crate::session::model::tree::{Finish, GameTree, Nav, NodeId};
use crate::view::animation::{Animation, animate};

mod advice;
mod annotate;
mod challenge;
mod clocks;
mod computer;
mod ending;
mod friend;
mod input;
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
        notices.push(format!("…and {rest} more notices of the same kind or others, not shown."));
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
        let Some(winner) = self.tree.finish()?.winner() else { return Some("Drawn".to_owned()) };
        Some(match crate::session::model::seats::person(&self.seats()) {
            Some(you) if you == winner => "You won".to_owned(),
            Some(_) if let Some(name) = self.friend_name(winner) => format!("{name} won"),
            Some(_) => "The computer won".to_owned(),
            None => {
                let info = self.tree.info();
                let name = if winner == Player::Black { &info.black } else { &info.white };
                if name.trim().is_empty() { format!("{winner} won") } else { format!("{} won", name.trim()) }
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
                ending.winner().map_or_else(|| "Draw".to_owned(), |w| format!("{w} wins"))
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
                self.notices.push(
                    "A game with a friend keeps its moves as they were played: your friend has them too.".to_owned(),
                );
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

    /// Steps through the game: the board and the link follow the cursor.
    fn navigate(&mut self, nav: Nav, fx: &mut Vec<Effect>) {
        let before = self.tree.cursor();
        self.tree.navigate(nav);
        if self.tree.cursor() != before {
            self.animation = None;
            self.position_changed(fx);
            // Stepping through a game changes the link, not the game.
            self.write_link(fx);
        }
    }

    /// Makes the line shown the main line.
    fn promote(&mut self, fx: &mut Vec<Effect>) {
        // A finished game's main line stays as it ended.
        if self.tree.ending().is_some() && self.tree.main_ply().is_none() {
            self.keep_ending_notice();
        } else {
            self.tree.promote(self.tree.cursor());
            self.clocks.sync(&mut self.tree);
            self.write(fx);
        }
    }

    /// Deletes the move shown and what follows it.
    fn delete_from_here(&mut self, fx: &mut Vec<Effect>) {
        if self.tree.can_back() {
            self.tree.delete(self.tree.cursor());
            self.clocks.sync(&mut self.tree);
            self.animation = None;
            self.position_changed(fx);
            self.write(fx);
        }
    }

    /// Hands an intent to the review; a better move it plays becomes a variation.
    fn review_intent(&mut self, intent: ReviewIntent, fx: &mut Vec<Effect>) {
        // A review starts on the game as it now is: what was said about
        // opening it (an import's notices) makes way.
        if matches!(intent, ReviewIntent::Start { .. }) {
            self.notices.clear();
        }
        // Verdicts that arrive (from a record) or stop coming are saved with the game.
        let keep = matches!(intent, ReviewIntent::Stop | ReviewIntent::Verdicts(_));
        if let Some((at, better)) = self.review.apply(intent, &self.tree, &mut self.requests, fx) {
            self.play_instead(at, better, fx);
        } else if keep {
            self.save(fx);
        }
    }

    /// Resigning, offering a draw and answering one.
    fn end_intent(&mut self, intent: EndIntent, fx: &mut Vec<Effect>) {
        if self.tree.friend().is_some() {
            if self.tree.finish().is_none() {
                match self.friend_end(intent) {
                    friend::FriendEnd::End(ending) => self.end(ending, fx),
                    friend::FriendEnd::Changed => self.write(fx),
                    friend::FriendEnd::Nothing => {}
                }
            }
            return;
        }
        let shown = Shown { tree: &self.tree, seats: self.seats, on_page: self.shown };
        match self.endings.apply(intent, shown, self.computer.last_score()) {
            ending::Decision::End(ending) => self.end(ending, fx),
            ending::Decision::Say(words) => self.notices.push(words),
            ending::Decision::Nothing => {}
        }
    }

    fn clock(&mut self, intent: ClockIntent, fx: &mut Vec<Effect>) {
        match intent {
            ClockIntent::Tick => {
                if let Some(player) = self.clocks.flagged(&self.tree) {
                    self.end(Ending::TimeOut { player, draw: false }, fx);
                }
            }
            ClockIntent::Pause(paused) if self.can_pause() => {
                self.clocks.pause(&mut self.tree, paused);
                self.write(fx);
            }
            ClockIntent::Pause(_) => {}
            ClockIntent::Save => {
                if self.clocks.running().is_some() {
                    self.write(fx);
                }
            }
        }
    }

    fn answer(&mut self, role: Role, response: crate::worker::protocol::Response, fx: &mut Vec<Effect>) {
        let shown = Shown { tree: &self.tree, seats: self.seats, on_page: self.shown };
        match role {
            Role::Computer | Role::Helper(_) => {
                if let Some(mv) = self.computer.answer(role, response, shown, fx) {
                    let queued = self.premove.take();
                    self.play(mv, fx);
                    if let Some(queued) = queued {
                        self.play_premove(queued, fx);
                    }
                }
            }
            Role::Adviser => self.advice.answer(response, self.tree.position()),
            Role::Reviewer(k) => {
                let was_running = self.review.running();
                self.review.answer(usize::from(k), response, &self.tree, &mut self.requests, fx);
                // A finished review is saved with the game.
                if was_running && !self.review.running() {
                    self.save(fx);
                }
            }
        }
    }

    fn failed(&mut self, role: Role, message: String, fx: &mut Vec<Effect>) {
        match role {
            Role::Computer | Role::Helper(_) => {
                let shown = Shown { tree: &self.tree, seats: self.seats, on_page: self.shown };
                self.computer.failed(role, message, shown, fx);
            }
            Role::Adviser => self.advice.failed(message),
            // The review tries the position again.
            Role::Reviewer(k) => self.review.failed(usize::from(k), &self.tree, &mut self.requests, fx),
        }
    }

    /// Ends the game so (a resignation, a draw agreed): the computer stops,
    /// the end is written into the tree, the link and the saved game.
    fn end(&mut self, ending: Ending, fx: &mut Vec<Effect>) {
        self.tree.navigate(Nav::Last);
        if !self.tree.at_main_end() {
            self.tree.navigate(Nav::To(self.tree.main_line().len()));
        }
        self.tree.set_ending(Some(ending));
        self.clocks.stop(&mut self.tree);
        self.selection = Selection::default();
        self.premove = None;
        self.computer.stop(fx);
        self.notices.clear();
        fx.push(Effect::Sound(Sound::End));
        self.position_changed(fx);
        self.write(fx);
    }

    /// Says why a finished game's main line cannot change.
    fn keep_ending_notice(&mut self) {
        if let Some(ending) = self.tree.ending() {
            self.notices.push(format!(
                "The game has ended ({}): its moves stay as they were. Variations may still be added and changed.",
                ending.reason()
            ));
        }
    }

    fn load(&mut self, loaded: Loaded, fx: &mut Vec<Effect>) {
        self.stop_all(fx);
        self.endings = ending::Endings::default();
        let Loaded { mut tree, seats, view, notices, new_entry, seed } = loaded;
        // Against the computer, a game gets its random seed once (it then
        // travels in the link and the record).
        let computer = Player::ALL.iter().any(|&p| matches!(seats[p], Seat::Computer(_)));
        if computer && tree.seed().is_none() {
            tree.set_seed(Some(seed));
        }
        self.tree = tree;
        self.seats = seats;
        self.view = view;
        self.solution_shown = false;
        self.notices = at_most(notices, MAX_NOTICES);
        let two_people = Player::ALL.iter().all(|&p| seats[p] == Seat::Human);
        self.clocks.loaded(&mut self.tree, two_people);
        self.shown = true;
        self.computer.loaded();
        self.advice.loaded();
        self.animation = None;
        self.position_changed(fx);
        // Opening a game keeps nothing: a game opened from a link is kept
        // once the person plays or studies in it.
        fx.push(Effect::Url { query: self.query(), new_entry });
    }

    /// Stops every search of every feature.
    fn stop_all(&mut self, fx: &mut Vec<Effect>) {
        self.review.close(fx);
        self.computer.stop(fx);
        self.advice.stop(fx);
    }

    /// Writes the game to the address bar (in place) and saves it, with
    /// the running clock's time so far.
    fn write(&mut self, fx: &mut Vec<Effect>) {
        self.write_link(fx);
        self.save(fx);
    }

    /// Writes the game to the address bar (in place), with the running
    /// clock's time so far.
    fn write_link(&mut self, fx: &mut Vec<Effect>) {
        self.clocks.checkpoint(&mut self.tree);
        fx.push(Effect::Url { query: self.query(), new_entry: false });
    }

    /// Plays `mv`, a legal move of the position shown. At the end of a
    /// timed game's main line, a player whose time has run out loses
    /// instead, and the clocks switch after the move.
    fn play(&mut self, mv: AnyMove, fx: &mut Vec<Effect>) {
        let game_move = self.tree.at_main_end() && self.tree.finish().is_none();
        if game_move && let Some(player) = self.clocks.flagged(&self.tree) {
            self.end(Ending::TimeOut { player, draw: false }, fx);
            return;
        }
        let before = self.tree.position().clone();
        let parts = before.move_parts(mv);
        self.tree.play(mv);
        if game_move {
            self.clocks.moved(&mut self.tree, before.to_move());
            self.friend_moved();
        }
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
        self.endings.moved();
        self.notices.clear();
        self.move_error = None;
        self.position_changed(fx);
        self.write(fx);
    }

    /// Plays `mv` from the position at `node` (as a variation if another
    /// move follows there, or goes to it if it is already there).
    fn play_instead(&mut self, node: NodeId, mv: AnyMove, fx: &mut Vec<Effect>) {
        self.tree.navigate(Nav::Node(node));
        self.tree.play(mv);
        self.animation = None;
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
        if !self.can_undo() {
            return;
        }
        self.tree.undo();
        // Against the computer, or a challenge's answer from its solution,
        // take the answer back too: back to the person's turn.
        let person = Player::ALL.iter().any(|&p| self.seats[p] == Seat::Human);
        let answered = self.seats[self.tree.position().to_move()] != Seat::Human || self.challenge_answer().is_some();
        if person && answered && self.tree.can_undo() {
            self.tree.undo();
        }
        self.clocks.sync(&mut self.tree);
        self.animation = None;
        self.position_changed(fx);
        self.write(fx);
    }

    /// After the position shown changed: new legal moves, no selection, no
    /// search for the old position, and the advice follows.
    fn position_changed(&mut self, fx: &mut Vec<Effect>) {
        self.refusal = None;
        self.legal = OnceLock::new();
        self.premove_legal = OnceLock::new();
        self.premove = None;
        self.selection = Selection::default();
        // `drive` starts a search for the new position if it is the computer's turn.
        self.computer.stop(fx);
        let shown = Shown { tree: &self.tree, seats: self.seats, on_page: self.shown };
        self.advice.position_changed(shown, &mut self.requests, fx);
    }

    /// The game as the library keeps it: its link, its comments and the
    /// review's verdicts.
    #[must_use]
    pub fn kept(&self) -> Kept {
        Kept { query: self.query(), notes: saved::notes_of(&self.tree, &self.main_line_verdicts()) }
    }

    fn save(&self, fx: &mut Vec<Effect>) {
        // An embedded board is someone else's page, and a game without a
        // move is not yet a game: neither is kept.
        // A game with a friend is kept from its start: its link is made then.
        if !self.view.embed && (!self.tree.is_empty() || self.tree.friend().is_some()) {
            fx.push(Effect::Save(Box::new(self.kept())));
        }
    }
}

#[cfg(test)]
mod tests;
