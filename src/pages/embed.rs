//! The embedded board (`embed=1`): only the board, the move navigation and a
//! small link back to the full app, sized to fill its frame. With
//! `interactive=0` it is a viewer that steps through a game.

use leptos::prelude::*;
use rules::AnyGame;

use crate::app::AppState;
use crate::components::board::{Board, Marks};
use crate::components::controls::NavButtons;
use crate::games::{board_view, last_move_cells, status_text};
use crate::session::url::{self, ViewMode};
use crate::web;

/// The embedded page.
#[component]
pub fn Embed() -> impl IntoView {
    let state = expect_context::<AppState>();
    let position = Memo::new(move |_| state.history.with(|h| h.position().clone()));
    let view = Memo::new(move |_| position.with(board_view));
    // Its own memo: the previous position's moves are worked out once per
    // move, not on every selection or focus change.
    let last = Memo::new(move |_| state.history.with(last_move_cells));
    let parts = Memo::new(move |_| position.with(AnyGame::legal_move_parts));
    let marks = Signal::derive(move || {
        let moves = parts.get();
        let selection = state.selection.get();
        Marks {
            selected: selection.from.clone(),
            targets: crate::games::interaction::targets(&moves, &selection)
                .into_iter()
                .filter_map(|m| m.to.clone().map(|to| (to, crate::components::board::TargetKind::Move)))
                .collect(),
            last: last.get(),
            ..Marks::default()
        }
    });
    // The link back opens the same game in the full app.
    let full = move || {
        let seats = state.seats.get();
        let query = state.history.with(|h| url::encode(h, &seats, ViewMode::default()));
        let here = web::href();
        let base = here.split('?').next().unwrap_or("./").to_owned();
        format!("{base}{query}")
    };
    let kind = move || position.with(AnyGame::kind).name();
    view! {
        <div class="embed">
            <div class="embed-board">
                <Board view=view marks=marks flipped=state.flipped animation=state.animation
                    on_cell=Callback::new(move |cell: String| state.click_cell(&cell))
                    label=Signal::derive(move || format!("{} board", kind()))/>
            </div>
            <div class="embed-bar">
                <NavButtons can_back=Signal::derive(move || state.history.with(|h| h.can_back()))
                    can_forward=Signal::derive(move || state.history.with(|h| h.can_forward()))
                    on_nav=Callback::new(move |how: &'static str| state.navigate(how, None))/>
                <span class="embed-status" aria-live="polite" data-testid="status">{move || status_text(&position.get())}</span>
                <a class="embed-link" href=full target="_blank" rel="noopener">{move || format!("{} on Ludoteca ↗", kind())}</a>
            </div>
        </div>
    }
}
