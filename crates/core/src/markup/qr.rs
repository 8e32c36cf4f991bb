//! A QR code as SVG markup (for a friend's link, shown across a table):
//! the code from `qrcodegen`, its dark modules as one path, the quiet zone
//! of four modules around it that readers need, black on white in either
//! theme.

use std::fmt::Write as _;

use qrcodegen::{QrCode, QrCodeEcc};

use super::Markup;

/// The quiet zone, in modules.
const BORDER: i32 = 4;

/// The QR code of `text` (low error correction: the code stays as small
/// as a screen allows), described to screen readers as `label`; `None`
/// when the text is too long for any QR code.
#[must_use]
pub fn qr_svg(text: &str, label: &str) -> Option<Markup> {
    let code = QrCode::encode_text(text, QrCodeEcc::Low).ok()?;
    let size = code.size();
    let mut path = String::with_capacity((size * size) as usize * 4);
    for y in 0..size {
        let mut x = 0;
        while x < size {
            if code.get_module(x, y) {
                // A run of dark modules in a row, as one rectangle.
                let start = x;
                while x < size && code.get_module(x, y) {
                    x += 1;
                }
                let _ = write!(path, "M{} {}h{}v1h-{}z", start + BORDER, y + BORDER, x - start, x - start);
            }
            x += 1;
        }
    }
    let side = size + 2 * BORDER;
    let mut m = Markup::with_capacity(path.len() + 256);
    m.open("svg")
        .attr("class", "qr")
        .attr("viewBox", format_args!("0 0 {side} {side}"))
        .attr("role", "img")
        .attr("aria-label", label)
        .attr("shape-rendering", "crispEdges")
        .body();
    m.open("rect").attr("width", side).attr("height", side).attr("fill", "#fff").empty();
    m.open("path").attr("d", path).attr("fill", "#000").empty();
    m.end("svg");
    Some(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_becomes_a_square_of_modules() {
        let link = format!(
            "https://example.org/ludoteca/#friend=1&id=00c0ffee00c0ffee&game=loa&by=x&moves={}",
            "b1-b3,".repeat(60)
        );
        let svg = qr_svg(&link, "QR code of the link").unwrap();
        let html = svg.as_str();
        assert!(html.starts_with("<svg class=\"qr\" viewBox=\"0 0 "), "{html}");
        assert!(html.contains("aria-label=\"QR code of the link\""));
        // Every module drawn is inside the code, off its quiet zone.
        let side: i32 = html["<svg class=\"qr\" viewBox=\"0 0 ".len()..].split(' ').next().unwrap().parse().unwrap();
        assert!(side > 2 * BORDER + 21);
        let code = QrCode::encode_text(&link, QrCodeEcc::Low).unwrap();
        assert_eq!(side, code.size() + 2 * BORDER);
        let dark = (0..code.size())
            .flat_map(|y| (0..code.size()).map(move |x| (x, y)))
            .filter(|&(x, y)| code.get_module(x, y))
            .count();
        let drawn: i32 = html.split('h').skip(1).filter_map(|run| run.split('v').next()?.parse::<i32>().ok()).sum();
        assert_eq!(drawn as usize, dark);
        // Longer than any QR code holds.
        assert!(qr_svg(&"x".repeat(8_000), "").is_none());
    }
}
