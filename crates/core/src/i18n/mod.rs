//! Words in the player's language.
//!
//! English is built in: every text a person reads is written in the code
//! in English, through [`t!`](crate::t) (or [`tn!`](crate::tn) for a count),
//! and the English text is its own key. Another language is a
//! [`Catalogue`] read from that language's file (`i18n/<code>/app.json`,
//! fetched when the language is chosen) and [installed](install); from
//! then on every key found in it reads in that language. A text missing
//! from the catalogue reads in English, and a test
//! (`crates/core/tests/i18n.rs`) keeps every file holding exactly the
//! English keys with the same placeholders.
//!
//! Placeholders are named (`{name}`), so a language may reorder them.
//! Plurals pick their form by the language's own rules, which the caller
//! supplies when it installs a catalogue (the browser's
//! `Intl.PluralRules`): the catalogue gives a text per category (`one`,
//! `few`, `many`, `other`, …).
//!
//! Nothing here touches a browser: the app reads the file and supplies the
//! plural rule; natively the tests do.

#[cfg(feature = "languages")]
use std::cell::RefCell;
use std::fmt::{Display, Write as _};
#[cfg(feature = "languages")]
use std::rc::Rc;

mod dynamic;
pub mod file;
pub mod intl;
mod lang;
#[cfg(feature = "languages")]
mod pseudo;
pub mod rules_words;

pub use dynamic::{MANIFEST_DESCRIPTION, dynamic_keys};
pub use lang::Lang;

/// A text of a language's file: one text, or one per plural category.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Text {
    /// A text with no count.
    One(Box<str>),
    /// Texts by plural category (`one`, `few`, `many`, `other`…), the
    /// category as `Intl.PluralRules` names it.
    Plural(Vec<(Box<str>, Box<str>)>),
}

/// The texts of one language, by English key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Catalogue {
    /// Sorted by key, for a binary search.
    texts: Vec<(Box<str>, Text)>,
}

impl Catalogue {
    /// A catalogue of `texts` (key, text); a key given twice keeps its last
    /// text.
    #[must_use]
    pub fn new(texts: Vec<(Box<str>, Text)>) -> Catalogue {
        let mut texts = texts;
        texts.reverse();
        texts.sort_by(|a, b| a.0.cmp(&b.0));
        texts.dedup_by(|a, b| a.0 == b.0);
        Catalogue { texts }
    }

    /// The text of `key`, if the catalogue has it.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&Text> {
        self.texts.binary_search_by(|(k, _)| (**k).cmp(key)).ok().map(|i| &self.texts[i].1)
    }

    /// Every key, in order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.texts.iter().map(|(k, _)| &**k)
    }

    /// Every key with its text, in the keys' order.
    pub fn entries(&self) -> impl Iterator<Item = (&str, &Text)> {
        self.texts.iter().map(|(k, t)| (&**k, t))
    }

    /// How many texts it holds.
    #[must_use]
    pub fn len(&self) -> usize {
        self.texts.len()
    }

    /// Whether it holds no text.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.texts.is_empty()
    }
}

/// A language's plural rule: the category (`one`, `few`, `many`,
/// `other`…) of a count.
pub type PluralRule = Box<dyn Fn(u64) -> String>;

#[cfg(feature = "languages")]
struct Current {
    lang: Lang,
    catalogue: Rc<Catalogue>,
    plural: PluralRule,
}

#[cfg(feature = "languages")]
thread_local! {
    static CURRENT: RefCell<Option<Current>> = const { RefCell::new(None) };
}

/// Makes `lang` the language of every text from now on, its texts read from
/// `catalogue` and its plurals chosen by `plural`. English (and the
/// pseudo-language, made from English) needs no catalogue.
pub fn install(lang: Lang, catalogue: Catalogue, plural: PluralRule) {
    #[cfg(not(feature = "languages"))]
    let _ = (lang, catalogue, plural);
    #[cfg(feature = "languages")]
    CURRENT.with(|c| {
        *c.borrow_mut() =
            if lang == Lang::En { None } else { Some(Current { lang, catalogue: Rc::new(catalogue), plural }) };
    });
}

/// The language texts read in now.
#[must_use]
pub fn current() -> Lang {
    #[cfg(feature = "languages")]
    return CURRENT.with(|c| c.borrow().as_ref().map_or(Lang::En, |c| c.lang));
    #[cfg(not(feature = "languages"))]
    Lang::En
}

/// The English rule: `one` for 1, `other` otherwise.
#[must_use]
pub fn english_plural() -> PluralRule {
    Box::new(|n| if n == 1 { "one".to_owned() } else { "other".to_owned() })
}

