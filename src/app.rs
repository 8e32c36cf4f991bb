//! The application shell: the state every page shares, the routing between
//! the home, play and rules pages, and keeping the address bar in step.

use leptos::ev;
use leptos::prelude::*;
use rules::{GameKind, GameSpec};

use crate::ai::{self, Analysis, Engines, Hint};
use crate::components::new_game::NewGameDialog;
use crate::games::animation::{Animation, animate};
use crate::games::{Click, Selection, click};
use crate::pages::{embed::Embed, home::Home, play::Play, rules::RulesPage};
use crate::session::history::History;
use crate::session::players::{Seat, Seats};
use crate::session::url::{self, Route, ViewMode};
use crate::web;

/// Where the saved game lives in local storage.
pub const SAVED_GAME: &str = "ludoteca.saved-game";

/// Which page is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// The game picker.
    Home,
    /// A game.
    Play,
    /// A game's rules.
    Rules(GameKind),
}

/// The state all pages share, provided as context.
#[derive(Clone, Copy)]
pub struct AppState {
    /// The page shown.
    pub page: RwSignal<Page>,
    /// The game and its cursor.
    pub history: RwSignal<History>,
    /// The selected piece.
    pub selection: RwSignal<Selection>,
    /// Messages for the player (bad links, bad moves, saved-game problems).
    pub notices: RwSignal<Vec<String>>,
    /// Whether the board is turned round.
    pub flipped: RwSignal<bool>,
    /// Whether moves animate.
    pub animate: RwSignal<bool>,
    /// The animation of the move just played.
    pub animation: RwSignal<Option<Animation>>,
    /// The new-game dialog, when open.
    pub dialog: RwSignal<Option<GameKind>>,
    /// The cell with the keyboard focus.
    pub focus: RwSignal<Option<String>>,
    /// Who plays each side.
    pub seats: RwSignal<Seats>,
    /// The id of the computer's search under way.
    pub thinking: RwSignal<Option<u64>>,
    /// A message about the computer player (restarts and failures).
    pub engine_notice: RwSignal<Option<String>>,
    /// The workers.
    pub engines: StoredValue<Engines, LocalStorage>,
    /// The hint shown, if any.
    pub hint: RwSignal<Option<Hint>>,
    /// The id of the hint search under way.
    pub hint_id: RwSignal<Option<u64>>,
    /// Whether the analysis panel is open.
    pub analysis_on: RwSignal<bool>,
    /// What the analysis found so far.
    pub analysis: RwSignal<Option<Analysis>>,
    /// The id of the analysis under way.
    pub analysis_id: RwSignal<Option<u64>>,
    /// Computer-against-computer games: paused.
    pub paused: RwSignal<bool>,
    /// Computer-against-computer games: milliseconds between moves.
    pub pace_ms: RwSignal<u32>,
    /// Embedded or full page; viewer or player.
    pub view: RwSignal<ViewMode>,
}

impl AppState {
    fn new() -> AppState {
        AppState {
            page: RwSignal::new(Page::Home),
            history: RwSignal::new(History::new(GameSpec::default_for(GameKind::Loa).start(), None)),
            selection: RwSignal::new(Selection::default()),
            notices: RwSignal::new(Vec::new()),
            flipped: RwSignal::new(false),
            animate: RwSignal::new(!web::prefers_reduced_motion()),
            animation: RwSignal::new(None),
            dialog: RwSignal::new(None),
            focus: RwSignal::new(None),
            seats: RwSignal::new(Seats::default()),
            thinking: RwSignal::new(None),
            engine_notice: RwSignal::new(None),
            engines: StoredValue::new_local(Engines::new()),
            hint: RwSignal::new(None),
            hint_id: RwSignal::new(None),
            analysis_on: RwSignal::new(false),
            analysis: RwSignal::new(None),
            analysis_id: RwSignal::new(None),
            paused: RwSignal::new(false),
            pace_ms: RwSignal::new(700),
            view: RwSignal::new(ViewMode::default()),
        }
    }

