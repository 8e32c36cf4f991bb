//! Size probe: the cost in .wasm of reading a language's texts and
//! formatting one with a named value and a plural, Fluent against a
//! sorted table with `{name}` filling.
use std::fmt::Write;

fn input(ptr: *const u8, len: usize) -> &'static str {
    unsafe { std::str::from_utf8_unchecked(std::slice::from_raw_parts(ptr, len)) }
}

#[cfg(feature = "fluent")]
#[unsafe(no_mangle)]
pub extern "C" fn run(ptr: *const u8, len: usize, n: u32) -> usize {
    use fluent_bundle::{FluentArgs, FluentBundle, FluentResource};
    let res = match FluentResource::try_new(input(ptr, len).to_owned()) { Ok(r) => r, Err((r, _)) => r };
    let lang: unic_langid::LanguageIdentifier = "ru".parse().unwrap_or_default();
    let mut bundle = FluentBundle::new(vec![lang]);
    let _ = bundle.add_resource(res);
    let mut args = FluentArgs::new();
    args.set("n", n);
    let mut errors = vec![];
    let msg = bundle.get_message("games").and_then(|m| m.value()).map(|p| bundle.format_pattern(p, Some(&args), &mut errors).into_owned());
    msg.map_or(0, |m| m.len())
}

#[cfg(not(feature = "fluent"))]
#[unsafe(no_mangle)]
pub extern "C" fn run(ptr: *const u8, len: usize, n: u32) -> usize {
    // The stand-in for our reader: key<TAB>text lines into a sorted table, then a lookup and `{n}` filled.
    let mut table: Vec<(&str, &str)> = input(ptr, len).lines().filter_map(|l| l.split_once('\t')).collect();
    table.sort_unstable();
    let Ok(i) = table.binary_search_by(|(k, _)| (*k).cmp("games")) else { return 0 };
    let mut out = String::new();
    let text = table[i].1;
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        if let Some(close) = after.find('}') && &after[..close] == "n" {
            let _ = write!(out, "{n}");
            rest = &after[close + 1..];
        } else {
            out.push('{');
            rest = after;
        }
    }
    out.push_str(rest);
    out.len()
}
