//! The first board: the board drawn ahead in the served page (see
//! `ludoteca_core::markup::first_paint`), made playable before the app has
//! loaded. On a slow phone the app's WebAssembly (Leptos and every page and
//! tool) takes a second or more after the board is on screen; this module
//! carries only the rules, the session and the board's drawing, so the
//! board answers a press much sooner.
//!
//! Its behaviour is the app's own: a press is the session's
//! [`Intent::Click`], the board is drawn by the code that draws the live
//! board's layers, and the position travels to the app in the address
//! (the session's own link). When the app starts it reads the address as
//! usual and keeps the game in the library at once (the history entry says
//! its state is `true`, where the app's own entries hold the game's place
//! in the library). A computer's reply waits for the app and its search
//! worker.
//!
//! The browser side is `src/main.rs`; everything here is plain Rust with
//! native tests.

#[cfg(target_family = "wasm")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

use ludoteca_core::markup::Markup;
use ludoteca_core::markup::board::{self, Marks};
use ludoteca_core::markup::first_paint;
use ludoteca_core::session::Session;
use ludoteca_core::session::flow::{Effect, Intent, Loaded};
use ludoteca_core::session::formats::url::{self, Route};
use ludoteca_core::session::model::seats::{self, Seat, Seats, Side};
use ludoteca_core::view::{Layout, pieces};
use rules::{GameKind, GameSpec, Player};
use search::levels::Level;

/// A game at its start, playable before the app has loaded.
#[derive(Debug)]
pub struct FirstBoard {
    session: Session,
    layout: Layout,
    name: &'static str,
    moved: bool,
}

/// What a press changed, for the page to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The board, drawn anew.
    pub board: String,
    /// The line under the title: whose move it is, or what happens next.
    pub status: String,
    /// The address's new query, after a move.
    pub query: Option<String>,
    /// Which of the words a page drawn ahead in another language gives
    /// the status is (`x`, `o`: whose move; `xc`, `oc`: with the computer
    /// getting ready), when it is one of them.
    pub say: Option<&'static str>,
}

impl FirstBoard {
    /// The game the address `query` opens, if it opens one to play: never
    /// an embedded board, a timed game, the editor or a page of the library.
    #[must_use]
    pub fn open(query: &str, seed: u64) -> Option<FirstBoard> {
        let Route::Play { tree, seats, view, notices } = url::decode(query) else { return None };
        // A timed game waits for the app: its clocks run there (a move here
        // would cost no time).
        if view.embed || !notices.is_empty() || tree.clock().is_some() {
            return None;
        }
        let spec: GameSpec = tree.position().spec();
        let mut session = Session::new(&spec);
        session.apply(Intent::Load(Box::new(Loaded { tree, seats, view, notices, new_entry: false, seed })));
        Some(FirstBoard { layout: Layout::of(&spec), name: spec.kind().name(), session, moved: false })
    }

    /// A new game of `spec` between `seats`, as the home page's buttons start one.
    #[must_use]
    pub fn start(spec: GameSpec, seats: Seats, seed: u64) -> FirstBoard {
        let mut session = Session::new(&spec);
        session.apply(Intent::NewGame { spec, seats, seed, clock: None });
        FirstBoard { layout: Layout::of(&spec), name: spec.kind().name(), session, moved: false }
    }

    /// The board and its status as they are now.
    #[must_use]
    pub fn shown(&self) -> Shown {
        let (status, say) = self.status();
        Shown { board: self.picture().into_string(), status, query: None, say }
    }

    /// The board as the live board's layers draw it.
    fn picture(&self) -> Markup {
        let position = self.session.tree().position();
        let marks = Marks::of(&self.session, None);
        board::picture(&self.layout, &pieces(position), &marks, &format!("{} board", self.name))
    }

    /// The play page's board column with the position shown, for a link
    /// that has no page drawn ahead (a game with moves, a position).
    #[must_use]
    pub fn page(&self) -> String {
        first_paint::column(&self.layout.spec, &self.picture(), &self.status().0).into_string()
    }

    /// The press of the cell named `cell` (a cell's `data-cell`): what it
    /// changed, or `None` when it names no cell of this board.
    pub fn press(&mut self, cell: &str) -> Option<Shown> {
        let id = self.layout.spec.cell_named(cell)?;
        let mut query = None;
        for effect in self.session.apply(Intent::Click(id)) {
            // The address is the position's way to the app; the saving,
            // the computer's search and the sounds are the app's.
            if let Effect::Url { query: q, .. } = effect {
                query = Some(q);
                self.moved = true;
            }
        }
        Some(Shown { query, ..self.shown() })
    }

    /// The address of the game as it is now (a new game's, before any move).
    #[must_use]
    pub fn query(&self) -> String {
        self.session.query()
    }

    /// Whether a move has been played here.
    #[must_use]
    pub fn moved(&self) -> bool {
        self.moved
    }

    /// The status line, and which of a page's words it is.
    fn status(&self) -> (String, Option<&'static str>) {
        let status = self.session.status();
        let tree = self.session.tree();
        let to_move = tree.position().to_move();
        let computer = tree.ending().is_none() && matches!(self.session.seats()[to_move], Seat::Computer(_));
        // Whose move, said as the page's words say it (not a puzzle's line).
        let plain = tree.ending().is_none() && status == ludoteca_core::view::status_text(tree.position());
        let say = plain.then_some(match (to_move, computer) {
            (Player::Black, false) => "x",
            (Player::White, false) => "o",
            (Player::Black, true) => "xc",
            (Player::White, true) => "oc",
        });
        (if computer { first_paint::waiting(&status) } else { status }, say)
    }
}

/// The game a press on the home page's choices starts, as the app starts it
/// (`data-act` `computer:loa` or `friend:ra`), read from what the page shows:
/// the card's options (its picture's `data-spec`), the level chosen and the
/// colour (`coin` decides a random one). `None` for the other presses
/// (options, rules: the app's) and for anything the page does not offer.
#[must_use]
pub fn home_game(act: &str, spec: &str, level: &str, side: &str, coin: bool) -> Option<(GameSpec, Seats)> {
    let (what, id) = act.split_once(':')?;
    let kind = GameKind::ALL.into_iter().find(|k| k.id() == id)?;
    let spec: GameSpec = spec.parse().ok().filter(|s: &GameSpec| s.kind() == kind)?;
    match what {
        "computer" => {
            let level: Level = level.parse().ok()?;
            Some((spec, seats::against_computer(Side::from_id(side)?.player(coin), level)))
        }
        "friend" => Some((spec, Seats::default())),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
