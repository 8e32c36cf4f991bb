//! A game with a distant friend, played by links (correspondence): which
//! game it is in both libraries (its id), which side this browser plays,
//! both players' names, the days each move may take, when the last move
//! was made, and a draw offered and not yet answered. It lives in the
//! game's tree, travels in the game's own address (`friend=…&me=x`, for a
//! reload and the library) and, as a friend's link, in the fragment of the
//! links the players send each other (`formats::friend`).

use rules::{ByPlayer, Player, quote};

use crate::library::valid_id;
use crate::t;

/// The longest name kept, in characters (a longer one is cut).
pub const MAX_NAME: usize = 24;
/// The most days a move may take.
pub const MAX_DAYS: u8 = 30;

/// A game played with a friend by links.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Friend {
    /// The game's id, the same in both players' libraries.
    pub id: String,
    /// The side this browser plays; the other side is the friend's.
    pub me: Player,
    /// The players' names, as they gave them (empty: not given).
    pub names: ByPlayer<String>,
    /// The days each move may take, if the players set a limit.
    pub days: Option<u8>,
    /// When the last move (or the game's start) was made, in seconds
    /// since 1970.
    pub since: u64,
    /// Who offered a draw that the other has not answered yet.
    pub offer: Option<Player>,
}

/// The friend in a sentence: their name, or `your friend` when they gave
/// none (see [`capital`] at a sentence's start). A sentence of its own for
/// a friend with no name reads better in a language that declines "your
/// friend": see [`about`].
#[must_use]
pub fn called(name: &str) -> String {
    if name.is_empty() { t!("your friend") } else { name.to_owned() }
}

/// A sentence about the friend called `name` (as kept: empty when they
/// gave none): `named` with their name, or `unnamed`, a sentence of its own
/// that says "your friend" (words a language may decline or inflect, where
/// a name stays as written).
pub fn about(name: &str, unnamed: impl FnOnce() -> String, named: impl FnOnce(&str) -> String) -> String {
    if name.is_empty() { unnamed() } else { named(name) }
}

/// `text` with its first letter in capitals if it is an ASCII letter, to
/// start a sentence (`your friend`; a name stays as its player wrote it,
/// and the page's code holds no Unicode case tables).
#[must_use]
pub fn capital(text: &str) -> String {
    let mut out = text.to_owned();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    out
}

/// A player's name as kept: trimmed, without control characters, at most
/// [`MAX_NAME`] characters.
#[must_use]
pub fn tidy_name(name: &str) -> String {
    name.chars().filter(|c| !c.is_control()).collect::<String>().trim().chars().take(MAX_NAME).collect()
}

impl Friend {
    /// The friend's side.
    #[must_use]
    pub const fn other(&self) -> Player {
        self.me.opponent()
    }

    /// A player's name for the page: the name given, or `You` for this
    /// browser's side and `Your friend` for the other.
    #[must_use]
    pub fn name(&self, player: Player) -> String {
        match self.names[player].as_str() {
            "" if player == self.me => t!("You"),
            "" => t!("Your friend"),
            name => name.to_owned(),
        }
    }

    /// When the side to move must have moved (seconds since 1970), if the
    /// players set a limit.
    #[must_use]
    pub fn due(&self) -> Option<u64> {
        self.days.map(|d| self.since + u64::from(d) * 86_400)
    }

    /// Reads the game's address's parameters (`get` finds one by name);
    /// `None` when it names no friend's game.
    ///
    /// # Errors
    /// A message naming the part that is wrong.
    pub fn from_query<'a>(get: impl Fn(&str) -> Option<&'a str>) -> Option<Result<Friend, String>> {
        let id = get("friend")?;
        Some(Friend::read(id, get("me"), &get, get("offer")))
    }

    fn read<'a>(
        id: &str,
        me: Option<&str>,
        get: &impl Fn(&str) -> Option<&'a str>,
        offer: Option<&str>,
    ) -> Result<Friend, String> {
        if !valid_id(id) {
            return Err(t!("the game's id {id} is not one Ludoteca makes", id = quote(id)));
        }
        let me = read_player(me.unwrap_or_default()).ok_or_else(|| t!("it does not say which side you play"))?;
        let (names, days, since) = read_common(get)?;
        let offer = match offer {
            None => None,
            Some(text) => {
                Some(read_player(text).ok_or_else(|| t!("its draw offer {offer} is wrong", offer = quote(text)))?)
            }
        };
        Ok(Friend { id: id.to_owned(), me, names, days, since, offer })
    }
}

