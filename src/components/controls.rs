//! GameTree navigation buttons.

use leptos::prelude::*;

use ludoteca_core::session::model::tree::Nav;

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
        let back = matches!(nav, Nav::First | Nav::Back);
        let enabled = move || if back { can_back.get() } else { can_forward.get() };
        // A disabled button says why (its tooltip, and its description for screen readers).
        let title = move || match (enabled(), back) {
            (true, _) => format!("{name} ({key})"),
            (false, true) => format!("{name} ({key}): this is the start of the game"),
            (false, false) => format!("{name} ({key}): this is the end of the line"),
        };
        view! {
            <button aria-label=name title=title disabled=move || !enabled()
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
