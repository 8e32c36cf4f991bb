//! The board editor's side of the app state: its changes (each written to
//! the address bar, so a reload or a shared link keeps the arrangement),
//! and the ways out of it and into it.

use leptos::prelude::*;
use rules::AnyGame;

use super::{AppState, Pending};
use crate::web;
use ludoteca_core::library::Origin;
use ludoteca_core::session::Intent;
use ludoteca_core::session::editor::Editor;
use ludoteca_core::session::flow::AdviceIntent;
use ludoteca_core::session::formats::url::{Presentation, Route};
use ludoteca_core::session::model::seats::{self, Seats};
use ludoteca_core::session::model::tree::GameTree;

impl AppState {
    /// Changes the editor's arrangement with `change`, and its link in the
    /// address bar; returns what `change` returns (`None` only once the app
    /// is gone).
    pub fn edit<R>(self, change: impl FnOnce(&mut Editor) -> R) -> Option<R> {
        let result = self.editor.try_update(change);
        self.editor.with_untracked(|e| web::replace_query(&e.link(), None));
        result
    }

    /// Opens the board editor on the position shown (*Edit this position*).
    pub fn edit_position(self) {
        let game = self.session.with_untracked(|s| s.tree().position().clone());
        self.open_route(Route::Edit { spec: game.spec(), from: Some(game.position_text()) }, true);
    }

    /// Starts a game from `game` (the editor's *Play from here*): against the
    /// computer at the level last chosen, the person moving first, or
    /// between two people at this screen.
    pub fn play_from(self, game: AnyGame, computer: bool) {
        let level = self.prefs.with_untracked(|p| p.level);
        let seats = if computer { seats::against_computer(game.to_move(), level) } else { Seats::default() };
        let text = game.position_text();
        let from = (text != game.spec().start().position_text()).then_some(text);
        let tree = GameTree::new(game, from);
        self.open_route(Route::Play { tree, seats, view: Presentation::default(), notices: Vec::new() }, true);
        self.pending.update_value(|p: &mut Pending| p.origin = Origin::Played);
    }

    /// Opens `game` with the analysis on (on small boards it is solved).
    pub fn analyse(self, game: AnyGame, solve: bool) {
        self.play_from(game, false);
        self.dispatch(Intent::Advice(if solve { AdviceIntent::Solve } else { AdviceIntent::Analysis(true) }));
    }
}
