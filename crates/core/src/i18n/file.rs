//! A language's texts as files: the source each language is written in
//! (`i18n/<code>/app.json`, read natively by the tests and the build), and
//! the packed file the build makes of it for browsers (the page, the
//! worker, the Learn page), read here in plain Rust; and a language's
//! plural rule.
//!
//! The source is a JSON object: each English key to its text, or to an
//! object of texts by plural category. The packed file says the same
//! without JSON, so that a browser reads it in one pass over the text, with
//! no call into JavaScript per text (reading the JSON through the
//! browser's `JSON.parse`, a call or more per text, took 70 ms of a phone's
//! processor for German's 939 texts): a first record [`HEADER`], then one
//! record per key, records split by U+001E, fields by U+001F: `key␟text`,
//! or `key␟category␟form␟category␟form…` for plural forms. No text holds
//! those two characters ([`write`] refuses one that does).

use super::{Catalogue, Lang, PluralRule, Text};

/// Between records.
pub const RECORD: char = '\u{1e}';
/// Between a record's fields.
pub const FIELD: char = '\u{1f}';
/// The packed file's first record: its kind and version.
pub const HEADER: &str = "ludoteca-texts 1";

/// Reads a packed language file (see the module's note).
///
/// # Errors
/// Why the text is no language file, in words.
pub fn read(packed: &str) -> Result<Catalogue, String> {
    let mut records = packed.split(RECORD);
    match records.next() {
        Some(HEADER) => {}
        Some(other) if other.starts_with("ludoteca-texts ") => {
            return Err(format!(
                "the language file is of another version ({}), not {}",
                rules::quote(other),
                rules::quote(HEADER)
            ));
        }
        _ => return Err("the language file is not a file of texts".to_owned()),
    }
    let mut texts = Vec::new();
    for (i, record) in records.enumerate() {
        if record.is_empty() {
            continue;
        }
        let mut fields = record.split(FIELD);
        let key = fields.next().unwrap_or_default();
        let rest: Vec<&str> = fields.collect();
        let text = match rest.as_slice() {
            [one] => Text::One((*one).into()),
            pairs if !pairs.is_empty() && pairs.len() % 2 == 0 => {
                Text::Plural(pairs.chunks_exact(2).map(|c| (c[0].into(), c[1].into())).collect())
            }
            _ => {
                return Err(format!(
                    "text {} of the language file ({}) has {} fields: a text has 2, plural forms an odd number over 2",
                    i + 1,
                    rules::quote(key),
                    rest.len() + 1
                ));
            }
        };
        texts.push((key.into(), text));
    }
    Ok(Catalogue::new(texts))
}

/// The packed file of `catalogue`, which [`read`] reads back.
///
/// # Errors
/// A key, category or text that holds a separator, named.
pub fn write(catalogue: &Catalogue) -> Result<String, String> {
    let mut out = String::from(HEADER);
    let field = |out: &mut String, s: &str| {
        if s.contains([RECORD, FIELD]) {
            return Err(format!(
                "{} holds U+001E or U+001F, which the packed language file keeps for itself",
                rules::quote(s)
            ));
        }
        out.push_str(s);
        Ok(())
    };
    for (key, text) in catalogue.entries() {
        out.push(RECORD);
        field(&mut out, key)?;
        match text {
            Text::One(s) => {
                out.push(FIELD);
                field(&mut out, s)?;
            }
            Text::Plural(forms) => {
                for (category, form) in forms {
                    out.push(FIELD);
                    field(&mut out, category)?;
                    out.push(FIELD);
                    field(&mut out, form)?;
                }
            }
        }
    }
    Ok(out)
}

