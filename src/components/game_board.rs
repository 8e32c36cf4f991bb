//! A board with its keyboard, for the game shown and the board editor: Tab to it, arrow keys
//! move the focus over the cells (the nearest cell in the arrow's direction
//! on screen, so it works the same on square and hexagonal boards, flipped
//! or not), Enter or Space clicks the focused cell. Only a board reached by
//! the keyboard takes the arrows (and says so under it): after a press with
//! the mouse or a finger the arrows step through the game, as on lichess.

use leptos::prelude::*;
use rules::CellId;

use wasm_bindgen::JsCast;

use crate::components::board::{Board, BoardWiring};
use crate::game_view::GameView;
use crate::i18n::live;
use crate::state::AppState;
use ludoteca_core::session::Intent;
use ludoteca_core::session::formats::prefs::{BOARD_SIZES, Prefs};
use ludoteca_core::view::{Geometry, Layout};
use ludoteca_core::{i18n, t, tn};

/// The cell reached from `from` by an arrow key: the nearest cell whose
/// direction on screen is within 60° of the arrow's.
fn step_focus(layout: &Layout, flipped: bool, from: CellId, key: &str) -> Option<CellId> {
    let (dx, dy) = match key {
        "ArrowLeft" => (-1.0, 0.0),
        "ArrowRight" => (1.0, 0.0),
        "ArrowUp" => (0.0, -1.0),
        "ArrowDown" => (0.0, 1.0),
        _ => return None,
    };
    let sign = if flipped { -1.0 } else { 1.0 };
    let here = layout.place(from)?;
    layout
        .cells
        .iter()
        .filter_map(|c| {
            let (vx, vy) = ((c.x - here.x) * sign, (c.y - here.y) * sign);
            let d = (vx * vx + vy * vy).sqrt();
            let along = (vx * dx + vy * dy) / d.max(1e-9);
            (d > 1.0 && along > 0.5).then_some((d - along * 10.0, c.id))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, id)| id)
}

/// The game's board, playable by pointer and keyboard.
#[component]
pub fn GameBoard(
    /// The page's memos.
    game: GameView,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = state.lang;
    // Its texts follow a change of language where they are: the board stays.
    let label = Signal::derive(move || {
        lang.track();
        t!("{game} board", game = i18n::text(game.spec.get().kind().name()))
    });
    // What a screen reader hears when a piece is picked up or a move queued;
    // moves and results are announced by the status line.
    let news = Signal::derive(move || {
        lang.track();
        let selection = game.selection.get();
        let name = |cell| game.layout.with(|l| l.place(cell).map(|c| c.name.clone())).unwrap_or_default();
        if let Some(from) = selection.from {
            let count = game.marks.with(|m| m.targets.len());
            return match selection.stones {
                Some(k) => tn!(
                    count,
                    "{cell} selected, {stones}: {n} move.",
                    "{cell} selected, {stones}: {n} moves.",
                    cell = name(from),
                    stones = tn!(k, "{n} stone", "{n} stones")
                ),
                None => tn!(count, "{cell} selected: {n} move.", "{cell} selected: {n} moves.", cell = name(from)),
            };
        }
        state.session.with(|s| s.premove().map(|m| t!("Move {move} queued.", move = m.text()))).unwrap_or_default()
    });
    let wiring = BoardWiring {
        layout: game.layout.into(),
        pieces: game.pieces.into(),
        marks: game.marks.into(),
        animation: game.animation.into(),
        on_cell: Callback::new(move |cell| state.dispatch(Intent::Click(cell))),
        on_drop: Callback::new(move |cell| state.dispatch(Intent::Drop(cell))),
        on_draw: Some(Callback::new(move |shape| state.dispatch(Intent::Draw(shape)))),
        label,
    };
    let after_tab = live(|| t!("Tab leaves the board; then ← → step through the game."));
    view! { <KeyedBoard wiring news after_tab keys_help=true/> }
}

