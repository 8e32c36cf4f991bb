//! The page's side of the languages: which one a visitor gets, its file
//! fetched and read into a catalogue (`ludoteca_core::i18n`), its plurals
//! by the browser's `Intl.PluralRules`, and `<html lang>`.
//!
//! English is built in. Each other language is a file with a content hash
//! in its name (`i18n/ru-<hash>.txt`, packed: `ludoteca_core::i18n::file`), which the build names in a
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
        (code == lang.code()).then(|| format!("i18n/{name}.txt"))
    })
}

thread_local! {
    /// The player's choices of a language so far: a switch whose file
    /// arrives after another choice is dropped.
    static CHOICE: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Fetches and installs `lang`'s texts; on success every text reads in it
/// from now on and `<html lang>` says so. English and the pseudo-language
/// need no file. An error says what failed, and English stays.
pub async fn switch_to(lang: Lang) -> Result<(), String> {
    let texts = fetch(lang).await?;
    install(lang, texts)
}

/// The text of `lang`'s file (none for English and the pseudo-language),
/// asked for at once.
fn fetch(lang: Lang) -> impl std::future::Future<Output = Result<Option<String>, String>> + use<> {
    let asked = (!matches!(lang, Lang::En | Lang::Pseudo)).then(|| {
        file_of(lang)
            .ok_or_else(|| format!("this build has no file for the language {lang}"))
            .map(|file| web::fetch_text(&file))
    });
    async move {
        match asked {
            None => Ok(None),
            Some(Err(why)) => Err(why),
            Some(Ok(text)) => text.await.map(Some),
        }
    }
}

/// Reads and installs `lang`'s texts (`texts`: its file's, none for
/// English), tells the workers, and sets `<html lang>`.
fn install(lang: Lang, texts: Option<String>) -> Result<(), String> {
    let catalogue = match texts {
        None => Catalogue::default(),
        Some(text) => {
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
    // Only a change: the browser styles and lays out the whole page again
    // for one.
    if let Some(root) = document().document_element()
        && root.get_attribute("lang").as_deref() != Some(lang.code())
    {
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

/// A text read again in the new language after a switch, where its element
/// stays (the board's, the chooser's, the editor's). A function, so that
/// every such text shares one piece of code.
pub fn live(text: fn() -> String) -> impl Fn() -> String + Copy + Send + Sync + 'static {
    use leptos::prelude::Track;
    let lang = leptos::prelude::expect_context::<crate::state::AppState>().lang;
    move || {
        lang.track();
        text()
    }
}

/// `lang`, followed a task later: a part of a page that a change of
/// language draws again in a task of its own, after the parts that follow
/// `lang` itself (chain it for a part after that).
pub fn followed_later(lang: impl Into<leptos::prelude::Signal<Lang>>) -> leptos::prelude::Signal<Lang> {
    use leptos::prelude::{Effect, Get, GetUntracked, RwSignal, set_timeout};
    let lang = lang.into();
    let later = RwSignal::new(lang.get_untracked());
    Effect::new(move |_| {
        let now = lang.get();
        if now != later.get_untracked() {
            set_timeout(
                move || {
                    let _ = leptos::prelude::Set::try_set(&later, now);
                },
                std::time::Duration::ZERO,
            );
        }
    });
    later.into()
}

impl crate::state::AppState {
    /// The player chose `lang` in the chooser: remembered, its texts
    /// fetched (kept by the service worker after the first time), then the
    /// page drawn again in it, in parts, each a task of its own (see
    /// `app::FullPage`). If the file cannot be had, the page stays as it
    /// is, the chooser and the preferences name its language again, and
    /// `said` is given why (and `None` once a switch has worked).
    pub fn choose_language(self, lang: Lang, said: impl Fn(Option<String>) + 'static) {
        let kept = leptos::prelude::WithUntracked::with_untracked(&self.prefs, |p| p.lang);
        // `<html lang>` at once: the browser styles and lays out the whole
        // page again for it (about 70 ms of a phone's processor on a game's
        // page), while the file is on its way.
        set_document_lang(lang);
        let choice = CHOICE.with(|c| {
            c.set(c.get() + 1);
            c.get()
        });
        // The file asked for first: the preferences' own effects after it.
        let fetched = fetch(lang);
        leptos::task::spawn_local(async move {
            let fetched = fetched.await;
            // Another language chosen meanwhile: that one's switch decides.
            if CHOICE.with(std::cell::Cell::get) != choice {
                return;
            }
            match fetched.and_then(|texts| install(lang, texts)) {
                Ok(()) => {
                    said(None);
                    // The file read in one task, the page drawn in the next.
                    web::next_task().await;
                    leptos::prelude::Set::set(&self.lang, lang);
                }
                Err(e) => {
                    let shown = leptos::prelude::GetUntracked::get_untracked(&self.lang);
                    set_document_lang(shown);
                    if let Some(chooser) = document()
                        .query_selector(".lang-chooser")
                        .ok()
                        .flatten()
                        .and_then(|el| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlSelectElement>(el).ok())
                    {
                        chooser.set_value(shown.code());
                    }
                    // As before the choice; after an earlier choice
                    // overtaken by this one, the language shown.
                    let restored = if kept.is_some_and(|k| k != shown) { Some(shown) } else { kept };
                    self.set_prefs(|p| p.lang = restored);
                    said(Some(ludoteca_core::t!("The language could not be loaded ({reason}).", reason = e)));
                }
            }
        });
        forget_link_choice();
        self.set_prefs(|p| p.lang = Some(lang));
    }
}
