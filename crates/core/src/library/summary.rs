//! What the library's list shows of a game, and what its filters look at:
//! worked out from the game's saved text when it is written, kept beside
//! it, so that opening a library of thousands of games reads no game.

use rules::{Piece, Player};
use serde::{Deserialize, Serialize};

use super::{Entry, Origin};
use crate::session::formats::saved;
use crate::session::formats::url::Route;
use crate::session::model::friend::about;
use crate::session::model::seats::{self, Seat};
use crate::t;
use crate::view::options::options_line;

/// Who the person played against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    /// The computer, at a level.
    Computer,
    /// Someone at the same screen (or no one: a game studied alone).
    Friend,
}

/// How a game stands, from the person's side when one person played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Standing {
    /// Not over.
    Playing,
    /// The person won (or, between two people, Black won).
    Won,
    /// The person lost (or, between two people, White won).
    Lost,
    /// A draw.
    Drawn,
}

impl Opponent {
    /// Its word in stored summaries.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Opponent::Computer => "computer",
            Opponent::Friend => "friend",
        }
    }

    /// Reads [`Opponent::id`].
    #[must_use]
    pub fn from_id(id: &str) -> Option<Opponent> {
        [Opponent::Computer, Opponent::Friend].into_iter().find(|o| o.id() == id)
    }
}

impl Standing {
    /// Its word in stored summaries.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Standing::Playing => "playing",
            Standing::Won => "won",
            Standing::Lost => "lost",
            Standing::Drawn => "drawn",
        }
    }

    /// Reads [`Standing::id`].
    #[must_use]
    pub fn from_id(id: &str) -> Option<Standing> {
        [Standing::Playing, Standing::Won, Standing::Lost, Standing::Drawn].into_iter().find(|s| s.id() == id)
    }
}

/// A game as the list shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The game's id.
    pub id: String,
    /// The game's id in links (`loa`, `forms`…), for the game filter.
    pub game: String,
    /// The game's name with its rule options: `Forms — 8 × 8 board`.
    pub title: String,
    /// The players: `You (Black) — Computer, level 3 (White)`, or their
    /// names when the game has them: `Kim (Black) — Lee (White)`.
    pub players: String,
    /// The rest of the game's information: its name, event, round, place,
    /// date (empty for most games; summaries kept before it existed read
    /// it as empty, which they were).
    #[serde(default)]
    pub about: String,
    /// The result or whose move: `White wins: Black resigned`, `Black to move`.
    pub result: String,
    /// How it stands.
    pub standing: Standing,
    /// Whom the person played.
    pub opponent: Opponent,
    /// The moves of its main line.
    pub moves: u32,
    /// Where it came from.
    pub origin: Origin,
    /// When it was first kept.
    #[serde(with = "super::millis")]
    pub created: f64,
    /// When it was last written.
    #[serde(with = "super::millis")]
    pub updated: f64,
    /// Starred.
    pub starred: bool,
    /// Deleted, waiting for an undo (for a day).
    pub deleted: bool,
    /// The game with its options as links name them (`forms:size=18`), for
    /// the list's picture; empty in summaries kept before it (version 1:
    /// the library works them out again, [`Summary::pictured`]).
    #[serde(default)]
    pub spec: String,
    /// The position the list pictures (the main line's last), one letter a
    /// cell: see [`cells_text`].
    #[serde(default)]
    pub cells: String,
    /// In a game with a distant friend that goes on, when the last move
    /// was made (ms; 0 otherwise): the list says since when it waits.
    #[serde(default, with = "super::millis", skip_serializing_if = "not_waiting")]
    pub since: f64,
    /// The language its words (title, players, result) are written in, as
    /// [`Lang::code`](crate::i18n::Lang::code) names it; empty in summaries
    /// kept before the languages (English). The library writes them again
    /// when the player's language is another ([`Summary::worded_in`]).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub lang: String,
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn not_waiting(since: &f64) -> bool {
    *since <= 0.0
}

impl Summary {
    /// Whether the summary holds the list's picture (summaries kept before
    /// it do not, and are worked out again from their games).
    #[must_use]
    pub fn pictured(&self) -> bool {
        !self.spec.is_empty()
    }

