//! The player's preferences, kept in the browser between visits: sounds,
//! animations, the theme, which games they look at from White's side, and
//! their last choices for a new game (the computer's level, their colour,
//! each game's rule options, the clock, the board's size if they chose one)
//! and the language they chose, if they chose one. Stored as
//! one short line,
//! `sound=1;animate=1;theme=dark;flip=loa,ra;level=3;side=random;board=640;clock=300+3;forms=forms:rules=advanced`;
//! anything that cannot be read falls back to its default, never an error.

use std::fmt;

use rules::{GameKind, GameSpec};
use search::levels::Level;

use crate::i18n::Lang;
use crate::session::model::clock::TimeControl;
use crate::session::model::seats::Side;

/// Light, dark, or as the system says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// Follow the system setting.
    #[default]
    System,
    /// Always light.
    Light,
    /// Always dark.
    Dark,
}

impl Theme {
    /// Every choice, in the order the page offers them.
    pub const ALL: [Theme; 3] = [Theme::System, Theme::Light, Theme::Dark];

    /// The stored word, also the value of the page's `data-theme`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The choice in words.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Theme::System => "As the system",
            Theme::Light => "Light",
            Theme::Dark => "Dark",
        }
    }

    /// The choice its stored word names.
    #[must_use]
    pub fn from_id(id: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.id() == id)
    }
}

/// What the player chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prefs {
    /// Move sounds.
    pub sound: bool,
    /// Move animations.
    pub animate: bool,
    /// The colour theme.
    pub theme: Theme,
    /// The games whose board is shown from White's side, as flags by game.
    flipped: [bool; 4],
    /// The computer's level last chosen.
    pub level: Level,
    /// The colour last chosen against the computer.
    pub side: Side,
    /// Each game's rule options last chosen, by game (`None`: the defaults).
    specs: [Option<GameSpec>; 4],
    /// The play page's board width in CSS pixels, as the player sized it
    /// (`None`: as large as the window allows). Always within [`BOARD_SIZES`].
    board: Option<u16>,
    /// The time control last chosen for a new game (`None`: no clocks).
    pub clock: Option<TimeControl>,
    /// The language the player chose (`None`: the browser's).
    pub lang: Option<Lang>,
}

/// The board widths the player may choose, in CSS pixels.
pub const BOARD_SIZES: std::ops::RangeInclusive<u16> = 240..=2400;

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            sound: true,
            animate: true,
            theme: Theme::System,
            flipped: [false; 4],
            level: Level::CASUAL,
            side: Side::Random,
            specs: [None, None, None, None],
            board: None,
            clock: None,
            lang: None,
        }
    }
}

fn slot(kind: GameKind) -> usize {
    match kind {
        GameKind::Attract => 0,
        GameKind::Forms => 1,
        GameKind::Ra => 2,
        GameKind::Loa => 3,
    }
}

impl Prefs {
    /// Whether `kind`'s board is shown from White's side.
    #[must_use]
    pub fn flipped(&self, kind: GameKind) -> bool {
        self.flipped[slot(kind)]
    }

    /// Shows `kind`'s board from White's side or not.
    pub fn set_flipped(&mut self, kind: GameKind, flipped: bool) {
        self.flipped[slot(kind)] = flipped;
    }

    /// `kind` with the rule options last chosen for it.
    #[must_use]
    pub fn spec(&self, kind: GameKind) -> GameSpec {
        self.specs[slot(kind)].unwrap_or_else(|| GameSpec::default_for(kind))
    }

    /// Remembers `spec`'s options for its game.
    pub fn set_spec(&mut self, spec: &GameSpec) {
        let kind = spec.kind();
        self.specs[slot(kind)] = (*spec != GameSpec::default_for(kind)).then_some(*spec);
    }

    /// The board width the player chose, if any.
    #[must_use]
    pub fn board(&self) -> Option<u16> {
        self.board
    }

    /// Sizes the board (`None`: as large as the window allows); widths
    /// outside [`BOARD_SIZES`] are brought within.
    pub fn set_board(&mut self, width: Option<u16>) {
        self.board = width.map(|w| w.clamp(*BOARD_SIZES.start(), *BOARD_SIZES.end()));
    }

    /// Reads stored preferences; each part that cannot be read keeps its default.
    #[must_use]
    pub fn read(text: &str) -> Prefs {
        let mut prefs = Prefs::default();
        for (key, value) in text.split(';').filter_map(|part| part.split_once('=')) {
            match (key.trim(), value.trim()) {
                ("sound", "1") => prefs.sound = true,
                ("sound", "0") => prefs.sound = false,
                ("animate", "1") => prefs.animate = true,
                ("animate", "0") => prefs.animate = false,
                ("theme", id) => prefs.theme = Theme::from_id(id).unwrap_or_default(),
                ("level", n) => prefs.level = n.parse().unwrap_or(Level::CASUAL),
                ("side", id) => prefs.side = Side::from_id(id).unwrap_or_default(),
                ("clock", code) => prefs.clock = TimeControl::from_code(code).ok(),
                ("lang", code) => prefs.lang = Lang::from_code(code).filter(|l| *l != Lang::Pseudo),
                ("board", n) => prefs.set_board(n.parse::<u32>().ok().map(|w| w.min(u32::from(u16::MAX)) as u16)),
                ("flip", games) => {
                    for id in games.split(',') {
                        if let Some(kind) = GameKind::ALL.into_iter().find(|k| k.id() == id) {
                            prefs.set_flipped(kind, true);
                        }
                    }
                }
                (id, text) => {
                    // A game's options: kept only if they read as that game's.
                    if let Some(kind) = GameKind::ALL.into_iter().find(|k| k.id() == id)
                        && let Ok(spec) = text.parse::<GameSpec>()
                        && spec.kind() == kind
                    {
                        prefs.set_spec(&spec);
                    }
                }
            }
        }
        prefs
    }
}

