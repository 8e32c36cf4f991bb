//! The library's list: which games a filter keeps, newest first, and dates
//! in words.

use serde::{Deserialize, Serialize};

use super::summary::{Opponent, Standing, Summary};
/// A date as the CLI and the backup files write it (kept here too for them).
pub use crate::i18n::intl::date_text;

/// What the list shows. Every field is the value of one of the page's
/// controls; an empty string (or `false`) keeps every game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Filter {
    /// A game's id in links (`loa`, `forms`, `attract`, `ra`).
    pub game: String,
    /// `playing` or `finished`.
    pub state: String,
    /// `won`, `lost` or `drawn` (from the person's side; between two people, Black's).
    pub result: String,
    /// `computer` or `friend`.
    pub opponent: String,
    /// Only starred games.
    pub starred: bool,
    /// Words to find in the game's name, players, result or origin.
    pub text: String,
}

impl Filter {
    /// Whether `game` passes.
    #[must_use]
    pub fn keeps(&self, game: &Summary, words: &[String]) -> bool {
        let standing = match self.result.as_str() {
            "won" => Some(Standing::Won),
            "lost" => Some(Standing::Lost),
            "drawn" => Some(Standing::Drawn),
            _ => None,
        };
        let opponent = match self.opponent.as_str() {
            "computer" => Some(Opponent::Computer),
            "friend" => Some(Opponent::Friend),
            _ => None,
        };
        !game.deleted
            && (self.game.is_empty() || game.game == self.game)
            && match self.state.as_str() {
                "playing" => game.standing == Standing::Playing,
                "finished" => game.standing != Standing::Playing,
                _ => true,
            }
            && standing.is_none_or(|s| game.standing == s)
            && opponent.is_none_or(|o| game.opponent == o)
            && (!self.starred || game.starred)
            && (words.is_empty() || {
                let hay = game.haystack();
                words.iter().all(|w| hay.contains(w.as_str()))
            })
    }

    /// Whether it keeps every game.
    #[must_use]
    pub fn is_open(&self) -> bool {
        *self == Filter::default()
    }
}

/// The games `filter` keeps, newest first (last written first).
#[must_use]
pub fn select<'a>(games: impl Iterator<Item = &'a Summary>, filter: &Filter) -> Vec<&'a Summary> {
    let words: Vec<String> = filter.text.to_ascii_lowercase().split_whitespace().map(str::to_owned).collect();
    let mut kept: Vec<&Summary> = games.filter(|g| filter.keeps(g, &words)).collect();
    kept.sort_by(|a, b| b.updated.total_cmp(&a.updated).then_with(|| a.id.cmp(&b.id)));
    kept
}
