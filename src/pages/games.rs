//! My games: every game the library keeps, newest first, with filters and
//! a search; open, star, download or delete (with *Undo*) each; a backup
//! of all of them, and a backup read back in. The rows are written by the
//! library's worker (`markup::library`); this page holds the controls.

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::state::AppState;
use crate::web;
use ludoteca_core::library::listing::Filter;
use ludoteca_core::library::wire::Ask;
use ludoteca_core::markup::Markup;
use ludoteca_core::{i18n, t, tn};

/// What a click on a list's rows asks for: the button pressed names the
/// game (or, in *Import record*, which game of a text to read).
pub fn on_rows_click(state: AppState, ev: &leptos::ev::MouseEvent) {
    let Some(button) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|e| {
            e.closest("button[data-open],button[data-star],button[data-export],button[data-delete],button[data-pick]")
                .ok()
        })
        .flatten()
    else {
        return;
    };
    let at = js_sys::Date::now();
    let get = |name| button.get_attribute(name);
    if let Some(id) = get("data-open") {
        state.open_game(id);
    } else if let Some(id) = get("data-star") {
        state.ask_library(Ask::Star { on: get("aria-pressed").as_deref() != Some("true"), id });
    } else if let Some(id) = get("data-export") {
        state.ask_library(Ask::Export { id: Some(id), at, sgf: false });
    } else if let Some(pick) = get("data-pick") {
        state.read_import(pick.parse().ok());
    } else if let Some(id) = get("data-delete") {
        state.shelf.deleted.set(Some(id.clone()));
        state.ask_library(Ask::Delete { id, at });
    }
}

/// Rows the library wrote, kept in `rows`, shown in a `div`.
pub fn rows_view(state: AppState, rows: RwSignal<String>, class: &'static str) -> impl IntoView {
    let list = NodeRef::<html::Div>::new();
    Effect::new(move |_| {
        let markup = rows.get();
        if let Some(el) = list.get() {
            web::set_markup(&el, &Markup::from_library_worker(markup));
        }
    });
    view! { <div class=class node_ref=list on:click=move |ev| on_rows_click(state, &ev)></div> }
}

