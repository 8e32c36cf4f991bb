//! The URL codec. A whole game lives in the query string of the single page:
//! `?game=<spec>&moves=<m1>,<m2>,…&ply=<n>`, plus `from=<position text>`
//! (spaces written `_`) when the game did not start from its initial
//! position. Variations go in parentheses after the move they replace
//! (`moves=b1-b3,a2-c2(h2-f2,c1xa3),e1-e3`, see [`super::tree_text`]); a
//! board showing a variation says which move with `at=<n>`, counting the
//! moves as written. `?rules=<id>` opens a game's rules page, `?games` the game
//! library; no parameters, the home page.
//!
//! Decoding never fails outright: a bad part of a URL is reported in words and
//! the best game that can be made of the rest is shown.

use std::fmt::Write as _;

use rules::{GameKind, GameSpec, MoveError, PositionError, quote};

use crate::i18n::rules_words;
use crate::session::formats::prefs::Theme;
use crate::session::formats::tree_text::{TreeError, build, link_moves, link_tokens};
use crate::session::model::challenge::Challenge;
use crate::session::model::clock::{Clock, TimeControl};
use crate::session::model::ending::Ending;
use crate::session::model::friend::Friend;
use crate::session::model::seats::{Seat, Seats, against_friend, seats_query};
use crate::session::model::shapes;
use crate::session::model::tree::{GameTree, Nav, NodeId};
use crate::{t, tn};

/// What a URL asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Route {
    /// The home page, perhaps with a message about a URL that could not be read.
    Home {
        /// Why the URL did not open a game, if it tried to.
        notice: Option<String>,
    },
    /// A game's rules page.
    Rules(GameKind),
    /// The game library (`?games`).
    Games,
    /// An embedded board (`embed=1`) whose game cannot be opened: the frame
    /// says why, and never shows the whole app inside someone else's page.
    EmbedError {
        /// Why.
        notice: String,
    },
    /// The board editor (`?edit`), on a game and perhaps a position's text
    /// (`from=`, which need not be a position the game accepts: the editor
    /// shows what is wrong with it).
    Edit {
        /// The game and its options.
        spec: GameSpec,
        /// The arrangement's position text, if the link gives one.
        from: Option<String>,
    },
    /// A game, with messages about the parts of the URL that were wrong.
    Play {
        /// The game, its moves and cursor.
        tree: GameTree,
        /// Who plays each side.
        seats: Seats,
        /// How the page is shown.
        view: Presentation,
        /// What could not be used, in words.
        notices: Vec<String>,
    },
}

impl Route {
    /// What a page shown inside another page's frame shows. Embeds are the
    /// framed surface: a game is shown as an embedded board (only the
    /// board, the moves and a link back; it saves nothing); any other page
    /// says that Ludoteca opens in its own tab. So the whole app, with its
    /// imports, settings and saved games, never runs where another page
    /// could lay its own content over it.
    #[must_use]
    pub fn framed(self) -> Route {
        match self {
            Route::Play { tree, seats, view, notices } => {
                Route::Play { tree, seats, view: Presentation { embed: true, ..view }, notices }
            }
            Route::EmbedError { notice } => Route::EmbedError { notice },
            Route::Home { .. } | Route::Rules(_) | Route::Games | Route::Edit { .. } => Route::EmbedError {
                notice: t!("Ludoteca opens in a tab of its own; inside another page it shows only embedded boards."),
            },
        }
    }
}

/// How a game page is shown: in full, or embedded in another page
/// (`embed=1`: only the board, the move navigation and a link back), whether
/// moves may be made (`interactive=0`: a viewer), and whether it may make
/// sounds where it otherwise would not (`sound=1`: in an embedded board, or a
/// browser driven by a test).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// `embed=1`.
    pub embed: bool,
    /// Not `interactive=0`.
    pub interactive: bool,
    /// `sound=1`.
    pub sound: bool,
    /// An embedded board's theme (`theme=light`, `dark` or `system`),
    /// instead of the reader's own setting.
    pub theme: Option<Theme>,
    /// An embedded board turned round (`flip=1`: White at the bottom).
    pub flip: bool,
}

