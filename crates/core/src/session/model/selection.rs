//! Clicks and taps turned into moves: the player picks a piece, sees where
//! it can go, and picks a destination. The legal moves come from the rules
//! crate, taken apart once per position; this only matches cells against them.

use rules::{AnyGame, AnyMove, CellId, Illegal, MoveParts};

/// What is selected on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// The cell of the chosen piece.
    pub from: Option<CellId>,
    /// RA: how many stones of the chosen stack move.
    pub stones: Option<u8>,
}

/// What a click means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Click {
    /// Play this move.
    Play(AnyMove),
    /// Select a piece (or change the selection).
    Select(Selection),
    /// Clear the selection.
    Clear,
}

/// The moves that start from the selection (for RA, with the chosen number of stones).
pub fn targets<'a>(moves: &'a [MoveParts], selection: &Selection) -> impl Iterator<Item = &'a MoveParts> + use<'a> {
    let selection = *selection;
    moves.iter().filter(move |m| {
        selection.from.is_some()
            && m.from == selection.from
            && (selection.stones.is_none() || m.stones == selection.stones)
    })
}

/// The most stones that can move from `cell` (RA), if any can.
#[must_use]
pub fn max_stones(moves: &[MoveParts], cell: CellId) -> Option<u8> {
    moves.iter().filter(|m| m.from == Some(cell)).filter_map(|m| m.stones).max()
}

/// What clicking `cell` means, given the legal moves and the selection.
#[must_use]
pub fn click(moves: &[MoveParts], selection: &Selection, cell: CellId) -> Click {
    // Placement games: a click on a legal destination plays at once.
    if let Some(m) = moves.iter().find(|m| m.from.is_none() && m.to == Some(cell)) {
        return Click::Play(m.mv);
    }
    if let Some(m) = targets(moves, selection).find(|m| m.to == Some(cell)) {
        return Click::Play(m.mv);
    }
    if selection.from == Some(cell) {
        return Click::Clear;
    }
    if moves.iter().any(|m| m.from == Some(cell)) {
        // RA: start with the whole stack; the player can choose fewer.
        return Click::Select(Selection { from: Some(cell), stones: max_stones(moves, cell) });
    }
    Click::Clear
}

/// Why a click on `cell` that [`click`] answers with [`Click::Clear`] is
/// not a move of `position` (whose legal moves are `moves`), in words: the
/// rules' reason the selected piece cannot reach `cell`, a taken cell in a
/// placement game, or a piece with no move. `None` for a click that asks
/// for nothing (an empty cell or an enemy piece with nothing selected).
#[must_use]
pub fn refusal(position: &AnyGame, moves: &[MoveParts], selection: &Selection, cell: CellId) -> Option<String> {
    let spec = position.spec();
    let name = |c: CellId| spec.cell_name(c).unwrap_or_default();
    if let Some(from) = selection.from {
        let why = crate::i18n::rules_words::illegal(position.why_illegal(Some(from), Some(cell), selection.stones));
        let (from, to) = (name(from), name(cell));
        return Some(match selection.stones {
            Some(n) => crate::tn!(
                n.max(1),
                "{n} stone from {from} cannot reach {to}: {reason}",
                "{n} stones from {from} cannot reach {to}: {reason}",
                from = from,
                to = to,
                reason = why
            ),
            None => crate::t!("{from} cannot reach {to}: {reason}", from = from, to = to, reason = why),
        });
    }
    let piece = position.piece_at(cell);
    let placement = moves.iter().any(|m| m.from.is_none() && m.to.is_some());
    if placement && piece.is_some() {
        let why = crate::i18n::rules_words::illegal(position.why_illegal(None, Some(cell), None));
        return Some(crate::t!("{cell}: {reason}", cell = name(cell), reason = why));
    }
    (piece.is_some_and(|p| p.owner == position.to_move()) && !placement).then(|| {
        crate::t!("{cell}: {reason}", cell = name(cell), reason = crate::i18n::rules_words::illegal(Illegal::NoMoves))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::GameSpec;

    struct Board {
        spec: GameSpec,
        moves: Vec<MoveParts>,
    }

    impl Board {
        fn new(spec: &str) -> Board {
            let spec: GameSpec = spec.parse().unwrap();
            Board { spec, moves: spec.start().legal_move_parts() }
        }

        fn cell(&self, name: &str) -> CellId {
            self.spec.cell_named(name).unwrap()
        }

        fn click(&self, selection: &Selection, name: &str) -> Click {
            click(&self.moves, selection, self.cell(name))
        }

        fn plays(&self, selection: &Selection, name: &str) -> String {
            match self.click(selection, name) {
                Click::Play(mv) => mv.to_string(),
                other => panic!("{name}: {other:?}"),
            }
        }

        fn targets(&self, selection: &Selection) -> Vec<String> {
            let mut names: Vec<String> =
                targets(&self.moves, selection).filter_map(|m| m.to.and_then(|c| self.spec.cell_name(c))).collect();
            names.sort();
            names
        }
    }

    #[test]
    fn pick_then_move() {
        let b = Board::new("loa");
        let Click::Select(sel) = b.click(&Selection::default(), "b1") else { panic!() };
        assert_eq!(b.targets(&sel), ["b3", "d3", "h1"]);
        assert_eq!(b.plays(&sel, "b3"), "b1-b3");
        assert_eq!(b.click(&sel, "b1"), Click::Clear, "clicking the piece again cancels");
        assert_eq!(b.click(&sel, "e5"), Click::Clear, "clicking elsewhere cancels");
        assert!(matches!(b.click(&sel, "c1"), Click::Select(_)), "another piece is selected instead");
        assert!(b.targets(&Selection::default()).is_empty(), "nothing selected, no targets");
    }

    #[test]
    fn attract_places_on_click() {
        let b = Board::new("attract");
        assert_eq!(b.plays(&Selection::default(), "e2"), "e2");
    }

    #[test]
    fn forms_standard_targets_every_enemy_stone() {
        let b = Board::new("forms:size=4");
        let Click::Select(sel) = b.click(&Selection::default(), "a1") else { panic!() };
        assert_eq!(b.targets(&sel).len(), 8);
    }

    #[test]
    fn ra_chooses_how_many_stones() {
        let b = Board::new("ra");
        let Click::Select(sel) = b.click(&Selection::default(), "c5") else { panic!() };
        assert_eq!(sel.stones, Some(3));
        assert_eq!(b.targets(&sel).len(), 6);
        let one = Selection { stones: Some(1), ..sel };
        assert!(targets(&b.moves, &one).all(|m| m.stones == Some(1)));
        assert_eq!(b.plays(&one, "c8"), "1c5-c8");
        assert_eq!(max_stones(&b.moves, b.cell("c5")), Some(3));
    }
}
