//! JSON objects for the library's stored entries and its backup file,
//! written and read field by field ([`Entry`], [`Summary`], the backup):
//! natively (tests, the CLI's `library` command) over `serde_json`, in the
//! browser over the browser's own `JSON.parse` and `JSON.stringify`. The
//! worker so carries no JSON parser, printer or serde deserializer of its
//! own — nor the float formatting that serde's error messages bring —,
//! 18 KB gzip of its `.wasm` (docs/lab/sizes.md). The text is the same
//! JSON serde wrote before (the same fields, in the same order); the
//! library's tests read serde's text with these readers and the other
//! way round.

use super::summary::{Opponent, Standing, Summary};
use super::{Entry, Origin};
use crate::t;

/// A JSON object.
pub struct Obj(imp::Obj);

impl Default for Obj {
    fn default() -> Obj {
        Obj::new()
    }
}

impl Obj {
    /// An empty object.
    #[must_use]
    pub fn new() -> Obj {
        Obj(imp::Obj::new())
    }

    /// The object `text` holds.
    ///
    /// # Errors
    /// Why `text` is not a JSON object, in words.
    pub fn parse(text: &str) -> Result<Obj, String> {
        imp::Obj::parse(text).map(Obj)
    }

    /// The object as JSON, on one line or indented by two spaces.
    #[must_use]
    pub fn text(&self, indented: bool) -> String {
        self.0.text(indented)
    }

    /// The string at `key`.
    #[must_use]
    pub fn str(&self, key: &str) -> Option<String> {
        self.0.str(key)
    }

    /// The number at `key`.
    #[must_use]
    pub fn num(&self, key: &str) -> Option<f64> {
        self.0.num(key)
    }

    /// The true or false at `key`.
    #[must_use]
    pub fn bool(&self, key: &str) -> Option<bool> {
        self.0.bool(key)
    }

    /// The list at `key`: each element an object, or `None` for one that is not.
    #[must_use]
    pub fn list(&self, key: &str) -> Option<Vec<Option<Obj>>> {
        self.0.list(key).map(|items| items.into_iter().map(|o| o.map(Obj)).collect())
    }

    /// Sets `key` to a string.
    pub fn set_str(&mut self, key: &str, value: &str) -> &mut Obj {
        self.0.set_str(key, value);
        self
    }

    /// Sets `key` to a number.
    pub fn set_num(&mut self, key: &str, value: f64) -> &mut Obj {
        self.0.set_num(key, value);
        self
    }

    /// Sets `key` to true or false.
    pub fn set_bool(&mut self, key: &str, value: bool) -> &mut Obj {
        self.0.set_bool(key, value);
        self
    }

    /// Sets `key` to a list of objects.
    pub fn set_list(&mut self, key: &str, items: Vec<Obj>) -> &mut Obj {
        self.0.set_list(key, items.into_iter().map(|o| o.0).collect());
        self
    }

    fn need_str(&self, key: &str) -> Result<String, String> {
        self.str(key).ok_or_else(|| t!("no text `{key}`", key = key))
    }

    /// A time (milliseconds, a whole number, never below zero).
    fn need_time(&self, key: &str) -> Result<f64, String> {
        self.time(key).ok_or_else(|| t!("no time `{key}`", key = key))
    }

    fn time(&self, key: &str) -> Option<f64> {
        self.num(key).filter(|n| n.is_finite() && *n >= 0.0).map(f64::trunc)
    }

    fn need_word<T>(&self, key: &str, read: impl Fn(&str) -> Option<T>) -> Result<T, String> {
        let word = self.need_str(key)?;
        read(&word).ok_or_else(|| t!("`{key}` is not one of its words", key = key))
    }
}

/// A time as written: whole milliseconds.
fn millis(ms: f64) -> f64 {
    ms.max(0.0).trunc()
}

