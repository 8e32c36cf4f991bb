//! The application shell: the routing between the home, play and rules
//! pages, the page-wide keys, and the header.

use leptos::ev;
use leptos::prelude::*;
use rules::{GameKind, GameSpec};
use wasm_bindgen::JsCast;

use crate::components::keys::KeysDialog;
use crate::components::language::LanguageChooser;
use crate::components::new_game::NewGameDialog;
use crate::components::notes::NotesDialog;
use crate::pages::{editor::EditorPage, embed::Embed, games::GamesPage, home::Home, play::Play, rules::RulesPage};
use crate::state::{AppState, Page};
use crate::web;
use ludoteca_core::library::Origin;
use ludoteca_core::session::Intent;
use ludoteca_core::session::formats::prefs::Prefs;
use ludoteca_core::session::formats::url;
use ludoteca_core::session::model::clock::TimeControl;
use ludoteca_core::session::model::seats::Seats;
use ludoteca_core::session::model::tree::Nav;
use ludoteca_core::{i18n, t};

/// Whether a key event belongs to something else than the page: a text
/// field (where keys mean typing) or an open dialog.
fn typing(ev: &web_sys::KeyboardEvent) -> bool {
    ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).is_some_and(|el| {
        matches!(el.tag_name().to_ascii_lowercase().as_str(), "input" | "select" | "textarea")
            || el.closest("dialog").ok().flatten().is_some()
    })
}

/// What a page-wide key asks for on the play page.
fn key_intent(key: &str) -> Option<Intent> {
    Some(match key {
        "ArrowLeft" => Intent::Navigate(Nav::Back),
        "ArrowRight" => Intent::Navigate(Nav::Forward),
        "ArrowUp" => Intent::Navigate(Nav::Up),
        "ArrowDown" => Intent::Navigate(Nav::Down),
        "Home" => Intent::Navigate(Nav::First),
        "End" => Intent::Navigate(Nav::Last),
        "Escape" => Intent::Cancel,
        _ => return None,
    })
}

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    let state = AppState::new();
    provide_context(state);
    // Inside another page's frame, only embedded boards (see `Route::framed`).
    let framed = web::framed();
    let route = move || {
        let route = url::decode(&web::query());
        if framed { route.framed() } else { route }
    };
    // A link that was partly wrong is corrected in the address bar at once.
    state.open_route(route(), false);
    // Moves played on the first board, before the app had loaded
    // (crates/first-board), are in the address: that game is kept at once.
    if web::played_ahead() && state.page.get_untracked() == Page::Play {
        state.keep_now(Origin::Played);
    }
    // The old saved game moves into the library, which starts once the first
    // board is shown (its worker's files load then); a reload gets back from
    // it what a link cannot hold: comments, the review's verdicts. An
    // embedded board keeps nothing.
    if !framed {
        state.migrate_saved_game();
        set_timeout(move || state.start_library(), std::time::Duration::ZERO);
        // A friend's link: opened as the page loads, or in this tab later
        // (only its fragment changes: the page does not load again).
        state.receive_friend_link();
        let _ = window_event_listener(ev::hashchange, move |_| state.receive_friend_link());
    }
    let _ = window_event_listener(ev::beforeunload, move |_| state.shut_down());
    // A phone may close a hidden tab without unload: what waits to be written
    // is written when the page is hidden or left.
    let _ = window_event_listener(ev::pagehide, move |_| state.save_now());
    let _ = window_event_listener(ev::visibilitychange, move |_| {
        if document().hidden() {
            state.save_now();
        }
    });
    let _ = window_event_listener(ev::popstate, move |_| {
        state.forget_pending_url();
        state.open_route(route(), false);
    });
    let _ = window_event_listener(ev::keydown, move |ev| {
        if typing(&ev) || ev.ctrl_key() || ev.meta_key() || ev.alt_key() || state.page.get_untracked() != Page::Play {
            return;
        }
        // The board takes the arrows only when it was reached by the keyboard.
        let board_has_focus = state.board.board_keys.get_untracked()
            && document().active_element().is_some_and(|el| el.class_list().contains("board-wrap"));
        let key = ev.key();
        match key.as_str() {
            "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" if board_has_focus => return, // the board's own keys
            // Without variations, up and down scroll the page as usual.
            "ArrowUp" | "ArrowDown" if state.session.with_untracked(|s| s.tree().is_line()) => return,
            "f" | "F" => state.flip(),
            "?" => state.dialogs.keys_help.set(true),
            "1" | "2" | "3" if state.session.with_untracked(|s| s.selection().stones.is_some()) => {
                // RA: how many stones move, also while dragging the stack.
                state.dispatch(Intent::ChooseStones(key.as_bytes()[0] - b'0'));
            }
            other => match key_intent(other) {
                Some(intent) => state.dispatch(intent),
                None => return,
            },
        }
        ev.prevent_default();
    });
    // The theme the player chose, or the system's; an embedded board's
    // author may choose it (`theme=`).
    Effect::new(move |_| {
        let chosen = state.session.with(|s| s.presentation().theme.filter(|_| s.presentation().embed));
        let theme = chosen.unwrap_or_else(|| state.prefs.with(|p| p.theme));
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("data-theme", theme.id());
        }
    });
    // The board's size, if the player chose one (the stylesheet reads it).
    Effect::new(move |_| web::set_board_size(state.prefs.with(Prefs::board).map(i64::from)));
    // The tab names the page: the game and whose move it is.
    let title = Memo::new(move |_| {
        state.lang.track();
        match state.page.get() {
            Page::Home => t!("Ludoteca: Attract, Forms, RA and Lines of Action"),
            Page::Rules(kind) => t!("{game} rules · Ludoteca", game = i18n::text(kind.name())),
            Page::EmbedError => "Ludoteca".to_owned(),
            Page::Games => t!("My games · Ludoteca"),
            Page::Edit => t!("Board editor · Ludoteca"),
            Page::Play => state.session.with(|s| {
                t!(
                    "{game}: {status} · Ludoteca",
                    game = i18n::text(s.tree().spec().kind().name()),
                    status = s.short_status()
                )
            }),
        }
    });
    Effect::new(move |_| document().set_title(&title.get()));
    let embedded = move || state.page.get() == Page::Play && state.session.with(|s| s.presentation().embed);
    let broken = move || state.page.get() == Page::EmbedError;
    // Another language draws the page again in parts (see `FullPage`); an
    // embedded board and its notice wholly.
    view! {
        <Show when=broken fallback=move || view! {
            <Show when=embedded fallback=|| view! { <FullPage/> }>
                {move || {
                    state.lang.track();
                    view! { <Embed/> }
                }}
            </Show>
        }>
            {move || {
                state.lang.track();
                view! { <EmbedNotice/> }
            }}
        </Show>
    }
}

