//! The home page: the computer's level and the person's colour, the four
//! games as cards (each to play against the computer or a friend), and the
//! games in progress to continue (from the library). The level, the colour
//! and the cards are markup written once (`ludoteca_core::markup::home`).

use leptos::html;
use leptos::prelude::*;
use rules::GameKind;
use search::levels::Level;
use wasm_bindgen::JsCast;

use crate::pages::games::rows_view;
use crate::state::{AppState, UNREADABLE_GAME};
use crate::web;
use ludoteca_core::markup::home::{card_picture, choices, intro, props};
use ludoteca_core::session::formats::url::Route;
use ludoteca_core::session::model::seats::Side;
use ludoteca_core::t;

/// What a press on the choices asks for (`data-act`): a way into a game.
fn act(state: AppState, act: &str) {
    let Some((what, id)) = act.split_once(':') else { return };
    let Some(kind) = GameKind::ALL.into_iter().find(|k| k.id() == id) else { return };
    match what {
        "computer" => state.play_computer(kind),
        "friend" => state.play_friend(kind),
        "bylink" => state.ask_friend_game(kind),
        "options" => state.ask_new_game_of(kind),
        "rules" => state.go_rules(kind),
        _ => {}
    }
}

/// The level, the colour and the cards, written once ([`choices`]); what
/// they show follows the player's choices ([`props`]).
#[component]
fn Choices() -> impl IntoView {
    let state = expect_context::<AppState>();
    let holder = NodeRef::<html::Div>::new();
    Effect::new(move |_| {
        let Some(el) = holder.get() else { return };
        state.prefs.with(|p| {
            if el.child_element_count() == 0 {
                web::set_markup(&el, &choices(p));
            }
            // A card's picture follows the options its buttons use.
            for kind in GameKind::ALL {
                let spec = p.spec(kind).to_string();
                let board = el.query_selector(&format!("#card-board-{}", kind.id())).ok().flatten();
                if let Some(board) = board.filter(|b| b.get_attribute("data-spec").as_deref() != Some(spec.as_str())) {
                    web::set_markup(&board, &card_picture(&p.spec(kind)));
                    let _ = board.set_attribute("data-spec", &spec);
                }
            }
            web::apply_props(props(p));
        });
    });
    let on_click = move |ev: leptos::ev::MouseEvent| {
        if let Some((_, a)) = web::acted(&ev) {
            ev.prevent_default();
            act(state, &a);
        }
    };
    let on_change = move |ev: leptos::ev::Event| {
        let Some(el) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
        let value = web::field_value(&el.id());
        if el.id() == "home-level" {
            if let Ok(l) = value.parse::<Level>() {
                state.set_prefs(|p| p.level = l);
            }
        } else if let Some(side) = Side::ALL.into_iter().find(|s| el.id() == format!("side-{}", s.id())) {
            state.set_prefs(|p| p.side = side);
        }
    };
    view! { <div class="home-choices" node_ref=holder on:click=on_click on:change=on_change></div> }
}

/// The page's heading and what it offers, as the first paint draws it.
#[component]
fn Intro() -> impl IntoView {
    let holder = NodeRef::<html::Div>::new();
    Effect::new(move |_| {
        if let Some(el) = holder.get() {
            web::set_markup(&el, &intro());
        }
    });
    view! { <div class="intro-holder" node_ref=holder></div> }
}

/// The home page.
#[component]
pub fn Home() -> impl IntoView {
    let state = expect_context::<AppState>();
    let notices = move || {
        state.home_notices.get().into_iter().map(|n| view! { <p class="notice" role="alert">{n}</p> }).collect_view()
    };
    // Games kept aside (a saved game that could not be read, a game too
    // long for the library): the player downloads or deletes each.
    let aside = state.shelf.aside;
    let kept_aside = move || {
        aside
            .get()
            .into_iter()
            .filter_map(|key| web::load(&key).map(|text| (key, text)))
            .map(|(key, text)| {
                let forget = key.clone();
                let name = if key == UNREADABLE_GAME { "ludoteca-unreadable-game.txt" } else { "ludoteca-game-kept-aside.txt" };
                view! {
                    <section class="kept-aside">
                        <p>{t!("A game that could not be kept in My games ({size} KB) is kept aside in this browser.", size = ludoteca_core::i18n::intl::count(text.len().div_ceil(1024) as u64))}</p>
                        <button on:click=move |_| web::download_text(name, "text/plain;charset=utf-8", &text)>
                            {t!("Download it")}
                        </button>
                        <button class="secondary" on:click=move |_| {
                            web::forget(&forget);
                            aside.update(|keys| keys.retain(|k| *k != forget));
                        }>{t!("Delete it")}</button>
                    </section>
                }
            })
            .collect_view()
    };
    // The games in progress, from the library (it fills them in once it has started).
    let playing = rows_view(state, state.shelf.home_rows, "home-games");
    let resume = move || {
        state.shelf.home_rows.with(|rows| rows.contains("<li")).then(|| {
            view! {
                <div class="continue-head">
                    <h2>{t!("Continue")}</h2>
                    <a href="?games" on:click=move |ev| {
                        ev.prevent_default();
                        state.open_route(Route::Games, true);
                    }>{t!("All my games")}</a>
                </div>
            }
        })
    };
    // The link stands in its sentence: the sentence is cut where it goes.
    let editor_words = t!("{link}: set up any position, then play it or analyse it.");
    let (before, after) = editor_words.split_once("{link}").unwrap_or(("", &editor_words));
    let (before, after) = (before.to_owned(), after.to_owned());
    view! {
        <Intro/>
        {notices}
        {kept_aside}
        <section class="continue" aria-label=t!("Games in progress")>
            {resume}
            {playing}
        </section>
        <Choices/>
        <p class="more-ways">
            {before}
            <a href="?edit" on:click=move |ev| {
                ev.prevent_default();
                state.open_route(Route::Edit { spec: state.prefs.with_untracked(|p| p.spec(rules::GameKind::Loa)), from: None }, true);
            }>{t!("Board editor")}</a>
            {after}
        </p>
    }
}
