//! The player's settings on the play page: sounds, animations and the theme,
//! remembered between visits.

use leptos::prelude::*;

use crate::state::AppState;
use ludoteca_core::session::formats::prefs::Theme;
use ludoteca_core::{i18n, t};

/// The settings group.
#[component]
pub fn Settings() -> impl IntoView {
    let state = expect_context::<AppState>();
    let sound = move || state.prefs.with(|p| p.sound);
    let animate = move || state.prefs.with(|p| p.animate);
    let theme = move || state.prefs.with(|p| p.theme);
    let themes = Theme::ALL
        .into_iter()
        .map(|t| view! { <option value=t.id() selected=move || theme() == t>{i18n::text(t.name())}</option> })
        .collect_view();
    view! {
        <fieldset class="settings">
            <legend>{t!("Settings")}</legend>
            <label class="toggle">
                <input type="checkbox" prop:checked=sound
                    on:change=move |ev| state.set_prefs(|p| p.sound = event_target_checked(&ev))/>
                " " {t!("Sounds")}
            </label>
            <label class="toggle">
                <input type="checkbox" prop:checked=animate
                    on:change=move |ev| state.set_prefs(|p| p.animate = event_target_checked(&ev))/>
                " " {t!("Animate moves")}
            </label>
            // The label and its select stay on one line.
            <span class="theme-choice">
                <label class="toggle" for="theme">{t!("Theme")}" "</label>
                <select id="theme" on:change=move |ev| {
                    let id = event_target_value(&ev);
                    if let Some(t) = Theme::ALL.into_iter().find(|t| t.id() == id) {
                        state.set_prefs(|p| p.theme = t);
                    }
                }>{themes}</select>
            </span>
            <button class="keys-button small-button secondary" on:click=move |_| state.dialogs.keys_help.set(true)
                aria-keyshortcuts="?">{t!("Keys")}" " <kbd>"?"</kbd></button>
        </fieldset>
    }
}
