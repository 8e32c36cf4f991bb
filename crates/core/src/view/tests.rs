//! Tests of `view`.

use super::*;

fn board(spec: &str) -> (Layout, Vec<Option<Piece>>) {
    let spec: GameSpec = spec.parse().unwrap();
    (Layout::of(&spec), pieces(&spec.start()))
}

fn label(layout: &Layout, pieces: &[Option<Piece>], name: &str) -> String {
    let cell = layout.spec.cell_named(name).unwrap();
    layout.label(cell, pieces[cell.index()])
}

#[test]
fn loa_start() {
    let (layout, pieces) = board("loa");
    assert_eq!(layout.cells.len(), 64);
    let stones = |p: Player| pieces.iter().flatten().filter(|x| x.owner == p).count();
    assert_eq!((stones(Player::Black), stones(Player::White)), (12, 12));
    assert_eq!(label(&layout, &pieces, "b1"), "b1, black stone");
    assert_eq!(label(&layout, &pieces, "a1"), "a1, empty");
    assert_eq!(label(&layout, &pieces, "a2"), "a2, white stone");
    assert!(layout.cells.iter().enumerate().all(|(i, c)| c.id.index() == i), "cells in number order");
}

#[test]
fn ra_start() {
    let (layout, pieces) = board("ra");
    assert_eq!(layout.cells.len(), 127);
    assert_eq!(label(&layout, &pieces, "d4"), "d4, black RA cell, empty");
    assert_eq!(label(&layout, &pieces, "j10"), "j10, white RA cell, empty");
    assert_eq!(label(&layout, &pieces, "c5"), "c5, black stack of 3");
    assert_eq!(label(&layout, &pieces, "g7"), "g7, empty");
    // Every cell has its own place.
    let mut points: Vec<(i64, i64)> = layout.cells.iter().map(|c| (c.x.round() as i64, c.y.round() as i64)).collect();
    points.sort_unstable();
    points.dedup();
    assert_eq!(points.len(), 127);
}

#[test]
fn sizes() {
    assert_eq!(board("attract:size=20").0.cells.len(), 400);
    assert_eq!(board("forms:size=4").0.cells.len(), 16);
    assert_eq!(board("forms").1.iter().flatten().count(), 324);
}
