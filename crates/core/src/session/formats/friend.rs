//! A friend's link: a game with a distant friend travelling as a link, one
//! link per move, in the address's fragment (after `#`, which a browser
//! never sends to the site's host):
//!
//! `#friend=1&id=<id>&game=<spec>&by=<x|o>&xn=<name>&on=<name>&days=<n>&since=<s>&moves=<m1>,<m2>,…&after=<n>.<hash>&end=<ending>&offer=1`
//!
//! `by` is the side that sent it; `moves` the whole main line, or, when
//! that would make the link longer than [`MAX_LINK`], the moves after the
//! first `n` — those the receiver already has, named by their hash
//! (`after`). [`receive`] checks a link against the game the receiver
//! keeps: every move is replayed by the rules, no move once played can be
//! replaced, only the sender's moves can arrive, and an older link changes
//! nothing. Nothing here trusts the link: a refusal says what happened and
//! what to do, and the kept game is never changed by a refused link.

use std::fmt::Write as _;

use rules::{GameSpec, quote};

use crate::i18n::rules_words::{move_error, position_error, spec_error};
use crate::session::formats::url::params;
use crate::session::model::ending::Ending;
use crate::session::model::friend::{Friend, about, capital, read_common, read_player};
use crate::session::model::seats::colour;
use crate::session::model::tree::{GameTree, Nav};
use crate::t;

/// The longest link written while a shorter one can say the same (the
/// whole address, with the site's own part): longer than this, a link
/// holds only the moves the receiver does not have yet.
pub const MAX_LINK: usize = 2_000;
/// The version of the link's format.
pub const VERSION: &str = "1";
/// The most moves a link may hold.
const MAX_MOVES: usize = 2_000;

/// A friend's link, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Letter {
    /// The game, its rules and the players, as the sender keeps them
    /// (`me` is the sender's side).
    pub friend: Friend,
    /// The game and its options.
    pub spec: GameSpec,
    /// The moves, in notation: the whole main line, or those after `after`.
    pub moves: Vec<String>,
    /// How many moves the link leaves out, and the hash of those moves.
    pub after: Option<(usize, u64)>,
    /// How the game ended, if it ended otherwise than by its rules.
    pub end: Option<Ending>,
}

