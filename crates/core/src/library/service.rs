//! What the library's worker does, as plain functions over its entries:
//! the list it keeps in memory (every game's summary, read once at start),
//! a write merged with what was kept, an import merged game by game, and
//! the list's rows. The worker's `store` does the reading and writing.

use std::collections::BTreeMap;

use super::json;
use super::listing::{self, Filter};
use super::merge::{merge, same_game};
use super::summary::{self, Summary};
use super::wire::Answer;
use super::{Entry, Origin, backup, valid_id};
use crate::markup;
use crate::session::formats::saved::{self, Kept};
use crate::session::formats::url::{self, Route};
use crate::session::formats::{paste, record, sgf};
use rules::{GameKind, GameSpec};

use crate::{t, tn};

/// The longest game text the library keeps, in bytes.
pub const MAX_TEXT: usize = backup::MAX_TEXT;

/// How long a deleted game stays in the library, for its Undo: a day. (Not
/// "until the next start": any other tab starting would end every Undo.)
pub const DELETED_KEPT_MS: f64 = 24.0 * 60.0 * 60.0 * 1000.0;

/// Every game's summary, by id.
#[derive(Debug, Default)]
pub struct Library {
    games: BTreeMap<String, Summary>,
}

impl Library {
    /// The library whose stored summaries are `stored` (id, JSON); what
    /// cannot be read is named in the second list and left out.
    #[must_use]
    #[inline(never)]
    pub fn load(stored: impl IntoIterator<Item = (String, String)>) -> (Library, Vec<String>) {
        let mut library = Library::default();
        let mut skipped = Vec::new();
        for (id, json) in stored {
            match json::Obj::parse(&json).and_then(|o| json::summary(&o)) {
                Ok(summary) if summary.id == id => {
                    library.games.insert(id, summary);
                }
                _ => skipped.push(id),
            }
        }
        (library, skipped)
    }

    /// How many games it holds (deleted ones too, for a day).
    #[must_use]
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether it holds no game.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// The games marked deleted: those deleted [`DELETED_KEPT_MS`] ago or
    /// more go for good when a library opens.
    #[must_use]
    pub fn deleted(&self) -> Vec<String> {
        self.games.values().filter(|g| g.deleted).map(|g| g.id.clone()).collect()
    }

    /// Every game's id (deleted ones too, for a day).
    #[must_use]
    pub fn ids(&self) -> Vec<String> {
        self.games.keys().cloned().collect()
    }

    /// The games whose summaries were kept before the list's pictures
    /// (version 1 of the summary), to be worked out again.
    #[must_use]
    pub fn unpictured(&self) -> Vec<String> {
        self.games.values().filter(|g| !g.pictured()).map(|g| g.id.clone()).collect()
    }

    /// Keeps a summary worked out again for its picture or its language,
    /// unless the game has gone or has been written since with both.
    pub fn keep_pictured(&mut self, summary: Summary) {
        if self.games.get(&summary.id).is_some_and(|g| !g.pictured() || g.lang != summary.lang) {
            self.games.insert(summary.id.clone(), summary);
        }
    }

    /// The games whose summaries are written in another language than
    /// `lang` (the player chose another since they were kept).
    #[must_use]
    pub fn worded_otherwise(&self, lang: crate::i18n::Lang) -> Vec<String> {
        self.games.values().filter(|g| !g.worded_in(lang)).map(|g| g.id.clone()).collect()
    }

    /// Forgets a game.
    pub fn remove(&mut self, id: &str) {
        self.games.remove(id);
    }

    /// Keeps a game's new summary.
    pub fn keep(&mut self, summary: Summary) {
        self.games.insert(summary.id.clone(), summary);
    }

    /// The list's rows for `filter`; `backed_up` is when the last backup
    /// of every game was made (0: never), to count the games changed since.
    #[must_use]
    #[inline(never)]
    pub fn list(&self, filter: &Filter, limit: u32, compact: bool, offset_min: i32, backed_up: f64) -> Answer {
        let kept = listing::select(self.games.values(), filter);
        let shown = &kept[..kept.len().min(limit as usize)];
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Answer::Listed {
            markup: markup::library::rows(shown, offset_min, compact).into_string(),
            count: count(kept.len()),
            total: count(self.games.values().filter(|g| !g.deleted).count()),
            unsaved: count(self.games.values().filter(|g| !g.deleted && g.updated > backed_up).count()),
            compact,
        }
    }
}

