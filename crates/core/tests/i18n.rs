//! The languages stay whole: every text of the sources is a key of the
//! English list (`i18n/en.json`, written from the sources: run with
//! `LUDOTECA_UPDATE_I18N=1` after changing a text), and every language's
//! file holds exactly those keys, with the same placeholders; the
//! translated rules pages and lessons keep the English files' structure.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use ludoteca_core::i18n::{Lang, MANIFEST_DESCRIPTION, dynamic_keys, placeholders};
use serde_json::{Map, Value};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every file under `dir` whose name ends in `ext`.
fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, ext, out);
        } else if path.to_string_lossy().ends_with(ext) {
            out.push(path);
        }
    }
}

/// A key of the list: one text, or a plural's English forms.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    One(String),
    Plural(String, String),
}

impl Key {
    fn name(&self) -> String {
        match self {
            Key::One(s) => s.clone(),
            Key::Plural(one, other) => format!("{one}|{other}"),
        }
    }
}

/// Reads a quoted literal at the start of `s` (Rust `"…"` or JS `'…'`),
/// with its escapes; the text and what follows it.
fn literal(s: &str) -> Option<(String, &str)> {
    let quote = s.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let mut out = String::new();
    let mut chars = s[1..].char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => match chars.next()?.1 {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                '\\' => out.push('\\'),
                '"' => out.push('"'),
                '\'' => out.push('\''),
                'u' => {
                    let rest = &s[1 + i + 2..];
                    let (hex, skip) = if let Some(braced) = rest.strip_prefix('{') {
                        let end = braced.find('}')?;
                        (&braced[..end], end + 2)
                    } else {
                        (rest.get(..4)?, 4)
                    };
                    out.push(char::from_u32(u32::from_str_radix(hex, 16).ok()?)?);
                    for _ in 0..skip {
                        chars.next();
                    }
                }
                '\n' => {
                    // A Rust line continuation: the next line's leading spaces go.
                    while chars.clone().next().is_some_and(|(_, c)| c.is_whitespace()) {
                        chars.next();
                    }
                }
                other => out.push(other),
            },
            c if c == quote => return Some((out, &s[1 + i + 1..])),
            c => out.push(c),
        }
    }
    None
}

/// The keys of one source file: `t!("…")`/`tn!(n, "…", "…")` in Rust,
/// `t('…')`/`tn(n, '…', '…')` in the Learn page's JavaScript; comments
/// left out.
fn keys_of(source: &str, js: bool) -> Vec<Key> {
    let code: String = source.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
    let (one, plural) = if js { ("t(", "tn(") } else { ("t!(", "tn!(") };
    let mut keys = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find(one).into_iter().chain(rest.find(plural)).min() {
        let before = rest[..at].chars().next_back();
        let word_start = before.is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == '.'));
        let is_plural = rest[at..].starts_with(plural);
        rest = &rest[at + if is_plural { plural.len() } else { one.len() }..];
        if !word_start {
            continue;
        }
        if is_plural {
            let Some(first) = rest.find(['"', '\'']) else { break };
            let Some((a, after)) = literal(&rest[first..]) else { continue };
            let after = after.trim_start().trim_start_matches(',').trim_start();
            let Some((b, after)) = literal(after) else { continue };
            keys.push(Key::Plural(a, b));
            rest = after;
        } else if let Some((text, after)) = literal(rest.trim_start()) {
            keys.push(Key::One(text));
            rest = after;
        }
    }
    keys
}

/// Every key: the sources' literals and the texts made elsewhere.
fn source_keys() -> BTreeSet<Key> {
    let root = root();
    let mut paths = Vec::new();
    files(&root.join("src"), ".rs", &mut paths);
    files(&root.join("crates/core/src"), ".rs", &mut paths);
    files(&root.join("crates/worker/src"), ".rs", &mut paths);
    let mut keys = BTreeSet::new();
    for path in &paths {
        let text = path.to_string_lossy();
        // The mechanism's own file shows `t!` in its documentation.
        if text.ends_with("/i18n/mod.rs") || text.ends_with("tests.rs") {
            continue;
        }
        keys.extend(keys_of(&read(path), false));
    }
    // The Learn page's script.
    keys.extend(keys_of(&read(&root.join("public/learn.js")), true));
    keys.extend(dynamic_keys().into_iter().map(|k| Key::One(k.to_owned())));
    keys
}

