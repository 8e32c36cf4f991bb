//! Ending a game, and what follows: *Resign* (asked twice) and *Offer a
//! draw* while it goes on, the answer to a draw offered at the same screen,
//! and once it has ended a panel with the result and its reason, *Review
//! this game*, *Rematch* (colours swapped) and *New game*.

use leptos::prelude::*;

use crate::state::AppState;
use ludoteca_core::session::flow::{EndIntent, MAX_REVIEW_WORKERS, ReviewIntent};
use ludoteca_core::session::model::friend::called;
use ludoteca_core::session::model::seats::Seats;
use ludoteca_core::session::model::seats::colour;
use ludoteca_core::session::{Intent, Session};
use ludoteca_core::t;

/// *Resign…* and *Offer a draw*, while the game goes on and a person plays
/// it (in the row of the game's actions).
#[component]
pub fn EndButtons() -> impl IntoView {
    let state = expect_context::<AppState>();
    let shown = state.derive(|s| s.person().is_some() && s.tree().finish().is_none() && s.draw_offer().is_none());
    move || {
        shown.get().then(|| {
            view! {
                <button class="secondary" on:click=move |_| state.dialogs.confirm_resign.set(true)>{t!("Resign…")}</button>
                <button class="secondary" on:click=move |_| state.dispatch(Intent::End(EndIntent::OfferDraw))>
                    {t!("Offer a draw")}
                </button>
            }
        })
    }
}

/// The questions of ending a game (resign? accept a draw?), and the panel
/// once it has ended.
#[component]
pub fn GameEnd() -> impl IntoView {
    let state = expect_context::<AppState>();
    let person = state.derive(Session::person);
    let over = state.derive(|s| s.tree().finish().is_some());
    let at_finish = state.derive(Session::at_finish);
    let finish = state.derive(Session::finish_text);
    let headline = state.derive(Session::finish_headline);
    let offer = state.derive(Session::draw_offer);
    // In a game by link, an offer this side made waits for the friend's link.
    let offer_text = state.derive(|s| {
        let by = s.draw_offer()?;
        Some(match s.friend() {
            Some(f) if f.me == by => {
                t!("You offered {name} a draw: their link brings the answer.", name = called(&f.names[f.other()]))
            }
            Some(f) => t!("{name} offers a draw.", name = f.name(by)),
            None => t!("{name} offers a draw.", name = colour(by)),
        })
    });
    let mine = state.derive(|s| s.friend().is_some_and(|f| s.draw_offer() == Some(f.me)));
    let confirming = state.dialogs.confirm_resign;
    // The end closes the question (another game closes it in `dispatch`);
    // a move of the computer's while it is asked leaves it open.
    Effect::new(move |_| {
        over.track();
        confirming.set(false);
    });
    let end = move |intent| state.dispatch(Intent::End(intent));
    let controls = move || {
        let who = person.get()?;
        if over.get() {
            return None;
        }
        Some(if confirming.get() {
            view! {
                <div class="end-confirm" role="group" aria-label=t!("Resign?")>
                    <span>{t!("Resign this game as {player}?", player = colour(who))}</span>
                    <button class="danger" on:click=move |_| end(EndIntent::Resign)>{t!("Resign")}</button>
                    <button class="secondary" on:click=move |_| confirming.set(false)>{t!("Keep playing")}</button>
                </div>
            }
            .into_any()
        } else if offer.get().is_some() {
            view! {
                <div class="end-confirm" role="group" aria-label=t!("A draw is offered")>
                    <span>{move || offer_text.get()}</span>
                    <button hidden=move || mine.get() on:click=move |_| end(EndIntent::AnswerDraw(true))>{t!("Accept the draw")}</button>
                    <button class="secondary" on:click=move |_| end(EndIntent::AnswerDraw(false))>
                        {move || if mine.get() { t!("Take the offer back") } else { t!("Decline") }}
                    </button>
                </div>
            }
            .into_any()
        } else {
            return None;
        })
    };
    let rematch = move |_| {
        let (spec, seats, clock, friend) = state
            .session
            .with_untracked(|s| (s.tree().spec(), s.seats(), s.tree().clock().map(|c| c.control), s.friend().cloned()));
        // A game by link's rematch is a new game by link, colours swapped.
        if let Some(f) = friend {
            let names = rules::ByPlayer { black: f.names.white, white: f.names.black };
            state.start_friend(spec, f.me.opponent(), names, f.days);
            return;
        }
        let swapped = Seats { black: seats.white, white: seats.black };
        state.new_game(spec, swapped, clock);
    };
    let review = move |_| {
        let workers = crate::web::spare_cores().min(MAX_REVIEW_WORKERS);
        state.dispatch(Intent::Review(ReviewIntent::Start { workers }));
    };
    let panel = move || {
        let text = finish.get()?;
        at_finish.get().then(|| {
            view! {
                <section class="game-over" aria-labelledby="game-over-title">
                    <h2 id="game-over-title">{move || headline.get().unwrap_or_else(|| t!("Game over"))}</h2>
                    <p class="game-over-result" data-testid="game-over">{text}</p>
                    <div class="game-over-buttons">
                        <button on:click=review>{t!("Review this game")}</button>
                        <button on:click=rematch title=t!("The same game, colours swapped")>{t!("Rematch")}</button>
                        <button class="secondary" on:click=move |_| state.ask_new_game()>{t!("New game")}</button>
                    </div>
                </section>
            }
        })
    };
    view! {
        {controls}
        {panel}
    }
}
