//! Clicks and taps turned into moves: the player picks a piece, sees where
//! it can go, and picks a destination. The legal moves come from the rules
//! crate; this only matches clicks against them.

use rules::MoveParts;

/// What is selected on the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// The cell of the chosen piece.
    pub from: Option<String>,
    /// RA: how many stones of the chosen stack move.
    pub stones: Option<u8>,
}

/// What a click means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Click {
    /// Play this move.
    Play(String),
    /// Select a piece (or change the selection).
    Select(Selection),
    /// Clear the selection.
    Clear,
}

/// The moves that start from the selection (for RA, with the chosen number of stones).
#[must_use]
pub fn targets<'a>(moves: &'a [MoveParts], selection: &Selection) -> Vec<&'a MoveParts> {
    let Some(from) = &selection.from else { return Vec::new() };
    moves
        .iter()
        .filter(|m| m.from.as_ref() == Some(from) && (selection.stones.is_none() || m.stones == selection.stones))
        .collect()
}

/// The cells a piece can be picked up from.
#[must_use]
pub fn movable(moves: &[MoveParts]) -> Vec<&str> {
    let mut cells: Vec<&str> = moves.iter().filter_map(|m| m.from.as_deref()).collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// The most stones that can move from `cell` (RA), if any can.
#[must_use]
pub fn max_stones(moves: &[MoveParts], cell: &str) -> Option<u8> {
    moves.iter().filter(|m| m.from.as_deref() == Some(cell)).filter_map(|m| m.stones).max()
}

/// What clicking `cell` means, given the legal moves and the selection.
#[must_use]
pub fn click(moves: &[MoveParts], selection: &Selection, cell: &str) -> Click {
    // Placement games: a click on a legal destination plays at once.
    if let Some(m) = moves.iter().find(|m| m.from.is_none() && m.to.as_deref() == Some(cell)) {
        return Click::Play(m.text.clone());
    }
    if let Some(m) = targets(moves, selection).into_iter().find(|m| m.to.as_deref() == Some(cell)) {
        return Click::Play(m.text.clone());
    }
    if selection.from.as_deref() == Some(cell) {
        return Click::Clear;
    }
    if moves.iter().any(|m| m.from.as_deref() == Some(cell)) {
        // RA: start with the whole stack; the player can choose fewer.
        return Click::Select(Selection { from: Some(cell.to_owned()), stones: max_stones(moves, cell) });
    }
    Click::Clear
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::GameSpec;

    fn parts(spec: &str) -> Vec<MoveParts> {
        spec.parse::<GameSpec>().unwrap().start().legal_move_parts()
    }

    #[test]
    fn pick_then_move() {
        let moves = parts("loa");
        let none = Selection::default();
        let Click::Select(sel) = click(&moves, &none, "b1") else { panic!() };
        let mut to: Vec<_> = targets(&moves, &sel).iter().map(|m| m.to.clone().unwrap()).collect();
        to.sort();
        assert_eq!(to, ["b3", "d3", "h1"]);
        assert_eq!(click(&moves, &sel, "b3"), Click::Play("b1-b3".into()));
        assert_eq!(click(&moves, &sel, "b1"), Click::Clear, "clicking the piece again cancels");
        assert_eq!(click(&moves, &sel, "e5"), Click::Clear, "clicking elsewhere cancels");
        assert!(matches!(click(&moves, &sel, "c1"), Click::Select(_)), "another piece is selected instead");
    }

    #[test]
    fn attract_places_on_click() {
        let moves = parts("attract");
        assert_eq!(click(&moves, &Selection::default(), "e2"), Click::Play("e2".into()));
    }

    #[test]
    fn forms_standard_targets_every_enemy_stone() {
        let moves = parts("forms:size=4");
        let Click::Select(sel) = click(&moves, &Selection::default(), "a1") else { panic!() };
        assert_eq!(targets(&moves, &sel).len(), 8);
    }

    #[test]
    fn ra_chooses_how_many_stones() {
        let moves = parts("ra");
        let Click::Select(sel) = click(&moves, &Selection::default(), "c5") else { panic!() };
        assert_eq!(sel.stones, Some(3));
        assert_eq!(targets(&moves, &sel).len(), 6);
        let one = Selection { stones: Some(1), ..sel };
        assert!(targets(&moves, &one).iter().all(|m| m.stones == Some(1)));
        assert_eq!(click(&moves, &one, "c8"), Click::Play("1c5-c8".into()));
        assert_eq!(max_stones(&moves, "c5"), Some(3));
        assert_eq!(movable(&moves), ["c5", "e3", "f6"]);
    }
}
