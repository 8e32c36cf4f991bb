//! Runtime dispatch over the games, for the app and the CLI: a [`GameKind`]
//! discriminant, a [`GameSpec`] (kind plus rule options, written like
//! `loa:simultaneous=mover`) and an [`AnyGame`] position.

use std::fmt;
use std::str::FromStr;

use crate::attract::{Attract, AttractOptions};
use crate::error::{MoveError, PositionError, quote};
use crate::forms::{Forms, FormsOptions};
use crate::game::{ByPlayer, Game, Outcome, Player};
use crate::loa::{Loa, LoaOptions};
use crate::options::{OptionError, OptionInfo, RuleOptions};
use crate::perft;
use crate::ra::{Ra, RaOptions};

/// Calls `$body` with `$g` bound to the game inside an [`AnyGame`].
macro_rules! dispatch {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            AnyGame::Attract($g) => $body,
            AnyGame::Forms($g) => $body,
            AnyGame::Ra($g) => $body,
            AnyGame::Loa($g) => $body,
        }
    };
}

/// Calls `$body` with `$o` bound to the options inside a [`GameSpec`].
macro_rules! dispatch_spec {
    ($spec:expr, $o:ident => $body:expr) => {
        match $spec {
            GameSpec::Attract($o) => $body,
            GameSpec::Forms($o) => $body,
            GameSpec::Ra($o) => $body,
            GameSpec::Loa($o) => $body,
        }
    };
}

/// Which game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Attract.
    Attract,
    /// Forms (standard and advanced rules).
    Forms,
    /// RA.
    Ra,
    /// Lines of Action.
    Loa,
}

impl GameKind {
    /// Every game, in the order the app lists them.
    pub const ALL: [GameKind; 4] = [GameKind::Attract, GameKind::Forms, GameKind::Ra, GameKind::Loa];

    /// The id used in game specs and URLs.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            GameKind::Attract => "attract",
            GameKind::Forms => "forms",
            GameKind::Ra => "ra",
            GameKind::Loa => "loa",
        }
    }

    /// The game's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Attract => "Attract",
            GameKind::Forms => "Forms",
            GameKind::Ra => "RA",
            GameKind::Loa => "Lines of Action",
        }
    }

    /// The rule options the game has.
    #[must_use]
    pub const fn options(self) -> &'static [OptionInfo] {
        match self {
            GameKind::Attract => AttractOptions::INFO,
            GameKind::Forms => FormsOptions::INFO,
            GameKind::Ra => RaOptions::INFO,
            GameKind::Loa => LoaOptions::INFO,
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// Why a game spec could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// No game has this id.
    UnknownGame {
        /// The id as written.
        id: String,
    },
    /// An option is not written `key=value`.
    NotKeyValue {
        /// The text as written.
        text: String,
    },
    /// The same option twice.
    Duplicate {
        /// The key.
        key: String,
    },
    /// The option itself is wrong.
    Option(OptionError),
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::UnknownGame { id } => {
                let known: Vec<&str> = GameKind::ALL.iter().map(|k| k.id()).collect();
                write!(f, "unknown game {} (games: {})", quote(id), known.join(", "))
            }
            SpecError::NotKeyValue { text } => write!(f, "option {} is not written key=value", quote(text)),
            SpecError::Duplicate { key } => write!(f, "option {} is given twice", quote(key)),
            SpecError::Option(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SpecError {}

/// A game and its rule options: `ID[:KEY=VALUE[,KEY=VALUE]…]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSpec {
    /// Attract.
    Attract(AttractOptions),
    /// Forms.
    Forms(FormsOptions),
    /// RA.
    Ra(RaOptions),
    /// Lines of Action.
    Loa(LoaOptions),
}

impl GameSpec {
    /// The default options of `kind`.
    #[must_use]
    pub fn default_for(kind: GameKind) -> GameSpec {
        match kind {
            GameKind::Attract => GameSpec::Attract(AttractOptions::default()),
            GameKind::Forms => GameSpec::Forms(FormsOptions::default()),
            GameKind::Ra => GameSpec::Ra(RaOptions::default()),
            GameKind::Loa => GameSpec::Loa(LoaOptions::default()),
        }
    }

    /// Which game.
    #[must_use]
    pub const fn kind(&self) -> GameKind {
        match self {
            GameSpec::Attract(_) => GameKind::Attract,
            GameSpec::Forms(_) => GameKind::Forms,
            GameSpec::Ra(_) => GameKind::Ra,
            GameSpec::Loa(_) => GameKind::Loa,
        }
    }

    /// Sets one rule option.
    ///
    /// # Errors
    /// [`OptionError`] for an unknown key or a bad value.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        dispatch_spec!(self, o => o.set(key, value))
    }

    /// The value of one option, or `None` for an unknown key.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<String> {
        dispatch_spec!(self, o => o.get(key))
    }

    fn non_default(&self) -> Vec<(&'static str, String)> {
        dispatch_spec!(self, o => o.non_default())
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> AnyGame {
        match *self {
            GameSpec::Attract(o) => AnyGame::Attract(Attract::new(o)),
            GameSpec::Forms(o) => AnyGame::Forms(Forms::new(o)),
            GameSpec::Ra(o) => AnyGame::Ra(Ra::new(o)),
            GameSpec::Loa(o) => AnyGame::Loa(Loa::new(o)),
        }
    }

    /// A position read from position text.
    ///
    /// # Errors
    /// A [`PositionError`] naming what is wrong with the text.
    pub fn position(&self, text: &str) -> Result<AnyGame, PositionError> {
        match *self {
            GameSpec::Attract(o) => Attract::from_position_text(o, text).map(AnyGame::Attract),
            GameSpec::Forms(o) => Forms::from_position_text(o, text).map(AnyGame::Forms),
            GameSpec::Ra(o) => Ra::from_position_text(o, text).map(AnyGame::Ra),
            GameSpec::Loa(o) => Loa::from_position_text(o, text).map(AnyGame::Loa),
        }
    }
}

