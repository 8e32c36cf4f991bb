//! The game library's side of the page state: the old saved game moved
//! into it, its worker started after the first board, the games other tabs
//! write followed, the lists asked for, and what the library answers.

use leptos::prelude::*;

use crate::library::client::{self, Library};
use crate::web;
use ludoteca_core::library::listing::Filter;
use ludoteca_core::library::wire::{Answer, Ask};
use ludoteca_core::library::{Origin, new_id};
use ludoteca_core::session::formats::saved::Kept;
use ludoteca_core::session::formats::url::{self, Route};
use ludoteca_core::{t, tn};

use super::{AppState, Page, SAVED_GAME, UNREADABLE_GAME};

/// When the last backup of every game was downloaded (ms), in local storage.
pub const BACKED_UP: &str = "ludoteca.backed-up";
/// Why the page asked the library for a game's text.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Opening {
    /// The player opened it from a list.
    List,
    /// The page was reloaded on it: its comments and review come back.
    Reload,
    /// Another tab wrote it: this tab shows what was written.
    Follow,
}

/// How many games My games shows at first, and more at each *Show more*
/// (a list of 200 rows with their pictures took 170-250 ms of the main
/// thread at 4x CPU to draw); the home page's games in progress.
pub const LIST_PAGE: u32 = 50;
const HOME_ROWS: u32 = 4;
/// How many reasons for games left out of an import are shown, at most.
const MAX_PROBLEMS_SHOWN: usize = 10;
/// How many games never backed up make My games suggest a backup.
const BACKUP_DUE: u32 = 20;

impl AppState {
    /// Moves the one saved game of the builds before the library into the
    /// journal (so into the library when it starts); one that opens no game
    /// is kept aside for the player (`UNREADABLE_GAME`), never dropped.
    pub fn migrate_saved_game(self) {
        let Some(old) = web::load(SAVED_GAME) else { return };
        let link = old.split('\n').next().unwrap_or_default();
        let moved = match url::decode(link) {
            // A page merely opened (older builds kept those): no game to keep.
            Route::Play { tree, .. } if tree.is_empty() => true,
            Route::Play { .. } => {
                client::journal(&new_id(web::random_seed()), js_sys::Date::now(), Origin::Played, &old)
            }
            _ => {
                let kept = web::save(UNREADABLE_GAME, &old);
                if kept {
                    self.shelf.aside.set(web::keys(UNREADABLE_GAME));
                }
                self.home_notices.update(|n| {
                    n.push(if kept {
                        t!("Your saved game could not be read. It is kept aside: download it or delete it below.")
                    } else {
                        t!("Your saved game could not be read; it stays stored as it was.")
                    });
                });
                kept
            }
        };
        // The old slot goes only once its game is stored elsewhere.
        if moved {
            web::forget(SAVED_GAME);
        }
    }

    /// Starts the library's worker, once the first board is shown: hands it
    /// what closed tabs left in the journal, and listens to the other tabs.
    pub fn start_library(self) {
        self.library.with_value(|l| {
            l.replay_journal();
            l.start();
            l.listen(move |id| self.follow(&id));
        });
        // The page shown after a reload gets back what its link cannot hold.
        if let Some(id) = self.pending.with_value(|p| p.game.clone())
            && self.page.get_untracked() == Page::Play
        {
            self.ask_game(id, Opening::Reload);
        }
    }

    /// Another tab wrote game `id`: this tab follows if it shows it.
    fn follow(self, id: &str) {
        if self.page.get_untracked() == Page::Play && self.pending.with_value(|p| p.game.as_deref() == Some(id)) {
            self.ask_game(id.to_owned(), Opening::Follow);
        } else if matches!(self.page.get_untracked(), Page::Home | Page::Games) {
            self.relist();
        }
    }

    fn ask_game(self, id: String, why: Opening) {
        self.pending.update_value(|p| p.opening = Some((id.clone(), why)));
        self.library.with_value(|l| l.ask(Ask::Get { id }));
    }

    /// Opens game `id` of the library.
    pub fn open_game(self, id: String) {
        self.ask_game(id, Opening::List);
    }

    /// Sends a request to the library.
    pub fn ask_library(self, ask: Ask) {
        self.library.with_value(|l| l.ask(ask));
    }

    /// When the last backup of every game was downloaded (0: never).
    fn backed_up() -> f64 {
        web::load(BACKED_UP).and_then(|t| t.parse::<u64>().ok()).map_or(0.0, |ms| ms as f64)
    }

    fn offset_min() -> i32 {
        js_sys::Date::new_0().get_timezone_offset() as i32
    }

