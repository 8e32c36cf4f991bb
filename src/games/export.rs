//! The board as a standalone SVG image, for download: the board as shown on
//! screen (orientation, RA cells, last-move marks), with its colours written
//! into the file instead of a stylesheet.

use std::fmt::Write as _;

use super::geometry::{cell_outline, px};
use super::{Geometry, Layout};
use rules::{CellId, Piece, Player};

/// Escapes text for XML.
fn xml(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// What to draw.
#[derive(Clone, Copy, Debug)]
pub struct Picture<'a> {
    /// The board.
    pub layout: &'a Layout,
    /// What stands on each cell, by cell number.
    pub pieces: &'a [Option<Piece>],
    /// The last move's cells, marked.
    pub last: &'a [CellId],
    /// Whether the board is seen from the other side.
    pub flipped: bool,
    /// The image's title.
    pub title: &'a str,
}

/// A standalone SVG document of the picture.
#[must_use]
pub fn board_svg(picture: &Picture<'_>) -> String {
    let Picture { layout, pieces, last, flipped, title } = *picture;
    let (fw, fh) = layout.geometry.size();
    let place = |x: f64, y: f64| if flipped { (fw - x, fh - y) } else { (x, y) };
    let (w, h) = (px(fw), px(fh));
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\">\n<title>{}</title>\n",
        xml(title)
    );
    out.push_str(
        "<defs><radialGradient id=\"b\" cx=\"0.35\" cy=\"0.3\" r=\"0.75\"><stop offset=\"0\" stop-color=\"#6b6b70\"/>\
         <stop offset=\"0.45\" stop-color=\"#26262a\"/><stop offset=\"1\" stop-color=\"#0b0b0d\"/></radialGradient>\
         <radialGradient id=\"w\" cx=\"0.35\" cy=\"0.3\" r=\"0.8\"><stop offset=\"0\" stop-color=\"#ffffff\"/>\
         <stop offset=\"0.6\" stop-color=\"#ecebe6\"/><stop offset=\"1\" stop-color=\"#b9b6ad\"/></radialGradient></defs>\n",
    );
    let _ = writeln!(out, "<rect width=\"{w}\" height=\"{h}\" rx=\"18\" fill=\"#5b3a1e\"/>");
    let text = "font-family=\"sans-serif\" text-anchor=\"middle\"";
    for (x, y, label) in &layout.coords {
        let (x, y) = place(*x, *y);
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" fill=\"#f1dfc4\" {text} font-size=\"26\" font-weight=\"600\">{}</text>",
            px(x),
            px(y + 9.0),
            xml(label)
        );
    }
    for cell in &layout.cells {
        let (fx, fy) = place(cell.x, cell.y);
        let (x, y) = (px(fx), px(fy));
        let fill = match (cell.ra, cell.dark) {
            (Some(Player::Black), _) => "#6f7698",
            (Some(Player::White), _) => "#7fa06a",
            (None, true) => "#c99a5b",
            (None, false) => "#dcb57c",
        };
        let outline = cell_outline(&layout.geometry, fx, fy);
        let _ = writeln!(
            out,
            "<path d=\"{outline}\" fill=\"{fill}\" stroke=\"#3c230a\" stroke-opacity=\"0.4\" stroke-width=\"1.5\"/>"
        );
        if last.contains(&cell.id) {
            let _ = writeln!(out, "<path d=\"{outline}\" fill=\"#f5d547\" fill-opacity=\"0.45\"/>");
        }
        if cell.ra.is_some() {
            let _ = writeln!(
                out,
                "<text x=\"{x}\" y=\"{}\" fill=\"#1f1a12\" fill-opacity=\"0.55\" {text} font-size=\"34\" font-weight=\"800\">RA</text>",
                y + 12
            );
        }
        let Some(piece) = pieces.get(cell.id.index()).copied().flatten() else { continue };
        let (gradient, stroke, ink) =
            if piece.owner == Player::Black { ("b", "#000", "#f4efe6") } else { ("w", "#8f887a", "#2b2620") };
        if matches!(layout.geometry, Geometry::Hex) {
            let height = i64::from(piece.height);
            for k in 0..height {
                let dy2 = -k * 18 + (height - 1) * 9;
                let _ = writeln!(
                    out,
                    "<ellipse cx=\"{x}\" cy=\"{}\" rx=\"34\" ry=\"27\" fill=\"url(#{gradient})\" stroke=\"{stroke}\" stroke-width=\"1.5\"/>",
                    y + dy2 / 2
                );
            }
            let top = y - (height - 1) * 9 / 2;
            let _ = writeln!(
                out,
                "<text x=\"{x}\" y=\"{}\" fill=\"{ink}\" {text} font-size=\"30\" font-weight=\"800\">{}</text>",
                top + 10,
                piece.height
            );
        } else {
            let _ = writeln!(
                out,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"38\" fill=\"url(#{gradient})\" stroke=\"{stroke}\" stroke-width=\"1.5\"/>"
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pieces;
    use rules::GameSpec;

    fn svg(spec: &str, last: &[&str], flipped: bool, title: &str) -> String {
        let spec: GameSpec = spec.parse().unwrap();
        let layout = Layout::of(&spec);
        let last: Vec<CellId> = last.iter().map(|n| spec.cell_named(n).unwrap()).collect();
        board_svg(&Picture { layout: &layout, pieces: &pieces(&spec.start()), last: &last, flipped, title })
    }

    /// The centre of the first circle drawn on `b1`'s place: its (cx, cy).
    fn first_circle(svg: &str) -> (f64, f64) {
        let at = svg.find("<circle cx=\"").unwrap();
        let rest = &svg[at + 12..];
        let cx: f64 = rest[..rest.find('"').unwrap()].parse().unwrap();
        let rest = &rest[rest.find("cy=\"").unwrap() + 4..];
        let cy: f64 = rest[..rest.find('"').unwrap()].parse().unwrap();
        (cx, cy)
    }

    #[test]
    fn exports_every_piece() {
        let loa = svg("loa", &[], false, "Lines of Action <start>");
        assert!(loa.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_eq!(loa.matches("<circle").count(), 24);
        assert!(loa.contains("<title>Lines of Action &lt;start&gt;</title>"));
        let ra = svg("ra", &[], false, "RA");
        assert_eq!(ra.matches("<ellipse").count(), 18);
        assert_eq!(ra.matches("<path").count(), 127);
        assert_eq!(ra.matches(">RA</text>").count(), 2, "both RA cells are labelled");
    }

    #[test]
    fn a_flipped_board_is_exported_flipped() {
        // b1 is the first Black stone drawn; seen from White's side it is near the top right.
        let (x, y) = first_circle(&svg("loa", &[], false, "t"));
        let (fx, fy) = first_circle(&svg("loa", &[], true, "t"));
        let (w, h) = Geometry::of(&"loa".parse::<GameSpec>().unwrap()).size();
        assert!(y > h / 2.0 && fy < h / 2.0, "{y} {fy}");
        assert_eq!((fx, fy), (w.round() - x, h.round() - y));
    }

    #[test]
    fn the_last_move_is_marked() {
        assert_eq!(svg("loa", &["b1", "b3"], false, "t").matches("fill=\"#f5d547\"").count(), 2);
        assert_eq!(svg("loa", &[], false, "t").matches("fill=\"#f5d547\"").count(), 0);
    }
}
