//! The Notes dialog's form: the mark and the comment on the move shown (at
//! the start, where there is no move, only the game's), and the game's
//! information. Written once when the dialog opens; read back by id
//! ([`crate::session::model::info::PlayerNotes::read`]).

use super::Markup;
use crate::i18n::text;
use crate::session::model::info::{FIELDS, Mark};
use crate::session::model::tree::GameTree;
use crate::t;

/// The form for the move shown in `tree` and for the game.
#[must_use]
pub fn form(tree: &GameTree) -> Markup {
    let mut m = Markup::with_capacity(2048);
    let node = tree.cursor();
    if let Some(mv) = tree.last_move() {
        let mark = tree.mark(node);
        m.open("div").attr("class", "fields").body();
        m.open("label").attr("for", "note-mark").body();
        m.text(t!("Mark on {move}", move = mv)).end("label");
        m.open("select").attr("id", "note-mark").body();
        m.open("option").attr("value", "").body();
        m.text(t!("No mark")).end("option");
        for choice in Mark::ALL {
            m.open("option").attr("value", choice.text()).flag("selected", mark == Some(choice)).body();
            m.text(format_args!("{} {}", choice.text(), text(choice.words()))).end("option");
        }
        m.end("select");
        m.open("label").attr("for", "note-comment").body();
        m.text(t!("Comment on this move")).end("label");
        m.open("textarea").attr("id", "note-comment").attr("rows", 3).attr("maxlength", 2000).body();
        m.text(tree.comment(node).unwrap_or_default()).end("textarea").end("div");
    }
    m.open("fieldset").body();
    m.open("legend").body();
    m.text(t!("The game")).end("legend");
    m.open("div").attr("class", "fields").body();
    let info = tree.info();
    for (i, ((_, _, label), value)) in FIELDS.iter().zip(info.fields()).enumerate() {
        let id = format!("info-{i}");
        m.open("label").attr("for", &id).body();
        m.text(if i == 7 { t!("Comment on the game") } else { text(label) }).end("label");
        if i == 7 {
            m.open("textarea").attr("id", &id).attr("rows", 3).attr("maxlength", 2000).body();
            m.text(value).end("textarea");
        } else {
            m.open("input").attr("id", &id).attr("type", "text").attr("value", value).attr("maxlength", 200).empty();
        }
    }
    m.end("div").end("fieldset");
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::formats::url::{Route, decode};
    use crate::session::model::info::PlayerNotes;

    fn tree(query: &str) -> GameTree {
        let Route::Play { tree, .. } = decode(query) else { panic!("{query}") };
        tree
    }

    /// The form's fields read back as the notes they show.
    fn read_back(markup: &str) -> PlayerNotes {
        let value = |id: &str| {
            let at = markup.find(&format!("id=\"{id}\""))?;
            let rest = &markup[at..];
            if let Some(v) = rest.split("value=\"").nth(1).filter(|_| rest.find("value=\"") < rest.find('>')) {
                return v.split('"').next().map(str::to_owned);
            }
            if id == "note-mark" {
                let selected =
                    rest.split("</select>").next()?.split("<option value=\"").find(|o| o.contains("\" selected"));
                return Some(selected.and_then(|o| o.split('"').next()).unwrap_or_default().to_owned());
            }
            rest.split_once('>').map(|(_, body)| body.split("</textarea>").next().unwrap_or_default().to_owned())
        };
        PlayerNotes::read(|id| value(id).unwrap_or_default())
    }

    #[test]
    fn the_form_shows_the_notes_it_reads_back() {
        let mut t = tree("?game=loa&moves=b1-b3");
        let node = t.cursor();
        t.set_mark(node, Some(Mark::Dubious));
        t.set_comment(node, Some("risky".to_owned()));
        let mut info = t.info().clone();
        info.set(0, "Kim");
        info.set(2, "Open <2026>");
        t.set_info(info);
        let markup = form(&t);
        assert!(markup.as_str().contains("Mark on b1-b3"));
        assert!(markup.as_str().contains("Open &lt;2026&gt;"), "escaped");
        let notes = read_back(markup.as_str());
        assert_eq!(notes.mark, Some(Mark::Dubious));
        assert_eq!(notes.comment, "risky");
        assert_eq!((notes.info.black.as_str(), notes.info.event.as_str()), ("Kim", "Open &lt;2026&gt;"));
    }

    #[test]
    fn at_the_start_only_the_game_is_asked_about() {
        let markup = form(&tree("?game=loa"));
        assert!(!markup.as_str().contains("note-mark"));
        assert!(markup.as_str().contains("id=\"info-6\""));
    }
}
