//! GameTree navigation buttons.

use leptos::prelude::*;

use ludoteca_core::session::model::tree::Nav;
use ludoteca_core::t;

/// First / previous / next / last.
#[component]
pub fn NavButtons(
    /// Whether there is an earlier position.
    #[prop(into)]
    can_back: Signal<bool>,
    /// Whether there is a later position.
    #[prop(into)]
    can_forward: Signal<bool>,
    /// Called with the step asked for.
    on_nav: Callback<Nav>,
) -> impl IntoView {
    // `key` is the key's name as printed on keyboards (`Home`, `←`).
    let button = move |nav: Nav, glyph: &'static str, name: String, key: &'static str| {
        let back = matches!(nav, Nav::First | Nav::Back);
        let enabled = move || if back { can_back.get() } else { can_forward.get() };
        // A disabled button says why (its tooltip, and its description for screen readers).
        let action = name.clone();
        let title = move || match (enabled(), back) {
            (true, _) => t!("{action} ({key})", action = action, key = key),
            (false, true) => t!("{action} ({key}): this is the start of the game", action = action, key = key),
            (false, false) => t!("{action} ({key}): this is the end of the line", action = action, key = key),
        };
        view! {
            <button aria-label=name title=title disabled=move || !enabled()
                on:click=move |_| on_nav.run(nav)>{glyph}</button>
        }
    };
    view! {
        <div class="nav-buttons" role="group" aria-label=t!("Move through the game")>
            {button(Nav::First, "«", t!("First position"), "Home")}
            {button(Nav::Back, "‹", t!("Previous move"), "←")}
            {button(Nav::Forward, "›", t!("Next move"), "→")}
            {button(Nav::Last, "»", t!("Last position"), "End")}
        </div>
    }
}