/// `english` in the current language. Use [`t!`](crate::t), which also
/// lists the text for the catalogues; call this for a text made elsewhere
/// (a game's or an option's name) whose English is a key.
// Never inlined: the app's build inlines across crates, and a copy of
// this at each of the texts' eight hundred call sites cost 20 KB gzip.
#[inline(never)]
#[must_use]
pub fn text(english: &str) -> String {
    #[cfg(not(feature = "languages"))]
    return english.to_owned();
    #[cfg(feature = "languages")]
    CURRENT.with(|c| match &*c.borrow() {
        None => english.to_owned(),
        Some(c) if c.lang == Lang::Pseudo => pseudo::stretch(english),
        Some(c) => match c.catalogue.get(english) {
            Some(Text::One(s)) => s.to_string(),
            _ => english.to_owned(),
        },
    })
}

/// The form of `one`/`other` (English) for the count `n`, in the current
/// language; the catalogue's key is `one|other`. Use [`tn!`](crate::tn).
// Never inlined: the app's build inlines across crates, and a copy of
// this at each of the texts' eight hundred call sites cost 20 KB gzip.
#[inline(never)]
#[must_use]
pub fn plural(n: u64, one: &str, other: &str) -> String {
    let english = || if n == 1 { one.to_owned() } else { other.to_owned() };
    #[cfg(not(feature = "languages"))]
    return english();
    #[cfg(feature = "languages")]
    CURRENT.with(|c| match &*c.borrow() {
        None => english(),
        Some(c) if c.lang == Lang::Pseudo => pseudo::stretch(&english()),
        Some(c) => {
            let key = format!("{one}|{other}");
            match c.catalogue.get(&key) {
                Some(Text::Plural(forms)) => {
                    let category = (c.plural)(n);
                    let pick = forms
                        .iter()
                        .find(|(k, _)| **k == *category)
                        .or_else(|| forms.iter().find(|(k, _)| &**k == "other"));
                    pick.map_or_else(english, |(_, s)| s.to_string())
                }
                _ => english(),
            }
        }
    })
}

/// `template` with each `{name}` replaced by its value in `args` (a
/// whole number of four digits or more written as the language groups
/// its digits, [`intl::count`]); a placeholder with no value stays as written (a test keeps the files'
/// placeholders the English ones), and `{{`/`}}` are not special.
// Never inlined: the app's build inlines across crates, and a copy of
// this at each of the texts' eight hundred call sites cost 20 KB gzip.
#[inline(never)]
#[must_use]
pub fn fill(template: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let found =
            after.find('}').and_then(|close| args.iter().find(|(k, _)| *k == &after[..close]).map(|(_, v)| (close, v)));
        if let Some((close, value)) = found {
            #[cfg(all(target_family = "wasm", feature = "languages"))]
            let start = out.len();
            let _ = write!(out, "{value}");
            // A count of four digits or more as the language groups them
            // (1,212; 1.212; 1 212), by the browser's Intl.
            #[cfg(all(target_family = "wasm", feature = "languages"))]
            if out.len() - start > 3
                && out[start..].bytes().all(|b| b.is_ascii_digit())
                && let Ok(n) = out[start..].parse::<u64>()
            {
                let grouped = intl::count(n);
                out.truncate(start);
                out.push_str(&grouped);
            }
            rest = &after[close + 1..];
        } else {
            out.push('{');
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// The placeholders of a text (`{name}`), in order.
#[must_use]
pub fn placeholders(text: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        rest = &rest[open + 1..];
        if let Some(close) = rest.find('}') {
            let name = &rest[..close];
            if !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                names.push(name);
            }
            rest = &rest[close + 1..];
        }
    }
    names
}

/// A text in the current language: `t!("Cancel")`, or with named values
/// `t!("Move {n} queued.", n = 4)`. The text must be a literal: the test
/// that keeps the catalogues whole finds every `t!` in the sources.
#[cfg(feature = "languages")]
#[macro_export]
macro_rules! t {
    ($english:literal) => {
        $crate::i18n::text($english)
    };
    ($english:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::fill(&$crate::i18n::text($english), &[$((stringify!($name), &$value as &dyn ::std::fmt::Display)),+])
    };
}

/// A text in English (the build without other languages, the first
/// board's): the standard formatting, whose named arguments are the same
/// `{name}` placeholders.
#[cfg(not(feature = "languages"))]
#[macro_export]
macro_rules! t {
    ($english:literal) => {
        ::std::string::String::from($english)
    };
    ($english:literal, $($name:ident = $value:expr),+ $(,)?) => {
        ::std::format!($english, $($name = $value),+)
    };
}

/// A text with a count `n`, in the current language's plural form:
/// `tn!(count, "{n} game", "{n} games")`, with more named values after.
/// Its English `one` form may say the number in words (`"one game"`).
#[macro_export]
macro_rules! tn {
    ($n:expr, $one:literal, $other:literal $(, $name:ident = $value:expr)* $(,)?) => {{
        let n: u64 = $n as u64;
        $crate::i18n::fill(&$crate::i18n::plural(n, $one, $other), &[("n", &n as &dyn ::std::fmt::Display) $(, (stringify!($name), &$value as &dyn ::std::fmt::Display))*])
    }};
}

#[cfg(test)]
mod tests;
