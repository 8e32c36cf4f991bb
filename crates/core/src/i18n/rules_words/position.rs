//! Why position text describes no position, in the player's language: each
//! [`PositionError`], its field's problem ([`FieldProblem`]) and the reason
//! a well-formed text is impossible ([`Impossible`]) a clause of its own.
//! Sentences that name a player have a key for each player, so a language
//! may write each colour as its grammar wants.

use rules::PositionError;
#[cfg(feature = "languages")]
use rules::{FieldProblem, Impossible, PieceWord, Player, quote, quote_char};

#[cfg(feature = "languages")]
use crate::{t, tn};

/// The words with which the rules begin an impossible position's reason.
#[cfg(not(feature = "languages"))]
const IMPOSSIBLE: &str = "impossible position: ";

/// Why position text could not be read, as a clause (it follows
/// "start position: "). Without other languages, the rules' own words.
#[cfg(not(feature = "languages"))]
#[must_use]
pub fn position_error(error: &PositionError) -> String {
    error.to_string()
}

/// Why position text could not be read, as a clause (it follows
/// "start position: ").
#[cfg(feature = "languages")]
#[must_use]
pub fn position_error(error: &PositionError) -> String {
    match error {
        PositionError::Empty => t!("the position text is empty"),
        PositionError::Spacing => {
            t!("position text fields are separated by single spaces, with none at the start or the end")
        }
        PositionError::RowCount { expected, found } => tn!(
            *found,
            "the board has {n} row; expected {expected}",
            "the board has {n} rows; expected {expected}",
            expected = expected
        ),
        PositionError::RowLength { row, expected, found } => tn!(
            *found,
            "row {row} has {n} cell; expected {expected}",
            "row {row} has {n} cells; expected {expected}",
            row = row,
            expected = expected
        ),
        PositionError::BadChar { ch, row } => t!(
            "row {row}: unexpected character {character} (use x, o or a number of empty cells)",
            row = row,
            character = quote_char(*ch)
        ),
        PositionError::BadRun { row } => {
            t!("row {row}: a run of empty cells must be a number from 1, without leading zeros", row = row)
        }
        PositionError::MissingSideToMove => t!("the side to move is missing (add \" x\" or \" o\" after the board)"),
        PositionError::BadSideToMove { found } => {
            t!("the side to move must be x or o, not {found}", found = quote(found))
        }
        PositionError::Field { field, problem } => field_problem(field, problem),
        PositionError::TooMany { .. } | PositionError::Invalid { .. } => {
            t!("impossible position: {reason}", reason = why_impossible(error))
        }
    }
}

/// Why position text is no position, for a sentence that says so already
/// ("Not a position yet: …"): an impossible position's reason alone, any
/// other error whole. Without other languages, the rules' own words.
#[cfg(not(feature = "languages"))]
#[must_use]
pub fn why_impossible(error: &PositionError) -> String {
    let words = error.to_string();
    words.strip_prefix(IMPOSSIBLE).map_or_else(|| words.clone(), str::to_owned)
}

/// Why position text is no position, for a sentence that says so already
/// ("Not a position yet: …"): an impossible position's reason alone, any
/// other error whole.
#[cfg(feature = "languages")]
#[must_use]
pub fn why_impossible(error: &PositionError) -> String {
    match error {
        PositionError::TooMany { player, found, most, what } => too_many(*player, *found, *most, *what),
        PositionError::Invalid { reason } => impossible(reason),
        other => position_error(other),
    }
}

/// What is wrong with the field `field` of position text.
#[cfg(feature = "languages")]
fn field_problem(field: &str, problem: &FieldProblem) -> String {
    match problem {
        FieldProblem::Extra { game, found } => t!(
            "field {field}: {game} position text ends after the side to move; found {found}",
            field = field,
            game = crate::i18n::text(game),
            found = quote(found)
        ),
        FieldProblem::FieldCount { found } => t!(
            "field {field}: RA position text has 5 fields (stacks, side, score, match, starter); found {found}",
            field = field,
            found = found
        ),
        FieldProblem::NotAPlayer { found } => {
            t!("field {field}: must be x or o, not {found}", field = field, found = quote(found))
        }
        FieldProblem::NotANumber { found, least, most } => t!(
            "field {field}: {found} is not a number from {least} to {most}, written without leading zeros",
            field = field,
            found = quote(found),
            least = least,
            most = most
        ),
        FieldProblem::ScoreShape => t!("field {field}: write it as BLACK-WHITE, like 3-1", field = field),
        FieldProblem::StackOwner { stack } => t!(
            "field {field}: {stack} should start with x or o, then the height and the cell, like x3c5",
            field = field,
            stack = quote(stack)
        ),
        FieldProblem::StackHeight { stack } => {
            t!("field {field}: {stack}: the height must be 1, 2 or 3", field = field, stack = quote(stack))
        }
        FieldProblem::StackCell { stack, cell } => t!(
            "field {field}: {stack}: {cell} is not a cell of the board",
            field = field,
            stack = quote(stack),
            cell = quote(cell)
        ),
        FieldProblem::TwoStacks { cell } => t!("field {field}: two stacks on {cell}", field = field, cell = cell),
    }
}

