//! The rules pages' text: data in `public/rules.txt` (the four games' pages
//! in one file, which compresses a fifth smaller than four), fetched when a
//! rules page opens (and kept offline by the service worker), read here into
//! blocks the page draws as elements — text nodes only, so nothing in the
//! file can become markup.
//!
//! The format, one block per line:
//!
//! - `=== game` begins a game's page (its id: `loa`), which runs to the next;
//! - `# …` a comment, skipped;
//! - `## Heading` a heading; `!## Heading` starts the house-rules section,
//!   which runs to the end of the file;
//! - `@ spec | position | moves | arrow | caption` a diagram (`-` for a
//!   part left out: the usual start, no moves, no arrow; the moves separated
//!   by spaces); diagrams on lines that follow each other stand side by side;
//! - any other line is a paragraph (lines that follow each other join, a
//!   blank line ends it), with `**strong**`, `*emphasis*` and `` `code` ``.

use std::fmt;

use crate::t;

/// A run of a paragraph's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inline {
    /// Plain text.
    Text(String),
    /// `*emphasis*`.
    Em(String),
    /// `**strong**`.
    Strong(String),
    /// `` `code` `` (notation).
    Code(String),
}

/// A board drawn on a rules page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramText {
    /// The game spec, `forms:size=6`.
    pub spec: String,
    /// The position text, or the usual start.
    pub position: Option<String>,
    /// Moves played from it; the last is shown as just played.
    pub moves: Vec<String>,
    /// A move shown as an arrow.
    pub arrow: Option<String>,
    /// What the board shows, in words.
    pub caption: String,
}

/// A part of a rules page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    /// A heading.
    Heading(String),
    /// A paragraph.
    Paragraph(Vec<Inline>),
    /// Boards side by side.
    Diagrams(Vec<DiagramText>),
    /// The house-rules section begins, with this heading.
    House(String),
}

/// Why a rules file cannot be read (in the current language: a player
/// sees it when a rules page cannot be shown).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesTextError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for RulesTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&t!("line {line}: {reason}", line = self.line, reason = self.reason))
    }
}

/// Reads a rules file.
///
/// # Errors
/// The first line that does not follow the format.
pub fn read(text: &str) -> Result<Vec<Block>, RulesTextError> {
    let mut blocks = Vec::new();
    let mut paragraph: Option<(usize, String)> = None;
    let mut house = false;
    let flush = |blocks: &mut Vec<Block>, paragraph: &mut Option<(usize, String)>| {
        if let Some((line, text)) = paragraph.take() {
            blocks.push(Block::Paragraph(inline(&text).map_err(|reason| RulesTextError { line, reason })?));
        }
        Ok(())
    };
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        let err = |reason: String| RulesTextError { line: n, reason };
        if line.starts_with('@') || line.starts_with("##") || line.starts_with("!##") || line.is_empty() {
            flush(&mut blocks, &mut paragraph)?;
        }
        if line.is_empty() || (line.starts_with('#') && !line.starts_with("##")) {
            continue;
        }
        if let Some(title) = line.strip_prefix("!##") {
            if house {
                return Err(err(t!("a second house-rules section")));
            }
            house = true;
            blocks.push(Block::House(title.trim().to_owned()));
        } else if let Some(title) = line.strip_prefix("##") {
            blocks.push(Block::Heading(title.trim().to_owned()));
        } else if let Some(rest) = line.strip_prefix('@') {
            let diagram = diagram(rest).map_err(|reason| RulesTextError { line: n, reason })?;
            match blocks.last_mut() {
                Some(Block::Diagrams(row)) => row.push(diagram),
                _ => blocks.push(Block::Diagrams(vec![diagram])),
            }
        } else {
            match &mut paragraph {
                Some((_, text)) => {
                    text.push(' ');
                    text.push_str(line);
                }
                None => paragraph = Some((n, line.to_owned())),
            }
        }
    }
    flush(&mut blocks, &mut paragraph)?;
    Ok(blocks)
}

/// A diagram line after its `@`.
fn diagram(text: &str) -> Result<DiagramText, String> {
    let parts: Vec<&str> = text.split('|').map(str::trim).collect();
    let [spec, position, moves, arrow, caption] = parts.as_slice() else {
        // The parts' names are the format's words, not translated.
        return Err(t!(
            "a diagram has 5 parts ({parts}), not {n}",
            parts = "spec | position | moves | arrow | caption",
            n = parts.len()
        ));
    };
    let given = |s: &str| (s != "-" && !s.is_empty()).then(|| s.to_owned());
    if spec.is_empty() || caption.is_empty() {
        return Err(t!("a diagram needs its game spec and its caption"));
    }
    Ok(DiagramText {
        spec: (*spec).to_owned(),
        position: given(position),
        moves: given(moves).map(|m| m.split_whitespace().map(str::to_owned).collect()).unwrap_or_default(),
        arrow: given(arrow),
        caption: (*caption).to_owned(),
    })
}

/// A paragraph's runs.
fn inline(text: &str) -> Result<Vec<Inline>, String> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let next = rest.find(['*', '`']).unwrap_or(rest.len());
        if next > 0 {
            out.push(Inline::Text(rest[..next].to_owned()));
            rest = &rest[next..];
            continue;
        }
        let (marker, make): (&str, fn(String) -> Inline) = if rest.starts_with("**") {
            ("**", Inline::Strong)
        } else if rest.starts_with('*') {
            ("*", Inline::Em)
        } else {
            ("`", Inline::Code)
        };
        let body = &rest[marker.len()..];
        let end = body.find(marker).ok_or_else(|| t!("a {marker} is never closed", marker = marker))?;
        if end == 0 {
            return Err(t!("an empty {pair}", pair = format_args!("{marker}{marker}")));
        }
        out.push(make(body[..end].to_owned()));
        rest = &body[end + marker.len()..];
    }
    Ok(out)
}

