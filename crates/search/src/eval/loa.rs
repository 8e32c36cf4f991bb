//! Lines of Action evaluation, after the features that made the strongest
//! programs (MIA, Mona, YL) strong: concentration, centralisation, the
//! centre of mass, quads (the Euler number), mobility, connectedness, walls
//! and the side to move.

use rules::loa::{Bitboard, Loa, LoaMove};
use rules::{Game, Player};

use super::table::{WEIGHTS, weight};
use super::{Evaluator, Weights, weighted_evaluator};

weighted_evaluator! {
    /// The weights of the Lines of Action evaluation on one board size:
    /// 8×8's (the row `loa` of `weights.txt`), fitted to the engine's own
    /// games (docs/lab/tuning.md).
    LoaWeights {
        /// Per unit of the pieces' spread beyond the tightest possible cluster.
        concentration = const { weight(WEIGHTS, "loa", "concentration") },
        /// Per unit of the pieces' average closeness to the centre.
        centralisation = const { weight(WEIGHTS, "loa", "centralisation") },
        /// Per unit of the centre of mass's distance from the board centre.
        com_centre = const { weight(WEIGHTS, "loa", "com_centre") },
        /// Per extra group or hole by the Euler number (quads).
        quads = const { weight(WEIGHTS, "loa", "quads") },
        /// Per legal move.
        mobility = const { weight(WEIGHTS, "loa", "mobility") },
        /// Per group beyond the first.
        groups = const { weight(WEIGHTS, "loa", "groups") },
        /// Per piece blocked by an enemy piece on its way to the centre of mass.
        walls = const { weight(WEIGHTS, "loa", "walls") },
        /// For the side to move.
        tempo = const { weight(WEIGHTS, "loa", "tempo") },
    }
}

/// The rows of `weights.txt` of the boards from 5×5 to 9×9.
const ROWS: [&str; 5] = ["loa:size=5", "loa:size=6", "loa:size=7", "loa", "loa:size=9"];

/// The weights of row `row` of `weights.txt`, in a constant.
macro_rules! row {
    ($row:expr) => {
        LoaWeights {
            concentration: weight(WEIGHTS, $row, "concentration"),
            centralisation: weight(WEIGHTS, $row, "centralisation"),
            com_centre: weight(WEIGHTS, $row, "com_centre"),
            quads: weight(WEIGHTS, $row, "quads"),
            mobility: weight(WEIGHTS, $row, "mobility"),
            groups: weight(WEIGHTS, $row, "groups"),
            walls: weight(WEIGHTS, $row, "walls"),
            tempo: weight(WEIGHTS, $row, "tempo"),
        }
    };
}

/// Each board size's weights, from `weights.txt`.
const BY_SIZE: [LoaWeights; 5] = [row!(ROWS[0]), row!(ROWS[1]), row!(ROWS[2]), row!(ROWS[3]), row!(ROWS[4])];

/// The Lines of Action evaluator: the weights of each board size, each
/// fitted to games on that board (docs/lab/tuning.md). A weight set by name
/// ([`Weights::set`], a match's `+NAME=VALUE`) is set on every board, and
/// one read by name is 8×8's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoaEval {
    by_size: [LoaWeights; 5],
}

impl Default for LoaEval {
    fn default() -> LoaEval {
        LoaEval { by_size: BY_SIZE }
    }
}

impl LoaEval {
    /// One set of weights on every board.
    #[must_use]
    pub const fn uniform(weights: LoaWeights) -> LoaEval {
        LoaEval { by_size: [weights; 5] }
    }

    /// The weights on the `size`×`size` board.
    #[must_use]
    pub fn size(&self, size: usize) -> LoaWeights {
        self.by_size[size.clamp(rules::loa::MIN_SIZE, rules::loa::MAX_SIZE) - rules::loa::MIN_SIZE]
    }
}

impl Weights for LoaEval {
    fn names(&self) -> &'static [&'static str] {
        self.by_size[0].names()
    }

    fn get(&self, name: &str) -> Option<i32> {
        self.size(rules::loa::SIZE).get(name)
    }

    fn set(&mut self, name: &str, value: i32) -> bool {
        // Every board's, or (an unknown name) none.
        let mut known = true;
        for w in &mut self.by_size {
            known &= w.set(name, value);
        }
        known
    }
}

/// Centrality of each square (bit `rank * 8 + file`) on each board size
/// from 5×5 (`CENTRAL[0]`) to 8×8: 0 on the rim, one more for each ring
/// inward (3 in the four centre squares of 8×8). A table, as a lookup is
/// measurably faster in the search than working it out (256 bytes).
const CENTRAL: [[u8; 64]; 4] = {
    let mut table = [[0; 64]; 4];
    let mut k = 0;
    while k < 4 {
        let last = (k + 4) as i32;
        let mut i = 0;
        while i < 64 {
            let (f, r) = ((i % 8) as i32, (i / 8) as i32);
            let df = if f < last - f { f } else { last - f };
            let dr = if r < last - r { r } else { last - r };
            let c = if df < dr { df } else { dr };
            table[k][i] = if c < 0 { 0 } else { c as u8 };
            i += 1;
        }
        k += 1;
    }
    table
};

