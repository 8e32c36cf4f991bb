//! `ludoteca library`: a backup file of the app's game library (My games'
//! *Download a backup*) read outside the browser: its games listed, one
//! written as a record or an SGF file, or every game replayed.

use std::fmt::Write as _;

use ludoteca_app::library::backup;
use ludoteca_app::library::listing::date_text;
use ludoteca_app::library::service;
use ludoteca_app::session::formats::saved;

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
