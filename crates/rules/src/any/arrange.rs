//! A position set up cell by cell, as a board editor holds it: what stands
//! on each cell, who moves, and RA's score fields. An arrangement need not
//! be a position any game reaches; [`Arrangement::text`] writes it as
//! position text and [`GameSpec::position`] judges it, so the editor and
//! every other way in accept exactly the same positions.

use crate::board::{CellId, Piece};
use crate::error::PositionError;
use crate::notation::{format_square_text, parse_square_text};
use crate::player::Player;
use crate::ra::text as ra_text;

use super::{AnyGame, GameSpec};

/// What stands where, who moves, and (RA only) the score, the match and its starter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrangement {
    /// What stands on each cell, by cell number.
    pub pieces: Vec<Option<Piece>>,
    /// The side to move.
    pub to_move: Player,
    /// RA: Black's and White's points.
    pub score: (u16, u16),
    /// RA: the current match, from 1.
    pub match_number: u16,
    /// RA: who moved first in the current match.
    pub starter: Player,
}

impl Arrangement {
    /// An empty board of `spec`, Black to move (RA: match 1 started by the
    /// player the rules name, no points).
    #[must_use]
    pub fn empty(spec: &GameSpec) -> Arrangement {
        let starter = match spec {
            GameSpec::Ra(o) => o.first,
            _ => Player::Black,
        };
        Arrangement { pieces: vec![None; spec.cell_count()], to_move: starter, score: (0, 0), match_number: 1, starter }
    }

    /// The arrangement of a position.
    #[must_use]
    pub fn of(game: &AnyGame) -> Arrangement {
        let spec = game.spec();
        // A position's own text always has the layout `read` expects.
        Arrangement::read(&spec, &game.position_text()).unwrap_or_else(|_| Arrangement::empty(&spec))
    }

    /// Reads the layout of position text — the cells, the side to move and
    /// RA's fields — without judging the position: text that a game would
    /// refuse (two Forms groups, a side without pieces) reads, so an editor
    /// link can hold a position that is still being set up.
    ///
    /// # Errors
    /// A [`PositionError`] when the text is not laid out as `spec`'s position text.
    pub fn read(spec: &GameSpec, text: &str) -> Result<Arrangement, PositionError> {
        let mut arrangement = Arrangement::empty(spec);
        match spec.side() {
            Some(size) => {
                let square = parse_square_text(text, size)?;
                if !square.extra.is_empty() {
                    square.no_extra_fields(spec.kind().name())?;
                }
                arrangement.pieces = square.cells.into_iter().map(|c| c.map(Piece::stone)).collect();
                arrangement.to_move = square.to_move;
            }
            None => {
                let fields = ra_text::five_fields(text)?;
                arrangement.pieces = ra_text::read_pieces(fields[0])?;
                let f = ra_text::read_fields(&fields)?;
                arrangement.to_move = f.to_move;
                arrangement.score = (f.score.black, f.score.white);
                arrangement.match_number = f.match_number;
                arrangement.starter = f.starter;
            }
        }
        Ok(arrangement)
    }

    /// The arrangement as `spec`'s position text.
    #[must_use]
    pub fn text(&self, spec: &GameSpec) -> String {
        let at = |i: usize| self.pieces.get(i).copied().flatten();
        match spec.side() {
            Some(size) => format_square_text(size, |file, rank| at(rank * size + file).map(|p| p.owner), self.to_move),
            None => {
                let stacks: Vec<String> = (0..self.pieces.len())
                    .filter_map(|i| {
                        let piece = at(i)?;
                        let name = spec.cell_name(CellId::new(i))?;
                        Some(format!("{}{}{name}", piece.owner.letter(), piece.height))
                    })
                    .collect();
                let stacks = if stacks.is_empty() { "-".to_owned() } else { stacks.join("/") };
                format!(
                    "{stacks} {} {}-{} {} {}",
                    self.to_move.letter(),
                    self.score.0,
                    self.score.1,
                    self.match_number,
                    self.starter.letter()
                )
            }
        }
    }

