//! Thin wrappers over the browser: the address bar, local storage, the
//! clipboard and media queries. Failures are ignored or reported as `None`:
//! a browser that refuses (private mode, old engine) must not break play.

use leptos::prelude::{document, window};
use wasm_bindgen::{JsCast, JsValue};

use ludoteca_core::markup::Markup;
use ludoteca_core::t;

/// Replaces `element`'s content with `markup`: the one place the app writes
/// markup into the document, and it takes only [`Markup`], whose text is
/// escaped by construction.
pub fn set_markup(element: &web_sys::Element, markup: &Markup) {
    element.set_inner_html(markup.as_str());
}

/// Sets properties of elements of the page by id (`value`, `checked`,
/// `textContent`, …): what changes on a page whose markup is written once.
pub fn apply_props(props: Vec<(String, &'static str, ludoteca_core::markup::Prop)>) {
    let document = document();
    for (id, prop, value) in props {
        if let Some(el) = document.get_element_by_id(&id) {
            let value = match value {
                ludoteca_core::markup::Prop::Text(text) => JsValue::from_str(&text),
                ludoteca_core::markup::Prop::On(on) => JsValue::from_bool(on),
            };
            let _ = js_sys::Reflect::set(&el, &JsValue::from_str(prop), &value);
        }
    }
}

/// The element with a `data-act` that an event happened in, and that
/// action: how a page written as markup reads its buttons in one handler.
#[must_use]
pub fn acted(ev: &web_sys::Event) -> Option<(web_sys::Element, String)> {
    let button = ev.target()?.dyn_into::<web_sys::Element>().ok()?.closest("[data-act]").ok()??;
    let act = button.get_attribute("data-act")?;
    Some((button, act))
}

/// Adds `markup` at the end of `element`'s content; `false` if the
/// browser refused.
pub fn append_markup(element: &web_sys::Element, markup: &Markup) -> bool {
    element.insert_adjacent_html("beforeend", markup.as_str()).is_ok()
}

/// The current query string, `?…` or empty.
#[must_use]
pub fn query() -> String {
    window().location().search().unwrap_or_default()
}

fn path() -> String {
    window().location().pathname().unwrap_or_else(|_| "./".to_owned())
}

/// The history entry's state: the id of the library's game shown there.
fn entry_state(game: Option<&str>) -> wasm_bindgen::JsValue {
    game.map_or(wasm_bindgen::JsValue::NULL, wasm_bindgen::JsValue::from_str)
}

/// Replaces the address bar's query (no new history entry); the entry
/// remembers `game`, the library's id of the game shown.
pub fn replace_query(query: &str, game: Option<&str>) {
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&entry_state(game), "", Some(&format!("{}{query}", path())));
    }
}

/// Sets the address bar's query as a new history entry, which remembers
/// `game`, the library's id of the game shown.
pub fn push_query(query: &str, game: Option<&str>) {
    if query == self::query() {
        return;
    }
    if let Ok(history) = window().history() {
        let _ = history.push_state_with_url(&entry_state(game), "", Some(&format!("{}{query}", path())));
    }
}

/// The library's id of the game this history entry showed (after a
/// reload, or back and forward).
#[must_use]
pub fn entry_game() -> Option<String> {
    // (An entry made by the first board holds `true`: see `played_ahead`.)
    window().history().ok()?.state().ok()?.as_string()
}

/// Whether the history entry was made by the first board (its state is
/// `true`): moves were played before the app had loaded.
#[must_use]
pub fn played_ahead() -> bool {
    window().history().ok().and_then(|h| h.state().ok()).is_some_and(|s| s == JsValue::TRUE)
}

/// The keys of this deployment's local storage that start with `prefix`,
/// without the deployment's part.
#[must_use]
pub fn keys(prefix: &str) -> Vec<String> {
    let Some(storage) = storage() else { return Vec::new() };
    let own = scoped(prefix);
    let n = storage.length().unwrap_or(0);
    (0..n)
        .filter_map(|i| storage.key(i).ok().flatten())
        .filter_map(|key| key.strip_prefix(&own).map(|rest| format!("{prefix}{rest}")))
        .collect()
}

/// Whether the page is shown inside another page's frame (a frame of
/// another origin counts too: its `top` cannot be read, but it is not us).
#[must_use]
pub fn framed() -> bool {
    let window = window();
    match window.top() {
        Ok(Some(top)) => !js_sys::Object::is(&top, &window),
        _ => true,
    }
}

/// A random seed from the browser's cryptographic source (`crypto`), or,
/// where that is refused, from the clock and `Math.random`.
#[must_use]
pub fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    let drawn = window().crypto().is_ok_and(|c| c.get_random_values_with_u8_array(&mut bytes).is_ok());
    if drawn {
        return u64::from_le_bytes(bytes);
    }
    (js_sys::Math::random() * 2f64.powi(53)) as u64 ^ (js_sys::Date::now() as u64).rotate_left(32)
}

