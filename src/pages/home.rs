//! The home page: the computer's level and the person's colour, the four
//! games as cards (each to play against the computer or a friend), and the
//! games in progress to continue (from the library).

use std::sync::Arc;

use leptos::prelude::*;
use rules::{GameKind, GameSpec};
use search::levels::Level;

use crate::components::board::Board;
use crate::markup::board::Marks;
use crate::pages::games::rows_view;
use crate::session::formats::url::Route;
use crate::session::model::seats::Side;
use crate::state::{AppState, UNREADABLE_GAME};
use crate::view::options::options_line;
use crate::view::{Layout, info::info, pieces};
use crate::web;

/// One game's card.
#[component]
fn GameCard(kind: GameKind) -> impl IntoView {
    let state = expect_context::<AppState>();
    let card = info(kind);
    let spec = GameSpec::default_for(kind);
    let layout = Arc::new(Layout::of(&spec));
    view! {
        <article class="card" data-game=kind.id()>
            <div class="card-board">
                <Board still=true layout=Signal::stored(layout) pieces=Signal::stored(pieces(&spec.start()))
                    marks=Signal::stored(Marks::default()) flipped=Signal::stored(false)
                    animation=Signal::stored(None) on_cell=Callback::new(|_| {})
                    label=Signal::stored(format!("{} start position", kind.name()))/>
            </div>
            <div class="card-text">
                <h2>{kind.name()}</h2>
                <p class="credit">{card.designer}", "{card.year}</p>
                <p>{card.tagline}</p>
                <p class="card-options">{move || {
                    let (spec, clock) = state.prefs.with(|p| (p.spec(kind), p.clock));
                    let options = options_line(&spec, false);
                    match clock {
                        Some(c) if options.is_empty() => format!("{} clock", c.label()),
                        Some(c) => format!("{options}; {} clock", c.label()),
                        None => options,
                    }
                }}</p>
                <div class="card-buttons">
                    <button class="primary" on:click=move |_| state.play_computer(kind)
                        aria-label=format!("Play the computer: {}", kind.name())>"Play the computer"</button>
                    <button class="secondary" on:click=move |_| state.play_friend(kind)
                        aria-label=format!("Play a friend: {}", kind.name())>"Play a friend"</button>
                    <button class="link" on:click=move |_| state.ask_new_game_of(kind)
                        aria-label=format!("Options: {}", kind.name())>"Options…"</button>
                    <a class="link" href=format!("?rules={}", kind.id()) on:click=move |ev| {
                        ev.prevent_default();
                        state.go_rules(kind);
                    } aria-label=format!("Rules: {}", kind.name())>"Rules"</a>
                </div>
            </div>
        </article>
    }
}

/// The computer's level and the person's colour, for every card's *Play the computer*.
#[component]
fn Opponent() -> impl IntoView {
    let state = expect_context::<AppState>();
    let level = move || state.prefs.with(|p| p.level);
    let side = move || state.prefs.with(|p| p.side);
    let levels = Level::ALL
        .into_iter()
        .map(|l| view! { <option value=l.to_string() selected=move || level() == l>{format!("{l} · {}", l.name())}</option> })
        .collect_view();
    let sides = Side::ALL
        .into_iter()
        .map(|choice| {
            let id = format!("side-{}", choice.id());
            view! {
                <input type="radio" name="side" id=id.clone() value=choice.id() checked=move || side() == choice
                    on:change=move |_| state.set_prefs(|p| p.side = choice)/>
                <label for=id>{choice.name()}</label>
            }
        })
        .collect_view();
    view! {
        <section class="opponent" aria-labelledby="opponent-title">
            <h2 id="opponent-title">"Against the computer"</h2>
            <div class="opponent-level">
                <label for="home-level">"Level"</label>
                <select id="home-level" on:change=move |ev| {
                    if let Ok(l) = event_target_value(&ev).parse::<Level>() {
                        state.set_prefs(|p| p.level = l);
                    }
                }>{levels}</select>
                <span class="help">{move || level().thinking()}</span>
            </div>
            <fieldset class="side-choice">
                <legend>"You play"</legend>
                {sides}
            </fieldset>
        </section>
    }
}

/// The home page.
#[component]
pub fn Home() -> impl IntoView {
    let state = expect_context::<AppState>();
    let notices = move || {
        state.home_notices.get().into_iter().map(|n| view! { <p class="notice" role="alert">{n}</p> }).collect_view()
    };
    // A saved game that could not be read, kept aside: the player downloads or deletes it.
    let unreadable = RwSignal::new(web::load(UNREADABLE_GAME));
    let kept_aside = move || {
        unreadable.get().map(|text| {
            let download = text.clone();
            view! {
                <section class="kept-aside">
                    <p>"A saved game that could not be read is kept aside."</p>
                    <button on:click=move |_| web::download_text("ludoteca-unreadable-game.txt", "text/plain;charset=utf-8", &download)>
                        "Download it"
                    </button>
                    <button class="secondary" on:click=move |_| {
                        web::forget(UNREADABLE_GAME);
                        unreadable.set(None);
                    }>"Delete it"</button>
                </section>
            }
        })
    };
    // The games in progress, from the library (it fills them in once it has started).
    let playing = rows_view(state, state.home_rows, "home-games");
    let resume = move || {
        state.home_rows.with(|rows| rows.contains("<li")).then(|| {
            view! {
                <div class="continue-head">
                    <h2>"Continue"</h2>
                    <a href="?games" on:click=move |ev| {
                        ev.prevent_default();
                        state.open_route(Route::Games, true);
                    }>"All my games"</a>
                </div>
            }
        })
    };
    view! {
        <section class="intro">
            <h1>"Four abstract strategy games"</h1>
            <p class="lede">"Play the computer, or a friend on this screen. Every game has its link: share it, and the same position opens elsewhere."</p>
        </section>
        {notices}
        {kept_aside}
        <section class="continue" aria-label="Games in progress">
            {resume}
            {playing}
        </section>
        <Opponent/>
        <section class="cards">
            {GameKind::ALL.into_iter().map(|kind| view! { <GameCard kind/> }).collect_view()}
        </section>
        <p class="more-ways">
            <a href="?edit" on:click=move |ev| {
                ev.prevent_default();
                state.open_route(Route::Edit { spec: state.prefs.with_untracked(|p| p.spec(rules::GameKind::Loa)), from: None }, true);
            }>"Board editor"</a>
            ": set up any position, then play it or analyse it."
        </p>
    }
}
