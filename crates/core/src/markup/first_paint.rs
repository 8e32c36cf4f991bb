//! What a page shows before the app has loaded: written into the served
//! `index.html` at build time (`ludoteca first-paint`, run by the build's
//! post-build step), so that the header, the home page's choices and a
//! game's board are on screen at HTML and CSS time, a second or more before
//! the WebAssembly has arrived on a slow phone.
//!
//! Everything is drawn by the code that draws it in the app: the boards by
//! [`board::picture`] (the live board's layers), the home page by
//! [`home::intro`] and [`home::choices`]. The served page holds the header
//! ([`root`]); each page drawn ahead is a small file of its own ([`pages`]),
//! which the page's first script fetches when the address names it, so a
//! visitor downloads only the one they see; the app removes it all when it
//! starts. The script keeps what is pressed meanwhile (a cell, a button)
//! and presses it again once the app has drawn it, so no press is lost.
//!
//! The words go through [`t!`](crate::t) like the app's; the build writes
//! them with no language installed, in English.

use rules::{GameKind, GameSpec, Player};

use super::board::{self, Marks};
use super::home;
use super::{Markup, Prop};
use crate::i18n::text;
use crate::session::formats::prefs::Prefs;
use crate::t;
use crate::view::options::options_line;
use crate::view::{Layout, pieces, player_name};

/// The element the page's first script fills, and the app removes.
pub const ROOT_ID: &str = "first-paint";

/// The header, as the app draws it (its links work before the app has
/// loaded: each opens its page).
#[must_use]
pub fn header() -> Markup {
    let mut m = Markup::with_capacity(600);
    m.open("header").attr("class", "top").body();
    m.open("a").attr("class", "brand").attr("href", "./").body();
    m.text("Ludoteca").end("a");
    m.open("a").attr("class", "games-link").attr("href", "?games").body();
    m.text(t!("My games")).end("a");
    m.open("a").attr("class", "games-link").attr("href", "learn.html").body();
    m.text(t!("Learn")).end("a");
    m.open("nav").attr("class", "top-nav").attr("aria-label", t!("Rules of the games")).body();
    m.open("span").attr("class", "nav-label").attr("aria-hidden", "true").body();
    m.text(t!("Rules:")).end("span");
    for kind in GameKind::ALL {
        m.open("a").attr("href", format_args!("?rules={}", kind.id())).body();
        m.text(text(kind.name())).end("a");
    }
    m.end("nav").end("header");
    m
}

/// The play page's board column for `spec` at its start, as the play page
/// lays it out, saying that the board is not yet playable.
#[must_use]
pub fn game(spec: &GameSpec) -> Markup {
    let label = t!("{game} board, loading", game = text(spec.kind().name()));
    let board = board::picture(&Layout::of(spec), &pieces(&spec.start()), &Marks::default(), &label);
    column(spec, &board, &t!("Loading the board…"))
}

/// The play page's board column for `spec`, with `board` drawn in it and
/// `note` under the title (the first board draws a link's position so).
#[must_use]
pub fn column(spec: &GameSpec, board: &Markup, note: &str) -> Markup {
    let name = text(spec.kind().name());
    let mut m = Markup::with_capacity(board.as_str().len() + 1_000);
    m.open("div").attr("class", "play").body();
    m.open("div").attr("class", "play-board").body();
    m.open("div").attr("class", "play-title").body();
    m.open("h1").body();
    m.text(&name).end("h1");
    m.open("span").attr("class", "spec").body();
    m.text(options_line(spec, true)).end("span");
    m.open("a").attr("class", "link").attr("href", format_args!("?rules={}", spec.kind().id())).body();
    m.text(t!("Rules")).end("a");
    m.end("div");
    // In another language than English, the words the first board (which
    // speaks only English) shows once live: whose move (`data-x`, `data-o`),
    // with the computer getting ready (`data-xc`, `data-oc`), and the
    // board's name.
    let words = crate::i18n::current() != crate::i18n::Lang::En;
    let to_move = |player| t!("{player} to move", player = player_name(player));
    let (black, white) = if words { (to_move(Player::Black), to_move(Player::White)) } else { Default::default() };
    let mut tag = m.open("p").attr("class", "players first-paint-note").attr("role", "status");
    if words {
        tag = tag
            .attr("data-x", &black)
            .attr("data-o", &white)
            .attr("data-xc", waiting(&black))
            .attr("data-oc", waiting(&white));
    }
    tag.body();
    m.text(note).end("p");
    let tag = m.open("div").attr("class", "board-wrap").attr("aria-busy", "true");
    let tag = if words { tag.attr("data-board", t!("{game} board", game = &name)) } else { tag };
    tag.body();
    m.append(board);
    m.end("div").end("div").end("div");
    m
}

/// `status` followed by what a game against the computer waits for while
/// the first board plays (its search comes with the app).
#[must_use]
pub fn waiting(status: &str) -> String {
    t!("{status} — the computer is getting ready", status = status)
}

/// The home page's intro and choices, with the choices' defaults shown.
#[must_use]
pub fn home() -> Markup {
    let prefs = Prefs::default();
    let mut m = home::intro();
    m.open("div").attr("class", "home-choices").body();
    m.append(&home::choices(&prefs)).end("div");
    // What the app sets as properties (the level chosen, its help, the
    // colour, each card's options), for the page's first script to set.
    m.open("div").attr("class", "first-paint-props").attr("hidden", "").body();
    for (id, name, value) in home::props(&prefs) {
        let value = match value {
            Prop::Text(text) => text,
            Prop::On(on) => on.to_string(),
        };
        m.open("i").attr("data-id", id).attr("data-prop", name).attr("data-value", value).body();
        m.end("i");
    }
    m.end("div");
    m
}

/// What the served page holds: the header and an empty page, hidden
/// until the page's first script shows them (not in an embedded board).
#[must_use]
pub fn root() -> Markup {
    let mut m = Markup::with_capacity(1_000);
    m.open("div").attr("id", ROOT_ID).attr("hidden", "").body();
    m.append(&header());
    m.open("main").attr("class", "page").attr("id", "first-paint-page").body();
    m.end("main").end("div");
    m
}

/// The pages drawn ahead, each a file of its own that the page's first
/// script fetches when the address names it: (`home`, the home page), and
/// each game's start with its usual options (`loa`, …).
#[must_use]
pub fn pages() -> Vec<(&'static str, Markup)> {
    let mut out = vec![("home", home())];
    out.extend(GameKind::ALL.into_iter().map(|kind| (kind.id(), game(&GameSpec::default_for(kind)))));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_draws_its_start_with_the_board_code() {
        for kind in GameKind::ALL {
            let spec = GameSpec::default_for(kind);
            let drawn = game(&spec).into_string();
            let picture = board::picture(
                &Layout::of(&spec),
                &pieces(&spec.start()),
                &Marks::default(),
                &format!("{} board, loading", kind.name()),
            );
            assert!(drawn.contains(picture.as_str()), "{kind:?}: the board as the board code draws it");
            assert!(drawn.contains("Loading the board"), "{kind:?}: says it is not yet playable");
        }
        let names: Vec<&str> = pages().iter().map(|(name, _)| *name).collect();
        assert_eq!(names, ["home", "attract", "forms", "ra", "loa"]);
        let root = root().into_string();
        assert!(root.starts_with("<div id=\"first-paint\" hidden=\"\"><header class=\"top\">"), "{root}");
    }
}
