//! `ludoteca import`: a game as people paste it — a record, a list of moves
//! copied from a web page, an SGF file — read by the app's own reader and
//! written as a record, a link or SGF. What the reader assumed or could not
//! use goes to standard error.

use std::fmt::Write as _;

use ludoteca_core::session::formats::url::{self, Presentation};
use ludoteca_core::session::formats::{paste, record, sgf};
use rules::{GameKind, GameSpec};

/// What to write.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// A record of ours (headers, numbered moves, variations, comments).
    Record,
    /// The link's query (`?game=…&moves=…`), to put after the site's address.
    Link,
    /// SGF (Lines of Action only).
    Sgf,
}

/// Reads game `game` (from 1) of `text`, a move list naming no game being
/// read as `screen`; with several games and no `game`, lists them.
/// Returns what to print and what to say on standard error.
///
/// # Errors
/// Why the text cannot be read or written so, in a sentence.
pub fn import(text: &str, screen: &str, game: Option<usize>, to: Output) -> Result<(String, Vec<String>), String> {
    let screen: GameSpec = screen.parse().map_err(|e| format!("--spec {}: {e}", rules::quote(screen)))?;
    let count = paste::count(text);
    let Some(n) = game.or((count == 1).then_some(1)) else {
        let mut out = String::new();
        for label in paste::labels(text, &screen, SPEC_SAID) {
            let _ = writeln!(out, "{label}");
        }
        let said = format!("The text holds {count} games: choose one with --game N.");
        return Ok((out, vec![said]));
    };
    let n = n.checked_sub(1).ok_or("--game counts from 1")?;
    let p = paste::read(text, &screen, SPEC_SAID, n)?;
    let out = match to {
        Output::Record => record::write(&p.tree, &p.seats, &p.verdicts),
        Output::Link => format!("{}\n", url::encode(&p.tree, &p.seats, Presentation::default())),
        Output::Sgf if p.tree.spec().kind() == GameKind::Loa => sgf::write(&p.tree, &p.seats),
        Output::Sgf => {
            return Err(format!("SGF is written for Lines of Action only; this is {}", p.tree.spec().kind().name()));
        }
    };
    Ok((out, p.notices))
}

/// What a list of moves that names no game is read as, in this command's words.
const SPEC_SAID: &str = "the game --spec names";

/// `ludoteca import`'s arguments.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The file (`-` for standard input).
    file: std::path::PathBuf,
    /// Which game of several, from 1.
    #[arg(long, value_name = "N")]
    game: Option<usize>,
    /// The game a list of moves that names none is read as (another
    /// game whose rules its moves fit is tried next, and said).
    #[arg(long, default_value = "loa")]
    spec: String,
    /// What to write.
    #[arg(long, value_enum, default_value = "record")]
    to: Output,
}

impl Args {
    /// Runs the command; what it says about the reading goes to standard error.
    ///
    /// # Errors
    /// A file that cannot be read, as [`import`].
    pub fn run(&self) -> Result<String, String> {
        let text = crate::inputs::read_file(&self.file)?;
        let (out, said) = import(&text, &self.spec, self.game, self.to)?;
        for line in said {
            eprintln!("ludoteca: {line}");
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pasted_list_comes_out_as_a_record_a_link_or_sgf() {
        let text = "1.B1-B3 a2-c2!? 2. c1-a3 {takes} 1-0";
        let (out, said) = import(text, "loa", None, Output::Link).unwrap();
        assert_eq!(out, "?game=loa&moves=b1-b3,a2-c2,c1xa3&end=resign-o\n");
        assert_eq!(said[0], "The record names no game: it is read as Lines of Action, the game --spec names.");
        let (out, _) = import(text, "loa", None, Output::Record).unwrap();
        assert!(out.contains("1. b1-b3 a2-c2!?\n2. c1xa3 {takes}"), "{out}");
        let (out, _) = import(text, "loa", None, Output::Sgf).unwrap();
        assert!(out.contains(";W[a2-c2]IT[]"), "{out}");
        assert_eq!(
            import("1. 1c5-c8", "ra", None, Output::Sgf).unwrap_err(),
            "SGF is written for Lines of Action only; this is RA"
        );
        assert!(import(text, "chess", None, Output::Link).unwrap_err().starts_with("--spec \"chess\""));
    }

    #[test]
    fn several_games_are_listed_then_one_is_chosen() {
        let text = "1. b1-b3 1-0\n1. c1-c3 a2-c2 0-1\n";
        let (out, said) = import(text, "loa", None, Output::Link).unwrap();
        assert_eq!(out.lines().count(), 2, "{out}");
        assert_eq!(said, ["The text holds 2 games: choose one with --game N."]);
        let (out, _) = import(text, "loa", Some(2), Output::Link).unwrap();
        assert_eq!(out, "?game=loa&moves=c1-c3,a2-c2&end=resign-x\n");
        assert_eq!(import(text, "loa", Some(0), Output::Link).unwrap_err(), "--game counts from 1");
        assert_eq!(
            import(text, "loa", Some(3), Output::Link).unwrap_err(),
            "The text holds 2 games: there is no game 3."
        );
    }
}