/// Why `kept` is too long for the library to keep, whatever it holds:
/// its saved text over [`MAX_TEXT`] (a game kept by an older version, or
/// its journal).
#[must_use]
pub fn too_long(kept: &Kept) -> Option<String> {
    let length = saved::text_of(kept).len();
    (length > MAX_TEXT).then(|| {
        t!(
            "This game is {size} KB long with its comments and marks, and the library keeps games of at most {max} KB",
            size = crate::i18n::intl::count((length.div_ceil(1024)) as u64),
            max = crate::i18n::intl::count((MAX_TEXT / 1024) as u64)
        )
    })
}

/// The longest text read as a record, move list or SGF file (a collection
/// of a few thousand games); longer, it is refused with its length.
pub const MAX_RECORD_BYTES: usize = 4 << 20;

/// What pasted text (a record, a move list, an SGF file) holds, as the page
/// opens it: the game (game `pick` of several), a list of the games to
/// choose from, or why it cannot be read. `screen` is the spec of the game
/// on screen, assumed for a move list that names none.
#[inline(never)]
#[must_use]
pub fn read_record(text: &str, screen: &str, pick: Option<u32>) -> Answer {
    if text.len() > MAX_RECORD_BYTES {
        let message = t!(
            "This text is {size} KB long; a record, move list or SGF file of at most {max} KB can be read.",
            size = crate::i18n::intl::count((text.len().div_ceil(1024)) as u64),
            max = crate::i18n::intl::count((MAX_RECORD_BYTES / 1024) as u64)
        );
        return Answer::Unreadable { message };
    }
    let screen = screen.parse::<GameSpec>().unwrap_or_else(|_| GameSpec::default_for(GameKind::Loa));
    let on_screen = crate::i18n::text(paste::ON_SCREEN);
    if pick.is_none() && paste::count(text) > 1 {
        return Answer::Choose {
            markup: markup::library::choices(&paste::labels(text, &screen, &on_screen)).into_string(),
        };
    }
    match paste::read(text, &screen, &on_screen, pick.unwrap_or_default() as usize) {
        Ok(p) => {
            let kept = saved::kept_in_link_order(&p.tree, &p.seats, &p.verdicts);
            // Refused here, with the true reason, rather than opened and
            // then never kept (the library takes games of at most MAX_TEXT).
            let length = saved::text_of(&kept).len();
            if length > MAX_TEXT {
                let message = t!(
                    "This game is {size} KB long with its comments and marks; a game of at most {max} KB can be kept. Shorten its comments and read it again.",
                    size = crate::i18n::intl::count((length.div_ceil(1024)) as u64),
                    max = crate::i18n::intl::count((MAX_TEXT / 1024) as u64)
                );
                return Answer::Unreadable { message };
            }
            Answer::Record { kept, notices: p.notices }
        }
        Err(message) => Answer::Unreadable { message },
    }
}

/// A kept game written as a record, or (Lines of Action) as SGF: the file's name and text.
///
/// # Errors
/// Why: the link opens no game, or SGF for another game.
#[inline(never)]
pub fn write_record(kept: &Kept, sgf: bool) -> Result<(String, String), String> {
    let Route::Play { mut tree, seats, .. } = url::decode(&kept.query) else {
        return Err(t!("This game cannot be written."));
    };
    let verdicts = saved::apply_notes(&mut tree, kept.notes.clone());
    let kind = tree.spec().kind();
    if sgf {
        if kind != GameKind::Loa {
            return Err(t!("SGF is written for Lines of Action only."));
        }
        Ok((format!("ludoteca-{}.sgf", kind.id()), sgf::write(&tree, &seats)))
    } else {
        Ok((format!("ludoteca-{}.txt", kind.id()), record::write(&tree, &seats, &verdicts)))
    }
}