/// A player with more pieces than a game of these rules gives.
#[cfg(feature = "languages")]
fn too_many(player: Player, found: usize, most: usize, what: PieceWord) -> String {
    match (player, what) {
        (Player::Black, PieceWord::Pieces) => tn!(
            found,
            "black has {n} piece; a player has at most {most}",
            "black has {n} pieces; a player has at most {most}",
            most = most
        ),
        (Player::White, PieceWord::Pieces) => tn!(
            found,
            "white has {n} piece; a player has at most {most}",
            "white has {n} pieces; a player has at most {most}",
            most = most
        ),
        (Player::Black, PieceWord::Stones) => tn!(
            found,
            "black has {n} stone; a player has at most {most}",
            "black has {n} stones; a player has at most {most}",
            most = most
        ),
        (Player::White, PieceWord::Stones) => tn!(
            found,
            "white has {n} stone; a player has at most {most}",
            "white has {n} stones; a player has at most {most}",
            most = most
        ),
    }
}

/// Why well-formed position text is no position of the game.
#[cfg(feature = "languages")]
fn impossible(reason: &Impossible) -> String {
    match reason {
        Impossible::Options(conflict) => super::option_error(&rules::OptionError::Combination { reason: *conflict }),
        Impossible::StoneCounts { white, black } => tn!(
            *white,
            "white has {n} stone and black {black}; as White moves first and every move adds one stone, White has as many stones as Black or one more",
            "white has {n} stones and black {black}; as White moves first and every move adds one stone, White has as many stones as Black or one more",
            black = black
        ),
        Impossible::WrongTurn { white, black, to_move: Player::Black } => tn!(
            *black,
            "with {white} white and {n} black stone it is black's move, as White moves first",
            "with {white} white and {n} black stones it is black's move, as White moves first",
            white = white
        ),
        Impossible::WrongTurn { white, black, to_move: Player::White } => tn!(
            *black,
            "with {white} white and {n} black stone it is white's move, as White moves first",
            "with {white} white and {n} black stones it is white's move, as White moves first",
            white = white
        ),
        Impossible::MoverHasNone => t!("the player who moved last has no stones"),
        Impossible::NotConnected => {
            t!("the stones do not form one orthogonally connected group, as they do after every move")
        }
        Impossible::FullBoard => t!("a full board is only the start position, with Black to move"),
        Impossible::OnTheHole { hole } => t!("no piece can stand on the black hole ({cell})", cell = hole),
        Impossible::NoPieces => t!("each player needs at least one piece"),
        Impossible::FirstMatchStarter { first: Player::Black } => {
            t!("match 1 is started by black under these rules (option first=x)")
        }
        Impossible::FirstMatchStarter { first: Player::White } => {
            t!("match 1 is started by white under these rules (option first=o)")
        }
        Impossible::ScoreTooHigh { black, white, finished } => tn!(
            *finished,
            "a score of {black}-{white} takes more than {n} finished match (a match gives at most 6 points)",
            "a score of {black}-{white} takes more than {n} finished matches (a match gives at most 6 points)",
            black = black,
            white = white
        ),
        Impossible::NoStacks => t!("each player needs at least one stack while the game goes on"),
        Impossible::OnEnemyRa => t!("a stack stands on the enemy RA cell, so the match is over (and the game is not)"),
        Impossible::LoserNotToMove { winner: Player::Black } => {
            t!("the score says black won with the last move, so white is to move")
        }
        Impossible::LoserNotToMove { winner: Player::White } => {
            t!("the score says white won with the last move, so black is to move")
        }
        Impossible::LoserOnRa => t!("the loser's stack stands on the enemy RA cell"),
        Impossible::EndNotShown => t!(
            "the score says the game is over, but the board does not show how its last match ended (the winner's stack on the enemy RA cell, or no stack of the loser left)"
        ),
        Impossible::LastMatchPoints { winner: Player::Black, points, score } => {
            t!("black scored {points} in the last match but has only {score}", points = points, score = score)
        }
        Impossible::LastMatchPoints { winner: Player::White, points, score } => {
            t!("white scored {points} in the last match but has only {score}", points = points, score = score)
        }
        Impossible::WonBefore { winner: Player::Black } => {
            t!("black had already won before the last match, so the game would have ended then")
        }
        Impossible::WonBefore { winner: Player::White } => {
            t!("white had already won before the last match, so the game would have ended then")
        }
    }
}
