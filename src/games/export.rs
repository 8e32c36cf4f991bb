//! The board as a standalone SVG image, for download: the same drawing as
//! on screen, with its colours written into the file instead of a stylesheet.

use std::fmt::Write as _;

use super::geometry::cell_outline;
use super::{BoardView, Geometry};
use rules::Player;

/// Escapes text for XML.
fn xml(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A standalone SVG document of `view`, titled `title`.
#[must_use]
pub fn board_svg(view: &BoardView, title: &str) -> String {
    let (w, h) = view.geometry.size();
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
    for (x, y, text) in &view.coords {
        let _ = writeln!(
            out,
            "<text x=\"{x}\" y=\"{}\" fill=\"#f1dfc4\" font-family=\"sans-serif\" font-size=\"26\" font-weight=\"600\" text-anchor=\"middle\">{}</text>",
            y + 9.0,
            xml(text)
        );
    }
    for cell in &view.cells {
        let fill = match (cell.ra, cell.dark) {
            (Some(Player::Black), _) => "#6f7698",
            (Some(Player::White), _) => "#7fa06a",
            (None, true) => "#c99a5b",
            (None, false) => "#dcb57c",
        };
        let _ = writeln!(
            out,
            "<path d=\"{}\" fill=\"{fill}\" stroke=\"#3c230a\" stroke-opacity=\"0.4\" stroke-width=\"1.5\"/>",
            cell_outline(&view.geometry, cell.x, cell.y)
        );
        let Some(piece) = cell.piece else { continue };
        let (gradient, stroke, ink) =
            if piece.owner == Player::Black { ("b", "#000", "#f4efe6") } else { ("w", "#8f887a", "#2b2620") };
        if matches!(view.geometry, Geometry::Hex) {
            for i in 0..piece.height {
                let dy = -(f64::from(i) * 9.0) + f64::from(piece.height - 1) * 4.5;
                let _ = writeln!(
                    out,
                    "<ellipse cx=\"{}\" cy=\"{}\" rx=\"34\" ry=\"27\" fill=\"url(#{gradient})\" stroke=\"{stroke}\" stroke-width=\"1.5\"/>",
                    cell.x,
                    cell.y + dy
                );
            }
            let top = cell.y - f64::from(piece.height - 1) * 4.5;
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" fill=\"{ink}\" font-family=\"sans-serif\" font-size=\"30\" font-weight=\"800\" text-anchor=\"middle\">{}</text>",
                cell.x,
                top + 10.0,
                piece.height
            );
        } else {
            let _ = writeln!(
                out,
                "<circle cx=\"{}\" cy=\"{}\" r=\"38\" fill=\"url(#{gradient})\" stroke=\"{stroke}\" stroke-width=\"1.5\"/>",
                cell.x, cell.y
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::board_view;
    use rules::GameSpec;

    #[test]
    fn exports_every_piece() {
        let loa = board_svg(&board_view(&"loa".parse::<GameSpec>().unwrap().start()), "Lines of Action <start>");
        assert!(loa.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert_eq!(loa.matches("<circle").count(), 24);
        assert!(loa.contains("<title>Lines of Action &lt;start&gt;</title>"));
        let ra = board_svg(&board_view(&"ra".parse::<GameSpec>().unwrap().start()), "RA");
        assert_eq!(ra.matches("<ellipse").count(), 18);
        assert_eq!(ra.matches("<path").count(), 127);
    }
}
