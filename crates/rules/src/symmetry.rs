//! The symmetries of a square board: four rotations and four reflections.
//! Attract's and both Forms rule sets look only at orthogonal and diagonal
//! neighbours and straight lines, never at a direction, so a position and
//! its seven images play alike; a solver's table can keep them as one.

use std::sync::OnceLock;

use crate::player::Player;
use crate::zobrist;

/// The largest board [`square_key`] reads: 8 × 8.
pub(crate) const MAX_SIDE: usize = 8;

const SEED: u64 = 0x5359_4D4D;
const SIDE_KEY: u64 = zobrist::key(SEED, 2 * MAX_SIDE * MAX_SIDE);

/// The eight images of cell `(file, rank)` on an `n` × `n` board, the
/// identity first, as indices `rank * n + file`.
fn images(n: usize, file: usize, rank: usize) -> [usize; 8] {
    let (m, f, r) = (n - 1, file, rank);
    [(f, r), (m - f, r), (f, m - r), (m - f, m - r), (r, f), (m - r, f), (r, m - f), (m - r, m - f)]
        .map(|(f, r)| r * n + f)
}

/// For each board side, each player's stone on each cell: the Zobrist keys
/// of its eight images, made the first time a board of that side asks.
static IMAGE_KEYS: [OnceLock<Vec<[u64; 8]>>; MAX_SIDE + 1] = [const { OnceLock::new() }; MAX_SIDE + 1];

fn image_keys(n: usize) -> &'static [[u64; 8]] {
    IMAGE_KEYS[n].get_or_init(|| {
        let cells = n * n;
        (0..2 * cells)
            .map(|i| {
                let (player, cell) = (i / cells, i % cells);
                images(n, cell % n, cell / n).map(|image| zobrist::key(SEED, player * cells + image))
            })
            .collect()
    })
}

