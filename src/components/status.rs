//! The game's status: whose move or the result (announced to screen readers
//! with the move that led to it), the computer thinking, and messages.

use leptos::prelude::*;

use rules::Player;

use crate::components::clocks::{PauseClocks, PlayerClock, Ticker};
use crate::game_view::GameView;
use crate::state::AppState;
use ludoteca_core::session::flow::ComputerIntent;
use ludoteca_core::session::model::seats::{self, colour};
use ludoteca_core::session::{Intent, Session};
use ludoteca_core::{i18n, t};

/// The status line, e.g. `Black played c1xa3. White to move.`
#[component]
pub fn StatusLine(
    /// The page's memos.
    game: GameView,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let text = state.derive(|s| {
        let h = s.tree();
        let status = s.status();
        let line = match (h.last_move(), h.before_cursor()) {
            (Some(mv), Some(before)) => t!(
                "{player} played {move}. {status}.",
                player = colour(before.to_move()),
                move = mv,
                status = status
            ),
            _ => t!("{status}.", status = status),
        };
        // A click that was not a move says why first (the rules' reason).
        match s.refusal() {
            Some(why) => t!("{reason}. {status}", reason = why, status = line),
            None => line,
        }
    });
    let text = move || text.get();
    let over = state.derive(|s| s.at_finish() || s.tree().position().outcome().is_some());
    let _ = game;
    view! {
        <p class="status" aria-live="polite" data-testid="status"
            class:over=move || over.get()>{text}</p>
    }
}

/// Who plays whom, Black first (`You (Black) — Computer, level 3 (White)`),
/// the side to move marked, and in a timed game each side's clock, large.
#[component]
pub fn Players() -> impl IntoView {
    let state = expect_context::<AppState>();
    let seats = state.derive(Session::seats);
    let turn = state.derive(|s| {
        let over = s.at_finish() || s.tree().position().outcome().is_some();
        (!over).then(|| s.tree().position().to_move())
    });
    let ticker = Ticker::new(state);
    let players = Player::ALL
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            // A name the game's information gives (an imported record), or
            // a game by link's, stands for the seat's word.
            let name = state.derive_with(move |s| {
                if let Some(name) = s.friend_name(p) {
                    return Some(t!("{name} ({player})", name = name, player = colour(p)));
                }
                let info = s.tree().info();
                let name = if p == Player::Black { &info.black } else { &info.white };
                (!name.is_empty()).then(|| t!("{name} ({player})", name = name, player = colour(p)))
            });
            view! {
                {(i > 0).then(|| view! { <span class="sep">" — "</span> })}
                <span class="player" data-player=p.letter().to_string() class:turn=move || turn.get() == Some(p)
                    aria-current=move || (turn.get() == Some(p)).then_some("true")>
                    <span class="name">{move || name.get().unwrap_or_else(|| seats::player_label(&seats.get(), p))}</span>
                    <PlayerClock player=p ticker/>
                </span>
            }
        })
        .collect_view();
    // A timed game shows each side as a card with its clock large beside
    // the name (the page's stylesheet lays them out side by side).
    let timed = state.derive(|s| s.tree().clock().is_some());
    view! {
        <p class="players" class:timed=move || timed.get() data-testid="players">
            {move || seats::two_people(&seats.get()).then(|| view! { <span class="hot-seat">{i18n::text(seats::HOT_SEAT)}</span> })}
            {players}
            " " <PauseClocks/>
        </p>
    }
}

/// The computer thinking, and what went wrong with it.
#[component]
pub fn ComputerStatus() -> impl IntoView {
    let state = expect_context::<AppState>();
    // Who thinks, in words (as a string: a memo of a new type costs the .wasm kilobytes).
    let thinking = state.derive(|s| {
        let side = s.tree().position().to_move();
        let name = s.seats()[side].level().map_or("", |l| l.name());
        s.thinking()
            .then(|| t!("{player} (computer, {level}) is thinking…", player = colour(side), level = i18n::text(name)))
    });
    let notice = state.derive(|s| s.worker_notice().map(str::to_owned));
    let stalled = state.derive(Session::stalled);
    let thinking = move || {
        thinking.get().map(|text| {
            view! {
                <p class="thinking" data-testid="thinking"><span class="spinner" aria-hidden="true"></span>{text}</p>
            }
        })
    };
    let notice = move || {
        notice.get().map(|text| {
            let stalled = stalled.get();
            view! {
                <p class="notice" role="alert">{text}
                    {stalled.then(|| view! {
                        " " <button class="secondary" on:click=move |_| state.dispatch(Intent::Computer(ComputerIntent::Retry))>{t!("Try again")}</button>
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
    let refused = state.storage_refused;
    view! {
        {move || notices.get().into_iter().map(|n| view! { <p class="notice" role="alert">{n}</p> }).collect_view()}
        {move || refused.get().map(|why| view! {
            <p class="notice" role="alert" data-testid="storage-refused">
                {why}" "
                // The game as a record: written by the library's worker, which
                // needs no storage for it.
                <button class="small-button" on:click=move |_| {
                    let kept = state.session.with_untracked(ludoteca_core::session::Session::kept);
                    state.ask_library(ludoteca_core::library::wire::Ask::WriteRecord { kept, sgf: false });
                }>{t!("Download this game")}</button>
            </p>
        })}
    }
}