/// Reads `x` or `o`.
#[must_use]
pub fn read_player(text: &str) -> Option<Player> {
    let mut chars = text.chars();
    let player = Player::from_letter(chars.next()?)?;
    chars.next().is_none().then_some(player)
}

/// The names, days and time both the address and a friend's link carry.
pub(crate) fn read_common<'a>(
    get: &impl Fn(&str) -> Option<&'a str>,
) -> Result<(ByPlayer<String>, Option<u8>, u64), String> {
    let names = ByPlayer::new_with(|p| get(&format!("{}n", p.letter())).map(tidy_name).unwrap_or_default());
    let days = match get("days") {
        None => None,
        Some(text) => match text.parse::<u8>() {
            Ok(d) if (1..=MAX_DAYS).contains(&d) => Some(d),
            _ => {
                return Err(t!(
                    "its days per move {days} are not a number from 1 to {max}",
                    days = quote(text),
                    max = MAX_DAYS
                ));
            }
        },
    };
    let since = match get("since") {
        None => 0,
        Some(text) => text.parse::<u64>().map_err(|_| t!("its time {time} is not a number", time = quote(text)))?,
    };
    Ok((names, days, since))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::formats::url::{friend_query, params};

    fn read_back(query: &str) -> Option<Result<Friend, String>> {
        let params = params(query);
        Friend::from_query(|k| params.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str()))
    }

    #[test]
    fn the_address_reads_back() {
        let friend = Friend {
            id: "0123456789abcdef".to_owned(),
            me: Player::White,
            names: ByPlayer { black: "Ana María".to_owned(), white: "Ben & Co <b>".to_owned() },
            days: Some(3),
            since: 1_796_000_000,
            offer: None,
        };
        let query = friend_query(&friend);
        assert!(
            query.starts_with("&friend=0123456789abcdef&me=o&xn=Ana%20Mar%C3%ADa&on=Ben%20%26%20Co%20%3Cb%3E"),
            "{query}"
        );
        assert_eq!(read_back(&query).unwrap().unwrap(), friend);
        let mut offered = friend.clone();
        offered.offer = Some(Player::Black);
        assert!(friend_query(&offered).ends_with("&offer=x"));
        assert_eq!(read_back(&friend_query(&offered)).unwrap().unwrap(), offered);
    }

    #[test]
    fn bad_parts_are_named() {
        assert!(read_back("&me=x").is_none());
        let bad = |q: &str| read_back(q).unwrap().unwrap_err();
        assert!(bad("&friend=a%20b&me=x").contains("id"));
        assert!(bad("&friend=abc&me=z").contains("which side"));
        assert!(bad("&friend=abc&me=x&days=0").contains("days"));
        assert!(bad("&friend=abc&me=x&days=99").contains("days"));
        assert!(bad("&friend=abc&me=x&since=-4").contains("time"));
        assert!(bad("&friend=abc&me=x&offer=xo").contains("offer"));
    }

    #[test]
    fn names_are_tidied_and_fall_back() {
        assert_eq!(tidy_name("  Ana\u{7}  "), "Ana");
        assert_eq!(tidy_name(&"é".repeat(40)).chars().count(), MAX_NAME);
        let friend = Friend {
            id: "a".to_owned(),
            me: Player::Black,
            names: ByPlayer::default(),
            days: Some(2),
            since: 100,
            offer: None,
        };
        assert_eq!(friend.name(Player::Black), "You");
        assert_eq!(friend.name(Player::White), "Your friend");
        assert_eq!(friend.due(), Some(100 + 2 * 86_400));
    }
}
