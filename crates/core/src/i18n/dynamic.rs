//! The English texts that reach [`text`](super::text) from elsewhere than
//! a `t!` literal (a game's name, an option's label, a level's name): the
//! catalogues' keys are the literals the sources hold and these.

/// The web manifest's description (`public/manifest.webmanifest`): the
/// build writes a manifest per language with its translation.
pub const MANIFEST_DESCRIPTION: &str = "Play Attract, Forms, RA and Lines of Action, against a friend or the computer.";

/// Every English text translated through [`text`](super::text) that is no
/// `t!` literal, enumerated from its source so the list stays whole.
#[must_use]
pub fn dynamic_keys() -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = Vec::new();
    // The games' names.
    keys.extend(rules::GameKind::ALL.map(rules::GameKind::name));
    keys.push(MANIFEST_DESCRIPTION);
    // Markup and view: what the home page, the editor, the notes, the move
    // list and the library's rows show from elsewhere (`crate::markup`).
    {
        use crate::library::Origin;
        use crate::session::model::{info, seats::Side};
        use crate::view::info::info as card;
        use search::levels::Level;
        keys.extend(Level::ALL.map(Level::name));
        keys.extend(Level::ALL.map(Level::thinking));
        keys.push(search::levels::PERFECT_PLAY);
        keys.extend(Side::ALL.map(Side::name));
        for kind in rules::GameKind::ALL {
            let about = card(kind);
            keys.push(about.tagline);
            // The years that hold words (`c. 1960`); a plain year is no text.
            if about.year.bytes().any(|b| b.is_ascii_alphabetic()) {
                keys.push(about.year);
            }
            keys.extend(kind.options().iter().map(|o| o.help));
        }
        keys.extend(search::review::Mark::ALL.map(search::review::Mark::name));
        keys.extend(info::Mark::ALL.map(info::Mark::words));
        keys.extend(info::FIELDS.map(|(_, _, label)| label));
        // Every origin: the match stops compiling when one is added.
        let _ = |o: Origin| match o {
            Origin::Played | Origin::Imported | Origin::Link => (),
        };
        keys.extend([Origin::Played, Origin::Imported, Origin::Link].map(Origin::words));
    }
    // The app (src/): what its components show from the rules, the search
    // and the core through `i18n::text` (the levels' names, the options'
    // help and the games' cards are listed above).
    {
        use crate::session::formats::prefs::Theme;
        use crate::session::model::seats::HOT_SEAT;
        keys.extend(Theme::ALL.map(Theme::name));
        keys.push(HOT_SEAT);
        keys.extend(rules::GameKind::ALL.into_iter().filter_map(search::solver::solved_words));
    }
    // Session, library, worker: the players' colours in sentences, what a
    // record naming no game is read as, and why a written move tree stops.
    {
        use crate::session::formats::{paste, tree_text};
        use crate::session::model::seats;
        keys.extend(rules::Player::ALL.map(seats::colour_name));
        keys.push(paste::ON_SCREEN);
        keys.extend(tree_text::SYNTAX_REASONS);
    }
    keys.sort_unstable();
    keys.dedup();
    keys
}
