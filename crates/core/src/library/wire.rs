//! What the page asks the library's worker, and what it answers: carried
//! inside the worker protocol's two enums (`Request::Library`,
//! `Response::Library`).

use serde::{Deserialize, Serialize};

use super::Origin;
use super::listing::Filter;
use crate::session::formats::saved::Kept;

/// A request to the library.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Ask {
    /// Keep this game (merged with what the library has: `merge`).
    Put {
        /// The game's id.
        id: String,
        /// The game.
        kept: Kept,
        /// Where it came from (kept from its first write).
        origin: Origin,
        /// When it was written.
        at: f64,
        /// The tab that wrote it, so that other tabs showing it follow.
        tab: u64,
        /// The version of the game the tab had seen (`None`: none).
        base: Option<u64>,
    },
    /// Keep a game written as its saved text (`session::formats::saved`):
    /// what a closed tab left in the journal, or the one saved game of the
    /// builds before the library.
    PutText {
        /// The game's id.
        id: String,
        /// Its saved text.
        text: String,
        /// Where it came from.
        origin: Origin,
        /// When it was written.
        at: f64,
    },
    /// A game, to open it.
    Get {
        /// The game's id.
        id: String,
    },
    /// The games a filter keeps, written as the page's list.
    List {
        /// Which games.
        filter: Filter,
        /// At most this many rows.
        limit: u32,
        /// The home page's short rows (games in progress).
        compact: bool,
        /// The page's time zone, as `Date.getTimezoneOffset()`.
        offset_min: i32,
        /// When the last backup of every game was downloaded (0: never).
        backed_up: f64,
    },
    /// Star a game, or take its star away.
    Star {
        /// The game's id.
        id: String,
        /// Starred.
        on: bool,
    },
    /// Delete a game (until the next start, [`Ask::Restore`] brings it back).
    Delete {
        /// The game's id.
        id: String,
        /// When.
        at: f64,
    },
    /// Undo a deletion.
    Restore {
        /// The game's id.
        id: String,
    },
    /// A backup of one game, or of all of them; or the Lines of Action
    /// games as an SGF collection.
    Export {
        /// The game; `None` for all.
        id: Option<String>,
        /// When.
        at: f64,
        /// An SGF collection of the Lines of Action games, not a backup.
        sgf: bool,
    },
    /// Read a backup file into the library.
    Import {
        /// The file's text.
        text: String,
        /// When.
        at: f64,
    },
    /// Read a game record, a pasted move list or a Lines of Action SGF
    /// file (to open it; the library keeps nothing of it yet).
    ReadRecord {
        /// The text.
        text: String,
        /// The game on screen (its spec), assumed for a move list that names none.
        screen: String,
        /// Which game of several (from 0); `None`: the only one, or ask.
        pick: Option<u32>,
    },
    /// Write a game as a record, or as SGF.
    WriteRecord {
        /// The game.
        kept: Kept,
        /// SGF (Lines of Action only), not a record.
        sgf: bool,
    },
    /// Write again, in the language now chosen, the summaries written in
    /// another (the worker asks it of itself when it learns a language;
    /// answered [`Answer::Changed`], so the list is drawn again).
    Reword,
}

impl Ask {
    /// Whether it needs the library's storage (reading and writing records does not).
    #[must_use]
    pub fn needs_storage(&self) -> bool {
        !matches!(self, Ask::ReadRecord { .. } | Ask::WriteRecord { .. })
    }
}

/// An answer from the library.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// The library is open.
    Opened {
        /// Its games.
        games: u32,
        /// The entries that could not be read, named, skipped.
        skipped: Vec<String>,
    },
    /// A game's text was kept.
    Saved {
        /// The game's id.
        id: String,
        /// The time of the write that was kept.
        at: f64,
        /// The game's version now.
        rev: u64,
    },
    /// A game (`None`: no such game).
    Game {
        /// The game's id.
        id: String,
        /// The game.
        kept: Option<Kept>,
        /// What of its saved text could not be used.
        notices: Vec<String>,
        /// Its version.
        rev: u64,
    },
    /// Rows of the list.
    Listed {
        /// The rows, as markup (`markup::library`).
        markup: String,
        /// The games the filter keeps.
        count: u32,
        /// All the games.
        total: u32,
        /// Games never backed up, or changed since.
        unsaved: u32,
        /// Whether the rows were the home page's.
        compact: bool,
    },
    /// A star, a deletion or an undo was kept.
    Changed,
    /// A backup file (or an SGF collection).
    Backup {
        /// Its file name.
        name: String,
        /// Its text.
        text: String,
        /// Whether it holds every game (a backup of all: the reminder restarts).
        all: bool,
        /// An SGF collection.
        sgf: bool,
    },
    /// A game that cannot be kept for what it is (longer than the library
    /// takes), not for the storage: the page keeps it aside and says why.
    NotKept {
        /// The game's id.
        id: String,
        /// Why, in words.
        message: String,
    },
    /// A backup is being read in: so many of its games read (and those
    /// kept so far written), of so many. Told after each batch; the
    /// request's answer, [`Answer::Imported`], follows.
    Importing {
        /// Games read.
        done: u32,
        /// Games in the file.
        total: u32,
    },
    /// A backup was read in.
    Imported {
        /// New games.
        added: u32,
        /// Games the library had, merged.
        merged: u32,
        /// Games with the id of another game here (another game, or another
        /// start), kept beside it under an id of their own.
        beside: u32,
        /// Games left out, and why.
        problems: Vec<String>,
    },
    /// A record or SGF file read.
    Record {
        /// The game.
        kept: Kept,
        /// What of it could not be used.
        notices: Vec<String>,
    },
    /// The text holds several games: a list of buttons, one line on each,
    /// to choose from (`data-pick`: the game's number from 0).
    Choose {
        /// The list's markup.
        markup: String,
    },
    /// A record or SGF file that cannot be read.
    Unreadable {
        /// Why, in words.
        message: String,
    },
    /// A record or SGF file written.
    Written {
        /// Its file name.
        name: String,
        /// Its text.
        text: String,
        /// SGF, not a record.
        sgf: bool,
    },
    /// The library could not do what was asked.
    Failed {
        /// Why, in words.
        message: String,
    },
    /// This browser keeps no library (no IndexedDB, or it refused).
    Unavailable {
        /// Why, in words.
        message: String,
    },
    /// A file given as a backup is not one this version reads (nothing
    /// was imported; the library is as it was).
    NotABackup {
        /// Why, in words.
        message: String,
    },
}

impl Answer {
    /// Whether it tells how a request goes on, not its end: the request
    /// is still under way (the page waits on, and its watchdog starts again).
    #[must_use]
    pub fn is_progress(&self) -> bool {
        matches!(self, Answer::Importing { .. })
    }
}
