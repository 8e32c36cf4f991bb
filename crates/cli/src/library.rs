//! `ludoteca library`: a backup file of the app's game library (My games'
//! *Download a backup*) read outside the browser: its games listed, one
//! written as a record or an SGF file, or every game replayed.

use std::fmt::Write as _;

use ludoteca_core::library::backup;
use ludoteca_core::library::listing::date_text;
use ludoteca_core::library::service;
use ludoteca_core::session::formats::saved;

/// What to do with the backup.
pub enum Action<'a> {
    /// One line per game.
    List,
    /// The game with this id, as a record (or SGF).
    Export { id: &'a str, sgf: bool },
    /// Replay every game; fail on the first that does not.
    Check,
}

/// Runs `action` on the backup file's text.
///
/// # Errors
/// A message: the file is not a backup, no such game, a game that does not replay.
pub fn library(text: &str, action: &Action<'_>) -> Result<String, String> {
    let contents = backup::read(text)?;
    let mut out = String::new();
    match action {
        Action::List => {
            for s in &contents.summaries {
                let star = if s.starred { " *" } else { "" };
                let _ = writeln!(
                    out,
                    "{}  {}  {}  {}  {} moves  {}  {}{star}",
                    s.id,
                    date_text(s.updated, 0),
                    s.title,
                    s.players,
                    s.moves,
                    s.result,
                    s.origin.words()
                );
            }
            for problem in &contents.problems {
                let _ = writeln!(out, "left out: {problem}");
            }
        }
        Action::Export { id, sgf } => {
            let entry = contents.games.iter().find(|g| g.id == *id).ok_or_else(|| {
                format!("no game {} in this backup ({} games)", rules::quote(id), contents.games.len())
            })?;
            let (kept, _) = saved::kept_of(&entry.text);
            out = service::write_record(&kept, *sgf)?.1;
        }
        Action::Check => {
            for entry in &contents.games {
                let (_, notices) = saved::kept_of(&entry.text);
                if let Some(notice) = notices.first() {
                    return Err(format!("game {}: {notice}", entry.id));
                }
            }
            if let Some(problem) = contents.problems.first() {
                return Err(format!("{problem} ({} left out in all)", contents.problems.len()));
            }
            let _ = writeln!(out, "{} games, every one replays", contents.games.len());
        }
    }
    Ok(out)
}

/// `ludoteca library`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The backup file (`ludoteca-games-….json`).
    file: std::path::PathBuf,
    /// Write the game with this id as a record (its comments and review too).
    #[arg(long, value_name = "ID")]
    game: Option<String>,
    /// With --game: write it as an SGF file instead (Lines of Action only).
    #[arg(long, requires = "game")]
    sgf: bool,
    /// Replay every game; exit 2 on the first that does not replay whole.
    #[arg(long, conflicts_with = "game")]
    check: bool,
}

impl Args {
    /// Runs the command.
    ///
    /// # Errors
    /// A file that cannot be read, as [`library`].
    pub fn run(&self) -> Result<String, String> {
        let text =
            std::fs::read_to_string(&self.file).map_err(|e| format!("cannot read {}: {e}", self.file.display()))?;
        let action = match (&self.game, self.check) {
            (Some(id), _) => Action::Export { id, sgf: self.sgf },
            (None, true) => Action::Check,
            (None, false) => Action::List,
        };
        library(&text, &action)
    }
}
