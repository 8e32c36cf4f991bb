//! How the solver counts: the ways a node adds up its children's numbers
//! and numbers a position before it is searched, and each game's choice.

use rules::GameSpec;
use rules::forms::FormsRules;

/// How the solver counts: how a node adds up its children's numbers, and
/// what numbers a position gets before it is searched. Every choice gives
/// the same answers (the tests hold each to minimax); they differ in how
/// many positions it takes to reach them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Numbers {
    /// Adding up the children's numbers.
    pub combine: Combine,
    /// A new position's numbers.
    pub initial: Initial,
    /// Whether a position and its images under the board's rotations and
    /// reflections are one position to the table ([`rules::Game::symmetric_key`]):
    /// a position's moves that lead to images of each other are searched
    /// once, and a subtree proven is proven for its images. Each key costs
    /// a pass over the board.
    pub symmetric: bool,
}

/// How a node adds up the numbers of which all its children's count: the
/// disproof numbers at the attacker's turns (every move must fail), the
/// proof numbers at the other side's (every reply must lose).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Combine {
    /// Their sum, the classic rule. A position reached by several moves
    /// counts once for each, so where positions transpose a lot the
    /// numbers overstate the work left.
    #[default]
    Sum,
    /// Weak proof numbers: the largest, plus one for each other child not
    /// yet settled against the node. Counting no position twice, they
    /// understate the work where the children's subtrees are apart.
    Weak,
}

/// The numbers of a position not searched yet (a finished game's are
/// always 0 and infinity).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Initial {
    /// 1 and 1, the classic rule.
    #[default]
    One,
    /// By mobility: where the attacker moves, a disproof number of its
    /// number of moves (each must fail) and a proof number of 1 (one may
    /// win); where the other side moves, the other way round. It costs a
    /// count of the moves of every new position.
    Mobility,
}

impl Numbers {
    /// The rule measured to settle a game's positions soonest
    /// (`scripts/lab/solver-bench`, figures in docs/lab/performance.md). Attract: weak
    /// numbers (its stones placed in any order reach the same positions,
    /// and its late positions are mostly draws, both questions disproven)
    /// and mobility. Forms standard: sums and mobility (a count that costs
    /// a multiplication there). Forms advanced: the classic rule (mobility
    /// saved positions but cost four times the time a position, and was
    /// slower; weak numbers were as often worse as better). Lines of Action:
    /// sums and mobility (the 5 × 5 start in 234 thousand positions, against
    /// 581 thousand by the classic rule and 674–729 thousand by weak
    /// numbers). RA, which the app does not ask the solver to settle: the
    /// classic rule. No game keeps mirror images as one: that saved
    /// positions only near the symmetric starts (the 4 × 4 Forms starts in a
    /// third to a half of them), and elsewhere cost more than it saved or
    /// saved a little (Forms advanced 6 × 6 four plies in), so `ludoteca
    /// solve --symmetry on` asks for it where it pays.
    #[must_use]
    pub const fn for_game(spec: &GameSpec) -> Numbers {
        match spec {
            GameSpec::Attract(_) => Numbers { combine: Combine::Weak, initial: Initial::Mobility, symmetric: false },
            GameSpec::Forms(o) if matches!(o.rules, FormsRules::Standard) => {
                Numbers { combine: Combine::Sum, initial: Initial::Mobility, symmetric: false }
            }
            GameSpec::Loa(_) => Numbers { combine: Combine::Sum, initial: Initial::Mobility, symmetric: false },
            GameSpec::Forms(_) | GameSpec::Ra(_) => Numbers::CLASSIC,
        }
    }

    /// Sums, and 1 and 1.
    pub const CLASSIC: Numbers = Numbers { combine: Combine::Sum, initial: Initial::One, symmetric: false };
}