impl Default for Presentation {
    fn default() -> Self {
        Presentation { embed: false, interactive: true, sound: false, theme: None, flip: false }
    }
}

impl Presentation {
    /// The URL parameters for this mode: empty for the full page.
    #[must_use]
    pub fn query(&self) -> String {
        let mut out = String::new();
        if self.embed {
            out.push_str("&embed=1");
        }
        if !self.interactive {
            out.push_str("&interactive=0");
        }
        if self.sound {
            out.push_str("&sound=1");
        }
        if let Some(theme) = self.theme {
            out.push_str("&theme=");
            out.push_str(theme.id());
        }
        if self.flip {
            out.push_str("&flip=1");
        }
        out
    }
}

/// Decodes `%XX` escapes and `+`; invalid escapes are kept as written.
#[must_use]
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok().and_then(|h| u8::from_str_radix(h, 16).ok());
                match hex {
                    Some(b) => {
                        out.push(b);
                        i += 3;
                        continue;
                    }
                    None => out.push(b'%'),
                }
            }
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The parameters of a game with a friend in its own address:
/// `&friend=<id>&me=x`, the names, the days a move may take, the time of
/// the last move and an open offer (read back by `Friend::from_query`).
pub(crate) fn friend_query(friend: &Friend) -> String {
    let mut out = format!("&friend={}&me={}", friend.id, friend.me.letter());
    write_friend_common(friend, &mut out);
    if let Some(by) = friend.offer {
        let _ = write!(out, "&offer={}", by.letter());
    }
    out
}

/// What both the game's address and a friend's link carry of a game with
/// a friend: the names, the days a move may take, the last move's time.
pub(crate) fn write_friend_common(friend: &Friend, out: &mut String) {
    for p in rules::Player::ALL {
        if !friend.names[p].is_empty() {
            let _ = write!(out, "&{}n={}", p.letter(), escape_text(&friend.names[p]));
        }
    }
    if let Some(days) = friend.days {
        let _ = write!(out, "&days={days}");
    }
    let _ = write!(out, "&since={}", friend.since);
}

/// Escapes what would break a query value; the notation's own characters
/// (`:`, `,`, `=`, `/`, `-`, and the parentheses of variations) stay readable.
fn escape(text: &str) -> String {
    escape_with(text, "_")
}

/// [`escape`] for free text (a player's name), whose spaces are `%20`:
/// an `_` it holds reads back as written.
pub(crate) fn escape_text(text: &str) -> String {
    escape_with(text, "%20")
}

fn escape_with(text: &str, space: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            'a'..='z' | 'A'..='Z' | '0'..='9' | '-' | '_' | '.' | '~' | ':' | ',' | '=' | '/' | '(' | ')' => {
                out.push(ch);
            }
            ' ' => out.push_str(space),
            _ => {
                let mut buf = [0u8; 4];
                for b in ch.encode_utf8(&mut buf).bytes() {
                    let _ = write!(out, "%{b:02X}");
                }
            }
        }
    }
    out
}

/// The query parameters, in order, decoded.
#[must_use]
pub fn params(query: &str) -> Vec<(String, String)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('=') {
            Some((k, v)) => (percent_decode(k), percent_decode(v)),
            None => (percent_decode(p), String::new()),
        })
        .collect()
}

fn get<'a>(params: &'a [(String, String)], key: &str) -> Option<&'a str> {
    params.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

/// The editor's link for an arrangement of `spec` written as `text`.
#[must_use]
pub fn edit_query(spec: &GameSpec, text: &str) -> String {
    format!("?edit&game={}&from={}", escape(&spec.to_string()), escape(text))
}