/// A `<select>` of the filters, in its field: `id`, its label, and its
/// choices (value, words).
fn filter_select(m: &mut Markup, id: &'static str, label: String, choices: &[(&'static str, String)]) {
    m.fragment(r#"<div class="field">"#);
    m.open("label").attr("for", id).body();
    m.text(label).end("label");
    m.open("select").attr("id", id).body();
    for (value, words) in choices {
        m.open("option").attr("value", value).body();
        m.text(words).end("option");
    }
    m.end("select").fragment("</div>");
}

/// The page's controls: written once as markup (far less code than a
/// component for each), read back by id when one changes.
fn controls_markup() -> Markup {
    let mut m = Markup::new();
    m.open("div").attr("class", "games-tools").attr("role", "group").attr("aria-label", t!("Backup")).body();
    m.fragment(r#"<button type="button" data-action="export-all">"#)
        .text(t!("Download a backup of all games"))
        .fragment(r#"</button><button type="button" data-action="export-sgf">"#)
        .text(t!("Lines of Action games as SGF"))
        .fragment(r#"</button><label class="button-like">"#)
        .text(t!("Import a backup…"))
        .fragment(concat!(
            r#"<input type="file" id="import-backup" accept=".json,application/json" class="visually-hidden"></label>"#,
            r#"</div>"#,
        ));
    m.open("form").attr("class", "games-filters").attr("role", "search").attr("aria-label", t!("Find games")).body();
    let mut games = vec![("", t!("All games"))];
    games.extend(rules::GameKind::ALL.map(|k| (k.id(), i18n::text(k.name()))));
    filter_select(&mut m, "filter-game", t!("Game"), &games);
    let states = [("", t!("All")), ("playing", t!("In progress")), ("finished", t!("Finished"))];
    filter_select(&mut m, "filter-state", t!("State"), &states);
    let results = [("", t!("Any")), ("won", t!("Won")), ("lost", t!("Lost")), ("drawn", t!("Drawn"))];
    filter_select(&mut m, "filter-result", t!("Result"), &results);
    let opponents = [("", t!("Anyone")), ("computer", t!("The computer")), ("friend", t!("A friend"))];
    filter_select(&mut m, "filter-opponent", t!("Opponent"), &opponents);
    m.fragment(r#"<div class="field check"><input type="checkbox" id="filter-starred"><label for="filter-starred">"#)
        .text(t!("Starred only"))
        .fragment(r#"</label></div><div class="field search"><label for="filter-text">"#)
        .text(t!("Search"))
        .fragment(r#"</label><input type="search" id="filter-text" placeholder=""#)
        .text(t!("Name, player, result…"))
        .fragment(r#""></div></form>"#);
    m
}

/// The value of the control `id` (a checkbox: `"on"` when checked).
fn control(id: &str) -> String {
    let Some(el) = document().get_element_by_id(id) else { return String::new() };
    if let Some(select) = el.dyn_ref::<web_sys::HtmlSelectElement>() {
        return select.value();
    }
    match el.dyn_ref::<web_sys::HtmlInputElement>() {
        Some(input) if input.type_() == "checkbox" => {
            if input.checked() {
                "on".to_owned()
            } else {
                String::new()
            }
        }
        Some(input) => input.value(),
        None => String::new(),
    }
}

/// The filter the controls show.
fn chosen() -> Filter {
    Filter {
        game: control("filter-game"),
        state: control("filter-state"),
        result: control("filter-result"),
        opponent: control("filter-opponent"),
        starred: !control("filter-starred").is_empty(),
        text: control("filter-text"),
    }
}

/// The library page.
#[component]
pub fn GamesPage() -> impl IntoView {
    let state = expect_context::<AppState>();
    let controls = NodeRef::<html::Div>::new();
    Effect::new(move |_| {
        if let Some(el) = controls.get() {
            web::set_markup(&el, &controls_markup());
        }
    });
    let on_change = move |ev: leptos::ev::Event| {
        let target = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok());
        match target {
            Some(input) if input.id() == "import-backup" => {
                web::read_chosen_file(&input, move |read| match read {
                    Ok(text) => {
                        // A new import's messages replace the last one's.
                        state.shelf.messages.set(vec![t!("Reading the backup…")]);
                        state.ask_library(Ask::Import { text, at: js_sys::Date::now() });
                    }
                    Err(e) => {
                        state.shelf.messages.update(|n| n.push(t!("The file cannot be read: {reason}.", reason = e)))
                    }
                });
                input.set_value("");
            }
            _ => state.list_games(Some(chosen())),
        }
    };
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let action = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()?.get_attribute("data-action"));
        let sgf = match action.as_deref() {
            Some("export-all") => false,
            Some("export-sgf") => true,
            _ => return,
        };
        state.ask_library(Ask::Export { id: None, at: js_sys::Date::now(), sgf });
    };
    let notes = move || {
        state.shelf.messages.get().into_iter().map(|n| view! { <p class="notice" role="status">{n}</p> }).collect_view()
    };
    let undo = move || {
        state.shelf.deleted.get().map(|id| {
            view! {
                <p class="notice deleted" role="status">
                    {t!("Game deleted.")}" "
                    <button class="small-button" on:click=move |_| {
                        state.ask_library(Ask::Restore { id: id.clone() });
                        state.shelf.deleted.set(None);
                    }>{t!("Undo")}</button>
                </p>
            }
        })
    };
    view! {
        <section class="games-page">
            <h1>{t!("My games")}</h1>
            <p class="lede">{t!("Every game you play here is kept in this browser, as you play. Download a backup to keep them anywhere else.")}</p>
            {notes}
            {undo}
            {move || state.shelf.backup_due.get().then(|| view! {
                <p class="notice" role="status">{t!("Many of your games are in no backup yet: download one to keep them safe.")}</p>
            })}
            <div node_ref=controls on:change=on_change on:input=move |_| state.list_games(Some(chosen()))
                on:submit=|ev| ev.prevent_default() on:click=on_click></div>
            <p class="games-line" role="status" aria-live="polite">{move || state.shelf.count_line.get()}</p>
            {rows_view(state, state.shelf.rows, "games-list")}
            {move || {
                let more = state.shelf.more.get();
                (more > 0).then(|| {
                    let next = more.min(crate::state::LIST_PAGE);
                    view! {
                        <p class="games-more">
                            <button type="button" on:click=move |_| state.show_more_games()>
                                {tn!(more, "Show {next} more ({n} not shown)", "Show {next} more ({n} not shown)", next = next)}
                            </button>
                        </p>
                    }
                })
            }}
        </section>
    }
}
