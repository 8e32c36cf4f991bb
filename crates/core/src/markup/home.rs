//! The home page's choices, written once: the computer's level and the
//! person's colour, and the four games' cards, each with a picture of its
//! start with the options last chosen ([`card_picture`], drawn again when
//! they change) and its ways in. The page then sets what changes as properties
//! ([`props`]: the level chosen, its description, the colour, each card's
//! options), and its one click handler reads the buttons' `data-act`
//! (`computer:loa`, `friend:ra`, `options:forms`, `rules:attract`).

use rules::{GameKind, GameSpec};
use search::levels::Level;

use super::board::{self, Marks};
use super::{Markup, Prop};
use crate::i18n::text;
use crate::session::formats::prefs::Prefs;
use crate::session::model::seats::Side;
use crate::t;
use crate::view::options::options_line;
use crate::view::{Layout, info::info, pieces};

/// The page's heading and what it offers.
#[must_use]
pub fn intro() -> Markup {
    let mut m = Markup::with_capacity(300);
    m.open("section").attr("class", "intro").body();
    m.open("h1").body();
    m.text(t!("Four abstract strategy games")).end("h1");
    m.open("p").attr("class", "lede").body();
    m.text(t!(
        "Play the computer, or a friend on this screen. Every game has its link: share it, and the same position opens elsewhere."
    ));
    m.end("p").end("section");
    m
}

/// The level, the colour and the four cards, their pictures with the rule
/// options in `prefs`.
#[must_use]
pub fn choices(prefs: &Prefs) -> Markup {
    let mut m = Markup::with_capacity(24_000);
    m.open("section").attr("class", "opponent").attr("aria-labelledby", "opponent-title").body();
    m.open("h2").attr("id", "opponent-title").body();
    m.text(t!("Against the computer")).end("h2");
    m.open("div").attr("class", "opponent-level").body();
    m.open("label").attr("for", "home-level").body();
    m.text(t!("Level")).end("label");
    m.open("select").attr("id", "home-level").body();
    for level in Level::ALL {
        m.open("option").attr("value", level).body();
        m.text(format_args!("{level} · {}", text(level.name()))).end("option");
    }
    m.end("select");
    m.open("span").attr("class", "help").attr("id", "home-level-help").body();
    m.end("span").end("div");
    m.open("fieldset").attr("class", "side-choice").body();
    m.open("legend").body();
    m.text(t!("You play")).end("legend");
    for side in Side::ALL {
        m.open("input")
            .attr("type", "radio")
            .attr("name", "side")
            .attr("id", format_args!("side-{}", side.id()))
            .attr("value", side.id())
            .empty();
        m.open("label").attr("for", format_args!("side-{}", side.id())).body();
        m.text(text(side.name())).end("label");
    }
    m.end("fieldset").end("section");
    m.open("section").attr("class", "cards").body();
    for kind in GameKind::ALL {
        card(&mut m, kind, &prefs.spec(kind));
    }
    m.end("section");
    m
}

/// A card's picture: the start position of `spec`, the game with the
/// options its buttons use.
#[must_use]
pub fn card_picture(spec: &GameSpec) -> Markup {
    board::picture(
        &Layout::of(spec),
        &pieces(&spec.start()),
        &Marks::default(),
        &t!("{game} start position", game = text(spec.kind().name())),
    )
}

fn card(m: &mut Markup, kind: GameKind, spec: &GameSpec) {
    let (id, name, about) = (kind.id(), text(kind.name()), info(kind));
    m.open("article").attr("class", "card").attr("data-game", id).body();
    // `data-spec`: the options drawn, so the page draws again only on a change.
    m.open("div")
        .attr("class", "card-board")
        .attr("id", format_args!("card-board-{id}"))
        .attr("data-spec", spec)
        .body();
    m.append(&card_picture(spec)).end("div");
    m.open("div").attr("class", "card-text").body();
    m.open("h2").body();
    m.text(&name).end("h2");
    m.open("p").attr("class", "credit").body();
    m.text(format_args!("{}, {}", about.designer, text(about.year))).end("p");
    m.open("p").body();
    m.text(text(about.tagline)).end("p");
    m.open("p").attr("class", "card-options").attr("id", format_args!("card-options-{id}")).body();
    m.end("p");
    m.open("div").attr("class", "card-buttons").body();
    for (class, act, words, said) in [
        ("primary", "computer", t!("Play the computer"), t!("Play the computer: {game}", game = name)),
        ("secondary", "friend", t!("Play a friend"), t!("Play a friend at this screen: {game}", game = name)),
        ("link", "bylink", t!("By link…"), t!("Play a friend far away, by link: {game}", game = name)),
        ("link", "options", t!("Options…"), t!("Options: {game}", game = name)),
    ] {
        m.open("button")
            .attr("class", class)
            .attr("data-act", format_args!("{act}:{id}"))
            .attr("aria-label", said)
            .body();
        m.text(words).end("button");
    }
    m.open("a")
        .attr("class", "link")
        .attr("href", format_args!("?rules={id}"))
        .attr("data-act", format_args!("rules:{id}"))
        .attr("aria-label", t!("Rules: {game}", game = name))
        .body();
    m.text(t!("Rules")).end("a");
    m.end("div").end("div").end("article");
}

