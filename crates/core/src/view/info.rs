//! What the home page and the rules pages say about each game.

use rules::GameKind;

/// A game's card, in English: the year and the tagline are shown through
/// [`crate::i18n::text`] (they are listed in `i18n::dynamic_keys`); the
/// designer's name is not translated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// Who designed it.
    pub designer: &'static str,
    /// When.
    pub year: &'static str,
    /// One line on what it is about.
    pub tagline: &'static str,
}

/// The card of `kind`.
#[must_use]
pub const fn info(kind: GameKind) -> GameInfo {
    match kind {
        GameKind::Attract => GameInfo {
            designer: "Jarosław Cichocki",
            year: "2005",
            tagline: "Every stone you place pulls the others toward it. A stone hemmed in by enemy stones on all four diagonals is a winning piece: have more of them than your opponent.",
        },
        GameKind::Forms => GameInfo {
            designer: "Steven W. Meyers",
            year: "2007 (advanced rules 2011)",
            tagline: "After every move only one connected form survives. Be the first to have no stones left.",
        },
        GameKind::Ra => GameInfo {
            designer: "Marco Donadoni",
            year: "1981",
            tagline: "Race stacks across a hexagon into your opponent's RA cell: the taller the stack, the slower it moves and the more it scores.",
        },
        GameKind::Loa => GameInfo {
            designer: "Claude Soucie",
            year: "c. 1960",
            tagline: "Pieces move exactly as far as there are pieces on their line. Gather all of yours into one connected group.",
        },
    }
}
