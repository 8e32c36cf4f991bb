//! A second Lines of Action move generator, written for these tests alone
//! and sharing no code with the rules crate: a plain grid read from the
//! position text, lines counted square by square. Over thousands of
//! positions on every board size and start, it must find exactly the moves
//! the rules crate finds, agree on which side is connected and on the
//! position each move leads to (a piece landing on the black hole leaves
//! the board); and its perft from every start must equal the rules crate's.
#![allow(clippy::unwrap_used)] // Test helpers: a failure here is a failed test.

use std::collections::BTreeSet;

use rules::loa::{Loa, LoaMove, LoaOptions, Start};
use rules::{Game, RuleOptions};

/// A position as the oracle sees it: `grid[rank][file]`, 'x' Black, 'o' White.
#[derive(Clone)]
struct Grid {
    n: usize,
    cells: Vec<Vec<Option<char>>>,
    to_move: char,
}

impl Grid {
    /// Reads the position text (`1xxxx1/o4o/.../1xxxx1 x`), top rank first.
    fn read(text: &str) -> Grid {
        let (board, side) = text.split_once(' ').unwrap();
        let rows: Vec<&str> = board.split('/').collect();
        let n = rows.len();
        let mut cells = vec![vec![None; n]; n];
        for (i, row) in rows.iter().enumerate() {
            let rank = n - 1 - i;
            let mut file = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                } else {
                    cells[rank][file] = Some(c);
                    file += 1;
                }
            }
            assert_eq!(file, n, "row {row}");
        }
        Grid { n, cells, to_move: side.chars().next().unwrap() }
    }

    fn at(&self, file: i32, rank: i32) -> Option<Option<char>> {
        let n = self.n as i32;
        (file >= 0 && rank >= 0 && file < n && rank < n).then(|| self.cells[rank as usize][file as usize])
    }

    fn name(file: i32, rank: i32) -> String {
        format!("{}{}", char::from(b'a' + file as u8), rank + 1)
    }

    /// Every move of the side to move, as text; `pass` when there is none.
    fn moves(&self) -> BTreeSet<String> {
        let me = self.to_move;
        let mut out = BTreeSet::new();
        for rank in 0..self.n as i32 {
            for file in 0..self.n as i32 {
                if self.at(file, rank) != Some(Some(me)) {
                    continue;
                }
                for (df, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                    // The pieces on the whole line, both ways, this one included.
                    let mut count = 1;
                    for sign in [1, -1] {
                        let mut k = 1;
                        while let Some(cell) = self.at(file + sign * k * df, rank + sign * k * dr) {
                            count += i32::from(cell.is_some());
                            k += 1;
                        }
                    }
                    for sign in [1, -1] {
                        let (tf, tr) = (file + sign * count * df, rank + sign * count * dr);
                        let Some(landing) = self.at(tf, tr) else { continue };
                        if landing == Some(me) {
                            continue;
                        }
                        let blocked = (1..count).any(
                            |k| matches!(self.at(file + sign * k * df, rank + sign * k * dr), Some(Some(c)) if c != me),
                        );
                        if !blocked {
                            let sep = if landing.is_some() { 'x' } else { '-' };
                            out.insert(format!("{}{sep}{}", Grid::name(file, rank), Grid::name(tf, tr)));
                        }
                    }
                }
            }
        }
        if out.is_empty() {
            out.insert("pass".to_owned());
        }
        out
    }

    /// The position after `mv` (as text), where the hole, if any, is `hole`
    /// (file, rank): a piece landing there leaves the board.
    fn play(&self, mv: &str, hole: Option<(usize, usize)>) -> Grid {
        let mut next = self.clone();
        if mv != "pass" {
            let (from, to) = (&mv[..2], &mv[3..]);
            let cell = |s: &str| ((s.as_bytes()[0] - b'a') as usize, (s.as_bytes()[1] - b'1') as usize);
            let ((ff, fr), (tf, tr)) = (cell(from), cell(to));
            let piece = next.cells[fr][ff].take();
            next.cells[tr][tf] = if hole == Some((tf, tr)) { None } else { piece };
        }
        next.to_move = if self.to_move == 'x' { 'o' } else { 'x' };
        next
    }

    /// The position text of the grid, as the rules crate writes it.
    fn text(&self) -> String {
        let rows: Vec<String> = (0..self.n)
            .rev()
            .map(|rank| {
                let mut row = String::new();
                let mut run = 0;
                for file in 0..self.n {
                    match self.cells[rank][file] {
                        None => run += 1,
                        Some(c) => {
                            if run > 0 {
                                row.push_str(&run.to_string());
                                run = 0;
                            }
                            row.push(c);
                        }
                    }
                }
                if run > 0 {
                    row.push_str(&run.to_string());
                }
                row
            })
            .collect();
        format!("{} {}", rows.join("/"), self.to_move)
    }

    /// Whether `side`'s pieces form one 8-connected group (a flood fill).
    fn connected(&self, side: char) -> bool {
        let n = self.n as i32;
        let all: Vec<(i32, i32)> = (0..n)
            .flat_map(|r| (0..n).map(move |f| (f, r)))
            .filter(|&(f, r)| self.at(f, r) == Some(Some(side)))
            .collect();
        let Some(&first) = all.first() else { return true };
        let mut seen = BTreeSet::from([first]);
        let mut stack = vec![first];
        while let Some((f, r)) = stack.pop() {
            for df in -1..=1 {
                for dr in -1..=1 {
                    let next = (f + df, r + dr);
                    if self.at(next.0, next.1) == Some(Some(side)) && seen.insert(next) {
                        stack.push(next);
                    }
                }
            }
        }
        seen.len() == all.len()
    }
}