/// What the choices show for `prefs`, as (element id, property, value).
#[must_use]
pub fn props(prefs: &Prefs) -> Vec<(String, &'static str, Prop)> {
    let mut out = vec![
        ("home-level".to_owned(), "value", Prop::Text(prefs.level.to_string())),
        ("home-level-help".to_owned(), "textContent", Prop::Text(text(prefs.level.thinking()))),
    ];
    for side in Side::ALL {
        out.push((format!("side-{}", side.id()), "checked", Prop::On(prefs.side == side)));
    }
    for kind in GameKind::ALL {
        let options = options_line(&prefs.spec(kind), false);
        let line = match prefs.clock {
            Some(c) if options.is_empty() => t!("{clock} clock", clock = c.label()),
            Some(c) => t!("{options}; {clock} clock", options = options, clock = c.label()),
            None => options,
        };
        out.push((format!("card-options-{}", kind.id()), "textContent", Prop::Text(line)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_cards_each_with_its_start_and_its_ways_in() {
        let markup = choices(&Prefs::default());
        let html = markup.as_str();
        assert_eq!(html.matches("<article class=\"card\"").count(), 4);
        assert_eq!(html.matches("role=\"img\"").count(), 4);
        for kind in GameKind::ALL {
            let id = kind.id();
            for act in ["computer", "friend", "bylink", "options", "rules"] {
                assert!(html.contains(&format!("data-act=\"{act}:{id}\"")), "{act}:{id}");
            }
            assert!(html.contains(&format!("aria-label=\"{} start position\"", kind.name())));
            assert!(html.contains(&format!("aria-label=\"Options: {}\"", kind.name())));
        }
        assert_eq!(html.matches("<option value=").count(), Level::ALL.len());
        assert_eq!(html.matches("type=\"radio\"").count(), 3);
    }

    #[test]
    fn the_props_show_the_choices() {
        let prefs = Prefs::default();
        let props = props(&prefs);
        let get =
            |id: &str, prop: &str| props.iter().find(|(i, p, _)| i == id && *p == prop).map(|(_, _, v)| v.clone());
        assert_eq!(get("home-level", "value"), Some(Prop::Text(prefs.level.to_string())));
        let chosen: Vec<&str> = Side::ALL
            .into_iter()
            .filter(|s| get(&format!("side-{}", s.id()), "checked") == Some(Prop::On(true)))
            .map(Side::id)
            .collect();
        assert_eq!(chosen, [prefs.side.id()]);
        assert_eq!(get("card-options-forms", "textContent"), Some(Prop::Text(String::new())), "the defaults go unsaid");
        let mut chosen = Prefs::default();
        chosen.set_spec(&"forms:rules=advanced,size=8".parse().unwrap());
        let line = super::props(&chosen).into_iter().find(|(id, _, _)| id == "card-options-forms").map(|(_, _, v)| v);
        assert!(matches!(line, Some(Prop::Text(t)) if t.contains("8")), "the options chosen are said");
    }

    #[test]
    fn a_card_pictures_the_options_chosen() {
        let default = choices(&Prefs::default());
        let forms_default = GameSpec::default_for(GameKind::Forms);
        assert!(default.as_str().contains(&format!("data-spec=\"{forms_default}\"")));
        let mut chosen = Prefs::default();
        let eight: GameSpec = "forms:rules=advanced,size=8".parse().unwrap();
        chosen.set_spec(&eight);
        let html = choices(&chosen);
        assert!(html.as_str().contains("data-spec=\"forms:rules=advanced,size=8\""), "{}", html.as_str());
        // The card holds the 8×8 board's picture, not the default's.
        assert!(html.as_str().contains(card_picture(&eight).as_str()));
        assert!(!html.as_str().contains(card_picture(&forms_default).as_str()));
        assert_ne!(card_picture(&eight).as_str(), card_picture(&forms_default).as_str());
    }
}
