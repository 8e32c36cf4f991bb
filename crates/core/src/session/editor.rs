//! The board editor as plain Rust: an arrangement being set up (what stands
//! on each cell, who moves, RA's score fields), the tool in hand, and the
//! piece picked up to move. Every press says what it did, in words for
//! screen readers; whether the arrangement is a position is asked of the
//! rules crate ([`Arrangement::position`]), never decided here.

use rules::{AnyGame, Arrangement, CellId, GameKind, GameSpec, Piece, Player};

use crate::i18n::rules_words;
use crate::session::formats::url;
use crate::session::model::seats::colour;
use crate::t;

/// What a press on a cell does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Puts this piece there (a press on the same piece takes it away).
    Place(Piece),
    /// Empties the cell.
    Erase,
    /// Picks a piece up; the next press (or a drop) puts it down.
    Move,
}

impl Tool {
    /// The tool's code in the page (`x1` … `o3`, `erase`, `move`).
    #[must_use]
    pub fn code(self) -> String {
        match self {
            Tool::Place(p) => format!("{}{}", p.owner.letter(), p.height),
            Tool::Erase => "erase".to_owned(),
            Tool::Move => "move".to_owned(),
        }
    }

    /// The tool a code names.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Tool> {
        match code {
            "erase" => Some(Tool::Erase),
            "move" => Some(Tool::Move),
            _ => {
                let mut chars = code.chars();
                let owner = chars.next().and_then(Player::from_letter)?;
                let height = chars.next()?.to_digit(10).filter(|h| (1..=3).contains(h))?;
                chars.next().is_none().then_some(Tool::Place(Piece { owner, height: height as u8 }))
            }
        }
    }
}

/// The tools the palette offers for `spec`, with their names: each
/// player's piece (RA: stacks of 1 to 3), the eraser and the hand.
#[must_use]
pub fn tools(spec: &GameSpec) -> Vec<(Tool, String)> {
    let heights: &[u8] = if matches!(spec, GameSpec::Ra(_)) { &[1, 2, 3] } else { &[1] };
    let mut tools: Vec<(Tool, String)> = Player::ALL
        .into_iter()
        .flat_map(|owner| heights.iter().map(move |&height| Piece { owner, height }))
        .map(|p| (Tool::Place(p), piece_words(spec, p)))
        .collect();
    tools.push((Tool::Erase, t!("Empty a cell")));
    tools.push((Tool::Move, t!("Move a piece")));
    tools
}

/// A position being set up.
#[derive(Clone, Debug, PartialEq)]
pub struct Editor {
    spec: GameSpec,
    board: Arrangement,
    tool: Tool,
    picked: Option<CellId>,
}

impl Editor {
    /// The editor on `spec`, with the arrangement `from` gives (the start
    /// when none); and what could not be read of `from`, in words.
    #[must_use]
    pub fn new(spec: GameSpec, from: Option<&str>) -> (Editor, Option<String>) {
        let start = Editor::of(&spec.start());
        let Some(text) = from else { return (start, None) };
        match Arrangement::read(&spec, text) {
            Ok(board) => (Editor { board, ..start }, None),
            Err(e) => {
                let reason = rules_words::position_error(&e);
                let notice = t!("The link's position cannot be set up ({reason}); showing the start.", reason = reason);
                (start, Some(notice))
            }
        }
    }

    /// The editor on a position (*Edit this position*).
    #[must_use]
    pub fn of(game: &AnyGame) -> Editor {
        Editor {
            spec: game.spec(),
            board: Arrangement::of(game),
            tool: Tool::Place(Piece::stone(Player::Black)),
            picked: None,
        }
    }

    /// The game and its options.
    #[must_use]
    pub fn spec(&self) -> GameSpec {
        self.spec
    }

    /// The arrangement.
    #[must_use]
    pub fn board(&self) -> &Arrangement {
        &self.board
    }

    /// The tool in hand.
    #[must_use]
    pub fn tool(&self) -> Tool {
        self.tool
    }

