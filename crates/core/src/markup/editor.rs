//! The board editor's panel, as markup and properties: its controls for a
//! game are written when the game or its options change ([`panel`]); what
//! they show — the rules' verdict, the tool in hand, who moves, the
//! position's text and link — is set as properties whenever the
//! arrangement changes ([`props`]), so the focus stays where it is. Far less
//! code than a component per control.

use rules::{GameKind, GameSpec, Player};

use super::{Markup, Prop};
use crate::i18n::text;
use crate::session::editor::{Editor, tools};
use crate::t;
use crate::view::options::{key_label, value_label};
use crate::view::{player_name, status_text};

/// A button `<button type="button" …>` with its action (`data-act`) and words.
fn button(m: &mut Markup, act: &'static str, words: &str) {
    m.open("button").attr("type", "button").attr("data-act", act).body();
    m.text(words).end("button");
}

/// A label for the control `id`.
fn label(m: &mut Markup, id: &'static str, words: &str) {
    m.open("label").attr("for", id).body();
    m.text(words).end("label");
}

/// A number field.
fn number(m: &mut Markup, id: &'static str, min: u32) {
    m.open("input")
        .attr("id", id)
        .attr("type", "number")
        .attr("inputmode", "numeric")
        .attr("min", min)
        .attr("max", 65_535)
        .body();
}

/// Who moves; the start, clear and flip buttons.
fn side_and_buttons(m: &mut Markup) {
    m.open("div").attr("class", "actions").body();
    button(m, "start", &t!("Start position"));
    button(m, "clear", &t!("Clear board"));
    m.open("button").attr("type", "button").attr("data-act", "flip").attr("title", t!("Flip the board")).body();
    m.text(t!("Flip board")).end("button").end("div");
    m.open("fieldset").attr("class", "editor-side-to-move").body();
    m.open("legend").body();
    m.text(t!("To move")).end("legend");
    for player in Player::ALL {
        m.open("label").attr("class", "choice").body();
        m.open("input")
            .attr("type", "radio")
            .attr("name", "editor-side")
            .attr("id", format_args!("editor-side-{}", player.letter()))
            .body();
        m.text(player_name(player)).end("label");
    }
    m.end("fieldset");
}

/// RA's score, match and starter.
fn ra_fields(m: &mut Markup) {
    m.open("div").attr("class", "fields editor-ra").body();
    label(m, "editor-score-x", &t!("Black's points"));
    number(m, "editor-score-x", 0);
    label(m, "editor-score-o", &t!("White's points"));
    number(m, "editor-score-o", 0);
    label(m, "editor-match", &t!("Match"));
    number(m, "editor-match", 1);
    label(m, "editor-starter", &t!("Match started by"));
    m.open("select").attr("id", "editor-starter").body();
    for player in Player::ALL {
        m.open("option").attr("value", player.letter()).body();
        m.text(player_name(player)).end("option");
    }
    m.end("select").end("div");
}

/// The game's choice, before its options.
fn game(m: &mut Markup) {
    m.open("div").attr("class", "fields").body();
    label(m, "editor-game", &t!("Game"));
    m.open("select").attr("id", "editor-game").body();
    for kind in GameKind::ALL {
        m.open("option").attr("value", kind.id()).body();
        m.text(text(kind.name())).end("option");
    }
    m.end("select");
}