/// The page of game `id` in the rules file `text` (from its `=== id` line
/// to the next game's); `None` when the file has none.
#[must_use]
pub fn section<'a>(text: &'a str, id: &str) -> Option<&'a str> {
    let head = format!("\n=== {id}\n");
    let start = format!("\n{text}").find(&head)? + head.len() - 1;
    let rest = &text[start..];
    Some(rest.find("\n=== ").map_or(rest, |end| &rest[..=end]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::GameSpec;

    const FILE: &str = include_str!("../../../../public/rules.txt");

    #[test]
    fn the_file_holds_each_games_page_once() {
        for id in ["attract", "forms", "ra", "loa"] {
            let page = section(FILE, id).unwrap_or_else(|| panic!("no page for {id}"));
            assert!(page.starts_with("## "), "{id}: {page:.40}");
            assert!(!page.contains("\n=== "), "{id} runs into the next page");
        }
        assert_eq!(section(FILE, "chess"), None);
        assert_eq!(section("", "loa"), None);
        assert_eq!(section("=== loa\n", "loa"), Some(""));
        assert_eq!(section("=== ra\nA\n=== loa\nB\n", "ra"), Some("A\n"));
        assert_eq!(section("=== ra\nA\n=== loa\nB\n", "loa"), Some("B\n"));
        assert_eq!(section("# x\n=== loax\nB\n", "loa"), None);
    }

    #[test]
    fn every_rules_page_reads_and_its_diagrams_replay() {
        for game in ["attract", "forms", "ra", "loa"] {
            let text = section(FILE, game).unwrap();
            let blocks = read(text).unwrap_or_else(|e| panic!("{game}: {e}"));
            assert!(matches!(blocks.first(), Some(Block::Heading(_))), "{game} starts with a heading");
            let diagrams: Vec<&DiagramText> = blocks
                .iter()
                .filter_map(|b| if let Block::Diagrams(d) = b { Some(d) } else { None })
                .flatten()
                .collect();
            assert!(diagrams.len() >= 2, "{game}: a worked example");
            for d in diagrams {
                let spec: GameSpec = d.spec.parse().unwrap_or_else(|e| panic!("{game} {}: {e}", d.spec));
                let moves = d.moves.iter().map(String::as_str);
                let end = spec.replay(d.position.as_deref(), moves, |_, _| {});
                let end = end.unwrap_or_else(|e| panic!("{game}, {}: {e}", d.caption));
                if let Some(arrow) = &d.arrow {
                    assert!(end.parse_move(arrow).is_ok(), "{game}: the arrow {arrow}");
                }
            }
        }
    }

    #[test]
    fn the_format_reads_as_documented() {
        let text = "# a comment\n## The aim\nOne *two* **three**\nfour `b1-b3`.\n\nFive.\n\
                    @ loa | - | b1-b3 c1xa3? | - | A board.\n@ ra | x1h10/o3k9 x 0-0 1 x | - | 1h10-j10 | Two.\n!## House\nSix.";
        let blocks = read(text).unwrap();
        assert_eq!(blocks[0], Block::Heading("The aim".into()));
        assert_eq!(
            blocks[1],
            Block::Paragraph(vec![
                Inline::Text("One ".into()),
                Inline::Em("two".into()),
                Inline::Text(" ".into()),
                Inline::Strong("three".into()),
                Inline::Text(" four ".into()),
                Inline::Code("b1-b3".into()),
                Inline::Text(".".into()),
            ])
        );
        assert_eq!(blocks[2], Block::Paragraph(vec![Inline::Text("Five.".into())]));
        let Block::Diagrams(row) = &blocks[3] else { panic!("{blocks:?}") };
        assert_eq!(row.len(), 2);
        assert_eq!(
            (row[0].position.as_deref(), row[0].moves.len(), row[1].arrow.as_deref()),
            (None, 2, Some("1h10-j10"))
        );
        assert_eq!(blocks[4], Block::House("House".into()));
        assert_eq!(blocks.len(), 6);
    }

    #[test]
    fn what_breaks_the_format_is_said_with_its_line() {
        let e = |t: &str| read(t).unwrap_err().to_string();
        assert_eq!(e("## A\nan *open emphasis"), "line 2: a * is never closed");
        assert_eq!(e("a `b"), "line 1: a ` is never closed");
        assert_eq!(e("x ** y"), "line 1: a ** is never closed");
        assert_eq!(e("a **** b"), "line 1: an empty ****");
        assert_eq!(
            e("\n@ loa | - | -"),
            "line 2: a diagram has 5 parts (spec | position | moves | arrow | caption), not 3"
        );
        assert_eq!(e("@ | - | - | - | x"), "line 1: a diagram needs its game spec and its caption");
        assert_eq!(e("!## A\n!## B"), "line 2: a second house-rules section");
        // Markup stays text.
        assert_eq!(read("<b>hi</b>").unwrap(), [Block::Paragraph(vec![Inline::Text("<b>hi</b>".into())])]);
    }
}
