//! The play page: the board, the status, the move list and the controls.

use leptos::prelude::*;
use rules::ra::target_ra;
use rules::{AnyGame, EndReason, Game, GameKind, MoveParts};

use crate::ai::{self, win_chance};
use crate::app::AppState;
use crate::components::board::{Board, Marks, TargetKind};
use crate::components::controls::NavButtons;
use crate::components::move_list::MoveList;
use crate::components::new_game::{key_label, value_label};
use crate::components::share::ShareTools;
use crate::games::interaction::{max_stones, targets};
use crate::games::{BoardView, Selection, board_view, info::info, last_move_cells, status_text};
use crate::session::players::Seat;
use crate::web;

/// How a target is marked: captures, and RA moves that end the match.
fn target_kind(game: &AnyGame, m: &MoveParts) -> TargetKind {
    if let AnyGame::Ra(ra) = game {
        let goal = target_ra(ra.to_move()).to_string();
        let enemy_stacks =
            rules::ra::HexCell::all().filter(|c| ra.stack_at(*c).is_some_and(|s| s.owner != ra.to_move())).count();
        if m.to.as_deref() == Some(goal.as_str()) || (m.capture && enemy_stacks == 1) {
            return TargetKind::MatchEnd;
        }
    }
    if m.capture { TargetKind::Capture } else { TargetKind::Move }
}