fn english_list(keys: &BTreeSet<Key>) -> String {
    let mut map = Map::new();
    for key in keys {
        let value = match key {
            Key::One(s) => Value::String(s.clone()),
            Key::Plural(one, other) => {
                let mut forms = Map::new();
                forms.insert("one".into(), Value::String(one.clone()));
                forms.insert("other".into(), Value::String(other.clone()));
                Value::Object(forms)
            }
        };
        map.insert(key.name(), value);
    }
    serde_json::to_string_pretty(&Value::Object(map)).unwrap_or_else(|e| panic!("{e}")) + "\n"
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_sources_find_their_keys() {
    let source = r#"
        let a = t!("Cancel");
        // t!("a comment")
        let b = t!("Move {n} \"queued\".", n = 4);
        let c = tn!(count, "{n} game", "{n} games", x = 1);
        let d = bit!("not a key");
        let e = t!("long \
                    line");
    "#;
    assert_eq!(
        keys_of(source, false),
        [
            Key::One("Cancel".into()),
            Key::One("Move {n} \"queued\".".into()),
            Key::Plural("{n} game".into(), "{n} games".into()),
            Key::One("long line".into()),
        ]
    );
    let js = "el('p', {}, t('All lessons')); x.t('no'); tn(n, 'a {n}', 'b {n}'); t('it\\'s')";
    assert_eq!(
        keys_of(js, true),
        [Key::One("All lessons".into()), Key::Plural("a {n}".into(), "b {n}".into()), Key::One("it's".into())]
    );
}

#[test]
fn the_english_list_is_the_sources_keys() {
    let keys = source_keys();
    assert!(keys.len() > 300, "only {} keys found: is the scan broken?", keys.len());
    for key in &keys {
        assert!(!key.name().trim().is_empty(), "an empty key");
        if let Key::One(s) = key {
            assert!(!s.contains('|'), "a key holds |, which marks plural keys: {s}");
        }
    }
    let wanted = english_list(&keys);
    let path = root().join("i18n/en.json");
    if std::env::var_os("LUDOTECA_UPDATE_I18N").is_some() {
        fs::write(&path, &wanted).unwrap();
    }
    let have = fs::read_to_string(&path).unwrap_or_default();
    if have != wanted {
        let have: BTreeSet<String> =
            serde_json::from_str::<Map<String, Value>>(&have).map(|m| m.keys().cloned().collect()).unwrap_or_default();
        let want: BTreeSet<String> = keys.iter().map(Key::name).collect();
        let new: Vec<_> = want.difference(&have).take(20).collect();
        let gone: Vec<_> = have.difference(&want).take(20).collect();
        panic!(
            "i18n/en.json is not the sources' keys: run `LUDOTECA_UPDATE_I18N=1 cargo test -p ludoteca-core --test i18n`, then translate the new keys in every language.\nnew: {new:?}\ngone: {gone:?}"
        );
    }
}

const CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

#[test]
fn every_language_has_exactly_the_english_keys_and_placeholders() {
    let keys = source_keys();
    let english: BTreeMap<String, &Key> = keys.iter().map(|k| (k.name(), k)).collect();
    for lang in Lang::TRANSLATED {
        let path = root().join(format!("i18n/{}/app.json", lang.code()));
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let map: Map<String, Value> =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not a JSON object: {e}", path.display()));
        let have: BTreeSet<&String> = map.keys().collect();
        let want: BTreeSet<&String> = english.keys().collect();
        let missing: Vec<_> = want.difference(&have).take(10).collect();
        let extra: Vec<_> = have.difference(&want).take(10).collect();
        assert!(missing.is_empty() && extra.is_empty(), "{lang}: missing {missing:?}, not in English {extra:?}");
        for (name, key) in &english {
            let value = &map[name.as_str()];
            match (key, value) {
                (Key::One(en), Value::String(tr)) => {
                    // The same names (a language may say one twice, or once).
                    let (a, b): (BTreeSet<&str>, BTreeSet<&str>) =
                        (placeholders(en).into_iter().collect(), placeholders(tr).into_iter().collect());
                    assert_eq!(a, b, "{lang}: the placeholders of {name:?} differ in {tr:?}");
                    assert!(!tr.trim().is_empty(), "{lang}: {name:?} is empty");
                }
                (Key::Plural(one, other), Value::Object(forms)) => {
                    let english: BTreeSet<&str> = placeholders(one).into_iter().chain(placeholders(other)).collect();
                    assert!(forms.contains_key("other"), "{lang}: {name:?} has no `other` form");
                    let mut seen = BTreeSet::new();
                    for (category, form) in forms {
                        assert!(
                            CATEGORIES.contains(&category.as_str()),
                            "{lang}: {name:?} has a category {category:?}"
                        );
                        let form = form.as_str().unwrap_or_else(|| panic!("{lang}: {name:?}/{category} is no text"));
                        assert!(!form.trim().is_empty(), "{lang}: {name:?}/{category} is empty");
                        for p in placeholders(form) {
                            assert!(
                                english.contains(p),
                                "{lang}: {name:?}/{category} has a placeholder {{{p}}} English does not"
                            );
                            seen.insert(p);
                        }
                    }
                    let other: BTreeSet<&str> =
                        placeholders(forms["other"].as_str().unwrap_or_default()).into_iter().collect();
                    assert_eq!(other, english, "{lang}: the `other` form of {name:?} must hold every placeholder");
                }
                _ => panic!("{lang}: {name:?} is not of the English key's kind (a text, or plural forms)"),
            }
        }
    }
}

/// The kind of a rules page's line, and its diagram's fixed fields.
fn rules_line_shape(line: &str) -> String {
    if line.starts_with("===") || line.starts_with('#') && !line.starts_with("##") {
        return line.to_owned();
    }
    if let Some(rest) = line.strip_prefix('@') {
        let fields: Vec<&str> = rest.split('|').collect();
        return format!("@{}", fields[..fields.len().saturating_sub(1)].join("|"));
    }
    for kind in ["!## D", "## D"] {
        if line.starts_with(kind) && line[kind.len()..].chars().all(|c| c.is_ascii_digit()) {
            return line.to_owned();
        }
    }
    for kind in ["!##", "##"] {
        if line.starts_with(kind) {
            return kind.to_owned();
        }
    }
    if line.trim().is_empty() { String::new() } else { "text".to_owned() }
}

/// The headings of each game's rules page.
fn headings(rules: &str) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut game = String::new();
    for line in rules.lines() {
        if let Some(g) = line.strip_prefix("===") {
            game = g.trim().to_owned();
        } else if let Some(h) = line.strip_prefix("!##").or_else(|| line.strip_prefix("##")) {
            out.entry(game.clone()).or_default().insert(h.trim().to_owned());
        }
    }
    out
}