/// The query string of a game: `?game=…&moves=…&ply=…` (and `from=…`), then
/// the players when the computer plays a side (`x=ai:2`, `o=ai:5`).
#[must_use]
pub fn encode(tree: &GameTree, seats: &Seats, view: Presentation) -> String {
    let mut out = format!("?game={}", escape(&tree.start().spec().to_string()));
    if let Some(from) = tree.from_text() {
        let _ = write!(out, "&from={}", escape(from));
    }
    let (moves, numbers) = link_moves(tree);
    if !tree.is_empty() {
        let _ = write!(out, "&moves={}", escape(&moves));
        let cursor = tree.cursor();
        match tree.main_ply() {
            Some(ply) if ply == tree.main_line().len() => {}
            Some(ply) => {
                let _ = write!(out, "&ply={ply}");
            }
            None => {
                let _ = write!(out, "&at={}", numbers[cursor.index()]);
            }
        }
    }
    // Arrows and circles, by the move they are drawn on (0: the start).
    let drawn: Vec<String> = tree
        .nodes()
        .filter_map(|n| Some(format!("{}:{}", numbers.get(n.index())?, tree.shapes(n)?.replace(' ', "."))))
        .collect();
    if !drawn.is_empty() {
        let _ = write!(out, "&draw={}", escape(&drawn.join(",")));
    }
    if let Some(ending) = tree.ending() {
        let _ = write!(out, "&end={}", ending.code());
    }
    if let Some(seed) = tree.seed() {
        let _ = write!(out, "&seed={seed:016x}");
    }
    if let Some(clock) = tree.clock() {
        let _ = write!(out, "&clock={}&left={}", escape(&clock.control.code()), clock.left_code());
    }
    if let Some(challenge) = tree.challenge() {
        let _ = write!(out, "&solve={}", escape(&challenge.text()));
    }
    out.push_str(&seats_query(seats));
    // A game with a friend is the players' own: an embedded board shows it
    // as any game.
    if let Some(friend) = tree.friend().filter(|_| !view.embed) {
        out.push_str(&friend_query(friend));
    }
    out.push_str(&view.query());
    out
}

/// What to say about a link's moves that could not all be read.
fn tree_notice(error: &TreeError) -> String {
    match error {
        TreeError::Move { number, text, error } => {
            let (index, text) = (number - 1, quote(text));
            let illegal = matches!(
                error,
                MoveError::Illegal(_) | MoveError::WrittenAs { .. } | MoveError::GameOver | MoveError::BadCell { .. }
            );
            match (illegal, index) {
                (true, 0) => t!(
                    "Move {number} {move} is not legal here; showing the start of the game.",
                    number = number,
                    move = text
                ),
                (true, _) => t!(
                    "Move {number} {move} is not legal here; showing the game up to move {index}.",
                    number = number,
                    move = text,
                    index = index
                ),
                (false, 0) => t!(
                    "Move {number} {move} cannot be read ({reason}); showing the start of the game.",
                    number = number,
                    move = text,
                    reason = rules_words::move_error(error)
                ),
                (false, _) => t!(
                    "Move {number} {move} cannot be read ({reason}); showing the game up to move {index}.",
                    number = number,
                    move = text,
                    reason = rules_words::move_error(error),
                    index = index
                ),
            }
        }
        TreeError::Syntax { after, reason } => t!(
            "The link's moves cannot all be read: {reason} after move {after}; showing the moves before.",
            reason = crate::i18n::text(reason),
            after = after
        ),
    }
}

/// The game of a link: its start (`from`, or the usual one) and its moves,
/// reporting the first bad move and keeping the moves before it.
///
/// # Errors
/// Why the start position cannot be read.
fn replay(
    spec: &GameSpec,
    from: Option<&str>,
    moves: &str,
    notices: &mut Vec<String>,
) -> Result<GameTree, PositionError> {
    let start = match from {
        Some(text) => spec.position(text)?,
        None => spec.start(),
    };
    let mut tree = GameTree::new(start, from.map(str::to_owned));
    if let Some((error, ())) = build(&mut tree, link_tokens(moves).map(|t| (t, ())), ()) {
        notices.push(tree_notice(&error));
    }
    Ok(tree)
}

