//! Arrows and circles drawn on the board, kept per move: as text, `Gb1b3
//! Rc4` — a brush (`G` green, `R` red, `B` blue, `Y` yellow), then the
//! cell an arrow starts from and the one it points to, or one cell for a
//! circle. The same text goes into the game's notes, into records
//! (`[%draw …]` in a move's comment) and, without the colours, into SGF
//! (`AR`, `CR`).

use rules::{CellId, GameSpec};

/// The brushes, as the text writes them.
pub const BRUSHES: [char; 4] = ['G', 'R', 'B', 'Y'];

/// One arrow (`from` ≠ `to`) or circle (`from` = `to`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// One of [`BRUSHES`].
    pub brush: char,
    /// Where the arrow starts, or the circled cell.
    pub from: CellId,
    /// Where the arrow points.
    pub to: CellId,
}

/// The brush for a drawing made with these keys held: none green, Shift
/// red, Alt (or Ctrl) blue, Shift with Alt (or Ctrl) yellow, as on lichess.
#[must_use]
pub fn brush(shift: bool, alt: bool) -> char {
    BRUSHES[usize::from(shift) + 2 * usize::from(alt)]
}

/// Splits `b1b3` into `b1` and `b3` (a cell is letters, then digits).
fn cells(text: &str) -> (&str, &str) {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() && bytes[i].is_ascii_lowercase() {
        i += 1;
    }
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        i += 1;
    }
    text.split_at(i)
}

/// The shapes `text` holds on `spec`'s board; a word that names no shape
/// of this board is left out.
#[must_use]
pub fn read(spec: &GameSpec, text: &str) -> Vec<Shape> {
    text.split([' ', ','])
        .filter_map(|word| {
            let brush = word.chars().next().filter(|b| BRUSHES.contains(b))?;
            let (from, to) = cells(&word[1..]);
            let from = spec.cell_named(from)?;
            let to = if to.is_empty() { from } else { spec.cell_named(to)? };
            Some(Shape { brush, from, to })
        })
        .collect()
}

/// `shapes` as text (empty for none).
#[must_use]
pub fn write(spec: &GameSpec, shapes: &[Shape]) -> String {
    let words: Vec<String> = shapes
        .iter()
        .map(|s| {
            let name = |c| spec.cell_name(c).unwrap_or_default();
            if s.from == s.to {
                format!("{}{}", s.brush, name(s.from))
            } else {
                format!("{}{}{}", s.brush, name(s.from), name(s.to))
            }
        })
        .collect();
    words.join(" ")
}

/// `text` as this board's shapes, written anew: what names no shape of
/// the board is left out.
#[must_use]
pub fn tidy(spec: &GameSpec, text: &str) -> String {
    write(spec, &read(spec, text))
}

/// `text` with `shape` drawn again: the same shape in the same colour is
/// taken away, in another colour it changes colour, else it is added.
#[must_use]
pub fn toggle(spec: &GameSpec, text: &str, shape: Shape) -> String {
    let mut shapes = read(spec, text);
    match shapes.iter().position(|s| s.from == shape.from && s.to == shape.to) {
        Some(i) if shapes[i].brush == shape.brush => {
            shapes.remove(i);
        }
        Some(i) => shapes[i].brush = shape.brush,
        None => shapes.push(shape),
    }
    write(spec, &shapes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> GameSpec {
        text.parse().unwrap()
    }

    #[test]
    fn shapes_read_back_on_every_board() {
        for (game, text) in [("loa", "Gb1b3 Rc4"), ("forms", "Bj10r18 Ya1"), ("ra", "Gg7h8 Rm13")] {
            let spec = spec(game);
            let shapes = read(&spec, text);
            assert_eq!(shapes.len(), 2, "{game}");
            assert_eq!(write(&spec, &shapes), text);
        }
        assert_eq!(read(&spec("loa"), "Gb1b3,Rc4").len(), 2, "commas too");
        assert!(read(&spec("loa"), "Xb1b3 Gz9 G Gb1j10 b1b3").is_empty(), "no shape of this board");
    }

    #[test]
    fn drawing_the_same_shape_again_takes_it_away_or_recolours_it() {
        let loa = spec("loa");
        let (b1, b3) = (loa.cell_named("b1").unwrap(), loa.cell_named("b3").unwrap());
        let arrow = Shape { brush: 'G', from: b1, to: b3 };
        let text = toggle(&loa, "", arrow);
        assert_eq!(text, "Gb1b3");
        assert_eq!(toggle(&loa, &text, Shape { brush: 'R', ..arrow }), "Rb1b3");
        assert_eq!(toggle(&loa, &text, arrow), "");
        assert_eq!(toggle(&loa, &text, Shape { brush: 'B', from: b1, to: b1 }), "Gb1b3 Bb1");
    }

    #[test]
    fn keys_choose_the_brush() {
        assert_eq!([brush(false, false), brush(true, false), brush(false, true), brush(true, true)], BRUSHES);
    }

    proptest::proptest! {
        /// Any text reads without a panic, and what it reads writes back as
        /// text that reads the same: tidying twice changes nothing.
        #[test]
        fn any_text_reads_and_tidies_to_a_fixed_point(text in "[GRBYZ a-s0-9,]{0,60}|\\PC{0,60}") {
            for game in ["loa", "forms", "ra", "attract:size=6"] {
                let spec = spec(game);
                let once = tidy(&spec, &text);
                proptest::prop_assert_eq!(tidy(&spec, &once), once.clone());
                proptest::prop_assert_eq!(read(&spec, &once).len(), read(&spec, &text).len());
            }
        }
    }
}