#[test]
fn the_translated_rules_pages_keep_the_english_structure() {
    let english = fs::read_to_string(root().join("public/rules.txt")).unwrap();
    for lang in Lang::TRANSLATED {
        let path = root().join(format!("i18n/{}/rules.txt", lang.code()));
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (a, b): (Vec<&str>, Vec<&str>) = (english.lines().collect(), text.lines().collect());
        assert_eq!(a.len(), b.len(), "{lang}: the rules have {} lines, English {}", b.len(), a.len());
        for (i, (en, tr)) in a.iter().zip(&b).enumerate() {
            assert_eq!(rules_line_shape(en), rules_line_shape(tr), "{lang}: rules line {} differs in kind", i + 1);
        }
        // Each game's page reads and its diagrams replay, as the English.
        for kind in rules::GameKind::ALL {
            let page = ludoteca_core::view::rules_text::section(&text, kind.id())
                .unwrap_or_else(|| panic!("{lang}: no {} rules", kind.id()));
            let blocks = ludoteca_core::view::rules_text::read(page)
                .unwrap_or_else(|e| panic!("{lang}: the {} rules do not read: {e}", kind.id()));
            let html = ludoteca_core::markup::rules::body(&blocks);
            assert!(!html.as_str().contains("diagram unavailable"), "{lang}: a {} diagram does not replay", kind.id());
        }
    }
}

#[test]
fn the_translated_lessons_keep_the_english_steps() {
    for lang in Lang::TRANSLATED {
        let rules = fs::read_to_string(root().join(format!("i18n/{}/rules.txt", lang.code()))).unwrap();
        let headings = headings(&rules);
        for game in ["attract", "forms", "loa", "ra"] {
            let en = fs::read_to_string(root().join(format!("data/lessons/{game}.txt"))).unwrap();
            let path = root().join(format!("i18n/{}/lessons/{game}.txt", lang.code()));
            let tr = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let (a, b): (Vec<&str>, Vec<&str>) = (
                en.lines().filter(|l| !l.starts_with('#')).collect(),
                tr.lines().filter(|l| !l.starts_with('#')).collect(),
            );
            assert_eq!(a.len(), b.len(), "{lang}/{game}: {} lesson lines, English {}", b.len(), a.len());
            for (en, tr) in a.iter().zip(&b) {
                let (x, y): (Vec<&str>, Vec<&str>) = (en.split('\t').collect(), tr.split('\t').collect());
                assert_eq!(x.len(), y.len(), "{lang}/{game}: a line's fields: {tr}");
                let fixed: &[usize] = match x[0] {
                    "step" => &[0, 1, 2, 3, 4],
                    "lesson" => &[0, 1],
                    _ => &[0],
                };
                for &i in fixed {
                    assert_eq!(x[i], y[i], "{lang}/{game}: field {i} must stay as in English: {tr}");
                }
                for (i, field) in y.iter().enumerate() {
                    assert!(!field.trim().is_empty() || x[i].trim().is_empty(), "{lang}/{game}: an empty field: {tr}");
                }
                if x[0] == "step" {
                    let section = y[8].trim();
                    let game_id = y[1].split(':').next().unwrap_or_default();
                    assert!(
                        headings.get(game_id).is_some_and(|h| h.contains(section)),
                        "{lang}/{game}: the section {section:?} is no heading of its rules page"
                    );
                }
            }
        }
    }
}

#[test]
fn the_manifest_description_is_a_key() {
    let manifest: Value = serde_json::from_str(&read(&root().join("public/manifest.webmanifest"))).unwrap();
    assert_eq!(manifest["description"].as_str(), Some(MANIFEST_DESCRIPTION), "the build translates it by this key");
}
