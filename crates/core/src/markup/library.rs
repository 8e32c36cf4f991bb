//! The library's rows, written by the library's worker (so the page's own
//! code holds no list): for each game its name, players, result, moves and
//! date, with *Continue* or *Review*, a star, *Download* and *Delete*
//! (`data-open`, `data-star`, `data-export`, `data-delete` name the game;
//! the page listens on the list). The home
//! page's rows are short: name, moves, whose move, and *Continue*.

use std::fmt::Write as _;

use rules::GameSpec;

use super::Markup;
use crate::library::listing::date_text;
use crate::library::summary::{Standing, Summary};
use crate::view::geometry::{CELL, Geometry, px};

/// The rows of `games`, dates in the time zone `offset_min`
/// (`Date.getTimezoneOffset()`); `compact` for the home page.
#[must_use]
pub fn rows(games: &[&Summary], offset_min: i32, compact: bool) -> Markup {
    let mut m = Markup::with_capacity(games.len() * 600);
    m.open("ul").attr("class", if compact { "game-rows compact" } else { "game-rows" }).body();
    for game in games {
        row(&mut m, game, offset_min, compact);
    }
    m.end("ul");
    m
}

/// The games of a pasted text, to choose from: a button each, `data-pick`
/// its number from 0.
#[must_use]
pub fn choices(labels: &[String]) -> Markup {
    let mut m = Markup::new();
    m.open("ul").attr("class", "choice-list").attr("data-testid", "import-choices").body();
    for (i, label) in labels.iter().enumerate() {
        m.open("li").body();
        m.open("button").attr("type", "button").attr("class", "secondary").attr("data-pick", i).body();
        m.text(label).end("button").end("li");
    }
    m.end("ul");
    m
}

fn row(m: &mut Markup, game: &Summary, offset_min: i32, compact: bool) {
    let moves = if game.moves == 1 { "1 move".to_owned() } else { format!("{} moves", game.moves) };
    let date = date_text(game.updated, offset_min);
    let state = match game.standing {
        Standing::Playing => "playing",
        Standing::Won => "won",
        Standing::Lost => "lost",
        Standing::Drawn => "drawn",
    };
    m.open("li").attr("class", format_args!("game-row {state}")).attr("data-id", &game.id).body();
    thumbnail(m, &game.spec, &game.cells);
    m.open("div").attr("class", "game-what").body();
    m.open("strong").attr("class", "game-title").body();
    m.text(&game.title).end("strong");
    m.open("span").attr("class", "game-players").body();
    m.text(&game.players).end("span");
    if !game.about.is_empty() {
        m.open("span").attr("class", "game-about small muted").body();
        m.text(&game.about).end("span");
    }
    m.open("span").attr("class", "game-result").body();
    m.text(&game.result).end("span");
    m.open("span").attr("class", "game-meta small muted").body();
    m.text(format_args!("{moves} · {date}"));
    if !compact {
        m.text(format_args!(" · {}", game.origin.words()));
    }
    m.end("span").end("div");
    m.open("div").attr("class", "game-acts").body();
    let label = if game.standing == Standing::Playing { "Continue" } else { "Review" };
    m.open("button")
        .attr("class", "primary")
        .attr("data-open", &game.id)
        .attr("aria-label", format_args!("{label}: {}, {}, {date}", game.title, game.players))
        .body();
    m.text(label).end("button");
    if !compact {
        m.open("button")
            .attr("class", "star")
            .attr("data-star", &game.id)
            .attr("aria-pressed", game.starred)
            .attr("aria-label", "Star")
            .attr("title", if game.starred { "Starred: click to take the star away" } else { "Star this game" })
            .body();
        m.text(if game.starred { "★" } else { "☆" }).end("button");
        m.open("button")
            .attr("data-export", &game.id)
            .attr("aria-label", format_args!("Download a backup of: {}, {date}", game.title))
            .attr("title", "Download this game as a backup file")
            .body();
        m.text("Download").end("button");
        m.open("button")
            .attr("data-delete", &game.id)
            .attr("aria-label", format_args!("Delete: {}, {date}", game.title))
            .body();
        m.text("Delete").end("button");
    }
    m.end("div").end("li");
}

/// The drawing's units to the picture's: a cell is 20 wide.
const SCALE: f64 = CELL / 20.0;

/// A small picture of a summary's position (`cells` of the game `spec`, see
/// [`crate::library::summary::cells_text`]): the board and a dot for each
/// stone, in a few paths whatever the board's size (a list shows up to 200
/// of them). Nothing when the summary has no picture (kept before it) or
/// it does not fit the game.
fn thumbnail(m: &mut Markup, spec: &str, cells: &str) {
    let Ok(spec) = spec.parse::<GameSpec>() else { return };
    let geometry = Geometry::of(&spec);
    let places = geometry.cells();
    if places.len() != cells.len() {
        return;
    }
    let at = |x: f64, y: f64| (px(x / SCALE), px(y / SCALE));
    let (mut x0, mut y0, mut x1, mut y1) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
    for &(_, x, y, _) in &places {
        let (x, y) = at(x, y);
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    let half = px(CELL / SCALE / 2.0);
    let (left, top, width, height) = (x0 - half, y0 - half, x1 - x0 + 2 * half, y1 - y0 + 2 * half);
    m.open("svg")
        .attr("class", format_args!("game-thumb {}", spec.kind().id()))
        .attr("viewBox", format_args!("{left} {top} {width} {height}"))
        .attr("aria-hidden", "true")
        .attr("focusable", "false")
        .body();
    m.open("rect")
        .attr("class", "thumb-board")
        .attr("x", left)
        .attr("y", top)
        .attr("width", width)
        .attr("height", height)
        .attr("rx", half / 2)
        .empty();
    // The lines between squares, or a faint dot on each hexagonal cell.
    let mut grid = String::new();
    match geometry {
        Geometry::Square { size, .. } => {
            let step = 2 * half;
            for i in 1..i64::try_from(size).unwrap_or(0) {
                let _ = write!(grid, "M{} {top}v{height}M{left} {}h{width}", left + i * step, top + i * step);
            }
        }
        Geometry::Hex => {
            for &(_, x, y, _) in &places {
                let (x, y) = at(x, y);
                let _ = write!(grid, "M{x} {y}h0");
            }
        }
    }
    let class = if matches!(geometry, Geometry::Hex) { "thumb-cells" } else { "thumb-grid" };
    m.open("path").attr("class", class).attr("d", &grid).empty();
    // One path a kind of stone: a zero-length line with round ends is a dot.
    for (letters, class) in [("bB", "thumb-black"), ("wW", "thumb-white"), ("BW", "thumb-stack")] {
        let mut d = String::new();
        for (&(_, x, y, _), c) in places.iter().zip(cells.chars()) {
            if letters.contains(c) {
                let (x, y) = at(x, y);
                let _ = write!(d, "M{x} {y}h0");
            }
        }
        if d.is_empty() {
            continue;
        }
        // White stones get a dark edge first (on a light board they would
        // hardly show): the same dots, a little wider.
        if class == "thumb-white" {
            m.open("path").attr("class", "thumb-edge").attr("d", &d).empty();
        }
        m.open("path").attr("class", class).attr("d", &d).empty();
    }
    m.end("svg");
}