/// Reads a language's source file (`i18n/<code>/app.json`): the tests and
/// the build's tools do; browsers get the packed file.
///
/// # Errors
/// Why the text is no language file, in words.
#[cfg(not(target_family = "wasm"))]
pub fn read_source(text: &str) -> Result<Catalogue, String> {
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

/// The plural rule of `lang`: the browser's, or natively English's.
#[must_use]
pub fn plural_rule(lang: Lang) -> PluralRule {
    imp::plural_rule(lang)
}

#[cfg(target_family = "wasm")]
mod imp {
    use super::{Lang, PluralRule};
    use wasm_bindgen::JsValue;

    pub fn plural_rule(lang: Lang) -> PluralRule {
        let locales = js_sys::Array::of1(&JsValue::from_str(lang.code()));
        let rules = js_sys::Intl::PluralRules::new(&locales, &js_sys::Object::new());
        Box::new(move |n| rules.select(n as f64).as_string().unwrap_or_else(|| "other".to_owned()))
    }
}

#[cfg(not(target_family = "wasm"))]
mod imp {
    use super::{Lang, PluralRule};

    pub fn plural_rule(_: Lang) -> PluralRule {
        super::super::english_plural()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_source_file_reads_texts_and_plural_forms_and_refuses_what_is_no_file() {
        let c = read_source(
            r#"{"Cancel": "Отмена", "{n} game|{n} games": {"one": "{n} партия", "many": "{n} партий"}, "odd": 3}"#,
        )
        .unwrap();
        assert_eq!(c.get("Cancel"), Some(&Text::One("Отмена".into())));
        assert!(matches!(c.get("{n} game|{n} games"), Some(Text::Plural(forms)) if forms.len() == 2));
        assert!(c.get("odd").is_none(), "a value of no kind is left out");
        assert!(read_source("[1, 2]").is_err());
        assert!(read_source("not json").is_err());
    }

    #[test]
    fn a_packed_file_reads_back_what_was_written() {
        let c = read_source(
            r#"{"Cancel": "Anuluj", "{n} game|{n} games": {"one": "{n} gra", "few": "{n} gry", "many": "{n} gier"}}"#,
        )
        .unwrap();
        let packed = write(&c).unwrap();
        assert_eq!(
            packed,
            "ludoteca-texts 1\u{1e}Cancel\u{1f}Anuluj\u{1e}{n} game|{n} games\u{1f}one\u{1f}{n} gra\u{1f}few\u{1f}{n} gry\u{1f}many\u{1f}{n} gier"
        );
        assert_eq!(read(&packed), Ok(c));
        assert_eq!(read(HEADER), Ok(Catalogue::default()), "no texts: an empty catalogue");
    }

    #[test]
    fn a_packed_file_that_is_not_one_says_why() {
        assert_eq!(read(""), Err("the language file is not a file of texts".to_owned()));
        assert_eq!(read(r#"{"Cancel": "Anuluj"}"#), Err("the language file is not a file of texts".to_owned()));
        assert!(read("ludoteca-texts 2\u{1e}a\u{1f}b").unwrap_err().contains("another version"));
        let missing = read("ludoteca-texts 1\u{1e}Cancel").unwrap_err();
        assert!(missing.starts_with("text 1 of the language file (\"Cancel\") has 1 fields"), "{missing}");
        assert!(
            read("ludoteca-texts 1\u{1e}a\u{1f}b\u{1e}k\u{1f}one\u{1f}x\u{1f}other").is_err(),
            "a category without its form"
        );
        let bad = Catalogue::new(vec![("a".into(), Text::One("b\u{1f}c".into()))]);
        assert!(write(&bad).unwrap_err().contains("U+001F"));
    }

    #[test]
    fn every_language_packs_and_reads_back() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../i18n");
        for code in ["de", "es", "fr", "it", "pl", "ru"] {
            let source = std::fs::read_to_string(format!("{root}/{code}/app.json")).unwrap();
            let c = read_source(&source).unwrap();
            assert!(c.len() > 900, "{code}: {} texts", c.len());
            assert_eq!(read(&write(&c).unwrap()), Ok(c), "{code}");
        }
    }

    fn text() -> impl Strategy<Value = Text> {
        let s = "[^\u{1e}\u{1f}]{0,12}";
        prop_oneof![
            s.prop_map(|t: String| Text::One(t.into())),
            prop::collection::vec((s, s), 1..4)
                .prop_map(|f| Text::Plural(f.into_iter().map(|(c, t)| (c.into(), t.into())).collect())),
        ]
    }

    proptest! {
        #[test]
        fn any_catalogue_packs_and_reads_back(entries in prop::collection::vec(("[^\u{1e}\u{1f}]{0,12}", text()), 0..20)) {
            let c = Catalogue::new(entries.into_iter().map(|(k, t)| (k.into(), t)).collect());
            prop_assert_eq!(read(&write(&c).unwrap()), Ok(c));
        }

        #[test]
        fn any_text_reads_without_panic(packed in "(ludoteca-texts 1)?[\u{1e}\u{1f}a-c]{0,40}") {
            let _ = read(&packed);
        }
    }
}
