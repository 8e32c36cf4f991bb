//! One page per game: the rules in our own words, the start position, worked
//! examples drawn as diagrams, the options and the house rules; the text is
//! data (`rules.txt`), written as markup by `ludoteca_core::markup::rules`.

use leptos::html;
use leptos::prelude::*;
use rules::{GameKind, GameSpec};

use crate::state::AppState;
use crate::web;
use ludoteca_core::markup::rules::{body, note};
use ludoteca_core::session::model::seats::Seats;
use ludoteca_core::view::info::info;
use ludoteca_core::view::rules_text;

#[component]
pub fn RulesPage(
    /// Which game.
    kind: GameKind,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let card = info(kind);
    // The text is data, fetched when the page opens (the service worker
    // keeps it for offline use): the game's part of `public/rules.txt`.
    let text = RwSignal::new(None::<String>);
    let failed = RwSignal::new(String::new());
    leptos::task::spawn_local(async move {
        match web::fetch_text("rules.txt").await {
            Ok(t) => match rules_text::section(&t, kind.id()) {
                Some(page) => {
                    let _ = text.try_set(Some(page.to_owned()));
                }
                None => {
                    let _ = failed.try_set("the rules file has no page for this game".to_owned());
                }
            },
            Err(why) => {
                let _ = failed.try_set(why);
            }
        }
    });
    // The text, or what stands in for it, written as markup (`ludoteca_core::markup::rules`).
    let holder = NodeRef::<html::Div>::new();
    Effect::new(move |_| {
        let Some(el) = holder.get() else { return };
        let why = failed.get();
        let markup = if why.is_empty() {
            match text.get().map(|t| rules_text::read(&t)) {
                None => note("Loading the rules…", true),
                Some(Ok(blocks)) => body(&blocks),
                Some(Err(e)) => note(&format!("The rules could not be read: {e}."), false),
            }
        } else {
            note(&format!("The rules could not be loaded ({why}). Try again when you are online."), false)
        };
        web::set_markup(&el, &markup);
        // A link to a section (the lessons give them) shows it once it is there.
        if let Some((_, id)) = web::href().split_once('#')
            && let Some(heading) = document().get_element_by_id(id)
        {
            heading.scroll_into_view();
        }
    });
    let spec = GameSpec::default_for(kind);
    view! {
        <article class="rules">
            <h1>{kind.name()}</h1>
            <p class="credit">"Designed by " {card.designer} ", " {card.year} ". Rules written for Ludoteca."</p>
            <p class="lede">{card.tagline}</p>
            <button class="primary" on:click=move |_| state.new_game(spec, Seats::default(), None)>"Play " {kind.name()}</button>
            " " <a class="link" href=format!("learn.html#lesson/{}", kind.id())>"Learn by playing"</a>
            <div class="rules-text" node_ref=holder></div>
        </article>
    }
}
