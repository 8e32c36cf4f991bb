//! Games with a distant friend by links, the page's side: starting one
//! (its id made here, kept at once), and a friend's link opened — read from
//! the address's fragment, checked against the game the library keeps under
//! its id (`ludoteca_core::session::formats::friend::receive`), then shown
//! and kept, or refused with the kept game unchanged.

use leptos::prelude::*;
use rules::{ByPlayer, GameKind, GameSpec, Player};

use crate::web;
use ludoteca_core::library::wire::Ask;
use ludoteca_core::library::{Origin, new_id};
use ludoteca_core::session::formats::friend::{self, Arrival, Letter};
use ludoteca_core::session::formats::saved::{self, Kept};
use ludoteca_core::session::formats::url::{self, Presentation, Route};
use ludoteca_core::session::model::friend::Friend;
use ludoteca_core::session::model::seats;
use ludoteca_core::session::model::tree::GameTree;
use ludoteca_core::session::{Intent, flow::Loaded};

use super::{AppState, Page};

impl AppState {
    /// Opens the dialog of a game with a friend by links, on `kind` with
    /// the rule options last chosen.
    pub fn ask_friend_game(self, kind: GameKind) {
        let spec = self.prefs.with_untracked(|p| p.spec(kind));
        self.dialogs.new_game.set(Some((spec, seats::against_friend(Player::Black), None)));
    }

    /// Starts a game of `spec` with a friend far away, this browser playing
    /// `me`: kept at once under a new id, which the friend's library will
    /// share.
    pub fn start_friend(self, spec: GameSpec, me: Player, names: ByPlayer<String>, days: Option<u8>) {
        self.write_now();
        let id = new_id(web::random_seed());
        let mut tree = GameTree::new(spec.start(), None);
        let since = (js_sys::Date::now() / 1000.0) as u64;
        tree.set_friend(Some(Friend { id: id.clone(), me, names, days, since, offer: None }));
        self.set_prefs(|p| p.set_spec(&spec));
        self.dialogs.new_game.set(None);
        self.show_friend_game(tree, id, None, Vec::new());
        self.keep_now(Origin::Played);
    }

    fn show_friend_game(self, tree: GameTree, id: String, rev: Option<u64>, notices: Vec<String>) {
        let Some(me) = tree.friend().map(|f| f.me) else { return };
        // What the game shown before still had to write goes first.
        self.write_now();
        self.pending.update_value(|p| {
            p.game = Some(id);
            p.rev = rev;
            p.origin = Origin::Link;
        });
        self.board.focus.set(None);
        self.page.set(Page::Play);
        let seats = seats::against_friend(me);
        let view = Presentation::default();
        let seed = web::random_seed();
        self.dispatch(Intent::Load(Box::new(Loaded { tree, seats, view, notices, new_entry: true, seed })));
        self.orient();
    }

    /// Takes in the friend's link the address's fragment holds, if it holds
    /// one: the library is asked for the game it continues.
    pub fn receive_friend_link(self) {
        let Some(read) = friend::read(&web::fragment()) else { return };
        match read {
            Ok(letter) => {
                let id = letter.friend.id.clone();
                self.pending.update_value(|p| p.letter = Some(letter));
                self.ask_library(Ask::Get { id });
            }
            Err(why) => self.open_route(Route::Home { notice: Some(why) }, false),
        }
    }

    /// The library's game for a friend's link waiting for it (`kept`:
    /// `None` when it has none); `false` when no link waits for `id`.
    pub(super) fn took_friend_game(self, id: &str, kept: Option<&Kept>, rev: u64) -> bool {
        let Some(letter) = self.pending.try_update_value(|p| p.letter.take_if(|l| l.friend.id == id)).flatten() else {
            return false;
        };
        let kept_tree = kept.and_then(|k| match url::decode(&k.query) {
            Route::Play { mut tree, .. } => {
                saved::apply_notes(&mut tree, k.notes.clone());
                Some(tree)
            }
            _ => None,
        });
        let rev = kept.map(|_| rev);
        self.take_letter(&letter, kept_tree, rev);
        true
    }

    /// A friend's link that waits while the library cannot answer: taken in
    /// as if this browser had no game.
    pub(super) fn friend_link_without_library(self) {
        if let Some(letter) = self.pending.try_update_value(|p| p.letter.take()).flatten() {
            self.take_letter(&letter, None, None);
        }
    }

    fn take_letter(self, letter: &Letter, kept: Option<GameTree>, rev: Option<u64>) {
        let id = letter.friend.id.clone();
        match friend::receive(letter, kept.as_ref()) {
            Ok(got) => {
                let news = got.arrival != Arrival::Nothing;
                self.show_friend_game(got.tree, id, rev, vec![got.message]);
                if news {
                    self.keep_now(Origin::Link);
                }
            }
            Err(why) => match kept {
                Some(tree) => self.show_friend_game(tree, id, rev, vec![why]),
                None => self.open_route(Route::Home { notice: Some(why) }, false),
            },
        }
    }
}
