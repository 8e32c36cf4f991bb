//! What moves on the board when a move is played, worked out from the move's
//! parts and the positions before and after: pieces that slide (with the cell
//! they came from), the placed piece, and pieces that disappear.

use rules::{AnyGame, CellId, GameKind, MoveParts, Piece};

/// The animation of one move, in cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Animation {
    /// Pieces that arrive by sliding: (the cell they arrive on, the cell they left).
    pub slides: Vec<(CellId, CellId)>,
    /// The placed piece (Attract), which appears.
    pub placed: Option<CellId>,
    /// Pieces that were removed, with what they were, to fade out.
    pub removed: Vec<(CellId, Piece)>,
}

/// The animation of the move `parts` from `before` to `after`.
#[must_use]
pub fn animate(before: &AnyGame, after: &AnyGame, parts: &MoveParts) -> Animation {
    let mut anim = Animation::default();
    if after.match_just_ended() {
        return anim; // The board was reset for the next match: nothing slides.
    }
    if let (Some(from), Some(to)) = (parts.from, parts.to) {
        anim.slides.push((to, from));
    }
    if before.kind() == GameKind::Attract
        && let Some(placed) = parts.to
    {
        anim.placed = Some(placed);
        anim.slides.extend(attract_pulls(before, after, placed));
    }
    // Removed pieces: there before and gone after (the moving piece's own
    // start and pulled stones excepted), or replaced by a capture.
    for cell in before.spec().cells() {
        let Some(piece) = before.piece_at(cell) else { continue };
        let left = anim.slides.iter().any(|&(_, from)| from == cell);
        let captured = parts.capture && parts.to == Some(cell);
        if (after.piece_at(cell).is_none() && !left) || captured {
            anim.removed.push((cell, piece));
        }
    }
    anim
}

/// Attract: along each ray from the placed stone the stones keep their order
/// and each steps at most one cell inward, so matching them in order tells
/// which moved.
fn attract_pulls(before: &AnyGame, after: &AnyGame, placed: CellId) -> Vec<(CellId, CellId)> {
    let spec = before.spec();
    let Some((file, rank)) = spec.file_rank(placed) else { return Vec::new() };
    let size = spec.cell_count().isqrt();
    let mut slides = Vec::new();
    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let ray = || {
            (1..size as isize).map_while(move |k| {
                let f = usize::try_from(file as isize + df * k).ok().filter(|&f| f < size)?;
                let r = usize::try_from(rank as isize + dr * k).ok().filter(|&r| r < size)?;
                Some(CellId::new(r * size + f))
            })
        };
        let old = ray().filter(|&c| before.piece_at(c).is_some());
        let new = ray().filter(|&c| after.piece_at(c).is_some());
        slides.extend(old.zip(new).filter(|(o, n)| o != n).map(|(o, n)| (n, o)));
    }
    slides
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::GameSpec;

    fn played(spec: &str, from: Option<&str>, moves: &[&str], mv: &str) -> (GameSpec, Animation) {
        let spec: GameSpec = spec.parse().unwrap();
        let before = spec.replay(from, moves.iter().copied(), |_, _| {}).unwrap();
        let parts = before.move_parts(before.parse_move(mv).unwrap());
        let mut after = before.clone();
        after.play_move(parts.mv).unwrap();
        (spec, animate(&before, &after, &parts))
    }

    fn names(spec: &GameSpec, cells: impl IntoIterator<Item = CellId>) -> Vec<String> {
        cells.into_iter().map(|c| spec.cell_name(c).unwrap()).collect()
    }

    #[test]
    fn attract_pull_slides() {
        let (spec, anim) = played("attract", None, &["b1"], "b8");
        assert_eq!(names(&spec, anim.placed), ["b8"]);
        assert_eq!(names(&spec, anim.slides.iter().map(|s| s.0)), ["b2"], "b1 was pulled to b2");
        assert_eq!(names(&spec, anim.slides.iter().map(|s| s.1)), ["b1"]);
        assert!(anim.removed.is_empty());
    }

    #[test]
    fn forms_clean_up_fades() {
        let (_, anim) = played("forms:size=6", Some("oxoooo/2x1oo/oo1x1o/xxxxox/x2o2/1oxxxx x"), &[], "d3xf6");
        assert_eq!(anim.slides.len(), 1);
        // 13 stones removed by the clean-up, plus the captured f6.
        assert_eq!(anim.removed.len(), 14);
    }

    #[test]
    fn loa_capture() {
        let (spec, anim) = played("loa", None, &[], "c1xa3");
        assert_eq!(names(&spec, anim.slides.iter().map(|s| s.0)), ["a3"]);
        assert_eq!(names(&spec, anim.removed.iter().map(|r| r.0)), ["a3"]);
    }

    #[test]
    fn a_match_that_ends_resets_the_board_without_slides() {
        let (_, anim) = played("ra", Some("x1h10/x3c5/o3k9/o3h8 x 0-0 1 x"), &[], "1h10-j10");
        assert_eq!(anim, Animation::default());
    }
}