/// The centrality table of a `size`×`size` board in the 8×8 frame.
#[inline]
fn central_table(size: usize) -> &'static [u8; 64] {
    &CENTRAL[size.clamp(rules::loa::MIN_SIZE, rules::loa::SIZE) - rules::loa::MIN_SIZE]
}

/// The centrality of square `i` of a `size`×`size` board in frame `B`: the
/// table up to 8×8, worked out on 9×9 (0 on the rim, 4 in the centre).
#[inline]
fn centrality<B: Bitboard>(size: usize, i: usize) -> i32 {
    if B::STRIDE == 8 {
        return i32::from(central_table(size)[i]);
    }
    let (f, r, last) = ((i % B::STRIDE) as i32, (i / B::STRIDE) as i32, size as i32 - 1);
    f.min(last - f).min(r).min(last - r).max(0)
}

/// The least possible sum of distances to a centre for `n` pieces.
fn min_distance_sum(n: i32) -> i32 {
    match n {
        0 | 1 => 0,
        2..=9 => n - 1,
        10..=25 => 8 + 2 * (n - 9),
        _ => 40 + 3 * (n - 25),
    }
}

/// The Euler number of a piece set (8-connected), times 4: (Q1 − Q3 − 2·Qd) over all 2×2
/// windows (including those hanging over the edge). One group with no holes
/// gives 4; each further group adds 4.
fn euler4<B: Bitboard>(bb: B) -> i32 {
    let (mut q1, mut q3, mut qd) = (0, 0, 0);
    let s = B::STRIDE as i32;
    let bit = |f: i32, r: i32| -> u32 {
        if (0..s).contains(&f) && (0..s).contains(&r) {
            u32::from(bb & B::bit((r * s + f) as usize) != B::ZERO)
        } else {
            0
        }
    };
    for r in -1..s {
        for f in -1..s {
            let (a, b, c, d) = (bit(f, r), bit(f + 1, r), bit(f, r + 1), bit(f + 1, r + 1));
            match a + b + c + d {
                1 => q1 += 1,
                3 => q3 += 1,
                2 if a == d => qd += 1,
                _ => {}
            }
        }
    }
    q1 - q3 - 2 * qd
}

/// Number of 8-connected groups.
fn groups<B: Bitboard>(bb: B) -> i32 {
    let mut rest = bb;
    let mut count = 0;
    while rest != B::ZERO {
        let mut g = rest ^ rest.without_lowest();
        loop {
            let next = (neighbours(g) | g) & bb;
            if next == g {
                break;
            }
            g = next;
        }
        rest = rest & !g;
        count += 1;
    }
    count
}

/// One side's share of the evaluation. A "walled" piece has an enemy piece on
/// the square one step toward its own centre of mass.
fn side_score<B: Bitboard>(w: &LoaWeights, position: &Loa, player: Player) -> i32 {
    let bb = B::from_wide(position.pieces(player));
    let enemy = B::from_wide(position.pieces(player.opponent()));
    let n = bb.count() as i32;
    if n == 0 {
        return 0;
    }
    let size = position.size() as i32;
    let stride = B::STRIDE;
    let (mut sf, mut sr, mut central) = (0, 0, 0);
    let mut rest = bb;
    while rest != B::ZERO {
        let i = rest.lowest();
        rest = rest.without_lowest();
        sf += (i % stride) as i32;
        sr += (i / stride) as i32;
        central += centrality::<B>(position.size(), i);
    }
    let (cf, cr) = ((sf + n / 2) / n, (sr + n / 2) / n);
    let mut distance_sum = 0;
    let mut walled = 0;
    let mut rest = bb;
    while rest != B::ZERO {
        let i = rest.lowest();
        rest = rest.without_lowest();
        let (f, r) = ((i % stride) as i32, (i / stride) as i32);
        distance_sum += (f - cf).abs().max((r - cr).abs());
        // The square one step toward the centre of mass.
        let (tf, tr) = (f + (cf - f).signum(), r + (cr - r).signum());
        if (tf, tr) != (f, r) && enemy & B::bit(tr as usize * stride + tf as usize) != B::ZERO {
            walled += 1;
        }
    }
    let concentration = distance_sum - min_distance_sum(n);
    let com_off_centre = ((2 * cf - (size - 1)).abs() + (2 * cr - (size - 1)).abs()) / 2;
    -w.concentration * concentration * 12 / n.max(1) + w.centralisation * central * 4 / n
        - w.com_centre * com_off_centre
        - w.quads * (euler4(bb) - 4).max(0) / 4
        - w.groups * (groups(bb) - 1)
        + w.mobility * position.mobility(player) as i32
        - w.walls * walled
}

