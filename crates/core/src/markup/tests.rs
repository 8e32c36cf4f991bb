//! Tests of `markup`.

use proptest::prelude::*;

use super::*;

#[test]
fn elements_attributes_and_text() {
    let mut m = Markup::new();
    m.open("p").attr("class", "a \"b\" <c>").flag("hidden", true).flag("open", false).body();
    m.text("1 < 2 & 'x'").end("p");
    m.open("circle").attr("r", 38).empty();
    assert_eq!(
        m.as_str(),
        "<p class=\"a &quot;b&quot; &lt;c&gt;\" hidden>1 &lt; 2 &amp; &#39;x&#39;</p><circle r=\"38\"></circle>"
    );
}

proptest! {
    /// Whatever the text, in content or in a value, it adds no element,
    /// no attribute and no entity of its own: read back, the markup
    /// holds exactly one element with one attribute, and the text.
    #[test]
    fn no_text_becomes_markup(text in any::<String>(), value in any::<String>()) {
        let mut m = Markup::new();
        m.open("span").attr("title", &value).body();
        m.text(&text).end("span");
        let out = m.as_str();
        prop_assert_eq!(out.matches('<').count(), 2);
        prop_assert_eq!(out.matches('>').count(), 2);
        prop_assert_eq!(out.matches('"').count(), 2);
        prop_assert!(!out.contains('\''));
        let unescape = |s: &str| {
            s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&")
        };
        let open_end = out.find('>').unwrap_or_default();
        let inner = &out[open_end + 1..out.len() - "</span>".len()];
        prop_assert_eq!(unescape(inner), text);
        let quoted = &out["<span title=\"".len()..open_end - 1];
        prop_assert_eq!(unescape(quoted), value);
    }
}

/// Only `crate::web::set_markup` hands markup to the document: no other
/// file of the app sets `innerHTML` (or `outerHTML`), nor inserts HTML.
/// The Rust sources of the app, this crate and the worker (`tests`:
/// with their test files too).
fn browser_sources(tests: bool) -> Vec<std::path::PathBuf> {
    fn files(dir: &std::path::Path, tests: bool, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
            let test_file = name == "tests" || name == "tests.rs" || name == "test_requests.rs";
            if test_file && !tests {
                continue;
            }
            if path.is_dir() {
                files(&path, tests, out);
            } else if name.ends_with(".rs") {
                out.push(path);
            }
        }
    }
    let top = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut all = Vec::new();
    for dir in ["src", "crates/core/src", "crates/worker/src"] {
        files(&top.join(dir), tests, &mut all);
    }
    assert!(all.len() > 50, "the sources were found: {}", all.len());
    all
}

#[test]
fn only_one_place_writes_markup_into_the_document() {
    let all = browser_sources(true);
    let mut writers = Vec::new();
    for path in &all {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        for needle in ["set_inner_html(", "set_outer_html(", "insert_adjacent_html(", "inner_html="] {
            if text.contains(needle)
                && !path.ends_with("src/web.rs")
                && !path.ends_with("markup/mod.rs")
                && !path.ends_with("markup/tests.rs")
            {
                writers.push(format!("{} ({needle})", path.display()));
            }
        }
    }
    assert!(writers.is_empty(), "markup written outside web::set_markup: {writers:?}");
}

/// No message the browser shows is written with `{:?}`: the release build
/// formats no `Debug` (`-Zfmt-debug=none`), so `{text:?}` shows nothing
/// there ("move 1 of the solution, : …"). Quote with `rules::quote`.
/// (Test code, and lines that assert or panic, may use it.)
#[test]
fn no_message_the_browser_shows_uses_debug_formatting() {
    let all = browser_sources(false);
    let mut found = Vec::new();
    for path in &all {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        // Up to the file's test module, if any.
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for (n, line) in code.lines().enumerate() {
            let checked = ["assert", "panic!", "unreachable!", "debug_assert", "#[derive"];
            if (line.contains(":?}") || line.contains(":#?}")) && !checked.iter().any(|c| line.contains(c)) {
                found.push(format!("{}:{}", path.display(), n + 1));
            }
        }
    }
    assert!(found.is_empty(), "Debug formatting in a message: {found:?}");
}