    /// Lists My games, with `filter` (`None`: the last one, as many rows
    /// as shown; a new filter shows its first page).
    pub fn list_games(self, filter: Option<Filter>) {
        let asked = self.pending.try_update_value(|p| {
            if let Some(f) = filter {
                p.filter = f;
                p.list_rows = LIST_PAGE;
            }
            (p.filter.clone(), p.list_rows)
        });
        if let Some((filter, limit)) = asked {
            let offset_min = Self::offset_min();
            let backed_up = Self::backed_up();
            self.ask_library(Ask::List { filter, limit, compact: false, offset_min, backed_up });
        }
    }

    /// My games shows a page more of the games its filter finds.
    pub fn show_more_games(self) {
        self.pending.update_value(|p| p.list_rows = p.list_rows.saturating_add(LIST_PAGE));
        self.list_games(None);
    }

    /// Lists the home page's games in progress.
    pub fn list_home(self) {
        let filter = Filter { state: "playing".to_owned(), ..Filter::default() };
        let (offset_min, backed_up) = (Self::offset_min(), Self::backed_up());
        self.ask_library(Ask::List { filter, limit: HOME_ROWS, compact: true, offset_min, backed_up });
    }

    fn relist(self) {
        match self.page.get_untracked() {
            Page::Games => self.list_games(None),
            Page::Home => self.list_home(),
            _ => {}
        }
    }

    /// Reads the import text in the library's worker (game `pick` of
    /// several): the dialog stays open while it reads (`Some("")`), shows
    /// why if the text cannot be read or the games to choose from, and
    /// closes once the game opened (`None`).
    pub fn read_import(self, pick: Option<u32>) {
        self.import.error.set(Some(String::new()));
        self.import.choices.set(String::new());
        let screen = self.session.with_untracked(|s| s.tree().spec().to_string());
        self.ask_library(Ask::ReadRecord { text: self.import.text.get_untracked(), screen, pick });
    }

    /// What the library answered.
    pub(super) fn on_library(self, answer: Answer) {
        let note = move |text: String| self.shelf.messages.update(|n| n.push(text));
        match answer {
            Answer::Opened { skipped, .. } => {
                for what in skipped {
                    let text = t!("The library skipped {what}: the other games are as they were.", what = what);
                    self.home_notices.update(|n| n.push(text.clone()));
                    note(text);
                }
            }
            Answer::Saved { id, at, rev } => {
                Library::kept(&id, at);
                // A game a closed tab left behind, now in the list.
                if matches!(self.page.get_untracked(), Page::Home | Page::Games) {
                    self.relist();
                }
                self.pending.update_value(|p| {
                    if p.game.as_deref() == Some(id.as_str()) {
                        p.rev = Some(rev);
                    }
                });
            }
            Answer::Game { id, kept, rev, .. } if self.took_friend_game(&id, kept.as_ref(), rev) => {}
            Answer::Game { id, kept, notices, rev } => self.on_game(id, kept, notices, rev),
            Answer::NotKept { id, message } => self.keep_aside(&id, &message),
            Answer::Record { kept, notices } => {
                self.import.error.set(None);
                self.open_kept(kept, notices, true);
                self.imported();
            }
            Answer::Unreadable { message } => self.import.error.set(Some(message)),
            Answer::Choose { markup } => {
                self.import.error.set(Some(t!("This text holds several games: choose one.")));
                self.import.choices.set(markup);
            }
            Answer::Written { name, text, sgf } => {
                let kind = if sgf { "application/x-go-sgf" } else { "text/plain;charset=utf-8" };
                web::download_text(&name, kind, &text);
            }
            Answer::Listed { markup, count, total, unsaved, compact } => {
                if compact {
                    self.shelf.home_rows.set(markup);
                } else {
                    self.shelf.rows.set(markup);
                    let shown = self.pending.with_value(|p| p.list_rows).min(count);
                    self.shelf.more.set(count - shown);
                    self.shelf.count_line.set(match (count, total) {
                        (_, 0) => t!("No games yet: every game you play is kept here."),
                        (c, t) if c == t && shown == c => tn!(t, "{n} game", "{n} games"),
                        (c, t) if c == t => {
                            tn!(
                                t,
                                "{n} game, the newest {shown} shown",
                                "{n} games, the newest {shown} shown",
                                shown = shown
                            )
                        }
                        (c, t) if shown == c => tn!(t, "{count} of {n} game", "{count} of {n} games", count = c),
                        (c, t) => tn!(
                            t,
                            "{count} of {n} game, the newest {shown} shown",
                            "{count} of {n} games, the newest {shown} shown",
                            count = c,
                            shown = shown
                        ),
                    });
                    self.shelf.backup_due.set(unsaved >= BACKUP_DUE);
                }
            }
            Answer::Changed => self.relist(),
            Answer::Backup { name, text, all, sgf } => {
                web::download_text(&name, if sgf { "application/x-go-sgf" } else { "application/json" }, &text);
                if all {
                    web::save(BACKED_UP, &(js_sys::Date::now() as u64).to_string());
                }
                self.relist();
            }
            // The progress line replaces the last: one line while it reads.
            Answer::Importing { done, total } => self.shelf.messages.set(vec![tn!(
                total,
                "Reading the backup: {done} of {n} game read and kept so far…",
                "Reading the backup: {done} of {n} games read and kept so far…",
                done = done
            )]),
            Answer::Imported { added, merged, beside, problems } => {
                self.shelf.messages.set(Vec::new());
                note(tn!(
                    added,
                    "Backup read: {n} new game, {merged} merged.",
                    "Backup read: {n} new games, {merged} merged.",
                    merged = merged
                ));
                if beside > 0 {
                    note(tn!(
                        beside,
                        "{n} game had the id of another game here: it is kept beside it, as a game of its own.",
                        "{n} games had the id of other games here: they are kept beside them, as games of their own."
                    ));
                }
                // The first reasons, and how many more (a damaged file may
                // name thousands).
                let more = problems.len().saturating_sub(MAX_PROBLEMS_SHOWN);
                for problem in problems.into_iter().take(MAX_PROBLEMS_SHOWN) {
                    note(t!("Left out: {problem}.", problem = problem));
                }
                if more > 0 {
                    note(tn!(more, "…and {n} more game left out.", "…and {n} more games left out."));
                }
                self.relist();
            }
            Answer::Failed { message } => {
                self.storage_was_refused();
                note(message);
            }
            // The file's reason alone: what an earlier import said is past.
            Answer::NotABackup { message } => self.shelf.messages.set(vec![message]),
            Answer::Unavailable { message } => {
                self.friend_link_without_library();
                self.storage_refused_because(&message);
                self.shelf.messages.set(vec![message]);
            }
        }
    }