impl FromStr for GameSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<GameSpec, SpecError> {
        let (id, options) = match text.split_once(':') {
            Some((id, options)) => (id, Some(options)),
            None => (text, None),
        };
        let kind = GameKind::ALL
            .into_iter()
            .find(|k| k.id() == id)
            .ok_or_else(|| SpecError::UnknownGame { id: id.to_owned() })?;
        let mut spec = GameSpec::default_for(kind);
        let mut seen = Vec::new();
        for pair in options.into_iter().flat_map(|o| o.split(',')) {
            let (key, value) = pair.split_once('=').ok_or_else(|| SpecError::NotKeyValue { text: pair.to_owned() })?;
            if seen.contains(&key) {
                return Err(SpecError::Duplicate { key: key.to_owned() });
            }
            seen.push(key);
            spec.set(key, value).map_err(SpecError::Option)?;
        }
        Ok(spec)
    }
}

impl fmt::Display for GameSpec {
    /// The canonical spec: the id, then only the options that differ from their defaults.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind().id())?;
        for (i, (key, value)) in self.non_default().iter().enumerate() {
            write!(f, "{}{key}={value}", if i == 0 { ':' } else { ',' })?;
        }
        Ok(())
    }
}

/// A position of any game.
// Positions are held by value: boxing the large ones would add an allocation
// to every clone, which the app and the searcher make often.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyGame {
    /// Attract.
    Attract(Attract),
    /// Forms.
    Forms(Forms),
    /// RA.
    Ra(Ra),
    /// Lines of Action.
    Loa(Loa),
}

