//! A rules page's text as markup: headings, paragraphs (emphasis, strong
//! words and notation), rows of diagrams (a picture of a position after its
//! moves, the last one marked as just played, a suggested move as an
//! arrow, a caption) and the house rules in a section of their own.
//! Everything in the file is text: it is escaped like all the rest.

use rules::GameSpec;

use super::Markup;
use super::board::{self, Marks};
use crate::t;
use crate::view::rules_text::{Block, DiagramText, Inline};
use crate::view::{Layout, pieces};

/// The blocks of a rules file.
#[must_use]
pub fn body(blocks: &[Block]) -> Markup {
    let mut m = Markup::with_capacity(32_000);
    let mut house = false;
    for block in blocks {
        match block {
            Block::House(title) => {
                m.open("section").attr("class", "house").body();
                m.open("h2").attr("id", anchor(title)).body();
                m.text(title).end("h2");
                house = true;
            }
            Block::Heading(text) => {
                m.open("h2").attr("id", anchor(text)).body();
                m.text(text).end("h2");
            }
            Block::Paragraph(runs) => {
                m.open("p").body();
                for run in runs {
                    match run {
                        Inline::Text(t) => m.text(t),
                        Inline::Em(t) => inline(&mut m, "em", t),
                        Inline::Strong(t) => inline(&mut m, "strong", t),
                        Inline::Code(t) => inline(&mut m, "code", t),
                    };
                }
                m.end("p");
            }
            Block::Diagrams(row) => {
                m.open("div").attr("class", "diagrams").body();
                for d in row {
                    diagram(&mut m, d);
                }
                m.end("div");
            }
        }
    }
    if house {
        m.end("section");
    }
    m
}

/// A heading's id, for links to its section (`?rules=loa#the-end`, as the
/// lessons give): its ASCII letters and digits in lower case, every other
/// ASCII character `-`, and the letters of other scripts as they are (a
/// Russian heading keeps its words; no Unicode tables needed).
#[must_use]
pub fn anchor(heading: &str) -> String {
    heading
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || !c.is_ascii() { c.to_ascii_lowercase() } else { '-' })
        .collect()
}

/// What the page says while the rules load (`loading`), or why they are
/// not there.
#[must_use]
pub fn note(text: &str, loading: bool) -> Markup {
    let mut m = Markup::new();
    let p = m.open("p");
    if loading {
        p.attr("class", "muted").attr("aria-busy", "true").body();
    } else {
        p.attr("class", "notice").attr("role", "alert").body();
    }
    m.text(text).end("p");
    m
}

fn inline<'a>(m: &'a mut Markup, tag: &'static str, text: &str) -> &'a mut Markup {
    m.open(tag).body();
    m.text(text).end(tag)
}

/// A small board showing `d`'s position after its moves, with its caption.
fn diagram(m: &mut Markup, d: &DiagramText) {
    m.open("figure").attr("class", "diagram").body();
    match picture(d) {
        Some(picture) => m.append(&picture),
        None => {
            m.open("p").body();
            m.text(t!("(diagram unavailable)")).end("p")
        }
    };
    m.open("figcaption").body();
    m.text(&d.caption).end("figcaption").end("figure");
}

fn picture(d: &DiagramText) -> Option<Markup> {
    let spec = d.spec.parse::<GameSpec>().ok()?;
    let game = spec.replay(d.position.as_deref(), d.moves.iter().map(String::as_str), |_, _| {}).ok()?;
    let mut marks = Marks::default();
    // The last move, marked as just played.
    if let Some(last) = d.moves.last() {
        let before = spec
            .replay(d.position.as_deref(), d.moves[..d.moves.len() - 1].iter().map(String::as_str), |_, _| {})
            .ok()?;
        let parts = before.move_parts(before.parse_move(last).ok()?);
        marks.last = parts.from.into_iter().chain(parts.to).collect();
    }
    if let Some(mv) = &d.arrow
        && let Ok(mv) = game.parse_move(mv)
        && let (from, Some(to)) = mv.cells(&spec)
    {
        marks.hint = Some((from, to));
    }
    Some(board::picture(&Layout::of(&spec), &pieces(&game), &marks, &d.caption))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::rules_text::read;

    #[test]
    fn every_rules_page_is_written_with_its_diagrams() {
        let text = include_str!("../../../../public/rules.txt");
        for kind in rules::GameKind::ALL {
            let page = crate::view::rules_text::section(text, kind.id()).unwrap();
            let blocks = read(page).unwrap();
            let markup = body(&blocks);
            let html = markup.as_str();
            let diagrams =
                blocks.iter().map(|b| if let Block::Diagrams(row) = b { row.len() } else { 0 }).sum::<usize>();
            assert!(diagrams > 0, "{kind:?}");
            assert_eq!(html.matches("<figure class=\"diagram\">").count(), diagrams, "{kind:?}");
            assert_eq!(html.matches("role=\"img\"").count(), diagrams, "{kind:?}: every diagram drawn");
            assert!(!html.contains("diagram unavailable"), "{kind:?}");
        }
    }

    #[test]
    fn the_text_is_text_and_a_bad_diagram_says_so() {
        let blocks = [
            Block::Paragraph(vec![Inline::Text("a <b> & ".to_owned()), Inline::Code("c1xa3".to_owned())]),
            Block::Diagrams(vec![DiagramText {
                spec: "chess".to_owned(),
                position: None,
                moves: Vec::new(),
                arrow: None,
                caption: "<x>".to_owned(),
            }]),
            Block::House("House rules".to_owned()),
            Block::Heading("D1".to_owned()),
        ];
        let html = body(&blocks).into_string();
        assert!(html.starts_with("<p>a &lt;b&gt; &amp; <code>c1xa3</code></p>"), "{html}");
        assert!(html.contains("(diagram unavailable)</p><figcaption>&lt;x&gt;</figcaption>"), "{html}");
        assert!(
            html.ends_with(
                r#"<section class="house"><h2 id="house-rules">House rules</h2><h2 id="d1">D1</h2></section>"#
            )
        );
        assert_eq!(anchor("Standard rules (2007)"), "standard-rules--2007-");
        assert_eq!(anchor("Конец партии"), "Конец-партии");
        assert_eq!(anchor("Règles avancées (2011)"), "règles-avancées--2011-");
    }
}
