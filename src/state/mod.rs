//! The state every page shares, provided as context: the page shown, the
//! game session, the display preferences and the game library. Intents go
//! to the session through [`AppState::dispatch`], which then carries out
//! the effects it returns: searches, the address bar, the game's writes to
//! the library (`ludoteca_core::library`).

use std::time::Duration;

use leptos::prelude::*;
use rules::{CellId, GameKind, GameSpec, Player};

use crate::library::client::Library;
use crate::web;
use crate::worker::pool::WorkerPool;
use ludoteca_core::library::listing::Filter;
use ludoteca_core::library::{Origin, new_id};
use ludoteca_core::session::editor::Editor;
use ludoteca_core::session::flow::{ClockIntent, ReviewIntent};
use ludoteca_core::session::formats::prefs::Prefs;
use ludoteca_core::session::formats::saved::{self, Kept};
use ludoteca_core::session::formats::url::{self, Route};
use ludoteca_core::session::model::clock::TimeControl;
use ludoteca_core::session::model::seats::{self, Seats, Side};
use ludoteca_core::session::{Effect, Intent, Session, flow::Loaded};
use ludoteca_core::t;

mod editor;
mod friend;
mod library;
pub use library::LIST_PAGE;

pub use library::BACKED_UP;
use library::Opening;

/// Where builds before the game library kept their one saved game in local
/// storage: moved into the library at start.
pub const SAVED_GAME: &str = "ludoteca.saved-game";
/// Where the preferences live in local storage.
pub const PREFS: &str = "ludoteca.prefs";
/// Where a saved game that could not be read is kept aside for the player.
pub const UNREADABLE_GAME: &str = "ludoteca.unreadable-game";

/// Which page is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// The game picker.
    Home,
    /// A game.
    Play,
    /// The game library: every game kept.
    Games,
    /// A game's rules.
    Rules(GameKind),
    /// An embedded board whose link cannot be opened: only the message.
    EmbedError,
    /// The board editor.
    Edit,
}

/// The state all pages share. Its parts that only some components read —
/// the dialogs, the board's focus, the library's lists, the import dialog —
/// are types of their own, so a component names the part it uses
/// (`expect_context::<AppState>().dialogs`). They share the one context:
/// each context of its own would cost the first board 1.7 KB of
/// WebAssembly (the context map's insertion, made once per type).
#[derive(Clone, Copy)]
pub struct AppState {
    /// The page shown.
    pub page: RwSignal<Page>,
    /// The game and its flow. Change it only through [`AppState::dispatch`].
    pub session: RwSignal<Session>,
    /// Messages on the home page (a link that opened no game, a lost saved game).
    pub home_notices: RwSignal<Vec<String>>,
    /// Sounds, animations, theme and orientation, kept between visits.
    /// Change it through [`AppState::set_prefs`], which saves it.
    pub prefs: RwSignal<Prefs>,
    /// The language every text reads in (installed by `crate::i18n`):
    /// the whole page is drawn again when it changes.
    pub lang: RwSignal<ludoteca_core::i18n::Lang>,
    /// Why the game or the settings cannot be stored, once the browser refused (told once).
    pub storage_refused: RwSignal<Option<String>>,
    /// Whether moves animate.
    pub animate: Signal<bool>,
    /// The dialogs and questions, open or not.
    pub dialogs: Dialogs,
    /// The board's orientation and keyboard focus.
    pub board: BoardFocus,
    /// What My games and the home page list of the library.
    pub shelf: Shelf,
    /// *Import record*'s dialog.
    pub import: ImportDialog,
    /// The board editor's arrangement. Change it through [`AppState::edit`].
    pub editor: RwSignal<Editor>,
    workers: StoredValue<WorkerPool, LocalStorage>,
    library: StoredValue<Library, LocalStorage>,
    /// The address bar and the game's write not yet carried out (see
    /// [`AppState::write_soon`]), and the game's place in the library.
    pending: StoredValue<Pending, LocalStorage>,
}

/// The dialogs and questions of the pages, open or not.
#[derive(Clone, Copy)]
pub struct Dialogs {
    /// The new-game dialog, when open: the game and players it opens with.
    pub new_game: RwSignal<Option<(GameSpec, Seats, Option<TimeControl>)>>,
    /// Whether the list of keys (`?`) is open.
    pub keys_help: RwSignal<bool>,
    /// Whether the Notes dialog is open.
    pub notes_open: RwSignal<bool>,
    /// Whether the play page asks "Resign this game?".
    pub confirm_resign: RwSignal<bool>,
}

