//! The board's drawing as SVG markup: cells (in rows, with their names and
//! grid roles), coordinates, pieces, marks and fading pieces. The board
//! component writes these into its layers in one step each instead of
//! building hundreds of nodes one call at a time, which keeps opening an
//! 18×18 board and playing on it within a frame.
//!
//! Everything here is made from numbers, the game's own cell names and the
//! app's own words, written through [`Markup`], which escapes them all.

use rules::{CellId, Piece};

use crate::session::Session;
use crate::session::model::selection;
use crate::session::model::shapes;

use super::Markup;
use crate::view::geometry::{cell_outline, px};
use crate::view::{Geometry, Layout};

/// How a target cell is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetKind {
    /// An ordinary destination.
    Move,
    /// A capture.
    Capture,
    /// A move that ends the match (RA).
    MatchEnd,
}

/// Everything drawn over the cells besides the pieces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The selected piece's cell.
    pub selected: Option<CellId>,
    /// RA: how many of the selected stack's stones move.
    pub stones: Option<u8>,
    /// Where the selected piece can go.
    pub targets: Vec<(CellId, TargetKind)>,
    /// The last move's cells.
    pub last: Vec<CellId>,
    /// The cells of a move queued while the computer thinks.
    pub premove: Vec<CellId>,
    /// Highlighted pieces: Attract's winning pieces, the winner's group.
    pub highlight: Vec<CellId>,
    /// A suggested move: (from, to).
    pub hint: Option<(Option<CellId>, CellId)>,
    /// The keyboard focus.
    pub focus: Option<CellId>,
    /// Arrows and circles drawn on the move shown.
    pub drawn: Vec<shapes::Shape>,
}

impl Marks {
    /// The marks of the position `session` shows, with the keyboard on
    /// `focus`: what the live board and the board drawn ahead both draw.
    #[must_use]
    pub fn of(session: &Session, focus: Option<CellId>) -> Marks {
        let tree = session.tree();
        let spec = tree.position().spec();
        let selection = session.selection();
        // The targets are filtered from the moves only while a piece is selected.
        let targets = if selection.from.is_none() {
            Vec::new()
        } else {
            selection::targets(session.choices(), &selection)
                .filter_map(|m| {
                    let kind = if m.ends_match {
                        TargetKind::MatchEnd
                    } else if m.capture {
                        TargetKind::Capture
                    } else {
                        TargetKind::Move
                    };
                    m.to.map(|to| (to, kind))
                })
                .collect()
        };
        let cells = |cells: (Option<CellId>, Option<CellId>)| cells.0.into_iter().chain(cells.1).collect::<Vec<_>>();
        Marks {
            premove: session.premove().map(|m| cells((m.from, m.to))).unwrap_or_default(),
            // While drawing by presses, the cell an arrow starts from.
            selected: selection.from.or(session.drawing().flatten()),
            stones: selection.stones,
            targets,
            last: tree.last_move().map(|mv| cells(mv.cells(&spec))).unwrap_or_default(),
            highlight: tree.position().winning_cells(),
            // The hint asked for, or else the analysis' best move (when it
            // is of the position shown).
            hint: session
                .hint()
                .map(|h| h.mv)
                .or_else(|| best_move(session))
                .map(|mv| mv.cells(&spec))
                .and_then(|(from, to)| Some((from, to?))),
            focus,
            drawn: tree.shapes(tree.cursor()).map(|t| shapes::read(&spec, t)).unwrap_or_default(),
        }
    }
}

/// The analysis' best move in the position shown, while the analysis is on.
fn best_move(session: &Session) -> Option<rules::AnyMove> {
    let analysis = session.analysis().filter(|_| session.analysis_on())?;
    let first = *analysis.pv.first()?;
    let position = session.tree().position();
    (analysis.side == position.to_move() && position.is_legal(first)).then_some(first)
}