    /// The position this arrangement sets up under `spec`'s rules, or why it is none.
    ///
    /// # Errors
    /// The game's [`PositionError`] for the text.
    pub fn position(&self, spec: &GameSpec) -> Result<AnyGame, PositionError> {
        spec.position(&self.text(spec))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> GameSpec {
        text.parse().unwrap()
    }

    #[test]
    fn every_start_reads_back_through_its_arrangement() {
        for text in
            ["loa", "attract", "attract:size=20", "forms:size=4", "forms:rules=advanced,size=18", "ra", "ra:first=o"]
        {
            let spec = spec(text);
            let start = spec.start();
            let arrangement = Arrangement::of(&start);
            assert_eq!(arrangement.text(&spec), start.position_text(), "{text}");
            let cells: Vec<_> = spec.cells().map(|c| start.piece_at(c)).collect();
            assert_eq!(arrangement.pieces, cells, "{text}");
            assert_eq!(arrangement.position(&spec).unwrap().position_text(), start.position_text());
        }
    }

    #[test]
    fn a_position_no_game_reaches_still_reads_as_an_arrangement() {
        let forms = spec("forms:size=4");
        // Two groups: refused as a position, kept as an arrangement.
        let text = "1o2/1o2/1ooo/x3 x";
        assert!(forms.position(text).is_err());
        let arrangement = Arrangement::read(&forms, text).unwrap();
        assert_eq!(arrangement.text(&forms), text);
        let ra = spec("ra");
        let text = "x3c5 o 9-0 1 x";
        assert!(ra.position(text).is_err());
        let arrangement = Arrangement::read(&ra, text).unwrap();
        assert_eq!(arrangement.text(&ra), text);
        assert_eq!((arrangement.score, arrangement.match_number), ((9, 0), 1));
    }

    #[test]
    fn an_empty_board_writes_as_empty_text() {
        assert_eq!(Arrangement::empty(&spec("loa")).text(&spec("loa")), "8/8/8/8/8/8/8/8 x");
        assert_eq!(Arrangement::empty(&spec("ra:first=o")).text(&spec("ra:first=o")), "- o 0-0 1 o");
    }

    /// Every position a game reaches reads back through its arrangement:
    /// the same text, and the same position (so the editor's board shows
    /// exactly what any other way in would).
    #[test]
    fn reached_positions_read_back_through_their_arrangement() {
        let mut rng = crate::checks::Rng::new(2026);
        for spec in crate::checks::specs() {
            for _ in 0..40 {
                let game = crate::checks::random_position(&spec, 60, &mut rng);
                let arrangement = Arrangement::of(&game);
                assert_eq!(arrangement.text(&spec), game.position_text(), "{spec}");
                let cells: Vec<_> = spec.cells().map(|c| game.piece_at(c)).collect();
                assert_eq!(arrangement.pieces, cells, "{spec}");
                let back = arrangement.position(&spec).unwrap();
                assert_eq!(back.position_text(), game.position_text(), "{spec}");
            }
        }
    }

    #[test]
    fn text_laid_out_wrongly_is_refused_with_the_reason() {
        let loa = spec("loa");
        assert!(Arrangement::read(&loa, "8/8 x").unwrap_err().to_string().contains("rows"));
        assert!(Arrangement::read(&loa, "8/8/8/8/8/8/8/8 x extra").is_err());
        assert!(Arrangement::read(&spec("ra"), "x3c5 x 0-0").is_err());
        assert!(Arrangement::read(&spec("ra"), "x4c5 x 0-0 1 x").is_err());
    }

    proptest::proptest! {
        /// Any text: read or refused with a reason, never a panic; what
        /// reads writes back as text that reads to the same arrangement.
        #[test]
        fn any_text_reads_or_is_refused(text in "[xo0-9/ a-m_-]{0,40}|\\PC{0,40}") {
            for spec in ["loa", "forms:size=4", "attract:size=6", "ra"] {
                let spec = spec.parse::<GameSpec>().unwrap();
                if let Ok(a) = Arrangement::read(&spec, &text) {
                    proptest::prop_assert_eq!(Arrangement::read(&spec, &a.text(&spec)).ok(), Some(a));
                }
            }
        }
    }
}