impl AnyGame {
    /// Which game.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        self.spec().kind()
    }

    /// The game and its options.
    #[must_use]
    pub fn spec(&self) -> GameSpec {
        match self {
            AnyGame::Attract(g) => GameSpec::Attract(*g.options()),
            AnyGame::Forms(g) => GameSpec::Forms(*g.options()),
            AnyGame::Ra(g) => GameSpec::Ra(*g.options()),
            AnyGame::Loa(g) => GameSpec::Loa(*g.options()),
        }
    }

    /// RA's scores and match number; `None` for the other games.
    #[must_use]
    pub fn match_score(&self) -> Option<(ByPlayer<u16>, u16)> {
        match self {
            AnyGame::Ra(g) => Some((g.score(), g.match_number())),
            _ => None,
        }
    }

    /// Whether the last move ended a match (RA).
    #[must_use]
    pub fn match_just_ended(&self) -> bool {
        dispatch!(self, g => g.match_just_ended())
    }

    /// The player to move.
    #[must_use]
    pub fn to_move(&self) -> Player {
        dispatch!(self, g => g.to_move())
    }

    /// The outcome, once the game has ended.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, g => g.outcome())
    }

    /// The legal moves in notation, in generation order.
    #[must_use]
    pub fn legal_move_texts(&self) -> Vec<String> {
        dispatch!(self, g => {
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            moves.iter().map(ToString::to_string).collect()
        })
    }

    /// Reads and plays one move; returns its canonical notation.
    ///
    /// # Errors
    /// A [`MoveError`]; the position is then untouched.
    pub fn play_text(&mut self, text: &str) -> Result<String, MoveError> {
        dispatch!(self, g => g.play_text(text).map(|m| m.to_string()))
    }

    /// The position text.
    #[must_use]
    pub fn position_text(&self) -> String {
        dispatch!(self, g => g.position_text())
    }

    /// The board as a text diagram.
    #[must_use]
    pub fn diagram(&self) -> String {
        dispatch!(self, g => g.diagram())
    }

    /// The Zobrist hash.
    #[must_use]
    pub fn hash(&self) -> u64 {
        dispatch!(self, g => g.hash())
    }

    /// Perft counts (see [`crate::perft`]).
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        dispatch!(self, g => perft::perft(g, depth))
    }

    /// Perft counts, playing every move of the last ply too (see [`perft::perft_played`]).
    #[must_use]
    pub fn perft_played(&self, depth: u32) -> u64 {
        dispatch!(self, g => perft::perft_played(g, depth))
    }

    /// Perft counts under each first move, as (notation, count).
    #[must_use]
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        dispatch!(self, g => perft::divide(g, depth).into_iter().map(|(m, n)| (m.to_string(), n)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip() {
        for text in [
            "loa",
            "loa:simultaneous=mover",
            "attract:size=12",
            "forms:rules=advanced,size=8",
            "forms:size=4",
            "ra:target=9,lead=3,first=o",
            "ra",
        ] {
            let spec: GameSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        // Defaults are dropped from the canonical form.
        assert_eq!("loa:simultaneous=draw".parse::<GameSpec>().unwrap().to_string(), "loa");
    }

    #[test]
    fn spec_errors() {
        assert_eq!("chess".parse::<GameSpec>(), Err(SpecError::UnknownGame { id: "chess".into() }));
        assert_eq!("loa:foo".parse::<GameSpec>(), Err(SpecError::NotKeyValue { text: "foo".into() }));
        assert!(matches!("loa:size=8".parse::<GameSpec>(), Err(SpecError::Option(OptionError::UnknownKey { .. }))));
        assert!(matches!(
            "loa:simultaneous=maybe".parse::<GameSpec>(),
            Err(SpecError::Option(OptionError::BadValue { .. }))
        ));
        assert_eq!(
            "loa:simultaneous=draw,simultaneous=mover".parse::<GameSpec>(),
            Err(SpecError::Duplicate { key: "simultaneous".into() })
        );
        let message = "loa:simultaneous=maybe".parse::<GameSpec>().unwrap_err().to_string();
        assert_eq!(message, "option simultaneous cannot be \"maybe\" (one of: draw, mover)");
    }
}
