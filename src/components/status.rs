//! The game's status: whose move or the result (announced to screen readers
//! with the move that led to it), the computer thinking, and messages.

use leptos::prelude::*;
use rules::{AnyGame, Player};

use crate::game_view::GameView;
use crate::games::status_text;
use crate::session::{Intent, Session};
use crate::state::AppState;

/// The status line, e.g. `Black played c1xa3. White to move.`
#[component]
pub fn StatusLine(
    /// The page's memos.
    game: GameView,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let last = state.derive(|s| {
        let h = s.history();
        h.last_move().map(|mv| (mv.to_string(), h.position_at(h.cursor() - 1).to_move()))
    });
    let text = move || {
        let status = game.position.with(status_text);
        match last.get() {
            Some((mv, who)) => format!("{who} played {mv}. {status}."),
            None => format!("{status}."),
        }
    };
    view! {
        <p class="status" aria-live="polite" data-testid="status"
            class:over=move || game.position.with(|g| g.outcome().is_some())>{text}</p>
    }
}

/// The computer thinking, and what went wrong with it.
#[component]
pub fn ComputerStatus(
    /// The page's memos.
    game: GameView,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let thinking = state.derive(Session::thinking);
    let seats = state.derive(Session::seats);
    let notice = state.derive(|s| s.engine_notice().map(str::to_owned));
    let stalled = state.derive(Session::stalled);
    let thinking = move || {
        thinking.get().then(|| {
            let side: Player = game.position.with(AnyGame::to_move);
            let name = seats.get()[side].level().map_or("", |l| l.name());
            view! {
                <p class="thinking" data-testid="thinking"><span class="spinner" aria-hidden="true"></span>
                    {format!("{side} (computer, {name}) is thinking…")}</p>
            }
        })
    };
    let notice = move || {
        notice.get().map(|text| {
            let stalled = stalled.get();
            view! {
                <p class="notice" role="alert">{text}
                    {stalled.then(|| view! {
                        " " <button class="secondary" on:click=move |_| state.dispatch(Intent::Retry)>"Try again"</button>
                    })}
                </p>
            }
        })
    };
    view! { {thinking} {notice} }
}

/// Messages about the game shown: a link that was partly wrong, and the like.
#[component]
pub fn Notices() -> impl IntoView {
    let state = expect_context::<AppState>();
    let notices = state.derive(|s| s.notices().to_vec());
    move || notices.get().into_iter().map(|n| view! { <p class="notice" role="alert">{n}</p> }).collect_view()
}
