//! The embedded board (`embed=1`): only the board, the move navigation, the
//! status and a small link back to the full app, sized to fill its frame.
//! With `interactive=0` it is a viewer that steps through a game.

use leptos::prelude::*;

use crate::components::controls::NavButtons;
use crate::components::game_board::GameBoard;
use crate::game_view::GameView;
use crate::session::formats::url::{self, ViewMode};
use crate::session::{Intent, Session};
use crate::state::AppState;
use crate::web;

/// Where the viewer is: `Move 3 of 12`, or `Start of 12 moves`.
fn move_number(cursor: usize, total: usize) -> String {
    match (cursor, total) {
        (_, 0) => "No moves".to_owned(),
        (0, 1) => "Start of 1 move".to_owned(),
        (0, n) => format!("Start of {n} moves"),
        (c, n) => format!("Move {c} of {n}"),
    }
}

/// The embedded page.
#[component]
pub fn Embed() -> impl IntoView {
    let state = expect_context::<AppState>();
    let game = GameView::new(state);
    // The link back opens the same game in the full app.
    let full = move || {
        let query = state.session.with(|s| url::encode(s.tree(), &s.seats(), ViewMode::default()));
        let here = web::href();
        let base = here.split('?').next().unwrap_or("./").to_owned();
        format!("{base}{query}")
    };
    let kind = move || game.spec.get().kind().name();
    let place = state.derive(|s| move_number(s.tree().depth(s.tree().cursor()), s.tree().line_shown().len()));
    let notices = state.derive(|s| s.notices().to_vec());
    let status = state.derive(Session::status);
    let notices = move || {
        notices.get().into_iter().map(|n| view! { <p class="embed-notice" role="alert">{n}</p> }).collect_view()
    };
    view! {
        <main class="embed">
            <h1 class="visually-hidden">{move || format!("{} on Ludoteca", kind())}</h1>
            {notices}
            <div class="embed-board">
                <GameBoard game/>
            </div>
            <div class="embed-bar">
                <NavButtons can_back=state.derive(|s| s.tree().can_back())
                    can_forward=state.derive(|s| s.tree().can_forward())
                    on_nav=Callback::new(move |nav| state.dispatch(Intent::Navigate(nav)))/>
                <span class="embed-place" data-testid="place">{place}</span>
                <span class="embed-status" aria-live="polite" data-testid="status">{move || status.get()}</span>
                <a class="embed-link" href=full target="_blank" rel="noopener">{move || format!("{} on Ludoteca ↗", kind())}</a>
            </div>
        </main>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_viewer_says_where_it_is() {
        assert_eq!(move_number(0, 0), "No moves");
        assert_eq!(move_number(0, 1), "Start of 1 move");
        assert_eq!(move_number(0, 12), "Start of 12 moves");
        assert_eq!(move_number(3, 12), "Move 3 of 12");
    }
}