/// A timed game's clock (`clock=300+3&left=2974.2990`): a bad control
/// leaves the game untimed, a bad time left starts the clocks full; both
/// are said.
fn read_clock(params: &[(String, String)], tree: &mut GameTree, notices: &mut Vec<String>) {
    let Some(code) = get(params, "clock") else { return };
    match TimeControl::from_code(code) {
        Ok(control) => {
            let mut clock = Clock::new(control);
            if let Some(left) = get(params, "left")
                && let Err(e) = clock.read_left(left)
            {
                notices.push(t!("The link's clocks: {reason}; both start with their full time.", reason = e));
                clock = Clock::new(control);
            }
            tree.set_clock(Some(clock));
        }
        Err(e) => notices.push(t!("The link's clock: {reason}; the game is not timed.", reason = e)),
    }
}

/// Reads a query string.
#[must_use]
pub fn decode(query: &str) -> Route {
    let params = params(query);
    if let Some(id) = get(&params, "rules") {
        return match GameKind::ALL.into_iter().find(|k| k.id() == id) {
            Some(kind) => Route::Rules(kind),
            None => Route::Home { notice: Some(t!("There is no game called {game}.", game = quote(id))) },
        };
    }
    let edit = params.iter().any(|(k, _)| k == "edit");
    let Some(spec_text) = get(&params, "game") else {
        return if edit {
            Route::Edit { spec: GameSpec::default_for(GameKind::Loa), from: None }
        } else if params.iter().any(|(k, _)| k == "games") {
            Route::Games
        } else {
            Route::Home { notice: None }
        };
    };
    let spec: GameSpec = match spec_text.parse() {
        Ok(spec) => spec,
        Err(e) => {
            let notice = t!(
                "The link's game {game} cannot be opened: {reason}.",
                game = quote(spec_text),
                reason = rules_words::spec_error(&e)
            );
            return if get(&params, "embed") == Some("1") {
                Route::EmbedError { notice }
            } else {
                Route::Home { notice: Some(notice) }
            };
        }
    };
    let from = get(&params, "from").filter(|f| !f.is_empty()).map(|f| f.replace('_', " "));
    if edit {
        return Route::Edit { spec, from };
    }
    let mut notices = Vec::new();
    let moves = get(&params, "moves").unwrap_or_default();
    let mut tree = replay(&spec, from.as_deref(), moves, &mut notices).unwrap_or_else(|e| {
        notices.push(t!(
            "The link's start position cannot be used ({reason}); showing the usual start.",
            reason = rules_words::position_error(&e)
        ));
        // The usual start always reads.
        replay(&spec, None, moves, &mut notices).unwrap_or_else(|_| GameTree::new(spec.start(), None))
    });
    read_place(&params, &mut tree, &mut notices);
    read_drawings(&params, &mut tree, &mut notices);
    read_ending_and_seed(&params, &mut tree, &mut notices);
    read_clock(&params, &mut tree, &mut notices);
    let mut seats = read_seats(&params, &mut notices);
    match Friend::from_query(|k| get(&params, k)) {
        Some(Ok(friend)) => {
            seats = against_friend(friend.me);
            tree.set_friend(Some(friend));
        }
        Some(Err(e)) => notices.push(t!(
            "The link's game with a friend cannot be used ({reason}); it opens as a game at this screen.",
            reason = e
        )),
        None => {}
    }
    read_challenge(&params, &mut tree, &mut notices);
    let view = Presentation {
        embed: get(&params, "embed") == Some("1"),
        interactive: get(&params, "interactive") != Some("0"),
        sound: get(&params, "sound") == Some("1"),
        theme: get(&params, "theme").and_then(Theme::from_id),
        flip: get(&params, "flip") == Some("1"),
    };
    Route::Play { tree, seats, view, notices }
}
/// The move shown (`ply=12`, or `at=14` for a variation's move).
fn read_place(params: &[(String, String)], tree: &mut GameTree, notices: &mut Vec<String>) {
    if let Some(ply) = get(params, "ply") {
        let count = tree.main_line().len();
        match ply.parse::<usize>() {
            Ok(n) if n <= count => tree.navigate(Nav::To(n)),
            _ => notices.push(tn!(
                count,
                "The link's move number {number} is not in this game of {n} move; showing the last.",
                "The link's move number {number} is not in this game of {n} moves; showing the last.",
                number = quote(ply)
            )),
        }
    } else if let Some(at) = get(params, "at") {
        let (_, numbers) = link_moves(tree);
        let node = at.parse::<usize>().ok().filter(|&n| n > 0).and_then(|n| numbers.iter().position(|&m| m == n));
        match node.and_then(|i| tree.nodes().nth(i)) {
            Some(node) => tree.navigate(Nav::Node(node)),
            None => notices.push(t!(
                "The link's move {move} is not one of its moves; showing the end of the main line.",
                move = quote(at)
            )),
        }
    }
}