/// The cores the page may give its search workers: the machine's less one
/// (the page needs one), at least one.
#[must_use]
pub fn spare_cores() -> usize {
    (window().navigator().hardware_concurrency() as usize).saturating_sub(1).max(1)
}

/// The page's full address.
#[must_use]
pub fn href() -> String {
    window().location().href().unwrap_or_default()
}

/// The page's address without its query and fragment: where a link's
/// query goes.
#[must_use]
pub fn page_address() -> String {
    let mut here = href();
    here.truncate(here.find(['?', '#']).unwrap_or(here.len()));
    here
}

/// The address's fragment (`#…`, a friend's link), or empty.
#[must_use]
pub fn fragment() -> String {
    window().location().hash().unwrap_or_default()
}

/// Whether the browser offers its share sheet (`navigator.share`).
#[must_use]
pub fn can_share() -> bool {
    js_sys::Reflect::has(&window().navigator(), &JsValue::from_str("share")).unwrap_or(false)
}

/// Hands `url` to the browser's share sheet, titled `title`.
pub fn share(title: &str, url: &str) {
    let data = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&data, &JsValue::from_str("title"), &JsValue::from_str(title));
    let _ = js_sys::Reflect::set(&data, &JsValue::from_str("url"), &JsValue::from_str(url));
    let navigator = window().navigator();
    if let Ok(share) = js_sys::Reflect::get(&navigator, &JsValue::from_str("share"))
        && let Some(share) = share.dyn_ref::<js_sys::Function>()
    {
        // A sheet dismissed rejects its promise: nothing to say then.
        if let Ok(promise) = share.call1(&navigator, &data).and_then(JsCast::dyn_into::<js_sys::Promise>) {
            let quiet = wasm_bindgen::closure::Closure::<dyn FnMut(JsValue)>::new(|_| {});
            let _ = promise.catch(&quiet);
            quiet.forget();
        }
    }
}

fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

/// Sets the board's width (CSS pixels) that the stylesheet reads as
/// `--board-size` on the root element; `None` takes it away (as large as
/// the window allows).
pub fn set_board_size(width: Option<i64>) {
    let Some(root) =
        window().document().and_then(|d| d.document_element()).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return;
    };
    let _ = match width {
        Some(w) => root.style().set_property("--board-size", &format!("{w}px")),
        None => root.style().remove_property("--board-size").map(|_| ()),
    };
}

/// The deployment's own name for `key` in local storage: the key after the
/// site's path (`/ludoteca/ludoteca.prefs`), so that two deployments on one
/// origin (two forks at `user.github.io/a/` and `/b/`) never read or write
/// each other's games and settings.
fn scoped(key: &str) -> String {
    format!("{}{key}", folder())
}

/// The site's folder: `/` or `/a/` (two copies of the site on one origin
/// keep their data apart by it).
#[must_use]
pub fn folder() -> String {
    let path = window().location().pathname().unwrap_or_default();
    path.rfind('/').map_or("/", |i| &path[..=i]).to_owned()
}

/// Reads a value from local storage. A key this deployment never wrote
/// falls back to the unscoped key of builds before 2026-12-04, which is
/// copied (not moved: another deployment on the origin may read it too).
#[must_use]
pub fn load(key: &str) -> Option<String> {
    let storage = storage()?;
    let own = scoped(key);
    match storage.get_item(&own).ok().flatten() {
        Some(value) => (!value.is_empty()).then_some(value),
        None => {
            let legacy = storage.get_item(key).ok().flatten()?;
            let _ = storage.set_item(&own, &legacy);
            Some(legacy)
        }
    }
}

/// Writes a value to local storage; `false` when the browser refuses it
/// (storage full, or none in this window).
pub fn save(key: &str, value: &str) -> bool {
    storage().is_some_and(|s| s.set_item(&scoped(key), value).is_ok())
}

/// Forgets a value (kept as empty, so that the unscoped key of older builds
/// is not read again in its place).
pub fn forget(key: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(&scoped(key), "");
    }
}

/// The `value` of the page's element `id` (a field; empty when there is none).
#[must_use]
pub fn field_value(id: &str) -> String {
    leptos::prelude::document()
        .get_element_by_id(id)
        .and_then(|el| js_sys::Reflect::get(&el, &wasm_bindgen::JsValue::from_str("value")).ok()?.as_string())
        .unwrap_or_default()
}

/// Puts `text` on the clipboard.
pub fn copy(text: &str) {
    let _ = window().navigator().clipboard().write_text(text);
}

/// Whether the browser is driven by automation (a test), which should hear nothing.
#[must_use]
pub fn automated() -> bool {
    js_sys::Reflect::get(&window().navigator(), &wasm_bindgen::JsValue::from_str("webdriver"))
        .is_ok_and(|v| v.is_truthy())
}

/// Whether the user asked the system for reduced motion.
#[must_use]
pub fn prefers_reduced_motion() -> bool {
    window().match_media("(prefers-reduced-motion: reduce)").ok().flatten().is_some_and(|m| m.matches())
}