    /// A game the library sent, asked for to open it (from the list, after a
    /// reload, or from a link's id); `None` when it is no longer there.
    /// A game the library cannot keep for what it is: its journal entry
    /// moves aside (the home page offers it for download), and the page
    /// says why, not that the storage refused.
    fn keep_aside(self, id: &str, why: &str) {
        let key = format!("{}{id}", client::JOURNAL);
        let aside = web::load(&key).and_then(|entry| client::read_journal(&entry).map(|(_, _, text)| text.to_owned()));
        let aside_key = format!("{UNREADABLE_GAME}.{id}");
        if let Some(text) = aside
            && web::save(&aside_key, &text)
        {
            web::forget(&key);
            self.shelf.aside.update(|keys| {
                if !keys.contains(&aside_key) {
                    keys.push(aside_key);
                }
            });
        }
        // Said as a storage refusal is (once, beside the board, with a
        // download of the game), with the true reason; and on the home page.
        let message = t!("{reason}: it is not kept in My games (the home page offers it for download).", reason = why);
        self.storage_refused_because(&message);
        self.home_notices.update(|n| {
            if !n.contains(&message) {
                n.push(message);
            }
        });
    }

    fn on_game(self, id: String, kept: Option<Kept>, notices: Vec<String>, rev: u64) {
        let why = self.pending.try_update_value(|p| p.opening.take_if(|(asked, _)| *asked == id)).flatten();
        let (Some((_, why)), Some(kept)) = (why, kept) else {
            if self.page.get_untracked() == Page::Games {
                self.shelf.messages.update(|n| n.push(t!("That game is no longer in the library.")));
            }
            return;
        };
        // After a reload, the library's version counts only when it is
        // the game the link shows (a later write merges with it
        // otherwise), and it is opened only for what the link lacks.
        if why == Opening::Reload {
            if kept.query == web::query() {
                self.pending.update_value(|p| p.rev = Some(rev));
                if !kept.notes.is_empty() {
                    self.open_kept(kept, notices, false);
                    self.pending.update_value(|p| p.save = None);
                }
            }
            return;
        }
        // Another tab wrote what this tab already shows (this very tab's
        // write, seen again after a reload): nothing to open, and a piece
        // the player has just picked up stays picked up.
        if why == Opening::Follow && notices.is_empty() && self.session.with_untracked(|s| s.kept() == kept) {
            self.pending.update_value(|p| p.rev = Some(rev));
            return;
        }
        self.open_kept(kept, notices, why == Opening::List);
        self.pending.update_value(|p| {
            p.game = Some(id);
            p.rev = Some(rev);
            // Opening a game writes nothing (its review's verdicts
            // come back into the session, which would).
            p.save = None;
        });
    }
}
