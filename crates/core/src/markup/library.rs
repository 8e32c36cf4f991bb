//! The library's rows, written by the library's worker (so the page's own
//! code holds no list): for each game its name, players, result, moves and
//! date, with *Continue* or *Review*, a star, *Download* and *Delete*
//! (`data-open`, `data-star`, `data-export`, `data-delete` name the game;
//! the page listens on the list). The home
//! page's rows are short: name, moves, whose move, and *Continue*.
//!
//! The words are the current language's: the worker that writes the rows
//! must have the page's language installed.

use std::fmt::Write as _;

use rules::GameSpec;

use super::Markup;
use crate::i18n::intl::date_time;
use crate::i18n::text;
use crate::library::summary::{Standing, Summary};
use crate::view::geometry::{CELL, Geometry, px};
use crate::{t, tn};

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
    let moves = tn!(game.moves, "{n} move", "{n} moves");
    let date = date_time(game.updated, offset_min);
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
    if game.since > 0.0 {
        m.text(t!("{result} since {date}", result = game.result, date = date_time(game.since, offset_min)));
    } else {
        m.text(&game.result);
    }
    m.end("span");
    m.open("span").attr("class", "game-meta small muted").body();
    m.text(format_args!("{moves} · {date}"));
    if !compact {
        m.text(format_args!(" · {}", text(game.origin.words())));
    }
    m.end("span").end("div");
    m.open("div").attr("class", "game-acts").body();
    let (label, said) = if game.standing == Standing::Playing {
        let said = t!("Continue: {game}, {players}, {date}", game = game.title, players = game.players, date = date);
        (t!("Continue"), said)
    } else {
        let said = t!("Review: {game}, {players}, {date}", game = game.title, players = game.players, date = date);
        (t!("Review"), said)
    };
    m.open("button").attr("class", "primary").attr("data-open", &game.id).attr("aria-label", said).body();
    m.text(label).end("button");
    if !compact {
        m.open("button")
            .attr("class", "star")
            .attr("data-star", &game.id)
            .attr("aria-pressed", game.starred)
            .attr("aria-label", t!("Star"))
            .attr("title", if game.starred { t!("Starred: click to take the star away") } else { t!("Star this game") })
            .body();
        m.text(if game.starred { "★" } else { "☆" }).end("button");
        m.open("button")
            .attr("data-export", &game.id)
            .attr("aria-label", t!("Download a backup of: {game}, {date}", game = game.title, date = date))
            .attr("title", t!("Download this game as a backup file"))
            .body();
        m.text(t!("Download")).end("button");
        m.open("button")
            .attr("data-delete", &game.id)
            .attr("aria-label", t!("Delete: {game}, {date}", game = game.title, date = date))
            .body();
        m.text(t!("Delete")).end("button");
    }
    m.end("div").end("li");
}

/// The drawing's units to the picture's: a cell is 20 wide.
const SCALE: f64 = CELL / 20.0;

/// A row's picture: an image of [`thumbnail_svg`], loaded when it comes
/// into view. An image is one element, drawn apart from the page: a list
/// of 200 pictures drawn as inline SVG doubled the time a filter takes.
fn thumbnail(m: &mut Markup, spec: &str, cells: &str) {
    let Some(svg) = thumbnail_svg(spec, cells) else { return };
    // The SVG as a data address: its few characters that cannot stand in
    // one escaped (attributes are in single quotes, colours in rgb()).
    let mut src = String::with_capacity(svg.len() + 32);
    src.push_str("data:image/svg+xml,");
    for c in svg.chars() {
        match c {
            '<' => src.push_str("%3C"),
            '>' => src.push_str("%3E"),
            '#' => src.push_str("%23"),
            '%' => src.push_str("%25"),
            _ => src.push(c),
        }
    }
    let kind = spec.split(':').next().unwrap_or_default();
    m.open("img")
        .attr("class", format_args!("game-thumb {kind}"))
        .attr("src", src)
        .attr("alt", "")
        .attr("loading", "lazy")
        .attr("decoding", "async")
        .body();
}

