//! The new-game dialog: a game's rule options with their defaults; the
//! players and the clock, or, for a game with a distant friend by links
//! (opened with a friend's seat), the colour, the names and the days a
//! move may take.

use leptos::prelude::*;
use rules::{ByPlayer, GameSpec, Player};
use search::levels::Level;

use crate::components::modal::Modal;
use crate::state::AppState;
use crate::web;
use ludoteca_core::i18n::intl::{Unit, quantity};
use ludoteca_core::session::model::clock::{MAX_BASE_S, MAX_INCREMENT_S, TimeControl};
use ludoteca_core::session::model::friend::tidy_name;
use ludoteca_core::session::model::seats::{Seat, Seats, against_friend, colour};
use ludoteca_core::view::options::{key_label, value_label};
use ludoteca_core::{i18n, t};

/// The new-game dialog, opened on `spec` and `seats` (the game shown, or a
/// game's defaults); `on_start` receives the choice.
#[component]
pub fn NewGameDialog(
    /// The game and options the dialog opens with.
    spec: GameSpec,
    /// The players the dialog opens with.
    seats: Seats,
    /// The time control the dialog opens with (`None`: no clocks).
    clock: Option<TimeControl>,
    /// Called with the chosen game, options, players and clock.
    on_start: Callback<(GameSpec, Seats, Option<TimeControl>)>,
    /// Called when the dialog is dismissed.
    on_cancel: Callback<()>,
) -> impl IntoView {
    let kind = spec.kind();
    let by_link = Player::ALL.iter().any(|&p| seats[p] == Seat::Remote);
    let first_seats = seats;
    let spec = RwSignal::new(spec);
    let seats = RwSignal::new(seats);
    let seat_fields = Player::ALL
        .into_iter()
        .map(|player| {
            let id = format!("seat-{}", player.letter());
            let help_id = format!("seat-{}-help", player.letter());
            let chosen = first_seats[player];
            let help = move || {
                seats.with(|s| {
                    s[player].level().map(|l| {
                        let thinking = spec.with(|g| l.thinking_for(g));
                        t!("{level}: {thinking}", level = i18n::text(l.name()), thinking = i18n::text(thinking))
                    })
                })
            };
            let levels = Level::ALL
                .iter()
                .map(|&l| {
                    view! {
                        <option value=format!("ai:{l}") selected=chosen == Seat::Computer(l)>
                            {t!("Computer {level} · {name}", level = l, name = i18n::text(l.name()))}
                        </option>
                    }
                })
                .collect_view();
            view! {
                <label for=id.clone()>{colour(player)}</label>
                <div class="seat">
                    <select id=id aria-describedby=help_id.clone() on:change=move |ev| {
                        let value = event_target_value(&ev);
                        if let Ok(seat) = value.parse::<Seat>() {
                            seats.update(|s| s[player] = seat);
                        } else if value == "friend" {
                            // The dialog of a game by link, on the same game.
                            let state = expect_context::<AppState>();
                            state.dialogs.new_game.set(Some((spec.get_untracked(), against_friend(player.opponent()), None)));
                        }
                    }>
                        <option value="human" selected=chosen == Seat::Human>{t!("Human")}</option>
                        {levels}
                        <option value="friend">{t!("A friend, by link")}</option>
                    </select>
                    <span class="help" id=help_id>{help}</span>
                </div>
            }
        })
        .collect_view();
    let current = spec.get_untracked();
    let fields = kind
        .options()
        .iter()
        .map(|info| {
            let key = info.key;
            let now = current.get(key).unwrap_or_else(|| info.default.to_owned());
            let options = info
                .values
                .iter()
                .map(|v| view! { <option value=*v selected=*v == now>{value_label(key, v)}</option> })
                .collect_view();
            let id = format!("option-{key}");
            view! {
                <label for=id.clone()>{key_label(key)}</label>
                <select id=id on:change=move |ev| {
                    let value = event_target_value(&ev);
                    spec.update(|s| {
                        let _ = s.set(key, &value);
                    });
                }>{options}</select>
                <p class="help">{i18n::text(info.help)}</p>
            }
        })
        .collect_view();
    let (clock_field, chosen_clock) = clock_field(clock);
    let game = i18n::text(kind.name());
    let (title, players, start) = if by_link {
        let me = ludoteca_core::session::model::seats::person(&first_seats).unwrap_or(Player::Black);
        (t!("A game by link: {game}", game = game), friend_fields(me).into_any(), t!("Start and make the link"))
    } else {
        let players = view! {
            <fieldset class="players">
                <legend>{t!("Players")}</legend>
                <div class="fields">{seat_fields}</div>
            </fieldset>
            {clock_field}
        };
        (t!("New game of {game}", game = game), players.into_any(), t!("Start game"))
    };
    let state = expect_context::<AppState>();
    view! {
        <Modal labelled_by="new-game-title" on_close=on_cancel>
            <h2 id="new-game-title">{title}</h2>
            <div class="fields">{fields}</div>
            // Forms and Lines of Action: who wins the boards the solver has settled.
            <p class="help" hidden=search::solver::solved_words(kind).is_none()>
                {search::solver::solved_words(kind).map(i18n::text).unwrap_or_default()}
            </p>
            // Options that do not go together (a black hole on an even board): said, and no start.
            <p class="move-error sentence" role="alert">
                {move || {
                    spec.with(|s| s.check().err()).map(|e| {
                        // The rules' reason, a clause, made a sentence.
                        let reason = i18n::rules_words::option_error(&e);
                        // Its first letter a capital by the stylesheet (`.sentence`): in
                        // any script, and no case tables in the .wasm.
                        format!("{reason}.")
                    })
                }}
            </p>
            {players}
            <div class="dialog-buttons">
                <button class="secondary" on:click=move |_| on_cancel.run(())>{t!("Cancel")}</button>
                <button class="primary" disabled=move || spec.with(|s| s.check().is_err()) on:click=move |_| {
                    if by_link {
                        start_by_link(state, spec.get_untracked());
                    } else {
                        let clock = TimeControl::from_code(&chosen_clock.get_untracked()).ok();
                        on_start.run((spec.get_untracked(), seats.get_untracked(), clock));
                    }
                }>{start}</button>
            </div>
        </Modal>
    }
}