/// The arrows and circles drawn on moves (`draw=3:Gb1b3.Rc4`).
fn read_drawings(params: &[(String, String)], tree: &mut GameTree, notices: &mut Vec<String>) {
    if let Some(draw) = get(params, "draw") {
        let (_, numbers) = link_moves(tree);
        let spec = tree.spec();
        for entry in draw.split(',').filter(|e| !e.is_empty()) {
            let at = entry.split_once(':').and_then(|(n, text)| {
                let n = n.parse::<usize>().ok()?;
                Some((numbers.iter().position(|&m| m == n)?, text))
            });
            match at {
                Some((node, text)) => {
                    let text = shapes::tidy(&spec, &text.replace('.', " "));
                    tree.set_shapes(NodeId::from_index(node), Some(text));
                }
                None => {
                    notices.push(t!("The link's drawing {drawing} is on no move of this game.", drawing = quote(entry)))
                }
            }
        }
    }
}

/// How the game ended when its rules did not end it (`end=resign-o`), and
/// the computer's seed (`seed=…`).
fn read_ending_and_seed(params: &[(String, String)], tree: &mut GameTree, notices: &mut Vec<String>) {
    if let Some(code) = get(params, "end") {
        match Ending::from_code(code) {
            Some(ending) if tree.main_line().last().is_none_or(|&n| tree.position_of(n).outcome().is_none()) => {
                tree.set_ending(Some(ending));
            }
            Some(_) => notices.push(t!("The link's ending is left out: the game ended by its rules.")),
            None => notices.push(t!(
                "The link's ending {ending} is not one Ludoteca writes (resign-x, resign-o, draw, time-x…); the game goes on.",
                ending = quote(code)
            )),
        }
    }
    if let Some(text) = get(params, "seed") {
        match u64::from_str_radix(text, 16) {
            Ok(seed) if !text.is_empty() && text.len() <= 16 => tree.set_seed(Some(seed)),
            _ => notices.push(t!(
                "The link's seed {seed} is not a number of up to 16 hexadecimal digits; the computer plays a new game.",
                seed = quote(text)
            )),
        }
    }
}

/// Who plays each side (`x=ai:3`, `o=human`).
fn read_seats(params: &[(String, String)], notices: &mut Vec<String>) -> Seats {
    let mut seats = Seats::default();
    for player in rules::Player::ALL {
        if let Some(text) = get(params, &player.letter().to_string()) {
            match text.parse::<Seat>() {
                Ok(seat) => seats[player] = seat,
                Err(e) => notices.push(t!(
                    "The link's player for {player} is wrong: {reason}; a person plays {player}.",
                    player = crate::session::model::seats::colour(player),
                    reason = e
                )),
            }
        }
    }
    seats
}

/// A challenge's solution (`solve=…`).
fn read_challenge(params: &[(String, String)], tree: &mut GameTree, notices: &mut Vec<String>) {
    if let Some(text) = get(params, "solve") {
        match Challenge::new(tree.start(), text.split(',').filter(|m| !m.is_empty())) {
            Ok(challenge) => tree.set_challenge(Some(challenge)),
            Err(e) => notices
                .push(t!("The link's solution cannot be used ({reason}); the position opens as a game.", reason = e)),
        }
    }
}

#[cfg(test)]
mod tests;