/// An embedded board whose link cannot be opened: the reason, in the frame.
#[component]
fn EmbedNotice() -> impl IntoView {
    let state = expect_context::<AppState>();
    view! {
        <main class="embed embed-broken">
            <h1 class="embed-title">"Ludoteca"</h1>
            {move || state.home_notices.get().into_iter().map(|n| view! { <p class="embed-notice" role="alert">{n}</p> }).collect_view()}
            <a class="embed-link" href="./" target="_blank" rel="noopener">{t!("Open Ludoteca ↗")}</a>
        </main>
    }
}

/// The page with its header.
///
/// Another language draws the page again in parts, each reading its texts
/// anew: the header's links, the page shown, the dialogs open. The
/// language chooser stays (and keeps the keyboard's focus); on the play
/// page the board stays too, its cells named again (see `Play`).
#[component]
fn FullPage() -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = state.lang;
    let language_problem = RwSignal::new(None::<String>);
    let dialog = move || {
        state.dialogs.new_game.get().map(|(spec, seats, clock)| {
            view! {
                <NewGameDialog spec seats clock
                    on_start=Callback::new(move |(spec, seats, clock): (GameSpec, Seats, Option<TimeControl>)| {
                        state.start_chosen(spec, seats, clock);
                    })
                    on_cancel=Callback::new(move |()| state.dialogs.new_game.set(None))/>
            }
        })
    };
    view! {
        <header class="top">
            {move || { lang.track(); view! { <HeaderLinks/> } }}
            <LanguageChooser problem=language_problem/>
        </header>
        <main class="page">
            {move || language_problem.get().map(|why| view! {
                <p class="notice language-problem" role="alert" data-testid="language-problem">{why}" "
                    <button class="small-button" on:click=move |_| language_problem.set(None)>{t!("Close")}</button>
                </p>
            })}
            {move || match state.page.get() {
                // The play page and the editor draw their own parts again:
                // their boards stay.
                Page::Play => view! { <Play/> }.into_any(),
                Page::Edit => view! { <EditorPage/> }.into_any(),
                page => {
                    lang.track();
                    match page {
                        // (The play page and the editor are the arms above.)
                        Page::Home | Page::EmbedError | Page::Play | Page::Edit => view! { <Home/> }.into_any(),
                        Page::Rules(kind) => view! { <RulesPage kind/> }.into_any(),
                        Page::Games => view! { <GamesPage/> }.into_any(),
                    }
                }
            }}
        </main>
        {move || { lang.track(); dialog() }}
        {move || { lang.track(); state.dialogs.keys_help.get().then(|| view! { <KeysDialog/> }) }}
        {move || { lang.track(); state.dialogs.notes_open.get().then(|| view! { <NotesDialog/> }) }}
    }
}

/// The header's links: the board's skip link, home, My games, Learn and the
/// rules.
#[component]
fn HeaderLinks() -> impl IntoView {
    let state = expect_context::<AppState>();
    view! {
            {move || (state.page.get() == Page::Play).then(|| view! {
                // The page has a <base>, against which "#board" would be another
                // address: the link moves the focus itself.
                <a class="skip-link" href="#board" on:click=|ev| {
                    ev.prevent_default();
                    if let Some(board) = document().get_element_by_id("board")
                        && let Ok(board) = board.dyn_into::<web_sys::HtmlElement>()
                    {
                        let _ = board.focus();
                    }
                }>{t!("Skip to the board")}</a>
            })}
            <a class="brand" href="./" on:click=move |ev| {
                ev.prevent_default();
                state.go_home();
            }>"Ludoteca"</a>
            <a class="games-link" href="?games" aria-current=move || (state.page.get() == Page::Games).then_some("page")
                on:click=move |ev| {
                    ev.prevent_default();
                    state.open_route(url::Route::Games, true);
                }>{t!("My games")}</a>
            // Lessons and puzzles: a page of their own (learn.html), off the app's path.
            <a class="games-link" href="learn.html">{t!("Learn")}</a>
            // The links open the rules; each game is played from the home page.
            <nav class="top-nav" aria-label=t!("Rules of the games")>
                <span class="nav-label" aria-hidden="true">{t!("Rules:")}</span>
                {GameKind::ALL
                    .into_iter()
                    .map(|kind| view! {
                        <a href=format!("?rules={}", kind.id()) on:click=move |ev| {
                            ev.prevent_default();
                            state.go_rules(kind);
                        }>{i18n::text(kind.name())}</a>
                    })
                    .collect_view()}
            </nav>
    }
}