/// A key that a position on an `n` × `n` board (`n` ≤ [`MAX_SIDE`]) shares
/// with its images under the board's symmetries, and with no other position
/// but by a 64-bit accident: the least of the images' Zobrist hashes (keys
/// of its own, not the game's). `stones` lists every stone as its owner and
/// index `rank * n + file`. Never compared with a game's [`crate::Game::hash`].
pub(crate) fn square_key(n: usize, stones: impl Iterator<Item = (Player, usize)>, to_move: Player) -> u64 {
    let keys = image_keys(n);
    let mut hashes = [0u64; 8];
    for (player, i) in stones {
        for (h, k) in hashes.iter_mut().zip(keys[player.index() * n * n + i]) {
            *h ^= k;
        }
    }
    let side = if to_move == Player::White { SIDE_KEY } else { 0 };
    hashes.into_iter().min().unwrap_or_default() ^ side
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::Game;
    use crate::attract::{Attract, AttractMove, AttractOptions};
    use crate::forms::{Forms, FormsMove, FormsOptions, FormsRules};
    use crate::notation::{Cell, format_square_text};

    /// Image `k` of a cell on an `n` × `n` board.
    fn cell_image(n: usize, cell: Cell, k: usize) -> Cell {
        Cell::from_index(images(n, cell.file as usize, cell.rank as usize)[k], n)
    }

    /// Image `k` of a position, built from its position text.
    fn position_image<G: Game>(game: &G, n: usize, k: usize, stone_at: impl Fn(&G, Cell) -> Option<Player>) -> G {
        let mut board = vec![None; n * n];
        for i in 0..n * n {
            board[images(n, i % n, i / n)[k]] = stone_at(game, Cell::from_index(i, n));
        }
        let text = format_square_text(n, |f, r| board[r * n + f], game.to_move());
        G::from_position_text(game.options().clone(), &text).unwrap()
    }

    /// Plays `picks` (each taken modulo the number of moves) from the start
    /// and checks at every position that each of its eight images has the
    /// same key, the images of its moves for moves, and after each move the
    /// image of the position it leads to: the rules cannot tell them apart.
    /// (Not at the start itself: a turned Forms start is a full board no
    /// game reaches, which position text refuses.)
    fn check_images<G: Game>(
        options: G::Options,
        n: usize,
        picks: &[usize],
        stone_at: impl Fn(&G, Cell) -> Option<Player> + Copy,
        move_image: impl Fn(G::Move, usize) -> G::Move,
    ) {
        let mut game = G::new(options);
        for (ply, &pick) in picks.iter().enumerate() {
            let mut moves = Vec::new();
            game.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            for k in (0..8).filter(|_| ply > 0) {
                let image = position_image(&game, n, k, stone_at);
                assert_eq!(image.symmetric_key(), game.symmetric_key(), "{}, image {k}", game.position_text());
                let mut image_moves = Vec::new();
                image.legal_moves(&mut image_moves);
                assert_eq!(image_moves.len(), moves.len());
                for &mv in &moves {
                    let (mut after, mut image_after) = (game.clone(), image.clone());
                    after.play_unchecked(mv);
                    assert!(image_moves.contains(&move_image(mv, k)), "{mv}, image {k}");
                    image_after.play_unchecked(move_image(mv, k));
                    let expected = position_image(&after, n, k, stone_at);
                    assert_eq!(image_after.position_text(), expected.position_text(), "{mv}, image {k}");
                    assert_eq!(image_after.outcome(), after.outcome());
                }
            }
            game.play_unchecked(moves[pick % moves.len()]);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

        #[test]
        fn attract_plays_alike_on_every_image(n in prop::sample::select(vec![6u8, 8]), picks in prop::collection::vec(any::<usize>(), 0..40)) {
            let size = n as usize;
            check_images::<Attract>(
                AttractOptions { size: n },
                size,
                &picks,
                Attract::stone_at,
                |AttractMove(c), k| AttractMove(cell_image(size, c, k)),
            );
        }

        #[test]
        fn forms_plays_alike_on_every_image(
            n in prop::sample::select(vec![4u8, 6]),
            advanced: bool,
            picks in prop::collection::vec(any::<usize>(), 0..30),
        ) {
            let size = n as usize;
            let rules = if advanced { FormsRules::Advanced } else { FormsRules::Standard };
            let options = FormsOptions { rules, size: n };
            check_images::<Forms>(
                options,
                size,
                &picks,
                Forms::stone_at,
                |m: FormsMove, k| FormsMove { from: cell_image(size, m.from, k), to: cell_image(size, m.to, k), ..m },
            );
        }
    }

    #[test]
    fn every_image_of_a_cell_is_a_cell_and_they_form_the_group() {
        for n in [2, 4, 6, 8] {
            for i in 0..n * n {
                let cells = images(n, i % n, i / n);
                assert_eq!(cells[0], i, "the identity comes first");
                assert!(cells.iter().all(|&c| c < n * n));
                // Each image of an image is again among the images.
                for &c in &cells {
                    let again = images(n, c % n, c / n);
                    assert!(again.iter().all(|a| cells.contains(a)), "{n}: {i} -> {c}");
                }
            }
        }
        // A corner's images are the four corners, twice each.
        let mut corners = images(6, 0, 0).to_vec();
        corners.sort_unstable();
        assert_eq!(corners, [0, 0, 5, 5, 30, 30, 35, 35]);
    }

    #[test]
    fn images_share_a_key_and_other_positions_do_not() {
        // Black on b1 and c3, White on a2, on 4 × 4; a quarter turn of it.
        let b = Player::Black;
        let w = Player::White;
        let at = |f: usize, r: usize| r * 4 + f;
        let position = [(b, at(1, 0)), (b, at(2, 2)), (w, at(0, 1))];
        let key = square_key(4, position.into_iter(), b);
        for k in 0..8 {
            let image = position.map(|(p, i)| (p, images(4, i % 4, i / 4)[k]));
            assert_eq!(square_key(4, image.into_iter(), b), key, "image {k}");
        }
        // The other side to move, the colours swapped, a stone moved: other keys.
        assert_ne!(square_key(4, position.into_iter(), w), key);
        assert_ne!(square_key(4, position.map(|(p, i)| (p.opponent(), i)).into_iter(), b), key);
        let moved = [(b, at(1, 0)), (b, at(2, 3)), (w, at(0, 1))];
        assert_ne!(square_key(4, moved.into_iter(), b), key);
    }
}
