//! Rule options: named `key=value` settings of a game, as written in a game
//! spec such as `loa:simultaneous=mover`.

use std::fmt;

pub use crate::conflict::Conflict;
use crate::error::quote;

/// A description of one rule option, for `ludoteca games` and the app's dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionInfo {
    /// The key in a game spec.
    pub key: &'static str,
    /// The values it accepts, as the user writes them.
    pub values: &'static [&'static str],
    /// The default value.
    pub default: &'static str,
    /// One line on what it does.
    pub help: &'static str,
}

/// The rule options of one game.
pub trait RuleOptions: Clone + Default + PartialEq + Eq + fmt::Debug {
    /// Every option this game has.
    const INFO: &'static [OptionInfo];

    /// Sets `key` to `value`.
    ///
    /// # Errors
    /// [`OptionError`] when the key is unknown or the value not accepted.
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError>;

    /// The current value of `key` as written in a spec, or `None` for an unknown key.
    fn get(&self, key: &str) -> Option<String>;

    /// Whether the options go together, once all are set.
    ///
    /// # Errors
    /// [`OptionError::Combination`] naming the options that do not.
    fn check(&self) -> Result<(), OptionError> {
        Ok(())
    }

    /// The options that differ from the defaults, as `key=value` pairs in [`RuleOptions::INFO`] order.
    fn non_default(&self) -> Vec<(&'static str, String)> {
        Self::INFO
            .iter()
            .filter_map(|info| {
                let value = self.get(info.key)?;
                (value != info.default).then_some((info.key, value))
            })
            .collect()
    }
}

/// Why a rule option could not be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// The game has no such option.
    UnknownKey {
        /// The key as written.
        key: String,
        /// The keys the game has.
        known: Vec<&'static str>,
    },
    /// The value is not one the option accepts.
    BadValue {
        /// The option.
        key: &'static str,
        /// The value as written.
        value: String,
        /// The accepted values.
        accepted: &'static [&'static str],
    },
    /// Each option is right, but they do not go together.
    Combination {
        /// Why not.
        reason: Conflict,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::UnknownKey { key, known } if known.is_empty() => {
                write!(f, "unknown option {}: this game has no options", quote(key))
            }
            OptionError::UnknownKey { key, known } => {
                write!(f, "unknown option {} (options: {})", quote(key), known.join(", "))
            }
            OptionError::BadValue { key, value, accepted } => {
                write!(f, "option {key} cannot be {} (one of: {})", quote(value), accepted.join(", "))
            }
            OptionError::Combination { reason } => reason.fmt(f),
        }
    }
}

impl std::error::Error for OptionError {}

/// Checks `value` against `info`'s accepted values and returns its index there.
///
/// # Errors
/// [`OptionError::BadValue`] when it is not one of them.
pub fn choose(info: &OptionInfo, value: &str) -> Result<usize, OptionError> {
    info.values.iter().position(|accepted| *accepted == value).ok_or_else(|| OptionError::BadValue {
        key: info.key,
        value: value.to_owned(),
        accepted: info.values,
    })
}

/// The [`OptionError::UnknownKey`] error for a game whose options are `info`.
#[must_use]
pub fn unknown_key(info: &[OptionInfo], key: &str) -> OptionError {
    OptionError::UnknownKey { key: key.to_owned(), known: info.iter().map(|i| i.key).collect() }
}
