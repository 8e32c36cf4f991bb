//! Sharing a game: the embed snippet, text records out and in, and the
//! board as an SVG or PNG image.

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::components::modal::Modal;
use crate::pages::games::rows_view;
use crate::state::AppState;
use crate::web;
use ludoteca_core::library::wire::Ask;
use ludoteca_core::markup::export::{Picture, board_svg};
use ludoteca_core::markup::{Markup, Prop};
use ludoteca_core::session::Session;
use ludoteca_core::session::formats::url::{self, Presentation};
use ludoteca_core::view::{Layout, pieces, status_text};
use ludoteca_core::{i18n, t};

/// The menu's buttons (their `data-act` read by one click handler).
fn menu_markup() -> Markup {
    let mut m = Markup::new();
    m.fragment(r#"<button data-act="link">"#)
        .text(t!("Copy link"))
        .fragment(r#"</button><button data-act="embed">"#)
        .text(t!("Embed"))
        .fragment(r#"</button><button data-act="record">"#)
        .text(t!("Export record"))
        .fragment(r#"</button><button id="share-sgf" data-act="sgf">SGF</button><button data-act="import">"#)
        .text(t!("Import record"))
        .fragment(r#"</button><button data-act="svg">SVG</button><button data-act="png">PNG</button>"#);
    m.open("button").attr("data-act", "edit").attr("title", t!("Set up a position from the one shown")).body();
    m.text(t!("Edit position")).end("button");
    m
}

/// Which sharing dialog is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Open {
    Embed,
    Import,
}

/// The `<iframe>` snippet that embeds the game shown, as a viewer: as wide
/// as its column (480 pixels at most), its height from its width; with
/// `embed.js` on the page its height follows the board (docs/guide.md).
fn snippet(state: AppState) -> String {
    let (query, name) = state.session.with_untracked(|s| {
        (
            url::encode(
                s.tree(),
                &s.seats(),
                Presentation { embed: true, interactive: false, ..Presentation::default() },
            ),
            s.tree().spec().kind().name(),
        )
    });
    let base = web::page_address();
    // The title in the reader's language, escaped for the attribute.
    let mut title = Markup::new();
    title.text(t!("{game} on Ludoteca", game = i18n::text(name)));
    let title = title.into_string();
    format!(
        "<iframe src=\"{base}{query}\" title=\"{title}\" style=\"display:block;border:0;width:100%;max-width:480px;aspect-ratio:5/6\" loading=\"lazy\"></iframe>"
    )
}

/// The sharing buttons and their dialogs.
#[component]
pub fn ShareTools() -> impl IntoView {
    let state = expect_context::<AppState>();
    let open = RwSignal::new(None::<Open>);
    let pasted = state.import.text;
    let copied = RwSignal::new(false);
    // A record, or (Lines of Action) an SGF file: written by the library's
    // worker (the page holds no record writer), then downloaded.
    let export = move |sgf: bool| {
        let kept = state.session.with_untracked(Session::kept);
        state.ask_library(Ask::WriteRecord { kept, sgf });
    };
    let loa = state.derive(|s| s.tree().spec().kind() == rules::GameKind::Loa);
    let import = move |text: String| {
        state.import.text.set(text);
        state.read_import(None);
    };
    Effect::new(move |reading: Option<bool>| {
        let now = state.import.error.with(|e| e.as_deref() == Some(""));
        if reading == Some(true) && state.import.error.with(Option::is_none) {
            open.set(None);
        }
        now
    });
    let opened = move |result: Result<String, String>| match result {
        Ok(text) => import(text),
        Err(e) => state.import.error.set(Some(t!("The file cannot be read: {reason}.", reason = e))),
    };
    let on_file = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
        web::read_chosen_file(&input, opened);
    };
    read_dropped_files(state, open, opened);
    let dialog = move || {
        open.get().map(|which| {
            let body = match which {
                Open::Embed => embed_body(state, open, copied),
                Open::Import => view! {
                    <h2 id="share-title">{t!("Import a game record")}</h2>
                    <label for="record-text">{t!("Paste a record, a list of moves or a Lines of Action SGF file")}</label>
                    <textarea id="record-text" rows="8" spellcheck="false" prop:value=move || pasted.get()
                        on:input=move |ev| pasted.set(event_target_value(&ev))></textarea>
                    <label for="record-file">{t!("or choose a file")}</label>
                    <input id="record-file" type="file" accept=".txt,.sgf,.pgn,text/plain,application/x-go-sgf" on:change=on_file/>
                    <p class="move-error" role="alert" data-testid="import-error">{move || state.import.error.get()}</p>
                    {rows_view(state, state.import.choices, "import-choices")}
                    <div class="dialog-buttons">
                        <button class="secondary" on:click=move |_| open.set(None)>{t!("Cancel")}</button>
                        <button class="primary" on:click=move |_| state.read_import(None)>{t!("Import")}</button>
                    </div>
                }
                .into_any(),
            };
            view! { <Modal labelled_by="share-title" on_close=Callback::new(move |()| open.set(None))>{body}</Modal> }
        })
    };
    // The menu's buttons: markup written once, one click handler.
    let menu = NodeRef::<html::Div>::new();
    Effect::new(move |_| {
        let Some(el) = menu.get() else { return };
        if el.child_element_count() == 0 {
            web::set_markup(&el, &menu_markup());
        }
        web::apply_props(vec![("share-sgf".to_owned(), "hidden", Prop::On(!loa.get()))]);
    });
    let on_menu = move |ev: leptos::ev::MouseEvent| {
        let Some((button, act)) = web::acted(&ev) else { return };
        match act.as_str() {
            "link" => {
                let shared = state.session.with_untracked(Session::shared_query);
                web::copy(&format!("{}{shared}", web::page_address()));
                button.set_text_content(Some(&t!("Link copied")));
            }
            "embed" => {
                copied.set(false);
                open.set(Some(Open::Embed));
            }
            "record" => export(false),
            "sgf" => export(true),
            "import" => {
                state.import.error.set(None);
                state.import.choices.set(String::new());
                open.set(Some(Open::Import));
            }
            "svg" => download_image(state, false),
            "png" => download_image(state, true),
            "edit" => state.edit_position(),
            _ => {}
        }
    };
    view! {
        <details class="share-menu">
        <summary>{t!("Share, export, import…")}</summary>
        <div class="share" role="group" aria-label=t!("Share, export, import") node_ref=menu on:click=on_menu></div>
        </details>
        {dialog}
    }
}

/// The board shown as an SVG or PNG image, downloaded.
fn download_image(state: AppState, png: bool) {
    let (game, last) = state.session.with_untracked(|s| {
        let h = s.tree();
        (h.position().clone(), h.last_move().map(|mv| mv.cells(&h.spec())))
    });
    let layout = Layout::of(&game.spec());
    let last: Vec<_> = last.map(|(from, to)| from.into_iter().chain(to).collect()).unwrap_or_default();
    let title = format!("{} — {}", i18n::text(game.kind().name()), status_text(&game));
    let picture = Picture {
        layout: &layout,
        pieces: &pieces(&game),
        last: &last,
        flipped: state.board.flipped.get_untracked(),
        title: &title,
    };
    let svg = board_svg(&picture).into_string();
    let (w, h) = layout.geometry.size();
    let name = format!("ludoteca-{}", game.kind().id());
    if png {
        web::download_png(&format!("{name}.png"), &svg, w.round() as u32, h.round() as u32);
    } else {
        web::download_text(&format!("{name}.svg"), "image/svg+xml", &svg);
    }
}

/// A file dropped anywhere on the page is read as if chosen in the Import dialog.
fn read_dropped_files(
    state: AppState,
    open: RwSignal<Option<Open>>,
    opened: impl Fn(Result<String, String>) + Copy + 'static,
) {
    let over = window_event_listener(leptos::ev::dragover, |ev| ev.prevent_default());
    let dropped = window_event_listener(leptos::ev::drop, move |ev| {
        let Some(file) = ev.data_transfer().and_then(|d| d.files()).and_then(|f| f.get(0)) else { return };
        ev.prevent_default();
        state.import.error.set(None);
        open.set(Some(Open::Import));
        web::read_file(&file, opened);
    });
    on_cleanup(move || {
        over.remove();
        dropped.remove();
    });
}

/// The Embed dialog: the snippet to paste into a page, and its Copy button.
fn embed_body(state: AppState, open: RwSignal<Option<Open>>, copied: RwSignal<bool>) -> AnyView {
    view! {
        <h2 id="share-title">{t!("Embed this game")}</h2>
        <p>{t!("Paste this into any web page to show the game as a board that steps through its moves:")}</p>
        <textarea class="snippet" readonly=true rows="5" data-testid="snippet">{snippet(state)}</textarea>
        <div class="dialog-buttons">
            <button class="secondary" on:click=move |_| open.set(None)>{t!("Close")}</button>
            <button class="primary" on:click=move |_| {
                web::copy(&snippet(state));
                copied.set(true);
            }>{move || if copied.get() { t!("Copied") } else { t!("Copy snippet") }}</button>
        </div>
    }
    .into_any()
}
