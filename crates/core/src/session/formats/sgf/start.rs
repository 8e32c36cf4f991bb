//! The start an SGF file's root names: the standard one, Scrambled Eggs
//! (either way round) or a custom one drawn with AB, AW and AE, on the
//! board SZ gives.

use std::fmt::Write as _;

use rules::loa::Start;
use rules::{GameSpec, Player};

use super::{Property, value};

/// A square's place on a `size`×`size` board (`[row from the top][column]`) from its name.
fn square(text: &str, size: usize) -> Option<(usize, usize)> {
    let mut chars = text.chars();
    let file = chars.next()?.to_ascii_lowercase();
    let rank: usize = chars.as_str().parse().ok()?;
    let column = (file as usize).checked_sub('a' as usize).filter(|&c| c < size)?;
    (1..=size).contains(&rank).then_some((size - rank, column))
}

/// The start the root's SU names: the standard one, Scrambled Eggs (as
/// other programs write it: `Scrambled`, `Scrambled-Eggs`), or a custom one
/// (`None`) drawn by AB and AW.
pub(super) fn named_start(props: &[Property]) -> Result<Option<Start>, String> {
    match value(props, "SU").map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        None | Some("standard" | "loa") => Ok(Some(Start::Standard)),
        Some("scrambled" | "scrambled-eggs" | "scrambled eggs" | "scrambledeggs") => Ok(Some(Start::Scrambled)),
        Some("scrambled-mirrored") => Ok(Some(Start::ScrambledMirrored)),
        Some("custom") => Ok(None),
        Some(other) => Err(crate::t!(
            "the start \"{start}\" (SU) is not played here: the standard start, Scrambled Eggs or a custom one",
            start = other
        )),
    }
}

/// The start position the root's properties describe on the board of
/// `spec` (whose start SU named, unless the start is custom); `None` for
/// the spec's own start.
pub(super) fn start(props: &[Property], spec: &GameSpec, custom: bool) -> Result<Option<String>, String> {
    let setup = ["AB", "AW", "AE"];
    if !custom && !props.iter().any(|(n, _)| setup.contains(&n.as_str())) && value(props, "PL").is_none() {
        return Ok(None);
    }
    let size = spec.side().unwrap_or(rules::loa::SIZE);
    let mut board = vec![vec!['.'; size]; size];
    if !custom {
        // The named start, with the setup drawn over it.
        let first = spec.start();
        for cell in spec.cells() {
            let (Some(name), Some(piece)) = (spec.cell_name(cell), first.piece_at(cell)) else { continue };
            if let Some((row, column)) = square(&name, size) {
                board[row][column] = if piece.owner == Player::Black { 'x' } else { 'o' };
            }
        }
    }
    for (name, values) in props.iter().filter(|(n, _)| setup.contains(&n.as_str())) {
        let piece = match name.as_str() {
            "AB" => 'x',
            "AW" => 'o',
            _ => '.',
        };
        for v in values {
            let (row, column) = square(v.trim(), size)
                .ok_or_else(|| crate::t!("{name}[{value}] is not a square of the board", name = name, value = v))?;
            board[row][column] = piece;
        }
    }
    let to_move = match value(props, "PL").map(str::trim) {
        None | Some("B" | "b") => 'x',
        Some("W" | "w") => 'o',
        Some(other) => return Err(crate::t!("PL[{player}] names no player (B or W)", player = other)),
    };
    let rows: Vec<String> = board
        .iter()
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for &c in row {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        let _ = write!(out, "{empty}");
                        empty = 0;
                    }
                    out.push(c);
                }
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            out
        })
        .collect();
    Ok(Some(format!("{} {to_move}", rows.join("/"))))
}