    /// Shows what the address bar asks for.
    pub fn open_route(&self, route: Route) {
        ai::stop_player(*self);
        self.selection.set(Selection::default());
        self.animation.set(None);
        self.focus.set(None);
        self.hint.set(None);
        self.engine_notice.set(None);
        self.paused.set(false);
        match route {
            Route::Home { notice } => {
                self.notices.set(notice.into_iter().collect());
                self.page.set(Page::Home);
            }
            Route::Rules(kind) => {
                self.notices.set(Vec::new());
                self.page.set(Page::Rules(kind));
            }
            Route::Play { history, seats, view, notices } => {
                self.notices.set(notices);
                self.seats.set(seats);
                self.view.set(view);
                self.history.set(history);
                self.page.set(Page::Play);
            }
        }
    }

    /// Starts a new game of `spec` with `seats` playing.
    pub fn new_game(&self, spec: &GameSpec, seats: Seats) {
        self.dialog.set(None);
        let view = ViewMode { embed: false, ..self.view.get_untracked() };
        self.open_route(Route::Play { history: History::new(spec.start(), None), seats, view, notices: Vec::new() });
        web::push_query(&self.query());
    }

    /// The address bar's query for the game shown.
    fn query(&self) -> String {
        let seats = self.seats.get_untracked();
        let view = self.view.get_untracked();
        self.history.with_untracked(|h| url::encode(h, &seats, view))
    }

    /// Goes to the home page.
    pub fn go_home(&self) {
        self.open_route(Route::Home { notice: None });
        web::push_query("");
    }

    /// Opens a game's rules.
    pub fn go_rules(&self, kind: GameKind) {
        self.open_route(Route::Rules(kind));
        web::push_query(&format!("?rules={}", kind.id()));
    }

    /// Plays a move given in notation at the cursor.
    ///
    /// # Errors
    /// Why the move is not legal, in words.
    pub fn play(&self, text: &str) -> Result<(), String> {
        let before = self.history.with_untracked(|h| h.position().clone());
        let mut result = Ok(String::new());
        self.history.update(|h| result = h.play(text));
        let written = result.map_err(|e| format!("\"{text}\": {e}"))?;
        let after = self.history.with_untracked(|h| h.position().clone());
        self.animation.set(self.animate.get_untracked().then(|| animate(&before, &after, &written)));
        self.selection.set(Selection::default());
        self.hint.set(None);
        self.notices.set(Vec::new());
        self.sync();
        Ok(())
    }

    /// Handles a click (or Enter) on a cell.
    pub fn click_cell(&self, cell: &str) {
        let game = self.history.with_untracked(|h| h.position().clone());
        if game.outcome().is_some() || ai::computer_to_move(*self) || !self.view.get_untracked().interactive {
            return;
        }
        let moves = game.legal_move_parts();
        match click(&moves, &self.selection.get_untracked(), cell) {
            Click::Play(mv) => {
                if let Err(e) = self.play(&mv) {
                    self.notices.set(vec![e]);
                }
            }
            Click::Select(selection) => self.selection.set(selection),
            Click::Clear => self.selection.set(Selection::default()),
        }
    }

    /// Moves through the history: `first`, `back`, `forward`, `last`, or to a ply.
    pub fn navigate(&self, how: &str, ply: Option<usize>) {
        ai::stop_player(*self);
        self.hint.set(None);
        self.history.update(|h| match (how, ply) {
            (_, Some(p)) => h.go(p),
            ("first", _) => h.first(),
            ("back", _) => h.back(),
            ("forward", _) => h.forward(),
            _ => h.last(),
        });
        self.animation.set(None);
        self.selection.set(Selection::default());
        self.sync();
    }

