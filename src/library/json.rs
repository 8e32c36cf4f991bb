//! JSON for the library's stored entries and its backup file. Natively
//! (tests, the CLI's `library` command) through `serde_json`; in the
//! browser through the browser's own `JSON.parse` and `JSON.stringify`,
//! which the worker has for nothing, instead of a JSON parser and printer
//! of its own (about 5 KB gzip of the worker's `.wasm`; docs/lab/sizes.md).
//! Both read what the other writes: the stored text is the same JSON.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// `value` as JSON, on one line, or indented by two spaces.
#[must_use]
pub fn write<T: Serialize>(value: &T, indented: bool) -> String {
    imp::write(value, indented)
}

/// The value `text` holds.
///
/// # Errors
/// Why `text` is not JSON, or not JSON of a `T`, in words.
pub fn read<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    imp::read(text)
}

/// A value read as JSON but not yet as a type: see [`read_raw`].
pub use imp::Raw;

/// The `T` a [`Raw`] value holds.
///
/// # Errors
/// Why it is not a `T`, in words.
pub fn read_raw<T: DeserializeOwned>(raw: Raw) -> Result<T, String> {
    imp::read_raw(raw)
}

#[cfg(not(target_family = "wasm"))]
mod imp {
    use serde::Serialize;
    use serde::de::DeserializeOwned;

    /// A JSON value, kept as it was parsed.
    pub type Raw = serde_json::Value;

    pub fn write<T: Serialize>(value: &T, indented: bool) -> String {
        // Plain data (no maps with non-string keys) always serialises.
        let text = if indented { serde_json::to_string_pretty(value) } else { serde_json::to_string(value) };
        text.unwrap_or_default()
    }

    pub fn read<T: DeserializeOwned>(text: &str) -> Result<T, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    pub fn read_raw<T: DeserializeOwned>(raw: Raw) -> Result<T, String> {
        serde_json::from_value(raw).map_err(|e| e.to_string())
    }
}

#[cfg(target_family = "wasm")]
mod imp {
    use js_sys::JSON;
    use serde::de::DeserializeOwned;
    use serde::{Deserialize, Deserializer, Serialize};
    use wasm_bindgen::JsValue;

    /// A JavaScript value, kept as it was parsed.
    pub struct Raw(JsValue);

    impl<'de> Deserialize<'de> for Raw {
        fn deserialize<D: Deserializer<'de>>(from: D) -> Result<Raw, D::Error> {
            serde_wasm_bindgen::preserve::deserialize(from).map(Raw)
        }
    }

    pub fn write<T: Serialize>(value: &T, indented: bool) -> String {
        let Ok(value) = value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()) else {
            return String::new();
        };
        let text = if indented {
            JSON::stringify_with_replacer_and_space(&value, &JsValue::NULL, &JsValue::from(2))
        } else {
            JSON::stringify(&value)
        };
        text.ok().and_then(|t| t.as_string()).unwrap_or_default()
    }

    pub fn read<T: DeserializeOwned>(text: &str) -> Result<T, String> {
        let value = JSON::parse(text).map_err(|e| {
            e.dyn_ref::<js_sys::Error>().map_or_else(|| "it is not JSON".to_owned(), |e| String::from(e.message()))
        })?;
        read_raw(Raw(value))
    }

    pub fn read_raw<T: DeserializeOwned>(raw: Raw) -> Result<T, String> {
        serde_wasm_bindgen::from_value(raw.0).map_err(|e| e.to_string())
    }

    use wasm_bindgen::JsCast as _;
}