/// The hash naming a game's first moves: FNV-1a over the game's spec and
/// the moves' notation (not a guard against a forger, who can compute
/// it: a check that the receiver's game is the one the link continues).
#[must_use]
pub fn line_hash(spec: &GameSpec, moves: &[String]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let spec = spec.to_string();
    for part in std::iter::once(spec.as_str()).chain(moves.iter().map(String::as_str)) {
        for b in part.bytes().chain(std::iter::once(b',')) {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

/// The moves of the receiver's copy, counting from the start: those up to
/// the friend's last move (they made it, so they have it). `None` when the
/// friend has not moved yet.
fn receiver_has(tree: &GameTree, friend: &Friend) -> Option<usize> {
    let line = tree.main_line();
    line.iter()
        .rposition(|&n| tree.parent(n).is_some_and(|p| tree.position_of(p).to_move() == friend.other()))
        .map(|i| i + 1)
}

/// The fragment (without `#`) of the link this browser sends for `tree`:
/// the whole game when `whole` or when it fits in [`MAX_LINK`] beside
/// `base` (the site's address), else the moves the friend lacks.
#[must_use]
pub fn write(base: &str, tree: &GameTree, friend: &Friend, whole: bool) -> String {
    let texts = tree.main_line_texts();
    let full = fragment(tree, friend, &texts, None);
    if whole || base.len() + 1 + full.len() <= MAX_LINK {
        return full;
    }
    match receiver_has(tree, friend) {
        Some(n) if n > 0 => fragment(tree, friend, &texts[n..], Some((n, line_hash(&tree.spec(), &texts[..n])))),
        _ => full,
    }
}

fn fragment(tree: &GameTree, friend: &Friend, moves: &[String], after: Option<(usize, u64)>) -> String {
    let mut out = format!("friend={VERSION}&id={}&game={}&by={}", friend.id, tree.spec(), friend.me.letter());
    super::url::write_friend_common(friend, &mut out);
    if !moves.is_empty() {
        let _ = write!(out, "&moves={}", moves.join(","));
    }
    if let Some((n, hash)) = after {
        let _ = write!(out, "&after={n}.{hash:016x}");
    }
    if let Some(end) = tree.ending() {
        let _ = write!(out, "&end={}", end.code());
    }
    if friend.offer == Some(friend.me) {
        out.push_str("&offer=1");
    }
    out
}

/// Reads a friend's link's fragment (with or without its `#`); `None` when
/// it is not one.
///
/// # Errors
/// Why the link cannot be used, in words.
pub fn read(fragment: &str) -> Option<Result<Letter, String>> {
    let params = params(fragment.trim_start_matches('#'));
    let get = |key: &str| params.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
    let version = get("friend")?;
    Some(read_params(version, &get).map_err(|why| t!("This friend's link cannot be used: {reason}.", reason = why)))
}

fn read_params<'a>(version: &str, get: &impl Fn(&str) -> Option<&'a str>) -> Result<Letter, String> {
    if version != VERSION {
        return Err(t!(
            "it was written by another version of Ludoteca (format {format}); reload the page to update it and open the link again",
            format = quote(version)
        ));
    }
    let id = get("id").ok_or_else(|| t!("it names no game"))?;
    if !crate::library::valid_id(id) {
        return Err(t!("its game id {id} is not one Ludoteca makes", id = quote(id)));
    }
    let spec_text = get("game").ok_or_else(|| t!("it names no game"))?;
    let spec: GameSpec = spec_text
        .parse()
        .map_err(|e| t!("its game {game} is not known ({reason})", game = quote(spec_text), reason = spec_error(&e)))?;
    let by = get("by").and_then(read_player).ok_or_else(|| t!("it does not say who sent it"))?;
    let (names, days, since) = read_common(get)?;
    let moves: Vec<String> =
        get("moves").unwrap_or_default().split(',').filter(|m| !m.is_empty()).map(str::to_owned).collect();
    if moves.len() > MAX_MOVES {
        return Err(crate::tn!(
            moves.len(),
            "it holds {n} move, more than a game has",
            "it holds {n} moves, more than a game has"
        ));
    }
    let after = match get("after") {
        None => None,
        Some(text) => {
            Some(read_after(text).ok_or_else(|| t!("its start {start} is not <moves>.<hash>", start = quote(text)))?)
        }
    };
    let end = match get("end") {
        None => None,
        Some(code) => Some(
            Ending::from_code(code)
                .filter(|e| !matches!(e, Ending::TimeOut { .. }))
                .ok_or_else(|| t!("its ending {ending} is not one a friend's link carries", ending = quote(code)))?,
        ),
    };
    let offer = match get("offer") {
        None => None,
        Some("1") => Some(by),
        Some(text) => return Err(t!("its draw offer {offer} is not 1", offer = quote(text))),
    };
    let friend = Friend { id: id.to_owned(), me: by, names, days, since, offer };
    Ok(Letter { friend, spec, moves, after, end })
}

fn read_after(text: &str) -> Option<(usize, u64)> {
    let (n, hash) = text.split_once('.')?;
    let n = n.parse::<usize>().ok().filter(|&n| n <= MAX_MOVES)?;
    (hash.len() == 16).then_some(())?;
    Some((n, u64::from_str_radix(hash, 16).ok()?))
}

/// What a friend's link brought.
#[derive(Debug, PartialEq, Eq)]
pub enum Arrival {
    /// A game this browser did not have: kept from now on.
    New,
    /// Moves, an ending or a draw offer the kept game did not have.
    News,
    /// Nothing the kept game does not have (an old link opened again).
    Nothing,
}

/// A friend's link taken in: the game as it is now, and what to say.
#[derive(Debug)]
pub struct Received {
    /// The game, with the link's news (the kept game's notes stay).
    pub tree: GameTree,
    /// What the link brought.
    pub arrival: Arrival,
    /// What happened, in words, for the page and screen readers.
    pub message: String,
}

/// Takes `letter` in, against the game this browser keeps under its id
/// (`None`: none).
///
/// # Errors
/// Why the link is refused, in words that say what to do; the kept game
/// is then to stay exactly as it was.
pub fn receive(letter: &Letter, kept: Option<&GameTree>) -> Result<Received, String> {
    let sender = letter.friend.me;
    let me = sender.opponent();
    let from = letter.friend.names[sender].as_str();
    let kept_friend = kept.and_then(GameTree::friend);
    if kept.is_some() && kept_friend.is_none() {
        return Err(t!("This link names a game of your library that is not played by links; nothing changed."));
    }
    if let Some(k) = kept_friend
        && k.me == sender
    {
        return Err(t!(
            "This is a link from your side of the game ({player}): it is for your friend to open. Your game is unchanged.",
            player = colour(sender)
        ));
    }
    if let Some(tree) = kept
        && tree.spec() != letter.spec
    {
        return Err(t!(
            "This link is for a game of {game} but your game with this id is {kept}: nothing changed.",
            game = letter.spec,
            kept = tree.spec()
        ));
    }
    let kept_texts = kept.map(GameTree::main_line_texts).unwrap_or_default();
    // The whole line the link stands for.
    let mut line: Vec<String> = match letter.after {
        None => Vec::new(),
        Some((n, hash)) => {
            if kept.is_none() {
                return Err(about(
                    from,
                    || {
                        t!(
                            "This link holds only the moves after move {number} of a game this browser does not have. Ask your friend for the whole game (The whole game, beside the link on their page).",
                            number = n
                        )
                    },
                    |name| {
                        t!(
                            "This link holds only the moves after move {number} of a game this browser does not have. Ask {friend} for the whole game (The whole game, beside the link on their page).",
                            number = n,
                            friend = name
                        )
                    },
                ));
            }
            if kept_texts.len() < n || line_hash(&letter.spec, &kept_texts[..n]) != hash {
                return Err(about(
                    from,
                    || {
                        t!(
                            "This link continues the game from move {number} as your game does not have it (it was written for another copy of it). Your game is unchanged; ask your friend for the whole game.",
                            number = n
                        )
                    },
                    |name| {
                        t!(
                            "This link continues the game from move {number} as your game does not have it (it was written for another copy of it). Your game is unchanged; ask {friend} for the whole game.",
                            number = n,
                            friend = name
                        )
                    },
                ));
            }
            kept_texts[..n].to_vec()
        }
    };
    line.extend(letter.moves.iter().cloned());
    let (fresh, bad) = GameTree::replay(&letter.spec, None, line.iter().map(String::as_str))
        .map_err(|e| t!("This link's game cannot start ({reason}); nothing changed.", reason = position_error(&e)))?;
    if let Some(bad) = bad {
        let (number, text) = (bad.index + 1, quote(&bad.text));
        return Err(about(
            from,
            || {
                t!(
                    "Move {number} {move} of this link is not legal ({reason}): the link was damaged or changed. Nothing changed; ask your friend to send it again.",
                    number = number,
                    move = text,
                    reason = move_error(&bad.error)
                )
            },
            |name| {
                t!(
                    "Move {number} {move} of this link is not legal ({reason}): the link was damaged or changed. Nothing changed; ask {friend} to send it again.",
                    number = number,
                    move = text,
                    reason = move_error(&bad.error),
                    friend = name
                )
            },
        ));
    }
    // No move once played is replaced, and an older link changes nothing.
    if let Some(d) = kept_texts.iter().zip(&line).position(|(a, b)| a != b) {
        return Err(t!(
            "This link replaces move {number} ({kept} in your game, {link} in the link): a move once played cannot be taken back or changed. Your game is unchanged.",
            number = d + 1,
            kept = kept_texts[d],
            link = line[d]
        ));
    }
    if line.len() < kept_texts.len() {
        return Err(t!(
            "This is an older link: it stops at move {link}, and your game is at move {kept}. Nothing changed.",
            link = line.len(),
            kept = kept_texts.len()
        ));
    }
    // Only the sender's moves arrive by the sender's link.
    let fresh_line = fresh.main_line();
    let new_moves = &fresh_line[kept_texts.len()..];
    if let Some(&n) =
        new_moves.iter().find(|&&n| fresh.parent(n).is_some_and(|p| fresh.position_of(p).to_move() != sender))
    {
        let number = fresh.depth(n);
        return Err(about(
            from,
            || {
                t!(
                    "This link holds a move for your side (move {number}): only your friend's moves can arrive by your friend's link. Your game is unchanged.",
                    number = number
                )
            },
            |name| {
                t!(
                    "This link holds a move for your side (move {number}): only {friend}'s moves can arrive by {friend}'s link. Your game is unchanged.",
                    number = number,
                    friend = name
                )
            },
        ));
    }
    let kept_end = kept.and_then(GameTree::ending);
    if kept_end.is_some() && !new_moves.is_empty() {
        return Err(t!("This link goes on after the game ended here; nothing changed."));
    }
    let kept_offer = kept_friend.and_then(|f| f.offer);
    let end = match (letter.end, kept_end) {
        (None, kept_end) => kept_end,
        (Some(end), Some(k)) if end == k => Some(end),
        (Some(_), Some(k)) => {
            return Err(t!(
                "This link ends the game otherwise than it ended here ({reason}); nothing changed.",
                reason = k.reason()
            ));
        }
        (Some(Ending::Resigned(p)), None) if p == sender => Some(Ending::Resigned(p)),
        (Some(Ending::DrawAgreed), None) if kept_offer == Some(me) => Some(Ending::DrawAgreed),
        (Some(Ending::DrawAgreed), None) => {
            return Err(about(
                from,
                || {
                    t!(
                        "This link ends the game in a draw that you did not offer: a draw needs your agreement. Your game is unchanged; offer your friend a draw if you want one."
                    )
                },
                |name| {
                    t!(
                        "This link ends the game in a draw that you did not offer: a draw needs your agreement. Your game is unchanged; offer {friend} a draw if you want one.",
                        friend = name
                    )
                },
            ));
        }
        (Some(_), None) => {
            return Err(t!("This link says that you resigned: only you can resign your game. Your game is unchanged."));
        }
    };
    // An offer stands until the other side moves: the friend's move
    // declines this side's offer (and a link without moves changes none).
    let offer = if letter.friend.offer.is_some() {
        Some(sender)
    } else if new_moves.is_empty() {
        kept_offer
    } else {
        None
    };
    // The game as it is now: the kept tree (with its notes) and the new moves.
    let mut tree = match kept {
        Some(k) => k.clone(),
        None => GameTree::new(letter.spec.start(), None),
    };
    tree.navigate(Nav::First);
    tree.navigate(Nav::Last);
    for &n in new_moves {
        if let Some(mv) = fresh.move_of(n) {
            tree.play(mv);
        }
    }
    let mut friend = kept_friend.cloned().unwrap_or_else(|| Friend { me, ..letter.friend.clone() });
    friend.names[sender].clone_from(&letter.friend.names[sender]);
    friend.since = friend.since.max(letter.friend.since);
    let news = !new_moves.is_empty() || end != kept_end || offer != kept_offer;
    friend.offer = if end.is_some() { None } else { offer };
    tree.set_friend(Some(friend));
    tree.set_ending(end);
    let arrival = match kept {
        None => Arrival::New,
        Some(_) if news => Arrival::News,
        Some(_) => Arrival::Nothing,
    };
    let message =
        message(&tree, from, &arrival, new_moves.len(), kept_offer == Some(me) && offer.is_none() && end.is_none());
    Ok(Received { tree, arrival, message })
}

/// What a link brought, in words: `Ana played b1-b3. Your move.` (`from`:
/// the sender's name as kept, empty when they gave none). Each sentence is
/// a text of its own, the sentences joined by a space.
fn message(tree: &GameTree, from: &str, arrival: &Arrival, moves: usize, declined: bool) -> String {
    let Some(friend) = tree.friend() else { return String::new() };
    let mut out = String::new();
    let mut say = |sentence: String| {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&sentence);
    };
    match arrival {
        Arrival::New => {
            let game = crate::i18n::text(tree.spec().kind().name());
            let side = colour(friend.me);
            say(about(
                from,
                || t!("A game of {game} with your friend: you play {player}.", game = game, player = side),
                |name| {
                    t!("A game of {game} with {friend}: you play {player}.", game = game, friend = name, player = side)
                },
            ));
        }
        Arrival::Nothing => say(t!("This link holds nothing new.")),
        Arrival::News => {}
    }
    if moves > 0
        && let Some(mv) = tree.last_move()
    {
        say(about(
            from,
            || t!("Your friend played {move}.", move = mv),
            |name| t!("{friend} played {move}.", friend = capital(name), move = mv),
        ));
    }
    if declined {
        say(about(
            from,
            || t!("Your friend declined your draw offer."),
            |name| t!("{friend} declined your draw offer.", friend = capital(name)),
        ));
    }
    if let Some(end) = tree.ending() {
        say(format!("{}.", end.result_text()));
        return out;
    }
    if tree.finish().is_some() {
        say(format!("{}.", crate::view::status_text(tree.position())));
        return out;
    }
    if friend.offer == Some(friend.other()) {
        say(about(
            from,
            || t!("Your friend offers a draw."),
            |name| t!("{friend} offers a draw.", friend = capital(name)),
        ));
    }
    if tree.position().to_move() == friend.me {
        say(t!("Your move."));
    } else {
        say(about(from, || t!("Waiting for your friend."), |name| t!("Waiting for {friend}.", friend = name)));
    }
    out
}

#[cfg(test)]
mod tests;