    /// Takes back the last move; against the computer, back to the person's turn.
    pub fn undo(&self) {
        ai::stop_player(*self);
        self.hint.set(None);
        self.history.update(History::undo);
        let seats = self.seats.get_untracked();
        let has_person = seats.black == Seat::Human || seats.white == Seat::Human;
        if has_person && ai::computer_to_move(*self) && self.history.with_untracked(History::can_undo) {
            self.history.update(History::undo);
        }
        self.animation.set(None);
        self.selection.set(Selection::default());
        self.sync();
    }

    /// Writes the game to the address bar and to local storage.
    pub fn sync(&self) {
        if self.page.get_untracked() == Page::Play {
            let query = self.query();
            web::replace_query(&query);
            // An embedded board is someone else's page: it does not replace the saved game.
            if !self.view.get_untracked().embed {
                web::save(SAVED_GAME, &query);
            }
        }
    }
}

/// Whether a key event comes from a text field (where keys mean typing).
fn typing(ev: &web_sys::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().to_ascii_lowercase().as_str(), "input" | "select" | "textarea"))
}

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    let state = AppState::new();
    provide_context(state);
    state.open_route(url::decode(&web::query()));
    // A link that was partly wrong is corrected in the address bar at once.
    if state.page.get_untracked() == Page::Play {
        state.sync();
    }
    // The computer plays when it is its turn; the analysis follows the cursor.
    Effect::new(move |_| ai::drive(state));
    Effect::new(move |_| ai::analyse(state));
    let _ = window_event_listener(ev::beforeunload, move |_| {
        ai::stop_player(state);
        ai::stop_adviser(state);
    });
    let _ = window_event_listener(ev::popstate, move |_| state.open_route(url::decode(&web::query())));
    let _ = window_event_listener(ev::keydown, move |ev| {
        if typing(&ev) || ev.ctrl_key() || ev.meta_key() || ev.alt_key() || state.page.get_untracked() != Page::Play {
            return;
        }
        let board_has_focus = document().active_element().is_some_and(|el| el.class_list().contains("board-wrap"));
        match ev.key().as_str() {
            "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" if board_has_focus => {} // handled by the board
            "ArrowLeft" => state.navigate("back", None),
            "ArrowRight" => state.navigate("forward", None),
            "Home" => state.navigate("first", None),
            "End" => state.navigate("last", None),
            "f" | "F" => state.flipped.update(|f| *f = !*f),
            "Escape" => state.selection.set(Selection::default()),
            _ => return,
        }
        ev.prevent_default();
    });
    let embedded = move || state.page.get() == Page::Play && state.view.get().embed;
    view! {
        <Show when=embedded fallback=|| view! { <FullPage/> }>
            <Embed/>
        </Show>
    }
}

/// The page with its header.
#[component]
fn FullPage() -> impl IntoView {
    let state = expect_context::<AppState>();
    let dialog = move || {
        state.dialog.get().map(|kind| {
            view! {
                <NewGameDialog kind
                    on_start=Callback::new(move |(spec, seats): (GameSpec, Seats)| state.new_game(&spec, seats))
                    on_cancel=Callback::new(move |()| state.dialog.set(None))/>
            }
        })
    };
    view! {
        <header class="top">
            <a class="brand" href="./" on:click=move |ev| {
                ev.prevent_default();
                state.go_home();
            }>"Ludoteca"</a>
            <nav class="top-nav" aria-label="Games">
                {GameKind::ALL
                    .into_iter()
                    .map(|kind| view! {
                        <a href=format!("?rules={}", kind.id()) on:click=move |ev| {
                            ev.prevent_default();
                            state.go_rules(kind);
                        }>{kind.name()}</a>
                    })
                    .collect_view()}
            </nav>
        </header>
        <main class="page">
            {move || match state.page.get() {
                Page::Home => view! { <Home/> }.into_any(),
                Page::Play => view! { <Play/> }.into_any(),
                Page::Rules(kind) => view! { <RulesPage kind/> }.into_any(),
            }}
        </main>
        {dialog}
    }
}
