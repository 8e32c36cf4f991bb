//! The page's side of the languages: which one a visitor gets, its file
//! fetched and read into a catalogue (`ludoteca_core::i18n`), its plurals
//! by the browser's `Intl.PluralRules`, and `<html lang>`.
//!
//! English is built in. Each other language is a file with a content hash
//! in its name (`i18n/ru-<hash>.json`), which the build names in a
//! `<meta name="ludoteca-languages">` of the page; it is fetched only when
//! that language is chosen, and the service worker keeps it for offline
//! use.

use leptos::prelude::{document, window};
use ludoteca_core::i18n::{self, Catalogue, Lang};

use crate::web;

/// Where a language chosen by a link (`?lang=`) is kept for the tab: the
/// links the app writes do not carry it, so the tab keeps it across them.
const LINK_LANG: &str = "ludoteca.lang-link";

/// The language a visitor gets: a link's `?lang=` (kept for the tab), then
/// the one they chose (`stored`), then the first of the browser's
/// languages that Ludoteca speaks, else English.
#[must_use]
pub fn wanted(stored: Option<Lang>) -> Lang {
    let session = window().session_storage().ok().flatten();
    let from_link = ludoteca_core::session::formats::url::params(&web::query())
        .into_iter()
        .find(|(k, _)| k == "lang")
        .and_then(|(_, v)| Lang::from_code(&v));
    if let (Some(lang), Some(s)) = (from_link, &session) {
        let _ = s.set_item(LINK_LANG, lang.code());
    }
    let kept = || session.as_ref().and_then(|s| s.get_item(LINK_LANG).ok().flatten()).and_then(|c| Lang::from_code(&c));
    from_link.or_else(kept).or(stored).unwrap_or_else(|| {
        let languages: Vec<String> = window().navigator().languages().iter().filter_map(|v| v.as_string()).collect();
        Lang::from_browser(&languages)
    })
}

/// Forgets a link's language for this tab: the player chose one.
pub fn forget_link_choice() {
    if let Some(s) = window().session_storage().ok().flatten() {
        let _ = s.remove_item(LINK_LANG);
    }
}

/// The file of `lang`'s texts, as the build named it in the page.
fn file_of(lang: Lang) -> Option<String> {
    let meta = document().query_selector("meta[name=ludoteca-languages]").ok().flatten()?;
    let content = meta.get_attribute("content")?;
    content.split_whitespace().find_map(|name| {
        let (code, _hash) = name.split_once('-')?;
        (code == lang.code()).then(|| format!("i18n/{name}.json"))
    })
}

/// Fetches and installs `lang`'s texts; on success every text reads in it
/// from now on and `<html lang>` says so. English and the pseudo-language
/// need no file. An error says what failed, and English stays.
pub async fn switch_to(lang: Lang) -> Result<(), String> {
    let catalogue = match lang {
        Lang::En | Lang::Pseudo => Catalogue::default(),
        _ => {
            let file = file_of(lang).ok_or_else(|| format!("this build has no file for the language {lang}"))?;
            let text = web::fetch_text(&file).await?;
            let catalogue = i18n::file::read(&text)?;
            crate::worker::client::tell_language(lang, Some(text));
            catalogue
        }
    };
    if matches!(lang, Lang::En | Lang::Pseudo) {
        crate::worker::client::tell_language(lang, None);
    }
    i18n::install(lang, catalogue, i18n::file::plural_rule(lang));
    set_document_lang(lang);
    Ok(())
}

/// `<html lang>`: screen readers' voice and the browser's hyphenation
/// follow it.
/// The web manifest follows it (the build writes one per language).
pub fn set_document_lang(lang: Lang) {
    if let Some(root) = document().document_element() {
        let _ = root.set_attribute("lang", lang.code());
    }
    if let Some(link) = document().query_selector("link[rel=manifest]").ok().flatten() {
        let file = match lang {
            Lang::En | Lang::Pseudo => "manifest.webmanifest".to_owned(),
            lang => format!("manifest.{}.webmanifest", lang.code()),
        };
        let _ = link.set_attribute("href", &file);
    }
}

impl crate::state::AppState {
    /// The player chose `lang` in the chooser: remembered, its texts
    /// fetched (kept by the service worker after the first time), then the
    /// whole page drawn again in it. If the file cannot be had, the page
    /// stays as it is and says why.
    pub fn choose_language(self, lang: Lang) {
        forget_link_choice();
        self.set_prefs(|p| p.lang = Some(lang));
        // A chooser used from the keyboard keeps the focus: the page drawn
        // again has a new one.
        let focused = document().active_element().is_some_and(|el| el.class_list().contains("lang-chooser"));
        leptos::task::spawn_local(async move {
            match switch_to(lang).await {
                Ok(()) => {
                    // The file read in one task, the page drawn in the next.
                    web::next_task().await;
                    leptos::prelude::Set::set(&self.lang, lang);
                    if focused {
                        leptos::prelude::request_animation_frame(|| {
                            let chooser = document().query_selector(".lang-chooser").ok().flatten();
                            if let Some(el) =
                                chooser.and_then(|el| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el).ok())
                            {
                                let _ = el.focus();
                            }
                        });
                    }
                }
                Err(e) => {
                    let words = ludoteca_core::t!("The language could not be loaded ({reason}).", reason = e);
                    leptos::prelude::Update::update(&self.home_notices, |n| n.push(words));
                }
            }
        });
    }
}
