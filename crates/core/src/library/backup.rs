//! The backup file: the library's games as JSON, everything each entry
//! holds, so that a backup read back (here, in another browser, or by
//! `ludoteca library`) is the library again.
//!
//! ```json
//! {"format": "ludoteca-library", "version": 1, "exported": 1796407605000,
//!  "games": [{"id": "5f0c…", "text": "?game=loa&moves=b1-b3", "origin": "played",
//!             "created": 1796407000000, "updated": 1796407600000, "starred": true}]}
//! ```
//!
//! Times are milliseconds since 1970, UTC. `text` is the game's saved text:
//! its link query, and after a newline its record when it has comments or
//! a review. Version 1 is the first; a reader refuses a newer version with
//! a message, and reads every game it can of an older or damaged file,
//! naming the games it could not read.

use super::json::{self, Obj};
use super::summary::{self, Summary};
use super::{Entry, valid_id};
use crate::{t, tn};

/// The backup format's name, in its `format` field.
pub const FORMAT: &str = "ludoteca-library";
/// The backup format's version.
pub const VERSION: u32 = 1;
/// The longest game text a backup may hold, in bytes.
pub const MAX_TEXT: usize = 1 << 20;

/// The backup of `games`, made at `now`.
#[must_use]
#[inline(never)]
pub fn write(games: &[Entry], now: f64) -> String {
    let mut backup = Obj::new();
    backup.set_str("format", FORMAT).set_num("version", f64::from(VERSION)).set_num("exported", now.max(0.0).trunc());
    backup.set_list("games", games.iter().map(json::of_entry).collect());
    backup.text(true)
}

/// A backup read back: the games that read, and what was left out, in words.
#[derive(Debug, Default)]
pub struct Contents {
    /// The games, each checked: a valid id and a text that opens a game.
    pub games: Vec<Entry>,
    /// Their summaries (worked out by the check), in the same order.
    pub summaries: Vec<Summary>,
    /// The games left out, and why.
    pub problems: Vec<String>,
}

/// Reads a backup file, every game at once (see [`open`] for a few at a time).
///
/// # Errors
/// Why the file is not a backup this version can read.
#[inline(never)]
pub fn read(text: &str) -> Result<Contents, String> {
    Ok(open(text)?.next(usize::MAX))
}

/// A backup being read: its games checked a batch at a time ([`Reading::next`]),
/// so that a large file is kept in parts, with its progress told.
pub struct Reading {
    games: std::vec::IntoIter<Option<Obj>>,
    total: usize,
    done: usize,
    ids: std::collections::BTreeSet<String>,
}

/// Opens a backup file: its format and version checked, its games to read.
///
/// # Errors
/// Why the file is not a backup this version can read.
#[inline(never)]
pub fn open(text: &str) -> Result<Reading, String> {
    let not = |why: String| t!("This is not a Ludoteca backup: {reason}.", reason = why);
    let backup = Obj::parse(text).map_err(not)?;
    let format = backup.str("format").ok_or_else(|| not(t!("it has no `format`")))?;
    if format != FORMAT {
        return Err(t!("This file's format is “{format}”, not a Ludoteca backup.", format = format));
    }
    let version = backup
        .num("version")
        .filter(|v| v.fract() == 0.0 && *v >= 0.0)
        .ok_or_else(|| not(t!("it has no `version`")))?;
    if version > f64::from(VERSION) {
        return Err(t!(
            "This backup was made by a newer Ludoteca (format version {version}; this one reads up to {known}). Reload the page to update it, then import again.",
            version = version as u64,
            known = VERSION
        ));
    }
    let games = backup.list("games").ok_or_else(|| not(t!("it has no list of `games`")))?;
    Ok(Reading { total: games.len(), games: games.into_iter(), done: 0, ids: std::collections::BTreeSet::new() })
}

impl Reading {
    /// How many games the file holds.
    #[must_use]
    pub fn total(&self) -> usize {
        self.total
    }

    /// How many have been read.
    #[must_use]
    pub fn done(&self) -> usize {
        self.done
    }

    /// Whether every game has been read.
    #[must_use]
    pub fn finished(&self) -> bool {
        self.done == self.total
    }

    /// Checks the next `n` games: those that read, and what was left out
    /// (games are numbered from 1 in the whole file; an id met in an
    /// earlier batch is met twice).
    #[inline(never)]
    pub fn next(&mut self, n: usize) -> Contents {
        let mut contents = Contents::default();
        for game in self.games.by_ref().take(n) {
            self.done += 1;
            let n = self.done;
            let entry = match game.ok_or_else(|| t!("not an object")).and_then(|o| json::entry(&o)) {
                Err(e) => {
                    contents.problems.push(t!("game {number}: {reason}", number = n, reason = e));
                    continue;
                }
                Ok(entry) => entry,
            };
            let problem = if !valid_id(&entry.id) {
                Some(t!("its id is not valid"))
            } else if entry.text.len() > MAX_TEXT {
                Some(tn!(MAX_TEXT, "longer than {n} byte", "longer than {n} bytes"))
            } else if self.ids.contains(&entry.id) {
                Some(t!("the same id twice"))
            } else {
                None
            };
            let summary = if problem.is_none() { summary::summarize(&entry) } else { None };
            match (problem, summary) {
                (Some(why), _) if !valid_id(&entry.id) => {
                    contents.problems.push(t!("game {number}: {reason}", number = n, reason = why));
                }
                (Some(why), _) => {
                    contents.problems.push(t!(
                        "game {number} ({id}): {reason}",
                        number = n,
                        id = entry.id,
                        reason = why
                    ));
                }
                (None, None) => {
                    contents.problems.push(t!(
                        "game {number} ({id}): its text opens no game",
                        number = n,
                        id = entry.id
                    ));
                }
                (None, Some(summary)) => {
                    self.ids.insert(entry.id.clone());
                    contents.games.push(entry);
                    contents.summaries.push(summary);
                }
            }
        }
        contents
    }
}