/// The board's orientation and where the keyboard is on it.
#[derive(Clone, Copy)]
pub struct BoardFocus {
    /// Whether the board is turned round.
    pub flipped: RwSignal<bool>,
    /// The cell with the keyboard focus.
    pub focus: RwSignal<Option<CellId>>,
    /// Whether the board takes the arrow keys: it was reached by the
    /// keyboard (Tab), not by a press. Otherwise the arrows step through
    /// the game, as after a move made with the mouse.
    pub board_keys: RwSignal<bool>,
}

/// What the pages show of the game library: markup the library wrote, and
/// its messages.
#[derive(Clone, Copy)]
pub struct Shelf {
    /// The rows of My games.
    pub rows: RwSignal<String>,
    /// The home page's games in progress.
    pub home_rows: RwSignal<String>,
    /// How many games the list shows, of how many.
    pub count_line: RwSignal<String>,
    /// Messages on My games: an import's result, a failure, no storage.
    pub messages: RwSignal<Vec<String>>,
    /// The game just deleted, for *Undo*.
    pub deleted: RwSignal<Option<String>>,
    /// Whether many games were never backed up (My games says so).
    pub backup_due: RwSignal<bool>,
    /// How many games the filter finds that the list does not show yet.
    pub more: RwSignal<u32>,
    /// The local-storage keys of the games kept aside ([`UNREADABLE_GAME`]
    /// and its `.id` keys), which the home page offers for download.
    pub aside: RwSignal<Vec<String>>,
}

/// *Import record*'s dialog.
#[derive(Clone, Copy)]
pub struct ImportDialog {
    /// `Some("")` while the text is being read, then why it cannot be
    /// read, or `None` once it opened.
    pub error: RwSignal<Option<String>>,
    /// The text pasted or read from a file.
    pub text: RwSignal<String>,
    /// The games of a text that holds several, to choose from (markup the
    /// library's worker wrote).
    pub choices: RwSignal<String>,
}

/// What is waiting to be written to the address bar and the library, and
/// which game of the library is shown.
struct Pending {
    /// The query, and whether it is a new tree entry.
    url: Option<(String, bool)>,
    /// The game to write.
    save: Option<Kept>,
    /// The library's version of the game this tab had seen when the
    /// change waiting to be written was made: the version it is written
    /// over (another tab's version, followed meanwhile, is merged with it,
    /// never replaced by it).
    save_base: Option<u64>,
    /// The timer that writes them.
    timer: Option<TimeoutHandle>,
    /// The library's id of the game shown, once it has been written.
    game: Option<String>,
    /// Where the game shown came from.
    origin: Origin,
    /// The library's version of the game shown, as this tab knows it.
    rev: Option<u64>,
    /// A game asked of the library, and why.
    opening: Option<(String, Opening)>,
    /// The filter of My games.
    filter: Filter,
    /// How many of its games My games shows (a page more at each *Show more*).
    list_rows: u32,
    /// A friend's link waiting for the library's copy of its game.
    letter: Option<ludoteca_core::session::formats::friend::Letter>,
}

impl Pending {
    /// A change of the game to write: the version it was made over is the
    /// one this tab knows now, unless an earlier change still waits.
    fn record_save(&mut self, kept: Kept) {
        if self.save.is_none() {
            self.save_base = self.rev;
        }
        self.save = Some(kept);
    }
}

impl Default for Pending {
    fn default() -> Self {
        Pending {
            url: None,
            save: None,
            save_base: None,
            timer: None,
            game: None,
            origin: Origin::Link,
            rev: None,
            opening: None,
            filter: Filter::default(),
            list_rows: library::LIST_PAGE,
            letter: None,
        }
    }
}

/// How long the address bar waits after a change of the position shown
/// before it is written: stepping through a game quickly writes once, not
/// once per step (browsers throttle pages that rewrite their URL too
/// often). A change of the game itself (a move, a note) is written at once,
/// with the address (`dispatch`).
const WRITE_DELAY: Duration = Duration::from_millis(120);

