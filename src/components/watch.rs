//! Computer against computer: pause, resume and the pace of the moves.

use leptos::prelude::*;

use crate::state::AppState;
use ludoteca_core::session::flow::ComputerIntent;
use ludoteca_core::session::{Intent, Session};
use ludoteca_core::t;

/// The paces offered, in milliseconds between moves, with their names.
fn paces() -> [(u32, String); 3] {
    [(100, t!("Fast")), (700, t!("Normal")), (2000, t!("Slow"))]
}

/// The watch controls, shown when the computer plays both sides.
#[component]
pub fn WatchControls() -> impl IntoView {
    let state = expect_context::<AppState>();
    let paused = state.derive(Session::paused);
    let pace = state.derive(|s| s.pace_ms() as usize);
    let watching = state.derive(Session::watching);
    let paused = move || paused.get();
    let pace = move || pace.get();
    move || {
        watching.get().then(|| {
            let options = paces()
                .into_iter()
                .map(|(ms, name)| view! { <option value=ms.to_string() selected=move || pace() == ms as usize>{name}</option> })
                .collect_view();
            view! {
                <div class="watch" role="group" aria-label=t!("Computer against computer")>
                    <button on:click=move |_| state.dispatch(Intent::Computer(ComputerIntent::Pause(!paused())))>
                        {move || if paused() { t!("Resume") } else { t!("Pause") }}
                    </button>
                    <label for="pace">{t!("Speed")}</label>
                    <select id="pace" on:change=move |ev| {
                        if let Ok(ms) = event_target_value(&ev).parse::<u32>() {
                            state.dispatch(Intent::Computer(ComputerIntent::Pace(ms)));
                        }
                    }>{options}</select>
                </div>
            }
        })
    }
}
