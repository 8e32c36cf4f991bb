//! The puzzle data file: what `ludoteca puzzles` writes and the puzzle page
//! reads. Plain text, one puzzle a line, so that it diffs well and gzips
//! small:
//!
//! ```text
//! ludoteca-puzzles 1
//! # any comment: how the file was made
//! 090fcfd2→loa→2→3→8/3o2x1/4xx2/4xo2/2xx1o1x/3o1o2/1x6/8_o→d7xd4 b2-c2 f3-e4→100→1782
//! ```
//!
//! The first line names the format and its version. Then, tab-separated
//! (`→` above):
//! the puzzle's id (8 hex digits, from its game and position), the game
//! spec, the difficulty (1–5), the win's length in plies, the position
//! text (spaces written `_`, as in links), the solution's moves
//! (space-separated), the fewest positions the searcher needed to find the
//! first move (`-`: more than the most it was given) and the positions the
//! proof visited. Reading checks the shape of each line, not the rules:
//! whoever plays a puzzle replays its line through the rules crate.

use std::fmt::Write as _;

/// The first line of every puzzle file, naming its version.
pub const HEADER: &str = "ludoteca-puzzles 1";

/// The highest difficulty.
pub const MAX_DIFFICULTY: u8 = 5;

/// One puzzle, as the file holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Eight hex digits, from the spec and the position ([`id`]).
    pub id: String,
    /// The game spec (`loa`, `forms:size=8`).
    pub spec: String,
    /// 1 (easiest) to [`MAX_DIFFICULTY`].
    pub difficulty: u8,
    /// The length of the win in plies.
    pub plies: u8,
    /// The position text, its spaces written `_`.
    pub position: String,
    /// The solution's moves, in the game's notation.
    pub line: Vec<String>,
    /// The fewest positions the searcher needed to find the first move
    /// (`None`: more than the most it was given).
    pub effort: Option<u64>,
    /// Positions the proof visited.
    pub proof: u64,
}

/// A puzzle's id: eight hex digits of the FNV-1a hash of its spec and
/// position, so that the same puzzle keeps its id (and its link) when the
/// file is made again.
#[must_use]
pub fn id(spec: &str, position: &str) -> String {
    let mut hash: u32 = 0x811c_9dc5;
    for byte in spec.bytes().chain([b' ']).chain(position.bytes()) {
        hash = (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193);
    }
    format!("{hash:08x}")
}

/// The file's text: the header, `comments` as `#` lines, then the puzzles.
#[must_use]
pub fn write(puzzles: &[Puzzle], comments: &[String]) -> String {
    let mut out = format!("{HEADER}\n");
    for comment in comments {
        for line in comment.lines() {
            let _ = writeln!(out, "# {line}");
        }
    }
    for p in puzzles {
        let effort = p.effort.map_or_else(|| "-".to_owned(), |n| n.to_string());
        let _ = writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}\t{}\t{effort}\t{}",
            p.id,
            p.spec,
            p.difficulty,
            p.plies,
            p.position,
            p.line.join(" "),
            p.proof
        );
    }
    out
}

/// Reads a puzzle file.
///
/// # Errors
/// A message naming the line and what is wrong with it.
pub fn read(text: &str) -> Result<Vec<Puzzle>, String> {
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, HEADER)) => {}
        Some((_, first)) if first.starts_with("ludoteca-puzzles ") => {
            return Err(format!("puzzle file version {:?} is not one this program reads (it reads 1)", &first[17..]));
        }
        _ => return Err(format!("not a puzzle file: the first line is not {HEADER:?}")),
    }
    let mut puzzles = Vec::new();
    for (i, line) in lines {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        puzzles.push(puzzle(line).map_err(|e| format!("line {}: {e}", i + 1))?);
    }
    Ok(puzzles)
}

fn puzzle(line: &str) -> Result<Puzzle, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [id, spec, difficulty, plies, position, moves, effort, proof] = fields[..] else {
        return Err(format!("{} fields where a puzzle has 8 (tab-separated)", fields.len()));
    };
    if id.len() != 8 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(format!("the id {id:?} is not 8 hex digits"));
    }
    if spec.is_empty() || position.is_empty() || position.contains(' ') {
        return Err("the spec or the position is empty, or the position has a space".to_owned());
    }
    let number =
        |what: &str, text: &str| text.parse::<u64>().map_err(|_| format!("the {what} {text:?} is not a number"));
    let difficulty = u8::try_from(number("difficulty", difficulty)?).unwrap_or(0);
    if !(1..=MAX_DIFFICULTY).contains(&difficulty) {
        return Err(format!("the difficulty is not 1 to {MAX_DIFFICULTY}"));
    }
    let plies = u8::try_from(number("length", plies)?).unwrap_or(0);
    let line: Vec<String> = moves.split(' ').filter(|m| !m.is_empty()).map(str::to_owned).collect();
    if plies == 0 || line.len() != usize::from(plies) {
        return Err(format!("the length {plies} is not the solution's {} moves", line.len()));
    }
    let effort = if effort == "-" { None } else { Some(number("searcher's effort", effort)?) };
    Ok(Puzzle {
        id: id.to_owned(),
        spec: spec.to_owned(),
        difficulty,
        plies,
        position: position.to_owned(),
        line,
        effort,
        proof: number("proof's size", proof)?,
    })
}
