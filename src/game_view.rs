//! What a game page shows, derived from the session once per page: memos
//! that change only when their own part changes, so a click that selects a
//! piece recomputes the marks and nothing else, and the board's layout is
//! made once per game, not once per move.

use std::sync::Arc;

use leptos::prelude::*;
use rules::{AnyGame, CellId, GameSpec, Piece};

use crate::state::AppState;
use ludoteca_core::markup::board::{Marks, TargetKind};
use ludoteca_core::session::flow::LegalMoves;
use ludoteca_core::session::model::selection::{self, Selection};
use ludoteca_core::session::model::shapes;
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
        // kilobytes of generic code); the targets are filtered from the legal
        // moves only while a piece is selected.
        let marks = Memo::new(move |_| {
            let spec = spec.get();
            let selection = selection.get();
            let targets = if selection.from.is_none() {
                Vec::new()
            } else {
                legal.with(|moves| {
                    selection::targets(moves, &selection)
                        .filter_map(|m| {
                            let kind = if m.ends_match {
                                TargetKind::MatchEnd
                            } else if m.capture {
                                TargetKind::Capture
                            } else {
                                TargetKind::Move
                            };
                            m.to.map(|to| (to, kind))
                        })
                        .collect()
                })
            };
            let cells =
                |cells: (Option<CellId>, Option<CellId>)| cells.0.into_iter().chain(cells.1).collect::<Vec<_>>();
            session.with(|s| Marks {
                premove: s.premove().map(|m| cells((m.from, m.to))).unwrap_or_default(),
                // While drawing by presses, the cell an arrow starts from.
                selected: selection.from.or(s.drawing().flatten()),
                stones: selection.stones,
                targets,
                last: s.tree().last_move().map(|mv| cells(mv.cells(&spec))).unwrap_or_default(),
                highlight: position.with(AnyGame::winning_cells),
                hint: s.hint().map(|h| h.mv.cells(&spec)).and_then(|(from, to)| Some((from, to?))),
                focus: state.board.focus.get(),
                drawn: s.tree().shapes(s.tree().cursor()).map(|t| shapes::read(&spec, t)).unwrap_or_default(),
            })
        });
        let animation =
            Memo::new(move |_| if state.animate.get() { session.with(|s| s.animation().cloned()) } else { None });
        GameView { position, spec, layout, pieces, legal, selection, marks, animation }
    }
}