impl AppState {
    /// The state at start-up: the home page, no game shown, workers not started.
    #[must_use]
    pub fn new() -> AppState {
        let prefs = RwSignal::new(web::load(PREFS).map(|text| Prefs::read(&text)).unwrap_or_default());
        let state = AppState {
            page: RwSignal::new(Page::Home),
            session: RwSignal::new({
                let mut session = Session::new(&GameSpec::default_for(GameKind::Loa));
                session.set_move_workers(crate::web::spare_cores());
                session
            }),
            home_notices: RwSignal::new(Vec::new()),
            prefs,
            lang: RwSignal::new(ludoteca_core::i18n::current()),
            storage_refused: RwSignal::new(None),
            animate: Signal::derive(move || prefs.with(|p| p.animate)),
            dialogs: Dialogs {
                new_game: RwSignal::new(None),
                keys_help: RwSignal::new(false),
                notes_open: RwSignal::new(false),
                confirm_resign: RwSignal::new(false),
            },
            board: BoardFocus {
                flipped: RwSignal::new(false),
                focus: RwSignal::new(None),
                board_keys: RwSignal::new(false),
            },
            shelf: Shelf {
                rows: RwSignal::new(String::new()),
                home_rows: RwSignal::new(String::new()),
                count_line: RwSignal::new(String::new()),
                messages: RwSignal::new(Vec::new()),
                deleted: RwSignal::new(None),
                backup_due: RwSignal::new(false),
                more: RwSignal::new(0),
                aside: RwSignal::new(web::keys(UNREADABLE_GAME)),
            },
            import: ImportDialog {
                error: RwSignal::new(None),
                text: RwSignal::new(String::new()),
                choices: RwSignal::new(String::new()),
            },
            editor: RwSignal::new(Editor::of(&GameSpec::default_for(GameKind::Loa).start())),
            workers: StoredValue::new_local(WorkerPool::default()),
            library: StoredValue::new_local(Library::new(|_| {}, || {})),
            pending: StoredValue::new_local(Pending::default()),
        };
        state.library.set_value(Library::new(
            move |answer| state.on_library(answer),
            move || state.shelf.messages.update(|n| n.push(t!("The game library stopped; it has been restarted."))),
        ));
        state.workers.with_value(|w| {
            w.connect(move |role, reply| {
                state.dispatch(match reply {
                    Ok(response) => Intent::Answer(role, response),
                    Err(problem) => Intent::Failed(role, problem),
                });
            });
        });
        state
    }