fn options(size: u8, start: Start) -> LoaOptions {
    LoaOptions { size, start, ..LoaOptions::default() }
}

/// Every variant: each size and start, and Black Hole on each odd size.
fn variants() -> Vec<LoaOptions> {
    let mut all = Vec::new();
    for size in 5..=9u8 {
        for start in STARTS {
            all.push(options(size, start));
            if size % 2 == 1 {
                all.push(LoaOptions { hole: true, ..options(size, start) });
            }
        }
    }
    all
}

/// The hole's (file, rank) as the oracle works it out: the centre of an odd board.
fn oracle_hole(o: &LoaOptions) -> Option<(usize, usize)> {
    let n = usize::from(o.size);
    (o.hole && n % 2 == 1).then_some((n / 2, n / 2))
}

fn name(o: &LoaOptions) -> String {
    format!("size {}, {}, hole {}", o.size, o.get("start").unwrap(), o.get("hole").unwrap())
}

const STARTS: [Start; 3] = [Start::Standard, Start::Scrambled, Start::ScrambledMirrored];

/// A small deterministic generator (SplitMix64), so a failure repeats.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The rules crate's moves and the oracle's agree here, and so does the end test.
fn agree(position: &Loa) {
    let text = position.position_text();
    let grid = Grid::read(&text);
    let black = grid.connected('x');
    let white = grid.connected('o');
    match position.outcome() {
        None => assert!(!black && !white, "{text}: a side is connected but the game goes on"),
        Some(outcome) => {
            assert!(
                black || white || outcome.reason() == rules::EndReason::Repetition,
                "{text}: ended ({outcome:?}) with no side connected"
            );
            return;
        }
    }
    let mut moves = Vec::new();
    position.legal_moves(&mut moves);
    let ours: BTreeSet<String> = moves.iter().map(ToString::to_string).collect();
    assert_eq!(ours.len(), moves.len(), "{text}: a move generated twice");
    assert_eq!(ours, grid.moves(), "{text}");
}

#[test]
fn random_playouts_agree_with_the_oracle_on_every_variant() {
    let mut rng = Rng(0x4C4F_4121);
    let (mut positions, mut into_hole) = (0, 0);
    for o in variants() {
        for _ in 0..40 {
            let mut position = Loa::new(o);
            let mut moves = Vec::new();
            for _ in 0..120 {
                agree(&position);
                positions += 1;
                position.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                let expected = Grid::read(&position.position_text()).play(&mv.to_string(), oracle_hole(&o));
                let before = position.position_text();
                position.play_unchecked(mv);
                assert_eq!(position.position_text(), expected.text(), "{}: {before} then {mv}", name(&o));
                into_hole += usize::from(matches!(mv, LoaMove::Step { to, .. } if o.hole() == Some(to)));
            }
        }
    }
    assert!(positions > 20_000, "{positions} positions");
    assert!(into_hole > 100, "{into_hole} pieces into the hole");
}