/// An entry as the library stores it and a backup holds it.
#[must_use]
pub fn of_entry(e: &Entry) -> Obj {
    let mut o = Obj::new();
    o.set_str("id", &e.id).set_str("text", &e.text).set_str("origin", e.origin.id());
    o.set_num("created", millis(e.created)).set_num("updated", millis(e.updated)).set_bool("starred", e.starred);
    if let Some(at) = e.deleted {
        o.set_num("deleted", millis(at));
    }
    o.set_num("rev", e.rev as f64);
    o
}

/// Reads [`of_entry`] back (`starred`, `deleted` and `rev` may be missing).
///
/// # Errors
/// The first field missing or wrong, in words.
pub fn entry(o: &Obj) -> Result<Entry, String> {
    Ok(Entry {
        id: o.need_str("id")?,
        text: o.need_str("text")?,
        origin: o.need_word("origin", Origin::from_id)?,
        created: o.need_time("created")?,
        updated: o.need_time("updated")?,
        starred: o.bool("starred").unwrap_or(false),
        deleted: o.time("deleted"),
        rev: o.time("rev").map_or(0, |n| n as u64),
    })
}

/// A summary as the library stores it.
#[must_use]
pub fn of_summary(s: &Summary) -> Obj {
    let mut o = Obj::new();
    o.set_str("id", &s.id).set_str("game", &s.game).set_str("title", &s.title).set_str("players", &s.players);
    o.set_str("about", &s.about).set_str("result", &s.result).set_str("standing", s.standing.id());
    o.set_str("opponent", s.opponent.id()).set_num("moves", f64::from(s.moves)).set_str("origin", s.origin.id());
    o.set_num("created", millis(s.created)).set_num("updated", millis(s.updated));
    o.set_bool("starred", s.starred).set_bool("deleted", s.deleted);
    o.set_str("spec", &s.spec).set_str("cells", &s.cells);
    if s.since > 0.0 {
        o.set_num("since", millis(s.since));
    }
    o.set_str("lang", &s.lang);
    o
}

/// Reads [`of_summary`] back (`about`, `spec`, `cells` and `since` may be
/// missing: summaries kept before them, and `since` outside games with a
/// distant friend).
///
/// # Errors
/// The first field missing or wrong, in words.
pub fn summary(o: &Obj) -> Result<Summary, String> {
    let flag = |key: &str| o.bool(key).ok_or_else(|| t!("no true or false `{key}`", key = key));
    Ok(Summary {
        id: o.need_str("id")?,
        game: o.need_str("game")?,
        title: o.need_str("title")?,
        players: o.need_str("players")?,
        about: o.str("about").unwrap_or_default(),
        result: o.need_str("result")?,
        standing: o.need_word("standing", Standing::from_id)?,
        opponent: o.need_word("opponent", Opponent::from_id)?,
        moves: o.time("moves").and_then(|n| u32::try_from(n as u64).ok()).ok_or_else(|| t!("no number `moves`"))?,
        origin: o.need_word("origin", Origin::from_id)?,
        created: o.need_time("created")?,
        updated: o.need_time("updated")?,
        starred: flag("starred")?,
        deleted: flag("deleted")?,
        spec: o.str("spec").unwrap_or_default(),
        cells: o.str("cells").unwrap_or_default(),
        since: o.time("since").unwrap_or(0.0),
        lang: o.str("lang").unwrap_or_default(),
    })
}

/// Why a text that is not JSON cannot be read, in the player's words (the
/// parser's own, which differ between the browser and `serde_json` and
/// speak of tokens and columns, are not).
fn not_json() -> String {
    t!("it is not JSON: the file is damaged, cut short, or of another kind")
}

/// Why JSON that is no object cannot be read.
fn not_object() -> String {
    t!("it is not a JSON object")
}

#[cfg(not(target_family = "wasm"))]
mod imp {
    use serde_json::{Map, Value};

    pub struct Obj(Map<String, Value>);

    impl Obj {
        pub fn new() -> Obj {
            Obj(Map::new())
        }

        pub fn parse(text: &str) -> Result<Obj, String> {
            match serde_json::from_str(text).map_err(|_| super::not_json())? {
                Value::Object(map) => Ok(Obj(map)),
                _ => Err(super::not_object()),
            }
        }

