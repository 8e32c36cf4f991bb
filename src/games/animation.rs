//! What moves on the board when a move is played, worked out by comparing the
//! positions before and after: pieces that slide (with where they came from)
//! and pieces that disappear.

use rules::{AnyGame, GameKind};

use super::{BoardView, Piece};

/// The animation of one move.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Animation {
    /// Pieces that arrive by sliding: (cell, from x, from y) in SVG units.
    pub slides: Vec<(String, f64, f64)>,
    /// The placed piece (Attract), which appears.
    pub placed: Option<String>,
    /// Pieces that were removed: (x, y, piece), faded out.
    pub removed: Vec<(f64, f64, Piece)>,
}

fn centre(view: &BoardView, name: &str) -> Option<(f64, f64)> {
    view.cells.iter().find(|c| c.name == name).map(|c| (c.x, c.y))
}

/// The animation of `mv` (in notation) from `before` to `after`.
#[must_use]
pub fn animate(before: &AnyGame, after: &AnyGame, mv: &str) -> Animation {
    let (old, new) = (super::board_view(before), super::board_view(after));
    let mut anim = Animation::default();
    if after.match_just_ended() {
        return anim; // The board was reset for the next match: nothing slides.
    }
    let parts = before.legal_move_parts().into_iter().find(|m| m.text == mv);
    let Some(parts) = parts else { return anim };
    let (from, to) = (parts.from.clone(), parts.to.clone());
    if let (Some(from), Some(to)) = (&from, &to)
        && let Some((x, y)) = centre(&old, from)
    {
        anim.slides.push((to.clone(), x, y));
    }
    if before.kind() == GameKind::Attract
        && let Some(placed) = &to
    {
        anim.placed = Some(placed.clone());
        anim.slides.extend(attract_pulls(&old, &new, placed));
    }
    // Removed pieces: there before and gone after (the moving piece's own
    // start excepted), or replaced by a capture.
    for (o, n) in old.cells.iter().zip(&new.cells) {
        let Some(piece) = o.piece else { continue };
        let moved_away = from.as_deref() == Some(o.name.as_str());
        let captured = to.as_deref() == Some(o.name.as_str()) && parts.capture;
        let vanished = n.piece.is_none() && !moved_away;
        let pulled = anim.slides.iter().any(|(_, x, y)| (*x - o.x).abs() < 1.0 && (*y - o.y).abs() < 1.0);
        if (vanished && !pulled) || captured {
            anim.removed.push((o.x, o.y, piece));
        }
    }
    anim
}

/// Attract: along each ray from the placed stone, the stones keep their order
/// and each steps at most one cell inward, so matching them in order tells
/// which moved.
fn attract_pulls(old: &BoardView, new: &BoardView, placed: &str) -> Vec<(String, f64, f64)> {
    let Some((px, py)) = centre(old, placed) else { return Vec::new() };
    let mut slides = Vec::new();
    for (dx, dy) in [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
        let on_ray = |view: &BoardView| {
            let mut cells: Vec<(f64, String, f64, f64)> = view
                .cells
                .iter()
                .filter(|c| c.piece.is_some())
                .filter_map(|c| {
                    let (rx, ry) = (c.x - px, c.y - py);
                    let along = rx * dx + ry * dy;
                    let across = rx * dy - ry * dx;
                    (along > 1.0 && across.abs() < 1.0).then(|| (along, c.name.clone(), c.x, c.y))
                })
                .collect();
            cells.sort_by(|a, b| a.0.total_cmp(&b.0));
            cells
        };
        for (b, a) in on_ray(old).iter().zip(on_ray(new).iter()) {
            if b.1 != a.1 {
                slides.push((a.1.clone(), b.2, b.3));
            }
        }
    }
    slides
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::GameSpec;

    #[test]
    fn attract_pull_slides() {
        let spec: GameSpec = "attract".parse().unwrap();
        let mut before = spec.start();
        before.play_text("b1").unwrap();
        let mut after = before.clone();
        after.play_text("b8").unwrap();
        let anim = animate(&before, &after, "b8");
        assert_eq!(anim.placed.as_deref(), Some("b8"));
        assert_eq!(anim.slides.iter().map(|s| s.0.as_str()).collect::<Vec<_>>(), ["b2"], "b1 was pulled to b2");
        assert!(anim.removed.is_empty());
    }

    #[test]
    fn forms_clean_up_fades() {
        let spec: GameSpec = "forms:size=6".parse().unwrap();
        let before = spec.position("oxoooo/2x1oo/oo1x1o/xxxxox/x2o2/1oxxxx x").unwrap();
        let mut after = before.clone();
        after.play_text("d3xf6").unwrap();
        let anim = animate(&before, &after, "d3xf6");
        assert_eq!(anim.slides.len(), 1);
        // 13 stones removed by the clean-up, plus the captured f6.
        assert_eq!(anim.removed.len(), 14);
    }

    #[test]
    fn loa_capture() {
        let spec: GameSpec = "loa".parse().unwrap();
        let before = spec.start();
        let mut after = before.clone();
        after.play_text("c1xa3").unwrap();
        let anim = animate(&before, &after, "c1xa3");
        assert_eq!(anim.slides[0].0, "a3");
        assert_eq!(anim.removed.len(), 1);
    }
}