/// The cells. With `labels` (the accessible name of every cell, by number),
/// for a board people play on: rows (`role="row"`) of grid cells, each with
/// its element id for the keyboard focus and its name. Without, for a
/// picture of a position: plain shapes. Every cell carries its number
/// (`data-i`) and its name (`data-cell`).
#[must_use]
pub fn cells(layout: &Layout, labels: Option<&[String]>) -> Markup {
    let mut m = Markup::with_capacity(layout.cells.len() * 200);
    for row in layout.geometry.rows() {
        if labels.is_some() {
            m.open("g").attr("role", "row").body();
        }
        for cell in row {
            let i = cell.index();
            let Some(c) = layout.cells.get(i) else { continue };
            let shape = match (c.dark, c.ra) {
                _ if c.hole => "cell-shape hole".to_owned(),
                (_, Some(owner)) => format!("cell-shape{} ra ra-{}", if c.dark { " dark" } else { "" }, owner.name()),
                (true, None) => "cell-shape dark".to_owned(),
                (false, None) => "cell-shape".to_owned(),
            };
            let d = cell_outline(&layout.geometry, c.x, c.y);
            let name = &c.name;
            // The RA cells carry their name as a label: a group of the shape and the word.
            let tag = if c.ra.is_some() {
                m.open("g").attr("class", "cell")
            } else {
                m.open("path").attr("class", format_args!("cell {shape}"))
            };
            let tag = tag.attr("data-i", i).attr("data-cell", name);
            let tag = match labels {
                Some(labels) => tag
                    .attr("id", format_args!("cell-{name}"))
                    .attr("role", "gridcell")
                    .attr("aria-label", labels.get(i).map_or("", String::as_str)),
                None => tag,
            };
            if c.ra.is_some() {
                tag.body();
                m.open("path").attr("class", &shape).attr("d", &d).empty();
                m.open("text")
                    .attr("class", "ra-glyph")
                    .attr("x", px(c.x))
                    .attr("y", px(c.y + 12.0))
                    .attr("aria-hidden", "true")
                    .body();
                m.text("RA").end("text").end("g");
            } else {
                tag.attr("d", &d).empty();
            }
        }
        if labels.is_some() {
            m.end("g");
        }
    }
    m
}

/// The frame and the coordinates along its edges, placed for the board's
/// orientation (the coordinates stay upright).
#[must_use]
pub fn frame(layout: &Layout, flipped: bool) -> Markup {
    let (w, h) = layout.geometry.size();
    let class = if matches!(layout.geometry, Geometry::Hex) { "frame hex-frame" } else { "frame" };
    let mut m = Markup::new();
    m.open("rect")
        .attr("class", class)
        .attr("x", 0)
        .attr("y", 0)
        .attr("width", px(w))
        .attr("height", px(h))
        .attr("rx", 18)
        .empty();
    let font = layout.geometry.coord_size();
    m.open("g").attr("class", "coords").attr("font-size", px(font)).attr("aria-hidden", "true").body();
    for (x, y, text) in &layout.coords {
        let (x, y) = if flipped { (w - x, h - y) } else { (*x, *y) };
        m.open("text").attr("class", "coord").attr("x", px(x)).attr("y", px(y + font * 0.35)).body();
        m.text(text).end("text");
    }
    m.end("g");
    m
}

/// One piece on `cell` (`data-piece` is its cell's number): a stone, or an RA
/// stack of discs with its height on top. `class` adds `slide`, `appear` or `ghost`.
#[must_use]
pub fn piece(layout: &Layout, cell: CellId, piece: Piece, class: &str) -> Markup {
    let mut m = Markup::new();
    let Some(c) = layout.place(cell) else { return m };
    let (x, y, i) = (px(c.x), px(c.y), cell.index());
    let colour = piece.owner.name();
    if !matches!(layout.geometry, Geometry::Hex) {
        m.open("circle")
            .attr("class", format_args!("piece stone {colour} {class}"))
            .attr("data-piece", i)
            .attr("cx", x)
            .attr("cy", y)
            .attr("r", 38)
            .empty();
        return m;
    }
    m.open("g").attr("class", format_args!("piece {class}")).attr("data-piece", i).body();
    // Discs 9 units apart, the stack centred on the cell (in half units: no fractions).
    let height = i64::from(piece.height);
    for k in 0..height {
        let dy2 = -k * 18 + (height - 1) * 9;
        m.open("ellipse")
            .attr("class", format_args!("disc {colour}"))
            .attr("cx", x)
            .attr("cy", y + dy2 / 2)
            .attr("rx", 34)
            .attr("ry", 27)
            .empty();
    }
    let top = y - (height - 1) * 9 / 2;
    m.open("text").attr("class", format_args!("height {colour}")).attr("x", x).attr("y", top + 10).body();
    m.text(piece.height).end("text").end("g");
    m
}