        pub fn text(&self, indented: bool) -> String {
            let text = if indented { serde_json::to_string_pretty(&self.0) } else { serde_json::to_string(&self.0) };
            // A map of plain values always prints.
            text.unwrap_or_default()
        }

        pub fn str(&self, key: &str) -> Option<String> {
            self.0.get(key)?.as_str().map(str::to_owned)
        }

        pub fn num(&self, key: &str) -> Option<f64> {
            self.0.get(key)?.as_f64()
        }

        pub fn bool(&self, key: &str) -> Option<bool> {
            self.0.get(key)?.as_bool()
        }

        pub fn list(&self, key: &str) -> Option<Vec<Option<Obj>>> {
            let items = self.0.get(key)?.as_array()?;
            Some(items.iter().map(|v| v.as_object().map(|m| Obj(m.clone()))).collect())
        }

        pub fn set_str(&mut self, key: &str, value: &str) {
            self.0.insert(key.to_owned(), Value::from(value));
        }

        pub fn set_num(&mut self, key: &str, value: f64) {
            // Whole numbers are written as integers, as serde wrote them.
            let number =
                if value.fract() == 0.0 && value.abs() < 9e15 { Value::from(value as i64) } else { Value::from(value) };
            self.0.insert(key.to_owned(), number);
        }

        pub fn set_bool(&mut self, key: &str, value: bool) {
            self.0.insert(key.to_owned(), Value::from(value));
        }

        pub fn set_list(&mut self, key: &str, items: Vec<Obj>) {
            self.0.insert(key.to_owned(), Value::Array(items.into_iter().map(|o| Value::Object(o.0)).collect()));
        }
    }
}

#[cfg(target_family = "wasm")]
mod imp {
    use js_sys::{Array, JSON, Object, Reflect};
    use wasm_bindgen::{JsCast, JsValue};

    pub struct Obj(Object);

    impl Obj {
        pub fn new() -> Obj {
            Obj(Object::new())
        }

        pub fn parse(text: &str) -> Result<Obj, String> {
            let value = JSON::parse(text).map_err(|_| super::not_json())?;
            object(value).ok_or_else(super::not_object)
        }

        pub fn text(&self, indented: bool) -> String {
            let text = if indented {
                JSON::stringify_with_replacer_and_space(&self.0, &JsValue::NULL, &JsValue::from(2))
            } else {
                JSON::stringify(&self.0)
            };
            text.ok().and_then(|t| t.as_string()).unwrap_or_default()
        }

        fn get(&self, key: &str) -> JsValue {
            Reflect::get(&self.0, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
        }

        pub fn str(&self, key: &str) -> Option<String> {
            self.get(key).as_string()
        }

        pub fn num(&self, key: &str) -> Option<f64> {
            self.get(key).as_f64()
        }

        pub fn bool(&self, key: &str) -> Option<bool> {
            self.get(key).as_bool()
        }

        pub fn list(&self, key: &str) -> Option<Vec<Option<Obj>>> {
            let value = self.get(key);
            Array::is_array(&value).then(|| Array::from(&value).iter().map(object).collect())
        }

        fn set(&mut self, key: &str, value: &JsValue) {
            let _ = Reflect::set(&self.0, &JsValue::from_str(key), value);
        }

        pub fn set_str(&mut self, key: &str, value: &str) {
            self.set(key, &JsValue::from_str(value));
        }

        pub fn set_num(&mut self, key: &str, value: f64) {
            self.set(key, &JsValue::from_f64(value));
        }

        pub fn set_bool(&mut self, key: &str, value: bool) {
            self.set(key, &JsValue::from_bool(value));
        }

        pub fn set_list(&mut self, key: &str, items: Vec<Obj>) {
            let list: Array = items.into_iter().map(|o| JsValue::from(o.0)).collect();
            self.set(key, &list);
        }
    }

    /// A plain object (not a list, not null).
    fn object(value: JsValue) -> Option<Obj> {
        (value.is_object() && !Array::is_array(&value)).then(|| Obj(value.unchecked_into()))
    }
}