/// Offers `text` as a file download named `name`.
pub fn download_text(name: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    download_url(name, &url);
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// Clicks a temporary link to download `url` as `name`.
fn download_url(name: &str, url: &str) {
    let document = leptos::prelude::document();
    let Ok(link) = document.create_element("a") else { return };
    let Ok(link) = link.dyn_into::<web_sys::HtmlAnchorElement>() else { return };
    link.set_href(url);
    link.set_download(name);
    link.click();
}

/// Renders an SVG document to a PNG of `width`×`height` and offers it as `name`.
pub fn download_png(name: &str, svg: &str, width: u32, height: u32) {
    use wasm_bindgen::prelude::Closure;
    let Ok(image) = web_sys::HtmlImageElement::new() else { return };
    let name = name.to_owned();
    let source = image.clone();
    let on_load = Closure::once(move || {
        let document = leptos::prelude::document();
        let Some(canvas) =
            document.create_element("canvas").ok().and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        else {
            return;
        };
        canvas.set_width(width);
        canvas.set_height(height);
        let Some(context) = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
        else {
            return;
        };
        let _ = context.draw_image_with_html_image_element_and_dw_and_dh(
            &source,
            0.0,
            0.0,
            f64::from(width),
            f64::from(height),
        );
        if let Ok(url) = canvas.to_data_url_with_type("image/png") {
            download_url(&name, &url);
        }
    });
    image.set_onload(Some(on_load.as_ref().unchecked_ref()));
    on_load.forget();
    let encoded = js_sys::encode_uri_component(svg);
    image.set_src(&format!("data:image/svg+xml;charset=utf-8,{encoded}"));
}

/// Reads the first file chosen in `input` as text and calls `done` with it.
pub fn read_chosen_file(input: &web_sys::HtmlInputElement, done: impl FnOnce(Result<String, String>) + 'static) {
    if let Some(file) = input.files().and_then(|files| files.get(0)) {
        read_file(&file, done);
    }
}

/// Reads `file` as text, then calls `done` with it or why it could not be read.
///
/// As UTF-8; a file that is not (its text would hold U+FFFD, the
/// replacement character, for each byte that is not) is read again as
/// Windows-1252, the Latin-1 of older records and SGF files (`CA[ISO-8859-1]`):
/// every byte is then a character of its own, and a file of binary junk is
/// refused by the readers as quickly as any text (drawn in the import box, a
/// long run of U+FFFD took the browser seconds: 3.3 s for 160,000 of them).
pub fn read_file(file: &web_sys::File, done: impl FnOnce(Result<String, String>) + 'static) {
    read_file_as(file, None, Box::new(done));
}

fn read_file_as(file: &web_sys::File, label: Option<&str>, done: Box<dyn FnOnce(Result<String, String>)>) {
    use wasm_bindgen::prelude::Closure;
    let Ok(reader) = web_sys::FileReader::new() else {
        done(Err(t!("this browser cannot read files")));
        return;
    };
    let source = reader.clone();
    let again = (label.is_none()).then(|| file.clone());
    let on_load = Closure::once(move || {
        let text = source.result().ok().and_then(|r| r.as_string());
        match (text, again) {
            (Some(text), Some(file)) if text.contains('\u{FFFD}') => read_file_as(&file, Some("windows-1252"), done),
            (text, _) => done(text.ok_or_else(|| t!("the file is not text"))),
        }
    });
    reader.set_onloadend(Some(on_load.as_ref().unchecked_ref()));
    on_load.forget();
    let _ = match label {
        Some(label) => reader.read_as_text_with_label(file, label),
        None => reader.read_as_text(file),
    };
}

/// Lets the browser paint and handle input before what follows (a task of
/// its own, by a timer of 0 ms).
pub async fn next_task() {
    let promise = js_sys::Promise::new(&mut |done, _| {
        let _ = window().set_timeout_with_callback(&done);
    });
    let _ = js_sys::futures::JsFuture::from(promise).await;
}

/// The text of the site's file at `url` (relative to the page's base),
/// asked for at once (not when first awaited).
///
/// # Errors
/// Why it could not be had, in words: no connection (and not kept offline),
/// or the server's answer.
pub fn fetch_text(url: &str) -> impl std::future::Future<Output = Result<String, String>> + use<> {
    use js_sys::futures::JsFuture;
    let asked = JsFuture::from(window().fetch_with_str(url));
    async move {
        let answer = asked.await.map_err(|_| t!("no connection"))?;
        let response: web_sys::Response = answer.dyn_into().map_err(|_| t!("not an answer from the server"))?;
        if !response.ok() {
            return Err(t!("the server answered {status}", status = response.status()));
        }
        let text = response.text().map_err(|_| t!("the answer has no text"))?;
        let text = JsFuture::from(text).await.map_err(|_| t!("the answer was cut short"))?;
        text.as_string().ok_or_else(|| t!("the answer is not text"))
    }
}
