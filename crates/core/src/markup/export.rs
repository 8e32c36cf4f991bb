//! The board as a standalone SVG image, for download: the same drawing as on
//! screen (the markup of [`super::board`]), with its light-theme colours in
//! a stylesheet of its own, as shown: orientation, RA cells' labels and the
//! last move's marks. A flipped board is drawn with its cells placed turned
//! round rather than under a transform, so every SVG reader shows it upright.

use rules::{CellId, Piece};

use super::Markup;
use super::board::{self, Marks};
use crate::view::Layout;
use crate::view::geometry::px;

/// The colours of the drawing (the light theme of the page's stylesheet).
const STYLE: &str = "<style>\
.frame{fill:#5b3a1e}\
.coord{fill:#f1dfc4;font-weight:600;font-family:sans-serif;text-anchor:middle}\
.cell-shape{fill:#dcb57c;stroke:#3c230a;stroke-opacity:.4;stroke-width:1.5}\
.cell-shape.dark{fill:#c99a5b}.cell-shape.ra-black{fill:#6f7698}.cell-shape.ra-white{fill:#7fa06a}\
.ra-glyph{fill:#fff;fill-opacity:.75;font:800 30px sans-serif;text-anchor:middle}\
.stone.black,.disc.black{fill:url(#b);stroke:#000;stroke-width:1.5}\
.stone.white,.disc.white{fill:url(#w);stroke:#8f887a;stroke-width:1.5}\
.height{font:800 30px sans-serif;text-anchor:middle}.height.black{fill:#f4efe6}.height.white{fill:#2b2620}\
.mark.last{fill:#f5d547;fill-opacity:.45}\
</style>";

/// The stones' shading.
const GRADIENTS: &str = "<defs><radialGradient id=\"b\" cx=\"0.35\" cy=\"0.3\" r=\"0.75\"><stop offset=\"0\" stop-color=\"#6b6b70\"/>\
<stop offset=\"0.45\" stop-color=\"#26262a\"/><stop offset=\"1\" stop-color=\"#0b0b0d\"/></radialGradient>\
<radialGradient id=\"w\" cx=\"0.35\" cy=\"0.3\" r=\"0.8\"><stop offset=\"0\" stop-color=\"#ffffff\"/>\
<stop offset=\"0.6\" stop-color=\"#ecebe6\"/><stop offset=\"1\" stop-color=\"#b9b6ad\"/></radialGradient></defs>";

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
pub fn board_svg(picture: &Picture<'_>) -> Markup {
    let Picture { layout, pieces, last, flipped, title } = *picture;
    let turned;
    let layout = if flipped {
        turned = layout.turned();
        &turned
    } else {
        layout
    };
    let (w, h) = layout.geometry.size();
    let (w, h) = (px(w), px(h));
    let marks = Marks { last: last.to_vec(), ..Marks::default() };
    let mut m = Markup::new();
    m.open("svg")
        .attr("xmlns", "http://www.w3.org/2000/svg")
        .attr("viewBox", format_args!("0 0 {w} {h}"))
        .attr("width", w)
        .attr("height", h)
        .body();
    m.fragment("\n").open("title").body();
    m.text(title).end("title").fragment("\n").fragment(STYLE).fragment("\n").fragment(GRADIENTS).fragment("\n");
    for layer in [
        board::frame(layout, false),
        board::cells(layout, None),
        board::marks(layout, &marks),
        board::pieces(layout, pieces),
    ] {
        m.append(&layer).fragment("\n");
    }
    m.end("svg").fragment("\n");
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::{Geometry, pieces};
    use rules::GameSpec;

    fn svg(spec: &str, last: &[&str], flipped: bool, title: &str) -> String {
        let spec: GameSpec = spec.parse().unwrap();
        let layout = Layout::of(&spec);
        let last: Vec<CellId> = last.iter().map(|n| spec.cell_named(n).unwrap()).collect();
        board_svg(&Picture { layout: &layout, pieces: &pieces(&spec.start()), last: &last, flipped, title })
            .into_string()
    }

    /// The centre of the first circle drawn (b1's stone): its (cx, cy).
    fn first_circle(svg: &str) -> (f64, f64) {
        let at = svg.find("<circle ").unwrap();
        let rest = &svg[at..];
        let rest = &rest[rest.find("cx=\"").unwrap() + 4..];
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
        assert_eq!(svg("loa", &["b1", "b3"], false, "t").matches("class=\"mark last\"").count(), 2);
        assert_eq!(svg("loa", &[], false, "t").matches("class=\"mark last\"").count(), 0);
    }
}
