//! History navigation buttons.

use leptos::prelude::*;

/// First / previous / next / last.
#[component]
pub fn NavButtons(
    /// Whether there is an earlier position.
    #[prop(into)]
    can_back: Signal<bool>,
    /// Whether there is a later position.
    #[prop(into)]
    can_forward: Signal<bool>,
    /// Called with `first`, `back`, `forward` or `last`.
    on_nav: Callback<&'static str>,
) -> impl IntoView {
    view! {
        <div class="nav-buttons" role="group" aria-label="Move through the game">
            <button aria-label="First position" title="First (Home)" disabled=move || !can_back.get()
                on:click=move |_| on_nav.run("first")>"«"</button>
            <button aria-label="Previous move" title="Previous (←)" disabled=move || !can_back.get()
                on:click=move |_| on_nav.run("back")>"‹"</button>
            <button aria-label="Next move" title="Next (→)" disabled=move || !can_forward.get()
                on:click=move |_| on_nav.run("forward")>"›"</button>
            <button aria-label="Last position" title="Last (End)" disabled=move || !can_forward.get()
                on:click=move |_| on_nav.run("last")>"»"</button>
        </div>
    }
}