impl fmt::Display for Prefs {
    /// The stored line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let flip: Vec<&str> = GameKind::ALL.into_iter().filter(|&k| self.flipped(k)).map(GameKind::id).collect();
        write!(
            f,
            "sound={};animate={};theme={};flip={};level={};side={}",
            u8::from(self.sound),
            u8::from(self.animate),
            self.theme.id(),
            flip.join(","),
            self.level,
            self.side.id()
        )?;
        if let Some(width) = self.board {
            write!(f, ";board={width}")?;
        }
        if let Some(clock) = self.clock {
            write!(f, ";clock={}", clock.code())?;
        }
        if let Some(lang) = self.lang {
            write!(f, ";lang={lang}")?;
        }
        for (kind, spec) in GameKind::ALL.into_iter().zip(&self.specs) {
            if let Some(spec) = spec {
                write!(f, ";{}={spec}", kind.id())?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preferences_round_trip() {
        let mut prefs = Prefs { sound: false, animate: true, theme: Theme::Dark, ..Prefs::default() };
        prefs.set_flipped(GameKind::Ra, true);
        prefs.set_flipped(GameKind::Loa, true);
        let text = prefs.to_string();
        assert_eq!(text, "sound=0;animate=1;theme=dark;flip=ra,loa;level=2;side=random");
        assert_eq!(Prefs::read(&text), prefs);
        prefs.set_board(Some(700));
        assert_eq!(Prefs::read(&prefs.to_string()).board(), Some(700));
        assert!(prefs.to_string().ends_with(";board=700"));
        assert_eq!(Prefs::read("board=99999").board(), Some(2400), "brought within the sizes");
        assert_eq!(Prefs::read("board=12").board(), Some(240));
        assert_eq!(Prefs::read("board=big").board(), None, "unreadable: as large as fits");
        prefs.clock = TimeControl::new(300, 3);
        assert!(prefs.to_string().ends_with(";board=700;clock=300+3"));
        assert_eq!(Prefs::read(&prefs.to_string()), prefs);
        assert_eq!(Prefs::read("clock=5+3+1").clock, None, "an unreadable clock: none");
        prefs.lang = Some(Lang::Ru);
        assert!(prefs.to_string().ends_with(";clock=300+3;lang=ru"));
        assert_eq!(Prefs::read(&prefs.to_string()), prefs);
        assert_eq!(Prefs::read("lang=xx").lang, None, "an unknown language: the browser's");
        assert_eq!(Prefs::read("lang=pseudo").lang, None, "the tests' pseudo-language is never kept");
        prefs.lang = None;
        prefs.clock = None;
        prefs.set_board(None);
        prefs.level = Level::STRONGEST;
        prefs.side = Side::White;
        prefs.set_spec(&"forms:rules=advanced,size=8".parse().unwrap());
        prefs.set_spec(&"loa".parse().unwrap());
        let text = prefs.to_string();
        assert_eq!(
            text,
            "sound=0;animate=1;theme=dark;flip=ra,loa;level=5;side=white;forms=forms:rules=advanced,size=8"
        );
        assert_eq!(prefs.spec(GameKind::Forms).to_string(), "forms:rules=advanced,size=8");
        assert_eq!(prefs.spec(GameKind::Loa), GameSpec::default_for(GameKind::Loa));
        assert_eq!(Prefs::read(&text), prefs);
        assert_eq!(Prefs::read(&Prefs::default().to_string()), Prefs::default());
    }

    #[test]
    fn a_corrupt_preference_falls_back_to_its_default() {
        assert_eq!(Prefs::read(""), Prefs::default());
        assert_eq!(Prefs::read("\u{0}garbage;;=;sound=maybe;theme=purple;flip=chess"), Prefs::default());
        let prefs = Prefs::read("sound=0;theme=sepia;animate=0");
        assert!(!prefs.sound && !prefs.animate);
        assert_eq!(prefs.theme, Theme::System, "an unknown theme is the default, the rest is kept");
        assert!(Prefs::read("flip=loa,,xx").flipped(GameKind::Loa));
        let prefs = Prefs::read("level=9;side=up;forms=loa;ra=ra:target=zz;attract=attract:size=10");
        assert_eq!((prefs.level, prefs.side), (Level::CASUAL, Side::Random));
        assert_eq!(prefs.spec(GameKind::Forms), GameSpec::default_for(GameKind::Forms), "another game's options");
        assert_eq!(prefs.spec(GameKind::Ra), GameSpec::default_for(GameKind::Ra), "options that do not read");
        assert_eq!(prefs.spec(GameKind::Attract).to_string(), "attract:size=10");
    }
}