/// The position as text and as a link, and the ways on.
fn text_and_go(m: &mut Markup) {
    m.end("div");
    m.open("div").attr("class", "fields editor-text").body();
    label(m, "editor-position", &t!("Position text"));
    m.open("input")
        .attr("id", "editor-position")
        .attr("type", "text")
        .attr("spellcheck", "false")
        .attr("autocomplete", "off")
        .attr("aria-describedby", "editor-position-error")
        .body();
    m.open("p").attr("class", "help").attr("id", "editor-position-error").attr("role", "alert").empty();
    label(m, "editor-link", &t!("Link"));
    m.open("div").attr("class", "copy-row").body();
    m.open("input").attr("id", "editor-link").attr("type", "text").flag("readonly", true).body();
    button(m, "copy", &t!("Copy"));
    m.end("div").end("div");
    m.open("div").attr("class", "actions editor-go").body();
    let go = [
        ("go-computer", "computer", t!("Play the computer")),
        ("go-friend", "friend", t!("Play a friend")),
        ("go-analyse", "analyse", t!("Analyse")),
        ("go-solve", "solve", t!("Solve")),
    ];
    for (id, act, words) in go {
        let tag = m.open("button").attr("type", "button");
        let tag = if act == "computer" { tag.attr("class", "primary") } else { tag };
        tag.attr("id", id).attr("data-act", act).body();
        m.text(words).end("button");
    }
    m.end("div");
    m.open("p").attr("class", "help small").body();
    m.text(t!(
        "Play the computer: you move first, at the level last chosen. Analyse: the evaluation and best line; small boards are solved, with the proven result. Solve (Forms, Attract and Lines of Action): the exact result by the solver alone, up to a minute."
    ))
    .end("p");
}

/// The panel's controls for `spec`.
#[must_use]
pub fn panel(spec: &GameSpec) -> Markup {
    let mut m = Markup::with_capacity(4096);
    m.open("p").attr("class", "status").attr("id", "editor-verdict").attr("role", "status").empty();
    m.open("div")
        .attr("class", "palette")
        .attr("role", "group")
        .attr("aria-label", t!("What a press on the board does"))
        .body();
    let ra = matches!(spec, GameSpec::Ra(_));
    for (tool, words) in tools(spec) {
        let code = tool.code();
        m.open("button")
            .attr("type", "button")
            .attr("class", "tool")
            .attr("id", format_args!("tool-{code}"))
            .attr("data-act", &code)
            .attr("title", &words)
            .attr("aria-label", &words)
            .body();
        let (class, count) = match code.as_bytes() {
            [b'x', h] => ("dot black", ra.then_some(*h as char)),
            [b'o', h] => ("dot white", ra.then_some(*h as char)),
            _ => (if code == "erase" { "tool-icon erase" } else { "tool-icon hand" }, None),
        };
        m.open("span").attr("class", class).attr("aria-hidden", "true").body();
        if let Some(count) = count {
            m.text(count);
        }
        m.end("span").end("button");
    }
    m.end("div");
    side_and_buttons(&mut m);
    if ra {
        ra_fields(&mut m);
    }
    game(&mut m);
    for info in spec.kind().options() {
        m.open("label").attr("for", format_args!("option-{}", info.key)).body();
        m.text(key_label(info.key)).end("label");
        m.open("select").attr("id", format_args!("option-{}", info.key)).body();
        for value in info.values {
            m.open("option").attr("value", value).body();
            m.text(value_label(info.key, value)).end("option");
        }
        m.end("select").open("p").attr("class", "help").body();
        m.text(text(info.help)).end("p");
    }
    text_and_go(&mut m);
    m
}

