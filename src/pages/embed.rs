//! The embedded board (`embed=1`): only the board, the move navigation, the
//! status and a small link back to the full app, sized to fill its frame.
//! With `interactive=0` it is a viewer that steps through a game; a board
//! the reader plays on has *Reset* (back to the game the author gave); a
//! challenge (`solve=`) has *Hint* and *Solution*.

use leptos::prelude::*;

use crate::components::controls::NavButtons;
use crate::components::game_board::GameBoard;
use crate::game_view::GameView;
use crate::state::AppState;
use crate::web;
use ludoteca_core::markup::moves::number;
use ludoteca_core::session::flow::AdviceIntent;
use ludoteca_core::session::formats::url::{self, Presentation};
use ludoteca_core::session::model::tree::GameTree;
use ludoteca_core::session::{Intent, Session};
use ludoteca_core::{i18n, t};

/// Where the viewer is, as the move list numbers moves: the move just
/// played (`6… f8xb4`), or the start.
fn move_number(tree: &GameTree) -> String {
    let depth = tree.depth(tree.cursor());
    match tree.last_move() {
        Some(mv) => format!("{} {mv}", number(depth)),
        None if tree.line_shown().is_empty() => t!("No moves"),
        None => t!("Start"),
    }
}

/// The embedded page.
#[component]
pub fn Embed() -> impl IntoView {
    let state = expect_context::<AppState>();
    let game = GameView::new(state);
    // The link back opens the same game in the full app.
    let full = move || {
        let query = state.session.with(|s| url::encode(s.tree(), &s.seats(), Presentation::default()));
        format!("{}{query}", web::page_address())
    };
    let kind = move || i18n::text(game.spec.get().kind().name());
    let place = state.derive(|s| move_number(s.tree()));
    let notices = state.derive(|s| s.notices().to_vec());
    // A press that was not a move (or a challenge's wrong move, or its hint) says why first.
    let status = state.derive(|s| match s.refusal() {
        Some(why) => t!("{reason}. {status}", reason = why, status = s.status()),
        None => s.status(),
    });
    let challenge = state.derive(Session::challenge_on);
    let playable = state.derive(|s| s.presentation().interactive);
    // Reset: the game the author gave, as the frame first opened it.
    let given = StoredValue::new(web::query());
    let reset = move |_| state.open_route(url::decode(&given.get_value()), false);
    let notices = move || {
        notices.get().into_iter().map(|n| view! { <p class="embed-notice" role="alert">{n}</p> }).collect_view()
    };
    view! {
        <main class="embed">
            <h1 class="visually-hidden">{move || t!("{game} on Ludoteca", game = kind())}</h1>
            {notices}
            <div class="embed-board">
                <GameBoard game/>
            </div>
            <div class="embed-bar">
                <NavButtons can_back=state.derive(|s| s.tree().can_back())
                    can_forward=state.derive(|s| s.tree().can_forward())
                    on_nav=Callback::new(move |nav| state.dispatch(Intent::Navigate(nav)))/>
                <span class="embed-place" data-testid="place">{place}</span>
                <span class="embed-status" aria-live="polite" data-testid="status"
                    data-challenge=move || state.session.with(Session::challenge_mark)>{move || status.get()}</span>
                // Which buttons show is the stylesheet's: a challenge's, a playable board's.
                <span class="embed-actions" class:challenge=move || challenge.get() class:playable=move || playable.get()>
                    <button class="secondary for-challenge"
                        on:click=move |_| state.dispatch(Intent::Advice(AdviceIntent::Hint))>{t!("Hint")}</button>
                    <button class="secondary for-challenge" on:click=move |_| state.dispatch(Intent::Solution)>{t!("Solution")}</button>
                    <button class="secondary for-playable" on:click=reset>{t!("Reset")}</button>
                </span>
                <a class="embed-link" href=full target="_blank" rel="noopener">{move || t!("{game} on Ludoteca ↗", game = kind())}</a>
            </div>
        </main>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use ludoteca_core::session::formats::url::{Route, decode};

    fn at(query: &str) -> String {
        let Route::Play { tree, .. } = decode(query) else { panic!("{query}") };
        move_number(&tree)
    }

    #[test]
    fn the_viewer_numbers_moves_as_the_move_list_does() {
        assert_eq!(at("?game=loa"), "No moves");
        assert_eq!(at("?game=loa&moves=b1-b3&ply=0"), "Start");
        assert_eq!(at("?game=loa&moves=b1-b3,a2-c2,e1-e3&ply=1"), "1. b1-b3");
        assert_eq!(at("?game=loa&moves=b1-b3,a2-c2,e1-e3&ply=2"), "1… a2-c2");
        assert_eq!(at("?game=loa&moves=b1-b3,a2-c2,e1-e3"), "2. e1-e3");
    }
}
