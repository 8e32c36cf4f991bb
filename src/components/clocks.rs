//! The clocks of a timed game, shown beside each player's name: the time
//! left (tenths below ten seconds), the running clock marked, low time
//! warned in colour and once in words for screen readers, and a pause
//! button between two people. The page ticks every 100 ms while a clock
//! runs; the session is told only when a clock has run out.

use std::time::Duration;

use leptos::prelude::*;
use rules::Player;

use crate::state::AppState;
use ludoteca_core::session::flow::ClockIntent;
use ludoteca_core::session::model::clock;
use ludoteca_core::session::model::seats::colour;
use ludoteca_core::session::{Intent, Session};
use ludoteca_core::t;

/// How often the clocks are redrawn while one runs.
const TICK: Duration = Duration::from_millis(100);

/// The page's time, in milliseconds, as the session is told it.
fn now() -> f64 {
    js_sys::Date::now()
}

/// The ticking of the clocks: a trigger renewed every [`TICK`] while a
/// clock runs, which also tells the session when the running clock has run
/// out. (A trigger and plain timeouts: a new signal type costs the app's
/// WebAssembly about a kilobyte.)
#[derive(Clone, Copy)]
pub struct Ticker {
    tick: Trigger,
}

impl Ticker {
    /// Starts ticking whenever a clock runs (and stops with the page).
    #[must_use]
    pub fn new(state: AppState) -> Ticker {
        let tick = Trigger::new();
        let running = state.derive(|s| s.clock_running().is_some());
        // Whether a timeout is pending (one chain of ticks at a time).
        let pending = StoredValue::new(false);
        Effect::new(move |_| {
            if running.get() && !pending.get_value() {
                pending.set_value(true);
                Ticker::next(state, tick, pending);
            }
        });
        Ticker { tick }
    }

    /// Waits a tick, redraws the clocks and checks for a flag; goes on
    /// while a clock runs and the page is there.
    fn next(state: AppState, tick: Trigger, pending: StoredValue<bool>) {
        set_timeout(
            move || {
                let on = state.session.try_with_untracked(|s| s.clock_running().is_some()).unwrap_or(false);
                if !on || tick.is_disposed() {
                    let _ = pending.try_set_value(false);
                    return;
                }
                tick.notify();
                if state.session.with_untracked(|s| s.flag_due(now())) {
                    state.dispatch(Intent::Clock(ClockIntent::Tick));
                }
                Ticker::next(state, tick, pending);
            },
            TICK,
        );
    }
}

/// `player`'s clock, in a timed game.
#[component]
pub fn PlayerClock(
    /// Whose clock.
    player: Player,
    /// The page's ticking.
    ticker: Ticker,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let left = move || {
        ticker.tick.track();
        state.session.with(|s| s.time_left_at(player, now()))
    };
    let reading = Memo::new(move |_| left().map(clock::show));
    let low = Memo::new(move |_| {
        left().is_some_and(|ms| state.session.with(|s| s.tree().clock().is_some_and(|c| c.is_low(ms))))
    });
    let running = state.derive_with(move |s| s.clock_running() == Some(player));
    // Low time is said once, when it begins.
    let said = RwSignal::new(String::new());
    let was_low = StoredValue::new(false);
    Effect::new(move |_| {
        let low = low.get();
        if low && !was_low.get_value() {
            said.set(t!("{player}: {time} left.", player = colour(player), time = clock::spoken(left().unwrap_or(0))));
        }
        was_low.set_value(low);
    });
    move || {
        reading.get().map(|text| {
            view! {
                <span class="clock" role="timer" data-testid=format!("clock-{}", player.letter())
                    aria-label=t!("{player}'s clock", player = colour(player)) class:low=move || low.get()
                    class:running=move || running.get()>
                    {text}
                </span>
                <span class="visually-hidden" aria-live="polite">{move || said.get()}</span>
            }
        })
    }
}

/// Pause or resume the clocks (two people at one screen).
#[component]
pub fn PauseClocks() -> impl IntoView {
    let state = expect_context::<AppState>();
    let can = state.derive(Session::can_pause);
    let paused = state.derive(Session::clocks_paused);
    move || {
        can.get().then(|| {
            let label = if paused.get() { t!("Resume clocks") } else { t!("Pause clocks") };
            view! {
                <button class="secondary small-button" data-testid="pause-clocks" aria-pressed=move || paused.get().to_string()
                    on:click=move |_| state.dispatch(Intent::Clock(ClockIntent::Pause(!paused.get_untracked())))>
                    {label}
                </button>
            }
        })
    }
}