    /// The cell whose piece is picked up to move.
    #[must_use]
    pub fn picked(&self) -> Option<CellId> {
        self.picked
    }

    /// Takes up `tool` (a piece picked up is put back).
    pub fn set_tool(&mut self, tool: Tool) {
        self.tool = tool;
        self.picked = None;
    }

    fn name(&self, cell: CellId) -> String {
        self.spec.cell_name(cell).unwrap_or_default()
    }

    fn at(&self, cell: CellId) -> Option<Piece> {
        self.board.pieces.get(cell.index()).copied().flatten()
    }

    fn put(&mut self, cell: CellId, piece: Option<Piece>) {
        if let Some(slot) = self.board.pieces.get_mut(cell.index()) {
            *slot = piece;
        }
    }

    /// A press on `cell` with the tool in hand; what it did, in words.
    pub fn press(&mut self, cell: CellId) -> String {
        let name = self.name(cell);
        match self.tool {
            Tool::Place(piece) if self.at(cell) == Some(piece) => {
                self.put(cell, None);
                t!("{cell} emptied.", cell = name)
            }
            Tool::Place(piece) => {
                self.put(cell, Some(piece));
                t!("{piece} on {cell}.", piece = piece_words(&self.spec, piece), cell = name)
            }
            Tool::Erase => {
                self.put(cell, None);
                t!("{cell} emptied.", cell = name)
            }
            Tool::Move => match self.picked.take() {
                Some(from) if from == cell => t!("{cell} put back.", cell = name),
                Some(from) => self.carry(from, Some(cell)),
                None if self.at(cell).is_some() => {
                    self.picked = Some(cell);
                    t!("{cell} picked up: press a cell to put it there.", cell = name)
                }
                None => t!("{cell} is empty: nothing to pick up.", cell = name),
            },
        }
    }

    /// The piece picked up is let go over `to`, or off the board (`None`:
    /// taken away); what it did, in words.
    pub fn drop(&mut self, to: Option<CellId>) -> String {
        match self.picked.take() {
            Some(from) if to == Some(from) => {
                // Let go where it was picked up: still in hand, as after a press.
                self.picked = Some(from);
                String::new()
            }
            Some(from) => self.carry(from, to),
            None => String::new(),
        }
    }

    fn carry(&mut self, from: CellId, to: Option<CellId>) -> String {
        let piece = self.at(from);
        self.put(from, None);
        match to {
            Some(to) => {
                self.put(to, piece);
                t!("{from} moved to {to}.", from = self.name(from), to = self.name(to))
            }
            None => t!("{cell} taken off the board.", cell = self.name(from)),
        }
    }

    /// Who moves.
    pub fn set_to_move(&mut self, player: Player) {
        self.board.to_move = player;
    }

    /// RA: a player's points.
    pub fn set_score(&mut self, player: Player, points: u16) {
        match player {
            Player::Black => self.board.score.0 = points,
            Player::White => self.board.score.1 = points,
        }
    }

    /// RA: the current match (from 1).
    pub fn set_match(&mut self, number: u16) {
        self.board.match_number = number.max(1);
    }

    /// RA: who moved first in the current match.
    pub fn set_starter(&mut self, player: Player) {
        self.board.starter = player;
    }

    /// Other rules or another game: the same arrangement where the board is
    /// the same (Forms' two rule sets, RA's targets), else the new game's start.
    pub fn set_spec(&mut self, spec: GameSpec) {
        let same_board = spec.kind() == self.spec.kind() && spec.cell_count() == self.spec.cell_count();
        let tool = self.tool;
        if same_board {
            self.spec = spec;
            self.picked = None;
        } else {
            *self = Editor::of(&spec.start());
        }
        // A stack height only RA has is no tool elsewhere.
        self.tool = match tool {
            Tool::Place(p) if p.height > 1 && !matches!(spec, GameSpec::Ra(_)) => Tool::Place(Piece::stone(p.owner)),
            other => other,
        };
    }

