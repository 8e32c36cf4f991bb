//! The library's rows, written by the library's worker (so the page's own
//! code holds no list): for each game its name, players, result, moves and
//! date, with *Continue* or *Review*, a star, *Download* and *Delete*
//! (`data-open`, `data-star`, `data-export`, `data-delete` name the game;
//! the page listens on the list). The home
//! page's rows are short: name, moves, whose move, and *Continue*.

use super::Markup;
use crate::library::listing::date_text;
use crate::library::summary::{Standing, Summary};

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
