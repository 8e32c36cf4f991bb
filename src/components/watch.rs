//! Computer against computer: pause, resume and the pace of the moves.

use leptos::prelude::*;

use crate::state::AppState;
use ludoteca_core::session::flow::ComputerIntent;
use ludoteca_core::session::{Intent, Session};

/// The paces offered, in milliseconds between moves.
const PACES: [(u32, &str); 3] = [(100, "Fast"), (700, "Normal"), (2000, "Slow")];

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
            let options = PACES
                .iter()
                .map(|&(ms, name)| view! { <option value=ms.to_string() selected=move || pace() == ms as usize>{name}</option> })
                .collect_view();
            view! {
                <div class="watch" role="group" aria-label="Computer against computer">
                    <button on:click=move |_| state.dispatch(Intent::Computer(ComputerIntent::Pause(!paused())))>
                        {move || if paused() { "Resume" } else { "Pause" }}
                    </button>
                    <label for="pace">"Speed"</label>
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
