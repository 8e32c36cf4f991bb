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
use ludoteca_core::{i18n, t};

#[component]
pub fn RulesPage(
    /// Which game.
    kind: GameKind,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let card = info(kind);
    // The text is data, fetched when the page opens (the service worker
    // keeps it for offline use): the game's part of `public/rules.txt`, or
    // of the language's `rules.<code>.txt` (i18n/<code>/rules.txt).
    let text = RwSignal::new(None::<String>);
    let failed = RwSignal::new(String::new());
    let file = match i18n::current() {
        i18n::Lang::En | i18n::Lang::Pseudo => "rules.txt".to_owned(),
        lang => format!("rules.{}.txt", lang.code()),
    };
    leptos::task::spawn_local(async move {
        match web::fetch_text(&file).await {
            Ok(t) => match rules_text::section(&t, kind.id()) {
                Some(page) => {
                    let _ = text.try_set(Some(page.to_owned()));
                }
                None => {
                    let _ = failed.try_set(t!("the rules file has no page for this game"));
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
                None => note(&t!("Loading the rules…"), true),
                Some(Ok(blocks)) => body(&blocks),
                Some(Err(e)) => note(&t!("The rules could not be read: {reason}.", reason = e), false),
            }
        } else {
            note(&t!("The rules could not be loaded ({reason}). Try again when you are online.", reason = why), false)
        };
        web::set_markup(&el, &markup);
        // A link to a section (the lessons give them) shows it once it is there.
        // (A heading in another script comes percent-encoded in the address.)
        if let Some((_, id)) = web::href().split_once('#')
            && let Some(id) = js_sys::decode_uri_component(id).ok().and_then(|s| s.as_string())
            && let Some(heading) = document().get_element_by_id(&id)
        {
            heading.scroll_into_view();
        }
    });
    let spec = GameSpec::default_for(kind);
    view! {
        <article class="rules">
            <h1>{i18n::text(kind.name())}</h1>
            <p class="credit">{t!("Designed by {designer}, {year}. Rules written for Ludoteca.", designer = card.designer, year = i18n::text(card.year))}</p>
            <p class="lede">{i18n::text(card.tagline)}</p>
            <button class="primary" on:click=move |_| state.new_game(spec, Seats::default(), None)>{t!("Play {game}", game = i18n::text(kind.name()))}</button>
            " " <a class="link" href=format!("learn.html#lesson/{}", kind.id())>{t!("Learn by playing")}</a>
            <div class="rules-text" node_ref=holder></div>
        </article>
    }
}
