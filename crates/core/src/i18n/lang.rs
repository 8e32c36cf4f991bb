//! The languages Ludoteca speaks.

use std::fmt;

/// A language of the app.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English, built in.
    #[default]
    En,
    /// Russian.
    Ru,
    /// Polish.
    Pl,
    /// Italian.
    It,
    /// German.
    De,
    /// French.
    Fr,
    /// Spanish.
    Es,
    /// The pseudo-language of the tests: English made about 40 % longer,
    /// with accents (`?lang=pseudo`), never offered in the chooser.
    Pseudo,
}

impl Lang {
    /// The languages a player may choose, in the chooser's order.
    pub const CHOICES: [Lang; 7] = [Lang::En, Lang::De, Lang::Es, Lang::Fr, Lang::It, Lang::Pl, Lang::Ru];

    /// Every language with a file of its own (all but English and the
    /// pseudo-language).
    pub const TRANSLATED: [Lang; 6] = [Lang::De, Lang::Es, Lang::Fr, Lang::It, Lang::Pl, Lang::Ru];

    /// Its code: in `?lang=`, `data-lang`, the file names and `<html
    /// lang>` (the pseudo-language's is `en-XA`, the usual pseudo-locale).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
            Lang::Pl => "pl",
            Lang::It => "it",
            Lang::De => "de",
            Lang::Fr => "fr",
            Lang::Es => "es",
            Lang::Pseudo => "en-XA",
        }
    }

    /// Its name in itself, as the chooser shows it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ru => "Русский",
            Lang::Pl => "Polski",
            Lang::It => "Italiano",
            Lang::De => "Deutsch",
            Lang::Fr => "Français",
            Lang::Es => "Español",
            Lang::Pseudo => "Ƥšéüðö",
        }
    }

    /// The language a code names (`ru`, `pt-BR`…): by its first part,
    /// case aside; `pseudo` and `en-XA` name the pseudo-language.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Lang> {
        let code = code.trim();
        if code.eq_ignore_ascii_case("pseudo") || code.eq_ignore_ascii_case("en-XA") {
            return Some(Lang::Pseudo);
        }
        let first = code.split(['-', '_']).next().unwrap_or_default();
        Lang::CHOICES.into_iter().find(|l| first.eq_ignore_ascii_case(l.code()))
    }

    /// The first of the browser's languages (`navigator.languages`, in the
    /// player's order) that Ludoteca speaks; English if none.
    #[must_use]
    pub fn from_browser<S: AsRef<str>>(languages: &[S]) -> Lang {
        languages.iter().find_map(|l| Lang::from_code(l.as_ref()).filter(|l| *l != Lang::Pseudo)).unwrap_or(Lang::En)
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}