    /// Whether its words are in `lang`.
    #[must_use]
    pub fn worded_in(&self, lang: crate::i18n::Lang) -> bool {
        let code = if self.lang.is_empty() { "en" } else { &self.lang };
        code == lang.code()
    }

    /// The text the search box looks through, its ASCII letters in lower
    /// case (the search ignores the case of ASCII letters only: Unicode's
    /// case tables would double the size of this code in the worker).
    #[must_use]
    pub fn haystack(&self) -> String {
        format!("{} {} {} {} {}", self.title, self.players, self.about, self.result, self.origin.words())
            .to_ascii_lowercase()
    }
}

/// A position as a summary keeps it, one letter a cell in cell order: `.`
/// empty, `b` or `w` a stone (a piece) of Black or White, `B` or `W` a stack
/// of two or more.
#[must_use]
pub fn cells_text(pieces: &[Option<Piece>]) -> String {
    pieces
        .iter()
        .map(|p| match p {
            None => '.',
            Some(p) => match (p.owner, p.height > 1) {
                (Player::Black, false) => 'b',
                (Player::Black, true) => 'B',
                (Player::White, false) => 'w',
                (Player::White, true) => 'W',
            },
        })
        .collect()
}

/// The summary of `entry`; `None` when its text opens no game.
#[must_use]
#[inline(never)]
pub fn summarize(entry: &Entry) -> Option<Summary> {
    let Route::Play { tree, seats, .. } = saved::read(&entry.text).route else {
        return None;
    };
    let spec = tree.spec();
    let options = options_line(&spec, false);
    let name = crate::i18n::text(spec.kind().name());
    let title = if options.is_empty() { name } else { format!("{name} — {options}") };
    let person = seats::person(&seats);
    let finish = tree.finish();
    let end = tree.main_line().last().map_or_else(|| tree.start(), |&n| tree.position_of(n));
    let friend = tree.friend();
    let result = match (finish, friend) {
        (Some(crate::session::model::tree::Finish::Other(ending)), _) => ending.result_text(),
        (None, Some(f)) if end.to_move() == f.me => t!("Your move"),
        (None, Some(f)) => about(
            &f.names[f.other()],
            || t!("Waiting for your friend"),
            |name| t!("Waiting for {friend}", friend = name),
        ),
        _ => crate::view::status_text(end),
    };
    let since = match (finish, friend) {
        (None, Some(f)) => f.since as f64 * 1000.0,
        _ => 0.0,
    };
    let cells = cells_text(&crate::view::pieces(end));
    let standing = match finish.map(|f| f.winner()) {
        None => Standing::Playing,
        Some(None) => Standing::Drawn,
        Some(Some(winner)) if winner == person.unwrap_or(Player::Black) => Standing::Won,
        Some(Some(_)) => Standing::Lost,
    };
    let computer = Player::ALL.iter().any(|&p| matches!(seats[p], Seat::Computer(_)));
    let mut info = tree.info().clone();
    let players = if let Some(f) = friend {
        t!("{black} (Black) — {white} (White), by links", black = f.name(Player::Black), white = f.name(Player::White))
    } else if info.black.is_empty() && info.white.is_empty() {
        seats::players_pair(&seats)
    } else {
        let name = |n: &str| if n.is_empty() { "?".to_owned() } else { n.to_owned() };
        t!("{black} (Black) — {white} (White)", black = name(&info.black), white = name(&info.white))
    };
    (info.black, info.white) = (String::new(), String::new());
    Some(Summary {
        id: entry.id.clone(),
        game: spec.kind().id().to_owned(),
        title,
        players,
        about: info.line(),
        result,
        standing,
        opponent: if computer { Opponent::Computer } else { Opponent::Friend },
        moves: u32::try_from(tree.main_line().len()).unwrap_or(u32::MAX),
        origin: entry.origin,
        created: entry.created,
        updated: entry.updated,
        starred: entry.starred,
        deleted: entry.deleted.is_some(),
        spec: spec.to_string(),
        cells,
        since,
        lang: crate::i18n::current().code().to_owned(),
    })
}