/// The cells to highlight: Attract's winning pieces; the connected side's
/// pieces when a Lines of Action game ends.
fn highlights(game: &AnyGame, view: &BoardView) -> Vec<String> {
    match game {
        AnyGame::Attract(a) => a.winning_pieces().iter().map(ToString::to_string).collect(),
        AnyGame::Loa(_) => match game.outcome().map(|o| (o.winner(), o.reason())) {
            Some((winner, EndReason::Connected | EndReason::SimultaneousConnection)) => view
                .cells
                .iter()
                .filter(|c| c.piece.is_some_and(|p| winner.is_none_or(|w| w == p.owner)))
                .map(|c| c.name.clone())
                .collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// The cell reached from `from` by an arrow key: the nearest cell whose
/// direction on screen is within 60° of the arrow's.
fn step_focus(view: &BoardView, flipped: bool, from: &str, key: &str) -> Option<String> {
    let (dx, dy) = match key {
        "ArrowLeft" => (-1.0, 0.0),
        "ArrowRight" => (1.0, 0.0),
        "ArrowUp" => (0.0, -1.0),
        "ArrowDown" => (0.0, 1.0),
        _ => return None,
    };
    let sign = if flipped { -1.0 } else { 1.0 };
    let here = view.cells.iter().find(|c| c.name == from)?;
    view.cells
        .iter()
        .filter_map(|c| {
            let (vx, vy) = ((c.x - here.x) * sign, (c.y - here.y) * sign);
            let d = (vx * vx + vy * vy).sqrt();
            let along = (vx * dx + vy * dy) / d.max(1e-9);
            (d > 1.0 && along > 0.5).then_some((d - along * 10.0, c.name.clone()))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, n)| n)
}

/// The RA score board and, after a match, what happened.
fn ra_panel(game: &AnyGame) -> Option<impl IntoView + use<>> {
    let AnyGame::Ra(ra) = game else { return None };
    let score = ra.score();
    let options = *ra.options();
    let interlude = ra.last_match().filter(|_| ra.outcome().is_none()).map(|end| {
        let text = match end.winner {
            Some(w) => format!(
                "Match {} to {w}: {} (+{}). Match {} begins; {} moves first.",
                ra.match_number() - 1,
                rules::Outcome::Win { winner: w, reason: end.reason }.reason_text(),
                end.points,
                ra.match_number(),
                ra.to_move()
            ),
            None => format!(
                "Match {} is drawn by threefold repetition (house rule): no points. Match {} begins; {} moves first.",
                ra.match_number() - 1,
                ra.match_number(),
                ra.to_move()
            ),
        };
        view! { <p class="interlude" role="status">{text}</p> }
    });
    Some(view! {
        <div class="scoreboard" aria-label="Score">
            <span class="side black"><span class="dot black"></span>"Black "<strong>{score.black}</strong></span>
            <span class="side white"><span class="dot white"></span>"White "<strong>{score.white}</strong></span>
            <span class="match">"Match " {ra.match_number()}</span>
            <span class="target">{format!("First to {} with a lead of {}", options.target, options.lead)}</span>
        </div>
        {interlude}
    })
}

/// The play page.
#[component]
pub fn Play() -> impl IntoView {
    let state = expect_context::<AppState>();
    let position = Memo::new(move |_| state.history.with(|h| h.position().clone()));
    let view = Memo::new(move |_| position.with(board_view));
    let parts = Memo::new(move |_| position.with(AnyGame::legal_move_parts));
    // Its own memo: the previous position's moves are worked out once per
    // move, not on every selection or focus change.
    let last = Memo::new(move |_| state.history.with(last_move_cells));
    let marks = Signal::derive(move || {
        let game = position.get();
        let selection = state.selection.get();
        let moves = parts.get();
        Marks {
            selected: selection.from.clone(),
            targets: targets(&moves, &selection)
                .into_iter()
                .filter_map(|m| m.to.clone().map(|to| (to, target_kind(&game, m))))
                .collect(),
            movable: Vec::new(),
            last: last.get(),
            highlight: view.with(|v| highlights(&game, v)),
            hint: state.hint.get().and_then(|h| {
                moves.iter().find(|m| m.text == h.mv).and_then(|m| m.to.clone().map(|to| (m.from.clone(), to)))
            }),
            focus: state.focus.get(),
        }
    });
    let kind = Memo::new(move |_| position.with(AnyGame::kind));
    let title = move || {
        let spec = position.with(AnyGame::spec);
        let options: Vec<String> = spec
            .kind()
            .options()
            .iter()
            .filter_map(|o| spec.get(o.key).map(|v| format!("{}: {}", key_label(o.key), value_label(o.key, &v))))
            .collect();
        (spec.kind().name(), options.join(" · "))
    };
    let announce = move || {
        let text = status_text(&position.get());
        match state.history.with(|h| h.last_move().map(|m| (m.to_owned(), h.position_at(h.cursor() - 1).to_move()))) {
            Some((mv, who)) => format!("{who} played {mv}. {text}."),
            None => format!("{text}."),
        }
    };
    let stones_bar = move || {
        let selection = state.selection.get();
        let from = selection.from.clone()?;
        let max = max_stones(&parts.get(), &from)?;
        (max > 1).then(|| {
            let buttons = (1..=max)
                .map(|n| {
                    let chosen = selection.stones == Some(n);
                    let from = from.clone();
                    view! {
                        <button class="stones" class:chosen=chosen aria-pressed=chosen.to_string()
                            on:click=move |_| state.selection.set(Selection { from: Some(from.clone()), stones: Some(n) })>
                            {format!("{n} stone{}", if n == 1 { "" } else { "s" })}
                        </button>
                    }
                })
                .collect_view();
            view! {
                <div class="stones-bar" role="group" aria-label="How many stones move">
                    <span>"Move from " {from.clone()} ":"</span>{buttons}
                </div>
            }
        })
    };
    let on_key = move |ev: web_sys::KeyboardEvent| {
        let key = ev.key();
        let current = state.focus.get_untracked();
        match key.as_str() {
            "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" => {
                let next = match &current {
                    Some(cell) => view.with_untracked(|v| step_focus(v, state.flipped.get_untracked(), cell, &key)),
                    None => view.with_untracked(|v| v.cells.get(v.cells.len() / 2).map(|c| c.name.clone())),
                };
                if let Some(next) = next {
                    state.focus.set(Some(next));
                }
                ev.prevent_default();
            }
            "Enter" | " " => {
                if let Some(cell) = current {
                    state.click_cell(&cell);
                }
                ev.prevent_default();
            }
            _ => {}
        }
    };
    let thinking = move || {
        state.thinking.get().map(|_| {
            let side = position.with(AnyGame::to_move);
            let level = state.seats.get()[side].level().unwrap_or(1);
            let name = search::levels::level(level).map_or("", |l| l.name);
            view! { <p class="thinking" data-testid="thinking"><span class="spinner" aria-hidden="true"></span>
            {format!("{side} (computer, {name}) is thinking…")}</p> }
        })
    };
    let watch_controls = move || {
        let seats = state.seats.get();
        (seats.black != Seat::Human && seats.white != Seat::Human).then(|| {
            view! {
                <div class="watch" role="group" aria-label="Computer against computer">
                    <button on:click=move |_| state.paused.update(|p| *p = !*p)>
                        {move || if state.paused.get() { "Resume" } else { "Pause" }}
                    </button>
                    <label for="pace">"Speed"</label>
                    <select id="pace" on:change=move |ev| {
                        if let Ok(ms) = event_target_value(&ev).parse::<u32>() {
                            state.pace_ms.set(ms);
                        }
                    }>
                        <option value="100" selected=move || state.pace_ms.get() == 100>"Fast"</option>
                        <option value="700" selected=move || state.pace_ms.get() == 700>"Normal"</option>
                        <option value="2000" selected=move || state.pace_ms.get() == 2000>"Slow"</option>
                    </select>
                </div>
            }
        })
    };
    let analysis_panel = move || {
        state.analysis_on.get().then(|| {
            let a = state.analysis.get();
            let over = position.with(|g| g.outcome().is_some());
            let body = match a {
                None if over => view! { <p class="muted">"The game is over."</p> }.into_any(),
                None => view! { <p class="muted">"Analysing…"</p> }.into_any(),
                Some(a) => {
                    let chance = win_chance(a.score);
                    // The bar shows Black's share from the left.
                    let black = if a.side == rules::Player::Black { chance } else { 1.0 - chance };
                    let proven = search::score::is_proven(a.score);
                    let verdict = if proven {
                        format!("{} ({} to move)", a.score_text, a.side)
                    } else {
                        format!("{} for {} · win chance about {:.0}%", a.score_text, a.side, chance * 100.0)
                    };
                    view! {
                        <div class="eval-bar" role="img" aria-label=format!("Black {:.0}%, White {:.0}%", black * 100.0, (1.0 - black) * 100.0)>
                            <div class="eval-black" style=("width", format!("{:.1}%", black * 100.0))></div>
                        </div>
                        <p class="verdict" data-testid="analysis">{verdict}</p>
                        <p class="muted small">{format!("depth {} · {} nodes{}", a.depth, a.nodes, if a.done { " · done" } else { "" })}</p>
                        <p class="pv">{a.pv.iter().take(10).cloned().collect::<Vec<_>>().join(" ")}</p>
                    }
                    .into_any()
                }
            };
            view! { <section class="analysis" aria-label="Analysis">{body}</section> }
        })
    };
    let move_text = RwSignal::new(String::new());
    let move_error = RwSignal::new(None::<String>);
    let copied = RwSignal::new(false);
    let notices = move || {
        state.notices.get().into_iter().map(|n| view! { <p class="notice" role="alert">{n}</p> }).collect_view()
    };
    let pass_button = move || {
        parts.with(|p| p.iter().any(|m| m.text == "pass")).then(|| {
            view! { <button class="primary" on:click=move |_| { let _ = state.play("pass"); }>"Pass (no legal move)"</button> }
        })
    };
    view! {
        <div class="play">
            <div class="play-board">
                <div class="play-title">
                    <h1>{move || title().0}</h1>
                    <span class="spec">{move || title().1}</span>
                    <a class="link" href=move || format!("?rules={}", kind.get().id()) on:click=move |ev| {
                        ev.prevent_default();
                        state.go_rules(kind.get_untracked());
                    }>"Rules"</a>
                </div>
                {notices}
                {stones_bar}
                <div class="board-wrap" tabindex="0" aria-label="Board: arrow keys move the focus, Enter selects"
                    aria-activedescendant=move || state.focus.get().map(|c| format!("cell-{c}"))
                    on:keydown=on_key on:blur=move |_| state.focus.set(None)
                    class:no-anim=move || !state.animate.get()>
                    <Board view=view marks=marks flipped=state.flipped animation=state.animation
                        on_cell=Callback::new(move |cell: String| state.click_cell(&cell))
                        label=Signal::derive(move || format!("{} board", kind.get().name()))/>
                </div>
            </div>
            <aside class="play-side">
                <p class="status" aria-live="polite" data-testid="status"
                    class:over=move || position.with(|g| g.outcome().is_some())>{announce}</p>
                {thinking}
                {move || state.engine_notice.get().map(|n| view! { <p class="notice" role="alert">{n}</p> })}
                {move || position.with(ra_panel)}
                {watch_controls}
                {pass_button}
                <NavButtons can_back=Signal::derive(move || state.history.with(|h| h.can_back()))
                    can_forward=Signal::derive(move || state.history.with(|h| h.can_forward()))
                    on_nav=Callback::new(move |how: &'static str| state.navigate(how, None))/>
                <MoveList moves=Signal::derive(move || state.history.with(|h| h.moves().to_vec()))
                    cursor=Signal::derive(move || state.history.with(|h| h.cursor()))
                    on_jump=Callback::new(move |ply| state.navigate("go", Some(ply)))/>
                <form class="move-form" on:submit=move |ev| {
                    ev.prevent_default();
                    let text = move_text.get_untracked().trim().to_owned();
                    match state.play(&text) {
                        Ok(()) => {
                            move_text.set(String::new());
                            move_error.set(None);
                        }
                        Err(e) => move_error.set(Some(e)),
                    }
                }>
                    <label for="move-input">"Type a move"</label>
                    <div class="move-row">
                        <input id="move-input" type="text" autocomplete="off" spellcheck="false"
                            placeholder=move || notation_hint(kind.get())
                            prop:value=move || move_text.get() on:input=move |ev| move_text.set(event_target_value(&ev))/>
                        <button type="submit">"Play"</button>
                    </div>
                    <p class="move-error" role="alert">{move || move_error.get()}</p>
                </form>
                <div class="actions">
                    <button on:click=move |_| state.flipped.update(|f| *f = !*f) title="Flip the board (f)">"Flip board"</button>
                    <button on:click=move |_| state.undo() disabled=move || !state.history.with(|h| h.can_undo())>"Undo"</button>
                    <button on:click=move |_| state.dialog.set(Some(kind.get_untracked()))>"New game"</button>
                    <button on:click=move |_| {
                        web::copy(&web::href());
                        copied.set(true);
                    }>{move || if copied.get() { "Link copied" } else { "Copy link" }}</button>
                </div>
                <div class="advice">
                    <button on:click=move |_| ai::request_hint(state)
                        disabled=move || position.with(|g| g.outcome().is_some()) || state.hint_id.get().is_some()>
                        {move || if state.hint_id.get().is_some() { "Thinking…" } else { "Hint" }}
                    </button>
                    {move || state.hint.get().map(|h| view! {
                        <span class="hint-text" data-testid="hint">"Try " <strong>{h.mv}</strong> " (" {h.score_text} ")"</span>
                    })}
                </div>
                <label class="toggle">
                    <input type="checkbox" prop:checked=move || state.analysis_on.get()
                        on:change=move |ev| state.analysis_on.set(event_target_checked(&ev))/>
                    " Analysis"
                </label>
                {analysis_panel}
                <ShareTools/>
                <label class="toggle">
                    <input type="checkbox" prop:checked=move || state.animate.get()
                        on:change=move |ev| state.animate.set(event_target_checked(&ev))/>
                    " Animate moves"
                </label>
                <p class="credit small">{move || { let i = info(kind.get()); format!("{} by {}, {}.", kind.get().name(), i.designer, i.year) }}</p>
            </aside>
        </div>
    }
}

/// An example of the game's move notation, for the move box.
fn notation_hint(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Attract => "e.g. e2",
        GameKind::Forms => "e.g. d3xf6 or e4-e2",
        GameKind::Ra => "e.g. 1k10-j10 or 2h8xf6",
        GameKind::Loa => "e.g. b1-b3 or c1xa3",
    }
}
