//! The game library: every game the player plays, imports or studies, kept
//! in the browser's IndexedDB by a worker of its own, so that nothing is
//! lost and the page's own thread never waits on storage.
//!
//! Plain Rust, tested natively:
//! - [`Entry`]: one game as the library keeps it (its saved text — the
//!   link and, when it has notes, the record: `session::formats::saved` —
//!   and when and where it came from);
//! - `summary`: what a list shows of a game, worked out once per write;
//! - `merge`: a game written again keeps every variation it had;
//! - `listing`: filters, newest first;
//! - `backup`: the backup file, versioned JSON (`json`: the browser's own
//!   JSON in the browser, `serde_json` natively);
//! - `service`: what the library's worker does with a request, over any
//!   [`service::Store`].
//!
//! In the browser: the worker's IndexedDB store (`ludoteca-worker`'s
//! `store`, over [`service`]) and the page's client (the app's
//! `library::client`: the journal, the worker, the other tabs).

pub mod backup;
pub mod json;
pub mod listing;
pub mod merge;
pub mod service;
pub mod summary;
pub mod wire;

use serde::{Deserialize, Serialize};

/// Where a game came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Origin {
    /// Started here, against the computer or between two people.
    Played,
    /// Imported from a record or an SGF file.
    Imported,
    /// Opened from a link, then played or studied.
    Link,
}

impl Origin {
    /// Every origin.
    pub const ALL: [Origin; 3] = [Origin::Played, Origin::Imported, Origin::Link];

    /// One letter, for the page's journal.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Origin::Played => 'p',
            Origin::Imported => 'i',
            Origin::Link => 'l',
        }
    }

    /// Its word in stored entries and backups: `played`, `imported`, `link`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Origin::Played => "played",
            Origin::Imported => "imported",
            Origin::Link => "link",
        }
    }

    /// Reads [`Origin::id`].
    #[must_use]
    pub fn from_id(id: &str) -> Option<Origin> {
        Origin::ALL.into_iter().find(|o| o.id() == id)
    }

    /// Reads [`Origin::letter`].
    #[must_use]
    pub const fn from_letter(letter: char) -> Option<Origin> {
        match letter {
            'p' => Some(Origin::Played),
            'i' => Some(Origin::Imported),
            'l' => Some(Origin::Link),
            _ => None,
        }
    }

    /// In words, for the list (English; in the player's language through
    /// [`crate::i18n::text`]).
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Origin::Played => "played here",
            Origin::Imported => "imported",
            Origin::Link => "opened from a link",
        }
    }
}

/// One game in the library. Times are milliseconds since 1970 (the
/// browser's `Date.now()`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The game's id: random, stable through edits, backups and imports.
    pub id: String,
    /// The saved text (`session::formats::saved`).
    pub text: String,
    /// Where it came from.
    pub origin: Origin,
    /// When it was first kept.
    #[serde(with = "millis")]
    pub created: f64,
    /// When it was last written.
    #[serde(with = "millis")]
    pub updated: f64,
    /// Starred by the player.
    #[serde(default)]
    pub starred: bool,
    /// When the player deleted it: it stays for a day (`service::DELETED_KEPT_MS`), so the
    /// deletion can be undone.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "millis::some")]
    pub deleted: Option<f64>,
    /// How many times it was written: a tab that writes tells which
    /// version it had seen (`service::put`).
    #[serde(default)]
    pub rev: u64,
}

impl Entry {
    /// A new entry.
    #[must_use]
    pub fn new(id: &str, text: &str, origin: Origin, at: f64) -> Entry {
        Entry {
            id: id.to_owned(),
            text: text.to_owned(),
            origin,
            created: at,
            updated: at,
            starred: false,
            deleted: None,
            rev: 1,
        }
    }
}

/// Times are written as whole milliseconds (JSON integers: no float
/// printer in the worker).
mod millis {
    use serde::{Deserialize, Deserializer, Serializer};

    #[allow(clippy::trivially_copy_pass_by_ref)]
    pub fn serialize<S: Serializer>(ms: &f64, to: S) -> Result<S::Ok, S::Error> {
        to.serialize_u64(ms.max(0.0) as u64)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<f64, D::Error> {
        Ok(u64::deserialize(from)? as f64)
    }

    pub mod some {
        use super::*;

        #[allow(clippy::ref_option)]
        pub fn serialize<S: Serializer>(ms: &Option<f64>, to: S) -> Result<S::Ok, S::Error> {
            match ms {
                Some(ms) => to.serialize_some(&(ms.max(0.0) as u64)),
                None => to.serialize_none(),
            }
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Option<f64>, D::Error> {
            Ok(Option::<u64>::deserialize(from)?.map(|ms| ms as f64))
        }
    }
}

/// The longest id the library takes (ids it makes have 16 characters).
pub const MAX_ID: usize = 64;

/// Whether `id` can name a game: 1 to [`MAX_ID`] letters, digits, `-` or `_`.
#[must_use]
pub fn valid_id(id: &str) -> bool {
    (1..=MAX_ID).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The name of the site's library (its IndexedDB database, and the
/// channel on which its tabs hear of each other's writes): the site's
/// folder in it, so that two copies of the site on one origin keep two.
#[must_use]
pub fn library_name(folder: &str) -> String {
    format!("ludoteca games {folder}")
}

/// A new game id from 64 random bits.
#[must_use]
pub fn new_id(random: u64) -> String {
    format!("{random:016x}")
}

#[cfg(test)]
mod tests;