/// Every piece of `pieces` (by cell number), none animated.
#[must_use]
pub fn pieces(layout: &Layout, pieces: &[Option<Piece>]) -> Markup {
    let mut m = Markup::new();
    for (i, p) in pieces.iter().enumerate() {
        if let Some(p) = p {
            m.append(&piece(layout, CellId::new(i), *p, ""));
        }
    }
    m
}

/// The marks: last move, highlights, selection, targets (each with
/// `data-target` naming its cell), keyboard focus and the hint arrow.
#[must_use]
pub fn marks(layout: &Layout, marks: &Marks) -> Markup {
    let mut m = Markup::new();
    let at = |cell: CellId| layout.place(cell).map(|c| (px(c.x), px(c.y)));
    let shape = |m: &mut Markup, cell: CellId, class: &'static str| {
        if let Some(c) = layout.place(cell) {
            m.open("path").attr("class", class).attr("d", cell_outline(&layout.geometry, c.x, c.y)).empty();
        }
    };
    for &cell in &marks.last {
        shape(&mut m, cell, "mark last");
    }
    for &cell in &marks.premove {
        shape(&mut m, cell, "mark premove");
    }
    for (x, y) in marks.highlight.iter().filter_map(|&c| at(c)) {
        m.open("circle").attr("class", "mark highlight").attr("cx", x).attr("cy", y).attr("r", 45).empty();
    }
    if let Some(cell) = marks.selected {
        shape(&mut m, cell, "mark selected");
    }
    for &(cell, kind) in &marks.targets {
        let (Some((x, y)), Some(c)) = (at(cell), layout.place(cell)) else { continue };
        let name = &c.name;
        match kind {
            TargetKind::Move => {
                m.open("circle")
                    .attr("class", "mark target")
                    .attr("data-target", name)
                    .attr("cx", x)
                    .attr("cy", y)
                    .attr("r", 15)
                    .empty();
            }
            TargetKind::Capture => {
                m.open("circle")
                    .attr("class", "mark target capture")
                    .attr("data-target", name)
                    .attr("cx", x)
                    .attr("cy", y)
                    .attr("r", 42)
                    .empty();
            }
            TargetKind::MatchEnd => {
                m.open("g").attr("class", "mark target match-end").attr("data-target", name).body();
                m.open("circle").attr("cx", x).attr("cy", y).attr("r", 42).empty();
                let star = format!("M{x} {}l8 16l18 2l-13 12l4 18l-17-9l-17 9l4-18l-13-12l18-2z", y - 26);
                m.open("path").attr("d", star).empty();
                m.end("g");
            }
        }
    }
    if let Some(cell) = marks.focus {
        shape(&mut m, cell, "mark focus");
    }
    if let Some((from, to)) = marks.hint
        && let Some((tx, ty)) = at(to)
    {
        match from.and_then(at) {
            Some((fx, fy)) => m
                .open("line")
                .attr("class", "mark hint")
                .attr("x1", fx)
                .attr("y1", fy)
                .attr("x2", tx)
                .attr("y2", ty)
                .attr("marker-end", "url(#arrow-head)")
                .empty(),
            None => {
                m.open("circle").attr("class", "mark hint-ring").attr("cx", tx).attr("cy", ty).attr("r", 40).empty()
            }
        }
    }
    m
}

/// The arrows and circles drawn on the move shown, over the pieces.
#[must_use]
pub fn drawn(layout: &Layout, marks: &Marks) -> Markup {
    let mut m = Markup::new();
    for s in &marks.drawn {
        let (Some(from), Some(to)) = (layout.place(s.from), layout.place(s.to)) else { continue };
        let class = match s.brush {
            'R' => "drawn red",
            'B' => "drawn blue",
            'Y' => "drawn yellow",
            _ => "drawn green",
        };
        if s.from == s.to {
            m.open("circle").attr("class", class).attr("cx", px(to.x)).attr("cy", px(to.y)).attr("r", 44).empty();
        } else {
            // The line stops short of the centre, where its head is drawn.
            let (dx, dy) = (to.x - from.x, to.y - from.y);
            let keep = 1.0 - 30.0 / (dx * dx + dy * dy).sqrt().max(60.0);
            m.open("line")
                .attr("class", class)
                .attr("x1", px(from.x))
                .attr("y1", px(from.y))
                .attr("x2", px(from.x + dx * keep))
                .attr("y2", px(from.y + dy * keep))
                .attr("marker-end", "url(#draw-head)")
                .empty();
        }
    }
    m
}

