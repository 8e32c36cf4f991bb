//! A game with a distant friend on the play page: what to do now (move, or
//! send the link), when a move is due, and the link itself — copied, handed
//! to the phone's share sheet, or shown as a QR code across a table; the
//! whole game on request, for a friend who lost their copy. Its markup is
//! written once; what changes is set by id, and one handler reads its
//! buttons (`data-act`): a Leptos view of its own would cost the app's
//! WebAssembly kilobytes.

use leptos::html;
use leptos::prelude::*;

use crate::state::AppState;
use crate::web;
use ludoteca_core::i18n::intl::date_time;
use ludoteca_core::markup::qr::qr_svg;
use ludoteca_core::markup::{Markup, Prop};
use ludoteca_core::session::Session;
use ludoteca_core::session::model::friend::called;
use ludoteca_core::t;

/// The panel's markup: literal markup around its texts.
fn panel() -> Markup {
    let mut m = Markup::new();
    m.fragment(concat!(
        r#"<h2 id="friend-title"></h2><p class="friend-state" id="friend-state" data-testid="friend-state" aria-live="polite"></p>"#,
        r#"<label for="friend-link">"#,
    ))
    .text(t!("The link to send"))
    .fragment(concat!(
        r#"</label><input id="friend-link" type="text" readonly data-testid="friend-link">"#,
        r#"<div class="friend-buttons"><button class="primary" id="friend-copy" data-act="copy" data-testid="friend-copy" aria-live="polite">"#,
    ))
    .text(t!("Copy link"))
    .fragment(r#"</button><button id="friend-share" data-act="share" hidden>"#)
    .text(t!("Share…"))
    .fragment(r#"</button><button id="friend-qr-button" data-act="qr" aria-expanded="false" aria-controls="friend-qr">"#)
    .text(t!("QR code"))
    .fragment(concat!(
        r#"</button></div>"#,
        r#"<label class="friend-whole" id="friend-whole-row" hidden><input type="checkbox" id="friend-whole" data-act="whole"> "#,
    ))
    .text(t!("The whole game (for a friend who lost their copy: a longer link)"))
    .fragment(r#"</label><div class="friend-qr" id="friend-qr"></div>"#);
    m
}

/// A time (seconds since 1970) as My games writes dates, in the reader's
/// time zone and language.
fn date(seconds: u64) -> String {
    let ms = seconds as f64 * 1000.0;
    let offset = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms)).get_timezone_offset();
    date_time(ms, offset as i32)
}

/// What the panel shows: its title, what to do now, and the link (the
/// whole game's when `whole`); `None` outside a game by link.
fn panel_text(s: &Session, whole: bool) -> Option<[String; 3]> {
    let f = s.friend()?;
    let them = called(&f.names[f.other()]);
    let mut status = s.friend_status()?;
    if s.tree().finish().is_none() {
        status.push(' ');
        status.push_str(&t!("Last move: {date}.", date = date(f.since)));
        if let Some(due) = f.due() {
            let due = if s.friend_to_move() {
                t!("{name}'s move is due by {date}.", name = them, date = date(due))
            } else {
                t!("Your move is due by {date}.", date = date(due))
            };
            status.push(' ');
            status.push_str(&due);
        }
    }
    let base = web::page_address();
    let link = format!("{base}#{}", s.friend_link(&base, whole)?);
    Some([t!("A game by links with {name}", name = them), status, link])
}

/// The game by link's panel (hidden in other games).
#[component]
pub fn FriendPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let whole = RwSignal::new(false);
    let qr = RwSignal::new(false);
    let texts = state.derive_with(move |s| panel_text(s, whole.get()));
    let short = state.derive_with(|s| s.friend_link("", false).is_some_and(|l| l.contains("&after=")));
    let holder = NodeRef::<html::Section>::new();
    Effect::new(move |_| {
        let Some(el) = holder.get() else { return };
        let Some([title, status, link]) = texts.get() else {
            el.set_hidden(true);
            return;
        };
        if el.child_element_count() == 0 {
            web::set_markup(&el, &panel());
        }
        el.set_hidden(false);
        let qr_code = qr.get().then(|| qr_svg(&link, &t!("QR code of the link to send"))).flatten();
        if let Some(code) = document().get_element_by_id("friend-qr") {
            web::set_markup(&code, &qr_code.unwrap_or_else(Markup::new));
        }
        let text = |id: &str, prop, value: String| (id.to_owned(), prop, Prop::Text(value));
        web::apply_props(vec![
            text("friend-title", "textContent", title),
            text("friend-state", "textContent", status),
            text("friend-link", "value", link),
            text("friend-copy", "textContent", t!("Copy link")),
            text("friend-qr-button", "ariaExpanded", qr.get().to_string()),
            ("friend-share".to_owned(), "hidden", Prop::On(!web::can_share())),
            ("friend-whole-row".to_owned(), "hidden", Prop::On(!short.get() && !whole.get())),
            ("friend-whole".to_owned(), "checked", Prop::On(whole.get())),
        ]);
    });
    let link = move || texts.with_untracked(|t| t.as_ref().map(|[_, _, link]| link.clone()));
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let Some((button, act)) = web::acted(&ev) else { return };
        match act.as_str() {
            "copy" => {
                if let Some(link) = link() {
                    web::copy(&link);
                    button.set_text_content(Some(&t!("Link copied")));
                }
            }
            "share" => {
                if let Some(link) = link() {
                    web::share(&t!("Your move on Ludoteca"), &link);
                }
            }
            "qr" => qr.update(|q| *q = !*q),
            "whole" => whole.update(|w| *w = !*w),
            _ => {}
        }
    };
    let on_focus = move |ev: leptos::ev::FocusEvent| {
        if let Some(input) =
            ev.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok())
        {
            input.select();
        }
    };
    view! {
        <section class="friend-panel" aria-labelledby="friend-title" data-testid="friend-panel" hidden
            node_ref=holder on:click=on_click on:focusin=on_focus></section>
    }
}
