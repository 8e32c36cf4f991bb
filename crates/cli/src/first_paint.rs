//! The `first-paint` command: what the app's pages show before the app has
//! loaded, written by the web build into its output
//! (`scripts/build/postbuild.mjs`), in English and in each other language.

use std::path::PathBuf;

use ludoteca_core::i18n::{self, Lang, file};
use ludoteca_core::markup::first_paint::{header, pages, root};

/// `ludoteca first-paint`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The folder the pages drawn ahead are written to (made if missing).
    dir: PathBuf,
    /// Another language than English: its pages are written as
    /// `<page>.<code>.html`, each with the header before it, and the header
    /// alone as `header.<code>.html` (for a page with none drawn ahead).
    #[arg(long, requires_all = ["texts", "plurals"])]
    lang: Option<String>,
    /// The language's texts (`i18n/<code>/app.json`).
    #[arg(long)]
    texts: Option<PathBuf>,
    /// The language's plural category of each count from 0, comma-separated
    /// (`other,one,few,…`), as the build's JavaScript `Intl.PluralRules`
    /// gives them; a larger count is `other`.
    #[arg(long)]
    plurals: Option<String>,
    /// Also writes the language's texts packed for browsers (see
    /// `ludoteca_core::i18n::file`) to this file.
    #[arg(long, requires = "lang")]
    packed: Option<PathBuf>,
}

impl Args {
    /// Writes each page drawn ahead to `dir`; the header, for the served
    /// page, is the output.
    pub fn run(&self) -> Result<String, String> {
        std::fs::create_dir_all(&self.dir).map_err(|e| format!("{}: {e}", self.dir.display()))?;
        let write = |name: String, markup: &str| {
            let path = self.dir.join(name);
            std::fs::write(&path, markup).map_err(|e| format!("{}: {e}", path.display()))
        };
        let Some(code) = &self.lang else {
            for (name, markup) in pages() {
                write(format!("{name}.html"), markup.as_str())?;
            }
            return Ok(root().into_string());
        };
        let lang = Lang::from_code(code)
            .filter(|l| !matches!(l, Lang::En | Lang::Pseudo))
            .ok_or_else(|| format!("{code:?} is not a language with texts of its own"))?;
        let path = self.texts.as_ref().ok_or("--lang needs --texts")?;
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let catalogue = file::read_source(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        if let Some(packed) = &self.packed {
            let bytes = file::write(&catalogue).map_err(|e| format!("{}: {e}", path.display()))?;
            std::fs::write(packed, bytes).map_err(|e| format!("{}: {e}", packed.display()))?;
        }
        let plurals = categories(self.plurals.as_deref().unwrap_or_default());
        i18n::install(
            lang,
            catalogue,
            Box::new(move |n| plurals.get(n as usize).cloned().unwrap_or_else(|| "other".to_owned())),
        );
        let top = header().into_string();
        for (name, markup) in pages() {
            write(format!("{name}.{code}.html"), &format!("{top}{}", markup.as_str()))?;
        }
        write(format!("header.{code}.html"), &top)?;
        i18n::install(Lang::En, i18n::Catalogue::default(), i18n::english_plural());
        Ok(String::new())
    }
}

/// The categories of `0,1,2,…` from `other,one,other,…`.
fn categories(list: &str) -> Vec<String> {
    list.split(',').map(|c| c.trim().to_owned()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_language_s_pages_are_written_in_it_with_their_header() {
        let dir = std::env::temp_dir().join(format!("ludoteca-first-paint-{}", std::process::id()));
        let texts = concat!(env!("CARGO_MANIFEST_DIR"), "/../../i18n/de/app.json");
        let args = Args {
            dir: dir.clone(),
            lang: Some("de".to_owned()),
            texts: Some(texts.into()),
            plurals: Some("other,one,other".to_owned()),
            packed: Some(dir.join("de.packed")),
        };
        assert_eq!(args.run(), Ok(String::new()));
        let packed = file::read(&std::fs::read_to_string(dir.join("de.packed")).unwrap()).unwrap();
        assert_eq!(packed.get("My games"), Some(&i18n::Text::One("Meine Spiele".into())), "the packed texts");
        let loa = std::fs::read_to_string(dir.join("loa.de.html")).unwrap();
        assert!(loa.starts_with("<header class=\"top\">"), "the header first: {loa}");
        assert!(loa.contains("Meine Spiele"), "the header in German: {loa}");
        assert!(loa.contains("data-x=\"Schwarz"), "the first board's words in German: {loa}");
        assert!(!loa.contains("Loading the board"), "{loa}");
        assert!(std::fs::read_to_string(dir.join("header.de.html")).unwrap().starts_with("<header"));
        // English again afterwards, and no words for the first board there.
        assert!(!pages()[4].1.as_str().contains("data-x="));
        let wrong = Args { lang: Some("xx".to_owned()), ..args };
        assert!(wrong.run().is_err());
        let _ = std::fs::remove_dir_all(dir);
    }
}
