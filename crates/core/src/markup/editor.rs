//! The board editor's panel, as markup and properties: its controls for a
//! game are written when the game or its options change ([`panel`]); what
//! they show — the rules' verdict, the tool in hand, who moves, the
//! position's text and link — is set as properties whenever the
//! arrangement changes ([`props`]), so the focus stays where it is. Far less
//! code than a component per control.

use rules::GameSpec;

use super::{Markup, Prop};
use crate::session::editor::{Editor, tools};
use crate::view::options::{key_label, value_label};
use crate::view::status_text;

/// Who moves; the start, clear and flip buttons.
const SIDE_AND_BUTTONS: &str = concat!(
    r#"<div class="actions"><button type="button" data-act="start">Start position</button>"#,
    r#"<button type="button" data-act="clear">Clear board</button>"#,
    r#"<button type="button" data-act="flip" title="Flip the board">Flip board</button></div>"#,
    r#"<fieldset class="editor-side-to-move"><legend>To move</legend>"#,
    r#"<label class="choice"><input type="radio" name="editor-side" id="editor-side-x">Black</label>"#,
    r#"<label class="choice"><input type="radio" name="editor-side" id="editor-side-o">White</label></fieldset>"#,
);

/// RA's score, match and starter.
const RA_FIELDS: &str = concat!(
    r#"<div class="fields editor-ra">"#,
    r#"<label for="editor-score-x">Black's points</label><input id="editor-score-x" type="number" inputmode="numeric" min="0" max="65535">"#,
    r#"<label for="editor-score-o">White's points</label><input id="editor-score-o" type="number" inputmode="numeric" min="0" max="65535">"#,
    r#"<label for="editor-match">Match</label><input id="editor-match" type="number" inputmode="numeric" min="1" max="65535">"#,
    r#"<label for="editor-starter">Match started by</label><select id="editor-starter"><option value="x">Black</option><option value="o">White</option></select>"#,
    r#"</div>"#,
);

/// The game's choice, before its options.
const GAME: &str = concat!(
    r#"<div class="fields"><label for="editor-game">Game</label><select id="editor-game">"#,
    r#"<option value="attract">Attract</option><option value="forms">Forms</option>"#,
    r#"<option value="ra">RA</option><option value="loa">Lines of Action</option></select>"#,
);

/// The position as text and as a link, and the ways on.
const TEXT_AND_GO: &str = concat!(
    r#"</div><div class="fields editor-text"><label for="editor-position">Position text</label>"#,
    r#"<input id="editor-position" type="text" spellcheck="false" autocomplete="off" aria-describedby="editor-position-error">"#,
    r#"<p class="help" id="editor-position-error" role="alert"></p>"#,
    r#"<label for="editor-link">Link</label><div class="copy-row"><input id="editor-link" type="text" readonly>"#,
    r#"<button type="button" data-act="copy">Copy</button></div></div>"#,
    r#"<div class="actions editor-go"><button type="button" class="primary" id="go-computer" data-act="computer">Play the computer</button>"#,
    r#"<button type="button" id="go-friend" data-act="friend">Play a friend</button>"#,
    r#"<button type="button" id="go-analyse" data-act="analyse">Analyse</button>"#,
    r#"<button type="button" id="go-solve" data-act="solve">Solve</button></div>"#,
    r#"<p class="help small">Play the computer: you move first, at the level last chosen. Analyse: the evaluation and best line; small boards are solved, with the proven result. Solve (Forms, Attract and Lines of Action): the exact result by the solver alone, up to a minute.</p>"#,
);

/// The panel's controls for `spec`.
#[must_use]
pub fn panel(spec: &GameSpec) -> Markup {
    let mut m = Markup::with_capacity(4096);
    m.open("p").attr("class", "status").attr("id", "editor-verdict").attr("role", "status").empty();
    m.open("div")
        .attr("class", "palette")
        .attr("role", "group")
        .attr("aria-label", "What a press on the board does")
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
    m.end("div").fragment(SIDE_AND_BUTTONS);
    if ra {
        m.fragment(RA_FIELDS);
    }
    m.fragment(GAME);
    for info in spec.kind().options() {
        m.open("label").attr("for", format_args!("option-{}", info.key)).body();
        m.text(key_label(info.key)).end("label");
        m.open("select").attr("id", format_args!("option-{}", info.key)).body();
        for value in info.values {
            m.open("option").attr("value", value).body();
            m.text(value_label(info.key, value)).end("option");
        }
        m.end("select").open("p").attr("class", "help").body();
        m.text(info.help).end("p");
    }
    m.fragment(TEXT_AND_GO);
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
    let why = verdict.as_ref().err().map(|why| format!("Not a position yet: {why}."));
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
        ("go-computer", "You move first; the computer plays at the level last chosen"),
        ("go-friend", "Two players at this screen"),
        ("go-analyse", "The evaluation and the best line; small boards are solved"),
        ("go-solve", "The exact result by the solver alone (not RA), up to a minute"),
    ];
    for (id, title) in go {
        set(id, "disabled", Prop::On(verdict.is_err()));
        set(id, "title", text(why.clone().unwrap_or_else(|| title.to_owned())));
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