#[test]
fn random_placements_agree_with_the_oracle() {
    // Pieces scattered anywhere: lines, blocks and edges no game from the
    // start reaches quickly.
    let mut rng = Rng(7);
    let mut checked = 0;
    for size in 5..=9u8 {
        let n = usize::from(size);
        let most = 2 * (n - 2);
        let hole = size % 2 == 1 && rng.below(2) == 0;
        for _ in 0..1_000 {
            let mut cells = vec!['.'; n * n];
            for side in ['x', 'o'] {
                let count = 1 + rng.below(most);
                for _ in 0..count {
                    cells[rng.below(n * n)] = side;
                }
            }
            if hole {
                cells[n / 2 * n + n / 2] = '.';
            }
            if !cells.contains(&'x') || !cells.contains(&'o') {
                continue;
            }
            let side = if rng.below(2) == 0 { 'x' } else { 'o' };
            let grid = Grid {
                n,
                cells: (0..n)
                    .map(|rank| cells[rank * n..(rank + 1) * n].iter().map(|&c| (c != '.').then_some(c)).collect())
                    .collect(),
                to_move: side,
            };
            let text = grid.text();
            let o = LoaOptions { hole, ..options(size, Start::Standard) };
            let position = Loa::from_position_text(o, &text).unwrap();
            assert_eq!(position.position_text(), text);
            agree(&position);
            checked += 1;
        }
    }
    assert!(checked > 4_000, "{checked} positions");
}

fn oracle_perft(grid: &Grid, depth: u32, hole: Option<(usize, usize)>) -> u64 {
    if grid.connected('x') || grid.connected('o') {
        return 0;
    }
    let moves = grid.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|mv| oracle_perft(&grid.play(mv, hole), depth - 1, hole)).sum()
}

#[test]
fn perft_from_every_start_equals_the_oracles() {
    for o in variants() {
        let position = Loa::new(o);
        let grid = Grid::read(&position.position_text());
        for depth in 1..=3 {
            assert_eq!(
                rules::perft::perft(&position, depth),
                oracle_perft(&grid, depth, oracle_hole(&o)),
                "{}, depth {depth}",
                name(&o)
            );
        }
    }
}

#[test]
fn the_9x9_start_and_its_hole() {
    // Black on the first and last ranks, White on the outer files, seven a side.
    let start = Loa::new(options(9, Start::Standard));
    assert_eq!(start.position_text(), "1xxxxxxx1/o7o/o7o/o7o/o7o/o7o/o7o/o7o/1xxxxxxx1 x");
    let hole = LoaOptions { hole: true, ..options(9, Start::Standard) };
    assert_eq!(hole.hole().map(|s| s.to_string()), Some("e5".to_owned()));
    // No piece may stand on it, and an even board has none.
    let err = Loa::from_position_text(hole, "9/9/9/9/4x4/9/9/9/o8 x").unwrap_err();
    assert!(err.to_string().contains("black hole (e5)"), "{err}");
    assert!("loa:size=8,hole=on".parse::<rules::GameSpec>().unwrap_err().to_string().contains("odd size"));
    assert!("loa:hole=on,size=9".parse::<rules::GameSpec>().is_ok());
}

#[test]
fn scrambled_eggs_on_8x8_is_the_postal_servers_layout() {
    // Black on b1, White on a2, alternating all around the rim.
    let scrambled = Loa::new(options(8, Start::Scrambled));
    assert_eq!(scrambled.position_text(), "1oxoxox1/x6o/o6x/x6o/o6x/x6o/o6x/1xoxoxo1 x");
    // Mirrored in the a1-h8 diagonal: the colours swapped.
    let mirrored = Loa::new(options(8, Start::ScrambledMirrored));
    assert_eq!(mirrored.position_text(), "1xoxoxo1/o6x/x6o/o6x/x6o/o6x/x6o/1oxoxox1 x");
}
