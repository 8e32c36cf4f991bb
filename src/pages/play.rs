//! The play page: the board, and beside it the status, the move list and the
//! controls. Each part is a component of its own; this page only lays them out.

use std::time::Duration;

use leptos::prelude::*;
use rules::AnyGame;

use crate::components::advice::{AnalysisPanel, HintButton};
use crate::components::controls::NavButtons;
use crate::components::friend::FriendPanel;
use crate::components::game_board::GameBoard;
use crate::components::game_end::{EndButtons, GameEnd};
use crate::components::move_form::MoveForm;
use crate::components::move_list::{LineActions, MoveList};
use crate::components::review::ReviewPanel;
use crate::components::scoreboard::Scoreboard;
use crate::components::settings::Settings;
use crate::components::share::ShareTools;
use crate::components::status::{ComputerStatus, Notices, Players, StatusLine};
use crate::components::stones_bar::StonesBar;
use crate::components::watch::WatchControls;
use crate::game_view::GameView;
use crate::state::AppState;
use ludoteca_core::markup::moves::move_list;
use ludoteca_core::session::model::tree::Nav;
use ludoteca_core::session::{Intent, Session};
use ludoteca_core::view::geometry::px;
use ludoteca_core::view::info::info;
use ludoteca_core::view::options::options_line;
use ludoteca_core::{i18n, t};

/// The game's name and its options in words.
#[component]
fn Title(
    /// The page's memos.
    game: GameView,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let kind = Signal::derive(move || game.spec.get().kind());
    let options = move || options_line(&game.spec.get(), true);
    view! {
        <div class="play-title">
            <h1>{move || i18n::text(kind.get().name())}</h1>
            <span class="spec">{options}</span>
            <a class="link" href=move || format!("?rules={}", kind.get().id()) on:click=move |ev| {
                ev.prevent_default();
                state.go_rules(kind.get_untracked());
            }>{t!("Rules")}</a>
        </div>
    }
}

/// Flip, undo, new game and copy link.
#[component]
fn Actions() -> impl IntoView {
    let state = expect_context::<AppState>();
    let can_undo = state.derive(Session::can_undo);
    let panel = state.derive(|s| s.at_finish() && s.finish_text().is_some());
    let why_not = state.derive(|s| {
        (!s.can_undo()).then(|| {
            if s.tree().finish().is_some() && s.tree().main_ply().is_some() {
                t!("The game has ended: its moves stay. Step back and play to try another line.")
            } else {
                t!("There is no move to take back.")
            }
        })
    });
    view! {
        <div class="actions">
            <button on:click=move |_| state.flip() title=t!("Flip the board (f)")>{t!("Flip board")}</button>
            <button on:click=move |_| state.dispatch(Intent::Undo) disabled=move || !can_undo.get()
                title=move || why_not.get().unwrap_or_else(|| t!("Take back the last move"))>{t!("Undo")}</button>
            // Once the game-over panel shows, its own New game is the one.
            <button on:click=move |_| state.ask_new_game() hidden=move || panel.get()>{t!("New game")}</button>
            <EndButtons/>
        </div>
    }
}

/// Notes and drawings on the move shown.
#[component]
fn Annotate() -> impl IntoView {
    let state = expect_context::<AppState>();
    let drawing = state.derive(|s| s.drawing().is_some());
    view! {
        <div class="annotate" role="group" aria-label=t!("Notes on the move shown")>
            <button class="small-button" on:click=move |_| state.dialogs.notes_open.set(true)
                title=t!("A mark and a comment on the move shown; the game's players, event and date")>{t!("Notes")}</button>
            <button class="small-button" aria-pressed=move || drawing.get().to_string()
                on:click=move |_| state.dispatch(Intent::DrawMode(!drawing.get_untracked()))
                title=t!("Presses draw on the board: a cell, then another for an arrow, the same cell twice for a circle. With a mouse, drag with the right button (Shift: red, Alt: blue, both: yellow)")>
                {t!("Draw arrows")}
            </button>
        </div>
    }
}