    /// A value read from the session that changes only when it differs: what
    /// depends on it is not redrawn on every change of the session (an
    /// analysis line, a worker's progress).
    ///
    /// `read` is a plain function, not a closure: the memo's code is then
    /// made once for each type of value, not once for each reader (over
    /// forty readers: kilobytes of WebAssembly). Readers that need more
    /// than the session use [`AppState::derive_with`].
    pub fn derive<T: Clone + PartialEq + Send + Sync + 'static>(self, read: fn(&Session) -> T) -> Memo<T> {
        Memo::new(move |_| self.session.with(read))
    }

    /// [`AppState::derive`] with a reader that holds more than the session.
    pub fn derive_with<T: Clone + PartialEq + Send + Sync + 'static>(
        self,
        read: impl Fn(&Session) -> T + Send + Sync + 'static,
    ) -> Memo<T> {
        Memo::new(move |_| self.session.with(&read))
    }

    /// Hands `intent` to the session and carries out what it asks for
    /// (another game shown closes the "Resign?" question).
    pub fn dispatch(self, intent: Intent) {
        if matches!(intent, Intent::Load(_) | Intent::NewGame { .. }) {
            self.dialogs.confirm_resign.set(false);
        }
        let ticking = matches!(intent, Intent::Clock(_));
        let effects = self
            .session
            .try_update(|s| {
                s.set_now(js_sys::Date::now());
                s.apply(intent)
            })
            .unwrap_or_default();
        for effect in effects {
            self.run(effect);
        }
        // A change of the game is written in its own task, before it is
        // painted: a reload, a crash or another tab a moment later finds it.
        // (The address alone, stepping through a game, waits: WRITE_DELAY.)
        // Written in two tasks (the journal first, the rest in the next),
        // a second tab's move made in between was lost now and then.
        if self.pending.with_value(|p| p.save.is_some()) {
            self.write_now();
        }
        if !ticking {
            self.take_moves_apart_later();
        }
    }

    /// The moves of the position shown are taken apart once it has been
    /// drawn, in a task of their own, so that the first press on a piece
    /// does not wait for them (Forms 18×18: 26,244 moves, the largest part
    /// of a first selection's 60-90 ms at 4× CPU). Nothing when they are
    /// already known.
    fn take_moves_apart_later(self) {
        request_animation_frame(move || {
            set_timeout(
                move || {
                    self.session.with_untracked(|s| {
                        let _ = s.choices();
                    });
                },
                Duration::ZERO,
            );
        });
    }

    fn run(self, effect: Effect) {
        let workers = self.workers.with_value(WorkerPool::clone);
        match effect {
            Effect::Search { role, request, time_limit_ms, delay_ms } => {
                workers.search(role, request, time_limit_ms, delay_ms);
            }
            Effect::Stop(role) => workers.stop(role),
            Effect::Url { query, new_entry } => self.write_soon(|p| {
                // A new entry stays a new entry when later changes join it.
                let new_entry = new_entry || p.url.as_ref().is_some_and(|(_, n)| *n);
                p.url = Some((query, new_entry));
            }),
            Effect::Save(kept) => self.write_soon(|p| p.record_save(*kept)),
            Effect::Sound(sound) => {
                if self.sounds_on() {
                    crate::sound::play(sound);
                }
            }
        }
    }

    /// Whether moves make sounds: when the player has them on, except in an
    /// embedded board and in a browser driven by a test, unless the link asks
    /// for them (`sound=1`).
    fn sounds_on(self) -> bool {
        let view = self.session.with_untracked(Session::presentation);
        self.prefs.with_untracked(|p| p.sound) && (view.sound || (!view.embed && !web::automated()))
    }

    /// Changes the preferences and saves them.
    pub fn set_prefs(self, change: impl FnOnce(&mut Prefs)) {
        self.prefs.update(change);
        if !web::save(PREFS, &self.prefs.with_untracked(ToString::to_string)) {
            self.storage_was_refused();
        }
    }

    /// Turns the board round; the full page remembers it for the game shown
    /// (against the computer the board faces the person, whatever it remembers).
    pub fn flip(self) {
        let flipped = !self.board.flipped.get_untracked();
        self.board.flipped.set(flipped);
        let (kind, embed, person) = self
            .session
            .with_untracked(|s| (s.tree().spec().kind(), s.presentation().embed, seats::person(&s.seats())));
        if !embed && person.is_none() {
            self.set_prefs(|p| p.set_flipped(kind, flipped));
        }
    }

    /// Shows the game's board the way the player last looked at it, or from
    /// the person's side against the computer.
    fn orient(self) {
        let (kind, view, person) =
            self.session.with_untracked(|s| (s.tree().spec().kind(), s.presentation(), seats::person(&s.seats())));
        let flipped = match person {
            Some(you) => you == Player::White,
            None => self.prefs.with_untracked(|p| p.flipped(kind)),
        };
        // An embedded board faces the way its author chose (`flip=1`).
        self.board.flipped.set(if view.embed { view.flip } else { flipped });
    }

    /// Records a write and starts the timer that carries out every pending one.
    fn write_soon(self, record: impl FnOnce(&mut Pending)) {
        let start = self.pending.try_update_value(|p| {
            record(p);
            p.timer.is_none()
        });
        if start == Some(true)
            && let Ok(timer) = set_timeout_with_handle(move || self.write_now(), WRITE_DELAY)
        {
            self.pending.update_value(|p| p.timer = Some(timer));
        }
    }

    /// The browser went back or forward: an address not yet written no longer applies.
    pub fn forget_pending_url(self) {
        self.pending.update_value(|p| p.url = None);
    }

    /// Writes the address bar and the saved game now, if anything is pending.
    pub fn write_now(self) {
        let Some((url, save, save_base, timer)) =
            self.pending.try_update_value(|p| (p.url.take(), p.save.take(), p.save_base.take(), p.timer.take()))
        else {
            return;
        };
        if let Some(timer) = timer {
            timer.clear();
        }
        // A game's first write gives it its place in the library, which its
        // history entries remember (a reload, Back and Forward find it).
        let saving = save.is_some();
        let game = match save {
            Some(_) => {
                self.pending.try_update_value(|p| p.game.get_or_insert_with(|| new_id(web::random_seed())).clone())
            }
            None => self.pending.with_value(|p| p.game.clone()),
        };
        match url {
            Some((query, true)) => web::push_query(&query, game.as_deref()),
            Some((query, false)) => web::replace_query(&query, game.as_deref()),
            // A first write without a change of the link (notes, a review):
            // the history entry learns the game's place all the same.
            None if saving => web::replace_query(&web::query(), game.as_deref()),
            None => {}
        }
        if let (Some(kept), Some(id)) = (save, game) {
            // The version this write makes, if no other tab writes first.
            let (origin, base) = self
                .pending
                .try_update_value(|p| {
                    let base = save_base;
                    p.rev = Some(base.map_or(1, |r| r + 1));
                    (p.origin, base)
                })
                .unwrap_or((Origin::Link, None));
            if !self.library.with_value(|l| l.put(&id, kept, origin, js_sys::Date::now(), base)) {
                self.storage_was_refused();
            }
        }
    }

    /// The browser refused a write: the page says so, once.
    fn storage_was_refused(self) {
        self.storage_refused_because(&t!(
            "This browser refused to store the game (its storage may be full, or this window keeps nothing): it \
             may not be kept here. Download it, copy its link, or download a backup from My games."
        ));
    }

    /// The game cannot be kept, for the reason `why` (in words): the page
    /// says so, once, with a way to keep the game all the same.
    pub(crate) fn storage_refused_because(self, why: &str) {
        if self.storage_refused.with_untracked(Option::is_none) {
            self.storage_refused.set(Some(why.to_owned()));
        }
    }

    /// Shows what a link asks for; `new_entry` adds it to the browser's tree.
    pub fn open_route(self, route: Route, new_entry: bool) {
        self.board.focus.set(None);
        match route {
            Route::Home { notice } => {
                self.leave();
                self.home_notices.set(notice.into_iter().collect());
                self.page.set(Page::Home);
                self.list_home();
                if new_entry {
                    web::push_query("", None);
                }
            }
            Route::Games => {
                self.leave();
                self.page.set(Page::Games);
                self.list_games(None);
                if new_entry {
                    web::push_query("?games", None);
                }
            }
            Route::Rules(kind) => {
                self.leave();
                self.page.set(Page::Rules(kind));
                if new_entry {
                    web::push_query(&format!("?rules={}", kind.id()), None);
                }
            }
            Route::Edit { spec, from } => {
                self.leave();
                let (editor, notice) = Editor::new(spec, from.as_deref());
                if new_entry {
                    web::push_query(&editor.link(), None);
                } else {
                    // A link that was partly wrong is corrected in the address bar.
                    web::replace_query(&editor.link(), None);
                }
                self.editor.set(editor);
                self.home_notices.set(notice.into_iter().collect());
                self.page.set(Page::Edit);
            }
            Route::EmbedError { notice } => {
                self.dispatch(Intent::Leave);
                self.home_notices.set(vec![notice]);
                self.page.set(Page::EmbedError);
            }
            Route::Play { tree, seats, view, notices } => {
                // Back, Forward and a reload come back to the game's place in
                // the library; a link opened anew is a game of its own. A game
                // with a friend has one place, its id, in both libraries.
                let game = match tree.friend() {
                    Some(friend) => Some(friend.id.clone()),
                    None if new_entry => None,
                    None => web::entry_game(),
                };
                self.pending.update_value(|p| {
                    p.game = game;
                    p.rev = None;
                    p.origin = Origin::Link;
                });
                // Already on the play page (the library's copy of the game
                // shown after a reload, Back or Forward between games): it
                // stays, and shows the game loaded; drawing it anew would
                // drop what the player was typing.
                if new_entry || self.page.get_untracked() != Page::Play {
                    self.page.set(Page::Play);
                }
                let seed = web::random_seed();
                self.dispatch(Intent::Load(Box::new(Loaded { tree, seats, view, notices, new_entry, seed })));
                self.orient();
            }
        }
    }

    /// Opens a kept game: its link's game, with its comments and the
    /// review's verdicts; `notices` say what of it could not be used.
    /// `new_entry` adds it to the browser's history.
    pub fn open_kept(self, kept: Kept, notices: Vec<String>, new_entry: bool) {
        let mut route = url::decode(&kept.query);
        let mut verdicts = Vec::new();
        if let Route::Play { ref mut tree, notices: ref mut said, .. } = route {
            verdicts = saved::apply_notes(tree, kept.notes);
            said.extend(notices);
        }
        self.open_route(route, new_entry);
        if !verdicts.is_empty() {
            self.dispatch(Intent::Review(ReviewIntent::Verdicts(verdicts)));
        }
    }

    /// Leaves the page shown: its searches stop, its writes are made.
    fn leave(self) {
        self.dispatch(Intent::Leave);
        self.write_now();
        self.pending.update_value(|p| p.game = None);
    }

    /// The game shown was imported from a record: it is kept at once, as such.
    pub fn imported(self) {
        self.keep_now(Origin::Imported);
    }

    /// The game shown is kept at once, as coming from `origin`.
    pub fn keep_now(self, origin: Origin) {
        self.pending.update_value(|p| p.origin = origin);
        let kept = self.session.with_untracked(Session::kept);
        self.write_soon(|p| p.record_save(kept));
        self.write_now();
    }

    /// Starts a new game of `spec` with `seats` playing, timed by `clock`.
    pub fn new_game(self, spec: GameSpec, seats: Seats, clock: Option<TimeControl>) {
        self.write_now();
        self.pending.update_value(|p| {
            p.game = None;
            p.rev = None;
            p.origin = Origin::Played;
        });
        self.set_prefs(|p| p.set_spec(&spec));
        self.dialogs.new_game.set(None);
        self.board.focus.set(None);
        self.page.set(Page::Play);
        self.dispatch(Intent::NewGame { spec, seats, seed: web::random_seed(), clock });
        self.orient();
    }

    /// Starts `kind` against the computer, with the level, colour and rule
    /// options last chosen (a random colour by a coin toss).
    pub fn play_computer(self, kind: GameKind) {
        let (spec, level, side, clock) = self.prefs.with_untracked(|p| (p.spec(kind), p.level, p.side, p.clock));
        self.new_game(spec, seats::against_computer(side.player(web::random_seed() & 1 == 1), level), clock);
    }

    /// Starts the game chosen in the new-game dialog, and remembers its
    /// choices: the rule options, the clock, and against the computer its
    /// level and the person's colour.
    pub fn start_chosen(self, spec: GameSpec, seats: Seats, clock: Option<TimeControl>) {
        self.set_prefs(|p| p.clock = clock);
        if let Some(you) = seats::person(&seats)
            && let Some(level) = seats[you.opponent()].level()
        {
            self.set_prefs(|p| {
                p.level = level;
                p.side = if you == Player::Black { Side::Black } else { Side::White };
            });
        }
        self.new_game(spec, seats, clock);
    }

    /// Starts `kind` for two people at this screen, with the rule options last chosen.
    pub fn play_friend(self, kind: GameKind) {
        let (spec, clock) = self.prefs.with_untracked(|p| (p.spec(kind), p.clock));
        self.new_game(spec, Seats::default(), clock);
    }

    /// Opens the new-game dialog on the game shown, as it is set up.
    pub fn ask_new_game(self) {
        let clock = self.prefs.with_untracked(|p| p.clock);
        self.dialogs.new_game.set(Some(
            self.session
                .with_untracked(|s| (s.tree().spec(), s.seats(), s.tree().clock().map(|c| c.control).or(clock))),
        ));
    }

    /// Opens the new-game dialog on `kind` with the rule options last chosen
    /// and the home page's choice of players: the computer at its level, the
    /// person at their colour (a random colour drawn now, shown in the
    /// dialog). Two people is a change of seat away.
    pub fn ask_new_game_of(self, kind: GameKind) {
        let (spec, level, side, clock) = self.prefs.with_untracked(|p| (p.spec(kind), p.level, p.side, p.clock));
        let seats = seats::against_computer(side.player(web::random_seed() & 1 == 1), level);
        self.dialogs.new_game.set(Some((spec, seats, clock)));
    }

    /// Goes to the home page.
    pub fn go_home(self) {
        self.open_route(Route::Home { notice: None }, true);
    }

    /// Opens a game's rules.
    pub fn go_rules(self, kind: GameKind) {
        self.open_route(Route::Rules(kind), true);
    }

    /// Writes the game with its running clock's time now, and everything
    /// pending (the page is hidden or closing).
    pub fn save_now(self) {
        self.dispatch(Intent::Clock(ClockIntent::Save));
        self.write_now();
    }

    /// Stops every search and writes what is pending (the page is closing).
    pub fn shut_down(self) {
        self.dispatch(Intent::Clock(ClockIntent::Save));
        self.dispatch(Intent::Leave);
        self.write_now();
    }
}

impl Default for AppState {
    fn default() -> Self {
        AppState::new()
    }
}