/// The stones' shading, the black hole's and the arrowheads, once in every board's SVG.
pub const DEFS: &str = "<radialGradient id=\"stone-black-fill\" cx=\"0.35\" cy=\"0.3\" r=\"0.75\">\
<stop offset=\"0\" stop-color=\"#6b6b70\"></stop><stop offset=\"0.45\" stop-color=\"#26262a\"></stop>\
<stop offset=\"1\" stop-color=\"#0b0b0d\"></stop></radialGradient>\
<radialGradient id=\"stone-white-fill\" cx=\"0.35\" cy=\"0.3\" r=\"0.8\">\
<stop offset=\"0\" stop-color=\"#ffffff\"></stop><stop offset=\"0.6\" stop-color=\"#ecebe6\"></stop>\
<stop offset=\"1\" stop-color=\"#b9b6ad\"></stop></radialGradient>\
<radialGradient id=\"hole-fill\"><stop offset=\"0.3\" stop-color=\"#000\"></stop>\
<stop offset=\"1\" stop-color=\"#4a3a58\"></stop></radialGradient>\
<marker id=\"arrow-head\" viewBox=\"0 0 10 10\" refX=\"6\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" \
orient=\"auto-start-reverse\"><path d=\"M0 0L10 5L0 10z\" class=\"arrow-head\"></path></marker>\
<marker id=\"draw-head\" viewBox=\"0 0 10 10\" refX=\"4\" refY=\"5\" markerWidth=\"3\" markerHeight=\"3\" \
orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" fill=\"context-stroke\"></path></marker>";

