//! One page per game: the rules in our own words, the start position drawn by
//! the board component, a worked example, the options and the house rules.

use std::sync::Arc;

use leptos::prelude::*;
use rules::{GameKind, GameSpec};

use crate::components::board::Board;
use crate::markup::board::Marks;
use crate::session::model::seats::Seats;
use crate::state::AppState;
use crate::view::animation::animate;
use crate::view::rules_text::{self, Block, DiagramText, Inline};
use crate::view::{Layout, info::info, pieces};
use crate::web;

/// A small board showing `d`'s position after its moves (the last one
/// marked as just played), with its caption.
#[component]
fn Diagram(d: DiagramText) -> impl IntoView {
    let unavailable = || view! { <p>"(diagram unavailable)"</p> }.into_any();
    let Ok(spec) = d.spec.parse::<GameSpec>() else { return unavailable() };
    // The position before the last move, and that move.
    let before_last = d.moves.len().saturating_sub(1);
    let Ok(before) = spec.replay(d.position.as_deref(), d.moves[..before_last].iter().map(String::as_str), |_, _| {})
    else {
        return unavailable();
    };
    let mut game = before.clone();
    let mut marks = Marks::default();
    let mut animation = None;
    if let Some(last) = d.moves.last()
        && let Ok(mv) = before.parse_move(last)
    {
        let parts = before.move_parts(mv);
        game.play_unchecked(mv);
        marks.last = parts.from.into_iter().chain(parts.to).collect();
        animation = Some(animate(&before, &game, &parts));
    }
    if let Some(mv) = &d.arrow
        && let Ok(mv) = game.parse_move(mv)
        && let (from, Some(to)) = mv.cells(&spec)
    {
        marks.hint = Some((from, to));
    }
    let caption = d.caption;
    view! {
        <figure class="diagram">
            <Board still=true layout=Signal::stored(Arc::new(Layout::of(&spec))) pieces=Signal::stored(pieces(&game))
                marks=Signal::stored(marks) flipped=Signal::stored(false) animation=Signal::stored(animation)
                on_cell=Callback::new(|_| {}) label=Signal::stored(caption.clone())/>
            <figcaption>{caption}</figcaption>
        </figure>
    }
    .into_any()
}

/// A paragraph's runs as elements (text nodes: nothing in the file is markup).
fn runs(runs: Vec<Inline>) -> impl IntoView {
    runs.into_iter()
        .map(|run| match run {
            Inline::Text(t) => t.into_any(),
            Inline::Em(t) => view! { <em>{t}</em> }.into_any(),
            Inline::Strong(t) => view! { <strong>{t}</strong> }.into_any(),
            Inline::Code(t) => view! { <code>{t}</code> }.into_any(),
        })
        .collect_view()
}

/// The blocks of a rules file, the house rules in their own section.
fn body(blocks: Vec<Block>) -> impl IntoView {
    let mut main = Vec::new();
    let mut house: Option<(String, Vec<AnyView>)> = None;
    for block in blocks {
        let view = match block {
            Block::House(title) => {
                house = Some((title, Vec::new()));
                continue;
            }
            Block::Heading(t) => view! { <h2>{t}</h2> }.into_any(),
            Block::Paragraph(r) => view! { <p>{runs(r)}</p> }.into_any(),
            Block::Diagrams(row) => {
                let boards = row.into_iter().map(|d| view! { <Diagram d/> }).collect_view();
                view! { <div class="diagrams">{boards}</div> }.into_any()
            }
        };
        match &mut house {
            Some((_, views)) => views.push(view),
            None => main.push(view),
        }
    }
    let house = house.map(|(title, views)| view! { <section class="house"><h2>{title}</h2>{views}</section> });
    view! { {main} {house} }
}

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
    let content = move || {
        let why = failed.get();
        if !why.is_empty() {
            return view! {
                <p class="notice" role="alert">{format!("The rules could not be loaded ({why}). Try again when you are online.")}</p>
            }
            .into_any();
        }
        match text.get().map(|t| rules_text::read(&t)) {
            None => view! { <p class="muted" aria-busy="true">"Loading the rules…"</p> }.into_any(),
            Some(Ok(blocks)) => body(blocks).into_any(),
            Some(Err(e)) => {
                view! { <p class="notice" role="alert">{format!("The rules could not be read: {e}.")}</p> }.into_any()
            }
        }
    };
    let spec = GameSpec::default_for(kind);
    view! {
        <article class="rules">
            <h1>{kind.name()}</h1>
            <p class="credit">"Designed by " {card.designer} ", " {card.year} ". Rules written for Ludoteca."</p>
            <p class="lede">{card.tagline}</p>
            <button class="primary" on:click=move |_| state.new_game(spec, Seats::default(), None)>"Play " {kind.name()}</button>
            {content}
        </article>
    }
}
