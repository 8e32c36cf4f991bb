//! The home page: the four games as cards, and the saved game to continue.

use std::sync::Arc;

use leptos::prelude::*;
use rules::{GameKind, GameSpec};

use crate::components::board::Board;
use crate::markup::board::Marks;
use crate::session::formats::url::{self, Route};
use crate::session::model::seats::Seats;
use crate::state::{AppState, SAVED_GAME};
use crate::view::{Layout, info::info, pieces, status_text};
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
                <div class="card-buttons">
                    <button class="primary" on:click=move |_| state.new_game(spec, Seats::default())>"Play"</button>
                    <button class="secondary" on:click=move |_| state.ask_new_game_of(kind)>"Options…"</button>
                    <a class="link" href=format!("?rules={}", kind.id()) on:click=move |ev| {
                        ev.prevent_default();
                        state.go_rules(kind);
                    }>"Rules"</a>
                </div>
            </div>
        </article>
    }
}

/// The saved game, if it can be read; a saved game that cannot is discarded with a notice.
fn saved_game(state: AppState) -> Option<(String, String)> {
    let saved = web::load(SAVED_GAME)?;
    match url::decode(&saved) {
        Route::Play { tree, notices, .. } if notices.is_empty() => {
            let game = tree.position();
            let moves = tree.main_line().len();
            Some((
                saved.clone(),
                format!(
                    "{}, {} move{}: {}",
                    game.kind().name(),
                    moves,
                    if moves == 1 { "" } else { "s" },
                    status_text(game)
                ),
            ))
        }
        _ => {
            web::forget(SAVED_GAME);
            state.home_notices.update(|n| n.push("Your saved game could not be read and was discarded.".to_owned()));
            None
        }
    }
}

/// The home page.
#[component]
pub fn Home() -> impl IntoView {
    let state = expect_context::<AppState>();
    let saved = saved_game(state);
    let notices = move || {
        state.home_notices.get().into_iter().map(|n| view! { <p class="notice" role="alert">{n}</p> }).collect_view()
    };
    let resume = saved.map(|(query, summary)| {
        view! {
            <section class="continue">
                <div>
                    <h2>"Continue"</h2>
                    <p>{summary}</p>
                </div>
                <button class="primary" on:click=move |_| state.open_route(url::decode(&query), true)>"Continue game"</button>
            </section>
        }
    });
    view! {
        <section class="intro">
            <h1>"Four abstract strategy games"</h1>
            <p class="lede">"Play hot-seat on one screen. Every game has its link: share it, and the same position opens elsewhere."</p>
        </section>
        {notices}
        {resume}
        <section class="cards">
            {GameKind::ALL.into_iter().map(|kind| view! { <GameCard kind/> }).collect_view()}
        </section>
    }
}