/// A board playable by pointer and keyboard, with its zoom on small
/// screens and its resize handle, around the board itself ([`Board`]).
#[component]
pub fn KeyedBoard(
    /// What the board shows and whom it tells.
    wiring: BoardWiring,
    /// What just happened on the board, for screen readers.
    news: Signal<String>,
    /// What Tab does, and the keys once it has left the board (a sentence
    /// of the keys' help line).
    #[prop(into)]
    after_tab: Signal<String>,
    /// Whether the page lists its keys on `?`.
    #[prop(optional)]
    keys_help: bool,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = state.lang;
    let BoardWiring { layout, on_cell, .. } = wiring;
    let on_key = move |ev: web_sys::KeyboardEvent| {
        let key = ev.key();
        let current = state.board.focus.get_untracked();
        if !state.board.board_keys.get_untracked() {
            // Reached by a press: the page's keys (the arrows step through the game).
            return;
        }
        match key.as_str() {
            "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" => {
                let next = layout.with_untracked(|l| match current {
                    Some(cell) => step_focus(l, state.board.flipped.get_untracked(), cell, &key),
                    None => l.cells.get(l.cells.len() / 2).map(|c| c.id),
                });
                if let Some(next) = next {
                    state.board.focus.set(Some(next));
                }
                ev.prevent_default();
            }
            "Enter" | " " => {
                if let Some(cell) = current {
                    on_cell.run(cell);
                }
                ev.prevent_default();
            }
            _ => {}
        }
    };
    let active = move || {
        let focus = state.board.focus.get()?;
        layout.with(|l| l.place(focus).map(|c| format!("cell-{}", c.name)))
    };
    // Big boards on small screens: a zoomed board to scroll over, its cells
    // as large as a finger needs (the button shows only where it helps).
    let zoom = RwSignal::new(false);
    let cells_across = Memo::new(move |_| {
        layout.with(|l| match l.geometry {
            Geometry::Square { size, .. } => size,
            Geometry::Hex => 13,
        })
    });
    // (RA's 13 hexes across keep cells of about 25 pixels on a phone: no zoom.)
    let big = move || cells_across.get() >= 12 && layout.with(|l| matches!(l.geometry, Geometry::Square { .. }));
    // A press just before the board takes the focus: not the keyboard.
    let pressed = StoredValue::new(false);
    view! {
        <p class="visually-hidden" aria-live="polite" data-testid="selection-news">{move || news.get()}</p>
        <div class="board-wrap" id="board" tabindex="0" role="group" class:zoomed=move || zoom.get() && big()
            style=("--cells", move || cells_across.get().to_string()) aria-label=live(|| t!("Board: arrow keys move the focus, Enter selects"))
            aria-activedescendant=active on:keydown=on_key
            on:pointerdown=move |_| {
                pressed.set_value(true);
                state.board.board_keys.set(false);
                state.board.focus.set(None);
            }
            on:focus=move |_| {
                state.board.board_keys.set(!pressed.get_value());
                pressed.set_value(false);
            }
            on:blur=move |_| {
                state.board.focus.set(None);
                state.board.board_keys.set(false);
                pressed.set_value(false);
            }
            class:no-anim=move || !state.animate.get()>
            <Board wiring flipped=state.board.flipped/>
            <ResizeHandle/>
        </div>
        <p class="board-keys small muted" hidden=move || !state.board.board_keys.get()>
            {live(|| t!("Arrow keys move over the cells, Enter or Space presses one."))} " " {after_tab}
            {move || keys_help.then(|| {
                lang.track();
                // The key stands out: the sentence is cut where it goes.
                let words = t!("{key} lists every key.");
                let (before, after) = words.split_once("{key}").unwrap_or(("", &words));
                let (before, after) = (format!(" {before}"), after.to_owned());
                view! { {before} <kbd>"?"</kbd> {after} }
            })}
        </p>
        {move || big().then(|| view! {
            <button class="zoom-toggle" aria-pressed=move || zoom.get().to_string()
                on:click=move |_| zoom.update(|z| *z = !*z)>
                {move || {
                    lang.track();
                    if zoom.get() { t!("Whole board") } else { t!("Zoom in") }
                }}
            </button>
        })}
    }
}

/// How far one arrow key press resizes the board, in CSS pixels.
const RESIZE_STEP: u16 = 24;

/// The width of the board around `handle` (its parent), in CSS pixels.
fn board_width(handle: &web_sys::Element) -> Option<f64> {
    handle.parent_element().map(|wrap| wrap.get_bounding_client_rect().width())
}