/// Where the player's own name is remembered for the next game by link.
const MY_NAME: &str = "ludoteca.my-name";

/// A game by link's fields: this side's colour, both names, the days a
/// move may take (markup written once, read when the game starts:
/// [`start_by_link`]): literal markup around its texts.
fn friend_markup() -> ludoteca_core::markup::Markup {
    let mut m = ludoteca_core::markup::Markup::new();
    m.fragment(r#"<fieldset class="players"><legend>"#)
        .text(t!("Players"))
        .fragment(r#"</legend><div class="fields"><label for="friend-side">"#)
        .text(t!("You play"))
        .fragment(r#"</label><select id="friend-side"><option value="x">"#)
        .text(colour(Player::Black))
        .fragment(r#"</option><option value="random">"#)
        .text(t!("Random"))
        .fragment(r#"</option><option value="o">"#)
        .text(colour(Player::White))
        .fragment(r#"</option></select><label for="friend-me">"#)
        .text(t!("Your name"))
        .fragment(r#"</label><input id="friend-me" type="text" autocomplete="nickname" maxlength="24"><label for="friend-them">"#)
        .text(t!("Your friend's name"))
        .fragment(r#"</label><input id="friend-them" type="text" autocomplete="off" maxlength="24"><label for="friend-days">"#)
        .text(t!("Time for a move"))
        .fragment(r#"</label><div class="seat"><select id="friend-days" aria-describedby="friend-days-help"><option value="">"#)
        .text(t!("No limit"))
        .fragment("</option>");
    for days in [1u8, 3, 7, 14] {
        m.open("option").attr("value", days).body();
        m.text(quantity(u64::from(days), Unit::Day)).end("option");
    }
    m.fragment(r#"</select><span class="help" id="friend-days-help">"#)
        .text(t!("After each move you send your friend a link, and they send one back: no account, no server. Both browsers keep the game."))
        .fragment("</span></div></div></fieldset>");
    m
}

fn friend_fields(me: Player) -> impl IntoView {
    let holder = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        let Some(el) = holder.get() else { return };
        web::set_markup(&el, &friend_markup());
        let name = web::load(MY_NAME).unwrap_or_default();
        web::apply_props(vec![
            ("friend-me".to_owned(), "value", ludoteca_core::markup::Prop::Text(name)),
            ("friend-side".to_owned(), "value", ludoteca_core::markup::Prop::Text(me.letter().to_string())),
        ]);
    });
    view! { <div node_ref=holder></div> }
}

/// Starts the game by link the dialog's fields describe.
fn start_by_link(state: AppState, spec: GameSpec) {
    let me = match web::field_value("friend-side").as_str() {
        "x" => Player::Black,
        "o" => Player::White,
        _ if web::random_seed() & 1 == 1 => Player::White,
        _ => Player::Black,
    };
    let mine = tidy_name(&web::field_value("friend-me"));
    if !mine.is_empty() {
        web::save(MY_NAME, &mine);
    }
    let mut names = ByPlayer::<String>::default();
    names[me] = mine;
    names[me.opponent()] = tidy_name(&web::field_value("friend-them"));
    let days = web::field_value("friend-days").parse::<u8>().ok();
    state.start_friend(spec, me, names, days);
}

/// The clock's field: no clock, a preset, or a custom control (minutes
/// and seconds a move); with the signal holding the choice as its code
/// (empty: no clock). Strings and flags only: a signal of a new type costs
/// the app's WebAssembly about a kilobyte.
fn clock_field(first: Option<TimeControl>) -> (impl IntoView, RwSignal<String>) {
    let chosen = RwSignal::new(first.map(TimeControl::code).unwrap_or_default());
    let preset = first.is_none_or(|c| TimeControl::PRESETS.contains(&c));
    let custom = RwSignal::new(!preset);
    let (minutes, increment) = first.map_or((5, 3), |c| (c.base_s.div_ceil(60).max(1), c.increment_s));
    let minutes = RwSignal::new(minutes.to_string());
    let increment = RwSignal::new(increment.to_string());
    // The custom control from the two fields, each brought within its range.
    let custom_code = move || {
        let read =
            |field: RwSignal<String>, max: u32| field.get_untracked().trim().parse::<u32>().unwrap_or(0).min(max);
        let base = read(minutes, MAX_BASE_S / 60).max(1) * 60;
        TimeControl::new(base, read(increment, MAX_INCREMENT_S)).map(TimeControl::code).unwrap_or_default()
    };
    let presets = TimeControl::PRESETS
        .iter()
        .map(|&c| view! { <option value=c.code() selected=preset && first == Some(c)>{c.label()}</option> })
        .collect_view();
    let number = move |label: String, id: &'static str, min: &'static str, max: u32, field: RwSignal<String>| {
        view! {
            <label for=id>{label}</label>
            <input id=id type="number" inputmode="numeric" min=min max=max.to_string()
                prop:value=move || field.get() on:change=move |ev| {
                    field.set(event_target_value(&ev));
                    chosen.set(custom_code());
                }/>
        }
    };
    let view = view! {
        <fieldset class="clock-choice">
            <legend>{t!("Clock")}</legend>
            <div class="fields">
                <label for="clock">{t!("Time control")}</label>
                <div class="seat">
                    <select id="clock" aria-describedby="clock-help" on:change=move |ev| {
                        let value = event_target_value(&ev);
                        custom.set(value == "custom");
                        chosen.set(match value.as_str() {
                            "custom" => custom_code(),
                            "none" => String::new(),
                            code => code.to_owned(),
                        });
                    }>
                        <option value="none" selected=first.is_none()>{t!("No clock")}</option>
                        {presets}
                        <option value="custom" selected=!preset>{t!("Custom…")}</option>
                    </select>
                    <span class="help" id="clock-help">
                        {t!("Minutes each + seconds added after every move. Running out of time loses.")}
                    </span>
                </div>
                <div class="clock-custom" hidden=move || !custom.get()>
                    {number(t!("Minutes each"), "clock-minutes", "1", MAX_BASE_S / 60, minutes)}
                    {number(t!("Seconds a move"), "clock-increment", "0", MAX_INCREMENT_S, increment)}
                </div>
            </div>
        </fieldset>
    };
    (view, chosen)
}