/// The play page.
#[component]
pub fn Play() -> impl IntoView {
    let state = expect_context::<AppState>();
    let game = GameView::new(state);
    // Opening a game is split into tasks, so that no single one holds the
    // page long on a slow phone: the page and the board's frame first, the
    // board's cells and pieces in the next task, the side panel after the
    // first frame. (The page may be gone by then: try_set does nothing on a
    // disposed signal.)
    let board_ready = RwSignal::new(false);
    let side_ready = RwSignal::new(false);
    let later = |signal: RwSignal<bool>| {
        move || {
            let _ = signal.try_set(true);
        }
    };
    set_timeout(later(board_ready), Duration::ZERO);
    request_animation_frame(move || set_timeout(later(side_ready), Duration::ZERO));
    let board = move || {
        if board_ready.get() {
            view! { <GameBoard game/> }.into_any()
        } else {
            // The board's room, kept so nothing moves when it arrives.
            let (w, h) = game.layout.with(|l| l.geometry.size());
            view! { <div class="board-wrap board-placeholder" style=("aspect-ratio", format!("{} / {}", px(w), px(h)))></div> }
                .into_any()
        }
    };
    // Another language draws the page's parts again, each reading its
    // texts anew, but not the board: its cells are named again where they
    // are (the whole of a Forms 18×18 board drawn again cost a task of
    // about 100 ms at 4× CPU, most of it the browser's style and layout).
    // The side panel, the largest part, in the tasks after the others (its
    // own halves, see `Side`).
    let lang = state.lang;
    let side = move || side_ready.get().then(|| view! { <Side game/> });
    view! {
        <div class="play">
            <div class="play-board">
                {move || {
                    lang.track();
                    view! { <Title game/> <Players/> }
                }}
                {board}
                {move || {
                    lang.track();
                    view! { <StonesBar game/> }
                }}
            </div>
            {side}
        </div>
    }
}

/// The side panel: status, tree, moves and every control.
///
/// Another language draws it again in two halves, each in a task of its
/// own after the rest of the page (a Lines of Action game's whole panel
/// took one task of about 50 ms at 4× CPU).
#[component]
fn Side(
    /// The page's memos.
    game: GameView,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let top_lang = crate::i18n::followed_later(state.lang);
    let bottom_lang = crate::i18n::followed_later(top_lang);
    let kind = Signal::derive(move || game.spec.get().kind());
    // The review, worked out once per change for the move list's marks and its panel.
    let review = state.derive(Session::review);
    let moves = state.derive_with(move |s| {
        top_lang.track();
        let marks: Vec<_> = review
            .with(|r| r.as_ref().map(|r| r.moves.iter().map(|m| m.as_ref().and_then(|m| m.mark)).collect()))
            .unwrap_or_default();
        move_list(s.tree(), &marks, s.finish_text().as_deref())
    });
    let cursor = state.derive(|s| s.tree().cursor());
    // A game by link that goes on gets no engine's help (src: flow/friend.rs).
    let no_help = state.derive(Session::friend_playing);
    let top = move || {
        top_lang.track();
        let pass = move || {
            let pass = game.position.with(AnyGame::pass_move)?;
            Some(view! {
                <button class="primary" on:click=move |_| state.dispatch(Intent::Play(pass))>{t!("Pass (no legal move)")}</button>
            })
        };
        view! {
            <StatusLine game/>
            // Beside the board, not above it: a message never moves the board.
            <Notices/>
            <FriendPanel/>
            <ComputerStatus/>
            // What the review found sits beside the board (under it on a phone).
            <ReviewPanel review findings=true/>
            <Scoreboard position=game.position/>
            <WatchControls/>
            {pass}
            <NavButtons can_back=state.derive(|s| s.tree().can_back())
                can_forward=state.derive(|s| s.tree().can_forward())
                on_nav=Callback::new(move |nav| state.dispatch(Intent::Navigate(nav)))/>
            <MoveList markup=moves cursor
                on_jump=Callback::new(move |node| state.dispatch(Intent::Navigate(Nav::Node(node))))/>
            <LineActions/>
        }
    };
    let bottom = move || {
        bottom_lang.track();
        view! {
            // The notes' buttons share the line of the move box's label.
            <div class="type-and-note">
                <Annotate/>
                <MoveForm kind/>
            </div>
            <GameEnd/>
            <Actions/>
            // The hint and the review's buttons share a row; the review's
            // findings wrap under them.
            <div class="study" hidden=move || no_help.get()>
                <HintButton game/>
                <ReviewPanel review findings=false/>
            </div>
            <div hidden=move || no_help.get()><AnalysisPanel game/></div>
            <ShareTools/>
            <Settings/>
            <p class="credit small">{move || {
                let i = info(kind.get());
                t!("{game} by {designer}, {year}.", game = i18n::text(kind.get().name()), designer = i.designer, year = i18n::text(i.year))
            }}</p>
        }
    };
    view! {
        <aside class="play-side">
            {top}
            {bottom}
        </aside>
    }
}