/// The corner handle that sizes the board on desktops, as lichess's does:
/// drag it, or focus it and press the arrow keys (Home: as large as the
/// window allows). The size is a preference, kept between visits; the
/// stylesheet caps it to the window.
#[component]
fn ResizeHandle() -> impl IntoView {
    let state = expect_context::<AppState>();
    let lang = state.lang;
    // While dragging: where the pointer went down and the board's width then.
    let drag = StoredValue::new(None::<(f64, f64, f64)>);
    let chosen = move || state.prefs.with(Prefs::board);
    // The width as drawn (the stylesheet may cap the one asked for), kept.
    let keep = move |handle: &web_sys::Element| {
        if let Some(width) = board_width(handle) {
            state.set_prefs(|p| p.set_board(Some(width.round() as u16)));
        }
    };
    let target = |ev: &web_sys::Event| ev.current_target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    view! {
        <div class="resize-handle" role="slider" tabindex="0" aria-label=live(|| t!("Board size"))
            aria-valuemin=BOARD_SIZES.start().to_string() aria-valuemax=BOARD_SIZES.end().to_string()
            aria-valuenow=move || chosen().unwrap_or(*BOARD_SIZES.end()).to_string()
            aria-valuetext=move || lang.with(|_| chosen()).map_or_else(|| t!("As large as the window allows"), |w| tn!(w, "{n} pixel wide", "{n} pixels wide"))
            title=live(|| t!("Drag to resize the board"))
            on:pointerdown=move |ev| {
                ev.stop_propagation();
                ev.prevent_default();
                let Some(handle) = target(&ev) else { return };
                let _ = handle.set_pointer_capture(ev.pointer_id());
                let width = board_width(&handle).unwrap_or_default();
                drag.set_value(Some((f64::from(ev.client_x()), f64::from(ev.client_y()), width)));
            }
            on:pointermove=move |ev| {
                let Some((x, y, width)) = drag.get_value() else { return };
                let grow = (f64::from(ev.client_x()) - x).max(f64::from(ev.client_y()) - y);
                let live = (width + grow).clamp(f64::from(*BOARD_SIZES.start()), f64::from(*BOARD_SIZES.end()));
                crate::web::set_board_size(Some(live.round() as i64));
            }
            on:pointerup=move |ev| {
                if drag.get_value().is_some() {
                    drag.set_value(None);
                    if let Some(handle) = target(&ev) {
                        keep(&handle);
                    }
                }
            }
            on:pointercancel=move |_| drag.set_value(None)
            on:dblclick=move |_| state.set_prefs(|p| p.set_board(None))
            on:keydown=move |ev| {
                let Some(handle) = target(&ev) else { return };
                let now = board_width(&handle).unwrap_or_default().round() as u16;
                let width = match ev.key().as_str() {
                    "ArrowRight" | "ArrowUp" => Some(now.saturating_add(RESIZE_STEP)),
                    "ArrowLeft" | "ArrowDown" => Some(now.saturating_sub(RESIZE_STEP)),
                    "Home" => None,
                    _ => return,
                };
                ev.prevent_default();
                ev.stop_propagation();
                state.set_prefs(|p| p.set_board(width));
                // Asked beyond what the window allows: keep what is drawn.
                request_animation_frame(move || {
                    if width.is_some() {
                        keep(&handle);
                    }
                });
            }>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::GameSpec;

    #[test]
    fn arrows_step_to_the_neighbouring_cell_on_screen() {
        let spec: GameSpec = "loa".parse().unwrap();
        let layout = Layout::of(&spec);
        let cell = |n: &str| spec.cell_named(n).unwrap();
        assert_eq!(step_focus(&layout, false, cell("d4"), "ArrowUp"), Some(cell("d5")));
        assert_eq!(step_focus(&layout, false, cell("d4"), "ArrowRight"), Some(cell("e4")));
        assert_eq!(step_focus(&layout, true, cell("d4"), "ArrowUp"), Some(cell("d3")), "flipped: up is down the board");
        assert_eq!(step_focus(&layout, false, cell("a1"), "ArrowLeft"), None);
        let ra: GameSpec = "ra".parse().unwrap();
        let layout = Layout::of(&ra);
        let next = step_focus(&layout, false, ra.cell_named("g7").unwrap(), "ArrowRight");
        assert_eq!(next.and_then(|c| ra.cell_name(c)).as_deref(), Some("h8"), "along the middle row");
    }
}