    /// The game's start position.
    pub fn start(&mut self) {
        self.board = Arrangement::of(&self.spec.start());
        self.picked = None;
    }

    /// An empty board (who moves and RA's fields stay).
    pub fn clear(&mut self) {
        self.board.pieces.iter_mut().for_each(|p| *p = None);
        self.picked = None;
    }

    /// Sets up the position `text` describes, if its layout reads.
    ///
    /// # Errors
    /// What is wrong with the layout, in words.
    pub fn set_text(&mut self, text: &str) -> Result<(), String> {
        let board = Arrangement::read(&self.spec, text.trim()).map_err(|e| rules_words::position_error(&e))?;
        self.board = board;
        self.picked = None;
        Ok(())
    }

    /// The arrangement as position text.
    #[must_use]
    pub fn text(&self) -> String {
        self.board.text(&self.spec)
    }

    /// The position set up, or why it is none (the rules' reason, in the
    /// player's language).
    ///
    /// # Errors
    /// The reason the rules give.
    pub fn position(&self) -> Result<AnyGame, String> {
        // "Not a position yet: …" says it is impossible already.
        self.board.position(&self.spec).map_err(|e| rules_words::why_impossible(&e))
    }

    /// A control of the editor's panel changed: `id` is the control's id,
    /// `value` its value. What it did, in words, or why the value cannot be
    /// used (position text whose layout does not read, or a rule option
    /// that does not go with the others: the arrangement stays as it was).
    ///
    /// # Errors
    /// What is wrong with typed position text or the options chosen.
    pub fn control(&mut self, id: &str, value: &str) -> Result<String, String> {
        let player = |v: &str| if v == "o" { Player::White } else { Player::Black };
        let number = value.trim().parse::<u16>().ok();
        match id {
            "editor-side-x" | "editor-side-o" => {
                let p = player(id.trim_start_matches("editor-side-"));
                self.set_to_move(p);
                return Ok(t!("{player} to move.", player = colour(p)));
            }
            "editor-score-x" | "editor-score-o" => {
                if let Some(n) = number {
                    self.set_score(player(id.trim_start_matches("editor-score-")), n);
                }
            }
            "editor-match" => {
                if let Some(n) = number {
                    self.set_match(n);
                }
            }
            "editor-starter" => self.set_starter(player(value)),
            "editor-game" => {
                if let Some(kind) = GameKind::ALL.into_iter().find(|k| k.id() == value) {
                    self.set_spec(GameSpec::default_for(kind));
                    return Ok(t!("{game}: its start position.", game = crate::i18n::text(kind.name())));
                }
            }
            "editor-position" => {
                self.set_text(value)?;
                return Ok(t!("The position typed is set up."));
            }
            _ => {
                if let Some(key) = id.strip_prefix("option-") {
                    let mut spec = self.spec;
                    if spec.set(key, value).is_ok() {
                        spec.check().map_err(|e| rules_words::option_error(&e))?;
                        self.set_spec(spec);
                    }
                }
            }
        }
        Ok(String::new())
    }

    /// The editor's link (query string) for this arrangement.
    #[must_use]
    pub fn link(&self) -> String {
        url::edit_query(&self.spec, &self.text())
    }
}