impl Evaluator<Loa> for LoaEval {
    fn evaluate(&self, position: &Loa) -> i32 {
        let me = position.to_move();
        let w = &self.by_size[position.size() - rules::loa::MIN_SIZE];
        let score = if position.stride() == 8 {
            side_score::<u64>(w, position, me) - side_score::<u64>(w, position, me.opponent())
        } else {
            side_score::<u128>(w, position, me) - side_score::<u128>(w, position, me.opponent())
        };
        score + w.tempo
    }

    fn move_score(&self, position: &Loa, mv: LoaMove) -> i32 {
        match mv {
            LoaMove::Step { from, to, capture } => {
                // Toward the centre is usually better; captures of central pieces more so.
                let size = position.size();
                let wide = position.stride() != 8;
                let centre = |sq: rules::loa::Square| {
                    if wide { centrality::<u128>(size, sq.index()) } else { centrality::<u64>(size, sq.index()) }
                };
                let base = 10 * (centre(to) - centre(from));
                if capture {
                    let enemy = position.pieces(position.to_move().opponent());
                    // Taking a piece that stands alone helps the enemy connect: prefer joined ones.
                    let around =
                        if wide { neighbours(1u128 << to.index()) } else { neighbours(1u64 << to.index()).into() };
                    let lone = enemy & around == 0;
                    base + if lone { 20 } else { 100 }
                } else {
                    base
                }
            }
            LoaMove::Pass => 0,
        }
    }

    fn is_tactical(&self, _position: &Loa, mv: LoaMove) -> bool {
        matches!(mv, LoaMove::Step { capture: true, .. })
    }
}

/// The squares next to `bb`'s (8-connected), not in `bb`; beyond the
/// board's last rank in the 9×9 frame they are bits no piece holds.
fn neighbours<B: Bitboard>(bb: B) -> B {
    let row = bb | ((bb << 1) & B::NOT_FIRST_FILE) | ((bb >> 1) & B::NOT_LAST_FILE);
    (row | (row << B::STRIDE) | (row >> B::STRIDE)) & !bb
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::loa::LoaOptions;

    #[test]
    fn euler_number_counts_groups() {
        assert_eq!(euler4(0b11u64), 4); // one group
        assert_eq!(euler4(0b101u64), 8); // two groups
        assert_eq!(euler4(1u64 | (1 << 9)), 4); // diagonal neighbours are one group
        assert_eq!(groups(1u64 | (1 << 9)), 1);
        assert_eq!(groups(0b101u64), 2);
        // On 9×9 (9 bits a rank): a1 and b2 are one group, i1 and a2 two.
        assert_eq!(groups(1u128 | (1 << 10)), 1);
        assert_eq!(groups((1u128 << 8) | (1 << 9)), 2);
        assert_eq!(euler4((1u128 << 8) | (1 << 9)), 8);
    }

    #[test]
    fn start_is_balanced_apart_from_the_tempo() {
        let eval = LoaEval::default();
        for spec in ["loa", "loa:size=9", "loa:size=9,hole=on", "loa:size=5"] {
            let rules::GameSpec::Loa(options) = spec.parse().unwrap() else { unreachable!() };
            assert_eq!(eval.evaluate(&Loa::new(options)), eval.size(options.size()).tempo, "{spec}");
        }
    }

    #[test]
    fn each_board_is_evaluated_with_its_own_weights() {
        let mut eval = LoaEval::default();
        for (i, w) in eval.by_size.iter_mut().enumerate() {
            w.tempo = 100 + i as i32;
        }
        for size in rules::loa::MIN_SIZE..=rules::loa::MAX_SIZE {
            let spec = format!("loa:size={size}");
            let rules::GameSpec::Loa(options) = spec.parse().unwrap() else { unreachable!() };
            // The start is balanced, so only the side to move's bonus is left.
            assert_eq!(eval.evaluate(&Loa::new(options)), 100 + (size - rules::loa::MIN_SIZE) as i32, "{spec}");
        }
        // A weight set by name is set on every board; read by name, it is 8×8's.
        assert!(eval.set("tempo", 7));
        assert!(eval.by_size.iter().all(|w| w.tempo == 7));
        assert!(!eval.set("nope", 7));
        assert_eq!(eval.get("tempo"), Some(7));
    }

    #[test]
    fn concentrated_beats_scattered() {
        let text_good = "8/8/8/3xx3/3x4/8/o6o/o4x1o x";
        let text_bad = "x6x/8/8/8/8/8/o6o/o2xx2o x";
        let good = Loa::from_position_text(LoaOptions::default(), text_good).unwrap();
        let bad = Loa::from_position_text(LoaOptions::default(), text_bad).unwrap();
        let eval = LoaEval::default();
        assert!(eval.evaluate(&good) > eval.evaluate(&bad));
    }
}
