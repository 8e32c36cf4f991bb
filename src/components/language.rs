//! The language chooser of the header: each language named in itself.

use leptos::prelude::*;
use ludoteca_core::i18n::Lang;
use ludoteca_core::t;

use crate::state::AppState;

/// A menu of the languages, the current one chosen; a choice is kept and
/// the page drawn again in it. The menu itself stays through a switch (the
/// keyboard's focus with it): only its name is read again.
#[component]
pub fn LanguageChooser(
    /// Why the language chosen could not be loaded, for the page to say.
    problem: RwSignal<Option<String>>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let current = state.lang.get_untracked();
    let options = Lang::CHOICES
        .into_iter()
        .map(
            |lang| view! { <option value=lang.code() lang=lang.code() selected=lang == current>{lang.name()}</option> },
        )
        .collect_view();
    view! {
        <select class="lang-chooser" aria-label=crate::i18n::live(|| t!("Language")) on:change=move |ev| {
            if let Some(lang) = Lang::from_code(&event_target_value(&ev)) {
                state.choose_language(lang, move |why| problem.set(why));
            }
        }>{options}</select>
    }
}
