//! GameTree navigation buttons.

use leptos::prelude::*;

use crate::session::model::tree::Nav;

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
    let button = move |nav: Nav, glyph: &'static str, name: &'static str, key: &'static str| {
        let enabled = move || if matches!(nav, Nav::First | Nav::Back) { can_back.get() } else { can_forward.get() };
        view! {
            <button aria-label=name title=format!("{name} ({key})") disabled=move || !enabled()
                on:click=move |_| on_nav.run(nav)>{glyph}</button>
        }
    };
    view! {
        <div class="nav-buttons" role="group" aria-label="Move through the game">
            {button(Nav::First, "«", "First position", "Home")}
            {button(Nav::Back, "‹", "Previous move", "←")}
            {button(Nav::Forward, "›", "Next move", "→")}
            {button(Nav::Last, "»", "Last position", "End")}
        </div>
    }
}
