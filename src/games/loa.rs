//! Lines of Action as view data.

use rules::loa::{Loa, SIZE, Square};

use super::{CellView, SquareBoardView};

/// The board view of a Lines of Action position.
#[must_use]
pub fn board_view(position: &Loa) -> SquareBoardView {
    let cells = (0..SIZE * SIZE)
        .map(|i| {
            let (file, rank) = (i % SIZE, i / SIZE);
            let stone = Square::new(file, rank).and_then(|sq| position.piece_at(sq));
            CellView::square(file, rank, stone)
        })
        .collect();
    SquareBoardView { size: SIZE, checkered: true, cells }
}

#[cfg(test)]
mod tests {
    use rules::loa::LoaOptions;
    use rules::{Game, Player};

    use super::*;

    #[test]
    fn start_position_view() {
        let view = board_view(&Loa::new(LoaOptions::default()));
        assert_eq!(view.cells.len(), 64);
        assert_eq!(view.cells.iter().filter(|c| c.stone == Some(Player::Black)).count(), 12);
        assert_eq!(view.cells.iter().filter(|c| c.stone == Some(Player::White)).count(), 12);
        assert_eq!(view.cells[1].label, "b1, black stone");
        assert_eq!(view.cells[0].label, "a1, empty");
        assert_eq!(view.cells[8].label, "a2, white stone");
    }
}