/// A piece in words: `Black stone`, `White stack of 2` (a key for each
/// colour: the colour is an adjective that agrees with its noun).
#[must_use]
pub fn piece_words(spec: &GameSpec, piece: Piece) -> String {
    // The height is a count in other languages (`of 2 stones`): a plural key.
    let height = piece.height;
    match (spec, piece.owner) {
        (GameSpec::Ra(_), Player::Black) => crate::tn!(height, "Black stack of {n}", "Black stack of {n}"),
        (GameSpec::Ra(_), Player::White) => crate::tn!(height, "White stack of {n}", "White stack of {n}"),
        (GameSpec::Loa(_), Player::Black) => t!("Black piece"),
        (GameSpec::Loa(_), Player::White) => t!("White piece"),
        (_, Player::Black) => t!("Black stone"),
        (_, Player::White) => t!("White stone"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn editor(spec: &str) -> Editor {
        Editor::of(&spec.parse::<GameSpec>().unwrap().start())
    }

    fn cell(e: &Editor, name: &str) -> CellId {
        e.spec().cell_named(name).unwrap()
    }

    #[test]
    fn a_press_places_the_piece_in_hand_and_a_second_takes_it_away() {
        let mut e = editor("attract:size=6");
        let c3 = cell(&e, "c3");
        assert_eq!(e.press(c3), "Black stone on c3.");
        assert_eq!(e.text(), "6/6/6/2x3/6/6 o");
        e.set_tool(Tool::Place(Piece::stone(Player::White)));
        assert_eq!(e.press(c3), "White stone on c3.", "another piece replaces it");
        assert_eq!(e.press(c3), "c3 emptied.");
        assert_eq!(e.text(), "6/6/6/6/6/6 o");
    }

    #[test]
    fn the_move_tool_carries_a_piece_by_presses_or_a_drag_and_off_the_board_removes_it() {
        let mut e = editor("loa");
        e.set_tool(Tool::Move);
        let (b1, d4, e4) = (cell(&e, "b1"), cell(&e, "d4"), cell(&e, "e4"));
        assert_eq!(e.press(d4), "d4 is empty: nothing to pick up.");
        assert_eq!(e.press(b1), "b1 picked up: press a cell to put it there.");
        assert_eq!(e.picked(), Some(b1));
        assert_eq!(e.press(d4), "b1 moved to d4.");
        assert_eq!(e.picked(), None);
        e.press(d4);
        assert_eq!(e.drop(Some(d4)), "", "let go where it began: still in hand");
        assert_eq!(e.drop(Some(e4)), "d4 moved to e4.");
        e.press(e4);
        assert_eq!(e.drop(None), "e4 taken off the board.");
        assert_eq!(e.text(), "1xxxxxx1/o6o/o6o/o6o/o6o/o6o/o6o/2xxxxx1 x");
        assert!(e.position().is_ok(), "11 black pieces is a position");
    }

    #[test]
    fn the_rules_judge_the_arrangement_in_their_own_words() {
        let mut e = editor("forms:size=4");
        e.clear();
        e.press(cell(&e, "a1"));
        e.press(cell(&e, "c3"));
        e.set_tool(Tool::Place(Piece::stone(Player::White)));
        e.press(cell(&e, "d4"));
        let why = e.position().unwrap_err();
        assert!(why.contains("connected"), "{why}");
        e.set_tool(Tool::Erase);
        e.press(cell(&e, "c3"));
        assert!(e.position().is_err(), "a1 and d4 are still apart");
        e.set_text("4/4/1xo1/1ox1 x").unwrap();
        assert!(e.position().is_ok());
    }

    #[test]
    fn ra_stacks_scores_and_the_match_are_set_up() {
        let mut e = editor("ra");
        e.clear();
        e.set_tool(Tool::Place(Piece { owner: Player::Black, height: 3 }));
        assert_eq!(e.press(cell(&e, "g7")), "Black stack of 3 on g7.");
        e.set_tool(Tool::Place(Piece { owner: Player::White, height: 2 }));
        e.press(cell(&e, "h8"));
        e.set_score(Player::Black, 4);
        e.set_match(2);
        e.set_to_move(Player::White);
        assert_eq!(e.text(), "x3g7/o2h8 o 4-0 2 x");
        assert!(e.position().is_ok(), "{:?}", e.position());
        e.set_score(Player::White, 9);
        assert!(e.position().unwrap_err().contains("match"), "13 points need more matches");
    }

    #[test]
    fn another_game_starts_afresh_and_other_rules_keep_the_board() {
        let mut e = editor("forms:size=6");
        e.clear();
        e.press(cell(&e, "c3"));
        e.set_spec("forms:rules=advanced,size=6".parse().unwrap());
        assert_eq!(e.text(), "6/6/6/2x3/6/6 x", "same board: kept");
        e.set_spec("forms:size=8".parse().unwrap());
        assert_eq!(e.text(), "forms:size=8".parse::<GameSpec>().unwrap().start().position_text());
        e.set_tool(Tool::Place(Piece { owner: Player::White, height: 3 }));
        e.set_spec("loa".parse().unwrap());
        assert_eq!(e.tool(), Tool::Place(Piece::stone(Player::White)), "no stacks outside RA");
    }

    #[test]
    fn tools_have_codes_that_read_back() {
        for spec in ["ra", "loa"] {
            let spec: GameSpec = spec.parse().unwrap();
            for (tool, _) in tools(&spec) {
                assert_eq!(Tool::from_code(&tool.code()), Some(tool));
            }
        }
        assert_eq!(tools(&"ra".parse().unwrap()).len(), 8);
        assert_eq!(tools(&"forms".parse().unwrap()).len(), 4);
        for bad in ["", "x", "x0", "x4", "z1", "x11", "o1 "] {
            assert_eq!(Tool::from_code(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn the_panel_s_controls_change_the_arrangement() {
        let mut e = editor("ra");
        assert_eq!(e.control("editor-side-o", "on"), Ok("White to move.".to_owned()));
        assert_eq!(e.board().to_move, Player::White);
        e.control("editor-score-x", " 5 ").unwrap();
        e.control("editor-score-o", "not a number").unwrap();
        e.control("editor-match", "0").unwrap();
        e.control("editor-starter", "o").unwrap();
        assert_eq!((e.board().score, e.board().match_number, e.board().starter), ((5, 0), 1, Player::White));
        e.control("option-first", "o").unwrap();
        assert_eq!(e.spec().to_string(), "ra:first=o");
        e.control("option-first", "nonsense").unwrap();
        assert_eq!(e.spec().to_string(), "ra:first=o", "a value the option has not: nothing changes");
        assert!(e.control("editor-position", "x3c5").is_err());
        assert_eq!(e.control("editor-game", "forms").unwrap(), "Forms: its start position.");
        assert_eq!(e.text(), "forms".parse::<GameSpec>().unwrap().start().position_text());
        assert_eq!(e.control("editor-game", "chess"), Ok(String::new()));
    }

    #[test]
    fn options_that_do_not_go_together_leave_the_arrangement_as_it_was() {
        let mut e = editor("loa:size=9");
        e.control("option-hole", "on").unwrap();
        assert_eq!(e.spec().to_string(), "loa:size=9,hole=on");
        // The hole is the centre square: an even board has none.
        let why = e.control("option-size", "8").unwrap_err();
        assert!(why.contains("odd size"), "{why}");
        assert_eq!(e.spec().to_string(), "loa:size=9,hole=on");
        // A piece on the hole is no position: said as such.
        e.clear();
        assert!(e.set_text("9/9/9/9/4x4/9/9/9/o8 x").is_err() || e.position().is_err());
    }

    #[test]
    fn links_and_text_hold_even_an_arrangement_the_rules_refuse() {
        let mut e = editor("loa");
        e.clear();
        let link = e.link();
        assert_eq!(link, "?edit&game=loa&from=8/8/8/8/8/8/8/8_x");
        let url::Route::Edit { spec, from } = url::decode(&link) else { panic!("{link}") };
        let (back, notice) = Editor::new(spec, from.as_deref());
        assert_eq!((back.text(), notice), (e.text(), None));
        assert!(back.position().is_err());
        let (start, notice) = Editor::new(spec, Some("nonsense"));
        assert_eq!(start.text(), spec.start().position_text());
        assert!(notice.is_some_and(|n| n.contains("cannot be set up")));
        assert!(e.set_text("9/8 x").is_err());
    }
}