/// The entry to keep when the page writes `kept` for game `id` at `at`,
/// having seen version `base` of it (`None`: it had seen none). A tab that
/// had seen the stored version replaces it (its moves taken back stay taken
/// back); a tab that had not (another tab wrote since, or a closed tab's
/// journal) is merged with it (`merge`): its main line leads, and nothing
/// of the stored game is lost. The stored origin, star and creation stay.
///
/// # Errors
/// Why the game cannot be kept (a bad id, too long, no game).
#[inline(never)]
pub fn put(
    stored: Option<Entry>,
    id: &str,
    kept: &Kept,
    origin: Origin,
    at: f64,
    base: Option<u64>,
) -> Result<(Entry, Summary), String> {
    let text = saved::text_of(kept);
    if !valid_id(id) {
        return Err(t!("a game with an invalid id"));
    }
    if text.len() > MAX_TEXT {
        return Err(tn!(MAX_TEXT, "a game longer than {n} byte", "a game longer than {n} bytes"));
    }
    let entry = match stored {
        Some(mut entry) => {
            entry.text = if base == Some(entry.rev) {
                text
            } else if at >= entry.updated {
                merge(&entry.text, &text)
            } else {
                merge(&text, &entry.text)
            };
            entry.updated = entry.updated.max(at);
            entry.deleted = None;
            entry.rev += 1;
            entry
        }
        None => Entry::new(id, &text, origin, at),
    };
    let summary = summary::summarize(&entry).ok_or_else(|| t!("a game whose text opens no game"))?;
    Ok((entry, summary))
}

/// What importing one game of a backup does.
#[derive(Clone, Debug, PartialEq)]
pub enum Imported {
    /// A game the library did not have.
    Added(Entry, Summary),
    /// A game the library had, merged with it.
    Merged(Entry, Summary),
    /// Another game with the id of one the library has: kept beside it,
    /// under a new id. Two different games are never made one.
    Beside(Entry, Summary),
    /// Nothing the library does not have.
    Known,
}

/// What importing `incoming` (its summary `checked` when the backup was
/// read) does over `stored`, the library's game of that id; `fresh_id`
/// names a game kept beside; an error names a game left out.
pub fn import_one(
    stored: Option<&Entry>,
    mut incoming: Entry,
    mut checked: Summary,
    fresh_id: impl FnOnce() -> String,
) -> Result<Imported, String> {
    let Some(stored) = stored else { return Ok(Imported::Added(incoming, checked)) };
    if !same_game(&stored.text, &incoming.text) {
        let id = fresh_id();
        incoming.id.clone_from(&id);
        checked.id = id;
        return Ok(Imported::Beside(incoming, checked));
    }
    let Some(entry) = combine(Some(stored), incoming) else { return Ok(Imported::Known) };
    match summary::summarize(&entry) {
        Some(summary) => Ok(Imported::Merged(entry, summary)),
        None => Err(t!("game {id}: its text opens no game", id = entry.id)),
    }
}

/// What importing `incoming` over `stored` keeps: `None` when the library
/// already has all of it. The newer text leads (`merge`); a star on either
/// side stays; the earlier creation and the later write are kept.
#[must_use]
#[inline(never)]
pub fn combine(stored: Option<&Entry>, incoming: Entry) -> Option<Entry> {
    let Some(stored) = stored else { return Some(incoming) };
    let text = if incoming.updated > stored.updated {
        merge(&stored.text, &incoming.text)
    } else {
        merge(&incoming.text, &stored.text)
    };
    let entry = Entry {
        text,
        created: stored.created.min(incoming.created),
        updated: stored.updated.max(incoming.updated),
        starred: stored.starred || incoming.starred,
        deleted: stored.deleted,
        rev: stored.rev + 1,
        ..stored.clone()
    };
    (Entry { rev: stored.rev, ..entry.clone() } != *stored).then_some(entry)
}

/// The backup's file name for games exported at `at`: `ludoteca-games-2026-12-04.json`,
/// or with the game's id for one game; `.sgf` for an SGF collection.
#[must_use]
pub fn backup_name(id: Option<&str>, at: f64, offset_min: i32, sgf: bool) -> String {
    let day = listing::date_text(at, offset_min);
    let day = day.split(' ').next().unwrap_or_default();
    let extension = if sgf { "sgf" } else { "json" };
    match id {
        Some(id) => format!("ludoteca-game-{id}-{day}.{extension}"),
        None if sgf => format!("ludoteca-loa-games-{day}.{extension}"),
        None => format!("ludoteca-games-{day}.{extension}"),
    }
}

/// The Lines of Action games among `games` as one SGF collection (each game
/// a tree, one after the other), and how many there were.
#[must_use]
#[inline(never)]
pub fn sgf_collection(games: &[Entry]) -> (String, usize) {
    let mut out = String::new();
    let mut count = 0;
    for game in games {
        let (kept, _) = saved::kept_of(&game.text);
        if let Ok((_, text)) = write_record(&kept, true) {
            out.push_str(&text);
            count += 1;
        }
    }
    (out, count)
}