/// What the panel's controls show for `editor`, as (element id, property,
/// value); `error` is what is wrong with the position text last typed,
/// `base` the page's address before its query.
#[must_use]
pub fn props(editor: &Editor, error: Option<&str>, base: &str) -> Vec<(String, &'static str, Prop)> {
    let spec = editor.spec();
    let board = editor.board();
    let verdict = editor.position().map(|g| status_text(&g));
    let mut out = Vec::with_capacity(32);
    let mut set = |id: &str, prop: &'static str, value: Prop| out.push((id.to_owned(), prop, value));
    let text = |s: String| Prop::Text(s);
    set("editor-verdict", "className", text(if verdict.is_ok() { "status" } else { "status invalid" }.to_owned()));
    let why = verdict.as_ref().err().map(|why| t!("Not a position yet: {why}.", why = why));
    set("editor-verdict", "textContent", text(verdict.clone().unwrap_or_else(|_| why.clone().unwrap_or_default())));
    for (tool, _) in tools(&spec) {
        set(&format!("tool-{}", tool.code()), "ariaPressed", text((tool == editor.tool()).to_string()));
    }
    set("editor-side-x", "checked", Prop::On(board.to_move == rules::Player::Black));
    set("editor-side-o", "checked", Prop::On(board.to_move == rules::Player::White));
    if matches!(spec, GameSpec::Ra(_)) {
        set("editor-score-x", "value", text(board.score.0.to_string()));
        set("editor-score-o", "value", text(board.score.1.to_string()));
        set("editor-match", "value", text(board.match_number.to_string()));
        set("editor-starter", "value", text(board.starter.letter().to_string()));
    }
    set("editor-game", "value", text(spec.kind().id().to_owned()));
    for info in spec.kind().options() {
        set(&format!("option-{}", info.key), "value", text(spec.get(info.key).unwrap_or_default()));
    }
    set("editor-position", "value", text(editor.text()));
    set("editor-position-error", "textContent", text(error.unwrap_or_default().to_owned()));
    set("editor-link", "value", text(format!("{base}{}", editor.link())));
    let go = [
        ("go-computer", t!("You move first; the computer plays at the level last chosen")),
        ("go-friend", t!("Two players at this screen")),
        ("go-analyse", t!("The evaluation and the best line; small boards are solved")),
        ("go-solve", t!("The exact result by the solver alone (not RA), up to a minute")),
    ];
    for (id, title) in go {
        set(id, "disabled", Prop::On(verdict.is_err()));
        set(id, "title", text(why.clone().unwrap_or(title)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn editor(spec: &str) -> Editor {
        Editor::of(&spec.parse::<GameSpec>().unwrap().start())
    }

    fn ids(markup: &str) -> Vec<String> {
        markup.split(" id=\"").skip(1).filter_map(|s| s.split('"').next()).map(str::to_owned).collect()
    }

    #[test]
    fn every_property_names_a_control_of_the_panel() {
        for spec in ["ra", "loa", "forms:rules=advanced,size=8", "attract"] {
            let e = editor(spec);
            let panel = panel(&e.spec());
            let ids = ids(panel.as_str());
            for (id, _, _) in props(&e, None, "https://x/") {
                assert!(ids.contains(&id), "{spec}: {id} is not in the panel");
            }
        }
    }

    #[test]
    fn the_panel_shows_the_verdict_the_tool_and_the_link() {
        let mut e = editor("loa");
        let props = props(&e, Some("bad"), "https://x/");
        let get =
            |id: &str, prop: &str| props.iter().find(|(i, p, _)| i == id && *p == prop).map(|(_, _, v)| v.clone());
        assert_eq!(get("editor-verdict", "textContent"), Some(Prop::Text("Black to move".to_owned())));
        assert_eq!(get("tool-x1", "ariaPressed"), Some(Prop::Text("true".to_owned())));
        assert_eq!(get("tool-o1", "ariaPressed"), Some(Prop::Text("false".to_owned())));
        assert_eq!(get("go-friend", "disabled"), Some(Prop::On(false)));
        assert_eq!(get("editor-position-error", "textContent"), Some(Prop::Text("bad".to_owned())));
        let Some(Prop::Text(link)) = get("editor-link", "value") else { panic!("no link") };
        assert!(link.starts_with("https://x/?edit&game=loa&from=1xxxxxx1/"), "{link}");
        e.clear();
        let props = super::props(&e, None, "");
        let verdict = props.iter().find(|(i, p, _)| i == "editor-verdict" && *p == "textContent");
        assert!(matches!(verdict, Some((_, _, Prop::Text(t))) if t.starts_with("Not a position yet: ")), "{verdict:?}");
        assert!(props.iter().any(|(i, p, v)| i == "go-analyse" && *p == "disabled" && *v == Prop::On(true)));
    }

    #[test]
    fn ra_has_its_fields_and_stacks_in_the_palette() {
        let panel = panel(&"ra".parse().unwrap());
        for id in ["editor-score-x", "editor-match", "editor-starter", "tool-x3", "tool-o2", "option-first"] {
            assert!(panel.as_str().contains(&format!("id=\"{id}\"")), "{id}");
        }
        assert!(!super::panel(&"loa".parse().unwrap()).as_str().contains("editor-score-x"));
    }
}