/// A small picture of a summary's position (`cells` of the game `spec`, see
/// [`crate::library::summary::cells_text`]) as an SVG document: the board
/// and a dot for each stone, in a few paths whatever the board's size, its
/// colours the light theme's board. `None` when the summary has no picture
/// (kept before it) or it does not fit the game.
#[must_use]
pub fn thumbnail_svg(spec: &str, cells: &str) -> Option<String> {
    let spec = spec.parse::<GameSpec>().ok()?;
    let geometry = Geometry::of(&spec);
    let places = geometry.cells();
    if places.len() != cells.len() {
        return None;
    }
    let at = |x: f64, y: f64| (px(x / SCALE), px(y / SCALE));
    let (mut x0, mut y0, mut x1, mut y1) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
    for &(_, x, y, _) in &places {
        let (x, y) = at(x, y);
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    let half = px(CELL / SCALE / 2.0);
    let (left, top, width, height) = (x0 - half, y0 - half, x1 - x0 + 2 * half, y1 - y0 + 2 * half);
    let hex = matches!(geometry, Geometry::Hex);
    let board = match spec {
        GameSpec::Loa(_) => "rgb(232,201,148)",
        GameSpec::Ra(_) => "rgb(228,197,144)",
        _ => "rgb(220,181,124)",
    };
    let mut out = String::with_capacity(512 + cells.len() * 12);
    let _ = write!(
        out,
        "<svg xmlns='http://www.w3.org/2000/svg' viewBox='{left} {top} {width} {height}'>\
         <rect x='{left}' y='{top}' width='{width}' height='{height}' rx='{}' fill='{board}'/>",
        half / 2
    );
    // The lines between squares, or a faint dot on each hexagonal cell.
    let mut grid = String::new();
    if let Geometry::Square { size, .. } = geometry {
        let step = 2 * half;
        for i in 1..i64::try_from(size).unwrap_or(0) {
            let _ = write!(grid, "M{} {top}v{height}M{left} {}h{width}", left + i * step, top + i * step);
        }
    } else {
        for &(_, x, y, _) in &places {
            let (x, y) = at(x, y);
            let _ = write!(grid, "M{x} {y}h0");
        }
    }
    let (class, width_of_grid) = if hex { ("thumb-cells", 5) } else { ("thumb-grid", 1) };
    let _ = write!(
        out,
        "<path class='{class}' d='{grid}' fill='none' stroke='rgba(60,35,10,0.38)' stroke-width='{width_of_grid}' stroke-linecap='round'/>"
    );
    // One path a kind of stone: a zero-length line with round ends is a dot.
    // White stones get a dark edge first (on a light board they would
    // hardly show): the same dots, a little wider.
    let (black, white) = if hex { ("rgb(42,60,122)", "rgb(47,122,58)") } else { ("rgb(29,29,33)", "rgb(251,250,246)") };
    let kinds = [
        ("bB", "thumb-black", black, 16),
        ("wW", "thumb-edge", if hex { "none" } else { "rgba(40,30,20,0.7)" }, 18),
        ("wW", "thumb-white", white, 15),
        ("BW", "thumb-stack", "rgb(242,183,5)", 6),
    ];
    for (letters, class, colour, stroke) in kinds {
        let mut d = String::new();
        for (&(_, x, y, _), c) in places.iter().zip(cells.chars()) {
            if letters.contains(c) {
                let (x, y) = at(x, y);
                let _ = write!(d, "M{x} {y}h0");
            }
        }
        if !d.is_empty() && colour != "none" {
            let _ = write!(
                out,
                "<path class='{class}' d='{d}' fill='none' stroke='{colour}' stroke-width='{stroke}' stroke-linecap='round'/>"
            );
        }
    }
    out.push_str("</svg>");
    Some(out)
}
