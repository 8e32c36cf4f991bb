//! The player's annotations on the move shown: a mark and a comment (and
//! the game's information) from the Notes dialog, and arrows and circles —
//! drawn with the right button (the page reports `Intent::Draw`) or, in
//! drawing mode, by two presses: the cell an arrow starts from, then the one
//! it points to (the same cell twice: a circle). Kept with the move, in
//! variations too.

use rules::CellId;

use super::{Effect, Session};
use crate::session::model::info::PlayerNotes;
use crate::session::model::shapes::{self, Shape};

impl Session {
    /// The Notes dialog's notes: on the move shown (at the start, which has
    /// no move, only the game's information).
    pub(super) fn note(&mut self, notes: PlayerNotes, fx: &mut Vec<Effect>) {
        let node = self.tree.cursor();
        if self.tree.can_back() {
            self.tree.set_mark(node, notes.mark);
            self.tree.set_comment(node, Some(notes.comment));
        }
        self.tree.set_info(notes.info);
        self.write(fx);
    }

    /// Whether presses draw, and the cell an arrow starts from once pressed.
    #[must_use]
    pub fn drawing(&self) -> Option<Option<CellId>> {
        self.drawing
    }

    /// `shape` drawn on the move shown: added, recoloured or taken away.
    pub(super) fn draw(&mut self, shape: Shape, fx: &mut Vec<Effect>) {
        let node = self.tree.cursor();
        let spec = self.tree.spec();
        let text = shapes::toggle(&spec, self.tree.shapes(node).unwrap_or_default(), shape);
        self.tree.set_shapes(node, Some(text));
        self.write(fx);
    }

    /// A press in drawing mode.
    pub(super) fn draw_press(&mut self, cell: CellId, fx: &mut Vec<Effect>) {
        match self.drawing {
            Some(Some(from)) => {
                self.drawing = Some(None);
                self.draw(Shape { brush: shapes::BRUSHES[0], from, to: cell }, fx);
            }
            _ => self.drawing = Some(Some(cell)),
        }
    }
}
