//! A language's file read into a [`Catalogue`], and its plural rule: in a
//! browser (the page and the worker) by the browser's own `JSON.parse` and
//! `Intl.PluralRules`, natively (tests) by `serde_json` and the English
//! rule. The file is a JSON object: each English key to its text, or to an
//! object of texts by plural category.

use super::{Catalogue, Lang, PluralRule, Text};

/// Reads a language's file.
///
/// # Errors
/// Why the text is no language file, in words.
pub fn read(text: &str) -> Result<Catalogue, String> {
    imp::read(text)
}

/// The plural rule of `lang`: the browser's, or natively English's.
#[must_use]
pub fn plural_rule(lang: Lang) -> PluralRule {
    imp::plural_rule(lang)
}

#[cfg(target_family = "wasm")]
mod imp {
    use super::{Catalogue, Lang, PluralRule, Text};
    use wasm_bindgen::{JsCast, JsValue};

    pub fn read(text: &str) -> Result<Catalogue, String> {
        let value = js_sys::JSON::parse(text).map_err(|_| "the language file is not JSON".to_owned())?;
        let object =
            value.dyn_into::<js_sys::Object>().map_err(|_| "the language file is not a JSON object".to_owned())?;
        let mut texts = Vec::new();
        for entry in js_sys::Object::entries(&object).iter() {
            let pair = js_sys::Array::from(&entry);
            let Some(key) = pair.get(0).as_string() else { continue };
            let value = pair.get(1);
            let text = if let Some(s) = value.as_string() {
                Text::One(s.into())
            } else if let Ok(forms) = value.dyn_into::<js_sys::Object>() {
                let forms = js_sys::Object::entries(&forms)
                    .iter()
                    .filter_map(|f| {
                        let f = js_sys::Array::from(&f);
                        Some((f.get(0).as_string()?.into(), f.get(1).as_string()?.into()))
                    })
                    .collect();
                Text::Plural(forms)
            } else {
                continue;
            };
            texts.push((key.into(), text));
        }
        Ok(Catalogue::new(texts))
    }

    pub fn plural_rule(lang: Lang) -> PluralRule {
        let locales = js_sys::Array::of1(&JsValue::from_str(lang.code()));
        let rules = js_sys::Intl::PluralRules::new(&locales, &js_sys::Object::new());
        Box::new(move |n| rules.select(n as f64).as_string().unwrap_or_else(|| "other".to_owned()))
    }
}

#[cfg(not(target_family = "wasm"))]
mod imp {
    use super::{Catalogue, Lang, PluralRule, Text};

    pub fn read(text: &str) -> Result<Catalogue, String> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("the language file is not JSON: {e}"))?;
        let object = value.as_object().ok_or_else(|| "the language file is not a JSON object".to_owned())?;
        let texts = object
            .iter()
            .filter_map(|(key, value)| {
                let text = match value {
                    serde_json::Value::String(s) => Text::One(s.as_str().into()),
                    serde_json::Value::Object(forms) => Text::Plural(
                        forms.iter().filter_map(|(k, v)| Some((k.as_str().into(), v.as_str()?.into()))).collect(),
                    ),
                    _ => return None,
                };
                Some((key.as_str().into(), text))
            })
            .collect();
        Ok(Catalogue::new(texts))
    }

    pub fn plural_rule(_: Lang) -> PluralRule {
        super::super::english_plural()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_reads_texts_and_plural_forms_and_refuses_what_is_no_file() {
        let c = read(
            r#"{"Cancel": "Отмена", "{n} game|{n} games": {"one": "{n} партия", "many": "{n} партий"}, "odd": 3}"#,
        )
        .unwrap();
        assert_eq!(c.get("Cancel"), Some(&Text::One("Отмена".into())));
        assert!(matches!(c.get("{n} game|{n} games"), Some(Text::Plural(forms)) if forms.len() == 2));
        assert!(c.get("odd").is_none(), "a value of no kind is left out");
        assert!(read("[1, 2]").is_err());
        assert!(read("not json").is_err());
    }
}