/// A picture of a position on the page (the home page's cards, the rules'
/// diagrams): one image named `label` for screen readers, drawn as the
/// board is, with `marks` (the last move, a suggested move).
#[must_use]
pub fn picture(layout: &Layout, pieces: &[Option<Piece>], marks: &Marks, label: &str) -> Markup {
    let (w, h) = layout.geometry.size();
    let mut m = Markup::with_capacity(4_096);
    m.open("svg")
        .attr("class", "board still")
        .attr("viewBox", format_args!("0 0 {} {}", px(w), px(h)))
        .attr("role", "img")
        .attr("aria-label", label)
        .body();
    m.open("defs").body();
    m.fragment(DEFS).end("defs");
    m.open("g").attr("class", "layer-frame").attr("aria-hidden", "true").body();
    m.append(&frame(layout, false)).end("g");
    m.open("g").attr("class", "board-body").attr("aria-hidden", "true").body();
    m.append(&cells(layout, None));
    m.open("g").attr("class", "layer-marks").body();
    m.append(&self::marks(layout, marks)).end("g");
    m.open("g").attr("class", "layer-pieces").body();
    m.append(&self::pieces(layout, pieces)).end("g");
    m.end("g").end("svg");
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::{GameSpec, Player};

    #[test]
    fn the_analysis_best_move_is_drawn_as_the_hint_arrow_while_it_is_on() {
        use crate::session::flow::{AdviceIntent, Effect, Intent, Loaded};
        use crate::session::formats::url::{Route, decode};
        use crate::worker::protocol::{Request, Response};
        let Route::Play { tree, seats, view, notices } = decode("?game=loa&moves=b1-b3") else { panic!() };
        let mut s = Session::new(&tree.spec());
        s.apply(Intent::Load(Box::new(Loaded { tree, seats, view, notices, new_entry: false, seed: 7 })));
        assert_eq!(Marks::of(&s, None).hint, None);
        let fx = s.apply(Intent::Advice(AdviceIntent::Analysis(true)));
        let id = fx
            .iter()
            .find_map(|e| match e {
                Effect::Search { request: Request::Search { id, .. }, .. } => Some(*id),
                _ => None,
            })
            .unwrap();
        let position = s.tree().position().clone();
        let best = position.parse_move("a2-c2").unwrap();
        s.apply(Intent::Answer(
            crate::session::Role::Adviser,
            Response::Info { id, depth: 4, score: -30, nodes: 9, pv: vec![best] },
        ));
        let cell = |n: &str| s.tree().spec().cell_named(n);
        assert_eq!(Marks::of(&s, None).hint, Some((cell("a2"), cell("c2").unwrap())));
        // Closed, the analysis draws nothing.
        s.apply(Intent::Advice(AdviceIntent::Analysis(false)));
        assert_eq!(Marks::of(&s, None).hint, None);
    }

    /// Whether `markup` writes a number with a fractional part.
    fn all_markup_has_fractions(markup: &str) -> bool {
        markup.as_bytes().windows(3).any(|w| w[0].is_ascii_digit() && w[1] == b'.' && w[2].is_ascii_digit())
    }

    fn layout(spec: &str) -> Layout {
        Layout::of(&spec.parse::<GameSpec>().unwrap())
    }

    #[test]
    fn cells_come_in_rows_of_grid_cells() {
        let l = layout("loa");
        let labels: Vec<String> = (0..64).map(|i| format!("label {i}")).collect();
        let loa = cells(&l, Some(&labels)).into_string();
        assert_eq!(loa.matches("role=\"row\"").count(), 8);
        assert_eq!(loa.matches("role=\"gridcell\"").count(), 64);
        assert!(loa.contains("data-i=\"1\" data-cell=\"b1\" id=\"cell-b1\" role=\"gridcell\" aria-label=\"label 1\""));
        // The top row first, read left to right.
        let a8 = loa.find("data-cell=\"a8\"").unwrap();
        assert!(a8 < loa.find("data-cell=\"b8\"").unwrap() && a8 < loa.find("data-cell=\"a7\"").unwrap());
        let ra = cells(&layout("ra"), Some(&[])).into_string();
        assert_eq!(ra.matches("role=\"row\"").count(), 13);
        assert_eq!(ra.matches("role=\"gridcell\"").count(), 127);
        assert_eq!(ra.matches(">RA</text>").count(), 2);
        assert!(ra.contains("data-i=\"126\" data-cell=\"m13\" id=\"cell-m13\""));
        assert!(!all_markup_has_fractions(&ra), "hexagons in whole units");
        // A picture of a position: no grid, no ids (a page may show several).
        let still = cells(&l, None).into_string();
        assert!(!still.contains("role=") && !still.contains(" id=") && !still.contains("aria-label"));
        assert_eq!(still.matches("data-cell=").count(), 64);
    }

    #[test]
    fn coordinates_stay_readable_when_flipped() {
        let l = layout("loa");
        let (plain, flipped) = (frame(&l, false).into_string(), frame(&l, true).into_string());
        assert_eq!(plain.matches("class=\"coord\"").count(), 32);
        assert_ne!(plain, flipped);
        assert_eq!(flipped.matches("class=\"coord\"").count(), 32);
    }

    #[test]
    fn pieces_and_stacks() {
        let l = layout("ra");
        let c5 = l.spec.cell_named("c5").unwrap();
        let stack = piece(&l, c5, Piece { owner: Player::Black, height: 3 }, "slide").into_string();
        assert_eq!(stack.matches("<ellipse").count(), 3);
        assert!(stack.starts_with("<g class=\"piece slide\" data-piece=\""));
        assert!(stack.contains(">3</text>"));
        let l = layout("loa");
        let b1 = l.spec.cell_named("b1").unwrap();
        let stone = piece(&l, b1, Piece { owner: Player::White, height: 1 }, "").into_string();
        assert_eq!(
            stone,
            "<circle class=\"piece stone white \" data-piece=\"1\" cx=\"196\" cy=\"796\" r=\"38\"></circle>"
        );
        let all = pieces(&l, &crate::view::pieces(&l.spec.start())).into_string();
        assert_eq!(all.matches("<circle").count(), 24);
        assert!(!all_markup_has_fractions(&all), "coordinates are whole units");
    }

    #[test]
    fn marks_name_their_targets() {
        let l = layout("loa");
        let cell = |n: &str| l.spec.cell_named(n).unwrap();
        let m = Marks {
            selected: Some(cell("c1")),
            targets: vec![(cell("a3"), TargetKind::Capture), (cell("c3"), TargetKind::Move)],
            last: vec![cell("b1"), cell("b3")],
            hint: Some((Some(cell("c1")), cell("a3"))),
            ..Marks::default()
        };
        let out = marks(&l, &m).into_string();
        assert!(out.contains("data-target=\"a3\"") && out.contains("data-target=\"c3\""));
        assert_eq!(out.matches("mark last").count(), 2);
        assert_eq!(out.matches("mark selected").count(), 1);
        assert_eq!(out.matches("marker-end").count(), 1);
        assert!(marks(&l, &Marks::default()).is_empty());
    }
}
