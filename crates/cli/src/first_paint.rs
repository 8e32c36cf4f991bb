//! The `first-paint` command: what the app's pages show before the app has
//! loaded, written by the web build into its output
//! (`scripts/build/postbuild.mjs`).

use std::path::PathBuf;

use ludoteca_core::markup::first_paint::{pages, root};

/// `ludoteca first-paint`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The folder the pages drawn ahead are written to (made if missing).
    dir: PathBuf,
}

impl Args {
    /// Writes each page drawn ahead to `dir`; the header, for the served
    /// page, is the output.
    pub fn run(&self) -> Result<String, String> {
        std::fs::create_dir_all(&self.dir).map_err(|e| format!("{}: {e}", self.dir.display()))?;
        for (name, markup) in pages() {
            let path = self.dir.join(format!("{name}.html"));
            std::fs::write(&path, markup.as_str()).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(root().into_string())
    }
}
