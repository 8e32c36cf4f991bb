//! What a game page shows, derived from the session once per page: memos
//! that change only when their own part changes, so a click that selects a
//! piece recomputes the marks and nothing else, and the board's layout is
//! made once per game, not once per move.

use std::sync::Arc;

use leptos::prelude::*;
use rules::{AnyGame, GameSpec, Piece};

use crate::state::AppState;
use ludoteca_core::markup::board::Marks;
use ludoteca_core::session::flow::LegalMoves;
use ludoteca_core::session::model::selection::Selection;
use ludoteca_core::view::animation::Animation;
use ludoteca_core::view::{Layout, pieces};

/// The memos of one game page.
#[derive(Clone, Copy)]
pub struct GameView {
    /// The position shown.
    pub position: Memo<AnyGame>,
    /// The game and its options.
    pub spec: Memo<GameSpec>,
    /// The board's cells and their places.
    pub layout: Memo<Arc<Layout>>,
    /// What stands on each cell.
    pub pieces: Memo<Vec<Option<Piece>>>,
    /// The moves the selection chooses among (see [`ludoteca_core::session::Session::choices`]).
    pub legal: Memo<LegalMoves>,
    /// The selected piece.
    pub selection: Memo<Selection>,
    /// Everything drawn over the cells.
    pub marks: Memo<Marks>,
    /// The animation of the move just played, when animations are on.
    pub animation: Memo<Option<Animation>>,
}

impl GameView {
    /// The memos over `state`'s session.
    #[must_use]
    pub fn new(state: AppState) -> GameView {
        let session = state.session;
        let position = Memo::new(move |_| session.with(|s| s.tree().position().clone()));
        let spec = Memo::new(move |_| position.with(AnyGame::spec));
        let layout = Memo::new(move |_| Arc::new(Layout::of(&spec.get())));
        let pieces = Memo::new(move |_| position.with(pieces));
        // The moves a selection chooses among: legal moves, or moves to queue while the computer thinks.
        let legal = Memo::new(move |_| session.with(|s| s.choices().clone()));
        let selection = Memo::new(move |_| session.with(|s| s.selection()));
        // The marks in one memo (each memo of a new type costs the .wasm
        // kilobytes of generic code), drawn as the board drawn ahead draws them.
        let marks = Memo::new(move |_| {
            let focus = state.board.focus.get();
            session.with(|s| Marks::of(s, focus))
        });
        let animation =
            Memo::new(move |_| if state.animate.get() { session.with(|s| s.animation().cloned()) } else { None });
        GameView { position, spec, layout, pieces, legal, selection, marks, animation }
    }
}
